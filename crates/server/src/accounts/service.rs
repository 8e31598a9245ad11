//! What accounts can do: sign up, sign in, refresh, sign out, verify the
//! email, reset the password, change the profile, delete the account.

use std::net::IpAddr;

use agentforge_domain::{Email, Password, PersonName, Role};
use agentforge_store::{
    NewRefreshToken, NewUser, ProfileChanges, Rotation, StoreError, TokenPurpose, User,
};
use chrono::Utc;

use super::password;
use super::tokens::{
    self, ACCESS_TOKEN_TTL, REFRESH_TOKEN_TTL, RESET_TOKEN_TTL, VERIFICATION_TOKEN_TTL,
};
use super::types::{ProfilePatch, RegisterIn, SessionOut, UserOut};
use crate::http::{ApiError, FieldErrors};
use crate::mail::Outgoing;
use crate::state::AppState;

/// Where a request comes from, recorded with the sessions it opens.
#[derive(Debug, Clone)]
pub struct Client {
    pub ip: IpAddr,
    pub user_agent: Option<String>,
}

fn invalid_credentials() -> ApiError {
    ApiError::unauthorized("invalid_credentials", "Invalid email or password")
}

fn invalid_link() -> ApiError {
    ApiError::bad_request("invalid_token", "This link is invalid or has expired")
}

fn disabled() -> ApiError {
    ApiError::forbidden("account_disabled", "This account is disabled")
}

/// The generic answer to forgot-password, the same whether or not the address has an account.
pub const RESET_SENT: &str =
    "If an account exists for this address, we have sent a link to reset its password.";

pub async fn register(
    state: &AppState,
    input: RegisterIn,
    client: Client,
) -> Result<SessionOut, ApiError> {
    state.rate_limiter.check(
        &format!("auth-ip:{}", client.ip),
        state.config.rate_limit_auth_per_ip,
    )?;
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(&input.email));
    let password = errors.check("password", Password::parse(&input.password));
    let first_name = errors.check("firstName", PersonName::parse(&input.first_name));
    let last_name = errors.check("lastName", PersonName::parse_optional(&input.last_name));
    errors.finish()?;
    let (Some(email), Some(password), Some(first_name), Some(last_name)) =
        (email, password, first_name, last_name)
    else {
        return Err(ApiError::internal(std::io::Error::other(
            "validated fields missing",
        )));
    };

    let password_hash = password::hash_blocking(password).await?;
    let users = state.store.users();
    // The first account of a fresh install administers it.
    let role = if users.count().await? == 0 {
        Role::Admin
    } else {
        Role::User
    };
    let new = NewUser {
        email,
        password_hash,
        first_name: first_name.into_string(),
        last_name: last_name.into_string(),
        role,
        email_verified: false,
    };
    let user = users.create(new).await.map_err(|e| match e {
        StoreError::Conflict(_) => {
            ApiError::conflict("email_taken", "An account with this email already exists")
                .with_errors(vec![crate::http::FieldError {
                    field: "email".into(),
                    message: "An account with this email already exists".into(),
                }])
        }
        other => other.into(),
    })?;
    send_verification(state, &user).await?;
    open_session(state, user, &client).await
}

pub async fn login(
    state: &AppState,
    email: &str,
    password: &str,
    client: Client,
) -> Result<SessionOut, ApiError> {
    state.rate_limiter.check(
        &format!("auth-ip:{}", client.ip),
        state.config.rate_limit_auth_per_ip,
    )?;
    let mut errors = FieldErrors::default();
    let parsed_email = errors.check("email", Email::parse(email));
    if password.is_empty() {
        errors.add("password", "Required");
    }
    errors.finish()?;
    let Some(email) = parsed_email else {
        return Err(invalid_credentials());
    };
    state.rate_limiter.check(
        &format!("login-email:{email}"),
        state.config.rate_limit_auth_per_email,
    )?;

    let user = state.store.users().find_by_email(&email).await?;
    // Verify against a dummy hash for unknown addresses too, so the answer
    // takes as long and says the same: no probing for accounts.
    let stored = user.as_ref().map(|u| u.password_hash.clone());
    let matches = password::verify_blocking(password.to_owned(), stored).await?;
    let Some(user) = user.filter(|_| matches) else {
        return Err(invalid_credentials());
    };
    if user.disabled_at.is_some() {
        return Err(disabled());
    }
    state.store.users().touch_last_login(&user.id).await?;
    open_session(state, user, &client).await
}

