//! Starting workflow runs, whatever starts them (a person, a webhook, a
//! schedule, something that happened to an agent): the run, its trigger's
//! step and that step's job, written inside the caller's transaction. The
//! executor that runs the steps is the server's (`workflows/engine.rs`).

use agentforge_domain::Error;
use agentforge_domain::policy::Party;
use agentforge_domain::workflow::graph::NodeKind;
use agentforge_domain::workflow::{
    ACTIVE_RUNS_PER_WORKFLOW_MAX, ExecutionStatus, StepStatus, Trigger, TriggerKind, WorkflowEvent,
};
use agentforge_store::{Conversation, Execution, NewJob, Step, Tx, Workflow};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

/// The job that runs one step.
pub const STEP: &str = "workflow.step";
/// Attempts of a step job when the server itself fails (a node's own
/// retries are the node's).
pub const STEP_JOB_ATTEMPTS: u32 = 5;

/// A step row for `node_id` of a run.
pub fn new_step(
    execution_id: &str,
    node_id: &str,
    kind: NodeKind,
    iteration: u32,
    status: StepStatus,
) -> Step {
    let now = agentforge_store::now();
    Step {
        id: uuid::Uuid::now_v7().to_string(),
        execution_id: execution_id.to_owned(),
        node_id: node_id.to_owned(),
        iteration,
        node_type: kind.as_str().to_owned(),
        status,
        input: None,
        output: None,
        error: None,
        attempts: 0,
        resume_at: None,
        started_at: None,
        finished_at: status.finished().then_some(now),
        duration_ms: None,
        created_at: now,
        updated_at: now,
    }
}

/// The job that runs a step (at `at`, or now).
pub fn step_job(
    execution_id: &str,
    node_id: &str,
    iteration: u32,
    at: Option<DateTime<Utc>>,
) -> NewJob {
    let mut job = NewJob::now(
        STEP,
        json!({"executionId": execution_id, "nodeId": node_id, "iteration": iteration}),
        STEP_JOB_ATTEMPTS,
    );
    if let Some(at) = at {
        job.run_at = at;
    }
    job
}

/// The node id of a stored graph's trigger.
pub fn trigger_node(graph: &Value) -> Option<String> {
    graph["nodes"]
        .as_array()?
        .iter()
        .find(|n| n["type"] == "trigger")
        .and_then(|n| n["id"].as_str())
        .map(str::to_owned)
}

/// A stored workflow's trigger.
pub fn trigger_of(workflow: &Workflow) -> Trigger {
    serde_json::from_value(workflow.trigger.clone()).unwrap_or_default()
}

/// Starts a run of `workflow`'s current version inside `tx`.
/// `trigger_kind` says what started it (`manual`, `webhook`, `schedule`,
/// `event`).
pub async fn start_in(
    tx: &Tx,
    workflow: &Workflow,
    trigger_kind: &str,
    input: Value,
) -> Result<Execution, Error> {
    let Some(trigger) = trigger_node(&workflow.graph) else {
        return Err(Error::invalid("graph", "A workflow needs a trigger node"));
    };
    if tx.workflows().count_active(&workflow.id).await? >= ACTIVE_RUNS_PER_WORKFLOW_MAX {
        return Err(Error::Conflict(agentforge_domain::Conflict::TooManyRuns));
    }
    let now = agentforge_store::now();
    let execution = Execution {
        id: uuid::Uuid::now_v7().to_string(),
        workflow_id: workflow.id.clone(),
        owner_id: workflow.owner_id.clone(),
        version: workflow.version,
        status: ExecutionStatus::Queued,
        trigger_kind: trigger_kind.to_owned(),
        input,
        output: None,
        error: None,
        failed_node_id: None,
        state: json!({}),
        retries: 0,
        started_at: None,
        finished_at: None,
        created_at: now,
        updated_at: now,
    };
    let w = tx.workflows();
    w.add_execution(&execution).await?;
    w.add_step(&new_step(
        &execution.id,
        &trigger,
        NodeKind::Trigger,
        0,
        StepStatus::Pending,
    ))
    .await?;
    tx.jobs()
        .enqueue(step_job(&execution.id, &trigger, 0, None))
        .await?;
    Ok(execution)
}

/// Starts a run of each of `owner_id`'s active workflows waiting for
/// `event` (of `agent_id`'s, when they name one), inside `tx`; how many.
/// The event's data is the run's input. A workflow with as many runs as
/// it may have is skipped (and logged).
pub async fn start_for_event_in(
    tx: &Tx,
    owner_id: &str,
    event: WorkflowEvent,
    agent_id: Option<&str>,
    data: &Value,
) -> Result<usize, Error> {
    let workflows = tx.workflows().active_of_owner(owner_id).await?;
    let mut started = 0;
    for workflow in workflows {
        let trigger = trigger_of(&workflow);
        if trigger.kind != TriggerKind::Event
            || trigger.event != Some(event)
            || trigger
                .agent_id
                .as_deref()
                .is_some_and(|wanted| Some(wanted) != agent_id)
        {
            continue;
        }
        let input = json!({"event": event.as_str(), "data": data});
        match start_in(tx, &workflow, "event", input).await {
            Ok(_) => started += 1,
            Err(Error::Conflict(_) | Error::Invalid(_)) => {
                tracing::warn!(workflow = %workflow.id, event = event.as_str(), "a workflow has as many runs as it may have, or no trigger; this event starts none");
            }
            Err(e) => return Err(e),
        }
    }
    Ok(started)
}

/// Whether a conversation's events may start workflows: not those a
/// workflow holds (a workflow's own agent turn must not start it again).
pub fn may_trigger(conversation: &Conversation) -> bool {
    !conversation.test && !matches!(conversation.party, Some(Party::Workflow(_)))
}
