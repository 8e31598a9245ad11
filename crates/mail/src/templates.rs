//! Every email the product sends, written from one layout (an HTML part
//! and a plain-text part) and a catalogue of sentences per language
//! (`locales/{lang}.json`), with minijinja.
//!
//! The catalogue's sentences are templates themselves (`Hello {{ name }},`),
//! rendered once for the HTML part, where every value is escaped, and once
//! for the text part. Values people chose (a name, a team's name, a team
//! message) only ever fill a sentence; they never become one.

use std::collections::BTreeMap;

use agentforge_domain::Language;
use agentforge_domain::mail::MailTemplate;
use agentforge_domain::team::TeamRole;
use minijinja::{AutoEscape, Environment, Value, context};
use serde::Deserialize;

const LAYOUT_HTML: &str = include_str!("../templates/layout.html");
const LAYOUT_TEXT: &str = include_str!("../templates/layout.txt");

/// Every catalogue, compiled in.
const CATALOGUES: [(Language, &str); 12] = [
    (Language::En, include_str!("../locales/en.json")),
    (Language::Zh, include_str!("../locales/zh.json")),
    (Language::Ja, include_str!("../locales/ja.json")),
    (Language::Es, include_str!("../locales/es.json")),
    (Language::Ar, include_str!("../locales/ar.json")),
    (Language::Ko, include_str!("../locales/ko.json")),
    (Language::Fr, include_str!("../locales/fr.json")),
    (Language::De, include_str!("../locales/de.json")),
    (Language::Ru, include_str!("../locales/ru.json")),
    (Language::Pt, include_str!("../locales/pt.json")),
    (Language::Da, include_str!("../locales/da.json")),
    (Language::Id, include_str!("../locales/id.json")),
];

/// The sentences of one language. (serde cannot refuse unknown fields
/// beside a flattened map: `Templates::new` refuses unknown emails itself.)
#[derive(Debug, Deserialize)]
struct Catalogue {
    greeting: String,
    greeting_anonymous: String,
    link_help: String,
    footer: String,
    roles: BTreeMap<String, String>,
    /// The texts sent by SMS, by kind ([`Sms`]).
    sms: BTreeMap<String, String>,
    #[serde(flatten)]
    emails: BTreeMap<String, EmailText>,
}

/// A text sent by SMS; the language makes its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sms {
    /// A code that proves the person holds the number.
    Verification { code: String, minutes: u32 },
    /// A notification of a kind (`alert`, `reminder`, `handoff`,
    /// `call_summary`), its details by name. The kind's sentence names the
    /// details it takes; the caller checks they are all there.
    Notification {
        kind: &'static str,
        details: BTreeMap<String, String>,
    },
}

impl Sms {
    /// Every kind, as the catalogues name them.
    pub const KINDS: [&'static str; 5] = [
        "verification",
        "alert",
        "reminder",
        "handoff",
        "call_summary",
    ];

    fn kind(&self) -> &'static str {
        match self {
            Sms::Verification { .. } => "verification",
            Sms::Notification { kind, .. } => kind,
        }
    }

    fn values(&self, brand: &Brand) -> Value {
        match self {
            Sms::Verification { code, minutes } => {
                context! { product => &brand.product, code, minutes }
            }
            Sms::Notification { details, .. } => {
                let mut values = details.clone();
                values.insert("product".to_owned(), brand.product.clone());
                Value::from_serialize(&values)
            }
        }
    }
}

/// The sentences of one email.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct EmailText {
    subject: String,
    before: Vec<String>,
    #[serde(default)]
    action: Option<String>,
    after: Vec<String>,
}

/// Who the email is from, as configured: the product's name and where it
/// is reached.
#[derive(Debug, Clone)]
pub struct Brand {
    pub product: String,
    pub public_url: String,
}

