//! The `agentforge` binary as an operator uses it.

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
