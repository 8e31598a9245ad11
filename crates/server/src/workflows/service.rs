//! The workflow operations: checking and saving workflows (every save a
//! version), their triggers' bookkeeping (the webhook's secret token, the
//! schedule's next slot and its job), starting, canceling and retrying
//! runs. Each change commits with its audit entry.

use std::str::FromStr;

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::error::{Problems, messages};
use agentforge_domain::policy::{Action, Actor, Resource, allowed};
use agentforge_domain::workflow::{self as rules, Graph, Trigger, TriggerKind, WorkflowStatus};
use agentforge_domain::{Conflict, Error, Thing};
use agentforge_runtime::sealed::Sealer;
use agentforge_runtime::workflow::{start_in, trigger_of};
use agentforge_store::{Execution, NewJob, Store, Tx, Workflow, WorkflowChange};
use chrono::{DateTime, Utc};
use serde_json::{Value, json};

use crate::audit;

/// The job that fires a schedule's slot.
pub const SCHEDULE: &str = "workflow.schedule";
/// What the webhook tokens are sealed for.
pub const SEAL_PURPOSE: &str = "workflow-hook";

/// The workflow `id` if the actor may do `action` to it.
pub async fn workflow(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<Workflow, Error> {
    let workflow = store
        .workflows()
        .get(id)
        .await?
        .ok_or(Error::not_found(Thing::Workflow))?;
    allowed(
        actor,
        action,
        Resource::Workflow {
            owner_id: &workflow.owner_id,
        },
    )?;
    Ok(workflow)
}

/// The run `id` if the actor may do `action` to its workflow.
pub async fn execution(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<Execution, Error> {
    let execution = store
        .workflows()
        .execution(id)
        .await?
        .ok_or(Error::not_found(Thing::Execution))?;
    allowed(
        actor,
        action,
        Resource::Workflow {
            owner_id: &execution.owner_id,
        },
    )
    .map_err(|_| Error::not_found(Thing::Execution))?;
    Ok(execution)
}

/// A cron expression of five fields (or six, with seconds) in a time zone,
/// parsed.
pub fn schedule_of(trigger: &Trigger) -> Result<(croner::Cron, chrono_tz::Tz), (String, String)> {
    let expression = trigger.cron.as_deref().unwrap_or_default().trim();
    let cron = croner::parser::CronParser::builder()
        .seconds(croner::parser::Seconds::Optional)
        .build()
        .parse(expression)
        .map_err(|e| {
            (
                "trigger.cron".to_owned(),
                format!("This is not a cron expression: {e}"),
            )
        })?;
    let zone = trigger
        .timezone
        .as_deref()
        .map(str::trim)
        .filter(|z| !z.is_empty())
        .unwrap_or("UTC");
    let tz = chrono_tz::Tz::from_str(zone).map_err(|_| {
        (
            "trigger.timezone".to_owned(),
            format!("'{zone}' is not an IANA time zone (Europe/Paris, America/New_York …)"),
        )
    })?;
    Ok((cron, tz))
}

/// A schedule's first slot after `after`.
pub fn next_slot(trigger: &Trigger, after: DateTime<Utc>) -> Option<DateTime<Utc>> {
    let (cron, tz) = schedule_of(trigger).ok()?;
    cron.find_next_occurrence(&after.with_timezone(&tz), false)
        .ok()
        .map(|at| at.with_timezone(&Utc))
}

/// The job that fires `workflow`'s slot `at` (queued once per slot).
pub fn schedule_job(workflow_id: &str, at: DateTime<Utc>) -> NewJob {
    NewJob {
        kind: SCHEDULE.to_owned(),
        payload: json!({"workflowId": workflow_id, "at": at}),
        run_at: at,
        max_attempts: 3,
        unique_key: Some(format!("{SCHEDULE}:{workflow_id}@{}", at.timestamp())),
    }
}

/// A graph's problems, named as the body's fields (`graph.nodes.<id>.…`).
fn graph_problems(p: &mut Problems, graph: &Graph) -> Option<rules::graph::Plan> {
    match rules::validate(graph) {
        Ok(plan) => Some(plan),
        Err(found) => {
            for problem in found.into_problems() {
                let field = if problem.field.starts_with("graph") {
                    problem.field
                } else {
                    format!("graph.{}", problem.field)
                };
                p.add(&field, problem.message);
            }
            None
        }
    }
}

/// Checks a workflow as it would be saved: its fields, trigger and graph,
/// and that the agents and MCP servers its nodes name are the owner's.
pub async fn check(
    store: &Store,
    owner: &Actor,
    name: Option<&str>,
    description: Option<&str>,
    trigger: Option<&Trigger>,
    graph: Option<&Graph>,
) -> Result<(), Error> {
    let mut p = Problems::default();
    if name.is_some_and(|n| n.trim().is_empty()) {
        p.add("name", messages::REQUIRED);
    }
    rules::check_fields(&mut p, name, description);
    if let Some(trigger) = trigger {
        trigger.check(&mut p);
        if p.is_empty()
            && trigger.kind == TriggerKind::Schedule
            && let Err((field, why)) = schedule_of(trigger)
        {
            p.add(&field, why);
        }
        if let Some(agent_id) = &trigger.agent_id
            && crate::access::agent(store, owner, agent_id, Action::View)
                .await
                .is_err()
        {
            p.add("trigger.agentId", "No agent of yours has this id");
        }
    }
    if let Some(graph) = graph
        && let Some(plan) = graph_problems(&mut p, graph)
    {
        for node in &plan.graph.nodes {
            let Some(data) = plan.data.get(&node.id) else {
                continue;
            };
            if let Some(agent_id) = data.agent_id()
                && crate::access::agent(store, owner, agent_id, Action::Use)
                    .await
                    .is_err()
            {
                p.add(
                    &format!("graph.nodes.{}.data.agentId", node.id),
                    "No agent of yours has this id",
                );
            }
            if let Some(server_id) = data.server_id()
                && crate::access::mcp_server(store, owner, server_id, Action::Edit)
                    .await
                    .is_err()
            {
                p.add(
                    &format!("graph.nodes.{}.data.serverId", node.id),
                    "No MCP server of yours has this id",
                );
            }
        }
    }
    p.finish()
}

/// The graph of a new workflow given none: a trigger alone.
pub fn starting_graph() -> Graph {
    serde_json::from_value(json!({"nodes": [{"id": "start", "type": "trigger", "name": "Start", "position": {"x": 0, "y": 0}}], "edges": []}))
        .unwrap_or_default()
}

fn described(w: &Workflow) -> Value {
    json!({
        "name": w.name,
        "description": w.description,
        "status": w.status.as_str(),
        "trigger": w.trigger,
        "version": w.version,
        "nodes": w.graph["nodes"].as_array().map_or(0, Vec::len),
    })
}

fn change(action: AuditAction, w: &Workflow) -> audit::Change {
    audit::Change::new(action, AuditResource::Workflow, w.id.clone()).owner(w.owner_id.clone())
}

/// Where a workflow's schedule and webhook stand after a save.
struct Bookkeeping {
    next_run_at: Option<DateTime<Utc>>,
    hook: Option<Option<(String, String)>>,
}

fn bookkeeping(
    sealer: &Sealer,
    status: WorkflowStatus,
    trigger: &Trigger,
    had_hook: bool,
) -> Bookkeeping {
    let next_run_at = (status == WorkflowStatus::Active && trigger.kind == TriggerKind::Schedule)
        .then(|| next_slot(trigger, Utc::now()))
        .flatten();
    let hook = match (trigger.kind == TriggerKind::Webhook, had_hook) {
        (true, false) => {
            let (token, hash) = crate::opaque::token();
            Some(Some((hash, sealer.seal_str(&token))))
        }
        (false, true) => Some(None),
        _ => None,
    };
    Bookkeeping { next_run_at, hook }
}

async fn queue_schedule(tx: &Tx, workflow: &Workflow) -> Result<(), Error> {
    if let Some(at) = workflow.next_run_at {
        tx.jobs().enqueue(schedule_job(&workflow.id, at)).await?;
    }
    Ok(())
}

/// Makes a workflow (version 1).
#[allow(clippy::too_many_arguments)]
pub async fn create(
    store: &Store,
    sealer: &Sealer,
    actor: &Actor,
    owner_id: &str,
    name: String,
    description: Option<String>,
    status: Option<WorkflowStatus>,
    trigger: Option<Trigger>,
    graph: Option<Graph>,
) -> Result<Workflow, Error> {
    let graph = graph.unwrap_or_else(starting_graph);
    let trigger = trigger.unwrap_or_default();
    check(
        store,
        actor,
        Some(&name),
        description.as_deref(),
        Some(&trigger),
        Some(&graph),
    )
    .await?;
    if store.workflows().count_of_owner(owner_id).await? >= rules::WORKFLOWS_PER_USER_MAX {
        return Err(Error::Conflict(Conflict::TooManyWorkflows));
    }
    let status = status.unwrap_or(WorkflowStatus::Draft);
    let books = bookkeeping(sealer, status, &trigger, false);
    let now = agentforge_store::now();
    let (hook_hash, hook_sealed) = books.hook.flatten().unzip();
    let workflow = Workflow {
        id: uuid::Uuid::now_v7().to_string(),
        owner_id: owner_id.to_owned(),
        name: name.trim().to_owned(),
        description: description.unwrap_or_default().trim().to_owned(),
        status,
        trigger: serde_json::to_value(&trigger).unwrap_or_default(),
        graph: serde_json::to_value(&graph).unwrap_or_default(),
        version: 1,
        hook_token_hash: hook_hash,
        hook_token_sealed: hook_sealed,
        next_run_at: books.next_run_at,
        created_at: now,
        updated_at: now,
    };
    let tx = store.begin().await?;
    tx.workflows().create(&workflow, owner_id).await?;
    queue_schedule(&tx, &workflow).await?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowCreate, &workflow).created(&described(&workflow)),
    )
    .await?;
    tx.commit().await?;
    Ok(workflow)
}

