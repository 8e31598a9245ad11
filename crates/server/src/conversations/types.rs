//! Request and response bodies of conversations and messages.

use agentforge_domain::agent::ModelProvider;
use agentforge_domain::conversation::{Channel, ConversationStatus, MessageRole, MessageStatus};
use agentforge_domain::error::{Error, Problems, messages};
use agentforge_domain::paging::Page;
use agentforge_llm::ToolCallRecord;
use agentforge_runtime::Citation;
use agentforge_store::{Conversation, Message};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::export::Format;
use super::service::{LAST_MESSAGE_CHARS, Listed, Listing, NewConversationInput};
use crate::http::Filter;

/// A conversation with one agent.
#[derive(Debug, Clone, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversationOut {
    pub id: String,
    pub agent_id: String,
    pub agent_name: String,
    /// Who talked, when signed in.
    pub user_id: Option<String>,
    pub channel: Channel,
    pub title: String,
    pub status: ConversationStatus,
    pub message_count: u32,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub started_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
    /// The team member who took the conversation over (`handed_off`).
    pub assignee_id: Option<String>,
    /// The start of the latest message: given in lists and in
    /// `message.created` events, absent when there is none.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_message: Option<LastMessageOut>,
}

/// The start of a conversation's latest message.
#[derive(Debug, Clone, Serialize, ToSchema, serde::Deserialize)]
pub struct LastMessageOut {
    pub role: MessageRole,
    /// Its first 200 characters.
    pub text: String,
}

impl LastMessageOut {
    pub fn new(role: MessageRole, content: &str) -> Self {
        Self {
            role,
            text: content.chars().take(LAST_MESSAGE_CHARS).collect(),
        }
    }
}

impl ConversationOut {
    /// With `message` as its latest.
    pub fn with_last_message(self, message: &MessageOut) -> Self {
        Self {
            last_message: Some(LastMessageOut::new(message.role, &message.content)),
            ..self
        }
    }

    pub fn new(c: Conversation, agent_name: String) -> Self {
        Self {
            id: c.id,
            agent_id: c.agent_id,
            agent_name,
            user_id: c.user_id,
            channel: c.channel,
            title: c.title,
            status: c.status,
            message_count: c.message_count,
            tokens_in: c.tokens_in,
            tokens_out: c.tokens_out,
            assignee_id: c.assignee_id,
            started_at: c.started_at,
            last_message_at: c.last_message_at,
            ended_at: c.ended_at,
            last_message: None,
        }
    }
}

impl From<Listed> for ConversationOut {
    fn from(listed: Listed) -> Self {
        Self {
            last_message: listed
                .last_message
                .map(|(role, text)| LastMessageOut::new(role, &text)),
            ..Self::new(listed.conversation, listed.agent_name)
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

impl From<Citation> for CitationOut {
    fn from(c: Citation) -> Self {
        Self {
            document_id: c.document_id,
            document_name: c.document_name,
            passage_id: c.passage_id,
            excerpt: c.excerpt,
            score: c.score,
        }
    }
}

/// A transcript as JSON (`GET /conversations/{id}/export`): the
/// conversation and its messages, oldest first.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct TranscriptOut {
    pub conversation: ConversationOut,
    pub messages: Vec<MessageOut>,
}

/// A tool the model called while answering.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolCallOut {
    pub id: String,
    pub name: String,
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub arguments: serde_json::Value,
    /// What it answered, or why it failed (the first 4,000 characters).
    pub result: String,
    pub is_error: bool,
    /// How long it took (0 on answers written before this was kept).
    #[serde(default)]
    pub duration_ms: u64,
    /// The MCP server it belongs to.
    #[serde(default)]
    pub source: Option<String>,
}

impl From<ToolCallRecord> for ToolCallOut {
    fn from(r: ToolCallRecord) -> Self {
        Self {
            id: r.id,
            name: r.name,
            arguments: r.arguments,
            result: r.result,
            is_error: r.is_error,
            duration_ms: r.duration_ms,
            source: r.source,
        }
    }
}

/// One message of a conversation.
#[derive(Debug, Clone, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MessageOut {
    pub id: String,
    pub conversation_id: String,
    pub role: MessageRole,
    pub content: String,
    /// `complete`; `streaming` while the answer is being written (the
    /// content so far); `partial` when it was cut short; `interrupted` when
    /// the server stopped mid-answer; `failed` when the model failed.
    pub status: MessageStatus,
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
    /// On answers.
    pub provider: Option<ModelProvider>,
    pub model: Option<String>,
    /// Shown under the answer, e.g. that no language model is connected.
    pub notice: Option<String>,
    /// Said by the agent's conversation flow: the node, its buttons, and
    /// how to speak it and listen after it.
    pub flow: Option<agentforge_domain::flow::FlowSaid>,
    /// A team member who typed this answer in a handed-off conversation
    /// (the agent did not).
    pub author_id: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<Message> for MessageOut {
    fn from(m: Message) -> Self {
        Self {
            id: m.id,
            conversation_id: m.conversation_id,
            role: m.role,
            content: m.content,
            status: m.status,
            error: m.error,
            citations: serde_json::from_value(m.citations).unwrap_or_default(),
            // Stored as the runtime's records (snake_case), shown camelCase.
            tool_calls: serde_json::from_value::<Vec<ToolCallRecord>>(m.tool_calls)
                .unwrap_or_default()
                .into_iter()
                .map(ToolCallOut::from)
                .collect(),
            tokens_in: m.tokens_in,
            tokens_out: m.tokens_out,
            latency_ms: m.latency_ms,
            first_token_ms: m.first_token_ms,
            provider: m
                .provider
                .as_deref()
                .and_then(|p| ModelProvider::parse(p).ok()),
            model: m.model,
            notice: m.notice,
            flow: m.flow.and_then(|f| serde_json::from_value(f).ok()),
            author_id: m.author_id,
            created_at: m.created_at,
        }
    }
}

/// Filters of the conversation list.
#[derive(Debug, Default, Deserialize, IntoParams, serde::Serialize)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ConversationQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// From 1 to 100 (default 10).
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Only this agent's (`all` means no filter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default)]
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channel: Option<Filter<Channel>>,
    #[serde(default)]
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<ConversationStatus>>,
    /// Started at or after this instant (RFC 3339, or a YYYY-MM-DD date).
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Started at or before this instant (RFC 3339, or a YYYY-MM-DD date: its end).
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Words in the title or in any message.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}

