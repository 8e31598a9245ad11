//! The chat of the web app: a signed-in person (or anyone holding an
//! agent's share link) talks to an agent. Access is the policy's; the turn
//! itself is the runtime's.

use agentforge_domain::Error;
use agentforge_domain::conversation::Channel;
use agentforge_domain::policy::{Action, Actor};
use agentforge_runtime::{Runtime, Turn, TurnRequest};
use agentforge_store::Agent;

use crate::access;

/// One turn as the web app asks for it.
#[derive(Debug, Clone)]
pub struct ChatInput {
    pub message: String,
    /// Go on with this conversation; `None` starts one.
    pub conversation_id: Option<String>,
    pub use_knowledge_base: bool,
    pub include_context: bool,
    /// The token of the agent's public link, for people who do not own it.
    pub share_token: Option<String>,
    /// Stream the answer (and stop it when the reader leaves).
    pub stream: bool,
}

/// Where the turn is for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Purpose {
    /// The dashboard's chat and the share-link chat: counted like any talk.
    Chat,
    /// The agent builder trying its draft: not counted in analytics.
    Test,
}

/// Starts a turn with agent `agent_id`.
pub async fn chat(
    runtime: &Runtime,
    actor: &Actor,
    agent_id: &str,
    input: ChatInput,
    purpose: Purpose,
) -> Result<Turn, Error> {
    let store = runtime.store();
    // Testing an agent is for those who may see it, not for share-link holders.
    let share_token = match purpose {
        Purpose::Chat => input.share_token.as_deref(),
        Purpose::Test => None,
    };
    let (agent, _) =
        access::agent_with_link(store, actor, agent_id, Action::Use, share_token).await?;
    let conversation = match input.conversation_id.as_deref().filter(|c| !c.is_empty()) {
        Some(id) => Some(access::conversation(store, actor, id, Action::Use).await?.0),
        None => None,
    };
    let turn = runtime
        .start_turn(TurnRequest {
            agent,
            caller: actor.clone(),
            channel: Channel::Web,
            conversation,
            message: input.message,
            use_knowledge_base: input.use_knowledge_base,
            include_context: input.include_context,
            test: purpose == Purpose::Test,
            stream: input.stream,
            stop_when_abandoned: input.stream,
            holder: None,
            prior: Vec::new(),
        })
        .await?;
    Ok(turn)
}

/// The agent as seen through its public link (or by anyone who may see it).
pub async fn public_agent(
    runtime: &Runtime,
    actor: &Actor,
    agent_id: &str,
    share_token: Option<&str>,
) -> Result<Agent, Error> {
    Ok(
        access::agent_with_link(runtime.store(), actor, agent_id, Action::View, share_token)
            .await?
            .0,
    )
}

/// Which conversation an API call goes on with.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ApiThread {
    /// A new one each call (the client sends the exchange so far).
    New,
    /// This conversation (its id, as answered in `X-Conversation-Id`).
    Conversation(String),
    /// The newest active one of this end user of the client (OpenAI's
    /// `user`), or a new one held by them.
    EndUser(String),
}

/// A turn as an API client asks for it (`/v1/chat/completions`, `/mcp`).
#[derive(Debug, Clone)]
pub struct ApiTurn {
    /// The agent: its id, or its slug when no other of the caller's agents
    /// shares it.
    pub model: String,
    pub message: String,
    pub prior: Vec<agentforge_runtime::PriorMessage>,
    pub thread: ApiThread,
    pub stream: bool,
}

/// The most characters of an end user's name an API client may give.
pub const END_USER_MAX: usize = 128;

/// Starts a turn on the `api` channel: the agent's production deployment
/// answers, with its knowledge and tools.
pub async fn api_turn(runtime: &Runtime, actor: &Actor, input: ApiTurn) -> Result<Turn, Error> {
    let store = runtime.store();
    let agent = api_agent(store, actor, &input.model).await?;
    let (conversation, holder) = match input.thread {
        ApiThread::New => (None, None),
        ApiThread::Conversation(id) => {
            let (conversation, _) = access::conversation(store, actor, &id, Action::Use).await?;
            if conversation.agent_id != agent.id {
                return Err(Error::not_found(agentforge_domain::Thing::Conversation));
            }
            (Some(conversation), None)
        }
        ApiThread::EndUser(name) => {
            let name = name.trim();
            if name.is_empty() || name.chars().count() > END_USER_MAX || name.contains('\0') {
                return Err(Error::invalid(
                    "user",
                    agentforge_domain::error::messages::too_long(END_USER_MAX),
                ));
            }
            // Scoped to the key: two clients' users of the same name are two people.
            let scope = actor.api_key().map_or("session", |k| k.key_id.as_str());
            let party = agentforge_domain::policy::Party::Api(format!("{scope}:{name}"));
            let existing = store
                .conversations()
                .active_held_by(&agent.id, &party)
                .await?;
            (existing, Some(party))
        }
    };
    let turn = runtime
        .start_turn(TurnRequest {
            agent,
            caller: actor.clone(),
            channel: Channel::Api,
            conversation,
            message: input.message,
            use_knowledge_base: true,
            include_context: true,
            test: false,
            stream: input.stream,
            stop_when_abandoned: input.stream,
            holder,
            prior: input.prior,
        })
        .await?;
    Ok(turn)
}

/// The agent an API call names, by id or by unique slug.
pub async fn api_agent(
    store: &agentforge_store::Store,
    actor: &Actor,
    model: &str,
) -> Result<Agent, Error> {
    let model = model.trim();
    if model.is_empty() {
        return Err(Error::invalid(
            "model",
            agentforge_domain::error::messages::REQUIRED,
        ));
    }
    let missing = || Error::not_found_in(agentforge_domain::Thing::Agent, "model");
    if uuid::Uuid::try_parse(model).is_ok() {
        return access::agent(store, actor, model, Action::Use)
            .await
            .map(|(agent, _)| agent)
            .map_err(|e| match e {
                Error::NotFound(_) => missing(),
                e => e,
            });
    }
    crate::agents::service::usable(store, actor)
        .await?
        .into_iter()
        .find(|(_, slug)| slug.as_deref() == Some(model))
        .map(|(agent, _)| agent)
        .ok_or_else(missing)
}
