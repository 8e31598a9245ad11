//! Agents: their kinds, states, environments and the configuration that is
//! versioned on every change.

use serde::{Deserialize, Serialize};

string_enum!(
    /// What an agent is for.
    AgentType {
        General = "general",
        CustomerSupport = "customer_support",
        Sales = "sales",
        Sdr = "sdr",
        CustomerSuccess = "customer_success",
        Ecommerce = "ecommerce",
        Custom = "custom",
    }
);

string_enum!(
    /// Whether an agent answers: only `active` agents take conversations on channels.
    AgentStatus {
        Draft = "draft",
        Active = "active",
        Paused = "paused",
        Archived = "archived",
    }
);

string_enum!(
    /// Where a version of an agent is deployed.
    Environment {
        Development = "development",
        Staging = "staging",
        Production = "production",
    }
);

string_enum!(
    /// Which model provider answers for an agent.
    ModelProvider {
        Builtin = "builtin",
        Openai = "openai",
        Gemini = "gemini",
    }
);

string_enum!(
    /// How agent lists are ordered.
    #[derive(Default)]
    AgentSort {
        Name = "name",
        #[default]
        Created = "created",
        LastActive = "lastActive",
    }
);

string_enum!(
    /// The span of an activity report, in buckets of an hour (day), a day
    /// (week, month) or a month (year).
    Period {
        Day = "day",
        Week = "week",
        Month = "month",
        Year = "year",
    }
);

/// How the agent calls its model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ModelSettings {
    /// `None`: the server's configured provider.
    pub provider: Option<ModelProvider>,
    /// `None`: the provider's configured model.
    pub model: Option<String>,
    pub temperature: f64,
    #[serde(deserialize_with = "whole_u32")]
    pub max_tokens: u32,
}

/// A JSON integer, also when written with a zero fraction (`1024.0`), which
/// JSON Schema counts as an integer too.
fn whole_u32<'de, D: serde::Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    n.as_u64()
        .or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && (0.0..=f64::from(u32::MAX)).contains(f))
                .map(|f| f as u64)
        })
        .and_then(|v| u32::try_from(v).ok())
        .ok_or_else(|| serde::de::Error::custom("expected a whole number from 0 to 4294967295"))
}

impl Default for ModelSettings {
    fn default() -> Self {
        Self {
            provider: None,
            model: None,
            temperature: 0.7,
            max_tokens: 1024,
        }
    }
}

/// Everything about an agent that is versioned: each change of any of it
/// makes a new numbered version. (Status, ownership and activity are not.)
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AgentConfig {
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: AgentType,
    /// The system prompt.
    pub instructions: String,
    pub greeting: String,
    /// BCP 47 language tag, e.g. `en`, `pt-BR`.
    pub language: String,
    pub personality_id: Option<String>,
    pub model: ModelSettings,
    pub use_knowledge_base: bool,
    #[serde(rename = "voice_enabled")]
    pub voice_enabled: bool,
    #[serde(rename = "voice_model_id")]
    pub voice_model_id: Option<String>,
    /// The conversation flow graph, when the agent has one.
    pub flow: Option<serde_json::Value>,
}

impl AgentConfig {
    pub const NAME_MAX: usize = 100;
    pub const DESCRIPTION_MAX: usize = 1000;
    pub const INSTRUCTIONS_MAX: usize = 20_000;
    pub const GREETING_MAX: usize = 2000;

