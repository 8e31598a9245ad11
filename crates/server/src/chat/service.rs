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
