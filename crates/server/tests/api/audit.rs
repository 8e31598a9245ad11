//! The audit log: what an entry says (who, what, which thing, the diff,
//! from where), that a refused change writes none, that admins read and
//! export it with filters and a cursor, that owners read their agents'
//! Activity, that refusals are entries too, that nothing can change an
//! entry, and that the retention job deletes old ones.

use agentforge_domain::audit::{AuditAction, AuditOutcome, AuditResource};
use agentforge_server::dto::*;
use agentforge_server::http::Filter;
use reqwest::Method;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::sign_up;
use crate::helpers::{TestApp, for_each_engine};

async fn create_agent(app: &TestApp, token: &str, name: &str) -> String {
    let (status, body) = app
        .send_json(
            Method::POST,
            "/api/agents",
            Some(token),
            &json!({"name": name}),
        )
        .await;
    assert_eq!(status, 201, "{body}");
    body["data"]["id"].as_str().unwrap().to_owned()
}

fn by_action(action: AuditAction) -> AuditQuery {
    AuditQuery {
        action: Some(Filter::Only(action)),
        ..Default::default()
    }
}

#[tokio::test]
async fn an_agents_changes_are_entries_with_who_what_diff_and_where() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let response = app
            .client
            .post(app.url("/api/agents"))
            .bearer_auth(&ada)
            .header("user-agent", "audit-test/1.0")
            .header("x-request-id", "req-create-1")
            .json(&json!({"name": "Helper", "systemPrompt": "Be kind."}))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 201);
        let agent: Value = response.json().await.unwrap();
        let id = agent["data"]["id"].as_str().unwrap().to_owned();

        let created = &app.audit("agent.create").await[0];
        assert_eq!(created.resource_type, "agent");
        assert_eq!(created.resource_id.as_deref(), Some(id.as_str()));
        assert_eq!(created.actor_kind, "user");
        assert_eq!(created.actor_label.as_deref(), Some("ada@example.com"));
        assert_eq!(created.owner_id, created.actor_id);
        assert_eq!(created.outcome, "success");
        assert_eq!(created.ip.as_deref(), Some("127.0.0.1"));
        assert_eq!(created.user_agent.as_deref(), Some("audit-test/1.0"));
        assert_eq!(created.request_id.as_deref(), Some("req-create-1"));
        assert_eq!(
            created.changes["name"],
            json!({"from": null, "to": "Helper"})
        );

        // An update records only what changed.
        let (status, _) = app
            .send_json(
                Method::PUT,
                &format!("/api/agents/{id}"),
                Some(&ada),
                &json!({"name": "Helper 2"}),
            )
            .await;
        assert_eq!(status, 200);
        let updated = &app.audit("agent.update").await[0];
        assert_eq!(
            updated.changes["name"],
            json!({"from": "Helper", "to": "Helper 2"})
        );
        assert!(
            !updated.changes.contains_key("systemPrompt"),
            "{:?}",
            updated.changes
        );

        // A refused change writes nothing.
        let (status, _) = app
            .send_json(
                Method::PUT,
                &format!("/api/agents/{id}"),
                Some(&ada),
                &json!({"name": ""}),
            )
            .await;
        assert_eq!(status, 422);
        assert_eq!(app.audit("agent.update").await.len(), 1);

        // Deleting keeps the agent's last state in the entry.
        let (status, _) = app
            .send_json(
                Method::DELETE,
                &format!("/api/agents/{id}"),
                Some(&ada),
                &json!(null),
            )
            .await;
        assert_eq!(status, 200);
        let deleted = &app.audit("agent.delete").await[0];
        assert_eq!(
            deleted.changes["name"],
            json!({"from": "Helper 2", "to": null})
        );

        // The admin reads them all, filtered by the resource.
        let api = app.api(&admin);
        let page = api
            .audit_logs(&AuditQuery {
                resource_id: Some(id.clone()),
                ..Default::default()
            })
            .await
            .value();
        let actions: Vec<AuditAction> = page.entries.iter().map(|e| e.action).collect();
        assert_eq!(
            actions,
            [
                AuditAction::AgentDelete,
                AuditAction::AgentUpdate,
                AuditAction::AgentCreate
            ]
        );
        assert!(page.next_cursor.is_none());
    })
    .await;
}

