//! What MCP servers can do: a user keeps their own (stdio ones only when
//! an admin, signed in, and only with an allowed command), tests them,
//! calls their tools, imports and exports them in the desktop clients'
//! format, and lends them to agents they may edit.
//!
//! Secrets (a command's environment, a URL's headers) are sealed before
//! they are stored and shown masked; a masked value sent back keeps the
//! stored one.

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use agentforge_domain::audit::{AuditAction, AuditOutcome, AuditResource};
use agentforge_domain::error::{Conflict, Error, Problems, Thing, Upstream, messages};
use agentforge_domain::mcp::{
    self, EndpointInput, McpEndpoint, McpStatus, McpTransport, check_endpoint, is_mask,
};
use agentforge_domain::policy::{Action, Actor};
use agentforge_mcp::{McpError, ToolOutput, command_allowed};
use agentforge_runtime::Toolbox;
use agentforge_store::{Agent, McpAssignment, McpDiscovery, McpServer, McpServerFields, Store};
use serde_json::json;

use crate::access;
use crate::audit::{self, Change};

/// A server as sent by a create, an update or an import.
#[derive(Debug, Clone, Default)]
pub struct ServerInput {
    pub name: String,
    pub description: String,
    pub transport: Option<McpTransport>,
    pub command: Option<String>,
    pub args: Vec<String>,
    pub env: BTreeMap<String, String>,
    pub url: Option<String>,
    pub headers: BTreeMap<String, String>,
    pub enabled: bool,
}

/// What MCP operations use.
pub struct Mcp<'a> {
    pub store: &'a Store,
    pub toolbox: &'a Toolbox,
    /// Servers one account may have.
    pub per_user: u32,
}

/// What a test found, or why it failed.
#[derive(Debug, Clone)]
pub struct Tested {
    pub server: McpServer,
    pub error: Option<McpError>,
    pub server_info: Option<String>,
    pub duration: Duration,
}

/// What a test of a configuration not saved found.
#[derive(Debug)]
pub struct Probed {
    pub outcome: Result<agentforge_mcp::Discovery, McpError>,
    pub duration: Duration,
}

/// A server with how many agents use it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub server: McpServer,
    pub agents: u64,
}

fn owner(actor: &Actor) -> Result<&str, Error> {
    actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))
}

/// The audit entry of a change to `server`, its owner's.
fn change(action: AuditAction, server: &McpServer) -> Change {
    Change::new(action, AuditResource::McpServer, &server.id).owner(&server.owner_id)
}

/// The audit entry of a change to what `server` lends `agent`: the agent's
/// team reads it too.
fn lending(action: AuditAction, server: &McpServer, agent: &Agent) -> Change {
    change(action, server)
        .team(agent.team_id.as_deref())
        .field("agentId", &agent.id)
}

/// What an assignment's audit diff compares.
fn lent(assignment: &McpAssignment) -> serde_json::Value {
    json!({
        "tools": assignment.tools,
        "permissions": assignment.permissions,
        "priority": assignment.priority,
    })
}

/// How a configuration reaches its server, once every field is checked and
/// no secret is left masked (a mask stands for a stored value; where there
/// is none to keep, it cannot be stored).
fn checked_endpoint(input: &ServerInput) -> Result<McpEndpoint, Error> {
    let mut problems = Problems::default();
    let endpoint = check(&mut problems, "", input);
    if input
        .env
        .values()
        .chain(input.headers.values())
        .any(|v| is_mask(v))
    {
        problems.add(
            "env",
            "A masked value cannot be stored: type the secret itself",
        );
    }
    problems.finish()?;
    endpoint.ok_or_else(|| Error::invalid("transport", messages::REQUIRED))
}

