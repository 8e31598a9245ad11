//! Platform webhooks and the events they took. Secrets arrive sealed by
//! the server and are kept as they came; the URL token is looked up by its
//! SHA-256, which the caller computes.

use std::collections::BTreeMap;

use agentforge_domain::webhook::{WebhookEventStatus, WebhookPlatform, WebhookStatus};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, OnConflict, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::analytics::{Bucket, bucket_key_sql};
use crate::entities::{agent, webhook, webhook_event};

/// A webhook as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Webhook {
    pub id: String,
    pub agent_id: String,
    pub platform: WebhookPlatform,
    pub name: String,
    pub status: WebhookStatus,
    pub token_sealed: String,
    pub secret_sealed: Option<String>,
    /// The plain credential fields, by wire name.
    pub settings: BTreeMap<String, String>,
    /// The sealed JSON object of the secret credential fields.
    pub secrets_sealed: Option<String>,
    pub counters: WebhookCounters,
    pub failures_in_row: u32,
    pub last_error: Option<String>,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// A webhook's totals since it was made.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct WebhookCounters {
    /// Events taken (signature good).
    pub received: u64,
    pub succeeded: u64,
    pub failed: u64,
    /// Refused for a bad or missing signature (never run).
    pub rejected: u64,
    /// Sum of the finished events' latencies, for the average.
    pub latency_total_ms: u64,
    pub last_received_at: Option<DateTime<Utc>>,
}

fn unsigned(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

impl Webhook {
    fn from_model(m: webhook::Model) -> Option<Self> {
        Some(Self {
            platform: WebhookPlatform::parse(&m.platform).ok()?,
            status: WebhookStatus::parse(&m.status).unwrap_or(WebhookStatus::Paused),
            settings: serde_json::from_str(&m.settings).unwrap_or_default(),
            counters: WebhookCounters {
                received: unsigned(m.received),
                succeeded: unsigned(m.succeeded),
                failed: unsigned(m.failed),
                rejected: unsigned(m.rejected),
                latency_total_ms: unsigned(m.latency_total_ms),
                last_received_at: m.last_received_at,
            },
            failures_in_row: u32::try_from(m.failures_in_row).unwrap_or_default(),
            id: m.id,
            agent_id: m.agent_id,
            name: m.name,
            token_sealed: m.token_sealed,
            secret_sealed: m.secret_sealed,
            secrets_sealed: m.secrets_sealed,
            last_error: m.last_error,
            created_by: m.created_by,
            created_at: m.created_at,
            updated_at: m.updated_at,
        })
    }
}

/// A webhook to make.
#[derive(Debug, Clone)]
pub struct NewWebhook {
    pub agent_id: String,
    pub platform: WebhookPlatform,
    pub name: String,
    pub token_hash: String,
    pub token_sealed: String,
    pub secret_sealed: Option<String>,
    pub settings: BTreeMap<String, String>,
    pub secrets_sealed: Option<String>,
    pub created_by: Option<String>,
}

/// What an edit changes (`None`: kept).
#[derive(Debug, Clone, Default)]
pub struct WebhookChange {
    pub name: Option<String>,
    pub status: Option<WebhookStatus>,
    pub settings: Option<BTreeMap<String, String>>,
    pub secrets_sealed: Option<Option<String>>,
    /// A new URL token: its hash and its sealed self.
    pub token: Option<(String, String)>,
    pub secret_sealed: Option<Option<String>>,
}

/// Which webhooks a list shows.
#[derive(Debug, Clone, Default)]
pub struct WebhookFilter {
    /// The agents the viewer owns or shares through a team.
    pub viewer: String,
    /// Narrower still: these agents only (an API key's).
    pub only: Option<Vec<String>>,
    pub agent_id: Option<String>,
    pub platform: Option<WebhookPlatform>,
    pub status: Option<WebhookStatus>,
}

/// One event as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookEvent {
    pub id: String,
    pub webhook_id: String,
    pub event_key: String,
    pub status: WebhookEventStatus,
    /// Who sent it (and in which thread), as the conversation is held by.
    pub sender: String,
    pub message: String,
    /// Where the answer goes on the platform (its own JSON).
    pub reply: Option<serde_json::Value>,
    pub conversation_id: Option<String>,
    pub answer: Option<String>,
    pub error: Option<String>,
    pub latency_ms: Option<u64>,
    /// Sent by the dashboard's test, not by the platform.
    pub test: bool,
    pub received_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<webhook_event::Model> for WebhookEvent {
    fn from(m: webhook_event::Model) -> Self {
        Self {
            status: WebhookEventStatus::parse(&m.status).unwrap_or(WebhookEventStatus::Failed),
            reply: m
                .reply
                .as_deref()
                .and_then(|r| serde_json::from_str(r).ok()),
            latency_ms: m.latency_ms.map(unsigned),
            id: m.id,
            webhook_id: m.webhook_id,
            event_key: m.event_key,
            sender: m.sender,
            message: m.message,
            conversation_id: m.conversation_id,
            answer: m.answer,
            error: m.error,
            test: m.test,
            received_at: m.received_at,
            finished_at: m.finished_at,
        }
    }
}

/// An event to record.
#[derive(Debug, Clone)]
pub struct NewWebhookEvent {
    pub webhook_id: String,
    pub event_key: String,
    pub status: WebhookEventStatus,
    pub sender: String,
    pub message: String,
    pub reply: Option<serde_json::Value>,
    pub test: bool,
}

/// The row of an event just taken.
fn event_row(new: &NewWebhookEvent, id: String, now: DateTime<Utc>) -> webhook_event::ActiveModel {
    webhook_event::ActiveModel {
        id: Set(id),
        webhook_id: Set(new.webhook_id.clone()),
        event_key: Set(new.event_key.clone()),
        status: Set(new.status.as_str().to_owned()),
        sender: Set(new.sender.clone()),
        message: Set(new.message.clone()),
        reply: Set(new.reply.as_ref().map(|r| r.to_string())),
        conversation_id: Set(None),
        answer: Set(None),
        error: Set(None),
        latency_ms: Set(None),
        test: Set(new.test),
        received_at: Set(now),
        finished_at: Set((new.status != WebhookEventStatus::Queued).then_some(now)),
    }
}

/// How an event ended.
#[derive(Debug, Clone)]
pub struct EventOutcome {
    pub status: WebhookEventStatus,
    pub conversation_id: Option<String>,
    pub answer: Option<String>,
    pub error: Option<String>,
    pub latency_ms: u64,
}

/// One day of events, for the chart.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct WebhookDay {
    /// `2026-03-15` (UTC).
    pub day: String,
    pub received: u64,
    pub succeeded: u64,
    pub failed: u64,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Webhooks<'a, C = crate::Db> {
    db: &'a C,
}

