//! Twilio's REST API (version 2010-04-01) for what a voice agent does:
//! place a call, look at it, end it, and send an SMS.
//!
//! The caller hands in the `reqwest::Client`, so the server decides TLS,
//! proxies and which addresses may be reached; this module only adds basic
//! authentication (account SID and auth token), form-encoded bodies as
//! Twilio wants them, a time limit, and a bound on how much of an answer is
//! read, since the base URL is configurable and whatever answers there
//! should not be able to exhaust memory.

use std::str::FromStr;
use std::time::Duration;

use serde::{Deserialize, Deserializer};

use crate::error::TwilioError;

/// Where Twilio's REST API lives.
pub const DEFAULT_BASE_URL: &str = "https://api.twilio.com";
const API_VERSION: &str = "2010-04-01";
/// The most of an answer read. Real ones are a few KiB.
pub const BODY_MAX: usize = 1024 * 1024;
/// The longest wait for one request, answer included.
const TIMEOUT: Duration = Duration::from_secs(30);
/// The most of Twilio's error message kept.
const MESSAGE_MAX: usize = 500;
/// The longest SID accepted; Twilio's are 34 characters.
const SID_MAX: usize = 64;

/// A Twilio account's REST API.
#[derive(Clone)]
pub struct Client {
    http: reqwest::Client,
    base_url: String,
    account_sid: String,
    auth_token: String,
}

impl std::fmt::Debug for Client {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Client")
            .field("base_url", &self.base_url)
            .field("account_sid", &self.account_sid)
            .field("auth_token", &"…")
            .finish_non_exhaustive()
    }
}

/// A call to place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CreateCall {
    /// The number to ring, in E.164.
    pub to: String,
    /// One of the account's numbers, in E.164.
    pub from: String,
    /// Where Twilio POSTs to fetch the call's TwiML once it is answered.
    pub url: String,
    /// Where Twilio POSTs the call's progress; none when `None`.
    pub status_callback: Option<String>,
    /// Which progress events are posted to `status_callback`.
    pub status_callback_events: Vec<CallEvent>,
    /// Seconds to let it ring before giving up (Twilio's default is 60).
    pub timeout: Option<u32>,
    /// Whether Twilio records the call.
    pub record: bool,
    /// Where Twilio POSTs once the recording is ready (`RecordingSid`,
    /// `RecordingUrl`, `RecordingDuration`).
    pub recording_status_callback: Option<String>,
    /// `Enable` or `DetectMessageEnd` to have Twilio tell a person from an
    /// answering machine.
    pub machine_detection: Option<String>,
}

impl CreateCall {
    /// A call from `from` to `to` whose TwiML is at `url`, reporting every
    /// progress event once a status callback is set.
    pub fn new(to: impl Into<String>, from: impl Into<String>, url: impl Into<String>) -> Self {
        Self {
            to: to.into(),
            from: from.into(),
            url: url.into(),
            status_callback: None,
            status_callback_events: CallEvent::ALL.to_vec(),
            timeout: None,
            record: false,
            recording_status_callback: None,
            machine_detection: None,
        }
    }
}

/// A progress event of a call that Twilio can post to a status callback.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallEvent {
    Initiated,
    Ringing,
    Answered,
    Completed,
}

impl CallEvent {
    pub const ALL: [CallEvent; 4] = [
        CallEvent::Initiated,
        CallEvent::Ringing,
        CallEvent::Answered,
        CallEvent::Completed,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            CallEvent::Initiated => "initiated",
            CallEvent::Ringing => "ringing",
            CallEvent::Answered => "answered",
            CallEvent::Completed => "completed",
        }
    }
}

/// How [`Client::update_call`] ends a call.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HangUp {
    /// Ends a call that is in progress (also cancels one not yet answered).
    Completed,
    /// Cancels a call that is queued or ringing; one in progress goes on.
    Canceled,
}

impl HangUp {
    pub fn as_str(self) -> &'static str {
        match self {
            HangUp::Completed => "completed",
            HangUp::Canceled => "canceled",
        }
    }
}

