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

/// Answers an embedded file with its type, caching headers and an ETag,
/// or 304 when the browser already has it.
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
