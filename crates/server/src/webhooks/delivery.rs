//! Outbound event webhooks on their way out: an event of an agent becomes
//! one delivery per subscribed endpoint of the agent's owner (the exact
//! body signed, queued as a `webhook_endpoint.deliver` job in the same
//! transaction), and each delivery is posted from the job queue, signed
//! per the Standard Webhooks specification, through the outbound guard,
//! retried on the configured schedule (5 s, 5 min, 30 min, 2 h, 5 h, 10 h
//! by default) with every attempt logged; an endpoint failing for a day is
//! disabled and its owner emailed.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock, Weak};
use std::time::{Duration, Instant};

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::policy::Actor;
use agentforge_domain::webhook::{DeliveryStatus, EndpointEvent, RESPONSE_EXCERPT_BYTES};
use agentforge_domain::workflow::WorkflowEvent;
use agentforge_runtime::signature::WebhookSecret;
use agentforge_runtime::{Announce, JobFailure, JobHandler, LiveEvent, Queue};
use agentforge_store::{
    Conversation, Delivery, DeliveryAttempt, Job, Message, NewJob, Store, StoreError, Tx,
    WebhookEndpoint,
};
use serde_json::{Value, json};

use crate::audit;
use crate::state::{AppState, Services};

/// The job that posts one delivery.
pub const DELIVER: &str = "webhook_endpoint.deliver";

/// What endpoint secrets are sealed for.
pub const SEAL_PURPOSE: &str = "webhook-endpoints";

/// Longest wait for an endpoint's answer.
const TIMEOUT: Duration = Duration::from_secs(15);

/// An event's body: `{type, timestamp, data}`, and its `webhook-id`.
pub struct Event {
    pub id: String,
    pub kind: EndpointEvent,
    pub body: String,
}

impl Event {
    pub fn new(kind: EndpointEvent, data: Value) -> Self {
        let id = format!("msg_{}", uuid::Uuid::now_v7().simple());
        let body = json!({
            "type": kind.as_str(),
            "timestamp": agentforge_store::now().to_rfc3339_opts(chrono::SecondsFormat::Millis, true),
            "data": data,
        });
        Self {
            id,
            kind,
            body: body.to_string(),
        }
    }
}

/// Queues `event` for each of `owner_id`'s endpoints that take it, and
/// starts the owner's workflows waiting for it, inside `tx`; how many
/// deliveries.
pub async fn emit_in(
    tx: &Tx,
    owner_id: &str,
    event: &Event,
) -> Result<usize, agentforge_domain::Error> {
    let endpoints = tx
        .webhook_endpoints()
        .subscribed(owner_id, event.kind)
        .await?;
    let queued = queue_in(tx, &endpoints, &[event]).await?;
    if let Some(kind) = workflow_event(event.kind) {
        let body: Value = serde_json::from_str(&event.body).unwrap_or_default();
        let data = &body["data"];
        let agent_id = data["agent"]["id"]
            .as_str()
            .or_else(|| data["agentId"].as_str())
            .or_else(|| data["call"]["agentId"].as_str());
        agentforge_runtime::workflow::start_for_event_in(tx, owner_id, kind, agent_id, data)
            .await?;
    }
    Ok(queued)
}

/// The workflow trigger an endpoint event is, if any.
fn workflow_event(kind: EndpointEvent) -> Option<WorkflowEvent> {
    Some(match kind {
        EndpointEvent::ConversationStarted => WorkflowEvent::ConversationStarted,
        EndpointEvent::ConversationEnded => WorkflowEvent::ConversationEnded,
        EndpointEvent::ConversationHandedOff => WorkflowEvent::ConversationHandedOff,
        EndpointEvent::MessageCreated => WorkflowEvent::MessageReceived,
        EndpointEvent::DocumentIndexed => WorkflowEvent::DocumentIndexed,
        EndpointEvent::CallCompleted => WorkflowEvent::CallCompleted,
        EndpointEvent::AgentDeployed => return None,
    })
}

/// Queues each of `events` for each of `endpoints` that takes it (a
/// delivery and its job), inside `tx`; how many. The jobs go in one
/// statement.
async fn queue_in(
    tx: &Tx,
    endpoints: &[WebhookEndpoint],
    events: &[&Event],
) -> Result<usize, StoreError> {
    let mut jobs = Vec::new();
    for event in events {
        for endpoint in endpoints.iter().filter(|e| e.events.contains(&event.kind)) {
            let delivery = tx
                .webhook_endpoints()
                .add_delivery(&endpoint.id, &event.id, event.kind, &event.body)
                .await?;
            jobs.push(NewJob::now(DELIVER, json!({"deliveryId": delivery.id}), 3));
        }
    }
    let queued = jobs.len();
    tx.jobs().enqueue_many(jobs).await?;
    Ok(queued)
}

