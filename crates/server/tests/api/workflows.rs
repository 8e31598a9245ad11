//! Workflows: saving (checked, versioned), and runs through the executor
//! on the durable queue — every node type against stand-ins (the built-in
//! model, a local HTTP server, the mail outbox, Twilio's stand-in),
//! conditions, error branches with retries, loops, delays as scheduled
//! jobs, cancel and retry from the failed node, the webhook, event and
//! schedule triggers (one run per slot with two instances), live events,
//! and ai-generate. On both engines.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use agentforge_domain::workflow::{ExecutionStatus, StepStatus, WorkflowStatus};
use agentforge_server::dto::*;
use axum::Json;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{deployed_agent, eventually, sign_up};
use crate::helpers::{TestApp, for_each_engine_with};

const ALLOW_LOCAL: [(&str, &str); 1] = [("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")];

fn graph(value: Value) -> Graph {
    serde_json::from_value(value).expect("a graph")
}

fn new_workflow(name: &str, graph_json: Value) -> WorkflowIn {
    WorkflowIn {
        name: name.into(),
        description: None,
        status: None,
        trigger: None,
        graph: Some(graph(graph_json)),
    }
}

/// Waits for the run to finish; gives it with its steps.
async fn finished(app: &TestApp, token: &str, id: &str) -> ExecutionOut {
    let mut last = None;
    for _ in 0..300 {
        let run = app.api(token).get_execution(id).await.value();
        if matches!(
            run.status,
            ExecutionStatus::Succeeded | ExecutionStatus::Failed | ExecutionStatus::Canceled
        ) {
            return run;
        }
        last = Some(run);
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the run never finished: {last:?}");
}

fn step<'a>(run: &'a ExecutionOut, node: &str) -> &'a StepOut {
    run.steps
        .iter()
        .rfind(|s| s.node_id == node)
        .unwrap_or_else(|| panic!("no step of {node} in {:?}", run.steps))
}

/// A local API: `/echo` answers what it was sent, `/flaky` fails its
/// first two calls.
async fn local_api() -> (String, Arc<AtomicUsize>) {
    let flaky = Arc::new(AtomicUsize::new(0));
    let calls = flaky.clone();
    let router = axum::Router::new()
        .route(
            "/echo",
            axum::routing::post(
                |Json(body): Json<Value>| async move { Json(json!({"got": body})) },
            ),
        )
        .route(
            "/flaky",
            axum::routing::get(move || {
                let calls = calls.clone();
                async move {
                    if calls.fetch_add(1, Ordering::SeqCst) < 2 {
                        (axum::http::StatusCode::SERVICE_UNAVAILABLE, "busy")
                            .into_response_parts_json()
                    } else {
                        (axum::http::StatusCode::OK, "{\"ok\":true}").into_response_parts_json()
                    }
                }
            }),
        );
    (agentforge_testkit::serve(router).await, flaky)
}

trait JsonText {
    fn into_response_parts_json(self) -> axum::response::Response;
}

impl JsonText for (axum::http::StatusCode, &'static str) {
    fn into_response_parts_json(self) -> axum::response::Response {
        use axum::response::IntoResponse;
        (self.0, [("content-type", "application/json")], self.1).into_response()
    }
}

