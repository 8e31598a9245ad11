use axum::body::Bytes;
use axum::extract::{FromRequest, Request};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use serde::de::DeserializeOwned;

use super::{ApiError, FieldError};

/// The JSON body extractor of every handler. Unlike `axum::Json`, each way a
/// body can be wrong becomes an [`ApiError`]: a missing or wrong content type
/// is 415, unparsable JSON 400 `invalid_json`, a body over the limit 413, and
/// JSON of the wrong shape 422 naming the offending field.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T, S> FromRequest<S> for Json<T>
where
    T: DeserializeOwned,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(req: Request, state: &S) -> Result<Self, Self::Rejection> {
        if !is_json(&req) {
            return Err(ApiError::from_status(StatusCode::UNSUPPORTED_MEDIA_TYPE));
        }
        let bytes = Bytes::from_request(req, state)
            .await
            .map_err(|rejection| ApiError::from_status(rejection.status()))?;
        parse(&bytes).map(Json)
    }
}

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        axum::Json(self.0).into_response()
    }
}

fn is_json(req: &Request) -> bool {
    let Some(content_type) = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let essence = content_type
        .split(';')
        .next()
        .unwrap_or_default()
        .trim()
        .to_ascii_lowercase();
    essence == "application/json"
        || (essence.starts_with("application/") && essence.ends_with("+json"))
}

pub(crate) fn parse<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    // Every body of the API is an object; serde would also read a struct
    // from an array (`[null, null]`) by position.
    if bytes.iter().find(|b| !b.is_ascii_whitespace()) == Some(&b'[') {
        return Err(ApiError::new(
            StatusCode::UNPROCESSABLE_ENTITY,
            "validation_failed",
            "The body must be a JSON object".to_owned(),
        )
        .with_errors(vec![FieldError {
            field: String::new(),
            message: "The body must be a JSON object".to_owned(),
        }]));
    }
    let mut de = serde_json::Deserializer::from_slice(bytes);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|err| {
        let inner = err.inner();
        if inner.is_syntax() || inner.is_eof() || inner.is_io() {
            return ApiError::bad_request(
                "invalid_json",
                format!("The body is not valid JSON: {inner}"),
            );
        }
        let message = strip_position(&inner.to_string());
        let path = err.path().to_string();
        let field = if path == "." {
            // serde reports a missing field at the parent: take its name from the message.
            missing_field_name(&message).unwrap_or_default()
        } else {
            path
        };
        if field.is_empty() {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                message.clone(),
            )
            .with_errors(vec![FieldError {
                field: String::new(),
                message,
            }])
        } else {
            ApiError::invalid_field(field, message)
        }
    })?;
    de.end().map_err(|e| {
        ApiError::bad_request("invalid_json", format!("The body is not valid JSON: {e}"))
    })?;
    Ok(value)
}

fn strip_position(message: &str) -> String {
    match message.rfind(" at line ") {
        Some(i) => message[..i].to_owned(),
        None => message.to_owned(),
    }
}

fn missing_field_name(message: &str) -> Option<String> {
    let rest = message.strip_prefix("missing field `")?;
    Some(rest.split('`').next()?.to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, serde::Deserialize, serde::Serialize)]
    #[allow(dead_code)]
    struct Sample {
        email: String,
        age: u8,
        nested: Option<Nested>,
    }

    #[derive(Debug, serde::Deserialize, serde::Serialize)]
    #[allow(dead_code)]
    struct Nested {
        count: u32,
    }

    #[test]
    fn syntax_errors_are_400() {
        let err = parse::<Sample>(b"{\"email\": ").unwrap_err();
        assert_eq!(err.status(), StatusCode::BAD_REQUEST);
        assert_eq!(err.code(), "invalid_json");
    }

    #[test]
    fn missing_fields_are_named() {
        let err = parse::<Sample>(br#"{"age": 3}"#).unwrap_err();
        assert_eq!(err.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(
            err.to_string(),
            "422 validation_failed: email: missing field `email`"
        );
    }

    #[test]
    fn wrong_types_name_the_nested_path() {
        let err =
            parse::<Sample>(br#"{"email": "a", "age": 3, "nested": {"count": "x"}}"#).unwrap_err();
        assert!(
            err.to_string().contains("nested.count: invalid type"),
            "{err}"
        );
    }

    #[test]
    fn trailing_garbage_is_rejected() {
        assert!(parse::<Sample>(br#"{"email": "a", "age": 3} x"#).is_err());
    }
}
