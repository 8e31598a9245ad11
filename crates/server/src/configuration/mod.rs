//! `/admin/configuration`: the run-time settings, admins only. Read (secrets
//! masked), saved section by section in one transaction with its audit
//! entry and put in force at once here and within a second on every other
//! instance ([`live`]), and each integration tried without saving
//! ([`probe`]).

pub mod live;
pub mod probe;
pub mod settings;

use agentforge_domain::Error;
use agentforge_domain::audit::{AuditAction, AuditResource, REDACTED};
use agentforge_domain::policy::{Action, Actor};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::access;
use crate::audit;
use crate::auth::AdminUser;
use crate::http::{ApiError, Envelope, ErrorBody, Json};
use crate::state::AppState;
pub use live::Live;
use probe::{ConnectionTestOut, Integration};
pub use settings::{Feature, Settings};
use settings::{MapSecrets, Masked, Saved, SecretIn, Sections};

/// The client for outside services at the operator's URLs (Admin ›
/// Configuration or the environment: as trusted as the environment, so not
/// held to the outbound guard that people's URLs are). One for the
/// process: building a client loads TLS roots. Each request sets its own
/// time limit.
pub fn operator_client() -> reqwest::Client {
    static CLIENT: std::sync::OnceLock<reqwest::Client> = std::sync::OnceLock::new();
    CLIENT
        .get_or_init(|| {
            reqwest::Client::builder()
                .connect_timeout(std::time::Duration::from_secs(10))
                .read_timeout(std::time::Duration::from_secs(60))
                .user_agent(concat!("AgentForge/", env!("CARGO_PKG_VERSION")))
                .build()
                .unwrap_or_default()
        })
        .clone()
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_configuration, put_configuration))
        .routes(routes!(test_connection))
}

/// The settings in force, as an admin reads them.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConfigurationOut {
    /// Goes up by one with every save (0: nothing saved yet).
    pub revision: i64,
    pub updated_at: Option<DateTime<Utc>>,
    /// The email of the admin who saved last.
    pub updated_by: Option<String>,
    /// The sections saved here; the others come from the environment.
    pub saved: Vec<String>,
    pub settings: Sections<Masked>,
}

/// The sections to save: each one given replaces that section whole (its
/// secrets: left out or `null` keeps them, `""` removes them).
pub type ConfigurationIn = Saved<SecretIn>;

/// A connection to try, with the values of the form (unsaved sections
/// given here are tried in place of the saved ones).
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConnectionTestIn {
    pub integration: Integration,
    #[serde(default)]
    pub settings: Option<ConfigurationIn>,
}

async fn out(state: &AppState) -> Result<ConfigurationOut, Error> {
    let saving = state.configuration.saving();
    let updated_by = match &saving.updated_by {
        Some(id) => state.store.users().find_by_id(id).await?.map(|u| u.email),
        None => None,
    };
    Ok(ConfigurationOut {
        revision: saving.revision,
        updated_at: saving.updated_at,
        updated_by,
        saved: saving.sections.iter().map(|s| (*s).to_owned()).collect(),
        settings: state.configuration.get().masked(),
    })
}

/// The configuration
///
/// Every run-time setting in force: the environment's values, with the
/// sections saved here in their place. Secrets show only whether they are
/// set and a hint.
#[utoipa::path(get, path = "/admin/configuration", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "The settings in force", body = Envelope<ConfigurationOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn get_configuration(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
) -> Result<Envelope<ConfigurationOut>, ApiError> {
    access::platform(&actor, Action::Manage)?;
    Ok(Envelope::new(out(&state).await?))
}

/// Change the configuration
///
/// Saves the sections given, each whole, in one transaction with its audit
/// entry; they apply at once on this instance and within a second on every
/// other one sharing the database. A bad value is a 422 naming its field
/// (`model.baseUrl`) and nothing is saved.
#[utoipa::path(put, path = "/admin/configuration", tag = "admin", request_body = ConfigurationIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The settings now in force", body = Envelope<ConfigurationOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn put_configuration(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Json(sent): Json<Value>,
) -> Result<Envelope<ConfigurationOut>, ApiError> {
    save(&state, &actor, typed(sent)?).await?;
    Ok(Envelope::new(out(&state).await?))
}

/// The body as `T`. No field of the configuration is a list, so a list
/// anywhere is refused by its path (serde would read a section from one,
/// by position).
fn typed<T: serde::de::DeserializeOwned>(body: Value) -> Result<T, ApiError> {
    fn first_list(value: &Value, path: &str) -> Option<String> {
        match value {
            Value::Array(_) => Some(path.to_owned()),
            Value::Object(fields) => fields.iter().find_map(|(name, v)| {
                let path = if path.is_empty() {
                    name.clone()
                } else {
                    format!("{path}.{name}")
                };
                first_list(v, &path)
            }),
            _ => None,
        }
    }
    if let Some(path) = first_list(&body, "") {
        return Err(ApiError::invalid_field(path, "Must not be a list"));
    }
    let bytes = serde_json::to_vec(&body).map_err(|e| Error::internal(e.to_string()))?;
    crate::http::json::parse(&bytes)
}

