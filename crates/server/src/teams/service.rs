//! What can be done with teams, members, team agents and invitations
//! (product.md, Teams). Who may is the access policy's: owners everything;
//! admins manage members, invitations and team agents; members use and
//! edit team agents; viewers read and chat; platform admins read and delete
//! any team. The rules across rows live here, each checked and applied in
//! one transaction: a team always keeps an owner, only owners deal in
//! ownership, an invitation is used once, and a leaving owner's teams are
//! handed over. Every change writes its audit entry in its own transaction.

use agentforge_domain::Email;
use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Conflict, Denied, Error, Missing, Thing, messages};
use agentforge_domain::policy::{Action, Actor};
use agentforge_domain::team::{INVITATION_TTL_DAYS, InvitationStatus, TEAM_NOTICE_MAX, TeamRole};
use agentforge_runtime::{LiveEvent, Runtime};
use agentforge_store::{
    Agent, Invitation, Member, NewInvitation, Store, StoreError, Team, TeamChanges, Tx, User,
};
use chrono::{Duration, Utc};
use serde_json::{Value, json};

use crate::access;
use crate::audit::{self, Change};
use crate::config::TeamMailLimits;
use crate::mail::{MailMessage, Mailer, Outgoing, quoted};
use crate::rate_limit::{HOUR, RateLimiter};

/// A team as a list shows it.
#[derive(Debug, Clone)]
pub struct TeamSummary {
    pub team: Team,
    /// The actor's role; `None` for a platform admin who is not a member.
    pub role: Option<TeamRole>,
    pub members: u64,
    pub agents: u64,
}

/// A team with its members and agents.
#[derive(Debug, Clone)]
pub struct TeamDetail {
    pub summary: TeamSummary,
    pub members: Vec<Member>,
    pub agents: Vec<Agent>,
}

/// An invitation with the names it is shown with.
#[derive(Debug, Clone)]
pub struct InvitationView {
    pub invitation: Invitation,
    pub team_name: String,
    /// Who sent it, by name (empty when that account is gone).
    pub invited_by: String,
}

/// Someone to add or invite, and the role they get.
#[derive(Debug, Clone)]
pub struct Person {
    pub email: Email,
    /// `None`: the team's default role.
    pub role: Option<TeamRole>,
}

/// Which teams to list.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum TeamScope {
    /// The teams the actor belongs to.
    #[default]
    Mine,
    /// Every team (platform admins).
    All,
}

/// The email a team sends (invitations, "you were added" notices, team
/// messages), with the limits it keeps to: per sender and per team an hour,
/// and the team's open invitations (docs/security.md).
pub struct TeamMail<'a> {
    pub mailer: &'a Mailer,
    pub limiter: &'a RateLimiter,
    pub limits: TeamMailLimits,
}

impl TeamMail<'_> {
    /// Counts one team email (or one team message, however many it reaches)
    /// sent by `sender` for `team_id`; 429 once either has had its hour's
    /// share, and then neither is counted.
    fn spend(&self, sender: &str, team_id: &str) -> Result<(), Error> {
        self.limiter.check_all(
            &[
                (
                    &format!("team-mail-user:{sender}"),
                    self.limits.per_user_hour,
                ),
                (
                    &format!("team-mail-team:{team_id}"),
                    self.limits.per_team_hour,
                ),
            ],
            HOUR,
        )
    }
}

/// Refuses someone whose address is not verified: an invitation is for
/// whoever holds the address, and an unverified account may not (an email
/// change counts as unverified until the new address is confirmed).
fn verified(user: &User) -> Result<(), Error> {
    match user.email_verified_at {
        Some(_) => Ok(()),
        None => Err(Error::Denied(Denied::EmailUnverified)),
    }
}

fn refused(message: &'static str) -> Error {
    Error::refused(Denied::InsufficientTeamRole, message)
}

fn signed_in(actor: &Actor) -> Result<&str, Error> {
    actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))
}

