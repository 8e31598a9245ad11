//! What the admin area reads: for now the mail outbox. Platform admins only
//! (the access policy's rule).

use agentforge_domain::error::Error;
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{Mail, Store};

use crate::access;

/// A page of the outbox, newest first, and how many emails there are.
pub async fn outbox(store: &Store, actor: &Actor, page: Page) -> Result<(Vec<Mail>, u64), Error> {
    access::platform(actor, Action::View)?;
    Ok(store.outbox().list(page.page, page.limit).await?)
}
