//! The AgentForge HTTP server: `/api`, `/locales` and the embedded web app.
//!
//! Handlers are short: they extract, call a service and return
//! `Result<_, ApiError>`. They never build SQL; the store does.

mod access;
pub mod accounts;
mod admin;
mod agents;
mod analytics;
mod api_keys;
mod app;
mod assets;
mod audit;
mod auth;
mod chat;
pub mod config;
pub(crate) mod configuration;
mod contact;
mod conversations;
mod docs;
pub mod http;
mod integrations;
mod knowledge;
mod locales;
mod mail;
mod mcp;
mod mcp_server;
pub mod opaque;
mod openai;
mod personalities;
mod phone;
mod rate_limit;
mod realtime;
mod secret_key;
mod serve;
mod speech;
mod state;
mod system;
mod teams;
pub mod telemetry;
mod voice;
mod web_app;
mod webhooks;
mod widget;
mod workflows;

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use agentforge_store::{Store, StoreOptions};
use anyhow::Context;
use tokio::net::TcpListener;
use tokio::sync::Notify;

/// The API's request and response bodies, for clients written in Rust (the
/// integration tests' typed helpers compile against these).
pub mod dto {
    pub use crate::accounts::types::*;
    pub use crate::admin::MailOut;
    pub use crate::admin::overview::*;
    pub use crate::admin::types::*;
    pub use crate::agents::LastActiveOut;
    pub use crate::agents::types::*;
    pub use crate::analytics::reports::{
        ActivityPointOut, AgentLatencyOut, AgentReportOut, AgentsReportOut, ChangeOut,
        ChannelCountOut, ConversationsReportOut, LatencyOut, MetricOut, MetricPointOut,
        MetricQuery, ModelUsageOut, OverviewReportOut, PerformanceOut, ProviderLatencyOut,
        RangeOut, ReportQuery, StatusCountOut, ToolLatencyOut, TotalsOut, UsageOut, UsagePointOut,
    };
    pub use crate::analytics::{
        ActivityBucket, DashboardActivity, DashboardOut, DashboardOverview, RealtimeOut,
        SystemStatusOut,
    };
    pub use crate::api_keys::types::*;
    pub use crate::audit::{AuditEntryOut, AuditPageOut, AuditQuery, ExportFormat};
    pub use crate::chat::types::*;
    pub use crate::config::Features;
    pub use crate::configuration::probe::{ConnectionTestOut, Integration};
    pub use crate::configuration::settings::{
        GeneralSection, KeySection, LimitsSection, MailSection, Masked, ModelPrice, ModelSection,
        PricingSection, Saved, SecretIn, Sections, StripeSection, TranscriptionSection,
        TwilioSection,
    };
    pub use crate::configuration::{ConfigurationIn, ConfigurationOut, ConnectionTestIn};
    pub use crate::contact::{ContactIn, ContactMessageOut};
    pub use crate::conversations::types::*;
    pub use crate::http::{DeletedOut, Envelope, ErrorBody, FieldError, ListMeta, Paged};
    pub use crate::integrations::{
        IntegrationFieldOut, IntegrationIn, IntegrationOut, IntegrationTeamOut, IntegrationTestOut,
        IntegrationsOut, IntegrationsQuery,
    };
    pub use crate::knowledge::{DocumentOut, ImageOut};
    pub use crate::mcp::types::*;
    pub use crate::personalities::types::*;
    pub use crate::phone::calls::{
        CallHistoryQuery, CallOut, CallStep, InitiateCallIn, NumberIn, NumberOut, NumberUpdateIn,
        PhoneSetupOut, SimulateCallIn, SimulatorSpeechIn, SimulatorTurnOut,
    };
    pub use crate::phone::{
        NotificationType, SendNotificationIn, SendSmsIn, SendVerificationIn, SmsLogOut, SmsOut,
        VerificationSentOut, VerifyPhoneIn,
    };
    pub use crate::realtime::Event as RealtimeEvent;
    pub use crate::speech::service::SpeechSource;
    pub use crate::speech::{
        SpeechConnectionOut, SpeechIn, SpeechProblemOut, SpeechVoiceOut, VoiceSource, VoicesOut,
    };
    pub use crate::system::{HealthOut, ProvidersOut, StatusOut};
    pub use crate::teams::types::*;
    pub use crate::teams::{TeamSettingsIn, TeamSettingsOut, TeamSettingsQuery};
    pub use crate::voice::service::{Timings as VoiceTimings, TranscribedBy, VoiceEvent};
    pub use crate::voice::{VoiceAudioOut, VoiceMessageOut, VoiceTurnOut};
    pub use crate::webhooks::endpoints::{
        DeliveriesQuery, DeliveryAttemptOut, DeliveryOut, WebhookEndpointIn, WebhookEndpointOut,
        WebhookEndpointSecretOut, WebhookEndpointUpdateIn,
    };
    pub use crate::webhooks::{
        WebhookCredentialsIn, WebhookCredentialsOut, WebhookDayOut, WebhookEventOut, WebhookIn,
        WebhookOut, WebhookPick, WebhookPostOut, WebhookSecretOut, WebhookStatsOut,
        WebhookStatsRowOut, WebhookTestAnswerOut, WebhookTestIn, WebhookTestOut, WebhookUpdateIn,
        WebhooksQuery, WebhooksStatsOut,
    };
    pub use crate::widget::{
        WidgetChatIn, WidgetHistoryOut, WidgetHistoryQuery, WidgetOut, WidgetPublicOut,
        WidgetSettingsIo,
    };
    pub use crate::workflows::types::*;
    pub use agentforge_domain::analytics::{Interval, Metric, ReportScope};
    pub use agentforge_domain::integration::{IntegrationName, IntegrationScope};
    pub use agentforge_domain::team::{DefaultRole, InvitePolicy};
    pub use agentforge_domain::webhook::{DeliveryStatus, EndpointEvent};
    pub use agentforge_domain::webhook::{WebhookEventStatus, WebhookPlatform, WebhookStatus};
    pub use agentforge_domain::widget::{WidgetIcon, WidgetPosition};
    pub use agentforge_domain::workflow::generate::{GeneratedBy, WorkflowComplexity};
    pub use agentforge_domain::workflow::graph::{
        AgentNodeData, ConditionNodeData, DelayNodeData, EmailNodeData, EndNodeData, HttpNodeData,
        LlmNodeData, McpNodeData, SmsNodeData, TransformNodeData,
    };
    pub use agentforge_domain::workflow::{
        Edge, ExecutionStatus, Graph, Node, Position, RunTrigger, StepStatus, Trigger, TriggerKind,
        WorkflowEvent, WorkflowStatus, graph::EdgeHandle,
    };
}

