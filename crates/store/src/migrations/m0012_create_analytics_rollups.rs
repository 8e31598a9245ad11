//! Analytics rollups: conversations and messages summed by hour (and agent,
//! channel, provider, model), and answer, first-token and tool-call times
//! as one histogram per hour, agent and provider or tool (`bucket:count`
//! pairs in one text), so a report over a year reads a few thousand rows
//! instead of every message (`analytics::rollup` fills them; reports
//! group them). `analytics_state` keeps how far the rollup is settled.
//!
//! An index on `messages (created_at)` lets the rollup read one hour of
//! messages, and the live view count the last minute's, without a scan;
//! those on `conversations (started_at)` and `(status, agent_id)` serve the
//! reports' people and statuses and the live count of conversations.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const STATEMENTS: [&str; 8] = [
    "CREATE TABLE analytics_hourly (
        hour {ts} NOT NULL,
        agent_id varchar(36) NOT NULL,
        channel varchar(20) NOT NULL,
        provider varchar(40) NOT NULL,
        model varchar(200) NOT NULL,
        conversations bigint NOT NULL,
        messages bigint NOT NULL,
        user_messages bigint NOT NULL,
        answers bigint NOT NULL,
        failed bigint NOT NULL,
        interrupted bigint NOT NULL,
        tokens_in bigint NOT NULL,
        tokens_out bigint NOT NULL,
        tool_calls bigint NOT NULL,
        tool_errors bigint NOT NULL,
        answer_ms_sum bigint NOT NULL,
        answer_ms_count bigint NOT NULL,
        first_token_ms_sum bigint NOT NULL,
        first_token_ms_count bigint NOT NULL,
        PRIMARY KEY (hour, agent_id, channel, provider, model)
    )",
    "CREATE INDEX idx_analytics_hourly_agent ON analytics_hourly (agent_id, hour)",
    "CREATE TABLE analytics_latency (
        hour {ts} NOT NULL,
        agent_id varchar(36) NOT NULL,
        kind varchar(12) NOT NULL,
        label varchar(200) NOT NULL,
        histogram text NOT NULL,
        PRIMARY KEY (hour, kind, agent_id, label)
    )",
    "CREATE INDEX idx_analytics_latency_agent ON analytics_latency (agent_id, kind, hour)",
    "CREATE TABLE analytics_state (
        name varchar(32) NOT NULL PRIMARY KEY,
        settled_until {ts} NOT NULL,
        refreshed_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_messages_created ON messages (created_at)",
    "CREATE INDEX idx_conversations_started ON conversations (started_at)",
    "CREATE INDEX idx_conversations_status ON conversations (status, agent_id)",
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
        let db = manager.get_connection();
        for statement in [
            "DROP INDEX idx_conversations_status",
            "DROP INDEX idx_conversations_started",
            "DROP INDEX idx_messages_created",
            "DROP TABLE analytics_state",
            "DROP TABLE analytics_latency",
            "DROP TABLE analytics_hourly",
        ] {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
