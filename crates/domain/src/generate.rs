//! The offline agent generator: with no language model configured,
//! `ai-generate` still gives a sensible draft specific to the prompt, built
//! from the templates and the words of the request. Deterministic: the same
//! request always gives the same draft.

use crate::agent::{AgentConfig, AgentType};
use crate::templates::TEMPLATES;
use crate::voice::suggest_voice;

string_enum!(
    /// How elaborate a generated agent's instructions are.
    #[derive(Default)]
    Complexity {
        Basic = "basic",
        #[default]
        Intermediate = "intermediate",
        Advanced = "advanced",
    }
);

/// What the person asked for.
#[derive(Debug, Clone, Default)]
pub struct GenerateRequest {
    pub prompt: String,
    pub complexity: Complexity,
    pub industry: Option<String>,
    pub use_case: Option<String>,
}

const TYPE_KEYWORDS: [(AgentType, &[&str]); 5] = [
    (
        AgentType::Sdr,
        &[
            "sdr",
            "outreach",
            "prospect",
            "cold call",
            "lead qualification",
            "qualify leads",
        ],
    ),
    (
        AgentType::CustomerSupport,
        &[
            "support",
            "help desk",
            "helpdesk",
            "ticket",
            "complaint",
            "troubleshoot",
            "faq",
        ],
    ),
    (
        AgentType::CustomerSuccess,
        &[
            "onboard",
            "retention",
            "churn",
            "customer success",
            "renewal",
            "adoption",
        ],
    ),
    (
        AgentType::Ecommerce,
        &[
            "shop",
            "store",
            "e-commerce",
            "ecommerce",
            "order",
            "product",
            "cart",
            "return",
        ],
    ),
    (
        AgentType::Sales,
        &["sales", "sell", "demo", "pricing", "quote", "deal"],
    ),
];

/// Roles a general-purpose agent can be recognised by, checked in order.
const GENERAL_ROLES: [(&[&str], &str); 8] = [
    (&["tutor", "teach", "homework", "lesson"], "tutor"),
    (
        &["appointment", "booking", "reservation", "schedule"],
        "booking assistant",
    ),
    (
        &["recruit", "hiring", "candidate", "job applic"],
        "recruiting assistant",
    ),
    (&["travel", "trip", "flight", "hotel"], "travel assistant"),
    (&["restaurant", "menu", "table for"], "restaurant host"),
    (
        &["real estate", "property", "listing"],
        "real estate assistant",
    ),
    (&["legal", "contract", "lawyer"], "legal assistant"),
    (
        &["it help", "password reset", "laptop", "vpn"],
        "IT assistant",
    ),
];

fn general_role(haystack: &str) -> &'static str {
    GENERAL_ROLES
        .iter()
        .find(|(words, _)| words.iter().any(|w| haystack.contains(w)))
        .map_or("assistant", |(_, role)| role)
}

fn type_role(agent_type: AgentType) -> &'static str {
    match agent_type {
        AgentType::General | AgentType::Custom => "assistant",
        AgentType::CustomerSupport => "support agent",
        AgentType::Sales => "sales assistant",
        AgentType::Sdr => "outreach agent",
        AgentType::CustomerSuccess => "success manager",
        AgentType::Ecommerce => "shopping concierge",
    }
}

fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

fn clean(text: Option<&str>) -> Option<String> {
    text.map(|t| t.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|t| !t.is_empty())
}

