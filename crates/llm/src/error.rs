//! What can go wrong talking to a provider, in words a user can act on.

/// A provider failure. [`ProviderError::code`] is stable; the message says
/// what happened and what to do, quoting the provider's own words briefly.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ProviderError {
    #[error(
        "The {provider} provider refused the API key ({detail}). An administrator needs to check AGENTFORGE_LLM_API_KEY."
    )]
    Auth {
        provider: &'static str,
        detail: String,
    },
    #[error("The {provider} provider is rate limiting requests ({detail}). Try again in a moment.")]
    RateLimited {
        provider: &'static str,
        detail: String,
        retry_after: Option<u64>,
    },
    #[error(
        "The model '{model}' does not exist at the {provider} provider ({detail}). Pick another model in the agent's settings."
    )]
    ModelNotFound {
        provider: &'static str,
        model: String,
        detail: String,
    },
    #[error("The {provider} provider is unavailable ({detail}). Try again later.")]
    Unavailable {
        provider: &'static str,
        detail: String,
    },
    #[error("The {provider} provider did not answer within {seconds} seconds.")]
    Timeout {
        provider: &'static str,
        seconds: u64,
    },
    #[error("The {provider} provider refused the request: {detail}")]
    Rejected {
        provider: &'static str,
        detail: String,
    },
    #[error("This agent uses the {provider} provider, which is not configured on this server.")]
    NotConfigured { provider: String },
}

impl ProviderError {
    /// The stable error code of the API.
    pub fn code(&self) -> &'static str {
        match self {
            Self::Auth { .. } => "provider_auth_failed",
            Self::RateLimited { .. } => "provider_rate_limited",
            Self::ModelNotFound { .. } => "provider_model_not_found",
            Self::Unavailable { .. } => "provider_unavailable",
            Self::Timeout { .. } => "provider_timeout",
            Self::Rejected { .. } => "provider_rejected",
            Self::NotConfigured { .. } => "provider_not_configured",
        }
    }

    /// The HTTP status the API answers with.
    pub fn status(&self) -> u16 {
        match self {
            Self::RateLimited { .. } => 429,
            Self::Timeout { .. } => 504,
            Self::NotConfigured { .. } => 409,
            _ => 502,
        }
    }

    pub fn retry_after(&self) -> Option<u64> {
        match self {
            Self::RateLimited { retry_after, .. } => *retry_after,
            _ => None,
        }
    }
}

/// Keeps a provider's message short enough to show.
pub(crate) fn brief(text: &str) -> String {
    let text = text.trim();
    if text.is_empty() {
        return "no details given".to_owned();
    }
    let mut short: String = text.chars().take(200).collect();
    if short.len() < text.len() {
        short.push('…');
    }
    short
}
