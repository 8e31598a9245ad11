//! Sending email: through SMTP when configured, otherwise kept in the outbox
//! (and logged) so a fresh install works with no mail server. Every email is
//! recorded in the outbox either way, for admins to read.

use agentforge_mail::{Email, SmtpMailer};
use agentforge_store::{NewMail, Store};
use chrono::Utc;

use crate::config::Config;

#[derive(Clone, Debug)]
pub struct Mailer {
    smtp: Option<SmtpMailer>,
    store: Store,
}

/// One email to one user (or address).
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub user_id: Option<String>,
    pub to: String,
    pub subject: String,
    pub body_text: String,
}

impl Mailer {
    pub fn new(config: &Config, store: Store) -> anyhow::Result<Self> {
        let smtp = match &config.smtp_url {
            Some(url) => Some(SmtpMailer::new(url.expose(), &config.mail_from)?),
            None => None,
        };
        Ok(Self { smtp, store })
    }

    /// `smtp` or `outbox`.
    pub fn transport(&self) -> &'static str {
        if self.smtp.is_some() {
            "smtp"
        } else {
            "outbox"
        }
    }

    /// Queues the email. SMTP delivery runs in the background so a slow mail
    /// server never slows a request; its outcome is recorded in the outbox.
    pub async fn send(&self, mail: Outgoing) -> Result<(), agentforge_store::StoreError> {
        let Some(smtp) = self.smtp.clone() else {
            tracing::info!(to = %mail.to, subject = %mail.subject, body = %mail.body_text, "email kept in the outbox (no SMTP configured)");
            self.store
                .outbox()
                .record(NewMail {
                    user_id: mail.user_id,
                    to_address: mail.to,
                    subject: mail.subject,
                    body_text: mail.body_text,
                    transport: "outbox",
                    status: "stored",
                    error: None,
                    sent_at: None,
                })
                .await?;
            return Ok(());
        };
        let store = self.store.clone();
        tokio::spawn(async move {
            let email = Email {
                to: mail.to.clone(),
                subject: mail.subject.clone(),
                body_text: mail.body_text.clone(),
            };
            let outcome = smtp.send(&email).await;
            if let Err(e) = &outcome {
                tracing::error!(to = %mail.to, error = %e, "email could not be sent");
            }
            let record = NewMail {
                user_id: mail.user_id,
                to_address: mail.to,
                subject: mail.subject,
                body_text: mail.body_text,
                transport: "smtp",
                status: if outcome.is_ok() { "sent" } else { "failed" },
                error: outcome.as_ref().err().map(ToString::to_string),
                sent_at: outcome.is_ok().then(Utc::now),
            };
            if let Err(e) = store.outbox().record(record).await {
                tracing::error!(error = %e, "cannot record a sent email");
            }
        });
        Ok(())
    }
}
