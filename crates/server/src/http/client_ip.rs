//! Who is calling, as far as the network says: the client's address and
//! whether it reached us over HTTPS, through the reverse proxies we trust.
//!
//! Each proxy appends the address it was reached from to `X-Forwarded-For`,
//! so the right end of the list is written by our own proxies and the left
//! end by whoever sent the request first, the client, who may write
//! anything there. With `trusted_proxies = N`, the client's address is the
//! entry N places from the right (the one the farthest of our proxies
//! appended); with 0 the header is ignored and the address is the
//! connection's own (docs/security.md, "Client addresses").

use std::net::{IpAddr, SocketAddr};

use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::HeaderMap;
use axum::http::request::Parts;

use super::ApiError;
use crate::state::AppState;

const X_FORWARDED_FOR: &str = "x-forwarded-for";
const X_FORWARDED_PROTO: &str = "x-forwarded-proto";

/// The client's address: the socket peer, or the right-most untrusted
/// `X-Forwarded-For` entry when `trusted_proxies` says proxies append to it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl FromRequestParts<AppState> for ClientIp {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::from([0, 0, 0, 0]), |ConnectInfo(addr)| addr.ip());
        Ok(Self(client_address(
            peer,
            &parts.headers,
            state.config.trusted_proxies,
        )))
    }
}

/// The client's address behind `trusted_proxies` proxies that each append
/// to `X-Forwarded-For`: the entry that many places from the right (the
/// left-most one when there are fewer entries than proxies). The peer when
/// no proxy is trusted, when the header is missing, or when that entry is
/// not an address (a proxy of ours never writes that, so the peer, our own
/// proxy, is the safe answer).
pub fn client_address(peer: IpAddr, headers: &HeaderMap, trusted_proxies: usize) -> IpAddr {
    let peer = peer.to_canonical();
    if trusted_proxies == 0 {
        return peer;
    }
    forwarded(headers, X_FORWARDED_FOR, trusted_proxies)
        .and_then(parse_address)
        .unwrap_or(peer)
}

/// Whether the client reached the first of our trusted proxies over HTTPS,
/// by `X-Forwarded-Proto` read like `X-Forwarded-For`. Always false with no
/// trusted proxy: then the header is the client's own word.
pub fn forwarded_https(headers: &HeaderMap, trusted_proxies: usize) -> bool {
    trusted_proxies > 0
        && forwarded(headers, X_FORWARDED_PROTO, trusted_proxies)
            .is_some_and(|proto| proto.eq_ignore_ascii_case(b"https"))
}

/// The entry `trusted` places from the right of the comma-separated lists
/// in every `name` header (in order), or the left-most when there are fewer.
/// Read as bytes: an entry the client filled with anything but ASCII cannot
/// hide the entries our proxies appended after it.
fn forwarded<'a>(headers: &'a HeaderMap, name: &str, trusted: usize) -> Option<&'a [u8]> {
    let entries: Vec<&[u8]> = headers
        .get_all(name)
        .iter()
        .flat_map(|value| value.as_bytes().split(|b| *b == b','))
        .map(<[u8]>::trim_ascii)
        .collect();
    let at = entries.len().saturating_sub(trusted);
    entries.get(at).copied()
}

/// An address as proxies write it: `192.0.2.1`, `2001:db8::1`, with a port
/// (`192.0.2.1:4711`, `[2001:db8::1]:4711`) or in brackets, maybe quoted.
fn parse_address(entry: &[u8]) -> Option<IpAddr> {
    let text = std::str::from_utf8(entry).ok()?.trim_matches('"');
    let ip = text
        .parse::<IpAddr>()
        .ok()
        .or_else(|| text.parse::<SocketAddr>().ok().map(|a| a.ip()))
        .or_else(|| {
            text.strip_prefix('[')
                .and_then(|t| t.strip_suffix(']'))
                .and_then(|t| t.parse().ok())
        })?;
    Some(ip.to_canonical())
}

#[cfg(test)]
mod tests {
    use axum::http::HeaderValue;

    use super::*;

    const PEER: IpAddr = IpAddr::V4(std::net::Ipv4Addr::new(10, 0, 0, 2));

    fn headers(name: &str, values: &[&[u8]]) -> HeaderMap {
        let mut headers = HeaderMap::new();
        for value in values {
            headers.append(
                axum::http::HeaderName::from_bytes(name.as_bytes()).unwrap(),
                HeaderValue::from_bytes(value).unwrap(),
            );
        }
        headers
    }

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn with_no_trusted_proxy_the_header_is_ignored() {
        let h = headers(X_FORWARDED_FOR, &[b"1.2.3.4"]);
        assert_eq!(client_address(PEER, &h, 0), PEER);
        assert_eq!(client_address(PEER, &HeaderMap::new(), 1), PEER);
    }

    #[test]
    fn the_client_is_the_entry_as_many_places_from_the_right_as_there_are_proxies() {
        // The client wrote 1.2.3.4; our proxy appended what it saw.
        let h = headers(X_FORWARDED_FOR, &[b"1.2.3.4, 198.51.100.7"]);
        assert_eq!(client_address(PEER, &h, 1), ip("198.51.100.7"));
        assert_eq!(client_address(PEER, &h, 2), ip("1.2.3.4"));
        // A CDN and a load balancer, each appending.
        let h = headers(
            X_FORWARDED_FOR,
            &[b"6.6.6.6,1.2.3.4", b"198.51.100.7 , 203.0.113.9"],
        );
        assert_eq!(client_address(PEER, &h, 2), ip("198.51.100.7"));
        // Fewer entries than proxies: the farthest one there is.
        let h = headers(X_FORWARDED_FOR, &[b"198.51.100.7"]);
        assert_eq!(client_address(PEER, &h, 3), ip("198.51.100.7"));
    }

    #[test]
    fn junk_the_client_wrote_cannot_hide_what_the_proxy_appended() {
        let h = headers(X_FORWARDED_FOR, &[b"\xff\xfe junk, ,unknown, 198.51.100.7"]);
        assert_eq!(client_address(PEER, &h, 1), ip("198.51.100.7"));
        // What the proxy appended is not an address: the proxy itself.
        let h = headers(X_FORWARDED_FOR, &[b"1.2.3.4, unknown"]);
        assert_eq!(client_address(PEER, &h, 1), PEER);
    }

    #[test]
    fn addresses_are_read_with_ports_brackets_and_mapped_forms() {
        for (entry, expected) in [
            ("198.51.100.7:4711", "198.51.100.7"),
            ("[2001:db8::1]:4711", "2001:db8::1"),
            ("[2001:db8::1]", "2001:db8::1"),
            ("\"2001:db8::1\"", "2001:db8::1"),
            ("::ffff:198.51.100.7", "198.51.100.7"),
        ] {
            let h = headers(X_FORWARDED_FOR, &[entry.as_bytes()]);
            assert_eq!(client_address(PEER, &h, 1), ip(expected), "{entry}");
        }
        let mapped = ip("::ffff:10.0.0.2");
        assert_eq!(client_address(mapped, &HeaderMap::new(), 0), PEER);
    }

    #[test]
    fn https_is_believed_only_from_a_trusted_proxy() {
        let h = headers(X_FORWARDED_PROTO, &[b"https"]);
        assert!(!forwarded_https(&h, 0));
        assert!(forwarded_https(&h, 1));
        // The client said https, the proxy (which appends) says http.
        let h = headers(X_FORWARDED_PROTO, &[b"https, http"]);
        assert!(!forwarded_https(&h, 1));
        assert!(!forwarded_https(&HeaderMap::new(), 1));
    }
}
