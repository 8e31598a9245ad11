use std::fmt;

use crate::ParseError;

/// An email address: trimmed, lower-cased, with one `@`, a non-empty local
/// part and a dotted domain. Comparison is therefore case-insensitive.
#[derive(Debug, Clone, PartialEq, Eq, Hash, serde::Serialize)]
#[serde(transparent)]
pub struct Email(String);

impl Email {
    /// The longest address SMTP can carry (RFC 5321: 254 octets).
    pub const MAX_LEN: usize = 254;

    pub fn parse(input: &str) -> Result<Self, ParseError> {
        let value = input.trim().to_lowercase();
        let invalid = || ParseError::new("invalid_email", "Invalid email");
        if value.is_empty() {
            return Err(ParseError::new("required", "Required"));
        }
        if value.len() > Self::MAX_LEN || value.chars().any(|c| c.is_whitespace() || c.is_control())
        {
            return Err(invalid());
        }
        let (local, domain) = value.split_once('@').ok_or_else(invalid)?;
        let domain_ok = !domain.contains('@')
            && domain.contains('.')
            && domain.split('.').all(|label| {
                !label.is_empty()
                    && !label.starts_with('-')
                    && !label.ends_with('-')
                    && label.chars().all(|c| c.is_alphanumeric() || c == '-')
            });
        if local.is_empty() || local.len() > 64 || !domain_ok {
            return Err(invalid());
        }
        Ok(Self(value))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for Email {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lower_cases_and_trims() {
        assert_eq!(
            Email::parse("  Ada@Example.COM ").unwrap().as_str(),
            "ada@example.com"
        );
    }

    #[test]
    fn rejects_malformed_addresses() {
        for bad in [
            "",
            "ada",
            "ada@",
            "@example.com",
            "ada@example",
            "a b@example.com",
            "ada@@example.com",
            "ada@-x.com",
            "ada@x..com",
        ] {
            assert!(Email::parse(bad).is_err(), "{bad:?} should be rejected");
        }
    }

    #[test]
    fn empty_input_is_reported_as_required() {
        assert_eq!(Email::parse("  ").unwrap_err().code, "required");
    }
}
