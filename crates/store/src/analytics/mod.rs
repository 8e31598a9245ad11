//! Activity counted where the rows are: conversations and messages grouped
//! into hours, days or months by the database (`GROUP BY`), so a report
//! over a year of messages reads a few dozen numbers, not the messages.
//!
//! Bucketing a timestamp is the one engine-specific part: PostgreSQL formats
//! it with `to_char` in UTC; SQLite keeps timestamps as RFC 3339 text in UTC
//! (`2026-03-15T10:30:00.000000+00:00`), whose prefix is the bucket. Both
//! give the same key (`2026-03-15T10`, `2026-03-15`, `2026-03`).

use agentforge_domain::conversation::MessageRole;
use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use sea_orm::sea_query::{Expr, Query, SimpleExpr};
use sea_orm::{
    ColumnTrait, ConnectionTrait, DatabaseBackend, EntityTrait, PaginatorTrait, QueryFilter,
    QuerySelect, TransactionTrait,
};

use crate::entities::{conversation, message};
use crate::{Scope, StoreError};

mod reports;
mod rollup;

pub use reports::{AnalyticsScope, Dim, Histogram, RollupTotals, percentile};
pub use rollup::{LatencyKind, RollupState, bucket_value, hour_of, latency_bucket};

/// How activity is grouped in time (UTC).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bucket {
    Hour,
    Day,
    Month,
}

/// Activity since a moment, for one scope.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Activity {
    /// Conversations started, by bucket start, only buckets with some.
    pub conversations_by_bucket: Vec<(DateTime<Utc>, u64)>,
    /// Messages written, by bucket start, only buckets with some.
    pub messages_by_bucket: Vec<(DateTime<Utc>, u64)>,
    pub conversations: u64,
    pub messages: u64,
    /// Distinct signed-in people who started a conversation.
    pub users: u64,
    /// Over the answers that took a measured time.
    pub avg_response_ms: Option<f64>,
    /// Nearest-rank 95th percentile of the same.
    pub p95_response_ms: Option<f64>,
    pub tokens_in: u64,
    pub tokens_out: u64,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Analytics<'a, C = crate::Db> {
    db: &'a C,
}

fn count(value: i64) -> u64 {
    u64::try_from(value).unwrap_or_default()
}

