//! Chatting with agents: the built-in responder, streaming, knowledge with
//! citations, a real provider stood in over HTTP, and every refusal.

use serde_json::{Value, json};

use crate::fixtures::{self, StandIn, agent, chat_stream, eventually, post, sign_up, upload};
use crate::helpers::{Engine, TestApp, assert_error, engines, for_each_engine};

#[tokio::test]
async fn the_builtin_responder_answers_and_both_messages_are_kept() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Concierge", "greeting": "Welcome to Acme! How can I help?", "description": "Answers questions about Acme."})).await;

        let (status, body) = post(&app, &format!("/api/agents/{id}/chat"), &token, json!({"message": "Hello"})).await;
        assert_eq!(status, 200, "{body}");
        let data = &body["data"];
        let conversation_id = data["conversationId"].as_str().unwrap().to_owned();
        assert_eq!(data["userMessage"]["role"], "user");
        assert_eq!(data["userMessage"]["content"], "Hello");
        let answer = &data["message"];
        assert_eq!(answer["role"], "assistant");
        assert_eq!(answer["status"], "complete");
        assert_eq!(answer["content"], "Welcome to Acme! How can I help?");
        assert_eq!(answer["provider"], "builtin");
        assert!(answer["notice"].as_str().unwrap().contains("No language model is connected"));
        assert!(answer["tokensOut"].as_u64().unwrap() > 0);
        assert!(answer["latencyMs"].is_u64());

        // A question it has no knowledge for: it says so rather than inventing.
        let (status, body) = post(&app, &format!("/api/agents/{id}/chat"), &token, json!({"message": "What is the capital of Peru?", "conversationId": conversation_id})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["conversationId"], conversation_id.as_str());
        let text = body["data"]["message"]["content"].as_str().unwrap();
        assert!(text.contains("won't guess") && !text.contains("Lima"), "{text}");

        let (_, messages) = app.get_as(&format!("/api/conversations/{conversation_id}/messages"), &token).await;
        let roles: Vec<&str> = messages["data"].as_array().unwrap().iter().map(|m| m["role"].as_str().unwrap()).collect();
        assert_eq!(roles, ["user", "assistant", "user", "assistant"]);
        let (_, conversation) = app.get_as(&format!("/api/conversations/{conversation_id}"), &token).await;
        assert_eq!(conversation["data"]["messageCount"], 4);
        assert_eq!(conversation["data"]["title"], "Hello");
        assert_eq!(conversation["data"]["agentName"], "Concierge");
        assert_eq!(conversation["data"]["channel"], "web");
        assert_eq!(conversation["data"]["status"], "active");

        // The agent is now active in the analytics and its last activity is set.
        let (_, analytics) = app.get_as(&format!("/api/agents/{id}/analytics?period=day"), &token).await;
        let totals = &analytics["data"]["totals"];
        assert_eq!(totals["conversations"], 1);
        assert_eq!(totals["messages"], 4);
        assert_eq!(totals["users"], 1);
        assert!(totals["avgResponseMs"].is_number() && totals["p95ResponseMs"].is_number());
        let series_messages: u64 = analytics["data"]["series"].as_array().unwrap().iter().map(|b| b["messages"].as_u64().unwrap()).sum();
        assert_eq!(series_messages, 4);
        let (_, agent_body) = app.get_as(&format!("/api/agents/{id}"), &token).await;
        assert!(agent_body["data"]["lastActiveAt"].is_string());
    })
    .await;
}

#[tokio::test]
async fn a_streamed_turn_sends_start_deltas_and_end_and_stores_the_same_text() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(
            &app,
            &token,
            json!({"name": "Streamer", "greeting": "Hi there, I stream my answers word by word."}),
        )
        .await;
        let events = chat_stream(&app, &id, &token, json!({"message": "hello"})).await;
        let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names.first(), Some(&"start"));
        assert_eq!(names.last(), Some(&"end"));
        assert!(
            names.iter().filter(|n| **n == "delta").count() > 3,
            "{names:?}"
        );
        let start = &events[0].1;
        assert_eq!(start["provider"], "builtin");
        assert_eq!(start["userMessage"]["content"], "hello");
        let streamed: String = events
            .iter()
            .filter(|(n, _)| n == "delta")
            .map(|(_, d)| d["text"].as_str().unwrap())
            .collect();
        let end = &events.last().unwrap().1["message"];
        assert_eq!(end["content"], streamed.as_str());
        assert_eq!(end["id"], start["messageId"]);
        assert_eq!(end["status"], "complete");
        let conversation_id = start["conversationId"].as_str().unwrap();
        let (_, messages) = app
            .get_as(
                &format!("/api/conversations/{conversation_id}/messages"),
                &token,
            )
            .await;
        assert_eq!(messages["data"][1]["content"], streamed.as_str());

        // `"stream": true` in the body works as well as the Accept header.
        let response = app
            .client
            .post(app.url(&format!("/api/agents/{id}/chat")))
            .bearer_auth(&token)
            .json(&json!({"message": "hello again", "stream": true}))
            .send()
            .await
            .unwrap();
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/event-stream")
        );
    })
    .await;
}

