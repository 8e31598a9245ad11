//! One conversation turn, whatever the channel: the person's message in,
//! the agent's answer out as a stream of typed events, everything stored.
//!
//! [`Runtime::start_turn`] checks the turn (message, agent status,
//! deployment, conversation), gathers its context (earlier turns, matching
//! knowledge, the personality), and stores the question together with the
//! answer's row in `streaming` state, all before the first event. The answer
//! then runs on an owned task: its text is saved as it comes (at least once
//! a second while it changes, and every few seconds regardless, which shows
//! its writer is alive), and the row is closed as `complete`, `partial` or
//! `failed`. A process that dies mid-answer leaves the row `streaming`; the
//! sweep marks it `interrupted` (see [`Runtime::interrupt_abandoned`]).

use std::collections::HashMap;
use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::{Duration, Instant};

use agentforge_domain::agent::{AgentConfig, AgentStatus};
use agentforge_domain::conversation::{
    self, Channel, ConversationStatus, MessageRole, MessageStatus,
};
use agentforge_domain::error::messages;
use agentforge_domain::flow::FlowState;
use agentforge_domain::policy::{Actor, Party};
use agentforge_llm::{
    BUILTIN_NOTICE, ChatMessage, ChatModel, ChatRequest, Grounding, GroundingPassage, NoTools,
    ProviderError, Role, ToolCall, ToolCallRecord, Tools, TurnError, TurnObserver, TurnOutcome,
    Usage, estimate_tokens, run_turn,
};
use agentforge_store::{
    Agent, Conversation, FlowChange, Message, NewConversation, NewMessage, PassageHit,
    TurnConversation,
};
use futures_util::Stream;
use serde::{Deserialize, Serialize};
use tokio::sync::{mpsc, watch};

use crate::events::{AgentRef, LiveEvent};
use crate::flow::FlowRun;
use crate::tools::AgentTools;
use crate::{Runtime, RuntimeError};

/// Passages of the knowledge base given to the model (and cited).
pub(crate) const PASSAGES: u64 = 5;
/// Earlier messages considered for context, before trimming to the budget.
const HISTORY_MESSAGES: u64 = 50;
/// Tokens of earlier turns sent along, at most (about three quarters of an
/// 8k context, the smallest in common use, leaving room for the answer).
const HISTORY_TOKENS: u32 = 6000;
const EXCERPT_CHARS: usize = 300;

/// A turn to run.
#[derive(Debug, Clone)]
pub struct TurnRequest {
    /// The agent, already allowed to the caller by the access policy.
    pub agent: Agent,
    /// Who speaks: a signed-in user, a widget visitor, a phone number …
    pub caller: Actor,
    /// Where: it decides which version of the agent answers
    /// ([`Channel::environment`]).
    pub channel: Channel,
    /// The conversation to go on with (already allowed to the caller);
    /// `None` starts one.
    pub conversation: Option<Conversation>,
    pub message: String,
    /// Search the agent's knowledge base and cite it.
    pub use_knowledge_base: bool,
    /// Send the conversation's earlier turns to the model.
    pub include_context: bool,
    /// The agent builder trying the draft: the conversation is marked as a
    /// test, left out of lists and analytics, and not announced.
    pub test: bool,
    /// Ask the model to stream (else it answers whole).
    pub stream: bool,
    /// Stop the answer, and keep it as `partial`, once nobody reads the
    /// events any more (a streamed answer whose client left). Otherwise the
    /// answer runs to its end and is stored whatever happens to the caller.
    pub stop_when_abandoned: bool,
    /// Who holds a new conversation when it is not the caller (an API
    /// client's end user); `None`: the caller.
    pub holder: Option<Party>,
    /// Earlier turns the caller sends along (an OpenAI-compatible client
    /// sends the whole exchange each time), taken as the context of a new
    /// conversation; a conversation that goes on uses its stored turns.
    pub prior: Vec<PriorMessage>,
}

/// An earlier turn a caller sends along.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PriorMessage {
    pub role: MessageRole,
    pub content: String,
}

/// A knowledge passage an answer drew on (stored with the answer as JSON).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Citation {
    pub document_id: String,
    pub document_name: String,
    pub passage_id: i64,
    /// The passage's text, shortened to about 300 characters.
    pub excerpt: String,
    /// How well it matched; comparable within one answer.
    pub score: f64,
}

