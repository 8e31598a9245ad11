//! MCP servers as the product keeps them: how one is reached (a command on
//! the host over stdio, or a URL over streamable HTTP), what its last test
//! found, and the checks every configuration passes before it is stored,
//! whoever sends it (the API, an import, a generated proposal).

use std::collections::BTreeMap;

use crate::error::{Problems, messages};

string_enum!(
    /// How an MCP server is reached: `stdio` (a command the server runs on
    /// its host) or `streamable_http` (a URL).
    McpTransport {
        Stdio = "stdio",
        StreamableHttp = "streamable_http",
    }
);

string_enum!(
    /// What the last test of an MCP server found: `unknown` (never tested,
    /// or changed since), `connected`, or `error`.
    McpStatus {
        Unknown = "unknown",
        Connected = "connected",
        Error = "error",
    }
);

string_enum!(
    /// Where a proposed server comes from: `catalog` (matched against
    /// well-known servers) or `model` (written by the connected language
    /// model).
    ProposalSource {
        Catalog = "catalog",
        Model = "model",
    }
);

/// A tool an MCP server offers.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpTool {
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// The JSON Schema of its arguments.
    #[serde(default)]
    pub input_schema: serde_json::Value,
}

/// A resource an MCP server offers.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpResource {
    pub uri: String,
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub mime_type: Option<String>,
}

/// A prompt an MCP server offers.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct McpPrompt {
    pub name: String,
    #[serde(default)]
    pub description: String,
}

/// How to reach a server, checked: one of the two transports and only
/// what it uses.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum McpEndpoint {
    Stdio {
        command: String,
        args: Vec<String>,
        env: BTreeMap<String, String>,
    },
    StreamableHttp {
        url: String,
        headers: BTreeMap<String, String>,
    },
}

impl McpEndpoint {
    pub fn transport(&self) -> McpTransport {
        match self {
            McpEndpoint::Stdio { .. } => McpTransport::Stdio,
            McpEndpoint::StreamableHttp { .. } => McpTransport::StreamableHttp,
        }
    }
}

/// Bounds on a server's configuration.
pub const NAME_MAX: usize = 100;
pub const DESCRIPTION_MAX: usize = 2_000;
pub const COMMAND_MAX: usize = 1_024;
pub const ARGS_MAX: usize = 64;
pub const ARG_MAX: usize = 4_096;
pub const ENV_MAX: usize = 64;
pub const ENV_VALUE_MAX: usize = 8_192;
pub const URL_MAX: usize = 2_048;
pub const HEADERS_MAX: usize = 32;
pub const HEADER_VALUE_MAX: usize = 8_192;

/// An endpoint as sent, before it is checked.
#[derive(Debug, Clone, Copy)]
pub struct EndpointInput<'a> {
    pub transport: McpTransport,
    pub command: Option<&'a str>,
    pub args: &'a [String],
    pub env: &'a BTreeMap<String, String>,
    pub url: Option<&'a str>,
    pub headers: &'a BTreeMap<String, String>,
}

