//! The hourly rollups reports read: what the messages and conversations of
//! a window of hours add up to, grouped by the database (`GROUP BY` hour,
//! agent, channel, provider and model; answer and first-token times by
//! their millisecond values), laid into histogram buckets here, and
//! written over that window's earlier rollup in one transaction.
//!
//! A window is redone whole, so running it twice, or on two instances at
//! once, gives the same rows. Hours before `settled_until` are final: an
//! answer is written within minutes of its hour, so the rollup redoes only
//! the last hour or two each time it runs.

use std::collections::{BTreeMap, HashMap};

use chrono::{DateTime, Duration, DurationRound, Utc};
use sea_orm::sea_query::OnConflict;
use sea_orm::{
    ActiveValue::Set, ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, QueryFilter,
    QueryOrder, QuerySelect, Statement, TransactionSession, TransactionTrait,
};
use serde::Deserialize;

use super::{Analytics, Bucket, RollupTotals, bucket_start, count, hour_key_sql};
use crate::StoreError;
use crate::entities::{
    analytics_hourly, analytics_latency, analytics_state, conversation, message,
};

/// The one row of `analytics_state`.
const STATE: &str = "rollup";
/// Rows written per `INSERT` (well under either engine's bound on
/// parameters).
const BATCH: usize = 400;

/// How far the rollup has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RollupState {
    /// Hours before this are final.
    pub settled_until: DateTime<Utc>,
    /// When the rollup last ran: reports are complete up to this moment.
    pub refreshed_at: DateTime<Utc>,
}

/// Which times a latency histogram holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LatencyKind {
    /// An answer's whole time; labelled by provider.
    Answer,
    /// Until an answer's first token; labelled by provider.
    FirstToken,
    /// A tool call's; labelled by the tool's name.
    Tool,
}

impl LatencyKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Answer => "answer",
            Self::FirstToken => "first_token",
            Self::Tool => "tool",
        }
    }
}

/// A count as a BIGINT column holds it.
fn db(value: u64) -> i64 {
    i64::try_from(value).unwrap_or(i64::MAX)
}

/// The histogram bucket of a time: exact below 10 ms, then buckets 10 %
/// apart, named by their lower bound (so a percentile read from them is
/// within 5 % of the true value).
pub fn latency_bucket(ms: u64) -> i32 {
    if ms < 10 {
        return ms as i32;
    }
    let step = ((ms as f64 / 10.0).ln() / 1.1f64.ln()).floor();
    let lower = (10.0 * 1.1f64.powf(step)).round().min(ms as f64);
    lower.min(f64::from(i32::MAX)) as i32
}

/// The value a bucket stands for: its lower bound below 10 ms, else the
/// geometric middle of the bucket.
pub fn bucket_value(bucket: i32) -> f64 {
    if bucket < 10 {
        f64::from(bucket)
    } else {
        f64::from(bucket) * 1.1f64.sqrt()
    }
}

