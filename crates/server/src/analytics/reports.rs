//! `/analytics/{overview,performance,usage,metrics,realtime,agents,
//! conversations}`: reports over a period, read from the hourly rollups
//! (`analytics::rollup`) for the agents the caller may see, or for the
//! whole platform when an admin asks.

use std::collections::{BTreeMap, HashMap};

use agentforge_domain::agent::Period;
use agentforge_domain::analytics::{Interval, Metric, ReportScope};
use agentforge_domain::error::{Error, Problems};
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{
    AnalyticsScope, Bucket, Dim, Histogram, LatencyKind, RollupTotals, Store, hour_of, percentile,
};
use chrono::{DateTime, Duration, DurationRound, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::period_series;
use crate::access;
use crate::configuration::settings::ModelPrice;

/// The longest span a report covers.
pub const MAX_DAYS: i64 = 731;
/// The most points a metric's series has.
pub const MAX_POINTS: usize = 2_000;

/// Which period, whose agents.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ReportQuery {
    /// `day` (24 hours by hour), `week` (7 days), `month` (30 days, the
    /// default) or `year` (12 months); ignored when `from` is given.
    #[param(value_type = Option<Period>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub period: Option<Period>,
    /// Start (RFC 3339, or a YYYY-MM-DD date), rounded down to the hour.
    /// Without it, `to` ends a span of the period's length.
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub from: Option<String>,
    /// End (default now), rounded up to the hour; at most 731 days after `from`.
    #[param(schema_with = crate::docs::schema::instant_filter)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub to: Option<String>,
    /// Only this agent's activity (`all` means no filter).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[param(value_type = Option<ReportScope>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scope: Option<ReportScope>,
}

/// The series to draw and how finely.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct MetricQuery {
    /// Default `messages`.
    #[param(value_type = Option<Metric>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub metric: Option<Metric>,
    /// Default: the period's own (hours for a day, days for a week or a
    /// month, months for a year). At most 2,000 points.
    #[param(value_type = Option<Interval>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub interval: Option<Interval>,
}

/// The span a report covers.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RangeOut {
    /// Absent for a from/to range.
    pub period: Option<Period>,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// How the series are grouped.
    pub interval: Interval,
    pub scope: ReportScope,
    /// Reports count activity up to this moment (the rollups refresh every
    /// minute); absent before their first run.
    pub data_through: Option<DateTime<Utc>>,
}

/// A resolved report request.
#[derive(Debug, Clone)]
pub struct Report {
    pub scope: AnalyticsScope,
    pub agent: Option<String>,
    pub range: RangeOut,
    /// Every bucket's start, oldest first.
    pub starts: Vec<DateTime<Utc>>,
}

impl Report {
    fn bucket(&self) -> Bucket {
        bucket_of(self.range.interval)
    }
}

fn bucket_of(interval: Interval) -> Bucket {
    match interval {
        Interval::Hour => Bucket::Hour,
        Interval::Day => Bucket::Day,
        Interval::Month => Bucket::Month,
    }
}

/// The start of each bucket of `interval` from `from` to `to`.
fn starts(interval: Interval, from: DateTime<Utc>, to: DateTime<Utc>) -> Vec<DateTime<Utc>> {
    use chrono::{Datelike, TimeZone};
    let first = match interval {
        Interval::Hour => hour_of(from),
        Interval::Day => from.duration_trunc(Duration::days(1)).unwrap_or(from),
        Interval::Month => Utc
            .with_ymd_and_hms(from.year(), from.month(), 1, 0, 0, 0)
            .single()
            .unwrap_or(from),
    };
    let mut out = Vec::new();
    let mut at = first;
    while at < to && out.len() <= MAX_POINTS {
        out.push(at);
        at = match interval {
            Interval::Hour => at + Duration::hours(1),
            Interval::Day => at + Duration::days(1),
            Interval::Month => {
                let months = at.year() * 12 + at.month0() as i32 + 1;
                Utc.with_ymd_and_hms(months / 12, (months % 12) as u32 + 1, 1, 0, 0, 0)
                    .single()
                    .unwrap_or(to)
            }
        };
    }
    out
}

