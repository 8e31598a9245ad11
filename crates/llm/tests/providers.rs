//! The providers against local stand-ins that speak the real wire formats:
//! OpenAI chat completions and Google's generateContent, streamed and not,
//! with a tool-call round and each kind of failure.
#![allow(clippy::unwrap_used)]

use std::ops::ControlFlow;
use std::sync::{Arc, Mutex};

use agentforge_llm::{
    ChatMessage, ChatModel, ChatRequest, Gemini, Grounding, OpenAi, Role, ToolSpec, Tools, run_turn,
};
use axum::Router;
use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::post;
use serde_json::{Value, json};

type Seen = Arc<Mutex<Vec<Value>>>;

async fn serve(router: Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{addr}")
}

fn sse(chunks: Vec<String>) -> Response {
    let body: String = chunks
        .into_iter()
        .map(|c| format!("data: {c}\n\n"))
        .collect();
    // Split the body into small pieces so events straddle network chunks.
    let pieces: Vec<Result<Vec<u8>, std::io::Error>> = body
        .into_bytes()
        .chunks(7)
        .map(|c| Ok(c.to_vec()))
        .collect();
    Response::builder()
        .header("content-type", "text/event-stream")
        .body(Body::from_stream(futures_util::stream::iter(pieces)))
        .unwrap()
}

/// Failures chosen by model name, with the provider's real error bodies.
fn openai_failure(model: &str) -> Option<Response> {
    let error = |status: u16, code: &str, message: &str| {
        let mut response = (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({"error": {"message": message, "type": "invalid_request_error", "code": code}})),
        )
            .into_response();
        if status == 429 {
            response
                .headers_mut()
                .insert("retry-after", "7".parse().unwrap());
        }
        response
    };
    Some(match model {
        "missing" => error(
            404,
            "model_not_found",
            "The model `missing` does not exist or you do not have access to it.",
        ),
        "busy" => error(
            429,
            "rate_limit_exceeded",
            "Rate limit reached for requests",
        ),
        "down" => error(503, "server_error", "The server is overloaded"),
        "picky" => error(400, "invalid_value", "max_tokens is too large"),
        _ => return None,
    })
}

async fn openai(State(seen): State<Seen>, headers: HeaderMap, body: axum::Json<Value>) -> Response {
    let body = body.0;
    seen.lock().unwrap().push(body.clone());
    if headers.get("authorization").and_then(|v| v.to_str().ok()) != Some("Bearer good-key") {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {"message": "Incorrect API key provided: bad-key.", "type": "invalid_request_error", "code": "invalid_api_key"}})),
        )
            .into_response();
    }
    if let Some(failure) = openai_failure(body["model"].as_str().unwrap_or_default()) {
        return failure;
    }
    if body["model"] == "midstream" {
        // Some servers start streaming, then report a failure as an error object.
        return sse(vec![
            json!({"choices": [{"index": 0, "delta": {"content": "Hel"}}]}).to_string(),
            json!({"error": {"message": "The server had an error while processing your request", "type": "server_error"}}).to_string(),
        ]);
    }
    let messages = body["messages"].as_array().unwrap();
    let wants_tool = body.get("tools").is_some() && !messages.iter().any(|m| m["role"] == "tool");
    let stream = body["stream"] == true;
    if wants_tool {
        if !stream {
            return axum::Json(json!({
                "id": "chatcmpl-1", "object": "chat.completion",
                "choices": [{"index": 0, "finish_reason": "tool_calls", "message": {"role": "assistant", "content": null,
                    "tool_calls": [{"id": "call_abc", "type": "function", "function": {"name": "get_weather", "arguments": "{\"city\":\"Paris\"}"}}]}}],
                "usage": {"prompt_tokens": 20, "completion_tokens": 5, "total_tokens": 25}
            }))
            .into_response();
        }
        return sse(vec![
            json!({"choices": [{"index": 0, "delta": {"role": "assistant", "tool_calls": [{"index": 0, "id": "call_abc", "type": "function", "function": {"name": "get_weather", "arguments": ""}}]}}]}).to_string(),
            json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "{\"city\":"}}]}}]}).to_string(),
            json!({"choices": [{"index": 0, "delta": {"tool_calls": [{"index": 0, "function": {"arguments": "\"Paris\"}"}}]}}]}).to_string(),
            json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "tool_calls"}]}).to_string(),
            json!({"choices": [], "usage": {"prompt_tokens": 20, "completion_tokens": 5}}).to_string(),
            "[DONE]".to_owned(),
        ]);
    }
    let answer = match messages.iter().rev().find(|m| m["role"] == "tool") {
        Some(tool) => format!("In Paris it is {}.", tool["content"].as_str().unwrap()),
        None => "Hello from the stand-in.".to_owned(),
    };
    if !stream {
        return axum::Json(json!({
            "choices": [{"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": answer}}],
            "usage": {"prompt_tokens": 30, "completion_tokens": 8}
        }))
        .into_response();
    }
    let mut chunks: Vec<String> = answer
        .split_inclusive(' ')
        .map(|w| json!({"choices": [{"index": 0, "delta": {"content": w}}]}).to_string())
        .collect();
    chunks
        .push(json!({"choices": [{"index": 0, "delta": {}, "finish_reason": "stop"}]}).to_string());
    chunks.push(
        json!({"choices": [], "usage": {"prompt_tokens": 30, "completion_tokens": 8}}).to_string(),
    );
    chunks.push("[DONE]".to_owned());
    sse(chunks)
}