pub async fn refresh(
    state: &AppState,
    refresh_token: &str,
    client: Client,
) -> Result<SessionOut, ApiError> {
    if refresh_token.trim().is_empty() {
        return Err(ApiError::invalid_field("refreshToken", "Required"));
    }
    let (new_token, new_hash) = tokens::opaque_token();
    let rotation = state
        .store
        .refresh_tokens()
        .rotate(
            &tokens::hash_token(refresh_token.trim()),
            new_hash,
            Utc::now() + REFRESH_TOKEN_TTL,
            client.user_agent,
            Some(client.ip.to_string()),
        )
        .await?;
    let user_id = match rotation {
        Rotation::Rotated { user_id } => user_id,
        Rotation::Reused => {
            tracing::warn!(
                "a rotated refresh token was presented again: its session family is revoked"
            );
            return Err(ApiError::unauthorized(
                "token_reused",
                "This session was signed out for safety; sign in again",
            ));
        }
        Rotation::Invalid => {
            return Err(ApiError::unauthorized(
                "token_invalid",
                "Invalid or expired refresh token",
            ));
        }
    };
    let user = state
        .store
        .users()
        .find_by_id(&user_id)
        .await?
        .ok_or_else(|| {
            ApiError::unauthorized("token_invalid", "Invalid or expired refresh token")
        })?;
    if user.disabled_at.is_some() {
        return Err(disabled());
    }
    Ok(session_out(state, user, new_token))
}

/// Revokes the refresh token, if one is given and known. Always succeeds.
pub async fn logout(state: &AppState, refresh_token: Option<&str>) -> Result<(), ApiError> {
    if let Some(token) = refresh_token.map(str::trim).filter(|t| !t.is_empty()) {
        state
            .store
            .refresh_tokens()
            .revoke(&tokens::hash_token(token))
            .await?;
    }
    Ok(())
}

pub async fn verify_email(state: &AppState, token: &str) -> Result<User, ApiError> {
    let user_id = state
        .store
        .one_time_tokens()
        .consume(
            &tokens::hash_token(token.trim()),
            TokenPurpose::EmailVerification,
        )
        .await?
        .ok_or_else(invalid_link)?;
    Ok(state.store.users().mark_email_verified(&user_id).await?)
}

pub async fn resend_verification(
    state: &AppState,
    user: &User,
    client: &Client,
) -> Result<(), ApiError> {
    state.rate_limiter.check(
        &format!("verify-email:{}", user.id),
        state.config.rate_limit_auth_per_email,
    )?;
    state.rate_limiter.check(
        &format!("auth-ip:{}", client.ip),
        state.config.rate_limit_auth_per_ip,
    )?;
    if user.email_verified_at.is_some() {
        return Err(ApiError::conflict(
            "already_verified",
            "This email address is already verified",
        ));
    }
    send_verification(state, user).await
}

pub async fn forgot_password(
    state: &AppState,
    email: &str,
    client: &Client,
) -> Result<(), ApiError> {
    state.rate_limiter.check(
        &format!("auth-ip:{}", client.ip),
        state.config.rate_limit_auth_per_ip,
    )?;
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(email));
    errors.finish()?;
    let Some(email) = email else { return Ok(()) };
    state.rate_limiter.check(
        &format!("forgot-email:{email}"),
        state.config.rate_limit_auth_per_email,
    )?;
    let Some(user) = state.store.users().find_by_email(&email).await? else {
        return Ok(());
    };
    if user.disabled_at.is_some() {
        return Ok(());
    }
    let token =
        issue_one_time_token(state, &user, TokenPurpose::PasswordReset, RESET_TOKEN_TTL).await?;
    let link = format!("{}/reset-password?token={token}", state.config.public_url);
    let body = format!(
        "Hello {name},\n\nSomeone (hopefully you) asked to reset the password of your AgentForge account.\n\
         Open this link within the next hour to choose a new password:\n\n{link}\n\n\
         If it was not you, ignore this email: your password stays as it is.\n",
        name = greeting_name(&user)
    );
    send(state, &user, "Reset your AgentForge password", body).await
}

