//! A conversation flow's graph and its validation: one start, nothing
//! into it, every node reachable from it, nothing out of a handoff or an
//! end, handles that fit the node (a condition's `true`/`false`, a
//! choice's option ids, `invalid` out of a question whose attempts ran
//! out, `error` out of an api call or a tool), and every cycle through a
//! node that waits for the person (a question or a choice), so a turn
//! always stops. Problems name the node and field:
//! `flow.nodes.<id>.data.text`.

use std::collections::{HashMap, HashSet, VecDeque};

use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::answer::AnswerType;
use crate::error::{Problems, messages};
use crate::workflow::graph::{HttpMethod, Position, in_cycles, valid_id};
use crate::workflow::template;

/// The most nodes in a flow.
pub const NODES_MAX: usize = 200;
/// The most edges in a flow.
pub const EDGES_MAX: usize = 400;
/// The most options of a choice or a choice question.
pub const OPTIONS_MAX: usize = 10;
/// The most tries a question gives (default 3).
pub const ATTEMPTS_MAX: u32 = 10;
/// The longest wait for speech on a call (default 5 s).
pub const LISTEN_TIMEOUT_MAX: u32 = 60;

string_enum!(
    /// What a flow node does.
    FlowNodeKind {
        /// Where a conversation starts.
        Start = "start",
        /// Says a text.
        Message = "message",
        /// Asks, and captures the answer as a typed variable (asking again when it is not one).
        Question = "question",
        /// Offers buttons; goes on by the one chosen.
        Choice = "choice",
        /// Goes on by `true` or `false` as an expression holds.
        Condition = "condition",
        /// Says what the model answers to a prompt.
        Llm = "llm",
        /// Answers from the agent's knowledge base.
        Knowledge = "knowledge",
        /// Calls an HTTP API (a public address only).
        Api = "api",
        /// Calls a tool of one of the owner's MCP servers.
        Tool = "tool",
        /// Hands the conversation to a person.
        Handoff = "handoff",
        /// Ends the conversation.
        End = "end",
    }
);

/// One node of a flow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlowNode {
    pub id: String,
    #[serde(rename = "type")]
    pub kind: FlowNodeKind,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default)]
    pub position: Position,
    /// The node's settings ([`NodeSettings`]; which apply depends on the type).
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(value_type = NodeSettings))]
    pub data: Map<String, Value>,
}

/// One edge of a flow.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlowEdge {
    pub id: String,
    pub source: String,
    pub target: String,
    /// Which way out: a condition's `true`/`false`, a choice's option id,
    /// `invalid` (a question's attempts ran out), `error` (an api call or
    /// a tool failed); none is the usual way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_handle: Option<String>,
}

/// A conversation flow.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct FlowGraph {
    pub nodes: Vec<FlowNode>,
    pub edges: Vec<FlowEdge>,
}

/// How a message is spoken on voice and phone channels.
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct MessageVoice {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speed: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stability: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub similarity_boost: Option<f32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub style: Option<f32>,
}

/// One button of a choice.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ChoiceOption {
    /// The handle its edge leaves by.
    pub id: String,
    pub label: String,
}

/// A node's settings, read by its type. Texts are templates over the
/// conversation's variables (`vars.<name>`) and `message` (the person's last).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NodeSettings {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice: Option<MessageVoice>,
    /// Where a question, a choice, an llm, knowledge, api or tool node keeps its result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub variable: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer_type: Option<AnswerType>,
    /// A choice question's options.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<String>>,
    /// A choice's buttons.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub choices: Option<Vec<ChoiceOption>>,
    /// What a question says when the answer is not of its type.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retry_text: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_attempts: Option<u32>,
    /// On a call: how long to listen (seconds), and whether keys count.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub listen_timeout_seconds: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtmf: Option<bool>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub expression: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prompt: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub system: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub query: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub method: Option<HttpMethod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub url: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub headers: Option<std::collections::BTreeMap<String, String>>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub body: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub server_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tool: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub arguments: Option<Map<String, Value>>,
}

