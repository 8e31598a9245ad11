use sea_orm::entity::prelude::*;

/// A piece of a document, indexed for full-text search (the index itself is
/// engine-specific and not part of the entity).
#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "passages")]
pub struct Model {
    #[sea_orm(primary_key)]
    pub id: i64,
    pub document_id: String,
    pub agent_id: String,
    pub position: i32,
    #[sea_orm(column_type = "Text")]
    pub content: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
