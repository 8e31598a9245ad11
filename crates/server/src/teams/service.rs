//! What can be done with teams, members, team agents and invitations, and
//! who may do it (product.md, Teams): owners everything; admins manage
//! members, invitations and team agents; members use and edit team agents;
//! viewers read and chat. Only owners deal in ownership, and a team always
//! keeps an owner. Someone outside a team gets 404 for it; a member whose
//! role falls short gets 403. Platform admins may read and delete any team.

use agentforge_domain::team::{
    INVITATION_TTL_DAYS, InvitationStatus, TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, TEAM_NOTICE_MAX,
    TeamRole,
};
use agentforge_domain::{Email, Role};
use agentforge_store::{Invitation, NewInvitation, StoreError, Team, TeamChanges, User};
use chrono::{Duration, Utc};

use super::types::*;
use crate::accounts::tokens;
use crate::agents::Access;
use crate::http::{ApiError, FieldErrors};
use crate::mail::Outgoing;
use crate::realtime::Event;
use crate::state::AppState;

fn team_not_found() -> ApiError {
    ApiError::not_found("team_not_found", "Team not found")
}

fn member_not_found() -> ApiError {
    ApiError::not_found("member_not_found", "Member not found")
}

fn invitation_not_found() -> ApiError {
    ApiError::not_found(
        "invitation_not_found",
        "This invitation does not exist or was not sent to you",
    )
}

fn role_too_low(message: &'static str) -> ApiError {
    ApiError::forbidden("insufficient_team_role", message)
}

fn last_owner() -> ApiError {
    ApiError::conflict(
        "last_owner",
        "A team needs an owner: make someone else owner first",
    )
}

