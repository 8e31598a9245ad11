//! `integrations`: a person's or a team's own credentials for an outside
//! service (Settings › Integrations), used in preference to the server's.
//! Exactly one of `user_id` and `team_id` is set; each owner has at most
//! one row per service. `settings` is a JSON object of the plain fields
//! (model, base URL, account SID …); `secrets_sealed` the sealed JSON
//! object of the secret ones (the store never sees them in clear). Rows go
//! with their owner.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const STATEMENTS: &[&str] = &[
    "CREATE TABLE integrations (
        id varchar(36) NOT NULL PRIMARY KEY,
        user_id varchar(36) NULL REFERENCES users (id) ON DELETE CASCADE,
        team_id varchar(36) NULL REFERENCES teams (id) ON DELETE CASCADE,
        name varchar(20) NOT NULL,
        settings text NOT NULL,
        secrets_sealed text NULL,
        updated_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL,
        CHECK ((user_id IS NULL) <> (team_id IS NULL))
    )",
    "CREATE UNIQUE INDEX idx_integrations_user ON integrations (user_id, name)",
    "CREATE UNIQUE INDEX idx_integrations_team ON integrations (team_id, name)",
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
        manager
            .get_connection()
            .execute_unprepared("DROP TABLE integrations")
            .await?;
        Ok(())
    }
}
