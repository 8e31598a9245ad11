//! AgentForge as an MCP client: [`client`] connects to one MCP server over
//! stdio or streamable HTTP with the official SDK (rmcp, pinned) and lists
//! or calls what it offers; [`pool`] keeps one connection per server for
//! every turn and test to share, made anew when it breaks. Knows nothing of
//! agents, accounts or the database.

pub mod client;
mod error;
pub mod pool;

pub use client::{
    Connection, Discovery, Limits, ToolContent, ToolOutput, check_arguments, command_allowed,
};
pub use error::McpError;
pub use pool::McpPool;
