//! `/v1/webhook-endpoints`: people's own URLs subscribed to their agents'
//! events, signed with a `whsec_` secret per endpoint (shown whole when
//! made and when rotated), with each delivery's log and a manual retry.

use agentforge_domain::Error;
use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Problems, Thing};
use agentforge_domain::policy::Action;
use agentforge_domain::webhook::{self as rules, DeliveryStatus, EndpointEvent};
use agentforge_outbound::Refused;
use agentforge_runtime::signature::WebhookSecret;
use agentforge_store::{
    Delivery, DeliveryAttempt, EndpointChange, NewJob, NewWebhookEndpoint, WebhookEndpoint,
};
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use super::delivery::{DELIVER, SEAL_PURPOSE};
use crate::access;
use crate::audit;
use crate::auth::CurrentUser;
use crate::config::Secret;
use crate::configuration::settings::{Masked, mask};
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Filter, Json, Query};
use crate::state::AppState;

/// The most deliveries a log shows.
pub const DELIVERIES_SHOWN: u64 = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_endpoints, create_endpoint))
        .routes(routes!(get_endpoint, update_endpoint, delete_endpoint))
        .routes(routes!(endpoint_deliveries))
        .routes(routes!(retry_delivery))
        .routes(routes!(rotate_endpoint_secret))
}

/// An endpoint to make.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookEndpointIn {
    /// Where the events are posted: an http(s) URL on a public address.
    pub url: String,
    /// The events it takes (at least one).
    pub events: Vec<EndpointEvent>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Off: nothing is sent until it is on (default on).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// What an edit changes; each field left out is kept. Enabling a disabled
/// endpoint forgets its failures.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WebhookEndpointUpdateIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub events: Option<Vec<EndpointEvent>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

/// An endpoint.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEndpointOut {
    pub id: String,
    pub url: String,
    pub description: String,
    pub events: Vec<EndpointEvent>,
    pub enabled: bool,
    /// Why the server disabled it (a day of failures), when it did.
    pub disabled_reason: Option<String>,
    /// The first failure since the last success.
    pub failing_since: Option<DateTime<Utc>>,
    /// The signing secret: whether it is set and a hint; whole only when
    /// made or rotated.
    pub secret: Masked,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// An endpoint with its signing secret whole (this once).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WebhookEndpointSecretOut {
    pub endpoint: WebhookEndpointOut,
    /// `whsec_…`: verify `webhook-signature` with it (any Standard
    /// Webhooks library does).
    pub secret: String,
}

/// One try of a delivery.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryAttemptOut {
    pub attempt: u32,
    /// The HTTP status answered; `null` when no answer came.
    pub status: Option<u16>,
    /// The start of the answer's body (2 KiB).
    pub response: Option<String>,
    pub error: Option<String>,
    pub duration_ms: u64,
    pub attempted_at: DateTime<Utc>,
}

impl From<DeliveryAttempt> for DeliveryAttemptOut {
    fn from(a: DeliveryAttempt) -> Self {
        Self {
            attempt: a.attempt,
            status: a.status,
            response: a.response,
            error: a.error,
            duration_ms: a.duration_ms,
            attempted_at: a.attempted_at,
        }
    }
}

/// One event's delivery to the endpoint.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeliveryOut {
    pub id: String,
    /// The `webhook-id` sent (the same on every attempt).
    pub event_id: String,
    pub event_type: String,
    pub status: DeliveryStatus,
    pub attempts: u32,
    /// When it is tried next, while pending.
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub last_status: Option<u16>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
    /// The body sent: `{type, timestamp, data}`.
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub payload: Value,
    /// Each attempt, first first.
    pub attempt_log: Vec<DeliveryAttemptOut>,
}

/// Which deliveries.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct DeliveriesQuery {
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<DeliveryStatus>>,
}

/// An endpoint's signing secret, opened.
pub fn open_secret(state: &AppState, endpoint: &WebhookEndpoint) -> Result<WebhookSecret, Error> {
    let text = state
        .secret_key
        .sealer(SEAL_PURPOSE)
        .open_str(&endpoint.secret_sealed)
        .map_err(|_| {
            Error::internal("an endpoint secret no longer opens (the secret key changed)")
        })?;
    WebhookSecret::parse(&text).map_err(Error::internal)
}

