//! Why talking to an MCP server failed, in words a person can act on, each
//! with a stable code.

use std::time::Duration;

/// What went wrong with an MCP server.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum McpError {
    /// The command is not on the operator's allow-list.
    #[error(
        "The command '{0}' is not on this server's allow-list for stdio MCP servers (AGENTFORGE_MCP_STDIO_ALLOW)"
    )]
    NotAllowed(String),
    /// The command could not be started, or exited before answering.
    #[error("Cannot start the command '{command}': {reason}")]
    CannotStart { command: String, reason: String },
    /// The outbound guard refused the URL.
    #[error("This URL may not be called: {0}")]
    Refused(String),
    /// Nothing answers at the address.
    #[error("Connection refused or unreachable: {0}")]
    Unreachable(String),
    /// The server wants credentials it was not given (HTTP 401/403).
    #[error("The server answered HTTP {status}: check the credentials in the headers")]
    Unauthorized { status: u16 },
    /// The server answered with another HTTP error.
    #[error("The server answered HTTP {status}")]
    Http { status: u16 },
    /// It did not speak MCP as expected.
    #[error("Protocol error: {0}")]
    Protocol(String),
    /// It took too long.
    #[error("No answer within {} s", .0.as_secs())]
    Timeout(Duration),
    /// The connection ended (the process exited, the server hung up).
    #[error("The connection to the server was closed")]
    Closed,
    /// No tool of that name on the server.
    #[error("The server has no tool named '{0}'")]
    UnknownTool(String),
    /// The arguments do not match the tool's input schema.
    #[error("Invalid arguments for '{tool}': {problems}")]
    InvalidArguments { tool: String, problems: String },
}

impl McpError {
    /// A stable machine-readable code.
    pub fn code(&self) -> &'static str {
        match self {
            McpError::NotAllowed(_) => "not_allowed",
            McpError::CannotStart { .. } => "cannot_start",
            McpError::Refused(_) => "url_refused",
            McpError::Unreachable(_) => "unreachable",
            McpError::Unauthorized { .. } => "unauthorized",
            McpError::Http { .. } => "http_error",
            McpError::Protocol(_) => "protocol_error",
            McpError::Timeout(_) => "timeout",
            McpError::Closed => "closed",
            McpError::UnknownTool(_) => "unknown_tool",
            McpError::InvalidArguments { .. } => "invalid_arguments",
        }
    }

    /// Whether the connection should be dropped and made anew next time.
    pub fn breaks_connection(&self) -> bool {
        matches!(
            self,
            McpError::Closed | McpError::Protocol(_) | McpError::Unreachable(_)
        )
    }
}
