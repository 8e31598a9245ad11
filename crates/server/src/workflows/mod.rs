//! Workflows (`/workflows`, `/workflow-executions`, `/v1/orchestration`):
//! agents, models, HTTP calls, tools, SMS and email chained into runs
//! that go on by themselves, durable across restarts (docs/workflows.md).
//!
//! `service.rs` checks and saves workflows and starts, cancels and
//! retries runs; `engine.rs` is the executor (each node a job);
//! `nodes.rs` what each node type does; `triggers.rs` schedules and the
//! webhook URL; `generate.rs` ai-generate.

pub mod engine;
pub mod generate;
pub mod nodes;
pub mod service;
pub mod triggers;
pub mod types;

use agentforge_domain::Error;
use agentforge_domain::policy::Action;
use agentforge_domain::workflow::{
    ExecutionStatus, Graph, RunTrigger, Trigger, TriggerKind, WorkflowStatus,
};
use agentforge_runtime::workflow::trigger_of;
use agentforge_store::{Execution, RunCounts, Step, Workflow, WorkflowVersion};
use axum::extract::{Path, State};
use axum::http::StatusCode;
use serde_json::Value;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::auth::CurrentUser;
use crate::http::{ApiError, DeletedOut, Envelope, ErrorBody, Filter, Json, Query};
use crate::state::AppState;
pub use types::*;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list_workflows, create_workflow))
        .routes(routes!(validate_workflow))
        .routes(routes!(get_workflow, update_workflow, delete_workflow))
        .routes(routes!(workflow_versions))
        .routes(routes!(execute_workflow))
        .routes(routes!(workflow_executions))
        .routes(routes!(rotate_workflow_hook))
        .routes(routes!(get_execution))
        .routes(routes!(cancel_execution))
        .routes(routes!(retry_execution))
        .routes(routes!(run_workflow_hook))
        .routes(routes!(orchestration_overview))
        .routes(routes!(generate::ai_generate_workflow))
}

/// The most runs a list shows.
const RUNS_SHOWN_MAX: u64 = 200;

fn sealer(state: &AppState) -> agentforge_runtime::sealed::Sealer {
    state.secret_key.sealer(service::SEAL_PURPOSE)
}

fn webhook_url(state: &AppState, workflow: &Workflow) -> Option<String> {
    let sealed = workflow.hook_token_sealed.as_deref()?;
    let token = sealer(state).open_str(sealed).ok()?;
    Some(format!(
        "{}/api/workflows/hooks/{token}",
        state.config.public_url
    ))
}

fn stats_out(counts: Option<&RunCounts>) -> WorkflowStatsOut {
    let Some(c) = counts else {
        return WorkflowStatsOut::default();
    };
    let finished = c.succeeded + c.failed;
    WorkflowStatsOut {
        runs: c.total,
        succeeded: c.succeeded,
        failed: c.failed,
        active: c.active,
        success_rate: (finished > 0).then(|| c.succeeded as f64 / finished as f64),
        last_run_at: c.last_run_at,
    }
}

fn graph_of(value: &Value) -> Graph {
    serde_json::from_value(value.clone()).unwrap_or_default()
}

fn workflow_out(state: &AppState, w: &Workflow, counts: Option<&RunCounts>) -> WorkflowOut {
    WorkflowOut {
        id: w.id.clone(),
        name: w.name.clone(),
        description: w.description.clone(),
        status: w.status,
        trigger: trigger_of(w),
        graph: graph_of(&w.graph),
        version: w.version,
        webhook_url: webhook_url(state, w),
        next_run_at: w.next_run_at,
        stats: stats_out(counts),
        created_at: w.created_at,
        updated_at: w.updated_at,
    }
}

fn step_out(s: Step) -> StepOut {
    StepOut {
        node_id: s.node_id,
        node_type: s.node_type,
        iteration: s.iteration,
        status: s.status,
        input: s.input,
        output: s.output,
        error: s.error,
        attempts: s.attempts,
        resume_at: s.resume_at,
        started_at: s.started_at,
        finished_at: s.finished_at,
        duration_ms: s.duration_ms,
    }
}

fn duration_ms(e: &Execution) -> Option<u64> {
    let (Some(start), Some(end)) = (e.started_at, e.finished_at) else {
        return None;
    };
    u64::try_from((end - start).num_milliseconds()).ok()
}

