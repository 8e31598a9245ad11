//! Each platform's side of a webhook, as that platform really works: how
//! its requests are signed, what its events look like, what it expects as
//! the immediate answer, and how the agent's answer is posted back.
//!
//! - Slack Events API: `X-Slack-Signature` (v0 HMAC), `url_verification`
//!   answered with its challenge, `message`/`app_mention` events (bots'
//!   own messages and edits ignored), answered with `chat.postMessage` in
//!   the thread; a retry (`X-Slack-Retry-Num`) is the same `event_id`.
//! - Telegram Bot API: `X-Telegram-Bot-Api-Secret-Token`, `message`
//!   updates, answered with `sendMessage`.
//! - Discord interactions: Ed25519 (`X-Signature-Ed25519`), PING answered
//!   with PONG, a slash command with a deferred answer (type 5) completed
//!   by editing the original response.
//! - WhatsApp Cloud API: `GET` `hub.challenge` verification,
//!   `X-Hub-Signature-256`, `messages` changes, answered through the
//!   messages endpoint.
//! - Custom and Zapier: Standard Webhooks signatures with the webhook's
//!   `whsec_` secret; answered in the response.

use agentforge_domain::webhook::WebhookPlatform;
use agentforge_runtime::signature::{WebhookSecret, platform};
use axum::http::HeaderMap;
use serde::Deserialize;
use serde_json::{Value, json};

use crate::configuration::probe;

/// The longest answer each platform takes in one message, in characters.
fn answer_max(platform: WebhookPlatform) -> usize {
    match platform {
        WebhookPlatform::Discord => 2000,
        WebhookPlatform::Telegram | WebhookPlatform::Whatsapp => 4096,
        _ => 40_000,
    }
}

/// What a webhook needs to check a request: its secret and its platform
/// credentials (opened).
pub struct Keys<'a> {
    /// The `whsec_` secret (custom, Zapier), Telegram's secret token or
    /// WhatsApp's verify token.
    pub secret: Option<&'a str>,
    pub field: &'a (dyn Fn(&str) -> Option<String> + Sync),
}

fn header<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers.get(name).and_then(|v| v.to_str().ok())
}

/// Whether the request is signed by the platform (or, for custom and
/// Zapier, by the holder of the webhook's secret).
pub fn verified(
    platform: WebhookPlatform,
    keys: &Keys<'_>,
    headers: &HeaderMap,
    body: &[u8],
    now: i64,
) -> bool {
    let field = |name: &str| (keys.field)(name).unwrap_or_default();
    match platform {
        WebhookPlatform::Custom | WebhookPlatform::Zapier => {
            let Some(secret) = keys.secret.and_then(|s| WebhookSecret::parse(s).ok()) else {
                return false;
            };
            let standard = secret.verify(
                header(headers, "webhook-id"),
                header(headers, "webhook-timestamp"),
                header(headers, "webhook-signature"),
                body,
                now,
            );
            // Zapier's "Webhooks by Zapier" cannot compute a signature: it
            // may send the secret itself as a bearer token instead.
            standard.is_ok()
                || (platform == WebhookPlatform::Zapier
                    && header(headers, "webhook-signature").is_none()
                    && crate::auth::bearer(headers)
                        .is_some_and(|given| platform::same_secret(given, secret.expose())))
        }
        WebhookPlatform::Slack => platform::slack(
            &field("signingSecret"),
            header(headers, "x-slack-request-timestamp").unwrap_or_default(),
            header(headers, "x-slack-signature").unwrap_or_default(),
            body,
            now,
        ),
        WebhookPlatform::Telegram => platform::same_secret(
            header(headers, "x-telegram-bot-api-secret-token").unwrap_or_default(),
            keys.secret.unwrap_or_default(),
        ),
        WebhookPlatform::Discord => platform::discord(
            &field("publicKey"),
            header(headers, "x-signature-timestamp").unwrap_or_default(),
            header(headers, "x-signature-ed25519").unwrap_or_default(),
            body,
            now,
        ),
        WebhookPlatform::Whatsapp => platform::hub(
            &field("appSecret"),
            header(headers, "x-hub-signature-256").unwrap_or_default(),
            body,
        ),
    }
}

