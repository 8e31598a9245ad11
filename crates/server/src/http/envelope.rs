use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use agentforge_domain::error::{Error, Problems};
use agentforge_domain::paging::Page;

/// Every JSON success: `{"success": true, "data": …}`.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct Envelope<T> {
    #[schema(schema_with = crate::docs::schema::always_true)]
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

/// What a deletion answers: the id of what is gone.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct DeletedOut {
    pub id: String,
    pub deleted: bool,
}

impl DeletedOut {
    pub fn new(id: impl Into<String>) -> Self {
        Self {
            id: id.into(),
            deleted: true,
        }
    }
}

/// Paging of a list answer.
#[derive(Debug, Clone, Copy, Serialize, ToSchema, serde::Deserialize)]
pub struct ListMeta {
    pub page: u64,
    pub limit: u64,
    pub total: u64,
}

/// A list success: `{"success": true, "data": [...], "meta": {page, limit, total}}`.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct Paged<T> {
    #[schema(schema_with = crate::docs::schema::always_true)]
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

/// Paging of list endpoints: `page` from 1, `limit` from 1 to 100 (default 10).
#[derive(Debug, Default, Deserialize, IntoParams, serde::Serialize)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

impl PageQuery {
    /// The page asked for, or a 422 naming the bad numbers.
    pub fn page(&self) -> Result<Page, Error> {
        let mut problems = Problems::default();
        let page = Page::parse(self.page, self.limit, &mut problems);
        problems.finish()?;
        Ok(page)
    }
}
