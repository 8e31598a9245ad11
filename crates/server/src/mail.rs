//! Sending email. Every email is written from its template in the
//! recipient's language (`agentforge_mail::templates`) and recorded in the
//! outbox, its words sealed (they may carry a live link: only this server
//! can read them back). With SMTP configured its delivery is a job on the
//! durable queue (`mail.send`), tried again with back-off when the server
//! does not take it, so a mail server that is down delays mail instead of
//! losing it. With no SMTP the outbox keeps it, and the log says so without
//! its words; `mail_console` prints it whole for development.

use std::io::Write;
use std::sync::{Arc, Weak};

use arc_swap::ArcSwap;

use agentforge_domain::mail::{MailStatus, MailTransport};
use agentforge_domain::{Error, Language};
use agentforge_mail::{Brand, Email, Rendered, SmtpMailer, Templates};
use agentforge_runtime::{JobFailure, JobHandler, Queue};
use agentforge_store::{Job, Mail, NewJob, NewMail, Store, StoreError, Tx};

use crate::config::Config;
use crate::secret_key::SecretKey;
use agentforge_runtime::sealed::{Sealer, Unsealable};

pub use agentforge_mail::{MailMessage, quoted};

/// The job that delivers one email of the outbox.
pub const SEND_MAIL: &str = "mail.send";

/// What seals the outbox's bodies (`sealed`): its own key.
const SEAL_PURPOSE: &str = "mail-outbox";

/// How mail goes out now; replaced whole when an admin changes it.
struct Transport {
    smtp: Option<SmtpMailer>,
    brand: Brand,
}

#[derive(Clone)]
pub struct Mailer {
    transport: Arc<ArcSwap<Transport>>,
    store: Store,
    /// Weak: job handlers that send mail hold a mailer, and the queue holds
    /// them; a strong link back would keep both alive for good.
    queue: Weak<Queue>,
    max_attempts: u32,
    product: String,
    templates: Arc<Templates>,
    sealer: Arc<Sealer>,
    console: bool,
}

/// One email to one user (or address), in their language.
#[derive(Debug, Clone)]
pub struct Outgoing {
    pub user_id: Option<String>,
    pub to: String,
    pub language: Language,
    pub message: MailMessage,
}

impl Outgoing {
    /// `message` to a user's address, in their language.
    pub fn to_user(user: &agentforge_store::User, message: MailMessage) -> Self {
        Self {
            user_id: Some(user.id.clone()),
            to: user.email.clone(),
            language: user.language,
            message,
        }
    }
}

impl Mailer {
    pub fn new(
        config: &Config,
        secret_key: &SecretKey,
        store: Store,
        queue: Arc<Queue>,
    ) -> anyhow::Result<Self> {
        let mailer = Self {
            transport: Arc::new(ArcSwap::from_pointee(Transport {
                smtp: None,
                brand: Brand {
                    product: config.product_name.clone(),
                    public_url: config.public_url.clone(),
                },
            })),
            store,
            queue: Arc::downgrade(&queue),
            max_attempts: config.runtime.mail_max_attempts,
            product: config.product_name.clone(),
            templates: Arc::new(Templates::new()?),
            sealer: Arc::new(secret_key.sealer(SEAL_PURPOSE)),
            console: config.mail_console,
        };
        mailer.reconfigure(
            config.smtp_url.as_ref().map(|u| u.expose().as_str()),
            &config.mail_from,
            &config.public_url,
        )?;
        Ok(mailer)
    }

    /// Sends through `smtp_url` (none: keeps mail in the outbox) from
    /// `from`, with links to `public_url`, from now on; mail already queued
    /// goes out through the new server too.
    pub fn reconfigure(
        &self,
        smtp_url: Option<&str>,
        from: &str,
        public_url: &str,
    ) -> Result<(), agentforge_mail::MailError> {
        let smtp = smtp_url.map(|url| SmtpMailer::new(url, from)).transpose()?;
        self.transport.store(Arc::new(Transport {
            smtp,
            brand: Brand {
                product: self.product.clone(),
                public_url: public_url.to_owned(),
            },
        }));
        Ok(())
    }

    /// The words of an SMS in `language` (the same catalogues as email).
    pub fn sms_text(
        &self,
        language: agentforge_domain::Language,
        sms: &agentforge_mail::Sms,
    ) -> Result<String, Error> {
        self.templates
            .sms(&self.transport.load().brand, language, sms)
            .map_err(|e| Error::internal(e.to_string()))
    }

    /// A link into the product, for an email: `path` on the public URL.
    pub fn link(&self, path: &str) -> String {
        format!("{}{path}", self.transport.load().brand.public_url)
    }

    pub fn transport(&self) -> MailTransport {
        if self.transport.load().smtp.is_some() {
            MailTransport::Smtp
        } else {
            MailTransport::Outbox
        }
    }

