//! Checking that a webhook really comes from Twilio, by its
//! `X-Twilio-Signature` header
//! (<https://www.twilio.com/docs/usage/security#validating-requests>).
//!
//! - For a form POST, the signed text is the full URL Twilio requested
//!   followed by each POST parameter's name and value, sorted by name (a
//!   name sent more than once contributes each of its values, sorted). The
//!   signature is the base64 of its HMAC-SHA1 keyed with the account's auth
//!   token.
//! - For a JSON body, Twilio adds `bodySHA256` (the hex SHA-256 of the body)
//!   to the URL's query and signs the URL alone; the body must hash to it.
//!
//! Twilio does not sign the URL consistently with regard to the port (a
//! proxy in front of us may add or drop one), so, as Twilio's own helper
//! libraries do, a signature is also accepted for the URL with its port
//! removed, or with the scheme's default port added when it has none.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha1::Sha1;
use sha2::{Digest, Sha256};

/// The request header that carries the signature.
pub const HEADER: &str = "X-Twilio-Signature";

/// The query parameter that carries the hash of a JSON body.
const BODY_HASH_PARAM: &str = "bodySHA256";

type HmacSha1 = Hmac<Sha1>;

/// The signature Twilio sends for a request to `url` with these form
/// parameters (in any order), as it appears in the header.
pub fn compute(auth_token: &str, url: &str, params: &[(String, String)]) -> String {
    STANDARD.encode(mac(auth_token, url, params).finalize().into_bytes())
}

/// Whether `signature` (the header's value) signs this form request. The
/// comparison takes the same time however much of the signature matches.
pub fn verify(auth_token: &str, url: &str, params: &[(String, String)], signature: &str) -> bool {
    let Ok(expected) = STANDARD.decode(signature.trim()) else {
        return false;
    };
    candidate_urls(url)
        .iter()
        .any(|url| mac(auth_token, url, params).verify_slice(&expected).is_ok())
}

/// Whether `signature` signs this JSON request: `url` must carry
/// `bodySHA256`, `body` must hash to it, and the signature must sign the URL.
pub fn verify_json(auth_token: &str, url: &str, body: &[u8], signature: &str) -> bool {
    let Ok(parsed) = reqwest::Url::parse(url) else {
        return false;
    };
    let Some(claimed) = parsed
        .query_pairs()
        .find(|(name, _)| name == BODY_HASH_PARAM)
        .and_then(|(_, value)| hex::decode(value.as_bytes()).ok())
    else {
        return false;
    };
    // The body is no secret, so its hash needs no constant-time comparison.
    Sha256::digest(body).as_slice() == claimed.as_slice() && verify(auth_token, url, &[], signature)
}

