//! OpenAI-compatible chat completions (`POST {base}/chat/completions`):
//! OpenAI itself and everything that speaks its API (Ollama, vLLM, llama.cpp
//! server, LM Studio, OpenRouter, Groq, Mistral...).

use std::collections::BTreeMap;

use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::ProviderError;
use crate::http::{self, ErrorBody};
use crate::stream::async_stream;
use crate::{ChatModel, ChatRequest, Completion, EventStream, Role, StreamEvent, ToolCall, Usage};

const PROVIDER: &str = "openai";
pub const DEFAULT_BASE_URL: &str = "https://api.openai.com/v1";
pub const DEFAULT_MODEL: &str = "gpt-4o-mini";

pub struct OpenAi {
    client: reqwest::Client,
    base_url: String,
    api_key: Option<String>,
    model: String,
}

impl OpenAi {
    /// `base_url` up to and including the version (`https://api.openai.com/v1`,
    /// `http://localhost:11434/v1`); no key for local servers that need none.
    pub fn new(base_url: Option<&str>, api_key: Option<&str>, model: Option<&str>) -> Self {
        Self::with_client(http::client(), base_url, api_key, model)
    }

    /// [`Self::new`] over `client` (one that checks where it connects, for
    /// a base URL a user gave).
    pub fn with_client(
        client: reqwest::Client,
        base_url: Option<&str>,
        api_key: Option<&str>,
        model: Option<&str>,
    ) -> Self {
        Self {
            client,
            base_url: base_url
                .unwrap_or(DEFAULT_BASE_URL)
                .trim_end_matches('/')
                .to_owned(),
            api_key: api_key.filter(|k| !k.is_empty()).map(str::to_owned),
            model: model.unwrap_or(DEFAULT_MODEL).to_owned(),
        }
    }

    fn body(&self, request: &ChatRequest, stream: bool) -> Value {
        let messages: Vec<Value> = request
            .messages
            .iter()
            .map(|m| match m.role {
                Role::Assistant if !m.tool_calls.is_empty() => json!({
                    "role": "assistant",
                    "content": if m.content.is_empty() { Value::Null } else { Value::String(m.content.clone()) },
                    "tool_calls": m.tool_calls.iter().map(|c| json!({
                        "id": c.id,
                        "type": "function",
                        "function": {"name": c.name, "arguments": arguments_text(&c.arguments)},
                    })).collect::<Vec<_>>(),
                }),
                Role::Tool => json!({
                    "role": "tool",
                    "tool_call_id": m.tool_call_id,
                    "content": m.content,
                }),
                role => json!({"role": role, "content": m.content}),
            })
            .collect();
        let mut body = json!({
            "model": request.model,
            "messages": messages,
            "temperature": request.temperature,
            "max_tokens": request.max_tokens,
            "stream": stream,
        });
        if stream {
            body["stream_options"] = json!({"include_usage": true});
        }
        if !request.tools.is_empty() {
            body["tools"] = request
                .tools
                .iter()
                .map(|t| {
                    json!({"type": "function", "function": {
                        "name": t.name, "description": t.description, "parameters": t.parameters,
                    }})
                })
                .collect();
        }
        body
    }

    async fn post(
        &self,
        request: &ChatRequest,
        stream: bool,
    ) -> Result<reqwest::Response, ProviderError> {
        let mut builder = self
            .client
            .post(format!("{}/chat/completions", self.base_url))
            .json(&self.body(request, stream));
        if !stream {
            builder = builder.timeout(http::TIMEOUT);
        }
        if let Some(key) = &self.api_key {
            builder = builder.bearer_auth(key);
        }
        let model = request.model.clone();
        http::send(PROVIDER, builder, |status, retry_after, body| {
            classify(&model, status, retry_after, body)
        })
        .await
    }
}