async fn gemini(
    State(seen): State<Seen>,
    Path(target): Path<String>,
    headers: HeaderMap,
    body: axum::Json<Value>,
) -> Response {
    let body = body.0;
    seen.lock()
        .unwrap()
        .push(json!({"target": target, "body": body}));
    let error = |status: u16, kind: &str, message: &str| {
        (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({"error": {"code": status, "message": message, "status": kind}})),
        )
            .into_response()
    };
    if headers.get("x-goog-api-key").and_then(|v| v.to_str().ok()) != Some("good-key") {
        return error(
            400,
            "INVALID_ARGUMENT",
            "API key not valid. Please pass a valid API key.",
        );
    }
    let (model, action) = target.split_once(':').unwrap();
    match model {
        "missing" => {
            return error(
                404,
                "NOT_FOUND",
                "models/missing is not found for API version v1beta",
            );
        }
        "busy" => {
            return error(
                429,
                "RESOURCE_EXHAUSTED",
                "Resource has been exhausted (e.g. check quota).",
            );
        }
        "down" => {
            return error(
                503,
                "UNAVAILABLE",
                "The model is overloaded. Please try again later.",
            );
        }
        _ => {}
    }
    let contents = body["contents"].as_array().unwrap();
    let tool_result = contents
        .iter()
        .flat_map(|c| c["parts"].as_array().unwrap())
        .find_map(|p| p.get("functionResponse"));
    let wants_tool = body.get("tools").is_some() && tool_result.is_none();
    let usage = json!({"promptTokenCount": 12, "candidatesTokenCount": 6, "totalTokenCount": 18});
    let streamed = action == "streamGenerateContent";
    if wants_tool {
        let response = json!({"candidates": [{"content": {"role": "model", "parts": [{"functionCall": {"name": "get_weather", "args": {"city": "Paris"}}}]}, "finishReason": "STOP"}], "usageMetadata": usage});
        return if streamed {
            sse(vec![response.to_string()])
        } else {
            axum::Json(response).into_response()
        };
    }
    let answer = match tool_result {
        Some(result) => format!(
            "In Paris it is {}.",
            result["response"]["result"].as_str().unwrap()
        ),
        None => "Hello from Gemini.".to_owned(),
    };
    if !streamed {
        return axum::Json(json!({"candidates": [{"content": {"role": "model", "parts": [{"text": answer}]}, "finishReason": "STOP"}], "usageMetadata": usage})).into_response();
    }
    let words: Vec<&str> = answer.split_inclusive(' ').collect();
    let mut chunks: Vec<String> = words
        .iter()
        .map(|w| json!({"candidates": [{"content": {"role": "model", "parts": [{"text": w}]}}], "usageMetadata": {"promptTokenCount": 12}}).to_string())
        .collect();
    chunks.push(json!({"candidates": [{"content": {"role": "model", "parts": [{"text": ""}]}, "finishReason": "STOP"}], "usageMetadata": usage}).to_string());
    sse(chunks)
}

