//! The mail outbox: every email the product sends is recorded here, with
//! whether it went out by SMTP or stays in the outbox for admins to read.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, DatabaseConnection, EntityTrait, PaginatorTrait,
    QueryOrder, QuerySelect,
};

use crate::StoreError;
use crate::entities::mail;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub id: String,
    pub user_id: Option<String>,
    pub to_address: String,
    pub subject: String,
    pub body_text: String,
    /// `outbox` or `smtp`.
    pub transport: String,
    /// `stored` (outbox only), `sent` or `failed`.
    pub status: String,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<mail::Model> for Mail {
    fn from(m: mail::Model) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id,
            to_address: m.to_address,
            subject: m.subject,
            body_text: m.body_text,
            transport: m.transport,
            status: m.status,
            error: m.error,
            created_at: m.created_at,
            sent_at: m.sent_at,
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewMail {
    pub user_id: Option<String>,
    pub to_address: String,
    pub subject: String,
    pub body_text: String,
    pub transport: &'static str,
    pub status: &'static str,
    pub error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
}

pub struct Outbox<'a> {
    db: &'a DatabaseConnection,
}

impl<'a> Outbox<'a> {
    pub(crate) fn new(db: &'a DatabaseConnection) -> Self {
        Self { db }
    }

    pub async fn record(&self, new: NewMail) -> Result<Mail, StoreError> {
        let model = mail::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            user_id: Set(new.user_id),
            to_address: Set(new.to_address),
            subject: Set(new.subject),
            body_text: Set(new.body_text),
            transport: Set(new.transport.to_owned()),
            status: Set(new.status.to_owned()),
            error: Set(new.error),
            created_at: Set(crate::now()),
            sent_at: Set(new.sent_at),
        };
        Ok(model.insert(self.db).await?.into())
    }

    /// Newest first; `page` starts at 1.
    pub async fn list(&self, page: u64, limit: u64) -> Result<(Vec<Mail>, u64), StoreError> {
        let total = mail::Entity::find().count(self.db).await?;
        let rows = mail::Entity::find()
            .order_by_desc(mail::Column::CreatedAt)
            .order_by_desc(mail::Column::Id)
            .offset((page.saturating_sub(1)) * limit)
            .limit(limit)
            .all(self.db)
            .await?;
        Ok((rows.into_iter().map(Mail::from).collect(), total))
    }
}
