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

use agentforge_domain::audit::{ActorKind, AuditAction, AuditOutcome, AuditResource, changes};
use agentforge_domain::error::{Error, Problems, messages};
use agentforge_domain::policy::Actor;
use agentforge_runtime::{JobFailure, JobHandler};
use agentforge_store::{AuditEntry, AuditFilter, Job, NewAuditEntry, Store, Tx};
use axum::extract::{ConnectInfo, MatchedPath, Request, State};
use axum::http::header::USER_AGENT;
use axum::http::{Method, StatusCode};
use axum::middleware::Next;
use axum::response::Response;
use chrono::{DateTime, Utc};
use serde::Serialize;
use serde_json::{Map, Value};

use crate::http::Filter;
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

/// Where a request came from, kept with work it hands to a job so the
/// entry the job writes says so too.
#[derive(Debug, Clone, Default, Serialize, serde::Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct Origin {
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

/// The current request's origin (`None` outside a request).
pub fn origin() -> Option<Origin> {
    current().map(|c| Origin {
        ip: c.ip.clone(),
        user_agent: c.user_agent.clone(),
        request_id: c.request_id.clone(),
    })
}

/// Runs `work` (a job's) as if within the request `origin` came from: the
/// entries it writes carry that request's address, user agent and id.
pub async fn within<F: std::future::Future>(origin: Option<Origin>, work: F) -> F::Output {
    let Some(origin) = origin else {
        return work.await;
    };
    let context = Arc::new(Context {
        ip: origin.ip,
        user_agent: origin.user_agent,
        request_id: origin.request_id,
        caller: Mutex::new(None),
    });
    CONTEXT.scope(context, work).await
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

    /// Changes described field by field by the caller, `{"field": {"from":
    /// …, "to": …}}`, its secrets already redacted.
    pub fn fields(mut self, changes: Map<String, Value>) -> Self {
        self.changes.extend(changes);
        self
    }

    /// One field set to `value` (redacted when its name says secret).
    pub fn field(self, name: &str, value: impl Serialize) -> Self {
        let mut after = Map::new();
        after.insert(
            name.to_owned(),
            serde_json::to_value(value).unwrap_or(Value::Null),
        );
        self.diff(&Value::Null, &Value::Object(after))
    }
}

