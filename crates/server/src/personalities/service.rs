//! What can be done with personalities: everyone uses the built-in ones and
//! their own; only their owner changes a personality, and the built-in ones
//! no one does (the access policy's rule).

use agentforge_domain::error::Error;
use agentforge_domain::policy::{Action, Actor};
use agentforge_store::{NewPersonality, Personality, Store};

use crate::access;

fn owner(actor: &Actor) -> Result<&str, Error> {
    actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))
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
    Ok(store.personalities().create(owner(actor)?, new).await?)
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
    Ok(store.personalities().update(&p.id, changes).await?)
}

/// Deletes it; agents that used it keep working without one.
pub async fn delete(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    let p = access::personality(store, actor, id, Action::Delete).await?;
    Ok(store.personalities().delete(&p.id).await?)
}
