//! Platform webhooks, on both engines: each platform's verification and
//! answer path against stand-ins speaking its wire format (Slack,
//! Telegram, Discord with a test Ed25519 key pair, WhatsApp) and a custom
//! sender signing per the Standard Webhooks specification; bad signatures,
//! replays, platform retries, paused, regenerated and deleted webhooks;
//! failures in a row making a webhook `failing` and telling its owner.

use std::time::Duration;

use agentforge_domain::audit::AuditAction;
use agentforge_domain::mail::MailTemplate;
use agentforge_runtime::signature::WebhookSecret;
use agentforge_runtime::signature::platform::hmac_hex;
use agentforge_server::dto::*;
use agentforge_server::http::Filter;
use agentforge_testkit::{
    DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, SLACK_BOT_TOKEN, ServicesStandIn,
    TELEGRAM_BOT_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_TOKEN,
};
use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{agent, deployed_agent, sign_up};
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

const ALLOW_PRIVATE: [(&str, &str); 2] = [
    ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
    ("AGENTFORGE_JOBS_RETRY_BASE_SECONDS", "1"),
];
const SLACK_SIGNING_SECRET: &str = "slack-signing-secret-0123";
const WHATSAPP_APP_SECRET: &str = "whatsapp-app-secret-0123";

pub(crate) fn now() -> i64 {
    chrono::Utc::now().timestamp()
}

pub(crate) fn new_webhook(
    agent_id: &str,
    platform: WebhookPlatform,
    credentials: Option<WebhookCredentialsIn>,
) -> WebhookIn {
    WebhookIn {
        agent_id: agent_id.to_owned(),
        platform,
        name: format!("{} hook", platform.as_str()),
        credentials,
    }
}

/// The path part of a webhook's URL.
fn path_of(url: &str) -> String {
    url[url.find("/api/hooks/").unwrap()..].to_owned()
}

/// Posts `body` to a webhook URL with `headers`.
async fn hook(app: &TestApp, url: &str, headers: &[(&str, String)], body: &[u8]) -> (u16, Value) {
    let mut request = app
        .client
        .post(app.url(&path_of(url)))
        .header("content-type", "application/json")
        .body(body.to_vec());
    for (name, value) in headers {
        request = request.header(*name, value);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let text = response.text().await.unwrap();
    (
        status,
        serde_json::from_str(&text).unwrap_or(Value::String(text)),
    )
}

/// A custom event signed with `secret` as the Standard Webhooks say.
pub(crate) async fn custom(
    app: &TestApp,
    url: &str,
    secret: &str,
    id: &str,
    timestamp: i64,
    body: &Value,
) -> (u16, Value) {
    custom_with(app, url, secret, id, timestamp, body, &[]).await
}

/// [`custom`] with more headers.
async fn custom_with(
    app: &TestApp,
    url: &str,
    secret: &str,
    id: &str,
    timestamp: i64,
    body: &Value,
    extra: &[(&str, String)],
) -> (u16, Value) {
    let bytes = serde_json::to_vec(body).unwrap();
    let signature = WebhookSecret::parse(secret)
        .unwrap()
        .sign(id, timestamp, &bytes);
    let mut headers = vec![
        ("webhook-id", id.to_owned()),
        ("webhook-timestamp", timestamp.to_string()),
        ("webhook-signature", signature),
    ];
    headers.extend(extra.iter().cloned());
    hook(app, url, &headers, &bytes).await
}

async fn slack(
    app: &TestApp,
    url: &str,
    secret: &str,
    body: &Value,
    extra: &[(&str, String)],
) -> (u16, Value) {
    let bytes = serde_json::to_vec(body).unwrap();
    let ts = now().to_string();
    let mut content = format!("v0:{ts}:").into_bytes();
    content.extend_from_slice(&bytes);
    let mut headers = vec![
        ("x-slack-request-timestamp", ts),
        (
            "x-slack-signature",
            format!("v0={}", hmac_hex(secret, &content)),
        ),
    ];
    headers.extend(extra.iter().cloned());
    hook(app, url, &headers, &bytes).await
}

fn slack_message(event_id: &str, text: &str, ts: &str, thread: Option<&str>) -> Value {
    let mut event = json!({"type": "message", "user": "U042", "channel": "C777", "ts": ts, "text": text, "channel_type": "channel"});
    if let Some(thread) = thread {
        event["thread_ts"] = json!(thread);
    }
    json!({"type": "event_callback", "team_id": "T1", "event_id": event_id, "event_time": now(), "event": event})
}

/// Waits until the webhook's events are all finished; them.
async fn settled(app: &TestApp, token: &str, id: &str, count: usize) -> Vec<WebhookEventOut> {
    for _ in 0..300 {
        let events = app.api(token).webhook_events(id).await.value();
        if events.len() >= count && events.iter().all(|e| e.finished_at.is_some()) {
            return events;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the events of {id} did not settle");
}

#[tokio::test]
async fn custom_events_may_ask_to_be_answered_from_the_queue() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let created = api
            .create_webhook_v1(&new_webhook(&agent_id, WebhookPlatform::Custom, None))
            .await
            .value();
        let secret = created.secret.clone().unwrap();
        let webhook = created.webhook;
        let later = [("prefer", "return=minimal, respond-async".to_owned())];

        // Acknowledged at once with the event's id, answered by a job.
        let (status, taken) = custom_with(
            &app,
            &webhook.url,
            &secret,
            "msg_a1",
            now(),
            &json!({"message": "What are your hours?", "senderId": "crm-7"}),
            &later,
        )
        .await;
        assert_eq!(status, 202, "{taken}");
        assert_eq!(taken["status"], "queued");
        let event_id = taken["eventId"].as_str().unwrap().to_owned();
        let events = settled(&app, &ada, &webhook.id, 1).await;
        let event = events.iter().find(|e| e.id == event_id).unwrap();
        assert_eq!(event.status, WebhookEventStatus::Succeeded, "{event:?}");
        assert!(event.answer.as_deref().is_some_and(|a| !a.is_empty()));
        let conversation = event.conversation_id.clone().unwrap();

        // The same sender goes on in that conversation, as when answered in
        // the response; a conversation may be named.
        let (status, answered) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_a2",
            now(),
            &json!({"message": "And on Sunday?", "senderId": "crm-7"}),
        )
        .await;
        assert_eq!(status, 200, "{answered}");
        assert_eq!(answered["conversationId"], conversation.as_str());
        let (status, body) = custom_with(
            &app,
            &webhook.url,
            &secret,
            "msg_a3",
            now(),
            &json!({"message": "Thanks", "conversationId": conversation}),
            &later,
        )
        .await;
        assert_eq!(status, 202, "{body}");
        let events = settled(&app, &ada, &webhook.id, 3).await;
        assert!(
            events
                .iter()
                .all(|e| e.conversation_id.as_deref() == Some(conversation.as_str())),
            "{events:?}"
        );
        let (_, shown) = app
            .get_as(&format!("/api/conversations/{conversation}/messages"), &ada)
            .await;
        assert_eq!(shown["data"].as_array().map(Vec::len), Some(6), "{shown}");

        // An id is still taken once; a conversation this webhook does not
        // hold is refused before anything is recorded.
        let (status, body) = custom_with(
            &app,
            &webhook.url,
            &secret,
            "msg_a1",
            now(),
            &json!({"message": "again"}),
            &later,
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("event_replayed"))
        );
        let (status, body) = custom_with(
            &app,
            &webhook.url,
            &secret,
            "msg_a4",
            now(),
            &json!({"message": "Hi", "conversationId": "not-one-of-mine"}),
            &later,
        )
        .await;
        assert_eq!(status, 404, "{body}");
        assert_eq!(body["errors"][0]["field"], "conversationId", "{body}");
        assert_eq!(api.webhook_events(&webhook.id).await.value().len(), 3);
    })
    .await;
}

