//! The client against a local stand-in for Twilio's REST API that checks
//! basic authentication and the form fields, and answers with Twilio's real
//! JSON bodies, its errors included.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::convert::Infallible;
use std::sync::{Arc, Mutex};

use agentforge_twilio::{
    BODY_MAX, CallStatus, Client, CreateCall, Direction, HangUp, SendMessage, TwilioError,
};
use axum::Router;
use axum::body::{Body, Bytes};
use axum::extract::{Path, State};
use axum::http::{HeaderMap, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, post};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use serde_json::{Value, json};

const ACCOUNT: &str = "AC0123456789abcdef0123456789abcdef";
const TOKEN: &str = "the-auth-token";
const CALL: &str = "CAfedcba9876543210fedcba9876543210";
const MESSAGE: &str = "SM1f0e3a7b9c2d4e6f8a0b1c3d5e7f9a2b";
/// Twilio's test credentials answer 21211 for this number.
const INVALID_NUMBER: &str = "+15005550001";

/// One request the stand-in received.
#[derive(Debug, Clone)]
struct Seen {
    method: Method,
    path: String,
    content_type: Option<String>,
    form: Vec<(String, String)>,
}

#[derive(Clone, Default)]
struct StandIn {
    seen: Arc<Mutex<Vec<Seen>>>,
}

impl StandIn {
    fn seen(&self) -> Vec<Seen> {
        self.seen.lock().unwrap().clone()
    }

    fn record(&self, method: Method, path: String, headers: &HeaderMap, body: &Bytes) -> Seen {
        let seen = Seen {
            method,
            path,
            content_type: headers
                .get(header::CONTENT_TYPE)
                .map(|v| v.to_str().unwrap().to_owned()),
            form: serde_urlencoded::from_bytes(body).unwrap(),
        };
        self.seen.lock().unwrap().push(seen.clone());
        seen
    }
}

async fn spawn(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    base
}

/// A stand-in for api.twilio.com knowing one account.
async fn twilio() -> (String, StandIn) {
    let state = StandIn::default();
    let router = Router::new()
        .route(
            "/2010-04-01/Accounts/{account}/Calls.json",
            post(create_call),
        )
        .route(
            "/2010-04-01/Accounts/{account}/Calls/{file}",
            get(call).post(call),
        )
        .route(
            "/2010-04-01/Accounts/{account}/Messages.json",
            post(create_message),
        )
        .with_state(state.clone());
    (spawn(router).await, state)
}

fn client(base: &str) -> Client {
    Client::new(reqwest::Client::new(), ACCOUNT, TOKEN).with_base_url(&format!("{base}/"))
}

fn field<'a>(form: &'a [(String, String)], name: &str) -> Option<&'a str> {
    form.iter()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.as_str())
}

/// Twilio's answer to a wrong SID or token.
fn unauthorized() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        [(header::WWW_AUTHENTICATE, "Basic realm=\"Twilio API\"")],
        axum::Json(json!({
            "code": 20003,
            "detail": "Your AccountSid or AuthToken was incorrect.",
            "message": "Authenticate",
            "more_info": "https://www.twilio.com/docs/errors/20003",
            "status": 401
        })),
    )
        .into_response()
}

fn authorized(account: &str, headers: &HeaderMap) -> bool {
    let expected = format!("Basic {}", STANDARD.encode(format!("{ACCOUNT}:{TOKEN}")));
    account == ACCOUNT
        && headers
            .get(header::AUTHORIZATION)
            .is_some_and(|v| v.as_bytes() == expected.as_bytes())
}

fn call_json(sid: &str, status: &str, to: &str, from: &str, ended: bool) -> Value {
    json!({
        "account_sid": ACCOUNT,
        "annotation": null,
        "answered_by": null,
        "api_version": "2010-04-01",
        "caller_name": null,
        "date_created": "Tue, 31 Aug 2010 20:36:28 +0000",
        "date_updated": "Tue, 31 Aug 2010 20:36:44 +0000",
        "direction": "outbound-api",
        "duration": if ended { json!("15") } else { Value::Null },
        "end_time": if ended { json!("Tue, 31 Aug 2010 20:36:44 +0000") } else { Value::Null },
        "forwarded_from": null,
        "from": from,
        "from_formatted": "(415) 237-0800",
        "group_sid": null,
        "parent_call_sid": null,
        "phone_number_sid": "PN0123456789abcdef0123456789abcdef",
        "price": if ended { json!("-0.03000") } else { Value::Null },
        "price_unit": "USD",
        "sid": sid,
        "start_time": if ended { json!("Tue, 31 Aug 2010 20:36:29 +0000") } else { Value::Null },
        "status": status,
        "subresource_uris": {
            "notifications": format!("/2010-04-01/Accounts/{ACCOUNT}/Calls/{sid}/Notifications.json"),
            "recordings": format!("/2010-04-01/Accounts/{ACCOUNT}/Calls/{sid}/Recordings.json"),
        },
        "to": to,
        "to_formatted": "020 7183 8750",
        "trunk_sid": null,
        "uri": format!("/2010-04-01/Accounts/{ACCOUNT}/Calls/{sid}.json"),
        "queue_time": "0"
    })
}

