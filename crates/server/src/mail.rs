//! Sending email. Every email is recorded in the outbox; with SMTP
//! configured its delivery is a job on the durable queue (`mail.send`),
//! tried again with back-off when the server does not take it, so a mail
//! server that is down delays mail instead of losing it. With no SMTP the
//! outbox keeps it (and the log shows it) so a fresh install works with no
//! mail server.

use std::sync::{Arc, Weak};

use agentforge_domain::mail::{MailStatus, MailTransport};
use agentforge_mail::{Email, SmtpMailer};
use agentforge_runtime::{JobFailure, JobHandler, Queue};
use agentforge_store::{Job, NewJob, NewMail, Store, StoreError, Tx};

use crate::config::Config;

/// The job that delivers one email of the outbox.
pub const SEND_MAIL: &str = "mail.send";

#[derive(Clone)]
pub struct Mailer {
    smtp: Option<SmtpMailer>,
    store: Store,
    /// Weak: job handlers that send mail hold a mailer, and the queue holds
    /// them; a strong link back would keep both alive for good.
    queue: Weak<Queue>,
    max_attempts: u32,
    public_url: String,
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
    pub fn new(config: &Config, store: Store, queue: Arc<Queue>) -> anyhow::Result<Self> {
        let smtp = match &config.smtp_url {
            Some(url) => Some(SmtpMailer::new(url.expose(), &config.mail_from)?),
            None => None,
        };
        Ok(Self {
            smtp,
            store,
            queue: Arc::downgrade(&queue),
            max_attempts: config.runtime.mail_max_attempts,
            public_url: config.public_url.clone(),
        })
    }

    /// A link into the product, for an email: `path` on the public URL.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.public_url)
    }

    pub fn transport(&self) -> MailTransport {
        if self.smtp.is_some() {
            MailTransport::Smtp
        } else {
            MailTransport::Outbox
        }
    }

    /// Records the email and queues its delivery, inside `tx`: it goes out
    /// only if the change that sends it is kept.
    pub async fn send_in(&self, tx: &Tx, mail: Outgoing) -> Result<(), StoreError> {
        let smtp = self.smtp.is_some();
        if !smtp {
            tracing::info!(to = %mail.to, subject = %mail.subject, body = %mail.body_text, "email kept in the outbox (no SMTP configured)");
        }
        let record = tx
            .outbox()
            .record(NewMail {
                user_id: mail.user_id,
                to_address: mail.to,
                subject: mail.subject,
                body_text: mail.body_text,
                transport: if smtp {
                    MailTransport::Smtp
                } else {
                    MailTransport::Outbox
                },
                status: if smtp {
                    MailStatus::Queued
                } else {
                    MailStatus::Stored
                },
                error: None,
                sent_at: None,
            })
            .await?;
        if smtp {
            tx.jobs()
                .enqueue(NewJob::now(
                    SEND_MAIL,
                    serde_json::json!({ "mailId": record.id }),
                    self.max_attempts,
                ))
                .await?;
            // Polling finds it anyway; waking saves the wait once committed.
            if let Some(queue) = self.queue.upgrade() {
                queue.wake();
            }
        }
        Ok(())
    }

    /// Records the email and queues its delivery, on its own.
    pub async fn send(&self, mail: Outgoing) -> Result<(), StoreError> {
        let tx = self.store.begin().await?;
        self.send_in(&tx, mail).await?;
        tx.commit().await
    }

    /// What runs `mail.send` jobs.
    pub fn delivery(&self) -> Delivery {
        Delivery {
            smtp: self.smtp.clone(),
            store: self.store.clone(),
        }
    }
}

/// Delivers one email of the outbox by SMTP, recording each attempt on it.
pub struct Delivery {
    smtp: Option<SmtpMailer>,
    store: Store,
}

#[async_trait::async_trait]
impl JobHandler for Delivery {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        let id = job
            .payload
            .get("mailId")
            .and_then(|v| v.as_str())
            .ok_or_else(|| JobFailure::Permanent("the job names no email".to_owned()))?;
        let store_error = |e: StoreError| JobFailure::Retry(e.to_string());
        let Some(mail) = self.store.outbox().get(id).await.map_err(store_error)? else {
            return Err(JobFailure::Permanent(
                "the email is no longer in the outbox".to_owned(),
            ));
        };
        if mail.status == MailStatus::Sent {
            return Ok(()); // Sent by an attempt whose outcome was not recorded.
        }
        let Some(smtp) = &self.smtp else {
            return Err(JobFailure::Retry("no SMTP server is configured".to_owned()));
        };
        let email = Email {
            to: mail.to_address.clone(),
            subject: mail.subject.clone(),
            body_text: mail.body_text.clone(),
        };
        let outcome = smtp.send(&email).await;
        let permanent = outcome.as_ref().is_err_and(|e| e.is_permanent());
        let last = permanent || job.attempts >= job.max_attempts;
        if let Err(e) = &outcome {
            tracing::warn!(to = %mail.to_address, attempt = job.attempts, error = %e, "email not delivered");
        }
        self.store
            .outbox()
            .record_attempt(
                id,
                outcome.as_ref().map(|_| ()).map_err(ToString::to_string),
                last,
            )
            .await
            .map_err(store_error)?;
        match outcome {
            Ok(()) => Ok(()),
            Err(e) if permanent => Err(JobFailure::Permanent(e.to_string())),
            Err(e) => Err(JobFailure::Retry(e.to_string())),
        }
    }
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

/// How emails greet a user: their first name, or "there".
pub fn greeting_name(user: &agentforge_store::User) -> &str {
    if user.first_name.is_empty() {
        "there"
    } else {
        &user.first_name
    }
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
}
