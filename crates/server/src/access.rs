//! Access to things: loads the facts the domain's policy decides on (who
//! owns it, the actor's role in its team, whether they hold its share link,
//! who held a conversation) and asks [`allowed`]. Every feature, route and
//! channel loads what it acts on through here, so who may do what is decided
//! in one place (`agentforge_domain::policy`).

use agentforge_domain::error::{Error, Thing};
use agentforge_domain::policy::{
    Access, Action, Actor, AgentFacts, ConversationFacts, Resource, agent_access, allowed,
};
use agentforge_domain::team::TeamRole;
use agentforge_store::{Agent, Conversation, Personality, Store, Team, User};

use crate::opaque::hash as hash_token;

/// The actor a signed-in user is.
pub fn actor(user: &User) -> Actor {
    Actor::user(user.id.clone(), user.role)
}

/// The actor's role in a team, if they are in it.
async fn team_role(
    store: &Store,
    actor: &Actor,
    team_id: Option<&str>,
) -> Result<Option<TeamRole>, Error> {
    match (team_id, actor.user_id()) {
        (Some(team_id), Some(user_id)) => Ok(store.teams().role_of(team_id, user_id).await?),
        _ => Ok(None),
    }
}

/// The facts about `agent` for `actor`.
pub async fn agent_facts(
    store: &Store,
    actor: &Actor,
    agent: &Agent,
    share_token: Option<&str>,
) -> Result<AgentFacts, Error> {
    let owner = actor.user_id() == Some(agent.owner_id.as_str());
    let team_role = if owner {
        None
    } else {
        team_role(store, actor, agent.team_id.as_deref()).await?
    };
    let share_link = match (&agent.share_token, share_token) {
        // Compared as hashes: equal-length digests, no early exit on a prefix.
        (Some(expected), Some(given)) => hash_token(expected) == hash_token(given),
        _ => false,
    };
    Ok(AgentFacts {
        agent_id: agent.id.clone(),
        owner_id: agent.owner_id.clone(),
        team_role,
        share_link,
    })
}

/// An agent the actor may do `action` to, with their rights on it (`None`
/// when only its share link lets them in).
pub async fn agent(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<(Agent, Option<Access>), Error> {
    agent_with_link(store, actor, id, action, None).await
}

/// [`agent`], for someone who may hold the agent's share-link token.
pub async fn agent_with_link(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
    share_token: Option<&str>,
) -> Result<(Agent, Option<Access>), Error> {
    let agent = store
        .agents()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Agent))?;
    let facts = agent_facts(store, actor, &agent, share_token).await?;
    allowed(actor, action, Resource::Agent(&facts))?;
    Ok((agent, agent_access(actor, &facts)))
}

/// A conversation the actor may do `action` to, with its agent's facts.
pub async fn conversation(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<(Conversation, ConversationFacts), Error> {
    let conversation = store
        .conversations()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Conversation))?;
    let facts = conversation_facts(store, actor, &conversation).await?;
    allowed(actor, action, Resource::Conversation(&facts))?;
    Ok((conversation, facts))
}

async fn conversation_facts(
    store: &Store,
    actor: &Actor,
    conversation: &Conversation,
) -> Result<ConversationFacts, Error> {
    let agent = match store.agents().get(&conversation.agent_id).await? {
        Some(agent) => agent_facts(store, actor, &agent, None).await?,
        // Conversations go with their agent; one without is no one's.
        None => AgentFacts {
            agent_id: conversation.agent_id.clone(),
            owner_id: conversation.owner_id.clone(),
            team_role: None,
            share_link: false,
        },
    };
    Ok(ConversationFacts {
        agent,
        holder: conversation.holder(),
    })
}

/// A team the actor may do `action` to, with their role in it (`None` for a
/// platform admin who is not a member).
pub async fn team(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<(Team, Option<TeamRole>), Error> {
    let team = store
        .teams()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Team))?;
    let role = team_role(store, actor, Some(&team.id)).await?;
    allowed(actor, action, Resource::Team { role })?;
    Ok((team, role))
}

