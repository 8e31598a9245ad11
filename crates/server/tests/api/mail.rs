//! Email through SMTP, against a local server speaking the SMTP protocol.

use std::time::Duration;

use agentforge_domain::mail::{MailStatus, MailTemplate, MailTransport};
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
    let messages = smtp.messages();
    assert_eq!(messages.len(), 1);
    let message = &messages[0];
    assert_eq!(message.subject, "Confirm your email address");
    assert_eq!(message.to, "ada@example.com");
    // One email, two parts of the same words: plain text and HTML.
    let text = message.text.as_deref().expect("a text part");
    let html = message.html.as_deref().expect("an HTML part");
    assert!(text.starts_with("Hello Ada,"), "{text}");
    assert!(text.contains("/verify-email?token="), "{text}");
    assert!(html.contains("<a href=\"http://"), "{html}");
    assert!(html.contains("/verify-email?token="), "{html}");
    assert_eq!(mail.template, Some(MailTemplate::EmailVerification));
}

#[tokio::test]
async fn email_is_written_in_the_recipients_language_with_a_text_and_an_html_part() {
    let smtp = SmtpStandIn::start(0).await;
    let url = smtp.url();
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_SMTP_URL", &url),
            ("AGENTFORGE_PRODUCT_NAME", "Acme Agents"),
        ],
    )
    .await;
    let (status, body) = app
        .post_json(
            "/api/auth/register",
            &serde_json::json!({"email": "amelie@example.com", "password": "correct horse battery", "firstName": "Amélie", "lastName": "Poulain", "language": "fr"}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    assert_eq!(body["data"]["user"]["language"], "fr");
    let mail = first_mail_when(&app, |m| m.status == MailStatus::Sent).await;
    assert_eq!(mail.language, agentforge_domain::Language::Fr);
    let message = &smtp.messages()[0];
    assert_eq!(message.subject, "Confirmez votre adresse e-mail");
    let text = message.text.as_deref().unwrap();
    assert!(text.starts_with("Bonjour Amélie,"), "{text}");
    assert!(text.contains("Acme Agents"), "the configured name: {text}");
    let html = message.html.as_deref().unwrap();
    assert!(html.contains("lang=\"fr\""), "{html}");

    // A language chosen later applies to the next email: Arabic, laid out right to left.
    let token = body["data"]["token"].as_str().unwrap();
    let (status, body) = app
        .send_json(
            reqwest::Method::PUT,
            "/api/settings/profile",
            Some(token),
            &serde_json::json!({"language": "ar"}),
        )
        .await;
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["data"]["user"]["language"], "ar");
    let (status, _) = app
        .send_json(
            reqwest::Method::POST,
            "/api/auth/resend-verification",
            Some(token),
            &serde_json::json!({}),
        )
        .await;
    assert_eq!(status, 200);
    crate::fixtures::eventually(async || smtp.messages().len() == 2).await;
    let arabic = &smtp.messages()[1];
    assert!(arabic.html.as_deref().unwrap().contains("dir=\"rtl\""));
    assert_ne!(arabic.subject, "Confirm your email address");

    // A language the product does not speak is refused, naming the field.
    let (status, body) = app
        .send_json(
            reqwest::Method::PUT,
            "/api/settings/profile",
            Some(token),
            &serde_json::json!({"language": "klingon"}),
        )
        .await;
    crate::helpers::assert_error(status, &body, 422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "language");
}

#[tokio::test]
async fn the_outbox_keeps_no_live_link_in_clear_and_admins_see_only_its_metadata() {
    crate::helpers::for_each_engine(async |app| {
        let admin = app.register("root@example.com", crate::helpers::PASSWORD).await;
        app.register("ada@example.com", crate::helpers::PASSWORD).await;
        let (status, _) = app
            .post_json("/api/auth/forgot-password", &serde_json::json!({"email": "ada@example.com"}))
            .await;
        assert_eq!(status, 200);
        let token = app
            .token_from_mail("ada@example.com", "Reset your AgentForge password")
            .await;

        // What the database holds, read as anyone with a copy of it would:
        // not the token, not the link, not even the words.
        let rows = app
            .raw_rows(
                "SELECT to_address || ' ' || subject || ' ' || template || ' ' \
                 || coalesce(body_sealed, '') || ' ' || coalesce(error, '') AS row FROM mail_outbox",
            ).await;
        assert!(rows.len() >= 3, "{rows:?}");
        for row in &rows {
            assert!(!row.contains(&token), "{row}");
            assert!(!row.contains("token="), "{row}");
            assert!(!row.contains("Hello"), "{row}");
        }

        // The admin's view: recipient, template, status, attempts; no words.
        let (status, body) = app
            .get_as("/api/admin/mail-outbox?page=1&limit=100", admin["token"].as_str().unwrap())
            .await;
        assert_eq!(status, 200, "{body}");
        let reset = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["template"] == "password_reset")
            .expect("the reset email is listed");
        assert_eq!(reset["to"], "ada@example.com");
        assert_eq!(reset["status"], "stored");
        assert_eq!(reset["language"], "en");
        assert!(reset.get("body").is_none(), "{reset}");
        assert!(!body.to_string().contains(&token));
    })
    .await;
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
