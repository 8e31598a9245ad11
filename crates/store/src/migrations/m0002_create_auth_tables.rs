use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum RefreshTokens {
    Table,
    Id,
    UserId,
    FamilyId,
    TokenHash,
    ExpiresAt,
    RevokedAt,
    ReplacedBy,
    UserAgent,
    Ip,
    CreatedAt,
}

#[derive(DeriveIden)]
enum OneTimeTokens {
    Table,
    Id,
    UserId,
    Purpose,
    TokenHash,
    ExpiresAt,
    UsedAt,
    CreatedAt,
}

#[derive(DeriveIden)]
enum MailOutbox {
    Table,
    Id,
    UserId,
    ToAddress,
    Subject,
    BodyText,
    Transport,
    Status,
    Error,
    CreatedAt,
    SentAt,
}

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(RefreshTokens::Table)
                    .col(
                        ColumnDef::new(RefreshTokens::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::UserId)
                            .string_len(36)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::FamilyId)
                            .string_len(36)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::ExpiresAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::RevokedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::ReplacedBy)
                            .string_len(36)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(RefreshTokens::UserAgent)
                            .string_len(512)
                            .null(),
                    )
                    .col(ColumnDef::new(RefreshTokens::Ip).string_len(64).null())
                    .col(
                        ColumnDef::new(RefreshTokens::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(RefreshTokens::Table, RefreshTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_refresh_tokens_user")
                    .table(RefreshTokens::Table)
                    .col(RefreshTokens::UserId)
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_refresh_tokens_family")
                    .table(RefreshTokens::Table)
                    .col(RefreshTokens::FamilyId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(OneTimeTokens::Table)
                    .col(
                        ColumnDef::new(OneTimeTokens::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::UserId)
                            .string_len(36)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::Purpose)
                            .string_len(32)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::TokenHash)
                            .string_len(64)
                            .not_null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::ExpiresAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::UsedAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(OneTimeTokens::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(OneTimeTokens::Table, OneTimeTokens::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_one_time_tokens_user")
                    .table(OneTimeTokens::Table)
                    .col(OneTimeTokens::UserId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(MailOutbox::Table)
                    .col(
                        ColumnDef::new(MailOutbox::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(MailOutbox::UserId).string_len(36).null())
                    .col(
                        ColumnDef::new(MailOutbox::ToAddress)
                            .string_len(254)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(MailOutbox::Subject)
                            .string_len(998)
                            .not_null(),
                    )
                    .col(ColumnDef::new(MailOutbox::BodyText).text().not_null())
                    .col(
                        ColumnDef::new(MailOutbox::Transport)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(ColumnDef::new(MailOutbox::Status).string_len(16).not_null())
                    .col(ColumnDef::new(MailOutbox::Error).text().null())
                    .col(
                        ColumnDef::new(MailOutbox::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(MailOutbox::SentAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(MailOutbox::Table, MailOutbox::UserId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_mail_outbox_created")
                    .table(MailOutbox::Table)
                    .col(MailOutbox::CreatedAt)
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            MailOutbox::Table.into_iden(),
            OneTimeTokens::Table.into_iden(),
            RefreshTokens::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
