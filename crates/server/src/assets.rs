//! Files compiled into the binary: the built web app and the translations.
//!
//! In debug builds rust-embed reads them from disk at run time, so a fresh
//! `npm run build` shows without recompiling; release builds carry them.

use axum::body::Body;
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use rust_embed::{Embed, EmbeddedFile};

/// The output of `npm run build` in `web/` (translations are served apart).
#[derive(Embed)]
#[folder = "../../web/dist/"]
#[exclude = "locales/*"]
#[allow_missing = true]
pub struct WebApp;

/// `web/public/locales/{lang}/{namespace}.json`.
#[derive(Embed)]
#[folder = "../../web/public/locales/"]
#[allow_missing = true]
pub struct Locales;

/// How long browsers may keep a file.
#[derive(Debug, Clone, Copy)]
pub enum Caching {
    /// Content-hashed file names: never changes.
    Immutable,
    /// Revalidate every time (index.html).
    Revalidate,
    /// Keep for a while, then revalidate.
    Short,
}

impl Caching {
    fn header(self) -> HeaderValue {
        HeaderValue::from_static(match self {
            Caching::Immutable => "public, max-age=31536000, immutable",
            Caching::Revalidate => "no-cache",
            Caching::Short => "public, max-age=300, must-revalidate",
        })
    }
}

/// Answers a file of the web app, preferring the build's precompressed
/// copy (`.br`, then `.gz`) when the browser accepts it; `None` when there
/// is no such file.
pub fn serve_web(path: &str, caching: Caching, request_headers: &HeaderMap) -> Option<Response> {
    let accepted = request_headers
        .get(header::ACCEPT_ENCODING)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    let accepts = |coding: &str| {
        accepted.split(',').any(|part| {
            let mut pieces = part.split(';');
            let name = pieces.next().unwrap_or_default().trim();
            let refused = pieces.any(|p| {
                p.trim()
                    .strip_prefix("q=")
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    == Some(0.0)
            });
            name.eq_ignore_ascii_case(coding) && !refused
        })
    };
    let has_variants = WebApp::get(&format!("{path}.gz")).is_some();
    for (coding, suffix) in [("br", "br"), ("gzip", "gz")] {
        if accepts(coding)
            && let Some(file) = WebApp::get(&format!("{path}.{suffix}"))
        {
            let mut response = serve(file, path, caching, request_headers);
            response
                .headers_mut()
                .insert(header::CONTENT_ENCODING, HeaderValue::from_static(coding));
            response
                .headers_mut()
                .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            return Some(response);
        }
    }
    let mut response = serve(WebApp::get(path)?, path, caching, request_headers);
    if has_variants {
        response
            .headers_mut()
            .insert(header::VARY, HeaderValue::from_static("accept-encoding"));
    }
    Some(response)
}

/// Answers an embedded file with its type (from `path`), caching headers
/// and an ETag, or 304 when the browser already has it.
pub fn serve(
    file: EmbeddedFile,
    path: &str,
    caching: Caching,
    request_headers: &HeaderMap,
) -> Response {
    let etag = format!("\"{}\"", hex::encode(&file.metadata.sha256_hash()[..16]));
    let mut headers = HeaderMap::new();
    headers.insert(header::CACHE_CONTROL, caching.header());
    if let Ok(value) = HeaderValue::from_str(&etag) {
        headers.insert(header::ETAG, value);
    }
    let fresh = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| {
            v.split(',')
                .any(|tag| tag.trim() == etag || tag.trim() == "*")
        });
    if fresh {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    let mime = mime_guess::from_path(path).first_or_octet_stream();
    let content_type =
        if mime.type_() == "text" || mime.subtype() == "javascript" || mime.subtype() == "json" {
            format!("{mime}; charset=utf-8")
        } else {
            mime.to_string()
        };
    if let Ok(value) = HeaderValue::from_str(&content_type) {
        headers.insert(header::CONTENT_TYPE, value);
    }
    (headers, Body::from(file.data.into_owned())).into_response()
}
