//! The one guard on outbound HTTP to URLs people give the product (an MCP
//! server's, later webhooks'): without it, anyone with an account could
//! make the server call its own admin ports, the cloud's metadata service
//! (169.254.169.254) or any machine of its private network, and read the
//! answer back (server-side request forgery).
//!
//! [`Guard::client`] builds the reqwest client every such call goes
//! through. Its resolver drops every address that is not public, after
//! DNS, so a name that resolves to a private address (or rebinds to one
//! between a check and the connection) is never connected to: the address
//! checked is the address used. URLs naming an address directly are
//! checked by [`Guard::check_url`] before the request and by the redirect
//! policy on every hop; names on a redirect go through the resolver again.
//! `allow_private` (the operator's `AGENTFORGE_OUTBOUND_ALLOW_PRIVATE`)
//! turns the address checks off for servers whose tools run next to them.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::dns::{Addrs, Name, Resolve, Resolving};

/// Redirects followed at most (each checked).
pub const MAX_REDIRECTS: usize = 5;

/// Why a URL may not be called.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refused {
    #[error("not a valid http:// or https:// URL")]
    NotHttp,
    #[error(
        "{0} is a private, loopback or link-local address, which this server does not call (AGENTFORGE_OUTBOUND_ALLOW_PRIVATE)"
    )]
    Private(IpAddr),
    #[error(
        "{0} resolves only to private, loopback or link-local addresses, which this server does not call (AGENTFORGE_OUTBOUND_ALLOW_PRIVATE)"
    )]
    PrivateName(String),
}

/// The guard: whether private addresses are allowed, and the client built
/// on it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Guard {
    pub allow_private: bool,
}

impl Guard {
    pub fn new(allow_private: bool) -> Self {
        Self { allow_private }
    }

    /// Parses `raw` and refuses it when it names a forbidden address.
    pub fn check_url(&self, raw: &str) -> Result<url::Url, Refused> {
        let url = url::Url::parse(raw).map_err(|_| Refused::NotHttp)?;
        if !matches!(url.scheme(), "http" | "https") || url.host().is_none() {
            return Err(Refused::NotHttp);
        }
        if !self.allow_private
            && let Some(ip) = literal_ip(&url)
            && !is_public(ip)
        {
            return Err(Refused::Private(ip));
        }
        Ok(url)
    }

    /// A client for user-given URLs: its resolver refuses non-public
    /// addresses, its redirects (at most [`MAX_REDIRECTS`]) are checked
    /// hop by hop, it connects within `connect_timeout`. No overall timeout:
    /// callers bound each call themselves (a stream may last).
    pub fn client(&self, connect_timeout: Duration) -> reqwest::Client {
        // Only the TLS backend the workspace picked can fail to load: fall
        // back to reqwest's defaults rather than fail every call.
        self.builder(connect_timeout).build().unwrap_or_default()
    }

    /// The builder of [`Self::client`], for callers that add to it (a read
    /// timeout for a streamed answer).
    pub fn builder(&self, connect_timeout: Duration) -> reqwest::ClientBuilder {
        let guard = *self;
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() >= MAX_REDIRECTS {
                attempt.error("too many redirects")
            } else if let Err(refused) = guard.check_url(attempt.url().as_str()) {
                attempt.error(refused)
            } else {
                attempt.follow()
            }
        });
        let builder = reqwest::Client::builder()
            .redirect(redirects)
            .connect_timeout(connect_timeout)
            // Small requests go out at once (reqwest's default, said here
            // because an MCP call is many small writes).
            .tcp_nodelay(true)
            .user_agent(concat!("AgentForge/", env!("CARGO_PKG_VERSION")));
        if self.allow_private {
            builder
        } else {
            builder.dns_resolver(Arc::new(PublicOnly))
        }
    }
}

/// The address a URL names directly, if it does.
fn literal_ip(url: &url::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(ip) => Some(IpAddr::V4(ip)),
        url::Host::Ipv6(ip) => Some(IpAddr::V6(ip)),
        url::Host::Domain(_) => None,
    }
}

/// Resolves with the system's resolver and keeps public addresses only.
struct PublicOnly;

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let host = name.as_str().to_owned();
        Box::pin(async move {
            let found: Vec<SocketAddr> =
                tokio::net::lookup_host((host.as_str(), 0)).await?.collect();
            let public: Vec<SocketAddr> = found.into_iter().filter(|a| is_public(a.ip())).collect();
            if public.is_empty() {
                return Err(Box::new(Refused::PrivateName(host))
                    as Box<dyn std::error::Error + Send + Sync>);
            }
            Ok(Box::new(public.into_iter()) as Addrs)
        })
    }
}