type HourlyKey = (DateTime<Utc>, String, String, String, String);
type LatencyKey = (DateTime<Utc>, &'static str, String, String);

/// What a window of hours adds up to.
#[derive(Debug, Default)]
struct Summary {
    hourly: HashMap<HourlyKey, RollupTotals>,
    latency: HashMap<LatencyKey, BTreeMap<i32, u64>>,
}

/// The facts of a recorded tool call the rollup needs.
#[derive(Deserialize)]
struct ToolFacts {
    name: String,
    #[serde(default)]
    is_error: bool,
    #[serde(default)]
    duration_ms: u64,
}

fn placeholders(backend: DatabaseBackend) -> (&'static str, &'static str) {
    match backend {
        DatabaseBackend::Postgres => ("$1", "$2"),
        _ => ("?", "?"),
    }
}

impl<C: ConnectionTrait + TransactionTrait> Analytics<'_, C> {
    /// How far the rollup has come; `None` before it first ran.
    pub async fn rollup_state(&self) -> Result<Option<RollupState>, StoreError> {
        Ok(analytics_state::Entity::find_by_id(STATE.to_owned())
            .one(self.db)
            .await?
            .map(|row| RollupState {
                settled_until: row.settled_until,
                refreshed_at: row.refreshed_at,
            }))
    }

    /// When the first counted conversation started or its first message
    /// was written, whichever is earlier (where a rollup of everything
    /// begins; imported history may hold messages older than the
    /// conversation's recorded start).
    pub async fn earliest_activity(&self) -> Result<Option<DateTime<Utc>>, StoreError> {
        let started = conversation::Entity::find()
            .filter(conversation::Column::Test.eq(false))
            .select_only()
            .column(conversation::Column::StartedAt)
            .order_by_asc(conversation::Column::StartedAt)
            .limit(1)
            .into_tuple::<DateTime<Utc>>()
            .one(self.db)
            .await?;
        let written = message::Entity::find()
            .select_only()
            .column(message::Column::CreatedAt)
            .order_by_asc(message::Column::CreatedAt)
            .limit(1)
            .into_tuple::<DateTime<Utc>>()
            .one(self.db)
            .await?;
        Ok(match (started, written) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        })
    }

    fn statement(&self, sql: String, from: DateTime<Utc>, to: DateTime<Utc>) -> Statement {
        Statement::from_sql_and_values(
            self.db.get_database_backend(),
            sql,
            [from.into(), to.into()],
        )
    }

    /// Adds up the messages and conversations of `[from, to)` (whole
    /// hours), test turns left out.
    async fn summarize(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Summary, StoreError> {
        let backend = self.db.get_database_backend();
        let (p1, p2) = placeholders(backend);
        let m_hour = hour_key_sql(backend, "m.created_at");
        let c_hour = hour_key_sql(backend, "c.started_at");
        // `CROSS JOIN` keeps SQLite reading the window's messages by their
        // time and looking each conversation up, instead of walking every
        // conversation (PostgreSQL plans it as the join it is).
        let window = format!(
            "c.id = m.conversation_id AND c.test = FALSE AND m.created_at >= {p1} AND m.created_at < {p2}"
        );
        let mut summary = Summary::default();
        let hour = |key: &str| bucket_start(key, Bucket::Hour);

        let sums = format!(
            "SELECT {m_hour} AS hour, c.agent_id, c.channel, COALESCE(m.provider, '') AS provider,
                COALESCE(m.model, '') AS model, COUNT(*) AS messages,
                SUM(CASE WHEN m.role = 'user' THEN 1 ELSE 0 END) AS user_messages,
                SUM(CASE WHEN m.role = 'assistant' THEN 1 ELSE 0 END) AS answers,
                SUM(CASE WHEN m.status = 'failed' THEN 1 ELSE 0 END) AS failed,
                SUM(CASE WHEN m.status IN ('interrupted', 'partial') THEN 1 ELSE 0 END) AS interrupted,
                CAST(SUM(m.tokens_in) AS BIGINT) AS tokens_in,
                CAST(SUM(m.tokens_out) AS BIGINT) AS tokens_out,
                CAST(SUM(CASE WHEN m.role = 'assistant' THEN m.latency_ms END) AS BIGINT) AS answer_ms_sum,
                COUNT(CASE WHEN m.role = 'assistant' THEN m.latency_ms END) AS answer_ms_count,
                CAST(SUM(CASE WHEN m.role = 'assistant' THEN m.first_token_ms END) AS BIGINT) AS first_token_ms_sum,
                COUNT(CASE WHEN m.role = 'assistant' THEN m.first_token_ms END) AS first_token_ms_count
             FROM messages m CROSS JOIN conversations c
             WHERE {window}
             GROUP BY 1, 2, 3, 4, 5"
        );
        for row in self
            .db
            .query_all_raw(self.statement(sums, from, to))
            .await?
        {
            let get = |name: &str| {
                row.try_get::<Option<i64>>("", name)
                    .map(|v| count(v.unwrap_or_default()))
            };
            let key = (
                hour(&row.try_get::<String>("", "hour")?)?,
                row.try_get("", "agent_id")?,
                row.try_get("", "channel")?,
                row.try_get("", "provider")?,
                row.try_get("", "model")?,
            );
            let sums = summary.hourly.entry(key).or_default();
            sums.messages += get("messages")?;
            sums.user_messages += get("user_messages")?;
            sums.answers += get("answers")?;
            sums.failed += get("failed")?;
            sums.interrupted += get("interrupted")?;
            sums.tokens_in += get("tokens_in")?;
            sums.tokens_out += get("tokens_out")?;
            sums.answer_ms_sum += get("answer_ms_sum")?;
            sums.answer_ms_count += get("answer_ms_count")?;
            sums.first_token_ms_sum += get("first_token_ms_sum")?;
            sums.first_token_ms_count += get("first_token_ms_count")?;
        }

        let started = format!(
            "SELECT {c_hour} AS hour, c.agent_id, c.channel, COUNT(*) AS n
             FROM conversations c
             WHERE c.test = FALSE AND c.started_at >= {p1} AND c.started_at < {p2}
             GROUP BY 1, 2, 3"
        );
        for row in self
            .db
            .query_all_raw(self.statement(started, from, to))
            .await?
        {
            let key = (
                hour(&row.try_get::<String>("", "hour")?)?,
                row.try_get("", "agent_id")?,
                row.try_get("", "channel")?,
                String::new(),
                String::new(),
            );
            summary.hourly.entry(key).or_default().conversations +=
                count(row.try_get::<i64>("", "n")?);
        }

        // Times by their millisecond value: as many rows as distinct values,
        // laid into buckets here.
        for (kind, column) in [
            (LatencyKind::Answer, "m.latency_ms"),
            (LatencyKind::FirstToken, "m.first_token_ms"),
        ] {
            let times = format!(
                "SELECT {m_hour} AS hour, c.agent_id, COALESCE(m.provider, '') AS label,
                    CAST({column} AS BIGINT) AS ms, COUNT(*) AS n
                 FROM messages m CROSS JOIN conversations c
                 WHERE {window} AND m.role = 'assistant' AND {column} IS NOT NULL
                 GROUP BY 1, 2, 3, 4"
            );
            for row in self
                .db
                .query_all_raw(self.statement(times, from, to))
                .await?
            {
                let ms: i64 = row.try_get::<Option<i64>>("", "ms")?.unwrap_or_default();
                let key = (
                    hour(&row.try_get::<String>("", "hour")?)?,
                    kind.as_str(),
                    row.try_get("", "agent_id")?,
                    row.try_get("", "label")?,
                );
                *summary
                    .latency
                    .entry(key)
                    .or_default()
                    .entry(latency_bucket(count(ms)))
                    .or_default() += count(row.try_get::<i64>("", "n")?);
            }
        }

        // Tool calls are kept as JSON on their answer: read only answers
        // that made some.
        let tools = format!(
            "SELECT {m_hour} AS hour, c.agent_id, c.channel, COALESCE(m.provider, '') AS provider,
                COALESCE(m.model, '') AS model, m.tool_calls
             FROM messages m CROSS JOIN conversations c
             WHERE {window} AND m.role = 'assistant' AND m.tool_calls <> '[]'"
        );
        for row in self
            .db
            .query_all_raw(self.statement(tools, from, to))
            .await?
        {
            let at = hour(&row.try_get::<String>("", "hour")?)?;
            let agent_id: String = row.try_get("", "agent_id")?;
            let calls: Vec<ToolFacts> =
                serde_json::from_str(&row.try_get::<String>("", "tool_calls")?).unwrap_or_default();
            let key = (
                at,
                agent_id.clone(),
                row.try_get("", "channel")?,
                row.try_get("", "provider")?,
                row.try_get("", "model")?,
            );
            let sums = summary.hourly.entry(key).or_default();
            for call in &calls {
                sums.tool_calls += 1;
                sums.tool_errors += u64::from(call.is_error);
            }
            for call in calls {
                let key = (
                    at,
                    LatencyKind::Tool.as_str(),
                    agent_id.clone(),
                    call.name.chars().take(200).collect(),
                );
                *summary
                    .latency
                    .entry(key)
                    .or_default()
                    .entry(latency_bucket(call.duration_ms))
                    .or_default() += 1;
            }
        }
        Ok(summary)
    }

    /// Redoes the rollup of `[from, to)` (whole hours) and notes it ran at
    /// `now`; hours before `settled_until` are final from now on.
    pub async fn roll_up(
        &self,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        settled_until: DateTime<Utc>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let summary = self.summarize(from, to).await?;
        let tx = self.db.begin().await?;
        analytics_hourly::Entity::delete_many()
            .filter(analytics_hourly::Column::Hour.gte(from))
            .filter(analytics_hourly::Column::Hour.lt(to))
            .exec(&tx)
            .await?;
        analytics_latency::Entity::delete_many()
            .filter(analytics_latency::Column::Hour.gte(from))
            .filter(analytics_latency::Column::Hour.lt(to))
            .exec(&tx)
            .await?;
        let hourly: Vec<analytics_hourly::ActiveModel> = summary
            .hourly
            .into_iter()
            .map(
                |((hour, agent_id, channel, provider, model), s)| analytics_hourly::ActiveModel {
                    hour: Set(hour),
                    agent_id: Set(agent_id),
                    channel: Set(channel),
                    provider: Set(provider),
                    model: Set(model),
                    conversations: Set(db(s.conversations)),
                    messages: Set(db(s.messages)),
                    user_messages: Set(db(s.user_messages)),
                    answers: Set(db(s.answers)),
                    failed: Set(db(s.failed)),
                    interrupted: Set(db(s.interrupted)),
                    tokens_in: Set(db(s.tokens_in)),
                    tokens_out: Set(db(s.tokens_out)),
                    tool_calls: Set(db(s.tool_calls)),
                    tool_errors: Set(db(s.tool_errors)),
                    answer_ms_sum: Set(db(s.answer_ms_sum)),
                    answer_ms_count: Set(db(s.answer_ms_count)),
                    first_token_ms_sum: Set(db(s.first_token_ms_sum)),
                    first_token_ms_count: Set(db(s.first_token_ms_count)),
                },
            )
            .collect();
        // Upserts: a run on another instance may have written the same
        // window since this one deleted it; the later run's rows win.
        use analytics_hourly::Column as H;
        let hourly_conflict =
            OnConflict::columns([H::Hour, H::AgentId, H::Channel, H::Provider, H::Model])
                .update_columns([
                    H::Conversations,
                    H::Messages,
                    H::UserMessages,
                    H::Answers,
                    H::Failed,
                    H::Interrupted,
                    H::TokensIn,
                    H::TokensOut,
                    H::ToolCalls,
                    H::ToolErrors,
                    H::AnswerMsSum,
                    H::AnswerMsCount,
                    H::FirstTokenMsSum,
                    H::FirstTokenMsCount,
                ])
                .to_owned();
        for batch in hourly.chunks(BATCH) {
            analytics_hourly::Entity::insert_many(batch.to_vec())
                .on_conflict(hourly_conflict.clone())
                .exec_without_returning(&tx)
                .await?;
        }
        let latency: Vec<analytics_latency::ActiveModel> = summary
            .latency
            .into_iter()
            .map(
                |((hour, kind, agent_id, label), histogram)| analytics_latency::ActiveModel {
                    hour: Set(hour),
                    kind: Set(kind.to_owned()),
                    agent_id: Set(agent_id),
                    label: Set(label),
                    histogram: Set(encode_histogram(&histogram)),
                },
            )
            .collect();
        use analytics_latency::Column as L;
        let latency_conflict = OnConflict::columns([L::Hour, L::Kind, L::AgentId, L::Label])
            .update_column(L::Histogram)
            .to_owned();
        for batch in latency.chunks(BATCH) {
            analytics_latency::Entity::insert_many(batch.to_vec())
                .on_conflict(latency_conflict.clone())
                .exec_without_returning(&tx)
                .await?;
        }
        analytics_state::Entity::insert(analytics_state::ActiveModel {
            name: Set(STATE.to_owned()),
            settled_until: Set(settled_until),
            refreshed_at: Set(now),
        })
        .on_conflict(
            OnConflict::column(analytics_state::Column::Name)
                .update_columns([
                    analytics_state::Column::SettledUntil,
                    analytics_state::Column::RefreshedAt,
                ])
                .to_owned(),
        )
        .exec_without_returning(&tx)
        .await?;
        tx.commit().await?;
        Ok(())
    }

    /// Forgets how far the rollup came, so its next run redoes every hour
    /// from the first conversation on (after an import or a restore).
    pub async fn reset_rollup(&self) -> Result<(), StoreError> {
        analytics_state::Entity::delete_many().exec(self.db).await?;
        Ok(())
    }
}

