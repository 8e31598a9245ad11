use std::ops::Deref;
use std::sync::Arc;
use std::time::Instant;

use agentforge_mcp::{Limits, McpPool};
use agentforge_outbound::Guard;
use agentforge_runtime::{Credentials, Models, Runtime, Tasks, Toolbox};
use agentforge_store::Store;
use chrono::{DateTime, Utc};

use crate::accounts::password::Hasher;
use crate::auth::device::DeviceCookies;
use crate::auth::tokens::AccessTokens;
use crate::config::Config;
use crate::configuration::{Live, Settings};
use crate::http::metrics::HttpMetrics;
use crate::mail::Mailer;
use crate::rate_limit::RateLimiter;
use crate::realtime::Hub;
use crate::secret_key::SecretKey;
use crate::system::DatabaseProbe;

/// Everything a handler may need. Extracting it clones one `Arc`, so it
/// costs the same however much it holds. Services take the parts they use
/// (the store, the runtime, the mailer …), never the whole of it.
#[derive(Clone)]
pub struct AppState(Arc<Services>);

/// The services behind [`AppState`].
pub struct Services {
    pub store: Store,
    /// Conversation turns, the job queue and the owned tasks.
    pub runtime: Runtime,
    pub config: Arc<Config>,
    /// The run-time settings in force (Admin › Configuration), over `config`.
    pub configuration: Live,
    pub secret_key: SecretKey,
    pub access_tokens: AccessTokens,
    pub device_cookies: DeviceCookies,
    /// Argon2, at most `password_hash_concurrency` at once.
    pub password_hasher: Hasher,
    pub mailer: Mailer,
    pub rate_limiter: RateLimiter,
    pub metrics: Arc<HttpMetrics>,
    pub database_probe: DatabaseProbe,
    pub realtime: Arc<Hub>,
    /// Where webhook events are written (requests at once share a write).
    pub webhook_intake: crate::webhooks::service::Intake,
    pub started: Instant,
    pub started_at: DateTime<Utc>,
}

impl Deref for AppState {
    type Target = Services;

    fn deref(&self) -> &Services {
        &self.0
    }
}

impl AppState {
    /// The state from its services (a job handler holding them weakly
    /// rebuilds it while it runs).
    pub fn from_services(services: Arc<Services>) -> Self {
        Self(services)
    }

    /// The services, without keeping them alive: for what the services
    /// themselves hold (job handlers), which must not keep them from
    /// being dropped.
    pub fn downgrade(&self) -> std::sync::Weak<Services> {
        Arc::downgrade(&self.0)
    }

    pub fn new(store: Store, config: Config, secret_key: SecretKey) -> anyhow::Result<Self> {
        let realtime = Arc::new(Hub::new(store.clone(), config.realtime_session_check));
        let tasks = Tasks::new();
        let pool = McpPool::new(
            Limits {
                connect_timeout: config.mcp.connect_timeout,
                call_timeout: config.mcp.tool_timeout,
                stdio_allow: config.mcp.stdio_allow.clone(),
                workdir_root: config.data_dir.join("mcp"),
                guard: Guard::new(config.outbound_allow_private),
            },
            tasks.tracker(),
        );
        let toolbox = Toolbox {
            pool: Arc::new(pool),
            sealer: Arc::new(secret_key.sealer(crate::mcp::SEAL_PURPOSE)),
            tool_timeout: config.mcp.tool_timeout,
            turn_budget: config.mcp.turn_tools_budget,
        };
        // What the hub announces is also an event for people's webhook endpoints.
        let fanout = Arc::new(crate::webhooks::delivery::Fanout {
            hub: realtime.clone(),
            store: store.clone(),
            queue: std::sync::OnceLock::new(),
        });
        let runtime = Runtime::with_tasks(
            store.clone(),
            Models::new(&config.llm.models()),
            fanout.clone(),
            config.runtime.settings(),
            tasks,
            Some(toolbox),
            Some(Credentials::new(
                Arc::new(secret_key.sealer(crate::integrations::SEAL_PURPOSE)),
                Guard::new(config.outbound_allow_private),
            )),
        );
        let _ = fanout.queue.set(Arc::downgrade(runtime.jobs()));
        let mailer = Mailer::new(&config, &secret_key, store.clone(), runtime.jobs().clone())?;
        Ok(Self(Arc::new(Services {
            runtime,
            realtime,
            access_tokens: AccessTokens::new(&secret_key),
            device_cookies: DeviceCookies::new(&secret_key),
            password_hasher: Hasher::new(config.password_hash_concurrency),
            mailer,
            rate_limiter: RateLimiter::default(),
            store,
            configuration: Live::new(&config, &secret_key),
            config: Arc::new(config),
            secret_key,
            metrics: Arc::default(),
            database_probe: DatabaseProbe::default(),
            webhook_intake: Default::default(),
            started: Instant::now(),
            started_at: Utc::now(),
        })))
    }

    /// `Ok` when the admin has `feature` on; else 403 `feature_disabled`.
    pub fn feature(
        &self,
        feature: crate::configuration::Feature,
    ) -> Result<(), agentforge_domain::Error> {
        self.configuration.get().require(feature)
    }

    /// The largest knowledge document accepted now, in bytes.
    pub fn upload_max_bytes(&self) -> usize {
        usize::try_from(self.configuration.get().limits.upload_max_bytes).unwrap_or(usize::MAX)
    }

    /// What reading documents may cost, with the account quota in force.
    pub fn knowledge_limits(&self) -> crate::config::KnowledgeConfig {
        crate::config::KnowledgeConfig {
            quota_bytes: self.configuration.get().limits.knowledge_quota_bytes,
            ..self.config.knowledge.clone()
        }
    }

    /// Puts `settings` in force in the services built from them: the model
    /// provider and message length for turns started from now on, the mail
    /// transport for mail sent from now on. Everything else reads the
    /// settings where it uses them.
    pub fn apply(&self, settings: &Settings) -> Result<(), agentforge_domain::Error> {
        self.runtime.set_models(Models::new(&settings.models()));
        self.runtime
            .set_message_max_chars(settings.limits.message_max_chars as usize);
        self.mailer
            .reconfigure(
                settings.mail.smtp_url.as_ref().map(|u| u.expose().as_str()),
                &settings.mail.from,
                &settings.general.public_url,
            )
            .map_err(|e| agentforge_domain::Error::internal(e.to_string()))
    }
}
