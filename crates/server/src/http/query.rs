//! The query-string extractor of every handler: like `axum::extract::Query`,
//! but a query of the wrong shape (a page that is not a number, an unknown
//! enumerated value) is 422 naming the parameter, as bodies are.

use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use serde::de::DeserializeOwned;

use super::ApiError;

#[derive(Debug, Clone, Copy, Default)]
pub struct Query<T>(pub T);

impl<T, S> FromRequestParts<S> for Query<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        parse(parts.uri.query().unwrap_or_default()).map(Query)
    }
}

pub(crate) fn parse<T: DeserializeOwned>(query: &str) -> Result<T, ApiError> {
    let de = serde_urlencoded::Deserializer::new(form_urlencoded::parse(query.as_bytes()));
    serde_path_to_error::deserialize(de).map_err(|err| {
        let field = err.path().to_string();
        let message = err.inner().to_string();
        let field = if field == "." {
            message
                .strip_prefix("missing field `")
                .and_then(|rest| rest.split('`').next())
                .unwrap_or_default()
                .to_owned()
        } else {
            field
        };
        ApiError::invalid_field(field, message)
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, serde::Serialize)]
    #[allow(dead_code)]
    struct Paging {
        page: Option<u64>,
        status: Option<agentforge_domain::agent::AgentStatus>,
    }

    #[test]
    fn bad_values_are_422_naming_the_parameter() {
        let err = parse::<Paging>("page=abc").unwrap_err();
        assert_eq!(err.status(), axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(err.to_string().contains("page"), "{err}");
        let err = parse::<Paging>("status=sleeping").unwrap_err();
        assert!(err.to_string().contains("Invalid enum value"), "{err}");
        assert!(parse::<Paging>("page=2&status=active").is_ok());
        assert!(parse::<Paging>("page=99999999999999999999999").is_err());
    }
}
