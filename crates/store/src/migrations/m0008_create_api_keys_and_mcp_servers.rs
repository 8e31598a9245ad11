//! The open doors and the tools:
//!
//! - `api_keys`: a user's keys for the API, `/v1` and `/mcp`; only a hash
//!   of each is kept, with the prefix shown to tell them apart, the agents
//!   it reaches (a JSON array; empty: every agent of its owner), and when it
//!   was last used, expires or was revoked.
//! - `mcp_servers`: the MCP servers a user connects agents to, by stdio (a
//!   command on the host) or streamable HTTP (a URL); their secrets (the
//!   command's environment, the request headers) are sealed by the server;
//!   what the last test found (tools, resources, prompts) is kept.
//! - `agent_mcp_servers`: which servers an agent uses, which of their tools
//!   (`tools`, JSON; empty: all), which of those it may call without asking
//!   (`permissions`, JSON; empty: all it uses), and in which order.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

/// The statements, with `{ts}`, `{bool}` filled per engine.
const STATEMENTS: &[&str] = &[
    "CREATE TABLE api_keys (
        id varchar(36) NOT NULL PRIMARY KEY,
        user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        prefix varchar(16) NOT NULL,
        key_hash varchar(64) NOT NULL UNIQUE,
        agent_ids text NOT NULL,
        created_at {ts} NOT NULL,
        last_used_at {ts} NULL,
        expires_at {ts} NULL,
        revoked_at {ts} NULL
    )",
    "CREATE INDEX idx_api_keys_user ON api_keys (user_id, created_at)",
    "CREATE TABLE mcp_servers (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(100) NOT NULL,
        description text NOT NULL,
        transport varchar(20) NOT NULL,
        command text NULL,
        args text NOT NULL,
        env_sealed text NULL,
        url text NULL,
        headers_sealed text NULL,
        enabled {bool} NOT NULL,
        status varchar(16) NOT NULL,
        tools text NOT NULL,
        resources text NOT NULL,
        prompts text NOT NULL,
        last_tested_at {ts} NULL,
        last_error text NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_mcp_servers_owner ON mcp_servers (owner_id, name)",
    "CREATE TABLE agent_mcp_servers (
        id varchar(36) NOT NULL PRIMARY KEY,
        agent_id varchar(36) NOT NULL REFERENCES agents (id) ON DELETE CASCADE,
        mcp_server_id varchar(36) NOT NULL REFERENCES mcp_servers (id) ON DELETE CASCADE,
        tools text NOT NULL,
        permissions text NOT NULL,
        priority integer NOT NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE UNIQUE INDEX idx_agent_mcp_servers_pair ON agent_mcp_servers (agent_id, mcp_server_id)",
    "CREATE INDEX idx_agent_mcp_servers_server ON agent_mcp_servers (mcp_server_id)",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        let ts = match manager.get_database_backend() {
            DatabaseBackend::Postgres => "timestamp with time zone",
            _ => "timestamp_with_timezone_text",
        };
        for statement in STATEMENTS {
            let sql = statement.replace("{ts}", ts).replace("{bool}", "boolean");
            db.execute_unprepared(&sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for table in ["agent_mcp_servers", "mcp_servers", "api_keys"] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        Ok(())
    }
}
