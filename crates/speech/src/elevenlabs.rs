//! ElevenLabs: text to speech (streamed as it is made), the account's
//! voices and its subscription. The wire format is the public API's
//! (`/v1/text-to-speech/{voice_id}/stream`, `/v1/voices`,
//! `/v1/user/subscription`), at a configurable base URL.

use std::time::Duration;

use bytes::Bytes;
use futures_util::Stream;
use serde::{Deserialize, Serialize};

use crate::error::{SpeechError, classify};

/// The public API.
pub const DEFAULT_BASE_URL: &str = "https://api.elevenlabs.io";
/// The specification's default model.
pub const DEFAULT_MODEL: &str = "eleven_multilingual_v2";
/// What is asked for: MP3, which every browser and Twilio's `<Play>` take.
pub const OUTPUT_FORMAT: &str = "mp3_44100_128";
pub const CONTENT_TYPE: &str = "audio/mpeg";

const SERVICE: &str = "ElevenLabs";
/// Longest wait between two pieces of an answer.
pub const READ_TIMEOUT: Duration = Duration::from_secs(30);
/// Longest a whole answer may take (the audio of 5,000 characters is
/// made in well under a minute).
pub const TIMEOUT: Duration = Duration::from_secs(120);
/// The most audio read for one request: minutes of speech at 128 kbit/s,
/// and a bound on a server that sends without end.
pub const AUDIO_MAX: usize = 32 * 1024 * 1024;
/// The most of a JSON answer read.
const JSON_MAX: usize = 4 * 1024 * 1024;

/// How a voice sounds (the specification's four settings).
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct VoiceSettings {
    pub stability: f64,
    pub similarity_boost: f64,
    pub style: f64,
    pub use_speaker_boost: bool,
}

/// One text to speak.
#[derive(Debug, Clone, PartialEq)]
pub struct Synthesis {
    pub text: String,
    /// The provider's voice id.
    pub voice_id: String,
    pub model_id: String,
    pub settings: VoiceSettings,
    /// The text spoken just before (keeps the intonation of an answer
    /// spoken sentence by sentence continuous).
    pub previous_text: Option<String>,
}

#[derive(Serialize)]
struct SynthesisBody<'a> {
    text: &'a str,
    model_id: &'a str,
    voice_settings: VoiceSettings,
    #[serde(skip_serializing_if = "Option::is_none")]
    previous_text: Option<&'a str>,
}

/// A voice of the account, as the provider describes it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct ProviderVoice {
    pub voice_id: String,
    pub name: String,
    /// `premade`, `cloned`, `generated`, `professional`.
    #[serde(default)]
    pub category: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub preview_url: Option<String>,
    #[serde(default)]
    pub labels: std::collections::BTreeMap<String, String>,
}

#[derive(Deserialize)]
struct VoicesBody {
    #[serde(default)]
    voices: Vec<ProviderVoice>,
}

/// The account's plan and characters this period.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct Subscription {
    #[serde(default)]
    pub tier: String,
    #[serde(default)]
    pub character_count: u64,
    #[serde(default)]
    pub character_limit: u64,
    #[serde(default)]
    pub next_character_count_reset_unix: Option<i64>,
}

impl Subscription {
    pub fn characters_left(&self) -> u64 {
        self.character_limit.saturating_sub(self.character_count)
    }
}

/// A client for one account.
#[derive(Clone)]
pub struct ElevenLabs {
    http: reqwest::Client,
    base: String,
    key: String,
}

impl std::fmt::Debug for ElevenLabs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("ElevenLabs")
            .field("base", &self.base)
            .finish_non_exhaustive()
    }
}

impl ElevenLabs {
    /// `http` decides where it may connect (the server passes its guarded
    /// client for URLs people gave); `base` is `None` for the public API.
    pub fn new(http: reqwest::Client, base: Option<&str>, key: &str) -> Self {
        Self {
            http,
            base: base
                .unwrap_or(DEFAULT_BASE_URL)
                .trim_end_matches('/')
                .to_owned(),
            key: key.to_owned(),
        }
    }

