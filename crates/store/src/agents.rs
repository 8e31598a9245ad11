//! Agents, their numbered versions and their deployments.

use agentforge_domain::agent::{AgentConfig, AgentSort, AgentStatus, AgentType, Environment};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, NullOrdering};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionSession,
    TransactionTrait,
};

use crate::StoreError;
use crate::entities::{agent, agent_deployment, agent_version};

/// An agent as the rest of the program sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct Agent {
    pub id: String,
    pub owner_id: String,
    pub team_id: Option<String>,
    pub status: AgentStatus,
    pub config: AgentConfig,
    pub current_version: u32,
    pub share_token: Option<String>,
    pub last_active_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(sea_orm::DbErr::Custom(format!(
        "stored {what} cannot be read: {e}"
    )))
}

impl TryFrom<agent::Model> for Agent {
    type Error = StoreError;

    fn try_from(m: agent::Model) -> Result<Self, StoreError> {
        Ok(Self {
            config: serde_json::from_str(&m.config)
                .map_err(|e| corrupt("agent configuration", e))?,
            status: AgentStatus::parse(&m.status).map_err(|e| corrupt("agent status", e))?,
            id: m.id,
            owner_id: m.owner_id,
            team_id: m.team_id,
            current_version: u32::try_from(m.current_version).unwrap_or_default(),
            share_token: m.share_token,
            last_active_at: m.last_active_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        })
    }
}

/// One saved configuration of an agent.
#[derive(Debug, Clone, PartialEq)]
pub struct AgentVersion {
    pub version: u32,
    pub config: AgentConfig,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<agent_version::Model> for AgentVersion {
    type Error = StoreError;

    fn try_from(m: agent_version::Model) -> Result<Self, StoreError> {
        Ok(Self {
            version: u32::try_from(m.version).unwrap_or_default(),
            config: serde_json::from_str(&m.config).map_err(|e| corrupt("agent version", e))?,
            created_by: m.created_by,
            created_at: m.created_at,
        })
    }
}

/// Which version an environment runs.
#[derive(Debug, Clone, PartialEq)]
pub struct Deployment {
    pub environment: Environment,
    pub version: u32,
    pub configuration: serde_json::Value,
    pub deployed_by: Option<String>,
    pub deployed_at: DateTime<Utc>,
}

impl TryFrom<agent_deployment::Model> for Deployment {
    type Error = StoreError;

