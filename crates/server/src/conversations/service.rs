//! What can be done with conversations. A conversation is visible to the
//! owner of its agent, to the members of the team its agent is shared with,
//! and to the user who held it; to anyone else it does not exist (404).

use agentforge_domain::conversation::{Channel, ConversationStatus};
use agentforge_store::{
    Agent, Conversation, ConversationFilter, NewConversation, NewMessage, User,
};
use chrono::{DateTime, Utc};

use super::types::*;
use crate::http::{ApiError, FieldErrors, ListMeta, PageQuery};
use crate::realtime::Event;
use crate::state::AppState;

fn not_found() -> ApiError {
    ApiError::not_found("conversation_not_found", "Conversation not found")
}

/// The caller's access to the conversation's agent, or `None` when they
/// only see the conversation because they held it (or not at all).
async fn agent_access(
    state: &AppState,
    conversation: &Conversation,
    user: &User,
) -> Result<Option<crate::agents::Access>, ApiError> {
    if conversation.owner_id == user.id {
        return Ok(Some(crate::agents::Access::Manage));
    }
    match state.store.agents().get(&conversation.agent_id).await? {
        Some(agent) => crate::agents::access_to(state, user, &agent).await,
        None => Ok(None),
    }
}

fn held_by(conversation: &Conversation, user: &User) -> bool {
    conversation.user_id.as_deref() == Some(user.id.as_str())
}

/// Who hears about a conversation on the realtime socket: its agent's
/// owner, the members of the agent's team (looked up now, so joining or
/// leaving takes effect at once) and the user who holds it.
pub async fn audience(state: &AppState, conversation: &Conversation) -> Vec<String> {
    let members = state
        .store
        .teams()
        .member_ids_for_agent(&conversation.agent_id)
        .await;
    with_members(conversation, members)
}

/// [`audience`] with the agent at hand: no lookup when it has no team.
async fn audience_of(state: &AppState, conversation: &Conversation, agent: &Agent) -> Vec<String> {
    let members = match &agent.team_id {
        Some(team_id) => state.store.teams().member_ids(team_id).await,
        None => Ok(Vec::new()),
    };
    with_members(conversation, members)
}

fn with_members(
    conversation: &Conversation,
    members: Result<Vec<String>, agentforge_store::StoreError>,
) -> Vec<String> {
    let mut audience = vec![conversation.owner_id.clone()];
    audience.extend(conversation.user_id.clone());
    match members {
        Ok(members) => audience.extend(members),
        Err(e) => tracing::error!(error = %e, "cannot read the team of a conversation's agent"),
    }
    audience
}

/// The conversation, if `user` may see it (and, with `agent_id`, if it is that agent's).
pub async fn load(
    state: &AppState,
    user: &User,
    id: &str,
    agent_id: Option<&str>,
) -> Result<Conversation, ApiError> {
    let conversation = state
        .store
        .conversations()
        .get(id)
        .await?
        .ok_or_else(not_found)?;
    if agent_id.is_some_and(|a| a != conversation.agent_id)
        || !(held_by(&conversation, user)
            || agent_access(state, &conversation, user).await?.is_some())
    {
        return Err(not_found());
    }
    Ok(conversation)
}

async fn agent_name(state: &AppState, agent_id: &str) -> Result<String, ApiError> {
    Ok(state
        .store
        .agents()
        .names(&[agent_id.to_owned()])
        .await?
        .remove(agent_id)
        .unwrap_or_default())
}

pub async fn output(
    state: &AppState,
    conversation: Conversation,
) -> Result<ConversationOut, ApiError> {
    let name = agent_name(state, &conversation.agent_id).await?;
    Ok(ConversationOut::new(conversation, name))
}

