//! Reading the configuration files of desktop MCP clients:
//! `{"mcpServers": {name: {command, args, env} | {url, headers, type}}}`
//! (Claude Desktop, Cursor, Windsurf …), `{"servers": {…}}` (VS Code), or
//! one server object (`{name?, command …}` or `{name?, url …}`). Each entry
//! is read on its own, so one bad entry does not spoil the others.

use std::collections::BTreeMap;

use agentforge_domain::mcp::McpTransport;
use serde_json::Value;

use super::service::ServerInput;

/// Entries one import may hold.
pub const ENTRIES_MAX: usize = 50;

/// One entry as read: its name, and the server, or why it cannot be one.
pub type Entry = (String, Result<ServerInput, String>);

/// The entries of a desktop configuration, in order; `Err` when the
/// document is none of the accepted shapes.
pub fn entries(document: &Value) -> Result<Vec<Entry>, String> {
    let Value::Object(top) = document else {
        return Err("Expected a JSON object: {\"mcpServers\": {...}} or one server".to_owned());
    };
    let servers = top
        .get("mcpServers")
        .or_else(|| top.get("servers"))
        .or_else(|| top.get("mcp").and_then(|m| m.get("servers")));
    let list: Vec<(String, &Value)> = match servers {
        Some(Value::Object(servers)) => servers.iter().map(|(k, v)| (k.clone(), v)).collect(),
        Some(_) => return Err("\"mcpServers\" must be an object of servers by name".to_owned()),
        None if top.contains_key("command") || top.contains_key("url") => {
            let name = top
                .get("name")
                .and_then(Value::as_str)
                .unwrap_or("Imported server")
                .to_owned();
            vec![(name, document)]
        }
        None => {
            return Err("No servers found: expected \"mcpServers\" (or \"servers\"), or one server with \"command\" or \"url\"".to_owned());
        }
    };
    if list.len() > ENTRIES_MAX {
        return Err(format!(
            "At most {ENTRIES_MAX} servers can be imported at once"
        ));
    }
    Ok(list
        .into_iter()
        .map(|(name, value)| {
            let read = entry(&name, value);
            (name, read)
        })
        .collect())
}

fn strings(value: Option<&Value>, what: &str) -> Result<Vec<String>, String> {
    match value {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::Array(items)) => items
            .iter()
            .map(|v| match v {
                Value::String(s) => Ok(s.clone()),
                Value::Number(n) => Ok(n.to_string()),
                Value::Bool(b) => Ok(b.to_string()),
                _ => Err(format!("\"{what}\" must be a list of strings")),
            })
            .collect(),
        Some(_) => Err(format!("\"{what}\" must be a list of strings")),
    }
}

fn map(value: Option<&Value>, what: &str) -> Result<BTreeMap<String, String>, String> {
    match value {
        None | Some(Value::Null) => Ok(BTreeMap::new()),
        Some(Value::Object(entries)) => entries
            .iter()
            .map(|(k, v)| match v {
                Value::String(s) => Ok((k.clone(), s.clone())),
                Value::Number(n) => Ok((k.clone(), n.to_string())),
                Value::Bool(b) => Ok((k.clone(), b.to_string())),
                _ => Err(format!("\"{what}\" must map names to strings")),
            })
            .collect(),
        Some(_) => Err(format!("\"{what}\" must be an object")),
    }
}

fn entry(name: &str, value: &Value) -> Result<ServerInput, String> {
    let Value::Object(fields) = value else {
        return Err("A server must be a JSON object".to_owned());
    };
    let kind = fields
        .get("type")
        .or_else(|| fields.get("transport"))
        .and_then(Value::as_str)
        .map(str::to_ascii_lowercase);
    let transport = match (
        kind.as_deref(),
        fields.contains_key("command"),
        fields.contains_key("url"),
    ) {
        (Some("sse"), _, _) => {
            return Err(
                "The SSE transport is not supported: only stdio and streamable HTTP are".to_owned(),
            );
        }
        (Some("stdio"), _, _) | (None, true, false) => McpTransport::Stdio,
        (Some("http" | "streamable-http" | "streamable_http" | "streamablehttp"), _, _)
        | (None, false, true) => McpTransport::StreamableHttp,
        (None, true, true) => {
            return Err("A server has either a \"command\" or a \"url\", not both".to_owned());
        }
        (None, false, false) => {
            return Err(
                "A server needs a \"command\" (stdio) or a \"url\" (streamable HTTP)".to_owned(),
            );
        }
        (Some(other), _, _) => {
            return Err(format!(
                "Unknown transport type '{}'",
                other.chars().take(40).collect::<String>()
            ));
        }
    };
    let text = |key: &str| fields.get(key).and_then(Value::as_str).map(str::to_owned);
    Ok(ServerInput {
        name: name.to_owned(),
        description: text("description").unwrap_or_default(),
        transport: Some(transport),
        command: text("command"),
        args: strings(fields.get("args"), "args")?,
        env: map(fields.get("env"), "env")?,
        url: text("url"),
        headers: map(fields.get("headers"), "headers")?,
        enabled: !fields
            .get("disabled")
            .and_then(Value::as_bool)
            .unwrap_or(false),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn desktop_configurations_and_single_servers_are_read_entry_by_entry() {
        let read = entries(&json!({"mcpServers": {
            "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"], "env": {"DEBUG": 1}},
            "remote": {"type": "streamable-http", "url": "https://mcp.example.com/mcp", "headers": {"Authorization": "Bearer x"}},
            "old": {"type": "sse", "url": "https://mcp.example.com/sse"},
            "broken": {"args": []},
            "off": {"url": "https://x.example.com/mcp", "disabled": true},
        }}))
        .unwrap();
        let by_name: BTreeMap<_, _> = read.into_iter().collect();
        let files = by_name["files"].as_ref().unwrap();
        assert_eq!(files.transport, Some(McpTransport::Stdio));
        assert_eq!(files.env["DEBUG"], "1");
        let remote = by_name["remote"].as_ref().unwrap();
        assert_eq!(remote.transport, Some(McpTransport::StreamableHttp));
        assert_eq!(remote.headers["Authorization"], "Bearer x");
        assert!(by_name["old"].as_ref().unwrap_err().contains("SSE"));
        assert!(by_name["broken"].is_err());
        assert!(!by_name["off"].as_ref().unwrap().enabled);

        let one = entries(&json!({"name": "Time", "command": "uvx", "args": ["mcp-server-time"]}))
            .unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].0, "Time");
        assert!(
            entries(&json!({"servers": {"a": {"url": "https://a.example.com/mcp"}}})).unwrap()[0]
                .1
                .is_ok()
        );
        assert!(entries(&json!([1, 2])).is_err());
        assert!(entries(&json!({"nothing": true})).is_err());
        let many: serde_json::Map<String, Value> = (0..51)
            .map(|i| (format!("s{i}"), json!({"url": "https://a.example.com"})))
            .collect();
        assert!(entries(&json!({"mcpServers": many})).is_err());
    }
}
