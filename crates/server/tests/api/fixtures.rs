//! What the API tests build: real PDF and DOCX files, a reader of
//! server-sent events, the realtime socket, and an OpenAI-compatible
//! stand-in provider.

use std::io::Write;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::body::Body;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde_json::{Value, json};

use tokio_tungstenite::tungstenite::Message as Frame;

use crate::helpers::{PASSWORD, TestApp};

/// A one-page PDF whose page shows `lines` in Helvetica, with a correct
/// cross-reference table.
pub fn pdf(lines: &[&str]) -> Vec<u8> {
    let mut content = String::from("BT /F1 12 Tf 72 720 Td 14 TL\n");
    for line in lines {
        let escaped = line
            .replace('\\', "\\\\")
            .replace('(', "\\(")
            .replace(')', "\\)");
        content.push_str(&format!("({escaped}) Tj T*\n"));
    }
    content.push_str("ET");
    let objects = [
        "<< /Type /Catalog /Pages 2 0 R >>".to_owned(),
        "<< /Type /Pages /Kids [3 0 R] /Count 1 >>".to_owned(),
        "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>".to_owned(),
        format!("<< /Length {} >>\nstream\n{content}\nendstream", content.len()),
        "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>".to_owned(),
    ];
    let mut out = b"%PDF-1.4\n".to_vec();
    let mut offsets = Vec::new();
    for (i, object) in objects.iter().enumerate() {
        offsets.push(out.len());
        out.extend_from_slice(format!("{} 0 obj\n{object}\nendobj\n", i + 1).as_bytes());
    }
    let xref = out.len();
    out.extend_from_slice(
        format!("xref\n0 {}\n0000000000 65535 f \n", objects.len() + 1).as_bytes(),
    );
    for offset in offsets {
        out.extend_from_slice(format!("{offset:010} 00000 n \n").as_bytes());
    }
    out.extend_from_slice(
        format!(
            "trailer\n<< /Size {} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n",
            objects.len() + 1
        )
        .as_bytes(),
    );
    out
}

