//! The run-time settings (Admin › Configuration), one typed section per
//! concern. Each section's fields are the same in the three shapes it
//! takes; only its secrets differ, by the type `S`:
//!
//! - in force ([`Settings`]): `Option<Secret<String>>`, the value itself;
//! - on the wire out: [`Masked`], whether it is set and a hint;
//! - on the wire in, and in the stored document: [`SecretIn`] / sealed
//!   text.
//!
//! The environment (and `agentforge.toml`) gives every section its first
//! values ([`Settings::from_config`]); a section an admin saved takes the
//! place of the environment's, whole ([`Saved`]).

use agentforge_domain::Email;
use agentforge_domain::agent::ModelProvider;
use agentforge_domain::conversation::MESSAGE_MAX_CHARS;
use agentforge_domain::error::{Error, Problems};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::config::{Config, Features, Secret, ServiceConfig};

/// A secret in force: the value, or nothing.
pub type SecretValue = Option<Secret<String>>;

/// A secret as the API shows it: never its value.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Masked {
    pub set: bool,
    /// Enough to tell values apart: a key's last four characters, or a
    /// URL without its password.
    pub hint: Option<String>,
}

/// A secret as an admin sends it: left out (or null) keeps the one in
/// force, an empty text removes it, anything else replaces it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(transparent)]
#[schema(value_type = Option<String>)]
pub struct SecretIn(pub Option<String>);

/// The public URL, sign-up and where contact messages go.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct GeneralSection {
    /// Where people reach this install (links in email, shared agents): an
    /// http or https URL.
    pub public_url: String,
    /// Whether anyone may create an account (the first account always may).
    pub signup_open: bool,
    /// Where contact-form messages are mailed; `null`: kept for admins only.
    pub operator_email: Option<String>,
}

/// The server's language model.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct ModelSection<S> {
    pub provider: ModelProvider,
    /// `null`: the provider's public endpoint.
    pub base_url: Option<String>,
    #[serde(default)]
    pub api_key: S,
    /// `null`: the provider's default model.
    pub model: Option<String>,
}

/// Outgoing mail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct MailSection<S> {
    /// `smtp://user:password@host:port` or `smtps://…`; unset: mail is kept
    /// in the outbox.
    #[serde(default)]
    pub smtp_url: S,
    /// The sender, `Name <address>` or an address.
    pub from: String,
}

/// Twilio (phone calls and SMS).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct TwilioSection<S> {
    pub account_sid: Option<String>,
    #[serde(default)]
    pub auth_token: S,
    /// The number calls and SMS come from, in E.164 (`+15551234567`).
    pub phone_number: Option<String>,
    /// `null`: https://api.twilio.com.
    pub base_url: Option<String>,
}

/// A service reached with one API key (ElevenLabs; Gemini, whose base URL
/// ends in `/v1beta` as the model provider's does).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct KeySection<S> {
    #[serde(default)]
    pub api_key: S,
    /// `null`: the service's public endpoint.
    pub base_url: Option<String>,
}

/// Speech to text for voice messages: any OpenAI-compatible
/// `/audio/transcriptions` endpoint (OpenAI, or a Whisper server such as
/// speaches). Unset: the model provider's when it is OpenAI-compatible,
/// else the browser's own recognition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct TranscriptionSection<S> {
    /// Up to and with `/v1` (`https://api.openai.com/v1`).
    pub base_url: Option<String>,
    #[serde(default)]
    pub api_key: S,
    /// `null`: `whisper-1`.
    pub model: Option<String>,
}

/// Where transcriptions are sent, as [`Settings::transcription_endpoint`]
/// decided.
#[derive(Clone, PartialEq, Eq)]
pub struct TranscriptionEndpoint {
    pub base_url: String,
    pub api_key: Option<String>,
    pub model: Option<String>,
    /// Whether it is the model provider's (no transcription endpoint set).
    pub borrowed_from_model: bool,
}

