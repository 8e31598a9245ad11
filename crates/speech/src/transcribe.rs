//! Speech to text through an OpenAI-compatible `/audio/transcriptions`
//! endpoint: OpenAI itself, or a Whisper server (speaches,
//! faster-whisper-server, whisper.cpp's server, a hosted one).

use std::time::Duration;

use serde::Deserialize;

use crate::elevenlabs::{check, read_capped};
use crate::error::SpeechError;

const SERVICE: &str = "Transcription";
/// The model asked for when none is configured (OpenAI's name; Whisper
/// servers take their own model names).
pub const DEFAULT_MODEL: &str = "whisper-1";
/// Longest wait for a transcription (a minute of audio takes seconds).
pub const TIMEOUT: Duration = Duration::from_secs(60);
const ANSWER_MAX: usize = 1024 * 1024;

/// A client for one transcription endpoint.
#[derive(Clone)]
pub struct Transcriber {
    http: reqwest::Client,
    /// Up to and with `/v1` (`https://api.openai.com/v1`).
    base: String,
    key: Option<String>,
    model: String,
}

impl std::fmt::Debug for Transcriber {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Transcriber")
            .field("base", &self.base)
            .field("model", &self.model)
            .finish_non_exhaustive()
    }
}

/// One recording to transcribe.
#[derive(Debug, Clone)]
pub struct Recording {
    pub audio: bytes::Bytes,
    /// `audio/webm`, `audio/ogg`, `audio/wav`, `audio/mpeg`.
    pub content_type: String,
    /// A file name with the right extension: servers tell formats by it.
    pub file_name: String,
    /// ISO 639-1 (`en`), a hint that makes it faster and surer.
    pub language: Option<String>,
}

#[derive(Deserialize)]
struct Answer {
    #[serde(default)]
    text: String,
}

impl Transcriber {
    pub fn new(http: reqwest::Client, base: &str, key: Option<&str>, model: Option<&str>) -> Self {
        Self {
            http,
            base: base.trim_end_matches('/').to_owned(),
            key: key.filter(|k| !k.is_empty()).map(str::to_owned),
            model: model
                .filter(|m| !m.is_empty())
                .unwrap_or(DEFAULT_MODEL)
                .to_owned(),
        }
    }

    /// What was said.
    pub async fn transcribe(&self, recording: &Recording) -> Result<String, SpeechError> {
        let file = reqwest::multipart::Part::bytes(recording.audio.to_vec())
            .file_name(recording.file_name.clone())
            .mime_str(&recording.content_type)
            .map_err(|_| SpeechError::Rejected {
                service: SERVICE,
                status: 422,
                detail: format!("{} is not a content type", recording.content_type),
            })?;
        let mut form = reqwest::multipart::Form::new()
            .part("file", file)
            .text("model", self.model.clone())
            .text("response_format", "json");
        if let Some(language) = &recording.language {
            form = form.text("language", language.clone());
        }
        let mut request = self
            .http
            .post(format!("{}/audio/transcriptions", self.base))
            .timeout(TIMEOUT)
            .multipart(form);
        if let Some(key) = &self.key {
            request = request.bearer_auth(key);
        }
        let response = request
            .send()
            .await
            .map_err(|e| SpeechError::transport(SERVICE, &e, TIMEOUT))?;
        let response = check(SERVICE, response).await?;
        let body = read_capped(SERVICE, response, ANSWER_MAX).await?;
        let answer: Answer =
            serde_json::from_slice(&body).map_err(|e| SpeechError::Unavailable {
                service: SERVICE,
                detail: format!("its answer is not the expected JSON ({e})"),
            })?;
        Ok(answer.text.trim().to_owned())
    }
}
