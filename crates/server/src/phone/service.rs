//! SMS through Twilio, and phone numbers proved by a code sent to them.
//!
//! Whose Twilio account: the person's own (Settings › Integrations), else
//! the server's (Admin › Configuration or the environment). A verification
//! code is six digits, valid ten minutes, five tries; only its keyed hash
//! is kept (HMAC-SHA256 under a key derived from the server's secret key,
//! over the account, the number and the code), so a copy of the database
//! does not give codes away.

use std::time::Duration;

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Conflict, Error, Upstream, messages};
use agentforge_domain::integration::IntegrationName;
use agentforge_domain::policy::Actor;
use agentforge_runtime::Credentials;
use agentforge_store::{Sms, Store, User};
use agentforge_twilio::{SendMessage, TwilioError};
use chrono::Utc;
use hmac::{Hmac, Mac};
use rand::Rng;
use sha2::Sha256;

use crate::audit::{self, Change};
use crate::configuration::Settings;

/// How long a code is good for.
pub const CODE_MINUTES: u32 = 10;
/// Wrong codes before a new one must be asked for.
pub const CODE_TRIES: u32 = 5;
/// Codes sent to one number, and asked for by one person, an hour.
pub const CODES_PER_NUMBER_PER_HOUR: u32 = 5;
pub const CODES_PER_USER_PER_HOUR: u32 = 10;
/// SMS one person may send a minute.
pub const SMS_PER_MINUTE: u32 = 30;
/// The longest SMS body (Twilio's limit: ten segments).
pub const SMS_MAX_CHARS: usize = 1_600;
pub const HOUR: Duration = Duration::from_secs(3600);

/// A Twilio account ready to send.
pub struct TwilioAccount {
    pub client: agentforge_twilio::Client,
    /// The number messages come from, when one is set.
    pub from: Option<String>,
}

/// The Twilio account that sends for `user_id`: theirs, else the server's;
/// `None` when neither is connected.
pub async fn twilio_for(
    store: &Store,
    credentials: Option<&Credentials>,
    settings: &Settings,
    user_id: &str,
) -> Result<Option<TwilioAccount>, Error> {
    if let Some(credentials) = credentials {
        let own = credentials
            .for_agent(store, user_id, None, &[IntegrationName::Twilio])
            .await?;
        if let Some(opened) = own.get(&IntegrationName::Twilio)
            && let (Some(sid), Some(token)) = (opened.get("accountSid"), opened.get("authToken"))
        {
            let client = agentforge_twilio::Client::new(credentials.client().clone(), sid, token)
                .with_base_url(opened.base_url());
            return Ok(Some(TwilioAccount {
                client,
                from: opened.get("phoneNumber").map(str::to_owned),
            }));
        }
    }
    let t = &settings.twilio;
    let (Some(sid), Some(token)) = (&t.account_sid, &t.auth_token) else {
        return Ok(None);
    };
    let mut client = agentforge_twilio::Client::new(
        crate::configuration::operator_client(),
        sid,
        token.expose(),
    );
    if let Some(base) = &t.base_url {
        client = client.with_base_url(base);
    }
    Ok(Some(TwilioAccount {
        client,
        from: t.phone_number.clone(),
    }))
}

/// A number as E.164, or 422 naming `field`.
pub fn number(field: &str, input: &str) -> Result<String, Error> {
    agentforge_twilio::parse_e164(input).map_err(|e| Error::invalid(field, e.to_string()))
}

/// A Twilio failure as the API answers it: Twilio's words; a number it
/// refuses is the caller's field.
pub fn twilio_error(e: TwilioError) -> Error {
    match &e {
        // 21211 invalid 'To', 21214 not reachable, 21408 region not
        // enabled, 21610 the person unsubscribed, 21614 not a mobile number.
        TwilioError::Api {
            code: Some(21211 | 21214 | 21408 | 21610 | 21614),
            message,
            ..
        } => Error::invalid("phoneNumber", message.clone()),
        TwilioError::Unauthorized => Error::Upstream(Upstream {
            status: 502,
            code: "twilio_unauthorized",
            message:
                "Twilio refused the account's credentials: check the account SID and auth token"
                    .to_owned(),
            retry_after: None,
        }),
        _ => Error::Upstream(Upstream {
            status: 502,
            code: "twilio_error",
            message: format!("Twilio: {e}"),
            retry_after: None,
        }),
    }
}