async fn create_call(
    State(state): State<StandIn>,
    Path(account): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !authorized(&account, &headers) {
        return unauthorized();
    }
    let seen = state.record(
        Method::POST,
        format!("{account}/Calls.json"),
        &headers,
        &body,
    );
    let to = field(&seen.form, "To").unwrap_or_default();
    if to == INVALID_NUMBER {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(json!({
                "code": 21211,
                "message": format!("The 'To' number {to} is not a valid phone number."),
                "more_info": "https://www.twilio.com/docs/errors/21211",
                "status": 400
            })),
        )
            .into_response();
    }
    let from = field(&seen.form, "From").unwrap_or_default();
    (
        StatusCode::CREATED,
        axum::Json(call_json(CALL, "queued", to, from, false)),
    )
        .into_response()
}

async fn call(
    State(state): State<StandIn>,
    Path((account, file)): Path<(String, String)>,
    method: Method,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !authorized(&account, &headers) {
        return unauthorized();
    }
    state.record(
        method.clone(),
        format!("{account}/Calls/{file}"),
        &headers,
        &body,
    );
    let Some(sid) = file.strip_suffix(".json").filter(|sid| *sid == CALL) else {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(json!({
                "code": 20404,
                "message": format!("The requested resource /2010-04-01/Accounts/{account}/Calls/{file} was not found"),
                "more_info": "https://www.twilio.com/docs/errors/20404",
                "status": 404
            })),
        )
            .into_response();
    };
    let status = if method == Method::POST {
        "completed"
    } else {
        "in-progress"
    };
    let ended = method == Method::POST;
    axum::Json(call_json(
        sid,
        status,
        "+442071838750",
        "+14152370800",
        ended,
    ))
    .into_response()
}

async fn create_message(
    State(state): State<StandIn>,
    Path(account): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    if !authorized(&account, &headers) {
        return unauthorized();
    }
    let seen = state.record(
        Method::POST,
        format!("{account}/Messages.json"),
        &headers,
        &body,
    );
    let form = &seen.form;
    (
        StatusCode::CREATED,
        axum::Json(json!({
            "account_sid": ACCOUNT,
            "api_version": "2010-04-01",
            "body": field(form, "Body"),
            "date_created": "Thu, 24 Aug 2023 05:01:45 +0000",
            "date_sent": null,
            "date_updated": "Thu, 24 Aug 2023 05:01:45 +0000",
            "direction": "outbound-api",
            "error_code": null,
            "error_message": null,
            "from": field(form, "From"),
            "messaging_service_sid": null,
            "num_media": "0",
            "num_segments": "1",
            "price": null,
            "price_unit": "USD",
            "sid": MESSAGE,
            "status": "queued",
            "subresource_uris": {
                "media": format!("/2010-04-01/Accounts/{ACCOUNT}/Messages/{MESSAGE}/Media.json")
            },
            "to": field(form, "To"),
            "uri": format!("/2010-04-01/Accounts/{ACCOUNT}/Messages/{MESSAGE}.json")
        })),
    )
        .into_response()
}

fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
    list.iter()
        .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
        .collect()
}

#[tokio::test]
async fn create_call_posts_every_field_and_reads_the_queued_call() {
    let (base, twilio) = twilio().await;
    let call = CreateCall {
        status_callback: Some("https://agents.example.com/twilio/status?call=42&x=1".into()),
        timeout: Some(25),
        record: true,
        machine_detection: Some("Enable".into()),
        ..CreateCall::new(
            "+442071838750",
            "+14152370800",
            "https://agents.example.com/twilio/voice/42",
        )
    };

    let created = client(&base).create_call(&call).await.unwrap();

    assert_eq!(created.sid, CALL);
    assert_eq!(created.status, CallStatus::Queued);
    assert_eq!(created.direction, Some(Direction::OutboundApi));
    assert_eq!(created.to, "+442071838750");
    assert_eq!(created.from, "+14152370800");
    assert_eq!(created.duration, None);
    assert_eq!(created.start_time, None);
    assert_eq!(created.end_time, None);

    let seen = twilio.seen();
    assert_eq!(seen.len(), 1);
    assert_eq!(seen[0].method, Method::POST);
    assert_eq!(seen[0].path, format!("{ACCOUNT}/Calls.json"));
    assert_eq!(
        seen[0].content_type.as_deref(),
        Some("application/x-www-form-urlencoded")
    );
    assert_eq!(
        seen[0].form,
        pairs(&[
            ("To", "+442071838750"),
            ("From", "+14152370800"),
            ("Url", "https://agents.example.com/twilio/voice/42"),
            ("Method", "POST"),
            (
                "StatusCallback",
                "https://agents.example.com/twilio/status?call=42&x=1"
            ),
            ("StatusCallbackMethod", "POST"),
            ("StatusCallbackEvent", "initiated"),
            ("StatusCallbackEvent", "ringing"),
            ("StatusCallbackEvent", "answered"),
            ("StatusCallbackEvent", "completed"),
            ("Timeout", "25"),
            ("Record", "true"),
            ("MachineDetection", "Enable"),
        ])
    );
}

