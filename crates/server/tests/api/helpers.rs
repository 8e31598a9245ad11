//! Starts the real server on port 0 with a fresh database per test: SQLite
//! always, and PostgreSQL too when TEST_DATABASE_URL is set.

use agentforge_server::{AppState, Application, Config};
use agentforge_store::Store;
use tempfile::TempDir;
use tokio::sync::oneshot;

/// The password every test account signs up with.
pub const PASSWORD: &str = "correct horse battery";

use agentforge_testkit::TestDatabase;
pub use agentforge_testkit::{Engine, engines};

/// Runs `test` once per engine, each time against a fresh server and database.
pub async fn for_each_engine(test: impl AsyncFn(TestApp)) {
    for_each_engine_with(&[], test).await;
}

/// [`for_each_engine`], with configuration variables (AGENTFORGE_*) added.
pub async fn for_each_engine_with(env: &[(&str, &str)], test: impl AsyncFn(TestApp)) {
    for engine in engines() {
        let app = TestApp::spawn(engine, env).await;
        test(app).await;
    }
}

/// A request the typed client sent, with the request id it gave it.
#[derive(Debug, Clone)]
pub struct Call {
    pub method: reqwest::Method,
    pub path: String,
    pub status: u16,
    pub request_id: String,
}

/// A running server and what the test needs to talk to it.
pub struct TestApp {
    pub engine: Engine,
    pub address: String,
    pub client: reqwest::Client,
    pub store: Store,
    pub state: AppState,
    pub _data_dir: TempDir,
    pub database_url: String,
    /// Every request the typed client sent: what the audit walk checks.
    pub calls: std::sync::Mutex<Vec<Call>>,
    /// Owned by the first instance; siblings share it.
    _database: Option<TestDatabase>,
    /// The variables the test gave; siblings get them too.
    env: Vec<(String, String)>,
    shutdown: Option<oneshot::Sender<()>>,
}

impl TestApp {
    /// Starts a server; `env` adds configuration variables (AGENTFORGE_*).
    pub async fn spawn(engine: Engine, env: &[(&str, &str)]) -> Self {
        if std::env::var("TEST_LOG").is_ok() {
            agentforge_server::telemetry::init(agentforge_server::config::LogFormat::Text, "info");
        }
        let data_dir = tempfile::tempdir().expect("temp dir");
        let database = TestDatabase::create(engine).await;
        let url = database.url.clone();
        Self::start(engine, data_dir, url, Some(database), env).await
    }

    /// A second server on this one's database (as several instances behind
    /// a load balancer would be).
    pub async fn sibling(&self) -> Self {
        let data_dir = tempfile::tempdir().expect("temp dir");
        let env: Vec<(&str, &str)> = self
            .env
            .iter()
            .map(|(k, v)| (k.as_str(), v.as_str()))
            .collect();
        Self::start(self.engine, data_dir, self.database_url.clone(), None, &env).await
    }

    async fn start(
        engine: Engine,
        data_dir: TempDir,
        database_url: String,
        database: Option<TestDatabase>,
        env: &[(&str, &str)],
    ) -> Self {
        let mut vars: Vec<(String, String)> = vec![
            ("AGENTFORGE_HOST".into(), "127.0.0.1".into()),
            ("AGENTFORGE_PORT".into(), "0".into()),
            (
                "AGENTFORGE_DATA_DIR".into(),
                data_dir.path().display().to_string(),
            ),
            ("AGENTFORGE_DATABASE_URL".into(), database_url.clone()),
            (
                "AGENTFORGE_SECRET_KEY".into(),
                "test-secret-key-0123456789abcdef0123456789".into(),
            ),
            ("AGENTFORGE_DATABASE_MAX_CONNECTIONS".into(), "4".into()),
        ];
        // Off by default (the specification's choice, tested in
        // `configuration.rs`); most tests use what they gate.
        for flag in [
            "AGENTFORGE_FEATURE_FILE_UPLOAD",
            "AGENTFORGE_FEATURE_COLLABORATION",
        ] {
            if !env.iter().any(|(k, _)| *k == flag) {
                vars.push((flag.into(), "true".into()));
            }
        }
        vars.extend(env.iter().map(|(k, v)| ((*k).to_owned(), (*v).to_owned())));
        // This program is the test harness, not `agentforge`: unless the
        // test names another, PDFs are read by the same reader built as a
        // program of its own.
        if !env
            .iter()
            .any(|(k, _)| *k == "AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR")
        {
            vars.push((
                "AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR".into(),
                env!("CARGO_BIN_EXE_pdf-reader").into(),
            ));
        }
        let (config, _) = Config::load(None, vars).expect("test configuration is valid");
        let app = Application::build(config).await.expect("server starts");
        let address = format!("http://127.0.0.1:{}", app.port());
        let store = app.state().store.clone();
        let state = app.state().clone();
        let (shutdown, stopped) = oneshot::channel::<()>();
        tokio::spawn(app.run_until(async move {
            let _ = stopped.await;
        }));
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .expect("http client");
        Self {
            engine,
            address,
            client,
            store,
            state,
            _data_dir: data_dir,
            database_url,
            _database: database,
            env: env
                .iter()
                .map(|(k, v)| ((*k).to_owned(), (*v).to_owned()))
                .collect(),
            calls: std::sync::Mutex::default(),
            shutdown: Some(shutdown),
        }
    }

