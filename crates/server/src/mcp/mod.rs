//! `/mcp`: MCP servers a user connects agents to (the product as an MCP
//! client), their tests and tool calls, import and export in the desktop
//! clients' format, the servers each agent uses, and proposals from a
//! description. See docs/tools.md.

mod import;
pub mod service;
pub(crate) mod types;

use std::collections::BTreeMap;

use agentforge_store::McpServer;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, Query};
use crate::state::AppState;
use service::{Listed, Mcp};
use types::{
    AgentMcpServerOut, AssignIn, AssignmentPatch, ImportResultOut, McpConfigDocument, McpExecuteIn,
    McpExecuteOut, McpExportQuery, McpGenerateIn, McpGenerateOut, McpImportOut, McpProbeOut,
    McpProposalOut, McpServerIn, McpServerOut, McpTestOut,
};

/// What seals MCP servers' secrets: a key of their own.
pub const SEAL_PURPOSE: &str = "mcp-secrets";

/// The most MCP tests (of saved servers and of configurations before
/// saving) one person may run a minute: each connects to a URL the caller
/// chose, so an account cannot use the server to send them in bulk.
pub const TESTS_PER_MINUTE: u32 = 30;

/// Counts a test against the caller's minute.
fn count_test(state: &AppState, actor: &agentforge_domain::policy::Actor) -> Result<(), ApiError> {
    let caller = actor.user_id().unwrap_or_default();
    state
        .rate_limiter
        .check(&format!("mcp-test:{caller}"), TESTS_PER_MINUTE)?;
    Ok(())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_servers, create_server))
        .routes(routes!(get_server, update_server, delete_server))
        .routes(routes!(import_servers))
        .routes(routes!(export_servers))
        .routes(routes!(agent_servers))
        .routes(routes!(assign_server))
        .routes(routes!(update_assignment, unassign_server))
        .routes(routes!(generate_server))
}

/// The routes that talk to a server and wait for it (a test, a tool call):
/// the long group's time allowance.
pub fn calls() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(test_server))
        .routes(routes!(probe_server))
        .routes(routes!(execute_tool))
}

fn mcp(state: &AppState) -> Mcp<'_> {
    Mcp {
        store: &state.store,
        // Built with the runtime: the server always has one.
        #[allow(clippy::expect_used)]
        toolbox: state.runtime.toolbox().expect("the runtime has a toolbox"),
        per_user: state.config.mcp.servers_per_user,
    }
}

/// The server as the API shows it, its secrets opened to be masked.
fn out(state: &AppState, server: McpServer, agents: u64) -> McpServerOut {
    let secrets = mcp(state)
        .toolbox
        .endpoint(&server)
        .map(|endpoint| match endpoint {
            agentforge_domain::mcp::McpEndpoint::Stdio { env, .. } => env,
            agentforge_domain::mcp::McpEndpoint::StreamableHttp { headers, .. } => headers,
        })
        // Unreadable (another master key): shown as names with no values.
        .unwrap_or_else(|_| BTreeMap::new());
    McpServerOut::new(server, agents, secrets)
}

fn listed(state: &AppState, listed: Listed) -> McpServerOut {
    out(state, listed.server, listed.agents)
}

/// My MCP servers
///
/// By name, with their tools as last tested and how many agents use each;
/// secrets masked.
#[utoipa::path(get, path = "/mcp", tag = "mcp", security(("bearer" = [])),
    responses((status = 200, description = "Servers", body = Envelope<Vec<McpServerOut>>)))]
async fn list_servers(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<Vec<McpServerOut>>, ApiError> {
    let servers = mcp(&state).list(&actor).await?;
    Ok(Envelope::new(
        servers.into_iter().map(|l| listed(&state, l)).collect(),
    ))
}

/// Add an MCP server
///
/// stdio (`command`, `args`, `env`: a command run on this host) needs an
/// admin, signed in, and a command on the allow-list
/// (`AGENTFORGE_MCP_STDIO_ALLOW`); streamable HTTP (`url`, `headers`) needs
/// a public address (`AGENTFORGE_OUTBOUND_ALLOW_PRIVATE`). Secrets are
/// sealed. Test it to list its tools.
#[utoipa::path(post, path = "/mcp", tag = "mcp", request_body = McpServerIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Added", body = Envelope<McpServerOut>),
        (status = 403, description = "A stdio server, not by an admin signed in", body = ErrorBody),
        (status = 409, description = "The command is not allowed, or too many servers", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn create_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<McpServerIn>,
) -> Result<(StatusCode, Envelope<McpServerOut>), ApiError> {
    let server = mcp(&state).create(&actor, body.input()?).await?;
    Ok((StatusCode::CREATED, Envelope::new(out(&state, server, 0))))
}

/// An MCP server
#[utoipa::path(get, path = "/mcp/{id}", tag = "mcp", security(("bearer" = [])),
    responses(
        (status = 200, description = "The server", body = Envelope<McpServerOut>),
        (status = 404, description = "Not found", body = ErrorBody),
    ))]
