//! A person's or a team's own credentials for an outside service (Settings ›
//! Integrations): which services there are, the fields each one takes, and
//! what a valid value of each field looks like. Saved credentials are used
//! in preference to the server's: for an agent, its team's first, then its
//! owner's, then the server's.

use crate::error::Problems;

string_enum!(
    /// A service a person or team connects their own account of.
    IntegrationName {
        /// OpenAI or any service speaking its API (a model provider).
        Openai = "openai",
        /// Google Gemini (a model provider).
        Gemini = "gemini",
        /// Speech synthesis.
        Elevenlabs = "elevenlabs",
        /// Phone calls and SMS.
        Twilio = "twilio",
        Slack = "slack",
        Telegram = "telegram",
        Discord = "discord",
        Whatsapp = "whatsapp",
    }
);

string_enum!(
    /// Whose credentials: a person's own, or a team's (shared by its agents).
    IntegrationScope {
        User = "user",
        Team = "team",
    }
);

/// What a field holds, and so how it is checked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FieldKind {
    /// A secret: kept sealed, shown masked.
    Secret,
    /// An http(s) URL; the service's public endpoint when unset.
    Url,
    /// A model name.
    Model,
    /// Twilio's account SID: `AC` and 32 hexadecimal digits.
    AccountSid,
    /// A phone number in E.164 (`+15551234567`).
    PhoneNumber,
    /// A numeric id (Discord's application id, WhatsApp's phone number id).
    Digits,
    /// An Ed25519 public key in hexadecimal (Discord).
    PublicKey,
}

/// One field of an integration.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Field {
    /// The wire name (`apiKey`).
    pub name: &'static str,
    pub kind: FieldKind,
    /// Whether the integration is usable without it.
    pub required: bool,
}

const fn field(name: &'static str, kind: FieldKind, required: bool) -> Field {
    Field {
        name,
        kind,
        required,
    }
}

use FieldKind::{AccountSid, Digits, Model, PhoneNumber, PublicKey, Secret, Url};

const MODEL_FIELDS: &[Field] = &[
    field("apiKey", Secret, true),
    field("model", Model, false),
    field("baseUrl", Url, false),
];
const ELEVENLABS_FIELDS: &[Field] = &[field("apiKey", Secret, true), field("baseUrl", Url, false)];
const TWILIO_FIELDS: &[Field] = &[
    field("accountSid", AccountSid, true),
    field("authToken", Secret, true),
    field("phoneNumber", PhoneNumber, false),
    field("baseUrl", Url, false),
];
const SLACK_FIELDS: &[Field] = &[
    field("botToken", Secret, true),
    field("signingSecret", Secret, true),
    field("baseUrl", Url, false),
];
const TELEGRAM_FIELDS: &[Field] = &[
    field("botToken", Secret, true),
    field("baseUrl", Url, false),
];
const DISCORD_FIELDS: &[Field] = &[
    field("applicationId", Digits, true),
    field("publicKey", PublicKey, true),
    field("botToken", Secret, true),
    field("baseUrl", Url, false),
];
const WHATSAPP_FIELDS: &[Field] = &[
    field("phoneNumberId", Digits, true),
    field("accessToken", Secret, true),
    field("appSecret", Secret, true),
    field("verifyToken", Secret, false),
    field("baseUrl", Url, false),
];

/// The longest value of any field, in characters.
pub const VALUE_MAX: usize = 2000;

impl IntegrationName {
    /// The fields it takes, in the order a form shows them.
    pub fn fields(self) -> &'static [Field] {
        match self {
            Self::Openai | Self::Gemini => MODEL_FIELDS,
            Self::Elevenlabs => ELEVENLABS_FIELDS,
            Self::Twilio => TWILIO_FIELDS,
            Self::Slack => SLACK_FIELDS,
            Self::Telegram => TELEGRAM_FIELDS,
            Self::Discord => DISCORD_FIELDS,
            Self::Whatsapp => WHATSAPP_FIELDS,
        }
    }

    pub fn field(self, name: &str) -> Option<Field> {
        self.fields().iter().find(|f| f.name == name).copied()
    }

    /// The service's name as people write it.
    pub fn title(self) -> &'static str {
        match self {
            Self::Openai => "OpenAI",
            Self::Gemini => "Gemini",
            Self::Elevenlabs => "ElevenLabs",
            Self::Twilio => "Twilio",
            Self::Slack => "Slack",
            Self::Telegram => "Telegram",
            Self::Discord => "Discord",
            Self::Whatsapp => "WhatsApp",
        }
    }

    /// The public endpoint used when no base URL is saved.
    pub fn default_base_url(self) -> &'static str {
        match self {
            Self::Openai => "https://api.openai.com/v1",
            Self::Gemini => "https://generativelanguage.googleapis.com/v1beta",
            Self::Elevenlabs => "https://api.elevenlabs.io",
            Self::Twilio => "https://api.twilio.com",
            Self::Slack => "https://slack.com/api",
            Self::Telegram => "https://api.telegram.org",
            Self::Discord => "https://discord.com/api/v10",
            Self::Whatsapp => "https://graph.facebook.com/v21.0",
        }
    }
}

