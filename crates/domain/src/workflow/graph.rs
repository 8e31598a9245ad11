//! A workflow's graph: nodes (each of a type, with its settings in
//! `data`) joined by edges, laid out as the builder (@xyflow/react) keeps
//! them, and [`validate`], which every save, test run and generated
//! workflow goes through.
//!
//! The rules: one trigger, with nothing leading into it; every node
//! reachable from it; edges between nodes that exist, leaving a condition
//! by its `true` or `false` handle and any node but the trigger and an end
//! by `error` (taken when the node fails for good); no cycle, except
//! through a loop edge (one with `maxIterations`), which may be taken that
//! many times in a run. Each node's `data` is read as its type's settings
//! and each template in it parsed. Problems name the node and the field:
//! `nodes.<node id>.data.url`.

use std::collections::{HashMap, HashSet, VecDeque};

use serde::{Deserialize, Deserializer, Serialize};
use serde_json::{Map, Value};

use super::template;
use crate::error::{Problems, messages};

/// The most nodes in a graph.
pub const NODES_MAX: usize = 200;
/// The most edges in a graph.
pub const EDGES_MAX: usize = 400;
/// The longest node or edge id.
pub const ID_MAX: usize = 64;
/// The longest node name.
pub const NODE_NAME_MAX: usize = 120;
/// A node's own time limit: default and most, in seconds.
pub const TIMEOUT_DEFAULT_SECONDS: u32 = 30;
pub const TIMEOUT_MODEL_DEFAULT_SECONDS: u32 = 120;
pub const TIMEOUT_MAX_SECONDS: u32 = 600;
/// Retries after a node's first failure: at most.
pub const RETRIES_MAX: u32 = 5;
/// The wait before the first retry (doubling after), default and most.
pub const BACKOFF_DEFAULT_SECONDS: u32 = 2;
pub const BACKOFF_MAX_SECONDS: u32 = 3600;
/// The most times a loop edge may be taken in one run.
pub const LOOP_MAX: u32 = 100;
/// The longest delay (30 days).
pub const DELAY_MAX_SECONDS: u64 = 30 * 24 * 3600;
/// The longest template in a node's settings is [`template::SOURCE_MAX_CHARS`];
/// the most headers of an HTTP request.
pub const HEADERS_MAX: usize = 30;

string_enum!(
    /// What a node does.
    NodeKind {
        /// Where a run starts; its output is the run's input.
        Trigger = "trigger",
        /// A turn of one of your agents, in a conversation of the run's.
        Agent = "agent",
        /// A prompt to the model, with variables.
        Llm = "llm",
        /// An HTTP request (to a public address only).
        Http = "http",
        /// Goes on by `true` or `false` as an expression holds.
        Condition = "condition",
        /// Makes a text or JSON from a template.
        Transform = "transform",
        /// Waits a duration, or until a time.
        Delay = "delay",
        /// Calls a tool of one of your MCP servers.
        Mcp = "mcp",
        /// Sends an SMS from your Twilio number.
        Sms = "sms",
        /// Sends an email.
        Email = "email",
        /// Ends the run, with its output.
        End = "end",
    }
);

string_enum!(
    /// An HTTP request node's method.
    HttpMethod {
        Get = "GET",
        Post = "POST",
        Put = "PUT",
        Patch = "PATCH",
        Delete = "DELETE",
    }
);

string_enum!(
    /// In which conversation an agent node's turn is.
    AgentConversation {
        /// One conversation per agent for the whole run (default): later
        /// turns remember earlier ones.
        Run = "run",
        /// A new conversation for each turn.
        New = "new",
    }
);

string_enum!(
    /// Which way out of a node an edge leaves by (none: the usual way).
    EdgeHandle {
        /// Out of a condition that held.
        True = "true",
        /// Out of a condition that did not.
        False = "false",
        /// Out of a node that failed for good.
        Error = "error",
    }
);

