//! The MCP client against real servers: the reference server over stdio and
//! over streamable HTTP, and a stand-in of our own whose tools fail, dawdle
//! and want credentials on demand.
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::time::Duration;

use agentforge_domain::mcp::McpEndpoint;
use agentforge_mcp::{Limits, McpError, McpPool, ToolContent};
use agentforge_outbound::Guard;
use agentforge_testkit::mcp::{EverythingHttp, McpStandIn, everything_entry};
use serde_json::json;
use tokio_util::task::TaskTracker;

fn limits(workdirs: &Path, allow: &[&str], allow_private: bool) -> Limits {
    Limits {
        connect_timeout: Duration::from_secs(30),
        call_timeout: Duration::from_secs(10),
        stdio_allow: allow.iter().map(|s| (*s).to_owned()).collect(),
        workdir_root: workdirs.to_owned(),
        guard: Guard::new(allow_private),
    }
}

fn everything_stdio(env: &[(&str, &str)]) -> McpEndpoint {
    McpEndpoint::Stdio {
        command: "node".into(),
        args: vec![everything_entry().display().to_string(), "stdio".into()],
        env: env
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn http(url: &str, headers: &[(&str, &str)]) -> McpEndpoint {
    McpEndpoint::StreamableHttp {
        url: url.to_owned(),
        headers: headers
            .iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect(),
    }
}

fn args(value: serde_json::Value) -> serde_json::Map<String, serde_json::Value> {
    value.as_object().cloned().unwrap()
}

fn text(output: &agentforge_mcp::ToolOutput) -> String {
    output.as_text()
}

/// The processes whose working directory is `dir` (a stdio server's own),
/// also once the folder is deleted (Linux then says `<dir> (deleted)`).
fn processes_in(dir: &Path) -> Vec<u32> {
    let Ok(entries) = std::fs::read_dir("/proc") else {
        return Vec::new();
    };
    let dir = std::fs::canonicalize(dir).unwrap_or_else(|_| dir.to_owned());
    let deleted = PathBuf::from(format!("{} (deleted)", dir.display()));
    entries
        .filter_map(Result::ok)
        .filter_map(|e| e.file_name().to_str().and_then(|n| n.parse::<u32>().ok()))
        .filter(|pid| {
            std::fs::read_link(format!("/proc/{pid}/cwd"))
                .is_ok_and(|cwd| cwd == dir || cwd == deleted)
        })
        .collect()
}

async fn eventually(what: &str, mut check: impl FnMut() -> bool) {
    for _ in 0..200 {
        if check() {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("never: {what}");
}

#[tokio::test]
async fn the_reference_server_over_stdio_runs_as_one_process_in_a_clean_environment() {
    let workdirs = tempfile::tempdir().unwrap();
    let tasks = TaskTracker::new();
    let pool = McpPool::new(limits(workdirs.path(), &["node"], false), tasks.clone());
    let endpoint = everything_stdio(&[("GREETING", "hello from the test")]);

    let found = pool.test("server-1", &endpoint).await.unwrap();
    let names: Vec<&str> = found.tools.iter().map(|t| t.name.as_str()).collect();
    assert!(names.contains(&"echo"), "{names:?}");
    assert!(found.server.is_some());
    let echo = found.tools.iter().find(|t| t.name == "echo").unwrap();
    assert_eq!(echo.input_schema["type"], "object");

    let answer = pool
        .call(
            "server-1",
            &endpoint,
            "echo",
            args(json!({"message": "ping"})),
            Duration::from_secs(10),
        )
        .await
        .unwrap();
    assert!(!answer.is_error);
    assert!(text(&answer).contains("ping"), "{answer:?}");

    // The command sees only PATH, its HOME (its own folder) and its own variables.
    if names.contains(&"get-env") {
        let env = pool
            .call(
                "server-1",
                &endpoint,
                "get-env",
                args(json!({})),
                Duration::from_secs(10),
            )
            .await
            .unwrap();
        let env = text(&env);
        assert!(env.contains("hello from the test"), "{env}");
        assert!(
            !env.contains("CARGO"),
            "the server's own environment leaked: {env}"
        );
    }

    // Arguments are checked against the tool's schema before it is called.
    let refused = pool
        .call(
            "server-1",
            &endpoint,
            "echo",
            args(json!({"message": 42})),
            Duration::from_secs(10),
        )
        .await
        .unwrap_err();
    assert_eq!(refused.code(), "invalid_arguments", "{refused}");

    // One process for every call, in a folder of its own; gone at shutdown.
    let workdir: PathBuf = workdirs.path().join("server-1");
    let running = processes_in(&workdir);
    assert!(!running.is_empty(), "the server runs in its own folder");
    pool.shutdown().await;
    eventually("the server's processes end at shutdown", || {
        processes_in(&workdir).is_empty()
    })
    .await;
}

#[tokio::test]
async fn a_probe_lists_the_tools_and_leaves_nothing_behind() {
    let workdirs = tempfile::tempdir().unwrap();
    let pool = McpPool::new(
        limits(workdirs.path(), &["node"], false),
        TaskTracker::new(),
    );
    let found = pool.probe("probe-1", &everything_stdio(&[])).await.unwrap();
    assert!(found.tools.iter().any(|t| t.name == "echo"));
    // No connection kept, no process left, no folder left.
    assert_eq!(pool.connected().await, 0);
    let workdir = workdirs.path().join("probe-1");
    eventually("the probed server's processes end", || {
        processes_in(&workdir).is_empty()
    })
    .await;
    assert!(!workdir.exists(), "{} is left", workdir.display());
    // A failure is an error, and records no back-off: the next probe tries again.
    let missing = McpEndpoint::Stdio {
        command: "node".into(),
        args: vec!["/nonexistent/server.js".into()],
        env: BTreeMap::new(),
    };
    assert!(pool.probe("probe-2", &missing).await.is_err());
    assert!(!workdirs.path().join("probe-2").exists());
}

#[tokio::test]
async fn a_stdio_server_that_dies_is_started_again_on_the_next_call() {
    let workdirs = tempfile::tempdir().unwrap();
    let pool = McpPool::new(
        limits(workdirs.path(), &["node"], false),
        TaskTracker::new(),
    );
    let endpoint = everything_stdio(&[]);
    pool.test("crashy", &endpoint).await.unwrap();
    let workdir = workdirs.path().join("crashy");
    for pid in processes_in(&workdir) {
        let _ = std::process::Command::new("kill")
            .args(["-9", &pid.to_string()])
            .status();
    }
    eventually("the server is dead", || processes_in(&workdir).is_empty()).await;
    // The call that meets the dead connection may fail; the next one works.
    let first = pool
        .call(
            "crashy",
            &endpoint,
            "echo",
            args(json!({"message": "again"})),
            Duration::from_secs(10),
        )
        .await;
    let answer = match first {
        Ok(answer) => answer,
        Err(e) => {
            assert!(e.breaks_connection(), "{e}");
            pool.call(
                "crashy",
                &endpoint,
                "echo",
                args(json!({"message": "again"})),
                Duration::from_secs(10),
            )
            .await
            .unwrap()
        }
    };
    assert!(text(&answer).contains("again"));
    pool.shutdown().await;
}

#[tokio::test]
async fn stdio_commands_run_only_from_the_allow_list_and_say_why_they_cannot_start() {
    let workdirs = tempfile::tempdir().unwrap();
    let pool = McpPool::new(
        limits(workdirs.path(), &["node", "/nonexistent/mcp-server"], false),
        TaskTracker::new(),
    );
    let sh = McpEndpoint::Stdio {
        command: "sh".into(),
        args: vec!["-c".into(), "touch /tmp/pwned".into()],
        env: BTreeMap::new(),
    };
    assert_eq!(
        pool.test("a", &sh).await.unwrap_err(),
        McpError::NotAllowed("sh".into())
    );
    let missing = McpEndpoint::Stdio {
        command: "/nonexistent/mcp-server".into(),
        args: vec![],
        env: BTreeMap::new(),
    };
    let error = pool.test("b", &missing).await.unwrap_err();
    assert_eq!(error.code(), "cannot_start", "{error}");
    // A program that starts but speaks no MCP.
    let not_mcp = McpEndpoint::Stdio {
        command: "node".into(),
        args: vec![
            "-e".into(),
            "console.error('I am not an MCP server'); process.exit(3)".into(),
        ],
        env: BTreeMap::new(),
    };
    let error = pool.test("c", &not_mcp).await.unwrap_err();
    assert_eq!(error.code(), "cannot_start", "{error}");
    assert!(
        error.to_string().contains("I am not an MCP server"),
        "{error}"
    );
}

#[tokio::test]
async fn the_reference_server_over_streamable_http() {
    let server = EverythingHttp::start().await;
    let workdirs = tempfile::tempdir().unwrap();
    // Its address is loopback: only reachable when the operator allows it.
    let guarded = McpPool::new(limits(workdirs.path(), &[], false), TaskTracker::new());
    let error = guarded
        .test("h", &http(&server.url(), &[]))
        .await
        .unwrap_err();
    assert_eq!(error.code(), "url_refused", "{error}");

    let pool = McpPool::new(limits(workdirs.path(), &[], true), TaskTracker::new());
    let found = pool.test("h", &http(&server.url(), &[])).await.unwrap();
    assert!(found.tools.iter().any(|t| t.name == "echo"));
    assert!(!found.resources.is_empty(), "it offers resources");
    assert!(!found.prompts.is_empty(), "and prompts");
    let answer = pool
        .call(
            "h",
            &http(&server.url(), &[]),
            "echo",
            args(json!({"message": "over http"})),
            Duration::from_secs(10),
        )
        .await
        .unwrap();
    assert!(text(&answer).contains("over http"));
    pool.shutdown().await;
}

#[tokio::test]
async fn a_stand_in_server_tells_credentials_tool_errors_and_timeouts_apart() {
    let stand_in = McpStandIn::start(Some("s3cret")).await;
    let workdirs = tempfile::tempdir().unwrap();
    let pool = McpPool::new(limits(workdirs.path(), &[], true), TaskTracker::new());

    let error = pool
        .test("s", &http(&stand_in.url(), &[]))
        .await
        .unwrap_err();
    assert_eq!(error, McpError::Unauthorized { status: 401 });

    let endpoint = http(
        &stand_in.url(),
        &[("Authorization", "Bearer s3cret"), ("X-Team", "blue")],
    );
    let found = pool.test("s", &endpoint).await.unwrap();
    assert_eq!(found.tools.len(), 6);
    let seen = pool
        .call(
            "s",
            &endpoint,
            "headers",
            args(json!({})),
            Duration::from_secs(5),
        )
        .await
        .unwrap();
    assert_eq!(seen.structured.as_ref().unwrap()["x-team"], "blue");

    let sum = pool
        .call(
            "s",
            &endpoint,
            "add",
            args(json!({"a": 2, "b": 3})),
            Duration::from_secs(5),
        )
        .await
        .unwrap();
    assert_eq!(sum.content, vec![ToolContent::Text { text: "5".into() }]);

    let failed = pool
        .call(
            "s",
            &endpoint,
            "fail",
            args(json!({})),
            Duration::from_secs(5),
        )
        .await
        .unwrap();
    assert!(
        failed.is_error,
        "a tool's own failure is an answer, not an error"
    );

    let late = pool
        .call(
            "s",
            &endpoint,
            "slow",
            args(json!({"ms": 2000})),
            Duration::from_millis(200),
        )
        .await
        .unwrap_err();
    assert_eq!(late.code(), "timeout");

    let unknown = pool
        .call(
            "s",
            &endpoint,
            "nope",
            args(json!({})),
            Duration::from_secs(5),
        )
        .await
        .unwrap_err();
    assert_eq!(unknown.code(), "unknown_tool", "{unknown}");
    // One connection served every call.
    assert_eq!(pool.connected().await, 1);
    assert!(stand_in.calls() >= 4);

    // Nothing listens here.
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let error = pool
        .test("gone", &http(&format!("http://127.0.0.1:{port}/mcp"), &[]))
        .await
        .unwrap_err();
    assert_eq!(error.code(), "unreachable", "{error}");
    pool.shutdown().await;
}
