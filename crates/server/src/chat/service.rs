//! One chat turn, from the question to the stored answer: see docs/chat.md.

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use agentforge_domain::agent::AgentStatus;
use agentforge_domain::conversation::{
    self, Channel, ConversationStatus, MessageRole, MessageStatus,
};
use agentforge_llm::{
    BUILTIN_NOTICE, ChatMessage, ChatModel, ChatRequest, Grounding, GroundingPassage, NoTools,
    ProviderError, Role, TurnError, TurnOutcome, estimate_tokens, run_turn,
};
use agentforge_store::{Agent, Conversation, Message, NewMessage, PassageHit, User};
use axum::http::StatusCode;

use super::types::ChatIn;
use crate::conversations::service as conversations;
use crate::conversations::{CitationOut, MessageOut, ToolCallOut};
use crate::http::ApiError;
use crate::state::AppState;

/// Passages of the knowledge base given to the model (and cited).
const PASSAGES: u64 = 5;
/// Earlier messages considered for context, before trimming to the budget.
const HISTORY_MESSAGES: u64 = 50;
/// Tokens of earlier turns sent along, at most (about three quarters of an
/// 8k context, the smallest in common use, leaving room for the answer).
const HISTORY_TOKENS: u32 = 6000;
const EXCERPT_CHARS: usize = 300;

/// Everything a turn needs once the question is accepted and stored.
pub struct Prepared {
    pub agent: Agent,
    pub conversation: Conversation,
    pub user_message: MessageOut,
    pub model: Arc<dyn ChatModel>,
    pub model_name: String,
    pub request: ChatRequest,
    pub citations: Vec<CitationOut>,
    pub started: Instant,
    /// The answer's id, announced before it is written.
    pub answer_id: String,
}

/// A provider failure as an API error: its status, code, words and `Retry-After`.
pub fn provider_error(error: &ProviderError) -> ApiError {
    ApiError::new(
        StatusCode::from_u16(error.status()).unwrap_or(StatusCode::BAD_GATEWAY),
        error.code(),
        error.to_string(),
    )
    .with_retry_after(error.retry_after())
}

fn agent_not_found() -> ApiError {
    ApiError::not_found("agent_not_found", "Agent not found")
}

/// The agent, if `user` may see it (as its owner or a member of its team)
/// or holds its public link's token.
pub async fn load_agent(
    state: &AppState,
    user: &User,
    id: &str,
    share_token: Option<&str>,
) -> Result<Agent, ApiError> {
    let agent = state
        .store
        .agents()
        .get(id)
        .await?
        .ok_or_else(agent_not_found)?;
    let shared = match (&agent.share_token, share_token) {
        (Some(expected), Some(given)) => {
            crate::accounts::tokens::hash_token(expected)
                == crate::accounts::tokens::hash_token(given)
        }
        _ => false,
    };
    if !shared
        && crate::agents::access_to(state, user, &agent)
            .await?
            .is_none()
    {
        return Err(agent_not_found());
    }
    Ok(agent)
}

fn check_message(message: &str) -> Result<String, ApiError> {
    let message = message.trim();
    if message.is_empty() {
        return Err(ApiError::invalid_field("message", "Required"));
    }
    if message.chars().count() > conversation::MESSAGE_MAX_CHARS {
        return Err(ApiError::invalid_field(
            "message",
            format!(
                "String must contain at most {} character(s)",
                conversation::MESSAGE_MAX_CHARS
            ),
        ));
    }
    Ok(message.to_owned())
}