/// A flow that passed [`validate`], with each node's settings read.
#[derive(Debug, Clone)]
pub struct FlowPlan {
    pub graph: FlowGraph,
    pub settings: HashMap<String, NodeSettings>,
}

impl FlowPlan {
    pub fn node(&self, id: &str) -> Option<&FlowNode> {
        self.graph.nodes.iter().find(|n| n.id == id)
    }

    pub fn start(&self) -> &FlowNode {
        self.graph
            .nodes
            .iter()
            .find(|n| n.kind == FlowNodeKind::Start)
            .expect("a validated flow has a start")
    }

    /// Where the conversation goes from `id` left by `handle` (`None`: the usual way).
    pub fn next(&self, id: &str, handle: Option<&str>) -> Option<&FlowNode> {
        let edge = self.graph.edges.iter().find(|e| {
            e.source == id && e.source_handle.as_deref().filter(|h| !h.is_empty()) == handle
        })?;
        self.node(&edge.target)
    }
}

/// Whether a node waits for the person before going on.
fn waits(kind: FlowNodeKind) -> bool {
    matches!(kind, FlowNodeKind::Question | FlowNodeKind::Choice)
}

fn required_template(p: &mut Problems, field: &str, value: Option<&String>) {
    match value.map(|v| v.trim()) {
        None | Some("") => p.add(field, messages::REQUIRED),
        Some(_) => optional_template(p, field, value),
    }
}

fn optional_template(p: &mut Problems, field: &str, value: Option<&String>) {
    if let Some(source) = value
        && let Err(why) = template::check(source)
    {
        p.add(field, why);
    }
}

