//! Who is calling: `CurrentUser` for any signed-in user, `AdminUser` for
//! admins, from the access tokens of [`tokens`] or an API key
//! ([`api_keys`]: `Authorization: Bearer af_…`, acting as its owner on the
//! agents it names). Every feature uses it; it uses no feature. [`device`]:
//! the cookies that let a known browser sign in while its account's sign-in
//! limit is tripped.

pub mod api_keys;
pub mod device;
pub mod tokens;

use agentforge_domain::error::{Denied, Error, Unauthenticated};
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::User;
use axum::extract::FromRequestParts;
use axum::http::HeaderMap;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::http::ApiError;
use crate::state::AppState;
use tokens::{AccessClaims, TokenError};

/// The signed-in user, from `Authorization: Bearer <access token>` (loaded
/// fresh from the database while the token's session is live, so a deleted
/// or disabled account, and a session signed out, stop at once) or
/// `Bearer af_…` (an API key, live, not expired, its owner enabled), and
/// the actor they are: with an API key, the key's scope goes with them.
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User, pub Actor);

/// The access token in `Authorization: Bearer …`, if any.
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| {
            v.strip_prefix("Bearer ")
                .or_else(|| v.strip_prefix("bearer "))
        })
        .map(str::trim)
        .filter(|t| !t.is_empty())
}

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token =
            bearer(&parts.headers).ok_or(Error::Unauthenticated(Unauthenticated::Required))?;
        if api_keys::is_api_key(token) {
            let (user, actor) = api_keys::authenticate(state, token).await?;
            crate::audit::note_caller(&actor, &user.email);
            return Ok(Self(user, actor));
        }
        let (user, _) = user_for_token(state, token).await?;
        let actor = crate::access::actor(&user);
        crate::audit::note_caller(&actor, &user.email);
        Ok(Self(user, actor))
    }
}

/// The user an access token belongs to, loaded fresh in the same query that
/// checks its session is live (one read per request), with what the token
/// says. An expired or invalid token, or one whose account is gone, is 401,
/// one whose session was signed out 401 `session_revoked`, a disabled
/// account 403.
pub async fn user_for_token(
    state: &AppState,
    token: &str,
) -> Result<(User, AccessClaims), ApiError> {
    let claims = state.access_tokens.verify(token).map_err(|e| {
        Error::Unauthenticated(match e {
            TokenError::Expired => Unauthenticated::TokenExpired,
            TokenError::Invalid => Unauthenticated::TokenInvalid,
        })
    })?;
    let users = state.store.users();
    let Some(user) = users
        .find_in_session(&claims.user_id, &claims.session_id)
        .await?
    else {
        // Only a refused token pays for a second read, to say why.
        let why = match users.find_by_id(&claims.user_id).await? {
            Some(_) => Unauthenticated::SessionRevoked,
            None => Unauthenticated::TokenInvalid,
        };
        return Err(Error::Unauthenticated(why).into());
    };
    if user.disabled_at.is_some() {
        return Err(Error::Denied(Denied::AccountDisabled).into());
    }
    Ok((user, claims))
}

/// A signed-in admin; anyone else gets 403.
#[derive(Debug, Clone)]
pub struct AdminUser(pub User, pub Actor);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let CurrentUser(user, actor) = CurrentUser::from_request_parts(parts, state).await?;
        crate::access::platform(&actor, Action::View)?;
        Ok(Self(user, actor))
    }
}
