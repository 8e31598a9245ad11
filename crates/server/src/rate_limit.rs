//! In-process rate limiting: a fixed one-minute window per key.
//!
//! Each server instance counts on its own, so behind a load balancer with N
//! instances a client gets up to N times the limit; that still stops
//! password guessing at scale, which is what it is for.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use agentforge_domain::Error;

const WINDOW: Duration = Duration::from_secs(60);
/// Above this many keys, expired windows are swept on the next check.
const SWEEP_AT: usize = 10_000;

#[derive(Debug, Default)]
pub struct RateLimiter {
    windows: Mutex<HashMap<String, (Instant, u32)>>,
}

impl RateLimiter {
    /// Counts one request for `key`; a 429 with `Retry-After` once more than
    /// `limit` arrived in the current window.
    pub fn check(&self, key: &str, limit: u32) -> Result<(), Error> {
        let now = Instant::now();
        let mut windows = self
            .windows
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if windows.len() > SWEEP_AT {
            windows.retain(|_, (started, _)| now.duration_since(*started) < WINDOW);
        }
        let (started, count) = windows.entry(key.to_owned()).or_insert((now, 0));
        if now.duration_since(*started) >= WINDOW {
            *started = now;
            *count = 0;
        }
        *count += 1;
        if *count > limit {
            let retry_after = WINDOW
                .saturating_sub(now.duration_since(*started))
                .as_secs()
                .max(1);
            return Err(Error::RateLimited { retry_after });
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
}
