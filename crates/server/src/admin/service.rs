//! What the admin area reads: the mail outbox and the audit log. Platform
//! admins only (the access policy's rule).

use agentforge_domain::error::Error;
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{AuditFilter, Mail, Store};

use crate::access;
use crate::audit::{self, AuditPageOut, ExportFormat};

/// A page of the outbox, newest first, and how many emails there are.
pub async fn outbox(store: &Store, actor: &Actor, page: Page) -> Result<(Vec<Mail>, u64), Error> {
    access::platform(actor, Action::View)?;
    Ok(store.outbox().list(page.page, page.limit).await?)
}

/// A page of the audit log.
pub async fn audit_page(
    store: &Store,
    actor: &Actor,
    filter: &AuditFilter,
    limit: u64,
) -> Result<AuditPageOut, Error> {
    access::platform(actor, Action::View)?;
    audit::page(store, filter, limit).await
}

/// Everything `filter` selects, as a stream of file chunks.
pub fn audit_export(
    store: &Store,
    actor: &Actor,
    filter: AuditFilter,
    format: ExportFormat,
) -> Result<impl futures_util::Stream<Item = Result<Vec<u8>, std::io::Error>> + Send + use<>, Error>
{
    access::platform(actor, Action::View)?;
    Ok(audit::export(store.clone(), filter, format))
}
