//! Reports over the hourly rollups: sums grouped by any of agent, channel,
//! provider, model, time bucket or hour of day, and time histograms, for
//! one scope (the whole platform, or the agents a person may see).

use std::collections::BTreeMap;

use agentforge_domain::conversation::{ConversationStatus, MessageRole};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Alias, Expr, ExprTrait, Query, SimpleExpr};
use sea_orm::{
    ColumnTrait, Condition, ConnectionTrait, DatabaseBackend, EntityTrait, PaginatorTrait,
    QueryFilter, QuerySelect, TransactionTrait,
};

use super::rollup::LatencyKind;
use super::{Analytics, Bucket, bucket_key_sql, count};
use crate::StoreError;
use crate::entities::{agent, analytics_hourly, analytics_latency, conversation, message};

/// Whose activity a report counts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalyticsScope {
    /// Every agent's on the platform (deleted ones included).
    Platform,
    /// The agents `viewer` owns or shares through a team; `only`, when
    /// given, narrows them further (an API key's agents).
    Viewer {
        viewer: String,
        only: Option<Vec<String>>,
    },
}

/// What a report's rows are grouped by.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dim {
    Agent,
    Channel,
    Provider,
    Model,
    /// The bucket's key: `2026-03-15T10`, `2026-03-15` or `2026-03`.
    Time(Bucket),
    /// `00` to `23` (UTC).
    HourOfDay,
}

/// The rollup's sums over a group of rows.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct RollupTotals {
    /// Started.
    pub conversations: u64,
    pub messages: u64,
    pub user_messages: u64,
    pub answers: u64,
    /// Answers the model failed.
    pub failed: u64,
    /// Answers cut short (the client left, or the server stopped).
    pub interrupted: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub tool_calls: u64,
    pub tool_errors: u64,
    pub answer_ms_sum: u64,
    pub answer_ms_count: u64,
    pub first_token_ms_sum: u64,
    pub first_token_ms_count: u64,
}

impl RollupTotals {
    pub fn add(&mut self, other: &Self) {
        self.conversations += other.conversations;
        self.messages += other.messages;
        self.user_messages += other.user_messages;
        self.answers += other.answers;
        self.failed += other.failed;
        self.interrupted += other.interrupted;
        self.tokens_in += other.tokens_in;
        self.tokens_out += other.tokens_out;
        self.tool_calls += other.tool_calls;
        self.tool_errors += other.tool_errors;
        self.answer_ms_sum += other.answer_ms_sum;
        self.answer_ms_count += other.answer_ms_count;
        self.first_token_ms_sum += other.first_token_ms_sum;
        self.first_token_ms_count += other.first_token_ms_count;
    }
}

const SUMMED: [&str; 14] = [
    "conversations",
    "messages",
    "user_messages",
    "answers",
    "failed",
    "interrupted",
    "tokens_in",
    "tokens_out",
    "tool_calls",
    "tool_errors",
    "answer_ms_sum",
    "answer_ms_count",
    "first_token_ms_sum",
    "first_token_ms_count",
];

/// A histogram of times: (bucket, how many), by bucket.
pub type Histogram = Vec<(i32, u64)>;

/// The nearest-rank `q` quantile (0 < q ≤ 1) of a histogram sorted by
/// bucket, as the bucket's value; `None` when it is empty.
pub fn percentile(histogram: &[(i32, u64)], q: f64) -> Option<f64> {
    let total: u64 = histogram.iter().map(|(_, n)| n).sum();
    if total == 0 {
        return None;
    }
    let rank = ((total as f64) * q).ceil().max(1.0) as u64;
    let mut seen = 0;
    histogram.iter().find_map(|(bucket, n)| {
        seen += n;
        (seen >= rank).then(|| super::bucket_value(*bucket))
    })
}

