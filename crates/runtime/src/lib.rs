//! The runtime of AgentForge: what runs a conversation turn for every
//! channel (the dashboard's chat, the widget, the API, voice, phone, SMS,
//! webhooks, workflow steps), the durable job queue, and the tasks the
//! server owns.
//!
//! No HTTP here: channels are thin callers that say who speaks, where, and
//! what; the runtime answers with typed events and its own errors
//! ([`RuntimeError`]), which each caller says in its own way.

pub mod credentials;
mod error;
mod events;
pub mod fetch;
mod flow;
pub mod jobs;
mod models;
pub mod sealed;
pub mod signature;
mod tasks;
pub mod tools;
mod turn;
pub mod workflow;

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use agentforge_domain::conversation;
use agentforge_store::{DatabaseKind, Job, Store};
use arc_swap::ArcSwap;
use chrono::Utc;

pub use credentials::{Credentials, Opened};
pub use error::{RuntimeError, UpstreamFailure};
pub use events::{AgentRef, Announce, LiveEvent, Silent};
pub use jobs::{JobFailure, JobHandler, JobSettings, Queue};
pub use models::{Models, ModelsConfig, OwnModels};
pub use tasks::Tasks;
pub use tools::{AgentTools, Toolbox};
pub use turn::{Citation, PriorMessage, Turn, TurnEvent, TurnRequest};

/// Housekeeping jobs the runtime schedules for itself.
pub mod kinds {
    /// Ends conversations idle for longer than the configured time.
    pub const END_IDLE_CONVERSATIONS: &str = "conversations.end_idle";
    /// Marks `interrupted` the answers whose writer died.
    pub const INTERRUPT_ABANDONED_TURNS: &str = "turns.interrupt_abandoned";
    /// Forgets jobs that succeeded long ago.
    pub const PURGE_JOBS: &str = "jobs.purge";
    /// Texts a team member's answer in a handed-off SMS conversation to the
    /// person (queued with the answer; run by the phone feature).
    pub const SEND_SMS_REPLY: &str = "phone.send_reply";
}

/// How the runtime behaves.
#[derive(Debug, Clone)]
pub struct RuntimeSettings {
    /// A streaming answer is saved at most this often while it changes.
    pub save_every: Duration,
    /// …and at least this often regardless (its writer is alive).
    pub heartbeat: Duration,
    /// An answer not saved for this long has lost its writer.
    pub stale_after: Duration,
    /// A conversation without a message for this long ends by itself.
    pub idle_after: Duration,
    /// Succeeded jobs are kept this long.
    pub keep_jobs: Duration,
    pub jobs: JobSettings,
}

impl Default for RuntimeSettings {
    fn default() -> Self {
        Self {
            save_every: Duration::from_secs(1),
            heartbeat: Duration::from_secs(10),
            stale_after: Duration::from_secs(60),
            idle_after: Duration::from_secs(
                agentforge_domain::conversation::IDLE_MINUTES_DEFAULT * 60,
            ),
            keep_jobs: Duration::from_secs(7 * 24 * 3600),
            jobs: JobSettings::default(),
        }
    }
}

/// The runtime; cheap to clone.
#[derive(Clone)]
pub struct Runtime(Arc<Inner>);

struct Inner {
    store: Store,
    /// Replaced whole when an admin changes the model provider.
    models: ArcSwap<Models>,
    /// The longest message a turn takes, at most
    /// [`conversation::MESSAGE_MAX_CHARS`]; an admin may lower it.
    message_max_chars: AtomicUsize,
    announce: Arc<dyn Announce>,
    tasks: Tasks,
    queue: Arc<Queue>,
    settings: RuntimeSettings,
    activity: turn::Activity,
    /// MCP tools for turns; `None`: turns run without tools.
    toolbox: Option<Arc<Toolbox>>,
    /// People's and teams' own credentials; `None`: only the server's.
    credentials: Option<Arc<Credentials>>,
}

impl Runtime {
    pub fn new(
        store: Store,
        models: Models,
        announce: Arc<dyn Announce>,
        settings: RuntimeSettings,
    ) -> Self {
        Self::with_tasks(store, models, announce, settings, Tasks::new(), None, None)
    }

