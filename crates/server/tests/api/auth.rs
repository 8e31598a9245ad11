use reqwest::Method;
use serde_json::json;

use crate::helpers::{
    Engine, PASSWORD, TestApp, assert_error, for_each_engine, for_each_engine_with,
};

#[tokio::test]
async fn sign_up_answers_a_session_and_the_first_account_is_admin() {
    for_each_engine(async |app| {
        let first = app.register("ada@example.com", PASSWORD).await;
        assert!(
            first["token"]
                .as_str()
                .is_some_and(|t| t.split('.').count() == 3),
            "a JWT: {first}"
        );
        assert!(
            first["refreshToken"]
                .as_str()
                .is_some_and(|t| t.len() == 64)
        );
        assert_eq!(first["expiresIn"], 900);
        let user = &first["user"];
        assert_eq!(user["email"], "ada@example.com");
        assert_eq!(user["firstName"], "Ada");
        assert_eq!(user["lastName"], "Lovelace");
        assert_eq!(user["role"], "admin");
        assert_eq!(user["emailVerified"], false);
        assert!(user["id"].is_string() && user["createdAt"].is_string());
        assert!(user.get("passwordHash").is_none());

        let second = app.register("grace@example.com", PASSWORD).await;
        assert_eq!(second["user"]["role"], "user");
    })
    .await;
}

#[tokio::test]
async fn sign_up_reports_every_bad_field_and_creates_nothing() {
    for_each_engine(async |app| {
        let (status, body) = app
            .post_json(
                "/api/auth/register",
                &json!({"email": "not-an-email", "password": "short", "lastName": "X"}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        let fields: Vec<&str> = body["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap())
            .collect();
        assert_eq!(fields, ["email", "password", "firstName"]);
        assert_eq!(body["errors"][0]["message"], "Invalid email");
        assert_eq!(
            body["errors"][1]["message"],
            "String must contain at least 8 character(s)"
        );
        assert_eq!(body["errors"][2]["message"], "Required");

        let (status, body) = app.post_json("/api/auth/register", &json!({})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(app.store.users().count().await.unwrap(), 0);
    })
    .await;
}

#[tokio::test]
async fn an_email_has_one_account_whatever_its_case() {
    for_each_engine(async |app| {
        app.register("ada@example.com", PASSWORD).await;
        let (status, body) = app
            .post_json(
                "/api/auth/register",
                &json!({"email": "ADA@Example.com", "password": PASSWORD, "firstName": "Other"}),
            )
            .await;
        assert_error(status, &body, 409, "email_taken");
        assert_eq!(body["errors"][0]["field"], "email");
        assert_eq!(app.store.users().count().await.unwrap(), 1);
    })
    .await;
}

#[tokio::test]
async fn sign_in_does_not_tell_unknown_emails_from_wrong_passwords() {
    for_each_engine(async |app| {
        app.register("ada@example.com", PASSWORD).await;
        let (status, body) = app.login("  ADA@example.com ", PASSWORD).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["user"]["email"], "ada@example.com");

        let (wrong_status, wrong) = app.login("ada@example.com", "wrong password").await;
        let (unknown_status, unknown) = app.login("nobody@example.com", PASSWORD).await;
        assert_error(wrong_status, &wrong, 401, "invalid_credentials");
        assert_eq!(wrong["message"], "Invalid email or password");
        assert_eq!((wrong_status, &wrong), (unknown_status, &unknown));

        let (status, body) = app.login("", "").await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn me_and_profile_need_a_valid_unexpired_token() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let token = session["token"].as_str().unwrap();
        for path in ["/api/auth/me", "/api/auth/profile"] {
            let (status, body) = app.get_as(path, token).await;
            assert_eq!(status, 200, "{path}");
            assert_eq!(body["data"]["email"], "ada@example.com");
        }

        let (status, body) = app.get_json("/api/auth/me").await;
        assert_error(status, &body, 401, "unauthorized");
        let (status, body) = app.get_as("/api/auth/me", "garbage").await;
        assert_error(status, &body, 401, "token_invalid");
        let user_id = session["user"]["id"].as_str().unwrap();
        let session_id = app.state.access_tokens.verify(token).unwrap().session_id;
        let expired = app.state.access_tokens.issue_with_ttl(
            user_id,
            &session_id,
            chrono::Duration::seconds(-5),
        );
        let (status, body) = app.get_as("/api/auth/me", &expired).await;
        assert_error(status, &body, 401, "token_expired");

        app.store.users().set_disabled(user_id, true).await.unwrap();
        let (status, body) = app.get_as("/api/auth/me", token).await;
        assert_error(status, &body, 403, "account_disabled");
        let (status, body) = app.login("ada@example.com", PASSWORD).await;
        assert_error(status, &body, 403, "account_disabled");
    })
    .await;
}

#[tokio::test]
async fn refresh_rotates_and_replaying_a_used_token_signs_the_family_out() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let first = session["refreshToken"].as_str().unwrap().to_owned();

        let (status, rotated) = app
            .post_json("/api/auth/refresh-token", &json!({"refreshToken": first}))
            .await;
        assert_eq!(status, 200, "{rotated}");
        let second = rotated["data"]["refreshToken"].as_str().unwrap().to_owned();
        assert_ne!(first, second);
        assert_eq!(
            app.get_as("/api/auth/me", rotated["data"]["token"].as_str().unwrap())
                .await
                .0,
            200
        );

        // The alias works the same way.
        let (status, again) = app
            .post_json("/api/auth/refresh", &json!({"refreshToken": second}))
            .await;
        assert_eq!(status, 200);
        let third = again["data"]["refreshToken"].as_str().unwrap().to_owned();

        // Replaying an already rotated token: 401, and the newest token of the family dies too.
        let (status, body) = app
            .post_json("/api/auth/refresh-token", &json!({"refreshToken": first}))
            .await;
        assert_error(status, &body, 401, "token_reused");
        let (status, body) = app
            .post_json("/api/auth/refresh-token", &json!({"refreshToken": third}))
            .await;
        assert_error(status, &body, 401, "token_reused");

        // Another sign-in is another family, untouched.
        let (_, other) = app.login("ada@example.com", PASSWORD).await;
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": other["data"]["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200);

        let (status, body) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": "0".repeat(64)}),
            )
            .await;
        assert_error(status, &body, 401, "token_invalid");
        let (status, body) = app.post_json("/api/auth/refresh", &json!({})).await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn sign_out_revokes_the_refresh_token() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let refresh = session["refreshToken"].clone();
        let (status, body) = app
            .post_json("/api/auth/logout", &json!({"refreshToken": refresh}))
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .post_json("/api/auth/refresh", &json!({"refreshToken": refresh}))
            .await;
        assert_error(status, &body, 401, "token_reused");
        // Without a body, sign-out still answers.
        let response = app
            .client
            .post(app.url("/api/auth/logout"))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
    })
    .await;
}

