//! Which model answers for an agent: the server's configured provider, the
//! built-in responder, or (per agent) a refusal when it names a provider
//! this server has no connection for.

use std::sync::Arc;

use agentforge_domain::agent::{ModelProvider, ModelSettings};
use agentforge_llm::{Builtin, ChatModel, Gemini, OpenAi, ProviderError};

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
    pub fn for_agent(
        &self,
        settings: &ModelSettings,
    ) -> Result<(Arc<dyn ChatModel>, String), ProviderError> {
        let wanted = settings.provider.unwrap_or(self.provider);
        let model = match (wanted, &self.server) {
            (ModelProvider::Builtin, _) => self.builtin.clone(),
            (wanted, Some(server)) if wanted == self.provider => server.clone(),
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
    fn agents_get_the_server_provider_the_builtin_or_a_clear_refusal() {
        let builtin_server = Models::new(&ModelsConfig::default());
        let (m, name) = builtin_server
            .for_agent(&settings(None, Some("gpt-4o")))
            .unwrap();
        assert_eq!(
            (m.provider(), name.as_str()),
            ("builtin", "builtin-responder")
        );
        let err = builtin_server
            .for_agent(&settings(Some(ModelProvider::Openai), None))
            .err()
            .unwrap();
        assert_eq!(err.code(), "provider_not_configured");

        let openai_server = Models::new(&ModelsConfig {
            provider: ModelProvider::Openai,
            base_url: Some("http://localhost:1/v1".into()),
            api_key: None,
            model: Some("llama3".into()),
        });
        let (m, name) = openai_server.for_agent(&settings(None, None)).unwrap();
        assert_eq!((m.provider(), name.as_str()), ("openai", "llama3"));
        let (m, name) = openai_server
            .for_agent(&settings(Some(ModelProvider::Openai), Some("qwen2")))
            .unwrap();
        assert_eq!((m.provider(), name.as_str()), ("openai", "qwen2"));
        let (m, _) = openai_server
            .for_agent(&settings(Some(ModelProvider::Builtin), None))
            .unwrap();
        assert_eq!(m.provider(), "builtin");
        assert!(
            openai_server
                .for_agent(&settings(Some(ModelProvider::Gemini), None))
                .is_err()
        );
    }
}
