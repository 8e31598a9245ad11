//! Who may do what: the one access policy of the product.
//!
//! [`allowed`] decides from facts alone (who the actor is, who owns the
//! thing, the actor's role in its team, whether they hold its share link);
//! the caller gathers the facts and asks. Every route, channel and job asks
//! here, so a rule is changed in one place (product.md, Teams):
//!
//! - an agent is its owner's; shared with a team, members get their team
//!   role's rights on it: viewers read and chat, members also edit, owners
//!   and admins also manage (share, unshare, delete);
//! - a conversation is seen by whoever may see its agent and by the party
//!   who held it (a signed-in user, a widget visitor, a phone number …);
//!   ending or deleting it takes edit rights on the agent, or holding it;
//! - a team is seen by its members and platform admins; everyone but viewers
//!   may share their own agents with it; owners and admins manage it; only
//!   owners deal in ownership;
//! - built-in personalities are everyone's to use and no one's to change;
//! - the admin area is for platform admins.
//!
//! Whoever may not know a thing exists is told it is not found (404), so ids
//! cannot be probed; whoever may see it but not do this is denied (403).

use crate::Role;
use crate::error::{Denied, Error, Thing};
use crate::team::TeamRole;

/// Someone (or something) acting: who a request, a call or a job acts for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Actor {
    /// A signed-in person, by access token or by one of their API keys
    /// (which acts as its owner).
    User {
        id: String,
        role: Role,
        /// The API key used, when the request came with one.
        api_key: Option<KeyScope>,
    },
    /// Someone on the embeddable widget, known by the visitor id their
    /// browser keeps.
    Visitor { visitor_id: String },
    /// A phone caller or SMS sender, by number (E.164).
    Phone { number: String },
    /// A platform webhook whose secret URL token was presented, with the
    /// sender's id on that platform.
    Webhook { webhook_id: String, sender: String },
    /// A workflow run.
    Workflow { run_id: String },
    /// The server itself (scheduled jobs).
    System,
    /// Nobody known.
    Anonymous,
}

/// What an API key may reach: its owner's rights, on the agents it names
/// (none named: every agent its owner may use).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KeyScope {
    pub key_id: String,
    pub agent_ids: Vec<String>,
}

impl KeyScope {
    /// Whether the key reaches the agent.
    pub fn reaches(&self, agent_id: &str) -> bool {
        self.agent_ids.is_empty() || self.agent_ids.iter().any(|id| id == agent_id)
    }
}

impl Actor {
    /// A person acting with one of their API keys.
    pub fn with_key(id: impl Into<String>, role: Role, scope: KeyScope) -> Self {
        Actor::User {
            id: id.into(),
            role,
            api_key: Some(scope),
        }
    }

    /// The API key the actor acts with, if any.
    pub fn api_key(&self) -> Option<&KeyScope> {
        match self {
            Actor::User { api_key, .. } => api_key.as_ref(),
            _ => None,
        }
    }

    /// A signed-in user acting with their token.
    pub fn user(id: impl Into<String>, role: Role) -> Self {
        Actor::User {
            id: id.into(),
            role,
            api_key: None,
        }
    }

    /// The user id, for a signed-in person.
    pub fn user_id(&self) -> Option<&str> {
        match self {
            Actor::User { id, .. } => Some(id),
            _ => None,
        }
    }

    pub fn is_admin(&self) -> bool {
        matches!(
            self,
            Actor::User {
                role: Role::Admin,
                ..
            }
        )
    }

    /// The party this actor is when holding a conversation.
    pub fn party(&self) -> Option<Party> {
        Some(match self {
            Actor::User { id, .. } => Party::User(id.clone()),
            Actor::Visitor { visitor_id } => Party::Visitor(visitor_id.clone()),
            Actor::Phone { number } => Party::Phone(number.clone()),
            Actor::Webhook { webhook_id, sender } => {
                Party::Webhook(format!("{webhook_id}:{sender}"))
            }
            Actor::Workflow { run_id } => Party::Workflow(run_id.clone()),
            Actor::System | Actor::Anonymous => return None,
        })
    }
}

