//! `/phone`: calls through Twilio (placed, received on the numbers that
//! reach agents, simulated in the browser), their history and recordings,
//! and the numbers (docs/voice.md › Phone calls). Twilio's own requests
//! come in on [`hooks`], outside the document.

pub mod hooks;
pub mod service;
pub mod sms;
mod words;

use std::collections::BTreeMap;

use agentforge_domain::Error;
use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Problems, Thing};
use agentforge_domain::voice::{CallDirection, CallStatus};
use agentforge_store::{CallFilter, PhoneCall, PhoneNumber};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::audit::{self, Change};
use crate::auth::CurrentUser;
use crate::http::{
    ApiError, DeletedOut, Envelope, ErrorBody, Filter, Json, ListMeta, Paged, Query,
};
use crate::state::AppState;
use service::{Hooks, Line};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(phone_setup))
        .routes(routes!(call_status))
        .routes(routes!(call_history))
        .routes(routes!(call_recording))
        .routes(routes!(list_numbers, add_number))
        .routes(routes!(update_number, delete_number))
}

/// The routes that run turns (their answers wait for the model).
pub fn turns() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(initiate_call))
        .routes(routes!(simulate_call))
        .routes(routes!(simulator_speech))
        .routes(routes!(simulator_hangup))
}

/// The hooks of this server: its public URL and the key that signs speech
/// URLs.
pub(crate) fn hooks_of(state: &AppState) -> Hooks {
    Hooks::new(
        &state.configuration.get().general.public_url,
        state.secret_key.derive("phone-speech"),
    )
}

/// What a call's turns need, for this server as it is configured now.
pub(crate) fn line_of(state: &AppState) -> Line<'_> {
    Line {
        runtime: &state.runtime,
        settings: state.configuration.get(),
        hooks: hooks_of(state),
    }
}

/// A call, as the API shows it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CallOut {
    pub id: String,
    /// Twilio's call SID (none for a simulated call).
    pub sid: Option<String>,
    pub agent_id: Option<String>,
    /// The call's conversation (channel `phone`), once something was said.
    pub conversation_id: Option<String>,
    pub direction: CallDirection,
    pub from: String,
    pub to: String,
    /// Twilio's status.
    pub status: CallStatus,
    /// Placed in the browser's call simulator, without Twilio.
    pub simulated: bool,
    pub record: bool,
    pub variables: BTreeMap<String, String>,
    /// Turns answered.
    pub turns: u32,
    pub duration_seconds: Option<u32>,
    /// `GET` it for the recording (MP3), once Twilio made one.
    pub recording_url: Option<String>,
    pub recording_seconds: Option<u32>,
    /// Why it failed, in Twilio's words.
    pub error: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PhoneCall> for CallOut {
    fn from(c: PhoneCall) -> Self {
        Self {
            recording_url: c
                .recording_sid
                .as_ref()
                .map(|_| format!("/api/phone/calls/{}/recording", c.id)),
            id: c.id,
            sid: c.sid,
            agent_id: c.agent_id,
            conversation_id: c.conversation_id,
            direction: CallDirection::parse(&c.direction).unwrap_or(CallDirection::Outbound),
            from: c.from_number,
            to: c.to_number,
            status: CallStatus::parse(&c.status).unwrap_or(CallStatus::Failed),
            simulated: c.simulated,
            record: c.record,
            variables: serde_json::from_value(c.variables).unwrap_or_default(),
            turns: c.turns,
            duration_seconds: c.duration_seconds,
            recording_seconds: c.recording_seconds,
            error: c.error,
            answered_at: c.answered_at,
            ended_at: c.ended_at,
            created_at: c.created_at,
            updated_at: c.updated_at,
        }
    }
}

/// How this server takes calls: whose Twilio account, from which number,
/// and the URLs to give Twilio.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PhoneSetupOut {
    /// A Twilio account is connected (yours, else the server's).
    pub twilio_configured: bool,
    /// The number calls come from by default.
    pub from_number: Option<String>,
    /// The server's public URL, which Twilio must reach.
    pub public_url: String,
    /// Whether the public URL can be reached from the internet (not
    /// localhost or a private address): without it, Twilio's requests
    /// cannot arrive and only the simulator works.
    pub public_url_reachable: bool,
    /// A number's "A call comes in" webhook (POST).
    pub voice_url: String,
    /// A number's "A message comes in" webhook (POST).
    pub sms_url: String,
    /// A number's call status callback (POST).
    pub status_url: String,
    /// The agent speaks with ElevenLabs (else Twilio's own voice).
    pub voice_provider: bool,
}

