//! Platform webhooks: `/v1/webhooks` (the specification's calls, by agent)
//! and `/webhooks` (the same by webhook id, with create, edit, events and
//! delete), and the public inbound URL `/api/hooks/{token}` (`inbound`)
//! each platform posts its events to.

pub mod delivery;
pub mod endpoints;
pub mod inbound;
pub mod platforms;
pub mod service;

use std::collections::BTreeMap;

use agentforge_domain::Error;
use agentforge_domain::policy::Action;
use agentforge_domain::webhook::{WebhookEventStatus, WebhookPlatform, WebhookStatus};
use agentforge_store::{Agent, Webhook, WebhookCounters, WebhookEvent, WebhookFilter};
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::config::Secret;
use crate::configuration::settings::{Masked, mask};
use crate::conversations::types::CitationOut;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Filter, Json, Query};
use crate::state::AppState;
use service::Opened;

/// What the service works with, from the state.
pub fn parts(state: &AppState) -> service::Parts<'_> {
    service::Parts {
        store: &state.store,
        runtime: &state.runtime,
        mailer: &state.mailer,
        sealer: state.secret_key.sealer(service::SEAL_PURPOSE),
        public_url: state.configuration.get().general.public_url.clone(),
        intake: &state.webhook_intake,
    }
}

/// Answers one queued event: runs the turn (unless an earlier attempt
/// already has the answer), posts it to the platform, and records how it
/// ended. A failed post is tried again by the queue; the last failure is
/// the event's.
pub struct AnswerJob {
    pub state: std::sync::Weak<crate::state::Services>,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for AnswerJob {
    async fn run(&self, job: &agentforge_store::Job) -> Result<(), agentforge_runtime::JobFailure> {
        use agentforge_runtime::JobFailure;
        let Some(services) = self.state.upgrade() else {
            return Err(JobFailure::Retry("the server is stopping".into()));
        };
        let state = AppState::from_services(services);
        let ctx = parts(&state);
        let Some(event_id) = job.payload.get("eventId").and_then(Value::as_str) else {
            return Err(JobFailure::Permanent("no eventId in the payload".into()));
        };
        let last = job.attempts >= job.max_attempts;
        match service::answer_event(&ctx, event_id).await {
            Ok(()) => Ok(()),
            Err((event, why)) => {
                if last && let Some((event, latency_ms, conversation_id, answer)) = event {
                    let outcome = agentforge_store::EventOutcome {
                        status: WebhookEventStatus::Failed,
                        conversation_id,
                        answer,
                        error: Some(why.clone()),
                        latency_ms,
                    };
                    if let Err(e) = service::finish(&ctx, &event, outcome).await {
                        tracing::error!(error = %e, "cannot record a webhook event's failure");
                    }
                }
                Err(JobFailure::Retry(why))
            }
        }
    }
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_webhooks_v1, create_webhook_v1))
        .routes(routes!(webhook_stats_v1))
        .routes(routes!(agent_webhooks_v1))
        .routes(routes!(test_webhook_v1))
        .routes(routes!(regenerate_webhook_v1))
        .routes(routes!(list_webhooks, create_webhook))
        .routes(routes!(webhook_stats))
        .routes(routes!(get_webhook, update_webhook, delete_webhook))
        .routes(routes!(webhook_events))
        .routes(routes!(test_webhook))
        .routes(routes!(regenerate_webhook))
        .merge(endpoints::router())
}

/// Which webhooks a list or the stats show.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WebhooksQuery {
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub platform: Option<Filter<WebhookPlatform>>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<WebhookStatus>>,
    /// One agent's only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
}

impl WebhooksQuery {
    fn filter(&self, actor: &agentforge_domain::policy::Actor) -> Result<WebhookFilter, Error> {
        let mut filter = service::filter(actor)?;
        filter.platform = self.platform.and_then(Filter::value);
        filter.status = self.status.and_then(Filter::value);
        filter.agent_id = self
            .agent_id
            .clone()
            .filter(|a| !a.is_empty() && a != "all");
        Ok(filter)
    }
}

