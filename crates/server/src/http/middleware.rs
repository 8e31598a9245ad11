//! Middleware shared by every route.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use super::client_ip::forwarded_https;
use super::metrics::HttpMetrics;

/// The request's id: the caller's when it is safe to log, else generated.
pub const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");

/// The longest `x-request-id` of a caller's that is kept.
pub const REQUEST_ID_MAX_LEN: usize = 64;

/// Takes away an `x-request-id` that is not safe to write into the log, so
/// that one is generated in its place: every log line of the request
/// carries the id, and a caller's line breaks or terminal escapes there
/// would forge lines or rewrite a terminal. Kept: at most
/// [`REQUEST_ID_MAX_LEN`] of `A-Z a-z 0-9 . _ -`, sent once.
pub async fn drop_unsafe_request_id(mut request: Request) -> Request {
    let mut ids = request.headers().get_all(&REQUEST_ID).iter();
    let safe = match (ids.next(), ids.next()) {
        (None, _) => true,
        (Some(id), None) => is_safe_request_id(id.as_bytes()),
        (Some(_), Some(_)) => false,
    };
    if !safe {
        request.headers_mut().remove(&REQUEST_ID);
    }
    request
}

fn is_safe_request_id(id: &[u8]) -> bool {
    !id.is_empty()
        && id.len() <= REQUEST_ID_MAX_LEN
        && id
            .iter()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// Copies the matched route template onto the response, so that the outer
/// metrics layer (which runs before routing) can label by route.
pub async fn remember_route(request: Request, next: Next) -> Response {
    let matched = request.extensions().get::<MatchedPath>().cloned();
    let mut response = next.run(request).await;
    if let Some(matched) = matched {
        response.extensions_mut().insert(matched);
    }
    response
}

/// Records every request's method, route, status and latency.
pub async fn record_metrics(
    State(metrics): State<Arc<HttpMetrics>>,
    request: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = request.method().clone();
    let response = next.run(request).await;
    let route = response
        .extensions()
        .get::<MatchedPath>()
        .map(MatchedPath::as_str);
    metrics.record(
        &method,
        route,
        response.status().as_u16(),
        started.elapsed(),
    );
    response
}

/// Answers 408 in the error shape when the handler takes longer than
/// allowed. Applied per group of routes (see `app::api_routes`), so each
/// route's allowance is decided where the route is declared.
pub async fn timeout(State(limit): State<Duration>, request: Request, next: Next) -> Response {
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::from_status(StatusCode::REQUEST_TIMEOUT).into_response(),
    }
}

/// How long a chat turn (a model may think for minutes) or an upload (20 MB
/// on a slow link) may take, whatever the general request timeout.
pub const LONG_REQUEST: Duration = Duration::from_secs(300);

/// Under /api, every failure is JSON in the error shape. Rejections produced
/// by axum or tower (405, 413 …) arrive as plain text or empty bodies; this
/// rewrites them, keeping their status and headers such as `Allow`.
pub async fn json_errors(request: Request, next: Next) -> Response {
    let response = next.run(request).await;
    let status = response.status();
    if !(status.is_client_error() || status.is_server_error()) || is_json(&response) {
        return response;
    }
    let (mut parts, _) = response.into_parts();
    let rewritten = ApiError::from_status(status).into_response();
    let (new_parts, body) = rewritten.into_parts();
    parts.headers.remove(header::CONTENT_LENGTH);
    if let Some(content_type) = new_parts.headers.get(header::CONTENT_TYPE) {
        parts
            .headers
            .insert(header::CONTENT_TYPE, content_type.clone());
    }
    Response::from_parts(parts, Body::new(body))
}

fn is_json(response: &Response) -> bool {
    response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.starts_with("application/json") || v.starts_with("application/problem+json")
        })
}

/// A handler that panicked answers a 500 in the error shape, inside the
/// request's span (so the log line carries its request id); the server goes on.
pub fn panic_response(panic: Box<dyn std::any::Any + Send + 'static>) -> Response {
    let detail = panic
        .downcast_ref::<String>()
        .map(String::as_str)
        .or_else(|| panic.downcast_ref::<&str>().copied())
        .unwrap_or("(no message)");
    ApiError::internal(std::io::Error::other(format!("handler panicked: {detail}"))).into_response()
}

/// What the security headers of an answer depend on: the public URL in
/// force (an admin may change it while the server runs) and the trusted
/// proxies.
#[derive(Debug, Clone)]
pub struct SecurityHeaders {
    /// `public_url` is https: the pages are served over HTTPS.
    https_public: bool,
    trusted_proxies: usize,
    /// `public_url`'s origin as the web app's socket reaches it (`wss://host`).
    public_socket_origin: Option<String>,
}