/// Checks a server's fields under `prefix`, recording every problem.
pub fn check(problems: &mut Problems, prefix: &str, input: &ServerInput) -> Option<McpEndpoint> {
    let field = |name: &str| format!("{prefix}{name}");
    let name = input.name.trim();
    if name.is_empty() {
        problems.add(&field("name"), messages::REQUIRED);
    }
    problems.name(&field("name"), Some(name), mcp::NAME_MAX);
    problems.text(
        &field("description"),
        Some(&input.description),
        mcp::DESCRIPTION_MAX,
    );
    let Some(transport) = input.transport else {
        problems.add(&field("transport"), messages::REQUIRED);
        return None;
    };
    check_endpoint(
        problems,
        prefix,
        EndpointInput {
            transport,
            command: input.command.as_deref(),
            args: &input.args,
            env: &input.env,
            url: input.url.as_deref(),
            headers: &input.headers,
        },
    )
}

impl Mcp<'_> {
    pub async fn list(&self, actor: &Actor) -> Result<Vec<Listed>, Error> {
        let servers = self.store.mcp().list_for_owner(owner(actor)?).await?;
        let ids: Vec<String> = servers.iter().map(|s| s.id.clone()).collect();
        let usage = self.store.mcp().usage(&ids).await?;
        Ok(servers
            .into_iter()
            .map(|server| Listed {
                agents: usage.get(&server.id).copied().unwrap_or(0),
                server,
            })
            .collect())
    }

    pub async fn get(&self, actor: &Actor, id: &str) -> Result<Listed, Error> {
        let server = access::mcp_server(self.store, actor, id, Action::View).await?;
        let agents = self
            .store
            .mcp()
            .usage(std::slice::from_ref(&server.id))
            .await?
            .get(&server.id)
            .copied()
            .unwrap_or(0);
        Ok(Listed { server, agents })
    }

    /// Whether the endpoint may be stored at all: a stdio command only by
    /// an admin, signed in, and only one on the allow-list; a URL only when
    /// it does not name a private address (names are checked again, after
    /// DNS, at every connection).
    fn may_run(&self, actor: &Actor, endpoint: &McpEndpoint) -> Result<(), Error> {
        match endpoint {
            McpEndpoint::Stdio { command, .. } => {
                access::host_commands(actor)?;
                if !command_allowed(command, &self.toolbox.pool.limits().stdio_allow) {
                    return Err(Error::Conflict(Conflict::StdioNotAllowed));
                }
            }
            McpEndpoint::StreamableHttp { url, .. } => {
                self.toolbox
                    .pool
                    .limits()
                    .guard
                    .check_url(url)
                    .map_err(|e| Error::invalid("url", e.to_string()))?;
            }
        }
        Ok(())
    }

    fn fields(&self, input: &ServerInput, endpoint: McpEndpoint) -> McpServerFields {
        let (command, args, env, url, headers) = match endpoint {
            McpEndpoint::Stdio { command, args, env } => {
                (Some(command), args, env, None, BTreeMap::new())
            }
            McpEndpoint::StreamableHttp { url, headers } => {
                (None, Vec::new(), BTreeMap::new(), Some(url), headers)
            }
        };
        McpServerFields {
            name: input.name.trim().to_owned(),
            description: input.description.trim().to_owned(),
            transport: input.transport.unwrap_or(McpTransport::StreamableHttp),
            command,
            args,
            env_sealed: self.toolbox.seal(&env),
            url,
            headers_sealed: self.toolbox.seal(&headers),
            enabled: input.enabled,
        }
    }

    /// What a server's audit diff compares: its configuration and status,
    /// with its secrets opened under `env` or `headers`, which the diff
    /// redacts whole (that they changed shows, never what they are).
    fn snapshot(&self, server: &McpServer) -> serde_json::Value {
        let mut value = json!({
            "name": server.name,
            "description": server.description,
            "transport": server.transport.as_str(),
            "command": server.command,
            "args": server.args,
            "url": server.url,
            "enabled": server.enabled,
            "status": server.status.as_str(),
        });
        let secrets = match self.toolbox.endpoint(server) {
            Ok(McpEndpoint::Stdio { env, .. }) => Some(("env", env)),
            Ok(McpEndpoint::StreamableHttp { headers, .. }) => Some(("headers", headers)),
            Err(_) => None,
        };
        if let (Some((field, secrets)), Some(fields)) = (secrets, value.as_object_mut())
            && !secrets.is_empty()
        {
            fields.insert(field.into(), json!(secrets));
        }
        value
    }

    /// How a new server's configuration reaches it ([`checked_endpoint`]),
    /// once the caller may run it (stdio: an admin, an allowed command).
    fn new_endpoint(&self, actor: &Actor, input: &ServerInput) -> Result<McpEndpoint, Error> {
        owner(actor)?;
        let endpoint = checked_endpoint(input)?;
        self.may_run(actor, &endpoint)?;
        Ok(endpoint)
    }

    /// Tests a configuration before it is saved: the same checks as
    /// adding it, then a connection of its own that lists what the server
    /// offers and closes. Nothing is stored; a failure is an answer.
    pub async fn probe(&self, actor: &Actor, input: ServerInput) -> Result<Probed, Error> {
        let endpoint = self.new_endpoint(actor, &input)?;
        let id = format!("probe-{}", uuid::Uuid::now_v7());
        let started = Instant::now();
        let outcome = self.toolbox.pool.probe(&id, &endpoint).await;
        Ok(Probed {
            outcome,
            duration: started.elapsed(),
        })
    }

    pub async fn create(&self, actor: &Actor, input: ServerInput) -> Result<McpServer, Error> {
        let owner_id = owner(actor)?.to_owned();
        let endpoint = self.new_endpoint(actor, &input)?;
        let tx = self.store.begin().await?;
        if tx.mcp().count_for_owner(&owner_id).await? >= u64::from(self.per_user) {
            return Err(Error::Conflict(Conflict::TooManyMcpServers));
        }
        let fields = self.fields(&input, endpoint);
        let server = tx.mcp().create(&owner_id, fields).await?;
        let entry = change(AuditAction::McpServerCreate, &server).created(&self.snapshot(&server));
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        Ok(server)
    }

    /// Replaces a server's configuration; a secret sent back masked keeps
    /// the stored one. A change of how it is reached closes its connection.
    pub async fn update(
        &self,
        actor: &Actor,
        id: &str,
        mut input: ServerInput,
    ) -> Result<McpServer, Error> {
        let current = access::mcp_server(self.store, actor, id, Action::Edit).await?;
        let stored = self
            .toolbox
            .endpoint(&current)
            .map_err(|e| Error::internal(e.to_string()))?;
        // Masks mean "as it was".
        let (old_env, old_headers) = match &stored {
            McpEndpoint::Stdio { env, .. } => (env.clone(), BTreeMap::new()),
            McpEndpoint::StreamableHttp { headers, .. } => (BTreeMap::new(), headers.clone()),
        };
        keep_masked(&mut input.env, &old_env);
        keep_masked(&mut input.headers, &old_headers);
        let endpoint = checked_endpoint(&input)?;
        // Changing a stdio server, or making one, runs commands on the host.
        if current.transport == McpTransport::Stdio {
            access::host_commands(actor)?;
        }
        self.may_run(actor, &endpoint)?;
        let reached_differently = endpoint != stored;
        let fields = self.fields(&input, endpoint);
        let tx = self.store.begin().await?;
        let updated = tx
            .mcp()
            .update(&current.id, fields, reached_differently)
            .await?;
        let entry = change(AuditAction::McpServerUpdate, &updated)
            .diff(&self.snapshot(&current), &self.snapshot(&updated));
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        if reached_differently || !updated.enabled {
            self.toolbox.pool.forget(&updated.id).await;
        }
        Ok(updated)
    }

    pub async fn delete(&self, actor: &Actor, id: &str) -> Result<McpServer, Error> {
        let server = access::mcp_server(self.store, actor, id, Action::Delete).await?;
        let tx = self.store.begin().await?;
        tx.mcp().delete(&server.id).await?;
        let entry = change(AuditAction::McpServerDelete, &server).deleted(&self.snapshot(&server));
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        self.toolbox.pool.forget(&server.id).await;
        Ok(server)
    }

    /// Connects anew, lists what the server offers, and keeps it with the
    /// outcome (`connected`, or `error` with why). A failure is an answer,
    /// not an error: it is what the test is for.
    pub async fn test(&self, actor: &Actor, id: &str) -> Result<Tested, Error> {
        let server = access::mcp_server(self.store, actor, id, Action::Edit).await?;
        let endpoint = self
            .toolbox
            .endpoint(&server)
            .map_err(|e| Error::internal(e.to_string()))?;
        let started = Instant::now();
        let outcome = self.toolbox.pool.test(&server.id, &endpoint).await;
        let duration = started.elapsed();
        let (found, error, server_info) = match outcome {
            Ok(discovery) => (
                McpDiscovery {
                    status: McpStatus::Connected,
                    tools: discovery.tools,
                    resources: discovery.resources,
                    prompts: discovery.prompts,
                    error: None,
                },
                None,
                discovery.server,
            ),
            Err(error) => (
                McpDiscovery {
                    status: McpStatus::Error,
                    tools: Vec::new(),
                    resources: Vec::new(),
                    prompts: Vec::new(),
                    error: Some(error.to_string()),
                },
                Some(error),
                None,
            ),
        };
        let entry = change(AuditAction::McpServerTest, &server)
            .field("status", found.status.as_str())
            .field("toolCount", found.tools.len())
            .outcome(if error.is_some() {
                AuditOutcome::Failed
            } else {
                AuditOutcome::Success
            });
        let tx = self.store.begin().await?;
        let server = tx.mcp().record_discovery(&server.id, found).await?;
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        Ok(Tested {
            server,
            error,
            server_info,
            duration,
        })
    }

    /// Calls a tool of the server, with arguments checked against its
    /// schema, within the tool timeout. A failure the tool reports is an
    /// answer (`isError`); the server being unreachable is 502. A call made
    /// is recorded with the tool's name and whether it succeeded, never its
    /// arguments or result (they may be anyone's personal data); one
    /// refused before it is made is not.
    pub async fn execute(
        &self,
        actor: &Actor,
        id: &str,
        tool: &str,
        arguments: serde_json::Value,
    ) -> Result<ToolOutput, Error> {
        let server = access::mcp_server(self.store, actor, id, Action::Edit).await?;
        let mut problems = Problems::default();
        if tool.trim().is_empty() {
            problems.add("toolName", messages::REQUIRED);
        }
        problems.text("toolName", Some(tool), 200);
        let arguments = match arguments {
            serde_json::Value::Object(map) => Some(map),
            serde_json::Value::Null => Some(serde_json::Map::new()),
            _ => {
                problems.add("toolArgs", "Must be a JSON object");
                None
            }
        };
        problems.finish()?;
        let arguments = arguments.unwrap_or_default();
        if !server.enabled {
            return Err(Error::Conflict(Conflict::McpServerDisabled));
        }
        if !server.tools.is_empty() && !server.tools.iter().any(|t| t.name == tool) {
            return Err(Error::not_found_in(Thing::Tool, "toolName"));
        }
        let endpoint = self
            .toolbox
            .endpoint(&server)
            .map_err(|e| Error::internal(e.to_string()))?;
        let called = self
            .toolbox
            .pool
            .call(
                &server.id,
                &endpoint,
                tool,
                arguments,
                self.toolbox.tool_timeout,
            )
            .await;
        if let Err(
            McpError::InvalidArguments { .. } | McpError::UnknownTool(_) | McpError::NotAllowed(_),
        ) = &called
        {
            return called.map_err(upstream);
        }
        let succeeded = called.as_ref().is_ok_and(|output| !output.is_error);
        let entry = change(AuditAction::McpServerToolCall, &server)
            .field("toolName", tool)
            .field("succeeded", succeeded)
            .outcome(if succeeded {
                AuditOutcome::Success
            } else {
                AuditOutcome::Failed
            });
        audit::record_alone(self.store, actor, entry).await?;
        called.map_err(upstream)
    }

    /// The agent's servers (whoever may see the agent).
    pub async fn assignments(
        &self,
        actor: &Actor,
        agent_id: &str,
    ) -> Result<Vec<(McpAssignment, McpServer)>, Error> {
        access::agent(self.store, actor, agent_id, Action::View).await?;
        Ok(self.store.mcp().servers_of_agent(agent_id).await?)
    }

    /// Lends one of the actor's servers to an agent they may edit (or
    /// changes what it lends): the tools it uses (none: all), which of
    /// those it may call (none: all), and its place among the agent's
    /// servers.
    pub async fn assign(
        &self,
        actor: &Actor,
        agent_id: &str,
        server_id: &str,
        tools: Vec<String>,
        permissions: Vec<String>,
        priority: i32,
    ) -> Result<(McpAssignment, McpServer, bool), Error> {
        let (agent, _) = access::agent(self.store, actor, agent_id, Action::Edit).await?;
        let mut problems = Problems::default();
        if server_id.trim().is_empty() {
            problems.add("mcpServerId", messages::REQUIRED);
        }
        for (field, list) in [
            ("configuration.tools", &tools),
            ("permissions", &permissions),
        ] {
            if list.len() > 200 {
                problems.add(field, messages::too_many(200));
            }
            if list
                .iter()
                .any(|t| t.is_empty() || t.chars().count() > 200 || t.contains('\0'))
            {
                problems.add(field, "Each must be a tool's name");
            }
        }
        if !(-1000..=1000).contains(&priority) {
            problems.add("priority", messages::at_most(1000));
        }
        problems.finish()?;
        let server = access::mcp_server(self.store, actor, server_id, Action::Edit)
            .await
            .map_err(|e| match e {
                Error::NotFound(_) => Error::not_found_in(Thing::McpServer, "mcpServerId"),
                e => e,
            })?;
        // Tools a test found must exist; before any test, names are taken.
        if !server.tools.is_empty() {
            for (field, list) in [
                ("configuration.tools", &tools),
                ("permissions", &permissions),
            ] {
                if let Some(unknown) = list
                    .iter()
                    .find(|t| !server.tools.iter().any(|s| &&s.name == t))
                {
                    return Err(Error::invalid(
                        field,
                        format!(
                            "The server has no tool named '{}'",
                            unknown.chars().take(64).collect::<String>()
                        ),
                    ));
                }
            }
        }
        let tx = self.store.begin().await?;
        let before = tx
            .mcp()
            .assignments(&agent.id)
            .await?
            .into_iter()
            .find(|a| a.mcp_server_id == server.id);
        let assignment = tx
            .mcp()
            .assign(&agent.id, &server.id, &tools, &permissions, priority)
            .await?;
        // Given again, the server's lending changes.
        let entry = match &before {
            None => {
                lending(AuditAction::McpServerAssign, &server, &agent).created(&lent(&assignment))
            }
            Some(before) => lending(AuditAction::McpServerAssignmentUpdate, &server, &agent)
                .diff(&lent(before), &lent(&assignment)),
        };
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        Ok((assignment, server, before.is_none()))
    }

    /// Takes a server off an agent the actor may edit.
    pub async fn unassign(
        &self,
        actor: &Actor,
        agent_id: &str,
        server_id: &str,
    ) -> Result<(), Error> {
        let (agent, _) = access::agent(self.store, actor, agent_id, Action::Edit).await?;
        let tx = self.store.begin().await?;
        let assignment = tx
            .mcp()
            .assignments(&agent.id)
            .await?
            .into_iter()
            .find(|a| a.mcp_server_id == server_id);
        let (Some(assignment), Some(server)) = (assignment, tx.mcp().get(server_id).await?) else {
            return Err(Error::not_found(Thing::McpServer));
        };
        tx.mcp().unassign(&agent.id, &server.id).await?;
        let entry =
            lending(AuditAction::McpServerUnassign, &server, &agent).deleted(&lent(&assignment));
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        Ok(())
    }

    /// The actor's servers in the desktop clients' format
    /// (`{"mcpServers": {name: {...}}}`); secrets only when asked, and
    /// otherwise as empty values to fill in.
    pub async fn export(
        &self,
        actor: &Actor,
        include_credentials: bool,
    ) -> Result<serde_json::Value, Error> {
        if include_credentials {
            // Secrets in clear: only from a signed-in session.
            access::credentials(actor)?;
        }
        let servers = self.store.mcp().list_for_owner(owner(actor)?).await?;
        let mut out = serde_json::Map::new();
        for server in servers {
            let endpoint = self
                .toolbox
                .endpoint(&server)
                .map_err(|e| Error::internal(e.to_string()))?;
            let hide =
                |map: BTreeMap<String, String>| -> serde_json::Map<String, serde_json::Value> {
                    map.into_iter()
                        .map(|(k, v)| {
                            (
                                k,
                                serde_json::Value::String(if include_credentials {
                                    v
                                } else {
                                    String::new()
                                }),
                            )
                        })
                        .collect()
                };
            let mut entry = serde_json::Map::new();
            match endpoint {
                McpEndpoint::Stdio { command, args, env } => {
                    entry.insert("command".into(), command.into());
                    entry.insert("args".into(), args.into());
                    if !env.is_empty() {
                        entry.insert("env".into(), hide(env).into());
                    }
                }
                McpEndpoint::StreamableHttp { url, headers } => {
                    entry.insert("type".into(), "streamable-http".into());
                    entry.insert("url".into(), url.into());
                    if !headers.is_empty() {
                        entry.insert("headers".into(), hide(headers).into());
                    }
                }
            }
            if !server.description.is_empty() {
                entry.insert("description".into(), server.description.clone().into());
            }
            if !server.enabled {
                entry.insert("disabled".into(), true.into());
            }
            // Names are unique per export (two servers may share one).
            let mut name = server.name.clone();
            let mut n = 2;
            while out.contains_key(&name) {
                name = format!("{} ({n})", server.name);
                n += 1;
            }
            out.insert(name, entry.into());
        }
        Ok(serde_json::json!({ "mcpServers": out }))
    }
}

