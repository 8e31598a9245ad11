//! One connection to one MCP server, with the official SDK (rmcp): a
//! command run on this host over stdio, or a URL over streamable HTTP.
//!
//! A stdio command must be on the operator's allow-list; it runs with an
//! empty environment but `PATH`, a `HOME` and the server's own variables,
//! in a working directory of its own, in a process group of its own, so
//! that closing the connection (or dropping it) ends it and all it started.
//! A URL goes through the outbound guard (`agentforge-outbound`): no
//! private address, after DNS and on every redirect.

use std::collections::{BTreeMap, VecDeque};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agentforge_domain::mcp::{McpEndpoint, McpPrompt, McpResource, McpTool};
use agentforge_outbound::Guard;
use process_wrap::tokio::{CommandWrap, KillOnDrop, ProcessGroup};
use reqwest::header::{HeaderName, HeaderValue};
use rmcp::ServiceExt;
use rmcp::model::{
    CallToolRequestParams, ClientCapabilities, ClientConfig, ContentBlock, Implementation,
};
use rmcp::service::{ClientInitializeError, RoleClient, RunningService, ServiceError};
use rmcp::transport::streamable_http_client::{
    StreamableHttpClientTransportConfig, StreamableHttpError,
};
use rmcp::transport::{StreamableHttpClientTransport, TokioChildProcess};
use tokio::io::AsyncBufReadExt;
use tokio_util::task::TaskTracker;

use crate::McpError;

/// What bounds every connection.
#[derive(Debug, Clone)]
pub struct Limits {
    /// Connecting and the handshake, and listing what a server offers.
    pub connect_timeout: Duration,
    /// One tool call.
    pub call_timeout: Duration,
    /// Commands a stdio server may run; empty: none.
    pub stdio_allow: Vec<String>,
    /// Where each stdio server gets its working directory (`<root>/<id>`).
    pub workdir_root: PathBuf,
    /// The outbound guard for URLs.
    pub guard: Guard,
}

/// What a server offers.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Discovery {
    pub tools: Vec<McpTool>,
    pub resources: Vec<McpResource>,
    pub prompts: Vec<McpPrompt>,
    /// The server's name and version, as it says them.
    pub server: Option<String>,
}

/// One piece of a tool's result.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ToolContent {
    Text {
        text: String,
    },
    Image {
        mime_type: String,
        data: String,
    },
    Audio {
        mime_type: String,
        data: String,
    },
    Resource {
        uri: String,
        text: Option<String>,
    },
    /// Anything else the server sent, as it sent it.
    Other {
        value: serde_json::Value,
    },
}

/// What a tool call answered.
#[derive(Debug, Clone, PartialEq)]
pub struct ToolOutput {
    pub content: Vec<ToolContent>,
    pub structured: Option<serde_json::Value>,
    /// The tool itself reported a failure (its words are in `content`).
    pub is_error: bool,
    pub duration: Duration,
}

impl ToolOutput {
    /// The result as a model reads it: the text parts, images and other
    /// parts named, and the structured content when there is no text.
    pub fn as_text(&self) -> String {
        let mut parts: Vec<String> = self
            .content
            .iter()
            .map(|c| match c {
                ToolContent::Text { text } => text.clone(),
                ToolContent::Image { mime_type, .. } => format!("[image: {mime_type}]"),
                ToolContent::Audio { mime_type, .. } => format!("[audio: {mime_type}]"),
                ToolContent::Resource { uri, text } => match text {
                    Some(text) => format!("[resource {uri}]\n{text}"),
                    None => format!("[resource {uri}]"),
                },
                ToolContent::Other { value } => value.to_string(),
            })
            .collect();
        if parts.is_empty()
            && let Some(structured) = &self.structured
        {
            parts.push(structured.to_string());
        }
        parts.join("\n")
    }
}

/// A connected MCP server.
pub struct Connection {
    service: RunningService<RoleClient, ClientConfig>,
    /// The last lines the command wrote to its standard error (stdio only).
    stderr: Arc<Mutex<VecDeque<String>>>,
    /// The input schemas of the tools, by name, to check arguments with.
    schemas: Mutex<BTreeMap<String, serde_json::Value>>,
}

