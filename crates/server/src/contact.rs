//! The public contact form (`POST /users/contact`): kept for admins (the
//! admin overview lists it, `GET /admin/contact-messages`) and mailed to the
//! operator's address through the job queue when one is configured. Open
//! to anyone, so bounded: a few messages an hour from one address, sizes
//! capped, and a hidden field that people leave empty and form-filling
//! robots do not (their message is answered like any other and kept
//! nowhere).

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Error, Problems, messages};
use agentforge_domain::policy::{Action, Actor};
use agentforge_domain::{Email, Language, PersonName};
use agentforge_store::{ContactMessage, NewContactMessage};
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::access;
use crate::accounts::types::NoticeOut;
use crate::audit;
use crate::auth::AdminUser;
use crate::http::{
    ApiError, ClientIp, Envelope, ErrorBody, Json, ListMeta, PageQuery, Paged, Query,
};
use crate::mail::{MailMessage, Outgoing, quoted};
use crate::state::AppState;

/// Messages one client address may send an hour.
pub const PER_IP_HOUR: u32 = 5;
const SUBJECT_MAX: usize = 200;
const MESSAGE_MAX: usize = 5000;
const COMPANY_MAX: usize = 100;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(contact))
        .routes(routes!(contact_messages))
}

/// A message for the people who run this installation.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactIn {
    /// A name: no control or text-direction characters (white space,
    /// line breaks included, is folded into single spaces).
    #[serde(default)]
    #[schema(
        required = true,
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u0008\u000E-\u001F\u007F-\u0084\u0086-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub name: String,
    #[serde(default)]
    #[schema(required = true, format = Email, max_length = 254)]
    pub email: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 100, pattern = r"^[^\u0000]*$")]
    pub company: Option<String>,
    #[serde(default)]
    /// Not only spaces; no NUL character.
    #[schema(
        required = true,
        min_length = 1,
        max_length = 200,
        pattern = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"
    )]
    pub subject: String,
    #[serde(default)]
    /// Not only spaces; no NUL character.
    #[schema(
        required = true,
        min_length = 1,
        max_length = 5000,
        pattern = r"^[^\u0000]*[^\s\u0000][^\u0000]*$"
    )]
    pub message: String,
    /// Left empty by people (the form hides it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(max_length = 200, pattern = r"^[^\u0000]*$")]
    pub website: Option<String>,
}

/// A contact message as admins read it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContactMessageOut {
    pub id: String,
    pub name: String,
    pub email: String,
    pub company: Option<String>,
    pub subject: String,
    pub message: String,
    /// The operator address it was mailed to; absent: kept here only.
    pub mailed_to: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<ContactMessage> for ContactMessageOut {
    fn from(m: ContactMessage) -> Self {
        Self {
            id: m.id,
            name: m.name,
            email: m.email,
            company: m.company,
            subject: m.subject,
            message: m.message,
            mailed_to: m.mailed_to,
            created_at: m.created_at,
        }
    }
}

/// A text field, trimmed: required unless `optional`, at most `max`
/// characters, no NUL.
fn text(p: &mut Problems, field: &str, value: &str, max: usize, optional: bool) -> Option<String> {
    let value = value.trim();
    if value.is_empty() {
        if !optional {
            p.add(field, messages::REQUIRED);
        }
        return None;
    }
    p.text(field, Some(value), max);
    Some(value.to_owned())
}

/// Contact us
///
/// Sends a message to the people who run this installation: kept for its
/// admins and mailed to the operator's address when one is configured. At
/// most 5 an hour from one address (429 beyond).
#[utoipa::path(post, path = "/users/contact", tag = "system", request_body = ContactIn,
    responses(
        (status = 201, description = "Sent", body = Envelope<NoticeOut>),
        (status = 422, description = "A field is invalid", body = ErrorBody),
        (status = 429, description = "Too many messages from this address", body = ErrorBody),
    ))]
async fn contact(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    Json(body): Json<ContactIn>,
) -> Result<(StatusCode, Envelope<NoticeOut>), ApiError> {
    send(&state, &ip.to_string(), body).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(NoticeOut::new("Thank you: your message was sent")),
    ))
}

pub async fn send(state: &AppState, ip: &str, body: ContactIn) -> Result<(), Error> {
    let mut p = Problems::default();
    let name = text(&mut p, "name", &body.name, 100, false);
    if let Some(name) = &name {
        p.check("name", PersonName::parse(name));
    }
    let email = p.check("email", Email::parse(&body.email));
    let company = text(
        &mut p,
        "company",
        body.company.as_deref().unwrap_or_default(),
        COMPANY_MAX,
        true,
    );
    let subject = text(&mut p, "subject", &body.subject, SUBJECT_MAX, false);
    let message = text(&mut p, "message", &body.message, MESSAGE_MAX, false);
    p.text("website", body.website.as_deref(), 200);
    p.finish()?;
    let (Some(name), Some(email), Some(subject), Some(message)) = (name, email, subject, message)
    else {
        return Err(Error::internal("validated fields missing"));
    };
    state.rate_limiter.check_all(
        &[(&format!("contact:{ip}"), PER_IP_HOUR)],
        std::time::Duration::from_secs(3600),
    )?;
    if body.website.is_some_and(|w| !w.trim().is_empty()) {
        // A robot filled the hidden field: answered alike, kept nowhere.
        tracing::info!(ip, "contact form: hidden field filled; message dropped");
        return Ok(());
    }
    let operator = state.configuration.get().general.operator_email.clone();
    let tx = state.store.begin().await?;
    let saved = tx
        .contact()
        .create(NewContactMessage {
            name: name.clone(),
            email: email.as_str().to_owned(),
            company: company.clone(),
            subject: subject.clone(),
            message: message.clone(),
            ip: Some(ip.to_owned()),
            mailed_to: operator.clone(),
        })
        .await?;
    if let Some(operator) = operator {
        let mail = MailMessage::ContactMessage {
            from: quoted(&name),
            email: email.as_str().to_owned(),
            company: company.as_deref().map(quoted).unwrap_or_default(),
            subject: quoted(&subject),
            message,
        };
        state
            .mailer
            .send_in(
                &tx,
                Outgoing {
                    user_id: None,
                    to: operator,
                    language: Language::default(),
                    message: mail,
                },
            )
            .await?;
    }
    let entry = audit::Change::new(
        AuditAction::ContactCreate,
        AuditResource::ContactMessage,
        &saved.id,
    )
    .field("email", email.as_str())
    .field("subject", &subject);
    audit::record(&tx, &Actor::Anonymous, entry).await?;
    tx.commit().await?;
    Ok(())
}

/// Contact messages
///
/// What people sent through the contact form, newest first.
#[utoipa::path(get, path = "/admin/contact-messages", tag = "admin", params(PageQuery), security(("bearer" = [])),
    responses(
        (status = 200, description = "Messages, newest first", body = Paged<ContactMessageOut>),
        (status = 403, description = "Not an admin", body = ErrorBody),
    ))]
async fn contact_messages(
    State(state): State<AppState>,
    AdminUser(_admin, actor): AdminUser,
    Query(query): Query<PageQuery>,
) -> Result<Paged<ContactMessageOut>, ApiError> {
    access::platform(&actor, Action::View)?;
    let page = query.page()?;
    let (rows, total) = state.store.contact().list(page.page, page.limit).await?;
    Ok(Paged::new(
        rows.into_iter().map(ContactMessageOut::from).collect(),
        ListMeta {
            page: page.page,
            limit: page.limit,
            total,
        },
    ))
}
