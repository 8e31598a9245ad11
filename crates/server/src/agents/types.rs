//! Request and response bodies of /agents.

use agentforge_domain::agent::{
    AgentConfig, AgentSort, AgentStatus, AgentType, Environment, ModelProvider, ModelSettings,
    Period,
};
use agentforge_domain::error::{Error, Problems, messages};
use agentforge_domain::generate::Complexity;
use agentforge_domain::paging::{Page, SortOrder};
use agentforge_domain::policy::Access;
use agentforge_domain::voice::{self, Voice, VoiceCategory};
use agentforge_store::{AgentVersion, Deployment, NewPersonality};
use chrono::{DateTime, Utc};

use super::service::{AgentChanges, AgentListing, AgentView, Deploy, ModelChanges, Sharing};
use crate::http::{Checked, Filter};
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::{IntoParams, ToSchema};

/// `absent` → `None`, `null` → `Some(None)`, a value → `Some(Some(v))`: lets
/// a patch clear a field.
fn double_option<'de, D: Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// Model settings as sent; every field optional.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelIn {
    /// Null: the server's configured provider.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<ModelProvider>, nullable)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub provider: Option<Option<Checked<ModelProvider>>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, nullable, min_length = 1, max_length = 200, pattern = r"\S")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<Option<String>>,
    /// Default 0.7.
    #[schema(minimum = 0, maximum = 2)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f64>,
    /// Default 1024.
    #[schema(minimum = 1, maximum = 32768)]
    #[serde(default, deserialize_with = "whole")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
}

impl ModelIn {
    fn changes(self, problems: &mut Problems) -> ModelChanges {
        let provider = match self.provider {
            None => None,
            Some(None) => Some(None),
            Some(Some(p)) => p.check(problems, "model.provider").map(Some),
        };
        ModelChanges {
            provider,
            model: self.model,
            temperature: self.temperature,
            max_tokens: self.max_tokens,
        }
    }
}

/// An agent's fields as sent to create or change it. On creation `name` is
/// required and the rest default; on update only what is sent changes (send
/// `null` to clear an optional field). The legacy names `voiceEnabled` and
/// `voiceModel` are accepted for `voice_enabled` and `voice_model_id`.
/// A new agent: [`AgentIn`] with its `name` required.
// Only documents POST /agents; the handler reads an `AgentIn` and says when
// the name is missing.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct NewAgentIn {
    /// Not only spaces; no control or text-direction characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    name: String,
    #[serde(flatten)]
    rest: AgentIn,
}

#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentIn {
    /// Required on creation. Not only spaces; no control or text-direction
    /// characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[schema(max_length = 1000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(rename = "type")]
    #[schema(value_type = Option<AgentType>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<Checked<AgentType>>,
    #[schema(value_type = Option<AgentStatus>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Checked<AgentStatus>>,
    /// The system prompt.
    #[schema(max_length = 20000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub instructions: Option<String>,
    #[schema(max_length = 2000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub greeting: Option<String>,
    /// A BCP 47 language tag, e.g. en or pt-BR.
    #[schema(max_length = 35, pattern = "^[A-Za-z0-9]{1,8}(-[A-Za-z0-9]{1,8})*$")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub personality_id: Option<Option<String>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub model: Option<ModelIn>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_knowledge_base: Option<bool>,
    #[serde(rename = "voice_enabled", alias = "voiceEnabled")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_enabled: Option<bool>,
    #[serde(
        rename = "voice_model_id",
        alias = "voiceModel",
        default,
        deserialize_with = "double_option"
    )]
    #[schema(value_type = Option<String>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub voice_model_id: Option<Option<String>>,
    /// The conversation flow graph: an object with nodes and edges.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(schema_with = crate::docs::schema::flow)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub flow: Option<Option<serde_json::Value>>,
}

impl AgentIn {
    /// The changes, with every free text checked for what no engine stores.
    pub fn changes(self) -> Result<AgentChanges, Error> {
        // Lengths are the configuration's rules, checked by the service with
        // everything else; here only what no field may hold, and the
        // enumerated values.
        let mut problems = Problems::default();
        problems.no_nul("name", self.name.as_deref());
        problems.no_nul("description", self.description.as_deref());
        problems.no_nul("instructions", self.instructions.as_deref());
        problems.no_nul("greeting", self.greeting.as_deref());
        problems.no_nul("language", self.language.as_deref());
        let agent_type = self.agent_type.and_then(|t| t.check(&mut problems, "type"));
        let status = self.status.and_then(|s| s.check(&mut problems, "status"));
        let model = self
            .model
            .map(|m| m.changes(&mut problems))
            .unwrap_or_default();
        Ok(AgentChanges {
            name: self.name,
            description: self.description,
            agent_type,
            status,
            instructions: self.instructions,
            greeting: self.greeting,
            language: self.language,
            personality_id: self.personality_id,
            model,
            use_knowledge_base: self.use_knowledge_base,
            voice_enabled: self.voice_enabled,
            voice_model_id: self.voice_model_id,
            flow: self.flow,
            problems,
        })
    }
}