impl std::fmt::Debug for Connection {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Connection").finish_non_exhaustive()
    }
}

const STDERR_LINES: usize = 20;
const STDERR_LINE_CHARS: usize = 400;

fn client_info() -> ClientConfig {
    ClientConfig::new(
        ClientCapabilities::default(),
        Implementation::new("AgentForge", env!("CARGO_PKG_VERSION")),
    )
}

impl Connection {
    /// Connects to the server `id` and completes the MCP handshake within
    /// the connect timeout.
    pub async fn open(
        id: &str,
        endpoint: &McpEndpoint,
        limits: &Limits,
        tasks: &TaskTracker,
    ) -> Result<Self, McpError> {
        match endpoint {
            McpEndpoint::Stdio { command, args, env } => {
                open_stdio(id, command, args, env, limits, tasks).await
            }
            McpEndpoint::StreamableHttp { url, headers } => open_http(url, headers, limits).await,
        }
    }

    /// Lists what the server offers: its tools (every page), and its
    /// resources and prompts when it says it has them.
    pub async fn discover(&self, timeout: Duration) -> Result<Discovery, McpError> {
        let tools = tokio::time::timeout(timeout, self.service.list_all_tools())
            .await
            .map_err(|_| McpError::Timeout(timeout))?
            .map_err(service_error)?;
        let capabilities = self
            .service
            .peer_info()
            .map(|info| info.capabilities.clone())
            .unwrap_or_default();
        let tools: Vec<McpTool> = tools
            .into_iter()
            .map(|tool| McpTool {
                name: tool.name.to_string(),
                description: tool.description.map(|d| d.to_string()).unwrap_or_default(),
                input_schema: serde_json::Value::Object((*tool.input_schema).clone()),
            })
            .collect();
        *self.schemas.lock().unwrap_or_else(|e| e.into_inner()) = tools
            .iter()
            .map(|t| (t.name.clone(), t.input_schema.clone()))
            .collect();
        let mut found = Discovery {
            tools,
            server: self.service.peer_info().and_then(|info| {
                info.server_info
                    .as_ref()
                    .map(|s| format!("{} {}", s.name, s.version))
            }),
            ..Discovery::default()
        };
        if capabilities.resources.is_some() {
            let resources = tokio::time::timeout(timeout, self.service.list_all_resources())
                .await
                .map_err(|_| McpError::Timeout(timeout))?
                .map_err(service_error)?;
            found.resources = resources
                .iter()
                .filter_map(|r| serde_json::to_value(r).ok())
                .filter_map(|v| serde_json::from_value(v).ok())
                .collect();
        }
        if capabilities.prompts.is_some() {
            let prompts = tokio::time::timeout(timeout, self.service.list_all_prompts())
                .await
                .map_err(|_| McpError::Timeout(timeout))?
                .map_err(service_error)?;
            found.prompts = prompts
                .iter()
                .filter_map(|p| serde_json::to_value(p).ok())
                .filter_map(|v| serde_json::from_value(v).ok())
                .collect();
        }
        Ok(found)
    }

    /// Calls a tool with `arguments` (checked against its input schema when
    /// the server's tools were listed on this connection), within `timeout`.
    /// A failure the tool reports is an `Ok` with `is_error`; an error is
    /// about the call itself.
    pub async fn call(
        &self,
        tool: &str,
        arguments: serde_json::Map<String, serde_json::Value>,
        timeout: Duration,
    ) -> Result<ToolOutput, McpError> {
        let schema = self
            .schemas
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .get(tool)
            .cloned();
        if let Some(schema) = schema {
            check_arguments(tool, &schema, &serde_json::Value::Object(arguments.clone()))?;
        }
        let started = Instant::now();
        let params = CallToolRequestParams::new(tool.to_owned()).with_arguments(arguments);
        // Dropping the call on time-out tells the server it was cancelled.
        let result = tokio::time::timeout(timeout, self.service.call_tool(params))
            .await
            .map_err(|_| McpError::Timeout(timeout))?
            .map_err(|e| match service_error(e) {
                McpError::Protocol(message)
                    if message.contains("not found") || message.contains("unknown tool") =>
                {
                    McpError::UnknownTool(tool.to_owned())
                }
                other => other,
            })?;
        let content = result.content.iter().map(content_of).collect();
        Ok(ToolOutput {
            content,
            structured: result.structured_content.clone(),
            is_error: result.is_error.unwrap_or(false),
            duration: started.elapsed(),
        })
    }