/// Events arriving at once share the intake's writes (a group commit):
/// each is still recorded once, counted once and answered once, and a
/// duplicate among them is refused.
#[tokio::test]
async fn events_arriving_at_once_are_each_taken_once() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let created = api
            .create_webhook_v1(&new_webhook(&agent_id, WebhookPlatform::Custom, None))
            .await
            .value();
        let secret = created.secret.clone().unwrap();
        let webhook = created.webhook;
        let later = [("prefer", "respond-async".to_owned())];
        // 30 events, 10 of them sent twice at the same moment.
        let sends = (0..40).map(|i| {
            let (app, url, secret, later) = (&app, &webhook.url, &secret, &later);
            async move {
                let id = format!("msg_burst_{}", i % 30);
                custom_with(
                    app,
                    url,
                    secret,
                    &id,
                    now(),
                    &json!({"message": format!("Question {}", i % 30), "senderId": format!("s{i}")}),
                    later,
                )
                .await
            }
        });
        let answers = futures_util::future::join_all(sends).await;
        let mut statuses: Vec<u16> = answers.iter().map(|(s, _)| *s).collect();
        statuses.sort_unstable();
        assert_eq!(statuses.iter().filter(|s| **s == 202).count(), 30, "{answers:?}");
        assert_eq!(statuses.iter().filter(|s| **s == 409).count(), 10, "{answers:?}");
        let mut ids: Vec<&str> = answers
            .iter()
            .filter_map(|(_, body)| body["eventId"].as_str())
            .collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), 30);

        let events = settled(&app, &ada, &webhook.id, 30).await;
        assert_eq!(events.len(), 30);
        assert!(
            events
                .iter()
                .all(|e| e.status == WebhookEventStatus::Succeeded),
            "{events:?}"
        );
        let shown = api.get_webhook(&webhook.id).await.value();
        assert_eq!(shown.stats.received, 30);
        assert_eq!(shown.stats.succeeded, 30);
    })
    .await;
}