    /// Every problem, as (field, message), with fields named as on the wire.
    pub fn problems(&self) -> Vec<(&'static str, String)> {
        let mut problems = Vec::new();
        let mut max = |field: &'static str, value: &str, limit: usize| {
            if value.chars().count() > limit {
                problems.push((
                    field,
                    format!("String must contain at most {limit} character(s)"),
                ));
            }
        };
        max("name", &self.name, Self::NAME_MAX);
        max("description", &self.description, Self::DESCRIPTION_MAX);
        max("instructions", &self.instructions, Self::INSTRUCTIONS_MAX);
        max("greeting", &self.greeting, Self::GREETING_MAX);
        if self.name.trim().is_empty() {
            problems.push(("name", "Required".to_owned()));
        } else if self.name.chars().any(crate::name::unsafe_in_name) {
            problems.push(("name", crate::error::messages::NAME_CHARACTERS.to_owned()));
        }
        let language_ok = !self.language.is_empty()
            && self.language.len() <= 35
            && self.language.split('-').all(|part| {
                !part.is_empty()
                    && part.len() <= 8
                    && part.chars().all(|c| c.is_ascii_alphanumeric())
            });
        if !language_ok {
            problems.push((
                "language",
                "Must be a language tag such as 'en' or 'pt-BR'".to_owned(),
            ));
        }
        if !(0.0..=2.0).contains(&self.model.temperature) || self.model.temperature.is_nan() {
            problems.push((
                "model.temperature",
                "Number must be between 0 and 2".to_owned(),
            ));
        }
        if !(1..=32_768).contains(&self.model.max_tokens) {
            problems.push((
                "model.maxTokens",
                "Number must be between 1 and 32768".to_owned(),
            ));
        }
        if self
            .model
            .model
            .as_deref()
            .is_some_and(|m| m.trim().is_empty() || m.chars().count() > 200)
        {
            problems.push((
                "model.model",
                "Must be a model name of at most 200 characters".to_owned(),
            ));
        }
        if self
            .voice_model_id
            .as_deref()
            .is_some_and(|v| v.len() > 100)
        {
            problems.push((
                "voice_model_id",
                "String must contain at most 100 character(s)".to_owned(),
            ));
        }
        problems
    }

    /// The flow to follow, checked: `None` when the agent has none (no
    /// graph, or one without nodes); every problem, named under `flow`,
    /// when it is not a valid flow.
    pub fn flow_plan(&self) -> Result<Option<crate::flow::FlowPlan>, crate::error::Problems> {
        let Some(value) = &self.flow else {
            return Ok(None);
        };
        let no_flow = value.as_object().is_some_and(|fields| {
            fields.iter().all(|(key, v)| {
                matches!(key.as_str(), "nodes" | "edges") && v.as_array().is_some_and(Vec::is_empty)
            })
        });
        if no_flow {
            return Ok(None);
        }
        let graph: crate::flow::FlowGraph = serde_json::from_value(value.clone()).map_err(|e| {
            let mut p = crate::error::Problems::default();
            p.add(
                "flow",
                format!("Must be an object with nodes and edges: {e}"),
            );
            p
        })?;
        crate::flow::validate(&graph, "flow").map(Some)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn config() -> AgentConfig {
        AgentConfig {
            name: "Nova".into(),
            description: String::new(),
            agent_type: AgentType::General,
            instructions: String::new(),
            greeting: String::new(),
            language: "en".into(),
            personality_id: None,
            model: ModelSettings::default(),
            use_knowledge_base: true,
            voice_enabled: false,
            voice_model_id: None,
            flow: None,
        }
    }

    #[test]
    fn enums_parse_their_wire_names_and_list_the_choices() {
        assert_eq!(
            AgentType::parse("customer_support").unwrap(),
            AgentType::CustomerSupport
        );
        let err = AgentStatus::parse("live").unwrap_err();
        assert!(
            err.message
                .contains("'draft' | 'active' | 'paused' | 'archived'"),
            "{}",
            err.message
        );
        assert_eq!(AgentType::ALL.len(), 7);
    }

    #[test]
    fn a_sound_config_has_no_problems_and_a_bad_one_names_each_field() {
        assert!(config().problems().is_empty());
        let mut bad = config();
        bad.name = " ".into();
        bad.language = "english please".into();
        bad.model.temperature = 3.0;
        bad.model.max_tokens = 0;
        bad.flow = Some(serde_json::json!([1, 2]));
        assert!(bad.flow_plan().is_err(), "a flow is an object");
        bad.flow = Some(serde_json::json!({"nodes": [], "edges": []}));
        assert!(
            bad.flow_plan().is_ok_and(|p| p.is_none()),
            "an empty flow is none"
        );
        let fields: Vec<&str> = bad.problems().iter().map(|(f, _)| *f).collect();
        assert_eq!(
            fields,
            ["name", "language", "model.temperature", "model.maxTokens",]
        );
    }

    #[test]
    fn serialises_with_the_specifications_field_names() {
        let json = serde_json::to_value(config()).unwrap();
        assert!(json.get("voice_enabled").is_some() && json.get("voice_model_id").is_some());
        assert_eq!(json["type"], "general");
        assert!(json.get("useKnowledgeBase").is_some());
    }
}

/// An agent's name as an identifier (`Customer Support` → `customer-support`):
/// lower-case ASCII letters and digits, words joined by `-`, at most 48
/// characters; `agent` when nothing is left. Used as an API model name and
/// in MCP tool names, where it must also be unique among the caller's
/// agents (the caller decides what to do with a clash).
pub fn slug(name: &str) -> String {
    let mut out = String::new();
    let mut dash = false;
    for c in name.chars().flat_map(char::to_lowercase) {
        if c.is_ascii_alphanumeric() {
            if dash && !out.is_empty() {
                out.push('-');
            }
            dash = false;
            out.push(c);
        } else {
            dash = true;
        }
        if out.len() >= 48 {
            break;
        }
    }
    if out.is_empty() {
        "agent".to_owned()
    } else {
        out
    }
}

#[cfg(test)]
mod slug_tests {
    #[test]
    fn names_become_short_lowercase_identifiers() {
        assert_eq!(super::slug("Customer Support"), "customer-support");
        assert_eq!(super::slug("  Sales / SDR #2 "), "sales-sdr-2");
        assert_eq!(super::slug("Ünïcode Bot"), "n-code-bot");
        assert_eq!(super::slug("日本語"), "agent");
        assert!(super::slug(&"a".repeat(100)).len() <= 48);
    }
}
