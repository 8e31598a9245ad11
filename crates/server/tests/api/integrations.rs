//! Settings › Integrations: a person's and a team's own credentials,
//! checked for their service, sealed at rest, shown masked, audited with
//! secrets redacted, tried against stand-ins of the real services through
//! the outbound guard, and used for an agent's turns before the server's
//! (its team's, then its owner's).

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::team::TeamRole;
use agentforge_server::dto::*;
use agentforge_server::http::{Checked, Filter};
use agentforge_testkit::{
    DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, ELEVENLABS_KEY, ProviderStandIn, SLACK_BOT_TOKEN,
    ServicesStandIn, TELEGRAM_BOT_TOKEN, TWILIO_SID, TWILIO_TOKEN, WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_TOKEN,
};
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::{agent, sign_up};
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

const ALLOW_PRIVATE: [(&str, &str); 1] = [("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")];

fn mine() -> IntegrationsQuery {
    IntegrationsQuery::default()
}

fn of_team(team_id: &str) -> IntegrationsQuery {
    IntegrationsQuery {
        team_id: Some(team_id.to_owned()),
    }
}

fn openai(key: &str, base_url: &str) -> IntegrationIn {
    IntegrationIn {
        api_key: Some(key.into()),
        base_url: Some(base_url.into()),
        ..IntegrationIn::default()
    }
}

fn find(list: &IntegrationsOut, name: IntegrationName) -> &IntegrationOut {
    list.integrations.iter().find(|i| i.name == name).unwrap()
}