/// A platform's credentials: the fields of its Settings › Integrations
/// entry (Slack: `botToken`, `signingSecret`; Telegram: `botToken`;
/// Discord: `applicationId`, `publicKey`, `botToken`; WhatsApp:
/// `phoneNumberId`, `accessToken`, `appSecret`, `verifyToken`; each may
/// take `baseUrl`). What the webhook leaves out comes from the agent's
/// team's or owner's connected integration. In an edit, a field left out
/// keeps its value and `""` removes it.
#[derive(Debug, Default, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookCredentialsIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signing_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
}

impl WebhookCredentialsIn {
    fn sent(self) -> service::SentCredentials {
        [
            ("botToken", self.bot_token),
            ("signingSecret", self.signing_secret),
            ("applicationId", self.application_id),
            ("publicKey", self.public_key),
            ("phoneNumberId", self.phone_number_id),
            ("accessToken", self.access_token),
            ("appSecret", self.app_secret),
            ("verifyToken", self.verify_token),
            ("baseUrl", self.base_url),
        ]
        .into_iter()
        .filter_map(|(k, v)| v.map(|v| (k.to_owned(), v)))
        .collect::<BTreeMap<_, _>>()
    }
}

/// A webhook to make.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookIn {
    pub agent_id: String,
    pub platform: WebhookPlatform,
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credentials: Option<WebhookCredentialsIn>,
}

/// What an edit changes; each field left out is kept.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookUpdateIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    /// `paused` stops taking events; `active` resumes (and clears `failing`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WebhookStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub credentials: Option<WebhookCredentialsIn>,
}

/// A webhook's totals.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookStatsOut {
    /// Events taken (signed correctly).
    pub received: u64,
    pub succeeded: u64,
    pub failed: u64,
    /// Refused for a bad or missing signature (never run).
    pub rejected: u64,
    /// From taking an event to its answer posted, over finished events.
    pub average_latency_ms: Option<f64>,
    pub last_received_at: Option<DateTime<Utc>>,
}

impl From<&WebhookCounters> for WebhookStatsOut {
    fn from(c: &WebhookCounters) -> Self {
        let finished = c.succeeded + c.failed;
        Self {
            received: c.received,
            succeeded: c.succeeded,
            failed: c.failed,
            rejected: c.rejected,
            average_latency_ms: (finished > 0).then(|| c.latency_total_ms as f64 / finished as f64),
            last_received_at: c.last_received_at,
        }
    }
}

/// A credential field as shown: plain ones whole, secrets masked.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookCredentialsOut {
    /// The plain fields set on the webhook, by name.
    pub values: BTreeMap<String, String>,
    /// The secret fields set on the webhook, masked.
    pub secrets: BTreeMap<String, Masked>,
    /// Fields taken from the connected integration (Settings ›
    /// Integrations) because the webhook has none of its own.
    pub inherited: Vec<String>,
    /// Required fields that neither has: the webhook cannot answer until
    /// they are set.
    pub missing: Vec<String>,
}

/// A webhook.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookOut {
    pub id: String,
    pub agent_id: String,
    pub agent_name: String,
    pub platform: WebhookPlatform,
    pub name: String,
    pub status: WebhookStatus,
    /// The URL to paste into the platform (its token is the webhook's
    /// secret address: keep it private).
    pub url: String,
    /// Whether the webhook has a secret of ours (custom and Zapier: the
    /// `whsec_` signing secret; Telegram: the secret token; WhatsApp: the
    /// verify token), shown whole only when made or regenerated.
    pub secret: Masked,
    pub credentials: WebhookCredentialsOut,
    pub stats: WebhookStatsOut,
    pub failures_in_row: u32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A webhook just made or regenerated, with its secret whole (this once).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookSecretOut {
    pub webhook: WebhookOut,
    /// The secret to give the platform or the sender; `null` for Slack and
    /// Discord, which sign with their own.
    pub secret: Option<String>,
}

/// Every webhook's totals, and the last 14 days.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhooksStatsOut {
    pub overall: WebhookStatsOut,
    pub total: u64,
    pub active: u64,
    pub paused: u64,
    pub failing: u64,
    pub webhooks: Vec<WebhookStatsRowOut>,
    /// Events per day (UTC), oldest first; days without any are left out.
    pub daily: Vec<WebhookDayOut>,
}

/// One webhook's totals.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookStatsRowOut {
    pub id: String,
    pub name: String,
    pub platform: WebhookPlatform,
    pub status: WebhookStatus,
    pub agent_id: String,
    pub stats: WebhookStatsOut,
}

