//! Request and response bodies of /teams and /team-invitations.

use agentforge_store::{Agent, Invitation, Member, Team};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct TeamIn {
    /// 1 to 100 characters; required on create.
    pub name: Option<String>,
    /// Up to 500 characters.
    pub description: Option<String>,
}

#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct TeamQuery {
    /// `mine` (default): the teams you belong to; `all`: every team
    /// (platform admins only).
    pub scope: Option<String>,
}

/// A team, with the caller's role in it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamOut {
    pub id: String,
    pub name: String,
    pub description: String,
    /// Your role: owner, admin, member or viewer; null when you are not a
    /// member (a platform admin looking at every team).
    pub role: Option<String>,
    pub member_count: u64,
    pub agent_count: u64,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl TeamOut {
    pub fn new(team: Team, role: Option<&str>, counts: (u64, u64)) -> Self {
        Self {
            id: team.id,
            name: team.name,
            description: team.description,
            role: role.map(str::to_owned),
            member_count: counts.0,
            agent_count: counts.1,
            created_at: team.created_at,
            updated_at: team.updated_at,
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberOut {
    /// The membership's id (the `memberId` of the member routes).
    pub id: String,
    pub user_id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// owner, admin, member or viewer.
    pub role: String,
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
            role: m.role.as_str().to_owned(),
            joined_at: m.joined_at,
        }
    }
}

/// An agent shared with a team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamAgentOut {
    pub id: String,
    pub name: String,
    pub description: String,
    #[serde(rename = "type")]
    pub agent_type: String,
    pub status: String,
    pub owner_id: String,
}

impl From<Agent> for TeamAgentOut {
    fn from(a: Agent) -> Self {
        Self {
            agent_type: a.config.agent_type.as_str().to_owned(),
            id: a.id,
            name: a.config.name,
            description: a.config.description,
            status: a.status.as_str().to_owned(),
            owner_id: a.owner_id,
        }
    }
}

/// A team with its members and agents.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TeamDetailOut {
    #[serde(flatten)]
    pub team: TeamOut,
    pub members: Vec<MemberOut>,
    pub agents: Vec<TeamAgentOut>,
}

/// Someone to add or invite: an address and a role.
#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct MemberIn {
    /// To add: the address of an existing account; to invite: any address.
    #[serde(default)]
    pub email: String,
    /// owner, admin, member (default) or viewer.
    pub role: Option<String>,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct RoleIn {
    /// owner, admin, member or viewer.
    #[serde(default)]
    pub role: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
pub struct NotifyIn {
    /// 1 to 2,000 characters.
    #[serde(default)]
    pub message: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NotifyOut {
    /// How many members were told (everyone but you).
    pub recipients: u64,
}

/// An invitation to a team.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InvitationOut {
    pub id: String,
    pub team_id: String,
    pub team_name: String,
    pub email: String,
    pub role: String,
    /// pending, accepted, rejected, revoked or expired.
    pub status: String,
    /// Who sent it, by name (empty when that account is gone).
    pub invited_by: String,
    pub expires_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
}

impl InvitationOut {
    pub fn new(invitation: Invitation, team_name: String, invited_by: String) -> Self {
        Self {
            status: invitation.status_at(Utc::now()).as_str().to_owned(),
            id: invitation.id,
            team_id: invitation.team_id,
            team_name,
            email: invitation.email,
            role: invitation.role.as_str().to_owned(),
            invited_by,
            expires_at: invitation.expires_at,
            created_at: invitation.created_at,
        }
    }
}

/// An accepted invitation: the team you joined.
#[derive(Debug, Serialize, ToSchema)]
pub struct AcceptedOut {
    pub team: TeamOut,
    pub member: MemberOut,
}
