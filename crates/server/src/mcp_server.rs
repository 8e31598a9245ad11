//! `/mcp`: agents as an MCP server (streamable HTTP, stateless), so that a
//! desktop MCP client, an IDE or another agent can ask them. Each agent an
//! API key reaches is a tool, `ask_<slug>`: a message in, the agent's answer
//! (from its production deployment, with its knowledge and tools, on the
//! `api` channel) out, with the conversation's id to go on with and the
//! passages it cited. An API key is required (`Authorization: Bearer af_…`);
//! without one the answer is 401 with `WWW-Authenticate`.

use std::sync::Arc;

use agentforge_domain::policy::Actor;
use axum::Router;
use axum::extract::{Request, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::never::NeverSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::json;

use crate::auth::api_keys;
use crate::chat::service::{ApiThread, ApiTurn, api_turn};
use crate::state::AppState;

/// Who calls, as the key's middleware found them (in the request's
/// extensions, which rmcp hands to the handler).
#[derive(Clone, Debug)]
struct Caller(Actor);

/// The MCP handler; made per request (stateless), a clone of the state.
#[derive(Clone)]
struct Agents {
    state: AppState,
}

fn caller(context: &RequestContext<RoleServer>) -> Result<Actor, ErrorData> {
    context
        .extensions
        .get::<Parts>()
        .and_then(|parts| parts.extensions.get::<Caller>())
        .map(|c| c.0.clone())
        .ok_or_else(|| ErrorData::invalid_request("An AgentForge API key is required", None))
}

/// A tool's name for an agent: `ask_<slug>`, or with the start of its id
/// when another of the caller's agents shares the slug.
fn tool_name(agent: &agentforge_store::Agent, slug: Option<&str>) -> String {
    let name = match slug {
        Some(slug) => format!("ask_{slug}"),
        None => format!(
            "ask_{}_{}",
            agentforge_domain::agent::slug(&agent.config.name),
            agent
                .id
                .chars()
                .filter(char::is_ascii_alphanumeric)
                .take(8)
                .collect::<String>()
        ),
    };
    agentforge_domain::mcp::tool_name(&name)
}

fn input_schema() -> Arc<serde_json::Map<String, serde_json::Value>> {
    let schema = json!({
        "type": "object",
        "properties": {
            "message": {"type": "string", "description": "What to ask the agent", "minLength": 1},
            "conversationId": {"type": "string", "description": "Go on with this conversation (from an earlier answer)"},
        },
        "required": ["message"],
    });
    Arc::new(schema.as_object().cloned().unwrap_or_default())
}

impl Agents {
    async fn tools(&self, actor: &Actor) -> Result<Vec<(Tool, String)>, ErrorData> {
        let agents = crate::agents::service::usable(&self.state.store, actor)
            .await
            .map_err(|e| ErrorData::internal_error(e.to_string(), None))?;
        Ok(agents
            .into_iter()
            .map(|(agent, slug)| {
                let description = if agent.config.description.trim().is_empty() {
                    format!(
                        "Ask the agent \u{201C}{}\u{201D} (AgentForge)",
                        agent.config.name
                    )
                } else {
                    format!(
                        "Ask the agent \u{201C}{}\u{201D}: {}",
                        agent.config.name,
                        agent
                            .config
                            .description
                            .chars()
                            .take(500)
                            .collect::<String>()
                    )
                };
                let tool = Tool::new(
                    tool_name(&agent, slug.as_deref()),
                    description,
                    input_schema(),
                );
                (tool, agent.id)
            })
            .collect())
    }
}

impl ServerHandler for Agents {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("AgentForge", env!("CARGO_PKG_VERSION")))
            .with_instructions(
                "Each tool asks one AgentForge agent a question and returns its answer.",
            )
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        let actor = caller(&context)?;
        let tools = self.tools(&actor).await?;
        Ok(ListToolsResult::with_all_items(
            tools.into_iter().map(|(tool, _)| tool).collect(),
        ))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        let actor = caller(&context)?;
        let tools = self.tools(&actor).await?;
        let Some((_, agent_id)) = tools.into_iter().find(|(t, _)| t.name == request.name) else {
            return Err(ErrorData::invalid_params(
                format!("There is no tool named '{}'", request.name),
                None,
            ));
        };
        let args = request.arguments.unwrap_or_default();
        let message = args
            .get("message")
            .and_then(serde_json::Value::as_str)
            .unwrap_or_default()
            .to_owned();
        let thread = match args
            .get("conversationId")
            .and_then(serde_json::Value::as_str)
            .filter(|c| !c.is_empty())
        {
            Some(id) => ApiThread::Conversation(id.to_owned()),
            None => ApiThread::New,
        };
        let turn = api_turn(
            &self.state.runtime,
            &actor,
            ApiTurn {
                model: agent_id,
                message,
                prior: Vec::new(),
                thread,
                stream: false,
            },
        )
        .await;
        // What goes wrong is the caller's model's to read, not a protocol error.
        let turn = match turn {
            Ok(turn) => turn,
            Err(e) => {
                return Ok(CallToolResult::error(vec![ContentBlock::text(e.to_string())]).into());
            }
        };
        let conversation_id = turn.conversation.id.clone();
        let answer = match turn.finish().await {
            Ok(answer) => answer,
            Err(e) => {
                return Ok(CallToolResult::error(vec![ContentBlock::text(e.to_string())]).into());
            }
        };
        let citations: Vec<serde_json::Value> =
            serde_json::from_value::<Vec<agentforge_runtime::Citation>>(answer.citations.clone())
                .unwrap_or_default()
                .into_iter()
                .map(|c| json!({"documentName": c.document_name, "excerpt": c.excerpt}))
                .collect();
        let mut result = CallToolResult::structured(json!({
            "answer": answer.content,
            "conversationId": conversation_id,
            "citations": citations,
        }));
        // The text first: clients that show only text show the answer.
        result.content = vec![ContentBlock::text(answer.content.clone())];
        Ok(result.into())
    }
}