async fn outputs(
    state: &AppState,
    conversations: Vec<Conversation>,
) -> Result<Vec<ConversationOut>, ApiError> {
    let mut ids: Vec<String> = conversations.iter().map(|c| c.agent_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let names = state.store.agents().names(&ids).await?;
    let conversation_ids: Vec<String> = conversations.iter().map(|c| c.id.clone()).collect();
    let mut last = state
        .store
        .conversations()
        .last_messages(&conversation_ids, LastMessageOut::CHARS as i32)
        .await?;
    Ok(conversations
        .into_iter()
        .map(|c| {
            let name = names.get(&c.agent_id).cloned().unwrap_or_default();
            let last_message = last
                .remove(&c.id)
                .map(|(role, text)| LastMessageOut::new(role.as_str(), &text));
            ConversationOut {
                last_message,
                ..ConversationOut::new(c, name)
            }
        })
        .collect())
}

fn instant(errors: &mut FieldErrors, field: &str, value: Option<&str>) -> Option<DateTime<Utc>> {
    let value = value.map(str::trim).filter(|v| !v.is_empty())?;
    match DateTime::parse_from_rfc3339(value) {
        Ok(t) => Some(t.with_timezone(&Utc)),
        Err(_) => match chrono::NaiveDate::parse_from_str(value, "%Y-%m-%d") {
            // A bare date: the start of that day for `from`, its end for `to`.
            Ok(day) => {
                let time = if field == "to" {
                    day.and_hms_micro_opt(23, 59, 59, 999_999)
                } else {
                    day.and_hms_opt(0, 0, 0)
                };
                time.map(|t| t.and_utc())
            }
            Err(_) => {
                errors.add(field, "Expected an RFC 3339 instant or a YYYY-MM-DD date");
                None
            }
        },
    }
}

pub async fn list(
    state: &AppState,
    user: &User,
    query: ConversationQuery,
    agent_id: Option<String>,
) -> Result<(Vec<ConversationOut>, ListMeta), ApiError> {
    let mut errors = FieldErrors::default();
    let (page, limit) = PageQuery {
        page: query.page,
        limit: query.limit,
    }
    .check(&mut errors);
    let channel = query
        .channel
        .as_deref()
        .filter(|s| !s.is_empty() && *s != "all")
        .and_then(|s| errors.check("channel", Channel::parse(s)));
    let status = query
        .status
        .as_deref()
        .filter(|s| !s.is_empty() && *s != "all")
        .and_then(|s| errors.check("status", ConversationStatus::parse(s)));
    let from = instant(&mut errors, "from", query.from.as_deref());
    let to = instant(&mut errors, "to", query.to.as_deref());
    errors.finish()?;
    let filter = ConversationFilter {
        viewer: user.id.clone(),
        agent_id: agent_id.or(query.agent_id.filter(|a| !a.is_empty() && a != "all")),
        channel,
        status,
        from,
        to,
        search: query.search,
        page,
        limit,
    };
    let (conversations, total) = state.store.conversations().list(&filter).await?;
    Ok((
        outputs(state, conversations).await?,
        ListMeta { page, limit, total },
    ))
}

/// Starts a conversation with an agent `user` may talk to.
pub async fn create(
    state: &AppState,
    user: &User,
    input: ConversationIn,
) -> Result<ConversationOut, ApiError> {
    let channel = match input.channel.as_deref().filter(|c| !c.is_empty()) {
        None => Channel::Web,
        Some(c) => Channel::parse(c).map_err(|e| ApiError::invalid_field("channel", e.message))?,
    };
    if input.agent_id.trim().is_empty() {
        return Err(ApiError::invalid_field("agentId", "Required"));
    }
    let agent = crate::agents::load(state, user, input.agent_id.trim()).await?;
    let title = input
        .title
        .map(|t| t.trim().to_owned())
        .filter(|t| !t.is_empty())
        .unwrap_or_else(|| "New conversation".to_owned());
    let (conversation, _) = start(state, &agent, user, channel, title, None).await?;
    Ok(ConversationOut::new(conversation, agent.config.name))
}

/// Stores a new conversation (with its first message, atomically, when
/// given) and announces both.
pub async fn start(
    state: &AppState,
    agent: &Agent,
    user: &User,
    channel: Channel,
    title: String,
    first: Option<NewMessage>,
) -> Result<(Conversation, Option<MessageOut>), ApiError> {
    let new = NewConversation {
        agent_id: agent.id.clone(),
        owner_id: agent.owner_id.clone(),
        user_id: Some(user.id.clone()),
        channel,
        title,
    };
    let conversations = state.store.conversations();
    let (conversation, message) = match first {
        Some(first) => {
            let (conversation, message) = conversations.create_with_message(new, first).await?;
            (conversation, Some(MessageOut::from(message)))
        }
        None => (conversations.create(new).await?, None),
    };
    let name = &agent.config.name;
    let mut started = conversation.clone();
    if message.is_some() {
        // Announced as it was before its first message, which follows.
        started.message_count = 0;
        started.tokens_in = 0;
        started.tokens_out = 0;
    }
    state
        .realtime
        .publish(
            audience_of(state, &conversation, agent).await,
            Event::ConversationStarted {
                conversation: ConversationOut::new(started, name.clone()),
            },
        )
        .await;
    if let Some(message) = &message {
        announce_message(state, &conversation, agent, message).await;
    }
    Ok((conversation, message))
}

/// Tells the conversation's audience about a new message.
pub async fn announce_message(
    state: &AppState,
    conversation: &Conversation,
    agent: &Agent,
    message: &MessageOut,
) {
    state
        .realtime
        .publish(
            audience_of(state, conversation, agent).await,
            Event::MessageCreated {
                conversation_id: conversation.id.clone(),
                agent_id: conversation.agent_id.clone(),
                message: Box::new(message.clone()),
                conversation: ConversationOut::new(conversation.clone(), agent.config.name.clone())
                    .with_last_message(message),
            },
        )
        .await;
}

pub async fn end(state: &AppState, user: &User, id: &str) -> Result<ConversationOut, ApiError> {
    let conversation = load(state, user, id, None).await?;
    let was_active = conversation.status != ConversationStatus::Ended;
    let ended = state.store.conversations().end(conversation).await?;
    let out = output(state, ended.clone()).await?;
    if was_active {
        state
            .realtime
            .publish(
                audience(state, &ended).await,
                Event::ConversationEnded {
                    conversation: out.clone(),
                },
            )
            .await;
    }
    Ok(out)
}

pub async fn delete(
    state: &AppState,
    user: &User,
    id: &str,
    agent_id: Option<&str>,
) -> Result<(), ApiError> {
    let conversation = load(state, user, id, agent_id).await?;
    if !held_by(&conversation, user)
        && agent_access(state, &conversation, user).await? < Some(crate::agents::Access::Edit)
    {
        return Err(ApiError::forbidden(
            "insufficient_team_role",
            "Your role in this agent's team does not allow deleting its conversations",
        ));
    }
    state.store.conversations().delete(&conversation.id).await?;
    state
        .realtime
        .publish(
            audience(state, &conversation).await,
            Event::ConversationDeleted {
                conversation_id: conversation.id,
                agent_id: conversation.agent_id,
            },
        )
        .await;
    Ok(())
}

pub async fn messages(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<Vec<MessageOut>, ApiError> {
    let conversation = load(state, user, id, None).await?;
    Ok(state
        .store
        .conversations()
        .messages(&conversation.id)
        .await?
        .into_iter()
        .map(MessageOut::from)
        .collect())
}

/// A transcript file: (content type, file name, body).
pub async fn export(
    state: &AppState,
    user: &User,
    id: &str,
    format: Option<&str>,
) -> Result<(&'static str, String, String), ApiError> {
    let csv = match format.unwrap_or("json") {
        "json" | "" => false,
        "csv" => true,
        other => {
            return Err(ApiError::invalid_field(
                "format",
                format!("Invalid enum value. Expected 'json' | 'csv', received '{other}'"),
            ));
        }
    };
    let conversation = load(state, user, id, None).await?;
    let messages = messages(state, user, id).await?;
    let conversation = output(state, conversation).await?;
    let name = format!("conversation-{}", conversation.id);
    if csv {
        let mut body = String::from(
            "created_at,role,status,content,tokens_in,tokens_out,latency_ms,provider,model,sources\r\n",
        );
        for m in &messages {
            let sources = m
                .citations
                .iter()
                .map(|c| c.document_name.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let fields = [
                m.created_at.to_rfc3339(),
                m.role.clone(),
                m.status.clone(),
                m.content.clone(),
                m.tokens_in.to_string(),
                m.tokens_out.to_string(),
                m.latency_ms.map(|v| v.to_string()).unwrap_or_default(),
                m.provider.clone().unwrap_or_default(),
                m.model.clone().unwrap_or_default(),
                sources,
            ];
            body.push_str(
                &fields
                    .iter()
                    .map(|f| csv_field(f))
                    .collect::<Vec<_>>()
                    .join(","),
            );
            body.push_str("\r\n");
        }
        return Ok(("text/csv; charset=utf-8", format!("{name}.csv"), body));
    }
    let body = serde_json::to_string_pretty(&serde_json::json!({
        "conversation": conversation,
        "messages": messages,
    }))
    .map_err(ApiError::internal)?;
    Ok(("application/json", format!("{name}.json"), body))
}

/// A CSV field, quoted when it must be; a leading `=`, `+`, `-` or `@` is
/// defused so spreadsheets do not run it as a formula.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\"\nnow"), "\"say \"\"hi\"\"\nnow\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
    }
}
