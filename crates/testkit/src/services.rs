//! Twilio, ElevenLabs and Stripe, as far as AgentForge calls them: each
//! answers with its real JSON for the credentials below and refuses others
//! the way the service does.
//!
//! - Twilio: `GET /2010-04-01/Accounts/{sid}.json`, HTTP basic auth with
//!   [`TWILIO_SID`] and [`TWILIO_TOKEN`];
//! - ElevenLabs: `GET /v1/user/subscription` with `xi-api-key:`
//!   [`ELEVENLABS_KEY`];
//! - Stripe: `GET /v1/balance` with `Authorization: Bearer`
//!   [`STRIPE_KEY`].

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use base64::Engine;
use serde_json::json;

pub const TWILIO_SID: &str = "AC0123456789abcdef0123456789abcdef";
pub const TWILIO_TOKEN: &str = "good-token";
pub const ELEVENLABS_KEY: &str = "good-key";
pub const STRIPE_KEY: &str = "sk_test_good";

/// A running stand-in for the three services, at one address.
pub struct ServicesStandIn {
    /// `http://127.0.0.1:<port>`: every service's base URL.
    pub base: String,
}

impl ServicesStandIn {
    pub async fn start() -> Self {
        let router = Router::new()
            .route("/2010-04-01/Accounts/{file}", get(twilio_account))
            .route("/v1/user/subscription", get(elevenlabs_subscription))
            .route("/v1/balance", get(stripe_balance));
        Self {
            base: crate::serve(router).await,
        }
    }
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