#[tokio::test]
async fn a_run_goes_through_every_kind_of_node_and_records_each_step() {
    for_each_engine_with(&ALLOW_LOCAL, async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Helper").await;
        let (base, flaky) = local_api().await;
        let workflow = api
            .create_workflow(&new_workflow(
                "Everything",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "shape", "type": "transform", "data": {"template": "{\"name\": \"{{ input.name }}\", \"n\": {{ input.n * 2 }}}", "format": "json"}},
                        {"id": "post", "type": "http", "data": {"method": "POST", "url": format!("{base}/echo"), "body": "{{ nodes.shape.output | tojson }}"}},
                        {"id": "flaky", "type": "http", "retries": 2, "retryBackoffSeconds": 1, "data": {"method": "GET", "url": format!("{base}/flaky")}},
                        {"id": "ask", "type": "agent", "data": {"agentId": agent, "message": "Hello from {{ input.name }}"}},
                        {"id": "think", "type": "llm", "data": {"prompt": "Say hi to {{ input.name }}"}},
                        {"id": "big", "type": "condition", "data": {"expression": "nodes.post.output.body.got.n > 5"}},
                        {"id": "mail", "type": "email", "data": {"to": "ops@example.com", "subject": "Run {{ run.id }}", "body": "n is {{ nodes.shape.output.n }}"}},
                        {"id": "small", "type": "end", "data": {"output": {"size": "small"}}},
                        {"id": "done", "type": "end", "data": {"output": {"size": "big", "n": "{{ nodes.shape.output.n }}", "answer": "{{ nodes.ask.output.answer }}"}}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "shape"},
                        {"id": "e2", "source": "shape", "target": "post"},
                        {"id": "e3", "source": "post", "target": "flaky"},
                        {"id": "e4", "source": "flaky", "target": "ask"},
                        {"id": "e5", "source": "ask", "target": "think"},
                        {"id": "e6", "source": "think", "target": "big"},
                        {"id": "e7", "source": "big", "target": "mail", "sourceHandle": "true"},
                        {"id": "e8", "source": "big", "target": "small", "sourceHandle": "false"},
                        {"id": "e9", "source": "mail", "target": "done"}
                    ]
                }),
            ))
            .await
            .value();
        assert_eq!(workflow.version, 1);
        let run = api
            .execute_workflow(&workflow.id, &ExecuteIn { input: Some(json!({"name": "Ada", "n": 21})) })
            .await
            .value();
        assert_eq!(run.status, ExecutionStatus::Queued);
        let run = finished(&app, &token, &run.id).await;
        assert_eq!(run.status, ExecutionStatus::Succeeded, "{run:?}");
        assert_eq!(run.version, 1);
        assert_eq!(step(&run, "shape").output, Some(json!({"name": "Ada", "n": 42})));
        assert_eq!(step(&run, "post").output.as_ref().unwrap()["body"]["got"]["n"], 42);
        // Two failures, then the third try succeeded.
        let flaky_step = step(&run, "flaky");
        assert_eq!((flaky_step.status, flaky_step.attempts), (StepStatus::Succeeded, 3));
        assert_eq!(flaky.load(Ordering::SeqCst), 3);
        let answer = step(&run, "ask").output.as_ref().unwrap()["answer"].as_str().unwrap().to_owned();
        assert!(!answer.is_empty());
        assert_eq!(step(&run, "think").output.as_ref().unwrap()["provider"], "builtin");
        assert_eq!(step(&run, "big").output, Some(json!({"result": true})));
        assert_eq!(step(&run, "small").status, StepStatus::Skipped);
        assert_eq!(step(&run, "mail").input.as_ref().unwrap()["to"], "ops@example.com");
        assert_eq!(run.output, Some(json!({"size": "big", "n": 42, "answer": answer})));
        // The email went through the outbox, in the workflow's template.
        let (mails, _) = app.store.outbox().list(1, 100).await.unwrap();
        assert!(mails.iter().any(|m| m.to_address == "ops@example.com" && m.template.map(|t| t.as_str()) == Some("workflow_message")), "{mails:?}");
        // The agent's turn is a conversation the run holds.
        let runs = api.workflow_executions(&workflow.id, &ExecutionsQuery::default()).await.value();
        assert_eq!(runs.len(), 1);
        assert!(runs[0].steps.is_empty());
        assert_eq!(api.list_workflows().await.value()[0].stats.succeeded, 1);
        assert_eq!(app.audit("workflow.execute").await.len(), 1);
    })
    .await;
}