/// Every field name any integration takes.
pub const FIELD_NAMES: [&str; 14] = [
    "apiKey",
    "baseUrl",
    "model",
    "accountSid",
    "authToken",
    "phoneNumber",
    "botToken",
    "signingSecret",
    "applicationId",
    "publicKey",
    "phoneNumberId",
    "accessToken",
    "appSecret",
    "verifyToken",
];

/// Checks `value` (trimmed, not empty) as `field` of `name`, recording a
/// problem under the field's name.
pub fn check_value(p: &mut Problems, name: IntegrationName, field: Field, value: &str) {
    let at = field.name;
    if value.chars().count() > VALUE_MAX {
        p.add(at, crate::error::messages::too_long(VALUE_MAX));
        return;
    }
    if value.chars().any(|c| c.is_control() || c.is_whitespace()) {
        p.add(at, "Must be one word, without spaces or line breaks");
        return;
    }
    let digits = |s: &str| !s.is_empty() && s.chars().all(|c| c.is_ascii_digit());
    let hex = |s: &str| s.chars().all(|c| c.is_ascii_hexdigit());
    match field.kind {
        Secret => match (name, at) {
            (IntegrationName::Slack, "botToken") if !value.starts_with("xoxb-") => {
                p.add(at, "A Slack bot token starts with xoxb-");
            }
            (IntegrationName::Telegram, "botToken") => {
                let ok = value.split_once(':').is_some_and(|(id, secret)| {
                    digits(id)
                        && secret.len() >= 20
                        && secret
                            .chars()
                            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-')
                });
                if !ok {
                    p.add(
                        at,
                        "A Telegram bot token is the bot's number, a colon and its secret (from @BotFather)",
                    );
                }
            }
            _ => {}
        },
        Url => {
            let ok = ::url::Url::parse(value)
                .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
            if !ok {
                p.add(at, "Must be an http:// or https:// URL");
            }
        }
        Model => {
            if value.chars().count() > 200 {
                p.add(at, crate::error::messages::too_long(200));
            }
        }
        AccountSid => {
            if !(value.len() == 34 && value.starts_with("AC") && hex(&value[2..])) {
                p.add(at, "A Twilio account SID is AC and 32 hexadecimal digits");
            }
        }
        PhoneNumber => {
            let ok = value
                .strip_prefix('+')
                .is_some_and(|n| digits(n) && (7..=15).contains(&n.len()) && !n.starts_with('0'));
            if !ok {
                p.add(at, "Must be in E.164 form, such as +15551234567");
            }
        }
        Digits => {
            if !(digits(value) && value.len() <= 32) {
                p.add(at, "Must be a number (digits only)");
            }
        }
        PublicKey => {
            if !(value.len() == 64 && hex(value)) {
                p.add(at, "An Ed25519 public key is 64 hexadecimal digits");
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn problems(name: IntegrationName, field: &str, value: &str) -> Vec<String> {
        let mut p = Problems::default();
        check_value(&mut p, name, name.field(field).unwrap(), value);
        match p.finish() {
            Ok(()) => Vec::new(),
            Err(crate::Error::Invalid(problems)) => problems.into_iter().map(|p| p.field).collect(),
            Err(other) => panic!("{other:?}"),
        }
    }

    #[test]
    fn every_field_is_a_known_wire_name_and_every_integration_has_a_required_secret() {
        for name in IntegrationName::ALL {
            assert!(
                name.fields()
                    .iter()
                    .any(|f| f.kind == FieldKind::Secret && f.required),
                "{name}"
            );
            for f in name.fields() {
                assert!(FIELD_NAMES.contains(&f.name), "{name}.{}", f.name);
                // The audit log redacts secrets by their field's name.
                assert_eq!(
                    crate::audit::is_secret_field(f.name),
                    f.kind == FieldKind::Secret,
                    "{name}.{}",
                    f.name
                );
            }
        }
    }

    #[test]
    fn values_are_checked_by_what_the_service_issues() {
        use IntegrationName::*;
        assert!(problems(Slack, "botToken", "xoxb-123-456-abc").is_empty());
        assert_eq!(problems(Slack, "botToken", "xoxp-123"), ["botToken"]);
        assert!(
            problems(
                Telegram,
                "botToken",
                "123456:ABC-DEF1234ghIkl-zyx57W2v1u123ew11"
            )
            .is_empty()
        );
        assert_eq!(problems(Telegram, "botToken", "abc:def"), ["botToken"]);
        assert!(problems(Twilio, "accountSid", &format!("AC{}", "a1".repeat(16))).is_empty());
        assert_eq!(problems(Twilio, "accountSid", "AC123"), ["accountSid"]);
        assert!(problems(Twilio, "phoneNumber", "+15551234567").is_empty());
        assert_eq!(
            problems(Twilio, "phoneNumber", "5551234567"),
            ["phoneNumber"]
        );
        assert!(problems(Discord, "publicKey", &"ab".repeat(32)).is_empty());
        assert_eq!(problems(Discord, "publicKey", "xyz"), ["publicKey"]);
        assert_eq!(problems(Discord, "applicationId", "12a"), ["applicationId"]);
        assert_eq!(problems(Openai, "baseUrl", "ftp://x"), ["baseUrl"]);
        assert_eq!(problems(Openai, "apiKey", "sk with space"), ["apiKey"]);
        assert_eq!(
            problems(Openai, "apiKey", &"k".repeat(VALUE_MAX + 1)),
            ["apiKey"]
        );
    }
}
