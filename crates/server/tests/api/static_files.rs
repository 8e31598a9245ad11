use crate::helpers::{Engine, TestApp, assert_error};

const LANGUAGES: [&str; 12] = [
    "en", "zh", "ja", "es", "ar", "ko", "fr", "de", "ru", "pt", "da", "id",
];
const NAMESPACES: [&str; 8] = [
    "common",
    "home",
    "dashboard",
    "admin",
    "legal",
    "landing",
    "agents",
    "login",
];

#[tokio::test]
async fn every_language_and_namespace_is_served_as_json() {
    assert_eq!(agentforge_server::LANGUAGES, LANGUAGES);
    assert_eq!(agentforge_server::NAMESPACES, NAMESPACES);
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    for lang in LANGUAGES {
        for ns in NAMESPACES {
            let path = format!("/locales/{lang}/{ns}.json");
            let response = app.get(&path).await;
            assert_eq!(response.status(), 200, "{path}");
            assert!(
                response.headers()["content-type"]
                    .to_str()
                    .unwrap()
                    .starts_with("application/json"),
                "{path}"
            );
            let body: serde_json::Value = response
                .json()
                .await
                .unwrap_or_else(|e| panic!("{path}: {e}"));
            assert!(
                body.as_object().is_some_and(|o| !o.is_empty()),
                "{path} is empty"
            );
        }
    }
}

#[tokio::test]
async fn unknown_languages_and_namespaces_answer_404_in_the_error_shape() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let cases = [
        ("/locales/xx/common.json", "unknown_language"),
        ("/locales/en/nope.json", "unknown_namespace"),
        ("/locales/en/common.txt", "unknown_namespace"),
        ("/locales/en", "not_found"),
        ("/locales/en/a/b.json", "not_found"),
    ];
    for (path, code) in cases {
        let (status, body) = app.get_json(path).await;
        assert_error(status, &body, 404, code);
    }
}

#[tokio::test]
async fn translations_revalidate_with_etags() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let first = app.get("/locales/en/common.json").await;
    let etag = first.headers()["etag"].to_str().unwrap().to_owned();
    let again = app
        .client
        .get(app.url("/locales/en/common.json"))
        .header("if-none-match", &etag)
        .send()
        .await
        .unwrap();
    assert_eq!(again.status(), 304);
}

#[tokio::test]
async fn client_routes_answer_the_app_and_hashed_assets_cache_forever() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let index = app.get("/").await;
    assert_eq!(index.status(), 200, "is the web app built? run `make web`");
    assert_eq!(index.headers()["cache-control"], "no-cache");
    let html = index.text().await.unwrap();
    assert!(html.contains("id=\"root\""), "{html}");

    for path in ["/dashboard/agents", "/no/such/page", "/login?expired=true"] {
        let response = app.get(path).await;
        assert_eq!(response.status(), 200, "{path}");
        assert_eq!(
            response.text().await.unwrap(),
            html,
            "{path} answers index.html"
        );
    }

    let asset = html
        .split('"')
        .find(|s| s.starts_with("/assets/") && s.ends_with(".js"))
        .expect("index.html links a hashed script");
    let response = app.get(asset).await;
    assert_eq!(response.status(), 200);
    assert_eq!(
        response.headers()["cache-control"],
        "public, max-age=31536000, immutable"
    );
    assert!(
        response.headers()["content-type"]
            .to_str()
            .unwrap()
            .contains("javascript")
    );

    assert_eq!(app.get("/assets/missing-0123.js").await.status(), 404);
    assert_eq!(
        app.client
            .post(app.url("/dashboard"))
            .send()
            .await
            .unwrap()
            .status(),
        405
    );
}

#[tokio::test]
async fn precompressed_assets_are_sent_to_browsers_that_accept_them() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let html = app.get("/").await.text().await.unwrap();
    let asset = html
        .split('"')
        .find(|s| s.starts_with("/assets/") && s.ends_with(".js"))
        .expect("a hashed script");
    let plain = app
        .client
        .get(app.url(asset))
        .header("accept-encoding", "identity")
        .send()
        .await
        .unwrap();
    assert!(plain.headers().get("content-encoding").is_none());
    let plain_len = plain.bytes().await.unwrap().len();
    for (accept, expected) in [
        ("gzip, deflate, br", "br"),
        ("gzip", "gzip"),
        ("br;q=0, gzip", "gzip"),
    ] {
        let response = app
            .client
            .get(app.url(asset))
            .header("accept-encoding", accept)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert_eq!(response.headers()["content-encoding"], expected, "{accept}");
        assert_eq!(response.headers()["vary"], "accept-encoding");
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .contains("javascript")
        );
        assert!(
            response.bytes().await.unwrap().len() < plain_len,
            "{accept}: compressed"
        );
    }
}
