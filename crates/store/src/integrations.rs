//! A person's or a team's own credentials for outside services. Secrets
//! arrive sealed by the server and are kept as they came.

use std::collections::BTreeMap;

use agentforge_domain::integration::IntegrationName;
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    QueryFilter, QueryOrder, TransactionTrait,
};

use crate::StoreError;
use crate::entities::integration;

/// Whose credentials.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntegrationHolder<'a> {
    User(&'a str),
    Team(&'a str),
}

impl IntegrationHolder<'_> {
    fn condition(self) -> Condition {
        match self {
            Self::User(id) => Condition::all().add(integration::Column::UserId.eq(id)),
            Self::Team(id) => Condition::all().add(integration::Column::TeamId.eq(id)),
        }
    }
}

/// Saved credentials.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Integration {
    pub id: String,
    pub user_id: Option<String>,
    pub team_id: Option<String>,
    pub name: IntegrationName,
    /// The plain fields, by wire name.
    pub settings: BTreeMap<String, String>,
    /// The sealed JSON object of the secret fields.
    pub secrets_sealed: Option<String>,
    pub updated_by: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl Integration {
    fn from_model(m: integration::Model) -> Option<Self> {
        Some(Self {
            // A service this build does not know is left out.
            name: IntegrationName::parse(&m.name).ok()?,
            settings: serde_json::from_str(&m.settings).unwrap_or_default(),
            id: m.id,
            user_id: m.user_id,
            team_id: m.team_id,
            secrets_sealed: m.secrets_sealed,
            updated_by: m.updated_by,
            created_at: m.created_at,
            updated_at: m.updated_at,
        })
    }
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Integrations<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Integrations<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// The holder's saved integrations, by name.
    pub async fn list(
        &self,
        holder: IntegrationHolder<'_>,
    ) -> Result<Vec<Integration>, StoreError> {
        let rows = integration::Entity::find()
            .filter(holder.condition())
            .order_by_asc(integration::Column::Name)
            .all(self.db)
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(Integration::from_model)
            .collect())
    }

    pub async fn get(
        &self,
        holder: IntegrationHolder<'_>,
        name: IntegrationName,
    ) -> Result<Option<Integration>, StoreError> {
        Ok(integration::Entity::find()
            .filter(holder.condition())
            .filter(integration::Column::Name.eq(name.as_str()))
            .one(self.db)
            .await?
            .and_then(Integration::from_model))
    }

    /// Saves the holder's credentials for `name`, in place of any before.
    pub async fn put(
        &self,
        holder: IntegrationHolder<'_>,
        name: IntegrationName,
        settings: &BTreeMap<String, String>,
        secrets_sealed: Option<String>,
        updated_by: Option<&str>,
    ) -> Result<Integration, StoreError> {
        let now = crate::now();
        let settings = serde_json::to_string(settings).unwrap_or_else(|_| "{}".into());
        let existing = integration::Entity::find()
            .filter(holder.condition())
            .filter(integration::Column::Name.eq(name.as_str()))
            .one(self.db)
            .await?;
        let saved = match existing {
            Some(row) => {
                let mut model: integration::ActiveModel = row.into();
                model.settings = Set(settings);
                model.secrets_sealed = Set(secrets_sealed);
                model.updated_by = Set(updated_by.map(str::to_owned));
                model.updated_at = Set(now);
                model.update(self.db).await?
            }
            None => {
                let (user_id, team_id) = match holder {
                    IntegrationHolder::User(id) => (Some(id.to_owned()), None),
                    IntegrationHolder::Team(id) => (None, Some(id.to_owned())),
                };
                integration::ActiveModel {
                    id: Set(uuid::Uuid::now_v7().to_string()),
                    user_id: Set(user_id),
                    team_id: Set(team_id),
                    name: Set(name.as_str().to_owned()),
                    settings: Set(settings),
                    secrets_sealed: Set(secrets_sealed),
                    updated_by: Set(updated_by.map(str::to_owned)),
                    created_at: Set(now),
                    updated_at: Set(now),
                }
                .insert(self.db)
                .await
                .map_err(|e| {
                    StoreError::conflict_on_unique(e, agentforge_domain::Conflict::AlreadyExists)
                })?
            }
        };
        Integration::from_model(saved).ok_or_else(|| {
            StoreError::Database(sea_orm::DbErr::Custom(
                "an integration name this build reads".into(),
            ))
        })
    }

    /// Removes the holder's credentials for `name`; whether there were any.
    pub async fn delete(
        &self,
        holder: IntegrationHolder<'_>,
        name: IntegrationName,
    ) -> Result<Option<Integration>, StoreError> {
        let Some(found) = self.get(holder, name).await? else {
            return Ok(None);
        };
        integration::Entity::delete_by_id(found.id.clone())
            .exec(self.db)
            .await?;
        Ok(Some(found))
    }

    /// The credentials for `names` an agent may use: its team's (when it
    /// is shared with one) and its owner's.
    pub async fn for_agent(
        &self,
        owner_id: &str,
        team_id: Option<&str>,
        names: &[IntegrationName],
    ) -> Result<Vec<Integration>, StoreError> {
        let mut holders = Condition::any().add(integration::Column::UserId.eq(owner_id));
        if let Some(team_id) = team_id {
            holders = holders.add(integration::Column::TeamId.eq(team_id));
        }
        let rows = integration::Entity::find()
            .filter(holders)
            .filter(integration::Column::Name.is_in(names.iter().map(|n| n.as_str())))
            .all(self.db)
            .await?;
        Ok(rows
            .into_iter()
            .filter_map(Integration::from_model)
            .collect())
    }
}
