//! Refresh tokens (rotated, grouped in families) and one-time tokens (email
//! verification, password reset). Only hashes of tokens are stored.

use std::collections::HashSet;

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    QuerySelect, TransactionSession, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{one_time_token, refresh_token, user};

/// Session ids asked about in one query by [`RefreshTokens::live_sessions`]
/// (well under SQLite's limit on bound values).
const SESSIONS_PER_QUERY: usize = 500;

/// A stored refresh token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RefreshToken {
    pub id: String,
    pub user_id: String,
    pub family_id: String,
    pub expires_at: DateTime<Utc>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl From<refresh_token::Model> for RefreshToken {
    fn from(m: refresh_token::Model) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id,
            family_id: m.family_id,
            expires_at: m.expires_at,
            revoked_at: m.revoked_at,
        }
    }
}

/// What it takes to store a refresh token.
#[derive(Debug, Clone)]
pub struct NewRefreshToken {
    pub user_id: String,
    /// A fresh id for a new sign-in; the predecessor's family when rotating.
    pub family_id: String,
    pub token_hash: String,
    pub expires_at: DateTime<Utc>,
    pub user_agent: Option<String>,
    pub ip: Option<String>,
}

/// Outcome of presenting a refresh token for rotation.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Rotation {
    /// The old token is now revoked and replaced by the new one, in the same
    /// family (the session, which the new access token names).
    Rotated { user_id: String, family_id: String },
    /// The token was already rotated or revoked: its whole family is now revoked.
    Reused,
    /// Unknown or expired.
    Invalid,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct RefreshTokens<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> RefreshTokens<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewRefreshToken) -> Result<RefreshToken, StoreError> {
        Ok(insert(self.db, new).await?.into())
    }

    /// Replaces the token whose hash is `old_hash` by `new` (same family) in
    /// one transaction. The old token is revoked with a conditional update, so
    /// of two concurrent rotations of one token exactly one succeeds and the
    /// other counts as reuse.
    pub async fn rotate(
        &self,
        old_hash: &str,
        new_hash: String,
        expires_at: DateTime<Utc>,
        user_agent: Option<String>,
        ip: Option<String>,
    ) -> Result<Rotation, StoreError> {
        let txn = self.db.begin().await?;
        let Some(old) = refresh_token::Entity::find()
            .filter(refresh_token::Column::TokenHash.eq(old_hash))
            .one(&txn)
            .await?
        else {
            return Ok(Rotation::Invalid);
        };
        let now = crate::now();
        if old.revoked_at.is_some() {
            txn.rollback().await?;
            self.revoke_family(&old.family_id).await?;
            return Ok(Rotation::Reused);
        }
        if old.expires_at <= now {
            return Ok(Rotation::Invalid);
        }
        let new_id = uuid::Uuid::now_v7().to_string();
        let updated = refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::RevokedAt, Expr::value(now))
            .col_expr(
                refresh_token::Column::ReplacedBy,
                Expr::value(new_id.clone()),
            )
            .filter(refresh_token::Column::Id.eq(old.id.clone()))
            .filter(refresh_token::Column::RevokedAt.is_null())
            .exec(&txn)
            .await?;
        if updated.rows_affected != 1 {
            txn.rollback().await?;
            self.revoke_family(&old.family_id).await?;
            return Ok(Rotation::Reused);
        }
        let model = refresh_token::ActiveModel {
            id: Set(new_id),
            user_id: Set(old.user_id.clone()),
            family_id: Set(old.family_id.clone()),
            token_hash: Set(new_hash),
            expires_at: Set(expires_at),
            revoked_at: Set(None),
            replaced_by: Set(None),
            user_agent: Set(user_agent),
            ip: Set(ip),
            created_at: Set(now),
        };
        model.insert(&txn).await?;
        txn.commit().await?;
        Ok(Rotation::Rotated {
            user_id: old.user_id,
            family_id: old.family_id,
        })
    }

    /// Signs out the session the token belongs to (its whole family, so
    /// the access tokens naming it stop too). Answers that token when this
    /// ended its session: `None` for an unknown token or a session already
    /// ended.
    pub async fn revoke(&self, token_hash: &str) -> Result<Option<RefreshToken>, StoreError> {
        let Some(token) = self.find_by_hash(token_hash).await? else {
            return Ok(None);
        };
        let ended = self
            .revoke_session(&token.user_id, &token.family_id)
            .await?;
        Ok(ended.then_some(token))
    }

    /// Signs out one of `user_id`'s sessions (sign-out with its access
    /// token). Answers whether it was still going (had a token not revoked).
    pub async fn revoke_session(&self, user_id: &str, family_id: &str) -> Result<bool, StoreError> {
        let result = refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::RevokedAt, Expr::value(crate::now()))
            .filter(refresh_token::Column::UserId.eq(user_id))
            .filter(refresh_token::Column::FamilyId.eq(family_id))
            .filter(refresh_token::Column::RevokedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Which of `family_ids` are live sessions: a token neither revoked nor
    /// expired, of an account that exists and is not disabled. One query per
    /// 500 ids, however many sockets ask.
    pub async fn live_sessions(
        &self,
        family_ids: &[String],
    ) -> Result<HashSet<String>, StoreError> {
        let mut live = HashSet::new();
        for chunk in family_ids.chunks(SESSIONS_PER_QUERY) {
            let enabled = Query::select()
                .column(user::Column::Id)
                .from(user::Entity)
                .and_where(user::Column::DisabledAt.is_null())
                .to_owned();
            let found: Vec<String> = refresh_token::Entity::find()
                .select_only()
                .column(refresh_token::Column::FamilyId)
                .distinct()
                .filter(refresh_token::Column::FamilyId.is_in(chunk.iter().cloned()))
                .filter(refresh_token::Column::RevokedAt.is_null())
                .filter(refresh_token::Column::ExpiresAt.gt(crate::now()))
                .filter(refresh_token::Column::UserId.in_subquery(enabled))
                .into_tuple()
                .all(self.db)
                .await?;
            live.extend(found);
        }
        Ok(live)
    }

    pub async fn revoke_family(&self, family_id: &str) -> Result<(), StoreError> {
        refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::RevokedAt, Expr::value(crate::now()))
            .filter(refresh_token::Column::FamilyId.eq(family_id))
            .filter(refresh_token::Column::RevokedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Signs a user out everywhere (password changed or reset).
    pub async fn revoke_all_for_user(&self, user_id: &str) -> Result<(), StoreError> {
        refresh_token::Entity::update_many()
            .col_expr(refresh_token::Column::RevokedAt, Expr::value(crate::now()))
            .filter(refresh_token::Column::UserId.eq(user_id))
            .filter(refresh_token::Column::RevokedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }

    pub async fn find_by_hash(&self, token_hash: &str) -> Result<Option<RefreshToken>, StoreError> {
        let found = refresh_token::Entity::find()
            .filter(refresh_token::Column::TokenHash.eq(token_hash))
            .one(self.db)
            .await?;
        Ok(found.map(RefreshToken::from))
    }
}

async fn insert(
    db: &impl sea_orm::ConnectionTrait,
    new: NewRefreshToken,
) -> Result<refresh_token::Model, StoreError> {
    let model = refresh_token::ActiveModel {
        id: Set(uuid::Uuid::now_v7().to_string()),
        user_id: Set(new.user_id),
        family_id: Set(new.family_id),
        token_hash: Set(new.token_hash),
        expires_at: Set(new.expires_at),
        revoked_at: Set(None),
        replaced_by: Set(None),
        user_agent: Set(new.user_agent),
        ip: Set(new.ip),
        created_at: Set(crate::now()),
    };
    Ok(model.insert(db).await?)
}

/// What a one-time token is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenPurpose {
    EmailVerification,
    PasswordReset,
}

impl TokenPurpose {
    fn as_str(self) -> &'static str {
        match self {
            TokenPurpose::EmailVerification => "email_verification",
            TokenPurpose::PasswordReset => "password_reset",
        }
    }
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct OneTimeTokens<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> OneTimeTokens<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(
        &self,
        user_id: &str,
        purpose: TokenPurpose,
        token_hash: String,
        expires_at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let model = one_time_token::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            user_id: Set(user_id.to_owned()),
            purpose: Set(purpose.as_str().to_owned()),
            token_hash: Set(token_hash),
            expires_at: Set(expires_at),
            used_at: Set(None),
            created_at: Set(crate::now()),
        };
        model.insert(self.db).await?;
        Ok(())
    }

    /// Uses the token up and returns its user, if it is known, meant for
    /// `purpose`, unused and unexpired. A conditional update makes it single
    /// use even under concurrent attempts.
    pub async fn consume(
        &self,
        token_hash: &str,
        purpose: TokenPurpose,
    ) -> Result<Option<String>, StoreError> {
        let now = crate::now();
        let Some(token) = one_time_token::Entity::find()
            .filter(one_time_token::Column::TokenHash.eq(token_hash))
            .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
            .one(self.db)
            .await?
        else {
            return Ok(None);
        };
        if token.used_at.is_some() || token.expires_at <= now {
            return Ok(None);
        }
        let updated = one_time_token::Entity::update_many()
            .col_expr(one_time_token::Column::UsedAt, Expr::value(now))
            .filter(one_time_token::Column::Id.eq(token.id))
            .filter(one_time_token::Column::UsedAt.is_null())
            .exec(self.db)
            .await?;
        Ok((updated.rows_affected == 1).then_some(token.user_id))
    }

    /// Voids the user's unused tokens of one purpose (a new reset link
    /// replaces the old ones).
    pub async fn void_unused(
        &self,
        user_id: &str,
        purpose: TokenPurpose,
    ) -> Result<(), StoreError> {
        one_time_token::Entity::update_many()
            .col_expr(one_time_token::Column::UsedAt, Expr::value(crate::now()))
            .filter(one_time_token::Column::UserId.eq(user_id))
            .filter(one_time_token::Column::Purpose.eq(purpose.as_str()))
            .filter(one_time_token::Column::UsedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }
}