fn reachable(public_url: &str) -> bool {
    let Ok(url) = url::Url::parse(public_url) else {
        return false;
    };
    match url.host() {
        Some(url::Host::Domain(host)) => {
            !(host == "localhost" || host.ends_with(".localhost") || host.ends_with(".local"))
        }
        Some(url::Host::Ipv4(ip)) => {
            !(ip.is_loopback() || ip.is_private() || ip.is_link_local() || ip.is_unspecified())
        }
        Some(url::Host::Ipv6(ip)) => !(ip.is_loopback() || ip.is_unspecified()),
        None => false,
    }
}

/// Phone setup
///
/// Whether Twilio is connected, the default number, and the URLs to set on
/// a Twilio number so its calls and messages reach this server.
#[utoipa::path(get, path = "/phone/setup", tag = "voice", security(("bearer" = [])),
    responses((status = 200, description = "The setup", body = Envelope<PhoneSetupOut>)))]
async fn phone_setup(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<PhoneSetupOut>, ApiError> {
    let settings = state.configuration.get();
    let account = crate::phone::twilio_of(&state, &user.id).await?;
    let hooks = hooks_of(&state);
    let public_url = settings.general.public_url.clone();
    Ok(Envelope::new(PhoneSetupOut {
        twilio_configured: account.is_some(),
        from_number: account.and_then(|a| a.from),
        public_url_reachable: reachable(&public_url),
        public_url,
        voice_url: hooks.voice(None),
        sms_url: hooks.sms(),
        status_url: hooks.status(None),
        voice_provider: settings
            .require(crate::configuration::Feature::VoiceProvider)
            .is_ok(),
    }))
}

/// A call to place.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct InitiateCallIn {
    #[schema(min_length = 1, pattern = r"\S")]
    pub agent_id: String,
    /// Who to call, in E.164 (`+14155552671`).
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
    /// The number to call from: your Twilio number (the default) or one of
    /// your phone numbers.
    #[serde(default)]
    #[schema(max_length = 32)]
    pub from_number: Option<String>,
    /// Texts the call carries, by name (at most 20; names of letters,
    /// digits and `_`; values one line of at most 500 characters).
    #[serde(default)]
    pub variables: BTreeMap<String, String>,
    /// Have Twilio record the call.
    #[serde(default)]
    pub record: bool,
}

/// Place a call
///
/// Twilio calls the number from your Twilio number; when it is answered the
/// agent greets and the conversation goes on by voice (its production
/// deployment, channel `phone`). The status follows Twilio's callbacks.
#[utoipa::path(post, path = "/phone/initiate-call", tag = "voice", request_body = InitiateCallIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Twilio took the call", body = Envelope<CallOut>),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "No Twilio account with a number is connected (`phone_not_configured`), or the agent is not active or not deployed to production", body = ErrorBody),
        (status = 422, description = "A field is invalid, or Twilio refused the number (on `phoneNumber`)", body = ErrorBody),
        (status = 429, description = "More than 10 calls a minute", body = ErrorBody),
        (status = 502, description = "Failed to initiate call: Twilio failed (`twilio_error`, `twilio_unauthorized`)", body = ErrorBody),
    ))]
async fn initiate_call(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<InitiateCallIn>,
) -> Result<(axum::http::StatusCode, Envelope<CallOut>), ApiError> {
    let to = crate::phone::service::number("phoneNumber", &body.phone_number);
    let from = body
        .from_number
        .as_deref()
        .filter(|f| !f.trim().is_empty())
        .map(|f| crate::phone::service::number("fromNumber", f))
        .transpose();
    let (to, from) = match (to, from) {
        (Ok(to), Ok(from)) => (to, from),
        (to, from) => {
            let mut problems = Vec::new();
            for e in [to.err(), from.err()].into_iter().flatten() {
                if let Error::Invalid(p) = e {
                    problems.extend(p);
                }
            }
            return Err(Error::Invalid(problems).into());
        }
    };
    service::check_variables(&body.variables)?;
    state
        .rate_limiter
        .check(&format!("call:{}", user.id), service::CALLS_PER_MINUTE)?;
    let account = crate::phone::account(&state, &user.id).await?;
    let line = line_of(&state);
    let call = service::place(
        &line,
        &account,
        &user,
        &actor,
        service::Placing {
            agent_id: body.agent_id,
            to,
            from,
            variables: body.variables,
            record: body.record,
        },
    )
    .await?;
    Ok((axum::http::StatusCode::CREATED, Envelope::new(call.into())))
}