/// Resolves who and when, checking the caller may see it: `platform` is
/// for admins (403 otherwise), an agent for whoever may see it (404).
pub async fn resolve(
    store: &Store,
    actor: &Actor,
    query: ReportQuery,
    interval: Option<Interval>,
) -> Result<Report, Error> {
    let viewer = actor
        .user_id()
        .ok_or(Error::Unauthenticated(
            agentforge_domain::error::Unauthenticated::Required,
        ))?
        .to_owned();
    let mut problems = Problems::default();
    let from = crate::conversations::types::instant(&mut problems, "from", query.from.as_deref());
    let to = crate::conversations::types::instant(&mut problems, "to", query.to.as_deref());
    problems.finish()?;
    // `to` alone: the period (default a month) that ends there.
    let from = from.or_else(|| {
        let to = to?;
        let days = match query.period.unwrap_or(Period::Month) {
            Period::Day => 1,
            Period::Week => 7,
            Period::Month => 30,
            Period::Year => 365,
        };
        Some(to - Duration::days(days))
    });
    let scope_name = query.scope.unwrap_or(ReportScope::Mine);
    let scope = match scope_name {
        ReportScope::Platform => {
            access::platform(actor, Action::View)?;
            AnalyticsScope::Platform
        }
        ReportScope::Mine => AnalyticsScope::Viewer {
            viewer,
            only: actor
                .api_key()
                .filter(|key| !key.agent_ids.is_empty())
                .map(|key| key.agent_ids.clone()),
        },
    };
    let agent = match query.agent_id.filter(|a| !a.is_empty() && a != "all") {
        // Across the platform an admin may name any agent, deleted ones too
        // (their activity stays counted).
        Some(id) if scope == AnalyticsScope::Platform => {
            if id.chars().count() > 36 || id.chars().any(char::is_control) {
                return Err(Error::not_found(agentforge_domain::Thing::Agent));
            }
            Some(id)
        }
        Some(id) => {
            let (agent, _) = access::agent(store, actor, &id, Action::View).await?;
            Some(agent.id)
        }
        None => None,
    };
    let now = Utc::now();
    let (period, from, to, default_interval) = match from {
        Some(from) => {
            let from = hour_of(from);
            let to = to.unwrap_or(now);
            let to = hour_of(to)
                + if hour_of(to) == to {
                    Duration::zero()
                } else {
                    Duration::hours(1)
                };
            let mut problems = Problems::default();
            if to <= from {
                problems.add("to", "Must be after from");
            } else if to - from > Duration::days(MAX_DAYS) {
                problems.add("to", format!("A report covers at most {MAX_DAYS} days"));
            }
            problems.finish()?;
            let span = to - from;
            let interval = if span <= Duration::days(2) {
                Interval::Hour
            } else if span <= Duration::days(92) {
                Interval::Day
            } else {
                Interval::Month
            };
            (None, from, to, interval)
        }
        None => {
            let period = query.period.unwrap_or(Period::Month);
            let (from, _, bucket) = period_series(period, now);
            let interval = match bucket {
                Bucket::Hour => Interval::Hour,
                Bucket::Day => Interval::Day,
                Bucket::Month => Interval::Month,
            };
            (
                Some(period),
                from,
                hour_of(now) + Duration::hours(1),
                interval,
            )
        }
    };
    let interval = interval.unwrap_or(default_interval);
    let starts = starts(interval, from, to);
    if starts.len() > MAX_POINTS {
        return Err(Error::invalid(
            "interval",
            format!("At most {MAX_POINTS} points: choose a coarser interval or a shorter range"),
        ));
    }
    let data_through = store
        .analytics()
        .rollup_state()
        .await?
        .map(|s| s.refreshed_at);
    Ok(Report {
        scope,
        agent,
        range: RangeOut {
            period,
            from,
            to,
            interval,
            scope: scope_name,
            data_through,
        },
        starts,
    })
}

