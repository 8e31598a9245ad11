//! `POST /v1/orchestration/ai-generate`: a workflow from a description,
//! for review (nothing is saved). With a language model connected, the
//! model writes the graph and is told the validator's problems until it
//! passes (three tries); with none, or when it never passes, the graph is
//! assembled from step templates matched to the description
//! (`agentforge_domain::workflow::generate`). Either way the result has
//! passed the same validator as a save.

use std::time::Duration;

use agentforge_domain::Error;
use agentforge_domain::agent::ModelSettings;
use agentforge_domain::error::{Problems, messages};
use agentforge_domain::policy::Actor;
use agentforge_domain::workflow::generate::{
    GeneratedBy, WorkflowContext, WorkflowRequest, generate,
};
use agentforge_domain::workflow::{Graph, Trigger};
use agentforge_llm::{ChatMessage, ChatModel, ChatRequest, Role};
use axum::extract::State;
use serde_json::Value;

use super::service;
use super::types::{AiGenerateIn, AiGenerateOut};
use crate::auth::CurrentUser;
use crate::http::{ApiError, Envelope, ErrorBody, Json};
use crate::state::AppState;

/// Tries the model gets to write a graph that passes.
const MODEL_TRIES: usize = 3;
/// Shortest and longest description.
const DESCRIPTION_MIN: usize = 10;
const DESCRIPTION_MAX: usize = 2000;

const SYSTEM: &str = r#"You design automation workflows. Answer with one JSON object and nothing else:
{"name": string, "description": string, "trigger": {"type": "manual"|"webhook"|"schedule"|"event", "cron"?: "five-field cron", "timezone"?: "IANA zone", "event"?: "conversation.started"|"conversation.ended"|"conversation.handed_off"|"message.received"|"document.indexed"|"call.completed"},
 "graph": {"nodes": [{"id": "letters_digits_underscore", "type": T, "name": string, "position": {"x": number, "y": number}, "data": {...}, "retries"?: 0-5, "timeoutSeconds"?: 1-600}], "edges": [{"id": string, "source": node id, "target": node id, "sourceHandle"?: "true"|"false"|"error"}]}}
Node types and their data: trigger {} (exactly one, first); agent {"agentId", "message"}; llm {"prompt", "system"?}; http {"method": "GET"|"POST"|"PUT"|"PATCH"|"DELETE", "url", "headers"?: {}, "body"?}; condition {"expression"} (left by sourceHandle "true" or "false"); transform {"template", "format"?: "text"|"json"}; delay {"seconds"} or {"until"}; mcp {"serverId", "tool", "arguments"?}; sms {"to", "body"}; email {"to", "subject", "body"}; end {"output"?: {}}.
Texts are Jinja templates over: input (the run's input), nodes.<id>.output, error.message (on an error branch), run.id, workflow.name. No cycles. Every node reachable from the trigger. An "error" edge from a node is followed when it fails."#;

fn check_description(body: &AiGenerateIn) -> Result<(), Error> {
    let mut p = Problems::default();
    let length = body.description.trim().chars().count();
    if length < DESCRIPTION_MIN {
        p.add("description", messages::too_short(DESCRIPTION_MIN));
    }
    p.text("description", Some(&body.description), DESCRIPTION_MAX);
    p.text("category", body.category.as_deref(), 60);
    if body.target_platforms.as_ref().is_some_and(|t| t.len() > 20) {
        p.add("targetPlatforms", messages::too_many(20));
    }
    for platform in body.target_platforms.iter().flatten() {
        p.text("targetPlatforms", Some(platform), 60);
    }
    p.finish()
}

/// Generate a workflow
///
/// Builds a workflow from a description, for review: with the configured
/// model, written and repaired until it passes the validator; with none,
/// assembled from templates matched to the description. Nothing is saved
/// until you save it (`POST /workflows`).
#[utoipa::path(post, path = "/v1/orchestration/ai-generate", tag = "workflows", request_body = AiGenerateIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "A workflow to review", body = Envelope<AiGenerateOut>),
        (status = 502, description = "Failed to generate AI workflow", body = ErrorBody),
    ))]
pub async fn ai_generate_workflow(
    State(state): State<AppState>,
    CurrentUser(user, actor): CurrentUser,
    Json(body): Json<AiGenerateIn>,
) -> Result<Envelope<AiGenerateOut>, ApiError> {
    check_description(&body)?;
    let request = WorkflowRequest {
        description: body.description.trim().to_owned(),
        complexity: body.complexity.unwrap_or_default(),
        include_error_handling: body.include_error_handling.unwrap_or(true),
        include_monitoring: body.include_monitoring.unwrap_or(true),
        category: body.category.unwrap_or_else(|| "general".to_owned()),
        target_platforms: body.target_platforms.unwrap_or_default(),
    };
    let agents = state.store.agents().names_of_owner(&user.id).await?;
    let context = WorkflowContext {
        agents: agents.clone(),
        notify_email: Some(user.email.clone()),
    };
    let own = state.runtime.own_models(&user.id, None).await?;
    let models = state.runtime.models();
    let mut out = None;
    if let Ok((model, name)) = models.for_agent(&ModelSettings::default(), &own)
        && model.provider() != "builtin"
    {
        out = with_model(&state, &actor, model.as_ref(), &name, &request, &agents).await;
    }
    let out = match out {
        Some(out) => out,
        None => {
            let generated = generate(&request, &context);
            AiGenerateOut {
                name: generated.name,
                description: generated.description,
                trigger: generated.trigger,
                graph: generated.graph,
                generated_by: GeneratedBy::Templates,
                notes: Vec::new(),
            }
        }
    };
    // Whatever wrote it, it passes the save's checks.
    if let Err(e) = service::check(
        &state.store,
        &actor,
        Some(&out.name),
        Some(&out.description),
        Some(&out.trigger),
        Some(&out.graph),
    )
    .await
    {
        tracing::error!(error = %e, "a generated workflow does not pass the checks");
        return Err(Error::Upstream(agentforge_domain::error::Upstream {
            status: 502,
            code: "generation_failed",
            message: "Failed to generate AI workflow".to_owned(),
            retry_after: None,
        })
        .into());
    }
    Ok(Envelope::new(with_notes(out)))
}