#[tokio::test]
async fn custom_events_are_signed_answered_in_the_response_and_taken_once() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let agent_id = deployed_agent(&app, &ada, "Support").await;

        let created = api
            .create_webhook_v1(&new_webhook(&agent_id, WebhookPlatform::Custom, None))
            .await
            .value();
        let secret = created.secret.clone().unwrap();
        assert!(secret.starts_with("whsec_"));
        let webhook = created.webhook;
        assert_eq!(webhook.status, WebhookStatus::Active);
        assert_eq!(webhook.agent_name, "Support");
        assert!(webhook.url.contains("/api/hooks/wh_"));
        assert!(webhook.secret.set);
        // Shown whole only once.
        let again = api.get_webhook(&webhook.id).await.value();
        assert!(!serde_json::to_string(&again).unwrap().contains(&secret));

        // A signed event is answered in the response, on the webhook channel.
        let (status, answer) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_1",
            now(),
            &json!({"message": "What are your hours?", "senderId": "crm-42"}),
        )
        .await;
        assert_eq!(status, 200, "{answer}");
        let conversation = answer["conversationId"].as_str().unwrap().to_owned();
        assert!(!answer["answer"].as_str().unwrap().is_empty());
        assert!(answer["citations"].is_array());
        let (_, shown) = app
            .get_as(&format!("/api/conversations/{conversation}"), &ada)
            .await;
        assert_eq!(shown["data"]["channel"], "webhook", "{shown}");

        // The same sender goes on in the same conversation.
        let (_, next) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_2",
            now(),
            &json!({"message": "And on Sunday?", "senderId": "crm-42"}),
        )
        .await;
        assert_eq!(next["conversationId"], conversation.as_str());
        // Or names the conversation itself.
        let (_, named) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_3",
            now(),
            &json!({"message": "Thanks", "conversationId": conversation}),
        )
        .await;
        assert_eq!(named["conversationId"], conversation.as_str());

        // An id is taken once; a bad, missing or stale signature never runs.
        let (status, body) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_1",
            now(),
            &json!({"message": "again"}),
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("event_replayed"))
        );
        let other = WebhookSecret::generate();
        let (status, body) = custom(
            &app,
            &webhook.url,
            other.expose(),
            "msg_9",
            now(),
            &json!({"message": "forged"}),
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some("invalid_signature"))
        );
        let (status, _) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_10",
            now() - 600,
            &json!({"message": "stale"}),
        )
        .await;
        assert_eq!(status, 401);
        let (status, _) = hook(&app, &webhook.url, &[], br#"{"message":"unsigned"}"#).await;
        assert_eq!(status, 401);
        // Unknown tokens are not found, whatever their shape.
        let (status, _) = hook(&app, "/api/hooks/wh_nope", &[], b"{}").await;
        assert_eq!(status, 404);
        // A sender's bad input is refused, and is not the webhook's failure.
        let (status, body) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_11",
            now(),
            &json!({"message": "  "}),
        )
        .await;
        assert_eq!(
            (status, body["errors"][0]["field"].as_str()),
            (422, Some("message"))
        );

        let stats = api
            .webhook_stats_v1(&WebhooksQuery::default())
            .await
            .value();
        assert_eq!(
            (
                stats.overall.received,
                stats.overall.succeeded,
                stats.overall.failed,
                stats.overall.rejected
            ),
            (3, 3, 0, 3)
        );
        assert!(stats.overall.average_latency_ms.is_some());
        assert_eq!(stats.daily.iter().map(|d| d.received).sum::<u64>(), 3);
        let events = api.webhook_events(&webhook.id).await.value();
        assert_eq!(events.len(), 3);
        assert!(
            events
                .iter()
                .all(|e| e.status == WebhookEventStatus::Succeeded)
        );

        // Paused: refused, and nothing recorded.
        api.update_webhook(
            &webhook.id,
            &WebhookUpdateIn {
                status: Some(WebhookStatus::Paused),
                ..WebhookUpdateIn::default()
            },
        )
        .await
        .value();
        let (status, body) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_4",
            now(),
            &json!({"message": "hello?"}),
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("webhook_paused"))
        );
        api.update_webhook(
            &webhook.id,
            &WebhookUpdateIn {
                status: Some(WebhookStatus::Active),
                ..WebhookUpdateIn::default()
            },
        )
        .await
        .value();

        // Regenerated: the old URL and the old secret stop at once.
        let fresh = api.regenerate_webhook(&webhook.id).await.value();
        let new_secret = fresh.secret.unwrap();
        assert_ne!(fresh.webhook.url, webhook.url);
        let (status, _) = custom(
            &app,
            &webhook.url,
            &secret,
            "msg_5",
            now(),
            &json!({"message": "old url"}),
        )
        .await;
        assert_eq!(status, 404);
        let (status, _) = custom(
            &app,
            &fresh.webhook.url,
            &secret,
            "msg_6",
            now(),
            &json!({"message": "old secret"}),
        )
        .await;
        assert_eq!(status, 401);
        let (status, _) = custom(
            &app,
            &fresh.webhook.url,
            &new_secret,
            "msg_7",
            now(),
            &json!({"message": "new"}),
        )
        .await;
        assert_eq!(status, 200);

        // Every change is audited; deleting stops the URL.
        api.delete_webhook(&webhook.id).await.value();
        let (status, _) = custom(
            &app,
            &fresh.webhook.url,
            &new_secret,
            "msg_8",
            now(),
            &json!({"message": "gone"}),
        )
        .await;
        assert_eq!(status, 404);
        for action in [
            AuditAction::WebhookCreate,
            AuditAction::WebhookUpdate,
            AuditAction::WebhookRegenerate,
            AuditAction::WebhookDelete,
        ] {
            assert!(!app.audit(action.as_str()).await.is_empty(), "{action:?}");
        }
    })
    .await;
}

