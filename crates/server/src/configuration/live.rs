//! The settings in force on this instance, and how they follow the
//! database: every [`WATCH_EVERY`] each instance reads the stored
//! document's revision (one number); when it moved, it reads the document,
//! puts the new settings in force ([`crate::state::AppState::apply`]) and
//! tells its sockets. The instance that saved applies at once.

use std::sync::Arc;
use std::sync::atomic::{AtomicI64, Ordering};
use std::time::Duration;

use agentforge_domain::Error;
use agentforge_runtime::sealed::Sealer;
use agentforge_store::{Store, StoredConfiguration};
use arc_swap::ArcSwap;
use chrono::{DateTime, Utc};

use super::settings::{MapSecrets, Saved, SecretValue, Settings};
use crate::config::{Config, Secret};
use crate::secret_key::SecretKey;
use crate::state::AppState;

/// The stored document's name.
pub const DOCUMENT: &str = "platform";

/// What seals the stored document's secrets: its own key.
const SEAL_PURPOSE: &str = "configuration";

/// How often an instance looks for a change saved by another.
pub const WATCH_EVERY: Duration = Duration::from_millis(500);

/// Who saved the settings in force, and when.
#[derive(Debug, Clone, Default)]
pub struct Saving {
    pub revision: i64,
    pub updated_at: Option<DateTime<Utc>>,
    pub updated_by: Option<String>,
    /// The sections saved (the others are the environment's).
    pub sections: Vec<&'static str>,
}

pub struct Live {
    /// The environment's settings, under every saved section.
    base: Settings,
    settings: ArcSwap<Settings>,
    saving: ArcSwap<Saving>,
    revision: AtomicI64,
    sealer: Sealer,
}

impl Live {
    pub fn new(config: &Config, secret_key: &SecretKey) -> Self {
        let base = Settings::from_config(config);
        Self {
            settings: ArcSwap::from_pointee(base.clone()),
            base,
            saving: ArcSwap::from_pointee(Saving::default()),
            revision: AtomicI64::new(0),
            sealer: secret_key.sealer(SEAL_PURPOSE),
        }
    }

    /// The environment's settings (what a section not saved here is).
    pub fn base(&self) -> Settings {
        self.base.clone()
    }

    /// The settings in force now.
    pub fn get(&self) -> Arc<Settings> {
        self.settings.load_full()
    }

    pub fn saving(&self) -> Arc<Saving> {
        self.saving.load_full()
    }

    pub fn revision(&self) -> i64 {
        self.revision.load(Ordering::Acquire)
    }

    /// The saved sections of a stored document, secrets opened.
    pub fn decode(&self, stored: &StoredConfiguration) -> Result<Saved<SecretValue>, Error> {
        let sealed: Saved<Option<String>> = serde_json::from_str(&stored.document)
            .map_err(|e| Error::internal(format!("the stored configuration is unreadable: {e}")))?;
        sealed.map_secrets(&mut |s: &Option<String>| {
            s.as_ref()
                .map(|s| self.sealer.open_str(s).map(Secret::new))
                .transpose()
                .map_err(|_| {
                    Error::internal(
                        "a stored configuration secret does not open with this server's key",
                    )
                })
        })
    }

    /// The document to store for `saved`, secrets sealed.
    pub fn encode(&self, saved: &Saved<SecretValue>) -> String {
        let sealed: Result<Saved<Option<String>>, std::convert::Infallible> =
            saved.map_secrets(&mut |s: &SecretValue| {
                Ok(s.as_ref().map(|s| self.sealer.seal_str(s.expose())))
            });
        match sealed {
            #[allow(clippy::expect_used)]
            Ok(sealed) => serde_json::to_string(&sealed).expect("settings serialise"),
        }
    }

    /// Puts `stored` in force (unless something newer already is); returns
    /// the settings when they changed.
    pub fn install(&self, stored: &StoredConfiguration) -> Result<Option<Arc<Settings>>, Error> {
        if stored.revision <= self.revision() {
            return Ok(None);
        }
        let saved = self.decode(stored)?;
        let sections = saved_sections(&saved);
        let settings = Arc::new(self.base.clone().with(saved));
        self.settings.store(settings.clone());
        self.saving.store(Arc::new(Saving {
            revision: stored.revision,
            updated_at: Some(stored.updated_at),
            updated_by: stored.updated_by.clone(),
            sections,
        }));
        self.revision.store(stored.revision, Ordering::Release);
        Ok(Some(settings))
    }

    /// Reads the stored document when its revision moved, and installs it.
    pub async fn refresh(&self, store: &Store) -> Result<Option<Arc<Settings>>, Error> {
        let revision = store.configuration().revision(DOCUMENT).await?;
        if revision <= self.revision() {
            return Ok(None);
        }
        match store.configuration().get(DOCUMENT).await? {
            Some(stored) => self.install(&stored),
            None => Ok(None),
        }
    }
}

/// Which sections a document saves.
pub fn saved_sections<S>(saved: &Saved<S>) -> Vec<&'static str> {
    let present = [
        saved.general.is_some(),
        saved.model.is_some(),
        saved.mail.is_some(),
        saved.twilio.is_some(),
        saved.elevenlabs.is_some(),
        saved.transcription.is_some(),
        saved.gemini.is_some(),
        saved.stripe.is_some(),
        saved.limits.is_some(),
        saved.features.is_some(),
        saved.pricing.is_some(),
    ];
    super::settings::SECTIONS
        .iter()
        .zip(present)
        .filter_map(|(name, present)| present.then_some(*name))
        .collect()
}

/// Loads what is stored, puts it in force, and starts following the
/// database.
pub async fn start(state: &AppState) -> Result<(), Error> {
    if let Some(settings) = state.configuration.refresh(&state.store).await? {
        state.apply(&settings)?;
    }
    let state = state.clone();
    let tasks = state.runtime.tasks().clone();
    let mut every = tokio::time::interval(WATCH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    tasks.clone().spawn(async move {
        loop {
            tokio::select! {
                _ = every.tick() => {}
                () = tasks.stopping() => return,
            }
            match state.configuration.refresh(&state.store).await {
                Ok(Some(settings)) => {
                    if let Err(e) = state.apply(&settings) {
                        tracing::error!(error = %e, "cannot apply the saved configuration");
                    }
                    state
                        .realtime
                        .announce_configuration(state.configuration.revision());
                    tracing::info!(
                        revision = state.configuration.revision(),
                        "configuration changed"
                    );
                }
                Ok(None) => {}
                Err(e) => tracing::warn!(error = %e, "cannot read the configuration's revision"),
            }
        }
    });
    Ok(())
}
