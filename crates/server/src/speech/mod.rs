//! `/elevenlabs`: speech synthesis (streamed audio), the voice catalogue
//! merged with the account's voices, and a connection test that says
//! whether the key works and what quota is left. Gated by the
//! `voiceProvider` feature: when it is off the browser speaks.

pub mod service;

use std::time::Instant;

use agentforge_domain::Error;
use agentforge_domain::policy::Action;
use agentforge_domain::voice::{self, VoiceCategory};
use agentforge_speech::{ProviderVoice, SpeechError};
use axum::body::Body;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::access;
use crate::agents::types::{VoiceOut, VoiceSettingsOut};
use crate::auth::CurrentUser;
use crate::configuration::Feature;
use crate::http::{ApiError, Envelope, ErrorBody, Json};
use crate::state::AppState;
use service::{Speaker, SpeechAsk, SpeechSource};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(text_to_speech))
        .routes(routes!(speech_voices))
        .routes(routes!(test_speech_connection))
}

/// Text to speak. Left out: the voice is rachel, the model
/// `eleven_multilingual_v2`, and each setting the voice's category's
/// (catalogue voices) or the default call values (0.5, 0.75, 0.2, on).
#[derive(Debug, Default, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SpeechIn {
    /// At most 5,000 characters.
    pub text: String,
    /// Exactly 20 letters or digits: a voice id, used as it is; anything
    /// else: a catalogue voice's name (any case), else rachel.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub voice_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub model_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 1)]
    pub stability: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 1)]
    pub similarity_boost: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(minimum = 0, maximum = 1)]
    pub style: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub speaker_boost: Option<bool>,
    /// Speak with this agent's account (its team's or owner's ElevenLabs)
    /// rather than yours.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub agent_id: Option<String>,
}

/// The account that speaks for the caller, or for an agent they may see.
async fn speaker_for(
    state: &AppState,
    actor: &agentforge_domain::policy::Actor,
    agent_id: Option<&str>,
) -> Result<Option<Speaker>, Error> {
    let settings = state.configuration.get();
    let credentials = state.runtime.credentials().map(AsRef::as_ref);
    match agent_id {
        Some(id) => {
            let (agent, _) = access::agent(&state.store, actor, id, Action::View).await?;
            service::speaker(
                &state.store,
                credentials,
                &settings,
                &agent.owner_id,
                agent.team_id.as_deref(),
            )
            .await
        }
        None => {
            let me = actor.user_id().unwrap_or_default();
            service::speaker(&state.store, credentials, &settings, me, None).await
        }
    }
}

/// Speak a text with ElevenLabs
///
/// The audio (MP3) is streamed as ElevenLabs makes it; speech made before
/// for the same text, voice and settings comes from the cache
/// (`X-Speech-Cache: hit`) and costs nothing. On `QUOTA_EXCEEDED`,
/// `INVALID_API_KEY`, `INSUFFICIENT_CREDITS` (or any failure) the browser
/// speaks with its own voice; a 429 is not retried.
#[utoipa::path(post, path = "/elevenlabs/text-to-speech", tag = "voice", request_body = SpeechIn, security(("bearer" = [])),
    responses(
        (status = 200, description = "The speech, as it is made", content_type = "audio/mpeg", body = Vec<u8>),
        (status = 403, description = "The administrator turned the voice provider off (`feature_disabled`)", body = ErrorBody),
        (status = 404, description = "No such agent of yours", body = ErrorBody),
        (status = 409, description = "No ElevenLabs account is connected (`speech_not_configured`)", body = ErrorBody),
        (status = 422, description = "A field is invalid, or ElevenLabs refused the request (`SPEECH_REJECTED`)", body = ErrorBody),
        (status = 429, description = "`QUOTA_EXCEEDED`, `INSUFFICIENT_CREDITS`, `RATE_LIMIT_EXCEEDED` (ElevenLabs), or more than 120 requests a minute (`rate_limited`)", body = ErrorBody),
        (status = 502, description = "`INVALID_API_KEY` (ElevenLabs refused the key), or `SPEECH_UNAVAILABLE`", body = ErrorBody),
    ))]