#[tokio::test]
async fn webhooks_are_their_agents_owners_and_checked_on_the_way_in() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let eve = sign_up(&app, "eve@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let draft = agent(&app, &ada, json!({"name": "Draft"})).await;
        let api = app.api(&ada);

        // Invalid input names its field and changes nothing.
        let bad = api
            .create_webhook(&WebhookIn {
                name: " ".into(),
                credentials: Some(WebhookCredentialsIn {
                    bot_token: Some("xoxp-wrong".into()),
                    base_url: Some("http://127.0.0.1:9".into()),
                    ..Default::default()
                }),
                ..new_webhook(&agent_id, WebhookPlatform::Slack, None)
            })
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        let fields: Vec<&str> = bad.errors.iter().map(|d| d.field.as_str()).collect();
        assert!(
            fields.contains(&"name")
                && fields.contains(&"credentials.botToken")
                && fields.contains(&"credentials.baseUrl"),
            "{fields:?}"
        );
        api.create_webhook(&new_webhook(
            &agent_id,
            WebhookPlatform::Custom,
            Some(WebhookCredentialsIn {
                bot_token: Some("x".into()),
                ..Default::default()
            }),
        ))
        .await
        .unwrap_err()
        .expect(422, "validation_failed");
        let (status, _) = app
            .send_json(
                reqwest::Method::POST,
                "/api/webhooks",
                Some(&ada),
                &json!({"agentId": agent_id, "platform": "myspace", "name": "x"}),
            )
            .await;
        assert_eq!(status, 422);
        assert!(
            api.list_webhooks(&WebhooksQuery::default())
                .await
                .value()
                .is_empty()
        );

        // A Slack webhook without its credentials says what is missing.
        let slack = api
            .create_webhook(&new_webhook(&agent_id, WebhookPlatform::Slack, None))
            .await
            .value();
        assert_eq!(slack.secret, None);
        assert_eq!(
            slack.webhook.credentials.missing,
            ["botToken", "signingSecret"]
        );
        let custom = api
            .create_webhook(&new_webhook(&draft, WebhookPlatform::Custom, None))
            .await
            .value();

        // Filters: `all` is no filter.
        let all = WebhooksQuery {
            platform: Some(Filter::All),
            status: Some(Filter::All),
            agent_id: None,
        };
        assert_eq!(api.list_webhooks_v1(&all).await.value().len(), 2);
        let only_slack = WebhooksQuery {
            platform: Some(Filter::Only(WebhookPlatform::Slack)),
            ..WebhooksQuery::default()
        };
        assert_eq!(api.list_webhooks(&only_slack).await.value().len(), 1);
        assert_eq!(api.agent_webhooks_v1(&draft).await.value().len(), 1);
        let (status, _) = app.get_as("/api/v1/webhooks?platform=myspace", &ada).await;
        assert_eq!(status, 422);

        // Someone else sees none of it and changes nothing.
        let theirs = app.api(&eve);
        assert!(
            theirs
                .list_webhooks(&WebhooksQuery::default())
                .await
                .value()
                .is_empty()
        );
        theirs
            .get_webhook(&slack.webhook.id)
            .await
            .unwrap_err()
            .expect(404, "webhook_not_found");
        theirs
            .delete_webhook(&slack.webhook.id)
            .await
            .unwrap_err()
            .expect(404, "webhook_not_found");
        theirs
            .regenerate_webhook(&slack.webhook.id)
            .await
            .unwrap_err()
            .expect(404, "webhook_not_found");
        theirs
            .agent_webhooks_v1(&agent_id)
            .await
            .unwrap_err()
            .expect(404, "agent_not_found");
        theirs
            .create_webhook(&new_webhook(&agent_id, WebhookPlatform::Custom, None))
            .await
            .unwrap_err()
            .expect(404, "agent_not_found");

        // A draft agent takes no public messages: the test says so.
        api.test_webhook(
            &custom.webhook.id,
            &WebhookTestIn {
                test_data: json!({"message": "hi"}),
                webhook_id: None,
            },
        )
        .await
        .unwrap_err()
        .expect(409, "agent_inactive");

        // The v1 test by agent id picks the agent's only webhook.
        let tested = api
            .test_webhook_v1(
                &agent_id,
                &WebhookTestIn {
                    test_data: json!({"message": "What are your hours?", "senderId": "U1"}),
                    webhook_id: None,
                },
            )
            .await
            .value();
        assert_eq!(tested.webhook_id, slack.webhook.id);
        assert_eq!(tested.missing_credentials, ["botToken", "signingSecret"]);
        let post = tested.answers[0].post.as_ref().unwrap();
        assert_eq!(post.url, "https://slack.com/api/chat.postMessage");
        assert_eq!(post.body["text"], tested.answers[0].answer.as_str());
        // A test is marked and left out of the totals.
        let stats = api.webhook_stats(&WebhooksQuery::default()).await.value();
        assert_eq!(stats.overall.received, 0);
        assert_eq!(stats.total, 2);
        let events = api.webhook_events(&slack.webhook.id).await.value();
        assert!(events[0].test);

        // Oversized bodies are refused before anything runs.
        let big = vec![b'a'; agentforge_domain::webhook::BODY_MAX_BYTES + 1];
        let (status, _) = hook(&app, &custom.webhook.url, &[], &big).await;
        assert_eq!(status, 413);
    })
    .await;
}

#[tokio::test]
async fn slack_is_verified_acknowledged_and_answered_in_the_thread_once() {
    let services = ServicesStandIn::start().await;
    for_each_engine_with(&ALLOW_PRIVATE, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let api = app.api(&ada);
        let already = services.posted().len();
        let created = api
            .create_webhook(&new_webhook(
                &agent_id,
                WebhookPlatform::Slack,
                Some(WebhookCredentialsIn {
                    bot_token: Some(SLACK_BOT_TOKEN.into()),
                    signing_secret: Some(SLACK_SIGNING_SECRET.into()),
                    base_url: Some(format!("{}/api", services.base)),
                    ..Default::default()
                }),
            ))
            .await
            .value();
        let webhook = created.webhook;
        assert!(webhook.credentials.missing.is_empty());
        assert!(webhook.credentials.secrets["botToken"].set);

        // The URL check is answered with its challenge.
        let (status, body) = slack(
            &app,
            &webhook.url,
            SLACK_SIGNING_SECRET,
            &json!({"type": "url_verification", "challenge": "3eZbrw1a"}),
            &[],
        )
        .await;
        assert_eq!((status, body), (200, json!({"challenge": "3eZbrw1a"})));

        // A message is acknowledged at once and answered in its thread.
        let (status, body) = slack(
            &app,
            &webhook.url,
            SLACK_SIGNING_SECRET,
            &slack_message("Ev1", "<@B1> What are your hours?", "1700.1", None),
            &[],
        )
        .await;
        assert_eq!((status, body), (200, json!({"ok": true})));
        let posted = services.wait_posted(already + 1).await;
        let answer = &posted[already];
        assert_eq!(answer.platform, "slack");
        assert_eq!(answer.body["channel"], "C777");
        assert_eq!(answer.body["thread_ts"], "1700.1");
        assert!(!answer.body["text"].as_str().unwrap().is_empty());

        // Slack's retry of the same event is not answered twice.
        let (status, _) = slack(
            &app,
            &webhook.url,
            SLACK_SIGNING_SECRET,
            &slack_message("Ev1", "What are your hours?", "1700.1", None),
            &[
                ("x-slack-retry-num", "1".into()),
                ("x-slack-retry-reason", "http_timeout".into()),
            ],
        )
        .await;
        assert_eq!(status, 200);
        // A reply in the thread goes on in the same conversation; a bot's own message is ignored.
        slack(
            &app,
            &webhook.url,
            SLACK_SIGNING_SECRET,
            &slack_message("Ev2", "And Sunday?", "1700.5", Some("1700.1")),
            &[],
        )
        .await;
        let mut bot = slack_message("Ev3", "I am a bot", "1700.6", None);
        bot["event"]["bot_id"] = json!("B1");
        slack(&app, &webhook.url, SLACK_SIGNING_SECRET, &bot, &[]).await;
        let events = settled(&app, &ada, &webhook.id, 2).await;
        assert_eq!(events.len(), 2);
        assert!(
            events
                .iter()
                .all(|e| e.status == WebhookEventStatus::Succeeded),
            "{events:?}"
        );
        assert_eq!(events[0].conversation_id, events[1].conversation_id);
        assert_eq!(services.posted().len(), already + 2);

        // A bad signature or an old timestamp: 401, counted, never run.
        let bytes = serde_json::to_vec(&slack_message("Ev4", "forged", "1700.9", None)).unwrap();
        let (status, body) = hook(
            &app,
            &webhook.url,
            &[
                ("x-slack-request-timestamp", now().to_string()),
                ("x-slack-signature", "v0=00".into()),
            ],
            &bytes,
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (401, Some("invalid_signature"))
        );
        let old = (now() - 400).to_string();
        let mut content = format!("v0:{old}:").into_bytes();
        content.extend_from_slice(&bytes);
        let (status, _) = hook(
            &app,
            &webhook.url,
            &[
                ("x-slack-request-timestamp", old),
                (
                    "x-slack-signature",
                    format!("v0={}", hmac_hex(SLACK_SIGNING_SECRET, &content)),
                ),
            ],
            &bytes,
        )
        .await;
        assert_eq!(status, 401);
        let stats = api.get_webhook(&webhook.id).await.value().stats;
        assert_eq!((stats.received, stats.succeeded, stats.rejected), (2, 2, 2));
    })
    .await;
}

