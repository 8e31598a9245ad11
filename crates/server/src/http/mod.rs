//! The HTTP conventions every feature shares: the success envelope, the
//! error body, the JSON extractor and the middleware stack.

pub mod checked;
pub mod client_ip;
pub mod envelope;
pub mod error;
pub mod filter;
pub mod json;
pub mod metrics;
pub mod middleware;
pub mod query;

pub use checked::Checked;
pub use client_ip::ClientIp;
pub use envelope::{DeletedOut, Envelope, ListMeta, PageQuery, Paged};
pub use error::{ApiError, ErrorBody, FieldError};
pub use filter::Filter;
pub use json::Json;
pub use query::Query;
