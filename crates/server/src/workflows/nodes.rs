//! What each node type does, given the run's variables. Each returns what
//! it was given (its settings with the templates filled in: the step's
//! `input`) and its output, or why it failed. Nothing here touches the
//! run's bookkeeping; `engine.rs` does.

use std::time::Duration;

use agentforge_domain::Email;
use agentforge_domain::agent::ModelSettings;
use agentforge_domain::conversation::Channel;
use agentforge_domain::policy::{Action, Actor, Party};
use agentforge_domain::workflow::graph::{
    AgentConversation, DelayNodeData, HttpNodeData, Node, NodeData, TransformFormat,
};
use agentforge_domain::workflow::template;
use agentforge_runtime::fetch::Fetch;
use agentforge_runtime::{TurnEvent, TurnRequest};
use agentforge_store::{Execution, Step};
use chrono::{DateTime, Utc};
use serde_json::{Map, Value, json};

use crate::state::AppState;

/// The most emails, and SMS, one person's workflows send an hour (on each
/// instance): a workflow is not a way to flood inboxes or phones.
pub const SENDS_PER_HOUR: u32 = 100;

/// Counts one email or SMS of `owner`'s workflows; why not, past the limit.
fn may_send(state: &AppState, kind: &str, owner: &str) -> Result<(), String> {
    state
        .rate_limiter
        .check_all(
            &[(&format!("workflow-{kind}:{owner}"), SENDS_PER_HOUR)],
            Duration::from_secs(3600),
        )
        .map_err(|_| {
            format!("Your workflows have sent {SENDS_PER_HOUR} {kind} messages this hour; try again later")
        })
}

/// What a node came to.
pub enum Outcome {
    /// Done, with its output.
    Done(Value),
    /// A delay not due yet: come back at this time.
    Wait(DateTime<Utc>),
}

/// One attempt of one node: what it was given, and how it went.
pub struct Attempt {
    pub input: Value,
    pub result: Result<Outcome, String>,
}

impl Attempt {
    fn done(input: Value, output: Value) -> Self {
        Self {
            input,
            result: Ok(Outcome::Done(output)),
        }
    }

    fn failed(input: Value, why: impl Into<String>) -> Self {
        Self {
            input,
            result: Err(why.into()),
        }
    }
}

fn text(source: &str, vars: &Value) -> Result<String, String> {
    template::render(source, vars)
}

