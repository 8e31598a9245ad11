//! Knowledge: documents uploaded to an agent, read into passages and
//! indexed with the database's full-text search; and uploaded images.

mod extract;
pub mod service;
mod split;

pub use extract::{ChildLimits as PdfReaderLimits, run_child as run_pdf_reader};

use agentforge_domain::knowledge::DocumentStatus;
use agentforge_store::Document;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::configuration::Feature;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, FieldError};
use crate::state::AppState;
use service::NewFile;

/// The largest image `upload/image` takes.
const IMAGE_MAX_BYTES: usize = 5 * 1024 * 1024;
/// The most files one `upload/bulk` takes.
const BULK_MAX_FILES: usize = 20;
/// The longest text field a form may carry (`agentId`: an id is 36).
const FIELD_MAX_BYTES: usize = 64;
/// Parts a form may have besides its files (`agentId`, and a few a client
/// may add).
const EXTRA_PARTS: usize = 8;
/// Bytes a form may have besides its files (text fields, part headers and
/// boundaries).
const FORM_SLACK_BYTES: usize = 64 * 1024;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_upload))
        .routes(routes!(list_documents))
        .routes(routes!(delete_document))
}

/// The upload routes, which may run long (a large file on a slow link).
/// They check their own limits while reading, so they can say which file is
/// too large.
pub fn uploads() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(upload_document))
        .routes(routes!(upload_bulk))
        .routes(routes!(upload_image))
        .layer(DefaultBodyLimit::disable())
}

/// A document of an agent's knowledge base.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentOut {
    pub id: String,
    pub agent_id: String,
    pub name: String,
    pub content_type: String,
    /// Bytes.
    pub size: u64,
    pub status: DocumentStatus,
    pub passage_count: u32,
    pub char_count: u64,
    pub created_at: chrono::DateTime<chrono::Utc>,
}

impl From<Document> for DocumentOut {
    fn from(d: Document) -> Self {
        Self {
            id: d.id,
            agent_id: d.agent_id,
            name: d.name,
            content_type: d.content_type,
            size: d.size_bytes,
            status: d.status,
            passage_count: d.passage_count,
            char_count: d.char_count,
            created_at: d.created_at,
        }
    }
}

/// An uploaded image.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ImageOut {
    pub id: String,
    /// Where it is served (unguessable, needs no token, so it can be used in `<img>`).
    pub url: String,
    pub content_type: String,
    pub size: u64,
}

/// The multipart form of `upload/document` (and, with several `file` parts, `upload/bulk`).
#[derive(ToSchema)]
#[allow(dead_code)]
struct DocumentForm {
    /// txt, md, html, pdf, docx, csv or json.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
    /// The agent whose knowledge base takes the files.
    #[schema(rename = "agentId", format = Uuid)]
    agent_id: String,
}

/// The multipart form of `upload/image`.
#[derive(ToSchema)]
#[allow(dead_code)]
struct ImageForm {
    /// png, jpeg, gif or webp, up to 5 MB.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

struct Form {
    files: Vec<NewFile>,
    agent_id: Option<String>,
}

fn too_large(name: &str, limit: usize) -> ApiError {
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "file_too_large",
        format!(
            "{name} is larger than the {} MB allowed",
            limit / (1024 * 1024)
        ),
    )
    .with_errors(vec![FieldError {
        field: "file".into(),
        message: format!("{name} is too large"),
    }])
}

fn bad_form(e: axum::extract::multipart::MultipartError) -> ApiError {
    ApiError::bad_request(
        "invalid_multipart",
        format!("The form could not be read: {}", e.body_text()),
    )
}

fn form_too_large(message: String) -> ApiError {
    ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large", message)
}

