//! This instance's metrics, in the Prometheus text format (version 0.0.4),
//! on `prometheus-client`.
//!
//! One registry per server rather than a global one: several servers can
//! then run in one test process, each with its own numbers.
//!
//! Every label takes a bounded set of values, whatever clients send: a
//! method is one of the standard nine or `other`, a route is the template
//! the router matched (`/api/agents/{id}`) or `unmatched`. Anything a client
//! chooses (an invented method, a path) never becomes a label of its own,
//! so the number of series does not grow with the requests.

use std::sync::atomic::AtomicU64;
use std::time::Duration;

use agentforge_store::PoolStats;
use axum::http::Method;
use prometheus_client::encoding::EncodeLabelSet;
use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::Histogram;
use prometheus_client::metrics::info::Info;
use prometheus_client::registry::Registry;

/// The `Content-Type` of [`HttpMetrics::render`]'s text.
pub const CONTENT_TYPE: &str = prometheus_client::encoding::prometheus_text::CONTENT_TYPE;

/// Upper bounds of the latency buckets, in seconds.
const BUCKETS: [f64; 14] = [
    0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0,
];

/// The route label of a request no route matched (the web app's paths, an
/// unknown /api path).
pub const UNMATCHED: &str = "unmatched";

/// The method label of a method that is not one of the standard ones.
pub const OTHER_METHOD: &str = "other";

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct RequestLabels {
    method: &'static str,
    route: String,
    status: u16,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct PoolLabels {
    database: &'static str,
    state: &'static str,
}

#[derive(Debug, Clone, Hash, PartialEq, Eq, EncodeLabelSet)]
struct DatabaseLabel {
    database: &'static str,
}

fn latency_histogram() -> Histogram {
    Histogram::new(BUCKETS)
}

/// Request counts and latency by method, route and status; the database
/// pool, uptime and version, read when scraped.
#[derive(Debug)]
pub struct HttpMetrics {
    registry: Registry,
    requests: Family<RequestLabels, Counter>,
    durations: Family<RequestLabels, Histogram, fn() -> Histogram>,
    refused: Counter,
    pool: Family<PoolLabels, Gauge>,
    pool_max: Family<DatabaseLabel, Gauge>,
    uptime: Gauge<f64, AtomicU64>,
}

impl Default for HttpMetrics {
    fn default() -> Self {
        let requests = Family::<RequestLabels, Counter>::default();
        let durations = Family::<RequestLabels, Histogram, fn() -> Histogram>::new_with_constructor(
            latency_histogram,
        );
        let refused = Counter::default();
        let pool = Family::<PoolLabels, Gauge>::default();
        let pool_max = Family::<DatabaseLabel, Gauge>::default();
        let uptime = Gauge::<f64, AtomicU64>::default();
        let mut registry = Registry::default();
        // Help texts get their full stop from the registry.
        registry.register(
            "agentforge_http_requests",
            "HTTP requests answered, by method, route and status",
            requests.clone(),
        );
        registry.register(
            "agentforge_http_request_duration_seconds",
            "Time to answer HTTP requests, by method, route and status",
            durations.clone(),
        );
        registry.register(
            "agentforge_http_connections_refused",
            "Connections closed on arrival because their address held max_connections_per_ip",
            refused.clone(),
        );
        registry.register(
            "agentforge_db_pool_connections",
            "Database pool connections by state",
            pool.clone(),
        );
        registry.register(
            "agentforge_db_pool_max_connections",
            "Largest size the database pool may grow to",
            pool_max.clone(),
        );
        registry.register(
            "agentforge_uptime_seconds",
            "Seconds since this instance started",
            uptime.clone(),
        );
        registry.register(
            "agentforge_build",
            "Version of this instance",
            Info::new([("version", env!("CARGO_PKG_VERSION"))]),
        );
        Self {
            registry,
            requests,
            durations,
            refused,
            pool,
            pool_max,
            uptime,
        }
    }
}

impl HttpMetrics {
    /// Counts one answered request. `route` is the matched route's template,
    /// `None` when no route matched.
    pub fn record(&self, method: &Method, route: Option<&str>, status: u16, elapsed: Duration) {
        let labels = RequestLabels {
            method: method_label(method),
            route: route.unwrap_or(UNMATCHED).to_owned(),
            status,
        };
        self.durations
            .get_or_create(&labels)
            .observe(elapsed.as_secs_f64());
        self.requests.get_or_create(&labels).inc();
    }

    /// Counts a connection closed on arrival (`max_connections_per_ip`).
    pub fn connection_refused(&self) {
        self.refused.inc();
    }

    /// Everything, in the Prometheus text format ([`CONTENT_TYPE`]), with
    /// the gauges read now.
    pub fn render(&self, database: &'static str, pool: PoolStats, uptime: Duration) -> String {
        let idle = i64::from(pool.idle);
        let in_use = i64::from(pool.size.saturating_sub(pool.idle));
        for (state, value) in [("idle", idle), ("in_use", in_use)] {
            self.pool
                .get_or_create(&PoolLabels { database, state })
                .set(value);
        }
        self.pool_max
            .get_or_create(&DatabaseLabel { database })
            .set(i64::from(pool.max));
        self.uptime.set(uptime.as_secs_f64());
        let mut out = String::with_capacity(8192);
        // Writing into a String does not fail.
        let _ = prometheus_client::encoding::prometheus_text::encode(&mut out, &self.registry);
        out
    }
}

/// A method as a label: the standard ones by name, any other as `other`.
fn method_label(method: &Method) -> &'static str {
    match *method {
        Method::GET => "GET",
        Method::HEAD => "HEAD",
        Method::POST => "POST",
        Method::PUT => "PUT",
        Method::DELETE => "DELETE",
        Method::PATCH => "PATCH",
        Method::OPTIONS => "OPTIONS",
        Method::CONNECT => "CONNECT",
        Method::TRACE => "TRACE",
        _ => OTHER_METHOD,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const POOL: PoolStats = PoolStats {
        size: 3,
        idle: 2,
        max: 4,
    };

    #[test]
    fn histogram_buckets_are_cumulative() {
        let metrics = HttpMetrics::default();
        let health = Some("/api/system/health");
        metrics.record(&Method::GET, health, 200, Duration::from_micros(300));
        metrics.record(&Method::GET, health, 200, Duration::from_millis(30));
        let out = metrics.render("sqlite", POOL, Duration::from_secs(5));
        assert!(out.contains("agentforge_http_requests_total{method=\"GET\",route=\"/api/system/health\",status=\"200\"} 2"), "{out}");
        assert!(out.contains("le=\"0.0005\"} 1"), "{out}");
        assert!(out.contains("le=\"0.05\"} 2"), "{out}");
        assert!(out.contains("le=\"+Inf\"} 2"), "{out}");
        assert!(out.contains("# TYPE agentforge_http_requests_total counter"));
        assert!(
            out.contains("agentforge_db_pool_connections{database=\"sqlite\",state=\"in_use\"} 1"),
            "{out}"
        );
        assert!(out.contains("agentforge_db_pool_max_connections{database=\"sqlite\"} 4"));
        assert!(out.contains(&format!(
            "agentforge_build_info{{version=\"{}\"}} 1",
            env!("CARGO_PKG_VERSION")
        )));
    }

    #[test]
    fn invented_methods_and_unmatched_paths_share_one_label_each() {
        let metrics = HttpMetrics::default();
        for i in 0..500 {
            let method = Method::from_bytes(format!("M{i}").as_bytes()).unwrap();
            metrics.record(&method, None, 404, Duration::from_millis(1));
        }
        let out = metrics.render("sqlite", POOL, Duration::from_secs(5));
        assert!(out.contains("agentforge_http_requests_total{method=\"other\",route=\"unmatched\",status=\"404\"} 500"), "{out}");
        assert_eq!(
            out.lines()
                .filter(|l| l.starts_with("agentforge_http_requests_total"))
                .count(),
            1,
            "{out}"
        );
    }
}
