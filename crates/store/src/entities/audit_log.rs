use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "audit_logs")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub occurred_at: DateTimeUtc,
    pub actor_kind: String,
    pub actor_id: Option<String>,
    pub actor_label: Option<String>,
    pub api_key_id: Option<String>,
    pub action: String,
    pub outcome: String,
    pub resource_type: String,
    pub resource_id: Option<String>,
    pub owner_id: Option<String>,
    pub team_id: Option<String>,
    /// A JSON object `{"field": {"from": …, "to": …}}`.
    #[sea_orm(column_type = "Text")]
    pub changes: String,
    pub ip: Option<String>,
    pub user_agent: Option<String>,
    pub request_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
