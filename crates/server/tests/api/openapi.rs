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

fn document() -> serde_json::Value {
    serde_json::from_str(&agentforge_server::openapi_json(
        &agentforge_server::openapi_document(),
    ))
    .unwrap()
}

fn operations(document: &serde_json::Value) -> Vec<(String, String, serde_json::Value)> {
    let mut all = Vec::new();
    for (path, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            all.push((method.clone(), path.clone(), operation.clone()));
        }
    }
    all
}

#[test]
fn every_operation_has_its_own_id() {
    let document = document();
    let mut seen = std::collections::HashMap::new();
    for (method, path, operation) in operations(&document) {
        let id = operation["operationId"]
            .as_str()
            .unwrap_or_else(|| panic!("{method} {path} has no operationId"))
            .to_owned();
        if let Some(other) = seen.insert(id.clone(), format!("{method} {path}")) {
            panic!("{method} {path} and {other} share the operationId {id}");
        }
    }
}

#[test]
fn every_operation_documents_the_failures_it_can_answer() {
    let document = document();
    for (method, path, operation) in operations(&document) {
        let responses = &operation["responses"];
        let has = |status: &str| responses.get(status).is_some();
        if operation.get("security").is_some() {
            assert!(has("401") && has("403"), "{method} {path}");
        }
        if operation.get("requestBody").is_some() {
            for status in ["400", "413", "415", "422"] {
                assert!(has(status), "{method} {path} lacks {status}");
            }
        }
        if path.contains('{') {
            assert!(has("404"), "{method} {path}");
        }
    }
}

/// A string field whose description lists values, as `a`, `b` or `c`,
/// should be an enum: the document says what the server answers.
#[test]
fn enumerated_values_are_enums() {
    let document = document();
    let mut loose = Vec::new();
    for (name, schema) in document["components"]["schemas"].as_object().unwrap() {
        for (field, property) in schema["properties"].as_object().into_iter().flatten() {
            let is_string = property["type"] == "string"
                || property["type"] == serde_json::json!(["string", "null"]);
            let description = property["description"].as_str().unwrap_or_default();
            let lists_values =
                description.matches('`').count() >= 4 && description.contains(" or ");
            if is_string && property.get("enum").is_none() && lists_values {
                loose.push(format!("{name}.{field}: {description}"));
            }
        }
    }
    assert!(loose.is_empty(), "{loose:#?}");
}

#[test]
fn the_stream_and_the_socket_are_described() {
    let document = document();
    let chat = &document["paths"]["/agents/{id}/chat"]["post"]["responses"]["200"]["content"];
    assert_eq!(
        chat["text/event-stream"]["schema"]["$ref"], "#/components/schemas/ChatStreamFrame",
        "{chat}"
    );
    // On the wire an event's data is JSON text: each frame says so, and
    // which schema the text holds.
    let frames = document["components"]["schemas"]["ChatStreamFrame"]["oneOf"]
        .as_array()
        .unwrap();
    assert_eq!(frames.len(), 8);
    for frame in frames {
        let data = &frame["properties"]["data"];
        assert_eq!(data["type"], "string", "{frame}");
        assert_eq!(data["contentMediaType"], "application/json", "{frame}");
        let schema = data["contentSchema"]["$ref"].as_str().unwrap();
        let name = schema.rsplit('/').next().unwrap();
        assert!(
            document["components"]["schemas"][name].is_object(),
            "{schema}"
        );
    }
    let events = &document["components"]["schemas"]["RealtimeEvent"];
    let kinds: Vec<String> = events["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| {
            v["properties"]["type"]["enum"][0]
                .as_str()
                .unwrap_or_default()
                .to_owned()
        })
        .collect();
    for kind in [
        "ready",
        "conversation.started",
        "message.created",
        "conversation.ended",
        "conversation.handed_off",
        "team.notification",
    ] {
        assert!(kinds.iter().any(|k| k == kind), "{kind} in {kinds:?}");
    }
}

/// An object with neither properties nor `additionalProperties` reads as an
/// empty object to a generated client (`Record<string, never>`): free-form
/// objects say so (`crate::docs::schema::json_object`).
#[test]
fn every_object_says_what_it_holds() {
    fn walk(path: &str, value: &serde_json::Value, empty: &mut Vec<String>) {
        match value {
            serde_json::Value::Object(map) => {
                let is_object = match map.get("type") {
                    Some(serde_json::Value::String(t)) => t == "object",
                    Some(serde_json::Value::Array(types)) => types.iter().any(|t| t == "object"),
                    _ => false,
                };
                let says = [
                    "properties",
                    "additionalProperties",
                    "oneOf",
                    "allOf",
                    "anyOf",
                    "$ref",
                ]
                .iter()
                .any(|key| map.contains_key(*key));
                if is_object && !says {
                    empty.push(path.to_owned());
                }
                for (key, child) in map {
                    walk(&format!("{path}/{key}"), child, empty);
                }
            }
            serde_json::Value::Array(items) => {
                for (i, child) in items.iter().enumerate() {
                    walk(&format!("{path}/{i}"), child, empty);
                }
            }
            _ => {}
        }
    }
    let document: serde_json::Value = serde_json::from_str(&agentforge_server::openapi_json(
        &agentforge_server::openapi_document(),
    ))
    .unwrap();
    let mut empty = Vec::new();
    walk("", &document, &mut empty);
    assert!(empty.is_empty(), "{empty:#?}");
}

#[test]
fn success_is_a_constant() {
    let document: serde_json::Value = serde_json::from_str(&agentforge_server::openapi_json(
        &agentforge_server::openapi_document(),
    ))
    .unwrap();
    let schemas = document["components"]["schemas"].as_object().unwrap();
    for (name, schema) in schemas {
        if let Some(success) = schema["properties"].get("success") {
            let expected = name != "ErrorBody";
            assert_eq!(success["enum"], serde_json::json!([expected]), "{name}");
        }
    }
}

/// Lists refuse a page past 1,000,000 (docs/api.md); the document says so,
/// so a generated client or test never asks for one.
#[test]
fn every_page_parameter_is_bounded() {
    let document = document();
    let mut unbounded = Vec::new();
    for (method, path, operation) in operations(&document) {
        for parameter in operation["parameters"].as_array().into_iter().flatten() {
            if parameter["name"] == "page" && parameter["schema"]["maximum"] != 1_000_000 {
                unbounded.push(format!("{method} {path}"));
            }
        }
    }
    assert!(
        unbounded.is_empty(),
        "page without its maximum: {unbounded:?}"
    );
}
