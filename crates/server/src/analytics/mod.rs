//! `/analytics/dashboard`: the numbers of the /dashboard overview, and the
//! counting shared with an agent's own analytics.

pub mod service;

use std::borrow::Cow;

use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::conversations::ConversationOut;
use crate::http::{ApiError, Envelope};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
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