#[tokio::test]
async fn saves_are_checked_naming_the_node_and_each_is_a_version() {
    for_each_engine_with(&[], async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let other = sign_up(&app, "bob@example.com").await;
        let theirs = deployed_agent(&app, &other, "Theirs").await;
        let api = app.api(&token);
        let bad = api
            .create_workflow(&new_workflow(
                "Bad",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "fetch", "type": "http", "data": {"method": "GET", "url": "ftp://x"}},
                        {"id": "ask", "type": "agent", "data": {"agentId": theirs, "message": "hi"}},
                        {"id": "lost", "type": "end"}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "fetch"},
                        {"id": "e2", "source": "fetch", "target": "ask"}
                    ]
                }),
            ))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        let fields: Vec<&str> = bad.errors.iter().map(|e| e.field.as_str()).collect();
        assert_eq!(fields, ["graph.nodes.fetch.data.url"], "{bad:?}");
        // The graph's shape is checked once the settings pass; another's agent is as good as absent.
        let bad = api
            .validate_workflow(&ValidateIn {
                graph: graph(json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "ask", "type": "agent", "data": {"agentId": theirs, "message": "hi"}},
                        {"id": "lost", "type": "end"},
                        {"id": "a", "type": "transform", "data": {"template": "x"}},
                        {"id": "b", "type": "transform", "data": {"template": "y"}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "ask"},
                        {"id": "e2", "source": "ask", "target": "a"},
                        {"id": "e3", "source": "a", "target": "b"},
                        {"id": "e4", "source": "b", "target": "a"}
                    ]
                })),
                trigger: None,
            })
            .await
            .value();
        assert!(!bad.valid);
        let fields: Vec<&str> = bad.problems.iter().map(|p| p.field.as_str()).collect();
        assert!(fields.contains(&"graph.nodes.lost"), "{fields:?}");
        assert!(fields.contains(&"graph.nodes.a"), "{fields:?}");
        let mine = deployed_agent(&app, &token, "Mine").await;
        let ok = api
            .create_workflow(&new_workflow(
                "Good",
                json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "ask", "type": "agent", "data": {"agentId": mine, "message": "hi"}}],
                       "edges": [{"id": "e1", "source": "start", "target": "ask"}]}),
            ))
            .await
            .value();
        let theirs_now = api
            .update_workflow(
                &ok.id,
                &WorkflowUpdateIn {
                    graph: Some(graph(json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "ask", "type": "agent", "data": {"agentId": theirs, "message": "hi"}}],
                        "edges": [{"id": "e1", "source": "start", "target": "ask"}]}))),
                    ..WorkflowUpdateIn::default()
                },
            )
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(theirs_now.errors[0].field, "graph.nodes.ask.data.agentId");
        // A description alone is no new version; a graph is.
        let same = api
            .update_workflow(&ok.id, &WorkflowUpdateIn { description: Some("Asks".into()), ..Default::default() })
            .await
            .value();
        assert_eq!(same.version, 1);
        let next = api
            .update_workflow(
                &ok.id,
                &WorkflowUpdateIn {
                    graph: Some(graph(json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "end", "type": "end"}], "edges": [{"id": "e1", "source": "start", "target": "end"}]}))),
                    ..Default::default()
                },
            )
            .await
            .value();
        assert_eq!(next.version, 2);
        let versions = api.workflow_versions(&ok.id).await.value();
        assert_eq!(versions.iter().map(|v| v.version).collect::<Vec<_>>(), [2, 1]);
        // Someone else's workflow is not found.
        app.api(&other).get_workflow(&ok.id).await.unwrap_err().expect(404, "workflow_not_found");
        app.api(&other)
            .execute_workflow(&ok.id, &ExecuteIn::default())
            .await
            .unwrap_err()
            .expect(404, "workflow_not_found");
        // A bad cron or time zone names its field.
        let bad = api
            .update_workflow(
                &ok.id,
                &WorkflowUpdateIn {
                    trigger: Some(serde_json::from_value(json!({"type": "schedule", "cron": "0 9 * *", "timezone": "Mars/Base"})).unwrap()),
                    ..Default::default()
                },
            )
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(bad.errors[0].field, "trigger.cron");
        api.delete_workflow(&ok.id).await.value();
        api.get_workflow(&ok.id).await.unwrap_err().expect(404, "workflow_not_found");
    })
    .await;
}

