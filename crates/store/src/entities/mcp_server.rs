use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "mcp_servers")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: String,
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub transport: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub command: Option<String>,
    /// A JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub args: String,
    /// A sealed JSON object of the command's environment.
    #[sea_orm(column_type = "Text", nullable)]
    pub env_sealed: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub url: Option<String>,
    /// A sealed JSON object of request headers.
    #[sea_orm(column_type = "Text", nullable)]
    pub headers_sealed: Option<String>,
    pub enabled: bool,
    pub status: String,
    /// JSON arrays of what the last test found.
    #[sea_orm(column_type = "Text")]
    pub tools: String,
    #[sea_orm(column_type = "Text")]
    pub resources: String,
    #[sea_orm(column_type = "Text")]
    pub prompts: String,
    pub last_tested_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
