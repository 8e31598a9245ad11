//! Platform webhooks: made, changed, paused, regenerated and removed with
//! their audit entries; their secrets sealed; their credentials merged
//! over the owner's (or team's) saved integration; and each taken event
//! answered through the runtime, on the agent's production deployment.

use std::collections::BTreeMap;
use std::time::Instant;

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::conversation::Channel;
use agentforge_domain::error::{Error, Problems, Thing};
use agentforge_domain::policy::{Action, Actor, Party};
use agentforge_domain::webhook::{
    self as rules, FAILURES_BEFORE_FAILING, WebhookEventStatus, WebhookPlatform, WebhookStatus,
};
use agentforge_outbound::Refused;
use agentforge_runtime::sealed::Sealer;
use agentforge_runtime::signature::WebhookSecret;
use agentforge_runtime::{Citation, Runtime, TurnEvent, TurnRequest};
use agentforge_store::{
    Agent, EventOutcome, NewWebhook, NewWebhookEvent, Store, Webhook, WebhookChange, WebhookEvent,
    WebhookFilter,
};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde_json::{Map, Value, json};

use super::platforms::{self, Incoming};
use crate::access;
use crate::audit;

/// What webhook secrets are sealed for.
pub const SEAL_PURPOSE: &str = "webhooks";

/// The job that answers one taken event and posts the answer.
pub const ANSWER: &str = "webhook.answer";

/// The job that forgets events older than [`rules::EVENTS_KEPT_DAYS`].
pub const PURGE: &str = "webhook.purge_events";

/// How many times an answer is tried before the event is `failed`.
pub const ANSWER_ATTEMPTS: u32 = 4;

/// The most webhooks a list shows.
pub const LIST_MAX: u64 = 500;

/// A webhook with its secrets opened.
pub struct Opened {
    pub webhook: Webhook,
    pub token: String,
    /// The `whsec_` secret, Telegram's secret token or WhatsApp's verify token.
    pub secret: Option<String>,
    /// The webhook's own credential fields.
    pub own: BTreeMap<String, String>,
    /// The owner's (or team's) saved integration's, under the webhook's own.
    pub inherited: BTreeMap<String, String>,
}

impl Opened {
    /// A credential: the webhook's own, else the saved integration's.
    pub fn field(&self, name: &str) -> Option<String> {
        self.own
            .get(name)
            .or_else(|| self.inherited.get(name))
            .cloned()
            .filter(|v| !v.is_empty())
    }

    /// The platform's API base URL.
    pub fn base_url(&self) -> String {
        let default = self
            .webhook
            .platform
            .integration()
            .map(|i| i.default_base_url())
            .unwrap_or_default();
        self.field("baseUrl")
            .unwrap_or_else(|| default.to_owned())
            .trim_end_matches('/')
            .to_owned()
    }

    /// The secret the platform checks or sends: for WhatsApp a verify
    /// token given as a credential wins over the one made here.
    pub fn shared_secret(&self) -> Option<String> {
        match self.webhook.platform {
            WebhookPlatform::Whatsapp => self.field("verifyToken").or_else(|| self.secret.clone()),
            _ => self.secret.clone(),
        }
    }

    /// The credentials the platform needs that neither the webhook nor the
    /// saved integration has.
    pub fn missing(&self) -> Vec<&'static str> {
        rules::required_fields(self.webhook.platform)
            .into_iter()
            .filter(|f| self.field(f).is_none())
            .collect()
    }
}

/// What the webhooks' service works with.
pub struct Parts<'a> {
    pub store: &'a Store,
    pub runtime: &'a Runtime,
    pub mailer: &'a crate::mail::Mailer,
    /// Seals the webhooks' secrets (purpose [`SEAL_PURPOSE`]).
    pub sealer: Sealer,
    /// How people reach this server now (the live configuration's).
    pub public_url: String,
    /// Where taken events are written.
    pub intake: &'a Intake,
}

/// A new URL token, and its hash as looked up.
fn new_token() -> (String, String) {
    let bytes: [u8; 32] = rand::random();
    let token = format!("wh_{}", URL_SAFE_NO_PAD.encode(bytes));
    let hash = crate::opaque::hash(&token);
    (token, hash)
}

