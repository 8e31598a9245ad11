//! Workflow executor benchmarks against the release binary (`make bench`,
//! or `cargo bench -p agentforge-server --bench workflows [overhead|concurrent|resume]`):
//!
//! 1. **overhead**: runs of a chain of `NODES` (10) transform nodes, one
//!    run at a time, `RUNS` (50) of them. A transform's own work is a
//!    template render (microseconds), so a run's time over its nodes is the
//!    executor's overhead per node: claiming the step's job, marking it
//!    running, reading the run's variables, recording the outcome and
//!    moving the run on in one transaction. Also the gap between one
//!    step's end and the next one's start.
//! 2. **concurrent**: `CONCURRENT` (1000) runs of the same workflow
//!    started at once (50 requests at a time); every run must succeed
//!    (none lost), and the time until the last finished.
//! 3. **resume**: `CONCURRENT` runs started, the server killed (SIGKILL)
//!    with them in flight, started again on the same database with a
//!    2-second job lease: the time from the restart until every run
//!    finished, and that none was lost.
//!
//! SQLite (the default); `AGENTFORGE_DATABASE_URL` selects another
//! database. Numbers are recorded in docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::{Duration, Instant};

use chrono::{DateTime, Utc};
use futures_util::StreamExt;
use serde_json::{Value, json};

mod common;
use common::{Server, env_or, percentile, sign_up, sorted};

fn chain(nodes: usize) -> Value {
    let mut list = vec![json!({"id": "start", "type": "trigger"})];
    let mut edges = Vec::new();
    let mut previous = "start".to_owned();
    for i in 0..nodes {
        let id = format!("n{i}");
        list.push(json!({"id": id, "type": "transform", "data": {"template": format!("{{{{ input.n }}}}-{i}")}}));
        edges.push(json!({"id": format!("e{i}"), "source": previous, "target": id}));
        previous = id;
    }
    json!({"nodes": list, "edges": edges})
}

