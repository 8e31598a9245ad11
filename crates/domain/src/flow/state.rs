//! Where a conversation is in its agent's flow, kept with the conversation
//! between turns, and what a flow node said, kept with its message.

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::graph::{ChoiceOption, MessageVoice};

/// The most variables a conversation keeps.
pub const VARIABLES_MAX: usize = 100;
/// The most nodes one turn passes through (a validated flow stops sooner:
/// every loop waits for the person).
pub const STEPS_PER_TURN: usize = 50;

/// Where a conversation is in its flow.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FlowState {
    /// The flow has begun (the start was passed).
    #[serde(default)]
    pub started: bool,
    /// The question or choice waiting for the person's answer.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub at: Option<String>,
    /// Answers to `at` that were not of its type, so far.
    #[serde(default)]
    pub attempts: u32,
    /// Captured answers and results, by variable name.
    #[serde(default)]
    pub vars: Map<String, Value>,
    /// The flow ran out of nodes, or a person handed the conversation
    /// back: the agent answers freely from here on.
    #[serde(default)]
    pub done: bool,
}

impl FlowState {
    /// Keeps a variable; past [`VARIABLES_MAX`] only existing ones change.
    pub fn set(&mut self, name: &str, value: Value) {
        if self.vars.len() < VARIABLES_MAX || self.vars.contains_key(name) {
            self.vars.insert(name.to_owned(), value);
        }
    }

    /// A flow that is over: the agent answers without it.
    pub fn finished(vars: Map<String, Value>) -> Self {
        Self {
            started: true,
            at: None,
            attempts: 0,
            vars,
            done: true,
        }
    }
}

string_enum!(
    /// How a flow left the conversation at the end of a turn.
    FlowEnding {
        /// A person takes it from here.
        Handoff = "handoff",
        /// The conversation is over.
        End = "end",
    }
);

/// What a flow said in a turn, kept with the answer: the last node that
/// spoke, the buttons to offer, how to speak it and how to listen after it.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct FlowSaid {
    /// The node the answer stopped at.
    pub node_id: String,
    /// Buttons to offer (a choice, or a choice question's options).
    #[serde(default)]
    pub choices: Vec<ChoiceOption>,
    /// The voice of the last message node that spoke, on voice and phone channels.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice: Option<MessageVoice>,
    /// How long to listen for the answer on a call, in seconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listen_timeout_seconds: Option<u32>,
    /// Whether the phone's keys answer too.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtmf: Option<bool>,
    /// Set when the flow handed the conversation to a person or ended it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ending: Option<FlowEnding>,
}