/// How a person is named to others: their name, else their address.
pub fn display_name(user: &User) -> String {
    let name = format!("{} {}", user.first_name, user.last_name);
    let name = name.trim();
    if name.is_empty() {
        user.email.clone()
    } else {
        name.to_owned()
    }
}

/// The audit entry of a change to something of `team`'s (`resource` `id`):
/// the team's, and owned by whoever made the team.
fn audited(action: AuditAction, resource: AuditResource, id: &str, team: &Team) -> Change {
    let entry = Change::new(action, resource, id).team(Some(&team.id));
    match &team.created_by {
        Some(owner) => entry.owner(owner),
        None => entry,
    }
}

/// The audit entry of a change to `team` itself, or to its members and agents.
fn change(action: AuditAction, team: &Team) -> Change {
    audited(action, AuditResource::Team, &team.id, team)
}

/// What a team's audit diff compares.
fn snapshot(team: &Team) -> Value {
    json!({
        "name": team.name,
        "description": team.description,
        "defaultRole": team.default_role.as_str(),
        "invitePolicy": team.invite_policy.as_str(),
    })
}

/// What a membership's audit entry names: who, and in what role.
fn membership(member: &Member) -> Value {
    json!({ "userId": member.user_id, "role": member.role.as_str() })
}

/// What an invitation's audit diff compares (never its token).
fn invitation_snapshot(invitation: &Invitation) -> Value {
    json!({
        "email": invitation.email,
        "role": invitation.role.as_str(),
        "status": invitation.status.as_str(),
    })
}

async fn summary(store: &Store, team: Team, role: Option<TeamRole>) -> Result<TeamSummary, Error> {
    let (members, agents) = store
        .teams()
        .counts(std::slice::from_ref(&team.id))
        .await?
        .remove(&team.id)
        .unwrap_or_default();
    Ok(TeamSummary {
        team,
        role,
        members,
        agents,
    })
}

async fn detail(store: &Store, team: Team, role: Option<TeamRole>) -> Result<TeamDetail, Error> {
    let members = store.teams().members(&team.id).await?;
    let agents = store.agents().in_team(&team.id).await?;
    Ok(TeamDetail {
        summary: TeamSummary {
            team,
            role,
            members: members.len() as u64,
            agents: agents.len() as u64,
        },
        members,
        agents,
    })
}

