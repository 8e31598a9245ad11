use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "phone_calls")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub owner_id: String,
    pub agent_id: Option<String>,
    pub conversation_id: Option<String>,
    #[sea_orm(unique)]
    pub sid: Option<String>,
    pub direction: String,
    pub from_number: String,
    pub to_number: String,
    pub status: String,
    pub simulated: bool,
    pub record: bool,
    #[sea_orm(column_type = "Text")]
    pub variables: String,
    pub silences: i32,
    pub turns: i32,
    pub duration_seconds: Option<i32>,
    pub recording_sid: Option<String>,
    #[sea_orm(column_type = "Text", nullable)]
    pub recording_url: Option<String>,
    pub recording_seconds: Option<i32>,
    #[sea_orm(column_type = "Text", nullable)]
    pub error: Option<String>,
    pub answered_at: Option<DateTimeUtc>,
    pub ended_at: Option<DateTimeUtc>,
    pub created_at: DateTimeUtc,
    pub updated_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
