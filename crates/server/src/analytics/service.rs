//! Activity reports: an agent's over a period, and the dashboard's over the
//! last fortnight. The database counts (`Analytics::activity` groups by
//! hour, day or month); this fills the empty buckets and adds the totals.

use agentforge_domain::agent::Period;
use agentforge_domain::error::Error;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{Activity, Bucket, Scope, Store};
use chrono::{DateTime, Datelike, Duration, DurationRound, TimeZone, Utc};

use crate::access;
use crate::conversations::service::{Listed, Listing, list};

/// Days of the dashboard's activity chart.
pub const DASHBOARD_DAYS: i64 = 14;

/// One bucket of a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Point {
    pub start: DateTime<Utc>,
    pub conversations: u64,
    pub messages: u64,
}

/// An agent's activity over a period.
#[derive(Debug, Clone)]
pub struct AgentActivity {
    pub period: Period,
    pub from: DateTime<Utc>,
    pub to: DateTime<Utc>,
    /// Zero-filled, oldest first.
    pub series: Vec<Point>,
    pub totals: Activity,
}

/// Start of bucket `i` counted from a start time.
type Step = fn(DateTime<Utc>, i64) -> DateTime<Utc>;

/// The start of a period ending now, the start of each of its buckets, and
/// how the database should group them.
pub fn period_series(
    period: Period,
    now: DateTime<Utc>,
) -> (DateTime<Utc>, Vec<DateTime<Utc>>, Bucket) {
    let (count, step, bucket): (i64, Step, Bucket) = match period {
        Period::Day => (24, |t, i| t + Duration::hours(i), Bucket::Hour),
        Period::Week => (7, |t, i| t + Duration::days(i), Bucket::Day),
        Period::Month => (30, |t, i| t + Duration::days(i), Bucket::Day),
        Period::Year => (
            12,
            |t, i| {
                let months = t.month0() as i64 + i;
                Utc.with_ymd_and_hms(
                    t.year() + (months / 12) as i32,
                    (months % 12) as u32 + 1,
                    1,
                    0,
                    0,
                    0,
                )
                .single()
                .unwrap_or(t)
            },
            Bucket::Month,
        ),
    };
    let day_start = now.duration_trunc(Duration::days(1)).unwrap_or(now);
    let start = match period {
        Period::Day => {
            now.duration_trunc(Duration::hours(1)).unwrap_or(now) - Duration::hours(count - 1)
        }
        Period::Year => {
            let months = now.year() as i64 * 12 + now.month0() as i64 - (count - 1);
            Utc.with_ymd_and_hms((months / 12) as i32, (months % 12) as u32 + 1, 1, 0, 0, 0)
                .single()
                .unwrap_or(day_start)
        }
        Period::Week | Period::Month => day_start - Duration::days(count - 1),
    };
    (start, (0..count).map(|i| step(start, i)).collect(), bucket)
}

/// The database's non-empty buckets laid over every bucket start.
fn series(starts: &[DateTime<Utc>], activity: &Activity) -> Vec<Point> {
    let find = |counts: &[(DateTime<Utc>, u64)], start: DateTime<Utc>| {
        counts
            .iter()
            .find(|(s, _)| *s == start)
            .map(|(_, n)| *n)
            .unwrap_or_default()
    };
    starts
        .iter()
        .map(|start| Point {
            start: *start,
            conversations: find(&activity.conversations_by_bucket, *start),
            messages: find(&activity.messages_by_bucket, *start),
        })
        .collect()
}

/// An agent's activity over `period`, for whoever may see the agent.
pub async fn agent_activity(
    store: &Store,
    actor: &Actor,
    agent_id: &str,
    period: Period,
) -> Result<AgentActivity, Error> {
    let (agent, _) = access::agent(store, actor, agent_id, Action::View).await?;
    let now = Utc::now();
    let (from, starts, bucket) = period_series(period, now);
    let totals = store
        .analytics()
        .activity(&Scope::Agent(agent.id), from, bucket)
        .await?;
    Ok(AgentActivity {
        period,
        from,
        to: now,
        series: series(&starts, &totals),
        totals,
    })
}

