//! Why a turn was refused or could not be answered, in the runtime's own
//! terms; the server maps each to its HTTP answer through the domain's
//! [`Error`].

use agentforge_domain::agent::{AgentStatus, Environment};
use agentforge_domain::error::{Conflict, Error, Thing, Upstream};
use agentforge_llm::ProviderError;
use agentforge_store::StoreError;

#[derive(Debug, thiserror::Error)]
pub enum RuntimeError {
    /// The message is empty or too long (`field`: what the caller named it).
    #[error("{message}")]
    InvalidMessage {
        field: &'static str,
        message: String,
    },
    /// The agent is paused or archived (or, on a channel that needs it, not active).
    #[error("the agent is {0}")]
    AgentInactive(AgentStatus),
    /// The channel talks to a deployment the agent does not have.
    #[error("no version of the agent is deployed to {0}")]
    NotDeployed(Environment),
    /// The conversation is not this agent's.
    #[error("conversation not found")]
    ConversationNotFound,
    #[error("the conversation has ended")]
    ConversationEnded,
    /// A person of the team holds the conversation; the agent does not answer.
    #[error("a person holds the conversation")]
    HandedOff,
    #[error(transparent)]
    Provider(ProviderError),
    /// The server is shutting down and takes no new turns.
    #[error("the server is shutting down")]
    ShuttingDown,
    #[error(transparent)]
    Store(#[from] StoreError),
    /// The answer could not be stored.
    #[error("the answer could not be stored: {0}")]
    Lost(String),
}

impl From<RuntimeError> for Error {
    fn from(err: RuntimeError) -> Self {
        match err {
            RuntimeError::InvalidMessage { field, message } => Error::invalid(field, message),
            RuntimeError::AgentInactive(_) => Error::Conflict(Conflict::AgentInactive),
            RuntimeError::NotDeployed(_) => Error::Conflict(Conflict::NotDeployed),
            RuntimeError::ConversationNotFound => Error::not_found(Thing::Conversation),
            RuntimeError::ConversationEnded => Error::Conflict(Conflict::ConversationEnded),
            RuntimeError::HandedOff => Error::Conflict(Conflict::ConversationHandedOff),
            RuntimeError::Provider(e) => Error::from(UpstreamFailure(&e)),
            RuntimeError::ShuttingDown => Error::Upstream(Upstream {
                status: 503,
                code: "shutting_down",
                message: "The server is restarting; try again in a moment".to_owned(),
                retry_after: Some(5),
            }),
            RuntimeError::Store(e) => e.into(),
            RuntimeError::Lost(cause) => Error::internal(cause),
        }
    }
}

/// A provider's failure, as the domain's error.
pub struct UpstreamFailure<'a>(pub &'a ProviderError);

impl From<UpstreamFailure<'_>> for Error {
    fn from(UpstreamFailure(e): UpstreamFailure<'_>) -> Self {
        Error::Upstream(Upstream {
            status: e.status(),
            code: e.code(),
            message: e.to_string(),
            retry_after: e.retry_after(),
        })
    }
}