impl std::fmt::Debug for TranscriptionEndpoint {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("TranscriptionEndpoint")
            .field("base_url", &self.base_url)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

/// Stripe (payments).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct StripeSection<S> {
    #[serde(default)]
    pub secret_key: S,
    pub publishable_key: Option<String>,
    #[serde(default)]
    pub webhook_secret: S,
    /// `null`: https://api.stripe.com.
    pub base_url: Option<String>,
}

/// What one request, file or account may take.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LimitsSection {
    /// The largest knowledge document, in bytes.
    pub upload_max_bytes: u64,
    /// What one account's documents may take, in bytes.
    pub knowledge_quota_bytes: u64,
    /// Sign-in and sign-up attempts one address may make a minute.
    pub rate_limit_auth_per_ip: u32,
    /// Sign-in attempts on one email address a minute.
    pub rate_limit_auth_per_email: u32,
    /// Requests one API key may make a minute.
    pub rate_limit_api_key_per_minute: u32,
    /// The longest message a conversation turn takes, in characters.
    pub message_max_chars: u32,
}

/// What a model's tokens cost, in US dollars per million tokens.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ModelPrice {
    #[schema(minimum = 0, maximum = 100000)]
    pub input_per_million: f64,
    #[schema(minimum = 0, maximum = 100000)]
    pub output_per_million: f64,
}

/// [`check`] refuses what is not a number, so every price equals itself.
impl Eq for ModelPrice {}

/// The price table the usage reports estimate cost with, by model name as
/// answers record it (`gpt-4o-mini`); a model without a price has no cost.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PricingSection {
    pub models: std::collections::BTreeMap<String, ModelPrice>,
}

/// The most models the price table holds.
pub const PRICED_MODELS_MAX: usize = 200;
/// The highest price per million tokens.
pub const PRICE_MAX: f64 = 100_000.0;

/// Bounds of the limits: (smallest, largest).
pub const UPLOAD_MAX_BYTES: (u64, u64) = (1024, 1 << 30);
pub const KNOWLEDGE_QUOTA_BYTES: (u64, u64) = (1 << 20, 1 << 44);
pub const RATE_LIMIT: (u32, u32) = (1, 1_000_000);
pub const MESSAGE_MAX: (u32, u32) = (100, MESSAGE_MAX_CHARS as u32);

/// The secret fields, `section.field`.
pub const SECRET_FIELDS: [&str; 8] = [
    "model.apiKey",
    "mail.smtpUrl",
    "twilio.authToken",
    "elevenlabs.apiKey",
    "transcription.apiKey",
    "gemini.apiKey",
    "stripe.secretKey",
    "stripe.webhookSecret",
];

/// Every section, all in force (or all shown).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct Sections<S> {
    pub general: GeneralSection,
    pub model: ModelSection<S>,
    pub mail: MailSection<S>,
    pub twilio: TwilioSection<S>,
    pub elevenlabs: KeySection<S>,
    pub transcription: TranscriptionSection<S>,
    pub gemini: KeySection<S>,
    pub stripe: StripeSection<S>,
    pub limits: LimitsSection,
    pub features: Features,
    pub pricing: PricingSection,
}

/// The settings in force.
pub type Settings = Sections<SecretValue>;

/// A feature an admin may turn off.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Feature {
    VoiceProvider,
    Collaboration,
    FileUpload,
}

impl Settings {
    /// `Ok` when `feature` is on; else 403 `feature_disabled`, saying which.
    pub fn require(&self, feature: Feature) -> Result<(), Error> {
        use agentforge_domain::Denied;
        let (on, message) = match feature {
            Feature::VoiceProvider => (
                self.features.voice_provider,
                "The administrator has turned the voice provider off; the browser's own speech is used",
            ),
            Feature::Collaboration => (
                self.features.collaboration,
                "The administrator has turned collaboration (team sharing and invitations) off",
            ),
            Feature::FileUpload => (
                self.features.file_upload,
                "The administrator has turned file uploads off",
            ),
        };
        if on {
            Ok(())
        } else {
            Err(Error::refused(Denied::FeatureDisabled, message))
        }
    }
}