async fn stand_in() -> (String, Seen) {
    let seen: Seen = Arc::default();
    let router = Router::new()
        .route("/v1/chat/completions", post(openai))
        .route("/v1beta/models/{target}", post(gemini))
        .with_state(seen.clone());
    (serve(router).await, seen)
}

fn request(model: &str) -> ChatRequest {
    ChatRequest {
        model: model.to_owned(),
        messages: vec![
            ChatMessage::new(Role::System, "You are helpful."),
            ChatMessage::new(Role::User, "Hi"),
        ],
        temperature: 0.2,
        max_tokens: 100,
        tools: Vec::new(),
        grounding: Grounding::default(),
    }
}

struct Weather;

#[async_trait::async_trait]
impl Tools for Weather {
    fn specs(&self) -> Vec<ToolSpec> {
        vec![ToolSpec {
            name: "get_weather".into(),
            description: "The weather in a city".into(),
            parameters: json!({"type": "object", "properties": {"city": {"type": "string"}}, "required": ["city"]}),
        }]
    }

    async fn call(&self, name: &str, arguments: &Value) -> Result<String, String> {
        assert_eq!(name, "get_weather");
        assert_eq!(arguments["city"], "Paris");
        Ok("sunny and 21°C".into())
    }
}

async fn collect(
    model: &dyn ChatModel,
    req: ChatRequest,
    tools: &dyn Tools,
    stream: bool,
) -> (
    Result<agentforge_llm::TurnOutcome, agentforge_llm::TurnError>,
    Vec<String>,
) {
    let mut pieces = Vec::new();
    let result = run_turn(model, req, tools, stream, &mut |t: &str| {
        pieces.push(t.to_owned());
        ControlFlow::Continue(())
    })
    .await;
    (result, pieces)
}

fn providers(base: &str, key: &str) -> Vec<Box<dyn ChatModel>> {
    vec![
        Box::new(OpenAi::new(Some(&format!("{base}/v1")), Some(key), None)),
        Box::new(Gemini::new(Some(&format!("{base}/v1beta")), key, None)),
    ]
}

#[tokio::test]
async fn both_providers_stream_and_complete_with_usage() {
    let (base, seen) = stand_in().await;
    for provider in providers(&base, "good-key") {
        for stream in [true, false] {
            let (result, pieces) = collect(
                provider.as_ref(),
                request("m1"),
                &agentforge_llm::NoTools,
                stream,
            )
            .await;
            let outcome = result.unwrap();
            let name = provider.provider();
            assert!(
                outcome.text.starts_with("Hello from"),
                "{name}: {}",
                outcome.text
            );
            assert_eq!(pieces.concat(), outcome.text);
            if stream {
                assert!(pieces.len() > 1, "{name} streamed in one piece");
            }
            assert!(
                outcome.usage.input_tokens > 0 && outcome.usage.output_tokens > 0,
                "{name}"
            );
            assert!(outcome.first_token.is_some());
        }
    }
    let seen = seen.lock().unwrap();
    // OpenAI got the system prompt as a message and asked for usage in streams.
    assert_eq!(seen[0]["messages"][0]["role"], "system");
    assert_eq!(seen[0]["stream_options"]["include_usage"], true);
    // Gemini got it as systemInstruction, and the streaming endpoint with alt=sse.
    let gemini_stream = seen
        .iter()
        .find(|s| s["target"] == "m1:streamGenerateContent")
        .unwrap();
    assert_eq!(
        gemini_stream["body"]["systemInstruction"]["parts"][0]["text"],
        "You are helpful."
    );
    assert_eq!(
        gemini_stream["body"]["generationConfig"]["maxOutputTokens"],
        100
    );
}

