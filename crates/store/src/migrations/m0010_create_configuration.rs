//! Run-time configuration: what admins set in Admin › Configuration, layered
//! over the environment. One row per document (`platform` today); the
//! document is JSON whose secret fields are already sealed by the server.
//! `revision` goes up by one with every save, so every instance sharing the
//! database notices a change by reading one number.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const TABLE: &str = "CREATE TABLE configuration (
    name varchar(32) NOT NULL PRIMARY KEY,
    document text NOT NULL,
    revision bigint NOT NULL,
    updated_at {ts} NOT NULL,
    updated_by varchar(36) NULL
)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let ts = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        manager
            .get_connection()
            .execute_unprepared(&TABLE.replace("{ts}", ts))
            .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("DROP TABLE configuration")
            .await?;
        Ok(())
    }
}
