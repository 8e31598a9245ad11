//! The realtime socket at `/ws`: conversations started and ended, and new
//! messages, pushed to the users they concern.
//!
//! Within one process each event goes straight to the sockets of the users
//! it is for (sockets are kept by user), so an event for one person costs
//! the same however many sockets are open. On PostgreSQL
//! every instance publishes with `NOTIFY` and delivers what it hears with
//! `LISTEN` (its own events included), so several stateless instances behind
//! a load balancer see each other's conversations.
//!
//! A socket lives only as long as the access token it opened with: it is
//! closed (code 4001) when that token expires, and when its session is
//! signed out. Each instance checks the sessions of all its sockets in one
//! query every `realtime_session_check_seconds`, and at once when a session
//! is signed out on it (on PostgreSQL, on any instance: the sign-out is
//! notified like an event).

use std::sync::Arc;
use std::time::Duration;

use agentforge_runtime::{AgentRef, Announce, LiveEvent, Tasks};
use agentforge_store::{Conversation, Store, StoreError};
use axum::extract::State;
use axum::extract::ws::{CloseFrame, Message as Frame, WebSocket, WebSocketUpgrade};
use axum::response::{IntoResponse, Response};
use futures_util::{SinkExt, StreamExt};
use serde::{Deserialize, Serialize};
use std::collections::{HashMap, HashSet};
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};

use tokio::sync::{Notify, mpsc};

use crate::auth::tokens::AccessClaims;
use crate::conversations::{ConversationOut, MessageOut};
use crate::http::{ApiError, Query};
use crate::state::AppState;

const CHANNEL: &str = "agentforge_events";
/// PostgreSQL refuses notification payloads of 8000 bytes or more; a bigger
/// message event travels as a reference and is read back by each listener.
const NOTIFY_MAX: usize = 7900;
const PING_EVERY: Duration = Duration::from_secs(30);
/// The close code of a socket whose token expired or whose session was
/// signed out: refresh the session and connect again.
pub const CLOSE_UNAUTHORIZED: u16 = 4001;

/// What the realtime socket (`GET /ws?token=<access token>`) sends, one
/// JSON text frame each: first `ready`, then the events of the
/// conversations and teams the user may see; `resync` when it fell behind
/// and events were skipped (reload what is shown).
#[derive(Debug, Clone, Serialize, utoipa::ToSchema, serde::Deserialize)]
#[serde(tag = "type")]
#[schema(as = RealtimeEvent)]
pub enum Event {
    /// The socket is open for this user.
    #[serde(rename = "ready", rename_all = "camelCase")]
    Ready { user_id: String },
    /// Events were skipped; what is shown may be stale.
    #[serde(rename = "resync")]
    Resync { skipped: u64 },
    #[serde(rename = "conversation.started")]
    ConversationStarted { conversation: ConversationOut },
    #[serde(rename = "message.created", rename_all = "camelCase")]
    MessageCreated {
        conversation_id: String,
        agent_id: String,
        message: Box<MessageOut>,
        conversation: ConversationOut,
    },
    #[serde(rename = "conversation.ended")]
    ConversationEnded { conversation: ConversationOut },
    /// A conversation was handed to a person of the team (its flow's
    /// handoff, or taken over), or handed back to the agent (`active`).
    #[serde(rename = "conversation.handed_off")]
    ConversationHandedOff { conversation: ConversationOut },
    #[serde(rename = "conversation.deleted", rename_all = "camelCase")]
    ConversationDeleted {
        conversation_id: String,
        agent_id: String,
    },
    /// A message from a team's owner or admin (POST /teams/{id}/notify).
    #[serde(rename = "team.notification", rename_all = "camelCase")]
    TeamNotification {
        team_id: String,
        team_name: String,
        message: String,
        /// The sender's name.
        from: String,
    },
    /// An admin changed the run-time configuration (feature flags …):
    /// read `/api/system/status` again.
    #[serde(rename = "configuration.changed")]
    ConfigurationChanged { revision: i64 },
    /// A workflow run moved on (its owner's): the run's status, and the
    /// node whose step changed with that step's status.
    #[serde(rename = "workflow.execution", rename_all = "camelCase")]
    WorkflowExecution {
        workflow_id: String,
        execution_id: String,
        status: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        node_id: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        iteration: Option<u32>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        step_status: Option<String>,
    },
}

