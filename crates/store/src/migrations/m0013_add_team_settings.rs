//! A team's settings: the role new members get when none is given, and who
//! may add and invite members (`admins`, or `members` too).

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared(
            "ALTER TABLE teams ADD COLUMN default_role varchar(20) NOT NULL DEFAULT 'member'",
        )
        .await?;
        db.execute_unprepared(
            "ALTER TABLE teams ADD COLUMN invite_policy varchar(20) NOT NULL DEFAULT 'admins'",
        )
        .await?;
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        db.execute_unprepared("ALTER TABLE teams DROP COLUMN invite_policy")
            .await?;
        db.execute_unprepared("ALTER TABLE teams DROP COLUMN default_role")
            .await?;
        Ok(())
    }
}
