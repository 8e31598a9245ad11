//! Workflows, their versions, their runs (executions) and each run's node
//! steps. The graph, trigger and a run's state are JSON the server reads;
//! the statuses are the domain's.

use agentforge_domain::workflow::{ExecutionStatus, StepStatus, WorkflowStatus};
use chrono::{DateTime, Utc};
use sea_orm::sea_query::{Expr, OnConflict};
use sea_orm::{
    ActiveValue::Set, ColumnTrait, Condition, ConnectionTrait, EntityTrait, PaginatorTrait,
    QueryFilter, QueryOrder, QuerySelect, TransactionTrait,
};
use serde_json::Value;

use crate::StoreError;
use crate::entities::{workflow, workflow_execution, workflow_step, workflow_version};

fn json(text: &str) -> Value {
    serde_json::from_str(text).unwrap_or(Value::Null)
}

fn opt_json(text: Option<String>) -> Option<Value> {
    text.map(|t| json(&t))
}

fn number(value: i32) -> u32 {
    u32::try_from(value).unwrap_or(0)
}

fn column(value: u32) -> i32 {
    i32::try_from(value).unwrap_or(i32::MAX)
}

/// A workflow as stored (its graph and trigger as the server wrote them).
#[derive(Debug, Clone, PartialEq)]
pub struct Workflow {
    pub id: String,
    pub owner_id: String,
    pub name: String,
    pub description: String,
    pub status: WorkflowStatus,
    pub trigger: Value,
    pub graph: Value,
    /// The current version's number (1 for a new workflow).
    pub version: u32,
    pub hook_token_hash: Option<String>,
    pub hook_token_sealed: Option<String>,
    /// When its schedule fires next (active schedule triggers only).
    pub next_run_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<workflow::Model> for Workflow {
    fn from(m: workflow::Model) -> Self {
        Self {
            status: WorkflowStatus::parse(&m.status).unwrap_or(WorkflowStatus::Paused),
            trigger: json(&m.trigger_config),
            graph: json(&m.graph),
            version: number(m.version),
            id: m.id,
            owner_id: m.owner_id,
            name: m.name,
            description: m.description,
            hook_token_hash: m.hook_token_hash,
            hook_token_sealed: m.hook_token_sealed,
            next_run_at: m.next_run_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// One saved version.
#[derive(Debug, Clone, PartialEq)]
pub struct WorkflowVersion {
    pub workflow_id: String,
    pub version: u32,
    pub name: String,
    pub trigger: Value,
    pub graph: Value,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

impl From<workflow_version::Model> for WorkflowVersion {
    fn from(m: workflow_version::Model) -> Self {
        Self {
            workflow_id: m.workflow_id,
            version: number(m.version),
            name: m.name,
            trigger: json(&m.trigger_config),
            graph: json(&m.graph),
            created_by: m.created_by,
            created_at: m.created_at,
        }
    }
}

/// What a save changes; `None` keeps the field. A change of name,
/// trigger or graph is a new version.
#[derive(Debug, Clone, Default)]
pub struct WorkflowChange {
    pub name: Option<String>,
    pub description: Option<String>,
    pub status: Option<WorkflowStatus>,
    pub trigger: Option<Value>,
    pub graph: Option<Value>,
    /// `Some(None)` forgets it.
    pub next_run_at: Option<Option<DateTime<Utc>>>,
    /// `Some((hash, sealed))`, or `Some(None)` to forget the webhook token.
    pub hook_token: Option<Option<(String, String)>>,
}

/// A run.
#[derive(Debug, Clone, PartialEq)]
pub struct Execution {
    pub id: String,
    pub workflow_id: String,
    pub owner_id: String,
    pub version: u32,
    pub status: ExecutionStatus,
    /// `manual`, `webhook`, `schedule`, `event` or `test`.
    pub trigger_kind: String,
    pub input: Value,
    pub output: Option<Value>,
    pub error: Option<String>,
    pub failed_node_id: Option<String>,
    /// The executor's bookkeeping (edges taken, iterations).
    pub state: Value,
    /// Times it was retried from its failed node.
    pub retries: u32,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<workflow_execution::Model> for Execution {
    fn from(m: workflow_execution::Model) -> Self {
        Self {
            status: ExecutionStatus::parse(&m.status).unwrap_or(ExecutionStatus::Failed),
            input: json(&m.input),
            output: opt_json(m.output),
            state: json(&m.state),
            version: number(m.version),
            retries: number(m.retries),
            id: m.id,
            workflow_id: m.workflow_id,
            owner_id: m.owner_id,
            trigger_kind: m.trigger_kind,
            error: m.error,
            failed_node_id: m.failed_node_id,
            started_at: m.started_at,
            finished_at: m.finished_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// What changes on a run; `None` keeps the field.
#[derive(Debug, Clone, Default)]
pub struct ExecutionChange {
    pub status: Option<ExecutionStatus>,
    pub output: Option<Option<Value>>,
    pub error: Option<Option<String>>,
    pub failed_node_id: Option<Option<String>>,
    pub state: Option<Value>,
    pub retries: Option<u32>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<Option<DateTime<Utc>>>,
}

/// One node's step in a run.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    pub id: String,
    pub execution_id: String,
    pub node_id: String,
    /// Which time the node runs in the run (0 first; loops run it again).
    pub iteration: u32,
    pub node_type: String,
    pub status: StepStatus,
    pub input: Option<Value>,
    pub output: Option<Value>,
    pub error: Option<String>,
    pub attempts: u32,
    pub resume_at: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<u64>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<workflow_step::Model> for Step {
    fn from(m: workflow_step::Model) -> Self {
        Self {
            status: StepStatus::parse(&m.status).unwrap_or(StepStatus::Failed),
            input: opt_json(m.input),
            output: opt_json(m.output),
            iteration: number(m.iteration),
            attempts: number(m.attempts),
            duration_ms: m.duration_ms.and_then(|d| u64::try_from(d).ok()),
            id: m.id,
            execution_id: m.execution_id,
            node_id: m.node_id,
            node_type: m.node_type,
            error: m.error,
            resume_at: m.resume_at,
            started_at: m.started_at,
            finished_at: m.finished_at,
            created_at: m.created_at,
            updated_at: m.updated_at,
        }
    }
}

/// What changes on a step; `None` keeps the field.
#[derive(Debug, Clone, Default)]
pub struct StepChange {
    pub status: Option<StepStatus>,
    pub input: Option<Value>,
    pub output: Option<Value>,
    pub error: Option<Option<String>>,
    pub attempts: Option<u32>,
    pub resume_at: Option<Option<DateTime<Utc>>>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<u64>,
}

/// Runs of one workflow by status, for its success rate.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct RunCounts {
    pub total: u64,
    pub succeeded: u64,
    pub failed: u64,
    pub active: u64,
    pub last_run_at: Option<DateTime<Utc>>,
}

/// Runs on the pool, or inside a [`crate::Tx`] when taken from one.
pub struct Workflows<'a, C = crate::Db> {
    db: &'a C,
}

impl<'a, C: ConnectionTrait + TransactionTrait> Workflows<'a, C> {
    pub(crate) fn new(db: &'a C) -> Self {
        Self { db }
    }

    /// Adds a workflow and its version 1.
    pub async fn create(&self, w: &Workflow, created_by: &str) -> Result<(), StoreError> {
        workflow::Entity::insert(workflow::ActiveModel {
            id: Set(w.id.clone()),
            owner_id: Set(w.owner_id.clone()),
            name: Set(w.name.clone()),
            description: Set(w.description.clone()),
            status: Set(w.status.as_str().to_owned()),
            trigger_config: Set(w.trigger.to_string()),
            graph: Set(w.graph.to_string()),
            version: Set(1),
            hook_token_hash: Set(w.hook_token_hash.clone()),
            hook_token_sealed: Set(w.hook_token_sealed.clone()),
            next_run_at: Set(w.next_run_at),
            created_at: Set(w.created_at),
            updated_at: Set(w.updated_at),
        })
        .exec_without_returning(self.db)
        .await?;
        self.add_version(&w.id, 1, &w.name, &w.trigger, &w.graph, created_by)
            .await
    }

    async fn add_version(
        &self,
        workflow_id: &str,
        version: u32,
        name: &str,
        trigger: &Value,
        graph: &Value,
        created_by: &str,
    ) -> Result<(), StoreError> {
        workflow_version::Entity::insert(workflow_version::ActiveModel {
            id: Set(uuid::Uuid::now_v7().to_string()),
            workflow_id: Set(workflow_id.to_owned()),
            version: Set(column(version)),
            name: Set(name.to_owned()),
            trigger_config: Set(trigger.to_string()),
            graph: Set(graph.to_string()),
            created_by: Set(Some(created_by.to_owned())),
            created_at: Set(crate::now()),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    pub async fn get(&self, id: &str) -> Result<Option<Workflow>, StoreError> {
        Ok(workflow::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Workflow::from))
    }

    /// The workflow whose webhook token hashes to `hash`.
    pub async fn by_hook_token(&self, hash: &str) -> Result<Option<Workflow>, StoreError> {
        Ok(workflow::Entity::find()
            .filter(workflow::Column::HookTokenHash.eq(hash))
            .one(self.db)
            .await?
            .map(Workflow::from))
    }

    /// `owner_id`'s workflows, last changed first.
    pub async fn of_owner(&self, owner_id: &str) -> Result<Vec<Workflow>, StoreError> {
        Ok(workflow::Entity::find()
            .filter(workflow::Column::OwnerId.eq(owner_id))
            .order_by_desc(workflow::Column::UpdatedAt)
            .limit(1000)
            .all(self.db)
            .await?
            .into_iter()
            .map(Workflow::from)
            .collect())
    }

    pub async fn count_of_owner(&self, owner_id: &str) -> Result<u64, StoreError> {
        Ok(workflow::Entity::find()
            .filter(workflow::Column::OwnerId.eq(owner_id))
            .count(self.db)
            .await?)
    }

    /// `owner_id`'s active workflows (those whose triggers start runs).
    pub async fn active_of_owner(&self, owner_id: &str) -> Result<Vec<Workflow>, StoreError> {
        Ok(workflow::Entity::find()
            .filter(workflow::Column::OwnerId.eq(owner_id))
            .filter(workflow::Column::Status.eq(WorkflowStatus::Active.as_str()))
            .limit(1000)
            .all(self.db)
            .await?
            .into_iter()
            .map(Workflow::from)
            .collect())
    }

    /// Saves a change; a change of name, trigger or graph is the next
    /// version. The workflow as it is now.
    pub async fn update(
        &self,
        id: &str,
        change: WorkflowChange,
        changed_by: &str,
    ) -> Result<Workflow, StoreError> {
        let current = workflow::Entity::find_by_id(id.to_owned())
            .lock_exclusive()
            .one(self.db)
            .await?
            .ok_or(StoreError::NotFound)?;
        let now = crate::now();
        let mut model: workflow::ActiveModel = current.clone().into();
        let versioned = change.name.as_ref().is_some_and(|n| *n != current.name)
            || change
                .trigger
                .as_ref()
                .is_some_and(|t| *t != json(&current.trigger_config))
            || change
                .graph
                .as_ref()
                .is_some_and(|g| *g != json(&current.graph));
        if let Some(name) = &change.name {
            model.name = Set(name.clone());
        }
        if let Some(description) = change.description {
            model.description = Set(description);
        }
        if let Some(status) = change.status {
            model.status = Set(status.as_str().to_owned());
        }
        if let Some(trigger) = &change.trigger {
            model.trigger_config = Set(trigger.to_string());
        }
        if let Some(graph) = &change.graph {
            model.graph = Set(graph.to_string());
        }
        if let Some(next) = change.next_run_at {
            model.next_run_at = Set(next);
        }
        if let Some(token) = change.hook_token {
            let (hash, sealed) = token.unzip();
            model.hook_token_hash = Set(hash);
            model.hook_token_sealed = Set(sealed);
        }
        let version = if versioned {
            current.version + 1
        } else {
            current.version
        };
        model.version = Set(version);
        model.updated_at = Set(now);
        let saved = workflow::Entity::update(model)
            .exec(self.db)
            .await
            .map_err(|e| {
                StoreError::conflict_on_unique(e, agentforge_domain::Conflict::AlreadyExists)
            })?;
        if versioned {
            self.add_version(
                id,
                number(version),
                &saved.name,
                &json(&saved.trigger_config),
                &json(&saved.graph),
                changed_by,
            )
            .await?;
        }
        Ok(saved.into())
    }

    /// Moves a schedule on from the slot `expected` to `next`, if no one
    /// did already: whether this caller did (so fires the slot).
    pub async fn advance_schedule(
        &self,
        id: &str,
        expected: DateTime<Utc>,
        next: Option<DateTime<Utc>>,
    ) -> Result<bool, StoreError> {
        let moved = workflow::Entity::update_many()
            .col_expr(workflow::Column::NextRunAt, Expr::value(next))
            .filter(workflow::Column::Id.eq(id))
            .filter(workflow::Column::NextRunAt.eq(expected))
            .exec(self.db)
            .await?;
        Ok(moved.rows_affected == 1)
    }

    pub async fn delete(&self, id: &str) -> Result<bool, StoreError> {
        // Steps and runs first, in the order the executor locks them.
        let runs: Vec<String> = workflow_execution::Entity::find()
            .select_only()
            .column(workflow_execution::Column::Id)
            .filter(workflow_execution::Column::WorkflowId.eq(id))
            .into_tuple()
            .all(self.db)
            .await?;
        for chunk in runs.chunks(500) {
            workflow_step::Entity::delete_many()
                .filter(workflow_step::Column::ExecutionId.is_in(chunk.to_vec()))
                .exec(self.db)
                .await?;
        }
        workflow_execution::Entity::delete_many()
            .filter(workflow_execution::Column::WorkflowId.eq(id))
            .exec(self.db)
            .await?;
        let deleted = workflow::Entity::delete_by_id(id.to_owned())
            .exec(self.db)
            .await?;
        Ok(deleted.rows_affected == 1)
    }

    /// Every version, newest first.
    pub async fn versions(&self, workflow_id: &str) -> Result<Vec<WorkflowVersion>, StoreError> {
        Ok(workflow_version::Entity::find()
            .filter(workflow_version::Column::WorkflowId.eq(workflow_id))
            .order_by_desc(workflow_version::Column::Version)
            .limit(500)
            .all(self.db)
            .await?
            .into_iter()
            .map(WorkflowVersion::from)
            .collect())
    }

    pub async fn version(
        &self,
        workflow_id: &str,
        version: u32,
    ) -> Result<Option<WorkflowVersion>, StoreError> {
        Ok(workflow_version::Entity::find()
            .filter(workflow_version::Column::WorkflowId.eq(workflow_id))
            .filter(workflow_version::Column::Version.eq(column(version)))
            .one(self.db)
            .await?
            .map(WorkflowVersion::from))
    }

    pub async fn add_execution(&self, e: &Execution) -> Result<(), StoreError> {
        workflow_execution::Entity::insert(workflow_execution::ActiveModel {
            id: Set(e.id.clone()),
            workflow_id: Set(e.workflow_id.clone()),
            owner_id: Set(e.owner_id.clone()),
            version: Set(column(e.version)),
            status: Set(e.status.as_str().to_owned()),
            trigger_kind: Set(e.trigger_kind.clone()),
            input: Set(e.input.to_string()),
            output: Set(e.output.as_ref().map(Value::to_string)),
            error: Set(e.error.clone()),
            failed_node_id: Set(e.failed_node_id.clone()),
            state: Set(e.state.to_string()),
            retries: Set(column(e.retries)),
            started_at: Set(e.started_at),
            finished_at: Set(e.finished_at),
            created_at: Set(e.created_at),
            updated_at: Set(e.updated_at),
        })
        .exec_without_returning(self.db)
        .await?;
        Ok(())
    }

    pub async fn execution(&self, id: &str) -> Result<Option<Execution>, StoreError> {
        Ok(workflow_execution::Entity::find_by_id(id.to_owned())
            .one(self.db)
            .await?
            .map(Execution::from))
    }

    /// The run, locked until the transaction ends (PostgreSQL; SQLite's
    /// transactions are serialised already): the executor's steps of one
    /// run change its state one at a time.
    pub async fn lock_execution(&self, id: &str) -> Result<Option<Execution>, StoreError> {
        Ok(workflow_execution::Entity::find_by_id(id.to_owned())
            .lock_exclusive()
            .one(self.db)
            .await?
            .map(Execution::from))
    }

    /// A workflow's runs, newest first: `limit` of them before `before`
    /// (a run id), of one status when given.
    pub async fn executions_of(
        &self,
        workflow_id: &str,
        status: Option<ExecutionStatus>,
        limit: u64,
    ) -> Result<Vec<Execution>, StoreError> {
        let mut query = workflow_execution::Entity::find()
            .filter(workflow_execution::Column::WorkflowId.eq(workflow_id));
        if let Some(status) = status {
            query = query.filter(workflow_execution::Column::Status.eq(status.as_str()));
        }
        Ok(query
            .order_by_desc(workflow_execution::Column::CreatedAt)
            .order_by_desc(workflow_execution::Column::Id)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Execution::from)
            .collect())
    }

    /// `owner_id`'s runs across workflows, newest first: the unfinished
    /// ones and the latest `limit` others.
    pub async fn recent_of_owner(
        &self,
        owner_id: &str,
        limit: u64,
    ) -> Result<Vec<Execution>, StoreError> {
        let active = [
            ExecutionStatus::Queued.as_str(),
            ExecutionStatus::Running.as_str(),
        ];
        let mut runs: Vec<Execution> = workflow_execution::Entity::find()
            .filter(workflow_execution::Column::OwnerId.eq(owner_id))
            .filter(workflow_execution::Column::Status.is_in(active))
            .order_by_desc(workflow_execution::Column::CreatedAt)
            .limit(limit)
            .all(self.db)
            .await?
            .into_iter()
            .map(Execution::from)
            .collect();
        let done = workflow_execution::Entity::find()
            .filter(workflow_execution::Column::OwnerId.eq(owner_id))
            .filter(workflow_execution::Column::Status.is_not_in(active))
            .order_by_desc(workflow_execution::Column::CreatedAt)
            .limit(limit)
            .all(self.db)
            .await?;
        runs.extend(done.into_iter().map(Execution::from));
        Ok(runs)
    }

    /// Runs of each of `owner_id`'s workflows by status, and the last.
    pub async fn run_counts(
        &self,
        owner_id: &str,
    ) -> Result<std::collections::HashMap<String, RunCounts>, StoreError> {
        let rows: Vec<(String, String, i64, Option<DateTime<Utc>>)> =
            workflow_execution::Entity::find()
                .select_only()
                .column(workflow_execution::Column::WorkflowId)
                .column(workflow_execution::Column::Status)
                .column_as(workflow_execution::Column::Id.count(), "n")
                .column_as(workflow_execution::Column::CreatedAt.max(), "last")
                .filter(workflow_execution::Column::OwnerId.eq(owner_id))
                .filter(workflow_execution::Column::TriggerKind.ne("test"))
                .group_by(workflow_execution::Column::WorkflowId)
                .group_by(workflow_execution::Column::Status)
                .into_tuple()
                .all(self.db)
                .await?;
        let mut out: std::collections::HashMap<String, RunCounts> = Default::default();
        for (workflow_id, status, n, last) in rows {
            let n = u64::try_from(n).unwrap_or(0);
            let counts = out.entry(workflow_id).or_default();
            counts.total += n;
            match ExecutionStatus::parse(&status) {
                Ok(ExecutionStatus::Succeeded) => counts.succeeded += n,
                Ok(ExecutionStatus::Failed) => counts.failed += n,
                Ok(ExecutionStatus::Queued | ExecutionStatus::Running) => counts.active += n,
                _ => {}
            }
            if last > counts.last_run_at {
                counts.last_run_at = last;
            }
        }
        Ok(out)
    }

    /// A workflow's runs not finished yet.
    pub async fn count_active(&self, workflow_id: &str) -> Result<u64, StoreError> {
        Ok(workflow_execution::Entity::find()
            .filter(workflow_execution::Column::WorkflowId.eq(workflow_id))
            .filter(workflow_execution::Column::Status.is_in([
                ExecutionStatus::Queued.as_str(),
                ExecutionStatus::Running.as_str(),
            ]))
            .count(self.db)
            .await?)
    }

    /// Changes a run, if it is in one of `from` (any when empty); whether it was.
    pub async fn update_execution(
        &self,
        id: &str,
        from: &[ExecutionStatus],
        change: ExecutionChange,
    ) -> Result<bool, StoreError> {
        let mut update = workflow_execution::Entity::update_many().col_expr(
            workflow_execution::Column::UpdatedAt,
            Expr::value(crate::now()),
        );
        if let Some(status) = change.status {
            update = update.col_expr(
                workflow_execution::Column::Status,
                Expr::value(status.as_str()),
            );
        }
        if let Some(output) = change.output {
            update = update.col_expr(
                workflow_execution::Column::Output,
                Expr::value(output.map(|o| o.to_string())),
            );
        }
        if let Some(error) = change.error {
            update = update.col_expr(workflow_execution::Column::Error, Expr::value(error));
        }
        if let Some(node) = change.failed_node_id {
            update = update.col_expr(workflow_execution::Column::FailedNodeId, Expr::value(node));
        }
        if let Some(state) = change.state {
            update = update.col_expr(
                workflow_execution::Column::State,
                Expr::value(state.to_string()),
            );
        }
        if let Some(retries) = change.retries {
            update = update.col_expr(
                workflow_execution::Column::Retries,
                Expr::value(column(retries)),
            );
        }
        if let Some(at) = change.started_at {
            update = update.col_expr(workflow_execution::Column::StartedAt, Expr::value(Some(at)));
        }
        if let Some(at) = change.finished_at {
            update = update.col_expr(workflow_execution::Column::FinishedAt, Expr::value(at));
        }
        let mut filter = Condition::all().add(workflow_execution::Column::Id.eq(id));
        if !from.is_empty() {
            filter = filter
                .add(workflow_execution::Column::Status.is_in(from.iter().map(|s| s.as_str())));
        }
        Ok(update.filter(filter).exec(self.db).await?.rows_affected == 1)
    }

    /// Adds a step unless the node's step of that iteration exists; whether it was added.
    pub async fn add_step(&self, s: &Step) -> Result<bool, StoreError> {
        let inserted = workflow_step::Entity::insert(workflow_step::ActiveModel {
            id: Set(s.id.clone()),
            execution_id: Set(s.execution_id.clone()),
            node_id: Set(s.node_id.clone()),
            iteration: Set(column(s.iteration)),
            node_type: Set(s.node_type.clone()),
            status: Set(s.status.as_str().to_owned()),
            input: Set(s.input.as_ref().map(Value::to_string)),
            output: Set(s.output.as_ref().map(Value::to_string)),
            error: Set(s.error.clone()),
            attempts: Set(column(s.attempts)),
            resume_at: Set(s.resume_at),
            started_at: Set(s.started_at),
            finished_at: Set(s.finished_at),
            duration_ms: Set(s.duration_ms.map(|d| i64::try_from(d).unwrap_or(i64::MAX))),
            created_at: Set(s.created_at),
            updated_at: Set(s.updated_at),
        })
        .on_conflict(
            OnConflict::columns([
                workflow_step::Column::ExecutionId,
                workflow_step::Column::NodeId,
                workflow_step::Column::Iteration,
            ])
            .do_nothing()
            .to_owned(),
        )
        .try_insert()
        .exec_without_returning(self.db)
        .await?;
        Ok(matches!(inserted, sea_orm::TryInsertResult::Inserted(n) if n > 0))
    }

    pub async fn step(
        &self,
        execution_id: &str,
        node_id: &str,
        iteration: u32,
    ) -> Result<Option<Step>, StoreError> {
        Ok(workflow_step::Entity::find()
            .filter(workflow_step::Column::ExecutionId.eq(execution_id))
            .filter(workflow_step::Column::NodeId.eq(node_id))
            .filter(workflow_step::Column::Iteration.eq(column(iteration)))
            .one(self.db)
            .await?
            .map(Step::from))
    }

    /// A run's steps, in the order they were made.
    pub async fn steps(&self, execution_id: &str) -> Result<Vec<Step>, StoreError> {
        Ok(workflow_step::Entity::find()
            .filter(workflow_step::Column::ExecutionId.eq(execution_id))
            .order_by_asc(workflow_step::Column::CreatedAt)
            .order_by_asc(workflow_step::Column::Id)
            .limit(10_000)
            .all(self.db)
            .await?
            .into_iter()
            .map(Step::from)
            .collect())
    }

    /// Changes a step if it is in one of `from` (any when empty); whether it was.
    pub async fn update_step(
        &self,
        id: &str,
        from: &[StepStatus],
        change: StepChange,
    ) -> Result<bool, StoreError> {
        let mut update = workflow_step::Entity::update_many()
            .col_expr(workflow_step::Column::UpdatedAt, Expr::value(crate::now()));
        if let Some(status) = change.status {
            update = update.col_expr(workflow_step::Column::Status, Expr::value(status.as_str()));
        }
        if let Some(input) = change.input {
            update = update.col_expr(
                workflow_step::Column::Input,
                Expr::value(Some(input.to_string())),
            );
        }
        if let Some(output) = change.output {
            update = update.col_expr(
                workflow_step::Column::Output,
                Expr::value(Some(output.to_string())),
            );
        }
        if let Some(error) = change.error {
            update = update.col_expr(workflow_step::Column::Error, Expr::value(error));
        }
        if let Some(attempts) = change.attempts {
            update = update.col_expr(
                workflow_step::Column::Attempts,
                Expr::value(column(attempts)),
            );
        }
        if let Some(at) = change.resume_at {
            update = update.col_expr(workflow_step::Column::ResumeAt, Expr::value(at));
        }
        if let Some(at) = change.started_at {
            update = update.col_expr(workflow_step::Column::StartedAt, Expr::value(Some(at)));
        }
        if let Some(at) = change.finished_at {
            update = update.col_expr(workflow_step::Column::FinishedAt, Expr::value(Some(at)));
        }
        if let Some(ms) = change.duration_ms {
            update = update.col_expr(
                workflow_step::Column::DurationMs,
                Expr::value(Some(i64::try_from(ms).unwrap_or(i64::MAX))),
            );
        }
        let mut filter = Condition::all().add(workflow_step::Column::Id.eq(id));
        if !from.is_empty() {
            filter =
                filter.add(workflow_step::Column::Status.is_in(from.iter().map(|s| s.as_str())));
        }
        Ok(update.filter(filter).exec(self.db).await?.rows_affected == 1)
    }

    /// Moves a run's steps in `from` to `to`; how many.
    pub async fn move_steps(
        &self,
        execution_id: &str,
        from: &[StepStatus],
        to: StepStatus,
    ) -> Result<u64, StoreError> {
        let moved = workflow_step::Entity::update_many()
            .col_expr(workflow_step::Column::Status, Expr::value(to.as_str()))
            .col_expr(workflow_step::Column::UpdatedAt, Expr::value(crate::now()))
            .filter(workflow_step::Column::ExecutionId.eq(execution_id))
            .filter(workflow_step::Column::Status.is_in(from.iter().map(|s| s.as_str())))
            .exec(self.db)
            .await?;
        Ok(moved.rows_affected)
    }

    /// A run's steps not finished yet.
    pub async fn count_unfinished(&self, execution_id: &str) -> Result<u64, StoreError> {
        Ok(workflow_step::Entity::find()
            .filter(workflow_step::Column::ExecutionId.eq(execution_id))
            .filter(workflow_step::Column::Status.is_in([
                StepStatus::Pending.as_str(),
                StepStatus::Running.as_str(),
                StepStatus::Waiting.as_str(),
            ]))
            .count(self.db)
            .await?)
    }
}
