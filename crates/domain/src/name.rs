use crate::ParseError;

/// Whether `c` may not appear in a name: control characters (NUL, line
/// breaks, escapes) and the invisible marks that change the direction text
/// is shown in (embeddings, overrides, isolates, and the LRM/RLM/ALM marks).
pub fn unsafe_in_name(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{200E}' | '\u{200F}' | '\u{061C}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}'
        )
}

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
        if value.chars().any(unsafe_in_name) {
            return Err(ParseError::new(
                "invalid_name",
                crate::error::messages::NAME_CHARACTERS,
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
        for bad in [
            "Ada\u{202E}gpj.exe",
            "Ada\u{2067}x",
            "Ada\u{1b}[31m",
            "Ada\u{200F}",
        ] {
            assert_eq!(
                PersonName::parse(bad).unwrap_err().code,
                "invalid_name",
                "{bad:?}"
            );
        }
        assert!(PersonName::parse("محمد علي").is_ok());
        assert!(PersonName::parse("José Ñúñez").is_ok());
    }
}
