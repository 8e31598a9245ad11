use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "conversations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub agent_id: String,
    /// The agent's owner, copied so "my agents' conversations" needs no join.
    pub owner_id: String,
    /// Who talked, when signed in.
    pub user_id: Option<String>,
    pub channel: String,
    pub title: String,
    pub status: String,
    pub message_count: i32,
    pub tokens_in: i64,
    pub tokens_out: i64,
    pub started_at: DateTimeUtc,
    pub last_message_at: DateTimeUtc,
    pub ended_at: Option<DateTimeUtc>,
    /// Who held it when not a signed-in user: `visitor`, `phone` …
    pub party_kind: Option<String>,
    pub party_key: Option<String>,
    /// A test turn of the agent builder: left out of lists and analytics.
    pub test: bool,
    /// Where the conversation is in its agent's flow (JSON), when it follows one.
    #[sea_orm(column_type = "Text", nullable)]
    pub flow_state: Option<String>,
    /// The team member who took the conversation over.
    pub assignee_id: Option<String>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
