//! The executor: every node of a run is a step, and every step a job on
//! the durable queue (`workflow.step`), so a run survives a restart and
//! each node runs on whichever instance claims it.
//!
//! A step job marks its step running, runs the node (within its time
//! limit), then in one transaction, with the run's row locked, records the
//! outcome, decides which edges were taken, adds the steps that became
//! ready with their jobs, and finishes the run when nothing is left. A
//! node waits until every edge into it is decided (taken or not); one
//! none of whose edges was taken is skipped, and so are the nodes only it
//! leads to. A loop edge runs its part of the graph again, at most its
//! `maxIterations`. A node that fails retries after its back-off (a
//! scheduled job, never a sleeping task); failing for good, it follows its
//! `error` edge if it has one, else the run fails. A delay is a job
//! scheduled for its time.
//!
//! A job runs at least once: a finished step is never run again, so a
//! run killed mid-way resumes at the steps that had not finished.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, Weak};
use std::time::Instant;

use agentforge_domain::Error;
use agentforge_domain::workflow::graph::{NodeKind, Plan};
use agentforge_domain::workflow::{ExecutionStatus, StepStatus};
use agentforge_runtime::{JobFailure, LiveEvent};
use agentforge_store::{Execution, ExecutionChange, Step, StepChange, Tx};
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value, json};

use super::nodes::{self, Outcome};
use crate::state::{AppState, Services};

pub use agentforge_runtime::workflow::STEP;
use agentforge_runtime::workflow::{new_step, step_job};

/// The largest output a node may leave, as JSON.
pub const OUTPUT_MAX_BYTES: usize = 256 * 1024;

/// Whether an edge was taken, in the current pass.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
enum EdgeState {
    Taken,
    Skipped,
}

/// A run's bookkeeping, kept in its row.
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct RunState {
    #[serde(default)]
    edges: HashMap<String, EdgeState>,
    /// Each node's current iteration (0 unless a loop ran it again).
    #[serde(default)]
    iterations: HashMap<String, u32>,
    /// Times each loop edge was taken.
    #[serde(default)]
    loops: HashMap<String, u32>,
    /// The last failure an error edge took: `{nodeId, message}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    error: Option<Value>,
    /// What an end node gave.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    output: Option<Value>,
}

impl RunState {
    fn of(execution: &Execution) -> Self {
        serde_json::from_value(execution.state.clone()).unwrap_or_default()
    }

    fn iteration(&self, node: &str) -> u32 {
        self.iterations.get(node).copied().unwrap_or(0)
    }
}

/// Tells the owner's sockets that a run moved on.
pub async fn announce(
    state: &AppState,
    execution: &Execution,
    status: ExecutionStatus,
    step: Option<(&str, u32, StepStatus)>,
) {
    state
        .runtime
        .announce(LiveEvent::WorkflowRun {
            owner_id: execution.owner_id.clone(),
            workflow_id: execution.workflow_id.clone(),
            execution_id: execution.id.clone(),
            status: status.as_str().to_owned(),
            step: step.map(|(n, i, s)| (n.to_owned(), i, s.as_str().to_owned())),
        })
        .await;
}

/// Runs [`STEP`] jobs.
pub struct StepJob {
    pub state: Weak<Services>,
    /// Checked graphs by (workflow, version): a version never changes.
    plans: Mutex<HashMap<(String, u32), Arc<Plan>>>,
}