    /// Whether the connection is still up.
    pub fn is_closed(&self) -> bool {
        self.service.is_closed()
    }

    /// Ends the connection (and a stdio server's process group).
    pub async fn close(mut self) {
        let _ = self
            .service
            .close_with_timeout(Duration::from_secs(5))
            .await;
    }

    /// The last lines a stdio server wrote to its standard error.
    pub fn stderr_tail(&self) -> Vec<String> {
        self.stderr
            .lock()
            .map(|lines| lines.iter().cloned().collect())
            .unwrap_or_default()
    }
}

fn content_of(block: &ContentBlock) -> ToolContent {
    match block {
        ContentBlock::Text(text) => ToolContent::Text {
            text: text.text.clone(),
        },
        ContentBlock::Image(image) => ToolContent::Image {
            mime_type: image.mime_type.clone(),
            data: image.data.clone(),
        },
        other => {
            let value = serde_json::to_value(other).unwrap_or_default();
            match value.get("type").and_then(serde_json::Value::as_str) {
                Some("audio") => ToolContent::Audio {
                    mime_type: value["mimeType"].as_str().unwrap_or_default().to_owned(),
                    data: value["data"].as_str().unwrap_or_default().to_owned(),
                },
                Some("resource") => ToolContent::Resource {
                    uri: value["resource"]["uri"]
                        .as_str()
                        .unwrap_or_default()
                        .to_owned(),
                    text: value["resource"]["text"].as_str().map(str::to_owned),
                },
                Some("resource_link") => ToolContent::Resource {
                    uri: value["uri"].as_str().unwrap_or_default().to_owned(),
                    text: None,
                },
                _ => ToolContent::Other { value },
            }
        }
    }
}

/// Checks arguments against a tool's input schema; a schema that does not
/// compile checks nothing (the server will say).
pub fn check_arguments(
    tool: &str,
    schema: &serde_json::Value,
    arguments: &serde_json::Value,
) -> Result<(), McpError> {
    let Ok(validator) = jsonschema::validator_for(schema) else {
        return Ok(());
    };
    let problems: Vec<String> = validator
        .iter_errors(arguments)
        .take(5)
        .map(|e| {
            let at = e.instance_path().to_string();
            if at.is_empty() {
                e.to_string()
            } else {
                format!("{at}: {e}")
            }
        })
        .collect();
    if problems.is_empty() {
        Ok(())
    } else {
        Err(McpError::InvalidArguments {
            tool: tool.to_owned(),
            problems: problems.join("; "),
        })
    }
}

/// Whether `command` may run: it is named on the allow-list exactly, as a
/// program name (looked up on the PATH) or an absolute path.
pub fn command_allowed(command: &str, allow: &[String]) -> bool {
    allow.iter().any(|allowed| allowed == command)
}

