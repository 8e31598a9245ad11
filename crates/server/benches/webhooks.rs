//! Webhook benchmarks against the release binary (`make bench`, or
//! `cargo bench -p agentforge-server --bench webhooks [inbound|outbound|widget]`):
//!
//! 1. **inbound**: custom events signed per the Standard Webhooks
//!    specification (a new `webhook-id` each, a thousand senders), posted by
//!    `SENDERS` (64) concurrent senders for `DURATION` seconds (10) with
//!    `Prefer: respond-async`: events acknowledged a second and the
//!    acknowledgement's latency; then the time until the job queue has
//!    answered every one (`JOBS_CONCURRENCY` sets how many answers run at
//!    once; the server's default otherwise). The same for events answered
//!    in the response (a synchronous turn each), for comparison.
//! 2. **outbound**: an event endpoint on a receiver in this process,
//!    subscribed to `message.created` (a chat turn makes two). First a
//!    steady flow (`STEADY_TURNS`, 1,000, started `STEADY_RATE`, 100, a
//!    second): how long after each event its delivery arrives. Then a backlog: the receiver
//!    holds the first delivery while `BACKLOG_TURNS` (5,000) turns queue
//!    10,000 more behind it, then lets go: the time to drain them, and the
//!    gap between one delivery's arrival and the next's (one endpoint's
//!    deliveries go one at a time, in order, so the gap is what each
//!    delivery costs beyond the receiver's own answer, which is immediate).
//!    Every delivery's signature is checked and duplicates counted.
//! 3. **widget**: `/widget.js` as served, gzip and brotli.
//!
//! The clients and the receiver run on the same machine and share its
//! cores with the server. Numbers are recorded in docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::collections::HashSet;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agentforge_runtime::signature::WebhookSecret;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use serde_json::{Value, json};

mod common;
use common::{Server, env_or, percentile, set_up, sorted};

/// A server whose limits do not stand in the way of one machine's load.
async fn server(extra: &[(&str, &str)]) -> Server {
    // Jobs one instance runs at once (the answers' turns): the server's
    // default unless JOBS_CONCURRENCY says.
    let jobs = std::env::var("JOBS_CONCURRENCY").ok();
    let mut env = vec![
        // All the load comes from one address.
        ("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0"),
    ];
    if let Some(jobs) = &jobs {
        env.push(("AGENTFORGE_JOBS_CONCURRENCY", jobs.as_str()));
    }
    env.extend_from_slice(extra);
    Server::start(&env).await
}

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(512)
        .build()
        .unwrap()
}

/// Signs up, makes an agent and deploys it to production; (token, agent).
async fn deployed(client: &reqwest::Client, base: &str) -> (String, String) {
    let (token, agent) = set_up(
        client,
        base,
        json!({"name": "Bench", "status": "active", "greeting": "Hello!"}),
    )
    .await;
    let deployed = client
        .post(format!("{base}/api/agents/{agent}/deploy"))
        .bearer_auth(&token)
        .json(&json!({"environment": "production"}))
        .send()
        .await
        .unwrap();
    assert_eq!(deployed.status(), 200);
    (token, agent)
}

fn summary(label: &str, millis: Vec<f64>) {
    let s = sorted(millis);
    println!(
        "  {label}: p50 {:.2} ms, p90 {:.2} ms, p99 {:.2} ms, max {:.2} ms ({} samples)",
        percentile(&s, 50.0),
        percentile(&s, 90.0),
        percentile(&s, 99.0),
        s.last().copied().unwrap_or(f64::NAN),
        s.len()
    );
}

// ---------------------------------------------------------------- inbound

