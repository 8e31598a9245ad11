//! `/agents/*`: building, versioning, deploying, sharing and exporting agents.

pub mod service;
pub(crate) mod types;

use agentforge_domain::voice::VOICES;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::audit::{AuditPageOut, AuditQuery};
use crate::auth::CurrentUser;
use crate::configuration::Feature;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, ListMeta, Paged, Query};
use crate::state::AppState;
use types::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_agents, create_agent))
        .routes(routes!(list_templates))
        .routes(routes!(list_voices))
        .routes(routes!(create_from_template))
        .routes(routes!(ai_generate))
        .routes(routes!(import_agent))
        .routes(routes!(bulk_delete))
        .routes(routes!(bulk_update))
        .routes(routes!(get_agent, update_agent, delete_agent))
        .routes(routes!(duplicate_agent))
        .routes(routes!(touch_last_active))
        .routes(routes!(agent_analytics))
        .routes(routes!(deploy_agent))
        .routes(routes!(list_versions))
        .routes(routes!(restore_version))
        .routes(routes!(export_agent))
        .routes(routes!(share_agent))
        .routes(routes!(agent_activity))
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LastActiveOut {
    pub last_active_at: chrono::DateTime<chrono::Utc>,
}

/// List my agents
///
/// Paged (`page`, `limit`), filtered by `status` and `type` (`all` means no
/// filter), searched by name, sorted by name, creation or last activity.
#[utoipa::path(get, path = "/agents", tag = "agents", params(AgentQuery), security(("bearer" = [])),
    responses((status = 200, description = "A page of agents", body = Paged<AgentOut>), (status = 422, description = "A bad filter", body = ErrorBody)))]
async fn list_agents(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<AgentQuery>,
) -> Result<Paged<AgentOut>, ApiError> {
    let listing = query.listing()?;
    let page = listing.page;
    let (agents, total) = service::list(&state.store, &actor, listing).await?;
    Ok(Paged::new(
        agents.into_iter().map(AgentOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}

/// Create an agent
///
/// `name` is required; everything else has a default (type general, status
/// draft, language en, knowledge base on). Creates version 1.
#[utoipa::path(post, path = "/agents", tag = "agents", request_body = NewAgentIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Created", body = Envelope<AgentOut>),
        (status = 404, description = "Unknown personality", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn create_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<AgentIn>,
) -> Result<(StatusCode, Envelope<AgentOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::create(&state.store, &actor, body.changes()?)
                .await?
                .into(),
        ),
    ))
}

/// Agent templates
///
/// A complete starting configuration for every agent type.
#[utoipa::path(get, path = "/agents/templates", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "The built-in templates", body = Envelope<Vec<TemplateOut>>)))]
async fn list_templates(_user: CurrentUser) -> Envelope<Vec<TemplateOut>> {
    Envelope::new(
        service::templates()
            .iter()
            .map(|t| TemplateOut {
                id: t.id.to_owned(),
                name: t.name.to_owned(),
                description: t.description.to_owned(),
                agent_type: t.agent_type,
                config: (&t.config(None)).into(),
            })
            .collect(),
    )
}

/// Voice catalogue
///
/// The named voices an agent's `voice_model_id` can refer to, with their
/// category's speech settings.
#[utoipa::path(get, path = "/agents/voices", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "The voice catalogue", body = Envelope<Vec<VoiceOut>>)))]
async fn list_voices(_user: CurrentUser) -> Envelope<Vec<VoiceOut>> {
    Envelope::new(VOICES.iter().map(VoiceOut::from).collect())
}

/// Create an agent from a template
#[utoipa::path(post, path = "/agents/from-template", tag = "agents", request_body = FromTemplateIn, security(("bearer" = [])),
    responses((status = 201, description = "Created", body = Envelope<AgentOut>), (status = 404, description = "Unknown template", body = ErrorBody)))]
async fn create_from_template(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<FromTemplateIn>,
) -> Result<(StatusCode, Envelope<AgentOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::from_template(
                &state.store,
                &actor,
                &body.template_id,
                body.name.as_deref(),
            )
            .await?
            .into(),
        ),
    ))
}

/// Draft an agent from a description
///
/// Returns a complete draft (not saved) for the prompt, complexity, industry
/// and use case, with the suggested voice. With no language model configured
/// the offline generator writes it (`generator: builtin`).
#[utoipa::path(post, path = "/agents/ai-generate", tag = "agents", request_body = GenerateIn, security(("bearer" = [])),
    responses((status = 200, description = "A draft", body = Envelope<GeneratedOut>), (status = 422, description = "A field is invalid", body = ErrorBody)))]
async fn ai_generate(
    _user: CurrentUser,
    Json(body): Json<GenerateIn>,
) -> Result<Envelope<GeneratedOut>, ApiError> {
    let (draft, voice) = service::generate(&body.request()?);
    Ok(Envelope::new(GeneratedOut {
        agent: (&draft).into(),
        voice: voice.into(),
        generator: agentforge_domain::agent::ModelProvider::Builtin,
    }))
}

