//! The connection every repository runs on: the pool, and on SQLite one
//! writer at a time.
//!
//! SQLite lets one connection write at once. When several pooled
//! connections try, the losers get `SQLITE_BUSY` and SQLite's busy handler
//! puts their threads to sleep for 1, 2, 5 … 100 ms before trying again, so
//! under load most of a write's time is spent asleep behind a lock that was
//! released long before (at 200 concurrent chat turns, 3,700 such sleeps in
//! six seconds, a quarter of the throughput). [`Db`] queues writers in the
//! process instead: a statement that may write, or a transaction, first
//! takes the write gate (a fair async mutex), so it reaches SQLite when the
//! lock is free, while reads go on in parallel on the other connections.
//! The busy timeout still covers other processes (`agentforge
//! create-admin` on a running server's file).
//!
//! On PostgreSQL there is no gate: [`Db`] is the pool.

use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use sea_orm::{
    AccessMode, ConnectionTrait, DatabaseConnection, DatabaseTransaction, DbBackend, DbErr,
    ExecResult, IsolationLevel, QueryResult, SqliteTransactionMode, Statement, TransactionError,
    TransactionOptions, TransactionSession, TransactionTrait,
};
use tokio::sync::{Mutex, OwnedMutexGuard};

/// The pool, with SQLite's write gate.
#[derive(Clone, Debug)]
pub struct Db {
    conn: DatabaseConnection,
    gate: Option<Gate>,
}

#[derive(Clone, Debug)]
struct Gate {
    lock: Arc<Mutex<()>>,
    /// How long a writer waits for its turn, as SQLite's busy timeout would.
    timeout: Duration,
}

impl Gate {
    async fn enter(&self) -> Result<OwnedMutexGuard<()>, DbErr> {
        tokio::time::timeout(self.timeout, Arc::clone(&self.lock).lock_owned())
            .await
            .map_err(|_| DbErr::Custom("database is locked: no turn to write in time".to_owned()))
    }
}

impl Db {
    /// The pool; on SQLite, writes queue for `busy_timeout` at most.
    pub(crate) fn new(conn: DatabaseConnection, busy_timeout: Duration) -> Self {
        let gate = (conn.get_database_backend() == DbBackend::Sqlite).then(|| Gate {
            lock: Arc::new(Mutex::new(())),
            timeout: busy_timeout,
        });
        Self { conn, gate }
    }

    /// The pool itself, for what runs outside the repositories (migrations,
    /// pool statistics, closing).
    pub(crate) fn pool(&self) -> &DatabaseConnection {
        &self.conn
    }

    pub(crate) fn into_pool(self) -> DatabaseConnection {
        self.conn
    }

    /// The gate's turn, when this statement may write.
    async fn turn_for(&self, sql: &str) -> Result<Option<OwnedMutexGuard<()>>, DbErr> {
        match &self.gate {
            Some(gate) if may_write(sql) => gate.enter().await.map(Some),
            _ => Ok(None),
        }
    }

    async fn begin_gated(&self, options: TransactionOptions) -> Result<DbTx, DbErr> {
        let guard = match &self.gate {
            Some(gate) => Some(gate.enter().await?),
            None => None,
        };
        let options = TransactionOptions {
            // Take SQLite's write lock at `BEGIN`: a transaction that reads
            // and then writes never fails to upgrade its lock.
            sqlite_transaction_mode: self.gate.as_ref().map(|_| SqliteTransactionMode::Immediate),
            ..options
        };
        Ok(DbTx {
            txn: self.conn.begin_with_options(options).await?,
            _turn: guard,
        })
    }
}

/// Whether a statement may write: anything but a plain `SELECT` (an
/// `INSERT … RETURNING`, a `WITH … DELETE` and a `PRAGMA` all count).
fn may_write(sql: &str) -> bool {
    let start = sql.trim_start();
    let keyword = start.get(..6).unwrap_or(start);
    !keyword.eq_ignore_ascii_case("select")
}

#[async_trait::async_trait]
impl ConnectionTrait for Db {
    fn get_database_backend(&self) -> DbBackend {
        self.conn.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        let _turn = self.turn_for(&stmt.sql).await?;
        self.conn.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        let _turn = self.turn_for(sql).await?;
        self.conn.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        let _turn = self.turn_for(&stmt.sql).await?;
        self.conn.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        let _turn = self.turn_for(&stmt.sql).await?;
        self.conn.query_all_raw(stmt).await
    }
}

/// Runs `callback` in `txn`: commits what it did when it succeeds, rolls it
/// back when it fails.
async fn run_in<F, T, E>(txn: DbTx, callback: F) -> Result<T, TransactionError<E>>
where
    F: for<'c> FnOnce(&'c DbTx) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>> + Send,
    T: Send,
    E: std::fmt::Display + std::fmt::Debug + Send,
{
    match callback(&txn).await {
        Ok(value) => {
            txn.commit().await.map_err(TransactionError::Connection)?;
            Ok(value)
        }
        Err(e) => {
            txn.rollback().await.map_err(TransactionError::Connection)?;
            Err(TransactionError::Transaction(e))
        }
    }
}

