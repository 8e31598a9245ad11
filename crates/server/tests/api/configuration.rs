//! Admin › Configuration: settings read with secrets masked, saved section
//! by section (sealed at rest, audited, validated field by field), in force
//! at once on this instance and soon on a second one; feature flags off by
//! default and enforced; each integration tried against a stand-in of its
//! real service.

use agentforge_domain::agent::ModelProvider;
use agentforge_server::dto::*;
use agentforge_testkit::{
    ELEVENLABS_KEY, STRIPE_KEY, ServicesStandIn, SmtpStandIn, TWILIO_SID, TWILIO_TOKEN,
};
use reqwest::Method;
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::{StandIn, agent, eventually, next_event, post, sign_up, socket, upload};
use crate::helpers::{PASSWORD, TestApp, assert_error, for_each_engine, for_each_engine_with};

/// The specification's flags: all off.
const FLAGS_OFF: [(&str, &str); 2] = [
    ("AGENTFORGE_FEATURE_FILE_UPLOAD", "false"),
    ("AGENTFORGE_FEATURE_COLLABORATION", "false"),
];

fn features(file_upload: bool, collaboration: bool) -> ConfigurationIn {
    ConfigurationIn {
        features: Some(Features {
            voice_provider: false,
            collaboration,
            file_upload,
        }),
        ..ConfigurationIn::default()
    }
}

fn model(provider: ModelProvider, base_url: &str, key: Option<&str>) -> ConfigurationIn {
    ConfigurationIn {
        model: Some(ModelSection {
            provider,
            base_url: Some(base_url.to_owned()),
            api_key: SecretIn(key.map(str::to_owned)),
            model: None,
        }),
        ..ConfigurationIn::default()
    }
}

#[tokio::test]
async fn flags_start_off_are_enforced_and_switch_on_without_restart() {
    for_each_engine_with(&FLAGS_OFF, async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let status = app.anonymous().status().await.value();
        assert_eq!(
            status.features,
            Features::default(),
            "all off, as the specification says"
        );

        let id = agent(&app, &ada, json!({"name": "Kettle"})).await;
        let file = [("faq.txt", b"Kettles boil water.".to_vec())];
        let (status, body) = upload(&app, "/api/upload/document", &ada, Some(&id), &file).await;
        assert_error(status, &body, 403, "feature_disabled");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("file uploads off"),
            "{body}"
        );
        let (status, body) = upload(&app, "/api/upload/image", &ada, None, &file).await;
        assert_error(status, &body, 403, "feature_disabled");

        let (status, team) = post(&app, "/api/teams", &ada, json!({"name": "Tea"})).await;
        assert_eq!(status, 201, "{team}");
        let team = team["data"]["id"].as_str().unwrap().to_owned();
        let invite = json!({"email": "grace@example.com", "role": "member"});
        let path = format!("/api/team-invitations/team/{team}");
        let (status, body) = post(&app, &path, &ada, invite.clone()).await;
        assert_error(status, &body, 403, "feature_disabled");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{team}/agents/{id}"),
            &ada,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "feature_disabled");
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/share"),
            &ada,
            json!({"teamId": team}),
        )
        .await;
        assert_error(status, &body, 403, "feature_disabled");
        // A public link is not collaboration.
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/share"),
            &ada,
            json!({"public": true}),
        )
        .await;
        assert_eq!(status, 200, "{body}");

        // Only admins switch them.
        app.api(&ada)
            .put_configuration(&features(true, true))
            .await
            .unwrap_err()
            .expect(403, "admin_required");
        let saved = app
            .api(&admin)
            .put_configuration(&features(true, true))
            .await
            .value();
        assert_eq!(saved.saved, ["features"]);
        assert_eq!(saved.revision, 1);
        let status = app.anonymous().status().await.value();
        assert!(status.features.file_upload && status.features.collaboration);

        let (status, body) = upload(&app, "/api/upload/document", &ada, Some(&id), &file).await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = post(&app, &path, &ada, invite).await;
        assert_eq!(status, 201, "{body}");

        // Off again: refused again, at once.
        app.api(&admin)
            .put_configuration(&features(false, true))
            .await
            .value();
        let (status, body) = upload(&app, "/api/upload/document", &ada, Some(&id), &file).await;
        assert_error(status, &body, 403, "feature_disabled");
    })
    .await;
}

