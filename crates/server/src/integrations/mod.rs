//! `/settings/integrations`: a person's or a team's own credentials for
//! OpenAI, Gemini, ElevenLabs, Twilio, Slack, Telegram, Discord and
//! WhatsApp (sealed at rest, shown masked, tried on demand), used for
//! their agents in preference to the server's.

pub mod probe;
pub mod service;

use std::collections::BTreeMap;

use agentforge_domain::Error;
use agentforge_domain::integration::{FieldKind, IntegrationName, IntegrationScope};
use agentforge_domain::policy::Action;
use agentforge_domain::team::TeamRole;
use agentforge_runtime::{Credentials, Opened};
use agentforge_store::Integration;
use axum::extract::{Path, State};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::config::Secret;
use crate::configuration::Settings;
use crate::configuration::settings::{Masked, SecretValue, mask};
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, Query};
use crate::state::AppState;
use service::{Holder, Sent};

/// What integration secrets are sealed for.
pub const SEAL_PURPOSE: &str = "integrations";

/// The most integration tests one person may run a minute.
pub const TESTS_PER_MINUTE: u32 = 30;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_integrations))
        .routes(routes!(put_integration, delete_integration))
        .routes(routes!(test_integration))
}

/// Whose integrations.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct IntegrationsQuery {
    /// A team of yours; left out: your own.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
}

/// A team whose integrations the caller may see.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationTeamOut {
    pub id: String,
    pub name: String,
    pub role: TeamRole,
}

/// One field of an integration's form.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationFieldOut {
    /// The wire name (`apiKey`), as `IntegrationIn` takes it.
    pub name: String,
    /// Kept sealed, shown masked; sent only to replace it.
    pub secret: bool,
    pub required: bool,
}

/// One service, as saved by the holder (or not).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationOut {
    pub name: IntegrationName,
    /// The service's name as people write it.
    pub title: String,
    /// Saved, with every required field.
    pub connected: bool,
    /// The plain fields saved, by name.
    pub values: BTreeMap<String, String>,
    /// Every secret field: whether it is set, and a hint.
    pub secrets: BTreeMap<String, Masked>,
    pub fields: Vec<IntegrationFieldOut>,
    /// The endpoint called when no base URL is saved.
    pub default_base_url: String,
    /// Whether this server has its own connection to the service, used
    /// when none of yours (or your agent's team's) is saved.
    pub server_connected: bool,
    pub updated_at: Option<DateTime<Utc>>,
    /// Who saved last (an email), when known.
    pub updated_by: Option<String>,
}

/// A holder's integrations.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationsOut {
    /// Yours, or a team's.
    pub scope: IntegrationScope,
    pub team_id: Option<String>,
    /// Whether you may change them (yours: always; a team's: its owners
    /// and admins).
    pub can_edit: bool,
    /// Every service, in a stable order.
    pub integrations: Vec<IntegrationOut>,
    /// Your teams, to switch to.
    pub teams: Vec<IntegrationTeamOut>,
}

/// Credentials to save or try. Each field left out (or `null`) keeps what
/// is saved, `""` removes it, anything else replaces it; a field the
/// service does not take is refused.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct IntegrationIn {
    /// A team of yours (its owners and admins); left out: your own.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub api_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub base_url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub account_sid: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub auth_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bot_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub signing_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub application_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub public_key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub phone_number_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_token: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub app_secret: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verify_token: Option<String>,
}

impl IntegrationIn {
    fn sent(self) -> Sent {
        BTreeMap::from([
            ("apiKey", self.api_key),
            ("baseUrl", self.base_url),
            ("model", self.model),
            ("accountSid", self.account_sid),
            ("authToken", self.auth_token),
            ("phoneNumber", self.phone_number),
            ("botToken", self.bot_token),
            ("signingSecret", self.signing_secret),
            ("applicationId", self.application_id),
            ("publicKey", self.public_key),
            ("phoneNumberId", self.phone_number_id),
            ("accessToken", self.access_token),
            ("appSecret", self.app_secret),
            ("verifyToken", self.verify_token),
        ])
    }
}

/// What a test found.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IntegrationTestOut {
    pub name: IntegrationName,
    /// Whether the service answered and took the credentials.
    pub ok: bool,
    /// What happened, in words.
    pub message: String,
    pub latency_ms: u64,
}

