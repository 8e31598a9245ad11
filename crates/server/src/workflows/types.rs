//! The workflow calls' bodies.

use agentforge_domain::workflow::generate::{GeneratedBy, WorkflowComplexity};
use agentforge_domain::workflow::{
    ExecutionStatus, Graph, RunTrigger, StepStatus, Trigger, WorkflowStatus,
};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};

use crate::http::Filter;

/// A workflow to make.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WorkflowIn {
    #[schema(min_length = 1, max_length = 120)]
    pub name: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Default `draft`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WorkflowStatus>,
    /// Default `{"type": "manual"}`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<Trigger>,
    /// Default: a trigger node alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<Graph>,
}

/// What a save changes; each field left out is kept. A change of name,
/// trigger or graph is a new version.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WorkflowUpdateIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<WorkflowStatus>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<Trigger>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub graph: Option<Graph>,
}

/// How a workflow's runs went (test runs left out).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowStatsOut {
    pub runs: u64,
    pub succeeded: u64,
    pub failed: u64,
    /// Queued or running now.
    pub active: u64,
    /// Succeeded of finished runs, 0 to 1; `null` before any finished.
    pub success_rate: Option<f64>,
    pub last_run_at: Option<DateTime<Utc>>,
}

/// A workflow.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowOut {
    pub id: String,
    pub name: String,
    pub description: String,
    pub status: WorkflowStatus,
    pub trigger: Trigger,
    pub graph: Graph,
    /// The current version's number.
    pub version: u32,
    /// For a webhook trigger: the secret URL that starts a run (POST a
    /// JSON body: the run's input).
    pub webhook_url: Option<String>,
    /// For an active schedule: when it fires next.
    pub next_run_at: Option<DateTime<Utc>>,
    pub stats: WorkflowStatsOut,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

/// One saved version.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowVersionOut {
    pub version: u32,
    pub name: String,
    pub trigger: Trigger,
    pub graph: Graph,
    pub created_by: Option<String>,
    pub created_at: DateTime<Utc>,
}

/// A graph to check without saving it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ValidateIn {
    pub graph: Graph,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger: Option<Trigger>,
}

/// One problem: the field (`graph.nodes.<node id>.data.url`) and why.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProblemOut {
    pub field: String,
    pub message: String,
}

/// What a check found.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ValidationOut {
    pub valid: bool,
    pub problems: Vec<ProblemOut>,
}

/// A run to start.
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ExecuteIn {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(schema_with = crate::docs::schema::run_input)]
    pub input: Option<Value>,
}

/// One node's step of a run.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StepOut {
    pub node_id: String,
    pub node_type: String,
    /// Which time the node ran in the run (0 first; a loop runs it again).
    pub iteration: u32,
    pub status: StepStatus,
    #[schema(schema_with = crate::docs::schema::step_input)]
    pub input: Option<Value>,
    #[schema(schema_with = crate::docs::schema::step_output)]
    pub output: Option<Value>,
    pub error: Option<String>,
    pub attempts: u32,
    /// When a waiting step (a delay, a retry) goes on.
    pub resume_at: Option<DateTime<Utc>>,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<u64>,
}

/// A run.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ExecutionOut {
    pub id: String,
    pub workflow_id: String,
    pub workflow_name: String,
    /// The version it runs.
    pub version: u32,
    pub status: ExecutionStatus,
    /// What started it.
    pub trigger: RunTrigger,
    #[schema(schema_with = crate::docs::schema::run_input)]
    pub input: Value,
    #[schema(schema_with = crate::docs::schema::run_output)]
    pub output: Option<Value>,
    pub error: Option<String>,
    pub failed_node_id: Option<String>,
    /// Times it was retried from its failed node.
    pub retries: u32,
    pub started_at: Option<DateTime<Utc>>,
    pub finished_at: Option<DateTime<Utc>>,
    pub duration_ms: Option<u64>,
    pub created_at: DateTime<Utc>,
    /// Each node's step, in the order they were reached (empty in lists).
    pub steps: Vec<StepOut>,
}

/// Which runs.
#[derive(Debug, Default, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExecutionsQuery {
    #[param(inline)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub status: Option<Filter<ExecutionStatus>>,
    /// At most this many, newest first (default 50).
    #[param(minimum = 1, maximum = 200)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub limit: Option<u64>,
}

/// A description to build a workflow from.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AiGenerateIn {
    /// What the workflow should do, in words (10 to 2000 characters).
    #[schema(min_length = 10, max_length = 2000)]
    pub description: String,
    /// Default `intermediate`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complexity: Option<WorkflowComplexity>,
    /// Retries, error branches and a failure notification (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_error_handling: Option<bool>,
    /// Time limits on every step and a run summary (default true).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub include_monitoring: Option<bool>,
    /// Default `general`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub category: Option<String>,
    /// Where the results go (`email`, `sms`, `slack` …).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_platforms: Option<Vec<String>>,
}

/// A generated workflow, for review: nothing is saved until it is.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AiGenerateOut {
    pub name: String,
    pub description: String,
    pub trigger: Trigger,
    pub graph: Graph,
    pub generated_by: GeneratedBy,
    /// What to check before saving (placeholder URLs, addresses …).
    pub notes: Vec<String>,
}

/// A run of any of your workflows, started by a webhook call.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HookAcceptedOut {
    pub execution_id: String,
    pub status: ExecutionStatus,
}

/// One workflow's runs, for the orchestration dashboard.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkflowHealthOut {
    pub workflow_id: String,
    pub name: String,
    pub status: WorkflowStatus,
    pub runs: u64,
    pub failed: u64,
    /// Failed of finished runs, 0 to 1.
    pub failure_rate: Option<f64>,
    /// Over its latest finished runs (up to 100).
    pub average_duration_ms: Option<u64>,
    pub p95_duration_ms: Option<u64>,
    pub last_run_at: Option<DateTime<Utc>>,
}

/// An agent's answer being written now.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TurnInProgressOut {
    pub conversation_id: String,
    pub agent_id: String,
    pub agent_name: String,
    pub channel: String,
    pub started_at: DateTime<Utc>,
}

/// A conversation handed to a person, waiting.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HandoffOut {
    pub conversation_id: String,
    pub agent_id: String,
    pub agent_name: String,
    pub channel: String,
    pub title: String,
    pub since: DateTime<Utc>,
}

/// Everything running, across your workflows and agents.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrchestrationOut {
    /// Queued and running runs, newest first.
    pub running: Vec<ExecutionOut>,
    /// The latest finished runs (50).
    pub recent: Vec<ExecutionOut>,
    pub workflows: Vec<WorkflowHealthOut>,
    pub turns: Vec<TurnInProgressOut>,
    pub handoffs: Vec<HandoffOut>,
}