/// Import an agent
///
/// From a document made by GET /agents/{id}/export. The new agent is a draft
/// at version 1; a custom personality in the document is created for you.
#[utoipa::path(post, path = "/agents/import", tag = "agents", request_body = ExportDocument, security(("bearer" = [])),
    responses(
        (status = 201, description = "Imported", body = Envelope<AgentOut>),
        (status = 404, description = "The agent's built-in personality does not exist", body = ErrorBody),
        (status = 422, description = "Not an agent document", body = ErrorBody),
    ))]
async fn import_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<ExportDocument>,
) -> Result<(StatusCode, Envelope<AgentOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::import(&state.store, &actor, body.imported()?)
                .await?
                .into(),
        ),
    ))
}

/// Delete several agents
///
/// All or nothing: if any id is not an agent you manage (your own, or one of
/// a team you own or administer), nothing is deleted.
#[utoipa::path(post, path = "/agents/bulk-delete", tag = "agents", request_body = IdsIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<BulkDeleteOut>),
        (status = 403, description = "Your team role does not allow it on one; nothing changed", body = ErrorBody),
        (status = 404, description = "An id is unknown; nothing changed", body = ErrorBody),
    ))]
async fn bulk_delete(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<IdsIn>,
) -> Result<Envelope<BulkDeleteOut>, ApiError> {
    let deleted = service::bulk_delete(&state.store, &actor, body.ids).await?;
    Ok(Envelope::new(BulkDeleteOut { deleted }))
}

/// Change several agents
///
/// Sets `status` and/or `type` on all of them or none; each must be an
/// agent you may edit.
#[utoipa::path(post, path = "/agents/bulk-update", tag = "agents", request_body = BulkUpdateIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The changed agents", body = Envelope<Vec<AgentOut>>),
        (status = 403, description = "Your team role does not allow it on one; nothing changed", body = ErrorBody),
        (status = 404, description = "An id is unknown; nothing changed", body = ErrorBody),
    ))]
async fn bulk_update(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<BulkUpdateIn>,
) -> Result<Envelope<Vec<AgentOut>>, ApiError> {
    let changes = agentforge_store::BulkChanges {
        status: body.changes.status,
        agent_type: body.changes.agent_type,
    };
    let updated = service::bulk_update(&state.store, &actor, body.ids, changes).await?;
    Ok(Envelope::new(
        updated.into_iter().map(AgentOut::from).collect(),
    ))
}

/// An agent, with its deployments
#[utoipa::path(get, path = "/agents/{id}", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "The agent", body = Envelope<AgentOut>), (status = 404, description = "No such agent of yours", body = ErrorBody)))]
async fn get_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<AgentOut>, ApiError> {
    Ok(Envelope::new(
        service::get(&state.store, &actor, &id).await?.into(),
    ))
}

/// Change an agent
///
/// Only the fields sent change. A change of configuration (anything but
/// `status`) makes a new version.
#[utoipa::path(put, path = "/agents/{id}", tag = "agents", request_body = AgentIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The changed agent", body = Envelope<AgentOut>),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<AgentIn>,
) -> Result<Envelope<AgentOut>, ApiError> {
    Ok(Envelope::new(
        service::update(&state.store, &actor, &id, body.changes()?)
            .await?
            .into(),
    ))
}

/// Delete an agent
#[utoipa::path(delete, path = "/agents/{id}", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<DeletedOut>), (status = 404, description = "No such agent of yours", body = ErrorBody)))]
async fn delete_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(id)))
}

/// Duplicate an agent
///
/// A new draft agent with the same configuration, at version 1.
#[utoipa::path(post, path = "/agents/{id}/duplicate", tag = "agents", request_body = DuplicateIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "The copy", body = Envelope<AgentOut>),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 422, description = "The name is not a valid agent name", body = ErrorBody),
    ))]
async fn duplicate_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<DuplicateIn>,
) -> Result<(StatusCode, Envelope<AgentOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::duplicate(&state.store, &actor, &id, body.name)
                .await?
                .into(),
        ),
    ))
}

/// Mark an agent active now
#[utoipa::path(patch, path = "/agents/{id}/last-active", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "Marked", body = Envelope<LastActiveOut>), (status = 404, description = "No such agent of yours", body = ErrorBody)))]
async fn touch_last_active(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<LastActiveOut>, ApiError> {
    Ok(Envelope::new(LastActiveOut {
        last_active_at: service::touch(&state.store, &actor, &id).await?,
    }))
}

/// An agent's activity
///
/// Totals and a zero-filled series over the period (day: 24 hours; week: 7
/// days; month: 30 days; year: 12 months).
#[utoipa::path(get, path = "/agents/{id}/analytics", tag = "agents", params(AnalyticsQuery), security(("bearer" = [])),
    responses((status = 200, description = "Activity", body = Envelope<AnalyticsOut>), (status = 422, description = "Unknown period", body = ErrorBody)))]
