//! What one connection and one client address may hold: headers that
//! arrive too slowly, too many connections from one address; and answers
//! that stream (server-sent events, the realtime socket) are not cut.

use std::time::Duration;

use serde_json::json;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::fixtures::{StandIn, agent, chat_stream, next_event, post, sign_up, socket};
use crate::helpers::{Engine, TestApp};

/// How long a test waits for the server to close a connection; far more
/// than the timeouts the tests set, so a slow machine does not fail them.
const PATIENCE: Duration = Duration::from_secs(15);

fn address(app: &TestApp) -> String {
    app.address.trim_start_matches("http://").to_owned()
}

/// Reads until the server closes the connection (end of stream or reset)
/// and returns what it sent; fails if it is still open after [`PATIENCE`].
async fn closed_by_server(stream: &mut TcpStream) -> Vec<u8> {
    let mut received = Vec::new();
    let closed = tokio::time::timeout(PATIENCE, async {
        let mut buf = [0u8; 4096];
        loop {
            match stream.read(&mut buf).await {
                Ok(0) | Err(_) => return,
                Ok(n) => received.extend_from_slice(&buf[..n]),
            }
        }
    })
    .await;
    assert!(
        closed.is_ok(),
        "the server kept the connection open; it sent {:?}",
        String::from_utf8_lossy(&received)
    );
    received
}

/// Sends a whole request on `stream` and reads its answer (the health check
/// is small: it comes whole or not at all before the body's end).
async fn health_on(stream: &mut TcpStream) -> String {
    stream
        .write_all(b"GET /api/system/health HTTP/1.1\r\nHost: test\r\n\r\n")
        .await
        .unwrap();
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    while !String::from_utf8_lossy(&received).contains("\"status\":\"ok\"") {
        let n = tokio::time::timeout(PATIENCE, stream.read(&mut buf))
            .await
            .expect("an answer")
            .unwrap_or(0);
        if n == 0 {
            break;
        }
        received.extend_from_slice(&buf[..n]);
    }
    String::from_utf8_lossy(&received).into_owned()
}

#[tokio::test]
async fn a_client_that_stalls_before_its_headers_end_is_disconnected() {
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_HEADER_READ_TIMEOUT_SECONDS", "1")],
    )
    .await;
    let partial: [&[u8]; 3] = [
        // Half a header line, then nothing (slowloris).
        b"GET /api/system/health HTTP/1.1\r\nHost: test\r\nX-Slow: aaa",
        // The start of HTTP/2's preface, then nothing.
        b"PRI * HTTP/2.0\r\n",
        // Nothing at all.
        b"",
    ];
    let mut stalled = Vec::new();
    for bytes in partial {
        let mut stream = TcpStream::connect(address(&app)).await.unwrap();
        stream.write_all(bytes).await.unwrap();
        stalled.push(stream);
    }
    // A whole request is still answered meanwhile.
    let mut prompt = TcpStream::connect(address(&app)).await.unwrap();
    assert!(health_on(&mut prompt).await.starts_with("HTTP/1.1 200"));
    for mut stream in stalled {
        let answer = closed_by_server(&mut stream).await;
        assert!(
            !String::from_utf8_lossy(&answer).contains("200 OK"),
            "{answer:?}"
        );
    }
    // So is a kept-alive connection left idle.
    closed_by_server(&mut prompt).await;
}

#[tokio::test]
async fn connections_past_the_per_address_limit_are_closed_at_once() {
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_MAX_CONNECTIONS_PER_IP", "3")],
    )
    .await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut stream = TcpStream::connect(address(&app)).await.unwrap();
        assert!(health_on(&mut stream).await.starts_with("HTTP/1.1 200"));
        held.push(stream);
    }
    let mut extra = TcpStream::connect(address(&app)).await.unwrap();
    let _ = extra
        .write_all(b"GET /api/system/health HTTP/1.1\r\nHost: test\r\n\r\n")
        .await;
    let answer = closed_by_server(&mut extra).await;
    assert!(answer.is_empty(), "{:?}", String::from_utf8_lossy(&answer));
    // The held ones still work, and closing one makes room.
    assert!(health_on(&mut held[0]).await.starts_with("HTTP/1.1 200"));
    drop(held.pop());
    let mut again = None;
    for _ in 0..100 {
        let mut stream = TcpStream::connect(address(&app)).await.unwrap();
        if health_on(&mut stream).await.starts_with("HTTP/1.1 200") {
            again = Some(stream);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mut again = again.expect("room for a connection once one closed");
    again
        .write_all(b"GET /api/system/metrics HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let metrics = String::from_utf8_lossy(&closed_by_server(&mut again).await).into_owned();
    assert!(
        metrics.lines().any(
            |l| l.starts_with("agentforge_http_connections_refused_total ") && !l.ends_with(" 0")
        ),
        "{metrics}"
    );
}

#[tokio::test]
async fn streams_and_sockets_outlive_the_header_read_timeout() {
    let stand_in = StandIn::start().await;
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_HEADER_READ_TIMEOUT_SECONDS", "1"),
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &stand_in.base_url),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ],
    )
    .await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Patient"})).await;
    let mut live = socket(&app, &token).await;
    // Streamed in 200 pieces 20 ms apart: four times the timeout.
    let events = chat_stream(&app, &id, &token, json!({"message": "slow, please"})).await;
    assert_eq!(events.last().unwrap().0, "end", "{events:?}");
    assert!(
        events
            .iter()
            .any(|(_, e)| e.to_string().contains("more199")),
        "the whole answer arrived: {events:?}"
    );
    // The socket, open all that while, still carries events.
    let (status, body) = post(
        &app,
        &format!("/api/agents/{id}/chat"),
        &token,
        json!({"message": "still there?"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    loop {
        let event = next_event(&mut live).await;
        if event["type"] == "message.created"
            && event["message"]["content"] == "The stand-in answers: still there?"
        {
            break;
        }
    }
}