/// An event on its way: who may see it and its JSON text.
#[derive(Debug, Clone, Serialize, Deserialize)]
struct Delivery {
    audience: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    frame: Option<String>,
    /// A message too big to notify: (message id, agent name).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    message_ref: Option<(String, String)>,
    /// Not an event: sessions were signed out, check the sockets' now.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    sessions_revoked: bool,
}

/// Frames a socket may hold unsent before it counts as fallen behind.
const SOCKET_BUFFER: usize = 256;

/// One open socket, as the hub reaches it.
struct Subscriber {
    id: u64,
    frames: mpsc::Sender<Arc<str>>,
    /// Frames dropped because the socket fell behind (told with `resync`).
    skipped: Arc<AtomicU64>,
    /// The session of the token the socket opened with.
    session_id: String,
    /// Told when that session is found signed out.
    revoked: Arc<Notify>,
}

/// Publishes events and hands them to the sockets of this process.
pub struct Hub {
    /// The open sockets of this process, by user.
    sockets: RwLock<HashMap<String, Vec<Subscriber>>>,
    next_id: AtomicU64,
    store: Store,
    postgres: bool,
    /// How often the sockets' sessions are checked.
    check_every: Duration,
    /// Checks them now (a session was signed out).
    check_now: Arc<Notify>,
}

#[async_trait::async_trait]
impl Announce for Hub {
    /// Works out who may see each event (the agent's owner, the members of
    /// its team, looked up now so joining or leaving takes effect at once,
    /// and the user who held the conversation), then publishes them.
    async fn announce(&self, events: Vec<LiveEvent>) {
        if !self.postgres && self.is_empty() {
            return; // Nobody is listening on this (the only) instance.
        }
        let mut addressed = Vec::with_capacity(events.len());
        // Events of one conversation told together share one lookup.
        let mut known: Option<(String, Vec<String>)> = None;
        for event in events {
            let (conversation, agent) = match &event {
                LiveEvent::ConversationStarted {
                    conversation,
                    agent,
                }
                | LiveEvent::MessageCreated {
                    conversation,
                    agent,
                    ..
                }
                | LiveEvent::ConversationEnded {
                    conversation,
                    agent,
                }
                | LiveEvent::HandlerChanged {
                    conversation,
                    agent,
                } => (Some(conversation), Some(agent)),
                LiveEvent::ConversationDeleted { conversation } => (Some(conversation), None),
                LiveEvent::TeamNotification { .. } | LiveEvent::WorkflowRun { .. } => (None, None),
            };
            let audience = match conversation {
                Some(c) => match &known {
                    Some((id, audience)) if *id == c.id => audience.clone(),
                    _ => {
                        let audience = self.audience(c, agent).await;
                        known = Some((c.id.clone(), audience.clone()));
                        audience
                    }
                },
                None => Vec::new(),
            };
            addressed.push(Self::framed(audience, event));
        }
        self.publish(addressed).await;
    }
}

impl Hub {
    /// A hub whose sockets' sessions are checked every `check_every`.
    pub fn new(store: Store, check_every: Duration) -> Self {
        let postgres = store.kind() == agentforge_store::DatabaseKind::Postgres;
        Self {
            sockets: RwLock::default(),
            next_id: AtomicU64::new(0),
            store,
            postgres,
            check_every,
            check_now: Arc::default(),
        }
    }

    /// Sessions were signed out (sign-out, a password changed or reset, an
    /// account deleted): every instance checks its sockets' sessions now
    /// and closes those that ended.
    pub async fn sessions_revoked(&self) {
        self.check_now.notify_one();
        if !self.postgres {
            return;
        }
        let note = Delivery {
            audience: Vec::new(),
            frame: None,
            message_ref: None,
            sessions_revoked: true,
        };
        let payload = serde_json::to_string(&note).unwrap_or_default();
        if let Err(e) = self.store.notify(CHANNEL, &[payload]).await {
            tracing::warn!(error = %e, "cannot tell the other instances of a sign-out; they check within their interval");
        }
    }