/// Validates the turn, stores the question and gathers the context. Nothing
/// is stored when the turn is refused.
pub async fn prepare(
    state: &AppState,
    user: &User,
    agent_id: &str,
    input: ChatIn,
) -> Result<Prepared, ApiError> {
    let started = Instant::now();
    let text = check_message(&input.message)?;
    let agent = load_agent(state, user, agent_id, input.share_token.as_deref()).await?;
    if matches!(agent.status, AgentStatus::Paused | AgentStatus::Archived) {
        return Err(ApiError::conflict(
            "agent_inactive",
            format!(
                "This agent is {} and does not take messages; activate it first",
                agent.status
            ),
        ));
    }
    let (model, model_name) = state
        .models
        .for_agent(&agent.config.model)
        .map_err(|e| provider_error(&e))?;
    let existing = match input.conversation_id.as_deref().filter(|c| !c.is_empty()) {
        Some(id) => {
            let conversation = conversations::load(state, user, id, Some(&agent.id)).await?;
            if conversation.status != ConversationStatus::Active {
                return Err(ApiError::conflict(
                    "conversation_ended",
                    "This conversation has ended; start a new one",
                ));
            }
            Some(conversation)
        }
        None => None,
    };
    // The three reads are independent: run them at once (on separate pooled
    // connections) to keep them off each other's path to the first token.
    let history = async {
        match (&existing, input.include_context) {
            (Some(c), true) => {
                state
                    .store
                    .conversations()
                    .recent_messages(&c.id, HISTORY_MESSAGES)
                    .await
            }
            _ => Ok(Vec::new()),
        }
    };
    let hits = async {
        if input.use_knowledge_base && agent.config.use_knowledge_base {
            state
                .store
                .knowledge()
                .search(&agent.id, &text, PASSAGES)
                .await
        } else {
            Ok(Vec::new())
        }
    };
    let personality = async {
        match &agent.config.personality_id {
            Some(id) => state.store.personalities().get(id).await,
            None => Ok(None),
        }
    };
    let (history, hits, personality) = tokio::join!(history, hits, personality);
    let (history, hits, personality) = (history?, hits?, personality?);
    let mut question = NewMessage::text(MessageRole::User, text.clone());
    question.tokens_in = estimate_tokens(&text);
    let (conversation, user_message) = match existing {
        Some(mut conversation) => {
            let message = record(state, &agent, &mut conversation, question).await?;
            (conversation, message)
        }
        None => {
            let title = conversation::title_from(&text);
            let (conversation, message) =
                conversations::start(state, &agent, user, Channel::Web, title, Some(question))
                    .await?;
            let message =
                message.ok_or_else(|| ApiError::internal("the first message was not stored"))?;
            (conversation, message)
        }
    };

    let mut system = if agent.config.instructions.trim().is_empty() {
        format!("You are {}, a helpful assistant.", agent.config.name)
    } else {
        agent.config.instructions.trim().to_owned()
    };
    if let Some(p) = &personality {
        system.push_str(&format!("\n\nPersonality ({}): {}", p.name, p.instructions));
    }
    system.push_str(&format!(
        "\n\nAnswer in the language with code '{}' unless the person writes in another language.",
        agent.config.language
    ));
    if !hits.is_empty() {
        system.push_str("\n\nUse the following passages from the knowledge base when they answer the question, name the source you used, and do not invent facts they do not support.\n");
        for (i, hit) in hits.iter().enumerate() {
            system.push_str(&format!(
                "\n[{}] Source: {}\n{}\n",
                i + 1,
                hit.document_name,
                hit.content
            ));
        }
    }
    let mut messages = vec![ChatMessage::new(Role::System, system)];
    messages.extend(context(&history));
    messages.push(ChatMessage::new(Role::User, text));
    let request = ChatRequest {
        model: model_name.clone(),
        messages,
        temperature: agent.config.model.temperature,
        max_tokens: agent.config.model.max_tokens,
        tools: Vec::new(),
        grounding: Grounding {
            agent_name: agent.config.name.clone(),
            description: agent.config.description.clone(),
            greeting: agent.config.greeting.clone(),
            language: agent.config.language.clone(),
            passages: hits
                .iter()
                .map(|h| GroundingPassage {
                    source: h.document_name.clone(),
                    text: h.content.clone(),
                })
                .collect(),
        },
    };
    Ok(Prepared {
        citations: hits.into_iter().map(citation).collect(),
        conversation,
        user_message,
        model,
        model_name,
        request,
        started,
        answer_id: uuid::Uuid::now_v7().to_string(),
        agent,
    })
}

