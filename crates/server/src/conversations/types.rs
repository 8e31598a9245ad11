//! Request and response bodies of conversations and messages.

use agentforge_store::{Conversation, Message};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

/// A conversation with one agent.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationOut {
    pub id: String,
    pub agent_id: String,
    pub agent_name: String,
    /// Who talked, when signed in.
    pub user_id: Option<String>,
    /// `web`, `widget`, `api`, `voice`, `phone`, `sms` or `webhook`.
    pub channel: String,
    pub title: String,
    /// `active`, `ended` or `handed_off`.
    pub status: String,
    pub message_count: u32,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub started_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// The start of the latest message: given in lists and in
    /// `message.created` events, absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_message: Option<LastMessageOut>,
}

/// The start of a conversation's latest message.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct LastMessageOut {
    /// `user`, `assistant` or `system`.
    pub role: String,
    /// Its first 200 characters.
    pub text: String,
}

impl LastMessageOut {
    /// How much of the latest message a conversation carries.
    pub const CHARS: usize = 200;

    pub fn new(role: &str, content: &str) -> Self {
        Self {
            role: role.to_owned(),
            text: content.chars().take(Self::CHARS).collect(),
        }
    }
}

impl ConversationOut {
    /// With `message` as its latest.
    pub fn with_last_message(self, message: &MessageOut) -> Self {
        Self {
            last_message: Some(LastMessageOut::new(&message.role, &message.content)),
            ..self
        }
    }

    pub fn new(c: Conversation, agent_name: String) -> Self {
        Self {
            id: c.id,
            agent_id: c.agent_id,
            agent_name,
            user_id: c.user_id,
            channel: c.channel.as_str().to_owned(),
            title: c.title,
            status: c.status.as_str().to_owned(),
            message_count: c.message_count,
            tokens_in: c.tokens_in,
            tokens_out: c.tokens_out,
            started_at: c.started_at,
            last_message_at: c.last_message_at,
            ended_at: c.ended_at,
            last_message: None,
        }
    }
}

/// A knowledge passage an answer drew on.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CitationOut {
    pub document_id: String,
    pub document_name: String,
    pub passage_id: i64,
    /// The passage's text, shortened to about 300 characters.
    pub excerpt: String,
    /// How well it matched; comparable within one answer.
    pub score: f64,
}

/// A tool the model called while answering.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallOut {
    pub id: String,
    pub name: String,
    pub arguments: serde_json::Value,
    pub result: String,
    pub is_error: bool,
}

/// One message of a conversation.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessageOut {
    pub id: String,
    pub conversation_id: String,
    /// `user`, `assistant`, `system` or `tool`.
    pub role: String,
    pub content: String,
    /// `complete`; `partial` when the answer was cut short; `failed` when the model failed.
    pub status: String,
    /// Why the answer failed, in words.
    pub error: Option<String>,
    pub citations: Vec<CitationOut>,
    pub tool_calls: Vec<ToolCallOut>,
    pub tokens_in: u32,
    pub tokens_out: u32,
    /// From the question to the whole answer.
    pub latency_ms: Option<u32>,
    /// From the question to the first piece of the answer.
    pub first_token_ms: Option<u32>,
    /// `builtin`, `openai` or `gemini`, on answers.
    pub provider: Option<String>,
    pub model: Option<String>,
    /// Shown under the answer, e.g. that no language model is connected.
    pub notice: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Message> for MessageOut {
    fn from(m: Message) -> Self {
        Self {
            id: m.id,
            conversation_id: m.conversation_id,
            role: m.role.as_str().to_owned(),
            content: m.content,
            status: m.status.as_str().to_owned(),
            error: m.error,
            citations: serde_json::from_value(m.citations).unwrap_or_default(),
            tool_calls: serde_json::from_value(m.tool_calls).unwrap_or_default(),
            tokens_in: m.tokens_in,
            tokens_out: m.tokens_out,
            latency_ms: m.latency_ms,
            first_token_ms: m.first_token_ms,
            provider: m.provider,
            model: m.model,
            notice: m.notice,
            created_at: m.created_at,
        }
    }
}

/// Filters of the conversation list.
#[derive(Debug, Default, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConversationQuery {
    pub page: Option<u64>,
    pub limit: Option<u64>,
    pub agent_id: Option<String>,
    /// `web`, `widget`, `api`, `voice`, `phone`, `sms`, `webhook` or `all`.
    pub channel: Option<String>,
    /// `active`, `ended`, `handed_off` or `all`.
    pub status: Option<String>,
    /// Started at or after this instant (RFC 3339).
    pub from: Option<String>,
    /// Started at or before this instant (RFC 3339).
    pub to: Option<String>,
    /// Words in the title or in any message.
    pub search: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationIn {
    #[serde(default)]
    pub agent_id: String,
    /// Default `web`.
    pub channel: Option<String>,
    pub title: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `json` (default) or `csv`.
    pub format: Option<String>,
}