/// One email's facts; the template and the language make its words.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Message {
    EmailVerification {
        name: String,
        link: String,
    },
    EmailChanged {
        name: String,
        old_email: String,
        new_email: String,
    },
    PasswordChanged {
        name: String,
        reset_link: String,
    },
    PasswordReset {
        name: String,
        link: String,
    },
    /// After a reset: every session was signed out.
    PasswordWasReset {
        name: String,
        reset_link: String,
    },
    /// To an address, which may have no account yet: no name to greet.
    TeamInvitation {
        by: String,
        team: String,
        role: TeamRole,
        link: String,
        days: u32,
    },
    TeamMemberAdded {
        name: String,
        by: String,
        team: String,
        role: TeamRole,
        link: String,
    },
    TeamMessage {
        name: String,
        from: String,
        team: String,
        message: String,
    },
    /// A workflow's "send email" node: the subject and body its author
    /// wrote, to an address that may have no account (no name to greet).
    WorkflowMessage {
        /// The workflow's name, quoted.
        workflow: String,
        /// The author's subject: the email's whole subject, on one line.
        subject: String,
        /// The author's text, quoted whole.
        body: String,
    },
    /// The contact form's message, to the operator.
    ContactMessage {
        /// Who wrote: their name, quoted, and address.
        from: String,
        email: String,
        company: String,
        subject: String,
        message: String,
    },
    /// A webhook failed too many times in a row.
    WebhookFailing {
        name: String,
        webhook: String,
        platform: String,
        agent: String,
        failures: u32,
        /// The last failure, in words.
        error: String,
        link: String,
    },
    /// An outbound webhook endpoint failed for a day and was disabled.
    WebhookEndpointDisabled {
        name: String,
        url: String,
        hours: u64,
        /// The last failure, in words.
        error: String,
        link: String,
    },
}

impl Message {
    pub fn template(&self) -> MailTemplate {
        match self {
            Message::EmailVerification { .. } => MailTemplate::EmailVerification,
            Message::EmailChanged { .. } => MailTemplate::EmailChanged,
            Message::PasswordChanged { .. } => MailTemplate::PasswordChanged,
            Message::PasswordReset { .. } => MailTemplate::PasswordReset,
            Message::PasswordWasReset { .. } => MailTemplate::PasswordWasReset,
            Message::TeamInvitation { .. } => MailTemplate::TeamInvitation,
            Message::TeamMemberAdded { .. } => MailTemplate::TeamMemberAdded,
            Message::TeamMessage { .. } => MailTemplate::TeamMessage,
            Message::WorkflowMessage { .. } => MailTemplate::WorkflowMessage,
            Message::ContactMessage { .. } => MailTemplate::ContactMessage,
            Message::WebhookFailing { .. } => MailTemplate::WebhookFailing,
            Message::WebhookEndpointDisabled { .. } => MailTemplate::WebhookEndpointDisabled,
        }
    }

    /// Whom it greets (empty: nobody by name).
    fn name(&self) -> &str {
        match self {
            Message::EmailVerification { name, .. }
            | Message::EmailChanged { name, .. }
            | Message::PasswordChanged { name, .. }
            | Message::PasswordReset { name, .. }
            | Message::PasswordWasReset { name, .. }
            | Message::TeamMemberAdded { name, .. }
            | Message::TeamMessage { name, .. }
            | Message::WebhookFailing { name, .. }
            | Message::WebhookEndpointDisabled { name, .. } => name,
            Message::TeamInvitation { .. }
            | Message::WorkflowMessage { .. }
            | Message::ContactMessage { .. } => "",
        }
    }

    /// The button's address, when the email has one.
    fn link(&self) -> Option<&str> {
        match self {
            Message::EmailVerification { link, .. }
            | Message::PasswordReset { link, .. }
            | Message::TeamInvitation { link, .. }
            | Message::TeamMemberAdded { link, .. }
            | Message::WebhookFailing { link, .. }
            | Message::WebhookEndpointDisabled { link, .. } => Some(link),
            Message::PasswordChanged { reset_link, .. }
            | Message::PasswordWasReset { reset_link, .. } => Some(reset_link),
            Message::EmailChanged { .. }
            | Message::TeamMessage { .. }
            | Message::WorkflowMessage { .. }
            | Message::ContactMessage { .. } => None,
        }
    }

