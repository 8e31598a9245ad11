//! Teams: members and roles, invitations by email, the agents shared with a
//! team and what each role may do with them, and the team's messages.

use reqwest::Method;
use sea_orm::ConnectionTrait;
use serde_json::{Value, json};

use crate::fixtures::{
    agent, events_until, mark_verified, next_event, post, sign_up, sign_up_unverified, socket,
};
use crate::helpers::{TestApp, assert_error, for_each_engine, for_each_engine_with};

async fn call(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> (u16, Value) {
    app.send_json(method, path, Some(token), &body).await
}

async fn get(app: &TestApp, path: &str, token: &str) -> (u16, Value) {
    app.get_as(path, token).await
}

/// Creates a team as `token`'s user and returns its id.
async fn team(app: &TestApp, token: &str, name: &str) -> String {
    let (status, body) = post(app, "/api/teams", token, json!({"name": name})).await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_str().unwrap().to_owned()
}

/// The invitation token in the newest invitation email to `to`.
async fn invitation_token(app: &TestApp, to: &str) -> String {
    let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
    let mail = mails
        .into_iter()
        .find(|m| m.to_address == to && m.subject.contains("invited"))
        .unwrap_or_else(|| panic!("no invitation to {to}"));
    let text = app.mail_text(&mail);
    let start = text.find("invitation=").expect("a link") + "invitation=".len();
    text[start..start + 64].to_owned()
}

/// Invites `email` with `role` and has them accept; returns their membership id.
async fn join(
    app: &TestApp,
    owner: &str,
    team_id: &str,
    token: &str,
    email: &str,
    role: &str,
) -> String {
    let (status, body) = post(
        app,
        &format!("/api/team-invitations/team/{team_id}"),
        owner,
        json!({"email": email, "role": role}),
    )
    .await;
    assert_eq!(status, 201, "{body}");
    let invitation = invitation_token(app, email).await;
    let (status, body) = post(
        app,
        &format!("/api/team-invitations/accept/{invitation}"),
        token,
        json!({}),
    )
    .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["member"]["id"].as_str().unwrap().to_owned()
}

/// A team owned by ada with bob (admin), cy (member) and dee (viewer); the
/// first account (the platform admin) is someone else. Returns the tokens
/// of ada, bob, cy, dee and an outsider, the team id and the member ids of
/// bob, cy and dee.
struct Crew {
    ada: String,
    bob: String,
    cy: String,
    dee: String,
    outsider: String,
    team: String,
    bob_member: String,
    cy_member: String,
    dee_member: String,
}

async fn crew(app: &TestApp) -> Crew {
    sign_up(app, "root@example.com").await;
    let ada = sign_up(app, "ada@example.com").await;
    let bob = sign_up(app, "bob@example.com").await;
    let cy = sign_up(app, "cy@example.com").await;
    let dee = sign_up(app, "dee@example.com").await;
    let outsider = sign_up(app, "eve@example.com").await;
    let team = team(app, &ada, "Support").await;
    let bob_member = join(app, &ada, &team, &bob, "bob@example.com", "admin").await;
    let cy_member = join(app, &ada, &team, &cy, "cy@example.com", "member").await;
    let dee_member = join(app, &ada, &team, &dee, "dee@example.com", "viewer").await;
    Crew {
        ada,
        bob,
        cy,
        dee,
        outsider,
        team,
        bob_member,
        cy_member,
        dee_member,
    }
}

#[tokio::test]
async fn a_team_is_created_listed_changed_and_deleted() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let other = sign_up(&app, "eve@example.com").await;

        let (status, body) =
            post(&app, "/api/teams", &ada, json!({"description": "no name"})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"][0]["field"], "name");
        let long = "x".repeat(101);
        let (status, body) = post(
            &app,
            "/api/teams",
            &ada,
            json!({"name": long, "description": "y".repeat(501)}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"].as_array().unwrap().len(), 2, "{body}");
        let (_, body) = get(&app, "/api/teams", &ada).await;
        assert_eq!(body["data"], json!([]), "nothing was created");

        let (status, body) = post(
            &app,
            "/api/teams",
            &ada,
            json!({"name": "  Sales  ", "description": "The sales floor"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let created = &body["data"];
        assert_eq!(created["name"], "Sales");
        assert_eq!(created["role"], "owner");
        assert_eq!(created["memberCount"], 1);
        assert_eq!(created["members"][0]["email"], "ada@example.com");
        assert_eq!(created["members"][0]["role"], "owner");
        assert_eq!(created["agents"], json!([]));
        let id = created["id"].as_str().unwrap();

        let (status, body) = get(&app, "/api/teams", &ada).await;
        assert_eq!(status, 200);
        assert_eq!(body["data"][0]["id"], id);
        assert_eq!(body["data"][0]["agentCount"], 0);
        let (_, body) = get(&app, "/api/teams", &other).await;
        assert_eq!(
            body["data"],
            json!([]),
            "someone else's teams are not listed"
        );

        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/teams/{id}"),
            &ada,
            json!({"name": ""}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/teams/{id}"),
            &ada,
            json!({"name": "Sales EMEA"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["name"], "Sales EMEA");
        assert_eq!(
            body["data"]["description"], "The sales floor",
            "unsent fields stay"
        );

        // Outsiders: 404 on every team route, not 403.
        for (method, path) in [
            (Method::GET, format!("/api/teams/{id}")),
            (Method::PUT, format!("/api/teams/{id}")),
            (Method::DELETE, format!("/api/teams/{id}")),
            (Method::GET, format!("/api/teams/{id}/members")),
            (Method::POST, format!("/api/teams/{id}/members")),
            (Method::POST, format!("/api/teams/{id}/notify")),
            (Method::GET, format!("/api/team-invitations/team/{id}")),
            (Method::POST, format!("/api/team-invitations/team/{id}")),
        ] {
            let (status, body) = call(
                &app,
                method.clone(),
                &path,
                &other,
                json!({"name": "x", "email": "z@example.com", "message": "hi"}),
            )
            .await;
            assert_error(status, &body, 404, "team_not_found");
        }

        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{id}"),
            &ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = get(&app, &format!("/api/teams/{id}"), &ada).await;
        assert_error(status, &body, 404, "team_not_found");
    })
    .await;
}

#[tokio::test]
async fn platform_admins_see_every_team_and_may_delete_it() {
    for_each_engine(async |app| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let id = team(&app, &ada, "Ops").await;

        let (status, body) = get(&app, "/api/teams?scope=all", &ada).await;
        assert_error(status, &body, 403, "admin_required");
        let (status, body) = get(&app, "/api/teams?scope=everything", &ada).await;
        assert_error(status, &body, 422, "validation_failed");

        let (status, body) = get(&app, "/api/teams?scope=all", &admin).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"][0]["id"], id.as_str());
        assert_eq!(body["data"][0]["role"], Value::Null, "not a member");
        let (status, body) = get(&app, &format!("/api/teams/{id}"), &admin).await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["members"][0]["email"], "ada@example.com");
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/teams/{id}"),
            &admin,
            json!({"name": "Mine now"}),
        )
        .await;
        assert_error(status, &body, 404, "team_not_found");
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{id}"),
            &admin,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (_, body) = get(&app, "/api/teams", &ada).await;
        assert_eq!(body["data"], json!([]));

        // Being a viewer of a team does not take that away.
        let joined = team(&app, &ada, "Joined").await;
        post(
            &app,
            &format!("/api/teams/{joined}/members"),
            &ada,
            json!({"email": "root@example.com", "role": "viewer"}),
        )
        .await;
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{joined}"),
            &admin,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
    })
    .await;
}

#[tokio::test]
async fn invitations_are_emailed_used_once_and_expire() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let bob = sign_up(&app, "bob@example.com").await;
        let eve = sign_up(&app, "eve@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let invitations = format!("/api/team-invitations/team/{id}");

        let (status, body) = post(
            &app,
            &invitations,
            &ada,
            json!({"email": "not an email", "role": "chief"}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(body["errors"].as_array().unwrap().len(), 2, "{body}");
        let (status, body) = post(
            &app,
            &invitations,
            &ada,
            json!({"email": "ADA@example.com"}),
        )
        .await;
        assert_error(status, &body, 409, "already_member");

        let (status, body) = post(
            &app,
            &invitations,
            &ada,
            json!({"email": "Bob@Example.com", "role": "viewer"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["email"], "bob@example.com");
        assert_eq!(body["data"]["role"], "viewer");
        assert_eq!(body["data"]["status"], "pending");
        assert_eq!(body["data"]["teamName"], "Support");
        assert_eq!(body["data"]["invitedBy"], "Ada Lovelace");
        let token = invitation_token(&app, "bob@example.com").await;

        let (_, body) = get(&app, "/api/team-invitations/user", &bob).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1);
        let invitation_id = body["data"][0]["id"].as_str().unwrap().to_owned();
        let (_, body) = get(&app, "/api/team-invitations/user", &eve).await;
        assert_eq!(body["data"], json!([]));
        let (status, body) = get(
            &app,
            &format!("/api/team-invitations/details/{token}"),
            &bob,
        )
        .await;
        assert_eq!(status, 200);
        assert_eq!(body["data"]["id"], invitation_id.as_str());

        // Someone else holding the link cannot use it, nor see it by id.
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{token}"),
            &eve,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "invitation_for_another_email");
        let (status, body) = get(
            &app,
            &format!("/api/team-invitations/details/{invitation_id}"),
            &eve,
        )
        .await;
        assert_error(status, &body, 404, "invitation_not_found");
        let (status, body) = post(&app, "/api/team-invitations/accept/0000", &bob, json!({})).await;
        assert_error(status, &body, 404, "invitation_not_found");

        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{token}"),
            &bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["team"]["role"], "viewer");
        assert_eq!(body["data"]["team"]["memberCount"], 2);
        assert_eq!(body["data"]["member"]["email"], "bob@example.com");
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{token}"),
            &bob,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "invitation_closed");
        let (_, body) = get(&app, "/api/teams", &bob).await;
        assert_eq!(body["data"][0]["role"], "viewer");

        // Sending again replaces; a revoked invitation cannot be used.
        post(&app, &invitations, &ada, json!({"email": "cy@example.com"})).await;
        let first = invitation_token(&app, "cy@example.com").await;
        let (_, body) = post(
            &app,
            &invitations,
            &ada,
            json!({"email": "cy@example.com", "role": "admin"}),
        )
        .await;
        let second_id = body["data"]["id"].as_str().unwrap().to_owned();
        let second = invitation_token(&app, "cy@example.com").await;
        assert_ne!(first, second);
        let (_, body) = get(&app, &invitations, &ada).await;
        assert_eq!(
            body["data"].as_array().unwrap().len(),
            1,
            "the first was replaced"
        );
        let cy = sign_up(&app, "cy@example.com").await;
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{first}"),
            &cy,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "invitation_closed");
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/team-invitations/{second_id}"),
            &bob,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/team-invitations/{second_id}"),
            &ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{second}"),
            &cy,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "invitation_closed");
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/team-invitations/{second_id}"),
            &ada,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "invitation_closed");

        // Declining, by id from one's own list.
        post(&app, &invitations, &ada, json!({"email": "cy@example.com"})).await;
        let (_, body) = get(&app, "/api/team-invitations/user", &cy).await;
        let pending = body["data"][0]["id"].as_str().unwrap().to_owned();
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/reject/{pending}"),
            &cy,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["status"], "rejected");
        let (_, body) = get(&app, "/api/team-invitations/user", &cy).await;
        assert_eq!(body["data"], json!([]));

        // Seven days later the link is dead.
        post(
            &app,
            &invitations,
            &ada,
            json!({"email": "dee@example.com"}),
        )
        .await;
        let late = invitation_token(&app, "dee@example.com").await;
        let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
        db.execute_unprepared(
            "UPDATE team_invitations SET expires_at = created_at WHERE email = 'dee@example.com'",
        )
        .await
        .unwrap();
        let dee = sign_up(&app, "dee@example.com").await;
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{late}"),
            &dee,
            json!({}),
        )
        .await;
        assert_error(status, &body, 410, "invitation_expired");
        let (_, body) = get(&app, &invitations, &ada).await;
        assert_eq!(body["data"][0]["status"], "expired");
        let (_, body) = get(&app, "/api/team-invitations/user", &dee).await;
        assert_eq!(body["data"], json!([]), "expired ones are not offered");
        let _ = db.close().await;
    })
    .await;
}

