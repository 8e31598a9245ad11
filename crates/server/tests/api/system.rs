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
        // The test servers turn uploads and collaboration on (helpers.rs);
        // their defaults are off (configuration.rs).
        assert_eq!(
            data["features"],
            serde_json::json!({"voiceProvider": false, "collaboration": true, "fileUpload": true})
        );
    })
    .await;
}

#[tokio::test]
async fn feature_flags_follow_the_configuration() {
    let app = crate::helpers::TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_FEATURE_FILE_UPLOAD", "true"),
            ("AGENTFORGE_FEATURE_COLLABORATION", "false"),
        ],
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

#[tokio::test]
async fn metrics_labels_stay_bounded_under_made_up_methods_and_paths() {
    for_each_engine(async |app| {
        let before = app.get("/api/system/metrics").await.text().await.unwrap();
        for i in 0..300 {
            let method =
                reqwest::Method::from_bytes(format!("M{i}X{}", i * 7919).as_bytes()).unwrap();
            let path = format!("/api/no-{i}/{}", i * 31);
            let _ = app
                .client
                .request(method, app.url(&path))
                .send()
                .await
                .unwrap();
            let _ = app.get(&format!("/page-{i}")).await;
        }
        let text = app.get("/api/system/metrics").await.text().await.unwrap();
        let series = |text: &str| {
            text.lines()
                .filter(|l| l.starts_with("agentforge_http_requests_total{"))
                .count()
        };
        assert!(
            series(&text) <= series(&before) + 4,
            "{} series after 600 requests: {text}",
            series(&text)
        );
        assert!(
            text.contains(
                r#"agentforge_http_requests_total{method="other",route="unmatched",status="#
            ),
            "{text}"
        );
        assert!(!text.contains("M1X"), "no invented method is a label");
        assert!(!text.contains("/api/no-"), "no unmatched path is a label");
        assert!(text.len() < 64 * 1024, "{} bytes", text.len());
    })
    .await;
}

#[cfg(unix)]
#[tokio::test]
async fn a_fresh_data_dir_its_database_and_its_secret_key_are_private() {
    use std::os::unix::fs::PermissionsExt;
    let parent = tempfile::tempdir().unwrap();
    let data = parent.path().join("fresh").join("data");
    // The defaults: the SQLite file and a generated key, in the data dir.
    let env = [
        ("AGENTFORGE_HOST", "127.0.0.1".to_owned()),
        ("AGENTFORGE_PORT", "0".to_owned()),
        ("AGENTFORGE_DATA_DIR", data.display().to_string()),
    ]
    .map(|(k, v)| (k.to_owned(), v));
    let (config, _) = agentforge_server::Config::load(None, env).unwrap();
    // Migrating writes, so SQLite's side files exist too.
    let app = agentforge_server::Application::build(config).await.unwrap();
    let mode = |p: &std::path::Path| {
        std::fs::metadata(p)
            .unwrap_or_else(|e| panic!("{}: {e}", p.display()))
            .permissions()
            .mode()
            & 0o777
    };
    assert_eq!(mode(&data), 0o700, "the data dir");
    assert_eq!(mode(&data.join("agentforge.db")), 0o600, "the database");
    assert_eq!(mode(&data.join("secret.key")), 0o600, "the secret key");
    for side in ["agentforge.db-wal", "agentforge.db-shm"] {
        let path = data.join(side);
        if path.exists() {
            assert_eq!(mode(&path), 0o600, "{side}");
        }
    }
    drop(app);
}