#[tokio::test]
async fn failures_follow_the_error_branch_or_fail_the_run_which_retries_from_its_failed_node() {
    for_each_engine_with(&ALLOW_LOCAL, async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let (base, flaky) = local_api().await;
        // Handled: the error edge runs, with the error in its variables.
        let handled = api
            .create_workflow(&new_workflow(
                "Handled",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "call", "type": "http", "data": {"method": "GET", "url": format!("{base}/missing")}},
                        {"id": "fine", "type": "end"},
                        {"id": "oops", "type": "end", "data": {"output": {"why": "{{ error.message }}", "at": "{{ error.nodeId }}"}}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "call"},
                        {"id": "e2", "source": "call", "target": "fine"},
                        {"id": "e3", "source": "call", "target": "oops", "sourceHandle": "error"}
                    ]
                }),
            ))
            .await
            .value();
        let run = api.execute_workflow(&handled.id, &ExecuteIn::default()).await.value();
        let run = finished(&app, &token, &run.id).await;
        assert_eq!(run.status, ExecutionStatus::Succeeded, "{run:?}");
        assert_eq!(step(&run, "call").status, StepStatus::Failed);
        assert_eq!(step(&run, "fine").status, StepStatus::Skipped);
        let output = run.output.unwrap();
        assert_eq!(output["at"], "call");
        assert!(output["why"].as_str().unwrap().contains("HTTP 404"), "{output}");
        // Unhandled: the run fails at the node, and a retry goes on from there.
        let unhandled = api
            .create_workflow(&new_workflow(
                "Unhandled",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "first", "type": "transform", "data": {"template": "once"}},
                        {"id": "call", "type": "http", "data": {"method": "GET", "url": format!("{base}/flaky")}},
                        {"id": "done", "type": "end", "data": {"output": {"first": "{{ nodes.first.output.text }}"}}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "first"},
                        {"id": "e2", "source": "first", "target": "call"},
                        {"id": "e3", "source": "call", "target": "done"}
                    ]
                }),
            ))
            .await
            .value();
        let run = api.execute_workflow(&unhandled.id, &ExecuteIn::default()).await.value();
        let failed = finished(&app, &token, &run.id).await;
        assert_eq!(failed.status, ExecutionStatus::Failed);
        assert_eq!(failed.failed_node_id.as_deref(), Some("call"));
        assert!(failed.error.as_deref().unwrap().contains("HTTP 503"));
        api.cancel_execution(&run.id).await.unwrap_err().expect(409, "run_finished");
        // Second failure on the first retry, success on the next.
        api.retry_execution(&run.id).await.value();
        let again = finished(&app, &token, &run.id).await;
        assert_eq!(again.status, ExecutionStatus::Failed);
        api.retry_execution(&run.id).await.value();
        let done = finished(&app, &token, &run.id).await;
        assert_eq!(done.status, ExecutionStatus::Succeeded, "{done:?}");
        assert_eq!(done.retries, 2);
        assert_eq!(done.output, Some(json!({"first": "once"})));
        // The finished node before it ran once.
        assert_eq!(step(&done, "first").attempts, 1);
        assert_eq!(flaky.load(Ordering::SeqCst), 3);
        api.retry_execution(&run.id).await.unwrap_err().expect(409, "run_not_failed");
        assert_eq!(app.audit("workflow.retry").await.len(), 2);
    })
    .await;
}

