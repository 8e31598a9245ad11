//! Request and response bodies of /auth and /settings.

use agentforge_domain::{Language, Role};
use agentforge_store::User;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A user as the API shows it.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UserOut {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    /// The language of the interface the account last used: its email is
    /// written in it.
    pub language: Language,
    pub email_verified: bool,
    /// The number the account proved it holds (by a code sent by SMS).
    pub phone_number: Option<String>,
    pub phone_verified_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
}

impl From<User> for UserOut {
    fn from(u: User) -> Self {
        Self {
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            role: u.role,
            language: u.language,
            email_verified: u.email_verified_at.is_some(),
            phone_number: u.phone_number,
            phone_verified_at: u.phone_verified_at,
            created_at: u.created_at,
        }
    }
}

/// A signed-in session: a short-lived access token and a refresh token.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
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

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RegisterIn {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub password: String,
    #[serde(default)]
    /// A name: no control or text-direction characters (white space,
    /// line breaks included, is folded into single spaces).
    #[schema(
        required = true,
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub first_name: String,
    #[serde(default)]
    #[schema(
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub last_name: String,
    /// The language the app is shown in; the account's email is written in
    /// it. Default `en`.
    #[schema(value_type = Option<Language>)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct LoginIn {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RefreshIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub refresh_token: String,
}

#[derive(Debug, Default, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct LogoutIn {
    /// The refresh token to revoke; without it nothing is revoked server-side.
    #[serde(default)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub refresh_token: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct TokenIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub token: String,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct EmailIn {
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ResetPasswordIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub token: String,
    #[serde(default)]
    #[schema(required = true, min_length = 8, max_length = 128)]
    pub new_password: String,
}

/// Changes to one's own profile. Changing the email or the password needs
/// the current password.
#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfilePatch {
    #[schema(
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub first_name: Option<String>,
    #[schema(
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub last_name: Option<String>,
    #[schema(format = Email, max_length = 254)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub email: Option<String>,
    /// Needed to change the email or the password (empty when neither
    /// changes).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_password: Option<String>,
    #[schema(min_length = 8, max_length = 128)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub new_password: Option<String>,
    /// The language the app is shown in (the app sends it when it changes);
    /// the account's email is written in it. Needs no password.
    #[schema(value_type = Option<Language>)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub language: Option<String>,
}

/// The profile after a change; when the password changed, every other
/// session is signed out and this one continues with `session`.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ProfileOut {
    pub user: UserOut,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub session: Option<SessionOut>,
}

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct PasswordIn {
    #[serde(default)]
    #[schema(required = true, min_length = 1)]
    pub password: String,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
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
