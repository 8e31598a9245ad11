//! Email through SMTP, against a local server speaking the SMTP protocol.

use std::time::Duration;

use agentforge_domain::mail::{MailStatus, MailTransport};
use agentforge_testkit::SmtpStandIn;

use crate::helpers::{Engine, TestApp};

/// The first email in the outbox once `done` holds for it.
async fn first_mail_when(
    app: &TestApp,
    done: impl Fn(&agentforge_store::Mail) -> bool,
) -> agentforge_store::Mail {
    for _ in 0..400 {
        let (mails, _) = app.store.outbox().list(1, 10).await.unwrap();
        if let Some(mail) = mails.into_iter().next().filter(|m| done(m)) {
            return mail;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let (mails, _) = app.store.outbox().list(1, 10).await.unwrap();
    panic!("the email never got there: {mails:?}");
}

#[tokio::test]
async fn with_smtp_configured_mail_is_sent_and_recorded_as_sent() {
    let smtp = SmtpStandIn::start(0).await;
    let url = smtp.url();
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_SMTP_URL", &url),
            ("AGENTFORGE_MAIL_FROM", "AgentForge <noreply@example.com>"),
        ],
    )
    .await;
    app.register("ada@example.com", "correct horse battery")
        .await;

    let mail = first_mail_when(&app, |m| m.status != MailStatus::Queued).await;
    assert_eq!(
        (mail.transport, mail.status, mail.attempts),
        (MailTransport::Smtp, MailStatus::Sent, 1),
        "{:?}",
        mail.error
    );
    let messages = smtp.received();
    assert_eq!(messages.len(), 1);
    assert!(
        messages[0].contains("Subject: Confirm your email address"),
        "{}",
        messages[0]
    );
    assert!(messages[0].contains("To: ada@example.com"));
    assert!(messages[0].contains("/verify-email?token="));
}

#[tokio::test]
async fn a_mail_job_is_retried_after_smtp_fails_and_delivered_once_it_recovers() {
    let smtp = SmtpStandIn::start(1).await;
    let url = smtp.url();
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_SMTP_URL", &url),
            ("AGENTFORGE_JOBS_RETRY_BASE_SECONDS", "1"),
        ],
    )
    .await;
    app.register("ada@example.com", "correct horse battery")
        .await;

    // The first attempt meets the server down: kept, queued again, with why.
    let failed_once = first_mail_when(&app, |m| m.attempts == 1).await;
    assert_eq!(failed_once.status, MailStatus::Queued, "{failed_once:?}");
    assert!(
        failed_once
            .error
            .as_deref()
            .unwrap_or_default()
            .contains("421"),
        "{failed_once:?}"
    );
    let job = &app.store.jobs().of_kind("mail.send", 5).await.unwrap()[0];
    assert!(
        job.run_at > failed_once.created_at,
        "retried later: {job:?}"
    );

    // The next one finds it back up, and the email goes out once.
    let mail = first_mail_when(&app, |m| m.status == MailStatus::Sent).await;
    assert_eq!(mail.attempts, 2);
    assert_eq!(mail.error, None);
    assert_eq!(smtp.received().len(), 1);
    // The job is closed just after the mail is marked sent.
    crate::fixtures::eventually(async || {
        let job = &app.store.jobs().of_kind("mail.send", 5).await.unwrap()[0];
        (job.status, job.attempts) == (agentforge_domain::job::JobStatus::Succeeded, 2)
    })
    .await;
}

#[tokio::test]
async fn an_unreachable_smtp_server_is_recorded_as_failed_after_the_last_attempt() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("smtp://127.0.0.1:{port}");
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_SMTP_URL", &url),
            ("AGENTFORGE_JOBS_RETRY_BASE_SECONDS", "1"),
            ("AGENTFORGE_MAIL_MAX_ATTEMPTS", "2"),
        ],
    )
    .await;
    let (status, _) = app
        .post_json(
            "/api/auth/register",
            &serde_json::json!({"email": "ada@example.com", "password": "correct horse battery", "firstName": "Ada", "lastName": "L"}),
        )
        .await;
    assert_eq!(
        status, 201,
        "the request succeeds whatever the mail server does"
    );
    let mail = first_mail_when(&app, |m| m.status == MailStatus::Failed).await;
    assert_eq!(mail.attempts, 2);
    assert!(mail.error.is_some());
    let job = &app.store.jobs().of_kind("mail.send", 5).await.unwrap()[0];
    assert_eq!(job.status, agentforge_domain::job::JobStatus::Dead);
}