/// The sections an admin saved (stored, secrets sealed) or sends (secrets
/// as [`SecretIn`]); a missing section is left as it is.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
#[serde(bound(
    deserialize = "S: Deserialize<'de> + Default",
    serialize = "S: Serialize"
))]
pub struct Saved<S> {
    pub general: Option<GeneralSection>,
    pub model: Option<ModelSection<S>>,
    pub mail: Option<MailSection<S>>,
    pub twilio: Option<TwilioSection<S>>,
    pub elevenlabs: Option<KeySection<S>>,
    pub transcription: Option<TranscriptionSection<S>>,
    pub gemini: Option<KeySection<S>>,
    pub stripe: Option<StripeSection<S>>,
    pub limits: Option<LimitsSection>,
    pub features: Option<Features>,
    pub pricing: Option<PricingSection>,
}

/// The section names, as the API and the stored document spell them.
pub const SECTIONS: [&str; 11] = [
    "general",
    "model",
    "mail",
    "twilio",
    "elevenlabs",
    "transcription",
    "gemini",
    "stripe",
    "limits",
    "features",
    "pricing",
];

fn service<S: Clone>(
    s: &ServiceConfig,
    secret: impl Fn(&Secret<String>) -> S,
) -> KeySection<Option<S>> {
    KeySection {
        api_key: s.api_key.as_ref().map(secret),
        base_url: s.base_url.clone(),
    }
}

impl Settings {
    /// The environment's (and the configuration file's) values.
    pub fn from_config(config: &Config) -> Self {
        let i = &config.integrations;
        let twilio = service(&i.twilio, Clone::clone);
        Self {
            general: GeneralSection {
                public_url: config.public_url.clone(),
                signup_open: config.signup_open,
                operator_email: config.operator_email.clone(),
            },
            model: ModelSection {
                provider: config.llm.provider,
                base_url: config.llm.base_url.clone(),
                api_key: config.llm.api_key.clone(),
                model: config.llm.model.clone(),
            },
            mail: MailSection {
                smtp_url: config.smtp_url.clone(),
                from: config.mail_from.clone(),
            },
            twilio: TwilioSection {
                account_sid: i.twilio_account_sid.clone(),
                auth_token: twilio.api_key,
                phone_number: i.twilio_phone_number.clone(),
                base_url: twilio.base_url,
            },
            elevenlabs: service(&i.elevenlabs, Clone::clone),
            transcription: TranscriptionSection {
                base_url: i.stt.base_url.clone(),
                api_key: i.stt.api_key.clone(),
                model: i.stt_model.clone(),
            },
            gemini: service(&i.gemini, Clone::clone),
            stripe: StripeSection {
                secret_key: i.stripe.api_key.clone(),
                publishable_key: i.stripe_publishable_key.clone(),
                webhook_secret: i.stripe_webhook_secret.clone(),
                base_url: i.stripe.base_url.clone(),
            },
            limits: LimitsSection {
                upload_max_bytes: config.upload_max_bytes as u64,
                knowledge_quota_bytes: config.knowledge.quota_bytes,
                rate_limit_auth_per_ip: config.rate_limit_auth_per_ip,
                rate_limit_auth_per_email: config.rate_limit_auth_per_email,
                rate_limit_api_key_per_minute: config.rate_limit_api_key_per_minute,
                message_max_chars: config.message_max_chars as u32,
            },
            features: config.features,
            pricing: PricingSection::default(),
        }
    }

    /// Where voice messages are transcribed: the transcription section's
    /// endpoint, else the model provider's when it speaks OpenAI's API
    /// (with its key; the model stays the transcription section's or
    /// `whisper-1`); `None`: the browser's own recognition is used.
    pub fn transcription_endpoint(&self) -> Option<TranscriptionEndpoint> {
        let t = &self.transcription;
        let model = t.model.clone();
        if let Some(base) = &t.base_url {
            return Some(TranscriptionEndpoint {
                base_url: base.clone(),
                api_key: t.api_key.as_ref().map(|k| k.expose().clone()),
                model,
                borrowed_from_model: false,
            });
        }
        if self.model.provider == ModelProvider::Openai {
            return Some(TranscriptionEndpoint {
                base_url: self
                    .model
                    .base_url
                    .clone()
                    .unwrap_or_else(|| agentforge_llm::OPENAI_BASE_URL.to_owned()),
                api_key: t
                    .api_key
                    .as_ref()
                    .or(self.model.api_key.as_ref())
                    .map(|k| k.expose().clone()),
                model,
                borrowed_from_model: true,
            });
        }
        None
    }

