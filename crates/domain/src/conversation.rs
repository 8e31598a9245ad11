//! Conversations and their messages: where they happen and what state they
//! are in.

string_enum!(
    /// Where a conversation takes place.
    Channel {
        Web = "web",
        Widget = "widget",
        Api = "api",
        Voice = "voice",
        Phone = "phone",
        Sms = "sms",
        Webhook = "webhook",
    }
);

string_enum!(
    /// A conversation's state: `active` until ended or handed to a person.
    ConversationStatus {
        Active = "active",
        Ended = "ended",
        HandedOff = "handed_off",
    }
);

string_enum!(
    /// Who said a message.
    MessageRole {
        User = "user",
        Assistant = "assistant",
        System = "system",
        Tool = "tool",
    }
);

string_enum!(
    /// Whether a message is whole: `streaming` while the answer is being
    /// written (saved as it comes), `partial` when it was cut short (the
    /// client went away or asked to stop), `interrupted` when the server
    /// writing it stopped mid-answer, `failed` when the model failed.
    MessageStatus {
        Complete = "complete",
        Streaming = "streaming",
        Partial = "partial",
        Interrupted = "interrupted",
        Failed = "failed",
    }
);

/// How long a conversation may sit without a message before it ends by
/// itself, unless configured otherwise.
pub const IDLE_MINUTES_DEFAULT: u64 = 30;

impl Channel {
    /// The deployment a channel talks to: `None` for the agent's current
    /// draft (the dashboard's chat and voice, where its builders try it),
    /// production for the channels that face the agent's public (widget,
    /// API, phone, SMS, webhooks; workflows run on the API channel).
    pub fn environment(self) -> Option<crate::agent::Environment> {
        match self {
            Channel::Web | Channel::Voice => None,
            Channel::Widget | Channel::Api | Channel::Phone | Channel::Sms | Channel::Webhook => {
                Some(crate::agent::Environment::Production)
            }
        }
    }
}

/// The longest message a person may send.
pub const MESSAGE_MAX_CHARS: usize = 32_000;

/// A conversation's title from its first message: the first line, at most 80
/// characters, cut on a word.
pub fn title_from(message: &str) -> String {
    let line = message.trim().lines().next().unwrap_or_default().trim();
    if line.chars().count() <= 80 {
        return line.to_owned();
    }
    let cut: String = line.chars().take(80).collect();
    let cut = match cut.rfind(' ') {
        Some(space) if space > 40 => &cut[..space],
        _ => cut.as_str(),
    };
    format!("{}…", cut.trim_end())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn titles_are_the_first_line_cut_on_a_word() {
        assert_eq!(title_from("  Hello there\nsecond line"), "Hello there");
        let long = "word ".repeat(40);
        let title = title_from(&long);
        assert!(
            title.ends_with('…') && title.chars().count() <= 81,
            "{title}"
        );
        assert_eq!(Channel::parse("phone").unwrap(), Channel::Phone);
        assert!(Channel::parse("fax").is_err());
    }
}
