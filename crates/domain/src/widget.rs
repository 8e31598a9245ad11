//! The embeddable widget's settings per agent: whether it answers, the
//! sites it answers on (exact origins), how it looks, what it says first,
//! and how much one visitor or one address may ask.

use serde::{Deserialize, Serialize};

use crate::error::{Problems, messages};

string_enum!(
    /// Where the launcher sits.
    WidgetPosition {
        BottomRight = "bottom-right",
        BottomLeft = "bottom-left",
    }
);

string_enum!(
    /// The launcher's icon.
    WidgetIcon {
        Chat = "chat",
        Help = "help",
        Sparkle = "sparkle",
    }
);

/// Most allowed origins per agent.
pub const ORIGINS_MAX: usize = 50;
/// Most suggested questions, and their longest.
pub const SUGGESTIONS_MAX: usize = 5;
pub const SUGGESTION_MAX_CHARS: usize = 120;
/// The longest title and greeting.
pub const TITLE_MAX_CHARS: usize = 60;
pub const GREETING_MAX_CHARS: usize = 500;
/// The bounds of the per-minute limits.
pub const RATE_MAX: u32 = 600;

/// An agent's widget settings.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct WidgetSettings {
    pub enabled: bool,
    /// `scheme://host[:port]`, compared exactly with each request's
    /// `Origin`; none: the widget answers nowhere.
    pub allowed_origins: Vec<String>,
    /// `#rrggbb`.
    pub color: String,
    pub position: WidgetPosition,
    pub icon: WidgetIcon,
    /// Shown in the panel's header; empty: the agent's name.
    pub title: String,
    /// An https image URL for the agent's avatar.
    pub avatar_url: Option<String>,
    /// The first message; empty: the agent's greeting.
    pub greeting: String,
    pub suggested_questions: Vec<String>,
    /// Messages one visitor may send a minute.
    pub visitor_messages_per_minute: u32,
    /// Messages one client address may send a minute (all its visitors).
    pub ip_messages_per_minute: u32,
}

impl Default for WidgetSettings {
    fn default() -> Self {
        Self {
            enabled: false,
            allowed_origins: Vec::new(),
            color: "#4f46e5".into(),
            position: WidgetPosition::BottomRight,
            icon: WidgetIcon::Chat,
            title: String::new(),
            avatar_url: None,
            greeting: String::new(),
            suggested_questions: Vec::new(),
            visitor_messages_per_minute: 10,
            ip_messages_per_minute: 30,
        }
    }
}

/// An origin as browsers send it (`https://shop.example.com`,
/// `http://localhost:3000`): scheme, host and a port other than the
/// scheme's; lowercase, no path. `None` when `text` is not one.
pub fn normalize_origin(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/');
    let url = ::url::Url::parse(text).ok()?;
    if !matches!(url.scheme(), "http" | "https")
        || url.host_str().is_none_or(str::is_empty)
        || url.path() != "/"
        || url.query().is_some()
        || url.fragment().is_some()
        || !url.username().is_empty()
        || url.password().is_some()
    {
        return None;
    }
    let origin = url.origin().ascii_serialization();
    (origin != "null").then_some(origin)
}