impl From<PassageHit> for Citation {
    fn from(hit: PassageHit) -> Self {
        let mut excerpt: String = hit.content.chars().take(EXCERPT_CHARS).collect();
        if excerpt.len() < hit.content.len() {
            excerpt = format!("{}…", excerpt.trim_end());
        }
        Self {
            document_id: hit.document_id,
            document_name: hit.document_name,
            passage_id: hit.passage_id,
            excerpt,
            score: hit.score,
        }
    }
}

/// What a turn says as it runs, in order: `Started`, `Citations` (when
/// knowledge matched), then `Delta`s with `ToolCall`/`ToolResult` among
/// them, and last `Finished` or `Failed`.
// Each event is made once and moved once (through a channel): boxing the
// big variants would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum TurnEvent {
    Started {
        conversation: Conversation,
        /// The person's message, as stored.
        question: Message,
        /// The answer's id, announced before it is whole.
        answer_id: String,
        /// `builtin`, `openai` or `gemini`.
        provider: &'static str,
        model: String,
        /// The agent version answering.
        version: u32,
    },
    Citations(Vec<Citation>),
    Delta(String),
    ToolCall(ToolCall),
    ToolResult(ToolCallRecord),
    /// The answer as stored, and the tokens it took.
    Finished {
        message: Message,
        usage: Usage,
    },
    /// The model failed; what it said before is stored as the failed answer.
    Failed {
        message: Message,
        error: ProviderError,
    },
    /// The answer could not be stored (the database failed).
    Lost {
        error: String,
    },
    /// A person of the team holds the conversation: the message is stored
    /// (and shown to them live) and the agent does not answer. The only
    /// event of such a turn.
    HandedOff {
        conversation: Conversation,
        question: Message,
    },
}

/// A running turn: its events, in order. Dropping it does not stop the
/// answer unless the request asked for that.
pub struct Turn {
    pub conversation: Conversation,
    pub question: Message,
    pub answer_id: String,
    events: mpsc::UnboundedReceiver<TurnEvent>,
}

impl Turn {
    /// The next event; `None` after the last.
    pub async fn next(&mut self) -> Option<TurnEvent> {
        self.events.recv().await
    }

    /// The events as a stream.
    pub fn into_stream(self) -> impl Stream<Item = TurnEvent> + Send + 'static {
        let mut events = self.events;
        futures_util::stream::poll_fn(move |cx| events.poll_recv(cx))
    }

    /// Waits for the end of the turn: the stored answer, or the provider's
    /// failure with the failed answer as stored.
    pub async fn finish(mut self) -> Result<Message, RuntimeError> {
        while let Some(event) = self.events.recv().await {
            match event {
                TurnEvent::Finished { message, .. } => return Ok(message),
                TurnEvent::Failed { error, .. } => return Err(RuntimeError::Provider(error)),
                TurnEvent::Lost { error } => return Err(RuntimeError::Lost(error)),
                TurnEvent::HandedOff { .. } => return Err(RuntimeError::HandedOff),
                _ => {}
            }
        }
        Err(RuntimeError::ShuttingDown)
    }
}

/// Everything the answer needs once the question is stored.
struct Prepared {
    agent: Agent,
    conversation: Conversation,
    model: Arc<dyn ChatModel>,
    model_name: String,
    request: ChatRequest,
    citations: Vec<Citation>,
    started: Instant,
    answer_id: String,
    test: bool,
    stream: bool,
    stop_when_abandoned: bool,
    tools: Option<AgentTools>,
    /// The flow the turn follows, when the agent has one it is not done with.
    flow: Option<FlowRun>,
}

pub(crate) fn check_message(message: &str, max_chars: usize) -> Result<String, RuntimeError> {
    let message = message.trim();
    let invalid = |message: String| RuntimeError::InvalidMessage {
        field: "message",
        message,
    };
    if message.is_empty() {
        return Err(invalid(messages::REQUIRED.to_owned()));
    }
    if message.chars().count() > max_chars {
        return Err(invalid(messages::too_long(max_chars)));
    }
    if message.contains('\0') {
        return Err(invalid(messages::NO_NUL.to_owned()));
    }
    Ok(message.to_owned())
}

impl Runtime {
    /// A message as a turn takes it (trimmed, not empty, within the
    /// server's length): the same rules for a team member's reply.
    pub fn checked_message(&self, message: &str) -> Result<String, RuntimeError> {
        check_message(message, self.message_max_chars())
    }

