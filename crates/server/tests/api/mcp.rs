//! MCP servers through the API, on both engines: secrets sealed and
//! masked, tests and tool calls in words, stdio for admins and allowed
//! commands only, the outbound guard, import and export, agents using
//! their tools in a turn, and who may do what.

use agentforge_domain::mcp::McpTransport;
use agentforge_server::dto::{
    AssignIn, AssignmentConfiguration, McpExecuteIn, McpExportQuery, McpServerIn,
};
use agentforge_server::http::Checked;
use agentforge_testkit::ProviderStandIn;
use agentforge_testkit::mcp::{McpStandIn, everything_entry};
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{agent, sign_up};
use crate::helpers::{TestApp, assert_error, for_each_engine, for_each_engine_with};

const LOOPBACK_ALLOWED: (&str, &str) = ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true");

async fn create(app: &TestApp, token: &str, body: Value) -> (u16, Value) {
    app.send_json(reqwest::Method::POST, "/api/mcp", Some(token), &body)
        .await
}

/// Adds a streamable-HTTP server at `url` and tests it (its tools listed):
/// its id.
async fn tested_server(app: &TestApp, token: &str, name: &str, url: &str) -> String {
    let (status, created) = create(
        app,
        token,
        json!({"name": name, "transport": "streamable_http", "url": url}),
    )
    .await;
    assert_eq!(status, 201, "{created}");
    let id = created["data"]["id"].as_str().unwrap().to_owned();
    app.api(token).test_server(&id).await.value();
    id
}

fn http_server(url: &str, token: &str) -> Value {
    json!({
        "name": "Weather desk",
        "transport": "streamable_http",
        "url": url,
        "headers": {"Authorization": format!("Bearer {token}")},
    })
}

#[tokio::test]
async fn an_http_server_keeps_its_secrets_sealed_and_masked_and_answers_tests_and_calls() {
    let stand_in = McpStandIn::start(Some("weather-secret-0123")).await;
    for_each_engine_with(&[LOOPBACK_ALLOWED], async |app: TestApp| {
        sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let (status, created) = create(&app, &ada, http_server(&stand_in.url(), "weather-secret-0123")).await;
        assert_eq!(status, 201, "{created}");
        let server = &created["data"];
        let id = server["id"].as_str().unwrap().to_owned();
        assert_eq!(server["status"], "unknown");
        assert_eq!(server["headers"]["Authorization"], "••••••••0123");
        assert!(!created.to_string().contains("weather-secret"), "{created}");
        // Sealed in the database: not the secret, not even its end.
        let rows = app
            .raw_rows("SELECT coalesce(headers_sealed, '') || ' ' || coalesce(url, '') AS row FROM mcp_servers")
            .await;
        assert!(rows[0].starts_with("v1."), "{}", rows[0]);
        assert!(!rows[0].contains("weather-secret"), "{}", rows[0]);

        let api = app.api(&ada);
        let tested = api.test_server(&id).await.value();
        assert_eq!(tested.status.as_str(), "connected", "{:?}", tested.error);
        assert_eq!(tested.server.tools.len(), 6);
        assert!(tested.server_info.as_deref().unwrap_or_default().starts_with("stand-in"));

        let sum = api
            .execute_tool(&id, &McpExecuteIn { tool_name: "add".into(), tool_args: json!({"a": 2, "b": 40}) })
            .await
            .value();
        assert_eq!(sum.text, "42");
        assert!(!sum.is_error);
        // A tool's own failure is an answer; bad arguments and unknown tools are not.
        let failed = api
            .execute_tool(&id, &McpExecuteIn { tool_name: "fail".into(), tool_args: json!({}) })
            .await
            .value();
        assert!(failed.is_error);
        let body = api
            .execute_tool(&id, &McpExecuteIn { tool_name: "add".into(), tool_args: json!({"a": "two"}) })
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "toolArgs");
        let body = api
            .execute_tool(&id, &McpExecuteIn { tool_name: "nope".into(), tool_args: json!({}) })
            .await
            .unwrap_err()
            .expect(404, "tool_not_found");
        assert_eq!(body.errors[0].field, "toolName");

        // Sent back masked, a secret keeps its value.
        let mut changed = http_server(&stand_in.url(), "ignored");
        changed["name"] = json!("Weather desk 2");
        changed["headers"]["Authorization"] = server["headers"]["Authorization"].clone();
        let (status, body) = app
            .send_json(reqwest::Method::PUT, &format!("/api/mcp/{id}"), Some(&ada), &changed)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["status"], "connected", "reached the same way: still tested");
        assert_eq!(api.test_server(&id).await.value().status.as_str(), "connected");
        // A wrong secret says so in words.
        let (status, _) = app
            .send_json(reqwest::Method::PUT, &format!("/api/mcp/{id}"), Some(&ada), &http_server(&stand_in.url(), "wrong"))
            .await;
        assert_eq!(status, 200);
        let tested = api.test_server(&id).await.value();
        assert_eq!(tested.status.as_str(), "error");
        assert_eq!(tested.error_code.as_deref(), Some("unauthorized"));
        assert!(tested.error.unwrap().contains("401"));
        assert_eq!(tested.server.tools.len(), 6, "a failed test keeps what the last good one found");

        // Someone else's server is not there; it is gone once deleted.
        let grace = sign_up(&app, "grace@example.com").await;
        app.api(&grace).get_server(&id).await.unwrap_err().expect(404, "mcp_server_not_found");
        api.delete_server(&id).await.value();
        api.get_server(&id).await.unwrap_err().expect(404, "mcp_server_not_found");
    })
    .await;
}

