//! What can be done with personalities: everyone uses the built-in ones and
//! their own; only their owner changes a personality, and the built-in ones
//! no one does (the access policy's rule). Every change writes its audit
//! entry in its own transaction.

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::Error;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{NewPersonality, Personality, Store};
use serde_json::{Value, json};

use crate::access;
use crate::audit::{self, Change};

fn owner(actor: &Actor) -> Result<&str, Error> {
    actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))
}

/// The audit entry of a change to `personality`, owned by its owner.
fn change(action: AuditAction, personality: &Personality) -> Change {
    let entry = Change::new(action, AuditResource::Personality, &personality.id);
    match &personality.owner_id {
        Some(owner) => entry.owner(owner),
        None => entry,
    }
}

/// What a personality's audit diff compares.
fn snapshot(p: &Personality) -> Value {
    json!({
        "name": p.name,
        "description": p.description,
        "tone": p.tone,
        "traits": p.traits,
        "instructions": p.instructions,
    })
}

/// The built-in ones, then the actor's.
pub async fn list(store: &Store, actor: &Actor) -> Result<Vec<Personality>, Error> {
    Ok(store.personalities().list_for(owner(actor)?).await?)
}

pub async fn create(
    store: &Store,
    actor: &Actor,
    new: NewPersonality,
) -> Result<Personality, Error> {
    let owner = owner(actor)?;
    let tx = store.begin().await?;
    let created = tx.personalities().create(owner, new).await?;
    let entry = change(AuditAction::PersonalityCreate, &created).created(&snapshot(&created));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(created)
}

pub async fn get(store: &Store, actor: &Actor, id: &str) -> Result<Personality, Error> {
    access::personality(store, actor, id, Action::View).await
}

pub async fn update(
    store: &Store,
    actor: &Actor,
    id: &str,
    changes: NewPersonality,
) -> Result<Personality, Error> {
    let p = access::personality(store, actor, id, Action::Edit).await?;
    let tx = store.begin().await?;
    let updated = tx.personalities().update(&p.id, changes).await?;
    let entry =
        change(AuditAction::PersonalityUpdate, &updated).diff(&snapshot(&p), &snapshot(&updated));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(updated)
}

/// Deletes it; agents that used it keep working without one.
pub async fn delete(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    let p = access::personality(store, actor, id, Action::Delete).await?;
    let tx = store.begin().await?;
    tx.personalities().delete(&p.id).await?;
    let entry = change(AuditAction::PersonalityDelete, &p).deleted(&snapshot(&p));
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}