    /// What the model provider's connection is, for the runtime.
    pub fn models(&self) -> agentforge_runtime::ModelsConfig {
        agentforge_runtime::ModelsConfig {
            provider: self.model.provider,
            base_url: self.model.base_url.clone(),
            api_key: self.model.api_key.as_ref().map(|k| k.expose().clone()),
            model: self.model.model.clone(),
        }
    }
}

/// Every section's secrets turned by `f` (sealed, masked, opened …); the
/// other fields as they are. `F` fails for the stored document's secrets
/// that no longer open.
pub trait MapSecrets<A, B> {
    type Out;
    fn map_secrets<E>(&self, f: &mut impl FnMut(&A) -> Result<B, E>) -> Result<Self::Out, E>;
}

macro_rules! map_fields {
    ($ty:ident { $($secret:ident),* } { $($plain:ident),* }) => {
        impl<A, B> MapSecrets<A, B> for $ty<A> {
            type Out = $ty<B>;
            fn map_secrets<E>(&self, f: &mut impl FnMut(&A) -> Result<B, E>) -> Result<$ty<B>, E> {
                Ok($ty {
                    $($secret: f(&self.$secret)?,)*
                    $($plain: self.$plain.clone(),)*
                })
            }
        }
    };
}

map_fields!(ModelSection { api_key } { provider, base_url, model });
map_fields!(MailSection { smtp_url } { from });
map_fields!(TwilioSection { auth_token } { account_sid, phone_number, base_url });
map_fields!(KeySection { api_key } { base_url });
map_fields!(TranscriptionSection { api_key } { base_url, model });
map_fields!(StripeSection { secret_key, webhook_secret } { publishable_key, base_url });

impl<A, B> MapSecrets<A, B> for Sections<A> {
    type Out = Sections<B>;
    fn map_secrets<E>(&self, f: &mut impl FnMut(&A) -> Result<B, E>) -> Result<Sections<B>, E> {
        Ok(Sections {
            general: self.general.clone(),
            model: self.model.map_secrets(f)?,
            mail: self.mail.map_secrets(f)?,
            twilio: self.twilio.map_secrets(f)?,
            elevenlabs: self.elevenlabs.map_secrets(f)?,
            transcription: self.transcription.map_secrets(f)?,
            gemini: self.gemini.map_secrets(f)?,
            stripe: self.stripe.map_secrets(f)?,
            limits: self.limits,
            features: self.features,
            pricing: self.pricing.clone(),
        })
    }
}

impl<A, B> MapSecrets<A, B> for Saved<A> {
    type Out = Saved<B>;
    fn map_secrets<E>(&self, f: &mut impl FnMut(&A) -> Result<B, E>) -> Result<Saved<B>, E> {
        fn each<T: MapSecrets<A, B>, A, B, E>(
            section: &Option<T>,
            f: &mut impl FnMut(&A) -> Result<B, E>,
        ) -> Result<Option<T::Out>, E> {
            section.as_ref().map(|s| s.map_secrets(f)).transpose()
        }
        Ok(Saved {
            general: self.general.clone(),
            model: each(&self.model, f)?,
            mail: each(&self.mail, f)?,
            twilio: each(&self.twilio, f)?,
            elevenlabs: each(&self.elevenlabs, f)?,
            transcription: each(&self.transcription, f)?,
            gemini: each(&self.gemini, f)?,
            stripe: each(&self.stripe, f)?,
            limits: self.limits,
            features: self.features,
            pricing: self.pricing.clone(),
        })
    }
}