#[tokio::test]
async fn a_configuration_is_tested_before_it_is_saved_and_nothing_is_kept() {
    let stand_in = McpStandIn::start(Some("weather-secret-0123")).await;
    for_each_engine_with(&[LOOPBACK_ALLOWED], async |app: TestApp| {
        sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let config = |authorization: &str| McpServerIn {
            name: "Weather desk".into(),
            transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
            url: Some(stand_in.url()),
            headers: [("Authorization".to_owned(), authorization.to_owned())].into(),
            ..McpServerIn::default()
        };
        let found = api
            .probe_server(&config("Bearer weather-secret-0123"))
            .await
            .value();
        assert_eq!(found.status.as_str(), "connected", "{:?}", found.error);
        assert_eq!(found.tools.len(), 6);
        assert!(found.tools.iter().any(|t| t.name == "echo"));
        assert!(
            found
                .server_info
                .as_deref()
                .unwrap_or_default()
                .starts_with("stand-in")
        );
        // Nothing stored.
        assert!(api.list_servers().await.value().is_empty());
        assert!(app.raw_rows("SELECT id FROM mcp_servers").await.is_empty());

        // A wrong secret is an answer in words, as a saved server's test is.
        let refused = api
            .probe_server(&config("Bearer wrong-secret"))
            .await
            .value();
        assert_eq!(refused.status.as_str(), "error");
        assert_eq!(refused.error_code.as_deref(), Some("unauthorized"));
        assert!(refused.tools.is_empty());

        // The checks of adding a server: a masked secret has nothing to keep.
        let body = api
            .probe_server(&config("••••••••0123"))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "env");
        // stdio runs a command on this host: admins only.
        let stdio = McpServerIn {
            name: "Files".into(),
            transport: Some(Checked::Valid(McpTransport::Stdio)),
            command: Some("npx".into()),
            ..McpServerIn::default()
        };
        api.probe_server(&stdio)
            .await
            .unwrap_err()
            .expect(403, "admin_required");
    })
    .await;
}

#[tokio::test]
async fn a_test_before_saving_goes_through_the_outbound_guard() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let at = |url: &str| McpServerIn {
            name: "Metadata".into(),
            transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
            url: Some(url.into()),
            ..McpServerIn::default()
        };
        // A private address is refused as a field; a name that resolves to
        // one is refused once resolved, in words: never connected.
        let body = api
            .probe_server(&at("http://169.254.169.254/mcp"))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "url");
        let found = api
            .probe_server(&at("http://localhost:9/mcp"))
            .await
            .value();
        assert_eq!(found.status.as_str(), "error");
        assert_eq!(
            found.error_code.as_deref(),
            Some("url_refused"),
            "{:?}",
            found.error
        );
    })
    .await;
}