#[async_trait::async_trait]
impl TransactionTrait for Db {
    type Transaction = DbTx;

    async fn begin(&self) -> Result<DbTx, DbErr> {
        self.begin_gated(TransactionOptions::default()).await
    }

    async fn begin_with_config(
        &self,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<DbTx, DbErr> {
        self.begin_gated(TransactionOptions {
            isolation_level,
            access_mode,
            ..TransactionOptions::default()
        })
        .await
    }

    async fn begin_with_options(&self, options: TransactionOptions) -> Result<DbTx, DbErr> {
        self.begin_gated(options).await
    }

    async fn transaction<F, T, E>(&self, callback: F) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DbTx) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        run_in(
            self.begin().await.map_err(TransactionError::Connection)?,
            callback,
        )
        .await
    }

    async fn transaction_with_config<F, T, E>(
        &self,
        callback: F,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DbTx) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        let txn = self
            .begin_with_config(isolation_level, access_mode)
            .await
            .map_err(TransactionError::Connection)?;
        run_in(txn, callback).await
    }
}

/// A transaction; on SQLite it holds the write gate until it commits or
/// rolls back (or is dropped, which rolls it back). Nested transactions are
/// savepoints within it.
#[derive(Debug)]
pub struct DbTx {
    // Dropped first: the rollback of an abandoned transaction is queued
    // on its connection before the next writer's turn begins.
    txn: DatabaseTransaction,
    _turn: Option<OwnedMutexGuard<()>>,
}

#[async_trait::async_trait]
impl ConnectionTrait for DbTx {
    fn get_database_backend(&self) -> DbBackend {
        self.txn.get_database_backend()
    }

    async fn execute_raw(&self, stmt: Statement) -> Result<ExecResult, DbErr> {
        self.txn.execute_raw(stmt).await
    }

    async fn execute_unprepared(&self, sql: &str) -> Result<ExecResult, DbErr> {
        self.txn.execute_unprepared(sql).await
    }

    async fn query_one_raw(&self, stmt: Statement) -> Result<Option<QueryResult>, DbErr> {
        self.txn.query_one_raw(stmt).await
    }

    async fn query_all_raw(&self, stmt: Statement) -> Result<Vec<QueryResult>, DbErr> {
        self.txn.query_all_raw(stmt).await
    }
}

#[async_trait::async_trait]
impl TransactionSession for DbTx {
    async fn commit(self) -> Result<(), DbErr> {
        self.txn.commit().await
    }

    async fn rollback(self) -> Result<(), DbErr> {
        self.txn.rollback().await
    }
}

#[async_trait::async_trait]
impl TransactionTrait for DbTx {
    type Transaction = DbTx;

    async fn begin(&self) -> Result<DbTx, DbErr> {
        Ok(DbTx {
            txn: self.txn.begin().await?,
            _turn: None,
        })
    }

    async fn begin_with_config(
        &self,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<DbTx, DbErr> {
        Ok(DbTx {
            txn: self
                .txn
                .begin_with_config(isolation_level, access_mode)
                .await?,
            _turn: None,
        })
    }

    async fn begin_with_options(&self, options: TransactionOptions) -> Result<DbTx, DbErr> {
        Ok(DbTx {
            txn: self.txn.begin_with_options(options).await?,
            _turn: None,
        })
    }

    async fn transaction<F, T, E>(&self, callback: F) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DbTx) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        run_in(
            self.begin().await.map_err(TransactionError::Connection)?,
            callback,
        )
        .await
    }

    async fn transaction_with_config<F, T, E>(
        &self,
        callback: F,
        isolation_level: Option<IsolationLevel>,
        access_mode: Option<AccessMode>,
    ) -> Result<T, TransactionError<E>>
    where
        F: for<'c> FnOnce(&'c DbTx) -> Pin<Box<dyn Future<Output = Result<T, E>> + Send + 'c>>
            + Send,
        T: Send,
        E: std::fmt::Display + std::fmt::Debug + Send,
    {
        let txn = self
            .begin_with_config(isolation_level, access_mode)
            .await
            .map_err(TransactionError::Connection)?;
        run_in(txn, callback).await
    }
}

#[cfg(test)]
mod tests {
    use super::may_write;

    #[test]
    fn only_a_plain_select_reads() {
        assert!(!may_write("SELECT 1"));
        assert!(!may_write("  select \"id\" FROM users"));
        assert!(may_write("INSERT INTO users (id) VALUES ($1) RETURNING id"));
        assert!(may_write("UPDATE messages SET content = ?"));
        assert!(may_write("DELETE FROM jobs"));
        assert!(may_write(
            "WITH done AS (DELETE FROM jobs RETURNING id) SELECT 1"
        ));
        assert!(may_write("PRAGMA foreign_keys = ON"));
        assert!(may_write(""));
    }
}