#[tokio::test]
async fn roles_decide_who_manages_members_and_a_team_keeps_an_owner() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let members = format!("/api/teams/{}/members", c.team);
        let role_of = |member: &str| format!("/api/teams/{}/members/{member}/role", c.team);

        let (status, body) = get(&app, &members, &c.dee).await;
        assert_eq!(status, 200, "viewers see the members");
        let roles: Vec<&str> = body["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["owner", "admin", "member", "viewer"]);
        let ada_member = body["data"][0]["id"].as_str().unwrap().to_owned();

        // Members and viewers manage nothing.
        for token in [&c.cy, &c.dee] {
            let (status, body) = call(
                &app,
                Method::PUT,
                &role_of(&c.dee_member),
                token,
                json!({"role": "member"}),
            )
            .await;
            assert_error(status, &body, 403, "insufficient_team_role");
            let (status, body) = post(
                &app,
                &format!("/api/team-invitations/team/{}", c.team),
                token,
                json!({"email": "new@example.com"}),
            )
            .await;
            assert_error(status, &body, 403, "insufficient_team_role");
            let (status, body) = call(
                &app,
                Method::PUT,
                &format!("/api/teams/{}", c.team),
                token,
                json!({"name": "Mine"}),
            )
            .await;
            assert_error(status, &body, 403, "insufficient_team_role");
        }

        // Admins hand out every role but ownership.
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of(&c.dee_member),
            &c.bob,
            json!({"role": "member"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["role"], "member");
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of(&c.dee_member),
            &c.bob,
            json!({"role": "owner"}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of(&ada_member),
            &c.bob,
            json!({"role": "viewer"}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{ada_member}"),
            &c.bob,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of(&c.dee_member),
            &c.bob,
            json!({"role": "boss"}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of("no-such-member"),
            &c.bob,
            json!({"role": "viewer"}),
        )
        .await;
        assert_error(status, &body, 404, "member_not_found");

        // The last owner can neither step down nor leave.
        let (status, body) = call(
            &app,
            Method::PUT,
            &role_of(&ada_member),
            &c.ada,
            json!({"role": "admin"}),
        )
        .await;
        assert_error(status, &body, 409, "last_owner");
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{ada_member}"),
            &c.ada,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "last_owner");
        let (status, _) = call(
            &app,
            Method::PUT,
            &role_of(&c.bob_member),
            &c.ada,
            json!({"role": "owner"}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{ada_member}"),
            &c.ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "with another owner, ada may leave");
        let (status, body) = get(&app, &format!("/api/teams/{}", c.team), &c.ada).await;
        assert_error(status, &body, 404, "team_not_found");

        // Anyone may leave; owners remove anyone.
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{}", c.dee_member),
            &c.dee,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{}", c.cy_member),
            &c.bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (_, body) = get(&app, &members, &c.bob).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1);

        // Adding an existing account directly.
        let (status, body) = post(
            &app,
            &members,
            &c.bob,
            json!({"email": "nobody@example.com"}),
        )
        .await;
        assert_error(status, &body, 404, "user_not_found");
        assert_eq!(body["errors"][0]["field"], "email");
        let (status, body) = post(
            &app,
            &members,
            &c.bob,
            json!({"email": "eve@example.com", "role": "viewer"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(body["data"]["role"], "viewer");
        let (status, body) =
            post(&app, &members, &c.bob, json!({"email": "eve@example.com"})).await;
        assert_error(status, &body, 409, "already_member");
        let (_, body) = get(&app, "/api/teams", &c.outsider).await;
        assert_eq!(body["data"][0]["role"], "viewer");
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(mails.iter().any(|m| m.to_address == "eve@example.com"
            && m.subject == "You were added to the team \u{201C}Support\u{201D} on AgentForge"));
    })
    .await;
}

#[tokio::test]
async fn a_shared_agent_gives_each_member_their_roles_rights() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let id = agent(
            &app,
            &c.ada,
            json!({"name": "Helpdesk", "greeting": "Hi!", "status": "active"}),
        )
        .await;
        let share = format!("/api/agents/{id}/share");

        let (status, body) = post(&app, &share, &c.ada, json!({})).await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post(&app, &share, &c.ada, json!({"teamId": "no-such-team"})).await;
        assert_error(status, &body, 404, "team_not_found");
        let (status, body) = post(&app, &share, &c.ada, json!({"teamId": c.team})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["teamId"], c.team.as_str());
        assert_eq!(
            body["data"]["sharedPublicly"], false,
            "the link is left as it was"
        );

        // Everyone in the team sees it, with their access.
        for (token, access) in [
            (&c.ada, "manage"),
            (&c.bob, "manage"),
            (&c.cy, "edit"),
            (&c.dee, "view"),
        ] {
            let (_, body) = get(&app, "/api/agents", token).await;
            assert_eq!(body["meta"]["total"], 1, "{body}");
            assert_eq!(body["data"][0]["access"], access);
            assert_eq!(body["data"][0]["teamId"], c.team.as_str());
            assert_eq!(body["data"][0]["teamName"], "Support");
            let (status, body) = get(&app, &format!("/api/agents/{id}"), token).await;
            assert_eq!(status, 200);
            assert_eq!(body["data"]["access"], access);
            assert_eq!(body["data"]["teamName"], "Support");
        }
        let (_, body) = get(&app, &format!("/api/agents?teamId={}", c.team), &c.dee).await;
        assert_eq!(body["meta"]["total"], 1);
        let (status, body) = get(&app, &format!("/api/agents/{id}"), &c.outsider).await;
        assert_error(status, &body, 404, "agent_not_found");
        let (_, body) = get(&app, &format!("/api/teams/{}", c.team), &c.dee).await;
        assert_eq!(body["data"]["agents"][0]["name"], "Helpdesk");
        assert_eq!(body["data"]["agentCount"], 1);

        // Viewers read and chat; members edit; owners and admins manage.
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/agents/{id}"),
            &c.dee,
            json!({"name": "Mine"}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/deploy"),
            &c.dee,
            json!({"environment": "production"}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &c.dee,
            json!({"message": "Hello?"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let conversation = body["data"]["conversationId"].as_str().unwrap().to_owned();
        let (status, _) = get(&app, &format!("/api/agents/{id}/versions"), &c.dee).await;
        assert_eq!(status, 200);
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/agents/{id}"),
            &c.cy,
            json!({"instructions": "Be brief."}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["currentVersion"], 2);
        for (method, path) in [
            (Method::DELETE, format!("/api/agents/{id}")),
            (Method::POST, share.clone()),
        ] {
            let (status, body) = call(&app, method, &path, &c.cy, json!({"public": true})).await;
            assert_error(status, &body, 403, "insufficient_team_role");
        }
        let (status, body) = post(&app, &share, &c.bob, json!({"public": true})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["sharedPublicly"], true);
        assert_eq!(
            body["data"]["teamId"],
            c.team.as_str(),
            "the team is left as it was"
        );

        // Conversations with a team agent are the team's to read; deleting
        // someone else's needs edit rights.
        for token in [&c.ada, &c.cy] {
            let (status, _) = get(&app, &format!("/api/conversations/{conversation}"), token).await;
            assert_eq!(status, 200);
            let (_, body) = get(&app, "/api/conversations", token).await;
            assert_eq!(body["meta"]["total"], 1);
        }
        let (status, body) = get(
            &app,
            &format!("/api/conversations/{conversation}"),
            &c.outsider,
        )
        .await;
        assert_error(status, &body, 404, "conversation_not_found");
        let (_, body) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &c.cy,
            json!({"message": "Mine"}),
        )
        .await;
        let cys = body["data"]["conversationId"].as_str().unwrap().to_owned();
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/conversations/{cys}"),
            &c.dee,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/conversations/{conversation}"),
            &c.dee,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "one's own conversation may always go");

        // Viewers cannot bring their own agents into the team.
        let mine = agent(&app, &c.dee, json!({"name": "Dee's"})).await;
        let (status, body) = post(
            &app,
            &format!("/api/agents/{mine}/share"),
            &c.dee,
            json!({"teamId": c.team}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/agents/{mine}", c.team),
            &c.dee,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let theirs = agent(&app, &c.cy, json!({"name": "Cy's"})).await;
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/agents/{theirs}", c.team),
            &c.cy,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["name"], "Cy's");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/agents/{theirs}", c.team),
            &c.outsider,
            json!({}),
        )
        .await;
        assert_error(status, &body, 404, "team_not_found");

        // An admin takes an agent out of the team; then it is its owner's alone.
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{}/agents/{theirs}", c.team),
            &c.bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (status, body) = get(&app, &format!("/api/agents/{theirs}"), &c.dee).await;
        assert_error(status, &body, 404, "agent_not_found");
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{}/agents/{theirs}", c.team),
            &c.cy,
            json!({}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");

        // Un-sharing by the share route, and deleting the team.
        let (status, body) = post(&app, &share, &c.ada, json!({"teamId": null})).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["teamId"], Value::Null);
        let (status, _) = get(&app, &format!("/api/agents/{id}"), &c.cy).await;
        assert_eq!(status, 404);
        post(&app, &share, &c.ada, json!({"teamId": c.team})).await;
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{}", c.team),
            &c.bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 403, "admins do not delete the team");
        let (status, _) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{}", c.team),
            &c.ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200);
        let (_, body) = get(&app, &format!("/api/agents/{id}"), &c.ada).await;
        assert_eq!(
            body["data"]["teamId"],
            Value::Null,
            "the agent stays with its owner"
        );
        let (status, _) = get(&app, &format!("/api/agents/{id}"), &c.bob).await;
        assert_eq!(status, 404);
    })
    .await;
}

