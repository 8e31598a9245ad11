//! The durable job queue: background work stored beside the data it
//! concerns, so it can be queued in the same transaction as the change that
//! calls for it, survives a restart, and runs once however many instances
//! share the database.
//!
//! A job is claimed under a lease: `running`, `locked_by` a worker,
//! `locked_until` a moment. A worker that dies leaves the lease to run out,
//! and the job is claimed again (so a job runs at least once, and exactly
//! once unless its worker died mid-way). Claiming picks due rows with `FOR
//! UPDATE SKIP LOCKED` and marks them in one transaction, so instances
//! never wait on each other's rows on PostgreSQL; SQLite has one writer and
//! needs no lock clause (sea-query leaves it out there), so both engines run
//! the same statements.

use agentforge_domain::job::JobStatus;
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, ExprTrait, LockBehavior, LockType, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, SqliteTransactionMode, TransactionOptions,
    TransactionSession, TransactionTrait, TryInsertResult,
};

use crate::StoreError;
use crate::entities::job;

/// Longest error kept on a job.
const ERROR_MAX_CHARS: usize = 2000;

#[derive(Debug, Clone, PartialEq)]
pub struct Job {
    pub id: String,
    pub kind: String,
    pub payload: serde_json::Value,
    pub status: JobStatus,
    /// Attempts started so far (the running one included).
    pub attempts: u32,
    pub max_attempts: u32,
    pub run_at: DateTime<Utc>,
    pub locked_by: Option<String>,
    pub locked_until: Option<DateTime<Utc>>,
    pub last_error: Option<String>,
    pub unique_key: Option<String>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub finished_at: Option<DateTime<Utc>>,
}

impl TryFrom<job::Model> for Job {
    type Error = StoreError;

    fn try_from(m: job::Model) -> Result<Self, StoreError> {
        let corrupt = |what: &str, e: &dyn std::fmt::Display| {
            StoreError::Database(sea_orm::DbErr::Custom(format!(
                "stored job {what} cannot be read: {e}"
            )))
        };
        Ok(Self {
            payload: serde_json::from_str(&m.payload).map_err(|e| corrupt("payload", &e))?,
            status: JobStatus::parse(&m.status).map_err(|e| corrupt("status", &e))?,
            attempts: u32::try_from(m.attempts).unwrap_or_default(),
            max_attempts: u32::try_from(m.max_attempts).unwrap_or_default(),
            id: m.id,
            kind: m.kind,
            run_at: m.run_at,
            locked_by: m.locked_by,
            locked_until: m.locked_until,
            last_error: m.last_error,
            unique_key: m.unique_key,
            created_at: m.created_at,
            updated_at: m.updated_at,
            finished_at: m.finished_at,
        })
    }
}

/// A job to queue.
#[derive(Debug, Clone)]
pub struct NewJob {
    /// What runs it, e.g. `mail.send`.
    pub kind: String,
    pub payload: serde_json::Value,
    /// Not before this moment.
    pub run_at: DateTime<Utc>,
    pub max_attempts: u32,
    /// A job with the same key is queued at most once (a scheduled run's
    /// slot, for instance); `None` for no such rule.
    pub unique_key: Option<String>,
}

impl NewJob {
    /// A job to run now, with `max_attempts` tries.
    pub fn now(kind: impl Into<String>, payload: serde_json::Value, max_attempts: u32) -> Self {
        Self {
            kind: kind.into(),
            payload,
            run_at: crate::now(),
            max_attempts: Ord::max(max_attempts, 1),
            unique_key: None,
        }
    }
}

/// Jobs counted by status, for the admin area and metrics.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct JobCounts {
    pub queued: u64,
    pub running: u64,
    pub succeeded: u64,
    pub dead: u64,
    /// Of `queued`: those that failed at least once and wait to be tried again.
    pub retrying: u64,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Jobs<'a, C = crate::Db> {
    db: &'a C,
}

fn truncate(error: &str) -> String {
    error.chars().take(ERROR_MAX_CHARS).collect()
}

