//! The contact form's messages.

use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ConnectionTrait, EntityTrait, PaginatorTrait, QueryOrder,
    QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::contact_message;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ContactMessage {
    pub id: String,
    pub name: String,
    pub email: String,
    pub company: Option<String>,
    pub subject: String,
    pub message: String,
    pub ip: Option<String>,
    /// The operator address it was mailed to; `None`: kept here only.
    pub mailed_to: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<contact_message::Model> for ContactMessage {
    fn from(m: contact_message::Model) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            company: m.company,
            subject: m.subject,
            message: m.message,
            ip: m.ip,
            mailed_to: m.mailed_to,
            created_at: m.created_at,
        }
    }
}

#[derive(Debug, Clone)]
pub struct NewContactMessage {
    pub name: String,
    pub email: String,
    pub company: Option<String>,
    pub subject: String,
    pub message: String,
    pub ip: Option<String>,
    pub mailed_to: Option<String>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct ContactMessages<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> ContactMessages<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewContactMessage) -> Result<ContactMessage, StoreError> {
        let model = contact_message::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            name: Set(new.name),
            email: Set(new.email),
            company: Set(new.company),
            subject: Set(new.subject),
            message: Set(new.message),
            ip: Set(new.ip),
            mailed_to: Set(new.mailed_to),
            created_at: Set(crate::now()),
        };
        Ok(model.insert(self.db).await?.into())
    }

    /// Newest first; `page` starts at 1; and how many there are.
    pub async fn list(
        &self,
        page: u64,
        limit: u64,
    ) -> Result<(Vec<ContactMessage>, u64), StoreError> {
        let total = contact_message::Entity::find().count(self.db).await?;
        let rows = contact_message::Entity::find()
            .order_by_desc(contact_message::Column::CreatedAt)
            .order_by_desc(contact_message::Column::Id)
            .offset(page.saturating_sub(1) * limit)
            .limit(limit)
            .all(self.db)
            .await?;
        Ok((rows.into_iter().map(ContactMessage::from).collect(), total))
    }
}
