//! The store: every database access of AgentForge goes through here.
//!
//! One code path serves SQLite (the embedded default) and PostgreSQL (the
//! engine at scale). The rest of the program never builds SQL; it calls the
//! repositories exposed by [`Store`].

mod agents;
mod analytics;
mod api_keys;
mod audit;
mod calls;
mod configuration;
mod connect;
mod contact;
mod conversations;
mod db;
mod entities;
mod error;
mod integrations;
mod jobs;
mod knowledge;
mod mail;
mod mcp;
mod migrations;
mod personalities;
mod phone;
mod teams;
mod tokens;
mod users;
mod voice;
mod webhook_endpoints;
mod webhooks;
mod widgets;
mod workflows;

/// The most rows one multi-row insert writes: a statement's parameters
/// are bounded (SQLite 32,766, PostgreSQL 65,535), and a row of the widest
/// table batched (jobs, events) takes 14.
pub(crate) const ROWS_PER_STATEMENT: usize = 200;
pub use agents::{Agent, AgentFilter, AgentVersion, Agents, BulkChanges, Deployment};
pub use analytics::{
    Activity, Analytics, AnalyticsScope, Bucket, Dim, Histogram, LatencyKind, RollupState,
    RollupTotals, bucket_start, bucket_value, hour_of, latency_bucket, percentile,
};
pub use api_keys::{ApiKey, ApiKeys, NewApiKey, OwnedApiKey};
pub use audit::{AuditEntry, AuditFilter, AuditLog, NewAuditEntry};
pub use calls::{CallFilter, Calls, PhoneCall, PhoneNumber, StatusChange};
pub use configuration::{Configuration, StoredConfiguration};
pub use connect::{DatabaseKind, PoolStats, StoreOptions, create_private_dir};
pub use contact::{ContactMessage, ContactMessages, NewContactMessage};
pub use conversations::{
    Conversation, ConversationFilter, Conversations, FlowChange, Live, Message, NewConversation,
    NewMessage, Scope, TurnConversation,
};
pub use db::{Db, DbTx};
pub use error::StoreError;
pub use integrations::{Integration, IntegrationHolder, Integrations};
pub use jobs::{Job, JobCounts, Jobs, NewJob};
pub use knowledge::{Document, Knowledge, NewDocument, PassageHit, Upload};
pub use mail::{Mail, NewMail, Outbox};
pub use mcp::{McpAssignment, McpDiscovery, McpServer, McpServerFields, McpServers};
pub use personalities::{NewPersonality, Personalities, Personality};
pub use phone::{Phone, Sms, Verification};
pub use teams::{Invitation, Member, NewInvitation, Team, TeamChanges, Teams};
pub use tokens::{
    NewRefreshToken, OneTimeTokens, RefreshToken, RefreshTokens, Rotation, TokenPurpose,
};
pub use users::{NewUser, ProfileChanges, User, UserFilter, UserSort, Users};
pub use voice::{Clip, ClipInfo, Voice, VoiceTurn};
pub use webhook_endpoints::{
    Delivery, DeliveryAttempt, EndpointChange, NewWebhookEndpoint, WebhookEndpoint,
    WebhookEndpoints,
};
pub use webhooks::{
    EventOutcome, NewWebhook, NewWebhookEvent, Webhook, WebhookChange, WebhookCounters, WebhookDay,
    WebhookEvent, WebhookFilter, Webhooks,
};
pub use widgets::{Widget, Widgets};
pub use workflows::{
    Execution, ExecutionChange, RunCounts, Step, StepChange, Workflow, WorkflowChange,
    WorkflowVersion, Workflows,
};

use sea_orm::{TransactionSession, TransactionTrait};
use sea_orm_migration::MigratorTrait;

/// The current time at the precision both engines store (microseconds), so
/// a value read back equals the value written.
pub fn now() -> chrono::DateTime<chrono::Utc> {
    use chrono::SubsecRound;
    chrono::Utc::now().trunc_subsecs(6)
}

/// A `LIKE` pattern matching `text` anywhere, in lower case, with its
/// wildcards (`%`, `_`) and the escape character taken literally.
pub(crate) fn contains(text: &str) -> sea_orm::sea_query::LikeExpr {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    sea_orm::sea_query::LikeExpr::new(format!("%{escaped}%")).escape('\\')
}

/// A subscription to a PostgreSQL notification channel. It reconnects by
/// itself when the connection drops (notifications sent meanwhile are lost).
pub struct Listener(sea_orm::sqlx::postgres::PgListener);

impl Listener {
    /// The next notification's payload.
    pub async fn recv(&mut self) -> Result<String, StoreError> {
        self.0
            .recv()
            .await
            .map(|n| n.payload().to_owned())
            .map_err(|e| StoreError::Database(sea_orm::DbErr::Custom(e.to_string())))
    }
}

/// A handle on the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    db: Db,
    kind: DatabaseKind,
}