/// One day's events.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookDayOut {
    /// `2026-03-15`.
    pub day: String,
    pub received: u64,
    pub succeeded: u64,
    pub failed: u64,
}

/// One received event.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEventOut {
    pub id: String,
    pub status: WebhookEventStatus,
    /// Who sent it, as the platform names them (and the thread).
    pub sender: String,
    /// The message (shortened to 500 characters).
    pub message: String,
    /// The answer (shortened to 2,000 characters).
    pub answer: Option<String>,
    pub error: Option<String>,
    pub conversation_id: Option<String>,
    pub latency_ms: Option<u64>,
    /// Sent with the dashboard's test.
    pub test: bool,
    pub received_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<WebhookEvent> for WebhookEventOut {
    fn from(e: WebhookEvent) -> Self {
        Self {
            id: e.id,
            status: e.status,
            sender: e.sender,
            message: service::excerpt(&e.message, 500),
            answer: e.answer.map(|a| service::excerpt(&a, 2000)),
            error: e.error,
            conversation_id: e.conversation_id,
            latency_ms: e.latency_ms,
            test: e.test,
            received_at: e.received_at,
            finished_at: e.finished_at,
        }
    }
}

/// A test: sample data run through the same path as a real event.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookTestIn {
    /// The platform's own event JSON (a Slack `event_callback`, a Telegram
    /// update, a Discord interaction, a WhatsApp change, a custom body), or
    /// simply `{"message": "…", "senderId": "…"}` on any platform.
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub test_data: Value,
    /// On `/v1/webhooks/{agentId}/test`, which of the agent's webhooks (it
    /// may be left out when the agent has one).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webhook_id: Option<String>,
}

/// What a real event would have done.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookTestOut {
    pub webhook_id: String,
    pub platform: WebhookPlatform,
    /// What the platform would get at once (a handshake's answer, the
    /// acknowledgement, or the custom answer).
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub response: Value,
    /// Each message read from the data, answered (in a test conversation,
    /// kept out of lists and analytics) but not posted.
    pub answers: Vec<WebhookTestAnswerOut>,
    /// Required credentials still missing (the answers would not be posted).
    pub missing_credentials: Vec<String>,
}

/// One message of a test, and what would be posted.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookTestAnswerOut {
    pub sender: String,
    pub message: String,
    pub conversation_id: String,
    pub answer: String,
    pub citations: Vec<CitationOut>,
    /// The platform call that would post it (secrets in its URL hidden);
    /// `null` for custom and Zapier, answered in the response.
    pub post: Option<WebhookPostOut>,
}

/// A call to a platform's API.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookPostOut {
    pub method: String,
    pub url: String,
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub body: Value,
}

/// Optional: which webhook of the agent.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WebhookPick {
    /// One of the agent's webhooks; left out: all of them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub webhook_id: Option<String>,
}

fn webhook_out(state: &AppState, opened: &Opened, agent_name: &str) -> WebhookOut {
    let w = &opened.webhook;
    let mut values = BTreeMap::new();
    let mut secrets = BTreeMap::new();
    for (k, v) in &opened.own {
        if agentforge_domain::webhook::is_secret(w.platform, k) {
            secrets.insert(k.clone(), mask(&Some(Secret::new(v.clone()))));
        } else {
            values.insert(k.clone(), v.clone());
        }
    }
    let inherited = opened
        .inherited
        .keys()
        .filter(|k| !opened.own.contains_key(*k))
        .cloned()
        .collect();
    WebhookOut {
        id: w.id.clone(),
        agent_id: w.agent_id.clone(),
        agent_name: agent_name.to_owned(),
        platform: w.platform,
        name: w.name.clone(),
        status: w.status,
        url: service::hook_url(&parts(state), &opened.token),
        secret: mask(&opened.secret.clone().map(Secret::new)),
        credentials: WebhookCredentialsOut {
            values,
            secrets,
            inherited,
            missing: opened.missing().into_iter().map(str::to_owned).collect(),
        },
        stats: WebhookStatsOut::from(&w.counters),
        failures_in_row: w.failures_in_row,
        last_error: w.last_error.clone(),
        created_at: w.created_at,
        updated_at: w.updated_at,
    }
}

