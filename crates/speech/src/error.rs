//! What a speech service's failure means to the caller. The three codes of
//! the specification (`QUOTA_EXCEEDED`, `INVALID_API_KEY`,
//! `INSUFFICIENT_CREDITS`) tell the browser to speak with its own voice
//! instead; a 429 of any kind is never retried.

use std::time::Duration;

/// Why speech (or a transcription) did not happen.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SpeechError {
    /// The account's character quota is used up (429 `quota_exceeded`).
    #[error("{service} quota exceeded: {detail}")]
    QuotaExceeded {
        service: &'static str,
        detail: String,
    },
    /// The key is unknown or revoked (401 `invalid_api_key`).
    #[error("{service} refused the API key: {detail}")]
    InvalidApiKey {
        service: &'static str,
        detail: String,
    },
    /// The account has no credits left (429 `insufficient_credits`).
    #[error("{service} has no credits left on this account: {detail}")]
    InsufficientCredits {
        service: &'static str,
        detail: String,
    },
    /// Too many requests at once (any other 429); not retried.
    #[error("{service} rate limit exceeded: {detail}")]
    RateLimited {
        service: &'static str,
        detail: String,
        retry_after: Option<u64>,
    },
    /// The service refused this request (a voice it does not know, text
    /// it does not take …).
    #[error("{service} refused the request: {detail}")]
    Rejected {
        service: &'static str,
        status: u16,
        detail: String,
    },
    /// The service did not answer, or answered with a server error.
    #[error("{service} is unavailable: {detail}")]
    Unavailable {
        service: &'static str,
        detail: String,
    },
    /// An answer larger than this client reads.
    #[error("{service} sent more than {max_bytes} bytes")]
    TooLarge {
        service: &'static str,
        max_bytes: usize,
    },
}

impl SpeechError {
    /// The stable code the API answers with (the specification's three in
    /// capitals, as the browser expects them).
    pub fn code(&self) -> &'static str {
        match self {
            SpeechError::QuotaExceeded { .. } => "QUOTA_EXCEEDED",
            SpeechError::InvalidApiKey { .. } => "INVALID_API_KEY",
            SpeechError::InsufficientCredits { .. } => "INSUFFICIENT_CREDITS",
            SpeechError::RateLimited { .. } => "RATE_LIMIT_EXCEEDED",
            SpeechError::Rejected { .. } => "SPEECH_REJECTED",
            SpeechError::Unavailable { .. } | SpeechError::TooLarge { .. } => "SPEECH_UNAVAILABLE",
        }
    }

    /// The HTTP status to answer the caller with. An invalid provider key
    /// is the server's problem, never the caller's session: 502, not 401
    /// (which signs the browser out).
    pub fn status(&self) -> u16 {
        match self {
            SpeechError::QuotaExceeded { .. }
            | SpeechError::InsufficientCredits { .. }
            | SpeechError::RateLimited { .. } => 429,
            SpeechError::Rejected { status: 422, .. }
            | SpeechError::Rejected { status: 400, .. } => 422,
            _ => 502,
        }
    }

    /// Seconds to wait before another try, when the service said.
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            SpeechError::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }

    pub(crate) fn transport(
        service: &'static str,
        err: &reqwest::Error,
        timeout: Duration,
    ) -> Self {
        let detail = if err.is_timeout() {
            format!("no answer within {} seconds", timeout.as_secs())
        } else if err.is_connect() {
            "could not connect; check its base URL".to_owned()
        } else {
            brief(&err.to_string())
        };
        SpeechError::Unavailable { service, detail }
    }
}

/// A provider's words, shortened for a log line or an error message.
pub(crate) fn brief(text: &str) -> String {
    const MAX: usize = 300;
    let text = text.trim();
    if text.chars().count() <= MAX {
        return text.to_owned();
    }
    let cut: String = text.chars().take(MAX).collect();
    format!("{cut}…")
}

