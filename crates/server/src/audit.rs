//! The audit trail: every change writes one entry in the transaction of the
//! change ([`record`]), with who made it (the actor), what and to what
//! ([`Change`]: action, resource, the diff of changed fields with secrets
//! redacted), and where from (the request's address, user agent and id).
//!
//! The request's facts are ambient, like its trace span: [`context`], a
//! middleware on `/api`, holds them in a task-local [`Context`] for the
//! handler and the services it calls, and the authentication extractors
//! note there who is calling. So a service says only what changed; and a
//! change made outside any request (a scheduled job) records no address.
//! The same middleware records every 403 answer as an `access.denied`
//! entry of its own.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use agentforge_domain::Error;
use agentforge_domain::audit::{ActorKind, AuditAction, AuditOutcome, AuditResource, changes};
use agentforge_domain::policy::Actor;
use agentforge_store::{NewAuditEntry, Store, Tx};
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::header::USER_AGENT;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use serde::Serialize;
use serde_json::{Map, Value};

use crate::http::client_ip::client_address;
use crate::http::error::ErrorCode;
use crate::http::middleware::REQUEST_ID;
use crate::state::AppState;

/// What the request says about where a change came from.
#[derive(Debug, Default)]
pub struct Context {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
    /// Who the authentication extractor found: the actor and their email.
    caller: Mutex<Option<(Actor, String)>>,
}

tokio::task_local! {
    static CONTEXT: Arc<Context>;
}

/// Notes who is calling, for the entries this request writes. Called by
/// the authentication extractors.
pub fn note_caller(actor: &Actor, email: &str) {
    let _ = CONTEXT.try_with(|context| {
        if let Ok(mut caller) = context.caller.lock() {
            *caller = Some((actor.clone(), email.to_owned()));
        }
    });
}

fn current() -> Option<Arc<Context>> {
    CONTEXT.try_with(Arc::clone).ok()
}

/// One change, as the service that made it describes it.
#[derive(Debug, Clone)]
pub struct Change {
    action: AuditAction,
    resource: AuditResource,
    resource_id: Option<String>,
    owner_id: Option<String>,
    team_id: Option<String>,
    outcome: AuditOutcome,
    changes: Map<String, Value>,
}

impl Change {
    pub fn new(action: AuditAction, resource: AuditResource, id: impl Into<String>) -> Self {
        Self {
            action,
            resource,
            resource_id: Some(id.into()),
            owner_id: None,
            team_id: None,
            outcome: AuditOutcome::Success,
            changes: Map::new(),
        }
    }

    /// Whose thing it is (its owner reads it on their Activity tab).
    pub fn owner(mut self, owner_id: impl Into<String>) -> Self {
        self.owner_id = Some(owner_id.into());
        self
    }

    /// The team it belongs to (the team's admins read it).
    pub fn team(mut self, team_id: Option<impl Into<String>>) -> Self {
        self.team_id = team_id.map(Into::into);
        self
    }

    pub fn outcome(mut self, outcome: AuditOutcome) -> Self {
        self.outcome = outcome;
        self
    }

    /// The fields that differ between `before` and `after` (any values that
    /// serialize to JSON objects), secrets redacted.
    pub fn diff(mut self, before: &impl Serialize, after: &impl Serialize) -> Self {
        let before = serde_json::to_value(before).unwrap_or(Value::Null);
        let after = serde_json::to_value(after).unwrap_or(Value::Null);
        self.changes.extend(changes(&before, &after));
        self
    }

    /// A thing made: every field of `after`, from nothing.
    pub fn created(self, after: &impl Serialize) -> Self {
        self.diff(&Value::Null, after)
    }

    /// A thing removed: every field of `before`, to nothing.
    pub fn deleted(self, before: &impl Serialize) -> Self {
        self.diff(before, &Value::Null)
    }

    /// One field set to `value` (redacted when its name says secret).
    pub fn field(self, name: &str, value: impl Serialize) -> Self {
        let mut after = Map::new();
        after.insert(name.to_owned(), serde_json::to_value(value).unwrap_or(Value::Null));
        self.diff(&Value::Null, &Value::Object(after))
    }
}

