//! Voice and phone benchmarks against the release binary (`make bench`, or
//! `cargo bench -p agentforge-server --bench voice [overhead|first-audio|twiml]`):
//!
//! 1. **overhead**: voice turns (a recording in, transcribed, answered,
//!    spoken) with every provider a local stand-in that answers at once
//!    (transcription, an OpenAI-compatible model writing three sentences
//!    of its own each time, ElevenLabs): the turn's
//!    total as the server times it is then our own time, plus the
//!    stand-ins' few hundred microseconds on loopback. `TURNS` (200) turns,
//!    `CONCURRENCY` (4) at a time.
//! 2. **first-audio**: the same turn with providers paced like hosted ones
//!    (the model's first token after 100 ms, then a word every 20 ms, a
//!    sentence every eight words, 48 words; ElevenLabs 100 ms to the first
//!    byte and 100 ms more to the last): when the first sentence's audio
//!    reaches the client, against when the model finished writing and when
//!    the turn ended. `FIRST_AUDIO_TURNS` (20) turns, one at a time.
//! 3. **twiml**: a phone call's turns as Twilio makes them (signed form
//!    posts to the gather URL), with the model answering at once and
//!    Twilio's `<Say>`: the time to the TwiML, which is our own.
//!    `TWIML_TURNS` (500), one at a time.
//!
//! The clients and stand-ins run on the same machine and share its cores
//! with the server. Numbers are recorded in docs/performance.md.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;
use std::time::{Duration, Instant};

use agentforge_testkit::{ELEVENLABS_KEY, ServicesStandIn, TWILIO_SID, TWILIO_TOKEN};
use futures_util::StreamExt;
use serde_json::{Value, json};

mod common;
use common::{Server, env_or, percentile, set_up, sorted};

/// The first bytes of a WebM recording, as a browser's MediaRecorder sends.
const WEBM: &[u8] = &[0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01];
const PUBLIC: &str = "https://bench.example.com";

fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .pool_max_idle_per_host(64)
        .build()
        .unwrap()
}

async fn voice_server(services: &ServicesStandIn, model: &str) -> Server {
    let stt = format!("{}/v1", services.base);
    Server::start(&[
        ("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0"),
        ("AGENTFORGE_LLM_PROVIDER", "openai"),
        ("AGENTFORGE_LLM_BASE_URL", model),
        ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ("AGENTFORGE_FEATURE_VOICE_PROVIDER", "true"),
        ("AGENTFORGE_ELEVENLABS_API_KEY", ELEVENLABS_KEY),
        ("AGENTFORGE_ELEVENLABS_BASE_URL", &services.base),
        ("AGENTFORGE_STT_BASE_URL", &stt),
        (
            "AGENTFORGE_STT_API_KEY",
            agentforge_testkit::speech::TRANSCRIPTION_KEY,
        ),
    ])
    .await
}

/// A voice agent of a new person's (each person may send 30 voice
/// messages a minute, so the load is spread over several).
async fn speaker(client: &reqwest::Client, base: &str) -> (String, String) {
    set_up(
        client,
        base,
        json!({"name": "Bench", "status": "active", "voice_enabled": true}),
    )
    .await
}

/// One voice turn, streamed: (server's timings, ms to the first sentence
/// with audio, ms to the last text piece, ms to the end).
async fn voice_turn(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    agent: &str,
) -> (Value, f64, f64, f64) {
    let form = reqwest::multipart::Form::new()
        .part(
            "audio",
            reqwest::multipart::Part::bytes(WEBM.to_vec()).file_name("a.webm"),
        )
        .text("agentId", agent.to_owned());
    let t = Instant::now();
    let ms = |t: Instant| t.elapsed().as_secs_f64() * 1000.0;
    let response = client
        .post(format!("{base}/api/voice/conversations/message"))
        .bearer_auth(token)
        .header("accept", "text/event-stream")
        .multipart(form)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    let mut decoder = agentforge_llm::SseDecoder::new();
    let mut body = response.bytes_stream();
    let (mut first_audio, mut last_delta, mut end) = (None, 0.0, 0.0);
    let mut timings = Value::Null;
    while let Some(chunk) = body.next().await {
        for event in decoder.push(&chunk.unwrap()) {
            match event.event.as_str() {
                "sentence" if first_audio.is_none() => {
                    let data: Value = serde_json::from_str(&event.data).unwrap();
                    assert!(data["audio"].is_string(), "spoken by ElevenLabs");
                    first_audio = Some(ms(t));
                }
                "delta" => last_delta = ms(t),
                "end" => {
                    end = ms(t);
                    let data: Value = serde_json::from_str(&event.data).unwrap();
                    timings = data["timings"].clone();
                }
                "error" => panic!("the turn failed: {}", event.data),
                _ => {}
            }
        }
    }
    (timings, first_audio.expect("audio"), last_delta, end)
}

