use std::fmt;

use crate::ParseError;

/// A password of acceptable length, as typed. Its `Debug` never shows it.
#[derive(Clone, PartialEq, Eq)]
pub struct Password(String);

impl Password {
    pub const MIN_CHARS: usize = 8;
    pub const MAX_CHARS: usize = 128;

    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let chars = input.chars().count();
        if chars == 0 {
            return Err(ParseError::new("required", "Required"));
        }
        if chars < Self::MIN_CHARS {
            return Err(ParseError::new(
                "too_short",
                format!(
                    "String must contain at least {} character(s)",
                    Self::MIN_CHARS
                ),
            ));
        }
        if chars > Self::MAX_CHARS {
            return Err(ParseError::new(
                "too_long",
                format!(
                    "String must contain at most {} character(s)",
                    Self::MAX_CHARS
                ),
            ));
        }
        Ok(Self(input.to_owned()))
    }

    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Password {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Password(**redacted**)")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enforces_length_in_characters() {
        assert_eq!(
            Password::parse("short").unwrap_err().message,
            "String must contain at least 8 character(s)"
        );
        assert!(Password::parse("ééééééééé").is_ok());
        assert!(Password::parse(&"x".repeat(129)).is_err());
        assert!(Password::parse(&"x".repeat(128)).is_ok());
    }

    #[test]
    fn debug_output_hides_the_password() {
        let p = Password::parse("correct horse battery").unwrap();
        assert!(!format!("{p:?}").contains("horse"));
    }
}