/// What to look at before saving: placeholders the templates left.
fn with_notes(mut out: AiGenerateOut) -> AiGenerateOut {
    for node in &out.graph.nodes {
        let data = Value::Object(node.data.clone()).to_string();
        if data.contains("example.com") {
            out.notes.push(format!(
                "'{}' calls an example URL: put in the real one",
                node.label()
            ));
        }
        if data.contains("input.email") || data.contains("input.phone") {
            out.notes.push(format!(
                "'{}' sends to an address from the run's input: start runs with it",
                node.label()
            ));
        }
    }
    out
}

async fn with_model(
    state: &AppState,
    actor: &Actor,
    model: &dyn ChatModel,
    name: &str,
    request: &WorkflowRequest,
    agents: &[(String, String)],
) -> Option<AiGenerateOut> {
    let agent_list: Vec<String> = agents
        .iter()
        .take(20)
        .map(|(id, n)| format!("{id} ({n})"))
        .collect();
    let ask = format!(
        "Description: {}\nComplexity: {}\nInclude error handling (retries, error edges, a failure email): {}\nInclude monitoring (timeouts, a run summary as output): {}\nCategory: {}\nTarget platforms: {}\nThe user's agents (agentId): {}",
        request.description,
        request.complexity.as_str(),
        request.include_error_handling,
        request.include_monitoring,
        request.category,
        request.target_platforms.join(", "),
        if agent_list.is_empty() {
            "none: use llm nodes instead of agent nodes".to_owned()
        } else {
            agent_list.join(", ")
        },
    );
    let mut messages = vec![
        ChatMessage::new(Role::System, SYSTEM),
        ChatMessage::new(Role::User, ask),
    ];
    for _ in 0..MODEL_TRIES {
        let chat = ChatRequest {
            model: name.to_owned(),
            messages: messages.clone(),
            temperature: 0.2,
            max_tokens: 4000,
            tools: Vec::new(),
            grounding: agentforge_llm::Grounding::default(),
        };
        let answer = tokio::time::timeout(Duration::from_secs(90), model.complete(&chat))
            .await
            .ok()?
            .ok()?;
        let text = answer.text.trim().to_owned();
        let problems = match parse(&text) {
            Err(why) => vec![why],
            Ok(out) => match service::check(
                &state.store,
                actor,
                Some(&out.name),
                Some(&out.description),
                Some(&out.trigger),
                Some(&out.graph),
            )
            .await
            {
                Ok(()) => return Some(out),
                Err(Error::Invalid(found)) => found
                    .into_iter()
                    .map(|p| format!("{}: {}", p.field, p.message))
                    .collect(),
                Err(_) => return None,
            },
        };
        messages.push(ChatMessage::new(Role::Assistant, text));
        messages.push(ChatMessage::new(
            Role::User,
            format!(
                "That does not pass. Fix these and answer with the whole JSON object again:\n- {}",
                problems.join("\n- ")
            ),
        ));
    }
    tracing::info!(
        "the model's workflow never passed the checks; assembled from templates instead"
    );
    None
}

fn parse(text: &str) -> Result<AiGenerateOut, String> {
    let (Some(start), Some(end)) = (text.find('{'), text.rfind('}')) else {
        return Err("The answer has no JSON object".into());
    };
    let value: Value = serde_json::from_str(&text[start..=end])
        .map_err(|e| format!("The JSON does not read: {e}"))?;
    let graph: Graph =
        serde_json::from_value(value["graph"].clone()).map_err(|e| format!("graph: {e}"))?;
    let trigger: Trigger = if value["trigger"].is_null() {
        Trigger::default()
    } else {
        serde_json::from_value(value["trigger"].clone()).map_err(|e| format!("trigger: {e}"))?
    };
    let cut = |v: &Value, max: usize| {
        v.as_str()
            .unwrap_or_default()
            .chars()
            .filter(|c| !c.is_control())
            .take(max)
            .collect::<String>()
    };
    let mut name = cut(&value["name"], 120);
    if name.trim().is_empty() {
        name = "Generated workflow".into();
    }
    Ok(AiGenerateOut {
        name,
        description: cut(&value["description"], 2000),
        trigger,
        graph,
        generated_by: GeneratedBy::Model,
        notes: Vec::new(),
    })
}
