//! Twilio's Messages and Calls APIs as [`crate::ServicesStandIn`] serves
//! them. Messages:
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

/// A call as Twilio took it (`POST Calls.json`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TwilioCall {
    pub sid: String,
    pub to: String,
    pub from: String,
    /// Where Twilio fetches the call's TwiML once it is answered.
    pub url: String,
    pub status_callback: Option<String>,
    pub status_callback_events: Vec<String>,
    pub record: bool,
    pub recording_status_callback: Option<String>,
    pub timeout: Option<String>,
    /// As Twilio reports it now (`GET Calls/{sid}.json`).
    pub status: String,
    /// Recordings started on it (`POST Calls/{sid}/Recordings.json`): the
    /// callback of each.
    pub recordings: Vec<String>,
}

#[derive(Debug, Default)]
pub struct TwilioControls {
    messages: Mutex<Vec<TwilioMessage>>,
    calls: Mutex<Vec<TwilioCall>>,
}

impl TwilioControls {
    /// Messages taken, in order.
    pub fn messages(&self) -> Vec<TwilioMessage> {
        self.messages.lock().unwrap().clone()
    }

    /// Calls placed, in order.
    pub fn calls(&self) -> Vec<TwilioCall> {
        self.calls.lock().unwrap().clone()
    }

    /// What Twilio reports of a call from now on.
    pub fn set_call_status(&self, sid: &str, status: &str) {
        for call in self.calls.lock().unwrap().iter_mut() {
            if call.sid == sid {
                call.status = status.to_owned();
            }
        }
    }
}

/// `X-Twilio-Signature` of a request Twilio would make to `url` with the
/// form `params`, signed with [`crate::TWILIO_TOKEN`] (Twilio's algorithm).
pub fn sign(url: &str, params: &[(&str, &str)]) -> String {
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect();
    agentforge_twilio::signature::compute(crate::TWILIO_TOKEN, url, &params)
}

/// The audio Twilio serves for a recording.
pub fn recording_audio(recording_sid: &str) -> Vec<u8> {
    let mut audio = b"ID3\x04\x00\x00\x00\x00\x00\x00recording:".to_vec();
    audio.extend_from_slice(recording_sid.as_bytes());
    audio
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

fn call_json(call: &TwilioCall) -> serde_json::Value {
    json!({
        "sid": call.sid,
        "account_sid": crate::TWILIO_SID,
        "to": call.to,
        "from": call.from,
        "status": call.status,
        "direction": "outbound-api",
        "duration": null,
        "start_time": null,
        "end_time": null,
        "date_created": "Sun, 29 Nov 2026 12:00:00 +0000"
    })
}

/// `POST /2010-04-01/Accounts/{sid}/Calls.json`.
pub(crate) async fn create_call(
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
    let (Some(to), Some(from), Some(url)) = (field("To"), field("From"), field("Url")) else {
        return twilio_error(400, 21205, "Url parameter is required.");
    };
    if to == INVALID_NUMBER {
        return twilio_error(
            400,
            21211,
            &format!("Invalid 'To' Phone Number: {}", to.trim_start_matches('+')),
        );
    }
    let mut calls = controls.calls.lock().unwrap();
    let call = TwilioCall {
        sid: format!("CA{:032x}", calls.len() + 1),
        to,
        from,
        url,
        status_callback: field("StatusCallback"),
        status_callback_events: form
            .iter()
            .filter(|(k, _)| k == "StatusCallbackEvent")
            .map(|(_, v)| v.clone())
            .collect(),
        record: field("Record").as_deref() == Some("true"),
        recording_status_callback: field("RecordingStatusCallback"),
        timeout: field("Timeout"),
        status: "queued".to_owned(),
        recordings: Vec::new(),
    };
    let out = call_json(&call);
    calls.push(call);
    (StatusCode::CREATED, axum::Json(out)).into_response()
}

/// `GET /2010-04-01/Accounts/{sid}/Calls/{call}.json`.
pub(crate) async fn fetch_call(
    State(controls): State<Arc<TwilioControls>>,
    Path((sid, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if !authorised(&headers, &sid) {
        return twilio_error(401, 20003, "Authenticate");
    }
    let wanted = file.trim_end_matches(".json");
    let calls = controls.calls.lock().unwrap();
    match calls.iter().find(|c| c.sid == wanted) {
        Some(call) => axum::Json(call_json(call)).into_response(),
        None => twilio_error(404, 20404, "The requested resource was not found"),
    }
}

/// `POST /2010-04-01/Accounts/{sid}/Calls/{call}/Recordings.json`.
pub(crate) async fn start_recording(
    State(controls): State<Arc<TwilioControls>>,
    Path((sid, call_sid)): Path<(String, String)>,
    headers: HeaderMap,
    body: String,
) -> Response {
    if !authorised(&headers, &sid) {
        return twilio_error(401, 20003, "Authenticate");
    }
    let form: Vec<(String, String)> = serde_urlencoded::from_str(&body).unwrap_or_default();
    let callback = form
        .iter()
        .find(|(k, _)| k == "RecordingStatusCallback")
        .map(|(_, v)| v.clone())
        .unwrap_or_default();
    let mut calls = controls.calls.lock().unwrap();
    let Some(call) = calls.iter_mut().find(|c| c.sid == call_sid) else {
        return twilio_error(404, 20404, "The requested resource was not found");
    };
    call.recordings.push(callback);
    let recording_sid = format!("RE{:032x}", call.recordings.len());
    (
        StatusCode::CREATED,
        axum::Json(json!({"sid": recording_sid, "call_sid": call_sid, "status": "in-progress"})),
    )
        .into_response()
}

/// `GET /2010-04-01/Accounts/{sid}/Recordings/{recording}.mp3`.
pub(crate) async fn recording(
    Path((sid, file)): Path<(String, String)>,
    headers: HeaderMap,
) -> Response {
    if !authorised(&headers, &sid) {
        return twilio_error(401, 20003, "Authenticate");
    }
    let Some(recording_sid) = file.strip_suffix(".mp3") else {
        return twilio_error(404, 20404, "The requested resource was not found");
    };
    (
        [(header::CONTENT_TYPE, "audio/mpeg")],
        recording_audio(recording_sid),
    )
        .into_response()
}
