//! Agents behind the open doors, on both engines: OpenAI's chat-completions
//! wire format at /v1 (raw, and through the official Python SDK), and an MCP
//! server at /mcp (through an MCP client), with API keys only.

use std::path::PathBuf;

use agentforge_domain::mcp::McpEndpoint;
use agentforge_mcp::{Limits, McpPool};
use agentforge_outbound::Guard;
use agentforge_server::dto::ApiKeyIn;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{agent, deployed_agent, sign_up};
use crate::helpers::{TestApp, for_each_engine};

async fn key(app: &TestApp, token: &str, agents: &[&str]) -> String {
    app.api(token)
        .create_key(&ApiKeyIn {
            name: "client".into(),
            agent_ids: agents.iter().map(|a| (*a).to_owned()).collect(),
            expires_at: None,
        })
        .await
        .value()
        .key
}

async fn completion(
    app: &TestApp,
    key: Option<&str>,
    body: Value,
    headers: &[(&str, &str)],
) -> reqwest::Response {
    let mut request = app.client.post(app.url("/v1/chat/completions")).json(&body);
    if let Some(key) = key {
        request = request.bearer_auth(key);
    }
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    request.send().await.unwrap()
}

#[tokio::test]
async fn chat_completions_speak_openais_wire_format() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let support = deployed_agent(&app, &ada, "Customer Support").await;
        let draft = agent(&app, &ada, json!({"name": "Draft only", "status": "active"})).await;
        let key = key(&app, &ada, &[]).await;

        // The models are the agents the key reaches, by id, with their slug.
        let models: Value = app.client.get(app.url("/v1/models")).bearer_auth(&key).send().await.unwrap().json().await.unwrap();
        assert_eq!(models["object"], "list");
        let listed: Vec<&str> = models["data"].as_array().unwrap().iter().map(|m| m["id"].as_str().unwrap()).collect();
        assert!(listed.contains(&support.as_str()) && listed.contains(&draft.as_str()), "{models}");
        let entry = models["data"].as_array().unwrap().iter().find(|m| m["id"] == support.as_str()).unwrap();
        assert_eq!(entry["object"], "model");
        assert_eq!(entry["slug"], "customer-support");

        // Whole, by slug: the production deployment answers (the built-in responder here).
        let response = completion(&app, Some(&key), json!({"model": "customer-support", "messages": [{"role": "user", "content": "What are your hours?"}]}), &[]).await;
        assert_eq!(response.status(), 200);
        let conversation = response.headers()["x-conversation-id"].to_str().unwrap().to_owned();
        let answer: Value = response.json().await.unwrap();
        assert_eq!(answer["object"], "chat.completion");
        assert!(answer["id"].as_str().unwrap().starts_with("chatcmpl-"));
        assert_eq!(answer["model"], "customer-support");
        assert_eq!(answer["choices"][0]["message"]["role"], "assistant");
        assert_eq!(answer["choices"][0]["finish_reason"], "stop");
        assert!(!answer["choices"][0]["message"]["content"].as_str().unwrap().is_empty());
        let usage = &answer["usage"];
        assert_eq!(
            usage["total_tokens"].as_u64(),
            Some(usage["prompt_tokens"].as_u64().unwrap() + usage["completion_tokens"].as_u64().unwrap())
        );
        // It is a conversation of the api channel, held by the key's owner.
        let (_, stored) = app.get_as(&format!("/api/conversations/{conversation}"), &ada).await;
        assert_eq!(stored["data"]["channel"], "api", "{stored}");

        // Going on with it.
        let again = completion(&app, Some(&key), json!({"model": support, "messages": [{"role": "user", "content": "And on Sunday?"}]}), &[("x-conversation-id", &conversation)]).await;
        assert_eq!(again.headers()["x-conversation-id"], conversation.as_str());
        let (_, stored) = app.get_as(&format!("/api/conversations/{conversation}"), &ada).await;
        assert_eq!(stored["data"]["messageCount"], 4);

        // Streamed: chunks, a finish, usage on request, then [DONE].
        let streamed = completion(&app, Some(&key), json!({"model": support, "stream": true, "stream_options": {"include_usage": true}, "messages": [{"role": "user", "content": "Hello"}]}), &[]).await;
        assert_eq!(streamed.status(), 200);
        assert!(streamed.headers()["content-type"].to_str().unwrap().starts_with("text/event-stream"));
        let text = streamed.text().await.unwrap();
        let frames: Vec<&str> = text.lines().filter_map(|l| l.strip_prefix("data: ")).collect();
        assert_eq!(frames.last(), Some(&"[DONE]"), "{text}");
        let chunks: Vec<Value> = frames[..frames.len() - 1].iter().map(|f| serde_json::from_str(f).unwrap()).collect();
        assert!(chunks.iter().all(|c| c["object"] == "chat.completion.chunk"));
        assert_eq!(chunks[0]["choices"][0]["delta"]["role"], "assistant");
        let content: String = chunks.iter().filter_map(|c| c["choices"][0]["delta"]["content"].as_str()).collect();
        assert!(!content.is_empty());
        assert!(chunks.iter().any(|c| c["choices"][0]["finish_reason"] == "stop"));
        assert!(chunks.last().unwrap()["usage"]["total_tokens"].as_u64().unwrap() > 0);

        // OpenAI's errors: no key, a session token (keys only), an unknown model, a draft.
        let no_key = completion(&app, None, json!({"model": support, "messages": [{"role": "user", "content": "hi"}]}), &[]).await;
        assert_eq!(no_key.status(), 401);
        let body: Value = no_key.json().await.unwrap();
        assert_eq!(body["error"]["code"], "invalid_api_key");
        assert_eq!(body["error"]["type"], "invalid_request_error");
        let session = completion(&app, Some(&ada), json!({"model": support, "messages": [{"role": "user", "content": "hi"}]}), &[]).await;
        assert_eq!(session.status(), 401);
        let unknown = completion(&app, Some(&key), json!({"model": "nobody", "messages": [{"role": "user", "content": "hi"}]}), &[]).await;
        assert_eq!(unknown.status(), 404);
        let body: Value = unknown.json().await.unwrap();
        assert_eq!(body["error"]["code"], "model_not_found");
        assert_eq!(body["error"]["param"], "model");
        let undeployed = completion(&app, Some(&key), json!({"model": draft, "messages": [{"role": "user", "content": "hi"}]}), &[]).await;
        assert_eq!(undeployed.status(), 409);
        assert_eq!(undeployed.json::<Value>().await.unwrap()["error"]["code"], "not_deployed");
        let malformed = completion(&app, Some(&key), json!({"model": support, "messages": [{"role": "assistant", "content": "no question"}]}), &[]).await;
        assert_eq!(malformed.status(), 400);
        assert_eq!(malformed.json::<Value>().await.unwrap()["error"]["param"], "messages");

        // A key naming one agent reaches no other.
        let narrow = key_for(&app, &ada, &draft).await;
        let refused = completion(&app, Some(&narrow), json!({"model": support, "messages": [{"role": "user", "content": "hi"}]}), &[]).await;
        assert_eq!(refused.status(), 404);
        // Someone else's conversation is not one to go on with.
        let grace = sign_up(&app, "grace@example.com").await;
        let hers = deployed_agent(&app, &grace, "Hers").await;
        let her_key = key_for(&app, &grace, &hers).await;
        let borrowed = completion(&app, Some(&her_key), json!({"model": hers, "messages": [{"role": "user", "content": "hi"}]}), &[("x-conversation-id", &conversation)]).await;
        assert_eq!(borrowed.status(), 404);
    })
    .await;
}