/// The entry for `change` made by `actor`, with the request's facts.
async fn entry(tx: &Tx, actor: &Actor, change: Change) -> Result<NewAuditEntry, Error> {
    let (kind, actor_id) = ActorKind::of(actor);
    let context = current();
    let noted = context.as_ref().and_then(|c| {
        c.caller.lock().ok().and_then(|caller| {
            caller
                .as_ref()
                .map(|(a, email)| (a.user_id().map(str::to_owned), email.clone()))
        })
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
    let ip =
        peer.map(|peer| client_address(peer, headers, state.config.trusted_proxies).to_string());
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
            .scope(
                context.clone(),
                denied(&state, &context, &method, route, code),
            )
            .await;
    }
    response
}

/// The most refusals recorded for one caller (or, signed out, one
/// address) a minute: enough to see what anyone tried, while a caller
/// sending forbidden requests in a loop cannot fill the log (the rest are
/// answered the same and counted in the server's log).
pub const DENIALS_PER_MINUTE: u32 = 60;

async fn denied(state: &AppState, context: &Context, method: &Method, route: &str, code: &str) {
    let actor = context
        .caller
        .lock()
        .ok()
        .and_then(|c| c.as_ref().map(|(actor, _)| actor.clone()))
        .unwrap_or(Actor::Anonymous);
    let who = actor
        .user_id()
        .map(str::to_owned)
        .or_else(|| context.ip.clone())
        .unwrap_or_default();
    if state
        .rate_limiter
        .check(&format!("audit-denied:{who}"), DENIALS_PER_MINUTE)
        .is_err()
    {
        tracing::warn!(
            caller = who,
            route,
            code,
            "refusal not recorded: over {DENIALS_PER_MINUTE} a minute"
        );
        return;
    }
    let store = &state.store;
    let change = Change::new(
        AuditAction::AccessDenied,
        AuditResource::Route,
        format!("{method} {route}"),
    )
    .outcome(AuditOutcome::Denied)
    .field("code", code);
    if let Err(error) = record_alone(store, &actor, change).await {
        tracing::warn!(%error, "could not record a denial in the audit log");
    }
}

// ---------------------------------------------------------------------------
// Reading the trail: the admin area's list and export, and the Activity tabs
// of agents and teams, share these.

/// Filters of an audit list or export. `all` (or nothing) in an enumerated
/// filter means no filter.
#[derive(Debug, Default, Clone, serde::Deserialize, serde::Serialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AuditQuery {
    /// Only what this user (or their API keys) did.
    #[param(max_length = 64)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub actor_id: Option<String>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_kind: Option<Filter<ActorKind>>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub action: Option<Filter<AuditAction>>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub outcome: Option<Filter<AuditOutcome>>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub resource_type: Option<Filter<AuditResource>>,
    #[param(max_length = 128)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub resource_id: Option<String>,
    /// The `x-request-id` of the request that made the entries.
    #[param(max_length = 128)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// From this time on (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<DateTime<Utc>>,
    /// Before this time (RFC 3339); before `from`, nothing is selected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<DateTime<Utc>>,
    /// Text in the actor's email, the action, the resource id or the changes.
    #[param(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub q: Option<String>,
    /// The `nextCursor` of the page before.
    #[param(max_length = 64)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cursor: Option<String>,
    /// Entries per page, 1 to 200 (default 50).
    #[param(minimum = 1, maximum = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

/// A filter's value as stored, if it filters.
fn wire<T: agentforge_domain::WireEnum>(filter: Option<Filter<T>>) -> Option<String> {
    filter
        .and_then(Filter::value)
        .map(|v| v.as_str().to_owned())
}

/// The most entries one page holds.
pub const PAGE_MAX: u64 = 200;

impl AuditQuery {
    /// The store's filter, or a 422 naming each bad parameter.
    pub fn filter(&self) -> Result<AuditFilter, Error> {
        let mut problems = Problems::default();
        for (field, value, max) in [
            ("actorId", &self.actor_id, 64),
            ("resourceId", &self.resource_id, 128),
            ("requestId", &self.request_id, 128),
            ("q", &self.q, 200),
            ("cursor", &self.cursor, 64),
        ] {
            problems.text(field, value.as_deref(), max);
        }
        problems.finish()?;
        let blank = |v: &Option<String>| v.clone().filter(|v| !v.trim().is_empty());
        Ok(AuditFilter {
            actor_id: blank(&self.actor_id),
            actor_kind: wire(self.actor_kind),
            action: wire(self.action),
            outcome: wire(self.outcome),
            resource_type: wire(self.resource_type),
            resource_id: blank(&self.resource_id),
            request_id: blank(&self.request_id),
            team_id: None,
            from: self.from,
            to: self.to,
            text: blank(&self.q),
            visible_to: None,
            before_id: blank(&self.cursor),
        })
    }

    /// Entries per page, or a 422.
    pub fn limit(&self) -> Result<u64, Error> {
        match self.limit {
            None => Ok(50),
            Some(n) if (1..=PAGE_MAX).contains(&n) => Ok(n),
            Some(_) => Err(Error::invalid("limit", messages::at_most(PAGE_MAX))),
        }
    }
}

/// One audit entry.
#[derive(Debug, Clone, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntryOut {
    pub id: String,
    pub occurred_at: DateTime<Utc>,
    pub actor_kind: ActorKind,
    /// The user (for `user` and `api_key`), visitor, number … that acted.
    pub actor_id: Option<String>,
    /// The acting user's email when the entry was written.
    pub actor_label: Option<String>,
    /// The API key used, for `api_key` actors.
    pub api_key_id: Option<String>,
    pub action: AuditAction,
    pub outcome: AuditOutcome,
    pub resource_type: AuditResource,
    pub resource_id: Option<String>,
    /// Whose thing it is.
    pub owner_id: Option<String>,
    /// The team it belongs to.
    pub team_id: Option<String>,
    /// The changed fields, `{"field": {"from": …, "to": …}}`; secrets show
    /// as `[redacted]`.
    #[schema(value_type = std::collections::HashMap<String, FieldChangeOut>)]
    pub changes: Map<String, Value>,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

/// One changed field: its value before and after (`null` for none).
#[derive(Debug, Clone, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct FieldChangeOut {
    pub from: Value,
    pub to: Value,
}

impl TryFrom<AuditEntry> for AuditEntryOut {
    type Error = Error;

