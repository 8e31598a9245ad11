//! Webhook signatures per the Standard Webhooks specification
//! (<https://www.standardwebhooks.com>), which the product signs its
//! outbound events with and checks inbound custom and Zapier events by:
//!
//! - a secret is `whsec_` and the base64 of its key bytes;
//! - the signed content is `{webhook-id}.{webhook-timestamp}.{body}`;
//! - `webhook-signature` is one or more space-separated `v1,<base64 of the
//!   HMAC-SHA256>`; any one matching is enough (so a rotated secret may
//!   sign beside the old one);
//! - a timestamp (seconds since the epoch) more than five minutes away
//!   from now is refused, so a captured request cannot be replayed later
//!   (within the window, the receiver refuses an id it has seen).

use aws_lc_rs::hmac;
use aws_lc_rs::rand::{SecureRandom, SystemRandom};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;

/// How far a timestamp may be from now, either way, in seconds.
pub const TOLERANCE_SECONDS: i64 = 5 * 60;

const PREFIX: &str = "whsec_";
/// The key length of the secrets made here (the specification allows
/// 24 to 64 bytes).
const KEY_BYTES: usize = 32;
/// The most signatures one header may carry that are looked at.
const SIGNATURES_MAX: usize = 8;

/// A signing secret.
#[derive(Clone)]
pub struct WebhookSecret {
    key: hmac::Key,
    text: String,
}

impl std::fmt::Debug for WebhookSecret {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("WebhookSecret(…)")
    }
}

/// Why a signed request is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum SignatureError {
    #[error("the webhook-id, webhook-timestamp and webhook-signature headers are required")]
    MissingHeaders,
    #[error("webhook-timestamp is not a number of seconds")]
    BadTimestamp,
    #[error("webhook-timestamp is more than five minutes old")]
    TooOld,
    #[error("webhook-timestamp is more than five minutes ahead")]
    TooNew,
    #[error("no v1 signature in webhook-signature matches the body")]
    NoMatch,
}

/// A secret text that is not `whsec_` and base64.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a webhook secret is whsec_ followed by base64")]
pub struct BadSecret;

impl WebhookSecret {
    /// A new random secret.
    pub fn generate() -> Self {
        let mut key = [0u8; KEY_BYTES];
        #[allow(clippy::expect_used)]
        SystemRandom::new()
            .fill(&mut key)
            .expect("the system's random source works");
        Self::from_key(&key)
    }

    fn from_key(key: &[u8]) -> Self {
        Self {
            key: hmac::Key::new(hmac::HMAC_SHA256, key),
            text: format!("{PREFIX}{}", STANDARD.encode(key)),
        }
    }

    /// Reads `whsec_…` (the prefix may be left out, as the reference
    /// libraries allow).
    pub fn parse(text: &str) -> Result<Self, BadSecret> {
        let encoded = text.trim().strip_prefix(PREFIX).unwrap_or(text.trim());
        let key = STANDARD.decode(encoded).map_err(|_| BadSecret)?;
        if key.is_empty() || key.len() > 128 {
            return Err(BadSecret);
        }
        Ok(Self::from_key(&key))
    }

    /// The secret as it is shown and stored: `whsec_…`.
    pub fn expose(&self) -> &str {
        &self.text
    }

    fn tag(&self, id: &str, timestamp: &str, body: &[u8]) -> hmac::Tag {
        let mut context = hmac::Context::with_key(&self.key);
        context.update(id.as_bytes());
        context.update(b".");
        context.update(timestamp.as_bytes());
        context.update(b".");
        context.update(body);
        context.sign()
    }

    /// The `webhook-signature` value for a message: `v1,<base64>`.
    pub fn sign(&self, id: &str, timestamp: i64, body: &[u8]) -> String {
        let tag = self.tag(id, &timestamp.to_string(), body);
        format!("v1,{}", STANDARD.encode(tag.as_ref()))
    }

