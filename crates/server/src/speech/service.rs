//! Speech with ElevenLabs: whose account speaks, what a request asks for
//! once the specification's rules and defaults are applied, and the audio,
//! from the cache when the same text was spoken the same way before.
//!
//! Whose account: for an agent, its team's saved ElevenLabs credentials,
//! else its owner's, else the server's (Admin › Configuration or the
//! environment); for a person, theirs, else the server's.

use agentforge_domain::error::{Error, Problems, Upstream, messages};
use agentforge_domain::integration::IntegrationName;
use agentforge_domain::voice::{self, ResolvedVoice, VoiceCategory};
use agentforge_runtime::Credentials;
use agentforge_speech::elevenlabs::{CONTENT_TYPE, DEFAULT_MODEL, OUTPUT_FORMAT};
use agentforge_speech::{ElevenLabs, SpeechError, Synthesis, VoiceSettings};
use agentforge_store::Store;
use bytes::Bytes;
use futures_util::stream::BoxStream;
use futures_util::{StreamExt, TryStreamExt};
use sha2::{Digest, Sha256};

use crate::configuration::Settings;

/// The longest text spoken in one request (ElevenLabs takes more; an
/// answer is spoken sentence by sentence anyway).
pub const TEXT_MAX_CHARS: usize = 5_000;
/// Speech requests one person may make a minute: each costs the account
/// characters.
pub const REQUESTS_PER_MINUTE: u32 = 120;
/// How long unused cached speech is kept.
pub const CACHE_KEEP_DAYS: i64 = 30;
/// The job that forgets cached speech unused for [`CACHE_KEEP_DAYS`].
pub const PRUNE_CACHE: &str = "speech.prune_cache";
/// The largest audio kept in the cache (longer speech is not repeated
/// word for word).
const CACHE_MAX_BYTES: usize = 2 * 1024 * 1024;

/// The specification's default call values.
pub const DEFAULT_SETTINGS: VoiceSettings = VoiceSettings {
    stability: 0.5,
    similarity_boost: 0.75,
    style: 0.2,
    use_speaker_boost: true,
};

/// Whose ElevenLabs account speaks.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum SpeechSource {
    /// The caller's (or the agent's owner's) own, from Settings › Integrations.
    Own,
    /// The agent's team's.
    Team,
    /// The server's (Admin › Configuration).
    Server,
}

/// An ElevenLabs account ready to speak.
#[derive(Debug, Clone)]
pub struct Speaker {
    client: ElevenLabs,
    /// Tells accounts apart in the cache without holding the key.
    fingerprint: String,
    pub source: SpeechSource,
}

fn fingerprint(base: &str, key: &str) -> String {
    let digest = Sha256::digest(format!("{base}\n{key}").as_bytes());
    hex::encode(&digest[..12])
}

impl Speaker {
    fn new(client: ElevenLabs, base: &str, key: &str, source: SpeechSource) -> Self {
        Self {
            client,
            fingerprint: fingerprint(base, key),
            source,
        }
    }

    pub fn client(&self) -> &ElevenLabs {
        &self.client
    }
}

/// The account that speaks for an agent of `owner_id` (shared with
/// `team_id`), or for the person `owner_id` when `team_id` is `None`;
/// `None` when nobody connected ElevenLabs.
pub async fn speaker(
    store: &Store,
    credentials: Option<&Credentials>,
    settings: &Settings,
    owner_id: &str,
    team_id: Option<&str>,
) -> Result<Option<Speaker>, Error> {
    if let Some(credentials) = credentials {
        let own = credentials
            .for_agent(store, owner_id, team_id, &[IntegrationName::Elevenlabs])
            .await?;
        if let Some(opened) = own.get(&IntegrationName::Elevenlabs)
            && let Some(key) = opened.get("apiKey")
        {
            let base = opened.base_url();
            let source = match opened.scope {
                agentforge_domain::integration::IntegrationScope::Team => SpeechSource::Team,
                agentforge_domain::integration::IntegrationScope::User => SpeechSource::Own,
            };
            let client = ElevenLabs::new(credentials.client().clone(), Some(base), key);
            return Ok(Some(Speaker::new(client, base, key, source)));
        }
    }
    let Some(key) = &settings.elevenlabs.api_key else {
        return Ok(None);
    };
    let base = settings
        .elevenlabs
        .base_url
        .as_deref()
        .unwrap_or(agentforge_speech::elevenlabs::DEFAULT_BASE_URL)
        .trim_end_matches('/');
    let client = ElevenLabs::new(
        crate::configuration::operator_client(),
        Some(base),
        key.expose(),
    );
    Ok(Some(Speaker::new(
        client,
        base,
        key.expose(),
        SpeechSource::Server,
    )))
}