fn endpoint_out(state: &AppState, endpoint: &WebhookEndpoint) -> WebhookEndpointOut {
    let secret = open_secret(state, endpoint)
        .ok()
        .map(|s| Secret::new(s.expose().to_owned()));
    WebhookEndpointOut {
        id: endpoint.id.clone(),
        url: endpoint.url.clone(),
        description: endpoint.description.clone(),
        events: endpoint.events.clone(),
        enabled: endpoint.enabled,
        disabled_reason: endpoint.disabled_reason.clone(),
        failing_since: endpoint.failing_since,
        secret: mask(&secret),
        created_at: endpoint.created_at,
        updated_at: endpoint.updated_at,
    }
}

fn delivery_out(delivery: Delivery, attempts: Vec<DeliveryAttempt>) -> DeliveryOut {
    DeliveryOut {
        payload: serde_json::from_str(&delivery.payload).unwrap_or(Value::Null),
        id: delivery.id,
        event_id: delivery.event_id,
        event_type: delivery.event_type,
        status: delivery.status,
        attempts: delivery.attempts,
        next_attempt_at: delivery.next_attempt_at,
        last_status: delivery.last_status,
        last_error: delivery.last_error,
        created_at: delivery.created_at,
        delivered_at: delivery.delivered_at,
        attempt_log: attempts.into_iter().map(DeliveryAttemptOut::from).collect(),
    }
}

/// Checks the fields sent, the URL against the outbound guard too.
fn check(
    state: &AppState,
    url: Option<&str>,
    events: Option<&[EndpointEvent]>,
    description: Option<&str>,
) -> Result<(), Error> {
    let mut p = Problems::default();
    rules::check_endpoint(&mut p, url, events, description);
    let checked = p.is_empty();
    if checked
        && let Some(url) = url
        && let Some(guard) = state.runtime.credentials().map(|c| c.guard())
        && let Err(refused) = guard.check_url(url.trim())
        && refused != Refused::NotHttp
    {
        p.add("url", format!("This URL cannot be used: {refused}"));
    }
    p.finish()
}

fn described(endpoint: &WebhookEndpoint) -> Value {
    json!({
        "url": endpoint.url,
        "description": endpoint.description,
        "events": endpoint.events.iter().map(|e| e.as_str()).collect::<Vec<_>>(),
        "enabled": endpoint.enabled,
    })
}

fn change(action: AuditAction, endpoint: &WebhookEndpoint) -> audit::Change {
    audit::Change::new(action, AuditResource::WebhookEndpoint, endpoint.id.clone())
        .owner(endpoint.owner_id.clone())
}

fn deduplicated(events: Vec<EndpointEvent>) -> Vec<EndpointEvent> {
    let mut out = Vec::with_capacity(events.len());
    for event in events {
        if !out.contains(&event) {
            out.push(event);
        }
    }
    out
}

/// Webhook endpoints
///
/// Your URLs subscribed to your agents' events, newest first.
#[utoipa::path(get, path = "/v1/webhook-endpoints", tag = "webhooks", security(("bearer" = [])),
    responses((status = 200, description = "Your endpoints", body = Envelope<Vec<WebhookEndpointOut>>)))]
async fn list_endpoints(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<Vec<WebhookEndpointOut>>, ApiError> {
    let endpoints = state.store.webhook_endpoints().of_owner(&user.id).await?;
    Ok(Envelope::new(
        endpoints.iter().map(|e| endpoint_out(&state, e)).collect(),
    ))
}

/// Subscribe a URL to events
///
/// Your agents' events of the kinds chosen are posted to `url` from now
/// on, signed per the Standard Webhooks specification with the `whsec_`
/// secret in the answer (shown this once). Audited as
/// `webhook_endpoint.create`.
#[utoipa::path(post, path = "/v1/webhook-endpoints", tag = "webhooks", request_body = WebhookEndpointIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Subscribed", body = Envelope<WebhookEndpointSecretOut>),
        (status = 409, description = "You have 50 endpoints already", body = ErrorBody),
    ))]