#[tokio::test]
async fn admins_page_by_cursor_and_filter_by_actor_text_and_time() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        for n in 0..5 {
            create_agent(&app, &ada, &format!("Ada's {n}")).await;
        }
        create_agent(&app, &grace, "Grace's needle").await;
        let api = app.api(&admin);

        // Five of Ada's, two a page: three pages, no entry twice.
        let ada_id = api
            .audit_logs(&AuditQuery {
                q: Some("ada@example.com".into()),
                ..by_action(AuditAction::AgentCreate)
            })
            .await
            .value()
            .entries[0]
            .actor_id
            .clone();
        let mut seen = Vec::new();
        let mut cursor = None;
        let mut pages = 0;
        loop {
            let page = api
                .audit_logs(&AuditQuery {
                    actor_id: ada_id.clone(),
                    limit: Some(2),
                    cursor: cursor.clone(),
                    ..by_action(AuditAction::AgentCreate)
                })
                .await
                .value();
            pages += 1;
            seen.extend(page.entries.iter().map(|e| e.id.clone()));
            match page.next_cursor {
                Some(next) => cursor = Some(next),
                None => break,
            }
        }
        assert_eq!(pages, 3);
        let mut unique = seen.clone();
        unique.sort();
        unique.dedup();
        assert_eq!((seen.len(), unique.len()), (5, 5));

        // Text finds a value in the changes.
        let found = api
            .audit_logs(&AuditQuery {
                q: Some("NEEDLE".into()),
                ..Default::default()
            })
            .await
            .value();
        assert_eq!(found.entries.len(), 1);
        assert_eq!(
            found.entries[0].actor_label.as_deref(),
            Some("grace@example.com")
        );

        // A time range that ends before everything finds nothing.
        let before = api
            .audit_logs(&AuditQuery {
                to: Some(chrono::Utc::now() - chrono::Duration::days(1)),
                ..Default::default()
            })
            .await
            .value();
        assert!(before.entries.is_empty());

        // A range that ends before it starts selects nothing.
        let inverted = api
            .audit_logs(&AuditQuery {
                from: Some(chrono::Utc::now()),
                to: Some(chrono::Utc::now() - chrono::Duration::days(1)),
                ..Default::default()
            })
            .await
            .value();
        assert!(inverted.entries.is_empty());

        // Bad filters are 422 naming the parameter.
        for (query, field) in [
            ("action=agent.explode", "action"),
            ("limit=500", "limit"),
            ("from=yesterday", "from"),
        ] {
            let (status, body) = app
                .get_as(&format!("/api/admin/audit-logs?{query}"), &admin)
                .await;
            assert_eq!(status, 422, "{query}: {body}");
            assert!(body.to_string().contains(field), "{query}: {body}");
        }
    })
    .await;
}

#[tokio::test]
async fn exports_stream_every_entry_as_csv_or_json_and_defuse_formulas() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        create_agent(&app, &admin, "=HYPERLINK(\"http://evil\")").await;
        for n in 0..3 {
            create_agent(&app, &admin, &format!("Plain {n}")).await;
        }
        let get = |query: &'static str| {
            app.client
                .get(app.url(&format!("/api/admin/audit-logs/export?{query}")))
                .bearer_auth(&admin)
                .send()
        };
        let csv = get("format=csv&action=agent.create").await.unwrap();
        assert_eq!(csv.status(), 200);
        assert!(
            csv.headers()["content-type"]
                .to_str()
                .unwrap()
                .starts_with("text/csv")
        );
        assert!(
            csv.headers()["content-disposition"]
                .to_str()
                .unwrap()
                .contains("attachment")
        );
        let text = csv.text().await.unwrap();
        let mut reader = csv::Reader::from_reader(text.as_bytes());
        let headers = reader.headers().unwrap().clone();
        assert_eq!(&headers[6], "action");
        let rows: Vec<csv::StringRecord> = reader.records().map(Result::unwrap).collect();
        assert_eq!(rows.len(), 4);
        assert!(rows.iter().all(|r| &r[6] == "agent.create"));
        // The changes cell holds the formula-like name, but no cell starts
        // with `=` for a spreadsheet to run.
        assert!(
            rows.iter()
                .all(|r| r.iter().all(|cell| !cell.starts_with('=')))
        );
        assert!(text.contains("HYPERLINK"));

        let json = get("format=json&action=agent.create").await.unwrap();
        assert_eq!(json.headers()["content-type"], "application/json");
        let entries: Vec<AuditEntryOut> = json.json().await.unwrap();
        assert_eq!(entries.len(), 4);

        // Compressed on the way (a layer that polls the stream once more
        // after its end), it still arrives whole.
        for encoding in ["gzip", "br"] {
            let response = app
                .client
                .get(app.url("/api/admin/audit-logs/export?format=json"))
                .bearer_auth(&admin)
                .header("accept-encoding", encoding)
                .send()
                .await
                .unwrap();
            assert_eq!(response.headers()["content-encoding"], encoding);
            assert!(
                response.bytes().await.is_ok(),
                "the {encoding} export was cut off"
            );
        }

        // Nothing selected is still a valid file.
        let none: Vec<AuditEntryOut> = get("format=json&action=team.delete")
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(none.is_empty());
    })
    .await;
}

