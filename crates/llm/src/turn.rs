//! One chat turn: call the model, run the tools it asks for, call it again
//! with their results; at most [`MAX_TOOL_ROUNDS`] rounds of tools, then the
//! model must answer without them.

use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use futures_util::StreamExt;

use crate::{
    ChatMessage, ChatModel, ChatRequest, ProviderError, Role, StreamEvent, ToolCall, ToolSpec,
    Usage,
};

pub const MAX_TOOL_ROUNDS: usize = 4;
/// A tool's result is kept with the answer up to this many characters (the
/// model reads it whole).
pub const RECORDED_RESULT_CHARS: usize = 4_000;

/// The tools a turn may use (an agent's MCP servers).
#[async_trait::async_trait]
pub trait Tools: Send + Sync {
    fn specs(&self) -> Vec<ToolSpec>;

    /// Runs a tool; an error is reported back to the model as the result.
    async fn call(&self, name: &str, arguments: &serde_json::Value) -> Result<String, String>;

    /// Where a tool comes from (its server's name), for the record.
    fn source(&self, _name: &str) -> Option<String> {
        None
    }
}

/// No tools at all.
pub struct NoTools;

#[async_trait::async_trait]
impl Tools for NoTools {
    fn specs(&self) -> Vec<ToolSpec> {
        Vec::new()
    }

    async fn call(&self, name: &str, _: &serde_json::Value) -> Result<String, String> {
        Err(format!("Unknown tool '{name}'"))
    }
}

/// A tool call made during the turn, with what it returned.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct ToolCallRecord {
    pub id: String,
    pub name: String,
    pub arguments: serde_json::Value,
    /// What it answered (or why it failed), cut to [`RECORDED_RESULT_CHARS`].
    pub result: String,
    pub is_error: bool,
    /// How long it took.
    #[serde(default)]
    pub duration_ms: u64,
    /// Its server's name, when the tools say.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
}

/// What a turn produced.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct TurnOutcome {
    pub text: String,
    pub usage: Usage,
    pub tool_calls: Vec<ToolCallRecord>,
    /// From the start of the turn to the first piece of text.
    pub first_token: Option<Duration>,
    /// The receiver of the text asked to stop: `text` is partial.
    pub stopped: bool,
}

/// A failed turn, with what had been produced before the failure.
#[derive(Debug, Clone, PartialEq)]
pub struct TurnError {
    pub error: ProviderError,
    pub partial: TurnOutcome,
}

/// Who watches a turn as it runs: its text as it comes, and each tool call
/// with its result. A closure over the text is an observer too.
pub trait TurnObserver: Send {
    /// A piece of the answer; `Break` stops the turn with what was produced.
    fn text(&mut self, text: &str) -> ControlFlow<()>;

    /// The model asked for a tool.
    fn tool_call(&mut self, _call: &ToolCall) {}

    /// A tool answered (or failed).
    fn tool_result(&mut self, _record: &ToolCallRecord) {}
}

impl<F: FnMut(&str) -> ControlFlow<()> + Send> TurnObserver for F {
    fn text(&mut self, text: &str) -> ControlFlow<()> {
        self(text)
    }
}

/// Runs a turn. Text is handed to the observer as it comes (streamed or
/// whole), and so is every tool call and its result.
pub async fn run_turn(
    model: &dyn ChatModel,
    mut request: ChatRequest,
    tools: &dyn Tools,
    stream: bool,
    on_text: &mut dyn TurnObserver,
) -> Result<TurnOutcome, TurnError> {
    let started = Instant::now();
    let mut outcome = TurnOutcome::default();
    request.tools = tools.specs();
    for round in 0..=MAX_TOOL_ROUNDS {
        if round == MAX_TOOL_ROUNDS {
            // Enough tools: the model answers with what it has.
            request.tools.clear();
        }
        let (calls, usage) =
            match one_call(model, &request, stream, started, &mut outcome, on_text).await {
                Ok(result) => result,
                Err(error) => {
                    return Err(TurnError {
                        error,
                        partial: outcome,
                    });
                }
            };
        outcome.usage += usage;
        if outcome.stopped || calls.is_empty() || request.tools.is_empty() {
            return Ok(outcome);
        }
        let mut assistant = ChatMessage::new(Role::Assistant, "");
        assistant.tool_calls = calls.clone();
        request.messages.push(assistant);
        for call in calls {
            on_text.tool_call(&call);
            let called = Instant::now();
            let (result, is_error) = match tools.call(&call.name, &call.arguments).await {
                Ok(result) => (result, false),
                Err(error) => (error, true),
            };
            let duration_ms = u64::try_from(called.elapsed().as_millis()).unwrap_or(u64::MAX);
            let mut message = ChatMessage::new(Role::Tool, result.clone());
            message.tool_call_id = Some(call.id.clone());
            message.tool_name = Some(call.name.clone());
            request.messages.push(message);
            let source = tools.source(&call.name);
            let recorded = if result.chars().count() > RECORDED_RESULT_CHARS {
                let cut: String = result.chars().take(RECORDED_RESULT_CHARS).collect();
                format!("{cut}…")
            } else {
                result
            };
            let record = ToolCallRecord {
                id: call.id,
                name: call.name,
                arguments: call.arguments,
                result: recorded,
                is_error,
                duration_ms,
                source,
            };
            on_text.tool_result(&record);
            outcome.tool_calls.push(record);
        }
    }
    Ok(outcome)
}

/// One call to the model: its text goes to `on_text` and `outcome`; returns
/// the tool calls it asked for and the tokens it used.
async fn one_call(
    model: &dyn ChatModel,
    request: &ChatRequest,
    stream: bool,
    started: Instant,
    outcome: &mut TurnOutcome,
    on_text: &mut dyn TurnObserver,
) -> Result<(Vec<ToolCall>, Usage), ProviderError> {
    let mut emit = |text: &str, outcome: &mut TurnOutcome| {
        if text.is_empty() {
            return ControlFlow::Continue(());
        }
        outcome.first_token.get_or_insert_with(|| started.elapsed());
        outcome.text.push_str(text);
        on_text.text(text)
    };
    if !stream {
        let completion = model.complete(request).await?;
        if emit(&completion.text, outcome).is_break() {
            outcome.stopped = true;
        }
        let usage = completion
            .usage
            .unwrap_or_else(|| Usage::estimate(request, &completion.text));
        return Ok((completion.tool_calls, usage));
    }
    let mut events = model.stream(request).await?;
    let mut calls = Vec::new();
    let mut usage = None;
    let before = outcome.text.len();
    while let Some(event) = events.next().await {
        match event? {
            StreamEvent::Text(text) => {
                if emit(&text, outcome).is_break() {
                    outcome.stopped = true;
                    break;
                }
            }
            StreamEvent::ToolCall(call) => calls.push(call),
            StreamEvent::Usage(u) => usage = Some(u),
        }
    }
    let usage = usage.unwrap_or_else(|| Usage::estimate(request, &outcome.text[before..]));
    Ok((calls, usage))
}