pub async fn reset_password(
    state: &AppState,
    token: &str,
    new_password: &str,
) -> Result<(), ApiError> {
    let mut errors = FieldErrors::default();
    let password = errors.check("newPassword", Password::parse(new_password));
    if token.trim().is_empty() {
        errors.add("token", "Required");
    }
    errors.finish()?;
    let Some(password) = password else {
        return Ok(());
    };
    let user_id = state
        .store
        .one_time_tokens()
        .consume(
            &tokens::hash_token(token.trim()),
            TokenPurpose::PasswordReset,
        )
        .await?
        .ok_or_else(invalid_link)?;
    let hash = password::hash_blocking(password).await?;
    let users = state.store.users();
    users
        .update_profile(
            &user_id,
            ProfileChanges {
                password_hash: Some(hash),
                ..ProfileChanges::default()
            },
        )
        .await?;
    // The link reached this inbox, which proves the address.
    let user = users.mark_email_verified(&user_id).await?;
    state
        .store
        .refresh_tokens()
        .revoke_all_for_user(&user_id)
        .await?;
    let body = format!(
        "Hello {name},\n\nThe password of your AgentForge account was just reset, and every session was signed out.\n\
         If this was not you, reset it again at once from {url}/forgot-password and contact your administrator.\n",
        name = greeting_name(&user),
        url = state.config.public_url
    );
    send(state, &user, "Your AgentForge password was reset", body).await
}

/// Applies a profile patch. Returns the new session when the password changed
/// (every other session is then signed out).
pub async fn update_profile(
    state: &AppState,
    user: User,
    patch: ProfilePatch,
    client: Client,
) -> Result<(User, Option<SessionOut>), ApiError> {
    let mut errors = FieldErrors::default();
    let first_name = patch
        .first_name
        .as_deref()
        .and_then(|n| errors.check("firstName", PersonName::parse(n)));
    let last_name = patch
        .last_name
        .as_deref()
        .and_then(|n| errors.check("lastName", PersonName::parse_optional(n)));
    let email = patch
        .email
        .as_deref()
        .and_then(|e| errors.check("email", Email::parse(e)))
        .filter(|e| e.as_str() != user.email);
    let new_password = patch
        .new_password
        .as_deref()
        .filter(|p| !p.is_empty())
        .and_then(|p| errors.check("newPassword", Password::parse(p)));
    let needs_current =
        email.is_some() || patch.new_password.as_deref().is_some_and(|p| !p.is_empty());
    let current = patch.current_password.unwrap_or_default();
    if needs_current && current.is_empty() {
        errors.add("currentPassword", "Required");
    }
    errors.finish()?;
    if needs_current
        && !password::verify_blocking(current, Some(user.password_hash.clone())).await?
    {
        return Err(ApiError::invalid_field(
            "currentPassword",
            "Current password is incorrect",
        ));
    }

    let password_hash = match new_password {
        Some(p) => Some(password::hash_blocking(p).await?),
        None => None,
    };
    let password_changed = password_hash.is_some();
    let old_email = user.email.clone();
    let changes = ProfileChanges {
        first_name: first_name.map(PersonName::into_string),
        last_name: last_name.map(PersonName::into_string),
        email: email.clone(),
        password_hash,
    };
    let updated = state
        .store
        .users()
        .update_profile(&user.id, changes)
        .await
        .map_err(|e| match e {
            StoreError::Conflict(_) => {
                ApiError::invalid_field("email", "An account with this email already exists")
            }
            other => other.into(),
        })?;

    if email.is_some() {
        send_verification(state, &updated).await?;
        let notice = format!(
            "Hello {name},\n\nThe email address of your AgentForge account was changed from {old_email} to {new}.\n\
             If this was not you, contact your administrator at once.\n",
            name = greeting_name(&updated),
            new = updated.email
        );
        state
            .mailer
            .send(Outgoing {
                user_id: Some(updated.id.clone()),
                to: old_email,
                subject: "Your AgentForge email address was changed".into(),
                body_text: notice,
            })
            .await?;
    }
    let session = if password_changed {
        state
            .store
            .refresh_tokens()
            .revoke_all_for_user(&updated.id)
            .await?;
        let body = format!(
            "Hello {name},\n\nThe password of your AgentForge account was just changed, and your other sessions were signed out.\n\
             If this was not you, reset it at once from {url}/forgot-password.\n",
            name = greeting_name(&updated),
            url = state.config.public_url
        );
        send(
            state,
            &updated,
            "Your AgentForge password was changed",
            body,
        )
        .await?;
        Some(open_session(state, updated.clone(), &client).await?)
    } else {
        None
    };
    Ok((updated, session))
}