pub use analytics::rollup::refresh as refresh_analytics;
pub use app::openapi_document;
pub use audit::DENIALS_PER_MINUTE;
pub use config::Config;
pub use docs::to_json as openapi_json;
pub use integrations::TESTS_PER_MINUTE as INTEGRATION_TESTS_PER_MINUTE;
pub use knowledge::{PdfReaderLimits, run_pdf_reader};
pub use locales::{LANGUAGES, NAMESPACES};
pub use mcp::TESTS_PER_MINUTE as MCP_TESTS_PER_MINUTE;
pub use secret_key::SecretKey;
pub use state::AppState;
pub use webhooks::inbound::TESTS_PER_MINUTE as WEBHOOK_TESTS_PER_MINUTE;

/// Opens the database the configuration names, without migrating it.
pub async fn connect_store(config: &Config) -> anyhow::Result<Store> {
    // The data dir holds the database and the secret key: this user's alone.
    agentforge_store::create_private_dir(&config.data_dir)
        .with_context(|| format!("cannot create data dir {}", config.data_dir.display()))?;
    let options = StoreOptions {
        max_connections: config.database_max_connections,
        ..StoreOptions::default()
    };
    Store::connect(config.database_url.expose(), &options)
        .await
        .context("cannot open the database")
}

/// A server bound to its port, its database migrated, ready to run.
pub struct Application {
    listener: TcpListener,
    state: AppState,
}

