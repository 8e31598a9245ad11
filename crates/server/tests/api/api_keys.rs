//! API keys: shown once and kept hashed, acting as their owner on the
//! agents they name, never on the account or other keys, stopping at once
//! when revoked or expired, limited per minute, on both engines.

use agentforge_server::dto::{AdminApiKeyQuery, ApiKeyIn};
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::{agent, sign_up};
use crate::helpers::{TestApp, assert_error, for_each_engine, for_each_engine_with};

fn key_in(name: &str, agents: &[&str]) -> ApiKeyIn {
    ApiKeyIn {
        name: name.to_owned(),
        agent_ids: agents.iter().map(|a| (*a).to_owned()).collect(),
        expires_at: None,
    }
}

#[tokio::test]
async fn a_key_is_shown_once_kept_hashed_and_acts_as_its_owner_on_its_agents() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let support = agent(&app, &ada, json!({"name": "Support"})).await;
        let sales = agent(&app, &ada, json!({"name": "Sales"})).await;

        let made = app.api(&ada).create_key(&key_in("Zapier", &[&support])).await.value();
        assert!(made.key.starts_with("af_") && made.key.len() == 46, "{}", made.key);
        assert!(made.key.starts_with(&made.api_key.prefix));
        assert_eq!(made.api_key.agent_ids, vec![support.clone()]);
        // Only the hash is kept: the key is nowhere in the database.
        let rows = app
            .raw_rows("SELECT name || ' ' || prefix || ' ' || key_hash AS row FROM api_keys")
            .await;
        assert_eq!(rows.len(), 1);
        assert!(!rows[0].contains(&made.key), "{}", rows[0]);
        // And never shown again.
        let listed = app.api(&ada).list_keys().await.value();
        assert_eq!(listed.len(), 1);
        assert_eq!(listed[0].prefix, made.api_key.prefix);
        assert!(!serde_json::to_string(&listed).unwrap().contains(&made.key));

        // The key is Ada, on the agent it names.
        let key = app.api(&made.key);
        assert_eq!(key.me().await.value().email, "ada@example.com");
        let (status, _) = app.get_as(&format!("/api/agents/{support}"), &made.key).await;
        assert_eq!(status, 200);
        let (status, body) = app
            .send_json(
                reqwest::Method::POST,
                &format!("/api/agents/{support}/chat"),
                Some(&made.key),
                &json!({"message": "hello"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        // Other agents of Ada's are as good as absent to it.
        let (status, body) = app.get_as(&format!("/api/agents/{sales}"), &made.key).await;
        assert_error(status, &body, 404, "agent_not_found");
        let (status, body) = app.get_as("/api/agents", &made.key).await;
        assert_eq!(status, 200);
        let ids: Vec<&str> = body["data"].as_array().unwrap().iter().map(|a| a["id"].as_str().unwrap()).collect();
        assert_eq!(ids, vec![support.as_str()]);
        let (_, conversations) = app.get_as("/api/conversations", &made.key).await;
        assert!(conversations["data"].as_array().unwrap().iter().all(|c| c["agentId"] == support.as_str()));

        // A key without agents reaches all of Ada's.
        let all = app.api(&ada).create_key(&key_in("Everything", &[])).await.value();
        let (status, _) = app.get_as(&format!("/api/agents/{sales}"), &all.key).await;
        assert_eq!(status, 200);

        // No key makes keys, changes the password or deletes the account.
        key.create_key(&key_in("More", &[])).await.unwrap_err().expect(403, "sign_in_required");
        key.list_keys().await.unwrap_err().expect(403, "sign_in_required");
        key.revoke_key(&all.api_key.id).await.unwrap_err().expect(403, "sign_in_required");
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                "/api/settings/profile",
                Some(&made.key),
                &json!({"newPassword": "another long one", "currentPassword": crate::helpers::PASSWORD}),
            )
            .await;
        assert_error(status, &body, 403, "sign_in_required");
        let (status, body) = app
            .send_json(
                reqwest::Method::DELETE,
                "/api/settings/account",
                Some(&made.key),
                &json!({"password": crate::helpers::PASSWORD}),
            )
            .await;
        assert_error(status, &body, 403, "sign_in_required");

        // Admins see every key with its owner, and may revoke it.
        let everyone = app
            .api(&admin)
            .admin_list_keys(&AdminApiKeyQuery {
                search: Some("ADA@".into()),
                ..Default::default()
            })
            .await
            .value();
        assert_eq!(everyone.meta.total, 2);
        assert_eq!(everyone.data[0].owner_email, "ada@example.com");
        app.api(&admin).admin_revoke_key(&all.api_key.id).await.value();

        // Revoked: it stops at once.
        let (status, body) = app.get_as("/api/auth/me", &all.key).await;
        assert_error(status, &body, 401, "api_key_invalid");
        app.api(&ada).revoke_key(&made.api_key.id).await.value();
        let (status, body) = app.get_as("/api/auth/me", &made.key).await;
        assert_error(status, &body, 401, "api_key_invalid");
        assert!(app.api(&ada).list_keys().await.value().is_empty());
        // Someone else's key is not there to revoke.
        let grace = sign_up(&app, "grace@example.com").await;
        let hers = app.api(&grace).create_key(&key_in("Hers", &[])).await.value();
        app.api(&ada).revoke_key(&hers.api_key.id).await.unwrap_err().expect(404, "api_key_not_found");
    })
    .await;
}