/// Keeps the stored value of every secret sent back masked.
fn keep_masked(sent: &mut BTreeMap<String, String>, stored: &BTreeMap<String, String>) {
    for (key, value) in sent.iter_mut() {
        if is_mask(value)
            && let Some(old) = stored.get(key)
        {
            value.clone_from(old);
        }
    }
}

/// A failed call to a server, as the API says it: 502 (or 504 for a time-
/// out), except arguments the tool's schema refuses (422 on `toolArgs`) and
/// an unknown tool (404 on `toolName`).
pub fn upstream(error: McpError) -> Error {
    let (status, code) = match &error {
        McpError::InvalidArguments { .. } => return Error::invalid("toolArgs", error.to_string()),
        McpError::UnknownTool(_) => return Error::not_found_in(Thing::Tool, "toolName"),
        McpError::Timeout(_) => (504, "mcp_timeout"),
        McpError::NotAllowed(_) => return Error::Conflict(Conflict::StdioNotAllowed),
        McpError::CannotStart { .. } => (502, "mcp_cannot_start"),
        McpError::Refused(_) => (502, "mcp_url_refused"),
        McpError::Unreachable(_) => (502, "mcp_unreachable"),
        McpError::Unauthorized { .. } => (502, "mcp_unauthorized"),
        McpError::Http { .. } => (502, "mcp_http_error"),
        McpError::Protocol(_) => (502, "mcp_protocol_error"),
        McpError::Closed => (502, "mcp_closed"),
    };
    Error::Upstream(Upstream {
        status,
        code,
        message: error.to_string(),
        retry_after: None,
    })
}