/// The HMAC over the URL and the sorted parameters, not yet finalised.
fn mac(auth_token: &str, url: &str, params: &[(String, String)]) -> HmacSha1 {
    let mut sorted: Vec<(&str, &str)> = params
        .iter()
        .map(|(name, value)| (name.as_str(), value.as_str()))
        .collect();
    // Sorting the pairs sorts by name, then the values of a repeated name.
    // A repeated identical pair counts once, as in Twilio's helper libraries.
    sorted.sort_unstable();
    sorted.dedup();
    #[allow(clippy::expect_used)]
    let mut mac =
        HmacSha1::new_from_slice(auth_token.as_bytes()).expect("HMAC takes a key of any length");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

/// The URL as given, and the same URL with its port removed, or with the
/// default port added when it has none.
fn candidate_urls(url: &str) -> Vec<String> {
    let mut urls = vec![url.to_owned()];
    urls.extend(toggle_port(url));
    urls
}

/// The URL with its port removed, or the scheme's default port added; `None`
/// for a URL that is not http(s). Works on the text rather than a parsed
/// URL because the signature covers the exact text, which a URL parser
/// would normalise (the case of the host, a default port).
fn toggle_port(url: &str) -> Option<String> {
    let (scheme, rest) = url.split_once("://")?;
    let default_port = match scheme.to_ascii_lowercase().as_str() {
        "https" => 443,
        "http" => 80,
        _ => return None,
    };
    let authority_end = rest.find(['/', '?', '#']).unwrap_or(rest.len());
    let (authority, path) = rest.split_at(authority_end);
    let host_start = authority.rfind('@').map_or(0, |at| at + 1);
    let (user, host_port) = authority.split_at(host_start);
    // An IPv6 literal has colons of its own; its port follows the bracket.
    let colon = if host_port.starts_with('[') {
        host_port.rfind("]:").map(|bracket| bracket + 1)
    } else {
        host_port.rfind(':')
    };
    match colon {
        Some(colon) => {
            let (host, port) = host_port.split_at(colon);
            if !port[1..].bytes().all(|b| b.is_ascii_digit()) {
                return None;
            }
            Some(format!("{scheme}://{user}{host}{path}"))
        }
        None => Some(format!("{scheme}://{authority}:{default_port}{path}")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    // The fixed example of Twilio's helper libraries (twilio-python's
    // tests/unit/test_request_validator.py, the same in twilio-php and
    // twilio-csharp): this token, URL and parameters give this signature.
    const TOKEN: &str = "12345";
    const URL: &str = "https://mycompany.com/myapp.php?foo=1&bar=2";
    const SIGNATURE: &str = "RSOYDt4T1cUTdK1PDd93/VVr8B8=";
    const BODY: &str = "{\"property\": \"value\", \"boolean\": true}";
    const BODY_HASH: &str = "0a1ff7634d9ab3b95db5c9a2dfe9416e41502b283a80c7cf19632632f96e6620";
    const BODY_SIGNATURE: &str = "a9nBmqA0ju/hNViExpshrM61xv4=";

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
            .collect()
    }

    /// Deliberately not in sorted order.
    fn params() -> Vec<(String, String)> {
        pairs(&[
            ("To", "+18005551212"),
            ("CallSid", "CA1234567890ABCDE"),
            ("From", "+14158675309"),
            ("Digits", "1234"),
            ("Caller", "+14158675309"),
        ])
    }

    #[test]
    fn compute_reproduces_twilios_published_example() {
        assert_eq!(compute(TOKEN, URL, &params()), SIGNATURE);
        assert!(verify(TOKEN, URL, &params(), SIGNATURE));
    }

    #[test]
    fn a_tampered_parameter_fails() {
        let mut tampered = params();
        tampered[3].1 = "9999".into();
        assert!(!verify(TOKEN, URL, &tampered, SIGNATURE));

        let mut added = params();
        added.push(("Extra".into(), "1".into()));
        assert!(!verify(TOKEN, URL, &added, SIGNATURE));

        assert!(!verify(TOKEN, URL, &params()[1..], SIGNATURE));
        assert!(!verify(
            TOKEN,
            &format!("{URL}&baz=3"),
            &params(),
            SIGNATURE
        ));
    }

    #[test]
    fn the_wrong_token_fails() {
        assert!(!verify("54321", URL, &params(), SIGNATURE));
        assert!(!verify("", URL, &params(), SIGNATURE));
    }

    #[test]
    fn malformed_signatures_fail() {
        for bad in [
            "",
            "FAIL",
            "invalid 王",
            "RSOYDt4T1cUTdK1PDd93/VVr8B8",
            "AAAA",
        ] {
            assert!(!verify(TOKEN, URL, &params(), bad), "{bad}");
        }
        // Surrounding whitespace in the header is not part of it.
        assert!(verify(TOKEN, URL, &params(), &format!(" {SIGNATURE}\n")));
    }

    #[test]
    fn repeated_names_contribute_every_value_sorted() {
        // twilio-python's duplicate-key example.
        let expected = "IK+Dwps556ElfBT0I3Rgjkr1wJU=";
        let repeated = pairs(&[
            ("Sid", "CA123"),
            ("SidAccount", "AC123"),
            ("Digits", "5678"),
            ("Digits", "1234"),
        ]);
        assert_eq!(compute(TOKEN, URL, &repeated), expected);

        let reordered = pairs(&[
            ("Digits", "1234"),
            ("SidAccount", "AC123"),
            ("Digits", "5678"),
            ("Sid", "CA123"),
        ]);
        assert_eq!(compute(TOKEN, URL, &reordered), expected);

        // twilio-php's: the same value twice counts once.
        let doubled = pairs(&[
            ("Sid", "CA123"),
            ("SidAccount", "AC123"),
            ("Digits", "5678"),
            ("Digits", "1234"),
            ("Digits", "1234"),
        ]);
        assert!(verify(TOKEN, URL, &doubled, expected));

        let one_value = pairs(&[
            ("Sid", "CA123"),
            ("SidAccount", "AC123"),
            ("Digits", "1234"),
        ]);
        assert!(!verify(TOKEN, URL, &one_value, expected));
    }

    #[test]
    fn the_url_is_signed_as_given_not_normalised() {
        // twilio-csharp's mixed-case host examples.
        let mixed = "https://MyCompany.com/myapp.php?foo=1&bar=2";
        assert_eq!(
            compute(TOKEN, mixed, &params()),
            "g9IN/x4Cft2g517EjYvEvM/W7LU="
        );
        let with_port = "https://MyCompany.com:1234/myapp.php?foo=1&bar=2";
        assert!(verify(
            TOKEN,
            with_port,
            &params(),
            "PCqOZm8cnu/L6+u5i5fuEd+Iac4="
        ));
    }

    #[test]
    fn a_signature_without_the_port_is_accepted_for_a_url_with_one() {
        let https = "https://mycompany.com:1234/myapp.php?foo=1&bar=2";
        assert!(verify(TOKEN, https, &params(), SIGNATURE));
        // Signed with the port, as given.
        let http = "http://mycompany.com:1234/myapp.php?foo=1&bar=2";
        assert!(verify(
            TOKEN,
            http,
            &params(),
            "Zmvh+3yNM1Phv2jhDCwEM3q5ebU="
        ));
    }

    #[test]
    fn a_signature_with_the_default_port_is_accepted_for_a_url_without_one() {
        // Signed for https://mycompany.com:443/…
        assert!(verify(
            TOKEN,
            URL,
            &params(),
            "kvajT1Ptam85bY51eRf/AJRuM3w="
        ));
        // Signed for http://mycompany.com:80/…
        let http = "http://mycompany.com/myapp.php?foo=1&bar=2";
        assert!(verify(
            TOKEN,
            http,
            &params(),
            "0ZXoZLH/DfblKGATFgpif+LLRf4="
        ));
        // The default port is the scheme's, not the other one.
        assert!(!verify(
            TOKEN,
            http,
            &params(),
            "kvajT1Ptam85bY51eRf/AJRuM3w="
        ));
    }

    #[test]
    fn only_the_port_of_the_authority_is_toggled() {
        assert_eq!(
            toggle_port("https://user:pw@example.com/a:b?c=d:1#e").as_deref(),
            Some("https://user:pw@example.com:443/a:b?c=d:1#e")
        );
        assert_eq!(
            toggle_port("http://example.com:8080?x=1").as_deref(),
            Some("http://example.com?x=1")
        );
        assert_eq!(
            toggle_port("https://[::1]:8443/hook").as_deref(),
            Some("https://[::1]/hook")
        );
        assert_eq!(
            toggle_port("https://[::1]/hook").as_deref(),
            Some("https://[::1]:443/hook")
        );
        assert_eq!(
            toggle_port("HTTPS://Example.com").as_deref(),
            Some("HTTPS://Example.com:443")
        );
        assert_eq!(toggle_port("ftp://example.com/"), None);
        assert_eq!(toggle_port("example.com/hook"), None);
    }

    #[test]
    fn the_body_hash_is_hex_sha256() {
        assert_eq!(hex::encode(Sha256::digest(BODY)), BODY_HASH);
    }

    #[test]
    fn a_json_body_is_checked_by_its_hash_and_the_signed_url() {
        let url = format!("{URL}&{BODY_HASH_PARAM}={BODY_HASH}");
        assert!(verify_json(TOKEN, &url, BODY.as_bytes(), BODY_SIGNATURE));

        let altered = BODY.replace("value", "other");
        assert!(!verify_json(
            TOKEN,
            &url,
            altered.as_bytes(),
            BODY_SIGNATURE
        ));
        assert!(!verify_json("54321", &url, BODY.as_bytes(), BODY_SIGNATURE));
        assert!(!verify_json(TOKEN, &url, BODY.as_bytes(), SIGNATURE));
        // Without the hash in the URL there is nothing tying the body to it.
        assert!(!verify_json(TOKEN, URL, BODY.as_bytes(), SIGNATURE));
        let not_hex = format!("{URL}&{BODY_HASH_PARAM}=zz");
        assert!(!verify_json(
            TOKEN,
            &not_hex,
            BODY.as_bytes(),
            BODY_SIGNATURE
        ));
    }
}