/// Checks an endpoint's parts under `prefix` (`""` for a body, `"mcpServers.x."`
/// for an import), recording every problem; answers the endpoint when all
/// is well. Only what the transport uses is checked and kept.
pub fn check_endpoint(
    problems: &mut Problems,
    prefix: &str,
    input: EndpointInput<'_>,
) -> Option<McpEndpoint> {
    let EndpointInput {
        transport,
        command,
        args,
        env,
        url,
        headers,
    } = input;
    let field = |name: &str| format!("{prefix}{name}");
    let mut fine = true;
    let mut bad = |problems: &mut Problems, name: &str, message: String| {
        problems.add(&field(name), message);
        fine = false;
    };
    match transport {
        McpTransport::Stdio => {
            let command = command.map(str::trim).unwrap_or_default();
            if command.is_empty() {
                bad(problems, "command", messages::REQUIRED.to_owned());
            } else if command.chars().count() > COMMAND_MAX {
                bad(problems, "command", messages::too_long(COMMAND_MAX));
            } else if command.chars().any(char::is_control) {
                bad(
                    problems,
                    "command",
                    "A command cannot contain control characters".into(),
                );
            }
            if args.len() > ARGS_MAX {
                bad(problems, "args", messages::too_many(ARGS_MAX));
            }
            for arg in args {
                if arg.chars().count() > ARG_MAX {
                    bad(problems, "args", messages::too_long(ARG_MAX));
                    break;
                }
                if arg.contains('\0') {
                    bad(problems, "args", messages::NO_NUL.to_owned());
                    break;
                }
            }
            if env.len() > ENV_MAX {
                bad(problems, "env", messages::too_many(ENV_MAX));
            }
            for (key, value) in env {
                if !is_env_name(key) {
                    bad(
                        problems,
                        "env",
                        format!(
                            "'{}' is not an environment variable name (letters, digits and _, not starting with a digit)",
                            key.chars().take(64).collect::<String>()
                        ),
                    );
                    break;
                }
                if value.chars().count() > ENV_VALUE_MAX || value.contains('\0') {
                    bad(
                        problems,
                        "env",
                        format!("The value of {key} is too long or holds a NUL character"),
                    );
                    break;
                }
            }
            if fine {
                return Some(McpEndpoint::Stdio {
                    command: command.to_owned(),
                    args: args.to_vec(),
                    env: env.clone(),
                });
            }
        }
        McpTransport::StreamableHttp => {
            let url = url.map(str::trim).unwrap_or_default();
            if url.is_empty() {
                bad(problems, "url", messages::REQUIRED.to_owned());
            } else if url.chars().count() > URL_MAX {
                bad(problems, "url", messages::too_long(URL_MAX));
            } else if !is_http_url(url) {
                bad(problems, "url", "Must be an http:// or https:// URL".into());
            }
            if headers.len() > HEADERS_MAX {
                bad(problems, "headers", messages::too_many(HEADERS_MAX));
            }
            for (name, value) in headers {
                if !is_header_name(name) {
                    bad(
                        problems,
                        "headers",
                        format!(
                            "'{}' is not a header name",
                            name.chars().take(64).collect::<String>()
                        ),
                    );
                    break;
                }
                if value.chars().count() > HEADER_VALUE_MAX
                    || value.chars().any(|c| c.is_control() && c != '\t')
                {
                    bad(
                        problems,
                        "headers",
                        format!("The value of {name} is too long or holds a control character"),
                    );
                    break;
                }
            }
            if fine {
                return Some(McpEndpoint::StreamableHttp {
                    url: url.to_owned(),
                    headers: headers.clone(),
                });
            }
        }
    }
    None
}

/// An environment variable's name: `[A-Za-z_][A-Za-z0-9_]*`, at most 128.
pub fn is_env_name(name: &str) -> bool {
    let mut chars = name.chars();
    matches!(chars.next(), Some(c) if c.is_ascii_alphabetic() || c == '_')
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
        && name.len() <= 128
}

/// An HTTP header's name: RFC 9110's token characters, at most 128.
pub fn is_header_name(name: &str) -> bool {
    !name.is_empty()
        && name.len() <= 128
        && name
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || b"!#$%&'*+-.^_`|~".contains(&b))
}

/// An absolute http:// or https:// URL with a host (no spaces or control
/// characters).
pub fn is_http_url(url: &str) -> bool {
    let rest = url
        .strip_prefix("https://")
        .or_else(|| url.strip_prefix("http://"));
    match rest {
        Some(rest) => {
            let host = rest.split(['/', '?', '#']).next().unwrap_or_default();
            !host.is_empty()
                && !host.contains('@')
                && !url.chars().any(|c| c.is_whitespace() || c.is_control())
        }
        None => false,
    }
}

/// A value shown in place of a secret: its last four characters when it is
/// long enough that they tell little, else only dots.
pub fn mask(secret: &str) -> String {
    let count = secret.chars().count();
    if count >= 12 {
        let tail: String = secret.chars().skip(count - 4).collect();
        format!("••••••••{tail}")
    } else {
        "••••••••".to_owned()
    }
}

/// Whether a value sent back is a mask we made (so the stored secret is kept).
pub fn is_mask(value: &str) -> bool {
    value.starts_with("••••••••")
}

