//! `/v1`: agents behind OpenAI's chat-completions wire format, so that the
//! official OpenAI SDKs (and anything built on them) talk to an agent with
//! `base_url` set to `{host}/v1` and an AgentForge API key. `model` names
//! the agent (its id, or its slug when no other of the caller's agents
//! shares it); its production deployment answers, with its knowledge and
//! tools, on the `api` channel. Answers, chunks, usage and errors are
//! OpenAI's shapes; the conversation goes on with the `X-Conversation-Id`
//! the previous answer carried, or per end user (`user`).
//!
//! Not part of the `/api` document: the wire format is OpenAI's.

use std::convert::Infallible;
use std::time::Duration;

use agentforge_domain::Error;
use agentforge_domain::conversation::MessageRole;
use agentforge_runtime::{PriorMessage, Turn, TurnEvent};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, FromRequestParts, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};

use crate::auth::api_keys;
use crate::chat::service::{ApiThread, ApiTurn, api_turn};
use crate::state::AppState;

/// The header that names (in answers) and continues (in requests) a
/// conversation.
pub const CONVERSATION_HEADER: &str = "x-conversation-id";

pub fn router(max_body_bytes: usize) -> Router<AppState> {
    Router::new()
        .route("/v1/models", get(models))
        .route("/v1/models/{id}", get(model))
        .route("/v1/chat/completions", post(completions))
        .layer(DefaultBodyLimit::max(max_body_bytes))
}

/// An error as OpenAI answers one.
#[derive(Debug)]
pub struct OpenAiError {
    status: StatusCode,
    kind: &'static str,
    code: Option<String>,
    param: Option<String>,
    message: String,
    retry_after: Option<u64>,
}

impl OpenAiError {
    fn new(status: StatusCode, kind: &'static str, code: &str, message: impl Into<String>) -> Self {
        Self {
            status,
            kind,
            code: Some(code.to_owned()),
            param: None,
            message: message.into(),
            retry_after: None,
        }
    }

    fn body(&self) -> Value {
        json!({"error": {"message": self.message, "type": self.kind, "param": self.param, "code": self.code}})
    }
}

impl IntoResponse for OpenAiError {
    fn into_response(self) -> Response {
        let mut response = (self.status, axum::Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after
            && let Ok(value) = HeaderValue::from_str(&seconds.to_string())
        {
            response.headers_mut().insert("retry-after", value);
        }
        response
    }
}

impl From<Error> for OpenAiError {
    fn from(error: Error) -> Self {
        if let Error::Internal(cause) = &error {
            // Never sent: the log keeps it.
            tracing::error!(error = %cause, "internal error answering /v1");
        }
        let api = crate::http::ApiError::from(error);
        let status = api.status();
        let code = api.code().to_owned();
        let (kind, code) = match status.as_u16() {
            401 => (
                "invalid_request_error",
                if code == "unauthorized" {
                    "invalid_api_key".to_owned()
                } else {
                    code
                },
            ),
            403 => ("permission_error", code),
            404 if code == "agent_not_found" => {
                ("invalid_request_error", "model_not_found".to_owned())
            }
            404 => ("invalid_request_error", code),
            429 => (
                "rate_limit_error",
                if code == "rate_limited" {
                    "rate_limit_exceeded".to_owned()
                } else {
                    code
                },
            ),
            400..=499 => ("invalid_request_error", code),
            _ => ("api_error", code),
        };
        Self {
            status,
            kind,
            param: api.first_field().map(str::to_owned),
            message: api.message().to_owned(),
            code: Some(code),
            retry_after: api.retry_after(),
        }
    }
}

/// The caller: an API key's owner. `/v1` takes API keys only.
pub struct KeyHolder(pub agentforge_domain::policy::Actor);

impl FromRequestParts<AppState> for KeyHolder {
    type Rejection = OpenAiError;