    /// Starts a turn: checks it, stores the question and the answer's row,
    /// and runs the answer on an owned task. Nothing is stored when the turn
    /// is refused.
    pub async fn start_turn(&self, request: TurnRequest) -> Result<Turn, RuntimeError> {
        if self.tasks().is_stopping() {
            return Err(RuntimeError::ShuttingDown);
        }
        let started = Instant::now();
        let text = check_message(&request.message, self.message_max_chars())?;
        let agent = request.agent;
        let environment = request.channel.environment();
        let usable = match environment {
            // Public channels take only active agents; builders try drafts too.
            Some(_) => agent.status == AgentStatus::Active,
            None => !matches!(agent.status, AgentStatus::Paused | AgentStatus::Archived),
        };
        if !usable {
            return Err(RuntimeError::AgentInactive(agent.status));
        }
        let (config, version) = match environment {
            None => (agent.config.clone(), agent.current_version),
            Some(environment) => {
                let deployed = self
                    .store()
                    .agents()
                    .deployed(&agent.id, environment)
                    .await?
                    .ok_or(RuntimeError::NotDeployed(environment))?;
                (deployed.config, deployed.version)
            }
        };
        let own = self
            .own_models(&agent.owner_id, agent.team_id.as_deref())
            .await?;
        let (model, model_name) = self
            .models()
            .for_agent(&config.model, &own)
            .map_err(RuntimeError::Provider)?;
        if let Some(existing) = &request.conversation {
            if existing.agent_id != agent.id {
                return Err(RuntimeError::ConversationNotFound);
            }
            match existing.status {
                ConversationStatus::Active => {}
                ConversationStatus::HandedOff => {
                    return self
                        .hold(&agent, existing.clone(), text, request.test)
                        .await;
                }
                ConversationStatus::Ended => return Err(RuntimeError::ConversationEnded),
            }
        }
        let plan = match config.flow_plan() {
            Ok(plan) => plan,
            Err(problems) => {
                // Saved before flows were checked, or by hand: the agent
                // answers without it rather than not at all.
                tracing::warn!(agent_id = %agent.id, problems = ?problems.into_problems(), "the agent's flow is not valid; it answers without it");
                None
            }
        };
        let flow_state: FlowState = request
            .conversation
            .as_ref()
            .and_then(|c| c.flow_state.clone())
            .and_then(|state| serde_json::from_value(state).ok())
            .unwrap_or_default();
        let plan = plan.filter(|_| !flow_state.done);

        // The three reads are independent: run them at once (on separate
        // pooled connections) to keep them off each other's path to the
        // first token.
        let store = self.store();
        let history = async {
            match (&request.conversation, request.include_context) {
                (Some(c), true) => {
                    store
                        .conversations()
                        .recent_messages(&c.id, HISTORY_MESSAGES)
                        .await
                }
                _ => Ok(Vec::new()),
            }
        };
        let hits = async {
            if request.use_knowledge_base && config.use_knowledge_base {
                store.knowledge().search(&agent.id, &text, PASSAGES).await
            } else {
                Ok(Vec::new())
            }
        };
        let personality = async {
            match &config.personality_id {
                Some(id) => store.personalities().get(id).await,
                None => Ok(None),
            }
        };
        let tools = async {
            match self.toolbox() {
                Some(toolbox) => toolbox.for_agent(store, &agent.id).await.map(Some),
                None => Ok(None),
            }
        };
        let (history, hits, personality, tools) = tokio::join!(history, hits, personality, tools);
        let (history, hits, personality, tools) = (history?, hits?, personality?, tools?);
        let tools = tools.filter(|t| !t.is_empty());

        let answer_id = uuid::Uuid::now_v7().to_string();
        let mut question = NewMessage::text(MessageRole::User, text.clone());
        question.tokens_in = estimate_tokens(&text);
        let mut placeholder = NewMessage::text(MessageRole::Assistant, "");
        placeholder.id = Some(answer_id.clone());
        placeholder.status = MessageStatus::Streaming;
        placeholder.provider = Some(model.provider().to_owned());
        placeholder.model = Some(model_name.clone());
        let is_new = request.conversation.is_none();
        let where_ = match request.conversation {
            Some(existing) => TurnConversation::Existing(existing),
            None => TurnConversation::New(NewConversation {
                agent_id: agent.id.clone(),
                owner_id: agent.owner_id.clone(),
                holder: request.holder.clone().or_else(|| request.caller.party()),
                channel: request.channel,
                title: conversation::title_from(&text),
                test: request.test,
            }),
        };
        let (conversation, question, _answer) = store
            .conversations()
            .open_turn(where_, question, placeholder)
            .await?;
        if !request.test {
            let agent_ref = AgentRef::from(&agent);
            let mut events = Vec::with_capacity(2);
            if is_new {
                let mut before = conversation.clone();
                before.message_count = 0;
                before.tokens_in = 0;
                before.tokens_out = 0;
                events.push(LiveEvent::ConversationStarted {
                    conversation: before,
                    agent: agent_ref.clone(),
                });
            }
            let mut asked = conversation.clone();
            // As it stood with the question, before the answer's row.
            asked.message_count = asked.message_count.saturating_sub(1);
            events.push(LiveEvent::MessageCreated {
                conversation: asked,
                message: question.clone(),
                agent: agent_ref,
            });
            self.announce_all(events).await;
        }

        let earlier = if is_new {
            prior_context(&request.prior)
        } else {
            context(&history)
        };
        let request_to_model = model_request(
            &config,
            &model_name,
            personality.as_ref(),
            earlier.clone(),
            &hits,
            text.clone(),
        );
        let flow = plan.map(|plan| FlowRun {
            plan,
            state: flow_state,
            message: text,
            agent_id: agent.id.clone(),
            personality: personality.clone(),
            earlier,
            hits: hits.clone(),
            config: config.clone(),
            buttons: matches!(request.channel, Channel::Web | Channel::Widget),
        });
        let citations: Vec<Citation> = hits.into_iter().map(Citation::from).collect();
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(TurnEvent::Started {
            conversation: conversation.clone(),
            question: question.clone(),
            answer_id: answer_id.clone(),
            provider: model.provider(),
            model: model_name.clone(),
            version,
        });
        if !citations.is_empty() {
            let _ = tx.send(TurnEvent::Citations(citations.clone()));
        }
        let prepared = Prepared {
            agent,
            conversation: conversation.clone(),
            model,
            model_name,
            request: request_to_model,
            citations,
            started,
            answer_id: answer_id.clone(),
            test: request.test,
            stream: request.stream,
            stop_when_abandoned: request.stop_when_abandoned,
            tools,
            flow,
        };
        let runtime = self.clone();
        self.tasks()
            .spawn(async move { runtime.answer(prepared, tx).await });
        Ok(Turn {
            conversation,
            question,
            answer_id,
            events: rx,
        })
    }

