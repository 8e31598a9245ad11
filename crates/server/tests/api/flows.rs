//! Conversation flows: checked when an agent is saved, followed by the
//! runtime on every channel (here the chat and the webhook channel) —
//! typed questions asked again on bad answers and left by their `invalid`
//! way, choices by label or number, conditions, llm, knowledge and api
//! nodes against stand-ins, handoffs — and hand-offs: a person takes the
//! conversation over, answers as the agent and hands it back. On both
//! engines.

use agentforge_domain::conversation::ConversationStatus;
use agentforge_domain::flow::FlowEnding;
use agentforge_server::dto::*;
use axum::Json;
use reqwest::Method;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{agent, deployed_agent, sign_up, upload};
use crate::helpers::{TestApp, assert_error, for_each_engine, for_each_engine_with};
use crate::webhooks::{custom, new_webhook, now};

const ALLOW_LOCAL: [(&str, &str); 1] = [("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")];

/// Asks for an email (twice at most), offers sales or support; sales from
/// a big company goes to a person, others hear the plans and goodbye;
/// support answers from the knowledge base.
fn intake() -> Value {
    json!({
        "nodes": [
            {"id": "start", "type": "start"},
            {"id": "hello", "type": "message", "data": {"text": "Hi, I'm the intake assistant."}},
            {"id": "email", "type": "question", "data": {"text": "Your email?", "variable": "email", "answerType": "email", "retryText": "That does not look like an email address.", "maxAttempts": 2}},
            {"id": "unread", "type": "end", "data": {"text": "Sorry, we could not read it."}},
            {"id": "menu", "type": "choice", "data": {"text": "Sales or support?", "variable": "team", "choices": [{"id": "sales", "label": "Sales"}, {"id": "support", "label": "Support"}]}},
            {"id": "big", "type": "condition", "data": {"expression": "vars.email is endingwith('@bigco.com')"}},
            {"id": "human", "type": "handoff", "data": {"text": "A person from sales will answer."}},
            {"id": "plans", "type": "message", "data": {"text": "Our plans start at 10 euros."}},
            {"id": "bye", "type": "end", "data": {"text": "Bye {{ vars.email }}, you chose {{ vars.team }}."}},
            {"id": "kb", "type": "knowledge", "data": {"variable": "found"}}
        ],
        "edges": [
            {"id": "e1", "source": "start", "target": "hello"},
            {"id": "e2", "source": "hello", "target": "email"},
            {"id": "e3", "source": "email", "target": "menu"},
            {"id": "e4", "source": "email", "target": "unread", "sourceHandle": "invalid"},
            {"id": "e5", "source": "menu", "target": "big", "sourceHandle": "sales"},
            {"id": "e6", "source": "menu", "target": "kb", "sourceHandle": "support"},
            {"id": "e7", "source": "big", "target": "human", "sourceHandle": "true"},
            {"id": "e8", "source": "big", "target": "plans", "sourceHandle": "false"},
            {"id": "e9", "source": "plans", "target": "bye"}
        ]
    })
}

async fn set_flow(app: &TestApp, token: &str, id: &str, flow: Value) -> (u16, Value) {
    app.send_json(
        Method::PUT,
        &format!("/api/agents/{id}"),
        Some(token),
        &json!({ "flow": flow }),
    )
    .await
}

/// Says `message` in the conversation (a new one when `None`).
async fn say(
    app: &TestApp,
    token: &str,
    agent_id: &str,
    conversation: Option<&str>,
    message: &str,
) -> ChatOut {
    let mut input = ChatIn::new(message);
    input.conversation_id = conversation.map(str::to_owned);
    app.api(token).chat(agent_id, &input).await.value()
}

fn answer(turn: &ChatOut) -> &MessageOut {
    turn.message.as_ref().expect("the agent answered")
}

fn said(turn: &ChatOut) -> &agentforge_domain::flow::FlowSaid {
    answer(turn).flow.as_ref().expect("said by the flow")
}

