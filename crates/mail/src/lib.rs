//! Email: written from templates in the recipient's language
//! ([`templates`]), sent over SMTP with lettre.
//!
//! The URL says how to reach the server: `smtp://host:25` (plain),
//! `smtp://user:pass@host:587?tls=required` (STARTTLS) or
//! `smtps://user:pass@host:465` (TLS from the start).

pub mod templates;

pub use templates::{Brand, Message as MailMessage, Rendered, Sms, TemplateError, Templates};

use lettre::message::{Mailbox, MultiPart};
use lettre::transport::smtp::AsyncSmtpTransport;
use lettre::{AsyncTransport, Message, Tokio1Executor};

/// Why mail could not be sent.
#[derive(Debug, thiserror::Error)]
pub enum MailError {
    #[error("invalid SMTP URL: {0}")]
    Url(String),
    #[error("invalid address {0}")]
    Address(String),
    #[error("cannot build the message: {0}")]
    Message(String),
    #[error("SMTP: {message}")]
    Smtp {
        message: String,
        /// The server refused for good (a 5xx answer): trying again will not help.
        permanent: bool,
    },
}

impl MailError {
    /// Whether sending the same email again can never succeed.
    pub fn is_permanent(&self) -> bool {
        match self {
            MailError::Url(_) | MailError::Address(_) | MailError::Message(_) => true,
            MailError::Smtp { permanent, .. } => *permanent,
        }
    }
}

/// One email, with a plain-text and an HTML part of the same words.
#[derive(Debug, Clone)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub body_text: String,
    pub body_html: String,
}

/// A pooled SMTP client.
#[derive(Clone)]
pub struct SmtpMailer {
    transport: AsyncSmtpTransport<Tokio1Executor>,
    from: Mailbox,
}

impl std::fmt::Debug for SmtpMailer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // The transport holds credentials.
        f.debug_struct("SmtpMailer")
            .field("from", &self.from.to_string())
            .finish_non_exhaustive()
    }
}

impl SmtpMailer {
    /// Checks the URL and sender; connects lazily on the first send. Must be
    /// called (and the mailer dropped) inside a Tokio runtime: the connection
    /// pool runs on it.
    pub fn new(url: &str, from: &str) -> Result<Self, MailError> {
        let transport = AsyncSmtpTransport::<Tokio1Executor>::from_url(url)
            .map_err(|e| MailError::Url(e.to_string()))?
            .build();
        let from = from
            .parse()
            .map_err(|_| MailError::Address(from.to_owned()))?;
        Ok(Self { transport, from })
    }

    /// Connects, greets and says NOOP: whether the server is there and
    /// takes these credentials, without sending anything.
    pub async fn test_connection(&self) -> Result<(), MailError> {
        match self.transport.test_connection().await {
            Ok(true) => Ok(()),
            Ok(false) => Err(MailError::Smtp {
                message: "the server closed the connection".into(),
                permanent: false,
            }),
            Err(e) => Err(MailError::Smtp {
                permanent: e.is_permanent(),
                message: e.to_string(),
            }),
        }
    }

    pub async fn send(&self, email: &Email) -> Result<(), MailError> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|_| MailError::Address(email.to.clone()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&email.subject)
            .multipart(MultiPart::alternative_plain_html(
                email.body_text.clone(),
                email.body_html.clone(),
            ))
            .map_err(|e| MailError::Message(e.to_string()))?;
        self.transport
            .send(message)
            .await
            .map(|_| ())
            .map_err(|e| MailError::Smtp {
                permanent: e.is_permanent(),
                message: e.to_string(),
            })
    }
}

/// Whether `from` can be an email's sender (`Name <address>` or an address).
pub fn valid_sender(from: &str) -> bool {
    from.parse::<Mailbox>().is_ok()
}

/// The most characters of someone's own text (a team's name) an email
/// quotes; longer text is cut with an ellipsis.
pub const QUOTED_MAX_CHARS: usize = 60;

/// Text someone chose (a team's name), as an email may carry it in its
/// subject or body: between curly quotes, so it reads as a name and not as
/// the sender's words; without control or invisible formatting characters
/// (line breaks, bidirectional overrides, zero-width ones), with its double
/// quotes made single so it cannot close the quote early, white space
/// collapsed, and cut at [`QUOTED_MAX_CHARS`] characters with "…".
pub fn quoted(text: &str) -> String {
    let invisible = |c: char| {
        c.is_control()
            || matches!(c, '\u{00AD}' | '\u{200B}'..='\u{200F}' | '\u{2028}'..='\u{202E}' | '\u{2060}'..='\u{2069}' | '\u{FEFF}')
    };
    let cleaned: String = text
        .chars()
        .map(|c| match c {
            c if invisible(c) => ' ',
            '"' | '\u{201C}' | '\u{201D}' | '\u{201E}' | '\u{201F}' => '\'',
            c => c,
        })
        .collect();
    let cleaned = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    let inner = if cleaned.chars().count() > QUOTED_MAX_CHARS {
        let cut: String = cleaned.chars().take(QUOTED_MAX_CHARS - 1).collect();
        format!("{}…", cut.trim_end())
    } else {
        cleaned
    };
    format!("\u{201C}{inner}\u{201D}")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quoted_text_is_one_short_line_between_curly_quotes() {
        assert_eq!(quoted("Support"), "\u{201C}Support\u{201D}");
        assert_eq!(
            quoted("  Sales\r\nBcc: x@y.z\t\u{202E}team\u{200B} "),
            "\u{201C}Sales Bcc: x@y.z team\u{201D}"
        );
        assert_eq!(
            quoted("A\u{201D} WIN \"money\""),
            "\u{201C}A' WIN 'money'\u{201D}"
        );
        let long = quoted(&"spam ".repeat(40));
        let inner: String = long
            .chars()
            .skip(1)
            .take_while(|c| *c != '\u{201D}')
            .collect();
        assert_eq!(inner.chars().count(), QUOTED_MAX_CHARS, "{long}");
        assert!(inner.ends_with("spam…"), "{long}");
    }

    #[tokio::test]
    async fn rejects_bad_urls_and_senders() {
        assert!(matches!(
            SmtpMailer::new("http://nope", "a@b.c"),
            Err(MailError::Url(_))
        ));
        assert!(matches!(
            SmtpMailer::new("smtp://127.0.0.1:2525", "not an address"),
            Err(MailError::Address(_))
        ));
    }

    #[tokio::test]
    async fn accepts_smtp_and_smtps_urls() {
        assert!(
            SmtpMailer::new("smtp://127.0.0.1:2525", "AgentForge <noreply@example.com>").is_ok()
        );
        assert!(
            SmtpMailer::new(
                "smtps://user:secret@mail.example.com:465",
                "noreply@example.com"
            )
            .is_ok()
        );
    }
}