/// Earlier turns, newest kept first, within [`HISTORY_TOKENS`].
fn context(history: &[Message]) -> Vec<ChatMessage> {
    let mut budget = HISTORY_TOKENS;
    let mut kept = Vec::new();
    for m in history.iter().rev() {
        let role = match m.role {
            MessageRole::User => Role::User,
            MessageRole::Assistant if m.status != MessageStatus::Failed => Role::Assistant,
            _ => continue,
        };
        if m.content.is_empty() {
            continue;
        }
        let cost = estimate_tokens(&m.content);
        if cost > budget {
            break;
        }
        budget -= cost;
        kept.push(ChatMessage::new(role, m.content.clone()));
    }
    kept.reverse();
    kept
}

fn citation(hit: PassageHit) -> CitationOut {
    let mut excerpt: String = hit.content.chars().take(EXCERPT_CHARS).collect();
    if excerpt.len() < hit.content.len() {
        excerpt = format!("{}…", excerpt.trim_end());
    }
    CitationOut {
        document_id: hit.document_id,
        document_name: hit.document_name,
        passage_id: hit.passage_id,
        excerpt,
        score: hit.score,
    }
}

/// Stores a message, counts it on `conversation` (as the database does) and
/// announces it.
async fn record(
    state: &AppState,
    agent: &Agent,
    conversation: &mut Conversation,
    message: NewMessage,
) -> Result<MessageOut, ApiError> {
    let message = state
        .store
        .conversations()
        .add_message(&conversation.id, message)
        .await?;
    conversation.count(&message);
    let message = MessageOut::from(message);
    conversations::announce_message(state, conversation, agent, &message).await;
    Ok(message)
}

fn millis(duration: std::time::Duration) -> u32 {
    u32::try_from(duration.as_millis()).unwrap_or(u32::MAX)
}

/// Runs the model for a prepared turn; text goes to `on_text` as it comes
/// (which may stop the turn by returning `Break`). The answer is stored
/// whatever the model does: whole, partial or failed (with the provider's
/// error returned beside it).
pub async fn answer(
    state: &AppState,
    mut prepared: Prepared,
    stream: bool,
    on_text: &mut (dyn FnMut(&str) -> ControlFlow<()> + Send),
) -> Result<(MessageOut, Option<ProviderError>), ApiError> {
    let result = run_turn(
        prepared.model.as_ref(),
        prepared.request.clone(),
        &NoTools,
        stream,
        on_text,
    )
    .await;
    let (outcome, error): (TurnOutcome, Option<ProviderError>) = match result {
        Ok(outcome) => (outcome, None),
        Err(TurnError { error, partial }) => (partial, Some(error)),
    };
    let status = match (&error, outcome.stopped) {
        (Some(_), _) => MessageStatus::Failed,
        (None, true) => MessageStatus::Partial,
        (None, false) => MessageStatus::Complete,
    };
    let builtin = prepared.model.provider() == "builtin";
    let answer = NewMessage {
        id: Some(prepared.answer_id.clone()),
        role: MessageRole::Assistant,
        content: outcome.text,
        status,
        error: error.as_ref().map(ToString::to_string),
        citations: serde_json::to_value(&prepared.citations).unwrap_or_default(),
        tool_calls: serde_json::to_value(
            outcome
                .tool_calls
                .into_iter()
                .map(|c| ToolCallOut {
                    id: c.id,
                    name: c.name,
                    arguments: c.arguments,
                    result: c.result,
                    is_error: c.is_error,
                })
                .collect::<Vec<_>>(),
        )
        .unwrap_or_default(),
        tokens_in: outcome.usage.input_tokens,
        tokens_out: outcome.usage.output_tokens,
        latency_ms: Some(millis(prepared.started.elapsed())),
        first_token_ms: outcome.first_token.map(millis),
        provider: Some(prepared.model.provider().to_owned()),
        model: Some(prepared.model_name.clone()),
        notice: builtin.then(|| BUILTIN_NOTICE.to_owned()),
    };
    let stored = record(state, &prepared.agent, &mut prepared.conversation, answer).await?;
    if let Err(e) = state
        .store
        .agents()
        .touch_last_active(&prepared.agent.id)
        .await
    {
        tracing::warn!(error = %e, "cannot record the agent's last activity");
    }
    Ok((stored, error))
}
