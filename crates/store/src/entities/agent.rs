use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "agents")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: String,
    pub team_id: Option<String>,
    /// Copied from `config` for listing, searching and sorting.
    pub name: String,
    pub status: String,
    /// Copied from `config` for filtering.
    pub agent_type: String,
    /// The current `AgentConfig`, as JSON.
    #[sea_orm(column_type = "Text")]
    pub config: String,
    pub current_version: i32,
    #[sea_orm(unique)]
    pub share_token: Option<String>,
    pub last_active_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
