//! What can be done with knowledge: documents read into passages and
//! indexed with the database's full-text search, and uploaded images. Who
//! may is the access policy's (editing an agent's knowledge takes edit
//! rights on the agent).

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Error, Thing, messages};
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{Agent, Document, NewDocument, Store, Upload};

use super::extract::{self, Kind, Limits, Refusal};
use super::split;
use crate::access;
use crate::audit::{self, Change};
use crate::config::KnowledgeConfig;

/// Longest document name, in characters.
pub const DOCUMENT_NAME_MAX: usize = 255;

/// A file as uploaded.
#[derive(Debug)]
pub struct NewFile {
    /// Its name, without any directory.
    pub name: String,
    /// As declared by the sender (a hint; the name decides first).
    pub content_type: Option<String>,
    pub bytes: Vec<u8>,
}

fn file_error(code: &'static str, name: &str, reason: &str) -> Error {
    Error::Unusable {
        code,
        field: "file",
        message: format!("{name} {reason}"),
    }
}

/// Why `name` gave no text, said for the caller.
fn refused(name: &str, refusal: Refusal) -> Error {
    match refusal {
        Refusal::Unreadable(reason) => file_error("unreadable_file", name, &reason),
        Refusal::TooSlow { timeout } => file_error(
            "unreadable_file",
            name,
            &match timeout.as_secs() {
                1 => "could not be read within 1 second: it is too complex".to_owned(),
                n => format!("could not be read within {n} seconds: it is too complex"),
            },
        ),
        Refusal::TooMuchText { limit } => Error::TooLarge {
            code: "text_too_large",
            message: format!(
                "{name} holds more text than the {} allowed for a file of its size",
                extract::size(limit as u64)
            )
            .into(),
        },
        Refusal::Failed(cause) => Error::internal(cause),
    }
}

/// The audit entry of a change to `document` of `agent`'s knowledge: the
/// agent's owner's, and its team's.
fn change(action: AuditAction, document: &Document, agent: &Agent) -> Change {
    Change::new(action, AuditResource::Document, &document.id)
        .owner(&document.owner_id)
        .team(agent.team_id.as_deref())
}

/// What a document's audit entry shows of it (never its text).
fn snapshot(document: &Document) -> serde_json::Value {
    serde_json::json!({
        "name": document.name,
        "size": document.size_bytes,
        "agentId": document.agent_id,
    })
}

/// Refuses documents that would take their owner's account past its quota.
fn within_quota(used: u64, adding: u64, quota: u64) -> Result<(), Error> {
    if used.saturating_add(adding) <= quota {
        return Ok(());
    }
    Err(Error::TooLarge {
        code: "quota_exceeded",
        message: format!(
            "These documents need {} and the account has {} left of its {} for documents",
            extract::size(adding),
            extract::size(quota.saturating_sub(used)),
            extract::size(quota)
        )
        .into(),
    })
}

