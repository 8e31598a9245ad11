//! `/personalities`: built-in personalities (read-only) and each user's own.

pub mod service;
pub(crate) mod types;

use axum::extract::{Path, State};
use axum::http::StatusCode;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json};
use crate::state::AppState;
use types::{PersonalityIn, PersonalityOut};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_personalities, create_personality))
        .routes(routes!(
            get_personality,
            update_personality,
            delete_personality
        ))
}

/// Personalities: the built-in ones, then mine
#[utoipa::path(get, path = "/personalities", tag = "personalities", security(("bearer" = [])),
    responses((status = 200, description = "Personalities", body = Envelope<Vec<PersonalityOut>>)))]
async fn list_personalities(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<Vec<PersonalityOut>>, ApiError> {
    let all = service::list(&state.store, &actor).await?;
    Ok(Envelope::new(
        all.into_iter().map(PersonalityOut::from).collect(),
    ))
}

/// Create a personality
#[utoipa::path(post, path = "/personalities", tag = "personalities", request_body = PersonalityIn, security(("bearer" = [])),
    responses((status = 201, description = "Created", body = Envelope<PersonalityOut>), (status = 422, description = "A field is invalid", body = ErrorBody)))]
async fn create_personality(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<PersonalityIn>,
) -> Result<(StatusCode, Envelope<PersonalityOut>), ApiError> {
    let created = service::create(&state.store, &actor, body.personality()?).await?;
    Ok((StatusCode::CREATED, Envelope::new(created.into())))
}

/// A personality
#[utoipa::path(get, path = "/personalities/{id}", tag = "personalities", security(("bearer" = [])),
    responses((status = 200, description = "The personality", body = Envelope<PersonalityOut>), (status = 404, description = "Not found", body = ErrorBody)))]
async fn get_personality(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<PersonalityOut>, ApiError> {
    Ok(Envelope::new(
        service::get(&state.store, &actor, &id).await?.into(),
    ))
}

/// Change a personality
///
/// Only your own; built-in personalities are read-only (403).
#[utoipa::path(put, path = "/personalities/{id}", tag = "personalities", request_body = PersonalityIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Changed", body = Envelope<PersonalityOut>),
        (status = 403, description = "Built-in", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
    ))]
async fn update_personality(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<PersonalityIn>,
) -> Result<Envelope<PersonalityOut>, ApiError> {
    let changes = body.personality()?;
    Ok(Envelope::new(
        service::update(&state.store, &actor, &id, changes)
            .await?
            .into(),
    ))
}

/// Delete a personality
///
/// Agents that used it keep working without one.
#[utoipa::path(delete, path = "/personalities/{id}", tag = "personalities", security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<DeletedOut>),
        (status = 403, description = "Built-in", body = ErrorBody),
        (status = 404, description = "Not found", body = ErrorBody),
    ))]
async fn delete_personality(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(id)))
}
