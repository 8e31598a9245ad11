//! Conversations: listing with filters, ending, exporting, deleting; the
//! realtime socket (across two instances on PostgreSQL); the dashboard.

use futures_util::SinkExt;
use serde_json::json;
use tokio_tungstenite::tungstenite::Message as Frame;

use crate::client::Expected;
use crate::fixtures::{agent, events_until, next_event, post, sign_up, socket};
use crate::helpers::{Engine, TestApp, assert_error, engines, for_each_engine};

async fn chat(app: &TestApp, agent_id: &str, token: &str, message: &str) -> String {
    let (status, body) = post(
        app,
        &format!("/api/agents/{agent_id}/chat"),
        token,
        json!({"message": message}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["conversationId"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn conversations_are_listed_filtered_exported_and_deleted() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let about = "Answers questions about plans and prices. ".repeat(8);
        let sales = agent(&app, &token, json!({"name": "Sales", "description": about})).await;
        let support = agent(&app, &token, json!({"name": "Support"})).await;
        let first = chat(&app, &sales, &token, "Pricing for teams").await;
        let second = chat(&app, &support, &token, "My kettle, is it broken?").await;
        let third = chat(&app, &support, &token, "Refund = please").await;

        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"], json!({"page": 1, "limit": 10, "total": 3}));
        let ids: Vec<&str> = list["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c["id"].as_str().unwrap())
            .collect();
        assert_eq!(
            ids,
            [third.as_str(), second.as_str(), first.as_str()],
            "latest activity first"
        );
        let last = &list["data"][0]["lastMessage"];
        assert_eq!(last["role"], "assistant", "{last}");
        assert!(
            last["text"]
                .as_str()
                .unwrap()
                .starts_with("I don't have anything on that"),
            "the latest message: {last}"
        );
        let long = list["data"][2]["lastMessage"]["text"].as_str().unwrap();
        assert!(
            long.contains("What I can help with: Answers questions"),
            "{long}"
        );
        assert_eq!(long.chars().count(), 200, "only its start: {long}");

        let (_, list) = app
            .get_as(&format!("/api/conversations?agentId={support}"), &token)
            .await;
        assert_eq!(list["meta"]["total"], 2);
        let (_, list) = app.get_as("/api/conversations?search=KETTLE", &token).await;
        assert_eq!(list["meta"]["total"], 1);
        assert_eq!(list["data"][0]["id"], second.as_str());
        // Search reaches message text, not only titles.
        let (_, list) = app
            .get_as("/api/conversations?search=won't%20guess", &token)
            .await;
        assert_eq!(list["meta"]["total"], 3);
        let (_, list) = app
            .get_as(
                "/api/conversations?channel=web&status=active&limit=2&page=2",
                &token,
            )
            .await;
        assert_eq!(list["meta"]["total"], 3);
        assert_eq!(list["data"].as_array().unwrap().len(), 1);
        let (_, list) = app
            .get_as("/api/conversations?from=2000-01-01&to=2000-12-31", &token)
            .await;
        assert_eq!(list["meta"]["total"], 0);
        let tomorrow = (chrono::Utc::now() + chrono::Duration::days(1)).to_rfc3339();
        let (_, list) = app
            .get_as(
                &format!("/api/conversations?to={}", tomorrow.replace('+', "%2B")),
                &token,
            )
            .await;
        assert_eq!(list["meta"]["total"], 3);
        for bad in [
            "status=open",
            "channel=fax",
            "from=yesterday",
            "page=0",
            "limit=1000",
        ] {
            let (status, body) = app
                .get_as(&format!("/api/conversations?{bad}"), &token)
                .await;
            assert_error(status, &body, 422, "validation_failed");
        }

        // Agent-scoped routes.
        let (_, list) = app
            .get_as(
                &format!("/api/agents/{sales}/conversations?page=1&limit=10"),
                &token,
            )
            .await;
        assert_eq!(list["meta"]["total"], 1);
        let (status, _) = app
            .get_as(
                &format!("/api/agents/{sales}/conversations/{second}"),
                &token,
            )
            .await;
        assert_eq!(status, 404, "a conversation of another agent");
        let (status, one) = app
            .get_as(
                &format!("/api/agents/{sales}/conversations/{first}"),
                &token,
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(one["data"]["agentName"], "Sales");

        // Export as JSON and CSV.
        let response = app
            .client
            .get(app.url(&format!("/api/conversations/{third}/export?format=csv")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        assert!(
            response.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        assert!(
            response.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains(&format!("conversation-{third}.csv"))
        );
        let csv = response.text().await.unwrap();
        let lines: Vec<&str> = csv.lines().collect();
        assert!(lines[0].starts_with("created_at,role,status,content"));
        assert!(
            lines[1].contains(",user,complete,Refund = please,"),
            "{csv}"
        );
        let response = app
            .client
            .get(app.url(&format!("/api/conversations/{third}/export")))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        // The document's shape, read strictly.
        let exported: agentforge_server::dto::TranscriptOut = response.json().await.unwrap();
        assert_eq!(exported.conversation.id, third);
        assert_eq!(exported.messages.len(), 2);
        let (status, body) = app
            .get_as(
                &format!("/api/conversations/{third}/export?format=pdf"),
                &token,
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");

        // Start one by hand, then delete through both routes.
        let (status, created) = post(
            &app,
            "/api/conversations",
            &token,
            json!({"agentId": sales, "channel": "api", "title": "From a script"}),
        )
        .await;
        assert_eq!(status, 201, "{created}");
        assert_eq!(created["data"]["channel"], "api");
        assert_eq!(created["data"]["messageCount"], 0);
        let (status, body) = post(
            &app,
            "/api/conversations",
            &token,
            json!({"agentId": sales, "channel": "fax"}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        // An id of blanks is an id the document allows, naming no agent.
        let (status, body) = post(
            &app,
            "/api/conversations",
            &token,
            json!({"agentId": "\u{b}"}),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        let (status, body) = post(&app, "/api/conversations", &token, json!({"agentId": ""})).await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, _) = app
            .send_json(
                reqwest::Method::DELETE,
                &format!("/api/conversations/{first}"),
                Some(&token),
                &json!({}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .send_json(
                reqwest::Method::DELETE,
                &format!("/api/agents/{support}/conversations/{second}"),
                Some(&token),
                &json!({}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .get_as(&format!("/api/conversations/{first}/messages"), &token)
            .await;
        assert_eq!(status, 404);
        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"]["total"], 2);

        // Deleting an agent takes its conversations along.
        app.send_json(
            reqwest::Method::DELETE,
            &format!("/api/agents/{support}"),
            Some(&token),
            &json!({}),
        )
        .await;
        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"]["total"], 1);
    })
    .await;
}

#[tokio::test]
async fn the_dashboard_counts_what_happened() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let (_, empty) = app.get_as("/api/analytics/dashboard", &token).await;
        assert_eq!(empty["data"]["overview"]["totalConversations"], 0);
        assert!(empty["data"]["overview"]["averageResponseMs"].is_null());
        assert_eq!(
            empty["data"]["activity"]["series"]
                .as_array()
                .unwrap()
                .len(),
            14
        );

        let id = agent(&app, &token, json!({"name": "Sales", "status": "active"})).await;
        agent(&app, &token, json!({"name": "Draft"})).await;
        chat(&app, &id, &token, "hello").await;
        let conversation = chat(&app, &id, &token, "pricing?").await;
        post(
            &app,
            &format!("/api/conversations/{conversation}/end"),
            &token,
            json!({}),
        )
        .await;

        let (status, body) = app.get_as("/api/analytics/dashboard", &token).await;
        assert_eq!(status, 200, "{body}");
        let overview = &body["data"]["overview"];
        assert_eq!(overview["totalAgents"], 2);
        assert_eq!(overview["activeAgents"], 1);
        assert_eq!(overview["totalConversations"], 2);
        assert_eq!(overview["activeConversations"], 1);
        assert_eq!(overview["totalMessages"], 4);
        assert_eq!(overview["conversationsToday"], 2);
        assert_eq!(overview["messagesToday"], 4);
        assert!(overview["averageResponseMs"].is_number());
        let today = body["data"]["activity"]["series"]
            .as_array()
            .unwrap()
            .last()
            .unwrap()
            .clone();
        assert_eq!(today["conversations"], 2);
        assert_eq!(today["messages"], 4);
        assert_eq!(
            body["data"]["activity"]["recent"].as_array().unwrap().len(),
            2
        );
        let system = &body["data"]["systemStatus"];
        assert_eq!(system["status"], "ok");
        assert_eq!(system["databaseOk"], true);
        assert_eq!(system["llmProvider"], "builtin");
        assert_eq!(system["llmConfigured"], false);
        assert_eq!(
            system["database"],
            if app.engine == Engine::Sqlite {
                "sqlite"
            } else {
                "postgres"
            }
        );

        // Another user's dashboard is their own.
        let other = sign_up(&app, "eve@example.com").await;
        let (_, body) = app.get_as("/api/analytics/dashboard", &other).await;
        assert_eq!(body["data"]["overview"]["totalConversations"], 0);
        assert_eq!(body["data"]["activity"]["recent"], json!([]));
    })
    .await;
}

#[tokio::test]
async fn the_socket_pushes_conversations_and_messages_to_their_owner_only() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let other = sign_up(&app, "eve@example.com").await;
        let id = agent(
            &app,
            &token,
            json!({"name": "Live", "greeting": "Hello from the live agent"}),
        )
        .await;
        let mut mine = socket(&app, &token).await;
        let mut theirs = socket(&app, &other).await;

        let conversation = chat(&app, &id, &token, "hi").await;
        let events = events_until(&mut mine, "message.created").await;
        assert_eq!(events[0]["type"], "conversation.started");
        assert_eq!(events[0]["conversation"]["id"], conversation.as_str());
        assert_eq!(events[0]["conversation"]["agentName"], "Live");
        let user_message = &events[1];
        assert_eq!(user_message["message"]["role"], "user");
        assert_eq!(user_message["agentId"], id.as_str());
        let answer = next_event(&mut mine).await;
        assert_eq!(answer["type"], "message.created");
        assert_eq!(answer["message"]["content"], "Hello from the live agent");
        assert_eq!(answer["conversation"]["messageCount"], 2);
        assert_eq!(
            answer["conversation"]["lastMessage"],
            json!({"role": "assistant", "text": "Hello from the live agent"})
        );

        post(
            &app,
            &format!("/api/conversations/{conversation}/end"),
            &token,
            json!({}),
        )
        .await;
        assert_eq!(next_event(&mut mine).await["type"], "conversation.ended");
        app.send_json(
            reqwest::Method::DELETE,
            &format!("/api/conversations/{conversation}"),
            Some(&token),
            &json!({}),
        )
        .await;
        let deleted = next_event(&mut mine).await;
        assert_eq!(deleted["type"], "conversation.deleted");
        assert_eq!(deleted["conversationId"], conversation.as_str());

        // Eve heard nothing of it: her first event is about her own agent.
        let hers = agent(&app, &other, json!({"name": "Eve's"})).await;
        chat(&app, &hers, &other, "hi").await;
        let first = next_event(&mut theirs).await;
        assert_eq!(first["conversation"]["agentId"], hers.as_str());
        let _ = mine.send(Frame::Close(None)).await;
    })
    .await;
}

#[tokio::test]
async fn the_socket_refuses_a_missing_or_bad_token() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    for query in ["", "?token=", "?token=not-a-token"] {
        let url = format!("{}/ws{query}", app.address.replace("http://", "ws://"));
        let error = tokio_tungstenite::connect_async(url).await.unwrap_err();
        match error {
            tokio_tungstenite::tungstenite::Error::Http(response) => {
                assert_eq!(response.status(), 401)
            }
            other => panic!("expected 401, got {other}"),
        }
    }
}

#[tokio::test]
async fn a_message_sent_through_one_instance_reaches_a_socket_on_another() {
    if !engines().contains(&Engine::Postgres) {
        return; // Several instances share a PostgreSQL database only.
    }
    let first = TestApp::spawn(Engine::Postgres, &[]).await;
    let second = first.sibling().await;
    let token = sign_up(&first, "ada@example.com").await;
    let id = agent(
        &first,
        &token,
        json!({"name": "Shared", "greeting": "Hello from instance one"}),
    )
    .await;
    let mut on_second = socket(&second, &token).await;
    let conversation = chat(&first, &id, &token, "hi").await;
    let events = events_until(&mut on_second, "message.created").await;
    assert_eq!(events[0]["type"], "conversation.started");
    assert_eq!(events[0]["conversation"]["id"], conversation.as_str());
    let answer = next_event(&mut on_second).await;
    assert_eq!(answer["message"]["content"], "Hello from instance one");

    // A message too large for one notification still arrives whole.
    let long = "word ".repeat(3000);
    let (status, _) = post(
        &first,
        &format!("/api/agents/{id}/chat"),
        &token,
        json!({"message": long, "conversationId": conversation}),
    )
    .await;
    assert_eq!(status, 200);
    let event = next_event(&mut on_second).await;
    assert_eq!(event["message"]["content"], long.trim());
}

#[tokio::test]
async fn a_conversation_and_its_first_message_are_stored_together_or_not_at_all() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Atomic"})).await;
        chat(&app, &id, &token, "hello").await;
        let (_, list) = app.get_as("/api/conversations", &token).await;
        let existing = list["data"][0]["id"].as_str().unwrap().to_owned();
        let (_, messages) = app
            .get_as(&format!("/api/conversations/{existing}/messages"), &token)
            .await;
        let taken_id = messages["data"][0]["id"].as_str().unwrap().to_owned();

        // A first message that cannot be stored (its id is taken) leaves no conversation behind.
        let agent_row = app.store.agents().get(&id).await.unwrap().unwrap();
        let mut first = agentforge_store::NewMessage::text(
            agentforge_domain::conversation::MessageRole::User,
            "again",
        );
        first.id = Some(taken_id);
        let result = app
            .store
            .conversations()
            .create_with_message(
                agentforge_store::NewConversation {
                    agent_id: id.clone(),
                    owner_id: agent_row.owner_id,
                    holder: None,
                    channel: agentforge_domain::conversation::Channel::Api,
                    title: "Doomed".into(),
                    test: false,
                },
                first,
            )
            .await;
        assert!(result.is_err());
        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"]["total"], 1, "{list}");
    })
    .await;
}

#[tokio::test]
async fn starting_ending_and_deleting_a_conversation_is_audited_for_its_agents_owner() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let ada_id = app.api(&ada).me().await.value().id;
        let support = agent(&app, &ada, json!({"name": "Support"})).await;
        let (status, team) = post(&app, "/api/teams", &ada, json!({"name": "Helpdesk"})).await;
        assert_eq!(status, 201, "{team}");
        let team_id = team["data"]["id"].as_str().unwrap().to_owned();
        app.api(&ada)
            .add_team_agent(&team_id, &support)
            .await
            .value();
        let start = async || {
            let (status, body) = post(
                &app,
                "/api/conversations",
                &ada,
                json!({"agentId": support, "channel": "api"}),
            )
            .await;
            assert_eq!(status, 201, "{body}");
            body["data"]["id"].as_str().unwrap().to_owned()
        };

        let first = start().await;
        let entries = app.audit("conversation.create").await;
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("conversation", Some(first.as_str()))
        );
        assert_eq!(
            (entry.actor_id.as_deref(), entry.owner_id.as_deref()),
            (Some(ada_id.as_str()), Some(ada_id.as_str()))
        );
        assert_eq!(entry.team_id.as_deref(), Some(team_id.as_str()));
        assert_eq!(entry.outcome, "success");
        assert_eq!(entry.changes["agentId"]["to"], support.as_str());
        assert_eq!(entry.changes["channel"]["to"], "api");
        // With an agent that is not there, nothing starts and nothing is recorded.
        let (status, _) = post(
            &app,
            "/api/conversations",
            &ada,
            json!({"agentId": "no-such-agent"}),
        )
        .await;
        assert_eq!(status, 404);
        assert_eq!(app.audit("conversation.create").await.len(), 1);

        app.api(&ada).end_conversation(&first).await.value();
        let ended = app.audit("conversation.end").await;
        assert_eq!(ended.len(), 1);
        assert_eq!(ended[0].team_id.as_deref(), Some(team_id.as_str()));
        assert_eq!(
            ended[0].changes["status"],
            json!({"from": "active", "to": "ended"})
        );
        // Ending it again changes nothing: no second entry.
        app.api(&ada).end_conversation(&first).await.value();
        assert_eq!(app.audit("conversation.end").await.len(), 1);

        app.api(&ada).delete_conversation(&first).await.value();
        let second = start().await;
        app.api(&ada)
            .delete_agent_conversation(&support, &second)
            .await
            .value();
        let deleted = app.audit("conversation.delete").await;
        let mut ids: Vec<&str> = deleted
            .iter()
            .filter_map(|e| e.resource_id.as_deref())
            .collect();
        ids.sort_unstable();
        let mut expected = [first.as_str(), second.as_str()];
        expected.sort_unstable();
        assert_eq!(ids, expected);
        for entry in &deleted {
            assert_eq!(entry.team_id.as_deref(), Some(team_id.as_str()));
            assert_eq!(
                entry.changes["agentId"],
                json!({"from": support, "to": null})
            );
        }
        app.api(&ada)
            .delete_conversation(&first)
            .await
            .unwrap_err()
            .expect(404, "conversation_not_found");
        assert_eq!(app.audit("conversation.delete").await.len(), 2);
    })
    .await;
}
