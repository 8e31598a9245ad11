//! Who is calling: `CurrentUser` for any signed-in user, `AdminUser` for
//! admins, from the access tokens of [`tokens`]. Every feature uses it; it
//! uses no feature.

pub mod tokens;

use agentforge_domain::error::{Denied, Error, Unauthenticated};
use agentforge_domain::policy::Action;
use agentforge_store::User;
use axum::extract::FromRequestParts;
use axum::http::header::AUTHORIZATION;
use axum::http::request::Parts;

use crate::http::ApiError;
use crate::state::AppState;
use tokens::TokenError;

/// The signed-in user, from `Authorization: Bearer <access token>`, loaded
/// fresh from the database (so a deleted or disabled account stops at once).
#[derive(Debug, Clone)]
pub struct CurrentUser(pub User);

impl FromRequestParts<AppState> for CurrentUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let token = parts
            .headers
            .get(AUTHORIZATION)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| {
                v.strip_prefix("Bearer ")
                    .or_else(|| v.strip_prefix("bearer "))
            })
            .map(str::trim)
            .filter(|t| !t.is_empty())
            .ok_or(Error::Unauthenticated(Unauthenticated::Required))?;
        user_for_token(state, token).await.map(Self)
    }
}

/// The user an access token belongs to, loaded fresh; an expired, invalid or
/// orphaned token is 401, a disabled account 403.
pub async fn user_for_token(state: &AppState, token: &str) -> Result<User, ApiError> {
    let user_id = state.access_tokens.verify(token).map_err(|e| {
        Error::Unauthenticated(match e {
            TokenError::Expired => Unauthenticated::TokenExpired,
            TokenError::Invalid => Unauthenticated::TokenInvalid,
        })
    })?;
    let user = state
        .store
        .users()
        .find_by_id(&user_id)
        .await?
        .ok_or(Error::Unauthenticated(Unauthenticated::TokenInvalid))?;
    if user.disabled_at.is_some() {
        return Err(Error::Denied(Denied::AccountDisabled).into());
    }
    Ok(user)
}

/// A signed-in admin; anyone else gets 403.
#[derive(Debug, Clone)]
pub struct AdminUser(pub User);

impl FromRequestParts<AppState> for AdminUser {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let CurrentUser(user) = CurrentUser::from_request_parts(parts, state).await?;
        crate::access::platform(&crate::access::actor(&user), Action::View)?;
        Ok(Self(user))
    }
}