#[tokio::test]
async fn secrets_are_sealed_masked_kept_unless_typed_and_redacted_in_the_audit_log() {
    let provider = StandIn::start().await;
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let api = app.api(&admin);
        let before = api.get_configuration().await.value();
        assert_eq!(before.revision, 0);
        assert!(before.saved.is_empty());
        assert_eq!(before.settings.model.provider, ModelProvider::Builtin);

        let key = "good-key-with-enough-characters";
        let saved = api
            .put_configuration(&model(ModelProvider::Openai, &provider.base_url, Some(key)))
            .await
            .value();
        assert_eq!(
            saved.settings.model.api_key,
            Masked {
                set: true,
                hint: Some("…ters".into())
            }
        );
        assert_eq!(saved.updated_by.as_deref(), Some("root@example.com"));
        let body = serde_json::to_string(&saved).unwrap();
        assert!(!body.contains(key), "the key never goes back whole");
        let rows = app
            .raw_rows("SELECT document AS row FROM configuration")
            .await;
        assert_eq!(rows.len(), 1);
        assert!(!rows[0].contains(key), "sealed at rest: {}", rows[0]);

        // Saved again without the key: it is kept.
        let mut again = model(ModelProvider::Openai, &provider.base_url, None);
        again.model.as_mut().unwrap().model = Some("llama3".into());
        let saved = api.put_configuration(&again).await.value();
        assert!(saved.settings.model.api_key.set);
        assert_eq!(saved.settings.model.model.as_deref(), Some("llama3"));

        // A SMTP URL shows its host, never its password.
        let saved = api
            .put_configuration(&ConfigurationIn {
                mail: Some(MailSection {
                    smtp_url: SecretIn(Some("smtp://mailer:hunter2@mail.example.com:587".into())),
                    from: "Support <support@example.com>".into(),
                }),
                ..ConfigurationIn::default()
            })
            .await
            .value();
        assert_eq!(
            saved.settings.mail.smtp_url.hint.as_deref(),
            Some("smtp://…@mail.example.com:587")
        );
        assert_eq!(saved.saved, ["model", "mail"]);

        // "" removes a secret.
        let saved = api
            .put_configuration(&model(ModelProvider::Openai, &provider.base_url, Some("")))
            .await
            .value();
        assert!(!saved.settings.model.api_key.set);

        let entries = app.audit("configuration.update").await;
        assert_eq!(entries.len(), 4);
        let first = &entries
            .iter()
            .find(|e| e.changes.contains_key("model.provider"))
            .unwrap()
            .changes;
        assert_eq!(
            first["model.provider"],
            json!({"from": "builtin", "to": "openai"})
        );
        assert_eq!(
            first["model.apiKey"],
            json!({"from": null, "to": "[redacted]"})
        );
        let all =
            serde_json::to_string(&entries.iter().map(|e| &e.changes).collect::<Vec<_>>()).unwrap();
        assert!(!all.contains(key) && !all.contains("hunter2"), "{all}");
    })
    .await;
}