/// A tool name as models accept it (`^[a-zA-Z0-9_-]{1,64}$`): other
/// characters become `_`, and it is cut to 64.
pub fn tool_name(raw: &str) -> String {
    let cleaned: String = raw
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .take(64)
        .collect();
    if cleaned.is_empty() {
        "tool".to_owned()
    } else {
        cleaned
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn map(pairs: &[(&str, &str)]) -> BTreeMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    #[test]
    fn an_endpoint_is_checked_for_its_transport() {
        let mut problems = Problems::default();
        let args = [
            "-y".to_owned(),
            "@modelcontextprotocol/server-everything".to_owned(),
        ];
        let none = BTreeMap::new();
        let stdio = check_endpoint(
            &mut problems,
            "",
            EndpointInput {
                transport: McpTransport::Stdio,
                command: Some(" npx "),
                args: &args,
                env: &map(&[("API_KEY", "secret")]),
                url: None,
                headers: &none,
            },
        );
        assert!(problems.is_empty(), "{problems:?}");
        assert_eq!(
            stdio,
            Some(McpEndpoint::Stdio {
                command: "npx".into(),
                args: vec![
                    "-y".into(),
                    "@modelcontextprotocol/server-everything".into()
                ],
                env: map(&[("API_KEY", "secret")]),
            })
        );

        let mut problems = Problems::default();
        let refused = check_endpoint(
            &mut problems,
            "mcpServers.x.",
            EndpointInput {
                transport: McpTransport::StreamableHttp,
                command: None,
                args: &[],
                env: &none,
                url: Some("ftp://example.com"),
                headers: &map(&[("Bad Header", "x"), ("X-Ok", "line\r\nbreak")]),
            },
        );
        assert_eq!(refused, None);
        let error = problems.finish().unwrap_err();
        let text = format!("{error:?}");
        assert!(text.contains("mcpServers.x.url"), "{text}");
        assert!(text.contains("mcpServers.x.headers"), "{text}");

        let mut problems = Problems::default();
        check_endpoint(
            &mut problems,
            "",
            EndpointInput {
                transport: McpTransport::Stdio,
                command: Some(""),
                args: &[],
                env: &map(&[("1BAD", "x")]),
                url: None,
                headers: &none,
            },
        );
        let text = format!("{:?}", problems.finish().unwrap_err());
        assert!(text.contains("command") && text.contains("env"), "{text}");
    }

    #[test]
    fn urls_headers_env_names_masks_and_tool_names() {
        assert!(is_http_url("https://mcp.example.com/mcp"));
        assert!(is_http_url("http://127.0.0.1:3001/mcp?x=1"));
        assert!(!is_http_url("https://user:pw@example.com/"));
        assert!(!is_http_url("https:///nohost"));
        assert!(!is_http_url("file:///etc/passwd"));
        assert!(!is_http_url("https://example.com/a b"));
        assert!(is_header_name("Authorization") && !is_header_name("X:Y"));
        assert!(is_env_name("_A1") && !is_env_name("A-B"));
        assert_eq!(mask("sk-0123456789abcdef"), "••••••••cdef");
        assert_eq!(mask("short"), "••••••••");
        assert!(is_mask(&mask("anything at all")));
        assert_eq!(tool_name("get weather/now"), "get_weather_now");
        assert_eq!(tool_name(&"x".repeat(80)).len(), 64);
    }
}

/// A well-known MCP server: how to run or reach it, and which variables or
/// headers it needs filled in.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CatalogEntry {
    pub key: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    pub transport: McpTransport,
    pub command: Option<&'static str>,
    pub args: &'static [&'static str],
    /// Variables to set (name, what to put there).
    pub env: &'static [(&'static str, &'static str)],
    pub url: Option<&'static str>,
    pub headers: &'static [(&'static str, &'static str)],
    /// Words a description of what is wanted may use.
    pub keywords: &'static [&'static str],
}