    /// What the sentences may say, by name.
    fn values(&self, brand: &Brand, roles: &BTreeMap<String, String>) -> Value {
        let role_name = |role: &TeamRole| {
            roles
                .get(role.as_str())
                .cloned()
                .unwrap_or_else(|| role.as_str().to_owned())
        };
        let product = &brand.product;
        let name = self.name();
        match self {
            Message::EmailVerification { .. }
            | Message::PasswordChanged { .. }
            | Message::PasswordReset { .. }
            | Message::PasswordWasReset { .. } => context! { product, name },
            Message::EmailChanged {
                old_email,
                new_email,
                ..
            } => context! { product, name, old_email, new_email },
            Message::TeamInvitation {
                by,
                team,
                role,
                days,
                ..
            } => context! { product, by, team, days, role => role_name(role) },
            Message::TeamMemberAdded { by, team, role, .. } => {
                context! { product, name, by, team, role => role_name(role) }
            }
            Message::TeamMessage { from, team, .. } => context! { product, name, from, team },
            Message::WorkflowMessage {
                workflow, subject, ..
            } => context! { product, workflow, subject },
            Message::ContactMessage {
                from,
                email,
                company,
                subject,
                ..
            } => context! { product, from, email, company, subject },
            Message::WebhookFailing {
                webhook,
                platform,
                agent,
                failures,
                ..
            } => context! { product, name, webhook, platform, agent, failures },
            Message::WebhookEndpointDisabled { url, hours, .. } => {
                context! { product, name, url, hours }
            }
        }
    }

    /// Text quoted whole, apart from the sentences.
    fn quote(&self) -> Option<&str> {
        match self {
            Message::TeamMessage { message, .. }
            | Message::WorkflowMessage { body: message, .. }
            | Message::ContactMessage { message, .. } => Some(message),
            Message::WebhookFailing { error, .. }
            | Message::WebhookEndpointDisabled { error, .. }
                if !error.is_empty() =>
            {
                Some(error)
            }
            _ => None,
        }
    }
}

/// An email written out: what the outbox keeps and SMTP sends.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Rendered {
    pub subject: String,
    pub text: String,
    pub html: String,
}

/// Why an email could not be written: a catalogue or layout that does not
/// compile, found by the tests long before a user meets it.
#[derive(Debug, thiserror::Error)]
#[error("email template: {0}")]
pub struct TemplateError(String);

impl From<minijinja::Error> for TemplateError {
    fn from(e: minijinja::Error) -> Self {
        Self(format!("{e:#}"))
    }
}

/// The layouts and every language's sentences, compiled once.
pub struct Templates {
    env: Environment<'static>,
    catalogues: std::collections::HashMap<Language, Catalogue>,
}

impl std::fmt::Debug for Templates {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Templates").finish_non_exhaustive()
    }
}

impl Templates {
    /// Reads the layouts and catalogues compiled into this program.
    pub fn new() -> Result<Self, TemplateError> {
        let mut env = Environment::new();
        env.set_trim_blocks(true);
        env.set_keep_trailing_newline(false);
        env.set_undefined_behavior(minijinja::UndefinedBehavior::Strict);
        env.set_auto_escape_callback(|name| {
            if name.ends_with(".html") {
                AutoEscape::Html
            } else {
                AutoEscape::None
            }
        });
        env.add_filter("quote_lines", |text: String| -> String {
            text.lines()
                .map(|line| format!("> {line}"))
                .collect::<Vec<_>>()
                .join("\n")
        });
        env.add_template("layout.html", LAYOUT_HTML)?;
        env.add_template("layout.txt", LAYOUT_TEXT)?;
        let mut catalogues = std::collections::HashMap::new();
        for (language, source) in CATALOGUES {
            let catalogue: Catalogue = serde_json::from_str(source)
                .map_err(|e| TemplateError(format!("locales/{}.json: {e}", language.as_str())))?;
            if let Some(unknown) = catalogue
                .emails
                .keys()
                .find(|k| MailTemplate::parse(k).is_err())
            {
                return Err(TemplateError(format!(
                    "locales/{}.json has an email no template names: {unknown}",
                    language.as_str()
                )));
            }
            for kind in Sms::KINDS {
                if !catalogue.sms.contains_key(kind) {
                    return Err(TemplateError(format!(
                        "locales/{}.json has no sms.{kind}",
                        language.as_str()
                    )));
                }
            }
            for template in MailTemplate::ALL {
                if !catalogue.emails.contains_key(template.as_str()) {
                    return Err(TemplateError(format!(
                        "locales/{}.json has no {}",
                        language.as_str(),
                        template.as_str()
                    )));
                }
            }
            catalogues.insert(language, catalogue);
        }
        Ok(Self { env, catalogues })
    }

