//! SMS and phone verification through Twilio, against a stand-in speaking
//! Twilio's Messages API, on both engines.

use agentforge_server::dto::{
    NotificationType, SendNotificationIn, SendSmsIn, SendVerificationIn, VerifyPhoneIn,
};
use agentforge_testkit::twilio::INVALID_NUMBER;
use agentforge_testkit::{ServicesStandIn, TWILIO_SID, TWILIO_TOKEN};
use sea_orm::{ConnectionTrait, Statement};

use crate::client::Expected;
use crate::fixtures::sign_up;
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

const FROM: &str = "+14155550100";
const ALICE: &str = "+14155552671";

async fn with_twilio(services: &ServicesStandIn, test: impl AsyncFn(TestApp)) {
    for_each_engine_with(
        &[
            ("AGENTFORGE_TWILIO_ACCOUNT_SID", TWILIO_SID),
            ("AGENTFORGE_TWILIO_AUTH_TOKEN", TWILIO_TOKEN),
            ("AGENTFORGE_TWILIO_PHONE_NUMBER", FROM),
            ("AGENTFORGE_TWILIO_BASE_URL", &services.base),
        ],
        test,
    )
    .await;
}

fn sms(to: &str, message: &str) -> SendSmsIn {
    SendSmsIn {
        phone_number: to.into(),
        message: message.into(),
    }
}

#[tokio::test]
async fn sms_go_from_the_accounts_number_and_bad_ones_change_nothing() {
    let services = ServicesStandIn::start().await;
    with_twilio(&services, async |app: TestApp| {
        let token = sign_up(&app, "texter@example.com").await;
        let api = app.api(&token);
        let before = services.twilio.messages().len();
        let sent = api
            .send_sms(&sms("+1 (415) 555-2671", " Your table is ready. "))
            .await
            .value();
        assert_eq!((sent.to.as_str(), sent.from.as_str()), (ALICE, FROM));
        assert_eq!(sent.body, "Your table is ready.");
        assert_eq!(sent.status, "queued");
        let taken = services.twilio.messages();
        assert_eq!(taken.len(), before + 1);
        let last = taken.last().unwrap();
        assert_eq!(
            (last.to.as_str(), last.body.as_str()),
            (ALICE, "Your table is ready.")
        );
        assert_eq!(sent.sid.as_deref(), Some(last.sid.as_str()));

        // Every bad field at once, and nothing sent.
        let failure = api.send_sms(&sms("12345", "  ")).await.unwrap_err();
        let body = failure.expect(422, "validation_failed");
        let fields: Vec<&str> = body.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["phoneNumber", "message"]);
        api.send_sms(&sms(ALICE, &"x".repeat(1601)))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(services.twilio.messages().len(), before + 1);

        // A number Twilio refuses is the caller's field, in Twilio's words.
        let body = api
            .send_sms(&sms(INVALID_NUMBER, "Hi"))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "phoneNumber");
        assert!(body.errors[0].message.contains("Invalid 'To'"), "{body:?}");

        // The log: the refused one first (newest), with why; the sent one.
        let log = api
            .sms_log(&agentforge_server::http::PageQuery::default())
            .await
            .value();
        assert_eq!(log.meta.total, 2);
        assert_eq!(log.data[0].sms.status, "failed");
        assert!(
            log.data[0].error.as_deref().unwrap().contains("21211"),
            "{:?}",
            log.data[0]
        );
        assert_eq!(log.data[1].sms.sid, sent.sid);
        assert_eq!(
            (log.data[1].kind.as_str(), log.data[1].direction.as_str()),
            ("message", "outbound")
        );
        // Only one's own.
        let other = sign_up(&app, "other@example.com").await;
        assert_eq!(
            app.api(&other)
                .sms_log(&agentforge_server::http::PageQuery::default())
                .await
                .value()
                .meta
                .total,
            0
        );
    })
    .await;

    for_each_engine(async |app: TestApp| {
        let token = sign_up(&app, "nophone@example.com").await;
        app.api(&token)
            .send_sms(&sms(ALICE, "Hi"))
            .await
            .unwrap_err()
            .expect(409, "phone_not_configured");
    })
    .await;
}