fn secret_out(state: &AppState, opened: &Opened, agent_name: &str) -> WebhookSecretOut {
    WebhookSecretOut {
        webhook: webhook_out(state, opened, agent_name),
        secret: opened.shared_secret(),
    }
}

/// The webhooks `filter` shows, opened, with their agents' names.
async fn listed(state: &AppState, filter: &WebhookFilter) -> Result<Vec<WebhookOut>, Error> {
    let webhooks = state
        .store
        .webhooks()
        .list(filter, service::LIST_MAX)
        .await?;
    let mut names: BTreeMap<String, String> = BTreeMap::new();
    let mut out = Vec::with_capacity(webhooks.len());
    for webhook in webhooks {
        if !names.contains_key(&webhook.agent_id) {
            let name = state
                .store
                .agents()
                .get(&webhook.agent_id)
                .await?
                .map(|a| a.config.name)
                .unwrap_or_default();
            names.insert(webhook.agent_id.clone(), name);
        }
        let name = names.get(&webhook.agent_id).cloned().unwrap_or_default();
        let opened = service::open(&parts(state), webhook).await?;
        out.push(webhook_out(state, &opened, &name));
    }
    Ok(out)
}

async fn stats(state: &AppState, filter: &WebhookFilter) -> Result<WebhooksStatsOut, Error> {
    let webhooks = state
        .store
        .webhooks()
        .list(filter, service::LIST_MAX)
        .await?;
    let mut overall = WebhookCounters::default();
    let count = |s: WebhookStatus| webhooks.iter().filter(|w| w.status == s).count() as u64;
    for w in &webhooks {
        let c = &w.counters;
        overall.received += c.received;
        overall.succeeded += c.succeeded;
        overall.failed += c.failed;
        overall.rejected += c.rejected;
        overall.latency_total_ms += c.latency_total_ms;
        overall.last_received_at = overall.last_received_at.max(c.last_received_at);
    }
    let from = agentforge_store::now() - chrono::Duration::days(13);
    let from = from
        .date_naive()
        .and_hms_opt(0, 0, 0)
        .map(|d| d.and_utc())
        .unwrap_or(from);
    let daily = state.store.webhooks().daily(filter, from).await?;
    Ok(WebhooksStatsOut {
        overall: WebhookStatsOut::from(&overall),
        total: webhooks.len() as u64,
        active: count(WebhookStatus::Active),
        paused: count(WebhookStatus::Paused),
        failing: count(WebhookStatus::Failing),
        webhooks: webhooks
            .iter()
            .map(|w| WebhookStatsRowOut {
                id: w.id.clone(),
                name: w.name.clone(),
                platform: w.platform,
                status: w.status,
                agent_id: w.agent_id.clone(),
                stats: WebhookStatsOut::from(&w.counters),
            })
            .collect(),
        daily: daily
            .into_iter()
            .map(|d| WebhookDayOut {
                day: d.day,
                received: d.received,
                succeeded: d.succeeded,
                failed: d.failed,
            })
            .collect(),
    })
}

async fn create(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    body: WebhookIn,
) -> Result<WebhookSecretOut, Error> {
    let sent = body
        .credentials
        .map(WebhookCredentialsIn::sent)
        .unwrap_or_default();
    let opened = service::create(
        &parts(state),
        actor,
        &body.agent_id,
        body.platform,
        &body.name,
        &sent,
    )
    .await?;
    let name = agent_name(state, &opened.webhook.agent_id).await?;
    Ok(secret_out(state, &opened, &name))
}

async fn agent_name(state: &AppState, agent_id: &str) -> Result<String, Error> {
    Ok(state
        .store
        .agents()
        .get(agent_id)
        .await?
        .map(|a| a.config.name)
        .unwrap_or_default())
}

async fn run_test(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    webhook: Webhook,
    agent: Agent,
    data: Value,
) -> Result<WebhookTestOut, Error> {
    let caller = actor.user_id().unwrap_or_default();
    state
        .rate_limiter
        .check(&format!("webhook-test:{caller}"), inbound::TESTS_PER_MINUTE)?;
    let opened = service::open(&parts(state), webhook).await?;
    inbound::test(state, &opened, agent, data).await
}