#[tokio::test]
async fn members_hear_about_team_agents_and_team_messages_live() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let id = agent(&app, &c.ada, json!({"name": "Live", "status": "active"})).await;
        post(
            &app,
            &format!("/api/agents/{id}/share"),
            &c.ada,
            json!({"teamId": c.team}),
        )
        .await;
        let mut viewer = socket(&app, &c.dee).await;
        let mut outsider = socket(&app, &c.outsider).await;

        let (status, _) = post(
            &app,
            &format!("/api/agents/{id}/chat"),
            &c.ada,
            json!({"message": "Hello team"}),
        )
        .await;
        assert_eq!(status, 200);
        let events = events_until(&mut viewer, "message.created").await;
        assert_eq!(events[0]["type"], "conversation.started");
        assert_eq!(events[0]["conversation"]["agentId"], id.as_str());

        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/notify", c.team),
            &c.cy,
            json!({"message": "hi"}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/notify", c.team),
            &c.bob,
            json!({"message": "  "}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/notify", c.team),
            &c.bob,
            json!({"message": "Stand-up at ten"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["recipients"], 3, "everyone but the sender");
        let event = events_until(&mut viewer, "team.notification")
            .await
            .pop()
            .unwrap();
        assert_eq!(event["message"], "Stand-up at ten");
        assert_eq!(event["teamName"], "Support");
        assert_eq!(event["from"], "Ada Lovelace");
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        let told: Vec<&str> = mails
            .iter()
            .filter(|m| app.mail_text(m).contains("Stand-up at ten"))
            .map(|m| m.to_address.as_str())
            .collect();
        assert_eq!(told.len(), 3);
        assert!(!told.contains(&"bob@example.com"));

        // The outsider heard nothing of either.
        let (status, _) = post(&app, "/api/teams", &c.outsider, json!({"name": "Own"})).await;
        assert_eq!(status, 201);
        let probe = agent(
            &app,
            &c.outsider,
            json!({"name": "Probe", "status": "active"}),
        )
        .await;
        post(
            &app,
            &format!("/api/agents/{probe}/chat"),
            &c.outsider,
            json!({"message": "ping"}),
        )
        .await;
        let first = next_event(&mut outsider).await;
        assert_eq!(first["type"], "conversation.started");
        assert_eq!(first["conversation"]["agentId"], probe.as_str(), "{first}");
    })
    .await;
}

