//! The tasks the server owns. Every background task is spawned here (never
//! with a bare `tokio::spawn`), so shutdown can tell them to stop taking
//! work and wait for what is running, up to a grace period.

use std::future::Future;
use std::time::Duration;

use tokio::task::JoinHandle;
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

/// A handle on the owned tasks; cheap to clone.
#[derive(Clone, Debug, Default)]
pub struct Tasks {
    tracker: TaskTracker,
    stop: CancellationToken,
}

impl Tasks {
    pub fn new() -> Self {
        Self::default()
    }

    /// Runs `future` as an owned task: shutdown waits for it.
    pub fn spawn<F>(&self, future: F) -> JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        self.tracker.spawn(future)
    }

    /// Completes when shutdown begins: loops that take new work select on it.
    pub async fn stopping(&self) {
        self.stop.cancelled().await;
    }

    pub fn is_stopping(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// A token cancelled when shutdown begins, for libraries that stop on one.
    pub fn stop_token(&self) -> CancellationToken {
        self.stop.clone()
    }

    /// The tracker behind the tasks, for libraries that spawn their own
    /// (shutdown waits for those too).
    pub fn tracker(&self) -> TaskTracker {
        self.tracker.clone()
    }

    /// How many owned tasks are running.
    pub fn running(&self) -> usize {
        self.tracker.len()
    }

    /// Tells every loop to stop taking work, then waits for the running
    /// tasks, at most `grace`. `true` when all of them finished.
    pub async fn shutdown(&self, grace: Duration) -> bool {
        self.stop.cancel();
        self.tracker.close();
        tokio::time::timeout(grace, self.tracker.wait())
            .await
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn shutdown_waits_for_running_tasks_and_stops_loops() {
        let tasks = Tasks::new();
        let looping = tasks.clone();
        tasks.spawn(async move { looping.stopping().await });
        let done = tasks.spawn(async {
            tokio::time::sleep(Duration::from_millis(50)).await;
            7
        });
        assert!(tasks.shutdown(Duration::from_secs(5)).await);
        assert_eq!(done.await.unwrap(), 7);
        assert_eq!(tasks.running(), 0);
    }

    #[tokio::test]
    async fn shutdown_gives_up_after_the_grace_period() {
        let tasks = Tasks::new();
        tasks.spawn(tokio::time::sleep(Duration::from_secs(60)));
        assert!(!tasks.shutdown(Duration::from_millis(20)).await);
    }
}