async fn regenerate_all(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    found: Vec<(Webhook, Agent)>,
) -> Result<Vec<WebhookSecretOut>, Error> {
    let mut out = Vec::with_capacity(found.len());
    for (webhook, agent) in found {
        let opened = service::regenerate(&parts(state), actor, &webhook, &agent).await?;
        out.push(secret_out(state, &opened, &agent.config.name));
    }
    Ok(out)
}

/// List webhooks
///
/// Your agents' webhooks (and your teams' agents'), newest first, filtered
/// by platform, status and agent; `all` (or nothing) means no filter.
#[utoipa::path(get, path = "/v1/webhooks", tag = "webhooks", params(WebhooksQuery), security(("bearer" = [])),
    responses((status = 200, description = "The webhooks", body = Envelope<Vec<WebhookOut>>)))]
async fn list_webhooks_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<WebhooksQuery>,
) -> Result<Envelope<Vec<WebhookOut>>, ApiError> {
    Ok(Envelope::new(listed(&state, &query.filter(&actor)?).await?))
}

/// Create a webhook
///
/// Connects one of your agents (owner or team editor) to a platform. The
/// answer carries the inbound URL and, this once, the secret to give the
/// platform (custom and Zapier: the `whsec_` signing secret; Telegram: the
/// `secret_token`; WhatsApp: the verify token). Credentials are checked
/// for the platform and sealed; those left out come from the platform's
/// connected integration. Audited as `webhook.create`.
#[utoipa::path(post, path = "/v1/webhooks", tag = "webhooks", request_body = WebhookIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Made", body = Envelope<WebhookSecretOut>),
        (status = 403, description = "Not an editor of the agent", body = ErrorBody),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "The agent has 20 webhooks already", body = ErrorBody),
    ))]
async fn create_webhook_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<WebhookIn>,
) -> Result<(axum::http::StatusCode, Envelope<WebhookSecretOut>), ApiError> {
    Ok((
        axum::http::StatusCode::CREATED,
        Envelope::new(create(&state, &actor, body).await?),
    ))
}

/// Webhook stats
///
/// Received, succeeded, failed, refused (bad signature), average latency
/// and last received: overall, per webhook, and per day for the last 14
/// days, over the webhooks the filters show.
#[utoipa::path(get, path = "/v1/webhooks/stats", tag = "webhooks", params(WebhooksQuery), security(("bearer" = [])),
    responses((status = 200, description = "The stats", body = Envelope<WebhooksStatsOut>)))]
async fn webhook_stats_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<WebhooksQuery>,
) -> Result<Envelope<WebhooksStatsOut>, ApiError> {
    Ok(Envelope::new(stats(&state, &query.filter(&actor)?).await?))
}

/// An agent's webhooks
///
/// The webhooks of the agent `agentId` (a webhook's id names that webhook).
#[utoipa::path(get, path = "/v1/webhooks/{agentId}", tag = "webhooks",
    params(("agentId" = String, Path, description = "An agent's id (or a webhook's)")), security(("bearer" = [])),
    responses((status = 200, description = "Its webhooks", body = Envelope<Vec<WebhookOut>>)))]
async fn agent_webhooks_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(agent_id): Path<String>,
) -> Result<Envelope<Vec<WebhookOut>>, ApiError> {
    let found = service::named(&state.store, &actor, &agent_id, Action::View).await?;
    let mut out = Vec::with_capacity(found.len());
    for (webhook, agent) in found {
        let opened = service::open(&parts(&state), webhook).await?;
        out.push(webhook_out(&state, &opened, &agent.config.name));
    }
    Ok(Envelope::new(out))
}

/// Test an agent's webhook
///
/// Runs `testData` through the same path as a real event of the webhook
/// (`webhookId`, or the agent's only one): read as the platform's event,
/// answered by the agent's production deployment in a test conversation,
/// and shown with the call that would post the answer, without posting.
/// At most 30 tests a minute per person.
#[utoipa::path(post, path = "/v1/webhooks/{agentId}/test", tag = "webhooks", request_body = WebhookTestIn,
    params(("agentId" = String, Path, description = "An agent's id (or a webhook's)")), security(("bearer" = [])),
    responses(
        (status = 200, description = "What a real event would do", body = Envelope<WebhookTestOut>),
        (status = 409, description = "The agent is not deployed to production, or not active", body = ErrorBody),
        (status = 429, description = "More than 30 tests a minute", body = ErrorBody),
    ))]
