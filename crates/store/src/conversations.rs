//! Conversations and their messages.

use agentforge_domain::conversation::{Channel, ConversationStatus, MessageRole, MessageStatus};
use agentforge_domain::policy::{Party, PartyKind};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, Func, Query};
use sea_orm::{
    ActiveModelTrait, ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait,
    Order, PaginatorTrait, QueryFilter, QueryOrder, QuerySelect, TransactionSession,
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

/// What is live among one owner's conversations.
#[derive(Debug, Clone, Default)]
pub struct Live {
    /// Conversations with an answer being written, and since when.
    pub answering: Vec<(Conversation, DateTime<Utc>)>,
    /// Conversations handed to a person.
    pub handed_off: Vec<Conversation>,
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
    /// Who held it when that was not a signed-in user (a widget visitor, a
    /// phone number …).
    pub party: Option<Party>,
    /// A test turn of the agent builder: left out of lists and analytics.
    pub test: bool,
    /// Where it is in its agent's flow, when it follows one.
    pub flow_state: Option<serde_json::Value>,
    /// The team member who took it over.
    pub assignee_id: Option<String>,
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
            party: match (m.party_kind, m.party_key) {
                (Some(kind), Some(key)) => Some(Party::from_parts(
                    PartyKind::parse(&kind).map_err(|e| corrupt("party", e))?,
                    key,
                )),
                _ => None,
            },
            test: m.test,
            flow_state: m
                .flow_state
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| corrupt("flow state", e))?,
            assignee_id: m.assignee_id,
        })
    }
}

impl Conversation {
    /// Who held the conversation: the signed-in user, or another party.
    pub fn holder(&self) -> Option<Party> {
        match &self.user_id {
            Some(user_id) => Some(Party::User(user_id.clone())),
            None => self.party.clone(),
        }
    }

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
    /// Who holds it: a signed-in user is kept in `user_id`, any other
    /// party in `party_kind`/`party_key`.
    pub holder: Option<Party>,
    pub channel: Channel,
    pub title: String,
    pub test: bool,
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
    /// The flow node that said it (its buttons, voice …), a JSON object.
    pub flow: Option<serde_json::Value>,
    /// The team member who typed it, not the agent.
    pub author_id: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: Option<DateTime<Utc>>,
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
            flow: m
                .flow
                .as_deref()
                .map(serde_json::from_str)
                .transpose()
                .map_err(|e| corrupt("message flow", e))?,
            author_id: m.author_id,
            created_at: m.created_at,
            updated_at: m.updated_at,
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
    pub flow: Option<serde_json::Value>,
    pub author_id: Option<String>,
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
            flow: None,
            author_id: None,
        }
    }
}

/// What a flow's turn changes on its conversation.
#[derive(Debug, Clone)]
pub struct FlowChange {
    /// Where it is in the flow now.
    pub state: serde_json::Value,
    /// `HandedOff` or `Ended` when the flow got there.
    pub status: Option<ConversationStatus>,
}

/// Where a turn happens: a conversation to start, or one already going.
#[derive(Debug, Clone)]
pub enum TurnConversation {
    New(NewConversation),
    Existing(Conversation),
}

/// What to list: the conversations `viewer` may see (those of their agents,
/// of the agents shared with their teams, and those they started), filtered
/// and paged, latest activity first.
#[derive(Debug, Clone, Default)]
pub struct ConversationFilter {
    pub viewer: String,
    pub agent_id: Option<String>,
    /// Only these agents' conversations (an API key's); `None`: no such bound.
    pub only_agents: Option<Vec<String>>,
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

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Conversations<'a, C = crate::Db> {
    db: &'a C,
}

fn millis_column(value: Option<u32>) -> Option<i32> {
    value.map(|v| i32::try_from(v).unwrap_or(i32::MAX))
}

fn json_text(value: &serde_json::Value) -> String {
    value.to_string()
}

