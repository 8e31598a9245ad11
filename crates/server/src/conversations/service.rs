//! What can be done with conversations. Who may is the access policy's
//! (`crate::access::conversation`): a conversation is seen by whoever may
//! see its agent and by the party who held it; ending or deleting it takes
//! edit rights on the agent, or holding it.

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::conversation::{Channel, ConversationStatus, MessageRole};
use agentforge_domain::error::{Conflict, Error, Thing, Unauthenticated};
use agentforge_domain::flow::FlowState;
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_runtime::{AgentRef, LiveEvent, Runtime};
use agentforge_store::{Conversation, ConversationFilter, Message, NewConversation, Store, Tx};
use chrono::{DateTime, Utc};

use crate::access;
use crate::audit::{self, Change};

/// Which conversations to list.
#[derive(Debug, Clone, Default)]
pub struct Listing {
    pub page: Page,
    pub agent_id: Option<String>,
    pub channel: Option<Channel>,
    pub status: Option<ConversationStatus>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// Words in the title or in any message.
    pub search: Option<String>,
}

/// A conversation with what is shown beside it.
#[derive(Debug, Clone)]
pub struct Listed {
    pub conversation: Conversation,
    pub agent_name: String,
    /// The latest message's role and first characters, in lists.
    pub last_message: Option<(MessageRole, String)>,
}

/// How much of the latest message a listed conversation carries.
pub const LAST_MESSAGE_CHARS: usize = 200;

fn signed_in(actor: &Actor) -> Result<&str, Error> {
    actor
        .user_id()
        .ok_or(Error::Unauthenticated(Unauthenticated::Required))
}

/// The audit entry of a change to `conversation`: its agent's owner's, and
/// its agent's team's.
fn change(action: AuditAction, conversation: &Conversation, team_id: Option<&str>) -> Change {
    Change::new(action, AuditResource::Conversation, &conversation.id)
        .owner(&conversation.owner_id)
        .team(team_id)
}

/// What a conversation's audit entry shows of it (never what was said).
fn snapshot(conversation: &Conversation) -> serde_json::Value {
    serde_json::json!({
        "agentId": conversation.agent_id,
        "channel": conversation.channel.as_str(),
        "status": conversation.status.as_str(),
    })
}

/// The team of the conversation's agent.
async fn team_of(tx: &Tx, conversation: &Conversation) -> Result<Option<String>, Error> {
    Ok(tx
        .agents()
        .get(&conversation.agent_id)
        .await?
        .and_then(|agent| agent.team_id))
}

async fn agent_name(store: &Store, agent_id: &str) -> Result<String, Error> {
    Ok(store
        .agents()
        .names(&[agent_id.to_owned()])
        .await?
        .remove(agent_id)
        .unwrap_or_default())
}

async fn listed(store: &Store, conversation: Conversation) -> Result<Listed, Error> {
    let agent_name = agent_name(store, &conversation.agent_id).await?;
    Ok(Listed {
        conversation,
        agent_name,
        last_message: None,
    })
}

