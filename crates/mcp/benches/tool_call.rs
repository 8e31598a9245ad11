//! What one MCP tool call costs beyond the server's own work (`cargo bench
//! -p agentforge-mcp --bench tool_call`): calls of the stand-in's `echo`
//! (no work of its own) over streamable HTTP through the pool, one at a
//! time and `CONCURRENCY` (default 50) at once, after a warm-up, first to
//! the testkit's stand-in (rmcp, in this process), then to the reference
//! server (`server-everything`, Node, installed by `make test-rust`). The
//! tool does no work, so the time is all overhead: the client, the
//! transport, the server's framework. Numbers in docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use agentforge_domain::mcp::McpEndpoint;
use agentforge_mcp::{Limits, McpPool};
use agentforge_outbound::Guard;
use agentforge_testkit::mcp::{EverythingHttp, McpStandIn};
use serde_json::json;

fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

fn percentile(sorted: &[f64], p: f64) -> f64 {
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted[rank.clamp(1, sorted.len()) - 1]
}

fn report(label: &str, mut times: Vec<f64>) {
    times.sort_by(f64::total_cmp);
    println!(
        "{label}: p50 {:.3} ms  p99 {:.3} ms  ({} calls)",
        percentile(&times, 50.0),
        percentile(&times, 99.0),
        times.len()
    );
}

/// `calls` calls of `echo` on the server at `url`, one at a time and then
/// `concurrency` at once, after a warm-up.
async fn measure(label: &'static str, url: String, calls: usize, concurrency: usize) {
    let pool = Arc::new(McpPool::new(
        Limits {
            connect_timeout: Duration::from_secs(10),
            call_timeout: Duration::from_secs(10),
            stdio_allow: Vec::new(),
            workdir_root: std::env::temp_dir(),
            guard: Guard::new(true),
        },
        tokio_util::task::TaskTracker::new(),
    ));
    let endpoint = Arc::new(McpEndpoint::StreamableHttp {
        url,
        headers: Default::default(),
    });
    pool.test(label, &endpoint).await.unwrap();
    fn args() -> serde_json::Map<String, serde_json::Value> {
        json!({"message": "ping"}).as_object().cloned().unwrap()
    }
    let one = move |pool: Arc<McpPool>, endpoint: Arc<McpEndpoint>| async move {
        let t = Instant::now();
        let out = pool
            .call(label, &endpoint, "echo", args(), Duration::from_secs(10))
            .await
            .unwrap();
        assert!(!out.is_error);
        t.elapsed().as_secs_f64() * 1000.0
    };
    // Warm-up.
    for _ in 0..200 {
        one(pool.clone(), endpoint.clone()).await;
    }
    println!("== one MCP tool call over streamable HTTP to {label} (echo does no work)");
    let mut serial = Vec::with_capacity(calls);
    for _ in 0..calls {
        serial.push(one(pool.clone(), endpoint.clone()).await);
    }
    report("one at a time", serial);

    let per_task = calls / concurrency.max(1);
    let tasks: Vec<_> = (0..concurrency)
        .map(|_| {
            let (pool, endpoint) = (pool.clone(), endpoint.clone());
            tokio::spawn(async move {
                let mut times = Vec::with_capacity(per_task);
                for _ in 0..per_task {
                    times.push(one(pool.clone(), endpoint.clone()).await);
                }
                times
            })
        })
        .collect();
    let mut concurrent = Vec::new();
    for task in tasks {
        concurrent.extend(task.await.unwrap());
    }
    report(&format!("{concurrency} at once"), concurrent);
    pool.shutdown().await;
}

#[tokio::main]
async fn main() {
    let calls: usize = env_or("CALLS", 2000);
    let concurrency: usize = env_or("CONCURRENCY", 50);
    let stand_in = McpStandIn::start(None).await;
    measure(
        "the stand-in (rmcp, in this process)",
        stand_in.url(),
        calls,
        concurrency,
    )
    .await;
    let everything = EverythingHttp::start().await;
    measure(
        "the reference server (Node)",
        everything.url(),
        calls,
        concurrency,
    )
    .await;
}
