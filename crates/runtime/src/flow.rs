//! Following an agent's conversation flow in a turn, whatever the channel.
//!
//! A turn first takes the person's message as the answer to the question
//! or choice the conversation waits at (read as the question's type; not
//! one: said why and asked again, up to the question's attempts, then its
//! `invalid` way out), then goes from node to node, saying what message,
//! llm and knowledge nodes say, until it reaches a node that waits for the
//! person (a question, a choice), a handoff (the conversation is marked
//! `handed_off` for a person to take over), an end (the conversation
//! ends), or runs out of nodes (the flow is over: from the next turn the
//! agent answers freely). Everything said in the turn is one answer,
//! streamed as it comes; where the conversation is is kept with it.
//! A turn passes at most [`STEPS_PER_TURN`] nodes (a valid flow stops
//! sooner: every loop waits for the person).

use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::time::{Duration, Instant};

use agentforge_domain::agent::AgentConfig;
use agentforge_domain::conversation::ConversationStatus;
use agentforge_domain::flow::graph::{ChoiceOption, NodeSettings};
use agentforge_domain::flow::state::STEPS_PER_TURN;
use agentforge_domain::flow::{
    AnswerType, FlowEnding, FlowNodeKind, FlowPlan, FlowSaid, FlowState, read_answer,
};
use agentforge_domain::workflow::graph::HttpMethod;
use agentforge_domain::workflow::template;
use agentforge_llm::{
    ChatMessage, ChatRequest, NoTools, ProviderError, ToolCallRecord, TurnError, TurnObserver,
    TurnOutcome, run_turn,
};
use agentforge_store::{PassageHit, Personality};
use serde_json::{Value, json};

use crate::Runtime;
use crate::fetch::Fetch;
use crate::tools::AgentTools;
use crate::turn::{Citation, Observer, PASSAGES, model_request};

/// How long an api node waits for its answer.
const API_TIMEOUT: Duration = Duration::from_secs(15);
/// Said when a choice's answer is none of its buttons.
const CHOOSE: &str = "Please choose one of the options.";
/// Said by a handoff node without its own text.
const HANDOFF: &str = "I'm passing you to a person on our team; they will answer here.";
/// Said by a knowledge node that found nothing.
const NOTHING_KNOWN: &str = "I could not find anything about that in my knowledge base.";

/// A turn that follows a flow: the flow, where the conversation is in
/// it, and what the agent's answers are made of.
pub(crate) struct FlowRun {
    pub plan: FlowPlan,
    pub state: FlowState,
    /// The person's message.
    pub message: String,
    pub config: AgentConfig,
    pub personality: Option<Personality>,
    /// The conversation's earlier turns, for the model.
    pub earlier: Vec<ChatMessage>,
    /// The knowledge passages already found for the message.
    pub hits: Vec<PassageHit>,
    pub agent_id: String,
    /// The channel shows buttons (the chat screens, the widget); elsewhere
    /// (a call, an SMS, a platform) options are said as a numbered list.
    pub buttons: bool,
}

/// What following the flow did in a turn.
pub(crate) struct Followed {
    pub outcome: TurnOutcome,
    pub error: Option<ProviderError>,
    pub state: FlowState,
    pub said: FlowSaid,
    /// `HandedOff` or `Ended` when the flow got there.
    pub status: Option<ConversationStatus>,
    pub citations: Vec<Citation>,
    /// The model said some of it (else only the flow's own words).
    pub used_model: bool,
}

