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
    "buenos dias",
    "buenos días",
    "buenas",
    "oi",
    "bom dia",
    "guten tag",
    "moin",
    "halo",
    "hai",
    "привет",
    "здравствуйте",
    "مرحبا",
    "مرحبًا",
    "السلام عليكم",
    "こんにちは",
    "안녕하세요",
    "안녕",
    "你好",
    "您好",
];

/// The built-in responder's own sentences, in one language.
struct Phrases {
    /// `{name}` is the agent's name.
    hello: &'static str,
    ask: &'static str,
    unnamed: &'static str,
    nothing: &'static str,
    help_with: &'static str,
    found: &'static str,
    /// Between sentences: a space, or nothing in languages written without.
    gap: &'static str,
}

/// The languages of the web app; an agent in any other language is answered
/// in English.
const PHRASES: &[(&str, Phrases)] = &[
    (
        "en",
        Phrases {
            hello: "Hello! I'm {name}.",
            ask: "What would you like to know?",
            unnamed: "this assistant",
            nothing: "I don't have anything on that in my knowledge base, and no language model is connected, so I won't guess.",
            help_with: "What I can help with:",
            found: "Here is what I found in my knowledge base:",
            gap: " ",
        },
    ),
    (
        "es",
        Phrases {
            hello: "¡Hola! Soy {name}.",
            ask: "¿Qué te gustaría saber?",
            unnamed: "este asistente",
            nothing: "No tengo nada sobre eso en mi base de conocimiento y no hay ningún modelo de lenguaje conectado, así que no voy a adivinar.",
            help_with: "En qué puedo ayudar:",
            found: "Esto es lo que encontré en mi base de conocimiento:",
            gap: " ",
        },
    ),
    (
        "fr",
        Phrases {
            hello: "Bonjour ! Je suis {name}.",
            ask: "Que souhaitez-vous savoir ?",
            unnamed: "cet assistant",
            nothing: "Je n'ai rien à ce sujet dans ma base de connaissances, et aucun modèle de langage n'est connecté : je préfère ne pas deviner.",
            help_with: "Ce sur quoi je peux vous aider :",
            found: "Voici ce que j'ai trouvé dans ma base de connaissances :",
            gap: " ",
        },
    ),
    (
        "de",
        Phrases {
            hello: "Hallo! Ich bin {name}.",
            ask: "Was möchten Sie wissen?",
            unnamed: "dieser Assistent",
            nothing: "Dazu habe ich nichts in meiner Wissensdatenbank, und es ist kein Sprachmodell verbunden – deshalb rate ich nicht.",
            help_with: "Wobei ich helfen kann:",
            found: "Das habe ich in meiner Wissensdatenbank gefunden:",
            gap: " ",
        },
    ),
    (
        "pt",
        Phrases {
            hello: "Olá! Eu sou {name}.",
            ask: "O que você gostaria de saber?",
            unnamed: "este assistente",
            nothing: "Não tenho nada sobre isso na minha base de conhecimento e nenhum modelo de linguagem está conectado, então não vou adivinhar.",
            help_with: "No que posso ajudar:",
            found: "Aqui está o que encontrei na minha base de conhecimento:",
            gap: " ",
        },
    ),
    (
        "da",
        Phrases {
            hello: "Hej! Jeg er {name}.",
            ask: "Hvad vil du gerne vide?",
            unnamed: "denne assistent",
            nothing: "Jeg har intet om det i min vidensbase, og der er ingen sprogmodel tilsluttet, så jeg gætter ikke.",
            help_with: "Det kan jeg hjælpe med:",
            found: "Her er, hvad jeg fandt i min vidensbase:",
            gap: " ",
        },
    ),
    (
        "id",
        Phrases {
            hello: "Halo! Saya {name}.",
            ask: "Apa yang ingin Anda ketahui?",
            unnamed: "asisten ini",
            nothing: "Saya tidak punya informasi tentang itu di basis pengetahuan saya, dan tidak ada model bahasa yang terhubung, jadi saya tidak akan menebak.",
            help_with: "Yang bisa saya bantu:",
            found: "Inilah yang saya temukan di basis pengetahuan saya:",
            gap: " ",
        },
    ),
    (
        "ru",
        Phrases {
            hello: "Здравствуйте! Я {name}.",
            ask: "Что бы вы хотели узнать?",
            unnamed: "этот ассистент",
            nothing: "В моей базе знаний об этом ничего нет, а языковая модель не подключена, поэтому гадать я не буду.",
            help_with: "С чем я могу помочь:",
            found: "Вот что я нашёл в своей базе знаний:",
            gap: " ",
        },
    ),
    (
        "ar",
        Phrases {
            hello: "مرحبًا! أنا {name}.",
            ask: "ماذا تود أن تعرف؟",
            unnamed: "هذا المساعد",
            nothing: "ليس لدي شيء عن ذلك في قاعدة معرفتي، ولا يوجد نموذج لغوي متصل، لذلك لن أخمّن.",
            help_with: "ما يمكنني المساعدة فيه:",
            found: "إليك ما وجدته في قاعدة معرفتي:",
            gap: " ",
        },
    ),
    (
        "ja",
        Phrases {
            hello: "こんにちは！{name}です。",
            ask: "何を知りたいですか？",
            unnamed: "このアシスタント",
            nothing: "その件についてはナレッジベースに情報がなく、言語モデルも接続されていないため、推測はしません。",
            help_with: "お手伝いできること：",
            found: "ナレッジベースで見つかった内容は次のとおりです：",
            gap: "",
        },
    ),
    (
        "ko",
        Phrases {
            hello: "안녕하세요! 저는 {name}입니다.",
            ask: "무엇이 궁금하신가요?",
            unnamed: "이 어시스턴트",
            nothing: "지식 베이스에 그에 관한 내용이 없고 연결된 언어 모델도 없으므로 추측하지 않겠습니다.",
            help_with: "도와드릴 수 있는 일:",
            found: "지식 베이스에서 찾은 내용입니다:",
            gap: " ",
        },
    ),
    (
        "zh",
        Phrases {
            hello: "你好！我是{name}。",
            ask: "你想了解什么？",
            unnamed: "这个助手",
            nothing: "我的知识库中没有这方面的内容，而且没有连接语言模型，所以我不会猜测。",
            help_with: "我可以帮助的内容：",
            found: "以下是我在知识库中找到的内容：",
            gap: "",
        },
    ),
];

