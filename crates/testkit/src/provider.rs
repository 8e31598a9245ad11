//! A model provider: OpenAI chat completions at `/v1/chat/completions` and
//! Google's generateContent at `/v1beta/models/{model}:{action}`.
//!
//! What it does is chosen by the request, as a test needs it:
//! - a key other than `good-key` is refused as the provider refuses it;
//! - the models `missing`, `busy` (429, `Retry-After: 7`), `down` and
//!   `picky` (OpenAI) fail with the provider's real error bodies, and
//!   `midstream` (OpenAI) fails after a first piece;
//! - with tools offered and no tool result yet, it calls `get_weather` for
//!   Paris; with a tool result, it answers "In Paris it is <result>.";
//! - otherwise it answers "The stand-in answers: <question>", in pieces
//!   when streamed, slowly (200 more pieces, 20 ms apart; whole: after
//!   1.5 s) when the question says "slow", or at the stand-in's [`Pace`].

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use futures_util::StreamExt;
use serde_json::{Value, json};

/// How fast every answer streams: the first piece after `first_token`,
/// then `tokens` more every `every`.
#[derive(Debug, Clone, Copy)]
pub struct Pace {
    pub first_token: Duration,
    pub every: Duration,
    pub tokens: usize,
}

#[derive(Clone)]
struct Shared {
    seen: Arc<Mutex<Vec<Value>>>,
    pace: Option<Pace>,
}

/// A running stand-in provider.
pub struct ProviderStandIn {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    seen: Arc<Mutex<Vec<Value>>>,
}

/// What the stand-in answers to `question` (with no tools).
pub fn answer_to(question: &str) -> String {
    format!("The stand-in answers: {question}")
}

impl ProviderStandIn {
    pub async fn start() -> Self {
        Self::with(None).await
    }

    /// A stand-in whose every answer streams at `pace` (for benchmarks).
    pub async fn paced(pace: Pace) -> Self {
        Self::with(Some(pace)).await
    }

    async fn with(pace: Option<Pace>) -> Self {
        let shared = Shared {
            seen: Arc::default(),
            pace,
        };
        let router = Router::new()
            .route("/v1/chat/completions", post(openai))
            .route("/v1beta/models", axum::routing::get(gemini_models))
            .route("/v1beta/models/{target}", post(gemini))
            .with_state(shared.clone());
        Self {
            base: crate::serve(router).await,
            seen: shared.seen,
        }
    }

    /// The OpenAI-compatible base URL (`…/v1`).
    pub fn openai_url(&self) -> String {
        format!("{}/v1", self.base)
    }

    /// The Gemini base URL (`…/v1beta`).
    pub fn gemini_url(&self) -> String {
        format!("{}/v1beta", self.base)
    }

    /// Every request body received, oldest first (Gemini's as
    /// `{"target": "<model>:<action>", "body": …}`).
    pub fn requests(&self) -> Vec<Value> {
        self.seen.lock().unwrap().clone()
    }
}

/// `chunks` as server-sent events, in small pieces so events straddle
/// network reads, each piece after its delay.
fn sse(chunks: Vec<(Duration, String)>, split: bool) -> Response {
    let pieces: Vec<(Duration, Vec<u8>)> = chunks
        .into_iter()
        .flat_map(|(delay, chunk)| {
            let bytes = format!("data: {chunk}\n\n").into_bytes();
            let parts: Vec<Vec<u8>> = if split {
                bytes.chunks(7).map(<[u8]>::to_vec).collect()
            } else {
                vec![bytes]
            };
            parts
                .into_iter()
                .enumerate()
                .map(move |(i, part)| (if i == 0 { delay } else { Duration::ZERO }, part))
        })
        .collect();
    let body = futures_util::stream::iter(pieces).then(|(delay, piece)| async move {
        if !delay.is_zero() {
            tokio::time::sleep(delay).await;
        }
        Ok::<_, std::io::Error>(piece)
    });
    Response::builder()
        .header("content-type", "text/event-stream")
        .body(Body::from_stream(body))
        .unwrap()
}

fn now(chunks: Vec<String>) -> Vec<(Duration, String)> {
    chunks.into_iter().map(|c| (Duration::ZERO, c)).collect()
}

