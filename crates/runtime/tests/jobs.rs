//! The job runner against real databases: SQLite always, PostgreSQL too
//! when TEST_DATABASE_URL is set; several instances on one database.
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agentforge_domain::job::JobStatus;
use agentforge_runtime::{JobFailure, JobHandler, JobSettings, Queue, Tasks};
use agentforge_store::{Job, NewJob, Store, StoreOptions};
use agentforge_testkit::TestDatabase;

/// Counts the runs of each job, by instance; fails a job's first
/// `failures` attempts when its payload asks for it.
#[derive(Clone, Default)]
struct Counter {
    runs: Arc<Mutex<HashMap<String, Vec<String>>>>,
}

struct Counting {
    counter: Counter,
    instance: String,
}

#[async_trait::async_trait]
impl JobHandler for Counting {
    async fn run(&self, job: &Job) -> Result<(), JobFailure> {
        self.counter
            .runs
            .lock()
            .unwrap()
            .entry(job.id.clone())
            .or_default()
            .push(self.instance.clone());
        // A little work, so that claims overlap in time.
        tokio::time::sleep(Duration::from_millis(5)).await;
        let fail_first = job.payload["failFirst"].as_u64().unwrap_or(0);
        if job.payload["permanent"] == true {
            return Err(JobFailure::Permanent("cannot ever work".into()));
        }
        if u64::from(job.attempts) <= fail_first {
            return Err(JobFailure::Retry(format!("attempt {} fails", job.attempts)));
        }
        Ok(())
    }
}

fn settings() -> JobSettings {
    JobSettings {
        concurrency: 3,
        poll_every: Duration::from_millis(20),
        lease: Duration::from_secs(30),
        backoff_base: Duration::from_millis(100),
        backoff_cap: Duration::from_secs(2),
    }
}

async fn store(database: &TestDatabase) -> Store {
    let store = Store::connect(&database.url, &StoreOptions::default())
        .await
        .unwrap();
    store.migrate().await.unwrap();
    store
}

/// An instance: its own pool on the database, its own runner.
async fn instance(database: &TestDatabase, name: &str, counter: &Counter) -> (Arc<Queue>, Tasks) {
    let queue = Arc::new(Queue::new(
        store(database).await,
        settings(),
        name.to_owned(),
    ));
    queue.register(
        "count",
        Counting {
            counter: counter.clone(),
            instance: name.to_owned(),
        },
    );
    let tasks = Tasks::new();
    queue.start(&tasks);
    (queue, tasks)
}

