use reqwest::Method;
use serde_json::{Value, json};

use crate::helpers::{PASSWORD, TestApp, assert_error, for_each_engine};

/// Signs up a user and returns their access token.
async fn user(app: &TestApp, email: &str) -> String {
    app.register(email, PASSWORD).await["token"]
        .as_str()
        .unwrap()
        .to_owned()
}

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> (u16, Value) {
    app.send_json(method, path, Some(token), &body).await
}

async fn create(app: &TestApp, token: &str, body: Value) -> Value {
    let (status, body) = call(app, Method::POST, "/api/agents", token, body).await;
    assert_eq!(status, 201, "{body}");
    body["data"].clone()
}

#[tokio::test]
async fn an_agent_is_created_with_defaults_and_legacy_voice_fields() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let agent = create(
            &app,
            &token,
            json!({"name": "Nova", "voiceEnabled": true, "voiceModel": "Bella"}),
        )
        .await;
        assert_eq!(agent["name"], "Nova");
        assert_eq!(agent["type"], "general");
        assert_eq!(agent["status"], "draft");
        assert_eq!(agent["language"], "en");
        assert_eq!(agent["useKnowledgeBase"], true);
        assert_eq!(agent["voice_enabled"], true);
        assert_eq!(agent["voice_model_id"], "Bella");
        assert_eq!(
            agent["voiceId"], "EXAVITQu4vr4xnSDxMaL",
            "a name resolves case-insensitively"
        );
        assert_eq!(
            agent["model"],
            json!({"provider": null, "model": null, "temperature": 0.7, "maxTokens": 1024})
        );
        assert_eq!(agent["currentVersion"], 1);
        assert_eq!(agent["deployments"], json!([]));

        let direct = create(
            &app,
            &token,
            json!({"name": "Direct", "voice_model_id": "AbCdEfGhIjKlMnOpQrSt"}),
        )
        .await;
        assert_eq!(
            direct["voiceId"], "AbCdEfGhIjKlMnOpQrSt",
            "20 letters or digits is an id"
        );
        let unknown = create(
            &app,
            &token,
            json!({"name": "Unknown", "voice_model_id": "nobody"}),
        )
        .await;
        assert_eq!(
            unknown["voiceId"], "21m00Tcm4TlvDq8ikWAM",
            "falls back to rachel"
        );
    })
    .await;
}

#[tokio::test]
async fn every_bad_field_is_a_422_naming_it_and_nothing_is_created() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let (status, body) = call(&app, Method::POST, "/api/agents", &token, json!({"description": "no name"})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "name");

        let bad = json!({"name": "", "type": "robot", "status": "live", "language": "english please", "model": {"temperature": 5, "maxTokens": 0, "provider": "skynet"}, "flow": [1]});
        let (status, body) = call(&app, Method::POST, "/api/agents", &token, bad).await;
        assert_error(status, &body, 422, "validation_failed");
        let mut fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
        fields.sort_unstable();
        assert_eq!(fields, ["flow", "language", "model.maxTokens", "model.provider", "model.temperature", "name", "status", "type"]);

        let (status, body) = call(&app, Method::POST, "/api/agents", &token, json!({"name": "X", "personalityId": "nope"})).await;
        assert_error(status, &body, 404, "personality_not_found");
        let (_, list) = app.get_as("/api/agents", &token).await;
        assert_eq!(list["meta"]["total"], 0);
    })
    .await;
}

