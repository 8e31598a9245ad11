//! `/teams/*` and `/team-invitations/*`: teams, their members and roles,
//! the agents shared with them, and invitations by email.

pub mod service;
pub(crate) mod types;

use agentforge_domain::team::TeamRole;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::audit::{AuditPageOut, AuditQuery};
use crate::auth::CurrentUser;
use crate::configuration::Feature;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Json, Query};
use crate::state::AppState;
use types::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_teams, create_team))
        .routes(routes!(get_team, update_team, delete_team))
        .routes(routes!(list_members, add_member))
        .routes(routes!(set_member_role))
        .routes(routes!(remove_member))
        .routes(routes!(add_team_agent, remove_team_agent))
        .routes(routes!(notify_team))
        .routes(routes!(team_activity))
        .routes(routes!(team_invitations, invite))
        .routes(routes!(accept_invitation))
        .routes(routes!(reject_invitation))
        .routes(routes!(revoke_invitation))
        .routes(routes!(invitation_details))
        .routes(routes!(my_invitations))
        .routes(routes!(team_settings, update_team_settings))
}

/// The team email service, with the limits of this server's configuration.
fn team_mail(state: &AppState) -> service::TeamMail<'_> {
    service::TeamMail {
        mailer: &state.mailer,
        limiter: &state.rate_limiter,
        limits: state.config.team_mail,
    }
}

/// My teams
///
/// The teams you belong to, with your role in each. Platform admins may ask
/// for `scope=all`.
#[utoipa::path(get, path = "/teams", tag = "teams", params(TeamQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Teams, by name", body = Envelope<Vec<TeamOut>>),
        (status = 403, description = "scope=all without admin rights", body = ErrorBody),
        (status = 422, description = "Unknown scope", body = ErrorBody),
    ))]
async fn list_teams(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<TeamQuery>,
) -> Result<Envelope<Vec<TeamOut>>, ApiError> {
    Ok(Envelope::new(
        service::list(&state.store, &actor, query.scope.unwrap_or_default().into())
            .await?
            .into_iter()
            .map(TeamOut::from)
            .collect(),
    ))
}

/// Create a team
///
/// You become its owner.
#[utoipa::path(post, path = "/teams", tag = "teams", request_body = NewTeamIn, security(("bearer" = [])),
    responses((status = 201, description = "Created", body = Envelope<TeamDetailOut>), (status = 422, description = "A field is invalid", body = ErrorBody)))]
async fn create_team(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<TeamIn>,
) -> Result<(StatusCode, Envelope<TeamDetailOut>), ApiError> {
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::create(&state.store, &actor, body.new_team()?)
                .await?
                .into(),
        ),
    ))
}

/// A team, with its members and agents
#[utoipa::path(get, path = "/teams/{id}", tag = "teams", security(("bearer" = [])),
    responses((status = 200, description = "The team", body = Envelope<TeamDetailOut>), (status = 404, description = "No such team of yours", body = ErrorBody)))]
async fn get_team(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<TeamDetailOut>, ApiError> {
    Ok(Envelope::new(
        service::get(&state.store, &actor, &id).await?.into(),
    ))
}

/// Rename or describe a team
///
/// Owners and admins.
#[utoipa::path(put, path = "/teams/{id}", tag = "teams", request_body = TeamIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The team", body = Envelope<TeamOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_team(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<TeamIn>,
) -> Result<Envelope<TeamOut>, ApiError> {
    Ok(Envelope::new(
        service::update(&state.store, &actor, &id, body.changes()?)
            .await?
            .into(),
    ))
}

/// Delete a team
///
/// Its owners (or a platform admin). Its agents stay with their owners.
#[utoipa::path(delete, path = "/teams/{id}", tag = "teams", security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<DeletedOut>),
        (status = 403, description = "Not an owner", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
    ))]
async fn delete_team(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(id)))
}

/// A team's members
///
/// Owners first, then by the date they joined.
#[utoipa::path(get, path = "/teams/{id}/members", tag = "teams", security(("bearer" = [])),
    responses((status = 200, description = "Members", body = Envelope<Vec<MemberOut>>), (status = 404, description = "No such team of yours", body = ErrorBody)))]
