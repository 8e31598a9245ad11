//! One live connection per MCP server, shared by every turn and test that
//! uses it: a stdio server is one process, not one per call. A connection
//! that breaks (the process died, the server hung up) is made anew on the
//! next use, after a back-off that grows with each failure in a row, so a
//! crashing command is not restarted in a tight loop. A changed
//! configuration replaces the connection; shutdown closes them all.

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use agentforge_domain::mcp::McpEndpoint;
use tokio_util::task::TaskTracker;

use crate::McpError;
use crate::client::{Connection, Discovery, Limits, ToolOutput};

/// The longest wait before a failed server is tried again.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

#[derive(Default)]
struct Slot {
    /// Which configuration the connection was made with.
    fingerprint: u64,
    connection: Option<Arc<Connection>>,
    /// Failures in a row, and until when the next try waits.
    failures: u32,
    retry_at: Option<Instant>,
    last_error: Option<McpError>,
}

/// The connections, by server id.
pub struct McpPool {
    limits: Limits,
    tasks: TaskTracker,
    slots: Mutex<HashMap<String, Arc<tokio::sync::Mutex<Slot>>>>,
}

impl std::fmt::Debug for McpPool {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("McpPool").finish_non_exhaustive()
    }
}

fn fingerprint(endpoint: &McpEndpoint) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    format!("{endpoint:?}").hash(&mut hasher);
    hasher.finish()
}

impl McpPool {
    /// `tasks` owns what the pool runs in the background (draining a
    /// command's standard error, closing connections).
    pub fn new(limits: Limits, tasks: TaskTracker) -> Self {
        Self {
            limits,
            tasks,
            slots: Mutex::default(),
        }
    }

    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    fn slot(&self, id: &str) -> Arc<tokio::sync::Mutex<Slot>> {
        let mut slots = self.slots.lock().unwrap_or_else(|e| e.into_inner());
        slots.entry(id.to_owned()).or_default().clone()
    }

    /// Connects anew (replacing the pooled connection) and lists what the
    /// server offers: the test of a configuration. Not held back by an
    /// earlier failure's back-off: a person asked.
    pub async fn test(&self, id: &str, endpoint: &McpEndpoint) -> Result<Discovery, McpError> {
        let slot = self.slot(id);
        let mut slot = slot.lock().await;
        if let Some(old) = slot.connection.take() {
            self.close_later(old);
        }
        let opened = self.open(id, endpoint).await;
        self.settle(&mut slot, endpoint, opened)
            .map(|(_, discovery)| discovery)
    }

    /// Connects to a configuration that is not saved, lists what it offers
    /// and closes again: nothing is pooled, no back-off is recorded. `id`
    /// names the connection (a stdio server's working directory, removed
    /// afterwards).
    pub async fn probe(&self, id: &str, endpoint: &McpEndpoint) -> Result<Discovery, McpError> {
        let opened = self.open(id, endpoint).await;
        let result = match opened {
            Ok((connection, discovery)) => {
                connection.close().await;
                Ok(discovery)
            }
            Err(error) => Err(error),
        };
        if matches!(endpoint, McpEndpoint::Stdio { .. }) {
            crate::client::remove_workdir(&self.limits.workdir_root, id);
        }
        result
    }

    /// Calls `tool` on the server, connecting first when needed.
    pub async fn call(
        &self,
        id: &str,
        endpoint: &McpEndpoint,
        tool: &str,
        arguments: serde_json::Map<String, serde_json::Value>,
        timeout: Duration,
    ) -> Result<ToolOutput, McpError> {
        let connection = self.connection(id, endpoint).await?;
        let result = connection.call(tool, arguments, timeout).await;
        if let Err(error) = &result
            && error.breaks_connection()
        {
            self.drop_connection(id, &connection).await;
        }
        result
    }