/// Lets in requests with a live API key, as its owner; others get 401 with
/// `WWW-Authenticate`, or the key's own refusal (403, 429).
async fn require_key(State(state): State<AppState>, mut request: Request, next: Next) -> Response {
    let refused = |status: StatusCode, message: String| {
        (
            status,
            [("www-authenticate", "Bearer realm=\"agentforge\"")],
            axum::Json(json!({"error": message})),
        )
            .into_response()
    };
    // Against DNS rebinding: only this machine's names and the public
    // URL's host, as it is now (an admin may change it while running).
    let public_url = state.configuration.get().general.public_url.clone();
    if !host_allowed(&request, &allowed_hosts(&public_url)) {
        return (
            StatusCode::FORBIDDEN,
            axum::Json(json!({"error": "This host is not one this server answers MCP requests for (its public URL's, or localhost)"})),
        )
            .into_response();
    }
    let Some(key) = crate::auth::bearer(request.headers()).filter(|k| api_keys::is_api_key(k))
    else {
        return refused(
            StatusCode::UNAUTHORIZED,
            "An AgentForge API key is required: Authorization: Bearer af_…".to_owned(),
        );
    };
    match api_keys::authenticate(&state, key).await {
        Ok((_, actor)) => {
            request.extensions_mut().insert(Caller(actor));
            next.run(request).await
        }
        Err(e) => {
            let api = crate::http::ApiError::from(e);
            refused(api.status(), api.message().to_owned())
        }
    }
}

/// Whether the request names one of `allowed` (`host` for any port,
/// `host:port` for that one) as its host: the URI's authority (HTTP/2), else
/// the `Host` header. No host is not allowed.
fn host_allowed(request: &Request, allowed: &[String]) -> bool {
    use axum::http::uri::Authority;
    let named = request.uri().authority().cloned().or_else(|| {
        request
            .headers()
            .get(axum::http::header::HOST)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<Authority>().ok())
    });
    let Some(named) = named else { return false };
    let host = |a: &Authority| a.host().trim_matches(['[', ']']).to_ascii_lowercase();
    allowed
        .iter()
        .filter_map(|a| a.parse::<Authority>().ok())
        .any(|a| {
            host(&a) == host(&named) && a.port_u16().is_none_or(|p| named.port_u16() == Some(p))
        })
}

/// The hosts the server answers MCP requests for: the public URL's, and
/// this machine's own names.
fn allowed_hosts(public_url: &str) -> Vec<String> {
    let mut hosts = vec![
        "localhost".to_owned(),
        "127.0.0.1".to_owned(),
        "[::1]".to_owned(),
    ];
    if let Ok(url) = url::Url::parse(public_url)
        && let Some(host) = url.host_str()
    {
        hosts.push(host.to_owned());
        if let Some(port) = url.port() {
            hosts.push(format!("{host}:{port}"));
        }
    }
    hosts
}

pub fn router(state: &AppState) -> Router<AppState> {
    let handler = Agents {
        state: state.clone(),
    };
    let config = StreamableHttpServerConfig::default()
        // Checked by `require_key` against the public URL in force.
        .disable_allowed_hosts()
        // Stateless: any instance answers any request.
        .with_legacy_session_mode(false)
        .with_json_response(true)
        .with_max_request_body_bytes(state.config.max_body_bytes)
        .with_cancellation_token(state.runtime.tasks().stop_token());
    let service = StreamableHttpService::new(
        move || Ok(handler.clone()),
        Arc::new(NeverSessionManager::default()),
        config,
    );
    Router::new()
        .nest_service("/mcp", service)
        .layer(middleware::from_fn_with_state(state.clone(), require_key))
}