#[tokio::test]
async fn lists_page_filter_search_and_sort() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        for (name, agent_type, status) in [
            ("Zeta sales", "sales", "active"),
            ("alpha support", "customer_support", "draft"),
            ("Beta Support", "customer_support", "active"),
        ] {
            create(
                &app,
                &token,
                json!({"name": name, "type": agent_type, "status": status}),
            )
            .await;
        }
        let (status, page) = app.get_as("/api/agents?limit=2", &token).await;
        assert_eq!(status, 200, "{page}");
        assert_eq!(page["meta"], json!({"page": 1, "limit": 2, "total": 3}));
        assert_eq!(
            page["data"][0]["name"], "Beta Support",
            "newest first by default"
        );
        let (_, second) = app.get_as("/api/agents?limit=2&page=2", &token).await;
        assert_eq!(second["data"].as_array().unwrap().len(), 1);

        let (_, filtered) = app
            .get_as("/api/agents?type=customer_support&status=active", &token)
            .await;
        assert_eq!(filtered["meta"]["total"], 1);
        let (_, all) = app.get_as("/api/agents?status=all&type=all", &token).await;
        assert_eq!(all["meta"]["total"], 3);
        let (_, searched) = app.get_as("/api/agents?search=SUPPORT", &token).await;
        assert_eq!(searched["meta"]["total"], 2, "case-insensitive");
        let (_, none) = app.get_as("/api/agents?search=%25", &token).await;
        assert_eq!(
            none["meta"]["total"], 0,
            "a % is a character, not a wildcard"
        );
        let (_, by_name) = app.get_as("/api/agents?sort=name", &token).await;
        let names: Vec<&str> = by_name["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["name"].as_str().unwrap())
            .collect();
        assert_eq!(names[0].to_lowercase(), "alpha support");

        let (status, body) = app.get_as("/api/agents?sort=size&limit=1000", &token).await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn configuration_changes_make_versions_and_status_changes_do_not() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let agent = create(
            &app,
            &token,
            json!({"name": "Nova", "instructions": "Be brief."}),
        )
        .await;
        let id = agent["id"].as_str().unwrap();
        let path = format!("/api/agents/{id}");

        let (_, same) = call(
            &app,
            Method::PUT,
            &path,
            &token,
            json!({"instructions": "Be brief."}),
        )
        .await;
        assert_eq!(same["data"]["currentVersion"], 1, "no change, no version");
        let (_, status_only) = call(
            &app,
            Method::PUT,
            &path,
            &token,
            json!({"status": "active"}),
        )
        .await;
        assert_eq!(status_only["data"]["status"], "active");
        assert_eq!(status_only["data"]["currentVersion"], 1);
        let (status, changed) = call(
            &app,
            Method::PUT,
            &path,
            &token,
            json!({"instructions": "Be thorough.", "greeting": "Hello!"}),
        )
        .await;
        assert_eq!(status, 200, "{changed}");
        assert_eq!(changed["data"]["currentVersion"], 2);
        assert_eq!(changed["data"]["name"], "Nova", "untouched fields stay");
        let (_, cleared) = call(
            &app,
            Method::PUT,
            &path,
            &token,
            json!({"voice_model_id": "george", "flow": {"nodes": [], "edges": []}}),
        )
        .await;
        assert_eq!(cleared["data"]["currentVersion"], 3);
        let (_, cleared) = call(&app, Method::PUT, &path, &token, json!({"flow": null})).await;
        assert_eq!(cleared["data"]["flow"], Value::Null);

        let (_, versions) = app.get_as(&format!("{path}/versions"), &token).await;
        let numbers: Vec<u64> = versions["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v["version"].as_u64().unwrap())
            .collect();
        assert_eq!(numbers, [4, 3, 2, 1]);
        assert_eq!(versions["data"][3]["config"]["instructions"], "Be brief.");

        let (status, restored) = call(
            &app,
            Method::POST,
            &format!("{path}/versions/1/restore"),
            &token,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{restored}");
        assert_eq!(restored["data"]["currentVersion"], 5);
        assert_eq!(restored["data"]["instructions"], "Be brief.");
        let (status, body) = call(
            &app,
            Method::POST,
            &format!("{path}/versions/99/restore"),
            &token,
            json!({}),
        )
        .await;
        assert_error(status, &body, 404, "version_not_found");
    })
    .await;
}

#[tokio::test]
async fn deploying_points_an_environment_at_a_version() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let agent = create(&app, &token, json!({"name": "Nova"})).await;
        let path = format!("/api/agents/{}", agent["id"].as_str().unwrap());
        call(&app, Method::PUT, &path, &token, json!({"greeting": "v2"})).await;

        let (status, deployed) = call(
            &app,
            Method::POST,
            &format!("{path}/deploy"),
            &token,
            json!({"environment": "production", "configuration": {"channel": "web"}}),
        )
        .await;
        assert_eq!(status, 200, "{deployed}");
        assert_eq!(
            deployed["data"]["version"], 2,
            "the current version by default"
        );
        let (_, rollback) = call(
            &app,
            Method::POST,
            &format!("{path}/deploy"),
            &token,
            json!({"environment": "production", "version": 1}),
        )
        .await;
        assert_eq!(
            rollback["data"]["version"], 1,
            "rolling back is deploying an older version"
        );
        call(
            &app,
            Method::POST,
            &format!("{path}/deploy"),
            &token,
            json!({"environment": "staging"}),
        )
        .await;

        let (_, agent) = app.get_as(&path, &token).await;
        let deployments = agent["data"]["deployments"].as_array().unwrap();
        assert_eq!(deployments.len(), 2);
        assert_eq!(
            (
                deployments[0]["environment"].as_str(),
                deployments[0]["version"].as_u64()
            ),
            (Some("staging"), Some(2))
        );
        assert_eq!(
            (
                deployments[1]["environment"].as_str(),
                deployments[1]["version"].as_u64()
            ),
            (Some("production"), Some(1))
        );

        let (status, body) = call(
            &app,
            Method::POST,
            &format!("{path}/deploy"),
            &token,
            json!({"environment": "moon"}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = call(
            &app,
            Method::POST,
            &format!("{path}/deploy"),
            &token,
            json!({"environment": "development", "version": 7}),
        )
        .await;
        assert_error(status, &body, 404, "version_not_found");
    })
    .await;
}