    /// Speaks `request`: the audio (MP3) as the provider makes it. A
    /// failure before the first byte is the error; one after it ends the
    /// stream with the error.
    pub async fn synthesize(
        &self,
        request: &Synthesis,
    ) -> Result<impl Stream<Item = Result<Bytes, SpeechError>> + Send + 'static, SpeechError> {
        // The id goes into the path: only letters and digits, as the
        // provider's ids are.
        let id = &request.voice_id;
        if id.is_empty() || id.len() > 64 || !id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(SpeechError::Rejected {
                service: SERVICE,
                status: 422,
                detail: "a voice id is letters and digits".to_owned(),
            });
        }
        let url = format!(
            "{}/v1/text-to-speech/{}/stream",
            self.base, request.voice_id
        );
        let body = SynthesisBody {
            text: &request.text,
            model_id: &request.model_id,
            voice_settings: request.settings,
            previous_text: request.previous_text.as_deref(),
        };
        let response = self
            .send(
                self.http
                    .post(url)
                    .query(&[("output_format", OUTPUT_FORMAT)])
                    .header("accept", CONTENT_TYPE)
                    .json(&body),
            )
            .await?;
        Ok(capped_stream(response, AUDIO_MAX))
    }

    /// The account's voices.
    pub async fn voices(&self) -> Result<Vec<ProviderVoice>, SpeechError> {
        let response = self
            .send(self.http.get(format!("{}/v1/voices", self.base)))
            .await?;
        let body: VoicesBody = read_json(response).await?;
        Ok(body.voices)
    }

    /// The account's plan and what is left of its quota.
    pub async fn subscription(&self) -> Result<Subscription, SpeechError> {
        let response = self
            .send(self.http.get(format!("{}/v1/user/subscription", self.base)))
            .await?;
        read_json(response).await
    }

    async fn send(
        &self,
        request: reqwest::RequestBuilder,
    ) -> Result<reqwest::Response, SpeechError> {
        let response = request
            .header("xi-api-key", &self.key)
            .timeout(TIMEOUT)
            .send()
            .await
            .map_err(|e| SpeechError::transport(SERVICE, &e, TIMEOUT))?;
        check(SERVICE, response).await
    }
}

/// The response when it succeeded, else the error its status and body mean.
pub(crate) async fn check(
    service: &'static str,
    response: reqwest::Response,
) -> Result<reqwest::Response, SpeechError> {
    let status = response.status().as_u16();
    if (200..300).contains(&status) {
        return Ok(response);
    }
    let retry_after = response
        .headers()
        .get(reqwest::header::RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.trim().parse().ok());
    let body = read_capped(service, response, 64 * 1024)
        .await
        .unwrap_or_default();
    Err(classify(service, status, retry_after, &body))
}

/// The body, at most `max` bytes (more is an error, and the rest is not read).
pub(crate) async fn read_capped(
    service: &'static str,
    mut response: reqwest::Response,
    max: usize,
) -> Result<Vec<u8>, SpeechError> {
    let mut body = Vec::new();
    while let Some(chunk) = response
        .chunk()
        .await
        .map_err(|e| SpeechError::transport(service, &e, READ_TIMEOUT))?
    {
        if body.len() + chunk.len() > max {
            return Err(SpeechError::TooLarge {
                service,
                max_bytes: max,
            });
        }
        body.extend_from_slice(&chunk);
    }
    Ok(body)
}

async fn read_json<T: serde::de::DeserializeOwned>(
    response: reqwest::Response,
) -> Result<T, SpeechError> {
    let body = read_capped(SERVICE, response, JSON_MAX).await?;
    serde_json::from_slice(&body).map_err(|e| SpeechError::Unavailable {
        service: SERVICE,
        detail: format!("its answer is not the expected JSON ({e})"),
    })
}

/// The body as a stream of pieces, ending with an error past `max` bytes.
fn capped_stream(
    response: reqwest::Response,
    max: usize,
) -> impl Stream<Item = Result<Bytes, SpeechError>> + Send + 'static {
    futures_util::stream::unfold(Some((response, 0usize)), move |state| async move {
        let (mut response, read) = state?;
        match response.chunk().await {
            Ok(Some(chunk)) if read + chunk.len() > max => Some((
                Err(SpeechError::TooLarge {
                    service: SERVICE,
                    max_bytes: max,
                }),
                None,
            )),
            Ok(Some(chunk)) => {
                let read = read + chunk.len();
                Some((Ok(chunk), Some((response, read))))
            }
            Ok(None) => None,
            Err(e) => Some((Err(SpeechError::transport(SERVICE, &e, READ_TIMEOUT)), None)),
        }
    })
}
