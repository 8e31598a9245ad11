//! The analytics reports: counted from the hourly rollups once the rollup
//! job has run, scoped to the caller's agents (or the platform for admins),
//! with every bad period refused.

use agentforge_server::refresh_analytics;
use serde_json::{Value, json};

use crate::fixtures::{agent, post, sign_up};
use crate::helpers::{TestApp, assert_error, for_each_engine};

async fn chat(app: &TestApp, token: &str, agent_id: &str, message: &str) {
    let (status, body) = post(
        app,
        &format!("/api/agents/{agent_id}/chat"),
        token,
        json!({ "message": message }),
    )
    .await;
    assert_eq!(status, 200, "{body}");
}

/// Runs `sql` (an UPDATE) straight on the database.
async fn execute(app: &TestApp, sql: &str) {
    use sea_orm::{ConnectionTrait, Statement};
    let db = sea_orm::Database::connect(&app.database_url).await.unwrap();
    db.execute_raw(Statement::from_string(db.get_database_backend(), sql))
        .await
        .unwrap();
}

async fn report(app: &TestApp, token: &str, path: &str) -> Value {
    let (status, body) = app.get_as(path, token).await;
    assert_eq!(status, 200, "{path}: {body}");
    body["data"].clone()
}

#[tokio::test]
async fn reports_count_the_rollups_for_whoever_may_see_them() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let grace = sign_up(&app, "grace@example.com").await;
        let nova = agent(&app, &ada, json!({"name": "Nova", "status": "active"})).await;
        let iris = agent(&app, &grace, json!({"name": "Iris", "status": "active"})).await;
        chat(&app, &ada, &nova, "How long do refunds take?").await;
        chat(&app, &ada, &nova, "And exchanges?").await;
        chat(&app, &grace, &iris, "Hello").await;
        // Nova's answers each called a tool that took 120 ms and failed.
        execute(
            &app,
            &format!(
                "UPDATE messages SET tool_calls = '[{{\"id\":\"c1\",\"name\":\"search\",\"arguments\":{{}},\"result\":\"no\",\"is_error\":true,\"duration_ms\":120}}]'
                 WHERE role = 'assistant' AND conversation_id IN (SELECT id FROM conversations WHERE agent_id = '{nova}')"
            ),
        )
        .await;

        // Before the rollup has run, the reports say so and count nothing.
        let before = report(&app, &ada, "/api/analytics/overview").await;
        assert_eq!(before["current"]["messages"], 0);
        assert!(before["range"]["dataThrough"].is_null());

        refresh_analytics(&app.store, chrono::Utc::now()).await.unwrap();
        // Running it again, twice at once (two instances), changes nothing:
        // a window is redone whole.
        let (a, b) = tokio::join!(
            refresh_analytics(&app.store, chrono::Utc::now()),
            refresh_analytics(&app.store, chrono::Utc::now())
        );
        a.unwrap();
        b.unwrap();

        let overview = report(&app, &ada, "/api/analytics/overview?period=day").await;
        assert!(overview["range"]["dataThrough"].is_string());
        assert_eq!(overview["range"]["interval"], "hour");
        assert_eq!(overview["range"]["scope"], "mine");
        let current = &overview["current"];
        assert_eq!(
            (current["conversations"].as_u64(), current["messages"].as_u64(), current["answers"].as_u64(), current["users"].as_u64()),
            (Some(2), Some(4), Some(2), Some(1)),
            "{current}"
        );
        assert!(current["averageLatencyMs"].is_number());
        assert_eq!(current["errorRate"], 0.0);
        assert!(current["estimatedCostUsd"].is_null(), "no prices configured");
        assert_eq!(overview["previous"]["messages"], 0);
        assert!(overview["change"]["messages"].is_null(), "nothing to compare with");
        let series = overview["series"].as_array().unwrap();
        assert_eq!(series.len(), 24);
        assert_eq!(series.iter().map(|p| p["messages"].as_u64().unwrap()).sum::<u64>(), 4);

        // Grace sees hers only; the platform is for admins.
        let theirs = report(&app, &grace, "/api/analytics/overview").await;
        assert_eq!(theirs["current"]["messages"], 2);
        let (status, body) = app.get_as("/api/analytics/overview?scope=platform", &grace).await;
        assert_error(status, &body, 403, "admin_required");
        let platform = report(&app, &admin, "/api/analytics/overview?scope=platform").await;
        assert_eq!(platform["current"]["messages"], 6);
        assert_eq!(platform["range"]["scope"], "platform");
        let mine = report(&app, &admin, "/api/analytics/overview").await;
        assert_eq!(mine["current"]["messages"], 0, "the admin has no agents of their own");
        // Another's agent is not found, as everywhere.
        let (status, body) = app
            .get_as(&format!("/api/analytics/overview?agentId={iris}"), &ada)
            .await;
        assert_error(status, &body, 404, "agent_not_found");
        let one = report(&app, &admin, &format!("/api/analytics/agents?scope=platform&agentId={iris}")).await;
        assert_eq!(one["agents"].as_array().unwrap().len(), 1);

        let performance = report(&app, &ada, "/api/analytics/performance?period=week").await;
        assert_eq!(performance["overall"]["answers"], 2);
        assert!(performance["overall"]["p50Ms"].is_number(), "{performance}");
        assert!(performance["overall"]["p99Ms"].is_number());
        assert_eq!(performance["agents"][0]["agentName"], "Nova");
        assert_eq!(performance["providers"][0]["provider"], "builtin");
        assert_eq!(performance["toolCalls"], 2);
        assert_eq!(performance["toolErrors"], 2);
        assert_eq!(performance["tools"][0]["calls"], 2);
        assert_eq!(performance["tools"][0]["tool"], "search");
        let tool_p50 = performance["tools"][0]["p50Ms"].as_f64().unwrap();
        assert!((114.0..=126.0).contains(&tool_p50), "within 5 %: {tool_p50}");

        let usage = report(&app, &ada, "/api/analytics/usage").await;
        assert_eq!(usage["messages"], 4);
        let models = usage["models"].as_array().unwrap();
        assert_eq!(models.len(), 1, "{usage}");
        assert_eq!(models[0]["provider"], "builtin");
        let model = models[0]["model"].as_str().unwrap().to_owned();
        assert_eq!(usage["series"].as_array().unwrap().len(), 30);

        let metric = report(&app, &ada, "/api/analytics/metrics?period=week&metric=answers&interval=hour").await;
        let points = metric["points"].as_array().unwrap();
        // From the start of the day six days ago to the end of this hour.
        let hours = |r: &Value| {
            let at = |k: &str| chrono::DateTime::parse_from_rfc3339(r[k].as_str().unwrap()).unwrap();
            (at("to") - at("from")).num_hours() as usize
        };
        assert_eq!(points.len(), hours(&metric["range"]));
        assert!((145..=168).contains(&points.len()));
        assert_eq!(points.iter().filter_map(|p| p["value"].as_f64()).sum::<f64>(), 2.0);
        let rate = report(&app, &ada, "/api/analytics/metrics?period=day&metric=error_rate").await;
        assert!(rate["points"].as_array().unwrap().iter().any(|p| p["value"] == 0.0));
        assert!(rate["points"].as_array().unwrap().iter().any(|p| p["value"].is_null()), "no answers, no rate");

        let agents = report(&app, &admin, "/api/analytics/agents?scope=platform").await;
        let rows = agents["agents"].as_array().unwrap();
        assert_eq!(rows.len(), 2);
        assert_eq!((rows[0]["agentName"].as_str(), rows[0]["messages"].as_u64()), (Some("Nova"), Some(4)));

        let conversations = report(&app, &ada, "/api/analytics/conversations").await;
        assert_eq!(conversations["conversations"], 2);
        assert_eq!(conversations["byChannel"][0]["channel"], "web");
        assert_eq!(conversations["averageMessages"], 2.0);
        let hours = conversations["byHourOfDay"].as_array().unwrap();
        assert_eq!(hours.len(), 24);
        assert_eq!(hours.iter().map(|h| h.as_u64().unwrap()).sum::<u64>(), 2);
        assert_eq!(conversations["byStatus"][0]["conversations"], 2);

        let live = report(&app, &ada, "/api/analytics/realtime").await;
        assert_eq!(live["answersLastMinute"], 2);
        assert!(live["openSockets"].is_null() && live["queuedJobs"].is_null());
        let live = report(&app, &admin, "/api/analytics/realtime?scope=platform").await;
        assert_eq!(live["answersLastMinute"], 3);
        assert!(live["queuedJobs"].is_number());

        // A price table puts a cost on the model's tokens.
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                "/api/admin/configuration",
                Some(&admin),
                &json!({"pricing": {"models": {model: {"inputPerMillion": 1000.0, "outputPerMillion": 2000.0}}}}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let priced = report(&app, &ada, "/api/analytics/usage").await;
        // Only answers have a model: the questions' tokens cost nothing here.
        let tokens_in = priced["models"][0]["tokensIn"].as_f64().unwrap();
        let tokens_out = priced["models"][0]["tokensOut"].as_f64().unwrap();
        let expected = ((tokens_in * 1000.0 + tokens_out * 2000.0) / 1e6 * 10_000.0).round() / 10_000.0;
        assert_eq!(priced["estimatedCostUsd"].as_f64(), Some(expected));
        assert_eq!(priced["models"][0]["estimatedCostUsd"].as_f64(), Some(expected));
    })
    .await;
}

