//! Request and response bodies of /mcp.

use std::collections::BTreeMap;

use agentforge_domain::mcp::{McpPrompt, McpResource, McpStatus, McpTool, McpTransport, mask};
use agentforge_mcp::{ToolContent, ToolOutput};
use agentforge_store::{McpAssignment, McpServer};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::{Listed, Probed, ServerInput, Tested};
use crate::http::Checked;

/// A tool an MCP server offers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpToolOut {
    pub name: String,
    pub description: String,
    /// The JSON Schema of its arguments.
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub input_schema: serde_json::Value,
}

impl From<McpTool> for McpToolOut {
    fn from(t: McpTool) -> Self {
        Self {
            name: t.name,
            description: t.description,
            input_schema: t.input_schema,
        }
    }
}

/// A resource an MCP server offers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpResourceOut {
    pub uri: String,
    pub name: String,
    pub description: String,
    pub mime_type: Option<String>,
}

impl From<McpResource> for McpResourceOut {
    fn from(r: McpResource) -> Self {
        Self {
            uri: r.uri,
            name: r.name,
            description: r.description,
            mime_type: r.mime_type,
        }
    }
}

/// A prompt an MCP server offers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpPromptOut {
    pub name: String,
    pub description: String,
}

impl From<McpPrompt> for McpPromptOut {
    fn from(p: McpPrompt) -> Self {
        Self {
            name: p.name,
            description: p.description,
        }
    }
}

/// An MCP server: how it is reached (secrets masked), what its last test
/// found, and how many agents use it.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpServerOut {
    pub id: String,
    pub owner_id: String,
    pub name: String,
    pub description: String,
    pub transport: McpTransport,
    /// stdio: the command and its arguments.
    pub command: Option<String>,
    pub args: Vec<String>,
    /// stdio: the command's environment, each value masked.
    pub env: BTreeMap<String, String>,
    /// streamable HTTP: the URL and its headers, each value masked.
    pub url: Option<String>,
    pub headers: BTreeMap<String, String>,
    pub enabled: bool,
    pub status: McpStatus,
    pub tools: Vec<McpToolOut>,
    pub resources: Vec<McpResourceOut>,
    pub prompts: Vec<McpPromptOut>,
    /// Agents that use it.
    pub agents_count: u64,
    pub last_tested_at: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl McpServerOut {
    /// The server with its secrets' values masked (`secrets`: the opened
    /// environment or headers).
    pub fn new(server: McpServer, agents: u64, secrets: BTreeMap<String, String>) -> Self {
        let masked: BTreeMap<String, String> =
            secrets.into_iter().map(|(k, v)| (k, mask(&v))).collect();
        let (env, headers) = match server.transport {
            McpTransport::Stdio => (masked, BTreeMap::new()),
            McpTransport::StreamableHttp => (BTreeMap::new(), masked),
        };
        Self {
            id: server.id,
            owner_id: server.owner_id,
            name: server.name,
            description: server.description,
            transport: server.transport,
            command: server.command,
            args: server.args,
            env,
            url: server.url,
            headers,
            enabled: server.enabled,
            status: server.status,
            tools: server.tools.into_iter().map(McpToolOut::from).collect(),
            resources: server
                .resources
                .into_iter()
                .map(McpResourceOut::from)
                .collect(),
            prompts: server.prompts.into_iter().map(McpPromptOut::from).collect(),
            agents_count: agents,
            last_tested_at: server.last_tested_at,
            last_error: server.last_error,
            created_at: server.created_at,
            updated_at: server.updated_at,
        }
    }
}

impl From<(Listed, BTreeMap<String, String>)> for McpServerOut {
    fn from((listed, secrets): (Listed, BTreeMap<String, String>)) -> Self {
        Self::new(listed.server, listed.agents, secrets)
    }
}

/// An MCP server to make or change. stdio takes `command`, `args` and
/// `env`; streamable HTTP takes `url` and `headers`. A secret sent back as
/// it was shown (masked) keeps its stored value.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct McpServerIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 100)]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 2000)]
    pub description: String,
    #[schema(value_type = McpTransport, required = true)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub transport: Option<Checked<McpTransport>>,
    #[schema(max_length = 1024)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub command: Option<String>,
    #[serde(default)]
    #[schema(max_items = 64)]
    pub args: Vec<String>,
    #[serde(default)]
    pub env: BTreeMap<String, String>,
    #[schema(max_length = 2048)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default)]
    pub headers: BTreeMap<String, String>,
    /// Default true.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enabled: Option<bool>,
}

