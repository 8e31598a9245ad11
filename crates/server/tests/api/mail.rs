//! Email through SMTP, against a local server speaking the SMTP protocol.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{Engine, TestApp};

/// A minimal SMTP server that keeps the DATA of every message it accepts.
/// It turns the first `refuse` connections away with a temporary failure
/// (421), as a mail server that is down for a while does.
async fn fake_smtp(refuse: usize) -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    tokio::spawn(async move {
        let mut refused = 0;
        while let Ok((socket, _)) = listener.accept().await {
            if refused < refuse {
                refused += 1;
                let (_, mut write) = socket.into_split();
                write
                    .write_all(b"421 4.3.2 fake.smtp is down for maintenance\r\n")
                    .await
                    .ok();
                continue;
            }
            let store = store.clone();
            tokio::spawn(async move {
                let (read, mut write) = socket.into_split();
                let mut lines = BufReader::new(read).lines();
                write.write_all(b"220 fake.smtp ESMTP ready\r\n").await.ok();
                let mut in_data = false;
                let mut data = String::new();
                while let Ok(Some(line)) = lines.next_line().await {
                    if in_data {
                        if line == "." {
                            in_data = false;
                            store.lock().unwrap().push(std::mem::take(&mut data));
                            write.write_all(b"250 2.0.0 queued\r\n").await.ok();
                        } else {
                            data.push_str(&line);
                            data.push('\n');
                        }
                        continue;
                    }
                    let verb = line
                        .split_whitespace()
                        .next()
                        .unwrap_or_default()
                        .to_ascii_uppercase();
                    let reply: &[u8] = match verb.as_str() {
                        "EHLO" => b"250-fake.smtp\r\n250 8BITMIME\r\n",
                        "HELO" | "MAIL" | "RCPT" | "RSET" | "NOOP" => b"250 2.0.0 ok\r\n",
                        "DATA" => {
                            in_data = true;
                            b"354 go ahead\r\n"
                        }
                        "QUIT" => {
                            write.write_all(b"221 bye\r\n").await.ok();
                            break;
                        }
                        _ => b"502 not implemented\r\n",
                    };
                    write.write_all(reply).await.ok();
                }
            });
        }
    });
    (port, received)
}

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
    let (port, received) = fake_smtp(0).await;
    let url = format!("smtp://127.0.0.1:{port}");
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

    let mail = first_mail_when(&app, |m| m.status != "queued").await;
    assert_eq!(
        (mail.transport.as_str(), mail.status.as_str(), mail.attempts),
        ("smtp", "sent", 1),
        "{:?}",
        mail.error
    );
    let messages = received.lock().unwrap().clone();
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
    let (port, received) = fake_smtp(1).await;
    let url = format!("smtp://127.0.0.1:{port}");
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
    assert_eq!(failed_once.status, "queued", "{failed_once:?}");
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
    let mail = first_mail_when(&app, |m| m.status == "sent").await;
    assert_eq!(mail.attempts, 2);
    assert_eq!(mail.error, None);
    assert_eq!(received.lock().unwrap().len(), 1);
    let job = &app.store.jobs().of_kind("mail.send", 5).await.unwrap()[0];
    assert_eq!(
        (job.status, job.attempts),
        (agentforge_domain::job::JobStatus::Succeeded, 2)
    );
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
    let mail = first_mail_when(&app, |m| m.status == "failed").await;
    assert_eq!(mail.attempts, 2);
    assert!(mail.error.is_some());
    let job = &app.store.jobs().of_kind("mail.send", 5).await.unwrap()[0];
    assert_eq!(job.status, agentforge_domain::job::JobStatus::Dead);
}
