//! Device cookies, as OWASP's "Slow down online guessing attacks with device
//! cookies" describes: a browser that signed in to an account before keeps
//! a signed cookie saying so, and signs in to that account even while the
//! account's per-email limit is tripped (on a budget of its own), so a
//! stranger hammering an address cannot lock its owner out.
//!
//! One cookie per account a browser signed in to, named after a keyed hash
//! of the address (so the name says nothing of it); its value is a JWT
//! (HS256, key derived from the master key) binding that hash and a random
//! device id, valid a year. It goes only to `/api/auth`, never to scripts
//! (`HttpOnly`), never with a request another site starts
//! (`SameSite=Strict`), and only over HTTPS when the server is reached that
//! way.

use agentforge_domain::Email;
use chrono::{Duration, Utc};
use jsonwebtoken::{Algorithm, DecodingKey, EncodingKey, Header, Validation};
use serde::{Deserialize, Serialize};

use crate::secret_key::SecretKey;

/// How long a device stays known after its last sign-in.
pub const DEVICE_COOKIE_TTL: Duration = Duration::days(365);
/// Every device cookie's name starts so.
pub const COOKIE_PREFIX: &str = "agentforge_device_";
/// The only path the browser sends the cookie to.
const COOKIE_PATH: &str = "/api/auth";

#[derive(Debug, Serialize, Deserialize)]
struct Claims {
    /// The keyed hash of the email address the device signed in to.
    sub: String,
    /// The device id, fresh at each sign-in.
    jti: String,
    iat: i64,
    exp: i64,
    typ: String,
}

/// A device cookie to set.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DeviceCookie {
    pub name: String,
    pub value: String,
}

impl DeviceCookie {
    /// The `Set-Cookie` header's value; `secure` when the server is reached
    /// over HTTPS.
    pub fn header(&self, secure: bool) -> String {
        format!(
            "{}={}; Path={COOKIE_PATH}; Max-Age={}; HttpOnly; SameSite=Strict{}",
            self.name,
            self.value,
            DEVICE_COOKIE_TTL.num_seconds(),
            if secure { "; Secure" } else { "" }
        )
    }
}

/// Issues and recognises device cookies.
#[derive(Clone)]
pub struct DeviceCookies {
    encoding: EncodingKey,
    decoding: DecodingKey,
    naming: EncodingKey,
}

impl std::fmt::Debug for DeviceCookies {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DeviceCookies([redacted])")
    }
}

impl DeviceCookies {
    pub fn new(secret: &SecretKey) -> Self {
        let key = secret.derive("device-cookie");
        Self {
            encoding: EncodingKey::from_secret(&key),
            decoding: DecodingKey::from_secret(&key),
            naming: EncodingKey::from_secret(&secret.derive("device-cookie-name")),
        }
    }

    /// The keyed hash of an address (URL-safe base64, 43 characters).
    fn tag(&self, email: &Email) -> String {
        // HMAC-SHA256 over a byte string cannot fail.
        jsonwebtoken::crypto::sign(email.as_str().as_bytes(), &self.naming, Algorithm::HS256)
            .unwrap_or_default()
    }

    fn name(tag: &str) -> String {
        format!("{COOKIE_PREFIX}{}", tag.get(..16).unwrap_or(tag))
    }

    /// A new cookie for this device, signed in to `email` now.
    pub fn issue(&self, email: &Email) -> DeviceCookie {
        let tag = self.tag(email);
        let now = Utc::now();
        let claims = Claims {
            sub: tag.clone(),
            jti: uuid::Uuid::new_v4().simple().to_string(),
            iat: now.timestamp(),
            exp: (now + DEVICE_COOKIE_TTL).timestamp(),
            typ: "device".into(),
        };
        DeviceCookie {
            name: Self::name(&tag),
            // HS256 over a serialisable struct cannot fail.
            value: jsonwebtoken::encode(&Header::new(Algorithm::HS256), &claims, &self.encoding)
                .unwrap_or_default(),
        }
    }

    /// The device id of a cookie among `presented` that this server issued
    /// for `email` and that has not expired; `None` for any other (forged,
    /// expired, another address's, or none at all).
    pub fn recognise(&self, presented: &[(String, String)], email: &Email) -> Option<String> {
        let tag = self.tag(email);
        let name = Self::name(&tag);
        let mut validation = Validation::new(Algorithm::HS256);
        validation.leeway = 0;
        validation.set_required_spec_claims(&["exp", "sub"]);
        presented
            .iter()
            .filter(|(n, _)| *n == name)
            .find_map(|(_, value)| {
                let claims = jsonwebtoken::decode::<Claims>(value, &self.decoding, &validation)
                    .ok()?
                    .claims;
                (claims.typ == "device" && claims.sub == tag && !claims.jti.is_empty())
                    .then_some(claims.jti)
            })
    }
}

