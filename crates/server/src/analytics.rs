//! `/analytics/dashboard`: the numbers of the /dashboard overview, and the
//! counting shared with an agent's own analytics.

use agentforge_domain::conversation::MessageRole;
use agentforge_store::{MessageFact, Scope, StartFact};
use axum::extract::State;
use chrono::{DateTime, Duration, DurationRound, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::accounts::CurrentUser;
use crate::conversations::ConversationOut;
use crate::http::{ApiError, Envelope};
use crate::state::AppState;

/// Days of the dashboard's activity chart.
const DAYS: i64 = 14;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(dashboard))
}

/// Counts per bucket: `starts` are the buckets' start times, ascending; a
/// time before the first bucket is not counted.
pub fn bucketize(starts: &[DateTime<Utc>], times: impl Iterator<Item = DateTime<Utc>>) -> Vec<u64> {
    let mut counts = vec![0; starts.len()];
    for time in times {
        let index = starts.partition_point(|s| *s <= time);
        if index > 0 {
            counts[index - 1] += 1;
        }
    }
    counts
}

/// Response times of the answers among `messages`.
pub fn latencies(messages: &[MessageFact]) -> Vec<u32> {
    let mut values: Vec<u32> = messages
        .iter()
        .filter(|m| m.role == MessageRole::Assistant)
        .filter_map(|m| m.latency_ms)
        .collect();
    values.sort_unstable();
    values
}

pub fn average(values: &[u32]) -> Option<f64> {
    (!values.is_empty())
        .then(|| values.iter().map(|v| f64::from(*v)).sum::<f64>() / values.len() as f64)
}

/// The nearest-rank percentile of sorted values.
pub fn percentile(sorted: &[u32], p: f64) -> Option<f64> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    Some(f64::from(sorted[rank.clamp(1, sorted.len()) - 1]))
}

pub fn distinct_users(starts: &[StartFact]) -> u64 {
    let mut users: Vec<&str> = starts.iter().filter_map(|s| s.user_id.as_deref()).collect();
    users.sort_unstable();
    users.dedup();
    users.len() as u64
}

#[derive(Debug, Serialize, ToSchema)]
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityBucket {
    /// The day's start (UTC).
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DashboardActivity {
    /// The last 14 days, oldest first, zero-filled.
    pub series: Vec<ActivityBucket>,
    /// The ten conversations with the latest activity.
    pub recent: Vec<ConversationOut>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SystemStatusOut {
    /// `ok`, or `degraded` when the database does not answer.
    pub status: &'static str,
    /// `sqlite` or `postgres`.
    pub database: &'static str,
    pub database_ok: bool,
    /// `builtin`, `openai` or `gemini`.
    pub llm_provider: &'static str,
    pub llm_model: String,
    /// False for the built-in responder (no language model connected).
    pub llm_configured: bool,
    /// `in-process` (SQLite) or `postgres` (LISTEN/NOTIFY across instances).
    pub realtime: &'static str,
    pub version: &'static str,
    pub uptime_seconds: u64,
}

#[derive(Debug, Serialize, ToSchema)]
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
    CurrentUser(user): CurrentUser,
) -> Result<Envelope<DashboardOut>, ApiError> {
    let now = Utc::now();
    let today = now
        .duration_trunc(Duration::days(1))
        .map_err(ApiError::internal)?;
    let from = today - Duration::days(DAYS - 1);
    let scope = Scope::Owner(user.id.clone());
    let conversations = state.store.conversations();
    let (total_agents, active_agents) = state.store.agents().count_for_owner(&user.id).await?;
    let (total_conversations, active_conversations, total_messages) =
        conversations.totals(&scope).await?;
    let total_documents = state.store.knowledge().count_documents(&user.id).await?;
    let starts = conversations.starts_since(&scope, from).await?;
    let messages = conversations.messages_since(&scope, from).await?;
    let days: Vec<DateTime<Utc>> = (0..DAYS).map(|i| from + Duration::days(i)).collect();
    let conversation_counts = bucketize(&days, starts.iter().map(|s| s.started_at));
    let message_counts = bucketize(&days, messages.iter().map(|m| m.created_at));
    let series = days
        .iter()
        .zip(conversation_counts.iter().zip(&message_counts))
        .map(|(start, (c, m))| ActivityBucket {
            start: *start,
            conversations: *c,
            messages: *m,
        })
        .collect();
    let (recent, _) = crate::conversations::service::list(
        &state,
        &user,
        crate::conversations::ConversationQuery {
            limit: Some(10),
            ..Default::default()
        },
        None,
    )
    .await?;
    let database_ok = state.database_probe.check(&state.store).await.is_ok();
    let (llm_provider, llm_model, llm_configured) = state.models.describe();
    Ok(Envelope::new(DashboardOut {
        overview: DashboardOverview {
            total_agents,
            active_agents,
            total_conversations,
            active_conversations,
            total_messages,
            total_documents,
            conversations_today: starts.iter().filter(|s| s.started_at >= today).count() as u64,
            messages_today: messages.iter().filter(|m| m.created_at >= today).count() as u64,
            average_response_ms: average(&latencies(&messages)),
        },
        activity: DashboardActivity { series, recent },
        system_status: SystemStatusOut {
            status: if database_ok { "ok" } else { "degraded" },
            database: state.store.kind().as_str(),
            database_ok,
            llm_provider,
            llm_model,
            llm_configured,
            realtime: state.realtime.transport(),
            version: env!("CARGO_PKG_VERSION"),
            uptime_seconds: state.started.elapsed().as_secs(),
        },
    }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn times_fall_in_their_buckets() {
        let day = |d| Utc.with_ymd_and_hms(2026, 3, d, 0, 0, 0).unwrap();
        let starts = [day(1), day(2), day(3)];
        let times = [
            day(1) - Duration::seconds(1),
            day(1),
            day(2) + Duration::hours(5),
            day(3) + Duration::hours(23),
        ];
        assert_eq!(bucketize(&starts, times.into_iter()), vec![1, 1, 1]);
    }

    #[test]
    fn percentiles_use_the_nearest_rank() {
        let values: Vec<u32> = (1..=100).collect();
        assert_eq!(percentile(&values, 95.0), Some(95.0));
        assert_eq!(percentile(&[7], 95.0), Some(7.0));
        assert_eq!(percentile(&[], 95.0), None);
        assert_eq!(average(&[10, 20]), Some(15.0));
    }
}
