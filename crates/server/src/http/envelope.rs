use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::{ApiError, FieldErrors};

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

/// What a deletion answers: the id of what is gone.
#[derive(Debug, Serialize, ToSchema)]
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

/// The largest page a list endpoint answers.
pub const MAX_LIMIT: u64 = 100;

/// Paging of list endpoints: `page` from 1, `limit` from 1 to 100 (default 10).
#[derive(Debug, Default, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PageQuery {
    pub page: Option<u64>,
    pub limit: Option<u64>,
}

impl PageQuery {
    /// `(page, limit)`, recording a problem for each bad one.
    pub fn check(&self, errors: &mut FieldErrors) -> (u64, u64) {
        let page = self.page.unwrap_or(1);
        let limit = self.limit.unwrap_or(10);
        if page == 0 {
            errors.add("page", "Number must be greater than or equal to 1");
        }
        if !(1..=MAX_LIMIT).contains(&limit) {
            errors.add("limit", format!("Number must be between 1 and {MAX_LIMIT}"));
        }
        (page, limit)
    }

    /// `(page, limit)`, or a 422 naming the bad ones.
    pub fn resolve(&self) -> Result<(u64, u64), ApiError> {
        let mut errors = FieldErrors::default();
        let paging = self.check(&mut errors);
        errors.finish()?;
        Ok(paging)
    }
}
