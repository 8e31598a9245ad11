//! Email through SMTP, against a local server speaking the SMTP protocol.

use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

use crate::helpers::{Engine, TestApp};

/// A minimal SMTP server that accepts every message and keeps its DATA.
async fn fake_smtp() -> (u16, Arc<Mutex<Vec<String>>>) {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let port = listener.local_addr().unwrap().port();
    let received = Arc::new(Mutex::new(Vec::new()));
    let store = received.clone();
    tokio::spawn(async move {
        while let Ok((socket, _)) = listener.accept().await {
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

#[tokio::test]
async fn with_smtp_configured_mail_is_sent_and_recorded_as_sent() {
    let (port, received) = fake_smtp().await;
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

    let mut sent = None;
    for _ in 0..100 {
        let (mails, _) = app.store.outbox().list(1, 10).await.unwrap();
        if let Some(mail) = mails.into_iter().next() {
            sent = Some(mail);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mail = sent.expect("the email is recorded once delivered");
    assert_eq!(
        (mail.transport.as_str(), mail.status.as_str()),
        ("smtp", "sent"),
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
async fn an_unreachable_smtp_server_is_recorded_as_failed_and_the_request_still_succeeds() {
    let port = std::net::TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port();
    let url = format!("smtp://127.0.0.1:{port}");
    let app = TestApp::spawn(Engine::Sqlite, &[("AGENTFORGE_SMTP_URL", &url)]).await;
    app.register("ada@example.com", "correct horse battery")
        .await;
    let mut failed = None;
    for _ in 0..200 {
        if let Some(mail) = app
            .store
            .outbox()
            .list(1, 10)
            .await
            .unwrap()
            .0
            .into_iter()
            .next()
        {
            failed = Some(mail);
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let mail = failed.expect("the failure is recorded");
    assert_eq!(mail.status, "failed");
    assert!(mail.error.is_some());
}