/// The service a path names; an unknown one is not found.
fn service_named(name: &str) -> Result<IntegrationName, Error> {
    IntegrationName::parse(name).map_err(|_| {
        Error::not_found_because(
            agentforge_domain::Thing::Integration,
            format!(
                "No such integration; expected one of {}",
                IntegrationName::NAMES.join(", ")
            ),
        )
    })
}

/// Whether the server has its own connection to `name`.
fn server_connected(settings: &Settings, name: IntegrationName) -> bool {
    use agentforge_domain::agent::ModelProvider;
    match name {
        IntegrationName::Openai => settings.model.provider == ModelProvider::Openai,
        IntegrationName::Gemini => {
            settings.model.provider == ModelProvider::Gemini || settings.gemini.api_key.is_some()
        }
        IntegrationName::Elevenlabs => settings.elevenlabs.api_key.is_some(),
        IntegrationName::Twilio => {
            settings.twilio.account_sid.is_some() && settings.twilio.auth_token.is_some()
        }
        IntegrationName::Slack
        | IntegrationName::Telegram
        | IntegrationName::Discord
        | IntegrationName::Whatsapp => false,
    }
}

async fn integration_out(
    state: &AppState,
    name: IntegrationName,
    saved: Option<(&Integration, &Opened)>,
) -> Result<IntegrationOut, Error> {
    let mut values = BTreeMap::new();
    let mut secrets = BTreeMap::new();
    for field in name.fields() {
        let value = saved.and_then(|(_, o)| o.get(field.name));
        if field.kind == FieldKind::Secret {
            let value: SecretValue = value.map(|v| Secret::new(v.to_owned()));
            secrets.insert(field.name.to_owned(), mask(&value));
        } else if let Some(value) = value {
            values.insert(field.name.to_owned(), value.to_owned());
        }
    }
    let updated_by = match saved.and_then(|(row, _)| row.updated_by.as_deref()) {
        Some(id) => state.store.users().find_by_id(id).await?.map(|u| u.email),
        None => None,
    };
    Ok(IntegrationOut {
        name,
        title: name.title().to_owned(),
        connected: saved.is_some_and(|(_, o)| o.complete()),
        values,
        secrets,
        fields: name
            .fields()
            .iter()
            .map(|f| IntegrationFieldOut {
                name: f.name.to_owned(),
                secret: f.kind == FieldKind::Secret,
                required: f.required,
            })
            .collect(),
        default_base_url: name.default_base_url().to_owned(),
        server_connected: server_connected(&state.configuration.get(), name),
        updated_at: saved.map(|(row, _)| row.updated_at),
        updated_by,
    })
}

fn credentials(state: &AppState) -> Result<&Credentials, Error> {
    state
        .runtime
        .credentials()
        .map(AsRef::as_ref)
        .ok_or_else(|| Error::internal("the runtime was built without credentials"))
}

async fn listing(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    holder: &Holder,
) -> Result<IntegrationsOut, Error> {
    let saved = service::list(&state.store, credentials(state)?, holder).await?;
    let mut integrations = Vec::with_capacity(IntegrationName::ALL.len());
    for name in IntegrationName::ALL {
        let found = saved.iter().find(|(row, _)| row.name == *name);
        integrations.push(integration_out(state, *name, found.map(|(r, o)| (r, o))).await?);
    }
    let user_id = actor.user_id().unwrap_or_default();
    let mut teams: Vec<IntegrationTeamOut> = state
        .store
        .teams()
        .for_user(user_id)
        .await?
        .into_iter()
        .map(|(team, role)| IntegrationTeamOut {
            id: team.id,
            name: team.name,
            role,
        })
        .collect();
    teams.sort_by(|a, b| a.name.cmp(&b.name));
    Ok(IntegrationsOut {
        scope: holder.scope,
        team_id: holder.team.as_ref().map(|t| t.id.clone()),
        can_edit: holder.can_edit(),
        integrations,
        teams,
    })
}

/// My integrations
///
/// Your own credentials for each outside service (or a team's, with
/// `teamId`): which are connected, their plain fields, their secrets
/// masked, and whether the server has a connection of its own to fall
/// back on. An agent uses its team's, else its owner's, else the server's.
#[utoipa::path(get, path = "/settings/integrations", tag = "settings", params(IntegrationsQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Every service", body = Envelope<IntegrationsOut>),
        (status = 403, description = "Signed in with an API key", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
    ))]
async fn list_integrations(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<IntegrationsQuery>,
) -> Result<Envelope<IntegrationsOut>, ApiError> {
    let holder =
        service::holder(&state.store, &actor, query.team_id.as_deref(), Action::View).await?;
    Ok(Envelope::new(listing(&state, &actor, &holder).await?))
}