string_enum!(
    /// The kind of party that holds a conversation (stored beside its key).
    PartyKind {
        User = "user",
        Visitor = "visitor",
        Phone = "phone",
        Webhook = "webhook",
        Workflow = "workflow",
        Api = "api",
    }
);

/// Who holds a conversation: the other side of it.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Party {
    User(String),
    Visitor(String),
    Phone(String),
    /// `webhook id:sender id`
    Webhook(String),
    Workflow(String),
    /// An end user of an API client (`key id:user`), as the client names them.
    Api(String),
}

impl Party {
    pub fn kind(&self) -> PartyKind {
        match self {
            Party::User(_) => PartyKind::User,
            Party::Visitor(_) => PartyKind::Visitor,
            Party::Phone(_) => PartyKind::Phone,
            Party::Webhook(_) => PartyKind::Webhook,
            Party::Workflow(_) => PartyKind::Workflow,
            Party::Api(_) => PartyKind::Api,
        }
    }

    pub fn key(&self) -> &str {
        match self {
            Party::User(k)
            | Party::Visitor(k)
            | Party::Phone(k)
            | Party::Webhook(k)
            | Party::Workflow(k)
            | Party::Api(k) => k,
        }
    }

    pub fn from_parts(kind: PartyKind, key: String) -> Self {
        match kind {
            PartyKind::User => Party::User(key),
            PartyKind::Visitor => Party::Visitor(key),
            PartyKind::Phone => Party::Phone(key),
            PartyKind::Webhook => Party::Webhook(key),
            PartyKind::Workflow => Party::Workflow(key),
            PartyKind::Api => Party::Api(key),
        }
    }
}

/// What an actor may do with an agent, from least to most.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Access {
    /// See it, chat with it, read its conversations, versions and analytics.
    View,
    /// Also change it: configuration, deployments, versions, documents.
    Edit,
    /// Also share it (by link or with a team), take it out of its team and delete it.
    Manage,
}

impl Access {
    pub const ALL: &'static [Access] = &[Access::View, Access::Edit, Access::Manage];

    pub fn as_str(self) -> &'static str {
        match self {
            Access::View => "view",
            Access::Edit => "edit",
            Access::Manage => "manage",
        }
    }

    /// The rights a team role gives on the team's agents.
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

/// What is being done.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Action {
    /// Read it.
    View,
    /// Talk to it (an agent), or go on talking in it (a conversation).
    Use,
    /// Change it (an agent's configuration, ending a conversation …).
    Edit,
    /// Share, unshare, manage members and invitations.
    Manage,
    /// Delete it.
    Delete,
    /// Deal in ownership (a team's owners, deleting a team).
    Own,
}

/// The facts about an agent that decide access to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentFacts {
    pub agent_id: String,
    pub owner_id: String,
    /// The actor's role in the agent's team, when it has one and they are in it.
    pub team_role: Option<TeamRole>,
    /// The actor presented the agent's share-link token, and it matched.
    pub share_link: bool,
}

/// The facts about a conversation that decide access to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConversationFacts {
    pub agent: AgentFacts,
    /// Who held the conversation.
    pub holder: Option<Party>,
}

