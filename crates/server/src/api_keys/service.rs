//! What API keys can do: a user makes, lists and revokes their own (from a
//! signed-in session only: a key cannot make or revoke keys); admins list
//! and revoke everyone's. A key is shown once, when made; only its hash is
//! kept.

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Conflict, Error, Problems, messages};
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{ApiKey, NewApiKey, OwnedApiKey, Store};
use chrono::{DateTime, Utc};

use crate::access;
use crate::audit::{self, Change};
use crate::auth::api_keys::generate;

/// A key to make, as sent.
#[derive(Debug, Clone, Default)]
pub struct NewKey {
    pub name: String,
    /// The agents it reaches; empty: every agent of its owner.
    pub agent_ids: Vec<String>,
    pub expires_at: Option<DateTime<Utc>>,
}

/// The most agents a key may name.
pub const AGENTS_MAX: usize = 100;
const NAME_MAX: usize = 100;

/// A key just made: the stored key and the key itself, shown this once.
#[derive(Debug, Clone)]
pub struct Made {
    pub key: ApiKey,
    pub secret: String,
}

/// The audit entry of a change to `key`, its owner's.
fn change(action: AuditAction, key: &ApiKey) -> Change {
    Change::new(action, AuditResource::ApiKey, &key.id).owner(&key.user_id)
}

/// What a key's audit entry shows of it: how to tell it apart and what it
/// reaches, never the key (only its hash is kept, and not shown either).
fn snapshot(key: &ApiKey) -> serde_json::Value {
    serde_json::json!({
        "name": key.name,
        "prefix": key.prefix,
        "agentIds": key.agent_ids,
        "expiresAt": key.expires_at,
    })
}

/// The actor's own keys, newest first.
pub async fn list(store: &Store, actor: &Actor) -> Result<Vec<ApiKey>, Error> {
    access::credentials(actor)?;
    let user_id = actor
        .user_id()
        .ok_or(Error::not_found(agentforge_domain::Thing::User))?;
    Ok(store.api_keys().list_for_user(user_id).await?)
}

/// Makes a key for the actor, naming agents they may use; at most
/// `per_user` keys each.
pub async fn create(
    store: &Store,
    actor: &Actor,
    new: NewKey,
    per_user: u32,
) -> Result<Made, Error> {
    access::credentials(actor)?;
    let user_id = actor
        .user_id()
        .ok_or(Error::not_found(agentforge_domain::Thing::User))?
        .to_owned();
    let mut problems = Problems::default();
    let name = new.name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        problems.add("name", messages::REQUIRED);
    }
    problems.name("name", Some(&name), NAME_MAX);
    if new.agent_ids.len() > AGENTS_MAX {
        problems.add("agentIds", messages::too_many(AGENTS_MAX));
    }
    if new.expires_at.is_some_and(|at| at <= Utc::now()) {
        problems.add("expiresAt", "Must be in the future");
    }
    problems.finish()?;
    let mut agent_ids: Vec<String> = Vec::with_capacity(new.agent_ids.len());
    for id in new.agent_ids {
        if agent_ids.contains(&id) {
            continue;
        }
        // Only agents the owner may use; others are as good as absent.
        access::agent(store, actor, &id, Action::Use)
            .await
            .map_err(|e| match e {
                Error::NotFound(_) | Error::Denied(_) => Error::invalid(
                    "agentIds",
                    format!(
                        "No agent you may use has the id '{}'",
                        id.chars().take(64).collect::<String>()
                    ),
                ),
                e => e,
            })?;
        agent_ids.push(id);
    }
    let tx = store.begin().await?;
    if tx.api_keys().count_for_user(&user_id).await? >= u64::from(per_user) {
        return Err(Error::Conflict(Conflict::TooManyApiKeys));
    }
    let (secret, prefix, key_hash) = generate();
    let key = tx
        .api_keys()
        .create(NewApiKey {
            user_id,
            name,
            prefix,
            key_hash,
            agent_ids,
            expires_at: new.expires_at,
        })
        .await?;
    let entry = change(AuditAction::ApiKeyCreate, &key).created(&snapshot(&key));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(Made { key, secret })
}

/// Revokes one of the actor's keys (or, for an admin, anyone's); it stops
/// working at once. The entry names the key's owner, whoever revoked it.
pub async fn revoke(store: &Store, actor: &Actor, id: &str) -> Result<ApiKey, Error> {
    let key = access::api_key(store, actor, id, Action::Delete).await?;
    let tx = store.begin().await?;
    // Revoked meanwhile: as good as absent, as `access::api_key` says.
    if !tx.api_keys().revoke(&key.id).await? {
        return Err(Error::not_found(agentforge_domain::Thing::ApiKey));
    }
    let entry = change(AuditAction::ApiKeyRevoke, &key).deleted(&snapshot(&key));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(key)
}

/// Every key not revoked, with its owner (admins).
pub async fn list_all(
    store: &Store,
    actor: &Actor,
    search: Option<&str>,
    page: Page,
) -> Result<(Vec<OwnedApiKey>, u64), Error> {
    access::platform(actor, Action::View)?;
    access::credentials(actor)?;
    Ok(store
        .api_keys()
        .list_all(search, page.page, page.limit)
        .await?)
}