/// The device cookies among a `Cookie` header's pairs.
pub fn presented<'a>(cookie_headers: impl IntoIterator<Item = &'a str>) -> Vec<(String, String)> {
    cookie_headers
        .into_iter()
        .flat_map(|header| header.split(';'))
        .filter_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            name.starts_with(COOKIE_PREFIX)
                .then(|| (name.to_owned(), value.trim_matches('"').to_owned()))
        })
        // A handful is all a browser has; more is someone stuffing headers.
        .take(32)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::Config;

    fn devices(key: &str) -> DeviceCookies {
        let (config, _) =
            Config::load(None, vec![("AGENTFORGE_SECRET_KEY".into(), key.into())]).unwrap();
        DeviceCookies::new(&SecretKey::load_or_create(&config).unwrap())
    }

    fn email(s: &str) -> Email {
        Email::parse(s).unwrap()
    }

    fn pairs(cookie: &DeviceCookie) -> Vec<(String, String)> {
        vec![(cookie.name.clone(), cookie.value.clone())]
    }

    #[test]
    fn a_cookie_is_recognised_for_its_own_address_only() {
        let d = devices(&"k".repeat(40));
        let ada = d.issue(&email("ada@example.com"));
        let grace = d.issue(&email("grace@example.com"));
        assert!(ada.name.starts_with(COOKIE_PREFIX));
        assert!(!ada.name.contains("ada"), "the name hides the address");
        assert_ne!(ada.name, grace.name, "one cookie per account");
        let id = d.recognise(&pairs(&ada), &email("ada@example.com"));
        assert!(id.is_some_and(|id| id.len() == 32));
        assert_eq!(d.recognise(&pairs(&ada), &email("grace@example.com")), None);
        // Grace's cookie renamed as Ada's is still Grace's.
        let swapped = vec![(ada.name.clone(), grace.value.clone())];
        assert_eq!(d.recognise(&swapped, &email("ada@example.com")), None);
        assert_ne!(
            d.recognise(&pairs(&ada), &email("ada@example.com")),
            d.recognise(
                &pairs(&d.issue(&email("ada@example.com"))),
                &email("ada@example.com")
            ),
            "every sign-in is a new device id"
        );
    }

    #[test]
    fn forged_and_foreign_cookies_are_not_recognised() {
        let d = devices(&"k".repeat(40));
        let mut cookie = d.issue(&email("ada@example.com"));
        let other = devices(&"o".repeat(40)).issue(&email("ada@example.com"));
        assert_ne!(other.name, cookie.name, "names are keyed too");
        let foreign = vec![(cookie.name.clone(), other.value)];
        assert_eq!(d.recognise(&foreign, &email("ada@example.com")), None);
        cookie.value.pop();
        assert_eq!(
            d.recognise(&pairs(&cookie), &email("ada@example.com")),
            None
        );
        assert_eq!(d.recognise(&[], &email("ada@example.com")), None);
    }

    #[test]
    fn the_cookie_is_http_only_strict_and_scoped_to_sign_in() {
        let cookie = devices(&"k".repeat(40)).issue(&email("ada@example.com"));
        let header = cookie.header(false);
        assert!(header.starts_with(&format!("{}={}; ", cookie.name, cookie.value)));
        assert!(header.contains("; Path=/api/auth;"));
        assert!(header.contains("; HttpOnly"));
        assert!(header.contains("; SameSite=Strict"));
        assert!(header.contains("; Max-Age=31536000"));
        assert!(!header.contains("Secure"));
        assert!(cookie.header(true).ends_with("; Secure"));
    }

    #[test]
    fn only_device_cookies_are_read_from_the_header() {
        let found = presented([
            "theme=dark; agentforge_device_abc=v1; other=x",
            "agentforge_device_def=\"v2\"",
        ]);
        assert_eq!(
            found,
            [
                ("agentforge_device_abc".to_owned(), "v1".to_owned()),
                ("agentforge_device_def".to_owned(), "v2".to_owned())
            ]
        );
    }
}