impl WidgetSettings {
    /// Checks every field, naming each bad one; normalises the origins.
    pub fn check(&mut self) -> Result<(), crate::Error> {
        let mut p = Problems::default();
        if self.allowed_origins.len() > ORIGINS_MAX {
            p.add("allowedOrigins", format!("At most {ORIGINS_MAX} origins"));
        }
        let mut origins = Vec::with_capacity(self.allowed_origins.len());
        for (i, origin) in self.allowed_origins.iter().enumerate() {
            match normalize_origin(origin) {
                Some(o) if !origins.contains(&o) => origins.push(o),
                Some(_) => {}
                None => p.add(
                    &format!("allowedOrigins.{i}"),
                    "An origin is a scheme and a host, with a port if needed: https://shop.example.com",
                ),
            }
        }
        self.allowed_origins = origins;
        let color = self.color.trim();
        if !(color.len() == 7
            && color.starts_with('#')
            && color[1..].chars().all(|c| c.is_ascii_hexdigit()))
        {
            p.add(
                "color",
                "A colour is # and six hexadecimal digits, such as #4f46e5",
            );
        }
        self.color = color.to_ascii_lowercase();
        self.title = self.title.trim().to_owned();
        p.name("title", Some(&self.title), TITLE_MAX_CHARS);
        self.greeting = self.greeting.trim().to_owned();
        p.text("greeting", Some(&self.greeting), GREETING_MAX_CHARS);
        if let Some(url) = self.avatar_url.as_mut() {
            *url = url.trim().to_owned();
        }
        self.avatar_url = self.avatar_url.take().filter(|u| !u.is_empty());
        if let Some(url) = &self.avatar_url
            && !(url.len() <= 2000
                && ::url::Url::parse(url)
                    .is_ok_and(|u| u.scheme() == "https" && u.host().is_some()))
        {
            p.add("avatarUrl", "Must be an https:// image URL");
        }
        if self.suggested_questions.len() > SUGGESTIONS_MAX {
            p.add(
                "suggestedQuestions",
                format!("At most {SUGGESTIONS_MAX} suggested questions"),
            );
        }
        let mut questions = Vec::new();
        for (i, q) in self.suggested_questions.iter().enumerate() {
            let q = q.trim();
            if q.is_empty() {
                continue;
            }
            if q.chars().count() > SUGGESTION_MAX_CHARS {
                p.add(
                    &format!("suggestedQuestions.{i}"),
                    messages::too_long(SUGGESTION_MAX_CHARS),
                );
            }
            p.no_nul(&format!("suggestedQuestions.{i}"), Some(q));
            questions.push(q.to_owned());
        }
        self.suggested_questions = questions;
        for (field, value) in [
            ("visitorMessagesPerMinute", self.visitor_messages_per_minute),
            ("ipMessagesPerMinute", self.ip_messages_per_minute),
        ] {
            if !(1..=RATE_MAX).contains(&value) {
                p.add(field, format!("From 1 to {RATE_MAX}"));
            }
        }
        p.finish()
    }

    /// Whether `origin` (a request's `Origin` header) may use the widget.
    pub fn allows(&self, origin: &str) -> bool {
        self.enabled && self.allowed_origins.iter().any(|o| o == origin)
    }
}

/// A visitor id as the widget makes it: `v_` and 16 to 64 URL-safe
/// characters (a random UUID, say).
pub fn valid_visitor_id(id: &str) -> bool {
    id.strip_prefix("v_").is_some_and(|rest| {
        (16..=64).contains(&rest.len())
            && rest
                .chars()
                .all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_exact_and_normalised() {
        assert_eq!(
            normalize_origin("https://Shop.Example.com/").as_deref(),
            Some("https://shop.example.com")
        );
        assert_eq!(
            normalize_origin("http://localhost:3000").as_deref(),
            Some("http://localhost:3000")
        );
        assert_eq!(
            normalize_origin("https://example.com:443").as_deref(),
            Some("https://example.com")
        );
        for bad in [
            "example.com",
            "https://example.com/shop",
            "ftp://x.org",
            "https://u:p@x.org",
            "*",
        ] {
            assert_eq!(normalize_origin(bad), None, "{bad}");
        }
    }

    #[test]
    fn settings_are_checked_field_by_field() {
        let mut settings = WidgetSettings {
            allowed_origins: vec![
                "https://a.example".into(),
                "https://a.example/".into(),
                "nope".into(),
            ],
            color: "red".into(),
            suggested_questions: vec!["x".repeat(121)],
            visitor_messages_per_minute: 0,
            ..WidgetSettings::default()
        };
        let Err(crate::Error::Invalid(problems)) = settings.check() else {
            panic!("invalid");
        };
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(
            fields,
            [
                "allowedOrigins.2",
                "color",
                "suggestedQuestions.0",
                "visitorMessagesPerMinute"
            ]
        );
        let mut good = WidgetSettings {
            enabled: true,
            allowed_origins: vec!["https://A.example/".into(), "https://a.example".into()],
            ..WidgetSettings::default()
        };
        good.check().unwrap();
        assert_eq!(good.allowed_origins, ["https://a.example"]);
        assert!(good.allows("https://a.example"));
        assert!(!good.allows("https://a.example.evil.com"));
        assert!(
            !WidgetSettings {
                enabled: false,
                ..good
            }
            .allows("https://a.example")
        );
    }

    #[test]
    fn visitor_ids_are_bounded() {
        assert!(valid_visitor_id("v_0123456789abcdef"));
        assert!(!valid_visitor_id("v_short"));
        assert!(!valid_visitor_id("0123456789abcdef0123"));
        assert!(!valid_visitor_id(&format!("v_{}", "a".repeat(65))));
        assert!(!valid_visitor_id("v_0123456789abcde<"));
    }
}