/// The team and the caller's role in it; 404 unless they are a member (or a
/// platform admin, whose role is `None`).
async fn team_for(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<(Team, Option<TeamRole>), ApiError> {
    let team = state
        .store
        .teams()
        .get(id)
        .await?
        .ok_or_else(team_not_found)?;
    let role = state.store.teams().role_of(&team.id, &user.id).await?;
    if role.is_none() && user.role != Role::Admin {
        return Err(team_not_found());
    }
    Ok((team, role))
}

/// The team, if the caller is one of its owners or admins.
async fn managed_team(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<(Team, TeamRole), ApiError> {
    match team_for(state, user, id).await? {
        (team, Some(role)) if role.manages() => Ok((team, role)),
        (_, Some(_)) => Err(role_too_low(
            "Only the team's owners and admins can do this",
        )),
        (_, None) => Err(team_not_found()),
    }
}

/// Checks that `user` may share agents with the team: any member but a viewer.
pub async fn check_may_add_agents(
    state: &AppState,
    user: &User,
    team_id: &str,
) -> Result<(), ApiError> {
    match state.store.teams().role_of(team_id, &user.id).await? {
        None => Err(team_not_found().with_errors(vec![crate::http::FieldError {
            field: "teamId".into(),
            message: "Team not found".into(),
        }])),
        Some(role) if !role.edits_agents() => {
            Err(role_too_low("Viewers cannot share agents with the team"))
        }
        Some(_) => Ok(()),
    }
}

/// The address and role someone is added or invited with (role `member`
/// when absent), if `my_role` may hand out that role.
fn person(my_role: TeamRole, input: &MemberIn) -> Result<(Email, TeamRole), ApiError> {
    let mut errors = FieldErrors::default();
    let email = errors.check("email", Email::parse(&input.email));
    let role = match input
        .role
        .as_deref()
        .map(str::trim)
        .filter(|r| !r.is_empty())
    {
        None => Some(TeamRole::Member),
        Some(role) => errors.check("role", TeamRole::parse(role)),
    };
    errors.finish()?;
    let (Some(email), Some(role)) = (email, role) else {
        return Err(ApiError::invalid_field("email", "Required"));
    };
    if !my_role.may_grant(role) {
        return Err(role_too_low("Only owners can make someone an owner"));
    }
    Ok((email, role))
}

/// The sent name and description, trimmed and checked (a sent name must
/// not be empty); every problem reported at once.
fn team_changes(input: TeamIn) -> Result<TeamChanges, ApiError> {
    let mut errors = FieldErrors::default();
    let mut check = |field: &str, value: Option<String>, max: usize, required: bool| {
        let value = value.map(|v| v.trim().to_owned());
        match &value {
            Some(v) if v.is_empty() && required => errors.add(field, "Required"),
            Some(v) if v.chars().count() > max => errors.add(
                field,
                format!("String must contain at most {max} character(s)"),
            ),
            _ => {}
        }
        value
    };
    let changes = TeamChanges {
        name: check("name", input.name, TEAM_NAME_MAX, true),
        description: check(
            "description",
            input.description,
            TEAM_DESCRIPTION_MAX,
            false,
        ),
    };
    errors.finish()?;
    Ok(changes)
}

async fn output(state: &AppState, team: Team, role: Option<TeamRole>) -> Result<TeamOut, ApiError> {
    let counts = state
        .store
        .teams()
        .counts(std::slice::from_ref(&team.id))
        .await?
        .remove(&team.id)
        .unwrap_or_default();
    Ok(TeamOut::new(team, role.map(TeamRole::as_str), counts))
}

pub async fn list(
    state: &AppState,
    user: &User,
    scope: Option<&str>,
) -> Result<Vec<TeamOut>, ApiError> {
    let teams = state.store.teams();
    let with_roles: Vec<(Team, Option<TeamRole>)> = match scope.filter(|s| !s.is_empty()) {
        None | Some("mine") => teams
            .for_user(&user.id)
            .await?
            .into_iter()
            .map(|(t, r)| (t, Some(r)))
            .collect(),
        Some("all") if user.role == Role::Admin => {
            let roles = teams.roles_of(&user.id).await?;
            teams
                .all()
                .await?
                .into_iter()
                .map(|t| {
                    let role = roles.get(&t.id).copied();
                    (t, role)
                })
                .collect()
        }
        Some("all") => {
            return Err(ApiError::forbidden(
                "admin_required",
                "Access denied. Admin privileges required.",
            ));
        }
        Some(other) => {
            return Err(ApiError::invalid_field(
                "scope",
                format!("Invalid enum value. Expected 'mine' | 'all', received '{other}'"),
            ));
        }
    };
    let ids: Vec<String> = with_roles.iter().map(|(t, _)| t.id.clone()).collect();
    let counts = teams.counts(&ids).await?;
    Ok(with_roles
        .into_iter()
        .map(|(t, role)| {
            let c = counts.get(&t.id).copied().unwrap_or_default();
            TeamOut::new(t, role.map(TeamRole::as_str), c)
        })
        .collect())
}

pub async fn create(
    state: &AppState,
    user: &User,
    input: TeamIn,
) -> Result<TeamDetailOut, ApiError> {
    let changes = team_changes(TeamIn {
        name: Some(input.name.unwrap_or_default()),
        ..input
    })?;
    let team = state
        .store
        .teams()
        .create(
            &changes.name.unwrap_or_default(),
            &changes.description.unwrap_or_default(),
            &user.id,
        )
        .await?;
    detail_of(state, team, Some(TeamRole::Owner)).await
}

async fn detail_of(
    state: &AppState,
    team: Team,
    role: Option<TeamRole>,
) -> Result<TeamDetailOut, ApiError> {
    let members = state.store.teams().members(&team.id).await?;
    let agents = state.store.agents().in_team(&team.id).await?;
    Ok(TeamDetailOut {
        team: TeamOut::new(
            team,
            role.map(TeamRole::as_str),
            (members.len() as u64, agents.len() as u64),
        ),
        members: members.into_iter().map(MemberOut::from).collect(),
        agents: agents.into_iter().map(TeamAgentOut::from).collect(),
    })
}

pub async fn get(state: &AppState, user: &User, id: &str) -> Result<TeamDetailOut, ApiError> {
    let (team, role) = team_for(state, user, id).await?;
    detail_of(state, team, role).await
}

pub async fn update(
    state: &AppState,
    user: &User,
    id: &str,
    input: TeamIn,
) -> Result<TeamOut, ApiError> {
    let (team, role) = managed_team(state, user, id).await?;
    let changes = team_changes(input)?;
    let team = state.store.teams().update(&team.id, changes).await?;
    output(state, team, Some(role)).await
}

/// Deletes the team: its owners, or a platform admin.
pub async fn delete(state: &AppState, user: &User, id: &str) -> Result<(), ApiError> {
    let (team, role) = team_for(state, user, id).await?;
    if role != Some(TeamRole::Owner) && user.role != Role::Admin {
        return Err(role_too_low("Only the team's owners can delete it"));
    }
    Ok(state.store.teams().delete(&team.id).await?)
}

pub async fn members(state: &AppState, user: &User, id: &str) -> Result<Vec<MemberOut>, ApiError> {
    let (team, _) = team_for(state, user, id).await?;
    Ok(state
        .store
        .teams()
        .members(&team.id)
        .await?
        .into_iter()
        .map(MemberOut::from)
        .collect())
}

fn already_member() -> ApiError {
    ApiError::conflict(
        "already_member",
        "This person is already a member of the team",
    )
}

/// Adds an existing account to the team directly, and tells them by email.
pub async fn add_member(
    state: &AppState,
    user: &User,
    id: &str,
    input: MemberIn,
) -> Result<MemberOut, ApiError> {
    let (team, my_role) = managed_team(state, user, id).await?;
    let (email, role) = person(my_role, &input)?;
    let Some(invitee) = state.store.users().find_by_email(&email).await? else {
        return Err(ApiError::not_found(
            "user_not_found",
            "No account uses this email address; send an invitation instead",
        )
        .with_errors(vec![crate::http::FieldError {
            field: "email".into(),
            message: "No account uses this email address".into(),
        }]));
    };
    let member = match state
        .store
        .teams()
        .add_member(&team.id, &invitee.id, role)
        .await
    {
        Err(StoreError::Conflict(_)) => return Err(already_member()),
        other => other?,
    };
    let body = format!(
        "Hello {name},\n\n{by} added you to the team \"{team}\" on AgentForge as {role}.\n\nSee the team: {url}/dashboard/settings/team\n",
        name = crate::accounts::greeting_name(&invitee),
        by = display_name(user),
        team = team.name,
        role = role.as_str(),
        url = state.config.public_url,
    );
    state
        .mailer
        .send(Outgoing {
            user_id: Some(invitee.id.clone()),
            to: invitee.email.clone(),
            subject: format!("You were added to {} on AgentForge", team.name),
            body_text: body,
        })
        .await?;
    Ok(member.into())
}

pub async fn set_role(
    state: &AppState,
    user: &User,
    id: &str,
    member_id: &str,
    input: RoleIn,
) -> Result<MemberOut, ApiError> {
    let (team, my_role) = managed_team(state, user, id).await?;
    let role = TeamRole::parse(input.role.trim())
        .map_err(|e| ApiError::invalid_field("role", e.message))?;
    let member = state
        .store
        .teams()
        .member(&team.id, member_id)
        .await?
        .ok_or_else(member_not_found)?;
    if !my_role.may_grant(member.role) || !my_role.may_grant(role) {
        return Err(role_too_low("Only owners can give or take away ownership"));
    }
    match state
        .store
        .teams()
        .set_role(&team.id, &member.id, role)
        .await
    {
        Err(StoreError::Conflict(_)) => Err(last_owner()),
        other => Ok(other?.into()),
    }
}

/// Removes a member: owners and admins remove others (only owners remove
/// owners); anyone may leave.
pub async fn remove_member(
    state: &AppState,
    user: &User,
    id: &str,
    member_id: &str,
) -> Result<(), ApiError> {
    let (team, my_role) = team_for(state, user, id).await?;
    let member = state
        .store
        .teams()
        .member(&team.id, member_id)
        .await?
        .ok_or_else(member_not_found)?;
    let leaving = member.user_id == user.id;
    if !leaving {
        match my_role {
            Some(role) if role.manages() && role.may_grant(member.role) => {}
            Some(role) if role.manages() => {
                return Err(role_too_low("Only owners can remove an owner"));
            }
            Some(_) => {
                return Err(role_too_low(
                    "Only the team's owners and admins can do this",
                ));
            }
            None => return Err(team_not_found()),
        }
    }
    match state
        .store
        .teams()
        .remove_member(&team.id, &member.id)
        .await
    {
        Err(StoreError::Conflict(_)) => Err(last_owner()),
        other => Ok(other?),
    }
}

/// Shares the caller's agent with the team.
pub async fn add_agent(
    state: &AppState,
    user: &User,
    id: &str,
    agent_id: &str,
) -> Result<TeamAgentOut, ApiError> {
    let (team, _) = team_for(state, user, id).await?;
    check_may_add_agents(state, user, &team.id).await?;
    let (agent, _) = crate::agents::load_for(state, user, agent_id, Access::Manage).await?;
    state
        .store
        .agents()
        .set_team(&agent.id, Some(team.id.clone()))
        .await?;
    Ok(agentforge_store::Agent {
        team_id: Some(team.id),
        ..agent
    }
    .into())
}

/// Takes an agent out of the team: its owner, or the team's owners and admins.
pub async fn remove_agent(
    state: &AppState,
    user: &User,
    id: &str,
    agent_id: &str,
) -> Result<(), ApiError> {
    let (team, _) = team_for(state, user, id).await?;
    let (agent, _) = crate::agents::load_for(state, user, agent_id, Access::Manage).await?;
    if agent.team_id.as_deref() != Some(team.id.as_str()) {
        return Err(ApiError::not_found(
            "agent_not_found",
            "This agent is not shared with the team",
        ));
    }
    Ok(state.store.agents().set_team(&agent.id, None).await?)
}

/// Sends a message to every other member: by email, and live to those online.
pub async fn notify(
    state: &AppState,
    user: &User,
    id: &str,
    input: NotifyIn,
) -> Result<NotifyOut, ApiError> {
    let (team, _) = managed_team(state, user, id).await?;
    let message = input.message.trim().to_owned();
    if message.is_empty() {
        return Err(ApiError::invalid_field("message", "Required"));
    }
    if message.chars().count() > TEAM_NOTICE_MAX {
        return Err(ApiError::invalid_field(
            "message",
            format!("String must contain at most {TEAM_NOTICE_MAX} character(s)"),
        ));
    }
    let recipients: Vec<_> = state
        .store
        .teams()
        .members(&team.id)
        .await?
        .into_iter()
        .filter(|m| m.user_id != user.id)
        .collect();
    let from = display_name(user);
    for member in &recipients {
        state
            .mailer
            .send(Outgoing {
                user_id: Some(member.user_id.clone()),
                to: member.email.clone(),
                subject: format!("{} — message from {from}", team.name),
                body_text: format!(
                    "Hello {name},\n\n{from} wrote to the team \"{team}\":\n\n{message}\n",
                    name = if member.first_name.is_empty() {
                        "there"
                    } else {
                        &member.first_name
                    },
                    team = team.name,
                ),
            })
            .await?;
    }
    state
        .realtime
        .publish(
            recipients.iter().map(|m| m.user_id.clone()).collect(),
            Event::TeamNotification {
                team_id: team.id.clone(),
                team_name: team.name.clone(),
                message,
                from,
            },
        )
        .await;
    Ok(NotifyOut {
        recipients: recipients.len() as u64,
    })
}

fn display_name(user: &User) -> String {
    let name = format!("{} {}", user.first_name, user.last_name);
    let name = name.trim();
    if name.is_empty() {
        user.email.clone()
    } else {
        name.to_owned()
    }
}

async fn invitation_out(
    state: &AppState,
    invitation: Invitation,
) -> Result<InvitationOut, ApiError> {
    let team_name = state
        .store
        .teams()
        .get(&invitation.team_id)
        .await?
        .map(|t| t.name)
        .unwrap_or_default();
    let invited_by = match &invitation.invited_by {
        Some(id) => state
            .store
            .users()
            .find_by_id(id)
            .await?
            .map(|u| display_name(&u))
            .unwrap_or_default(),
        None => String::new(),
    };
    Ok(InvitationOut::new(invitation, team_name, invited_by))
}

pub async fn team_invitations(
    state: &AppState,
    user: &User,
    team_id: &str,
) -> Result<Vec<InvitationOut>, ApiError> {
    let (team, _) = managed_team(state, user, team_id).await?;
    let mut out = Vec::new();
    for invitation in state.store.teams().pending_invitations(&team.id).await? {
        out.push(invitation_out(state, invitation).await?);
    }
    Ok(out)
}

/// Invites an address to the team by email; sending again replaces the
/// earlier invitation.
pub async fn invite(
    state: &AppState,
    user: &User,
    team_id: &str,
    input: MemberIn,
) -> Result<InvitationOut, ApiError> {
    let (team, my_role) = managed_team(state, user, team_id).await?;
    let (email, role) = person(my_role, &input)?;
    if let Some(existing) = state.store.users().find_by_email(&email).await?
        && state
            .store
            .teams()
            .role_of(&team.id, &existing.id)
            .await?
            .is_some()
    {
        return Err(already_member());
    }
    let (token, token_hash) = tokens::opaque_token();
    let expires_at = agentforge_store::now() + Duration::days(INVITATION_TTL_DAYS);
    let invitation = state
        .store
        .teams()
        .invite(NewInvitation {
            team_id: team.id.clone(),
            email: email.as_str().to_owned(),
            role,
            token_hash,
            invited_by: user.id.clone(),
            expires_at,
        })
        .await?;
    let body = format!(
        "Hello,\n\n{by} invited you to join the team \"{team}\" on AgentForge as {role}.\n\n\
         Accept or decline the invitation here (sign in or create an account with this email address first):\n\
         {url}/dashboard/settings/team?invitation={token}\n\n\
         The invitation expires in {INVITATION_TTL_DAYS} days.\n",
        by = display_name(user),
        team = team.name,
        role = role.as_str(),
        url = state.config.public_url,
    );
    state
        .mailer
        .send(Outgoing {
            user_id: None,
            to: email.as_str().to_owned(),
            subject: format!("You are invited to join {} on AgentForge", team.name),
            body_text: body,
        })
        .await?;
    invitation_out(state, invitation).await
}

/// The invitation a token (from the email) or an id (from the invitee's
/// own list) names, if it was sent to `user`'s address.
async fn invitation_for(
    state: &AppState,
    user: &User,
    token: &str,
) -> Result<Invitation, ApiError> {
    let teams = state.store.teams();
    let by_id = uuid::Uuid::try_parse(token).is_ok();
    let invitation = if by_id {
        teams.invitation(token).await?
    } else {
        teams
            .invitation_by_token(&tokens::hash_token(token))
            .await?
    }
    .ok_or_else(invitation_not_found)?;
    let mine = invitation.email.eq_ignore_ascii_case(&user.email);
    if by_id && !mine {
        // Ids are not secrets: do not say whether someone else's exists.
        return Err(invitation_not_found());
    }
    if !mine {
        return Err(ApiError::forbidden(
            "invitation_for_another_email",
            "This invitation was sent to another email address; sign in with that address to accept it",
        ));
    }
    Ok(invitation)
}

fn check_open(invitation: &Invitation) -> Result<(), ApiError> {
    match invitation.status_at(Utc::now()) {
        InvitationStatus::Pending => Ok(()),
        InvitationStatus::Expired => Err(ApiError::new(
            axum::http::StatusCode::GONE,
            "invitation_expired",
            "This invitation has expired; ask for a new one",
        )),
        _ => Err(invitation_closed()),
    }
}

fn invitation_closed() -> ApiError {
    ApiError::conflict(
        "invitation_closed",
        "This invitation was already accepted, declined or revoked",
    )
}

pub async fn details(
    state: &AppState,
    user: &User,
    token: &str,
) -> Result<InvitationOut, ApiError> {
    let invitation = invitation_for(state, user, token).await?;
    invitation_out(state, invitation).await
}

pub async fn my_invitations(state: &AppState, user: &User) -> Result<Vec<InvitationOut>, ApiError> {
    let mut out = Vec::new();
    for invitation in state.store.teams().invitations_for(&user.email).await? {
        out.push(invitation_out(state, invitation).await?);
    }
    Ok(out)
}

pub async fn accept(state: &AppState, user: &User, token: &str) -> Result<AcceptedOut, ApiError> {
    let invitation = invitation_for(state, user, token).await?;
    check_open(&invitation)?;
    let member = match state.store.teams().accept(&invitation, &user.id).await {
        Err(StoreError::Conflict("member")) => return Err(already_member()),
        Err(StoreError::Conflict(_)) => return Err(invitation_closed()),
        other => other?,
    };
    let team = state
        .store
        .teams()
        .get(&invitation.team_id)
        .await?
        .ok_or_else(team_not_found)?;
    Ok(AcceptedOut {
        team: output(state, team, Some(member.role)).await?,
        member: member.into(),
    })
}

pub async fn reject(state: &AppState, user: &User, token: &str) -> Result<InvitationOut, ApiError> {
    let invitation = invitation_for(state, user, token).await?;
    check_open(&invitation)?;
    match state
        .store
        .teams()
        .close_invitation(&invitation.id, InvitationStatus::Rejected)
        .await
    {
        Err(StoreError::Conflict(_)) => return Err(invitation_closed()),
        other => other?,
    }
    let closed = Invitation {
        status: InvitationStatus::Rejected,
        ..invitation
    };
    invitation_out(state, closed).await
}

/// Revokes a pending invitation: the team's owners and admins.
pub async fn revoke(state: &AppState, user: &User, id: &str) -> Result<(), ApiError> {
    let invitation = state
        .store
        .teams()
        .invitation(id)
        .await?
        .ok_or_else(invitation_not_found)?;
    managed_team(state, user, &invitation.team_id)
        .await
        .map_err(|e| {
            if e.status() == axum::http::StatusCode::NOT_FOUND {
                invitation_not_found()
            } else {
                e
            }
        })?;
    match state
        .store
        .teams()
        .close_invitation(&invitation.id, InvitationStatus::Revoked)
        .await
    {
        Err(StoreError::Conflict(_)) => Err(invitation_closed()),
        other => Ok(other?),
    }
}
