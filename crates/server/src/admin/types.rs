//! The admin area's request and response types for accounts.

use agentforge_domain::error::{Error, Problems};
use agentforge_domain::paging::{Page, SortOrder};
use agentforge_domain::{Language, Role, UserStatus};
use agentforge_store::{User, UserFilter, UserSort};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::http::Filter;

/// An account as the admin area sees it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserOut {
    pub id: String,
    pub email: String,
    pub first_name: String,
    pub last_name: String,
    pub role: Role,
    pub status: UserStatus,
    pub language: Language,
    pub email_verified: bool,
    pub created_at: DateTime<Utc>,
    /// When it last signed in; absent if never.
    pub last_login_at: Option<DateTime<Utc>>,
    /// When it was disabled; absent while enabled.
    pub disabled_at: Option<DateTime<Utc>>,
}

impl From<User> for AdminUserOut {
    fn from(u: User) -> Self {
        Self {
            status: if u.disabled_at.is_some() {
                UserStatus::Disabled
            } else {
                UserStatus::Active
            },
            id: u.id,
            email: u.email,
            first_name: u.first_name,
            last_name: u.last_name,
            role: u.role,
            language: u.language,
            email_verified: u.email_verified_at.is_some(),
            created_at: u.created_at,
            last_login_at: u.last_login_at,
            disabled_at: u.disabled_at,
        }
    }
}

/// One account with what it holds.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserDetailOut {
    #[serde(flatten)]
    pub user: AdminUserOut,
    /// Agents it owns.
    pub agent_count: u64,
    /// Teams it is a member of.
    pub team_count: u64,
}

/// What an admin changes on an account; absent fields stay as they are.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserPatch {
    pub role: Option<Role>,
    /// `disabled` signs the account out everywhere at once and refuses its
    /// sign-ins; `active` lets it in again.
    pub status: Option<UserStatus>,
    /// `true` marks the address verified (for installs without mail);
    /// an address cannot be marked unverified.
    #[schema(schema_with = crate::docs::schema::true_or_null)]
    pub email_verified: Option<bool>,
}

/// How the list of accounts is ordered.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
pub enum UserSortKey {
    #[default]
    Created,
    Name,
    Email,
    LastLogin,
}

#[derive(Debug, Default, Serialize, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
#[serde(rename_all = "camelCase")]
pub struct AdminUserQuery {
    /// From 1 (default 1).
    #[param(minimum = 1, maximum = 1000000)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub page: Option<u64>,
    /// Default 10.
    #[param(minimum = 1, maximum = 100)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
    /// Words of the name or email, any case.
    #[param(max_length = 200)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub search: Option<String>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub role: Option<Filter<Role>>,
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<UserStatus>>,
    /// Only verified (`true`) or unverified (`false`) addresses.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub verified: Option<bool>,
    /// Created from this time on (RFC 3339).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_from: Option<DateTime<Utc>>,
    /// Created before this time (RFC 3339); before `createdFrom`, nothing
    /// is selected.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub created_to: Option<DateTime<Utc>>,
    /// Default `created`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub sort: Option<UserSortKey>,
    /// Default: `asc` for name and email, else `desc`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub order: Option<SortOrder>,
}

impl AdminUserQuery {
    /// The store's filter and the page, or a 422 naming each bad parameter.
    pub fn filter(&self) -> Result<(UserFilter, Page), Error> {
        let mut problems = Problems::default();
        let page = Page::parse(self.page, self.limit, &mut problems);
        problems.text("search", self.search.as_deref(), 200);
        problems.finish()?;
        let sort = self.sort.unwrap_or_default();
        let descending = match self.order {
            Some(order) => order == SortOrder::Desc,
            None => !matches!(sort, UserSortKey::Name | UserSortKey::Email),
        };
        Ok((
            UserFilter {
                search: self.search.clone(),
                role: self.role.and_then(Filter::value),
                disabled: self
                    .status
                    .and_then(Filter::value)
                    .map(|s| s == UserStatus::Disabled),
                verified: self.verified,
                created_from: self.created_from,
                created_to: self.created_to,
                sort: match sort {
                    UserSortKey::Created => UserSort::Created,
                    UserSortKey::Name => UserSort::Name,
                    UserSortKey::Email => UserSort::Email,
                    UserSortKey::LastLogin => UserSort::LastLogin,
                },
                descending,
                page: page.page,
                limit: page.limit,
            },
            page,
        ))
    }
}