#[tokio::test]
async fn bad_periods_and_ranges_are_refused() {
    for_each_engine(async |app: TestApp| {
        let ada = sign_up(&app, "ada@example.com").await;
        for (query, field) in [
            ("period=fortnight", "period"),
            ("from=yesterday", "from"),
            ("from=2026-02-01&to=2026-01-01", "to"),
            ("from=2020-01-01&to=2026-01-01", "to"),
            ("period=year&interval=hour", "interval"),
            ("metric=happiness", "metric"),
            ("scope=everyone", "scope"),
        ] {
            let (status, body) = app
                .get_as(&format!("/api/analytics/metrics?{query}"), &ada)
                .await;
            assert_eq!(status, 422, "{query}: {body}");
            assert!(
                body["errors"]
                    .as_array()
                    .is_some_and(|e| e.iter().any(|e| e["field"] == field))
                    || body["message"].as_str().is_some_and(|m| m.contains(field)),
                "{query}: {body}"
            );
        }
        assert_eq!(
            app.get("/api/analytics/overview").await.status().as_u16(),
            401
        );
        // A custom range is counted in whole hours.
        let range = report(
            &app,
            &ada,
            "/api/analytics/overview?from=2026-01-01T10:30:00Z&to=2026-01-02T10:10:00Z",
        )
        .await;
        assert_eq!(range["range"]["from"], "2026-01-01T10:00:00Z");
        assert_eq!(range["range"]["to"], "2026-01-02T11:00:00Z");
        assert!(range["range"]["period"].is_null());
        assert_eq!(range["series"].as_array().unwrap().len(), 25);
        // `to` alone ends a span of the period's length.
        let week = report(
            &app,
            &ada,
            "/api/analytics/overview?period=week&to=2026-01-08T00:00:00Z",
        )
        .await;
        assert_eq!(week["range"]["from"], "2026-01-01T00:00:00Z");
        assert_eq!(week["range"]["interval"], "day");
    })
    .await;
}