/// Connect or change an integration
///
/// Saves your credentials for one service (or a team's, with `teamId`:
/// owners and admins), sealed at rest; audited as `integration.update`
/// with secrets redacted. Every value is checked for the service (a Slack
/// bot token starts with `xoxb-`, a Twilio SID is `AC` and 32 hex digits,
/// a base URL must be public …) and every required field must be set.
#[utoipa::path(put, path = "/settings/integrations/{name}", tag = "settings", request_body = IntegrationIn,
    params(("name" = IntegrationName, Path, description = "The service")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The integration now", body = Envelope<IntegrationOut>),
        (status = 403, description = "Not the team's owner or admin, or signed in with an API key", body = ErrorBody),
        (status = 404, description = "No such service, or no such team of yours", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn put_integration(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(name): Path<String>,
    Json(body): Json<IntegrationIn>,
) -> Result<Envelope<IntegrationOut>, ApiError> {
    let name = service_named(&name)?;
    let holder =
        service::holder(&state.store, &actor, body.team_id.as_deref(), Action::Edit).await?;
    let credentials = credentials(&state)?;
    let row = service::save(
        &state.store,
        credentials,
        &actor,
        &holder,
        name,
        &body.sent(),
    )
    .await?;
    let opened = credentials.open(&row).map_err(Error::internal)?;
    Ok(Envelope::new(
        integration_out(&state, name, Some((&row, &opened))).await?,
    ))
}

/// Disconnect an integration
///
/// Removes your credentials for one service (or a team's, with `teamId`);
/// its agents fall back on the next in line. Audited as
/// `integration.delete`.
#[utoipa::path(delete, path = "/settings/integrations/{name}", tag = "settings",
    params(("name" = IntegrationName, Path, description = "The service"), IntegrationsQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Removed", body = Envelope<DeletedOut>),
        (status = 403, description = "Not the team's owner or admin, or signed in with an API key", body = ErrorBody),
        (status = 404, description = "Not connected, no such service, or no such team of yours", body = ErrorBody),
    ))]
async fn delete_integration(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(name): Path<String>,
    Query(query): Query<IntegrationsQuery>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let name = service_named(&name)?;
    let holder = service::holder(
        &state.store,
        &actor,
        query.team_id.as_deref(),
        Action::Delete,
    )
    .await?;
    let row = service::remove(&state.store, credentials(&state)?, &actor, &holder, name).await?;
    Ok(Envelope::new(DeletedOut::new(row.id)))
}

/// Test an integration
///
/// Makes one harmless call to the service (a one-word completion, an
/// account lookup, Slack's `auth.test`, Telegram's `getMe` …) with the
/// values given over the saved ones, without saving, through the outbound
/// guard. A service that refuses is `ok: false` with its reason. At most
/// 30 tests a minute per person.
#[utoipa::path(post, path = "/settings/integrations/{name}/test", tag = "settings", request_body = IntegrationIn,
    params(("name" = IntegrationName, Path, description = "The service")), security(("bearer" = [])),
    responses(
        (status = 200, description = "What the service answered", body = Envelope<IntegrationTestOut>),
        (status = 403, description = "Not the team's owner or admin, or signed in with an API key", body = ErrorBody),
        (status = 404, description = "No such service, or no such team of yours", body = ErrorBody),
        (status = 422, description = "A field is invalid or missing", body = ErrorBody),
        (status = 429, description = "More than 30 tests a minute; `Retry-After` says when to try again", body = ErrorBody),
    ))]
async fn test_integration(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(name): Path<String>,
    Json(body): Json<IntegrationIn>,
) -> Result<Envelope<IntegrationTestOut>, ApiError> {
    let name = service_named(&name)?;
    let holder =
        service::holder(&state.store, &actor, body.team_id.as_deref(), Action::Edit).await?;
    let credentials = credentials(&state)?;
    let (_, opened) =
        service::merged(&state.store, credentials, &holder, name, &body.sent()).await?;
    // Each test is a request to a URL the caller chose: bounded per person,
    // so an account cannot use the server to send them in bulk.
    let caller = actor.user_id().unwrap_or_default();
    state
        .rate_limiter
        .check(&format!("integration-test:{caller}"), TESTS_PER_MINUTE)?;
    let (ok, message, latency_ms) = probe::test(&opened, credentials).await;
    Ok(Envelope::new(IntegrationTestOut {
        name,
        ok,
        message,
        latency_ms,
    }))
}