#[tokio::test]
async fn a_deleted_accounts_teams_pass_to_the_next_in_line() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let solo = team(&app, &c.ada, "Just me").await;
        let id = agent(&app, &c.cy, json!({"name": "Cy's"})).await;
        post(
            &app,
            &format!("/api/agents/{id}/share"),
            &c.cy,
            json!({"teamId": solo}),
        )
        .await;
        let (status, body) = app
            .send_json(
                Method::DELETE,
                "/api/settings/account",
                Some(&c.ada),
                &json!({"password": crate::helpers::PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");

        let (_, body) = get(&app, &format!("/api/teams/{}", c.team), &c.bob).await;
        assert_eq!(body["data"]["role"], "owner", "the admin took over: {body}");
        let roles: Vec<&str> = body["data"]["members"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["role"].as_str().unwrap())
            .collect();
        assert_eq!(roles, ["owner", "member", "viewer"]);
        let (_, body) = get(&app, "/api/teams?scope=all", &app_admin(&app).await).await;
        assert_eq!(
            body["data"].as_array().unwrap().len(),
            1,
            "the team of one went with its owner"
        );
        let (_, body) = get(&app, &format!("/api/agents/{id}"), &c.cy).await;
        assert_eq!(
            body["data"]["teamId"],
            Value::Null,
            "and its agents went back to their owners"
        );
    })
    .await;
}

/// A fresh session of the platform admin that `crew` signs up first.
async fn app_admin(app: &TestApp) -> String {
    let (status, body) = app
        .login("root@example.com", crate::helpers::PASSWORD)
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"]["token"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn bulk_changes_follow_each_agents_access() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let shared = agent(&app, &c.ada, json!({"name": "Shared"})).await;
        post(
            &app,
            &format!("/api/agents/{shared}/share"),
            &c.ada,
            json!({"teamId": c.team}),
        )
        .await;
        let own = agent(&app, &c.cy, json!({"name": "Cy's own"})).await;
        let private = agent(&app, &c.ada, json!({"name": "Ada's private"})).await;

        let (status, body) = post(
            &app,
            "/api/agents/bulk-update",
            &c.cy,
            json!({"ids": [shared, own], "changes": {"status": "paused"}}),
        )
        .await;
        assert_eq!(status, 200, "a member edits team agents: {body}");
        assert_eq!(body["data"].as_array().unwrap().len(), 2);
        let (status, body) = post(
            &app,
            "/api/agents/bulk-update",
            &c.dee,
            json!({"ids": [shared], "changes": {"status": "active"}}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            "/api/agents/bulk-delete",
            &c.cy,
            json!({"ids": [own, shared]}),
        )
        .await;
        assert_error(status, &body, 403, "insufficient_team_role");
        let (status, body) = post(
            &app,
            "/api/agents/bulk-delete",
            &c.bob,
            json!({"ids": [shared, private]}),
        )
        .await;
        assert_error(status, &body, 404, "agent_not_found");
        for (token, id) in [(&c.cy, &own), (&c.ada, &shared), (&c.ada, &private)] {
            let (status, _) = get(&app, &format!("/api/agents/{id}"), token).await;
            assert_eq!(status, 200, "nothing was deleted");
        }
        let (status, body) = post(
            &app,
            "/api/agents/bulk-delete",
            &c.bob,
            json!({"ids": [shared]}),
        )
        .await;
        assert_eq!(status, 200, "an admin manages team agents: {body}");
        assert_eq!(body["data"]["deleted"], 1);
    })
    .await;
}