#[tokio::test]
async fn loops_run_again_a_bounded_number_of_times_and_delays_wait_as_scheduled_jobs() {
    for_each_engine_with(&[], async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let looped = api
            .create_workflow(&new_workflow(
                "Loop",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "tick", "type": "transform", "data": {"template": "tick"}},
                        {"id": "pause", "type": "delay", "data": {"seconds": 1}},
                        {"id": "more", "type": "condition", "data": {"expression": "true"}},
                        {"id": "done", "type": "end"}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "tick"},
                        {"id": "e2", "source": "tick", "target": "pause"},
                        {"id": "e3", "source": "pause", "target": "more"},
                        {"id": "back", "source": "more", "target": "tick", "sourceHandle": "true", "maxIterations": 2},
                        {"id": "e4", "source": "more", "target": "done", "sourceHandle": "false"}
                    ]
                }),
            ))
            .await
            .value();
        let run = api.execute_workflow(&looped.id, &ExecuteIn::default()).await.value();
        // While it waits, the delay is a step waiting for its time.
        eventually(|| async {
            let now = app.api(&token).get_execution(&run.id).await.value();
            now.steps.iter().any(|s| s.node_id == "pause" && s.status == StepStatus::Waiting && s.resume_at.is_some())
        })
        .await;
        let run = finished(&app, &token, &run.id).await;
        assert_eq!(run.status, ExecutionStatus::Succeeded, "{run:?}");
        let ticks: Vec<u32> = run.steps.iter().filter(|s| s.node_id == "tick").map(|s| s.iteration).collect();
        assert_eq!(ticks, [0, 1, 2]);
        // The third time the loop was spent: `true` led nowhere, so the end was skipped.
        assert_eq!(step(&run, "done").status, StepStatus::Skipped);
    })
    .await;
}

#[tokio::test]
async fn a_canceled_run_stops_and_triggers_start_runs_once() {
    for_each_engine_with(&[], async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        // Cancel during a delay: nothing after it runs.
        let slow = api
            .create_workflow(&new_workflow(
                "Slow",
                json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "wait", "type": "delay", "data": {"seconds": 3600}}, {"id": "done", "type": "end"}],
                       "edges": [{"id": "e1", "source": "start", "target": "wait"}, {"id": "e2", "source": "wait", "target": "done"}]}),
            ))
            .await
            .value();
        let run = api.execute_workflow(&slow.id, &ExecuteIn::default()).await.value();
        eventually(|| async {
            app.api(&token).get_execution(&run.id).await.value().steps.iter().any(|s| s.status == StepStatus::Waiting)
        })
        .await;
        let canceled = api.cancel_execution(&run.id).await.value();
        assert_eq!(canceled.status, ExecutionStatus::Canceled);
        assert_eq!(step(&canceled, "wait").status, StepStatus::Canceled);
        // Webhook: a secret URL; draft workflows refuse it.
        let hooked = api
            .create_workflow(&WorkflowIn {
                trigger: Some(serde_json::from_value(json!({"type": "webhook"})).unwrap()),
                ..new_workflow(
                    "Hooked",
                    json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "done", "type": "end", "data": {"output": {"got": "{{ input.order }}"}}}],
                           "edges": [{"id": "e1", "source": "start", "target": "done"}]}),
                )
            })
            .await
            .value();
        let url = hooked.webhook_url.clone().expect("a webhook URL");
        let token_part = url.rsplit('/').next().unwrap().to_owned();
        let anonymous = app.anonymous();
        anonymous
            .run_workflow_hook(&token_part, &json!({"order": 7}))
            .await
            .unwrap_err()
            .expect(409, "workflow_not_active");
        api.update_workflow(&hooked.id, &WorkflowUpdateIn { status: Some(WorkflowStatus::Active), ..Default::default() })
            .await
            .value();
        let accepted = anonymous.run_workflow_hook(&token_part, &json!({"order": 7})).await.value();
        let run = finished(&app, &token, &accepted.execution_id).await;
        assert_eq!((run.trigger, run.output), (RunTrigger::Webhook, Some(json!({"got": 7}))));
        anonymous.run_workflow_hook("nope", &json!({})).await.unwrap_err().expect(404, "workflow_not_found");
        let rotated = api.rotate_workflow_hook(&hooked.id).await.value();
        assert_ne!(rotated.webhook_url, hooked.webhook_url);
        anonymous.run_workflow_hook(&token_part, &json!({})).await.unwrap_err().expect(404, "workflow_not_found");
        // Event: a conversation with one of the owner's agents starts a run;
        // the run's own agent turns start none.
        let agent = deployed_agent(&app, &token, "Front desk").await;
        let watcher = api
            .create_workflow(&WorkflowIn {
                status: Some(WorkflowStatus::Active),
                trigger: Some(serde_json::from_value(json!({"type": "event", "event": "message.received"})).unwrap()),
                ..new_workflow(
                    "Watcher",
                    json!({"nodes": [{"id": "start", "type": "trigger"},
                                     {"id": "ask", "type": "agent", "data": {"agentId": agent, "message": "Summarize: {{ input.data.message.content }}"}},
                                     {"id": "done", "type": "end", "data": {"output": {"said": "{{ input.data.message.content }}"}}}],
                           "edges": [{"id": "e1", "source": "start", "target": "ask"}, {"id": "e2", "source": "ask", "target": "done"}]}),
                )
            })
            .await
            .value();
        let (status, body) = crate::fixtures::post(&app, &format!("/api/agents/{agent}/chat"), &token, json!({"message": "Where is my order?"})).await;
        assert_eq!(status, 200, "{body}");
        eventually(|| async {
            !app.api(&token).workflow_executions(&watcher.id, &ExecutionsQuery::default()).await.value().is_empty()
        })
        .await;
        let runs = api.workflow_executions(&watcher.id, &ExecutionsQuery::default()).await.value();
        let run = finished(&app, &token, &runs[0].id).await;
        assert_eq!(run.output, Some(json!({"said": "Where is my order?"})));
        tokio::time::sleep(std::time::Duration::from_millis(500)).await;
        assert_eq!(api.workflow_executions(&watcher.id, &ExecutionsQuery::default()).await.value().len(), 1);
        let overview = api.orchestration_overview().await.value();
        assert!(overview.recent.iter().any(|r| r.id == run.id));
        assert!(overview.workflows.iter().any(|w| w.workflow_id == watcher.id && w.runs == 1));
    })
    .await;
}