async fn with_names(store: &Store, conversations: Vec<Conversation>) -> Result<Vec<Listed>, Error> {
    let mut ids: Vec<String> = conversations.iter().map(|c| c.agent_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let names = store.agents().names(&ids).await?;
    let conversation_ids: Vec<String> = conversations.iter().map(|c| c.id.clone()).collect();
    let mut last = store
        .conversations()
        .last_messages(&conversation_ids, LAST_MESSAGE_CHARS as i32)
        .await?;
    Ok(conversations
        .into_iter()
        .map(|c| Listed {
            agent_name: names.get(&c.agent_id).cloned().unwrap_or_default(),
            last_message: last.remove(&c.id),
            conversation: c,
        })
        .collect())
}

/// The conversations the actor may see (of their agents, of their teams'
/// agents, and those they held), filtered and paged; and how many there are.
pub async fn list(
    store: &Store,
    actor: &Actor,
    listing: Listing,
) -> Result<(Vec<Listed>, u64), Error> {
    let viewer = signed_in(actor)?;
    let filter = ConversationFilter {
        viewer: viewer.to_owned(),
        agent_id: listing.agent_id,
        only_agents: actor
            .api_key()
            .filter(|key| !key.agent_ids.is_empty())
            .map(|key| key.agent_ids.clone()),
        channel: listing.channel,
        status: listing.status,
        from: listing.from,
        to: listing.to,
        search: listing.search,
        page: listing.page.page,
        limit: listing.page.limit,
    };
    let (conversations, total) = store.conversations().list(&filter).await?;
    Ok((with_names(store, conversations).await?, total))
}

/// An agent's conversations, for whoever may see the agent.
pub async fn list_for_agent(
    store: &Store,
    actor: &Actor,
    agent_id: &str,
    listing: Listing,
) -> Result<(Vec<Listed>, u64), Error> {
    let (agent, _) = access::agent(store, actor, agent_id, Action::View).await?;
    list(
        store,
        actor,
        Listing {
            agent_id: Some(agent.id),
            ..listing
        },
    )
    .await
}

/// The conversation (if `agent_id` is given, only as that agent's).
pub async fn get(
    store: &Store,
    actor: &Actor,
    id: &str,
    agent_id: Option<&str>,
) -> Result<Listed, Error> {
    let conversation = load(store, actor, id, agent_id, Action::View).await?;
    listed(store, conversation).await
}

async fn load(
    store: &Store,
    actor: &Actor,
    id: &str,
    agent_id: Option<&str>,
    action: Action,
) -> Result<Conversation, Error> {
    let (conversation, _) = access::conversation(store, actor, id, action).await?;
    if agent_id.is_some_and(|a| a != conversation.agent_id) {
        return Err(Error::not_found(Thing::Conversation));
    }
    Ok(conversation)
}

/// What starting a conversation takes.
#[derive(Debug, Clone)]
pub struct NewConversationInput {
    pub agent_id: String,
    pub channel: Channel,
    pub title: Option<String>,
}

/// Starts a conversation (without a message) with an agent the actor may
/// talk to, and announces it.
pub async fn create(
    runtime: &Runtime,
    actor: &Actor,
    input: NewConversationInput,
) -> Result<Listed, Error> {
    let store = runtime.store();
    let (agent, _) = access::agent(store, actor, &input.agent_id, Action::Use).await?;
    let title = input
        .title
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "New conversation".to_owned());
    let tx = store.begin().await?;
    let conversation = tx
        .conversations()
        .create(NewConversation {
            agent_id: agent.id.clone(),
            owner_id: agent.owner_id.clone(),
            holder: actor.party(),
            channel: input.channel,
            title,
            test: false,
        })
        .await?;
    let entry = change(
        AuditAction::ConversationCreate,
        &conversation,
        agent.team_id.as_deref(),
    )
    .created(&snapshot(&conversation));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    runtime
        .announce(LiveEvent::ConversationStarted {
            conversation: conversation.clone(),
            agent: AgentRef::from(&agent),
        })
        .await;
    Ok(Listed {
        conversation,
        agent_name: agent.config.name,
        last_message: None,
    })
}

/// Ends a conversation (again ending an ended one changes nothing, and is
/// not recorded).
pub async fn end(runtime: &Runtime, actor: &Actor, id: &str) -> Result<Listed, Error> {
    let store = runtime.store();
    let conversation = load(store, actor, id, None, Action::Edit).await?;
    let was_active = conversation.status != ConversationStatus::Ended;
    let ended = if was_active {
        let tx = store.begin().await?;
        let before = snapshot(&conversation);
        let ended = tx.conversations().end(conversation).await?;
        let entry = change(
            AuditAction::ConversationEnd,
            &ended,
            team_of(&tx, &ended).await?.as_deref(),
        )
        .diff(&before, &snapshot(&ended));
        audit::record(&tx, actor, entry).await?;
        tx.commit().await?;
        ended
    } else {
        conversation
    };
    let out = listed(store, ended.clone()).await?;
    if was_active && let Some(agent) = store.agents().get(&ended.agent_id).await? {
        runtime
            .announce(LiveEvent::ConversationEnded {
                conversation: ended,
                agent: AgentRef::from(&agent),
            })
            .await;
    }
    Ok(out)
}