async fn list_members(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<MemberOut>>, ApiError> {
    let members = service::members(&state.store, &actor, &id).await?;
    Ok(Envelope::new(
        members.into_iter().map(MemberOut::from).collect(),
    ))
}

/// Add an existing account to a team
///
/// Owners and admins; only owners make owners. The person is told by email.
/// For an address without an account, or whose account has not verified
/// it, send an invitation. The email counts against your and the team's
/// hourly limits of team emails.
#[utoipa::path(post, path = "/teams/{id}/members", tag = "teams", request_body = MemberIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Added", body = Envelope<MemberOut>),
        (status = 403, description = "Your role does not allow it, or the administrator has turned collaboration off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such team, or no account with that verified email", body = ErrorBody),
        (status = 409, description = "Already a member", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many team emails this hour, from you or for the team", body = ErrorBody),
    ))]
async fn add_member(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<MemberIn>,
) -> Result<(StatusCode, Envelope<MemberOut>), ApiError> {
    state.feature(Feature::Collaboration)?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::add_member(
                &state.store,
                &team_mail(&state),
                &actor,
                &user,
                &id,
                body.person()?,
            )
            .await?
            .into(),
        ),
    ))
}

/// Change a member's role
///
/// Owners and admins; only owners give or take away ownership, and the last
/// owner keeps it.
#[utoipa::path(put, path = "/teams/{id}/members/{memberId}/role", tag = "teams", request_body = RoleIn, security(("bearer" = [])),
    params(("id" = String, Path), ("memberId" = String, Path)),
    responses(
        (status = 200, description = "The member", body = Envelope<MemberOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team or member", body = ErrorBody),
        (status = 409, description = "The team would have no owner", body = ErrorBody),
        (status = 422, description = "Unknown role", body = ErrorBody),
    ))]
async fn set_member_role(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, member_id)): Path<(String, String)>,
    Json(body): Json<RoleIn>,
) -> Result<Envelope<MemberOut>, ApiError> {
    Ok(Envelope::new(
        service::set_role(&state.store, &actor, &id, &member_id, body.role)
            .await?
            .into(),
    ))
}

/// Remove a member, or leave
///
/// Owners and admins remove others (only owners remove owners); anyone may
/// remove themselves. The last owner cannot leave.
#[utoipa::path(delete, path = "/teams/{id}/members/{memberId}", tag = "teams", security(("bearer" = [])),
    params(("id" = String, Path), ("memberId" = String, Path)),
    responses(
        (status = 200, description = "Removed", body = Envelope<DeletedOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team or member", body = ErrorBody),
        (status = 409, description = "The team would have no owner", body = ErrorBody),
    ))]
async fn remove_member(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, member_id)): Path<(String, String)>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::remove_member(&state.store, &actor, &id, &member_id).await?;
    Ok(Envelope::new(DeletedOut::new(member_id)))
}

/// Share an agent with a team
///
/// The agent must be yours to manage, and you a member of the team (not a
/// viewer). Its members then get their team role's rights on it.
#[utoipa::path(post, path = "/teams/{id}/agents/{agentId}", tag = "teams", security(("bearer" = [])),
    params(("id" = String, Path), ("agentId" = String, Path)),
    responses(
        (status = 200, description = "Shared", body = Envelope<TeamAgentOut>),
        (status = 403, description = "Your role does not allow it, or the administrator has turned collaboration off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such team or agent of yours", body = ErrorBody),
    ))]
async fn add_team_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, agent_id)): Path<(String, String)>,
) -> Result<Envelope<TeamAgentOut>, ApiError> {
    state.feature(Feature::Collaboration)?;
    Ok(Envelope::new(
        service::add_agent(&state.store, &actor, &id, &agent_id)
            .await?
            .into(),
    ))
}