/// How the flow goes on from a node.
enum Next {
    /// To the node left by this handle.
    By(Option<&'static str>),
    /// The turn stops here (waiting for the person, handed off, ended,
    /// or failed).
    Stop,
}

/// One turn of following, as it goes.
struct Follower<'a, 'o> {
    runtime: &'a Runtime,
    run: FlowRun,
    model: &'a dyn agentforge_llm::ChatModel,
    model_name: &'a str,
    tools: Option<&'a AgentTools>,
    stream: bool,
    observer: &'a mut Observer<'o>,
    text: String,
    usage: agentforge_llm::Usage,
    tool_calls: Vec<ToolCallRecord>,
    stopped: bool,
    error: Option<ProviderError>,
    said: FlowSaid,
    status: Option<ConversationStatus>,
    citations: Vec<Citation>,
    used_model: bool,
}

impl Runtime {
    /// Follows the flow for one turn (see the module's description).
    #[allow(clippy::too_many_arguments)]
    pub(crate) async fn follow(
        &self,
        run: FlowRun,
        model: &dyn agentforge_llm::ChatModel,
        model_name: &str,
        free: &ChatRequest,
        tools: Option<&AgentTools>,
        stream: bool,
        observer: &mut Observer<'_>,
    ) -> Followed {
        let mut follower = Follower {
            runtime: self,
            run,
            model,
            model_name,
            tools,
            stream,
            observer,
            text: String::new(),
            usage: agentforge_llm::Usage::default(),
            tool_calls: Vec::new(),
            stopped: false,
            error: None,
            said: FlowSaid::default(),
            status: None,
            citations: Vec::new(),
            used_model: false,
        };
        let first = follower.take_answer();
        if let Some(first) = first {
            follower.go_from(first).await;
        }
        if follower.text.is_empty() && follower.error.is_none() && follower.status.is_none() {
            // The flow said nothing (it was over, or ran out at once): the
            // person still gets an answer, the agent's own.
            follower.model_says(free.clone()).await;
        }
        follower.finish()
    }
}

impl Follower<'_, '_> {
    fn context(&self) -> Value {
        json!({"vars": self.run.state.vars, "message": self.run.message})
    }

    fn render(&self, source: Option<&String>) -> Option<String> {
        let source = source.filter(|s| !s.trim().is_empty())?;
        match template::render(source, &self.context()) {
            Ok(text) => Some(text),
            Err(why) => {
                tracing::warn!(agent_id = %self.run.agent_id, error = %why, "a flow template failed");
                Some(source.clone())
            }
        }
    }

    fn settings(&self, id: &str) -> NodeSettings {
        self.run.plan.settings.get(id).cloned().unwrap_or_default()
    }

    /// Says a fixed text, after what was said before.
    fn say(&mut self, text: &str) {
        let text = text.trim();
        if text.is_empty() {
            return;
        }
        self.separate();
        self.emit(text);
    }

    fn separate(&mut self) {
        if !self.text.is_empty() {
            self.emit("\n\n");
        }
    }

    fn emit(&mut self, text: &str) {
        self.text.push_str(text);
        if let ControlFlow::Break(()) = self.observer.text(text) {
            self.stopped = true;
        }
    }

    /// The node to begin the turn at, once the person's message is taken
    /// as the answer the conversation waits for; `None` when the turn has
    /// nothing more to do (a question asked again) or the flow is over.
    fn take_answer(&mut self) -> Option<String> {
        let state = &mut self.run.state;
        let Some(at) = state.at.clone() else {
            if state.started {
                state.done = true;
                return None;
            }
            state.started = true;
            return Some(self.run.plan.start().id.clone());
        };
        let Some(node) = self.run.plan.node(&at).cloned() else {
            // The flow was changed under the conversation: start it again.
            self.run.state = FlowState {
                vars: std::mem::take(&mut self.run.state.vars),
                ..FlowState::default()
            };
            self.run.state.started = true;
            return Some(self.run.plan.start().id.clone());
        };
        let s = self.settings(&at);
        match node.kind {
            FlowNodeKind::Question => {
                let kind = s.answer_type.unwrap_or(AnswerType::Text);
                let options = s.options.clone().unwrap_or_default();
                match read_answer(kind, &self.run.message, &options) {
                    Ok(value) => {
                        if let Some(variable) = &s.variable {
                            self.run.state.set(variable, value);
                        }
                        self.leave(&at, None)
                    }
                    Err(why) => {
                        self.run.state.attempts += 1;
                        if self.run.state.attempts >= s.max_attempts.unwrap_or(3)
                            && let Some(next) = self.run.plan.next(&at, Some("invalid"))
                        {
                            let next = next.id.clone();
                            self.run.state.at = None;
                            self.run.state.attempts = 0;
                            return Some(next);
                        }
                        let retry = self.render(s.retry_text.as_ref());
                        self.say(retry.as_deref().unwrap_or(why));
                        self.ask(&at, &s, node.kind);
                        None
                    }
                }
            }
            FlowNodeKind::Choice => {
                let choices = s.choices.clone().unwrap_or_default();
                match pick(&choices, &self.run.message) {
                    Some(choice) => {
                        if let Some(variable) = &s.variable {
                            self.run
                                .state
                                .set(variable, Value::String(choice.label.clone()));
                        }
                        self.run.state.at = None;
                        self.run.state.attempts = 0;
                        self.run
                            .plan
                            .next(&at, Some(&choice.id))
                            .map(|n| n.id.clone())
                            .or_else(|| {
                                self.run.state.done = true;
                                None
                            })
                    }
                    None => {
                        self.say(CHOOSE);
                        self.ask(&at, &s, node.kind);
                        None
                    }
                }
            }
            _ => {
                self.run.state.at = None;
                self.leave(&at, None)
            }
        }
    }

