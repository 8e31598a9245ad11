//! Phone calls and the numbers that reach agents.

use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};

use crate::StoreError;
use crate::entities::{phone_call, phone_number};
use agentforge_domain::Conflict;

/// A number that reaches an agent: its calls and SMS go to it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneNumber {
    pub id: String,
    pub owner_id: String,
    /// E.164.
    pub phone_number: String,
    pub agent_id: String,
    pub record_calls: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<phone_number::Model> for PhoneNumber {
    fn from(m: phone_number::Model) -> Self {
        Self {
            id: m.id,
            owner_id: m.owner_id,
            phone_number: m.phone_number,
            agent_id: m.agent_id,
            record_calls: m.record_calls,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// A call, placed, received or simulated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PhoneCall {
    pub id: String,
    /// Who placed it, or whose number took it.
    pub owner_id: String,
    pub agent_id: Option<String>,
    pub conversation_id: Option<String>,
    /// Twilio's call SID (none for a simulated call, or before Twilio took it).
    pub sid: Option<String>,
    /// `inbound` or `outbound`.
    pub direction: String,
    pub from_number: String,
    pub to_number: String,
    /// Twilio's status (`queued`, `ringing`, `in-progress`, `completed`,
    /// `busy`, `failed`, `no-answer`, `canceled`).
    pub status: String,
    pub simulated: bool,
    pub record: bool,
    /// What the caller gave the call (a JSON object of texts).
    pub variables: serde_json::Value,
    /// Gathers in a row that heard nothing.
    pub silences: u32,
    /// Turns answered.
    pub turns: u32,
    pub duration_seconds: Option<u32>,
    pub recording_sid: Option<String>,
    pub recording_url: Option<String>,
    pub recording_seconds: Option<u32>,
    pub error: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    pub ended_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

fn count(value: i32) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

fn opt_count(value: Option<i32>) -> Option<u32> {
    value.and_then(|v| u32::try_from(v).ok())
}

fn column(value: Option<u32>) -> Option<i32> {
    value.map(|v| i32::try_from(v).unwrap_or(i32::MAX))
}

impl From<phone_call::Model> for PhoneCall {
    fn from(m: phone_call::Model) -> Self {
        Self {
            id: m.id,
            owner_id: m.owner_id,
            agent_id: m.agent_id,
            conversation_id: m.conversation_id,
            sid: m.sid,
            direction: m.direction,
            from_number: m.from_number,
            to_number: m.to_number,
            status: m.status,
            simulated: m.simulated,
            record: m.record,
            variables: serde_json::from_str(&m.variables).unwrap_or_default(),
            silences: count(m.silences),
            turns: count(m.turns),
            duration_seconds: opt_count(m.duration_seconds),
            recording_sid: m.recording_sid,
            recording_url: m.recording_url,
            recording_seconds: opt_count(m.recording_seconds),
            error: m.error,
            answered_at: m.answered_at,
            ended_at: m.ended_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// Which calls a history shows.
#[derive(Debug, Clone, Default)]
pub struct CallFilter {
    pub owner_id: String,
    pub agent_id: Option<String>,
    pub status: Option<String>,
    pub direction: Option<String>,
    pub from: Option<DateTime<Utc>>,
    pub to: Option<DateTime<Utc>>,
}

/// A status a call moves to, and what comes with it.
#[derive(Debug, Clone, Default)]
pub struct StatusChange {
    pub status: String,
    /// The statuses it may come from: a late callback never moves a call
    /// back (Twilio does not promise their order).
    pub from: Vec<String>,
    pub sid: Option<String>,
    pub duration_seconds: Option<u32>,
    pub answered: bool,
    pub ended: bool,
    pub error: Option<String>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Calls<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Calls<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// The number's agent, if one takes its calls.
    pub async fn number(&self, phone_number: &str) -> Result<Option<PhoneNumber>, StoreError> {
        Ok(phone_number::Entity::find()
            .filter(phone_number::Column::PhoneNumber.eq(phone_number))
            .one(self.db)
            .await?
            .map(PhoneNumber::from))
    }

    pub async fn number_by_id(&self, id: &str) -> Result<Option<PhoneNumber>, StoreError> {
        Ok(phone_number::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(PhoneNumber::from))
    }

    /// The numbers of `owner_id`, in the order of the numbers.
    pub async fn numbers_of(&self, owner_id: &str) -> Result<Vec<PhoneNumber>, StoreError> {
        Ok(phone_number::Entity::find()
            .filter(phone_number::Column::OwnerId.eq(owner_id))
            .order_by_asc(phone_number::Column::PhoneNumber)
            .limit(1000)
            .all(self.db)
            .await?
            .into_iter()
            .map(PhoneNumber::from)
            .collect())
    }

    /// Adds a number; 409 `number_taken` when it already reaches an agent.
    pub async fn add_number(&self, number: &PhoneNumber) -> Result<(), StoreError> {
        phone_number::Entity::insert(phone_number::ActiveModel {
            id: Set(number.id.clone()),
            owner_id: Set(number.owner_id.clone()),
            phone_number: Set(number.phone_number.clone()),
            agent_id: Set(number.agent_id.clone()),
            record_calls: Set(number.record_calls),
            created_at: Set(number.created_at),
            updated_at: Set(number.updated_at),
        })
        .exec_without_returning(self.db)
        .await
        .map_err(|e| StoreError::conflict_on_unique(e, Conflict::NumberTaken))?;
        Ok(())
    }

    /// Points a number at another agent, or changes its recording.
    pub async fn update_number(
        &self,
        id: &str,
        agent_id: &str,
        record_calls: bool,
    ) -> Result<(), StoreError> {
        phone_number::Entity::update_many()
            .col_expr(phone_number::Column::AgentId, Expr::value(agent_id))
            .col_expr(phone_number::Column::RecordCalls, Expr::value(record_calls))
            .col_expr(phone_number::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(phone_number::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    pub async fn delete_number(&self, id: &str) -> Result<bool, StoreError> {
        let deleted = phone_number::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        Ok(deleted.rows_affected == 1)
    }

    pub async fn add_call(&self, call: &PhoneCall) -> Result<(), StoreError> {
        phone_call::Entity::insert(phone_call::ActiveModel {
            id: Set(call.id.clone()),
            owner_id: Set(call.owner_id.clone()),
            agent_id: Set(call.agent_id.clone()),
            conversation_id: Set(call.conversation_id.clone()),
            sid: Set(call.sid.clone()),
            direction: Set(call.direction.clone()),
            from_number: Set(call.from_number.clone()),
            to_number: Set(call.to_number.clone()),
            status: Set(call.status.clone()),
            simulated: Set(call.simulated),
            record: Set(call.record),
            variables: Set(call.variables.to_string()),
            silences: Set(0),
            turns: Set(0),
            duration_seconds: Set(column(call.duration_seconds)),
            recording_sid: Set(call.recording_sid.clone()),
            recording_url: Set(call.recording_url.clone()),
            recording_seconds: Set(column(call.recording_seconds)),
            error: Set(call.error.clone()),
            answered_at: Set(call.answered_at),
            ended_at: Set(call.ended_at),
            created_at: Set(call.created_at),
            updated_at: Set(call.updated_at),
        })
        .exec_without_returning(self.db)
        .await
        .map_err(|e| StoreError::conflict_on_unique(e, Conflict::AlreadyExists))?;
        Ok(())
    }

    pub async fn call(&self, id: &str) -> Result<Option<PhoneCall>, StoreError> {
        Ok(phone_call::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(PhoneCall::from))
    }

    pub async fn call_by_sid(&self, sid: &str) -> Result<Option<PhoneCall>, StoreError> {
        Ok(phone_call::Entity::find()
            .filter(phone_call::Column::Sid.eq(sid))
            .one(self.db)
            .await?
            .map(PhoneCall::from))
    }

    /// Moves a call to a status if it is in one of `change.from` (in one
    /// statement, so two callbacks at once cannot both move it): whether it
    /// moved.
    pub async fn change_status(&self, id: &str, change: &StatusChange) -> Result<bool, StoreError> {
        let now = crate::now();
        let mut update = phone_call::Entity::update_many()
            .col_expr(
                phone_call::Column::Status,
                Expr::value(change.status.as_str()),
            )
            .col_expr(phone_call::Column::UpdatedAt, Expr::value(now));
        if let Some(sid) = &change.sid {
            update = update.col_expr(phone_call::Column::Sid, Expr::value(sid.as_str()));
        }
        if let Some(seconds) = column(change.duration_seconds) {
            update = update.col_expr(phone_call::Column::DurationSeconds, Expr::value(seconds));
        }
        if change.answered {
            update = update.col_expr(
                phone_call::Column::AnsweredAt,
                Expr::col(phone_call::Column::AnsweredAt).if_null(now),
            );
        }
        if change.ended {
            update = update.col_expr(phone_call::Column::EndedAt, Expr::value(now));
        }
        if let Some(error) = &change.error {
            update = update.col_expr(phone_call::Column::Error, Expr::value(error.as_str()));
        }
        let updated = update
            .filter(phone_call::Column::Id.eq(id))
            .filter(phone_call::Column::Status.is_in(change.from.iter().map(String::as_str)))
            .exec(self.db)
            .await?;
        Ok(updated.rows_affected == 1)
    }

    /// Twilio's SID for a call it took.
    pub async fn set_sid(&self, id: &str, sid: &str) -> Result<(), StoreError> {
        phone_call::Entity::update_many()
            .col_expr(phone_call::Column::Sid, Expr::value(sid))
            .col_expr(phone_call::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(phone_call::Column::Id.eq(id))
            .filter(phone_call::Column::Sid.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// The call's conversation, once its first turn started one.
    pub async fn set_conversation(
        &self,
        id: &str,
        conversation_id: &str,
    ) -> Result<(), StoreError> {
        phone_call::Entity::update_many()
            .col_expr(
                phone_call::Column::ConversationId,
                Expr::value(conversation_id),
            )
            .filter(phone_call::Column::Id.eq(id))
            .filter(phone_call::Column::ConversationId.is_null())
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Counts a gather that heard nothing: how many in a row now.
    pub async fn count_silence(&self, id: &str) -> Result<u32, StoreError> {
        phone_call::Entity::update_many()
            .col_expr(
                phone_call::Column::Silences,
                Expr::col(phone_call::Column::Silences).add(1),
            )
            .filter(phone_call::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(self.call(id).await?.map_or(0, |c| c.silences))
    }

    /// Counts an answered turn (and ends a run of silences).
    pub async fn count_turn(&self, id: &str) -> Result<(), StoreError> {
        phone_call::Entity::update_many()
            .col_expr(phone_call::Column::Silences, Expr::value(0))
            .col_expr(
                phone_call::Column::Turns,
                Expr::col(phone_call::Column::Turns).add(1),
            )
            .col_expr(phone_call::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(phone_call::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// The call's recording, as Twilio reported it.
    pub async fn set_recording(
        &self,
        id: &str,
        sid: &str,
        url: &str,
        seconds: Option<u32>,
    ) -> Result<(), StoreError> {
        phone_call::Entity::update_many()
            .col_expr(phone_call::Column::RecordingSid, Expr::value(sid))
            .col_expr(phone_call::Column::RecordingUrl, Expr::value(url))
            .col_expr(
                phone_call::Column::RecordingSeconds,
                Expr::value(column(seconds)),
            )
            .col_expr(phone_call::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(phone_call::Column::Id.eq(id))
            .exec(self.db)
            .await?;
        Ok(())
    }

    /// Calls as a history shows them, newest first: a page, and how many.
    pub async fn history(
        &self,
        filter: &CallFilter,
        offset: u64,
        limit: u64,
    ) -> Result<(Vec<PhoneCall>, u64), StoreError> {
        let mut condition = Condition::all().add(phone_call::Column::OwnerId.eq(&filter.owner_id));
        if let Some(agent) = &filter.agent_id {
            condition = condition.add(phone_call::Column::AgentId.eq(agent));
        }
        if let Some(status) = &filter.status {
            condition = condition.add(phone_call::Column::Status.eq(status));
        }
        if let Some(direction) = &filter.direction {
            condition = condition.add(phone_call::Column::Direction.eq(direction));
        }
        if let Some(from) = filter.from {
            condition = condition.add(phone_call::Column::CreatedAt.gte(from));
        }
        if let Some(to) = filter.to {
            condition = condition.add(phone_call::Column::CreatedAt.lte(to));
        }
        let query = phone_call::Entity::find().filter(condition);
        let total = query.clone().count(self.db).await?;
        let rows = query
            .order_by_desc(phone_call::Column::CreatedAt)
            .order_by_desc(phone_call::Column::Id)
            .offset(offset)
            .limit(limit)
            .all(self.db)
            .await?;
        Ok((rows.into_iter().map(PhoneCall::from).collect(), total))
    }
}
