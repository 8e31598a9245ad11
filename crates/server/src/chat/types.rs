//! Request and response bodies of the chat call.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::conversations::MessageOut;

fn yes() -> bool {
    true
}

/// One turn of a chat.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatIn {
    /// What the person says: 1 to 32 000 characters.
    #[serde(default)]
    pub message: String,
    /// Continue this conversation; absent starts a new one.
    pub conversation_id: Option<String>,
    /// Search the agent's knowledge base and cite it (default true).
    #[serde(default = "yes")]
    pub use_knowledge_base: bool,
    /// Send the conversation's earlier turns to the model (default true).
    #[serde(default = "yes")]
    pub include_context: bool,
    /// Answer as server-sent events (same as `Accept: text/event-stream`).
    #[serde(default)]
    pub stream: bool,
    /// The token of the agent's public link, for people who do not own it.
    pub share_token: Option<String>,
}

/// A whole (non-streamed) turn.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChatOut {
    pub conversation_id: String,
    pub user_message: MessageOut,
    /// The agent's answer, as stored.
    pub message: MessageOut,
}

/// What a person who does not own an agent may know of it, through its
/// public link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PublicAgentOut {
    pub id: String,
    pub name: String,
    pub description: String,
    pub greeting: String,
    pub language: String,
    /// `active`, `draft`, `paused` or `archived`; only draft and active agents chat.
    pub status: String,
}