/// What became of one imported entry.
#[derive(Debug, Clone)]
pub struct Imported {
    pub name: String,
    pub outcome: super::types::ImportOutcome,
    pub reason: Option<String>,
    pub server: Option<McpServer>,
}

impl Mcp<'_> {
    /// Imports a desktop client's configuration: each entry is made, or
    /// skipped (a server of that name exists), or refused with why. Those
    /// made are made together, each with its entry (`imported`).
    pub async fn import(
        &self,
        actor: &Actor,
        document: &serde_json::Value,
    ) -> Result<Vec<Imported>, Error> {
        use super::types::ImportOutcome;
        let owner_id = owner(actor)?.to_owned();
        let entries =
            super::import::entries(document).map_err(|why| Error::invalid("mcpServers", why))?;
        let tx = self.store.begin().await?;
        let mut existing: Vec<String> = tx
            .mcp()
            .list_for_owner(&owner_id)
            .await?
            .into_iter()
            .map(|s| s.name.to_lowercase())
            .collect();
        let mut count = existing.len() as u64;
        let mut results = Vec::with_capacity(entries.len());
        for (name, read) in entries {
            let refused = |reason: String| Imported {
                name: name.clone(),
                outcome: ImportOutcome::Refused,
                reason: Some(reason),
                server: None,
            };
            let input = match read {
                Ok(input) => input,
                Err(reason) => {
                    results.push(refused(reason));
                    continue;
                }
            };
            let mut problems = Problems::default();
            let endpoint = check(&mut problems, "", &input);
            let endpoint = match (problems.finish(), endpoint) {
                (Ok(()), Some(endpoint)) => endpoint,
                (Err(Error::Invalid(problems)), _) => {
                    let why: Vec<String> = problems
                        .iter()
                        .map(|p| format!("{}: {}", p.field, p.message))
                        .collect();
                    results.push(refused(why.join("; ")));
                    continue;
                }
                _ => {
                    results.push(refused("Not a valid server".to_owned()));
                    continue;
                }
            };
            if input
                .env
                .values()
                .chain(input.headers.values())
                .any(|v| is_mask(v))
            {
                results.push(refused(
                    "It holds masked secrets: fill them in first".to_owned(),
                ));
                continue;
            }
            if let Err(e) = self.may_run(actor, &endpoint) {
                results.push(refused(e.to_string()));
                continue;
            }
            if existing.contains(&input.name.trim().to_lowercase()) {
                results.push(Imported {
                    name: name.clone(),
                    outcome: ImportOutcome::Skipped,
                    reason: Some("You already have a server with this name".to_owned()),
                    server: None,
                });
                continue;
            }
            if count >= u64::from(self.per_user) {
                results.push(refused(Conflict::TooManyMcpServers.message().to_owned()));
                continue;
            }
            let fields = self.fields(&input, endpoint);
            let server = tx.mcp().create(&owner_id, fields).await?;
            let entry = change(AuditAction::McpServerCreate, &server)
                .created(&self.snapshot(&server))
                .field("imported", true);
            audit::record(&tx, actor, entry).await?;
            existing.push(server.name.to_lowercase());
            count += 1;
            results.push(Imported {
                name,
                outcome: ImportOutcome::Created,
                reason: None,
                server: Some(server),
            });
        }
        tx.commit().await?;
        Ok(results)
    }
}