#[tokio::test]
async fn the_verification_link_verifies_once() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let token = app
            .token_from_mail("ada@example.com", "Confirm your email")
            .await;
        let (status, body) = app
            .post_json("/api/auth/verify-email", &json!({"token": token}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["emailVerified"], true);
        let (status, body) = app
            .post_json("/api/auth/verify-email", &json!({"token": token}))
            .await;
        assert_error(status, &body, 400, "invalid_token");

        let access = session["token"].as_str().unwrap();
        let (status, body) = app
            .send_json(
                Method::POST,
                "/api/auth/resend-verification",
                Some(access),
                &json!({}),
            )
            .await;
        assert_error(status, &body, 409, "already_verified");
    })
    .await;
}

#[tokio::test]
async fn forgot_and_reset_password_round_trip() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let (status, known) = app
            .post_json(
                "/api/auth/forgot-password",
                &json!({"email": "ada@example.com"}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, unknown) = app
            .post_json(
                "/api/auth/forgot-password",
                &json!({"email": "nobody@example.com"}),
            )
            .await;
        assert_eq!(status, 200);
        assert_eq!(known, unknown, "no account probing");
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(mails.iter().all(|m| m.to_address != "nobody@example.com"));

        let token = app
            .token_from_mail("ada@example.com", "Reset your AgentForge password")
            .await;
        let mail = &app.store.outbox().list(1, 1).await.unwrap().0[0];
        assert!(app.mail_text(mail).contains(&format!(
            "{}/reset-password?token={token}",
            app.state.config.public_url
        )));

        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "short"}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "newPassword");

        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "a brand new passphrase"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(app.login("ada@example.com", PASSWORD).await.0, 401);
        assert_eq!(
            app.login("ada@example.com", "a brand new passphrase")
                .await
                .0,
            200
        );
        // Every earlier session is signed out.
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": session["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 401);
        // Single use.
        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "yet another passphrase"}),
            )
            .await;
        assert_error(status, &body, 400, "invalid_token");
    })
    .await;
}