impl<'a, C: ConnectionTrait + TransactionTrait> Conversations<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
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

    /// The agent's newest active conversation held by `party` (one that is
    /// not a signed-in user): where an API client's end user goes on.
    pub async fn active_held_by(
        &self,
        agent_id: &str,
        party: &Party,
    ) -> Result<Option<Conversation>, StoreError> {
        conversation::Entity::find()
            .filter(conversation::Column::AgentId.eq(agent_id))
            .filter(conversation::Column::PartyKind.eq(party.kind().as_str()))
            .filter(
                conversation::Column::PartyKey.eq(party
                    .key()
                    .chars()
                    .take(200)
                    .collect::<String>()),
            )
            // A conversation a person holds goes on too: the message is theirs.
            .filter(conversation::Column::Status.is_in([
                ConversationStatus::Active.as_str(),
                ConversationStatus::HandedOff.as_str(),
            ]))
            .order_by_desc(conversation::Column::LastMessageAt)
            .one(self.db)
            .await?
            .map(Conversation::try_from)
            .transpose()
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
        let mut query = conversation::Entity::find()
            .filter(conversation::Column::Test.eq(false))
            .filter(
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
        if let Some(only) = &filter.only_agents {
            query = query.filter(conversation::Column::AgentId.is_in(only.iter().cloned()));
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
                    Expr::expr(Func::lower(Expr::col(message::Column::Content)))
                        .like(crate::contains(search)),
                )
                .to_owned();
            query = query.filter(
                Condition::any()
                    .add(
                        Expr::expr(Func::lower(Expr::col(conversation::Column::Title)))
                            .like(crate::contains(search)),
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

    /// The conversations counted for `scope` (test turns never are).
    fn scoped(scope: &Scope) -> Condition {
        let counted = Condition::all().add(conversation::Column::Test.eq(false));
        match scope {
            Scope::Agent(id) => counted.add(conversation::Column::AgentId.eq(id.clone())),
            Scope::Owner(id) => counted.add(conversation::Column::OwnerId.eq(id.clone())),
        }
    }

    /// What is live among `owner_id`'s agents' conversations: those with
    /// an answer being written (and since when), and those handed to a
    /// person; at most `limit` of each, newest first.
    pub async fn live_of_owner(&self, owner_id: &str, limit: u64) -> Result<Live, StoreError> {
        let mine = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .and_where(conversation::Column::OwnerId.eq(owner_id))
            .and_where(conversation::Column::Test.eq(false))
            .to_owned();
        let streaming: Vec<(String, DateTime<Utc>)> = message::Entity::find()
            .select_only()
            .column(message::Column::ConversationId)
            .column(message::Column::CreatedAt)
            .filter(message::Column::Status.eq(MessageStatus::Streaming.as_str()))
            .filter(message::Column::ConversationId.in_subquery(mine))
            .order_by_desc(message::Column::CreatedAt)
            .limit(limit)
            .into_tuple()
            .all(self.db)
            .await?;
        let mut answering = Vec::with_capacity(streaming.len());
        for (id, since) in streaming {
            if let Some(c) = self.get(&id).await? {
                answering.push((c, since));
            }
        }
        let handed_off = conversation::Entity::find()
            .filter(conversation::Column::OwnerId.eq(owner_id))
            .filter(conversation::Column::Status.eq(ConversationStatus::HandedOff.as_str()))
            .order_by_desc(conversation::Column::LastMessageAt)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Conversation::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Live {
            answering,
            handed_off,
        })
    }

    /// Opens a turn in one transaction: the conversation (when new), the
    /// person's message, and the answer's row in `streaming` state, which
    /// [`Conversations::save_partial`] fills as it comes and
    /// [`Conversations::finish`] closes. The conversation comes back counted.
    pub async fn open_turn(
        &self,
        conversation: TurnConversation,
        question: NewMessage,
        answer: NewMessage,
    ) -> Result<(Conversation, Message, Message), StoreError> {
        let news = vec![question, answer];
        let (mut conversation, mut inserted) = match conversation {
            // On PostgreSQL a new conversation and its messages are one
            // statement: a round trip instead of four, atomic by itself.
            TurnConversation::New(new)
                if self.db.get_database_backend() == sea_orm::DbBackend::Postgres =>
            {
                let conversation = conversation_row(new);
                let messages = message_rows(&conversation.id, news);
                insert_together(self.db, &conversation, &messages).await?;
                (
                    Conversation::try_from(conversation)?,
                    messages
                        .into_iter()
                        .map(Message::try_from)
                        .collect::<Result<Vec<_>, _>>()?,
                )
            }
            conversation => {
                let txn = self.db.begin().await?;
                let conversation = match conversation {
                    TurnConversation::New(new) => insert_conversation(&txn, new).await?,
                    TurnConversation::Existing(current) => current,
                };
                let inserted = insert_messages(&txn, &conversation.id, news).await?;
                txn.commit().await?;
                (conversation, inserted)
            }
        };
        let (Some(answer), Some(question)) = (inserted.pop(), inserted.pop()) else {
            return Err(StoreError::NotFound);
        };
        conversation.count(&question);
        conversation.count(&answer);
        Ok((conversation, question, answer))
    }

    /// Saves what an answer has said so far (and that its writer is alive);
    /// `false` when it is no longer streaming (already finished or found
    /// interrupted).
    pub async fn save_partial(&self, message_id: &str, content: &str) -> Result<bool, StoreError> {
        let result = message::Entity::update_many()
            .col_expr(message::Column::Content, Expr::value(content))
            .col_expr(message::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(message::Column::Id.eq(message_id))
            .filter(message::Column::Status.eq(MessageStatus::Streaming.as_str()))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Closes a streaming answer with its final text, status and counts (the
    /// conversation's token counts follow, by trigger). Closing one that was
    /// found interrupted meanwhile still records what it said.
    pub async fn finish(&self, message_id: &str, done: NewMessage) -> Result<Message, StoreError> {
        let model = message::ActiveModel {
            id: Set(message_id.to_owned()),
            content: Set(done.content),
            status: Set(done.status.as_str().to_owned()),
            error: Set(done.error),
            citations: Set(json_text(&done.citations)),
            tool_calls: Set(json_text(&done.tool_calls)),
            tokens_in: Set(i32::try_from(done.tokens_in).unwrap_or(i32::MAX)),
            tokens_out: Set(i32::try_from(done.tokens_out).unwrap_or(i32::MAX)),
            latency_ms: Set(millis_column(done.latency_ms)),
            first_token_ms: Set(millis_column(done.first_token_ms)),
            provider: Set(done.provider),
            model: Set(done.model),
            notice: Set(done.notice),
            flow: Set(done.flow.as_ref().map(json_text)),
            updated_at: Set(Some(crate::now())),
            ..Default::default()
        }
        .update(self.db)
        .await
        .map_err(|e| match e {
            sea_orm::DbErr::RecordNotUpdated => StoreError::NotFound,
            other => StoreError::Database(other),
        })?;
        Message::try_from(model)
    }

    /// Closes a flow's answer like [`Conversations::finish`] and, in the
    /// same transaction, keeps where the conversation is in its flow and
    /// the status the flow gave it (handed off, ended). The conversation
    /// comes back as changed.
    pub async fn finish_flow(
        &self,
        message_id: &str,
        done: NewMessage,
        conversation_id: &str,
        change: FlowChange,
    ) -> Result<(Message, Conversation), StoreError> {
        let txn = self.db.begin().await?;
        let message = Conversations::new(&txn).finish(message_id, done).await?;
        let mut row = conversation::ActiveModel {
            id: Set(conversation_id.to_owned()),
            flow_state: Set(Some(json_text(&change.state))),
            ..Default::default()
        };
        match change.status {
            Some(ConversationStatus::Ended) => {
                row.status = Set(ConversationStatus::Ended.as_str().to_owned());
                row.ended_at = Set(Some(crate::now()));
            }
            Some(status) => row.status = Set(status.as_str().to_owned()),
            None => {}
        }
        let conversation = row.update(&txn).await.map_err(|e| match e {
            sea_orm::DbErr::RecordNotUpdated => StoreError::NotFound,
            other => StoreError::Database(other),
        })?;
        txn.commit().await?;
        Ok((message, Conversation::try_from(conversation)?))
    }

    /// Who handles a conversation that has not ended: `HandedOff` with the
    /// team member who took it (or none yet), or `Active` again (the agent
    /// answers), with its flow state replaced when `flow_state` is given.
    /// `None` when it ended (or is gone) meanwhile.
    pub async fn set_handler(
        &self,
        id: &str,
        status: ConversationStatus,
        assignee_id: Option<String>,
        flow_state: Option<serde_json::Value>,
    ) -> Result<Option<Conversation>, StoreError> {
        let mut update = conversation::Entity::update_many()
            .col_expr(conversation::Column::Status, Expr::value(status.as_str()))
            .col_expr(conversation::Column::AssigneeId, Expr::value(assignee_id))
            .filter(conversation::Column::Id.eq(id))
            .filter(conversation::Column::Status.ne(ConversationStatus::Ended.as_str()));
        if let Some(state) = flow_state {
            update = update.col_expr(
                conversation::Column::FlowState,
                Expr::value(json_text(&state)),
            );
        }
        update
            .exec_with_returning(self.db)
            .await?
            .into_iter()
            .next()
            .map(Conversation::try_from)
            .transpose()
    }

    /// Marks `interrupted` every answer still `streaming` whose last save is
    /// older than `before`: its writer is gone. Returns them.
    pub async fn interrupt_stale(&self, before: DateTime<Utc>) -> Result<Vec<Message>, StoreError> {
        message::Entity::update_many()
            .col_expr(
                message::Column::Status,
                Expr::value(MessageStatus::Interrupted.as_str()),
            )
            .col_expr(message::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(message::Column::Status.eq(MessageStatus::Streaming.as_str()))
            .filter(
                Condition::any()
                    .add(message::Column::UpdatedAt.lt(before))
                    .add(message::Column::UpdatedAt.is_null()),
            )
            .exec_with_returning(self.db)
            .await?
            .into_iter()
            .map(Message::try_from)
            .collect()
    }

    /// Ends every active conversation whose last message is older than
    /// `before`. Returns them, ended.
    pub async fn end_idle(&self, before: DateTime<Utc>) -> Result<Vec<Conversation>, StoreError> {
        conversation::Entity::update_many()
            .col_expr(
                conversation::Column::Status,
                Expr::value(ConversationStatus::Ended.as_str()),
            )
            .col_expr(conversation::Column::EndedAt, Expr::value(crate::now()))
            .filter(conversation::Column::Status.eq(ConversationStatus::Active.as_str()))
            .filter(conversation::Column::LastMessageAt.lt(before))
            .exec_with_returning(self.db)
            .await?
            .into_iter()
            .map(Conversation::try_from)
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

/// The row of a new conversation, nothing counted yet.
fn conversation_row(new: NewConversation) -> conversation::Model {
    let now = crate::now();
    let (user_id, party) = match new.holder {
        Some(Party::User(id)) => (Some(id), None),
        other => (None, other),
    };
    conversation::Model {
        id: uuid::Uuid::now_v7().to_string(),
        agent_id: new.agent_id,
        owner_id: new.owner_id,
        user_id,
        party_kind: party.as_ref().map(|p| p.kind().as_str().to_owned()),
        party_key: party.map(|p| p.key().chars().take(200).collect()),
        test: new.test,
        channel: new.channel.as_str().to_owned(),
        title: new.title.chars().take(200).collect(),
        status: ConversationStatus::Active.as_str().to_owned(),
        message_count: 0,
        tokens_in: 0,
        tokens_out: 0,
        started_at: now,
        last_message_at: now,
        ended_at: None,
        flow_state: None,
        assignee_id: None,
    }
}

async fn insert_conversation(
    db: &impl ConnectionTrait,
    new: NewConversation,
) -> Result<Conversation, StoreError> {
    let row = conversation_row(new);
    conversation::Entity::insert(conversation::ActiveModel::from(row.clone()))
        .exec_without_returning(db)
        .await?;
    Conversation::try_from(row)
}

/// A new conversation and its first messages in one PostgreSQL statement:
/// `WITH c AS (INSERT INTO conversations …) INSERT INTO messages …`. The
/// messages' foreign key and counting trigger run at the statement's end,
/// when the conversation's row is there.
async fn insert_together(
    db: &impl ConnectionTrait,
    conversation: &conversation::Model,
    messages: &[message::Model],
) -> Result<(), StoreError> {
    let mut sql = String::from("WITH c AS (");
    let mut values = Vec::new();
    push_insert(
        &mut sql,
        &mut values,
        &[conversation::ActiveModel::from(conversation.clone())],
    );
    sql.push_str(") ");
    let messages: Vec<message::ActiveModel> = messages
        .iter()
        .cloned()
        .map(message::ActiveModel::from)
        .collect();
    push_insert(&mut sql, &mut values, &messages);
    db.execute_raw(sea_orm::Statement::from_sql_and_values(
        sea_orm::DbBackend::Postgres,
        sql,
        values,
    ))
    .await?;
    Ok(())
}

/// Appends `INSERT INTO "table" ("a", …) VALUES ($n, …), …` for `rows`
/// (every column set), numbering its parameters after those in `values`.
fn push_insert<A: ActiveModelTrait>(
    sql: &mut String,
    values: &mut Vec<sea_orm::Value>,
    rows: &[A],
) {
    use sea_orm::{EntityName, Iterable};
    use std::fmt::Write as _;
    let columns: Vec<<A::Entity as EntityTrait>::Column> =
        <A::Entity as EntityTrait>::Column::iter().collect();
    let names: Vec<String> = columns
        .iter()
        .map(|c| format!("\"{}\"", sea_orm::IdenStatic::as_str(c)))
        .collect();
    let _ = write!(
        sql,
        "INSERT INTO \"{}\" ({}) VALUES ",
        A::Entity::default().table_name(),
        names.join(", ")
    );
    for (i, row) in rows.iter().enumerate() {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for (j, column) in columns.iter().enumerate() {
            let value = row.get(*column).into_value();
            values.push(value.unwrap_or(sea_orm::Value::Bool(None)));
            let _ = write!(sql, "{}${}", if j == 0 { "" } else { ", " }, values.len());
        }
        sql.push(')');
    }
}

/// The rows of new messages, one microsecond apart so they keep their order.
fn message_rows(conversation_id: &str, news: Vec<NewMessage>) -> Vec<message::Model> {
    let now = crate::now();
    news.into_iter()
        .zip(0i64..)
        .map(|(new, i)| {
            let at = now + chrono::Duration::microseconds(i);
            message::Model {
                id: new.id.unwrap_or_else(|| uuid::Uuid::now_v7().to_string()),
                conversation_id: conversation_id.to_owned(),
                role: new.role.as_str().to_owned(),
                content: new.content,
                status: new.status.as_str().to_owned(),
                error: new.error,
                citations: json_text(&new.citations),
                tool_calls: json_text(&new.tool_calls),
                tokens_in: i32::try_from(new.tokens_in).unwrap_or(i32::MAX),
                tokens_out: i32::try_from(new.tokens_out).unwrap_or(i32::MAX),
                latency_ms: millis_column(new.latency_ms),
                first_token_ms: millis_column(new.first_token_ms),
                provider: new.provider,
                model: new.model,
                notice: new.notice,
                flow: new.flow.as_ref().map(json_text),
                author_id: new.author_id,
                created_at: at,
                updated_at: Some(at),
            }
        })
        .collect()
}

/// Stores a message; the database counts it on its conversation (a trigger).
async fn insert_message(
    db: &impl ConnectionTrait,
    conversation_id: &str,
    new: NewMessage,
) -> Result<Message, StoreError> {
    let mut inserted = insert_messages(db, conversation_id, vec![new]).await?;
    inserted.pop().ok_or(StoreError::NotFound)
}

/// Inserts messages in one statement, in order: each is stamped a
/// microsecond after the one before, so a turn's question and answer keep
/// their order however their ids sort.
async fn insert_messages(
    db: &impl ConnectionTrait,
    conversation_id: &str,
    news: Vec<NewMessage>,
) -> Result<Vec<Message>, StoreError> {
    let models = message_rows(conversation_id, news);
    message::Entity::insert_many(models.iter().cloned().map(message::ActiveModel::from))
        .exec_without_returning(db)
        .await
        .map_err(|e| match e.sql_err() {
            // The conversation was deleted meanwhile.
            Some(sea_orm::SqlErr::ForeignKeyConstraintViolation(_)) => StoreError::NotFound,
            _ => StoreError::Database(e),
        })?;
    models.into_iter().map(Message::try_from).collect()
}
