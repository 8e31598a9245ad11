//! MCP servers for tests:
//!
//! - [`everything_entry`] and [`EverythingHttp`]: the reference server
//!   `@modelcontextprotocol/server-everything`, installed by `make` into
//!   `crates/testkit/mcp/node_modules`, over stdio (`node <entry> stdio`)
//!   or streamable HTTP;
//! - [`McpStandIn`]: a streamable-HTTP MCP server of our own (rmcp's server
//!   side) whose tools the tests control: `echo`, `add`, `get_weather`, `fail` (a
//!   tool error), `slow` (waits as long as asked), `headers` (the request headers
//!   it got), behind a bearer token when one is set; it counts calls.

use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use axum::Router;
use axum::extract::Request;
use axum::http::StatusCode;
use axum::http::request::Parts;
use axum::middleware::{self, Next};
use axum::response::IntoResponse;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, ContentBlock, Implementation,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities, ServerConfig, Tool,
};
use rmcp::service::RequestContext;
use rmcp::transport::streamable_http_server::session::local::LocalSessionManager;
use rmcp::transport::streamable_http_server::{StreamableHttpServerConfig, StreamableHttpService};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::json;

/// The reference server's entry script; panics with how to install it
/// when it is missing (`make test-rust` installs it).
pub fn everything_entry() -> PathBuf {
    let entry = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("mcp/node_modules/@modelcontextprotocol/server-everything/dist/index.js");
    assert!(
        entry.exists(),
        "{} is missing: run `make test-rust` (or `npm ci` in crates/testkit/mcp)",
        entry.display()
    );
    entry
}

/// The reference server over streamable HTTP on a free local port, killed
/// on drop.
pub struct EverythingHttp {
    child: std::process::Child,
    pub port: u16,
}

impl EverythingHttp {
    pub async fn start() -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        // Killed and waited for on drop (clippy cannot see through Drop).
        #[allow(clippy::zombie_processes)]
        let child = std::process::Command::new("node")
            .arg(everything_entry())
            .arg("streamableHttp")
            .env("PORT", port.to_string())
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("node runs");
        for _ in 0..200 {
            if tokio::net::TcpStream::connect(("127.0.0.1", port))
                .await
                .is_ok()
            {
                return Self { child, port };
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("server-everything never listened on {port}");
    }

    /// `http://127.0.0.1:<port>/mcp`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }
}

impl Drop for EverythingHttp {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

#[derive(Clone)]
struct StandInTools {
    calls: Arc<AtomicUsize>,
}

fn object(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    value.as_object().cloned().unwrap_or_default()
}

fn tools() -> Vec<Tool> {
    vec![
        Tool::new(
            "echo",
            "Says the message back",
            Arc::new(object(json!({
                "type": "object",
                "properties": {"message": {"type": "string"}},
                "required": ["message"],
            }))),
        ),
        Tool::new(
            "add",
            "Adds two numbers",
            Arc::new(object(json!({
                "type": "object",
                "properties": {"a": {"type": "number"}, "b": {"type": "number"}},
                "required": ["a", "b"],
            }))),
        ),
        Tool::new(
            "fail",
            "Always fails, as a tool",
            Arc::new(object(json!({"type": "object"}))),
        ),
        Tool::new(
            "slow",
            "Answers after `ms` milliseconds",
            Arc::new(object(json!({
                "type": "object",
                "properties": {"ms": {"type": "integer"}},
            }))),
        ),
        Tool::new(
            "get_weather",
            "The weather in a city now",
            Arc::new(object(json!({
                "type": "object",
                "properties": {"city": {"type": "string"}},
                "required": ["city"],
            }))),
        ),
        Tool::new(
            "headers",
            "The request headers this server got",
            Arc::new(object(json!({"type": "object"}))),
        ),
    ]
}

impl ServerHandler for StandInTools {
    fn get_info(&self) -> ServerConfig {
        ServerConfig::new(ServerCapabilities::builder().enable_tools().build())
            .with_server_info(Implementation::new("stand-in", "1.0.0"))
    }

