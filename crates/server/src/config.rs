//! Configuration: compiled-in defaults, then an optional TOML file, then
//! `AGENTFORGE_*` environment variables. Every problem is collected and
//! reported at once.

use std::fmt;
use std::net::IpAddr;
use std::path::{Path, PathBuf};
use std::time::Duration;

use agentforge_domain::agent::ModelProvider;

/// The annotated defaults, printed by `agentforge default-config`.
pub const DEFAULT_CONFIG: &str = include_str!("../default-config.toml");

const ENV_PREFIX: &str = "AGENTFORGE_";
/// Names an alternative configuration file; not a configuration key itself.
const ENV_CONFIG_FILE: &str = "AGENTFORGE_CONFIG";
const DEFAULT_CONFIG_FILE: &str = "agentforge.toml";

/// A value that must never be printed: its `Debug` and `Display` are redacted.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret<T>(T);

impl<T> Secret<T> {
    pub fn new(value: T) -> Self {
        Self(value)
    }

    pub fn expose(&self) -> &T {
        &self.0
    }
}

impl<T> fmt::Debug for Secret<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("[redacted]")
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LogFormat {
    Text,
    Json,
}

/// Which origins may call the API cross-origin.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CorsOrigins {
    None,
    Any,
    List(Vec<String>),
}

/// Feature flags; all off by default, as the specification says.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Default,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Features {
    /// ElevenLabs speaks answers (off: the browser's own speech).
    pub voice_provider: bool,
    /// Team sharing and invitations.
    pub collaboration: bool,
    /// Uploading knowledge documents and images.
    pub file_upload: bool,
}

/// The validated configuration of one server process.
#[derive(Debug, Clone)]
pub struct Config {
    pub host: IpAddr,
    pub port: u16,
    pub data_dir: PathBuf,
    /// May carry a password, hence secret.
    pub database_url: Secret<String>,
    /// `None`: the engine's default (`StoreOptions::pool_size`).
    pub database_max_connections: Option<u32>,
    pub public_url: String,
    /// `None` means: use (or create) `<data_dir>/secret.key`.
    pub secret_key: Option<Secret<String>>,
    pub log_format: LogFormat,
    pub log_level: String,
    pub cors_allowed_origins: CorsOrigins,
    pub request_timeout: Duration,
    pub max_body_bytes: usize,
    pub shutdown_grace: Duration,
    /// How long audit entries are kept; older ones are deleted daily.
    pub audit_retention: Duration,
    /// The waits before each retry of an outbound webhook delivery.
    pub webhook_retry_schedule: Vec<Duration>,
    /// How long an endpoint may fail before it is disabled.
    pub webhook_disable_after: Duration,
    /// `None` keeps mail in the outbox.
    pub smtp_url: Option<Secret<String>>,
    pub mail_from: String,
    /// Prints each email kept in the outbox, links included, on standard
    /// output: for development without a mail server, never in production.
    pub mail_console: bool,
    /// The product's name in the email it sends.
    pub product_name: String,
    pub rate_limit_auth_per_ip: u32,
    pub rate_limit_auth_per_email: u32,
    /// How many Argon2 hashes (sign-in, sign-up, password changes) run at
    /// once; the others wait. 0 in the configuration: one per core.
    pub password_hash_concurrency: usize,
    /// How often each instance checks that its realtime sockets' sessions
    /// are still signed in (a sign-out on this instance closes them at once).
    pub realtime_session_check: Duration,
    /// How much email teams send, and how many invitations they keep open.
    pub team_mail: TeamMailLimits,
    /// How many reverse proxies in front of this server append to
    /// `X-Forwarded-For` (0: none, and the header is ignored).
    pub trusted_proxies: usize,
    /// What one connection, and one client address, may hold.
    pub connections: ConnectionLimits,
    pub features: Features,
    /// Whether anyone may sign up (the first account always may).
    pub signup_open: bool,
    /// Where contact-form messages are mailed.
    pub operator_email: Option<String>,
    /// The longest message a turn takes, at most
    /// `conversation::MESSAGE_MAX_CHARS`.
    pub message_max_chars: usize,
    /// Voice, phone and payment services.
    pub integrations: IntegrationsConfig,
    /// API keys: how many one account may hold, and how many requests one
    /// key may make a minute.
    pub api_keys_per_user: u32,
    pub rate_limit_api_key_per_minute: u32,
    /// MCP servers and the tools they lend agents (docs/tools.md).
    pub mcp: McpConfig,
    /// Whether user-given URLs may reach private, loopback and link-local
    /// addresses (the outbound guard; docs/security.md).
    pub outbound_allow_private: bool,
    pub llm: LlmConfig,
    /// Largest accepted knowledge document, in bytes.
    pub upload_max_bytes: usize,
    /// What reading a knowledge document may cost, and what an account may keep.
    pub knowledge: KnowledgeConfig,
    pub runtime: RuntimeConfig,
}