/// Due to run: queued and due, or running under a lease that ran out.
/// The row of a job just queued.
fn queued(id: String, new: NewJob, now: DateTime<Utc>) -> job::ActiveModel {
    job::ActiveModel {
        id: Set(id),
        kind: Set(new.kind),
        payload: Set(new.payload.to_string()),
        status: Set(JobStatus::Queued.as_str().to_owned()),
        attempts: Set(0),
        max_attempts: Set(i32::try_from(Ord::max(new.max_attempts, 1)).unwrap_or(i32::MAX)),
        run_at: Set(new.run_at),
        locked_by: Set(None),
        locked_until: Set(None),
        last_error: Set(None),
        unique_key: Set(new.unique_key),
        created_at: Set(now),
        updated_at: Set(now),
        finished_at: Set(None),
    }
}

/// Queued and due.
fn due(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(job::Column::Status.eq(JobStatus::Queued.as_str()))
        .add(job::Column::RunAt.lte(now))
}

/// Claimed, but the claim ran out (its instance died or hung).
fn lease_ran_out(now: DateTime<Utc>) -> Condition {
    Condition::all()
        .add(job::Column::Status.eq(JobStatus::Running.as_str()))
        .add(job::Column::LockedUntil.lt(now))
}

fn claimable(now: DateTime<Utc>) -> Condition {
    Condition::any().add(due(now)).add(lease_ran_out(now))
}