fn execution_out(e: Execution, workflow_name: String, steps: Vec<Step>) -> ExecutionOut {
    ExecutionOut {
        duration_ms: duration_ms(&e),
        id: e.id,
        workflow_id: e.workflow_id,
        workflow_name,
        version: e.version,
        status: e.status,
        trigger: RunTrigger::parse(&e.trigger_kind).unwrap_or(RunTrigger::Manual),
        input: e.input,
        output: e.output,
        error: e.error,
        failed_node_id: e.failed_node_id,
        retries: e.retries,
        started_at: e.started_at,
        finished_at: e.finished_at,
        created_at: e.created_at,
        steps: steps.into_iter().map(step_out).collect(),
    }
}

/// Workflows
///
/// Your workflows, last changed first, each with how its runs went.
#[utoipa::path(get, path = "/workflows", tag = "workflows", security(("bearer" = [])),
    responses((status = 200, description = "Your workflows", body = Envelope<Vec<WorkflowOut>>)))]
async fn list_workflows(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<Vec<WorkflowOut>>, ApiError> {
    let workflows = state.store.workflows().of_owner(&user.id).await?;
    let counts = state.store.workflows().run_counts(&user.id).await?;
    Ok(Envelope::new(
        workflows
            .iter()
            .map(|w| workflow_out(&state, w, counts.get(&w.id)))
            .collect(),
    ))
}

/// Make a workflow
///
/// Checked like every save (one trigger, every node reachable, each
/// node's settings and templates, no cycle but loop edges; problems name
/// the node and field: `graph.nodes.<id>.data.url`), saved as version 1.
/// Audited as `workflow.create`.
#[utoipa::path(post, path = "/workflows", tag = "workflows", request_body = WorkflowIn, security(("bearer" = [])),
    responses(
        (status = 201, description = "Made", body = Envelope<WorkflowOut>),
        (status = 409, description = "You have 200 workflows already", body = ErrorBody),
    ))]
async fn create_workflow(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<WorkflowIn>,
) -> Result<(StatusCode, Envelope<WorkflowOut>), ApiError> {
    let workflow = service::create(
        &state.store,
        &sealer(&state),
        &actor,
        &user.id,
        body.name,
        body.description,
        body.status,
        body.trigger,
        body.graph,
    )
    .await?;
    state.runtime.jobs().wake();
    Ok((
        StatusCode::CREATED,
        Envelope::new(workflow_out(&state, &workflow, None)),
    ))
}

/// Check a workflow's graph
///
/// The problems a save would report, without saving: for the builder, as
/// the graph is drawn.
#[utoipa::path(post, path = "/workflows/validate", tag = "workflows", request_body = ValidateIn, security(("bearer" = [])),
    responses((status = 200, description = "What was found", body = Envelope<ValidationOut>)))]
async fn validate_workflow(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<ValidateIn>,
) -> Result<Envelope<ValidationOut>, ApiError> {
    let checked = service::check(
        &state.store,
        &actor,
        None,
        None,
        body.trigger.as_ref(),
        Some(&body.graph),
    )
    .await;
    let problems = match checked {
        Ok(()) => Vec::new(),
        Err(Error::Invalid(problems)) => problems
            .into_iter()
            .map(|p| ProblemOut {
                field: p.field,
                message: p.message,
            })
            .collect(),
        Err(e) => return Err(e.into()),
    };
    Ok(Envelope::new(ValidationOut {
        valid: problems.is_empty(),
        problems,
    }))
}

/// A workflow
#[utoipa::path(get, path = "/workflows/{id}", tag = "workflows",
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses((status = 200, description = "The workflow", body = Envelope<WorkflowOut>)))]
async fn get_workflow(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WorkflowOut>, ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::View).await?;
    let counts = state
        .store
        .workflows()
        .run_counts(&workflow.owner_id)
        .await?;
    Ok(Envelope::new(workflow_out(
        &state,
        &workflow,
        counts.get(&workflow.id),
    )))
}

/// Change a workflow
///
/// Checked like a new one; a change of name, trigger or graph is the next
/// version (runs started before keep theirs). Activating a schedule
/// queues its next slot; a webhook trigger gets its secret URL. Audited
/// as `workflow.update`.
#[utoipa::path(put, path = "/workflows/{id}", tag = "workflows", request_body = WorkflowUpdateIn,
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses((status = 200, description = "The workflow now", body = Envelope<WorkflowOut>)))]
async fn update_workflow(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<WorkflowUpdateIn>,
) -> Result<Envelope<WorkflowOut>, ApiError> {
    let current = service::workflow(&state.store, &actor, &id, Action::Edit).await?;
    let updated = service::update(
        &state.store,
        &sealer(&state),
        &actor,
        &current,
        service::Patch {
            name: body.name,
            description: body.description,
            status: body.status,
            trigger: body.trigger,
            graph: body.graph,
        },
    )
    .await?;
    state.runtime.jobs().wake();
    let counts = state
        .store
        .workflows()
        .run_counts(&updated.owner_id)
        .await?;
    Ok(Envelope::new(workflow_out(
        &state,
        &updated,
        counts.get(&updated.id),
    )))
}

