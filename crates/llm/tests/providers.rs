//! The providers against local stand-ins that speak the real wire formats:
//! OpenAI chat completions and Google's generateContent, streamed and not,
//! with a tool-call round and each kind of failure.
#![allow(clippy::unwrap_used)]

use std::ops::ControlFlow;

use agentforge_llm::{
    ChatMessage, ChatModel, ChatRequest, Gemini, Grounding, OpenAi, Role, ToolSpec, Tools, run_turn,
};
use agentforge_testkit::ProviderStandIn;
use serde_json::{Value, json};

async fn stand_in() -> (String, ProviderStandIn) {
    let stand_in = ProviderStandIn::start().await;
    (stand_in.base.clone(), stand_in)
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
                outcome.text.starts_with("The stand-in answers: Hi"),
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
    let seen = seen.requests();
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
    let seen = seen.requests();
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
    assert_eq!(outcome.text, "The ");
}

/// A server at a URL someone gave may answer without end: a whole answer
/// larger than any completion, a streamed line that never ends, or events
/// that never stop. Each is cut off with a clear error, never held in
/// memory whole.
#[tokio::test]
async fn a_server_that_sends_without_end_is_cut_off() {
    use axum::body::Body;
    use futures_util::StreamExt;

    fn endless(piece: &'static [u8]) -> Body {
        Body::from_stream(
            futures_util::stream::repeat(piece)
                .map(|p| Ok::<_, std::io::Error>(axum::body::Bytes::from_static(p))),
        )
    }
    const KIB: &[u8] = &[b'a'; 1024];
    let router = axum::Router::new()
        .route(
            "/huge/v1/chat/completions",
            axum::routing::post(|| async { endless(KIB) }),
        )
        .route(
            "/line/v1/chat/completions",
            axum::routing::post(|| async { endless(KIB) }),
        )
        .route(
            "/events/v1/chat/completions",
            axum::routing::post(|| async {
                endless(b"data: {\"choices\":[{\"index\":0,\"delta\":{\"content\":\"a\"}}]}\n\n")
            }),
        );
    let base = agentforge_testkit::serve(router).await;
    let model = |path: &str| OpenAi::new(Some(&format!("{base}/{path}/v1")), Some("k"), None);

    let error = model("huge").complete(&request("m1")).await.err().unwrap();
    assert!(error.to_string().contains("larger than 16 MiB"), "{error}");
    for path in ["line", "events"] {
        let mut stream = model(path).stream(&request("m1")).await.unwrap();
        let mut failed = None;
        while let Some(item) = stream.next().await {
            if let Err(e) = item {
                failed = Some(e);
                break;
            }
        }
        let error = failed.expect("the stream ends in an error");
        assert!(error.to_string().contains("larger than"), "{path}: {error}");
    }
}
