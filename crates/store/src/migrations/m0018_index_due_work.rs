//! Indexes that keep a backlog cheap to work through:
//!
//! - an endpoint's next due delivery: its pending deliveries in the order
//!   they were queued. Through `(endpoint_id, created_at)` alone, finding it
//!   walked every delivered one before it, so draining a backlog slowed
//!   with each delivery made;
//! - the next due jobs in order, `(status, run_at, id)`, which a claim reads
//!   down to its limit without sorting (it replaces `(status, run_at)`).
//!
//! docs/performance.md has the measures.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

const UP: &[&str] = &[
    "CREATE INDEX idx_webhook_deliveries_due ON webhook_deliveries (endpoint_id, status, created_at, id)",
    "CREATE INDEX idx_jobs_claim ON jobs (status, run_at, id)",
    "DROP INDEX idx_jobs_due",
];

const DOWN: &[&str] = &[
    "CREATE INDEX idx_jobs_due ON jobs (status, run_at)",
    "DROP INDEX idx_jobs_claim",
    "DROP INDEX idx_webhook_deliveries_due",
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
        for statement in DOWN {
            db.execute_unprepared(statement).await?;
        }
        Ok(())
    }
}