/// Delete a workflow
///
/// With its versions and runs; runs in progress stop. Audited as
/// `workflow.delete`.
#[utoipa::path(delete, path = "/workflows/{id}", tag = "workflows",
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses((status = 200, description = "Removed", body = Envelope<DeletedOut>)))]
async fn delete_workflow(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<DeletedOut>, ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::Delete).await?;
    service::delete(&state.store, &actor, &workflow).await?;
    Ok(Envelope::new(DeletedOut::new(workflow.id)))
}

/// A workflow's versions
///
/// Every saved version, newest first.
#[utoipa::path(get, path = "/workflows/{id}/versions", tag = "workflows",
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses((status = 200, description = "Newest first", body = Envelope<Vec<WorkflowVersionOut>>)))]
async fn workflow_versions(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<WorkflowVersionOut>>, ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::View).await?;
    let versions = state.store.workflows().versions(&workflow.id).await?;
    Ok(Envelope::new(
        versions
            .into_iter()
            .map(|v: WorkflowVersion| WorkflowVersionOut {
                version: v.version,
                name: v.name,
                trigger: serde_json::from_value::<Trigger>(v.trigger).unwrap_or_default(),
                graph: graph_of(&v.graph),
                created_by: v.created_by,
                created_at: v.created_at,
            })
            .collect(),
    ))
}

/// Run a workflow
///
/// Starts a run of its current version now, whatever its status or
/// trigger, with `input` as the run's input; answers at once with the
/// queued run (follow it with `GET /workflow-executions/{id}` or the
/// realtime socket's `workflow.execution` events). Audited as
/// `workflow.execute`.
#[utoipa::path(post, path = "/workflows/{id}/execute", tag = "workflows", request_body = ExecuteIn,
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses(
        (status = 201, description = "Queued", body = Envelope<ExecutionOut>),
        (status = 409, description = "1000 runs of it are queued or running already", body = ErrorBody),
    ))]
async fn execute_workflow(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ExecuteIn>,
) -> Result<(StatusCode, Envelope<ExecutionOut>), ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::Edit).await?;
    let input = service::check_input(body.input)?;
    let execution = service::execute(&state.store, &actor, &workflow, "manual", input).await?;
    state.runtime.jobs().wake();
    engine::announce(&state, &execution, ExecutionStatus::Queued, None).await;
    let steps = state.store.workflows().steps(&execution.id).await?;
    Ok((
        StatusCode::CREATED,
        Envelope::new(execution_out(execution, workflow.name, steps)),
    ))
}

/// A workflow's runs
///
/// Newest first (without their steps: read one run for those).
#[utoipa::path(get, path = "/workflows/{id}/executions", tag = "workflows",
    params(("id" = String, Path, description = "The workflow"), ExecutionsQuery), security(("bearer" = [])),
    responses((status = 200, description = "Newest first", body = Envelope<Vec<ExecutionOut>>)))]
async fn workflow_executions(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Query(query): Query<ExecutionsQuery>,
) -> Result<Envelope<Vec<ExecutionOut>>, ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::View).await?;
    let limit = query.limit.unwrap_or(50);
    if !(1..=RUNS_SHOWN_MAX).contains(&limit) {
        return Err(
            Error::invalid("limit", format!("Must be between 1 and {RUNS_SHOWN_MAX}")).into(),
        );
    }
    let runs = state
        .store
        .workflows()
        .executions_of(&workflow.id, query.status.and_then(Filter::value), limit)
        .await?;
    Ok(Envelope::new(
        runs.into_iter()
            .map(|e| execution_out(e, workflow.name.clone(), Vec::new()))
            .collect(),
    ))
}

/// Replace a workflow's webhook URL
///
/// A new secret URL for its webhook trigger; the old one stops at once.
/// Audited as `workflow.rotate_hook`.
#[utoipa::path(post, path = "/workflows/{id}/rotate-hook", tag = "workflows",
    params(("id" = String, Path, description = "The workflow")), security(("bearer" = [])),
    responses(
        (status = 200, description = "The workflow with its new URL", body = Envelope<WorkflowOut>),
        (status = 409, description = "Its trigger is not a webhook", body = ErrorBody),
    ))]