#[tokio::test]
async fn a_refusal_is_an_entry_and_only_admins_read_the_log() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let failure = app
            .api(&ada)
            .audit_logs(&AuditQuery::default())
            .await
            .unwrap_err();
        assert_eq!(failure.status, 403);
        let denied = app
            .api(&admin)
            .audit_logs(&by_action(AuditAction::AccessDenied))
            .await
            .value();
        let entry = &denied.entries[0];
        assert_eq!(entry.outcome, AuditOutcome::Denied);
        assert_eq!(entry.resource_type, AuditResource::Route);
        assert_eq!(
            entry.resource_id.as_deref(),
            Some("GET /api/admin/audit-logs")
        );
        assert_eq!(entry.actor_label.as_deref(), Some("ada@example.com"));
        assert!(entry.changes.contains_key("code"), "{:?}", entry.changes);

        // Refused in a loop: every request is refused, but the log keeps
        // at most a minute's allowance of them for one caller.
        let extra = agentforge_server::DENIALS_PER_MINUTE + 10;
        for _ in 0..extra {
            let failure = app
                .api(&ada)
                .audit_logs(&AuditQuery::default())
                .await
                .unwrap_err();
            assert_eq!(failure.status, 403);
        }
        let mut kept = 0;
        let mut query = by_action(AuditAction::AccessDenied);
        loop {
            let page = app.api(&admin).audit_logs(&query).await.value();
            kept += page
                .entries
                .iter()
                .filter(|e| e.actor_label.as_deref() == Some("ada@example.com"))
                .count();
            match page.next_cursor {
                Some(cursor) => query.cursor = Some(cursor),
                None => break,
            }
        }
        assert_eq!(kept, agentforge_server::DENIALS_PER_MINUTE as usize);
    })
    .await;
}

#[tokio::test]
async fn owners_read_their_agents_activity_without_addresses() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let id = create_agent(&app, &ada, "Helper").await;
        let activity = app
            .api(&ada)
            .agent_activity(&id, &AuditQuery::default())
            .await
            .value();
        assert_eq!(activity.entries.len(), 1);
        assert_eq!(activity.entries[0].action, AuditAction::AgentCreate);
        assert!(activity.entries[0].ip.is_none() && activity.entries[0].user_agent.is_none());
        let failure = app
            .api(&grace)
            .agent_activity(&id, &AuditQuery::default())
            .await
            .unwrap_err();
        assert_eq!(failure.status, 404);
    })
    .await;
}