/// The turns' stages as the server timed them.
fn stages(results: &[(Value, f64, f64, f64)]) {
    for (name, key) in [
        ("upload", "uploadMs"),
        ("transcription", "transcriptionMs"),
        ("first token", "firstTokenMs"),
        ("first audio", "firstAudioMs"),
    ] {
        report(
            &format!("{name}, as the server times it"),
            results.iter().filter_map(|r| r.0[key].as_f64()).collect(),
        );
    }
}

fn report(name: &str, values: Vec<f64>) {
    let s = sorted(values);
    println!(
        "  {name}: p50 {:.1} ms, p90 {:.1} ms, p99 {:.1} ms, max {:.1} ms (n = {})",
        percentile(&s, 50.0),
        percentile(&s, 90.0),
        percentile(&s, 99.0),
        s.last().copied().unwrap_or_default(),
        s.len()
    );
}

async fn overhead() {
    let services = ServicesStandIn::start().await;
    let model = agentforge_testkit::ProviderStandIn::start()
        .await
        .openai_url();
    let server = voice_server(&services, &model).await;
    let client = client();
    let turns: usize = env_or("TURNS", 200);
    let concurrency: usize = env_or("CONCURRENCY", 4);
    let per_speaker = 25;
    let mut speakers = Vec::new();
    for _ in 0..turns.div_ceil(per_speaker) + 1 {
        speakers.push(speaker(&client, &server.base).await);
    }
    // Warm the paths (and the speech cache's table).
    let (token, agent) = &speakers[turns.div_ceil(per_speaker)];
    for _ in 0..5 {
        voice_turn(&client, &server.base, token, agent).await;
    }
    let speakers = Arc::new(speakers);
    let next = Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let started = Instant::now();
    let mut workers = Vec::new();
    for _ in 0..concurrency {
        let (client, base, speakers, next) = (
            client.clone(),
            server.base.clone(),
            speakers.clone(),
            next.clone(),
        );
        workers.push(tokio::spawn(async move {
            let mut out = Vec::new();
            loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                if i >= turns {
                    break;
                }
                let (token, agent) = &speakers[i / per_speaker];
                out.push(voice_turn(&client, &base, token, agent).await);
            }
            out
        }));
    }
    let mut results = Vec::new();
    for worker in workers {
        results.extend(worker.await.unwrap());
    }
    let elapsed = started.elapsed().as_secs_f64();
    println!(
        "overhead: {turns} voice turns, {concurrency} at a time, providers answering at once: {:.1} turns/s",
        turns as f64 / elapsed
    );
    let server_total: Vec<f64> = results
        .iter()
        .map(|(t, ..)| t["totalMs"].as_f64().unwrap())
        .collect();
    report("our time per turn (the server's total)", server_total);
    report(
        "as the client sees it (to the end event)",
        results.iter().map(|r| r.3).collect(),
    );
    stages(&results);
}

async fn first_audio() {
    let pace = agentforge_testkit::Pace {
        first_token: Duration::from_millis(100),
        every: Duration::from_millis(20),
        tokens: 47,
    };
    let services = ServicesStandIn::start().await;
    services.speech.set_delay(Duration::from_millis(100));
    let model = agentforge_testkit::ProviderStandIn::paced(pace)
        .await
        .openai_url();
    let server = voice_server(&services, &model).await;
    let client = client();
    let (token, agent) = speaker(&client, &server.base).await;
    voice_turn(&client, &server.base, &token, &agent).await;
    let turns: usize = env_or("FIRST_AUDIO_TURNS", 20);
    let mut results = Vec::new();
    for _ in 0..turns {
        results.push(voice_turn(&client, &server.base, &token, &agent).await);
    }
    println!(
        "first-audio: model 100 ms to its first token, a word every 20 ms, a sentence every 8 words (48 words); ElevenLabs 100 ms + 100 ms a sentence"
    );
    report(
        "first sentence's audio at the client",
        results.iter().map(|r| r.1).collect(),
    );
    report(
        "the model's last word at the client",
        results.iter().map(|r| r.2).collect(),
    );
    report("the turn's end", results.iter().map(|r| r.3).collect());
    stages(&results);
    let before = results.iter().filter(|r| r.1 < r.2).count();
    println!("  first audio before the answer was whole: {before} of {turns}");
}

