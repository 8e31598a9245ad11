//! Sessions end when they are signed out (docs/security.md, "Sessions and
//! sign-in"): access tokens stop at once, realtime sockets close; a browser
//! that signed in before is not locked out by strangers; Argon2 runs a few
//! at a time.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use reqwest::Method;
use serde_json::{Value, json};
use tokio_tungstenite::tungstenite::Message as Frame;

use crate::fixtures::{Socket, eventually, socket};
use crate::helpers::{PASSWORD, TestApp, assert_error, for_each_engine, for_each_engine_with};

fn token(session: &Value) -> &str {
    session["token"].as_str().unwrap()
}

/// POST /auth/logout with an optional bearer token and body.
async fn logout(app: &TestApp, bearer: Option<&str>, body: Option<Value>) -> u16 {
    let mut request = app.client.post(app.url("/api/auth/logout"));
    if let Some(bearer) = bearer {
        request = request.bearer_auth(bearer);
    }
    if let Some(body) = body {
        request = request.json(&body);
    }
    request.send().await.unwrap().status().as_u16()
}

async fn assert_signed_out(app: &TestApp, token: &str) {
    let (status, body) = app.get_as("/api/auth/me", token).await;
    assert_error(status, &body, 401, "session_revoked");
    assert_eq!(
        body["message"],
        "This session was signed out; sign in again"
    );
}

