//! The job runner: takes due jobs from the database's queue and runs them,
//! a few at a time, on owned tasks; retries failures with exponential
//! back-off until a job's last attempt, after which it is dead; and queues
//! scheduled jobs at each slot of their cron schedule.
//!
//! Every instance runs the same loops. Claims are leases in the database
//! (see `agentforge_store::Jobs`), so a job runs on one instance at a time,
//! and a scheduled slot is queued under a unique key, so it is queued once
//! however many instances schedule it. A job whose instance dies is claimed
//! again when its lease runs out: jobs run at least once, and handlers are
//! written so that running twice does no harm.

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use agentforge_store::{Job, NewJob, Store, StoreError};
use chrono::{DateTime, Utc};
use croner::Cron;
use futures_util::FutureExt;
use tokio::sync::{Notify, Semaphore};

use crate::Tasks;

/// Why a job's attempt failed, and whether another may succeed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum JobFailure {
    /// Worth trying again later (a server that did not answer …).
    Retry(String),
    /// Trying again would fail the same way (the thing it was about is gone …).
    Permanent(String),
}

impl std::fmt::Display for JobFailure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            JobFailure::Retry(why) | JobFailure::Permanent(why) => f.write_str(why),
        }
    }
}

/// Runs one kind of job.
#[async_trait::async_trait]
pub trait JobHandler: Send + Sync + 'static {
    /// Does the job. `job.attempts` counts this attempt; `job.max_attempts`
    /// is the last one.
    async fn run(&self, job: &Job) -> Result<(), JobFailure>;
}

/// How the runner works.
#[derive(Debug, Clone)]
pub struct JobSettings {
    /// Jobs running at once in this instance.
    pub concurrency: usize,
    /// How often the queue is read when nothing woke the runner sooner.
    pub poll_every: Duration,
    /// How long a claim holds before another instance may take the job; a
    /// running job renews it at a third of that.
    pub lease: Duration,
    /// The first retry's delay; each next one doubles, up to `backoff_cap`.
    pub backoff_base: Duration,
    pub backoff_cap: Duration,
}

impl Default for JobSettings {
    fn default() -> Self {
        Self {
            concurrency: 4,
            poll_every: Duration::from_secs(1),
            lease: Duration::from_secs(300),
            backoff_base: Duration::from_secs(10),
            backoff_cap: Duration::from_secs(3600),
        }
    }
}

/// A job queued at every slot of a cron schedule.
struct Schedule {
    kind: String,
    cron: Cron,
    payload: serde_json::Value,
}

/// A cron expression that does not parse.
#[derive(Debug, thiserror::Error)]
#[error("invalid schedule '{expression}': {reason}")]
pub struct InvalidSchedule {
    pub expression: String,
    pub reason: String,
}

/// The queue as the rest of the program sees it: queue jobs, register what
/// runs them, start the loops.
pub struct Queue {
    store: Store,
    settings: JobSettings,
    /// This instance's name on its claims.
    worker: String,
    handlers: RwLock<HashMap<String, Arc<dyn JobHandler>>>,
    schedules: RwLock<Vec<Arc<Schedule>>>,
    wake: Notify,
}

fn to_chrono(d: Duration) -> chrono::Duration {
    chrono::Duration::from_std(d).unwrap_or(chrono::Duration::MAX)
}

impl Queue {
    pub fn new(store: Store, settings: JobSettings, worker: String) -> Self {
        Self {
            store,
            settings,
            worker,
            handlers: RwLock::default(),
            schedules: RwLock::default(),
            wake: Notify::new(),
        }
    }

    /// The name this instance claims jobs under.
    pub fn worker(&self) -> &str {
        &self.worker
    }

    /// Says what runs jobs of `kind`.
    pub fn register(&self, kind: &str, handler: impl JobHandler) {
        if let Ok(mut handlers) = self.handlers.write() {
            handlers.insert(kind.to_owned(), Arc::new(handler));
        }
    }