async fn get_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<McpServerOut>, ApiError> {
    let found = mcp(&state).get(&actor, &id).await?;
    Ok(Envelope::new(listed(&state, found)))
}

/// Change an MCP server
///
/// The whole configuration; a secret sent back masked keeps its value. A
/// change of how it is reached closes its connection and makes its status
/// `unknown` until tested again.
#[utoipa::path(put, path = "/mcp/{id}", tag = "mcp", request_body = McpServerIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed", body = Envelope<McpServerOut>),
        (status = 403, description = "A stdio server, not by an admin signed in", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 409, description = "The command is not allowed", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<McpServerIn>,
) -> Result<Envelope<McpServerOut>, ApiError> {
    let server = mcp(&state).update(&actor, &id, body.input()?).await?;
    let found = mcp(&state).get(&actor, &server.id).await?;
    Ok(Envelope::new(listed(&state, found)))
}

/// Delete an MCP server
///
/// Agents that used it no longer do.
#[utoipa::path(delete, path = "/mcp/{id}", tag = "mcp", security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<DeletedOut>),
        (status = 404, description = "Not found", body = ErrorBody),
    ))]
async fn delete_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let server = mcp(&state).delete(&actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(server.id)))
}

/// Test an MCP server
///
/// Connects anew and lists its tools (and resources and prompts, when it
/// offers them), keeps them and the outcome. A failure is answered 200
/// with `status: error` and why, in words.
#[utoipa::path(post, path = "/mcp/{id}/test", tag = "mcp", security(("bearer" = [])),
    responses(
        (status = 200, description = "What the test found", body = Envelope<McpTestOut>),
        (status = 404, description = "Not found", body = ErrorBody),
        (status = 429, description = "More than 30 tests a minute; `Retry-After` says when to try again", body = ErrorBody),
    ))]
async fn test_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<McpTestOut>, ApiError> {
    count_test(&state, &actor)?;
    let tested = mcp(&state).test(&actor, &id).await?;
    let found = mcp(&state).get(&actor, &tested.server.id).await?;
    let server = listed(&state, found);
    Ok(Envelope::new(McpTestOut::new(tested, server)))
}

/// Test a configuration before saving it
///
/// The same checks as adding a server (stdio: an admin and an allowed
/// command; streamable HTTP: a public address), then a connection of its
/// own that lists the tools (and resources and prompts) and closes.
/// Nothing is stored. A failure is answered 200 with `status: error` and
/// why, in words. Secrets are typed in full: there is no stored value for
/// a mask to keep.
#[utoipa::path(post, path = "/mcp/test", tag = "mcp", request_body = McpServerIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "What the test found", body = Envelope<McpProbeOut>),
        (status = 403, description = "A stdio server, not by an admin signed in", body = ErrorBody),
        (status = 409, description = "The command is not allowed", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "More than 30 tests a minute; `Retry-After` says when to try again", body = ErrorBody),
    ))]
async fn probe_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<McpServerIn>,
) -> Result<Envelope<McpProbeOut>, ApiError> {
    let input = body.input()?;
    count_test(&state, &actor)?;
    let probed = mcp(&state).probe(&actor, input).await?;
    Ok(Envelope::new(McpProbeOut::new(probed)))
}

/// Call a tool of an MCP server
///
/// The arguments are checked against the tool's input schema (422 on
/// `toolArgs`), the call bounded by `AGENTFORGE_MCP_TOOL_TIMEOUT_SECONDS`
/// (504). A failure the tool reports is an answer with `isError`; a server
/// that cannot be reached is 502.
#[utoipa::path(post, path = "/mcp/{id}/execute", tag = "mcp", request_body = McpExecuteIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "What the tool answered", body = Envelope<McpExecuteOut>),
        (status = 404, description = "No such server or tool", body = ErrorBody),
        (status = 409, description = "The server is disabled", body = ErrorBody),
        (status = 422, description = "The arguments do not fit the tool", body = ErrorBody),
        (status = 502, description = "The server could not be reached or spoke no MCP", body = ErrorBody),
        (status = 504, description = "The tool took too long", body = ErrorBody),
    ))]