async fn open_stdio(
    id: &str,
    command: &str,
    args: &[String],
    env: &BTreeMap<String, String>,
    limits: &Limits,
    tasks: &TaskTracker,
) -> Result<Connection, McpError> {
    if !command_allowed(command, &limits.stdio_allow) {
        return Err(McpError::NotAllowed(command.to_owned()));
    }
    let cannot_start = |reason: String| McpError::CannotStart {
        command: command.to_owned(),
        reason,
    };
    let workdir = workdir(&limits.workdir_root, id).map_err(|e| cannot_start(e.to_string()))?;
    let mut cmd = tokio::process::Command::new(command);
    cmd.args(args).env_clear().current_dir(&workdir);
    // A clean environment: the server's own variables, and what a program
    // needs to be found and to find its home, never this server's secrets.
    if let Some(path) = std::env::var_os("PATH") {
        cmd.env("PATH", path);
    }
    cmd.env("HOME", &workdir);
    cmd.envs(env);
    let mut wrapped = CommandWrap::from(cmd);
    wrapped.wrap(ProcessGroup::leader()).wrap(KillOnDrop);
    let (transport, stderr) = TokioChildProcess::builder(wrapped)
        .stderr(std::process::Stdio::piped())
        .spawn()
        .map_err(|e| cannot_start(e.to_string()))?;
    let tail: Arc<Mutex<VecDeque<String>>> = Arc::default();
    if let Some(stderr) = stderr {
        let tail = tail.clone();
        let server = id.to_owned();
        // Drained as it comes (a full pipe would stop the server), the last
        // lines kept to explain a failure.
        tasks.spawn(async move {
            let mut lines = tokio::io::BufReader::new(stderr).lines();
            while let Ok(Some(line)) = lines.next_line().await {
                tracing::debug!(mcp_server = %server, "stderr: {line}");
                if let Ok(mut tail) = tail.lock() {
                    if tail.len() == STDERR_LINES {
                        tail.pop_front();
                    }
                    tail.push_back(line.chars().take(STDERR_LINE_CHARS).collect());
                }
            }
        });
    }
    let handshake =
        tokio::time::timeout(limits.connect_timeout, client_info().serve(transport)).await;
    let service = match handshake {
        Ok(Ok(service)) => service,
        Ok(Err(error)) => {
            // Give the drain a moment to catch the command's last words.
            tokio::time::sleep(Duration::from_millis(100)).await;
            let said = tail
                .lock()
                .map(|t| t.iter().cloned().collect::<Vec<_>>().join(" | "))
                .unwrap_or_default();
            let reason = if said.is_empty() {
                init_reason(&error)
            } else {
                format!("{}; it said: {said}", init_reason(&error))
            };
            return Err(cannot_start(reason));
        }
        Err(_) => return Err(McpError::Timeout(limits.connect_timeout)),
    };
    Ok(Connection {
        service,
        stderr: tail,
        schemas: Mutex::default(),
    })
}

/// The working directory of the server `id` under `root` (its name made
/// of the id's letters, digits and dashes only).
fn workdir_of(root: &Path, id: &str) -> PathBuf {
    let safe: String = id
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || *c == '-')
        .collect();
    root.join(if safe.is_empty() { "server" } else { &safe })
}

/// Removes a server's working directory and what it left there.
pub(crate) fn remove_workdir(root: &Path, id: &str) {
    let _ = std::fs::remove_dir_all(workdir_of(root, id));
}

fn workdir(root: &Path, id: &str) -> std::io::Result<PathBuf> {
    let dir = workdir_of(root, id);
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(&dir)?;
    Ok(dir)
}

async fn open_http(
    url: &str,
    headers: &BTreeMap<String, String>,
    limits: &Limits,
) -> Result<Connection, McpError> {
    let checked = limits
        .guard
        .check_url(url)
        .map_err(|e| McpError::Refused(e.to_string()))?;
    let mut custom = std::collections::HashMap::new();
    for (name, value) in headers {
        let name = HeaderName::from_bytes(name.as_bytes())
            .map_err(|_| McpError::Protocol(format!("'{name}' is not a header name")))?;
        let value = HeaderValue::from_str(value).map_err(|_| {
            McpError::Protocol(format!("the value of {name} is not a header value"))
        })?;
        custom.insert(name, value);
    }
    let config = StreamableHttpClientTransportConfig::with_uri(checked.as_str().to_owned())
        .custom_headers(custom);
    let transport = StreamableHttpClientTransport::with_client(
        limits.guard.client(limits.connect_timeout),
        config,
    );
    let service = tokio::time::timeout(limits.connect_timeout, client_info().serve(transport))
        .await
        .map_err(|_| McpError::Timeout(limits.connect_timeout))?
        .map_err(http_init_error)?;
    Ok(Connection {
        service,
        stderr: Arc::default(),
        schemas: Mutex::default(),
    })
}

