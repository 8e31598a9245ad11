//! Google Gemini through its native API: `models/{model}:generateContent`
//! and `models/{model}:streamGenerateContent?alt=sse`.

use futures_util::StreamExt;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::error::{ProviderError, brief};
use crate::http::{self, ErrorBody};
use crate::stream::async_stream;
use crate::{ChatModel, ChatRequest, Completion, EventStream, Role, StreamEvent, ToolCall, Usage};

const PROVIDER: &str = "gemini";
pub const DEFAULT_BASE_URL: &str = "https://generativelanguage.googleapis.com/v1beta";
pub const DEFAULT_MODEL: &str = "gemini-2.0-flash";

pub struct Gemini {
    client: reqwest::Client,
    base_url: String,
    api_key: String,
    model: String,
}

impl Gemini {
    pub fn new(base_url: Option<&str>, api_key: &str, model: Option<&str>) -> Self {
        Self::with_client(http::client(), base_url, api_key, model)
    }

    /// [`Self::new`] over `client` (one that checks where it connects, for
    /// a base URL a user gave).
    pub fn with_client(
        client: reqwest::Client,
        base_url: Option<&str>,
        api_key: &str,
        model: Option<&str>,
    ) -> Self {
        Self {
            client,
            base_url: base_url
                .unwrap_or(DEFAULT_BASE_URL)
                .trim_end_matches('/')
                .to_owned(),
            api_key: api_key.to_owned(),
            model: model.unwrap_or(DEFAULT_MODEL).to_owned(),
        }
    }

    fn body(request: &ChatRequest) -> Value {
        let system: Vec<&str> = request
            .messages
            .iter()
            .filter(|m| m.role == Role::System)
            .map(|m| m.content.as_str())
            .collect();
        let contents: Vec<Value> = request
            .messages
            .iter()
            .filter(|m| m.role != Role::System)
            .map(|m| match m.role {
                Role::Assistant => {
                    let mut parts = Vec::new();
                    if !m.content.is_empty() {
                        parts.push(json!({"text": m.content}));
                    }
                    for call in &m.tool_calls {
                        parts.push(json!({"functionCall": {"id": call.id, "name": call.name, "args": call.arguments}}));
                    }
                    json!({"role": "model", "parts": parts})
                }
                Role::Tool => json!({"role": "user", "parts": [{"functionResponse": {
                    "id": m.tool_call_id,
                    "name": m.tool_name,
                    "response": {"result": m.content},
                }}]}),
                _ => json!({"role": "user", "parts": [{"text": m.content}]}),
            })
            .collect();
        let mut body = json!({
            "contents": contents,
            "generationConfig": {
                "temperature": request.temperature,
                "maxOutputTokens": request.max_tokens,
            },
        });
        if !system.is_empty() {
            body["systemInstruction"] = json!({"parts": [{"text": system.join("\n\n")}]});
        }
        if !request.tools.is_empty() {
            body["tools"] = json!([{"functionDeclarations": request.tools.iter().map(|t| json!({
                "name": t.name, "description": t.description, "parameters": t.parameters,
            })).collect::<Vec<_>>()}]);
        }
        body
    }

    async fn post(
        &self,
        request: &ChatRequest,
        stream: bool,
    ) -> Result<reqwest::Response, ProviderError> {
        let url = if stream {
            format!(
                "{}/models/{}:streamGenerateContent?alt=sse",
                self.base_url, request.model
            )
        } else {
            format!("{}/models/{}:generateContent", self.base_url, request.model)
        };
        let mut builder = self
            .client
            .post(url)
            .header("x-goog-api-key", &self.api_key)
            .json(&Self::body(request));
        if !stream {
            builder = builder.timeout(http::TIMEOUT);
        }
        let model = request.model.clone();
        http::send(PROVIDER, builder, |status, retry_after, body| {
            classify(&model, status, retry_after, body)
        })
        .await
    }
}

