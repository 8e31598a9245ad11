//! MCP servers and which agents use them. A server's secrets (the command's
//! environment, the request headers) arrive sealed by the server and are
//! kept as they came: the store never sees them in clear.

use agentforge_domain::mcp::{McpPrompt, McpResource, McpStatus, McpTool, McpTransport};
use chrono::{DateTime, Utc};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, ConnectionTrait, EntityTrait, QueryFilter,
    QueryOrder, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{agent_mcp_server, mcp_server};

/// An MCP server as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct McpServer {
    pub id: String,
    pub owner_id: String,
    pub name: String,
    pub description: String,
    pub transport: McpTransport,
    pub command: Option<String>,
    pub args: Vec<String>,
    pub env_sealed: Option<String>,
    pub url: Option<String>,
    pub headers_sealed: Option<String>,
    pub enabled: bool,
    pub status: McpStatus,
    pub tools: Vec<McpTool>,
    pub resources: Vec<McpResource>,
    pub prompts: Vec<McpPrompt>,
    pub last_tested_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<mcp_server::Model> for McpServer {
    fn from(m: mcp_server::Model) -> Self {
        Self {
            // A transport this build does not know is shown as the one that
            // runs nothing on the host.
            transport: McpTransport::parse(&m.transport).unwrap_or(McpTransport::StreamableHttp),
            status: McpStatus::parse(&m.status).unwrap_or(McpStatus::Unknown),
            args: serde_json::from_str(&m.args).unwrap_or_default(),
            tools: serde_json::from_str(&m.tools).unwrap_or_default(),
            resources: serde_json::from_str(&m.resources).unwrap_or_default(),
            prompts: serde_json::from_str(&m.prompts).unwrap_or_default(),
            id: m.id,
            owner_id: m.owner_id,
            name: m.name,
            description: m.description,
            command: m.command,
            env_sealed: m.env_sealed,
            url: m.url,
            headers_sealed: m.headers_sealed,
            enabled: m.enabled,
            last_tested_at: m.last_tested_at,
            last_error: m.last_error,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// A server's configuration, as written by a create or an update (secrets
/// already sealed).
#[derive(Debug, Clone, PartialEq)]
pub struct McpServerFields {
    pub name: String,
    pub description: String,
    pub transport: McpTransport,
    pub command: Option<String>,
    pub args: Vec<String>,
    pub env_sealed: Option<String>,
    pub url: Option<String>,
    pub headers_sealed: Option<String>,
    pub enabled: bool,
}

/// What a test of the server found.
#[derive(Debug, Clone, PartialEq)]
pub struct McpDiscovery {
    pub status: McpStatus,
    pub tools: Vec<McpTool>,
    pub resources: Vec<McpResource>,
    pub prompts: Vec<McpPrompt>,
    pub error: Option<String>,
}

/// A server assigned to an agent.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpAssignment {
    pub id: String,
    pub agent_id: String,
    pub mcp_server_id: String,
    /// The server's tools the agent uses; empty: all.
    pub tools: Vec<String>,
    /// Of those, the ones it may call; empty: all it uses.
    pub permissions: Vec<String>,
    pub priority: i32,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<agent_mcp_server::Model> for McpAssignment {
    fn from(m: agent_mcp_server::Model) -> Self {
        Self {
            tools: serde_json::from_str(&m.tools).unwrap_or_default(),
            permissions: serde_json::from_str(&m.permissions).unwrap_or_default(),
            id: m.id,
            agent_id: m.agent_id,
            mcp_server_id: m.mcp_server_id,
            priority: m.priority,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "[]".into())
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct McpServers<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> McpServers<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    pub async fn create(
        &self,
        owner_id: &str,
        fields: McpServerFields,
    ) -> Result<McpServer, StoreError> {
        let now = crate::now();
        let model = mcp_server::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            owner_id: Set(owner_id.to_owned()),
            name: Set(fields.name),
            description: Set(fields.description),
            transport: Set(fields.transport.as_str().to_owned()),
            command: Set(fields.command),
            args: Set(json(&fields.args)),
            env_sealed: Set(fields.env_sealed),
            url: Set(fields.url),
            headers_sealed: Set(fields.headers_sealed),
            enabled: Set(fields.enabled),
            status: Set(McpStatus::Unknown.as_str().to_owned()),
            tools: Set("[]".into()),
            resources: Set("[]".into()),
            prompts: Set("[]".into()),
            last_tested_at: Set(None),
            last_error: Set(None),
            created_at: Set(now),
            updated_at: Set(now),
        };
        Ok(model.insert(self.db).await?.into())
    }

    pub async fn get(&self, id: &str) -> Result<Option<McpServer>, StoreError> {
        Ok(mcp_server::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(McpServer::from))
    }

    /// The owner's servers, by name.
    pub async fn list_for_owner(&self, owner_id: &str) -> Result<Vec<McpServer>, StoreError> {
        let rows = mcp_server::Entity::find()
            .filter(mcp_server::Column::OwnerId.eq(owner_id))
            .order_by_asc(mcp_server::Column::Name)
            .order_by_asc(mcp_server::Column::Id)
            .all(self.db)
            .await?;
        Ok(rows.into_iter().map(McpServer::from).collect())
    }

    /// How many servers the owner has.
    pub async fn count_for_owner(&self, owner_id: &str) -> Result<u64, StoreError> {
        use sea_orm::PaginatorTrait;
        Ok(mcp_server::Entity::find()
            .filter(mcp_server::Column::OwnerId.eq(owner_id))
            .count(self.db)
            .await?)
    }

    /// Replaces the configuration. A change of how the server is reached
    /// makes what the last test found unknown again.
    pub async fn update(
        &self,
        id: &str,
        fields: McpServerFields,
        reached_differently: bool,
    ) -> Result<McpServer, StoreError> {
        let mut model = mcp_server::ActiveModel {
            id: Set(id.to_owned()),
            name: Set(fields.name),
            description: Set(fields.description),
            transport: Set(fields.transport.as_str().to_owned()),
            command: Set(fields.command),
            args: Set(json(&fields.args)),
            env_sealed: Set(fields.env_sealed),
            url: Set(fields.url),
            headers_sealed: Set(fields.headers_sealed),
            enabled: Set(fields.enabled),
            updated_at: Set(crate::now()),
            ..Default::default()
        };
        if reached_differently {
            model.status = Set(McpStatus::Unknown.as_str().to_owned());
            model.last_error = Set(None);
        }
        Ok(model.update(self.db).await?.into())
    }

    /// Records what a test found.
    pub async fn record_discovery(
        &self,
        id: &str,
        found: McpDiscovery,
    ) -> Result<McpServer, StoreError> {
        let now = crate::now();
        let mut model = mcp_server::ActiveModel {
            id: Set(id.to_owned()),
            status: Set(found.status.as_str().to_owned()),
            last_tested_at: Set(Some(now)),
            last_error: Set(found.error),
            ..Default::default()
        };
        // A failed test keeps what the last good one found.
        if found.status == McpStatus::Connected {
            model.tools = Set(json(&found.tools));
            model.resources = Set(json(&found.resources));
            model.prompts = Set(json(&found.prompts));
        }
        Ok(model.update(self.db).await?.into())
    }

    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let result = mcp_server::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// How many agents use each of these servers.
    pub async fn usage(
        &self,
        server_ids: &[String],
    ) -> Result<std::collections::HashMap<String, u64>, StoreError> {
        let mut counts = std::collections::HashMap::new();
        if server_ids.is_empty() {
            return Ok(counts);
        }
        let rows = agent_mcp_server::Entity::find()
            .filter(agent_mcp_server::Column::McpServerId.is_in(server_ids.iter().cloned()))
            .all(self.db)
            .await?;
        for row in rows {
            *counts.entry(row.mcp_server_id).or_insert(0) += 1;
        }
        Ok(counts)
    }

    /// The agent's servers, highest priority first, then oldest first.
    pub async fn assignments(&self, agent_id: &str) -> Result<Vec<McpAssignment>, StoreError> {
        let rows = agent_mcp_server::Entity::find()
            .filter(agent_mcp_server::Column::AgentId.eq(agent_id))
            .order_by_desc(agent_mcp_server::Column::Priority)
            .order_by_asc(agent_mcp_server::Column::CreatedAt)
            .order_by_asc(agent_mcp_server::Column::Id)
            .all(self.db)
            .await?;
        Ok(rows.into_iter().map(McpAssignment::from).collect())
    }

    /// The agent's servers with each server, in the order the model sees
    /// their tools.
    pub async fn servers_of_agent(
        &self,
        agent_id: &str,
    ) -> Result<Vec<(McpAssignment, McpServer)>, StoreError> {
        let assignments = self.assignments(agent_id).await?;
        if assignments.is_empty() {
            return Ok(Vec::new());
        }
        let ids: Vec<String> = assignments
            .iter()
            .map(|a| a.mcp_server_id.clone())
            .collect();
        let servers: std::collections::HashMap<String, McpServer> = mcp_server::Entity::find()
            .filter(mcp_server::Column::Id.is_in(ids))
            .all(self.db)
            .await?
            .into_iter()
            .map(|m| (m.id.clone(), McpServer::from(m)))
            .collect();
        Ok(assignments
            .into_iter()
            .filter_map(|a| {
                let server = servers.get(&a.mcp_server_id)?.clone();
                Some((a, server))
            })
            .collect())
    }

    /// Assigns a server to an agent, or updates the assignment when it exists.
    pub async fn assign(
        &self,
        agent_id: &str,
        server_id: &str,
        tools: &[String],
        permissions: &[String],
        priority: i32,
    ) -> Result<McpAssignment, StoreError> {
        let now = crate::now();
        let existing = agent_mcp_server::Entity::find()
            .filter(agent_mcp_server::Column::AgentId.eq(agent_id))
            .filter(agent_mcp_server::Column::McpServerId.eq(server_id))
            .one(self.db)
            .await?;
        let model = match existing {
            Some(row) => {
                let mut model: agent_mcp_server::ActiveModel = row.into();
                model.tools = Set(json(&tools));
                model.permissions = Set(json(&permissions));
                model.priority = Set(priority);
                model.updated_at = Set(now);
                model.update(self.db).await?
            }
            None => {
                agent_mcp_server::ActiveModel {
                    id: Set(uuid::Uuid::now_v7().to_string()),
                    agent_id: Set(agent_id.to_owned()),
                    mcp_server_id: Set(server_id.to_owned()),
                    tools: Set(json(&tools)),
                    permissions: Set(json(&permissions)),
                    priority: Set(priority),
                    created_at: Set(now),
                    updated_at: Set(now),
                }
                .insert(self.db)
                .await?
            }
        };
        Ok(model.into())
    }

    /// Takes a server off an agent; false when it was not on it.
    pub async fn unassign(&self, agent_id: &str, server_id: &str) -> Result<bool, StoreError> {
        let result = agent_mcp_server::Entity::delete_many()
            .filter(agent_mcp_server::Column::AgentId.eq(agent_id))
            .filter(agent_mcp_server::Column::McpServerId.eq(server_id))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected > 0)
    }

    /// Whether any enabled server is assigned to the agent (a turn with
    /// none skips loading them).
    pub async fn agent_has_tools(&self, agent_id: &str) -> Result<bool, StoreError> {
        use sea_orm::{PaginatorTrait, QuerySelect};
        let count = agent_mcp_server::Entity::find()
            .filter(agent_mcp_server::Column::AgentId.eq(agent_id))
            .filter(
                agent_mcp_server::Column::McpServerId.in_subquery(
                    sea_orm::sea_query::Query::select()
                        .column(mcp_server::Column::Id)
                        .from(mcp_server::Entity)
                        .and_where(mcp_server::Column::Enabled.eq(true))
                        .to_owned(),
                ),
            )
            .limit(1)
            .count(self.db)
            .await?;
        Ok(count > 0)
    }
}
