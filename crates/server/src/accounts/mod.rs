//! Accounts: `/auth/*` (sign-up, sign-in, sessions, email verification,
//! password reset) and `/settings/profile`, `/settings/account`.

pub mod password;
mod service;
pub(crate) mod types;

pub use service::{PASSWORD_RESET, PasswordResets};
pub use types::UserOut;

use agentforge_domain::audit::AuditAction;
use agentforge_domain::policy::Actor;
use agentforge_domain::{Email, Language, ParseError, Password, Role};
use agentforge_store::{NewUser, Store, User};
use axum::body::Bytes;
use axum::extract::State;
use axum::http::header::{COOKIE, SET_COOKIE, USER_AGENT};
use axum::http::{HeaderMap, HeaderValue, StatusCode};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::audit;
use crate::auth::{CurrentUser, device};
use crate::http::{ApiError, ClientIp, Envelope, ErrorBody, Json};
use crate::state::AppState;
use service::{Accounts, Client, ProfileUpdate, Registration, Session};
use types::{
    EmailIn, LoginIn, LogoutIn, NoticeOut, PasswordIn, ProfileOut, ProfilePatch, RefreshIn,
    RegisterIn, ResetPasswordIn, SessionOut, TokenIn,
};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(register))
        .routes(routes!(login))
        .routes(routes!(logout))
        .routes(routes!(refresh_token))
        .routes(routes!(refresh))
        .routes(routes!(me))
        .routes(routes!(profile))
        .routes(routes!(verify_email))
        .routes(routes!(resend_verification))
        .routes(routes!(forgot_password))
        .routes(routes!(reset_password))
        .routes(routes!(update_profile))
        .routes(routes!(delete_account))
}

/// Mails `user` a new verification link, asked by someone else (an admin):
/// held to the same limits as the user's own request.
pub(crate) async fn resend_verification_for(
    state: &AppState,
    user: &User,
    actor: &Actor,
    ip: ClientIp,
    headers: &HeaderMap,
) -> Result<(), ApiError> {
    accounts(state)
        .resend_verification(user, actor, &client(ip, headers))
        .await?;
    Ok(())
}

/// The account service, with the parts of the state it uses.
fn accounts(state: &AppState) -> Accounts<'_> {
    let settings = state.configuration.get();
    let limits = settings.limits;
    Accounts {
        store: &state.store,
        mailer: &state.mailer,
        jobs: state.runtime.jobs(),
        limiter: &state.rate_limiter,
        tokens: &state.access_tokens,
        devices: &state.device_cookies,
        hasher: &state.password_hasher,
        per_ip: limits.rate_limit_auth_per_ip,
        per_email: limits.rate_limit_auth_per_email,
        signup_open: settings.general.signup_open,
    }
}

impl From<Session> for SessionOut {
    fn from(s: Session) -> Self {
        Self {
            token: s.token,
            refresh_token: s.refresh_token,
            expires_in: s.expires_in,
            user: UserOut::from(s.user),
        }
    }
}

/// The session's body, and the `Set-Cookie` of its device cookie when it has one.
fn signed_in(state: &AppState, mut session: Session) -> (HeaderMap, Envelope<SessionOut>) {
    let mut headers = HeaderMap::new();
    let secure = state
        .configuration
        .get()
        .general
        .public_url
        .starts_with("https://");
    if let Some(value) = session
        .device_cookie
        .take()
        .and_then(|c| HeaderValue::from_str(&c.header(secure)).ok())
    {
        headers.insert(SET_COOKIE, value);
    }
    (headers, Envelope::new(session.into()))
}

fn client(ip: ClientIp, headers: &HeaderMap) -> Client {
    let user_agent = headers
        .get(USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|ua| ua.chars().take(512).collect());
    let devices = device::presented(
        headers
            .get_all(COOKIE)
            .iter()
            .filter_map(|v| v.to_str().ok()),
    );
    Client {
        ip: ip.0,
        user_agent,
        devices,
    }
}

/// Sign up
///
/// Creates an account and signs it in. The first account of a fresh install
/// is an admin. A verification email is sent. Sets the browser's device
/// cookie for the account (see /auth/login).
#[utoipa::path(post, path = "/auth/register", tag = "auth", request_body = RegisterIn,
    responses(
        (status = 201, description = "Signed up and in", body = Envelope<SessionOut>,
            headers(("Set-Cookie" = String, description = "The device cookie (`agentforge_device_…`, HttpOnly, SameSite=Strict, Path=/api/auth)"))),
        (status = 403, description = "Sign-up is closed and this address has no team invitation (`signup_closed`)", body = ErrorBody),
        (status = 409, description = "The email has an account", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    ))]