#[tokio::test]
async fn entries_cannot_be_changed_and_old_ones_are_purged() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        create_agent(&app, &admin, "Helper").await;
        let entry = app.audit("agent.create").await.remove(0);

        // Not even straight SQL changes an entry.
        use sea_orm::{ConnectionTrait, Statement};
        let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
        let update = db
            .execute_raw(Statement::from_string(
                db.get_database_backend(),
                format!("UPDATE audit_logs SET action = 'agent.delete' WHERE id = '{}'", entry.id),
            ))
            .await;
        assert!(update.is_err(), "an entry was changed");
        assert_eq!(app.audit("agent.create").await[0].action, "agent.create");

        // An entry from long ago goes with the next retention run, which
        // leaves an entry saying so; today's stays.
        db.execute_raw(Statement::from_string(
            db.get_database_backend(),
            "INSERT INTO audit_logs (id, occurred_at, actor_kind, action, outcome, resource_type, changes)
             VALUES ('00000000-0000-7000-8000-000000000000', '2000-01-01 00:00:00+00:00', 'system', 'agent.create', 'success', 'agent', '{}')"
                .to_owned(),
        ))
        .await
        .unwrap();
        assert_eq!(app.audit("agent.create").await.len(), 2);
        app.state
            .runtime
            .jobs()
            .enqueue(agentforge_store::NewJob::now("audit.purge", Value::Null, 1))
            .await
            .unwrap();
        let mut waited = 0;
        while app.audit("audit_log.purge").await.is_empty() {
            waited += 1;
            assert!(waited < 200, "the purge never ran");
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
        }
        let remaining = app.audit("agent.create").await;
        assert_eq!(remaining.len(), 1);
        assert_eq!(remaining[0].id, entry.id);
        let purge = &app.audit("audit_log.purge").await[0];
        assert_eq!(purge.actor_kind, "system");
        assert_eq!(purge.changes["deleted"]["to"], json!(1));
    })
    .await;
}

/// The mutating operations that change nothing a person decided, so write
/// no entry, each with its reason.
const NOT_CHANGES: &[(&str, &str)] = &[
    ("chat", "a conversation turn: its messages are its record"),
    (
        "widget_chat",
        "a visitor's conversation turn: its messages are its record",
    ),
    (
        "test_agent",
        "a test turn on the draft, kept out of every list",
    ),
    ("ai_generate", "drafts an agent and saves nothing"),
    (
        "ai_generate_workflow",
        "drafts a workflow and saves nothing",
    ),
    ("validate_workflow", "checks a graph and saves nothing"),
    ("generate_server", "proposes MCP servers and saves nothing"),
    (
        "probe_server",
        "tests a configuration before it is saved; saves nothing",
    ),
    (
        "test_connection",
        "tries a connection with the settings given; saves nothing",
    ),
    (
        "test_integration",
        "tries credentials with the values given; saves nothing",
    ),
    (
        "test_webhook",
        "runs sample data through a webhook in a test conversation; its event is the record",
    ),
    (
        "test_webhook_v1",
        "runs sample data through a webhook in a test conversation; its event is the record",
    ),
    (
        "test_speech_connection",
        "asks ElevenLabs for the account's quota; saves nothing",
    ),
    (
        "text_to_speech",
        "speaks a text; only the speech cache keeps it",
    ),
    (
        "voice_message",
        "a voice conversation turn: its messages and their audio are its record",
    ),
    ("send_sms", "sends a message: the SMS log is its record"),
    (
        "simulate_call",
        "a call in the browser, without Twilio: the call and its conversation are its record",
    ),
    (
        "simulator_speech",
        "a simulated call's turn: its conversation is its record",
    ),
    (
        "simulator_hangup",
        "ends a simulated call: the call's status is its record",
    ),
    (
        "send_notification",
        "sends a message: the SMS log is its record",
    ),
    (
        "send_verification",
        "sends a code: the SMS log is its record, and user.phone_verify the change it leads to",
    ),
    ("refresh", "continues a session recorded at sign-in"),
    ("refresh_token", "continues a session recorded at sign-in"),
    ("touch_last_active", "records a use, like a read"),
    (
        "forgot_password",
        "answers alike for every address: the job that mails the link records user.password_reset_request, \
         with the request's origin, later (auth.rs tests it)",
    ),
];

/// Whether `path` (as sent, `/api/…`) is the document's `template`.
fn matches(template: &str, path: &str) -> bool {
    let path = path.strip_prefix("/api").unwrap_or(path);
    let (t, p): (Vec<&str>, Vec<&str>) = (template.split('/').collect(), path.split('/').collect());
    t.len() == p.len()
        && t.iter()
            .zip(&p)
            .all(|(t, p)| (t.starts_with('{') && !p.is_empty()) || t == p)
}

