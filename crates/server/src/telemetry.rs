//! Logging: human-readable lines or JSON, filtered by `log_level` or RUST_LOG.
//! Logs go to standard error, so standard output carries only what a
//! command prints (the OpenAPI document, the default configuration …).

use tracing_subscriber::EnvFilter;

use crate::config::LogFormat;

/// Installs the global subscriber; a second call (as in tests) does nothing.
pub fn init(format: LogFormat, level: &str) {
    let filter = std::env::var("RUST_LOG")
        .ok()
        .and_then(|v| EnvFilter::builder().parse(v).ok())
        .unwrap_or_else(|| EnvFilter::builder().parse_lossy(level));
    let ansi = std::io::IsTerminal::is_terminal(&std::io::stderr());
    let builder = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_target(false)
        .with_ansi(ansi)
        .with_writer(std::io::stderr);
    let _ = match format {
        LogFormat::Text => builder.try_init(),
        LogFormat::Json => builder
            .json()
            .flatten_event(true)
            .with_current_span(true)
            .with_span_list(false)
            .try_init(),
    };
}