/// A thing, by the facts that decide access to it.
#[derive(Debug, Clone, Copy)]
pub enum Resource<'a> {
    Agent(&'a AgentFacts),
    Conversation(&'a ConversationFacts),
    /// A team, by the actor's role in it.
    Team {
        role: Option<TeamRole>,
    },
    /// Adding and inviting a team's members (action `Manage`), by the
    /// actor's role and the team's invite policy.
    TeamInvitations {
        role: Option<TeamRole>,
        policy: crate::team::InvitePolicy,
    },
    /// A personality, by its owner (`None`: built in).
    Personality {
        owner_id: Option<&'a str>,
    },
    /// The admin area: users, configuration, the outbox, every team.
    Platform,
    /// An API key, by its owner.
    ApiKey {
        owner_id: &'a str,
    },
    /// An MCP server, by its owner.
    McpServer {
        owner_id: &'a str,
    },
    /// An agent's embeddable widget, to a visitor on a site: whether it is
    /// on, and whether the page's origin is one of its allowed ones.
    Widget {
        enabled: bool,
        origin_allowed: bool,
    },
    /// An outbound webhook endpoint, by its owner.
    WebhookEndpoint {
        owner_id: &'a str,
    },
    /// A workflow (and its runs), by its owner.
    Workflow {
        owner_id: &'a str,
    },
    /// Commands run on this host (stdio MCP servers): admins, signed in.
    HostCommands,
    /// What only a signed-in session may do: manage API keys, change the
    /// account's password, email or existence.
    Credentials,
    /// A person's or a team's own credentials for an outside service
    /// (Settings › Integrations): signed in only, never with an API key.
    Integrations(IntegrationOwner<'a>),
}

/// Whose integrations.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum IntegrationOwner<'a> {
    /// A person's own: theirs alone.
    User(&'a str),
    /// A team's: its members see which are connected, its owners and
    /// admins change them. The actor's role in it (`None`: not a member).
    Team(Option<TeamRole>),
}

impl Resource<'_> {
    fn thing(&self) -> Thing {
        match self {
            Resource::Agent(_) => Thing::Agent,
            Resource::Conversation(_) => Thing::Conversation,
            Resource::Team { .. } | Resource::TeamInvitations { .. } => Thing::Team,
            Resource::Personality { .. } => Thing::Personality,
            Resource::Platform | Resource::Credentials => Thing::User,
            Resource::ApiKey { .. } => Thing::ApiKey,
            Resource::McpServer { .. } => Thing::McpServer,
            Resource::WebhookEndpoint { .. } => Thing::WebhookEndpoint,
            Resource::Workflow { .. } => Thing::Workflow,
            Resource::Widget { .. } => Thing::Agent,
            Resource::HostCommands => Thing::User,
            Resource::Integrations(IntegrationOwner::User(_)) => Thing::Integration,
            Resource::Integrations(IntegrationOwner::Team(_)) => Thing::Team,
        }
    }
}

/// The actor's rights on an agent, if they may see it at all.
pub fn agent_access(actor: &Actor, agent: &AgentFacts) -> Option<Access> {
    // A key that names its agents reaches no other.
    if actor
        .api_key()
        .is_some_and(|key| !key.reaches(&agent.agent_id))
    {
        return None;
    }
    match actor {
        Actor::User { id, .. } if *id == agent.owner_id => Some(Access::Manage),
        Actor::User { .. } => agent.team_role.map(Access::for_role),
        // The server's own jobs act on whatever they were given.
        Actor::System => Some(Access::Manage),
        _ => None,
    }
}

/// Whether `actor` may do `action` to `resource`: `Ok`, or the error to
/// answer with ([`Error::NotFound`] when they may not know it exists,
/// [`Error::Denied`] when they may but cannot do this).
pub fn allowed(actor: &Actor, action: Action, resource: Resource<'_>) -> Result<(), Error> {
    let hidden = || Err(Error::not_found(resource.thing()));
    let refused = |why: Denied| Err(Error::Denied(why));
    match resource {
        Resource::Agent(agent) => {
            let Some(access) = agent_access(actor, agent) else {
                // A share link lets anyone signed in (or on the widget) talk to it.
                return if agent.share_link && matches!(action, Action::View | Action::Use) {
                    Ok(())
                } else {
                    hidden()
                };
            };
            let need = match action {
                Action::View | Action::Use => Access::View,
                Action::Edit => Access::Edit,
                Action::Manage | Action::Delete | Action::Own => Access::Manage,
            };
            if access >= need {
                Ok(())
            } else {
                refused(Denied::InsufficientTeamRole)
            }
        }
        Resource::Conversation(conversation) => {
            let holds = match (actor.party(), &conversation.holder) {
                (Some(me), Some(holder)) => me == *holder,
                _ => false,
            };
            if holds {
                return Ok(());
            }
            match agent_access(actor, &conversation.agent) {
                None => hidden(),
                Some(access) => {
                    let need = match action {
                        Action::View | Action::Use => Access::View,
                        _ => Access::Edit,
                    };
                    if access >= need {
                        Ok(())
                    } else {
                        refused(Denied::InsufficientTeamRole)
                    }
                }
            }
        }
        Resource::Team { role } => {
            let admin = actor.is_admin();
            let Some(role) = role else {
                // Platform admins may read and delete any team, member or not.
                return if admin && matches!(action, Action::View | Action::Delete) {
                    Ok(())
                } else {
                    hidden()
                };
            };
            let ok = match action {
                Action::View => true,
                // Bringing one's own agents into the team.
                Action::Use => role.edits_agents(),
                Action::Edit | Action::Manage => role.manages(),
                Action::Delete => role == TeamRole::Owner || admin,
                Action::Own => role == TeamRole::Owner,
            };
            if ok {
                Ok(())
            } else {
                refused(Denied::InsufficientTeamRole)
            }
        }
        Resource::TeamInvitations { role, policy } => {
            let Some(role) = role else {
                return hidden();
            };
            let ok = match action {
                Action::View => true,
                Action::Manage => {
                    role.manages()
                        || (role == TeamRole::Member
                            && policy == crate::team::InvitePolicy::Members)
                }
                _ => false,
            };
            if ok {
                Ok(())
            } else {
                refused(Denied::InsufficientTeamRole)
            }
        }
        Resource::Personality { owner_id } => {
            let mine = owner_id.is_some() && owner_id == actor.user_id();
            match (owner_id, action) {
                (None, Action::View | Action::Use) => Ok(()),
                (None, _) => refused(Denied::BuiltInReadOnly),
                (Some(_), _) if mine => Ok(()),
                (Some(_), _) => hidden(),
            }
        }
        Resource::Platform => {
            if actor.is_admin() {
                Ok(())
            } else {
                refused(Denied::AdminRequired)
            }
        }
        Resource::ApiKey { owner_id } => {
            if actor.api_key().is_some() {
                refused(Denied::SignInRequired)
            } else if actor.user_id() == Some(owner_id)
                || (actor.is_admin() && matches!(action, Action::View | Action::Delete))
            {
                Ok(())
            } else {
                hidden()
            }
        }
        Resource::McpServer { owner_id }
        | Resource::WebhookEndpoint { owner_id }
        | Resource::Workflow { owner_id } => {
            if actor.user_id() == Some(owner_id)
                || (actor.is_admin() && matches!(action, Action::View | Action::Delete))
            {
                Ok(())
            } else {
                hidden()
            }
        }
        Resource::Widget {
            enabled,
            origin_allowed,
        } => match (enabled, origin_allowed) {
            // An agent whose widget is off is nobody's business on a site.
            (false, _) => hidden(),
            (true, false) => refused(Denied::OriginNotAllowed),
            // Reading the widget's face and talking, on an allowed site.
            (true, true) if matches!(action, Action::View | Action::Use) => Ok(()),
            (true, true) => refused(Denied::NotYours),
        },
        Resource::HostCommands => {
            if actor.is_admin() && actor.api_key().is_none() {
                Ok(())
            } else {
                Err(Error::Refused {
                    why: Denied::AdminRequired,
                    message: "Only an admin, signed in, may set up a stdio MCP server: it runs a command on this host",
                })
            }
        }
        Resource::Credentials => match actor {
            Actor::User { api_key: None, .. } => Ok(()),
            Actor::User { .. } => refused(Denied::SignInRequired),
            _ => hidden(),
        },
        Resource::Integrations(owner) => {
            let Actor::User { id, api_key, .. } = actor else {
                return hidden();
            };
            match owner {
                IntegrationOwner::User(owner_id) if owner_id != id => hidden(),
                IntegrationOwner::Team(None) => hidden(),
                _ if api_key.is_some() => refused(Denied::SignInRequired),
                IntegrationOwner::User(_) => Ok(()),
                IntegrationOwner::Team(Some(role)) => {
                    if action == Action::View || role.manages() {
                        Ok(())
                    } else {
                        refused(Denied::InsufficientTeamRole)
                    }
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn owner() -> Actor {
        Actor::user("owner", Role::User)
    }

    fn other() -> Actor {
        Actor::user("other", Role::User)
    }

    fn agent(role: Option<TeamRole>) -> AgentFacts {
        AgentFacts {
            agent_id: "agent-1".into(),
            owner_id: "owner".into(),
            team_role: role,
            share_link: false,
        }
    }

    fn code(result: Result<(), Error>) -> &'static str {
        match result {
            Ok(()) => "ok",
            Err(Error::NotFound(_)) => "404",
            Err(Error::Denied(_)) => "403",
            Err(_) => "other",
        }
    }

    #[test]
    fn agents_follow_ownership_and_team_roles() {
        let table: &[(Option<TeamRole>, [&str; 4])] = &[
            // role of `other`: view, edit, manage, delete
            (None, ["404", "404", "404", "404"]),
            (Some(TeamRole::Viewer), ["ok", "403", "403", "403"]),
            (Some(TeamRole::Member), ["ok", "ok", "403", "403"]),
            (Some(TeamRole::Admin), ["ok", "ok", "ok", "ok"]),
            (Some(TeamRole::Owner), ["ok", "ok", "ok", "ok"]),
        ];
        for (role, expected) in table {
            let facts = agent(*role);
            let got = [Action::View, Action::Edit, Action::Manage, Action::Delete]
                .map(|a| code(allowed(&other(), a, Resource::Agent(&facts))));
            assert_eq!(&got, expected, "{role:?}");
        }
        let facts = agent(None);
        assert_eq!(
            code(allowed(&owner(), Action::Delete, Resource::Agent(&facts))),
            "ok"
        );
        let admin = Actor::user("admin", Role::Admin);
        assert_eq!(
            code(allowed(&admin, Action::View, Resource::Agent(&facts))),
            "404"
        );
        assert_eq!(
            code(allowed(
                &Actor::Anonymous,
                Action::View,
                Resource::Agent(&facts)
            )),
            "404"
        );
    }

    #[test]
    fn an_api_key_acts_as_its_owner_on_the_agents_it_names_and_never_on_credentials() {
        let key = |agents: &[&str]| {
            Actor::with_key(
                "owner",
                Role::User,
                KeyScope {
                    key_id: "k1".into(),
                    agent_ids: agents.iter().map(|a| (*a).to_owned()).collect(),
                },
            )
        };
        let facts = agent(None);
        // No agents named: every agent of the owner.
        assert_eq!(
            code(allowed(&key(&[]), Action::Edit, Resource::Agent(&facts))),
            "ok"
        );
        assert_eq!(
            code(allowed(
                &key(&["agent-1"]),
                Action::Use,
                Resource::Agent(&facts)
            )),
            "ok"
        );
        // Another agent named: this one is as good as absent.
        assert_eq!(
            code(allowed(
                &key(&["agent-2"]),
                Action::View,
                Resource::Agent(&facts)
            )),
            "404"
        );
        let conversation = ConversationFacts {
            agent: agent(None),
            holder: None,
        };
        assert_eq!(
            code(allowed(
                &key(&["agent-2"]),
                Action::View,
                Resource::Conversation(&conversation)
            )),
            "404"
        );
        // Keys and the account are for a signed-in session only.
        for resource in [
            Resource::ApiKey { owner_id: "owner" },
            Resource::Credentials,
        ] {
            assert_eq!(code(allowed(&key(&[]), Action::Edit, resource)), "403");
            assert_eq!(code(allowed(&owner(), Action::Edit, resource)), "ok");
        }
        assert_eq!(
            code(allowed(
                &other(),
                Action::View,
                Resource::ApiKey { owner_id: "owner" }
            )),
            "404"
        );
        let admin = Actor::user("admin", Role::Admin);
        assert_eq!(
            code(allowed(
                &admin,
                Action::Delete,
                Resource::ApiKey { owner_id: "owner" }
            )),
            "ok"
        );
        assert_eq!(
            code(allowed(
                &admin,
                Action::Edit,
                Resource::ApiKey { owner_id: "owner" }
            )),
            "404"
        );
        assert_eq!(
            code(allowed(
                &Actor::Anonymous,
                Action::View,
                Resource::Credentials
            )),
            "404"
        );
    }

    #[test]
    fn a_share_link_lets_anyone_talk_but_not_change() {
        let facts = AgentFacts {
            share_link: true,
            ..agent(None)
        };
        let visitor = Actor::Visitor {
            visitor_id: "v1".into(),
        };
        for actor in [other(), visitor] {
            assert_eq!(
                code(allowed(&actor, Action::Use, Resource::Agent(&facts))),
                "ok"
            );
            assert_eq!(
                code(allowed(&actor, Action::Edit, Resource::Agent(&facts))),
                "404"
            );
        }
    }

    #[test]
    fn conversations_are_their_holders_and_viewers_cannot_end_them() {
        let facts = ConversationFacts {
            agent: agent(Some(TeamRole::Viewer)),
            holder: Some(Party::User("someone".into())),
        };
        let viewer = other();
        assert_eq!(
            code(allowed(
                &viewer,
                Action::View,
                Resource::Conversation(&facts)
            )),
            "ok"
        );
        assert_eq!(
            code(allowed(
                &viewer,
                Action::Edit,
                Resource::Conversation(&facts)
            )),
            "403"
        );
        assert_eq!(
            code(allowed(
                &viewer,
                Action::Delete,
                Resource::Conversation(&facts)
            )),
            "403"
        );
        let holder = Actor::user("someone", Role::User);
        let stranger = ConversationFacts {
            agent: agent(None),
            ..facts.clone()
        };
        assert_eq!(
            code(allowed(
                &holder,
                Action::Edit,
                Resource::Conversation(&stranger)
            )),
            "ok"
        );
        let visitor = Actor::Visitor {
            visitor_id: "someone".into(),
        };
        // Same key, another kind of party: not the holder.
        assert_eq!(
            code(allowed(
                &visitor,
                Action::View,
                Resource::Conversation(&stranger)
            )),
            "404"
        );
    }

    #[test]
    fn teams_personalities_and_the_platform() {
        let admin = Actor::user("admin", Role::Admin);
        let team = |role| Resource::Team { role };
        assert_eq!(code(allowed(&other(), Action::View, team(None))), "404");
        assert_eq!(code(allowed(&admin, Action::View, team(None))), "ok");
        assert_eq!(code(allowed(&admin, Action::Manage, team(None))), "404");
        assert_eq!(
            code(allowed(
                &other(),
                Action::Manage,
                team(Some(TeamRole::Member))
            )),
            "403"
        );
        assert_eq!(
            code(allowed(
                &other(),
                Action::Manage,
                team(Some(TeamRole::Admin))
            )),
            "ok"
        );
        assert_eq!(
            code(allowed(&other(), Action::Own, team(Some(TeamRole::Admin)))),
            "403"
        );
        use crate::team::InvitePolicy;
        let invite = |role, policy| Resource::TeamInvitations { role, policy };
        for (role, admins, members) in [
            (TeamRole::Owner, "ok", "ok"),
            (TeamRole::Admin, "ok", "ok"),
            (TeamRole::Member, "403", "ok"),
            (TeamRole::Viewer, "403", "403"),
        ] {
            assert_eq!(
                code(allowed(
                    &other(),
                    Action::Manage,
                    invite(Some(role), InvitePolicy::Admins)
                )),
                admins
            );
            assert_eq!(
                code(allowed(
                    &other(),
                    Action::Manage,
                    invite(Some(role), InvitePolicy::Members)
                )),
                members
            );
        }
        assert_eq!(
            code(allowed(
                &admin,
                Action::Manage,
                invite(None, InvitePolicy::Members)
            )),
            "404"
        );
        assert!(TeamRole::Member.may_bring(TeamRole::Viewer, InvitePolicy::Members));
        assert!(!TeamRole::Member.may_bring(TeamRole::Admin, InvitePolicy::Members));
        assert!(!TeamRole::Member.may_bring(TeamRole::Member, InvitePolicy::Admins));
        let builtin = Resource::Personality { owner_id: None };
        assert_eq!(code(allowed(&other(), Action::Use, builtin)), "ok");
        assert_eq!(code(allowed(&other(), Action::Edit, builtin)), "403");
        let mine = Resource::Personality {
            owner_id: Some("owner"),
        };
        assert_eq!(code(allowed(&owner(), Action::Delete, mine)), "ok");
        assert_eq!(code(allowed(&other(), Action::View, mine)), "404");
        assert_eq!(
            code(allowed(&other(), Action::View, Resource::Platform)),
            "403"
        );
        assert_eq!(
            code(allowed(&admin, Action::View, Resource::Platform)),
            "ok"
        );
    }

    #[test]
    fn integrations_are_their_owners_and_a_teams_admins() {
        use IntegrationOwner::{Team, User};
        let mine = Resource::Integrations(User("owner"));
        for action in [Action::View, Action::Edit, Action::Delete] {
            assert_eq!(code(allowed(&owner(), action, mine)), "ok");
            assert_eq!(code(allowed(&other(), action, mine)), "404");
        }
        let admin = Actor::user("admin", Role::Admin);
        assert_eq!(code(allowed(&admin, Action::View, mine)), "404");
        let key = Actor::with_key(
            "owner",
            Role::User,
            KeyScope {
                key_id: "k".into(),
                agent_ids: Vec::new(),
            },
        );
        assert_eq!(code(allowed(&key, Action::View, mine)), "403");
        let team = |role| Resource::Integrations(Team(role));
        let table: &[(Option<TeamRole>, [&str; 2])] = &[
            (None, ["404", "404"]),
            (Some(TeamRole::Viewer), ["ok", "403"]),
            (Some(TeamRole::Member), ["ok", "403"]),
            (Some(TeamRole::Admin), ["ok", "ok"]),
            (Some(TeamRole::Owner), ["ok", "ok"]),
        ];
        for (role, [view, edit]) in table {
            assert_eq!(code(allowed(&other(), Action::View, team(*role))), *view);
            assert_eq!(code(allowed(&other(), Action::Edit, team(*role))), *edit);
        }
        assert_eq!(
            code(allowed(&key, Action::Edit, team(Some(TeamRole::Owner)))),
            "403"
        );
    }

    #[test]
    fn the_widget_answers_sites_it_allows_and_an_endpoint_is_its_owners() {
        let widget = |enabled, origin_allowed| Resource::Widget {
            enabled,
            origin_allowed,
        };
        let anyone = Actor::Anonymous;
        assert_eq!(
            code(allowed(&anyone, Action::Use, widget(true, true))),
            "ok"
        );
        assert_eq!(
            code(allowed(&anyone, Action::View, widget(true, true))),
            "ok"
        );
        assert_eq!(
            code(allowed(&anyone, Action::Edit, widget(true, true))),
            "403"
        );
        assert_eq!(
            code(allowed(&anyone, Action::Use, widget(true, false))),
            "403"
        );
        assert_eq!(
            code(allowed(&anyone, Action::Use, widget(false, true))),
            "404"
        );
        let endpoint = Resource::WebhookEndpoint { owner_id: "owner" };
        assert_eq!(code(allowed(&owner(), Action::Edit, endpoint)), "ok");
        assert_eq!(code(allowed(&other(), Action::View, endpoint)), "404");
        let admin = Actor::user("admin", Role::Admin);
        assert_eq!(code(allowed(&admin, Action::Delete, endpoint)), "ok");
        assert_eq!(code(allowed(&admin, Action::Edit, endpoint)), "404");
    }
}
