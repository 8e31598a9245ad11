/// What can go wrong in the store, in terms the layers above can act on.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A unique constraint was violated: the thing already exists.
    #[error("already exists: {0}")]
    Conflict(&'static str),
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
    pub(crate) fn conflict_on_unique(err: sea_orm::DbErr, what: &'static str) -> Self {
        match err.sql_err() {
            Some(sea_orm::SqlErr::UniqueConstraintViolation(_)) => StoreError::Conflict(what),
            _ => StoreError::Database(err),
        }
    }
}
