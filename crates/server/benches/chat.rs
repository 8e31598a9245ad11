//! Chat benchmarks against the release binary (`make bench`, or
//! `cargo bench -p agentforge-server --bench chat [first-token|sockets]`):
//!
//! 1. platform overhead on time to first token: 50 concurrent streaming chats
//!    through AgentForge (the chat route, and OpenAI's wire format at /v1
//!    with an API key) to a local OpenAI-compatible stand-in paced like a
//!    hosted model, against the same chats sent to the stand-in directly;
//! 2. resident memory with 1,000 open realtime sockets, then realtime
//!    fan-out: the sockets belong to `USERS` (20) people, one of whom gets a
//!    burst of `BURST` (200) chat turns; the time until each of that person's
//!    sockets has every event, and whether anyone else's got any.
//!
//! Chat turns a second are measured with wrk, in `bench/run.sh`.
//!
//! The client runs on the same machine and shares its cores with the server.
//! Numbers are recorded in docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{Value, json};

mod common;
use common::{Server, env_or, percentile, set_up, sorted};

/// The testkit's provider, paced like a hosted model: the first token
/// after `FIRST_TOKEN_MS` (default 100), then `TOKENS` more (default 20)
/// every `TOKEN_MS` (default 20). Returns its OpenAI-compatible URL.
async fn stand_in() -> String {
    let pace = agentforge_testkit::Pace {
        first_token: Duration::from_millis(env_or("FIRST_TOKEN_MS", 100)),
        every: Duration::from_millis(env_or("TOKEN_MS", 20)),
        tokens: env_or("TOKENS", 20),
    };
    // It serves for the rest of the run.
    agentforge_testkit::ProviderStandIn::paced(pace)
        .await
        .openai_url()
}

/// Time from sending `request` to its first text piece (`is_text` tells
/// which event carries text), draining the rest.
async fn first_token(
    request: reqwest::RequestBuilder,
    is_text: fn(&agentforge_llm::SseEvent) -> bool,
) -> f64 {
    let t = Instant::now();
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200);
    let mut bytes = response.bytes_stream();
    let mut decoder = agentforge_llm::SseDecoder::new();
    let mut first = None;
    while let Some(chunk) = bytes.next().await {
        for event in decoder.push(&chunk.unwrap()) {
            if first.is_none() && is_text(&event) {
                first = Some(t.elapsed().as_secs_f64() * 1000.0);
            }
        }
    }
    first.expect("a text event")
}

