use reqwest::Method;
use serde_json::json;

use crate::fixtures::{post, sign_up};
use crate::helpers::{PASSWORD, assert_error, for_each_engine};

#[tokio::test]
async fn names_change_without_the_password_but_email_and_password_need_it() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let token = session["token"].as_str().unwrap();
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"firstName": " Augusta  Ada ", "lastName": "King"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["user"]["firstName"], "Augusta Ada");
        assert_eq!(body["data"]["user"]["lastName"], "King");
        assert!(body["data"].get("session").is_none());

        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"newPassword": "another passphrase"}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "currentPassword");
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"newPassword": "another passphrase", "currentPassword": "wrong one"}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(
            body["errors"][0]["message"],
            "Current password is incorrect"
        );
        assert_eq!(
            app.login("ada@example.com", PASSWORD).await.0,
            200,
            "nothing changed"
        );
    })
    .await;
}

#[tokio::test]
async fn a_new_password_signs_out_other_sessions_and_keeps_this_one() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let (_, other) = app.login("ada@example.com", PASSWORD).await;
        let token = session["token"].as_str().unwrap();
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"newPassword": "another passphrase", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let fresh = &body["data"]["session"];
        assert!(fresh["refreshToken"].is_string());
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": other["data"]["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 401, "the other session is signed out");
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": fresh["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200, "this one goes on");
        assert_eq!(
            app.login("ada@example.com", "another passphrase").await.0,
            200
        );
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(
            mails
                .iter()
                .any(|m| m.subject == "Your AgentForge password was changed")
        );
    })
    .await;
}

#[tokio::test]
async fn a_new_email_must_be_free_and_is_verified_again() {
    for_each_engine(async |app| {
        app.register("grace@example.com", PASSWORD).await;
        let session = app.register("ada@example.com", PASSWORD).await;
        let token = session["token"].as_str().unwrap();
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"email": "GRACE@example.com", "currentPassword": PASSWORD}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "email");

        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token),
                &json!({"email": "ada@new.example", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["user"]["email"], "ada@new.example");
        assert_eq!(body["data"]["user"]["emailVerified"], false);
        app.token_from_mail("ada@new.example", "Confirm your email")
            .await;
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(mails.iter().any(|m| m.to_address == "ada@example.com"
            && m.subject.contains("email address was changed")));
    })
    .await;
}

#[tokio::test]
async fn one_users_token_only_ever_reaches_their_own_account() {
    for_each_engine(async |app| {
        let ada = app.register("ada@example.com", PASSWORD).await;
        let grace = app.register("grace@example.com", PASSWORD).await;
        let grace_token = grace["token"].as_str().unwrap();
        let (_, me) = app.get_as("/api/auth/me", grace_token).await;
        assert_eq!(me["data"]["id"], grace["user"]["id"]);
        app.send_json(
            Method::PUT,
            "/api/settings/profile",
            Some(grace_token),
            &json!({"firstName": "Grace"}),
        )
        .await;
        let (_, ada_me) = app
            .get_as("/api/auth/me", ada["token"].as_str().unwrap())
            .await;
        assert_eq!(
            ada_me["data"]["firstName"], "Ada",
            "Ada's profile is untouched"
        );
    })
    .await;
}

#[tokio::test]
async fn deleting_the_account_needs_the_password_and_removes_its_data() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let token = session["token"].as_str().unwrap();
        let (status, body) = app
            .send_json(
                Method::DELETE,
                "/api/settings/account",
                Some(token),
                &json!({"password": "wrong one"}),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = app
            .send_json(
                Method::DELETE,
                "/api/settings/account",
                Some(token),
                &json!({"password": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app.get_as("/api/auth/me", token).await;
        assert_error(status, &body, 401, "token_invalid");
        assert_eq!(app.login("ada@example.com", PASSWORD).await.0, 401);
        assert_eq!(app.store.users().count().await.unwrap(), 0);
        assert_eq!(
            app.store.outbox().list(1, 10).await.unwrap().1,
            0,
            "their emails went with them"
        );
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": session["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 401);
    })
    .await;
}

#[tokio::test]
async fn only_admins_read_the_mail_outbox() {
    for_each_engine(async |app| {
        let admin = app.register("ada@example.com", PASSWORD).await;
        let user = app.register("grace@example.com", PASSWORD).await;
        let (status, body) = app
            .get_as("/api/admin/mail-outbox", user["token"].as_str().unwrap())
            .await;
        assert_error(status, &body, 403, "admin_required");
        assert_eq!(body["message"], "Access denied. Admin privileges required.");
        let (status, body) = app
            .get_as(
                "/api/admin/mail-outbox?limit=1",
                admin["token"].as_str().unwrap(),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["meta"], json!({"page": 1, "limit": 1, "total": 2}));
        assert_eq!(body["data"][0]["to"], "grace@example.com", "newest first");
        assert_eq!(body["data"][0]["transport"], "outbox");
        let (status, body) = app
            .get_as(
                "/api/admin/mail-outbox?limit=500",
                admin["token"].as_str().unwrap(),
            )
            .await;
        assert_error(status, &body, 422, "validation_failed");
    })
    .await;
}