    /// Queues a job of `kind` at every slot of `cron` (with seconds, e.g.
    /// `0 * * * * *` for every minute).
    pub fn schedule(
        &self,
        kind: &str,
        cron: &str,
        payload: serde_json::Value,
    ) -> Result<(), InvalidSchedule> {
        let parsed = croner::parser::CronParser::builder()
            .seconds(croner::parser::Seconds::Optional)
            .build()
            .parse(cron)
            .map_err(|e| InvalidSchedule {
                expression: cron.to_owned(),
                reason: e.to_string(),
            })?;
        if let Ok(mut schedules) = self.schedules.write() {
            schedules.push(Arc::new(Schedule {
                kind: kind.to_owned(),
                cron: parsed,
                payload,
            }));
        }
        Ok(())
    }

    /// Queues a job and wakes this instance's runner.
    pub async fn enqueue(&self, new: NewJob) -> Result<Option<Job>, StoreError> {
        let job = self.store.jobs().enqueue(new).await?;
        self.wake();
        Ok(job)
    }

    /// Tells the runner to look at the queue now (after a transaction that
    /// queued jobs commits).
    pub fn wake(&self) {
        self.wake.notify_one();
    }

    fn kinds(&self) -> Vec<String> {
        self.handlers
            .read()
            .map(|h| h.keys().cloned().collect())
            .unwrap_or_default()
    }

    fn handler(&self, kind: &str) -> Option<Arc<dyn JobHandler>> {
        self.handlers.read().ok()?.get(kind).cloned()
    }

    /// Starts the runner and the scheduler on owned tasks; they stop when
    /// shutdown begins, and running jobs are waited for like every owned task.
    pub fn start(self: &Arc<Self>, tasks: &Tasks) {
        let queue = self.clone();
        let owned = tasks.clone();
        tasks.spawn(async move { queue.run(owned).await });
        let queue = self.clone();
        let owned = tasks.clone();
        tasks.spawn(async move { queue.run_schedules(owned).await });
    }

    async fn run(self: Arc<Self>, tasks: Tasks) {
        let slots = Arc::new(Semaphore::new(self.settings.concurrency.max(1)));
        loop {
            if tasks.is_stopping() {
                return;
            }
            let free = slots.available_permits();
            if free == 0 {
                tokio::select! {
                    permit = slots.clone().acquire_owned() => drop(permit),
                    () = tasks.stopping() => return,
                }
                continue;
            }
            let lease_until = Utc::now() + to_chrono(self.settings.lease);
            let claimed = match self
                .store
                .jobs()
                .claim(&self.worker, &self.kinds(), free as u64, lease_until)
                .await
            {
                Ok(claimed) => claimed,
                Err(e) => {
                    tracing::warn!(error = %e, "cannot read the job queue");
                    Vec::new()
                }
            };
            let full = claimed.len() >= free;
            for job in claimed {
                let Ok(permit) = slots.clone().try_acquire_owned() else {
                    // Never more claims than free slots; should it happen,
                    // the job goes back for someone else.
                    if let Err(e) = self.store.jobs().release(&job.id, &self.worker).await {
                        tracing::warn!(job = %job.id, error = %e, "cannot give back a job");
                    }
                    continue;
                };
                let queue = self.clone();
                tasks.spawn(async move {
                    queue.run_one(job).await;
                    drop(permit);
                });
            }
            if full {
                continue;
            }
            tokio::select! {
                () = tokio::time::sleep(self.settings.poll_every) => {}
                () = self.wake.notified() => {}
                () = tasks.stopping() => return,
            }
        }
    }

