use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sea_orm::sqlx::{self, postgres::PgPoolOptions, sqlite};
use sea_orm::{DatabaseConnection, SqlxPostgresConnector, SqlxSqliteConnector};

use crate::StoreError;

/// Which engine a [`crate::Store`] talks to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum DatabaseKind {
    Sqlite,
    Postgres,
}

impl DatabaseKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DatabaseKind::Sqlite => "sqlite",
            DatabaseKind::Postgres => "postgres",
        }
    }
}

/// Pool settings.
#[derive(Debug, Clone)]
pub struct StoreOptions {
    /// `None`: the engine's default ([`StoreOptions::pool_size`]).
    pub max_connections: Option<u32>,
    pub acquire_timeout: Duration,
    /// How long SQLite waits for a lock held by another connection.
    pub sqlite_busy_timeout: Duration,
}

impl Default for StoreOptions {
    fn default() -> Self {
        Self {
            max_connections: None,
            acquire_timeout: Duration::from_secs(10),
            sqlite_busy_timeout: Duration::from_secs(5),
        }
    }
}

impl StoreOptions {
    /// The pool's size on `kind`: as configured, or by default 10 on
    /// PostgreSQL and, on SQLite, two per CPU core (2 to 8). SQLite runs
    /// each connection's statements on a thread of its own and writes one at
    /// a time, so connections beyond what the cores can run only add thread
    /// switches and cold page caches: on 2 cores, 4 connections answered
    /// about 1.45 times the chat turns of 10 (docs/performance.md).
    pub fn pool_size(&self, kind: DatabaseKind) -> u32 {
        self.max_connections.unwrap_or_else(|| match kind {
            DatabaseKind::Postgres => 10,
            DatabaseKind::Sqlite => {
                let cores = std::thread::available_parallelism().map_or(1, |n| n.get());
                u32::try_from(cores * 2).unwrap_or(8).clamp(2, 8)
            }
        })
    }
}

/// Connections of the pool, open and idle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PoolStats {
    pub size: u32,
    pub idle: u32,
    pub max: u32,
}

pub(crate) async fn open(
    url: &str,
    options: &StoreOptions,
) -> Result<(DatabaseConnection, DatabaseKind), StoreError> {
    if url.starts_with("sqlite:") {
        let connect = sqlite::SqliteConnectOptions::from_str(url)
            .map_err(|e| StoreError::Database(sea_orm::DbErr::Custom(e.to_string())))?
            .create_if_missing(true)
            .journal_mode(sqlite::SqliteJournalMode::Wal)
            .synchronous(sqlite::SqliteSynchronous::Normal)
            .foreign_keys(true)
            .busy_timeout(options.sqlite_busy_timeout);
        let file = connect.get_filename();
        if file != Path::new(":memory:") {
            if let Some(parent) = file.parent().filter(|p| !p.as_os_str().is_empty()) {
                create_private_dir(parent)?;
            }
            create_private_file(file)?;
        }
        let pool = sqlite::SqlitePoolOptions::new()
            .max_connections(options.pool_size(DatabaseKind::Sqlite))
            .acquire_timeout(options.acquire_timeout)
            .connect_with(connect)
            .await
            .map_err(sqlx_err)?;
        Ok((
            SqlxSqliteConnector::from_sqlx_sqlite_pool(pool),
            DatabaseKind::Sqlite,
        ))
    } else if url.starts_with("postgres://") || url.starts_with("postgresql://") {
        let pool = PgPoolOptions::new()
            .max_connections(options.pool_size(DatabaseKind::Postgres))
            .acquire_timeout(options.acquire_timeout)
            .connect(url)
            .await
            .map_err(sqlx_err)?;
        Ok((
            SqlxPostgresConnector::from_sqlx_postgres_pool(pool),
            DatabaseKind::Postgres,
        ))
    } else {
        let scheme = url.split(':').next().unwrap_or_default();
        Err(StoreError::UnsupportedUrl(format!("{scheme}:…")))
    }
}

/// Creates `dir` and its missing parents, readable by this user alone
/// (0700 on Unix): it holds the database.
pub fn create_private_dir(dir: &Path) -> std::io::Result<()> {
    let mut builder = std::fs::DirBuilder::new();
    builder.recursive(true);
    #[cfg(unix)]
    std::os::unix::fs::DirBuilderExt::mode(&mut builder, 0o700);
    builder.create(dir)
}