/// The phrases for a BCP 47 tag (`pt-BR` → `pt`), English when unknown.
fn phrases(language: &str) -> &'static Phrases {
    let primary = language
        .split(['-', '_'])
        .next()
        .unwrap_or_default()
        .to_ascii_lowercase();
    PHRASES
        .iter()
        .find(|(tag, _)| *tag == primary)
        .map_or(&PHRASES[0].1, |(_, p)| p)
}
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

/// The answer to the last user message, in the agent's language.
pub fn answer(grounding: &Grounding, question: &str) -> String {
    let say = phrases(&grounding.language);
    let name = if grounding.agent_name.is_empty() {
        say.unnamed
    } else {
        grounding.agent_name.as_str()
    };
    if is_greeting(question) || question.trim().is_empty() {
        if !grounding.greeting.trim().is_empty() {
            return grounding.greeting.trim().to_owned();
        }
        let mut text = say.hello.replace("{name}", name);
        if !grounding.description.trim().is_empty() {
            text.push_str(say.gap);
            text.push_str(grounding.description.trim());
        }
        text.push_str(say.gap);
        text.push_str(say.ask);
        return text;
    }
    let words = keywords(question);
    if grounding.passages.is_empty() {
        let mut text = say.nothing.to_owned();
        if !grounding.description.trim().is_empty() {
            text.push_str(&format!(
                "\n\n{}{}{}",
                say.help_with,
                say.gap,
                grounding.description.trim()
            ));
        }
        return text;
    }
    let mut text = format!("{}\n", say.found);
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
            language: "en".into(),
            passages,
        }
    }

    #[test]
    fn answers_in_the_agents_language() {
        let mut g = grounding(vec![]);
        g.language = "pt-BR".into();
        assert!(
            answer(&g, "Olá").starts_with("Olá! Eu sou Ada."),
            "{}",
            answer(&g, "Olá")
        );
        assert!(answer(&g, "Qual é a capital do Peru?").starts_with("Não tenho nada sobre isso"));
        g.language = "ja".into();
        g.description = "アクメの製品について答えます。".into();
        assert_eq!(
            answer(&g, "こんにちは"),
            "こんにちは！Adaです。アクメの製品について答えます。何を知りたいですか？"
        );
        g.language = "ar".into();
        g.passages = vec![GroundingPassage {
            source: "faq.md".into(),
            text: "Refunds take 14 days.".into(),
        }];
        assert!(answer(&g, "refunds?").starts_with("إليك ما وجدته في قاعدة معرفتي:"));
        g.language = "tlh".into();
        assert!(
            answer(&g, "refunds?").starts_with("Here is what I found"),
            "unknown languages fall back to English"
        );
        assert!(PHRASES.iter().all(|(_, p)| p.hello.contains("{name}")));
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
