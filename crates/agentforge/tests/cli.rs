//! The `agentforge` binary as an operator uses it.
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use agentforge_domain::{Email, Role};
use agentforge_store::{Store, StoreOptions};

const BIN: &str = env!("CARGO_BIN_EXE_agentforge");

/// Runs the binary with a clean AGENTFORGE_* environment plus `env`.
fn agentforge(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut command = Command::new(BIN);
    command.args(args).env("RUST_BACKTRACE", "0");
    for (key, _) in std::env::vars().filter(|(k, _)| k.starts_with("AGENTFORGE_")) {
        command.env_remove(key);
    }
    command.envs(env.iter().copied());
    command.output().expect("run agentforge")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

#[test]
fn every_invalid_setting_is_reported_at_once_and_the_process_exits_non_zero() {
    let output = agentforge(
        &["serve"],
        &[
            ("AGENTFORGE_PORT", "99999"),
            ("AGENTFORGE_HOST", "localhost:80"),
            ("AGENTFORGE_SECRET_KEY", "too-short"),
            ("AGENTFORGE_DATABASE_URL", "mysql://db"),
        ],
    );
    assert!(!output.status.success());
    let stderr = text(&output.stderr);
    assert!(stderr.contains("4 problems"), "{stderr}");
    for name in [
        "AGENTFORGE_PORT",
        "AGENTFORGE_HOST",
        "AGENTFORGE_SECRET_KEY",
        "AGENTFORGE_DATABASE_URL",
    ] {
        assert!(stderr.contains(name), "{name} not reported in: {stderr}");
    }
}

#[test]
fn default_config_prints_the_annotated_defaults() {
    let output = agentforge(&["default-config"], &[]);
    assert!(output.status.success());
    let stdout = text(&output.stdout);
    assert!(stdout.contains("host = \"0.0.0.0\""));
    assert!(stdout.contains("port = 8080"));
    assert!(stdout.contains("data_dir = \"./data\""));
    assert!(stdout.starts_with('#'), "annotated: {stdout}");
}

#[test]
fn openapi_prints_the_committed_document() {
    let output = agentforge(&["openapi"], &[]);
    assert!(output.status.success());
    let committed =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json"))
            .expect("openapi.json");
    assert_eq!(text(&output.stdout), committed);
}

#[tokio::test]
async fn migrate_then_create_admin_then_promote_an_existing_account() {
    let dir = tempfile::tempdir().unwrap();
    let data_dir = dir.path().join("data");
    let data = data_dir.to_str().unwrap();
    let migrated = agentforge(&["migrate"], &[("AGENTFORGE_DATA_DIR", data)]);
    assert!(migrated.status.success(), "{}", text(&migrated.stderr));
    assert!(
        text(&migrated.stdout).starts_with("database is up to date"),
        "{}",
        text(&migrated.stdout)
    );
    assert!(data_dir.join("agentforge.db").exists());

    let short = agentforge(
        &[
            "create-admin",
            "--email",
            "ops@example.com",
            "--password",
            "short",
        ],
        &[("AGENTFORGE_DATA_DIR", data)],
    );
    assert!(!short.status.success());
    assert!(
        text(&short.stderr).contains("--password: String must contain at least 8 character(s)")
    );

    let created = agentforge(
        &[
            "create-admin",
            "--email",
            "Ops@Example.com",
            "--password",
            "a long passphrase",
        ],
        &[("AGENTFORGE_DATA_DIR", data)],
    );
    assert!(created.status.success(), "{}", text(&created.stderr));
    assert_eq!(
        text(&created.stdout).trim(),
        "created admin ops@example.com"
    );
    let again = agentforge(
        &[
            "create-admin",
            "--email",
            "ops@example.com",
            "--password",
            "another passphrase",
        ],
        &[("AGENTFORGE_DATA_DIR", data)],
    );
    assert!(again.status.success());
    assert!(text(&again.stdout).contains("is now an admin"));

    let url = format!("sqlite://{}", data_dir.join("agentforge.db").display());
    let store = Store::connect(&url, &StoreOptions::default())
        .await
        .unwrap();
    let user = store
        .users()
        .find_by_email(&Email::parse("ops@example.com").unwrap())
        .await
        .unwrap()
        .expect("admin exists");
    assert_eq!(user.role, Role::Admin);
    assert_eq!(store.users().count().await.unwrap(), 1);
}

#[tokio::test]
async fn serve_answers_health_and_stops_cleanly_on_sigterm() {
    let dir = tempfile::tempdir().unwrap();
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
        .to_string();
    let mut child = Command::new(BIN)
        .env("AGENTFORGE_HOST", "127.0.0.1")
        .env("AGENTFORGE_PORT", &port)
        .env("AGENTFORGE_DATA_DIR", dir.path())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let url = format!("http://127.0.0.1:{port}/api/system/health");
    let started = Instant::now();
    let healthy = loop {
        if let Ok(response) = reqwest::get(&url).await {
            break response.status() == 200;
        }
        if started.elapsed() > Duration::from_secs(20) {
            break false;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    let _ = Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status();
    let status = child.wait().unwrap();
    assert!(healthy, "the server never answered health");
    assert!(status.success(), "exit after SIGTERM: {status}");
    assert!(
        dir.path().join("secret.key").exists(),
        "a secret key is generated into the data dir"
    );
}

/// A server process on its own data dir (and provider), killed on drop.
struct Served {
    child: std::process::Child,
    base: String,
}

impl Served {
    async fn start(dir: &std::path::Path, provider: &str) -> Self {
        Self::start_with(dir, provider, &[]).await
    }

    async fn start_with(dir: &std::path::Path, provider: &str, env: &[(&str, &str)]) -> Self {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let child = Command::new(BIN)
            .arg("serve")
            .env("AGENTFORGE_HOST", "127.0.0.1")
            .env("AGENTFORGE_PORT", port.to_string())
            .env("AGENTFORGE_DATA_DIR", dir)
            .env(
                "AGENTFORGE_SECRET_KEY",
                "kill-test-secret-0123456789abcdef0123456789",
            )
            .env("AGENTFORGE_LLM_PROVIDER", "openai")
            .env("AGENTFORGE_LLM_BASE_URL", provider)
            .env("AGENTFORGE_LLM_API_KEY", "good-key")
            .env("AGENTFORGE_LOG_LEVEL", "warn")
            .envs(env.iter().copied())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        let base = format!("http://127.0.0.1:{port}");
        let started = Instant::now();
        while reqwest::get(format!("{base}/api/system/health"))
            .await
            .is_err()
        {
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "the server never started"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Self { child, base }
    }

    /// SIGKILL: no shutdown, nothing finished.
    fn kill(mut self) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
    }
}

impl Drop for Served {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

async fn api(
    client: &reqwest::Client,
    method: reqwest::Method,
    url: String,
    token: Option<&str>,
    body: Option<serde_json::Value>,
) -> serde_json::Value {
    let mut request = client.request(method, url);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap().json().await.unwrap()
}

#[tokio::test]
async fn a_killed_server_leaves_its_partial_answer_stored_as_interrupted() {
    use futures_util::StreamExt;
    use reqwest::Method;
    use serde_json::json;

    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path(), &provider.openai_url()).await;
    let client = reqwest::Client::new();
    let base = server.base.clone();
    let session = api(
        &client,
        Method::POST,
        format!("{base}/api/auth/register"),
        None,
        Some(json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada", "lastName": "L"})),
    )
    .await;
    let token = session["data"]["token"].as_str().unwrap().to_owned();
    let agent = api(
        &client,
        Method::POST,
        format!("{base}/api/agents"),
        Some(&token),
        Some(json!({"name": "Slowpoke"})),
    )
    .await;
    let agent_id = agent["data"]["id"].as_str().unwrap().to_owned();

    // A slow answer streams; read part of it.
    let response = client
        .post(format!("{base}/api/agents/{agent_id}/chat"))
        .bearer_auth(&token)
        .header("accept", "text/event-stream")
        .json(&json!({"message": "a slow one, please"}))
        .send()
        .await
        .unwrap();
    let mut bytes = response.bytes_stream();
    let mut decoder = agentforge_llm::SseDecoder::new();
    let mut conversation = None;
    let mut heard = String::new();
    while heard.matches("more").count() < 70 {
        let chunk = bytes.next().await.unwrap().unwrap();
        for event in decoder.push(&chunk) {
            let data: serde_json::Value = serde_json::from_str(&event.data).unwrap();
            match event.event.as_str() {
                "start" => conversation = data["conversationId"].as_str().map(str::to_owned),
                "delta" => heard.push_str(data["text"].as_str().unwrap()),
                _ => {}
            }
        }
    }
    let conversation = conversation.unwrap();
    let messages = format!("{base}/api/conversations/{conversation}/messages");
    // The answer is saved as it comes (at least once a second).
    let started = Instant::now();
    loop {
        let stored = api(&client, Method::GET, messages.clone(), Some(&token), None).await;
        let answer = &stored["data"][1];
        if answer["status"] == "streaming"
            && !answer["content"].as_str().unwrap_or_default().is_empty()
        {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(10),
            "never saved: {stored}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    // Killed while it streams (the client still reading, so the answer is
    // not cut short as `partial` first).
    server.kill();
    drop(bytes);

    // Started again on the same data, the answer is there, interrupted.
    let server = Served::start(dir.path(), &provider.openai_url()).await;
    let stored = api(
        &client,
        Method::GET,
        format!("{}/api/conversations/{conversation}/messages", server.base),
        Some(&token),
        None,
    )
    .await;
    let answer = &stored["data"][1];
    assert_eq!(answer["status"], "interrupted", "{stored}");
    let content = answer["content"].as_str().unwrap();
    assert!(
        content.starts_with("The stand-in answers: a slow one"),
        "{content}"
    );
    assert!(
        !content.contains("more199"),
        "the whole answer was never written"
    );
}

/// Runs `agentforge extract-pdf` as the server does (an empty environment
/// but for the allocator's setting), with `input` on standard input.
fn extract_pdf(input: &[u8], max_memory_bytes: &str) -> Output {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args([
            "extract-pdf",
            "--max-memory-bytes",
            max_memory_bytes,
            "--max-cpu-seconds",
            "20",
        ])
        .env_clear()
        .env("MIMALLOC_ARENA_RESERVE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A process that dies of its limits may stop reading before the input
    // ends: the rest then has nowhere to go, which is its answer, not ours.
    if let Err(e) = child.stdin.take().unwrap().write_all(input) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

#[test]
fn extract_pdf_writes_the_text_of_the_pdf_it_reads_or_why_it_cannot() {
    let page = agentforge_testkit::pdf(&["Refunds take 14 days."]);
    let output = extract_pdf(&page, "1073741824");
    assert!(output.status.success(), "{output:?}");
    assert!(text(&output.stdout).contains("Refunds take 14 days."));

    // A font named but not there: pdf-extract panics, quietly.
    let output = extract_pdf(
        &agentforge_testkit::pdf_with_content("BT /F9 12 Tf (x) Tj ET", false),
        "1073741824",
    );
    assert_eq!(output.status.code(), Some(3), "{output:?}");
    assert_eq!(text(&output.stdout), "is a damaged PDF that cannot be read");
    assert!(output.stderr.is_empty(), "{}", text(&output.stderr));

    // 16 MB of text operators take pdf-extract past a gigabyte: at 128 MiB
    // the process dies (and says nothing).
    let operators = format!(
        "BT /F1 12 Tf 72 720 Td {}ET",
        "(a) Tj ".repeat((16 << 20) / 7)
    );
    let hungry = agentforge_testkit::pdf_with_content(&operators, true);
    let output = extract_pdf(&hungry, "134217728");
    assert!(!output.status.success(), "{output:?}");
    assert_ne!(output.status.code(), Some(0));
}

/// The server reads PDFs by running itself (`/proc/self/exe extract-pdf`):
/// an honest PDF is read, a hostile one is refused, and the server carries on.
#[tokio::test]
async fn serve_reads_pdf_uploads_in_a_process_of_its_own() {
    use reqwest::Method;
    use serde_json::json;

    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let server = Served::start(dir.path(), &provider.openai_url()).await;
    let client = reqwest::Client::new();
    let base = server.base.clone();
    let session = api(
        &client,
        Method::POST,
        format!("{base}/api/auth/register"),
        None,
        Some(json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada", "lastName": "L"})),
    )
    .await;
    let token = session["data"]["token"].as_str().unwrap().to_owned();
    let agent = api(
        &client,
        Method::POST,
        format!("{base}/api/agents"),
        Some(&token),
        Some(json!({"name": "Support"})),
    )
    .await;
    let agent_id = agent["data"]["id"].as_str().unwrap().to_owned();
    // Uploads are off until an admin (the first account) turns them on.
    let switched = api(
        &client,
        Method::PUT,
        format!("{base}/api/admin/configuration"),
        Some(&token),
        Some(json!({"features": {"voiceProvider": false, "collaboration": false, "fileUpload": true}})),
    )
    .await;
    assert_eq!(
        switched["data"]["settings"]["features"]["fileUpload"], true,
        "{switched}"
    );
    let upload = |name: &'static str, bytes: Vec<u8>| {
        let form = reqwest::multipart::Form::new()
            .text("agentId", agent_id.clone())
            .part(
                "file",
                reqwest::multipart::Part::bytes(bytes).file_name(name),
            );
        client
            .post(format!("{base}/api/upload/document"))
            .bearer_auth(&token)
            .multipart(form)
            .send()
    };

    let page = agentforge_testkit::pdf(&["Refunds take 14 days."]);
    let response = upload("refunds.pdf", page).await.unwrap();
    assert_eq!(response.status(), 201);
    let body: serde_json::Value = response.json().await.unwrap();
    assert!(body["data"]["charCount"].as_u64().unwrap() > 10, "{body}");

    let response = upload(
        "panics.pdf",
        agentforge_testkit::pdf_with_content("BT /F9 12 Tf (x) Tj ET", false),
    )
    .await
    .unwrap();
    assert_eq!(response.status(), 422);
    let body: serde_json::Value = response.json().await.unwrap();
    assert_eq!(
        body["message"],
        "panics.pdf is a damaged PDF that cannot be read"
    );
    let health = reqwest::get(format!("{base}/api/system/health"))
        .await
        .unwrap();
    assert_eq!(health.status(), 200);
}

/// A server on `dir` with `env` added, its standard output and error kept
/// in files of `dir`; answers its base URL once it is healthy.
async fn serve_logged(
    dir: &std::path::Path,
    env: &[(&str, &str)],
) -> (std::process::Child, String) {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let mut command = Command::new(BIN);
    for (key, _) in std::env::vars().filter(|(k, _)| k.starts_with("AGENTFORGE_")) {
        command.env_remove(key);
    }
    let child = command
        .arg("serve")
        .env("AGENTFORGE_HOST", "127.0.0.1")
        .env("AGENTFORGE_PORT", port.to_string())
        .env("AGENTFORGE_DATA_DIR", dir.join("data"))
        .env("AGENTFORGE_LOG_LEVEL", "debug")
        .envs(env.iter().copied())
        .stdout(std::fs::File::create(dir.join("stdout")).unwrap())
        .stderr(std::fs::File::create(dir.join("stderr")).unwrap())
        .spawn()
        .unwrap();
    let base = format!("http://127.0.0.1:{port}");
    let started = Instant::now();
    while reqwest::get(format!("{base}/api/system/health"))
        .await
        .is_err()
    {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the server never started"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    (child, base)
}

/// Signs up, asks for a reset link and opens an invitation link by its
/// token; answers the session's access token.
async fn mail_some_links(base: &str) -> String {
    let client = reqwest::Client::new();
    let session = api(
        &client,
        reqwest::Method::POST,
        format!("{base}/api/auth/register"),
        None,
        Some(serde_json::json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada"})),
    )
    .await;
    let token = session["data"]["token"].as_str().unwrap().to_owned();
    api(
        &client,
        reqwest::Method::POST,
        format!("{base}/api/auth/forgot-password"),
        None,
        Some(serde_json::json!({"email": "ada@example.com"})),
    )
    .await;
    // A token in a path: the request's log line must not carry it.
    api(
        &client,
        reqwest::Method::GET,
        format!("{base}/api/team-invitations/details/{}", "7".repeat(64)),
        Some(&token),
        None,
    )
    .await;
    token
}

/// Waits until `file` (of the server's output) holds `needle`.
async fn wait_for_output(file: &std::path::Path, needle: &str) -> String {
    let started = Instant::now();
    loop {
        let output = std::fs::read_to_string(file).unwrap_or_default();
        if output.contains(needle) {
            return output;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "{needle:?} never appeared in {}:\n{output}",
            file.display()
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn no_live_link_reaches_the_log_and_mail_console_prints_them_for_development() {
    // As in production: the log (standard error, at debug) says an email was
    // kept, never its link, and no request line carries a token of a path.
    let quiet = tempfile::tempdir().unwrap();
    let (mut server, base) = serve_logged(quiet.path(), &[]).await;
    mail_some_links(&base).await;
    wait_for_output(&quiet.path().join("stderr"), "template=password_reset").await;
    server.kill().unwrap();
    server.wait().unwrap();
    let log = std::fs::read_to_string(quiet.path().join("stderr")).unwrap();
    assert!(log.contains("email kept in the outbox"), "{log}");
    assert!(!log.contains("token="), "a link in the log:\n{log}");
    assert!(!log.contains(&"7".repeat(64)), "a token in the log:\n{log}");
    assert!(log.contains("/api/team-invitations/details/…"), "{log}");
    let stdout = std::fs::read_to_string(quiet.path().join("stdout")).unwrap();
    assert!(!stdout.contains("token="), "{stdout}");

    // For development: the emails, links and all, on standard output.
    let console = tempfile::tempdir().unwrap();
    let (mut server, base) =
        serve_logged(console.path(), &[("AGENTFORGE_MAIL_CONSOLE", "true")]).await;
    let token = mail_some_links(&base).await;
    let printed = wait_for_output(&console.path().join("stdout"), "/reset-password?token=").await;
    assert!(printed.contains("/verify-email?token="), "{printed}");
    assert!(
        printed.contains("Subject: Reset your AgentForge password"),
        "{printed}"
    );

    // With no mail server, an operator verifies an address by hand.
    let data = console.path().join("data");
    let verified = agentforge(
        &["verify-email", "--email", "Ada@Example.com"],
        &[("AGENTFORGE_DATA_DIR", data.to_str().unwrap())],
    );
    assert!(verified.status.success(), "{}", text(&verified.stderr));
    assert_eq!(
        text(&verified.stdout).trim(),
        "the address ada@example.com is verified"
    );
    let me = api(
        &reqwest::Client::new(),
        reqwest::Method::GET,
        format!("{base}/api/auth/me"),
        Some(&token),
        None,
    )
    .await;
    assert_eq!(me["data"]["emailVerified"], true, "{me}");
    let unknown = agentforge(
        &["verify-email", "--email", "nobody@example.com"],
        &[("AGENTFORGE_DATA_DIR", data.to_str().unwrap())],
    );
    assert!(!unknown.status.success());
    assert!(text(&unknown.stderr).contains("no account has the address nobody@example.com"));
    server.kill().unwrap();
    server.wait().unwrap();
}

#[tokio::test]
async fn a_killed_server_loses_no_queued_webhook_delivery() {
    use std::sync::{Arc, Mutex};

    use reqwest::Method;
    use serde_json::json;

    // A receiver that hangs on the first delivery (the server is killed
    // while posting it) and takes the others, recording their ids.
    let ids: Arc<Mutex<Vec<String>>> = Arc::default();
    let seen = ids.clone();
    let router = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |headers: axum::http::HeaderMap| {
            let seen = seen.clone();
            async move {
                let id = headers["webhook-id"].to_str().unwrap().to_owned();
                let first = {
                    let mut seen = seen.lock().unwrap();
                    seen.push(id);
                    seen.len() == 1
                };
                if first {
                    tokio::time::sleep(Duration::from_secs(120)).await;
                }
                "ok"
            }
        }),
    );
    let receiver = format!("{}/hook", agentforge_testkit::serve(router).await);
    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let dir = tempfile::tempdir().unwrap();
    let env = [
        ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
        ("AGENTFORGE_JOBS_LEASE_SECONDS", "2"),
    ];
    let first = Served::start_with(dir.path(), &provider.openai_url(), &env).await;
    let client = reqwest::Client::new();
    let base = first.base.clone();
    let session = api(
        &client,
        Method::POST,
        format!("{base}/api/auth/register"),
        None,
        Some(json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada", "lastName": "L"})),
    )
    .await;
    let token = session["data"]["token"].as_str().unwrap().to_owned();
    let endpoint = api(
        &client,
        Method::POST,
        format!("{base}/api/v1/webhook-endpoints"),
        Some(&token),
        Some(json!({"url": receiver, "events": ["agent.deployed"]})),
    )
    .await;
    let endpoint_id = endpoint["data"]["endpoint"]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let agent = api(
        &client,
        Method::POST,
        format!("{base}/api/agents"),
        Some(&token),
        Some(json!({"name": "Deployed", "status": "active"})),
    )
    .await;
    let agent_id = agent["data"]["id"].as_str().unwrap().to_owned();
    api(
        &client,
        Method::POST,
        format!("{base}/api/agents/{agent_id}/deploy"),
        Some(&token),
        Some(json!({"environment": "production"})),
    )
    .await;

    // The delivery is being posted when the server dies.
    let started = Instant::now();
    while ids.lock().unwrap().is_empty() {
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "never delivered"
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    first.kill();

    // Another start on the same database takes the job once its claim
    // lapses, and delivers the same event (same webhook-id).
    let second = Served::start_with(dir.path(), &provider.openai_url(), &env).await;
    let started = Instant::now();
    while ids.lock().unwrap().len() < 2 {
        assert!(
            started.elapsed() < Duration::from_secs(30),
            "the delivery was lost"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let ids = ids.lock().unwrap().clone();
    assert_eq!(ids[0], ids[1]);
    let mut status = String::new();
    for _ in 0..100 {
        let deliveries = api(
            &client,
            Method::GET,
            format!(
                "{}/api/v1/webhook-endpoints/{endpoint_id}/deliveries",
                second.base
            ),
            Some(&token),
            None,
        )
        .await;
        status = deliveries["data"][0]["status"]
            .as_str()
            .unwrap_or_default()
            .to_owned();
        if status == "succeeded" {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert_eq!(status, "succeeded");
}

/// A workflow run killed (SIGKILL) while a node runs resumes on the next
/// start at that node: the nodes that had finished do not run again, on
/// both engines.
#[tokio::test]
async fn a_killed_server_resumes_a_workflow_run_without_repeating_a_finished_node() {
    use std::collections::HashMap;
    use std::sync::{Arc, Mutex};

    use reqwest::Method;
    use serde_json::json;

    for engine in agentforge_testkit::engines() {
        // A local API counting the calls to each step; the first call to
        // `/slow` hangs (the server is killed meanwhile).
        let hits: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
        let seen = hits.clone();
        let router = axum::Router::new().route(
            "/step/{name}",
            axum::routing::get(
                move |axum::extract::Path(name): axum::extract::Path<String>| {
                    let seen = seen.clone();
                    async move {
                        let count = {
                            let mut seen = seen.lock().unwrap();
                            let count = seen.entry(name.clone()).or_default();
                            *count += 1;
                            *count
                        };
                        if name == "slow" && count == 1 {
                            tokio::time::sleep(Duration::from_secs(120)).await;
                        }
                        axum::Json(json!({"step": name}))
                    }
                },
            ),
        );
        let local = agentforge_testkit::serve(router).await;
        let provider = agentforge_testkit::ProviderStandIn::start().await;
        let database = agentforge_testkit::TestDatabase::create(engine).await;
        let dir = tempfile::tempdir().unwrap();
        let env = [
            ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
            ("AGENTFORGE_JOBS_LEASE_SECONDS", "2"),
            ("AGENTFORGE_DATABASE_URL", database.url.as_str()),
        ];
        let first = Served::start_with(dir.path(), &provider.openai_url(), &env).await;
        let client = reqwest::Client::new();
        let base = first.base.clone();
        let session = api(
            &client,
            Method::POST,
            format!("{base}/api/auth/register"),
            None,
            Some(json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada", "lastName": "L"})),
        )
        .await;
        let token = session["data"]["token"].as_str().unwrap().to_owned();
        let step = |id: &str| json!({"id": id, "type": "http", "data": {"method": "GET", "url": format!("{local}/step/{id}")}});
        let workflow = api(
            &client,
            Method::POST,
            format!("{base}/api/workflows"),
            Some(&token),
            Some(json!({"name": "Resumes", "graph": {
                "nodes": [{"id": "start", "type": "trigger"}, step("first"), step("slow"), step("last"), {"id": "done", "type": "end"}],
                "edges": [
                    {"id": "e1", "source": "start", "target": "first"},
                    {"id": "e2", "source": "first", "target": "slow"},
                    {"id": "e3", "source": "slow", "target": "last"},
                    {"id": "e4", "source": "last", "target": "done"}
                ]
            }})),
        )
        .await;
        let workflow_id = workflow["data"]["id"]
            .as_str()
            .expect("a workflow")
            .to_owned();
        let run = api(
            &client,
            Method::POST,
            format!("{base}/api/workflows/{workflow_id}/execute"),
            Some(&token),
            Some(json!({})),
        )
        .await;
        let run_id = run["data"]["id"].as_str().expect("a run").to_owned();
        // The slow node is running when the server dies.
        let started = Instant::now();
        while !hits.lock().unwrap().contains_key("slow") {
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "{engine:?}: the run never reached the slow node"
            );
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        first.kill();

        let second = Served::start_with(dir.path(), &provider.openai_url(), &env).await;
        let started = Instant::now();
        let run = loop {
            let run = api(
                &client,
                Method::GET,
                format!("{}/api/workflow-executions/{run_id}", second.base),
                Some(&token),
                None,
            )
            .await;
            if run["data"]["status"] != "running" && run["data"]["status"] != "queued" {
                break run;
            }
            assert!(
                started.elapsed() < Duration::from_secs(30),
                "{engine:?}: the run never resumed"
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        };
        assert_eq!(run["data"]["status"], "succeeded", "{engine:?}: {run}");
        let hits = hits.lock().unwrap().clone();
        // The node that had finished ran once; the one cut off ran again.
        assert_eq!(
            (hits["first"], hits["slow"], hits["last"]),
            (1, 2, 1),
            "{engine:?}"
        );
        let slow = run["data"]["steps"]
            .as_array()
            .unwrap()
            .iter()
            .find(|s| s["nodeId"] == "slow")
            .unwrap()
            .clone();
        assert_eq!(slow["attempts"], 2, "{engine:?}: {slow}");
        drop(second);
    }
}
