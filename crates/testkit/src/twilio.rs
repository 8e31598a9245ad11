//! Twilio's Messages API as [`crate::ServicesStandIn`] serves it:
//! `POST /2010-04-01/Accounts/{sid}/Messages.json` (a form: `To`, `From`,
//! `Body`, `StatusCallback`; HTTP basic auth with [`crate::TWILIO_SID`] and
//! [`crate::TWILIO_TOKEN`]). Each message taken is recorded
//! ([`TwilioControls::messages`]) and answered with Twilio's message
//! resource; [`INVALID_NUMBER`] is refused as Twilio refuses an invalid
//! `To` (400, code 21211).

use std::sync::{Arc, Mutex};

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use base64::Engine;
use serde_json::json;

/// A valid-looking number Twilio refuses as `To` (Twilio's own magic test
/// number for "invalid").
pub const INVALID_NUMBER: &str = "+15005550001";

/// A message as Twilio took it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwilioMessage {
    pub sid: String,
    pub to: String,
    pub from: String,
    pub body: String,
    pub status_callback: Option<String>,
}

#[derive(Debug, Default)]
pub struct TwilioControls {
    messages: Mutex<Vec<TwilioMessage>>,
}

impl TwilioControls {
    /// Messages taken, in order.
    pub fn messages(&self) -> Vec<TwilioMessage> {
        self.messages.lock().unwrap().clone()
    }
}

fn authorised(headers: &HeaderMap, sid: &str) -> bool {
    let expected = format!(
        "Basic {}",
        base64::engine::general_purpose::STANDARD.encode(format!(
            "{}:{}",
            crate::TWILIO_SID,
            crate::TWILIO_TOKEN
        ))
    );
    sid == crate::TWILIO_SID
        && headers
            .get(header::AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            == Some(&expected)
}

fn twilio_error(status: u16, code: u32, message: &str) -> Response {
    (
        StatusCode::from_u16(status).unwrap(),
        axum::Json(json!({
            "code": code,
            "message": message,
            "more_info": format!("https://www.twilio.com/docs/errors/{code}"),
            "status": status
        })),
    )
        .into_response()
}

pub(crate) async fn send_message(
    State(controls): State<Arc<TwilioControls>>,
    Path(sid): Path<String>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if !authorised(&headers, &sid) {
        return twilio_error(401, 20003, "Authenticate");
    }
    let form: Vec<(String, String)> = serde_urlencoded::from_str(&body).unwrap_or_default();
    let field = |name: &str| form.iter().find(|(k, _)| k == name).map(|(_, v)| v.clone());
    let (Some(to), Some(from), Some(text)) = (field("To"), field("From"), field("Body")) else {
        return twilio_error(400, 21602, "Message body is required.");
    };
    if to == INVALID_NUMBER {
        return twilio_error(
            400,
            21211,
            &format!("Invalid 'To' Phone Number: {}", to.trim_start_matches('+')),
        );
    }
    let mut messages = controls.messages.lock().unwrap();
    let message_sid = format!("SM{:032x}", messages.len() + 1);
    messages.push(TwilioMessage {
        sid: message_sid.clone(),
        to: to.clone(),
        from: from.clone(),
        body: text.clone(),
        status_callback: field("StatusCallback"),
    });
    (
        StatusCode::CREATED,
        axum::Json(json!({
            "sid": message_sid,
            "account_sid": crate::TWILIO_SID,
            "to": to,
            "from": from,
            "body": text,
            "status": "queued",
            "num_segments": "1",
            "direction": "outbound-api",
            "error_code": null,
            "error_message": null,
            "date_created": "Sat, 28 Nov 2026 12:00:00 +0000"
        })),
    )
        .into_response()
}