/// A conversation a person of the team may answer in as its agent (they
/// may edit the agent: its owner, or its team's editors), with the agent.
async fn answerable(
    store: &Store,
    actor: &Actor,
    id: &str,
) -> Result<(Conversation, agentforge_store::Agent), Error> {
    let conversation = load(store, actor, id, None, Action::View).await?;
    let (agent, _) = access::agent(store, actor, &conversation.agent_id, Action::Edit).await?;
    if conversation.status == ConversationStatus::Ended {
        return Err(Error::Conflict(Conflict::ConversationEnded));
    }
    Ok((conversation, agent))
}

/// Who answers in a conversation from now on.
enum Handing {
    /// This team member (a user id).
    To(String),
    /// The agent again, its flow state replaced by this one.
    Back(serde_json::Value),
}

/// Sets who answers in a conversation, audited, and tells the live views.
async fn hand(
    runtime: &Runtime,
    actor: &Actor,
    conversation: Conversation,
    agent: &agentforge_store::Agent,
    handing: Handing,
) -> Result<Conversation, Error> {
    let (action, status, assignee_id, flow_state) = match handing {
        Handing::To(user_id) => (
            AuditAction::ConversationTakeOver,
            ConversationStatus::HandedOff,
            Some(user_id),
            None,
        ),
        Handing::Back(state) => (
            AuditAction::ConversationHandBack,
            ConversationStatus::Active,
            None,
            Some(state),
        ),
    };
    let store = runtime.store();
    let tx = store.begin().await?;
    let before = handling(&conversation);
    let changed = tx
        .conversations()
        .set_handler(&conversation.id, status, assignee_id, flow_state)
        .await?
        .ok_or(Error::Conflict(Conflict::ConversationEnded))?;
    let entry =
        change(action, &changed, agent.team_id.as_deref()).diff(&before, &handling(&changed));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    runtime
        .announce(LiveEvent::HandlerChanged {
            conversation: changed.clone(),
            agent: AgentRef::from(agent),
        })
        .await;
    Ok(changed)
}

/// What a hand-off's audit entry shows.
fn handling(conversation: &Conversation) -> serde_json::Value {
    serde_json::json!({
        "agentId": conversation.agent_id,
        "status": conversation.status.as_str(),
        "assigneeId": conversation.assignee_id,
    })
}

/// Takes a conversation over: the actor answers in it as the agent from
/// now on; the agent (its flow, its model) is silent until handed back.
/// Taking over one's own conversation again changes nothing.
pub async fn take_over(runtime: &Runtime, actor: &Actor, id: &str) -> Result<Listed, Error> {
    let user_id = signed_in(actor)?.to_owned();
    let (conversation, agent) = answerable(runtime.store(), actor, id).await?;
    if conversation.status == ConversationStatus::HandedOff
        && conversation.assignee_id.as_deref() == Some(user_id.as_str())
    {
        return listed(runtime.store(), conversation).await;
    }
    let taken = hand(runtime, actor, conversation, &agent, Handing::To(user_id)).await?;
    listed(runtime.store(), taken).await
}