impl SecurityHeaders {
    pub fn new(public_url: &str, trusted_proxies: usize) -> Self {
        let https_public = public_url.starts_with("https://");
        let public_socket_origin = public_url
            .split_once("://")
            .map(|(_, rest)| rest.split('/').next().unwrap_or_default())
            .filter(|host| is_safe_host(host))
            .map(|host| socket_origin(https_public, host));
        Self {
            https_public,
            trusted_proxies,
            public_socket_origin,
        }
    }

    /// The policy for a page of `host` (the request's), served over HTTPS
    /// or not: only this server's own origin may be fetched or opened a
    /// socket to. `'self'` alone covers the same origin's `ws:`/`wss:` in
    /// browsers that follow CSP Level 3 (Chromium, Firefox, Safari 15.4 and
    /// later); the socket origins are named too for the others.
    fn content_security_policy(&self, https: bool, host: Option<&str>) -> String {
        let mut connect = String::from("'self'");
        let request_origin = host.map(|host| socket_origin(https, host));
        for origin in [request_origin.as_ref(), self.public_socket_origin.as_ref()]
            .into_iter()
            .flatten()
        {
            if !connect.split(' ').any(|known| known == origin) {
                connect.push(' ');
                connect.push_str(origin);
            }
        }
        format!(
            "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
             font-src 'self' data:; connect-src {connect}; media-src 'self' blob:; worker-src 'self' blob:; \
             frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'"
        )
    }
}

/// `Strict-Transport-Security` on answers over HTTPS: browsers then use
/// HTTPS alone for this host (and its subdomains) for a year.
pub const HSTS: &str = "max-age=31536000; includeSubDomains";

fn socket_origin(https: bool, host: &str) -> String {
    format!("{}://{host}", if https { "wss" } else { "ws" })
}

/// A host (and port) fit to be written into a policy: nothing that could
/// end a source (white space, `;`, `,`, quotes) or widen it (`*`).
fn is_safe_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 255
        && host
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'-' | b':' | b'[' | b']'))
}

/// Security headers on every answer, unless a handler set its own; HSTS
/// when the page is served over HTTPS (`public_url` is https, or a trusted
/// proxy's `X-Forwarded-Proto` says so).
pub async fn security_headers(
    State(state): State<crate::state::AppState>,
    request: Request,
    next: Next,
) -> Response {
    let policy = SecurityHeaders::new(
        &state.configuration.get().general.public_url,
        state.config.trusted_proxies,
    );
    let https = policy.https_public || forwarded_https(request.headers(), policy.trusted_proxies);
    let host = request
        .uri()
        .authority()
        .map(|a| a.as_str())
        .or_else(|| {
            request
                .headers()
                .get(header::HOST)
                .and_then(|v| v.to_str().ok())
        })
        .filter(|host| is_safe_host(host));
    let csp = policy.content_security_policy(https, host);
    let mut response = next.run(request).await;
    let headers = response.headers_mut();
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (
            header::HeaderName::from_static("permissions-policy"),
            "camera=(), geolocation=(), microphone=(self)",
        ),
    ] {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    if let Ok(csp) = HeaderValue::from_str(&csp) {
        headers
            .entry(header::CONTENT_SECURITY_POLICY)
            .or_insert(csp);
    }
    if https {
        headers
            .entry(header::STRICT_TRANSPORT_SECURITY)
            .or_insert(HeaderValue::from_static(HSTS));
    }
    response
}