#[tokio::test]
async fn telegram_discord_and_whatsapp_are_answered_on_their_platforms() {
    let services = ServicesStandIn::start().await;
    for_each_engine_with(&ALLOW_PRIVATE, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let api = app.api(&ada);
        let base = services.base.clone();

        // Telegram: the secret token header, then sendMessage to the chat.
        let telegram = api
            .create_webhook(&new_webhook(&agent_id, WebhookPlatform::Telegram, Some(WebhookCredentialsIn { bot_token: Some(TELEGRAM_BOT_TOKEN.into()), base_url: Some(base.clone()), ..Default::default() })))
            .await
            .value();
        let secret = telegram.secret.unwrap();
        let update = json!({"update_id": 10001, "message": {"message_id": 5, "from": {"id": 42, "is_bot": false, "first_name": "Ada"}, "chat": {"id": 42, "type": "private"}, "date": 1_700_000_000, "text": "Hello bot"}});
        let bytes = serde_json::to_vec(&update).unwrap();
        let (status, _) = hook(&app, &telegram.webhook.url, &[("x-telegram-bot-api-secret-token", "wrong".into())], &bytes).await;
        assert_eq!(status, 401);
        let before = services.posted().len();
        let (status, _) = hook(&app, &telegram.webhook.url, &[("x-telegram-bot-api-secret-token", secret.clone())], &bytes).await;
        assert_eq!(status, 200);
        let posted = services.wait_posted(before + 1).await;
        let sent = posted.iter().rfind(|p| p.platform == "telegram").unwrap();
        assert_eq!(sent.body["chat_id"], 42);
        assert!(!sent.body["text"].as_str().unwrap().is_empty());

        // Discord: Ed25519, PING → PONG, a command deferred then answered.
        let pair = Ed25519KeyPair::generate().unwrap();
        let discord = api
            .create_webhook(&new_webhook(
                &agent_id,
                WebhookPlatform::Discord,
                Some(WebhookCredentialsIn {
                    application_id: Some(DISCORD_APPLICATION_ID.into()),
                    public_key: Some(hex::encode(pair.public_key().as_ref())),
                    bot_token: Some(DISCORD_BOT_TOKEN.into()),
                    base_url: Some(base.clone()),
                    ..Default::default()
                }),
            ))
            .await
            .value();
        let discord_post = async |body: &Value, signer: &Ed25519KeyPair| {
            let bytes = serde_json::to_vec(body).unwrap();
            let ts = now().to_string();
            let mut content = ts.clone().into_bytes();
            content.extend_from_slice(&bytes);
            let signature = hex::encode(signer.sign(&content).as_ref());
            hook(&app, &discord.webhook.url, &[("x-signature-ed25519", signature), ("x-signature-timestamp", ts)], &bytes).await
        };
        assert_eq!(discord_post(&json!({"type": 1}), &pair).await, (200, json!({"type": 1})));
        let stranger = Ed25519KeyPair::generate().unwrap();
        assert_eq!(discord_post(&json!({"type": 1}), &stranger).await.0, 401);
        let before = services.posted().len();
        let command = json!({"type": 2, "id": "990001", "application_id": DISCORD_APPLICATION_ID, "token": "interaction-token", "channel_id": "55",
            "member": {"user": {"id": "77"}}, "data": {"name": "ask", "options": [{"name": "question", "type": 3, "value": "What are your hours?"}]}});
        assert_eq!(discord_post(&command, &pair).await, (200, json!({"type": 5})));
        let posted = services.wait_posted(before + 1).await;
        let edit = posted.iter().rfind(|p| p.platform == "discord").unwrap();
        assert_eq!(edit.path, format!("/webhooks/{DISCORD_APPLICATION_ID}/interaction-token/messages/@original"));
        assert!(!edit.body["content"].as_str().unwrap().is_empty());

        // WhatsApp: the hub challenge, then a signed message answered through the messages endpoint.
        let whatsapp = api
            .create_webhook(&new_webhook(
                &agent_id,
                WebhookPlatform::Whatsapp,
                Some(WebhookCredentialsIn {
                    phone_number_id: Some(WHATSAPP_PHONE_NUMBER_ID.into()),
                    access_token: Some(WHATSAPP_TOKEN.into()),
                    app_secret: Some(WHATSAPP_APP_SECRET.into()),
                    base_url: Some(base.clone()),
                    ..Default::default()
                }),
            ))
            .await
            .value();
        let verify_token = whatsapp.secret.unwrap();
        let path = path_of(&whatsapp.webhook.url);
        let challenge = app.get(&format!("{path}?hub.mode=subscribe&hub.verify_token={verify_token}&hub.challenge=1158201444")).await;
        assert_eq!(challenge.status().as_u16(), 200);
        assert_eq!(challenge.text().await.unwrap(), "1158201444");
        let refused = app.get(&format!("{path}?hub.mode=subscribe&hub.verify_token=nope&hub.challenge=1")).await;
        assert_eq!(refused.status().as_u16(), 401);
        let change = json!({"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [{"field": "messages", "value": {
            "messaging_product": "whatsapp", "metadata": {"phone_number_id": WHATSAPP_PHONE_NUMBER_ID},
            "messages": [{"from": "15551234567", "id": "wamid.A1", "timestamp": "1700000000", "type": "text", "text": {"body": "Are you open?"}}]}}]}]});
        let bytes = serde_json::to_vec(&change).unwrap();
        let (status, _) = hook(&app, &whatsapp.webhook.url, &[("x-hub-signature-256", "sha256=00".into())], &bytes).await;
        assert_eq!(status, 401);
        let before = services.posted().len();
        let signature = format!("sha256={}", hmac_hex(WHATSAPP_APP_SECRET, &bytes));
        let (status, _) = hook(&app, &whatsapp.webhook.url, &[("x-hub-signature-256", signature)], &bytes).await;
        assert_eq!(status, 200);
        let posted = services.wait_posted(before + 1).await;
        let sent = posted.iter().rfind(|p| p.platform == "whatsapp").unwrap();
        assert_eq!(sent.body["to"], "15551234567");
        assert_eq!(sent.body["type"], "text");
        for id in [&telegram.webhook.id, &discord.webhook.id, &whatsapp.webhook.id] {
            let events = settled(&app, &ada, id, 1).await;
            assert_eq!(events[0].status, WebhookEventStatus::Succeeded, "{events:?}");
        }

        // One request may carry many messages: the first 100 are taken
        // before the acknowledgement, each with a NUL (which PostgreSQL's
        // text refuses) left out.
        let messages: Vec<Value> = (0..250)
            .map(|i| json!({"from": "15551234567", "id": format!("wamid.B{i}"), "timestamp": "1700000000", "type": "text", "text": {"body": format!("Question {i}\u{0}")}}))
            .collect();
        let many = json!({"object": "whatsapp_business_account", "entry": [{"id": "1", "changes": [{"field": "messages", "value": {
            "messaging_product": "whatsapp", "metadata": {"phone_number_id": WHATSAPP_PHONE_NUMBER_ID}, "messages": messages}}]}]});
        let bytes = serde_json::to_vec(&many).unwrap();
        let signature = format!("sha256={}", hmac_hex(WHATSAPP_APP_SECRET, &bytes));
        let (status, _) = hook(&app, &whatsapp.webhook.url, &[("x-hub-signature-256", signature)], &bytes).await;
        assert_eq!(status, 200);
        let shown = api.get_webhook(&whatsapp.webhook.id).await.value();
        assert_eq!(shown.stats.received, 101);
    })
    .await;
}