#[tokio::test]
async fn an_expired_reset_link_is_refused() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let user_id = session["user"]["id"].as_str().unwrap();
        let (token, hash) = agentforge_server::opaque::token();
        let past = chrono::Utc::now() - chrono::Duration::minutes(1);
        app.store
            .one_time_tokens()
            .create(
                user_id,
                agentforge_store::TokenPurpose::PasswordReset,
                hash,
                past,
            )
            .await
            .unwrap();
        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "a brand new passphrase"}),
            )
            .await;
        assert_error(status, &body, 400, "invalid_token");
        assert_eq!(app.login("ada@example.com", PASSWORD).await.0, 200);
    })
    .await;
}

#[tokio::test]
async fn sign_in_is_rate_limited_per_address_and_per_email() {
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_IP", "3"),
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL", "2"),
        ],
    )
    .await;
    assert_eq!(app.login("ada@example.com", PASSWORD).await.0, 401);
    assert_eq!(app.login("ada@example.com", PASSWORD).await.0, 401);
    let response = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": "ada@example.com", "password": PASSWORD}))
        .send()
        .await
        .unwrap();
    assert_eq!(response.status(), 429, "per email");
    let retry_after: u64 = response.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry_after));
    let body: serde_json::Value = response.json().await.unwrap();
    assert_error(429, &body, 429, "rate_limited");
    let (status, _) = app.login("grace@example.com", PASSWORD).await;
    assert_eq!(status, 429, "per address: the 4th request from one client");
}

#[tokio::test]
async fn bad_bodies_get_the_error_shape_and_change_nothing() {
    let app = TestApp::spawn(Engine::Sqlite, &[("AGENTFORGE_MAX_BODY_BYTES", "2048")]).await;
    let send = |body: String, content_type: &'static str| {
        let request = app
            .client
            .post(app.url("/api/auth/register"))
            .header("content-type", content_type)
            .body(body);
        async move {
            let response = request.send().await.unwrap();
            let status = response.status().as_u16();
            (status, response.json::<serde_json::Value>().await.unwrap())
        }
    };
    let (status, body) = send("{\"email\": ".into(), "application/json").await;
    assert_error(status, &body, 400, "invalid_json");
    let (status, body) = send("email=a@b.c".into(), "application/x-www-form-urlencoded").await;
    assert_error(status, &body, 415, "unsupported_media_type");
    let (status, body) = send(
        format!("{{\"email\": \"{}\"}}", "a".repeat(4096)),
        "application/json",
    )
    .await;
    assert_error(status, &body, 413, "payload_too_large");
    let (status, body) = send("{\"email\": 42}".into(), "application/json").await;
    assert_error(status, &body, 422, "validation_failed");
    assert_eq!(body["errors"][0]["field"], "email");
    assert_eq!(app.store.users().count().await.unwrap(), 0);
}

#[tokio::test]
async fn forgot_password_does_the_same_work_for_known_and_unknown_addresses() {
    for_each_engine(async |app| {
        app.register("ada@example.com", PASSWORD).await;
        let ask = async |email: &str| {
            app.post_json("/api/auth/forgot-password", &json!({ "email": email }))
                .await
        };
        let known = ask("ada@example.com").await;
        let unknown = ask("nobody@example.com").await;
        assert_eq!(known.0, 200, "{known:?}");
        assert_eq!(known, unknown, "the same answer");
        // Each answer queued one job and did nothing else: no lookup, no
        // mail, so it takes as long whether or not the address has an account.
        let jobs = app
            .store
            .jobs()
            .of_kind("accounts.password_reset", 10)
            .await
            .unwrap();
        let mut queued: Vec<&str> = jobs
            .iter()
            .filter_map(|j| j.payload["email"].as_str())
            .collect();
        queued.sort_unstable();
        assert_eq!(queued, ["ada@example.com", "nobody@example.com"]);
        // The jobs mail the account, and nobody else.
        app.token_from_mail("ada@example.com", "Reset your AgentForge password")
            .await;
        crate::fixtures::eventually(|| async {
            let jobs = app
                .store
                .jobs()
                .of_kind("accounts.password_reset", 10)
                .await
                .unwrap();
            jobs.iter()
                .all(|j| j.status == agentforge_domain::job::JobStatus::Succeeded)
        })
        .await;
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(mails.iter().all(|m| m.to_address != "nobody@example.com"));
    })
    .await;
}

/// The one entry of `action`, after checking there is exactly one.
async fn only_entry(app: &TestApp, action: &str) -> agentforge_store::AuditEntry {
    let mut entries = app.audit(action).await;
    assert_eq!(entries.len(), 1, "{action}: {entries:?}");
    entries.remove(0)
}

