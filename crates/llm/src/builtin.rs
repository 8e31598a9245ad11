//! The built-in responder: the default when no model is configured. It
//! answers from the agent's greeting, description and knowledge passages,
//! quoting rather than inventing, and never claims to be a language model.

use agentforge_domain::text::keywords;
use futures_util::StreamExt;

use crate::{
    ChatModel, ChatRequest, Completion, EventStream, Grounding, ProviderError, Role, StreamEvent,
    Usage,
};

/// Shown under every built-in answer.
pub const NOTICE: &str = "No language model is connected: this answer was put together from the agent's greeting and knowledge base. An administrator can connect one with AGENTFORGE_LLM_PROVIDER.";

const MODEL: &str = "builtin-responder";
const GREETINGS: &[&str] = &[
    "hi",
    "hello",
    "hey",
    "hiya",
    "howdy",
    "greetings",
    "good morning",
    "good afternoon",
    "good evening",
    "hola",
    "bonjour",
    "hallo",
    "ciao",
    "ola",
    "olá",
    "hej",
    "salut",
    "yo",
];
const EXCERPT_CHARS: usize = 500;

#[derive(Debug, Default, Clone, Copy)]
pub struct Builtin;

fn is_greeting(text: &str) -> bool {
    let cleaned: String = text
        .to_lowercase()
        .chars()
        .filter(|c| c.is_alphanumeric() || c.is_whitespace())
        .collect();
    let cleaned = cleaned.split_whitespace().collect::<Vec<_>>().join(" ");
    GREETINGS.iter().any(|g| {
        cleaned == *g
            || cleaned
                .strip_prefix(g)
                .is_some_and(|rest| rest.starts_with(' ') && rest.split_whitespace().count() <= 2)
    })
}

/// The sentences of a passage that share the most words with the question,
/// in their original order, up to about [`EXCERPT_CHARS`].
fn excerpt(passage: &str, words: &[String]) -> String {
    // Markdown block markers (headings, quotes, list bullets) would change
    // the meaning of the quote they land in; plain sentences are kept.
    let sentences: Vec<&str> = passage
        .split_inclusive(['.', '!', '?', '\n'])
        .map(|s| {
            s.trim()
                .trim_start_matches(['#', '>', '*', '-', '+', ' ', '\t'])
        })
        .filter(|s| !s.is_empty())
        .collect();
    let score = |s: &str| {
        let lower = s.to_lowercase();
        words.iter().filter(|w| lower.contains(w.as_str())).count()
    };
    let mut ranked: Vec<(usize, usize)> = sentences
        .iter()
        .enumerate()
        .map(|(i, s)| (i, score(s)))
        .collect();
    ranked.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    // The sentences that share words with the question; the opening ones
    // when none does (the search matched on a stem).
    let relevant = ranked.iter().any(|(_, score)| *score > 0);
    let mut chosen = Vec::new();
    let mut length = 0;
    for (i, score) in ranked {
        if relevant && score == 0 {
            break;
        }
        let len = sentences[i].chars().count();
        if length > 0 && length + len > EXCERPT_CHARS {
            break;
        }
        chosen.push(i);
        length += len + 1;
    }
    chosen.sort_unstable();
    let text = chosen
        .into_iter()
        .map(|i| sentences[i])
        .collect::<Vec<_>>()
        .join(" ");
    if text.chars().count() > EXCERPT_CHARS {
        let cut: String = text.chars().take(EXCERPT_CHARS).collect();
        format!("{}…", cut.trim_end())
    } else {
        text
    }
}