#[tokio::test]
async fn own_credentials_are_sealed_masked_kept_unless_typed_and_audited() {
    for_each_engine(async |app: TestApp| {
        let root = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);

        let listed = api.list_integrations(&mine()).await.value();
        assert_eq!(listed.scope, IntegrationScope::User);
        assert!(listed.can_edit);
        let names: Vec<IntegrationName> = listed.integrations.iter().map(|i| i.name).collect();
        assert_eq!(names, IntegrationName::ALL);
        assert!(listed.integrations.iter().all(|i| !i.connected));
        let slack = find(&listed, IntegrationName::Slack);
        assert_eq!(slack.default_base_url, "https://slack.com/api");
        assert!(
            slack
                .fields
                .iter()
                .any(|f| f.name == "signingSecret" && f.secret && f.required)
        );

        let saved = api
            .put_integration(
                "openai",
                &IntegrationIn {
                    api_key: Some(" sk-own-0123456789abcd ".into()),
                    model: Some("gpt-own".into()),
                    ..IntegrationIn::default()
                },
            )
            .await
            .value();
        assert!(saved.connected);
        assert_eq!(
            saved.values.get("model").map(String::as_str),
            Some("gpt-own")
        );
        assert_eq!(saved.secrets["apiKey"].hint.as_deref(), Some("…abcd"));
        assert_eq!(saved.updated_by.as_deref(), Some("ada@example.com"));
        let text = serde_json::to_string(&saved).unwrap();
        assert!(!text.contains("sk-own"), "{text}");

        // Sealed at rest: the database never holds the key in clear.
        let ada_id = app
            .store
            .users()
            .find_by_email(&agentforge_domain::Email::parse("ada@example.com").unwrap())
            .await
            .unwrap()
            .unwrap()
            .id;
        let row = app
            .store
            .integrations()
            .get(
                agentforge_store::IntegrationHolder::User(&ada_id),
                IntegrationName::Openai,
            )
            .await
            .unwrap()
            .unwrap();
        let sealed = row.secrets_sealed.clone().unwrap();
        assert!(sealed.starts_with("v1.") && !sealed.contains("sk-own"));

        // Left out: kept. Another model: changed, the key stays.
        let changed = api
            .put_integration(
                "openai",
                &IntegrationIn {
                    model: Some("gpt-other".into()),
                    ..IntegrationIn::default()
                },
            )
            .await
            .value();
        assert_eq!(changed.values["model"], "gpt-other");
        assert!(changed.secrets["apiKey"].set);
        // "" removes, but the key is required: refused, nothing changes.
        let refused = api
            .put_integration(
                "openai",
                &IntegrationIn {
                    api_key: Some(String::new()),
                    model: Some(String::new()),
                    ..IntegrationIn::default()
                },
            )
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(refused.errors[0].field, "apiKey");
        let listed = api.list_integrations(&mine()).await.value();
        assert_eq!(
            find(&listed, IntegrationName::Openai).values["model"],
            "gpt-other"
        );

        // The audit log: who, what, the secret redacted.
        let entries = app
            .api(&root)
            .audit_logs(&AuditQuery {
                action: Some(Filter::Only(AuditAction::IntegrationUpdate)),
                ..AuditQuery::default()
            })
            .await
            .value()
            .entries;
        assert_eq!(entries.len(), 2);
        let first = entries.last().unwrap();
        assert_eq!(first.resource_type, AuditResource::Integration);
        assert_eq!(first.changes["apiKey"]["to"], json!("[redacted]"));
        assert_eq!(first.changes["model"]["to"], json!("gpt-own"));
        let second = &entries[0];
        assert!(
            second.changes.get("apiKey").is_none(),
            "{:?}",
            second.changes
        );
        assert_eq!(second.changes["model"]["from"], json!("gpt-own"));

        // Someone else sees their own, not Ada's.
        let grace = sign_up(&app, "grace@example.com").await;
        let theirs = app.api(&grace).list_integrations(&mine()).await.value();
        assert!(!find(&theirs, IntegrationName::Openai).connected);

        // Disconnect; a second time it is not there.
        api.delete_integration("openai", &mine()).await.value();
        api.delete_integration("openai", &mine())
            .await
            .unwrap_err()
            .expect(404, "integration_not_found");
        let deleted = app
            .api(&root)
            .audit_logs(&AuditQuery {
                action: Some(Filter::Only(AuditAction::IntegrationDelete)),
                ..AuditQuery::default()
            })
            .await
            .value()
            .entries;
        assert_eq!(deleted[0].changes["apiKey"]["from"], json!("[redacted]"));

        // Credentials go with their owner.
        api.put_integration(
            "telegram",
            &IntegrationIn {
                bot_token: Some(agentforge_testkit::TELEGRAM_BOT_TOKEN.into()),
                ..IntegrationIn::default()
            },
        )
        .await
        .value();
        api.delete_account(&PasswordIn {
            password: crate::helpers::PASSWORD.into(),
        })
        .await
        .value();
        let left = app
            .store
            .integrations()
            .list(agentforge_store::IntegrationHolder::User(&ada_id))
            .await
            .unwrap();
        assert!(left.is_empty(), "{left:?}");
    })
    .await;
}

