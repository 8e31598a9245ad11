//! Integration tests of the HTTP server, one binary for the whole crate.

mod helpers;

mod http_conventions;
mod openapi;
mod static_files;
mod system;