async fn text_to_speech(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Json(body): Json<SpeechIn>,
) -> Result<Response, ApiError> {
    state.feature(Feature::VoiceProvider)?;
    let synthesis = service::resolve(SpeechAsk {
        text: body.text,
        voice: body.voice_id,
        model_id: body.model_id,
        stability: body.stability,
        similarity_boost: body.similarity_boost,
        style: body.style,
        speaker_boost: body.speaker_boost,
    })?;
    let caller = actor.user_id().unwrap_or_default();
    state
        .rate_limiter
        .check(&format!("speech:{caller}"), service::REQUESTS_PER_MINUTE)?;
    let speaker = speaker_for(&state, &actor, body.agent_id.as_deref())
        .await?
        .ok_or_else(service::not_configured)?;
    let audio = service::speak(&state.store, &speaker, &synthesis)
        .await
        .map_err(|e| service::upstream(&e))?;
    let stream = audio.stream.map(|piece| {
        piece.map_err(|e: SpeechError| {
            tracing::warn!(error = %e, "speech stopped mid-way");
            std::io::Error::other(e.to_string())
        })
    });
    let mut response = Body::from_stream(stream).into_response();
    let headers = response.headers_mut();
    headers.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(audio.content_type),
    );
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(
        "x-speech-cache",
        HeaderValue::from_static(if audio.cached { "hit" } else { "miss" }),
    );
    headers.insert(
        "x-voice-id",
        HeaderValue::from_str(&synthesis.voice_id).unwrap_or(HeaderValue::from_static("")),
    );
    Ok(response)
}

/// Where a voice comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum VoiceSource {
    /// The product's catalogue (ElevenLabs' premade voices it names).
    Catalogue,
    /// The connected ElevenLabs account's own voices.
    Account,
}

/// A voice to choose for an agent: one of the catalogue (as
/// `/agents/voices` lists it), or one of the connected account's own.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpeechVoiceOut {
    /// The provider's voice id.
    pub id: String,
    /// Catalogue voices: lower case, as agents name them.
    pub name: String,
    pub gender: Option<String>,
    pub characteristics: Option<String>,
    pub description: Option<String>,
    /// Catalogue voices' category; `null` for the account's own.
    pub category: Option<VoiceCategory>,
    pub language: Option<String>,
    pub accent: Option<String>,
    pub age_range: Option<String>,
    pub use_case: Option<String>,
    pub source: VoiceSource,
    /// Whether the connected account has it (catalogue voices are
    /// ElevenLabs' premade ones; `false` when no account answered).
    pub available: bool,
    /// The settings it speaks with when none are given.
    pub settings: VoiceSettingsOut,
}

/// The voices to choose from.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoicesOut {
    /// The catalogue first, then the account's other voices by name.
    pub voices: Vec<SpeechVoiceOut>,
    /// The voice used when none is chosen (`rachel`).
    pub default_voice: String,
    /// Whether the voice provider is on (Admin › Configuration › Features).
    pub enabled: bool,
    /// Whose account answered; `null`: none is connected, or it failed.
    pub source: Option<SpeechSource>,
    /// Why the account's voices are missing, when it failed (its code and words).
    pub error: Option<SpeechProblemOut>,
}

/// A speech failure, as lists and tests report it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpeechProblemOut {
    pub code: String,
    pub message: String,
}

impl From<&SpeechError> for SpeechProblemOut {
    fn from(e: &SpeechError) -> Self {
        Self {
            code: e.code().to_owned(),
            message: e.to_string(),
        }
    }
}

fn catalogue_voice(v: &voice::Voice, available: bool) -> SpeechVoiceOut {
    let c = VoiceOut::from(v);
    SpeechVoiceOut {
        id: c.id,
        name: c.name,
        gender: Some(c.gender),
        characteristics: Some(c.characteristics),
        description: Some(c.description),
        category: Some(c.category),
        language: Some(c.language),
        accent: Some(c.accent),
        age_range: Some(c.age_range),
        use_case: Some(c.use_case),
        source: VoiceSource::Catalogue,
        available,
        settings: c.settings,
    }
}

fn account_voice(v: ProviderVoice) -> SpeechVoiceOut {
    let label = |keys: &[&str]| {
        keys.iter()
            .find_map(|k| v.labels.get(*k))
            .filter(|s| !s.is_empty())
            .cloned()
    };
    let d = service::DEFAULT_SETTINGS;
    SpeechVoiceOut {
        gender: label(&["gender"]),
        characteristics: label(&["description", "descriptive"]),
        description: v.description.clone().filter(|d| !d.is_empty()),
        category: None,
        language: label(&["language"]),
        accent: label(&["accent"]),
        age_range: label(&["age"]),
        use_case: label(&["use_case", "use case"]).map(|u| u.replace('_', " ")),
        source: VoiceSource::Account,
        available: true,
        settings: VoiceSettingsOut {
            stability: d.stability,
            similarity_boost: d.similarity_boost,
            style: d.style,
            speaker_boost: d.use_speaker_boost,
        },
        id: v.voice_id,
        name: v.name,
    }
}

