//! Conversations and their messages.

use agentforge_domain::conversation::{Channel, ConversationStatus, MessageRole, MessageStatus};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, LikeExpr, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait,
    DatabaseConnection, EntityTrait, Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect,
    TransactionTrait,
};

use crate::StoreError;
use crate::entities::{conversation, message};

fn corrupt(what: &str, e: impl std::fmt::Display) -> StoreError {
    StoreError::Database(sea_orm::DbErr::Custom(format!(
        "stored {what} cannot be read: {e}"
    )))
}

fn count(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

#[derive(Debug, Clone, PartialEq)]
pub struct Conversation {
    pub id: String,
    pub agent_id: String,
    /// The agent's owner.
    pub owner_id: String,
    /// Who talked, when signed in.
    pub user_id: Option<String>,
    pub channel: Channel,
    pub title: String,
    pub status: ConversationStatus,
    pub message_count: u32,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub started_at: DateTime<Utc>,
    pub last_message_at: DateTime<Utc>,
    pub ended_at: Option<DateTime<Utc>>,
}

impl TryFrom<conversation::Model> for Conversation {
    type Error = StoreError;

    fn try_from(m: conversation::Model) -> Result<Self, StoreError> {
        Ok(Self {
            channel: Channel::parse(&m.channel).map_err(|e| corrupt("channel", e))?,
            status: ConversationStatus::parse(&m.status)
                .map_err(|e| corrupt("conversation status", e))?,
            id: m.id,
            agent_id: m.agent_id,
            owner_id: m.owner_id,
            user_id: m.user_id,
            title: m.title,
            message_count: u32::try_from(m.message_count).unwrap_or_default(),
            tokens_in: count(m.tokens_in),
            tokens_out: count(m.tokens_out),
            started_at: m.started_at,
            last_message_at: m.last_message_at,
            ended_at: m.ended_at,
        })
    }
}

impl Conversation {
    /// Counts a stored message, as the database's trigger does.
    pub fn count(&mut self, message: &Message) {
        self.message_count = self.message_count.saturating_add(1);
        self.tokens_in = self.tokens_in.saturating_add(u64::from(message.tokens_in));
        self.tokens_out = self
            .tokens_out
            .saturating_add(u64::from(message.tokens_out));
        self.last_message_at = message.created_at;
    }
}

#[derive(Debug, Clone)]
pub struct NewConversation {
    pub agent_id: String,
    pub owner_id: String,
    pub user_id: Option<String>,
    pub channel: Channel,
    pub title: String,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Message {
    pub id: String,
    pub conversation_id: String,
    pub role: MessageRole,
    pub content: String,
    pub status: MessageStatus,
    pub error: Option<String>,
    /// A JSON array.
    pub citations: serde_json::Value,
    /// A JSON array.
    pub tool_calls: serde_json::Value,
    pub tokens_in: u32,
    pub tokens_out: u32,
    pub latency_ms: Option<u32>,
    pub first_token_ms: Option<u32>,
    pub provider: Option<String>,
    pub model: Option<String>,
    pub notice: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl TryFrom<message::Model> for Message {
    type Error = StoreError;

    fn try_from(m: message::Model) -> Result<Self, StoreError> {
        let ms = |v: Option<i32>| v.and_then(|v| u32::try_from(v).ok());
        Ok(Self {
            role: MessageRole::parse(&m.role).map_err(|e| corrupt("message role", e))?,
            status: MessageStatus::parse(&m.status).map_err(|e| corrupt("message status", e))?,
            citations: serde_json::from_str(&m.citations).map_err(|e| corrupt("citations", e))?,
            tool_calls: serde_json::from_str(&m.tool_calls)
                .map_err(|e| corrupt("tool calls", e))?,
            id: m.id,
            conversation_id: m.conversation_id,
            content: m.content,
            error: m.error,
            tokens_in: u32::try_from(m.tokens_in).unwrap_or_default(),
            tokens_out: u32::try_from(m.tokens_out).unwrap_or_default(),
            latency_ms: ms(m.latency_ms),
            first_token_ms: ms(m.first_token_ms),
            provider: m.provider,
            model: m.model,
            notice: m.notice,
            created_at: m.created_at,
        })
    }
}

/// A message to store. `id` may be chosen ahead (a streamed answer announces
/// its id before it is written).
#[derive(Debug, Clone)]
pub struct NewMessage {
    pub id: Option<String>,
    pub role: MessageRole,
    pub content: String,
    pub status: MessageStatus,
    pub error: Option<String>,
    pub citations: serde_json::Value,
    pub tool_calls: serde_json::Value,
    pub tokens_in: u32,
    pub tokens_out: u32,
    pub latency_ms: Option<u32>,
    pub first_token_ms: Option<u32>,
    pub provider: Option<String>,
    pub model: Option<String>,
    pub notice: Option<String>,
}

impl NewMessage {
    /// A whole message with nothing but its text.
    pub fn text(role: MessageRole, content: impl Into<String>) -> Self {
        Self {
            id: None,
            role,
            content: content.into(),
            status: MessageStatus::Complete,
            error: None,
            citations: serde_json::json!([]),
            tool_calls: serde_json::json!([]),
            tokens_in: 0,
            tokens_out: 0,
            latency_ms: None,
            first_token_ms: None,
            provider: None,
            model: None,
            notice: None,
        }
    }
}

/// What to list: the conversations `viewer` may see (those of their agents,
/// of the agents shared with their teams, and those they started), filtered
/// and paged, latest activity first.
#[derive(Debug, Clone, Default)]
pub struct ConversationFilter {
    pub viewer: String,
    pub agent_id: Option<String>,
    pub channel: Option<Channel>,
    pub status: Option<ConversationStatus>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
    /// Case-insensitive substring of the title or of any message.
    pub search: Option<String>,
    pub page: u64,
    pub limit: u64,
}

/// Whose activity to count.
#[derive(Debug, Clone)]
pub enum Scope {
    Agent(String),
    Owner(String),
}

/// A conversation start, for activity series.
#[derive(Debug, Clone, PartialEq)]
pub struct StartFact {
    pub started_at: DateTime<Utc>,
    pub user_id: Option<String>,
    pub status: ConversationStatus,
}

/// A message, reduced to what activity series need.
#[derive(Debug, Clone, PartialEq)]
pub struct MessageFact {
    pub created_at: DateTime<Utc>,
    pub role: MessageRole,
    pub latency_ms: Option<u32>,
    pub tokens_in: u32,
    pub tokens_out: u32,
}

/// (created_at, role, latency_ms, tokens_in, tokens_out) as selected.
type MessageFactRow = (DateTime<Utc>, String, Option<i32>, i32, i32);

pub struct Conversations<'a> {
    db: &'a DatabaseConnection,
}

fn json_text(value: &serde_json::Value) -> String {
    value.to_string()
}

fn like(text: &str) -> LikeExpr {
    let escaped = text
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    LikeExpr::new(format!("%{escaped}%")).escape('\\')
}

impl<'a> Conversations<'a> {
    pub(crate) fn new(db: &'a DatabaseConnection) -> Self {
        Self { db }
    }

    pub async fn create(&self, new: NewConversation) -> Result<Conversation, StoreError> {
        insert_conversation(self.db, new).await
    }

    /// Starts a conversation with its first message, both or neither.
    pub async fn create_with_message(
        &self,
        new: NewConversation,
        first: NewMessage,
    ) -> Result<(Conversation, Message), StoreError> {
        let txn = self.db.begin().await?;
        let mut conversation = insert_conversation(&txn, new).await?;
        let message = insert_message(&txn, &conversation.id, first).await?;
        txn.commit().await?;
        conversation.count(&message);
        Ok((conversation, message))
    }

    pub async fn get(&self, id: &str) -> Result<Option<Conversation>, StoreError> {
        conversation::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Conversation::try_from)
            .transpose()
    }

    pub async fn list(
        &self,
        filter: &ConversationFilter,
    ) -> Result<(Vec<Conversation>, u64), StoreError> {
        let mut query = conversation::Entity::find().filter(
            Condition::any()
                .add(conversation::Column::OwnerId.eq(filter.viewer.clone()))
                .add(conversation::Column::UserId.eq(filter.viewer.clone()))
                .add(
                    conversation::Column::AgentId
                        .in_subquery(crate::teams::team_agents_of(&filter.viewer)),
                ),
        );
        if let Some(agent_id) = &filter.agent_id {
            query = query.filter(conversation::Column::AgentId.eq(agent_id.clone()));
        }
        if let Some(channel) = filter.channel {
            query = query.filter(conversation::Column::Channel.eq(channel.as_str()));
        }
        if let Some(status) = filter.status {
            query = query.filter(conversation::Column::Status.eq(status.as_str()));
        }
        if let Some(from) = filter.from {
            query = query.filter(conversation::Column::StartedAt.gte(from));
        }
        if let Some(to) = filter.to {
            query = query.filter(conversation::Column::StartedAt.lte(to));
        }
        if let Some(search) = filter
            .search
            .as_deref()
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            let in_messages = Query::select()
                .column(message::Column::ConversationId)
                .from(message::Entity)
                .and_where(
                    Expr::expr(Func::lower(Expr::col(message::Column::Content))).like(like(search)),
                )
                .to_owned();
            query = query.filter(
                Condition::any()
                    .add(
                        Expr::expr(Func::lower(Expr::col(conversation::Column::Title)))
                            .like(like(search)),
                    )
                    .add(conversation::Column::Id.in_subquery(in_messages)),
            );
        }
        let total = query.clone().count(self.db).await?;
        let rows = query
            .order_by(conversation::Column::LastMessageAt, Order::Desc)
            .order_by(conversation::Column::Id, Order::Desc)
            .offset(filter.page.saturating_sub(1) * filter.limit)
            .limit(filter.limit)
            .all(self.db)
            .await?;
        let conversations = rows
            .into_iter()
            .map(Conversation::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        Ok((conversations, total))
    }

    /// Marks the conversation ended (again ending an ended one changes nothing).
    pub async fn end(&self, current: Conversation) -> Result<Conversation, StoreError> {
        if current.status == ConversationStatus::Ended {
            return Ok(current);
        }
        let model = conversation::ActiveModel {
            id: Set(current.id),
            status: Set(ConversationStatus::Ended.as_str().to_owned()),
            ended_at: Set(Some(crate::now())),
            ..Default::default()
        }
        .update(self.db)
        .await?;
        Conversation::try_from(model)
    }

    pub async fn delete(&self, id: &str) -> Result<(), StoreError> {
        let result = conversation::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        if result.rows_affected == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Stores a message; the database counts it on its conversation in the
    /// same statement (a trigger). [`Conversation::count`] applies the same
    /// change to a copy in memory.
    pub async fn add_message(
        &self,
        conversation_id: &str,
        new: NewMessage,
    ) -> Result<Message, StoreError> {
        insert_message(self.db, conversation_id, new).await
    }

    pub async fn message(&self, id: &str) -> Result<Option<Message>, StoreError> {
        message::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Message::try_from)
            .transpose()
    }

    /// Every message, oldest first.
    pub async fn messages(&self, conversation_id: &str) -> Result<Vec<Message>, StoreError> {
        message::Entity::find()
            .filter(message::Column::ConversationId.eq(conversation_id))
            .order_by_asc(message::Column::CreatedAt)
            .order_by_asc(message::Column::Id)
            .all(self.db)
            .await?
            .into_iter()
            .map(Message::try_from)
            .collect()
    }

    /// The latest `limit` messages, oldest first.
    pub async fn recent_messages(
        &self,
        conversation_id: &str,
        limit: u64,
    ) -> Result<Vec<Message>, StoreError> {
        let mut messages = message::Entity::find()
            .filter(message::Column::ConversationId.eq(conversation_id))
            .order_by_desc(message::Column::CreatedAt)
            .order_by_desc(message::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Message::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        messages.reverse();
        Ok(messages)
    }

    /// The start of each conversation's latest message (at most
    /// `chars` characters) with its role, by conversation id. Conversations
    /// without messages are absent.
    pub async fn last_messages(
        &self,
        ids: &[String],
        chars: i32,
    ) -> Result<std::collections::HashMap<String, (MessageRole, String)>, StoreError> {
        if ids.is_empty() {
            return Ok(Default::default());
        }
        // The trigger sets `last_message_at` to the newest message's
        // `created_at`, so the pair finds it through the (conversation_id,
        // created_at) index.
        let latest = Query::select()
            .column(conversation::Column::Id)
            .column(conversation::Column::LastMessageAt)
            .from(conversation::Entity)
            .and_where(conversation::Column::Id.is_in(ids.iter().cloned()))
            .and_where(conversation::Column::MessageCount.gt(0))
            .to_owned();
        let rows: Vec<(String, String, String)> = message::Entity::find()
            .select_only()
            .column(message::Column::ConversationId)
            .column(message::Column::Role)
            .column_as(
                Expr::expr(
                    Func::cust("substr")
                        .arg(Expr::col(message::Column::Content))
                        .arg(1)
                        .arg(chars),
                ),
                "start",
            )
            .filter(
                Expr::tuple([
                    Expr::col(message::Column::ConversationId),
                    Expr::col(message::Column::CreatedAt),
                ])
                .in_subquery(latest),
            )
            .order_by_asc(message::Column::Id)
            .into_tuple()
            .all(self.db)
            .await?;
        rows.into_iter()
            .map(|(id, role, start)| {
                let role = MessageRole::parse(&role).map_err(|e| corrupt("message role", e))?;
                Ok((id, (role, start)))
            })
            .collect()
    }

    fn scoped(scope: &Scope) -> Condition {
        match scope {
            Scope::Agent(id) => Condition::all().add(conversation::Column::AgentId.eq(id.clone())),
            Scope::Owner(id) => Condition::all().add(conversation::Column::OwnerId.eq(id.clone())),
        }
    }

    /// Conversations started since `from`.
    pub async fn starts_since(
        &self,
        scope: &Scope,
        from: DateTime<Utc>,
    ) -> Result<Vec<StartFact>, StoreError> {
        let rows: Vec<(DateTime<Utc>, Option<String>, String)> = conversation::Entity::find()
            .select_only()
            .column(conversation::Column::StartedAt)
            .column(conversation::Column::UserId)
            .column(conversation::Column::Status)
            .filter(Self::scoped(scope))
            .filter(conversation::Column::StartedAt.gte(from))
            .into_tuple()
            .all(self.db)
            .await?;
        rows.into_iter()
            .map(|(started_at, user_id, status)| {
                Ok(StartFact {
                    started_at,
                    user_id,
                    status: ConversationStatus::parse(&status)
                        .map_err(|e| corrupt("conversation status", e))?,
                })
            })
            .collect()
    }

    /// Messages written since `from`.
    pub async fn messages_since(
        &self,
        scope: &Scope,
        from: DateTime<Utc>,
    ) -> Result<Vec<MessageFact>, StoreError> {
        let ids = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .cond_where(Self::scoped(scope))
            .to_owned();
        let rows: Vec<MessageFactRow> = message::Entity::find()
            .select_only()
            .column(message::Column::CreatedAt)
            .column(message::Column::Role)
            .column(message::Column::LatencyMs)
            .column(message::Column::TokensIn)
            .column(message::Column::TokensOut)
            .filter(message::Column::ConversationId.in_subquery(ids))
            .filter(message::Column::CreatedAt.gte(from))
            .into_tuple()
            .all(self.db)
            .await?;
        rows.into_iter()
            .map(|(created_at, role, latency, tokens_in, tokens_out)| {
                Ok(MessageFact {
                    created_at,
                    role: MessageRole::parse(&role).map_err(|e| corrupt("message role", e))?,
                    latency_ms: latency.and_then(|v| u32::try_from(v).ok()),
                    tokens_in: u32::try_from(tokens_in).unwrap_or_default(),
                    tokens_out: u32::try_from(tokens_out).unwrap_or_default(),
                })
            })
            .collect()
    }

    /// All-time totals: conversations, active conversations, messages.
    pub async fn totals(&self, scope: &Scope) -> Result<(u64, u64, u64), StoreError> {
        let all = conversation::Entity::find().filter(Self::scoped(scope));
        let conversations = all.clone().count(self.db).await?;
        let active = all
            .clone()
            .filter(conversation::Column::Status.eq(ConversationStatus::Active.as_str()))
            .count(self.db)
            .await?;
        let messages: Option<i64> = all
            .select_only()
            .column_as(
                Expr::col(conversation::Column::MessageCount).sum(),
                "messages",
            )
            .into_tuple()
            .one(self.db)
            .await?
            .flatten();
        Ok((conversations, active, count(messages.unwrap_or_default())))
    }
}

async fn insert_conversation(
    db: &impl ConnectionTrait,
    new: NewConversation,
) -> Result<Conversation, StoreError> {
    let now = crate::now();
    let model = conversation::ActiveModel {
        id: Set(uuid::Uuid::now_v7().to_string()),
        agent_id: Set(new.agent_id),
        owner_id: Set(new.owner_id),
        user_id: Set(new.user_id),
        channel: Set(new.channel.as_str().to_owned()),
        title: Set(new.title.chars().take(200).collect()),
        status: Set(ConversationStatus::Active.as_str().to_owned()),
        message_count: Set(0),
        tokens_in: Set(0),
        tokens_out: Set(0),
        started_at: Set(now),
        last_message_at: Set(now),
        ended_at: Set(None),
    }
    .insert(db)
    .await?;
    Conversation::try_from(model)
}

/// Stores a message; the database counts it on its conversation (a trigger).
async fn insert_message(
    db: &impl ConnectionTrait,
    conversation_id: &str,
    new: NewMessage,
) -> Result<Message, StoreError> {
    let ms = |v: Option<u32>| v.map(|v| i32::try_from(v).unwrap_or(i32::MAX));
    let message = message::ActiveModel {
        id: Set(new.id.unwrap_or_else(|| uuid::Uuid::now_v7().to_string())),
        conversation_id: Set(conversation_id.to_owned()),
        role: Set(new.role.as_str().to_owned()),
        content: Set(new.content),
        status: Set(new.status.as_str().to_owned()),
        error: Set(new.error),
        citations: Set(json_text(&new.citations)),
        tool_calls: Set(json_text(&new.tool_calls)),
        tokens_in: Set(i32::try_from(new.tokens_in).unwrap_or(i32::MAX)),
        tokens_out: Set(i32::try_from(new.tokens_out).unwrap_or(i32::MAX)),
        latency_ms: Set(ms(new.latency_ms)),
        first_token_ms: Set(ms(new.first_token_ms)),
        provider: Set(new.provider),
        model: Set(new.model),
        notice: Set(new.notice),
        created_at: Set(crate::now()),
    }
    .insert(db)
    .await
    .map_err(|e| match e.sql_err() {
        // The conversation was deleted meanwhile.
        Some(sea_orm::SqlErr::ForeignKeyConstraintViolation(_)) => StoreError::NotFound,
        _ => StoreError::Database(e),
    })?;
    Message::try_from(message)
}