/// The answer to the last user message.
pub fn answer(grounding: &Grounding, question: &str) -> String {
    let name = if grounding.agent_name.is_empty() {
        "this assistant"
    } else {
        grounding.agent_name.as_str()
    };
    if is_greeting(question) || question.trim().is_empty() {
        if !grounding.greeting.trim().is_empty() {
            return grounding.greeting.trim().to_owned();
        }
        let mut text = format!("Hello! I'm {name}.");
        if !grounding.description.trim().is_empty() {
            text.push(' ');
            text.push_str(grounding.description.trim());
        }
        text.push_str(" What would you like to know?");
        return text;
    }
    let words = keywords(question);
    if grounding.passages.is_empty() {
        let mut text = "I don't have anything on that in my knowledge base, and no language model is connected, so I won't guess.".to_owned();
        if !grounding.description.trim().is_empty() {
            text.push_str(&format!(
                "\n\nWhat I can help with: {}",
                grounding.description.trim()
            ));
        }
        return text;
    }
    let mut text = String::from("Here is what I found in my knowledge base:\n");
    for passage in grounding.passages.iter().take(3) {
        let quote = excerpt(&passage.text, &words).replace('\n', " ");
        text.push_str(&format!("\n> {quote}\n\n— *{}*\n", passage.source));
    }
    text
}

fn last_question(request: &ChatRequest) -> &str {
    request
        .messages
        .iter()
        .rev()
        .find(|m| m.role == Role::User)
        .map(|m| m.content.as_str())
        .unwrap_or_default()
}

#[async_trait::async_trait]
impl ChatModel for Builtin {
    fn provider(&self) -> &'static str {
        "builtin"
    }

    fn default_model(&self) -> &str {
        MODEL
    }

    async fn complete(&self, request: &ChatRequest) -> Result<Completion, ProviderError> {
        let text = answer(&request.grounding, last_question(request));
        Ok(Completion {
            usage: Some(Usage::estimate(request, &text)),
            text,
            tool_calls: Vec::new(),
        })
    }

    async fn stream(&self, request: &ChatRequest) -> Result<EventStream, ProviderError> {
        let text = answer(&request.grounding, last_question(request));
        let usage = Usage::estimate(request, &text);
        // Word by word, like a model would, so clients exercise one path.
        let mut pieces: Vec<Result<StreamEvent, ProviderError>> = text
            .split_inclusive(' ')
            .map(|w| Ok(StreamEvent::Text(w.to_owned())))
            .collect();
        pieces.push(Ok(StreamEvent::Usage(usage)));
        Ok(futures_util::stream::iter(pieces).boxed())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::GroundingPassage;

    fn grounding(passages: Vec<GroundingPassage>) -> Grounding {
        Grounding {
            agent_name: "Ada".into(),
            description: "Answers questions about Acme's products.".into(),
            greeting: String::new(),
            passages,
        }
    }

    #[test]
    fn greets_with_the_greeting_or_introduces_itself() {
        let mut g = grounding(vec![]);
        assert!(answer(&g, "Hello!").starts_with("Hello! I'm Ada. Answers questions"));
        g.greeting = "Welcome to Acme!".into();
        assert_eq!(answer(&g, "hi there"), "Welcome to Acme!");
        assert!(!is_greeting(
            "hello, what is your refund policy for broken items?"
        ));
    }

    #[test]
    fn quotes_the_matching_sentences_with_their_source() {
        let g = grounding(vec![GroundingPassage {
            source: "policy.md".into(),
            text: "Shipping takes three days. Refunds are issued within 14 days of a return. We love cats.".into(),
        }]);
        let text = answer(&g, "How do refunds work?");
        assert!(text.contains("> "), "{text}");
        assert!(text.contains("Refunds are issued within 14 days"), "{text}");
        assert!(text.contains("*policy.md*"), "{text}");
        assert!(
            !text.contains("cats"),
            "an unrelated sentence was quoted: {text}"
        );
    }

    #[test]
    fn markdown_markers_do_not_leak_into_the_quote() {
        let g = grounding(vec![GroundingPassage {
            source: "returns.md".into(),
            text: "# Returns\nRefunds are issued within 14 days.\n- Shipping is not refunded."
                .into(),
        }]);
        let text = answer(&g, "Are refunds and shipping refunded?");
        assert!(
            text.contains("> Refunds are issued within 14 days. Shipping is not refunded."),
            "{text}"
        );
        assert!(!text.contains("# "), "{text}");
    }

    #[test]
    fn says_so_instead_of_inventing() {
        let text = answer(&grounding(vec![]), "What is the capital of Peru?");
        assert!(text.contains("won't guess"), "{text}");
        assert!(!text.contains("Lima"));
    }
}