#[tokio::test]
async fn a_schedule_fires_once_per_slot_across_two_instances() {
    for_each_engine_with(&[], async |app| {
        let sibling = app.sibling().await;
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let ticking = api
            .create_workflow(&WorkflowIn {
                status: Some(WorkflowStatus::Active),
                trigger: Some(serde_json::from_value(json!({"type": "schedule", "cron": "* * * * * *", "timezone": "Europe/Paris"})).unwrap()),
                ..new_workflow(
                    "Every second",
                    json!({"nodes": [{"id": "start", "type": "trigger"}, {"id": "done", "type": "end", "data": {"output": {"at": "{{ input.scheduledAt }}"}}}],
                           "edges": [{"id": "e1", "source": "start", "target": "done"}]}),
                )
            })
            .await
            .value();
        assert!(ticking.next_run_at.is_some());
        eventually(|| async {
            app.api(&token).workflow_executions(&ticking.id, &ExecutionsQuery::default()).await.value().len() >= 3
        })
        .await;
        api.update_workflow(&ticking.id, &WorkflowUpdateIn { status: Some(WorkflowStatus::Paused), ..Default::default() })
            .await
            .value();
        tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
        let runs = api.workflow_executions(&ticking.id, &ExecutionsQuery { status: None, limit: Some(200) }).await.value();
        // One run per slot, whichever instance fired it.
        let mut slots: Vec<String> = runs.iter().map(|r| r.input["scheduledAt"].as_str().unwrap().to_owned()).collect();
        let all = slots.len();
        slots.sort();
        slots.dedup();
        assert_eq!(slots.len(), all, "{slots:?}");
        drop(sibling);
    })
    .await;
}