fn decode(model: webhook::Model) -> Result<Webhook, StoreError> {
    Webhook::from_model(model).ok_or_else(|| {
        StoreError::Database(sea_orm::DbErr::Custom(
            "a webhook platform this build does not know".into(),
        ))
    })
}

fn json(value: &BTreeMap<String, String>) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".into())
}

impl<'a, C: ConnectionTrait + TransactionTrait> Webhooks<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewWebhook) -> Result<Webhook, StoreError> {
        let now = crate::now();
        let model = webhook::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            agent_id: Set(new.agent_id),
            platform: Set(new.platform.as_str().to_owned()),
            name: Set(new.name),
            status: Set(WebhookStatus::Active.as_str().to_owned()),
            token_hash: Set(new.token_hash),
            token_sealed: Set(new.token_sealed),
            secret_sealed: Set(new.secret_sealed),
            settings: Set(json(&new.settings)),
            secrets_sealed: Set(new.secrets_sealed),
            received: Set(0),
            succeeded: Set(0),
            failed: Set(0),
            rejected: Set(0),
            latency_total_ms: Set(0),
            failures_in_row: Set(0),
            last_received_at: Set(None),
            last_error: Set(None),
            created_by: Set(new.created_by),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(self.db)
        .await?;
        decode(model)
    }

    pub async fn get(&self, id: &str) -> Result<Option<Webhook>, StoreError> {
        webhook::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(decode)
            .transpose()
    }

    /// The webhook whose URL token hashes to `token_hash`.
    pub async fn by_token_hash(&self, token_hash: &str) -> Result<Option<Webhook>, StoreError> {
        webhook::Entity::find()
            .filter(webhook::Column::TokenHash.eq(token_hash))
            .one(self.db)
            .await?
            .map(decode)
            .transpose()
    }

    /// How many webhooks an agent has.
    pub async fn count_for_agent(&self, agent_id: &str) -> Result<u64, StoreError> {
        Ok(webhook::Entity::find()
            .filter(webhook::Column::AgentId.eq(agent_id))
            .count(self.db)
            .await?)
    }

    fn visible(filter: &WebhookFilter) -> Condition {
        let mut agents = Query::select()
            .column(agent::Column::Id)
            .from(agent::Entity)
            .cond_where(
                Condition::any()
                    .add(agent::Column::OwnerId.eq(filter.viewer.clone()))
                    .add(agent::Column::TeamId.in_subquery(crate::teams::teams_of(&filter.viewer))),
            )
            .to_owned();
        if let Some(only) = &filter.only {
            agents.and_where(agent::Column::Id.is_in(only.iter().cloned()));
        }
        let mut condition = Condition::all().add(webhook::Column::AgentId.in_subquery(agents));
        if let Some(agent_id) = &filter.agent_id {
            condition = condition.add(webhook::Column::AgentId.eq(agent_id.clone()));
        }
        if let Some(platform) = filter.platform {
            condition = condition.add(webhook::Column::Platform.eq(platform.as_str()));
        }
        if let Some(status) = filter.status {
            condition = condition.add(webhook::Column::Status.eq(status.as_str()));
        }
        condition
    }

    /// The webhooks `filter` shows, newest first (at most `limit`).
    pub async fn list(
        &self,
        filter: &WebhookFilter,
        limit: u64,
    ) -> Result<Vec<Webhook>, StoreError> {
        webhook::Entity::find()
            .filter(Self::visible(filter))
            .order_by_desc(webhook::Column::CreatedAt)
            .order_by_desc(webhook::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(decode)
            .collect()
    }

    /// Applies `change`; the webhook as it is now.
    pub async fn update(&self, id: &str, change: WebhookChange) -> Result<Webhook, StoreError> {
        let found = webhook::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut model: webhook::ActiveModel = found.into();
        if let Some(name) = change.name {
            model.name = Set(name);
        }
        if let Some(status) = change.status {
            model.status = Set(status.as_str().to_owned());
            if status == WebhookStatus::Active {
                model.failures_in_row = Set(0);
            }
        }
        if let Some(settings) = change.settings {
            model.settings = Set(json(&settings));
        }
        if let Some(secrets) = change.secrets_sealed {
            model.secrets_sealed = Set(secrets);
        }
        if let Some((hash, sealed)) = change.token {
            model.token_hash = Set(hash);
            model.token_sealed = Set(sealed);
        }
        if let Some(secret) = change.secret_sealed {
            model.secret_sealed = Set(secret);
        }
        model.updated_at = Set(crate::now());
        decode(model.update(self.db).await?)
    }

    pub async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        let result = webhook::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Counts an event refused for its signature.
    pub async fn count_rejected(&self, id: &str) -> Result<(), StoreError> {
        webhook::Entity::update_many()
            .col_expr(
                webhook::Column::Rejected,
                Expr::col(webhook::Column::Rejected).add(1),
            )
            .filter(webhook::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Records a new event and counts it as received; `None` when the
    /// webhook already has an event of that key (a platform's retry).
    pub async fn record_event(
        &self,
        new: NewWebhookEvent,
    ) -> Result<Option<WebhookEvent>, StoreError> {
        let now = crate::now();
        let inserted = event_row(&new, uuid::Uuid::now_v7().to_string(), now)
            .insert(self.db)
            .await;
        let event = match inserted {
            Ok(model) => WebhookEvent::from(model),
            Err(e) => {
                return match StoreError::conflict_on_unique(
                    e,
                    agentforge_domain::Conflict::EventReplayed,
                ) {
                    StoreError::Conflict(_) => Ok(None),
                    other => Err(other),
                };
            }
        };
        if !new.test {
            webhook::Entity::update_many()
                .col_expr(
                    webhook::Column::Received,
                    Expr::col(webhook::Column::Received).add(1),
                )
                .col_expr(webhook::Column::LastReceivedAt, Expr::value(now))
                .filter(webhook::Column::Id.eq(new.webhook_id))
                .exec(self.db)
                .await?;
        }
        Ok(Some(event))
    }

    /// Records events in one statement, each at most once per webhook and
    /// key (one already recorded, or twice in `new`, is left out), and
    /// counts them on their webhooks; for each of `new`, in order, the new
    /// event's id, or `None` for one left out. Tests are not counted.
    pub async fn record_events(
        &self,
        new: Vec<NewWebhookEvent>,
    ) -> Result<Vec<Option<String>>, StoreError> {
        if new.is_empty() {
            return Ok(Vec::new());
        }
        let now = crate::now();
        let ids: Vec<String> = new
            .iter()
            .map(|_| uuid::Uuid::now_v7().to_string())
            .collect();
        // In statements of at most ROWS_PER_STATEMENT rows: a platform's
        // request may carry many messages, and a statement's parameters
        // are bounded (SQLite 32,766, PostgreSQL 65,535).
        let mut found = std::collections::HashSet::<String>::new();
        for (events, chunk) in new
            .chunks(crate::ROWS_PER_STATEMENT)
            .zip(ids.chunks(crate::ROWS_PER_STATEMENT))
        {
            let models = events
                .iter()
                .zip(chunk)
                .map(|(new, id)| event_row(new, id.clone(), now));
            webhook_event::Entity::insert_many(models)
                .on_conflict(
                    OnConflict::columns([
                        webhook_event::Column::WebhookId,
                        webhook_event::Column::EventKey,
                    ])
                    .do_nothing()
                    .to_owned(),
                )
                .try_insert()
                .exec_without_returning(self.db)
                .await?;
            // The ids were made here: those found are the events recorded now.
            found.extend(
                webhook_event::Entity::find()
                    .select_only()
                    .column(webhook_event::Column::Id)
                    .filter(webhook_event::Column::Id.is_in(chunk.iter().cloned()))
                    .into_tuple::<String>()
                    .all(self.db)
                    .await?,
            );
        }
        // i32, as `record_event` binds its 1: PostgreSQL's prepared
        // statement is shared by the same SQL, with its parameters' types.
        let mut counted = BTreeMap::<&str, i32>::new();
        for (new, id) in new.iter().zip(&ids) {
            if !new.test && found.contains(id) {
                *counted.entry(new.webhook_id.as_str()).or_default() += 1;
            }
        }
        for (webhook_id, n) in counted {
            webhook::Entity::update_many()
                .col_expr(
                    webhook::Column::Received,
                    Expr::col(webhook::Column::Received).add(n),
                )
                .col_expr(webhook::Column::LastReceivedAt, Expr::value(now))
                .filter(webhook::Column::Id.eq(webhook_id))
                .exec(self.db)
                .await?;
        }
        Ok(ids
            .into_iter()
            .map(|id| found.contains(&id).then_some(id))
            .collect())
    }

    /// Keeps an event's answer while it is still to be posted, so that a
    /// retry posts it rather than answering again.
    pub async fn keep_answer(
        &self,
        id: &str,
        conversation_id: &str,
        answer: &str,
    ) -> Result<(), StoreError> {
        webhook_event::Entity::update_many()
            .col_expr(
                webhook_event::Column::ConversationId,
                Expr::value(conversation_id),
            )
            .col_expr(webhook_event::Column::Answer, Expr::value(answer))
            .filter(webhook_event::Column::Id.eq(id))
            .filter(webhook_event::Column::FinishedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }

    pub async fn event(&self, id: &str) -> Result<Option<WebhookEvent>, StoreError> {
        Ok(webhook_event::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(WebhookEvent::from))
    }

    /// Records how a queued event ended (once: an event already finished
    /// is left as it is) and counts it; `Some(failures in a row)` when this
    /// call finished it.
    pub async fn finish_event(
        &self,
        event: &WebhookEvent,
        outcome: EventOutcome,
    ) -> Result<Option<u32>, StoreError> {
        let now = crate::now();
        let latency = i64::try_from(outcome.latency_ms).unwrap_or(i64::MAX);
        let done = webhook_event::Entity::update_many()
            .col_expr(
                webhook_event::Column::Status,
                Expr::value(outcome.status.as_str()),
            )
            .col_expr(
                webhook_event::Column::ConversationId,
                Expr::value(outcome.conversation_id),
            )
            .col_expr(webhook_event::Column::Answer, Expr::value(outcome.answer))
            .col_expr(
                webhook_event::Column::Error,
                Expr::value(outcome.error.clone()),
            )
            .col_expr(webhook_event::Column::LatencyMs, Expr::value(latency))
            .col_expr(webhook_event::Column::FinishedAt, Expr::value(now))
            .filter(webhook_event::Column::Id.eq(event.id.clone()))
            .filter(webhook_event::Column::FinishedAt.is_null())
            .exec(self.db)
            .await?;
        if done.rows_affected == 0 || event.test {
            return Ok(if done.rows_affected == 0 {
                None
            } else {
                Some(0)
            });
        }
        let column = match outcome.status {
            WebhookEventStatus::Failed => webhook::Column::Failed,
            _ => webhook::Column::Succeeded,
        };
        let failed = outcome.status == WebhookEventStatus::Failed;
        let mut update = webhook::Entity::update_many()
            .col_expr(column, Expr::col(column).add(1))
            .col_expr(
                webhook::Column::LatencyTotalMs,
                Expr::col(webhook::Column::LatencyTotalMs).add(latency),
            )
            .filter(webhook::Column::Id.eq(event.webhook_id.clone()));
        update = if failed {
            update
                .col_expr(
                    webhook::Column::FailuresInRow,
                    Expr::col(webhook::Column::FailuresInRow).add(1),
                )
                .col_expr(webhook::Column::LastError, Expr::value(outcome.error))
        } else {
            update.col_expr(webhook::Column::FailuresInRow, Expr::value(0))
        };
        update.exec(self.db).await?;
        let in_row = webhook::Entity::find_by_id(event.webhook_id.clone())
            .select_only()
            .column(webhook::Column::FailuresInRow)
            .into_tuple::<i32>()
            .one(self.db)
            .await?
            .unwrap_or_default();
        Ok(Some(u32::try_from(in_row).unwrap_or_default()))
    }

    /// Sets a webhook's status when it is `from` (so that a pause made
    /// meanwhile is kept); whether it changed.
    pub async fn set_status_from(
        &self,
        id: &str,
        from: WebhookStatus,
        to: WebhookStatus,
    ) -> Result<bool, StoreError> {
        let result = webhook::Entity::update_many()
            .col_expr(webhook::Column::Status, Expr::value(to.as_str()))
            .col_expr(webhook::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(webhook::Column::Id.eq(id))
            .filter(webhook::Column::Status.eq(from.as_str()))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// A webhook's newest events (at most `limit`), newest first.
    pub async fn events(
        &self,
        webhook_id: &str,
        limit: u64,
    ) -> Result<Vec<WebhookEvent>, StoreError> {
        Ok(webhook_event::Entity::find()
            .filter(webhook_event::Column::WebhookId.eq(webhook_id))
            .order_by_desc(webhook_event::Column::ReceivedAt)
            .order_by_desc(webhook_event::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(WebhookEvent::from)
            .collect())
    }

    /// Events per day since `from` for the webhooks `filter` shows (tests
    /// left out), oldest first.
    pub async fn daily(
        &self,
        filter: &WebhookFilter,
        from: DateTime<Utc>,
    ) -> Result<Vec<WebhookDay>, StoreError> {
        let backend = self.db.get_database_backend();
        let day = bucket_key_sql(backend, "received_at", Bucket::Day);
        let webhooks = Query::select()
            .column(webhook::Column::Id)
            .from(webhook::Entity)
            .cond_where(Self::visible(filter))
            .to_owned();
        let sum = |status: WebhookEventStatus| {
            Expr::cust(format!(
                "CAST(SUM(CASE WHEN status = '{}' THEN 1 ELSE 0 END) AS BIGINT)",
                status.as_str()
            ))
        };
        let rows: Vec<(String, i64, i64, i64)> = webhook_event::Entity::find()
            .select_only()
            .column_as(Expr::cust(day.clone()), "day")
            .column_as(Expr::cust("CAST(COUNT(*) AS BIGINT)"), "received")
            .column_as(sum(WebhookEventStatus::Succeeded), "succeeded")
            .column_as(sum(WebhookEventStatus::Failed), "failed")
            .filter(webhook_event::Column::WebhookId.in_subquery(webhooks))
            .filter(webhook_event::Column::ReceivedAt.gte(from))
            .filter(webhook_event::Column::Test.eq(false))
            .group_by(Expr::cust(day))
            .order_by_asc(Expr::col(Alias::new("day")))
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows
            .into_iter()
            .map(|(day, received, succeeded, failed)| WebhookDay {
                day,
                received: unsigned(received),
                succeeded: unsigned(succeeded),
                failed: unsigned(failed),
            })
            .collect())
    }

    /// Removes events received before `before`; how many.
    pub async fn purge_events(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        Ok(webhook_event::Entity::delete_many()
            .filter(webhook_event::Column::ReceivedAt.lt(before))
            .exec(self.db)
            .await?
            .rows_affected)
    }
}