    /// Sends `request` (`method` on `path`) with a request id of its own,
    /// and notes the call for the audit walk.
    pub async fn send_noted(
        &self,
        request: reqwest::RequestBuilder,
        method: reqwest::Method,
        path: &str,
    ) -> reqwest::Response {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
        let request_id = format!(
            "call-{}",
            NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        );
        let response = request
            .header("x-request-id", &request_id)
            .send()
            .await
            .expect("request sent");
        self.calls.lock().unwrap().push(Call {
            method,
            path: path.to_owned(),
            status: response.status().as_u16(),
            request_id,
        });
        response
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{}", self.address, path)
    }

    pub async fn get(&self, path: &str) -> reqwest::Response {
        self.client
            .get(self.url(path))
            .send()
            .await
            .expect("request sent")
    }

    /// GET and parse the JSON body, returning the status too.
    pub async fn get_json(&self, path: &str) -> (u16, serde_json::Value) {
        let response = self.get(path).await;
        let status = response.status().as_u16();
        (
            status,
            response
                .json()
                .await
                .unwrap_or_else(|e| panic!("{path} did not answer JSON: {e}")),
        )
    }
}

impl TestApp {
    /// Sends JSON, with a bearer token when given; returns status and body.
    pub async fn send_json(
        &self,
        method: reqwest::Method,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        let mut request = self
            .client
            .request(method.clone(), self.url(path))
            .json(body);
        if let Some(token) = token {
            request = request.bearer_auth(token);
        }
        let response = self.send_noted(request, method, path).await;
        let status = response.status().as_u16();
        (
            status,
            response
                .json()
                .await
                .unwrap_or_else(|e| panic!("{path} did not answer JSON: {e}")),
        )
    }

    pub async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
    ) -> (u16, serde_json::Value) {
        self.send_json(reqwest::Method::POST, path, None, body)
            .await
    }

    /// GET with a bearer token.
    pub async fn get_as(&self, path: &str, token: &str) -> (u16, serde_json::Value) {
        let response = self
            .client
            .get(self.url(path))
            .bearer_auth(token)
            .send()
            .await
            .expect("request sent");
        let status = response.status().as_u16();
        (status, response.json().await.expect("JSON"))
    }

    /// Signs up and returns the session (`data`).
    pub async fn register(&self, email: &str, password: &str) -> serde_json::Value {
        let (status, body) = self.post_json("/api/auth/register", &serde_json::json!({"email": email, "password": password, "firstName": "Ada", "lastName": "Lovelace"})).await;
        assert_eq!(status, 201, "register {email}: {body}");
        body["data"].clone()
    }

    pub async fn login(&self, email: &str, password: &str) -> (u16, serde_json::Value) {
        self.post_json(
            "/api/auth/login",
            &serde_json::json!({"email": email, "password": password}),
        )
        .await
    }

    /// The token in the newest email to `to` whose subject contains `subject`,
    /// waiting a while for it: some are written by a job (a password reset).
    pub async fn token_from_mail(&self, to: &str, subject: &str) -> String {
        let mut waited = 0;
        let mail = loop {
            let (mails, _) = self.store.outbox().list(1, 100).await.expect("outbox");
            if let Some(mail) = mails
                .into_iter()
                .find(|m| m.to_address == to && m.subject.contains(subject))
            {
                break mail;
            }
            assert!(waited < 200, "no mail '{subject}' to {to}");
            waited += 1;
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        };
        // Links carry the token as `?token=` (accounts) or `?invitation=` (teams).
        let text = self.mail_text(&mail);
        let (at, key) = ["token=", "invitation="]
            .into_iter()
            .find_map(|key| text.find(key).map(|at| (at, key)))
            .expect("a link with a token");
        let start = at + key.len();
        text[start..start + 64].to_owned()
    }

    /// Each row `sql` selects, as one text (its query must name that text
    /// `row`), read straight from the database as anyone holding a copy of
    /// it could.
    pub async fn raw_rows(&self, sql: &str) -> Vec<String> {
        use sea_orm::{ConnectionTrait, Statement};
        let db = sea_orm::Database::connect(&self.database_url)
            .await
            .expect("the test database");
        let rows = db
            .query_all_raw(Statement::from_string(db.get_database_backend(), sql))
            .await
            .expect("the query runs");
        rows.iter()
            .map(|r| r.try_get::<String>("", "row").expect("a text column `row`"))
            .collect()
    }

    /// The audit entries with `action` (`agent.create` …), newest first,
    /// read from the store.
    pub async fn audit(&self, action: &str) -> Vec<agentforge_store::AuditEntry> {
        self.store
            .audit()
            .list(
                &agentforge_store::AuditFilter {
                    action: Some(action.to_owned()),
                    ..Default::default()
                },
                500,
            )
            .await
            .expect("the audit log reads")
    }

    /// The plain-text words of an email of the outbox, opened as only the
    /// server can (they are stored sealed).
    pub fn mail_text(&self, mail: &agentforge_store::Mail) -> String {
        self.state
            .mailer
            .open(mail)
            .unwrap_or_else(|e| panic!("the email {} does not open: {e}", mail.id))
            .text
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(shutdown) = self.shutdown.take() {
            let _ = shutdown.send(());
        }
    }
}

/// Asserts the error shape and returns the body.
pub fn assert_error(
    status: u16,
    body: &serde_json::Value,
    expected_status: u16,
    expected_code: &str,
) {
    assert_eq!(status, expected_status, "body: {body}");
    assert_eq!(body["success"], false, "body: {body}");
    assert_eq!(body["error"], expected_code, "body: {body}");
    assert!(
        body["message"].as_str().is_some_and(|m| !m.is_empty()),
        "body: {body}"
    );
    assert!(body["errors"].is_array(), "body: {body}");
}