// ---------------------------------------------------------------------------
// Shared figures.

/// The headline numbers of a span.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TotalsOut {
    pub conversations: u64,
    pub messages: u64,
    pub answers: u64,
    /// Distinct signed-in people who started a conversation.
    pub users: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub tool_calls: u64,
    /// Over answers with a measured time.
    pub average_latency_ms: Option<f64>,
    /// Failed answers over answers (0–1); null without answers.
    pub error_rate: Option<f64>,
    /// From the price table in the configuration; null when no model used
    /// has a price.
    pub estimated_cost_usd: Option<f64>,
}

fn ratio(part: u64, whole: u64) -> Option<f64> {
    (whole > 0).then(|| part as f64 / whole as f64)
}

fn average(sum: u64, n: u64) -> Option<f64> {
    (n > 0).then(|| sum as f64 / n as f64)
}

/// What the tokens of `model` cost, when the table prices it.
fn cost(prices: &BTreeMap<String, ModelPrice>, model: &str, t: &RollupTotals) -> Option<f64> {
    let price = prices.get(model)?;
    Some(
        (t.tokens_in as f64 * price.input_per_million
            + t.tokens_out as f64 * price.output_per_million)
            / 1_000_000.0,
    )
}

/// Rounds money to a hundredth of a cent.
fn cents(value: f64) -> f64 {
    (value * 10_000.0).round() / 10_000.0
}

async fn totals(
    store: &Store,
    report: &Report,
    from: DateTime<Utc>,
    to: DateTime<Utc>,
    prices: &BTreeMap<String, ModelPrice>,
) -> Result<TotalsOut, Error> {
    let analytics = store.analytics();
    let agent = report.agent.as_deref();
    let by_model = analytics
        .rollup_totals(&report.scope, agent, from, to, &[Dim::Model])
        .await?;
    let mut sum = RollupTotals::default();
    let mut priced = None::<f64>;
    for (keys, t) in &by_model {
        sum.add(t);
        if let Some(c) = cost(prices, &keys[0], t) {
            priced = Some(priced.unwrap_or_default() + c);
        }
    }
    let users = analytics.people(&report.scope, agent, from, to).await?;
    Ok(TotalsOut {
        conversations: sum.conversations,
        messages: sum.messages,
        answers: sum.answers,
        users,
        tokens_in: sum.tokens_in,
        tokens_out: sum.tokens_out,
        tool_calls: sum.tool_calls,
        average_latency_ms: average(sum.answer_ms_sum, sum.answer_ms_count),
        error_rate: ratio(sum.failed, sum.answers),
        estimated_cost_usd: priced.map(cents),
    })
}

// ---------------------------------------------------------------------------
// Overview.

/// Change against the previous span of the same length, in percent; null
/// when the previous span had none.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeOut {
    pub conversations: Option<f64>,
    pub messages: Option<f64>,
    pub answers: Option<f64>,
    pub users: Option<f64>,
    pub tokens: Option<f64>,
    pub average_latency_ms: Option<f64>,
    pub error_rate: Option<f64>,
}

/// One bucket of the overview's series.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ActivityPointOut {
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
    pub answers: u64,
    pub tokens: u64,
    pub errors: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OverviewReportOut {
    pub range: RangeOut,
    pub current: TotalsOut,
    /// The span of the same length just before.
    pub previous: TotalsOut,
    pub change: ChangeOut,
    /// Zero-filled, oldest first.
    pub series: Vec<ActivityPointOut>,
}

fn change(now: f64, before: f64) -> Option<f64> {
    (before != 0.0).then(|| ((now - before) / before * 1000.0).round() / 10.0)
}

fn change_opt(now: Option<f64>, before: Option<f64>) -> Option<f64> {
    change(now?, before?)
}