/// An SMS to send.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SendMessage {
    /// In E.164.
    pub to: String,
    /// One of the account's numbers in E.164, or an alphanumeric sender ID.
    pub from: String,
    pub body: String,
    /// Where Twilio POSTs the message's delivery status.
    pub status_callback: Option<String>,
}

/// A call as Twilio describes it (the fields used here; Twilio sends more).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct CallResource {
    /// `CA` and 32 hexadecimal digits.
    pub sid: String,
    pub status: CallStatus,
    /// `None` for a direction not known here (such as SIP trunking).
    #[serde(default, deserialize_with = "lenient")]
    pub direction: Option<Direction>,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub from: String,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub to: String,
    /// Seconds, as a decimal string; `None` until the call has ended.
    #[serde(default)]
    pub duration: Option<String>,
    /// As Twilio writes dates (RFC 2822, `Tue, 31 Aug 2010 20:36:29 +0000`).
    #[serde(default)]
    pub start_time: Option<String>,
    #[serde(default)]
    pub end_time: Option<String>,
}

/// A message as Twilio describes it (the fields used here; Twilio sends
/// more).
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct MessageResource {
    /// `SM` (or `MM` for MMS) and 32 hexadecimal digits.
    pub sid: String,
    /// `queued`, `sent`, `delivered`, `undelivered`, `failed`, …; kept as
    /// text because Twilio adds statuses over time.
    pub status: String,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub to: String,
    #[serde(default)]
    pub from: Option<String>,
    #[serde(default, deserialize_with = "null_as_empty")]
    pub body: String,
    /// How many SMS segments the body takes, as a decimal string.
    #[serde(default)]
    pub num_segments: Option<String>,
    /// Set once delivery failed.
    #[serde(default)]
    pub error_code: Option<i64>,
    #[serde(default)]
    pub error_message: Option<String>,
}

/// Twilio's error body.
#[derive(Deserialize)]
struct ErrorBody {
    #[serde(default)]
    code: Option<i64>,
    #[serde(default)]
    message: Option<String>,
    #[serde(default)]
    more_info: Option<String>,
}

impl Client {
    /// A client for the account, speaking to [`DEFAULT_BASE_URL`] through
    /// `http`.
    pub fn new(
        http: reqwest::Client,
        account_sid: impl Into<String>,
        auth_token: impl Into<String>,
    ) -> Self {
        Self {
            http,
            base_url: DEFAULT_BASE_URL.to_owned(),
            account_sid: account_sid.into(),
            auth_token: auth_token.into(),
        }
    }

    /// Speaks to another address instead (a test stand-in, a regional edge).
    #[must_use]
    pub fn with_base_url(mut self, base_url: &str) -> Self {
        self.base_url = base_url.trim_end_matches('/').to_owned();
        self
    }

    pub fn base_url(&self) -> &str {
        &self.base_url
    }

    pub fn account_sid(&self) -> &str {
        &self.account_sid
    }

    /// The auth token, which also signs the account's webhooks
    /// ([`crate::signature`]).
    pub fn auth_token(&self) -> &str {
        &self.auth_token
    }

    /// Starts recording a call in progress (an inbound call, which no
    /// `Record` parameter reached); Twilio POSTs to `callback` once the
    /// recording is ready.
    pub async fn start_recording(&self, call_sid: &str, callback: &str) -> Result<(), TwilioError> {
        let call = check_sid("call SID", call_sid)?;
        let url = self.url(&format!("Calls/{call}/Recordings.json"))?;
        let _: serde_json::Value = self
            .post(
                &url,
                &[
                    ("RecordingStatusCallback", callback),
                    ("RecordingStatusCallbackMethod", "POST"),
                ],
            )
            .await?;
        Ok(())
    }