    /// A runtime whose owned tasks are `tasks` (made beforehand, so that
    /// what the toolbox runs is owned too) and whose turns use `toolbox`
    /// and the agents' own `credentials`.
    pub fn with_tasks(
        store: Store,
        models: Models,
        announce: Arc<dyn Announce>,
        settings: RuntimeSettings,
        tasks: Tasks,
        toolbox: Option<Toolbox>,
        credentials: Option<Credentials>,
    ) -> Self {
        let worker = format!("{}-{}", hostname(), uuid::Uuid::new_v4().simple());
        let queue = Arc::new(Queue::new(store.clone(), settings.jobs.clone(), worker));
        Self(Arc::new(Inner {
            store,
            models: ArcSwap::from_pointee(models),
            message_max_chars: AtomicUsize::new(conversation::MESSAGE_MAX_CHARS),
            announce,
            tasks,
            queue,
            settings,
            activity: turn::Activity::default(),
            toolbox: toolbox.map(Arc::new),
            credentials: credentials.map(Arc::new),
        }))
    }

    /// The model connections of an agent of `owner_id`'s (shared with
    /// `team_id`): its team's, else its owner's (Settings › Integrations).
    pub async fn own_models(
        &self,
        owner_id: &str,
        team_id: Option<&str>,
    ) -> Result<OwnModels, agentforge_store::StoreError> {
        let Some(credentials) = self.credentials() else {
            return Ok(OwnModels::default());
        };
        let opened = credentials
            .for_agent(self.store(), owner_id, team_id, &OwnModels::NAMES)
            .await?;
        Ok(OwnModels::new(opened.values(), credentials))
    }

    /// People's and teams' own credentials, when set up.
    pub fn credentials(&self) -> Option<&Arc<Credentials>> {
        self.0.credentials.as_ref()
    }

    /// The tools turns may use, when MCP is set up.
    pub fn toolbox(&self) -> Option<&Arc<Toolbox>> {
        self.0.toolbox.as_ref()
    }

    pub fn store(&self) -> &Store {
        &self.0.store
    }

    /// The model connections turns use now (a turn keeps the ones it
    /// started with).
    pub fn models(&self) -> Arc<Models> {
        self.0.models.load_full()
    }

    /// Turns started from now on use `models`.
    pub fn set_models(&self, models: Models) {
        self.0.models.store(Arc::new(models));
    }

    /// The longest message a turn takes now.
    pub fn message_max_chars(&self) -> usize {
        self.0.message_max_chars.load(Ordering::Relaxed)
    }

    /// Lowers (or restores) the longest message a turn takes; never above
    /// [`conversation::MESSAGE_MAX_CHARS`].
    pub fn set_message_max_chars(&self, max: usize) {
        self.0.message_max_chars.store(
            max.clamp(1, conversation::MESSAGE_MAX_CHARS),
            Ordering::Relaxed,
        );
    }

    /// The tasks the runtime (and the server) own.
    pub fn tasks(&self) -> &Tasks {
        &self.0.tasks
    }

    /// The durable job queue.
    pub fn jobs(&self) -> &Arc<Queue> {
        &self.0.queue
    }

    pub fn settings(&self) -> &RuntimeSettings {
        &self.0.settings
    }

    /// Tells live views what happened.
    pub async fn announce(&self, event: LiveEvent) {
        self.0.announce.announce(vec![event]).await;
    }

    /// Tells live views of things that happened together, in order.
    pub async fn announce_all(&self, events: Vec<LiveEvent>) {
        self.0.announce.announce(events).await;
    }