/// Reads every file into passages and indexes them for agent `agent_id`;
/// the first bad file refuses them all, and nothing is kept. Reading stops
/// at `config`'s limits, and the documents must fit in the quota of the
/// agent owner's account (each counts its file's size and its text's
/// characters). Each document is recorded, in the transaction that keeps
/// them all.
pub async fn add_documents(
    store: &Store,
    actor: &Actor,
    agent_id: &str,
    files: Vec<NewFile>,
    config: &KnowledgeConfig,
) -> Result<Vec<Document>, Error> {
    if files.is_empty() {
        return Err(Error::invalid("file", messages::REQUIRED));
    }
    // A document's name is shown in lists and citations: no control or
    // text-direction characters, at most 255 characters.
    let mut problems = agentforge_domain::error::Problems::default();
    for file in &files {
        problems.name("file", Some(&file.name), DOCUMENT_NAME_MAX);
    }
    problems.finish()?;
    let (agent, _) = access::agent(store, actor, agent_id, Action::Edit).await?;
    let used = store.knowledge().document_usage(&agent.owner_id).await?;
    // Each document takes at least its file's size: refuse before reading
    // what cannot fit anyway.
    let sizes = files.iter().map(|f| f.bytes.len() as u64).sum();
    within_quota(used, sizes, config.quota_bytes)?;
    let mut adding = 0u64;
    let mut documents = Vec::with_capacity(files.len());
    for file in files {
        let kind = Kind::of(&file.name, file.content_type.as_deref()).ok_or_else(|| {
            file_error(
                "unsupported_file_type",
                &file.name,
                "is not a supported type: upload txt, md, html, pdf, docx, csv or json",
            )
        })?;
        let size = file.bytes.len() as u64;
        let NewFile { name, bytes, .. } = file;
        let limits = Limits::for_file(config, bytes.len());
        let text = extract::extract(kind, bytes, limits)
            .await
            .map_err(|refusal| refused(&name, refusal))?;
        let passages = split::passages(&text);
        drop(text);
        let chars: usize = passages.iter().map(|p| p.chars().count()).sum();
        adding += size + chars as u64;
        documents.push(NewDocument {
            agent_id: agent.id.clone(),
            owner_id: agent.owner_id.clone(),
            name,
            content_type: kind.content_type().to_owned(),
            size_bytes: size,
            passages,
        });
    }
    within_quota(used, adding, config.quota_bytes)?;
    let tx = store.begin().await?;
    let created = tx.knowledge().create_documents(documents).await?;
    for document in &created {
        let entry =
            change(AuditAction::DocumentUpload, document, &agent).created(&snapshot(document));
        audit::record(&tx, actor, entry).await?;
        let event = crate::webhooks::delivery::Event::new(
            agentforge_domain::webhook::EndpointEvent::DocumentIndexed,
            serde_json::json!({
                "document": {
                    "id": document.id,
                    "name": document.name,
                    "contentType": document.content_type,
                    "sizeBytes": document.size_bytes,
                    "passages": document.passage_count,
                    "characters": document.char_count,
                    "createdAt": document.created_at,
                },
                "agent": {"id": agent.id, "name": agent.config.name},
            }),
        );
        crate::webhooks::delivery::emit_in(&tx, &agent.owner_id, &event).await?;
    }
    tx.commit().await?;
    Ok(created)
}

/// An agent's documents, newest first.
pub async fn documents(
    store: &Store,
    actor: &Actor,
    agent_id: &str,
) -> Result<Vec<Document>, Error> {
    let (agent, _) = access::agent(store, actor, agent_id, Action::View).await?;
    Ok(store.knowledge().documents(&agent.id).await?)
}

/// Removes a document of an agent, with its passages.
pub async fn delete_document(
    store: &Store,
    actor: &Actor,
    agent_id: &str,
    document_id: &str,
) -> Result<(), Error> {
    let (agent, _) = access::agent(store, actor, agent_id, Action::Edit).await?;
    let document = match store.knowledge().document(document_id).await? {
        Some(d) if d.agent_id == agent.id => d,
        _ => return Err(Error::not_found(Thing::Document)),
    };
    let tx = store.begin().await?;
    tx.knowledge().delete_document(&document.id).await?;
    let entry =
        change(AuditAction::DocumentDelete, &document, &agent).deleted(&snapshot(&document));
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}

/// The image type from its first bytes (the declared type is not trusted).
pub fn image_type(bytes: &[u8]) -> Option<&'static str> {
    if bytes.starts_with(b"\x89PNG\r\n\x1a\n") {
        Some("image/png")
    } else if bytes.starts_with(b"\xFF\xD8\xFF") {
        Some("image/jpeg")
    } else if bytes.starts_with(b"GIF87a") || bytes.starts_with(b"GIF89a") {
        Some("image/gif")
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WEBP" {
        Some("image/webp")
    } else {
        None
    }
}

/// Stores an image of the actor's (png, jpeg, gif or webp, by content).
pub async fn add_image(store: &Store, actor: &Actor, file: NewFile) -> Result<Upload, Error> {
    let owner = actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))?;
    let content_type = image_type(&file.bytes).ok_or_else(|| {
        file_error(
            "unsupported_file_type",
            &file.name,
            "is not a png, jpeg, gif or webp image",
        )
    })?;
    let tx = store.begin().await?;
    let upload = tx
        .knowledge()
        .create_upload(owner, &file.name, content_type, file.bytes)
        .await?;
    let entry = Change::new(AuditAction::UploadCreate, AuditResource::Upload, &upload.id)
        .owner(owner)
        .created(&serde_json::json!({
            "name": upload.name,
            "contentType": upload.content_type,
            "size": upload.data.len(),
        }));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(upload)
}

/// An uploaded image, by its unguessable id.
pub async fn image(store: &Store, id: &str) -> Result<Upload, Error> {
    store
        .knowledge()
        .upload(id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Upload))
}