/// A proposed server configuration, and what to fill in.
#[derive(Debug, Clone)]
pub struct Proposal {
    pub source: &'static str,
    pub input: ServerInput,
    pub notes: Vec<String>,
}

/// Proposes servers for a description: with a language model connected, it
/// writes one (checked like any input; when its answer does not hold, the
/// catalogue answers); otherwise the built-in catalogue of well-known
/// servers does. Nothing is made.
pub async fn propose(
    models: &agentforge_runtime::Models,
    own: &agentforge_runtime::OwnModels,
    description: &str,
) -> Result<(Vec<Proposal>, bool), Error> {
    let description = description.trim();
    let mut problems = Problems::default();
    if description.is_empty() {
        problems.add("description", messages::REQUIRED);
    }
    problems.text("description", Some(description), 2000);
    problems.finish()?;
    let (model, model_name) = models
        .for_agent(&agentforge_domain::agent::ModelSettings::default(), own)
        .map_err(|e| Error::internal(e.to_string()))?;
    let connected = model.provider() != "builtin";
    let mut proposals = Vec::new();
    if connected && let Some(proposal) = ask_model(model.as_ref(), &model_name, description).await {
        proposals.push(proposal);
    }
    for entry in mcp::catalog_matches(description, 3) {
        if proposals.iter().any(|p| p.input.name == entry.name) {
            continue;
        }
        let mut notes: Vec<String> = entry
            .args
            .iter()
            .filter(|a| a.starts_with('/') || a.contains("://"))
            .map(|a| format!("Replace '{a}' with your own"))
            .collect();
        notes.extend(
            entry
                .env
                .iter()
                .map(|(k, what)| format!("Set {k} to {what}")),
        );
        notes.extend(
            entry
                .headers
                .iter()
                .map(|(k, what)| format!("Set the {k} header to {what}")),
        );
        if entry.transport == McpTransport::Stdio {
            notes.push(format!(
                "Runs '{}' on this server's host: an admin must set it up, and the command must be on the allow-list",
                entry.command.unwrap_or_default()
            ));
        }
        proposals.push(Proposal {
            source: "catalog",
            input: ServerInput {
                name: entry.name.to_owned(),
                description: entry.description.to_owned(),
                transport: Some(entry.transport),
                command: entry.command.map(str::to_owned),
                args: entry.args.iter().map(|a| (*a).to_owned()).collect(),
                env: entry
                    .env
                    .iter()
                    .map(|(k, _)| ((*k).to_owned(), String::new()))
                    .collect(),
                url: entry.url.map(str::to_owned),
                headers: entry
                    .headers
                    .iter()
                    .map(|(k, _)| ((*k).to_owned(), String::new()))
                    .collect(),
                enabled: true,
            },
            notes,
        });
    }
    Ok((proposals, connected))
}