/// A histogram as stored: `bucket:count` pairs by bucket, comma-separated.
pub(crate) fn encode_histogram(histogram: &BTreeMap<i32, u64>) -> String {
    histogram
        .iter()
        .map(|(bucket, n)| format!("{bucket}:{n}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// Adds a stored histogram's counts into `into` (a pair it cannot read is
/// skipped: the rollup wrote it, so none is expected).
pub(crate) fn add_histogram(into: &mut BTreeMap<i32, u64>, stored: &str) {
    for pair in stored.split(',') {
        if let Some((bucket, n)) = pair.split_once(':')
            && let (Ok(bucket), Ok(n)) = (bucket.parse::<i32>(), n.parse::<u64>())
        {
            *into.entry(bucket).or_default() += n;
        }
    }
}

/// The start of the hour `at` is in.
pub fn hour_of(at: DateTime<Utc>) -> DateTime<Utc> {
    at.duration_trunc(Duration::hours(1)).unwrap_or(at)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn buckets_are_exact_below_ten_then_ten_percent_apart() {
        assert_eq!(latency_bucket(0), 0);
        assert_eq!(latency_bucket(9), 9);
        assert_eq!(latency_bucket(10), 10);
        assert_eq!(latency_bucket(11), 11);
        // Every time falls in a bucket at most 10 % below it.
        for ms in [
            10u64,
            57,
            99,
            100,
            101,
            549,
            1000,
            12_345,
            600_000,
            i32::MAX as u64,
        ] {
            let b = f64::from(latency_bucket(ms));
            assert!(b <= ms as f64 && b >= ms as f64 / 1.1 - 1.0, "{ms} → {b}");
        }
        // Longer than the column holds (24 days): the last bucket.
        assert_eq!(latency_bucket(u64::MAX), i32::MAX);
        // Buckets only go up.
        let mut last = -1;
        for ms in 0..20_000u64 {
            let b = latency_bucket(ms);
            assert!(b >= last);
            last = b;
        }
        assert_eq!(bucket_value(5), 5.0);
        let mut merged = BTreeMap::new();
        add_histogram(
            &mut merged,
            &encode_histogram(&BTreeMap::from([(5, 2), (121, 1)])),
        );
        add_histogram(&mut merged, "121:3,1000:1");
        assert_eq!(merged, BTreeMap::from([(5, 2), (121, 4), (1000, 1)]));
        assert!((bucket_value(100) - 104.88).abs() < 0.01);
    }
}
