//! `/twilio`: SMS through Twilio and phone numbers proved by a code sent
//! by SMS (docs/voice.md › Phone).

pub mod calls;
pub mod service;

use agentforge_domain::Error;
use agentforge_mail::Sms as SmsText;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::accounts::types::UserOut;
use crate::auth::CurrentUser;
use crate::http::{ApiError, Envelope, ErrorBody, Json, ListMeta, PageQuery, Paged, Query};
use crate::state::AppState;
use service::{CODE_MINUTES, HOUR};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(send_sms))
        .routes(routes!(send_verification))
        .routes(routes!(verify_phone))
        .routes(routes!(send_notification))
        .routes(routes!(sms_log))
        .merge(calls::router())
}

/// Your SMS
///
/// Every SMS sent from your account (messages, codes, notifications),
/// newest first, with Twilio's status, or `failed` and why.
#[utoipa::path(get, path = "/twilio/messages", tag = "voice", params(PageQuery), security(("bearer" = [])),
    responses((status = 200, description = "SMS, newest first", body = Paged<SmsLogOut>)))]
async fn sms_log(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Query(query): Query<PageQuery>,
) -> Result<Paged<SmsLogOut>, ApiError> {
    let page = query.page()?;
    let (rows, total) = state
        .store
        .phone()
        .sms_of(
            &user.id,
            page.page.saturating_sub(1) * page.limit,
            page.limit,
        )
        .await?;
    Ok(Paged::new(
        rows.into_iter().map(SmsLogOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}

/// An SMS of the log.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsLogOut {
    #[serde(flatten)]
    pub sms: SmsOut,
    /// `message`, `verification` or `notification`.
    pub kind: String,
    /// `outbound`.
    pub direction: String,
    /// Why Twilio did not take it.
    pub error: Option<String>,
}

impl From<agentforge_store::Sms> for SmsLogOut {
    fn from(s: agentforge_store::Sms) -> Self {
        Self {
            kind: s.kind.clone(),
            direction: s.direction.clone(),
            error: s.error.clone(),
            sms: SmsOut::from(s),
        }
    }
}

/// What a notification is about; each takes its own details.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum NotificationType {
    /// `message`.
    Alert,
    /// `subject`, `when`.
    Reminder,
    /// `agent`, `summary`: a conversation handed to a person.
    Handoff,
    /// `caller`, `duration`, `summary`: a call that ended.
    CallSummary,
}

impl NotificationType {
    fn as_str(self) -> &'static str {
        match self {
            NotificationType::Alert => "alert",
            NotificationType::Reminder => "reminder",
            NotificationType::Handoff => "handoff",
            NotificationType::CallSummary => "call_summary",
        }
    }
}

/// A notification to send by SMS.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendNotificationIn {
    /// In E.164 (`+14155552671`); spaces, dashes and brackets are allowed.
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
    pub notification_type: NotificationType,
    /// The details the type takes, by name, each one line of at most 500
    /// characters.
    #[serde(default)]
    pub details: std::collections::BTreeMap<String, String>,
}

/// Send a notification by SMS
///
/// Written from the type's template in your language, with the details
/// given: `alert` {message}, `reminder` {subject, when}, `handoff` {agent,
/// summary}, `call_summary` {caller, duration, summary}.
#[utoipa::path(post, path = "/twilio/send-notification", tag = "voice", request_body = SendNotificationIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Twilio took it", body = Envelope<SmsOut>),
        (status = 409, description = "No Twilio account with a number is connected (`phone_not_configured`)", body = ErrorBody),
        (status = 422, description = "A field is invalid, a detail is missing or not the type's (on `details.<name>`), or Twilio refused the number", body = ErrorBody),
        (status = 429, description = "More than 30 SMS a minute", body = ErrorBody),
        (status = 502, description = "Twilio failed (`twilio_error`, `twilio_unauthorized`)", body = ErrorBody),
    ))]