#[tokio::test]
async fn a_key_is_refused_for_agents_its_owner_may_not_use_and_past_its_expiry() {
    for_each_engine(async |app: TestApp| {
        sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let hers = agent(&app, &grace, json!({"name": "Hers"})).await;
        let body = app
            .api(&ada)
            .create_key(&key_in("Sneaky", &[&hers]))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "agentIds");
        let body = app
            .api(&ada)
            .create_key(&key_in("\u{202E}evil", &[]))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "name");
        let past = ApiKeyIn {
            expires_at: Some(chrono::Utc::now() - chrono::Duration::minutes(1)),
            ..key_in("Old", &[])
        };
        let body = app
            .api(&ada)
            .create_key(&past)
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "expiresAt");

        // A key that expires stops working then.
        let soon = ApiKeyIn {
            expires_at: Some(chrono::Utc::now() + chrono::Duration::seconds(2)),
            ..key_in("Soon", &[])
        };
        let made = app.api(&ada).create_key(&soon).await.value();
        assert_eq!(app.get_as("/api/auth/me", &made.key).await.0, 200);
        tokio::time::sleep(std::time::Duration::from_millis(2_100)).await;
        let (status, body) = app.get_as("/api/auth/me", &made.key).await;
        assert_error(status, &body, 401, "api_key_expired");
        assert!(app.api(&ada).list_keys().await.value()[0].expired);

        // Anything that is not a key of ours costs no lookup and says so.
        for fake in ["af_short", &format!("af_{}", "A".repeat(43))] {
            let (status, body) = app.get_as("/api/auth/me", fake).await;
            assert_error(status, &body, 401, "api_key_invalid");
        }
    })
    .await;
}

#[tokio::test]
async fn keys_are_limited_in_number_and_in_requests_a_minute() {
    for_each_engine_with(
        &[
            ("AGENTFORGE_API_KEYS_PER_USER", "2"),
            ("AGENTFORGE_RATE_LIMIT_API_KEY_PER_MINUTE", "3"),
        ],
        async |app: TestApp| {
            let ada = sign_up(&app, "ada@example.com").await;
            let one = app.api(&ada).create_key(&key_in("One", &[])).await.value();
            app.api(&ada).create_key(&key_in("Two", &[])).await.value();
            app.api(&ada)
                .create_key(&key_in("Three", &[]))
                .await
                .unwrap_err()
                .expect(409, "too_many_api_keys");
            for _ in 0..3 {
                assert_eq!(app.get_as("/api/auth/me", &one.key).await.0, 200);
            }
            let response = app
                .client
                .get(app.url("/api/auth/me"))
                .bearer_auth(&one.key)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 429);
            assert!(response.headers().contains_key("retry-after"));
            // The person's session is not held to the key's rate.
            assert_eq!(app.get_as("/api/auth/me", &ada).await.0, 200);
        },
    )
    .await;
}

#[tokio::test]
async fn making_and_revoking_keys_is_audited_and_never_shows_a_key() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let admin_id = app.api(&admin).me().await.value().id;
        let ada_id = app.api(&ada).me().await.value().id;
        let support = agent(&app, &ada, json!({"name": "Support"})).await;

        let made = app
            .api(&ada)
            .create_key(&key_in("Zapier", &[&support]))
            .await
            .value();
        let entries = app.audit("api_key.create").await;
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("api_key", Some(made.api_key.id.as_str()))
        );
        assert_eq!(
            (entry.actor_id.as_deref(), entry.owner_id.as_deref()),
            (Some(ada_id.as_str()), Some(ada_id.as_str()))
        );
        assert_eq!(entry.outcome, "success");
        assert_eq!(entry.changes["name"]["to"], "Zapier");
        assert_eq!(entry.changes["prefix"]["to"], made.api_key.prefix.as_str());
        assert_eq!(entry.changes["agentIds"]["to"], json!([support]));
        assert!(
            !serde_json::Value::Object(entry.changes.clone())
                .to_string()
                .contains(&made.key)
        );
        // Refused, a key is not made and not recorded.
        app.api(&ada)
            .create_key(&key_in(" ", &[]))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(app.audit("api_key.create").await.len(), 1);

        app.api(&ada).revoke_key(&made.api_key.id).await.value();
        let revoked = app.audit("api_key.revoke").await;
        assert_eq!(revoked.len(), 1);
        assert_eq!(
            revoked[0].resource_id.as_deref(),
            Some(made.api_key.id.as_str())
        );
        assert_eq!(revoked[0].changes["name"]["from"], "Zapier");
        // Gone, it is not revoked twice.
        app.api(&ada)
            .revoke_key(&made.api_key.id)
            .await
            .unwrap_err()
            .expect(404, "api_key_not_found");
        assert_eq!(app.audit("api_key.revoke").await.len(), 1);

        // An admin revoking Ada's key: the admin acted, the key was Ada's.
        let other = app.api(&ada).create_key(&key_in("Make", &[])).await.value();
        app.api(&admin)
            .admin_revoke_key(&other.api_key.id)
            .await
            .value();
        let entry = &app.audit("api_key.revoke").await[0];
        assert_eq!(
            entry.resource_id.as_deref(),
            Some(other.api_key.id.as_str())
        );
        assert_eq!(
            (entry.actor_id.as_deref(), entry.owner_id.as_deref()),
            (Some(admin_id.as_str()), Some(ada_id.as_str()))
        );
    })
    .await;
}