/// A message's voice: an id or catalogue name, and each setting in its range.
fn check_voice(p: &mut Problems, at: &str, voice: &MessageVoice) {
    if let Some(id) = &voice.voice_id
        && (id.trim().is_empty()
            || id.chars().count() > 100
            || !id
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-'))
    {
        p.add(
            &format!("{at}.voiceId"),
            "A voice is an id or a catalogue name: letters, digits, '_' or '-'",
        );
    }
    if voice.speed.is_some_and(|s| !(0.7..=1.2).contains(&s)) {
        p.add(&format!("{at}.speed"), "Must be between 0.7 and 1.2");
    }
    for (field, value) in [
        ("stability", voice.stability),
        ("similarityBoost", voice.similarity_boost),
        ("style", voice.style),
    ] {
        if value.is_some_and(|v| !(0.0..=1.0).contains(&v)) {
            p.add(&format!("{at}.{field}"), "Must be between 0 and 1");
        }
    }
}

fn check_settings(p: &mut Problems, at: &str, kind: FlowNodeKind, s: &NodeSettings) {
    let f = |name: &str| format!("{at}.data.{name}");
    if let Some(variable) = &s.variable
        && !valid_id(variable)
    {
        p.add(
            &f("variable"),
            "Must be letters, digits or _, starting with a letter",
        );
    }
    match kind {
        FlowNodeKind::Start => {}
        FlowNodeKind::Message => {
            required_template(p, &f("text"), s.text.as_ref());
            if let Some(voice) = &s.voice {
                check_voice(p, &f("voice"), voice);
            }
        }
        FlowNodeKind::Question => {
            required_template(p, &f("text"), s.text.as_ref());
            optional_template(p, &f("retryText"), s.retry_text.as_ref());
            if s.variable.is_none() {
                p.add(&f("variable"), "A question keeps its answer in a variable");
            }
            if s.answer_type.is_none() {
                p.add(&f("answerType"), messages::REQUIRED);
            }
            let options = s.options.as_deref().unwrap_or_default();
            if s.answer_type == Some(AnswerType::Choice) && options.is_empty() {
                p.add(&f("options"), "A choice question needs its options");
            }
            if options.len() > OPTIONS_MAX {
                p.add(&f("options"), messages::too_many(OPTIONS_MAX));
            }
            if s.max_attempts.is_some_and(|a| a == 0 || a > ATTEMPTS_MAX) {
                p.add(
                    &f("maxAttempts"),
                    format!("Must be between 1 and {ATTEMPTS_MAX}"),
                );
            }
            if s.listen_timeout_seconds
                .is_some_and(|t| t == 0 || t > LISTEN_TIMEOUT_MAX)
            {
                p.add(
                    &f("listenTimeoutSeconds"),
                    format!("Must be between 1 and {LISTEN_TIMEOUT_MAX}"),
                );
            }
        }
        FlowNodeKind::Choice => {
            required_template(p, &f("text"), s.text.as_ref());
            let choices = s.choices.as_deref().unwrap_or_default();
            if choices.is_empty() {
                p.add(&f("choices"), "A choice needs at least one button");
            }
            if choices.len() > OPTIONS_MAX {
                p.add(&f("choices"), messages::too_many(OPTIONS_MAX));
            }
            let mut ids = HashSet::new();
            for choice in choices {
                if !valid_id(&choice.id) || !ids.insert(choice.id.as_str()) {
                    p.add(
                        &f("choices"),
                        format!("'{}' is not a distinct button id", choice.id),
                    );
                }
                if choice.label.trim().is_empty() || choice.label.chars().count() > 80 {
                    p.add(
                        &f("choices"),
                        "Each button needs a label of at most 80 characters",
                    );
                }
            }
        }
        FlowNodeKind::Condition => match s.expression.as_deref() {
            Some(e) => {
                if let Err(why) = template::check_expression(e) {
                    p.add(&f("expression"), why);
                }
            }
            None => p.add(&f("expression"), messages::REQUIRED),
        },
        FlowNodeKind::Llm => {
            required_template(p, &f("prompt"), s.prompt.as_ref());
            optional_template(p, &f("system"), s.system.as_ref());
        }
        FlowNodeKind::Knowledge => optional_template(p, &f("query"), s.query.as_ref()),
        FlowNodeKind::Api => {
            if s.method.is_none() {
                p.add(&f("method"), messages::REQUIRED);
            }
            required_template(p, &f("url"), s.url.as_ref());
            optional_template(p, &f("body"), s.body.as_ref());
            for value in s.headers.iter().flat_map(|h| h.values()) {
                optional_template(p, &f("headers"), Some(value));
            }
        }
        FlowNodeKind::Tool => {
            if s.server_id.as_deref().is_none_or(|v| v.trim().is_empty()) {
                p.add(&f("serverId"), "Choose an MCP server");
            }
            if s.tool.as_deref().is_none_or(|v| v.trim().is_empty()) {
                p.add(&f("tool"), "Choose a tool");
            }
            if let Some(arguments) = &s.arguments
                && let Err(why) = template::check_value(&Value::Object(arguments.clone()))
            {
                p.add(&f("arguments"), why);
            }
        }
        FlowNodeKind::Handoff | FlowNodeKind::End => {
            optional_template(p, &f("text"), s.text.as_ref());
        }
    }
}

/// The handles a node may be left by (`None` is the usual way).
fn handles_of(kind: FlowNodeKind, s: &NodeSettings) -> Vec<Option<String>> {
    match kind {
        FlowNodeKind::Condition => vec![Some("true".into()), Some("false".into())],
        FlowNodeKind::Choice => s
            .choices
            .iter()
            .flatten()
            .map(|c| Some(c.id.clone()))
            .collect(),
        FlowNodeKind::Question => vec![None, Some("invalid".into())],
        FlowNodeKind::Api | FlowNodeKind::Tool => vec![None, Some("error".into())],
        FlowNodeKind::Handoff | FlowNodeKind::End => Vec::new(),
        _ => vec![None],
    }
}

/// Checks a flow; the plan to follow it, or every problem found. Fields
/// are named under `prefix` (`flow`).
pub fn validate(graph: &FlowGraph, prefix: &str) -> Result<FlowPlan, Problems> {
    let mut p = Problems::default();
    if graph.nodes.len() > NODES_MAX {
        p.add(&format!("{prefix}.nodes"), messages::too_many(NODES_MAX));
    }
    if graph.edges.len() > EDGES_MAX {
        p.add(&format!("{prefix}.edges"), messages::too_many(EDGES_MAX));
    }
    if !p.is_empty() {
        return Err(p);
    }
    let mut settings = HashMap::new();
    let mut kinds = HashMap::new();
    for (index, node) in graph.nodes.iter().enumerate() {
        if !valid_id(&node.id) {
            p.add(
                &format!("{prefix}.nodes[{index}].id"),
                "Must be 1 to 64 letters, digits or _, starting with a letter",
            );
            continue;
        }
        let at = format!("{prefix}.nodes.{}", node.id);
        if kinds.insert(node.id.as_str(), node.kind).is_some() {
            p.add(&format!("{at}.id"), "Another node has this id");
            continue;
        }
        match serde_json::from_value::<NodeSettings>(Value::Object(node.data.clone())) {
            Ok(s) => {
                check_settings(&mut p, &at, node.kind, &s);
                settings.insert(node.id.clone(), s);
            }
            Err(e) => p.add(&format!("{at}.data"), e.to_string()),
        }
    }
    let starts: Vec<&FlowNode> = graph
        .nodes
        .iter()
        .filter(|n| n.kind == FlowNodeKind::Start)
        .collect();
    if starts.len() != 1 {
        p.add(
            &format!("{prefix}.nodes"),
            "A flow has exactly one start node",
        );
    }
    let mut ways = HashSet::new();
    for edge in &graph.edges {
        let at = format!("{prefix}.edges.{}", edge.id);
        let (Some(source), Some(target)) = (
            kinds.get(edge.source.as_str()),
            kinds.get(edge.target.as_str()),
        ) else {
            p.add(
                &format!("{at}.target"),
                "An edge joins two nodes of the flow",
            );
            continue;
        };
        if *target == FlowNodeKind::Start {
            p.add(&format!("{at}.target"), "Nothing may lead into the start");
        }
        let handle = edge.source_handle.clone().filter(|h| !h.is_empty());
        let allowed = settings
            .get(&edge.source)
            .map(|s| handles_of(*source, s))
            .unwrap_or_default();
        if !allowed.contains(&handle) {
            p.add(
                &format!("{at}.sourceHandle"),
                match source {
                    FlowNodeKind::Handoff | FlowNodeKind::End => {
                        "Nothing follows a handoff or an end".to_owned()
                    }
                    _ => format!(
                        "'{}' is not a way out of this node",
                        handle.as_deref().unwrap_or("(none)")
                    ),
                },
            );
        }
        if !ways.insert((edge.source.as_str(), handle)) {
            p.add(
                &format!("{at}.source"),
                "This way out of the node is taken already",
            );
        }
    }
    if !p.is_empty() {
        return Err(p);
    }
    // Reachable from the start.
    let start = starts[0].id.as_str();
    let mut seen = HashSet::from([start]);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for edge in graph.edges.iter().filter(|e| e.source == at) {
            if seen.insert(edge.target.as_str()) {
                queue.push_back(edge.target.as_str());
            }
        }
    }
    for node in &graph.nodes {
        if !seen.contains(node.id.as_str()) {
            p.add(
                &format!("{prefix}.nodes.{}", node.id),
                "This node cannot be reached from the start",
            );
        }
    }
    // Every cycle waits for the person: without the edges out of
    // questions and choices, what is left has no cycle.
    let ids: Vec<&str> = graph.nodes.iter().map(|n| n.id.as_str()).collect();
    let moving: Vec<(&str, &str)> = graph
        .edges
        .iter()
        .filter(|e| kinds.get(e.source.as_str()).is_some_and(|k| !waits(*k)))
        .map(|e| (e.source.as_str(), e.target.as_str()))
        .collect();
    for id in in_cycles(&ids, &moving) {
        p.add(
            &format!("{prefix}.nodes.{id}"),
            "This node is in a loop that never waits for an answer: put a question or a choice in it",
        );
    }
    if !p.is_empty() {
        return Err(p);
    }
    Ok(FlowPlan {
        graph: graph.clone(),
        settings,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn flow(value: Value) -> FlowGraph {
        serde_json::from_value(value).expect("a flow")
    }

    fn fields(result: Result<FlowPlan, Problems>) -> Vec<String> {
        match result {
            Ok(_) => Vec::new(),
            Err(p) => p.into_problems().into_iter().map(|p| p.field).collect(),
        }
    }

    fn intake() -> Value {
        json!({
            "nodes": [
                {"id": "start", "type": "start"},
                {"id": "hello", "type": "message", "data": {"text": "Hello!"}},
                {"id": "email", "type": "question", "data": {"text": "Your email?", "variable": "email", "answerType": "email", "retryText": "That is not an email", "maxAttempts": 2}},
                {"id": "menu", "type": "choice", "data": {"text": "Sales or support?", "variable": "team", "choices": [{"id": "sales", "label": "Sales"}, {"id": "support", "label": "Support"}]}},
                {"id": "vip", "type": "condition", "data": {"expression": "vars.email is endingwith('@example.com')"}},
                {"id": "human", "type": "handoff", "data": {"text": "A person will answer."}},
                {"id": "bye", "type": "end", "data": {"text": "Bye {{ vars.email }}"}}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "hello"},
                {"id": "e2", "source": "hello", "target": "email"},
                {"id": "e3", "source": "email", "target": "menu"},
                {"id": "e4", "source": "email", "target": "bye", "sourceHandle": "invalid"},
                {"id": "e5", "source": "menu", "target": "vip", "sourceHandle": "sales"},
                {"id": "e6", "source": "menu", "target": "email", "sourceHandle": "support"},
                {"id": "e7", "source": "vip", "target": "human", "sourceHandle": "true"},
                {"id": "e8", "source": "vip", "target": "bye", "sourceHandle": "false"}
            ]
        })
    }

    #[test]
    fn a_good_flow_passes_and_is_followed_by_its_handles() {
        let plan = validate(&flow(intake()), "flow").expect("valid");
        assert_eq!(plan.start().id, "start");
        assert_eq!(plan.next("menu", Some("sales")).unwrap().id, "vip");
        assert_eq!(plan.next("email", Some("invalid")).unwrap().id, "bye");
        assert_eq!(plan.next("email", None).unwrap().id, "menu");
        assert!(plan.next("bye", None).is_none());
    }

    #[test]
    fn problems_name_the_node_and_field() {
        let mut f = intake();
        f["nodes"][2]["data"]["answerType"] = json!("choice");
        f["nodes"][1]["data"]["text"] = json!("{{ oops");
        f["edges"][4]["sourceHandle"] = json!("nope");
        let got = fields(validate(&flow(f), "flow"));
        assert_eq!(
            got,
            [
                "flow.nodes.hello.data.text",
                "flow.nodes.email.data.options",
                "flow.edges.e5.sourceHandle"
            ]
        );
        let mut f = intake();
        f["edges"]
            .as_array_mut()
            .unwrap()
            .push(json!({"id": "e9", "source": "bye", "target": "hello"}));
        assert_eq!(
            fields(validate(&flow(f), "flow")),
            ["flow.edges.e9.sourceHandle"]
        );
    }

    #[test]
    fn a_loop_must_wait_for_the_person_and_every_node_be_reached() {
        // menu → support → email loops through a question: fine (above).
        // A loop of messages only never stops.
        let f = json!({
            "nodes": [
                {"id": "start", "type": "start"},
                {"id": "a", "type": "message", "data": {"text": "A"}},
                {"id": "b", "type": "condition", "data": {"expression": "true"}},
                {"id": "lost", "type": "end"}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "a"},
                {"id": "e2", "source": "a", "target": "b"},
                {"id": "e3", "source": "b", "target": "a", "sourceHandle": "true"}
            ]
        });
        assert_eq!(
            fields(validate(&flow(f), "flow")),
            ["flow.nodes.lost", "flow.nodes.a", "flow.nodes.b"]
        );
    }
}
