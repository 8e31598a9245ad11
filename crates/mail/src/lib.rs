//! Email over SMTP, with lettre.
//!
//! The URL says how to reach the server: `smtp://host:25` (plain),
//! `smtp://user:pass@host:587?tls=required` (STARTTLS) or
//! `smtps://user:pass@host:465` (TLS from the start).

use lettre::message::{Mailbox, header::ContentType};
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

/// One plain-text email.
#[derive(Debug, Clone)]
pub struct Email {
    pub to: String,
    pub subject: String,
    pub body_text: String,
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

    pub async fn send(&self, email: &Email) -> Result<(), MailError> {
        let to: Mailbox = email
            .to
            .parse()
            .map_err(|_| MailError::Address(email.to.clone()))?;
        let message = Message::builder()
            .from(self.from.clone())
            .to(to)
            .subject(&email.subject)
            .header(ContentType::TEXT_PLAIN)
            .body(email.body_text.clone())
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

#[cfg(test)]
mod tests {
    use super::*;

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