    /// Leaves `id` by `handle`: the next node, or `None` (the flow is over).
    fn leave(&mut self, id: &str, handle: Option<&str>) -> Option<String> {
        self.run.state.at = None;
        self.run.state.attempts = 0;
        let next = self.run.plan.next(id, handle).map(|n| n.id.clone());
        if next.is_none() {
            self.run.state.done = true;
        }
        next
    }

    /// Asks a question or offers a choice, and waits at it.
    fn ask(&mut self, id: &str, s: &NodeSettings, kind: FlowNodeKind) {
        let buttons: Vec<ChoiceOption> = match kind {
            FlowNodeKind::Choice => s.choices.clone().unwrap_or_default(),
            _ => s
                .options
                .iter()
                .flatten()
                .enumerate()
                .map(|(i, label)| ChoiceOption {
                    id: (i + 1).to_string(),
                    label: label.clone(),
                })
                .collect(),
        };
        let mut text = self.render(s.text.as_ref()).unwrap_or_default();
        if !self.run.buttons {
            for (i, button) in buttons.iter().enumerate() {
                text.push_str(&format!("\n{}. {}", i + 1, button.label));
            }
        }
        self.say(&text);
        self.said.node_id = id.to_owned();
        self.said.choices = buttons;
        self.said.listen_timeout_seconds = s.listen_timeout_seconds;
        self.said.dtmf = s.dtmf;
        self.run.state.at = Some(id.to_owned());
    }

    /// Goes from node to node until the turn stops.
    async fn go_from(&mut self, first: String) {
        let mut current = Some(first);
        let mut steps = 0;
        while let Some(id) = current.take() {
            steps += 1;
            if steps > STEPS_PER_TURN {
                tracing::warn!(agent_id = %self.run.agent_id, "a flow passed {STEPS_PER_TURN} nodes in one turn; it stops");
                self.run.state.done = true;
                return;
            }
            let Some(node) = self.run.plan.node(&id).cloned() else {
                self.run.state.done = true;
                return;
            };
            let s = self.settings(&id);
            self.said.node_id = id.clone();
            let next = match node.kind {
                FlowNodeKind::Start => Next::By(None),
                FlowNodeKind::Message => {
                    let text = self.render(s.text.as_ref()).unwrap_or_default();
                    self.say(&text);
                    if s.voice.is_some() {
                        self.said.voice = s.voice.clone();
                    }
                    Next::By(None)
                }
                FlowNodeKind::Question | FlowNodeKind::Choice => {
                    self.run.state.attempts = 0;
                    self.ask(&id, &s, node.kind);
                    Next::Stop
                }
                FlowNodeKind::Condition => {
                    let expression = s.expression.clone().unwrap_or_default();
                    let holds = template::holds(&expression, &self.context()).unwrap_or_else(|why| {
                        tracing::warn!(agent_id = %self.run.agent_id, error = %why, "a flow condition failed; it counts as false");
                        false
                    });
                    Next::By(Some(if holds { "true" } else { "false" }))
                }
                FlowNodeKind::Llm => self.llm(&s).await,
                FlowNodeKind::Knowledge => self.knowledge(&s).await,
                FlowNodeKind::Api => self.api(&id, &s).await,
                FlowNodeKind::Tool => self.tool(&id, &s).await,
                FlowNodeKind::Handoff => {
                    let text = self.render(s.text.as_ref());
                    self.say(text.as_deref().unwrap_or(HANDOFF));
                    self.said.ending = Some(FlowEnding::Handoff);
                    self.status = Some(ConversationStatus::HandedOff);
                    self.run.state.at = None;
                    self.run.state.done = true;
                    Next::Stop
                }
                FlowNodeKind::End => {
                    let text = self.render(s.text.as_ref());
                    if let Some(text) = text {
                        self.say(&text);
                    }
                    self.said.ending = Some(FlowEnding::End);
                    self.status = Some(ConversationStatus::Ended);
                    self.run.state.at = None;
                    self.run.state.done = true;
                    Next::Stop
                }
            };
            if self.error.is_some() || self.stopped {
                return;
            }
            current = match next {
                Next::By(handle) => self.leave(&id, handle),
                Next::Stop => None,
            };
        }
    }

