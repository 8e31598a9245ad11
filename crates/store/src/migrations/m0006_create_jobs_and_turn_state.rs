//! The durable job queue, and what the runtime needs to keep a turn safe:
//!
//! - `jobs`: background work stored in the database (mail, later webhook
//!   deliveries, workflow steps, call follow-ups), claimed by one instance
//!   at a time under a lease, retried with back-off, dead after its last
//!   attempt; `unique_key` makes a scheduled run happen once however many
//!   instances schedule it.
//! - `messages.updated_at`: an answer being written (`streaming`) is saved
//!   as it comes; its last save tells whether the process writing it is
//!   still alive. A trigger keeps the conversation's token counts in step
//!   when an answer's counts are filled in after it was inserted.
//! - `conversations.party_kind` and `party_key`: who held the conversation
//!   when it was not a signed-in user (a widget visitor, a phone number …),
//!   and `test`, for the agent builder's test turns, which analytics and
//!   lists leave out.
//! - `mail_outbox.attempts` and `updated_at`: a queued email's delivery tries.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

/// Both engines, with `{ts}` and `{bool}` filled per engine.
const STATEMENTS: &[&str] = &[
    "CREATE TABLE jobs (
        id varchar(36) NOT NULL PRIMARY KEY,
        kind varchar(64) NOT NULL,
        payload text NOT NULL,
        status varchar(16) NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        max_attempts integer NOT NULL,
        run_at {ts} NOT NULL,
        locked_by varchar(64) NULL,
        locked_until {ts} NULL,
        last_error text NULL,
        unique_key varchar(200) NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL,
        finished_at {ts} NULL
    )",
    "CREATE UNIQUE INDEX idx_jobs_unique_key ON jobs (unique_key)",
    "CREATE INDEX idx_jobs_due ON jobs (status, run_at)",
    "CREATE INDEX idx_jobs_lease ON jobs (status, locked_until)",
    "ALTER TABLE messages ADD COLUMN updated_at {ts} NULL",
    "CREATE INDEX idx_messages_status ON messages (status)",
    "ALTER TABLE conversations ADD COLUMN party_kind varchar(16) NULL",
    "ALTER TABLE conversations ADD COLUMN party_key varchar(200) NULL",
    "ALTER TABLE conversations ADD COLUMN test {bool} NOT NULL DEFAULT {false}",
    "CREATE INDEX idx_conversations_party ON conversations (party_kind, party_key)",
    "CREATE INDEX idx_conversations_idle ON conversations (status, last_message_at)",
    "ALTER TABLE mail_outbox ADD COLUMN attempts integer NOT NULL DEFAULT 0",
    "ALTER TABLE mail_outbox ADD COLUMN updated_at {ts} NULL",
];

const SQLITE_TRIGGERS: &[&str] = &[
    "CREATE TRIGGER messages_recount AFTER UPDATE OF tokens_in, tokens_out ON messages
        WHEN new.tokens_in <> old.tokens_in OR new.tokens_out <> old.tokens_out
    BEGIN
        UPDATE conversations SET
            tokens_in = tokens_in + new.tokens_in - old.tokens_in,
            tokens_out = tokens_out + new.tokens_out - old.tokens_out
        WHERE id = new.conversation_id;
    END",
];

const POSTGRES_TRIGGERS: &[&str] = &[
    "CREATE FUNCTION messages_recount() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE conversations SET
            tokens_in = tokens_in + NEW.tokens_in - OLD.tokens_in,
            tokens_out = tokens_out + NEW.tokens_out - OLD.tokens_out
        WHERE id = NEW.conversation_id;
        RETURN NEW;
    END $$",
    "CREATE TRIGGER messages_recount AFTER UPDATE OF tokens_in, tokens_out ON messages
        FOR EACH ROW
        WHEN (NEW.tokens_in <> OLD.tokens_in OR NEW.tokens_out <> OLD.tokens_out)
        EXECUTE FUNCTION messages_recount()",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let (ts, boolean, falsy, triggers) = match manager.get_database_backend() {
            DatabaseBackend::Postgres => (
                "timestamp with time zone",
                "boolean",
                "false",
                POSTGRES_TRIGGERS,
            ),
            _ => (
                "timestamp_with_timezone_text",
                "boolean",
                "0",
                SQLITE_TRIGGERS,
            ),
        };
        for statement in STATEMENTS {
            let sql = statement
                .replace("{ts}", ts)
                .replace("{bool}", boolean)
                .replace("{false}", falsy);
            db.execute_unprepared(&sql).await?;
        }
        for statement in triggers {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let postgres = manager.get_database_backend() == DatabaseBackend::Postgres;
        if postgres {
            db.execute_unprepared("DROP TRIGGER messages_recount ON messages")
                .await?;
            db.execute_unprepared("DROP FUNCTION messages_recount")
                .await?;
        } else {
            db.execute_unprepared("DROP TRIGGER messages_recount")
                .await?;
        }
        for sql in [
            "DROP INDEX idx_conversations_idle",
            "DROP INDEX idx_conversations_party",
            "DROP INDEX idx_messages_status",
            "ALTER TABLE mail_outbox DROP COLUMN updated_at",
            "ALTER TABLE mail_outbox DROP COLUMN attempts",
            "ALTER TABLE conversations DROP COLUMN test",
            "ALTER TABLE conversations DROP COLUMN party_key",
            "ALTER TABLE conversations DROP COLUMN party_kind",
            "ALTER TABLE messages DROP COLUMN updated_at",
            "DROP TABLE jobs",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