#[tokio::test]
async fn documents_are_indexed_and_answers_cite_them() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Support"})).await;
        let pdf = fixtures::pdf(&[
            "Acme Refund Policy",
            "Refunds are issued within 14 days of receiving the returned item.",
            "Shipping costs are not refunded.",
        ]);
        let docx = fixtures::docx(&[
            "Warranty terms",
            "Every Acme kettle carries a two year warranty covering the heating element.",
        ]);

        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            Some(&id),
            &[("refunds.pdf", pdf)],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["name"], "refunds.pdf");
        assert_eq!(body["data"]["contentType"], "application/pdf");
        assert_eq!(body["data"]["status"], "ready");
        assert!(body["data"]["passageCount"].as_u64().unwrap() >= 1);
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            Some(&id),
            &[("warranty.docx", docx)],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (_, documents) = app
            .get_as(&format!("/api/agents/{id}/documents"), &token)
            .await;
        assert_eq!(documents["data"].as_array().unwrap().len(), 2);

        // The answer quotes the PDF and cites it.
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "How long do refunds take?"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let answer = &body["data"]["message"];
        let citations = answer["citations"].as_array().unwrap();
        assert_eq!(citations[0]["documentName"], "refunds.pdf", "{answer}");
        assert!(
            citations[0]["excerpt"]
                .as_str()
                .unwrap()
                .contains("14 days")
        );
        assert!(
            answer["content"]
                .as_str()
                .unwrap()
                .contains("within 14 days"),
            "{answer}"
        );
        assert!(answer["content"].as_str().unwrap().contains("refunds.pdf"));

        // The DOCX answers its own question.
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "What warranty does the kettle have?"}),
        )
        .await;
        assert_eq!(
            body["data"]["message"]["citations"][0]["documentName"],
            "warranty.docx"
        );

        // useKnowledgeBase false: no search, no citations.
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "How long do refunds take?", "useKnowledgeBase": false}),
        )
        .await;
        assert_eq!(body["data"]["message"]["citations"], json!([]));

        // Deleting a document removes it from search.
        let pdf_id = documents["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|d| d["name"] == "refunds.pdf")
            .unwrap()["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, _) = app
            .send_json(
                reqwest::Method::DELETE,
                &format!("/api/agents/{id}/documents/{pdf_id}"),
                Some(&token),
                &json!({}),
            )
            .await;
        assert_eq!(status, 200);
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "How long do refunds take?"}),
        )
        .await;
        assert!(
            body["data"]["message"]["citations"]
                .as_array()
                .unwrap()
                .iter()
                .all(|c| c["documentName"] != "refunds.pdf")
        );
    })
    .await;
}