    /// Runs the model on `request`, streaming what it says after what was
    /// said before; its answer, or `None` when it failed (the turn stops).
    async fn model_says(&mut self, request: ChatRequest) -> Option<String> {
        self.used_model = true;
        self.separate();
        let result = run_turn(
            self.model,
            request,
            &NoTools,
            self.stream,
            &mut *self.observer,
        )
        .await;
        let (outcome, error) = match result {
            Ok(outcome) => (outcome, None),
            Err(TurnError { error, partial }) => (partial, Some(error)),
        };
        self.text.push_str(&outcome.text);
        self.usage.input_tokens += outcome.usage.input_tokens;
        self.usage.output_tokens += outcome.usage.output_tokens;
        self.stopped |= outcome.stopped;
        match error {
            Some(error) => {
                self.error = Some(error);
                None
            }
            None => Some(outcome.text),
        }
    }

    fn keep(&mut self, s: &NodeSettings, value: Value) {
        if let Some(variable) = &s.variable {
            self.run.state.set(variable, value);
        }
    }

    async fn llm(&mut self, s: &NodeSettings) -> Next {
        let prompt = self.render(s.prompt.as_ref()).unwrap_or_default();
        let mut request = model_request(
            &self.run.config,
            self.model_name,
            self.run.personality.as_ref(),
            self.run.earlier.clone(),
            &[],
            prompt,
        );
        if let Some(system) = self.render(s.system.as_ref())
            && let Some(first) = request.messages.first_mut()
        {
            first.content = system;
        }
        match self.model_says(request).await {
            Some(answer) => {
                self.keep(s, Value::String(answer));
                Next::By(None)
            }
            None => Next::Stop,
        }
    }

    async fn knowledge(&mut self, s: &NodeSettings) -> Next {
        let query = self
            .render(s.query.as_ref())
            .unwrap_or_else(|| self.run.message.clone());
        let hits = if query == self.run.message && !self.run.hits.is_empty() {
            self.run.hits.clone()
        } else {
            match self
                .runtime
                .store()
                .knowledge()
                .search(&self.run.agent_id, &query, PASSAGES)
                .await
            {
                Ok(hits) => hits,
                Err(e) => {
                    tracing::warn!(error = %e, "a flow's knowledge search failed");
                    Vec::new()
                }
            }
        };
        if hits.is_empty() {
            self.say(NOTHING_KNOWN);
            self.keep(s, Value::String(String::new()));
            return Next::By(None);
        }
        let request = model_request(
            &self.run.config,
            self.model_name,
            self.run.personality.as_ref(),
            self.run.earlier.clone(),
            &hits,
            query,
        );
        self.citations.extend(hits.into_iter().map(Citation::from));
        match self.model_says(request).await {
            Some(answer) => {
                self.keep(s, Value::String(answer));
                Next::By(None)
            }
            None => Next::Stop,
        }
    }

    /// The way out after a call: `error` when it failed and the node has
    /// that way, else the usual one.
    fn after_call(&self, id: &str, failed: bool) -> Next {
        if failed && self.run.plan.next(id, Some("error")).is_some() {
            Next::By(Some("error"))
        } else {
            Next::By(None)
        }
    }

