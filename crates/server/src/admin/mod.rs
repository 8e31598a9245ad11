//! `/admin/*`: administration, admins only: the mail outbox and the audit
//! log (a page at a time, or the whole of a filter as a streamed file).

pub mod service;

use agentforge_domain::Language;
use agentforge_domain::mail::{MailStatus, MailTemplate, MailTransport};
use axum::body::Body;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::audit::{AuditPageOut, AuditQuery, ExportFormat};
use crate::auth::AdminUser;
use crate::http::{ApiError, Envelope, ErrorBody, ListMeta, PageQuery, Paged, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(mail_outbox))
        .routes(routes!(audit_logs))
        .routes(routes!(export_audit_logs))
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

/// The audit log
///
/// Every change, sign-in, failed sign-in, sign-out and refusal, newest
/// first, filtered; a page at a time (`cursor` from the page before).
#[utoipa::path(get, path = "/admin/audit-logs", tag = "admin", params(AuditQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of entries, newest first", body = Envelope<AuditPageOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn audit_logs(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<AuditQuery>,
) -> Result<Envelope<AuditPageOut>, ApiError> {
    let filter = query.filter()?;
    let limit = query.limit()?;
    Ok(Envelope::new(
        service::audit_page(&state.store, &actor, &filter, limit).await?,
    ))
}

/// How to export (the filters are the list's).
#[derive(Debug, Default, serde::Deserialize, serde::Serialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ExportQuery {
    /// `csv` (default) or `json`.
    #[param(inline)]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub format: Option<ExportFormat>,
}

/// Export the audit log
///
/// Every entry the filters select (no paging), newest first, as CSV or a
/// JSON array; streamed as it is read.
#[utoipa::path(get, path = "/admin/audit-logs/export", tag = "admin", params(ExportQuery, AuditQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "The entries as a file", content((Vec<crate::audit::AuditEntryOut> = "application/json"), (String = "text/csv"))),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn export_audit_logs(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<ExportQuery>,
    Query(filters): Query<AuditQuery>,
) -> Result<Response, ApiError> {
    let filter = filters.filter()?;
    let format = query.format.unwrap_or_default();
    let stream = service::audit_export(&state.store, &actor, filter, format)?;
    let (content_type, extension) = match format {
        ExportFormat::Csv => ("text/csv; charset=utf-8", "csv"),
        ExportFormat::Json => ("application/json", "json"),
    };
    let name = format!(
        "audit-log-{}.{extension}",
        chrono::Utc::now().format("%Y%m%d-%H%M%S")
    );
    Ok((
        [
            (header::CONTENT_TYPE, content_type.to_owned()),
            (
                header::CONTENT_DISPOSITION,
                format!("attachment; filename=\"{name}\""),
            ),
        ],
        Body::from_stream(stream),
    )
        .into_response())
}
