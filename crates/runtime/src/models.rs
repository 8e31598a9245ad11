//! Which model answers for an agent: its team's or owner's own connection
//! (Settings › Integrations), the server's configured provider, the
//! built-in responder, or a refusal when it names a provider nobody
//! connected.

use std::sync::Arc;

use agentforge_domain::agent::{ModelProvider, ModelSettings};
use agentforge_domain::integration::IntegrationName;
use agentforge_llm::{Builtin, ChatModel, Gemini, OpenAi, ProviderError};

use crate::credentials::{Credentials, Opened};

/// The server's connection to a model provider.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ModelsConfig {
    pub provider: ModelProvider,
    /// `None`: the provider's public endpoint.
    pub base_url: Option<String>,
    pub api_key: Option<String>,
    /// `None`: the provider's default model.
    pub model: Option<String>,
}

impl Default for ModelsConfig {
    fn default() -> Self {
        Self {
            provider: ModelProvider::Builtin,
            base_url: None,
            api_key: None,
            model: None,
        }
    }
}

pub struct Models {
    provider: ModelProvider,
    /// The configured connection; `None` when the server runs the built-in responder.
    server: Option<Arc<dyn ChatModel>>,
    builtin: Arc<dyn ChatModel>,
}

impl Models {
    pub fn new(config: &ModelsConfig) -> Self {
        let key = config.api_key.as_deref();
        let base = config.base_url.as_deref();
        let model = config.model.as_deref();
        let server: Option<Arc<dyn ChatModel>> = match config.provider {
            ModelProvider::Builtin => None,
            ModelProvider::Openai => Some(Arc::new(OpenAi::new(base, key, model))),
            ModelProvider::Gemini => {
                Some(Arc::new(Gemini::new(base, key.unwrap_or_default(), model)))
            }
        };
        Self {
            provider: config.provider,
            server,
            builtin: Arc::new(Builtin),
        }
    }

    /// The server's provider and default model, and whether a real model
    /// is connected.
    pub fn describe(&self) -> (ModelProvider, String, bool) {
        let model = self.server.as_ref().unwrap_or(&self.builtin);
        (
            self.provider,
            model.default_model().to_owned(),
            self.server.is_some(),
        )
    }

    /// The model for an agent's settings, and the model name to ask it for.
    /// The agent's own connections (`own`) come before the server's: an
    /// agent that names no provider uses its own OpenAI, else its own
    /// Gemini, else the server's provider.
    pub fn for_agent(
        &self,
        settings: &ModelSettings,
        own: &OwnModels,
    ) -> Result<(Arc<dyn ChatModel>, String), ProviderError> {
        let wanted = settings
            .provider
            .or_else(|| own.preferred())
            .unwrap_or(self.provider);
        let model = match (wanted, own.get(wanted), &self.server) {
            (ModelProvider::Builtin, _, _) => self.builtin.clone(),
            (_, Some(mine), _) => mine,
            (wanted, None, Some(server)) if wanted == self.provider => server.clone(),
            _ => {
                return Err(ProviderError::NotConfigured {
                    provider: wanted.as_str().to_owned(),
                });
            }
        };
        let name = match (&settings.model, model.provider()) {
            (Some(name), provider) if provider != "builtin" && !name.is_empty() => name.clone(),
            _ => model.default_model().to_owned(),
        };
        Ok((model, name))
    }
}

/// An agent's own model connections, from its team's or owner's saved
/// credentials.
#[derive(Default)]
pub struct OwnModels {
    openai: Option<Arc<dyn ChatModel>>,
    gemini: Option<Arc<dyn ChatModel>>,
}

impl OwnModels {
    /// The integrations that are model providers.
    pub const NAMES: [IntegrationName; 2] = [IntegrationName::Openai, IntegrationName::Gemini];