async fn register(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Json(body): Json<RegisterIn>,
) -> Result<(StatusCode, HeaderMap, Envelope<SessionOut>), ApiError> {
    let registration = Registration {
        email: body.email,
        password: body.password,
        first_name: body.first_name,
        last_name: body.last_name,
        language: body.language,
    };
    let session = accounts(&state)
        .register(registration, client(ip, &headers))
        .await?;
    let (headers, body) = signed_in(&state, session);
    Ok((StatusCode::CREATED, headers, body))
}

/// Sign in
///
/// Unknown email and wrong password give the same answer. Sets a device
/// cookie: while an address's sign-in limit is tripped (429), a browser
/// that signed in to it before still signs in, on a limit of its own.
#[utoipa::path(post, path = "/auth/login", tag = "auth", request_body = LoginIn,
    responses(
        (status = 200, description = "Signed in", body = Envelope<SessionOut>,
            headers(("Set-Cookie" = String, description = "The device cookie (`agentforge_device_…`, HttpOnly, SameSite=Strict, Path=/api/auth)"))),
        (status = 401, description = "Invalid email or password", body = ErrorBody),
        (status = 403, description = "The account is disabled", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    ))]
async fn login(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Json(body): Json<LoginIn>,
) -> Result<(HeaderMap, Envelope<SessionOut>), ApiError> {
    let session = accounts(&state)
        .login(&body.email, &body.password, client(ip, &headers))
        .await?;
    Ok(signed_in(&state, session))
}

/// Sign out
///
/// Ends the session of the given refresh token and of the access token in
/// `Authorization: Bearer …` (optional, expired or not): their access
/// tokens stop working and their realtime sockets close. Succeeds whatever
/// the tokens.
#[utoipa::path(post, path = "/auth/logout", tag = "auth", request_body(content = Option<LogoutIn>, content_type = "application/json", description = "Optional: an empty body, or `null`, signs out the bearer's session only"),
    responses((status = 200, description = "Signed out", body = Envelope<NoticeOut>)))]
async fn logout(
    State(state): State<AppState>,
    headers: HeaderMap,
    body: Bytes,
) -> Result<Envelope<NoticeOut>, ApiError> {
    // The body is optional: a client that kept no refresh token still signs out.
    let body: LogoutIn = if body.iter().all(u8::is_ascii_whitespace) {
        LogoutIn::default()
    } else {
        crate::http::json::parse::<Option<LogoutIn>>(&body)?.unwrap_or_default()
    };
    let access = crate::auth::bearer(&headers)
        .and_then(|t| state.access_tokens.verify_ignoring_expiry(t).ok());
    accounts(&state)
        .logout(access.as_ref(), body.refresh_token.as_deref())
        .await?;
    state.realtime.sessions_revoked().await;
    Ok(Envelope::new(NoticeOut::new("Logged out")))
}

/// Refresh the session
///
/// Exchanges a refresh token for a new access token and a new refresh
/// token; the old one stops working. Presenting an already used refresh
/// token signs out every session that descends from the same sign-in.
#[utoipa::path(post, path = "/auth/refresh-token", tag = "auth", request_body = RefreshIn,
    responses(
        (status = 200, description = "A new session", body = Envelope<SessionOut>),
        (status = 401, description = "Invalid, expired or reused refresh token", body = ErrorBody),
    ))]
async fn refresh_token(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Json(body): Json<RefreshIn>,
) -> Result<Envelope<SessionOut>, ApiError> {
    Ok(Envelope::new(
        accounts(&state)
            .refresh(&body.refresh_token, client(ip, &headers))
            .await?
            .into(),
    ))
}

/// Refresh the session (alias)
///
/// The same as /auth/refresh-token.
#[utoipa::path(post, path = "/auth/refresh", tag = "auth", request_body = RefreshIn,
    responses(
        (status = 200, description = "A new session", body = Envelope<SessionOut>),
        (status = 401, description = "Invalid, expired or reused refresh token", body = ErrorBody),
    ))]
async fn refresh(
    state: State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    body: Json<RefreshIn>,
) -> Result<Envelope<SessionOut>, ApiError> {
    refresh_token(state, ip, headers, body).await
}

/// The current user
#[utoipa::path(get, path = "/auth/me", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user", body = Envelope<UserOut>),
        (status = 401, description = "Not signed in, or the token expired", body = ErrorBody),
    ))]