/// Saves `sent` over what is stored and puts the result in force here.
pub async fn save(state: &AppState, actor: &Actor, sent: ConfigurationIn) -> Result<(), Error> {
    access::platform(actor, Action::Manage)?;
    let tx = state.store.begin().await?;
    let stored = tx.configuration().get_locked(live::DOCUMENT).await?;
    let (mut saved, previous) = match &stored {
        Some(stored) => (state.configuration.decode(stored)?, stored.revision),
        None => (Saved::default(), 0),
    };
    // What is in force as of the stored document (this instance may not
    // have noticed a save made elsewhere a moment ago).
    let before = state.configuration.base().with(saved.clone());
    let mut changed = settings::resolve(&before, sent);
    settings::check(&mut changed)?;
    overlay(&mut saved, changed);
    let after = state.configuration.base().with(saved.clone());
    let document = state.configuration.encode(&saved);
    let record = tx
        .configuration()
        .save(
            live::DOCUMENT,
            document,
            previous,
            actor.user_id().map(str::to_owned),
        )
        .await?;
    let entry = audit::Change::new(
        AuditAction::ConfigurationUpdate,
        AuditResource::Configuration,
        live::DOCUMENT,
    )
    .fields(diff(&before, &after));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    if let Some(settings) = state.configuration.install(&record)? {
        state.apply(&settings)?;
        state.realtime.announce_configuration(record.revision);
    }
    Ok(())
}

/// `changed`'s sections in place of `saved`'s.
fn overlay(saved: &mut Saved<settings::SecretValue>, changed: Saved<settings::SecretValue>) {
    macro_rules! each {
        ($($name:ident),*) => { $(if changed.$name.is_some() { saved.$name = changed.$name; })* };
    }
    each!(
        general,
        model,
        mail,
        twilio,
        elevenlabs,
        transcription,
        gemini,
        stripe,
        limits,
        features,
        pricing
    );
}

/// The fields that differ, `section.field`, secrets as [`REDACTED`] (or
/// `null` when unset) on either side.
fn diff(before: &Settings, after: &Settings) -> Map<String, Value> {
    let flat = |s: &Settings| -> Map<String, Value> {
        let open: Result<Sections<Option<String>>, std::convert::Infallible> =
            s.map_secrets(&mut |v: &settings::SecretValue| {
                Ok(v.as_ref().map(|v| v.expose().clone()))
            });
        let mut out = Map::new();
        if let Ok(Value::Object(sections)) =
            open.map(|o| serde_json::to_value(o).unwrap_or_default())
        {
            for (section, fields) in sections {
                if let Value::Object(fields) = fields {
                    for (field, value) in fields {
                        out.insert(format!("{section}.{field}"), value);
                    }
                }
            }
        }
        out
    };
    let (before, after) = (flat(before), flat(after));
    let mut changes = Map::new();
    for (field, to) in &after {
        let from = before.get(field).unwrap_or(&Value::Null);
        if from == to {
            continue;
        }
        let shown = |v: &Value| {
            if settings::SECRET_FIELDS.contains(&field.as_str()) && !v.is_null() {
                Value::String(REDACTED.into())
            } else {
                v.clone()
            }
        };
        let mut change = Map::new();
        change.insert("from".into(), shown(from));
        change.insert("to".into(), shown(to));
        changes.insert(field.clone(), Value::Object(change));
    }
    changes
}

/// Test a connection
///
/// Makes one harmless call to the integration (a one-word completion, an
/// SMTP greeting, an account or balance lookup) with the settings given
/// over the ones in force, without saving them, and says what happened.
/// A service that refuses is `ok: false` with its reason.
#[utoipa::path(post, path = "/admin/configuration/test", tag = "admin", request_body = ConnectionTestIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "What the service answered", body = Envelope<ConnectionTestOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn test_connection(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Json(body): Json<Value>,
) -> Result<Envelope<ConnectionTestOut>, ApiError> {
    access::platform(&actor, Action::Manage)?;
    let body: ConnectionTestIn = typed(body)?;
    let current = state.configuration.get();
    let trial = match body.settings {
        Some(sent) => {
            let mut changed = settings::resolve(&current, sent);
            settings::check(&mut changed)?;
            (*current).clone().with(changed)
        }
        None => (*current).clone(),
    };
    Ok(Envelope::new(probe::test(body.integration, &trial).await))
}
