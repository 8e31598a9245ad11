//! Access tokens (JWT, 15 minutes) and opaque tokens (refresh, reset,
//! verification), of which only a SHA-256 hash is ever stored.

use chrono::{Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation, errors::ErrorKind};
use serde::{Deserialize, Serialize};

use crate::secret_key::SecretKey;

pub const ACCESS_TOKEN_TTL: Duration = Duration::minutes(15);
pub const REFRESH_TOKEN_TTL: Duration = Duration::days(30);
pub const RESET_TOKEN_TTL: Duration = Duration::hours(1);
pub const VERIFICATION_TOKEN_TTL: Duration = Duration::hours(24);

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    sub: String,
    iat: i64,
    exp: i64,
    /// Keeps a token minted for one purpose from being used for another.
    typ: String,
    /// Makes every token unique, even two issued to one user in the same second.
    #[serde(default)]
    jti: String,
}

/// Why an access token was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TokenError {
    Expired,
    Invalid,
}

/// Signs and checks access tokens with a key derived from the master key.
#[derive(Clone)]
pub struct AccessTokens {
    encoding: EncodingKey,
    decoding: DecodingKey,
}

impl std::fmt::Debug for AccessTokens {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("AccessTokens([redacted])")
    }
}

impl AccessTokens {
    pub fn new(secret: &SecretKey) -> Self {
        let key = secret.derive("access-token");
        Self {
            encoding: EncodingKey::from_secret(&key),
            decoding: DecodingKey::from_secret(&key),
        }
    }

    /// A token for `user_id`, valid for [`ACCESS_TOKEN_TTL`].
    pub fn issue(&self, user_id: &str) -> String {
        self.issue_with_ttl(user_id, ACCESS_TOKEN_TTL)
    }

    /// A token valid for `ttl` from now (negative: already expired, for tests).
    pub fn issue_with_ttl(&self, user_id: &str, ttl: Duration) -> String {
        let now = Utc::now();
        let claims = Claims {
            sub: user_id.to_owned(),
            iat: now.timestamp(),
            exp: (now + ttl).timestamp(),
            typ: "access".into(),
            jti: uuid::Uuid::new_v4().simple().to_string(),
        };
        // HS256 over a serialisable struct cannot fail.
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .unwrap_or_default()
    }

    /// The user id inside a valid token.
    pub fn verify(&self, token: &str) -> Result<String, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map_err(
            |e| match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            },
        )?;
        if data.claims.typ != "access" {
            return Err(TokenError::Invalid);
        }
        Ok(data.claims.sub)
    }
}

pub use crate::opaque::{hash as hash_token, token as opaque_token};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    #[test]
    fn tokens_issued_in_the_same_second_differ() {
        let t = tokens("k".repeat(40).as_str());
        let (a, b) = (t.issue("user-1"), t.issue("user-1"));
        assert_ne!(a, b);
        assert_eq!(t.verify(&a), Ok("user-1".to_owned()));
        assert_eq!(t.verify(&b), Ok("user-1".to_owned()));
    }

    fn tokens(key: &str) -> AccessTokens {
        let (config, _) =
            Config::load(None, vec![("AGENTFORGE_SECRET_KEY".into(), key.into())]).unwrap();
        AccessTokens::new(&SecretKey::load_or_create(&config).unwrap())
    }

    #[test]
    fn issued_tokens_verify_to_their_user() {
        let t = tokens("k".repeat(40).as_str());
        assert_eq!(t.verify(&t.issue("user-1")), Ok("user-1".to_owned()));
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_refused() {
        let t = tokens("k".repeat(40).as_str());
        assert_eq!(
            t.verify(&t.issue_with_ttl("user-1", Duration::seconds(-60))),
            Err(TokenError::Expired)
        );
        let mut tampered = t.issue("user-1");
        tampered.pop();
        assert_eq!(t.verify(&tampered), Err(TokenError::Invalid));
        let other = tokens("o".repeat(40).as_str());
        assert_eq!(t.verify(&other.issue("user-1")), Err(TokenError::Invalid));
        assert_eq!(t.verify("not a token"), Err(TokenError::Invalid));
    }

    #[test]
    fn opaque_tokens_are_stored_as_hashes() {
        let (token, hash) = opaque_token();
        assert_eq!(token.len(), 64);
        assert_eq!(hash, hash_token(&token));
        assert_ne!(token, hash);
    }
}
