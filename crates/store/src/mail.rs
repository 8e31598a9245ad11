//! The mail outbox: every email the product sends is recorded here, with
//! whether it went out by SMTP or stays in the outbox. What an operator
//! sees of one is its metadata (recipient, template, status, attempts,
//! error); its body is kept sealed (encrypted by the server, which alone
//! holds the key), since it may carry a live link.

use agentforge_domain::Language;
use agentforge_domain::mail::{MailStatus, MailTemplate, MailTransport};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::mail;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Mail {
    pub id: String,
    pub user_id: Option<String>,
    pub to_address: String,
    pub subject: String,
    /// Which email it is; `None` for one written before templates.
    pub template: Option<MailTemplate>,
    pub language: Language,
    /// The written email, encrypted; `None` for one written before bodies
    /// were encrypted (dropped on upgrade).
    pub body_sealed: Option<String>,
    pub transport: MailTransport,
    pub status: MailStatus,
    pub error: Option<String>,
    /// Delivery attempts so far.
    pub attempts: u32,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

impl From<mail::Model> for Mail {
    fn from(m: mail::Model) -> Self {
        Self {
            // What this build cannot read is shown as what it most likely was.
            transport: MailTransport::parse(&m.transport).unwrap_or(MailTransport::Outbox),
            status: MailStatus::parse(&m.status).unwrap_or(MailStatus::Failed),
            id: m.id,
            user_id: m.user_id,
            to_address: m.to_address,
            subject: m.subject,
            template: MailTemplate::parse(&m.template).ok(),
            language: Language::parse(&m.language).unwrap_or_default(),
            body_sealed: m.body_sealed,
            error: m.error,
            attempts: u32::try_from(m.attempts).unwrap_or_default(),
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
    pub template: MailTemplate,
    pub language: Language,
    pub body_sealed: String,
    pub transport: MailTransport,
    pub status: MailStatus,
    pub error: Option<String>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Outbox<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Outbox<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn record(&self, new: NewMail) -> Result<Mail, StoreError> {
        let model = mail::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            user_id: Set(new.user_id),
            to_address: Set(new.to_address),
            subject: Set(new.subject),
            template: Set(new.template.as_str().to_owned()),
            language: Set(new.language.as_str().to_owned()),
            body_sealed: Set(Some(new.body_sealed)),
            transport: Set(new.transport.as_str().to_owned()),
            status: Set(new.status.as_str().to_owned()),
            error: Set(new.error),
            attempts: Set(0),
            created_at: Set(crate::now()),
            updated_at: Set(Some(crate::now())),
            sent_at: Set(new.sent_at),
        };
        Ok(model.insert(self.db).await?.into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Mail>, StoreError> {
        Ok(mail::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Mail::from))
    }

    /// Records a delivery attempt: `Ok` sent it; an error leaves it `queued`
    /// for another attempt, or `failed` when `last` was the last one.
    pub async fn record_attempt(
        &self,
        id: &str,
        outcome: Result<(), String>,
        last: bool,
    ) -> Result<Mail, StoreError> {
        let current = mail::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let now = crate::now();
        let mut model: mail::ActiveModel = current.clone().into();
        model.attempts = Set(current.attempts.saturating_add(1));
        model.updated_at = Set(Some(now));
        match outcome {
            Ok(()) => {
                model.status = Set(MailStatus::Sent.as_str().to_owned());
                model.error = Set(None);
                model.sent_at = Set(Some(now));
            }
            Err(error) => {
                let status = if last {
                    MailStatus::Failed
                } else {
                    MailStatus::Queued
                };
                model.status = Set(status.as_str().to_owned());
                model.error = Set(Some(error.chars().take(2000).collect()));
            }
        }
        Ok(model.update(self.db).await?.into())
    }

    /// Puts an email back in line for SMTP (`queued`, error cleared);
    /// `false` when it was already sent.
    pub async fn requeue(&self, id: &str) -> Result<bool, StoreError> {
        let result = mail::Entity::update_many()
            .col_expr(
                mail::Column::Status,
                sea_orm::sea_query::Expr::value(MailStatus::Queued.as_str()),
            )
            .col_expr(
                mail::Column::Transport,
                sea_orm::sea_query::Expr::value(MailTransport::Smtp.as_str()),
            )
            .col_expr(
                mail::Column::Error,
                sea_orm::sea_query::Expr::value(Option::<String>::None),
            )
            .filter(mail::Column::Id.eq(id))
            .filter(mail::Column::Status.ne(MailStatus::Sent.as_str()))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
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