    fn try_from(m: agent_deployment::Model) -> Result<Self, StoreError> {
        Ok(Self {
            environment: Environment::parse(&m.environment)
                .map_err(|e| corrupt("deployment environment", e))?,
            version: u32::try_from(m.version).unwrap_or_default(),
            configuration: serde_json::from_str(&m.configuration)
                .map_err(|e| corrupt("deployment configuration", e))?,
            deployed_by: m.deployed_by,
            deployed_at: m.deployed_at,
        })
    }
}

/// What to list: the agents `viewer` owns or that are shared with a team
/// they belong to, filtered, sorted and paged.
#[derive(Debug, Clone, Default)]
pub struct AgentFilter {
    pub viewer: String,
    /// Only the agents shared with this team.
    pub team_id: Option<String>,
    pub status: Option<AgentStatus>,
    pub agent_type: Option<AgentType>,
    /// Case-insensitive substring of the name.
    pub search: Option<String>,
    /// Only these agents (an API key's); `None`: no such bound.
    pub only: Option<Vec<String>>,
    pub sort: AgentSort,
    pub descending: bool,
    /// From 1.
    pub page: u64,
    pub limit: u64,
}

/// Changes applied to many agents at once.
#[derive(Debug, Clone, Default)]
pub struct BulkChanges {
    pub status: Option<AgentStatus>,
    pub agent_type: Option<AgentType>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Agents<'a, C = crate::Db> {
    db: &'a C,
}

fn to_json<T: serde::Serialize>(value: &T) -> Result<String, StoreError> {
    serde_json::to_string(value)
        .map_err(|e| StoreError::Database(sea_orm::DbErr::Custom(e.to_string())))
}

async fn insert_version(
    db: &impl ConnectionTrait,
    agent_id: &str,
    version: u32,
    config: &AgentConfig,
    by: Option<&str>,
) -> Result<(), StoreError> {
    agent_version::ActiveModel {
        id: Set(uuid::Uuid::now_v7().to_string()),
        agent_id: Set(agent_id.to_owned()),
        version: Set(i32::try_from(version).unwrap_or(i32::MAX)),
        config: Set(to_json(config)?),
        created_by: Set(by.map(str::to_owned)),
        created_at: Set(crate::now()),
    }
    .insert(db)
    .await?;
    Ok(())
}

/// Writes a new status and/or configuration; a configuration that differs
/// from the current one becomes the next version. Runs inside `db`'s
/// transaction when it is one.
async fn apply(
    db: &impl ConnectionTrait,
    current: Agent,
    status: Option<AgentStatus>,
    config: Option<AgentConfig>,
    by: Option<&str>,
) -> Result<Agent, StoreError> {
    let new_config = config.filter(|c| *c != current.config);
    let mut model = agent::ActiveModel {
        id: Set(current.id.clone()),
        ..Default::default()
    };
    let mut version = current.current_version;
    if let Some(config) = &new_config {
        version += 1;
        insert_version(db, &current.id, version, config, by).await?;
        model.name = Set(config.name.clone());
        model.agent_type = Set(config.agent_type.as_str().to_owned());
        model.config = Set(to_json(config)?);
        model.current_version = Set(i32::try_from(version).unwrap_or(i32::MAX));
    }
    if let Some(status) = status.filter(|s| *s != current.status) {
        model.status = Set(status.as_str().to_owned());
    } else if new_config.is_none() {
        return Ok(current);
    }
    model.updated_at = Set(crate::now());
    Agent::try_from(model.update(db).await?)
}

impl<'a, C: ConnectionTrait + TransactionTrait> Agents<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Creates an agent with its version 1.
    pub async fn create(
        &self,
        owner_id: &str,
        status: AgentStatus,
        config: &AgentConfig,
    ) -> Result<Agent, StoreError> {
        let txn = self.db.begin().await?;
        let now = crate::now();
        let id = uuid::Uuid::now_v7().to_string();
        let model = agent::ActiveModel {
            id: Set(id.clone()),
            owner_id: Set(owner_id.to_owned()),
            team_id: Set(None),
            name: Set(config.name.clone()),
            status: Set(status.as_str().to_owned()),
            agent_type: Set(config.agent_type.as_str().to_owned()),
            config: Set(to_json(config)?),
            current_version: Set(1),
            share_token: Set(None),
            last_active_at: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        }
        .insert(&txn)
        .await?;
        insert_version(&txn, &id, 1, config, Some(owner_id)).await?;
        txn.commit().await?;
        Agent::try_from(model)
    }