fn conversation_data(conversation: &Conversation) -> Value {
    json!({
        "id": conversation.id,
        "agentId": conversation.agent_id,
        "channel": conversation.channel.as_str(),
        "title": conversation.title,
        "status": conversation.status.as_str(),
        "startedAt": conversation.started_at,
        "lastMessageAt": conversation.last_message_at,
        "endedAt": conversation.ended_at,
        "messageCount": conversation.message_count,
    })
}

fn message_data(message: &Message) -> Value {
    json!({
        "id": message.id,
        "role": message.role.as_str(),
        "content": message.content,
        "status": message.status.as_str(),
        "createdAt": message.created_at,
    })
}

fn agent_data(agent: &agentforge_runtime::AgentRef) -> Value {
    json!({"id": agent.id, "name": agent.name})
}

/// The realtime hub, and outbound events for what it announces: every
/// announced conversation event of an agent is also an event for its
/// owner's endpoints. (Test turns are not announced, so never sent.)
pub struct Fanout {
    pub hub: Arc<dyn Announce>,
    pub store: Store,
    /// Woken once deliveries are queued (set once the queue exists).
    pub queue: OnceLock<Weak<Queue>>,
}

impl Fanout {
    fn events(live: &LiveEvent) -> Option<(String, Event)> {
        let (owner, kind, data) = match live {
            LiveEvent::ConversationStarted {
                conversation,
                agent,
            } => (
                &agent.owner_id,
                EndpointEvent::ConversationStarted,
                json!({"conversation": conversation_data(conversation), "agent": agent_data(agent)}),
            ),
            LiveEvent::MessageCreated {
                conversation,
                message,
                agent,
            } => (
                &agent.owner_id,
                EndpointEvent::MessageCreated,
                json!({"conversation": conversation_data(conversation), "message": message_data(message), "agent": agent_data(agent)}),
            ),
            LiveEvent::ConversationEnded {
                conversation,
                agent,
            } => (
                &agent.owner_id,
                EndpointEvent::ConversationEnded,
                json!({"conversation": conversation_data(conversation), "agent": agent_data(agent)}),
            ),
            LiveEvent::HandlerChanged {
                conversation,
                agent,
            } if conversation.status
                == agentforge_domain::conversation::ConversationStatus::HandedOff =>
            {
                (
                    &agent.owner_id,
                    EndpointEvent::ConversationHandedOff,
                    json!({"conversation": conversation_data(conversation), "agent": agent_data(agent)}),
                )
            }
            _ => return None,
        };
        Some((owner.clone(), Event::new(kind, data)))
    }
}

#[async_trait::async_trait]
impl Announce for Fanout {
    async fn announce(&self, events: Vec<LiveEvent>) {
        let outbound: Vec<(String, Event)> = events.iter().filter_map(Self::events).collect();
        let events_for_workflows: Vec<(String, WorkflowEvent, String, Value)> =
            events.iter().filter_map(Self::workflow_events).collect();
        self.hub.announce(events).await;
        // One read per owner per announcement (a turn announces its
        // conversation and question together): most owners have no
        // endpoint, and that is all it costs them.
        let mut owners: Vec<&str> = outbound.iter().map(|(o, _)| o.as_str()).collect();
        owners.sort_unstable();
        owners.dedup();
        let mut queued = 0;
        match self.start_workflows(&events_for_workflows).await {
            Ok(n) => queued += n,
            Err(e) => {
                tracing::error!(error = %e, "cannot start the workflows waiting for an event")
            }
        }
        for owner in owners {
            let mine: Vec<&Event> = outbound
                .iter()
                .filter(|(o, _)| o == owner)
                .map(|(_, e)| e)
                .collect();
            match self.queue_for(owner, &mine).await {
                Ok(n) => queued += n,
                Err(e) => tracing::error!(error = %e, "cannot queue outbound webhook events"),
            }
        }
        if queued > 0
            && let Some(queue) = self.queue.get().and_then(Weak::upgrade)
        {
            queue.wake();
        }
    }
}