    /// A turn in a conversation a person of the team holds: the message is
    /// stored and shown to them live; the agent says nothing.
    async fn hold(
        &self,
        agent: &Agent,
        mut conversation: Conversation,
        text: String,
        test: bool,
    ) -> Result<Turn, RuntimeError> {
        let mut question = NewMessage::text(MessageRole::User, text.clone());
        question.tokens_in = estimate_tokens(&text);
        let question = self
            .store()
            .conversations()
            .add_message(&conversation.id, question)
            .await?;
        conversation.count(&question);
        if !test {
            self.announce(LiveEvent::MessageCreated {
                conversation: conversation.clone(),
                message: question.clone(),
                agent: AgentRef::from(agent),
            })
            .await;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let _ = tx.send(TurnEvent::HandedOff {
            conversation: conversation.clone(),
            question: question.clone(),
        });
        Ok(Turn {
            conversation,
            question,
            answer_id: String::new(),
            events: rx,
        })
    }

    /// Runs the model for a prepared turn and stores its answer, whatever
    /// the model does: whole, partial or failed.
    async fn answer(self, mut prepared: Prepared, events: mpsc::UnboundedSender<TurnEvent>) {
        let (text_tx, text_rx) = watch::channel(String::new());
        let saver = self.tasks().spawn(save_as_it_comes(
            self.clone(),
            prepared.answer_id.clone(),
            text_rx,
        ));
        let mut observer = Observer {
            events: &events,
            text: text_tx,
            stop_when_abandoned: prepared.stop_when_abandoned,
            first: None,
            started: prepared.started,
        };
        let tools: &dyn Tools = match &prepared.tools {
            Some(tools) => tools,
            None => &NoTools,
        };
        let mut flow = None;
        let mut used_model = true;
        let (outcome, error): (TurnOutcome, Option<ProviderError>) = match prepared.flow.take() {
            Some(run) => {
                let followed = self
                    .follow(
                        run,
                        prepared.model.as_ref(),
                        &prepared.model_name,
                        &prepared.request,
                        prepared.tools.as_ref(),
                        prepared.stream,
                        &mut observer,
                    )
                    .await;
                prepared.citations.extend(followed.citations);
                used_model = followed.used_model;
                flow = Some((followed.state, followed.said, followed.status));
                (followed.outcome, followed.error)
            }
            None => match run_turn(
                prepared.model.as_ref(),
                prepared.request.clone(),
                tools,
                prepared.stream,
                &mut observer,
            )
            .await
            {
                Ok(outcome) => (outcome, None),
                Err(TurnError { error, partial }) => (partial, Some(error)),
            },
        };
        drop(observer);
        // The saver's last write lands before the final one.
        let _ = saver.await;
        let status = match (&error, outcome.stopped) {
            (Some(_), _) => MessageStatus::Failed,
            (None, true) => MessageStatus::Partial,
            (None, false) => MessageStatus::Complete,
        };
        let usage = outcome.usage;
        // A flow's own words are no model's: neither provider nor notice.
        let builtin = used_model && prepared.model.provider() == "builtin";
        let done = NewMessage {
            id: None,
            role: MessageRole::Assistant,
            content: outcome.text,
            status,
            error: error.as_ref().map(ToString::to_string),
            citations: serde_json::to_value(&prepared.citations).unwrap_or_default(),
            tool_calls: serde_json::to_value(&outcome.tool_calls).unwrap_or_default(),
            tokens_in: usage.input_tokens,
            tokens_out: usage.output_tokens,
            latency_ms: Some(millis(prepared.started.elapsed())),
            first_token_ms: outcome.first_token.map(millis),
            provider: used_model.then(|| prepared.model.provider().to_owned()),
            model: used_model.then(|| prepared.model_name.clone()),
            notice: builtin.then(|| BUILTIN_NOTICE.to_owned()),
            flow: flow
                .as_ref()
                .and_then(|(_, said, _)| serde_json::to_value(said).ok()),
            author_id: None,
        };
        let conversations = self.store().conversations();
        let stored = match flow {
            None => conversations.finish(&prepared.answer_id, done).await,
            Some((state, _, status)) => {
                let change = FlowChange {
                    state: serde_json::to_value(&state).unwrap_or_default(),
                    // A failed answer leaves the conversation as it was.
                    status: status.filter(|_| error.is_none()),
                };
                conversations
                    .finish_flow(&prepared.answer_id, done, &prepared.conversation.id, change)
                    .await
                    .map(|(message, conversation)| {
                        prepared.conversation.status = conversation.status;
                        prepared.conversation.ended_at = conversation.ended_at;
                        prepared.conversation.flow_state = conversation.flow_state;
                        message
                    })
            }
        };
        let stored = match stored {
            Ok(message) => message,
            Err(e) => {
                tracing::error!(error = %e, message_id = %prepared.answer_id, "cannot store an answer");
                let _ = events.send(TurnEvent::Lost {
                    error: e.to_string(),
                });
                return;
            }
        };
        prepared.conversation.tokens_in += u64::from(stored.tokens_in);
        prepared.conversation.tokens_out += u64::from(stored.tokens_out);
        if !prepared.test {
            if self.0.activity.due(&prepared.agent.id)
                && let Err(e) = self
                    .store()
                    .agents()
                    .touch_last_active(&prepared.agent.id)
                    .await
            {
                tracing::warn!(error = %e, "cannot record the agent's last activity");
            }
            let agent = AgentRef::from(&prepared.agent);
            let mut live = vec![LiveEvent::MessageCreated {
                conversation: prepared.conversation.clone(),
                message: stored.clone(),
                agent: agent.clone(),
            }];
            match prepared.conversation.status {
                ConversationStatus::HandedOff => live.push(LiveEvent::HandlerChanged {
                    conversation: prepared.conversation.clone(),
                    agent,
                }),
                ConversationStatus::Ended => live.push(LiveEvent::ConversationEnded {
                    conversation: prepared.conversation.clone(),
                    agent,
                }),
                ConversationStatus::Active => {}
            }
            self.announce_all(live).await;
        }
        let last = match error {
            None => TurnEvent::Finished {
                message: stored,
                usage,
            },
            Some(error) => TurnEvent::Failed {
                message: stored,
                error,
            },
        };
        let _ = events.send(last);
    }
}

/// When each agent's last activity was last written by this process: an
/// agent's `last_active_at` is kept to the minute, not rewritten by every
/// turn (on SQLite every write waits for the one before it).
#[derive(Default)]
pub(crate) struct Activity(std::sync::Mutex<HashMap<String, Instant>>);

impl Activity {
    /// How stale an agent's recorded activity may get.
    const EVERY: Duration = Duration::from_secs(60);
    /// Agents remembered before the forgotten ones are swept out.
    const REMEMBERED: usize = 10_000;