async fn test_webhook_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(agent_id): Path<String>,
    Json(body): Json<WebhookTestIn>,
) -> Result<Envelope<WebhookTestOut>, ApiError> {
    let found = service::named(&state.store, &actor, &agent_id, Action::Edit).await?;
    let chosen = match &body.webhook_id {
        Some(id) => found
            .into_iter()
            .find(|(w, _)| w.id == *id)
            .ok_or_else(|| Error::not_found_in(agentforge_domain::Thing::Webhook, "webhookId"))?,
        None => {
            let count = found.len();
            let mut found = found.into_iter();
            match (found.next(), count) {
                (Some(one), 1) => one,
                (None, _) => {
                    return Err(Error::not_found_because(
                        agentforge_domain::Thing::Webhook,
                        "This agent has no webhook yet",
                    )
                    .into());
                }
                _ => {
                    return Err(Error::invalid(
                        "webhookId",
                        "This agent has several webhooks: say which one",
                    )
                    .into());
                }
            }
        }
    };
    let (webhook, agent) = chosen;
    Ok(Envelope::new(
        run_test(&state, &actor, webhook, agent, body.test_data).await?,
    ))
}

/// Regenerate an agent's webhooks
///
/// A new URL token and secret for each of the agent's webhooks (or the one
/// `webhookId` names); the old ones stop working at once. Answers each
/// with its new secret, this once. Audited as `webhook.regenerate`.
#[utoipa::path(post, path = "/v1/webhooks/{agentId}/regenerate", tag = "webhooks",
    params(("agentId" = String, Path, description = "An agent's id (or a webhook's)"), WebhookPick), security(("bearer" = [])),
    responses((status = 200, description = "The webhooks with their new URLs and secrets", body = Envelope<Vec<WebhookSecretOut>>)))]
async fn regenerate_webhook_v1(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(agent_id): Path<String>,
    Query(pick): Query<WebhookPick>,
) -> Result<Envelope<Vec<WebhookSecretOut>>, ApiError> {
    let mut found = service::named(&state.store, &actor, &agent_id, Action::Edit).await?;
    if let Some(id) = &pick.webhook_id {
        found.retain(|(w, _)| w.id == *id);
        if found.is_empty() {
            return Err(Error::not_found_in(agentforge_domain::Thing::Webhook, "webhookId").into());
        }
    }
    Ok(Envelope::new(regenerate_all(&state, &actor, found).await?))
}

/// List webhooks (direct)
///
/// As `GET /v1/webhooks`.
#[utoipa::path(get, path = "/webhooks", tag = "webhooks", params(WebhooksQuery), security(("bearer" = [])),
    responses((status = 200, description = "The webhooks", body = Envelope<Vec<WebhookOut>>)))]
async fn list_webhooks(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<WebhooksQuery>,
) -> Result<Envelope<Vec<WebhookOut>>, ApiError> {
    Ok(Envelope::new(listed(&state, &query.filter(&actor)?).await?))
}

/// Create a webhook (direct)
///
/// As `POST /v1/webhooks`.
#[utoipa::path(post, path = "/webhooks", tag = "webhooks", request_body = WebhookIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Made", body = Envelope<WebhookSecretOut>),
        (status = 403, description = "Not an editor of the agent", body = ErrorBody),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "The agent has 20 webhooks already", body = ErrorBody),
    ))]
async fn create_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<WebhookIn>,
) -> Result<(axum::http::StatusCode, Envelope<WebhookSecretOut>), ApiError> {
    Ok((
        axum::http::StatusCode::CREATED,
        Envelope::new(create(&state, &actor, body).await?),
    ))
}

/// Webhook stats (direct)
///
/// As `GET /v1/webhooks/stats`.
#[utoipa::path(get, path = "/webhooks/stats", tag = "webhooks", params(WebhooksQuery), security(("bearer" = [])),
    responses((status = 200, description = "The stats", body = Envelope<WebhooksStatsOut>)))]
async fn webhook_stats(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<WebhooksQuery>,
) -> Result<Envelope<WebhooksStatsOut>, ApiError> {
    Ok(Envelope::new(stats(&state, &query.filter(&actor)?).await?))
}

