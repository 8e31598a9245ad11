use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "personalities")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    /// `None` for the built-in personalities.
    pub owner_id: Option<String>,
    pub name: String,
    #[sea_orm(column_type = "Text")]
    pub description: String,
    pub tone: String,
    /// A JSON array of strings.
    #[sea_orm(column_type = "Text")]
    pub traits: String,
    #[sea_orm(column_type = "Text")]
    pub instructions: String,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
