//! Platform webhooks: one agent behind one platform's events (Slack,
//! Discord, Telegram, WhatsApp, Zapier or any custom sender). Which
//! platforms there are, the credentials each takes (the same fields as
//! Settings › Integrations, which fill in what a webhook leaves out), the
//! statuses, and the bounds.

use crate::error::{Problems, messages};
use crate::integration::{FieldKind, IntegrationName, check_value};

string_enum!(
    /// Where a webhook's events come from.
    WebhookPlatform {
        /// Any program, signed per the Standard Webhooks specification.
        Custom = "custom",
        /// Slack's Events API.
        Slack = "slack",
        /// Discord interactions (slash commands).
        Discord = "discord",
        /// A Telegram bot's updates.
        Telegram = "telegram",
        /// The WhatsApp Cloud API.
        Whatsapp = "whatsapp",
        /// Zapier's "Webhooks by Zapier" (signed as custom).
        Zapier = "zapier",
    }
);

string_enum!(
    /// Whether a webhook takes events: `failing` after too many failures in
    /// a row (it still takes them; the next success makes it `active`).
    WebhookStatus {
        Active = "active",
        Paused = "paused",
        Failing = "failing",
    }
);

string_enum!(
    /// What became of one received event.
    WebhookEventStatus {
        /// Acknowledged; the answer is being made or posted.
        Queued = "queued",
        /// Answered (and posted back to the platform).
        Succeeded = "succeeded",
        /// The agent or the platform failed; `error` says how.
        Failed = "failed",
        /// Nothing to answer (a bot's own message, an edit, a reaction …).
        Ignored = "ignored",
    }
);

/// Failures in a row after which a webhook is `failing` and its owner told.
pub const FAILURES_BEFORE_FAILING: u32 = 5;

/// The longest name, in characters.
pub const NAME_MAX: usize = 100;

/// Most webhooks one agent may have.
pub const PER_AGENT_MAX: u64 = 20;

/// The largest inbound event body, in bytes.
pub const BODY_MAX_BYTES: usize = 256 * 1024;

/// How many of a webhook's events are kept (the newest).
pub const EVENTS_KEPT_DAYS: i64 = 30;

impl WebhookPlatform {
    /// The integration whose fields this platform's credentials are (and
    /// whose saved credentials fill in what the webhook leaves out).
    pub fn integration(self) -> Option<IntegrationName> {
        match self {
            Self::Slack => Some(IntegrationName::Slack),
            Self::Discord => Some(IntegrationName::Discord),
            Self::Telegram => Some(IntegrationName::Telegram),
            Self::Whatsapp => Some(IntegrationName::Whatsapp),
            Self::Custom | Self::Zapier => None,
        }
    }

    /// Signed per the Standard Webhooks specification with a `whsec_`
    /// secret of ours, answered in the response.
    pub fn standard(self) -> bool {
        matches!(self, Self::Custom | Self::Zapier)
    }

    /// The platform's name as people write it.
    pub fn title(self) -> &'static str {
        match self {
            Self::Custom => "Custom",
            Self::Slack => "Slack",
            Self::Discord => "Discord",
            Self::Telegram => "Telegram",
            Self::Whatsapp => "WhatsApp",
            Self::Zapier => "Zapier",
        }
    }
}

/// Checks a webhook's name (trimmed): 1 to [`NAME_MAX`] characters.
pub fn check_name(p: &mut Problems, name: &str) {
    let name = name.trim();
    if name.is_empty() {
        p.add("name", messages::REQUIRED);
    } else {
        p.name("name", Some(name), NAME_MAX);
    }
}

/// Checks one credential of `platform` (trimmed, not empty), recording a
/// problem under `credentials.<field>`; a field the platform does not take
/// is refused.
pub fn check_credential(p: &mut Problems, platform: WebhookPlatform, field: &str, value: &str) {
    let at = format!("credentials.{field}");
    let Some(integration) = platform.integration() else {
        p.add(
            &at,
            format!("{} webhooks take no credentials", platform.title()),
        );
        return;
    };
    let Some(spec) = integration.field(field) else {
        p.add(&at, format!("{} takes no {field}", platform.title()));
        return;
    };
    let mut inner = Problems::default();
    check_value(&mut inner, integration, spec, value);
    for problem in inner.into_problems() {
        p.add(&at, problem.message);
    }
}

/// Whether a credential field of `platform` is a secret (kept sealed, shown
/// masked).
pub fn is_secret(platform: WebhookPlatform, field: &str) -> bool {
    platform
        .integration()
        .and_then(|i| i.field(field))
        .is_some_and(|f| f.kind == FieldKind::Secret)
}

/// The credentials `platform` cannot work without (its own or its owner's).
pub fn required_fields(platform: WebhookPlatform) -> Vec<&'static str> {
    match platform {
        // We make the verify token when none is given.
        WebhookPlatform::Whatsapp => vec!["phoneNumberId", "accessToken", "appSecret"],
        _ => platform
            .integration()
            .map(|i| {
                i.fields()
                    .iter()
                    .filter(|f| f.required)
                    .map(|f| f.name)
                    .collect()
            })
            .unwrap_or_default(),
    }
}