/// A webhook
#[utoipa::path(get, path = "/webhooks/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses((status = 200, description = "The webhook", body = Envelope<WebhookOut>)))]
async fn get_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WebhookOut>, ApiError> {
    let (webhook, agent) = service::webhook(&state.store, &actor, &id, Action::View).await?;
    let opened = service::open(&parts(&state), webhook).await?;
    Ok(Envelope::new(webhook_out(
        &state,
        &opened,
        &agent.config.name,
    )))
}

/// Change a webhook
///
/// Renames it, pauses or resumes it (`status`), or changes its
/// credentials (a field left out is kept, `""` removes it). Audited as
/// `webhook.update`, secrets redacted.
#[utoipa::path(put, path = "/webhooks/{id}", tag = "webhooks", request_body = WebhookUpdateIn,
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The webhook now", body = Envelope<WebhookOut>),
        (status = 403, description = "Not an editor of the agent", body = ErrorBody),
    ))]
async fn update_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<WebhookUpdateIn>,
) -> Result<Envelope<WebhookOut>, ApiError> {
    let edit = service::Edit {
        name: body.name,
        status: body.status,
        credentials: body.credentials.map(WebhookCredentialsIn::sent),
    };
    let opened = service::update(&parts(&state), &actor, &id, edit).await?;
    let name = agent_name(&state, &opened.webhook.agent_id).await?;
    Ok(Envelope::new(webhook_out(&state, &opened, &name)))
}

/// Delete a webhook
///
/// Its URL stops at once; its events go with it. Audited as
/// `webhook.delete`.
#[utoipa::path(delete, path = "/webhooks/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses(
        (status = 200, description = "Removed", body = Envelope<DeletedOut>),
        (status = 403, description = "Not an editor of the agent", body = ErrorBody),
    ))]
async fn delete_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let webhook = service::delete(&parts(&state), &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(webhook.id)))
}

/// A webhook's recent events
///
/// The newest 100 events with what became of each (queued, succeeded,
/// failed, ignored), tests included and marked.
#[utoipa::path(get, path = "/webhooks/{id}/events", tag = "webhooks",
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses((status = 200, description = "Newest first", body = Envelope<Vec<WebhookEventOut>>)))]
async fn webhook_events(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<WebhookEventOut>>, ApiError> {
    let (webhook, _) = service::webhook(&state.store, &actor, &id, Action::View).await?;
    let events = state.store.webhooks().events(&webhook.id, 100).await?;
    Ok(Envelope::new(
        events.into_iter().map(WebhookEventOut::from).collect(),
    ))
}

/// Test a webhook (direct)
///
/// As `POST /v1/webhooks/{agentId}/test`, for this webhook.
#[utoipa::path(post, path = "/webhooks/{id}/test", tag = "webhooks", request_body = WebhookTestIn,
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses(
        (status = 200, description = "What a real event would do", body = Envelope<WebhookTestOut>),
        (status = 409, description = "The agent is not deployed to production, or not active", body = ErrorBody),
        (status = 429, description = "More than 30 tests a minute", body = ErrorBody),
    ))]
async fn test_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<WebhookTestIn>,
) -> Result<Envelope<WebhookTestOut>, ApiError> {
    let (webhook, agent) = service::webhook(&state.store, &actor, &id, Action::Edit).await?;
    Ok(Envelope::new(
        run_test(&state, &actor, webhook, agent, body.test_data).await?,
    ))
}

/// Regenerate a webhook (direct)
///
/// A new URL token and secret; the old ones stop at once. The secret is
/// in the answer, this once. Audited as `webhook.regenerate`.
#[utoipa::path(post, path = "/webhooks/{id}/regenerate", tag = "webhooks",
    params(("id" = String, Path, description = "The webhook")), security(("bearer" = [])),
    responses((status = 200, description = "Its new URL and secret", body = Envelope<WebhookSecretOut>)))]
async fn regenerate_webhook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WebhookSecretOut>, ApiError> {
    let (webhook, agent) = service::webhook(&state.store, &actor, &id, Action::Edit).await?;
    let opened = service::regenerate(&parts(&state), &actor, &webhook, &agent).await?;
    Ok(Envelope::new(secret_out(
        &state,
        &opened,
        &agent.config.name,
    )))
}
