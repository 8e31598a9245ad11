//! Middleware shared by every route.

use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::Body;
use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::ApiError;
use super::metrics::HttpMetrics;

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
        .map_or("unmatched", MatchedPath::as_str);
    metrics.record(
        method.as_str(),
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

/// Security headers on every answer, unless a handler set its own.
pub async fn security_headers(mut response: Response) -> Response {
    const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; \
                       font-src 'self' data:; connect-src 'self' ws: wss:; media-src 'self' blob:; worker-src 'self' blob:; \
                       frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'";
    let headers = response.headers_mut();
    for (name, value) in [
        (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        (header::X_FRAME_OPTIONS, "DENY"),
        (header::REFERRER_POLICY, "strict-origin-when-cross-origin"),
        (header::CONTENT_SECURITY_POLICY, CSP),
        (
            header::HeaderName::from_static("permissions-policy"),
            "camera=(), geolocation=(), microphone=(self)",
        ),
    ] {
        headers
            .entry(name)
            .or_insert(HeaderValue::from_static(value));
    }
    response
}

#[cfg(test)]
mod tests {
    use axum::Router;
    use axum::body::to_bytes;
    use axum::middleware::{from_fn, from_fn_with_state};
    use axum::routing::get;
    use tower::ServiceExt;

    use super::*;

    async fn slow() -> &'static str {
        tokio::time::sleep(Duration::from_secs(5)).await;
        "late"
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