/// A complete agent draft for the request.
pub fn generate(request: &GenerateRequest) -> AgentConfig {
    let prompt = request
        .prompt
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    let industry = clean(request.industry.as_deref());
    let use_case = clean(request.use_case.as_deref());
    let haystack = format!(
        "{prompt} {} {}",
        industry.as_deref().unwrap_or_default(),
        use_case.as_deref().unwrap_or_default()
    )
    .to_lowercase();
    let agent_type = TYPE_KEYWORDS
        .iter()
        .find(|(_, words)| words.iter().any(|w| haystack.contains(w)))
        .map_or(AgentType::General, |(t, _)| *t);
    let template = TEMPLATES
        .iter()
        .find(|t| t.agent_type == agent_type)
        .unwrap_or(&TEMPLATES[0]);

    let role = if agent_type == AgentType::General {
        general_role(&haystack)
    } else {
        type_role(agent_type)
    };
    let name = match &industry {
        Some(industry) => capitalise(&format!("{industry} {role}")),
        None => capitalise(role),
    };
    // The industry is the caller's text: the name keeps to what an agent's
    // name may hold (no control or text-direction characters, 100 at most).
    let name: String = name
        .chars()
        .filter(|c| !crate::name::unsafe_in_name(*c))
        .collect::<String>()
        .trim()
        .chars()
        .take(AgentConfig::NAME_MAX)
        .collect::<String>()
        .trim_end()
        .to_owned();
    let first_sentence = prompt
        .split_terminator(['.', '!', '?'])
        .next()
        .unwrap_or_default()
        .trim();
    let description: String = if first_sentence.is_empty() {
        template.description.to_owned()
    } else {
        capitalise(first_sentence).chars().take(300).collect()
    };

    let mut instructions = String::from(template.instructions);
    if !prompt.is_empty() {
        instructions.push_str(&format!("\n\nWhat this agent is for: {prompt}"));
    }
    if let Some(industry) = &industry {
        instructions.push_str(&format!(
            "\nIndustry: {industry}. Use its vocabulary and respect its regulations."
        ));
    }
    if let Some(use_case) = &use_case {
        instructions.push_str(&format!("\nMain use case: {use_case}."));
    }
    instructions.push_str(match request.complexity {
        Complexity::Basic => "\n\nKeep answers to one or two sentences.",
        Complexity::Intermediate => "\n\nAsk a clarifying question when a request is ambiguous. Keep answers short and structured.",
        Complexity::Advanced => {
            "\n\nAsk a clarifying question when a request is ambiguous. Structure longer answers with short lists. \
Confirm important details (names, numbers, dates) back to the person. Before handing off to a human, summarise the conversation, \
what was tried and what the person needs. Never share personal data of one customer with another."
        }
    });

    let greeting = match &industry {
        Some(industry) => format!(
            "Hi! I'm the {} {}. {}",
            industry.to_lowercase(),
            role,
            template.greeting
        ),
        None => template.greeting.to_owned(),
    };
    let voice = suggest_voice(&format!(
        "{prompt} {} {}",
        use_case.as_deref().unwrap_or_default(),
        role
    ));

    let mut config = template.config(Some(&name));
    config.description = description;
    config.instructions = instructions;
    config.greeting = greeting;
    config.voice_model_id = Some(voice.name.to_owned());
    config
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn drafts_follow_the_prompt_and_are_deterministic() {
        let request = GenerateRequest {
            prompt:
                "Answer support tickets for our dental clinic. Patients ask about appointments."
                    .into(),
            complexity: Complexity::Advanced,
            industry: Some("dental care".into()),
            use_case: Some("appointment questions".into()),
        };
        let draft = generate(&request);
        assert_eq!(draft.agent_type, AgentType::CustomerSupport);
        assert_eq!(draft.name, "Dental care support agent");
        assert_eq!(
            draft.description,
            "Answer support tickets for our dental clinic"
        );
        assert!(draft.instructions.contains("dental clinic"));
        assert!(draft.instructions.contains("Industry: dental care"));
        assert!(draft.instructions.contains("summarise the conversation"));
        assert_eq!(
            draft.voice_model_id.as_deref(),
            Some("bella"),
            "support gives bella"
        );
        assert!(draft.problems().is_empty());
        assert_eq!(generate(&request), draft);
    }

    #[test]
    fn a_general_agent_is_named_by_the_role_its_prompt_describes() {
        let draft = generate(&GenerateRequest {
            prompt: "A friendly tutor that helps children practise multiplication".into(),
            ..Default::default()
        });
        assert_eq!(draft.agent_type, AgentType::General);
        assert_eq!(draft.name, "Tutor");
        assert_eq!(
            draft.voice_model_id.as_deref(),
            Some("emily"),
            "tutor gives emily"
        );
    }

    #[test]
    fn an_unspecific_prompt_gives_a_general_assistant() {
        let draft = generate(&GenerateRequest {
            prompt: "Greet visitors".into(),
            ..Default::default()
        });
        assert_eq!(draft.agent_type, AgentType::General);
        assert_eq!(draft.name, "Assistant");
        assert_eq!(draft.voice_model_id.as_deref(), Some("rachel"));
    }
}