/// Each test connects to a URL the caller chose: a person may run
/// `MCP_TESTS_PER_MINUTE` a minute, saved servers' and unsaved alike, and
/// one person's limit does not hold anyone else back.
#[tokio::test]
async fn tests_are_bounded_per_person() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let config = McpServerIn {
            name: "Nowhere".into(),
            transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
            url: Some("http://localhost:9/mcp".into()),
            ..McpServerIn::default()
        };
        let mut refused = None;
        for _ in 0..=agentforge_server::MCP_TESTS_PER_MINUTE {
            if let Err(failure) = api.probe_server(&config).await {
                refused = Some(failure);
                break;
            }
        }
        refused
            .expect("refused within the minute")
            .expect(429, "rate_limited");
        // A saved server's test counts against the same minute.
        let saved = create(
            &app,
            &ada,
            json!({"name": "Nowhere", "transport": "streamable_http", "url": "http://localhost:9/mcp"}),
        )
        .await;
        assert_eq!(saved.0, 201, "{}", saved.1);
        let id = saved.1["data"]["id"].as_str().unwrap().to_owned();
        api.test_server(&id)
            .await
            .unwrap_err()
            .expect(429, "rate_limited");
        // Someone else is not held back.
        let grace = sign_up(&app, "grace@example.com").await;
        let found = app.api(&grace).probe_server(&config).await.value();
        assert_eq!(found.status.as_str(), "error");
    })
    .await;
}

#[tokio::test]
async fn user_given_urls_may_not_reach_private_addresses() {
    for_each_engine_with(&[], async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        for url in [
            "http://127.0.0.1:9/mcp",
            "http://169.254.169.254/latest",
            "http://[::1]/mcp",
            "http://10.0.0.8/mcp",
        ] {
            let (status, body) = create(&app, &ada, http_server(url, "x")).await;
            assert_error(status, &body, 422, "validation_failed");
            assert_eq!(body["errors"][0]["field"], "url", "{url}: {body}");
        }
        // A name that resolves to loopback passes the form, and fails the connection.
        let (status, created) =
            create(&app, &ada, http_server("http://localhost:9/mcp", "x")).await;
        assert_eq!(status, 201, "{created}");
        let id = created["data"]["id"].as_str().unwrap();
        let tested = app.api(&ada).test_server(id).await.value();
        assert_eq!(
            tested.error_code.as_deref(),
            Some("url_refused"),
            "{:?}",
            tested.error
        );
        // And nothing else is accepted as a URL.
        let (status, body) = create(&app, &ada, http_server("file:///etc/passwd", "x")).await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn stdio_servers_are_for_admins_and_allowed_commands_only() {
    let entry = everything_entry().display().to_string();
    for_each_engine_with(&[("AGENTFORGE_MCP_STDIO_ALLOW", "node")], async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let everything = json!({"name": "Everything", "transport": "stdio", "command": "node", "args": [entry, "stdio"], "env": {"TOKEN": "stdio-secret-value"}});
        let (status, body) = create(&app, &ada, everything.clone()).await;
        assert_error(status, &body, 403, "admin_required");
        let (status, body) = create(&app, &admin, json!({"name": "Shell", "transport": "stdio", "command": "sh", "args": ["-c", "id"]})).await;
        assert_error(status, &body, 409, "stdio_not_allowed");
        // An admin's API key is not the admin signed in.
        let key = app
            .api(&admin)
            .create_key(&agentforge_server::dto::ApiKeyIn { name: "k".into(), agent_ids: vec![], expires_at: None })
            .await
            .value();
        let (status, body) = create(&app, &key.key, everything.clone()).await;
        assert_error(status, &body, 403, "admin_required");

        let (status, created) = create(&app, &admin, everything).await;
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["data"]["env"]["TOKEN"], "••••••••alue");
        let id = created["data"]["id"].as_str().unwrap();
        let tested = app.api(&admin).test_server(id).await.value();
        assert_eq!(tested.status.as_str(), "connected", "{:?}", tested.error);
        assert!(tested.server.tools.iter().any(|t| t.name == "echo"));
        assert!(!tested.server.prompts.is_empty());
        let echoed = app
            .api(&admin)
            .execute_tool(id, &McpExecuteIn { tool_name: "echo".into(), tool_args: json!({"message": "from the API"}) })
            .await
            .value();
        assert!(echoed.text.contains("from the API"), "{}", echoed.text);
        app.api(&admin).delete_server(id).await.value();
    })
    .await;
}

