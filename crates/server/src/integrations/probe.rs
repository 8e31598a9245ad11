//! "Test" on Settings › Integrations: one harmless call to the service with
//! the credentials given, through the outbound guard (these URLs are
//! people's, not the operator's), answered in words.

use std::time::{Duration, Instant};

use agentforge_domain::integration::IntegrationName;
use agentforge_llm::{ChatModel, Gemini, OpenAi};
use agentforge_runtime::{Credentials, Opened};
use serde_json::Value;

use crate::configuration::probe::{call, complete_once, elevenlabs_quota, twilio_account};

/// How long one test may take.
const TIMEOUT: Duration = Duration::from_secs(20);

/// Tries `opened` (complete: [`super::service::merged`] checked it);
/// whether the service took it, in words, and how long it took.
pub async fn test(opened: &Opened, credentials: &Credentials) -> (bool, String, u64) {
    let started = Instant::now();
    let outcome = match tokio::time::timeout(TIMEOUT, run(opened, credentials)).await {
        Ok(outcome) => outcome,
        Err(_) => Err(format!("No answer within {} seconds", TIMEOUT.as_secs())),
    };
    let latency = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    match outcome {
        Ok(message) => (true, message, latency),
        Err(message) => (false, message, latency),
    }
}

async fn run(o: &Opened, credentials: &Credentials) -> Result<String, String> {
    let client = credentials.client();
    let base = o.base_url();
    let field = |name: &str| o.get(name).unwrap_or_default();
    match o.name {
        IntegrationName::Openai => {
            let model = OpenAi::with_client(
                client.clone(),
                Some(base),
                Some(field("apiKey")),
                o.get("model"),
            );
            let name = model.default_model().to_owned();
            complete_once(&model, name).await
        }
        IntegrationName::Gemini => {
            let model =
                Gemini::with_client(client.clone(), Some(base), field("apiKey"), o.get("model"));
            let name = model.default_model().to_owned();
            complete_once(&model, name).await
        }
        IntegrationName::Elevenlabs => elevenlabs_quota(client, base, field("apiKey")).await,
        IntegrationName::Twilio => {
            twilio_account(client, base, field("accountSid"), field("authToken")).await
        }
        IntegrationName::Slack => slack(client, base, field("botToken")).await,
        IntegrationName::Telegram => telegram(client, base, field("botToken")).await,
        IntegrationName::Discord => {
            discord(client, base, field("botToken"), field("applicationId")).await
        }
        IntegrationName::Whatsapp => {
            whatsapp(client, base, field("phoneNumberId"), field("accessToken")).await
        }
    }
}

fn text<'a>(value: &'a Value, path: &[&str]) -> &'a str {
    path.iter()
        .try_fold(value, |v, key| v.get(key))
        .and_then(Value::as_str)
        .unwrap_or_default()
}

/// Slack's `auth.test`: which workspace and bot the token is.
async fn slack(client: &reqwest::Client, base: &str, token: &str) -> Result<String, String> {
    let body = call(
        "Slack",
        client.post(format!("{base}/auth.test")).bearer_auth(token),
    )
    .await?;
    // Slack answers 200 with `ok: false` and a reason word.
    if body.get("ok").and_then(Value::as_bool) != Some(true) {
        let error = text(&body, &["error"]);
        return Err(match error {
            "invalid_auth" | "not_authed" | "account_inactive" | "token_revoked" => {
                format!("Slack refused this bot token ({error})")
            }
            "" => "Slack did not confirm the token".to_owned(),
            other => format!("Slack answered {other}"),
        });
    }
    Ok(format!(
        "Connected to the Slack workspace “{}” as {}",
        text(&body, &["team"]),
        text(&body, &["user"])
    ))
}

/// Telegram's `getMe`: the bot the token belongs to.
async fn telegram(client: &reqwest::Client, base: &str, token: &str) -> Result<String, String> {
    let body = call("Telegram", client.get(format!("{base}/bot{token}/getMe"))).await?;
    if body.get("ok").and_then(Value::as_bool) != Some(true) {
        return Err("Telegram did not confirm the bot token".into());
    }
    Ok(format!(
        "Connected to the Telegram bot @{}",
        text(&body, &["result", "username"])
    ))
}

/// Discord's current user: the bot, which must be the application's.
async fn discord(
    client: &reqwest::Client,
    base: &str,
    token: &str,
    application_id: &str,
) -> Result<String, String> {
    let body = call(
        "Discord",
        client
            .get(format!("{base}/users/@me"))
            .header("authorization", format!("Bot {token}")),
    )
    .await?;
    let id = text(&body, &["id"]);
    if id != application_id {
        return Err(format!(
            "This bot token belongs to the application {id}, not to {application_id}"
        ));
    }
    Ok(format!(
        "Connected to Discord as the bot {}",
        text(&body, &["username"])
    ))
}

/// The WhatsApp Cloud API's phone number: its display number and name.
async fn whatsapp(
    client: &reqwest::Client,
    base: &str,
    phone_number_id: &str,
    token: &str,
) -> Result<String, String> {
    let body = call(
        "WhatsApp",
        client
            .get(format!("{base}/{phone_number_id}"))
            .query(&[("fields", "display_phone_number,verified_name")])
            .bearer_auth(token),
    )
    .await?;
    Ok(format!(
        "Connected to the WhatsApp number {} ({})",
        text(&body, &["display_phone_number"]),
        text(&body, &["verified_name"])
    ))
}
