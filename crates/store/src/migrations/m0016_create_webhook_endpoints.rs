//! Outbound event webhooks: `webhook_endpoints` (a person's URL, the events
//! it takes, its sealed `whsec_` signing secret, whether it is enabled and
//! since when it fails), `webhook_deliveries` (one event to one endpoint:
//! the exact body signed, where it stands, when it is next tried) and
//! `webhook_delivery_attempts` (each try: status, answer excerpt,
//! duration). All go with their owner.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const STATEMENTS: &[&str] = &[
    "CREATE TABLE webhook_endpoints (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        url text NOT NULL,
        description text NOT NULL,
        events text NOT NULL,
        enabled boolean NOT NULL,
        secret_sealed text NOT NULL,
        failing_since {ts} NULL,
        disabled_reason text NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_webhook_endpoints_owner ON webhook_endpoints (owner_id)",
    "CREATE TABLE webhook_deliveries (
        id varchar(36) NOT NULL PRIMARY KEY,
        endpoint_id varchar(36) NOT NULL REFERENCES webhook_endpoints (id) ON DELETE CASCADE,
        event_id varchar(64) NOT NULL,
        event_type varchar(64) NOT NULL,
        payload text NOT NULL,
        status varchar(20) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at {ts} NULL,
        last_status integer NULL,
        last_error text NULL,
        created_at {ts} NOT NULL,
        delivered_at {ts} NULL
    )",
    "CREATE INDEX idx_webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at)",
    "CREATE TABLE webhook_delivery_attempts (
        id varchar(36) NOT NULL PRIMARY KEY,
        delivery_id varchar(36) NOT NULL REFERENCES webhook_deliveries (id) ON DELETE CASCADE,
        attempt integer NOT NULL,
        status integer NULL,
        response text NULL,
        error text NULL,
        duration_ms bigint NOT NULL,
        attempted_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_webhook_delivery_attempts ON webhook_delivery_attempts (delivery_id, attempt)",
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
        db.execute_unprepared("DROP TABLE webhook_delivery_attempts")
            .await?;
        db.execute_unprepared("DROP TABLE webhook_deliveries")
            .await?;
        db.execute_unprepared("DROP TABLE webhook_endpoints")
            .await?;
        Ok(())
    }
}
