//! `/analytics/dashboard`: the numbers of the /dashboard overview, and the
//! counting shared with an agent's own analytics; `/analytics/{overview,
//! performance,usage,metrics,realtime,agents,conversations}`: the reports
//! of /dashboard/analytics, read from hourly rollups kept by a job.

pub mod reports;
pub mod rollup;
pub mod service;

use std::borrow::Cow;

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::accounts::types::NoticeOut;
use crate::auth::AdminUser;
use crate::auth::CurrentUser;
use crate::conversations::ConversationOut;
use crate::http::{ApiError, Envelope, ErrorBody, Query};
use crate::state::AppState;
use reports::{
    AgentsReportOut, ConversationsReportOut, MetricOut, MetricQuery, OverviewReportOut,
    PerformanceOut, ReportQuery, UsageOut,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(dashboard))
        .routes(routes!(analytics_overview))
        .routes(routes!(analytics_performance))
        .routes(routes!(analytics_usage))
        .routes(routes!(analytics_metrics))
        .routes(routes!(analytics_realtime))
        .routes(routes!(analytics_agents))
        .routes(routes!(analytics_conversations))
        .routes(routes!(rebuild_analytics))
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardOverview {
    pub total_agents: u64,
    pub active_agents: u64,
    pub total_conversations: u64,
    pub active_conversations: u64,
    pub total_messages: u64,
    pub total_documents: u64,
    /// Since midnight UTC.
    pub conversations_today: u64,
    pub messages_today: u64,
    /// Over the last 14 days; null without answers.
    pub average_response_ms: Option<f64>,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ActivityBucket {
    /// The day's start (UTC).
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardActivity {
    /// The last 14 days, oldest first, zero-filled.
    pub series: Vec<ActivityBucket>,
    /// The ten conversations with the latest activity.
    pub recent: Vec<ConversationOut>,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SystemStatusOut {
    #[schema(value_type = crate::system::names::SystemState)]
    pub status: Cow<'static, str>,
    #[schema(value_type = crate::system::names::DatabaseName)]
    pub database: Cow<'static, str>,
    pub database_ok: bool,
    pub llm_provider: agentforge_domain::agent::ModelProvider,
    pub llm_model: String,
    /// False for the built-in responder (no language model connected).
    pub llm_configured: bool,
    #[schema(value_type = crate::system::names::RealtimeTransport)]
    pub realtime: Cow<'static, str>,
    pub version: Cow<'static, str>,
    pub uptime_seconds: u64,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DashboardOut {
    pub overview: DashboardOverview,
    pub activity: DashboardActivity,
    pub system_status: SystemStatusOut,
}

/// The dashboard overview
///
/// The caller's agents, conversations, messages and documents; activity over
/// the last 14 days with the latest conversations; and the system's status.
#[utoipa::path(get, path = "/analytics/dashboard", tag = "analytics", security(("bearer" = [])),
    responses((status = 200, description = "Overview, activity and system status", body = Envelope<DashboardOut>)))]
async fn dashboard(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<DashboardOut>, ApiError> {
    let dashboard = service::dashboard(&state.store, &actor).await?;
    let database_ok = state.database_probe.check(&state.store).await.is_ok();
    let (llm_provider, llm_model, llm_configured) = state.runtime.models().describe();
    Ok(Envelope::new(DashboardOut {
        overview: DashboardOverview {
            total_agents: dashboard.total_agents,
            active_agents: dashboard.active_agents,
            total_conversations: dashboard.total_conversations,
            active_conversations: dashboard.active_conversations,
            total_messages: dashboard.total_messages,
            total_documents: dashboard.total_documents,
            conversations_today: dashboard.conversations_today,
            messages_today: dashboard.messages_today,
            average_response_ms: dashboard.average_response_ms,
        },
        activity: DashboardActivity {
            series: dashboard
                .series
                .into_iter()
                .map(|p| ActivityBucket {
                    start: p.start,
                    conversations: p.conversations,
                    messages: p.messages,
                })
                .collect(),
            recent: dashboard
                .recent
                .into_iter()
                .map(ConversationOut::from)
                .collect(),
        },
        system_status: SystemStatusOut {
            status: if database_ok { "ok" } else { "degraded" }.into(),
            database: state.store.kind().as_str().into(),
            database_ok,
            llm_provider,
            llm_model,
            llm_configured,
            realtime: state.realtime.transport().into(),
            version: env!("CARGO_PKG_VERSION").into(),
            uptime_seconds: state.started.elapsed().as_secs(),
        },
    }))
}

/// The price table in force.
fn prices(
    state: &AppState,
) -> std::collections::BTreeMap<String, crate::configuration::settings::ModelPrice> {
    state.configuration.get().pricing.models.clone()
}

/// Activity over a period
///
/// Conversations, messages, answers, people, tokens, answer time, error
/// rate and estimated cost, each against the span of the same length
/// before; and a zero-filled series. `period` (`day`, `week`, `month`,
/// `year`; default `month`) or `from`/`to`; `agentId` for one agent;
/// `scope=platform` (admins) for every agent.
#[utoipa::path(get, path = "/analytics/overview", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The period's totals and series", body = Envelope<OverviewReportOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_overview(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<OverviewReportOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    Ok(Envelope::new(
        reports::overview(&state.store, &report, &prices(&state)).await?,
    ))
}

