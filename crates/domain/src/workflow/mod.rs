//! Workflows: agents and tools chained into work that runs on its own.
//!
//! A workflow is a trigger and a graph of nodes joined by edges
//! ([`Graph`]); every save is a version, and a run (an execution) records
//! the version it ran. This module holds the vocabulary, the graph's shape
//! and its validation ([`graph::validate`]), and the one template engine
//! that expressions and templates use ([`template`]). Running it is the
//! server's (`crates/server/src/workflows`).

pub mod generate;
pub mod graph;
pub mod template;

use crate::error::Problems;

pub use graph::{Edge, Graph, Node, NodeData, Position, validate};

/// The longest name.
pub const NAME_MAX: usize = 120;
/// The longest description.
pub const DESCRIPTION_MAX: usize = 2000;
/// The most workflows one person has.
pub const WORKFLOWS_PER_USER_MAX: u64 = 200;
/// The most runs of one workflow queued or running at once; a trigger
/// beyond it is refused (409) or, for events and schedules, skipped.
pub const ACTIVE_RUNS_PER_WORKFLOW_MAX: u64 = 1000;
/// The largest run input, as JSON.
pub const INPUT_MAX_BYTES: usize = 64 * 1024;

string_enum!(
    /// Whether a workflow's triggers start runs.
    WorkflowStatus {
        /// Being built: only manual and test runs.
        Draft = "draft",
        /// Its trigger starts runs.
        Active = "active",
        /// Its trigger is ignored until it is active again.
        Paused = "paused",
    }
);

string_enum!(
    /// What starts a run.
    TriggerKind {
        /// `POST /api/workflows/{id}/execute` (and the builder's test run).
        Manual = "manual",
        /// A POST to the workflow's own secret URL; the body is the input.
        Webhook = "webhook",
        /// A cron expression in a time zone.
        Schedule = "schedule",
        /// Something that happens to the owner's agents.
        Event = "event",
    }
);

string_enum!(
    /// What started a run.
    RunTrigger {
        Manual = "manual",
        Webhook = "webhook",
        Schedule = "schedule",
        Event = "event",
    }
);

string_enum!(
    /// The happenings an event trigger may wait for.
    WorkflowEvent {
        ConversationStarted = "conversation.started",
        ConversationEnded = "conversation.ended",
        ConversationHandedOff = "conversation.handed_off",
        /// A person's message to an agent (not the agent's answers).
        MessageReceived = "message.received",
        DocumentIndexed = "document.indexed",
        CallCompleted = "call.completed",
    }
);

string_enum!(
    /// Where a run stands.
    ExecutionStatus {
        Queued = "queued",
        Running = "running",
        Succeeded = "succeeded",
        Failed = "failed",
        Canceled = "canceled",
    }
);

impl ExecutionStatus {
    /// Whether the run is over.
    pub fn finished(self) -> bool {
        matches!(self, Self::Succeeded | Self::Failed | Self::Canceled)
    }
}

string_enum!(
    /// Where one node's step of a run stands.
    StepStatus {
        /// Queued to run.
        Pending = "pending",
        Running = "running",
        /// A delay waiting for its time, or a retry waiting for its back-off.
        Waiting = "waiting",
        Succeeded = "succeeded",
        Failed = "failed",
        /// Not reached: every way to it was not taken.
        Skipped = "skipped",
        Canceled = "canceled",
    }
);

impl StepStatus {
    pub fn finished(self) -> bool {
        matches!(
            self,
            Self::Succeeded | Self::Failed | Self::Skipped | Self::Canceled
        )
    }
}

/// What starts a workflow's runs, besides a manual run (always allowed).
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Trigger {
    #[serde(rename = "type")]
    pub kind: TriggerKind,
    /// For `schedule`: a cron expression of five fields (minute hour
    /// day-of-month month day-of-week), e.g. `0 9 * * 1-5`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cron: Option<String>,
    /// For `schedule`: the IANA time zone the expression is read in
    /// (default `UTC`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub timezone: Option<String>,
    /// For `event`: which happening.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub event: Option<WorkflowEvent>,
    /// For `event`: only this agent's (default: any of the owner's agents).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
}

impl Default for Trigger {
    fn default() -> Self {
        Self {
            kind: TriggerKind::Manual,
            cron: None,
            timezone: None,
            event: None,
            agent_id: None,
        }
    }
}

/// The longest cron expression.
pub const CRON_MAX: usize = 120;

impl Trigger {
    /// Checks the fields each kind needs (the cron expression's and time
    /// zone's meaning are checked where they are parsed, in the server).
    pub fn check(&self, p: &mut Problems) {
        match self.kind {
            TriggerKind::Schedule => match self.cron.as_deref().map(str::trim) {
                None | Some("") => p.add("trigger.cron", "A schedule needs a cron expression"),
                Some(cron) if cron.len() > CRON_MAX => {
                    p.add("trigger.cron", crate::error::messages::too_long(CRON_MAX))
                }
                Some(_) => {}
            },
            TriggerKind::Event => {
                if self.event.is_none() {
                    p.add("trigger.event", "An event trigger needs an event");
                }
            }
            TriggerKind::Manual | TriggerKind::Webhook => {}
        }
        if self.kind != TriggerKind::Schedule && (self.cron.is_some() || self.timezone.is_some()) {
            p.add(
                "trigger.cron",
                "Only a schedule trigger has a cron expression",
            );
        }
        if self.kind != TriggerKind::Event && (self.event.is_some() || self.agent_id.is_some()) {
            p.add("trigger.event", "Only an event trigger has an event");
        }
        p.text("trigger.timezone", self.timezone.as_deref(), 64);
    }
}

/// Checks a workflow's name and description.
pub fn check_fields(p: &mut Problems, name: Option<&str>, description: Option<&str>) {
    p.name("name", name, NAME_MAX);
    p.text("description", description, DESCRIPTION_MAX);
}
