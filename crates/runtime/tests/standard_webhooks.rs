//! Our Standard Webhooks signatures against an independent implementation:
//! the `standardwebhooks` package from PyPI (installed by `make test-rust`
//! in target/sdk-venv), each side verifying what the other signed.
#![allow(clippy::unwrap_used)]

use std::process::Command;

use agentforge_runtime::signature::WebhookSecret;

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
    let Some(python) = agentforge_testkit::sdk_python() else {
        return;
    };
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