pub async fn list(
    store: &Store,
    actor: &Actor,
    scope: TeamScope,
) -> Result<Vec<TeamSummary>, Error> {
    let user_id = signed_in(actor)?;
    let teams = store.teams();
    let with_roles: Vec<(Team, Option<TeamRole>)> = match scope {
        TeamScope::Mine => teams
            .for_user(user_id)
            .await?
            .into_iter()
            .map(|(t, r)| (t, Some(r)))
            .collect(),
        TeamScope::All => {
            access::platform(actor, Action::View)?;
            let roles = teams.roles_of(user_id).await?;
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
    };
    let ids: Vec<String> = with_roles.iter().map(|(t, _)| t.id.clone()).collect();
    let counts = teams.counts(&ids).await?;
    Ok(with_roles
        .into_iter()
        .map(|(team, role)| {
            let (members, agents) = counts.get(&team.id).copied().unwrap_or_default();
            TeamSummary {
                team,
                role,
                members,
                agents,
            }
        })
        .collect())
}

/// Creates a team with the actor as its owner.
pub async fn create(
    store: &Store,
    actor: &Actor,
    changes: TeamChanges,
) -> Result<TeamDetail, Error> {
    let owner = signed_in(actor)?;
    let tx = store.begin().await?;
    let team = tx
        .teams()
        .create(
            &changes.name.unwrap_or_default(),
            &changes.description.unwrap_or_default(),
            owner,
        )
        .await?;
    let entry = change(AuditAction::TeamCreate, &team).created(&snapshot(&team));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    detail(store, team, Some(TeamRole::Owner)).await
}

pub async fn get(store: &Store, actor: &Actor, id: &str) -> Result<TeamDetail, Error> {
    let (team, role) = access::team(store, actor, id, Action::View).await?;
    detail(store, team, role).await
}

pub async fn update(
    store: &Store,
    actor: &Actor,
    id: &str,
    changes: TeamChanges,
) -> Result<TeamSummary, Error> {
    let (team, role) = access::team(store, actor, id, Action::Manage).await?;
    let tx = store.begin().await?;
    let updated = tx.teams().update(&team.id, changes).await?;
    let entry =
        change(AuditAction::TeamUpdate, &updated).diff(&snapshot(&team), &snapshot(&updated));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    summary(store, updated, role).await
}

/// Deletes the team: its owners, or a platform admin.
pub async fn delete(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    let (team, _) = access::team(store, actor, id, Action::Delete)
        .await
        .map_err(|e| match e {
            Error::Denied(_) => refused("Only the team's owners can delete it"),
            e => e,
        })?;
    let tx = store.begin().await?;
    tx.teams().delete(&team.id).await?;
    let entry = change(AuditAction::TeamDelete, &team).deleted(&snapshot(&team));
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}

/// The audit entries of the team and everything in it, for its owners and
/// admins.
pub async fn activity(
    store: &Store,
    actor: &Actor,
    id: &str,
    query: &audit::AuditQuery,
) -> Result<audit::AuditPageOut, Error> {
    let (team, _) = access::team(store, actor, id, Action::Manage).await?;
    let filter = audit::activity_filter(audit::Activity::Team(&team.id), query)?;
    audit::activity_page(store, &filter, query.limit()?).await
}

pub async fn members(store: &Store, actor: &Actor, id: &str) -> Result<Vec<Member>, Error> {
    let (team, _) = access::team(store, actor, id, Action::View).await?;
    Ok(store.teams().members(&team.id).await?)
}

/// The team, if the actor manages it, with their role (owners and admins).
async fn managed(store: &Store, actor: &Actor, id: &str) -> Result<(Team, TeamRole), Error> {
    let (team, role) = access::team(store, actor, id, Action::Manage)
        .await
        .map_err(|e| match e {
            Error::Denied(_) => refused("Only the team's owners and admins can do this"),
            e => e,
        })?;
    // Managing takes a role (platform admins who are not members are refused above).
    let role = role.ok_or_else(|| Error::not_found(Thing::Team))?;
    Ok((team, role))
}

/// The team `id` if the actor may add and invite its members, with the
/// role the person gets (the team's default when none is named).
async fn bringing(
    store: &Store,
    actor: &Actor,
    id: &str,
    person: &Person,
) -> Result<(Team, TeamRole), Error> {
    let (team, my_role) = access::team_inviter(store, actor, id)
        .await
        .map_err(|e| match e {
            Error::Denied(_) => refused(
                "Only the team's owners and admins (and its members, when the team lets them) can add and invite people",
            ),
            e => e,
        })?;
    let role = person.role.unwrap_or(team.default_role);
    if !my_role.may_bring(role, team.invite_policy) {
        return Err(refused(if my_role.manages() {
            "Only owners can make someone an owner"
        } else {
            "Members bring in members and viewers only"
        }));
    }
    Ok((team, role))
}

/// Adds an existing account whose address is verified to the team
/// directly, and tells them by email (both or neither). An unverified
/// account is answered as no account at all: whoever registered an address
/// without proving it must not be pulled into a team by that address, and
/// the caller learns no more than before.
pub async fn add_member(
    store: &Store,
    mail: &TeamMail<'_>,
    actor: &Actor,
    adder: &User,
    id: &str,
    person: Person,
) -> Result<Member, Error> {
    let (team, role) = bringing(store, actor, id, &person).await?;
    let invitee = store
        .users()
        .find_by_email(&person.email)
        .await?
        .filter(|u| u.email_verified_at.is_some());
    let Some(invitee) = invitee else {
        return Err(Error::NotFound(Missing {
            thing: Thing::User,
            detail: Some(
                "No account with this verified email address; send an invitation instead".into(),
            ),
            field: Some("email"),
        }));
    };
    if store
        .teams()
        .role_of(&team.id, &invitee.id)
        .await?
        .is_some()
    {
        return Err(Error::Conflict(Conflict::AlreadyMember));
    }
    mail.spend(&adder.id, &team.id)?;
    let tx = store.begin().await?;
    let member = tx.teams().add_member(&team.id, &invitee.id, role).await?;
    let message = MailMessage::TeamMemberAdded {
        name: crate::mail::greeting_name(&invitee),
        by: display_name(adder),
        team: quoted(&team.name),
        role,
        link: mail.mailer.link("/dashboard/settings/team"),
    };
    mail.mailer
        .send_in(&tx, Outgoing::to_user(&invitee, message))
        .await?;
    let entry = change(AuditAction::TeamMemberAdd, &team).created(&membership(&member));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(member)
}

/// Checks, inside `tx`, that the team keeps an owner once `leaving` (a
/// member who is an owner) is no longer one.
async fn ensure_another_owner(tx: &Tx, team_id: &str, leaving: &Member) -> Result<(), Error> {
    let owners = tx.teams().owners_locked(team_id).await?;
    if owners.iter().any(|o| o.id != leaving.id) {
        Ok(())
    } else {
        Err(Error::Conflict(Conflict::LastOwner))
    }
}

async fn member(store: &Store, team_id: &str, member_id: &str) -> Result<Member, Error> {
    store
        .teams()
        .member(team_id, member_id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Member))
}