#[tokio::test]
async fn desktop_configurations_are_imported_entry_by_entry_and_exported_with_secrets_on_request() {
    for_each_engine_with(&[("AGENTFORGE_MCP_STDIO_ALLOW", "npx")], async |app: TestApp| {
        sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let desktop = json!({"mcpServers": {
            "github": {"type": "http", "url": "https://api.githubcopilot.com/mcp/", "headers": {"Authorization": "Bearer ghp_secret_token_1234"}},
            "files": {"command": "npx", "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]},
            "legacy": {"type": "sse", "url": "https://example.com/sse"},
            "internal": {"url": "http://192.168.1.20/mcp"},
        }});
        let imported = app.api(&ada).import_servers(&desktop).await.value();
        let outcome = |name: &str| imported.results.iter().find(|r| r.name == name).unwrap();
        assert_eq!((imported.created, imported.skipped, imported.refused), (1, 0, 3), "{imported:?}");
        assert_eq!(outcome("github").outcome, agentforge_server::dto::ImportOutcome::Created);
        assert!(outcome("files").reason.as_deref().unwrap().contains("admin"), "stdio needs an admin");
        assert!(outcome("legacy").reason.as_deref().unwrap().contains("SSE"));
        assert!(outcome("internal").reason.as_deref().unwrap().contains("private"));
        // Again: the same name is skipped.
        let again = app.api(&ada).import_servers(&desktop).await.value();
        assert_eq!(again.skipped, 1);

        let export = |include: bool, token: &str| {
            let request = app
                .client
                .get(app.url(&format!("/api/mcp/export/json?includeCredentials={include}")))
                .bearer_auth(token.to_owned());
            async move { request.send().await.unwrap() }
        };
        let plain = export(false, &ada).await;
        assert_eq!(plain.status(), 200);
        assert!(plain.headers()["content-disposition"].to_str().unwrap().contains("mcp-servers.json"));
        let plain: Value = plain.json().await.unwrap();
        assert_eq!(plain["mcpServers"]["github"]["headers"]["Authorization"], "");
        assert_eq!(plain["mcpServers"]["github"]["url"], "https://api.githubcopilot.com/mcp/");
        let full: Value = export(true, &ada).await.json().await.unwrap();
        assert_eq!(full["mcpServers"]["github"]["headers"]["Authorization"], "Bearer ghp_secret_token_1234");
        // Secrets in clear only for a signed-in session, and only one's own.
        let key = app
            .api(&ada)
            .create_key(&agentforge_server::dto::ApiKeyIn { name: "k".into(), agent_ids: vec![], expires_at: None })
            .await
            .value();
        assert_eq!(export(true, &key.key).await.status(), 403);
        let grace = sign_up(&app, "grace@example.com").await;
        let hers: Value = export(true, &grace).await.json().await.unwrap();
        assert_eq!(hers["mcpServers"], json!({}));
        let _ = McpExportQuery::default();
    })
    .await;
}

#[tokio::test]
async fn an_agent_uses_its_servers_tools_in_a_turn_and_keeps_each_call() {
    let provider = ProviderStandIn::start().await;
    let stand_in = McpStandIn::start(None).await;
    let base = provider.openai_url();
    for_each_engine_with(
        &[
            LOOPBACK_ALLOWED,
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &base),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ],
        async |app: TestApp| {
            let ada = sign_up(&app, "ada@example.com").await;
            let weather = agent(&app, &ada, json!({"name": "Weather", "status": "active"})).await;
            let server = tested_server(&app, &ada, "Weather desk", &stand_in.url()).await;
            let api = app.api(&ada);
            let assigned = api
                .assign_server(
                    &weather,
                    &AssignIn {
                        mcp_server_id: server.clone(),
                        configuration: AssignmentConfiguration { tools: vec!["get_weather".into(), "echo".into()] },
                        permissions: vec![],
                        priority: 0,
                    },
                )
                .await
                .value();
            assert_eq!(assigned.configuration.tools, ["get_weather", "echo"]);
            assert_eq!(api.agent_servers(&weather).await.value().len(), 1);

            // Streamed: the tool call and its result are events, and stored.
            let response = app
                .client
                .post(app.url(&format!("/api/agents/{weather}/chat")))
                .bearer_auth(&ada)
                .header("accept", "text/event-stream")
                .json(&json!({"message": "What is the weather in Paris?"}))
                .send()
                .await
                .unwrap();
            let text = response.text().await.unwrap();
            assert!(text.contains("event: tool_call"), "{text}");
            assert!(text.contains("event: tool_result"), "{text}");
            assert!(text.contains("In Paris it is sunny and 21 °C in Paris."), "{text}");
            // The model saw only the tools the assignment lends.
            let mut offered: Vec<String> = provider
                .requests()
                .iter()
                .rev()
                .find_map(|r| r["tools"].as_array().cloned())
                .unwrap()
                .iter()
                .map(|t| t["function"]["name"].as_str().unwrap().to_owned())
                .collect();
            offered.sort();
            assert_eq!(offered, ["echo", "get_weather"]);
            let (_, conversations) = app.get_as(&format!("/api/agents/{weather}/conversations"), &ada).await;
            let conversation = conversations["data"][0]["id"].as_str().unwrap();
            let (_, transcript) = app.get_as(&format!("/api/conversations/{conversation}/messages"), &ada).await;
            let answer = transcript["data"].as_array().unwrap().iter().find(|m| m["role"] == "assistant").unwrap();
            let call = &answer["toolCalls"][0];
            assert_eq!(call["name"], "get_weather");
            assert_eq!(call["source"], "Weather desk");
            assert_eq!(call["arguments"]["city"], "Paris");
            assert_eq!(call["result"], "sunny and 21 °C in Paris");
            assert_eq!(call["isError"], false);

            // A disabled server lends nothing; the model answers without tools.
            let (status, _) = app
                .send_json(
                    reqwest::Method::PUT,
                    &format!("/api/mcp/{server}"),
                    Some(&ada),
                    &json!({"name": "Weather desk", "transport": "streamable_http", "url": stand_in.url(), "enabled": false}),
                )
                .await;
            assert_eq!(status, 200);
            let (status, body) = app
                .send_json(reqwest::Method::POST, &format!("/api/agents/{weather}/chat"), Some(&ada), &json!({"message": "And now?"}))
                .await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["data"]["message"]["toolCalls"], json!([]));

            // Only someone who may edit the agent changes its servers.
            let grace = sign_up(&app, "grace@example.com").await;
            app.api(&grace).agent_servers(&weather).await.unwrap_err().expect(404, "agent_not_found");
            api.unassign_server(&weather, &server).await.value();
            assert!(api.agent_servers(&weather).await.value().is_empty());
        },
    )
    .await;
}