    /// Checks a message's headers against its body at `now` (seconds
    /// since the epoch). The comparison takes the same time whatever the
    /// signature's bytes.
    pub fn verify(
        &self,
        id: Option<&str>,
        timestamp: Option<&str>,
        signature: Option<&str>,
        body: &[u8],
        now: i64,
    ) -> Result<(), SignatureError> {
        let (Some(id), Some(timestamp), Some(signature)) = (
            id.filter(|v| !v.is_empty()),
            timestamp.filter(|v| !v.is_empty()),
            signature.filter(|v| !v.is_empty()),
        ) else {
            return Err(SignatureError::MissingHeaders);
        };
        let seconds: i64 = timestamp
            .trim()
            .parse()
            .map_err(|_| SignatureError::BadTimestamp)?;
        if seconds < now.saturating_sub(TOLERANCE_SECONDS) {
            return Err(SignatureError::TooOld);
        }
        if seconds > now.saturating_add(TOLERANCE_SECONDS) {
            return Err(SignatureError::TooNew);
        }
        let mut content = Vec::with_capacity(id.len() + timestamp.len() + body.len() + 2);
        content.extend_from_slice(id.as_bytes());
        content.push(b'.');
        content.extend_from_slice(timestamp.trim().as_bytes());
        content.push(b'.');
        content.extend_from_slice(body);
        let matched = signature
            .split(' ')
            .filter(|s| !s.is_empty())
            .take(SIGNATURES_MAX)
            .filter_map(|versioned| versioned.split_once(','))
            .filter(|(version, _)| *version == "v1")
            .filter_map(|(_, encoded)| STANDARD.decode(encoded).ok())
            .any(|tag| hmac::verify(&self.key, &content, &tag).is_ok());
        if matched {
            Ok(())
        } else {
            Err(SignatureError::NoMatch)
        }
    }
}

/// The platforms' own signature schemes, for their inbound webhooks.
pub mod platform {
    use aws_lc_rs::{constant_time, hmac, signature};

    use super::TOLERANCE_SECONDS;

    fn timestamp_fresh(timestamp: &str, now: i64) -> bool {
        timestamp.trim().parse::<i64>().is_ok_and(|seconds| {
            seconds >= now.saturating_sub(TOLERANCE_SECONDS)
                && seconds <= now.saturating_add(TOLERANCE_SECONDS)
        })
    }

    fn hmac_hex_matches(secret: &str, content: &[u8], hex_tag: &str) -> bool {
        let Ok(tag) = hex::decode(hex_tag.trim()) else {
            return false;
        };
        let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
        hmac::verify(&key, content, &tag).is_ok()
    }

    /// HMAC-SHA256 of `content` with `secret`, in lowercase hexadecimal.
    pub fn hmac_hex(secret: &str, content: &[u8]) -> String {
        let key = hmac::Key::new(hmac::HMAC_SHA256, secret.as_bytes());
        hex::encode(hmac::sign(&key, content).as_ref())
    }

    /// Slack's request signing: `X-Slack-Signature` is `v0=` and the hex
    /// HMAC-SHA256 of `v0:{X-Slack-Request-Timestamp}:{body}` with the
    /// app's signing secret; the timestamp within five minutes of now.
    pub fn slack(secret: &str, timestamp: &str, signature: &str, body: &[u8], now: i64) -> bool {
        if !timestamp_fresh(timestamp, now) {
            return false;
        }
        let Some(tag) = signature.strip_prefix("v0=") else {
            return false;
        };
        let mut content = Vec::with_capacity(body.len() + timestamp.len() + 4);
        content.extend_from_slice(b"v0:");
        content.extend_from_slice(timestamp.trim().as_bytes());
        content.push(b':');
        content.extend_from_slice(body);
        hmac_hex_matches(secret, &content, tag)
    }

    /// Meta's `X-Hub-Signature-256` (WhatsApp Cloud API): `sha256=` and the
    /// hex HMAC-SHA256 of the body with the app secret.
    pub fn hub(app_secret: &str, signature: &str, body: &[u8]) -> bool {
        signature
            .strip_prefix("sha256=")
            .is_some_and(|tag| hmac_hex_matches(app_secret, body, tag))
    }