    /// Marks `interrupted` the answers left `streaming` by a process that
    /// died, then starts the job runner with the runtime's own scheduled
    /// jobs (register the server's handlers before calling this).
    ///
    /// On SQLite one process owns the database, so at start-up every answer
    /// still `streaming` was left by a dead one; on PostgreSQL other
    /// instances may be writing theirs, so only answers not saved for
    /// `stale_after` are, and a scheduled sweep catches the rest.
    pub async fn start(&self) -> Result<(), agentforge_store::StoreError> {
        let before = match self.store().kind() {
            DatabaseKind::Sqlite => Utc::now() + chrono::Duration::seconds(1),
            DatabaseKind::Postgres => Utc::now() - chrono_duration(self.settings().stale_after),
        };
        let interrupted = self.store().conversations().interrupt_stale(before).await?;
        if !interrupted.is_empty() {
            tracing::warn!(
                count = interrupted.len(),
                "answers left unfinished by a stopped server are marked interrupted"
            );
        }
        let queue = self.jobs();
        queue.register(kinds::END_IDLE_CONVERSATIONS, EndIdle(self.clone()));
        queue.register(
            kinds::INTERRUPT_ABANDONED_TURNS,
            InterruptAbandoned(self.clone()),
        );
        queue.register(kinds::PURGE_JOBS, PurgeJobs(self.clone()));
        let schedules = [
            (kinds::END_IDLE_CONVERSATIONS, "0 * * * * *"),
            (kinds::INTERRUPT_ABANDONED_TURNS, "*/30 * * * * *"),
            (kinds::PURGE_JOBS, "0 17 * * * *"),
        ];
        for (kind, cron) in schedules {
            queue
                .schedule(kind, cron, serde_json::Value::Null)
                .map_err(|e| agentforge_store::StoreError::Io(std::io::Error::other(e)))?;
        }
        queue.start(self.tasks());
        Ok(())
    }

    /// Ends the conversations idle for longer than `idle_after` and
    /// announces each; how many ended.
    pub async fn end_idle_conversations(&self) -> Result<usize, agentforge_store::StoreError> {
        let before = Utc::now() - chrono_duration(self.settings().idle_after);
        let ended = self.store().conversations().end_idle(before).await?;
        let mut ids: Vec<String> = ended.iter().map(|c| c.agent_id.clone()).collect();
        ids.sort();
        ids.dedup();
        let mut agents = std::collections::HashMap::new();
        for id in ids {
            if let Some(agent) = self.store().agents().get(&id).await? {
                agents.insert(id, AgentRef::from(&agent));
            }
        }
        let count = ended.len();
        for conversation in ended {
            if conversation.test {
                continue;
            }
            if let Some(agent) = agents.get(&conversation.agent_id) {
                self.announce(LiveEvent::ConversationEnded {
                    conversation,
                    agent: agent.clone(),
                })
                .await;
            }
        }
        Ok(count)
    }

    /// Marks `interrupted` the answers not saved for `stale_after` (their
    /// writer died); how many.
    pub async fn interrupt_abandoned(&self) -> Result<usize, agentforge_store::StoreError> {
        let before = Utc::now() - chrono_duration(self.settings().stale_after);
        Ok(self
            .store()
            .conversations()
            .interrupt_stale(before)
            .await?
            .len())
    }
}

fn chrono_duration(d: Duration) -> chrono::Duration {
    chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
}

fn hostname() -> String {
    std::env::var("HOSTNAME")
        .ok()
        .filter(|h| !h.is_empty())
        .unwrap_or_else(|| "agentforge".to_owned())
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .take(24)
        .collect()
}

struct EndIdle(Runtime);

#[async_trait::async_trait]
impl JobHandler for EndIdle {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let ended = self
            .0
            .end_idle_conversations()
            .await
            .map_err(|e| JobFailure::Retry(e.to_string()))?;
        if ended > 0 {
            tracing::info!(ended, "idle conversations ended");
        }
        Ok(())
    }
}

struct InterruptAbandoned(Runtime);

#[async_trait::async_trait]
impl JobHandler for InterruptAbandoned {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let count = self
            .0
            .interrupt_abandoned()
            .await
            .map_err(|e| JobFailure::Retry(e.to_string()))?;
        if count > 0 {
            tracing::warn!(count, "answers whose writer stopped are marked interrupted");
        }
        Ok(())
    }
}

struct PurgeJobs(Runtime);

#[async_trait::async_trait]
impl JobHandler for PurgeJobs {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let before = Utc::now() - chrono_duration(self.0.settings().keep_jobs);
        self.0
            .store()
            .jobs()
            .purge_succeeded(before)
            .await
            .map_err(|e| JobFailure::Retry(e.to_string()))?;
        Ok(())
    }
}