/// A team whose members the actor may add and invite, with their role:
/// owners and admins, and members where the team lets them.
pub async fn team_inviter(
    store: &Store,
    actor: &Actor,
    id: &str,
) -> Result<(Team, TeamRole), Error> {
    let team = store
        .teams()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Team))?;
    let role = team_role(store, actor, Some(&team.id)).await?;
    allowed(
        actor,
        Action::Manage,
        Resource::TeamInvitations {
            role,
            policy: team.invite_policy,
        },
    )?;
    let role = role.ok_or_else(|| Error::not_found(Thing::Team))?;
    Ok((team, role))
}

/// A personality the actor may do `action` to.
pub async fn personality(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<Personality, Error> {
    let personality = store
        .personalities()
        .get(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Personality))?;
    allowed(
        actor,
        action,
        Resource::Personality {
            owner_id: personality.owner_id.as_deref(),
        },
    )?;
    Ok(personality)
}

/// The admin area.
pub fn platform(actor: &Actor, action: Action) -> Result<(), Error> {
    allowed(actor, action, Resource::Platform)
}

/// What only a signed-in session may do (manage API keys, change the
/// account's password or email, delete it): never with an API key.
pub fn credentials(actor: &Actor) -> Result<(), Error> {
    allowed(actor, Action::Edit, Resource::Credentials)
}

/// An API key the actor may do `action` to: its owner (signed in, not with
/// a key), or an admin viewing or revoking it.
pub async fn api_key(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<agentforge_store::ApiKey, Error> {
    let key = store
        .api_keys()
        .get(id)
        .await?
        .filter(|k| k.revoked_at.is_none())
        .ok_or(Error::not_found(Thing::ApiKey))?;
    allowed(
        actor,
        action,
        Resource::ApiKey {
            owner_id: &key.user_id,
        },
    )?;
    Ok(key)
}

/// An MCP server the actor may do `action` to: its owner's (admins may
/// view and delete any).
pub async fn mcp_server(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<agentforge_store::McpServer, Error> {
    let server = store
        .mcp()
        .get(id)
        .await?
        .ok_or(Error::not_found(Thing::McpServer))?;
    allowed(
        actor,
        action,
        Resource::McpServer {
            owner_id: &server.owner_id,
        },
    )?;
    Ok(server)
}

/// The outbound webhook endpoint `id` if the actor may do `action` to it.
pub async fn webhook_endpoint(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<agentforge_store::WebhookEndpoint, Error> {
    let endpoint = store
        .webhook_endpoints()
        .get(id)
        .await?
        .ok_or(Error::not_found(Thing::WebhookEndpoint))?;
    allowed(
        actor,
        action,
        Resource::WebhookEndpoint {
            owner_id: &endpoint.owner_id,
        },
    )?;
    Ok(endpoint)
}

/// Running commands on this host (a stdio MCP server): admins, signed in.
pub fn host_commands(actor: &Actor) -> Result<(), Error> {
    allowed(actor, Action::Edit, Resource::HostCommands)
}

/// Whose integrations the actor may do `action` to: their own (`team_id`
/// `None`), or a team's (members see, owners and admins change), signed
/// in only. The team's id is checked as a name of one (an unknown or
/// malformed id is the team not found).
pub async fn integrations(
    store: &Store,
    actor: &Actor,
    team_id: Option<&str>,
    action: Action,
) -> Result<(Option<Team>, Option<TeamRole>), Error> {
    use agentforge_domain::policy::IntegrationOwner;
    match team_id {
        None => {
            let id = actor
                .user_id()
                .ok_or(Error::not_found(Thing::Integration))?;
            allowed(
                actor,
                action,
                Resource::Integrations(IntegrationOwner::User(id)),
            )?;
            Ok((None, None))
        }
        Some(id) => {
            let id = id.trim();
            let team = if id.is_empty() || id.chars().count() > 36 {
                None
            } else {
                store.teams().get(id).await?
            };
            let team = team.ok_or_else(|| Error::not_found_in(Thing::Team, "teamId"))?;
            let role = team_role(store, actor, Some(&team.id)).await?;
            allowed(
                actor,
                action,
                Resource::Integrations(IntegrationOwner::Team(role)),
            )?;
            Ok((Some(team), role))
        }
    }
}
