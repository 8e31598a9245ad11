//! `webhooks`: one agent behind one platform's events. The URL token is
//! kept as its SHA-256 (looked up on every event) and sealed (shown again
//! to the owner); the `whsec_`/verify secret and the platform credentials'
//! secret fields are sealed too; `settings` holds the plain credential
//! fields. The counters are the stats, kept exact by `x = x + 1` updates.
//!
//! `webhook_events`: the events taken, one row per platform event id per
//! webhook (the unique key is what makes a platform's retry a duplicate),
//! with what became of them. Both go with their agent.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const STATEMENTS: &[&str] = &[
    "CREATE TABLE webhooks (
        id varchar(36) NOT NULL PRIMARY KEY,
        agent_id varchar(36) NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        platform varchar(20) NOT NULL,
        name varchar(400) NOT NULL,
        status varchar(20) NOT NULL,
        token_hash varchar(64) NOT NULL,
        token_sealed text NOT NULL,
        secret_sealed text NULL,
        settings text NOT NULL,
        secrets_sealed text NULL,
        received bigint NOT NULL DEFAULT 0,
        succeeded bigint NOT NULL DEFAULT 0,
        failed bigint NOT NULL DEFAULT 0,
        rejected bigint NOT NULL DEFAULT 0,
        latency_total_ms bigint NOT NULL DEFAULT 0,
        failures_in_row integer NOT NULL DEFAULT 0,
        last_received_at {ts} NULL,
        last_error text NULL,
        created_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE UNIQUE INDEX idx_webhooks_token ON webhooks (token_hash)",
    "CREATE INDEX idx_webhooks_agent ON webhooks (agent_id)",
    "CREATE TABLE webhook_events (
        id varchar(36) NOT NULL PRIMARY KEY,
        webhook_id varchar(36) NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
        event_key varchar(200) NOT NULL,
        status varchar(20) NOT NULL,
        sender varchar(400) NOT NULL,
        message text NOT NULL,
        reply text NULL,
        conversation_id varchar(36) NULL,
        answer text NULL,
        error text NULL,
        latency_ms bigint NULL,
        test boolean NOT NULL DEFAULT FALSE,
        received_at {ts} NOT NULL,
        finished_at {ts} NULL
    )",
    "CREATE UNIQUE INDEX idx_webhook_events_key ON webhook_events (webhook_id, event_key)",
    "CREATE INDEX idx_webhook_events_received ON webhook_events (webhook_id, received_at)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let ts = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        let db = manager.get_connection();
        for statement in STATEMENTS {
            db.execute_unprepared(&statement.replace("{ts}", ts))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP TABLE webhook_events").await?;
        db.execute_unprepared("DROP TABLE webhooks").await?;
        Ok(())
    }
}
