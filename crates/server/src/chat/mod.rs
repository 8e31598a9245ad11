//! `POST /agents/{id}/chat` and `/test`: a person says something and the
//! agent answers, whole or streamed as server-sent events. The turn is the
//! runtime's; this module only says it over HTTP.

pub mod service;
pub(crate) mod types;

use std::convert::Infallible;
use std::time::Duration;

use agentforge_runtime::{RuntimeError, Turn, TurnEvent};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

use service::{ChatInput, Purpose};
use types::{
    ChatIn, ChatOut, ChatStreamEvent, ChatStreamFrame, CitationsEvent, DeltaEvent, EndEvent,
    ErrorEvent, HandedOffEvent, PublicAgentOut, StartEvent, ToolCallEvent,
};

use crate::auth::CurrentUser;
use crate::conversations::{CitationOut, MessageOut, ToolCallOut};
use crate::http::{ApiError, Envelope, ErrorBody, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_agent))
}

/// The chat turns, which may run long (a model may think for minutes).
pub fn turns() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(chat))
        .routes(routes!(test_agent))
}

pub(crate) fn wants_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"))
}

/// One event of a streamed turn as SSE: the event's tag is the `event:`
/// line and its content the `data:` line, so the wire is the document's
/// `ChatStreamEvent`.
fn sse(event: &ChatStreamEvent) -> SseEvent {
    let mut frame = serde_json::to_value(event).unwrap_or_default();
    let name = frame["event"].as_str().unwrap_or("error").to_owned();
    let data = serde_json::to_string(&frame["data"].take()).unwrap_or_else(|_| "{}".to_owned());
    SseEvent::default().event(name).data(data)
}

impl ChatIn {
    fn input(self, stream: bool) -> ChatInput {
        ChatInput {
            message: self.message,
            conversation_id: self.conversation_id,
            use_knowledge_base: self.use_knowledge_base,
            include_context: self.include_context,
            share_token: self.share_token,
            stream,
        }
    }
}

/// Chat with an agent
///
/// Stores the question, answers with the agent's model (and knowledge), and
/// stores the answer with its tokens, latency and sources. Without a
/// `conversationId` a conversation is started. With `Accept:
/// text/event-stream` (or `"stream": true`) the answer streams as events
/// `start`, `citations`, `delta`, `tool_call`, `tool_result`..., then `end`
/// or `error`; see docs/chat.md. A paused or archived agent answers 409
/// `agent_inactive`.
#[utoipa::path(post, path = "/agents/{id}/chat", tag = "chat", params(("id" = String, Path)), request_body = ChatIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The stored question and answer; streamed (Accept: text/event-stream or `stream: true`), server-sent events", content(
            (Envelope<ChatOut> = "application/json"),
            (ChatStreamFrame = "text/event-stream"),
        )),
        (status = 404, description = "No such agent or conversation", body = ErrorBody),
        (status = 409, description = "The agent is paused or archived, the conversation ended, or the agent's provider is not configured", body = ErrorBody),
        (status = 422, description = "An empty or over-long message", body = ErrorBody),
        (status = 429, description = "The provider's rate limit", body = ErrorBody),
        (status = 502, description = "The provider failed (bad key, unknown model, unavailable, refused)", body = ErrorBody),
        (status = 504, description = "The provider did not answer in time", body = ErrorBody),
    ))]
async fn chat(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<ChatIn>,
) -> Result<Response, ApiError> {
    let stream = body.stream || wants_stream(&headers);
    let turn = service::chat(
        &state.runtime,
        &actor,
        &id,
        body.input(stream),
        Purpose::Chat,
    )
    .await?;
    respond(turn, stream).await
}

/// Try an agent's draft
///
/// A chat turn with the agent's current draft (not its deployments), for
/// whoever may see the agent; its conversation is a test one, left out of
/// conversation lists, live views and analytics. Same body, answers and
/// events as `POST /agents/{id}/chat` (share tokens are ignored).
#[utoipa::path(post, path = "/agents/{id}/test", tag = "chat", params(("id" = String, Path)), request_body = ChatIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The stored question and answer; streamed (Accept: text/event-stream or `stream: true`), server-sent events", content(
            (Envelope<ChatOut> = "application/json"),
            (ChatStreamFrame = "text/event-stream"),
        )),
        (status = 404, description = "No such agent or conversation", body = ErrorBody),
        (status = 409, description = "The agent is paused or archived, the conversation ended, or the agent's provider is not configured", body = ErrorBody),
        (status = 422, description = "An empty or over-long message", body = ErrorBody),
        (status = 429, description = "The provider's rate limit", body = ErrorBody),
        (status = 502, description = "The provider failed", body = ErrorBody),
        (status = 504, description = "The provider did not answer in time", body = ErrorBody),
    ))]