/// Well-known MCP servers, for proposals when no language model is
/// connected (and as examples for the model when one is).
pub const CATALOG: &[CatalogEntry] = &[
    CatalogEntry {
        key: "filesystem",
        name: "Filesystem",
        description: "Read, write and search files in the folders you allow",
        transport: McpTransport::Stdio,
        command: Some("npx"),
        args: &[
            "-y",
            "@modelcontextprotocol/server-filesystem",
            "/path/to/allowed/folder",
        ],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "file",
            "files",
            "folder",
            "directory",
            "disk",
            "document",
            "read",
            "write",
            "filesystem",
        ],
    },
    CatalogEntry {
        key: "fetch",
        name: "Fetch",
        description: "Fetch web pages and turn them into text the model can read",
        transport: McpTransport::Stdio,
        command: Some("uvx"),
        args: &["mcp-server-fetch"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "web", "page", "url", "fetch", "http", "website", "browse", "download", "scrape",
        ],
    },
    CatalogEntry {
        key: "git",
        name: "Git",
        description: "Read, search and change a Git repository",
        transport: McpTransport::Stdio,
        command: Some("uvx"),
        args: &["mcp-server-git", "--repository", "/path/to/repository"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "git",
            "repository",
            "repo",
            "commit",
            "branch",
            "diff",
            "code",
        ],
    },
    CatalogEntry {
        key: "github",
        name: "GitHub",
        description: "Issues, pull requests, code and repositories on GitHub (GitHub's hosted server)",
        transport: McpTransport::StreamableHttp,
        command: None,
        args: &[],
        env: &[],
        url: Some("https://api.githubcopilot.com/mcp/"),
        headers: &[("Authorization", "Bearer <a GitHub personal access token>")],
        keywords: &[
            "github",
            "issue",
            "issues",
            "pull",
            "request",
            "pr",
            "repository",
            "code",
        ],
    },
    CatalogEntry {
        key: "postgres",
        name: "PostgreSQL",
        description: "Read-only SQL queries and schemas of a PostgreSQL database",
        transport: McpTransport::Stdio,
        command: Some("npx"),
        args: &[
            "-y",
            "@modelcontextprotocol/server-postgres",
            "postgresql://user:password@host:5432/database",
        ],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "postgres",
            "postgresql",
            "sql",
            "database",
            "db",
            "query",
            "table",
            "schema",
        ],
    },
    CatalogEntry {
        key: "sqlite",
        name: "SQLite",
        description: "Queries, analysis and notes on a SQLite database file",
        transport: McpTransport::Stdio,
        command: Some("uvx"),
        args: &["mcp-server-sqlite", "--db-path", "/path/to/database.db"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &["sqlite", "sql", "database", "db", "query", "table"],
    },
    CatalogEntry {
        key: "time",
        name: "Time",
        description: "The current time and conversions between time zones",
        transport: McpTransport::Stdio,
        command: Some("uvx"),
        args: &["mcp-server-time"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "time", "date", "clock", "timezone", "zone", "schedule", "calendar",
        ],
    },
    CatalogEntry {
        key: "memory",
        name: "Memory",
        description: "A knowledge graph the agent keeps between conversations",
        transport: McpTransport::Stdio,
        command: Some("npx"),
        args: &["-y", "@modelcontextprotocol/server-memory"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &[
            "memory",
            "remember",
            "knowledge",
            "graph",
            "notes",
            "recall",
        ],
    },
    CatalogEntry {
        key: "everything",
        name: "Everything (test server)",
        description: "The reference test server: tools, resources and prompts of every kind",
        transport: McpTransport::Stdio,
        command: Some("npx"),
        args: &["-y", "@modelcontextprotocol/server-everything"],
        env: &[],
        url: None,
        headers: &[],
        keywords: &["test", "example", "demo", "everything", "sample", "try"],
    },
];

/// The catalogue entries a description asks for, best first: those whose
/// keywords it uses most (at most `limit`).
pub fn catalog_matches(description: &str, limit: usize) -> Vec<&'static CatalogEntry> {
    let words: Vec<String> = description
        .to_lowercase()
        .split(|c: char| !c.is_alphanumeric())
        .filter(|w| !w.is_empty())
        .map(str::to_owned)
        .collect();
    let mut scored: Vec<(usize, usize, &'static CatalogEntry)> = CATALOG
        .iter()
        .enumerate()
        .map(|(i, entry)| {
            let score = entry
                .keywords
                .iter()
                .filter(|k| {
                    words
                        .iter()
                        .any(|w| w == *k || (w.len() > 3 && w.starts_with(*k)))
                })
                .count()
                + usize::from(words.iter().any(|w| w == entry.key));
            (score, i, entry)
        })
        .filter(|(score, _, _)| *score > 0)
        .collect();
    scored.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    scored.into_iter().take(limit).map(|(_, _, e)| e).collect()
}

#[cfg(test)]
mod catalog_tests {
    use super::*;

    #[test]
    fn a_description_finds_the_servers_it_speaks_of() {
        let keys = |d: &str| {
            catalog_matches(d, 3)
                .iter()
                .map(|e| e.key)
                .collect::<Vec<_>>()
        };
        assert_eq!(
            keys("Let the agent query our Postgres database")[0],
            "postgres"
        );
        assert_eq!(keys("read files from a shared folder")[0], "filesystem");
        assert_eq!(
            keys("open GitHub issues and review pull requests")[0],
            "github"
        );
        assert!(keys("what time is it in Tokyo").contains(&"time"));
        assert!(keys("zzz").is_empty());
        for entry in CATALOG {
            let mut problems = Problems::default();
            let args: Vec<String> = entry.args.iter().map(|a| (*a).to_owned()).collect();
            let env = entry
                .env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            let headers = entry
                .headers
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect();
            let checked = check_endpoint(
                &mut problems,
                "",
                EndpointInput {
                    transport: entry.transport,
                    command: entry.command,
                    args: &args,
                    env: &env,
                    url: entry.url,
                    headers: &headers,
                },
            );
            assert!(checked.is_some(), "{}: {problems:?}", entry.key);
        }
    }
}