/// What a caller asks to hear; what is left out follows the
/// specification's rules.
#[derive(Debug, Clone, Default)]
pub struct SpeechAsk {
    pub text: String,
    /// An id (20 letters or digits), a catalogue name, or nothing (rachel).
    pub voice: Option<String>,
    pub model_id: Option<String>,
    pub stability: Option<f64>,
    pub similarity_boost: Option<f64>,
    pub style: Option<f64>,
    pub speaker_boost: Option<bool>,
}

/// The settings for `voice` when the caller gave none: a catalogue
/// voice's category's, else the default call values.
pub fn settings_for(voice: &ResolvedVoice) -> VoiceSettings {
    let category = match voice {
        ResolvedVoice::Named(v) => Some(v.category),
        ResolvedVoice::Id(id) => voice::VOICES
            .iter()
            .find(|v| v.id == id)
            .map(|v| v.category),
    };
    category.map_or(DEFAULT_SETTINGS, |c: VoiceCategory| {
        let s = c.settings();
        VoiceSettings {
            stability: s.stability,
            similarity_boost: s.similarity_boost,
            style: s.style,
            use_speaker_boost: s.speaker_boost,
        }
    })
}

/// Checks `ask` and applies the rules: the voice id, the model, and each
/// setting the caller left out.
pub fn resolve(ask: SpeechAsk) -> Result<Synthesis, Error> {
    let mut p = Problems::default();
    let text = ask.text.trim().to_owned();
    if text.is_empty() {
        p.add("text", messages::REQUIRED);
    } else if text.chars().count() > TEXT_MAX_CHARS {
        p.add("text", messages::too_long(TEXT_MAX_CHARS));
    }
    p.no_nul("text", Some(&text));
    p.text("voiceId", ask.voice.as_deref(), 100);
    let model = ask
        .model_id
        .map(|m| m.trim().to_owned())
        .filter(|m| !m.is_empty())
        .unwrap_or_else(|| DEFAULT_MODEL.to_owned());
    if model.len() > 100
        || !model
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-' || c == '.')
    {
        p.add("modelId", "A model id is letters, digits, '_', '-' and '.'");
    }
    for (field, value) in [
        ("stability", ask.stability),
        ("similarityBoost", ask.similarity_boost),
        ("style", ask.style),
    ] {
        if let Some(v) = value
            && !(0.0..=1.0).contains(&v)
        {
            p.add(field, "Must be between 0 and 1");
        }
    }
    p.finish()?;
    let voice = voice::resolve_voice(ask.voice.as_deref());
    let base = settings_for(&voice);
    Ok(Synthesis {
        text,
        voice_id: voice.id().to_owned(),
        model_id: model,
        settings: VoiceSettings {
            stability: ask.stability.unwrap_or(base.stability),
            similarity_boost: ask.similarity_boost.unwrap_or(base.similarity_boost),
            style: ask.style.unwrap_or(base.style),
            use_speaker_boost: ask.speaker_boost.unwrap_or(base.use_speaker_boost),
        },
        previous_text: None,
    })
}

/// The cache's key for `synthesis` spoken by `speaker`'s account.
fn cache_key(speaker: &Speaker, s: &Synthesis) -> String {
    let described = serde_json::json!({
        "account": speaker.fingerprint,
        "text": s.text,
        "voice": s.voice_id,
        "model": s.model_id,
        "settings": s.settings,
        "previous": s.previous_text,
        "format": OUTPUT_FORMAT,
    });
    hex::encode(Sha256::digest(described.to_string().as_bytes()))
}

/// Speech, as it comes.
pub struct Audio {
    pub content_type: &'static str,
    /// From the cache: nothing was asked of the provider.
    pub cached: bool,
    pub stream: BoxStream<'static, Result<Bytes, SpeechError>>,
}

/// Speaks `synthesis`: from the cache when it was spoken before, else
/// from the provider as it makes the audio, which is kept once whole.
pub async fn speak(
    store: &Store,
    speaker: &Speaker,
    synthesis: &Synthesis,
) -> Result<Audio, SpeechError> {
    let key = cache_key(speaker, synthesis);
    match store.voice().cached_speech(&key).await {
        Ok(Some((_, data))) => {
            return Ok(Audio {
                content_type: CONTENT_TYPE,
                cached: true,
                stream: futures_util::stream::once(async move { Ok(Bytes::from(data)) }).boxed(),
            });
        }
        Ok(None) => {}
        // The cache is a saving, never a reason to fail.
        Err(e) => tracing::warn!(error = %e, "cannot read the speech cache"),
    }
    let provider = speaker.client.synthesize(synthesis).await?;
    let store = store.clone();
    // Passes each piece on and keeps a copy; once the audio is whole (and
    // small enough), it goes into the cache before the stream ends.
    let stream = futures_util::stream::unfold(
        (provider.boxed(), Some(Vec::new()), Some(key)),
        move |(mut provider, mut kept, mut key)| {
            let store = store.clone();
            async move {
                match provider.next().await {
                    Some(Ok(piece)) => {
                        if let Some(buffer) = &mut kept {
                            if buffer.len() + piece.len() > CACHE_MAX_BYTES {
                                kept = None;
                            } else {
                                buffer.extend_from_slice(&piece);
                            }
                        }
                        Some((Ok(piece), (provider, kept, key)))
                    }
                    Some(Err(e)) => Some((Err(e), (provider, None, None))),
                    None => {
                        if let (Some(data), Some(key)) = (kept.take(), key.take())
                            && !data.is_empty()
                            && let Err(e) =
                                store.voice().cache_speech(&key, CONTENT_TYPE, &data).await
                        {
                            tracing::warn!(error = %e, "cannot keep speech in the cache");
                        }
                        None
                    }
                }
            }
        },
    );
    Ok(Audio {
        content_type: CONTENT_TYPE,
        cached: false,
        stream: stream.boxed(),
    })
}

