//! `/admin/*`: administration, admins only: the mail outbox and the audit
//! log (a page at a time, or the whole of a filter as a streamed file).

pub mod overview;
pub mod service;
pub mod types;

use agentforge_domain::Language;
use agentforge_domain::mail::{MailStatus, MailTemplate, MailTransport};
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::accounts::types::NoticeOut;
use crate::audit::{AuditPageOut, AuditQuery, ExportFormat};
use crate::auth::AdminUser;
use crate::http::{
    ApiError, ClientIp, DeletedOut, Envelope, ErrorBody, Json, ListMeta, PageQuery, Paged, Query,
};
use crate::state::AppState;
use types::{AdminUserDetailOut, AdminUserOut, AdminUserPatch, AdminUserQuery};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(admin_overview))
        .routes(routes!(retry_job))
        .routes(routes!(resend_mail))
        .routes(routes!(mail_outbox))
        .routes(routes!(audit_logs))
        .routes(routes!(export_audit_logs))
        .routes(routes!(list_users))
        .routes(routes!(get_user, update_user, delete_user))
        .routes(routes!(resend_user_verification))
}

/// The admin overview
///
/// Accounts, today's conversations and messages, the job queue with the
/// jobs that failed for good, the health of the database and of each
/// integration, what is left to set up, and the latest audit entries.
#[utoipa::path(get, path = "/admin/overview", tag = "admin", security(("bearer" = [])),
    responses(
        (status = 200, description = "The installation at a glance", body = Envelope<overview::AdminOverviewOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn admin_overview(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
) -> Result<Envelope<overview::AdminOverviewOut>, ApiError> {
    Ok(Envelope::new(overview::overview(&state, &actor).await?))
}

/// Retry a job
///
/// A job that failed for good (`dead`) runs again from its first attempt.
#[utoipa::path(post, path = "/admin/jobs/{id}/retry", tag = "admin", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "Queued again", body = Envelope<NoticeOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such job", body = ErrorBody),
        (status = 409, description = "The job has not failed for good (`job_not_dead`)", body = ErrorBody),
    ))]
async fn retry_job(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
) -> Result<Envelope<NoticeOut>, ApiError> {
    overview::retry_job(&state, &actor, &id).await?;
    Ok(Envelope::new(NoticeOut {
        message: "The job will run again shortly".into(),
    }))
}

/// Send an email again
///
/// An email of the outbox that was kept (no mail server then) or failed
/// goes out again through the mail server now configured.
#[utoipa::path(post, path = "/admin/mail-outbox/{id}/resend", tag = "admin", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "Queued for delivery", body = Envelope<NoticeOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such email", body = ErrorBody),
        (status = 409, description = "No mail server is configured (`mail_not_configured`), or it was already sent (`already_sent`)", body = ErrorBody),
    ))]
async fn resend_mail(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
) -> Result<Envelope<NoticeOut>, ApiError> {
    overview::resend_mail(&state, &actor, &id).await?;
    Ok(Envelope::new(NoticeOut {
        message: "The email is on its way".into(),
    }))
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
    // Checked like the list's, though the file holds every entry selected.
    filters.limit()?;
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

/// Accounts
///
/// Every account, searched by words of its name or email, filtered by role,
/// status, verification and creation time, sorted and paged.
#[utoipa::path(get, path = "/admin/users", tag = "admin", params(AdminUserQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "A page of accounts", body = Paged<AdminUserOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn list_users(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<AdminUserQuery>,
) -> Result<Paged<AdminUserOut>, ApiError> {
    let (filter, page) = query.filter()?;
    let (users, total) = service::users(&state.store, &actor, &filter).await?;
    Ok(Paged::new(
        users.into_iter().map(AdminUserOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}

fn detail(user: agentforge_store::User, agent_count: u64, team_count: u64) -> AdminUserDetailOut {
    AdminUserDetailOut {
        user: user.into(),
        agent_count,
        team_count,
    }
}

/// One account
#[utoipa::path(get, path = "/admin/users/{id}", tag = "admin", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The account, with its agents and teams counted", body = Envelope<AdminUserDetailOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
    ))]
async fn get_user(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
) -> Result<Envelope<AdminUserDetailOut>, ApiError> {
    let (user, agents, teams) = service::user(&state.store, &actor, &id).await?;
    Ok(Envelope::new(detail(user, agents, teams)))
}

/// Change an account
///
/// Its role, its status (`disabled` ends its sessions and sockets at once
/// and refuses its sign-ins) or, for installs without mail, marks its
/// address verified. Nobody changes their own role or status here (409
/// `own_account`), and the last active admin cannot be demoted or disabled
/// (409 `last_admin`).
#[utoipa::path(put, path = "/admin/users/{id}", tag = "admin", params(("id" = String, Path)), request_body = AdminUserPatch, security(("bearer" = [])),
    responses(
        (status = 200, description = "The account as it is now", body = Envelope<AdminUserDetailOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "Your own account, or the last active admin", body = ErrorBody),
        (status = 422, description = "A field is invalid", body = ErrorBody),
    ))]
async fn update_user(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
    Json(patch): Json<AdminUserPatch>,
) -> Result<Envelope<AdminUserDetailOut>, ApiError> {
    let changes = service::UserChanges {
        role: patch.role,
        status: patch.status,
        email_verified: patch.email_verified,
    };
    let (_, signed_out) = service::update_user(&state.store, &actor, &id, changes).await?;
    if signed_out {
        // Its sockets close now, on every instance.
        state.realtime.sessions_revoked().await;
    }
    let (user, agents, teams) = service::user(&state.store, &actor, &id).await?;
    Ok(Envelope::new(detail(user, agents, teams)))
}

/// Delete an account
///
/// Its agents, conversations and keys go with it; the teams it owns are
/// handed over to their next admin or member (or deleted when it was
/// alone). Not your own account (409 `own_account`: use the settings), not
/// the last active admin (409 `last_admin`).
#[utoipa::path(delete, path = "/admin/users/{id}", tag = "admin", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "Deleted", body = Envelope<DeletedOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "Your own account, or the last active admin", body = ErrorBody),
    ))]
async fn delete_user(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete_user(&state.store, &actor, &id).await?;
    state.realtime.sessions_revoked().await;
    Ok(Envelope::new(DeletedOut::new(id)))
}

/// Send an account a new verification link
///
/// Held to the same limits as the account's own request; 409
/// `already_verified` when there is nothing to verify.
#[utoipa::path(post, path = "/admin/users/{id}/resend-verification", tag = "admin", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "Sent (or kept in the outbox)", body = Envelope<NoticeOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "Already verified", body = ErrorBody),
        (status = 429, description = "Too many requests", body = ErrorBody),
    ))]
async fn resend_user_verification(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Path(id): Path<String>,
    ip: ClientIp,
    headers: axum::http::HeaderMap,
) -> Result<Envelope<NoticeOut>, ApiError> {
    let (user, _, _) = service::user(&state.store, &actor, &id).await?;
    crate::accounts::resend_verification_for(&state, &user, &actor, ip, &headers).await?;
    Ok(Envelope::new(NoticeOut::new(format!(
        "A new verification link is on its way to {}",
        user.email
    ))))
}
