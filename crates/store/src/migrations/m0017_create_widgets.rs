//! `widgets`: an agent's embeddable widget settings (enabled, allowed
//! origins, look, greeting, limits), one JSON document per agent; goes
//! with its agent.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const STATEMENTS: &[&str] = &["CREATE TABLE widgets (
        agent_id varchar(36) NOT NULL PRIMARY KEY REFERENCES agents (id) ON DELETE CASCADE,
        settings text NOT NULL,
        updated_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        updated_at {ts} NOT NULL
    )"];

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
            .execute_unprepared("DROP TABLE widgets")
            .await?;
        Ok(())
    }
}