async fn until(what: &str, mut done: impl AsyncFnMut() -> bool) {
    let started = Instant::now();
    while !done().await {
        assert!(started.elapsed() < Duration::from_secs(30), "never: {what}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

#[tokio::test]
async fn with_two_instances_on_one_database_each_job_runs_exactly_once() {
    for database in TestDatabase::each().await {
        let counter = Counter::default();
        let producer = store(&database).await;
        let ids: Vec<String> = {
            let mut ids = Vec::new();
            for n in 0..120 {
                let job = producer
                    .jobs()
                    .enqueue(NewJob::now("count", serde_json::json!({ "n": n }), 3))
                    .await
                    .unwrap()
                    .unwrap();
                ids.push(job.id);
            }
            ids
        };
        let (_a, tasks_a) = instance(&database, "instance-a", &counter).await;
        let (_b, tasks_b) = instance(&database, "instance-b", &counter).await;
        until("every job succeeded", async || {
            producer.jobs().counts().await.unwrap().succeeded == 120
        })
        .await;
        assert!(tasks_a.shutdown(Duration::from_secs(5)).await);
        assert!(tasks_b.shutdown(Duration::from_secs(5)).await);

        let runs = counter.runs.lock().unwrap().clone();
        for id in &ids {
            assert_eq!(
                runs.get(id).map(Vec::len),
                Some(1),
                "job {id} ran {:?}",
                runs.get(id)
            );
        }
        let by_a = runs.values().filter(|r| r[0] == "instance-a").count();
        let by_b = runs.values().filter(|r| r[0] == "instance-b").count();
        assert_eq!(by_a + by_b, 120);
        assert!(
            by_a > 0 && by_b > 0,
            "both instances took work: {by_a} and {by_b}"
        );
        for id in &ids {
            let job = producer.jobs().get(id).await.unwrap().unwrap();
            assert_eq!((job.status, job.attempts), (JobStatus::Succeeded, 1));
        }
    }
}

#[tokio::test]
async fn failures_are_retried_with_back_off_until_the_last_attempt() {
    for database in TestDatabase::each().await {
        let counter = Counter::default();
        let producer = store(&database).await;
        let flaky = producer
            .jobs()
            .enqueue(NewJob::now(
                "count",
                serde_json::json!({ "failFirst": 2 }),
                5,
            ))
            .await
            .unwrap()
            .unwrap();
        let doomed = producer
            .jobs()
            .enqueue(NewJob::now(
                "count",
                serde_json::json!({ "failFirst": 99 }),
                3,
            ))
            .await
            .unwrap()
            .unwrap();
        let hopeless = producer
            .jobs()
            .enqueue(NewJob::now(
                "count",
                serde_json::json!({ "permanent": true }),
                5,
            ))
            .await
            .unwrap()
            .unwrap();
        let started = Instant::now();
        let (_queue, tasks) = instance(&database, "solo", &counter).await;
        until("the flaky job succeeds", async || {
            producer
                .jobs()
                .get(&flaky.id)
                .await
                .unwrap()
                .unwrap()
                .status
                == JobStatus::Succeeded
        })
        .await;
        // Two failures waited 100 ms then 200 ms (±20%) before the third try.
        assert!(
            started.elapsed() >= Duration::from_millis(240),
            "{:?}",
            started.elapsed()
        );
        until("the doomed job is dead", async || {
            producer
                .jobs()
                .get(&doomed.id)
                .await
                .unwrap()
                .unwrap()
                .status
                == JobStatus::Dead
        })
        .await;
        assert!(tasks.shutdown(Duration::from_secs(5)).await);

        let flaky = producer.jobs().get(&flaky.id).await.unwrap().unwrap();
        assert_eq!(flaky.attempts, 3);
        let doomed = producer.jobs().get(&doomed.id).await.unwrap().unwrap();
        assert_eq!(doomed.attempts, 3, "dead after its last attempt");
        assert_eq!(doomed.last_error.as_deref(), Some("attempt 3 fails"));
        // A permanent failure is not tried again.
        let hopeless = producer.jobs().get(&hopeless.id).await.unwrap().unwrap();
        assert_eq!((hopeless.status, hopeless.attempts), (JobStatus::Dead, 1));
    }
}

#[tokio::test]
async fn a_scheduled_slot_is_queued_once_however_many_instances_schedule_it() {
    for database in TestDatabase::each().await {
        let counter = Counter::default();
        let producer = store(&database).await;
        let mut running = Vec::new();
        for name in ["one", "two", "three"] {
            let queue = Arc::new(Queue::new(
                store(&database).await,
                settings(),
                name.to_owned(),
            ));
            queue.register(
                "count",
                Counting {
                    counter: counter.clone(),
                    instance: name.to_owned(),
                },
            );
            // Every second.
            queue
                .schedule("count", "* * * * * *", serde_json::json!({}))
                .unwrap();
            let tasks = Tasks::new();
            queue.start(&tasks);
            running.push((queue, tasks));
        }
        tokio::time::sleep(Duration::from_millis(3500)).await;
        for (_, tasks) in &running {
            tasks.shutdown(Duration::from_secs(5)).await;
        }
        let jobs = producer.jobs().of_kind("count", 100).await.unwrap();
        let mut slots: Vec<&str> = jobs
            .iter()
            .filter_map(|j| j.unique_key.as_deref())
            .collect();
        let all = slots.len();
        slots.sort_unstable();
        slots.dedup();
        assert_eq!(slots.len(), all, "a slot was queued twice");
        assert!((2..=5).contains(&all), "{all} slots in 3.5 s");
        let runs = counter.runs.lock().unwrap();
        assert!(runs.values().all(|r| r.len() == 1), "{runs:?}");
    }
}

#[tokio::test]
async fn shutdown_waits_for_the_running_job_and_stops_taking_new_ones() {
    for database in TestDatabase::each().await {
        let counter = Counter::default();
        let producer = store(&database).await;
        let (_queue, tasks) = instance(&database, "solo", &counter).await;
        assert!(tasks.shutdown(Duration::from_secs(5)).await);
        // Queued after shutdown began: nobody takes it.
        let job = producer
            .jobs()
            .enqueue(NewJob::now("count", serde_json::json!({}), 1))
            .await
            .unwrap()
            .unwrap();
        tokio::time::sleep(Duration::from_millis(200)).await;
        let job = producer.jobs().get(&job.id).await.unwrap().unwrap();
        assert_eq!(job.status, JobStatus::Queued);
        assert!(counter.runs.lock().unwrap().is_empty());
    }
}