async fn me(CurrentUser(user, _actor): CurrentUser) -> Envelope<UserOut> {
    Envelope::new(user.into())
}

/// The current user's profile
///
/// The same as /auth/me.
#[utoipa::path(get, path = "/auth/profile", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "The signed-in user", body = Envelope<UserOut>),
        (status = 401, description = "Not signed in, or the token expired", body = ErrorBody),
    ))]
async fn profile(user: CurrentUser) -> Envelope<UserOut> {
    me(user).await
}

/// Verify the email address
///
/// With the token from the verification email.
#[utoipa::path(post, path = "/auth/verify-email", tag = "auth", request_body = TokenIn,
    responses(
        (status = 200, description = "Verified", body = Envelope<UserOut>),
        (status = 400, description = "Invalid, used or expired link", body = ErrorBody),
    ))]
async fn verify_email(
    State(state): State<AppState>,
    Json(body): Json<TokenIn>,
) -> Result<Envelope<UserOut>, ApiError> {
    Ok(Envelope::new(
        accounts(&state).verify_email(&body.token).await?.into(),
    ))
}

/// Send the verification email again
#[utoipa::path(post, path = "/auth/resend-verification", tag = "auth", security(("bearer" = [])),
    responses(
        (status = 200, description = "Sent", body = Envelope<NoticeOut>),
        (status = 409, description = "Already verified", body = ErrorBody),
    ))]
async fn resend_verification(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    ip: ClientIp,
    headers: HeaderMap,
) -> Result<Envelope<NoticeOut>, ApiError> {
    accounts(&state)
        .resend_verification(&user, &actor, &client(ip, &headers))
        .await?;
    Ok(Envelope::new(NoticeOut::new(format!(
        "We have sent a new confirmation link to {}.",
        user.email
    ))))
}

/// Ask for a password reset link
///
/// Answers the same whether or not the address has an account.
#[utoipa::path(post, path = "/auth/forgot-password", tag = "auth", request_body = EmailIn,
    responses(
        (status = 200, description = "A link was sent if the account exists", body = Envelope<NoticeOut>),
        (status = 422, description = "Not an email address", body = ErrorBody),
        (status = 429, description = "Too many attempts", body = ErrorBody),
    ))]
async fn forgot_password(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    Json(body): Json<EmailIn>,
) -> Result<Envelope<NoticeOut>, ApiError> {
    accounts(&state)
        .forgot_password(&body.email, &client(ip, &headers))
        .await?;
    Ok(Envelope::new(NoticeOut::new(service::RESET_SENT)))
}

/// Choose a new password
///
/// With the token from the reset email. Signs out every session.
#[utoipa::path(post, path = "/auth/reset-password", tag = "auth", request_body = ResetPasswordIn,
    responses(
        (status = 200, description = "Password changed", body = Envelope<NoticeOut>),
        (status = 400, description = "Invalid, used or expired link", body = ErrorBody),
        (status = 422, description = "The new password is invalid", body = ErrorBody),
    ))]
async fn reset_password(
    State(state): State<AppState>,
    Json(body): Json<ResetPasswordIn>,
) -> Result<Envelope<NoticeOut>, ApiError> {
    accounts(&state)
        .reset_password(&body.token, &body.new_password)
        .await?;
    state.realtime.sessions_revoked().await;
    Ok(Envelope::new(NoticeOut::new(
        "Your password has been reset. Sign in with the new one.",
    )))
}

/// Update my profile
///
/// Names, email and password. A new email or password needs
/// `currentPassword`. A new password signs out every other session; the
/// answer then carries this one's new session.
#[utoipa::path(put, path = "/settings/profile", tag = "settings", request_body = ProfilePatch, security(("bearer" = [])),
    responses(
        (status = 200, description = "Updated", body = Envelope<ProfileOut>),
        (status = 422, description = "A field is invalid, or the current password is wrong", body = ErrorBody),
    ))]
async fn update_profile(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    ip: ClientIp,
    headers: HeaderMap,
    Json(body): Json<ProfilePatch>,
) -> Result<Envelope<ProfileOut>, ApiError> {
    let update = ProfileUpdate {
        first_name: body.first_name,
        last_name: body.last_name,
        email: body.email,
        current_password: body.current_password,
        new_password: body.new_password,
        language: body.language,
    };
    let (user, session) = accounts(&state)
        .update_profile(user, &actor, update, client(ip, &headers))
        .await?;
    if session.is_some() {
        // The other sessions were signed out: their sockets close now.
        state.realtime.sessions_revoked().await;
    }
    let session = session.map(SessionOut::from);
    Ok(Envelope::new(ProfileOut {
        user: user.into(),
        session,
    }))
}