/// The code in the last SMS sent to `to`.
fn code_sent(services: &ServicesStandIn, to: &str) -> String {
    let message = services
        .twilio
        .messages()
        .into_iter()
        .rev()
        .find(|m| m.to == to)
        .expect("a message to the number");
    let digits: Vec<&str> = message
        .body
        .split(|c: char| !c.is_ascii_digit())
        .filter(|w| w.len() == 6)
        .collect();
    assert_eq!(digits.len(), 1, "{}", message.body);
    digits[0].to_owned()
}

fn wrong(code: &str) -> String {
    let n: u32 = code.parse().unwrap();
    format!("{:06}", (n + 1) % 1_000_000)
}

fn verify(number: &str, code: &str) -> VerifyPhoneIn {
    VerifyPhoneIn {
        phone_number: number.into(),
        code: code.into(),
    }
}

fn send_code(number: &str) -> SendVerificationIn {
    SendVerificationIn {
        phone_number: number.into(),
    }
}

#[tokio::test]
async fn a_number_is_proved_by_its_code_within_ten_minutes_and_five_tries() {
    let services = ServicesStandIn::start().await;
    with_twilio(&services, async |app: TestApp| {
        let token = sign_up(&app, "prover@example.com").await;
        let api = app.api(&token);

        let sent = api
            .send_verification(&send_code("+1 415 555 2671"))
            .await
            .value();
        assert_eq!((sent.phone_number.as_str(), sent.tries), (ALICE, 5));
        let code = code_sent(&services, ALICE);
        let text = services.twilio.messages().last().unwrap().body.clone();
        assert!(
            text.contains("verification code") && text.contains("10 minutes"),
            "{text}"
        );

        // Only a keyed hash is kept.
        let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
        let row = db
            .query_one_raw(Statement::from_string(
                db.get_database_backend(),
                "SELECT code_hash FROM phone_verifications".to_owned(),
            ))
            .await
            .unwrap()
            .unwrap();
        let hash: String = row.try_get("", "code_hash").unwrap();
        assert_eq!(hash.len(), 64);
        assert!(!hash.contains(&code));

        let body = api
            .verify_phone(&verify(ALICE, &wrong(&code)))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "code");
        assert!(body.errors[0].message.contains("4 tries left"), "{body:?}");
        let user = api.verify_phone(&verify(ALICE, &code)).await.value();
        assert_eq!(user.phone_number.as_deref(), Some(ALICE));
        assert!(user.phone_verified_at.is_some());
        assert_eq!(app.audit("user.phone_verify").await.len(), 1);
        // A code is good once.
        api.verify_phone(&verify(ALICE, &code))
            .await
            .unwrap_err()
            .expect(410, "verification_not_found");

        // Five wrong tries end a code, even for the right one after them.
        api.send_verification(&send_code(ALICE)).await.value();
        let code = code_sent(&services, ALICE);
        for _ in 0..5 {
            api.verify_phone(&verify(ALICE, &wrong(&code)))
                .await
                .unwrap_err()
                .expect(422, "validation_failed");
        }
        api.verify_phone(&verify(ALICE, &code))
            .await
            .unwrap_err()
            .expect(410, "too_many_attempts");

        // A code older than ten minutes is refused.
        api.send_verification(&send_code(ALICE)).await.value();
        let code = code_sent(&services, ALICE);
        db.execute_raw(Statement::from_string(
            db.get_database_backend(),
            format!(
                "UPDATE phone_verifications SET expires_at = '{}'",
                (chrono::Utc::now() - chrono::Duration::minutes(1))
                    .format("%Y-%m-%d %H:%M:%S%.6f+00:00")
            ),
        ))
        .await
        .unwrap();
        api.verify_phone(&verify(ALICE, &code))
            .await
            .unwrap_err()
            .expect(410, "code_expired");

        // A code for another number does not prove this one.
        api.verify_phone(&verify("+14155552672", &code))
            .await
            .unwrap_err()
            .expect(410, "verification_not_found");

        // At most five codes an hour to one number.
        for _ in 0..2 {
            api.send_verification(&send_code(ALICE)).await.value();
        }
        api.send_verification(&send_code(ALICE))
            .await
            .unwrap_err()
            .expect(429, "rate_limited");
    })
    .await;
}