impl Settings {
    /// These settings with the saved sections in place of theirs.
    pub fn with(mut self, saved: Saved<SecretValue>) -> Self {
        let Saved {
            general,
            model,
            mail,
            twilio,
            elevenlabs,
            transcription,
            gemini,
            stripe,
            limits,
            features,
            pricing,
        } = saved;
        macro_rules! replace {
            ($($name:ident),*) => { $(if let Some(section) = $name { self.$name = section; })* };
        }
        replace!(
            general,
            model,
            mail,
            twilio,
            elevenlabs,
            transcription,
            gemini,
            stripe,
            limits,
            features,
            pricing
        );
        self
    }

    /// The settings as the API shows them.
    pub fn masked(&self) -> Sections<Masked> {
        let masked: Result<_, std::convert::Infallible> = self.map_secrets(&mut |s| Ok(mask(s)));
        match masked {
            Ok(m) => m,
        }
    }
}

/// How a secret shows: set or not, and a hint that tells values apart
/// without giving them away.
pub fn mask(secret: &SecretValue) -> Masked {
    let Some(secret) = secret else {
        return Masked::default();
    };
    let value = secret.expose();
    let hint = if let Some((scheme, rest)) = value.split_once("://") {
        // A URL: its host and port, never the user or password before `@`.
        let host = rest.rsplit_once('@').map_or(rest, |(_, host)| host);
        let host = host.split(['/', '?', '#']).next().unwrap_or_default();
        Some(format!("{scheme}://…@{host}"))
    } else {
        let chars: Vec<char> = value.chars().collect();
        (chars.len() >= 12)
            .then(|| format!("…{}", chars[chars.len() - 4..].iter().collect::<String>()))
    };
    Masked { set: true, hint }
}

/// The saved sections an admin sent, over the ones in force: a secret left
/// out keeps its value, `""` removes it, anything else replaces it.
pub fn resolve(current: &Settings, sent: Saved<SecretIn>) -> Saved<SecretValue> {
    fn pick(sent: &SecretIn, current: &SecretValue) -> SecretValue {
        match sent.0.as_deref().map(str::trim) {
            None => current.clone(),
            Some("") => None,
            Some(value) => Some(Secret::new(value.to_owned())),
        }
    }
    Saved {
        general: sent.general,
        model: sent.model.map(|s| ModelSection {
            api_key: pick(&s.api_key, &current.model.api_key),
            provider: s.provider,
            base_url: s.base_url,
            model: s.model,
        }),
        mail: sent.mail.map(|s| MailSection {
            smtp_url: pick(&s.smtp_url, &current.mail.smtp_url),
            from: s.from,
        }),
        twilio: sent.twilio.map(|s| TwilioSection {
            auth_token: pick(&s.auth_token, &current.twilio.auth_token),
            account_sid: s.account_sid,
            phone_number: s.phone_number,
            base_url: s.base_url,
        }),
        elevenlabs: sent.elevenlabs.map(|s| KeySection {
            api_key: pick(&s.api_key, &current.elevenlabs.api_key),
            base_url: s.base_url,
        }),
        transcription: sent.transcription.map(|s| TranscriptionSection {
            api_key: pick(&s.api_key, &current.transcription.api_key),
            base_url: s.base_url,
            model: s.model,
        }),
        gemini: sent.gemini.map(|s| KeySection {
            api_key: pick(&s.api_key, &current.gemini.api_key),
            base_url: s.base_url,
        }),
        stripe: sent.stripe.map(|s| StripeSection {
            secret_key: pick(&s.secret_key, &current.stripe.secret_key),
            webhook_secret: pick(&s.webhook_secret, &current.stripe.webhook_secret),
            publishable_key: s.publishable_key,
            base_url: s.base_url,
        }),
        limits: sent.limits,
        features: sent.features,
        pricing: sent.pricing,
    }
}

/// The longest text of a setting (URLs, names, keys).
const TEXT_MAX: usize = 2048;

