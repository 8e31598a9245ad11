//! Twilio, ElevenLabs, Stripe, Slack, Telegram, Discord and WhatsApp, as
//! far as AgentForge calls them: each answers with its real JSON for the
//! credentials below and refuses others the way the service does.
//!
//! - Twilio: `GET /2010-04-01/Accounts/{sid}.json`, HTTP basic auth with
//!   [`TWILIO_SID`] and [`TWILIO_TOKEN`];
//! - ElevenLabs: `GET /v1/user/subscription` with `xi-api-key:`
//!   [`ELEVENLABS_KEY`];
//! - Stripe: `GET /v1/balance` with `Authorization: Bearer`
//!   [`STRIPE_KEY`];
//! - Slack (base `…/api`): `POST /api/auth.test` with `Authorization:
//!   Bearer` [`SLACK_BOT_TOKEN`] (200 with `ok: false` otherwise);
//! - Telegram: `GET /bot<token>/getMe` for [`TELEGRAM_BOT_TOKEN`];
//! - Discord: `GET /users/@me` with `Authorization: Bot`
//!   [`DISCORD_BOT_TOKEN`], the bot of [`DISCORD_APPLICATION_ID`];
//! - WhatsApp Cloud API: `GET /{phone-number-id}` for
//!   [`WHATSAPP_PHONE_NUMBER_ID`] with `Authorization: Bearer`
//!   [`WHATSAPP_TOKEN`].
//!
//! And the calls that answer people on each platform, recorded in order
//! ([`ServicesStandIn::posted`]) and made to fail on demand
//! ([`ServicesStandIn::fail_next`]): Slack's `chat.postMessage`, Telegram's
//! `sendMessage`, Discord's `PATCH /webhooks/{application}/{token}/messages/@original`
//! (an interaction's deferred answer) and the WhatsApp Cloud API's
//! `POST /{phone-number-id}/messages`.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use serde_json::{Value, json};

pub const TWILIO_SID: &str = "AC0123456789abcdef0123456789abcdef";
pub const TWILIO_TOKEN: &str = "good-token";
pub const ELEVENLABS_KEY: &str = "good-key";
pub const STRIPE_KEY: &str = "sk_test_good";
pub const SLACK_BOT_TOKEN: &str = "xoxb-1111-2222-standin";
pub const TELEGRAM_BOT_TOKEN: &str = "123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456";
pub const DISCORD_APPLICATION_ID: &str = "112233445566778899";
pub const DISCORD_BOT_TOKEN: &str = "discord-good-token";
pub const WHATSAPP_PHONE_NUMBER_ID: &str = "1098765432";
pub const WHATSAPP_TOKEN: &str = "whatsapp-good-token";

/// One answer posted to a platform.
#[derive(Debug, Clone, PartialEq)]
pub struct Posted {
    /// `slack`, `telegram`, `discord` or `whatsapp`.
    pub platform: &'static str,
    /// The path called.
    pub path: String,
    /// The JSON body sent.
    pub body: Value,
}

#[derive(Default)]
struct Recorder {
    posted: Mutex<Vec<Posted>>,
    failures: AtomicUsize,
}

impl Recorder {
    /// Records the call; `false` when it is to fail.
    fn take(&self, platform: &'static str, path: String, body: Value) -> bool {
        let failing = self
            .failures
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
            .is_ok();
        if !failing && let Ok(mut posted) = self.posted.lock() {
            posted.push(Posted {
                platform,
                path,
                body,
            });
        }
        !failing
    }
}

/// A running stand-in for the services, at one address.
pub struct ServicesStandIn {
    /// `http://127.0.0.1:<port>`: every service's base URL (the
    /// transcription endpoint's is `{base}/v1`).
    pub base: String,
    recorder: Arc<Recorder>,
    /// ElevenLabs' speech and the transcription endpoint (crate::speech).
    pub speech: Arc<crate::speech::SpeechControls>,
    /// Twilio's messages (crate::twilio).
    pub twilio: Arc<crate::twilio::TwilioControls>,
}

impl ServicesStandIn {
    /// The answers posted so far, in order.
    pub fn posted(&self) -> Vec<Posted> {
        self.recorder
            .posted
            .lock()
            .map(|p| p.clone())
            .unwrap_or_default()
    }

    /// Makes the next `n` answers posted fail (500, or Slack's `ok: false`).
    pub fn fail_next(&self, n: usize) {
        self.recorder.failures.store(n, Ordering::SeqCst);
    }

