//! The offline workflow generator: with no language model configured,
//! `ai-generate` assembles a workflow from step templates matched to the
//! words of the description. Deterministic, and its output always passes
//! [`super::validate`] (a property test below tries many descriptions).
//! With a model, the server asks the model first and falls back here when
//! the model's graph cannot be repaired.

use serde_json::{Value, json};

use super::graph::{Edge, EdgeHandle, Graph, Node, NodeKind, Position};
use super::{Trigger, TriggerKind, WorkflowEvent};

string_enum!(
    /// What wrote a generated workflow.
    GeneratedBy {
        /// The configured language model.
        Model = "model",
        /// Step templates matched to the description (no model, or the
        /// model's never passed the checks).
        Templates = "templates",
    }
);

string_enum!(
    /// How many steps a generated workflow has.
    #[derive(Default)]
    WorkflowComplexity {
        Simple = "simple",
        #[default]
        Intermediate = "intermediate",
        Advanced = "advanced",
    }
);

/// What the person asked for.
#[derive(Debug, Clone)]
pub struct WorkflowRequest {
    pub description: String,
    pub complexity: WorkflowComplexity,
    /// Retries on the steps that reach outside, an error branch and a
    /// failure notification.
    pub include_error_handling: bool,
    /// Time limits on every step and a run summary as the output.
    pub include_monitoring: bool,
    pub category: String,
    pub target_platforms: Vec<String>,
}

/// What the generator may use: the owner's agents (first is used), and
/// the address failures are reported to.
#[derive(Debug, Clone, Default)]
pub struct WorkflowContext {
    pub agents: Vec<(String, String)>,
    pub notify_email: Option<String>,
}

/// A generated workflow, for review.
#[derive(Debug, Clone)]
pub struct GeneratedWorkflow {
    pub name: String,
    pub description: String,
    pub trigger: Trigger,
    pub graph: Graph,
}

/// One step the description asks for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Step {
    Fetch,
    Agent,
    Summarize,
    Classify,
    Wait,
    Sms,
    Email,
    Post,
}

const STEP_WORDS: [(Step, &[&str]); 8] = [
    (
        Step::Fetch,
        &[
            "fetch", "api", "http", "lookup", "look up", "crm", "get data", "retrieve", "sync",
        ],
    ),
    (
        Step::Agent,
        &[
            "agent", "support", "customer", "answer", "reply", "respond", "chat", "qualify", "lead",
        ],
    ),
    (
        Step::Summarize,
        &[
            "summar", "digest", "report", "analy", "translat", "extract", "draft", "write",
        ],
    ),
    (
        Step::Classify,
        &[
            "classif",
            "urgent",
            "priority",
            "sentiment",
            "triage",
            "route",
            "if ",
            "when ",
            "escalat",
        ],
    ),
    (
        Step::Wait,
        &[
            "wait",
            "delay",
            "later",
            "follow up",
            "follow-up",
            "remind",
            "after",
        ],
    ),
    (Step::Sms, &["sms", "text message", "phone", "twilio"]),
    (
        Step::Email,
        &["email", "e-mail", "mail", "notify", "newsletter"],
    ),
    (
        Step::Post,
        &["slack", "post ", "webhook", "push to", "send to"],
    ),
];

fn steps_for(request: &WorkflowRequest) -> Vec<Step> {
    let words = format!(
        " {} {} {} ",
        request.description.to_lowercase(),
        request.category.to_lowercase(),
        request.target_platforms.join(" ").to_lowercase()
    );
    let mut steps: Vec<Step> = STEP_WORDS
        .iter()
        .filter(|(_, keys)| keys.iter().any(|k| words.contains(k)))
        .map(|(s, _)| *s)
        .collect();
    if steps.is_empty() {
        steps = vec![Step::Summarize, Step::Email];
    }
    let most = match request.complexity {
        WorkflowComplexity::Simple => 2,
        WorkflowComplexity::Intermediate => 4,
        WorkflowComplexity::Advanced => 8,
    };
    steps.truncate(most);
    if request.complexity == WorkflowComplexity::Advanced && !steps.contains(&Step::Classify) {
        steps.insert(steps.len().min(1), Step::Classify);
    }
    steps
}

