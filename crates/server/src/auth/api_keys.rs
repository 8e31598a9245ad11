//! API keys as credentials: `af_` and 43 characters of base64url (256
//! random bits). Only the key's SHA-256 is stored, so the key is looked up
//! by its hash; it works while it is neither revoked nor expired and its
//! owner's account is enabled, at most `rate_limit_api_key_per_minute`
//! requests a minute, and acts as its owner on the agents it names.

use agentforge_domain::error::{Denied, Error, Unauthenticated};
use agentforge_domain::policy::{Actor, KeyScope};
use agentforge_store::{ApiKey, User};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

use crate::state::AppState;

/// What every key starts with.
pub const PREFIX: &str = "af_";
/// How much of a key lists show: `af_` and eight characters.
pub const SHOWN_CHARS: usize = PREFIX.len() + 8;
/// A key's last use is written at most this often (each request reads it).
const LAST_USED_GRANULARITY: chrono::Duration = chrono::Duration::minutes(1);

/// Whether a bearer credential is an API key (else it is an access token).
pub fn is_api_key(credential: &str) -> bool {
    credential.starts_with(PREFIX)
}

/// A new key and what to store for it: (key, shown prefix, hash).
pub fn generate() -> (String, String, String) {
    let bytes: [u8; 32] = rand::random();
    let key = format!("{PREFIX}{}", URL_SAFE_NO_PAD.encode(bytes));
    let prefix = key.chars().take(SHOWN_CHARS).collect();
    let hash = crate::opaque::hash(&key);
    (key, prefix, hash)
}

/// The key's owner and the actor they are with it, or why not (401 for a
/// key that is unknown, revoked or expired; 403 for a disabled account; 429
/// past the key's rate).
pub async fn authenticate(state: &AppState, key: &str) -> Result<(User, Actor), Error> {
    let invalid = || Error::Unauthenticated(Unauthenticated::ApiKeyInvalid);
    // A key is exactly `af_` and 43 characters: anything else is not one
    // of ours, and costs no database read.
    if key.len() != PREFIX.len() + 43 {
        return Err(invalid());
    }
    let store = &state.store;
    let found = store
        .api_keys()
        .find_by_hash(&crate::opaque::hash(key))
        .await?
        .ok_or_else(invalid)?;
    let now = agentforge_store::now();
    if found.expires_at.is_some_and(|at| at <= now) {
        return Err(Error::Unauthenticated(Unauthenticated::ApiKeyExpired));
    }
    state.rate_limiter.check(
        &format!("api-key:{}", found.id),
        state
            .configuration
            .get()
            .limits
            .rate_limit_api_key_per_minute,
    )?;
    let user = store
        .users()
        .find_by_id(&found.user_id)
        .await?
        .ok_or_else(invalid)?;
    if user.disabled_at.is_some() {
        return Err(Error::Denied(Denied::AccountDisabled));
    }
    if found
        .last_used_at
        .is_none_or(|at| now - at >= LAST_USED_GRANULARITY)
    {
        store.api_keys().touch(&found.id, now).await?;
    }
    let actor = actor_for(&user, &found);
    Ok((user, actor))
}

/// The actor a key's owner is when using it.
pub fn actor_for(user: &User, key: &ApiKey) -> Actor {
    Actor::with_key(
        user.id.clone(),
        user.role,
        KeyScope {
            key_id: key.id.clone(),
            agent_ids: key.agent_ids.clone(),
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_key_is_af_and_43_characters_and_only_its_hash_is_kept() {
        let (key, prefix, hash) = generate();
        assert!(key.starts_with("af_") && key.len() == 46, "{key}");
        assert!(is_api_key(&key));
        assert!(key.starts_with(&prefix) && prefix.len() == SHOWN_CHARS);
        assert_eq!(hash, crate::opaque::hash(&key));
        assert_ne!(generate().0, key);
        assert!(!is_api_key("eyJhbGciOiJIUzI1NiJ9.x.y"));
    }
}