/// What a save changes.
#[derive(Debug, Default)]
pub struct Patch {
    pub name: Option<String>,
    pub description: Option<String>,
    pub status: Option<WorkflowStatus>,
    pub trigger: Option<Trigger>,
    pub graph: Option<Graph>,
}

/// Saves a change; a change of name, trigger or graph is a new version.
pub async fn update(
    store: &Store,
    sealer: &Sealer,
    actor: &Actor,
    current: &Workflow,
    patch: Patch,
) -> Result<Workflow, Error> {
    check(
        store,
        actor,
        patch.name.as_deref(),
        patch.description.as_deref(),
        patch.trigger.as_ref(),
        patch.graph.as_ref(),
    )
    .await?;
    let status = patch.status.unwrap_or(current.status);
    let trigger = patch.trigger.clone().unwrap_or_else(|| trigger_of(current));
    let books = bookkeeping(sealer, status, &trigger, current.hook_token_hash.is_some());
    let tx = store.begin().await?;
    let updated = tx
        .workflows()
        .update(
            &current.id,
            WorkflowChange {
                name: patch.name.map(|n| n.trim().to_owned()),
                description: patch.description.map(|d| d.trim().to_owned()),
                status: patch.status,
                trigger: patch
                    .trigger
                    .map(|t| serde_json::to_value(t).unwrap_or_default()),
                graph: patch
                    .graph
                    .map(|g| serde_json::to_value(g).unwrap_or_default()),
                next_run_at: Some(books.next_run_at),
                hook_token: books.hook,
            },
            current.owner_id.as_str(),
        )
        .await?;
    if updated.next_run_at != current.next_run_at {
        queue_schedule(&tx, &updated).await?;
    }
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowUpdate, &updated)
            .diff(&described(current), &described(&updated)),
    )
    .await?;
    tx.commit().await?;
    Ok(updated)
}