async fn rotate_workflow_hook(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WorkflowOut>, ApiError> {
    let workflow = service::workflow(&state.store, &actor, &id, Action::Edit).await?;
    let updated = service::rotate_hook(&state.store, &sealer(&state), &actor, &workflow).await?;
    Ok(Envelope::new(workflow_out(&state, &updated, None)))
}

/// A workflow run
///
/// The run with each node's step: its input, output, error, attempts and
/// timing.
#[utoipa::path(get, path = "/workflow-executions/{id}", tag = "workflows",
    params(("id" = String, Path, description = "The run")), security(("bearer" = [])),
    responses((status = 200, description = "The run", body = Envelope<ExecutionOut>)))]
async fn get_execution(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ExecutionOut>, ApiError> {
    let execution = service::execution(&state.store, &actor, &id, Action::View).await?;
    with_steps(&state, execution).await
}

/// Cancel a run
///
/// It stops at once: a node running now finishes, and nothing follows it.
/// Audited as `workflow.cancel`.
#[utoipa::path(post, path = "/workflow-executions/{id}/cancel", tag = "workflows",
    params(("id" = String, Path, description = "The run")), security(("bearer" = [])),
    responses(
        (status = 200, description = "Canceled", body = Envelope<ExecutionOut>),
        (status = 409, description = "It has finished already", body = ErrorBody),
    ))]
async fn cancel_execution(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ExecutionOut>, ApiError> {
    let execution = service::execution(&state.store, &actor, &id, Action::Edit).await?;
    service::cancel(&state.store, &actor, &execution).await?;
    engine::announce(&state, &execution, ExecutionStatus::Canceled, None).await;
    reread(&state, &execution.id).await
}

/// Retry a failed run
///
/// From its failed node: that node runs again (its retries anew), with
/// the outputs of the nodes that finished before; the rest follows as
/// usual. The run keeps its version. Audited as `workflow.retry`.
#[utoipa::path(post, path = "/workflow-executions/{id}/retry", tag = "workflows",
    params(("id" = String, Path, description = "The run")), security(("bearer" = [])),
    responses(
        (status = 200, description = "Running again", body = Envelope<ExecutionOut>),
        (status = 409, description = "It has not failed", body = ErrorBody),
    ))]
async fn retry_execution(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<ExecutionOut>, ApiError> {
    let execution = service::execution(&state.store, &actor, &id, Action::Edit).await?;
    service::retry(&state.store, &actor, &execution).await?;
    state.runtime.jobs().wake();
    engine::announce(&state, &execution, ExecutionStatus::Running, None).await;
    reread(&state, &execution.id).await
}

/// The run `id` as it is now, with its steps.
async fn reread(state: &AppState, id: &str) -> Result<Envelope<ExecutionOut>, ApiError> {
    let execution = state
        .store
        .workflows()
        .execution(id)
        .await?
        .ok_or(Error::not_found(agentforge_domain::Thing::Execution))?;
    with_steps(state, execution).await
}

/// A run with its workflow's name and its steps.
async fn with_steps(
    state: &AppState,
    execution: Execution,
) -> Result<Envelope<ExecutionOut>, ApiError> {
    let name = state
        .store
        .workflows()
        .get(&execution.workflow_id)
        .await?
        .map(|w| w.name)
        .unwrap_or_default();
    let steps = state.store.workflows().steps(&execution.id).await?;
    Ok(Envelope::new(execution_out(execution, name, steps)))
}

/// Start a run by webhook
///
/// The secret URL of an active workflow with a webhook trigger: the JSON
/// body (at most 64 KiB; none is `{}`) is the run's input. No sign-in: the
/// URL is the secret. At most 60 calls a minute per URL.
#[utoipa::path(post, path = "/workflows/hooks/{token}", tag = "workflows", request_body(content = std::collections::HashMap<String, serde_json::Value>, description = "The run's input", content_type = "application/json"),
    params(("token" = String, Path, description = "The secret in the workflow's webhook URL")),
    responses(
        (status = 202, description = "Queued", body = Envelope<HookAcceptedOut>),
        (status = 409, description = "The workflow is not active", body = ErrorBody),
        (status = 429, description = "Too many calls", body = ErrorBody),
    ))]
