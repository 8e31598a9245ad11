//! What the API tests build: real PDF and DOCX files, a reader of
//! server-sent events, the realtime socket, and an OpenAI-compatible
//! stand-in provider.

use std::io::Write;
use std::time::Duration;

use futures_util::StreamExt;
use serde_json::{Value, json};

use tokio_tungstenite::tungstenite::Message as Frame;

use crate::helpers::{PASSWORD, TestApp};

pub use agentforge_testkit::pdf;

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

/// Signs up `email`, has its address verified (as opening the emailed link
/// does) and returns its access token.
pub async fn sign_up(app: &TestApp, email: &str) -> String {
    let token = sign_up_unverified(app, email).await;
    mark_verified(app, email).await;
    token
}

/// Signs up `email`, leaving its address unverified, and returns its access
/// token.
pub async fn sign_up_unverified(app: &TestApp, email: &str) -> String {
    app.register(email, PASSWORD).await["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// Marks the address of `email`'s account verified, as opening the link of
/// its verification email does.
pub async fn mark_verified(app: &TestApp, email: &str) {
    let email = agentforge_domain::Email::parse(email).unwrap();
    let user = app.store.users().find_by_email(&email).await.unwrap();
    let user = user.unwrap_or_else(|| panic!("no account for {email:?}"));
    app.store
        .users()
        .mark_email_verified(&user.id)
        .await
        .unwrap();
}

/// Creates an agent and returns its id.
pub async fn agent(app: &TestApp, token: &str, body: Value) -> String {
    let (status, created) = app
        .send_json(reqwest::Method::POST, "/api/agents", Some(token), &body)
        .await;
    assert_eq!(status, 201, "{created}");
    created["data"]["id"].as_str().unwrap().to_owned()
}

/// An active agent with a version deployed to production (where the
/// public channels answer from).
pub async fn deployed_agent(app: &TestApp, token: &str, name: &str) -> String {
    let id = agent(
        app,
        token,
        json!({"name": name, "status": "active", "greeting": "Hi", "description": format!("{name} answers")}),
    )
    .await;
    let (status, body) = post(
        app,
        &format!("/api/agents/{id}/deploy"),
        token,
        json!({"environment": "production"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    id
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
    send_form(app, path, token, form).await
}

/// Posts a multipart form as it is to `path`.
pub async fn send_form(
    app: &TestApp,
    path: &str,
    token: &str,
    form: reqwest::multipart::Form,
) -> (u16, Value) {
    let request = app
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .multipart(form);
    let response = app.send_noted(request, reqwest::Method::POST, path).await;
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
            let data: Value = serde_json::from_str(&event.data).unwrap();
            // Every event is one of the document's `ChatStreamEvent` frames.
            let frame = serde_json::json!({"event": event.event, "data": data});
            if let Err(e) = serde_json::from_value::<agentforge_server::dto::ChatStreamEvent>(frame)
            {
                panic!("`{}` is not the documented event: {e}", event.event);
            }
            events.push((event.event, data));
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

/// The stand-in model provider (the testkit's), as the API tests use it:
/// `base_url` is its OpenAI-compatible endpoint, `requests` what it got.
pub struct StandIn {
    pub base_url: String,
    inner: agentforge_testkit::ProviderStandIn,
}

impl StandIn {
    pub async fn start() -> Self {
        let inner = agentforge_testkit::ProviderStandIn::start().await;
        Self {
            base_url: inner.openai_url(),
            inner,
        }
    }

    pub fn requests(&self) -> Vec<Value> {
        self.inner.requests()
    }
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
