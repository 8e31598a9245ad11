//! The domain of AgentForge: types that can only hold valid values.
//!
//! Nothing here knows about HTTP or databases. Input is parsed into these
//! types at the edge (handlers, the command line) so that everything behind
//! the edge can trust it.

/// An enum with stable wire names: `as_str`, `parse` (whose error lists the
/// allowed values), `ALL`, serde and `Display`.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::serde::Serialize, ::serde::Deserialize)]
        pub enum $name {
            $(#[serde(rename = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Parses the wire name; the error lists the allowed values.
            pub fn parse(value: &str) -> Result<Self, $crate::ParseError> {
                match value {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::ParseError::new(
                        "invalid_choice",
                        format!("Invalid enum value. Expected {}, received '{value}'", [$(concat!("'", $text, "'")),+].join(" | ")),
                    )),
                }
            }
        }

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

pub mod agent;
pub mod conversation;
mod email;
pub mod generate;
mod name;
mod password;
mod role;
pub mod team;
pub mod templates;
pub mod text;
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
