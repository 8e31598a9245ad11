//! Voice: the audio of voice conversations (a recording per question, the
//! spoken answer per answer), each turn's stage timings, and the cache of
//! synthesised speech (so a repeated greeting is not paid for twice).
//!
//! Audio is kept in the database, as uploads are, so that every instance
//! of a deployment serves it and a backup holds it.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const TABLES: &[&str] = &[
    "CREATE TABLE voice_clips (
        message_id varchar(36) NOT NULL PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
        conversation_id varchar(36) NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        content_type varchar(64) NOT NULL,
        size_bytes bigint NOT NULL,
        duration_ms integer NULL,
        data {blob} NOT NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_voice_clips_conversation ON voice_clips (conversation_id)",
    "CREATE TABLE voice_turns (
        answer_id varchar(36) NOT NULL PRIMARY KEY REFERENCES messages (id) ON DELETE CASCADE,
        conversation_id varchar(36) NOT NULL REFERENCES conversations (id) ON DELETE CASCADE,
        question_id varchar(36) NOT NULL,
        transcribed_by varchar(16) NOT NULL,
        voice_id varchar(64) NULL,
        speech_error varchar(40) NULL,
        timings text NOT NULL,
        created_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_voice_turns_conversation ON voice_turns (conversation_id)",
    "CREATE TABLE speech_cache (
        cache_key varchar(64) NOT NULL PRIMARY KEY,
        content_type varchar(64) NOT NULL,
        size_bytes bigint NOT NULL,
        data {blob} NOT NULL,
        created_at {ts} NOT NULL,
        used_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_speech_cache_used ON speech_cache (used_at)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let (ts, blob) = match manager.get_database_backend() {
            DatabaseBackend::Postgres => ("timestamp with time zone", "bytea"),
            _ => ("timestamp_with_timezone_text", "blob"),
        };
        for statement in TABLES {
            let sql = statement.replace("{ts}", ts).replace("{blob}", blob);
            db.execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for table in ["speech_cache", "voice_turns", "voice_clips"] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        Ok(())
    }
}
