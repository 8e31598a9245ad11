//! What the benches share: the release binary started on a fresh data
//! dir, a user with an agent, percentiles.
#![allow(dead_code, clippy::unwrap_used, clippy::expect_used)]

use std::process::{Child, Command, Stdio};
use std::time::Duration;

use serde_json::{Value, json};

pub fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

pub fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A running `agentforge serve`, killed on drop.
pub struct Server {
    pub child: Child,
    pub base: String,
    _data: tempdir::Dir,
}

pub mod tempdir {
    /// A temporary directory removed on drop.
    pub struct Dir(pub std::path::PathBuf);
    impl Dir {
        pub fn new() -> Self {
            let path = std::env::temp_dir().join(format!(
                "agentforge-bench-{}-{}",
                std::process::id(),
                rand::random::<u32>()
            ));
            std::fs::create_dir_all(&path).unwrap();
            Self(path)
        }
    }
    impl Drop for Dir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

fn spawn(data: &std::path::Path, port: u16, env: &[(&str, &str)]) -> Child {
    let bin = std::env::var("AGENTFORGE_BIN").unwrap_or_else(|_| {
        concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../target/release/agentforge"
        )
        .to_owned()
    });
    Command::new(&bin)
        .arg("serve")
        .env("AGENTFORGE_HOST", "127.0.0.1")
        .env("AGENTFORGE_PORT", port.to_string())
        .env("AGENTFORGE_DATA_DIR", data)
        .env("AGENTFORGE_LOG_LEVEL", "warn")
        .env(
            "AGENTFORGE_SECRET_KEY",
            "bench-secret-key-0123456789abcdef0123456789",
        )
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .spawn()
        .unwrap_or_else(|e| panic!("cannot start {bin} (make build first): {e}"))
}

impl Server {
    pub async fn start(env: &[(&str, &str)]) -> Self {
        let data = tempdir::Dir::new();
        let port = free_port();
        let child = spawn(&data.0, port, env);
        // Owned at once, so the process is killed and waited for however this ends.
        let server = Self {
            child,
            base: format!("http://127.0.0.1:{port}"),
            _data: data,
        };
        server.healthy().await;
        server
    }

    /// SIGKILL, then a new process on the same data dir and port.
    pub async fn kill_and_restart(&mut self, env: &[(&str, &str)]) {
        self.child.kill().unwrap();
        self.child.wait().unwrap();
        let port: u16 = self.base.rsplit(':').next().unwrap().parse().unwrap();
        self.child = spawn(&self._data.0, port, env);
        self.healthy().await;
    }

    async fn healthy(&self) {
        let client = reqwest::Client::new();
        for _ in 0..500 {
            let health = client
                .get(format!("{}/api/system/health", self.base))
                .send()
                .await;
            if health.is_ok_and(|r| r.status() == 200) {
                return;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        panic!("the server did not become healthy");
    }

    pub fn rss_mib(&self) -> f64 {
        let status = std::fs::read_to_string(format!("/proc/{}/status", self.child.id()))
            .unwrap_or_default();
        let kib: f64 = status
            .lines()
            .find_map(|l| l.strip_prefix("VmRSS:"))
            .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
            .unwrap_or(0.0);
        kib / 1024.0
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Signs up a new person; their token.
pub async fn sign_up(client: &reqwest::Client, base: &str) -> String {
    let session: Value = client
        .post(format!("{base}/api/auth/register"))
        .json(&json!({"email": format!("bench{}@example.com", rand::random::<u32>()), "password": "bench password 123", "firstName": "Bench", "lastName": "Mark"}))
        .send().await.unwrap().json().await.unwrap();
    session["data"]["token"]
        .as_str()
        .expect("signed up")
        .to_owned()
}

/// Signs up and creates an agent; returns (token, agent id).
pub async fn set_up(client: &reqwest::Client, base: &str, agent: Value) -> (String, String) {
    let token = sign_up(client, base).await;
    let created: Value = client
        .post(format!("{base}/api/agents"))
        .bearer_auth(&token)
        .json(&agent)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    (token, created["data"]["id"].as_str().unwrap().to_owned())
}

pub fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

pub fn sorted(mut values: Vec<f64>) -> Vec<f64> {
    values.sort_by(f64::total_cmp);
    values
}