/// Runs `node` for the run `execution`; `step` is its step row.
pub async fn run(
    state: &AppState,
    execution: &Execution,
    step: &Step,
    node: &Node,
    data: &NodeData,
    vars: &Value,
) -> Attempt {
    let owner = Actor::user(execution.owner_id.clone(), agentforge_domain::Role::User);
    match data {
        NodeData::Trigger => Attempt::done(Value::Null, execution.input.clone()),
        NodeData::Agent(d) => {
            let message = match text(&d.message, vars) {
                Ok(m) => m,
                Err(e) => return Attempt::failed(json!({}), e),
            };
            let input = json!({"agentId": d.agent_id, "message": message});
            let result = agent_turn(
                state,
                execution,
                &owner,
                &d.agent_id,
                d.conversation,
                message,
            )
            .await;
            Attempt {
                input,
                result: result.map(Outcome::Done),
            }
        }
        NodeData::Llm(d) => {
            let prompt = match text(&d.prompt, vars) {
                Ok(p) => p,
                Err(e) => return Attempt::failed(json!({}), e),
            };
            let system = match d.system.as_deref().map(|s| text(s, vars)).transpose() {
                Ok(s) => s,
                Err(e) => return Attempt::failed(json!({"prompt": prompt}), e),
            };
            let input = json!({"prompt": prompt, "system": system});
            let result = llm(
                state,
                execution,
                &owner,
                d.agent_id.as_deref(),
                system,
                prompt,
                d.temperature,
                d.max_tokens,
            )
            .await;
            Attempt {
                input,
                result: result.map(Outcome::Done),
            }
        }
        NodeData::Http(d) => http(state, d, vars, node.timeout()).await,
        NodeData::Condition(d) => match template::holds(&d.expression, vars) {
            Ok(result) => Attempt::done(
                json!({"expression": d.expression}),
                json!({"result": result}),
            ),
            Err(e) => Attempt::failed(json!({"expression": d.expression}), e),
        },
        NodeData::Transform(d) => {
            let rendered = match text(&d.template, vars) {
                Ok(t) => t,
                Err(e) => return Attempt::failed(json!({}), e),
            };
            match d.format.unwrap_or(TransformFormat::Text) {
                TransformFormat::Text => Attempt::done(json!({}), json!({"text": rendered})),
                TransformFormat::Json => match serde_json::from_str::<Value>(&rendered) {
                    Ok(value) => Attempt::done(json!({}), value),
                    Err(e) => Attempt::failed(
                        json!({"text": rendered}),
                        format!("The template did not make JSON: {e}"),
                    ),
                },
            }
        }
        NodeData::Delay(d) => delay(d, step, vars),
        NodeData::Mcp(d) => {
            let arguments = match d
                .arguments
                .as_ref()
                .map(|a| template::fill(&Value::Object(a.clone()), vars))
                .transpose()
            {
                Ok(a) => a.unwrap_or_else(|| Value::Object(Map::new())),
                Err(e) => return Attempt::failed(json!({}), e),
            };
            let input = json!({"serverId": d.server_id, "tool": d.tool, "arguments": arguments});
            let Some(toolbox) = state.runtime.toolbox() else {
                return Attempt::failed(input, "MCP tools are not available on this server");
            };
            let mcp = crate::mcp::service::Mcp {
                store: &state.store,
                toolbox,
                per_user: state.config.mcp.servers_per_user,
            };
            match mcp.execute(&owner, &d.server_id, &d.tool, arguments).await {
                Ok(out) if out.is_error => Attempt::failed(
                    input,
                    format!("The tool reported an error: {}", out.as_text()),
                ),
                Ok(out) => Attempt::done(
                    input,
                    json!({"text": out.as_text(), "structured": out.structured}),
                ),
                Err(e) => Attempt::failed(input, e.to_string()),
            }
        }
        NodeData::Sms(d) => {
            let (to, body) = match (text(&d.to, vars), text(&d.body, vars)) {
                (Ok(to), Ok(body)) => (to.trim().to_owned(), body),
                (Err(e), _) | (_, Err(e)) => return Attempt::failed(json!({}), e),
            };
            let input = json!({"to": to, "body": body});
            if let Err(why) = may_send(state, "sms", &execution.owner_id) {
                return Attempt::failed(input, why);
            }
            let account = match crate::phone::twilio_of(state, &execution.owner_id).await {
                Ok(Some(account)) => account,
                Ok(None) => {
                    return Attempt::failed(
                        input,
                        agentforge_domain::Conflict::PhoneNotConfigured.message(),
                    );
                }
                Err(e) => return Attempt::failed(input, e.to_string()),
            };
            match crate::phone::service::send(
                &state.store,
                &account,
                &execution.owner_id,
                "workflow",
                &to,
                &body,
            )
            .await
            {
                Ok(sms) => Attempt::done(
                    input,
                    json!({"id": sms.id, "to": sms.to_number, "status": sms.status}),
                ),
                Err(e) => Attempt::failed(input, e.to_string()),
            }
        }
        NodeData::Email(d) => {
            let rendered = (
                text(&d.to, vars),
                text(&d.subject, vars),
                text(&d.body, vars),
            );
            let (to, subject, body) = match rendered {
                (Ok(a), Ok(b), Ok(c)) => (a.trim().to_owned(), b, c),
                (Err(e), _, _) | (_, Err(e), _) | (_, _, Err(e)) => {
                    return Attempt::failed(json!({}), e);
                }
            };
            let input = json!({"to": to, "subject": subject, "body": body});
            if let Err(why) = may_send(state, "email", &execution.owner_id) {
                return Attempt::failed(input, why);
            }
            match email(state, execution, &to, subject, body).await {
                Ok(output) => Attempt::done(input, output),
                Err(e) => Attempt::failed(input, e),
            }
        }
        NodeData::End(d) => match d
            .output
            .as_ref()
            .map(|o| template::fill(&Value::Object(o.clone()), vars))
            .transpose()
        {
            Ok(output) => Attempt::done(json!({}), output.unwrap_or_else(|| json!({}))),
            Err(e) => Attempt::failed(json!({}), e),
        },
    }
}