    fn try_from(e: AuditEntry) -> Result<Self, Error> {
        let corrupt = |what: &str| {
            Error::internal(std::io::Error::other(format!(
                "stored audit {what} cannot be read"
            )))
        };
        Ok(Self {
            actor_kind: ActorKind::parse(&e.actor_kind).map_err(|_| corrupt("actor kind"))?,
            action: AuditAction::parse(&e.action).map_err(|_| corrupt("action"))?,
            outcome: AuditOutcome::parse(&e.outcome).map_err(|_| corrupt("outcome"))?,
            resource_type: AuditResource::parse(&e.resource_type)
                .map_err(|_| corrupt("resource type"))?,
            id: e.id,
            occurred_at: e.occurred_at,
            actor_id: e.actor_id,
            actor_label: e.actor_label,
            api_key_id: e.api_key_id,
            resource_id: e.resource_id,
            owner_id: e.owner_id,
            team_id: e.team_id,
            changes: e.changes,
            ip: e.ip,
            user_agent: e.user_agent,
            request_id: e.request_id,
        })
    }
}

/// A page of entries, newest first.
#[derive(Debug, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPageOut {
    pub entries: Vec<AuditEntryOut>,
    /// Pass as `cursor` for the next (older) page; absent on the last.
    pub next_cursor: Option<String>,
}

/// A page of the entries `filter` selects.
pub async fn page(store: &Store, filter: &AuditFilter, limit: u64) -> Result<AuditPageOut, Error> {
    // One more than asked tells whether another page follows.
    let mut rows = store.audit().list(filter, limit + 1).await?;
    let more = rows.len() as u64 > limit;
    rows.truncate(limit as usize);
    let next_cursor = more.then(|| rows.last().map(|e| e.id.clone())).flatten();
    let entries = rows
        .into_iter()
        .map(AuditEntryOut::try_from)
        .collect::<Result<_, _>>()?;
    Ok(AuditPageOut {
        entries,
        next_cursor,
    })
}

/// Whose Activity tab it is.
#[derive(Debug, Clone, Copy)]
pub enum Activity<'a> {
    /// The entries about one agent.
    Agent(&'a str),
    /// The entries about a team and everything in it (its members,
    /// invitations, agents and their documents and conversations).
    Team(&'a str),
}

/// The entries of an Activity tab, with the query's other filters.
pub fn activity_filter(of: Activity<'_>, query: &AuditQuery) -> Result<AuditFilter, Error> {
    let filter = query.filter()?;
    Ok(match of {
        Activity::Agent(id) => AuditFilter {
            resource_type: Some(AuditResource::Agent.as_str().to_owned()),
            resource_id: Some(id.to_owned()),
            ..filter
        },
        Activity::Team(id) => AuditFilter {
            team_id: Some(id.to_owned()),
            ..filter
        },
    })
}

/// [`page`] for an Activity tab: without the address and browser of each
/// change, which only platform admins see.
pub async fn activity_page(
    store: &Store,
    filter: &AuditFilter,
    limit: u64,
) -> Result<AuditPageOut, Error> {
    let mut page = page(store, filter, limit).await?;
    for entry in &mut page.entries {
        entry.ip = None;
        entry.user_agent = None;
    }
    Ok(page)
}

/// How an export is written.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Deserialize,
    serde::Serialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ExportFormat {
    #[default]
    Csv,
    Json,
}

/// Entries read per query while exporting.
const EXPORT_BATCH: u64 = 500;

/// The CSV columns, in order.
const CSV_COLUMNS: [&str; 15] = [
    "id",
    "occurredAt",
    "actorKind",
    "actorId",
    "actorLabel",
    "apiKeyId",
    "action",
    "outcome",
    "resourceType",
    "resourceId",
    "ownerId",
    "teamId",
    "changes",
    "ip",
    "userAgent",
];

/// A cell as a spreadsheet may read it without running it: text that starts
/// like a formula (`=`, `+`, `-`, `@`, tab, carriage return) is prefixed
/// with `'` (OWASP's advice against CSV injection).
fn cell(text: &str) -> std::borrow::Cow<'_, str> {
    match text.chars().next() {
        Some('=' | '+' | '-' | '@' | '\t' | '\r') => format!("'{text}").into(),
        _ => text.into(),
    }
}

fn csv_row(e: &AuditEntry) -> Vec<u8> {
    let changes = Value::Object(e.changes.clone()).to_string();
    let at = e.occurred_at.to_rfc3339();
    let fields = [
        e.id.as_str(),
        at.as_str(),
        e.actor_kind.as_str(),
        e.actor_id.as_deref().unwrap_or_default(),
        e.actor_label.as_deref().unwrap_or_default(),
        e.api_key_id.as_deref().unwrap_or_default(),
        e.action.as_str(),
        e.outcome.as_str(),
        e.resource_type.as_str(),
        e.resource_id.as_deref().unwrap_or_default(),
        e.owner_id.as_deref().unwrap_or_default(),
        e.team_id.as_deref().unwrap_or_default(),
        changes.as_str(),
        e.ip.as_deref().unwrap_or_default(),
        e.user_agent.as_deref().unwrap_or_default(),
    ];
    let mut writer = csv::Writer::from_writer(Vec::new());
    let _ = writer.write_record(fields.iter().map(|f| cell(f).into_owned()));
    writer.into_inner().unwrap_or_default()
}

