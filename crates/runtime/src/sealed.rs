//! Encryption at rest: what the database must keep but nobody reading it
//! may use (an email's live link, the credentials of MCP servers, later of
//! integrations) is sealed with AES-256-GCM under a key derived from the
//! master key for that one purpose (the server derives it), with a fresh
//! random nonce each time.
//!
//! A sealed value is text, `v1.` and the base64url of nonce, ciphertext and
//! tag; the version leaves room for a later scheme or key rotation.

use aws_lc_rs::aead::{AES_256_GCM, Aad, NONCE_LEN, Nonce, RandomizedNonceKey};
use base64::Engine;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;

const VERSION: &str = "v1.";

/// Seals and opens values of one purpose.
pub struct Sealer {
    key: RandomizedNonceKey,
    /// Bound into every value as associated data: a value sealed for one
    /// purpose does not open as another's, even under a shared key.
    purpose: &'static str,
}

impl std::fmt::Debug for Sealer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Sealer")
            .field("purpose", &self.purpose)
            .finish_non_exhaustive()
    }
}

/// A value that does not open: damaged, sealed for another purpose, or
/// under another master key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("a sealed value could not be opened (damaged, or sealed under another key)")]
pub struct Unsealable;

impl Sealer {
    /// A sealer under `key` (32 bytes, for this purpose alone).
    pub fn new(key_bytes: [u8; 32], purpose: &'static str) -> Self {
        #[allow(clippy::expect_used)]
        let key = RandomizedNonceKey::new(&AES_256_GCM, &key_bytes)
            .expect("a 32-byte key is an AES-256 key");
        Self { key, purpose }
    }

    pub fn seal(&self, plaintext: &[u8]) -> String {
        let mut buffer = plaintext.to_vec();
        #[allow(clippy::expect_used)]
        let nonce = self
            .key
            .seal_in_place_append_tag(Aad::from(self.purpose.as_bytes()), &mut buffer)
            .expect("sealing fails only for inputs of gigabytes");
        let mut out = Vec::with_capacity(NONCE_LEN + buffer.len());
        out.extend_from_slice(nonce.as_ref());
        out.extend_from_slice(&buffer);
        format!("{VERSION}{}", URL_SAFE_NO_PAD.encode(out))
    }

    /// Seals text.
    pub fn seal_str(&self, plaintext: &str) -> String {
        self.seal(plaintext.as_bytes())
    }

    /// Opens what [`Self::seal_str`] sealed.
    pub fn open_str(&self, sealed: &str) -> Result<String, Unsealable> {
        String::from_utf8(self.open(sealed)?).map_err(|_| Unsealable)
    }

    pub fn open(&self, sealed: &str) -> Result<Vec<u8>, Unsealable> {
        let encoded = sealed.strip_prefix(VERSION).ok_or(Unsealable)?;
        let mut bytes = URL_SAFE_NO_PAD.decode(encoded).map_err(|_| Unsealable)?;
        if bytes.len() < NONCE_LEN {
            return Err(Unsealable);
        }
        let mut ciphertext = bytes.split_off(NONCE_LEN);
        let nonce = Nonce::try_assume_unique_for_key(&bytes).map_err(|_| Unsealable)?;
        let plain = self
            .key
            .open_in_place(nonce, Aad::from(self.purpose.as_bytes()), &mut ciphertext)
            .map_err(|_| Unsealable)?;
        Ok(plain.to_vec())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(text: &str) -> [u8; 32] {
        let mut key = [0u8; 32];
        for (i, b) in text.bytes().enumerate() {
            key[i % 32] ^= b.wrapping_add(i as u8);
        }
        key
    }

    #[test]
    fn a_sealed_value_opens_with_its_key_and_purpose_only() {
        let master = key("0123456789abcdef0123456789abcdef-one");
        let mail = Sealer::new(master, "mail");
        let sealed = mail.seal(b"https://example.com/reset-password?token=abc");
        assert!(sealed.starts_with("v1."));
        assert!(!sealed.contains("token"));
        assert_eq!(
            mail.open(&sealed).unwrap(),
            b"https://example.com/reset-password?token=abc"
        );
        // A fresh nonce each time: the same text never seals the same.
        assert_ne!(
            sealed,
            mail.seal(b"https://example.com/reset-password?token=abc")
        );

        assert_eq!(Sealer::new(master, "mcp").open(&sealed), Err(Unsealable));
        let other = key("0123456789abcdef0123456789abcdef-two");
        assert_eq!(Sealer::new(other, "mail").open(&sealed), Err(Unsealable));

        let mut tampered = sealed.clone().into_bytes();
        let last = tampered.len() - 2;
        tampered[last] = if tampered[last] == b'A' { b'B' } else { b'A' };
        let tampered = String::from_utf8(tampered).unwrap();
        assert_eq!(mail.open(&tampered), Err(Unsealable));
        for junk in ["", "v1.", "v1.!!", "v2.AAAA", "v1.AAAA"] {
            assert_eq!(mail.open(junk), Err(Unsealable), "{junk}");
        }
    }
}
