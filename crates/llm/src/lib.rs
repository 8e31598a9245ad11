//! Model providers: one [`ChatModel`] trait, three implementations
//! (OpenAI-compatible chat completions, Google Gemini's native API and the
//! built-in offline responder), and [`run_turn`], the bounded tool-calling
//! loop every chat turn goes through.
//!
//! Providers speak their real wire formats over HTTP with configurable base
//! URLs, so tests stand them in with local servers.

mod builtin;
mod error;
mod gemini;
mod http;
mod openai;
mod sse;
mod stream;
mod turn;

use futures_util::stream::BoxStream;
use serde::{Deserialize, Serialize};

pub use builtin::{Builtin, NOTICE as BUILTIN_NOTICE};
pub use error::ProviderError;
pub use gemini::Gemini;
pub use openai::{DEFAULT_BASE_URL as OPENAI_BASE_URL, OpenAi};
pub use sse::{SseDecoder, SseEvent};
pub use turn::{
    MAX_TOOL_ROUNDS, NoTools, RECORDED_RESULT_CHARS, ToolCallRecord, Tools, TurnError,
    TurnObserver, TurnOutcome, run_turn,
};

/// Who said a message.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    System,
    User,
    Assistant,
    Tool,
}

/// A tool call the model asked for.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolCall {
    pub id: String,
    pub name: String,
    /// The arguments, parsed when they are JSON (a string otherwise).
    pub arguments: serde_json::Value,
}

/// One message of the conversation sent to the model.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatMessage {
    pub role: Role,
    pub content: String,
    /// On assistant messages: the calls the model made.
    pub tool_calls: Vec<ToolCall>,
    /// On tool messages: the call this answers, and its tool's name.
    pub tool_call_id: Option<String>,
    pub tool_name: Option<String>,
}

impl ChatMessage {
    pub fn new(role: Role, content: impl Into<String>) -> Self {
        Self {
            role,
            content: content.into(),
            tool_calls: Vec::new(),
            tool_call_id: None,
            tool_name: None,
        }
    }
}

/// A tool the model may call, described by a JSON schema.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct ToolSpec {
    pub name: String,
    pub description: String,
    pub parameters: serde_json::Value,
}

/// A passage of the agent's knowledge base that matched the question.
#[derive(Debug, Clone, PartialEq)]
pub struct GroundingPassage {
    /// The document's name.
    pub source: String,
    pub text: String,
}

/// What the agent knows about itself and the question; real models get it in
/// the system prompt, the built-in responder answers from it alone.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Grounding {
    pub agent_name: String,
    pub description: String,
    pub greeting: String,
    /// The agent's language (a BCP 47 tag); the built-in responder answers in it.
    pub language: String,
    pub passages: Vec<GroundingPassage>,
}

/// One call to a model.
#[derive(Debug, Clone, PartialEq)]
pub struct ChatRequest {
    pub model: String,
    /// Instructions first (as a system message), then the conversation.
    pub messages: Vec<ChatMessage>,
    pub temperature: f64,
    pub max_tokens: u32,
    pub tools: Vec<ToolSpec>,
    pub grounding: Grounding,
}

/// Tokens a call consumed, as the provider counted them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, Serialize, Deserialize)]
pub struct Usage {
    pub input_tokens: u32,
    pub output_tokens: u32,
}

impl Usage {
    /// A count for a call whose provider gave none: the request's messages
    /// in, `text` out, by [`estimate_tokens`].
    pub fn estimate(request: &ChatRequest, text: &str) -> Self {
        Self {
            input_tokens: request
                .messages
                .iter()
                .map(|m| estimate_tokens(&m.content))
                .sum(),
            output_tokens: estimate_tokens(text),
        }
    }
}

impl std::ops::AddAssign for Usage {
    fn add_assign(&mut self, other: Self) {
        self.input_tokens = self.input_tokens.saturating_add(other.input_tokens);
        self.output_tokens = self.output_tokens.saturating_add(other.output_tokens);
    }
}

/// A whole answer from a non-streaming call.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Completion {
    pub text: String,
    pub tool_calls: Vec<ToolCall>,
    pub usage: Option<Usage>,
}

/// A piece of a streamed answer.
#[derive(Debug, Clone, PartialEq)]
pub enum StreamEvent {
    Text(String),
    /// A complete tool call (providers stream their arguments in pieces; they
    /// are assembled before this is emitted).
    ToolCall(ToolCall),
    Usage(Usage),
}

pub type EventStream = BoxStream<'static, Result<StreamEvent, ProviderError>>;

/// A model provider.
#[async_trait::async_trait]
pub trait ChatModel: Send + Sync {
    /// `builtin`, `openai` or `gemini`.
    fn provider(&self) -> &'static str;

    /// The model used when an agent names none.
    fn default_model(&self) -> &str;

    /// The whole answer at once.
    async fn complete(&self, request: &ChatRequest) -> Result<Completion, ProviderError>;

    /// The answer as it is produced.
    async fn stream(&self, request: &ChatRequest) -> Result<EventStream, ProviderError>;
}

/// A rough token count for text a provider did not count (about four
/// characters a token for English).
pub fn estimate_tokens(text: &str) -> u32 {
    u32::try_from(text.chars().count().div_ceil(4)).unwrap_or(u32::MAX)
}