fn arguments_text(arguments: &Value) -> String {
    match arguments {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

fn parse_arguments(text: &str) -> Value {
    if text.trim().is_empty() {
        return json!({});
    }
    serde_json::from_str(text).unwrap_or_else(|_| Value::String(text.to_owned()))
}

fn classify(model: &str, status: u16, retry_after: Option<u64>, body: ErrorBody) -> ProviderError {
    // Some servers answer an unknown model with 400 and a code saying so.
    if body.kind == "model_not_found" {
        return ProviderError::ModelNotFound {
            provider: PROVIDER,
            model: model.to_owned(),
            detail: crate::error::brief(&body.message),
        };
    }
    if body.kind == "invalid_api_key" {
        return ProviderError::Auth {
            provider: PROVIDER,
            detail: crate::error::brief(&body.message),
        };
    }
    http::classify_status(PROVIDER, model, status, retry_after, body)
}

#[derive(Deserialize)]
struct WireUsage {
    #[serde(default)]
    prompt_tokens: u32,
    #[serde(default)]
    completion_tokens: u32,
}

impl From<WireUsage> for Usage {
    fn from(u: WireUsage) -> Self {
        Usage {
            input_tokens: u.prompt_tokens,
            output_tokens: u.completion_tokens,
        }
    }
}

#[derive(Deserialize)]
struct WireFunction {
    #[serde(default)]
    name: Option<String>,
    #[serde(default)]
    arguments: Option<String>,
}

#[derive(Deserialize)]
struct WireToolCall {
    #[serde(default)]
    index: Option<usize>,
    #[serde(default)]
    id: Option<String>,
    #[serde(default)]
    function: Option<WireFunction>,
}

#[derive(Deserialize)]
struct WireMessage {
    #[serde(default)]
    content: Option<String>,
    #[serde(default)]
    tool_calls: Vec<WireToolCall>,
}

#[derive(Deserialize)]
struct WireChoice {
    #[serde(default, alias = "delta")]
    message: Option<WireMessage>,
}

#[derive(Deserialize)]
struct WireResponse {
    #[serde(default)]
    choices: Vec<WireChoice>,
    #[serde(default)]
    usage: Option<WireUsage>,
}

/// Tool calls arrive in pieces keyed by index: the id and name first, the
/// arguments as string fragments.
#[derive(Default)]
struct PartialCalls(BTreeMap<usize, (String, String, String)>);

impl PartialCalls {
    fn add(&mut self, calls: Vec<WireToolCall>) {
        for (position, call) in calls.into_iter().enumerate() {
            let entry = self.0.entry(call.index.unwrap_or(position)).or_default();
            if let Some(id) = call.id {
                entry.0 = id;
            }
            if let Some(function) = call.function {
                if let Some(name) = function.name {
                    entry.1.push_str(&name);
                }
                if let Some(arguments) = function.arguments {
                    entry.2.push_str(&arguments);
                }
            }
        }
    }

    fn finish(self) -> Vec<ToolCall> {
        self.0
            .into_iter()
            .map(|(index, (id, name, arguments))| ToolCall {
                id: if id.is_empty() {
                    format!("call_{index}")
                } else {
                    id
                },
                name,
                arguments: parse_arguments(&arguments),
            })
            .collect()
    }
}

#[async_trait::async_trait]
impl ChatModel for OpenAi {
    fn provider(&self) -> &'static str {
        PROVIDER
    }

    fn default_model(&self) -> &str {
        &self.model
    }

    async fn complete(&self, request: &ChatRequest) -> Result<Completion, ProviderError> {
        let response = self.post(request, false).await?;
        let wire: WireResponse = http::json(PROVIDER, response).await?;
        let message = wire
            .choices
            .into_iter()
            .next()
            .and_then(|c| c.message)
            .ok_or_else(|| http::invalid(PROVIDER, "no choices"))?;
        let mut calls = PartialCalls::default();
        calls.add(message.tool_calls);
        Ok(Completion {
            text: message.content.unwrap_or_default(),
            tool_calls: calls.finish(),
            usage: wire.usage.map(Usage::from),
        })
    }

    async fn stream(&self, request: &ChatRequest) -> Result<EventStream, ProviderError> {
        let response = self.post(request, true).await?;
        let mut events = Box::pin(http::events(PROVIDER, response));
        let stream = async_stream(move |tx| async move {
            let mut calls = PartialCalls::default();
            while let Some(event) = events.next().await {
                let event = match event {
                    Ok(event) => event,
                    Err(e) => return tx.send(Err(e)).await,
                };
                if event.data.trim() == "[DONE]" {
                    break;
                }
                let chunk: WireResponse = match http::chunk(PROVIDER, &event.data, |body| {
                    classify("", 500, None, body)
                }) {
                    Ok(chunk) => chunk,
                    Err(e) => return tx.send(Err(e)).await,
                };
                for choice in chunk.choices {
                    if let Some(delta) = choice.message {
                        if let Some(text) = delta.content.filter(|t| !t.is_empty()) {
                            tx.send(Ok(StreamEvent::Text(text))).await?;
                        }
                        calls.add(delta.tool_calls);
                    }
                }
                if let Some(usage) = chunk.usage {
                    tx.send(Ok(StreamEvent::Usage(usage.into()))).await?;
                }
            }
            for call in calls.finish() {
                tx.send(Ok(StreamEvent::ToolCall(call))).await?;
            }
            Ok(())
        });
        Ok(stream)
    }
}