/// The catalogue, with the account's voices when one is connected.
pub fn merge(provider: Option<Vec<ProviderVoice>>) -> Vec<SpeechVoiceOut> {
    let has = |id: &str| {
        provider
            .as_ref()
            .is_some_and(|voices| voices.iter().any(|v| v.voice_id == id))
    };
    let mut voices: Vec<SpeechVoiceOut> = voice::VOICES
        .iter()
        .map(|v| catalogue_voice(v, has(v.id)))
        .collect();
    let mut own: Vec<SpeechVoiceOut> = provider
        .unwrap_or_default()
        .into_iter()
        .filter(|v| !voice::VOICES.iter().any(|c| c.id == v.voice_id))
        // Ids go into paths: only the provider's kind is kept.
        .filter(|v| v.voice_id.len() <= 64 && v.voice_id.chars().all(|c| c.is_ascii_alphanumeric()))
        .map(account_voice)
        .collect();
    own.sort_by_key(|a| a.name.to_lowercase());
    voices.extend(own);
    voices
}

/// The voices to choose from
///
/// The specification's catalogue (adam, bella, charlie, daniel, emily,
/// george, rachel) with each voice's settings, merged with the connected
/// ElevenLabs account's own voices when the voice provider is on.
#[utoipa::path(get, path = "/elevenlabs/voices", tag = "voice", security(("bearer" = [])),
    responses((status = 200, description = "The voices", body = Envelope<VoicesOut>)))]
async fn speech_voices(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<VoicesOut>, ApiError> {
    let enabled = state.feature(Feature::VoiceProvider).is_ok();
    let speaker = if enabled {
        speaker_for(&state, &actor, None).await?
    } else {
        None
    };
    let (provider, source, error) = match &speaker {
        Some(speaker) => match speaker.client().voices().await {
            Ok(voices) => (Some(voices), Some(speaker.source), None),
            Err(e) => (None, None, Some(SpeechProblemOut::from(&e))),
        },
        None => (None, None, None),
    };
    Ok(Envelope::new(VoicesOut {
        voices: merge(provider),
        default_voice: voice::DEFAULT_VOICE.to_owned(),
        enabled,
        source,
        error,
    }))
}

/// What the connection test found.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SpeechConnectionOut {
    /// Whether ElevenLabs took the key.
    pub ok: bool,
    /// What happened, in words: the plan and the characters left, or why not.
    pub message: String,
    /// Whether the voice provider is on.
    pub enabled: bool,
    /// Whose account was tried; `null`: none is connected.
    pub source: Option<SpeechSource>,
    pub tier: Option<String>,
    pub character_count: Option<u64>,
    pub character_limit: Option<u64>,
    pub characters_left: Option<u64>,
    /// The failure's code (`INVALID_API_KEY` …) when it failed.
    pub code: Option<String>,
    pub latency_ms: u64,
}

/// Test the ElevenLabs connection
///
/// Tries the account that speaks for you (yours from Settings ›
/// Integrations, else the server's) and says, in words, whether the key
/// works and what quota is left.
#[utoipa::path(post, path = "/elevenlabs/test-connection", tag = "voice", security(("bearer" = [])),
    responses(
        (status = 200, description = "What ElevenLabs answered", body = Envelope<SpeechConnectionOut>),
        (status = 429, description = "More than 30 tests a minute; `Retry-After` says when to try again", body = ErrorBody),
    ))]
async fn test_speech_connection(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
) -> Result<Envelope<SpeechConnectionOut>, ApiError> {
    let caller = actor.user_id().unwrap_or_default();
    state.rate_limiter.check(
        &format!("speech-test:{caller}"),
        crate::integrations::TESTS_PER_MINUTE,
    )?;
    let enabled = state.feature(Feature::VoiceProvider).is_ok();
    let started = Instant::now();
    let speaker = speaker_for(&state, &actor, None).await?;
    let off = if enabled {
        ""
    } else {
        " The voice provider is turned off (Admin › Configuration › Features), so the browser speaks for now."
    };
    let mut out = SpeechConnectionOut {
        ok: false,
        message: String::new(),
        enabled,
        source: speaker.as_ref().map(|s| s.source),
        tier: None,
        character_count: None,
        character_limit: None,
        characters_left: None,
        code: None,
        latency_ms: 0,
    };
    match &speaker {
        None => {
            out.message = format!(
                "No ElevenLabs account is connected: add your API key in Settings › Integrations, or an administrator adds the server's in Admin › Configuration. Until then the browser speaks.{off}"
            );
        }
        Some(speaker) => match speaker.client().subscription().await {
            Ok(sub) => {
                out.ok = true;
                out.message = format!(
                    "The key works ({} plan): {} of {} characters left this period.{off}",
                    if sub.tier.is_empty() {
                        "unknown"
                    } else {
                        &sub.tier
                    },
                    sub.characters_left(),
                    sub.character_limit
                );
                out.characters_left = Some(sub.characters_left());
                out.tier = Some(sub.tier);
                out.character_count = Some(sub.character_count);
                out.character_limit = Some(sub.character_limit);
            }
            Err(e) => {
                out.code = Some(e.code().to_owned());
                out.message = format!("{e}.{off}");
            }
        },
    }
    out.latency_ms = u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX);
    Ok(Envelope::new(out))
}