/// Take an agent out of a team
///
/// Its owner, or the team's owners and admins.
#[utoipa::path(delete, path = "/teams/{id}/agents/{agentId}", tag = "teams", security(("bearer" = [])),
    params(("id" = String, Path), ("agentId" = String, Path)),
    responses(
        (status = 200, description = "Removed", body = Envelope<DeletedOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team, or the agent is not in it", body = ErrorBody),
    ))]
async fn remove_team_agent(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, agent_id)): Path<(String, String)>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::remove_agent(&state.store, &actor, &id, &agent_id).await?;
    Ok(Envelope::new(DeletedOut::new(agent_id)))
}

/// Message the team
///
/// Owners and admins. Every other member gets it by email, and live
/// (`team.notification` on the socket) when online. A message counts once
/// against your and the team's hourly limits of team emails.
#[utoipa::path(post, path = "/teams/{id}/notify", tag = "teams", request_body = NotifyIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "Sent", body = Envelope<NotifyOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
        (status = 422, description = "Empty or too long", body = ErrorBody),
        (status = 429, description = "Too many team emails this hour, from you or for the team", body = ErrorBody),
    ))]
async fn notify_team(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<NotifyIn>,
) -> Result<Envelope<NotifyOut>, ApiError> {
    Ok(Envelope::new(NotifyOut {
        recipients: service::notify(
            &state.runtime,
            &team_mail(&state),
            &actor,
            &user,
            &id,
            &body.message,
        )
        .await?,
    }))
}

/// A team's pending invitations
///
/// Owners and admins; newest first, expired ones included.
#[utoipa::path(get, path = "/team-invitations/team/{teamId}", tag = "teams", security(("bearer" = [])),
    params(("teamId" = String, Path)),
    responses(
        (status = 200, description = "Invitations", body = Envelope<Vec<InvitationOut>>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
    ))]
async fn team_invitations(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(team_id): Path<String>,
) -> Result<Envelope<Vec<InvitationOut>>, ApiError> {
    Ok(Envelope::new(
        service::team_invitations(&state.store, &actor, &team_id)
            .await?
            .into_iter()
            .map(InvitationOut::from)
            .collect(),
    ))
}

/// Invite someone by email
///
/// Owners and admins; only owners invite owners. The link in the email is
/// valid for 7 days and works once; inviting the same address again
/// replaces the earlier invitation. A team has a limited number of open
/// invitations, and each email counts against your and the team's hourly
/// limits of team emails.
#[utoipa::path(post, path = "/team-invitations/team/{teamId}", tag = "teams", request_body = MemberIn, security(("bearer" = [])),
    params(("teamId" = String, Path)),
    responses(
        (status = 201, description = "Sent", body = Envelope<InvitationOut>),
        (status = 403, description = "Your role does not allow it, or the administrator has turned collaboration off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
        (status = 409, description = "Already a member, or the team has as many open invitations as it may", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many team emails this hour, from you or for the team", body = ErrorBody),
    ))]
async fn invite(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(team_id): Path<String>,
    Json(body): Json<MemberIn>,
) -> Result<(StatusCode, Envelope<InvitationOut>), ApiError> {
    state.feature(Feature::Collaboration)?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(
            service::invite(
                &state.store,
                &team_mail(&state),
                &actor,
                &user,
                &team_id,
                body.person()?,
            )
            .await?
            .into(),
        ),
    ))
}

/// Accept an invitation
///
/// `token` is the one from the email, or the invitation's id from your own
/// list. The invitation must have been sent to your address, and you must
/// have verified it.
#[utoipa::path(post, path = "/team-invitations/accept/{token}", tag = "teams", security(("bearer" = [])),
    params(("token" = String, Path)),
    responses(
        (status = 200, description = "You joined the team", body = Envelope<AcceptedOut>),
        (status = 403, description = "Sent to another address, or your address is not verified yet", body = ErrorBody),
        (status = 404, description = "No such invitation", body = ErrorBody),
        (status = 409, description = "Already used, declined or revoked, or already a member", body = ErrorBody),
        (status = 410, description = "Expired", body = ErrorBody),
    ))]
