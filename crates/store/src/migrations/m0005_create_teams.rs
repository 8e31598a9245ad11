//! Teams, their members and their invitations, and an index for the agents
//! shared with a team.
//!
//! `agents.team_id` exists since m0003 without a foreign key (SQLite cannot
//! add one to an existing table); deleting a team clears it in the same
//! transaction instead (see `Teams::delete`).

use sea_orm::DatabaseBackend;
use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

/// The statements, with `{ts}` filled per engine.
const STATEMENTS: &[&str] = &[
    "CREATE TABLE teams (
        id varchar(36) NOT NULL PRIMARY KEY,
        name varchar(100) NOT NULL,
        description text NOT NULL,
        created_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        created_at {ts} NOT NULL,
        updated_at {ts} NOT NULL
    )",
    "CREATE TABLE team_members (
        id varchar(36) NOT NULL PRIMARY KEY,
        team_id varchar(36) NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        user_id varchar(36) NOT NULL REFERENCES users (id) ON DELETE CASCADE,
        role varchar(16) NOT NULL,
        joined_at {ts} NOT NULL
    )",
    "CREATE UNIQUE INDEX idx_team_members_team_user ON team_members (team_id, user_id)",
    "CREATE INDEX idx_team_members_user ON team_members (user_id)",
    "CREATE TABLE team_invitations (
        id varchar(36) NOT NULL PRIMARY KEY,
        team_id varchar(36) NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
        email varchar(254) NOT NULL,
        role varchar(16) NOT NULL,
        token_hash varchar(64) NOT NULL UNIQUE,
        invited_by varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL,
        status varchar(16) NOT NULL,
        expires_at {ts} NOT NULL,
        created_at {ts} NOT NULL,
        responded_at {ts} NULL
    )",
    "CREATE INDEX idx_team_invitations_team ON team_invitations (team_id, status)",
    "CREATE INDEX idx_team_invitations_email ON team_invitations (email, status)",
    "CREATE INDEX idx_agents_team ON agents (team_id)",
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
            db.execute_unprepared(&statement.replace("{ts}", ts))
                .await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("DROP INDEX idx_agents_team").await?;
        for table in ["team_invitations", "team_members", "teams"] {
            db.execute_unprepared(&format!("DROP TABLE {table}"))
                .await?;
        }
        Ok(())
    }
}