#[tokio::test]
async fn a_rebuild_recounts_from_the_first_conversation() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "admin@example.com").await;
        let nova = agent(&app, &admin, json!({"name": "Nova", "status": "active"})).await;
        chat(&app, &admin, &nova, "Hello").await;
        refresh_analytics(&app.store, chrono::Utc::now())
            .await
            .unwrap();
        // History written behind the rollup's back (an import, a restore):
        // moved two days into the past, where the rollup has settled.
        let back = match app.engine {
            agentforge_testkit::Engine::Postgres => "created_at - interval '2 days'".to_owned(),
            _ => "strftime('%Y-%m-%dT%H:%M:%f+00:00', created_at, '-2 days')".to_owned(),
        };
        execute(&app, &format!("UPDATE messages SET created_at = {back}")).await;
        execute(
            &app,
            &format!(
                "UPDATE conversations SET started_at = {}",
                back.replace("created_at", "started_at")
            ),
        )
        .await;
        refresh_analytics(&app.store, chrono::Utc::now())
            .await
            .unwrap();
        let stale = report(&app, &admin, "/api/analytics/overview?period=week").await;
        assert_eq!(
            stale["current"]["messages"], 0,
            "the hours they moved to were settled before they came"
        );

        let (status, body) = post(&app, "/api/admin/analytics/rebuild", &admin, json!({})).await;
        assert_eq!(status, 202, "{body}");
        assert_eq!(app.audit("analytics.rebuild").await.len(), 1);
        crate::fixtures::eventually(|| async {
            let week = report(&app, &admin, "/api/analytics/overview?period=week").await;
            let series = week["series"].as_array().unwrap().clone();
            // Two days ago holds them now; today holds nothing.
            series[4]["messages"] == 2 && series[6]["messages"] == 0
        })
        .await;
        let user = sign_up(&app, "ada@example.com").await;
        let (status, body) = post(&app, "/api/admin/analytics/rebuild", &user, json!({})).await;
        assert_error(status, &body, 403, "admin_required");
    })
    .await;
}