/// A voice of the catalogue.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoiceOut {
    pub id: String,
    pub name: String,
    pub gender: String,
    pub characteristics: String,
    pub description: String,
    pub category: VoiceCategory,
    pub language: String,
    pub accent: String,
    pub age_range: String,
    pub use_case: String,
    pub settings: VoiceSettingsOut,
}

#[derive(Debug, Clone, Copy, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VoiceSettingsOut {
    pub stability: f64,
    pub similarity_boost: f64,
    pub style: f64,
    pub speaker_boost: bool,
}

impl From<&Voice> for VoiceOut {
    fn from(v: &Voice) -> Self {
        let s = v.category.settings();
        Self {
            id: v.id.into(),
            name: v.name.into(),
            gender: v.gender.into(),
            characteristics: v.characteristics.into(),
            description: v.description.into(),
            category: v.category,
            language: v.language.into(),
            accent: v.accent.into(),
            age_range: v.age_range.into(),
            use_case: v.use_case.into(),
            settings: VoiceSettingsOut {
                stability: s.stability,
                similarity_boost: s.similarity_boost,
                style: s.style,
                speaker_boost: s.speaker_boost,
            },
        }
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelOut {
    /// Null: the server's configured provider.
    pub provider: Option<ModelProvider>,
    #[schema(min_length = 1, max_length = 200, pattern = r"\S")]
    pub model: Option<String>,
    #[schema(minimum = 0, maximum = 2)]
    pub temperature: f64,
    #[schema(minimum = 1, maximum = 32768)]
    pub max_tokens: u32,
}

impl From<&ModelSettings> for ModelOut {
    fn from(m: &ModelSettings) -> Self {
        Self {
            provider: m.provider,
            model: m.model.clone(),
            temperature: m.temperature,
            max_tokens: m.max_tokens,
        }
    }
}

/// The versioned configuration of an agent, as exported and as drafted by ai-generate.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentConfigOut {
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub name: String,
    #[schema(max_length = 1000)]
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: AgentType,
    #[schema(max_length = 20000)]
    pub instructions: String,
    #[schema(max_length = 2000)]
    pub greeting: String,
    /// A BCP 47 language tag, e.g. en or pt-BR.
    #[schema(max_length = 35, pattern = "^[A-Za-z0-9]{1,8}(-[A-Za-z0-9]{1,8})*$")]
    pub language: String,
    pub personality_id: Option<String>,
    pub model: ModelOut,
    pub use_knowledge_base: bool,
    #[serde(rename = "voice_enabled")]
    pub voice_enabled: bool,
    #[serde(rename = "voice_model_id")]
    pub voice_model_id: Option<String>,
    #[schema(schema_with = crate::docs::schema::flow)]
    pub flow: Option<serde_json::Value>,
}

impl From<&AgentConfig> for AgentConfigOut {
    fn from(c: &AgentConfig) -> Self {
        Self {
            name: c.name.clone(),
            description: c.description.clone(),
            agent_type: c.agent_type,
            instructions: c.instructions.clone(),
            greeting: c.greeting.clone(),
            language: c.language.clone(),
            personality_id: c.personality_id.clone(),
            model: (&c.model).into(),
            use_knowledge_base: c.use_knowledge_base,
            voice_enabled: c.voice_enabled,
            voice_model_id: c.voice_model_id.clone(),
            flow: c.flow.clone(),
        }
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentOut {
    pub environment: Environment,
    pub version: u32,
    #[schema(schema_with = crate::docs::schema::deployment_configuration)]
    pub configuration: serde_json::Value,
    pub deployed_at: DateTime<Utc>,
}

impl From<Deployment> for DeploymentOut {
    fn from(d: Deployment) -> Self {
        Self {
            environment: d.environment,
            version: d.version,
            configuration: d.configuration,
            deployed_at: d.deployed_at,
        }
    }
}

/// An agent.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentOut {
    pub id: String,
    pub status: AgentStatus,
    #[serde(flatten)]
    pub config: AgentConfigOut,
    /// The provider voice id that `voice_model_id` resolves to (rachel's when unset or unknown).
    pub voice_id: String,
    /// The team the agent is shared with, if any.
    pub team_id: Option<String>,
    /// That team's name.
    pub team_name: Option<String>,
    /// What the caller may do with it: `manage` (its owner, or an owner or
    /// admin of its team), `edit` (a team member) or `view` (a team viewer).
    #[schema(value_type = AccessLevel)]
    pub access: Access,
    pub current_version: u32,
    /// Whether a public link lets any signed-in user chat with the agent.
    pub shared_publicly: bool,
    pub last_active_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// Present on single-agent answers.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub deployments: Option<Vec<DeploymentOut>>,
}

impl From<AgentView> for AgentOut {
    fn from(view: AgentView) -> Self {
        let agent = view.agent;
        Self {
            voice_id: voice::resolve_voice(agent.config.voice_model_id.as_deref())
                .id()
                .to_owned(),
            config: (&agent.config).into(),
            id: agent.id,
            status: agent.status,
            team_id: agent.team_id,
            team_name: view.team_name,
            access: view.access,
            current_version: agent.current_version,
            shared_publicly: agent.share_token.is_some(),
            last_active_at: agent.last_active_at,
            created_at: agent.created_at,
            updated_at: agent.updated_at,
            deployments: view
                .deployments
                .map(|d| d.into_iter().map(DeploymentOut::from).collect()),
        }
    }
}

/// What a caller may do with an agent.
#[derive(ToSchema)]
#[schema(as = AccessLevel)]
#[allow(dead_code)]
enum AccessLevel {
    #[schema(rename = "view")]
    View,
    #[schema(rename = "edit")]
    Edit,
    #[schema(rename = "manage")]
    Manage,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct VersionOut {
    pub version: u32,
    pub config: AgentConfigOut,
    pub created_at: DateTime<Utc>,
}

impl From<AgentVersion> for VersionOut {
    fn from(v: AgentVersion) -> Self {
        Self {
            version: v.version,
            config: (&v.config).into(),
            created_at: v.created_at,
        }
    }
}

#[derive(Debug, Deserialize, IntoParams, serde::Serialize, Default)]
#[into_params(parameter_in = Query)]
pub struct AgentQuery {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    #[serde(default)]
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<AgentStatus>>,
    #[serde(rename = "type", default)]
    #[param(rename = "type", inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<Filter<AgentType>>,
    /// Part of the name, any case.
    #[param(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    /// Default `created`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<AgentSort>,
    /// Default: `asc` for name, else `desc`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<SortOrder>,
    /// Only the agents shared with this team.
    #[serde(rename = "teamId")]
    #[param(rename = "teamId")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
}

impl AgentQuery {
    pub fn listing(self) -> Result<AgentListing, Error> {
        let mut problems = Problems::default();
        let page = Page::parse(self.page, self.limit, &mut problems);
        problems.text("search", self.search.as_deref(), 200);
        problems.finish()?;
        Ok(AgentListing {
            page,
            team_id: self.team_id,
            status: self.status.and_then(Filter::value),
            agent_type: self.agent_type.and_then(Filter::value),
            search: self.search,
            sort: self.sort.unwrap_or_default(),
            order: self.order,
        })
    }
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize, Default)]
pub struct DuplicateIn {
    /// Default (also when empty): "<name> (copy)". No control or
    /// text-direction characters.
    #[schema(
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct DeployIn {
    pub environment: Environment,
    /// Default: the current version.
    #[schema(minimum = 1)]
    #[serde(default, deserialize_with = "whole")]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub version: Option<u32>,
    /// Settings of this deployment (free-form).
    #[schema(schema_with = crate::docs::schema::deployment_configuration_or_null)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub configuration: Option<serde_json::Value>,
}

impl DeployIn {
    pub fn deploy(self) -> Result<Deploy, Error> {
        let configuration = self.configuration.unwrap_or_else(|| serde_json::json!({}));
        if !configuration.is_object() {
            return Err(Error::invalid("configuration", "Must be an object"));
        }
        Ok(Deploy {
            environment: self.environment,
            version: self.version,
            configuration,
        })
    }
}

#[derive(Debug, Deserialize, IntoParams, serde::Serialize, Default)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// Default `month`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<Period>,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsOut {
    pub period: Period,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub totals: AnalyticsTotals,
    /// One bucket per hour (day), day (week, month) or month (year), oldest first.
    pub series: Vec<AnalyticsBucket>,
}

impl From<crate::analytics::service::AgentActivity> for AnalyticsOut {
    fn from(a: crate::analytics::service::AgentActivity) -> Self {
        Self {
            period: a.period,
            from: a.from,
            to: a.to,
            totals: AnalyticsTotals {
                conversations: a.totals.conversations,
                messages: a.totals.messages,
                users: a.totals.users,
                avg_response_ms: a.totals.avg_response_ms,
                p95_response_ms: a.totals.p95_response_ms,
                tokens_in: a.totals.tokens_in,
                tokens_out: a.totals.tokens_out,
            },
            series: a
                .series
                .into_iter()
                .map(|p| AnalyticsBucket {
                    start: p.start,
                    conversations: p.conversations,
                    messages: p.messages,
                })
                .collect(),
        }
    }
}

#[derive(Debug, Default, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsTotals {
    pub conversations: u64,
    pub messages: u64,
    pub users: u64,
    /// Null until the agent has answered.
    pub avg_response_ms: Option<f64>,
    pub p95_response_ms: Option<f64>,
    pub tokens_in: u64,
    pub tokens_out: u64,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsBucket {
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct FromTemplateIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub template_id: String,
    /// Default (also when empty): the template's name. No control or
    /// text-direction characters.
    #[schema(
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TemplateOut {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: AgentType,
    pub config: AgentConfigOut,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GenerateIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 4000)]
    pub prompt: String,
    /// Default `intermediate`.
    #[schema(value_type = Option<Complexity>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub complexity: Option<Checked<Complexity>>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub industry: Option<String>,
    #[schema(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub use_case: Option<String>,
}

impl GenerateIn {
    pub fn request(self) -> Result<agentforge_domain::generate::GenerateRequest, Error> {
        let mut problems = Problems::default();
        let prompt = self.prompt.trim().to_owned();
        if prompt.is_empty() {
            problems.add("prompt", messages::REQUIRED);
        } else {
            // Counted as sent, as the document's maxLength counts it (white
            // space around it included).
            problems.text("prompt", Some(&self.prompt), 4000);
        }
        problems.text("industry", self.industry.as_deref(), 200);
        problems.text("useCase", self.use_case.as_deref(), 200);
        let complexity = self
            .complexity
            .and_then(|c| c.check(&mut problems, "complexity"));
        problems.finish()?;
        Ok(agentforge_domain::generate::GenerateRequest {
            prompt,
            complexity: complexity.unwrap_or_default(),
            industry: self.industry,
            use_case: self.use_case,
        })
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedOut {
    /// A draft to review and then create with POST /agents; nothing is saved yet.
    pub agent: AgentConfigOut,
    /// The voice the specification's suggestion rules pick for it.
    pub voice: VoiceOut,
    /// `builtin` (the offline template-based generator) or the model provider used.
    pub generator: ModelProvider,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct IdsIn {
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    pub ids: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct BulkUpdateIn {
    #[serde(default)]
    #[schema(required = true, min_items = 1, max_items = 100)]
    pub ids: Vec<String>,
    #[serde(default)]
    #[schema(required = true)]
    pub changes: BulkChangesIn,
}

/// At least one of them.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[schema(min_properties = 1)]
pub struct BulkChangesIn {
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = AgentStatus, required = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub status: Option<AgentStatus>,
    #[serde(default, rename = "type", deserialize_with = "present")]
    #[schema(value_type = AgentType, required = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_type: Option<AgentType>,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct BulkDeleteOut {
    pub deleted: u64,
}

/// At least one of `public` and `teamId`.
#[derive(Debug, Deserialize, ToSchema, serde::Serialize, Default)]
#[schema(min_properties = 1)]
pub struct ShareIn {
    /// true: anyone signed in with the link can chat with the agent; false:
    /// revoke the link; absent: leave it as it is.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = bool, required = false)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub public: Option<bool>,
    /// A team of yours: its members get their team role's rights on the
    /// agent. `null` takes it out of its team; absent leaves it as it is.
    #[serde(default, rename = "teamId", deserialize_with = "double_option")]
    #[schema(value_type = Option<String>, nullable)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<Option<String>>,
}

impl From<ShareIn> for Sharing {
    fn from(s: ShareIn) -> Self {
        Self {
            public: s.public,
            team_id: s.team_id,
        }
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ShareOut {
    pub shared_publicly: bool,
    /// The link to /user/chat/{agentId}, when shared.
    pub url: Option<String>,
    /// The team the agent is shared with, if any.
    pub team_id: Option<String>,
}

/// An agent as one portable JSON document: its configuration, its custom
/// personality and its tool assignments, never secrets or ids of this server.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExportDocument {
    /// Always `agentforge.agent`.
    #[schema(value_type = ExportFormatName)]
    pub format: String,
    /// Always 1 for now.
    #[schema(minimum = 1, maximum = 1)]
    #[serde(deserialize_with = "whole_required")]
    pub format_version: u32,
    pub exported_at: DateTime<Utc>,
    #[schema(value_type = AgentConfigOut)]
    pub agent: serde_json::Value,
    /// A custom personality travels with the agent; a built-in one is referred to by id.
    pub personality: Option<ExportedPersonality>,
    /// MCP tool assignments (none until tools arrive).
    #[serde(default)]
    #[schema(schema_with = crate::docs::schema::tool_assignments)]
    pub tools: Vec<serde_json::Value>,
}

/// The document's format name.
pub const EXPORT_FORMAT: &str = "agentforge.agent";

/// The name of the agent export format.
#[derive(ToSchema)]
#[schema(as = ExportFormatName)]
#[allow(dead_code)]
enum ExportFormatName {
    #[schema(rename = "agentforge.agent")]
    Agent,
}

impl ExportDocument {
    pub fn new(exported: super::service::Exported) -> Result<Self, crate::http::ApiError> {
        Ok(Self {
            format: EXPORT_FORMAT.to_owned(),
            format_version: 1,
            exported_at: Utc::now(),
            agent: serde_json::to_value(&exported.config)
                .map_err(crate::http::ApiError::internal)?,
            personality: exported.personality.map(ExportedPersonality::from),
            tools: Vec::new(),
        })
    }

    /// What the document brings in, checked as far as its shape goes.
    pub fn imported(self) -> Result<super::service::Imported, Error> {
        if self.format != EXPORT_FORMAT {
            return Err(Error::invalid(
                "format",
                format!("Expected '{EXPORT_FORMAT}'"),
            ));
        }
        if self.format_version != 1 {
            return Err(Error::invalid(
                "formatVersion",
                "Only version 1 can be imported",
            ));
        }
        let config: AgentConfig = serde_json::from_value(self.agent)
            .map_err(|e| Error::invalid("agent", format!("Not an agent configuration: {e}")))?;
        Ok(super::service::Imported {
            config,
            personality: self.personality.map(NewPersonality::from),
        })
    }
}

impl From<agentforge_store::Personality> for ExportedPersonality {
    fn from(p: agentforge_store::Personality) -> Self {
        Self {
            name: p.name,
            description: p.description,
            tone: p.tone,
            traits: p.traits,
            instructions: p.instructions,
        }
    }
}

impl From<ExportedPersonality> for NewPersonality {
    fn from(p: ExportedPersonality) -> Self {
        Self {
            name: p.name,
            description: p.description,
            tone: p.tone,
            traits: p.traits,
            instructions: p.instructions,
        }
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ExportedPersonality {
    /// Not only spaces; no control or text-direction characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub name: String,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub tone: String,
    #[serde(default)]
    pub traits: Vec<String>,
    #[serde(default)]
    pub instructions: String,
}

/// A member that may be absent but not `null`.
fn present<'de, D: serde::Deserializer<'de>, T: Deserialize<'de>>(
    d: D,
) -> Result<Option<T>, D::Error> {
    T::deserialize(d).map(Some)
}

/// A whole number: a JSON integer, also when written with a fraction of
/// zero (`3.0`), which JSON Schema counts as an integer too.
fn whole<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    let Some(n) = Option::<serde_json::Number>::deserialize(d)? else {
        return Ok(None);
    };
    let value = match n.as_u64() {
        Some(v) => Some(v),
        None => n
            .as_f64()
            .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= f64::from(u32::MAX))
            .map(|f| f as u64),
    };
    value
        .and_then(|v| u32::try_from(v).ok())
        .map(Some)
        .ok_or_else(|| serde::de::Error::custom("Must be a whole number from 1 to 4294967295"))
}

/// As [`whole`], required.
fn whole_required<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    whole(d)?.ok_or_else(|| serde::de::Error::custom("Must be a whole number"))
}
