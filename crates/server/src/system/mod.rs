//! `/api/system`: health for load balancers, status for people, metrics for Prometheus.

mod probe;

pub use probe::DatabaseProbe;

use std::borrow::Cow;

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

/// The names the status answers use, declared for the API's document (the
/// answers carry them as text).
pub mod names {
    #![allow(dead_code)]
    use utoipa::ToSchema;

    /// Always `ok` in an answer: a failing check answers 503.
    #[derive(ToSchema)]
    pub enum Healthy {
        #[schema(rename = "ok")]
        Ok,
    }

    #[derive(ToSchema)]
    pub enum DatabaseName {
        #[schema(rename = "sqlite")]
        Sqlite,
        #[schema(rename = "postgres")]
        Postgres,
    }

    /// `ok`, or `degraded` when the database does not answer.
    #[derive(ToSchema)]
    pub enum SystemState {
        #[schema(rename = "ok")]
        Ok,
        #[schema(rename = "degraded")]
        Degraded,
    }

    /// `in-process` (one instance) or `postgres` (LISTEN/NOTIFY across instances).
    #[derive(ToSchema)]
    pub enum RealtimeTransport {
        #[schema(rename = "in-process")]
        InProcess,
        #[schema(rename = "postgres")]
        Postgres,
    }

    /// `browser` (the browser's own speech) or `elevenlabs`.
    #[derive(ToSchema)]
    pub enum SpeechProvider {
        #[schema(rename = "browser")]
        Browser,
        #[schema(rename = "elevenlabs")]
        Elevenlabs,
    }

    /// `none` or `twilio`.
    #[derive(ToSchema)]
    pub enum TelephonyProvider {
        #[schema(rename = "none")]
        None,
        #[schema(rename = "twilio")]
        Twilio,
    }

    /// `test` (the labelled test-mode provider) or `stripe`.
    #[derive(ToSchema)]
    pub enum PaymentsProvider {
        #[schema(rename = "test")]
        Test,
        #[schema(rename = "stripe")]
        Stripe,
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct HealthOut {
    /// `ok` when the server and its database answer.
    #[schema(value_type = names::Healthy)]
    pub status: Cow<'static, str>,
    #[schema(value_type = names::Healthy)]
    pub database: Cow<'static, str>,
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
        status: "ok".into(),
        database: "ok".into(),
    }))
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StatusOut {
    #[schema(example = "0.1.0")]
    pub version: Cow<'static, str>,
    pub uptime_seconds: u64,
    pub started_at: chrono::DateTime<chrono::Utc>,
    #[schema(value_type = names::DatabaseName)]
    pub database: Cow<'static, str>,
    pub providers: ProvidersOut,
    pub features: crate::config::Features,
}

/// Which outside service carries each capability, or the built-in fallback
/// the product uses when none is configured.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct ProvidersOut {
    /// `builtin` is the offline responder.
    pub llm: agentforge_domain::agent::ModelProvider,
    /// `outbox`: mail kept for admins to read.
    pub mail: agentforge_domain::mail::MailTransport,
    #[schema(value_type = names::SpeechProvider)]
    pub speech: Cow<'static, str>,
    #[schema(value_type = names::TelephonyProvider)]
    pub telephony: Cow<'static, str>,
    #[schema(value_type = names::PaymentsProvider)]
    pub payments: Cow<'static, str>,
}

/// Instance status
///
/// Version, uptime, database engine, the provider behind each capability
/// (or its built-in fallback) and the feature flags.
#[utoipa::path(get, path = "/system/status", tag = "system",
    responses((status = 200, description = "Status of this instance", body = Envelope<StatusOut>)))]
async fn status(State(state): State<AppState>) -> Envelope<StatusOut> {
    let settings = state.configuration.get();
    let features = settings.features;
    Envelope::new(StatusOut {
        version: env!("CARGO_PKG_VERSION").into(),
        uptime_seconds: state.started.elapsed().as_secs(),
        started_at: state.started_at,
        database: state.store.kind().as_str().into(),
        // Speech, telephony and payments have no outside provider yet: they
        // run on their built-in fallbacks until their integrations land.
        providers: ProvidersOut {
            llm: settings.model.provider,
            mail: state.mailer.transport(),
            speech: "browser".into(),
            telephony: "none".into(),
            payments: "test".into(),
        },
        features,
    })
}

/// Metrics
///
/// Prometheus text format: request counts and latency by route and status,
/// database pool gauges, uptime.
#[utoipa::path(get, path = "/system/metrics", tag = "system",
    responses((status = 200, description = "Metrics in the Prometheus text format", body = String, content_type = "text/plain")))]
async fn metrics(State(state): State<AppState>) -> impl IntoResponse {
    let out = state.metrics.render(
        state.store.kind().as_str(),
        state.store.pool_stats(),
        state.started.elapsed(),
    );
    (
        [(header::CONTENT_TYPE, crate::http::metrics::CONTENT_TYPE)],
        out,
    )
}