async fn run_workflow_hook(
    State(state): State<AppState>,
    Path(token): Path<String>,
    body: Option<axum::Json<Value>>,
) -> Result<(StatusCode, Envelope<HookAcceptedOut>), ApiError> {
    let hash = crate::opaque::hash(&token);
    let workflow = state
        .store
        .workflows()
        .by_hook_token(&hash)
        .await?
        .filter(|w| trigger_of(w).kind == TriggerKind::Webhook)
        .ok_or(Error::not_found(agentforge_domain::Thing::Workflow))?;
    if workflow.status != WorkflowStatus::Active {
        return Err(Error::Conflict(agentforge_domain::Conflict::WorkflowNotActive).into());
    }
    state
        .rate_limiter
        .check(&format!("workflow-hook:{}", workflow.id), 60)?;
    let input = service::check_input(body.map(|b| b.0))?;
    let actor = agentforge_domain::policy::Actor::Workflow {
        run_id: workflow.id.clone(),
    };
    let execution = service::execute(&state.store, &actor, &workflow, "webhook", input).await?;
    state.runtime.jobs().wake();
    engine::announce(&state, &execution, ExecutionStatus::Queued, None).await;
    Ok((
        StatusCode::ACCEPTED,
        Envelope::new(HookAcceptedOut {
            execution_id: execution.id,
            status: execution.status,
        }),
    ))
}

/// Orchestration overview
///
/// Everything running across your workflows and agents: runs queued and
/// running, the latest finished, each workflow's failure rate and
/// durations, agents' answers being written now and conversations handed
/// to a person.
#[utoipa::path(get, path = "/v1/orchestration/overview", tag = "workflows", security(("bearer" = [])),
    responses((status = 200, description = "Now", body = Envelope<OrchestrationOut>)))]
async fn orchestration_overview(
    State(state): State<AppState>,
    CurrentUser(user, _actor): CurrentUser,
) -> Result<Envelope<OrchestrationOut>, ApiError> {
    let w = state.store.workflows();
    let workflows = w.of_owner(&user.id).await?;
    let names: std::collections::HashMap<&str, &str> = workflows
        .iter()
        .map(|w| (w.id.as_str(), w.name.as_str()))
        .collect();
    let name_of = |id: &str| names.get(id).copied().unwrap_or_default().to_owned();
    let runs = w.recent_of_owner(&user.id, 50).await?;
    let (running, recent): (Vec<Execution>, Vec<Execution>) =
        runs.into_iter().partition(|e| !e.status.finished());
    let counts = w.run_counts(&user.id).await?;
    let mut health = Vec::new();
    for workflow in &workflows {
        let finished: Vec<u64> = w
            .executions_of(&workflow.id, None, 100)
            .await?
            .iter()
            .filter(|e| e.status.finished())
            .filter_map(duration_ms)
            .collect();
        let c = counts.get(&workflow.id).cloned().unwrap_or_default();
        let done = c.succeeded + c.failed;
        let mut sorted = finished.clone();
        sorted.sort_unstable();
        health.push(WorkflowHealthOut {
            workflow_id: workflow.id.clone(),
            name: workflow.name.clone(),
            status: workflow.status,
            runs: c.total,
            failed: c.failed,
            failure_rate: (done > 0).then(|| c.failed as f64 / done as f64),
            average_duration_ms: (!sorted.is_empty())
                .then(|| sorted.iter().sum::<u64>() / sorted.len() as u64),
            p95_duration_ms: sorted
                .get((sorted.len() * 95 / 100).min(sorted.len().saturating_sub(1)))
                .copied(),
            last_run_at: c.last_run_at,
        });
    }
    let live = state
        .store
        .conversations()
        .live_of_owner(&user.id, 100)
        .await?;
    let agents: std::collections::HashMap<String, String> = state
        .store
        .agents()
        .names_of_owner(&user.id)
        .await?
        .into_iter()
        .collect();
    let agent_name = |id: &str| agents.get(id).cloned().unwrap_or_default();
    let turns = live
        .answering
        .into_iter()
        .map(|(c, since)| TurnInProgressOut {
            agent_name: agent_name(&c.agent_id),
            conversation_id: c.id,
            agent_id: c.agent_id,
            channel: c.channel.as_str().to_owned(),
            started_at: since,
        })
        .collect();
    let handoffs = live
        .handed_off
        .into_iter()
        .map(|c| HandoffOut {
            agent_name: agent_name(&c.agent_id),
            conversation_id: c.id,
            agent_id: c.agent_id,
            channel: c.channel.as_str().to_owned(),
            title: c.title,
            since: c.last_message_at,
        })
        .collect();
    Ok(Envelope::new(OrchestrationOut {
        running: running
            .into_iter()
            .map(|e| {
                let n = name_of(&e.workflow_id);
                execution_out(e, n, Vec::new())
            })
            .collect(),
        recent: recent
            .into_iter()
            .map(|e| {
                let n = name_of(&e.workflow_id);
                execution_out(e, n, Vec::new())
            })
            .collect(),
        workflows: health,
        turns,
        handoffs,
    }))
}
