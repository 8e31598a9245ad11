//! What API keys can do: a user makes, lists and revokes their own (from a
//! signed-in session only: a key cannot make or revoke keys); admins list
//! and revoke everyone's. A key is shown once, when made; only its hash is
//! kept.

use agentforge_domain::error::{Conflict, Error, Problems, messages};
use agentforge_domain::paging::Page;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{ApiKey, NewApiKey, OwnedApiKey, Store};
use chrono::{DateTime, Utc};

use crate::access;
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
    if store.api_keys().count_for_user(&user_id).await? >= u64::from(per_user) {
        return Err(Error::Conflict(Conflict::TooManyApiKeys));
    }
    let (secret, prefix, key_hash) = generate();
    let key = store
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
    Ok(Made { key, secret })
}

/// Revokes one of the actor's keys (or, for an admin, anyone's); it stops
/// working at once.
pub async fn revoke(store: &Store, actor: &Actor, id: &str) -> Result<ApiKey, Error> {
    let key = access::api_key(store, actor, id, Action::Delete).await?;
    store.api_keys().revoke(&key.id).await?;
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