    async fn from_request_parts(parts: &mut Parts, state: &AppState) -> Result<Self, OpenAiError> {
        let missing = || {
            OpenAiError::new(
                StatusCode::UNAUTHORIZED,
                "invalid_request_error",
                "invalid_api_key",
                "An AgentForge API key is required: Authorization: Bearer af_…",
            )
        };
        let key = crate::auth::bearer(&parts.headers).ok_or_else(missing)?;
        if !api_keys::is_api_key(key) {
            return Err(missing());
        }
        let (_, actor) = api_keys::authenticate(state, key).await?;
        Ok(Self(actor))
    }
}

#[derive(Debug, Serialize)]
struct ModelOut {
    id: String,
    object: &'static str,
    created: i64,
    owned_by: &'static str,
    /// The agent's name, and the slug it may be called by (when unique).
    name: String,
    slug: Option<String>,
}

fn model_out(agent: &agentforge_store::Agent, slug: Option<String>) -> ModelOut {
    ModelOut {
        id: agent.id.clone(),
        object: "model",
        created: agent.created_at.timestamp(),
        owned_by: "agentforge",
        name: agent.config.name.clone(),
        slug,
    }
}

/// `GET /v1/models`: the active agents the key reaches.
async fn models(
    State(state): State<AppState>,
    KeyHolder(actor): KeyHolder,
) -> Result<Response, OpenAiError> {
    let agents = crate::agents::service::usable(&state.store, &actor).await?;
    let data: Vec<ModelOut> = agents
        .into_iter()
        .map(|(agent, slug)| model_out(&agent, slug))
        .collect();
    Ok(axum::Json(json!({"object": "list", "data": data})).into_response())
}

/// `GET /v1/models/{id}`: one of them, by id or slug.
async fn model(
    State(state): State<AppState>,
    KeyHolder(actor): KeyHolder,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Result<Response, OpenAiError> {
    let agent = crate::chat::service::api_agent(&state.store, &actor, &id).await?;
    let slug = crate::agents::service::usable(&state.store, &actor)
        .await?
        .into_iter()
        .find(|(a, _)| a.id == agent.id)
        .and_then(|(_, slug)| slug);
    Ok(axum::Json(model_out(&agent, slug)).into_response())
}

#[derive(Debug, Deserialize)]
struct CompletionIn {
    #[serde(default)]
    model: String,
    #[serde(default)]
    messages: Vec<MessageIn>,
    #[serde(default)]
    stream: bool,
    #[serde(default)]
    stream_options: Option<StreamOptions>,
    #[serde(default)]
    user: Option<String>,
}

#[derive(Debug, Deserialize)]
struct StreamOptions {
    #[serde(default)]
    include_usage: bool,
}

#[derive(Debug, Deserialize)]
struct MessageIn {
    role: String,
    #[serde(default)]
    content: Option<Content>,
}

#[derive(Debug, Deserialize)]
#[serde(untagged)]
enum Content {
    Text(String),
    Parts(Vec<Part>),
}

#[derive(Debug, Deserialize)]
struct Part {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    text: Option<String>,
}

impl Content {
    /// The text of the message (text parts joined; images and audio are not
    /// read by agents here).
    fn text(&self) -> String {
        match self {
            Content::Text(text) => text.clone(),
            Content::Parts(parts) => parts
                .iter()
                .filter(|p| p.kind == "text")
                .filter_map(|p| p.text.clone())
                .collect::<Vec<_>>()
                .join("\n"),
        }
    }
}

/// The most messages a request may send along.
const MESSAGES_MAX: usize = 500;

fn bad_request(param: &str, message: impl Into<String>) -> OpenAiError {
    OpenAiError {
        param: Some(param.to_owned()),
        ..OpenAiError::new(
            StatusCode::BAD_REQUEST,
            "invalid_request_error",
            "invalid_request",
            message,
        )
    }
}

/// `POST /v1/chat/completions`.
async fn completions(
    State(state): State<AppState>,
    KeyHolder(actor): KeyHolder,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, OpenAiError> {
    let request: CompletionIn = serde_json::from_slice(&body).map_err(|e| {
        bad_request(
            "messages",
            format!("The body is not a chat completion request: {e}"),
        )
    })?;
    if request.messages.len() > MESSAGES_MAX {
        return Err(bad_request(
            "messages",
            format!("At most {MESSAGES_MAX} messages"),
        ));
    }
    let Some(last) = request.messages.last().filter(|m| m.role == "user") else {
        return Err(bad_request(
            "messages",
            "The messages must end with one from the user",
        ));
    };
    let message = last.content.as_ref().map(Content::text).unwrap_or_default();
    let prior: Vec<PriorMessage> = request.messages[..request.messages.len() - 1]
        .iter()
        .filter_map(|m| {
            let role = match m.role.as_str() {
                "user" => MessageRole::User,
                "assistant" => MessageRole::Assistant,
                // The agent's own instructions stand: a client's system
                // prompt does not replace them.
                _ => return None,
            };
            Some(PriorMessage {
                role,
                content: m.content.as_ref().map(Content::text).unwrap_or_default(),
            })
        })
        .collect();
    let thread = match (
        headers
            .get(CONVERSATION_HEADER)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty()),
        request
            .user
            .as_deref()
            .map(str::trim)
            .filter(|u| !u.is_empty()),
    ) {
        (Some(id), _) => ApiThread::Conversation(id.to_owned()),
        (None, Some(user)) => ApiThread::EndUser(user.to_owned()),
        (None, None) => ApiThread::New,
    };
    let model = request.model.clone();
    let turn = api_turn(
        &state.runtime,
        &actor,
        ApiTurn {
            model: request.model,
            message,
            prior,
            thread,
            stream: request.stream,
        },
    )
    .await?;
    let conversation = turn.conversation.id.clone();
    let mut response = if request.stream {
        let usage = request.stream_options.is_some_and(|o| o.include_usage);
        streamed(turn, model, usage).into_response()
    } else {
        whole(turn, model).await?
    };
    if let Ok(value) = HeaderValue::from_str(&conversation) {
        response.headers_mut().insert(CONVERSATION_HEADER, value);
    }
    Ok(response)
}

fn usage_json(tokens_in: u32, tokens_out: u32) -> Value {
    json!({"prompt_tokens": tokens_in, "completion_tokens": tokens_out, "total_tokens": tokens_in + tokens_out})
}

fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

/// The whole answer, as `chat.completion`.
async fn whole(turn: Turn, model: String) -> Result<Response, OpenAiError> {
    let id = format!("chatcmpl-{}", turn.answer_id);
    // A person of the team holds the conversation: the message reached
    // them, and the agent says nothing.
    let message = match turn.finish().await {
        Ok(message) => Some(message),
        Err(agentforge_runtime::RuntimeError::HandedOff) => None,
        Err(e) => return Err(OpenAiError::from(Error::from(e))),
    };
    let finish_reason = match message.as_ref().map(|m| m.status) {
        Some(agentforge_domain::conversation::MessageStatus::Partial) => "length",
        _ => "stop",
    };
    let (content, tokens_in, tokens_out) = message
        .map(|m| (m.content, m.tokens_in, m.tokens_out))
        .unwrap_or_default();
    Ok(axum::Json(json!({
        "id": id,
        "object": "chat.completion",
        "created": now(),
        "model": model,
        "choices": [{
            "index": 0,
            "message": {"role": "assistant", "content": content, "refusal": null},
            "logprobs": null,
            "finish_reason": finish_reason,
        }],
        "usage": usage_json(tokens_in, tokens_out),
        "system_fingerprint": null,
    }))
    .into_response())
}

/// The answer as `chat.completion.chunk`s, then `[DONE]`. Dropping the
/// response (the client left) stops the answer, kept as `partial`.
fn streamed(
    turn: Turn,
    model: String,
    include_usage: bool,
) -> Sse<impl futures_util::Stream<Item = Result<SseEvent, Infallible>>> {
    let id = format!("chatcmpl-{}", turn.answer_id);
    let created = now();
    let chunk = move |delta: Value, finish: Option<&str>| {
        json!({
            "id": id,
            "object": "chat.completion.chunk",
            "created": created,
            "model": model,
            "system_fingerprint": null,
            "choices": [{"index": 0, "delta": delta, "logprobs": null, "finish_reason": finish}],
        })
    };
    let data = |value: Value| Ok(SseEvent::default().data(value.to_string()));
    let events = turn.into_stream().flat_map(move |event| {
        let out: Vec<Result<SseEvent, Infallible>> = match event {
            TurnEvent::Started { .. } => {
                vec![data(chunk(
                    json!({"role": "assistant", "content": ""}),
                    None,
                ))]
            }
            TurnEvent::Delta(text) => vec![data(chunk(json!({"content": text}), None))],
            TurnEvent::Finished { message, .. } => {
                let mut out = vec![data(chunk(json!({}), Some("stop")))];
                if include_usage {
                    let mut last = chunk(json!({}), None);
                    last["choices"] = json!([]);
                    last["usage"] = usage_json(message.tokens_in, message.tokens_out);
                    out.push(data(last));
                }
                out.push(Ok(SseEvent::default().data("[DONE]")));
                out
            }
            TurnEvent::Failed { error, .. } => {
                let failure = OpenAiError::from(Error::from(
                    agentforge_runtime::RuntimeError::Provider(error),
                ));
                vec![data(failure.body()), Ok(SseEvent::default().data("[DONE]"))]
            }
            TurnEvent::Lost { .. } => {
                let failure = OpenAiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "api_error",
                    "internal_error",
                    "The answer could not be stored",
                );
                vec![data(failure.body()), Ok(SseEvent::default().data("[DONE]"))]
            }
            TurnEvent::HandedOff { .. } => vec![
                data(chunk(
                    json!({"role": "assistant", "content": ""}),
                    Some("stop"),
                )),
                Ok(SseEvent::default().data("[DONE]")),
            ],
            // The agent's own tools and citations stay inside the turn.
            TurnEvent::Citations(_) | TurnEvent::ToolCall(_) | TurnEvent::ToolResult(_) => {
                Vec::new()
            }
        };
        futures_util::stream::iter(out)
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}