#[tokio::test]
async fn bad_files_are_refused_by_name_and_nothing_is_kept() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Support"})).await;
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            Some(&id),
            &[("virus.exe", b"MZ\x90\x00".to_vec())],
        )
        .await;
        assert_error(status, &body, 422, "unsupported_file_type");
        assert!(body["message"].as_str().unwrap().contains("virus.exe"));
        assert_eq!(body["errors"][0]["field"], "file");
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            Some(&id),
            &[("broken.pdf", b"%PDF-1.7\n garbage".to_vec())],
        )
        .await;
        assert_error(status, &body, 422, "unreadable_file");
        assert!(body["message"].as_str().unwrap().starts_with("broken.pdf"));
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            Some(&id),
            &[("data.json", b"{not json".to_vec())],
        )
        .await;
        assert_error(status, &body, 422, "unreadable_file");
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &token,
            None,
            &[("a.txt", b"text".to_vec())],
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "agentId");
        let (status, body) = upload(&app, "/api/upload/document", &token, Some(&id), &[]).await;
        assert_error(status, &body, 422, "validation_failed");

        // Bulk: one bad file refuses them all.
        let (status, body) = upload(
            &app,
            "/api/upload/bulk",
            &token,
            Some(&id),
            &[
                ("good.md", b"# Hours\nOpen 9 to 5.".to_vec()),
                ("bad.docx", b"not a zip".to_vec()),
            ],
        )
        .await;
        assert_error(status, &body, 422, "unreadable_file");
        assert!(body["message"].as_str().unwrap().contains("bad.docx"));
        let (_, documents) = app
            .get_as(&format!("/api/agents/{id}/documents"), &token)
            .await;
        assert_eq!(documents["data"], json!([]));
        let (status, body) = upload(
            &app,
            "/api/upload/bulk",
            &token,
            Some(&id),
            &[
                ("hours.md", b"# Hours\nOpen 9 to 5.".to_vec()),
                (
                    "faq.csv",
                    b"question,answer\nParking?,Free behind the store\n".to_vec(),
                ),
                (
                    "page.html",
                    b"<h1>About</h1><p>Family run since 1990.</p>".to_vec(),
                ),
            ],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"].as_array().unwrap().len(), 3);
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "Is parking free?"}),
        )
        .await;
        assert_eq!(
            body["data"]["message"]["citations"][0]["documentName"],
            "faq.csv"
        );

        // Someone else's agent does not exist for uploads either.
        let other = sign_up(&app, "eve@example.com").await;
        let (status, body) = upload(
            &app,
            "/api/upload/document",
            &other,
            Some(&id),
            &[("a.txt", b"text".to_vec())],
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");
        let (status, _) = app
            .get_as(&format!("/api/agents/{id}/documents"), &other)
            .await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn an_upload_over_the_limit_is_413_naming_the_file() {
    let app = TestApp::spawn(Engine::Sqlite, &[("AGENTFORGE_UPLOAD_MAX_BYTES", "2048")]).await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Support"})).await;
    let (status, body) = upload(
        &app,
        "/api/upload/document",
        &token,
        Some(&id),
        &[("big.txt", vec![b'a'; 4096])],
    )
    .await;
    assert_error(status, &body, 413, "file_too_large");
    assert!(body["message"].as_str().unwrap().contains("big.txt"));
}

/// Sends a multipart form of text `fields` and one small file.
async fn send_form(
    app: &TestApp,
    token: &str,
    fields: Vec<(&'static str, String)>,
) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new();
    for (name, value) in fields {
        form = form.text(name, value);
    }
    form = form.part(
        "file",
        reqwest::multipart::Part::bytes(b"Refunds take 14 days.".to_vec()).file_name("a.txt"),
    );
    fixtures::send_form(app, "/api/upload/document", token, form).await
}

/// Issue 12's attack: a 1 GB `agentId` was buffered whole. Every text field,
/// the number of parts and the whole form are bounded, and nothing is kept.
#[tokio::test]
async fn multipart_forms_are_bounded_in_fields_parts_and_size() {
    let app = TestApp::spawn(Engine::Sqlite, &[("AGENTFORGE_UPLOAD_MAX_BYTES", "2048")]).await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Support"})).await;

    // An id longer than any id (1 MB): 422 naming the field.
    let (status, body) = send_form(&app, &token, vec![("agentId", "a".repeat(1024 * 1024))]).await;
    assert_error(status, &body, 422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "agentId", "{body}");

    // More parts than a form of one file needs.
    let mut fields = vec![("agentId", id.clone())];
    fields.extend((0..40).map(|_| ("note", "x".to_owned())));
    let (status, body) = send_form(&app, &token, fields).await;
    assert_error(status, &body, 413, "payload_too_large");

    // A field nobody reads still counts towards the form's size.
    let fields = vec![("agentId", id.clone()), ("note", "x".repeat(200 * 1024))];
    let (status, body) = send_form(&app, &token, fields).await;
    assert_error(status, &body, 413, "payload_too_large");

    let (_, documents) = app
        .get_as(&format!("/api/agents/{id}/documents"), &token)
        .await;
    assert_eq!(
        documents["data"].as_array().unwrap().len(),
        0,
        "{documents}"
    );
    // The same form within its bounds is taken.
    let (status, body) = send_form(&app, &token, vec![("agentId", id.clone())]).await;
    assert_eq!(status, 201, "{body}");
}

#[tokio::test]
async fn images_are_recognised_by_content_and_served_back() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let token = sign_up(&app, "ada@example.com").await;
    let png = b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR\x00\x00\x00\x01\x00\x00\x00\x01\x08\x06\x00\x00\x00\x1f\x15\xc4\x89".to_vec();
    let (status, body) = upload(
        &app,
        "/api/upload/image",
        &token,
        None,
        &[("avatar.png", png.clone())],
    )
    .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["contentType"], "image/png");
    let response = app.get(body["data"]["url"].as_str().unwrap()).await;
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "image/png");
    assert_eq!(response.bytes().await.unwrap().to_vec(), png);
    let (status, body) = upload(
        &app,
        "/api/upload/image",
        &token,
        None,
        &[("evil.png", b"<svg onload=alert(1)>".to_vec())],
    )
    .await;
    assert_error(status, &body, 422, "unsupported_file_type");
}