/// Reads the form, holding each file to `limit` bytes as it arrives, each
/// text field to [`FIELD_MAX_BYTES`], the parts to `max_files` +
/// [`EXTRA_PARTS`] and the whole form to `max_files × limit` +
/// [`FORM_SLACK_BYTES`]: the upload routes take no general body limit, so
/// this is theirs.
async fn read_form(
    mut multipart: Multipart,
    limit: usize,
    max_files: usize,
) -> Result<Form, ApiError> {
    let max_parts = max_files + EXTRA_PARTS;
    let max_total = max_files
        .saturating_mul(limit)
        .saturating_add(FORM_SLACK_BYTES);
    let mut form = Form {
        files: Vec::new(),
        agent_id: None,
    };
    let mut parts = 0;
    let mut total = 0usize;
    while let Some(mut field) = multipart.next_field().await.map_err(bad_form)? {
        parts += 1;
        if parts > max_parts {
            return Err(form_too_large(format!(
                "The form has more than {max_parts} parts"
            )));
        }
        // Every part is read here, kept or not, so that all of it counts.
        let mut take = |chunk: &[u8]| {
            total += chunk.len();
            if total > max_total {
                Err(form_too_large(format!(
                    "The form is larger than the {} bytes allowed",
                    max_total
                )))
            } else {
                Ok(())
            }
        };
        match field.name() {
            Some("file" | "files" | "files[]") => {
                if form.files.len() == max_files {
                    return Err(ApiError::invalid_field(
                        "file",
                        format!("At most {max_files} files at once"),
                    ));
                }
                let name = field
                    .file_name()
                    .map(|n| n.rsplit(['/', '\\']).next().unwrap_or(n).trim().to_owned())
                    .filter(|n| !n.is_empty())
                    .unwrap_or_else(|| "upload".to_owned());
                let content_type = field.content_type().map(str::to_owned);
                // Room for the largest file at once, as for the text read
                // out of it: only what arrives takes memory.
                let mut bytes = Vec::with_capacity(limit);
                while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
                    take(&chunk)?;
                    if bytes.len() + chunk.len() > limit {
                        return Err(too_large(&name, limit));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                form.files.push(NewFile {
                    name,
                    content_type,
                    bytes,
                });
            }
            Some("agentId" | "agent_id") => {
                let mut bytes = Vec::new();
                while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
                    take(&chunk)?;
                    if bytes.len() + chunk.len() > FIELD_MAX_BYTES {
                        return Err(ApiError::invalid_field(
                            "agentId",
                            format!("At most {FIELD_MAX_BYTES} characters"),
                        ));
                    }
                    bytes.extend_from_slice(&chunk);
                }
                let text = String::from_utf8(bytes)
                    .map_err(|_| ApiError::invalid_field("agentId", "Must be text"))?;
                form.agent_id = Some(text.trim().to_owned());
            }
            _ => {
                while let Some(chunk) = field.chunk().await.map_err(bad_form)? {
                    take(&chunk)?;
                }
            }
        }
    }
    Ok(form)
}

impl Form {
    fn agent_id(&mut self) -> Result<String, ApiError> {
        self.agent_id
            .take()
            .filter(|a| !a.is_empty())
            .ok_or_else(|| ApiError::invalid_field("agentId", "Required"))
    }
}

/// Add a document to an agent's knowledge base
///
/// Multipart: `file` (txt, md, html, pdf, docx, csv or json, up to
/// the upload limit of Admin › Configuration) and `agentId`. The text is extracted, split
/// into passages and indexed before the answer; an unsupported or unreadable
/// file (or one not read within the time allowed) is a 422 naming it, a file
/// with more text than allowed for its size is a 413 `text_too_large`, one
/// that would take the account past its quota for documents a 413
/// `quota_exceeded`; and then nothing is kept.
#[utoipa::path(post, path = "/upload/document", tag = "knowledge", request_body(content = DocumentForm, content_type = "multipart/form-data"), security(("bearer" = [])),
    responses(
        (status = 201, description = "Indexed", body = Envelope<DocumentOut>),
        (status = 403, description = "The administrator has turned file uploads off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 413, description = "The file is too large (`file_too_large`), holds more text than allowed for its size (`text_too_large`), or would take the account past its quota for documents (`quota_exceeded`); nothing was kept", body = ErrorBody),
        (status = 422, description = "Unsupported or unreadable file (or one not read within the time allowed), or a missing field", body = ErrorBody),
    ))]
async fn upload_document(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    multipart: Multipart,
) -> Result<(StatusCode, Envelope<DocumentOut>), ApiError> {
    state.feature(Feature::FileUpload)?;
    let mut form = read_form(multipart, state.upload_max_bytes(), 1).await?;
    let agent_id = form.agent_id()?;
    let mut documents = service::add_documents(
        &state.store,
        &actor,
        &agent_id,
        form.files,
        &state.knowledge_limits(),
    )
    .await?;
    let document = documents
        .pop()
        .ok_or_else(|| ApiError::invalid_field("file", "Required"))?;
    Ok((StatusCode::CREATED, Envelope::new(document.into())))
}