fn classify(model: &str, status: u16, retry_after: Option<u64>, body: ErrorBody) -> ProviderError {
    // Google answers a bad key with 400 INVALID_ARGUMENT "API key not valid".
    if status == 400 && body.message.contains("API key") {
        return ProviderError::Auth {
            provider: PROVIDER,
            detail: brief(&body.message),
        };
    }
    match body.kind.as_str() {
        "UNAUTHENTICATED" | "PERMISSION_DENIED" => ProviderError::Auth {
            provider: PROVIDER,
            detail: brief(&body.message),
        },
        "RESOURCE_EXHAUSTED" => ProviderError::RateLimited {
            provider: PROVIDER,
            detail: brief(&body.message),
            retry_after,
        },
        _ => http::classify_status(PROVIDER, model, status, retry_after, body),
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireFunctionCall {
    #[serde(default)]
    id: Option<String>,
    name: String,
    #[serde(default)]
    args: Value,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WirePart {
    #[serde(default)]
    text: Option<String>,
    #[serde(default)]
    thought: bool,
    #[serde(default)]
    function_call: Option<WireFunctionCall>,
}

#[derive(Deserialize)]
struct WireContent {
    #[serde(default)]
    parts: Vec<WirePart>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireCandidate {
    #[serde(default)]
    content: Option<WireContent>,
    #[serde(default)]
    finish_reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireUsage {
    #[serde(default)]
    prompt_token_count: u32,
    #[serde(default)]
    candidates_token_count: u32,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WirePromptFeedback {
    #[serde(default)]
    block_reason: Option<String>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct WireResponse {
    #[serde(default)]
    candidates: Vec<WireCandidate>,
    #[serde(default)]
    usage_metadata: Option<WireUsage>,
    #[serde(default)]
    prompt_feedback: Option<WirePromptFeedback>,
}

/// The pieces of one response: text, calls, usage; or why it was refused.
struct Pieces {
    text: String,
    calls: Vec<ToolCall>,
    usage: Option<Usage>,
}

fn pieces(response: WireResponse, calls_so_far: usize) -> Result<Pieces, ProviderError> {
    if let Some(reason) = response.prompt_feedback.and_then(|f| f.block_reason) {
        return Err(ProviderError::Rejected {
            provider: PROVIDER,
            detail: format!("the prompt was blocked ({reason})"),
        });
    }
    let mut text = String::new();
    let mut calls = Vec::new();
    for candidate in response.candidates.into_iter().take(1) {
        if matches!(
            candidate.finish_reason.as_deref(),
            Some("SAFETY" | "PROHIBITED_CONTENT" | "BLOCKLIST")
        ) {
            return Err(ProviderError::Rejected {
                provider: PROVIDER,
                detail: "the answer was blocked by the provider's safety filters".to_owned(),
            });
        }
        for part in candidate.content.map(|c| c.parts).unwrap_or_default() {
            if part.thought {
                continue;
            }
            if let Some(t) = part.text {
                text.push_str(&t);
            }
            if let Some(call) = part.function_call {
                calls.push(ToolCall {
                    id: call
                        .id
                        .unwrap_or_else(|| format!("call_{}", calls_so_far + calls.len())),
                    name: call.name,
                    arguments: if call.args.is_null() {
                        json!({})
                    } else {
                        call.args
                    },
                });
            }
        }
    }
    Ok(Pieces {
        text,
        calls,
        usage: response.usage_metadata.map(|u| Usage {
            input_tokens: u.prompt_token_count,
            output_tokens: u.candidates_token_count,
        }),
    })
}

#[async_trait::async_trait]
impl ChatModel for Gemini {
    fn provider(&self) -> &'static str {
        PROVIDER
    }

    fn default_model(&self) -> &str {
        &self.model
    }

    async fn complete(&self, request: &ChatRequest) -> Result<Completion, ProviderError> {
        let response = self.post(request, false).await?;
        let pieces = pieces(http::json(PROVIDER, response).await?, 0)?;
        Ok(Completion {
            text: pieces.text,
            tool_calls: pieces.calls,
            usage: pieces.usage,
        })
    }

    async fn stream(&self, request: &ChatRequest) -> Result<EventStream, ProviderError> {
        let response = self.post(request, true).await?;
        let mut events = Box::pin(http::events(PROVIDER, response));
        Ok(async_stream(move |tx| async move {
            // Each chunk carries the usage so far; the last one counts.
            let mut usage = None;
            let mut calls = 0;
            while let Some(event) = events.next().await {
                let event = match event {
                    Ok(event) => event,
                    Err(e) => return tx.send(Err(e)).await,
                };
                let parsed = http::chunk::<WireResponse>(PROVIDER, &event.data, |body| {
                    classify("", 500, None, body)
                })
                .and_then(|wire| pieces(wire, calls));
                let pieces = match parsed {
                    Ok(pieces) => pieces,
                    Err(e) => return tx.send(Err(e)).await,
                };
                if !pieces.text.is_empty() {
                    tx.send(Ok(StreamEvent::Text(pieces.text))).await?;
                }
                calls += pieces.calls.len();
                for call in pieces.calls {
                    tx.send(Ok(StreamEvent::ToolCall(call))).await?;
                }
                usage = pieces.usage.or(usage);
            }
            if let Some(usage) = usage {
                tx.send(Ok(StreamEvent::Usage(usage))).await?;
            }
            Ok(())
        }))
    }
}