    /// One attempt of one job, its lease renewed while it runs.
    async fn run_one(&self, job: Job) {
        let started = std::time::Instant::now();
        let outcome = match self.handler(&job.kind) {
            None => Err(JobFailure::Retry(format!(
                "no handler for jobs of kind '{}'",
                job.kind
            ))),
            Some(handler) => {
                let work = AssertUnwindSafe(handler.run(&job)).catch_unwind();
                let renew = self.renew_lease(&job.id);
                tokio::pin!(work);
                tokio::select! {
                    result = &mut work => result.unwrap_or_else(|_| Err(JobFailure::Retry("the job panicked".to_owned()))),
                    () = renew => Err(JobFailure::Retry("the job's lease was lost".to_owned())),
                }
            }
        };
        let jobs = self.store.jobs();
        let recorded = match &outcome {
            Ok(()) => jobs.succeed(&job.id, &self.worker).await,
            Err(failure) => {
                let retry_at = match failure {
                    JobFailure::Retry(_) if job.attempts < job.max_attempts => {
                        Some(self.retry_at(job.attempts))
                    }
                    _ => None,
                };
                let message = failure.to_string();
                match retry_at {
                    Some(at) => {
                        tracing::warn!(job = %job.id, kind = %job.kind, attempt = job.attempts, error = %message, retry_at = %at, "job failed; it will be tried again")
                    }
                    None => {
                        tracing::error!(job = %job.id, kind = %job.kind, attempt = job.attempts, error = %message, "job failed for good")
                    }
                }
                jobs.fail(&job.id, &self.worker, &message, retry_at).await
            }
        };
        match recorded {
            Ok(true) => {
                tracing::debug!(job = %job.id, kind = %job.kind, ms = started.elapsed().as_millis() as u64, ok = outcome.is_ok(), "job attempt recorded")
            }
            Ok(false) => {
                tracing::warn!(job = %job.id, "a job's claim ran out before it finished; another instance may run it again")
            }
            Err(e) => tracing::error!(job = %job.id, error = %e, "cannot record a job's outcome"),
        }
    }

    fn retry_at(&self, attempt: u32) -> DateTime<Utc> {
        let delay = agentforge_domain::job::backoff(
            attempt,
            self.settings.backoff_base,
            self.settings.backoff_cap,
            rand::random::<f64>(),
        );
        Utc::now() + to_chrono(delay)
    }

    /// Renews a job's lease every third of it; completes only if the claim
    /// was lost (another instance took the job).
    async fn renew_lease(&self, id: &str) {
        let every = self.settings.lease / 3;
        loop {
            tokio::time::sleep(every).await;
            let until = Utc::now() + to_chrono(self.settings.lease);
            match self.store.jobs().extend(id, &self.worker, until).await {
                Ok(true) => {}
                Ok(false) => return,
                Err(e) => tracing::warn!(job = %id, error = %e, "cannot renew a job's lease"),
            }
        }
    }

    async fn run_schedules(self: Arc<Self>, tasks: Tasks) {
        loop {
            let schedules: Vec<Arc<Schedule>> =
                self.schedules.read().map(|s| s.clone()).unwrap_or_default();
            if schedules.is_empty() {
                return;
            }
            let now = Utc::now();
            let next: Vec<(Arc<Schedule>, DateTime<Utc>)> = schedules
                .into_iter()
                .filter_map(|s| {
                    let at = s.cron.find_next_occurrence(&now, false).ok()?;
                    Some((s, at))
                })
                .collect();
            let Some(earliest) = next.iter().map(|(_, at)| *at).min() else {
                return;
            };
            let wait = (earliest - now).to_std().unwrap_or_default();
            tokio::select! {
                () = tokio::time::sleep(wait) => {}
                () = tasks.stopping() => return,
            }
            for (schedule, at) in next.into_iter().filter(|(_, at)| *at <= earliest) {
                let job = NewJob {
                    kind: schedule.kind.clone(),
                    payload: schedule.payload.clone(),
                    run_at: at,
                    max_attempts: 1,
                    unique_key: Some(format!("{}@{}", schedule.kind, at.timestamp())),
                };
                if let Err(e) = self.enqueue(job).await {
                    tracing::warn!(kind = %schedule.kind, error = %e, "cannot queue a scheduled job");
                }
            }
        }
    }
}
