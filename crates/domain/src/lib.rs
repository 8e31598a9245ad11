//! The domain of AgentForge: types that can only hold valid values.
//!
//! Nothing here knows about HTTP or databases. Input is parsed into these
//! types at the edge (handlers, the command line) so that everything behind
//! the edge can trust it.

pub mod agent;
mod email;
pub mod generate;
mod name;
mod password;
mod role;
pub mod templates;
pub mod voice;

pub use email::Email;
pub use name::PersonName;
pub use password::Password;
pub use role::Role;

/// Why a value could not be parsed: a stable machine-readable code and a
/// sentence for people.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ParseError {
    /// Stable code, e.g. `invalid_email`.
    pub code: &'static str,
    /// Readable message, e.g. `Invalid email`.
    pub message: String,
}

impl ParseError {
    pub(crate) fn new(code: &'static str, message: impl Into<String>) -> Self {
        Self {
            code,
            message: message.into(),
        }
    }
}
