//! Password hashing with Argon2id (the crate's defaults follow OWASP's
//! recommended parameters).

use agentforge_domain::Password;
use argon2::Argon2;
use argon2::password_hash::{
    PasswordHash, PasswordHasher, PasswordVerifier, SaltString, rand_core::OsRng,
};

#[derive(Debug, thiserror::Error)]
#[error("password hashing failed: {0}")]
pub struct HashError(String);

/// Hashes into a PHC string that carries its own salt and parameters.
pub fn hash(password: &Password) -> Result<String, HashError> {
    let salt = SaltString::generate(&mut OsRng);
    Argon2::default()
        .hash_password(password.expose().as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| HashError(e.to_string()))
}

/// Whether `candidate` matches the stored PHC string. A malformed hash never matches.
pub fn verify(candidate: &str, stored: &str) -> bool {
    PasswordHash::new(stored).is_ok_and(|parsed| {
        Argon2::default()
            .verify_password(candidate.as_bytes(), &parsed)
            .is_ok()
    })
}

/// A hash no password matches, verified against for unknown accounts so that
/// they take as long as known ones.
fn dummy_hash() -> &'static str {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    DUMMY.get_or_init(|| {
        let random: [u8; 16] = rand::random();
        Password::parse(&hex::encode(random))
            .ok()
            .and_then(|p| hash(&p).ok())
            .unwrap_or_default()
    })
}

/// [`hash`] on the blocking pool: Argon2 is deliberately slow and must not
/// stall the async workers.
pub async fn hash_blocking(password: Password) -> Result<String, agentforge_domain::Error> {
    tokio::task::spawn_blocking(move || hash(&password))
        .await
        .map_err(agentforge_domain::Error::internal)?
        .map_err(agentforge_domain::Error::internal)
}

/// [`verify`] on the blocking pool; `None` verifies against a dummy hash and is always false.
pub async fn verify_blocking(
    candidate: String,
    stored: Option<String>,
) -> Result<bool, agentforge_domain::Error> {
    tokio::task::spawn_blocking(move || match stored {
        Some(stored) => verify(&candidate, &stored),
        None => {
            let _ = verify(&candidate, dummy_hash());
            false
        }
    })
    .await
    .map_err(agentforge_domain::Error::internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hashes_verify_and_differ_by_salt() {
        let password = Password::parse("correct horse battery").unwrap();
        let a = hash(&password).unwrap();
        let b = hash(&password).unwrap();
        assert_ne!(a, b);
        assert!(a.starts_with("$argon2id$"));
        assert!(verify("correct horse battery", &a));
        assert!(!verify("wrong horse battery", &a));
        assert!(!verify("anything", "not-a-hash"));
    }
}