/// Reads an error body: its message, and a machine word (`status`, `code`
/// or `type`) wherever the service put it (`{"detail": {...}}` for
/// ElevenLabs, `{"error": {...}}` for OpenAI-compatible servers).
pub(crate) fn error_body(body: &[u8]) -> (String, String) {
    let json: serde_json::Value = serde_json::from_slice(body).unwrap_or_default();
    let inner = json
        .get("detail")
        .or_else(|| json.get("error"))
        .unwrap_or(&json);
    let text = |key: &str| {
        inner
            .get(key)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    let message = match inner {
        serde_json::Value::String(s) => s.clone(),
        serde_json::Value::Array(items) => items
            .iter()
            .filter_map(|i| i.get("msg").and_then(|m| m.as_str()))
            .collect::<Vec<_>>()
            .join("; "),
        _ if !text("message").is_empty() => text("message"),
        _ => String::from_utf8_lossy(body).into_owned(),
    };
    let kinds = [text("status"), text("code"), text("type")];
    let known = ["quota_exceeded", "invalid_api_key", "insufficient_credits"];
    let kind = kinds
        .iter()
        .find(|k| known.contains(&k.as_str()))
        .or_else(|| kinds.iter().find(|k| !k.is_empty()))
        .cloned()
        .unwrap_or_default();
    (brief(&message), kind)
}

/// The error a failed answer means.
pub(crate) fn classify(
    service: &'static str,
    status: u16,
    retry_after: Option<u64>,
    body: &[u8],
) -> SpeechError {
    let (detail, kind) = error_body(body);
    let error = match (status, kind.as_str()) {
        (_, "quota_exceeded") => SpeechError::QuotaExceeded { service, detail },
        (_, "insufficient_credits") => SpeechError::InsufficientCredits { service, detail },
        (_, "invalid_api_key") | (401, _) => SpeechError::InvalidApiKey { service, detail },
        (429, _) => SpeechError::RateLimited {
            service,
            detail,
            retry_after,
        },
        (400..=499, _) => SpeechError::Rejected {
            service,
            status,
            detail,
        },
        _ => SpeechError::Unavailable {
            service,
            detail: format!("HTTP {status}: {detail}"),
        },
    };
    if status == 429 {
        tracing::warn!(
            service,
            code = error.code(),
            "{service} rate limit exceeded; not retried"
        );
    }
    error
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_specifications_codes_come_from_status_and_type() {
        let quota = br#"{"detail":{"status":"quota_exceeded","message":"This request exceeds your quota."}}"#;
        let e = classify("ElevenLabs", 429, None, quota);
        assert_eq!(e.code(), "QUOTA_EXCEEDED");
        assert_eq!(e.status(), 429);
        let key = br#"{"detail":{"status":"invalid_api_key","message":"Invalid API key"}}"#;
        let e = classify("ElevenLabs", 401, None, key);
        assert_eq!(e.code(), "INVALID_API_KEY");
        assert_eq!(
            e.status(),
            502,
            "never 401: that would sign the browser out"
        );
        let credits = br#"{"detail":{"type":"insufficient_credits","message":"No credits"}}"#;
        assert_eq!(
            classify("ElevenLabs", 429, None, credits).code(),
            "INSUFFICIENT_CREDITS"
        );
        let busy = br#"{"detail":{"status":"too_many_concurrent_requests","message":"Busy"}}"#;
        let e = classify("ElevenLabs", 429, Some(3), busy);
        assert_eq!(e.code(), "RATE_LIMIT_EXCEEDED");
        assert_eq!(e.retry_after(), Some(3));
        let unknown_voice = br#"{"detail":{"status":"voice_not_found","message":"A voice with the voice_id x was not found."}}"#;
        let e = classify("ElevenLabs", 404, None, unknown_voice);
        assert_eq!(e.code(), "SPEECH_REJECTED");
        assert!(e.to_string().contains("was not found"), "{e}");
        assert_eq!(
            classify("ElevenLabs", 503, None, b"down").code(),
            "SPEECH_UNAVAILABLE"
        );
    }

    #[test]
    fn openai_style_and_validation_bodies_are_read() {
        let (message, kind) =
            error_body(br#"{"error":{"message":"bad file","type":"invalid_request_error"}}"#);
        assert_eq!(
            (message.as_str(), kind.as_str()),
            ("bad file", "invalid_request_error")
        );
        let (message, _) =
            error_body(br#"{"detail":[{"msg":"field required"},{"msg":"too long"}]}"#);
        assert_eq!(message, "field required; too long");
        let (message, kind) = error_body(b"plain words");
        assert_eq!((message.as_str(), kind.as_str()), ("plain words", ""));
    }
}
