//! Knowledge documents.

string_enum!(
    /// Where a document stands: `ready` once extracted and indexed (which
    /// happens within its upload).
    DocumentStatus {
        Ready = "ready",
    }
);
