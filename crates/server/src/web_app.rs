//! The built React app: hashed assets with long caching, and `index.html`
//! for every other path so the app's router (and its not-found page) decides.

use axum::http::{HeaderMap, Method, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};

use crate::assets::{self, Caching};
use crate::http::ApiError;

const NOT_BUILT: &str = "<!doctype html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>AgentForge</title></head>\
<body><h1>The web app is not built</h1><p>Run <code>make build</code> (or <code>npm run build</code> in <code>web/</code>) \
and restart the server. The API is available under <a href=\"/api/docs\">/api/docs</a>.</p></body></html>";

pub async fn serve(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    // `/api/` with a trailing slash escapes the nested API router; it is still the API.
    if path.starts_with("api/") {
        return ApiError::route_not_found(&method, uri.path()).into_response();
    }
    if method != Method::GET && method != Method::HEAD {
        return (
            StatusCode::METHOD_NOT_ALLOWED,
            [(header::ALLOW, "GET, HEAD")],
        )
            .into_response();
    }
    let caching = if path.starts_with("assets/") {
        Caching::Immutable
    } else {
        Caching::Short
    };
    if !path.is_empty()
        && let Some(response) = assets::serve_web(path, caching, &headers)
    {
        return response;
    }
    // A missing hashed asset must not turn into an HTML page the browser
    // would try to run as a script.
    if path.starts_with("assets/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    assets::serve_web("index.html", Caching::Revalidate, &headers)
        .unwrap_or_else(|| (StatusCode::SERVICE_UNAVAILABLE, Html(NOT_BUILT)).into_response())
}
