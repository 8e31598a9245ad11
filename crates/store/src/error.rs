use agentforge_domain::{Conflict, Error};

/// What can go wrong in the store, in terms the layers above can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A rule kept by the database would break: a unique value is taken,
    /// a team would lose its last owner, an invitation was already used.
    #[error("conflict: {0}")]
    Conflict(Conflict),
    /// The row asked for is not there.
    #[error("not found")]
    NotFound,
    /// The database URL is not one this build understands.
    #[error("unsupported database URL (expected sqlite:// or postgres://): {0}")]
    UnsupportedUrl(String),
    /// Anything else the database said; details are for the log only.
    #[error(transparent)]
    Database(#[from] sea_orm::DbErr),
    #[error("database I/O: {0}")]
    Io(#[from] std::io::Error),
}

impl StoreError {
    /// Maps a unique-constraint violation to [`StoreError::Conflict`].
    pub(crate) fn conflict_on_unique(err: sea_orm::DbErr, what: Conflict) -> Self {
        match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => StoreError::Conflict(what),
            _ => StoreError::Database(err),
        }
    }
}

impl From<StoreError> for Error {
    /// A conflict is the domain's; `NotFound` only reaches here when a
    /// caller did not say what was missing, and anything else is internal.
    fn from(err: StoreError) -> Self {
        match err {
            StoreError::Conflict(conflict) => Error::Conflict(conflict),
            StoreError::NotFound => Error::BadRequest {
                code: "not_found",
                message: "Not found".into(),
            },
            other => Error::internal(other),
        }
    }
}
