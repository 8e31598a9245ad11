//! The runtime's turns as channels see them: which version answers on
//! which channel, test turns, conversations that end by themselves.

use agentforge_domain::conversation::Channel;
use agentforge_domain::policy::Actor;
use agentforge_runtime::{RuntimeError, TurnEvent, TurnRequest};
use serde_json::json;

use crate::fixtures::{agent, events_until, next_event, post, sign_up, socket};
use crate::helpers::{TestApp, for_each_engine};

async fn put(app: &TestApp, path: &str, token: &str, body: serde_json::Value) {
    let (status, answer) = app
        .send_json(reqwest::Method::PUT, path, Some(token), &body)
        .await;
    assert_eq!(status, 200, "{answer}");
}

#[tokio::test]
async fn a_test_turn_answers_with_the_draft_and_is_left_out_of_lists_and_analytics() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(
            &app,
            &token,
            json!({"name": "Draft", "greeting": "Draft hello"}),
        )
        .await;
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/test"),
            &token,
            json!({"message": "hi"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["message"]["content"], "Draft hello");
        let conversation = body["data"]["conversationId"].as_str().unwrap().to_owned();

        // It goes on like any conversation, for whoever tests.
        let (status, again) = post(
            &app,
            &format!("/api/agents/{id}/test"),
            &token,
            json!({"message": "and again", "conversationId": conversation}),
        )
        .await;
        assert_eq!(status, 200, "{again}");
        let (_, messages) = app
            .get_as(
                &format!("/api/conversations/{conversation}/messages"),
                &token,
            )
            .await;
        assert_eq!(messages["data"].as_array().unwrap().len(), 4);

        // But no list, count or chart shows it.
        let (_, list) = app.get_as("/api/conversations", &token).await;
        assert_eq!(list["meta"]["total"], 0, "{list}");
        let (_, analytics) = app
            .get_as(&format!("/api/agents/{id}/analytics?period=day"), &token)
            .await;
        assert_eq!(analytics["data"]["totals"]["conversations"], 0);
        assert_eq!(analytics["data"]["totals"]["messages"], 0);
        let (_, dashboard) = app.get_as("/api/analytics/dashboard", &token).await;
        assert_eq!(dashboard["data"]["overview"]["totalConversations"], 0);

        // Share links do not open the test route to others.
        let (_, shared) = post(
            &app,
            &format!("/api/agents/{id}/share"),
            &token,
            json!({"public": true}),
        )
        .await;
        let share = shared["data"]["url"]
            .as_str()
            .unwrap()
            .rsplit("share=")
            .next()
            .unwrap()
            .to_owned();
        let other = sign_up(&app, "eve@example.com").await;
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/test"),
            &other,
            json!({"message": "hi", "shareToken": share}),
        )
        .await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn a_test_turn_is_not_announced_live() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Quiet"})).await;
        let mut live = socket(&app, &token).await;
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/test"),
            &token,
            json!({"message": "psst"}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "hello"}),
        )
        .await;
        assert_eq!(status, 200);
        // The first event heard is the real chat's.
        let started = next_event(&mut live).await;
        assert_eq!(started["type"], "conversation.started");
        assert_eq!(started["conversation"]["title"], "hello");
    })
    .await;
}