/// Posts signed custom events from `senders` tasks for `duration`;
/// (status counts, latencies of the acknowledged, elapsed seconds).
async fn flood(
    client: &reqwest::Client,
    url: &str,
    secret: &WebhookSecret,
    later: bool,
    senders: usize,
    duration: Duration,
) -> (Vec<(u16, usize)>, Vec<f64>, f64) {
    let started = Instant::now();
    let deadline = started + duration;
    let mut tasks = Vec::new();
    for task in 0..senders {
        let (client, url, secret) = (client.clone(), url.to_owned(), secret.clone());
        tasks.push(tokio::spawn(async move {
            let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
            let mut latencies = Vec::new();
            let mut n = 0u64;
            while Instant::now() < deadline {
                n += 1;
                let id = format!("msg_{}_{task}_{n}", if later { "a" } else { "s" });
                let body = serde_json::to_vec(&json!({
                    "message": "How long do refunds take?",
                    "senderId": format!("customer-{}", (task as u64 * 7919 + n) % 1000),
                }))
                .unwrap();
                let timestamp = chrono::Utc::now().timestamp();
                let mut request = client
                    .post(&url)
                    .header("content-type", "application/json")
                    .header("webhook-id", &id)
                    .header("webhook-timestamp", timestamp.to_string())
                    .header("webhook-signature", secret.sign(&id, timestamp, &body))
                    .body(body);
                if later {
                    request = request.header("prefer", "respond-async");
                }
                let t = Instant::now();
                let status = match request.send().await {
                    Ok(response) => {
                        let status = response.status().as_u16();
                        let _ = response.bytes().await;
                        status
                    }
                    Err(_) => 0,
                };
                if status == 200 || status == 202 {
                    latencies.push(t.elapsed().as_secs_f64() * 1000.0);
                }
                *statuses.entry(status).or_default() += 1;
            }
            (statuses, latencies)
        }));
    }
    let mut statuses = std::collections::BTreeMap::<u16, usize>::new();
    let mut latencies = Vec::new();
    for task in tasks {
        let (s, l) = task.await.unwrap();
        for (k, v) in s {
            *statuses.entry(k).or_default() += v;
        }
        latencies.extend(l);
    }
    (
        statuses.into_iter().collect(),
        latencies,
        started.elapsed().as_secs_f64(),
    )
}