impl Store {
    /// Opens a pool on `url` (`sqlite://…` or `postgres://…`). A SQLite file
    /// and its folder are created when missing.
    pub async fn connect(url: &str, options: &StoreOptions) -> Result<Self, StoreError> {
        let (pool, kind) = connect::open(url, options).await?;
        Ok(Self {
            db: Db::new(pool, options.sqlite_busy_timeout),
            kind,
        })
    }

    /// Applies every migration not yet applied. Safe to run on every start,
    /// and by several instances at once on PostgreSQL (they serialise on an
    /// advisory lock).
    pub async fn migrate(&self) -> Result<(), StoreError> {
        let _guard = connect::MigrationLock::acquire(self.db.pool(), self.kind).await?;
        migrations::Migrator::up(self.db.pool(), None).await?;
        Ok(())
    }

    /// Names of the migrations applied so far, oldest first.
    pub async fn applied_migrations(&self) -> Result<Vec<String>, StoreError> {
        let applied = migrations::Migrator::get_applied_migrations(self.db.pool()).await?;
        Ok(applied.iter().map(|m| m.name().to_owned()).collect())
    }

    /// Checks that the database answers.
    pub async fn ping(&self) -> Result<(), StoreError> {
        self.db.pool().ping().await.map_err(StoreError::from)
    }

    pub fn kind(&self) -> DatabaseKind {
        self.kind
    }

    /// Connections open and idle in the pool, for the metrics endpoint.
    pub fn pool_stats(&self) -> PoolStats {
        connect::pool_stats(self.db.pool(), self.kind)
    }

    /// Closes every connection of the pool.
    pub async fn close(self) -> Result<(), StoreError> {
        self.db.into_pool().close().await.map_err(StoreError::from)
    }

    /// Publishes `payloads` on a PostgreSQL notification channel, to every
    /// instance listening on the database. (SQLite has no such thing: one
    /// process owns the file, and it delivers in memory.)
    pub async fn notify(&self, channel: &str, payloads: &[String]) -> Result<(), StoreError> {
        use sea_orm::{ConnectionTrait, Statement};
        if self.kind != DatabaseKind::Postgres || payloads.is_empty() {
            return Ok(());
        }
        // `SELECT pg_notify($1, $2), pg_notify($1, $3) …`: one round trip;
        // the notifications go out in that order when it commits.
        let calls: Vec<String> = (2..payloads.len() + 2)
            .map(|i| format!("pg_notify($1, ${i})"))
            .collect();
        let mut values = Vec::with_capacity(payloads.len() + 1);
        values.push(channel.into());
        values.extend(payloads.iter().map(|p| p.as_str().into()));
        self.db
            .execute_raw(Statement::from_sql_and_values(
                sea_orm::DatabaseBackend::Postgres,
                format!("SELECT {}", calls.join(", ")),
                values,
            ))
            .await?;
        Ok(())
    }

    /// Listens on a PostgreSQL notification channel; `None` on SQLite.
    /// `url` is the database's: the listener holds a connection of its own,
    /// outside the pool, so closing the pool does not wait for it.
    pub async fn listen(&self, url: &str, channel: &str) -> Result<Option<Listener>, StoreError> {
        if self.kind != DatabaseKind::Postgres {
            return Ok(None);
        }
        let mut listener = sea_orm::sqlx::postgres::PgListener::connect(url)
            .await
            .map_err(|e| StoreError::Database(sea_orm::DbErr::Custom(e.to_string())))?;
        listener
            .listen(channel)
            .await
            .map_err(|e| StoreError::Database(sea_orm::DbErr::Custom(e.to_string())))?;
        Ok(Some(Listener(listener)))
    }

    /// Starts a unit of work: what is written through the returned [`Tx`]
    /// is kept only if [`Tx::commit`] is called (dropping it rolls back).
    ///
    /// On SQLite the transaction waits for the write gate, then takes the
    /// write lock at once (`BEGIN IMMEDIATE`): a transaction that reads before
    /// it writes could otherwise find its snapshot stale when it comes to
    /// write, and fail instead of waiting its turn (see [`Db`]).
    pub async fn begin(&self) -> Result<Tx, StoreError> {
        Ok(Tx {
            txn: self.db.begin().await?,
            kind: self.kind,
        })
    }

