//! The HTTP conventions every feature shares: the success envelope, the
//! error body, the JSON extractor and the middleware stack.

pub mod client_ip;
pub mod envelope;
pub mod error;
pub mod json;
pub mod metrics;
pub mod middleware;
pub mod rate_limit;

pub use client_ip::ClientIp;
pub use envelope::{DeletedOut, Envelope, ListMeta, PageQuery, Paged};
pub use error::{ApiError, ErrorBody, FieldError, FieldErrors};
pub use json::Json;
