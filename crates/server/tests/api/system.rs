use crate::helpers::{Engine, assert_error, for_each_engine};

#[tokio::test]
async fn health_checks_the_database_and_answers_ok() {
    for_each_engine(async |app| {
        let (status, body) = app.get_json("/api/system/health").await;
        assert_eq!(status, 200, "{:?}", app.engine);
        assert_eq!(
            body,
            serde_json::json!({"success": true, "data": {"status": "ok", "database": "ok"}})
        );
    })
    .await;
}

#[tokio::test]
async fn health_answers_503_when_the_database_is_gone() {
    for_each_engine(async |app| {
        app.store.clone().close().await.expect("close pool");
        let (status, body) = app.get_json("/api/system/health").await;
        assert_error(status, &body, 503, "service_unavailable");
    })
    .await;
}

#[tokio::test]
async fn status_reports_version_database_providers_and_flags() {
    for_each_engine(async |app| {
        let (status, body) = app.get_json("/api/system/status").await;
        assert_eq!(status, 200);
        let data = &body["data"];
        assert_eq!(data["version"], env!("CARGO_PKG_VERSION"));
        let expected_db = match app.engine {
            Engine::Sqlite => "sqlite",
            Engine::Postgres => "postgres",
        };
        assert_eq!(data["database"], expected_db);
        assert!(data["uptimeSeconds"].is_u64());
        assert_eq!(data["providers"]["llm"], "builtin");
        assert_eq!(data["providers"]["mail"], "outbox");
        assert_eq!(
            data["features"],
            serde_json::json!({"voiceProvider": false, "collaboration": false, "fileUpload": false})
        );
    })
    .await;
}

#[tokio::test]
async fn feature_flags_follow_the_configuration() {
    let app = crate::helpers::TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_FEATURE_FILE_UPLOAD", "true")],
    )
    .await;
    let (_, body) = app.get_json("/api/system/status").await;
    assert_eq!(body["data"]["features"]["fileUpload"], true);
    assert_eq!(body["data"]["features"]["collaboration"], false);
}

#[tokio::test]
async fn metrics_count_requests_by_route_and_status_and_show_the_pool() {
    for_each_engine(async |app| {
        app.get("/api/system/health").await;
        app.get("/api/system/health").await;
        app.get("/api/does-not-exist").await;
        let response = app.get("/api/system/metrics").await;
        assert_eq!(response.status(), 200);
        assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/plain; version=0.0.4"));
        let text = response.text().await.unwrap();
        assert!(
            text.contains(r#"agentforge_http_requests_total{method="GET",route="/api/system/health",status="200"} 2"#),
            "{text}"
        );
        assert!(text.contains(r#"agentforge_http_requests_total{method="GET",route="unmatched",status="404"} 1"#), "{text}");
        assert!(text.contains(r#"agentforge_http_request_duration_seconds_bucket{method="GET",route="/api/system/health",status="200",le="+Inf"} 2"#));
        assert!(text.contains("agentforge_db_pool_connections{database="), "{text}");
        assert!(text.contains("agentforge_db_pool_max_connections"), "{text}");
    })
    .await;
}
