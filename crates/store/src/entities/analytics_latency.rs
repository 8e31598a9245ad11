use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_latency")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub hour: DateTimeUtc,
    /// `answer`, `first_token` or `tool`.
    #[sea_orm(primary_key, auto_increment = false)]
    pub kind: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub agent_id: String,
    /// The provider (answers, first tokens) or the tool's name.
    #[sea_orm(primary_key, auto_increment = false)]
    pub label: String,
    /// `bucket:count,bucket:count…`, buckets (their lower bound in
    /// milliseconds) in order.
    #[sea_orm(column_type = "Text")]
    pub histogram: String,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
