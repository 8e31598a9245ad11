//! What the HTTP providers share: the client, sending, mapping failures and
//! turning a response body into server-sent events.

use std::time::Duration;

use futures_util::{Stream, StreamExt};

use crate::error::{ProviderError, brief};
use crate::sse::{SseDecoder, SseEvent};

/// Longest wait for a whole non-streamed answer, and between two pieces of
/// a streamed one.
pub(crate) const TIMEOUT: Duration = Duration::from_secs(120);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

pub(crate) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .read_timeout(TIMEOUT)
        .user_agent(concat!("AgentForge/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_default()
}

/// How a provider's error body is read: its message, and a machine word
/// (`code`, `status` or `type`) when it gives one.
pub(crate) struct ErrorBody {
    pub message: String,
    pub kind: String,
}

pub(crate) fn error_body(body: &str) -> ErrorBody {
    let json: serde_json::Value = serde_json::from_str(body).unwrap_or_default();
    let error = json.get("error").unwrap_or(&json);
    let text = |key: &str| error.get(key).and_then(|v| v.as_str()).unwrap_or_default();
    let message = match error {
        serde_json::Value::String(s) => s.clone(),
        _ if !text("message").is_empty() => text("message").to_owned(),
        _ => body.to_owned(),
    };
    let kind = [text("code"), text("status"), text("type")]
        .into_iter()
        .find(|k| !k.is_empty())
        .unwrap_or_default()
        .to_owned();
    ErrorBody { message, kind }
}

pub(crate) fn transport(provider: &'static str, err: reqwest::Error) -> ProviderError {
    if err.is_timeout() {
        ProviderError::Timeout {
            provider,
            seconds: TIMEOUT.as_secs(),
        }
    } else if err.is_connect() {
        ProviderError::Unavailable {
            provider,
            detail: "could not connect; check the base URL (AGENTFORGE_LLM_BASE_URL, Admin › Configuration, or your own under Settings › Integrations)".to_owned(),
        }
    } else {
        ProviderError::Unavailable {
            provider,
            detail: brief(&err.to_string()),
        }
    }
}

/// Sends the request; a non-success status becomes the error `classify`
/// makes of it.
pub(crate) async fn send(
    provider: &'static str,
    request: reqwest::RequestBuilder,
    classify: impl FnOnce(u16, Option<u64>, ErrorBody) -> ProviderError,
) -> Result<reqwest::Response, ProviderError> {
    let response = request.send().await.map_err(|e| transport(provider, e))?;
    let status = response.status().as_u16();
    if (200..300).contains(&status) {
        return Ok(response);
    }
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let body = read_capped(response, ERROR_MAX)
        .await
        .ok()
        .flatten()
        .unwrap_or_default();
    Err(classify(
        status,
        retry_after,
        error_body(&String::from_utf8_lossy(&body)),
    ))
}

/// The usual reading of an HTTP failure; providers refine it.
pub(crate) fn classify_status(
    provider: &'static str,
    model: &str,
    status: u16,
    retry_after: Option<u64>,
    body: ErrorBody,
) -> ProviderError {
    let detail = brief(&body.message);
    match status {
        401 | 403 => ProviderError::Auth { provider, detail },
        404 => ProviderError::ModelNotFound {
            provider,
            model: model.to_owned(),
            detail,
        },
        408 | 504 => ProviderError::Timeout {
            provider,
            seconds: TIMEOUT.as_secs(),
        },
        429 => ProviderError::RateLimited {
            provider,
            detail,
            retry_after,
        },
        400..=499 => ProviderError::Rejected { provider, detail },
        _ => ProviderError::Unavailable {
            provider,
            detail: format!("HTTP {status}: {detail}"),
        },
    }
}

/// The most of an error answer read.
const ERROR_MAX: usize = 64 * 1024;
/// The most of a whole answer, or of a streamed one, read: far above any
/// real completion, and a bound on a server (at a URL someone gave) that
/// sends without end.
pub(crate) const ANSWER_MAX: usize = 16 * 1024 * 1024;
/// The longest line or event of a stream.
pub(crate) const EVENT_MAX: usize = 1024 * 1024;

/// The body, or `None` once it passes `max` bytes (the rest is not read).
async fn read_capped(
    mut response: reqwest::Response,
    max: usize,
) -> Result<Option<Vec<u8>>, reqwest::Error> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await? {
        if body.len() + chunk.len() > max {
            return Ok(None);
        }
        body.extend_from_slice(&chunk);
    }
    Ok(Some(body))
}

fn too_large(provider: &'static str) -> ProviderError {
    ProviderError::Unavailable {
        provider,
        detail: format!(
            "the answer was larger than {} MiB, more than any completion; stopped reading",
            ANSWER_MAX >> 20
        ),
    }
}

/// The response body as server-sent events.
pub(crate) fn events(
    provider: &'static str,
    response: reqwest::Response,
) -> impl Stream<Item = Result<SseEvent, ProviderError>> + Send + 'static {
    let bytes = response.bytes_stream();
    futures_util::stream::unfold(
        (
            bytes,
            (SseDecoder::new(), 0usize),
            std::collections::VecDeque::new(),
            false,
        ),
        move |(mut bytes, (mut decoder, mut read), mut pending, mut done)| async move {
            loop {
                if let Some(event) = pending.pop_front() {
                    return Some((Ok(event), (bytes, (decoder, read), pending, done)));
                }
                if done {
                    return None;
                }
                match bytes.next().await {
                    Some(Ok(chunk)) => {
                        read += chunk.len();
                        pending.extend(decoder.push(&chunk));
                        if read > ANSWER_MAX || decoder.pending() > EVENT_MAX {
                            done = true;
                            pending.clear();
                            return Some((
                                Err(too_large(provider)),
                                (bytes, (decoder, read), pending, done),
                            ));
                        }
                    }
                    Some(Err(e)) => {
                        done = true;
                        return Some((
                            Err(transport(provider, e)),
                            (bytes, (decoder, read), pending, done),
                        ));
                    }
                    None => {
                        done = true;
                        pending.extend(decoder.finish());
                    }
                }
            }
        },
    )
}

/// A whole JSON answer.
pub(crate) async fn json<T: serde::de::DeserializeOwned>(
    provider: &'static str,
    response: reqwest::Response,
) -> Result<T, ProviderError> {
    let body = read_capped(response, ANSWER_MAX)
        .await
        .map_err(|e| transport(provider, e))?
        .ok_or_else(|| too_large(provider))?;
    serde_json::from_slice(&body).map_err(|e| invalid(provider, e))
}

/// One streamed JSON chunk. Some servers report a failure mid-stream as an
/// error object instead of a chunk; `classify` reads it.
pub(crate) fn chunk<T: serde::de::DeserializeOwned>(
    provider: &'static str,
    data: &str,
    classify: impl FnOnce(ErrorBody) -> ProviderError,
) -> Result<T, ProviderError> {
    // An error object would also parse as a chunk with nothing in it.
    if data.contains("\"error\"")
        && serde_json::from_str::<serde_json::Value>(data).is_ok_and(|v| v.get("error").is_some())
    {
        return Err(classify(error_body(data)));
    }
    serde_json::from_str(data).map_err(|e| {
        let body = error_body(data);
        if body.message != data {
            classify(body)
        } else {
            invalid(provider, e)
        }
    })
}

pub(crate) fn invalid(provider: &'static str, what: impl std::fmt::Display) -> ProviderError {
    ProviderError::Unavailable {
        provider,
        detail: format!("unreadable answer: {}", brief(&what.to_string())),
    }
}
