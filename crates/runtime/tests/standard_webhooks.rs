//! Our Standard Webhooks signatures against an independent implementation:
//! the `standardwebhooks` package from PyPI (installed by `make test-rust`
//! in target/sdk-venv), each side verifying what the other signed.
#![allow(clippy::unwrap_used)]

use std::path::PathBuf;
use std::process::Command;

use agentforge_runtime::signature::WebhookSecret;

fn python() -> Option<PathBuf> {
    let python = std::env::var_os("AGENTFORGE_TEST_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/sdk-venv/bin/python")
        });
    if python.exists() {
        return Some(python);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing: `make test-rust` installs the standardwebhooks package there",
        python.display()
    );
    eprintln!(
        "SKIPPED: {} is missing; `make test-rust` installs it",
        python.display()
    );
    None
}

const SCRIPT: &str = r#"
import sys, json
from datetime import datetime, timezone
from standardwebhooks.webhooks import Webhook
secret, msg_id, timestamp, signature, body = sys.argv[1:6]
wh = Webhook(secret)
wh.verify(body, {"webhook-id": msg_id, "webhook-timestamp": timestamp, "webhook-signature": signature})
print(wh.sign(msg_id, datetime.fromtimestamp(int(timestamp), tz=timezone.utc), body))
"#;

#[test]
fn signatures_agree_with_the_reference_python_package() {
    let Some(python) = python() else { return };
    let secret = WebhookSecret::generate();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    let id = "msg_2nVn9Qf0";
    let body = r#"{"type":"message.created","data":{"text":"Grüße, 👋"}}"#;
    let ours = secret.sign(id, now, body.as_bytes());
    let output = Command::new(python)
        .args([
            "-c",
            SCRIPT,
            secret.expose(),
            id,
            &now.to_string(),
            &ours,
            body,
        ])
        .output()
        .unwrap();
    assert!(
        output.status.success(),
        "the reference refused our signature: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let theirs = String::from_utf8(output.stdout).unwrap().trim().to_owned();
    assert_eq!(theirs, ours);
    secret
        .verify(
            Some(id),
            Some(&now.to_string()),
            Some(&theirs),
            body.as_bytes(),
            now,
        )
        .unwrap();
}
