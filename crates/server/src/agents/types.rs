//! Request and response bodies of /agents.

use agentforge_domain::agent::{AgentConfig, ModelSettings};
use agentforge_domain::voice::{self, Voice};
use agentforge_store::{Agent, AgentVersion, Deployment};

pub use super::access::Access;
use chrono::{DateTime, Utc};
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
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelIn {
    /// `builtin`, `openai` or `gemini`; null: the server's configured provider.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub provider: Option<Option<String>>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub model: Option<Option<String>>,
    /// 0 to 2 (default 0.7).
    pub temperature: Option<f64>,
    /// 1 to 32768 (default 1024).
    pub max_tokens: Option<u32>,
}

/// An agent's fields as sent to create or change it. On creation `name` is
/// required and the rest default; on update only what is sent changes (send
/// `null` to clear an optional field). The legacy names `voiceEnabled` and
/// `voiceModel` are accepted for `voice_enabled` and `voice_model_id`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentIn {
    pub name: Option<String>,
    pub description: Option<String>,
    /// `general`, `customer_support`, `sales`, `sdr`, `customer_success`, `ecommerce` or `custom`.
    #[serde(rename = "type")]
    pub agent_type: Option<String>,
    /// `draft`, `active`, `paused` or `archived`.
    pub status: Option<String>,
    /// The system prompt.
    pub instructions: Option<String>,
    pub greeting: Option<String>,
    pub language: Option<String>,
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub personality_id: Option<Option<String>>,
    pub model: Option<ModelIn>,
    pub use_knowledge_base: Option<bool>,
    #[serde(rename = "voice_enabled", alias = "voiceEnabled")]
    pub voice_enabled: Option<bool>,
    #[serde(
        rename = "voice_model_id",
        alias = "voiceModel",
        default,
        deserialize_with = "double_option"
    )]
    #[schema(value_type = Option<String>)]
    pub voice_model_id: Option<Option<String>>,
    /// The conversation flow graph: an object with nodes and edges.
    #[serde(default, deserialize_with = "double_option")]
    #[schema(value_type = Option<Object>)]
    pub flow: Option<Option<serde_json::Value>>,
}

/// A voice of the catalogue.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceOut {
    pub id: String,
    pub name: String,
    pub gender: String,
    pub characteristics: String,
    pub description: String,
    /// deep, warm, casual, professional, clear or mature.
    pub category: String,
    pub language: String,
    pub accent: String,
    pub age_range: String,
    pub use_case: String,
    pub settings: VoiceSettingsOut,
}

#[derive(Debug, Serialize, ToSchema)]
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
            category: serde_json::to_value(v.category)
                .ok()
                .and_then(|c| c.as_str().map(str::to_owned))
                .unwrap_or_default(),
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelOut {
    pub provider: Option<String>,
    pub model: Option<String>,
    pub temperature: f64,
    pub max_tokens: u32,
}

impl From<&ModelSettings> for ModelOut {
    fn from(m: &ModelSettings) -> Self {
        Self {
            provider: m.provider.map(|p| p.as_str().to_owned()),
            model: m.model.clone(),
            temperature: m.temperature,
            max_tokens: m.max_tokens,
        }
    }
}

/// The versioned configuration of an agent, as exported and as drafted by ai-generate.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentConfigOut {
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: String,
    pub instructions: String,
    pub greeting: String,
    pub language: String,
    pub personality_id: Option<String>,
    pub model: ModelOut,
    pub use_knowledge_base: bool,
    #[serde(rename = "voice_enabled")]
    pub voice_enabled: bool,
    #[serde(rename = "voice_model_id")]
    pub voice_model_id: Option<String>,
    #[schema(value_type = Option<Object>)]
    pub flow: Option<serde_json::Value>,
}

