use std::sync::Arc;
use std::time::Instant;

use agentforge_store::Store;
use chrono::{DateTime, Utc};

use crate::accounts::tokens::AccessTokens;
use crate::config::Config;
use crate::http::metrics::HttpMetrics;
use crate::http::rate_limit::RateLimiter;
use crate::mail::Mailer;
use crate::secret_key::SecretKey;

/// Everything a handler may need; cheap to clone.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    pub secret_key: Arc<SecretKey>,
    pub access_tokens: AccessTokens,
    pub mailer: Mailer,
    pub rate_limiter: Arc<RateLimiter>,
    pub metrics: Arc<HttpMetrics>,
    pub started: Instant,
    pub started_at: DateTime<Utc>,
}

impl AppState {
    pub fn new(store: Store, config: Config, secret_key: SecretKey) -> anyhow::Result<Self> {
        let mailer = Mailer::new(&config, store.clone())?;
        Ok(Self {
            access_tokens: AccessTokens::new(&secret_key),
            mailer,
            rate_limiter: Arc::default(),
            store,
            config: Arc::new(config),
            secret_key: Arc::new(secret_key),
            metrics: Arc::default(),
            started: Instant::now(),
            started_at: Utc::now(),
        })
    }
}
