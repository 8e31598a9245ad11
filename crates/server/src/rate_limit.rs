//! In-process rate limiting: a fixed window per key (a minute for sign-in
//! and its kin, an hour for the email a team sends).
//!
//! Each server instance counts on its own, so behind a load balancer with N
//! instances a client gets up to N times the limit; that still stops
//! password guessing and mail floods at scale, which is what it is for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use agentforge_domain::Error;

/// The window of [`RateLimiter::check`].
pub const MINUTE: Duration = Duration::from_secs(60);
pub const HOUR: Duration = Duration::from_secs(60 * 60);
/// Above this many keys, expired windows are swept on the next check.
const SWEEP_AT: usize = 10_000;

/// One key's window: when it started, how long it lasts, how many it counted.
#[derive(Debug, Clone, Copy)]
struct Window {
    started: Instant,
    length: Duration,
    count: u32,
}

impl Window {
    fn expired(&self, now: Instant) -> bool {
        now.duration_since(self.started) >= self.length
    }

    fn retry_after(&self, now: Instant) -> u64 {
        self.length
            .saturating_sub(now.duration_since(self.started))
            .as_secs()
            .max(1)
    }
}

#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, Window>>,
}

impl RateLimiter {
    /// Counts one request for `key`; a 429 with `Retry-After` once more than
    /// `limit` arrived in the current minute.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Error> {
        self.check_all(&[(key, limit)], MINUTE)
    }

    /// Counts one event against every `(key, limit)` at once, in windows of
    /// `window`: either all of them count it, or (when any is at its limit)
    /// none does and the answer is a 429 whose `Retry-After` is the longest
    /// wait. So an event refused for one key does not use up another's.
    pub fn check_all(&self, limits: &[(&str, u32)], window: Duration) -> Result<(), Error> {
        let now = Instant::now();
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if windows.len() > SWEEP_AT {
            windows.retain(|_, w| !w.expired(now));
        }
        let mut retry_after = None;
        for (key, limit) in limits {
            if let Some(w) = windows.get(*key).filter(|w| !w.expired(now))
                && w.count >= *limit
            {
                retry_after = retry_after.max(Some(w.retry_after(now)));
            }
        }
        if let Some(retry_after) = retry_after {
            return Err(Error::RateLimited { retry_after });
        }
        for (key, _) in limits {
            let w = windows.entry((*key).to_owned()).or_insert(Window {
                started: now,
                length: window,
                count: 0,
            });
            if w.expired(now) {
                *w = Window {
                    started: now,
                    length: window,
                    count: 0,
                };
            }
            w.count += 1;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn allows_the_limit_then_refuses_with_retry_after() {
        let limiter = RateLimiter::default();
        for _ in 0..3 {
            assert!(limiter.check("ip:1", 3).is_ok());
        }
        let err = limiter.check("ip:1", 3).unwrap_err();
        assert!(
            matches!(err, Error::RateLimited { retry_after } if (1..=60).contains(&retry_after)),
            "{err:?}"
        );
        assert!(limiter.check("ip:2", 3).is_ok(), "keys are counted apart");
    }

    #[test]
    fn an_event_refused_for_one_key_is_not_counted_for_the_others() {
        let limiter = RateLimiter::default();
        assert!(limiter.check_all(&[("team:1", 1)], HOUR).is_ok());
        let err = limiter
            .check_all(&[("user:1", 5), ("team:1", 1)], HOUR)
            .unwrap_err();
        assert!(
            matches!(err, Error::RateLimited { retry_after } if retry_after > 60),
            "an hour's window says so: {err:?}"
        );
        for _ in 0..5 {
            assert!(limiter.check_all(&[("user:1", 5)], HOUR).is_ok());
        }
        assert!(limiter.check_all(&[("user:1", 5)], HOUR).is_err());
    }
}