/// Creates the SQLite file, when missing, readable and writable by this
/// user alone (0600 on Unix) before SQLite opens it: SQLite would create it
/// as the umask allows (usually 0644, readable by everyone), and creates its
/// `-wal` and `-shm` files with the database file's own permissions. An
/// empty file is an empty database to SQLite.
fn create_private_file(file: &Path) -> std::io::Result<()> {
    let mut options = std::fs::OpenOptions::new();
    options.write(true).create_new(true);
    #[cfg(unix)]
    std::os::unix::fs::OpenOptionsExt::mode(&mut options, 0o600);
    match options.open(file) {
        Ok(_) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Ok(()),
        Err(e) => Err(e),
    }
}

fn sqlx_err(err: sqlx::Error) -> StoreError {
    StoreError::Database(sea_orm::DbErr::Conn(sea_orm::RuntimeErr::SqlxError(
        err.into(),
    )))
}

pub(crate) fn pool_stats(db: &DatabaseConnection, kind: DatabaseKind) -> PoolStats {
    let (size, idle, max) = match kind {
        DatabaseKind::Sqlite => {
            let pool = db.get_sqlite_connection_pool();
            (
                pool.size(),
                pool.num_idle(),
                pool.options().get_max_connections(),
            )
        }
        DatabaseKind::Postgres => {
            let pool = db.get_postgres_connection_pool();
            (
                pool.size(),
                pool.num_idle(),
                pool.options().get_max_connections(),
            )
        }
    };
    PoolStats {
        size,
        idle: u32::try_from(idle).unwrap_or(u32::MAX),
        max,
    }
}

/// Serialises migrations between server instances sharing one PostgreSQL.
///
/// The advisory lock lives on a connection taken out of the pool for good:
/// when the guard drops, the connection closes and PostgreSQL releases the
/// lock, whether the migration succeeded or not.
pub(crate) struct MigrationLock {
    _conn: Option<sqlx::PgConnection>,
}

/// Arbitrary but fixed: "AGFG" in ASCII.
const MIGRATION_LOCK_KEY: i64 = 0x4147_4647;

impl MigrationLock {
    pub(crate) async fn acquire(
        db: &DatabaseConnection,
        kind: DatabaseKind,
    ) -> Result<Self, StoreError> {
        if kind != DatabaseKind::Postgres {
            return Ok(Self { _conn: None });
        }
        let mut conn = db
            .get_postgres_connection_pool()
            .acquire()
            .await
            .map_err(sqlx_err)?
            .detach();
        sqlx::query("SELECT pg_advisory_lock($1)")
            .bind(MIGRATION_LOCK_KEY)
            .execute(&mut conn)
            .await
            .map_err(sqlx_err)?;
        Ok(Self { _conn: Some(conn) })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[cfg(unix)]
    #[tokio::test]
    async fn a_new_sqlite_database_and_its_folder_are_private() {
        use sea_orm::ConnectionTrait;
        use std::os::unix::fs::PermissionsExt;
        let dir = tempfile::tempdir().unwrap();
        let folder = dir.path().join("data");
        let file = folder.join("agentforge.db");
        let url = format!("sqlite://{}", file.display());
        let (db, _) = open(&url, &StoreOptions::default()).await.unwrap();
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o777;
        assert_eq!(mode(&folder), 0o700);
        assert_eq!(mode(&file), 0o600);
        db.execute_unprepared("CREATE TABLE t (x INTEGER); INSERT INTO t VALUES (1)")
            .await
            .unwrap();
        for suffix in ["-wal", "-shm"] {
            let side = folder.join(format!("agentforge.db{suffix}"));
            if side.exists() {
                assert_eq!(mode(&side), 0o600, "{}", side.display());
            }
        }
    }

    #[test]
    fn the_pool_is_sized_for_the_engine_unless_configured() {
        let default = StoreOptions::default();
        assert_eq!(default.pool_size(DatabaseKind::Postgres), 10);
        assert!((2..=8).contains(&default.pool_size(DatabaseKind::Sqlite)));
        let configured = StoreOptions {
            max_connections: Some(3),
            ..StoreOptions::default()
        };
        assert_eq!(configured.pool_size(DatabaseKind::Sqlite), 3);
        assert_eq!(configured.pool_size(DatabaseKind::Postgres), 3);
    }
}
