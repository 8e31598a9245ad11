//! What the runtime tells whoever watches conversations live. The server
//! delivers these over its realtime socket (deciding who may see each); the
//! runtime only says what happened.

use agentforge_store::{Agent, Conversation, Message};

/// The agent a live event concerns, as much as its audience needs.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AgentRef {
    pub id: String,
    pub name: String,
    pub owner_id: String,
    pub team_id: Option<String>,
}

impl From<&Agent> for AgentRef {
    fn from(agent: &Agent) -> Self {
        Self {
            id: agent.id.clone(),
            name: agent.config.name.clone(),
            owner_id: agent.owner_id.clone(),
            team_id: agent.team_id.clone(),
        }
    }
}

/// Something that happened, for live views.
// Each event is made once and moved once (through a channel): boxing the
// big variants would only add an allocation.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum LiveEvent {
    /// A conversation started (as it was before its first message).
    ConversationStarted {
        conversation: Conversation,
        agent: AgentRef,
    },
    /// A message was stored in a conversation.
    MessageCreated {
        conversation: Conversation,
        message: Message,
        agent: AgentRef,
    },
    ConversationEnded {
        conversation: Conversation,
        agent: AgentRef,
    },
    /// Who answers in a conversation changed: handed to a person of the
    /// team (`handed_off`: by its flow, or taken over by one), or handed
    /// back to the agent (`active`).
    HandlerChanged {
        conversation: Conversation,
        agent: AgentRef,
    },
    ConversationDeleted {
        conversation: Conversation,
    },
    /// A message from a team's owner or admin to its members.
    TeamNotification {
        team_id: String,
        team_name: String,
        message: String,
        /// The sender's name.
        from: String,
        /// The user ids it is for.
        recipients: Vec<String>,
    },
    /// A workflow run moved on: its status, and the step that changed.
    WorkflowRun {
        owner_id: String,
        workflow_id: String,
        execution_id: String,
        /// The run's status (`queued`, `running` …).
        status: String,
        /// The node whose step changed, its iteration and its status.
        step: Option<(String, u32, String)>,
    },
}

/// Delivers live events (the server's realtime hub), in the order given.
/// Events that happen together come in one call, so a hub that publishes
/// through the database can send them in one round trip.
#[async_trait::async_trait]
pub trait Announce: Send + Sync + 'static {
    async fn announce(&self, events: Vec<LiveEvent>);
}

/// Tells no one: for tools and tests that have no live views.
pub struct Silent;

#[async_trait::async_trait]
impl Announce for Silent {
    async fn announce(&self, _events: Vec<LiveEvent>) {}
}