    /// Discord interactions: `X-Signature-Ed25519` is the hex Ed25519
    /// signature of `{X-Signature-Timestamp}{body}` by the application's
    /// public key (hex); the timestamp within five minutes of now.
    pub fn discord(
        public_key_hex: &str,
        timestamp: &str,
        signature_hex: &str,
        body: &[u8],
        now: i64,
    ) -> bool {
        if !timestamp_fresh(timestamp, now) {
            return false;
        }
        let (Ok(key), Ok(sig)) = (
            hex::decode(public_key_hex),
            hex::decode(signature_hex.trim()),
        ) else {
            return false;
        };
        let mut content = Vec::with_capacity(timestamp.len() + body.len());
        content.extend_from_slice(timestamp.as_bytes());
        content.extend_from_slice(body);
        signature::UnparsedPublicKey::new(&signature::ED25519, key)
            .verify(&content, &sig)
            .is_ok()
    }

    /// Whether two secrets are equal, in a time that does not depend on
    /// where they differ (Telegram's secret token, WhatsApp's verify token).
    pub fn same_secret(given: &str, expected: &str) -> bool {
        !expected.is_empty()
            && constant_time::verify_slices_are_equal(given.as_bytes(), expected.as_bytes()).is_ok()
    }

    #[cfg(test)]
    mod tests {
        use aws_lc_rs::signature::{Ed25519KeyPair, KeyPair};

        use super::*;

        #[test]
        fn slacks_example_verifies() {
            // Slack's documented example (api.slack.com/authentication/verifying-requests-from-slack).
            let body = b"token=xyzz0WbapA4vBCDEFasx0q6G&team_id=T1DC2JH3J&team_domain=testteamnow&channel_id=G8PSS9T3V&channel_name=foobar&user_id=U2CERLKJA&user_name=roadrunner&command=%2Fwebhook-collect&text=&response_url=https%3A%2F%2Fhooks.slack.com%2Fcommands%2FT1DC2JH3J%2F397700885554%2F96rGlfmibIGlgcZRskXaIFfN&trigger_id=398738663015.47445629121.803a0bc887a14d10d2c447fce8b6703c";
            let secret = "8f742231b10e8888abcd99yyyzzz85a5";
            let signature = "v0=a2114d57b48eac39b9ad189dd8316235a7b4a8d21a10bd27519666489c69b503";
            assert!(slack(secret, "1531420618", signature, body, 1_531_420_618));
            assert!(!slack(
                secret,
                "1531420618",
                signature,
                body,
                1_531_420_618 + 301
            ));
            assert!(!slack(
                "other",
                "1531420618",
                signature,
                body,
                1_531_420_618
            ));
            assert!(!slack(secret, "1531420618", "v1=00", body, 1_531_420_618));
        }

        #[test]
        fn hub_signatures_verify() {
            let body = br#"{"object":"whatsapp_business_account"}"#;
            let signature = format!("sha256={}", hmac_hex("app-secret", body));
            assert!(hub("app-secret", &signature, body));
            assert!(!hub("other", &signature, body));
            assert!(!hub("app-secret", &signature, b"{}"));
            assert!(!hub("app-secret", "sha1=00", body));
        }

        #[test]
        fn discord_signatures_verify_with_the_public_key() {
            let pair = Ed25519KeyPair::generate().unwrap();
            let public = hex::encode(pair.public_key().as_ref());
            let body = br#"{"type":1}"#;
            let sign = |ts: &str, body: &[u8]| {
                let mut content = ts.as_bytes().to_vec();
                content.extend_from_slice(body);
                hex::encode(pair.sign(&content).as_ref())
            };
            let now = 1_700_000_000;
            assert!(discord(
                &public,
                "1700000000",
                &sign("1700000000", body),
                body,
                now
            ));
            assert!(!discord(
                &public,
                "1700000000",
                &sign("1700000000", b"{}"),
                body,
                now
            ));
            assert!(!discord(
                &public,
                "1699999000",
                &sign("1699999000", body),
                body,
                now
            ));
            assert!(!discord(&public, "1700000000", "zz", body, now));
        }