/// The pieces of an answer and their delays.
fn pieces(answer: &str, question: &str, pace: Option<Pace>) -> Vec<(Duration, String)> {
    if let Some(pace) = pace {
        // Each answer its own first word, so no two answers are the same
        // text (nothing downstream may serve one from a cache).
        static ANSWERS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let n = ANSWERS.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        return (0..=pace.tokens)
            .map(|i| {
                let delay = if i == 0 { pace.first_token } else { pace.every };
                // A sentence every eight words, as a model writes them
                // (a capital after the full stop: UAX #29 does not end a
                // sentence before a lowercase word, "e.g. this").
                let word = match i {
                    0 => format!("Answer{n}"),
                    i if i % 8 == 0 => format!("Word{i}"),
                    i => format!("word{i}"),
                };
                let end = if i % 8 == 7 { ". " } else { " " };
                (delay, format!("{word}{end}"))
            })
            .collect();
    }
    let mut pieces: Vec<(Duration, String)> = answer
        .split_inclusive(' ')
        .map(|w| (Duration::ZERO, w.to_owned()))
        .collect();
    if question.contains("slow") {
        let gap = Duration::from_millis(20);
        for piece in &mut pieces {
            piece.0 = gap;
        }
        pieces.extend((0..200).map(|i| (gap, format!(" more{i}"))));
    }
    pieces
}

fn last_question(messages: &[Value], key: &str) -> String {
    messages
        .iter()
        .rev()
        .find(|m| m["role"] == "user")
        .and_then(|m| m[key].as_str())
        .unwrap_or_default()
        .to_owned()
}

fn openai_failure(model: &str) -> Option<Response> {
    let error = |status: u16, code: &str, message: &str| {
        let mut response = (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({"error": {"message": message, "type": "invalid_request_error", "code": code}})),
        )
            .into_response();
        if status == 429 {
            response
                .headers_mut()
                .insert("retry-after", "7".parse().unwrap());
        }
        response
    };
    Some(match model {
        "missing" => error(
            404,
            "model_not_found",
            "The model `missing` does not exist or you do not have access to it.",
        ),
        "busy" => error(
            429,
            "rate_limit_exceeded",
            "Rate limit reached for requests",
        ),
        "down" => error(503, "server_error", "The server is overloaded"),
        "picky" => error(400, "invalid_value", "max_tokens is too large"),
        _ => return None,
    })
}

async fn openai(
    State(shared): State<Shared>,
    headers: HeaderMap,
    body: axum::Json<Value>,
) -> Response {
    let body = body.0;
    shared.seen.lock().unwrap().push(body.clone());
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer good-key") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {"message": "Incorrect API key provided: bad-key.", "type": "invalid_request_error", "code": "invalid_api_key"}})),
        )
            .into_response();
    }
    if let Some(failure) = openai_failure(body["model"].as_str().unwrap_or_default()) {
        return failure;
    }
    if body["model"] == "midstream" {
        // Some servers start streaming, then report a failure as an error object.
        return sse(
            now(vec![
                json!({"choices": [{"index": 0, "delta": {"content": "Hel"}}]}).to_string(),
                json!({"error": {"message": "The server had an error while processing your request", "type": "server_error"}}).to_string(),
            ]),
            true,
        );
    }
    let messages = body["messages"].as_array().cloned().unwrap_or_default();
    let tool_result = messages.iter().rev().find(|m| m["role"] == "tool");
    let wants_tool = body.get("tools").is_some() && tool_result.is_none();
    let stream = body["stream"] == true;
    let usage = json!({"prompt_tokens": 42, "completion_tokens": 7});
    if wants_tool {
        if !stream {
            return axum::Json(json!({
                "id": "chatcmpl-1", "object": "chat.completion",
                "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
                    "tool_calls": [{"id": "call_abc", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]}}],
                "usage": usage
            }))
            .into_response();
        }
        return sse(
            now(vec![
                json!({"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "call_abc", "type": "function", "function": {"name": "get_weather", "arguments": ""}}]}}]}).to_string(),
                json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"city\":"}}]}}]}).to_string(),
                json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "\"Paris\"}"}}]}}]}).to_string(),
                json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}).to_string(),
                json!({"choices": [], "usage": usage}).to_string(),
                "[DONE]".to_owned(),
            ]),
            true,
        );
    }
    let question = last_question(&messages, "content");
    let answer = match tool_result {
        Some(tool) => format!(
            "In Paris it is {}.",
            tool["content"].as_str().unwrap_or_default()
        ),
        None => answer_to(&question),
    };
    if !stream {
        if question.contains("slow") {
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
        return axum::Json(json!({
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}],
            "usage": usage
        }))
        .into_response();
    }
    let mut chunks: Vec<(Duration, String)> = pieces(&answer, &question, shared.pace)
        .into_iter()
        .map(|(delay, w)| {
            (
                delay,
                json!({"choices": [{"index": 0, "delta": {"content": w}}]}).to_string(),
            )
        })
        .collect();
    chunks.extend(now(vec![
        json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}).to_string(),
        json!({"choices": [], "usage": usage}).to_string(),
        "[DONE]".to_owned(),
    ]));
    let split = shared.pace.is_none() && !question.contains("slow");
    sse(chunks, split)
}

