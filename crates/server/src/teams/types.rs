//! Request and response bodies of /teams and /team-invitations.

use agentforge_domain::Email;
use agentforge_domain::agent::{AgentStatus, AgentType};
use agentforge_domain::error::{Error, Problems, messages};
use agentforge_domain::team::{
    DefaultRole, InvitationStatus, InvitePolicy, TEAM_DESCRIPTION_MAX, TEAM_NAME_MAX, TeamRole,
};
use agentforge_store::{Agent, Member, TeamChanges};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::{InvitationView, Person, TeamDetail, TeamScope, TeamSummary};
use crate::http::Checked;

/// A new team: [`TeamIn`] with its `name` required.
// Only documents POST /teams; the handler reads a `TeamIn` and says when the
// name is missing.
#[derive(ToSchema)]
#[allow(dead_code)]
pub struct NewTeamIn {
    /// Not only spaces; no control or text-direction characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    name: String,
    #[schema(max_length = 500)]
    description: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamIn {
    /// Required on create. Not only spaces; no control or text-direction
    /// characters.
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[schema(max_length = 500)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// The role new members get when an invitation or an addition names
    /// none (default `member`).
    #[schema(value_type = Option<DefaultRole>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub default_role: Option<Checked<DefaultRole>>,
    /// Who may add and invite members: `admins` (owners and admins; the
    /// default) or `members` (members too, bringing members and viewers).
    #[schema(value_type = Option<InvitePolicy>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub invite_policy: Option<Checked<InvitePolicy>>,
}

impl TeamIn {
    /// The sent name and description, trimmed and checked (a sent name must
    /// not be empty); every problem reported at once.
    pub fn changes(self) -> Result<TeamChanges, Error> {
        let mut problems = Problems::default();
        let name = self.name.map(|v| v.trim().to_owned());
        match &name {
            Some(v) if v.is_empty() => problems.add("name", messages::REQUIRED),
            Some(v) => problems.name("name", Some(v), TEAM_NAME_MAX),
            None => {}
        }
        let description = self.description.map(|v| v.trim().to_owned());
        problems.text("description", description.as_deref(), TEAM_DESCRIPTION_MAX);
        let default_role = self
            .default_role
            .and_then(|r| r.check(&mut problems, "defaultRole"))
            .map(TeamRole::from);
        let invite_policy = self
            .invite_policy
            .and_then(|p| p.check(&mut problems, "invitePolicy"));
        let changes = TeamChanges {
            name,
            description,
            default_role,
            invite_policy,
        };
        problems.finish()?;
        Ok(changes)
    }

    /// As [`Self::changes`], with the name required.
    pub fn new_team(self) -> Result<TeamChanges, Error> {
        TeamIn {
            name: Some(self.name.unwrap_or_default()),
            ..self
        }
        .changes()
    }
}

/// Which teams to list.
#[derive(Debug, Clone, Copy, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum TeamScopeIn {
    /// The teams you belong to.
    #[default]
    Mine,
    /// Every team (platform admins only).
    All,
}

#[derive(Debug, Deserialize, IntoParams, serde::Serialize, Default)]
#[into_params(parameter_in = Query)]
pub struct TeamQuery {
    /// Default `mine`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<TeamScopeIn>,
}

impl From<TeamScopeIn> for TeamScope {
    fn from(s: TeamScopeIn) -> Self {
        match s {
            TeamScopeIn::Mine => TeamScope::Mine,
            TeamScopeIn::All => TeamScope::All,
        }
    }
}

/// A team, with the caller's role in it.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamOut {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Your role; null when you are not a member (a platform admin looking
    /// at every team).
    pub role: Option<TeamRole>,
    /// The role new members get when none is named.
    pub default_role: TeamRole,
    /// Who may add and invite members.
    pub invite_policy: InvitePolicy,
    pub member_count: u64,
    pub agent_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<TeamSummary> for TeamOut {
    fn from(s: TeamSummary) -> Self {
        Self {
            id: s.team.id,
            name: s.team.name,
            description: s.team.description,
            role: s.role,
            default_role: s.team.default_role,
            invite_policy: s.team.invite_policy,
            member_count: s.members,
            agent_count: s.agents,
            created_at: s.team.created_at,
            updated_at: s.team.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MemberOut {
    /// The membership's id (the `memberId` of the member routes).
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: TeamRole,
    pub joined_at: DateTime<Utc>,
}

impl From<Member> for MemberOut {
    fn from(m: Member) -> Self {
        Self {
            id: m.id,
            user_id: m.user_id,
            email: m.email,
            first_name: m.first_name,
            last_name: m.last_name,
            role: m.role,
            joined_at: m.joined_at,
        }
    }
}

/// An agent shared with a team.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamAgentOut {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: AgentType,
    pub status: AgentStatus,
    pub owner_id: String,
}

impl From<Agent> for TeamAgentOut {
    fn from(a: Agent) -> Self {
        Self {
            agent_type: a.config.agent_type,
            id: a.id,
            name: a.config.name,
            description: a.config.description,
            status: a.status,
            owner_id: a.owner_id,
        }
    }
}

/// A team with its members and agents.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TeamDetailOut {
    #[serde(flatten)]
    pub team: TeamOut,
    pub members: Vec<MemberOut>,
    pub agents: Vec<TeamAgentOut>,
}

impl From<TeamDetail> for TeamDetailOut {
    fn from(d: TeamDetail) -> Self {
        Self {
            team: d.summary.into(),
            members: d.members.into_iter().map(MemberOut::from).collect(),
            agents: d.agents.into_iter().map(TeamAgentOut::from).collect(),
        }
    }
}

/// Someone to add or invite: an address and a role.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
pub struct MemberIn {
    /// To add: the address of an existing account; to invite: any address.
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    /// Default: the team's `defaultRole`.
    #[schema(value_type = Option<TeamRole>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub role: Option<Checked<TeamRole>>,
}

impl MemberIn {
    pub fn person(self) -> Result<Person, Error> {
        let mut problems = Problems::default();
        let email = problems.check("email", Email::parse(&self.email));
        let role = self.role.and_then(|role| role.check(&mut problems, "role"));
        problems.finish()?;
        let Some(email) = email else {
            return Err(Error::invalid("email", messages::REQUIRED));
        };
        Ok(Person { email, role })
    }
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct RoleIn {
    pub role: TeamRole,
}

#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
pub struct NotifyIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1, max_length = 2000)]
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct NotifyOut {
    /// How many members were told (everyone but you).
    pub recipients: u64,
}

/// An invitation to a team.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct InvitationOut {
    pub id: String,
    pub team_id: String,
    pub team_name: String,
    pub email: String,
    pub role: TeamRole,
    pub status: InvitationStatus,
    /// Who sent it, by name (empty when that account is gone).
    pub invited_by: String,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl From<InvitationView> for InvitationOut {
    fn from(v: InvitationView) -> Self {
        let invitation = v.invitation;
        Self {
            status: invitation.status_at(Utc::now()),
            id: invitation.id,
            team_id: invitation.team_id,
            team_name: v.team_name,
            email: invitation.email,
            role: invitation.role,
            invited_by: v.invited_by,
            expires_at: invitation.expires_at,
            created_at: invitation.created_at,
        }
    }
}

/// An accepted invitation: the team you joined.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct AcceptedOut {
    pub team: TeamOut,
    pub member: MemberOut,
}
