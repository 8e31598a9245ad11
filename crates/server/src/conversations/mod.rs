//! `/conversations/*` and `/agents/{id}/conversations/*`: what was said, by
//! whom, and transcripts to take away.

mod export;
pub mod service;
pub(crate) mod types;

use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use utoipa_axum::{router::OpenApiRouter, routes};

pub use types::ConversationQuery;
pub use types::{CitationOut, ConversationOut, MessageOut, ToolCallOut, TranscriptOut};
use types::{ConversationIn, ExportQuery, ReplyIn};

use crate::auth::CurrentUser;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, ListMeta, Paged, Query};
use crate::state::AppState;

fn page(
    (listed, total): (Vec<service::Listed>, u64),
    listing_page: agentforge_domain::paging::Page,
) -> Paged<ConversationOut> {
    Paged::new(
        listed.into_iter().map(ConversationOut::from).collect(),
        ListMeta {
            page: listing_page.page,
            limit: listing_page.limit,
            total,
        },
    )
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_conversations, create_conversation))
        .routes(routes!(get_conversation, delete_conversation))
        .routes(routes!(conversation_messages))
        .routes(routes!(end_conversation))
        .routes(routes!(take_over_conversation))
        .routes(routes!(reply_in_conversation))
        .routes(routes!(hand_back_conversation))
        .routes(routes!(export_conversation))
        .routes(routes!(agent_conversations))
        .routes(routes!(get_agent_conversation, delete_agent_conversation))
}

/// List conversations
///
/// The conversations of the caller's agents and those the caller held with
/// agents shared with them, latest activity first; filtered by agent,
/// channel, status, start date range and words in the title or messages.
#[utoipa::path(get, path = "/conversations", tag = "conversations", params(ConversationQuery), security(("bearer" = [])),
    responses((status = 200, description = "A page of conversations", body = Paged<ConversationOut>), (status = 422, description = "A bad filter", body = ErrorBody)))]
async fn list_conversations(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ConversationQuery>,
) -> Result<Paged<ConversationOut>, ApiError> {
    let listing = query.listing()?;
    let paging = listing.page;
    let found = service::list(&state.store, &actor, listing).await?;
    Ok(page(found, paging))
}

/// Start a conversation
///
/// With one of the caller's agents; chatting without a `conversationId`
/// starts one too.
#[utoipa::path(post, path = "/conversations", tag = "conversations", request_body = ConversationIn, security(("bearer" = [])),
    responses((status = 201, description = "Started", body = Envelope<ConversationOut>), (status = 404, description = "Unknown agent", body = ErrorBody), (status = 422, description = "A field is invalid", body = ErrorBody)))]
async fn create_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<ConversationIn>,
) -> Result<(StatusCode, Envelope<ConversationOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::create(&state.runtime, &actor, body.input()?)
                .await?
                .into(),
        ),
    ))
}

/// Get a conversation
#[utoipa::path(get, path = "/conversations/{id}", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "The conversation", body = Envelope<ConversationOut>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn get_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ConversationOut>, ApiError> {
    let listed = service::get(&state.store, &actor, &id, None).await?;
    Ok(Envelope::new(listed.into()))
}

/// Delete a conversation and its messages
#[utoipa::path(delete, path = "/conversations/{id}", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<DeletedOut>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn delete_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete(&state.runtime, &actor, &id, None).await?;
    Ok(Envelope::new(DeletedOut::new(id)))
}

/// A conversation's messages, oldest first
#[utoipa::path(get, path = "/conversations/{id}/messages", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Every message", body = Envelope<Vec<MessageOut>>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn conversation_messages(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<MessageOut>>, ApiError> {
    let messages = service::messages(&state.store, &actor, &id).await?;
    Ok(Envelope::new(
        messages.into_iter().map(MessageOut::from).collect(),
    ))
}

/// End a conversation
///
/// Ended conversations take no more messages. Ending one twice is harmless.
#[utoipa::path(post, path = "/conversations/{id}/end", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Ended", body = Envelope<ConversationOut>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn end_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ConversationOut>, ApiError> {
    let ended = service::end(&state.runtime, &actor, &id).await?;
    Ok(Envelope::new(ended.into()))
}

/// Take a conversation over
///
/// A person of the team (who may edit the agent) answers in the
/// conversation as the agent from now on; the agent, its flow and its
/// model stay silent until it is handed back. The conversation becomes
/// `handed_off` with the caller as its assignee; live views hear
/// `conversation.handed_off`.
#[utoipa::path(post, path = "/conversations/{id}/take-over", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Taken over", body = Envelope<ConversationOut>), (status = 403, description = "Cannot edit the agent", body = ErrorBody), (status = 404, description = "No such conversation", body = ErrorBody), (status = 409, description = "The conversation has ended", body = ErrorBody)))]
async fn take_over_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ConversationOut>, ApiError> {
    let taken = service::take_over(&state.runtime, &actor, &id).await?;
    Ok(Envelope::new(taken.into()))
}

