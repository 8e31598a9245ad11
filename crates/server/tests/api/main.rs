//! Integration tests of the HTTP server, one binary for the whole crate.
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

mod client;
mod fixtures;
mod helpers;

mod access;
mod admin_overview;
mod admin_users;
mod agents;
mod analytics;
mod api_keys;
mod audit;
mod auth;
mod calls;
mod chat;
mod configuration;
mod connections;
mod contact;
mod contract;
mod conversations;
mod flows;

mod http_conventions;
mod integrations;
mod knowledge;
mod mail;
mod mcp;
mod openapi;
mod phone;
mod sessions;
mod settings;
mod static_files;
mod system;
mod teams;
mod turns;
mod v1;
mod voice;
mod webhooks;
mod widget;
mod workflows;
