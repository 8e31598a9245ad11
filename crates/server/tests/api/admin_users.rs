//! The admin area's accounts: listed with search, filters and sorting;
//! roles and status changed (a disabled account is out at once); an address
//! marked verified; accounts deleted with their teams handed over; and the
//! rules nobody can break: not one's own account, never the last admin.

use agentforge_domain::{Role, UserStatus};
use agentforge_server::dto::*;
use agentforge_server::http::Filter;
use reqwest::Method;
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::{sign_up, sign_up_unverified};
use crate::helpers::{PASSWORD, TestApp, for_each_engine};

async fn id_of(app: &TestApp, admin: &str, email: &str) -> String {
    let page = app
        .api(admin)
        .list_users(&AdminUserQuery {
            search: Some(email.into()),
            ..AdminUserQuery::default()
        })
        .await
        .value();
    page.data[0].id.clone()
}

fn status(status: UserStatus) -> AdminUserPatch {
    AdminUserPatch {
        status: Some(status),
        ..AdminUserPatch::default()
    }
}

fn role(role: Role) -> AdminUserPatch {
    AdminUserPatch {
        role: Some(role),
        ..AdminUserPatch::default()
    }
}

#[tokio::test]
async fn admins_search_filter_and_sort_accounts() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        sign_up(&app, "ada@example.com").await;
        sign_up_unverified(&app, "grace@example.com").await;
        let api = app.api(&admin);

        // Words of the name, in any case: every account is "Ada Lovelace" here.
        let all = api
            .list_users(&AdminUserQuery {
                search: Some("ADA love".into()),
                ..AdminUserQuery::default()
            })
            .await
            .value();
        assert_eq!(all.meta.total, 3);
        let unverified = api
            .list_users(&AdminUserQuery {
                verified: Some(false),
                ..AdminUserQuery::default()
            })
            .await
            .value();
        assert_eq!(unverified.data.len(), 1);
        assert_eq!(unverified.data[0].email, "grace@example.com");
        let admins = api
            .list_users(&AdminUserQuery {
                role: Some(Filter::Only(Role::Admin)),
                ..AdminUserQuery::default()
            })
            .await
            .value();
        assert_eq!(
            admins
                .data
                .iter()
                .map(|u| u.email.as_str())
                .collect::<Vec<_>>(),
            ["root@example.com"]
        );
        let by_email = api
            .list_users(&AdminUserQuery {
                sort: Some(UserSortKey::Email),
                limit: Some(2),
                ..AdminUserQuery::default()
            })
            .await
            .value();
        let emails: Vec<&str> = by_email.data.iter().map(|u| u.email.as_str()).collect();
        assert_eq!(
            (emails, by_email.meta.total),
            (vec!["ada@example.com", "grace@example.com"], 3)
        );

        for query in [
            "status=sleeping",
            "sort=height",
            "createdFrom=yesterday",
            "limit=0",
        ] {
            let (code, body) = app
                .get_as(&format!("/api/admin/users?{query}"), &admin)
                .await;
            assert_eq!(code, 422, "{query}: {body}");
        }
        let ada = sign_up(&app, "someone@example.com").await;
        let failure = app
            .api(&ada)
            .list_users(&AdminUserQuery::default())
            .await
            .unwrap_err();
        assert_eq!(failure.status, 403);
    })
    .await;
}

#[tokio::test]
async fn a_disabled_account_is_signed_out_at_once_and_cannot_sign_in_until_enabled() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let ada_id = id_of(&app, &admin, "ada@example.com").await;
        let (_, refresh) = app.login("ada@example.com", PASSWORD).await;
        let refresh_token = refresh["data"]["refreshToken"].as_str().unwrap().to_owned();

        let disabled = app
            .api(&admin)
            .update_user(&ada_id, &status(UserStatus::Disabled))
            .await
            .value();
        assert_eq!(disabled.user.status, UserStatus::Disabled);
        assert!(disabled.user.disabled_at.is_some());
        // Out at once: the token she holds, her refresh token, a new sign-in.
        let (code, _) = app.get_as("/api/auth/me", &ada).await;
        assert!(code == 401 || code == 403, "{code}");
        let (code, _) = app
            .post_json("/api/auth/refresh", &json!({"refreshToken": refresh_token}))
            .await;
        assert_eq!(code, 401);
        let (code, body) = app.login("ada@example.com", PASSWORD).await;
        assert_eq!(code, 403, "{body}");
        assert_eq!(body["error"], "account_disabled");

        app.api(&admin)
            .update_user(&ada_id, &status(UserStatus::Active))
            .await
            .value();
        let (code, _) = app.login("ada@example.com", PASSWORD).await;
        assert_eq!(code, 200);

        // Both changes are in the log, with what changed.
        let entries = app.audit("user.update").await;
        assert_eq!(entries.len(), 2);
        assert_eq!(
            entries[1].changes["status"],
            json!({"from": "active", "to": "disabled"})
        );
        assert_eq!(
            entries[0].changes["status"],
            json!({"from": "disabled", "to": "active"})
        );
        assert_eq!(entries[0].resource_id.as_deref(), Some(ada_id.as_str()));
    })
    .await;
}