string_enum!(
    /// An event users may subscribe their own URLs to (outbound webhooks).
    EndpointEvent {
        ConversationStarted = "conversation.started",
        MessageCreated = "message.created",
        ConversationEnded = "conversation.ended",
        /// Sent once conversations can be handed to a person (conversation
        /// flows); subscribing now is allowed.
        ConversationHandedOff = "conversation.handed_off",
        AgentDeployed = "agent.deployed",
        DocumentIndexed = "document.indexed",
        /// A phone call ended (completed, busy, failed, not answered or
        /// canceled).
        CallCompleted = "call.completed",
    }
);

string_enum!(
    /// Where one event's delivery to one endpoint stands.
    DeliveryStatus {
        /// Waiting for its first or next attempt.
        Pending = "pending",
        /// The endpoint answered 2xx.
        Succeeded = "succeeded",
        /// Every attempt failed (or the endpoint was disabled or removed).
        Failed = "failed",
    }
);

/// The waits before each retry of a delivery: about 5 s, 5 min, 30 min,
/// 2 h, 5 h and 10 h (seven attempts in all), the schedule Standard
/// Webhooks senders commonly use.
pub const RETRY_SCHEDULE_SECONDS: [u64; 6] = [5, 300, 1800, 7200, 18_000, 36_000];

/// An endpoint failing for this long (no success since its first failure)
/// is disabled and its owner emailed.
pub const DISABLE_AFTER_SECONDS: u64 = 24 * 3600;

/// Most endpoints one person may have.
pub const ENDPOINTS_PER_USER_MAX: u64 = 50;

/// The longest endpoint URL and description, in characters.
pub const ENDPOINT_URL_MAX: usize = 2000;
pub const ENDPOINT_DESCRIPTION_MAX: usize = 500;

/// What of an endpoint's answer is kept in the delivery log, in bytes.
pub const RESPONSE_EXCERPT_BYTES: usize = 2048;

/// Checks an endpoint's fields: an http(s) URL with a host, at least one
/// event, a bounded description.
pub fn check_endpoint(
    p: &mut Problems,
    url: Option<&str>,
    events: Option<&[EndpointEvent]>,
    description: Option<&str>,
) {
    if let Some(url) = url {
        let url = url.trim();
        if url.is_empty() {
            p.add("url", messages::REQUIRED);
        } else if url.chars().count() > ENDPOINT_URL_MAX {
            p.add("url", messages::too_long(ENDPOINT_URL_MAX));
        } else if !::url::Url::parse(url)
            .is_ok_and(|u| matches!(u.scheme(), "http" | "https") && u.host().is_some())
        {
            p.add("url", "Must be an http:// or https:// URL");
        }
    }
    if let Some(events) = events
        && events.is_empty()
    {
        p.add("events", "Choose at least one event");
    }
    p.text("description", description, ENDPOINT_DESCRIPTION_MAX);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn fields(platform: WebhookPlatform, field: &str, value: &str) -> Vec<String> {
        let mut p = Problems::default();
        check_credential(&mut p, platform, field, value);
        p.into_problems().into_iter().map(|p| p.field).collect()
    }

    #[test]
    fn credentials_are_checked_as_the_integration_checks_them() {
        use WebhookPlatform::*;
        assert!(fields(Slack, "botToken", "xoxb-1-2-abc").is_empty());
        assert_eq!(
            fields(Slack, "botToken", "xoxp-1"),
            ["credentials.botToken"]
        );
        assert_eq!(fields(Slack, "apiKey", "x"), ["credentials.apiKey"]);
        assert_eq!(fields(Custom, "botToken", "x"), ["credentials.botToken"]);
        assert_eq!(
            fields(Discord, "publicKey", "zz"),
            ["credentials.publicKey"]
        );
    }

    #[test]
    fn names_are_bounded() {
        let check = |name: &str| {
            let mut p = Problems::default();
            check_name(&mut p, name);
            p.into_problems().len()
        };
        assert_eq!(check("Support on Slack"), 0);
        assert_eq!(check("  "), 1);
        assert_eq!(check(&"x".repeat(NAME_MAX + 1)), 1);
        assert_eq!(check("a\nb"), 1);
    }

    #[test]
    fn endpoints_need_a_web_url_and_an_event() {
        let check = |url: &str, events: &[EndpointEvent]| {
            let mut p = Problems::default();
            check_endpoint(&mut p, Some(url), Some(events), None);
            p.into_problems()
                .into_iter()
                .map(|p| p.field)
                .collect::<Vec<_>>()
        };
        assert!(check("https://example.com/hook", &[EndpointEvent::MessageCreated]).is_empty());
        assert_eq!(
            check("ftp://example.com", &[EndpointEvent::MessageCreated]),
            ["url"]
        );
        assert_eq!(check("https://example.com", &[]), ["events"]);
        assert_eq!(check(" ", &[EndpointEvent::AgentDeployed]), ["url"]);
    }

    #[test]
    fn which_platforms_sign_with_our_secret() {
        assert!(WebhookPlatform::Custom.standard());
        assert!(WebhookPlatform::Zapier.standard());
        assert!(!WebhookPlatform::Slack.standard());
        assert_eq!(
            required_fields(WebhookPlatform::Discord),
            ["applicationId", "publicKey", "botToken"]
        );
    }
}
