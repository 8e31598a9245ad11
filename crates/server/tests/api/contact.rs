//! The contact form: kept for admins, mailed to the operator when an
//! address is set, bounded per address, and deaf to robots that fill the
//! hidden field.

use agentforge_server::dto::*;
use agentforge_server::http::PageQuery;
use reqwest::Method;
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::sign_up;
use crate::helpers::{TestApp, assert_error, for_each_engine};

fn message(subject: &str) -> ContactIn {
    ContactIn {
        name: "Grace Hopper".into(),
        email: "grace@example.com".into(),
        company: None,
        subject: subject.into(),
        message: "How much for ten seats?\nAnd is there a discount?".into(),
        website: None,
    }
}

#[tokio::test]
async fn messages_are_kept_for_admins_and_mailed_to_the_operator() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let api = app.api(&admin);
        app.anonymous().contact(&message("Pricing")).await.value();
        let listed = api.contact_messages(&PageQuery::default()).await.value();
        assert_eq!(listed.meta.total, 1);
        assert_eq!(listed.data[0].email, "grace@example.com");
        assert_eq!(listed.data[0].mailed_to, None, "no operator address yet");
        let entries = app.audit("contact.create").await;
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].actor_kind, "anonymous");

        let mut general = api.get_configuration().await.value().settings.general;
        general.operator_email = Some("ops@example.com".into());
        api.put_configuration(&ConfigurationIn {
            general: Some(general),
            ..ConfigurationIn::default()
        })
        .await
        .value();
        app.anonymous().contact(&message("Support")).await.value();
        let listed = api.contact_messages(&PageQuery::default()).await.value();
        assert_eq!(listed.data[0].mailed_to.as_deref(), Some("ops@example.com"));
        let outbox = app.store.outbox().list(1, 10).await.unwrap().0;
        let mail = outbox
            .iter()
            .find(|m| m.to_address == "ops@example.com")
            .unwrap();
        assert_eq!(mail.subject, "Contact form: “Support”");
        let text = app.mail_text(mail);
        assert!(
            text.contains("grace@example.com") && text.contains("> And is there a discount?"),
            "{text}"
        );

        let ada = sign_up(&app, "ada@example.com").await;
        app.api(&ada)
            .contact_messages(&PageQuery::default())
            .await
            .unwrap_err()
            .expect(403, "admin_required");
    })
    .await;
}

#[tokio::test]
async fn bad_fields_robots_and_floods_are_refused() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let (status, body) = app
            .send_json(Method::POST, "/api/users/contact", None, &json!({"name": "Grace", "email": "nope", "subject": " ", "message": "Hi"}))
            .await;
        assert_error(status, &body, 422, "validation_failed");
        let fields: Vec<&str> = body["errors"].as_array().unwrap().iter().map(|e| e["field"].as_str().unwrap()).collect();
        assert_eq!(fields, ["email", "subject"]);
        let long = json!({"name": "Grace", "email": "grace@example.com", "subject": "Hi", "message": "x".repeat(5001)});
        let (status, body) = app.send_json(Method::POST, "/api/users/contact", None, &long).await;
        assert_error(status, &body, 422, "validation_failed");

        // The hidden field filled: answered alike, kept nowhere.
        let robot = ContactIn { website: Some("http://spam.example".into()), ..message("Cheap pills") };
        app.anonymous().contact(&robot).await.value();
        let listed = app.api(&admin).contact_messages(&PageQuery::default()).await.value();
        assert_eq!(listed.meta.total, 0);

        // Five an hour from one address (the robot's counted too).
        for _ in 0..4 {
            app.anonymous().contact(&message("Again")).await.value();
        }
        app.anonymous()
            .contact(&message("Once more"))
            .await
            .unwrap_err()
            .expect(429, "rate_limited");
        let listed = app.api(&admin).contact_messages(&PageQuery::default()).await.value();
        assert_eq!(listed.meta.total, 4);
    })
    .await;
}
