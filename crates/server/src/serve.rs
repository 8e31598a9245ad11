//! Accepting connections and serving HTTP on them (HTTP/1.1, and HTTP/2
//! spoken from the first byte), with the limits `axum::serve` has no
//! settings for:
//!
//! - a request's headers must arrive within `header_read_timeout` of the
//!   connection (or of the previous answer on a kept-alive one), so a client
//!   that trickles them (slowloris) or sends nothing holds a connection that
//!   long at most. An answer that streams (server-sent events) or a socket
//!   (`/ws`, once upgraded) is not reading headers and is not limited;
//! - one client address (an IPv6 /64) holds at most `per_ip` connections at
//!   once, upgraded sockets included; a connection past it is closed as soon
//!   as it is accepted.
//!
//! On shutdown it stops accepting, lets each connection finish the request
//! it is answering (idle ones close at once), and returns when all are done.
//! Dropping the future closes whatever is left.

use std::collections::HashMap;
use std::future::Future;
use std::io;
use std::net::{IpAddr, Ipv6Addr, SocketAddr};
use std::pin::{Pin, pin};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use hyper::body::Incoming;
use hyper_util::rt::{TokioExecutor, TokioIo, TokioTimer};
use hyper_util::server::conn::auto;
use hyper_util::service::TowerToHyperService;
use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::watch;
use tokio::task::JoinSet;
use tower::ServiceExt;

use crate::config::ConnectionLimits;
use crate::http::metrics::HttpMetrics;

/// Serves `router` on `listener` until `shutdown` completes and the
/// connections open then are done.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: ConnectionLimits,
    metrics: Arc<HttpMetrics>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) {
    let open = Arc::new(OpenConnections::new(limits.per_ip));
    let (stop, stopping) = watch::channel(false);
    let mut connections = JoinSet::new();
    let mut shutdown = pin!(shutdown);
    loop {
        let accepted = tokio::select! {
            () = &mut shutdown => break,
            // Reap finished connections as they end.
            Some(_) = connections.join_next(), if !connections.is_empty() => continue,
            accepted = listener.accept() => accepted,
        };
        let (stream, peer) = match accepted {
            Ok(accepted) => accepted,
            Err(e) if is_connection_error(&e) => continue,
            Err(e) => {
                // Out of file descriptors and the like: wait for some to close.
                tracing::error!(error = %e, "cannot accept connections");
                tokio::time::sleep(Duration::from_secs(1)).await;
                continue;
            }
        };
        let Some(slot) = open.take(peer.ip()) else {
            tracing::debug!(%peer, limit = limits.per_ip, "too many connections from one address; closed");
            metrics.connection_refused();
            continue;
        };
        // Small JSON answers should leave at once, not wait on Nagle's algorithm.
        let _ = stream.set_nodelay(true);
        connections.spawn(connection(
            Tracked {
                stream,
                _slot: slot,
            },
            peer,
            router.clone(),
            limits.header_read_timeout,
            stopping.clone(),
        ));
    }
    drop(listener);
    let _ = stop.send(true);
    while connections.join_next().await.is_some() {}
}

/// Serves one connection until the client closes it, it fails, its first
/// request's headers are late, or (on shutdown) its request in flight is
/// answered.
async fn connection(
    io: Tracked,
    peer: SocketAddr,
    router: Router,
    header_read_timeout: Duration,
    mut stopping: watch::Receiver<bool>,
) {
    // hyper times the headers of each request on HTTP/1.1, but not the
    // bytes read before it knows which version the client speaks: the
    // first request must have arrived by the deadline too.
    let started = Arc::new(AtomicBool::new(false));
    let service = {
        let started = started.clone();
        router.map_request(move |mut request: Request<Incoming>| {
            started.store(true, Ordering::Relaxed);
            request.extensions_mut().insert(ConnectInfo(peer));
            request.map(Body::new)
        })
    };
    let mut builder = auto::Builder::new(TokioExecutor::new());
    builder
        .http1()
        .timer(TokioTimer::new())
        .header_read_timeout(header_read_timeout);
    // Sockets over HTTP/2 need the extended CONNECT method.
    builder
        .http2()
        .timer(TokioTimer::new())
        .enable_connect_protocol();
    let mut conn = pin!(
        builder.serve_connection_with_upgrades(TokioIo::new(io), TowerToHyperService::new(service))
    );
    let mut first_request_due = pin!(tokio::time::sleep(header_read_timeout));
    let mut waiting_for_first = true;
    let mut shutting_down = false;
    loop {
        tokio::select! {
            result = conn.as_mut() => {
                if let Err(e) = result {
                    tracing::debug!(%peer, error = %e, "connection ended with an error");
                }
                return;
            }
            () = &mut first_request_due, if waiting_for_first => {
                if !started.load(Ordering::Relaxed) {
                    tracing::debug!(%peer, "no request within the header read timeout; closed");
                    return;
                }
                waiting_for_first = false;
            }
            _ = stopping.changed(), if !shutting_down => {
                shutting_down = true;
                conn.as_mut().graceful_shutdown();
            }
        }
    }
}

