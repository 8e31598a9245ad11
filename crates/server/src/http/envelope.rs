use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// Every JSON success: `{"success": true, "data": …}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Envelope<T> {
    /// Always `true`.
    pub success: bool,
    pub data: T,
}

impl<T> Envelope<T> {
    pub fn new(data: T) -> Self {
        Self {
            success: true,
            data,
        }
    }
}

impl<T: Serialize> IntoResponse for Envelope<T> {
    fn into_response(self) -> Response {
        axum::Json(self).into_response()
    }
}

/// Paging of a list answer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema)]
pub struct ListMeta {
    pub page: u64,
    pub limit: u64,
    pub total: u64,
}

/// A list success: `{"success": true, "data": [...], "meta": {page, limit, total}}`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Paged<T> {
    /// Always `true`.
    pub success: bool,
    pub data: Vec<T>,
    pub meta: ListMeta,
}

impl<T> Paged<T> {
    pub fn new(data: Vec<T>, meta: ListMeta) -> Self {
        Self {
            success: true,
            data,
            meta,
        }
    }
}

impl<T: Serialize> IntoResponse for Paged<T> {
    fn into_response(self) -> Response {
        axum::Json(self).into_response()
    }
}