/// Deletes the account and everything it owns, after checking the password.
pub async fn delete_account(state: &AppState, user: User, password: &str) -> Result<(), ApiError> {
    if password.is_empty() {
        return Err(ApiError::invalid_field("password", "Required"));
    }
    if !password::verify_blocking(password.to_owned(), Some(user.password_hash.clone())).await? {
        return Err(ApiError::invalid_field("password", "Password is incorrect"));
    }
    state.store.users().delete(&user.id).await?;
    tracing::info!(user_id = %user.id, "account deleted");
    Ok(())
}

async fn open_session(
    state: &AppState,
    user: User,
    client: &Client,
) -> Result<SessionOut, ApiError> {
    let (refresh_token, hash) = tokens::opaque_token();
    state
        .store
        .refresh_tokens()
        .create(NewRefreshToken {
            user_id: user.id.clone(),
            family_id: uuid::Uuid::now_v7().to_string(),
            token_hash: hash,
            expires_at: Utc::now() + REFRESH_TOKEN_TTL,
            user_agent: client.user_agent.clone(),
            ip: Some(client.ip.to_string()),
        })
        .await?;
    Ok(session_out(state, user, refresh_token))
}

fn session_out(state: &AppState, user: User, refresh_token: String) -> SessionOut {
    SessionOut {
        token: state.access_tokens.issue(&user.id),
        refresh_token,
        expires_in: ACCESS_TOKEN_TTL.num_seconds(),
        user: UserOut::from(user),
    }
}

/// A new single-use token of `purpose` for the user, voiding their unused
/// ones of the same purpose; only its hash is stored.
async fn issue_one_time_token(
    state: &AppState,
    user: &User,
    purpose: TokenPurpose,
    ttl: chrono::Duration,
) -> Result<String, ApiError> {
    let one_time = state.store.one_time_tokens();
    one_time.void_unused(&user.id, purpose).await?;
    let (token, hash) = tokens::opaque_token();
    one_time
        .create(&user.id, purpose, hash, Utc::now() + ttl)
        .await?;
    Ok(token)
}

async fn send_verification(state: &AppState, user: &User) -> Result<(), ApiError> {
    let token = issue_one_time_token(
        state,
        user,
        TokenPurpose::EmailVerification,
        VERIFICATION_TOKEN_TTL,
    )
    .await?;
    let link = format!("{}/verify-email?token={token}", state.config.public_url);
    let body = format!(
        "Hello {name},\n\nWelcome to AgentForge. Confirm your email address by opening this link (valid for 24 hours):\n\n{link}\n\n\
         If you did not create an account, ignore this email.\n",
        name = greeting_name(user)
    );
    send(state, user, "Confirm your email address", body).await
}

async fn send(
    state: &AppState,
    user: &User,
    subject: &str,
    body_text: String,
) -> Result<(), ApiError> {
    state
        .mailer
        .send(Outgoing {
            user_id: Some(user.id.clone()),
            to: user.email.clone(),
            subject: subject.to_owned(),
            body_text,
        })
        .await?;
    Ok(())
}

/// How emails greet the user: their first name, or "there".
pub(crate) fn greeting_name(user: &User) -> &str {
    if user.first_name.is_empty() {
        "there"
    } else {
        &user.first_name
    }
}
