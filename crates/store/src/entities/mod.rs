//! sea-orm entities, one module per table. Private to the store: callers see
//! the repositories' own types.

pub mod user;