#[tokio::test]
async fn failures_in_a_row_make_a_webhook_failing_and_tell_its_owner() {
    let services = ServicesStandIn::start().await;
    for_each_engine_with(&ALLOW_PRIVATE, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let api = app.api(&ada);
        let created = api
            .create_webhook(&new_webhook(&agent_id, WebhookPlatform::Telegram, Some(WebhookCredentialsIn { bot_token: Some(TELEGRAM_BOT_TOKEN.into()), base_url: Some(services.base.clone()), ..Default::default() })))
            .await
            .value();
        let secret = created.secret.unwrap();
        let send = async |update_id: u64| {
            let update = json!({"update_id": update_id, "message": {"message_id": update_id, "from": {"id": 9, "is_bot": false}, "chat": {"id": 9, "type": "private"}, "text": format!("question {update_id}")}});
            let (status, _) = hook(&app, &created.webhook.url, &[("x-telegram-bot-api-secret-token", secret.clone())], &serde_json::to_vec(&update).unwrap()).await;
            assert_eq!(status, 200);
        };
        // Telegram is down for every attempt of five events.
        services.fail_next(5 * 4);
        for id in 1..=5 {
            send(id).await;
        }
        let events = settled(&app, &ada, &created.webhook.id, 5).await;
        assert!(events.iter().all(|e| e.status == WebhookEventStatus::Failed), "{events:?}");
        assert!(events[0].error.as_deref().unwrap().contains("Telegram answered 500"), "{:?}", events[0].error);
        let webhook = api.get_webhook(&created.webhook.id).await.value();
        assert_eq!(webhook.status, WebhookStatus::Failing);
        assert_eq!(webhook.failures_in_row, 5);
        let (mails, _) = app.store.outbox().list(1, 50).await.unwrap();
        let told: Vec<_> = mails.iter().filter(|m| m.template == Some(MailTemplate::WebhookFailing)).collect();
        assert_eq!(told.len(), 1);
        assert_eq!(told[0].to_address, "ada@example.com");
        assert!(app.mail_text(told[0]).contains("failed 5 times in a row"));
        assert!(!app.audit("webhook.failing").await.is_empty());

        // The next success makes it active again.
        services.fail_next(0);
        send(6).await;
        settled(&app, &ada, &created.webhook.id, 6).await;
        let webhook = api.get_webhook(&created.webhook.id).await.value();
        assert_eq!((webhook.status, webhook.failures_in_row), (WebhookStatus::Active, 0));
    })
    .await;
}

