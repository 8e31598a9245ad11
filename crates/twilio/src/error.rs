//! Why a request to Twilio's REST API failed, in words a person can act on,
//! each with a stable code.

/// What went wrong talking to Twilio.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TwilioError {
    /// Twilio refused the request and said why (its error JSON).
    #[error(
        "Twilio refused the request (HTTP {status}{}): {message}{}",
        code_text(*.code),
        more_info_text(.more_info.as_deref())
    )]
    Api {
        /// The HTTP status.
        status: u16,
        /// Twilio's error code (`21211`), documented at `more_info`.
        code: Option<i64>,
        message: String,
        more_info: Option<String>,
    },
    /// The account SID and auth token were refused (HTTP 401).
    #[error("Twilio refused the account SID and auth token (HTTP 401): check both")]
    Unauthorized,
    /// Twilio could not be reached, or the answer broke off. Never names the
    /// URL, which carries the account SID.
    #[error("Cannot reach Twilio: {0}")]
    Transport(String),
    /// The answer was not the JSON expected.
    #[error("Twilio's answer could not be read: {0}")]
    Decode(String),
    /// The answer was larger than any real one; it was not read to the end.
    #[error("Twilio's answer was larger than {} KiB; stopped reading", .limit / 1024)]
    TooLarge { limit: usize },
    /// A SID given to the client cannot be one Twilio issued, so it is not
    /// put in a URL.
    #[error("The {0} is not a Twilio SID (letters and digits, such as CA0123…)")]
    InvalidSid(&'static str),
}

impl TwilioError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            TwilioError::Api { .. } => "twilio_refused",
            TwilioError::Unauthorized => "twilio_unauthorized",
            TwilioError::Transport(_) => "twilio_unreachable",
            TwilioError::Decode(_) => "twilio_unreadable_answer",
            TwilioError::TooLarge { .. } => "twilio_answer_too_large",
            TwilioError::InvalidSid(_) => "twilio_invalid_sid",
        }
    }
}

fn code_text(code: Option<i64>) -> String {
    code.map(|code| format!(", error {code}"))
        .unwrap_or_default()
}

fn more_info_text(more_info: Option<&str>) -> String {
    more_info
        .map(|url| format!(" (see {url})"))
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_api_error_reads_as_a_sentence() {
        let error = TwilioError::Api {
            status: 400,
            code: Some(21211),
            message: "The 'To' number +15005550001 is not a valid phone number.".into(),
            more_info: Some("https://www.twilio.com/docs/errors/21211".into()),
        };
        assert_eq!(
            error.to_string(),
            "Twilio refused the request (HTTP 400, error 21211): The 'To' number +15005550001 is not a valid phone number. (see https://www.twilio.com/docs/errors/21211)"
        );
        let bare = TwilioError::Api {
            status: 502,
            code: None,
            message: "Bad Gateway".into(),
            more_info: None,
        };
        assert_eq!(
            bare.to_string(),
            "Twilio refused the request (HTTP 502): Bad Gateway"
        );
        assert_eq!(
            TwilioError::TooLarge { limit: 1 << 20 }.to_string(),
            "Twilio's answer was larger than 1024 KiB; stopped reading"
        );
    }
}