async fn send_notification(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Json(body): Json<SendNotificationIn>,
) -> Result<Envelope<SmsOut>, ApiError> {
    if body.details.len() > 10 {
        return Err(ApiError::invalid_field("details", "At most 10 details"));
    }
    let to = service::number("phoneNumber", &body.phone_number);
    let sms = service::notification(body.notification_type.as_str(), &body.details);
    let (to, sms) = match (to, sms) {
        (Ok(to), Ok(sms)) => (to, sms),
        (to, sms) => {
            let mut problems = Vec::new();
            for e in [to.err(), sms.err()].into_iter().flatten() {
                if let Error::Invalid(p) = e {
                    problems.extend(p);
                }
            }
            return Err(Error::Invalid(problems).into());
        }
    };
    let text = state.mailer.sms_text(user.language, &sms)?;
    let text = service::message_body(&text).map_err(|_| {
        ApiError::invalid_field("details", "The notification is longer than an SMS may be")
    })?;
    state
        .rate_limiter
        .check(&format!("sms:{}", user.id), service::SMS_PER_MINUTE)?;
    let account = account(&state, &user.id).await?;
    let sent = service::send(&state.store, &account, &user.id, "notification", &to, &text).await?;
    Ok(Envelope::new(sent.into()))
}

/// An SMS to send.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendSmsIn {
    /// In E.164 (`+14155552671`); spaces, dashes and brackets are allowed.
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
    /// At most 1,600 characters.
    #[schema(min_length = 1, max_length = 1600, pattern = r"\S")]
    pub message: String,
}

/// An SMS as sent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SmsOut {
    pub id: String,
    /// Twilio's message SID.
    pub sid: Option<String>,
    pub from: String,
    pub to: String,
    pub body: String,
    /// Twilio's status (`queued`, `sent`, `delivered` …).
    pub status: String,
    pub created_at: DateTime<Utc>,
}

impl From<agentforge_store::Sms> for SmsOut {
    fn from(s: agentforge_store::Sms) -> Self {
        Self {
            id: s.id,
            sid: s.sid,
            from: s.from_number,
            to: s.to_number,
            body: s.body,
            status: s.status,
            created_at: s.created_at,
        }
    }
}

/// The Twilio account that sends for `user_id`: theirs, else the
/// server's; `None` when neither is connected.
pub(crate) async fn twilio_of(
    state: &AppState,
    user_id: &str,
) -> Result<Option<service::TwilioAccount>, Error> {
    service::twilio_for(
        &state.store,
        state.runtime.credentials().map(AsRef::as_ref),
        &state.configuration.get(),
        user_id,
    )
    .await
}

/// [`twilio_of`], or 409 `phone_not_configured`.
pub(crate) async fn account(
    state: &AppState,
    user_id: &str,
) -> Result<service::TwilioAccount, Error> {
    twilio_of(state, user_id).await?.ok_or(Error::Conflict(
        agentforge_domain::error::Conflict::PhoneNotConfigured,
    ))
}

/// Send an SMS
///
/// From your Twilio number (Settings › Integrations), else the server's.
#[utoipa::path(post, path = "/twilio/send-sms", tag = "voice", request_body = SendSmsIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Twilio took it", body = Envelope<SmsOut>),
        (status = 409, description = "No Twilio account with a number is connected (`phone_not_configured`)", body = ErrorBody),
        (status = 422, description = "A field is invalid, or Twilio refused the number (on `phoneNumber`)", body = ErrorBody),
        (status = 429, description = "More than 30 SMS a minute", body = ErrorBody),
        (status = 502, description = "Twilio failed or refused the account (`twilio_error`, `twilio_unauthorized`)", body = ErrorBody),
    ))]
async fn send_sms(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Json(body): Json<SendSmsIn>,
) -> Result<Envelope<SmsOut>, ApiError> {
    let to = service::number("phoneNumber", &body.phone_number);
    let message = service::message_body(&body.message);
    let (to, message) = match (to, message) {
        (Ok(to), Ok(message)) => (to, message),
        (to, message) => {
            let mut problems = Vec::new();
            for e in [to.err(), message.err()].into_iter().flatten() {
                if let Error::Invalid(p) = e {
                    problems.extend(p);
                }
            }
            return Err(Error::Invalid(problems).into());
        }
    };
    state
        .rate_limiter
        .check(&format!("sms:{}", user.id), service::SMS_PER_MINUTE)?;
    let account = account(&state, &user.id).await?;
    let sms = service::send(&state.store, &account, &user.id, "message", &to, &message).await?;
    Ok(Envelope::new(sms.into()))
}