#[tokio::test]
async fn bad_values_name_their_field_and_change_nothing() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let cases = [
            (json!({"model": {"provider": "openai", "baseUrl": "ftp://models", "model": null}}), "model.baseUrl"),
            (json!({"model": {"provider": "gemini", "baseUrl": null, "model": null}}), "model.apiKey"),
            (json!({"general": {"publicUrl": "not a url", "signupOpen": true, "operatorEmail": null}}), "general.publicUrl"),
            (json!({"general": {"publicUrl": "https://a.example", "signupOpen": true, "operatorEmail": "nobody"}}), "general.operatorEmail"),
            (json!({"mail": {"smtpUrl": "http://mail.example.com", "from": "a@example.com"}}), "mail.smtpUrl"),
            (json!({"mail": {"from": "not an address"}}), "mail.from"),
            (json!({"twilio": {"accountSid": "AC123", "phoneNumber": null, "baseUrl": null}}), "twilio.accountSid"),
            (json!({"twilio": {"accountSid": null, "phoneNumber": "555-1234", "baseUrl": null}}), "twilio.phoneNumber"),
            (json!({"stripe": {"secretKey": "pk_live_oops", "publishableKey": null, "baseUrl": null}}), "stripe.secretKey"),
            (json!({"elevenlabs": {"apiKey": "a\nb", "baseUrl": null}}), "elevenlabs.apiKey"),
            (json!({"limits": {"uploadMaxBytes": 10, "knowledgeQuotaBytes": 1073741824, "rateLimitAuthPerIp": 20,
                "rateLimitAuthPerEmail": 5, "rateLimitApiKeyPerMinute": 600, "messageMaxChars": 32000}}), "limits.uploadMaxBytes"),
            (json!({"limits": {"uploadMaxBytes": 1048576, "knowledgeQuotaBytes": 1073741824, "rateLimitAuthPerIp": 20,
                "rateLimitAuthPerEmail": 5, "rateLimitApiKeyPerMinute": 600, "messageMaxChars": 40000}}), "limits.messageMaxChars"),
        ];
        for (body, field) in cases {
            let (status, answer) = app
                .send_json(Method::PUT, "/api/admin/configuration", Some(&admin), &body)
                .await;
            assert_error(status, &answer, 422, "validation_failed");
            let fields: Vec<&str> = answer["errors"]
                .as_array()
                .unwrap()
                .iter()
                .map(|d| d["field"].as_str().unwrap())
                .collect();
            assert!(fields.contains(&field), "{body}: {answer}");
        }
        // A section sent as a list (serde would read one by position) is refused by its path.
        let (status, answer) = app
            .send_json(Method::PUT, "/api/admin/configuration", Some(&admin), &json!({"gemini": [null, null]}))
            .await;
        assert_error(status, &answer, 422, "validation_failed");
        assert_eq!(answer["errors"][0]["field"], "gemini", "{answer}");
        let (status, answer) = app
            .send_json(
                Method::POST,
                "/api/admin/configuration/test",
                Some(&admin),
                &json!({"integration": "mail", "settings": {"gemini": [null, null]}}),
            )
            .await;
        assert_error(status, &answer, 422, "validation_failed");
        assert_eq!(answer["errors"][0]["field"], "settings.gemini", "{answer}");
        // Unknown sections and fields are refused too.
        for body in [json!({"colour": {}}), json!({"features": {"voiceProvider": true, "collaboration": true, "fileUpload": true, "beta": true}})] {
            let (status, answer) = app
                .send_json(Method::PUT, "/api/admin/configuration", Some(&admin), &body)
                .await;
            assert!(status == 422 || status == 400, "{status} {answer}");
        }
        let after = app.api(&admin).get_configuration().await.value();
        assert_eq!(after.revision, 0, "nothing was saved");
        assert!(app.audit("configuration.update").await.is_empty());
        let (status, _) = app.get_json("/api/admin/configuration").await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn the_model_provider_changes_without_a_restart_and_can_be_tried_first() {
    let provider = StandIn::start().await;
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let api = app.api(&admin);
        let id = agent(&app, &admin, json!({"name": "Kettle", "status": "active"})).await;
        let ask = ChatIn::new;
        let builtin = api.chat(&id, &ask("Hello?")).await.value();
        assert!(
            !builtin
                .message
                .as_ref()
                .expect("an answer")
                .content
                .contains("The stand-in answers")
        );

        // Tried before saving: a wrong key is refused in the provider's words.
        let trial = |key: &str| ConnectionTestIn {
            integration: Integration::Model,
            settings: Some(model(ModelProvider::Openai, &provider.base_url, Some(key))),
        };
        let refused = api.test_connection(&trial("bad-key")).await.value();
        assert!(!refused.ok, "{refused:?}");
        let works = api.test_connection(&trial("good-key")).await.value();
        assert!(works.ok, "{works:?}");
        assert!(
            !api.get_configuration()
                .await
                .value()
                .settings
                .model
                .api_key
                .set,
            "a trial saves nothing"
        );

        api.put_configuration(&model(
            ModelProvider::Openai,
            &provider.base_url,
            Some("good-key"),
        ))
        .await
        .value();
        let answered = api.chat(&id, &ask("Hello?")).await.value();
        assert_eq!(
            answered.message.as_ref().expect("an answer").content,
            agentforge_testkit::answer_to("Hello?")
        );
        let status = app.anonymous().status().await.value();
        assert_eq!(status.providers.llm, ModelProvider::Openai);

        // The message length limit applies to turns from now on.
        let mut limits = api.get_configuration().await.value().settings.limits;
        limits.message_max_chars = 100;
        api.put_configuration(&ConfigurationIn {
            limits: Some(limits),
            ..ConfigurationIn::default()
        })
        .await
        .value();
        api.chat(&id, &ask(&"x".repeat(101)))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn every_integration_is_tried_against_its_service() {
    let services = ServicesStandIn::start().await;
    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let smtp = SmtpStandIn::start(0).await;
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let api = app.api(&admin);
        let try_with = async |integration: Integration, settings: ConfigurationIn| {
            api.test_connection(&ConnectionTestIn {
                integration,
                settings: Some(settings),
            })
            .await
            .value()
        };
        let twilio = |token: &str| ConfigurationIn {
            twilio: Some(TwilioSection {
                account_sid: Some(TWILIO_SID.into()),
                auth_token: SecretIn(Some(token.into())),
                phone_number: Some("+15551234567".into()),
                base_url: Some(services.base.clone()),
            }),
            ..ConfigurationIn::default()
        };
        let key = |key: &str, base: &str| KeySection {
            api_key: SecretIn(Some(key.into())),
            base_url: Some(base.to_owned()),
        };
        let stripe = |secret: &str| ConfigurationIn {
            stripe: Some(StripeSection {
                secret_key: SecretIn(Some(secret.into())),
                publishable_key: None,
                webhook_secret: SecretIn(None),
                base_url: Some(services.base.clone()),
            }),
            ..ConfigurationIn::default()
        };
        let mail = |url: &str| ConfigurationIn {
            mail: Some(MailSection {
                smtp_url: SecretIn(Some(url.into())),
                from: "a@example.com".into(),
            }),
            ..ConfigurationIn::default()
        };

        let ok = try_with(Integration::Twilio, twilio(TWILIO_TOKEN)).await;
        assert!(ok.ok && ok.message.contains("Stand-in account"), "{ok:?}");
        let no = try_with(Integration::Twilio, twilio("wrong")).await;
        assert!(!no.ok && no.message.contains("refused"), "{no:?}");

        let eleven = |k: &str| ConfigurationIn {
            elevenlabs: Some(key(k, &services.base)),
            ..ConfigurationIn::default()
        };
        let ok = try_with(Integration::Elevenlabs, eleven(ELEVENLABS_KEY)).await;
        assert!(ok.ok && ok.message.contains("28800 of 30000"), "{ok:?}");
        assert!(!try_with(Integration::Elevenlabs, eleven("wrong")).await.ok);

        let gemini_base = format!("{}/v1beta", provider.base);
        let gemini = |k: &str| ConfigurationIn {
            gemini: Some(key(k, &gemini_base)),
            ..ConfigurationIn::default()
        };
        let ok = try_with(Integration::Gemini, gemini("good-key")).await;
        assert!(ok.ok && ok.message.contains("2 models"), "{ok:?}");
        let no = try_with(Integration::Gemini, gemini("wrong")).await;
        assert!(!no.ok && no.message.contains("API key not valid"), "{no:?}");

        let ok = try_with(Integration::Stripe, stripe(STRIPE_KEY)).await;
        assert!(ok.ok && ok.message.contains("test mode"), "{ok:?}");
        assert!(
            !try_with(Integration::Stripe, stripe("sk_test_wrong"))
                .await
                .ok
        );

        assert!(try_with(Integration::Mail, mail(&smtp.url())).await.ok);
        let no = try_with(Integration::Mail, mail("smtp://127.0.0.1:1")).await;
        assert!(!no.ok, "{no:?}");
        // Nothing set: said so, not an error.
        let nothing = api
            .test_connection(&ConnectionTestIn {
                integration: Integration::Mail,
                settings: None,
            })
            .await
            .value();
        assert!(
            !nothing.ok && nothing.message.contains("outbox"),
            "{nothing:?}"
        );
    })
    .await;
}

