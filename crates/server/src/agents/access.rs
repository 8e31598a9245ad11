//! Who may do what with an agent. An agent is its owner's; shared with a
//! team, its members get their team role's rights on it (product.md,
//! Teams): viewers read and chat, members also edit, owners and admins also
//! manage (share, unshare, delete). Anyone else gets 404, never 403, so ids
//! cannot be probed; a member whose role falls short gets 403.

use std::collections::HashMap;

use agentforge_domain::team::TeamRole;
use agentforge_store::{Agent, User};
use serde::Serialize;
use utoipa::ToSchema;

use crate::http::ApiError;
use crate::state::AppState;

/// What the caller may do with an agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// See it, chat with it, read its conversations, versions and analytics.
    View,
    /// Also change it: configuration, deployments, versions, documents.
    Edit,
    /// Also share it (by link or with a team), take it out of its team and
    /// delete it.
    Manage,
}

impl Access {
    /// The access `user` has to `agent`, given their role in each of their
    /// teams; `None` when they may not see it at all.
    pub fn of(agent: &Agent, user: &User, roles: &HashMap<String, TeamRole>) -> Option<Self> {
        if agent.owner_id == user.id {
            return Some(Access::Manage);
        }
        let role = roles.get(agent.team_id.as_deref()?)?;
        Some(Self::for_role(*role))
    }

    pub fn for_role(role: TeamRole) -> Self {
        if role.manages() {
            Access::Manage
        } else if role.edits_agents() {
            Access::Edit
        } else {
            Access::View
        }
    }
}

pub(super) fn not_found() -> ApiError {
    ApiError::not_found("agent_not_found", "Agent not found")
}

/// The caller's access to an agent, if they may see it.
pub async fn access_to(
    state: &AppState,
    user: &User,
    agent: &Agent,
) -> Result<Option<Access>, ApiError> {
    if agent.owner_id == user.id {
        return Ok(Some(Access::Manage));
    }
    let Some(team_id) = agent.team_id.as_deref() else {
        return Ok(None);
    };
    Ok(state
        .store
        .teams()
        .role_of(team_id, &user.id)
        .await?
        .map(Access::for_role))
}

/// The agent, if `user` has at least `need` on it: 404 when they may not see
/// it, 403 when they may see it but not do this.
pub async fn load_for(
    state: &AppState,
    user: &User,
    id: &str,
    need: Access,
) -> Result<(Agent, Access), ApiError> {
    let agent = state.store.agents().get(id).await?.ok_or_else(not_found)?;
    let access = access_to(state, user, &agent)
        .await?
        .ok_or_else(not_found)?;
    if access < need {
        let message = match need {
            Access::Edit => "Your role in this agent's team does not allow changing it",
            _ => "Only the agent's owner or an owner or admin of its team can do this",
        };
        return Err(ApiError::forbidden("insufficient_team_role", message));
    }
    Ok((agent, access))
}

/// The agent, if `user` may see it.
pub async fn load(state: &AppState, user: &User, id: &str) -> Result<Agent, ApiError> {
    Ok(load_for(state, user, id, Access::View).await?.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn team_roles_map_to_access() {
        assert_eq!(Access::for_role(TeamRole::Owner), Access::Manage);
        assert_eq!(Access::for_role(TeamRole::Admin), Access::Manage);
        assert_eq!(Access::for_role(TeamRole::Member), Access::Edit);
        assert_eq!(Access::for_role(TeamRole::Viewer), Access::View);
        assert!(Access::View < Access::Edit && Access::Edit < Access::Manage);
    }
}