/// A form post as Twilio makes it, signed.
async fn twilio_post(
    client: &reqwest::Client,
    base: &str,
    path: &str,
    params: &[(&str, &str)],
) -> (u16, String) {
    let signature = agentforge_testkit::twilio::sign(&format!("{PUBLIC}{path}"), params);
    let response = client
        .post(format!("{base}{path}"))
        .header("x-twilio-signature", signature)
        .header("content-type", "application/x-www-form-urlencoded")
        .body(serde_urlencoded::to_string(params).unwrap())
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.text().await.unwrap_or_default(),
    )
}

async fn twiml() {
    let services = ServicesStandIn::start().await;
    let model = agentforge_testkit::ProviderStandIn::start()
        .await
        .openai_url();
    let server = Server::start(&[
        ("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "0"),
        ("AGENTFORGE_LLM_PROVIDER", "openai"),
        ("AGENTFORGE_LLM_BASE_URL", &model),
        ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ("AGENTFORGE_TWILIO_ACCOUNT_SID", TWILIO_SID),
        ("AGENTFORGE_TWILIO_AUTH_TOKEN", TWILIO_TOKEN),
        ("AGENTFORGE_TWILIO_PHONE_NUMBER", "+14155550100"),
        ("AGENTFORGE_TWILIO_BASE_URL", &services.base),
        ("AGENTFORGE_PUBLIC_URL", PUBLIC),
    ])
    .await;
    let client = client();
    let (token, agent) = set_up(
        &client,
        &server.base,
        json!({"name": "Bench", "status": "active", "greeting": "Hello!"}),
    )
    .await;
    let deployed = client
        .post(format!("{}/api/agents/{agent}/deploy", server.base))
        .bearer_auth(&token)
        .json(&json!({"environment": "production"}))
        .send()
        .await
        .unwrap();
    assert_eq!(deployed.status(), 200);
    let turns: usize = env_or("TWIML_TURNS", 500);
    let per_call = 100;
    let mut times = Vec::new();
    let mut answers = Vec::new();
    for call_index in 0..turns.div_ceil(per_call) {
        let call: Value = client
            .post(format!("{}/api/phone/initiate-call", server.base))
            .bearer_auth(&token)
            .json(&json!({"agentId": agent, "phoneNumber": "+14155552671"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = call["data"]["id"].as_str().expect("a call").to_owned();
        let sid = call["data"]["sid"].as_str().unwrap().to_owned();
        let t = Instant::now();
        let (status, _) = twilio_post(
            &client,
            &server.base,
            &format!("/api/phone/twilio/voice?call={id}"),
            &[("AccountSid", TWILIO_SID), ("CallSid", &sid)],
        )
        .await;
        assert_eq!(status, 200);
        answers.push(t.elapsed().as_secs_f64() * 1000.0);
        let gather = format!("/api/phone/twilio/gather?call={id}");
        for i in 0..per_call.min(turns - call_index * per_call) {
            let heard = format!("Question number {i}: when are you open?");
            let t = Instant::now();
            let (status, xml) = twilio_post(
                &client,
                &server.base,
                &gather,
                &[
                    ("AccountSid", TWILIO_SID),
                    ("CallSid", &sid),
                    ("SpeechResult", &heard),
                ],
            )
            .await;
            times.push(t.elapsed().as_secs_f64() * 1000.0);
            assert_eq!(status, 200);
            assert!(xml.contains("<Gather"), "{xml}");
        }
    }
    println!("twiml: signed gather posts, the model answering at once, <Say>");
    report("the call's answer (greeting)", answers);
    report("a turn's TwiML", times);
}

#[tokio::main]
async fn main() {
    let only: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    let run = |name: &str| only.is_empty() || only.iter().any(|o| o == name);
    if run("overhead") {
        overhead().await;
    }
    if run("first-audio") {
        first_audio().await;
    }
    if run("twiml") {
        twiml().await;
    }
}