impl<C: ConnectionTrait + TransactionTrait> Analytics<'_, C> {
    /// `column` (an agent id) is one the scope counts, and `agent` when given.
    fn agents(scope: &AnalyticsScope, agent: Option<&str>, column: SimpleExpr) -> Condition {
        let mut condition = Condition::all();
        if let AnalyticsScope::Viewer { viewer, only } = scope {
            let owned = Query::select()
                .column(agent::Column::Id)
                .from(agent::Entity)
                .and_where(agent::Column::OwnerId.eq(viewer.clone()))
                .to_owned();
            condition = condition.add(
                Condition::any().add(column.clone().in_subquery(owned)).add(
                    column
                        .clone()
                        .in_subquery(crate::teams::team_agents_of(viewer)),
                ),
            );
            if let Some(only) = only {
                condition = condition.add(column.clone().is_in(only.clone()));
            }
        }
        if let Some(agent) = agent {
            condition = condition.add(column.eq(Expr::val(agent.to_owned())));
        }
        condition
    }

    fn dim(&self, dim: Dim, label: &'static str) -> SimpleExpr {
        let backend = self.db.get_database_backend();
        match dim {
            Dim::Agent => Expr::col(Alias::new("agent_id")),
            Dim::Channel => Expr::col(Alias::new("channel")),
            Dim::Provider => Expr::col(Alias::new(label)),
            Dim::Model => Expr::col(Alias::new("model")),
            Dim::Time(bucket) => Expr::cust(bucket_key_sql(backend, "hour", bucket)),
            Dim::HourOfDay => Expr::cust(match backend {
                DatabaseBackend::Postgres => "to_char(hour AT TIME ZONE 'UTC', 'HH24')",
                _ => "substr(hour, 12, 2)",
            }),
        }
    }

    /// The rollup's sums over `[from, to)` grouped by `dims` (each row's
    /// keys in the order of `dims`); one row without keys when `dims` is
    /// empty.
    pub async fn rollup_totals(
        &self,
        scope: &AnalyticsScope,
        agent: Option<&str>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        dims: &[Dim],
    ) -> Result<Vec<(Vec<String>, RollupTotals)>, StoreError> {
        let mut query = Query::select();
        query.from(analytics_hourly::Entity);
        for (i, dim) in dims.iter().enumerate() {
            let expr = self.dim(*dim, "provider");
            query.expr_as(expr.clone(), Alias::new(format!("k{i}")));
            query.add_group_by([expr]);
        }
        for column in SUMMED {
            query.expr_as(
                Expr::cust(format!("CAST(SUM({column}) AS BIGINT)")),
                Alias::new(column),
            );
        }
        query
            .cond_where(Self::agents(
                scope,
                agent,
                Expr::col(analytics_hourly::Column::AgentId),
            ))
            .and_where(analytics_hourly::Column::Hour.gte(from))
            .and_where(analytics_hourly::Column::Hour.lt(to));
        let statement = self.db.get_database_backend().build(&query);
        let mut out = Vec::new();
        for row in self.db.query_all_raw(statement).await? {
            let keys = (0..dims.len())
                .map(|i| row.try_get::<String>("", &format!("k{i}")))
                .collect::<Result<Vec<_>, _>>()?;
            let get = |name: &str| {
                row.try_get::<Option<i64>>("", name)
                    .map(|v| count(v.unwrap_or_default()))
            };
            out.push((
                keys,
                RollupTotals {
                    conversations: get("conversations")?,
                    messages: get("messages")?,
                    user_messages: get("user_messages")?,
                    answers: get("answers")?,
                    failed: get("failed")?,
                    interrupted: get("interrupted")?,
                    tokens_in: get("tokens_in")?,
                    tokens_out: get("tokens_out")?,
                    tool_calls: get("tool_calls")?,
                    tool_errors: get("tool_errors")?,
                    answer_ms_sum: get("answer_ms_sum")?,
                    answer_ms_count: get("answer_ms_count")?,
                    first_token_ms_sum: get("first_token_ms_sum")?,
                    first_token_ms_count: get("first_token_ms_count")?,
                },
            ));
        }
        // With no rows to group, an aggregate without keys still answers
        // one row of nulls: zeros.
        if dims.is_empty() && out.is_empty() {
            out.push((Vec::new(), RollupTotals::default()));
        }
        Ok(out)
    }

    /// Histograms of `kind` over `[from, to)`, grouped by agent and/or
    /// label (provider, or tool name) and/or time, buckets in order. The
    /// database picks the scope's rows of the span; their histograms are
    /// added up here (a year of one agent is some 9,000 short texts).
    pub async fn histograms(
        &self,
        scope: &AnalyticsScope,
        agent: Option<&str>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
        kind: LatencyKind,
        dims: &[Dim],
    ) -> Result<Vec<(Vec<String>, Histogram)>, StoreError> {
        let mut query = Query::select();
        query.from(analytics_latency::Entity);
        for (i, dim) in dims.iter().enumerate() {
            query.expr_as(self.dim(*dim, "label"), Alias::new(format!("k{i}")));
        }
        query
            .column(analytics_latency::Column::Histogram)
            .cond_where(Self::agents(
                scope,
                agent,
                Expr::col(analytics_latency::Column::AgentId),
            ))
            .and_where(analytics_latency::Column::Kind.eq(kind.as_str()))
            .and_where(analytics_latency::Column::Hour.gte(from))
            .and_where(analytics_latency::Column::Hour.lt(to));
        let statement = self.db.get_database_backend().build(&query);
        let mut grouped: BTreeMap<Vec<String>, BTreeMap<i32, u64>> = BTreeMap::new();
        for row in self.db.query_all_raw(statement).await? {
            let keys = (0..dims.len())
                .map(|i| row.try_get::<String>("", &format!("k{i}")))
                .collect::<Result<Vec<_>, _>>()?;
            let stored: String = row.try_get("", "histogram")?;
            super::rollup::add_histogram(grouped.entry(keys).or_default(), &stored);
        }
        Ok(grouped
            .into_iter()
            .map(|(keys, histogram)| (keys, histogram.into_iter().collect()))
            .collect())
    }

    fn started(
        scope: &AnalyticsScope,
        agent: Option<&str>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> sea_orm::Select<conversation::Entity> {
        conversation::Entity::find()
            .filter(conversation::Column::Test.eq(false))
            .filter(Self::agents(
                scope,
                agent,
                Expr::col(conversation::Column::AgentId),
            ))
            .filter(conversation::Column::StartedAt.gte(from))
            .filter(conversation::Column::StartedAt.lt(to))
    }

    /// The scope's conversations started in `[from, to)`, by status.
    pub async fn conversation_statuses(
        &self,
        scope: &AnalyticsScope,
        agent: Option<&str>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<Vec<(String, u64)>, StoreError> {
        let statuses: Vec<(String, i64)> = Self::started(scope, agent, from, to)
            .select_only()
            .column(conversation::Column::Status)
            .column_as(conversation::Column::Id.count(), "n")
            .group_by(conversation::Column::Status)
            .into_tuple()
            .all(self.db)
            .await?;
        Ok(statuses.into_iter().map(|(s, n)| (s, count(n))).collect())
    }

    /// How many distinct signed-in people started the scope's
    /// conversations in `[from, to)`.
    pub async fn people(
        &self,
        scope: &AnalyticsScope,
        agent: Option<&str>,
        from: DateTime<Utc>,
        to: DateTime<Utc>,
    ) -> Result<u64, StoreError> {
        let users: Option<i64> = Self::started(scope, agent, from, to)
            .select_only()
            .column_as(Expr::cust("COUNT(DISTINCT user_id)"), "n")
            .into_tuple()
            .one(self.db)
            .await?;
        Ok(count(users.unwrap_or_default()))
    }

    /// Now: the scope's conversations in progress, and the answers written
    /// since `since`.
    pub async fn live(
        &self,
        scope: &AnalyticsScope,
        agent: Option<&str>,
        since: DateTime<Utc>,
    ) -> Result<(u64, u64), StoreError> {
        let counted = Condition::all()
            .add(conversation::Column::Test.eq(false))
            .add(Self::agents(
                scope,
                agent,
                Expr::col(conversation::Column::AgentId),
            ));
        let active = conversation::Entity::find()
            .filter(counted.clone())
            .filter(conversation::Column::Status.eq(ConversationStatus::Active.as_str()))
            .count(self.db)
            .await?;
        let ids = Query::select()
            .column(conversation::Column::Id)
            .from(conversation::Entity)
            .cond_where(counted)
            .to_owned();
        let answers = message::Entity::find()
            .filter(message::Column::CreatedAt.gte(since))
            .filter(message::Column::Role.eq(MessageRole::Assistant.as_str()))
            .filter(message::Column::ConversationId.in_subquery(ids))
            .count(self.db)
            .await?;
        Ok((active, answers))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_rank_over_buckets() {
        assert_eq!(percentile(&[], 0.5), None);
        let histogram = vec![(5, 50), (100, 45), (1000, 5)];
        assert_eq!(percentile(&histogram, 0.5), Some(5.0));
        assert!((percentile(&histogram, 0.95).unwrap() - 104.88).abs() < 0.01);
        assert!((percentile(&histogram, 0.99).unwrap() - 1048.8).abs() < 0.1);
    }
}