#[tokio::test]
async fn bad_turns_are_refused_and_change_nothing() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Support"})).await;
        let chat = format!("/api/agents/{id}/chat");
        let (status, body) = post(&app, &chat, &token, json!({"message": "   "})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "message");
        let (status, body) =
            post(&app, &chat, &token, json!({"message": "x".repeat(32_001)})).await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post(
            &app,
            &chat,
            &token,
            json!({"message": "hi", "conversationId": "nope"}),
        )
        .await;
        assert_error(status, &body, 404, "conversation_not_found");
        let (status, body) = post(
            &app,
            "/api/agents/nope/chat",
            &token,
            json!({"message": "hi"}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");

        // An agent naming a provider this server has no connection for.
        let (status, _) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/agents/{id}"),
                Some(&token),
                &json!({"model": {"provider": "openai"}}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, body) = post(&app, &chat, &token, json!({"message": "hi"})).await;
        assert_error(status, &body, 409, "provider_not_configured");
        app.send_json(
            reqwest::Method::PUT,
            &format!("/api/agents/{id}"),
            Some(&token),
            &json!({"model": {"provider": null}}),
        )
        .await;

        // Paused and archived agents take no messages.
        for status_name in ["paused", "archived"] {
            app.send_json(
                reqwest::Method::PUT,
                &format!("/api/agents/{id}"),
                Some(&token),
                &json!({"status": status_name}),
            )
            .await;
            let (status, body) = post(&app, &chat, &token, json!({"message": "hi"})).await;
            assert_error(status, &body, 409, "agent_inactive");
        }
        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"]["total"], 0, "refusals stored nothing: {list}");

        // An ended conversation takes no more messages.
        app.send_json(
            reqwest::Method::PUT,
            &format!("/api/agents/{id}"),
            Some(&token),
            &json!({"status": "active"}),
        )
        .await;
        let (_, body) = post(&app, &chat, &token, json!({"message": "hi"})).await;
        let conversation_id = body["data"]["conversationId"].as_str().unwrap().to_owned();
        let (status, ended) = post(
            &app,
            &format!("/api/conversations/{conversation_id}/end"),
            &token,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(ended["data"]["status"], "ended");
        assert!(ended["data"]["endedAt"].is_string());
        let (status, body) = post(
            &app,
            &chat,
            &token,
            json!({"message": "again", "conversationId": conversation_id}),
        )
        .await;
        assert_error(status, &body, 409, "conversation_ended");
    })
    .await;
}