/// Posts JSON and keeps the answer's `Retry-After` header.
async fn post_keeping_retry_after(
    app: &TestApp,
    path: &str,
    token: &str,
    body: Value,
) -> (u16, Option<u64>, Value) {
    let response = app
        .client
        .post(app.url(path))
        .bearer_auth(token)
        .json(&body)
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|v| v.to_str().unwrap().parse().unwrap());
    (status, retry_after, response.json().await.unwrap())
}

/// The emails in the outbox whose subject contains `part`.
async fn mails_about(app: &TestApp, part: &str) -> Vec<agentforge_store::Mail> {
    let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
    mails
        .into_iter()
        .filter(|m| m.subject.contains(part))
        .collect()
}

#[tokio::test]
async fn unverified_account_cannot_list_or_accept_an_invitation_to_its_address() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let (status, sent) = post(
            &app,
            &format!("/api/team-invitations/team/{id}"),
            &ada,
            json!({"email": "boss@corp.example", "role": "admin"}),
        )
        .await;
        assert_eq!(status, 201, "{sent}");
        let invitation_id = sent["data"]["id"].as_str().unwrap().to_owned();
        let emailed = invitation_token(&app, "boss@corp.example").await;

        // Someone registers the invited address without owning its inbox.
        let squatter = sign_up_unverified(&app, "boss@corp.example").await;
        let (status, body) = get(&app, "/api/team-invitations/user", &squatter).await;
        assert_error(status, &body, 403, "email_unverified");
        assert_eq!(body["message"], "Verify your email address first");
        for token in [invitation_id.as_str(), emailed.as_str()] {
            let (status, body) = get(
                &app,
                &format!("/api/team-invitations/details/{token}"),
                &squatter,
            )
            .await;
            assert_error(status, &body, 403, "email_unverified");
            for answer in ["accept", "reject"] {
                let (status, body) = post(
                    &app,
                    &format!("/api/team-invitations/{answer}/{token}"),
                    &squatter,
                    json!({}),
                )
                .await;
                assert_error(status, &body, 403, "email_unverified");
            }
        }
        // Unverified, an id that names nothing answers the same: no probing.
        let (status, body) = post(
            &app,
            "/api/team-invitations/accept/00000000-0000-7000-8000-000000000000",
            &squatter,
            json!({}),
        )
        .await;
        assert_error(status, &body, 403, "email_unverified");
        let (_, body) = get(&app, &format!("/api/teams/{id}/members"), &ada).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1, "{body}");
        let (_, body) = get(&app, &format!("/api/team-invitations/team/{id}"), &ada).await;
        assert_eq!(body["data"][0]["status"], "pending", "still open: {body}");

        // Once the address is proven (the link in its inbox), it works.
        let confirm = app
            .token_from_mail("boss@corp.example", "Confirm your email")
            .await;
        let (status, body) = app
            .post_json("/api/auth/verify-email", &json!({"token": confirm}))
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = get(&app, "/api/team-invitations/user", &squatter).await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"][0]["id"], invitation_id.as_str());
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{emailed}"),
            &squatter,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["member"]["role"], "admin");
    })
    .await;
}

