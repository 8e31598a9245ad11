//! Words that say what a text is about, for searching knowledge.

use std::collections::HashSet;

/// Words too common to say what a question is about.
const STOPWORDS: &[&str] = &[
    "a", "about", "all", "an", "and", "any", "are", "as", "at", "be", "but", "by", "can", "could",
    "did", "do", "does", "for", "from", "get", "give", "has", "have", "how", "i", "if", "in",
    "into", "is", "it", "its", "know", "let", "me", "more", "my", "need", "not", "of", "on", "or",
    "our", "please", "should", "so", "some", "tell", "than", "that", "the", "their", "them",
    "then", "there", "these", "they", "this", "to", "up", "us", "want", "was", "we", "were",
    "what", "when", "where", "which", "who", "why", "will", "with", "would", "you", "your",
];

/// The most terms a search uses.
pub const MAX_KEYWORDS: usize = 32;

/// The distinct meaningful words of `text`, lowercased, letters and digits
/// only (so they are safe inside any full-text query syntax), in order.
pub fn keywords(text: &str) -> Vec<String> {
    let mut seen = HashSet::new();
    text.split(|c: char| !c.is_alphanumeric())
        .map(str::to_lowercase)
        .filter(|w| w.chars().count() > 1 && !STOPWORDS.contains(&w.as_str()))
        .filter(|w| seen.insert(w.clone()))
        .take(MAX_KEYWORDS)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keywords_drop_stopwords_punctuation_and_repeats() {
        assert_eq!(
            keywords("What is the \"refund\" policy? Refund!*"),
            vec!["refund", "policy"]
        );
        assert_eq!(keywords("Ünïcode straße"), vec!["ünïcode", "straße"]);
    }
}
