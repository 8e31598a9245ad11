//! Email that respects the person it is for, and keeps no live link in clear:
//!
//! - `users.language`: the language of the interface the account last used
//!   (one of the twelve), in which its email is written.
//! - `mail_outbox.template` and `language`: which email it is, in which
//!   language: what an operator needs to see of it.
//! - `mail_outbox.body_sealed`: the written email (subject, text and HTML),
//!   encrypted with a key derived from the server's master key. It replaces
//!   `body_text`, which kept reset, verification and invitation links in
//!   clear for anyone who could read the table. Bodies written before this
//!   migration are dropped with that column: an email still waiting for
//!   delivery then can never go, and is marked failed.

use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "ALTER TABLE users ADD COLUMN language varchar(8) NOT NULL DEFAULT 'en'",
            "ALTER TABLE mail_outbox ADD COLUMN template varchar(40) NOT NULL DEFAULT 'unknown'",
            "ALTER TABLE mail_outbox ADD COLUMN language varchar(8) NOT NULL DEFAULT 'en'",
            "ALTER TABLE mail_outbox ADD COLUMN body_sealed text NULL",
            "UPDATE mail_outbox SET status = 'failed', \
                error = 'written before email bodies were encrypted: dropped on upgrade' \
                WHERE status = 'queued'",
            "UPDATE jobs SET status = 'dead', last_error = 'its email was dropped on upgrade' \
                WHERE kind = 'mail.send' AND status IN ('queued', 'running')",
            "ALTER TABLE mail_outbox DROP COLUMN body_text",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        let db = manager.get_connection();
        for sql in [
            "ALTER TABLE mail_outbox ADD COLUMN body_text text NOT NULL DEFAULT ''",
            "ALTER TABLE mail_outbox DROP COLUMN body_sealed",
            "ALTER TABLE mail_outbox DROP COLUMN language",
            "ALTER TABLE mail_outbox DROP COLUMN template",
            "ALTER TABLE users DROP COLUMN language",
        ] {
            db.execute_unprepared(sql).await?;
        }
        Ok(())
    }
}