/// The entry for `change` made by `actor`, with the request's facts.
async fn entry(tx: &Tx, actor: &Actor, change: Change) -> Result<NewAuditEntry, Error> {
    let (kind, actor_id) = ActorKind::of(actor);
    let context = current();
    let noted = context.as_ref().and_then(|c| {
        c.caller
            .lock()
            .ok()
            .and_then(|caller| caller.as_ref().map(|(a, email)| (a.user_id().map(str::to_owned), email.clone())))
    });
    let actor_label = match (actor.user_id(), noted) {
        (Some(id), Some((Some(noted_id), email))) if noted_id == id => Some(email),
        (Some(id), _) => tx.users().find_by_id(id).await?.map(|u| u.email),
        _ => None,
    };
    let (ip, user_agent, request_id) = context
        .map(|c| (c.ip.clone(), c.user_agent.clone(), c.request_id.clone()))
        .unwrap_or_default();
    Ok(NewAuditEntry {
        actor_kind: kind.as_str().to_owned(),
        actor_id,
        actor_label,
        api_key_id: actor.api_key().map(|k| k.key_id.clone()),
        action: change.action.as_str().to_owned(),
        outcome: change.outcome.as_str().to_owned(),
        resource_type: change.resource.as_str().to_owned(),
        resource_id: change.resource_id,
        owner_id: change.owner_id,
        team_id: change.team_id,
        changes: change.changes,
        ip,
        user_agent,
        request_id,
    })
}

/// Writes the entry for `change` inside the change's own transaction, so
/// both are kept or neither.
pub async fn record(tx: &Tx, actor: &Actor, change: Change) -> Result<(), Error> {
    let new = entry(tx, actor, change).await?;
    tx.audit().record(new).await?;
    Ok(())
}

/// Writes an entry that goes with no change of its own (a failed sign-in,
/// a denial), in a transaction of its own.
pub async fn record_alone(store: &Store, actor: &Actor, change: Change) -> Result<(), Error> {
    let tx = store.begin().await?;
    record(&tx, actor, change).await?;
    tx.commit().await?;
    Ok(())
}

/// The longest user agent kept.
const USER_AGENT_MAX: usize = 512;

/// Middleware on `/api`: holds the request's facts for the entries its
/// handler writes, and records a 403 answer as `access.denied` (what was
/// asked, by whom, the refusal's code).
pub async fn context(State(state): State<AppState>, request: Request, next: Next) -> Response {
    let headers = request.headers();
    let peer = request
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|ConnectInfo(addr)| addr.ip());
    let ip = peer.map(|peer| client_address(peer, headers, state.config.trusted_proxies).to_string());
    let text = |v: &axum::http::HeaderValue| String::from_utf8_lossy(v.as_bytes()).into_owned();
    let user_agent = headers.get(USER_AGENT).map(|v| {
        let mut agent = text(v);
        if let Some((at, _)) = agent.char_indices().nth(USER_AGENT_MAX) {
            agent.truncate(at);
        }
        agent
    });
    let request_id = headers.get(&REQUEST_ID).map(text);
    let method = request.method().clone();
    let context = Arc::new(Context {
        ip,
        user_agent,
        request_id,
        caller: Mutex::new(None),
    });
    let response = CONTEXT.scope(context.clone(), next.run(request)).await;
    if response.status() == StatusCode::FORBIDDEN {
        let route = response
            .extensions()
            .get::<MatchedPath>()
            .map_or("(unknown route)", MatchedPath::as_str);
        let code = response
            .extensions()
            .get::<ErrorCode>()
            .map_or("forbidden", |c| c.0.as_str());
        CONTEXT
            .scope(context.clone(), denied(&state.store, &context, &method, route, code))
            .await;
    }
    response
}

async fn denied(store: &Store, context: &Context, method: &Method, route: &str, code: &str) {
    let actor = context
        .caller
        .lock()
        .ok()
        .and_then(|c| c.as_ref().map(|(actor, _)| actor.clone()))
        .unwrap_or(Actor::Anonymous);
    let change = Change::new(
        AuditAction::AccessDenied,
        AuditResource::Route,
        format!("{method} /api{route}"),
    )
    .outcome(AuditOutcome::Denied)
    .field("code", code);
    if let Err(error) = record_alone(store, &actor, change).await {
        tracing::warn!(%error, "could not record a denial in the audit log");
    }
}