/// One message to answer, as read from a platform's event.
#[derive(Debug, Clone, PartialEq)]
pub struct Incoming {
    /// The platform's id of the event (its retries carry the same).
    pub key: String,
    /// Who speaks, and in which thread: one conversation each.
    pub sender: String,
    pub text: String,
    /// Where the answer goes (the platform's own terms).
    pub reply: Value,
}

/// What a verified request asks for.
#[derive(Debug, Clone, PartialEq)]
pub enum Inbound {
    /// Answer this at once, and do nothing else (a URL check, a ping).
    Handshake(Value),
    /// Messages to answer; `ack` is the immediate answer.
    Messages { ack: Value, messages: Vec<Incoming> },
    /// Nothing to answer (a bot's own message, a delivery receipt …).
    Nothing { ack: Value },
}

/// The body a custom or Zapier sender posts.
#[derive(Debug, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CustomEvent {
    pub message: String,
    #[serde(default)]
    pub sender_id: Option<String>,
    #[serde(default)]
    pub conversation_id: Option<String>,
    #[serde(default)]
    #[allow(dead_code)]
    pub metadata: Option<Value>,
}

/// Why a body cannot be read as the platform's event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Unreadable(pub String);

fn text<'a>(value: &'a Value, path: &[&str]) -> Option<&'a str> {
    path.iter()
        .try_fold(value, |v, key| v.get(key))
        .and_then(Value::as_str)
}

