//! `/personalities`: built-in personalities (read-only) and each user's own.

use agentforge_store::{NewPersonality, Personality, User};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::accounts::CurrentUser;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, FieldErrors, Json};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list, create))
        .routes(routes!(get, update, delete))
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PersonalityIn {
    #[serde(default)]
    pub name: String,
    #[serde(default)]
    pub description: String,
    /// e.g. warm, formal, playful.
    #[serde(default)]
    pub tone: String,
    #[serde(default)]
    pub traits: Vec<String>,
    /// How the agent should behave; added to its instructions.
    #[serde(default)]
    pub instructions: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonalityOut {
    pub id: String,
    pub name: String,
    pub description: String,
    pub tone: String,
    pub traits: Vec<String>,
    pub instructions: String,
    /// Built-in personalities can be used by everyone and changed by no one.
    pub built_in: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Personality> for PersonalityOut {
    fn from(p: Personality) -> Self {
        Self {
            built_in: p.owner_id.is_none(),
            id: p.id,
            name: p.name,
            description: p.description,
            tone: p.tone,
            traits: p.traits,
            instructions: p.instructions,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

fn parse(input: PersonalityIn) -> Result<NewPersonality, ApiError> {
    let mut errors = FieldErrors::default();
    let name = input.name.trim().to_owned();
    if name.is_empty() {
        errors.add("name", "Required");
    } else if name.chars().count() > 100 {
        errors.add("name", "String must contain at most 100 character(s)");
    }
    if input.description.chars().count() > 1000 {
        errors.add(
            "description",
            "String must contain at most 1000 character(s)",
        );
    }
    if input.tone.chars().count() > 100 {
        errors.add("tone", "String must contain at most 100 character(s)");
    }
    if input.traits.len() > 20
        || input
            .traits
            .iter()
            .any(|t| t.trim().is_empty() || t.chars().count() > 50)
    {
        errors.add("traits", "At most 20 traits of 1 to 50 characters");
    }
    if input.instructions.chars().count() > 5000 {
        errors.add(
            "instructions",
            "String must contain at most 5000 character(s)",
        );
    }
    errors.finish()?;
    Ok(NewPersonality {
        name,
        description: input.description.trim().to_owned(),
        tone: input.tone.trim().to_owned(),
        traits: input
            .traits
            .into_iter()
            .map(|t| t.trim().to_owned())
            .collect(),
        instructions: input.instructions,
    })
}

/// A personality the user may see: built-in or their own (others' are 404).
async fn visible(state: &AppState, user: &User, id: &str) -> Result<Personality, ApiError> {
    match state.store.personalities().get(id).await? {
        Some(p) if p.owner_id.is_none() || p.owner_id.as_deref() == Some(user.id.as_str()) => Ok(p),
        _ => Err(ApiError::not_found(
            "personality_not_found",
            "Personality not found",
        )),
    }
}

/// A personality the user may change: their own.
async fn owned(state: &AppState, user: &User, id: &str) -> Result<Personality, ApiError> {
    let p = visible(state, user, id).await?;
    if p.owner_id.is_none() {
        return Err(ApiError::forbidden(
            "built_in_read_only",
            "Built-in personalities cannot be changed; duplicate one instead",
        ));
    }
    Ok(p)
}

/// Personalities: the built-in ones, then mine
#[utoipa::path(get, path = "/personalities", tag = "personalities", security(("bearer" = [])),
    responses((status = 200, description = "Personalities", body = Envelope<Vec<PersonalityOut>>)))]
async fn list(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
) -> Result<Envelope<Vec<PersonalityOut>>, ApiError> {
    let all = state.store.personalities().list_for(&user.id).await?;
    Ok(Envelope::new(
        all.into_iter().map(PersonalityOut::from).collect(),
    ))
}

/// Create a personality
#[utoipa::path(post, path = "/personalities", tag = "personalities", request_body = PersonalityIn, security(("bearer" = [])),
    responses((status = 201, description = "Created", body = Envelope<PersonalityOut>), (status = 422, description = "A field is invalid", body = ErrorBody)))]
async fn create(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Json(body): Json<PersonalityIn>,
) -> Result<(StatusCode, Envelope<PersonalityOut>), ApiError> {
    let created = state
        .store
        .personalities()
        .create(&user.id, parse(body)?)
        .await?;
    Ok((StatusCode::CREATED, Envelope::new(created.into())))
}

/// A personality
#[utoipa::path(get, path = "/personalities/{id}", tag = "personalities", security(("bearer" = [])),
    responses((status = 200, description = "The personality", body = Envelope<PersonalityOut>), (status = 404, description = "Not found", body = ErrorBody)))]
async fn get(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<PersonalityOut>, ApiError> {
    Ok(Envelope::new(visible(&state, &user, &id).await?.into()))
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
async fn update(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<PersonalityIn>,
) -> Result<Envelope<PersonalityOut>, ApiError> {
    let p = owned(&state, &user, &id).await?;
    let changes = parse(body)?;
    Ok(Envelope::new(
        state
            .store
            .personalities()
            .update(&p.id, changes)
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
async fn delete(
    State(state): State<AppState>,
    CurrentUser(user): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let p = owned(&state, &user, &id).await?;
    state.store.personalities().delete(&p.id).await?;
    Ok(Envelope::new(DeletedOut::new(p.id)))
}
