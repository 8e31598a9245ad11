//! "Test connection": one harmless call to each outside service with the
//! settings given, answered in words. A service that refuses is an answer
//! (`ok: false` and why), not an error of the request.
//!
//! These URLs are the operator's configuration, as trusted as the
//! environment (only admins set them, and a local model server is a
//! normal choice), so they are not held to the outbound guard that
//! checks URLs ordinary users give (docs/security.md).

use std::time::{Duration, Instant};

use agentforge_domain::agent::{ModelProvider, ModelSettings};
use agentforge_llm::{ChatMessage, ChatRequest, Grounding, Role};
use agentforge_runtime::Models;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::settings::Settings;

/// How long one test may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// What a connection test reaches.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Integration {
    Model,
    Mail,
    Twilio,
    Elevenlabs,
    Transcription,
    Gemini,
    Stripe,
}

/// What a test found.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConnectionTestOut {
    pub integration: Integration,
    /// Whether the service answered and took the credentials.
    pub ok: bool,
    /// What happened, in words.
    pub message: String,
    pub latency_ms: u64,
}

pub const TWILIO: &str = "https://api.twilio.com";
pub const ELEVENLABS: &str = "https://api.elevenlabs.io";
pub const GEMINI: &str = "https://generativelanguage.googleapis.com/v1beta";
pub const STRIPE: &str = "https://api.stripe.com";

/// Tries `integration` with `settings`.
pub async fn test(integration: Integration, settings: &Settings) -> ConnectionTestOut {
    let started = Instant::now();
    let outcome = match tokio::time::timeout(TIMEOUT, run(integration, settings)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(format!("No answer within {} seconds", TIMEOUT.as_secs())),
    };
    let (ok, message) = match outcome {
        Ok(message) => (true, message),
        Err(message) => (false, message),
    };
    ConnectionTestOut {
        integration,
        ok,
        message,
        latency_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
    }
}

async fn run(integration: Integration, s: &Settings) -> Result<String, String> {
    match integration {
        Integration::Model => model(s).await,
        Integration::Mail => mail(s).await,
        Integration::Twilio => twilio(s).await,
        Integration::Elevenlabs => elevenlabs(s).await,
        Integration::Transcription => transcription(s).await,
        Integration::Gemini => gemini(s).await,
        Integration::Stripe => stripe(s).await,
    }
}

async fn model(s: &Settings) -> Result<String, String> {
    if s.model.provider == ModelProvider::Builtin {
        return Err("No language model is connected: agents answer with the built-in responder, which quotes their knowledge. Choose OpenAI-compatible or Gemini to connect one.".into());
    }
    let models = Models::new(&s.models());
    let (model, name) = models
        .for_agent(
            &ModelSettings::default(),
            &agentforge_runtime::OwnModels::default(),
        )
        .map_err(|e| e.to_string())?;
    complete_once(model.as_ref(), name).await
}

/// Asks `model` for one word: the cheapest call that proves the key, the
/// endpoint and the model name.
pub(crate) async fn complete_once(
    model: &dyn agentforge_llm::ChatModel,
    name: String,
) -> Result<String, String> {
    let request = ChatRequest {
        model: name.clone(),
        messages: vec![ChatMessage::new(Role::User, "Reply with the word OK.")],
        temperature: 0.0,
        max_tokens: 8,
        tools: Vec::new(),
        grounding: Grounding::default(),
    };
    model.complete(&request).await.map_err(|e| e.to_string())?;
    Ok(format!("{name} answered"))
}

async fn mail(s: &Settings) -> Result<String, String> {
    let Some(url) = &s.mail.smtp_url else {
        return Err("No SMTP server is set: email is kept in the outbox (Admin › Overview) and not delivered.".into());
    };
    let smtp =
        agentforge_mail::SmtpMailer::new(url.expose(), &s.mail.from).map_err(|e| e.to_string())?;
    smtp.test_connection().await.map_err(|e| e.to_string())?;
    Ok("The SMTP server answered and took the login".into())
}

pub(crate) fn client() -> reqwest::Client {
    reqwest::Client::builder()
        .connect_timeout(Duration::from_secs(10))
        .timeout(TIMEOUT)
        .user_agent(concat!("AgentForge/", env!("CARGO_PKG_VERSION")))
        .build()
        .unwrap_or_default()
}

/// Sends `request`; a refusal becomes the service's own words.
pub(crate) async fn call(
    service: &str,
    request: reqwest::RequestBuilder,
) -> Result<serde_json::Value, String> {
    let response = request
        .send()
        .await
        .map_err(|e| format!("Cannot reach {service}: {}", without_url(e)))?;
    let status = response.status();
    let body: serde_json::Value =
        serde_json::from_slice(&read_capped(response).await).unwrap_or_default();
    if status.is_success() {
        return Ok(body);
    }
    let said = ["message", "detail", "description"]
        .iter()
        .find_map(|key| {
            let error = body.get("error").unwrap_or(&body);
            error.get(key).and_then(|v| {
                v.as_str()
                    .or_else(|| v.get("message").and_then(|m| m.as_str()))
            })
        })
        .map(|m| format!(": {}", m.chars().take(300).collect::<String>()))
        .unwrap_or_default();
    Err(match status.as_u16() {
        401 | 403 => format!("{service} refused these credentials ({status}){said}"),
        _ => format!("{service} answered {status}{said}"),
    })
}

/// The most of an answer a test reads: an account lookup is a few
/// kilobytes, and a server at a URL someone gave may send without end.
const BODY_MAX: usize = 1 << 20;