#[tokio::test]
async fn a_flow_is_checked_when_its_agent_is_saved() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &ada, json!({"name": "Intake"})).await;
        let (status, body) = set_flow(&app, &ada, &id, intake()).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["flow"]["nodes"][0]["id"], "start");

        // Problems name the node and field; nothing is saved.
        let mut bad = intake();
        bad["nodes"][2]["data"]["answerType"] = json!("choice");
        bad["nodes"][1]["data"]["text"] = json!("{{ oops");
        bad["edges"][4]["sourceHandle"] = json!("nope");
        let (status, body) = set_flow(&app, &ada, &id, bad).await;
        assert_error(status, &body, 422, "validation_failed");
        let fields: Vec<&str> = body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(
            fields,
            [
                "flow.nodes.hello.data.text",
                "flow.nodes.email.data.options",
                "flow.edges.e5.sourceHandle"
            ]
        );
        // A loop that never waits for the person would never stop.
        let endless = json!({
            "nodes": [{"id": "start", "type": "start"}, {"id": "a", "type": "message", "data": {"text": "A"}}, {"id": "b", "type": "message", "data": {"text": "B"}}],
            "edges": [{"id": "e1", "source": "start", "target": "a"}, {"id": "e2", "source": "a", "target": "b"}, {"id": "e3", "source": "b", "target": "a"}]
        });
        let (status, body) = set_flow(&app, &ada, &id, endless).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "flow.nodes.a");
        // Unknown settings, and too big a flow, are refused too.
        let (status, body) = set_flow(&app, &ada, &id, json!({"nodes": [{"id": "start", "type": "start", "data": {"colour": "red"}}], "edges": []})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "flow.nodes.start.data");
        let many: Vec<Value> = (0..201)
            .map(|i| json!({"id": format!("n{i}"), "type": "message", "data": {"text": "x"}}))
            .collect();
        let (status, body) = set_flow(&app, &ada, &id, json!({"nodes": many, "edges": []})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "flow.nodes");
        let (_, kept) = app.get_as(&format!("/api/agents/{id}"), &ada).await;
        assert_eq!(kept["data"]["flow"], intake(), "the valid flow stays");

        // An empty graph is no flow: the agent answers freely.
        let (status, _) = set_flow(&app, &ada, &id, json!({"nodes": [], "edges": []})).await;
        assert_eq!(status, 200);
        let turn = say(&app, &ada, &id, None, "Hello?").await;
        assert!(answer(&turn).flow.is_none());
    })
    .await;
}

#[tokio::test]
async fn a_chat_follows_the_flow_to_a_person_who_takes_over_and_hands_back() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let id = agent(&app, &ada, json!({"name": "Intake", "status": "active"})).await;
        let (status, body) = set_flow(&app, &ada, &id, intake()).await;
        assert_eq!(status, 200, "{body}");

        let first = say(&app, &ada, &id, None, "hello").await;
        let c = first.conversation_id.clone();
        assert_eq!(
            answer(&first).content,
            "Hi, I'm the intake assistant.\n\nYour email?"
        );
        assert_eq!(said(&first).node_id, "email");
        assert!(!first.handed_off);

        // Not an email: said so and asked again.
        let again = say(&app, &ada, &id, Some(&c), "my email is secret").await;
        assert_eq!(
            answer(&again).content,
            "That does not look like an email address.\n\nYour email?"
        );

        let menu = say(&app, &ada, &id, Some(&c), " ada@bigco.com ").await;
        // The chat shows buttons: the text does not list them again.
        assert_eq!(answer(&menu).content, "Sales or support?");
        assert_eq!(
            answer(&first).notice,
            None,
            "the flow's own words are no model's"
        );
        assert_eq!(answer(&first).provider, None);
        let buttons: Vec<(&str, &str)> = said(&menu)
            .choices
            .iter()
            .map(|c| (c.id.as_str(), c.label.as_str()))
            .collect();
        assert_eq!(buttons, [("sales", "Sales"), ("support", "Support")]);

        let unclear = say(&app, &ada, &id, Some(&c), "maybe").await;
        assert!(
            answer(&unclear)
                .content
                .starts_with("Please choose one of the options.\n\nSales or support?")
        );

        // The first button by its number; the condition sends a big company to a person.
        let handed = say(&app, &ada, &id, Some(&c), "1").await;
        assert_eq!(answer(&handed).content, "A person from sales will answer.");
        assert_eq!(said(&handed).ending, Some(FlowEnding::Handoff));
        let api = app.api(&ada);
        let conversation = api.get_conversation(&c).await.value();
        assert_eq!(conversation.status, ConversationStatus::HandedOff);
        assert_eq!(conversation.assignee_id, None, "waiting for a person");

        // While a person holds it, messages reach them and the agent is silent.
        let waiting = say(&app, &ada, &id, Some(&c), "anyone there?").await;
        assert!(waiting.handed_off);
        assert!(waiting.message.is_none());
        assert_eq!(waiting.user_message.content, "anyone there?");

        // Someone who may not edit the agent cannot take it or answer in it.
        app.api(&grace)
            .take_over_conversation(&c)
            .await
            .unwrap_err()
            .expect(404, "conversation_not_found");
        let reply = ReplyIn {
            message: "Hello, Ada here from sales.".into(),
        };
        app.api(&grace)
            .reply_in_conversation(&c, &reply)
            .await
            .unwrap_err()
            .expect(404, "conversation_not_found");
        // Nor is an empty answer taken.
        api.reply_in_conversation(
            &c,
            &ReplyIn {
                message: "  ".into(),
            },
        )
        .await
        .unwrap_err()
        .expect(422, "validation_failed");

        let taken = api.take_over_conversation(&c).await.value();
        assert_eq!(taken.status, ConversationStatus::HandedOff);
        assert!(taken.assignee_id.is_some());
        let written = api.reply_in_conversation(&c, &reply).await.value();
        assert_eq!(
            written.role,
            agentforge_domain::conversation::MessageRole::Assistant
        );
        assert_eq!(written.author_id, taken.assignee_id);
        let messages = api.conversation_messages(&c).await.value();
        let last: Vec<(&str, Option<&str>)> = messages
            .iter()
            .rev()
            .take(2)
            .map(|m| (m.content.as_str(), m.author_id.as_deref()))
            .collect();
        assert_eq!(
            last,
            [
                ("Hello, Ada here from sales.", taken.assignee_id.as_deref()),
                ("anyone there?", None)
            ]
        );

        let back = api.hand_back_conversation(&c).await.value();
        assert_eq!(back.status, ConversationStatus::Active);
        assert_eq!(back.assignee_id, None);
        api.hand_back_conversation(&c)
            .await
            .unwrap_err()
            .expect(409, "not_handed_off");
        api.reply_in_conversation(&c, &reply)
            .await
            .unwrap_err()
            .expect(409, "not_handed_off");
        // The flow is over: the agent answers freely, and the flow's answers stay.
        let free = say(&app, &ada, &id, Some(&c), "thanks").await;
        assert!(answer(&free).flow.is_none());
        assert!(!answer(&free).content.is_empty());

        // Each change of hands is audited (what was said is not).
        for action in [
            "conversation.take_over",
            "conversation.reply",
            "conversation.hand_back",
        ] {
            assert_eq!(app.audit(action).await.len(), 1, "{action}");
        }
        assert!(!format!("{:?}", app.audit("conversation.reply").await).contains("Ada here"));

        // Another conversation: two bad emails leave by `invalid`, to its end.
        let other = say(&app, &ada, &id, None, "hi").await;
        let o = other.conversation_id.clone();
        say(&app, &ada, &id, Some(&o), "nope").await;
        let ended = say(&app, &ada, &id, Some(&o), "still nope").await;
        assert_eq!(answer(&ended).content, "Sorry, we could not read it.");
        assert_eq!(said(&ended).ending, Some(FlowEnding::End));
        assert_eq!(
            api.get_conversation(&o).await.value().status,
            ConversationStatus::Ended
        );
        app.api(&ada)
            .chat(&id, &{
                let mut input = ChatIn::new("hello?");
                input.conversation_id = Some(o.clone());
                input
            })
            .await
            .unwrap_err()
            .expect(409, "conversation_ended");
    })
    .await;
}

