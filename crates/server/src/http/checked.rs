//! A body field read leniently and checked with the others, so that every
//! bad field of a body is reported at once (serde alone stops at the first).

use std::borrow::Cow;

use agentforge_domain::error::Problems;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Deserializer};

/// The value as sent: its type's, or why it is not one.
#[derive(Debug, Clone, PartialEq)]
pub enum Checked<T> {
    Valid(T),
    Invalid(String),
}

impl<T> Checked<T> {
    /// The value, or `None` with its problem recorded under `field`.
    pub fn check(self, problems: &mut Problems, field: &str) -> Option<T> {
        match self {
            Checked::Valid(value) => Some(value),
            Checked::Invalid(message) => {
                problems.add(field, message);
                None
            }
        }
    }
}

impl<'de, T: DeserializeOwned> Deserialize<'de> for Checked<T> {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let value = serde_json::Value::deserialize(deserializer)?;
        Ok(match T::deserialize(value) {
            Ok(valid) => Checked::Valid(valid),
            Err(e) => Checked::Invalid(e.to_string()),
        })
    }
}

/// A valid value is sent as itself (an invalid one, which only a test would
/// hold, as null).
impl<T: serde::Serialize> serde::Serialize for Checked<T> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Checked::Valid(value) => value.serialize(serializer),
            Checked::Invalid(_) => serializer.serialize_none(),
        }
    }
}

// utoipa asks generic types for this (a hidden, version-pinned API): the
// schema is the value's own.
impl<T: utoipa::PartialSchema> utoipa::__dev::ComposeSchema for Checked<T> {
    fn compose(
        _generics: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        T::schema()
    }
}

impl<T: utoipa::ToSchema> utoipa::ToSchema for Checked<T> {
    fn name() -> Cow<'static, str> {
        T::name()
    }
}

#[cfg(test)]
mod tests {
    use agentforge_domain::agent::AgentStatus;

    use super::*;

    #[test]
    fn bad_values_wait_to_be_reported_together() {
        let good: Checked<AgentStatus> = serde_json::from_str("\"paused\"").unwrap();
        let bad: Checked<AgentStatus> = serde_json::from_str("\"sleeping\"").unwrap();
        let mut problems = Problems::default();
        assert_eq!(
            good.check(&mut problems, "status"),
            Some(AgentStatus::Paused)
        );
        assert_eq!(bad.check(&mut problems, "status"), None);
        assert!(problems.finish().is_err());
    }
}