fn trigger_for(request: &WorkflowRequest) -> Trigger {
    let d = request.description.to_lowercase();
    let has = |keys: &[&str]| keys.iter().any(|k| d.contains(k));
    if has(&["every day", "daily", "each morning", "every morning"]) {
        Trigger {
            kind: TriggerKind::Schedule,
            cron: Some("0 9 * * *".into()),
            timezone: Some("UTC".into()),
            ..Trigger::default()
        }
    } else if has(&["weekly", "every week", "every monday"]) {
        Trigger {
            kind: TriggerKind::Schedule,
            cron: Some("0 9 * * 1".into()),
            timezone: Some("UTC".into()),
            ..Trigger::default()
        }
    } else if has(&["hourly", "every hour"]) {
        Trigger {
            kind: TriggerKind::Schedule,
            cron: Some("0 * * * *".into()),
            timezone: Some("UTC".into()),
            ..Trigger::default()
        }
    } else if has(&["call ends", "after a call", "call completed", "phone call"]) {
        Trigger {
            kind: TriggerKind::Event,
            event: Some(WorkflowEvent::CallCompleted),
            ..Trigger::default()
        }
    } else if has(&["conversation ends", "after a conversation", "chat ends"]) {
        Trigger {
            kind: TriggerKind::Event,
            event: Some(WorkflowEvent::ConversationEnded),
            ..Trigger::default()
        }
    } else if has(&["new message", "message received", "customer writes"]) {
        Trigger {
            kind: TriggerKind::Event,
            event: Some(WorkflowEvent::MessageReceived),
            ..Trigger::default()
        }
    } else if has(&[
        "webhook",
        "form submission",
        "incoming request",
        "when a lead",
    ]) {
        Trigger {
            kind: TriggerKind::Webhook,
            ..Trigger::default()
        }
    } else {
        Trigger::default()
    }
}

/// The name: the description's first words, as a title.
fn name_for(description: &str) -> String {
    let words: Vec<&str> = description.split_whitespace().take(6).collect();
    let mut name = words.join(" ");
    name.retain(|c| !c.is_control());
    let name: String = name.chars().take(60).collect();
    let mut chars = name.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => "Generated workflow".to_owned(),
    }
}

struct Builder {
    nodes: Vec<Node>,
    edges: Vec<Edge>,
}

impl Builder {
    fn node(&mut self, id: &str, kind: NodeKind, name: &str, data: Value, column: usize, row: i32) {
        self.nodes.push(Node {
            id: id.to_owned(),
            kind,
            name: Some(name.to_owned()),
            position: Position {
                x: 280.0 * column as f64,
                y: 140.0 * f64::from(row),
            },
            data: match data {
                Value::Object(map) => map,
                _ => serde_json::Map::new(),
            },
            timeout_seconds: None,
            retries: None,
            retry_backoff_seconds: None,
        });
    }

    fn edge(&mut self, source: &str, target: &str, handle: Option<&str>) {
        let id = format!("e{}", self.edges.len() + 1);
        self.edges.push(Edge {
            id,
            source: source.to_owned(),
            target: target.to_owned(),
            source_handle: handle.and_then(|h| EdgeHandle::parse(h).ok()),
            max_iterations: None,
        });
    }
}