/// Every entry `filter` selects, newest first, as a stream of CSV or JSON
/// (an array) chunks: read in batches by cursor, never all in memory.
pub fn export(
    store: Store,
    filter: AuditFilter,
    format: ExportFormat,
) -> impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send {
    enum Stage {
        Start,
        /// The next batch starts below `cursor`; `written`: a JSON entry
        /// went out already (the next needs a comma).
        Batch {
            cursor: Option<String>,
            written: bool,
        },
        Done,
    }
    // Fused: a layer that polls once more after the end (compression does)
    // hears the end again instead of a panic.
    let stream = futures_util::stream::unfold(Stage::Start, move |stage| {
        let store = store.clone();
        let filter = filter.clone();
        async move {
            match stage {
                Stage::Start => {
                    let head = match format {
                        ExportFormat::Csv => {
                            let mut writer = csv::Writer::from_writer(Vec::new());
                            let _ = writer.write_record(CSV_COLUMNS);
                            writer.into_inner().unwrap_or_default()
                        }
                        ExportFormat::Json => b"[".to_vec(),
                    };
                    let cursor = filter.before_id.clone();
                    Some((
                        Ok(head),
                        Stage::Batch {
                            cursor,
                            written: false,
                        },
                    ))
                }
                Stage::Batch {
                    cursor,
                    mut written,
                } => {
                    let batch = AuditFilter {
                        before_id: cursor,
                        ..filter
                    };
                    let rows = match store.audit().list(&batch, EXPORT_BATCH).await {
                        Ok(rows) => rows,
                        // The client sees a cut-off file; the log says why.
                        Err(error) => {
                            tracing::error!(%error, "audit export stopped");
                            let error = std::io::Error::other("export failed");
                            return Some((Err(error), Stage::Done));
                        }
                    };
                    let mut chunk = Vec::new();
                    for row in &rows {
                        match format {
                            ExportFormat::Csv => chunk.extend(csv_row(row)),
                            ExportFormat::Json => {
                                if let Ok(out) = AuditEntryOut::try_from(row.clone()) {
                                    if written {
                                        chunk.push(b',');
                                    }
                                    let _ = serde_json::to_writer(&mut chunk, &out);
                                    written = true;
                                }
                            }
                        }
                    }
                    let next = match rows.last() {
                        Some(row) if rows.len() as u64 == EXPORT_BATCH => Stage::Batch {
                            cursor: Some(row.id.clone()),
                            written,
                        },
                        _ => {
                            if format == ExportFormat::Json {
                                chunk.extend(b"]\n");
                            }
                            Stage::Done
                        }
                    };
                    Some((Ok(chunk), next))
                }
                Stage::Done => None,
            }
        }
    });
    futures_util::StreamExt::fuse(stream)
}

// ---------------------------------------------------------------------------
// Retention.

/// The job kind that deletes entries past the retention period.
pub const PURGE: &str = "audit.purge";

/// Runs [`PURGE`]: deletes entries older than `retention`, in batches, and
/// records (as the system) how many went.
pub struct Purge {
    pub store: Store,
    pub retention: std::time::Duration,
}

#[async_trait::async_trait]
impl JobHandler for Purge {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        let retry = |e: agentforge_store::StoreError| JobFailure::Retry(e.to_string());
        let before = Utc::now()
            - chrono::Duration::from_std(self.retention).unwrap_or(chrono::Duration::MAX);
        let mut deleted = 0;
        loop {
            let n = self
                .store
                .audit()
                .purge_before(before, 1000)
                .await
                .map_err(retry)?;
            deleted += n;
            if n < 1000 {
                break;
            }
        }
        if deleted > 0 {
            let change = Change::new(
                AuditAction::AuditPurge,
                AuditResource::AuditLog,
                "retention",
            )
            .field("deleted", deleted)
            .field("before", before.to_rfc3339());
            record_alone(&self.store, &Actor::System, change)
                .await
                .map_err(|e| JobFailure::Retry(e.to_string()))?;
        }
        Ok(())
    }
}