string_enum!(
    /// What a transform makes.
    TransformFormat {
        /// The rendered text, as `{text}`.
        Text = "text",
        /// The rendered text read as JSON (it must be JSON).
        Json = "json",
    }
);

/// Where a node sits on the canvas.
#[derive(Debug, Clone, Copy, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub struct Position {
    pub x: f64,
    pub y: f64,
}

/// One node.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Node {
    /// Letters, digits and `_`, starting with a letter; templates name a
    /// node's output by it (`nodes.<id>.output`).
    pub id: String,
    #[serde(rename = "type")]
    pub kind: NodeKind,
    /// What the canvas shows (default: the type).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub position: Position,
    /// The type's settings (`AgentNodeData`, `HttpNodeData` …); texts in
    /// them are templates over the run's variables.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = HashMap<String, Value>))]
    pub data: Map<String, Value>,
    /// Its own time limit in seconds (default 30; 120 for agent and llm; at most 600).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::<_, 1, 600>"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 600))]
    pub timeout_seconds: Option<u32>,
    /// Tries after the first failure (default 0, at most 5).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::<_, 0, 5>"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 0, maximum = 5))]
    pub retries: Option<u32>,
    /// The wait before the first retry, doubling after (default 2 s).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::<_, 1, 3600>"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 3600))]
    pub retry_backoff_seconds: Option<u32>,
}

/// An optional whole number from `MIN` to `MAX` (also written with a zero
/// fraction, `5.0`, which JSON Schema counts as an integer): anything else
/// is refused as the body is read, as the document's bounds say.
fn bounded<'de, D: Deserializer<'de>, const MIN: u64, const MAX: u64>(
    d: D,
) -> Result<Option<u32>, D::Error> {
    let Some(n) = Option::<serde_json::Number>::deserialize(d)? else {
        return Ok(None);
    };
    n.as_u64()
        .or_else(|| {
            n.as_f64()
                .filter(|f| f.fract() == 0.0 && *f >= 0.0 && *f <= MAX as f64)
                .map(|f| f as u64)
        })
        .filter(|v| (MIN..=MAX).contains(v))
        .and_then(|v| u32::try_from(v).ok())
        .map(Some)
        .ok_or_else(|| {
            serde::de::Error::custom(format!("expected a whole number from {MIN} to {MAX}"))
        })
}

impl Node {
    pub fn timeout(&self) -> u32 {
        self.timeout_seconds.unwrap_or(match self.kind {
            NodeKind::Agent | NodeKind::Llm => TIMEOUT_MODEL_DEFAULT_SECONDS,
            _ => TIMEOUT_DEFAULT_SECONDS,
        })
    }

    pub fn retries(&self) -> u32 {
        self.retries.unwrap_or(0)
    }

    /// The wait before retry number `attempt` (1 for the first).
    pub fn backoff(&self, attempt: u32) -> u64 {
        let base = u64::from(
            self.retry_backoff_seconds
                .unwrap_or(BACKOFF_DEFAULT_SECONDS),
        );
        base.saturating_mul(1 << attempt.saturating_sub(1).min(16))
            .min(u64::from(BACKOFF_MAX_SECONDS))
    }

    /// What the canvas calls it.
    pub fn label(&self) -> &str {
        self.name
            .as_deref()
            .filter(|n| !n.trim().is_empty())
            .unwrap_or(self.kind.as_str())
    }
}

/// One edge: the run goes from `source` to `target` once `source` is done.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Edge {
    pub id: String,
    pub source: String,
    pub target: String,
    /// Which way out of the source (a condition's true or false; error
    /// from a node that failed for good); none is the usual way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_handle: Option<EdgeHandle>,
    /// Makes this a loop edge, back to an earlier node, taken at most this
    /// many times in a run (1 to 100).
    #[serde(
        default,
        skip_serializing_if = "Option::is_none",
        deserialize_with = "bounded::<_, 1, 100>"
    )]
    #[cfg_attr(feature = "openapi", schema(minimum = 1, maximum = 100))]
    pub max_iterations: Option<u32>,
}

