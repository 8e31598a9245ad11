//! Phone numbers proved by a code sent by SMS, and the log of SMS sent.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, PaginatorTrait, QueryFilter,
    QueryOrder, QuerySelect, TransactionTrait,
};

use crate::entities::{phone_verification, sms_message, user};
use crate::{StoreError, User};

/// A code in flight: only its keyed hash is kept.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Verification {
    pub user_id: String,
    pub phone_number: String,
    pub code_hash: String,
    /// Wrong codes tried so far.
    pub attempts: u32,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

/// An SMS sent (or received), as the log shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sms {
    pub id: String,
    pub owner_id: String,
    pub agent_id: Option<String>,
    /// `outbound` or `inbound`.
    pub direction: String,
    /// `message`, `verification`, `notification` …
    pub kind: String,
    /// Twilio's message SID, once it took it.
    pub sid: Option<String>,
    pub from_number: String,
    pub to_number: String,
    pub body: String,
    /// Twilio's status (`queued`, `sent`, `delivered` …), or `failed`.
    pub status: String,
    pub error: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<sms_message::Model> for Sms {
    fn from(m: sms_message::Model) -> Self {
        Self {
            id: m.id,
            owner_id: m.owner_id,
            agent_id: m.agent_id,
            direction: m.direction,
            kind: m.kind,
            sid: m.sid,
            from_number: m.from_number,
            to_number: m.to_number,
            body: m.body,
            status: m.status,
            error: m.error,
            created_at: m.created_at,
        }
    }
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Phone<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Phone<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Puts a new code in flight for `user_id` in place of any before
    /// (whose tries go with it).
    pub async fn start_verification(
        &self,
        user_id: &str,
        phone_number: &str,
        code_hash: &str,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        phone_verification::Entity::delete_by_id(user_id.to_owned())
            .exec(self.db)
            .await?;
        phone_verification::Entity::insert(phone_verification::ActiveModel {
            user_id: Set(user_id.to_owned()),
            phone_number: Set(phone_number.to_owned()),
            code_hash: Set(code_hash.to_owned()),
            attempts: Set(0),
            expires_at: Set(expires_at),
            created_at: Set(crate::now()),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    /// The code in flight for `user_id`.
    pub async fn verification(&self, user_id: &str) -> Result<Option<Verification>, StoreError> {
        Ok(phone_verification::Entity::find_by_id(user_id.to_owned())
            .one(self.db)
            .await?
            .map(|m| Verification {
                user_id: m.user_id,
                phone_number: m.phone_number,
                code_hash: m.code_hash,
                attempts: u32::try_from(m.attempts).unwrap_or(u32::MAX),
                expires_at: m.expires_at,
                created_at: m.created_at,
            }))
    }

    /// Counts a try against the code in flight, if fewer than `max` were
    /// made: whether this one may be checked. Two tries at once cannot
    /// both take the last one (the count is one statement).
    pub async fn take_attempt(&self, user_id: &str, max: u32) -> Result<bool, StoreError> {
        let updated = phone_verification::Entity::update_many()
            .col_expr(
                phone_verification::Column::Attempts,
                Expr::col(phone_verification::Column::Attempts).add(1),
            )
            .filter(phone_verification::Column::UserId.eq(user_id))
            .filter(phone_verification::Column::Attempts.lt(i32::try_from(max).unwrap_or(i32::MAX)))
            .exec(self.db)
            .await?;
        Ok(updated.rows_affected == 1)
    }

    /// The number is the account's, proved: kept on the user, and the code
    /// forgotten.
    pub async fn verified(&self, user_id: &str, phone_number: &str) -> Result<User, StoreError> {
        let now = crate::now();
        user::Entity::update_many()
            .col_expr(user::Column::PhoneNumber, Expr::value(phone_number))
            .col_expr(user::Column::PhoneVerifiedAt, Expr::value(now))
            .col_expr(user::Column::UpdatedAt, Expr::value(now))
            .filter(user::Column::Id.eq(user_id))
            .exec(self.db)
            .await?;
        phone_verification::Entity::delete_by_id(user_id.to_owned())
            .exec(self.db)
            .await?;
        user::Entity::find_by_id(user_id.to_owned())
            .one(self.db)
            .await?
            .map(User::from)
            .ok_or(StoreError::NotFound)
    }

    /// Logs an SMS.
    pub async fn log_sms(&self, sms: &Sms) -> Result<(), StoreError> {
        sms_message::Entity::insert(sms_message::ActiveModel {
            id: Set(sms.id.clone()),
            owner_id: Set(sms.owner_id.clone()),
            agent_id: Set(sms.agent_id.clone()),
            direction: Set(sms.direction.clone()),
            kind: Set(sms.kind.clone()),
            sid: Set(sms.sid.clone()),
            from_number: Set(sms.from_number.clone()),
            to_number: Set(sms.to_number.clone()),
            body: Set(sms.body.clone()),
            status: Set(sms.status.clone()),
            error: Set(sms.error.clone()),
            created_at: Set(sms.created_at),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    /// An SMS of the log.
    pub async fn sms(&self, id: &str) -> Result<Option<Sms>, StoreError> {
        Ok(sms_message::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Sms::from))
    }

    /// The SMS Twilio knows by `sid`, if it was logged.
    pub async fn sms_by_sid(&self, sid: &str) -> Result<Option<Sms>, StoreError> {
        Ok(sms_message::Entity::find()
            .filter(sms_message::Column::Sid.eq(sid))
            .one(self.db)
            .await?
            .map(Sms::from))
    }

    /// An account's SMS, newest first: a page, and how many there are.
    pub async fn sms_of(
        &self,
        owner_id: &str,
        offset: u64,
        limit: u64,
    ) -> Result<(Vec<Sms>, u64), StoreError> {
        let query = sms_message::Entity::find().filter(sms_message::Column::OwnerId.eq(owner_id));
        let total = query.clone().count(self.db).await?;
        let rows = query
            .order_by_desc(sms_message::Column::CreatedAt)
            .order_by_desc(sms_message::Column::Id)
            .offset(offset)
            .limit(limit)
            .all(self.db)
            .await?;
        Ok((rows.into_iter().map(Sms::from).collect(), total))
    }
}