impl Fanout {
    /// A live event as a workflow trigger: (owner, event, agent, data).
    /// Conversations a workflow holds start none (a workflow's own agent
    /// turn would start it again), nor do the agents' answers.
    fn workflow_events(live: &LiveEvent) -> Option<(String, WorkflowEvent, String, Value)> {
        let (kind, conversation, agent, message) = match live {
            LiveEvent::ConversationStarted {
                conversation,
                agent,
            } => (
                WorkflowEvent::ConversationStarted,
                conversation,
                agent,
                None,
            ),
            LiveEvent::MessageCreated {
                conversation,
                message,
                agent,
            } if message.role == agentforge_domain::conversation::MessageRole::User => (
                WorkflowEvent::MessageReceived,
                conversation,
                agent,
                Some(message),
            ),
            LiveEvent::ConversationEnded {
                conversation,
                agent,
            } => (WorkflowEvent::ConversationEnded, conversation, agent, None),
            LiveEvent::HandlerChanged {
                conversation,
                agent,
            } if conversation.status
                == agentforge_domain::conversation::ConversationStatus::HandedOff =>
            {
                (
                    WorkflowEvent::ConversationHandedOff,
                    conversation,
                    agent,
                    None,
                )
            }
            _ => return None,
        };
        if !agentforge_runtime::workflow::may_trigger(conversation) {
            return None;
        }
        let mut data =
            json!({"conversation": conversation_data(conversation), "agent": agent_data(agent)});
        if let Some(message) = message {
            data["message"] = message_data(message);
        }
        Some((agent.owner_id.clone(), kind, agent.id.clone(), data))
    }

    /// Starts the workflows waiting for these events; how many runs.
    async fn start_workflows(
        &self,
        events: &[(String, WorkflowEvent, String, Value)],
    ) -> Result<usize, agentforge_domain::Error> {
        let mut started = 0;
        for (owner, kind, agent_id, data) in events {
            // One read for most owners, who have no such workflow.
            let waiting = self.store.workflows().active_of_owner(owner).await?;
            if !waiting.iter().any(|w| {
                let t = agentforge_runtime::workflow::trigger_of(w);
                t.event == Some(*kind)
            }) {
                continue;
            }
            let tx = self.store.begin().await?;
            started += agentforge_runtime::workflow::start_for_event_in(
                &tx,
                owner,
                *kind,
                Some(agent_id),
                data,
            )
            .await?;
            tx.commit().await?;
        }
        Ok(started)
    }

    /// Queues `events` for `owner`'s enabled endpoints that take them, in
    /// one transaction; how many deliveries.
    async fn queue_for(&self, owner: &str, events: &[&Event]) -> Result<usize, StoreError> {
        let endpoints = self
            .store
            .webhook_endpoints()
            .enabled_of_owner(owner)
            .await?;
        if !endpoints
            .iter()
            .any(|e| events.iter().any(|ev| e.events.contains(&ev.kind)))
        {
            return Ok(0);
        }
        let tx = self.store.begin().await?;
        let queued = queue_in(&tx, &endpoints, events).await?;
        tx.commit().await?;
        Ok(queued)
    }
}

/// Posts deliveries: one job each.
pub struct DeliverJob {
    pub state: Weak<Services>,
    /// One delivery at a time per endpoint in this instance, so that an
    /// endpoint gets its events in the order they were queued.
    locks: Mutex<HashMap<String, Arc<tokio::sync::Mutex<()>>>>,
}

impl DeliverJob {
    pub fn new(state: Weak<Services>) -> Self {
        Self {
            state,
            locks: Mutex::default(),
        }
    }

    fn lock(&self, endpoint_id: &str) -> Arc<tokio::sync::Mutex<()>> {
        let mut locks = self.locks.lock().unwrap_or_else(|e| e.into_inner());
        if locks.len() > 10_000 {
            locks.retain(|_, lock| Arc::strong_count(lock) > 1);
        }
        locks.entry(endpoint_id.to_owned()).or_default().clone()
    }
}

/// What one post found.
struct Outcome {
    status: Option<u16>,
    response: Option<String>,
    error: Option<String>,
    duration_ms: u64,
}

impl Outcome {
    fn ok(&self) -> bool {
        self.status.is_some_and(|s| (200..300).contains(&s))
    }
}