#[tokio::test]
async fn ai_generate_builds_a_valid_workflow_from_templates_without_a_model() {
    for_each_engine_with(&[], async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let generated = api
            .ai_generate_workflow(&AiGenerateIn {
                description: "Every day summarize new support tickets and email me the urgent ones"
                    .into(),
                complexity: None,
                include_error_handling: None,
                include_monitoring: None,
                category: None,
                target_platforms: None,
            })
            .await
            .value();
        assert_eq!(generated.generated_by, GeneratedBy::Templates);
        assert_eq!(generated.trigger.kind, TriggerKind::Schedule);
        assert!(
            generated
                .graph
                .edges
                .iter()
                .any(|e| e.source_handle == Some(EdgeHandle::Error))
        );
        // Saved as it came, it passes the save's checks.
        let saved = api
            .create_workflow(&WorkflowIn {
                name: generated.name.clone(),
                description: Some(generated.description.clone()),
                status: None,
                trigger: Some(generated.trigger.clone()),
                graph: Some(generated.graph.clone()),
            })
            .await
            .value();
        assert_eq!(saved.graph, generated.graph);
        let short = api
            .ai_generate_workflow(&AiGenerateIn {
                description: "hi".into(),
                complexity: None,
                include_error_handling: None,
                include_monitoring: None,
                category: None,
                target_platforms: None,
            })
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(short.errors[0].field, "description");
    })
    .await;
}

#[tokio::test]
async fn a_workflow_cannot_flood_inboxes() {
    for_each_engine_with(&[], async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        // One email, then a loop back to it a hundred times: 101 sends.
        let flood = api
            .create_workflow(&new_workflow(
                "Flood",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "mail", "type": "email", "data": {"to": "victim@example.com", "subject": "Hi", "body": "Again"}},
                        {"id": "again", "type": "condition", "data": {"expression": "true"}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "mail"},
                        {"id": "e2", "source": "mail", "target": "again"},
                        {"id": "back", "source": "again", "target": "mail", "sourceHandle": "true", "maxIterations": 100}
                    ]
                }),
            ))
            .await
            .value();
        let run = api.execute_workflow(&flood.id, &ExecuteIn::default()).await.value();
        let mut run = finished(&app, &token, &run.id).await;
        for _ in 0..200 {
            if run.status != ExecutionStatus::Running {
                break;
            }
            run = finished(&app, &token, &run.id).await;
        }
        assert_eq!(run.status, ExecutionStatus::Failed, "{:?}", run.error);
        assert!(run.error.as_deref().unwrap().contains("100 email messages this hour"), "{:?}", run.error);
        let (mails, _) = app.store.outbox().list(1, 200).await.unwrap();
        let sent = mails.iter().filter(|m| m.to_address == "victim@example.com").count();
        assert_eq!(sent, 100);
    })
    .await;
}