    /// Waits (up to ten seconds) until `n` answers were posted; them.
    pub async fn wait_posted(&self, n: usize) -> Vec<Posted> {
        for _ in 0..200 {
            let posted = self.posted();
            if posted.len() >= n {
                return posted;
            }
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        panic!("{n} answers were not posted: {:?}", self.posted());
    }

    pub async fn start() -> Self {
        let recorder = Arc::new(Recorder::default());
        let posting = Router::new()
            .route("/api/chat.postMessage", axum::routing::post(slack_post))
            .route("/{bot}/sendMessage", axum::routing::post(telegram_send))
            .route(
                "/webhooks/{application}/{token}/messages/@original",
                axum::routing::patch(discord_edit_original),
            )
            .route(
                "/{phone_number_id}/messages",
                axum::routing::post(whatsapp_send),
            )
            .with_state(recorder.clone());
        let speech = Arc::new(crate::speech::SpeechControls::default());
        let speaking = Router::new()
            .route(
                "/v1/text-to-speech/{voice_id}/stream",
                axum::routing::post(crate::speech::synthesize),
            )
            .route(
                "/v1/audio/transcriptions",
                axum::routing::post(crate::speech::transcribe),
            )
            .with_state(speech.clone());
        let twilio = Arc::new(crate::twilio::TwilioControls::default());
        let phoning = Router::new()
            .route(
                "/2010-04-01/Accounts/{sid}/Messages.json",
                axum::routing::post(crate::twilio::send_message),
            )
            .route(
                "/2010-04-01/Accounts/{sid}/Calls.json",
                axum::routing::post(crate::twilio::create_call),
            )
            .route(
                "/2010-04-01/Accounts/{sid}/Calls/{file}",
                get(crate::twilio::fetch_call),
            )
            .route(
                "/2010-04-01/Accounts/{sid}/Calls/{call}/Recordings.json",
                axum::routing::post(crate::twilio::start_recording),
            )
            .route(
                "/2010-04-01/Accounts/{sid}/Recordings/{file}",
                get(crate::twilio::recording),
            )
            .with_state(twilio.clone());
        let router = Router::new()
            .route("/2010-04-01/Accounts/{file}", get(twilio_account))
            .route("/v1/voices", get(crate::speech::voices))
            .route("/v1/models", get(crate::speech::models))
            .route("/v1/user/subscription", get(elevenlabs_subscription))
            .route("/v1/balance", get(stripe_balance))
            .route("/api/auth.test", axum::routing::post(slack_auth_test))
            .route("/{bot}/getMe", get(telegram_get_me))
            .route("/users/@me", get(discord_me))
            .route("/{phone_number_id}", get(whatsapp_number))
            .merge(posting)
            .merge(speaking)
            .merge(phoning);
        Self {
            base: crate::serve(router).await,
            recorder,
            speech,
            twilio,
        }
    }
}

async fn slack_post(
    State(recorder): State<Arc<Recorder>>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if header(&headers, "authorization") != format!("Bearer {SLACK_BOT_TOKEN}") {
        return axum::Json(json!({"ok": false, "error": "invalid_auth"})).into_response();
    }
    let channel = body["channel"].clone();
    if !recorder.take("slack", "/api/chat.postMessage".into(), body) {
        return axum::Json(json!({"ok": false, "error": "ratelimited"})).into_response();
    }
    axum::Json(json!({"ok": true, "channel": channel, "ts": "1700000000.000200"})).into_response()
}

async fn telegram_send(
    State(recorder): State<Arc<Recorder>>,
    Path(bot): Path<String>,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if bot != format!("bot{TELEGRAM_BOT_TOKEN}") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"ok": false, "error_code": 401, "description": "Unauthorized"})),
        )
            .into_response();
    }
    let chat = body["chat_id"].clone();
    if !recorder.take("telegram", "/sendMessage".into(), body) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(
                json!({"ok": false, "error_code": 500, "description": "Internal Server Error"}),
            ),
        )
            .into_response();
    }
    axum::Json(json!({"ok": true, "result": {"message_id": 2, "chat": {"id": chat}, "date": 1_700_000_000}}))
        .into_response()
}

async fn discord_edit_original(
    State(recorder): State<Arc<Recorder>>,
    Path((application, token)): Path<(String, String)>,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if application != DISCORD_APPLICATION_ID {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"message": "Unknown Webhook", "code": 10015})),
        )
            .into_response();
    }
    let content = body["content"].clone();
    let path = format!("/webhooks/{application}/{token}/messages/@original");
    if !recorder.take("discord", path, body) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(json!({"message": "500: Internal Server Error", "code": 0})),
        )
            .into_response();
    }
    axum::Json(json!({"id": "1200000000000000000", "type": 20, "content": content})).into_response()
}

