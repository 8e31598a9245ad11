//! Phone numbers as Twilio wants them: E.164, a `+`, the country code and
//! the subscriber number, nothing else (`+14155552671`).
//!
//! People type numbers with spaces, dashes, dots and parentheses; those are
//! dropped. A number without its country code is refused rather than
//! guessed at, since the same digits ring different phones in different
//! countries. Validation uses libphonenumber's metadata (through the
//! `phonenumber` crate), so a number of the wrong length for its country or
//! in an unassigned range is refused before Twilio is asked to ring it.

use phonenumber::Mode;

/// The longest input looked at, in characters: the longest E.164 number is
/// 16 characters, and this leaves room for the separators people type.
/// Anything longer is refused before it reaches the parser.
pub const INPUT_MAX: usize = 32;

/// Why a text is not a phone number Twilio can ring or text.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// Nothing was given.
    #[error("The phone number is empty")]
    Empty,
    /// More characters than any phone number needs.
    #[error("The phone number is too long: at most {INPUT_MAX} characters")]
    TooLong,
    /// No leading `+`, so the country is unknown.
    #[error("The phone number must start with + and the country code, for example +14155552671")]
    NoCountryCode,
    /// A letter or symbol that is not part of a written phone number.
    #[error(
        "The phone number may contain only digits after the +, with spaces, dashes, dots or parentheses between them; '{0}' is not allowed"
    )]
    BadCharacter(char),
    /// It has the right shape but no phone can have this number.
    #[error("'{0}' is not a valid phone number")]
    Invalid(String),
}

/// Reads a phone number written in international form and returns it in
/// E.164 (`"+44 20 7183 8750"` gives `"+442071838750"`).
pub fn parse_e164(input: &str) -> Result<String, PhoneError> {
    let input = input.trim();
    if input.is_empty() {
        return Err(PhoneError::Empty);
    }
    // Counted before anything else so the parser never sees a long input.
    if input.chars().count() > INPUT_MAX {
        return Err(PhoneError::TooLong);
    }
    let Some(rest) = input.strip_prefix('+') else {
        return Err(PhoneError::NoCountryCode);
    };
    // The parser would also take letters (vanity numbers), extensions and
    // `tel:` URIs; none of those can be dialled as given, so only digits
    // and the usual separators pass.
    if let Some(bad) = rest
        .chars()
        .find(|c| !(c.is_ascii_digit() || matches!(c, ' ' | '-' | '.' | '(' | ')')))
    {
        return Err(PhoneError::BadCharacter(bad));
    }
    let invalid = || PhoneError::Invalid(input.to_owned());
    let number = phonenumber::parse(None, input).map_err(|_| invalid())?;
    if !phonenumber::is_valid(&number) {
        return Err(invalid());
    }
    Ok(number.format().mode(Mode::E164).to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_in_e164_come_back_unchanged() {
        for number in [
            "+14155552671",
            "+14152370800",
            "+442071838750",
            "+4915123456789",
        ] {
            assert_eq!(parse_e164(number).as_deref(), Ok(number));
        }
    }

    #[test]
    fn separators_and_surrounding_space_are_dropped() {
        assert_eq!(
            parse_e164("  +1 (415) 237-0800 ").as_deref(),
            Ok("+14152370800")
        );
        assert_eq!(
            parse_e164("+44 20 7183 8750").as_deref(),
            Ok("+442071838750")
        );
        assert_eq!(
            parse_e164("+49.151.2345.6789").as_deref(),
            Ok("+4915123456789")
        );
    }

    #[test]
    fn a_number_without_country_code_is_refused() {
        assert_eq!(parse_e164("4152370800"), Err(PhoneError::NoCountryCode));
        assert_eq!(parse_e164("(415) 237-0800"), Err(PhoneError::NoCountryCode));
        assert_eq!(
            parse_e164("0044 20 7183 8750"),
            Err(PhoneError::NoCountryCode)
        );
        assert!(
            PhoneError::NoCountryCode
                .to_string()
                .contains("must start with + and the country code")
        );
    }

    #[test]
    fn empty_and_overlong_inputs_are_refused_before_parsing() {
        assert_eq!(parse_e164(""), Err(PhoneError::Empty));
        assert_eq!(parse_e164("   "), Err(PhoneError::Empty));
        let long = format!("+1{}", "0".repeat(INPUT_MAX));
        assert_eq!(parse_e164(&long), Err(PhoneError::TooLong));
    }

    #[test]
    fn letters_extensions_and_uris_are_refused() {
        assert_eq!(
            parse_e164("+1 800 FLOWERS"),
            Err(PhoneError::BadCharacter('F'))
        );
        assert_eq!(
            parse_e164("+14152370800 ext 12"),
            Err(PhoneError::BadCharacter('e'))
        );
        assert_eq!(parse_e164("+1;415"), Err(PhoneError::BadCharacter(';')));
        assert_eq!(
            parse_e164("tel:+14152370800"),
            Err(PhoneError::NoCountryCode)
        );
    }

    #[test]
    fn numbers_no_phone_can_have_are_refused() {
        for number in ["+1555", "+1 555 123", "+44 20 7183 87", "+999 1234567", "+"] {
            assert_eq!(
                parse_e164(number),
                Err(PhoneError::Invalid(number.to_owned())),
                "{number}"
            );
        }
        assert_eq!(
            PhoneError::Invalid("+1555".into()).to_string(),
            "'+1555' is not a valid phone number"
        );
    }
}
