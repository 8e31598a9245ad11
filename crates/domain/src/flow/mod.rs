//! Conversation flows: an agent's designed path through a conversation
//! (product.md, Workflows and orchestration). A flow is a graph in the
//! workflow builder's shape, whose nodes speak (message), ask and capture
//! a typed answer (question), offer buttons (choice), branch (condition),
//! call the model, the knowledge base, an API or a tool, hand the
//! conversation to a person, or end it. This module holds the vocabulary,
//! the graph's validation and the reading of a typed answer; the runtime
//! follows a deployed flow turn by turn.

pub mod answer;
pub mod graph;
pub mod state;

pub use answer::{AnswerType, read_answer};
pub use graph::{FlowEdge, FlowGraph, FlowNode, FlowNodeKind, FlowPlan, validate};
pub use state::{FlowEnding, FlowSaid, FlowState};