/// Asks the model for one server configuration as JSON; `None` when its
/// answer is not one that passes the checks.
async fn ask_model(
    model: &dyn agentforge_llm::ChatModel,
    name: &str,
    description: &str,
) -> Option<Proposal> {
    use agentforge_llm::{ChatMessage, ChatRequest, Role};
    let examples: Vec<String> = mcp::CATALOG
        .iter()
        .take(4)
        .map(|e| {
            format!(
                "{}: {} {}",
                e.name,
                e.command.or(e.url).unwrap_or_default(),
                e.args.join(" ")
            )
        })
        .collect();
    let system = format!(
        "You configure MCP (Model Context Protocol) servers. Answer with one JSON object and nothing else: \
         {{\"name\": string, \"description\": string, \"transport\": \"stdio\" | \"streamable_http\", \
         \"command\": string, \"args\": [string], \"env\": {{string: string}}, \"url\": string, \
         \"headers\": {{string: string}}, \"notes\": [string]}}. Use only real, published servers; \
         leave secrets empty and say in notes what to fill in. Well-known servers: {}",
        examples.join("; ")
    );
    let request = ChatRequest {
        model: name.to_owned(),
        messages: vec![
            ChatMessage::new(Role::System, system),
            ChatMessage::new(Role::User, description.to_owned()),
        ],
        temperature: 0.2,
        max_tokens: 800,
        tools: Vec::new(),
        grounding: agentforge_llm::Grounding::default(),
    };
    let answer = tokio::time::timeout(Duration::from_secs(60), model.complete(&request))
        .await
        .ok()?
        .ok()?;
    let text = answer.text.trim();
    let json = &text[text.find('{')?..=text.rfind('}')?];
    let value: serde_json::Value = serde_json::from_str(json).ok()?;
    let strings = |v: &serde_json::Value| -> Vec<String> {
        v.as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|s| s.as_str().map(str::to_owned))
                    .collect()
            })
            .unwrap_or_default()
    };
    let map = |v: &serde_json::Value| -> BTreeMap<String, String> {
        v.as_object()
            .map(|o| {
                o.iter()
                    .map(|(k, v)| (k.clone(), v.as_str().unwrap_or_default().to_owned()))
                    .collect()
            })
            .unwrap_or_default()
    };
    let transport = McpTransport::parse(value["transport"].as_str().unwrap_or_default()).ok()?;
    let input = ServerInput {
        name: value["name"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .take(100)
            .collect(),
        description: value["description"]
            .as_str()
            .unwrap_or_default()
            .chars()
            .take(2000)
            .collect(),
        transport: Some(transport),
        command: value["command"]
            .as_str()
            .map(str::to_owned)
            .filter(|c| !c.is_empty()),
        args: strings(&value["args"]),
        env: map(&value["env"]),
        url: value["url"]
            .as_str()
            .map(str::to_owned)
            .filter(|u| !u.is_empty()),
        headers: map(&value["headers"]),
        enabled: true,
    };
    let mut problems = Problems::default();
    check(&mut problems, "", &input)?;
    if !problems.is_empty() {
        return None;
    }
    Some(Proposal {
        source: "model",
        notes: strings(&value["notes"]).into_iter().take(10).collect(),
        input,
    })
}