/// Sends `body` to `to` from the account's number, and logs it (sent or
/// failed) under `owner_id`.
pub async fn send(
    store: &Store,
    account: &TwilioAccount,
    owner_id: &str,
    kind: &str,
    to: &str,
    body: &str,
) -> Result<Sms, Error> {
    let from = account
        .from
        .clone()
        .ok_or(Error::Conflict(Conflict::PhoneNotConfigured))?;
    let sent = account
        .client
        .send_message(&SendMessage {
            to: to.to_owned(),
            from: from.clone(),
            body: body.to_owned(),
            status_callback: None,
        })
        .await;
    let mut sms = Sms {
        id: uuid::Uuid::now_v7().to_string(),
        owner_id: owner_id.to_owned(),
        agent_id: None,
        direction: "outbound".to_owned(),
        kind: kind.to_owned(),
        sid: None,
        from_number: from,
        to_number: to.to_owned(),
        body: body.to_owned(),
        status: "failed".to_owned(),
        error: None,
        created_at: agentforge_store::now(),
    };
    match sent {
        Ok(message) => {
            sms.sid = Some(message.sid);
            sms.status = message.status;
            store.phone().log_sms(&sms).await?;
            Ok(sms)
        }
        Err(e) => {
            sms.error = Some(e.to_string());
            store.phone().log_sms(&sms).await?;
            Err(twilio_error(e))
        }
    }
}

/// Checks an SMS body.
pub fn message_body(message: &str) -> Result<String, Error> {
    let message = message.trim();
    if message.is_empty() {
        return Err(Error::invalid("message", messages::REQUIRED));
    }
    if message.chars().count() > SMS_MAX_CHARS {
        return Err(Error::invalid("message", messages::too_long(SMS_MAX_CHARS)));
    }
    if message.contains('\0') {
        return Err(Error::invalid("message", messages::NO_NUL));
    }
    Ok(message.to_owned())
}

/// The notifications, by type, with the details each one's text takes.
pub const NOTIFICATIONS: [(&str, &[&str]); 4] = [
    ("alert", &["message"]),
    ("reminder", &["subject", "when"]),
    ("handoff", &["agent", "summary"]),
    ("call_summary", &["caller", "duration", "summary"]),
];
/// The longest detail of a notification.
pub const DETAIL_MAX_CHARS: usize = 500;

/// Checks a notification's details against what its type takes: each one
/// present, none other, each one line of at most [`DETAIL_MAX_CHARS`].
pub fn notification(
    kind: &'static str,
    details: &std::collections::BTreeMap<String, String>,
) -> Result<agentforge_mail::Sms, Error> {
    let takes = NOTIFICATIONS
        .iter()
        .find(|(k, _)| *k == kind)
        .map(|(_, takes)| *takes)
        .unwrap_or_default();
    let mut p = agentforge_domain::error::Problems::default();
    let mut clean = std::collections::BTreeMap::new();
    for name in takes {
        let field = format!("details.{name}");
        match details
            .get(*name)
            .map(|v| v.split_whitespace().collect::<Vec<_>>().join(" "))
        {
            None => p.add(&field, messages::REQUIRED),
            Some(v) if v.is_empty() => p.add(&field, messages::REQUIRED),
            Some(v) if v.chars().count() > DETAIL_MAX_CHARS => {
                p.add(&field, messages::too_long(DETAIL_MAX_CHARS));
            }
            Some(v) if v.contains('\0') => p.add(&field, messages::NO_NUL),
            Some(v) => {
                clean.insert((*name).to_owned(), v);
            }
        }
    }
    for name in details.keys().filter(|k| !takes.contains(&k.as_str())) {
        p.add(
            &format!("details.{}", name.chars().take(50).collect::<String>()),
            format!("A {kind} notification takes {}", takes.join(", ")),
        );
    }
    p.finish()?;
    Ok(agentforge_mail::Sms::Notification {
        kind,
        details: clean,
    })
}

/// The keyed hash of a code for this account and number.
pub fn code_hash(key: &[u8; 32], user_id: &str, number: &str, code: &str) -> String {
    hex::encode(mac(key, user_id, number, code).finalize().into_bytes())
}

fn mac(key: &[u8; 32], user_id: &str, number: &str, code: &str) -> Hmac<Sha256> {
    #[allow(clippy::expect_used)]
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes any key length");
    mac.update(format!("{user_id}\n{number}\n{code}").as_bytes());
    mac
}

/// Whether `code` is the one whose hash is `stored` (in constant time).
fn code_matches(key: &[u8; 32], user_id: &str, number: &str, code: &str, stored: &str) -> bool {
    let Ok(stored) = hex::decode(stored) else {
        return false;
    };
    mac(key, user_id, number, code)
        .verify_slice(&stored)
        .is_ok()
}