/// Trims what was sent, makes blank optional text `null`, and checks every
/// field of every section sent; a bad value names its field
/// (`model.baseUrl`) and nothing is saved.
pub fn check(saved: &mut Saved<SecretValue>) -> Result<(), Error> {
    let mut p = Problems::default();
    if let Some(g) = &mut saved.general {
        g.public_url = g.public_url.trim().trim_end_matches('/').to_owned();
        url(&mut p, "general.publicUrl", Some(&g.public_url));
        optional(&mut g.operator_email);
        if let Some(email) = &g.operator_email {
            p.check("general.operatorEmail", Email::parse(email));
        }
    }
    if let Some(m) = &mut saved.model {
        optional(&mut m.base_url);
        optional(&mut m.model);
        url(&mut p, "model.baseUrl", m.base_url.as_deref());
        p.text("model.model", m.model.as_deref(), 200);
        secret(&mut p, "model.apiKey", &m.api_key);
        if m.provider == ModelProvider::Gemini && m.api_key.is_none() {
            p.add("model.apiKey", "Gemini needs an API key");
        }
    }
    if let Some(m) = &mut saved.mail {
        m.from = m.from.trim().to_owned();
        if !agentforge_mail::valid_sender(&m.from) {
            p.add("mail.from", "Must be an address, or a name and <address>");
        }
        secret(&mut p, "mail.smtpUrl", &m.smtp_url);
        if let Some(smtp) = &m.smtp_url {
            let smtp = smtp.expose();
            if !(smtp.starts_with("smtp://") || smtp.starts_with("smtps://")) {
                p.add("mail.smtpUrl", "Must start with smtp:// or smtps://");
            } else if agentforge_mail::SmtpMailer::new(smtp, "x@example.com").is_err() {
                p.add("mail.smtpUrl", "Is not a usable SMTP URL");
            }
        }
    }
    if let Some(t) = &mut saved.twilio {
        optional(&mut t.account_sid);
        optional(&mut t.phone_number);
        optional(&mut t.base_url);
        if let Some(sid) = &t.account_sid
            && !(sid.len() == 34
                && sid.starts_with("AC")
                && sid[2..].chars().all(|c| c.is_ascii_hexdigit()))
        {
            p.add(
                "twilio.accountSid",
                "A Twilio account SID is AC and 32 hexadecimal digits",
            );
        }
        if let Some(number) = &t.phone_number
            && !(number.starts_with('+')
                && (8..=16).contains(&number.len())
                && number[1..].chars().all(|c| c.is_ascii_digit())
                && !number[1..].starts_with('0'))
        {
            p.add(
                "twilio.phoneNumber",
                "Must be in E.164 form, such as +15551234567",
            );
        }
        secret(&mut p, "twilio.authToken", &t.auth_token);
        url(&mut p, "twilio.baseUrl", t.base_url.as_deref());
    }
    for (name, section) in [
        ("elevenlabs", &mut saved.elevenlabs),
        ("gemini", &mut saved.gemini),
    ] {
        if let Some(k) = section {
            optional(&mut k.base_url);
            secret(&mut p, &format!("{name}.apiKey"), &k.api_key);
            url(&mut p, &format!("{name}.baseUrl"), k.base_url.as_deref());
        }
    }
    if let Some(t) = &mut saved.transcription {
        optional(&mut t.base_url);
        optional(&mut t.model);
        url(&mut p, "transcription.baseUrl", t.base_url.as_deref());
        p.text("transcription.model", t.model.as_deref(), 200);
        secret(&mut p, "transcription.apiKey", &t.api_key);
    }
    if let Some(s) = &mut saved.stripe {
        optional(&mut s.publishable_key);
        optional(&mut s.base_url);
        secret(&mut p, "stripe.secretKey", &s.secret_key);
        secret(&mut p, "stripe.webhookSecret", &s.webhook_secret);
        let starts = |v: &SecretValue, prefixes: &[&str]| {
            v.as_ref()
                .is_none_or(|v| prefixes.iter().any(|x| v.expose().starts_with(x)))
        };
        if !starts(&s.secret_key, &["sk_", "rk_"]) {
            p.add(
                "stripe.secretKey",
                "A Stripe secret key starts with sk_ (or rk_ for a restricted key)",
            );
        }
        if !starts(&s.webhook_secret, &["whsec_"]) {
            p.add(
                "stripe.webhookSecret",
                "A Stripe webhook signing secret starts with whsec_",
            );
        }
        if s.publishable_key
            .as_ref()
            .is_some_and(|k| !k.starts_with("pk_"))
        {
            p.add(
                "stripe.publishableKey",
                "A Stripe publishable key starts with pk_",
            );
        }
        p.text("stripe.publishableKey", s.publishable_key.as_deref(), 256);
        url(&mut p, "stripe.baseUrl", s.base_url.as_deref());
    }
    if let Some(l) = &saved.limits {
        within(
            &mut p,
            "limits.uploadMaxBytes",
            l.upload_max_bytes,
            UPLOAD_MAX_BYTES,
        );
        within(
            &mut p,
            "limits.knowledgeQuotaBytes",
            l.knowledge_quota_bytes,
            KNOWLEDGE_QUOTA_BYTES,
        );
        for (field, value) in [
            ("limits.rateLimitAuthPerIp", l.rate_limit_auth_per_ip),
            ("limits.rateLimitAuthPerEmail", l.rate_limit_auth_per_email),
            (
                "limits.rateLimitApiKeyPerMinute",
                l.rate_limit_api_key_per_minute,
            ),
        ] {
            within(&mut p, field, value, RATE_LIMIT);
        }
        within(
            &mut p,
            "limits.messageMaxChars",
            l.message_max_chars,
            MESSAGE_MAX,
        );
    }
    if let Some(pricing) = &mut saved.pricing {
        if pricing.models.len() > PRICED_MODELS_MAX {
            p.add(
                "pricing.models",
                format!("At most {PRICED_MODELS_MAX} models"),
            );
        }
        let models = std::mem::take(&mut pricing.models);
        for (name, price) in models {
            let name = name.trim().to_owned();
            let field = format!("pricing.models.{name}");
            if name.is_empty() {
                p.add("pricing.models", "A model needs a name");
            } else if name.chars().count() > 200 || name.chars().any(char::is_control) {
                p.add(
                    &field,
                    "A model name is at most 200 characters, without control characters",
                );
            }
            for (which, value) in [
                ("inputPerMillion", price.input_per_million),
                ("outputPerMillion", price.output_per_million),
            ] {
                if !(value.is_finite() && (0.0..=PRICE_MAX).contains(&value)) {
                    p.add(
                        &format!("{field}.{which}"),
                        format!("A price per million tokens from 0 to {PRICE_MAX}"),
                    );
                }
            }
            pricing.models.insert(name, price);
        }
    }
    p.finish()
}

