//! The admin overview (`/admin`): how the installation is doing at a
//! glance, what is left to set up, and the two repairs an operator makes
//! from there: a job that failed for good tried again, an email sent again.

use std::time::Instant;

use agentforge_domain::Error;
use agentforge_domain::agent::ModelProvider;
use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Conflict, Thing};
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{AuditFilter, Job};
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::access;
use crate::audit::{self, AuditEntryOut};
use crate::state::AppState;

/// How many jobs that failed for good, and audit entries, the overview lists.
const LISTED: u64 = 10;

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountsOverview {
    pub total: u64,
    /// Made in the last 7 days.
    pub new_this_week: u64,
    /// Signed in within the last 24 hours.
    pub active_today: u64,
}

#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationsOverview {
    /// Started since midnight (UTC), test turns left out.
    pub today: u64,
    /// Messages written since midnight (UTC).
    pub messages_today: u64,
    /// Conversations not ended.
    pub active: u64,
}

/// A job that failed for good.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeadJobOut {
    pub id: String,
    /// What it does (`mail.send` …).
    pub kind: String,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub created_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl From<Job> for DeadJobOut {
    fn from(j: Job) -> Self {
        Self {
            id: j.id,
            kind: j.kind,
            attempts: j.attempts,
            last_error: j.last_error,
            created_at: j.created_at,
            finished_at: j.finished_at,
        }
    }
}

/// The durable job queue.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct JobsOverview {
    /// Waiting to run (including those waiting to be tried again).
    pub queued: u64,
    pub running: u64,
    /// Of `queued`: failed at least once, to be tried again.
    pub retrying: u64,
    /// Failed for good, after their last attempt.
    pub dead: u64,
    /// The latest of those, newest first.
    pub dead_jobs: Vec<DeadJobOut>,
}

/// How a part of the installation is: `ok` (answering, or configured:
/// the configuration's "Test connection" tries an outside service),
/// `fallback` (on its built-in fallback: the responder, the outbox, test
/// payments), `not_configured`, or `down`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum HealthStatus {
    Ok,
    Fallback,
    NotConfigured,
    Down,
}

/// A part of the installation whose health the overview shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Component {
    Database,
    Mail,
    Model,
    Twilio,
    Elevenlabs,
    Gemini,
    Stripe,
}

/// One part of the installation and how it is.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ComponentHealthOut {
    pub name: Component,
    pub status: HealthStatus,
    /// In words: the engine and its answer time, the provider, the
    /// transport.
    pub detail: String,
}

/// One step of setting up a new installation.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SetupStepOut {
    /// `model` (a language model connected), `mail` (a mail server),
    /// `publicUrl` (the address people use), `features` (the feature flags
    /// looked at and saved).
    pub step: String,
    pub done: bool,
}

/// The admin overview.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminOverviewOut {
    pub accounts: AccountsOverview,
    pub conversations: ConversationsOverview,
    pub jobs: JobsOverview,
    pub health: Vec<ComponentHealthOut>,
    /// What is left to set up; all done once each step is.
    pub setup: Vec<SetupStepOut>,
    /// The latest audit entries, newest first.
    pub recent_audit: Vec<AuditEntryOut>,
}

fn midnight(now: DateTime<Utc>) -> DateTime<Utc> {
    now.date_naive()
        .and_hms_opt(0, 0, 0)
        .map_or(now, |t| t.and_utc())
}