/// Hands a conversation back to its agent, which answers the next message
/// (freely: a flow it followed is over, its captured variables kept).
pub async fn hand_back(runtime: &Runtime, actor: &Actor, id: &str) -> Result<Listed, Error> {
    let (conversation, agent) = answerable(runtime.store(), actor, id).await?;
    if conversation.status != ConversationStatus::HandedOff {
        return Err(Error::Conflict(Conflict::NotHandedOff));
    }
    let vars = conversation
        .flow_state
        .clone()
        .and_then(|state| serde_json::from_value::<FlowState>(state).ok())
        .map(|state| state.vars)
        .unwrap_or_default();
    let state = serde_json::to_value(FlowState::finished(vars)).unwrap_or_default();
    let back = hand(runtime, actor, conversation, &agent, Handing::Back(state)).await?;
    listed(runtime.store(), back).await
}

/// A team member's answer in a conversation handed to a person, stored as
/// the agent's (with its author) and shown live; answering one nobody has
/// taken yet takes it.
pub async fn reply(
    runtime: &Runtime,
    actor: &Actor,
    id: &str,
    message: &str,
) -> Result<Message, Error> {
    let user_id = signed_in(actor)?.to_owned();
    let text = runtime.checked_message(message)?;
    let (mut conversation, agent) = answerable(runtime.store(), actor, id).await?;
    if conversation.status != ConversationStatus::HandedOff {
        return Err(Error::Conflict(Conflict::NotHandedOff));
    }
    if conversation.assignee_id.is_none() {
        let to = Handing::To(user_id.clone());
        conversation = hand(runtime, actor, conversation, &agent, to).await?;
    }
    let store = runtime.store();
    let tx = store.begin().await?;
    let mut new = agentforge_store::NewMessage::text(MessageRole::Assistant, text);
    new.author_id = Some(user_id);
    let stored = tx
        .conversations()
        .add_message(&conversation.id, new)
        .await?;
    // A person who texted hears it by SMS, whatever happens to this server.
    let texted = conversation.channel == Channel::Sms;
    if texted {
        tx.jobs()
            .enqueue(agentforge_store::NewJob::now(
                agentforge_runtime::kinds::SEND_SMS_REPLY,
                serde_json::json!({"messageId": stored.id}),
                5,
            ))
            .await?;
    }
    let entry = change(
        AuditAction::ConversationReply,
        &conversation,
        agent.team_id.as_deref(),
    )
    .created(&serde_json::json!({"messageId": stored.id}));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    if texted {
        runtime.jobs().wake();
    }
    conversation.count(&stored);
    runtime
        .announce(LiveEvent::MessageCreated {
            conversation,
            message: stored.clone(),
            agent: AgentRef::from(&agent),
        })
        .await;
    Ok(stored)
}

/// Deletes a conversation and its messages.
pub async fn delete(
    runtime: &Runtime,
    actor: &Actor,
    id: &str,
    agent_id: Option<&str>,
) -> Result<(), Error> {
    let store = runtime.store();
    let conversation = load(store, actor, id, agent_id, Action::Delete).await?;
    let tx = store.begin().await?;
    tx.conversations().delete(&conversation.id).await?;
    let entry = change(
        AuditAction::ConversationDelete,
        &conversation,
        team_of(&tx, &conversation).await?.as_deref(),
    )
    .deleted(&snapshot(&conversation));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    runtime
        .announce(LiveEvent::ConversationDeleted { conversation })
        .await;
    Ok(())
}

/// Every message, oldest first.
pub async fn messages(store: &Store, actor: &Actor, id: &str) -> Result<Vec<Message>, Error> {
    let conversation = load(store, actor, id, None, Action::View).await?;
    Ok(store.conversations().messages(&conversation.id).await?)
}

/// The conversation and every message, for a transcript.
pub async fn transcript(
    store: &Store,
    actor: &Actor,
    id: &str,
) -> Result<(Listed, Vec<Message>), Error> {
    let conversation = load(store, actor, id, None, Action::View).await?;
    let messages = store.conversations().messages(&conversation.id).await?;
    Ok((listed(store, conversation).await?, messages))
}