#[tokio::test]
async fn a_failing_tool_does_not_fail_the_turn() {
    let provider = ProviderStandIn::start().await;
    let base = provider.openai_url();
    for_each_engine_with(
        &[
            LOOPBACK_ALLOWED,
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &base),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ],
        async |app: TestApp| {
            let ada = sign_up(&app, "ada@example.com").await;
            let weather = agent(&app, &ada, json!({"name": "Weather", "status": "active"})).await;
            // A server that answered its test, then went away.
            let stand_in = McpStandIn::start(None).await;
            let server = tested_server(&app, &ada, "Flaky", &stand_in.url()).await;
            app.api(&ada)
                .assign_server(
                    &weather,
                    &AssignIn {
                        mcp_server_id: server,
                        configuration: AssignmentConfiguration::default(),
                        permissions: vec![],
                        priority: 0,
                    },
                )
                .await
                .value();
            drop(stand_in);
            let (status, body) = app
                .send_json(
                    reqwest::Method::POST,
                    &format!("/api/agents/{weather}/chat"),
                    Some(&ada),
                    &json!({"message": "Weather in Paris?"}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            let message = &body["data"]["message"];
            assert_eq!(message["status"], "complete");
            assert_eq!(message["toolCalls"][0]["isError"], true, "{message}");
            assert!(
                message["content"]
                    .as_str()
                    .unwrap()
                    .starts_with("In Paris it is"),
                "the model was told and answered"
            );
        },
    )
    .await;
}

#[tokio::test]
async fn gemini_function_calls_run_the_same_tools() {
    let provider = ProviderStandIn::start().await;
    let stand_in = McpStandIn::start(None).await;
    let base = provider.gemini_url();
    for_each_engine_with(
        &[
            LOOPBACK_ALLOWED,
            ("AGENTFORGE_LLM_PROVIDER", "gemini"),
            ("AGENTFORGE_LLM_BASE_URL", &base),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ],
        async |app: TestApp| {
            let ada = sign_up(&app, "ada@example.com").await;
            let weather = agent(&app, &ada, json!({"name": "Weather", "status": "active"})).await;
            let server = tested_server(&app, &ada, "Weather desk", &stand_in.url()).await;
            app.api(&ada)
                .assign_server(
                    &weather,
                    &AssignIn {
                        mcp_server_id: server,
                        configuration: AssignmentConfiguration::default(),
                        permissions: vec![],
                        priority: 0,
                    },
                )
                .await
                .value();
            let (status, body) = app
                .send_json(
                    reqwest::Method::POST,
                    &format!("/api/agents/{weather}/chat"),
                    Some(&ada),
                    &json!({"message": "Weather in Paris?"}),
                )
                .await;
            assert_eq!(status, 200, "{body}");
            let message = &body["data"]["message"];
            assert_eq!(
                message["content"],
                "In Paris it is sunny and 21 °C in Paris."
            );
            assert_eq!(message["toolCalls"][0]["name"], "get_weather");
            assert_eq!(message["provider"], "gemini");
            // Gemini was offered the tools as function declarations.
            let declared = provider
                .requests()
                .iter()
                .find_map(|r| {
                    r["body"]["tools"][0]["functionDeclarations"]
                        .as_array()
                        .cloned()
                })
                .unwrap();
            assert!(declared.iter().any(|d| d["name"] == "get_weather"));
        },
    )
    .await;
}

#[tokio::test]
async fn every_change_to_a_server_and_to_what_it_lends_is_audited_without_its_secrets() {
    let stand_in = McpStandIn::start(Some("weather-secret-0123")).await;
    for_each_engine_with(&[LOOPBACK_ALLOWED], async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let ada_id = api.me().await.value().id;
        let only = async |action: &str| {
            let mut entries = app.audit(action).await;
            assert_eq!(entries.len(), 1, "{action}: {entries:?}");
            entries.remove(0)
        };

        let (status, created) = create(
            &app,
            &ada,
            http_server(&stand_in.url(), "weather-secret-0123"),
        )
        .await;
        assert_eq!(status, 201, "{created}");
        let id = created["data"]["id"].as_str().unwrap().to_owned();
        let entry = only("mcp_server.create").await;
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("mcp_server", Some(id.as_str()))
        );
        assert_eq!(
            (entry.actor_id.as_deref(), entry.owner_id.as_deref()),
            (Some(ada_id.as_str()), Some(ada_id.as_str()))
        );
        assert_eq!(entry.outcome, "success");
        assert_eq!(
            entry.changes["name"],
            json!({"from": null, "to": "Weather desk"})
        );
        assert_eq!(
            entry.changes["headers"],
            json!({"from": null, "to": "[redacted]"})
        );
        assert!(
            !Value::Object(entry.changes)
                .to_string()
                .contains("weather-secret")
        );

        // Trying a configuration, or asking for one, changes nothing.
        let probe = McpServerIn {
            name: "Weather desk".into(),
            transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
            url: Some(stand_in.url()),
            ..McpServerIn::default()
        };
        api.probe_server(&probe).await.value();
        assert!(app.audit("mcp_server.test").await.is_empty());
        assert_eq!(app.audit("mcp_server.create").await.len(), 1);

        let tested = api.test_server(&id).await.value();
        assert_eq!(tested.status.as_str(), "connected");
        let entry = only("mcp_server.test").await;
        assert_eq!(entry.changes["status"]["to"], "connected");
        assert_eq!(entry.changes["toolCount"]["to"], 6);

        // A call: the tool and whether it worked, never what went in or out.
        api.execute_tool(
            &id,
            &McpExecuteIn {
                tool_name: "echo".into(),
                tool_args: json!({"message": "Ada's card 4242"}),
            },
        )
        .await
        .value();
        let entry = only("mcp_server.tool_call").await;
        assert_eq!(entry.changes["toolName"]["to"], "echo");
        assert_eq!(entry.changes["succeeded"]["to"], true);
        assert!(
            !Value::Object(entry.changes.clone())
                .to_string()
                .contains("4242")
        );
        api.execute_tool(
            &id,
            &McpExecuteIn {
                tool_name: "fail".into(),
                tool_args: json!({}),
            },
        )
        .await
        .value();
        let calls = app.audit("mcp_server.tool_call").await;
        assert_eq!((calls.len(), calls[0].outcome.as_str()), (2, "failed"));
        assert_eq!(calls[0].changes["succeeded"]["to"], false);
        // Arguments the tool refuses make no call, and no entry.
        api.execute_tool(
            &id,
            &McpExecuteIn {
                tool_name: "add".into(),
                tool_args: json!({"a": "two"}),
            },
        )
        .await
        .unwrap_err()
        .expect(422, "validation_failed");
        assert_eq!(app.audit("mcp_server.tool_call").await.len(), 2);

        // An update's diff: what changed, a secret only as changed.
        let mut changed = http_server(&stand_in.url(), "weather-secret-4567");
        changed["name"] = json!("Weather desk 2");
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/mcp/{id}"),
                Some(&ada),
                &changed,
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let entry = only("mcp_server.update").await;
        assert_eq!(
            entry.changes["name"],
            json!({"from": "Weather desk", "to": "Weather desk 2"})
        );
        assert_eq!(
            entry.changes["headers"],
            json!({"from": "[redacted]", "to": "[redacted]"})
        );
        assert!(!entry.changes.contains_key("url"), "{:?}", entry.changes);
        assert!(
            !Value::Object(entry.changes)
                .to_string()
                .contains("weather-secret")
        );
        // Refused, an update writes nothing.
        changed["name"] = json!("");
        let (status, _) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/mcp/{id}"),
                Some(&ada),
                &changed,
            )
            .await;
        assert_eq!(status, 422);
        assert_eq!(app.audit("mcp_server.update").await.len(), 1);

        // Lent to an agent, lent differently, taken back.
        let weather = agent(&app, &ada, json!({"name": "Weather"})).await;
        let lend = AssignIn {
            mcp_server_id: id.clone(),
            configuration: AssignmentConfiguration {
                tools: vec!["echo".into()],
            },
            permissions: vec![],
            priority: 0,
        };
        api.assign_server(&weather, &lend).await.value();
        let entry = only("mcp_server.assign").await;
        assert_eq!(entry.resource_id.as_deref(), Some(id.as_str()));
        assert_eq!(entry.changes["agentId"]["to"], weather.as_str());
        assert_eq!(entry.changes["tools"]["to"], json!(["echo"]));
        let patch = agentforge_server::dto::AssignmentPatch {
            priority: Some(5),
            ..Default::default()
        };
        api.update_assignment(&weather, &id, &patch).await.value();
        let entry = only("mcp_server.assignment_update").await;
        assert_eq!(entry.changes["priority"], json!({"from": 0, "to": 5}));
        assert!(!entry.changes.contains_key("tools"));
        api.unassign_server(&weather, &id).await.value();
        let entry = only("mcp_server.unassign").await;
        assert_eq!(entry.changes["agentId"]["to"], weather.as_str());
        api.unassign_server(&weather, &id)
            .await
            .unwrap_err()
            .expect(404, "mcp_server_not_found");
        assert_eq!(app.audit("mcp_server.unassign").await.len(), 1);

        // Imported servers are made as any other, said to be imported.
        let imported = api
            .import_servers(
                &json!({"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}),
            )
            .await
            .value();
        let made = imported.results[0].server.as_ref().unwrap().id.clone();
        let entry = &app.audit("mcp_server.create").await[0];
        assert_eq!(entry.resource_id.as_deref(), Some(made.as_str()));
        assert_eq!(entry.changes["imported"]["to"], true);

        api.delete_server(&id).await.value();
        let entry = only("mcp_server.delete").await;
        assert_eq!(
            entry.changes["name"],
            json!({"from": "Weather desk 2", "to": null})
        );
    })
    .await;
}