impl StepJob {
    pub fn new(state: Weak<Services>) -> Self {
        Self {
            state,
            plans: Mutex::default(),
        }
    }
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for StepJob {
    async fn run(&self, job: &agentforge_store::Job) -> Result<(), JobFailure> {
        let Some(services) = self.state.upgrade() else {
            return Err(JobFailure::Retry("the server is stopping".into()));
        };
        let state = AppState::from_services(services);
        let p = &job.payload;
        let (Some(execution_id), Some(node_id), Some(iteration)) = (
            p["executionId"].as_str(),
            p["nodeId"].as_str(),
            p["iteration"].as_u64().and_then(|i| u32::try_from(i).ok()),
        ) else {
            return Err(JobFailure::Permanent(
                "a workflow step job without its step".into(),
            ));
        };
        self.step(&state, execution_id, node_id, iteration)
            .await
            .map_err(|e| match e {
                Error::NotFound(_) | Error::Invalid(_) => JobFailure::Permanent(e.to_string()),
                other => JobFailure::Retry(other.to_string()),
            })
    }
}

impl StepJob {
    /// The checked graph of a run's version.
    pub async fn plan(&self, state: &AppState, execution: &Execution) -> Result<Arc<Plan>, Error> {
        let key = (execution.workflow_id.clone(), execution.version);
        if let Some(plan) = self.plans.lock().ok().and_then(|p| p.get(&key).cloned()) {
            return Ok(plan);
        }
        let version = state
            .store
            .workflows()
            .version(&execution.workflow_id, execution.version)
            .await?
            .ok_or(Error::not_found(agentforge_domain::Thing::Version))?;
        let graph = serde_json::from_value(version.graph)
            .map_err(|e| Error::internal(format!("a stored workflow graph does not read: {e}")))?;
        let plan = Arc::new(agentforge_domain::workflow::validate(&graph).map_err(|p| {
            Error::internal(format!(
                "a stored workflow graph does not validate: {:?}",
                p.into_problems()
            ))
        })?);
        if let Ok(mut plans) = self.plans.lock() {
            if plans.len() > 1000 {
                plans.clear();
            }
            plans.insert(key, plan.clone());
        }
        Ok(plan)
    }