    async fn list_tools(
        &self,
        _: Option<PaginatedRequestParams>,
        _: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        Ok(ListToolsResult::with_all_items(tools()))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        self.calls.fetch_add(1, Ordering::SeqCst);
        let args = request.arguments.unwrap_or_default();
        let result = match request.name.as_ref() {
            "echo" => CallToolResult::success(vec![ContentBlock::text(
                args.get("message")
                    .and_then(|m| m.as_str())
                    .unwrap_or_default(),
            )]),
            "add" => {
                let n = |k: &str| {
                    args.get(k)
                        .and_then(serde_json::Value::as_f64)
                        .unwrap_or(0.0)
                };
                let sum = n("a") + n("b");
                CallToolResult::success(vec![ContentBlock::text(format!("{sum}"))])
            }
            "get_weather" => CallToolResult::success(vec![ContentBlock::text(format!(
                "sunny and 21 °C in {}",
                args.get("city")
                    .and_then(|c| c.as_str())
                    .unwrap_or("nowhere")
            ))]),
            "fail" => CallToolResult::error(vec![ContentBlock::text(
                "the stand-in's tool failed on purpose",
            )]),
            "slow" => {
                let ms = args
                    .get("ms")
                    .and_then(serde_json::Value::as_u64)
                    .unwrap_or(0);
                tokio::time::sleep(Duration::from_millis(ms)).await;
                CallToolResult::success(vec![ContentBlock::text(format!("waited {ms} ms"))])
            }
            "headers" => {
                let headers: serde_json::Map<String, serde_json::Value> = context
                    .extensions
                    .get::<Parts>()
                    .map(|parts| {
                        parts
                            .headers
                            .iter()
                            .map(|(k, v)| (k.to_string(), json!(v.to_str().unwrap_or_default())))
                            .collect()
                    })
                    .unwrap_or_default();
                CallToolResult::structured(serde_json::Value::Object(headers))
            }
            other => {
                return Err(ErrorData::invalid_params(
                    format!("unknown tool {other}"),
                    None,
                ));
            }
        };
        Ok(result.into())
    }
}

/// Our own streamable-HTTP MCP server, on a free local port.
pub struct McpStandIn {
    pub port: u16,
    calls: Arc<AtomicUsize>,
    stop: tokio_util::sync::CancellationToken,
}

impl McpStandIn {
    /// Serves without credentials (`token: None`) or only to
    /// `Authorization: Bearer <token>` (401 with `WWW-Authenticate` else).
    pub async fn start(token: Option<&str>) -> Self {
        let calls = Arc::new(AtomicUsize::new(0));
        let stop = tokio_util::sync::CancellationToken::new();
        let handler = StandInTools {
            calls: calls.clone(),
        };
        let config = StreamableHttpServerConfig::default().with_cancellation_token(stop.clone());
        let service = StreamableHttpService::new(
            move || Ok(handler.clone()),
            Arc::new(LocalSessionManager::default()),
            config,
        );
        let expected = token.map(|t| format!("Bearer {t}"));
        let guard = move |request: Request, next: Next| {
            let expected = expected.clone();
            async move {
                let given = request
                    .headers()
                    .get("authorization")
                    .and_then(|v| v.to_str().ok());
                match &expected {
                    Some(expected) if given != Some(expected.as_str()) => (
                        StatusCode::UNAUTHORIZED,
                        [("www-authenticate", "Bearer realm=\"stand-in\"")],
                        "no valid token",
                    )
                        .into_response(),
                    _ => next.run(request).await,
                }
            }
        };
        let app: Router = Router::new()
            .nest_service("/mcp", service)
            .layer(middleware::from_fn(guard));
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        // As real servers do: without it, Nagle's algorithm holds the
        // answer's last small write until the client's delayed ACK (40 ms).
        let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
            let _ = tcp.set_nodelay(true);
        });
        let shutdown = stop.clone();
        tokio::spawn(async move {
            let _ = axum::serve(listener, app)
                .with_graceful_shutdown(async move { shutdown.cancelled().await })
                .await;
        });
        Self { port, calls, stop }
    }

    /// `http://127.0.0.1:<port>/mcp`.
    pub fn url(&self) -> String {
        format!("http://127.0.0.1:{}/mcp", self.port)
    }

    /// Tool calls answered so far.
    pub fn calls(&self) -> usize {
        self.calls.load(Ordering::SeqCst)
    }
}

impl Drop for McpStandIn {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}