impl Edge {
    pub fn is_loop(&self) -> bool {
        self.max_iterations.is_some()
    }

    /// The handle, `None` for the usual way out.
    pub fn handle(&self) -> Option<&'static str> {
        self.source_handle.map(EdgeHandle::as_str)
    }
}

/// A workflow's graph.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Graph {
    pub nodes: Vec<Node>,
    pub edges: Vec<Edge>,
}

/// `agent`: a turn of one of your agents.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AgentNodeData {
    pub agent_id: String,
    /// The message the agent answers (a template).
    pub message: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub conversation: Option<AgentConversation>,
}

/// `llm`: a prompt to the model.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct LlmNodeData {
    /// The prompt (a template).
    pub prompt: String,
    /// Instructions before it (a template).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    /// Whose model settings (provider, model) to use; default the server's model.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub temperature: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_tokens: Option<u32>,
}

/// `http`: a request to a public address.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct HttpNodeData {
    pub method: HttpMethod,
    /// An http(s) URL (a template).
    pub url: String,
    /// Header values are templates.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<std::collections::BTreeMap<String, String>>,
    /// The body (a template); sent as JSON when it reads as JSON.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
}

/// `condition`: an expression (`nodes.fetch.output.status == 200`).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ConditionNodeData {
    pub expression: String,
}

/// `transform`: a template made into a text or JSON.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TransformNodeData {
    pub template: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub format: Option<TransformFormat>,
}

/// `delay`: a duration, or a time (one of them).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct DelayNodeData {
    /// Seconds to wait (at most 30 days).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seconds: Option<u64>,
    /// An RFC 3339 time to wait until (a template).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub until: Option<String>,
}

/// `mcp`: a tool of one of your MCP servers.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct McpNodeData {
    pub server_id: String,
    pub tool: String,
    /// The tool's arguments; texts are templates, and a text that is one
    /// `{{ expression }}` takes the expression's value.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<HashMap<String, Value>>))]
    pub arguments: Option<Map<String, Value>>,
}

/// `sms`: a text from your Twilio number.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SmsNodeData {
    /// The number, E.164 (a template).
    pub to: String,
    pub body: String,
}

/// `email`: an email in the product's layout.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EmailNodeData {
    /// The address (a template).
    pub to: String,
    pub subject: String,
    pub body: String,
}

/// `end`: the run's output.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EndNodeData {
    /// The run's output; texts are templates as in `mcp` arguments.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "openapi", schema(value_type = Option<HashMap<String, Value>>))]
    pub output: Option<Map<String, Value>>,
}

/// A node's settings, read by its type.
#[derive(Debug, Clone, PartialEq)]
pub enum NodeData {
    Trigger,
    Agent(AgentNodeData),
    Llm(LlmNodeData),
    Http(HttpNodeData),
    Condition(ConditionNodeData),
    Transform(TransformNodeData),
    Delay(DelayNodeData),
    Mcp(McpNodeData),
    Sms(SmsNodeData),
    Email(EmailNodeData),
    End(EndNodeData),
}

fn read<T: serde::de::DeserializeOwned>(data: &Value) -> Result<T, String> {
    serde_json::from_value(data.clone()).map_err(|e| e.to_string())
}

impl NodeData {
    /// Reads a node's `data` as its type's settings.
    pub fn parse(kind: NodeKind, data: &Map<String, Value>) -> Result<Self, String> {
        let data = &Value::Object(data.clone());
        Ok(match kind {
            NodeKind::Trigger => Self::Trigger,
            NodeKind::Agent => Self::Agent(read(data)?),
            NodeKind::Llm => Self::Llm(read(data)?),
            NodeKind::Http => Self::Http(read(data)?),
            NodeKind::Condition => Self::Condition(read(data)?),
            NodeKind::Transform => Self::Transform(read(data)?),
            NodeKind::Delay => Self::Delay(read(data)?),
            NodeKind::Mcp => Self::Mcp(read(data)?),
            NodeKind::Sms => Self::Sms(read(data)?),
            NodeKind::Email => Self::Email(read(data)?),
            NodeKind::End => Self::End(read(data)?),
        })
    }