#[tokio::test]
async fn the_webhook_channel_follows_the_deployed_flow() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let id = deployed_agent(&app, &ada, "Intake").await;
        let (status, body) = set_flow(&app, &ada, &id, intake()).await;
        assert_eq!(status, 200, "{body}");
        let created = api
            .create_webhook_v1(&new_webhook(&id, WebhookPlatform::Custom, None))
            .await
            .value();
        let secret = created.secret.clone().unwrap();
        let url = created.webhook.url.clone();
        let mut n = 0;
        let mut send = async |sender: &str, message: &str| {
            n += 1;
            let (status, body) = custom(
                &app,
                &url,
                &secret,
                &format!("msg_{n}"),
                now(),
                &json!({"message": message, "senderId": sender}),
            )
            .await;
            assert_eq!(status, 200, "{body}");
            body
        };

        // The webhook channel talks to the deployed version, which has no flow yet.
        let before = send("crm-0", "hello").await;
        assert!(!before["answer"].as_str().unwrap().contains("Your email?"));
        let (status, _) = app
            .send_json(
                Method::POST,
                &format!("/api/agents/{id}/deploy"),
                Some(&ada),
                &json!({"environment": "production"}),
            )
            .await;
        assert_eq!(status, 200);

        assert_eq!(
            send("crm-1", "hello").await["answer"],
            "Hi, I'm the intake assistant.\n\nYour email?"
        );
        assert_eq!(
            send("crm-1", "ada@small.com").await["answer"],
            "Sales or support?\n1. Sales\n2. Support"
        );
        let bye = send("crm-1", "sales").await;
        assert_eq!(
            bye["answer"],
            "Our plans start at 10 euros.\n\nBye ada@small.com, you chose Sales."
        );
        let c = bye["conversationId"].as_str().unwrap().to_owned();
        assert_eq!(
            api.get_conversation(&c).await.value().status,
            ConversationStatus::Ended
        );

        // Another sender, from a big company: handed to a person.
        send("crm-2", "hello").await;
        send("crm-2", "grace@bigco.com").await;
        let handed = send("crm-2", "Sales").await;
        assert_eq!(handed["answer"], "A person from sales will answer.");
        assert_eq!(handed["handedOff"], false);
        let held = send("crm-2", "hello?").await;
        assert_eq!(held["handedOff"], true);
        assert_eq!(held["answer"], "");
        assert_eq!(
            held["conversationId"], handed["conversationId"],
            "the same conversation goes on"
        );
        let conversation = api
            .get_conversation(handed["conversationId"].as_str().unwrap())
            .await
            .value();
        assert_eq!(conversation.status, ConversationStatus::HandedOff);
    })
    .await;
}