    /// Closes the sockets whose session ended (signed out, expired, its
    /// account disabled or deleted): one query for all of them.
    async fn check_sessions(&self) {
        let checked: HashSet<String> = match self.sockets.read() {
            Ok(sockets) => sockets
                .values()
                .flatten()
                .map(|s| s.session_id.clone())
                .collect(),
            Err(_) => return,
        };
        if checked.is_empty() {
            return;
        }
        let ids: Vec<String> = checked.iter().cloned().collect();
        let live = match self.store.refresh_tokens().live_sessions(&ids).await {
            Ok(live) => live,
            Err(e) => {
                tracing::warn!(error = %e, "cannot check the realtime sockets' sessions");
                return;
            }
        };
        let Ok(sockets) = self.sockets.read() else {
            return;
        };
        // A socket opened since the ids were read waits for the next check.
        for socket in sockets.values().flatten() {
            if checked.contains(&socket.session_id) && !live.contains(&socket.session_id) {
                socket.revoked.notify_one();
            }
        }
    }

    /// `in-process` or `postgres`.
    pub fn transport(&self) -> &'static str {
        if self.postgres {
            "postgres"
        } else {
            "in-process"
        }
    }

    /// The socket event for `event`, with its audience (`audience` for a
    /// conversation's events; a team notification names its own).
    fn framed(audience: Vec<String>, event: LiveEvent) -> (Vec<String>, Event) {
        match event {
            LiveEvent::ConversationStarted {
                conversation,
                agent,
            } => (
                audience,
                Event::ConversationStarted {
                    conversation: ConversationOut::new(conversation, agent.name),
                },
            ),
            LiveEvent::MessageCreated {
                conversation,
                message,
                agent,
            } => {
                let message = MessageOut::from(message);
                (
                    audience,
                    Event::MessageCreated {
                        conversation_id: conversation.id.clone(),
                        agent_id: conversation.agent_id.clone(),
                        conversation: ConversationOut::new(conversation, agent.name)
                            .with_last_message(&message),
                        message: Box::new(message),
                    },
                )
            }
            LiveEvent::ConversationEnded {
                conversation,
                agent,
            } => (
                audience,
                Event::ConversationEnded {
                    conversation: ConversationOut::new(conversation, agent.name),
                },
            ),
            LiveEvent::HandlerChanged {
                conversation,
                agent,
            } => (
                audience,
                Event::ConversationHandedOff {
                    conversation: ConversationOut::new(conversation, agent.name),
                },
            ),
            LiveEvent::ConversationDeleted { conversation } => (
                audience,
                Event::ConversationDeleted {
                    conversation_id: conversation.id,
                    agent_id: conversation.agent_id,
                },
            ),
            LiveEvent::TeamNotification {
                team_id,
                team_name,
                message,
                from,
                recipients,
            } => (
                recipients,
                Event::TeamNotification {
                    team_id,
                    team_name,
                    message,
                    from,
                },
            ),
            LiveEvent::WorkflowRun {
                owner_id,
                workflow_id,
                execution_id,
                status,
                step,
            } => {
                let (node_id, iteration, step_status) = match step {
                    Some((node, iteration, status)) => (Some(node), Some(iteration), Some(status)),
                    None => (None, None, None),
                };
                (
                    vec![owner_id],
                    Event::WorkflowExecution {
                        workflow_id,
                        execution_id,
                        status,
                        node_id,
                        iteration,
                        step_status,
                    },
                )
            }
        }
    }

    /// Who hears about a conversation: its agent's owner, the members of the
    /// agent's team and the user who held it. With the agent at hand, no
    /// lookup is needed when it has no team.
    async fn audience(&self, conversation: &Conversation, agent: Option<&AgentRef>) -> Vec<String> {
        let members = match agent {
            Some(AgentRef { team_id: None, .. }) => Ok(Vec::new()),
            Some(AgentRef {
                team_id: Some(team_id),
                ..
            }) => self.store.teams().member_ids(team_id).await,
            None => {
                self.store
                    .teams()
                    .member_ids_for_agent(&conversation.agent_id)
                    .await
            }
        };
        let mut audience = vec![conversation.owner_id.clone()];
        audience.extend(conversation.user_id.clone());
        match members {
            Ok(members) => audience.extend(members),
            Err(e) => tracing::error!(error = %e, "cannot read the team of a conversation's agent"),
        }
        audience
    }

    /// Starts checking the sockets' sessions and, on PostgreSQL, listening
    /// for every instance's events, on owned tasks that end when shutdown
    /// begins.
    pub async fn start(
        self: &Arc<Self>,
        database_url: &str,
        tasks: &Tasks,
    ) -> Result<(), StoreError> {
        self.start_session_checks(tasks);
        let Some(mut listener) = self.store.listen(database_url, CHANNEL).await? else {
            return Ok(());
        };
        let hub = Arc::downgrade(self);
        let owned = tasks.clone();
        tasks.spawn(async move {
            loop {
                let received = tokio::select! {
                    received = listener.recv() => received,
                    () = owned.stopping() => return,
                };
                let payload = match received {
                    Ok(payload) => payload,
                    Err(e) => {
                        if hub.strong_count() == 0 {
                            return; // The server is gone.
                        }
                        tracing::warn!(error = %e, "realtime listener lost its connection; retrying");
                        tokio::time::sleep(Duration::from_secs(1)).await;
                        continue;
                    }
                };
                let Some(hub) = hub.upgrade() else { return };
                match serde_json::from_str::<Delivery>(&payload) {
                    Ok(delivery) => hub.deliver_locally(delivery).await,
                    Err(e) => tracing::warn!(error = %e, "unreadable realtime notification"),
                }
            }
        });
        Ok(())
    }

    fn start_session_checks(self: &Arc<Self>, tasks: &Tasks) {
        let hub = Arc::downgrade(self);
        let check_now = self.check_now.clone();
        let mut every = tokio::time::interval(self.check_every);
        every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let owned = tasks.clone();
        tasks.spawn(async move {
            loop {
                tokio::select! {
                    _ = every.tick() => {}
                    () = check_now.notified() => {}
                    () = owned.stopping() => return,
                }
                let Some(hub) = hub.upgrade() else { return };
                hub.check_sessions().await;
            }
        });
    }

    /// Sends each event to the sockets of its audience (user ids), on every
    /// instance; on PostgreSQL all of them in one statement, in order.
    async fn publish(&self, events: Vec<(Vec<String>, Event)>) {
        let mut payloads = Vec::with_capacity(events.len());
        for (audience, event) in events {
            let Some(delivery) = Self::delivery(audience, &event) else {
                continue;
            };
            if !self.postgres {
                self.deliver_here(&delivery);
                continue;
            }
            if let Some(payload) = Self::payload(delivery, &event) {
                payloads.push(payload);
            }
        }
        if payloads.is_empty() {
            return;
        }
        if let Err(e) = self.store.notify(CHANNEL, &payloads).await {
            tracing::warn!(error = %e, "cannot publish realtime events");
        }
    }

    fn delivery(mut audience: Vec<String>, event: &Event) -> Option<Delivery> {
        let frame = match serde_json::to_string(event) {
            Ok(frame) => frame,
            Err(e) => {
                tracing::error!(error = %e, "cannot serialise a realtime event");
                return None;
            }
        };
        audience.sort();
        audience.dedup();
        Some(Delivery {
            audience,
            frame: Some(frame),
            message_ref: None,
            sessions_revoked: false,
        })
    }

    /// The notification's text: the delivery, or a reference to a message
    /// too big to travel.
    fn payload(delivery: Delivery, event: &Event) -> Option<String> {
        let payload = serde_json::to_string(&delivery).unwrap_or_default();
        if payload.len() <= NOTIFY_MAX {
            return Some(payload);
        }
        let Event::MessageCreated {
            message,
            conversation,
            ..
        } = event
        else {
            tracing::error!("realtime event too large to notify");
            return None;
        };
        Some(
            serde_json::to_string(&Delivery {
                audience: delivery.audience,
                frame: None,
                message_ref: Some((message.id.clone(), conversation.agent_name.clone())),
                sessions_revoked: false,
            })
            .unwrap_or_default(),
        )
    }

    async fn deliver_locally(&self, mut delivery: Delivery) {
        if delivery.sessions_revoked {
            self.check_now.notify_one();
            return;
        }
        if delivery.frame.is_none() {
            let Some((message_id, agent_name)) = delivery.message_ref.take() else {
                return;
            };
            match self.rebuild(&message_id, agent_name).await {
                Ok(Some(event)) => delivery.frame = serde_json::to_string(&event).ok(),
                Ok(None) => return,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read back a realtime message");
                    return;
                }
            }
        }
        self.deliver_here(&delivery);
    }

    fn is_empty(&self) -> bool {
        self.sockets.read().map(|s| s.is_empty()).unwrap_or(true)
    }

    /// Hands the frame to the sockets of its audience in this process.
    fn deliver_here(&self, delivery: &Delivery) {
        let Some(frame) = &delivery.frame else { return };
        let frame: Arc<str> = Arc::from(frame.as_str());
        let Ok(sockets) = self.sockets.read() else {
            return;
        };
        for user in &delivery.audience {
            for socket in sockets.get(user).into_iter().flatten() {
                if socket.frames.try_send(frame.clone()).is_err() {
                    socket.skipped.fetch_add(1, Ordering::Relaxed);
                }
            }
        }
    }

    async fn rebuild(
        &self,
        message_id: &str,
        agent_name: String,
    ) -> Result<Option<Event>, StoreError> {
        let conversations = self.store.conversations();
        let Some(message) = conversations.message(message_id).await? else {
            return Ok(None);
        };
        let Some(conversation) = conversations.get(&message.conversation_id).await? else {
            return Ok(None);
        };
        let message = MessageOut::from(message);
        Ok(Some(Event::MessageCreated {
            conversation_id: conversation.id.clone(),
            agent_id: conversation.agent_id.clone(),
            conversation: ConversationOut::new(conversation, agent_name)
                .with_last_message(&message),
            message: Box::new(message),
        }))
    }

    /// Opens a socket's feed of `user_id`'s events, for as long as session
    /// `session_id` lasts; it closes when the returned guard drops.
    fn subscribe(self: &Arc<Self>, user_id: &str, session_id: &str) -> Subscription {
        let (frames, rx) = mpsc::channel(SOCKET_BUFFER);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let skipped = Arc::new(AtomicU64::new(0));
        let revoked = Arc::new(Notify::new());
        if let Ok(mut sockets) = self.sockets.write() {
            sockets
                .entry(user_id.to_owned())
                .or_default()
                .push(Subscriber {
                    id,
                    frames,
                    skipped: skipped.clone(),
                    session_id: session_id.to_owned(),
                    revoked: revoked.clone(),
                });
        }
        Subscription {
            hub: self.clone(),
            user_id: user_id.to_owned(),
            id,
            frames: rx,
            skipped,
            revoked,
        }
    }

    /// Tells every socket of this process that the configuration changed
    /// (each instance tells its own, when it notices).
    pub fn announce_configuration(&self, revision: i64) {
        let Ok(frame) = serde_json::to_string(&Event::ConfigurationChanged { revision }) else {
            return;
        };
        let frame: Arc<str> = Arc::from(frame.as_str());
        let Ok(sockets) = self.sockets.read() else {
            return;
        };
        for socket in sockets.values().flatten() {
            if socket.frames.try_send(frame.clone()).is_err() {
                socket.skipped.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Open sockets in this process (for metrics and tests).
    pub fn sockets(&self) -> usize {
        self.sockets
            .read()
            .map(|s| s.values().map(Vec::len).sum())
            .unwrap_or_default()
    }
}

/// A socket's feed of events; leaving drops it from the hub.
struct Subscription {
    hub: Arc<Hub>,
    user_id: String,
    id: u64,
    frames: mpsc::Receiver<Arc<str>>,
    skipped: Arc<AtomicU64>,
    /// Its session was found signed out.
    revoked: Arc<Notify>,
}

impl Drop for Subscription {
    fn drop(&mut self) {
        if let Ok(mut sockets) = self.hub.sockets.write()
            && let Some(list) = sockets.get_mut(&self.user_id)
        {
            list.retain(|s| s.id != self.id);
            if list.is_empty() {
                sockets.remove(&self.user_id);
            }
        }
    }
}

#[derive(Debug, Deserialize, serde::Serialize)]
pub struct SocketQuery {
    token: Option<String>,
}

/// `GET /ws?token=<access token>`: upgrades to the realtime socket.
pub async fn socket(
    State(state): State<AppState>,
    Query(query): Query<SocketQuery>,
    upgrade: Result<WebSocketUpgrade, axum::extract::ws::rejection::WebSocketUpgradeRejection>,
) -> Response {
    let claims = match authenticate(&state, query.token.as_deref()).await {
        Ok(claims) => claims,
        Err(error) => return error.into_response(),
    };
    let upgrade = match upgrade {
        Ok(upgrade) => upgrade,
        Err(_) => {
            return ApiError::bad_request(
                "websocket_required",
                "This address speaks WebSocket only",
            )
            .into_response();
        }
    };
    let hub = state.realtime.clone();
    let tasks = state.runtime.tasks().clone();
    // Clients only ever send pings and a close, and the server's frames are
    // small: buffers sized for that keep a thousand sockets in a few MB
    // (tungstenite's defaults are 128 KiB each way).
    upgrade
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_message_size(64 * 1024)
        .max_frame_size(64 * 1024)
        .on_upgrade(move |socket| serve(socket, hub, tasks, claims))
}

async fn authenticate(state: &AppState, token: Option<&str>) -> Result<AccessClaims, ApiError> {
    let token = token
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .ok_or_else(|| ApiError::unauthorized("unauthorized", "Authentication required"))?;
    Ok(crate::auth::user_for_token(state, token).await?.1)
}

/// Closes the socket with [`CLOSE_UNAUTHORIZED`] and why (`token_expired`,
/// `session_revoked`).
async fn close_unauthorized(
    sink: &mut futures_util::stream::SplitSink<WebSocket, Frame>,
    why: &'static str,
) {
    let close = CloseFrame {
        code: CLOSE_UNAUTHORIZED,
        reason: why.into(),
    };
    let _ = sink.send(Frame::Close(Some(close))).await;
}

async fn serve(socket: WebSocket, hub: Arc<Hub>, tasks: Tasks, claims: AccessClaims) {
    let AccessClaims {
        user_id,
        session_id,
        expires_at,
    } = claims;
    let mut events = hub.subscribe(&user_id, &session_id);
    // The token's lifetime is the socket's.
    let left = chrono::DateTime::from_timestamp(expires_at, 0)
        .and_then(|at| (at - chrono::Utc::now()).to_std().ok())
        .unwrap_or_default();
    let expiry = tokio::time::sleep(left);
    tokio::pin!(expiry);
    let (mut sink, mut incoming) = socket.split();
    let ready = serde_json::to_string(&Event::Ready {
        user_id: user_id.clone(),
    })
    .unwrap_or_default();
    if sink.send(Frame::Text(ready.into())).await.is_err() {
        return;
    }
    let mut ping = tokio::time::interval(PING_EVERY);
    ping.tick().await;
    loop {
        tokio::select! {
            frame = events.frames.recv() => {
                let Some(frame) = frame else { return };
                let skipped = events.skipped.swap(0, Ordering::Relaxed);
                if skipped > 0 {
                    tracing::debug!(skipped, "a realtime socket fell behind");
                    let note = serde_json::to_string(&Event::Resync { skipped }).unwrap_or_default();
                    if sink.send(Frame::Text(note.into())).await.is_err() {
                        return;
                    }
                }
                if sink.send(Frame::Text(frame.as_ref().into())).await.is_err() {
                    return;
                }
            },
            frame = incoming.next() => match frame {
                Some(Ok(Frame::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {}
            },
            () = tasks.stopping() => {
                // The server is going down: say so, so clients reconnect elsewhere.
                let _ = sink.send(Frame::Close(None)).await;
                return;
            }
            () = &mut expiry => {
                close_unauthorized(&mut sink, "token_expired").await;
                return;
            }
            () = events.revoked.notified() => {
                close_unauthorized(&mut sink, "session_revoked").await;
                return;
            }
            _ = ping.tick() => {
                if sink.send(Frame::Ping(Vec::new().into())).await.is_err() {
                    return;
                }
            }
        }
    }
}