/// Delete my account
///
/// Deletes the account and everything it owns, after checking the password.
#[utoipa::path(delete, path = "/settings/account", tag = "settings", request_body = PasswordIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<NoticeOut>),
        (status = 422, description = "Wrong password", body = ErrorBody),
    ))]
async fn delete_account(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<PasswordIn>,
) -> Result<Envelope<NoticeOut>, ApiError> {
    accounts(&state)
        .delete_account(user, &actor, &body.password)
        .await?;
    state.realtime.sessions_revoked().await;
    Ok(Envelope::new(NoticeOut::new(
        "Your account has been deleted",
    )))
}

/// What `create_admin` did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AdminOutcome {
    Created,
    /// The address already had an account: it is now an admin with the new password.
    Promoted,
}

#[derive(Debug, thiserror::Error)]
pub enum CreateAdminError {
    #[error("--email: {0}")]
    Email(ParseError),
    #[error("--password: {0}")]
    Password(ParseError),
    #[error(transparent)]
    Other(#[from] anyhow::Error),
}

/// Creates an admin account, or makes the existing account with that email
/// an admin (with the given password, re-enabled). For operators who have
/// lost access to every admin account. The server itself is the actor of
/// its audit entry (`user.register`, or `user.update`).
pub async fn create_admin(
    store: &Store,
    email: &str,
    password: &str,
) -> Result<(User, AdminOutcome), CreateAdminError> {
    let email = Email::parse(email).map_err(CreateAdminError::Email)?;
    let password = Password::parse(password).map_err(CreateAdminError::Password)?;
    let hash = password::hash(&password).map_err(anyhow::Error::from)?;
    let tx = store.begin().await.map_err(anyhow::Error::from)?;
    if let Some(existing) = tx
        .users()
        .find_by_email(&email)
        .await
        .map_err(anyhow::Error::from)?
    {
        let user = tx
            .users()
            .promote_to_admin(&existing.id, hash)
            .await
            .map_err(anyhow::Error::from)?;
        tx.refresh_tokens()
            .revoke_all_for_user(&user.id)
            .await
            .map_err(anyhow::Error::from)?;
        let disabled = |u: &User| serde_json::json!({ "disabled": u.disabled_at.is_some() });
        let entry = service::change(AuditAction::UserUpdate, &user)
            .diff(&service::profile(&existing), &service::profile(&user))
            .diff(&disabled(&existing), &disabled(&user));
        let entry = service::with_password_change(entry, &existing, &user);
        audit::record(&tx, &Actor::System, entry)
            .await
            .map_err(anyhow::Error::from)?;
        tx.commit().await.map_err(anyhow::Error::from)?;
        return Ok((user, AdminOutcome::Promoted));
    }
    let new = NewUser {
        email,
        password_hash: hash,
        first_name: String::new(),
        last_name: String::new(),
        role: Role::Admin,
        language: Language::default(),
        email_verified: true,
    };
    let user = tx.users().create(new).await.map_err(anyhow::Error::from)?;
    let entry = service::change(AuditAction::UserRegister, &user).created(&service::profile(&user));
    audit::record(&tx, &Actor::System, entry)
        .await
        .map_err(anyhow::Error::from)?;
    tx.commit().await.map_err(anyhow::Error::from)?;
    Ok((user, AdminOutcome::Created))
}

/// Marks an account's address verified, for operators of a server with no
/// mail server (or whose user never got the link): `agentforge
/// verify-email`, by the server itself as the audit entry says. Answers
/// the account, or why not.
pub async fn mark_email_verified(store: &Store, email: &str) -> anyhow::Result<User> {
    let email = Email::parse(email).map_err(|e| anyhow::anyhow!("--email: {e}"))?;
    let tx = store.begin().await?;
    let Some(user) = tx.users().find_by_email(&email).await? else {
        anyhow::bail!("no account has the address {email}");
    };
    let before = user;
    let user = tx.users().mark_email_verified(&before.id).await?;
    let entry = service::change(AuditAction::UserEmailVerify, &user)
        .diff(&service::profile(&before), &service::profile(&user));
    audit::record(&tx, &Actor::System, entry).await?;
    // The links still out there would only prove it again: they go.
    tx.one_time_tokens()
        .void_unused(&user.id, agentforge_store::TokenPurpose::EmailVerification)
        .await?;
    tx.commit().await?;
    Ok(user)
}
