//! The voice catalogue of the specification: named voices, the settings of
//! each voice category, the resolution of `voice_model_id` and the rules that
//! suggest a voice for an agent.

use serde::Serialize;

/// The default voice when nothing else matches.
pub const DEFAULT_VOICE: &str = "rachel";

string_enum!(
    /// A voice category (the specification's six).
    VoiceCategory {
        Deep = "deep",
        Warm = "warm",
        Casual = "casual",
        Professional = "professional",
        Clear = "clear",
        Mature = "mature",
    }
);

/// Speech settings of a category: stability, similarity boost, style, speaker boost.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct VoiceSettings {
    pub stability: f64,
    pub similarity_boost: f64,
    pub style: f64,
    pub speaker_boost: bool,
}

impl VoiceCategory {
    /// The specification's settings table.
    pub fn settings(self) -> VoiceSettings {
        let (stability, similarity_boost, style, speaker_boost) = match self {
            VoiceCategory::Professional => (0.7, 0.8, 0.2, true),
            VoiceCategory::Casual => (0.5, 0.7, 0.4, true),
            VoiceCategory::Warm => (0.6, 0.8, 0.3, true),
            VoiceCategory::Clear => (0.8, 0.9, 0.1, false),
            VoiceCategory::Deep => (0.7, 0.7, 0.2, true),
            VoiceCategory::Mature => (0.8, 0.8, 0.1, false),
        };
        VoiceSettings {
            stability,
            similarity_boost,
            style,
            speaker_boost,
        }
    }
}

/// One entry of the voice catalogue.
#[derive(Debug, Clone, Copy, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Voice {
    /// The provider's voice id (20 letters or digits).
    pub id: &'static str,
    /// Lower-case name, as agents refer to it.
    pub name: &'static str,
    pub gender: &'static str,
    pub characteristics: &'static str,
    pub description: &'static str,
    pub category: VoiceCategory,
    pub language: &'static str,
    pub accent: &'static str,
    pub age_range: &'static str,
    pub use_case: &'static str,
}

/// ElevenLabs' premade voices that the specification names.
pub const VOICES: [Voice; 7] = [
    Voice {
        id: "pNInz6obpgDQGcFmaJgB",
        name: "adam",
        gender: "male",
        characteristics: "deep, confident",
        description: "A deep, steady voice that carries authority.",
        category: VoiceCategory::Deep,
        language: "en",
        accent: "american",
        age_range: "middle-aged",
        use_case: "narration",
    },
    Voice {
        id: "EXAVITQu4vr4xnSDxMaL",
        name: "bella",
        gender: "female",
        characteristics: "soft, warm",
        description: "A warm, reassuring voice for helping people.",
        category: VoiceCategory::Warm,
        language: "en",
        accent: "american",
        age_range: "young",
        use_case: "customer support",
    },
    Voice {
        id: "IKne3meq5aSn9XLyUdCD",
        name: "charlie",
        gender: "male",
        characteristics: "natural, friendly",
        description: "A relaxed, conversational voice.",
        category: VoiceCategory::Casual,
        language: "en",
        accent: "australian",
        age_range: "middle-aged",
        use_case: "conversational",
    },
    Voice {
        id: "onwK4e9ZLuTAKqWW03F9",
        name: "daniel",
        gender: "male",
        characteristics: "authoritative, polished",
        description: "A polished voice for business conversations.",
        category: VoiceCategory::Professional,
        language: "en",
        accent: "british",
        age_range: "middle-aged",
        use_case: "business",
    },
    Voice {
        id: "LcfcDJNUP1GQjkzn1xUU",
        name: "emily",
        gender: "female",
        characteristics: "calm, articulate",
        description: "A clear, patient voice for explaining things.",
        category: VoiceCategory::Clear,
        language: "en",
        accent: "american",
        age_range: "young",
        use_case: "education",
    },
    Voice {
        id: "JBFqnCBsd6RMkjVDRZzb",
        name: "george",
        gender: "male",
        characteristics: "warm, mature",
        description: "A seasoned voice that sounds like an expert.",
        category: VoiceCategory::Mature,
        language: "en",
        accent: "british",
        age_range: "middle-aged",
        use_case: "advisory",
    },
    Voice {
        id: "21m00Tcm4TlvDq8ikWAM",
        name: "rachel",
        gender: "female",
        characteristics: "calm, professional",
        description: "A calm, versatile voice; the default.",
        category: VoiceCategory::Professional,
        language: "en",
        accent: "american",
        age_range: "young",
        use_case: "general",
    },
];