async fn whatsapp_send(
    State(recorder): State<Arc<Recorder>>,
    Path(id): Path<String>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if id != WHATSAPP_PHONE_NUMBER_ID
        || header(&headers, "authorization") != format!("Bearer {WHATSAPP_TOKEN}")
    {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {"message": "Invalid OAuth access token.", "type": "OAuthException", "code": 190}})),
        )
            .into_response();
    }
    let to = body["to"].clone();
    if !recorder.take("whatsapp", format!("/{id}/messages"), body) {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(json!({"error": {"message": "An unknown error occurred", "type": "OAuthException", "code": 1}})),
        )
            .into_response();
    }
    axum::Json(json!({
        "messaging_product": "whatsapp",
        "contacts": [{"input": to, "wa_id": to}],
        "messages": [{"id": "wamid.standin"}]
    }))
    .into_response()
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> &'a str {
    headers
        .get(name)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default()
}

async fn twilio_account(Path(file): Path<String>, headers: HeaderMap) -> Response {
    let sid = file.strip_suffix(".json").unwrap_or(&file);
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!("{TWILIO_SID}:{TWILIO_TOKEN}"))
    );
    if sid != TWILIO_SID || header(&headers, "authorization") != expected {
        return (
            StatusCode::UNAUTHORIZED,
            [(header::WWW_AUTHENTICATE, "Basic realm=\"Twilio API\"")],
            axum::Json(json!({
                "code": 20003,
                "message": "Authenticate",
                "more_info": "https://www.twilio.com/docs/errors/20003",
                "status": 401
            })),
        )
            .into_response();
    }
    axum::Json(json!({
        "sid": TWILIO_SID,
        "friendly_name": "Stand-in account",
        "status": "active",
        "type": "Full",
        "date_created": "Thu, 01 Jan 2026 00:00:00 +0000"
    }))
    .into_response()
}

async fn elevenlabs_subscription(headers: HeaderMap) -> Response {
    if header(&headers, "xi-api-key") != ELEVENLABS_KEY {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({
                "detail": {"status": "invalid_api_key", "message": "Invalid API key"}
            })),
        )
            .into_response();
    }
    axum::Json(json!({
        "tier": "starter",
        "character_count": 1200,
        "character_limit": 30000,
        "status": "active"
    }))
    .into_response()
}

async fn stripe_balance(headers: HeaderMap) -> Response {
    if header(&headers, "authorization") != format!("Bearer {STRIPE_KEY}") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({
                "error": {
                    "message": "Invalid API Key provided: sk_test_****",
                    "type": "invalid_request_error"
                }
            })),
        )
            .into_response();
    }
    axum::Json(json!({
        "object": "balance",
        "available": [{"amount": 0, "currency": "usd"}],
        "livemode": false,
        "pending": [{"amount": 0, "currency": "usd"}]
    }))
    .into_response()
}

async fn slack_auth_test(headers: HeaderMap) -> Response {
    if header(&headers, "authorization") != format!("Bearer {SLACK_BOT_TOKEN}") {
        return axum::Json(json!({"ok": false, "error": "invalid_auth"})).into_response();
    }
    axum::Json(json!({
        "ok": true,
        "url": "https://standin.slack.com/",
        "team": "Stand-in workspace",
        "user": "agentforge",
        "team_id": "T0001",
        "user_id": "U0001",
        "bot_id": "B0001"
    }))
    .into_response()
}

async fn telegram_get_me(Path(bot): Path<String>) -> Response {
    if bot != format!("bot{TELEGRAM_BOT_TOKEN}") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"ok": false, "error_code": 401, "description": "Unauthorized"})),
        )
            .into_response();
    }
    axum::Json(json!({
        "ok": true,
        "result": {"id": 123456, "is_bot": true, "first_name": "Stand-in", "username": "standin_bot"}
    }))
    .into_response()
}

async fn discord_me(headers: HeaderMap) -> Response {
    if header(&headers, "authorization") != format!("Bot {DISCORD_BOT_TOKEN}") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"message": "401: Unauthorized", "code": 0})),
        )
            .into_response();
    }
    axum::Json(json!({
        "id": DISCORD_APPLICATION_ID,
        "username": "Stand-in bot",
        "discriminator": "0",
        "bot": true
    }))
    .into_response()
}

async fn whatsapp_number(Path(id): Path<String>, headers: HeaderMap) -> Response {
    if header(&headers, "authorization") != format!("Bearer {WHATSAPP_TOKEN}") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {
                "message": "Invalid OAuth access token - Cannot parse access token",
                "type": "OAuthException",
                "code": 190,
                "fbtrace_id": "AStandIn"
            }})),
        )
            .into_response();
    }
    if id != WHATSAPP_PHONE_NUMBER_ID {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({"error": {
                "message": format!("Unsupported get request. Object with ID '{id}' does not exist"),
                "type": "GraphMethodException",
                "code": 100
            }})),
        )
            .into_response();
    }
    axum::Json(json!({
        "display_phone_number": "+1 555-010-0000",
        "verified_name": "Stand-in Shop",
        "id": WHATSAPP_PHONE_NUMBER_ID
    }))
    .into_response()
}
