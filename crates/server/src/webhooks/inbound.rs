//! `/api/hooks/{token}`: where platforms post their events. Public: the
//! URL token finds the webhook, the platform's signature proves the
//! sender. A bad signature is a 401, counted and never run; a platform's
//! retry of an event already taken is acknowledged and not answered again;
//! platform events are acknowledged at once and answered from the job
//! queue (`webhook.answer`), custom and Zapier events in the response, or
//! from the job queue too when the sender says `Prefer: respond-async`.
//!
//! Not part of the `/api` document: each platform's wire format is its own
//! (docs/webhooks.md describes them).

use std::time::Instant;

use agentforge_domain::error::{Conflict, Error, Thing, Unauthenticated};
use agentforge_domain::webhook::{
    BODY_MAX_BYTES, WebhookEventStatus, WebhookPlatform, WebhookStatus,
};
use agentforge_store::{Agent, EventOutcome, NewWebhookEvent};
use axum::Router;
use axum::body::Bytes;
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use serde::Deserialize;
use serde_json::{Value, json};

use super::platforms::{self, CustomEvent, Inbound, Incoming, Keys};
use super::service::{self, Opened};
use super::{WebhookPostOut, WebhookTestAnswerOut, WebhookTestOut};
use crate::conversations::types::CitationOut;
use crate::http::ApiError;
use crate::state::AppState;

/// The most dashboard tests one person may run a minute.
pub const TESTS_PER_MINUTE: u32 = 30;

/// The most events one webhook takes a second before answering 429 (its
/// platform retries later).
pub const EVENTS_PER_SECOND: u32 = 5000;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/hooks/{token}", get(verify).post(receive))
        .layer(DefaultBodyLimit::max(BODY_MAX_BYTES))
}

/// The webhook a URL token names (any token not ours: 404, and no
/// database write).
async fn by_token(state: &AppState, token: &str) -> Result<Opened, Error> {
    let missing = || Error::not_found(Thing::Webhook);
    if !token.starts_with("wh_") || token.len() != 46 {
        return Err(missing());
    }
    let webhook = state
        .store
        .webhooks()
        .by_token_hash(&crate::opaque::hash(token))
        .await?
        .ok_or_else(missing)?;
    service::open(&super::parts(state), webhook).await
}

#[derive(Debug, Deserialize)]
struct HubQuery {
    #[serde(rename = "hub.mode")]
    mode: Option<String>,
    #[serde(rename = "hub.verify_token")]
    verify_token: Option<String>,
    #[serde(rename = "hub.challenge")]
    challenge: Option<String>,
}

/// `GET`: WhatsApp's (Meta's) subscription check: `hub.mode=subscribe`,
/// the verify token, and the challenge echoed back.
async fn verify(
    State(state): State<AppState>,
    Path(token): Path<String>,
    Query(query): Query<HubQuery>,
) -> Result<Response, ApiError> {
    let opened = by_token(&state, &token).await?;
    if opened.webhook.platform != WebhookPlatform::Whatsapp {
        return Err(ApiError::not_found(
            "route_not_found",
            "This webhook takes POST requests only",
        ));
    }
    let expected = opened.shared_secret().unwrap_or_default();
    let given = query.verify_token.unwrap_or_default();
    if query.mode.as_deref() != Some("subscribe")
        || !agentforge_runtime::signature::platform::same_secret(&given, &expected)
    {
        state
            .store
            .webhooks()
            .count_rejected(&opened.webhook.id)
            .await?;
        return Err(Error::Unauthenticated(Unauthenticated::BadSignature).into());
    }
    let challenge: String = query
        .challenge
        .unwrap_or_default()
        .chars()
        .take(200)
        .collect();
    Ok((StatusCode::OK, [("content-type", "text/plain")], challenge).into_response())
}

/// `POST`: an event.
async fn receive(
    State(state): State<AppState>,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let opened = by_token(&state, &token).await?;
    let webhook = &opened.webhook;
    let secret = opened.shared_secret();
    let field = |name: &str| opened.field(name);
    let keys = Keys {
        secret: secret.as_deref(),
        field: &field,
    };
    let now = chrono::Utc::now().timestamp();
    if !platforms::verified(webhook.platform, &keys, &headers, &body, now) {
        state.store.webhooks().count_rejected(&webhook.id).await?;
        return Err(Error::Unauthenticated(Unauthenticated::BadSignature).into());
    }
    state
        .rate_limiter
        .check(&format!("webhook:{}", webhook.id), EVENTS_PER_SECOND * 60)?;
    if webhook.platform.standard() {
        return custom(&state, &opened, &headers, &body).await;
    }
    let inbound =
        platforms::read(webhook.platform, &body).map_err(|e| Error::invalid("body", e.0))?;
    let response = match inbound {
        Inbound::Handshake(answer) => answer,
        Inbound::Nothing { ack } => ack,
        Inbound::Messages { ack, messages } => {
            if webhook.status == WebhookStatus::Paused {
                paused_ack(webhook.platform, ack)
            } else {
                service::take(&super::parts(&state), webhook, messages).await?;
                ack
            }
        }
    };
    Ok(axum::Json(response).into_response())
}