/// A request's path as its log line may show it: a segment that is an
/// opaque token (32 or more hex digits, as links and invitations carry
/// them: `/api/team-invitations/details/{token}`) is replaced by `…`, so
/// no live token is ever written to a log.
pub fn loggable_path(path: &str) -> std::borrow::Cow<'_, str> {
    let secret =
        |segment: &str| segment.len() >= 32 && segment.bytes().all(|b| b.is_ascii_hexdigit());
    if !path.split('/').any(secret) {
        return std::borrow::Cow::Borrowed(path);
    }
    std::borrow::Cow::Owned(
        path.split('/')
            .map(|segment| if secret(segment) { "…" } else { segment })
            .collect::<Vec<_>>()
            .join("/"),
    )
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::to_bytes;
    use axum::middleware::{from_fn, from_fn_with_state};
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;
    use crate::config::Config;

    #[test]
    fn tokens_in_paths_are_left_out_of_logs() {
        let token = "0123456789abcdef".repeat(4);
        assert_eq!(
            loggable_path(&format!("/api/team-invitations/details/{token}")),
            "/api/team-invitations/details/…"
        );
        assert_eq!(
            loggable_path(&format!("/api/team-invitations/accept/{token}/")),
            "/api/team-invitations/accept/…/"
        );
        // Ids (UUIDs) and ordinary words stay.
        let id = "/api/agents/0193a4f2-7c1e-7b3a-9d2e-5f6a7b8c9d0e/versions";
        assert_eq!(loggable_path(id), id);
        assert_eq!(
            loggable_path("/dashboard/settings/team"),
            "/dashboard/settings/team"
        );
    }

    async fn slow() -> &'static str {
        tokio::time::sleep(Duration::from_secs(5)).await;
        "late"
    }

    #[test]
    fn request_ids_are_kept_only_when_short_and_plain() {
        for safe in ["trace-me-42", "a.b_c-D9", &"x".repeat(REQUEST_ID_MAX_LEN)] {
            assert!(is_safe_request_id(safe.as_bytes()), "{safe}");
        }
        for forged in [
            "",
            "a b",
            "a\"b",
            "line\r\nbreak",
            "\u{1b}[31mred",
            "ünï",
            "semi;colon",
            &"x".repeat(REQUEST_ID_MAX_LEN + 1),
        ] {
            assert!(!is_safe_request_id(forged.as_bytes()), "{forged:?}");
        }
    }

    #[test]
    fn sockets_may_reach_this_origin_only() {
        let (config, _) = Config::load(
            None,
            [(
                "AGENTFORGE_PUBLIC_URL".to_owned(),
                "https://agents.example.com/app".to_owned(),
            )],
        )
        .unwrap();
        let policy = SecurityHeaders::new(&config.public_url, config.trusted_proxies);
        let csp = policy.content_security_policy(true, Some("agents.example.com"));
        assert!(
            csp.contains("connect-src 'self' wss://agents.example.com;"),
            "{csp}"
        );
        let csp = policy.content_security_policy(false, Some("10.0.0.5:8080"));
        assert!(
            csp.contains("connect-src 'self' ws://10.0.0.5:8080 wss://agents.example.com;"),
            "{csp}"
        );
        assert!(!csp.contains(" ws: ") && !csp.contains(" wss: "), "{csp}");
        for host in ["evil.example; script-src *", "a b", "*", "\"x\"", ""] {
            assert!(!is_safe_host(host), "{host:?}");
        }
    }

    #[tokio::test]
    async fn slow_handlers_answer_408_in_the_error_shape() {
        let app = Router::new()
            .route("/slow", get(slow))
            .layer(from_fn_with_state(Duration::from_millis(20), timeout));
        let response = app
            .oneshot(Request::get("/slow").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::REQUEST_TIMEOUT);
        let body: serde_json::Value =
            serde_json::from_slice(&to_bytes(response.into_body(), 1 << 16).await.unwrap())
                .unwrap();
        assert_eq!(body["error"], "request_timeout");
    }

    #[tokio::test]
    async fn a_panicking_handler_answers_500_without_its_message() {
        async fn boom() -> &'static str {
            panic!("secret internals")
        }
        let app = Router::new().route("/boom", get(boom)).layer(
            tower_http::catch_panic::CatchPanicLayer::custom(panic_response),
        );
        let response = app
            .oneshot(Request::get("/boom").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::INTERNAL_SERVER_ERROR);
        let body = to_bytes(response.into_body(), 1 << 16).await.unwrap();
        let body: serde_json::Value = serde_json::from_slice(&body).unwrap();
        assert_eq!(body["error"], "internal_error");
        assert!(!body.to_string().contains("secret"));
    }

    #[tokio::test]
    async fn plain_text_failures_are_rewritten_keeping_status_and_headers() {
        async fn teapot() -> Response {
            (
                StatusCode::PAYLOAD_TOO_LARGE,
                [(header::RETRY_AFTER, "3")],
                "length limit exceeded",
            )
                .into_response()
        }
        let app = Router::new()
            .route("/t", get(teapot))
            .layer(from_fn(json_errors));
        let response = app
            .oneshot(Request::get("/t").body(Body::empty()).unwrap())
            .await
            .unwrap();
        assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(response.headers()[header::RETRY_AFTER], "3");
        assert!(
            response.headers()[header::CONTENT_TYPE]
                .to_str()
                .unwrap()
                .starts_with("application/json")
        );
        let body: serde_json::Value =
            serde_json::from_slice(&to_bytes(response.into_body(), 1 << 16).await.unwrap())
                .unwrap();
        assert_eq!(
            body,
            serde_json::json!({"success": false, "error": "payload_too_large", "message": "The request body is too large", "errors": []})
        );
    }
}