async fn execute_tool(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<McpExecuteIn>,
) -> Result<Envelope<McpExecuteOut>, ApiError> {
    let output = mcp(&state)
        .execute(&actor, &id, &body.tool_name, body.tool_args)
        .await?;
    Ok(Envelope::new(McpExecuteOut::new(body.tool_name, output)))
}

/// Import MCP servers
///
/// A desktop client's configuration (`{"mcpServers": {name: {command,
/// args, env} | {url, headers}}}`, or `{"servers": …}`), or one server
/// object. Each entry is created, skipped (a server of that name exists)
/// or refused, with why.
#[utoipa::path(post, path = "/mcp/import", tag = "mcp", security(("bearer" = [])),
    request_body(content = McpConfigDocument, description = "A desktop client's MCP configuration, or one server"),
    responses(
        (status = 200, description = "What became of each entry", body = Envelope<McpImportOut>),
        (status = 422, description = "Not a configuration", body = ErrorBody),
    ))]
async fn import_servers(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<serde_json::Value>,
) -> Result<Envelope<McpImportOut>, ApiError> {
    let results = mcp(&state).import(&actor, &body).await?;
    let count = |o| results.iter().filter(|r| r.outcome == o).count() as u32;
    let summary = McpImportOut {
        created: count(types::ImportOutcome::Created),
        skipped: count(types::ImportOutcome::Skipped),
        refused: count(types::ImportOutcome::Refused),
        results: results
            .into_iter()
            .map(|r| ImportResultOut {
                name: r.name,
                outcome: r.outcome,
                reason: r.reason,
                server: r.server.map(|s| out(&state, s, 0)),
            })
            .collect(),
    };
    Ok(Envelope::new(summary))
}

/// Export my MCP servers
///
/// The desktop clients' format, as a file. Secrets only with
/// `includeCredentials=true` (from a signed-in session); otherwise their
/// names with empty values.
#[utoipa::path(get, path = "/mcp/export/json", tag = "mcp", params(McpExportQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "`{\"mcpServers\": {…}}`", body = McpConfigDocument, content_type = "application/json",
            headers(("Content-Disposition" = String, description = "attachment; filename=\"mcp-servers.json\""))),
        (status = 403, description = "Credentials asked for with an API key", body = ErrorBody),
    ))]
async fn export_servers(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<McpExportQuery>,
) -> Result<impl IntoResponse, ApiError> {
    let document = mcp(&state)
        .export(&actor, query.include_credentials.unwrap_or(false))
        .await?;
    let mut headers = HeaderMap::new();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("application/json"),
    );
    headers.insert(
        header::CONTENT_DISPOSITION,
        HeaderValue::from_static("attachment; filename=\"mcp-servers.json\""),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    let body = serde_json::to_vec_pretty(&document).map_err(agentforge_domain::Error::internal)?;
    Ok((headers, body))
}

/// An agent's MCP servers
///
/// Highest priority first: the order the model sees their tools.
#[utoipa::path(get, path = "/mcp/agent/{agentId}", tag = "mcp", security(("bearer" = [])),
    params(("agentId" = String, Path, description = "The agent")),
    responses(
        (status = 200, description = "The agent's servers", body = Envelope<Vec<AgentMcpServerOut>>),
        (status = 404, description = "No such agent", body = ErrorBody),
    ))]
async fn agent_servers(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(agent_id): Path<String>,
) -> Result<Envelope<Vec<AgentMcpServerOut>>, ApiError> {
    let assigned = mcp(&state).assignments(&actor, &agent_id).await?;
    Ok(Envelope::new(
        assigned
            .into_iter()
            .map(|(a, s)| AgentMcpServerOut::new(a, out(&state, s, 0)))
            .collect(),
    ))
}