/// A fresh code: six digits, leading zeros kept.
pub fn new_code() -> String {
    format!("{:06}", rand::rng().random_range(0..1_000_000u32))
}

/// Puts a new code in flight for `user` and `number`, in place of any
/// before; the code, to be sent.
pub async fn start_verification(
    store: &Store,
    key: &[u8; 32],
    user: &User,
    number: &str,
) -> Result<String, Error> {
    let code = new_code();
    let expires = Utc::now() + chrono::Duration::minutes(i64::from(CODE_MINUTES));
    store
        .phone()
        .start_verification(
            &user.id,
            number,
            &code_hash(key, &user.id, number, &code),
            expires,
        )
        .await?;
    Ok(code)
}

/// Checks `code` for `number`: the account's number, proved, when it is
/// the one sent (and not expired, and within the tries).
pub async fn verify(
    store: &Store,
    key: &[u8; 32],
    actor: &Actor,
    user: &User,
    number: &str,
    code: &str,
) -> Result<User, Error> {
    let code = code.trim();
    if code.len() != 6 || !code.chars().all(|c| c.is_ascii_digit()) {
        return Err(Error::invalid("code", "The code is six digits"));
    }
    let pending = store
        .phone()
        .verification(&user.id)
        .await?
        .filter(|v| v.phone_number == number)
        .ok_or_else(|| Error::Gone {
            code: "verification_not_found",
            message: "No code was sent to this number, or a newer one was: ask for a new code"
                .into(),
        })?;
    if pending.expires_at < Utc::now() {
        return Err(Error::Gone {
            code: "code_expired",
            message: format!(
                "This code is more than {CODE_MINUTES} minutes old: ask for a new one"
            )
            .into(),
        });
    }
    // The try is counted before the code is compared, in one statement, so
    // parallel guesses cannot go past the limit.
    if !store.phone().take_attempt(&user.id, CODE_TRIES).await? {
        return Err(Error::Gone {
            code: "too_many_attempts",
            message: format!("{CODE_TRIES} wrong codes: ask for a new one").into(),
        });
    }
    if !code_matches(key, &user.id, number, code, &pending.code_hash) {
        let left = CODE_TRIES.saturating_sub(pending.attempts + 1);
        return Err(Error::invalid(
            "code",
            format!("This is not the code sent; {left} tries left"),
        ));
    }
    let tx = store.begin().await?;
    let verified = tx.phone().verified(&user.id, number).await?;
    let entry = Change::new(AuditAction::UserPhoneVerify, AuditResource::User, &user.id)
        .owner(&user.id)
        .diff(
            &serde_json::json!({"phoneNumber": user.phone_number}),
            &serde_json::json!({"phoneNumber": verified.phone_number}),
        );
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(verified)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_are_six_digits_and_only_their_keyed_hash_matches() {
        let key = [7u8; 32];
        for _ in 0..200 {
            let code = new_code();
            assert!(
                code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()),
                "{code}"
            );
        }
        let stored = code_hash(&key, "u1", "+14155552671", "042917");
        assert!(code_matches(&key, "u1", "+14155552671", "042917", &stored));
        assert!(!code_matches(&key, "u1", "+14155552671", "042918", &stored));
        assert!(
            !code_matches(&key, "u2", "+14155552671", "042917", &stored),
            "another account"
        );
        assert!(
            !code_matches(&key, "u1", "+14155552672", "042917", &stored),
            "another number"
        );
        assert!(
            !code_matches(&[8u8; 32], "u1", "+14155552671", "042917", &stored),
            "another server"
        );
        assert!(!stored.contains("042917"));
    }

    #[test]
    fn notifications_take_exactly_their_details() {
        let details = |pairs: &[(&str, &str)]| {
            pairs
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect()
        };
        assert!(
            notification("alert", &details(&[("message", "Queue\n full")])).is_ok_and(|sms| sms
                == agentforge_mail::Sms::Notification {
                    kind: "alert",
                    details: details(&[("message", "Queue full")]),
                })
        );
        let Err(Error::Invalid(problems)) =
            notification("reminder", &details(&[("subject", " "), ("extra", "x")]))
        else {
            panic!("refused")
        };
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["details.subject", "details.when", "details.extra"]);
    }

    #[test]
    fn sms_bodies_are_bounded() {
        assert!(message_body(" hi ").is_ok_and(|m| m == "hi"));
        assert!(message_body("   ").is_err());
        assert!(message_body(&"x".repeat(SMS_MAX_CHARS + 1)).is_err());
        assert!(message_body("a\0b").is_err());
    }
}