impl McpServerIn {
    pub fn input(self) -> Result<ServerInput, agentforge_domain::Error> {
        let mut problems = agentforge_domain::error::Problems::default();
        let transport = self
            .transport
            .and_then(|t| t.check(&mut problems, "transport"));
        problems.finish()?;
        Ok(ServerInput {
            name: self.name,
            description: self.description,
            transport,
            command: self.command,
            args: self.args,
            env: self.env,
            url: self.url,
            headers: self.headers,
            enabled: self.enabled.unwrap_or(true),
        })
    }
}

/// What a test of a server found.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpTestOut {
    /// `connected`, or `error` (then `error` says why).
    pub status: McpStatus,
    /// Why it failed, in words: cannot start the command, not on the
    /// allow-list, connection refused, HTTP 401, protocol error, time-out …
    pub error: Option<String>,
    /// A stable code for `error`.
    pub error_code: Option<String>,
    /// The server's name and version, as it says them.
    pub server_info: Option<String>,
    pub duration_ms: u64,
    /// The server as stored, with what the test found.
    pub server: McpServerOut,
}

impl McpTestOut {
    pub fn new(tested: Tested, server: McpServerOut) -> Self {
        Self {
            status: tested.server.status,
            error: tested.error.as_ref().map(ToString::to_string),
            error_code: tested.error.as_ref().map(|e| e.code().to_owned()),
            server_info: tested.server_info,
            duration_ms: u64::try_from(tested.duration.as_millis()).unwrap_or(u64::MAX),
            server,
        }
    }
}

/// What a test of a configuration not saved found; nothing is stored.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpProbeOut {
    /// `connected`, or `error` (then `error` says why).
    pub status: McpStatus,
    /// Why it failed, in words, as a test of a saved server says it.
    pub error: Option<String>,
    /// A stable code for `error`.
    pub error_code: Option<String>,
    /// The server's name and version, as it says them.
    pub server_info: Option<String>,
    pub duration_ms: u64,
    pub tools: Vec<McpToolOut>,
    pub resources: Vec<McpResourceOut>,
    pub prompts: Vec<McpPromptOut>,
}

impl McpProbeOut {
    pub fn new(probed: Probed) -> Self {
        let duration_ms = u64::try_from(probed.duration.as_millis()).unwrap_or(u64::MAX);
        match probed.outcome {
            Ok(found) => Self {
                status: McpStatus::Connected,
                error: None,
                error_code: None,
                server_info: found.server,
                duration_ms,
                tools: found.tools.into_iter().map(McpToolOut::from).collect(),
                resources: found
                    .resources
                    .into_iter()
                    .map(McpResourceOut::from)
                    .collect(),
                prompts: found.prompts.into_iter().map(McpPromptOut::from).collect(),
            },
            Err(error) => Self {
                status: McpStatus::Error,
                error: Some(error.to_string()),
                error_code: Some(error.code().to_owned()),
                server_info: None,
                duration_ms,
                tools: Vec::new(),
                resources: Vec::new(),
                prompts: Vec::new(),
            },
        }
    }
}

/// A tool to call.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct McpExecuteIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 200)]
    pub tool_name: String,
    /// The tool's arguments, as its input schema describes them.
    #[serde(default)]
    #[schema(schema_with = crate::docs::schema::json_object)]
    pub tool_args: serde_json::Value,
}

/// One piece of a tool's result.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "type", rename_all = "camelCase")]
pub enum ToolContentOut {
    Text {
        text: String,
    },
    /// Base64 data.
    #[serde(rename_all = "camelCase")]
    Image {
        mime_type: String,
        data: String,
    },
    #[serde(rename_all = "camelCase")]
    Audio {
        mime_type: String,
        data: String,
    },
    Resource {
        uri: String,
        text: Option<String>,
    },
    Other {
        #[schema(schema_with = crate::docs::schema::json_object)]
        value: serde_json::Value,
    },
}

impl From<ToolContent> for ToolContentOut {
    fn from(c: ToolContent) -> Self {
        match c {
            ToolContent::Text { text } => Self::Text { text },
            ToolContent::Image { mime_type, data } => Self::Image { mime_type, data },
            ToolContent::Audio { mime_type, data } => Self::Audio { mime_type, data },
            ToolContent::Resource { uri, text } => Self::Resource { uri, text },
            ToolContent::Other { value } => Self::Other { value },
        }
    }
}

