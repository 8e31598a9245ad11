//! The audit log: one row per change anywhere in the product, per sign-in
//! (and failed sign-in), sign-out and permission denial.
//!
//! Rows name their actor and resource by id without foreign keys: an entry
//! outlives the account, agent or team it speaks of (`actor_label` keeps the
//! actor's email as it was). `owner_id` and `team_id` say whose thing it
//! was, so owners and team admins can read their own things' activity.
//! `changes` is a JSON object of changed fields, `{"field": {"from": …,
//! "to": …}}`, secrets already redacted. Entries are never changed: a
//! trigger refuses every `UPDATE` on both engines; the only `DELETE` is the
//! retention job's.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const TABLE: &str = "CREATE TABLE audit_logs (
    id varchar(36) NOT NULL PRIMARY KEY,
    occurred_at {ts} NOT NULL,
    actor_kind varchar(16) NOT NULL,
    actor_id varchar(64) NULL,
    actor_label varchar(320) NULL,
    api_key_id varchar(36) NULL,
    action varchar(64) NOT NULL,
    outcome varchar(16) NOT NULL,
    resource_type varchar(32) NOT NULL,
    resource_id varchar(128) NULL,
    owner_id varchar(36) NULL,
    team_id varchar(36) NULL,
    changes text NOT NULL,
    ip varchar(45) NULL,
    user_agent varchar(512) NULL,
    request_id varchar(128) NULL
)";

const INDEXES: &[&str] = &[
    "CREATE INDEX idx_audit_logs_time ON audit_logs (occurred_at)",
    "CREATE INDEX idx_audit_logs_resource ON audit_logs (resource_type, resource_id, id)",
    "CREATE INDEX idx_audit_logs_actor ON audit_logs (actor_id, id)",
    "CREATE INDEX idx_audit_logs_action ON audit_logs (action, id)",
    "CREATE INDEX idx_audit_logs_owner ON audit_logs (owner_id, id)",
    "CREATE INDEX idx_audit_logs_team ON audit_logs (team_id, id)",
    "CREATE INDEX idx_audit_logs_request ON audit_logs (request_id)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let backend = manager.get_database_backend();
        let ts = match backend {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        db.execute_unprepared(&TABLE.replace("{ts}", ts)).await?;
        for index in INDEXES {
            db.execute_unprepared(index).await?;
        }
        let immutable: &[&str] = match backend {
            DatabaseBackend::Postgres => &[
                "CREATE FUNCTION audit_logs_immutable() RETURNS trigger AS $$
                 BEGIN RAISE EXCEPTION 'audit entries cannot be changed'; END;
                 $$ LANGUAGE plpgsql",
                "CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs
                 FOR EACH ROW EXECUTE FUNCTION audit_logs_immutable()",
            ],
            _ => &[
                "CREATE TRIGGER audit_logs_no_update BEFORE UPDATE ON audit_logs
                 BEGIN SELECT RAISE(ABORT, 'audit entries cannot be changed'); END",
            ],
        };
        for statement in immutable {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP TABLE audit_logs").await?;
        if manager.get_database_backend() == DatabaseBackend::Postgres {
            db.execute_unprepared("DROP FUNCTION audit_logs_immutable()")
                .await?;
        }
        Ok(())
    }
}
