//! What starts runs besides a person: a schedule's slot (the
//! `workflow.schedule` job, queued once per slot under a unique key, so
//! several instances fire it once) and a webhook's secret URL. Events are
//! started where they happen (`agentforge_runtime::workflow`).

use agentforge_domain::Error;
use agentforge_domain::workflow::{TriggerKind, WorkflowStatus};
use agentforge_runtime::JobFailure;
use agentforge_runtime::workflow::{start_in, trigger_of};
use agentforge_store::Store;
use chrono::{DateTime, Utc};
use serde_json::json;

use super::service::{next_slot, schedule_job};

/// Runs [`super::service::SCHEDULE`]: starts the slot's run and queues
/// the next slot, in one transaction, if the workflow still fires then.
pub struct ScheduleJob {
    pub store: Store,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for ScheduleJob {
    async fn run(&self, job: &agentforge_store::Job) -> Result<(), JobFailure> {
        let (Some(id), Some(at)) = (
            job.payload["workflowId"].as_str(),
            job.payload["at"]
                .as_str()
                .and_then(|a| DateTime::parse_from_rfc3339(a).ok())
                .map(|a| a.with_timezone(&Utc)),
        ) else {
            return Err(JobFailure::Permanent(
                "a schedule job without its workflow or slot".into(),
            ));
        };
        fire(&self.store, id, at)
            .await
            .map_err(|e| JobFailure::Retry(e.to_string()))
    }
}

async fn fire(store: &Store, id: &str, at: DateTime<Utc>) -> Result<(), Error> {
    let Some(workflow) = store.workflows().get(id).await? else {
        return Ok(());
    };
    let trigger = trigger_of(&workflow);
    if workflow.status != WorkflowStatus::Active
        || trigger.kind != TriggerKind::Schedule
        || workflow.next_run_at != Some(at)
    {
        // Saved since: the save queued its own next slot.
        return Ok(());
    }
    let next = next_slot(&trigger, at.max(Utc::now()));
    let tx = store.begin().await?;
    if !tx.workflows().advance_schedule(id, at, next).await? {
        return Ok(()); // Fired already (a job run twice).
    }
    match start_in(&tx, &workflow, "schedule", json!({"scheduledAt": at})).await {
        Ok(_) => {}
        Err(Error::Conflict(_)) => {
            tracing::warn!(workflow = %id, "a scheduled run was skipped: the workflow has as many runs as it may have");
        }
        Err(e) => return Err(e),
    }
    if let Some(next) = next {
        tx.jobs().enqueue(schedule_job(id, next)).await?;
    }
    tx.commit().await?;
    Ok(())
}
