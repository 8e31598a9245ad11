//! Request metrics in the Prometheus text format, kept in process.
//!
//! A small registry of our own rather than a global recorder: several
//! servers can then run in one test process, each with its own numbers.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::sync::Mutex;
use std::time::Duration;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
struct Key {
    method: String,
    route: String,
    status: u16,
}

#[derive(Debug, Default)]
struct Series {
    buckets: [u64; BUCKETS.len()],
    count: u64,
    sum_seconds: f64,
}

/// Counts and latency histograms of HTTP requests, by method, route and status.
#[derive(Debug, Default)]
pub struct HttpMetrics {
    series: Mutex<BTreeMap<Key, Series>>,
}

impl HttpMetrics {
    pub fn record(&self, method: &str, route: &str, status: u16, elapsed: Duration) {
        let seconds = elapsed.as_secs_f64();
        let key = Key {
            method: method.to_owned(),
            route: route.to_owned(),
            status,
        };
        let mut series = self
            .series
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let entry = series.entry(key).or_default();
        entry.count += 1;
        entry.sum_seconds += seconds;
        if let Some(i) = BUCKETS.iter().position(|&le| seconds <= le) {
            entry.buckets[i] += 1;
        }
    }

    /// Writes the request counter and the latency histogram.
    pub fn render(&self, out: &mut String) {
        let series = self
            .series
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        out.push_str("# HELP agentforge_http_requests_total HTTP requests answered, by method, route and status.\n");
        out.push_str("# TYPE agentforge_http_requests_total counter\n");
        for (key, s) in series.iter() {
            let _ = writeln!(
                out,
                "agentforge_http_requests_total{{{}}} {}",
                labels(key),
                s.count
            );
        }
        out.push_str("# HELP agentforge_http_request_duration_seconds Time to answer HTTP requests, by method, route and status.\n");
        out.push_str("# TYPE agentforge_http_request_duration_seconds histogram\n");
        for (key, s) in series.iter() {
            let labels = labels(key);
            let mut cumulative = 0;
            for (le, n) in BUCKETS.iter().zip(s.buckets) {
                cumulative += n;
                let _ = writeln!(
                    out,
                    "agentforge_http_request_duration_seconds_bucket{{{labels},le=\"{le}\"}} {cumulative}"
                );
            }
            let _ = writeln!(
                out,
                "agentforge_http_request_duration_seconds_bucket{{{labels},le=\"+Inf\"}} {}",
                s.count
            );
            let _ = writeln!(
                out,
                "agentforge_http_request_duration_seconds_sum{{{labels}}} {}",
                s.sum_seconds
            );
            let _ = writeln!(
                out,
                "agentforge_http_request_duration_seconds_count{{{labels}}} {}",
                s.count
            );
        }
    }
}

fn labels(key: &Key) -> String {
    format!(
        "method=\"{}\",route=\"{}\",status=\"{}\"",
        escape(&key.method),
        escape(&key.route),
        key.status
    )
}

fn escape(value: &str) -> String {
    value
        .replace('\\', "\\\\")
        .replace('"', "\\\"")
        .replace('\n', "\\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn histogram_buckets_are_cumulative() {
        let metrics = HttpMetrics::default();
        metrics.record("GET", "/api/system/health", 200, Duration::from_micros(300));
        metrics.record("GET", "/api/system/health", 200, Duration::from_millis(30));
        let mut out = String::new();
        metrics.render(&mut out);
        assert!(out.contains("agentforge_http_requests_total{method=\"GET\",route=\"/api/system/health\",status=\"200\"} 2"));
        assert!(out.contains("le=\"0.0005\"} 1"));
        assert!(out.contains("le=\"0.05\"} 2"));
        assert!(out.contains("le=\"+Inf\"} 2"));
    }
}
