//! Conversation flows and hand-offs: where a conversation is in its agent's
//! flow (the node it waits at, its captured variables), the team member who
//! took it over, and, on each message, the flow node that said it (its
//! buttons, voice and listening settings) and the person who typed it when
//! that was a team member rather than the agent.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const UP: &[&str] = &[
    "ALTER TABLE conversations ADD COLUMN flow_state text NULL",
    "ALTER TABLE conversations ADD COLUMN assignee_id varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL",
    "ALTER TABLE messages ADD COLUMN flow text NULL",
    "ALTER TABLE messages ADD COLUMN author_id varchar(36) NULL REFERENCES users (id) ON DELETE SET NULL",
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in UP {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for statement in [
            "ALTER TABLE messages DROP COLUMN author_id",
            "ALTER TABLE messages DROP COLUMN flow",
            "ALTER TABLE conversations DROP COLUMN assignee_id",
            "ALTER TABLE conversations DROP COLUMN flow_state",
        ] {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