#[tokio::test]
async fn bad_values_name_their_field_and_change_nothing() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let refused = async |name: &str, body: IntegrationIn| {
            let body = api
                .put_integration(name, &body)
                .await
                .unwrap_err()
                .expect(422, "validation_failed");
            body.errors
                .iter()
                .map(|e| e.field.clone())
                .collect::<Vec<_>>()
        };
        assert_eq!(
            refused(
                "slack",
                IntegrationIn {
                    bot_token: Some("xoxp-user-token".into()),
                    ..IntegrationIn::default()
                }
            )
            .await,
            ["botToken", "signingSecret"]
        );
        assert_eq!(
            refused(
                "twilio",
                IntegrationIn {
                    account_sid: Some("AC123".into()),
                    auth_token: Some("t".into()),
                    phone_number: Some("555".into()),
                    ..IntegrationIn::default()
                }
            )
            .await,
            ["accountSid", "phoneNumber"]
        );
        assert_eq!(
            refused(
                "discord",
                IntegrationIn {
                    application_id: Some("12ab".into()),
                    public_key: Some("not-hex".into()),
                    bot_token: Some("t".into()),
                    ..IntegrationIn::default()
                }
            )
            .await,
            ["applicationId", "publicKey"]
        );
        // A field the service does not take, a key with a line break, a
        // key too long, a base URL that is not http.
        assert_eq!(
            refused(
                "openai",
                IntegrationIn {
                    api_key: Some("sk\nx".into()),
                    bot_token: Some("xoxb-1".into()),
                    base_url: Some("file:///etc/passwd".into()),
                    ..IntegrationIn::default()
                }
            )
            .await,
            ["botToken", "apiKey", "baseUrl"]
        );
        assert_eq!(
            refused("gemini", openai(&"k".repeat(2001), "https://example.com")).await,
            ["apiKey"]
        );
        // An unknown service or body field.
        api.put_integration("myspace", &openai("k", "https://example.com"))
            .await
            .unwrap_err()
            .expect(404, "integration_not_found");
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                "/api/settings/integrations/openai",
                Some(&ada),
                &json!({"apiKey": "k", "password": "x"}),
            )
            .await;
        assert_eq!(status, 422, "{body}");
        let listed = api.list_integrations(&mine()).await.value();
        assert!(listed.integrations.iter().all(|i| !i.connected));
        assert!(
            app.store
                .integrations()
                .list(agentforge_store::IntegrationHolder::User("x"))
                .await
                .unwrap()
                .is_empty()
        );

        // Signed in with an API key: refused (credentials are managed
        // signed in only).
        let key = api
            .create_key(&ApiKeyIn {
                name: "client".into(),
                agent_ids: Vec::new(),
                expires_at: None,
            })
            .await
            .value()
            .key;
        app.api(&key)
            .list_integrations(&mine())
            .await
            .unwrap_err()
            .expect(403, "sign_in_required");
        app.anonymous()
            .list_integrations(&mine())
            .await
            .unwrap_err()
            .expect(401, "unauthorized");
    })
    .await;
}

#[tokio::test]
async fn user_given_base_urls_go_through_the_outbound_guard() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        for url in [
            "http://169.254.169.254/v1",
            "http://127.0.0.1:9/v1",
            "http://[::1]/v1",
            "http://10.0.0.8/v1",
        ] {
            let body = api
                .put_integration("openai", &openai("sk-x", url))
                .await
                .unwrap_err()
                .expect(422, "validation_failed");
            assert_eq!(body.errors[0].field, "baseUrl", "{url}");
            assert!(
                body.errors[0].message.contains("private"),
                "{url}: {:?}",
                body.errors
            );
        }
        // A name that resolves to a private address: refused once
        // resolved, in words; never connected.
        let tried = api
            .test_integration("openai", &openai("sk-x", "http://localhost:9/v1"))
            .await
            .value();
        assert!(!tried.ok, "{tried:?}");
        assert!(tried.message.contains("connect"), "{tried:?}");
    })
    .await;
}