#[tokio::test]
async fn a_plain_call_sends_only_what_it_needs() {
    let (base, twilio) = twilio().await;
    let call = CreateCall::new("+442071838750", "+14152370800", "https://a.example/voice");
    client(&base).create_call(&call).await.unwrap();
    assert_eq!(
        twilio.seen()[0].form,
        pairs(&[
            ("To", "+442071838750"),
            ("From", "+14152370800"),
            ("Url", "https://a.example/voice"),
            ("Method", "POST"),
        ])
    );
}

#[tokio::test]
async fn fetch_call_reads_the_call_in_progress() {
    let (base, twilio) = twilio().await;
    let call = client(&base).fetch_call(CALL).await.unwrap();
    assert_eq!(call.status, CallStatus::InProgress);
    assert!(!call.status.is_final());
    let seen = twilio.seen();
    assert_eq!(seen[0].method, Method::GET);
    assert_eq!(seen[0].path, format!("{ACCOUNT}/Calls/{CALL}.json"));
    assert!(seen[0].form.is_empty());
}

#[tokio::test]
async fn update_call_hangs_up_and_reads_the_ended_call() {
    let (base, twilio) = twilio().await;
    let call = client(&base)
        .update_call(CALL, HangUp::Completed)
        .await
        .unwrap();
    assert_eq!(call.status, CallStatus::Completed);
    assert!(call.status.is_final());
    assert_eq!(call.duration.as_deref(), Some("15"));
    assert_eq!(
        call.start_time.as_deref(),
        Some("Tue, 31 Aug 2010 20:36:29 +0000")
    );
    assert_eq!(
        call.end_time.as_deref(),
        Some("Tue, 31 Aug 2010 20:36:44 +0000")
    );
    let seen = twilio.seen();
    assert_eq!(seen[0].method, Method::POST);
    assert_eq!(seen[0].path, format!("{ACCOUNT}/Calls/{CALL}.json"));
    assert_eq!(seen[0].form, pairs(&[("Status", "completed")]));

    client(&base)
        .update_call(CALL, HangUp::Canceled)
        .await
        .unwrap();
    assert_eq!(twilio.seen()[1].form, pairs(&[("Status", "canceled")]));
}

#[tokio::test]
async fn send_message_posts_the_sms_and_reads_the_message() {
    let (base, twilio) = twilio().await;
    let message = SendMessage {
        to: "+4915123456789".into(),
        from: "+14152370800".into(),
        body: "Your appointment is at 10:00 & lasts 1h — reply STOP to opt out 👍".into(),
        status_callback: Some("https://agents.example.com/twilio/sms-status".into()),
    };

    let sent = client(&base).send_message(&message).await.unwrap();

    assert_eq!(sent.sid, MESSAGE);
    assert_eq!(sent.status, "queued");
    assert_eq!(sent.to, "+4915123456789");
    assert_eq!(sent.from.as_deref(), Some("+14152370800"));
    assert_eq!(sent.body, message.body);
    assert_eq!(sent.num_segments.as_deref(), Some("1"));
    assert_eq!(sent.error_code, None);
    assert_eq!(sent.error_message, None);

    let seen = twilio.seen();
    assert_eq!(seen[0].path, format!("{ACCOUNT}/Messages.json"));
    assert_eq!(
        seen[0].form,
        pairs(&[
            ("To", "+4915123456789"),
            ("From", "+14152370800"),
            ("Body", message.body.as_str()),
            (
                "StatusCallback",
                "https://agents.example.com/twilio/sms-status"
            ),
        ])
    );
}

#[tokio::test]
async fn a_bad_number_is_twilios_error_with_its_code() {
    let (base, _twilio) = twilio().await;
    let call = CreateCall::new(INVALID_NUMBER, "+14152370800", "https://a.example/voice");

    let error = client(&base).create_call(&call).await.unwrap_err();

    assert_eq!(
        error,
        TwilioError::Api {
            status: 400,
            code: Some(21211),
            message: "The 'To' number +15005550001 is not a valid phone number.".into(),
            more_info: Some("https://www.twilio.com/docs/errors/21211".into()),
        }
    );
    assert_eq!(error.code(), "twilio_refused");
    assert!(error.to_string().contains("error 21211"));
}