/// One outside service's connection: a key and where it answers.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServiceConfig {
    pub api_key: Option<Secret<String>>,
    /// `None`: the service's public endpoint.
    pub base_url: Option<String>,
}

/// Twilio, ElevenLabs, Gemini and Stripe, as the environment sets them.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct IntegrationsConfig {
    pub twilio_account_sid: Option<String>,
    /// Twilio's auth token.
    pub twilio: ServiceConfig,
    pub twilio_phone_number: Option<String>,
    pub elevenlabs: ServiceConfig,
    /// Speech to text (an OpenAI-compatible `/audio/transcriptions`).
    pub stt: ServiceConfig,
    pub stt_model: Option<String>,
    pub gemini: ServiceConfig,
    /// Stripe's secret key.
    pub stripe: ServiceConfig,
    pub stripe_publishable_key: Option<String>,
    pub stripe_webhook_secret: Option<Secret<String>>,
}

/// MCP servers: what may run on the host, and how long tools may take.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct McpConfig {
    /// Commands a stdio server may run (program names or absolute paths);
    /// empty: no stdio server may run at all.
    pub stdio_allow: Vec<String>,
    /// One tool call, and a turn's tool calls together.
    pub tool_timeout: Duration,
    pub turn_tools_budget: Duration,
    /// Connecting and listing what a server offers.
    pub connect_timeout: Duration,
    /// Servers one account may have.
    pub servers_per_user: u32,
}

/// What one connection, and one client address, may hold (docs/security.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ConnectionLimits {
    /// How long a client may take to send a request's headers (and how long
    /// an idle connection is kept).
    pub header_read_timeout: Duration,
    /// Connections open at once from one address (an IPv6 /64); 0: no limit.
    pub per_ip: usize,
}

/// Limits on the email teams send (invitations, added-member notices, team
/// messages) and on their open invitations (docs/security.md).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TeamMailLimits {
    /// Team emails one person may send an hour.
    pub per_user_hour: u32,
    /// Team emails sent for one team an hour.
    pub per_team_hour: u32,
    /// Pending invitations one team may have.
    pub pending_invitations: u32,
}

/// What reading an uploaded document may cost, and how much an account's
/// documents may take (docs/security.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KnowledgeConfig {
    /// Text a document may give per byte of its file.
    pub extract_max_ratio: usize,
    /// Text a document may give at most, in bytes.
    pub extract_max_bytes: usize,
    /// How long reading one document may take (the PDF reader's process
    /// gets as much wall-clock and CPU time).
    pub extract_timeout: Duration,
    /// What a .docx's `word/document.xml` may unpack to, in bytes.
    pub docx_max_unpacked_bytes: u64,
    /// The program that reads PDFs (`extract-pdf`); `None`: this one.
    pub pdf_extractor: Option<PathBuf>,
    /// The address space the PDF reader's process may take, in bytes.
    pub pdf_max_memory_bytes: u64,
    /// What one account's documents may take, in bytes: their files' sizes
    /// plus their extracted text.
    pub quota_bytes: u64,
}

/// The server's model provider connection.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LlmConfig {
    pub provider: ModelProvider,
    /// `None`: the provider's public endpoint.
    pub base_url: Option<String>,
    pub api_key: Option<Secret<String>>,
    /// `None`: the provider's default model.
    pub model: Option<String>,
}

impl LlmConfig {
    /// What the runtime needs to reach the provider.
    pub fn models(&self) -> agentforge_runtime::ModelsConfig {
        agentforge_runtime::ModelsConfig {
            provider: self.provider,
            base_url: self.base_url.clone(),
            api_key: self.api_key.as_ref().map(|k| k.expose().clone()),
            model: self.model.clone(),
        }
    }
}

/// Background work and conversation upkeep.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RuntimeConfig {
    pub conversation_idle: Duration,
    pub jobs_concurrency: usize,
    pub jobs_retry_base: Duration,
    pub jobs_lease: Duration,
    pub mail_max_attempts: u32,
    pub turn_stale_after: Duration,
}

impl RuntimeConfig {
    /// The runtime's settings from these.
    pub fn settings(&self) -> agentforge_runtime::RuntimeSettings {
        let defaults = agentforge_runtime::RuntimeSettings::default();
        agentforge_runtime::RuntimeSettings {
            idle_after: self.conversation_idle,
            stale_after: self.turn_stale_after,
            heartbeat: defaults.heartbeat.min(self.turn_stale_after / 3),
            jobs: agentforge_runtime::JobSettings {
                concurrency: self.jobs_concurrency,
                backoff_base: self.jobs_retry_base,
                lease: self.jobs_lease,
                ..defaults.jobs.clone()
            },
            ..defaults
        }
    }
}

/// Every problem found in the configuration, one line each.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigErrors(pub Vec<String>);