    /// Whether `agent_id`'s activity should be written now (and, if so,
    /// notes that it is).
    fn due(&self, agent_id: &str) -> bool {
        let now = Instant::now();
        let mut written = self
            .0
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner);
        if written
            .get(agent_id)
            .is_some_and(|at| now.duration_since(*at) < Self::EVERY)
        {
            return false;
        }
        if written.len() >= Self::REMEMBERED {
            written.retain(|_, at| now.duration_since(*at) < Self::EVERY);
        }
        written.insert(agent_id.to_owned(), now);
        true
    }
}

/// Hands the answer's pieces to the events and to the saver.
pub(crate) struct Observer<'a> {
    events: &'a mpsc::UnboundedSender<TurnEvent>,
    text: watch::Sender<String>,
    stop_when_abandoned: bool,
    /// When the first piece of text came (a flow's answer has several).
    first: Option<Instant>,
    started: Instant,
}

impl Observer<'_> {
    /// From the start of the turn to the first piece of text.
    pub(crate) fn first_text(&self) -> Option<Duration> {
        self.first.map(|at| at.duration_since(self.started))
    }
}

impl TurnObserver for Observer<'_> {
    fn text(&mut self, text: &str) -> ControlFlow<()> {
        self.first.get_or_insert_with(Instant::now);
        self.text.send_modify(|all| all.push_str(text));
        match self.events.send(TurnEvent::Delta(text.to_owned())) {
            Err(_) if self.stop_when_abandoned => ControlFlow::Break(()),
            _ => ControlFlow::Continue(()),
        }
    }

    fn tool_call(&mut self, call: &ToolCall) {
        let _ = self.events.send(TurnEvent::ToolCall(call.clone()));
    }

    fn tool_result(&mut self, record: &ToolCallRecord) {
        let _ = self.events.send(TurnEvent::ToolResult(record.clone()));
    }
}