/// The secret a new (or regenerated) webhook of `platform` gets.
fn new_secret(platform: WebhookPlatform) -> Option<String> {
    match platform {
        WebhookPlatform::Custom | WebhookPlatform::Zapier => {
            Some(WebhookSecret::generate().expose().to_owned())
        }
        // Telegram's secret_token takes A-Z, a-z, 0-9, _ and -.
        WebhookPlatform::Telegram | WebhookPlatform::Whatsapp => {
            let bytes: [u8; 32] = rand::random();
            Some(URL_SAFE_NO_PAD.encode(bytes))
        }
        WebhookPlatform::Slack | WebhookPlatform::Discord => None,
    }
}

/// Opens a stored webhook's secrets and fetches the saved integration's
/// credentials under them.
pub async fn open(ctx: &Parts<'_>, webhook: Webhook) -> Result<Opened, Error> {
    let sealer = &ctx.sealer;
    let token = sealer
        .open_str(&webhook.token_sealed)
        .map_err(|_| Error::internal("a webhook token no longer opens (the secret key changed)"))?;
    let secret = webhook
        .secret_sealed
        .as_deref()
        .and_then(|s| sealer.open_str(s).ok());
    let mut own = webhook.settings.clone();
    if let Some(sealed) = &webhook.secrets_sealed
        && let Ok(json) = sealer.open_str(sealed)
    {
        let secrets: BTreeMap<String, String> = serde_json::from_str(&json).unwrap_or_default();
        own.extend(secrets);
    }
    let mut inherited = BTreeMap::new();
    if let (Some(name), Some(credentials)) =
        (webhook.platform.integration(), ctx.runtime.credentials())
        && let Some(agent) = ctx.store.agents().get(&webhook.agent_id).await?
    {
        let found = credentials
            .for_agent(
                ctx.store,
                &agent.owner_id,
                agent.team_id.as_deref(),
                &[name],
            )
            .await?;
        if let Some(opened) = found.get(&name) {
            for field in name.fields() {
                if let Some(value) = opened.get(field.name) {
                    inherited.insert(field.name.to_owned(), value.to_owned());
                }
            }
        }
    }
    Ok(Opened {
        webhook,
        token,
        secret,
        own,
        inherited,
    })
}

/// The URL to paste into the platform.
pub fn hook_url(ctx: &Parts<'_>, token: &str) -> String {
    let base = ctx.public_url.clone();
    format!("{}/api/hooks/{token}", base.trim_end_matches('/'))
}

/// Credentials as sent: field name → value (`""` removes it).
pub type SentCredentials = BTreeMap<String, String>;

/// Checks `sent` for `platform` and splits it over `before`: (plain
/// fields, secret fields).
fn credentials(
    ctx: &Parts<'_>,
    p: &mut Problems,
    platform: WebhookPlatform,
    before: &BTreeMap<String, String>,
    sent: &SentCredentials,
) -> (BTreeMap<String, String>, BTreeMap<String, String>) {
    let mut merged = before.clone();
    for (field, value) in sent {
        let value = value.trim();
        if value.is_empty() {
            merged.remove(field);
            continue;
        }
        let problems_before = p.clone().into_problems().len();
        rules::check_credential(p, platform, field, value);
        let ok = p.clone().into_problems().len() == problems_before;
        if ok
            && field == "baseUrl"
            && let Some(guard) = ctx.runtime.credentials().map(|c| c.guard())
            && let Err(refused) = guard.check_url(value)
            && refused != Refused::NotHttp
        {
            p.add(
                &format!("credentials.{field}"),
                format!("This URL cannot be used: {refused}"),
            );
        }
        merged.insert(field.clone(), value.to_owned());
    }
    merged
        .into_iter()
        .partition(|(field, _)| !rules::is_secret(platform, field))
}