#[tokio::test]
async fn guesses_at_once_cannot_go_past_five() {
    let services = ServicesStandIn::start().await;
    with_twilio(&services, async |app: TestApp| {
        let token = sign_up(&app, "guesser@example.com").await;
        let api = app.api(&token);
        let number = "+14155552673";
        api.send_verification(&send_code(number)).await.value();
        let code = code_sent(&services, number);
        let guesses: Vec<_> = (1..=12u32)
            .map(|i| {
                let n: u32 = code.parse().unwrap();
                format!("{:06}", (n + i) % 1_000_000)
            })
            .collect();
        let asks: Vec<VerifyPhoneIn> = guesses.iter().map(|g| verify(number, g)).collect();
        let answers =
            futures_util::future::join_all(asks.iter().map(|ask| api.verify_phone(ask))).await;
        let statuses: Vec<u16> = answers.into_iter().map(|a| a.unwrap_err().status).collect();
        assert_eq!(
            statuses.iter().filter(|s| **s == 422).count(),
            5,
            "{statuses:?}"
        );
        assert_eq!(
            statuses.iter().filter(|s| **s == 410).count(),
            7,
            "{statuses:?}"
        );
        api.verify_phone(&verify(number, &code))
            .await
            .unwrap_err()
            .expect(410, "too_many_attempts");
    })
    .await;
}

#[tokio::test]
async fn notifications_are_written_from_their_type_in_the_senders_language() {
    let services = ServicesStandIn::start().await;
    with_twilio(&services, async |app: TestApp| {
        let token = sign_up(&app, "notifier@example.com").await;
        let api = app.api(&token);
        let notify = |kind: NotificationType, details: &[(&str, &str)]| SendNotificationIn {
            phone_number: ALICE.into(),
            notification_type: kind,
            details: details
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
        };
        let sent = api
            .send_notification(&notify(
                NotificationType::CallSummary,
                &[("caller", "+1 415 555 2671"), ("duration", "3 min"), ("summary", "Booked a table\nfor two.")],
            ))
            .await
            .value();
        assert_eq!(
            sent.body,
            "AgentForge: the call with +1 415 555 2671 ended after 3 min. Booked a table for two."
        );
        assert_eq!(services.twilio.messages().last().unwrap().body, sent.body);

        // In the sender's language.
        app.send_json(
            reqwest::Method::PUT,
            "/api/settings/profile",
            Some(&token),
            &serde_json::json!({"language": "fr"}),
        )
        .await;
        let sent = api
            .send_notification(&notify(NotificationType::Alert, &[("message", "File pleine")]))
            .await
            .value();
        assert_eq!(sent.body, "Alerte AgentForge : File pleine");

        // Each type takes its own details, and nothing else.
        let before = services.twilio.messages().len();
        let body = api
            .send_notification(&notify(NotificationType::Reminder, &[("subject", "Dentist"), ("colour", "red")]))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        let fields: Vec<&str> = body.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["details.when", "details.colour"]);
        let bad = app
            .send_json(
                reqwest::Method::POST,
                "/api/twilio/send-notification",
                Some(&token),
                &serde_json::json!({"phoneNumber": ALICE, "notificationType": "party", "details": {}}),
            )
            .await;
        assert_eq!(bad.0, 422, "{}", bad.1);
        assert_eq!(services.twilio.messages().len(), before);
    })
    .await;
}
