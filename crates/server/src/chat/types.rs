//! Request and response bodies of the chat call.

use agentforge_domain::agent::AgentStatus;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::conversations::{CitationOut, MessageOut, ToolCallOut};

fn yes() -> bool {
    true
}

/// One turn of a chat.
#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatIn {
    /// What the person says (white space around it is trimmed; not only
    /// white space).
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 32000, pattern = r"\S")]
    pub message: String,
    /// Continue this conversation; absent starts a new one.
    #[serde(skip_serializing_if = "Option::is_none")]
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
    #[serde(skip_serializing_if = "Option::is_none")]
    pub share_token: Option<String>,
}

impl ChatIn {
    /// A new turn saying `message`, with every default.
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
            conversation_id: None,
            use_knowledge_base: true,
            include_context: true,
            stream: false,
            share_token: None,
        }
    }
}

/// A whole (non-streamed) turn.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ChatOut {
    pub conversation_id: String,
    pub user_message: MessageOut,
    /// The agent's answer, as stored; `null` when a person of the team
    /// holds the conversation (`handedOff`) and will answer in it.
    pub message: Option<MessageOut>,
    /// A person of the team holds the conversation: the message reached
    /// them and the agent did not answer.
    pub handed_off: bool,
}

/// What a person who does not own an agent may know of it, through its
/// public link.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PublicAgentOut {
    pub id: String,
    pub name: String,
    pub description: String,
    pub greeting: String,
    pub language: String,
    /// Only draft and active agents chat.
    pub status: AgentStatus,
}

/// `start`: the question is stored and the answer begins.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StartEvent {
    pub conversation_id: String,
    pub user_message: MessageOut,
    /// The answer's id, before it is whole.
    pub message_id: String,
    pub provider: agentforge_domain::agent::ModelProvider,
    pub model: String,
    /// The agent version answering.
    pub version: u32,
}

/// `citations`: the knowledge passages the answer draws on.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct CitationsEvent {
    pub citations: Vec<CitationOut>,
}

/// `delta`: the next piece of the answer.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct DeltaEvent {
    pub text: String,
}

/// `tool_call`: the model asked for a tool.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct ToolCallEvent {
    pub id: String,
    pub name: String,
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub arguments: serde_json::Value,
}

/// `end`: the answer as stored.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct EndEvent {
    pub message: MessageOut,
}

/// `handed_off`: a person of the team holds the conversation; the message
/// reached them, and the agent does not answer. The only event of its turn.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HandedOffEvent {
    pub conversation_id: String,
    pub user_message: MessageOut,
}

/// `error`: the model failed (what it said is stored as a failed answer),
/// or the answer could not be stored.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ErrorEvent {
    /// A stable code such as `provider_unavailable`.
    pub error: String,
    pub message: String,
    /// The failed answer's id, when it was stored.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message_id: Option<String>,
}

/// One server-sent event of a streamed turn: `event` is its `event:` line,
/// `data` the JSON of its `data:` line. First `start`, then `citations`
/// (when knowledge matched), `delta`s with `tool_call` and `tool_result`
/// among them, and last `end` or `error`; or only `handed_off`, when a
/// person of the team holds the conversation. Comments (`:`) keep the
/// stream alive every 15 s.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "snake_case")]
pub enum ChatStreamEvent {
    Start(StartEvent),
    Citations(CitationsEvent),
    Delta(DeltaEvent),
    ToolCall(ToolCallEvent),
    ToolResult(ToolCallOut),
    End(EndEvent),
    Error(ErrorEvent),
    HandedOff(HandedOffEvent),
}

/// One server-sent event of a streamed turn as it travels: `event` is its
/// `event:` line and `data` its `data:` line, the JSON text of the event
/// ([`ChatStreamEvent`] describes them decoded). In the API document each
/// `data` says its media type and the schema of what it holds.
pub struct ChatStreamFrame;

impl ChatStreamFrame {
    /// Each event name with the schema of its data.
    const EVENTS: [(&'static str, &'static str); 8] = [
        ("start", "StartEvent"),
        ("citations", "CitationsEvent"),
        ("delta", "DeltaEvent"),
        ("tool_call", "ToolCallEvent"),
        ("tool_result", "ToolCallOut"),
        ("end", "EndEvent"),
        ("error", "ErrorEvent"),
        ("handed_off", "HandedOffEvent"),
    ];
}

impl utoipa::__dev::ComposeSchema for ChatStreamFrame {
    fn compose(
        _generics: Vec<utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>>,
    ) -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        let mut frames = OneOfBuilder::new();
        for (event, data) in Self::EVENTS {
            frames = frames.item(
                ObjectBuilder::new()
                    .property(
                        "event",
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .enum_values(Some([event])),
                    )
                    .required("event")
                    .property(
                        "data",
                        ObjectBuilder::new()
                            .schema_type(Type::String)
                            .content_media_type("application/json")
                            .content_schema(Some(utoipa::openapi::Ref::from_schema_name(data))),
                    )
                    .required("data"),
            );
        }
        frames
            .description(Some(
                "A server-sent event as sent: `data` is the JSON text of the event's object",
            ))
            .into()
    }
}

impl utoipa::ToSchema for ChatStreamFrame {
    fn schemas(
        schemas: &mut Vec<(
            String,
            utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>,
        )>,
    ) {
        // The decoded events, and through them every schema a frame names.
        schemas.push((
            <ChatStreamEvent as utoipa::ToSchema>::name().into_owned(),
            <ChatStreamEvent as utoipa::PartialSchema>::schema(),
        ));
        <ChatStreamEvent as utoipa::ToSchema>::schemas(schemas);
    }
}