/// The answer's body, at most [`BODY_MAX`] bytes of it (the rest is not
/// read; a cut body does not parse, which reads as no answer).
pub(crate) async fn read_capped(mut response: reqwest::Response) -> Vec<u8> {
    let mut body = Vec::new();
    while let Ok(Some(chunk)) = response.chunk().await {
        if body.len() + chunk.len() > BODY_MAX {
            return Vec::new();
        }
        body.extend_from_slice(&chunk);
    }
    body
}

/// A reqwest error's words without its URL (which may carry a key).
pub(crate) fn without_url(e: reqwest::Error) -> String {
    let e = e.without_url();
    if e.is_timeout() {
        "it did not answer in time".into()
    } else if e.is_connect() {
        "the connection failed".into()
    } else {
        e.to_string()
    }
}

pub(crate) fn base<'a>(configured: &'a Option<String>, default: &'a str) -> &'a str {
    configured
        .as_deref()
        .unwrap_or(default)
        .trim_end_matches('/')
}

async fn twilio(s: &Settings) -> Result<String, String> {
    let t = &s.twilio;
    let (Some(sid), Some(token)) = (&t.account_sid, &t.auth_token) else {
        return Err("Set the account SID and auth token first".into());
    };
    twilio_account(&client(), base(&t.base_url, TWILIO), sid, token.expose()).await
}

/// Looks the Twilio account up: its name and status.
pub(crate) async fn twilio_account(
    client: &reqwest::Client,
    base: &str,
    sid: &str,
    token: &str,
) -> Result<String, String> {
    let url = format!("{base}/2010-04-01/Accounts/{sid}.json");
    let body = call("Twilio", client.get(url).basic_auth(sid, Some(token))).await?;
    let text = |k: &str| {
        body.get(k)
            .and_then(|v| v.as_str())
            .unwrap_or_default()
            .to_owned()
    };
    Ok(format!(
        "Connected to the Twilio account “{}” ({})",
        text("friendly_name"),
        text("status")
    ))
}

async fn elevenlabs(s: &Settings) -> Result<String, String> {
    let Some(key) = &s.elevenlabs.api_key else {
        return Err("Set the API key first".into());
    };
    elevenlabs_quota(
        &client(),
        base(&s.elevenlabs.base_url, ELEVENLABS),
        key.expose(),
    )
    .await
}

/// The ElevenLabs plan and the characters left this period.
pub(crate) async fn elevenlabs_quota(
    client: &reqwest::Client,
    base: &str,
    key: &str,
) -> Result<String, String> {
    let url = format!("{base}/v1/user/subscription");
    let body = call("ElevenLabs", client.get(url).header("xi-api-key", key)).await?;
    let number = |k: &str| {
        body.get(k)
            .and_then(serde_json::Value::as_u64)
            .unwrap_or_default()
    };
    let limit = number("character_limit");
    let left = limit.saturating_sub(number("character_count"));
    let tier = body
        .get("tier")
        .and_then(|v| v.as_str())
        .unwrap_or("unknown");
    Ok(format!(
        "Connected to ElevenLabs ({tier} plan): {left} of {limit} characters left this period"
    ))
}

async fn transcription(s: &Settings) -> Result<String, String> {
    let Some(endpoint) = s.transcription_endpoint() else {
        return Err("No transcription service is set, and the model provider is not OpenAI-compatible: voice messages use the browser's own speech recognition".into());
    };
    let mut request = client().get(format!(
        "{}/models",
        endpoint.base_url.trim_end_matches('/')
    ));
    if let Some(key) = &endpoint.api_key {
        request = request.bearer_auth(key);
    }
    let body = call("The transcription service", request).await?;
    let model = endpoint
        .model
        .as_deref()
        .unwrap_or(agentforge_speech::transcribe::DEFAULT_MODEL);
    let listed: Vec<&str> = body
        .get("data")
        .and_then(|d| d.as_array())
        .map(|d| {
            d.iter()
                .filter_map(|m| m.get("id").and_then(|i| i.as_str()))
                .collect()
        })
        .unwrap_or_default();
    let whose = if endpoint.borrowed_from_model {
        " (the model provider's endpoint)"
    } else {
        ""
    };
    if listed.is_empty() || listed.contains(&model) {
        Ok(format!(
            "Connected to the transcription service{whose}; voice messages are transcribed with {model}"
        ))
    } else {
        Err(format!(
            "The transcription service{whose} answered, but does not list the model {model}"
        ))
    }
}

async fn gemini(s: &Settings) -> Result<String, String> {
    let Some(key) = &s.gemini.api_key else {
        return Err("Set the API key first".into());
    };
    let url = format!("{}/models", base(&s.gemini.base_url, GEMINI));
    let body = call(
        "Gemini",
        client()
            .get(url)
            .query(&[("pageSize", "50")])
            .header("x-goog-api-key", key.expose()),
    )
    .await?;
    let models = body
        .get("models")
        .and_then(|m| m.as_array())
        .map_or(0, Vec::len);
    Ok(format!(
        "Connected to Gemini: the key lists {models} models"
    ))
}

async fn stripe(s: &Settings) -> Result<String, String> {
    let Some(key) = &s.stripe.secret_key else {
        return Err("Set the secret key first".into());
    };
    let url = format!("{}/v1/balance", base(&s.stripe.base_url, STRIPE));
    let body = call("Stripe", client().get(url).bearer_auth(key.expose())).await?;
    let live = body.get("livemode").and_then(serde_json::Value::as_bool) == Some(true);
    Ok(format!(
        "Connected to Stripe in {} mode",
        if live { "live" } else { "test" }
    ))
}
