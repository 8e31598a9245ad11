//! The job that keeps the hourly rollups current: every minute it redoes
//! the hours since the last settled one (the last hour or two) and moves
//! the settled mark up to ten minutes ago. After a reset (or on a database
//! that had activity before the rollups existed) it starts from the first
//! conversation, a day of hours per transaction.

use agentforge_runtime::{JobFailure, JobHandler};
use agentforge_store::{Job, RollupState, Store, StoreError, hour_of};
use chrono::{DateTime, Duration, Utc};

/// The job kind.
pub const ROLLUP: &str = "analytics.rollup";
/// When it runs: every minute.
pub const EVERY_MINUTE: &str = "20 * * * * *";
/// How long after its end an hour is final: answers are written within
/// a turn's time limit of their start.
pub const SETTLE_MINUTES: i64 = 10;
/// Hours redone per transaction when catching up.
const WINDOW_HOURS: i64 = 24;

/// Brings the rollups up to `now`.
pub async fn refresh(store: &Store, now: DateTime<Utc>) -> Result<RollupState, StoreError> {
    let analytics = store.analytics();
    let end = hour_of(now) + Duration::hours(1);
    let settle = hour_of(now - Duration::minutes(SETTLE_MINUTES));
    let mut from = match analytics.rollup_state().await? {
        Some(state) => state.settled_until.min(settle),
        None => analytics
            .earliest_activity()
            .await?
            .map(hour_of)
            .unwrap_or(settle)
            .min(settle),
    };
    loop {
        let to = (from + Duration::hours(WINDOW_HOURS)).min(end);
        analytics.roll_up(from, to, to.min(settle), now).await?;
        if to >= end {
            break;
        }
        from = to;
    }
    Ok(RollupState {
        settled_until: settle,
        refreshed_at: now,
    })
}

/// Runs [`ROLLUP`].
pub struct Rollup {
    pub store: Store,
}

#[async_trait::async_trait]
impl JobHandler for Rollup {
    async fn run(&self, _job: &Job) -> Result<(), JobFailure> {
        refresh(&self.store, Utc::now())
            .await
            .map(drop)
            .map_err(|e| JobFailure::Retry(e.to_string()))
    }
}