/// Posts `delivery` to `endpoint`, signed with `secret`.
async fn post(
    client: &reqwest::Client,
    endpoint: &WebhookEndpoint,
    delivery: &Delivery,
    secret: &WebhookSecret,
) -> Outcome {
    let started = Instant::now();
    let timestamp = chrono::Utc::now().timestamp();
    let signature = secret.sign(&delivery.event_id, timestamp, delivery.payload.as_bytes());
    let sent = client
        .post(&endpoint.url)
        .timeout(TIMEOUT)
        .header("content-type", "application/json")
        .header(
            "user-agent",
            concat!("AgentForge-Webhooks/", env!("CARGO_PKG_VERSION")),
        )
        .header("webhook-id", &delivery.event_id)
        .header("webhook-timestamp", timestamp.to_string())
        .header("webhook-signature", signature)
        .body(delivery.payload.clone())
        .send()
        .await;
    let (status, response, error) = match sent {
        Ok(mut response) => {
            let status = response.status().as_u16();
            let mut body = Vec::new();
            while body.len() < RESPONSE_EXCERPT_BYTES {
                match tokio::time::timeout(TIMEOUT, response.chunk()).await {
                    Ok(Ok(Some(chunk))) => body.extend_from_slice(&chunk),
                    _ => break,
                }
            }
            body.truncate(RESPONSE_EXCERPT_BYTES);
            let text = String::from_utf8_lossy(&body).replace('\0', "");
            let error =
                (!(200..300).contains(&status)).then(|| format!("The endpoint answered {status}"));
            (Some(status), Some(text), error)
        }
        Err(e) => (
            None,
            None,
            Some(crate::configuration::probe::without_url(e)),
        ),
    };
    Outcome {
        status,
        response,
        error,
        duration_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    }
}

#[async_trait::async_trait]
impl JobHandler for DeliverJob {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let Some(services) = self.state.upgrade() else {
            return Err(JobFailure::Retry("the server is stopping".into()));
        };
        let state = AppState::from_services(services);
        let Some(id) = job.payload.get("deliveryId").and_then(Value::as_str) else {
            return Err(JobFailure::Permanent("no deliveryId in the payload".into()));
        };
        deliver(&state, self, id)
            .await
            .map_err(|e| JobFailure::Retry(e.to_string()))
    }
}

/// Most deliveries one job posts, and for how long, before it hands its
/// own (if still pending) to a new job, so that one endpoint's backlog
/// does not hold a job slot for good.
const PER_JOB_MAX: usize = 1000;
const PER_JOB_TIME: Duration = Duration::from_secs(10);

/// Posts the endpoint's due deliveries oldest first until the job's own one
/// is done: a job may find an older delivery due (its job not yet run, or
/// running elsewhere) and posts that first, so that an endpoint gets its
/// events in order. A job whose delivery an earlier job already posted
/// ends at once. Every delivery is seen through: a job that stops at its
/// bounds with its own still pending queues a new job for it.
async fn deliver(
    state: &AppState,
    job: &DeliverJob,
    id: &str,
) -> Result<(), agentforge_domain::Error> {
    let store = &state.store;
    let due = |d: &Delivery| {
        d.status == DeliveryStatus::Pending
            && d.next_attempt_at
                .is_none_or(|at| at <= agentforge_store::now())
    };
    let Some(own) = store.webhook_endpoints().delivery(id).await? else {
        return Ok(());
    };
    if !due(&own) {
        return Ok(());
    }
    let lock = job.lock(&own.endpoint_id);
    let _serial = lock.lock().await;
    let started = Instant::now();
    for posted in 0.. {
        let Some(endpoint) = store.webhook_endpoints().get(&own.endpoint_id).await? else {
            return Ok(());
        };
        let Some(target) = store
            .webhook_endpoints()
            .oldest_due(&endpoint.id, agentforge_store::now())
            .await?
        else {
            // Nothing due: the job's own was posted (by this job or an
            // earlier one), or waits for its retry's own job.
            return Ok(());
        };
        if posted >= PER_JOB_MAX || started.elapsed() >= PER_JOB_TIME {
            state
                .runtime
                .jobs()
                .enqueue(NewJob::now(DELIVER, json!({"deliveryId": id}), 3))
                .await?;
            return Ok(());
        }
        attempt(state, &endpoint, &target).await?;
        if target.id == id {
            return Ok(());
        }
    }
    Ok(())
}