impl<'a, C: ConnectionTrait + TransactionTrait> Jobs<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Queues a job; `None` when its `unique_key` is already queued.
    pub async fn enqueue(&self, new: NewJob) -> Result<Option<Job>, StoreError> {
        let id = uuid::Uuid::now_v7().to_string();
        let model = queued(id.clone(), new, crate::now());
        if self.insert_queued([model]).await? {
            self.get(&id).await
        } else {
            Ok(None)
        }
    }

    /// Inserts queued jobs, leaving out those whose unique key is taken;
    /// whether any went in.
    async fn insert_queued(
        &self,
        models: impl IntoIterator<Item = job::ActiveModel>,
    ) -> Result<bool, StoreError> {
        let inserted = job::Entity::insert_many(models)
            .on_conflict(
                OnConflict::column(job::Column::UniqueKey)
                    .do_nothing()
                    .to_owned(),
            )
            .try_insert()
            .exec_without_returning(self.db)
            .await?;
        Ok(matches!(inserted, TryInsertResult::Inserted(n) if n > 0))
    }

    /// Queues jobs in one statement (none when `new` is empty); a job whose
    /// unique key is taken is left out, as [`Self::enqueue`] does.
    pub async fn enqueue_many(&self, new: Vec<NewJob>) -> Result<(), StoreError> {
        if new.is_empty() {
            return Ok(());
        }
        let now = crate::now();
        let mut rest = new;
        while !rest.is_empty() {
            let chunk: Vec<NewJob> = rest
                .drain(..rest.len().min(crate::ROWS_PER_STATEMENT))
                .collect();
            self.insert_queued(
                chunk
                    .into_iter()
                    .map(|new| queued(uuid::Uuid::now_v7().to_string(), new, now)),
            )
            .await?;
        }
        Ok(())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Job>, StoreError> {
        job::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Job::try_from)
            .transpose()
    }

    /// Claims up to `limit` jobs of the given kinds that are due, for
    /// `worker`, until `lease_until`; each claim counts as an attempt.
    pub async fn claim(
        &self,
        worker: &str,
        kinds: &[String],
        limit: u64,
        lease_until: DateTime<Utc>,
    ) -> Result<Vec<Job>, StoreError> {
        if kinds.is_empty() || limit == 0 {
            return Ok(Vec::new());
        }
        let now = crate::now();
        // Pick, then mark, in one transaction: on PostgreSQL the picked rows
        // stay locked (and skipped by other instances) until it commits; on
        // SQLite the transaction takes the write lock at once, so claimers
        // go one after the other. (A single `UPDATE … WHERE id IN (SELECT …
        // LIMIT n FOR UPDATE SKIP LOCKED)` may claim more than `n` rows on
        // PostgreSQL, whose planner can run the subquery again.)
        let txn = self
            .db
            .begin_with_options(TransactionOptions {
                sqlite_transaction_mode: Some(SqliteTransactionMode::Immediate),
                ..TransactionOptions::default()
            })
            .await?;
        // Two picks, each down its own index in order: jobs whose claim ran
        // out (rare), then due ones, oldest first. As one query with `OR`,
        // SQLite read and sorted every due job for each claim, so a backlog
        // of 10,000 made each claim take milliseconds.
        let pick = |condition: Condition, limit: u64| {
            job::Entity::find()
                .select_only()
                .column(job::Column::Id)
                .filter(condition)
                .filter(job::Column::Kind.is_in(kinds.iter().cloned()))
                .order_by_asc(job::Column::RunAt)
                .order_by_asc(job::Column::Id)
                .limit(limit)
                .lock_with_behavior(LockType::Update, LockBehavior::SkipLocked)
                .into_tuple::<String>()
        };
        let mut ids: Vec<String> = pick(lease_ran_out(now), limit).all(&txn).await?;
        let room = limit.saturating_sub(ids.len() as u64);
        if room > 0 {
            ids.extend(pick(due(now), room).all(&txn).await?);
        }
        if ids.is_empty() {
            txn.commit().await?;
            return Ok(Vec::new());
        }
        let claimed = job::Entity::update_many()
            .col_expr(
                job::Column::Status,
                Expr::value(JobStatus::Running.as_str()),
            )
            .col_expr(job::Column::LockedBy, Expr::value(worker))
            .col_expr(job::Column::LockedUntil, Expr::value(lease_until))
            .col_expr(
                job::Column::Attempts,
                Expr::col(job::Column::Attempts).add(1),
            )
            .col_expr(job::Column::UpdatedAt, Expr::value(now))
            .filter(job::Column::Id.is_in(ids))
            .filter(claimable(now))
            .exec_with_returning(&txn)
            .await?;
        txn.commit().await?;
        let mut jobs = claimed
            .into_iter()
            .map(Job::try_from)
            .collect::<Result<Vec<_>, _>>()?;
        jobs.sort_by(|a, b| a.run_at.cmp(&b.run_at).then_with(|| a.id.cmp(&b.id)));
        Ok(jobs)
    }

    /// Keeps `worker`'s claim on a long job; `false` when it lost it.
    pub async fn extend(
        &self,
        id: &str,
        worker: &str,
        lease_until: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        let result = job::Entity::update_many()
            .col_expr(job::Column::LockedUntil, Expr::value(lease_until))
            .col_expr(job::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::Status.eq(JobStatus::Running.as_str()))
            .filter(job::Column::LockedBy.eq(worker))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Gives back a claim that was not started: queued again, the attempt
    /// not counted.
    pub async fn release(&self, id: &str, worker: &str) -> Result<bool, StoreError> {
        let result = job::Entity::update_many()
            .col_expr(job::Column::Status, Expr::value(JobStatus::Queued.as_str()))
            .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
            .col_expr(
                job::Column::LockedUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(
                job::Column::Attempts,
                Expr::col(job::Column::Attempts).sub(1),
            )
            .col_expr(job::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::LockedBy.eq(worker))
            .filter(job::Column::Status.eq(JobStatus::Running.as_str()))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Records success; `false` when `worker` no longer held the job.
    pub async fn succeed(&self, id: &str, worker: &str) -> Result<bool, StoreError> {
        let now = crate::now();
        let result = job::Entity::update_many()
            .col_expr(
                job::Column::Status,
                Expr::value(JobStatus::Succeeded.as_str()),
            )
            .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
            .col_expr(
                job::Column::LockedUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(job::Column::UpdatedAt, Expr::value(now))
            .col_expr(job::Column::FinishedAt, Expr::value(now))
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::LockedBy.eq(worker))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Records a failed attempt: queued again at `retry_at`, or dead when
    /// `retry_at` is `None`. `false` when `worker` no longer held the job.
    pub async fn fail(
        &self,
        id: &str,
        worker: &str,
        error: &str,
        retry_at: Option<DateTime<Utc>>,
    ) -> Result<bool, StoreError> {
        let now = crate::now();
        let mut update = job::Entity::update_many()
            .col_expr(job::Column::LockedBy, Expr::value(Option::<String>::None))
            .col_expr(
                job::Column::LockedUntil,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(job::Column::LastError, Expr::value(truncate(error)))
            .col_expr(job::Column::UpdatedAt, Expr::value(now));
        update = match retry_at {
            Some(at) => update
                .col_expr(job::Column::Status, Expr::value(JobStatus::Queued.as_str()))
                .col_expr(job::Column::RunAt, Expr::value(at)),
            None => update
                .col_expr(job::Column::Status, Expr::value(JobStatus::Dead.as_str()))
                .col_expr(job::Column::FinishedAt, Expr::value(now)),
        };
        let result = update
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::LockedBy.eq(worker))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Jobs of a kind, newest first (for tests and the admin area).
    pub async fn of_kind(&self, kind: &str, limit: u64) -> Result<Vec<Job>, StoreError> {
        job::Entity::find()
            .filter(job::Column::Kind.eq(kind))
            .order_by_desc(job::Column::CreatedAt)
            .order_by_desc(job::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Job::try_from)
            .collect()
    }

    pub async fn counts(&self) -> Result<JobCounts, StoreError> {
        let rows: Vec<(String, i64)> = job::Entity::find()
            .select_only()
            .column(job::Column::Status)
            .column_as(job::Column::Id.count(), "n")
            .group_by(job::Column::Status)
            .into_tuple()
            .all(self.db)
            .await?;
        let mut counts = JobCounts::default();
        for (status, n) in rows {
            let n = u64::try_from(n).unwrap_or_default();
            match JobStatus::parse(&status) {
                Ok(JobStatus::Queued) => counts.queued = n,
                Ok(JobStatus::Running) => counts.running = n,
                Ok(JobStatus::Succeeded) => counts.succeeded = n,
                Ok(JobStatus::Dead) => counts.dead = n,
                Err(_) => {}
            }
        }
        counts.retrying = job::Entity::find()
            .filter(job::Column::Status.eq(JobStatus::Queued.as_str()))
            .filter(job::Column::Attempts.gt(0))
            .count(self.db)
            .await?;
        Ok(counts)
    }

    /// Jobs that failed for good, most recent first.
    pub async fn dead(&self, limit: u64) -> Result<Vec<Job>, StoreError> {
        job::Entity::find()
            .filter(job::Column::Status.eq(JobStatus::Dead.as_str()))
            .order_by_desc(job::Column::FinishedAt)
            .order_by_desc(job::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Job::try_from)
            .collect()
    }

    /// Gives a dead job its attempts again, due now; `false` when it is
    /// not dead (never was, or already retried).
    pub async fn retry_dead(&self, id: &str) -> Result<bool, StoreError> {
        let now = crate::now();
        let result = job::Entity::update_many()
            .col_expr(job::Column::Status, Expr::value(JobStatus::Queued.as_str()))
            .col_expr(job::Column::Attempts, Expr::value(0))
            .col_expr(job::Column::RunAt, Expr::value(now))
            .col_expr(
                job::Column::FinishedAt,
                Expr::value(Option::<DateTime<Utc>>::None),
            )
            .col_expr(job::Column::UpdatedAt, Expr::value(now))
            .filter(job::Column::Id.eq(id))
            .filter(job::Column::Status.eq(JobStatus::Dead.as_str()))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected == 1)
    }

    /// Deletes jobs that succeeded before `before`; how many went.
    pub async fn purge_succeeded(&self, before: DateTime<Utc>) -> Result<u64, StoreError> {
        let result = job::Entity::delete_many()
            .filter(job::Column::Status.eq(JobStatus::Succeeded.as_str()))
            .filter(job::Column::FinishedAt.lt(before))
            .exec(self.db)
            .await?;
        Ok(result.rows_affected)
    }

    /// How many jobs there are in all (tests).
    pub async fn count(&self) -> Result<u64, StoreError> {
        Ok(job::Entity::find().count(self.db).await?)
    }
}