/// What a tool answered.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpExecuteOut {
    pub tool_name: String,
    /// The tool reported a failure (its words are in `content`).
    pub is_error: bool,
    pub content: Vec<ToolContentOut>,
    pub structured_content: Option<serde_json::Value>,
    /// The result as a model reads it.
    pub text: String,
    pub duration_ms: u64,
}

impl McpExecuteOut {
    pub fn new(tool_name: String, output: ToolOutput) -> Self {
        Self {
            text: output.as_text(),
            tool_name,
            is_error: output.is_error,
            duration_ms: u64::try_from(output.duration.as_millis()).unwrap_or(u64::MAX),
            content: output
                .content
                .into_iter()
                .map(ToolContentOut::from)
                .collect(),
            structured_content: output.structured,
        }
    }
}

/// The outcome of one entry of an import.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImportResultOut {
    pub name: String,
    pub outcome: ImportOutcome,
    /// Why it was skipped or refused.
    pub reason: Option<String>,
    /// The server made, when it was.
    pub server: Option<McpServerOut>,
}

/// What became of an imported entry.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImportOutcome {
    Created,
    Skipped,
    Refused,
}

/// Every entry of an import, in order.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpImportOut {
    pub created: u32,
    pub skipped: u32,
    pub refused: u32,
    pub results: Vec<ImportResultOut>,
}

/// The export's switch.
#[derive(Debug, Default, Deserialize, IntoParams, serde::Serialize)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct McpExportQuery {
    /// Include the secrets (environment values, headers) in clear; from a
    /// signed-in session only. Default false: they are left empty.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub include_credentials: Option<bool>,
}

/// Which of a server's tools an agent uses.
#[derive(Debug, Clone, Default, Deserialize, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentConfiguration {
    /// The tools the agent uses; empty or absent: all.
    #[serde(default)]
    #[schema(max_items = 200)]
    pub tools: Vec<String>,
}

/// A server lent to an agent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentMcpServerOut {
    pub id: String,
    pub agent_id: String,
    pub mcp_server_id: String,
    pub configuration: AssignmentConfiguration,
    /// Of those tools, the ones it may call; empty: all it uses.
    pub permissions: Vec<String>,
    /// Higher first: their tools come first and win a clash of names.
    pub priority: i32,
    pub server: McpServerOut,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl AgentMcpServerOut {
    pub fn new(assignment: McpAssignment, server: McpServerOut) -> Self {
        Self {
            id: assignment.id,
            agent_id: assignment.agent_id,
            mcp_server_id: assignment.mcp_server_id,
            configuration: AssignmentConfiguration {
                tools: assignment.tools,
            },
            permissions: assignment.permissions,
            priority: assignment.priority,
            server,
            created_at: assignment.created_at,
            updated_at: assignment.updated_at,
        }
    }
}

/// A server to lend to an agent.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 64)]
    pub mcp_server_id: String,
    #[serde(default)]
    pub configuration: AssignmentConfiguration,
    /// Empty: all the tools it uses.
    #[serde(default)]
    #[schema(max_items = 200)]
    pub permissions: Vec<String>,
    /// Default 0; higher first.
    #[serde(default)]
    #[schema(minimum = -1000, maximum = 1000)]
    pub priority: i32,
}

/// Changes to what a server lends an agent.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentPatch {
    #[serde(skip_serializing_if = "Option::is_none")]
    pub configuration: Option<AssignmentConfiguration>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(max_items = 200)]
    pub permissions: Option<Vec<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(minimum = -1000, maximum = 1000)]
    pub priority: Option<i32>,
}

/// What a server is wanted for.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct McpGenerateIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2000)]
    pub description: String,
}

pub use agentforge_domain::mcp::ProposalSource;

/// A desktop MCP client's configuration: `{"mcpServers": {name: {…}}}`.
#[derive(Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct McpConfigDocument(pub serde_json::Value);

impl utoipa::PartialSchema for McpConfigDocument {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        crate::docs::schema::json_object().into()
    }
}

impl ToSchema for McpConfigDocument {}

/// A proposed server: nothing is made until it is saved.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpProposalOut {
    pub source: ProposalSource,
    pub server: McpServerIn,
    /// What to fill in or check before saving (paths, tokens …).
    pub notes: Vec<String>,
}

/// Proposals, best first (none when nothing fits).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct McpGenerateOut {
    pub proposals: Vec<McpProposalOut>,
    /// Whether a language model wrote them (else the built-in catalogue).
    pub model_connected: bool,
}