/// A failed handshake over HTTP, as a person can act on it.
fn http_init_error(error: ClientInitializeError) -> McpError {
    if let ClientInitializeError::TransportError {
        error: transport, ..
    } = &error
        && let Some(http) = transport
            .error
            .downcast_ref::<StreamableHttpError<reqwest::Error>>()
    {
        return match http {
            StreamableHttpError::Client(e) => from_reqwest(e),
            StreamableHttpError::AuthRequired(_) => McpError::Unauthorized { status: 401 },
            StreamableHttpError::InsufficientScope(_) => McpError::Unauthorized { status: 403 },
            StreamableHttpError::HttpStatus(status) => status_error(status.status),
            StreamableHttpError::UnexpectedServerResponse(text) => {
                match text
                    .strip_prefix("HTTP ")
                    .and_then(|t| t.get(..3))
                    .and_then(|s| s.parse::<u16>().ok())
                {
                    Some(status) => status_error(status),
                    None => McpError::Protocol(text.to_string()),
                }
            }
            other => McpError::Protocol(other.to_string()),
        };
    }
    McpError::Protocol(init_reason(&error))
}

fn status_error(status: u16) -> McpError {
    if status == 401 || status == 403 {
        McpError::Unauthorized { status }
    } else {
        McpError::Http { status }
    }
}

fn from_reqwest(error: &reqwest::Error) -> McpError {
    // The guard's refusal travels inside the connect error.
    let mut source: Option<&(dyn std::error::Error + 'static)> = Some(error);
    while let Some(e) = source {
        if let Some(refused) = e.downcast_ref::<agentforge_outbound::Refused>() {
            return McpError::Refused(refused.to_string());
        }
        source = e.source();
    }
    if error.is_timeout() {
        return McpError::Timeout(Duration::from_secs(0));
    }
    let mut words = error.to_string();
    let mut source = std::error::Error::source(error);
    while let Some(e) = source {
        words = format!("{words}: {e}");
        source = e.source();
    }
    McpError::Unreachable(words)
}

fn init_reason(error: &ClientInitializeError) -> String {
    match error {
        ClientInitializeError::ConnectionClosed(_) => {
            "it closed the connection before the MCP handshake".to_owned()
        }
        ClientInitializeError::TransportError { error, .. } => {
            format!("{}", error.error)
        }
        other => other.to_string(),
    }
}

/// A failed request on a live connection.
pub(crate) fn service_error(error: ServiceError) -> McpError {
    match error {
        ServiceError::Timeout { timeout } => McpError::Timeout(timeout),
        ServiceError::TransportClosed => McpError::Closed,
        ServiceError::TransportSend(e) => {
            if let Some(StreamableHttpError::Client(e)) = e
                .error
                .downcast_ref::<StreamableHttpError<reqwest::Error>>()
            {
                from_reqwest(e)
            } else {
                McpError::Closed
            }
        }
        ServiceError::McpError(data) => McpError::Protocol(data.message.to_string()),
        other => McpError::Protocol(other.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_commands_named_on_the_allow_list_run() {
        let allow = vec!["npx".to_owned(), "/usr/local/bin/mcp-time".to_owned()];
        assert!(command_allowed("npx", &allow));
        assert!(command_allowed("/usr/local/bin/mcp-time", &allow));
        assert!(!command_allowed("/usr/bin/npx", &allow));
        assert!(!command_allowed("npx ", &allow));
        assert!(!command_allowed("sh", &allow));
        assert!(!command_allowed("npx", &[]));
    }

    #[test]
    fn arguments_are_checked_against_the_input_schema() {
        let schema = serde_json::json!({
            "type": "object",
            "properties": {"message": {"type": "string"}},
            "required": ["message"],
        });
        assert!(check_arguments("echo", &schema, &serde_json::json!({"message": "hi"})).is_ok());
        let error =
            check_arguments("echo", &schema, &serde_json::json!({"message": 3})).unwrap_err();
        assert_eq!(error.code(), "invalid_arguments");
        assert!(error.to_string().contains("/message"), "{error}");
        assert!(check_arguments("echo", &schema, &serde_json::json!({})).is_err());
        // A schema that does not compile checks nothing.
        assert!(
            check_arguments(
                "x",
                &serde_json::json!({"type": 12}),
                &serde_json::json!({})
            )
            .is_ok()
        );
    }
}
