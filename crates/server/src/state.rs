use std::sync::Arc;
use std::time::Instant;

use agentforge_store::Store;
use chrono::{DateTime, Utc};

use crate::config::Config;
use crate::http::metrics::HttpMetrics;
use crate::secret_key::SecretKey;

/// Everything a handler may need; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub secret_key: Arc<SecretKey>,
    pub metrics: Arc<HttpMetrics>,
    pub started: Instant,
    pub started_at: DateTime<Utc>,
}

impl AppState {
    pub fn new(store: Store, config: Config, secret_key: SecretKey) -> Self {
        Self {
            store,
            config: Arc::new(config),
            secret_key: Arc::new(secret_key),
            metrics: Arc::default(),
            started: Instant::now(),
            started_at: Utc::now(),
        }
    }
}