/// A local API answering `/price` with a price, and `/down` with 503.
async fn price_api() -> String {
    let router = axum::Router::new()
        .route(
            "/price",
            axum::routing::get(|| async { Json(json!({"price": 42})) }),
        )
        .route(
            "/down",
            axum::routing::get(|| async { (axum::http::StatusCode::SERVICE_UNAVAILABLE, "busy") }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}

#[tokio::test]
async fn api_llm_and_knowledge_nodes_answer_with_their_stand_ins() {
    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let prices = price_api().await;
    for_each_engine_with(&ALLOW_LOCAL, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        api.put_integration(
            "openai",
            &IntegrationIn {
                api_key: Some("good-key".into()),
                base_url: Some(provider.openai_url()),
                ..IntegrationIn::default()
            },
        )
        .await
        .value();
        let id = agent(&app, &ada, json!({"name": "Shop", "status": "active"})).await;
        let (status, body) = upload(&app, "/api/upload/document", &ada, Some(&id), &[("returns.txt", b"Returns are accepted within 30 days of delivery.".to_vec())]).await;
        assert_eq!(status, 201, "{body}");
        let flow = json!({
            "nodes": [
                {"id": "start", "type": "start"},
                {"id": "what", "type": "choice", "data": {"text": "Price or returns?", "choices": [{"id": "price", "label": "Price"}, {"id": "returns", "label": "Returns"}, {"id": "broken", "label": "Broken"}]}},
                {"id": "fetch", "type": "api", "data": {"method": "GET", "url": format!("{prices}/price"), "variable": "quote"}},
                {"id": "tell", "type": "llm", "data": {"prompt": "The price is {{ vars.quote.body.price }} euros", "variable": "told"}},
                {"id": "kb", "type": "knowledge", "data": {"query": "How long do returns take?"}},
                {"id": "down", "type": "api", "data": {"method": "GET", "url": format!("{prices}/down"), "variable": "failed"}},
                {"id": "sorry", "type": "message", "data": {"text": "The shop is down ({{ vars.failed.status }})."}},
                {"id": "again", "type": "question", "data": {"text": "Anything else?", "variable": "more", "answerType": "text"}}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "what"},
                {"id": "e2", "source": "what", "target": "fetch", "sourceHandle": "price"},
                {"id": "e3", "source": "fetch", "target": "tell"},
                {"id": "e4", "source": "what", "target": "kb", "sourceHandle": "returns"},
                {"id": "e5", "source": "what", "target": "down", "sourceHandle": "broken"},
                {"id": "e6", "source": "down", "target": "sorry", "sourceHandle": "error"},
                {"id": "e7", "source": "tell", "target": "again"},
                {"id": "e8", "source": "kb", "target": "again"},
                {"id": "e9", "source": "sorry", "target": "again"},
                {"id": "e10", "source": "down", "target": "again"}
            ]
        });
        let (status, body) = set_flow(&app, &ada, &id, flow).await;
        assert_eq!(status, 200, "{body}");

        let c = say(&app, &ada, &id, None, "hi").await.conversation_id;
        let priced = say(&app, &ada, &id, Some(&c), "price").await;
        assert_eq!(
            answer(&priced).content,
            format!("{}\n\nAnything else?", agentforge_testkit::answer_to("The price is 42 euros"))
        );
        assert!(answer(&priced).tokens_out > 0, "the model's tokens are counted");

        let c = say(&app, &ada, &id, None, "hi").await.conversation_id;
        let returns = say(&app, &ada, &id, Some(&c), "Returns").await;
        assert_eq!(answer(&returns).citations[0].document_name, "returns.txt");
        let asked = provider.requests().last().unwrap().to_string();
        assert!(asked.contains("Returns are accepted within 30 days"), "the passage went to the model");

        let c = say(&app, &ada, &id, None, "hi").await.conversation_id;
        let broken = say(&app, &ada, &id, Some(&c), "3").await;
        assert_eq!(answer(&broken).content, "The shop is down (503).\n\nAnything else?");
    })
    .await;
}
