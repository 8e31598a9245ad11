//! Background jobs: work stored in the database that outlives a request and
//! a restart (mail, webhook deliveries, workflow steps, call follow-ups).

string_enum!(
    /// Where a job stands. A failed attempt with attempts left goes back to
    /// `queued` with a later `run_at`; after its last attempt it is `dead`.
    JobStatus {
        Queued = "queued",
        Running = "running",
        Succeeded = "succeeded",
        Dead = "dead",
    }
);

/// How long to wait before attempt `attempt + 1` after attempt `attempt`
/// (1-based) failed: exponential from `base`, capped at `cap`, with up to a
/// fifth more or less so that jobs failing together do not retry together.
/// `jitter` is a number in [0, 1).
pub fn backoff(
    attempt: u32,
    base: std::time::Duration,
    cap: std::time::Duration,
    jitter: f64,
) -> std::time::Duration {
    let exponent = attempt.saturating_sub(1).min(30);
    let delay = base.saturating_mul(1u32 << exponent).min(cap);
    let spread = 0.8 + 0.4 * jitter.clamp(0.0, 1.0);
    delay.mul_f64(spread).min(cap)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    #[test]
    fn backoff_doubles_and_stops_at_the_cap() {
        let base = Duration::from_secs(10);
        let cap = Duration::from_secs(3600);
        let exact = |a| backoff(a, base, cap, 0.5);
        assert_eq!(exact(1), Duration::from_secs(10));
        assert_eq!(exact(2), Duration::from_secs(20));
        assert_eq!(exact(3), Duration::from_secs(40));
        assert_eq!(exact(20), cap);
        assert!(backoff(1, base, cap, 0.0) >= Duration::from_secs(8));
        assert!(backoff(1, base, cap, 0.999) <= Duration::from_secs(12));
        assert_eq!(JobStatus::parse("dead").unwrap(), JobStatus::Dead);
    }
}