    /// The pooled connection to the server, made (and its tools listed)
    /// when there is none, the old one broke or the configuration changed.
    async fn connection(
        &self,
        id: &str,
        endpoint: &McpEndpoint,
    ) -> Result<Arc<Connection>, McpError> {
        let slot = self.slot(id);
        let mut slot = slot.lock().await;
        let wanted = fingerprint(endpoint);
        if slot.fingerprint == wanted
            && let Some(connection) = &slot.connection
            && !connection.is_closed()
        {
            return Ok(connection.clone());
        }
        if let Some(old) = slot.connection.take() {
            self.close_later(old);
        }
        if slot.fingerprint == wanted
            && let (Some(at), Some(error)) = (slot.retry_at, &slot.last_error)
            && Instant::now() < at
        {
            return Err(error.clone());
        }
        let opened = self.open(id, endpoint).await;
        self.settle(&mut slot, endpoint, opened)
            .map(|(connection, _)| connection)
    }

    async fn open(
        &self,
        id: &str,
        endpoint: &McpEndpoint,
    ) -> Result<(Connection, Discovery), McpError> {
        let connection = Connection::open(id, endpoint, &self.limits, &self.tasks).await?;
        match connection.discover(self.limits.connect_timeout).await {
            Ok(discovery) => Ok((connection, discovery)),
            Err(error) => {
                connection.close().await;
                Err(error)
            }
        }
    }

    /// Keeps a new connection, or records the failure and its back-off.
    fn settle(
        &self,
        slot: &mut Slot,
        endpoint: &McpEndpoint,
        opened: Result<(Connection, Discovery), McpError>,
    ) -> Result<(Arc<Connection>, Discovery), McpError> {
        slot.fingerprint = fingerprint(endpoint);
        match opened {
            Ok((connection, discovery)) => {
                let connection = Arc::new(connection);
                slot.connection = Some(connection.clone());
                slot.failures = 0;
                slot.retry_at = None;
                slot.last_error = None;
                Ok((connection, discovery))
            }
            Err(error) => {
                slot.failures = slot.failures.saturating_add(1);
                let wait = Duration::from_secs(1u64 << slot.failures.min(6)).min(MAX_BACKOFF);
                slot.retry_at = Some(Instant::now() + wait);
                slot.last_error = Some(error.clone());
                Err(error)
            }
        }
    }

    async fn drop_connection(&self, id: &str, broken: &Arc<Connection>) {
        let slot = self.slot(id);
        let mut slot = slot.lock().await;
        if slot
            .connection
            .as_ref()
            .is_some_and(|c| Arc::ptr_eq(c, broken))
            && let Some(old) = slot.connection.take()
        {
            self.close_later(old);
        }
    }

    /// Closes the server's connection (its configuration changed, or it was
    /// deleted or disabled).
    pub async fn forget(&self, id: &str) {
        let removed = self
            .slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(id);
        if let Some(slot) = removed
            && let Some(connection) = slot.lock().await.connection.take()
        {
            self.close_later(connection);
        }
    }

    /// How many servers have a live connection.
    pub async fn connected(&self) -> usize {
        let slots: Vec<_> = self
            .slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        let mut n = 0;
        for slot in slots {
            if slot
                .lock()
                .await
                .connection
                .as_ref()
                .is_some_and(|c| !c.is_closed())
            {
                n += 1;
            }
        }
        n
    }

    /// Closes every connection (at shutdown): stdio servers' processes end.
    pub async fn shutdown(&self) {
        let slots: Vec<_> = self
            .slots
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .drain()
            .map(|(_, slot)| slot)
            .collect();
        for slot in slots {
            if let Some(connection) = slot.lock().await.connection.take()
                && let Ok(connection) = Arc::try_unwrap(connection)
            {
                connection.close().await;
            }
        }
    }

    fn close_later(&self, connection: Arc<Connection>) {
        self.tasks.spawn(async move {
            // The last user of a connection closes it; a call still holding
            // it finishes first, and dropping it ends the process anyway.
            if let Ok(connection) = Arc::try_unwrap(connection) {
                connection.close().await;
            }
        });
    }
}