/// The default voice's catalogue entry.
pub fn default_voice() -> &'static Voice {
    VOICES
        .iter()
        .find(|v| v.name == DEFAULT_VOICE)
        .unwrap_or(&VOICES[0])
}

/// What a `voice_model_id` designates: exactly 20 letters or digits is a
/// provider voice id, used as it is; anything else is looked up as a voice
/// name (case-insensitive), falling back to the default voice.
#[derive(Debug, Clone, PartialEq)]
pub enum ResolvedVoice {
    /// A provider id that may or may not be in the catalogue.
    Id(String),
    /// A catalogue voice found by name, or the default.
    Named(&'static Voice),
}

impl ResolvedVoice {
    pub fn id(&self) -> &str {
        match self {
            ResolvedVoice::Id(id) => id,
            ResolvedVoice::Named(voice) => voice.id,
        }
    }
}

pub fn resolve_voice(voice_model_id: Option<&str>) -> ResolvedVoice {
    let value = voice_model_id.unwrap_or_default().trim();
    if value.len() == 20 && value.chars().all(|c| c.is_ascii_alphanumeric()) {
        return ResolvedVoice::Id(value.to_owned());
    }
    let lower = value.to_lowercase();
    ResolvedVoice::Named(
        VOICES
            .iter()
            .find(|v| v.name == lower)
            .unwrap_or_else(default_voice),
    )
}

/// The specification's suggestion rules, checked in order on the text
/// (name, description, purpose … of an agent).
pub fn suggest_voice(text: &str) -> &'static Voice {
    let text = text.to_lowercase();
    let has = |words: &[&str]| words.iter().any(|w| text.contains(w));
    let name = if has(&["business", "professional"]) {
        "daniel"
    } else if has(&["support", "service"]) {
        "bella"
    } else if has(&["education", "tutor"]) {
        "emily"
    } else if has(&["chat", "friendly"]) {
        "charlie"
    } else if has(&["expert", "advisor"]) {
        "george"
    } else {
        DEFAULT_VOICE
    };
    VOICES
        .iter()
        .find(|v| v.name == name)
        .unwrap_or_else(default_voice)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn twenty_letters_or_digits_is_an_id_used_as_is() {
        assert_eq!(
            resolve_voice(Some("AbCdEfGhIjKlMnOpQrSt")),
            ResolvedVoice::Id("AbCdEfGhIjKlMnOpQrSt".into())
        );
    }

    #[test]
    fn anything_else_is_a_name_falling_back_to_rachel() {
        assert_eq!(resolve_voice(Some("BELLA")).id(), "EXAVITQu4vr4xnSDxMaL");
        assert_eq!(resolve_voice(Some("nobody")).id(), default_voice().id);
        assert_eq!(
            resolve_voice(Some("AbCdEfGhIjKlMnOpQrS!")).id(),
            default_voice().id,
            "20 chars but not all alphanumeric"
        );
        assert_eq!(resolve_voice(None).id(), "21m00Tcm4TlvDq8ikWAM");
    }

    #[test]
    fn suggestions_follow_the_rules_in_order() {
        assert_eq!(
            suggest_voice("Professional business assistant").name,
            "daniel"
        );
        assert_eq!(suggest_voice("Customer support desk").name, "bella");
        assert_eq!(suggest_voice("Math tutor").name, "emily");
        assert_eq!(suggest_voice("A friendly chat buddy").name, "charlie");
        assert_eq!(suggest_voice("Tax advisor").name, "george");
        assert_eq!(suggest_voice("Something else").name, "rachel");
    }

    #[test]
    fn category_settings_match_the_specification() {
        assert_eq!(
            VoiceCategory::Clear.settings(),
            VoiceSettings {
                stability: 0.8,
                similarity_boost: 0.9,
                style: 0.1,
                speaker_boost: false
            }
        );
        assert_eq!(
            VoiceCategory::Casual.settings(),
            VoiceSettings {
                stability: 0.5,
                similarity_boost: 0.7,
                style: 0.4,
                speaker_boost: true
            }
        );
        assert!(VOICES.iter().all(|v| v.id.len() == 20));
    }
}

string_enum!(
    /// Where a phone call is in its life: Twilio's own words.
    CallStatus {
        Queued = "queued",
        Ringing = "ringing",
        InProgress = "in-progress",
        Completed = "completed",
        Busy = "busy",
        Failed = "failed",
        NoAnswer = "no-answer",
        Canceled = "canceled",
    }
);

string_enum!(
    /// Who started a phone call, seen from the agent.
    CallDirection {
        Inbound = "inbound",
        Outbound = "outbound",
    }
);
