//! Opaque tokens: random strings handed out once (in a link, a share URL,
//! a refresh token) of which only a hash is kept.

use sha2::{Digest, Sha256};

/// A random token (256 bits, URL-safe hex) and the hash to store for it.
pub fn token() -> (String, String) {
    let bytes: [u8; 32] = rand::random();
    let token = hex::encode(bytes);
    let hash = hash(&token);
    (token, hash)
}

/// The hash a token is stored and looked up by.
pub fn hash(token: &str) -> String {
    hex::encode(Sha256::digest(token.as_bytes()))
}
