//! Access tokens (JWT, 15 minutes) and opaque tokens (refresh, reset,
//! verification), of which only a SHA-256 hash is ever stored.
//!
//! An access token names its session (`sid`: the family of refresh tokens
//! one sign-in starts), so signing that session out ends the token too: the
//! server loads the user only while the session is live (`CurrentUser`).

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
    /// The session (refresh-token family) the token belongs to. Tokens
    /// without one (issued before sessions were checked) are refused.
    #[serde(default)]
    sid: String,
}

/// What a valid access token says.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AccessClaims {
    pub user_id: String,
    /// The session it belongs to: signing that out ends the token.
    pub session_id: String,
    /// When it expires, in seconds since the epoch.
    pub expires_at: i64,
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

    /// A token for `user_id` in session `session_id`, valid for [`ACCESS_TOKEN_TTL`].
    pub fn issue(&self, user_id: &str, session_id: &str) -> String {
        self.issue_with_ttl(user_id, session_id, ACCESS_TOKEN_TTL)
    }

    /// A token valid for `ttl` from now (negative: already expired, for tests).
    pub fn issue_with_ttl(&self, user_id: &str, session_id: &str, ttl: Duration) -> String {
        let now = Utc::now();
        let claims = Claims {
            sub: user_id.to_owned(),
            iat: now.timestamp(),
            exp: (now + ttl).timestamp(),
            typ: "access".into(),
            jti: uuid::Uuid::new_v4().simple().to_string(),
            sid: session_id.to_owned(),
        };
        // HS256 over a serialisable struct cannot fail.
        jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
            .unwrap_or_default()
    }

    /// What a valid, unexpired token says.
    pub fn verify(&self, token: &str) -> Result<AccessClaims, TokenError> {
        self.decode(token, true)
    }

    /// What a token this server signed says, expired or not: signing out
    /// with an expired token still ends its session.
    pub fn verify_ignoring_expiry(&self, token: &str) -> Result<AccessClaims, TokenError> {
        self.decode(token, false)
    }

    fn decode(&self, token: &str, check_expiry: bool) -> Result<AccessClaims, TokenError> {
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.validate_exp = check_expiry;
        validation.set_required_spec_claims(&["exp", "sub"]);
        let data = jsonwebtoken::decode::<Claims>(token, &self.decoding, &validation).map_err(
            |e| match e.kind() {
                ErrorKind::ExpiredSignature => TokenError::Expired,
                _ => TokenError::Invalid,
            },
        )?;
        let claims = data.claims;
        if claims.typ != "access" || claims.sid.is_empty() {
            return Err(TokenError::Invalid);
        }
        Ok(AccessClaims {
            user_id: claims.sub,
            session_id: claims.sid,
            expires_at: claims.exp,
        })
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
        let (a, b) = (t.issue("user-1", "s-1"), t.issue("user-1", "s-1"));
        assert_ne!(a, b);
        assert_eq!(t.verify(&a).map(|c| c.user_id), Ok("user-1".to_owned()));
        assert_eq!(t.verify(&b).map(|c| c.user_id), Ok("user-1".to_owned()));
    }

    fn tokens(key: &str) -> AccessTokens {
        let (config, _) =
            Config::load(None, vec![("AGENTFORGE_SECRET_KEY".into(), key.into())]).unwrap();
        AccessTokens::new(&SecretKey::load_or_create(&config).unwrap())
    }

    #[test]
    fn issued_tokens_verify_to_their_user_and_session() {
        let t = tokens("k".repeat(40).as_str());
        let claims = t.verify(&t.issue("user-1", "session-1")).unwrap();
        assert_eq!(claims.user_id, "user-1");
        assert_eq!(claims.session_id, "session-1");
        let expected = (Utc::now() + ACCESS_TOKEN_TTL).timestamp();
        assert!((expected - 5..=expected).contains(&claims.expires_at));
    }

    #[test]
    fn tokens_without_a_session_are_refused() {
        let t = tokens("k".repeat(40).as_str());
        let now = Utc::now().timestamp();
        let claims = serde_json::json!({"sub": "user-1", "iat": now, "exp": now + 600, "typ": "access", "jti": "x"});
        let key = SecretKey::load_or_create(
            &Config::load(None, vec![("AGENTFORGE_SECRET_KEY".into(), "k".repeat(40))])
                .unwrap()
                .0,
        )
        .unwrap()
        .derive("access-token");
        let old = jsonwebtoken::encode(
            &Header::new(Algorithm::HS256),
            &claims,
            &EncodingKey::from_secret(&key),
        )
        .unwrap();
        assert_eq!(t.verify(&old), Err(TokenError::Invalid));
    }

    #[test]
    fn an_expired_token_still_names_its_session_for_sign_out() {
        let t = tokens("k".repeat(40).as_str());
        let expired = t.issue_with_ttl("user-1", "session-1", Duration::seconds(-60));
        assert_eq!(t.verify(&expired), Err(TokenError::Expired));
        assert_eq!(
            t.verify_ignoring_expiry(&expired).map(|c| c.session_id),
            Ok("session-1".to_owned())
        );
    }

    #[test]
    fn expired_tampered_and_foreign_tokens_are_refused() {
        let t = tokens("k".repeat(40).as_str());
        assert_eq!(
            t.verify(&t.issue_with_ttl("user-1", "s-1", Duration::seconds(-60))),
            Err(TokenError::Expired)
        );
        let mut tampered = t.issue("user-1", "s-1");
        tampered.pop();
        assert_eq!(t.verify(&tampered), Err(TokenError::Invalid));
        assert_eq!(
            t.verify_ignoring_expiry(&tampered).map(|c| c.user_id),
            Err(TokenError::Invalid)
        );
        let other = tokens("o".repeat(40).as_str());
        assert_eq!(
            t.verify(&other.issue("user-1", "s-1")),
            Err(TokenError::Invalid)
        );
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