/// Saves the answer while it streams: when it changed, at most every
/// `save_every`; and every `heartbeat` regardless, so that a row whose
/// writer died can be told from one whose model is thinking. Ends when the
/// turn drops its sender.
async fn save_as_it_comes(runtime: Runtime, answer_id: String, mut text: watch::Receiver<String>) {
    let settings = runtime.settings().clone();
    let mut tick = tokio::time::interval(settings.save_every);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tick.tick().await;
    let mut dirty = false;
    let mut last_save = Instant::now();
    loop {
        tokio::select! {
            biased;
            changed = text.changed() => match changed {
                Ok(()) => dirty = true,
                Err(_) => return,
            },
            _ = tick.tick() => {
                if !dirty && last_save.elapsed() < settings.heartbeat {
                    continue;
                }
                let now_text = text.borrow_and_update().clone();
                dirty = false;
                last_save = Instant::now();
                match runtime.store().conversations().save_partial(&answer_id, &now_text).await {
                    Ok(true) => {}
                    Ok(false) => return,
                    Err(e) => tracing::warn!(error = %e, "cannot save a partial answer"),
                }
            }
        }
    }
}

fn millis(duration: Duration) -> u32 {
    u32::try_from(duration.as_millis()).unwrap_or(u32::MAX)
}