impl fmt::Display for ConfigErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "invalid configuration ({} problem{}):",
            self.0.len(),
            if self.0.len() == 1 { "" } else { "s" }
        )?;
        for problem in &self.0 {
            writeln!(f, "  - {problem}")?;
        }
        Ok(())
    }
}

impl std::error::Error for ConfigErrors {}

/// What loading noticed that is not an error.
#[derive(Debug, Default)]
pub struct ConfigNotes {
    pub file: Option<PathBuf>,
    pub warnings: Vec<String>,
}

impl Config {
    /// Loads from the process environment and the default file locations.
    pub fn from_environment() -> Result<(Self, ConfigNotes), ConfigErrors> {
        let env: Vec<(String, String)> = std::env::vars().collect();
        let explicit = env
            .iter()
            .find(|(k, _)| k == ENV_CONFIG_FILE)
            .map(|(_, v)| PathBuf::from(v));
        let file = match explicit {
            Some(path) => Some(path),
            None => Some(PathBuf::from(DEFAULT_CONFIG_FILE)).filter(|p| p.exists()),
        };
        Self::load(file.as_deref(), env)
    }

    /// Loads from an optional file and the given environment variables.
    pub fn load(
        file: Option<&Path>,
        env: impl IntoIterator<Item = (String, String)>,
    ) -> Result<(Self, ConfigNotes), ConfigErrors> {
        let mut errors = Vec::new();
        let mut notes = ConfigNotes::default();
        let mut values: toml::Table = match DEFAULT_CONFIG.parse() {
            Ok(table) => table,
            Err(e) => return Err(ConfigErrors(vec![format!("built-in defaults: {e}")])),
        };

        if let Some(path) = file {
            notes.file = Some(path.to_owned());
            match std::fs::read_to_string(path) {
                Err(e) => errors.push(format!("{}: cannot read: {e}", path.display())),
                Ok(text) => match text.parse::<toml::Table>() {
                    Err(e) => errors.push(format!("{}: {}", path.display(), e.message())),
                    Ok(table) => {
                        for (key, value) in table {
                            if values.contains_key(&key) {
                                values.insert(key, value);
                            } else {
                                errors.push(format!("{}: unknown key `{key}`", path.display()));
                            }
                        }
                    }
                },
            }
        }

        let mut env: Vec<(String, String)> = env
            .into_iter()
            .filter(|(k, _)| k.starts_with(ENV_PREFIX) && k != ENV_CONFIG_FILE)
            .collect();
        env.sort();
        for (name, value) in env {
            let key = name[ENV_PREFIX.len()..].to_ascii_lowercase();
            if values.contains_key(&key) {
                values.insert(key, toml::Value::String(value));
            } else {
                notes
                    .warnings
                    .push(format!("{name} is not a configuration variable; ignored"));
            }
        }

        let mut r = Reader {
            values: &values,
            errors: &mut errors,
        };
        let host = r.parsed::<IpAddr>("host", "an IP address such as 0.0.0.0 or 127.0.0.1");
        let port = r.integer("port", 0, u16::MAX.into()).map(|p| p as u16);
        let data_dir = PathBuf::from(r.string("data_dir"));
        if data_dir.as_os_str().is_empty() {
            r.error("data_dir", "must not be empty");
        }
        let database_url = r.string("database_url");
        let database_url = if database_url.is_empty() {
            format!("sqlite://{}", data_dir.join("agentforge.db").display())
        } else {
            if !(database_url.starts_with("sqlite:")
                || database_url.starts_with("postgres://")
                || database_url.starts_with("postgresql://"))
            {
                r.error("database_url", "must start with sqlite:// or postgres://");
            }
            database_url
        };
        let database_max_connections = r
            .integer("database_max_connections", 1, 1000)
            .map(|n| n as u32);
        let public_url = r.string("public_url").trim_end_matches('/').to_owned();
        if !(public_url.is_empty()
            || public_url.starts_with("http://")
            || public_url.starts_with("https://"))
        {
            r.error("public_url", "must be an http:// or https:// URL");
        }
        let secret_key = r.string("secret_key");
        if !secret_key.is_empty() && secret_key.chars().count() < 32 {
            r.error(
                "secret_key",
                "must be at least 32 characters (try: openssl rand -hex 32)",
            );
        }
        let log_format = match r.string("log_format").as_str() {
            "text" => LogFormat::Text,
            "json" => LogFormat::Json,
            _ => {
                r.error("log_format", "must be \"text\" or \"json\"");
                LogFormat::Text
            }
        };
        let log_level = r.string("log_level");
        if tracing_subscriber::EnvFilter::builder()
            .parse(&log_level)
            .is_err()
        {
            r.error(
                "log_level",
                "is not a valid filter (e.g. \"info\" or \"info,agentforge_server=debug\")",
            );
        }
        let cors_allowed_origins = r.origins("cors_allowed_origins");
        let request_timeout = r
            .integer("request_timeout_seconds", 1, 86_400)
            .map(|n| Duration::from_secs(n as u64));
        let max_body_bytes = r
            .integer("max_body_bytes", 1024, 1 << 32)
            .map(|n| n as usize);
        let audit_retention = r
            .integer("audit_retention_days", 1, 36_500)
            .map(|n| Duration::from_secs(n as u64 * 86_400));
        let retry_schedule = r.string("webhook_retry_schedule_seconds");
        let webhook_retry_schedule: Option<Vec<Duration>> = retry_schedule
            .split(',')
            .map(|n| {
                n.trim()
                    .parse::<u64>()
                    .ok()
                    .filter(|n| (1..=7 * 86_400).contains(n))
            })
            .collect::<Option<Vec<u64>>>()
            .filter(|list| !list.is_empty() && list.len() <= 20)
            .map(|list| list.into_iter().map(Duration::from_secs).collect());
        if webhook_retry_schedule.is_none() {
            r.error(
                "webhook_retry_schedule_seconds",
                "must be 1 to 20 comma-separated numbers of seconds, each from 1 to 604800",
            );
        }
        let webhook_disable_after = r
            .integer("webhook_disable_after_seconds", 1, 30 * 86_400)
            .map(|n| Duration::from_secs(n as u64));
        let shutdown_grace = r
            .integer("shutdown_grace_seconds", 0, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let smtp_url = r.string("smtp_url");
        if !(smtp_url.is_empty()
            || smtp_url.starts_with("smtp://")
            || smtp_url.starts_with("smtps://"))
        {
            r.error("smtp_url", "must start with smtp:// or smtps://");
        }
        let mail_from = r.string("mail_from");
        if !mail_from.contains('@') {
            r.error(
                "mail_from",
                "must be an address such as \"AgentForge <noreply@example.com>\"",
            );
        }
        let mail_console = r.boolean("mail_console");
        let api_keys_per_user = r.integer("api_keys_per_user", 1, 10_000).map(|n| n as u32);
        let rate_limit_api_key_per_minute = r
            .integer("rate_limit_api_key_per_minute", 1, 1_000_000)
            .map(|n| n as u32);
        let mcp_stdio_allow = r.words("mcp_stdio_allow");
        let mcp_tool_timeout = r
            .integer("mcp_tool_timeout_seconds", 1, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let mcp_turn_tools_budget = r
            .integer("mcp_turn_tools_budget_seconds", 1, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let mcp_connect_timeout = r
            .integer("mcp_connect_timeout_seconds", 1, 600)
            .map(|n| Duration::from_secs(n as u64));
        let mcp_servers_per_user = r
            .integer("mcp_servers_per_user", 1, 10_000)
            .map(|n| n as u32);
        let outbound_allow_private = r.boolean("outbound_allow_private");
        let product_name = r.string("product_name");
        if product_name.is_empty()
            || product_name.chars().count() > 60
            || product_name.chars().any(char::is_control)
        {
            r.error(
                "product_name",
                "must be a name of 1 to 60 characters on one line",
            );
        }
        let rate_limit_auth_per_ip = r
            .integer("rate_limit_auth_per_ip", 1, 1_000_000)
            .map(|n| n as u32);
        let rate_limit_auth_per_email = r
            .integer("rate_limit_auth_per_email", 1, 1_000_000)
            .map(|n| n as u32);
        let password_hash_concurrency = r
            .integer("password_hash_concurrency", 0, 1024)
            .map(|n| n as usize);
        let realtime_session_check = r
            .integer("realtime_session_check_seconds", 1, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let team_mail = TeamMailLimits {
            per_user_hour: r
                .integer("rate_limit_team_mail_per_user", 1, 1_000_000)
                .map_or(1, |n| n as u32),
            per_team_hour: r
                .integer("rate_limit_team_mail_per_team", 1, 1_000_000)
                .map_or(1, |n| n as u32),
            pending_invitations: r
                .integer("team_pending_invitations_max", 1, 1_000_000)
                .map_or(1, |n| n as u32),
        };
        let trusted_proxies = r.integer("trusted_proxies", 0, 32).map(|n| n as usize);
        // Before `trusted_proxies`: "one proxy, trust its header".
        let trusted_proxies = if r.boolean("trust_forwarded_for") {
            notes.warnings.push(
                "trust_forwarded_for is deprecated: it now means trusted_proxies = 1 (the right-most \
                 X-Forwarded-For entry); set trusted_proxies to the number of proxies instead"
                    .to_owned(),
            );
            trusted_proxies.map(|n| n.max(1))
        } else {
            trusted_proxies
        };
        let connections = ConnectionLimits {
            header_read_timeout: r
                .integer("header_read_timeout_seconds", 1, 3600)
                .map_or(Duration::from_secs(1), |n| Duration::from_secs(n as u64)),
            per_ip: r
                .integer("max_connections_per_ip", 0, 1_000_000)
                .map_or(0, |n| n as usize),
        };
        let llm_provider = match r.string("llm_provider").as_str() {
            "" => ModelProvider::Builtin,
            other => ModelProvider::parse(other).unwrap_or_else(|_| {
                r.error(
                    "llm_provider",
                    "must be \"builtin\", \"openai\" or \"gemini\"",
                );
                ModelProvider::Builtin
            }),
        };
        let llm_base_url = r.string("llm_base_url").trim_end_matches('/').to_owned();
        if !(llm_base_url.is_empty()
            || llm_base_url.starts_with("http://")
            || llm_base_url.starts_with("https://"))
        {
            r.error("llm_base_url", "must be an http:// or https:// URL");
        }
        let llm_api_key = r.string("llm_api_key");
        if llm_provider == ModelProvider::Gemini && llm_api_key.is_empty() {
            r.error("llm_api_key", "is required when llm_provider is \"gemini\"");
        }
        let llm_model = r.string("llm_model").trim().to_owned();
        let upload_max_bytes = r
            .integer("upload_max_bytes", 1024, 1 << 32)
            .map(|n| n as usize);
        let knowledge_pdf_extractor = r.string("knowledge_pdf_extractor");
        let knowledge = KnowledgeConfig {
            extract_max_ratio: r
                .integer("knowledge_extract_max_ratio", 1, 1000)
                .map_or(1, |n| n as usize),
            extract_max_bytes: r
                .integer("knowledge_extract_max_bytes", 1024, 1 << 32)
                .map_or(1024, |n| n as usize),
            extract_timeout: r
                .integer("knowledge_extract_timeout_seconds", 1, 3600)
                .map_or(Duration::from_secs(1), |n| Duration::from_secs(n as u64)),
            docx_max_unpacked_bytes: r
                .integer("knowledge_docx_max_unpacked_bytes", 1024, 1 << 34)
                .map_or(1024, |n| n as u64),
            pdf_extractor: (!knowledge_pdf_extractor.is_empty())
                .then(|| PathBuf::from(knowledge_pdf_extractor)),
            pdf_max_memory_bytes: r
                .integer("knowledge_pdf_max_memory_bytes", 64 << 20, 1 << 40)
                .map_or(64 << 20, |n| n as u64),
            quota_bytes: r
                .integer("knowledge_quota_bytes", 1024, 1 << 50)
                .map_or(1024, |n| n as u64),
        };
        let conversation_idle = r
            .integer("conversation_idle_minutes", 1, 7 * 24 * 60)
            .map(|n| Duration::from_secs(n as u64 * 60));
        let jobs_concurrency = r.integer("jobs_concurrency", 1, 256).map(|n| n as usize);
        let jobs_lease = r
            .integer("jobs_lease_seconds", 1, 86_400)
            .map(|n| Duration::from_secs(n as u64));
        let jobs_retry_base = r
            .integer("jobs_retry_base_seconds", 1, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let mail_max_attempts = r.integer("mail_max_attempts", 1, 100).map(|n| n as u32);
        let turn_stale_after = r
            .integer("turn_stale_seconds", 3, 3600)
            .map(|n| Duration::from_secs(n as u64));
        let features = Features {
            voice_provider: r.boolean("feature_voice_provider"),
            collaboration: r.boolean("feature_collaboration"),
            file_upload: r.boolean("feature_file_upload"),
        };

        let signup_open = r.boolean("signup_open");
        let operator_email = r.string("operator_email");
        if !operator_email.is_empty() && agentforge_domain::Email::parse(&operator_email).is_err() {
            r.error("operator_email", "must be an email address");
        }
        let message_max_chars = r
            .integer(
                "message_max_chars",
                1,
                agentforge_domain::conversation::MESSAGE_MAX_CHARS as i64,
            )
            .map(|n| n as usize);
        let mut service = |key: &str, base: &str| ServiceConfig {
            api_key: r.optional_secret(key),
            base_url: r.optional_url(base),
        };
        let twilio = service("twilio_auth_token", "twilio_base_url");
        let elevenlabs = service("elevenlabs_api_key", "elevenlabs_base_url");
        let stt = service("stt_api_key", "stt_base_url");
        let gemini = service("gemini_api_key", "gemini_base_url");
        let stripe = service("stripe_secret_key", "stripe_base_url");
        let integrations = IntegrationsConfig {
            twilio_account_sid: r.optional_string("twilio_account_sid"),
            twilio,
            twilio_phone_number: {
                let number = r.optional_string("twilio_phone_number");
                let from = r.optional_string("twilio_from_number");
                number.or(from)
            },
            elevenlabs,
            stt,
            stt_model: r.optional_string("stt_model"),
            gemini,
            stripe,
            stripe_publishable_key: r.optional_string("stripe_publishable_key"),
            stripe_webhook_secret: r.optional_secret("stripe_webhook_secret"),
        };

        if !errors.is_empty() {
            return Err(ConfigErrors(errors));
        }
        // Every `None` below has pushed an error, so these defaults are never used.
        let port = port.unwrap_or_default();
        let public_url = if public_url.is_empty() {
            format!("http://localhost:{port}")
        } else {
            public_url
        };
        Ok((
            Self {
                host: host.unwrap_or(IpAddr::from([0, 0, 0, 0])),
                port,
                data_dir,
                database_url: Secret::new(database_url),
                database_max_connections,
                public_url,
                secret_key: (!secret_key.is_empty()).then(|| Secret::new(secret_key)),
                log_format,
                log_level,
                cors_allowed_origins,
                request_timeout: request_timeout.unwrap_or_default(),
                max_body_bytes: max_body_bytes.unwrap_or_default(),
                shutdown_grace: shutdown_grace.unwrap_or_default(),
                audit_retention: audit_retention.unwrap_or_default(),
                webhook_retry_schedule: webhook_retry_schedule.unwrap_or_default(),
                webhook_disable_after: webhook_disable_after.unwrap_or_default(),
                smtp_url: (!smtp_url.is_empty()).then(|| Secret::new(smtp_url)),
                mail_from,
                mail_console,
                product_name,
                rate_limit_auth_per_ip: rate_limit_auth_per_ip.unwrap_or(1),
                rate_limit_auth_per_email: rate_limit_auth_per_email.unwrap_or(1),
                password_hash_concurrency: password_hash_concurrency.unwrap_or_default(),
                realtime_session_check: realtime_session_check.unwrap_or_default(),
                team_mail,
                trusted_proxies: trusted_proxies.unwrap_or_default(),
                connections,
                features,
                signup_open,
                operator_email: (!operator_email.is_empty()).then_some(operator_email),
                message_max_chars: message_max_chars.unwrap_or(1),
                integrations,
                api_keys_per_user: api_keys_per_user.unwrap_or(1),
                rate_limit_api_key_per_minute: rate_limit_api_key_per_minute.unwrap_or(1),
                mcp: McpConfig {
                    stdio_allow: mcp_stdio_allow,
                    tool_timeout: mcp_tool_timeout.unwrap_or_default(),
                    turn_tools_budget: mcp_turn_tools_budget.unwrap_or_default(),
                    connect_timeout: mcp_connect_timeout.unwrap_or_default(),
                    servers_per_user: mcp_servers_per_user.unwrap_or(1),
                },
                outbound_allow_private,
                llm: LlmConfig {
                    provider: llm_provider,
                    base_url: (!llm_base_url.is_empty()).then_some(llm_base_url),
                    api_key: (!llm_api_key.is_empty()).then(|| Secret::new(llm_api_key)),
                    model: (!llm_model.is_empty()).then_some(llm_model),
                },
                upload_max_bytes: upload_max_bytes.unwrap_or_default(),
                knowledge,
                runtime: RuntimeConfig {
                    conversation_idle: conversation_idle.unwrap_or_default(),
                    jobs_concurrency: jobs_concurrency.unwrap_or(1),
                    jobs_retry_base: jobs_retry_base.unwrap_or_default(),
                    jobs_lease: jobs_lease.unwrap_or_default(),
                    mail_max_attempts: mail_max_attempts.unwrap_or(1),
                    turn_stale_after: turn_stale_after.unwrap_or_default(),
                },
            },
            notes,
        ))
    }
}

/// Reads typed values out of the merged table, recording every problem.
struct Reader<'a> {
    values: &'a toml::Table,
    errors: &'a mut Vec<String>,
}

impl Reader<'_> {
    fn error(&mut self, key: &str, problem: &str) {
        self.errors.push(format!(
            "{key} (AGENTFORGE_{}): {problem}",
            key.to_ascii_uppercase()
        ));
    }

    fn raw(&self, key: &str) -> Option<&toml::Value> {
        self.values.get(key)
    }

    fn string(&mut self, key: &str) -> String {
        match self.raw(key) {
            Some(toml::Value::String(s)) => s.trim().to_owned(),
            _ => {
                self.error(key, "must be a string");
                String::new()
            }
        }
    }

    /// A string that may be left empty (`None`).
    fn optional_string(&mut self, key: &str) -> Option<String> {
        Some(self.string(key)).filter(|s| !s.is_empty())
    }

    fn optional_secret(&mut self, key: &str) -> Option<Secret<String>> {
        self.optional_string(key).map(Secret::new)
    }

    /// An http(s) URL that may be left empty, without its trailing slash.
    fn optional_url(&mut self, key: &str) -> Option<String> {
        let url = self.optional_string(key)?;
        if !(url.starts_with("http://") || url.starts_with("https://")) {
            self.error(key, "must be an http:// or https:// URL");
        }
        Some(url.trim_end_matches('/').to_owned())
    }

    fn parsed<T: std::str::FromStr>(&mut self, key: &str, expected: &str) -> Option<T> {
        let text = self.string(key);
        let parsed = text.parse().ok();
        if parsed.is_none() {
            self.error(key, &format!("`{text}` is not {expected}"));
        }
        parsed
    }

    fn integer(&mut self, key: &str, min: i64, max: i64) -> Option<i64> {
        let value = match self.raw(key) {
            Some(toml::Value::Integer(n)) => Some(*n),
            Some(toml::Value::String(s)) => s.trim().parse().ok(),
            _ => None,
        };
        match value {
            Some(n) if (min..=max).contains(&n) => Some(n),
            _ => {
                self.error(key, &format!("must be a whole number from {min} to {max}"));
                None
            }
        }
    }

    fn boolean(&mut self, key: &str) -> bool {
        match self.raw(key) {
            Some(toml::Value::Boolean(b)) => *b,
            Some(toml::Value::String(s)) => match s.trim().to_ascii_lowercase().as_str() {
                "true" | "1" | "yes" | "on" => true,
                "false" | "0" | "no" | "off" | "" => false,
                _ => {
                    self.error(key, "must be true or false");
                    false
                }
            },
            _ => {
                self.error(key, "must be true or false");
                false
            }
        }
    }

    /// A list of words: a TOML array, or a comma-separated string (as an
    /// environment variable must be); blanks are dropped.
    fn words(&mut self, key: &str) -> Vec<String> {
        match self.raw(key) {
            Some(toml::Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(|s| s.trim().to_owned()))
                .filter(|s| !s.is_empty())
                .collect(),
            Some(toml::Value::String(s)) => s
                .split(',')
                .map(|w| w.trim().to_owned())
                .filter(|w| !w.is_empty())
                .collect(),
            _ => {
                self.error(key, "must be a list of words");
                Vec::new()
            }
        }
    }

    fn origins(&mut self, key: &str) -> CorsOrigins {
        let list: Vec<String> = match self.raw(key) {
            Some(toml::Value::Array(items)) => items
                .iter()
                .filter_map(|v| v.as_str().map(|s| s.trim().to_owned()))
                .collect(),
            Some(toml::Value::String(s)) => s
                .split(',')
                .map(|o| o.trim().to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
            _ => {
                self.error(key, "must be a list of origins");
                return CorsOrigins::None;
            }
        };
        if list.iter().any(|o| o == "*") {
            return CorsOrigins::Any;
        }
        let bad: Vec<&String> = list
            .iter()
            .filter(|o| {
                !(o.starts_with("http://") || o.starts_with("https://"))
                    || o.ends_with('/')
                    || axum::http::HeaderValue::from_str(o).is_err()
            })
            .collect();
        if !bad.is_empty() {
            let bad = bad
                .iter()
                .map(|o| format!("`{o}`"))
                .collect::<Vec<_>>()
                .join(", ");
            self.error(
                key,
                &format!("{bad}: an origin is scheme://host[:port] with no path"),
            );
        }
        if list.is_empty() {
            CorsOrigins::None
        } else {
            CorsOrigins::List(list)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
        pairs
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect()
    }

    #[test]
    fn defaults_match_the_documented_values() {
        let (config, _) = Config::load(None, env(&[])).unwrap();
        assert_eq!(config.host.to_string(), "0.0.0.0");
        assert_eq!(config.port, 8080);
        assert_eq!(config.data_dir, PathBuf::from("./data"));
        assert_eq!(
            config.database_url.expose(),
            "sqlite://./data/agentforge.db"
        );
        assert_eq!(config.public_url, "http://localhost:8080");
        assert!(config.secret_key.is_none());
        assert_eq!(config.features, Features::default());
        assert_eq!(config.cors_allowed_origins, CorsOrigins::None);
        assert_eq!(config.password_hash_concurrency, 0);
        assert_eq!(config.realtime_session_check, Duration::from_secs(5));
    }

    #[test]
    fn proxies_and_connection_limits_default_to_the_documented_values() {
        let (config, _) = Config::load(None, env(&[])).unwrap();
        assert_eq!(config.trusted_proxies, 0);
        assert_eq!(
            config.connections,
            ConnectionLimits {
                header_read_timeout: Duration::from_secs(30),
                per_ip: 256,
            }
        );
        // The old switch means one proxy, with a warning to say so.
        let (config, notes) =
            Config::load(None, env(&[("AGENTFORGE_TRUST_FORWARDED_FOR", "true")])).unwrap();
        assert_eq!(config.trusted_proxies, 1);
        assert!(notes.warnings[0].contains("trusted_proxies"), "{notes:?}");
        let (config, _) = Config::load(
            None,
            env(&[
                ("AGENTFORGE_TRUST_FORWARDED_FOR", "true"),
                ("AGENTFORGE_TRUSTED_PROXIES", "2"),
            ]),
        )
        .unwrap();
        assert_eq!(config.trusted_proxies, 2);
    }

    #[test]
    fn knowledge_limits_default_to_the_documented_values() {
        let (config, _) = Config::load(None, env(&[])).unwrap();
        assert_eq!(
            config.knowledge,
            KnowledgeConfig {
                extract_max_ratio: 10,
                extract_max_bytes: 50 << 20,
                extract_timeout: Duration::from_secs(20),
                docx_max_unpacked_bytes: 100 << 20,
                pdf_extractor: None,
                pdf_max_memory_bytes: 1 << 30,
                quota_bytes: 1 << 30,
            }
        );
        let (config, _) = Config::load(
            None,
            env(&[("AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR", "/usr/bin/reader")]),
        )
        .unwrap();
        assert_eq!(
            config.knowledge.pdf_extractor,
            Some(PathBuf::from("/usr/bin/reader"))
        );
    }

    #[test]
    fn environment_overrides_defaults() {
        let (config, _) = Config::load(
            None,
            env(&[
                ("AGENTFORGE_PORT", "9000"),
                ("AGENTFORGE_DATA_DIR", "/tmp/af"),
                (
                    "AGENTFORGE_CORS_ALLOWED_ORIGINS",
                    "https://a.example, https://b.example",
                ),
                ("AGENTFORGE_FEATURE_COLLABORATION", "true"),
            ]),
        )
        .unwrap();
        assert_eq!(config.port, 9000);
        assert_eq!(
            config.database_url.expose(),
            "sqlite:///tmp/af/agentforge.db"
        );
        assert_eq!(config.public_url, "http://localhost:9000");
        assert_eq!(
            config.cors_allowed_origins,
            CorsOrigins::List(vec!["https://a.example".into(), "https://b.example".into()])
        );
        assert!(config.features.collaboration);
    }

    #[test]
    fn every_invalid_value_is_reported_at_once() {
        let errors = Config::load(
            None,
            env(&[
                ("AGENTFORGE_HOST", "not-an-ip"),
                ("AGENTFORGE_PORT", "70000"),
                ("AGENTFORGE_DATABASE_URL", "mysql://x"),
                ("AGENTFORGE_SECRET_KEY", "short"),
                ("AGENTFORGE_LOG_FORMAT", "xml"),
            ]),
        )
        .unwrap_err();
        assert_eq!(errors.0.len(), 5, "{errors}");
        for name in [
            "AGENTFORGE_HOST",
            "AGENTFORGE_PORT",
            "AGENTFORGE_DATABASE_URL",
            "AGENTFORGE_SECRET_KEY",
            "AGENTFORGE_LOG_FORMAT",
        ] {
            assert!(
                errors.to_string().contains(name),
                "{name} missing from {errors}"
            );
        }
    }

    #[test]
    fn file_sits_between_defaults_and_environment() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("agentforge.toml");
        std::fs::write(&path, "port = 7000\nlog_format = \"json\"\n").unwrap();
        let (config, notes) =
            Config::load(Some(&path), env(&[("AGENTFORGE_PORT", "7001")])).unwrap();
        assert_eq!(config.port, 7001);
        assert_eq!(config.log_format, LogFormat::Json);
        assert_eq!(notes.file.as_deref(), Some(path.as_path()));
    }

    #[test]
    fn unknown_file_keys_are_errors_and_unknown_variables_warnings() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("agentforge.toml");
        std::fs::write(&path, "prot = 7000\n").unwrap();
        let errors = Config::load(Some(&path), env(&[])).unwrap_err();
        assert!(errors.0[0].contains("unknown key `prot`"));
        let (_, notes) = Config::load(None, env(&[("AGENTFORGE_PROT", "1")])).unwrap();
        assert_eq!(notes.warnings.len(), 1);
    }

    #[test]
    fn twilios_number_is_taken_by_either_name() {
        let (config, notes) = Config::load(
            None,
            env(&[("AGENTFORGE_TWILIO_FROM_NUMBER", "+14155550100")]),
        )
        .unwrap();
        assert_eq!(
            config.integrations.twilio_phone_number.as_deref(),
            Some("+14155550100")
        );
        assert!(notes.warnings.is_empty(), "{:?}", notes.warnings);
        let (config, _) = Config::load(
            None,
            env(&[
                ("AGENTFORGE_TWILIO_PHONE_NUMBER", "+14155550101"),
                ("AGENTFORGE_TWILIO_FROM_NUMBER", "+14155550100"),
            ]),
        )
        .unwrap();
        assert_eq!(
            config.integrations.twilio_phone_number.as_deref(),
            Some("+14155550101")
        );
    }

    #[test]
    fn secrets_never_print() {
        let (config, _) = Config::load(
            None,
            env(&[("AGENTFORGE_SECRET_KEY", "0123456789abcdef0123456789abcdef")]),
        )
        .unwrap();
        assert!(!format!("{config:?}").contains("0123456789abcdef"));
    }
}