#[tokio::test]
async fn changing_email_makes_it_unverified_until_confirmed() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let (_, team) = post(&app, "/api/teams", &ada, json!({"name": "Board"})).await;
        let team = team["data"]["id"].as_str().unwrap().to_owned();
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/team/{team}"),
            &ada,
            json!({"email": "boss@corp.example", "role": "owner"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");

        // A verified account, holding links mailed to its own address…
        let mallory = sign_up(&app, "mallory@example.com").await;
        let (status, body) = app
            .post_json(
                "/api/auth/forgot-password",
                &json!({"email": "mallory@example.com"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let reset = app.token_from_mail("mallory@example.com", "Reset").await;
        let confirm_old = app
            .token_from_mail("mallory@example.com", "Confirm your email")
            .await;
        // …takes the invited address.
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(&mallory),
                &json!({"email": "boss@corp.example", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["user"]["emailVerified"], false);

        let (status, body) = app.get_as("/api/team-invitations/user", &mallory).await;
        assert_error(status, &body, 403, "email_unverified");
        let (_, sent) = app
            .get_as(&format!("/api/team-invitations/team/{team}"), &ada)
            .await;
        let invitation = sent["data"][0]["id"].as_str().unwrap();
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{invitation}"),
            &mallory,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "email_unverified");

        // Links mailed to the old address prove nothing about the new one.
        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": reset, "newPassword": "a brand new passphrase"}),
            )
            .await;
        assert_error(status, &body, 400, "invalid_token");
        let (status, body) = app
            .post_json("/api/auth/verify-email", &json!({"token": confirm_old}))
            .await;
        assert_error(status, &body, 400, "invalid_token");
        let (_, me) = app.get_as("/api/auth/me", &mallory).await;
        assert_eq!(me["data"]["emailVerified"], false, "{me}");
        let (status, body) = app.get_as("/api/team-invitations/user", &mallory).await;
        assert_error(status, &body, 403, "email_unverified");

        // The link sent to the new address confirms it.
        let confirm_new = app
            .token_from_mail("boss@corp.example", "Confirm your email")
            .await;
        let (status, body) = app
            .post_json("/api/auth/verify-email", &json!({"token": confirm_new}))
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["emailVerified"], true);
        let (status, body) = app.get_as("/api/team-invitations/user", &mallory).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"][0]["id"], invitation);
    })
    .await;
}

#[tokio::test]
async fn profile_changes_are_audited_with_their_diff_and_the_password_redacted() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let id = session["user"]["id"].as_str().unwrap();
        let token = session["token"].as_str().unwrap();
        let put = async |body: serde_json::Value| {
            app.send_json(Method::PUT, "/api/settings/profile", Some(token), &body)
                .await
        };
        let (status, body) =
            put(json!({"firstName": "Augusta Ada", "lastName": "King", "language": "fr"})).await;
        assert_eq!(status, 200, "{body}");
        let entries = app.audit("user.profile_update").await;
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        assert_eq!(
            (entry.actor_kind.as_str(), entry.actor_id.as_deref()),
            ("user", Some(id))
        );
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some(id))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id));
        assert_eq!(
            entry.changes["firstName"],
            json!({"from": "Ada", "to": "Augusta Ada"})
        );
        assert_eq!(
            entry.changes["lastName"],
            json!({"from": "Lovelace", "to": "King"})
        );
        assert_eq!(entry.changes["language"], json!({"from": "en", "to": "fr"}));
        assert_eq!(
            entry.changes.len(),
            3,
            "only what changed: {:?}",
            entry.changes
        );

        // Refused: a wrong current password changes and records nothing.
        let (status, _) =
            put(json!({"newPassword": "another passphrase", "currentPassword": "wrong one"})).await;
        assert_eq!(status, 422);
        assert_eq!(app.audit("user.profile_update").await.len(), 1);

        let (status, body) = put(json!({
            "email": "augusta@example.com",
            "newPassword": "another passphrase",
            "currentPassword": PASSWORD,
        }))
        .await;
        assert_eq!(status, 200, "{body}");
        let entry = &app.audit("user.profile_update").await[0];
        assert_eq!(
            entry.changes["email"],
            json!({"from": "ada@example.com", "to": "augusta@example.com"})
        );
        assert_eq!(
            entry.changes["password"],
            json!({"from": "[redacted]", "to": "[redacted]"})
        );
        let all = serde_json::Value::Object(entry.changes.clone()).to_string();
        assert!(
            !all.contains("passphrase") && !all.contains(PASSWORD) && !all.contains("argon2"),
            "{all}"
        );
    })
    .await;
}

#[tokio::test]
async fn a_deleted_account_leaves_its_audit_entry() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let id = session["user"]["id"].as_str().unwrap();
        let token = session["token"].as_str().unwrap();
        let delete = async |password: &str| {
            app.send_json(
                Method::DELETE,
                "/api/settings/account",
                Some(token),
                &json!({ "password": password }),
            )
            .await
            .0
        };
        assert_eq!(delete("wrong one").await, 422);
        assert!(
            app.audit("user.delete").await.is_empty(),
            "refused, not recorded"
        );

        assert_eq!(delete(PASSWORD).await, 200);
        assert_eq!(app.store.users().count().await.unwrap(), 0);
        let entries = app.audit("user.delete").await;
        assert_eq!(entries.len(), 1);
        let entry = &entries[0];
        assert_eq!(
            (entry.actor_id.as_deref(), entry.actor_label.as_deref()),
            (Some(id), Some("ada@example.com"))
        );
        assert_eq!(
            (entry.resource_type.as_str(), entry.resource_id.as_deref()),
            ("user", Some(id))
        );
        assert_eq!(entry.owner_id.as_deref(), Some(id));
        assert_eq!(
            entry.changes["email"],
            json!({"from": "ada@example.com", "to": null})
        );
        assert!(!entry.changes.contains_key("password"));
        // The account's earlier entries outlive it too.
        assert_eq!(app.audit("user.register").await.len(), 1);
    })
    .await;
}