async fn first_token_overhead() {
    let provider = stand_in().await;
    let server = Server::start(&[
        ("AGENTFORGE_LLM_PROVIDER", "openai"),
        ("AGENTFORGE_LLM_BASE_URL", &provider),
        ("AGENTFORGE_LLM_API_KEY", "good-key"),
        // Fifty chats on one key send about 1,000 turns a minute: more than
        // the default per-key limit (600), which is not what is measured.
        ("AGENTFORGE_RATE_LIMIT_API_KEY_PER_MINUTE", "100000"),
    ])
    .await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()
        .unwrap();
    let (token, agent) = set_up(
        &client,
        &server.base,
        json!({"name": "Bench", "status": "active"}),
    )
    .await;
    // /v1 answers with the production deployment, for an API key.
    client
        .post(format!("{}/api/agents/{agent}/deploy", server.base))
        .bearer_auth(&token)
        .json(&json!({"environment": "production"}))
        .send()
        .await
        .unwrap();
    let key: Value = client
        .post(format!("{}/api/api-keys", server.base))
        .bearer_auth(&token)
        .json(&json!({"name": "bench"}))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let key = Arc::new(key["data"]["key"].as_str().expect("a key").to_owned());
    let v1 = Arc::new(format!("{}/v1/chat/completions", server.base));
    let concurrency: usize = env_or("CONCURRENCY", 50);
    let turns: usize = env_or("TURNS", 20);
    let through = Arc::new(format!("{}/api/agents/{agent}/chat", server.base));
    let direct = Arc::new(format!("{provider}/chat/completions"));

    #[derive(Clone, Copy, PartialEq)]
    enum Via {
        Direct,
        Chat,
        V1,
    }
    let run = |via: Via| {
        let (client, token, through, direct, key, v1) = (
            client.clone(),
            token.clone(),
            through.clone(),
            direct.clone(),
            key.clone(),
            v1.clone(),
        );
        async move {
            let tasks: Vec<_> = (0..concurrency)
                .map(|_| {
                    let (client, token, through, direct, key, v1) = (client.clone(), token.clone(), through.clone(), direct.clone(), key.clone(), v1.clone());
                    tokio::spawn(async move {
                        let mut times = Vec::new();
                        let mut conversation: Option<String> = None;
                        // People do not all press Enter at the same instant: each
                        // chat starts at a random moment and pauses a little
                        // between turns, as a reader would.
                        tokio::time::sleep(Duration::from_millis(rand::random_range(0..500))).await;
                        for turn in 0..turns {
                            if turn > 0 {
                                tokio::time::sleep(Duration::from_millis(rand::random_range(0..200))).await;
                            }
                            if turn % 10 == 0 {
                                conversation = None;
                            }
                            let time = if via == Via::V1 {
                                let request = client.post(v1.as_str()).bearer_auth(key.as_str())
                                    .json(&json!({"model": "bench", "stream": true, "messages": [{"role": "user", "content": "How long do refunds take?"}]}));
                                first_token(request, |e| e.data.contains("\"content\":\"") && !e.data.contains("\"content\":\"\"")).await
                            } else if via == Via::Chat {
                                let request = client.post(through.as_str()).bearer_auth(&token).header("accept", "text/event-stream")
                                    .json(&json!({"message": "How long do refunds take?", "conversationId": conversation}));
                                let t = Instant::now();
                                let response = request.send().await.unwrap();
                                let mut bytes = response.bytes_stream();
                                let mut decoder = agentforge_llm::SseDecoder::new();
                                let mut first = None;
                                while let Some(chunk) = bytes.next().await {
                                    for event in decoder.push(&chunk.unwrap()) {
                                        if event.event == "start" {
                                            let data: Value = serde_json::from_str(&event.data).unwrap();
                                            conversation = data["conversationId"].as_str().map(str::to_owned);
                                        }
                                        if first.is_none() && event.event == "delta" {
                                            first = Some(t.elapsed().as_secs_f64() * 1000.0);
                                        }
                                    }
                                }
                                first.expect("a delta")
                            } else {
                                let request = client.post(direct.as_str()).bearer_auth("good-key").json(&json!({"model": "m", "stream": true, "messages": [{"role": "user", "content": "How long do refunds take?"}]}));
                                first_token(request, |e| e.data.contains("content")).await
                            };
                            times.push(time);
                        }
                        times
                    })
                })
                .collect();
            let mut times = Vec::new();
            for task in tasks {
                times.extend(task.await.unwrap());
            }
            sorted(times)
        }
    };
    // Warm every path, then measure the provider alone and through AgentForge.
    let _ = run(Via::Direct).await;
    let _ = run(Via::Chat).await;
    let _ = run(Via::V1).await;
    let alone = run(Via::Direct).await;
    let through_af = run(Via::Chat).await;
    let through_v1 = run(Via::V1).await;
    println!(
        "== time to first token, {concurrency} concurrent streaming chats, {turns} turns each"
    );
    println!(
        "stand-in alone:    p50 {:.2} ms  p99 {:.2} ms",
        percentile(&alone, 50.0),
        percentile(&alone, 99.0)
    );
    println!(
        "through AgentForge: p50 {:.2} ms  p99 {:.2} ms",
        percentile(&through_af, 50.0),
        percentile(&through_af, 99.0)
    );
    println!(
        "platform overhead: p50 {:.2} ms  p99 {:.2} ms",
        percentile(&through_af, 50.0) - percentile(&alone, 50.0),
        percentile(&through_af, 99.0) - percentile(&alone, 99.0)
    );
    println!(
        "through /v1:       p50 {:.2} ms  p99 {:.2} ms",
        percentile(&through_v1, 50.0),
        percentile(&through_v1, 99.0)
    );
    println!(
        "/v1 overhead:      p50 {:.2} ms  p99 {:.2} ms\n",
        percentile(&through_v1, 50.0) - percentile(&alone, 50.0),
        percentile(&through_v1, 99.0) - percentile(&alone, 99.0)
    );
}

