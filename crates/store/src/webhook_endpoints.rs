//! Outbound event webhooks: people's endpoints, the deliveries of events
//! to them, and each delivery's attempts. The signing secret arrives
//! sealed by the server and is kept as it came.

use agentforge_domain::webhook::{DeliveryStatus, EndpointEvent};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::Expr;
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{webhook_delivery, webhook_delivery_attempt, webhook_endpoint};

/// An endpoint as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEndpoint {
    pub id: String,
    pub owner_id: String,
    pub url: String,
    pub description: String,
    pub events: Vec<EndpointEvent>,
    pub enabled: bool,
    pub secret_sealed: String,
    /// The first failure since the last success.
    pub failing_since: Option<DateTime<Utc>>,
    /// Why the server disabled it, when it did.
    pub disabled_reason: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<webhook_endpoint::Model> for WebhookEndpoint {
    fn from(m: webhook_endpoint::Model) -> Self {
        let names: Vec<String> = serde_json::from_str(&m.events).unwrap_or_default();
        Self {
            // An event this build no longer knows is left out.
            events: names
                .iter()
                .filter_map(|n| EndpointEvent::parse(n).ok())
                .collect(),
            id: m.id,
            owner_id: m.owner_id,
            url: m.url,
            description: m.description,
            enabled: m.enabled,
            secret_sealed: m.secret_sealed,
            failing_since: m.failing_since,
            disabled_reason: m.disabled_reason,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

fn events_json(events: &[EndpointEvent]) -> String {
    serde_json::to_string(&events.iter().map(|e| e.as_str()).collect::<Vec<_>>())
        .unwrap_or_else(|_| "[]".into())
}

/// An endpoint to make.
#[derive(Debug, Clone)]
pub struct NewWebhookEndpoint {
    pub owner_id: String,
    pub url: String,
    pub description: String,
    pub events: Vec<EndpointEvent>,
    pub enabled: bool,
    pub secret_sealed: String,
}

/// What an edit changes (`None`: kept).
#[derive(Debug, Clone, Default)]
pub struct EndpointChange {
    pub url: Option<String>,
    pub description: Option<String>,
    pub events: Option<Vec<EndpointEvent>>,
    pub enabled: Option<bool>,
    pub secret_sealed: Option<String>,
}

/// One event's delivery to one endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivery {
    pub id: String,
    pub endpoint_id: String,
    /// The `webhook-id` the endpoint sees (the same on every attempt).
    pub event_id: String,
    pub event_type: String,
    /// The exact body sent.
    pub payload: String,
    pub status: DeliveryStatus,
    pub attempts: u32,
    pub next_attempt_at: Option<DateTime<Utc>>,
    pub last_status: Option<u16>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub delivered_at: Option<DateTime<Utc>>,
}

impl From<webhook_delivery::Model> for Delivery {
    fn from(m: webhook_delivery::Model) -> Self {
        Self {
            status: DeliveryStatus::parse(&m.status).unwrap_or(DeliveryStatus::Failed),
            attempts: u32::try_from(m.attempts).unwrap_or_default(),
            last_status: m.last_status.and_then(|s| u16::try_from(s).ok()),
            id: m.id,
            endpoint_id: m.endpoint_id,
            event_id: m.event_id,
            event_type: m.event_type,
            payload: m.payload,
            next_attempt_at: m.next_attempt_at,
            last_error: m.last_error,
            created_at: m.created_at,
            delivered_at: m.delivered_at,
        }
    }
}

/// One try of a delivery.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeliveryAttempt {
    pub attempt: u32,
    /// The HTTP status answered (none when no answer came).
    pub status: Option<u16>,
    /// The start of the answer's body.
    pub response: Option<String>,
    pub error: Option<String>,
    pub duration_ms: u64,
    pub attempted_at: DateTime<Utc>,
}

impl From<webhook_delivery_attempt::Model> for DeliveryAttempt {
    fn from(m: webhook_delivery_attempt::Model) -> Self {
        Self {
            attempt: u32::try_from(m.attempt).unwrap_or_default(),
            status: m.status.and_then(|s| u16::try_from(s).ok()),
            response: m.response,
            error: m.error,
            duration_ms: u64::try_from(m.duration_ms).unwrap_or_default(),
            attempted_at: m.attempted_at,
        }
    }
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct WebhookEndpoints<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> WebhookEndpoints<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewWebhookEndpoint) -> Result<WebhookEndpoint, StoreError> {
        let now = crate::now();
        Ok(webhook_endpoint::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            owner_id: Set(new.owner_id),
            url: Set(new.url),
            description: Set(new.description),
            events: Set(events_json(&new.events)),
            enabled: Set(new.enabled),
            secret_sealed: Set(new.secret_sealed),
            failing_since: Set(None),
            disabled_reason: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(self.db)
        .await?
        .into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<WebhookEndpoint>, StoreError> {
        Ok(webhook_endpoint::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(WebhookEndpoint::from))
    }

    /// A person's endpoints, newest first.
    pub async fn of_owner(&self, owner_id: &str) -> Result<Vec<WebhookEndpoint>, StoreError> {
        Ok(webhook_endpoint::Entity::find()
            .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
            .order_by_desc(webhook_endpoint::Column::CreatedAt)
            .order_by_desc(webhook_endpoint::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(WebhookEndpoint::from)
            .collect())
    }

    pub async fn count_of_owner(&self, owner_id: &str) -> Result<u64, StoreError> {
        Ok(webhook_endpoint::Entity::find()
            .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
            .count(self.db)
            .await?)
    }

    /// A person's enabled endpoints.
    pub async fn enabled_of_owner(
        &self,
        owner_id: &str,
    ) -> Result<Vec<WebhookEndpoint>, StoreError> {
        Ok(webhook_endpoint::Entity::find()
            .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
            .filter(webhook_endpoint::Column::Enabled.eq(true))
            .all(self.db)
            .await?
            .into_iter()
            .map(WebhookEndpoint::from)
            .collect())
    }

    /// A person's enabled endpoints that take `event`.
    pub async fn subscribed(
        &self,
        owner_id: &str,
        event: EndpointEvent,
    ) -> Result<Vec<WebhookEndpoint>, StoreError> {
        let rows = webhook_endpoint::Entity::find()
            .filter(webhook_endpoint::Column::OwnerId.eq(owner_id))
            .filter(webhook_endpoint::Column::Enabled.eq(true))
            .all(self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(WebhookEndpoint::from)
            .filter(|e| e.events.contains(&event))
            .collect())
    }

    /// Applies `change` (enabling clears the failure record); the endpoint
    /// as it is now.
    pub async fn update(
        &self,
        id: &str,
        change: EndpointChange,
    ) -> Result<WebhookEndpoint, StoreError> {
        let found = webhook_endpoint::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut model: webhook_endpoint::ActiveModel = found.into();
        if let Some(url) = change.url {
            model.url = Set(url);
        }
        if let Some(description) = change.description {
            model.description = Set(description);
        }
        if let Some(events) = change.events {
            model.events = Set(events_json(&events));
        }
        if let Some(enabled) = change.enabled {
            model.enabled = Set(enabled);
            if enabled {
                model.failing_since = Set(None);
                model.disabled_reason = Set(None);
            }
        }
        if let Some(secret) = change.secret_sealed {
            model.secret_sealed = Set(secret);
        }
        model.updated_at = Set(crate::now());
        Ok(model.update(self.db).await?.into())
    }

    pub async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        // The deliveries first, then the endpoint: the order a delivery
        // job takes them in (its attempt and delivery, then the endpoint's
        // failing mark). Left to the cascade, the endpoint's row was
        // locked first, and a job recording an attempt at that moment
        // deadlocked with it on PostgreSQL (a 500 for the delete).
        webhook_delivery::Entity::delete_many()
            .filter(webhook_delivery::Column::EndpointId.eq(id))
            .exec(self.db)
            .await?;
        Ok(webhook_endpoint::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?
            .rows_affected
            > 0)
    }

    /// Records an endpoint's failure (keeping the first one's time) or
    /// success (clearing it); the time it has been failing since.
    pub async fn mark(&self, id: &str, ok: bool) -> Result<Option<DateTime<Utc>>, StoreError> {
        let now = crate::now();
        if ok {
            webhook_endpoint::Entity::update_many()
                .col_expr(
                    webhook_endpoint::Column::FailingSince,
                    Expr::value(Option::<DateTime<Utc>>::None),
                )
                .filter(webhook_endpoint::Column::Id.eq(id))
                .filter(webhook_endpoint::Column::FailingSince.is_not_null())
                .exec(self.db)
                .await?;
            return Ok(None);
        }
        webhook_endpoint::Entity::update_many()
            .col_expr(webhook_endpoint::Column::FailingSince, Expr::value(now))
            .filter(webhook_endpoint::Column::Id.eq(id))
            .filter(webhook_endpoint::Column::FailingSince.is_null())
            .exec(self.db)
            .await?;
        Ok(self.get(id).await?.and_then(|e| e.failing_since))
    }

    /// Disables an endpoint that is enabled, saying why; whether it was.
    pub async fn disable(&self, id: &str, reason: &str) -> Result<bool, StoreError> {
        let result = webhook_endpoint::Entity::update_many()
            .col_expr(webhook_endpoint::Column::Enabled, Expr::value(false))
            .col_expr(
                webhook_endpoint::Column::DisabledReason,
                Expr::value(reason),
            )
            .col_expr(
                webhook_endpoint::Column::UpdatedAt,
                Expr::value(crate::now()),
            )
            .filter(webhook_endpoint::Column::Id.eq(id))
            .filter(webhook_endpoint::Column::Enabled.eq(true))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Queues an event's delivery to an endpoint.
    pub async fn add_delivery(
        &self,
        endpoint_id: &str,
        event_id: &str,
        event_type: EndpointEvent,
        payload: &str,
    ) -> Result<Delivery, StoreError> {
        let now = crate::now();
        Ok(webhook_delivery::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            endpoint_id: Set(endpoint_id.to_owned()),
            event_id: Set(event_id.to_owned()),
            event_type: Set(event_type.as_str().to_owned()),
            payload: Set(payload.to_owned()),
            status: Set(DeliveryStatus::Pending.as_str().to_owned()),
            attempts: Set(0),
            next_attempt_at: Set(Some(now)),
            last_status: Set(None),
            last_error: Set(None),
            created_at: Set(now),
            delivered_at: Set(None),
        }
        .insert(self.db)
        .await?
        .into())
    }

    pub async fn delivery(&self, id: &str) -> Result<Option<Delivery>, StoreError> {
        Ok(webhook_delivery::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Delivery::from))
    }

    /// An endpoint's oldest pending delivery that is due at `now`.
    pub async fn oldest_due(
        &self,
        endpoint_id: &str,
        now: DateTime<Utc>,
    ) -> Result<Option<Delivery>, StoreError> {
        Ok(webhook_delivery::Entity::find()
            .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
            .filter(webhook_delivery::Column::Status.eq(DeliveryStatus::Pending.as_str()))
            .filter(webhook_delivery::Column::NextAttemptAt.lte(now))
            .order_by_asc(webhook_delivery::Column::CreatedAt)
            .order_by_asc(webhook_delivery::Column::Id)
            .one(self.db)
            .await?
            .map(Delivery::from))
    }

    /// An endpoint's deliveries, newest first (at most `limit`), with
    /// `status` only when given.
    pub async fn deliveries(
        &self,
        endpoint_id: &str,
        status: Option<DeliveryStatus>,
        limit: u64,
    ) -> Result<Vec<Delivery>, StoreError> {
        let mut query = webhook_delivery::Entity::find()
            .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id));
        if let Some(status) = status {
            query = query.filter(webhook_delivery::Column::Status.eq(status.as_str()));
        }
        Ok(query
            .order_by_desc(webhook_delivery::Column::CreatedAt)
            .order_by_desc(webhook_delivery::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Delivery::from)
            .collect())
    }

    /// A delivery's attempts, first first.
    pub async fn attempts(&self, delivery_id: &str) -> Result<Vec<DeliveryAttempt>, StoreError> {
        Ok(webhook_delivery_attempt::Entity::find()
            .filter(webhook_delivery_attempt::Column::DeliveryId.eq(delivery_id))
            .order_by_asc(webhook_delivery_attempt::Column::Attempt)
            .all(self.db)
            .await?
            .into_iter()
            .map(DeliveryAttempt::from)
            .collect())
    }

    /// Records an attempt and where the delivery stands after it.
    #[allow(clippy::too_many_arguments)]
    pub async fn record_attempt(
        &self,
        delivery: &Delivery,
        attempt: DeliveryAttempt,
        status: DeliveryStatus,
        next_attempt_at: Option<DateTime<Utc>>,
    ) -> Result<(), StoreError> {
        let number = i32::try_from(attempt.attempt).unwrap_or(i32::MAX);
        webhook_delivery_attempt::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            delivery_id: Set(delivery.id.clone()),
            attempt: Set(number),
            status: Set(attempt.status.map(i32::from)),
            response: Set(attempt.response.clone()),
            error: Set(attempt.error.clone()),
            duration_ms: Set(i64::try_from(attempt.duration_ms).unwrap_or(i64::MAX)),
            attempted_at: Set(attempt.attempted_at),
        }
        .insert(self.db)
        .await?;
        let delivered = (status == DeliveryStatus::Succeeded).then_some(attempt.attempted_at);
        webhook_delivery::Entity::update_many()
            .col_expr(
                webhook_delivery::Column::Status,
                Expr::value(status.as_str()),
            )
            .col_expr(webhook_delivery::Column::Attempts, Expr::value(number))
            .col_expr(
                webhook_delivery::Column::NextAttemptAt,
                Expr::value(next_attempt_at),
            )
            .col_expr(
                webhook_delivery::Column::LastStatus,
                Expr::value(attempt.status.map(i32::from)),
            )
            .col_expr(
                webhook_delivery::Column::LastError,
                Expr::value(attempt.error),
            )
            .col_expr(
                webhook_delivery::Column::DeliveredAt,
                Expr::value(delivered),
            )
            .filter(webhook_delivery::Column::Id.eq(delivery.id.clone()))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Makes a delivery pending again, due now (a manual retry).
    pub async fn requeue(&self, id: &str) -> Result<(), StoreError> {
        webhook_delivery::Entity::update_many()
            .col_expr(
                webhook_delivery::Column::Status,
                Expr::value(DeliveryStatus::Pending.as_str()),
            )
            .col_expr(
                webhook_delivery::Column::NextAttemptAt,
                Expr::value(crate::now()),
            )
            .filter(webhook_delivery::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Fails an endpoint's pending deliveries (it was disabled); how many.
    pub async fn fail_pending(&self, endpoint_id: &str, why: &str) -> Result<u64, StoreError> {
        Ok(webhook_delivery::Entity::update_many()
            .col_expr(
                webhook_delivery::Column::Status,
                Expr::value(DeliveryStatus::Failed.as_str()),
            )
            .col_expr(webhook_delivery::Column::LastError, Expr::value(why))
            .col_expr(
                webhook_delivery::Column::NextAttemptAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .filter(webhook_delivery::Column::EndpointId.eq(endpoint_id))
            .filter(webhook_delivery::Column::Status.eq(DeliveryStatus::Pending.as_str()))
            .exec(self.db)
            .await?
            .rows_affected)
    }
}
