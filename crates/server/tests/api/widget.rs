//! The embeddable widget's settings and public API, on both engines: off
//! until enabled, only for allowed origins (exact match, CORS for that
//! origin alone), the visitor's conversation kept across reloads and never
//! readable by another visitor, limits per visitor.

use agentforge_server::dto::*;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{deployed_agent, sign_up};
use crate::helpers::{TestApp, for_each_engine};

const SHOP: &str = "https://shop.example.com";
const VISITOR: &str = "v_0123456789abcdef0123";
const OTHER_VISITOR: &str = "v_fedcba9876543210fedc";

fn settings(origins: &[&str]) -> WidgetSettingsIo {
    WidgetSettingsIo {
        enabled: true,
        allowed_origins: origins.iter().map(|o| (*o).to_owned()).collect(),
        color: "#0EA5E9".into(),
        position: WidgetPosition::BottomLeft,
        icon: WidgetIcon::Help,
        title: "Shop help".into(),
        avatar_url: None,
        greeting: String::new(),
        suggested_questions: vec!["What are your hours?".into(), " ".into()],
        visitor_messages_per_minute: 3,
        ip_messages_per_minute: 30,
    }
}

/// A request from a page at `origin`.
async fn from_page(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    origin: Option<&str>,
    body: Option<Value>,
) -> (u16, reqwest::header::HeaderMap, Value) {
    let mut request = app.client.request(method, app.url(path));
    if let Some(origin) = origin {
        request = request.header("origin", origin);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let text = response.text().await.unwrap();
    (
        status,
        headers,
        serde_json::from_str(&text).unwrap_or(Value::Null),
    )
}

fn allowed_origin(headers: &reqwest::header::HeaderMap) -> Option<&str> {
    headers
        .get("access-control-allow-origin")
        .and_then(|v| v.to_str().ok())
}

#[tokio::test]
async fn the_widget_answers_only_when_on_and_only_to_allowed_sites() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let eve = sign_up(&app, "eve@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Shop assistant").await;
        let api = app.api(&ada);
        let config = format!("/api/widget/{agent_id}/config");

        // Off until saved: nothing to see, from anywhere.
        let widget = api.get_widget(&agent_id).await.value();
        assert!(!widget.settings.enabled);
        assert!(widget.ready);
        assert!(
            widget
                .snippet
                .contains(&format!("data-agent-id=\"{agent_id}\""))
        );
        assert!(widget.snippet.contains("/widget.js"));
        let (status, _, body) =
            from_page(&app, reqwest::Method::GET, &config, Some(SHOP), None).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("agent_not_found"))
        );

        // Bad settings name their fields and change nothing.
        let mut bad = settings(&["shop.example.com", SHOP]);
        bad.color = "blue".into();
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/agents/{agent_id}/widget"),
                Some(&ada),
                &serde_json::to_value(&bad).unwrap(),
            )
            .await;
        assert_eq!(status, 422);
        let fields: Vec<&str> = body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["allowedOrigins.0", "color"]);
        // Not an editor of the agent: not found.
        app.api(&eve)
            .put_widget(&agent_id, &settings(&[SHOP]))
            .await
            .unwrap_err()
            .expect(404, "agent_not_found");

        let saved = api
            .put_widget(&agent_id, &settings(&["https://Shop.Example.com/"]))
            .await
            .value();
        assert_eq!(saved.settings.allowed_origins, [SHOP]);
        assert_eq!(saved.settings.color, "#0ea5e9");
        assert_eq!(saved.settings.suggested_questions, ["What are your hours?"]);
        assert!(!app.audit("widget.update").await.is_empty());

        // The allowed site sees its face, with CORS for it alone.
        let (status, headers, body) =
            from_page(&app, reqwest::Method::GET, &config, Some(SHOP), None).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(allowed_origin(&headers), Some(SHOP));
        assert_eq!(body["data"]["title"], "Shop help");
        assert_eq!(body["data"]["greeting"], "Hi");
        assert_eq!(body["data"]["position"], "bottom-left");
        // Others, and requests without an origin, are refused without CORS.
        for origin in [
            Some("https://evil.example"),
            Some("https://shop.example.com.evil.example"),
            Some("http://shop.example.com"),
            None,
        ] {
            let (status, headers, body) =
                from_page(&app, reqwest::Method::GET, &config, origin, None).await;
            assert_eq!(
                (status, body["error"].as_str()),
                (403, Some("origin_not_allowed")),
                "{origin:?}"
            );
            assert_eq!(allowed_origin(&headers), None);
        }
        // A browser's preflight: yes for the shop, no for others.
        let (status, headers, _) = from_page(
            &app,
            reqwest::Method::OPTIONS,
            &format!("/api/widget/{agent_id}/chat"),
            Some(SHOP),
            None,
        )
        .await;
        assert_eq!(status, 204);
        assert_eq!(allowed_origin(&headers), Some(SHOP));
        assert!(
            headers["access-control-allow-methods"]
                .to_str()
                .unwrap()
                .contains("POST")
        );
        let (status, headers, _) = from_page(
            &app,
            reqwest::Method::OPTIONS,
            &format!("/api/widget/{agent_id}/chat"),
            Some("https://evil.example"),
            None,
        )
        .await;
        assert_eq!(status, 403);
        assert_eq!(allowed_origin(&headers), None);

        // Turned off: gone again.
        let mut off = settings(&[SHOP]);
        off.enabled = false;
        api.put_widget(&agent_id, &off).await.value();
        let (status, _, _) = from_page(&app, reqwest::Method::GET, &config, Some(SHOP), None).await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn visitors_keep_their_own_conversation_and_no_one_else_s() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Shop assistant").await;
        app.api(&ada).put_widget(&agent_id, &settings(&[SHOP])).await.value();
        let chat = format!("/api/widget/{agent_id}/chat");
        let history = |visitor: &str| format!("/api/widget/{agent_id}/history?visitorId={visitor}");

        // A new visitor has no history.
        let (status, _, body) = from_page(&app, reqwest::Method::GET, &history(VISITOR), Some(SHOP), None).await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["conversationId"], Value::Null);

        let (status, headers, first) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": VISITOR, "message": "What are your hours?"}))).await;
        assert_eq!(status, 200, "{first}");
        assert_eq!(allowed_origin(&headers), Some(SHOP));
        let conversation = first["data"]["conversationId"].as_str().unwrap().to_owned();
        // The next message goes on in the same conversation, even without its id.
        let (_, _, second) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": VISITOR, "message": "And on Sunday?"}))).await;
        assert_eq!(second["data"]["conversationId"], conversation.as_str());

        // After a reload, the history is there: on the widget channel.
        let (_, _, body) = from_page(&app, reqwest::Method::GET, &history(VISITOR), Some(SHOP), None).await;
        assert_eq!(body["data"]["conversationId"], conversation.as_str());
        assert_eq!(body["data"]["messages"].as_array().unwrap().len(), 4);
        let (_, owner_view) = app.get_as(&format!("/api/conversations/{conversation}"), &ada).await;
        assert_eq!(owner_view["data"]["channel"], "widget");

        // Another visitor sees nothing of it, and cannot write into it.
        let (_, _, body) = from_page(&app, reqwest::Method::GET, &history(OTHER_VISITOR), Some(SHOP), None).await;
        assert_eq!(body["data"]["messages"].as_array().unwrap().len(), 0);
        let (status, _, body) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": OTHER_VISITOR, "message": "hi", "conversationId": conversation}))).await;
        assert_eq!((status, body["error"].as_str()), (404, Some("conversation_not_found")));

        // Visitor ids have a shape; each visitor has a budget (3 a minute here).
        let (status, _, body) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": "me", "message": "hi"}))).await;
        assert_eq!((status, body["errors"][0]["field"].as_str()), (422, Some("visitorId")));
        let (status, _, _) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": VISITOR, "message": "third"}))).await;
        assert_eq!(status, 200);
        let (status, headers, body) = from_page(&app, reqwest::Method::POST, &chat, Some(SHOP), Some(json!({"visitorId": VISITOR, "message": "fourth"}))).await;
        assert_eq!((status, body["error"].as_str()), (429, Some("rate_limited")));
        // The page can read why.
        assert_eq!(allowed_origin(&headers), Some(SHOP));

        // Streamed, as the widget asks for it.
        let response = app
            .client
            .post(app.url(&chat))
            .header("origin", SHOP)
            .header("accept", "text/event-stream")
            .json(&json!({"visitorId": "v_streaming0123456789", "message": "Hello"}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(response.headers()["access-control-allow-origin"], SHOP);
        let text = response.text().await.unwrap();
        assert!(text.contains("event: start") && text.contains("event: end"), "{text}");
    })
    .await;
}