/// The dashboard's numbers for the actor's agents.
#[derive(Debug, Clone)]
pub struct Dashboard {
    pub total_agents: u64,
    pub active_agents: u64,
    pub total_conversations: u64,
    pub active_conversations: u64,
    pub total_messages: u64,
    pub total_documents: u64,
    pub conversations_today: u64,
    pub messages_today: u64,
    pub average_response_ms: Option<f64>,
    /// The last [`DASHBOARD_DAYS`] days, oldest first, zero-filled.
    pub series: Vec<Point>,
    /// The ten conversations with the latest activity.
    pub recent: Vec<Listed>,
}

pub async fn dashboard(store: &Store, actor: &Actor) -> Result<Dashboard, Error> {
    let owner = actor
        .user_id()
        .ok_or(Error::Unauthenticated(
            agentforge_domain::error::Unauthenticated::Required,
        ))?
        .to_owned();
    let now = Utc::now();
    let today = now
        .duration_trunc(Duration::days(1))
        .map_err(Error::internal)?;
    let from = today - Duration::days(DASHBOARD_DAYS - 1);
    let scope = Scope::Owner(owner.clone());
    let (total_agents, active_agents) = store.agents().count_for_owner(&owner).await?;
    let (total_conversations, active_conversations, total_messages) =
        store.conversations().totals(&scope).await?;
    let total_documents = store.knowledge().count_documents(&owner).await?;
    let activity = store
        .analytics()
        .activity(&scope, from, Bucket::Day)
        .await?;
    let days: Vec<DateTime<Utc>> = (0..DASHBOARD_DAYS)
        .map(|i| from + Duration::days(i))
        .collect();
    let series = series(&days, &activity);
    let last = series.last().copied();
    let (recent, _) = list(store, actor, Listing::default()).await?;
    Ok(Dashboard {
        total_agents,
        active_agents,
        total_conversations,
        active_conversations,
        total_messages,
        total_documents,
        conversations_today: last.map(|p| p.conversations).unwrap_or_default(),
        messages_today: last.map(|p| p.messages).unwrap_or_default(),
        average_response_ms: activity.avg_response_ms,
        series,
        recent,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_have_zero_filled_buckets_ending_now() {
        let now = Utc.with_ymd_and_hms(2026, 3, 15, 10, 30, 0).unwrap();
        let (from, day, bucket) = period_series(Period::Day, now);
        assert_eq!((day.len(), bucket), (24, Bucket::Hour));
        assert_eq!(from, Utc.with_ymd_and_hms(2026, 3, 14, 11, 0, 0).unwrap());
        assert_eq!(
            *day.last().unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 15, 10, 0, 0).unwrap()
        );
        assert_eq!(period_series(Period::Week, now).1.len(), 7);
        assert_eq!(period_series(Period::Month, now).1.len(), 30);
        let (from, year, bucket) = period_series(Period::Year, now);
        assert_eq!((year.len(), bucket), (12, Bucket::Month));
        assert_eq!(from, Utc.with_ymd_and_hms(2025, 4, 1, 0, 0, 0).unwrap());
        assert_eq!(
            *year.last().unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap()
        );
    }

    #[test]
    fn counted_buckets_land_on_their_starts() {
        let day = |d| Utc.with_ymd_and_hms(2026, 3, d, 0, 0, 0).unwrap();
        let activity = Activity {
            conversations_by_bucket: vec![(day(2), 3)],
            messages_by_bucket: vec![(day(1), 1), (day(2), 9)],
            ..Activity::default()
        };
        let points = series(&[day(1), day(2), day(3)], &activity);
        let got: Vec<(u64, u64)> = points
            .iter()
            .map(|p| (p.conversations, p.messages))
            .collect();
        assert_eq!(got, vec![(0, 1), (3, 9), (0, 0)]);
    }
}