pub async fn set_role(
    store: &Store,
    actor: &Actor,
    id: &str,
    member_id: &str,
    role: TeamRole,
) -> Result<Member, Error> {
    let (team, my_role) = managed(store, actor, id).await?;
    let current = member(store, &team.id, member_id).await?;
    if !my_role.may_grant(current.role) || !my_role.may_grant(role) {
        return Err(refused("Only owners can give or take away ownership"));
    }
    let tx = store.begin().await?;
    if current.role == TeamRole::Owner && role != TeamRole::Owner {
        ensure_another_owner(&tx, &team.id, &current).await?;
    }
    let updated = tx.teams().set_role(&team.id, &current.id, role).await?;
    let entry = change(AuditAction::TeamMemberRole, &team)
        .diff(&membership(&current), &membership(&updated))
        .field("userId", &updated.user_id);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Removes a member: owners and admins remove others (only owners remove
/// owners); anyone may leave.
pub async fn remove_member(
    store: &Store,
    actor: &Actor,
    id: &str,
    member_id: &str,
) -> Result<(), Error> {
    let (team, my_role) = access::team(store, actor, id, Action::View).await?;
    let current = member(store, &team.id, member_id).await?;
    let leaving = actor.user_id() == Some(current.user_id.as_str());
    if !leaving {
        match my_role {
            Some(role) if role.manages() && role.may_grant(current.role) => {}
            Some(role) if role.manages() => return Err(refused("Only owners can remove an owner")),
            Some(_) => return Err(refused("Only the team's owners and admins can do this")),
            None => return Err(Error::not_found(Thing::Team)),
        }
    }
    let tx = store.begin().await?;
    if current.role == TeamRole::Owner {
        ensure_another_owner(&tx, &team.id, &current).await?;
    }
    tx.teams().remove_member(&team.id, &current.id).await?;
    let entry = change(AuditAction::TeamMemberRemove, &team).deleted(&membership(&current));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(())
}

/// Shares the actor's agent with the team (any member but a viewer, who
/// manages the agent).
pub async fn add_agent(
    store: &Store,
    actor: &Actor,
    id: &str,
    agent_id: &str,
) -> Result<Agent, Error> {
    let (team, _) = access::team(store, actor, id, Action::Use)
        .await
        .map_err(|e| match e {
            Error::Denied(_) => refused("Viewers cannot share agents with the team"),
            e => e,
        })?;
    let (agent, _) = access::agent(store, actor, agent_id, Action::Manage).await?;
    let tx = store.begin().await?;
    tx.agents()
        .set_team(&agent.id, Some(team.id.clone()))
        .await?;
    let entry = change(AuditAction::TeamAgentAdd, &team).field("agentId", &agent.id);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(Agent {
        team_id: Some(team.id),
        ..agent
    })
}

/// Takes an agent out of the team: its owner, or the team's owners and admins.
pub async fn remove_agent(
    store: &Store,
    actor: &Actor,
    id: &str,
    agent_id: &str,
) -> Result<(), Error> {
    let (team, _) = access::team(store, actor, id, Action::View).await?;
    let (agent, _) = access::agent(store, actor, agent_id, Action::Manage).await?;
    if agent.team_id.as_deref() != Some(team.id.as_str()) {
        return Err(Error::not_found_because(
            Thing::Agent,
            Conflict::NotInTeam.message(),
        ));
    }
    let tx = store.begin().await?;
    tx.agents().set_team(&agent.id, None).await?;
    let entry =
        change(AuditAction::TeamAgentRemove, &team).deleted(&json!({ "agentId": agent.id }));
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}

/// Sends a message to every other member: by email, and live to those
/// online. Returns how many were told.
pub async fn notify(
    runtime: &Runtime,
    mail: &TeamMail<'_>,
    actor: &Actor,
    sender: &User,
    id: &str,
    message: &str,
) -> Result<u64, Error> {
    let store = runtime.store();
    let (team, _) = managed(store, actor, id).await?;
    let message = message.trim().to_owned();
    if message.is_empty() {
        return Err(Error::invalid("message", messages::REQUIRED));
    }
    let mut problems = agentforge_domain::error::Problems::default();
    problems.text("message", Some(message.as_str()), TEAM_NOTICE_MAX);
    problems.finish()?;
    let recipients: Vec<Member> = store
        .teams()
        .members(&team.id)
        .await?
        .into_iter()
        .filter(|m| m.user_id != sender.id)
        .collect();
    let from = display_name(sender);
    if !recipients.is_empty() {
        mail.spend(&sender.id, &team.id)?;
    }
    let team_name = quoted(&team.name);
    let tx = store.begin().await?;
    for member in &recipients {
        let words = MailMessage::TeamMessage {
            name: member.first_name.clone(),
            from: from.clone(),
            team: team_name.clone(),
            message: message.clone(),
        };
        mail.mailer
            .send_in(
                &tx,
                Outgoing {
                    user_id: Some(member.user_id.clone()),
                    to: member.email.clone(),
                    language: member.language,
                    message: words,
                },
            )
            .await?;
    }
    // How many were told, never what they were told.
    let entry = change(AuditAction::TeamNotify, &team).field("recipients", recipients.len());
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    runtime
        .announce(LiveEvent::TeamNotification {
            team_id: team.id.clone(),
            team_name: team.name.clone(),
            message,
            from,
            recipients: recipients.iter().map(|m| m.user_id.clone()).collect(),
        })
        .await;
    Ok(recipients.len() as u64)
}

async fn view(store: &Store, invitation: Invitation) -> Result<InvitationView, Error> {
    let team_name = store
        .teams()
        .get(&invitation.team_id)
        .await?
        .map(|t| t.name)
        .unwrap_or_default();
    let invited_by = match &invitation.invited_by {
        Some(id) => store
            .users()
            .find_by_id(id)
            .await?
            .map(|u| display_name(&u))
            .unwrap_or_default(),
        None => String::new(),
    };
    Ok(InvitationView {
        invitation,
        team_name,
        invited_by,
    })
}

/// The team's pending invitations (owners and admins).
pub async fn team_invitations(
    store: &Store,
    actor: &Actor,
    team_id: &str,
) -> Result<Vec<InvitationView>, Error> {
    let (team, _) = managed(store, actor, team_id).await?;
    let mut out = Vec::new();
    for invitation in store.teams().pending_invitations(&team.id).await? {
        out.push(view(store, invitation).await?);
    }
    Ok(out)
}

/// Invites an address to the team by email; sending again replaces the
/// earlier invitation. The invitation and its email are stored together.
/// A team keeps at most its limit of open invitations, and each one is a
/// team email that counts against the sender's and the team's hourly limits.
pub async fn invite(
    store: &Store,
    mail: &TeamMail<'_>,
    actor: &Actor,
    inviter: &User,
    team_id: &str,
    person: Person,
) -> Result<InvitationView, Error> {
    let (team, role) = bringing(store, actor, team_id, &person).await?;
    let existing = store.users().find_by_email(&person.email).await?;
    if let Some(existing) = &existing
        && store
            .teams()
            .role_of(&team.id, &existing.id)
            .await?
            .is_some()
    {
        return Err(Error::Conflict(Conflict::AlreadyMember));
    }
    let invitee_language = existing.map(|u| u.language);
    let (token, token_hash) = crate::opaque::token();
    let expires_at = agentforge_store::now() + Duration::days(INVITATION_TTL_DAYS);
    let tx = store.begin().await?;
    // Counted inside the transaction (SQLite runs one writer at a time; on
    // PostgreSQL two invitations at the same instant may pass the cap by one).
    let open = tx
        .teams()
        .open_invitation_count(&team.id, person.email.as_str())
        .await?;
    if open >= u64::from(mail.limits.pending_invitations) {
        return Err(Error::Conflict(Conflict::TooManyInvitations));
    }
    mail.spend(&inviter.id, &team.id)?;
    let invitation = tx
        .teams()
        .invite(NewInvitation {
            team_id: team.id.clone(),
            email: person.email.as_str().to_owned(),
            role,
            token_hash,
            invited_by: inviter.id.clone(),
            expires_at,
        })
        .await?;
    let message = MailMessage::TeamInvitation {
        by: display_name(inviter),
        team: quoted(&team.name),
        role,
        link: mail
            .mailer
            .link(&format!("/dashboard/settings/team?invitation={token}")),
        days: u32::try_from(INVITATION_TTL_DAYS).unwrap_or(7),
    };
    mail.mailer
        .send_in(
            &tx,
            Outgoing {
                user_id: None,
                to: person.email.as_str().to_owned(),
                // The address's own language when it has an account, else
                // the inviter's: the best guess of what the invitee reads.
                language: invitee_language.unwrap_or(inviter.language),
                message,
            },
        )
        .await?;
    let entry = audited(
        AuditAction::InvitationCreate,
        AuditResource::Invitation,
        &invitation.id,
        &team,
    )
    .created(&invitation_snapshot(&invitation));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    view(store, invitation).await
}

/// The invitation a token (from the email) or an id (from the invitee's
/// own list) names, if it was sent to `user`'s address and that address is
/// verified.
async fn invitation_for(store: &Store, user: &User, token: &str) -> Result<Invitation, Error> {
    verified(user)?;
    let teams = store.teams();
    let by_id = uuid::Uuid::try_parse(token).is_ok();
    let invitation = if by_id {
        teams.invitation(token).await?
    } else {
        teams
            .invitation_by_token(&crate::opaque::hash(token))
            .await?
    }
    .ok_or_else(|| Error::not_found(Thing::Invitation))?;
    let mine = invitation.email.eq_ignore_ascii_case(&user.email);
    if by_id && !mine {
        // Ids are not secrets: do not say whether someone else's exists.
        return Err(Error::not_found(Thing::Invitation));
    }
    if !mine {
        return Err(Error::Denied(Denied::InvitationForAnotherEmail));
    }
    Ok(invitation)
}

fn check_open(invitation: &Invitation) -> Result<(), Error> {
    match invitation.status_at(Utc::now()) {
        InvitationStatus::Pending => Ok(()),
        InvitationStatus::Expired => Err(Error::Gone {
            code: "invitation_expired",
            message: "This invitation has expired; ask for a new one".into(),
        }),
        _ => Err(Error::Conflict(Conflict::InvitationClosed)),
    }
}

pub async fn details(store: &Store, user: &User, token: &str) -> Result<InvitationView, Error> {
    let invitation = invitation_for(store, user, token).await?;
    view(store, invitation).await
}

/// The open invitations sent to `user`'s address, once it is verified.
pub async fn my_invitations(store: &Store, user: &User) -> Result<Vec<InvitationView>, Error> {
    verified(user)?;
    let mut out = Vec::new();
    for invitation in store.teams().invitations_for(&user.email).await? {
        out.push(view(store, invitation).await?);
    }
    Ok(out)
}

async fn team_of(store: &Store, invitation: &Invitation) -> Result<Team, Error> {
    store
        .teams()
        .get(&invitation.team_id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Team))
}

/// Closes a pending invitation of `team`'s as `status` inside `tx`: the
/// invitation as closed, and the audit entry (`action`) to record with it.
async fn close(
    tx: &Tx,
    invitation: Invitation,
    team: &Team,
    status: InvitationStatus,
    action: AuditAction,
) -> Result<(Invitation, Change), Error> {
    tx.teams().close_invitation(&invitation.id, status).await?;
    let before = invitation_snapshot(&invitation);
    let closed = Invitation {
        status,
        ..invitation
    };
    let entry = audited(action, AuditResource::Invitation, &closed.id, team)
        .diff(&before, &invitation_snapshot(&closed));
    Ok((closed, entry))
}

/// Accepts an invitation: it is used up and the person joins the team with
/// its role, together or not at all.
pub async fn accept(
    store: &Store,
    actor: &Actor,
    user: &User,
    token: &str,
) -> Result<(TeamSummary, Member), Error> {
    let invitation = invitation_for(store, user, token).await?;
    check_open(&invitation)?;
    let team = team_of(store, &invitation).await?;
    let tx = store.begin().await?;
    let (invitation, entry) = close(
        &tx,
        invitation,
        &team,
        InvitationStatus::Accepted,
        AuditAction::InvitationAccept,
    )
    .await?;
    let member = tx
        .teams()
        .add_member(&invitation.team_id, &user.id, invitation.role)
        .await?;
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    let role = Some(member.role);
    Ok((summary(store, team, role).await?, member))
}

pub async fn reject(
    store: &Store,
    actor: &Actor,
    user: &User,
    token: &str,
) -> Result<InvitationView, Error> {
    let invitation = invitation_for(store, user, token).await?;
    check_open(&invitation)?;
    let team = team_of(store, &invitation).await?;
    let tx = store.begin().await?;
    let (closed, entry) = close(
        &tx,
        invitation,
        &team,
        InvitationStatus::Rejected,
        AuditAction::InvitationReject,
    )
    .await?;
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    view(store, closed).await
}

/// Revokes a pending invitation: the team's owners and admins.
pub async fn revoke(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    let invitation = store
        .teams()
        .invitation(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Invitation))?;
    let (team, _) = managed(store, actor, &invitation.team_id)
        .await
        .map_err(|e| match e {
            Error::NotFound(_) => Error::not_found(Thing::Invitation),
            e => e,
        })?;
    let tx = store.begin().await?;
    let (_, entry) = close(
        &tx,
        invitation,
        &team,
        InvitationStatus::Revoked,
        AuditAction::InvitationRevoke,
    )
    .await?;
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}

/// Before `user_id` is deleted, inside the deleting transaction: every team
/// whose only owner they are gets a new owner (the longest-standing admin,
/// else member, else viewer), and a team with no other member is deleted
/// (its agents go back to their owners).
pub async fn hand_over(tx: &Tx, user_id: &str) -> Result<(), Error> {
    for team_id in tx.teams().owned_by(user_id).await? {
        let others = tx.teams().others_locked(&team_id, user_id).await?;
        let rank = |m: &Member| {
            TeamRole::ALL
                .iter()
                .position(|r| *r == m.role)
                .unwrap_or(TeamRole::ALL.len())
        };
        // The earliest of the highest-ranked others (min_by_key keeps the first).
        match others.iter().min_by_key(|m| rank(m)) {
            Some(m) if m.role == TeamRole::Owner => {}
            Some(heir) => {
                tx.teams()
                    .set_role(&team_id, &heir.id, TeamRole::Owner)
                    .await?;
            }
            None => match tx.teams().delete(&team_id).await {
                Ok(()) | Err(StoreError::NotFound) => {}
                Err(e) => return Err(e.into()),
            },
        }
    }
    Ok(())
}