#[tokio::test]
async fn duplicate_last_active_analytics_and_share() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let agent = create(
            &app,
            &token,
            json!({"name": "Nova", "status": "active", "greeting": "Hi"}),
        )
        .await;
        let path = format!("/api/agents/{}", agent["id"].as_str().unwrap());

        let (status, copy) = call(
            &app,
            Method::POST,
            &format!("{path}/duplicate"),
            &token,
            json!({"name": "Nova 2"}),
        )
        .await;
        assert_eq!(status, 201);
        assert_eq!(
            (
                copy["data"]["name"].as_str(),
                copy["data"]["greeting"].as_str(),
                copy["data"]["status"].as_str()
            ),
            (Some("Nova 2"), Some("Hi"), Some("draft"))
        );
        assert_ne!(copy["data"]["id"], agent["id"]);
        let (_, default_name) = call(
            &app,
            Method::POST,
            &format!("{path}/duplicate"),
            &token,
            json!({}),
        )
        .await;
        assert_eq!(default_name["data"]["name"], "Nova (copy)");

        let (status, touched) = call(
            &app,
            Method::PATCH,
            &format!("{path}/last-active"),
            &token,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (_, agent_now) = app.get_as(&path, &token).await;
        assert_eq!(
            agent_now["data"]["lastActiveAt"],
            touched["data"]["lastActiveAt"]
        );

        let (_, month) = app.get_as(&format!("{path}/analytics"), &token).await;
        assert_eq!(month["data"]["period"], "month");
        assert_eq!(month["data"]["series"].as_array().unwrap().len(), 30);
        assert_eq!(month["data"]["totals"]["conversations"], 0);
        for (period, buckets) in [("day", 24), ("week", 7), ("year", 12)] {
            let (_, body) = app
                .get_as(&format!("{path}/analytics?period={period}"), &token)
                .await;
            assert_eq!(
                body["data"]["series"].as_array().unwrap().len(),
                buckets,
                "{period}"
            );
        }
        let (status, body) = app
            .get_as(&format!("{path}/analytics?period=decade"), &token)
            .await;
        assert_error(status, &body, 422, "validation_failed");

        let (_, shared) = call(
            &app,
            Method::POST,
            &format!("{path}/share"),
            &token,
            json!({"public": true}),
        )
        .await;
        assert_eq!(shared["data"]["sharedPublicly"], true);
        assert!(shared["data"]["url"].as_str().unwrap().contains(&format!(
            "/user/chat/{}?share=",
            agent["id"].as_str().unwrap()
        )));
        let (_, unshared) = call(
            &app,
            Method::POST,
            &format!("{path}/share"),
            &token,
            json!({"public": false}),
        )
        .await;
        assert_eq!(
            unshared["data"],
            json!({"sharedPublicly": false, "url": null, "teamId": null})
        );
    })
    .await;
}