#[tokio::test]
async fn others_see_nothing_unless_the_agent_is_shared_publicly() {
    for_each_engine(async |app| {
        let owner = sign_up(&app, "ada@example.com").await;
        let guest = sign_up(&app, "bob@example.com").await;
        let id = agent(
            &app,
            &owner,
            json!({"name": "Shop", "greeting": "Welcome to the shop!"}),
        )
        .await;
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &owner,
            json!({"message": "hi"}),
        )
        .await;
        let owners_conversation = body["data"]["conversationId"].as_str().unwrap().to_owned();

        for path in [
            format!("/api/conversations/{owners_conversation}"),
            format!("/api/conversations/{owners_conversation}/messages"),
            format!("/api/conversations/{owners_conversation}/export"),
            format!("/api/agents/{id}/conversations"),
            format!("/api/agents/{id}/conversations/{owners_conversation}"),
            format!("/api/agents/{id}/public"),
        ] {
            let (status, _) = app.get_as(&path, &guest).await;
            assert_eq!(status, 404, "{path}");
        }
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &guest,
            json!({"message": "hi"}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");
        let (status, _) = app
            .send_json(
                reqwest::Method::DELETE,
                &format!("/api/conversations/{owners_conversation}"),
                Some(&guest),
                &json!({}),
            )
            .await;
        assert_eq!(status, 404);
        let (_, list) = app.get_as("/api/conversations", &guest).await;
        assert_eq!(list["meta"]["total"], 0);

        // Through the public link the guest can chat, and sees only their own conversation.
        let (_, share) = post(
            &app,
            &format!("/api/agents/{id}/share"),
            &owner,
            json!({"public": true}),
        )
        .await;
        let url = share["data"]["url"].as_str().unwrap();
        let share_token = url.split("share=").nth(1).unwrap();
        let (status, public) = app
            .get_as(
                &format!("/api/agents/{id}/public?share={share_token}"),
                &guest,
            )
            .await;
        assert_eq!(status, 200, "{public}");
        assert_eq!(public["data"]["name"], "Shop");
        assert_eq!(public["data"]["greeting"], "Welcome to the shop!");
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &guest,
            json!({"message": "hello", "shareToken": share_token}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let guests_conversation = body["data"]["conversationId"].as_str().unwrap().to_owned();
        let (_, list) = app
            .get_as(&format!("/api/conversations?agentId={id}"), &guest)
            .await;
        assert_eq!(list["meta"]["total"], 1);
        assert_eq!(list["data"][0]["id"], guests_conversation.as_str());
        // The owner sees both.
        let (_, list) = app
            .get_as(&format!("/api/agents/{id}/conversations"), &owner)
            .await;
        assert_eq!(list["meta"]["total"], 2);
        // A wrong token is no token.
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &guest,
            json!({"message": "hi", "shareToken": "wrong"}),
        )
        .await;
        assert_eq!(status, 404);
        // Unsharing closes the door.
        post(
            &app,
            &format!("/api/agents/{id}/share"),
            &owner,
            json!({"public": false}),
        )
        .await;
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &guest,
            json!({"message": "hi", "shareToken": share_token}),
        )
        .await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn an_openai_compatible_provider_streams_through_agentforge() {
    for engine in engines() {
        let stand_in = StandIn::start().await;
        let app = TestApp::spawn(
            engine,
            &[
                ("AGENTFORGE_LLM_PROVIDER", "openai"),
                ("AGENTFORGE_LLM_BASE_URL", &stand_in.base_url),
                ("AGENTFORGE_LLM_API_KEY", "good-key"),
                ("AGENTFORGE_LLM_MODEL", "stand-in-1"),
            ],
        )
        .await;
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Model", "instructions": "You are a terse assistant.", "model": {"temperature": 0.3, "maxTokens": 256}})).await;

        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "ping"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let answer = &body["data"]["message"];
        assert_eq!(answer["content"], "The stand-in answers: ping");
        assert_eq!(answer["provider"], "openai");
        assert_eq!(answer["model"], "stand-in-1");
        assert_eq!(answer["tokensIn"], 42);
        assert_eq!(answer["tokensOut"], 7);
        assert!(answer["notice"].is_null());
        let conversation_id = body["data"]["conversationId"].as_str().unwrap().to_owned();

        let events = chat_stream(
            &app,
            &id,
            &token,
            json!({"message": "pong", "conversationId": conversation_id}),
        )
        .await;
        let streamed: String = events
            .iter()
            .filter(|(n, _)| n == "delta")
            .map(|(_, d)| d["text"].as_str().unwrap())
            .collect();
        assert_eq!(streamed, "The stand-in answers: pong");
        assert_eq!(events.last().unwrap().1["message"]["tokensIn"], 42);

        // What the provider received: the instructions, the earlier turns, the settings.
        let requests = stand_in.requests();
        let last = requests.last().unwrap();
        assert_eq!(last["model"], "stand-in-1");
        assert_eq!(last["temperature"], 0.3);
        assert_eq!(last["max_tokens"], 256);
        let messages = last["messages"].as_array().unwrap();
        assert!(
            messages[0]["content"]
                .as_str()
                .unwrap()
                .starts_with("You are a terse assistant.")
        );
        let contents: Vec<&str> = messages[1..]
            .iter()
            .map(|m| m["content"].as_str().unwrap())
            .collect();
        assert_eq!(contents, ["ping", "The stand-in answers: ping", "pong"]);
        // includeContext false sends the question alone.
        post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "alone", "conversationId": conversation_id, "includeContext": false}),
        )
        .await;
        let requests = stand_in.requests();
        assert_eq!(
            requests.last().unwrap()["messages"]
                .as_array()
                .unwrap()
                .len(),
            2
        );
    }
}

