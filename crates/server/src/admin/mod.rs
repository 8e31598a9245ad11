//! `/admin/*`: administration, admins only. For now the mail outbox.

pub mod service;

use agentforge_domain::Language;
use agentforge_domain::mail::{MailStatus, MailTemplate, MailTransport};
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::AdminUser;
use crate::http::{ApiError, ErrorBody, ListMeta, PageQuery, Paged, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(mail_outbox))
}

/// One email the product sent or kept: what an operator needs to follow
/// it, never its words (they may hold a live link; only the server reads
/// them, to deliver it).
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct MailOut {
    pub id: String,
    pub to: String,
    pub subject: String,
    /// Which email it is; absent for one written before templates.
    pub template: Option<MailTemplate>,
    /// The language it is written in.
    pub language: Language,
    pub transport: MailTransport,
    pub status: MailStatus,
    pub error: Option<String>,
    /// Delivery attempts so far.
    pub attempts: u32,
    pub created_at: DateTime<Utc>,
    pub sent_at: Option<DateTime<Utc>>,
}

/// The mail outbox
///
/// Every email the product sent (SMTP) or kept (no SMTP configured), newest
/// first: recipient, template, status, attempts and error, not the words.
#[utoipa::path(get, path = "/admin/mail-outbox", tag = "admin", params(PageQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Emails, newest first", body = Paged<MailOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn mail_outbox(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<PageQuery>,
) -> Result<Paged<MailOut>, ApiError> {
    let page = query.page()?;
    let (mails, total) = service::outbox(&state.store, &actor, page).await?;
    let data = mails
        .into_iter()
        .map(|m| MailOut {
            id: m.id,
            to: m.to_address,
            subject: m.subject,
            template: m.template,
            language: m.language,
            transport: m.transport,
            status: m.status,
            error: m.error,
            attempts: m.attempts,
            created_at: m.created_at,
            sent_at: m.sent_at,
        })
        .collect();
    Ok(Paged::new(
        data,
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}