async fn test_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<ChatIn>,
) -> Result<Response, ApiError> {
    let stream = body.stream || wants_stream(&headers);
    let turn = service::chat(
        &state.runtime,
        &actor,
        &id,
        body.input(stream),
        Purpose::Test,
    )
    .await?;
    respond(turn, stream).await
}

/// The turn as one JSON answer, or as server-sent events.
pub(crate) async fn respond(turn: Turn, stream: bool) -> Result<Response, ApiError> {
    if stream {
        return Ok(streamed(turn).into_response());
    }
    let conversation_id = turn.conversation.id.clone();
    let user_message = MessageOut::from(turn.question.clone());
    let (message, handed_off) = match turn.finish().await {
        Ok(message) => (Some(MessageOut::from(message)), false),
        Err(RuntimeError::HandedOff) => (None, true),
        Err(e) => return Err(e.into()),
    };
    Ok(Envelope::new(ChatOut {
        conversation_id,
        user_message,
        message,
        handed_off,
    })
    .into_response())
}

/// A turn's events as SSE. Dropping the response (the client left) drops
/// the receiver, which stops a streamed answer and keeps it as `partial`.
fn streamed(turn: Turn) -> Sse<impl futures_util::Stream<Item = Result<SseEvent, Infallible>>> {
    let events = turn.into_stream().map(|e| {
        Ok(sse(&match e {
            TurnEvent::Started {
                conversation,
                question,
                answer_id,
                provider,
                model,
                version,
            } => ChatStreamEvent::Start(StartEvent {
                conversation_id: conversation.id,
                user_message: MessageOut::from(question),
                message_id: answer_id,
                provider: agentforge_domain::agent::ModelProvider::parse(provider)
                    .unwrap_or(agentforge_domain::agent::ModelProvider::Builtin),
                model,
                version,
            }),
            TurnEvent::Citations(citations) => ChatStreamEvent::Citations(CitationsEvent {
                citations: citations.into_iter().map(CitationOut::from).collect(),
            }),
            TurnEvent::Delta(text) => ChatStreamEvent::Delta(DeltaEvent { text }),
            TurnEvent::ToolCall(call) => ChatStreamEvent::ToolCall(ToolCallEvent {
                id: call.id,
                name: call.name,
                arguments: call.arguments,
            }),
            TurnEvent::ToolResult(record) => ChatStreamEvent::ToolResult(ToolCallOut::from(record)),
            TurnEvent::Finished { message, .. } => ChatStreamEvent::End(EndEvent {
                message: MessageOut::from(message),
            }),
            TurnEvent::Failed { message, error } => ChatStreamEvent::Error(ErrorEvent {
                error: error.code().to_owned(),
                message: error.to_string(),
                message_id: Some(message.id),
            }),
            TurnEvent::Lost { .. } => ChatStreamEvent::Error(ErrorEvent {
                error: "internal_error".to_owned(),
                message: "The answer could not be stored".to_owned(),
                message_id: None,
            }),
            TurnEvent::HandedOff {
                conversation,
                question,
            } => ChatStreamEvent::HandedOff(HandedOffEvent {
                conversation_id: conversation.id,
                user_message: MessageOut::from(question),
            }),
        }))
    });
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

#[derive(Debug, Deserialize, IntoParams, serde::Serialize)]
#[into_params(parameter_in = Query)]
pub struct ShareQuery {
    /// The token of the agent's public link (not needed by its owner).
    share: Option<String>,
}

/// An agent as seen through its public link
///
/// Name, description, greeting and language: what the end-user chat screen
/// (/user/chat/{agentId}?share=...) shows. Its owner needs no token.
#[utoipa::path(get, path = "/agents/{id}/public", tag = "chat", params(("id" = String, Path), ShareQuery), security(("bearer" = [])),
    responses((status = 200, description = "The agent's public face", body = Envelope<PublicAgentOut>), (status = 404, description = "No such agent, or a wrong token", body = ErrorBody)))]
async fn public_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ShareQuery>,
) -> Result<Envelope<PublicAgentOut>, ApiError> {
    let agent = service::public_agent(&state.runtime, &actor, &id, query.share.as_deref()).await?;
    Ok(Envelope::new(PublicAgentOut {
        id: agent.id,
        name: agent.config.name,
        description: agent.config.description,
        greeting: agent.config.greeting,
        language: agent.config.language,
        status: agent.status,
    }))
}