#[tokio::test]
async fn mcp_tool_and_sms_nodes_reach_their_stand_ins() {
    let stand_in = agentforge_testkit::mcp::McpStandIn::start(None).await;
    let services = agentforge_testkit::ServicesStandIn::start().await;
    let env = [
        ("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true"),
        (
            "AGENTFORGE_TWILIO_ACCOUNT_SID",
            agentforge_testkit::TWILIO_SID,
        ),
        (
            "AGENTFORGE_TWILIO_AUTH_TOKEN",
            agentforge_testkit::TWILIO_TOKEN,
        ),
        ("AGENTFORGE_TWILIO_PHONE_NUMBER", "+14155550100"),
        ("AGENTFORGE_TWILIO_BASE_URL", services.base.as_str()),
    ];
    for_each_engine_with(&env, async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let (status, server) = app
            .send_json(
                reqwest::Method::POST,
                "/api/mcp",
                Some(&token),
                &json!({"name": "Tools", "transport": "streamable_http", "url": stand_in.url()}),
            )
            .await;
        assert_eq!(status, 201, "{server}");
        let server_id = server["data"]["id"].as_str().unwrap().to_owned();
        let workflow = api
            .create_workflow(&new_workflow(
                "Tools and texts",
                json!({
                    "nodes": [
                        {"id": "start", "type": "trigger"},
                        {"id": "sum", "type": "mcp", "data": {"serverId": server_id, "tool": "add", "arguments": {"a": "{{ input.a }}", "b": 2}}},
                        {"id": "broken", "type": "mcp", "data": {"serverId": server_id, "tool": "fail"}},
                        {"id": "text", "type": "sms", "data": {"to": "{{ input.phone }}", "body": "The sum is {{ nodes.sum.output.text }}; {{ error.message }}"}}
                    ],
                    "edges": [
                        {"id": "e1", "source": "start", "target": "sum"},
                        {"id": "e2", "source": "sum", "target": "broken"},
                        {"id": "e3", "source": "broken", "target": "text", "sourceHandle": "error"}
                    ]
                }),
            ))
            .await
            .value();
        let run = api
            .execute_workflow(&workflow.id, &ExecuteIn { input: Some(json!({"a": 40, "phone": "+14155552671"})) })
            .await
            .value();
        let run = finished(&app, &token, &run.id).await;
        assert_eq!(run.status, ExecutionStatus::Succeeded, "{run:?}");
        // A lone expression keeps its type: the tool got the number 40.
        assert_eq!(step(&run, "sum").input.as_ref().unwrap()["arguments"], json!({"a": 40, "b": 2}));
        assert_eq!(step(&run, "sum").output.as_ref().unwrap()["text"], "42");
        assert_eq!(step(&run, "broken").status, StepStatus::Failed);
        let sent = services.twilio.messages();
        let text = sent.iter().find(|m| m.to == "+14155552671").expect("the SMS");
        assert!(text.body.starts_with("The sum is 42; The tool reported an error"), "{}", text.body);
        assert_eq!(step(&run, "text").output.as_ref().unwrap()["to"], "+14155552671");
    })
    .await;
}

#[tokio::test]
async fn ai_generate_with_a_model_is_told_the_problems_until_it_passes_or_falls_back_to_templates()
{
    // The stand-in model says back the last message it was sent, so a
    // description holding a workflow's JSON is what "the model wrote".
    let provider = agentforge_testkit::ProviderStandIn::start().await;
    let url = provider.openai_url();
    let env = [
        ("AGENTFORGE_LLM_PROVIDER", "openai"),
        ("AGENTFORGE_LLM_BASE_URL", url.as_str()),
        ("AGENTFORGE_LLM_API_KEY", "good-key"),
    ];
    for_each_engine_with(&env, async |app| {
        let token = sign_up(&app, "ada@example.com").await;
        let api = app.api(&token);
        let good = json!({"name": "Greeter", "description": "Greets", "trigger": {"type": "manual"},
            "graph": {"nodes": [{"id": "start", "type": "trigger"}, {"id": "hi", "type": "transform", "data": {"template": "Hi {{ input.name }}"}}],
                      "edges": [{"id": "e1", "source": "start", "target": "hi"}]}});
        let ask = |description: String| AiGenerateIn {
            description,
            complexity: None,
            include_error_handling: None,
            include_monitoring: None,
            category: None,
            target_platforms: None,
        };
        let written = api.ai_generate_workflow(&ask(good.to_string())).await.value();
        assert_eq!(written.generated_by, GeneratedBy::Model);
        assert_eq!(written.name, "Greeter");
        assert_eq!(written.graph, graph(good["graph"].clone()));
        let asked = provider.requests().len();
        // A graph that never passes: told its problems, then templates.
        let mut bad = good.clone();
        bad["graph"]["nodes"].as_array_mut().unwrap().push(json!({"id": "lost", "type": "end"}));
        let fallback = api.ai_generate_workflow(&ask(bad.to_string())).await.value();
        assert_eq!(fallback.generated_by, GeneratedBy::Templates);
        let requests = provider.requests();
        assert_eq!(requests.len() - asked, 3, "three tries");
        let retold = requests[asked + 1]["messages"].to_string();
        assert!(retold.contains("graph.nodes.lost"), "{retold}");
    })
    .await;
}
