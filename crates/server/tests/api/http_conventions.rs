use crate::helpers::{Engine, TestApp, assert_error, for_each_engine};

#[tokio::test]
async fn unknown_api_routes_answer_404_in_the_error_shape() {
    for_each_engine(async |app| {
        for path in ["/api/nothing-here", "/api/system/nope", "/api", "/api/"] {
            let (status, body) = app.get_json(path).await;
            assert_error(status, &body, 404, "route_not_found");
        }
    })
    .await;
}

#[tokio::test]
async fn a_wrong_method_answers_405_in_the_error_shape() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let response = app
        .client
        .delete(app.url("/api/system/health"))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 405);
    assert!(response.headers().contains_key("allow"));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_error(405, &body, 405, "method_not_allowed");
}

#[tokio::test]
async fn every_answer_carries_a_request_id_and_keeps_the_callers() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let response = app.get("/api/system/health").await;
    let generated = response.headers()["x-request-id"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(generated.len(), 36, "a UUID: {generated}");
    let response = app
        .client
        .get(app.url("/api/nope"))
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], "trace-me-42");
}

#[tokio::test]
async fn security_headers_are_set_on_api_and_app_answers() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    for path in ["/api/system/health", "/"] {
        let response = app.get(path).await;
        let headers = response.headers();
        assert_eq!(headers["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(headers["x-frame-options"], "DENY", "{path}");
        assert!(
            headers["content-security-policy"]
                .to_str()
                .unwrap()
                .contains("default-src 'self'"),
            "{path}"
        );
        assert!(headers.contains_key("referrer-policy"), "{path}");
    }
}

#[tokio::test]
async fn cors_is_off_by_default_and_follows_the_configured_origins() {
    let closed = TestApp::spawn(Engine::Sqlite, &[]).await;
    let response = closed
        .client
        .get(closed.url("/api/system/health"))
        .header("origin", "https://elsewhere.example")
        .send()
        .await
        .unwrap();
    assert!(
        !response
            .headers()
            .contains_key("access-control-allow-origin")
    );

    let open = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_CORS_ALLOWED_ORIGINS", "https://app.example")],
    )
    .await;
    let preflight = open
        .client
        .request(reqwest::Method::OPTIONS, open.url("/api/system/health"))
        .header("origin", "https://app.example")
        .header("access-control-request-method", "GET")
        .send()
        .await
        .unwrap();
    assert_eq!(
        preflight.headers()["access-control-allow-origin"],
        "https://app.example"
    );
    let other = open
        .client
        .get(open.url("/api/system/health"))
        .header("origin", "https://evil.example")
        .send()
        .await
        .unwrap();
    assert!(!other.headers().contains_key("access-control-allow-origin"));
}

#[tokio::test]
async fn large_answers_are_compressed_when_the_client_accepts_it() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let response = app
        .client
        .get(app.url("/api/openapi.json"))
        .header("accept-encoding", "gzip")
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["content-encoding"], "gzip");
}
