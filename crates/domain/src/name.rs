use crate::ParseError;

/// A person's first or last name: trimmed, at most 100 characters, no
/// control characters. May be empty where the caller allows it.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct PersonName(String);

impl PersonName {
    pub const MAX_CHARS: usize = 100;

    /// Parses a name that must not be empty.
    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let name = Self::parse_optional(input)?;
        if name.0.is_empty() {
            return Err(ParseError::new("required", "Required"));
        }
        Ok(name)
    }

    /// Parses a name that may be empty (a last name).
    pub fn parse_optional(input: &str) -> Result<Self, ParseError> {
        let value = input.split_whitespace().collect::<Vec<_>>().join(" ");
        if value.chars().count() > Self::MAX_CHARS {
            return Err(ParseError::new(
                "too_long",
                format!(
                    "String must contain at most {} character(s)",
                    Self::MAX_CHARS
                ),
            ));
        }
        if value.chars().any(char::is_control) {
            return Err(ParseError::new(
                "invalid_name",
                "Names cannot contain control characters",
            ));
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }

    pub fn into_string(self) -> String {
        self.0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folds_white_space_and_enforces_limits() {
        assert_eq!(
            PersonName::parse("  Ada   Lovelace ").unwrap().as_str(),
            "Ada Lovelace"
        );
        assert_eq!(PersonName::parse("   ").unwrap_err().code, "required");
        assert!(PersonName::parse_optional("").unwrap().as_str().is_empty());
        assert!(PersonName::parse(&"a".repeat(101)).is_err());
    }
}