impl Application {
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        let store = connect_store(&config).await?;
        store
            .migrate()
            .await
            .context("cannot migrate the database")?;
        let secret_key = SecretKey::load_or_create(&config)?;
        let address = SocketAddr::new(config.host, config.port);
        let listener = TcpListener::bind(address)
            .await
            .with_context(|| format!("cannot listen on {address}"))?;
        let state = AppState::new(store, config, secret_key)?;
        state
            .realtime
            .start(state.config.database_url.expose(), state.runtime.tasks())
            .await
            .context("cannot listen for realtime events on the database")?;
        configuration::live::start(&state)
            .await
            .context("cannot read the saved configuration")?;
        state
            .runtime
            .jobs()
            .register(mail::SEND_MAIL, state.mailer.delivery());
        state.runtime.jobs().register(
            accounts::PASSWORD_RESET,
            accounts::PasswordResets {
                store: state.store.clone(),
                mailer: state.mailer.clone(),
            },
        );
        state.runtime.jobs().register(
            audit::PURGE,
            audit::Purge {
                store: state.store.clone(),
                retention: state.config.audit_retention,
            },
        );
        state
            .runtime
            .jobs()
            .schedule(audit::PURGE, "0 23 3 * * *", serde_json::Value::Null)
            .context("cannot schedule the audit log's retention")?;
        state.runtime.jobs().register(
            webhooks::service::ANSWER,
            webhooks::AnswerJob {
                state: state.downgrade(),
            },
        );
        state.runtime.jobs().register(
            webhooks::delivery::DELIVER,
            webhooks::delivery::DeliverJob::new(state.downgrade()),
        );
        state.runtime.jobs().register(
            webhooks::service::PURGE,
            webhooks::service::PurgeEvents {
                store: state.store.clone(),
            },
        );
        state
            .runtime
            .jobs()
            .schedule(
                webhooks::service::PURGE,
                "0 41 3 * * *",
                serde_json::Value::Null,
            )
            .context("cannot schedule the webhook events' retention")?;
        state.runtime.jobs().register(
            phone::calls::sms::ANSWER_SMS,
            phone::calls::sms::AnswerSms {
                state: state.downgrade(),
            },
        );
        state.runtime.jobs().register(
            agentforge_runtime::kinds::SEND_SMS_REPLY,
            phone::calls::sms::SendReply {
                state: state.downgrade(),
            },
        );
        state.runtime.jobs().register(
            speech::service::PRUNE_CACHE,
            speech::service::PruneCache {
                store: state.store.clone(),
            },
        );
        state
            .runtime
            .jobs()
            .schedule(
                speech::service::PRUNE_CACHE,
                "0 53 3 * * *",
                serde_json::Value::Null,
            )
            .context("cannot schedule the speech cache's retention")?;
        state.runtime.jobs().register(
            analytics::rollup::ROLLUP,
            analytics::rollup::Rollup {
                store: state.store.clone(),
            },
        );
        state
            .runtime
            .jobs()
            .schedule(
                analytics::rollup::ROLLUP,
                analytics::rollup::EVERY_MINUTE,
                serde_json::Value::Null,
            )
            .context("cannot schedule the analytics rollup")?;
        state.runtime.jobs().register(
            workflows::engine::STEP,
            workflows::engine::StepJob::new(state.downgrade()),
        );
        state.runtime.jobs().register(
            workflows::service::SCHEDULE,
            workflows::triggers::ScheduleJob {
                store: state.store.clone(),
            },
        );
        state
            .runtime
            .start()
            .await
            .context("cannot start the runtime")?;
        Ok(Self { listener, state })
    }

    /// The port actually bound (useful with port 0).
    pub fn port(&self) -> u16 {
        self.listener
            .local_addr()
            .map(|a| a.port())
            .unwrap_or_default()
    }

    pub fn state(&self) -> &AppState {
        &self.state
    }

    /// Serves until `shutdown` completes, then lets requests in flight and
    /// owned tasks (answers being written, running jobs) finish, for at most
    /// the configured grace period. Background loops stop taking work at once.
    pub async fn run_until(
        self,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> anyhow::Result<()> {
        let grace = self.state.config.shutdown_grace;
        let tasks = self.state.runtime.tasks().clone();
        let runtime = self.state.runtime.clone();
        let stopping = Arc::new(Notify::new());
        let signalled = Arc::new(std::sync::OnceLock::new());
        let signal = {
            let stopping = stopping.clone();
            let tasks = tasks.clone();
            let signalled = signalled.clone();
            async move {
                shutdown.await;
                let _ = signalled.set(std::time::Instant::now());
                tracing::info!("shutting down: finishing requests in flight");
                stopping.notify_one();
                // Loops stop taking work now; what runs is waited for below.
                tasks.shutdown(std::time::Duration::ZERO).await;
            }
        };
        let limits = self.state.config.connections;
        let metrics = self.state.metrics.clone();
        let router = app::router(self.state);
        let server = serve::serve(self.listener, router, limits, metrics, signal);
        let deadline = async move {
            stopping.notified().await;
            tokio::time::sleep(grace).await;
        };
        tokio::select! {
            () = server => {}
            () = deadline => tracing::warn!(seconds = grace.as_secs(), "shutdown grace period over; closing remaining connections"),
        }
        // Stdio MCP servers are processes of ours: they end with us.
        if let Some(toolbox) = runtime.toolbox() {
            toolbox.pool.shutdown().await;
        }
        let left = match signalled.get() {
            Some(at) => grace.saturating_sub(at.elapsed()),
            None => grace,
        };
        if !tasks.shutdown(left).await {
            tracing::warn!(
                running = tasks.running(),
                "shutdown grace period over; unfinished jobs will run again after a restart"
            );
        }
        Ok(())
    }
}