async fn accept_invitation(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(token): Path<String>,
) -> Result<Envelope<AcceptedOut>, ApiError> {
    let (team, member) = service::accept(&state.store, &actor, &user, &token).await?;
    Ok(Envelope::new(AcceptedOut {
        team: team.into(),
        member: member.into(),
    }))
}

/// Decline an invitation
///
/// As for accepting, your address must be the invitation's, and verified.
#[utoipa::path(post, path = "/team-invitations/reject/{token}", tag = "teams", security(("bearer" = [])),
    params(("token" = String, Path)),
    responses(
        (status = 200, description = "Declined", body = Envelope<InvitationOut>),
        (status = 403, description = "Sent to another address, or your address is not verified yet", body = ErrorBody),
        (status = 404, description = "No such invitation", body = ErrorBody),
        (status = 409, description = "Already used, declined or revoked", body = ErrorBody),
        (status = 410, description = "Expired", body = ErrorBody),
    ))]
async fn reject_invitation(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Path(token): Path<String>,
) -> Result<Envelope<InvitationOut>, ApiError> {
    Ok(Envelope::new(
        service::reject(&state.store, &actor, &user, &token)
            .await?
            .into(),
    ))
}

/// Revoke an invitation
///
/// The team's owners and admins.
#[utoipa::path(delete, path = "/team-invitations/{id}", tag = "teams", security(("bearer" = [])),
    responses(
        (status = 200, description = "Revoked", body = Envelope<DeletedOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such invitation", body = ErrorBody),
        (status = 409, description = "No longer pending", body = ErrorBody),
    ))]
async fn revoke_invitation(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::revoke(&state.store, &actor, &id).await?;
    Ok(Envelope::new(DeletedOut::new(id)))
}

/// An invitation's details
///
/// The team, role, sender and status of an invitation sent to your
/// verified address, by the email's token or the invitation's id.
#[utoipa::path(get, path = "/team-invitations/details/{token}", tag = "teams", security(("bearer" = [])),
    params(("token" = String, Path)),
    responses(
        (status = 200, description = "The invitation", body = Envelope<InvitationOut>),
        (status = 403, description = "Sent to another address, or your address is not verified yet", body = ErrorBody),
        (status = 404, description = "No such invitation", body = ErrorBody),
    ))]
async fn invitation_details(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
    Path(token): Path<String>,
) -> Result<Envelope<InvitationOut>, ApiError> {
    Ok(Envelope::new(
        service::details(&state.store, &user, &token).await?.into(),
    ))
}

/// My pending invitations
///
/// Unexpired invitations sent to your email address, newest first, once you
/// have verified that address.
#[utoipa::path(get, path = "/team-invitations/user", tag = "teams", security(("bearer" = [])),
    responses(
        (status = 200, description = "Invitations", body = Envelope<Vec<InvitationOut>>),
        (status = 403, description = "Your address is not verified yet (`email_unverified`)", body = ErrorBody),
    ))]
async fn my_invitations(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<Vec<InvitationOut>>, ApiError> {
    let invitations = service::my_invitations(&state.store, &user).await?;
    Ok(Envelope::new(
        invitations.into_iter().map(InvitationOut::from).collect(),
    ))
}

/// A team's activity
///
/// The audit entries of the team and of everything in it (members,
/// invitations, its agents), newest first: for its owners and admins
/// (without the address and browser of each change, which only platform
/// admins see).
#[utoipa::path(get, path = "/teams/{id}/activity", tag = "teams", params(("id" = String, Path), AuditQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of entries, newest first", body = Envelope<AuditPageOut>),
        (status = 403, description = "Not an owner or admin of the team", body = ErrorBody),
        (status = 404, description = "No such team", body = ErrorBody),
    ))]
async fn team_activity(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<AuditQuery>,
) -> Result<Envelope<AuditPageOut>, ApiError> {
    Ok(Envelope::new(
        service::activity(&state.store, &actor, &id, &query).await?,
    ))
}