/// The whole audio of `synthesis`.
pub async fn speak_whole(
    store: &Store,
    speaker: &Speaker,
    synthesis: &Synthesis,
) -> Result<Vec<u8>, SpeechError> {
    let audio = speak(store, speaker, synthesis).await?;
    let pieces: Vec<Bytes> = audio.stream.try_collect().await?;
    Ok(pieces.concat())
}

/// Speaks `synthesis` into the cache, for a listener that fetches it by
/// URL (a phone call's `<Play>`): its cache key, or `None` when the audio
/// is too large to keep.
pub async fn speak_into_cache(
    store: &Store,
    speaker: &Speaker,
    synthesis: &Synthesis,
) -> Result<Option<String>, SpeechError> {
    let audio = speak_whole(store, speaker, synthesis).await?;
    // Kept by `speak` once the stream ended, when it was small enough.
    Ok(
        (!audio.is_empty() && audio.len() <= CACHE_MAX_BYTES)
            .then(|| cache_key(speaker, synthesis)),
    )
}

/// A speech failure as the API answers it: the specification's codes, 429
/// for quota, credits and rate limits, 502 for a refused key (never 401,
/// which would sign the browser out).
pub fn upstream(e: &SpeechError) -> Error {
    Error::Upstream(Upstream {
        status: e.status(),
        code: e.code(),
        message: format!("Failed to generate speech with ElevenLabs: {e}"),
        retry_after: e.retry_after(),
    })
}

/// 409 when nobody connected ElevenLabs: the browser speaks instead.
pub fn not_configured() -> Error {
    Error::Conflict(agentforge_domain::error::Conflict::SpeechNotConfigured)
}

/// Forgets cached speech nobody asked for in [`CACHE_KEEP_DAYS`].
pub struct PruneCache {
    pub store: Store,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for PruneCache {
    async fn run(
        &self,
        _job: &agentforge_store::Job,
    ) -> Result<(), agentforge_runtime::JobFailure> {
        let before = agentforge_store::now() - chrono::Duration::days(CACHE_KEEP_DAYS);
        let removed = self
            .store
            .voice()
            .prune_speech(before)
            .await
            .map_err(|e| agentforge_runtime::JobFailure::Retry(e.to_string()))?;
        if removed > 0 {
            tracing::info!(removed, "unused cached speech forgotten");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn left_out_settings_follow_the_voice_or_the_defaults() {
        let s = resolve(SpeechAsk {
            text: " Hello ".into(),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(s.text, "Hello");
        assert_eq!(s.voice_id, "21m00Tcm4TlvDq8ikWAM", "rachel");
        assert_eq!(s.model_id, "eleven_multilingual_v2");
        // rachel is a professional voice: .7/.8/.2 on.
        assert_eq!(s.settings.stability, 0.7);
        let s = resolve(SpeechAsk {
            text: "Hi".into(),
            voice: Some("AbCdEfGhIjKlMnOpQrSt".into()),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(s.voice_id, "AbCdEfGhIjKlMnOpQrSt");
        assert_eq!(s.settings, DEFAULT_SETTINGS, "an id outside the catalogue");
        let s = resolve(SpeechAsk {
            text: "Hi".into(),
            voice: Some("Emily".into()),
            stability: Some(0.1),
            ..Default::default()
        })
        .unwrap();
        assert_eq!(s.voice_id, "LcfcDJNUP1GQjkzn1xUU");
        assert_eq!(s.settings.stability, 0.1);
        assert!(!s.settings.use_speaker_boost, "clear: speaker boost off");
    }

    #[test]
    fn bad_asks_name_their_fields() {
        let Err(Error::Invalid(problems)) = resolve(SpeechAsk {
            text: "x".repeat(TEXT_MAX_CHARS + 1),
            model_id: Some("../v1".into()),
            style: Some(1.5),
            ..Default::default()
        }) else {
            panic!("refused")
        };
        let fields: Vec<&str> = problems.iter().map(|p| p.field.as_str()).collect();
        assert_eq!(fields, ["text", "modelId", "style"]);
    }
}
