//! Numbered migrations. A migration that has landed on main is never edited:
//! change the schema with a new one.

use sea_orm_migration::prelude::*;

mod m0001_create_users;
mod m0002_create_auth_tables;
mod m0003_create_agents;
mod m0004_create_conversations_and_knowledge;
mod m0005_create_teams;
mod m0006_create_jobs_and_turn_state;
mod m0007_mail_templates_and_languages;
mod m0008_create_api_keys_and_mcp_servers;
mod m0009_create_audit_logs;
mod m0010_create_configuration;
mod m0011_create_contact_messages;
mod m0012_create_analytics_rollups;
mod m0013_add_team_settings;
mod m0014_create_integrations;
mod m0015_create_webhooks;
mod m0016_create_webhook_endpoints;
mod m0017_create_widgets;
mod m0018_index_due_work;
mod m0019_create_voice;
mod m0020_create_phone_verification;
mod m0021_create_phone_calls;
mod m0022_create_workflows;
mod m0023_add_conversation_flows;

pub(crate) struct Migrator;

#[async_trait::async_trait]
impl MigratorTrait for Migrator {
    fn migrations() -> Vec<Box<dyn MigrationTrait>> {
        vec![
            Box::new(m0001_create_users::Migration),
            Box::new(m0002_create_auth_tables::Migration),
            Box::new(m0003_create_agents::Migration),
            Box::new(m0004_create_conversations_and_knowledge::Migration),
            Box::new(m0005_create_teams::Migration),
            Box::new(m0006_create_jobs_and_turn_state::Migration),
            Box::new(m0007_mail_templates_and_languages::Migration),
            Box::new(m0008_create_api_keys_and_mcp_servers::Migration),
            Box::new(m0009_create_audit_logs::Migration),
            Box::new(m0010_create_configuration::Migration),
            Box::new(m0011_create_contact_messages::Migration),
            Box::new(m0012_create_analytics_rollups::Migration),
            Box::new(m0013_add_team_settings::Migration),
            Box::new(m0014_create_integrations::Migration),
            Box::new(m0015_create_webhooks::Migration),
            Box::new(m0016_create_webhook_endpoints::Migration),
            Box::new(m0017_create_widgets::Migration),
            Box::new(m0018_index_due_work::Migration),
            Box::new(m0019_create_voice::Migration),
            Box::new(m0020_create_phone_verification::Migration),
            Box::new(m0021_create_phone_calls::Migration),
            Box::new(m0022_create_workflows::Migration),
            Box::new(m0023_add_conversation_flows::Migration),
        ]
    }
}
