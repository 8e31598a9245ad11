//! Request and response bodies of /personalities.

use agentforge_domain::error::{Error, Problems, messages};
use agentforge_store::{NewPersonality, Personality};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

#[derive(Debug, Deserialize, ToSchema, serde::Serialize)]
pub struct PersonalityIn {
    #[serde(default)]
    /// Not only spaces; no control or text-direction characters.
    #[schema(
        required = true,
        min_length = 1,
        max_length = 100,
        pattern = r"^[^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*[^\s\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069][^\u0000-\u001F\u007F-\u009F\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]*$"
    )]
    pub name: String,
    #[serde(default)]
    #[schema(max_length = 1000)]
    pub description: String,
    /// e.g. warm, formal, playful.
    #[serde(default)]
    #[schema(max_length = 100)]
    pub tone: String,
    #[serde(default)]
    #[schema(schema_with = crate::docs::schema::traits)]
    pub traits: Vec<String>,
    /// How the agent should behave; added to its instructions.
    #[serde(default)]
    #[schema(max_length = 5000)]
    pub instructions: String,
}

#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PersonalityOut {
    pub id: String,
    pub name: String,
    pub description: String,
    pub tone: String,
    pub traits: Vec<String>,
    pub instructions: String,
    /// Built-in personalities can be used by everyone and changed by no one.
    pub built_in: bool,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
}

impl From<Personality> for PersonalityOut {
    fn from(p: Personality) -> Self {
        Self {
            built_in: p.owner_id.is_none(),
            id: p.id,
            name: p.name,
            description: p.description,
            tone: p.tone,
            traits: p.traits,
            instructions: p.instructions,
            created_at: p.created_at,
            updated_at: p.updated_at,
        }
    }
}

impl PersonalityIn {
    /// The personality, every field checked (all problems at once).
    pub fn personality(self) -> Result<NewPersonality, Error> {
        let input = self;
        let mut problems = Problems::default();
        let name = input.name.trim().to_owned();
        if name.is_empty() {
            problems.add("name", messages::REQUIRED);
        } else {
            problems.name("name", Some(&name), 100);
        }
        problems.text("description", Some(&input.description), 1000);
        problems.text("tone", Some(&input.tone), 100);
        if input.traits.len() > 20
            || input
                .traits
                .iter()
                .any(|t| t.trim().is_empty() || t.chars().count() > 50 || t.contains('\0'))
        {
            problems.add("traits", "At most 20 traits of 1 to 50 characters");
        }
        problems.text("instructions", Some(&input.instructions), 5000);
        problems.finish()?;
        Ok(NewPersonality {
            name,
            description: input.description.trim().to_owned(),
            tone: input.tone.trim().to_owned(),
            traits: input
                .traits
                .into_iter()
                .map(|t| t.trim().to_owned())
                .collect(),
            instructions: input.instructions,
        })
    }
}