impl<'a, C: ConnectionTrait + TransactionTrait> Analytics<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// `template` around a column: `{}` marks where it goes (sea-query's
    /// placeholder differs per engine: `$1` or `?`).
    fn around(&self, template: &str, column: impl sea_orm::sea_query::IntoColumnRef) -> SimpleExpr {
        let placeholder = match self.db.get_database_backend() {
            DatabaseBackend::Postgres => "$1",
            _ => "?",
        };
        Expr::cust_with_exprs(template.replace("{}", placeholder), [Expr::col(column)])
    }

    /// The bucket key of a timestamp column, as text.
    fn key(&self, column: impl sea_orm::sea_query::IntoColumnRef, bucket: Bucket) -> SimpleExpr {
        let template = bucket_key_sql(self.db.get_database_backend(), "{}", bucket);
        self.around(&template, column)
    }

    /// The scope's conversations (test turns are never counted).
    fn scoped(scope: &Scope) -> sea_orm::Condition {
        let counted = sea_orm::Condition::all().add(conversation::Column::Test.eq(false));
        match scope {
            Scope::Agent(id) => counted.add(conversation::Column::AgentId.eq(id.clone())),
            Scope::Owner(id) => counted.add(conversation::Column::OwnerId.eq(id.clone())),
        }
    }

    /// Activity of `scope` since `from`, grouped by `bucket`.
    pub async fn activity(
        &self,
        scope: &Scope,
        from: DateTime<Utc>,
        bucket: Bucket,
    ) -> Result<Activity, StoreError> {
        let started = conversation::Entity::find()
            .filter(Self::scoped(scope))
            .filter(conversation::Column::StartedAt.gte(from));
        let starts: Vec<(String, i64)> = started
            .clone()
            .select_only()
            .column_as(self.key(conversation::Column::StartedAt, bucket), "bucket")
            .column_as(conversation::Column::Id.count(), "n")
            .group_by(Expr::cust("bucket"))
            .into_tuple()
            .all(self.db)
            .await?;
        let users: Option<i64> = started
            .select_only()
            .column_as(
                self.around("COUNT(DISTINCT {})", conversation::Column::UserId),
                "n",
            )
            .into_tuple()
            .one(self.db)
            .await?;

        let ids = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .cond_where(Self::scoped(scope))
            .to_owned();
        let written = message::Entity::find()
            .filter(message::Column::ConversationId.in_subquery(ids))
            .filter(message::Column::CreatedAt.gte(from));
        // One pass for counts and tokens by bucket…
        let by_bucket: Vec<(String, i64, Option<i64>, Option<i64>)> = written
            .clone()
            .select_only()
            .column_as(self.key(message::Column::CreatedAt, bucket), "bucket")
            .column_as(message::Column::Id.count(), "n")
            .column_as(
                self.around("CAST(SUM({}) AS BIGINT)", message::Column::TokensIn),
                "tokens_in",
            )
            .column_as(
                self.around("CAST(SUM({}) AS BIGINT)", message::Column::TokensOut),
                "tokens_out",
            )
            .group_by(Expr::cust("bucket"))
            .into_tuple()
            .all(self.db)
            .await?;
        // …and one for the answers' times, as a histogram (how many answers
        // took each number of milliseconds): the average and the percentile
        // follow from it without sorting every answer.
        let latencies: Vec<(i32, i64)> = written
            .filter(message::Column::Role.eq(MessageRole::Assistant.as_str()))
            .filter(message::Column::LatencyMs.is_not_null())
            .select_only()
            .column(message::Column::LatencyMs)
            .column_as(message::Column::Id.count(), "n")
            .group_by(message::Column::LatencyMs)
            .into_tuple()
            .all(self.db)
            .await?;
        let (avg_response_ms, p95_response_ms) = latency_summary(latencies);
        let (mut tokens_in, mut tokens_out) = (0, 0);
        let messages = by_bucket
            .into_iter()
            .map(|(key, n, t_in, t_out)| {
                tokens_in += t_in.unwrap_or_default();
                tokens_out += t_out.unwrap_or_default();
                (key, n)
            })
            .collect();
        let conversations_by_bucket = parse_buckets(starts, bucket)?;
        let messages_by_bucket = parse_buckets(messages, bucket)?;
        Ok(Activity {
            conversations: conversations_by_bucket.iter().map(|(_, n)| n).sum(),
            messages: messages_by_bucket.iter().map(|(_, n)| n).sum(),
            conversations_by_bucket,
            messages_by_bucket,
            users: count(users.unwrap_or_default()),
            avg_response_ms,
            p95_response_ms,
            tokens_in: count(tokens_in),
            tokens_out: count(tokens_out),
        })
    }

    /// How many messages the scope's conversations hold (for measuring).
    pub async fn message_count(&self, scope: &Scope) -> Result<u64, StoreError> {
        let ids = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .cond_where(Self::scoped(scope))
            .to_owned();
        Ok(message::Entity::find()
            .filter(message::Column::ConversationId.in_subquery(ids))
            .count(self.db)
            .await?)
    }

    /// Across the platform since `since` (test turns left out): the
    /// conversations started, the messages written, and the conversations
    /// active now.
    pub async fn platform_since(
        &self,
        since: DateTime<Utc>,
    ) -> Result<(u64, u64, u64), StoreError> {
        let conversations = conversation::Entity::find()
            .filter(conversation::Column::Test.eq(false))
            .filter(conversation::Column::StartedAt.gte(since))
            .count(self.db)
            .await?;
        let real = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .and_where(conversation::Column::Test.eq(false))
            .to_owned();
        let messages = message::Entity::find()
            .filter(message::Column::ConversationId.in_subquery(real))
            .filter(message::Column::CreatedAt.gte(since))
            .count(self.db)
            .await?;
        let active = conversation::Entity::find()
            .filter(conversation::Column::Test.eq(false))
            .filter(
                conversation::Column::Status
                    .eq(agentforge_domain::conversation::ConversationStatus::Active.as_str()),
            )
            .count(self.db)
            .await?;
        Ok((conversations, messages, active))
    }
}

/// The bucket key (`2026-03-15T10`, `2026-03-15`, `2026-03`) of the
/// timestamp `column` (an SQL expression), on `backend`.
pub(crate) fn bucket_key_sql(backend: DatabaseBackend, column: &str, bucket: Bucket) -> String {
    match backend {
        DatabaseBackend::Postgres => {
            let format = match bucket {
                Bucket::Hour => "YYYY-MM-DD\"T\"HH24",
                Bucket::Day => "YYYY-MM-DD",
                Bucket::Month => "YYYY-MM",
            };
            format!("to_char({column} AT TIME ZONE 'UTC', '{format}')")
        }
        _ => {
            let length = match bucket {
                Bucket::Hour => 13,
                Bucket::Day => 10,
                Bucket::Month => 7,
            };
            format!("substr({column}, 1, {length})")
        }
    }
}