    /// The ids of agents it names (checked to be the owner's by the server).
    pub fn agent_id(&self) -> Option<&str> {
        match self {
            Self::Agent(d) => Some(&d.agent_id),
            Self::Llm(d) => d.agent_id.as_deref(),
            _ => None,
        }
    }

    /// The MCP server it names.
    pub fn server_id(&self) -> Option<&str> {
        match self {
            Self::Mcp(d) => Some(&d.server_id),
            _ => None,
        }
    }
}

/// Whether `id` may name a node or an edge.
pub fn valid_id(id: &str) -> bool {
    let mut chars = id.chars();
    id.len() <= ID_MAX
        && chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && chars.all(|c| c.is_ascii_alphanumeric() || c == '_')
}

const ID_RULE: &str = "Must be 1 to 64 letters, digits or _, starting with a letter";

/// A graph that passed [`validate`], with each node's settings read, and
/// the ways through it.
#[derive(Debug, Clone)]
pub struct Plan {
    pub graph: Graph,
    pub data: HashMap<String, NodeData>,
}

impl Plan {
    pub fn node(&self, id: &str) -> Option<&Node> {
        self.graph.nodes.iter().find(|n| n.id == id)
    }

    pub fn trigger(&self) -> &Node {
        self.graph
            .nodes
            .iter()
            .find(|n| n.kind == NodeKind::Trigger)
            .expect("a validated graph has a trigger")
    }

    /// The edges out of `id`.
    pub fn outgoing<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Edge> + 'a {
        self.graph.edges.iter().filter(move |e| e.source == id)
    }

    /// The edges into `id` that are not loop edges: those a node waits for.
    pub fn incoming<'a>(&'a self, id: &'a str) -> impl Iterator<Item = &'a Edge> + 'a {
        self.graph
            .edges
            .iter()
            .filter(move |e| e.target == id && !e.is_loop())
    }

    /// The nodes a loop edge runs again: those on a way from its target to
    /// its source, both included.
    pub fn loop_body(&self, edge: &Edge) -> HashSet<String> {
        let forward = reach(&self.graph, &edge.target, false);
        let backward = reach(&self.graph, &edge.source, true);
        forward.intersection(&backward).cloned().collect()
    }
}

/// The nodes reachable from `start` over non-loop edges (against them
/// when `reverse`), `start` included.
fn reach(graph: &Graph, start: &str, reverse: bool) -> HashSet<String> {
    let mut seen = HashSet::from([start.to_owned()]);
    let mut queue = VecDeque::from([start.to_owned()]);
    while let Some(at) = queue.pop_front() {
        for edge in graph.edges.iter().filter(|e| !e.is_loop()) {
            let (from, to) = if reverse {
                (&edge.target, &edge.source)
            } else {
                (&edge.source, &edge.target)
            };
            if *from == at && seen.insert(to.clone()) {
                queue.push_back(to.clone());
            }
        }
    }
    seen
}

/// The nodes on a cycle of `edges` (source, target), or leading only from
/// one, in id order: what a topological ordering (Kahn's) cannot place.
pub(crate) fn in_cycles<'a>(nodes: &[&'a str], edges: &[(&'a str, &'a str)]) -> Vec<&'a str> {
    let mut waiting: HashMap<&str, usize> = nodes.iter().map(|id| (*id, 0)).collect();
    for (_, target) in edges {
        *waiting.entry(target).or_default() += 1;
    }
    let mut ready: VecDeque<&str> = waiting
        .iter()
        .filter(|(_, n)| **n == 0)
        .map(|(id, _)| *id)
        .collect();
    while let Some(at) = ready.pop_front() {
        for (_, target) in edges.iter().filter(|(source, _)| *source == at) {
            let n = waiting.entry(target).or_default();
            *n -= 1;
            if *n == 0 {
                ready.push_back(target);
            }
        }
    }
    let mut stuck: Vec<&str> = waiting
        .into_iter()
        .filter(|(_, n)| *n > 0)
        .map(|(id, _)| id)
        .collect();
    stuck.sort_unstable();
    stuck
}