#[tokio::test]
async fn templates_cover_every_type_and_create_agents() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let (_, templates) = app.get_as("/api/agents/templates", &token).await;
        let mut types: Vec<&str> = templates["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["type"].as_str().unwrap())
            .collect();
        types.sort_unstable();
        assert_eq!(
            types,
            [
                "custom",
                "customer_success",
                "customer_support",
                "ecommerce",
                "general",
                "sales",
                "sdr"
            ]
        );

        let (status, agent) = call(
            &app,
            Method::POST,
            "/api/agents/from-template",
            &token,
            json!({"templateId": "customer-support", "name": "Helpdesk"}),
        )
        .await;
        assert_eq!(status, 201, "{agent}");
        assert_eq!(agent["data"]["name"], "Helpdesk");
        assert_eq!(agent["data"]["type"], "customer_support");
        assert_eq!(agent["data"]["personalityId"], "builtin-empathetic");
        assert!(agent["data"]["instructions"].as_str().unwrap().len() > 100);
        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/from-template",
            &token,
            json!({"templateId": "nope"}),
        )
        .await;
        assert_error(status, &body, 404, "template_not_found");

        let (_, voices) = app.get_as("/api/agents/voices", &token).await;
        assert!(
            voices["data"]
                .as_array()
                .unwrap()
                .iter()
                .any(|v| v["name"] == "rachel" && v["settings"]["stability"] == 0.7)
        );
    })
    .await;
}

#[tokio::test]
async fn ai_generate_drafts_a_prompt_specific_agent_offline() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let request = json!({"prompt": "Help shoppers of our bike store find the right bike and track orders.", "industry": "cycling", "useCase": "product advice"});
        let (status, draft) = call(&app, Method::POST, "/api/agents/ai-generate", &token, request.clone()).await;
        assert_eq!(status, 200, "{draft}");
        let data = &draft["data"];
        assert_eq!(data["generator"], "builtin");
        assert_eq!(data["agent"]["type"], "ecommerce");
        assert_eq!(data["agent"]["name"], "Cycling shopping concierge");
        assert!(data["agent"]["instructions"].as_str().unwrap().contains("bike store"));
        assert_eq!(data["voice"]["name"], data["agent"]["voice_model_id"]);
        let (_, again) = call(&app, Method::POST, "/api/agents/ai-generate", &token, request).await;
        assert_eq!(again["data"], draft["data"], "deterministic");

        let (status, body) = call(&app, Method::POST, "/api/agents/ai-generate", &token, json!({"prompt": " ", "complexity": "extreme"})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"].as_array().unwrap().len(), 2);
        // Longer than the document's maxLength as sent, even if not once trimmed.
        let long = format!("\t{}", "*".repeat(4000));
        let (status, body) = call(&app, Method::POST, "/api/agents/ai-generate", &token, json!({"prompt": long})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "prompt");
        let (_, list) = app.get_as("/api/agents", &token).await;
        assert_eq!(list["meta"]["total"], 0, "a draft is not saved");
    })
    .await;
}