/// Sums by bucket, zero-filled over `report.starts`.
async fn by_bucket(
    store: &Store,
    report: &Report,
) -> Result<Vec<(DateTime<Utc>, RollupTotals)>, Error> {
    let rows = store
        .analytics()
        .rollup_totals(
            &report.scope,
            report.agent.as_deref(),
            report.range.from,
            report.range.to,
            &[Dim::Time(report.bucket())],
        )
        .await?;
    let found: HashMap<DateTime<Utc>, RollupTotals> = rows
        .into_iter()
        .filter_map(|(keys, t)| {
            Some((
                agentforge_store::bucket_start(&keys[0], report.bucket()).ok()?,
                t,
            ))
        })
        .collect();
    Ok(report
        .starts
        .iter()
        .map(|start| (*start, found.get(start).copied().unwrap_or_default()))
        .collect())
}

pub async fn overview(
    store: &Store,
    report: &Report,
    prices: &BTreeMap<String, ModelPrice>,
) -> Result<OverviewReportOut, Error> {
    let (from, to) = (report.range.from, report.range.to);
    let current = totals(store, report, from, to, prices).await?;
    let previous = totals(store, report, from - (to - from), from, prices).await?;
    let series = by_bucket(store, report)
        .await?
        .into_iter()
        .map(|(start, t)| ActivityPointOut {
            start,
            conversations: t.conversations,
            messages: t.messages,
            answers: t.answers,
            tokens: t.tokens_in + t.tokens_out,
            errors: t.failed,
        })
        .collect();
    let f = |v: u64| v as f64;
    let change = ChangeOut {
        conversations: change(f(current.conversations), f(previous.conversations)),
        messages: change(f(current.messages), f(previous.messages)),
        answers: change(f(current.answers), f(previous.answers)),
        users: change(f(current.users), f(previous.users)),
        tokens: change(
            f(current.tokens_in + current.tokens_out),
            f(previous.tokens_in + previous.tokens_out),
        ),
        average_latency_ms: change_opt(current.average_latency_ms, previous.average_latency_ms),
        error_rate: change_opt(current.error_rate, previous.error_rate),
    };
    Ok(OverviewReportOut {
        range: report.range.clone(),
        current,
        previous,
        change,
        series,
    })
}

// ---------------------------------------------------------------------------
// Performance.

/// Answer times and outcomes of a group of answers. Percentiles are read
/// from 10 %-wide buckets: within 5 % of the exact value.
#[derive(Debug, Clone, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LatencyOut {
    pub answers: u64,
    pub average_ms: Option<f64>,
    pub p50_ms: Option<f64>,
    pub p95_ms: Option<f64>,
    pub p99_ms: Option<f64>,
    pub first_token_average_ms: Option<f64>,
    pub first_token_p50_ms: Option<f64>,
    pub first_token_p95_ms: Option<f64>,
    /// Failed answers over answers (0–1).
    pub error_rate: Option<f64>,
    /// Answers cut short (the person left or stopped it, or the server
    /// stopped) over answers (0–1).
    pub interruption_rate: Option<f64>,
}

fn rounded(v: Option<f64>) -> Option<f64> {
    v.map(|v| (v * 10.0).round() / 10.0)
}