async fn agent_analytics(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<AnalyticsQuery>,
) -> Result<Envelope<AnalyticsOut>, ApiError> {
    let period = query
        .period
        .unwrap_or(agentforge_domain::agent::Period::Month);
    let activity =
        crate::analytics::service::agent_activity(&state.store, &actor, &id, period).await?;
    Ok(Envelope::new(activity.into()))
}

/// Deploy a version
///
/// Points an environment (development, staging, production) at a version
/// (default: the current one). Channels talk to the production deployment.
/// Rolling back is deploying an older version.
#[utoipa::path(post, path = "/agents/{id}/deploy", tag = "agents", request_body = DeployIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Deployed", body = Envelope<DeploymentOut>),
        (status = 404, description = "No such agent or version", body = ErrorBody),
        (status = 422, description = "Unknown environment", body = ErrorBody),
    ))]
async fn deploy_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<DeployIn>,
) -> Result<Envelope<DeploymentOut>, ApiError> {
    Ok(Envelope::new(
        service::deploy(&state.store, &actor, &id, body.deploy()?)
            .await?
            .into(),
    ))
}

/// An agent's versions, newest first
#[utoipa::path(get, path = "/agents/{id}/versions", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "Versions", body = Envelope<Vec<VersionOut>>), (status = 404, description = "No such agent of yours", body = ErrorBody)))]
async fn list_versions(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<VersionOut>>, ApiError> {
    let versions = service::versions(&state.store, &actor, &id).await?;
    Ok(Envelope::new(
        versions.into_iter().map(VersionOut::from).collect(),
    ))
}

/// Restore a version
///
/// Makes that version's configuration current again, as a new version.
#[utoipa::path(post, path = "/agents/{id}/versions/{version}/restore", tag = "agents", security(("bearer" = [])),
    responses(
        (status = 200, description = "Restored", body = Envelope<AgentOut>),
        (status = 400, description = "The version is not a whole number from 1 to 4294967295", body = ErrorBody),
        (status = 404, description = "No such agent or version", body = ErrorBody),
    ))]
async fn restore_version(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, version)): Path<(String, u32)>,
) -> Result<Envelope<AgentOut>, ApiError> {
    Ok(Envelope::new(
        service::restore(&state.store, &actor, &id, version)
            .await?
            .into(),
    ))
}

/// Export an agent
///
/// One JSON document, without secrets, that POST /agents/import accepts.
#[utoipa::path(get, path = "/agents/{id}/export", tag = "agents", security(("bearer" = [])),
    responses((status = 200, description = "The document", body = Envelope<ExportDocument>), (status = 404, description = "No such agent of yours", body = ErrorBody)))]
async fn export_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ExportDocument>, ApiError> {
    let exported = service::export(&state.store, &actor, &id).await?;
    Ok(Envelope::new(ExportDocument::new(exported)?))
}

/// Share an agent by link or with a team
///
/// `public: true` makes a link with which any signed-in user can chat with
/// the agent at /user/chat/{id}; `false` revokes it. `teamId` shares it with
/// one of your teams (you must be its owner, admin or member), whose members
/// then get their team role's rights on it; `null` takes it out of its team.
/// Needs manage access: the agent's owner, or an owner or admin of its team.
#[utoipa::path(post, path = "/agents/{id}/share", tag = "agents", request_body = ShareIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Sharing state", body = Envelope<ShareOut>),
        (status = 403, description = "Your team role does not allow it, or (sharing with a team) the administrator has turned collaboration off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such agent or team of yours", body = ErrorBody),
        (status = 422, description = "Nothing to change", body = ErrorBody),
    ))]
async fn share_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ShareIn>,
) -> Result<Envelope<ShareOut>, ApiError> {
    if matches!(body.team_id, Some(Some(_))) {
        state.feature(Feature::Collaboration)?;
    }
    let shared = service::share(&state.store, &actor, &id, body.into()).await?;
    Ok(Envelope::new(ShareOut {
        shared_publicly: shared.token.is_some(),
        url: shared.token.map(|t| {
            format!(
                "{}/user/chat/{}?share={t}",
                state.configuration.get().general.public_url,
                shared.agent_id
            )
        }),
        team_id: shared.team_id,
    }))
}

/// An agent's activity
///
/// The audit entries about the agent, newest first: for its owner and the
/// admins of its team (without the address and browser of each change,
/// which only platform admins see).
#[utoipa::path(get, path = "/agents/{id}/activity", tag = "agents", params(("id" = String, Path), AuditQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of entries, newest first", body = Envelope<AuditPageOut>),
        (status = 403, description = "Neither its owner nor an admin of its team", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
    ))]
async fn agent_activity(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<AuditQuery>,
) -> Result<Envelope<AuditPageOut>, ApiError> {
    Ok(Envelope::new(
        service::activity(&state.store, &actor, &id, &query).await?,
    ))
}