    async fn api(&mut self, id: &str, s: &NodeSettings) -> Next {
        let mut headers = BTreeMap::new();
        for (name, value) in s.headers.iter().flatten() {
            headers.insert(name.clone(), self.render(Some(value)).unwrap_or_default());
        }
        let request = Fetch {
            method: s.method.unwrap_or(HttpMethod::Get),
            url: self.render(s.url.as_ref()).unwrap_or_default(),
            headers,
            body: self.render(s.body.as_ref()),
            timeout: API_TIMEOUT,
        };
        let (value, failed) = match self.runtime.fetch(&request).await {
            Ok(answer) => match answer.failure() {
                Some(why) => {
                    let mut output = answer.output();
                    output["error"] = Value::String(why);
                    (output, true)
                }
                None => (answer.output(), false),
            },
            Err(why) => (json!({"ok": false, "error": why}), true),
        };
        if failed {
            tracing::info!(agent_id = %self.run.agent_id, node = id, "a flow's api call failed");
        }
        self.keep(s, value);
        self.after_call(id, failed)
    }

    async fn tool(&mut self, id: &str, s: &NodeSettings) -> Next {
        let server_id = s.server_id.clone().unwrap_or_default();
        let tool = s.tool.clone().unwrap_or_default();
        let context = self.context();
        let arguments = match s.arguments.as_ref() {
            Some(a) => template::fill(&Value::Object(a.clone()), &context)
                .unwrap_or_else(|_| Value::Object(a.clone())),
            None => json!({}),
        };
        let started = Instant::now();
        let (source, result) = match self.tools {
            Some(tools) => tools.call_on(&server_id, &tool, &arguments).await,
            None => (
                None,
                Err("The agent has no MCP tools: assign the server to the agent".to_owned()),
            ),
        };
        let (text, is_error) = match &result {
            Ok(text) => (text.clone(), false),
            Err(why) => (why.clone(), true),
        };
        let record = ToolCallRecord {
            id: uuid::Uuid::now_v7().to_string(),
            name: tool,
            arguments,
            result: text
                .chars()
                .take(agentforge_llm::RECORDED_RESULT_CHARS)
                .collect(),
            is_error,
            duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
            source,
        };
        self.observer.tool_result(&record);
        self.tool_calls.push(record);
        let value = serde_json::from_str::<Value>(&text).unwrap_or(Value::String(text));
        self.keep(
            s,
            if is_error {
                json!({"error": value})
            } else {
                value
            },
        );
        self.after_call(id, is_error)
    }

    fn finish(self) -> Followed {
        let first_token = self.observer.first_text();
        Followed {
            outcome: TurnOutcome {
                text: self.text,
                usage: self.usage,
                tool_calls: self.tool_calls,
                first_token,
                stopped: self.stopped,
            },
            error: self.error,
            state: self.run.state,
            said: self.said,
            status: self.status,
            citations: self.citations,
            used_model: self.used_model,
        }
    }
}

/// The button a person's answer names: by its label or id (any case), or
/// its number.
fn pick<'c>(choices: &'c [ChoiceOption], answer: &str) -> Option<&'c ChoiceOption> {
    let answer = answer.trim();
    let lower = answer.to_lowercase();
    choices
        .iter()
        .find(|c| c.label.trim().to_lowercase() == lower || c.id.to_lowercase() == lower)
        .or_else(|| {
            answer
                .trim_end_matches('.')
                .parse::<usize>()
                .ok()
                .and_then(|n| n.checked_sub(1))
                .and_then(|i| choices.get(i))
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_button_is_picked_by_label_id_or_number() {
        let choices = vec![
            ChoiceOption {
                id: "sales".into(),
                label: "Talk to sales".into(),
            },
            ChoiceOption {
                id: "support".into(),
                label: "Get support".into(),
            },
        ];
        assert_eq!(pick(&choices, " get SUPPORT ").unwrap().id, "support");
        assert_eq!(pick(&choices, "sales").unwrap().id, "sales");
        assert_eq!(pick(&choices, "2.").unwrap().id, "support");
        assert!(pick(&choices, "3").is_none());
        assert!(pick(&choices, "maybe").is_none());
    }
}