/// One attempt of `delivery`, recorded with what follows from it.
async fn attempt(
    state: &AppState,
    endpoint: &WebhookEndpoint,
    delivery: &Delivery,
) -> Result<(), agentforge_domain::Error> {
    let store = &state.store;
    let attempt = delivery.attempts + 1;
    let now = agentforge_store::now();
    if !endpoint.enabled {
        store
            .webhook_endpoints()
            .record_attempt(
                delivery,
                DeliveryAttempt {
                    attempt,
                    status: None,
                    response: None,
                    error: Some("The endpoint is disabled".into()),
                    duration_ms: 0,
                    attempted_at: now,
                },
                DeliveryStatus::Failed,
                None,
            )
            .await?;
        return Ok(());
    }
    let secret = super::endpoints::open_secret(state, endpoint)?;
    let client = state
        .runtime
        .credentials()
        .map(|c| c.client().clone())
        .unwrap_or_default();
    let outcome = post(&client, endpoint, delivery, &secret).await;
    let ok = outcome.ok();
    let schedule = &state.config.webhook_retry_schedule;
    let wait = (!ok).then(|| schedule.get(attempt as usize - 1)).flatten();
    let next = wait.map(|w| now + chrono::Duration::from_std(*w).unwrap_or_default());
    let status = match (ok, next) {
        (true, _) => DeliveryStatus::Succeeded,
        (false, Some(_)) => DeliveryStatus::Pending,
        (false, None) => DeliveryStatus::Failed,
    };
    let error = outcome.error.clone();
    let tx = store.begin().await?;
    tx.webhook_endpoints()
        .record_attempt(
            delivery,
            DeliveryAttempt {
                attempt,
                status: outcome.status,
                response: outcome.response,
                error: outcome.error,
                duration_ms: outcome.duration_ms,
                attempted_at: now,
            },
            status,
            next,
        )
        .await?;
    if let Some(next) = next {
        tx.jobs()
            .enqueue(NewJob {
                run_at: next,
                ..NewJob::now(DELIVER, json!({"deliveryId": delivery.id}), 3)
            })
            .await?;
    }
    // A success of an endpoint that was not failing changes nothing there.
    let failing_since = if ok && endpoint.failing_since.is_none() {
        None
    } else {
        tx.webhook_endpoints().mark(&endpoint.id, ok).await?
    };
    let disable_after =
        chrono::Duration::from_std(state.config.webhook_disable_after).unwrap_or_default();
    if let Some(since) = failing_since
        && now - since >= disable_after
    {
        disable(state, &tx, endpoint, since, error.unwrap_or_default()).await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Disables a failing endpoint, fails its pending deliveries, audits it
/// and emails its owner, inside `tx`.
async fn disable(
    state: &AppState,
    tx: &Tx,
    endpoint: &WebhookEndpoint,
    since: chrono::DateTime<chrono::Utc>,
    error: String,
) -> Result<(), agentforge_domain::Error> {
    let hours = u64::try_from((agentforge_store::now() - since).num_hours()).unwrap_or_default();
    let reason = format!("Every delivery failed for {hours} hours; last: {error}");
    if !tx
        .webhook_endpoints()
        .disable(&endpoint.id, &reason)
        .await?
    {
        return Ok(());
    }
    tx.webhook_endpoints()
        .fail_pending(&endpoint.id, "The endpoint was disabled")
        .await?;
    let entry = audit::Change::new(
        AuditAction::WebhookEndpointDisable,
        AuditResource::WebhookEndpoint,
        endpoint.id.clone(),
    )
    .owner(endpoint.owner_id.clone())
    .field("enabled", false)
    .field("reason", reason.clone());
    audit::record(tx, &Actor::System, entry).await?;
    if let Some(owner) = tx.users().find_by_id(&endpoint.owner_id).await? {
        let link = format!(
            "{}/dashboard/webhooks?tab=endpoints&endpoint={}",
            state
                .configuration
                .get()
                .general
                .public_url
                .trim_end_matches('/'),
            endpoint.id
        );
        let message = crate::mail::MailMessage::WebhookEndpointDisabled {
            name: crate::mail::greeting_name(&owner),
            url: endpoint.url.clone(),
            hours,
            error,
            link,
        };
        state
            .mailer
            .send_in(tx, crate::mail::Outgoing::to_user(&owner, message))
            .await?;
    }
    tracing::warn!(endpoint_id = %endpoint.id, "webhook endpoint disabled after failing for {hours} hours");
    Ok(())
}
