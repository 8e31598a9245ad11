use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "workflows")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: String,
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub status: String,
    #[sea_orm(column_type = "Text")]
    pub trigger_config: String,
    #[sea_orm(column_type = "Text")]
    pub graph: String,
    pub version: i32,
    #[sea_orm(unique)]
    pub hook_token_hash: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub hook_token_sealed: Option<String>,
    pub next_run_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
