//! API keys: a user's keys for the API, `/v1` and `/mcp`. Only a hash of a
//! key is kept (the key is shown once, when made); its prefix tells keys
//! apart in lists.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    JoinType, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, RelationTrait,
    TransactionTrait,
};

use crate::StoreError;
use crate::entities::{api_key, user};

/// A key as stored (never the key itself).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiKey {
    pub id: String,
    pub user_id: String,
    pub name: String,
    /// The key's first characters (`af_` and a few more), to tell it apart.
    pub prefix: String,
    /// The agents it reaches; empty: every agent of its owner.
    pub agent_ids: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    pub revoked_at: Option<DateTime<Utc>>,
}

impl From<api_key::Model> for ApiKey {
    fn from(m: api_key::Model) -> Self {
        Self {
            agent_ids: serde_json::from_str(&m.agent_ids).unwrap_or_default(),
            id: m.id,
            user_id: m.user_id,
            name: m.name,
            prefix: m.prefix,
            created_at: m.created_at,
            last_used_at: m.last_used_at,
            expires_at: m.expires_at,
            revoked_at: m.revoked_at,
        }
    }
}

/// A key with its owner, as the admin area lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedApiKey {
    pub key: ApiKey,
    pub owner_email: String,
    pub owner_name: String,
}

#[derive(Debug, Clone)]
pub struct NewApiKey {
    pub user_id: String,
    pub name: String,
    pub prefix: String,
    pub key_hash: String,
    pub agent_ids: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct ApiKeys<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> ApiKeys<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewApiKey) -> Result<ApiKey, StoreError> {
        let model = api_key::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            user_id: Set(new.user_id),
            name: Set(new.name),
            prefix: Set(new.prefix),
            key_hash: Set(new.key_hash),
            agent_ids: Set(serde_json::to_string(&new.agent_ids).unwrap_or_else(|_| "[]".into())),
            created_at: Set(crate::now()),
            last_used_at: Set(None),
            expires_at: Set(new.expires_at),
            revoked_at: Set(None),
        };
        Ok(model.insert(self.db).await?.into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<ApiKey>, StoreError> {
        Ok(api_key::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(ApiKey::from))
    }

    /// The user's keys not revoked, newest first.
    pub async fn list_for_user(&self, user_id: &str) -> Result<Vec<ApiKey>, StoreError> {
        let rows = api_key::Entity::find()
            .filter(api_key::Column::UserId.eq(user_id))
            .filter(api_key::Column::RevokedAt.is_null())
            .order_by_desc(api_key::Column::CreatedAt)
            .order_by_desc(api_key::Column::Id)
            .all(self.db)
            .await?;
        Ok(rows.into_iter().map(ApiKey::from).collect())
    }

    /// How many keys the user holds (not revoked).
    pub async fn count_for_user(&self, user_id: &str) -> Result<u64, StoreError> {
        Ok(api_key::Entity::find()
            .filter(api_key::Column::UserId.eq(user_id))
            .filter(api_key::Column::RevokedAt.is_null())
            .count(self.db)
            .await?)
    }

    /// The key with this hash, not revoked (expiry is the caller's to check).
    pub async fn find_by_hash(&self, key_hash: &str) -> Result<Option<ApiKey>, StoreError> {
        Ok(api_key::Entity::find()
            .filter(api_key::Column::KeyHash.eq(key_hash))
            .filter(api_key::Column::RevokedAt.is_null())
            .one(self.db)
            .await?
            .map(ApiKey::from))
    }

    /// Revokes a key (kept, so the admin area's history stays whole); false
    /// when it was already revoked or does not exist.
    pub async fn revoke(&self, id: &str) -> Result<bool, StoreError> {
        let result = api_key::Entity::update_many()
            .col_expr(api_key::Column::RevokedAt, Expr::value(crate::now()))
            .filter(api_key::Column::Id.eq(id))
            .filter(api_key::Column::RevokedAt.is_null())
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Records a use of the key.
    pub async fn touch(&self, id: &str, at: DateTime<Utc>) -> Result<(), StoreError> {
        api_key::Entity::update_many()
            .col_expr(api_key::Column::LastUsedAt, Expr::value(at))
            .filter(api_key::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Every key not revoked, newest first, with its owner; `search` matches
    /// the key's name or prefix or the owner's email, case-insensitively.
    pub async fn list_all(
        &self,
        search: Option<&str>,
        page: u64,
        limit: u64,
    ) -> Result<(Vec<OwnedApiKey>, u64), StoreError> {
        let mut query = api_key::Entity::find()
            .join(JoinType::InnerJoin, api_key::Relation::User.def())
            .filter(api_key::Column::RevokedAt.is_null());
        if let Some(search) = search.map(str::trim).filter(|s| !s.is_empty()) {
            let escaped = search
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            let like = || LikeExpr::new(format!("%{escaped}%")).escape('\\');
            query = query.filter(
                Condition::any()
                    .add(
                        Expr::expr(Func::lower(Expr::col((
                            api_key::Entity,
                            api_key::Column::Name,
                        ))))
                        .like(like()),
                    )
                    .add(
                        Expr::expr(Func::lower(Expr::col((
                            api_key::Entity,
                            api_key::Column::Prefix,
                        ))))
                        .like(like()),
                    )
                    .add(Expr::col((user::Entity, user::Column::Email)).like(like())),
            );
        }
        let total = query.clone().count(self.db).await?;
        let rows: Vec<(api_key::Model, Option<user::Model>)> = query
            .select_also(user::Entity)
            .order_by_desc(api_key::Column::CreatedAt)
            .order_by_desc(api_key::Column::Id)
            .offset(page.saturating_sub(1) * limit)
            .limit(limit)
            .all(self.db)
            .await?;
        let keys = rows
            .into_iter()
            .map(|(key, owner)| {
                let (owner_email, owner_name) = owner
                    .map(|u| {
                        (
                            u.email,
                            format!("{} {}", u.first_name, u.last_name)
                                .trim()
                                .to_owned(),
                        )
                    })
                    .unwrap_or_default();
                OwnedApiKey {
                    key: key.into(),
                    owner_email,
                    owner_name,
                }
            })
            .collect();
        Ok((keys, total))
    }
}
