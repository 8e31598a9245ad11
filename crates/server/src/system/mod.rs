//! `/api/system`: health for load balancers, status for people, metrics for Prometheus.

mod probe;

pub use probe::DatabaseProbe;

use std::fmt::Write;

use axum::extract::State;
use axum::http::{StatusCode, header};
use axum::response::IntoResponse;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::http::{ApiError, Envelope, ErrorBody};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(health))
        .routes(routes!(status))
        .routes(routes!(metrics))
}

#[derive(Debug, Serialize, ToSchema)]
pub struct HealthOut {
    /// `ok` when the server and its database answer.
    #[schema(example = "ok")]
    pub status: &'static str,
    #[schema(example = "ok")]
    pub database: &'static str,
}

/// Health check
///
/// Whether this instance can serve: checks the database (concurrent checks
/// share one round trip).
/// For load balancers; 503 when the database does not answer.
#[utoipa::path(get, path = "/system/health", tag = "system",
    responses(
        (status = 200, description = "Healthy", body = Envelope<HealthOut>),
        (status = 503, description = "The database does not answer", body = ErrorBody),
    ))]
async fn health(State(state): State<AppState>) -> Result<Envelope<HealthOut>, ApiError> {
    state
        .database_probe
        .check(&state.store)
        .await
        .map_err(|e| {
            tracing::error!(error = %e, "health check: database does not answer");
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "service_unavailable",
                "The database is not answering",
            )
        })?;
    Ok(Envelope::new(HealthOut {
        status: "ok",
        database: "ok",
    }))
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusOut {
    #[schema(example = "0.1.0")]
    pub version: &'static str,
    pub uptime_seconds: u64,
    pub started_at: chrono::DateTime<chrono::Utc>,
    /// `sqlite` or `postgres`.
    #[schema(example = "sqlite")]
    pub database: &'static str,
    pub providers: ProvidersOut,
    pub features: FeaturesOut,
}

/// Which outside service carries each capability, or the built-in fallback
/// the product uses when none is configured.
#[derive(Debug, Serialize, ToSchema)]
pub struct ProvidersOut {
    /// `builtin` (the offline responder), `openai` or `gemini`.
    #[schema(example = "builtin")]
    pub llm: &'static str,
    /// `outbox` (mail kept for admins to read) or `smtp`.
    #[schema(example = "outbox")]
    pub mail: &'static str,
    /// `browser` (the browser's own speech) or `elevenlabs`.
    #[schema(example = "browser")]
    pub speech: &'static str,
    /// `none` or `twilio`.
    #[schema(example = "none")]
    pub telephony: &'static str,
    /// `test` (the labelled test-mode provider) or `stripe`.
    #[schema(example = "test")]
    pub payments: &'static str,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeaturesOut {
    pub voice_provider: bool,
    pub collaboration: bool,
    pub file_upload: bool,
}

/// Instance status
///
/// Version, uptime, database engine, the provider behind each capability
/// (or its built-in fallback) and the feature flags.
#[utoipa::path(get, path = "/system/status", tag = "system",
    responses((status = 200, description = "Status of this instance", body = Envelope<StatusOut>)))]
async fn status(State(state): State<AppState>) -> Envelope<StatusOut> {
    let features = state.config.features;
    Envelope::new(StatusOut {
        version: env!("CARGO_PKG_VERSION"),
        uptime_seconds: state.started.elapsed().as_secs(),
        started_at: state.started_at,
        database: state.store.kind().as_str(),
        // Speech, telephony and payments have no outside provider yet: they
        // run on their built-in fallbacks until their integrations land.
        providers: ProvidersOut {
            llm: state.config.llm.provider.as_str(),
            mail: if state.config.smtp_url.is_some() {
                "smtp"
            } else {
                "outbox"
            },
            speech: "browser",
            telephony: "none",
            payments: "test",
        },
        features: FeaturesOut {
            voice_provider: features.voice_provider,
            collaboration: features.collaboration,
            file_upload: features.file_upload,
        },
    })
}

/// Metrics
///
/// Prometheus text format: request counts and latency by route and status,
/// database pool gauges, uptime.
#[utoipa::path(get, path = "/system/metrics", tag = "system",
    responses((status = 200, description = "Metrics in the Prometheus text format", body = String, content_type = "text/plain")))]
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let mut out = String::with_capacity(4096);
    state.metrics.render(&mut out);
    let pool = state.store.pool_stats();
    let db = state.store.kind().as_str();
    out.push_str("# HELP agentforge_db_pool_connections Database pool connections by state.\n");
    out.push_str("# TYPE agentforge_db_pool_connections gauge\n");
    let _ = writeln!(
        out,
        "agentforge_db_pool_connections{{database=\"{db}\",state=\"idle\"}} {}",
        pool.idle
    );
    let _ = writeln!(
        out,
        "agentforge_db_pool_connections{{database=\"{db}\",state=\"in_use\"}} {}",
        pool.size.saturating_sub(pool.idle)
    );
    out.push_str(
        "# HELP agentforge_db_pool_max_connections Largest size the database pool may grow to.\n",
    );
    out.push_str("# TYPE agentforge_db_pool_max_connections gauge\n");
    let _ = writeln!(
        out,
        "agentforge_db_pool_max_connections{{database=\"{db}\"}} {}",
        pool.max
    );
    out.push_str("# HELP agentforge_uptime_seconds Seconds since this instance started.\n");
    out.push_str("# TYPE agentforge_uptime_seconds gauge\n");
    let _ = writeln!(
        out,
        "agentforge_uptime_seconds {}",
        state.started.elapsed().as_secs_f64()
    );
    out.push_str("# HELP agentforge_build_info Version of this instance.\n");
    out.push_str("# TYPE agentforge_build_info gauge\n");
    let _ = writeln!(
        out,
        "agentforge_build_info{{version=\"{}\"}} 1",
        env!("CARGO_PKG_VERSION")
    );
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        out,
    )
}