/// The webhook's (received, finished) counts.
async fn counts(client: &reqwest::Client, base: &str, token: &str) -> (u64, u64) {
    let stats: Value = client
        .get(format!("{base}/api/webhooks/stats"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let overall = &stats["data"]["overall"];
    let n = |k: &str| overall[k].as_u64().unwrap_or(0);
    (n("received"), n("succeeded") + n("failed"))
}

async fn inbound() {
    let senders = env_or("SENDERS", 64);
    let duration = Duration::from_secs(env_or("DURATION", 10));
    for later in [true, false] {
        let server = server(&[]).await;
        let base = server.base.clone();
        let client = client();
        let (token, agent) = deployed(&client, &base).await;
        let created: Value = client
            .post(format!("{base}/api/v1/webhooks"))
            .bearer_auth(&token)
            .json(&json!({"agentId": agent, "platform": "custom", "name": "Bench"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let secret =
            WebhookSecret::parse(created["data"]["secret"].as_str().expect("a secret")).unwrap();
        let url = created["data"]["webhook"]["url"].as_str().unwrap();
        let url = format!("{base}{}", &url[url.find("/api/hooks/").unwrap()..]);

        let how = if later {
            "Prefer: respond-async (202, answered from the job queue)"
        } else {
            "answered in the response (a turn each)"
        };
        println!("== inbound custom events, {how}: {senders} senders, {duration:?}");
        let (statuses, latencies, elapsed) =
            flood(&client, &url, &secret, later, senders, duration).await;
        let taken = latencies.len();
        println!("  statuses: {statuses:?}");
        println!(
            "  acknowledged: {taken} in {elapsed:.1} s = {:.0} events/s",
            taken as f64 / elapsed
        );
        summary("acknowledgement latency", latencies);
        if later {
            // The answers the queue still owes.
            let t = Instant::now();
            let (mut received, mut finished) = counts(&client, &base, &token).await;
            let at_end = finished;
            while finished < received && t.elapsed() < Duration::from_secs(600) {
                tokio::time::sleep(Duration::from_millis(250)).await;
                (received, finished) = counts(&client, &base, &token).await;
            }
            println!(
                "  answered: {at_end} while taking, all {finished} of {received} {:.1} s after the last was taken ({:.0} answers/s overall)",
                t.elapsed().as_secs_f64(),
                finished as f64 / (elapsed + t.elapsed().as_secs_f64())
            );
        }
        println!("  resident memory after: {:.0} MiB", server.rss_mib());
    }
}

// --------------------------------------------------------------- outbound

/// What the receiver saw.
#[derive(Default)]
struct Seen {
    /// (arrival, the event's own time), in milliseconds since the epoch.
    arrivals: Vec<(f64, f64)>,
    ids: HashSet<String>,
    duplicates: usize,
    bad_signatures: usize,
}

struct Receiver {
    seen: Mutex<Seen>,
    secret: Mutex<Option<WebhookSecret>>,
    /// Deliveries wait while this is false.
    open: tokio::sync::watch::Sender<bool>,
}

fn epoch_ms() -> f64 {
    chrono::Utc::now().timestamp_micros() as f64 / 1000.0
}

async fn receive(State(r): State<Arc<Receiver>>, headers: HeaderMap, body: Bytes) -> StatusCode {
    let mut open = r.open.subscribe();
    let _ = open.wait_for(|open| *open).await;
    let arrived = epoch_ms();
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    let verified = r.secret.lock().unwrap().as_ref().is_some_and(|secret| {
        secret
            .verify(
                header("webhook-id"),
                header("webhook-timestamp"),
                header("webhook-signature"),
                &body,
                chrono::Utc::now().timestamp(),
            )
            .is_ok()
    });
    let event: Value = serde_json::from_slice(&body).unwrap_or_default();
    let at = event["timestamp"]
        .as_str()
        .and_then(|t| chrono::DateTime::parse_from_rfc3339(t).ok())
        .map_or(f64::NAN, |t| t.timestamp_micros() as f64 / 1000.0);
    let mut seen = r.seen.lock().unwrap();
    if !verified {
        seen.bad_signatures += 1;
    }
    if !seen
        .ids
        .insert(header("webhook-id").unwrap_or_default().to_owned())
    {
        seen.duplicates += 1;
    }
    seen.arrivals.push((arrived, at));
    StatusCode::NO_CONTENT
}

async fn start_receiver() -> (Arc<Receiver>, String) {
    let receiver = Arc::new(Receiver {
        seen: Mutex::default(),
        secret: Mutex::default(),
        open: tokio::sync::watch::channel(true).0,
    });
    let app = axum::Router::new()
        .route("/hook", axum::routing::post(receive))
        .with_state(receiver.clone());
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/hook", listener.local_addr().unwrap());
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    (receiver, url)
}

/// `turns` chat turns, `concurrency` at a time, each a new conversation
/// (the quickest kind to make on this machine: it reads no history).
async fn chat(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    agent: &str,
    turns: usize,
    concurrency: usize,
) {
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut tasks = Vec::new();
    for _ in 0..concurrency {
        let (client, next) = (client.clone(), next.clone());
        let url = format!("{base}/api/agents/{agent}/chat");
        let token = token.to_owned();
        tasks.push(tokio::spawn(async move {
            while next.fetch_add(1, std::sync::atomic::Ordering::Relaxed) < turns {
                let sent = client
                    .post(&url)
                    .bearer_auth(&token)
                    .json(&json!({"message": "How long do refunds take?"}))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(sent.status(), 200);
            }
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

/// `turns` chat turns, each a new conversation, started `rate` a second
/// whatever the answers' pace (an open loop).
async fn paced(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    agent: &str,
    turns: usize,
    rate: u64,
) {
    let mut tick = tokio::time::interval(Duration::from_micros(1_000_000 / rate.max(1)));
    let mut tasks = Vec::new();
    for _ in 0..turns {
        tick.tick().await;
        let request = client
            .post(format!("{base}/api/agents/{agent}/chat"))
            .bearer_auth(token)
            .json(&json!({"message": "How long do refunds take?"}));
        tasks.push(tokio::spawn(async move {
            assert_eq!(request.send().await.unwrap().status(), 200);
        }));
    }
    for task in tasks {
        task.await.unwrap();
    }
}

/// Waits until the receiver has `count` deliveries (or nothing more came
/// for ten seconds); how many it has.
async fn until_received(receiver: &Receiver, count: usize) -> usize {
    let mut last = (0, Instant::now());
    loop {
        let n = receiver.seen.lock().unwrap().arrivals.len();
        if n >= count {
            return n;
        }
        if n != last.0 {
            last = (n, Instant::now());
        } else if last.1.elapsed() > Duration::from_secs(10) {
            return n;
        }
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

async fn outbound() {
    let steady_turns = env_or("STEADY_TURNS", 1000);
    let steady_rate = env_or("STEADY_RATE", 100);
    let backlog_turns = env_or("BACKLOG_TURNS", 5000);
    let (receiver, hook) = start_receiver().await;
    let server = server(&[("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")]).await;
    let base = server.base.clone();
    let client = client();
    let (token, agent) = deployed(&client, &base).await;
    let created: Value = client
        .post(format!("{base}/api/v1/webhook-endpoints"))
        .bearer_auth(&token)
        .json(&json!({"url": hook, "events": ["message.created"], "description": "bench"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let secret = created["data"]["secret"].as_str().expect("a secret");
    *receiver.secret.lock().unwrap() = Some(WebhookSecret::parse(secret).unwrap());

    // A steady flow: how long after its event each delivery arrives.
    println!(
        "== outbound, steady: {steady_turns} chat turns at {steady_rate} a second, two events each"
    );
    let t = Instant::now();
    paced(&client, &base, &token, &agent, steady_turns, steady_rate).await;
    let turns_took = t.elapsed().as_secs_f64();
    let got = until_received(&receiver, steady_turns * 2).await;
    let latencies: Vec<f64> = receiver
        .seen
        .lock()
        .unwrap()
        .arrivals
        .iter()
        .map(|(arrived, at)| arrived - at)
        .collect();
    println!(
        "  {got} delivered; the turns took {turns_took:.1} s ({:.0} events/s)",
        got as f64 / turns_took
    );
    summary("event to arrival", latencies);

    // A backlog: the receiver holds the next delivery; the rest queue.
    let before = got;
    receiver.open.send_replace(false);
    println!("== outbound, backlog: {backlog_turns} chat turns queue deliveries behind a held one");
    let t = Instant::now();
    chat(&client, &base, &token, &agent, backlog_turns, 64).await;
    println!(
        "  queued in {:.1} s (the held delivery times out after 15 s)",
        t.elapsed().as_secs_f64()
    );
    tokio::time::sleep(Duration::from_millis(500)).await;
    let t = Instant::now();
    receiver.open.send_replace(true);
    let got = until_received(&receiver, before + backlog_turns * 2).await;
    let seen = receiver.seen.lock().unwrap();
    let mut arrivals: Vec<f64> = seen.arrivals[before..].iter().map(|(a, _)| *a).collect();
    arrivals.sort_by(f64::total_cmp);
    let drained = (arrivals.last().copied().unwrap_or(0.0)
        - arrivals.first().copied().unwrap_or(0.0))
        / 1000.0;
    let gaps: Vec<f64> = arrivals.windows(2).map(|w| w[1] - w[0]).collect();
    println!(
        "  {} drained in {drained:.2} s after the release = {:.0} deliveries/s (waited {:.1} s in all)",
        got - before,
        (got - before) as f64 / drained,
        t.elapsed().as_secs_f64()
    );
    summary("gap between arrivals (cost per delivery)", gaps);
    println!(
        "  in all: {} deliveries, {} duplicates, {} bad signatures; resident memory {:.0} MiB",
        seen.arrivals.len(),
        seen.duplicates,
        seen.bad_signatures,
        server.rss_mib()
    );
}

// ----------------------------------------------------------------- widget

async fn widget() {
    let server = server(&[]).await;
    // reqwest is built without decompression here: the bytes are as sent.
    let client = reqwest::Client::new();
    println!("== /widget.js as served");
    for encoding in ["identity", "gzip", "br"] {
        let response = client
            .get(format!("{}/widget.js", server.base))
            .header("accept-encoding", encoding)
            .send()
            .await
            .unwrap();
        let sent = response
            .headers()
            .get("content-encoding")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("identity")
            .to_owned();
        let bytes = response.bytes().await.unwrap().len();
        println!(
            "  {encoding}: {bytes} bytes ({:.1} KiB, {sent})",
            bytes as f64 / 1024.0
        );
    }
}

#[tokio::main]
async fn main() {
    let only = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let wants = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if wants("widget") {
        widget().await;
    }
    if wants("inbound") {
        inbound().await;
    }
    if wants("outbound") {
        outbound().await;
    }
}
