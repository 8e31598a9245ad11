//! Conversations, messages, knowledge documents with their full-text indexed
//! passages, and uploaded images.
//!
//! Written as SQL per engine, because full-text search is engine-specific:
//! SQLite indexes passages in an FTS5 table kept in step by triggers,
//! PostgreSQL in a generated `tsvector` column with a GIN index. A trigger
//! (per engine too) counts each new message on its conversation, so storing
//! a message is one statement and the counts can never drift from the rows.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

/// The tables, with `{ts}`, `{serial}` and `{blob}` filled per engine.
const TABLES: &[&str] = &[
    "CREATE TABLE conversations (
        id varchar(36) NOT NULL PRIMARY KEY,
        agent_id varchar(36) NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        user_id varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        channel varchar(16) NOT NULL,
        title varchar(200) NOT NULL,
        status varchar(16) NOT NULL,
        message_count integer NOT NULL DEFAULT 0,
        tokens_in bigint NOT NULL DEFAULT 0,
        tokens_out bigint NOT NULL DEFAULT 0,
        started_at {ts} NOT NULL,
        last_message_at {ts} NOT NULL,
        ended_at {ts} NULL
    )",
    "CREATE INDEX idx_conversations_owner ON conversations (owner_id, last_message_at)",
    "CREATE INDEX idx_conversations_agent ON conversations (agent_id, last_message_at)",
    "CREATE INDEX idx_conversations_user ON conversations (user_id)",
    "CREATE TABLE messages (
        id varchar(36) NOT NULL PRIMARY KEY,
        conversation_id varchar(36) NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        role varchar(16) NOT NULL,
        content text NOT NULL,
        status varchar(16) NOT NULL,
        error text NULL,
        citations text NOT NULL,
        tool_calls text NOT NULL,
        tokens_in integer NOT NULL,
        tokens_out integer NOT NULL,
        latency_ms integer NULL,
        first_token_ms integer NULL,
        provider varchar(32) NULL,
        model varchar(200) NULL,
        notice text NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_messages_conversation ON messages (conversation_id, created_at)",
    "CREATE TABLE documents (
        id varchar(36) NOT NULL PRIMARY KEY,
        agent_id varchar(36) NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        content_type varchar(100) NOT NULL,
        size_bytes bigint NOT NULL,
        status varchar(16) NOT NULL,
        passage_count integer NOT NULL,
        char_count bigint NOT NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_documents_agent ON documents (agent_id)",
    "CREATE TABLE passages (
        id {serial},
        document_id varchar(36) NOT NULL REFERENCES documents (id) ON DELETE CASCADE,
        agent_id varchar(36) NOT NULL,
        position integer NOT NULL,
        content text NOT NULL
    )",
    "CREATE INDEX idx_passages_document ON passages (document_id)",
    "CREATE INDEX idx_passages_agent ON passages (agent_id)",
    "CREATE TABLE uploads (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(255) NOT NULL,
        content_type varchar(100) NOT NULL,
        size_bytes bigint NOT NULL,
        data {blob} NOT NULL,
        created_at {ts} NOT NULL
    )",
];

const SQLITE_TRIGGERS: &[&str] = &[
    "CREATE TRIGGER messages_count AFTER INSERT ON messages BEGIN
        UPDATE conversations SET
            message_count = message_count + 1,
            tokens_in = tokens_in + new.tokens_in,
            tokens_out = tokens_out + new.tokens_out,
            last_message_at = new.created_at
        WHERE id = new.conversation_id;
    END",
    "CREATE VIRTUAL TABLE passages_fts USING fts5(
        content, content='passages', content_rowid='id',
        tokenize='porter unicode61 remove_diacritics 2'
    )",
    "CREATE TRIGGER passages_fts_insert AFTER INSERT ON passages BEGIN
        INSERT INTO passages_fts (rowid, content) VALUES (new.id, new.content);
    END",
    "CREATE TRIGGER passages_fts_delete AFTER DELETE ON passages BEGIN
        INSERT INTO passages_fts (passages_fts, rowid, content) VALUES ('delete', old.id, old.content);
    END",
];

const POSTGRES_TRIGGERS: &[&str] = &[
    "CREATE FUNCTION messages_count() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
        UPDATE conversations SET
            message_count = message_count + 1,
            tokens_in = tokens_in + NEW.tokens_in,
            tokens_out = tokens_out + NEW.tokens_out,
            last_message_at = NEW.created_at
        WHERE id = NEW.conversation_id;
        RETURN NEW;
    END $$",
    "CREATE TRIGGER messages_count AFTER INSERT ON messages
        FOR EACH ROW EXECUTE FUNCTION messages_count()",
    "ALTER TABLE passages ADD COLUMN tsv tsvector
        GENERATED ALWAYS AS (to_tsvector('english', content)) STORED",
    "CREATE INDEX idx_passages_tsv ON passages USING GIN (tsv)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let (ts, serial, blob, triggers) = match manager.get_database_backend() {
            DatabaseBackend::Postgres => (
                "timestamp with time zone",
                "bigserial NOT NULL PRIMARY KEY",
                "bytea",
                POSTGRES_TRIGGERS,
            ),
            _ => (
                "timestamp_with_timezone_text",
                "integer NOT NULL PRIMARY KEY AUTOINCREMENT",
                "blob",
                SQLITE_TRIGGERS,
            ),
        };
        for statement in TABLES {
            let sql = statement
                .replace("{ts}", ts)
                .replace("{serial}", serial)
                .replace("{blob}", blob);
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
        if !postgres {
            db.execute_unprepared("DROP TABLE passages_fts").await?;
        }
        for table in [
            "uploads",
            "passages",
            "documents",
            "messages",
            "conversations",
        ] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        if postgres {
            db.execute_unprepared("DROP FUNCTION messages_count")
                .await?;
        }
        Ok(())
    }
}