/// Gemini's model list (`GET /v1beta/models`), for a key check.
async fn gemini_models(headers: HeaderMap) -> Response {
    if headers.get("x-goog-api-key").and_then(|v| v.to_str().ok()) != Some("good-key") {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"error": {"code": 400, "message": "API key not valid. Please pass a valid API key.", "status": "INVALID_ARGUMENT"}})),
        )
            .into_response();
    }
    axum::Json(json!({"models": [
        {"name": "models/gemini-2.0-flash", "displayName": "Gemini 2.0 Flash"},
        {"name": "models/gemini-2.5-pro", "displayName": "Gemini 2.5 Pro"}
    ]}))
    .into_response()
}

async fn gemini(
    State(shared): State<Shared>,
    Path(target): Path<String>,
    headers: HeaderMap,
    body: axum::Json<Value>,
) -> Response {
    let body = body.0;
    shared
        .seen
        .lock()
        .unwrap()
        .push(json!({"target": target, "body": body}));
    let error = |status: u16, kind: &str, message: &str| {
        (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({"error": {"code": status, "message": message, "status": kind}})),
        )
            .into_response()
    };
    if headers.get("x-goog-api-key").and_then(|v| v.to_str().ok()) != Some("good-key") {
        return error(
            400,
            "INVALID_ARGUMENT",
            "API key not valid. Please pass a valid API key.",
        );
    }
    let (model, action) = target
        .split_once(':')
        .unwrap_or((&target, "generateContent"));
    match model {
        "missing" => {
            return error(
                404,
                "NOT_FOUND",
                "models/missing is not found for API version v1beta",
            );
        }
        "busy" => {
            return error(
                429,
                "RESOURCE_EXHAUSTED",
                "Resource has been exhausted (e.g. check quota).",
            );
        }
        "down" => {
            return error(
                503,
                "UNAVAILABLE",
                "The model is overloaded. Please try again later.",
            );
        }
        _ => {}
    }
    let contents = body["contents"].as_array().cloned().unwrap_or_default();
    let parts: Vec<Value> = contents
        .iter()
        .flat_map(|c| c["parts"].as_array().cloned().unwrap_or_default())
        .collect();
    let tool_result = parts
        .iter()
        .find_map(|p| p.get("functionResponse"))
        .cloned();
    let wants_tool = body.get("tools").is_some() && tool_result.is_none();
    let usage = json!({"promptTokenCount": 42, "candidatesTokenCount": 7, "totalTokenCount": 49});
    let streamed = action == "streamGenerateContent";
    if wants_tool {
        let response = json!({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]}, "finishReason": "STOP"}], "usageMetadata": usage});
        return if streamed {
            sse(now(vec![response.to_string()]), true)
        } else {
            axum::Json(response).into_response()
        };
    }
    let question = contents
        .iter()
        .rev()
        .find(|c| c["role"] == "user")
        .and_then(|c| c["parts"][0]["text"].as_str())
        .unwrap_or_default()
        .to_owned();
    let answer = match tool_result {
        Some(result) => format!(
            "In Paris it is {}.",
            result["response"]["result"].as_str().unwrap_or_default()
        ),
        None => answer_to(&question),
    };
    if !streamed {
        return axum::Json(json!({"candidates": [{"content": {"role": "model", "parts": [{"text": answer}]}, "finishReason": "STOP"}], "usageMetadata": usage})).into_response();
    }
    let mut chunks: Vec<(Duration, String)> = pieces(&answer, &question, shared.pace)
        .into_iter()
        .map(|(delay, w)| (delay, json!({"candidates": [{"content": {"role": "model", "parts": [{"text": w}]}}], "usageMetadata": {"promptTokenCount": 42}}).to_string()))
        .collect();
    chunks.push((
        Duration::ZERO,
        json!({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP"}], "usageMetadata": usage}).to_string(),
    ));
    sse(chunks, shared.pace.is_none() && !question.contains("slow"))
}