/// A call's status
///
/// As Twilio last reported it; a call still going is asked of Twilio when
/// its callbacks are late.
#[utoipa::path(get, path = "/phone/call-status/{id}", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The call", body = Envelope<CallOut>),
        (status = 404, description = "No such call of yours", body = ErrorBody),
    ))]
async fn call_status(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<CallOut>, ApiError> {
    let call = service::call_of(&state.store, &user, &id).await?;
    let stale = (Utc::now() - call.updated_at).num_seconds() >= 5;
    let call = if stale && !call.simulated && call.sid.is_some() {
        let account = crate::phone::twilio_of(&state, &user.id).await?;
        service::refreshed(&state.runtime, account.as_ref(), call).await?
    } else {
        call
    };
    Ok(Envelope::new(call.into()))
}

/// Which calls.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct CallHistoryQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// From 1 to 100 (default 10).
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Only this agent's (`all` means no filter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default)]
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<CallStatus>>,
    #[serde(default)]
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub direction: Option<Filter<CallDirection>>,
    /// Placed at or after this instant (RFC 3339, or a YYYY-MM-DD date).
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// Placed at or before this instant (RFC 3339, or a YYYY-MM-DD date: its end).
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
}

/// Your calls
///
/// Placed, received and simulated, newest first.
#[utoipa::path(get, path = "/phone/call-history", tag = "voice", params(CallHistoryQuery), security(("bearer" = [])),
    responses((status = 200, description = "Calls, newest first", body = Paged<CallOut>)))]
async fn call_history(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Query(query): Query<CallHistoryQuery>,
) -> Result<Paged<CallOut>, ApiError> {
    let mut problems = Problems::default();
    let page = agentforge_domain::paging::Page::parse(query.page, query.limit, &mut problems);
    let from = crate::conversations::types::instant(&mut problems, "from", query.from.as_deref());
    let to = crate::conversations::types::instant(&mut problems, "to", query.to.as_deref());
    problems.finish()?;
    let filter = CallFilter {
        owner_id: user.id.clone(),
        agent_id: query.agent_id.filter(|a| !a.is_empty() && a != "all"),
        status: query
            .status
            .and_then(Filter::value)
            .map(|s| s.as_str().to_owned()),
        direction: query
            .direction
            .and_then(Filter::value)
            .map(|d| d.as_str().to_owned()),
        from,
        to,
    };
    let (calls, total) = service::history(
        &state.store,
        &filter,
        page.page.saturating_sub(1) * page.limit,
        page.limit,
    )
    .await?;
    Ok(Paged::new(
        calls.into_iter().map(CallOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}

/// A call's recording
///
/// The MP3 Twilio recorded, fetched from Twilio with the account's
/// credentials.
#[utoipa::path(get, path = "/phone/calls/{id}/recording", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The recording", content_type = "audio/mpeg", body = Vec<u8>),
        (status = 404, description = "No such call of yours, or it has no recording", body = ErrorBody),
        (status = 409, description = "The Twilio account that recorded it is no longer connected", body = ErrorBody),
        (status = 502, description = "Twilio failed", body = ErrorBody),
    ))]
async fn call_recording(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let call = service::call_of(&state.store, &user, &id).await?;
    let Some(recording) = &call.recording_sid else {
        return Err(Error::not_found(Thing::Call).into());
    };
    let account = crate::phone::account(&state, &user.id).await?;
    let audio = account
        .client
        .recording_audio(recording, service::RECORDING_MAX_BYTES)
        .await
        .map_err(crate::phone::service::twilio_error)?;
    let mut response = Body::from(audio).into_response();
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg"));
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=86400"),
    );
    Ok(response)
}

/// A number that reaches an agent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NumberOut {
    pub id: String,
    pub phone_number: String,
    pub agent_id: String,
    pub record_calls: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<PhoneNumber> for NumberOut {
    fn from(n: PhoneNumber) -> Self {
        Self {
            id: n.id,
            phone_number: n.phone_number,
            agent_id: n.agent_id,
            record_calls: n.record_calls,
            created_at: n.created_at,
            updated_at: n.updated_at,
        }
    }
}

/// A number to point at an agent.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NumberIn {
    /// A number of your Twilio account, in E.164.
    #[schema(
        min_length = 2,
        max_length = 32,
        pattern = r"^\s*\+[0-9 ().-]*[0-9][0-9 ().-]*\s*$"
    )]
    pub phone_number: String,
    #[schema(min_length = 1, pattern = r"\S")]
    pub agent_id: String,
    /// Have Twilio record the number's calls.
    #[serde(default)]
    pub record_calls: bool,
}

