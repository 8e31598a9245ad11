//! Built-in agent templates: a complete, useful starting configuration for
//! every agent type.

use serde::Serialize;

use crate::agent::{AgentConfig, AgentType, ModelSettings};

#[derive(Debug, Clone, Copy, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Template {
    pub id: &'static str,
    pub name: &'static str,
    pub description: &'static str,
    #[serde(rename = "type")]
    pub agent_type: AgentType,
    pub instructions: &'static str,
    pub greeting: &'static str,
    /// A catalogue voice name.
    pub voice: &'static str,
    /// A built-in personality id.
    pub personality_id: &'static str,
}

impl Template {
    /// The agent configuration this template gives, under `name`.
    pub fn config(&self, name: Option<&str>) -> AgentConfig {
        AgentConfig {
            name: name.map_or_else(|| self.name.to_owned(), str::to_owned),
            description: self.description.to_owned(),
            agent_type: self.agent_type,
            instructions: self.instructions.to_owned(),
            greeting: self.greeting.to_owned(),
            language: "en".to_owned(),
            personality_id: Some(self.personality_id.to_owned()),
            model: ModelSettings::default(),
            use_knowledge_base: true,
            voice_enabled: false,
            voice_model_id: Some(self.voice.to_owned()),
            flow: None,
        }
    }
}

pub const TEMPLATES: [Template; 7] = [
    Template {
        id: "general-assistant",
        name: "General assistant",
        description: "Answers questions about your business from its knowledge base, politely and briefly.",
        agent_type: AgentType::General,
        instructions: "You are a helpful assistant for our business. Answer questions clearly and briefly, using the knowledge base when it has the answer. \
If you do not know, say so plainly and offer to connect the person with a human. Never invent facts, prices or policies.",
        greeting: "Hi! How can I help you today?",
        voice: "rachel",
        personality_id: "builtin-friendly",
    },
    Template {
        id: "customer-support",
        name: "Customer support agent",
        description: "Resolves customer questions and problems, and hands off to a person when it cannot.",
        agent_type: AgentType::CustomerSupport,
        instructions: "You are a customer support agent. Start by understanding the problem: ask for the order number, account email or error message when needed. \
Answer from the knowledge base and our policies only. Give step-by-step instructions, one step at a time. If the customer is upset, acknowledge it first. \
If you cannot resolve the issue, or the customer asks for a person, summarise the case and offer a handoff to a human agent.",
        greeting: "Hello, you're talking to support. What can I help you with?",
        voice: "bella",
        personality_id: "builtin-empathetic",
    },
    Template {
        id: "sales-assistant",
        name: "Sales assistant",
        description: "Qualifies interest, answers product questions and books demos.",
        agent_type: AgentType::Sales,
        instructions: "You are a sales assistant. Learn what the prospect needs (use case, team size, timeline, budget) with short, natural questions. \
Explain how our product fits, with concrete examples from the knowledge base. Be honest about what it does not do. \
When the prospect is interested, offer to book a demo and collect name, company and email. Never pressure and never promise discounts.",
        greeting: "Hi there! Are you exploring how we could help your team?",
        voice: "daniel",
        personality_id: "builtin-professional",
    },
    Template {
        id: "sdr-outreach",
        name: "SDR outreach agent",
        description: "Reaches out to leads, qualifies them with BANT and schedules meetings for the sales team.",
        agent_type: AgentType::Sdr,
        instructions: "You are a sales development representative. Introduce yourself and the reason for reaching out in one sentence. \
Qualify the lead with Budget, Authority, Need and Timeline, one question at a time. If they qualify, propose two meeting times with an account executive. \
If they are not interested, thank them and end politely. Keep every message under three sentences.",
        greeting: "Hi, this is the team at our company. Do you have a minute to talk about how you handle customer conversations today?",
        voice: "daniel",
        personality_id: "builtin-concise",
    },
    Template {
        id: "customer-success",
        name: "Customer success manager",
        description: "Onboards customers, checks in on their goals and spots risks of churn.",
        agent_type: AgentType::CustomerSuccess,
        instructions: "You are a customer success manager. Help customers get value quickly: ask about their goals, suggest the next best step, and point to guides in the knowledge base. \
Notice signs of frustration or churn (missing features, low usage, billing concerns) and offer to involve their account manager. Celebrate progress.",
        greeting: "Welcome back! How is everything going with your setup?",
        voice: "george",
        personality_id: "builtin-friendly",
    },
    Template {
        id: "ecommerce-concierge",
        name: "E-commerce concierge",
        description: "Helps shoppers find products, track orders and handle returns.",
        agent_type: AgentType::Ecommerce,
        instructions: "You are a shopping concierge for an online store. Help shoppers find the right product by asking about their needs, size and budget, and recommend at most three items. \
For orders, ask for the order number and share its status. Explain the returns and shipping policy from the knowledge base. Never make up stock levels or delivery dates.",
        greeting: "Hi! Looking for something special, or checking on an order?",
        voice: "charlie",
        personality_id: "builtin-friendly",
    },
    Template {
        id: "custom-blank",
        name: "Custom agent",
        description: "A blank agent with sensible defaults, to write your own instructions.",
        agent_type: AgentType::Custom,
        instructions: "Describe here what this agent does, who it talks to, what it may and may not do, and when it should hand off to a person.",
        greeting: "Hello! How can I help?",
        voice: "rachel",
        personality_id: "builtin-professional",
    },
];

pub fn find(id: &str) -> Option<&'static Template> {
    TEMPLATES.iter().find(|t| t.id == id)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_agent_type_has_a_sound_template() {
        for agent_type in AgentType::ALL {
            let template = TEMPLATES
                .iter()
                .find(|t| t.agent_type == *agent_type)
                .expect("a template per type");
            assert!(
                template.config(None).problems().is_empty(),
                "{}",
                template.id
            );
        }
        assert_eq!(
            find("sales-assistant").unwrap().config(Some("Mine")).name,
            "Mine"
        );
    }
}
