use sea_orm_migration::prelude::*;

#[derive(DeriveMigrationName)]
pub(crate) struct Migration;

#[derive(DeriveIden)]
enum Users {
    Table,
    Id,
}

#[derive(DeriveIden)]
enum Personalities {
    Table,
    Id,
    OwnerId,
    Name,
    Description,
    Tone,
    Traits,
    Instructions,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum Agents {
    Table,
    Id,
    OwnerId,
    TeamId,
    Name,
    Status,
    AgentType,
    Config,
    CurrentVersion,
    ShareToken,
    LastActiveAt,
    CreatedAt,
    UpdatedAt,
}

#[derive(DeriveIden)]
enum AgentVersions {
    Table,
    Id,
    AgentId,
    Version,
    Config,
    CreatedBy,
    CreatedAt,
}

#[derive(DeriveIden)]
enum AgentDeployments {
    Table,
    Id,
    AgentId,
    Environment,
    Version,
    Configuration,
    DeployedBy,
    DeployedAt,
}

const BUILTIN_PERSONALITIES: [(&str, &str, &str, &str, &str, &str); 4] = [
    (
        "builtin-friendly",
        "Friendly",
        "Warm and approachable; makes people feel welcome.",
        "warm",
        r#"["approachable","positive","patient"]"#,
        "Be warm and approachable. Use plain words, a positive tone and the person's name when you know it.",
    ),
    (
        "builtin-professional",
        "Professional",
        "Courteous, precise and to the point.",
        "formal",
        r#"["courteous","precise","reliable"]"#,
        "Be courteous and precise. Prefer complete sentences, avoid slang and emojis, and get to the point.",
    ),
    (
        "builtin-empathetic",
        "Empathetic",
        "Listens first, acknowledges feelings, stays calm.",
        "caring",
        r#"["empathetic","calm","reassuring"]"#,
        "Acknowledge how the person feels before solving the problem. Stay calm, never blame, and reassure them about next steps.",
    ),
    (
        "builtin-concise",
        "Concise",
        "Short answers with no filler.",
        "direct",
        r#"["brief","direct","efficient"]"#,
        "Answer in as few words as possible. One idea per sentence; no filler, no repetition.",
    ),
];

#[async_trait::async_trait]
impl MigrationTrait for Migration {
    async fn up(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        manager
            .create_table(
                Table::create()
                    .table(Personalities::Table)
                    .col(
                        ColumnDef::new(Personalities::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Personalities::OwnerId).string_len(36).null())
                    .col(
                        ColumnDef::new(Personalities::Name)
                            .string_len(100)
                            .not_null(),
                    )
                    .col(ColumnDef::new(Personalities::Description).text().not_null())
                    .col(
                        ColumnDef::new(Personalities::Tone)
                            .string_len(100)
                            .not_null(),
                    )
                    .col(ColumnDef::new(Personalities::Traits).text().not_null())
                    .col(
                        ColumnDef::new(Personalities::Instructions)
                            .text()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Personalities::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Personalities::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Personalities::Table, Personalities::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_personalities_owner")
                    .table(Personalities::Table)
                    .col(Personalities::OwnerId)
                    .to_owned(),
            )
            .await?;
        let epoch = chrono::DateTime::<chrono::Utc>::UNIX_EPOCH;
        for (id, name, description, tone, traits, instructions) in BUILTIN_PERSONALITIES {
            let insert = Query::insert()
                .into_table(Personalities::Table)
                .columns([
                    Personalities::Id,
                    Personalities::Name,
                    Personalities::Description,
                    Personalities::Tone,
                    Personalities::Traits,
                    Personalities::Instructions,
                    Personalities::CreatedAt,
                    Personalities::UpdatedAt,
                ])
                .values_panic([
                    id.into(),
                    name.into(),
                    description.into(),
                    tone.into(),
                    traits.into(),
                    instructions.into(),
                    epoch.into(),
                    epoch.into(),
                ])
                .to_owned();
            manager.exec_stmt(insert).await?;
        }

        manager
            .create_table(
                Table::create()
                    .table(Agents::Table)
                    .col(
                        ColumnDef::new(Agents::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(ColumnDef::new(Agents::OwnerId).string_len(36).not_null())
                    .col(ColumnDef::new(Agents::TeamId).string_len(36).null())
                    .col(ColumnDef::new(Agents::Name).string_len(100).not_null())
                    .col(ColumnDef::new(Agents::Status).string_len(16).not_null())
                    .col(ColumnDef::new(Agents::AgentType).string_len(32).not_null())
                    .col(ColumnDef::new(Agents::Config).text().not_null())
                    .col(ColumnDef::new(Agents::CurrentVersion).integer().not_null())
                    .col(
                        ColumnDef::new(Agents::ShareToken)
                            .string_len(64)
                            .null()
                            .unique_key(),
                    )
                    .col(
                        ColumnDef::new(Agents::LastActiveAt)
                            .timestamp_with_time_zone()
                            .null(),
                    )
                    .col(
                        ColumnDef::new(Agents::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(Agents::UpdatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(Agents::Table, Agents::OwnerId)
                            .to(Users::Table, Users::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_agents_owner")
                    .table(Agents::Table)
                    .col(Agents::OwnerId)
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AgentVersions::Table)
                    .col(
                        ColumnDef::new(AgentVersions::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AgentVersions::AgentId)
                            .string_len(36)
                            .not_null(),
                    )
                    .col(ColumnDef::new(AgentVersions::Version).integer().not_null())
                    .col(ColumnDef::new(AgentVersions::Config).text().not_null())
                    .col(
                        ColumnDef::new(AgentVersions::CreatedBy)
                            .string_len(36)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(AgentVersions::CreatedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AgentVersions::Table, AgentVersions::AgentId)
                            .to(Agents::Table, Agents::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_agent_versions_unique")
                    .table(AgentVersions::Table)
                    .col(AgentVersions::AgentId)
                    .col(AgentVersions::Version)
                    .unique()
                    .to_owned(),
            )
            .await?;

        manager
            .create_table(
                Table::create()
                    .table(AgentDeployments::Table)
                    .col(
                        ColumnDef::new(AgentDeployments::Id)
                            .string_len(36)
                            .not_null()
                            .primary_key(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::AgentId)
                            .string_len(36)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::Environment)
                            .string_len(16)
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::Version)
                            .integer()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::Configuration)
                            .text()
                            .not_null(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::DeployedBy)
                            .string_len(36)
                            .null(),
                    )
                    .col(
                        ColumnDef::new(AgentDeployments::DeployedAt)
                            .timestamp_with_time_zone()
                            .not_null(),
                    )
                    .foreign_key(
                        ForeignKey::create()
                            .from(AgentDeployments::Table, AgentDeployments::AgentId)
                            .to(Agents::Table, Agents::Id)
                            .on_delete(ForeignKeyAction::Cascade),
                    )
                    .to_owned(),
            )
            .await?;
        manager
            .create_index(
                Index::create()
                    .name("idx_agent_deployments_unique")
                    .table(AgentDeployments::Table)
                    .col(AgentDeployments::AgentId)
                    .col(AgentDeployments::Environment)
                    .unique()
                    .to_owned(),
            )
            .await
    }

    async fn down(&self, manager: &SchemaManager) -> Result<(), DbErr> {
        for table in [
            AgentDeployments::Table.into_iden(),
            AgentVersions::Table.into_iden(),
            Agents::Table.into_iden(),
            Personalities::Table.into_iden(),
        ] {
            manager
                .drop_table(Table::drop().table(table).to_owned())
                .await?;
        }
        Ok(())
    }
}