fn latency(t: &RollupTotals, answer: &[(i32, u64)], first: &[(i32, u64)]) -> LatencyOut {
    LatencyOut {
        answers: t.answers,
        average_ms: rounded(average(t.answer_ms_sum, t.answer_ms_count)),
        p50_ms: rounded(percentile(answer, 0.50)),
        p95_ms: rounded(percentile(answer, 0.95)),
        p99_ms: rounded(percentile(answer, 0.99)),
        first_token_average_ms: rounded(average(t.first_token_ms_sum, t.first_token_ms_count)),
        first_token_p50_ms: rounded(percentile(first, 0.50)),
        first_token_p95_ms: rounded(percentile(first, 0.95)),
        error_rate: ratio(t.failed, t.answers),
        interruption_rate: ratio(t.interrupted, t.answers),
    }
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentLatencyOut {
    pub agent_id: String,
    /// Absent for an agent since deleted.
    pub agent_name: Option<String>,
    #[serde(flatten)]
    pub latency: LatencyOut,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProviderLatencyOut {
    /// `""` for answers written without a model (refusals, errors before one answered).
    pub provider: String,
    #[serde(flatten)]
    pub latency: LatencyOut,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolLatencyOut {
    pub tool: String,
    pub calls: u64,
    pub average_ms: Option<f64>,
    pub p50_ms: Option<f64>,
    pub p95_ms: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PerformanceOut {
    pub range: RangeOut,
    pub overall: LatencyOut,
    /// Slowest (p95) first.
    pub agents: Vec<AgentLatencyOut>,
    pub providers: Vec<ProviderLatencyOut>,
    /// Tool calls by tool, most called first; with their failures.
    pub tools: Vec<ToolLatencyOut>,
    pub tool_calls: u64,
    pub tool_errors: u64,
}

/// Histograms by (agent, provider) added up by the key `key` picks
/// (`None`: everything into one).
fn merged(
    rows: &[(Vec<String>, Histogram)],
    key: impl Fn(&[String]) -> Option<String>,
) -> HashMap<Option<String>, Histogram> {
    let mut sums: HashMap<Option<String>, BTreeMap<i32, u64>> = HashMap::new();
    for (keys, histogram) in rows {
        let sum = sums.entry(key(keys)).or_default();
        for (bucket, n) in histogram {
            *sum.entry(*bucket).or_default() += n;
        }
    }
    sums.into_iter()
        .map(|(k, h)| (k, h.into_iter().collect()))
        .collect()
}

pub async fn performance(store: &Store, report: &Report) -> Result<PerformanceOut, Error> {
    let analytics = store.analytics();
    let (scope, agent, from, to) = (
        &report.scope,
        report.agent.as_deref(),
        report.range.from,
        report.range.to,
    );
    let hist =
        |kind, dims: &'static [Dim]| analytics.histograms(scope, agent, from, to, kind, dims);
    // One read per kind, by agent and provider; the overall, per-agent and
    // per-provider views are sums of it.
    let answers = hist(LatencyKind::Answer, &[Dim::Agent, Dim::Provider]).await?;
    let firsts = hist(LatencyKind::FirstToken, &[Dim::Agent, Dim::Provider]).await?;
    let (overall_answer, overall_first) = (merged(&answers, |_| None), merged(&firsts, |_| None));
    let (agent_answer, agent_first) = (
        merged(&answers, |k| Some(k[0].clone())),
        merged(&firsts, |k| Some(k[0].clone())),
    );
    let (provider_answer, provider_first) = (
        merged(&answers, |k| Some(k[1].clone())),
        merged(&firsts, |k| Some(k[1].clone())),
    );
    let empty = Histogram::new();
    let of = |map: &HashMap<Option<String>, Histogram>, key: Option<&String>| {
        map.get(&key.cloned()).unwrap_or(&empty).clone()
    };
    let rows = analytics
        .rollup_totals(scope, agent, from, to, &[Dim::Agent, Dim::Provider])
        .await?;
    let mut total = RollupTotals::default();
    let mut by_agent: BTreeMap<String, RollupTotals> = BTreeMap::new();
    let mut by_provider: BTreeMap<String, RollupTotals> = BTreeMap::new();
    for (keys, t) in &rows {
        total.add(t);
        by_agent.entry(keys[0].clone()).or_default().add(t);
        by_provider.entry(keys[1].clone()).or_default().add(t);
    }

    let ids: Vec<String> = by_agent.keys().cloned().collect();
    let names = store.agents().names(&ids).await?;
    let mut agents: Vec<AgentLatencyOut> = by_agent
        .into_iter()
        .filter(|(_, t)| t.answers > 0)
        .map(|(id, t)| AgentLatencyOut {
            agent_name: names.get(&id).cloned(),
            latency: latency(
                &t,
                &of(&agent_answer, Some(&id)),
                &of(&agent_first, Some(&id)),
            ),
            agent_id: id,
        })
        .collect();
    agents.sort_by(|a, b| {
        b.latency
            .p95_ms
            .partial_cmp(&a.latency.p95_ms)
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    let providers = by_provider
        .into_iter()
        .filter(|(_, t)| t.answers > 0)
        .map(|(provider, t)| ProviderLatencyOut {
            latency: latency(
                &t,
                &of(&provider_answer, Some(&provider)),
                &of(&provider_first, Some(&provider)),
            ),
            provider,
        })
        .collect();

    let mut tools: Vec<ToolLatencyOut> = hist(LatencyKind::Tool, &[Dim::Provider])
        .await?
        .into_iter()
        .map(|(keys, h)| {
            let calls: u64 = h.iter().map(|(_, n)| n).sum();
            let sum: f64 = h
                .iter()
                .map(|(b, n)| agentforge_store::bucket_value(*b) * *n as f64)
                .sum();
            ToolLatencyOut {
                tool: keys.into_iter().next().unwrap_or_default(),
                calls,
                average_ms: rounded((calls > 0).then(|| sum / calls as f64)),
                p50_ms: rounded(percentile(&h, 0.50)),
                p95_ms: rounded(percentile(&h, 0.95)),
            }
        })
        .collect();
    tools.sort_by(|a, b| b.calls.cmp(&a.calls).then(a.tool.cmp(&b.tool)));
    Ok(PerformanceOut {
        range: report.range.clone(),
        overall: latency(
            &total,
            &of(&overall_answer, None),
            &of(&overall_first, None),
        ),
        agents,
        providers,
        tools,
        tool_calls: total.tool_calls,
        tool_errors: total.tool_errors,
    })
}

// ---------------------------------------------------------------------------
// Usage.

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModelUsageOut {
    pub provider: String,
    pub model: String,
    pub answers: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Null when the price table has no price for the model.
    pub estimated_cost_usd: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsagePointOut {
    pub start: DateTime<Utc>,
    pub messages: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UsageOut {
    pub range: RangeOut,
    pub messages: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    /// Of the models with a price; null when none has one.
    pub estimated_cost_usd: Option<f64>,
    /// Most tokens first.
    pub models: Vec<ModelUsageOut>,
    /// Zero-filled, oldest first.
    pub series: Vec<UsagePointOut>,
}

pub async fn usage(
    store: &Store,
    report: &Report,
    prices: &BTreeMap<String, ModelPrice>,
) -> Result<UsageOut, Error> {
    let rows = store
        .analytics()
        .rollup_totals(
            &report.scope,
            report.agent.as_deref(),
            report.range.from,
            report.range.to,
            &[Dim::Provider, Dim::Model],
        )
        .await?;
    let mut sum = RollupTotals::default();
    let mut total_cost = None::<f64>;
    let mut models = Vec::new();
    for (keys, t) in rows {
        sum.add(&t);
        if keys[1].is_empty() {
            // Questions, and conversations started: no model.
            continue;
        }
        let estimated = cost(prices, &keys[1], &t);
        if let Some(c) = estimated {
            total_cost = Some(total_cost.unwrap_or_default() + c);
        }
        models.push(ModelUsageOut {
            provider: keys[0].clone(),
            model: keys[1].clone(),
            answers: t.answers,
            tokens_in: t.tokens_in,
            tokens_out: t.tokens_out,
            estimated_cost_usd: estimated.map(cents),
        });
    }
    models.sort_by_key(|m| std::cmp::Reverse(m.tokens_in + m.tokens_out));
    let series = by_bucket(store, report)
        .await?
        .into_iter()
        .map(|(start, t)| UsagePointOut {
            start,
            messages: t.messages,
            tokens_in: t.tokens_in,
            tokens_out: t.tokens_out,
        })
        .collect();
    Ok(UsageOut {
        range: report.range.clone(),
        messages: sum.messages,
        tokens_in: sum.tokens_in,
        tokens_out: sum.tokens_out,
        estimated_cost_usd: total_cost.map(cents),
        models,
        series,
    })
}

// ---------------------------------------------------------------------------
// Metrics.

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetricPointOut {
    pub start: DateTime<Utc>,
    /// Null where the bucket has nothing to measure (a rate or a time
    /// without answers).
    pub value: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MetricOut {
    pub range: RangeOut,
    pub metric: Metric,
    /// Zero-filled, oldest first.
    pub points: Vec<MetricPointOut>,
}

pub async fn metric(store: &Store, report: &Report, metric: Metric) -> Result<MetricOut, Error> {
    let sums = by_bucket(store, report).await?;
    let histograms = match metric {
        Metric::LatencyP95 | Metric::FirstTokenP95 => {
            let kind = if metric == Metric::LatencyP95 {
                LatencyKind::Answer
            } else {
                LatencyKind::FirstToken
            };
            let rows = store
                .analytics()
                .histograms(
                    &report.scope,
                    report.agent.as_deref(),
                    report.range.from,
                    report.range.to,
                    kind,
                    &[Dim::Time(report.bucket())],
                )
                .await?;
            rows.into_iter()
                .filter_map(|(keys, h)| {
                    Some((
                        agentforge_store::bucket_start(&keys[0], report.bucket()).ok()?,
                        h,
                    ))
                })
                .collect()
        }
        _ => HashMap::new(),
    };
    let points = sums
        .into_iter()
        .map(|(start, t)| {
            let n = |v: u64| Some(v as f64);
            let value = match metric {
                Metric::Conversations => n(t.conversations),
                Metric::Messages => n(t.messages),
                Metric::Answers => n(t.answers),
                Metric::TokensIn => n(t.tokens_in),
                Metric::TokensOut => n(t.tokens_out),
                Metric::Errors => n(t.failed),
                Metric::ToolCalls => n(t.tool_calls),
                Metric::ErrorRate => ratio(t.failed, t.answers),
                Metric::LatencyAverage => rounded(average(t.answer_ms_sum, t.answer_ms_count)),
                Metric::LatencyP95 | Metric::FirstTokenP95 => {
                    rounded(histograms.get(&start).and_then(|h| percentile(h, 0.95)))
                }
            };
            MetricPointOut { start, value }
        })
        .collect();
    Ok(MetricOut {
        range: report.range.clone(),
        metric,
        points,
    })
}

// ---------------------------------------------------------------------------
// Agents and conversations.

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentReportOut {
    pub agent_id: String,
    /// Absent for an agent since deleted.
    pub agent_name: Option<String>,
    pub conversations: u64,
    pub messages: u64,
    pub answers: u64,
    pub tokens_in: u64,
    pub tokens_out: u64,
    pub average_latency_ms: Option<f64>,
    pub p95_latency_ms: Option<f64>,
    pub error_rate: Option<f64>,
    pub estimated_cost_usd: Option<f64>,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AgentsReportOut {
    pub range: RangeOut,
    /// Most messages first.
    pub agents: Vec<AgentReportOut>,
}

pub async fn agents(
    store: &Store,
    report: &Report,
    prices: &BTreeMap<String, ModelPrice>,
) -> Result<AgentsReportOut, Error> {
    let analytics = store.analytics();
    let (scope, agent, from, to) = (
        &report.scope,
        report.agent.as_deref(),
        report.range.from,
        report.range.to,
    );
    let rows = analytics
        .rollup_totals(scope, agent, from, to, &[Dim::Agent, Dim::Model])
        .await?;
    let p95 = merged(
        &analytics
            .histograms(scope, agent, from, to, LatencyKind::Answer, &[Dim::Agent])
            .await?,
        |k| Some(k[0].clone()),
    );
    let mut by_agent: BTreeMap<String, (RollupTotals, Option<f64>)> = BTreeMap::new();
    for (keys, t) in rows {
        let entry = by_agent.entry(keys[0].clone()).or_default();
        entry.0.add(&t);
        if let Some(c) = cost(prices, &keys[1], &t) {
            entry.1 = Some(entry.1.unwrap_or_default() + c);
        }
    }
    let ids: Vec<String> = by_agent.keys().cloned().collect();
    let names = store.agents().names(&ids).await?;
    let mut agents: Vec<AgentReportOut> = by_agent
        .into_iter()
        .map(|(id, (t, cost))| AgentReportOut {
            agent_name: names.get(&id).cloned(),
            conversations: t.conversations,
            messages: t.messages,
            answers: t.answers,
            tokens_in: t.tokens_in,
            tokens_out: t.tokens_out,
            average_latency_ms: rounded(average(t.answer_ms_sum, t.answer_ms_count)),
            p95_latency_ms: rounded(p95.get(&Some(id.clone())).and_then(|h| percentile(h, 0.95))),
            error_rate: ratio(t.failed, t.answers),
            estimated_cost_usd: cost.map(cents),
            agent_id: id,
        })
        .collect();
    agents.sort_by(|a, b| {
        b.messages
            .cmp(&a.messages)
            .then(a.agent_id.cmp(&b.agent_id))
    });
    Ok(AgentsReportOut {
        range: report.range.clone(),
        agents,
    })
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChannelCountOut {
    pub channel: String,
    pub conversations: u64,
    pub messages: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatusCountOut {
    pub status: String,
    pub conversations: u64,
}

#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationsReportOut {
    pub range: RangeOut,
    pub conversations: u64,
    pub users: u64,
    /// Messages per conversation started (null without conversations).
    pub average_messages: Option<f64>,
    /// Most conversations first.
    pub by_channel: Vec<ChannelCountOut>,
    /// As they stand now, of the conversations started in the span.
    pub by_status: Vec<StatusCountOut>,
    /// Conversations started in each hour of the day (UTC), 0 to 23.
    pub by_hour_of_day: Vec<u64>,
}

pub async fn conversations(
    store: &Store,
    report: &Report,
) -> Result<ConversationsReportOut, Error> {
    let analytics = store.analytics();
    let (scope, agent, from, to) = (
        &report.scope,
        report.agent.as_deref(),
        report.range.from,
        report.range.to,
    );
    let channels = analytics
        .rollup_totals(scope, agent, from, to, &[Dim::Channel])
        .await?;
    let hours = analytics
        .rollup_totals(scope, agent, from, to, &[Dim::HourOfDay])
        .await?;
    let statuses = analytics
        .conversation_statuses(scope, agent, from, to)
        .await?;
    let users = analytics.people(scope, agent, from, to).await?;
    let mut sum = RollupTotals::default();
    let mut by_channel: Vec<ChannelCountOut> = channels
        .into_iter()
        .map(|(keys, t)| {
            sum.add(&t);
            ChannelCountOut {
                channel: keys.into_iter().next().unwrap_or_default(),
                conversations: t.conversations,
                messages: t.messages,
            }
        })
        .collect();
    by_channel.sort_by(|a, b| {
        b.conversations
            .cmp(&a.conversations)
            .then(a.channel.cmp(&b.channel))
    });
    let mut by_hour_of_day = vec![0; 24];
    for (keys, t) in hours {
        if let Some(slot) = keys[0]
            .parse::<usize>()
            .ok()
            .and_then(|h| by_hour_of_day.get_mut(h))
        {
            *slot += t.conversations;
        }
    }
    let mut by_status: Vec<StatusCountOut> = statuses
        .into_iter()
        .map(|(status, conversations)| StatusCountOut {
            status,
            conversations,
        })
        .collect();
    by_status.sort_by(|a, b| {
        b.conversations
            .cmp(&a.conversations)
            .then(a.status.cmp(&b.status))
    });
    Ok(ConversationsReportOut {
        range: report.range.clone(),
        conversations: sum.conversations,
        users,
        average_messages: rounded(ratio(sum.messages, sum.conversations)),
        by_channel,
        by_status,
        by_hour_of_day,
    })
}