#[tokio::test]
async fn an_unknown_call_is_twilios_not_found() {
    let (base, _twilio) = twilio().await;
    let other = "CA00000000000000000000000000000000";
    match client(&base).fetch_call(other).await.unwrap_err() {
        TwilioError::Api {
            status: 404,
            code: Some(20404),
            message,
            ..
        } => assert!(message.contains("was not found"), "{message}"),
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn a_wrong_token_is_unauthorized() {
    let (base, twilio) = twilio().await;
    let wrong = Client::new(reqwest::Client::new(), ACCOUNT, "not-the-token").with_base_url(&base);
    assert_eq!(
        wrong.fetch_call(CALL).await.unwrap_err(),
        TwilioError::Unauthorized
    );
    let message = SendMessage {
        to: "+4915123456789".into(),
        from: "+14152370800".into(),
        body: "hi".into(),
        status_callback: None,
    };
    assert_eq!(
        wrong.send_message(&message).await.unwrap_err(),
        TwilioError::Unauthorized
    );
    assert!(twilio.seen().is_empty());
}

#[tokio::test]
async fn a_sid_that_could_change_the_path_is_never_sent() {
    let (base, twilio) = twilio().await;
    let error = client(&base)
        .update_call("CA1/../../Messages", HangUp::Completed)
        .await
        .unwrap_err();
    assert_eq!(error, TwilioError::InvalidSid("call SID"));

    let bad_account = Client::new(reqwest::Client::new(), "AC1?x=", TOKEN).with_base_url(&base);
    assert_eq!(
        bad_account.fetch_call(CALL).await.unwrap_err(),
        TwilioError::InvalidSid("account SID")
    );
    assert!(twilio.seen().is_empty());
}

#[tokio::test]
async fn an_endless_answer_is_cut_off() {
    // A hostile base URL streaming whitespace (valid JSON so far) forever.
    let endless = || async {
        let chunk = Bytes::from(vec![b' '; 64 * 1024]);
        let stream = futures_util::stream::repeat_with(move || Ok::<_, Infallible>(chunk.clone()));
        Body::from_stream(stream)
    };
    let base = spawn(Router::new().route("/{*rest}", any(endless))).await;

    let error = client(&base).fetch_call(CALL).await.unwrap_err();
    assert_eq!(error, TwilioError::TooLarge { limit: BODY_MAX });
}

#[tokio::test]
async fn an_answer_that_is_not_twilios_is_reported_plainly() {
    let base = spawn(
        Router::new()
            .route(
                "/2010-04-01/Accounts/{account}/Calls/{file}",
                get(|| async { axum::Json(json!({"status": "queued"})) }),
            )
            .route(
                "/2010-04-01/Accounts/{account}/Messages.json",
                post(|| async { (StatusCode::BAD_GATEWAY, "<html>Bad Gateway</html>") }),
            ),
    )
    .await;

    match client(&base).fetch_call(CALL).await.unwrap_err() {
        TwilioError::Decode(reason) => assert!(reason.contains("sid"), "{reason}"),
        other => panic!("{other:?}"),
    }
    let message = SendMessage {
        to: "+4915123456789".into(),
        from: "+14152370800".into(),
        body: "hi".into(),
        status_callback: None,
    };
    assert_eq!(
        client(&base).send_message(&message).await.unwrap_err(),
        TwilioError::Api {
            status: 502,
            code: None,
            message: "no explanation was given".into(),
            more_info: None,
        }
    );
}

#[tokio::test]
async fn missing_and_null_fields_are_tolerated() {
    let base = spawn(Router::new().route(
        "/2010-04-01/Accounts/{account}/Calls/{file}",
        get(|| async {
            axum::Json(json!({
                "sid": CALL,
                "status": "no-answer",
                "direction": "trunking-originating",
                "from": null,
                "to": "+442071838750"
            }))
        }),
    ))
    .await;
    let call = client(&base).fetch_call(CALL).await.unwrap();
    assert_eq!(call.status, CallStatus::NoAnswer);
    assert_eq!(call.direction, None);
    assert_eq!(call.from, "");
    assert_eq!(call.duration, None);
}

#[tokio::test]
async fn an_unreachable_twilio_is_a_transport_error_without_the_url() {
    // Bound then dropped, so nothing listens there.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    drop(listener);

    let error = client(&base).fetch_call(CALL).await.unwrap_err();
    let TwilioError::Transport(reason) = &error else {
        panic!("{error:?}");
    };
    assert!(!reason.contains(ACCOUNT), "{reason}");
    assert!(!reason.contains("127.0.0.1"), "{reason}");
    assert_eq!(error.code(), "twilio_unreachable");
}
