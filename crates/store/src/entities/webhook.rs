use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "webhooks")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub agent_id: String,
    pub platform: String,
    pub name: String,
    pub status: String,
    pub token_hash: String,
    #[sea_orm(column_type = "Text")]
    pub token_sealed: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub secret_sealed: Option<String>,
    #[sea_orm(column_type = "Text")]
    pub settings: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub secrets_sealed: Option<String>,
    pub received: i64,
    pub succeeded: i64,
    pub failed: i64,
    pub rejected: i64,
    pub latency_total_ms: i64,
    pub failures_in_row: i32,
    pub last_received_at: Option<DateTimeUtc>,
    #[sea_orm(column_type = "Text", nullable)]
    pub last_error: Option<String>,
    pub created_by: Option<String>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
