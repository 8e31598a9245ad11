use agentforge_domain::{Conflict, Email, Language, Role};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{refresh_token, user};

/// How the admin area orders accounts.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum UserSort {
    #[default]
    Created,
    Name,
    Email,
    LastLogin,
}

/// Which accounts the admin area lists; every field narrows.
#[derive(Debug, Clone, Default)]
pub struct UserFilter {
    /// Part of the name or email, any case.
    pub search: Option<String>,
    pub role: Option<Role>,
    /// `Some(true)`: disabled accounts only; `Some(false)`: enabled only.
    pub disabled: Option<bool>,
    pub verified: Option<bool>,
    pub created_from: Option<DateTime<Utc>>,
    pub created_to: Option<DateTime<Utc>>,
    pub sort: UserSort,
    pub descending: bool,
    pub page: u64,
    pub limit: u64,
}

/// A user account as the rest of the program sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    pub id: String,
    pub email: String,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The language of the interface the account last used; its email is
    /// written in it.
    pub language: Language,
    pub email_verified_at: Option<DateTime<Utc>>,
    pub disabled_at: Option<DateTime<Utc>>,
    pub last_login_at: Option<DateTime<Utc>>,
    /// A number the account proved it holds (a code sent to it by SMS).
    pub phone_number: Option<String>,
    pub phone_verified_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<user::Model> for User {
    fn from(m: user::Model) -> Self {
        Self {
            id: m.id,
            email: m.email,
            password_hash: m.password_hash,
            first_name: m.first_name,
            last_name: m.last_name,
            // An unknown stored role grants nothing.
            role: m.role.parse().unwrap_or_default(),
            language: Language::parse(&m.language).unwrap_or_default(),
            email_verified_at: m.email_verified_at,
            disabled_at: m.disabled_at,
            last_login_at: m.last_login_at,
            phone_number: m.phone_number,
            phone_verified_at: m.phone_verified_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// What it takes to create a user. The password arrives already hashed.
#[derive(Debug, Clone)]
pub struct NewUser {
    pub email: Email,
    pub password_hash: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub language: Language,
    pub email_verified: bool,
}

/// Changes to a profile; `None` leaves a field as it is. A new email
/// address is unverified until verified again.
#[derive(Debug, Clone, Default)]
pub struct ProfileChanges {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<Email>,
    pub password_hash: Option<String>,
    pub language: Option<Language>,
}

/// Queries on the `users` table.
/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Users<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Users<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Inserts a user; [`StoreError::Conflict`] when the email is taken.
    pub async fn create(&self, new: NewUser) -> Result<User, StoreError> {
        let now = crate::now();
        let model = user::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            email: Set(new.email.as_str().to_owned()),
            password_hash: Set(new.password_hash),
            first_name: Set(new.first_name),
            last_name: Set(new.last_name),
            role: Set(new.role.as_str().to_owned()),
            language: Set(new.language.as_str().to_owned()),
            email_verified_at: Set(new.email_verified.then_some(now)),
            disabled_at: Set(None),
            last_login_at: Set(None),
            phone_number: Set(None),
            phone_verified_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        };
        let inserted = model
            .insert(self.db)
            .await
            .map_err(|e| StoreError::conflict_on_unique(e, Conflict::EmailTaken))?;
        Ok(inserted.into())
    }

    pub async fn find_by_email(&self, email: &Email) -> Result<Option<User>, StoreError> {
        let found = user::Entity::find()
            .filter(user::Column::Email.eq(email.as_str()))
            .one(self.db)
            .await?;
        Ok(found.map(User::from))
    }

    pub async fn find_by_id(&self, id: &str) -> Result<Option<User>, StoreError> {
        Ok(user::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(User::from))
    }

    /// The user, if `session_id` is one of their live sessions: a sign-in
    /// (a family of refresh tokens) with a token neither revoked nor
    /// expired. One query, so checking the session costs no extra round trip
    /// over loading the user.
    pub async fn find_in_session(
        &self,
        id: &str,
        session_id: &str,
    ) -> Result<Option<User>, StoreError> {
        let live = Query::select()
            .column(refresh_token::Column::UserId)
            .from(refresh_token::Entity)
            .and_where(refresh_token::Column::FamilyId.eq(session_id))
            .and_where(refresh_token::Column::RevokedAt.is_null())
            .and_where(refresh_token::Column::ExpiresAt.gt(crate::now()))
            .to_owned();
        Ok(user::Entity::find_by_id(id.to_owned())
            .filter(user::Column::Id.in_subquery(live))
            .one(self.db)
            .await?
            .map(User::from))
    }

    /// The user, their row locked until the transaction ends on PostgreSQL
    /// (SQLite runs one writing transaction at a time anyway): a link mailed
    /// to their address in that transaction cannot cross a change of it.
    pub async fn find_by_id_locked(&self, id: &str) -> Result<Option<User>, StoreError> {
        Ok(user::Entity::find_by_id(id.to_owned())
            .lock_exclusive()
            .one(self.db)
            .await?
            .map(User::from))
    }

    /// Accounts made since `since`, and accounts signed in since `active_since`.
    pub async fn activity_counts(
        &self,
        since: DateTime<Utc>,
        active_since: DateTime<Utc>,
    ) -> Result<(u64, u64), StoreError> {
        let new = user::Entity::find()
            .filter(user::Column::CreatedAt.gte(since))
            .count(self.db)
            .await?;
        let active = user::Entity::find()
            .filter(user::Column::LastLoginAt.gte(active_since))
            .count(self.db)
            .await?;
        Ok((new, active))
    }

    pub async fn count(&self) -> Result<u64, StoreError> {
        Ok(user::Entity::find().count(self.db).await?)
    }

    /// Applies profile changes; [`StoreError::Conflict`] when the new email is taken.
    pub async fn update_profile(
        &self,
        id: &str,
        changes: ProfileChanges,
    ) -> Result<User, StoreError> {
        let existing = user::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let email_changes = changes
            .email
            .as_ref()
            .is_some_and(|e| e.as_str() != existing.email);
        let mut model: user::ActiveModel = existing.into();
        if let Some(first_name) = changes.first_name {
            model.first_name = Set(first_name);
        }
        if let Some(last_name) = changes.last_name {
            model.last_name = Set(last_name);
        }
        if let Some(email) = changes.email.filter(|_| email_changes) {
            model.email = Set(email.as_str().to_owned());
            model.email_verified_at = Set(None);
        }
        if let Some(hash) = changes.password_hash {
            model.password_hash = Set(hash);
        }
        if let Some(language) = changes.language {
            model.language = Set(language.as_str().to_owned());
        }
        model.updated_at = Set(crate::now());
        let updated = model
            .update(self.db)
            .await
            .map_err(|e| StoreError::conflict_on_unique(e, Conflict::EmailTaken))?;
        Ok(updated.into())
    }

    pub async fn mark_email_verified(&self, id: &str) -> Result<User, StoreError> {
        let existing = user::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut model: user::ActiveModel = existing.into();
        model.email_verified_at = Set(Some(crate::now()));
        model.updated_at = Set(crate::now());
        Ok(model.update(self.db).await?.into())
    }

    /// Disables (or re-enables) an account: a disabled account cannot sign in.
    pub async fn set_disabled(&self, id: &str, disabled: bool) -> Result<(), StoreError> {
        let result = user::Entity::update_many()
            .col_expr(
                user::Column::DisabledAt,
                sea_orm::sea_query::Expr::value(disabled.then(Utc::now)),
            )
            .col_expr(
                user::Column::UpdatedAt,
                sea_orm::sea_query::Expr::value(crate::now()),
            )
            .filter(user::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    pub async fn touch_last_login(&self, id: &str) -> Result<(), StoreError> {
        user::Entity::update_many()
            .col_expr(
                user::Column::LastLoginAt,
                sea_orm::sea_query::Expr::value(crate::now()),
            )
            .filter(user::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Deletes the user and, through foreign keys, everything that is theirs
    /// (the teams they own are for the caller to hand over first, in the
    /// same transaction).
    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let result = user::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// A page of the accounts `filter` selects, and how many it selects.
    pub async fn list(&self, filter: &UserFilter) -> Result<(Vec<User>, u64), StoreError> {
        use user::Column as C;
        let mut query = user::Entity::find();
        // Each word of the search in the email, the first or the last name
        // ("ada lovelace" finds Ada Lovelace), any case.
        let words = filter
            .search
            .as_deref()
            .unwrap_or_default()
            .split_whitespace();
        for word in words.take(8) {
            let like = || crate::contains(word);
            let lower = |c: C| Expr::expr(Func::lower(Expr::col(c))).like(like());
            query = query.filter(
                Condition::any()
                    .add(lower(C::Email))
                    .add(lower(C::FirstName))
                    .add(lower(C::LastName)),
            );
        }
        if let Some(role) = filter.role {
            query = query.filter(C::Role.eq(role.as_str()));
        }
        match filter.disabled {
            Some(true) => query = query.filter(C::DisabledAt.is_not_null()),
            Some(false) => query = query.filter(C::DisabledAt.is_null()),
            None => {}
        }
        match filter.verified {
            Some(true) => query = query.filter(C::EmailVerifiedAt.is_not_null()),
            Some(false) => query = query.filter(C::EmailVerifiedAt.is_null()),
            None => {}
        }
        if let Some(from) = filter.created_from {
            query = query.filter(C::CreatedAt.gte(from));
        }
        if let Some(to) = filter.created_to {
            query = query.filter(C::CreatedAt.lt(to));
        }
        let total = query.clone().count(self.db).await?;
        let order = if filter.descending {
            sea_orm::Order::Desc
        } else {
            sea_orm::Order::Asc
        };
        query = match filter.sort {
            UserSort::Created => query.order_by(C::CreatedAt, order.clone()),
            UserSort::Name => query
                .order_by(
                    Expr::expr(Func::lower(Expr::col(C::FirstName))),
                    order.clone(),
                )
                .order_by(
                    Expr::expr(Func::lower(Expr::col(C::LastName))),
                    order.clone(),
                ),
            UserSort::Email => query.order_by(C::Email, order.clone()),
            // Never signed in sorts as the oldest.
            UserSort::LastLogin => query.order_by(
                Expr::expr(Func::coalesce([
                    Expr::col(C::LastLoginAt),
                    Expr::col(C::CreatedAt),
                ])),
                order.clone(),
            ),
        };
        let rows = query
            .order_by(C::Id, order)
            .offset(filter.page.saturating_sub(1) * filter.limit)
            .limit(filter.limit)
            .all(self.db)
            .await?;
        Ok((rows.into_iter().map(User::from).collect(), total))
    }

    /// How many admins can sign in (not disabled), their rows locked (in id
    /// order) until the transaction ends: two admins demoting each other at
    /// once are counted one after the other, so one of them is refused. Take
    /// it before locking any one account, so two such transactions queue
    /// instead of deadlocking.
    pub async fn count_active_admins_locked(&self) -> Result<u64, StoreError> {
        let ids: Vec<String> = user::Entity::find()
            .select_only()
            .column(user::Column::Id)
            .filter(user::Column::Role.eq(Role::Admin.as_str()))
            .filter(user::Column::DisabledAt.is_null())
            .order_by_asc(user::Column::Id)
            .lock_exclusive()
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(ids.len() as u64)
    }

    /// Gives the account `role`.
    pub async fn set_role(&self, id: &str, role: Role) -> Result<(), StoreError> {
        let result = user::Entity::update_many()
            .col_expr(user::Column::Role, Expr::value(role.as_str()))
            .col_expr(user::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(user::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Makes an existing user an admin with the given password hash.
    pub async fn promote_to_admin(
        &self,
        id: &str,
        password_hash: String,
    ) -> Result<User, StoreError> {
        let existing = user::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let mut model: user::ActiveModel = existing.into();
        model.role = Set(Role::Admin.as_str().to_owned());
        model.password_hash = Set(password_hash);
        model.disabled_at = Set(None);
        model.updated_at = Set(crate::now());
        Ok(model.update(self.db).await?.into())
    }
}