#[tokio::test]
async fn adding_by_email_requires_a_verified_address() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let members = format!("/api/teams/{id}/members");
        sign_up_unverified(&app, "boss@corp.example").await;

        let (status, unverified) = post(
            &app,
            &members,
            &ada,
            json!({"email": "boss@corp.example", "role": "admin"}),
        )
        .await;
        assert_error(status, &unverified, 404, "user_not_found");
        assert_eq!(unverified["errors"][0]["field"], "email");
        // The same answer as for an address with no account at all.
        let (status, absent) = post(
            &app,
            &members,
            &ada,
            json!({"email": "nobody@corp.example", "role": "admin"}),
        )
        .await;
        assert_eq!(status, 404);
        assert_eq!(absent, unverified);
        let (_, body) = get(&app, &members, &ada).await;
        assert_eq!(body["data"].as_array().unwrap().len(), 1, "{body}");
        assert!(mails_about(&app, "added to").await.is_empty());

        mark_verified(&app, "boss@corp.example").await;
        let (status, body) = post(
            &app,
            &members,
            &ada,
            json!({"email": "boss@corp.example", "role": "admin"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        assert_eq!(mails_about(&app, "added to").await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn invitations_are_rate_limited_per_user_and_team() {
    let limits = [
        ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_USER", "5"),
        ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_TEAM", "8"),
    ];
    for_each_engine_with(&limits, async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let bob = sign_up(&app, "bob@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let invitations = format!("/api/team-invitations/team/{id}");
        // Adding a member is a team email: ada 1, the team 1.
        let (status, body) = post(
            &app,
            &format!("/api/teams/{id}/members"),
            &ada,
            json!({"email": "bob@example.com", "role": "admin"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");

        // The reported flood: 60 invitations at once from one account.
        let flood = (0..60).map(|i| {
            post_keeping_retry_after(
                &app,
                &invitations,
                &ada,
                json!({"email": format!("target{i}@example.net")}),
            )
        });
        let answers = futures_util::future::join_all(flood).await;
        let sent = answers.iter().filter(|(s, _, _)| *s == 201).count();
        assert_eq!(sent, 4, "ada's five an hour, one spent on bob");
        for (status, retry_after, body) in answers.iter().filter(|(s, _, _)| *s != 201) {
            assert_error(*status, body, 429, "rate_limited");
            let retry_after = retry_after.expect("Retry-After");
            assert!((60..=3600).contains(&retry_after), "{retry_after}");
        }
        assert_eq!(mails_about(&app, "invited").await.len(), 4);

        // Another admin of the same team shares the team's eight.
        for i in 0..3 {
            let (status, body) = post(
                &app,
                &invitations,
                &bob,
                json!({"email": format!("more{i}@example.net")}),
            )
            .await;
            assert_eq!(status, 201, "{body}");
        }
        let (status, body) = post(
            &app,
            &invitations,
            &bob,
            json!({"email": "one-more@example.net"}),
        )
        .await;
        assert_error(status, &body, 429, "rate_limited");

        // Refused for the team, bob's own count was not used: in a team of
        // his own he sends two more (an invitation, an added member), and
        // then a team message is one too many.
        let other = team(&app, &bob, "Other").await;
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/team/{other}"),
            &bob,
            json!({"email": "elsewhere@example.net"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{other}/members"),
            &bob,
            json!({"email": "ada@example.com"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{other}/notify"),
            &bob,
            json!({"message": "Buy now"}),
        )
        .await;
        assert_error(status, &body, 429, "rate_limited");
        assert_eq!(mails_about(&app, "invited").await.len(), 8);
        assert!(mails_about(&app, "A message to the team").await.is_empty());
    })
    .await;
}

#[tokio::test]
async fn pending_invitations_per_team_are_capped() {
    for_each_engine_with(
        &[("AGENTFORGE_TEAM_PENDING_INVITATIONS_MAX", "3")],
        async |app| {
            let ada = sign_up(&app, "ada@example.com").await;
            let id = team(&app, &ada, "Support").await;
            let invitations = format!("/api/team-invitations/team/{id}");
            let invite =
                async |email: &str| post(&app, &invitations, &ada, json!({"email": email})).await;
            for email in ["a@example.net", "b@example.net", "c@example.net"] {
                let (status, body) = invite(email).await;
                assert_eq!(status, 201, "{body}");
            }
            let (status, body) = invite("d@example.net").await;
            assert_error(status, &body, 409, "too_many_invitations");
            assert_eq!(
                mails_about(&app, "invited").await.len(),
                3,
                "no email either"
            );

            // Sending one again replaces it, so it does not count twice.
            let (status, body) = invite("a@example.net").await;
            assert_eq!(status, 201, "{body}");
            // A revoked or expired invitation is no longer open.
            let revoked = body["data"]["id"].as_str().unwrap().to_owned();
            let (status, body) = call(
                &app,
                Method::DELETE,
                &format!("/api/team-invitations/{revoked}"),
                &ada,
                json!({}),
            )
            .await;
            assert_eq!(status, 200, "{body}");
            let (status, body) = invite("d@example.net").await;
            assert_eq!(status, 201, "{body}");
            let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
            db.execute_unprepared(
                "UPDATE team_invitations SET expires_at = created_at WHERE email = 'b@example.net'",
            )
            .await
            .unwrap();
            let (status, body) = invite("e@example.net").await;
            assert_eq!(status, 201, "{body}");
            let (status, body) = invite("f@example.net").await;
            assert_error(status, &body, 409, "too_many_invitations");
        },
    )
    .await;
}

#[tokio::test]
async fn user_text_in_mail_subjects_is_quoted() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        sign_up(&app, "bob@example.com").await;
        // Line breaks and direction marks are refused in names (control
        // characters are also stripped by `mail::quoted`, unit-tested there).
        let broken = "WIN $1000 NOW Claim:\r\nBcc: all@example.com\u{202E}";
        let (status, body) = post(&app, "/api/teams", &ada, json!({"name": broken})).await;
        assert_error(status, &body, 422, "validation_failed");
        let spam = "WIN $1000 NOW \"free\" at spam.example!!! Claim: Bcc: all@example.com http://spam.example/claim";
        let id = team(&app, &ada, spam).await;
        let quoted = "\u{201C}WIN $1000 NOW 'free' at spam.example!!! Claim: Bcc: all@exa…\u{201D}";

        post(&app, &format!("/api/team-invitations/team/{id}"), &ada, json!({"email": "cy@example.net"})).await;
        post(&app, &format!("/api/teams/{id}/members"), &ada, json!({"email": "bob@example.com"})).await;
        let (status, body) = post(&app, &format!("/api/teams/{id}/notify"), &ada, json!({"message": "Hello"})).await;
        assert_eq!(status, 200, "{body}");

        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        let subject = |to: &str| {
            mails
                .iter()
                .find(|m| m.to_address == to && !m.subject.contains("Confirm"))
                .unwrap_or_else(|| panic!("no team email to {to}"))
                .subject
                .clone()
        };
        assert_eq!(
            subject("cy@example.net"),
            format!("You are invited to join the team {quoted} on AgentForge")
        );
        let to_bob: Vec<_> = mails
            .iter()
            .filter(|m| m.to_address == "bob@example.com" && !m.subject.contains("Confirm"))
            .map(|m| m.subject.clone())
            .collect();
        assert!(to_bob.contains(&format!("You were added to the team {quoted} on AgentForge")), "{to_bob:?}");
        assert!(to_bob.contains(&format!("A message to the team {quoted} on AgentForge")), "{to_bob:?}");
        for mail in mails.iter().filter(|m| !m.subject.contains("Confirm")) {
            assert!(!mail.subject.contains(['\r', '\n', '\u{202E}']), "{:?}", mail.subject);
            assert!(!mail.subject.contains("Ada"), "no sender's name: {:?}", mail.subject);
            let text = app.mail_text(mail);
            assert!(text.contains(quoted), "{text}");
            assert!(!text.contains("\nBcc:"), "{text}");
        }
    })
    .await;
}

/// The id of the account with `email`.
async fn user_id(app: &TestApp, email: &str) -> String {
    let email = agentforge_domain::Email::parse(email).unwrap();
    app.store
        .users()
        .find_by_email(&email)
        .await
        .unwrap()
        .expect("an account")
        .id
}

/// The one entry with `action`, checked for who did it to what.
async fn entry(
    app: &TestApp,
    action: &str,
    resource: (&str, &str),
    actor: &str,
) -> agentforge_store::AuditEntry {
    let mut entries = app.audit(action).await;
    assert_eq!(entries.len(), 1, "one {action} entry: {entries:?}");
    let entry = entries.remove(0);
    assert_eq!(entry.resource_type, resource.0, "{action}");
    assert_eq!(entry.resource_id.as_deref(), Some(resource.1), "{action}");
    assert_eq!(entry.actor_id.as_deref(), Some(actor), "{action}");
    assert_eq!(entry.outcome, "success", "{action}");
    entry
}

#[tokio::test]
async fn team_changes_are_audited_with_the_team_and_its_owner() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let bob = sign_up(&app, "bob@example.com").await;
        let ada_id = user_id(&app, "ada@example.com").await;
        let bob_id = user_id(&app, "bob@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let created = entry(&app, "team.create", ("team", &id), &ada_id).await;
        assert_eq!(created.owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(created.team_id.as_deref(), Some(id.as_str()));
        assert_eq!(created.actor_label.as_deref(), Some("ada@example.com"));
        assert_eq!(
            created.changes["name"],
            json!({"from": null, "to": "Support"})
        );

        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/teams/{id}"),
            &ada,
            json!({"name": "Helpdesk"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let updated = entry(&app, "team.update", ("team", &id), &ada_id).await;
        assert_eq!(
            Value::Object(updated.changes),
            json!({"name": {"from": "Support", "to": "Helpdesk"}}),
            "only what changed"
        );

        let agent_id = agent(&app, &ada, json!({"name": "Helper"})).await;
        let agents = format!("/api/teams/{id}/agents/{agent_id}");
        let (status, body) = post(&app, &agents, &ada, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let added = entry(&app, "team.agent_add", ("team", &id), &ada_id).await;
        assert_eq!(added.team_id.as_deref(), Some(id.as_str()));
        assert_eq!(added.changes["agentId"]["to"], agent_id.as_str());
        let (status, body) = call(&app, Method::DELETE, &agents, &ada, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let removed = entry(&app, "team.agent_remove", ("team", &id), &ada_id).await;
        assert_eq!(removed.changes["agentId"]["from"], agent_id.as_str());

        let members = format!("/api/teams/{id}/members");
        let (status, body) = post(
            &app,
            &members,
            &ada,
            json!({"email": "bob@example.com", "role": "viewer"}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let bob_member = body["data"]["id"].as_str().unwrap().to_owned();
        let joined = entry(&app, "team.member_add", ("team", &id), &ada_id).await;
        assert_eq!(joined.changes["userId"]["to"], bob_id.as_str());
        assert_eq!(joined.changes["role"]["to"], "viewer");

        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("{members}/{bob_member}/role"),
            &ada,
            json!({"role": "admin"}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let role = entry(&app, "team.member_role", ("team", &id), &ada_id).await;
        assert_eq!(
            role.changes["role"],
            json!({"from": "viewer", "to": "admin"})
        );
        assert_eq!(role.changes["userId"]["to"], bob_id.as_str());

        let secret = "The launch moves to Friday";
        let (status, body) = post(
            &app,
            &format!("/api/teams/{id}/notify"),
            &ada,
            json!({"message": secret}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let told = entry(&app, "team.notify", ("team", &id), &ada_id).await;
        assert_eq!(told.changes["recipients"]["to"], 1);
        let recorded = Value::Object(told.changes).to_string();
        assert!(!recorded.contains(secret), "never the message: {recorded}");

        // Bob leaves: the entry is his.
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("{members}/{bob_member}"),
            &bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let left = entry(&app, "team.member_remove", ("team", &id), &bob_id).await;
        assert_eq!(left.owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(left.changes["userId"], json!({"from": bob_id, "to": null}));

        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{id}"),
            &ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let deleted = entry(&app, "team.delete", ("team", &id), &ada_id).await;
        assert_eq!(
            deleted.changes["name"],
            json!({"from": "Helpdesk", "to": null})
        );
    })
    .await;
}

#[tokio::test]
async fn invitations_are_audited_by_id_never_by_token() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let bob = sign_up(&app, "bob@example.com").await;
        let cy = sign_up(&app, "cy@example.com").await;
        let ada_id = user_id(&app, "ada@example.com").await;
        let bob_id = user_id(&app, "bob@example.com").await;
        let cy_id = user_id(&app, "cy@example.com").await;
        let id = team(&app, &ada, "Support").await;
        let invite = |email: &'static str| {
            let (app, ada, path) = (&app, &ada, format!("/api/team-invitations/team/{id}"));
            async move {
                let (status, body) =
                    post(app, &path, ada, json!({"email": email, "role": "member"})).await;
                assert_eq!(status, 201, "{body}");
                body["data"]["id"].as_str().unwrap().to_owned()
            }
        };

        let to_bob = invite("bob@example.com").await;
        let created = entry(&app, "invitation.create", ("invitation", &to_bob), &ada_id).await;
        assert_eq!(created.team_id.as_deref(), Some(id.as_str()));
        assert_eq!(created.owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(created.changes["email"]["to"], "bob@example.com");
        assert_eq!(created.changes["role"]["to"], "member");
        let token = invitation_token(&app, "bob@example.com").await;
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/accept/{token}"),
            &bob,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let accepted = entry(&app, "invitation.accept", ("invitation", &to_bob), &bob_id).await;
        assert_eq!(accepted.team_id.as_deref(), Some(id.as_str()));
        assert_eq!(
            accepted.changes["status"],
            json!({"from": "pending", "to": "accepted"})
        );

        let to_cy = invite("cy@example.com").await;
        let token = invitation_token(&app, "cy@example.com").await;
        let (status, body) = post(
            &app,
            &format!("/api/team-invitations/reject/{token}"),
            &cy,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let rejected = entry(&app, "invitation.reject", ("invitation", &to_cy), &cy_id).await;
        assert_eq!(
            rejected.changes["status"],
            json!({"from": "pending", "to": "rejected"})
        );

        let to_dee = invite("dee@example.com").await;
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/team-invitations/{to_dee}"),
            &ada,
            json!({}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let revoked = entry(&app, "invitation.revoke", ("invitation", &to_dee), &ada_id).await;
        assert_eq!(
            revoked.changes["status"],
            json!({"from": "pending", "to": "revoked"})
        );
        for entry in [created, accepted, rejected, revoked] {
            let recorded = Value::Object(entry.changes).to_string();
            assert!(!recorded.contains(&token), "no token: {recorded}");
        }
    })
    .await;
}

#[tokio::test]
async fn refused_team_changes_write_no_entry() {
    for_each_engine(async |app| {
        let c = crew(&app).await;
        let (status, body) = post(&app, "/api/teams", &c.ada, json!({"name": " "})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(
            app.audit("team.create").await.len(),
            1,
            "only the crew's team"
        );
        let (status, body) = call(
            &app,
            Method::PUT,
            "/api/teams/no-such-team",
            &c.ada,
            json!({"name": "X"}),
        )
        .await;
        assert_error(status, &body, 404, "team_not_found");
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/api/teams/{}/members/{}/role", c.team, c.cy_member),
            &c.bob,
            json!({"role": "owner"}),
        )
        .await;
        assert_eq!(status, 403, "{body}");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/notify", c.team),
            &c.ada,
            json!({"message": "  "}),
        )
        .await;
        assert_error(status, &body, 422, "validation_failed");
        let (status, body) = post(
            &app,
            &format!("/api/teams/{}/members", c.team),
            &c.ada,
            json!({"email": "bob@example.com"}),
        )
        .await;
        assert_error(status, &body, 409, "already_member");
        // A last owner who may not leave: refused inside the transaction.
        let ada_member = {
            let (_, body) = get(&app, &format!("/api/teams/{}/members", c.team), &c.ada).await;
            body["data"][0]["id"].as_str().unwrap().to_owned()
        };
        let (status, body) = call(
            &app,
            Method::DELETE,
            &format!("/api/teams/{}/members/{ada_member}", c.team),
            &c.ada,
            json!({}),
        )
        .await;
        assert_error(status, &body, 409, "last_owner");
        let (status, body) = post(
            &app,
            "/api/team-invitations/accept/no-such-token",
            &c.outsider,
            json!({}),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        for action in [
            "team.update",
            "team.member_add",
            "team.member_role",
            "team.member_remove",
            "team.notify",
            "invitation.reject",
            "invitation.revoke",
        ] {
            assert_eq!(app.audit(action).await, vec![], "{action}");
        }
        assert_eq!(
            app.audit("invitation.accept").await.len(),
            3,
            "the crew's only"
        );
    })
    .await;
}

#[tokio::test]
async fn personality_changes_are_audited() {
    for_each_engine(async |app| {
        let ada = sign_up(&app, "ada@example.com").await;
        let ada_id = user_id(&app, "ada@example.com").await;
        let (status, body) = post(&app, "/api/personalities", &ada, json!({"name": " "})).await;
        assert_error(status, &body, 422, "validation_failed");
        assert_eq!(app.audit("personality.create").await, vec![]);

        let (status, body) = post(
            &app,
            "/api/personalities",
            &ada,
            json!({"name": "Pirate", "tone": "playful", "traits": ["bold"]}),
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let id = body["data"]["id"].as_str().unwrap().to_owned();
        let created = entry(&app, "personality.create", ("personality", &id), &ada_id).await;
        assert_eq!(created.owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(created.team_id, None);
        assert_eq!(
            created.changes["traits"],
            json!({"from": null, "to": ["bold"]})
        );

        let path = format!("/api/personalities/{id}");
        let (status, body) = call(
            &app,
            Method::PUT,
            &path,
            &ada,
            json!({"name": "Pirate", "tone": "gruff", "traits": ["bold"]}),
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let updated = entry(&app, "personality.update", ("personality", &id), &ada_id).await;
        assert_eq!(
            Value::Object(updated.changes),
            json!({"tone": {"from": "playful", "to": "gruff"}})
        );

        let (status, body) = call(
            &app,
            Method::PUT,
            "/api/personalities/no-such-personality",
            &ada,
            json!({"name": "X"}),
        )
        .await;
        assert_eq!(status, 404, "{body}");
        assert_eq!(
            app.audit("personality.update").await.len(),
            1,
            "the refused one wrote none"
        );

        let (status, body) = call(&app, Method::DELETE, &path, &ada, json!({})).await;
        assert_eq!(status, 200, "{body}");
        let deleted = entry(&app, "personality.delete", ("personality", &id), &ada_id).await;
        assert_eq!(deleted.owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(
            deleted.changes["name"],
            json!({"from": "Pirate", "to": null})
        );
    })
    .await;
}

#[tokio::test]
async fn team_settings_set_the_default_role_and_who_may_invite() {
    for_each_engine_with(
        &[
            ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_USER", "1000"),
            ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_TEAM", "1000"),
        ],
        async |app: TestApp| {
            let crew = crew(&app).await;
            let second = team(&app, &crew.cy, "Cy's own").await;

            // Without teamId: the team where my role is highest.
            let (status, body) = get(&app, "/api/settings/team", &crew.cy).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["data"]["team"]["id"], second.as_str());
            assert_eq!(body["data"]["teams"].as_array().unwrap().len(), 2);
            let (_, body) = get(
                &app,
                &format!("/api/settings/team?teamId={}", crew.team),
                &crew.cy,
            )
            .await;
            let settings = &body["data"];
            assert_eq!(settings["team"]["defaultRole"], "member");
            assert_eq!(settings["team"]["invitePolicy"], "admins");
            assert_eq!(
                (
                    settings["canEdit"].as_bool(),
                    settings["canInvite"].as_bool()
                ),
                (Some(false), Some(false))
            );
            let (status, body) = get(
                &app,
                &format!("/api/settings/team?teamId={}", crew.team),
                &crew.outsider,
            )
            .await;
            assert_error(status, &body, 404, "team_not_found");
            let (status, body) = get(&app, "/api/settings/team", &crew.outsider).await;
            assert_error(status, &body, 404, "team_not_found");

            // A member may not invite while the policy is `admins`.
            let invite = |email: &str, role: Option<&str>| {
                let mut body = json!({"email": email});
                if let Some(role) = role {
                    body["role"] = json!(role);
                }
                body
            };
            let path = format!("/api/team-invitations/team/{}", crew.team);
            let (status, body) =
                post(&app, &path, &crew.cy, invite("new1@example.com", None)).await;
            assert_error(status, &body, 403, "insufficient_team_role");

            // Members may not change the settings; admins may.
            let change =
                json!({"teamId": crew.team, "defaultRole": "viewer", "invitePolicy": "members"});
            let (status, body) = call(
                &app,
                Method::PUT,
                "/api/settings/team",
                &crew.cy,
                change.clone(),
            )
            .await;
            assert_error(status, &body, 403, "insufficient_team_role");
            let (status, body) =
                call(&app, Method::PUT, "/api/settings/team", &crew.bob, change).await;
            assert_eq!(status, 200, "{body}");
            assert_eq!(body["data"]["team"]["defaultRole"], "viewer");
            assert_eq!(body["data"]["team"]["invitePolicy"], "members");
            let entry = app.audit("team.update").await;
            assert_eq!(entry[0].changes["invitePolicy"]["to"], "members");
            assert_eq!(entry[0].changes["defaultRole"]["from"], "member");

            // Now a member invites; with no role named the invitee gets the
            // default; members bring members and viewers only.
            let (status, body) =
                post(&app, &path, &crew.cy, invite("new1@example.com", None)).await;
            assert_eq!(status, 201, "{body}");
            assert_eq!(body["data"]["role"], "viewer");
            let (status, body) = post(
                &app,
                &path,
                &crew.cy,
                invite("new2@example.com", Some("member")),
            )
            .await;
            assert_eq!(status, 201, "{body}");
            let (status, body) = post(
                &app,
                &path,
                &crew.cy,
                invite("new3@example.com", Some("admin")),
            )
            .await;
            assert_error(status, &body, 403, "insufficient_team_role");
            // Viewers never invite.
            let (status, body) =
                post(&app, &path, &crew.dee, invite("new4@example.com", None)).await;
            assert_error(status, &body, 403, "insufficient_team_role");
            let (_, body) = get(
                &app,
                &format!("/api/settings/team?teamId={}", crew.team),
                &crew.cy,
            )
            .await;
            assert_eq!(body["data"]["canInvite"], true);

            // Bad values change nothing.
            for (change, field) in [
                (
                    json!({"teamId": crew.team, "defaultRole": "owner"}),
                    "defaultRole",
                ),
                (
                    json!({"teamId": crew.team, "invitePolicy": "everyone"}),
                    "invitePolicy",
                ),
                (json!({"teamId": crew.team, "name": "  "}), "name"),
                (json!({"defaultRole": "member"}), "teamId"),
            ] {
                let (status, body) =
                    call(&app, Method::PUT, "/api/settings/team", &crew.ada, change).await;
                assert_error(status, &body, 422, "validation_failed");
                assert_eq!(body["errors"][0]["field"], field, "{body}");
            }
            let (_, body) = get(&app, &format!("/api/teams/{}", crew.team), &crew.ada).await;
            assert_eq!(body["data"]["defaultRole"], "viewer");
            let (status, body) = call(
                &app,
                Method::PUT,
                "/api/settings/team",
                &crew.outsider,
                json!({"teamId": crew.team, "name": "Mine"}),
            )
            .await;
            assert_error(status, &body, 404, "team_not_found");
        },
    )
    .await;
}