fn template_field(p: &mut Problems, field: &str, source: &str, required: bool) {
    if required && source.trim().is_empty() {
        p.add(field, messages::REQUIRED);
    } else if let Err(why) = template::check(source) {
        p.add(field, why);
    }
}

fn check_data(p: &mut Problems, at: &str, data: &NodeData) {
    let f = |name: &str| format!("{at}.data.{name}");
    match data {
        NodeData::Trigger => {}
        NodeData::Agent(d) => {
            if d.agent_id.trim().is_empty() {
                p.add(&f("agentId"), "Choose an agent");
            }
            template_field(p, &f("message"), &d.message, true);
        }
        NodeData::Llm(d) => {
            template_field(p, &f("prompt"), &d.prompt, true);
            if let Some(system) = &d.system {
                template_field(p, &f("system"), system, false);
            }
            if d.temperature.is_some_and(|t| !(0.0..=2.0).contains(&t)) {
                p.add(&f("temperature"), "Must be between 0 and 2");
            }
            if d.max_tokens.is_some_and(|t| t == 0 || t > 32_000) {
                p.add(&f("maxTokens"), "Must be between 1 and 32000");
            }
        }
        NodeData::Http(d) => {
            template_field(p, &f("url"), &d.url, true);
            let literal = !d.url.contains("{{") && !d.url.contains("{%");
            if literal
                && !d.url.trim().is_empty()
                && !url::Url::parse(d.url.trim())
                    .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
            {
                p.add(&f("url"), "Must be an http:// or https:// URL");
            }
            if let Some(headers) = &d.headers {
                if headers.len() > HEADERS_MAX {
                    p.add(&f("headers"), messages::too_many(HEADERS_MAX));
                }
                for (name, value) in headers {
                    if name.is_empty()
                        || !name
                            .bytes()
                            .all(|b| b.is_ascii_alphanumeric() || b"-_".contains(&b))
                    {
                        p.add(&f("headers"), format!("'{name}' is not a header name"));
                    }
                    template_field(p, &f("headers"), value, false);
                }
            }
            if let Some(body) = &d.body {
                template_field(p, &f("body"), body, false);
            }
        }
        NodeData::Condition(d) => {
            if let Err(why) = template::check_expression(&d.expression) {
                p.add(&f("expression"), why);
            }
        }
        NodeData::Transform(d) => template_field(p, &f("template"), &d.template, true),
        NodeData::Delay(d) => match (&d.seconds, &d.until) {
            (Some(_), Some(_)) | (None, None) => {
                p.add(&f("seconds"), "Give either seconds or until")
            }
            (Some(s), None) if *s > DELAY_MAX_SECONDS => {
                p.add(&f("seconds"), messages::at_most(DELAY_MAX_SECONDS))
            }
            (None, Some(until)) => template_field(p, &f("until"), until, true),
            _ => {}
        },
        NodeData::Mcp(d) => {
            if d.server_id.trim().is_empty() {
                p.add(&f("serverId"), "Choose an MCP server");
            }
            if d.tool.trim().is_empty() {
                p.add(&f("tool"), "Choose a tool");
            }
            if let Some(arguments) = &d.arguments
                && let Err(why) = template::check_value(&Value::Object(arguments.clone()))
            {
                p.add(&f("arguments"), why);
            }
        }
        NodeData::Sms(d) => {
            template_field(p, &f("to"), &d.to, true);
            template_field(p, &f("body"), &d.body, true);
        }
        NodeData::Email(d) => {
            template_field(p, &f("to"), &d.to, true);
            template_field(p, &f("subject"), &d.subject, true);
            template_field(p, &f("body"), &d.body, true);
        }
        NodeData::End(d) => {
            if let Some(output) = &d.output
                && let Err(why) = template::check_value(&Value::Object(output.clone()))
            {
                p.add(&f("output"), why);
            }
        }
    }
}

