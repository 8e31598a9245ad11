//! Phone calls: the numbers that reach an agent (inbound calls and SMS),
//! and every call placed, received or simulated, with Twilio's status, its
//! conversation and its recording.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const UP: &[&str] = &[
    "CREATE TABLE phone_numbers (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        phone_number varchar(20) NOT NULL UNIQUE,
        agent_id varchar(36) NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        record_calls boolean NOT NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_phone_numbers_owner ON phone_numbers (owner_id)",
    "CREATE TABLE phone_calls (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        agent_id varchar(36) NULL REFERENCES agents (id) ON DELETE SET NULL,
        conversation_id varchar(36) NULL REFERENCES conversations (id) ON DELETE SET NULL,
        sid varchar(64) NULL UNIQUE,
        direction varchar(16) NOT NULL,
        from_number varchar(20) NOT NULL,
        to_number varchar(20) NOT NULL,
        status varchar(16) NOT NULL,
        simulated boolean NOT NULL,
        record boolean NOT NULL,
        variables text NOT NULL,
        silences integer NOT NULL,
        turns integer NOT NULL,
        duration_seconds integer NULL,
        recording_sid varchar(64) NULL,
        recording_url text NULL,
        recording_seconds integer NULL,
        error text NULL,
        answered_at {ts} NULL,
        ended_at {ts} NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_phone_calls_owner ON phone_calls (owner_id, created_at)",
    "CREATE INDEX idx_phone_calls_agent ON phone_calls (agent_id, created_at)",
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
        for table in ["phone_calls", "phone_numbers"] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        Ok(())
    }
}