/// The call to the model: instructions, personality, language and
/// knowledge in the system message, then earlier turns, then the question.
pub(crate) fn model_request(
    config: &AgentConfig,
    model_name: &str,
    personality: Option<&agentforge_store::Personality>,
    earlier: Vec<ChatMessage>,
    hits: &[PassageHit],
    question: String,
) -> ChatRequest {
    let mut system = if config.instructions.trim().is_empty() {
        format!("You are {}, a helpful assistant.", config.name)
    } else {
        config.instructions.trim().to_owned()
    };
    if let Some(p) = personality {
        system.push_str(&format!("\n\nPersonality ({}): {}", p.name, p.instructions));
    }
    system.push_str(&format!(
        "\n\nAnswer in the language with code '{}' unless the person writes in another language.",
        config.language
    ));
    if !hits.is_empty() {
        system.push_str("\n\nUse the following passages from the knowledge base when they answer the question, name the source you used, and do not invent facts they do not support.\n");
        for (i, hit) in hits.iter().enumerate() {
            system.push_str(&format!(
                "\n[{}] Source: {}\n{}\n",
                i + 1,
                hit.document_name,
                hit.content
            ));
        }
    }
    let mut messages = vec![ChatMessage::new(Role::System, system)];
    messages.extend(earlier);
    messages.push(ChatMessage::new(Role::User, question));
    ChatRequest {
        model: model_name.to_owned(),
        messages,
        temperature: config.model.temperature,
        max_tokens: config.model.max_tokens,
        tools: Vec::new(),
        grounding: Grounding {
            agent_name: config.name.clone(),
            description: config.description.clone(),
            greeting: config.greeting.clone(),
            language: config.language.clone(),
            passages: hits
                .iter()
                .map(|h| GroundingPassage {
                    source: h.document_name.clone(),
                    text: h.content.clone(),
                })
                .collect(),
        },
    }
}

/// Earlier turns a caller sent along, within [`HISTORY_TOKENS`] like the
/// stored ones; only the person's and the agent's words count.
fn prior_context(prior: &[PriorMessage]) -> Vec<ChatMessage> {
    newest_within_budget(prior.iter().filter_map(|m| {
        let role = match m.role {
            MessageRole::User => Role::User,
            MessageRole::Assistant => Role::Assistant,
            _ => return None,
        };
        (!m.content.trim().is_empty()).then_some((role, m.content.as_str()))
    }))
}

/// Earlier turns, newest kept first, within [`HISTORY_TOKENS`]. Answers
/// that failed or are still being written are left out.
fn context(history: &[Message]) -> Vec<ChatMessage> {
    newest_within_budget(history.iter().filter_map(|m| {
        let role = match m.role {
            MessageRole::User => Role::User,
            MessageRole::Assistant
                if !matches!(m.status, MessageStatus::Failed | MessageStatus::Streaming) =>
            {
                Role::Assistant
            }
            _ => return None,
        };
        (!m.content.is_empty()).then_some((role, m.content.as_str()))
    }))
}

/// The newest of `turns` (given oldest first) that fit in
/// [`HISTORY_TOKENS`] together, oldest first again: the first that does not
/// fit ends the look back.
fn newest_within_budget<'a>(
    turns: impl DoubleEndedIterator<Item = (Role, &'a str)>,
) -> Vec<ChatMessage> {
    let mut budget = HISTORY_TOKENS;
    let mut kept = Vec::new();
    for (role, content) in turns.rev() {
        let cost = estimate_tokens(content);
        if cost > budget {
            break;
        }
        budget -= cost;
        kept.push(ChatMessage::new(role, content.to_owned()));
    }
    kept.reverse();
    kept
}

#[cfg(test)]
mod tests {
    use super::*;

    const MAX: usize = conversation::MESSAGE_MAX_CHARS;

    #[test]
    fn messages_are_checked_before_anything_is_stored() {
        assert!(check_message("  hi ", MAX).is_ok_and(|m| m == "hi"));
        assert!(matches!(
            check_message("   ", MAX),
            Err(RuntimeError::InvalidMessage { .. })
        ));
        let long = "x".repeat(conversation::MESSAGE_MAX_CHARS + 1);
        assert!(check_message(&long, MAX).is_err());
        assert!(check_message("a\0b", MAX).is_err());
        assert!(
            check_message("four", 3).is_err(),
            "an admin's lower limit holds"
        );
    }

    #[test]
    fn an_agents_activity_is_written_once_a_minute() {
        let activity = Activity::default();
        assert!(activity.due("a"));
        assert!(!activity.due("a"), "a second turn within the minute");
        assert!(activity.due("b"), "another agent is its own");
        let long_ago = Instant::now()
            .checked_sub(Activity::EVERY)
            .expect("the clock runs for a minute");
        activity.0.lock().unwrap().insert("a".into(), long_ago);
        assert!(activity.due("a"), "a minute later");
    }
}