pub async fn overview(state: &AppState, actor: &Actor) -> Result<AdminOverviewOut, Error> {
    access::platform(actor, Action::View)?;
    let store = &state.store;
    let now = Utc::now();
    let total = store.users().count().await?;
    let (new_this_week, active_today) = store
        .users()
        .activity_counts(now - Duration::days(7), now - Duration::hours(24))
        .await?;
    let (today, messages_today, active) = store.analytics().platform_since(midnight(now)).await?;
    let counts = store.jobs().counts().await?;
    let dead_jobs = store.jobs().dead(LISTED).await?;
    let recent = audit::page(store, &AuditFilter::default(), LISTED).await?;

    let started = Instant::now();
    let database = match state.database_probe.check(store).await {
        Ok(()) => ComponentHealthOut {
            name: Component::Database,
            status: HealthStatus::Ok,
            detail: format!(
                "{} answered in {} ms",
                store.kind().as_str(),
                started.elapsed().as_millis()
            ),
        },
        Err(e) => ComponentHealthOut {
            name: Component::Database,
            status: HealthStatus::Down,
            detail: e,
        },
    };
    let settings = state.configuration.get();
    let set = |configured: bool, what: &str| {
        if configured {
            (HealthStatus::Ok, format!("{what} is configured"))
        } else {
            (
                HealthStatus::NotConfigured,
                format!("{what} is not configured"),
            )
        }
    };
    let model = match settings.model.provider {
        ModelProvider::Builtin => (
            HealthStatus::Fallback,
            "The built-in responder answers: no language model is connected".to_owned(),
        ),
        provider => (
            HealthStatus::Ok,
            format!(
                "{provider}, {}",
                settings
                    .model
                    .model
                    .as_deref()
                    .unwrap_or("its default model")
            ),
        ),
    };
    let mail = match &settings.mail.smtp_url {
        Some(_) => (HealthStatus::Ok, "Mail goes out over SMTP".to_owned()),
        None => (
            HealthStatus::Fallback,
            "No mail server: email is kept in the outbox".to_owned(),
        ),
    };
    let twilio = set(
        settings.twilio.account_sid.is_some() && settings.twilio.auth_token.is_some(),
        "Twilio",
    );
    let elevenlabs = set(settings.elevenlabs.api_key.is_some(), "ElevenLabs");
    let gemini = set(settings.gemini.api_key.is_some(), "Gemini");
    let stripe = match &settings.stripe.secret_key {
        Some(_) => (HealthStatus::Ok, "Stripe is configured".to_owned()),
        None => (
            HealthStatus::Fallback,
            "No Stripe keys: payments run in test mode".to_owned(),
        ),
    };
    let mut health = vec![database];
    for (name, (status, detail)) in [
        (Component::Mail, mail),
        (Component::Model, model),
        (Component::Twilio, twilio),
        (Component::Elevenlabs, elevenlabs),
        (Component::Gemini, gemini),
        (Component::Stripe, stripe),
    ] {
        health.push(ComponentHealthOut {
            name,
            status,
            detail,
        });
    }

    let saved = state.configuration.saving();
    let public_url = &settings.general.public_url;
    let setup = [
        ("model", settings.model.provider != ModelProvider::Builtin),
        ("mail", settings.mail.smtp_url.is_some()),
        (
            "publicUrl",
            !(public_url.contains("://localhost") || public_url.contains("://127.0.0.1")),
        ),
        ("features", saved.sections.contains(&"features")),
    ]
    .into_iter()
    .map(|(step, done)| SetupStepOut {
        step: step.into(),
        done,
    })
    .collect();

    Ok(AdminOverviewOut {
        accounts: AccountsOverview {
            total,
            new_this_week,
            active_today,
        },
        conversations: ConversationsOverview {
            today,
            messages_today,
            active,
        },
        jobs: JobsOverview {
            queued: counts.queued,
            running: counts.running,
            retrying: counts.retrying,
            dead: counts.dead,
            dead_jobs: dead_jobs.into_iter().map(DeadJobOut::from).collect(),
        },
        health,
        setup,
        recent_audit: recent.entries,
    })
}

/// Tries a job that failed for good again, from its first attempt.
pub async fn retry_job(state: &AppState, actor: &Actor, id: &str) -> Result<(), Error> {
    access::platform(actor, Action::Manage)?;
    let tx = state.store.begin().await?;
    let job = tx
        .jobs()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Job))?;
    if !tx.jobs().retry_dead(id).await? {
        return Err(Error::Conflict(Conflict::JobNotDead));
    }
    let entry = audit::Change::new(AuditAction::JobRetry, AuditResource::Job, id)
        .field("kind", &job.kind)
        .field("lastError", &job.last_error);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}

/// Sends an email of the outbox again through the mail server now set.
pub async fn resend_mail(state: &AppState, actor: &Actor, id: &str) -> Result<(), Error> {
    access::platform(actor, Action::Manage)?;
    let tx = state.store.begin().await?;
    let mail = tx
        .outbox()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Mail))?;
    state.mailer.resend_in(&tx, id).await?;
    let entry = audit::Change::new(AuditAction::MailResend, AuditResource::Mail, id)
        .field("to", &mail.to_address)
        .field("template", mail.template);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    state.mailer.wake();
    Ok(())
}
