//! `GET /locales/{lang}/{namespace}.json`: the web app's translations.

use axum::Router;
use axum::extract::Path;
use axum::http::HeaderMap;
use axum::response::Response;
use axum::routing::get;

use crate::assets::{self, Caching, Locales};
use crate::http::ApiError;

/// The 12 languages of the specification; English is the source and fallback.
pub const LANGUAGES: [&str; 12] = [
    "en", "zh", "ja", "es", "ar", "ko", "fr", "de", "ru", "pt", "da", "id",
];
/// The 8 translation namespaces of the specification.
pub const NAMESPACES: [&str; 8] = [
    "common",
    "home",
    "dashboard",
    "admin",
    "legal",
    "landing",
    "agents",
    "login",
];

pub fn router<S: Clone + Send + Sync + 'static>() -> Router<S> {
    Router::new().route("/locales/{*path}", get(translation))
}

async fn translation(Path(path): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let Some((lang, file)) = path.split_once('/').filter(|(_, file)| !file.contains('/')) else {
        return Err(ApiError::not_found(
            "not_found",
            "Translations are at /locales/{lang}/{namespace}.json",
        ));
    };
    let namespace = file.strip_suffix(".json").unwrap_or_default();
    if !LANGUAGES.contains(&lang) {
        return Err(ApiError::not_found(
            "unknown_language",
            format!(
                "Unknown language '{lang}'; available: {}",
                LANGUAGES.join(", ")
            ),
        ));
    }
    if !NAMESPACES.contains(&namespace) {
        return Err(ApiError::not_found(
            "unknown_namespace",
            format!(
                "Unknown namespace '{file}'; available: {}",
                NAMESPACES.join(", ")
            ),
        ));
    }
    let path = format!("{lang}/{namespace}.json");
    let file = Locales::get(&path).ok_or_else(|| {
        ApiError::not_found("translation_missing", format!("No translation file {path}"))
    })?;
    Ok(assets::serve(file, &path, Caching::Short, &headers))
}
