//! Password hashing with Argon2id (the crate's defaults follow OWASP's
//! recommended parameters).
//!
//! Each hash or verification takes about 19 MiB and a core for a moment, on
//! a blocking thread. Tokio's blocking pool would run hundreds at once, so a
//! burst of sign-ins would spend gigabytes: [`Hasher`] lets a fixed number
//! run (by default one per core) and queues the rest.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use agentforge_domain::Password;
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// Hashes into a PHC string that carries its own salt and parameters.
pub fn hash(password: &Password) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.expose().as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `candidate` matches the stored PHC string. A malformed hash never matches.
pub fn verify(candidate: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(candidate.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash no password matches, verified against for unknown accounts so that
/// they take as long as known ones.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let random: [u8; 16] = rand::random();
        Password::parse(&hex::encode(random))
            .ok()
            .and_then(|p| hash(&p).ok())
            .unwrap_or_default()
    })
}

/// Runs Argon2 on the blocking pool (it is deliberately slow and must not
/// stall the async workers), at most `concurrency` at once; the others
/// wait their turn in order. A caller that gives up while waiting (its
/// request timed out) leaves the queue without hashing anything.
#[derive(Debug, Clone)]
pub struct Hasher {
    permits: Arc<tokio::sync::Semaphore>,
    concurrency: usize,
    running: Arc<AtomicUsize>,
    peak: Arc<AtomicUsize>,
}

impl Hasher {
    /// At most `concurrency` hashes at once; 0 means one per core.
    pub fn new(concurrency: usize) -> Self {
        let concurrency = if concurrency == 0 {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        } else {
            concurrency
        };
        Self {
            permits: Arc::new(tokio::sync::Semaphore::new(concurrency)),
            concurrency,
            running: Arc::default(),
            peak: Arc::default(),
        }
    }

    /// How many hashes may run at once.
    pub fn concurrency(&self) -> usize {
        self.concurrency
    }

    /// The most hashes that ever ran at once (for tests and metrics).
    pub fn peak(&self) -> usize {
        self.peak.load(Ordering::Relaxed)
    }

    /// [`hash`], in turn.
    pub async fn hash(&self, password: Password) -> Result<String, agentforge_domain::Error> {
        self.run(move || hash(&password))
            .await?
            .map_err(agentforge_domain::Error::internal)
    }

    /// [`verify`], in turn; `None` verifies against a dummy hash (as long
    /// as a real one) and is always false.
    pub async fn verify(
        &self,
        candidate: String,
        stored: Option<String>,
    ) -> Result<bool, agentforge_domain::Error> {
        self.run(move || match stored {
            Some(stored) => verify(&candidate, &stored),
            None => {
                let _ = verify(&candidate, dummy_hash());
                false
            }
        })
        .await
    }

    async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, agentforge_domain::Error> {
        let permit = self
            .permits
            .clone()
            .acquire_owned()
            .await
            .map_err(agentforge_domain::Error::internal)?;
        let running = Running::enter(&self.running, &self.peak);
        // The permit and the count go with the work, not with this future:
        // a caller that stops waiting cannot free a slot Argon2 still uses.
        tokio::task::spawn_blocking(move || {
            // Dropped in reverse: the count falls before the slot frees.
            let _permit = permit;
            let _running = running;
            work()
        })
        .await
        .map_err(agentforge_domain::Error::internal)
    }
}

/// Counts one hash running until dropped, and keeps the peak.
struct Running(Arc<AtomicUsize>);

impl Running {
    fn enter(running: &Arc<AtomicUsize>, peak: &AtomicUsize) -> Self {
        let now = running.fetch_add(1, Ordering::Relaxed) + 1;
        peak.fetch_max(now, Ordering::Relaxed);
        Self(running.clone())
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::Relaxed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ_by_salt() {
        let password = Password::parse("correct horse battery").unwrap();
        let a = hash(&password).unwrap();
        let b = hash(&password).unwrap();
        assert_ne!(a, b);
        assert!(a.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &a));
        assert!(!verify("wrong horse battery", &a));
        assert!(!verify("anything", "not-a-hash"));
    }

    #[tokio::test]
    async fn argon2_runs_at_most_n_at_once() {
        let hasher = Hasher::new(2);
        let stored = hash(&Password::parse("correct horse battery").unwrap()).unwrap();
        let checks: Vec<_> = (0..8)
            .map(|i| {
                let (hasher, stored) = (hasher.clone(), stored.clone());
                let candidate = if i % 2 == 0 {
                    "correct horse battery"
                } else {
                    "wrong horse battery"
                };
                tokio::spawn(async move { hasher.verify(candidate.into(), Some(stored)).await })
            })
            .collect();
        let mut matched = 0;
        for check in checks {
            matched += usize::from(check.await.unwrap().unwrap());
        }
        assert_eq!(matched, 4, "every verification ran and answered");
        assert!(hasher.peak() >= 1);
        assert!(
            hasher.peak() <= 2,
            "{} hashes ran at once with 2 permits",
            hasher.peak()
        );
    }

    #[test]
    fn zero_means_one_per_core() {
        let cores = std::thread::available_parallelism().unwrap().get();
        assert_eq!(Hasher::new(0).concurrency(), cores);
        assert_eq!(Hasher::new(3).concurrency(), 3);
    }
}
