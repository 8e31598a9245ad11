//! Teams: who may do what with a team and with the agents shared with it.

string_enum!(
    /// A member's role in a team, from most to least powerful.
    TeamRole {
        Owner = "owner",
        Admin = "admin",
        Member = "member",
        Viewer = "viewer",
    }
);

string_enum!(
    /// Where an invitation stands. A pending invitation past its expiry is
    /// reported as `expired` (it is never stored so).
    InvitationStatus {
        Pending = "pending",
        Accepted = "accepted",
        Rejected = "rejected",
        Revoked = "revoked",
        Expired = "expired",
    }
);

string_enum!(
    /// Who may add and invite members: `admins` (owners and admins; the
    /// default) or `members` (members too; never viewers).
    InvitePolicy {
        Admins = "admins",
        Members = "members",
    }
);

string_enum!(
    /// The role a team gives new members when none is named: any but
    /// `owner`.
    DefaultRole {
        Admin = "admin",
        Member = "member",
        Viewer = "viewer",
    }
);

impl From<DefaultRole> for TeamRole {
    fn from(role: DefaultRole) -> Self {
        match role {
            DefaultRole::Admin => TeamRole::Admin,
            DefaultRole::Member => TeamRole::Member,
            DefaultRole::Viewer => TeamRole::Viewer,
        }
    }
}

impl TeamRole {
    /// Owners and admins manage members, invitations and the team's agents.
    pub fn manages(self) -> bool {
        matches!(self, TeamRole::Owner | TeamRole::Admin)
    }

    /// Everyone but viewers uses and edits the team's agents (and may share
    /// their own agents with the team).
    pub fn edits_agents(self) -> bool {
        !matches!(self, TeamRole::Viewer)
    }

    /// Whether someone with this role may give (or take away) `role`: only
    /// owners deal in ownership; admins hand out the other roles.
    pub fn may_grant(self, role: TeamRole) -> bool {
        match self {
            TeamRole::Owner => true,
            TeamRole::Admin => role != TeamRole::Owner,
            _ => false,
        }
    }

    /// Whether someone with this role may bring `role` into the team by
    /// adding or inviting: as [`Self::may_grant`], and where the team lets
    /// members invite, a member brings members and viewers.
    pub fn may_bring(self, role: TeamRole, policy: InvitePolicy) -> bool {
        self.may_grant(role)
            || (self == TeamRole::Member
                && policy == InvitePolicy::Members
                && matches!(role, TeamRole::Member | TeamRole::Viewer))
    }
}

/// Longest team name, in characters.
pub const TEAM_NAME_MAX: usize = 100;
/// Longest team description, in characters.
pub const TEAM_DESCRIPTION_MAX: usize = 500;
/// Longest notification sent to a team, in characters.
pub const TEAM_NOTICE_MAX: usize = 2000;
/// How long an invitation can be accepted, in days.
pub const INVITATION_TTL_DAYS: i64 = 7;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_grant_what_product_md_says() {
        assert!(TeamRole::Owner.manages() && TeamRole::Admin.manages());
        assert!(!TeamRole::Member.manages() && !TeamRole::Viewer.manages());
        assert!(TeamRole::Member.edits_agents());
        assert!(!TeamRole::Viewer.edits_agents());
        assert!(TeamRole::Owner.may_grant(TeamRole::Owner));
        assert!(TeamRole::Admin.may_grant(TeamRole::Admin));
        assert!(!TeamRole::Admin.may_grant(TeamRole::Owner));
        assert!(!TeamRole::Member.may_grant(TeamRole::Viewer));
        assert_eq!(
            TeamRole::parse("boss").unwrap_err().message,
            "Invalid enum value. Expected 'owner' | 'admin' | 'member' | 'viewer', received 'boss'"
        );
    }
}