/// The hour key of the timestamp `column`.
pub(crate) fn hour_key_sql(backend: DatabaseBackend, column: &str) -> String {
    bucket_key_sql(backend, column, Bucket::Hour)
}

/// The average and the nearest-rank 95th percentile of a histogram of
/// (milliseconds, how many answers took them).
fn latency_summary(mut histogram: Vec<(i32, i64)>) -> (Option<f64>, Option<f64>) {
    histogram.sort_unstable();
    let answered: i64 = histogram.iter().map(|(_, n)| n).sum();
    if answered <= 0 {
        return (None, None);
    }
    let total: f64 = histogram
        .iter()
        .map(|(ms, n)| f64::from(*ms) * (*n as f64))
        .sum();
    // Nearest rank: the value at ceil(0.95 n), counted from 1.
    let rank = ((answered as f64) * 0.95).ceil().max(1.0) as i64;
    let mut seen = 0;
    let p95 = histogram.iter().find_map(|(ms, n)| {
        seen += n;
        (seen >= rank).then_some(f64::from(*ms))
    });
    (Some(total / answered as f64), p95)
}

/// Bucket keys back into their start times, oldest first.
fn parse_buckets(
    rows: Vec<(String, i64)>,
    bucket: Bucket,
) -> Result<Vec<(DateTime<Utc>, u64)>, StoreError> {
    let mut parsed = rows
        .into_iter()
        .map(|(key, n)| Ok((bucket_start(&key, bucket)?, count(n))))
        .collect::<Result<Vec<_>, StoreError>>()?;
    parsed.sort_by_key(|(start, _)| *start);
    Ok(parsed)
}

pub fn bucket_start(key: &str, bucket: Bucket) -> Result<DateTime<Utc>, StoreError> {
    let bad = || {
        StoreError::Database(sea_orm::DbErr::Custom(format!(
            "unexpected activity bucket '{key}'"
        )))
    };
    let day = |text: &str| NaiveDate::parse_from_str(text, "%Y-%m-%d").map_err(|_| bad());
    let start = match bucket {
        Bucket::Hour => {
            let (date, hour) = key.split_once('T').ok_or_else(bad)?;
            let hour: u32 = hour.parse().map_err(|_| bad())?;
            day(date)?.and_hms_opt(hour, 0, 0).ok_or_else(bad)?
        }
        Bucket::Day => day(key)?.and_hms_opt(0, 0, 0).ok_or_else(bad)?,
        Bucket::Month => day(&format!("{key}-01"))?
            .and_hms_opt(0, 0, 0)
            .ok_or_else(bad)?,
    };
    Ok(Utc.from_utc_datetime(&start))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_latency_summary_is_the_average_and_the_nearest_rank_p95() {
        assert_eq!(latency_summary(Vec::new()), (None, None));
        // 1..=100 ms once each, out of order: p95 is the 95th value.
        let histogram: Vec<(i32, i64)> = (1..=100).rev().map(|ms| (ms, 1)).collect();
        assert_eq!(latency_summary(histogram), (Some(50.5), Some(95.0)));
        // 19 answers of 10 ms and one of 900: rank ceil(19) is still 10 ms.
        assert_eq!(
            latency_summary(vec![(900, 1), (10, 19)]),
            (Some(54.5), Some(10.0))
        );
    }

    #[test]
    fn bucket_keys_read_back_as_their_start() {
        let at = |y, m, d, h| Utc.with_ymd_and_hms(y, m, d, h, 0, 0).unwrap();
        assert_eq!(
            bucket_start("2026-03-15T09", Bucket::Hour).unwrap(),
            at(2026, 3, 15, 9)
        );
        assert_eq!(
            bucket_start("2026-03-15", Bucket::Day).unwrap(),
            at(2026, 3, 15, 0)
        );
        assert_eq!(
            bucket_start("2026-03", Bucket::Month).unwrap(),
            at(2026, 3, 1, 0)
        );
        assert!(bucket_start("soon", Bucket::Day).is_err());
    }
}
