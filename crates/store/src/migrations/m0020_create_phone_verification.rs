//! Phone numbers of accounts, proved by a code sent by SMS: the number and
//! when it was verified on the user, the code in flight (only its keyed
//! hash, its expiry and the tries made), and the log of SMS sent.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const UP: &[&str] = &[
    "ALTER TABLE users ADD COLUMN phone_number varchar(20) NULL",
    "ALTER TABLE users ADD COLUMN phone_verified_at {ts} NULL",
    "CREATE TABLE phone_verifications (
        user_id varchar(36) NOT NULL PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
        phone_number varchar(20) NOT NULL,
        code_hash varchar(64) NOT NULL,
        attempts integer NOT NULL,
        expires_at {ts} NOT NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE TABLE sms_messages (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        agent_id varchar(36) NULL REFERENCES agents (id) ON DELETE SET NULL,
        direction varchar(16) NOT NULL,
        kind varchar(32) NOT NULL,
        sid varchar(64) NULL,
        from_number varchar(20) NOT NULL,
        to_number varchar(20) NOT NULL,
        body text NOT NULL,
        status varchar(32) NOT NULL,
        error text NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_sms_messages_owner ON sms_messages (owner_id, created_at)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let ts = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        for statement in UP {
            db.execute_unprepared(&statement.replace("{ts}", ts))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in [
            "DROP TABLE sms_messages",
            "DROP TABLE phone_verifications",
            "ALTER TABLE users DROP COLUMN phone_verified_at",
            "ALTER TABLE users DROP COLUMN phone_number",
        ] {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