/// A number's agent, changed.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NumberUpdateIn {
    #[schema(min_length = 1, pattern = r"\S")]
    pub agent_id: String,
    #[serde(default)]
    pub record_calls: bool,
}

/// Your phone numbers
///
/// The numbers whose calls and SMS reach an agent.
#[utoipa::path(get, path = "/phone/numbers", tag = "voice", security(("bearer" = [])),
    responses((status = 200, description = "Numbers, in order", body = Envelope<Vec<NumberOut>>)))]
async fn list_numbers(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<Vec<NumberOut>>, ApiError> {
    let numbers = state.store.calls().numbers_of(&user.id).await?;
    Ok(Envelope::new(
        numbers.into_iter().map(NumberOut::from).collect(),
    ))
}

fn number_snapshot(n: &PhoneNumber) -> serde_json::Value {
    serde_json::json!({"phoneNumber": n.phone_number, "agentId": n.agent_id, "recordCalls": n.record_calls})
}

/// Point a number at an agent
///
/// Its calls and SMS are answered by the agent's production deployment.
/// Set the number's webhooks in Twilio to the URLs of `GET /phone/setup`.
#[utoipa::path(post, path = "/phone/numbers", tag = "voice", request_body = NumberIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Added", body = Envelope<NumberOut>),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "The number already reaches an agent (`number_taken`)", body = ErrorBody),
    ))]
async fn add_number(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<NumberIn>,
) -> Result<(axum::http::StatusCode, Envelope<NumberOut>), ApiError> {
    let phone_number = crate::phone::service::number("phoneNumber", &body.phone_number)?;
    crate::access::agent(
        &state.store,
        &actor,
        &body.agent_id,
        agentforge_domain::policy::Action::Use,
    )
    .await?;
    let now = agentforge_store::now();
    let number = PhoneNumber {
        id: uuid::Uuid::now_v7().to_string(),
        owner_id: user.id.clone(),
        phone_number,
        agent_id: body.agent_id,
        record_calls: body.record_calls,
        created_at: now,
        updated_at: now,
    };
    let tx = state.store.begin().await?;
    tx.calls().add_number(&number).await?;
    let entry = Change::new(
        AuditAction::PhoneNumberCreate,
        AuditResource::PhoneNumber,
        &number.id,
    )
    .owner(&user.id)
    .diff(&serde_json::Value::Null, &number_snapshot(&number));
    audit::record(&tx, &actor, entry).await?;
    tx.commit().await?;
    Ok((
        axum::http::StatusCode::CREATED,
        Envelope::new(number.into()),
    ))
}

async fn number_of(
    state: &AppState,
    user: &agentforge_store::User,
    id: &str,
) -> Result<PhoneNumber, Error> {
    state
        .store
        .calls()
        .number_by_id(id)
        .await?
        .filter(|n| n.owner_id == user.id)
        .ok_or_else(|| Error::not_found(Thing::PhoneNumber))
}

/// Change a number's agent
#[utoipa::path(put, path = "/phone/numbers/{id}", tag = "voice", params(("id" = String, Path)), request_body = NumberUpdateIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed", body = Envelope<NumberOut>),
        (status = 404, description = "No such number or agent of yours", body = ErrorBody),
    ))]
async fn update_number(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<NumberUpdateIn>,
) -> Result<Envelope<NumberOut>, ApiError> {
    let number = number_of(&state, &user, &id).await?;
    crate::access::agent(
        &state.store,
        &actor,
        &body.agent_id,
        agentforge_domain::policy::Action::Use,
    )
    .await?;
    let tx = state.store.begin().await?;
    tx.calls()
        .update_number(&number.id, &body.agent_id, body.record_calls)
        .await?;
    let after = tx
        .calls()
        .number_by_id(&number.id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::PhoneNumber))?;
    let entry = Change::new(
        AuditAction::PhoneNumberUpdate,
        AuditResource::PhoneNumber,
        &number.id,
    )
    .owner(&user.id)
    .diff(&number_snapshot(&number), &number_snapshot(&after));
    audit::record(&tx, &actor, entry).await?;
    tx.commit().await?;
    Ok(Envelope::new(after.into()))
}