async fn create_endpoint(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<WebhookEndpointIn>,
) -> Result<(axum::http::StatusCode, Envelope<WebhookEndpointSecretOut>), ApiError> {
    check(
        &state,
        Some(&body.url),
        Some(&body.events),
        body.description.as_deref(),
    )?;
    if state
        .store
        .webhook_endpoints()
        .count_of_owner(&user.id)
        .await?
        >= rules::ENDPOINTS_PER_USER_MAX
    {
        return Err(Error::Conflict(agentforge_domain::Conflict::TooManyEndpoints).into());
    }
    let secret = WebhookSecret::generate();
    let sealer = state.secret_key.sealer(SEAL_PURPOSE);
    let tx = state.store.begin().await?;
    let endpoint = tx
        .webhook_endpoints()
        .create(NewWebhookEndpoint {
            owner_id: user.id.clone(),
            url: body.url.trim().to_owned(),
            description: body.description.unwrap_or_default().trim().to_owned(),
            events: deduplicated(body.events),
            enabled: body.enabled.unwrap_or(true),
            secret_sealed: sealer.seal_str(secret.expose()),
        })
        .await?;
    audit::record(
        &tx,
        &actor,
        change(AuditAction::WebhookEndpointCreate, &endpoint).created(&described(&endpoint)),
    )
    .await?;
    tx.commit().await?;
    Ok((
        axum::http::StatusCode::CREATED,
        Envelope::new(WebhookEndpointSecretOut {
            endpoint: endpoint_out(&state, &endpoint),
            secret: secret.expose().to_owned(),
        }),
    ))
}

/// A webhook endpoint
#[utoipa::path(get, path = "/v1/webhook-endpoints/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "The endpoint")), security(("bearer" = [])),
    responses((status = 200, description = "The endpoint", body = Envelope<WebhookEndpointOut>)))]
async fn get_endpoint(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WebhookEndpointOut>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::View).await?;
    Ok(Envelope::new(endpoint_out(&state, &endpoint)))
}

/// Change a webhook endpoint
///
/// Its URL, events, description, or whether it is enabled (enabling one
/// the server disabled forgets its failures). Audited as
/// `webhook_endpoint.update`.
#[utoipa::path(put, path = "/v1/webhook-endpoints/{id}", tag = "webhooks", request_body = WebhookEndpointUpdateIn,
    params(("id" = String, Path, description = "The endpoint")), security(("bearer" = [])),
    responses((status = 200, description = "The endpoint now", body = Envelope<WebhookEndpointOut>)))]
async fn update_endpoint(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<WebhookEndpointUpdateIn>,
) -> Result<Envelope<WebhookEndpointOut>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::Edit).await?;
    check(
        &state,
        body.url.as_deref(),
        body.events.as_deref(),
        body.description.as_deref(),
    )?;
    let tx = state.store.begin().await?;
    let updated = tx
        .webhook_endpoints()
        .update(
            &endpoint.id,
            EndpointChange {
                url: body.url.map(|u| u.trim().to_owned()),
                description: body.description.map(|d| d.trim().to_owned()),
                events: body.events.map(deduplicated),
                enabled: body.enabled,
                secret_sealed: None,
            },
        )
        .await?;
    audit::record(
        &tx,
        &actor,
        change(AuditAction::WebhookEndpointUpdate, &updated)
            .diff(&described(&endpoint), &described(&updated)),
    )
    .await?;
    tx.commit().await?;
    Ok(Envelope::new(endpoint_out(&state, &updated)))
}

/// Delete a webhook endpoint
///
/// Nothing more is sent to it; its deliveries go with it. Audited as
/// `webhook_endpoint.delete`.
#[utoipa::path(delete, path = "/v1/webhook-endpoints/{id}", tag = "webhooks",
    params(("id" = String, Path, description = "The endpoint")), security(("bearer" = [])),
    responses((status = 200, description = "Removed", body = Envelope<DeletedOut>)))]
async fn delete_endpoint(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::Delete).await?;
    let tx = state.store.begin().await?;
    tx.webhook_endpoints().delete(&endpoint.id).await?;
    audit::record(
        &tx,
        &actor,
        change(AuditAction::WebhookEndpointDelete, &endpoint).deleted(&described(&endpoint)),
    )
    .await?;
    tx.commit().await?;
    Ok(Envelope::new(DeletedOut::new(endpoint.id)))
}

/// An endpoint's deliveries
///
/// The newest 100 deliveries (or those of one status: `pending`,
/// `succeeded`, `failed`; `all` is no filter), each with the body sent and
/// every attempt: status, the start of the answer, duration.
#[utoipa::path(get, path = "/v1/webhook-endpoints/{id}/deliveries", tag = "webhooks",
    params(("id" = String, Path, description = "The endpoint"), DeliveriesQuery), security(("bearer" = [])),
    responses((status = 200, description = "Newest first", body = Envelope<Vec<DeliveryOut>>)))]