/// Checks a graph; the plan to run it, or every problem found.
pub fn validate(graph: &Graph) -> Result<Plan, Problems> {
    let mut p = Problems::default();
    if graph.nodes.len() > NODES_MAX {
        p.add("graph.nodes", messages::too_many(NODES_MAX));
    }
    if graph.edges.len() > EDGES_MAX {
        p.add("graph.edges", messages::too_many(EDGES_MAX));
    }
    if !p.is_empty() {
        return Err(p);
    }
    let mut data = HashMap::new();
    let mut ids = HashSet::new();
    for (index, node) in graph.nodes.iter().enumerate() {
        if !valid_id(&node.id) {
            p.add(&format!("graph.nodes[{index}].id"), ID_RULE);
            continue;
        }
        let at = format!("nodes.{}", node.id);
        if !ids.insert(node.id.as_str()) {
            p.add(&format!("{at}.id"), "Another node has this id");
            continue;
        }
        p.name(&format!("{at}.name"), node.name.as_deref(), NODE_NAME_MAX);
        if node
            .timeout_seconds
            .is_some_and(|t| t == 0 || t > TIMEOUT_MAX_SECONDS)
        {
            p.add(
                &format!("{at}.timeoutSeconds"),
                format!("Must be between 1 and {TIMEOUT_MAX_SECONDS}"),
            );
        }
        if node.retries.is_some_and(|r| r > RETRIES_MAX) {
            p.add(&format!("{at}.retries"), messages::at_most(RETRIES_MAX));
        }
        if node
            .retry_backoff_seconds
            .is_some_and(|b| b == 0 || b > BACKOFF_MAX_SECONDS)
        {
            p.add(
                &format!("{at}.retryBackoffSeconds"),
                format!("Must be between 1 and {BACKOFF_MAX_SECONDS}"),
            );
        }
        match NodeData::parse(node.kind, &node.data) {
            Ok(parsed) => {
                check_data(&mut p, &at, &parsed);
                data.insert(node.id.clone(), parsed);
            }
            Err(why) => p.add(&format!("{at}.data"), why),
        }
    }
    let triggers: Vec<&Node> = graph
        .nodes
        .iter()
        .filter(|n| n.kind == NodeKind::Trigger)
        .collect();
    match triggers.len() {
        0 => p.add("graph.nodes", "A workflow needs a trigger node"),
        1 => {}
        _ => {
            for extra in &triggers[1..] {
                p.add(
                    &format!("nodes.{}.type", extra.id),
                    "A workflow has one trigger",
                );
            }
        }
    }
    let kind_of: HashMap<&str, NodeKind> = graph
        .nodes
        .iter()
        .map(|n| (n.id.as_str(), n.kind))
        .collect();
    let mut edge_ids = HashSet::new();
    let mut ways = HashSet::new();
    for (index, edge) in graph.edges.iter().enumerate() {
        if !valid_id(&edge.id) {
            p.add(&format!("graph.edges[{index}].id"), ID_RULE);
            continue;
        }
        let at = format!("edges.{}", edge.id);
        if !edge_ids.insert(edge.id.as_str()) {
            p.add(&format!("{at}.id"), "Another edge has this id");
        }
        let source = kind_of.get(edge.source.as_str()).copied();
        let target = kind_of.get(edge.target.as_str()).copied();
        if source.is_none() {
            p.add(&format!("{at}.source"), "No node has this id");
        }
        if target.is_none() {
            p.add(&format!("{at}.target"), "No node has this id");
        }
        let (Some(source), Some(target)) = (source, target) else {
            continue;
        };
        if target == NodeKind::Trigger {
            p.add(
                &format!("nodes.{}.type", edge.target),
                "Nothing may lead into the trigger",
            );
        }
        if source == NodeKind::End {
            p.add(
                &format!("nodes.{}.type", edge.source),
                "An end node ends the run: nothing may follow it",
            );
        }
        if edge.source == edge.target && !edge.is_loop() {
            p.add(
                &format!("{at}.target"),
                "An edge may not lead back to its own node",
            );
        }
        match (source, edge.handle()) {
            (NodeKind::Condition, Some("true" | "false" | "error")) => {}
            (NodeKind::Condition, _) => p.add(
                &format!("{at}.sourceHandle"),
                "A condition is left by its true or false way",
            ),
            (NodeKind::Trigger, Some(_)) => {
                p.add(&format!("{at}.sourceHandle"), "The trigger has one way out")
            }
            (_, None | Some("error")) => {}
            (_, Some(other)) => p.add(
                &format!("{at}.sourceHandle"),
                format!("'{other}' is not a way out of this node (only error is)"),
            ),
        }
        if let Some(max) = edge.max_iterations
            && (max == 0 || max > LOOP_MAX)
        {
            p.add(
                &format!("{at}.maxIterations"),
                format!("Must be between 1 and {LOOP_MAX}"),
            );
        }
        if !ways.insert((edge.source.as_str(), edge.handle(), edge.target.as_str())) {
            p.add(
                &format!("{at}.target"),
                "These nodes are joined this way already",
            );
        }
    }
    if !p.is_empty() {
        return Err(p);
    }
    let trigger = &triggers[0].id;
    // Every node reachable from the trigger (loop edges only lead back).
    let reached = reach(graph, trigger, false);
    for node in &graph.nodes {
        if !reached.contains(&node.id) {
            p.add(
                &format!("nodes.{}", node.id),
                format!("'{}' cannot be reached from the trigger", node.label()),
            );
        }
    }
    // No cycle but through loop edges.
    let ids: Vec<&str> = graph.nodes.iter().map(|n| n.id.as_str()).collect();
    let forward: Vec<(&str, &str)> = graph
        .edges
        .iter()
        .filter(|e| !e.is_loop())
        .map(|e| (e.source.as_str(), e.target.as_str()))
        .collect();
    for id in in_cycles(&ids, &forward) {
        p.add(
            &format!("nodes.{id}"),
            "This node is in a cycle: a way back must be a loop edge (with maxIterations)",
        );
    }
    // A loop edge leads back: its target comes before its source.
    for edge in graph.edges.iter().filter(|e| e.is_loop()) {
        if !reach(graph, &edge.target, false).contains(&edge.source) {
            p.add(
                &format!("edges.{}.maxIterations", edge.id),
                "Only an edge back to an earlier node is a loop",
            );
        }
    }
    if !p.is_empty() {
        return Err(p);
    }
    Ok(Plan {
        graph: graph.clone(),
        data,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn graph(value: Value) -> Graph {
        serde_json::from_value(value).expect("a graph")
    }

    fn fields(result: Result<Plan, Problems>) -> Vec<String> {
        match result {
            Ok(_) => Vec::new(),
            Err(p) => p.into_problems().into_iter().map(|p| p.field).collect(),
        }
    }

    fn linear() -> Value {
        json!({
            "nodes": [
                {"id": "start", "type": "trigger"},
                {"id": "fetch", "type": "http", "data": {"method": "GET", "url": "https://example.com/{{ input.id }}"}},
                {"id": "check", "type": "condition", "data": {"expression": "nodes.fetch.output.status == 200"}},
                {"id": "ok", "type": "end"},
                {"id": "bad", "type": "end", "data": {"output": {"error": "{{ nodes.fetch.output.status }}"}}}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "fetch"},
                {"id": "e2", "source": "fetch", "target": "check"},
                {"id": "e3", "source": "check", "target": "ok", "sourceHandle": "true"},
                {"id": "e4", "source": "check", "target": "bad", "sourceHandle": "false"},
                {"id": "e5", "source": "fetch", "target": "bad", "sourceHandle": "error"}
            ]
        })
    }

    #[test]
    fn a_good_graph_passes() {
        let plan = validate(&graph(linear())).expect("valid");
        assert_eq!(plan.trigger().id, "start");
        assert_eq!(plan.outgoing("check").count(), 2);
        assert_eq!(plan.incoming("bad").count(), 2);
    }

    #[test]
    fn problems_name_the_node_and_the_field() {
        let mut g = linear();
        g["nodes"][1]["data"]["url"] = json!("ftp://example.com");
        g["nodes"][2]["data"]["expression"] = json!("status ==");
        assert_eq!(
            fields(validate(&graph(g))),
            ["nodes.fetch.data.url", "nodes.check.data.expression"]
        );
        let mut g = linear();
        g["nodes"][1]["data"] = json!({"url": "https://x.io"});
        assert_eq!(fields(validate(&graph(g))), ["nodes.fetch.data"]);
        let mut g = linear();
        g["nodes"][1]["id"] = json!("1bad");
        assert!(fields(validate(&graph(g))).contains(&"graph.nodes[1].id".to_owned()));
    }

    #[test]
    fn one_trigger_reachable_nodes_and_no_plain_cycles() {
        // No trigger.
        let mut g = linear();
        g["nodes"][0]["type"] = json!("transform");
        g["nodes"][0]["data"] = json!({"template": "x"});
        assert!(fields(validate(&graph(g))).contains(&"graph.nodes".to_owned()));
        // Unreachable node.
        let mut g = linear();
        g["nodes"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "lost", "type": "end"}));
        assert_eq!(fields(validate(&graph(g))), ["nodes.lost"]);
        // A cycle without a loop edge, then with one.
        let mut g = linear();
        g["nodes"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "again", "type": "delay", "data": {"seconds": 1}}));
        g["edges"][4] =
            json!({"id": "e5", "source": "fetch", "target": "again", "sourceHandle": "error"});
        g["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "e6", "source": "again", "target": "fetch"}));
        let problems = fields(validate(&graph(g.clone())));
        assert!(problems.contains(&"nodes.fetch".to_owned()), "{problems:?}");
        g["edges"][5]["maxIterations"] = json!(3);
        let plan = validate(&graph(g)).expect("a bounded loop is fine");
        let body = plan.loop_body(&plan.graph.edges[5]);
        assert_eq!(
            body,
            HashSet::from(["fetch".to_owned(), "again".to_owned()])
        );
        // A loop edge that goes forward is not a loop.
        let mut g = linear();
        g["edges"][0]["maxIterations"] = json!(2);
        assert!(fields(validate(&graph(g))).contains(&"edges.e1.maxIterations".to_owned()));
    }

    #[test]
    fn handles_must_fit_the_node() {
        let mut g = linear();
        g["edges"][2]["sourceHandle"] = json!(null);
        g["edges"][0]["sourceHandle"] = json!("error");
        assert_eq!(
            fields(validate(&graph(g))),
            ["edges.e1.sourceHandle", "edges.e3.sourceHandle"]
        );
        let mut g = linear();
        g["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "e9", "source": "ok", "target": "bad"}));
        g["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "e10", "source": "bad", "target": "start"}));
        let f = fields(validate(&graph(g)));
        assert!(
            f.contains(&"nodes.ok.type".to_owned()) && f.contains(&"nodes.start.type".to_owned()),
            "{f:?}"
        );
    }

    #[test]
    fn sizes_are_bounded() {
        let nodes: Vec<Value> = (0..=NODES_MAX)
            .map(|i| json!({"id": format!("n{i}"), "type": "end"}))
            .collect();
        let g = json!({"nodes": nodes, "edges": []});
        assert_eq!(fields(validate(&graph(g))), ["graph.nodes"]);
    }
}
