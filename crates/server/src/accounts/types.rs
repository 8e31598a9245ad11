//! Request and response bodies of /auth and /settings.

use agentforge_store::User;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserOut {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    /// `user` or `admin`.
    #[schema(example = "user")]
    pub role: String,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserOut {
    fn from(u: User) -> Self {
        Self {
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            role: u.role.as_str().to_owned(),
            email_verified: u.email_verified_at.is_some(),
            created_at: u.created_at,
        }
    }
}

/// A signed-in session: a short-lived access token and a refresh token.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionOut {
    /// Access token (JWT) for `Authorization: Bearer`; valid 15 minutes.
    pub token: String,
    /// Exchanged at /auth/refresh-token for a new pair; valid 30 days, single use.
    pub refresh_token: String,
    /// Seconds until `token` expires.
    pub expires_in: i64,
    pub user: UserOut,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RegisterIn {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
    #[serde(default)]
    pub first_name: String,
    #[serde(default)]
    pub last_name: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct LoginIn {
    #[serde(default)]
    pub email: String,
    #[serde(default)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RefreshIn {
    #[serde(default)]
    pub refresh_token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LogoutIn {
    /// The refresh token to revoke; without it nothing is revoked server-side.
    #[serde(default)]
    pub refresh_token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct TokenIn {
    #[serde(default)]
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct EmailIn {
    #[serde(default)]
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordIn {
    #[serde(default)]
    pub token: String,
    #[serde(default)]
    pub new_password: String,
}

/// Changes to one's own profile. Changing the email or the password needs
/// the current password.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfilePatch {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email: Option<String>,
    pub current_password: Option<String>,
    pub new_password: Option<String>,
}

/// The profile after a change; when the password changed, every other
/// session is signed out and this one continues with `session`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProfileOut {
    pub user: UserOut,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionOut>,
}

#[derive(Debug, Deserialize, ToSchema)]
pub struct PasswordIn {
    #[serde(default)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct NoticeOut {
    pub message: String,
}

impl NoticeOut {
    pub fn new(message: impl Into<String>) -> Self {
        Self {
            message: message.into(),
        }
    }
}