    async fn step(
        &self,
        state: &AppState,
        execution_id: &str,
        node_id: &str,
        iteration: u32,
    ) -> Result<(), Error> {
        let store = &state.store;
        let Some(execution) = store.workflows().execution(execution_id).await? else {
            return Ok(());
        };
        if execution.status.finished() {
            return Ok(());
        }
        let Some(step) = store
            .workflows()
            .step(execution_id, node_id, iteration)
            .await?
        else {
            return Ok(());
        };
        if step.status.finished() {
            return Ok(());
        }
        if step.status == StepStatus::Waiting && step.resume_at.is_some_and(|at| at > Utc::now()) {
            // An early wake-up (a job retried): its own job comes at its time.
            return Ok(());
        }
        let plan = self.plan(state, &execution).await?;
        let Some(node) = plan.node(node_id).cloned() else {
            return Err(Error::internal(format!(
                "node {node_id} is not in the run's graph"
            )));
        };
        let Some(data) = plan.data.get(node_id) else {
            return Err(Error::internal(format!("node {node_id} has no settings")));
        };
        let delay_due = node.kind == NodeKind::Delay && step.status == StepStatus::Waiting;
        let attempts = if delay_due {
            step.attempts
        } else {
            step.attempts + 1
        };
        let started_at = step.started_at.unwrap_or_else(agentforge_store::now);
        {
            let tx = store.begin().await?;
            let moved = tx
                .workflows()
                .update_step(
                    &step.id,
                    &[
                        StepStatus::Pending,
                        StepStatus::Running,
                        StepStatus::Waiting,
                    ],
                    StepChange {
                        status: Some(StepStatus::Running),
                        attempts: Some(attempts),
                        started_at: Some(started_at),
                        resume_at: Some(None),
                        ..StepChange::default()
                    },
                )
                .await?;
            if !moved {
                return Ok(());
            }
            tx.workflows()
                .update_execution(
                    execution_id,
                    &[ExecutionStatus::Queued],
                    ExecutionChange {
                        status: Some(ExecutionStatus::Running),
                        started_at: Some(agentforge_store::now()),
                        ..ExecutionChange::default()
                    },
                )
                .await?;
            tx.commit().await?;
        }
        announce(
            state,
            &execution,
            ExecutionStatus::Running,
            Some((node_id, iteration, StepStatus::Running)),
        )
        .await;
        let vars = variables(state, &execution, &plan).await?;
        let clock = Instant::now();
        let limit = std::time::Duration::from_secs(u64::from(node.timeout()));
        let attempt = match tokio::time::timeout(
            limit,
            nodes::run(state, &execution, &step, &node, data, &vars),
        )
        .await
        {
            Ok(attempt) => attempt,
            Err(_) => nodes::Attempt {
                input: Value::Null,
                result: Err(format!(
                    "The node took longer than its {} s time limit",
                    node.timeout()
                )),
            },
        };
        let ms = u64::try_from(clock.elapsed().as_millis()).unwrap_or(u64::MAX);
        let input = attempt.input;
        match attempt.result {
            Ok(Outcome::Wait(until)) => {
                wait(state, &execution, &step, input, until, None, None).await
            }
            Err(why) if attempts <= node.retries() => {
                let at = Utc::now()
                    + chrono::Duration::seconds(
                        i64::try_from(node.backoff(attempts)).unwrap_or(60),
                    );
                wait(state, &execution, &step, input, at, Some(why), Some(ms)).await
            }
            result => {
                let result = match result {
                    Ok(Outcome::Done(output)) if output.to_string().len() > OUTPUT_MAX_BYTES => {
                        Err(format!(
                            "The node's output is larger than {} KiB",
                            OUTPUT_MAX_BYTES / 1024
                        ))
                    }
                    Ok(Outcome::Done(output)) => Ok(output),
                    Ok(Outcome::Wait(_)) => unreachable!("handled above"),
                    Err(why) => Err(why),
                };
                finish(state, &plan, execution_id, &step, input, result, ms).await
            }
        }
    }
}

/// Puts a running step to wait until `until` (a delay not due, or a
/// retry's back-off, with the failure that calls for it) with its job
/// scheduled for then, in one transaction.
async fn wait(
    state: &AppState,
    execution: &Execution,
    step: &Step,
    input: Value,
    until: chrono::DateTime<Utc>,
    error: Option<String>,
    ms: Option<u64>,
) -> Result<(), Error> {
    let tx = state.store.begin().await?;
    tx.workflows()
        .update_step(
            &step.id,
            &[StepStatus::Running],
            StepChange {
                status: Some(StepStatus::Waiting),
                input: Some(input),
                error: error.map(Some),
                resume_at: Some(Some(until)),
                duration_ms: ms,
                ..StepChange::default()
            },
        )
        .await?;
    tx.jobs()
        .enqueue(step_job(
            &execution.id,
            &step.node_id,
            step.iteration,
            Some(until),
        ))
        .await?;
    tx.commit().await?;
    announce(
        state,
        execution,
        ExecutionStatus::Running,
        Some((&step.node_id, step.iteration, StepStatus::Waiting)),
    )
    .await;
    Ok(())
}

/// What templates see: `input`, `nodes.<id>.output` (and `status`,
/// `error`), `run`, `workflow`, `error` (on an error branch) and `now`.
async fn variables(state: &AppState, execution: &Execution, plan: &Plan) -> Result<Value, Error> {
    let steps = state.store.workflows().steps(&execution.id).await?;
    let mut nodes = Map::new();
    for step in steps {
        if matches!(step.status, StepStatus::Succeeded | StepStatus::Failed) {
            nodes.insert(
                step.node_id.clone(),
                json!({"output": step.output, "status": step.status.as_str(), "error": step.error}),
            );
        }
    }
    let run = RunState::of(execution);
    let name = state
        .store
        .workflows()
        .get(&execution.workflow_id)
        .await?
        .map(|w| w.name)
        .unwrap_or_default();
    Ok(json!({
        "input": execution.input,
        "nodes": nodes,
        "run": {"id": execution.id, "trigger": execution.trigger_kind, "startedAt": execution.started_at, "version": execution.version},
        "workflow": {"id": execution.workflow_id, "name": name, "nodes": plan.graph.nodes.len()},
        "error": run.error,
        "now": Utc::now().to_rfc3339(),
    }))
}

/// Records a step's end and moves the run on, in one transaction.
async fn finish(
    state: &AppState,
    plan: &Plan,
    execution_id: &str,
    step: &Step,
    input: Value,
    result: Result<Value, String>,
    ms: u64,
) -> Result<(), Error> {
    let tx = state.store.begin().await?;
    let w = tx.workflows();
    let Some(execution) = w.lock_execution(execution_id).await? else {
        return Ok(());
    };
    if execution.status.finished() {
        // Canceled meanwhile: what the node did is kept, nothing follows.
        w.update_step(
            &step.id,
            &[StepStatus::Running],
            StepChange {
                status: Some(StepStatus::Canceled),
                input: Some(input),
                finished_at: Some(agentforge_store::now()),
                duration_ms: Some(ms),
                ..StepChange::default()
            },
        )
        .await?;
        tx.commit().await?;
        return Ok(());
    }
    let node = plan
        .node(&step.node_id)
        .cloned()
        .ok_or_else(|| Error::internal("the step's node is gone"))?;
    let mut run = RunState::of(&execution);
    let (status, output, error) = match &result {
        Ok(output) => (StepStatus::Succeeded, Some(output.clone()), None),
        Err(why) => (StepStatus::Failed, None, Some(why.clone())),
    };
    let recorded = w
        .update_step(
            &step.id,
            &[StepStatus::Running],
            StepChange {
                status: Some(status),
                input: Some(input),
                output: output.clone(),
                error: Some(error.clone()),
                finished_at: Some(agentforge_store::now()),
                duration_ms: Some(ms),
                ..StepChange::default()
            },
        )
        .await?;
    if !recorded {
        // Someone else recorded it (a job run twice): they moved the run on.
        tx.commit().await?;
        return Ok(());
    }
    let handle = match (&result, node.kind) {
        (Ok(out), NodeKind::Condition) => Some(if out["result"] == Value::Bool(true) {
            "true"
        } else {
            "false"
        }),
        (Ok(_), _) => None,
        (Err(_), _) => Some("error"),
    };
    let now = agentforge_store::now();
    if let Err(why) = &result {
        if !plan.outgoing(&node.id).any(|e| e.handle() == Some("error")) {
            w.move_steps(
                execution_id,
                &[StepStatus::Pending, StepStatus::Waiting],
                StepStatus::Canceled,
            )
            .await?;
            w.update_execution(
                execution_id,
                &[],
                ExecutionChange {
                    status: Some(ExecutionStatus::Failed),
                    error: Some(Some(format!("{}: {why}", node.label()))),
                    failed_node_id: Some(Some(node.id.clone())),
                    finished_at: Some(Some(now)),
                    ..ExecutionChange::default()
                },
            )
            .await?;
            tx.commit().await?;
            announce(
                state,
                &execution,
                ExecutionStatus::Failed,
                Some((&node.id, step.iteration, StepStatus::Failed)),
            )
            .await;
            return Ok(());
        }
        run.error = Some(json!({"nodeId": node.id, "message": why}));
    }
    if node.kind == NodeKind::End
        && let Ok(output) = &result
    {
        run.output = Some(output.clone());
    }
    let (ready, skipped) = advance(plan, &node.id, handle, &mut run);
    for (id, iteration) in &skipped {
        let kind = plan.node(id).map_or(NodeKind::End, |n| n.kind);
        w.add_step(&new_step(
            execution_id,
            id,
            kind,
            *iteration,
            StepStatus::Skipped,
        ))
        .await?;
    }
    let mut jobs = Vec::new();
    for (id, iteration) in &ready {
        let kind = plan.node(id).map_or(NodeKind::End, |n| n.kind);
        if w.add_step(&new_step(
            execution_id,
            id,
            kind,
            *iteration,
            StepStatus::Pending,
        ))
        .await?
        {
            jobs.push(step_job(execution_id, id, *iteration, None));
        }
    }
    tx.jobs().enqueue_many(jobs).await?;
    let finished = w.count_unfinished(execution_id).await? == 0;
    let mut change = ExecutionChange {
        state: Some(serde_json::to_value(&run).unwrap_or_default()),
        ..ExecutionChange::default()
    };
    if finished {
        change.status = Some(ExecutionStatus::Succeeded);
        change.output = Some(Some(run.output.clone().or(output).unwrap_or(Value::Null)));
        change.finished_at = Some(Some(now));
    }
    w.update_execution(execution_id, &[], change).await?;
    tx.commit().await?;
    state.runtime.jobs().wake();
    let run_status = if finished {
        ExecutionStatus::Succeeded
    } else {
        ExecutionStatus::Running
    };
    announce(
        state,
        &execution,
        run_status,
        Some((&node.id, step.iteration, status)),
    )
    .await;
    Ok(())
}

/// A node and its iteration.
type NodeAt = (String, u32);

/// Decides the edges out of `from` (left by `handle`), and what follows:
/// the nodes now ready and those now skipped, each with its iteration.
fn advance(
    plan: &Plan,
    from: &str,
    handle: Option<&str>,
    run: &mut RunState,
) -> (Vec<NodeAt>, Vec<NodeAt>) {
    let mut ready = Vec::new();
    let mut skipped = Vec::new();
    // (node, the way it was left, whether it ran)
    let mut queue: Vec<(String, Option<String>, bool)> =
        vec![(from.to_owned(), handle.map(str::to_owned), true)];
    while let Some((source, way, ran)) = queue.pop() {
        let edges: Vec<_> = plan.outgoing(&source).cloned().collect();
        for edge in edges {
            let taken = ran && edge.handle() == way.as_deref();
            if let Some(max) = edge.max_iterations {
                let count = run.loops.get(&edge.id).copied().unwrap_or(0);
                if taken && count < max {
                    run.loops.insert(edge.id.clone(), count + 1);
                    let body = plan.loop_body(&edge);
                    for node in &body {
                        *run.iterations.entry(node.clone()).or_default() += 1;
                    }
                    for inner in plan
                        .graph
                        .edges
                        .iter()
                        .filter(|e| body.contains(&e.source) && body.contains(&e.target))
                    {
                        run.edges.remove(&inner.id);
                    }
                    ready.push((edge.target.clone(), run.iteration(&edge.target)));
                }
                continue;
            }
            run.edges.insert(
                edge.id.clone(),
                if taken {
                    EdgeState::Taken
                } else {
                    EdgeState::Skipped
                },
            );
            let target = edge.target.clone();
            let incoming: Vec<Option<EdgeState>> = plan
                .incoming(&target)
                .map(|e| run.edges.get(&e.id).copied())
                .collect();
            if incoming.iter().any(Option::is_none) {
                continue;
            }
            let iteration = run.iteration(&target);
            if incoming.contains(&Some(EdgeState::Taken)) {
                ready.push((target, iteration));
            } else {
                skipped.push((target.clone(), iteration));
                queue.push((target, None, false));
            }
        }
    }
    (ready, skipped)
}

/// Cancels a run inside `tx`: it stops at once; a node running now
/// finishes, and nothing follows it. Whether it was running.
pub async fn cancel_in(tx: &Tx, execution: &Execution) -> Result<bool, Error> {
    let w = tx.workflows();
    let canceled = w
        .update_execution(
            &execution.id,
            &[ExecutionStatus::Queued, ExecutionStatus::Running],
            ExecutionChange {
                status: Some(ExecutionStatus::Canceled),
                finished_at: Some(Some(agentforge_store::now())),
                ..ExecutionChange::default()
            },
        )
        .await?;
    if canceled {
        w.move_steps(
            &execution.id,
            &[StepStatus::Pending, StepStatus::Waiting],
            StepStatus::Canceled,
        )
        .await?;
    }
    Ok(canceled)
}

/// Retries a failed run from its failed node: that step runs again (with
/// its retries anew), and the steps the failure canceled are queued again.
/// The version run stays the one the run started with.
pub async fn retry_in(tx: &Tx, execution: &Execution) -> Result<bool, Error> {
    let w = tx.workflows();
    let Some(node_id) = execution.failed_node_id.clone() else {
        return Ok(false);
    };
    let moved = w
        .update_execution(
            &execution.id,
            &[ExecutionStatus::Failed],
            ExecutionChange {
                status: Some(ExecutionStatus::Running),
                error: Some(None),
                failed_node_id: Some(None),
                finished_at: Some(None),
                retries: Some(execution.retries + 1),
                ..ExecutionChange::default()
            },
        )
        .await?;
    if !moved {
        return Ok(false);
    }
    let mut jobs = Vec::new();
    for step in w.steps(&execution.id).await? {
        let again = (step.node_id == node_id && step.status == StepStatus::Failed)
            || step.status == StepStatus::Canceled;
        if again {
            w.update_step(
                &step.id,
                &[StepStatus::Failed, StepStatus::Canceled],
                StepChange {
                    status: Some(StepStatus::Pending),
                    attempts: Some(0),
                    error: Some(None),
                    ..StepChange::default()
                },
            )
            .await?;
            jobs.push(step_job(&execution.id, &step.node_id, step.iteration, None));
        }
    }
    tx.jobs().enqueue_many(jobs).await?;
    Ok(true)
}