/// Stop a number reaching an agent
#[utoipa::path(delete, path = "/phone/numbers/{id}", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "Removed", body = Envelope<DeletedOut>),
        (status = 404, description = "No such number of yours", body = ErrorBody),
    ))]
async fn delete_number(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let number = number_of(&state, &user, &id).await?;
    let tx = state.store.begin().await?;
    tx.calls().delete_number(&number.id).await?;
    let entry = Change::new(
        AuditAction::PhoneNumberDelete,
        AuditResource::PhoneNumber,
        &number.id,
    )
    .owner(&user.id)
    .diff(&number_snapshot(&number), &serde_json::Value::Null);
    audit::record(&tx, &actor, entry).await?;
    tx.commit().await?;
    Ok(Envelope::new(DeletedOut::new(number.id)))
}

/// A simulated call to start.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SimulateCallIn {
    #[schema(min_length = 1, pattern = r"\S")]
    pub agent_id: String,
    #[serde(default)]
    pub variables: BTreeMap<String, String>,
}

/// What the caller said in the simulator.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SimulatorSpeechIn {
    /// What was heard; empty when the caller said nothing.
    #[serde(default)]
    #[schema(max_length = 4000)]
    pub speech: String,
}

/// One thing the call does, read from its TwiML.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum CallStep {
    /// Twilio says the text in its own voice (the language tag given).
    Say {
        text: String,
        language: Option<String>,
    },
    /// Twilio plays the audio at the URL (a path of this server's): the
    /// agent's voice speaking `text`.
    Play { url: String, text: String },
    /// Silence.
    Pause { seconds: u32 },
    /// Twilio listens for the caller (for at most `timeoutSeconds` before
    /// they start), in the language given.
    #[serde(rename_all = "camelCase")]
    Listen {
        timeout_seconds: u32,
        language: Option<String>,
    },
    /// The call ends.
    Hangup,
}

/// A simulated call's next TwiML.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SimulatorTurnOut {
    pub call: CallOut,
    /// The TwiML the call would answer Twilio with.
    pub twiml: String,
    /// The same, as steps, in order (prompts inside a gather come before
    /// its `listen`).
    pub steps: Vec<CallStep>,
}

fn steps(hooks: &Hooks, said: &service::Said) -> Vec<CallStep> {
    use agentforge_twilio::twiml::{Prompt, Verb};
    let mut words = said.words.iter();
    let mut prompt = |p: &Prompt| match p {
        Prompt::Say(say) => {
            words.next();
            CallStep::Say {
                text: say.text.clone(),
                language: say.language.clone(),
            }
        }
        Prompt::Play(play) => CallStep::Play {
            url: hooks.local(&play.url),
            text: words.next().cloned().unwrap_or_default(),
        },
        Prompt::Pause(pause) => CallStep::Pause {
            seconds: pause.length,
        },
    };
    let mut out = Vec::new();
    for verb in &said.response.verbs {
        match verb {
            Verb::Say(say) => out.push(prompt(&Prompt::Say(say.clone()))),
            Verb::Play(play) => out.push(prompt(&Prompt::Play(play.clone()))),
            Verb::Pause(pause) => out.push(prompt(&Prompt::Pause(*pause))),
            Verb::Gather(gather) => {
                out.extend(gather.prompts.iter().map(&mut prompt));
                out.push(CallStep::Listen {
                    timeout_seconds: gather.timeout,
                    language: gather.language.clone(),
                });
            }
            Verb::Hangup => out.push(CallStep::Hangup),
            Verb::Redirect(_) | Verb::Record(_) | Verb::Message(_) => {}
        }
    }
    out
}

async fn simulator_turn(
    state: &AppState,
    user: &agentforge_store::User,
    call_id: &str,
    said: service::Said,
    hooks: &Hooks,
) -> Result<SimulatorTurnOut, Error> {
    let call = service::call_of(&state.store, user, call_id).await?;
    Ok(SimulatorTurnOut {
        call: call.into(),
        twiml: said.response.to_xml(),
        steps: steps(hooks, &said),
    })
}

fn check_simulator(state: &AppState, user: &agentforge_store::User) -> Result<(), Error> {
    state.rate_limiter.check(
        &format!("call-simulator:{}", user.id),
        service::SIMULATOR_TURNS_PER_MINUTE,
    )
}

/// Start a simulated call
///
/// A call in the browser, without Twilio: the agent's production
/// deployment answers through the very TwiML a real call gets. Speak the
/// steps, then send what the caller says.
#[utoipa::path(post, path = "/phone/simulator/calls", tag = "voice", request_body = SimulateCallIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "The call, ringing through to its greeting", body = Envelope<SimulatorTurnOut>),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "The agent is not active or not deployed to production", body = ErrorBody),
        (status = 429, description = "More than 60 simulator steps a minute", body = ErrorBody),
    ))]