/// A Word document with one paragraph per entry of `paragraphs`.
pub fn docx(paragraphs: &[&str]) -> Vec<u8> {
    let body: String = paragraphs
        .iter()
        .map(|p| {
            format!(
                "<w:p><w:r><w:t xml:space=\"preserve\">{}</w:t></w:r></w:p>",
                p.replace('&', "&amp;").replace('<', "&lt;")
            )
        })
        .collect();
    let files = [
        ("[Content_Types].xml", r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>"#.to_owned()),
        ("_rels/.rels", r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>"#.to_owned()),
        ("word/document.xml", format!(r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body>{body}</w:body></w:document>"#)),
    ];
    let mut buffer = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut buffer);
        let options = zip::write::SimpleFileOptions::default();
        for (name, text) in files {
            zip.start_file(name, options).unwrap();
            zip.write_all(text.as_bytes()).unwrap();
        }
        zip.finish().unwrap();
    }
    buffer.into_inner()
}

/// Signs up `email` and returns its access token.
pub async fn sign_up(app: &TestApp, email: &str) -> String {
    app.register(email, PASSWORD).await["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Creates an agent and returns its id.
pub async fn agent(app: &TestApp, token: &str, body: Value) -> String {
    let (status, created) = app
        .send_json(reqwest::Method::POST, "/api/agents", Some(token), &body)
        .await;
    assert_eq!(status, 201, "{created}");
    created["data"]["id"].as_str().unwrap().to_owned()
}

pub async fn post(app: &TestApp, path: &str, token: &str, body: Value) -> (u16, Value) {
    app.send_json(reqwest::Method::POST, path, Some(token), &body)
        .await
}

/// Uploads files in one multipart form to `path`.
pub async fn upload(
    app: &TestApp,
    path: &str,
    token: &str,
    agent_id: Option<&str>,
    files: &[(&str, Vec<u8>)],
) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new();
    if let Some(agent_id) = agent_id {
        form = form.text("agentId", agent_id.to_owned());
    }
    for (name, bytes) in files {
        form = form.part(
            "file",
            reqwest::multipart::Part::bytes(bytes.clone()).file_name((*name).to_owned()),
        );
    }
    let response = app
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .multipart(form)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

/// Sends a streamed chat turn and reads every event: (name, data).
pub async fn chat_stream(
    app: &TestApp,
    agent_id: &str,
    token: &str,
    body: Value,
) -> Vec<(String, Value)> {
    let response = app
        .client
        .post(app.url(&format!("/api/agents/{agent_id}/chat")))
        .bearer_auth(token)
        .header("accept", "text/event-stream")
        .json(&body)
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/event-stream")
    );
    let mut decoder = agentforge_llm::SseDecoder::new();
    let mut events = Vec::new();
    let mut bytes = response.bytes_stream();
    while let Some(chunk) = bytes.next().await {
        for event in decoder.push(&chunk.unwrap()) {
            events.push((event.event, serde_json::from_str(&event.data).unwrap()));
        }
    }
    events
}

/// Polls until `check` holds (a background write lands), at most 5 s.
pub async fn eventually<F, Fut>(mut check: F)
where
    F: FnMut() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    for _ in 0..100 {
        if check().await {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("condition never held");
}

/// An OpenAI-compatible provider: answers "The stand-in answers: <question>"
/// in pieces, slowly when the question says "slow" (whole: after 1.5 s); refuses keys other than
/// `good-key`. Keeps every request body it gets.
pub struct StandIn {
    pub base_url: String,
    pub requests: Arc<Mutex<Vec<Value>>>,
}

impl StandIn {
    pub async fn start() -> Self {
        let requests: Arc<Mutex<Vec<Value>>> = Arc::default();
        let seen = requests.clone();
        let router = axum::Router::new().route(
            "/v1/chat/completions",
            axum::routing::post(move |headers: HeaderMap, body: axum::Json<Value>| {
                let seen = seen.clone();
                async move { completions(seen, headers, body.0).await }
            }),
        );
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let address = listener.local_addr().unwrap();
        tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
        Self {
            base_url: format!("http://{address}/v1"),
            requests,
        }
    }
}

async fn completions(seen: Arc<Mutex<Vec<Value>>>, headers: HeaderMap, body: Value) -> Response {
    seen.lock().unwrap().push(body.clone());
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer good-key") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}})),
        )
            .into_response();
    }
    let question = body["messages"]
        .as_array()
        .and_then(|m| m.last())
        .and_then(|m| m["content"].as_str())
        .unwrap_or_default()
        .to_owned();
    let answer = format!("The stand-in answers: {question}");
    let slow = question.contains("slow");
    if body["stream"] != true {
        if slow {
            tokio::time::sleep(Duration::from_millis(1500)).await;
        }
        return axum::Json(json!({
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}],
            "usage": {"prompt_tokens": 42, "completion_tokens": 7}
        }))
        .into_response();
    }
    let mut chunks: Vec<String> = answer
        .split_inclusive(' ')
        .map(|w| json!({"choices": [{"index": 0, "delta": {"content": w}}]}).to_string())
        .collect();
    if slow {
        // Long enough that a client leaving early cuts it short.
        chunks.extend((0..200).map(|i| {
            json!({"choices": [{"index": 0, "delta": {"content": format!(" more{i}")}}]})
                .to_string()
        }));
    }
    chunks.push(
        json!({"choices": [], "usage": {"prompt_tokens": 42, "completion_tokens": 7}}).to_string(),
    );
    chunks.push("[DONE]".to_owned());
    let stream = futures_util::stream::iter(chunks).then(move |chunk| async move {
        if slow {
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
        Ok::<_, std::io::Error>(format!("data: {chunk}\n\n"))
    });
    Response::builder()
        .header("content-type", "text/event-stream")
        .body(Body::from_stream(stream))
        .unwrap()
}

pub type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens the realtime socket as `token`'s user and waits for `ready`.
pub async fn socket(app: &TestApp, token: &str) -> Socket {
    let url = format!(
        "{}/ws?token={token}",
        app.address.replace("http://", "ws://")
    );
    let (mut socket, _) = tokio_tungstenite::connect_async(url).await.unwrap();
    let ready = next_event(&mut socket).await;
    assert_eq!(ready["type"], "ready");
    socket
}

/// The next JSON event on the socket, within 5 s.
pub async fn next_event(socket: &mut Socket) -> Value {
    loop {
        let frame = tokio::time::timeout(Duration::from_secs(5), socket.next())
            .await
            .expect("an event within 5 s")
            .unwrap()
            .unwrap();
        if let Frame::Text(text) = frame {
            return serde_json::from_str(&text).unwrap();
        }
    }
}

/// The events up to and including the first of type `until`.
pub async fn events_until(socket: &mut Socket, until: &str) -> Vec<Value> {
    let mut events = Vec::new();
    loop {
        let event = next_event(socket).await;
        let done = event["type"] == until;
        events.push(event);
        if done {
            return events;
        }
    }
}