/// The webhook `id` if the caller may do `action` to its agent.
pub async fn webhook(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<(Webhook, Agent), Error> {
    let webhook = store
        .webhooks()
        .get(id)
        .await?
        .ok_or(Error::not_found(Thing::Webhook))?;
    let (agent, _) = access::agent(store, actor, &webhook.agent_id, action)
        .await
        .map_err(|e| match e {
            Error::NotFound(_) => Error::not_found(Thing::Webhook),
            e => e,
        })?;
    Ok((webhook, agent))
}

/// The webhooks a path id names: the webhook of that id, or the webhooks
/// of the agent of that id (the specification's `/v1/webhooks/{agentId}`).
pub async fn named(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<Vec<(Webhook, Agent)>, Error> {
    if store.webhooks().get(id).await?.is_some() {
        return Ok(vec![webhook(store, actor, id, action).await?]);
    }
    let (agent, _) = access::agent(store, actor, id, action).await?;
    let list = store
        .webhooks()
        .list(
            &WebhookFilter {
                viewer: agent.owner_id.clone(),
                agent_id: Some(agent.id.clone()),
                ..WebhookFilter::default()
            },
            LIST_MAX,
        )
        .await?;
    Ok(list.into_iter().map(|w| (w, agent.clone())).collect())
}

/// The list filter for `actor`.
pub fn filter(actor: &Actor) -> Result<WebhookFilter, Error> {
    let viewer = actor
        .user_id()
        .ok_or(Error::Unauthenticated(
            agentforge_domain::error::Unauthenticated::Required,
        ))?
        .to_owned();
    Ok(WebhookFilter {
        viewer,
        only: actor
            .api_key()
            .filter(|key| !key.agent_ids.is_empty())
            .map(|key| key.agent_ids.clone()),
        ..WebhookFilter::default()
    })
}

/// What the audit shows of a webhook (secrets redacted by name).
fn described(webhook: &Webhook, own_secret_fields: &[String]) -> Value {
    let mut credentials = Map::new();
    for (k, v) in &webhook.settings {
        credentials.insert(k.clone(), Value::String(v.clone()));
    }
    for k in own_secret_fields {
        credentials.insert(k.clone(), Value::String("set".into()));
    }
    json!({
        "name": webhook.name,
        "platform": webhook.platform.as_str(),
        "status": webhook.status.as_str(),
        "agentId": webhook.agent_id,
        "credentials": Value::Object(credentials),
    })
}

fn change(action: AuditAction, webhook: &Webhook, agent: &Agent) -> audit::Change {
    audit::Change::new(action, AuditResource::Webhook, webhook.id.clone())
        .owner(agent.owner_id.clone())
        .team(agent.team_id.clone())
}

fn secret_names(sealer: &Sealer, webhook: &Webhook) -> Vec<String> {
    webhook
        .secrets_sealed
        .as_deref()
        .and_then(|s| sealer.open_str(s).ok())
        .and_then(|json| serde_json::from_str::<BTreeMap<String, String>>(&json).ok())
        .map(|m| m.into_keys().collect())
        .unwrap_or_default()
}

/// Makes a webhook for `agent_id`.
pub async fn create(
    ctx: &Parts<'_>,
    actor: &Actor,
    agent_id: &str,
    platform: WebhookPlatform,
    name: &str,
    sent: &SentCredentials,
) -> Result<Opened, Error> {
    let store = ctx.store;
    let (agent, _) = access::agent(store, actor, agent_id, Action::Edit).await?;
    let mut p = Problems::default();
    rules::check_name(&mut p, name);
    let (plain, secrets) = credentials(ctx, &mut p, platform, &BTreeMap::new(), sent);
    p.finish()?;
    if store.webhooks().count_for_agent(&agent.id).await? >= rules::PER_AGENT_MAX {
        return Err(Error::Conflict(
            agentforge_domain::Conflict::TooManyWebhooks,
        ));
    }
    let sealer = &ctx.sealer;
    let (token, hash) = new_token();
    let secret = new_secret(platform);
    let secrets_sealed = (!secrets.is_empty())
        .then(|| sealer.seal_str(&serde_json::to_string(&secrets).unwrap_or_default()));
    let tx = store.begin().await?;
    let webhook = tx
        .webhooks()
        .create(NewWebhook {
            agent_id: agent.id.clone(),
            platform,
            name: name.trim().to_owned(),
            token_hash: hash,
            token_sealed: sealer.seal_str(&token),
            secret_sealed: secret.as_deref().map(|s| sealer.seal_str(s)),
            settings: plain,
            secrets_sealed,
            created_by: actor.user_id().map(str::to_owned),
        })
        .await?;
    let names: Vec<String> = secrets.keys().cloned().collect();
    let entry =
        change(AuditAction::WebhookCreate, &webhook, &agent).created(&described(&webhook, &names));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    open(ctx, webhook).await
}

/// What an edit asks for.
#[derive(Debug, Default)]
pub struct Edit {
    pub name: Option<String>,
    /// `active` or `paused` (`failing` is the server's to set).
    pub status: Option<WebhookStatus>,
    pub credentials: Option<SentCredentials>,
}

/// Renames, pauses, resumes or changes the credentials of a webhook.
pub async fn update(ctx: &Parts<'_>, actor: &Actor, id: &str, edit: Edit) -> Result<Opened, Error> {
    let store = ctx.store;
    let (webhook, agent) = webhook(store, actor, id, Action::Edit).await?;
    let sealer = &ctx.sealer;
    let mut p = Problems::default();
    if let Some(name) = &edit.name {
        rules::check_name(&mut p, name);
    }
    if edit.status == Some(WebhookStatus::Failing) {
        p.add(
            "status",
            "A webhook is made failing by its failures: set active or paused",
        );
    }
    let own_secret_names = secret_names(sealer, &webhook);
    let mut change_set = WebhookChange {
        name: edit.name.as_ref().map(|n| n.trim().to_owned()),
        status: edit.status,
        ..WebhookChange::default()
    };
    if let Some(sent) = &edit.credentials {
        let mut before = webhook.settings.clone();
        if let Some(sealed) = &webhook.secrets_sealed
            && let Ok(json) = sealer.open_str(sealed)
        {
            before.extend(
                serde_json::from_str::<BTreeMap<String, String>>(&json).unwrap_or_default(),
            );
        }
        let (plain, secrets) = credentials(ctx, &mut p, webhook.platform, &before, sent);
        change_set.settings = Some(plain);
        change_set.secrets_sealed = Some(
            (!secrets.is_empty())
                .then(|| sealer.seal_str(&serde_json::to_string(&secrets).unwrap_or_default())),
        );
    }
    p.finish()?;
    let tx = store.begin().await?;
    let updated = tx.webhooks().update(&webhook.id, change_set).await?;
    let after_names = secret_names(sealer, &updated);
    let entry = change(AuditAction::WebhookUpdate, &updated, &agent).diff(
        &described(&webhook, &own_secret_names),
        &described(&updated, &after_names),
    );
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    open(ctx, updated).await
}

/// A new URL token and secret for a webhook; the old ones stop at once.
pub async fn regenerate(
    ctx: &Parts<'_>,
    actor: &Actor,
    webhook: &Webhook,
    agent: &Agent,
) -> Result<Opened, Error> {
    let sealer = &ctx.sealer;
    let (token, hash) = new_token();
    let secret = new_secret(webhook.platform);
    let tx = ctx.store.begin().await?;
    let updated = tx
        .webhooks()
        .update(
            &webhook.id,
            WebhookChange {
                token: Some((hash, sealer.seal_str(&token))),
                secret_sealed: Some(secret.as_deref().map(|s| sealer.seal_str(s))),
                ..WebhookChange::default()
            },
        )
        .await?;
    let entry = change(AuditAction::WebhookRegenerate, &updated, agent)
        .field("token", "regenerated")
        .field("secret", "regenerated");
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    open(ctx, updated).await
}

/// Removes a webhook and its events.
pub async fn delete(ctx: &Parts<'_>, actor: &Actor, id: &str) -> Result<Webhook, Error> {
    let (webhook, agent) = webhook(ctx.store, actor, id, Action::Edit).await?;
    let names = secret_names(&ctx.sealer, &webhook);
    let tx = ctx.store.begin().await?;
    tx.webhooks().delete(&webhook.id).await?;
    let entry =
        change(AuditAction::WebhookDelete, &webhook, &agent).deleted(&described(&webhook, &names));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(webhook)
}

/// One turn's answer, as a channel reports it.
#[derive(Debug, Clone)]
pub struct Answered {
    pub conversation_id: String,
    /// Empty when a person holds the conversation (`handed_off`).
    pub answer: String,
    pub citations: Vec<Citation>,
    /// A person of the team holds the conversation: the message reached
    /// them, and the agent did not answer.
    pub handed_off: bool,
}

/// The conversation `id` if this webhook holds it (of its agent), else
/// not found, naming `conversationId`.
pub async fn held_conversation(
    store: &Store,
    webhook: &Webhook,
    id: &str,
) -> Result<agentforge_store::Conversation, Error> {
    let prefix = format!("{}:", webhook.id);
    store
        .conversations()
        .get(id)
        .await?
        .filter(|c| {
            c.agent_id == webhook.agent_id
                && matches!(&c.party, Some(Party::Webhook(key)) if key.starts_with(&prefix))
        })
        .ok_or_else(|| Error::not_found_in(Thing::Conversation, "conversationId"))
}

/// Runs `text` from `sender` through the agent's production deployment,
/// in the sender's conversation (one per person and thread).
pub async fn answer(
    runtime: &Runtime,
    webhook: &Webhook,
    agent: Agent,
    sender: &str,
    conversation_id: Option<&str>,
    text: &str,
    test: bool,
) -> Result<Answered, Error> {
    let store = runtime.store();
    let caller = Actor::Webhook {
        webhook_id: webhook.id.clone(),
        sender: sender.to_owned(),
    };
    let party = caller.party();
    let conversation = match conversation_id {
        Some(id) => Some(held_conversation(store, webhook, id).await?),
        None if test => None,
        None => match &party {
            Some(party) => {
                store
                    .conversations()
                    .active_held_by(&agent.id, party)
                    .await?
            }
            None => None,
        },
    };
    // A conversation named by id is held by whoever started it.
    let caller = match &conversation {
        Some(c) => match &c.party {
            Some(Party::Webhook(key)) => Actor::Webhook {
                webhook_id: webhook.id.clone(),
                sender: key
                    .strip_prefix(&format!("{}:", webhook.id))
                    .unwrap_or(sender)
                    .to_owned(),
            },
            _ => caller,
        },
        None => caller,
    };
    let mut turn = runtime
        .start_turn(TurnRequest {
            agent,
            caller,
            channel: Channel::Webhook,
            conversation,
            message: text.to_owned(),
            use_knowledge_base: true,
            include_context: true,
            test,
            stream: false,
            stop_when_abandoned: false,
            holder: None,
            prior: Vec::new(),
        })
        .await?;
    let conversation_id = turn.conversation.id.clone();
    let mut citations = Vec::new();
    while let Some(event) = turn.next().await {
        match event {
            TurnEvent::Citations(found) => citations = found,
            TurnEvent::Finished { message, .. } => {
                return Ok(Answered {
                    conversation_id,
                    answer: message.content,
                    citations,
                    handed_off: false,
                });
            }
            TurnEvent::HandedOff { .. } => {
                return Ok(Answered {
                    conversation_id,
                    answer: String::new(),
                    citations: Vec::new(),
                    handed_off: true,
                });
            }
            TurnEvent::Failed { error, .. } => {
                return Err(agentforge_runtime::RuntimeError::Provider(error).into());
            }
            TurnEvent::Lost { error } => return Err(Error::internal(error)),
            _ => {}
        }
    }
    Err(Error::internal("the turn ended without an answer"))
}

/// Records the messages of a verified platform request and queues their
/// answers, in one transaction; the ids of the new events (a retry's are
/// not new).
pub async fn take(
    ctx: &Parts<'_>,
    webhook: &Webhook,
    messages: Vec<Incoming>,
) -> Result<Vec<String>, Error> {
    let events = messages
        .into_iter()
        // No NUL reaches the database (PostgreSQL's text refuses it, and
        // one refused event would fail the batch it shares).
        .map(|message| NewWebhookEvent {
            webhook_id: webhook.id.clone(),
            event_key: truncate(&message.key.replace('\0', ""), 200),
            status: WebhookEventStatus::Queued,
            sender: truncate(&message.sender.replace('\0', ""), 400),
            message: message.text.replace('\0', ""),
            reply: Some(message.reply),
            test: false,
        })
        .collect();
    let taken = ctx.intake.take(ctx.store, events).await?;
    if !taken.is_empty() {
        ctx.runtime.jobs().wake();
    }
    Ok(taken)
}

/// The most events one intake transaction records.
const INTAKE_BATCH_MAX: usize = 200;

/// Where taken events are written: requests that arrive while a write is
/// under way share the next one (a group commit). Each event and its
/// answer job are still committed before their request is acknowledged,
/// and a request's events are never split across transactions; the
/// statements of a whole batch are five or so, rather than five per event,
/// which is what lets one webhook take thousands of events a second on
/// SQLite, where writes go one at a time.
#[derive(Default)]
pub struct Intake {
    waiting: std::sync::Mutex<std::collections::VecDeque<Waiting>>,
    /// Held by the request writing a batch; the others wait their turn,
    /// then find their events written or write the next batch.
    turn: tokio::sync::Mutex<()>,
}

struct Waiting {
    events: Vec<NewWebhookEvent>,
    done: tokio::sync::oneshot::Sender<Result<Vec<String>, String>>,
}

impl Intake {
    /// Records `events` and queues their answer jobs; the ids of those new.
    pub async fn take(
        &self,
        store: &Store,
        events: Vec<NewWebhookEvent>,
    ) -> Result<Vec<String>, Error> {
        let (done, mut result) = tokio::sync::oneshot::channel();
        self.lock_waiting().push_back(Waiting { events, done });
        loop {
            let _turn = self.turn.lock().await;
            match result.try_recv() {
                Ok(taken) => return taken.map_err(Error::internal),
                Err(tokio::sync::oneshot::error::TryRecvError::Closed) => {
                    // The request writing it went away mid-write: nothing
                    // of that batch was committed.
                    return Err(Error::internal(
                        "the event could not be recorded; send it again",
                    ));
                }
                Err(tokio::sync::oneshot::error::TryRecvError::Empty) => {}
            }
            let batch = self.next_batch();
            if !batch.is_empty() {
                Self::write(store, batch).await;
            }
        }
    }

    fn lock_waiting(&self) -> std::sync::MutexGuard<'_, std::collections::VecDeque<Waiting>> {
        self.waiting.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The oldest waiting requests, up to [`INTAKE_BATCH_MAX`] events (at
    /// least one request, however many it has).
    fn next_batch(&self) -> Vec<Waiting> {
        let mut waiting = self.lock_waiting();
        let mut batch = Vec::new();
        let mut events = 0;
        while let Some(next) = waiting.front() {
            if !batch.is_empty() && events + next.events.len() > INTAKE_BATCH_MAX {
                break;
            }
            events += next.events.len();
            batch.extend(waiting.pop_front());
        }
        batch
    }

    /// Writes a batch in one transaction and tells each request; should
    /// that fail, each request's events are written on their own, so that
    /// one request the database refuses fails only itself.
    async fn write(store: &Store, batch: Vec<Waiting>) {
        let all: Vec<NewWebhookEvent> = batch.iter().flat_map(|w| w.events.clone()).collect();
        match Self::commit(store, all).await {
            Ok(ids) => {
                let mut ids = ids.into_iter();
                for waiting in batch {
                    let mine = ids.by_ref().take(waiting.events.len()).flatten().collect();
                    let _ = waiting.done.send(Ok(mine));
                }
            }
            Err(e) if batch.len() == 1 => {
                for waiting in batch {
                    let _ = waiting.done.send(Err(e.to_string()));
                }
            }
            Err(_) => {
                for waiting in batch {
                    let alone = Self::commit(store, waiting.events)
                        .await
                        .map(|ids| ids.into_iter().flatten().collect())
                        .map_err(|e| e.to_string());
                    let _ = waiting.done.send(alone);
                }
            }
        }
    }

    /// Records `events` and queues an answer job for each new one, in one
    /// transaction; for each, its id if new.
    async fn commit(
        store: &Store,
        events: Vec<NewWebhookEvent>,
    ) -> Result<Vec<Option<String>>, agentforge_store::StoreError> {
        let tx = store.begin().await?;
        let ids = tx.webhooks().record_events(events).await?;
        let jobs = ids
            .iter()
            .flatten()
            .map(|id| {
                agentforge_store::NewJob::now(ANSWER, json!({"eventId": id}), ANSWER_ATTEMPTS)
            })
            .collect();
        tx.jobs().enqueue_many(jobs).await?;
        tx.commit().await?;
        Ok(ids)
    }
}

fn truncate(text: &str, max: usize) -> String {
    text.chars().take(max).collect()
}

/// An excerpt of a text for lists.
pub fn excerpt(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_owned();
    }
    let mut cut: String = text.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// Finishes `event` as `outcome` says and, when that makes
/// [`FAILURES_BEFORE_FAILING`] failures in a row, marks the webhook
/// `failing` and tells its owner (once: only the change from `active`).
pub async fn finish(
    ctx: &Parts<'_>,
    event: &WebhookEvent,
    outcome: EventOutcome,
) -> Result<(), Error> {
    let failed = outcome.status == WebhookEventStatus::Failed;
    // One transaction: whoever sees the event finished sees the status it
    // led to.
    let tx = ctx.store.begin().await?;
    let in_row = tx.webhooks().finish_event(event, outcome).await?;
    if !event.test {
        match in_row {
            Some(n) if failed && n >= FAILURES_BEFORE_FAILING => {
                mark_failing(ctx, &tx, &event.webhook_id, n).await?;
            }
            Some(0) => {
                // A success after failures makes it active again.
                tx.webhooks()
                    .set_status_from(
                        &event.webhook_id,
                        WebhookStatus::Failing,
                        WebhookStatus::Active,
                    )
                    .await?;
            }
            _ => {}
        }
    }
    tx.commit().await?;
    Ok(())
}

/// Marks the webhook `failing` (when it is `active`), audits it and mails
/// its owner, inside `tx`.
async fn mark_failing(
    ctx: &Parts<'_>,
    tx: &agentforge_store::Tx,
    webhook_id: &str,
    failures: u32,
) -> Result<(), Error> {
    let Some(webhook) = tx.webhooks().get(webhook_id).await? else {
        return Ok(());
    };
    let Some(agent) = tx.agents().get(&webhook.agent_id).await? else {
        return Ok(());
    };
    if !tx
        .webhooks()
        .set_status_from(&webhook.id, WebhookStatus::Active, WebhookStatus::Failing)
        .await?
    {
        return Ok(());
    }
    let entry = change(AuditAction::WebhookFailing, &webhook, &agent)
        .field("status", "failing")
        .field("failuresInRow", failures)
        .field("lastError", webhook.last_error.clone());
    audit::record(tx, &Actor::System, entry).await?;
    if let Some(owner) = tx.users().find_by_id(&agent.owner_id).await? {
        let link = format!(
            "{}/dashboard/webhooks?webhook={}",
            ctx.public_url.trim_end_matches('/'),
            webhook.id
        );
        let message = crate::mail::MailMessage::WebhookFailing {
            name: crate::mail::greeting_name(&owner),
            webhook: webhook.name.clone(),
            platform: webhook.platform.title().to_owned(),
            agent: agent.config.name.clone(),
            failures,
            error: webhook.last_error.clone().unwrap_or_default(),
            link,
        };
        ctx.mailer
            .send_in(tx, crate::mail::Outgoing::to_user(&owner, message))
            .await?;
    }
    tracing::warn!(webhook_id = %webhook.id, failures, "webhook marked failing; its owner was told");
    Ok(())
}

pub type Failed = (
    Option<(WebhookEvent, u64, Option<String>, Option<String>)>,
    String,
);

pub async fn answer_event(ctx: &Parts<'_>, event_id: &str) -> Result<(), Failed> {
    let store = ctx.store;
    let fail = |why: String| (None, why);
    let event = store
        .webhooks()
        .event(event_id)
        .await
        .map_err(|e| fail(e.to_string()))?;
    let Some(event) = event else {
        // Its webhook was deleted: nothing to answer.
        return Ok(());
    };
    if event.finished_at.is_some() {
        return Ok(());
    }
    let Some(webhook) = store
        .webhooks()
        .get(&event.webhook_id)
        .await
        .map_err(|e| fail(e.to_string()))?
    else {
        return Ok(());
    };
    let Some(agent) = store
        .agents()
        .get(&webhook.agent_id)
        .await
        .map_err(|e| fail(e.to_string()))?
    else {
        return Ok(());
    };
    let started = Instant::now();
    let received_ms = (agentforge_store::now() - event.received_at)
        .num_milliseconds()
        .max(0);
    let latency =
        || u64::try_from(received_ms).unwrap_or_default() + started.elapsed().as_millis() as u64;
    let with_event = |why: String, conversation: Option<String>, answer: Option<String>| {
        (Some((event.clone(), latency(), conversation, answer)), why)
    };
    let opened = open(ctx, webhook.clone())
        .await
        .map_err(|e| with_event(e.to_string(), None, None))?;
    let missing = opened.missing();
    if !missing.is_empty() {
        return Err(with_event(
            format!("Missing credentials: {}", missing.join(", ")),
            None,
            None,
        ));
    }
    let reply = event.reply.clone().unwrap_or(Value::Null);
    // An earlier attempt may have the answer already (its post failed):
    // post that one rather than answer twice.
    let (conversation_id, answer) = match (&event.conversation_id, &event.answer) {
        (Some(c), Some(a)) => (c.clone(), a.clone()),
        _ => {
            // A custom event taken to be answered later may name its
            // conversation.
            let named = reply.get("conversationId").and_then(Value::as_str);
            let answered = answer(
                ctx.runtime,
                &webhook,
                agent,
                &event.sender,
                named,
                &event.message,
                false,
            )
            .await
            .map_err(|e| with_event(e.to_string(), None, None))?;
            store
                .webhooks()
                .keep_answer(&event.id, &answered.conversation_id, &answered.answer)
                .await
                .map_err(|e| with_event(e.to_string(), None, None))?;
            (answered.conversation_id, answered.answer)
        }
    };
    let field = |name: &str| opened.field(name);
    // Nothing to post while a person holds the conversation.
    if !answer.is_empty()
        && let Some(post) = platforms::post(
            webhook.platform,
            &opened.base_url(),
            &field,
            &reply,
            &answer,
        )
    {
        let client = ctx
            .runtime
            .credentials()
            .map(|c| c.client().clone())
            .unwrap_or_default();
        platforms::send(&client, webhook.platform, &post, &field)
            .await
            .map_err(|why| with_event(why, Some(conversation_id.clone()), Some(answer.clone())))?;
    }
    finish(
        ctx,
        &event,
        EventOutcome {
            status: WebhookEventStatus::Succeeded,
            conversation_id: Some(conversation_id),
            answer: Some(excerpt(&answer, 2000)),
            error: None,
            latency_ms: latency(),
        },
    )
    .await
    .map_err(|e| fail(e.to_string()))
}

/// Forgets events older than the retention.
pub struct PurgeEvents {
    pub store: Store,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for PurgeEvents {
    async fn run(
        &self,
        _job: &agentforge_store::Job,
    ) -> Result<(), agentforge_runtime::JobFailure> {
        let before = agentforge_store::now() - chrono::Duration::days(rules::EVENTS_KEPT_DAYS);
        let removed = self
            .store
            .webhooks()
            .purge_events(before)
            .await
            .map_err(|e| agentforge_runtime::JobFailure::Retry(e.to_string()))?;
        if removed > 0 {
            tracing::info!(removed, "old webhook events forgotten");
        }
        Ok(())
    }
}
