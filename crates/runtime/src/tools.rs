//! The tools a turn may use: the agent's MCP servers' tools, as the model
//! sees them (by priority, names made unique) and as the runtime calls them
//! (one pooled connection per server, each call within its timeout, all of
//! an answer's calls within a budget). A tool that fails or dawdles fails
//! alone: the model is told, the turn goes on.

use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

use agentforge_domain::mcp::{McpEndpoint, McpTool, tool_name};
use agentforge_llm::{ToolSpec, Tools};
use agentforge_mcp::McpPool;
use agentforge_store::{McpAssignment, McpServer, Store, StoreError};
use std::collections::BTreeMap;

use crate::sealed::Sealer;

/// What lets turns use tools: the connections, the key to the servers'
/// secrets, and the limits.
pub struct Toolbox {
    pub pool: Arc<McpPool>,
    pub sealer: Arc<Sealer>,
    /// One call.
    pub tool_timeout: Duration,
    /// All the calls of one answer.
    pub turn_budget: Duration,
}

impl std::fmt::Debug for Toolbox {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Toolbox").finish_non_exhaustive()
    }
}

/// Why a server's secrets could not be read (sealed under another key).
#[derive(Debug, Clone, thiserror::Error)]
#[error("the server's stored credentials cannot be read (sealed under another secret key)")]
pub struct SecretsUnreadable;

impl Toolbox {
    /// How to reach a stored server, its secrets opened.
    pub fn endpoint(&self, server: &McpServer) -> Result<McpEndpoint, SecretsUnreadable> {
        let open =
            |sealed: &Option<String>| -> Result<BTreeMap<String, String>, SecretsUnreadable> {
                match sealed {
                    None => Ok(BTreeMap::new()),
                    Some(sealed) => {
                        let text = self
                            .sealer
                            .open_str(sealed)
                            .map_err(|_| SecretsUnreadable)?;
                        serde_json::from_str(&text).map_err(|_| SecretsUnreadable)
                    }
                }
            };
        Ok(match server.transport {
            agentforge_domain::mcp::McpTransport::Stdio => McpEndpoint::Stdio {
                command: server.command.clone().unwrap_or_default(),
                args: server.args.clone(),
                env: open(&server.env_sealed)?,
            },
            agentforge_domain::mcp::McpTransport::StreamableHttp => McpEndpoint::StreamableHttp {
                url: server.url.clone().unwrap_or_default(),
                headers: open(&server.headers_sealed)?,
            },
        })
    }

    /// Seals a server's secrets (`None` when there are none).
    pub fn seal(&self, secrets: &BTreeMap<String, String>) -> Option<String> {
        if secrets.is_empty() {
            return None;
        }
        serde_json::to_string(secrets)
            .ok()
            .map(|json| self.sealer.seal_str(&json))
    }

    /// The tools of the agent's enabled servers (none when it has none).
    pub async fn for_agent(&self, store: &Store, agent_id: &str) -> Result<AgentTools, StoreError> {
        let servers = store.mcp().servers_of_agent(agent_id).await?;
        Ok(self.tools_of(servers))
    }

    fn tools_of(&self, servers: Vec<(McpAssignment, McpServer)>) -> AgentTools {
        let mut tools = AgentTools {
            specs: Vec::new(),
            routes: HashMap::new(),
            pool: self.pool.clone(),
            tool_timeout: self.tool_timeout,
            budget: self.turn_budget,
            first_call: std::sync::Mutex::new(None),
        };
        for (assignment, server) in servers {
            if !server.enabled {
                continue;
            }
            let Ok(endpoint) = self.endpoint(&server) else {
                tracing::warn!(mcp_server = %server.id, "skipping an MCP server whose credentials cannot be read");
                continue;
            };
            let endpoint = Arc::new(endpoint);
            for tool in usable(&assignment, &server.tools) {
                let exposed = tools.unique_name(&server.name, &tool.name);
                tools.specs.push(ToolSpec {
                    name: exposed.clone(),
                    description: tool.description.chars().take(1_024).collect(),
                    parameters: if tool.input_schema.is_object() {
                        tool.input_schema.clone()
                    } else {
                        serde_json::json!({"type": "object"})
                    },
                });
                tools.routes.insert(
                    exposed,
                    Route {
                        server_id: server.id.clone(),
                        server_name: server.name.clone(),
                        tool: tool.name.clone(),
                        endpoint: endpoint.clone(),
                    },
                );
            }
        }
        tools
    }
}

/// The server's tools the assignment lets the agent use: those it names
/// (none: all), and of those the ones it permits (none: all it names).
pub fn usable<'a>(assignment: &McpAssignment, tools: &'a [McpTool]) -> Vec<&'a McpTool> {
    tools
        .iter()
        .filter(|t| assignment.tools.is_empty() || assignment.tools.contains(&t.name))
        .filter(|t| assignment.permissions.is_empty() || assignment.permissions.contains(&t.name))
        .collect()
}

