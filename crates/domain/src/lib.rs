//! The domain of AgentForge: types that can only hold valid values.
//!
//! Nothing here knows about HTTP or databases. Input is parsed into these
//! types at the edge (handlers, the command line) so that everything behind
//! the edge can trust it.

/// An enum with stable wire names: `as_str`, `parse` (whose error lists the
/// allowed values), `ALL`, serde and `Display`.
macro_rules! string_enum {
    ($(#[$meta:meta])* $name:ident { $($(#[$vmeta:meta])* $variant:ident = $text:literal),+ $(,)? }) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, ::serde::Serialize)]
        pub enum $name {
            $($(#[$vmeta])* #[serde(rename = $text)] $variant),+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant),+];

            pub fn as_str(self) -> &'static str {
                match self {
                    $($name::$variant => $text),+
                }
            }

            /// Every wire name, in order.
            pub const NAMES: &'static [&'static str] = &[$($text),+];

            /// Parses the wire name; the error lists the allowed values.
            pub fn parse(value: &str) -> Result<Self, $crate::ParseError> {
                match value {
                    $($text => Ok($name::$variant),)+
                    _ => Err($crate::ParseError::new(
                        "invalid_choice",
                        $crate::error::messages::invalid_choice(Self::NAMES, value),
                    )),
                }
            }
        }

        #[cfg(feature = "openapi")]
        impl ::utoipa::PartialSchema for $name {
            fn schema() -> ::utoipa::openapi::RefOr<::utoipa::openapi::schema::Schema> {
                ::utoipa::openapi::schema::ObjectBuilder::new()
                    .schema_type(::utoipa::openapi::schema::Type::String)
                    .enum_values(Some(Self::NAMES.iter().copied()))
                    .into()
            }
        }

        #[cfg(feature = "openapi")]
        impl ::utoipa::ToSchema for $name {}

        impl $crate::WireEnum for $name {
            const NAME: &'static str = stringify!($name);
            const NAMES: &'static [&'static str] = $name::NAMES;

            fn parse(value: &str) -> Result<Self, $crate::ParseError> {
                $name::parse(value)
            }

            fn as_str(self) -> &'static str {
                $name::as_str(self)
            }
        }

        /// Read from its wire name; anything else is refused with the
        /// same words as [`Self::parse`].
        impl<'de> ::serde::Deserialize<'de> for $name {
            fn deserialize<D: ::serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                let text = <std::borrow::Cow<'de, str> as ::serde::Deserialize>::deserialize(deserializer)?;
                Self::parse(&text).map_err(|e| <D::Error as ::serde::de::Error>::custom(e.message))
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
pub mod analytics;
pub mod audit;
pub mod conversation;
mod email;
pub mod error;
pub mod flow;
pub mod generate;
pub mod integration;
pub mod job;
pub mod knowledge;
mod language;
pub mod mail;
pub mod mcp;
mod name;
pub mod paging;
mod password;
pub mod policy;
mod role;
pub mod team;
pub mod templates;
pub mod text;
pub mod voice;
pub mod webhook;
pub mod widget;
pub mod workflow;

pub use email::Email;
pub use error::{Conflict, Denied, Error, Problem, Problems, Thing};
pub use language::Language;
pub use name::PersonName;
pub use password::Password;
pub use role::{Role, UserStatus};

/// An enum with stable wire names, as [`string_enum!`] makes them: what
/// generic code (filters, schemas) needs to know of one.
pub trait WireEnum: Sized + Copy + 'static {
    /// The type's name, e.g. `AgentStatus`.
    const NAME: &'static str;
    /// Every wire name, in order.
    const NAMES: &'static [&'static str];
    fn parse(value: &str) -> Result<Self, ParseError>;
    fn as_str(self) -> &'static str;
}

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