/// Answer times and outcomes
///
/// Answer time (average, p50, p95, p99) and time to the first token, error
/// and interruption rates: overall, per agent and per provider; tool calls'
/// times by tool.
#[utoipa::path(get, path = "/analytics/performance", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Times and rates", body = Envelope<PerformanceOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_performance(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<PerformanceOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    Ok(Envelope::new(
        reports::performance(&state.store, &report).await?,
    ))
}

/// Tokens and estimated cost
///
/// Messages and tokens in and out, per model with the cost the price table
/// (Admin › Configuration › Pricing) puts on them, and a series.
#[utoipa::path(get, path = "/analytics/usage", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Usage by model", body = Envelope<UsageOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_usage(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<UsageOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    Ok(Envelope::new(
        reports::usage(&state.store, &report, &prices(&state)).await?,
    ))
}

/// One series
///
/// `metric` (default `messages`) over the period at `interval` (`hour`,
/// `day`, `month`; default the period's own; at most 2,000 points).
#[utoipa::path(get, path = "/analytics/metrics", tag = "analytics", params(ReportQuery, MetricQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The series", body = Envelope<MetricOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period, range, metric or interval", body = ErrorBody),
    ))]
async fn analytics_metrics(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
    Query(metric): Query<MetricQuery>,
) -> Result<Envelope<MetricOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, metric.interval).await?;
    let which = metric
        .metric
        .unwrap_or(agentforge_domain::analytics::Metric::Messages);
    Ok(Envelope::new(
        reports::metric(&state.store, &report, which).await?,
    ))
}

/// What is happening now.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct RealtimeOut {
    pub at: DateTime<Utc>,
    /// Conversations in progress.
    pub active_conversations: u64,
    /// Answers written in the last minute.
    pub answers_last_minute: u64,
    /// Sockets open on the instance that answered (platform scope only).
    pub open_sockets: Option<u64>,
    /// Background jobs waiting to run (platform scope only).
    pub queued_jobs: Option<u64>,
}

/// Now
///
/// Conversations in progress and answers in the last minute (for the
/// scope, and `agentId`); with `scope=platform`, the instance's open sockets
/// and the queued jobs too. Not read from the rollups: counted live.
#[utoipa::path(get, path = "/analytics/realtime", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Live counts", body = Envelope<RealtimeOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_realtime(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<RealtimeOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    let now = Utc::now();
    let (active, answers) = state
        .store
        .analytics()
        .live(
            &report.scope,
            report.agent.as_deref(),
            now - chrono::Duration::minutes(1),
        )
        .await?;
    let platform = report.scope == agentforge_store::AnalyticsScope::Platform;
    let queued = if platform {
        Some(state.store.jobs().counts().await?.queued)
    } else {
        None
    };
    Ok(Envelope::new(RealtimeOut {
        at: now,
        active_conversations: active,
        answers_last_minute: answers,
        open_sockets: platform.then(|| state.realtime.sockets() as u64),
        queued_jobs: queued,
    }))
}

/// Agents side by side
///
/// Per agent: conversations, messages, answers, tokens, answer time
/// (average and p95), error rate and estimated cost; most messages first.
#[utoipa::path(get, path = "/analytics/agents", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "One row per agent with activity", body = Envelope<AgentsReportOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_agents(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<AgentsReportOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    Ok(Envelope::new(
        reports::agents(&state.store, &report, &prices(&state)).await?,
    ))
}

/// Conversations by channel, status and hour
///
/// The conversations started in the period: by channel (with their
/// messages), by status as they stand now, and by hour of the day (UTC).
#[utoipa::path(get, path = "/analytics/conversations", tag = "analytics", params(ReportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Conversations broken down", body = Envelope<ConversationsReportOut>),
        (status = 403, description = "`scope=platform` without being an admin", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 422, description = "A bad period or range", body = ErrorBody),
    ))]
async fn analytics_conversations(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<ReportQuery>,
) -> Result<Envelope<ConversationsReportOut>, ApiError> {
    let report = reports::resolve(&state.store, &actor, query, None).await?;
    Ok(Envelope::new(
        reports::conversations(&state.store, &report).await?,
    ))
}

/// Recount analytics
///
/// Forgets the hourly rollups' progress and recounts every hour from the
/// first conversation on, in the background (after restoring a backup or
/// importing conversations). Reports show the recount as it goes.
#[utoipa::path(post, path = "/admin/analytics/rebuild", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 202, description = "Recounting", body = Envelope<NoticeOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn rebuild_analytics(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
) -> Result<(axum::http::StatusCode, Envelope<NoticeOut>), ApiError> {
    use agentforge_domain::audit::{AuditAction, AuditResource};
    crate::access::platform(&actor, agentforge_domain::policy::Action::Manage)?;
    let tx = state.store.begin().await?;
    tx.analytics().reset_rollup().await?;
    tx.jobs()
        .enqueue(agentforge_store::NewJob::now(
            rollup::ROLLUP,
            serde_json::Value::Null,
            3,
        ))
        .await?;
    let entry = crate::audit::Change::new(
        AuditAction::AnalyticsRebuild,
        AuditResource::Analytics,
        "rollups",
    );
    crate::audit::record(&tx, &actor, entry).await?;
    tx.commit().await?;
    state.runtime.jobs().wake();
    Ok((
        axum::http::StatusCode::ACCEPTED,
        Envelope::new(NoticeOut {
            message: "Analytics are being recounted from the first conversation".into(),
        }),
    ))
}