fn id_text(value: &Value, path: &[&str]) -> Option<String> {
    let found = path.iter().try_fold(value, |v, key| v.get(key))?;
    match found {
        Value::String(s) => Some(s.clone()),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Reads a platform's event (custom and Zapier are read by the caller).
pub fn read(platform: WebhookPlatform, body: &[u8]) -> Result<Inbound, Unreadable> {
    let value: Value = serde_json::from_slice(body)
        .map_err(|e| Unreadable(format!("The body is not JSON: {e}")))?;
    let ok = json!({"ok": true});
    match platform {
        WebhookPlatform::Slack => Ok(slack(&value, ok)),
        WebhookPlatform::Telegram => Ok(telegram(&value, ok)),
        WebhookPlatform::Discord => discord(&value),
        WebhookPlatform::Whatsapp => Ok(whatsapp(&value, ok)),
        WebhookPlatform::Custom | WebhookPlatform::Zapier => {
            Err(Unreadable("custom events are read as CustomEvent".into()))
        }
    }
}

/// Slack's mention of the bot (`<@U123>`) taken out of the text.
fn without_mentions(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find("<@") {
        out.push_str(&rest[..start]);
        match rest[start..].find('>') {
            Some(end) => rest = &rest[start + end + 1..],
            None => {
                rest = &rest[start..];
                break;
            }
        }
    }
    out.push_str(rest);
    out.split_whitespace().collect::<Vec<_>>().join(" ")
}

fn slack(value: &Value, ok: Value) -> Inbound {
    match text(value, &["type"]) {
        Some("url_verification") => {
            let challenge = text(value, &["challenge"]).unwrap_or_default();
            return Inbound::Handshake(json!({"challenge": challenge}));
        }
        Some("event_callback") => {}
        _ => return Inbound::Nothing { ack: ok },
    }
    let event = &value["event"];
    let kind = text(event, &["type"]).unwrap_or_default();
    let from_bot = event.get("bot_id").is_some() || event.get("subtype").is_some();
    let (Some(key), Some(user), Some(channel), Some(ts), Some(raw)) = (
        text(value, &["event_id"]),
        text(event, &["user"]),
        text(event, &["channel"]),
        text(event, &["ts"]),
        text(event, &["text"]),
    ) else {
        return Inbound::Nothing { ack: ok };
    };
    if from_bot || !matches!(kind, "message" | "app_mention") {
        return Inbound::Nothing { ack: ok };
    }
    let message = without_mentions(raw);
    if message.is_empty() {
        return Inbound::Nothing { ack: ok };
    }
    let direct = text(event, &["channel_type"]) == Some("im");
    let thread = text(event, &["thread_ts"]);
    // In a channel every top-level message starts a thread of its own; in
    // a direct message the person and the bot talk on, unthreaded.
    let (thread_key, reply_thread) = match (direct, thread) {
        (_, Some(thread)) => (thread, Some(thread)),
        (true, None) => ("direct", None),
        (false, None) => (ts, Some(ts)),
    };
    let team = text(value, &["team_id"]).unwrap_or_default();
    Inbound::Messages {
        ack: ok,
        messages: vec![Incoming {
            key: key.to_owned(),
            sender: format!("slack:{team}:{user}@{channel}/{thread_key}"),
            text: message,
            reply: json!({"channel": channel, "thread_ts": reply_thread}),
        }],
    }
}

fn telegram(value: &Value, ok: Value) -> Inbound {
    let Some(key) = id_text(value, &["update_id"]) else {
        return Inbound::Nothing { ack: ok };
    };
    let message = &value["message"];
    let (Some(chat), Some(from), Some(body)) = (
        id_text(message, &["chat", "id"]),
        id_text(message, &["from", "id"]),
        text(message, &["text"]),
    ) else {
        return Inbound::Nothing { ack: ok };
    };
    if message["from"]["is_bot"].as_bool() == Some(true) || body.trim().is_empty() {
        return Inbound::Nothing { ack: ok };
    }
    let private = text(message, &["chat", "type"]) == Some("private");
    let mut reply = json!({"chat_id": message["chat"]["id"]});
    if !private {
        // In a group, the answer quotes the question it answers.
        reply["reply_to_message_id"] = message["message_id"].clone();
    }
    Inbound::Messages {
        ack: ok,
        messages: vec![Incoming {
            key,
            sender: format!("telegram:{chat}:{from}"),
            text: body.trim().to_owned(),
            reply,
        }],
    }
}

fn discord(value: &Value) -> Result<Inbound, Unreadable> {
    match value.get("type").and_then(Value::as_u64) {
        // PING: answered with PONG.
        Some(1) => Ok(Inbound::Handshake(json!({"type": 1}))),
        // APPLICATION_COMMAND: a slash command.
        Some(2) => {
            let (Some(key), Some(application), Some(token)) = (
                id_text(value, &["id"]),
                id_text(value, &["application_id"]),
                text(value, &["token"]),
            ) else {
                return Err(Unreadable(
                    "An interaction needs its id, application_id and token".into(),
                ));
            };
            let user = id_text(value, &["member", "user", "id"])
                .or_else(|| id_text(value, &["user", "id"]))
                .unwrap_or_default();
            let channel = id_text(value, &["channel_id"]).unwrap_or_default();
            let options: Vec<&str> = value["data"]["options"]
                .as_array()
                .map(|o| o.iter().filter_map(|o| o["value"].as_str()).collect())
                .unwrap_or_default();
            let message = if options.is_empty() {
                text(value, &["data", "name"])
                    .unwrap_or_default()
                    .to_owned()
            } else {
                options.join(" ")
            };
            if message.trim().is_empty() {
                return Ok(Inbound::Nothing {
                    ack: json!({"type": 4, "data": {"content": "Ask me something."}}),
                });
            }
            Ok(Inbound::Messages {
                // DEFERRED_CHANNEL_MESSAGE_WITH_SOURCE: "thinking…", then
                // the answer edits it within 15 minutes.
                ack: json!({"type": 5}),
                messages: vec![Incoming {
                    key,
                    sender: format!("discord:{user}@{channel}"),
                    text: message.trim().to_owned(),
                    reply: json!({"application_id": application, "token": token}),
                }],
            })
        }
        _ => Ok(Inbound::Nothing {
            ack: json!({"type": 1}),
        }),
    }
}

fn whatsapp(value: &Value, ok: Value) -> Inbound {
    let mut messages = Vec::new();
    let entries = value["entry"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    for change in entries
        .iter()
        .filter_map(|e| e["changes"].as_array())
        .flatten()
        .take(100)
    {
        let incoming = change["value"]["messages"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default();
        for message in incoming.iter().take(100) {
            let (Some(id), Some(from), Some(body)) = (
                text(message, &["id"]),
                text(message, &["from"]),
                text(message, &["text", "body"]),
            ) else {
                continue;
            };
            if body.trim().is_empty() {
                continue;
            }
            messages.push(Incoming {
                key: id.to_owned(),
                sender: format!("whatsapp:{from}"),
                text: body.trim().to_owned(),
                reply: json!({"to": from, "message_id": id}),
            });
        }
    }
    if messages.is_empty() {
        Inbound::Nothing { ack: ok }
    } else {
        Inbound::Messages { ack: ok, messages }
    }
}

/// The call that posts `answer` back to the platform: method, URL, the
/// headers' names (their values are secrets) and the JSON body.
#[derive(Debug, Clone, PartialEq)]
pub struct Post {
    pub method: &'static str,
    pub url: String,
    pub body: Value,
}

/// Cuts `answer` to what the platform takes in one message.
fn fitted(platform: WebhookPlatform, answer: &str) -> String {
    let max = answer_max(platform);
    if answer.chars().count() <= max {
        return answer.to_owned();
    }
    let mut cut: String = answer.chars().take(max - 1).collect();
    cut.push('…');
    cut
}

/// The call that posts `answer` to where `reply` says, at `base` (the
/// platform's API base URL); `None` for platforms answered in the response.
pub fn post(
    platform: WebhookPlatform,
    base: &str,
    field: &(dyn Fn(&str) -> Option<String> + Sync),
    reply: &Value,
    answer: &str,
) -> Option<Post> {
    let answer = fitted(platform, answer);
    let field = |name: &str| field(name).unwrap_or_default();
    match platform {
        WebhookPlatform::Slack => {
            let mut body = json!({"channel": reply["channel"], "text": answer});
            if let Some(thread) = reply["thread_ts"].as_str() {
                body["thread_ts"] = json!(thread);
            }
            Some(Post {
                method: "POST",
                url: format!("{base}/chat.postMessage"),
                body,
            })
        }
        WebhookPlatform::Telegram => {
            let mut body = json!({"chat_id": reply["chat_id"], "text": answer});
            if let Some(to) = reply.get("reply_to_message_id").filter(|v| !v.is_null()) {
                body["reply_parameters"] =
                    json!({"message_id": to, "allow_sending_without_reply": true});
            }
            Some(Post {
                method: "POST",
                url: format!("{base}/bot{}/sendMessage", field("botToken")),
                body,
            })
        }
        WebhookPlatform::Discord => Some(Post {
            method: "PATCH",
            url: format!(
                "{base}/webhooks/{}/{}/messages/@original",
                reply["application_id"].as_str().unwrap_or_default(),
                reply["token"].as_str().unwrap_or_default()
            ),
            body: json!({"content": answer, "allowed_mentions": {"parse": []}}),
        }),
        WebhookPlatform::Whatsapp => Some(Post {
            method: "POST",
            url: format!("{base}/{}/messages", field("phoneNumberId")),
            body: json!({
                "messaging_product": "whatsapp",
                "recipient_type": "individual",
                "to": reply["to"],
                "context": {"message_id": reply["message_id"]},
                "type": "text",
                "text": {"preview_url": false, "body": answer}
            }),
        }),
        WebhookPlatform::Custom | WebhookPlatform::Zapier => None,
    }
}

/// The URL of a post with the secrets in it hidden (Telegram's bot token is
/// in its path; Discord's interaction token too).
pub fn shown_url(
    platform: WebhookPlatform,
    post: &Post,
    field: &(dyn Fn(&str) -> Option<String> + Sync),
) -> String {
    match platform {
        WebhookPlatform::Telegram => match field("botToken") {
            Some(token) if !token.is_empty() => post.url.replace(&token, "<bot token>"),
            _ => post.url.clone(),
        },
        WebhookPlatform::Discord => {
            let mut parts: Vec<&str> = post.url.rsplitn(4, '/').collect();
            if parts.len() == 4 {
                parts[2] = "<interaction token>";
            }
            parts.reverse();
            parts.join("/")
        }
        _ => post.url.clone(),
    }
}

/// Sends `post` with the platform's authentication; `Err` says why it
/// failed, in words.
pub async fn send(
    client: &reqwest::Client,
    platform: WebhookPlatform,
    post: &Post,
    field: &(dyn Fn(&str) -> Option<String> + Sync),
) -> Result<(), String> {
    let request = match post.method {
        "PATCH" => client.patch(&post.url),
        _ => client.post(&post.url),
    }
    .timeout(std::time::Duration::from_secs(20))
    .json(&post.body);
    let request = match platform {
        WebhookPlatform::Slack => request.bearer_auth(field("botToken").unwrap_or_default()),
        WebhookPlatform::Whatsapp => request.bearer_auth(field("accessToken").unwrap_or_default()),
        _ => request,
    };
    let name = platform.title();
    let response = request
        .send()
        .await
        .map_err(|e| format!("{name} could not be reached: {}", probe::without_url(e)))?;
    let status = response.status();
    let body = probe::read_capped(response).await;
    let value: Value = serde_json::from_slice(&body).unwrap_or(Value::Null);
    if !status.is_success() {
        let detail = text(&value, &["description"])
            .or_else(|| text(&value, &["message"]))
            .or_else(|| text(&value, &["error", "message"]))
            .unwrap_or_default();
        return Err(format!("{name} answered {status} {detail}")
            .trim()
            .to_owned());
    }
    // Slack answers 200 with `ok: false` and a reason word.
    if platform == WebhookPlatform::Slack && value["ok"].as_bool() != Some(true) {
        return Err(format!(
            "Slack refused the message ({})",
            text(&value, &["error"]).unwrap_or("no reason given")
        ));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn slack_threads_and_direct_messages() {
        let event = |extra: Value| {
            let mut e = json!({"type": "message", "user": "U1", "channel": "C1", "ts": "1.1", "text": "<@B1> hello  there"});
            if let (Value::Object(e), Value::Object(extra)) = (&mut e, extra) {
                e.extend(extra);
            }
            serde_json::to_vec(
                &json!({"type": "event_callback", "event_id": "Ev1", "team_id": "T1", "event": e}),
            )
            .unwrap()
        };
        let Inbound::Messages { messages, .. } =
            read(WebhookPlatform::Slack, &event(json!({}))).unwrap()
        else {
            panic!("a message");
        };
        assert_eq!(messages[0].text, "hello there");
        assert_eq!(messages[0].sender, "slack:T1:U1@C1/1.1");
        assert_eq!(
            messages[0].reply,
            json!({"channel": "C1", "thread_ts": "1.1"})
        );
        let Inbound::Messages { messages, .. } = read(
            WebhookPlatform::Slack,
            &event(json!({"channel_type": "im"})),
        )
        .unwrap() else {
            panic!("a message");
        };
        assert_eq!(messages[0].sender, "slack:T1:U1@C1/direct");
        assert_eq!(messages[0].reply["thread_ts"], Value::Null);
        assert!(matches!(
            read(WebhookPlatform::Slack, &event(json!({"bot_id": "B1"}))).unwrap(),
            Inbound::Nothing { .. }
        ));
        assert_eq!(
            read(
                WebhookPlatform::Slack,
                br#"{"type":"url_verification","challenge":"abc"}"#
            )
            .unwrap(),
            Inbound::Handshake(json!({"challenge": "abc"}))
        );
    }

    #[test]
    fn discord_ping_and_command() {
        assert_eq!(
            read(WebhookPlatform::Discord, br#"{"type":1}"#).unwrap(),
            Inbound::Handshake(json!({"type": 1}))
        );
        let command = json!({"type": 2, "id": "9", "application_id": "7", "token": "tok", "channel_id": "5",
            "member": {"user": {"id": "3"}}, "data": {"name": "ask", "options": [{"name": "question", "type": 3, "value": "Hours?"}]}});
        let Inbound::Messages { ack, messages } =
            read(WebhookPlatform::Discord, command.to_string().as_bytes()).unwrap()
        else {
            panic!("a command");
        };
        assert_eq!(ack, json!({"type": 5}));
        assert_eq!(messages[0].text, "Hours?");
        assert_eq!(messages[0].sender, "discord:3@5");
        let post = post(
            WebhookPlatform::Discord,
            "https://discord.com/api/v10",
            &|_| None,
            &messages[0].reply,
            "Nine to five",
        )
        .unwrap();
        assert_eq!(
            post.url,
            "https://discord.com/api/v10/webhooks/7/tok/messages/@original"
        );
        assert_eq!(
            shown_url(WebhookPlatform::Discord, &post, &|_| None),
            "https://discord.com/api/v10/webhooks/7/<interaction token>/messages/@original"
        );
    }

    #[test]
    fn long_answers_are_cut_to_the_platforms_limit() {
        let long = "a".repeat(5000);
        assert_eq!(
            fitted(WebhookPlatform::Discord, &long).chars().count(),
            2000
        );
        assert_eq!(
            fitted(WebhookPlatform::Telegram, &long).chars().count(),
            4096
        );
        assert_eq!(fitted(WebhookPlatform::Slack, "short"), "short");
    }
}