/// Answer as the agent
///
/// In a conversation handed to a person: the message is stored as the
/// agent's answer (with the caller as its author) and reaches the
/// conversation's live views. Answering one nobody has taken yet takes it.
#[utoipa::path(post, path = "/conversations/{id}/reply", tag = "conversations", params(("id" = String, Path)), request_body = ReplyIn, security(("bearer" = [])),
    responses((status = 201, description = "Said", body = Envelope<MessageOut>), (status = 400, description = "An empty or too long message", body = ErrorBody), (status = 403, description = "Cannot edit the agent", body = ErrorBody), (status = 404, description = "No such conversation", body = ErrorBody), (status = 409, description = "Not handed off, or ended", body = ErrorBody)))]
async fn reply_in_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(input): Json<ReplyIn>,
) -> Result<(StatusCode, Envelope<MessageOut>), ApiError> {
    let message = service::reply(&state.runtime, &actor, &id, &input.message).await?;
    Ok((StatusCode::CREATED, Envelope::new(message.into())))
}

/// Hand a conversation back to its agent
///
/// The agent answers the next message again, freely (a flow it followed is
/// over; what the flow captured is kept). Live views hear
/// `conversation.handed_off` with the conversation `active`.
#[utoipa::path(post, path = "/conversations/{id}/hand-back", tag = "conversations", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Handed back", body = Envelope<ConversationOut>), (status = 403, description = "Cannot edit the agent", body = ErrorBody), (status = 404, description = "No such conversation", body = ErrorBody), (status = 409, description = "Not handed off, or ended", body = ErrorBody)))]
async fn hand_back_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ConversationOut>, ApiError> {
    let back = service::hand_back(&state.runtime, &actor, &id).await?;
    Ok(Envelope::new(back.into()))
}

/// Download a transcript
///
/// JSON (the conversation and its messages) or CSV (one row a message), as
/// an attachment.
#[utoipa::path(get, path = "/conversations/{id}/export", tag = "conversations", params(("id" = String, Path), ExportQuery), security(("bearer" = [])),
    responses((status = 200, description = "The transcript file", content((TranscriptOut = "application/json"), (String = "text/csv"))), (status = 404, description = "No such conversation", body = ErrorBody), (status = 422, description = "Unknown format", body = ErrorBody)))]
async fn export_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ExportQuery>,
) -> Result<Response, ApiError> {
    let (conversation, messages) = service::transcript(&state.store, &actor, &id).await?;
    let transcript = TranscriptOut {
        conversation: conversation.into(),
        messages: messages.into_iter().map(MessageOut::from).collect(),
    };
    let (content_type, file_name, body) =
        export::render(query.format.unwrap_or_default().into(), &transcript)
            .map_err(ApiError::internal)?;
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{file_name}\""),
            ),
        ],
        body,
    )
        .into_response())
}

/// An agent's conversations
#[utoipa::path(get, path = "/agents/{id}/conversations", tag = "conversations", params(("id" = String, Path), ConversationQuery), security(("bearer" = [])),
    responses((status = 200, description = "A page of the agent's conversations", body = Paged<ConversationOut>), (status = 404, description = "No such agent", body = ErrorBody)))]
async fn agent_conversations(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ConversationQuery>,
) -> Result<Paged<ConversationOut>, ApiError> {
    let listing = query.listing()?;
    let paging = listing.page;
    let found = service::list_for_agent(&state.store, &actor, &id, listing).await?;
    Ok(page(found, paging))
}

/// One of an agent's conversations
#[utoipa::path(get, path = "/agents/{id}/conversations/{conversationId}", tag = "conversations", params(("id" = String, Path), ("conversationId" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "The conversation", body = Envelope<ConversationOut>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn get_agent_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, conversation_id)): Path<(String, String)>,
) -> Result<Envelope<ConversationOut>, ApiError> {
    let listed = service::get(&state.store, &actor, &conversation_id, Some(&id)).await?;
    Ok(Envelope::new(listed.into()))
}

/// Delete one of an agent's conversations
#[utoipa::path(delete, path = "/agents/{id}/conversations/{conversationId}", tag = "conversations", params(("id" = String, Path), ("conversationId" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<DeletedOut>), (status = 404, description = "No such conversation", body = ErrorBody)))]
async fn delete_agent_conversation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, conversation_id)): Path<(String, String)>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete(&state.runtime, &actor, &conversation_id, Some(&id)).await?;
    Ok(Envelope::new(DeletedOut::new(conversation_id)))
}