#[tokio::test]
async fn every_integration_is_tried_against_its_service() {
    let services = ServicesStandIn::start().await;
    let provider = ProviderStandIn::start().await;
    for_each_engine_with(&ALLOW_PRIVATE, async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let api = app.api(&ada);
        let base = Some(services.base.clone());
        let tried =
            async |name: &str, body: IntegrationIn| api.test_integration(name, &body).await.value();
        let cases: Vec<(&str, IntegrationIn, IntegrationIn, &str)> = vec![
            (
                "openai",
                openai("good-key", &provider.openai_url()),
                openai("bad-key", &provider.openai_url()),
                "answered",
            ),
            (
                "gemini",
                openai("good-key", &provider.gemini_url()),
                openai("bad-key", &provider.gemini_url()),
                "answered",
            ),
            (
                "elevenlabs",
                IntegrationIn {
                    api_key: Some(ELEVENLABS_KEY.into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    api_key: Some("wrong".into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                "28800 of 30000",
            ),
            (
                "twilio",
                IntegrationIn {
                    account_sid: Some(TWILIO_SID.into()),
                    auth_token: Some(TWILIO_TOKEN.into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    account_sid: Some(TWILIO_SID.into()),
                    auth_token: Some("wrong".into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                "Stand-in account",
            ),
            (
                "slack",
                IntegrationIn {
                    bot_token: Some(SLACK_BOT_TOKEN.into()),
                    signing_secret: Some("signing".into()),
                    base_url: Some(format!("{}/api", services.base)),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    bot_token: Some("xoxb-wrong".into()),
                    signing_secret: Some("signing".into()),
                    base_url: Some(format!("{}/api", services.base)),
                    ..IntegrationIn::default()
                },
                "Stand-in workspace",
            ),
            (
                "telegram",
                IntegrationIn {
                    bot_token: Some(TELEGRAM_BOT_TOKEN.into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    bot_token: Some("999:wrongwrongwrongwrongwrong".into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                "@standin_bot",
            ),
            (
                "discord",
                IntegrationIn {
                    application_id: Some(DISCORD_APPLICATION_ID.into()),
                    public_key: Some("ab".repeat(32)),
                    bot_token: Some(DISCORD_BOT_TOKEN.into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    application_id: Some("1".into()),
                    public_key: Some("ab".repeat(32)),
                    bot_token: Some(DISCORD_BOT_TOKEN.into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                "Stand-in bot",
            ),
            (
                "whatsapp",
                IntegrationIn {
                    phone_number_id: Some(WHATSAPP_PHONE_NUMBER_ID.into()),
                    access_token: Some(WHATSAPP_TOKEN.into()),
                    app_secret: Some("app-secret".into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                IntegrationIn {
                    phone_number_id: Some(WHATSAPP_PHONE_NUMBER_ID.into()),
                    access_token: Some("expired".into()),
                    app_secret: Some("app-secret".into()),
                    base_url: base.clone(),
                    ..IntegrationIn::default()
                },
                "Stand-in Shop",
            ),
        ];
        for (name, good, bad, says) in cases {
            let ok = tried(name, good).await;
            assert!(ok.ok && ok.message.contains(says), "{name}: {ok:?}");
            let no = tried(name, bad).await;
            assert!(!no.ok, "{name}: {no:?}");
        }
        // The service's own words for a refusal.
        let no = tried(
            "telegram",
            IntegrationIn {
                bot_token: Some("999:wrongwrongwrongwrongwrong".into()),
                base_url: base.clone(),
                ..IntegrationIn::default()
            },
        )
        .await;
        assert!(no.message.contains("Unauthorized"), "{no:?}");
        let no = tried(
            "discord",
            IntegrationIn {
                application_id: Some("1".into()),
                public_key: Some("ab".repeat(32)),
                bot_token: Some(DISCORD_BOT_TOKEN.into()),
                base_url: base.clone(),
                ..IntegrationIn::default()
            },
        )
        .await;
        assert!(no.message.contains(DISCORD_APPLICATION_ID), "{no:?}");
        // A test saves nothing.
        let listed = api.list_integrations(&mine()).await.value();
        assert!(listed.integrations.iter().all(|i| !i.connected));

        // Tests are requests to URLs the caller chose: at most so many a
        // minute per person (the 18 above count), then 429; someone else
        // is not held back.
        let body = openai("good-key", &provider.openai_url());
        let mut refused = None;
        for _ in 0..agentforge_server::INTEGRATION_TESTS_PER_MINUTE {
            if let Err(failure) = api.test_integration("openai", &body).await {
                refused = Some(failure);
                break;
            }
        }
        refused
            .expect("refused within the minute")
            .expect(429, "rate_limited");
        let grace = sign_up(&app, "grace@example.com").await;
        assert!(
            app.api(&grace)
                .test_integration("openai", &body)
                .await
                .value()
                .ok
        );
    })
    .await;
}

#[tokio::test]
async fn an_agent_answers_with_its_teams_then_its_owners_own_model_before_the_servers() {
    let provider = ProviderStandIn::start().await;
    for_each_engine_with(&ALLOW_PRIVATE, async |app: TestApp| {
        sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let api = app.api(&ada);
        let id = agent(&app, &ada, json!({"name": "Kettle", "status": "active"})).await;
        let ask = ChatIn::new;

        // The server has no model: the built-in responder answers.
        let builtin = api.chat(&id, &ask("Hello?")).await.value();
        assert_ne!(
            builtin.message.as_ref().expect("an answer").content,
            agentforge_testkit::answer_to("Hello?")
        );

        // Ada's own OpenAI answers for her agent from now on.
        api.put_integration(
            "openai",
            &IntegrationIn {
                model: Some("ada-model".into()),
                ..openai("good-key", &provider.openai_url())
            },
        )
        .await
        .value();
        let own = api.chat(&id, &ask("Hello?")).await.value();
        assert_eq!(
            own.message.as_ref().expect("an answer").content,
            agentforge_testkit::answer_to("Hello?")
        );
        let last_model = || provider.requests().last().unwrap()["model"].clone();
        assert_eq!(last_model(), json!("ada-model"));

        // Shared with a team whose admins saved the team's: the team's.
        let team = api
            .create_team(&TeamIn {
                name: Some("Crew".into()),
                ..TeamIn::default()
            })
            .await
            .value()
            .team
            .id;
        api.add_team_agent(&team, &id).await.value();
        api.add_member(
            &team,
            &MemberIn {
                email: "grace@example.com".into(),
                role: Some(Checked::Valid(TeamRole::Member)),
            },
        )
        .await
        .value();
        api.put_integration(
            "openai",
            &IntegrationIn {
                team_id: Some(team.clone()),
                model: Some("team-model".into()),
                ..openai("good-key", &provider.openai_url())
            },
        )
        .await
        .value();
        api.chat(&id, &ask("Again?")).await.value();
        assert_eq!(last_model(), json!("team-model"));

        // Members see the team's, masked, and may not change them;
        // outsiders do not see them.
        let seen = app
            .api(&grace)
            .list_integrations(&of_team(&team))
            .await
            .value();
        assert!(!seen.can_edit);
        assert!(find(&seen, IntegrationName::Openai).connected);
        assert_eq!(seen.teams.len(), 1);
        app.api(&grace)
            .put_integration(
                "openai",
                &IntegrationIn {
                    team_id: Some(team.clone()),
                    model: Some("mine-now".into()),
                    ..IntegrationIn::default()
                },
            )
            .await
            .unwrap_err()
            .expect(403, "insufficient_team_role");
        let eve = sign_up(&app, "eve@example.com").await;
        app.api(&eve)
            .list_integrations(&of_team(&team))
            .await
            .unwrap_err()
            .expect(404, "team_not_found");
        app.api(&eve)
            .list_integrations(&of_team("no-such-team"))
            .await
            .unwrap_err()
            .expect(404, "team_not_found");

        // The team's removed: the owner's again; the owner's removed: the
        // server's (the built-in responder).
        api.delete_integration("openai", &of_team(&team))
            .await
            .value();
        api.chat(&id, &ask("Once more?")).await.value();
        assert_eq!(last_model(), json!("ada-model"));
        api.delete_integration("openai", &mine()).await.value();
        let back = api.chat(&id, &ask("Hello?")).await.value();
        assert_ne!(
            back.message.as_ref().expect("an answer").content,
            agentforge_testkit::answer_to("Hello?")
        );

        // An agent that names a provider nobody connected is refused in
        // words; connecting one's own Gemini serves it.
        api.put_integration("gemini", &openai("good-key", &provider.gemini_url()))
            .await
            .value();
        let gemini = api.chat(&id, &ask("Gemini?")).await.value();
        assert_eq!(
            gemini.message.as_ref().expect("an answer").content,
            agentforge_testkit::answer_to("Gemini?")
        );
    })
    .await;
}