async fn agent_turn(
    state: &AppState,
    execution: &Execution,
    owner: &Actor,
    agent_id: &str,
    mode: Option<AgentConversation>,
    message: String,
) -> Result<Value, String> {
    if message.trim().is_empty() {
        return Err("The message to the agent is empty".into());
    }
    let (agent, _) = crate::access::agent(&state.store, owner, agent_id, Action::Use)
        .await
        .map_err(|e| e.to_string())?;
    let holder = Party::Workflow(execution.id.clone());
    let conversation = match mode.unwrap_or(AgentConversation::Run) {
        AgentConversation::Run => state
            .store
            .conversations()
            .active_held_by(&agent.id, &holder)
            .await
            .map_err(|e| e.to_string())?,
        AgentConversation::New => None,
    };
    let mut turn = state
        .runtime
        .start_turn(TurnRequest {
            agent,
            caller: owner.clone(),
            channel: Channel::Api,
            conversation,
            message,
            use_knowledge_base: true,
            include_context: true,
            test: false,
            stream: false,
            stop_when_abandoned: false,
            holder: Some(holder),
            prior: Vec::new(),
        })
        .await
        .map_err(|e| agentforge_domain::Error::from(e).to_string())?;
    let mut conversation_id = None;
    while let Some(event) = turn.next().await {
        match event {
            TurnEvent::Started { conversation, .. } => conversation_id = Some(conversation.id),
            TurnEvent::Finished { message, usage } => {
                return Ok(json!({
                    "answer": message.content,
                    "conversationId": conversation_id,
                    "messageId": message.id,
                    "usage": {"inputTokens": usage.input_tokens, "outputTokens": usage.output_tokens},
                }));
            }
            TurnEvent::Failed { error, .. } => return Err(error.to_string()),
            TurnEvent::Lost { error } => return Err(error),
            TurnEvent::HandedOff { .. } => {
                return Err(agentforge_domain::Conflict::ConversationHandedOff
                    .message()
                    .to_owned());
            }
            _ => {}
        }
    }
    Err("The agent's turn ended without an answer".into())
}

#[allow(clippy::too_many_arguments)]
async fn llm(
    state: &AppState,
    execution: &Execution,
    owner: &Actor,
    agent_id: Option<&str>,
    system: Option<String>,
    prompt: String,
    temperature: Option<f32>,
    max_tokens: Option<u32>,
) -> Result<Value, String> {
    use agentforge_llm::{ChatMessage, ChatRequest, Role};
    let (settings, team) = match agent_id {
        Some(id) => {
            let (agent, _) = crate::access::agent(&state.store, owner, id, Action::Use)
                .await
                .map_err(|e| e.to_string())?;
            (agent.config.model.clone(), agent.team_id.clone())
        }
        None => (ModelSettings::default(), None),
    };
    let own = state
        .runtime
        .own_models(&execution.owner_id, team.as_deref())
        .await
        .map_err(|e| e.to_string())?;
    let (model, name) = state
        .runtime
        .models()
        .for_agent(&settings, &own)
        .map_err(|e| e.to_string())?;
    let mut messages = Vec::new();
    if let Some(system) = system.filter(|s| !s.trim().is_empty()) {
        messages.push(ChatMessage::new(Role::System, system));
    }
    messages.push(ChatMessage::new(Role::User, prompt));
    let request = ChatRequest {
        model: name.clone(),
        messages,
        temperature: temperature.map_or(settings.temperature, f64::from),
        max_tokens: max_tokens.unwrap_or(settings.max_tokens),
        tools: Vec::new(),
        grounding: agentforge_llm::Grounding::default(),
    };
    let answer = model.complete(&request).await.map_err(|e| e.to_string())?;
    let usage = answer
        .usage
        .unwrap_or_else(|| agentforge_llm::Usage::estimate(&request, &answer.text));
    Ok(json!({
        "text": answer.text,
        "provider": model.provider(),
        "model": name,
        "usage": {"inputTokens": usage.input_tokens, "outputTokens": usage.output_tokens},
    }))
}