async fn key_for(app: &TestApp, token: &str, agent: &str) -> String {
    key(app, token, &[agent]).await
}

#[tokio::test]
async fn the_official_openai_python_sdk_talks_to_an_agent() {
    let Some(python) = agentforge_testkit::sdk_python() else {
        return;
    };
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let support = deployed_agent(&app, &ada, "Support").await;
        let key = key(&app, &ada, &[]).await;
        let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../testkit/sdk/openai_sdk.py");
        let output = tokio::process::Command::new(&python)
            .arg(&script)
            .env("AGENTFORGE_URL", &app.address)
            .env("AGENTFORGE_KEY", &key)
            .env("AGENTFORGE_MODEL", &support)
            .output()
            .await
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout);
        assert!(
            output.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let seen: Value = serde_json::from_str(stdout.lines().last().unwrap()).unwrap();
        assert!(
            seen["models"]
                .as_array()
                .unwrap()
                .iter()
                .any(|m| m == support.as_str()),
            "{seen}"
        );
        assert!(!seen["whole"].as_str().unwrap().is_empty());
        assert_eq!(seen["finish"], "stop");
        assert!(seen["whole_usage"].as_u64().unwrap() > 0);
        assert!(!seen["streamed"].as_str().unwrap().is_empty());
        assert!(seen["stream_usage"].as_u64().unwrap() > 0);
        assert_eq!(
            seen["same_conversation"], true,
            "the same `user` goes on in one conversation: {seen}"
        );
        assert_eq!(seen["errors"]["not_found"], "model_not_found");
        assert_eq!(seen["errors"]["auth"], 401);
    })
    .await;
}