    /// Connections for `opened` (the OpenAI and Gemini credentials), each
    /// through the outbound guard. One whose base URL the guard refuses
    /// is left out (it was checked when saved; the operator may have
    /// changed the rule since).
    pub fn new<'a>(
        opened: impl IntoIterator<Item = &'a Opened>,
        credentials: &Credentials,
    ) -> Self {
        let mut own = Self::default();
        for o in opened {
            let Some(key) = o.get("apiKey") else { continue };
            let base = o.base_url();
            if let Err(refused) = credentials.guard().check_url(base) {
                tracing::warn!(integration = o.name.as_str(), %refused, "own model connection left out");
                continue;
            }
            let client = credentials.client().clone();
            let model = o.get("model");
            match o.name {
                IntegrationName::Openai => {
                    own.openai = Some(Arc::new(OpenAi::with_client(
                        client,
                        Some(base),
                        Some(key),
                        model,
                    )));
                }
                IntegrationName::Gemini => {
                    own.gemini = Some(Arc::new(Gemini::with_client(
                        client,
                        Some(base),
                        key,
                        model,
                    )));
                }
                _ => {}
            }
        }
        own
    }

    /// The provider an agent that names none uses.
    fn preferred(&self) -> Option<ModelProvider> {
        if self.openai.is_some() {
            Some(ModelProvider::Openai)
        } else if self.gemini.is_some() {
            Some(ModelProvider::Gemini)
        } else {
            None
        }
    }

    fn get(&self, provider: ModelProvider) -> Option<Arc<dyn ChatModel>> {
        match provider {
            ModelProvider::Openai => self.openai.clone(),
            ModelProvider::Gemini => self.gemini.clone(),
            ModelProvider::Builtin => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn settings(provider: Option<ModelProvider>, model: Option<&str>) -> ModelSettings {
        ModelSettings {
            provider,
            model: model.map(str::to_owned),
            ..ModelSettings::default()
        }
    }

    #[test]
    fn an_agents_own_connection_comes_before_the_servers() {
        use agentforge_domain::integration::IntegrationScope;
        use std::collections::BTreeMap;
        let sealer = Arc::new(crate::sealed::Sealer::new([7; 32], "test"));
        let credentials = Credentials::new(sealer, agentforge_outbound::Guard::new(true));
        let gemini = Opened::new(
            IntegrationName::Gemini,
            IntegrationScope::Team,
            BTreeMap::from([
                ("apiKey".to_owned(), "g-key".to_owned()),
                ("model".to_owned(), "gemini-team".to_owned()),
            ]),
        );
        let own = OwnModels::new([&gemini], &credentials);
        let openai_server = Models::new(&ModelsConfig {
            provider: ModelProvider::Openai,
            base_url: Some("http://localhost:1/v1".into()),
            api_key: None,
            model: Some("llama3".into()),
        });
        // Naming no provider: the agent's own comes first.
        let (m, name) = openai_server
            .for_agent(&settings(None, None), &own)
            .unwrap();
        assert_eq!((m.provider(), name.as_str()), ("gemini", "gemini-team"));
        // Naming the server's: the server's, since the agent has no own OpenAI.
        let (m, _) = openai_server
            .for_agent(&settings(Some(ModelProvider::Openai), None), &own)
            .unwrap();
        assert_eq!(m.provider(), "openai");
        // A builtin server serves an agent that brings its own Gemini.
        let builtin_server = Models::new(&ModelsConfig::default());
        let (m, name) = builtin_server
            .for_agent(
                &settings(Some(ModelProvider::Gemini), Some("gemini-pro")),
                &own,
            )
            .unwrap();
        assert_eq!((m.provider(), name.as_str()), ("gemini", "gemini-pro"));
        // A refused base URL leaves the connection out.
        let private = Credentials::new(
            Arc::new(crate::sealed::Sealer::new([7; 32], "test")),
            agentforge_outbound::Guard::new(false),
        );
        let internal = Opened::new(
            IntegrationName::Openai,
            IntegrationScope::User,
            BTreeMap::from([
                ("apiKey".to_owned(), "k".to_owned()),
                ("baseUrl".to_owned(), "http://169.254.169.254/v1".to_owned()),
            ]),
        );
        let own = OwnModels::new([&internal], &private);
        let (m, _) = builtin_server
            .for_agent(&settings(None, None), &own)
            .unwrap();
        assert_eq!(m.provider(), "builtin");
    }

    #[test]
    fn agents_get_the_server_provider_the_builtin_or_a_clear_refusal() {
        let none = OwnModels::default();
        let builtin_server = Models::new(&ModelsConfig::default());
        let (m, name) = builtin_server
            .for_agent(&settings(None, Some("gpt-4o")), &none)
            .unwrap();
        assert_eq!(
            (m.provider(), name.as_str()),
            ("builtin", "builtin-responder")
        );
        let err = builtin_server
            .for_agent(&settings(Some(ModelProvider::Openai), None), &none)
            .err()
            .unwrap();
        assert_eq!(err.code(), "provider_not_configured");

        let openai_server = Models::new(&ModelsConfig {
            provider: ModelProvider::Openai,
            base_url: Some("http://localhost:1/v1".into()),
            api_key: None,
            model: Some("llama3".into()),
        });
        let (m, name) = openai_server
            .for_agent(&settings(None, None), &none)
            .unwrap();
        assert_eq!((m.provider(), name.as_str()), ("openai", "llama3"));
        let (m, name) = openai_server
            .for_agent(&settings(Some(ModelProvider::Openai), Some("qwen2")), &none)
            .unwrap();
        assert_eq!((m.provider(), name.as_str()), ("openai", "qwen2"));
        let (m, _) = openai_server
            .for_agent(&settings(Some(ModelProvider::Builtin), None), &none)
            .unwrap();
        assert_eq!(m.provider(), "builtin");
        assert!(
            openai_server
                .for_agent(&settings(Some(ModelProvider::Gemini), None), &none)
                .is_err()
        );
    }
}