/// Give an agent an MCP server
///
/// One of your servers, to an agent you may edit: which of its tools the
/// agent uses (`configuration.tools`, empty: all), which of those it may
/// call (`permissions`, empty: all), and its `priority`. Again for the same
/// server changes it.
#[utoipa::path(post, path = "/mcp/agent/{agentId}/servers", tag = "mcp", request_body = AssignIn, security(("bearer" = [])),
    params(("agentId" = String, Path, description = "The agent")),
    responses(
        (status = 200, description = "Changed", body = Envelope<AgentMcpServerOut>),
        (status = 201, description = "Given", body = Envelope<AgentMcpServerOut>),
        (status = 403, description = "May not edit the agent", body = ErrorBody),
        (status = 404, description = "No such agent or server", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn assign_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(agent_id): Path<String>,
    Json(body): Json<AssignIn>,
) -> Result<(StatusCode, Envelope<AgentMcpServerOut>), ApiError> {
    let (assignment, server, created) = mcp(&state)
        .assign(
            &actor,
            &agent_id,
            &body.mcp_server_id,
            body.configuration.tools,
            body.permissions,
            body.priority,
        )
        .await?;
    let status = if created {
        StatusCode::CREATED
    } else {
        StatusCode::OK
    };
    Ok((
        status,
        Envelope::new(AgentMcpServerOut::new(assignment, out(&state, server, 0))),
    ))
}

/// Change what an MCP server lends an agent
#[utoipa::path(put, path = "/mcp/agent/{agentId}/servers/{serverId}", tag = "mcp", request_body = AssignmentPatch, security(("bearer" = [])),
    params(("agentId" = String, Path, description = "The agent"), ("serverId" = String, Path, description = "The MCP server")),
    responses(
        (status = 200, description = "Changed", body = Envelope<AgentMcpServerOut>),
        (status = 403, description = "May not edit the agent", body = ErrorBody),
        (status = 404, description = "The agent does not use this server", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_assignment(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((agent_id, server_id)): Path<(String, String)>,
    Json(body): Json<AssignmentPatch>,
) -> Result<Envelope<AgentMcpServerOut>, ApiError> {
    let current = mcp(&state)
        .assignments(&actor, &agent_id)
        .await?
        .into_iter()
        .find(|(a, _)| a.mcp_server_id == server_id)
        .ok_or(agentforge_domain::Error::not_found(
            agentforge_domain::Thing::McpServer,
        ))?
        .0;
    let (assignment, server, _) = mcp(&state)
        .assign(
            &actor,
            &agent_id,
            &server_id,
            body.configuration.map_or(current.tools, |c| c.tools),
            body.permissions.unwrap_or(current.permissions),
            body.priority.unwrap_or(current.priority),
        )
        .await?;
    Ok(Envelope::new(AgentMcpServerOut::new(
        assignment,
        out(&state, server, 0),
    )))
}

/// Take an MCP server off an agent
#[utoipa::path(delete, path = "/mcp/agent/{agentId}/servers/{serverId}", tag = "mcp", security(("bearer" = [])),
    params(("agentId" = String, Path, description = "The agent"), ("serverId" = String, Path, description = "The MCP server")),
    responses(
        (status = 200, description = "Taken off", body = Envelope<DeletedOut>),
        (status = 403, description = "May not edit the agent", body = ErrorBody),
        (status = 404, description = "The agent does not use this server", body = ErrorBody),
    ))]
async fn unassign_server(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((agent_id, server_id)): Path<(String, String)>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    mcp(&state).unassign(&actor, &agent_id, &server_id).await?;
    Ok(Envelope::new(DeletedOut::new(server_id)))
}

/// Propose an MCP server
///
/// From a description: with a language model connected, it writes a
/// configuration (checked like any); otherwise well-known servers are
/// matched. Nothing is made until a proposal is saved.
#[utoipa::path(post, path = "/mcp/ai-generate", tag = "mcp", request_body = McpGenerateIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Proposals, best first", body = Envelope<McpGenerateOut>),
        (status = 422, description = "No description", body = ErrorBody),
    ))]
async fn generate_server(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Json(body): Json<McpGenerateIn>,
) -> Result<Envelope<McpGenerateOut>, ApiError> {
    // The caller's own model connection first, as their agents' turns do.
    let own = state
        .runtime
        .own_models(&user.id, None)
        .await
        .map_err(agentforge_domain::Error::from)?;
    let (proposals, connected) =
        service::propose(&state.runtime.models(), &own, &body.description).await?;
    Ok(Envelope::new(McpGenerateOut {
        model_connected: connected,
        proposals: proposals
            .into_iter()
            .map(|p| McpProposalOut {
                source: match p.source {
                    "model" => types::ProposalSource::Model,
                    _ => types::ProposalSource::Catalog,
                },
                notes: p.notes,
                server: McpServerIn {
                    name: p.input.name,
                    description: p.input.description,
                    transport: p.input.transport.map(crate::http::Checked::Valid),
                    command: p.input.command,
                    args: p.input.args,
                    env: p.input.env,
                    url: p.input.url,
                    headers: p.input.headers,
                    enabled: Some(p.input.enabled),
                },
            })
            .collect(),
    }))
}