#[tokio::test]
async fn provider_failures_are_words_and_leave_a_consistent_conversation() {
    let stand_in = StandIn::start().await;
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &stand_in.base_url),
            ("AGENTFORGE_LLM_API_KEY", "bad-key"),
        ],
    )
    .await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Model"})).await;
    let (status, body) = post(
        &app,
        &format!("/api/agents/{id}/chat"),
        &token,
        json!({"message": "hi"}),
    )
    .await;
    assert_error(status, &body, 502, "provider_auth_failed");
    assert!(body["message"].as_str().unwrap().contains("API key"));

    let events = chat_stream(&app, &id, &token, json!({"message": "hi"})).await;
    let (name, data) = events.last().unwrap();
    assert_eq!(name, "error");
    assert_eq!(data["error"], "provider_auth_failed");
    let conversation_id = events[0].1["conversationId"].as_str().unwrap();
    let (_, messages) = app
        .get_as(
            &format!("/api/conversations/{conversation_id}/messages"),
            &token,
        )
        .await;
    let answer = &messages["data"][1];
    assert_eq!(answer["status"], "failed");
    assert!(answer["error"].as_str().unwrap().contains("API key"));
    // The built-in responder still works for an agent that asks for it.
    app.send_json(
        reqwest::Method::PUT,
        &format!("/api/agents/{id}"),
        Some(&token),
        &json!({"model": {"provider": "builtin"}}),
    )
    .await;
    let (status, body) = post(
        &app,
        &format!("/api/agents/{id}/chat"),
        &token,
        json!({"message": "hi"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["message"]["provider"], "builtin");
}

#[tokio::test]
async fn a_client_leaving_mid_stream_leaves_the_partial_answer_stored() {
    let stand_in = StandIn::start().await;
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &stand_in.base_url),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
        ],
    )
    .await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Model"})).await;
    let response = app
        .client
        .post(app.url(&format!("/api/agents/{id}/chat")))
        .bearer_auth(&token)
        .header("accept", "text/event-stream")
        .json(&json!({"message": "tell me something slow"}))
        .send()
        .await
        .unwrap();
    let mut bytes = futures_util::StreamExt::boxed(response.bytes_stream());
    let mut decoder = agentforge_llm::SseDecoder::new();
    let mut conversation_id = None;
    let mut deltas = 0;
    while deltas < 3 {
        let chunk = futures_util::StreamExt::next(&mut bytes)
            .await
            .unwrap()
            .unwrap();
        for event in decoder.push(&chunk) {
            let data: Value = serde_json::from_str(&event.data).unwrap();
            match event.event.as_str() {
                "start" => conversation_id = data["conversationId"].as_str().map(str::to_owned),
                "delta" => deltas += 1,
                _ => {}
            }
        }
    }
    drop(bytes);
    let conversation_id = conversation_id.unwrap();
    let path = format!("/api/conversations/{conversation_id}/messages");
    // The answer's row is there from the start, `streaming` until it is closed.
    eventually(|| async {
        let (_, messages) = app.get_as(&path, &token).await;
        messages["data"][1]["status"] != "streaming"
    })
    .await;
    let (_, messages) = app.get_as(&path, &token).await;
    let answer = &messages["data"][1];
    assert_eq!(answer["status"], "partial", "{answer}");
    let content = answer["content"].as_str().unwrap();
    assert!(content.starts_with("The stand-in answers"), "{content}");
    assert!(
        !content.contains("more199"),
        "the whole answer was not produced"
    );
}

#[tokio::test]
async fn a_chat_turn_may_outlast_the_general_request_timeout() {
    let stand_in = StandIn::start().await;
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_LLM_PROVIDER", "openai"),
            ("AGENTFORGE_LLM_BASE_URL", &stand_in.base_url),
            ("AGENTFORGE_LLM_API_KEY", "good-key"),
            ("AGENTFORGE_REQUEST_TIMEOUT_SECONDS", "1"),
        ],
    )
    .await;
    let token = sign_up(&app, "ada@example.com").await;
    let id = agent(&app, &token, json!({"name": "Thinker"})).await;
    let started = std::time::Instant::now();
    let (status, body) = post(
        &app,
        &format!("/api/agents/{id}/chat"),
        &token,
        json!({"message": "a slow one, please"}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    assert!(
        started.elapsed() > std::time::Duration::from_secs(1),
        "the answer took longer than the general timeout"
    );
    assert_eq!(
        body["data"]["message"]["content"],
        "The stand-in answers: a slow one, please"
    );
}