/// Accept errors that concern one connection only, not the listener.
fn is_connection_error(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionRefused
            | io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
    )
}

/// Connections open by client address.
#[derive(Debug)]
struct OpenConnections {
    /// 0: not counted.
    per_ip: usize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

impl OpenConnections {
    fn new(per_ip: usize) -> Self {
        Self {
            per_ip,
            by_address: Mutex::default(),
        }
    }

    /// A place for one more connection from `ip`, or `None` when its
    /// address already holds `per_ip`.
    fn take(self: &Arc<Self>, ip: IpAddr) -> Option<Slot> {
        if self.per_ip == 0 {
            return Some(Slot { held: None });
        }
        let key = address_key(ip);
        let mut open = self
            .by_address
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        let count = open.entry(key).or_default();
        if *count >= self.per_ip {
            return None;
        }
        *count += 1;
        Some(Slot {
            held: Some((self.clone(), key)),
        })
    }

    #[cfg(test)]
    fn open(&self, ip: IpAddr) -> usize {
        let open = self
            .by_address
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        open.get(&address_key(ip)).copied().unwrap_or(0)
    }
}

/// Who a connection is counted against: an IPv4 address, or an IPv6 /64
/// (what one subscriber is usually given, so a client cannot open its
/// connections from 2^64 addresses of its own).
fn address_key(ip: IpAddr) -> IpAddr {
    match ip.to_canonical() {
        IpAddr::V6(v6) => {
            let prefix = u128::from(v6) & !((1u128 << 64) - 1);
            IpAddr::V6(Ipv6Addr::from(prefix))
        }
        v4 => v4,
    }
}

/// One connection's place in the count, given back when it is dropped.
#[derive(Debug)]
struct Slot {
    held: Option<(Arc<OpenConnections>, IpAddr)>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        let Some((open, key)) = self.held.take() else {
            return;
        };
        let mut by_address = open
            .by_address
            .lock()
            .unwrap_or_else(|poisoned| poisoned.into_inner());
        if let Some(count) = by_address.get_mut(&key) {
            *count = count.saturating_sub(1);
            if *count == 0 {
                by_address.remove(&key);
            }
        }
    }
}

/// A connection that holds its slot for as long as it lives, through an
/// upgrade to a socket too (hyper hands the connection itself over).
struct Tracked {
    stream: TcpStream,
    _slot: Slot,
}

impl AsyncRead for Tracked {
    fn poll_read(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_read(cx, buf)
    }
}

impl AsyncWrite for Tracked {
    fn poll_write(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write(cx, buf)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        Pin::new(&mut self.get_mut().stream).poll_write_vectored(cx, bufs)
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(text: &str) -> IpAddr {
        text.parse().unwrap()
    }

    #[test]
    fn an_address_holds_at_most_its_share_and_gets_it_back() {
        let open = Arc::new(OpenConnections::new(2));
        let a = open.take(ip("192.0.2.1")).unwrap();
        let _b = open.take(ip("::ffff:192.0.2.1")).unwrap();
        assert!(
            open.take(ip("192.0.2.1")).is_none(),
            "the mapped form counts as the same address"
        );
        assert!(
            open.take(ip("192.0.2.2")).is_some(),
            "another address has its own share"
        );
        drop(a);
        assert_eq!(open.open(ip("192.0.2.1")), 1);
        assert!(open.take(ip("192.0.2.1")).is_some());
    }

    #[test]
    fn ipv6_addresses_are_counted_by_their_64_bit_prefix() {
        let open = Arc::new(OpenConnections::new(1));
        let _one = open.take(ip("2001:db8:1:2::1")).unwrap();
        assert!(open.take(ip("2001:db8:1:2:ffff::9")).is_none());
        assert!(open.take(ip("2001:db8:1:3::1")).is_some());
    }

    #[test]
    fn zero_means_no_limit() {
        let open = Arc::new(OpenConnections::new(0));
        let slots: Vec<Slot> = (0..1000)
            .map(|_| open.take(ip("192.0.2.1")).unwrap())
            .collect();
        assert_eq!(slots.len(), 1000);
        assert_eq!(open.open(ip("192.0.2.1")), 0);
    }
}