async fn socket_memory() {
    let server = Server::start(&[]).await;
    let client = reqwest::Client::builder()
        .pool_max_idle_per_host(256)
        .build()
        .unwrap();
    let users: usize = env_or("USERS", 20);
    let count: usize = env_or("SOCKETS", 1000);
    let burst: usize = env_or("BURST", 200);
    let (owner, agent) = set_up(
        &client,
        &server.base,
        json!({"name": "Bench", "status": "active"}),
    )
    .await;
    let mut tokens = vec![owner.clone()];
    for _ in 1..users {
        tokens.push(
            set_up(&client, &server.base, json!({"name": "Other"}))
                .await
                .0,
        );
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    let before = server.rss_mib();
    let ws = server.base.replace("http://", "ws://");
    // Socket i belongs to user i % users; each is open once it said `ready`.
    let mut sockets = Vec::with_capacity(count);
    for i in 0..count {
        let url = format!("{ws}/ws?token={}", tokens[i % users]);
        let (mut socket, _) = tokio_tungstenite::connect_async(url.as_str())
            .await
            .unwrap();
        while let Some(Ok(frame)) = socket.next().await {
            if frame.is_text() {
                break;
            }
        }
        sockets.push(socket);
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!("== realtime sockets");
    println!(
        "resident memory: {before:.1} MiB idle, {:.1} MiB with {count} open sockets",
        server.rss_mib()
    );

    // Each turn announces its question and its answer (`message.created`)
    // to the agent's owner.
    let expected = 2 * burst;
    let started = Instant::now();
    let mut readers = Vec::new();
    for (i, mut socket) in sockets.into_iter().enumerate() {
        let audience = i % users == 0;
        readers.push(tokio::spawn(async move {
            let mut seen = 0;
            let wait = if audience { 30 } else { 5 };
            let deadline = tokio::time::Instant::now() + Duration::from_secs(wait);
            while seen < expected || !audience {
                let Ok(Some(Ok(frame))) = tokio::time::timeout_at(deadline, socket.next()).await
                else {
                    break;
                };
                if frame
                    .to_text()
                    .is_ok_and(|t| t.contains("\"message.created\""))
                {
                    seen += 1;
                }
            }
            (audience, seen, started.elapsed().as_secs_f64() * 1000.0)
        }));
    }
    let chat = format!("{}/api/agents/{agent}/chat", server.base);
    let senders: Vec<_> = (0..20)
        .map(|s| {
            let (client, owner, chat) = (client.clone(), owner.clone(), chat.clone());
            tokio::spawn(async move {
                for _ in (s..burst).step_by(20) {
                    let response = client
                        .post(chat.as_str())
                        .bearer_auth(&owner)
                        .json(&json!({"message": "How long do refunds take?"}))
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(response.status(), 200);
                }
            })
        })
        .collect();
    for sender in senders {
        sender.await.unwrap();
    }
    let sent = started.elapsed().as_secs_f64() * 1000.0;
    let mut done = Vec::new();
    let mut strays = 0;
    let mut short = 0;
    for reader in readers {
        let (audience, seen, at) = reader.await.unwrap();
        if audience {
            if seen < expected {
                short += 1;
            }
            done.push(at);
        } else {
            strays += seen;
        }
    }
    let done = sorted(done);
    let last = done.last().copied().unwrap_or(f64::NAN);
    let audience = done.len();
    println!(
        "fan-out: {burst} turns for one of {users} people sent in {sent:.0} ms; \
         all {expected} events on each of their {audience} sockets after {last:.0} ms \
         ({:.0} frames/s); sockets short of events: {short}; events on anyone else's sockets: {strays}\n",
        (audience * expected) as f64 / (last / 1000.0)
    );
}

#[tokio::main]
async fn main() {
    let only = std::env::args().nth(1).filter(|a| !a.starts_with('-'));
    let wants = |name: &str| only.as_deref().is_none_or(|o| o == name);
    if wants("first-token") {
        first_token_overhead().await;
    }
    if wants("sockets") {
        socket_memory().await;
    }
}
