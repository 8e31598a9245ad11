//! An SMTP server that keeps the DATA of every message it accepts, and turns
//! the first connections away with a temporary failure (421) when asked, as
//! a mail server that is down for a while does.

use std::sync::{Arc, Mutex};

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpListener;

pub struct SmtpStandIn {
    pub port: u16,
    received: Arc<Mutex<Vec<String>>>,
}

impl SmtpStandIn {
    /// Refuses the first `refuse` connections, then accepts every message.
    pub async fn start(refuse: usize) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let received: Arc<Mutex<Vec<String>>> = Arc::default();
        let store = received.clone();
        tokio::spawn(async move {
            let mut refused = 0;
            while let Ok((socket, _)) = listener.accept().await {
                if refused < refuse {
                    refused += 1;
                    let (_, mut write) = socket.into_split();
                    write
                        .write_all(b"421 4.3.2 the stand-in is down for maintenance\r\n")
                        .await
                        .ok();
                    continue;
                }
                let store = store.clone();
                tokio::spawn(async move {
                    let (read, mut write) = socket.into_split();
                    let mut lines = BufReader::new(read).lines();
                    write.write_all(b"220 stand-in ESMTP ready\r\n").await.ok();
                    let mut in_data = false;
                    let mut data = String::new();
                    while let Ok(Some(line)) = lines.next_line().await {
                        if in_data {
                            if line == "." {
                                in_data = false;
                                store.lock().unwrap().push(std::mem::take(&mut data));
                                write.write_all(b"250 2.0.0 queued\r\n").await.ok();
                            } else {
                                // SMTP's dot-stuffing (RFC 5321 4.5.2), undone.
                                data.push_str(
                                    line.strip_prefix('.')
                                        .filter(|_| line.starts_with(".."))
                                        .unwrap_or(&line),
                                );
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
                            "EHLO" => b"250-stand-in\r\n250 8BITMIME\r\n",
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
        Self { port, received }
    }

    /// `smtp://127.0.0.1:<port>`.
    pub fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    /// The messages accepted so far (headers and body).
    pub fn received(&self) -> Vec<String> {
        self.received.lock().unwrap().clone()
    }

    /// The messages accepted so far, read as a mail client reads them
    /// (MIME parts decoded, encoded headers too).
    pub fn messages(&self) -> Vec<ReceivedMail> {
        self.received()
            .iter()
            .map(|raw| {
                let message = mail_parser::MessageParser::default()
                    .parse(raw.as_bytes())
                    .expect("a message the stand-in accepted parses");
                ReceivedMail {
                    subject: message.subject().unwrap_or_default().to_owned(),
                    to: message
                        .to()
                        .and_then(|to| to.first())
                        .and_then(|a| a.address())
                        .unwrap_or_default()
                        .to_owned(),
                    text: message.body_text(0).map(|t| t.into_owned()),
                    html: message.body_html(0).map(|h| h.into_owned()),
                    parts: message.parts.len(),
                }
            })
            .collect()
    }
}

/// A message as a mail client shows it.
#[derive(Debug, Clone)]
pub struct ReceivedMail {
    pub subject: String,
    pub to: String,
    /// The plain-text part (or the text made from the HTML one when there is none).
    pub text: Option<String>,
    pub html: Option<String>,
    /// How many MIME parts it has, the message itself included.
    pub parts: usize,
}