#[tokio::test]
async fn a_token_stops_working_after_logout() {
    for_each_engine(async |app| {
        let first = app.register("ada@example.com", PASSWORD).await;
        let (_, second) = app.login("ada@example.com", PASSWORD).await;
        let (_, third) = app.login("ada@example.com", PASSWORD).await;
        let (_, fourth) = app.login("ada@example.com", PASSWORD).await;
        let (second, third, fourth) = (&second["data"], &third["data"], &fourth["data"]);
        assert_eq!(app.get_as("/api/auth/me", token(&first)).await.0, 200);

        // With the access token alone (no body), as a client that kept no refresh token.
        assert_eq!(logout(&app, Some(token(&first)), None).await, 200);
        assert_signed_out(&app, token(&first)).await;
        let (status, _) = app
            .post_json(
                "/api/auth/refresh",
                &json!({"refreshToken": first["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 401, "its refresh token went with it");

        // With the refresh token alone: the access tokens of that session stop too.
        let body = json!({"refreshToken": second["refreshToken"]});
        assert_eq!(logout(&app, None, Some(body)).await, 200);
        assert_signed_out(&app, token(second)).await;

        // With an access token that has expired: it still names its session.
        let claims = app.state.access_tokens.verify(token(third)).unwrap();
        let expired = app.state.access_tokens.issue_with_ttl(
            &claims.user_id,
            &claims.session_id,
            chrono::Duration::seconds(-60),
        );
        assert_eq!(logout(&app, Some(&expired), None).await, 200);
        assert_signed_out(&app, token(third)).await;

        // The other sessions go on.
        assert_eq!(app.get_as("/api/auth/me", token(fourth)).await.0, 200);
    })
    .await;
}

#[tokio::test]
async fn a_refreshed_token_belongs_to_the_same_session() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let (status, refreshed) = app
            .post_json(
                "/api/auth/refresh-token",
                &json!({"refreshToken": session["refreshToken"]}),
            )
            .await;
        assert_eq!(status, 200, "{refreshed}");
        let refreshed = &refreshed["data"];
        let before = app.state.access_tokens.verify(token(&session)).unwrap();
        let after = app.state.access_tokens.verify(token(refreshed)).unwrap();
        assert_eq!(before.session_id, after.session_id);
        assert_eq!(app.get_as("/api/auth/me", token(refreshed)).await.0, 200);
        assert_eq!(
            app.get_as("/api/auth/me", token(&session)).await.0,
            200,
            "an access token lives out its 15 minutes while its session does"
        );

        let body = json!({"refreshToken": refreshed["refreshToken"]});
        assert_eq!(logout(&app, Some(token(refreshed)), Some(body)).await, 200);
        assert_signed_out(&app, token(refreshed)).await;
        assert_signed_out(&app, token(&session)).await;
    })
    .await;
}

#[tokio::test]
async fn a_password_change_signs_out_every_other_session() {
    for_each_engine(async |app| {
        let here = app.register("ada@example.com", PASSWORD).await;
        let (_, elsewhere) = app.login("ada@example.com", PASSWORD).await;
        let elsewhere = &elsewhere["data"];
        let (status, body) = app
            .send_json(
                Method::PUT,
                "/api/settings/profile",
                Some(token(&here)),
                &json!({"newPassword": "another passphrase", "currentPassword": PASSWORD}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_signed_out(&app, token(elsewhere)).await;
        // This browser goes on with the session the answer carries.
        let fresh = &body["data"]["session"];
        let (status, me) = app.get_as("/api/auth/me", token(fresh)).await;
        assert_eq!(status, 200, "{me}");
        assert_signed_out(&app, token(&here)).await;
    })
    .await;
}

#[tokio::test]
async fn a_reset_signs_out_every_session() {
    for_each_engine(async |app| {
        let first = app.register("ada@example.com", PASSWORD).await;
        let (_, second) = app.login("ada@example.com", PASSWORD).await;
        app.post_json(
            "/api/auth/forgot-password",
            &json!({"email": "ada@example.com"}),
        )
        .await;
        let link = app
            .token_from_mail("ada@example.com", "Reset your AgentForge password")
            .await;
        let (status, body) = app
            .post_json(
                "/api/auth/reset-password",
                &json!({"token": link, "newPassword": "a brand new passphrase"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        assert_signed_out(&app, token(&first)).await;
        assert_signed_out(&app, token(&second["data"])).await;
        let (status, again) = app.login("ada@example.com", "a brand new passphrase").await;
        assert_eq!(status, 200);
        assert_eq!(
            app.get_as("/api/auth/me", token(&again["data"])).await.0,
            200
        );
    })
    .await;
}

/// The code and reason the server closed the socket with, within `seconds`
/// (events before the close are skipped).
async fn closed(socket: &mut Socket, seconds: u64) -> (u16, String) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(seconds);
    loop {
        let frame = tokio::time::timeout_at(deadline, socket.next())
            .await
            .unwrap_or_else(|_| panic!("the socket is still open after {seconds} s"));
        match frame {
            Some(Ok(Frame::Close(Some(close)))) => {
                return (u16::from(close.code), close.reason.to_string());
            }
            Some(Ok(Frame::Close(None))) | None => panic!("closed without saying why"),
            Some(Ok(_)) => {}
            Some(Err(e)) => panic!("the socket failed: {e}"),
        }
    }
}

#[tokio::test]
async fn a_socket_closes_when_its_session_is_revoked() {
    for_each_engine(async |app| {
        let signed_out = app.register("ada@example.com", PASSWORD).await;
        let (_, other) = app.login("ada@example.com", PASSWORD).await;
        let mut gone = socket(&app, token(&signed_out)).await;
        let mut stays = socket(&app, token(&other["data"])).await;
        assert_eq!(logout(&app, Some(token(&signed_out)), None).await, 200);
        assert_eq!(
            closed(&mut gone, 10).await,
            (4001, "session_revoked".to_owned())
        );
        // The session that was not signed out keeps its socket.
        eventually(|| async { app.state.realtime.sockets() == 1 }).await;
        stays.send(Frame::Ping(Vec::new().into())).await.unwrap();
        assert!(matches!(stays.next().await, Some(Ok(Frame::Pong(_)))));
    })
    .await;
}

#[tokio::test]
async fn a_socket_closes_when_its_session_ends_by_any_way() {
    // Sessions revoked behind the server's back (another instance on SQLite,
    // where no notification travels) are found by the periodic check.
    for_each_engine_with(
        &[("AGENTFORGE_REALTIME_SESSION_CHECK_SECONDS", "1")],
        async |app| {
            let session = app.register("ada@example.com", PASSWORD).await;
            let mut revoked = socket(&app, token(&session)).await;
            let user_id = session["user"]["id"].as_str().unwrap();
            app.store
                .refresh_tokens()
                .revoke_all_for_user(user_id)
                .await
                .unwrap();
            assert_eq!(
                closed(&mut revoked, 10).await,
                (4001, "session_revoked".to_owned())
            );

            // A disabled account's sockets close too.
            let (_, again) = app.login("ada@example.com", PASSWORD).await;
            let mut disabled = socket(&app, token(&again["data"])).await;
            app.store.users().set_disabled(user_id, true).await.unwrap();
            assert_eq!(
                closed(&mut disabled, 10).await,
                (4001, "session_revoked".to_owned())
            );
        },
    )
    .await;
}

#[tokio::test]
async fn a_socket_on_another_instance_closes_when_its_session_is_signed_out() {
    for_each_engine_with(
        &[("AGENTFORGE_REALTIME_SESSION_CHECK_SECONDS", "1")],
        async |app| {
            let other = app.sibling().await;
            let session = app.register("ada@example.com", PASSWORD).await;
            let mut socket = socket(&other, token(&session)).await;
            assert_eq!(logout(&app, Some(token(&session)), None).await, 200);
            // On PostgreSQL the sign-out is notified at once; elsewhere the
            // sibling's own check (every 5 s by default) finds it.
            assert_eq!(
                closed(&mut socket, 20).await,
                (4001, "session_revoked".to_owned())
            );
        },
    )
    .await;
}

#[tokio::test]
async fn a_socket_closes_when_its_token_expires() {
    for_each_engine(async |app| {
        let session = app.register("ada@example.com", PASSWORD).await;
        let claims = app.state.access_tokens.verify(token(&session)).unwrap();
        let short = app.state.access_tokens.issue_with_ttl(
            &claims.user_id,
            &claims.session_id,
            chrono::Duration::seconds(2),
        );
        let mut socket = socket(&app, &short).await;
        assert_eq!(
            closed(&mut socket, 10).await,
            (4001, "token_expired".to_owned())
        );
    })
    .await;
}

/// Signs in, presenting `cookie` (name, value) when given; answers the
/// status and the device cookie set, if any.
async fn sign_in(
    app: &TestApp,
    email: &str,
    password: &str,
    cookie: Option<&(String, String)>,
) -> (u16, Option<(String, String)>, String) {
    let mut request = app
        .client
        .post(app.url("/api/auth/login"))
        .json(&json!({"email": email, "password": password}));
    if let Some((name, value)) = cookie {
        request = request.header("cookie", format!("theme=dark; {name}={value}"));
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let header = response
        .headers()
        .get("set-cookie")
        .map(|v| v.to_str().unwrap().to_owned())
        .unwrap_or_default();
    let set = header
        .split(';')
        .next()
        .and_then(|pair| pair.split_once('='))
        .map(|(n, v)| (n.to_owned(), v.to_owned()));
    (status, set, header)
}

#[tokio::test]
async fn a_locked_out_email_still_signs_in_from_a_known_device() {
    for_each_engine_with(
        &[
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_IP", "100"),
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL", "2"),
        ],
        async |app| {
            app.register("ada@example.com", PASSWORD).await;
            app.register("grace@example.com", PASSWORD).await;
            // Ada signs in on her browser, which keeps the device cookie.
            let (status, cookie, header) = sign_in(&app, "ada@example.com", PASSWORD, None).await;
            assert_eq!(status, 200);
            let cookie = cookie.expect("a device cookie");
            assert!(cookie.0.starts_with("agentforge_device_"), "{header}");
            for attribute in ["Path=/api/auth", "HttpOnly", "SameSite=Strict"] {
                assert!(header.contains(attribute), "{attribute} in {header}");
            }
            assert!(
                !header.contains("Secure"),
                "served over plain http: {header}"
            );

            // A stranger spends Ada's budget: her address is locked.
            let (status, ..) = sign_in(&app, "ada@example.com", "a wrong guess", None).await;
            assert_eq!(status, 401);
            let (status, ..) = sign_in(&app, "ada@example.com", "another guess", None).await;
            assert_eq!(status, 429, "the per-email limit holds for strangers");
            let (status, ..) = sign_in(&app, "ada@example.com", PASSWORD, None).await;
            assert_eq!(status, 429, "even with the right password");

            // Ada's browser still gets in, and gets a new cookie.
            let (status, renewed, _) =
                sign_in(&app, "ada@example.com", PASSWORD, Some(&cookie)).await;
            assert_eq!(status, 200, "a known device is not locked out");
            let renewed = renewed.expect("a renewed device cookie");

            // A forged cookie, or another account's, is nobody's device.
            let mut forged = cookie.clone();
            forged.1.pop();
            let (status, ..) = sign_in(&app, "ada@example.com", PASSWORD, Some(&forged)).await;
            assert_eq!(status, 429);
            let (_, grace, _) = sign_in(&app, "grace@example.com", PASSWORD, None).await;
            let grace = grace.unwrap();
            let (status, ..) = sign_in(&app, "ada@example.com", PASSWORD, Some(&grace)).await;
            assert_eq!(status, 429);
            let as_ada = (cookie.0.clone(), grace.1.clone());
            let (status, ..) = sign_in(&app, "ada@example.com", PASSWORD, Some(&as_ada)).await;
            assert_eq!(
                status, 429,
                "renaming Grace's cookie does not make it Ada's"
            );

            // A known device has a budget of its own, as large as an address's.
            let (status, ..) = sign_in(&app, "ada@example.com", "wrong", Some(&renewed)).await;
            assert_eq!(status, 401);
            let (status, ..) = sign_in(&app, "ada@example.com", "wrong", Some(&renewed)).await;
            assert_eq!(status, 401);
            let (status, ..) = sign_in(&app, "ada@example.com", PASSWORD, Some(&renewed)).await;
            assert_eq!(status, 429, "guessing from a known device is limited too");
        },
    )
    .await;
}

#[tokio::test]
async fn sign_ins_run_at_most_n_password_hashes_at_once() {
    for_each_engine_with(
        &[
            ("AGENTFORGE_PASSWORD_HASH_CONCURRENCY", "2"),
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_IP", "100"),
            ("AGENTFORGE_RATE_LIMIT_AUTH_PER_EMAIL", "100"),
        ],
        async |app| {
            app.register("ada@example.com", PASSWORD).await;
            let attempts = (0..8).map(|i| {
                let password = if i % 2 == 0 { PASSWORD } else { "wrong" };
                app.login("ada@example.com", password)
            });
            let statuses: Vec<u16> = futures_util::future::join_all(attempts)
                .await
                .into_iter()
                .map(|(status, _)| status)
                .collect();
            assert_eq!(statuses, [200, 401, 200, 401, 200, 401, 200, 401]);
            let peak = app.state.password_hasher.peak();
            assert!((1..=2).contains(&peak), "{peak} hashes at once");
        },
    )
    .await;
}