pub(crate) fn instant(
    problems: &mut Problems,
    field: &str,
    value: Option<&str>,
) -> Option<DateTime<Utc>> {
    let value = value.map(str::trim).filter(|v| !v.is_empty())?;
    match DateTime::parse_from_rfc3339(value) {
        Ok(t) => Some(t.with_timezone(&Utc)),
        Err(_) => match chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
            // A bare date: the start of that day for `from`, its end for `to`.
            Ok(day) => {
                let time = if field == "to" {
                    day.and_hms_micro_opt(23, 59, 59, 999_999)
                } else {
                    day.and_hms_opt(0, 0, 0)
                };
                time.map(|t| t.and_utc())
            }
            Err(_) => {
                problems.add(field, "Expected an RFC 3339 instant or a YYYY-MM-DD date");
                None
            }
        },
    }
}

impl ConversationQuery {
    /// The listing asked for; every bad filter is reported at once.
    pub fn listing(self) -> Result<Listing, Error> {
        let mut problems = Problems::default();
        let page = Page::parse(self.page, self.limit, &mut problems);
        let from = instant(&mut problems, "from", self.from.as_deref());
        let to = instant(&mut problems, "to", self.to.as_deref());
        problems.text("search", self.search.as_deref(), 200);
        problems.finish()?;
        Ok(Listing {
            page,
            agent_id: self.agent_id.filter(|a| !a.is_empty() && a != "all"),
            channel: self.channel.and_then(Filter::value),
            status: self.status.and_then(Filter::value),
            from,
            to,
            search: self.search,
        })
    }
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ConversationIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub agent_id: String,
    /// Default `web`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub channel: Option<Channel>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
}

impl ConversationIn {
    pub fn input(self) -> Result<NewConversationInput, Error> {
        // An id is matched as it is: only a missing one is "Required"; one of
        // blanks names no agent (404), as any other unknown id does.
        let agent_id = self.agent_id.as_str();
        if agent_id.is_empty() {
            return Err(Error::invalid("agentId", messages::REQUIRED));
        }
        let mut problems = Problems::default();
        problems.text("title", self.title.as_deref(), 200);
        problems.finish()?;
        Ok(NewConversationInput {
            agent_id: agent_id.to_owned(),
            channel: self.channel.unwrap_or(Channel::Web),
            title: self.title,
        })
    }
}

/// A transcript's format.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    #[default]
    Json,
    Csv,
}

#[derive(Debug, Deserialize, IntoParams, serde::Serialize)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// Default `json`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<ExportFormat>,
}

impl From<ExportFormat> for Format {
    fn from(f: ExportFormat) -> Self {
        match f {
            ExportFormat::Json => Format::Json,
            ExportFormat::Csv => Format::Csv,
        }
    }
}

/// A team member's answer in a conversation handed to a person.
#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ReplyIn {
    /// What to say as the agent (white space around it is trimmed; not
    /// only white space).
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 32000, pattern = r"\S")]
    pub message: String,
}