/// Completes on SIGTERM or ctrl-c.
pub async fn shutdown_signal() {
    let ctrl_c = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = ctrl_c => {},
        () = terminate => {},
    }
}

/// The rules of the code's shape that the compiler cannot see, checked on
/// the sources.
#[cfg(test)]
mod architecture {
    use std::collections::{BTreeMap, BTreeSet};
    use std::path::{Path, PathBuf};

    /// The feature modules, which must not depend on each other in a cycle.
    const FEATURES: &[&str] = &[
        "accounts",
        "admin",
        "agents",
        "analytics",
        "chat",
        "conversations",
        "knowledge",
        "personalities",
        "realtime",
        "system",
        "teams",
        "webhooks",
        "workflows",
    ];

    fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                sources(&path, out);
            } else if path.extension().is_some_and(|e| e == "rs") {
                out.push(path);
            }
        }
    }

    fn src() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("src")
    }

    /// The code of a file without its `#[cfg(test)]` module (tests may use
    /// whatever they like).
    fn code(path: &Path) -> String {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        match text.find("#[cfg(test)]") {
            Some(at) => text[..at].to_owned(),
            None => text,
        }
    }

    #[test]
    fn services_know_nothing_of_http() {
        let mut files = Vec::new();
        sources(&src(), &mut files);
        let services: Vec<PathBuf> = files
            .into_iter()
            .filter(|p| p.file_name().is_some_and(|n| n == "service.rs"))
            .collect();
        assert!(services.len() >= 8, "{services:?}");
        for path in services {
            let code = code(&path);
            for forbidden in ["axum", "crate::http", "ApiError", "AppState", "StatusCode"] {
                assert!(
                    !code.contains(forbidden),
                    "{} mentions {forbidden}: services take typed inputs and return domain errors",
                    path.display()
                );
            }
        }
    }

    #[test]
    fn feature_modules_do_not_depend_on_each_other_in_cycles() {
        let mut graph: BTreeMap<&str, BTreeSet<&str>> = BTreeMap::new();
        for feature in FEATURES {
            let mut files = Vec::new();
            let dir = src().join(feature);
            if dir.is_dir() {
                sources(&dir, &mut files);
            } else {
                files.push(src().join(format!("{feature}.rs")));
            }
            let uses = graph.entry(feature).or_default();
            for path in files {
                let code = code(&path);
                for other in FEATURES.iter().filter(|o| *o != feature) {
                    if code.contains(&format!("crate::{other}::"))
                        || code.contains(&format!("crate::{other}}}"))
                        || code.contains(&format!("crate::{other};"))
                    {
                        uses.insert(other);
                    }
                }
            }
        }
        // Depth-first search for a way back.
        fn reaches<'a>(
            graph: &BTreeMap<&'a str, BTreeSet<&'a str>>,
            from: &'a str,
            to: &str,
            seen: &mut BTreeSet<&'a str>,
        ) -> bool {
            graph
                .get(from)
                .into_iter()
                .flatten()
                .any(|next| *next == to || (seen.insert(next) && reaches(graph, next, to, seen)))
        }
        for (feature, uses) in &graph {
            for other in uses {
                assert!(
                    !reaches(&graph, other, feature, &mut BTreeSet::new()),
                    "{feature} uses {other}, which leads back to {feature}: move what both need down (to the store, the runtime or a shared module); graph: {graph:?}"
                );
            }
        }
    }
}
