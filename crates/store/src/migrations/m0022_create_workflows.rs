//! Workflows: each saved version of one, and their runs (executions) with
//! one row per node step. A run's progress lives here, so a restart
//! resumes it from its last finished step.

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const UP: &[&str] = &[
    "CREATE TABLE workflows (
        id varchar(36) NOT NULL PRIMARY KEY,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        name varchar(200) NOT NULL,
        description text NOT NULL,
        status varchar(16) NOT NULL,
        trigger_config text NOT NULL,
        graph text NOT NULL,
        version integer NOT NULL,
        hook_token_hash varchar(64) NULL UNIQUE,
        hook_token_sealed text NULL,
        next_run_at {ts} NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_workflows_owner ON workflows (owner_id, updated_at)",
    "CREATE TABLE workflow_versions (
        id varchar(36) NOT NULL PRIMARY KEY,
        workflow_id varchar(36) NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        version integer NOT NULL,
        name varchar(200) NOT NULL,
        trigger_config text NOT NULL,
        graph text NOT NULL,
        created_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at {ts} NOT NULL,
        UNIQUE (workflow_id, version)
    )",
    "CREATE TABLE workflow_executions (
        id varchar(36) NOT NULL PRIMARY KEY,
        workflow_id varchar(36) NOT NULL REFERENCES workflows (id) ON DELETE CASCADE,
        owner_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        version integer NOT NULL,
        status varchar(16) NOT NULL,
        trigger_kind varchar(16) NOT NULL,
        input text NOT NULL,
        output text NULL,
        error text NULL,
        failed_node_id varchar(64) NULL,
        state text NOT NULL,
        retries integer NOT NULL,
        started_at {ts} NULL,
        finished_at {ts} NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE INDEX idx_workflow_executions_workflow ON workflow_executions (workflow_id, created_at)",
    "CREATE INDEX idx_workflow_executions_owner ON workflow_executions (owner_id, status, created_at)",
    "CREATE TABLE workflow_steps (
        id varchar(36) NOT NULL PRIMARY KEY,
        execution_id varchar(36) NOT NULL REFERENCES workflow_executions (id) ON DELETE CASCADE,
        node_id varchar(64) NOT NULL,
        iteration integer NOT NULL,
        node_type varchar(16) NOT NULL,
        status varchar(16) NOT NULL,
        input text NULL,
        output text NULL,
        error text NULL,
        attempts integer NOT NULL,
        resume_at {ts} NULL,
        started_at {ts} NULL,
        finished_at {ts} NULL,
        duration_ms bigint NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL,
        UNIQUE (execution_id, node_id, iteration)
    )",
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
        for table in [
            "workflow_steps",
            "workflow_executions",
            "workflow_versions",
            "workflows",
        ] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        Ok(())
    }
}