/// A number to prove.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SendVerificationIn {
    /// In E.164 (`+14155552671`); spaces, dashes and brackets are allowed.
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
}

/// A code on its way.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerificationSentOut {
    /// The number, in E.164.
    pub phone_number: String,
    pub expires_at: DateTime<Utc>,
    /// Tries before a new code must be asked for.
    pub tries: u32,
}

/// Send a verification code
///
/// Six digits by SMS, in your language, valid for ten minutes and five
/// tries; a new code replaces the one before. At most 5 codes an hour to a
/// number and 10 an hour per person.
#[utoipa::path(post, path = "/twilio/send-verification", tag = "voice", request_body = SendVerificationIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The code is on its way", body = Envelope<VerificationSentOut>),
        (status = 409, description = "No Twilio account with a number is connected (`phone_not_configured`)", body = ErrorBody),
        (status = 422, description = "Not a phone number, or Twilio refused it (on `phoneNumber`)", body = ErrorBody),
        (status = 429, description = "Too many codes to this number or from you this hour", body = ErrorBody),
        (status = 502, description = "Twilio failed (`twilio_error`, `twilio_unauthorized`)", body = ErrorBody),
    ))]
async fn send_verification(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Json(body): Json<SendVerificationIn>,
) -> Result<Envelope<VerificationSentOut>, ApiError> {
    let number = service::number("phoneNumber", &body.phone_number)?;
    let account = account(&state, &user.id).await?;
    state.rate_limiter.check_all(
        &[
            (
                &format!("sms-code-number:{number}"),
                service::CODES_PER_NUMBER_PER_HOUR,
            ),
            (
                &format!("sms-code-user:{}", user.id),
                service::CODES_PER_USER_PER_HOUR,
            ),
        ],
        HOUR,
    )?;
    let key = state.secret_key.derive("phone-verification");
    let code = service::start_verification(&state.store, &key, &user, &number).await?;
    let text = state.mailer.sms_text(
        user.language,
        &SmsText::Verification {
            code,
            minutes: CODE_MINUTES,
        },
    )?;
    service::send(
        &state.store,
        &account,
        &user.id,
        "verification",
        &number,
        &text,
    )
    .await?;
    Ok(Envelope::new(VerificationSentOut {
        phone_number: number,
        expires_at: Utc::now() + chrono::Duration::minutes(i64::from(CODE_MINUTES)),
        tries: service::CODE_TRIES,
    }))
}

/// A code received.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct VerifyPhoneIn {
    /// In E.164 (`+14155552671`); spaces, dashes and brackets are allowed.
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
    /// The six digits received.
    #[schema(pattern = r"^\s*[0-9]{6}\s*$")]
    pub code: String,
}

/// Prove a phone number
///
/// With the code sent to it: the number becomes the account's, verified.
#[utoipa::path(post, path = "/twilio/verify-phone", tag = "voice", request_body = VerifyPhoneIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The account, its number verified", body = Envelope<UserOut>),
        (status = 410, description = "No code is pending for this number (`verification_not_found`), it expired (`code_expired`), or five wrong codes were tried (`too_many_attempts`)", body = ErrorBody),
        (status = 422, description = "Not the code sent (on `code`, with the tries left), or a field is invalid", body = ErrorBody),
    ))]
async fn verify_phone(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<VerifyPhoneIn>,
) -> Result<Envelope<UserOut>, ApiError> {
    let number = service::number("phoneNumber", &body.phone_number)?;
    let key = state.secret_key.derive("phone-verification");
    let user = service::verify(&state.store, &key, &actor, &user, &number, &body.code).await?;
    Ok(Envelope::new(user.into()))
}