/// Whether an address is one the open internet routes to: not loopback,
/// private, link-local, shared (CGNAT), unspecified, multicast, broadcast,
/// documentation, benchmarking or reserved; an IPv6 address that carries
/// an IPv4 one (mapped, compatible, NAT64, 6to4) is judged by that one.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => is_public_v6(v6),
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (CGNAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return is_public_v4(v4);
    }
    let segments = ip.segments();
    // ::a.b.c.d (IPv4-compatible, deprecated but still routed by some stacks)
    if segments[..6] == [0, 0, 0, 0, 0, 0] && !ip.is_unspecified() && !ip.is_loopback() {
        let [a, b] = segments[6].to_be_bytes();
        let [c, d] = segments[7].to_be_bytes();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    // NAT64 (64:ff9b::/96) carries an IPv4 address in its last 32 bits.
    if segments[..6] == [0x64, 0xff9b, 0, 0, 0, 0] {
        let [a, b] = segments[6].to_be_bytes();
        let [c, d] = segments[7].to_be_bytes();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    // 6to4 (2002::/16) carries one in bits 16..48.
    if segments[0] == 0x2002 {
        let [a, b] = segments[1].to_be_bytes();
        let [c, d] = segments[2].to_be_bytes();
        return is_public_v4(Ipv4Addr::new(a, b, c, d));
    }
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || ip.is_unique_local()
        || ip.is_unicast_link_local()
        || segments[0] == 0x2001 && segments[1] == 0x0db8 // documentation
        || (segments[0] & 0xffc0) == 0xfec0) // site-local (deprecated)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn only_addresses_the_internet_routes_to_are_public() {
        for private in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "172.31.255.255",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "224.0.0.1",
            "192.0.0.8",
            "198.18.0.1",
            "240.0.0.1",
            "192.0.2.1",
            "::1",
            "::",
            "fe80::1",
            "fc00::1",
            "fd12::1",
            "ff02::1",
            "::ffff:127.0.0.1",
            "::ffff:169.254.169.254",
            "::127.0.0.1",
            "64:ff9b::a9fe:a9fe",
            "2002:7f00:1::",
            "2001:db8::1",
            "fec0::1",
        ] {
            assert!(!is_public(ip(private)), "{private} is not public");
        }
        for public in [
            "1.1.1.1",
            "8.8.8.8",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700::1111",
            "::ffff:8.8.8.8",
            "64:ff9b::808:808",
        ] {
            assert!(is_public(ip(public)), "{public} is public");
        }
    }

    #[test]
    fn urls_naming_private_addresses_are_refused_unless_allowed() {
        let guard = Guard::new(false);
        assert!(guard.check_url("https://example.com/mcp").is_ok());
        for bad in [
            "http://127.0.0.1:8080/",
            "http://[::1]/",
            "http://169.254.169.254/latest/meta-data/",
            "http://[::ffff:10.0.0.1]/",
            "http://2130706433/", // 127.0.0.1 as one number
            "http://0x7f.1/",
        ] {
            assert!(
                matches!(guard.check_url(bad), Err(Refused::Private(_))),
                "{bad}"
            );
        }
        for junk in ["file:///etc/passwd", "gopher://x/", "not a url", "http://"] {
            assert_eq!(guard.check_url(junk), Err(Refused::NotHttp), "{junk}");
        }
        assert!(Guard::new(true).check_url("http://127.0.0.1:8080/").is_ok());
    }

    /// A local server the guarded client must not reach, by address or by
    /// a name that resolves to it, nor through a redirect from elsewhere.
    #[tokio::test]
    async fn the_client_never_connects_to_a_private_address_however_it_is_named() {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let app = axum::Router::new().route("/", axum::routing::get(|| async { "secret" }));
        tokio::spawn(async move { axum::serve(listener, app).await });

        let guarded = Guard::new(false).client(Duration::from_secs(2));
        let by_name = guarded
            .get(format!("http://localhost:{port}/"))
            .send()
            .await;
        let error = by_name.expect_err("localhost resolves to loopback only");
        assert!(format!("{error:?}").contains("PrivateName"), "{error:?}");

        // Allowed when the operator says so.
        let open = Guard::new(true).client(Duration::from_secs(2));
        let answer = open
            .get(format!("http://localhost:{port}/"))
            .send()
            .await
            .unwrap();
        assert_eq!(answer.text().await.unwrap(), "secret");
    }
}