fn optional(value: &mut Option<String>) {
    if let Some(text) = value.as_mut() {
        let trimmed = text.trim();
        if trimmed.is_empty() {
            *value = None;
        } else if trimmed.len() != text.len() {
            *text = trimmed.to_owned();
        }
    }
}

fn url(p: &mut Problems, field: &str, value: Option<&str>) {
    let Some(value) = value else { return };
    let parsed = url::Url::parse(value);
    let ok = value.chars().count() <= TEXT_MAX
        && parsed.is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some());
    if !ok {
        p.add(field, "Must be an http:// or https:// URL");
    }
}

fn secret(p: &mut Problems, field: &str, value: &SecretValue) {
    let Some(value) = value else { return };
    let value = value.expose();
    if value.chars().count() > TEXT_MAX {
        p.add(
            field,
            agentforge_domain::error::messages::too_long(TEXT_MAX),
        );
    } else if value.chars().any(char::is_control) {
        p.add(field, "Must not contain control characters or line breaks");
    }
}

fn within<T: PartialOrd + std::fmt::Display>(
    p: &mut Problems,
    field: &str,
    value: T,
    (min, max): (T, T),
) {
    use agentforge_domain::error::messages;
    if value < min {
        p.add(field, messages::at_least(min));
    } else if value > max {
        p.add(field, messages::at_most(max));
    }
}