async fn http(state: &AppState, d: &HttpNodeData, vars: &Value, timeout: u32) -> Attempt {
    let url = match text(&d.url, vars) {
        Ok(u) => u.trim().to_owned(),
        Err(e) => return Attempt::failed(json!({}), e),
    };
    let mut headers = std::collections::BTreeMap::new();
    for (name, value) in d.headers.iter().flatten() {
        match text(value, vars) {
            Ok(v) => {
                headers.insert(name.clone(), v);
            }
            Err(e) => return Attempt::failed(json!({"url": url}), e),
        }
    }
    let body = match d.body.as_deref().map(|b| text(b, vars)).transpose() {
        Ok(b) => b,
        Err(e) => return Attempt::failed(json!({"url": url}), e),
    };
    let request = Fetch {
        method: d.method,
        url,
        headers,
        body,
        timeout: Duration::from_secs(u64::from(timeout)),
    };
    let input = request.shown();
    match state.runtime.fetch(&request).await {
        Ok(answer) => match answer.failure() {
            Some(why) => Attempt::failed(input, why),
            None => Attempt::done(input, answer.output()),
        },
        Err(why) => Attempt::failed(input, why),
    }
}

fn delay(d: &DelayNodeData, step: &Step, vars: &Value) -> Attempt {
    let until = match (&d.seconds, &d.until) {
        (Some(seconds), _) => {
            // From when the step was first reached, whatever restarts came since.
            step.created_at
                + chrono::Duration::seconds(i64::try_from(*seconds).unwrap_or(i64::MAX / 1000))
        }
        (None, Some(until)) => match text(until, vars) {
            Ok(t) => match DateTime::parse_from_rfc3339(t.trim()) {
                Ok(at) => at.with_timezone(&Utc),
                Err(_) => {
                    return Attempt::failed(
                        json!({"until": t}),
                        format!("'{t}' is not an RFC 3339 time (2026-01-31T09:00:00Z)"),
                    );
                }
            },
            Err(e) => return Attempt::failed(json!({}), e),
        },
        (None, None) => return Attempt::failed(json!({}), "Give either seconds or until"),
    };
    let latest = step.created_at
        + chrono::Duration::seconds(
            i64::try_from(agentforge_domain::workflow::graph::DELAY_MAX_SECONDS).unwrap_or(0),
        );
    let until = until.min(latest);
    let input = json!({"until": until});
    if until <= Utc::now() {
        Attempt::done(input, json!({"waitedUntil": until}))
    } else {
        Attempt {
            input,
            result: Ok(Outcome::Wait(until)),
        }
    }
}

async fn email(
    state: &AppState,
    execution: &Execution,
    to: &str,
    subject: String,
    body: String,
) -> Result<Value, String> {
    let address =
        Email::parse(to).map_err(|e| format!("'{to}' is not an email address: {}", e.message))?;
    let owner = state
        .store
        .users()
        .find_by_id(&execution.owner_id)
        .await
        .map_err(|e| e.to_string())?
        .ok_or("The workflow's owner is gone")?;
    let workflow = state
        .store
        .workflows()
        .get(&execution.workflow_id)
        .await
        .map_err(|e| e.to_string())?
        .map(|w| w.name)
        .unwrap_or_default();
    let subject: String = subject
        .replace(['\r', '\n'], " ")
        .chars()
        .take(200)
        .collect();
    let body: String = body.chars().take(20_000).collect();
    let tx = state.store.begin().await.map_err(|e| e.to_string())?;
    state
        .mailer
        .send_in(
            &tx,
            crate::mail::Outgoing {
                user_id: None,
                to: address.as_str().to_owned(),
                language: owner.language,
                message: agentforge_mail::MailMessage::WorkflowMessage {
                    workflow,
                    subject: subject.clone(),
                    body,
                },
            },
        )
        .await
        .map_err(|e| e.to_string())?;
    tx.commit().await.map_err(|e| e.to_string())?;
    state.mailer.wake();
    Ok(json!({"to": address.as_str(), "subject": subject, "queued": true}))
}
