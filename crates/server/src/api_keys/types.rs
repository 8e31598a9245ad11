//! Request and response bodies of /api-keys and /admin/api-keys.

use agentforge_store::{ApiKey, OwnedApiKey};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::service::NewKey;

/// An API key as lists show it: never the key itself.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyOut {
    pub id: String,
    pub name: String,
    /// The key's first characters (`af_` and eight more), to tell it apart.
    pub prefix: String,
    /// The agents it reaches; empty: every agent of its owner.
    pub agent_ids: Vec<String>,
    pub created_at: DateTime<Utc>,
    pub last_used_at: Option<DateTime<Utc>>,
    pub expires_at: Option<DateTime<Utc>>,
    /// Whether it has expired (it then no longer works).
    pub expired: bool,
}

impl From<ApiKey> for ApiKeyOut {
    fn from(k: ApiKey) -> Self {
        Self {
            expired: k.expires_at.is_some_and(|at| at <= Utc::now()),
            id: k.id,
            name: k.name,
            prefix: k.prefix,
            agent_ids: k.agent_ids,
            created_at: k.created_at,
            last_used_at: k.last_used_at,
            expires_at: k.expires_at,
        }
    }
}

/// A key just made, with the key itself: shown this once, never again.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct NewApiKeyOut {
    #[serde(flatten)]
    pub api_key: ApiKeyOut,
    /// The key (`af_…`): send it as `Authorization: Bearer <key>`. Keep it
    /// now; it cannot be shown again.
    pub key: String,
}

/// A key to make.
#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ApiKeyIn {
    /// What the key is for. No control or text-direction characters.
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub name: String,
    /// Agents it may reach (ones you may use); empty or absent: all of yours.
    #[serde(default)]
    #[schema(max_items = 100)]
    pub agent_ids: Vec<String>,
    /// When it stops working; absent: never.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expires_at: Option<DateTime<Utc>>,
}

impl ApiKeyIn {
    pub fn new_key(self) -> NewKey {
        NewKey {
            name: self.name,
            agent_ids: self.agent_ids,
            expires_at: self.expires_at,
        }
    }
}

/// A key with its owner, as the admin area lists it.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AdminApiKeyOut {
    #[serde(flatten)]
    pub api_key: ApiKeyOut,
    pub owner_id: String,
    pub owner_email: String,
    pub owner_name: String,
}

impl From<OwnedApiKey> for AdminApiKeyOut {
    fn from(k: OwnedApiKey) -> Self {
        Self {
            owner_id: k.key.user_id.clone(),
            api_key: k.key.into(),
            owner_email: k.owner_email,
            owner_name: k.owner_name,
        }
    }
}

/// Paging and search of the admin's list of keys.
#[derive(Debug, Default, Deserialize, IntoParams, serde::Serialize)]
#[into_params(parameter_in = Query)]
pub struct AdminApiKeyQuery {
    /// From 1.
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Part of the key's name or prefix, or of its owner's email, any case.
    #[param(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
}
