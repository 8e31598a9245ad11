use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "voice_turns")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub answer_id: String,
    pub conversation_id: String,
    pub question_id: String,
    pub transcribed_by: String,
    pub voice_id: Option<String>,
    pub speech_error: Option<String>,
    /// JSON object of stage timings, in milliseconds.
    #[sea_orm(column_type = "Text")]
    pub timings: String,
    pub created_at: DateTimeUtc,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