async fn simulate_call(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<SimulateCallIn>,
) -> Result<(axum::http::StatusCode, Envelope<SimulatorTurnOut>), ApiError> {
    check_simulator(&state, &user)?;
    let call =
        service::simulate(&state.store, &user, &actor, &body.agent_id, &body.variables).await?;
    let line = line_of(&state);
    let said = service::answer(&line, &call).await?;
    let out = simulator_turn(&state, &user, &call.id, said, &line.hooks).await?;
    Ok((axum::http::StatusCode::CREATED, Envelope::new(out)))
}

/// Speak in a simulated call
///
/// What the caller said (empty: silence), answered as Twilio's gather
/// would be.
#[utoipa::path(post, path = "/phone/simulator/calls/{id}/speech", tag = "voice", params(("id" = String, Path)), request_body = SimulatorSpeechIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The call's next TwiML", body = Envelope<SimulatorTurnOut>),
        (status = 404, description = "No such simulated call of yours", body = ErrorBody),
        (status = 409, description = "The call has ended (`call_ended`)", body = ErrorBody),
        (status = 429, description = "More than 60 simulator steps a minute", body = ErrorBody),
    ))]
async fn simulator_speech(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<SimulatorSpeechIn>,
) -> Result<Envelope<SimulatorTurnOut>, ApiError> {
    check_simulator(&state, &user)?;
    let call = simulated_call(&state, &user, &id).await?;
    let line = line_of(&state);
    let said = service::hear(&line, &call, &body.speech).await?;
    // The call hangs up itself once it said goodbye.
    if said
        .response
        .verbs
        .iter()
        .any(|v| matches!(v, agentforge_twilio::twiml::Verb::Hangup))
    {
        service::report(
            &state.runtime,
            &call,
            agentforge_twilio::CallStatus::Completed,
            Some(seconds_since(&call)),
            None,
        )
        .await?;
    }
    Ok(Envelope::new(
        simulator_turn(&state, &user, &call.id, said, &line.hooks).await?,
    ))
}

fn seconds_since(call: &PhoneCall) -> u32 {
    let start = call.answered_at.unwrap_or(call.created_at);
    u32::try_from((Utc::now() - start).num_seconds().max(0)).unwrap_or(u32::MAX)
}

async fn simulated_call(
    state: &AppState,
    user: &agentforge_store::User,
    id: &str,
) -> Result<PhoneCall, Error> {
    let call = service::call_of(&state.store, user, id).await?;
    if !call.simulated {
        return Err(Error::not_found(Thing::Call));
    }
    if CallStatus::parse(&call.status).is_ok_and(|s| {
        matches!(
            s,
            CallStatus::Completed
                | CallStatus::Busy
                | CallStatus::Failed
                | CallStatus::NoAnswer
                | CallStatus::Canceled
        )
    }) {
        return Err(Error::Conflict(
            agentforge_domain::error::Conflict::CallEnded,
        ));
    }
    Ok(call)
}

/// Hang up a simulated call
///
/// The call completes and its conversation ends, as when a caller hangs up.
#[utoipa::path(post, path = "/phone/simulator/calls/{id}/hangup", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The call, completed", body = Envelope<CallOut>),
        (status = 404, description = "No such simulated call of yours", body = ErrorBody),
        (status = 409, description = "The call has ended (`call_ended`)", body = ErrorBody),
    ))]
async fn simulator_hangup(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<CallOut>, ApiError> {
    let call = simulated_call(&state, &user, &id).await?;
    let call = service::report(
        &state.runtime,
        &call,
        agentforge_twilio::CallStatus::Completed,
        Some(seconds_since(&call)),
        None,
    )
    .await?;
    Ok(Envelope::new(call.into()))
}

#[cfg(test)]
mod tests {
    #[test]
    fn only_a_public_address_is_reachable_by_twilio() {
        assert!(super::reachable("https://agents.example.com"));
        assert!(super::reachable("http://203.0.113.9:8080"));
        assert!(!super::reachable("http://localhost:8080"));
        assert!(!super::reachable("http://127.0.0.1:8080"));
        assert!(!super::reachable("http://192.168.1.4"));
        assert!(!super::reachable("http://[::1]:8080"));
        assert!(!super::reachable("not a url"));
    }
}