/// Builds a workflow for `request` from templates.
pub fn generate(request: &WorkflowRequest, context: &WorkflowContext) -> GeneratedWorkflow {
    let steps = steps_for(request);
    let trigger = trigger_for(request);
    let mut b = Builder {
        nodes: Vec::new(),
        edges: Vec::new(),
    };
    b.node("start", NodeKind::Trigger, "Start", json!({}), 0, 0);
    let notify = context
        .notify_email
        .clone()
        .unwrap_or_else(|| "{{ input.email }}".to_owned());
    // Where the next step hangs: a node, and the way out of it.
    let mut from: (String, Option<&str>) = ("start".to_owned(), None);
    let mut column = 1;
    let mut fallible = Vec::new();
    // What the steps talk about: the input's text, else the whole input.
    let subject = "{{ input.text or input.message or (input | tojson) }}";
    for (index, step) in steps.iter().enumerate() {
        let id = format!("step{}", index + 1);
        let (kind, name, data) = match step {
            Step::Fetch => (
                NodeKind::Http,
                "Fetch data",
                json!({"method": "GET", "url": "https://api.example.com/records/{{ input.id }}"}),
            ),
            Step::Agent => match context.agents.first() {
                Some((agent_id, _)) => (
                    NodeKind::Agent,
                    "Ask the agent",
                    json!({"agentId": agent_id, "message": subject, "conversation": "run"}),
                ),
                None => (
                    NodeKind::Llm,
                    "Write a reply",
                    json!({"prompt": format!("Write a helpful reply to: {subject}")}),
                ),
            },
            Step::Summarize => (
                NodeKind::Llm,
                "Summarize",
                json!({"prompt": format!("Summarize in three sentences: {subject}")}),
            ),
            Step::Classify => {
                // A model's verdict, then a condition on it: urgent goes
                // on, normal ends quietly.
                let verdict = format!("{id}_classify");
                b.node(&verdict, NodeKind::Llm, "Classify", json!({"prompt": format!("Answer only 'urgent' or 'normal'. Is this urgent? {subject}")}), column, 0);
                b.edge(&from.0, &verdict, from.1);
                fallible.push(verdict.clone());
                column += 1;
                b.node(&id, NodeKind::Condition, "Is it urgent?", json!({"expression": format!("'urgent' in (nodes.{verdict}.output.text | lower)")}), column, 0);
                b.edge(&verdict, &id, None);
                let normal = format!("{id}_normal");
                b.node(
                    &normal,
                    NodeKind::End,
                    "Not urgent",
                    json!({"output": {"urgent": false}}),
                    column + 1,
                    1,
                );
                b.edge(&id, &normal, Some("false"));
                from = (id, Some("true"));
                column += 1;
                continue;
            }
            Step::Wait => (NodeKind::Delay, "Wait a day", json!({"seconds": 86_400})),
            Step::Sms => (
                NodeKind::Sms,
                "Send an SMS",
                json!({"to": "{{ input.phone }}", "body": "Update: {{ input.text or 'your request is being handled' }}"}),
            ),
            Step::Email => (
                NodeKind::Email,
                "Send an email",
                json!({"to": notify, "subject": format!("{}: update", name_for(&request.description)), "body": "{% for id, node in nodes|items %}{{ id }}: {{ node.output | tojson }}\n{% endfor %}"}),
            ),
            Step::Post => (
                NodeKind::Http,
                "Post the result",
                json!({"method": "POST", "url": "https://hooks.example.com/workflow", "body": "{{ nodes | tojson }}"}),
            ),
        };
        b.node(&id, kind, name, data, column, 0);
        b.edge(&from.0, &id, from.1);
        if kind != NodeKind::Delay {
            fallible.push(id.clone());
        }
        from = (id, None);
        column += 1;
    }
    let output = if request.include_monitoring {
        json!({"output": {"status": "succeeded", "steps": steps.len(), "runId": "{{ run.id }}"}})
    } else {
        json!({})
    };
    b.node("done", NodeKind::End, "Done", output, column, 0);
    b.edge(&from.0, "done", from.1);
    if request.include_error_handling && !fallible.is_empty() {
        b.node("notify_failure", NodeKind::Email, "Report the failure", json!({
            "to": notify,
            "subject": "A workflow step failed",
            "body": "The run {{ run.id }} of {{ workflow.name }} failed at a step: {{ error.message }}"
        }), column, 2);
        b.node(
            "failed",
            NodeKind::End,
            "Failed",
            json!({"output": {"status": "failed", "error": "{{ error.message }}"}}),
            column + 1,
            2,
        );
        b.edge("notify_failure", "failed", None);
        for id in &fallible {
            b.edge(id, "notify_failure", Some("error"));
            if let Some(node) = b.nodes.iter_mut().find(|n| &n.id == id) {
                node.retries = Some(2);
                node.retry_backoff_seconds = Some(5);
            }
        }
    }
    if request.include_monitoring {
        for node in &mut b.nodes {
            if !matches!(
                node.kind,
                NodeKind::Trigger | NodeKind::End | NodeKind::Delay
            ) {
                node.timeout_seconds = Some(node.timeout());
            }
        }
    }
    let description = request
        .description
        .trim()
        .chars()
        .take(super::DESCRIPTION_MAX)
        .collect();
    GeneratedWorkflow {
        name: name_for(&request.description),
        description,
        trigger,
        graph: Graph {
            nodes: b.nodes,
            edges: b.edges,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn request(description: &str, complexity: WorkflowComplexity, errors: bool) -> WorkflowRequest {
        WorkflowRequest {
            description: description.to_owned(),
            complexity,
            include_error_handling: errors,
            include_monitoring: true,
            category: "general".into(),
            target_platforms: Vec::new(),
        }
    }

    #[test]
    fn a_description_becomes_matching_steps() {
        let context = WorkflowContext {
            agents: vec![("a1".into(), "Helper".into())],
            notify_email: Some("me@example.com".into()),
        };
        let out = generate(
            &request(
                "Every day fetch new leads from the CRM API, qualify them with the agent and email me a summary",
                WorkflowComplexity::Advanced,
                true,
            ),
            &context,
        );
        assert_eq!(out.trigger.kind, TriggerKind::Schedule);
        let kinds: Vec<NodeKind> = out.graph.nodes.iter().map(|n| n.kind).collect();
        for kind in [
            NodeKind::Http,
            NodeKind::Agent,
            NodeKind::Condition,
            NodeKind::Email,
            NodeKind::End,
        ] {
            assert!(kinds.contains(&kind), "{kind:?} in {kinds:?}");
        }
        assert!(out.graph.edges.iter().any(|e| e.handle() == Some("error")));
        super::super::validate(&out.graph).expect("valid");
    }

    /// A small deterministic generator of descriptions from words.
    fn descriptions() -> Vec<String> {
        let words = [
            "fetch",
            "api",
            "support",
            "customer",
            "summarize",
            "urgent",
            "wait",
            "later",
            "sms",
            "email",
            "slack",
            "post ",
            "daily",
            "weekly",
            "webhook",
            "translate",
            "classify",
            "if ",
            "report",
            "lead",
            "call ends",
            "",
            "ünïcödé",
            "阿拉伯",
            "remind",
            "follow up",
            "route",
        ];
        let mut out = Vec::new();
        let mut seed: u64 = 0x2545_F491_4F6C_DD1D;
        for _ in 0..400 {
            let mut text = String::new();
            for _ in 0..(seed % 7) {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                text.push_str(words[(seed % words.len() as u64) as usize]);
                text.push(' ');
            }
            seed ^= seed << 13;
            seed ^= seed >> 7;
            seed ^= seed << 17;
            out.push(text);
        }
        out
    }

    #[test]
    fn every_generated_workflow_validates() {
        let contexts = [
            WorkflowContext::default(),
            WorkflowContext {
                agents: vec![("a1".into(), "A".into())],
                notify_email: Some("x@example.com".into()),
            },
        ];
        for description in descriptions() {
            for complexity in WorkflowComplexity::ALL {
                for errors in [false, true] {
                    for context in &contexts {
                        let out = generate(&request(&description, *complexity, errors), context);
                        if let Err(p) = super::super::validate(&out.graph) {
                            panic!(
                                "{description:?} {complexity:?} {errors}: {:?}",
                                p.into_problems()
                            );
                        }
                        let mut problems = crate::Problems::default();
                        out.trigger.check(&mut problems);
                        assert!(problems.is_empty());
                    }
                }
            }
        }
    }
}