    /// Writes the SMS `sms` in `language`: one line of plain text.
    pub fn sms(
        &self,
        brand: &Brand,
        language: Language,
        sms: &Sms,
    ) -> Result<String, TemplateError> {
        let catalogue = self
            .catalogues
            .get(&language)
            .or_else(|| self.catalogues.get(&Language::En))
            .ok_or_else(|| TemplateError("no catalogue".into()))?;
        let source = catalogue
            .sms
            .get(sms.kind())
            .ok_or_else(|| TemplateError(format!("no sms.{}", sms.kind())))?;
        let text = Kind::Text.sentence(&self.env, source, &sms.values(brand))?;
        Ok(text
            .as_str()
            .unwrap_or_default()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" "))
    }

    /// Writes `message` in `language`.
    pub fn render(
        &self,
        brand: &Brand,
        language: Language,
        message: &Message,
    ) -> Result<Rendered, TemplateError> {
        let catalogue = self
            .catalogues
            .get(&language)
            .or_else(|| self.catalogues.get(&Language::En))
            .ok_or_else(|| TemplateError("no catalogue".into()))?;
        let template = message.template();
        let text = catalogue
            .emails
            .get(template.as_str())
            .ok_or_else(|| TemplateError(format!("no {}", template.as_str())))?;
        let values = message.values(brand, &catalogue.roles);
        let greeting = if message.name().is_empty() {
            &catalogue.greeting_anonymous
        } else {
            &catalogue.greeting
        };
        let footer = context! { product => &brand.product };

        let mut parts = Vec::with_capacity(2);
        for kind in [Kind::Text, Kind::Html] {
            let sentence = |source: &str, values: &Value| kind.sentence(&self.env, source, values);
            let before = text
                .before
                .iter()
                .map(|s| sentence(s, &values))
                .collect::<Result<Vec<_>, _>>()?;
            let after = text
                .after
                .iter()
                .map(|s| sentence(s, &values))
                .collect::<Result<Vec<_>, _>>()?;
            let action = match (&text.action, message.link()) {
                (Some(label), Some(url)) => Some(context! {
                    label => sentence(label, &values)?,
                    url => kind.url(url),
                }),
                _ => None,
            };
            let body = self.env.get_template(kind.layout())?.render(context! {
                lang => language.as_str(),
                dir => if language.is_rtl() { "rtl" } else { "ltr" },
                start => if language.is_rtl() { "right" } else { "left" },
                subject => kind.sentence(&self.env, &text.subject, &values)?,
                product => &brand.product,
                public_url => kind.url(&brand.public_url),
                greeting => sentence(greeting, &values)?,
                before,
                quote => message.quote(),
                action,
                link_help => sentence(&catalogue.link_help, &values)?,
                after,
                footer => sentence(&catalogue.footer, &footer)?,
            })?;
            parts.push(body);
        }
        let html = parts.pop().unwrap_or_default();
        let text_part = parts.pop().unwrap_or_default();
        let subject = Kind::Text.sentence(&self.env, &text.subject, &values)?;
        Ok(Rendered {
            // A subject is one line, whatever a value held.
            subject: subject
                .as_str()
                .unwrap_or_default()
                .split_whitespace()
                .collect::<Vec<_>>()
                .join(" "),
            text: text_part.as_str().to_owned() + "\n",
            html: html.as_str().to_owned(),
        })
    }
}