#[tokio::test]
async fn mail_goes_out_through_the_server_saved_from_then_on() {
    let smtp = SmtpStandIn::start(0).await;
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        app.api(&admin)
            .put_configuration(&ConfigurationIn {
                mail: Some(MailSection {
                    smtp_url: SecretIn(Some(smtp.url())),
                    from: "Support <support@example.com>".into(),
                }),
                ..ConfigurationIn::default()
            })
            .await
            .value();
        assert_eq!(
            app.anonymous()
                .status()
                .await
                .value()
                .providers
                .mail
                .as_str(),
            "smtp"
        );
        app.register("ada@example.com", PASSWORD).await;
        eventually(|| async {
            smtp.messages()
                .iter()
                .any(|m| m.to.contains("ada@example.com"))
        })
        .await;
    })
    .await;
}

#[tokio::test]
async fn closed_sign_up_lets_in_the_first_account_and_the_invited_only() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let mut general = app
            .api(&admin)
            .get_configuration()
            .await
            .value()
            .settings
            .general;
        general.signup_open = false;
        app.api(&admin)
            .put_configuration(&ConfigurationIn {
                general: Some(general),
                ..ConfigurationIn::default()
            })
            .await
            .value();
        let body = json!({"email": "ada@example.com", "password": PASSWORD, "firstName": "Ada"});
        let (status, answer) = app.post_json("/api/auth/register", &body).await;
        assert_error(status, &answer, 403, "signup_closed");

        let (status, team) = post(&app, "/api/teams", &admin, json!({"name": "Tea"})).await;
        assert_eq!(status, 201, "{team}");
        let team = team["data"]["id"].as_str().unwrap();
        let (status, answer) = post(
            &app,
            &format!("/api/team-invitations/team/{team}"),
            &admin,
            json!({"email": "ada@example.com", "role": "member"}),
        )
        .await;
        assert_eq!(status, 201, "{answer}");
        let (status, answer) = app.post_json("/api/auth/register", &body).await;
        assert_eq!(status, 201, "an invited address may: {answer}");
    })
    .await;
}

#[tokio::test]
async fn a_second_instance_follows_a_change_and_tells_its_sockets() {
    for_each_engine_with(&FLAGS_OFF, async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let sibling = app.sibling().await;
        let mut events = socket(&sibling, &admin).await;
        assert!(
            !sibling
                .anonymous()
                .status()
                .await
                .value()
                .features
                .file_upload
        );

        app.api(&admin)
            .put_configuration(&features(true, false))
            .await
            .value();
        eventually(|| async {
            sibling
                .anonymous()
                .status()
                .await
                .value()
                .features
                .file_upload
        })
        .await;
        let event = next_event(&mut events).await;
        assert_eq!(
            event,
            json!({"type": "configuration.changed", "revision": 1})
        );
        let seen = sibling.api(&admin).get_configuration().await.value();
        assert_eq!(
            (seen.revision, seen.saved),
            (1, vec!["features".to_owned()])
        );
    })
    .await;
}
