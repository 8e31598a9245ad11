use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "analytics_hourly")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub hour: DateTimeUtc,
    #[sea_orm(primary_key, auto_increment = false)]
    pub agent_id: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub channel: String,
    /// `""` on rows without one (conversations started, questions).
    #[sea_orm(primary_key, auto_increment = false)]
    pub provider: String,
    #[sea_orm(primary_key, auto_increment = false)]
    pub model: String,
    pub conversations: i64,
    pub messages: i64,
    pub user_messages: i64,
    pub answers: i64,
    pub failed: i64,
    pub interrupted: i64,
    pub tokens_in: i64,
    pub tokens_out: i64,
    pub tool_calls: i64,
    pub tool_errors: i64,
    /// Answers' times (of those that took a measured time), summed.
    pub answer_ms_sum: i64,
    pub answer_ms_count: i64,
    pub first_token_ms_sum: i64,
    pub first_token_ms_count: i64,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