        #[test]
        fn secrets_compare_whole() {
            assert!(same_secret("abc", "abc"));
            assert!(!same_secret("abd", "abc"));
            assert!(!same_secret("", ""));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The specification's own example (its test vector).
    const SECRET: &str = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const ID: &str = "msg_p5jXN8AQM9LWM0D4loKWxJek";
    const TIMESTAMP: i64 = 1_614_265_330;
    const BODY: &[u8] = br#"{"test": 2432232314}"#;
    const SIGNATURE: &str = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=";

    #[test]
    fn the_specifications_example_signs_and_verifies() {
        let secret = WebhookSecret::parse(SECRET).unwrap();
        assert_eq!(secret.sign(ID, TIMESTAMP, BODY), SIGNATURE);
        let at = |now: i64| {
            secret.verify(
                Some(ID),
                Some(&TIMESTAMP.to_string()),
                Some(SIGNATURE),
                BODY,
                now,
            )
        };
        assert_eq!(at(TIMESTAMP), Ok(()));
        assert_eq!(at(TIMESTAMP + TOLERANCE_SECONDS), Ok(()));
        assert_eq!(
            at(TIMESTAMP + TOLERANCE_SECONDS + 1),
            Err(SignatureError::TooOld)
        );
        assert_eq!(
            at(TIMESTAMP - TOLERANCE_SECONDS - 1),
            Err(SignatureError::TooNew)
        );
    }

    #[test]
    fn anything_else_is_refused_and_one_matching_signature_is_enough() {
        let secret = WebhookSecret::parse(SECRET).unwrap();
        let ts = TIMESTAMP.to_string();
        let check = |id: Option<&str>, ts: Option<&str>, sig: Option<&str>, body: &[u8]| {
            secret.verify(id, ts, sig, body, TIMESTAMP)
        };
        assert_eq!(
            check(Some(ID), Some(&ts), Some(SIGNATURE), b"{}"),
            Err(SignatureError::NoMatch)
        );
        assert_eq!(
            check(Some("msg_other"), Some(&ts), Some(SIGNATURE), BODY),
            Err(SignatureError::NoMatch)
        );
        assert_eq!(
            check(None, Some(&ts), Some(SIGNATURE), BODY),
            Err(SignatureError::MissingHeaders)
        );
        assert_eq!(
            check(Some(ID), Some("soon"), Some(SIGNATURE), BODY),
            Err(SignatureError::BadTimestamp)
        );
        let v2 = SIGNATURE.replace("v1,", "v2,");
        assert_eq!(
            check(Some(ID), Some(&ts), Some(&v2), BODY),
            Err(SignatureError::NoMatch)
        );
        assert_eq!(
            check(Some(ID), Some(&ts), Some("v1,!!!"), BODY),
            Err(SignatureError::NoMatch)
        );
        // Rotation: the old and the new secret's signatures side by side.
        let rotated = format!("v1,{} {SIGNATURE}", STANDARD.encode([0u8; 32]));
        assert_eq!(check(Some(ID), Some(&ts), Some(&rotated), BODY), Ok(()));
        // Another secret's signature does not pass.
        let other = WebhookSecret::generate();
        assert!(other.expose().starts_with("whsec_"));
        assert_eq!(
            other.verify(Some(ID), Some(&ts), Some(SIGNATURE), BODY, TIMESTAMP),
            Err(SignatureError::NoMatch)
        );
        assert_eq!(
            WebhookSecret::parse("whsec_not base64!").err(),
            Some(BadSecret)
        );
        assert_eq!(WebhookSecret::parse("whsec_").err(), Some(BadSecret));
    }
}