/// A receiver of outbound events: records each request's headers and
/// body, and answers 500 to the first `failures` of them.
pub(crate) struct Receiver {
    pub(crate) url: String,
    received: std::sync::Arc<std::sync::Mutex<Vec<(axum::http::HeaderMap, String)>>>,
}

impl Receiver {
    pub(crate) async fn start(failures: usize) -> Self {
        use std::sync::atomic::{AtomicUsize, Ordering};
        let received = std::sync::Arc::new(std::sync::Mutex::new(Vec::new()));
        let seen = std::sync::Arc::new(AtomicUsize::new(0));
        let log = received.clone();
        let router = axum::Router::new().route(
            "/hook",
            axum::routing::post(move |headers: axum::http::HeaderMap, body: String| {
                let log = log.clone();
                let seen = seen.clone();
                async move {
                    log.lock().unwrap().push((headers, body));
                    if seen.fetch_add(1, Ordering::SeqCst) < failures {
                        (
                            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                            "receiver down",
                        )
                    } else {
                        (axum::http::StatusCode::OK, "thanks")
                    }
                }
            }),
        );
        Self {
            url: format!("{}/hook", agentforge_testkit::serve(router).await),
            received,
        }
    }

    pub(crate) fn requests(&self) -> Vec<(axum::http::HeaderMap, String)> {
        self.received.lock().unwrap().clone()
    }

