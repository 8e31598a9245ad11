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
    /// Whether a message is whole: `partial` when the answer was cut short
    /// (the client went away or asked to stop), `failed` when the model failed.
    MessageStatus {
        Complete = "complete",
        Partial = "partial",
        Failed = "failed",
    }
);

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