async fn endpoint_deliveries(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<DeliveriesQuery>,
) -> Result<Envelope<Vec<DeliveryOut>>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::View).await?;
    let repo = state.store.webhook_endpoints();
    let deliveries = repo
        .deliveries(
            &endpoint.id,
            query.status.and_then(Filter::value),
            DELIVERIES_SHOWN,
        )
        .await?;
    let mut out = Vec::with_capacity(deliveries.len());
    for delivery in deliveries {
        let attempts = repo.attempts(&delivery.id).await?;
        out.push(delivery_out(delivery, attempts));
    }
    Ok(Envelope::new(out))
}

/// Retry a delivery
///
/// Sends it again now (with the same `webhook-id`, so a receiver that got
/// it already can tell), whatever its status. Audited as
/// `webhook_delivery.retry`.
#[utoipa::path(post, path = "/v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry", tag = "webhooks",
    params(("id" = String, Path, description = "The endpoint"), ("deliveryId" = String, Path, description = "The delivery")), security(("bearer" = [])),
    responses(
        (status = 200, description = "Queued again", body = Envelope<DeliveryOut>),
        (status = 409, description = "The endpoint is disabled", body = ErrorBody),
    ))]
async fn retry_delivery(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, delivery_id)): Path<(String, String)>,
) -> Result<Envelope<DeliveryOut>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::Edit).await?;
    let repo = state.store.webhook_endpoints();
    let delivery = repo
        .delivery(&delivery_id)
        .await?
        .filter(|d| d.endpoint_id == endpoint.id)
        .ok_or(Error::not_found(Thing::Delivery))?;
    if !endpoint.enabled {
        return Err(Error::Conflict(agentforge_domain::Conflict::EndpointDisabled).into());
    }
    let tx = state.store.begin().await?;
    tx.webhook_endpoints().requeue(&delivery.id).await?;
    tx.jobs()
        .enqueue(NewJob::now(DELIVER, json!({"deliveryId": delivery.id}), 3))
        .await?;
    audit::record(
        &tx,
        &actor,
        audit::Change::new(
            AuditAction::WebhookDeliveryRetry,
            AuditResource::WebhookEndpoint,
            endpoint.id.clone(),
        )
        .owner(endpoint.owner_id.clone())
        .field("deliveryId", delivery.id.clone())
        .field("eventId", delivery.event_id.clone()),
    )
    .await?;
    tx.commit().await?;
    state.runtime.jobs().wake();
    let delivery = repo
        .delivery(&delivery.id)
        .await?
        .ok_or(Error::not_found(Thing::Delivery))?;
    let attempts = repo.attempts(&delivery.id).await?;
    Ok(Envelope::new(delivery_out(delivery, attempts)))
}

/// Rotate an endpoint's secret
///
/// A new `whsec_` secret, in the answer this once; deliveries sign with it
/// from now on (the old one stops at once). Audited as
/// `webhook_endpoint.rotate_secret`.
#[utoipa::path(post, path = "/v1/webhook-endpoints/{id}/rotate-secret", tag = "webhooks",
    params(("id" = String, Path, description = "The endpoint")), security(("bearer" = [])),
    responses((status = 200, description = "The endpoint and its new secret", body = Envelope<WebhookEndpointSecretOut>)))]
async fn rotate_endpoint_secret(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WebhookEndpointSecretOut>, ApiError> {
    let endpoint = access::webhook_endpoint(&state.store, &actor, &id, Action::Edit).await?;
    let secret = WebhookSecret::generate();
    let sealer = state.secret_key.sealer(SEAL_PURPOSE);
    let tx = state.store.begin().await?;
    let updated = tx
        .webhook_endpoints()
        .update(
            &endpoint.id,
            EndpointChange {
                secret_sealed: Some(sealer.seal_str(secret.expose())),
                ..EndpointChange::default()
            },
        )
        .await?;
    audit::record(
        &tx,
        &actor,
        change(AuditAction::WebhookEndpointRotateSecret, &updated).field("secret", "rotated"),
    )
    .await?;
    tx.commit().await?;
    Ok(Envelope::new(WebhookEndpointSecretOut {
        endpoint: endpoint_out(&state, &updated),
        secret: secret.expose().to_owned(),
    }))
}