/// Add several documents at once
///
/// Like `upload/document` with up to 20 `file` parts: all are indexed, or
/// (when one is bad) none.
#[utoipa::path(post, path = "/upload/bulk", tag = "knowledge", request_body(content = DocumentForm, content_type = "multipart/form-data"), security(("bearer" = [])),
    responses(
        (status = 201, description = "All indexed", body = Envelope<Vec<DocumentOut>>),
        (status = 403, description = "The administrator has turned file uploads off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such agent", body = ErrorBody),
        (status = 413, description = "A file is too large (`file_too_large`) or holds more text than allowed for its size (`text_too_large`), or the files would take the account past its quota for documents (`quota_exceeded`); nothing was kept", body = ErrorBody),
        (status = 422, description = "A file is unsupported or unreadable (or was not read within the time allowed); nothing was kept", body = ErrorBody),
    ))]
async fn upload_bulk(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    multipart: Multipart,
) -> Result<(StatusCode, Envelope<Vec<DocumentOut>>), ApiError> {
    state.feature(Feature::FileUpload)?;
    let mut form = read_form(multipart, state.upload_max_bytes(), BULK_MAX_FILES).await?;
    let agent_id = form.agent_id()?;
    let documents = service::add_documents(
        &state.store,
        &actor,
        &agent_id,
        form.files,
        &state.knowledge_limits(),
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(documents.into_iter().map(DocumentOut::from).collect()),
    ))
}

/// Upload an image
///
/// Multipart `file`: png, jpeg, gif or webp (recognised by content, not by
/// name), up to 5 MB; for avatars and widgets.
#[utoipa::path(post, path = "/upload/image", tag = "knowledge", request_body(content = ImageForm, content_type = "multipart/form-data"), security(("bearer" = [])),
    responses(
        (status = 201, description = "Stored", body = Envelope<ImageOut>),
        (status = 403, description = "The administrator has turned file uploads off (`feature_disabled`)", body = ErrorBody),
        (status = 413, description = "Larger than 5 MB", body = ErrorBody),
        (status = 422, description = "Not an image of a supported type", body = ErrorBody),
    ))]
async fn upload_image(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    multipart: Multipart,
) -> Result<(StatusCode, Envelope<ImageOut>), ApiError> {
    state.feature(Feature::FileUpload)?;
    let form = read_form(multipart, IMAGE_MAX_BYTES, 1).await?;
    let file = form
        .files
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::invalid_field("file", "Required"))?;
    let size = file.bytes.len() as u64;
    let upload = service::add_image(&state.store, &actor, file).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(ImageOut {
            url: format!("/api/uploads/{}", upload.id),
            id: upload.id,
            content_type: upload.content_type,
            size,
        }),
    ))
}

/// An uploaded image
#[utoipa::path(get, path = "/uploads/{id}", tag = "knowledge", params(("id" = String, Path)),
    responses((status = 200, description = "The image", content_type = "image/*", body = Vec<u8>), (status = 404, description = "No such upload", body = ErrorBody)))]
async fn get_upload(
    State(state): State<AppState>,
    Path(id): Path<String>,
) -> Result<Response, ApiError> {
    let upload = service::image(&state.store, &id).await?;
    Ok((
        [
            (header::CONTENT_TYPE, upload.content_type),
            (
                header::CACHE_CONTROL,
                "public, max-age=31536000, immutable".to_owned(),
            ),
            (header::CONTENT_DISPOSITION, "inline".to_owned()),
        ],
        upload.data,
    )
        .into_response())
}

/// An agent's documents, newest first
#[utoipa::path(get, path = "/agents/{id}/documents", tag = "knowledge", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "The documents", body = Envelope<Vec<DocumentOut>>), (status = 404, description = "No such agent", body = ErrorBody)))]
async fn list_documents(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<DocumentOut>>, ApiError> {
    let documents = service::documents(&state.store, &actor, &id).await?;
    Ok(Envelope::new(
        documents.into_iter().map(DocumentOut::from).collect(),
    ))
}

/// Remove a document and its passages
#[utoipa::path(delete, path = "/agents/{id}/documents/{documentId}", tag = "knowledge", params(("id" = String, Path), ("documentId" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "Deleted", body = Envelope<DeletedOut>), (status = 404, description = "No such agent or document", body = ErrorBody)))]
async fn delete_document(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path((id, document_id)): Path<(String, String)>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    service::delete_document(&state.store, &actor, &id, &document_id).await?;
    Ok(Envelope::new(DeletedOut::new(document_id)))
}
