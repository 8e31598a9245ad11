//! sea-orm entities, one module per table. Private to the store: callers see
//! the repositories' own types.

pub mod mail;
pub mod one_time_token;
pub mod refresh_token;
pub mod user;