    /// A recording's audio (MP3), fetched with the account's credentials
    /// (Twilio's recordings are not public by default); at most `max`
    /// bytes. The URL is built from the SID, never taken from a callback.
    pub async fn recording_audio(
        &self,
        recording_sid: &str,
        max: usize,
    ) -> Result<Vec<u8>, TwilioError> {
        let recording = check_sid("recording SID", recording_sid)?;
        let url = self.url(&format!("Recordings/{recording}.mp3"))?;
        let response = self
            .http
            .get(url)
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(transport)?;
        let status = response.status().as_u16();
        if status == 401 {
            return Err(TwilioError::Unauthorized);
        }
        if !(200..300).contains(&status) {
            let body = read_capped(response, BODY_MAX).await?;
            return Err(api_error(status, &body));
        }
        read_capped(response, max).await
    }

    /// Places a call.
    pub async fn create_call(&self, call: &CreateCall) -> Result<CallResource, TwilioError> {
        let timeout = call.timeout.map(|t| t.to_string());
        let mut form = vec![
            ("To", call.to.as_str()),
            ("From", call.from.as_str()),
            ("Url", call.url.as_str()),
            ("Method", "POST"),
        ];
        if let Some(callback) = &call.status_callback {
            form.push(("StatusCallback", callback));
            form.push(("StatusCallbackMethod", "POST"));
            // Twilio takes the list as the same field repeated.
            for event in &call.status_callback_events {
                form.push(("StatusCallbackEvent", event.as_str()));
            }
        }
        if let Some(timeout) = &timeout {
            form.push(("Timeout", timeout));
        }
        if call.record {
            form.push(("Record", "true"));
            if let Some(callback) = &call.recording_status_callback {
                form.push(("RecordingStatusCallback", callback));
                form.push(("RecordingStatusCallbackMethod", "POST"));
            }
        }
        if let Some(detection) = &call.machine_detection {
            form.push(("MachineDetection", detection));
        }
        let url = self.url("Calls.json")?;
        self.post(&url, &form).await
    }

    /// The call as it is now.
    pub async fn fetch_call(&self, call_sid: &str) -> Result<CallResource, TwilioError> {
        let url = self.call_url(call_sid)?;
        self.send(self.http.get(url)).await
    }

    /// Ends a call; see [`HangUp`] for which to use.
    pub async fn update_call(
        &self,
        call_sid: &str,
        status: HangUp,
    ) -> Result<CallResource, TwilioError> {
        let url = self.call_url(call_sid)?;
        self.post(&url, &[("Status", status.as_str())]).await
    }

    /// Sends an SMS.
    pub async fn send_message(
        &self,
        message: &SendMessage,
    ) -> Result<MessageResource, TwilioError> {
        let mut form = vec![
            ("To", message.to.as_str()),
            ("From", message.from.as_str()),
            ("Body", message.body.as_str()),
        ];
        if let Some(callback) = &message.status_callback {
            form.push(("StatusCallback", callback));
        }
        let url = self.url("Messages.json")?;
        self.post(&url, &form).await
    }

    /// The URL of a resource of the account.
    fn url(&self, resource: &str) -> Result<String, TwilioError> {
        let account = check_sid("account SID", &self.account_sid)?;
        Ok(format!(
            "{}/{API_VERSION}/Accounts/{account}/{resource}",
            self.base_url
        ))
    }

    fn call_url(&self, call_sid: &str) -> Result<String, TwilioError> {
        let call = check_sid("call SID", call_sid)?;
        self.url(&format!("Calls/{call}.json"))
    }

    async fn post<T: serde::de::DeserializeOwned>(
        &self,
        url: &str,
        form: &[(&str, &str)],
    ) -> Result<T, TwilioError> {
        // Encoded here because reqwest's `form` feature is not enabled.
        let body = serde_urlencoded::to_string(form)
            .map_err(|e| TwilioError::Transport(format!("cannot encode the request: {e}")))?;
        let request = self
            .http
            .post(url)
            .header(
                reqwest::header::CONTENT_TYPE,
                "application/x-www-form-urlencoded",
            )
            .body(body);
        self.send(request).await
    }