#[tokio::test]
async fn an_exported_agent_imports_as_an_equal_agent() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let (_, personality) = call(&app, Method::POST, "/api/personalities", &token, json!({"name": "Pirate", "tone": "playful", "traits": ["bold"], "instructions": "Talk like a pirate."})).await;
        let original = create(
            &app,
            &token,
            json!({"name": "Nova", "type": "sales", "instructions": "Sell.", "greeting": "Ahoy", "language": "pt-BR", "personalityId": personality["data"]["id"],
                   "model": {"provider": "openai", "model": "gpt-4o-mini", "temperature": 0.3, "maxTokens": 500}, "voice_model_id": "daniel", "flow": {"nodes": [{"id": "start", "type": "start"}, {"id": "hi", "type": "message", "data": {"text": "Ahoy"}}], "edges": [{"id": "e1", "source": "start", "target": "hi"}]}}),
        )
        .await;
        let (status, exported) = app.get_as(&format!("/api/agents/{}/export", original["id"].as_str().unwrap()), &token).await;
        assert_eq!(status, 200, "{exported}");
        let document = exported["data"].clone();
        assert_eq!(document["format"], "agentforge.agent");
        assert_eq!(document["personality"]["name"], "Pirate");
        assert!(!document.to_string().contains(original["id"].as_str().unwrap()), "no ids of this server");

        let other = user(&app, "grace@example.com").await;
        let (status, imported) = call(&app, Method::POST, "/api/agents/import", &other, document).await;
        assert_eq!(status, 201, "{imported}");
        let imported = &imported["data"];
        for field in ["name", "type", "instructions", "greeting", "language", "model", "voice_model_id", "voiceId", "flow", "useKnowledgeBase", "voice_enabled"] {
            assert_eq!(imported[field], original[field], "{field}");
        }
        let (_, theirs) = app.get_as(&format!("/api/personalities/{}", imported["personalityId"].as_str().unwrap()), &other).await;
        assert_eq!(theirs["data"]["instructions"], "Talk like a pirate.");

        let (status, body) = call(&app, Method::POST, "/api/agents/import", &other, json!({"format": "other", "formatVersion": 1, "exportedAt": "2026-01-01T00:00:00Z", "agent": {}})).await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn bulk_operations_are_all_or_nothing() {
    for_each_engine(async |app| {
        let ada = user(&app, "ada@example.com").await;
        let grace = user(&app, "grace@example.com").await;
        let a = create(&app, &ada, json!({"name": "A"})).await["id"].clone();
        let b = create(&app, &ada, json!({"name": "B"})).await["id"].clone();
        let theirs = create(&app, &grace, json!({"name": "G"})).await["id"].clone();

        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-update",
            &ada,
            json!({"ids": [a, b, theirs], "changes": {"status": "paused"}}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");
        let (_, list) = app.get_as("/api/agents?status=paused", &ada).await;
        assert_eq!(list["meta"]["total"], 0, "nothing changed");

        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-update",
            &ada,
            json!({"ids": [a, b], "changes": {"status": "paused", "type": "sales"}}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert!(
            body["data"]
                .as_array()
                .unwrap()
                .iter()
                .all(|x| x["status"] == "paused"
                    && x["type"] == "sales"
                    && x["currentVersion"] == 2)
        );

        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-delete",
            &ada,
            json!({"ids": [a, theirs]}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");
        let (_, list) = app.get_as("/api/agents", &ada).await;
        assert_eq!(list["meta"]["total"], 2, "nothing deleted");
        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-delete",
            &ada,
            json!({"ids": [a, b]}),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["deleted"], 2);
        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-delete",
            &ada,
            json!({"ids": []}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (_, theirs_still) = app
            .get_as(&format!("/api/agents/{}", theirs.as_str().unwrap()), &grace)
            .await;
        assert_eq!(theirs_still["data"]["name"], "G");
    })
    .await;
}

#[tokio::test]
async fn another_users_agent_is_404_on_every_route() {
    for_each_engine(async |app| {
        let ada = user(&app, "ada@example.com").await;
        let grace = user(&app, "grace@example.com").await;
        let id = create(&app, &ada, json!({"name": "Private"})).await["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let base = format!("/api/agents/{id}");
        let attempts: Vec<(Method, String, Value)> = vec![
            (Method::GET, base.clone(), json!(null)),
            (Method::PUT, base.clone(), json!({"name": "Mine now"})),
            (Method::DELETE, base.clone(), json!(null)),
            (Method::POST, format!("{base}/duplicate"), json!({})),
            (Method::PATCH, format!("{base}/last-active"), json!({})),
            (Method::GET, format!("{base}/analytics"), json!(null)),
            (
                Method::POST,
                format!("{base}/deploy"),
                json!({"environment": "production"}),
            ),
            (Method::GET, format!("{base}/versions"), json!(null)),
            (
                Method::POST,
                format!("{base}/versions/1/restore"),
                json!({}),
            ),
            (Method::GET, format!("{base}/export"), json!(null)),
            (
                Method::POST,
                format!("{base}/share"),
                json!({"public": true}),
            ),
        ];
        for (method, path, body) in attempts {
            let (status, answer) = call(&app, method.clone(), &path, &grace, body).await;
            assert_error(status, &answer, 404, "agent_not_found");
            let _ = method;
        }
        let (_, still) = app.get_as(&base, &ada).await;
        assert_eq!(
            (
                still["data"]["name"].as_str(),
                still["data"]["sharedPublicly"].as_bool()
            ),
            (Some("Private"), Some(false))
        );
        let (status, _) = app.get_json(&base).await;
        assert_eq!(status, 401, "and nobody without a token");
    })
    .await;
}

#[tokio::test]
async fn personalities_built_in_are_shared_and_read_only_own_ones_private() {
    for_each_engine(async |app| {
        let ada = user(&app, "ada@example.com").await;
        let grace = user(&app, "grace@example.com").await;
        let (_, list) = app.get_as("/api/personalities", &ada).await;
        let built_in: Vec<&str> = list["data"].as_array().unwrap().iter().filter(|p| p["builtIn"] == true).map(|p| p["id"].as_str().unwrap()).collect();
        assert!(built_in.len() >= 4 && built_in.contains(&"builtin-friendly"));

        let (status, body) = call(&app, Method::PUT, "/api/personalities/builtin-friendly", &ada, json!({"name": "Mine"})).await;
        assert_error(status, &body, 403, "built_in_read_only");
        let (status, body) = call(&app, Method::POST, "/api/personalities", &ada, json!({"name": " ", "traits": [""]})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"].as_array().unwrap().len(), 2);

        let (status, created) = call(&app, Method::POST, "/api/personalities", &ada, json!({"name": "Pirate", "tone": "playful", "traits": ["bold"], "instructions": "Arr."})).await;
        assert_eq!(status, 201, "{created}");
        let path = format!("/api/personalities/{}", created["data"]["id"].as_str().unwrap());
        let (status, body) = app.get_as(&path, &grace).await;
        assert_error(status, &body, 404, "personality_not_found");
        let (status, body) = call(&app, Method::POST, "/api/agents", &grace, json!({"name": "X", "personalityId": created["data"]["id"]})).await;
        assert_error(status, &body, 404, "personality_not_found");

        let agent = create(&app, &ada, json!({"name": "Captain", "personalityId": created["data"]["id"]})).await;
        let (_, updated) = call(&app, Method::PUT, &path, &ada, json!({"name": "Pirate captain", "tone": "bold"})).await;
        assert_eq!(updated["data"]["name"], "Pirate captain");
        let (status, _) = call(&app, Method::DELETE, &path, &ada, json!(null)).await;
        assert_eq!(status, 200);
        let (status, agent) = app.get_as(&format!("/api/agents/{}", agent["id"].as_str().unwrap()), &ada).await;
        assert_eq!(status, 200, "the agent outlives its personality");
        assert_eq!(agent["data"]["name"], "Captain");
    })
    .await;
}

#[tokio::test]
async fn deleting_an_account_deletes_its_agents() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        create(&app, &token, json!({"name": "Nova"})).await;
        let (status, _) = call(
            &app,
            Method::DELETE,
            "/api/settings/account",
            &token,
            json!({"password": PASSWORD}),
        )
        .await;
        assert_eq!(status, 200);
        let other = user(&app, "grace@example.com").await;
        let (_, list) = app.get_as("/api/agents", &other).await;
        assert_eq!(list["meta"]["total"], 0);
    })
    .await;
}

/// What the conformance run (conformance/run.sh) found the server and its
/// document disagreeing on, each answered as the document now says.
#[tokio::test]
async fn bodies_are_held_to_their_documented_shape() {
    for_each_engine(async |app| {
        let token = user(&app, "ada@example.com").await;
        let agent = create(&app, &token, json!({"name": "Nova"})).await;
        let path = format!("/api/agents/{}", agent["id"].as_str().unwrap());
        let post = async |suffix: &str, body: Value| {
            call(&app, Method::POST, &format!("{path}{suffix}"), &token, body).await
        };

        // A duplicate's given name is checked like any agent's, not cut.
        let (status, body) = post("/duplicate", json!({"name": "n".repeat(101)})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "name", "{body}");

        // Sharing names at least one change, and `public` is a boolean.
        let (status, body) = post("/share", json!({})).await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post("/share", json!({"public": null})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "public", "{body}");

        // Every body is an object: serde would read a struct from an array.
        let (status, body) = post("/share", json!([null, null])).await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post("/duplicate", json!(["Copy"])).await;
        assert_error(status, &body, 422, "validation_failed");

        // A version in the path that is no whole number is a bad request.
        let (status, body) = post("/versions/-1/restore", json!({})).await;
        assert_error(status, &body, 400, "bad_request");

        // JSON Schema counts 1.0 as an integer, and so does the server.
        let (status, body) = post(
            "/deploy",
            json!({"environment": "development", "version": 1.0}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = post(
            "/deploy",
            json!({"environment": "development", "version": 1.5}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");

        // A bulk change names a status or a type, never null.
        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/bulk-update",
            &token,
            json!({"ids": [agent["id"]], "changes": {"status": null}}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");

        // A generated draft's name keeps to what a name may hold, whatever the industry.
        let industry = format!("Dental\u{202E}{}", "x".repeat(150));
        let (status, body) = call(
            &app,
            Method::POST,
            "/api/agents/ai-generate",
            &token,
            json!({"prompt": "Answer questions", "industry": industry}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let name = body["data"]["agent"]["name"].as_str().unwrap();
        assert!(
            name.chars().count() <= 100 && !name.contains('\u{202E}'),
            "{name}"
        );
    })
    .await;
}
