use sea_orm::entity::prelude::*;

#[derive(Clone, Debug, PartialEq, Eq, DeriveEntityModel)]
#[sea_orm(table_name = "team_invitations")]
pub struct Model {
    #[sea_orm(primary_key, auto_increment = false)]
    pub id: String,
    pub team_id: String,
    pub email: String,
    pub role: String,
    #[sea_orm(unique)]
    pub token_hash: String,
    pub invited_by: Option<String>,
    pub status: String,
    pub expires_at: DateTimeUtc,
    pub created_at: DateTimeUtc,
    pub responded_at: Option<DateTimeUtc>,
}

#[derive(Copy, Clone, Debug, EnumIter, DeriveRelation)]
pub enum Relation {}

impl ActiveModelBehavior for ActiveModel {}