#[tokio::test]
async fn agents_are_tools_of_an_mcp_server_for_api_keys() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let support = deployed_agent(&app, &ada, "Support Desk").await;
        deployed_agent(&app, &ada, "Sales").await;
        let key = key(&app, &ada, &[&support]).await;

        let workdirs = tempfile::tempdir().unwrap();
        let pool = McpPool::new(
            Limits {
                connect_timeout: std::time::Duration::from_secs(10),
                call_timeout: std::time::Duration::from_secs(30),
                stdio_allow: Vec::new(),
                workdir_root: workdirs.path().to_owned(),
                guard: Guard::new(true),
            },
            tokio_util::task::TaskTracker::new(),
        );
        let endpoint = McpEndpoint::StreamableHttp {
            url: app.url("/mcp"),
            headers: [("Authorization".to_owned(), format!("Bearer {key}"))].into(),
        };
        let found = pool.test("agentforge", &endpoint).await.unwrap();
        // The key names one agent: one tool.
        let names: Vec<&str> = found.tools.iter().map(|t| t.name.as_str()).collect();
        assert_eq!(names, ["ask_support-desk"]);
        assert!(found.tools[0].description.contains("Support Desk answers"));
        assert_eq!(found.tools[0].input_schema["required"][0], "message");

        let args = |v: Value| v.as_object().cloned().unwrap();
        let answer = pool
            .call(
                "agentforge",
                &endpoint,
                "ask_support-desk",
                args(json!({"message": "When are you open?"})),
                std::time::Duration::from_secs(30),
            )
            .await
            .unwrap();
        assert!(!answer.is_error, "{answer:?}");
        let structured = answer.structured.clone().unwrap();
        let conversation = structured["conversationId"].as_str().unwrap().to_owned();
        assert_eq!(answer.as_text(), structured["answer"].as_str().unwrap());
        // Going on with the conversation.
        pool.call(
            "agentforge",
            &endpoint,
            "ask_support-desk",
            args(json!({"message": "Thanks", "conversationId": conversation})),
            std::time::Duration::from_secs(30),
        )
        .await
        .unwrap();
        let (_, stored) = app
            .get_as(&format!("/api/conversations/{conversation}"), &ada)
            .await;
        assert_eq!(stored["data"]["messageCount"], 4);
        assert_eq!(stored["data"]["channel"], "api");
        pool.shutdown().await;

        // No key, or a session token: no entry.
        for token in [None, Some(ada.as_str())] {
            let mut request = app
                .client
                .post(app.url("/mcp"))
                .header("accept", "application/json, text/event-stream")
                .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}));
            if let Some(token) = token {
                request = request.bearer_auth(token);
            }
            let response = request.send().await.unwrap();
            assert_eq!(response.status(), 401);
            assert!(response.headers().contains_key("www-authenticate"));
        }
    })
    .await;
}

/// Against DNS rebinding, /mcp answers only for this machine's names and
/// the public URL's host, as an admin sets it while the server runs.
#[tokio::test]
async fn the_mcp_server_answers_for_the_public_urls_host_in_force() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let support = deployed_agent(&app, &admin, "Support Desk").await;
        let key = key(&app, &admin, &[&support]).await;
        let list = async |host: &str| {
            app.client
                .post(app.url("/mcp"))
                .header("host", host)
                .header("accept", "application/json, text/event-stream")
                .bearer_auth(&key)
                .json(&json!({"jsonrpc": "2.0", "id": 1, "method": "tools/list"}))
                .send()
                .await
                .unwrap()
                .status()
                .as_u16()
        };
        assert_eq!(list("agents.example.com").await, 403);
        assert_ne!(list("localhost").await, 403);

        let api = app.api(&admin);
        let mut general = api.get_configuration().await.value().settings.general;
        general.public_url = "https://agents.example.com".into();
        api.put_configuration(&agentforge_server::dto::ConfigurationIn {
            general: Some(general),
            ..Default::default()
        })
        .await
        .value();
        assert_ne!(list("agents.example.com").await, 403);
        assert_ne!(list("agents.example.com:8443").await, 403);
        assert_eq!(list("evil.example.com").await, 403);
    })
    .await;
}