/// What a paused webhook answers a platform: the acknowledgement (so that
/// the platform does not retry or disable the URL), and on Discord, which
/// must show something, a line saying so.
fn paused_ack(platform: WebhookPlatform, ack: Value) -> Value {
    match platform {
        WebhookPlatform::Discord => {
            json!({"type": 4, "data": {"content": "This assistant is paused for now.", "flags": 64}})
        }
        _ => ack,
    }
}

/// A custom or Zapier event, answered in the response:
/// `{conversationId, answer, citations}`.
async fn custom(
    state: &AppState,
    opened: &Opened,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Response, ApiError> {
    let webhook = &opened.webhook;
    if webhook.status == WebhookStatus::Paused {
        return Err(Error::Conflict(Conflict::WebhookPaused).into());
    }
    let event: CustomEvent = serde_json::from_slice(body).map_err(|e| {
        Error::invalid(
            "message",
            format!("The body must be JSON {{\"message\": \"…\", \"senderId\": \"…\"}}: {e}"),
        )
    })?;
    // A sender's bad input is refused before it is recorded: it is not a
    // failure of the webhook.
    let mut p = agentforge_domain::Problems::default();
    p.text("senderId", event.sender_id.as_deref(), 200);
    p.no_nul("senderId", event.sender_id.as_deref());
    let max = state.runtime.message_max_chars();
    if event.message.trim().is_empty() {
        p.add("message", agentforge_domain::error::messages::REQUIRED);
    } else {
        p.text("message", Some(&event.message), max);
    }
    p.finish()?;
    let event_id = headers
        .get("webhook-id")
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        // A Zapier call with the secret as bearer has no id: each is new.
        .unwrap_or_else(|| uuid::Uuid::now_v7().to_string());
    let sender = match (&event.sender_id, &event.conversation_id) {
        (Some(sender), _) => format!("custom:{}", sender.trim()),
        // No sender: each event is a conversation of its own.
        (None, _) => format!("event:{event_id}"),
    };
    if wants_async(headers) {
        return custom_async(state, opened, event, event_id, sender).await;
    }
    let recorded = state
        .store
        .webhooks()
        .record_event(NewWebhookEvent {
            webhook_id: webhook.id.clone(),
            event_key: event_id.chars().take(200).collect(),
            status: WebhookEventStatus::Queued,
            sender: sender.chars().take(400).collect(),
            message: event.message.clone(),
            reply: None,
            test: false,
        })
        .await?
        .ok_or(Error::Conflict(Conflict::EventReplayed))?;
    let started = Instant::now();
    let agent = agent_of(state, &webhook.agent_id).await?;
    let result = service::answer(
        &state.runtime,
        webhook,
        agent,
        &sender,
        event.conversation_id.as_deref(),
        &event.message,
        false,
    )
    .await;
    let latency_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    let outcome = match &result {
        Ok(answered) => EventOutcome {
            status: WebhookEventStatus::Succeeded,
            conversation_id: Some(answered.conversation_id.clone()),
            answer: Some(service::excerpt(&answered.answer, 2000)),
            error: None,
            latency_ms,
        },
        Err(e) => EventOutcome {
            status: WebhookEventStatus::Failed,
            conversation_id: None,
            answer: None,
            error: Some(e.to_string()),
            latency_ms,
        },
    };
    service::finish(&super::parts(state), &recorded, outcome).await?;
    let answered = result?;
    let citations: Vec<CitationOut> = answered
        .citations
        .into_iter()
        .map(CitationOut::from)
        .collect();
    Ok(axum::Json(json!({
        "conversationId": answered.conversation_id,
        "answer": answered.answer,
        "citations": citations,
        "handedOff": answered.handed_off,
    }))
    .into_response())
}

/// Whether the sender asked to be answered later (RFC 7240's
/// `Prefer: respond-async`, among other preferences or alone).
fn wants_async(headers: &HeaderMap) -> bool {
    headers.get_all("prefer").iter().any(|value| {
        value.to_str().is_ok_and(|v| {
            v.split(',')
                .any(|p| p.trim().eq_ignore_ascii_case("respond-async"))
        })
    })
}

/// A custom or Zapier event taken to be answered from the job queue, like
/// a platform's: 202 `{eventId, status}` at once; the answer goes to the
/// conversation (so to the owner's event endpoints as `message.created`)
/// and onto the event.
async fn custom_async(
    state: &AppState,
    opened: &Opened,
    event: CustomEvent,
    event_id: String,
    sender: String,
) -> Result<Response, ApiError> {
    let webhook = &opened.webhook;
    let parts = super::parts(state);
    // A named conversation must be one of this webhook's now, not when the
    // job runs: the sender hears of it here.
    if let Some(id) = &event.conversation_id {
        service::held_conversation(parts.store, webhook, id).await?;
    }
    let taken = service::take(
        &parts,
        webhook,
        vec![Incoming {
            key: event_id,
            sender,
            text: event.message,
            reply: json!({"conversationId": event.conversation_id}),
        }],
    )
    .await?;
    let id = taken
        .into_iter()
        .next()
        .ok_or(Error::Conflict(Conflict::EventReplayed))?;
    Ok((
        StatusCode::ACCEPTED,
        [("preference-applied", "respond-async")],
        axum::Json(json!({"eventId": id, "status": WebhookEventStatus::Queued.as_str()})),
    )
        .into_response())
}

async fn agent_of(state: &AppState, agent_id: &str) -> Result<Agent, Error> {
    state
        .store
        .agents()
        .get(agent_id)
        .await?
        .ok_or(Error::not_found(Thing::Agent))
}

/// Runs `data` through the webhook's path without a signature and without
/// posting: each message answered in a test conversation, with the call
/// that would post it.
pub async fn test(
    state: &AppState,
    opened: &Opened,
    agent: Agent,
    data: Value,
) -> Result<WebhookTestOut, Error> {
    let webhook = &opened.webhook;
    let platform = webhook.platform;
    let simple = data
        .get("message")
        .and_then(Value::as_str)
        .map(str::to_owned);
    let sample_sender = data
        .get("senderId")
        .and_then(Value::as_str)
        .unwrap_or("test")
        .to_owned();
    let (response, messages) = match (platform.standard(), simple) {
        (_, Some(message)) => {
            let reply = sample_reply(platform, &sample_sender);
            let ack = if platform == WebhookPlatform::Discord {
                json!({"type": 5})
            } else if platform.standard() {
                Value::Null
            } else {
                json!({"ok": true})
            };
            (
                ack,
                vec![Incoming {
                    key: "test".into(),
                    sender: format!("test:{sample_sender}"),
                    text: message,
                    reply,
                }],
            )
        }
        (true, None) => {
            return Err(Error::invalid(
                "testData.message",
                "A custom event needs a message",
            ));
        }
        (false, None) => {
            let body = serde_json::to_vec(&data).unwrap_or_default();
            match platforms::read(platform, &body).map_err(|e| Error::invalid("testData", e.0))? {
                Inbound::Handshake(answer) => (answer, Vec::new()),
                Inbound::Nothing { ack } => (ack, Vec::new()),
                Inbound::Messages { ack, messages } => (ack, messages),
            }
        }
    };
    if messages.len() > 5 {
        return Err(Error::invalid(
            "testData",
            "A test answers at most 5 messages",
        ));
    }
    let field = |name: &str| opened.field(name);
    let mut answers = Vec::with_capacity(messages.len());
    let mut response = response;
    for message in messages {
        let answered = service::answer(
            &state.runtime,
            webhook,
            agent.clone(),
            &message.sender,
            None,
            &message.text,
            true,
        )
        .await?;
        let post = platforms::post(
            platform,
            &opened.base_url(),
            &field,
            &message.reply,
            &answered.answer,
        )
        .map(|p| WebhookPostOut {
            method: p.method.to_owned(),
            url: platforms::shown_url(platform, &p, &field),
            body: p.body,
        });
        let citations: Vec<CitationOut> = answered
            .citations
            .into_iter()
            .map(CitationOut::from)
            .collect();
        if platform.standard() {
            response = json!({
                "conversationId": answered.conversation_id,
                "answer": answered.answer,
                "citations": citations,
                "handedOff": answered.handed_off,
            });
        }
        state
            .store
            .webhooks()
            .record_event(NewWebhookEvent {
                webhook_id: webhook.id.clone(),
                event_key: format!("test:{}", uuid::Uuid::now_v7()),
                status: WebhookEventStatus::Succeeded,
                sender: message.sender.chars().take(400).collect(),
                message: message.text.clone(),
                reply: None,
                test: true,
            })
            .await?;
        answers.push(WebhookTestAnswerOut {
            sender: message.sender,
            message: message.text,
            conversation_id: answered.conversation_id,
            answer: answered.answer,
            citations,
            post,
        });
    }
    Ok(WebhookTestOut {
        webhook_id: webhook.id.clone(),
        platform,
        response,
        answers,
        missing_credentials: opened.missing().into_iter().map(str::to_owned).collect(),
    })
}

/// Where a simple test message's answer would go on each platform.
fn sample_reply(platform: WebhookPlatform, sender: &str) -> Value {
    match platform {
        WebhookPlatform::Slack => json!({"channel": "C0TEST", "thread_ts": "1700000000.000100"}),
        WebhookPlatform::Telegram => json!({"chat_id": sender}),
        WebhookPlatform::Discord => {
            json!({"application_id": "<application id>", "token": "<interaction token>"})
        }
        WebhookPlatform::Whatsapp => json!({"to": sender, "message_id": "wamid.test"}),
        WebhookPlatform::Custom | WebhookPlatform::Zapier => Value::Null,
    }
}