    pub fn users(&self) -> Users<'_> {
        Users::new(&self.db)
    }

    pub fn agents(&self) -> Agents<'_> {
        Agents::new(&self.db)
    }

    pub fn conversations(&self) -> Conversations<'_> {
        Conversations::new(&self.db)
    }

    pub fn knowledge(&self) -> Knowledge<'_> {
        Knowledge::new(&self.db)
    }

    pub fn teams(&self) -> Teams<'_> {
        Teams::new(&self.db)
    }

    pub fn personalities(&self) -> Personalities<'_> {
        Personalities::new(&self.db)
    }

    pub fn refresh_tokens(&self) -> RefreshTokens<'_> {
        RefreshTokens::new(&self.db)
    }

    pub fn one_time_tokens(&self) -> OneTimeTokens<'_> {
        OneTimeTokens::new(&self.db)
    }

    pub fn outbox(&self) -> Outbox<'_> {
        Outbox::new(&self.db)
    }

    pub fn jobs(&self) -> Jobs<'_> {
        Jobs::new(&self.db)
    }

    pub fn analytics(&self) -> Analytics<'_> {
        Analytics::new(&self.db)
    }

    pub fn api_keys(&self) -> ApiKeys<'_> {
        ApiKeys::new(&self.db)
    }

    pub fn mcp(&self) -> McpServers<'_> {
        McpServers::new(&self.db)
    }

    pub fn audit(&self) -> AuditLog<'_> {
        AuditLog::new(&self.db)
    }

    pub fn configuration(&self) -> Configuration<'_> {
        Configuration::new(&self.db)
    }

    pub fn contact(&self) -> ContactMessages<'_> {
        ContactMessages::new(&self.db)
    }

    pub fn integrations(&self) -> Integrations<'_> {
        Integrations::new(&self.db)
    }

    pub fn webhooks(&self) -> Webhooks<'_> {
        Webhooks::new(&self.db)
    }

    pub fn webhook_endpoints(&self) -> WebhookEndpoints<'_> {
        WebhookEndpoints::new(&self.db)
    }

    pub fn widgets(&self) -> Widgets<'_> {
        Widgets::new(&self.db)
    }

    pub fn voice(&self) -> Voice<'_> {
        Voice::new(&self.db)
    }

    pub fn phone(&self) -> Phone<'_> {
        Phone::new(&self.db)
    }

    pub fn calls(&self) -> Calls<'_> {
        Calls::new(&self.db)
    }

    pub fn workflows(&self) -> Workflows<'_> {
        Workflows::new(&self.db)
    }
}

/// A unit of work across repositories, on both engines: the same
/// repositories as [`Store`], all writing inside one transaction. Dropped
/// without [`Tx::commit`], it rolls back.
pub struct Tx {
    txn: DbTx,
    kind: DatabaseKind,
}

impl Tx {
    /// Makes every write of the unit of work last.
    pub async fn commit(self) -> Result<(), StoreError> {
        self.txn.commit().await.map_err(StoreError::from)
    }

    pub fn kind(&self) -> DatabaseKind {
        self.kind
    }

    pub fn users(&self) -> Users<'_, DbTx> {
        Users::new(&self.txn)
    }

    pub fn agents(&self) -> Agents<'_, DbTx> {
        Agents::new(&self.txn)
    }

    pub fn conversations(&self) -> Conversations<'_, DbTx> {
        Conversations::new(&self.txn)
    }

    pub fn knowledge(&self) -> Knowledge<'_, DbTx> {
        Knowledge::new(&self.txn)
    }

    pub fn teams(&self) -> Teams<'_, DbTx> {
        Teams::new(&self.txn)
    }

    pub fn personalities(&self) -> Personalities<'_, DbTx> {
        Personalities::new(&self.txn)
    }

    pub fn refresh_tokens(&self) -> RefreshTokens<'_, DbTx> {
        RefreshTokens::new(&self.txn)
    }

    pub fn one_time_tokens(&self) -> OneTimeTokens<'_, DbTx> {
        OneTimeTokens::new(&self.txn)
    }

    pub fn outbox(&self) -> Outbox<'_, DbTx> {
        Outbox::new(&self.txn)
    }

    pub fn jobs(&self) -> Jobs<'_, DbTx> {
        Jobs::new(&self.txn)
    }

    pub fn analytics(&self) -> Analytics<'_, DbTx> {
        Analytics::new(&self.txn)
    }

    pub fn api_keys(&self) -> ApiKeys<'_, DbTx> {
        ApiKeys::new(&self.txn)
    }

    pub fn mcp(&self) -> McpServers<'_, DbTx> {
        McpServers::new(&self.txn)
    }

    pub fn audit(&self) -> AuditLog<'_, DbTx> {
        AuditLog::new(&self.txn)
    }

    pub fn configuration(&self) -> Configuration<'_, DbTx> {
        Configuration::new(&self.txn)
    }

    pub fn contact(&self) -> ContactMessages<'_, DbTx> {
        ContactMessages::new(&self.txn)
    }

    pub fn integrations(&self) -> Integrations<'_, DbTx> {
        Integrations::new(&self.txn)
    }

    pub fn webhooks(&self) -> Webhooks<'_, DbTx> {
        Webhooks::new(&self.txn)
    }

    pub fn webhook_endpoints(&self) -> WebhookEndpoints<'_, DbTx> {
        WebhookEndpoints::new(&self.txn)
    }

    pub fn widgets(&self) -> Widgets<'_, DbTx> {
        Widgets::new(&self.txn)
    }

    pub fn voice(&self) -> Voice<'_, DbTx> {
        Voice::new(&self.txn)
    }

    pub fn phone(&self) -> Phone<'_, DbTx> {
        Phone::new(&self.txn)
    }

    pub fn calls(&self) -> Calls<'_, DbTx> {
        Calls::new(&self.txn)
    }

    pub fn workflows(&self) -> Workflows<'_, DbTx> {
        Workflows::new(&self.txn)
    }
}
