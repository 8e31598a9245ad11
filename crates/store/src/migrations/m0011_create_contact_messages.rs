//! Messages sent through the public contact form: kept for admins to read,
//! and mailed to the operator when an address is configured.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const TABLE: &str = "CREATE TABLE contact_messages (
    id varchar(36) NOT NULL PRIMARY KEY,
    name varchar(100) NOT NULL,
    email varchar(320) NOT NULL,
    company varchar(100) NULL,
    subject varchar(200) NOT NULL,
    message text NOT NULL,
    ip varchar(45) NULL,
    mailed_to varchar(320) NULL,
    created_at {ts} NOT NULL
)";

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let ts = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        let db = manager.get_connection();
        db.execute_unprepared(&TABLE.replace("{ts}", ts)).await?;
        db.execute_unprepared(
            "CREATE INDEX idx_contact_messages_time ON contact_messages (created_at, id)",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .get_connection()
            .execute_unprepared("DROP TABLE contact_messages")
            .await?;
        Ok(())
    }
}