/// The team settings one screen shows: a team, what the caller may do with
/// it, and the caller's other teams to switch to.
#[derive(Debug, Serialize, serde::Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamSettingsOut {
    pub team: TeamOut,
    /// Owners and admins change the settings.
    pub can_edit: bool,
    /// Who may add and invite members, by the team's policy.
    pub can_invite: bool,
    /// Every team of the caller's, by name.
    pub teams: Vec<TeamOut>,
}

/// Which team's settings.
#[derive(Debug, Default, Deserialize, serde::Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct TeamSettingsQuery {
    /// Default: the team where the caller's role is highest (then by name).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub team_id: Option<String>,
}

/// A team's settings to change.
#[derive(Debug, Default, Deserialize, serde::Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamSettingsIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 36, pattern = r"\S")]
    pub team_id: String,
    #[serde(flatten)]
    pub settings: TeamIn,
}

async fn settings_of(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    team_id: Option<&str>,
) -> Result<TeamSettingsOut, ApiError> {
    let mut teams = service::list(&state.store, actor, service::TeamScope::Mine).await?;
    let rank = |role: Option<TeamRole>| match role {
        Some(TeamRole::Owner) => 0,
        Some(TeamRole::Admin) => 1,
        Some(TeamRole::Member) => 2,
        _ => 3,
    };
    let chosen = match team_id {
        Some(id) => teams.iter().find(|t| t.team.id == id),
        None => teams.iter().min_by(|a, b| {
            rank(a.role)
                .cmp(&rank(b.role))
                .then_with(|| a.team.name.cmp(&b.team.name))
        }),
    }
    .cloned()
    .ok_or_else(|| agentforge_domain::Error::not_found(agentforge_domain::Thing::Team))?;
    teams.sort_by(|a, b| a.team.name.cmp(&b.team.name));
    let role = chosen.role.unwrap_or(TeamRole::Viewer);
    Ok(TeamSettingsOut {
        can_edit: role.manages(),
        can_invite: role.manages()
            || (role == TeamRole::Member
                && chosen.team.invite_policy == agentforge_domain::team::InvitePolicy::Members),
        team: chosen.into(),
        teams: teams.into_iter().map(TeamOut::from).collect(),
    })
}

/// My team's settings
///
/// A team of yours (`teamId`, or the one where your role is highest): its
/// name, description, the role new members get and who may invite; what
/// you may change; and your other teams.
#[utoipa::path(get, path = "/settings/team", tag = "settings", params(TeamSettingsQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The team's settings", body = Envelope<TeamSettingsOut>),
        (status = 404, description = "You are in no team, or not in that one", body = ErrorBody),
    ))]
async fn team_settings(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Query(query): Query<TeamSettingsQuery>,
) -> Result<Envelope<TeamSettingsOut>, ApiError> {
    Ok(Envelope::new(
        settings_of(&state, &actor, query.team_id.as_deref()).await?,
    ))
}

/// Change my team's settings
///
/// Owners and admins: name, description, `defaultRole` (`admin`, `member`,
/// `viewer`) and `invitePolicy` (`admins`, `members`); audited as
/// `team.update`.
#[utoipa::path(put, path = "/settings/team", tag = "settings", request_body = TeamSettingsIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The team's settings now", body = Envelope<TeamSettingsOut>),
        (status = 403, description = "Your role does not allow it", body = ErrorBody),
        (status = 404, description = "No such team of yours", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_team_settings(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<TeamSettingsIn>,
) -> Result<Envelope<TeamSettingsOut>, ApiError> {
    let changes = body.settings.changes()?;
    let team_id = body.team_id.trim();
    if team_id.is_empty() {
        return Err(agentforge_domain::Error::invalid("teamId", "Required").into());
    }
    if team_id.chars().count() > 36 || team_id.chars().any(char::is_control) {
        return Err(agentforge_domain::Error::not_found(agentforge_domain::Thing::Team).into());
    }
    service::update(&state.store, &actor, team_id, changes).await?;
    Ok(Envelope::new(
        settings_of(&state, &actor, Some(team_id)).await?,
    ))
}