impl From<&AgentConfig> for AgentConfigOut {
    fn from(c: &AgentConfig) -> Self {
        Self {
            name: c.name.clone(),
            description: c.description.clone(),
            agent_type: c.agent_type.as_str().to_owned(),
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeploymentOut {
    /// development, staging or production.
    pub environment: String,
    pub version: u32,
    #[schema(value_type = Object)]
    pub configuration: serde_json::Value,
    pub deployed_at: DateTime<Utc>,
}

impl From<Deployment> for DeploymentOut {
    fn from(d: Deployment) -> Self {
        Self {
            environment: d.environment.as_str().to_owned(),
            version: d.version,
            configuration: d.configuration,
            deployed_at: d.deployed_at,
        }
    }
}

/// An agent.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentOut {
    pub id: String,
    pub status: String,
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

impl AgentOut {
    pub fn new(agent: Agent, deployments: Option<Vec<Deployment>>, access: Access) -> Self {
        Self {
            voice_id: voice::resolve_voice(agent.config.voice_model_id.as_deref())
                .id()
                .to_owned(),
            config: (&agent.config).into(),
            id: agent.id,
            status: agent.status.as_str().to_owned(),
            team_id: agent.team_id,
            team_name: None,
            access,
            current_version: agent.current_version,
            shared_publicly: agent.share_token.is_some(),
            last_active_at: agent.last_active_at,
            created_at: agent.created_at,
            updated_at: agent.updated_at,
            deployments: deployments.map(|d| d.into_iter().map(DeploymentOut::from).collect()),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
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

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AgentQuery {
    /// From 1 (default 1).
    pub page: Option<u64>,
    /// 1 to 100 (default 10).
    pub limit: Option<u64>,
    pub status: Option<String>,
    #[serde(rename = "type")]
    #[param(rename = "type")]
    pub agent_type: Option<String>,
    /// Part of the name, any case.
    pub search: Option<String>,
    /// `name`, `created` (default) or `lastActive`.
    pub sort: Option<String>,
    /// `asc` or `desc` (default: `asc` for name, else `desc`).
    pub order: Option<String>,
    /// Only the agents shared with this team.
    #[serde(rename = "teamId")]
    #[param(rename = "teamId")]
    pub team_id: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct DuplicateIn {
    /// Default: "<name> (copy)".
    pub name: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeployIn {
    /// development, staging or production.
    #[serde(default)]
    pub environment: String,
    /// Default: the current version.
    pub version: Option<u32>,
    /// Settings of this deployment (free-form).
    #[schema(value_type = Option<Object>)]
    pub configuration: Option<serde_json::Value>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct AnalyticsQuery {
    /// day, week, month (default) or year.
    pub period: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsOut {
    pub period: String,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    pub totals: AnalyticsTotals,
    /// One bucket per hour (day), day (week, month) or month (year), oldest first.
    pub series: Vec<AnalyticsBucket>,
}

#[derive(Debug, Default, Serialize, ToSchema)]
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

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AnalyticsBucket {
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FromTemplateIn {
    #[serde(default)]
    pub template_id: String,
    pub name: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TemplateOut {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: String,
    pub config: AgentConfigOut,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GenerateIn {
    #[serde(default)]
    pub prompt: String,
    /// basic, intermediate (default) or advanced.
    pub complexity: Option<String>,
    pub industry: Option<String>,
    pub use_case: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedOut {
    /// A draft to review and then create with POST /agents; nothing is saved yet.
    pub agent: AgentConfigOut,
    /// The voice the specification's suggestion rules pick for it.
    pub voice: VoiceOut,
    /// `builtin` (the offline template-based generator) or the model provider used.
    pub generator: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct IdsIn {
    #[serde(default)]
    pub ids: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct BulkUpdateIn {
    #[serde(default)]
    pub ids: Vec<String>,
    #[serde(default)]
    pub changes: BulkChangesIn,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct BulkChangesIn {
    pub status: Option<String>,
    #[serde(rename = "type")]
    pub agent_type: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct BulkDeleteOut {
    pub deleted: u64,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct ShareIn {
    /// true: anyone signed in with the link can chat with the agent; false:
    /// revoke the link; absent: leave it as it is.
    #[serde(default)]
    pub public: Option<bool>,
    /// A team of yours: its members get their team role's rights on the
    /// agent. `null` takes it out of its team; absent leaves it as it is.
    #[serde(default, rename = "teamId", deserialize_with = "double_option")]
    #[schema(value_type = Option<String>)]
    pub team_id: Option<Option<String>>,
}

#[derive(Debug, Serialize, ToSchema)]
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
    pub format: String,
    /// Always 1 for now.
    pub format_version: u32,
    pub exported_at: DateTime<Utc>,
    #[schema(value_type = Object)]
    pub agent: serde_json::Value,
    /// A custom personality travels with the agent; a built-in one is referred to by id.
    pub personality: Option<ExportedPersonality>,
    /// MCP tool assignments (none until tools arrive).
    #[serde(default)]
    #[schema(value_type = Vec<Object>)]
    pub tools: Vec<serde_json::Value>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
pub struct ExportedPersonality {
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