    /// The names of the given agents that exist, by id.
    pub async fn names(
        &self,
        ids: &[String],
    ) -> Result<std::collections::HashMap<String, String>, StoreError> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        let rows: Vec<(String, String)> = agent::Entity::find()
            .select_only()
            .column(agent::Column::Id)
            .column(agent::Column::Name)
            .filter(agent::Column::Id.is_in(ids.iter().cloned()))
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(rows.into_iter().collect())
    }

    /// The names of `owner_id`'s agents, by id.
    pub async fn names_of_owner(
        &self,
        owner_id: &str,
    ) -> Result<Vec<(String, String)>, StoreError> {
        Ok(agent::Entity::find()
            .select_only()
            .column(agent::Column::Id)
            .column(agent::Column::Name)
            .filter(agent::Column::OwnerId.eq(owner_id))
            .limit(10_000)
            .into_tuple()
            .all(self.db)
            .await?)
    }

    /// How many agents `owner_id` has, and how many of them are active.
    pub async fn count_for_owner(&self, owner_id: &str) -> Result<(u64, u64), StoreError> {
        let mine = agent::Entity::find().filter(agent::Column::OwnerId.eq(owner_id));
        let total = mine.clone().count(self.db).await?;
        let active = mine
            .filter(agent::Column::Status.eq(AgentStatus::Active.as_str()))
            .count(self.db)
            .await?;
        Ok((total, active))
    }

    pub async fn get(&self, id: &str) -> Result<Option<Agent>, StoreError> {
        agent::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Agent::try_from)
            .transpose()
    }

    pub async fn list(&self, filter: &AgentFilter) -> Result<(Vec<Agent>, u64), StoreError> {
        let mut query = agent::Entity::find().filter(
            Condition::any()
                .add(agent::Column::OwnerId.eq(filter.viewer.clone()))
                .add(agent::Column::TeamId.in_subquery(crate::teams::teams_of(&filter.viewer))),
        );
        if let Some(team_id) = &filter.team_id {
            query = query.filter(agent::Column::TeamId.eq(team_id.clone()));
        }
        if let Some(only) = &filter.only {
            query = query.filter(agent::Column::Id.is_in(only.iter().cloned()));
        }
        if let Some(status) = filter.status {
            query = query.filter(agent::Column::Status.eq(status.as_str()));
        }
        if let Some(agent_type) = filter.agent_type {
            query = query.filter(agent::Column::AgentType.eq(agent_type.as_str()));
        }
        if let Some(search) = filter
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let escaped = search
                .to_lowercase()
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            query = query.filter(
                Expr::expr(Func::lower(Expr::col(agent::Column::Name)))
                    .like(LikeExpr::new(format!("%{escaped}%")).escape('\\')),
            );
        }
        let total = query.clone().count(self.db).await?;
        let order = if filter.descending {
            Order::Desc
        } else {
            Order::Asc
        };
        query = match filter.sort {
            AgentSort::Name => query.order_by(
                Expr::expr(Func::lower(Expr::col(agent::Column::Name))),
                order.clone(),
            ),
            AgentSort::Created => query.order_by(agent::Column::CreatedAt, order.clone()),
            AgentSort::LastActive => query.order_by_with_nulls(
                agent::Column::LastActiveAt,
                order.clone(),
                NullOrdering::Last,
            ),
        };
        let rows = query
            .order_by(agent::Column::Id, order)
            .offset(filter.page.saturating_sub(1) * filter.limit)
            .limit(filter.limit)
            .all(self.db)
            .await?;
        let agents = rows
            .into_iter()
            .map(Agent::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        Ok((agents, total))
    }

    /// Changes status and/or configuration; see [`apply`].
    pub async fn update(
        &self,
        current: Agent,
        status: Option<AgentStatus>,
        config: Option<AgentConfig>,
        by: &str,
    ) -> Result<Agent, StoreError> {
        let txn = self.db.begin().await?;
        let updated = apply(&txn, current, status, config, Some(by)).await?;
        txn.commit().await?;
        Ok(updated)
    }

    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let result = agent::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Loads the agents with these ids; `NotFound` unless every one exists.
    async fn all_of(db: &impl ConnectionTrait, ids: &[String]) -> Result<Vec<Agent>, StoreError> {
        let rows = agent::Entity::find()
            .filter(agent::Column::Id.is_in(ids.iter().cloned()))
            .all(db)
            .await?;
        let mut unique: Vec<&String> = ids.iter().collect();
        unique.sort();
        unique.dedup();
        if rows.len() != unique.len() {
            return Err(StoreError::NotFound);
        }
        rows.into_iter().map(Agent::try_from).collect()
    }

    /// Deletes all of them or none: `NotFound` if any id is unknown. Who may
    /// is the caller's to check.
    pub async fn delete_many(&self, ids: &[String]) -> Result<u64, StoreError> {
        let txn = self.db.begin().await?;
        let agents = Self::all_of(&txn, ids).await?;
        let result = agent::Entity::delete_many()
            .filter(agent::Column::Id.is_in(agents.iter().map(|a| a.id.clone())))
            .exec(&txn)
            .await?;
        txn.commit().await?;
        Ok(result.rows_affected)
    }

    /// Applies the changes to all of them or none (`NotFound` if any id is
    /// unknown), as `by`.
    pub async fn update_many(
        &self,
        ids: &[String],
        changes: &BulkChanges,
        by: &str,
    ) -> Result<Vec<Agent>, StoreError> {
        let txn = self.db.begin().await?;
        let agents = Self::all_of(&txn, ids).await?;
        let mut updated = Vec::with_capacity(agents.len());
        for agent in agents {
            let config = changes.agent_type.map(|agent_type| AgentConfig {
                agent_type,
                ..agent.config.clone()
            });
            updated.push(apply(&txn, agent, changes.status, config, Some(by)).await?);
        }
        txn.commit().await?;
        Ok(updated)
    }

    pub async fn touch_last_active(&self, id: &str) -> Result<DateTime<Utc>, StoreError> {
        let now = crate::now();
        agent::Entity::update_many()
            .col_expr(agent::Column::LastActiveAt, Expr::value(now))
            .filter(agent::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(now)
    }

    /// Newest first.
    pub async fn versions(&self, agent_id: &str) -> Result<Vec<AgentVersion>, StoreError> {
        let rows = agent_version::Entity::find()
            .filter(agent_version::Column::AgentId.eq(agent_id))
            .order_by_desc(agent_version::Column::Version)
            .all(self.db)
            .await?;
        rows.into_iter().map(AgentVersion::try_from).collect()
    }

    pub async fn version(
        &self,
        agent_id: &str,
        version: u32,
    ) -> Result<Option<AgentVersion>, StoreError> {
        agent_version::Entity::find()
            .filter(agent_version::Column::AgentId.eq(agent_id))
            .filter(agent_version::Column::Version.eq(i32::try_from(version).unwrap_or(i32::MAX)))
            .one(self.db)
            .await?
            .map(AgentVersion::try_from)
            .transpose()
    }

    /// Points `environment` at `version`, replacing what it ran before.
    pub async fn deploy(
        &self,
        agent_id: &str,
        environment: Environment,
        version: u32,
        configuration: &serde_json::Value,
        by: &str,
    ) -> Result<Deployment, StoreError> {
        let txn = self.db.begin().await?;
        agent_deployment::Entity::delete_many()
            .filter(agent_deployment::Column::AgentId.eq(agent_id))
            .filter(agent_deployment::Column::Environment.eq(environment.as_str()))
            .exec(&txn)
            .await?;
        let model = agent_deployment::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            agent_id: Set(agent_id.to_owned()),
            environment: Set(environment.as_str().to_owned()),
            version: Set(i32::try_from(version).unwrap_or(i32::MAX)),
            configuration: Set(to_json(configuration)?),
            deployed_by: Set(Some(by.to_owned())),
            deployed_at: Set(crate::now()),
        }
        .insert(&txn)
        .await?;
        txn.commit().await?;
        Deployment::try_from(model)
    }

    /// The version deployed to `environment`, if one is.
    pub async fn deployed(
        &self,
        agent_id: &str,
        environment: Environment,
    ) -> Result<Option<AgentVersion>, StoreError> {
        let deployment = agent_deployment::Entity::find()
            .filter(agent_deployment::Column::AgentId.eq(agent_id))
            .filter(agent_deployment::Column::Environment.eq(environment.as_str()))
            .one(self.db)
            .await?;
        match deployment {
            Some(d) => {
                self.version(agent_id, u32::try_from(d.version).unwrap_or_default())
                    .await
            }
            None => Ok(None),
        }
    }

    /// In the order development, staging, production.
    pub async fn deployments(&self, agent_id: &str) -> Result<Vec<Deployment>, StoreError> {
        let rows = agent_deployment::Entity::find()
            .filter(agent_deployment::Column::AgentId.eq(agent_id))
            .all(self.db)
            .await?;
        let mut deployments = rows
            .into_iter()
            .map(Deployment::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        deployments.sort_by_key(|d| Environment::ALL.iter().position(|e| *e == d.environment));
        Ok(deployments)
    }

    /// The agents shared with a team, by name.
    pub async fn in_team(&self, team_id: &str) -> Result<Vec<Agent>, StoreError> {
        agent::Entity::find()
            .filter(agent::Column::TeamId.eq(team_id))
            .order_by_asc(Expr::expr(Func::lower(Expr::col(agent::Column::Name))))
            .order_by_asc(agent::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Agent::try_from)
            .collect()
    }

    /// Shares the agent with a team, or with none.
    pub async fn set_team(
        &self,
        agent_id: &str,
        team_id: Option<String>,
    ) -> Result<(), StoreError> {
        agent::Entity::update_many()
            .col_expr(agent::Column::TeamId, Expr::value(team_id))
            .filter(agent::Column::Id.eq(agent_id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    pub async fn set_share_token(
        &self,
        agent_id: &str,
        token: Option<String>,
    ) -> Result<(), StoreError> {
        agent::Entity::update_many()
            .col_expr(agent::Column::ShareToken, Expr::value(token))
            .filter(agent::Column::Id.eq(agent_id))
            .exec(self.db)
            .await?;
        Ok(())
    }
}
