//! `/api-keys` (a user's own keys) and `/admin/api-keys` (everyone's, for
//! admins). Keys authenticate `/api`, `/v1` and `/mcp` as their owner
//! (`auth::api_keys`); making and revoking them takes a signed-in session.

pub mod service;
pub(crate) mod types;

use agentforge_domain::error::Problems;
use agentforge_domain::paging::Page;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::{AdminUser, CurrentUser};
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, ListMeta, Paged, Query};
use crate::state::AppState;
use types::{AdminApiKeyOut, AdminApiKeyQuery, ApiKeyIn, ApiKeyOut, NewApiKeyOut};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_keys, create_key))
        .routes(routes!(revoke_key))
        .routes(routes!(admin_list_keys))
        .routes(routes!(admin_revoke_key))
}

/// My API keys
///
/// The keys you hold, newest first; never the keys themselves. Not with an
/// API key (403 `sign_in_required`).
#[utoipa::path(get, path = "/api-keys", tag = "api-keys", security(("bearer" = [])),
    responses(
        (status = 200, description = "Keys, newest first", body = Envelope<Vec<ApiKeyOut>>),
        (status = 403, description = "Called with an API key", body = ErrorBody),
    ))]
async fn list_keys(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<Vec<ApiKeyOut>>, ApiError> {
    let keys = service::list(&state.store, &actor).await?;
    Ok(Envelope::new(
        keys.into_iter().map(ApiKeyOut::from).collect(),
    ))
}

/// Make an API key
///
/// Answers the key (`af_…`) this once: only its hash is kept. It acts as
/// you on `/api`, `/v1` and `/mcp`, on the agents it names (none: all of
/// yours), until revoked or expired. At most `api_keys_per_user` keys (409
/// `too_many_api_keys`).
#[utoipa::path(post, path = "/api-keys", tag = "api-keys", request_body = ApiKeyIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Made: the key, shown once", body = Envelope<NewApiKeyOut>),
        (status = 403, description = "Called with an API key", body = ErrorBody),
        (status = 409, description = "Too many keys", body = ErrorBody),
        (status = 422, description = "A field is invalid, or names an agent you may not use", body = ErrorBody),
    ))]
async fn create_key(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<ApiKeyIn>,
) -> Result<(StatusCode, Envelope<NewApiKeyOut>), ApiError> {
    let made = service::create(
        &state.store,
        &actor,
        body.new_key(),
        state.config.api_keys_per_user,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(NewApiKeyOut {
            api_key: made.key.into(),
            key: made.secret,
        }),
    ))
}

/// Revoke an API key
///
/// It stops working at once.
#[utoipa::path(delete, path = "/api-keys/{id}", tag = "api-keys", security(("bearer" = [])),
    responses(
        (status = 200, description = "Revoked", body = Envelope<DeletedOut>),
        (status = 403, description = "Called with an API key", body = ErrorBody),
        (status = 404, description = "No such key of yours", body = ErrorBody),
    ))]
async fn revoke_key(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let key = service::revoke(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(key.id)))
}

/// Every API key
///
/// Admins: every key not revoked, newest first, with its owner; `search`
/// matches the key's name or prefix or the owner's email.
#[utoipa::path(get, path = "/admin/api-keys", tag = "admin", params(AdminApiKeyQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Keys, newest first", body = Paged<AdminApiKeyOut>),
        (status = 403, description = "Not an admin, or called with an API key", body = ErrorBody),
        (status = 422, description = "A parameter is invalid", body = ErrorBody),
    ))]
async fn admin_list_keys(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<AdminApiKeyQuery>,
) -> Result<Paged<AdminApiKeyOut>, ApiError> {
    let mut problems = Problems::default();
    let page = Page::parse(query.page, query.limit, &mut problems);
    problems.text("search", query.search.as_deref(), 200);
    problems.finish()?;
    let (keys, total) =
        service::list_all(&state.store, &actor, query.search.as_deref(), page).await?;
    Ok(Paged::new(
        keys.into_iter().map(AdminApiKeyOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}

/// Revoke anyone's API key
///
/// Admins: the key stops working at once.
#[utoipa::path(delete, path = "/admin/api-keys/{id}", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "Revoked", body = Envelope<DeletedOut>),
        (status = 403, description = "Not an admin, or called with an API key", body = ErrorBody),
        (status = 404, description = "No such key", body = ErrorBody),
    ))]
async fn admin_revoke_key(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let key = service::revoke(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(key.id)))
}
