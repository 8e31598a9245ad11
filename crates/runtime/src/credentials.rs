//! People's and teams' own credentials for outside services (Settings ›
//! Integrations), sealed at rest and opened here for use. For an agent, a
//! service's credentials are its team's when the agent is shared with a
//! team that saved some, else its owner's, else none (and the caller uses
//! the server's).

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;
use std::time::Duration;

use agentforge_domain::integration::{FieldKind, IntegrationName, IntegrationScope};
use agentforge_outbound::Guard;
use agentforge_store::{Integration, Store, StoreError};

use crate::sealed::{Sealer, Unsealable};

/// Longest wait for a connection to a service at a user-given URL.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);
/// Longest wait between two pieces of an answer.
const READ_TIMEOUT: Duration = Duration::from_secs(120);

/// Seals and opens saved credentials, and calls services at the URLs
/// people gave through the outbound guard.
pub struct Credentials {
    sealer: Arc<Sealer>,
    guard: Guard,
    client: reqwest::Client,
}

impl std::fmt::Debug for Credentials {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Credentials").finish_non_exhaustive()
    }
}

/// One service's credentials, opened: every field saved, by wire name.
#[derive(Clone, PartialEq, Eq)]
pub struct Opened {
    pub name: IntegrationName,
    /// Whose they are.
    pub scope: IntegrationScope,
    values: BTreeMap<String, String>,
}

impl std::fmt::Debug for Opened {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Opened")
            .field("name", &self.name)
            .field("scope", &self.scope)
            .field("fields", &self.values.keys().collect::<Vec<_>>())
            .finish()
    }
}

impl Opened {
    pub fn new(
        name: IntegrationName,
        scope: IntegrationScope,
        values: BTreeMap<String, String>,
    ) -> Self {
        Self {
            name,
            scope,
            values,
        }
    }

    /// A field's value, when saved.
    pub fn get(&self, field: &str) -> Option<&str> {
        self.values.get(field).map(String::as_str)
    }

    /// The base URL to call: the saved one, or the service's own.
    pub fn base_url(&self) -> &str {
        self.get("baseUrl")
            .unwrap_or(self.name.default_base_url())
            .trim_end_matches('/')
    }

    /// Whether every required field is saved.
    pub fn complete(&self) -> bool {
        self.name
            .fields()
            .iter()
            .all(|f| !f.required || self.values.contains_key(f.name))
    }
}

impl Credentials {
    pub fn new(sealer: Arc<Sealer>, guard: Guard) -> Self {
        let client = guard
            .builder(CONNECT_TIMEOUT)
            .read_timeout(READ_TIMEOUT)
            .build()
            .unwrap_or_default();
        Self {
            sealer,
            guard,
            client,
        }
    }

    /// The client for calls to the URLs people gave: it connects only to
    /// public addresses (unless the operator allows private ones).
    pub fn client(&self) -> &reqwest::Client {
        &self.client
    }

    pub fn guard(&self) -> Guard {
        self.guard
    }

    /// The secret fields of `values`, sealed as one JSON object (`None`
    /// when there are none).
    pub fn seal(&self, secrets: &BTreeMap<String, String>) -> Option<String> {
        if secrets.is_empty() {
            return None;
        }
        let json = serde_json::to_string(secrets).unwrap_or_default();
        Some(self.sealer.seal_str(&json))
    }

    /// The secret fields of a saved row.
    pub fn open_secrets(&self, row: &Integration) -> Result<BTreeMap<String, String>, Unsealable> {
        match &row.secrets_sealed {
            None => Ok(BTreeMap::new()),
            Some(sealed) => {
                serde_json::from_str(&self.sealer.open_str(sealed)?).map_err(|_| Unsealable)
            }
        }
    }

    /// A saved row with its secrets opened; only the fields the service
    /// takes now.
    pub fn open(&self, row: &Integration) -> Result<Opened, Unsealable> {
        let secrets = self.open_secrets(row)?;
        let mut values = BTreeMap::new();
        for field in row.name.fields() {
            let from = if field.kind == FieldKind::Secret {
                &secrets
            } else {
                &row.settings
            };
            if let Some(value) = from.get(field.name).filter(|v| !v.is_empty()) {
                values.insert(field.name.to_owned(), value.clone());
            }
        }
        let scope = if row.team_id.is_some() {
            IntegrationScope::Team
        } else {
            IntegrationScope::User
        };
        Ok(Opened::new(row.name, scope, values))
    }

    /// The credentials an agent of `owner_id` (shared with `team_id`) uses
    /// for each of `names`: the team's, else the owner's. Credentials that
    /// no longer open (sealed under another key) or lack a required field
    /// are passed over.
    pub async fn for_agent(
        &self,
        store: &Store,
        owner_id: &str,
        team_id: Option<&str>,
        names: &[IntegrationName],
    ) -> Result<HashMap<IntegrationName, Opened>, StoreError> {
        let rows = store
            .integrations()
            .for_agent(owner_id, team_id, names)
            .await?;
        let mut found = HashMap::new();
        // The owner's first, so that the team's replace them.
        let (team, own): (Vec<&Integration>, Vec<&Integration>) =
            rows.iter().partition(|r| r.team_id.is_some());
        for row in own.into_iter().chain(team) {
            match self.open(row) {
                Ok(opened) if opened.complete() => {
                    found.insert(row.name, opened);
                }
                Ok(_) => {}
                Err(Unsealable) => tracing::warn!(
                    integration = row.name.as_str(),
                    id = row.id,
                    "saved credentials do not open (sealed under another secret key); passed over"
                ),
            }
        }
        Ok(found)
    }
}
