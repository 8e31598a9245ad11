use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "messages")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub conversation_id: String,
    pub role: String,
    #[sea_orm(column_type = "Text")]
    pub content: String,
    pub status: String,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    /// JSON array of citations.
    #[sea_orm(column_type = "Text")]
    pub citations: String,
    /// JSON array of tool calls with their results.
    #[sea_orm(column_type = "Text")]
    pub tool_calls: String,
    pub tokens_in: i32,
    pub tokens_out: i32,
    pub latency_ms: Option<i32>,
    pub first_token_ms: Option<i32>,
    pub provider: Option<String>,
    pub model: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub notice: Option<String>,
    /// The flow node that said it, with its buttons and voice (JSON).
    #[sea_orm(column_type = "Text", nullable)]
    pub flow: Option<String>,
    /// The team member who typed it (a hand-off), not the agent.
    pub author_id: Option<String>,
    pub created_at: DateTimeUtc,
    /// Last saved (an answer is saved as it streams).
    pub updated_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