/// Where an exposed tool name leads.
struct Route {
    server_id: String,
    server_name: String,
    tool: String,
    endpoint: Arc<McpEndpoint>,
}

/// One answer's tools.
pub struct AgentTools {
    specs: Vec<ToolSpec>,
    routes: HashMap<String, Route>,
    pool: Arc<McpPool>,
    tool_timeout: Duration,
    budget: Duration,
    first_call: std::sync::Mutex<Option<Instant>>,
}

impl AgentTools {
    pub fn is_empty(&self) -> bool {
        self.specs.is_empty()
    }

    /// A name models accept, unique among this answer's tools: the tool's
    /// own, else prefixed with its server's, else numbered.
    fn unique_name(&self, server: &str, tool: &str) -> String {
        let own = tool_name(tool);
        if !self.routes.contains_key(&own) {
            return own;
        }
        let prefixed = tool_name(&format!("{}_{tool}", tool_name(server)));
        if !self.routes.contains_key(&prefixed) {
            return prefixed;
        }
        (2..)
            .map(|n| tool_name(&format!("{prefixed}_{n}")))
            .find(|name| !self.routes.contains_key(name))
            .unwrap_or(prefixed)
    }

    /// Calls `tool` of the server `server_id` by its own name (a flow's
    /// tool node): only the agent's assigned servers' usable tools answer.
    /// The server's name comes back with the result.
    pub async fn call_on(
        &self,
        server_id: &str,
        tool: &str,
        arguments: &serde_json::Value,
    ) -> (Option<String>, Result<String, String>) {
        let exposed = self
            .routes
            .iter()
            .find(|(_, r)| r.server_id == server_id && r.tool == tool)
            .map(|(name, r)| (name.clone(), r.server_name.clone()));
        match exposed {
            Some((name, server)) => (Some(server), self.call(&name, arguments).await),
            None => (
                None,
                Err(format!(
                    "The agent has no tool '{tool}' from this MCP server: assign the server to the agent with that tool allowed"
                )),
            ),
        }
    }

    /// What is left of the budget, counted from the first call.
    fn remaining(&self) -> Duration {
        let mut first = self.first_call.lock().unwrap_or_else(|e| e.into_inner());
        let started = *first.get_or_insert_with(Instant::now);
        self.budget.saturating_sub(started.elapsed())
    }
}

#[async_trait::async_trait]
impl Tools for AgentTools {
    fn specs(&self) -> Vec<ToolSpec> {
        self.specs.clone()
    }

    async fn call(&self, name: &str, arguments: &serde_json::Value) -> Result<String, String> {
        let Some(route) = self.routes.get(name) else {
            return Err(format!("There is no tool named '{name}'"));
        };
        let remaining = self.remaining();
        if remaining.is_zero() {
            return Err(
                "The time for tools in this answer is used up; answer with what you have"
                    .to_owned(),
            );
        }
        let arguments = match arguments {
            serde_json::Value::Object(map) => map.clone(),
            serde_json::Value::Null => serde_json::Map::new(),
            other => {
                return Err(format!("The arguments must be a JSON object, not {other}"));
            }
        };
        let timeout = self.tool_timeout.min(remaining);
        match self
            .pool
            .call(
                &route.server_id,
                &route.endpoint,
                &route.tool,
                arguments,
                timeout,
            )
            .await
        {
            Ok(output) if output.is_error => Err(output.as_text()),
            Ok(output) => Ok(output.as_text()),
            Err(error) => Err(format!("The tool could not be used: {error}")),
        }
    }

    fn source(&self, name: &str) -> Option<String> {
        self.routes.get(name).map(|r| r.server_name.clone())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn assignment(tools: &[&str], permissions: &[&str]) -> McpAssignment {
        McpAssignment {
            id: "a".into(),
            agent_id: "agent".into(),
            mcp_server_id: "s".into(),
            tools: tools.iter().map(|t| (*t).to_owned()).collect(),
            permissions: permissions.iter().map(|t| (*t).to_owned()).collect(),
            priority: 0,
            created_at: chrono::Utc::now(),
            updated_at: chrono::Utc::now(),
        }
    }

    fn tool(name: &str) -> McpTool {
        McpTool {
            name: name.into(),
            description: String::new(),
            input_schema: serde_json::json!({"type": "object"}),
        }
    }

    #[test]
    fn an_assignment_narrows_the_tools_by_configuration_then_permissions() {
        let tools = [tool("echo"), tool("add"), tool("delete_everything")];
        let names = |a: &McpAssignment| {
            usable(a, &tools)
                .iter()
                .map(|t| t.name.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            names(&assignment(&[], &[])),
            ["echo", "add", "delete_everything"]
        );
        assert_eq!(names(&assignment(&["echo", "add"], &[])), ["echo", "add"]);
        assert_eq!(names(&assignment(&["echo", "add"], &["add"])), ["add"]);
        assert_eq!(names(&assignment(&[], &["echo"])), ["echo"]);
    }
}