pub async fn delete(store: &Store, actor: &Actor, workflow: &Workflow) -> Result<(), Error> {
    let tx = store.begin().await?;
    tx.workflows().delete(&workflow.id).await?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowDelete, workflow).deleted(&described(workflow)),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Replaces a webhook trigger's secret URL: the old one stops at once.
pub async fn rotate_hook(
    store: &Store,
    sealer: &Sealer,
    actor: &Actor,
    workflow: &Workflow,
) -> Result<Workflow, Error> {
    if trigger_of(workflow).kind != TriggerKind::Webhook {
        return Err(Error::Conflict(Conflict::NotWebhookTrigger));
    }
    let (token, hash) = crate::opaque::token();
    let tx = store.begin().await?;
    let updated = tx
        .workflows()
        .update(
            &workflow.id,
            WorkflowChange {
                hook_token: Some(Some((hash, sealer.seal_str(&token)))),
                ..WorkflowChange::default()
            },
            &workflow.owner_id,
        )
        .await?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowRotateHook, &updated).field("webhookUrl", "rotated"),
    )
    .await?;
    tx.commit().await?;
    Ok(updated)
}

/// The run's input, checked: at most 64 KiB of JSON.
pub fn check_input(input: Option<Value>) -> Result<Value, Error> {
    let input = input.unwrap_or_else(|| json!({}));
    if input.to_string().len() > rules::INPUT_MAX_BYTES {
        return Err(Error::invalid(
            "input",
            format!("At most {} KiB of JSON", rules::INPUT_MAX_BYTES / 1024),
        ));
    }
    Ok(input)
}

/// Starts a run now; `kind` is what started it (`manual`, `webhook`).
pub async fn execute(
    store: &Store,
    actor: &Actor,
    workflow: &Workflow,
    kind: &str,
    input: Value,
) -> Result<Execution, Error> {
    let tx = store.begin().await?;
    let execution = start_in(&tx, workflow, kind, input).await?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowExecute, workflow)
            .field("executionId", execution.id.clone())
            .field("trigger", kind)
            .field("version", workflow.version),
    )
    .await?;
    tx.commit().await?;
    Ok(execution)
}

/// Retries a failed run from its failed node.
pub async fn retry(store: &Store, actor: &Actor, execution: &Execution) -> Result<(), Error> {
    let tx = store.begin().await?;
    if !super::engine::retry_in(&tx, execution).await? {
        return Err(Error::Conflict(Conflict::RunNotFailed));
    }
    let workflow = store
        .workflows()
        .get(&execution.workflow_id)
        .await?
        .ok_or(Error::not_found(Thing::Workflow))?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowRetry, &workflow)
            .field("executionId", execution.id.clone())
            .field("nodeId", execution.failed_node_id.clone()),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}

/// Cancels a queued or running run.
pub async fn cancel(store: &Store, actor: &Actor, execution: &Execution) -> Result<(), Error> {
    let tx = store.begin().await?;
    if !super::engine::cancel_in(&tx, execution).await? {
        return Err(Error::Conflict(Conflict::RunFinished));
    }
    let workflow = store
        .workflows()
        .get(&execution.workflow_id)
        .await?
        .ok_or(Error::not_found(Thing::Workflow))?;
    audit::record(
        &tx,
        actor,
        change(AuditAction::WorkflowCancel, &workflow).field("executionId", execution.id.clone()),
    )
    .await?;
    tx.commit().await?;
    Ok(())
}