#[tokio::test]
async fn public_channels_talk_to_the_production_deployment_and_the_dashboard_to_the_draft() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(
            &app,
            &token,
            json!({"name": "Versioned", "greeting": "Hello from version one", "status": "active"}),
        )
        .await;
        let runtime = &app.state.runtime;
        let widget_turn = async |message: &str| {
            let agent = app.store.agents().get(&id).await.unwrap().unwrap();
            runtime
                .start_turn(TurnRequest {
                    agent,
                    caller: Actor::Visitor {
                        visitor_id: "visitor-1".into(),
                    },
                    channel: Channel::Widget,
                    conversation: None,
                    message: message.to_owned(),
                    use_knowledge_base: true,
                    include_context: true,
                    test: false,
                    stream: false,
                    stop_when_abandoned: false,
                    holder: None,
                    prior: Vec::new(),
                })
                .await
        };

        // Nothing deployed: the widget has no agent to talk to.
        assert!(matches!(
            widget_turn("hi").await,
            Err(RuntimeError::NotDeployed(_))
        ));
        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/deploy"),
            &token,
            json!({"environment": "production"}),
        )
        .await;
        assert_eq!(status, 200);
        put(
            &app,
            &format!("/api/agents/{id}"),
            &token,
            json!({"greeting": "Hello from the draft"}),
        )
        .await;

        // The widget gets version 1 as deployed; the dashboard, the draft.
        let mut turn = widget_turn("hi").await.unwrap();
        let Some(TurnEvent::Started { version, .. }) = turn.next().await else {
            panic!("a turn starts with Started");
        };
        assert_eq!(version, 1);
        let answer = turn.finish().await.unwrap();
        assert_eq!(answer.content, "Hello from version one");
        let (_, chat) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "hi"}),
        )
        .await;
        assert_eq!(chat["data"]["message"]["content"], "Hello from the draft");

        // The visitor holds the widget conversation; the owner sees it.
        let (_, list) = app
            .get_as("/api/conversations?channel=widget", &token)
            .await;
        assert_eq!(list["meta"]["total"], 1, "{list}");
        assert_eq!(list["data"][0]["userId"], serde_json::Value::Null);

        // A paused agent takes no widget turns.
        put(
            &app,
            &format!("/api/agents/{id}"),
            &token,
            json!({"status": "paused"}),
        )
        .await;
        assert!(matches!(
            widget_turn("hi").await,
            Err(RuntimeError::AgentInactive(_))
        ));
    })
    .await;
}

#[tokio::test]
async fn idle_conversations_end_by_themselves_and_say_so_live() {
    for_each_engine(async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &token, json!({"name": "Idle"})).await;
        let mut live = socket(&app, &token).await;
        let (_, chat) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &token,
            json!({"message": "hello"}),
        )
        .await;
        let conversation = chat["data"]["conversationId"].as_str().unwrap().to_owned();
        events_until(&mut live, "message.created").await;
        next_event(&mut live).await;

        // Recent: left alone.
        assert_eq!(app.state.runtime.end_idle_conversations().await.unwrap(), 0);
        // Half an hour without a message (the default idle time) later:
        let stale = chrono::Utc::now() - chrono::Duration::minutes(31);
        backdate(&app, &conversation, stale).await;
        assert_eq!(app.state.runtime.end_idle_conversations().await.unwrap(), 1);
        let ended = next_event(&mut live).await;
        assert_eq!(ended["type"], "conversation.ended");
        assert_eq!(ended["conversation"]["id"], conversation.as_str());
        let (_, body) = app
            .get_as(&format!("/api/conversations/{conversation}"), &token)
            .await;
        assert_eq!(body["data"]["status"], "ended");
        assert!(body["data"]["endedAt"].is_string());
        let (_, dashboard) = app.get_as("/api/analytics/dashboard", &token).await;
        assert_eq!(dashboard["data"]["overview"]["activeConversations"], 0);
    })
    .await;
}

/// Moves a conversation's last activity back in time (as if it had been
/// quiet since then).
async fn backdate(app: &TestApp, conversation: &str, at: chrono::DateTime<chrono::Utc>) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    let backend = db.get_database_backend();
    let sql = match backend {
        sea_orm::DatabaseBackend::Postgres => {
            "UPDATE conversations SET last_message_at = $1 WHERE id = $2"
        }
        _ => "UPDATE conversations SET last_message_at = ? WHERE id = ?",
    };
    db.execute_raw(Statement::from_sql_and_values(
        backend,
        sql,
        [at.into(), conversation.into()],
    ))
    .await
    .unwrap();
}
