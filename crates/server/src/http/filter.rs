//! `?status=all`-style filters: an enumerated value, or `all` (or nothing)
//! for no filter, as the specification's lists take them.

use std::borrow::Cow;

use agentforge_domain::WireEnum;
use serde::{Deserialize, Deserializer};

/// A query filter on an enumerated field.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Filter<T> {
    /// `all`, empty or absent: no filter.
    #[default]
    All,
    Only(T),
}

impl<T: Copy> Filter<T> {
    /// The value to filter on, if any.
    pub fn value(self) -> Option<T> {
        match self {
            Filter::All => None,
            Filter::Only(value) => Some(value),
        }
    }
}

impl<'de, T: WireEnum> Deserialize<'de> for Filter<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let text = Cow::<'de, str>::deserialize(deserializer)?;
        match text.as_ref() {
            "" | "all" => Ok(Filter::All),
            other => T::parse(other)
                .map(Filter::Only)
                .map_err(|e| serde::de::Error::custom(e.message)),
        }
    }
}

impl<T: WireEnum> serde::Serialize for Filter<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Filter::All => serializer.serialize_str("all"),
            Filter::Only(value) => serializer.serialize_str(value.as_str()),
        }
    }
}

// utoipa asks generic types for this (a hidden, version-pinned API); it
// gives them `PartialSchema` in turn.
impl<T: WireEnum> utoipa::__dev::ComposeSchema for Filter<T> {
    fn compose(
        _generics: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        let values = ["all", ""].into_iter().chain(T::NAMES.iter().copied());
        utoipa::openapi::schema::ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::Type::String)
            .enum_values(Some(values))
            .description(Some(format!(
                "A {} to filter on, or `all` (or nothing) for no filter.",
                T::NAME
            )))
            .into()
    }
}

impl<T: WireEnum> utoipa::ToSchema for Filter<T> {
    fn name() -> Cow<'static, str> {
        Cow::Owned(format!("{}Filter", T::NAME))
    }
}

#[cfg(test)]
mod tests {
    use agentforge_domain::agent::AgentStatus;

    use super::*;

    #[test]
    fn all_and_nothing_mean_no_filter() {
        let parse = |s: &str| serde_json::from_value::<Filter<AgentStatus>>(serde_json::json!(s));
        assert_eq!(parse("all").unwrap(), Filter::All);
        assert_eq!(parse("").unwrap(), Filter::All);
        assert_eq!(parse("paused").unwrap(), Filter::Only(AgentStatus::Paused));
        let err = parse("sleeping").unwrap_err().to_string();
        assert!(err.contains("Invalid enum value"), "{err}");
    }
}
