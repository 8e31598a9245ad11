//! sea-orm entities, one module per table. Private to the store: callers see
//! the repositories' own types.

pub mod agent;
pub mod agent_deployment;
pub mod agent_mcp_server;
pub mod agent_version;
pub mod analytics_hourly;
pub mod analytics_latency;
pub mod analytics_state;
pub mod api_key;
pub mod audit_log;
pub mod configuration;
pub mod contact_message;
pub mod conversation;
pub mod document;
pub mod integration;
pub mod job;
pub mod mail;
pub mod mcp_server;
pub mod message;
pub mod one_time_token;
pub mod passage;
pub mod personality;
pub mod refresh_token;
pub mod team;
pub mod team_invitation;
pub mod team_member;
pub mod upload;
pub mod user;
pub mod webhook;
pub mod webhook_delivery;
pub mod webhook_delivery_attempt;
pub mod webhook_endpoint;
pub mod webhook_event;
pub mod widget;