#[tokio::test]
async fn sign_up_is_audited_as_the_new_account_never_with_its_password() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let id = session["user"]["id"].as_str().unwrap();
        let entry = only_entry(&app, "user.register").await;
        assert_eq!(
            (entry.actor_kind.as_str(), entry.actor_id.as_deref()),
            ("user", Some(id))
        );
        assert_eq!(entry.actor_label.as_deref(), Some("ada@example.com"));
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some(id))
        );
        assert_eq!(
            (entry.owner_id.as_deref(), entry.outcome.as_str()),
            (Some(id), "success")
        );
        assert_eq!(
            entry.changes["email"],
            json!({"from": null, "to": "ada@example.com"})
        );
        assert_eq!(entry.changes["firstName"]["to"], "Ada");
        assert_eq!(entry.changes["lastName"]["to"], "Lovelace");
        assert_eq!(entry.changes["role"]["to"], "admin");
        assert_eq!(entry.changes["language"]["to"], "en");
        assert!(
            !entry.changes.contains_key("password"),
            "{:?}",
            entry.changes
        );
        let all = serde_json::Value::Object(entry.changes.clone()).to_string();
        assert!(!all.contains(PASSWORD) && !all.contains("argon2"), "{all}");
        assert!(
            entry.ip.is_some() && entry.request_id.is_some(),
            "{entry:?}"
        );

        // A refused sign-up writes nothing.
        let (status, _) = app
            .post_json(
                "/api/auth/register",
                &json!({"email": "ada@example.com", "password": PASSWORD, "firstName": "Again"}),
            )
            .await;
        assert_eq!(status, 409);
        assert_eq!(app.audit("user.register").await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn sign_in_and_sign_out_are_audited_against_the_session() {
    for_each_engine(async |app| {
        let id = app.register("ada@example.com", PASSWORD).await["user"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, body) = app.login("ada@example.com", PASSWORD).await;
        assert_eq!(status, 200, "{body}");
        let token = body["data"]["token"].as_str().unwrap();
        let session_id = app.state.access_tokens.verify(token).unwrap().session_id;
        let entry = only_entry(&app, "user.login").await;
        assert_eq!(
            (entry.actor_kind.as_str(), entry.actor_id.as_deref()),
            ("user", Some(id.as_str()))
        );
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("session", Some(session_id.as_str()))
        );
        assert_eq!(
            (entry.owner_id.as_deref(), entry.outcome.as_str()),
            (Some(id.as_str()), "success")
        );

        // Refreshing continues the session: no entry of its own.
        let (status, rotated) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": body["data"]["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200, "{rotated}");
        assert_eq!(app.audit("user.login").await.len(), 1);

        // Signing out with both tokens ends one session: one entry.
        let (status, _) = app
            .send_json(
                Method::POST,
                "/api/auth/logout",
                Some(rotated["data"]["token"].as_str().unwrap()),
                &json!({"refreshToken": rotated["data"]["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200);
        let entry = only_entry(&app, "user.logout").await;
        assert_eq!(entry.actor_id.as_deref(), Some(id.as_str()));
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("session", Some(session_id.as_str()))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id.as_str()));
        // Signing out of an ended session, or of none, ends nothing.
        let (status, _) = app
            .post_json(
                "/api/auth/logout",
                &json!({"refreshToken": rotated["data"]["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, _) = app
            .post_json("/api/auth/logout", &json!({"refreshToken": "0".repeat(64)}))
            .await;
        assert_eq!(status, 200);
        assert_eq!(app.audit("user.logout").await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn failed_sign_ins_are_audited_without_naming_an_unknown_address_as_an_account() {
    for_each_engine(async |app| {
        let id = app.register("ada@example.com", PASSWORD).await["user"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        assert_eq!(app.login("ada@example.com", "wrong password").await.0, 401);
        let entry = only_entry(&app, "user.login_failed").await;
        assert_eq!(
            (entry.actor_kind.as_str(), entry.actor_id.as_deref()),
            ("anonymous", None)
        );
        assert_eq!(entry.outcome, "failed");
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some(id.as_str()))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id.as_str()));
        assert!(entry.changes.is_empty(), "{:?}", entry.changes);
        assert!(entry.ip.is_some());

        assert_eq!(app.login("Nobody@example.com", PASSWORD).await.0, 401);
        let entry = &app.audit("user.login_failed").await[0];
        assert_eq!(entry.outcome, "failed");
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some("unknown"))
        );
        assert_eq!(entry.owner_id, None);
        assert_eq!(entry.changes["email"]["to"], "nobody@example.com");
        let all = serde_json::Value::Object(entry.changes.clone()).to_string();
        assert!(!all.contains(PASSWORD), "{all}");

        // Not an attempt at all: nothing recorded.
        assert_eq!(app.login("", "").await.0, 422);
        assert_eq!(app.audit("user.login_failed").await.len(), 2);
        assert!(app.audit("user.login").await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn sign_ins_refused_by_the_rate_limit_are_not_each_recorded() {
    for_each_engine_with(
        &[("AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL", "2")],
        async |app| {
            for expected in [401, 401, 429, 429] {
                assert_eq!(app.login("ada@example.com", PASSWORD).await.0, expected);
            }
            assert_eq!(app.audit("user.login_failed").await.len(), 2);
        },
    )
    .await;
}

#[tokio::test]
async fn verifying_the_address_and_asking_again_are_audited() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let id = session["user"]["id"].as_str().unwrap();
        let access = session["token"].as_str().unwrap();
        let resend = async || {
            app.send_json(
                Method::POST,
                "/api/auth/resend-verification",
                Some(access),
                &json!({}),
            )
            .await
            .0
        };
        assert_eq!(resend().await, 200);
        let entry = only_entry(&app, "user.verification_resend").await;
        assert_eq!(
            (entry.actor_id.as_deref(), entry.resource_id.as_deref()),
            (Some(id), Some(id))
        );
        assert_eq!(entry.changes["email"]["to"], "ada@example.com");

        let token = app
            .token_from_mail("ada@example.com", "Confirm your email")
            .await;
        let (status, _) = app
            .post_json("/api/auth/verify-email", &json!({"token": token}))
            .await;
        assert_eq!(status, 200);
        let entry = only_entry(&app, "user.email_verify").await;
        assert_eq!(
            (entry.actor_id.as_deref(), entry.resource_id.as_deref()),
            (Some(id), Some(id))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id));
        assert_eq!(
            entry.changes["emailVerified"],
            json!({"from": false, "to": true})
        );
        assert_eq!(entry.changes.len(), 1, "{:?}", entry.changes);

        // Refused: a used link, a verified address. Nothing recorded.
        let (status, _) = app
            .post_json("/api/auth/verify-email", &json!({"token": token}))
            .await;
        assert_eq!(status, 400);
        assert_eq!(resend().await, 409);
        assert_eq!(app.audit("user.email_verify").await.len(), 1);
        assert_eq!(app.audit("user.verification_resend").await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn password_resets_are_audited_and_asking_for_an_unknown_address_is_not() {
    for_each_engine(async |app| {
        let id = app.register("ada@example.com", PASSWORD).await["user"]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        for email in ["ada@example.com", "nobody@example.com"] {
            let (status, _) = app
                .post_json("/api/auth/forgot-password", &json!({ "email": email }))
                .await;
            assert_eq!(status, 200);
        }
        let token = app
            .token_from_mail("ada@example.com", "Reset your AgentForge password")
            .await;
        crate::fixtures::eventually(|| async {
            let jobs = app
                .store
                .jobs()
                .of_kind("accounts.password_reset", 10)
                .await
                .unwrap();
            jobs.iter()
                .all(|j| j.status == agentforge_domain::job::JobStatus::Succeeded)
        })
        .await;
        let entry = only_entry(&app, "user.password_reset_request").await;
        assert_eq!(
            (entry.actor_kind.as_str(), entry.actor_id.as_deref()),
            ("anonymous", None)
        );
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some(id.as_str()))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id.as_str()));
        // Written by the job, it still says where the request came from.
        assert_eq!(entry.ip.as_deref(), Some("127.0.0.1"));
        let asked = app
            .calls
            .lock()
            .unwrap()
            .iter()
            .find(|c| c.path == "/api/auth/forgot-password")
            .map(|c| c.request_id.clone());
        assert_eq!(entry.request_id, asked);

        // Refused: nothing changes, nothing is recorded.
        let (status, _) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "short"}),
            )
            .await;
        assert_eq!(status, 422);
        assert!(app.audit("user.password_reset").await.is_empty());

        let (status, _) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": token, "newPassword": "a brand new passphrase"}),
            )
            .await;
        assert_eq!(status, 200);
        let entry = only_entry(&app, "user.password_reset").await;
        assert_eq!(
            (entry.actor_id.as_deref(), entry.resource_id.as_deref()),
            (Some(id.as_str()), Some(id.as_str()))
        );
        assert_eq!(
            entry.changes["password"],
            json!({"from": "[redacted]", "to": "[redacted]"})
        );
        assert_eq!(
            entry.changes["emailVerified"],
            json!({"from": false, "to": true})
        );
        let all = serde_json::Value::Object(entry.changes.clone()).to_string();
        assert!(
            !all.contains("passphrase") && !all.contains("argon2"),
            "{all}"
        );
    })
    .await;
}
