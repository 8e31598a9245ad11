//! `/api/phone/twilio/*`: where Twilio asks for a call's TwiML, reports
//! its status and recording, and brings SMS to a number; and
//! `/api/phone/speech/{key}`, the synthesised speech a call's `<Play>`
//! fetches. Public: every request from Twilio carries `X-Twilio-Signature`,
//! checked against the auth token of the account the call or number
//! belongs to over the URL Twilio was given (the public URL) and the form;
//! anything else is a 401 that changes nothing. Speech URLs are signed by
//! this server.
//!
//! Not part of the `/api` document: the wire format is Twilio's
//! (docs/voice.md describes it).

use agentforge_domain::error::{Error, Unauthenticated};
use agentforge_store::{PhoneCall, Sms};
use agentforge_twilio::CallStatus;
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{DefaultBodyLimit, OriginalUri, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde::Deserialize;

use super::service;
use super::{hooks_of, line_of};
use crate::http::ApiError;
use crate::phone::service::TwilioAccount;
use crate::phone::twilio_of;
use crate::state::AppState;

/// The largest form Twilio posts (a few kilobytes in practice).
const FORM_MAX_BYTES: usize = 64 * 1024;
/// Inbound SMS answered a minute for one number's sender.
pub const SMS_PER_SENDER_PER_MINUTE: u32 = 20;

pub fn router() -> Router<AppState> {
    Router::new()
        .route("/phone/twilio/voice", post(voice))
        .route("/phone/twilio/gather", post(gather))
        .route("/phone/twilio/status", post(status))
        .route("/phone/twilio/recording", post(recording))
        .route("/phone/twilio/sms", post(sms))
        .route("/phone/speech/{key}", get(speech))
        .layer(DefaultBodyLimit::max(FORM_MAX_BYTES))
}

#[derive(Debug, Default, Deserialize)]
struct CallQuery {
    call: Option<String>,
}

/// A request from Twilio, its form read.
struct Form {
    params: Vec<(String, String)>,
}

impl Form {
    fn read(body: &Bytes) -> Result<Self, Error> {
        let params: Vec<(String, String)> = serde_urlencoded::from_bytes(body)
            .map_err(|_| Error::invalid("body", "Not a form Twilio sends"))?;
        Ok(Self { params })
    }

    fn get(&self, name: &str) -> Option<&str> {
        self.params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }
}

fn unsigned() -> ApiError {
    Error::Unauthenticated(Unauthenticated::BadSignature).into()
}

/// Whether the request is Twilio's for `account`: its signature over the
/// URL Twilio was given, and the account it names.
fn from_twilio(
    state: &AppState,
    uri: &OriginalUri,
    headers: &HeaderMap,
    form: &Form,
    account: &TwilioAccount,
) -> bool {
    let Some(signature) = headers
        .get("x-twilio-signature")
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    if form
        .get("AccountSid")
        .is_some_and(|sid| sid != account.client.account_sid())
    {
        return false;
    }
    let public = state.configuration.get().general.public_url.clone();
    let path = uri
        .0
        .path_and_query()
        .map_or_else(|| uri.0.path().to_owned(), |p| p.as_str().to_owned());
    let url = format!("{}{path}", public.trim_end_matches('/'));
    agentforge_twilio::signature::verify(account.client.auth_token(), &url, &form.params, signature)
}

/// The call a request is about (by `?call=`, else Twilio's `CallSid`),
/// once its signature is checked against the call's account.
async fn signed_call(
    state: &AppState,
    uri: &OriginalUri,
    headers: &HeaderMap,
    query: &CallQuery,
    form: &Form,
) -> Result<PhoneCall, ApiError> {
    let found = match &query.call {
        Some(id) => state.store.calls().call(id).await?,
        None => match form.get("CallSid") {
            Some(sid) => state.store.calls().call_by_sid(sid).await?,
            None => None,
        },
    };
    // An unknown call is refused as a bad signature is: nothing tells a
    // prober which ids exist.
    let Some(call) = found.filter(|c| !c.simulated) else {
        return Err(unsigned());
    };
    let Some(account) = twilio_of(state, &call.owner_id).await? else {
        return Err(unsigned());
    };
    if !from_twilio(state, uri, headers, form, &account) {
        tracing::warn!(call = %call.id, "a Twilio request with a bad signature was refused");
        return Err(unsigned());
    }
    if let (Some(sid), Some(given)) = (&call.sid, form.get("CallSid"))
        && sid != given
    {
        return Err(unsigned());
    }
    Ok(call)
}

fn twiml(response: &agentforge_twilio::twiml::Response) -> Response {
    (
        StatusCode::OK,
        [(header::CONTENT_TYPE, "text/xml; charset=utf-8")],
        response.to_xml(),
    )
        .into_response()
}

/// A TwiML turn failed on our side: the caller hears an apology rather
/// than Twilio's "an application error has occurred".
fn apology(error: &Error) -> Response {
    tracing::error!(error = %error, "a call's TwiML failed");
    twiml(
        &agentforge_twilio::twiml::Response::new()
            .verb(agentforge_twilio::twiml::Say::new(
                "Sorry, this line is not available right now. Please call again later.",
            ))
            .hangup(),
    )
}

/// `POST /phone/twilio/voice`: the call is answered (a placed call, with
/// `?call=`), or a call came in on one of the numbers (its `To`).
async fn voice(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Query(query): Query<CallQuery>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let form = Form::read(&body)?;
    let call = if query.call.is_some() {
        signed_call(&state, &uri, &headers, &query, &form).await?
    } else {
        let to = form
            .get("To")
            .and_then(|to| agentforge_twilio::parse_e164(to).ok());
        let number = match &to {
            Some(to) => state.store.calls().number(to).await?,
            None => None,
        };
        let owner = number.as_ref().map_or("", |n| n.owner_id.as_str());
        // A number no agent takes is checked against the server's account.
        let Some(account) = twilio_of(&state, owner).await? else {
            return Err(unsigned());
        };
        if !from_twilio(&state, &uri, &headers, &form, &account) {
            tracing::warn!("an inbound call with a bad signature was refused");
            return Err(unsigned());
        }
        let not_in_service = || {
            twiml(
                &agentforge_twilio::twiml::Response::new()
                    .verb(agentforge_twilio::twiml::Say::new(
                        "This number is not in service.",
                    ))
                    .hangup(),
            )
        };
        let (Some(number), Some(sid)) = (number, form.get("CallSid")) else {
            return Ok(not_in_service());
        };
        let from = form
            .get("From")
            .and_then(|f| agentforge_twilio::parse_e164(f).ok())
            .unwrap_or_else(|| "anonymous".to_owned());
        match service::receive(&state.store, &number, sid, &from).await? {
            Some(call) => call,
            None => return Ok(not_in_service()),
        }
    };
    let line = line_of(&state);
    Ok(match service::answer(&line, &call).await {
        Ok(said) => twiml(&said.response),
        Err(e) => apology(&e),
    })
}

/// `POST /phone/twilio/gather?call=`: what Twilio heard (`SpeechResult`,
/// empty or absent when nothing).
async fn gather(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Query(query): Query<CallQuery>,
    body: Bytes,
) -> Result<Response, ApiError> {
    let form = Form::read(&body)?;
    let call = signed_call(&state, &uri, &headers, &query, &form).await?;
    let line = line_of(&state);
    // An inbound call to a recorded number is recorded once it is
    // connected (Twilio records only calls in progress).
    if call.record
        && call.recording_sid.is_none()
        && call.turns == 0
        && call.silences == 0
        && call.direction == service::Direction::Inbound.as_str()
        && let (Some(sid), Ok(Some(account))) = (&call.sid, twilio_of(&state, &call.owner_id).await)
        && let Err(e) = account
            .client
            .start_recording(sid, &line.hooks.recording(&call.id))
            .await
    {
        tracing::warn!(error = %e, call = %call.id, "cannot start recording a call");
    }
    // Keys pressed count when nothing was said (a flow's question that takes them).
    let heard = form
        .get("SpeechResult")
        .filter(|s| !s.trim().is_empty())
        .or_else(|| form.get("Digits"))
        .unwrap_or_default();
    Ok(match service::hear(&line, &call, heard).await {
        Ok(said) => twiml(&said.response),
        Err(e) => apology(&e),
    })
}

/// `POST /phone/twilio/status`: Twilio's status callback (`CallStatus`,
/// `CallDuration`).
async fn status(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Query(query): Query<CallQuery>,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let form = Form::read(&body)?;
    let call = signed_call(&state, &uri, &headers, &query, &form).await?;
    let Some(status) = form
        .get("CallStatus")
        .and_then(|s| s.parse::<CallStatus>().ok())
    else {
        return Err(Error::invalid("CallStatus", "Not one of Twilio's call statuses").into());
    };
    let duration = form.get("CallDuration").and_then(|d| d.parse().ok());
    service::report(&state.runtime, &call, status, duration, form.get("CallSid")).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /phone/twilio/recording?call=`: the recording is ready
/// (`RecordingSid`, `RecordingUrl`, `RecordingDuration`).
async fn recording(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    Query(query): Query<CallQuery>,
    body: Bytes,
) -> Result<StatusCode, ApiError> {
    let form = Form::read(&body)?;
    let call = signed_call(&state, &uri, &headers, &query, &form).await?;
    if form
        .get("RecordingStatus")
        .is_some_and(|s| s != "completed")
    {
        return Ok(StatusCode::NO_CONTENT);
    }
    let (Some(sid), Some(url)) = (form.get("RecordingSid"), form.get("RecordingUrl")) else {
        return Err(Error::invalid("RecordingSid", "Required").into());
    };
    let seconds = form.get("RecordingDuration").and_then(|d| d.parse().ok());
    state
        .store
        .calls()
        .set_recording(&call.id, sid, url, seconds)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// `POST /phone/twilio/sms`: an SMS to one of the numbers. Taken (logged,
/// and its answer queued as the durable job `phone.answer_sms`) and
/// acknowledged with empty TwiML; the answer goes out by the REST API.
async fn sms(
    State(state): State<AppState>,
    uri: OriginalUri,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Response, ApiError> {
    let form = Form::read(&body)?;
    let to = form
        .get("To")
        .and_then(|to| agentforge_twilio::parse_e164(to).ok());
    let number = match &to {
        Some(to) => state.store.calls().number(to).await?,
        None => None,
    };
    let owner = number.as_ref().map_or("", |n| n.owner_id.as_str());
    let Some(account) = twilio_of(&state, owner).await? else {
        return Err(unsigned());
    };
    if !from_twilio(&state, &uri, &headers, &form, &account) {
        tracing::warn!("an inbound SMS with a bad signature was refused");
        return Err(unsigned());
    }
    let empty = twiml(&agentforge_twilio::twiml::Response::new());
    let (Some(number), Some(from), Some(text)) = (
        number,
        form.get("From")
            .and_then(|f| agentforge_twilio::parse_e164(f).ok()),
        form.get("Body"),
    ) else {
        return Ok(empty);
    };
    let text: String = text
        .replace('\0', "")
        .chars()
        .take(crate::phone::service::SMS_MAX_CHARS)
        .collect();
    if text.trim().is_empty() {
        return Ok(empty);
    }
    // A sender over the limit is not answered (and Twilio not told, so it
    // does not retry).
    if state
        .rate_limiter
        .check(
            &format!("sms-in:{}:{from}", number.phone_number),
            SMS_PER_SENDER_PER_MINUTE,
        )
        .is_err()
    {
        tracing::warn!(number = %number.phone_number, "an SMS sender is over the limit; not answered");
        return Ok(empty);
    }
    let message_sid = form.get("MessageSid").unwrap_or_default();
    // A retry of Twilio's is taken once.
    if !message_sid.is_empty() && state.store.phone().sms_by_sid(message_sid).await?.is_some() {
        return Ok(empty);
    }
    let inbound = Sms {
        id: uuid::Uuid::now_v7().to_string(),
        owner_id: number.owner_id.clone(),
        agent_id: Some(number.agent_id.clone()),
        direction: "inbound".to_owned(),
        kind: "conversation".to_owned(),
        sid: Some(message_sid.to_owned()).filter(|s| !s.is_empty()),
        from_number: from.clone(),
        to_number: number.phone_number.clone(),
        body: text,
        status: "received".to_owned(),
        error: None,
        created_at: agentforge_store::now(),
    };
    super::sms::take(&state.runtime, &inbound).await?;
    Ok(empty)
}

#[derive(Debug, Default, Deserialize)]
struct SpeechQuery {
    sig: Option<String>,
}

/// `GET /phone/speech/{key}?sig=`: speech synthesised for a call.
async fn speech(
    State(state): State<AppState>,
    Path(key): Path<String>,
    Query(query): Query<SpeechQuery>,
) -> Result<Response, ApiError> {
    let missing = || ApiError::not_found("speech_not_found", "No such speech");
    let hooks = hooks_of(&state);
    if key.len() != 64
        || !key.bytes().all(|b| b.is_ascii_hexdigit())
        || !hooks.speech_allowed(&key, query.sig.as_deref().unwrap_or_default())
    {
        return Err(missing());
    }
    let Some((content_type, data)) = state.store.voice().cached_speech(&key).await? else {
        return Err(missing());
    };
    let mut response = Body::from(data).into_response();
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_str(&content_type).unwrap_or(HeaderValue::from_static("audio/mpeg")),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("public, max-age=86400, immutable"),
    );
    Ok(response)
}