    /// Writes the email, records it and queues its delivery, inside `tx`:
    /// it goes out only if the change that sends it is kept.
    pub async fn send_in(&self, tx: &Tx, mail: Outgoing) -> Result<(), Error> {
        let transport = self.transport.load_full();
        let smtp = transport.smtp.is_some();
        let template = mail.message.template();
        let rendered = self
            .templates
            .render(&transport.brand, mail.language, &mail.message)
            .map_err(|e| Error::internal(e.to_string()))?;
        #[allow(clippy::expect_used)]
        let body = serde_json::to_vec(&rendered).expect("strings serialise");
        let record = tx
            .outbox()
            .record(NewMail {
                user_id: mail.user_id,
                to_address: mail.to,
                subject: rendered.subject.clone(),
                template,
                language: mail.language,
                body_sealed: self.sealer.seal(&body),
                transport: self.transport(),
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
            self.wake();
        } else {
            // Never the words: they may hold a live link.
            tracing::info!(mail_id = %record.id, to = %record.to_address, template = %template, "email kept in the outbox (no SMTP configured)");
            if self.console {
                print_to_console(&record, &rendered);
            }
        }
        Ok(())
    }

    /// Sends an email of the outbox again (one kept while no mail server
    /// was set, or one that failed): back in line for SMTP, inside `tx`.
    pub async fn resend_in(&self, tx: &Tx, mail_id: &str) -> Result<(), Error> {
        if self.transport.load().smtp.is_none() {
            return Err(Error::Conflict(
                agentforge_domain::Conflict::MailNotConfigured,
            ));
        }
        if !tx.outbox().requeue(mail_id).await? {
            return Err(Error::Conflict(agentforge_domain::Conflict::AlreadySent));
        }
        tx.jobs()
            .enqueue(NewJob::now(
                SEND_MAIL,
                serde_json::json!({ "mailId": mail_id }),
                self.max_attempts,
            ))
            .await?;
        Ok(())
    }

    /// Wakes the job runner (after a commit that queued work).
    pub fn wake(&self) {
        if let Some(queue) = self.queue.upgrade() {
            queue.wake();
        }
    }

    /// The words of an email of the outbox, as written; only this server
    /// (its master key) can read them.
    pub fn open(&self, mail: &Mail) -> Result<Rendered, Unsealable> {
        let sealed = mail.body_sealed.as_deref().ok_or(Unsealable)?;
        let bytes = self.sealer.open(sealed)?;
        serde_json::from_slice(&bytes).map_err(|_| Unsealable)
    }

    /// What runs `mail.send` jobs.
    pub fn delivery(&self) -> Delivery {
        Delivery {
            mailer: self.clone(),
        }
    }
}

/// `mail_console`: the email whole, on standard output rather than the log,
/// for a developer's terminal.
fn print_to_console(mail: &Mail, rendered: &Rendered) {
    let mut out = std::io::stdout().lock();
    let _ = writeln!(
        out,
        "\n===== email {} (mail_console: for development only) =====\nTo: {}\nSubject: {}\n\n{}=====",
        mail.id, mail.to_address, rendered.subject, rendered.text
    );
    let _ = out.flush();
}

/// Delivers one email of the outbox by SMTP, recording each attempt on it.
pub struct Delivery {
    mailer: Mailer,
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
        let store = &self.mailer.store;
        let Some(mail) = store.outbox().get(id).await.map_err(store_error)? else {
            return Err(JobFailure::Permanent(
                "the email is no longer in the outbox".to_owned(),
            ));
        };
        if mail.status == MailStatus::Sent {
            return Ok(()); // Sent by an attempt whose outcome was not recorded.
        }
        let transport = self.mailer.transport.load_full();
        let Some(smtp) = &transport.smtp else {
            return Err(JobFailure::Retry("no SMTP server is configured".to_owned()));
        };
        let outcome = match self.mailer.open(&mail) {
            Ok(rendered) => {
                smtp.send(&Email {
                    to: mail.to_address.clone(),
                    subject: rendered.subject,
                    body_text: rendered.text,
                    body_html: rendered.html,
                })
                .await
            }
            // Written under another master key, or before bodies were sealed.
            Err(e) => Err(agentforge_mail::MailError::Message(e.to_string())),
        };
        let permanent = outcome.as_ref().is_err_and(|e| e.is_permanent());
        let last = permanent || job.attempts >= job.max_attempts;
        if let Err(e) = &outcome {
            tracing::warn!(to = %mail.to_address, attempt = job.attempts, error = %e, "email not delivered");
        }
        store
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

/// Whom an email greets: the user's first name (empty greets nobody by name).
pub fn greeting_name(user: &agentforge_store::User) -> String {
    user.first_name.clone()
}