    async fn send<T: serde::de::DeserializeOwned>(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<T, TwilioError> {
        let response = request
            .basic_auth(&self.account_sid, Some(&self.auth_token))
            .header(reqwest::header::ACCEPT, "application/json")
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(transport)?;
        let status = response.status().as_u16();
        let body = read_capped(response, BODY_MAX).await?;
        if (200..300).contains(&status) {
            return serde_json::from_slice(&body).map_err(|e| TwilioError::Decode(e.to_string()));
        }
        if status == 401 {
            return Err(TwilioError::Unauthorized);
        }
        Err(api_error(status, &body))
    }
}

/// The SID, if it can be one Twilio issued: only letters and digits, so it
/// cannot change the path it is put in.
fn check_sid<'a>(what: &'static str, sid: &'a str) -> Result<&'a str, TwilioError> {
    if !sid.is_empty() && sid.len() <= SID_MAX && sid.bytes().all(|b| b.is_ascii_alphanumeric()) {
        Ok(sid)
    } else {
        Err(TwilioError::InvalidSid(what))
    }
}

/// The body, read a chunk at a time and refused once it passes
/// [`BODY_MAX`], so the rest is never read.
async fn read_capped(
    mut response: reqwest::Response,
    limit: usize,
) -> Result<Vec<u8>, TwilioError> {
    let mut body = Vec::new();
    while let Some(chunk) = response.chunk().await.map_err(transport)? {
        if body.len() + chunk.len() > limit {
            return Err(TwilioError::TooLarge { limit });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

fn api_error(status: u16, body: &[u8]) -> TwilioError {
    let parsed: Option<ErrorBody> = serde_json::from_slice(body).ok();
    let (code, message, more_info) = match parsed {
        Some(error) => (error.code, error.message, error.more_info),
        None => (None, None, None),
    };
    let message = message
        .filter(|m| !m.trim().is_empty())
        .unwrap_or_else(|| "no explanation was given".to_owned());
    TwilioError::Api {
        status,
        code,
        message: truncate(&message, MESSAGE_MAX),
        more_info: more_info.map(|url| truncate(&url, MESSAGE_MAX)),
    }
}

/// The error and its causes, without the URL (it carries the account SID).
fn transport(error: reqwest::Error) -> TwilioError {
    if error.is_timeout() {
        return TwilioError::Transport(format!("no answer within {} s", TIMEOUT.as_secs()));
    }
    let error = error.without_url();
    let mut text = error.to_string();
    let mut source = std::error::Error::source(&error);
    while let Some(cause) = source {
        text.push_str(": ");
        text.push_str(&cause.to_string());
        source = cause.source();
    }
    TwilioError::Transport(text)
}

fn truncate(text: &str, max: usize) -> String {
    match text.char_indices().nth(max) {
        Some((end, _)) => format!("{}…", &text[..end]),
        None => text.to_owned(),
    }
}

/// Reads a JSON string or null as a string, null being empty.
fn null_as_empty<'de, D: Deserializer<'de>>(deserializer: D) -> Result<String, D::Error> {
    Ok(Option::<String>::deserialize(deserializer)?.unwrap_or_default())
}

/// Reads a value of a string enum, an unknown one (or null) being `None`.
fn lenient<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: FromStr,
{
    Ok(Option::<String>::deserialize(deserializer)?.and_then(|s| s.parse().ok()))
}

/// A text that is none of a string enum's values.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("'{value}' is not a {kind}")]
pub struct UnknownValue {
    pub kind: &'static str,
    pub value: String,
}

macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident, $kind:literal, { $($(#[$vmeta:meta])* $variant:ident => $text:literal),* $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),*
        }

        impl $name {
            /// Every value, in Twilio's order.
            pub const ALL: &[$name] = &[$($name::$variant),*];

            /// Twilio's text for it.
            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),*
                }
            }
        }

        impl FromStr for $name {
            type Err = UnknownValue;

            fn from_str(text: &str) -> Result<Self, Self::Err> {
                match text {
                    $($text => Ok($name::$variant),)*
                    _ => Err(UnknownValue { kind: $kind, value: text.to_owned() }),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

string_enum!(
    /// Where a call is in its life, as Twilio reports it in resources and in
    /// the `CallStatus` parameter of its webhooks.
    CallStatus, "call status", {
        Queued => "queued",
        Ringing => "ringing",
        InProgress => "in-progress",
        Completed => "completed",
        Busy => "busy",
        Failed => "failed",
        NoAnswer => "no-answer",
        Canceled => "canceled",
    }
);

impl CallStatus {
    /// Whether the call is over: no status follows this one.
    pub fn is_final(self) -> bool {
        matches!(
            self,
            CallStatus::Completed
                | CallStatus::Busy
                | CallStatus::Failed
                | CallStatus::NoAnswer
                | CallStatus::Canceled
        )
    }
}

string_enum!(
    /// Who started a call.
    Direction, "call direction", {
        /// Someone called one of the account's numbers.
        Inbound => "inbound",
        /// Placed through the REST API ([`Client::create_call`]).
        OutboundApi => "outbound-api",
        /// Placed by a `<Dial>` in another call.
        OutboundDial => "outbound-dial",
    }
);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn call_statuses_are_twilios_words() {
        let words: Vec<&str> = CallStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            words,
            [
                "queued",
                "ringing",
                "in-progress",
                "completed",
                "busy",
                "failed",
                "no-answer",
                "canceled"
            ]
        );
        for status in CallStatus::ALL {
            assert_eq!(status.as_str().parse::<CallStatus>(), Ok(*status));
            let json = serde_json::to_string(status).unwrap_or_default();
            assert_eq!(json, format!("\"{}\"", status.as_str()));
            assert_eq!(
                serde_json::from_str::<CallStatus>(&json).ok(),
                Some(*status)
            );
        }
        assert_eq!(
            "in_progress".parse::<CallStatus>(),
            Err(UnknownValue {
                kind: "call status",
                value: "in_progress".into()
            })
        );
        assert_eq!(
            "cancelled".parse::<CallStatus>().map_err(|e| e.to_string()),
            Err("'cancelled' is not a call status".to_owned())
        );
    }

    #[test]
    fn only_ended_calls_are_final() {
        let finals: Vec<CallStatus> = CallStatus::ALL
            .iter()
            .copied()
            .filter(|s| s.is_final())
            .collect();
        assert_eq!(
            finals,
            [
                CallStatus::Completed,
                CallStatus::Busy,
                CallStatus::Failed,
                CallStatus::NoAnswer,
                CallStatus::Canceled
            ]
        );
    }

    #[test]
    fn directions_are_twilios_words() {
        for (direction, text) in [
            (Direction::Inbound, "inbound"),
            (Direction::OutboundApi, "outbound-api"),
            (Direction::OutboundDial, "outbound-dial"),
        ] {
            assert_eq!(direction.as_str(), text);
            assert_eq!(text.parse(), Ok(direction));
        }
        assert!("trunking-originating".parse::<Direction>().is_err());
    }

    #[test]
    fn sids_that_could_change_the_path_are_refused() {
        assert!(check_sid("call SID", "CA1234567890abcdef1234567890abcdef").is_ok());
        for bad in [
            "",
            "CA12/../Messages",
            "CA12.json",
            "CA 12",
            "CA12?x=1",
            &"A".repeat(65),
        ] {
            assert_eq!(
                check_sid("call SID", bad),
                Err(TwilioError::InvalidSid("call SID")),
                "{bad}"
            );
        }
    }

    #[test]
    fn long_messages_are_cut_on_a_character_boundary() {
        assert_eq!(truncate("héllo", 2), "hé…");
        assert_eq!(truncate("hé", 2), "hé");
    }

    #[test]
    fn the_auth_token_never_prints() {
        let client = Client::new(reqwest::Client::new(), "AC123", "secret-token");
        assert!(!format!("{client:?}").contains("secret-token"));
    }
}
