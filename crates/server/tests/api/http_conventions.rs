use crate::client::Expected;
use crate::helpers::{Engine, TestApp, assert_error, for_each_engine};
use serde_json::json;

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

/// The field a 422 names first.
fn invalid_field(status: u16, body: &serde_json::Value) -> String {
    assert_error(status, body, 422, "validation_failed");
    body["errors"][0]["field"]
        .as_str()
        .unwrap_or_default()
        .to_owned()
}

#[tokio::test]
async fn nul_characters_and_huge_page_numbers_are_422_naming_the_field_on_both_engines() {
    for_each_engine(async |app| {
        let token = crate::fixtures::sign_up(&app, "nul@example.com").await;
        let agent = crate::fixtures::agent(&app, &token, json!({"name": "Plain"})).await;
        let team = crate::fixtures::post(&app, "/api/teams", &token, json!({"name": "Crew"}))
            .await
            .1["data"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        for list in [
            "/api/agents".to_owned(),
            "/api/conversations".to_owned(),
            format!("/api/agents/{agent}/conversations"),
        ] {
            for page in ["99999999999", "18446744073709551615", "0"] {
                let (status, body) = app.get_as(&format!("{list}?page={page}"), &token).await;
                assert_eq!(invalid_field(status, &body), "page", "{list}?page={page}");
            }
            let (status, body) = app.get_as(&format!("{list}?limit=100000"), &token).await;
            assert_eq!(invalid_field(status, &body), "limit", "{list}");
            let (status, body) = app.get_as(&format!("{list}?search=a%00b"), &token).await;
            assert_eq!(invalid_field(status, &body), "search", "{list}");
        }
        let nul = "a\u{0}b";
        let writes = [
            (
                "POST",
                "/api/agents".to_owned(),
                json!({"name": nul}),
                "name",
            ),
            (
                "PUT",
                format!("/api/agents/{agent}"),
                json!({"instructions": nul}),
                "instructions",
            ),
            (
                "POST",
                format!("/api/agents/{agent}/chat"),
                json!({"message": nul}),
                "message",
            ),
            (
                "PUT",
                "/api/settings/profile".to_owned(),
                json!({"firstName": nul}),
                "firstName",
            ),
            (
                "POST",
                "/api/teams".to_owned(),
                json!({"name": nul}),
                "name",
            ),
            (
                "PUT",
                format!("/api/teams/{team}"),
                json!({"description": nul}),
                "description",
            ),
            (
                "POST",
                format!("/api/teams/{team}/notify"),
                json!({"message": nul}),
                "message",
            ),
            (
                "POST",
                "/api/personalities".to_owned(),
                json!({"name": nul, "description": "", "tone": "calm", "traits": []}),
                "name",
            ),
        ];
        for (method, path, body, field) in writes {
            let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
            let (status, answer) = app.send_json(method, &path, Some(&token), &body).await;
            assert_eq!(invalid_field(status, &answer), field, "{path}: {answer}");
        }
        // Nothing of it was stored.
        let (_, agents) = app.get_as("/api/agents", &token).await;
        assert_eq!(agents["meta"]["total"], 1, "{agents}");
        let (_, conversations) = app.get_as("/api/conversations", &token).await;
        assert_eq!(conversations["meta"]["total"], 0, "{conversations}");
    })
    .await;
}

#[tokio::test]
async fn names_refuse_control_and_text_direction_characters() {
    for_each_engine(async |app| {
        let token = crate::fixtures::sign_up(&app, "bidi@example.com").await;
        let agent = crate::fixtures::agent(&app, &token, json!({"name": "Plain"})).await;
        // "Invoice\u{202E}fdp.exe" shows as "Invoiceexe.pdf".
        for name in [
            "Invoice\u{202E}fdp.exe",
            "Tab\u{2067}le",
            "Red\u{1b}[31m",
            "Bell\u{7}",
        ] {
            let writes = [
                (
                    "POST",
                    "/api/agents".to_owned(),
                    json!({"name": name}),
                    "name",
                ),
                (
                    "PUT",
                    format!("/api/agents/{agent}"),
                    json!({"name": name}),
                    "name",
                ),
                (
                    "PUT",
                    "/api/settings/profile".to_owned(),
                    json!({"firstName": name}),
                    "firstName",
                ),
                (
                    "PUT",
                    "/api/settings/profile".to_owned(),
                    json!({"lastName": name}),
                    "lastName",
                ),
                (
                    "POST",
                    "/api/teams".to_owned(),
                    json!({"name": name}),
                    "name",
                ),
                (
                    "POST",
                    "/api/personalities".to_owned(),
                    json!({"name": name, "description": "", "tone": "calm", "traits": []}),
                    "name",
                ),
            ];
            for (method, path, body, field) in writes {
                let method = reqwest::Method::from_bytes(method.as_bytes()).unwrap();
                let (status, answer) = app.send_json(method, &path, Some(&token), &body).await;
                assert_eq!(
                    invalid_field(status, &answer),
                    field,
                    "{path} {name:?}: {answer}"
                );
            }
            let file = format!("{name}.txt");
            let (status, answer) = crate::fixtures::upload(
                &app,
                "/api/upload/document",
                &token,
                Some(&agent),
                &[(file.as_str(), b"Refunds take 14 days.".to_vec())],
            )
            .await;
            if name.contains(char::is_control) {
                // Raw control characters in a part's header already fail
                // the form itself.
                assert!(matches!(status, 400 | 422), "{name:?}: {answer}");
            } else {
                assert_eq!(invalid_field(status, &answer), "file", "{name:?}: {answer}");
            }
        }
        let (_, documents) = app
            .get_as(&format!("/api/agents/{agent}/documents"), &token)
            .await;
        assert_eq!(
            documents["data"].as_array().map(Vec::len),
            Some(0),
            "{documents}"
        );
        // Right-to-left names themselves are welcome.
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/agents/{agent}"),
                Some(&token),
                &json!({"name": "مساعد المبيعات"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (_, agents) = app.get_as("/api/agents", &token).await;
        assert_eq!(agents["meta"]["total"], 1, "{agents}");
        let (_, teams) = app.get_as("/api/teams", &token).await;
        assert_eq!(teams["data"].as_array().map(Vec::len), Some(0), "{teams}");
    })
    .await;
}

#[tokio::test]
async fn a_request_id_that_is_not_short_and_plain_is_replaced_by_a_generated_one() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let long = "x".repeat(65);
    let forged: [&[u8]; 5] = [
        // A fake end of the field and fields of its own, in a text log line.
        b"abc\" level=ERROR message=\"admin signed in",
        b"two words",
        long.as_bytes(),
        "\u{fc}nicode".as_bytes(),
        b"semi;colon",
    ];
    for id in forged {
        let response = app
            .client
            .get(app.url("/api/system/health"))
            .header(
                "x-request-id",
                reqwest::header::HeaderValue::from_bytes(id).unwrap(),
            )
            .send()
            .await
            .unwrap();
        let echoed = response.headers()["x-request-id"].to_str().unwrap();
        assert!(
            uuid::Uuid::parse_str(echoed).is_ok(),
            "{:?} came back as {echoed:?}",
            String::from_utf8_lossy(id)
        );
    }
    // Two ids: neither is believed.
    let response = app
        .client
        .get(app.url("/api/system/health"))
        .header("x-request-id", "one")
        .header("x-request-id", "two")
        .send()
        .await
        .unwrap();
    let echoed = response.headers()["x-request-id"].to_str().unwrap();
    assert!(uuid::Uuid::parse_str(echoed).is_ok(), "{echoed}");
    // Terminal escapes and line breaks cannot even reach the log.
    let mut stream = tokio::net::TcpStream::connect(app.address.trim_start_matches("http://"))
        .await
        .unwrap();
    tokio::io::AsyncWriteExt::write_all(
        &mut stream,
        b"GET /api/system/health HTTP/1.1\r\nHost: test\r\nX-Request-Id: \x1b[2J\x1b[31mred\rforged\r\nConnection: close\r\n\r\n",
    )
    .await
    .unwrap();
    let mut answer = Vec::new();
    let _ = tokio::io::AsyncReadExt::read_to_end(&mut stream, &mut answer).await;
    assert!(
        !answer.contains(&0x1b),
        "{:?}",
        String::from_utf8_lossy(&answer)
    );
    // A short, plain one is kept.
    let plain = format!("trace.me_42-{}", "a".repeat(52));
    assert_eq!(plain.len(), 64);
    let response = app
        .client
        .get(app.url("/api/system/health"))
        .header("x-request-id", &plain)
        .send()
        .await
        .unwrap();
    assert_eq!(response.headers()["x-request-id"], plain.as_str());
}

/// The sources of one directive of a Content-Security-Policy.
fn directive(policy: &str, name: &str) -> Vec<String> {
    policy
        .split(';')
        .map(str::trim)
        .find_map(|d| d.strip_prefix(name))
        .unwrap_or_else(|| panic!("no {name} in {policy}"))
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

async fn headers_of(
    app: &TestApp,
    path: &str,
    extra: &[(&str, &str)],
) -> reqwest::header::HeaderMap {
    let mut request = app.client.get(app.url(path));
    for (name, value) in extra {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap().headers().clone()
}

#[tokio::test]
async fn hsts_is_sent_over_https_and_sockets_may_reach_this_origin_only() {
    // Plain HTTP, no proxy trusted: the client's word for https is not enough.
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let host = app.address.trim_start_matches("http://").to_owned();
    for path in ["/", "/api/system/health"] {
        let headers = headers_of(&app, path, &[("x-forwarded-proto", "https")]).await;
        assert!(!headers.contains_key("strict-transport-security"), "{path}");
        let connect = directive(
            headers["content-security-policy"].to_str().unwrap(),
            "connect-src",
        );
        assert_eq!(connect[0], "'self'", "{connect:?}");
        assert!(connect.contains(&format!("ws://{host}")), "{connect:?}");
        for source in &connect[1..] {
            assert!(
                source.starts_with("ws://") && source.len() > "ws://".len(),
                "only this server's own socket origins, not any host: {connect:?}"
            );
        }
    }
    // A Host header cannot write sources into the policy.
    let headers = headers_of(&app, "/", &[("host", "evil.example;script-src *")]).await;
    let policy = headers["content-security-policy"].to_str().unwrap();
    assert!(!policy.contains("evil"), "{policy}");
    assert_eq!(directive(policy, "script-src"), ["'self'"]);

    // Behind a trusted proxy that says the client came over HTTPS.
    let proxied = TestApp::spawn(Engine::Sqlite, &[("AGENTFORGE_TRUSTED_PROXIES", "1")]).await;
    let host = proxied.address.trim_start_matches("http://").to_owned();
    let headers = headers_of(&proxied, "/", &[("x-forwarded-proto", "https")]).await;
    assert_eq!(
        headers["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    let connect = directive(
        headers["content-security-policy"].to_str().unwrap(),
        "connect-src",
    );
    assert!(connect.contains(&format!("wss://{host}")), "{connect:?}");
    let headers = headers_of(&proxied, "/", &[("x-forwarded-proto", "http")]).await;
    assert!(!headers.contains_key("strict-transport-security"));

    // A public URL on https: every answer is for an HTTPS page.
    let public = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_PUBLIC_URL", "https://agents.example.com")],
    )
    .await;
    let headers = headers_of(&public, "/api/system/health", &[]).await;
    assert!(headers.contains_key("strict-transport-security"));
    let connect = directive(
        headers["content-security-policy"].to_str().unwrap(),
        "connect-src",
    );
    assert!(
        connect.contains(&"wss://agents.example.com".to_owned()),
        "{connect:?}"
    );

    // An admin moving the public URL to https: in force at once.
    let admin = crate::fixtures::sign_up(&app, "root@example.com").await;
    let api = app.api(&admin);
    let mut general = api.get_configuration().await.value().settings.general;
    general.public_url = "https://moved.example.com".into();
    api.put_configuration(&agentforge_server::dto::ConfigurationIn {
        general: Some(general),
        ..Default::default()
    })
    .await
    .value();
    let headers = headers_of(&app, "/api/system/health", &[]).await;
    assert!(headers.contains_key("strict-transport-security"));
    let connect = directive(
        headers["content-security-policy"].to_str().unwrap(),
        "connect-src",
    );
    assert!(
        connect.contains(&"wss://moved.example.com".to_owned()),
        "{connect:?}"
    );
}

/// Signs in with a wrong password as `n`'s own address (so only the
/// per-address limit can trip), through a proxy that wrote `forwarded`.
async fn failed_sign_in(app: &TestApp, forwarded: &str, n: usize) -> u16 {
    app.client
        .post(app.url("/api/auth/login"))
        .header("x-forwarded-for", forwarded)
        .json(&json!({"email": format!("nobody{n}@example.com"), "password": "not the password"}))
        .send()
        .await
        .unwrap()
        .status()
        .as_u16()
}

#[tokio::test]
async fn sign_in_limits_count_the_address_the_proxy_saw_not_the_one_the_client_wrote() {
    // One proxy, appending the address it was reached from.
    let behind = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_TRUSTED_PROXIES", "1"),
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_IP", "3"),
        ],
    )
    .await;
    for n in 0..3 {
        let spoofed = format!("10.9.8.{n}, 198.51.100.7");
        assert_eq!(failed_sign_in(&behind, &spoofed, n).await, 401);
    }
    assert_eq!(
        failed_sign_in(&behind, "10.9.8.200, 198.51.100.7", 3).await,
        429,
        "a new left-most entry is no new address"
    );
    assert_eq!(
        failed_sign_in(&behind, "198.51.100.8", 4).await,
        401,
        "another client of the proxy has its own budget"
    );

    // No proxy trusted: the header is ignored, the connection counts.
    let direct = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_RATE_LIMIT_AUTH_PER_IP", "3")],
    )
    .await;
    for n in 0..3 {
        let claimed = format!("198.51.100.{n}");
        assert_eq!(failed_sign_in(&direct, &claimed, n).await, 401);
    }
    assert_eq!(failed_sign_in(&direct, "198.51.100.99", 3).await, 429);
}
