//! Fresh databases for tests: a SQLite file always, and a PostgreSQL
//! database too when `TEST_DATABASE_URL` names a server the tests may
//! create databases on (each made for one test and dropped after it).

use std::sync::atomic::{AtomicU64, Ordering};

use sea_orm::ConnectionTrait;

static COUNTER: AtomicU64 = AtomicU64::new(0);

/// Which engine a test database runs on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Engine {
    Sqlite,
    Postgres,
}

/// The engines this run covers: SQLite, plus PostgreSQL when
/// TEST_DATABASE_URL is set.
pub fn engines() -> Vec<Engine> {
    let mut engines = vec![Engine::Sqlite];
    if postgres_admin_url().is_some() {
        engines.push(Engine::Postgres);
    }
    engines
}

fn postgres_admin_url() -> Option<String> {
    std::env::var("TEST_DATABASE_URL")
        .ok()
        .filter(|u| !u.trim().is_empty())
}

/// A database made for one test.
pub struct TestDatabase {
    pub engine: Engine,
    pub url: String,
    _dir: tempfile::TempDir,
    postgres: Option<(String, String)>,
}

impl TestDatabase {
    /// A new, empty database on `engine`.
    pub async fn create(engine: Engine) -> Self {
        let dir = tempfile::tempdir().expect("temp dir");
        match engine {
            Engine::Sqlite => Self {
                engine,
                url: format!("sqlite://{}", dir.path().join("test.db").display()),
                _dir: dir,
                postgres: None,
            },
            Engine::Postgres => {
                let admin_url = postgres_admin_url().expect("TEST_DATABASE_URL");
                let name = format!(
                    "agentforge_test_{}_{}_{}",
                    std::process::id(),
                    COUNTER.fetch_add(1, Ordering::Relaxed),
                    std::time::SystemTime::now()
                        .duration_since(std::time::UNIX_EPOCH)
                        .map(|d| d.subsec_nanos())
                        .unwrap_or_default()
                );
                let admin = sea_orm::Database::connect(&admin_url)
                    .await
                    .expect("connect to TEST_DATABASE_URL");
                admin
                    .execute_unprepared(&format!("CREATE DATABASE \"{name}\""))
                    .await
                    .expect("create test database");
                let _ = admin.close().await;
                Self {
                    engine,
                    url: with_database(&admin_url, &name),
                    _dir: dir,
                    postgres: Some((admin_url, name)),
                }
            }
        }
    }

    /// One new database per engine of this run.
    pub async fn each() -> Vec<Self> {
        let mut databases = Vec::new();
        for engine in engines() {
            databases.push(Self::create(engine).await);
        }
        databases
    }
}

impl Drop for TestDatabase {
    fn drop(&mut self) {
        let Some((admin_url, name)) = self.postgres.take() else {
            return;
        };
        // Drop runs outside async; a thread of its own may block on a runtime.
        let _ = std::thread::spawn(move || {
            let Ok(runtime) = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
            else {
                return;
            };
            runtime.block_on(async {
                if let Ok(admin) = sea_orm::Database::connect(&admin_url).await {
                    let _ = admin
                        .execute_unprepared(&format!(
                            "DROP DATABASE IF EXISTS \"{name}\" WITH (FORCE)"
                        ))
                        .await;
                    let _ = admin.close().await;
                }
            });
        })
        .join();
    }
}

/// `postgres://u@h:5432/postgres?x=y` with its database replaced by `name`.
pub fn with_database(url: &str, name: &str) -> String {
    let (base, query) = url
        .split_once('?')
        .map_or((url, None), |(b, q)| (b, Some(q)));
    let without_db = match base.rsplit_once('/') {
        Some((head, _))
            if head.contains("://") && head.len() > head.find("://").unwrap_or(0) + 3 =>
        {
            head
        }
        _ => base,
    };
    match query {
        Some(q) => format!("{without_db}/{name}?{q}"),
        None => format!("{without_db}/{name}"),
    }
}