#[tokio::test]
async fn nobody_changes_their_own_account_here_and_the_last_admin_stays() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let root_id = id_of(&app, &admin, "root@example.com").await;
        let api = app.api(&admin);
        for patch in [role(Role::User), status(UserStatus::Disabled)] {
            api.update_user(&root_id, &patch)
                .await
                .unwrap_err()
                .expect(409, "own_account");
        }
        api.delete_user(&root_id)
            .await
            .unwrap_err()
            .expect(409, "own_account");

        // An address cannot be marked unverified.
        let err = api
            .update_user(
                &root_id,
                &AdminUserPatch {
                    email_verified: Some(false),
                    ..AdminUserPatch::default()
                },
            )
            .await
            .unwrap_err();
        assert_eq!(err.status, 422);
        assert_eq!(err.body.errors[0].field, "emailVerified");
        // Two admins demoting each other at the same moment: one of them
        // stays admin.
        sign_up(&app, "ada@example.com").await;
        let ada_id = id_of(&app, &admin, "ada@example.com").await;
        api.update_user(&ada_id, &role(Role::Admin)).await.value();
        let (_, session) = app.login("ada@example.com", PASSWORD).await;
        let ada = app.api(session["data"]["token"].as_str().unwrap());
        let demote_ada = role(Role::User);
        let demote_root = role(Role::User);
        let (first, second) = tokio::join!(
            api.update_user(&ada_id, &demote_ada),
            ada.update_user(&root_id, &demote_root)
        );
        let refused: Vec<_> = [first.err(), second.err()].into_iter().flatten().collect();
        assert_eq!(refused.len(), 1, "exactly one demotion goes through");
        // Refused in the transaction when the two overlap (the admins' rows
        // are locked and counted), or already at the door when the other
        // demotion finished first.
        let why = (refused[0].status, refused[0].body.error.to_string());
        assert!(
            why == (409, "last_admin".into()) || why == (403, "admin_required".into()),
            "{why:?}"
        );
        let admins = app
            .store
            .users()
            .count_active_admins_locked()
            .await
            .unwrap();
        assert_eq!(admins, 1);
        assert_eq!(
            app.audit("user.update").await.len(),
            2,
            "the promotion and one demotion"
        );
    })
    .await;
}

#[tokio::test]
async fn admins_mark_addresses_verified_resend_links_and_delete_accounts() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let grace = sign_up_unverified(&app, "grace@example.com").await;
        let grace_id = id_of(&app, &admin, "grace@example.com").await;
        let api = app.api(&admin);
        api.resend_user_verification(&grace_id).await.value();
        let verified = api
            .update_user(
                &grace_id,
                &AdminUserPatch {
                    email_verified: Some(true),
                    ..AdminUserPatch::default()
                },
            )
            .await
            .value();
        assert!(verified.user.email_verified);
        api.resend_user_verification(&grace_id)
            .await
            .unwrap_err()
            .expect(409, "already_verified");

        // Grace's team goes to its other member when she is deleted.
        let (code, team) = app
            .send_json(
                Method::POST,
                "/api/teams",
                Some(&grace),
                &json!({"name": "Support"}),
            )
            .await;
        assert_eq!(code, 201, "{team}");
        let team_id = team["data"]["id"].as_str().unwrap().to_owned();
        let (code, body) = app
            .send_json(
                Method::POST,
                &format!("/api/teams/{team_id}/members"),
                Some(&grace),
                &json!({"email": "root@example.com", "role": "member"}),
            )
            .await;
        assert!((200..300).contains(&code), "{body}");
        assert_eq!(api.get_user(&grace_id).await.value().team_count, 1);
        api.delete_user(&grace_id).await.value();
        api.get_user(&grace_id)
            .await
            .unwrap_err()
            .expect(404, "user_not_found");
        let (code, body) = app.get_as(&format!("/api/teams/{team_id}"), &admin).await;
        assert_eq!(code, 200, "{body}");
        assert_eq!(body["data"]["role"], "owner");
        let deleted = &app.audit("user.delete").await[0];
        assert_eq!(deleted.resource_id.as_deref(), Some(grace_id.as_str()));
        assert_eq!(deleted.actor_label.as_deref(), Some("root@example.com"));
        api.delete_user(&grace_id)
            .await
            .unwrap_err()
            .expect(404, "user_not_found");
    })
    .await;
}