async fn workflow(client: &reqwest::Client, base: &str, token: &str, nodes: usize) -> String {
    let made: Value = client
        .post(format!("{base}/api/workflows"))
        .bearer_auth(token)
        .json(&json!({"name": "Bench", "graph": chain(nodes)}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    made["data"]["id"].as_str().expect("a workflow").to_owned()
}

async fn execute(client: &reqwest::Client, base: &str, token: &str, id: &str, n: usize) -> String {
    let run: Value = client
        .post(format!("{base}/api/workflows/{id}/execute"))
        .bearer_auth(token)
        .json(&json!({"input": {"n": n}}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    run["data"]["id"]
        .as_str()
        .unwrap_or_else(|| panic!("not started: {run}"))
        .to_owned()
}

async fn run_of(client: &reqwest::Client, base: &str, token: &str, id: &str) -> Value {
    let run: Value = client
        .get(format!("{base}/api/workflow-executions/{id}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    run["data"].clone()
}

fn at(value: &Value) -> DateTime<Utc> {
    value.as_str().unwrap().parse().unwrap()
}

fn ms(from: DateTime<Utc>, to: DateTime<Utc>) -> f64 {
    (to - from).num_microseconds().unwrap() as f64 / 1000.0
}

async fn overhead() {
    let nodes: usize = env_or("NODES", 10);
    let runs: usize = env_or("RUNS", 50);
    let server = Server::start(&[("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0")]).await;
    let client = reqwest::Client::new();
    let token = sign_up(&client, &server.base).await;
    let id = workflow(&client, &server.base, &token, nodes).await;
    let mut per_node = Vec::new();
    let mut gaps = Vec::new();
    let mut queued = Vec::new();
    for n in 0..runs {
        let run_id = execute(&client, &server.base, &token, &id, n).await;
        let run = loop {
            let run = run_of(&client, &server.base, &token, &run_id).await;
            if run["status"] == "succeeded" {
                break run;
            }
            assert_ne!(run["status"], "failed", "{run}");
            tokio::time::sleep(Duration::from_millis(5)).await;
        };
        let steps = run["steps"].as_array().unwrap();
        let first = at(&steps[0]["startedAt"]);
        let last = at(&steps[steps.len() - 1]["finishedAt"]);
        per_node.push(ms(first, last) / steps.len() as f64);
        queued.push(ms(at(&run["createdAt"]), first));
        for pair in steps.windows(2) {
            gaps.push(ms(at(&pair[0]["finishedAt"]), at(&pair[1]["startedAt"])));
        }
    }
    let per_node = sorted(per_node);
    let gaps = sorted(gaps);
    let queued = sorted(queued);
    println!(
        "overhead: {runs} runs of {} steps; per node p50 {:.2} ms, p99 {:.2} ms; between steps p50 {:.2} ms, p99 {:.2} ms; queued to first step p50 {:.2} ms",
        nodes + 1,
        percentile(&per_node, 50.0),
        percentile(&per_node, 99.0),
        percentile(&gaps, 50.0),
        percentile(&gaps, 99.0),
        percentile(&queued, 50.0),
    );
}

/// Starts `count` runs, 50 requests at a time; their ids.
async fn start_many(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    id: &str,
    count: usize,
) -> Vec<String> {
    futures_util::stream::iter(0..count)
        .map(|n| async move { execute(client, base, token, id, n).await })
        .buffer_unordered(50)
        .collect()
        .await
}

/// Waits until every run finished; (succeeded, other) counts.
async fn wait_all(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    id: &str,
    count: usize,
    limit: Duration,
) -> (usize, usize) {
    let started = Instant::now();
    loop {
        let runs: Value = client
            .get(format!(
                "{base}/api/workflows/{id}/executions?limit=200&status=succeeded"
            ))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let overview: Value = client
            .get(format!("{base}/api/workflows/{id}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let stats = &overview["data"]["stats"];
        let (succeeded, failed, active) = (
            stats["succeeded"].as_u64().unwrap() as usize,
            stats["failed"].as_u64().unwrap() as usize,
            stats["active"].as_u64().unwrap() as usize,
        );
        let _ = runs;
        if active == 0 && succeeded + failed >= count {
            return (
                succeeded,
                stats["runs"].as_u64().unwrap() as usize - succeeded,
            );
        }
        assert!(
            started.elapsed() < limit,
            "runs still active after {limit:?}: {stats}"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn concurrent() {
    let count: usize = env_or("CONCURRENT", 1000);
    let server = Server::start(&[("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0")]).await;
    let client = reqwest::Client::new();
    let token = sign_up(&client, &server.base).await;
    let id = workflow(&client, &server.base, &token, 10).await;
    let started = Instant::now();
    let ids = start_many(&client, &server.base, &token, &id, count).await;
    let queued_in = started.elapsed();
    let (succeeded, other) = wait_all(
        &client,
        &server.base,
        &token,
        &id,
        ids.len(),
        Duration::from_secs(1800),
    )
    .await;
    let total = started.elapsed();
    println!(
        "concurrent: {count} runs of 11 steps queued in {:.1} s, all finished in {:.1} s ({:.0} steps/s); succeeded {succeeded}, other {other}, lost {}",
        queued_in.as_secs_f64(),
        total.as_secs_f64(),
        (count * 11) as f64 / total.as_secs_f64(),
        count - succeeded - other,
    );
}

async fn resume() {
    let count: usize = env_or("CONCURRENT", 1000);
    let env = [
        ("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0"),
        ("AGENTFORGE_JOBS_LEASE_SECONDS", "2"),
    ];
    let mut server = Server::start(&env).await;
    let client = reqwest::Client::new();
    let token = sign_up(&client, &server.base).await;
    let id = workflow(&client, &server.base, &token, 10).await;
    let ids = start_many(&client, &server.base, &token, &id, count).await;
    server.kill_and_restart(&env).await;
    let restarted = Instant::now();
    let (succeeded, other) = wait_all(
        &client,
        &server.base,
        &token,
        &id,
        ids.len(),
        Duration::from_secs(1800),
    )
    .await;
    println!(
        "resume: {count} runs in flight at a SIGKILL; after the restart all finished in {:.1} s (2 s job lease); succeeded {succeeded}, other {other}, lost {}",
        restarted.elapsed().as_secs_f64(),
        count - succeeded - other,
    );
}

#[tokio::main]
async fn main() {
    let which: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let wants = |name: &str| which.is_empty() || which.iter().any(|w| w == name);
    if wants("overhead") {
        overhead().await;
    }
    if wants("concurrent") {
        concurrent().await;
    }
    if wants("resume") {
        resume().await;
    }
}
