//! `POST /agents/{id}/chat`: a person says something and the agent answers,
//! whole or streamed as server-sent events.

mod models;
pub mod service;
mod types;

use std::convert::Infallible;
use std::ops::ControlFlow;
use std::time::Duration;

use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::stream::StreamExt;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::{router::OpenApiRouter, routes};

pub use models::Models;
use types::{ChatIn, ChatOut, PublicAgentOut};

use crate::accounts::CurrentUser;
use crate::http::{ApiError, Envelope, ErrorBody, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(public_agent))
}

/// The chat turn, which may run long (a model may think for minutes).
pub fn turns() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(chat))
}

fn wants_stream(headers: &HeaderMap) -> bool {
    headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.contains("text/event-stream"))
}

fn event(name: &str, data: serde_json::Value) -> SseEvent {
    SseEvent::default().event(name).data(data.to_string())
}

/// Chat with an agent
///
/// Stores the question, answers with the agent's model (and knowledge), and
/// stores the answer with its tokens, latency and sources. Without a
/// `conversationId` a conversation is started. With `Accept:
/// text/event-stream` (or `"stream": true`) the answer streams as events
/// `start`, `citations`, `delta`..., then `end` or `error`; see docs/chat.md.
/// A paused or archived agent answers 409 `agent_inactive`.
#[utoipa::path(post, path = "/agents/{id}/chat", tag = "chat", params(("id" = String, Path)), request_body = ChatIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The stored question and answer (or, streamed, text/event-stream)", body = Envelope<ChatOut>),
        (status = 404, description = "No such agent or conversation", body = ErrorBody),
        (status = 409, description = "The agent is paused or archived, the conversation ended, or the agent's provider is not configured", body = ErrorBody),
        (status = 422, description = "An empty or over-long message", body = ErrorBody),
        (status = 429, description = "The provider's rate limit", body = ErrorBody),
        (status = 502, description = "The provider failed (bad key, unknown model, unavailable, refused)", body = ErrorBody),
        (status = 504, description = "The provider did not answer in time", body = ErrorBody),
    ))]
async fn chat(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    headers: HeaderMap,
    Json(body): Json<ChatIn>,
) -> Result<Response, ApiError> {
    let stream = body.stream || wants_stream(&headers);
    let prepared = service::prepare(&state, &user, &id, body).await?;
    if stream {
        return Ok(streamed(state, prepared).into_response());
    }
    let conversation_id = prepared.conversation.id.clone();
    let user_message = prepared.user_message.clone();
    // The turn runs on its own task, so a caller that goes away still
    // leaves the answer stored.
    let (message, error) = tokio::spawn(async move {
        service::answer(&state, prepared, false, &mut |_| ControlFlow::Continue(())).await
    })
    .await
    .map_err(ApiError::internal)??;
    if let Some(error) = error {
        return Err(service::provider_error(&error));
    }
    Ok(Envelope::new(ChatOut {
        conversation_id,
        user_message,
        message,
    })
    .into_response())
}

fn streamed(
    state: AppState,
    prepared: service::Prepared,
) -> Sse<impl futures_util::Stream<Item = Result<SseEvent, Infallible>>> {
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel::<SseEvent>();
    let _ = tx.send(event(
        "start",
        serde_json::json!({
            "conversationId": prepared.conversation.id,
            "userMessage": prepared.user_message,
            "messageId": prepared.answer_id,
            "provider": prepared.model.provider(),
            "model": prepared.model_name,
        }),
    ));
    if !prepared.citations.is_empty() {
        let _ = tx.send(event(
            "citations",
            serde_json::json!({"citations": prepared.citations}),
        ));
    }
    tokio::spawn(async move {
        let deltas = tx.clone();
        // A closed channel means the client went away: stop, keep what was said.
        let mut on_text = move |text: &str| match deltas
            .send(event("delta", serde_json::json!({"text": text})))
        {
            Ok(()) => ControlFlow::Continue(()),
            Err(_) => ControlFlow::Break(()),
        };
        let last = match service::answer(&state, prepared, true, &mut on_text).await {
            Ok((message, None)) => event("end", serde_json::json!({"message": message})),
            Ok((message, Some(error))) => event(
                "error",
                serde_json::json!({"error": error.code(), "message": error.to_string(), "messageId": message.id}),
            ),
            Err(error) => event(
                "error",
                serde_json::json!({"error": error.code(), "message": "The answer could not be stored"}),
            ),
        };
        let _ = tx.send(last);
    });
    let events = tokio_stream_from(rx).map(Ok);
    Sse::new(events).keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
}

fn tokio_stream_from(
    mut rx: tokio::sync::mpsc::UnboundedReceiver<SseEvent>,
) -> impl futures_util::Stream<Item = SseEvent> {
    futures_util::stream::poll_fn(move |cx| rx.poll_recv(cx))
}

#[derive(Debug, Deserialize, IntoParams)]
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
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ShareQuery>,
) -> Result<Envelope<PublicAgentOut>, ApiError> {
    let agent = service::load_agent(&state, &user, &id, query.share.as_deref()).await?;
    Ok(Envelope::new(PublicAgentOut {
        id: agent.id,
        name: agent.config.name,
        description: agent.config.description,
        greeting: agent.config.greeting,
        language: agent.config.language,
        status: agent.status.as_str().to_owned(),
    }))
}