/// Which part a sentence is written for.
#[derive(Clone, Copy)]
enum Kind {
    Text,
    Html,
}

impl Kind {
    fn layout(self) -> &'static str {
        match self {
            Kind::Text => "layout.txt",
            Kind::Html => "layout.html",
        }
    }

    /// A link as this part shows it. minijinja's HTML escaping writes every
    /// `/` as `&#x2f;`, which mail clients show as it is when they read an
    /// address out of the text: a link is escaped for an attribute (`&`,
    /// `<`, `>` and quotes) and no further.
    fn url(self, url: &str) -> Value {
        match self {
            Kind::Text => Value::from(url),
            Kind::Html => {
                let mut escaped = String::with_capacity(url.len());
                for c in url.chars() {
                    match c {
                        '&' => escaped.push_str("&amp;"),
                        '<' => escaped.push_str("&lt;"),
                        '>' => escaped.push_str("&gt;"),
                        '"' => escaped.push_str("&quot;"),
                        '\'' => escaped.push_str("&#39;"),
                        c => escaped.push(c),
                    }
                }
                Value::from_safe_string(escaped)
            }
        }
    }

    /// One catalogue sentence with its values: escaped for HTML, and then
    /// safe to place in the layout as it is.
    fn sentence(
        self,
        env: &Environment<'static>,
        source: &str,
        values: &Value,
    ) -> Result<Value, TemplateError> {
        let name = match self {
            Kind::Text => "sentence.txt",
            Kind::Html => "sentence.html",
        };
        let out = env.render_named_str(name, source, values)?;
        Ok(match self {
            Kind::Text => Value::from(out),
            Kind::Html => Value::from_safe_string(out),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn brand() -> Brand {
        Brand {
            product: "AgentForge".into(),
            public_url: "https://agents.example.com".into(),
        }
    }

    #[test]
    fn sms_are_one_line_in_the_persons_language() {
        let t = Templates::new().unwrap();
        let code = Sms::Verification {
            code: "042917".into(),
            minutes: 10,
        };
        assert_eq!(
            t.sms(&brand(), Language::En, &code).unwrap(),
            "Your AgentForge verification code is 042917. It expires in 10 minutes. Do not share it."
        );
        let alert = Sms::Notification {
            kind: "alert",
            details: [(
                "message".to_owned(),
                "The {{ x }} queue is <full>".to_owned(),
            )]
            .into(),
        };
        assert_eq!(
            t.sms(&brand(), Language::En, &alert).unwrap(),
            "AgentForge alert: The {{ x }} queue is <full>",
            "details fill a sentence; they never become one"
        );
        let ar = t.sms(&brand(), Language::Ar, &code).unwrap();
        assert!(
            ar.contains("042917") && ar.contains("AgentForge") && !ar.contains('\n'),
            "{ar}"
        );
        for language in Language::ALL {
            let text = t.sms(&brand(), *language, &code).unwrap();
            assert!(
                text.contains("042917") && text.contains("10"),
                "{language:?}: {text}"
            );
        }
    }

    fn every_message() -> Vec<Message> {
        vec![
            Message::EmailVerification {
                name: "Ada".into(),
                link: "https://agents.example.com/verify-email?token=abc".into(),
            },
            Message::EmailChanged {
                name: "Ada".into(),
                old_email: "old@example.com".into(),
                new_email: "new@example.com".into(),
            },
            Message::PasswordChanged {
                name: "".into(),
                reset_link: "https://agents.example.com/forgot-password".into(),
            },
            Message::PasswordReset {
                name: "Ada".into(),
                link: "https://agents.example.com/reset-password?token=abc".into(),
            },
            Message::PasswordWasReset {
                name: "Ada".into(),
                reset_link: "https://agents.example.com/forgot-password".into(),
            },
            Message::TeamInvitation {
                by: "Grace Hopper".into(),
                team: "“Support”".into(),
                role: TeamRole::Admin,
                link: "https://agents.example.com/dashboard/settings/team?invitation=abc".into(),
                days: 7,
            },
            Message::TeamMemberAdded {
                name: "Ada".into(),
                by: "Grace Hopper".into(),
                team: "“Support”".into(),
                role: TeamRole::Viewer,
                link: "https://agents.example.com/dashboard/settings/team".into(),
            },
            Message::TeamMessage {
                name: "Ada".into(),
                from: "Grace Hopper".into(),
                team: "“Support”".into(),
                message: "Stand-up at ten\nin room 2".into(),
            },
            Message::WorkflowMessage {
                workflow: "“Support”".into(),
                subject: "Your order\r\nhas shipped".into(),
                body: "Your parcel left today\nTrack it online".into(),
            },
        ]
    }

    #[test]
    fn every_email_is_written_in_every_language_with_both_parts() {
        let templates = Templates::new().expect("the templates compile");
        for (language, _) in CATALOGUES {
            for message in every_message() {
                let mail = templates
                    .render(&brand(), language, &message)
                    .unwrap_or_else(|e| panic!("{language} {:?}: {e}", message.template()));
                assert!(!mail.subject.is_empty() && !mail.subject.contains('\n'));
                assert!(
                    mail.text.contains("https://agents.example.com"),
                    "{}",
                    mail.text
                );
                assert!(mail.html.contains(&format!("lang=\"{language}\"")));
                if let Some(link) = message.link() {
                    assert!(mail.text.contains(link), "{language}: {}", mail.text);
                    assert!(mail.html.contains(&format!("href=\"{link}\"")));
                }
                if let Message::TeamMessage { .. } = message {
                    assert!(
                        mail.text.contains("> Stand-up at ten\n> in room 2"),
                        "{}",
                        mail.text
                    );
                }
                if let Message::WorkflowMessage { .. } = message {
                    assert_eq!(mail.subject, "Your order has shipped", "{language}");
                    assert!(
                        mail.text
                            .contains("> Your parcel left today\n> Track it online"),
                        "{}",
                        mail.text
                    );
                }
                for value in ["Grace Hopper", "Support"] {
                    if format!("{message:?}").contains(value) {
                        assert!(mail.text.contains(value), "{language}: {}", mail.text);
                    }
                }
                assert!(!mail.text.contains("{{") && !mail.html.contains("{{"));
            }
        }
    }

    #[test]
    fn the_english_texts_read_as_before() {
        let templates = Templates::new().unwrap();
        let mail = templates
            .render(&brand(), Language::En, &every_message()[3])
            .unwrap();
        assert_eq!(mail.subject, "Reset your AgentForge password");
        assert_eq!(
            mail.text,
            "Hello Ada,\n\n\
             Someone (hopefully you) asked to reset the password of your AgentForge account. \
             Open this link within the next hour to choose a new password:\n\n\
             https://agents.example.com/reset-password?token=abc\n\n\
             If it was not you, ignore this email: your password stays as it is.\n\n\
             -- \nThis email was sent by AgentForge. https://agents.example.com\n"
        );
        let invitation = templates
            .render(&brand(), Language::En, &every_message()[5])
            .unwrap();
        assert_eq!(
            invitation.subject,
            "You are invited to join the team “Support” on AgentForge"
        );
        assert!(
            invitation
                .text
                .starts_with("Hello,\n\nGrace Hopper invited you")
        );
        assert!(invitation.text.contains("as admin."));
    }

    /// `MAIL_PREVIEW_DIR=/tmp/x cargo test -p agentforge-mail preview`
    /// writes every email in every language there, to look at.
    #[test]
    fn preview() {
        let Ok(dir) = std::env::var("MAIL_PREVIEW_DIR") else {
            return;
        };
        let templates = Templates::new().unwrap();
        for (language, _) in CATALOGUES {
            for message in every_message() {
                let mail = templates.render(&brand(), language, &message).unwrap();
                let name = format!("{dir}/{}-{}", message.template(), language);
                std::fs::write(format!("{name}.html"), &mail.html).unwrap();
                std::fs::write(
                    format!("{name}.txt"),
                    format!("Subject: {}\n\n{}", mail.subject, mail.text),
                )
                .unwrap();
            }
        }
    }

    #[test]
    fn values_are_escaped_in_html_and_kept_in_text() {
        let templates = Templates::new().unwrap();
        let message = Message::TeamMessage {
            name: "<b>Ada</b>".into(),
            from: "Eve <script>".into(),
            team: "“A & B”".into(),
            message: "<img src=x onerror=alert(1)>".into(),
        };
        let mail = templates.render(&brand(), Language::En, &message).unwrap();
        assert!(!mail.html.contains("<script>") && !mail.html.contains("<img"));
        assert!(!mail.html.contains("<b>Ada"));
        assert!(
            mail.html.contains("&lt;b&gt;Ada&lt;&#x2f;b&gt;")
                || mail.html.contains("&lt;b&gt;Ada&lt;/b&gt;"),
            "{}",
            mail.html
        );
        assert!(mail.html.contains("A &amp; B"));
        assert!(mail.text.contains("Hello <b>Ada</b>,"));
        assert!(mail.text.contains("> <img src=x onerror=alert(1)>"));
    }

    #[test]
    fn a_workflows_email_says_what_its_author_wrote() {
        let templates = Templates::new().unwrap();
        let message = Message::WorkflowMessage {
            workflow: "“A & B”".into(),
            subject: "Order <42>\r\nBcc: eve@example.com\n{{ product }}".into(),
            body: "<img src=x onerror=alert(1)>\n{{ product }}".into(),
        };
        assert_eq!(message.template(), MailTemplate::WorkflowMessage);
        let mail = templates.render(&brand(), Language::En, &message).unwrap();
        // The subject is the author's, whole, on one line: never a sentence.
        assert_eq!(
            mail.subject,
            "Order <42> Bcc: eve@example.com {{ product }}"
        );
        assert!(!mail.subject.contains('\r') && !mail.subject.contains('\n'));
        assert!(!mail.html.contains("<img") && !mail.html.contains("<42>"));
        assert!(
            mail.html.contains("&lt;img src=x onerror=alert(1)&gt;"),
            "{}",
            mail.html
        );
        assert!(mail.html.contains("<blockquote"));
        assert!(mail.html.contains("A &amp; B"));
        assert!(mail.text.starts_with("Hello,\n\n"), "{}", mail.text);
        assert!(
            mail.text
                .contains("> <img src=x onerror=alert(1)>\n> {{ product }}"),
            "{}",
            mail.text
        );
        assert!(
            mail.text
                .contains("Sent by the workflow “A & B” on AgentForge."),
            "{}",
            mail.text
        );
        let french = templates.render(&brand(), Language::Fr, &message).unwrap();
        assert_eq!(french.subject, mail.subject);
        assert!(
            french.text.contains("workflow “A & B” sur AgentForge"),
            "{}",
            french.text
        );
    }

    #[test]
    fn arabic_is_laid_out_right_to_left_and_roles_are_translated() {
        let templates = Templates::new().unwrap();
        let mail = templates
            .render(&brand(), Language::Ar, &every_message()[5])
            .unwrap();
        assert!(mail.html.contains("dir=\"rtl\""));
        let french = templates
            .render(&brand(), Language::Fr, &every_message()[6])
            .unwrap();
        assert!(!french.text.contains(" viewer"), "{}", french.text);
        assert_ne!(
            french.subject,
            templates
                .render(&brand(), Language::En, &every_message()[6])
                .unwrap()
                .subject
        );
    }
}