#[tokio::test]
async fn a_tool_round_runs_the_tool_and_answers_with_its_result() {
    let (base, seen) = stand_in().await;
    for provider in providers(&base, "good-key") {
        for stream in [true, false] {
            let (result, _) = collect(provider.as_ref(), request("m1"), &Weather, stream).await;
            let outcome = result.unwrap();
            let name = provider.provider();
            assert_eq!(
                outcome.text, "In Paris it is sunny and 21°C.",
                "{name} stream={stream}"
            );
            assert_eq!(outcome.tool_calls.len(), 1);
            assert_eq!(outcome.tool_calls[0].name, "get_weather");
            assert_eq!(outcome.tool_calls[0].arguments, json!({"city": "Paris"}));
            assert!(!outcome.tool_calls[0].is_error);
            // Both calls' tokens are counted.
            assert!(
                outcome.usage.input_tokens >= 24,
                "{name}: {:?}",
                outcome.usage
            );
        }
    }
    let seen = seen.lock().unwrap();
    let followup = seen
        .iter()
        .find(|b| {
            b["messages"]
                .as_array()
                .is_some_and(|m| m.iter().any(|m| m["role"] == "tool"))
        })
        .unwrap();
    let messages = followup["messages"].as_array().unwrap();
    assert_eq!(messages[2]["tool_calls"][0]["id"], "call_abc");
    assert_eq!(
        messages[2]["tool_calls"][0]["function"]["arguments"],
        "{\"city\":\"Paris\"}"
    );
    assert_eq!(messages[3]["tool_call_id"], "call_abc");
    assert_eq!(followup["tools"][0]["function"]["name"], "get_weather");
}

#[tokio::test]
async fn failures_become_clear_errors() {
    let (base, _) = stand_in().await;
    for provider in providers(&base, "bad-key") {
        let (result, _) = collect(
            provider.as_ref(),
            request("m1"),
            &agentforge_llm::NoTools,
            true,
        )
        .await;
        let error = result.unwrap_err().error;
        assert_eq!(
            error.code(),
            "provider_auth_failed",
            "{}",
            provider.provider()
        );
        assert!(error.to_string().contains("AGENTFORGE_LLM_API_KEY"));
    }
    for provider in providers(&base, "good-key") {
        for (model, code, status) in [
            ("missing", "provider_model_not_found", 502),
            ("busy", "provider_rate_limited", 429),
            ("down", "provider_unavailable", 502),
        ] {
            for stream in [true, false] {
                let (result, _) = collect(
                    provider.as_ref(),
                    request(model),
                    &agentforge_llm::NoTools,
                    stream,
                )
                .await;
                let error = result.unwrap_err().error;
                assert_eq!(error.code(), code, "{} {model}", provider.provider());
                assert_eq!(error.status(), status);
                assert!(!error.to_string().contains('{'), "raw dump: {error}");
            }
        }
    }
    let openai = OpenAi::new(Some(&format!("{base}/v1")), Some("good-key"), None);
    let (result, _) = collect(&openai, request("busy"), &agentforge_llm::NoTools, false).await;
    assert_eq!(result.unwrap_err().error.retry_after(), Some(7));
    let (result, pieces) = collect(
        &openai,
        request("midstream"),
        &agentforge_llm::NoTools,
        true,
    )
    .await;
    let failed = result.unwrap_err();
    assert_eq!(failed.error.code(), "provider_unavailable");
    assert!(
        failed.error.to_string().contains("while processing"),
        "{}",
        failed.error
    );
    assert_eq!(
        (failed.partial.text.as_str(), pieces.concat()),
        ("Hel", "Hel".to_owned())
    );
    let (result, _) = collect(&openai, request("picky"), &agentforge_llm::NoTools, false).await;
    let error = result.unwrap_err().error;
    assert_eq!(error.code(), "provider_rejected");
    assert!(error.to_string().contains("max_tokens is too large"));
}

#[tokio::test]
async fn an_unreachable_provider_is_unavailable() {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}/v1", listener.local_addr().unwrap());
    drop(listener);
    let openai = OpenAi::new(Some(&base), None, None);
    let (result, _) = collect(&openai, request("m1"), &agentforge_llm::NoTools, true).await;
    let error = result.unwrap_err().error;
    assert_eq!(error.code(), "provider_unavailable");
    assert!(
        error.to_string().contains("AGENTFORGE_LLM_BASE_URL"),
        "{error}"
    );
}

#[tokio::test]
async fn the_receiver_can_stop_a_streamed_answer() {
    let (base, _) = stand_in().await;
    let openai = OpenAi::new(Some(&format!("{base}/v1")), Some("good-key"), None);
    let outcome = run_turn(
        &openai,
        request("m1"),
        &agentforge_llm::NoTools,
        true,
        &mut |_: &str| ControlFlow::Break(()),
    )
    .await
    .unwrap();
    assert!(outcome.stopped);
    assert_eq!(outcome.text, "Hello ");
}