    /// Waits until `n` requests came; them.
    pub(crate) async fn wait(&self, n: usize) -> Vec<(axum::http::HeaderMap, String)> {
        for _ in 0..300 {
            let got = self.requests();
            if got.len() >= n {
                return got;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("{n} requests did not come: {}", self.requests().len());
    }
}

fn verified(secret: &str, headers: &axum::http::HeaderMap, body: &str) -> bool {
    let header = |name: &str| headers.get(name).and_then(|v| v.to_str().ok());
    WebhookSecret::parse(secret)
        .unwrap()
        .verify(
            header("webhook-id"),
            header("webhook-timestamp"),
            header("webhook-signature"),
            body.as_bytes(),
            now(),
        )
        .is_ok()
}

const FAST_RETRIES: [(&str, &str); 3] = [
    ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
    ("AGENTFORGE_WEBHOOK_RETRY_SCHEDULE_SECONDS", "1,1,1"),
    ("AGENTFORGE_JOBS_RETRY_BASE_SECONDS", "1"),
];

#[tokio::test]
async fn event_endpoints_get_signed_deliveries_retried_until_they_succeed() {
    for_each_engine_with(&FAST_RETRIES, async |app: TestApp| {
        // Down for the first two requests of each engine's run.
        let receiver = Receiver::start(2).await;
        let ada = sign_up(&app, "ada@example.com").await;
        let eve = sign_up(&app, "eve@example.com").await;
        let api = app.api(&ada);
        let already = receiver.requests().len();

        // Bad input names its field.
        let bad = api
            .create_endpoint(&WebhookEndpointIn {
                url: "ftp://example.com".into(),
                events: vec![],
                description: None,
                enabled: None,
            })
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        let fields: Vec<&str> = bad.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["url", "events"]);

        let created = api
            .create_endpoint(&WebhookEndpointIn {
                url: receiver.url.clone(),
                events: vec![
                    EndpointEvent::AgentDeployed,
                    EndpointEvent::MessageCreated,
                    EndpointEvent::ConversationStarted,
                ],
                description: Some("CRM sync".into()),
                enabled: None,
            })
            .await
            .value();
        let secret = created.secret.clone();
        assert!(secret.starts_with("whsec_"));
        let endpoint = created.endpoint;
        assert!(endpoint.enabled && endpoint.secret.set);
        assert!(
            !serde_json::to_string(&api.get_endpoint(&endpoint.id).await.value())
                .unwrap()
                .contains(&secret)
        );

        // Deploying is an event: refused twice by the receiver, then taken.
        let agent_id = deployed_agent(&app, &ada, "Support").await;
        let got = receiver.wait(already + 3).await;
        let bodies: Vec<Value> = got[already..]
            .iter()
            .map(|(_, b)| serde_json::from_str(b).unwrap())
            .collect();
        assert!(
            bodies.iter().all(|b| b["type"] == "agent.deployed"),
            "{bodies:?}"
        );
        assert_eq!(bodies[0]["data"]["agent"]["id"], agent_id.as_str());
        for (headers, body) in &got[already..] {
            assert!(verified(&secret, headers, body));
        }
        // The same webhook-id on every attempt.
        let ids: Vec<&str> = got[already..]
            .iter()
            .map(|(h, _)| h["webhook-id"].to_str().unwrap())
            .collect();
        assert!(ids.iter().all(|id| *id == ids[0]) && ids[0].starts_with("msg_"));
        let mut deliveries = Vec::new();
        for _ in 0..100 {
            deliveries = api
                .endpoint_deliveries(&endpoint.id, &DeliveriesQuery::default())
                .await
                .value();
            if deliveries
                .first()
                .is_some_and(|d| d.status == DeliveryStatus::Succeeded)
            {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let first = &deliveries[0];
        assert_eq!(
            (first.status, first.attempts),
            (DeliveryStatus::Succeeded, 3)
        );
        let statuses: Vec<Option<u16>> = first.attempt_log.iter().map(|a| a.status).collect();
        assert_eq!(statuses, [Some(500), Some(500), Some(200)]);
        assert_eq!(
            first.attempt_log[0].response.as_deref(),
            Some("receiver down")
        );

        // A conversation on the agent: started, then its messages, in order.
        let hook = api
            .create_webhook(&new_webhook(&agent_id, WebhookPlatform::Custom, None))
            .await
            .value();
        let (status, _) = custom(
            &app,
            &hook.webhook.url,
            hook.secret.as_deref().unwrap(),
            "msg_a",
            now(),
            &json!({"message": "Hello", "senderId": "s1"}),
        )
        .await;
        assert_eq!(status, 200);
        let got = receiver.wait(already + 6).await;
        let kinds: Vec<String> = got[already + 3..]
            .iter()
            .map(|(_, b)| {
                serde_json::from_str::<Value>(b).unwrap()["type"]
                    .as_str()
                    .unwrap()
                    .to_owned()
            })
            .collect();
        assert_eq!(
            kinds,
            ["conversation.started", "message.created", "message.created"]
        );
        let answer: Value = serde_json::from_str(&got[already + 5].1).unwrap();
        assert_eq!(answer["data"]["message"]["role"], "assistant");
        assert_eq!(answer["data"]["conversation"]["channel"], "webhook");

        // A manual retry sends it again, with the same id.
        let retried = api.retry_delivery(&endpoint.id, &first.id).await.value();
        assert_eq!(retried.status, DeliveryStatus::Pending);
        let got = receiver.wait(already + 7).await;
        assert_eq!(
            got[already + 6].0["webhook-id"].to_str().unwrap(),
            first.event_id
        );

        // A rotated secret signs from now on; the old one no longer verifies.
        let rotated = api.rotate_endpoint_secret(&endpoint.id).await.value();
        assert_ne!(rotated.secret, secret);
        api.deploy_agent(
            &agent_id,
            &DeployIn {
                environment: agentforge_domain::agent::Environment::Staging,
                version: None,
                configuration: None,
            },
        )
        .await
        .value();
        let got = receiver.wait(already + 8).await;
        let (headers, body) = &got[already + 7];
        assert!(verified(&rotated.secret, headers, body) && !verified(&secret, headers, body));

        // Another person sees none of it; a disabled endpoint gets nothing.
        let theirs = app.api(&eve);
        assert!(theirs.list_endpoints().await.value().is_empty());
        theirs
            .get_endpoint(&endpoint.id)
            .await
            .unwrap_err()
            .expect(404, "webhook_endpoint_not_found");
        theirs
            .retry_delivery(&endpoint.id, &first.id)
            .await
            .unwrap_err()
            .expect(404, "webhook_endpoint_not_found");
        api.update_endpoint(
            &endpoint.id,
            &WebhookEndpointUpdateIn {
                enabled: Some(false),
                ..Default::default()
            },
        )
        .await
        .value();
        api.retry_delivery(&endpoint.id, &first.id)
            .await
            .unwrap_err()
            .expect(409, "endpoint_disabled");
        api.delete_endpoint(&endpoint.id).await.value();
        assert!(api.list_endpoints().await.value().is_empty());
        for action in [
            "webhook_endpoint.create",
            "webhook_endpoint.update",
            "webhook_endpoint.rotate_secret",
            "webhook_delivery.retry",
            "webhook_endpoint.delete",
        ] {
            assert!(!app.audit(action).await.is_empty(), "{action}");
        }
    })
    .await;
}

#[tokio::test]
async fn an_endpoint_failing_for_its_limit_is_disabled_and_its_owner_told() {
    let receiver = Receiver::start(usize::MAX).await;
    let env = [
        ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
        ("AGENTFORGE_WEBHOOK_RETRY_SCHEDULE_SECONDS", "1,1,1,1,1"),
        ("AGENTFORGE_WEBHOOK_DISABLE_AFTER_SECONDS", "2"),
        ("AGENTFORGE_JOBS_RETRY_BASE_SECONDS", "1"),
    ];
    for_each_engine_with(&env, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let endpoint = api
            .create_endpoint(&WebhookEndpointIn {
                url: receiver.url.clone(),
                events: vec![EndpointEvent::AgentDeployed],
                description: None,
                enabled: None,
            })
            .await
            .value()
            .endpoint;
        deployed_agent(&app, &ada, "Support").await;
        let mut now_endpoint = api.get_endpoint(&endpoint.id).await.value();
        for _ in 0..200 {
            if !now_endpoint.enabled {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            now_endpoint = api.get_endpoint(&endpoint.id).await.value();
        }
        assert!(!now_endpoint.enabled, "{now_endpoint:?}");
        assert!(
            now_endpoint
                .disabled_reason
                .as_deref()
                .unwrap()
                .contains("The endpoint answered 500")
        );
        let deliveries = api
            .endpoint_deliveries(
                &endpoint.id,
                &DeliveriesQuery {
                    status: Some(Filter::Only(DeliveryStatus::Failed)),
                },
            )
            .await
            .value();
        assert_eq!(deliveries.len(), 1);
        let (mails, _) = app.store.outbox().list(1, 50).await.unwrap();
        let told: Vec<_> = mails
            .iter()
            .filter(|m| m.template == Some(MailTemplate::WebhookEndpointDisabled))
            .collect();
        assert_eq!(told.len(), 1);
        assert!(app.mail_text(told[0]).contains(&receiver.url));
        let disabled = app.audit("webhook_endpoint.disable").await;
        assert_eq!(disabled[0].actor_kind, "system");

        // Enabling it again forgets the failures.
        let enabled = api
            .update_endpoint(
                &endpoint.id,
                &WebhookEndpointUpdateIn {
                    enabled: Some(true),
                    ..Default::default()
                },
            )
            .await
            .value();
        assert!(
            enabled.enabled && enabled.disabled_reason.is_none() && enabled.failing_since.is_none()
        );
    })
    .await;
}