/// The audit walk: every mutating operation of the document (but those of
/// [`NOT_CHANGES`]) was called successfully by the test that ran on `app`,
/// and each successful call wrote at least one entry with its request id.
pub async fn every_change_wrote_an_entry(app: &TestApp) {
    let document: Value = serde_json::from_str(&agentforge_server::openapi_json(
        &agentforge_server::openapi_document(),
    ))
    .unwrap();
    let calls = app.calls.lock().unwrap().clone();
    let mut operations = Vec::new();
    for (template, item) in document["paths"].as_object().unwrap() {
        for (method, operation) in item.as_object().unwrap() {
            if matches!(method.as_str(), "post" | "put" | "patch" | "delete") {
                operations.push((
                    method.to_uppercase(),
                    template.clone(),
                    operation["operationId"].as_str().unwrap().to_owned(),
                ));
            }
        }
    }
    // A path that fits several templates belongs to the one with the most
    // fixed segments (`/mcp/import` before `/mcp/{id}`).
    let owner = |method: &str, path: &str| {
        operations
            .iter()
            .filter(|(m, t, _)| m == method && matches(t, path))
            .max_by_key(|(_, t, _)| t.split('/').filter(|s| !s.starts_with('{')).count())
            .map(|(_, _, id)| id.clone())
    };
    let mut unaudited = Vec::new();
    let mut called = std::collections::BTreeSet::new();
    for call in calls.iter().filter(|c| (200..300).contains(&c.status)) {
        let Some(id) = owner(call.method.as_str(), &call.path) else {
            continue;
        };
        if NOT_CHANGES.iter().any(|(n, _)| *n == id) {
            continue;
        }
        called.insert(id.clone());
        let entries = app
            .store
            .audit()
            .list(
                &agentforge_store::AuditFilter {
                    request_id: Some(call.request_id.clone()),
                    ..Default::default()
                },
                10,
            )
            .await
            .unwrap();
        if entries.is_empty() {
            unaudited.push(format!("{id} ({} {})", call.method, call.path));
        }
    }
    assert!(
        unaudited.is_empty(),
        "changes that wrote no audit entry: {unaudited:#?}"
    );
    let never: Vec<&String> = operations
        .iter()
        .map(|(_, _, id)| id)
        .filter(|id| !called.contains(*id) && !NOT_CHANGES.iter().any(|(n, _)| n == id))
        .collect();
    assert!(
        never.is_empty(),
        "mutating operations the walk never saw succeed: {never:?}"
    );
}

#[tokio::test]
async fn team_admins_read_the_activity_of_their_team_and_its_agents() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let (status, team) = app
            .send_json(
                Method::POST,
                "/api/teams",
                Some(&ada),
                &json!({"name": "Support"}),
            )
            .await;
        assert_eq!(status, 201, "{team}");
        let team_id = team["data"]["id"].as_str().unwrap().to_owned();
        let agent = create_agent(&app, &ada, "Helper").await;
        let (status, body) = app
            .send_json(
                Method::POST,
                &format!("/api/agents/{agent}/share"),
                Some(&ada),
                &json!({"teamId": team_id}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let (status, body) = app
            .send_json(
                Method::POST,
                &format!("/api/teams/{team_id}/members"),
                Some(&ada),
                &json!({"email": "grace@example.com", "role": "member"}),
            )
            .await;
        assert!((200..300).contains(&status), "{body}");
        // An edit of the team's agent is the team's activity too.
        let (status, _) = app
            .send_json(
                Method::PUT,
                &format!("/api/agents/{agent}"),
                Some(&ada),
                &json!({"name": "Helper 2"}),
            )
            .await;
        assert_eq!(status, 200);

        let activity = app
            .api(&ada)
            .team_activity(&team_id, &AuditQuery::default())
            .await
            .value();
        let actions: Vec<AuditAction> = activity.entries.iter().map(|e| e.action).collect();
        for expected in [
            AuditAction::TeamCreate,
            AuditAction::AgentShare,
            AuditAction::TeamMemberAdd,
            AuditAction::AgentUpdate,
        ] {
            assert!(
                actions.contains(&expected),
                "{expected:?} missing from {actions:?}"
            );
        }
        assert!(
            activity
                .entries
                .iter()
                .all(|e| e.team_id.as_deref() == Some(team_id.as_str()))
        );
        assert!(activity.entries.iter().all(|e| e.ip.is_none()));
        // A member may not read it.
        let failure = app
            .api(&grace)
            .team_activity(&team_id, &AuditQuery::default())
            .await
            .unwrap_err();
        assert_eq!(failure.status, 403);
    })
    .await;
}
