use crate::helpers::{Engine, TestApp};

/// The committed openapi.json must match the code. Regenerate with `make openapi`.
#[test]
fn committed_openapi_document_is_up_to_date() {
    let generated = agentforge_server::openapi_json(&agentforge_server::openapi_document());
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../openapi.json");
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        generated == committed,
        "openapi.json is stale: run `make openapi` and commit the result"
    );
}

#[tokio::test]
async fn the_document_is_served_as_openapi_3_1() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let (status, document) = app.get_json("/api/openapi.json").await;
    assert_eq!(status, 200);
    assert!(document["openapi"].as_str().unwrap().starts_with("3.1"));
    assert!(document["paths"]["/system/health"]["get"].is_object());
    assert_eq!(document["servers"][0]["url"], "/api");
}

#[tokio::test]
async fn the_docs_page_loads_its_script_from_this_server() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let response = app.get("/api/docs").await;
    assert_eq!(response.status(), 200);
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    let html = response.text().await.unwrap();
    assert!(!html.contains("https://"), "no CDN: {html}");
    for script in ["/api/docs/assets/scalar.js", "/api/docs/init.js"] {
        assert!(html.contains(script));
        let response = app.get(script).await;
        assert_eq!(
            response.status(),
            200,
            "{script} (is the web app built? run `make web`)"
        );
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .contains("javascript")
        );
    }
}
