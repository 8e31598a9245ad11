//! ElevenLabs' speech and voices, and an OpenAI-compatible transcription
//! endpoint, as [`crate::ServicesStandIn`] serves them:
//!
//! - `POST /v1/text-to-speech/{voice_id}/stream` (`xi-api-key:`
//!   [`crate::ELEVENLABS_KEY`]): MP3-looking audio in two pieces, a pause
//!   between them ([`SpeechControls::set_delay`]); the audio is `ID3`, then
//!   the voice id and the text, so a test can tell what was spoken. The
//!   next answers may be made to fail with ElevenLabs' real error bodies
//!   ([`SpeechControls::fail_next`]);
//! - `GET /v1/voices`: two of the catalogue's premade voices and a cloned one;
//! - `POST /v1/audio/transcriptions` (multipart `file`, `model`,
//!   `language`; `Authorization: Bearer` [`TRANSCRIPTION_KEY`]): `{"text":
//!   …}`, the transcript set with [`SpeechControls::set_transcript`].

use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::Duration;

use axum::extract::{Multipart, Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

pub const TRANSCRIPTION_KEY: &str = "sk-transcribe-good";
/// The transcript answered until a test sets another.
pub const DEFAULT_TRANSCRIPT: &str = "What are your opening hours?";
/// The cloned voice of the stand-in's account.
pub const CLONED_VOICE_ID: &str = "ClonedVoice000000001";

/// One way ElevenLabs refuses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpeechFailure {
    /// 429 `quota_exceeded`.
    Quota,
    /// 401 `invalid_api_key`.
    InvalidKey,
    /// 429 `insufficient_credits`.
    Credits,
    /// 429 `too_many_concurrent_requests`.
    Busy,
}

/// A speech request as received.
#[derive(Debug, Clone, PartialEq)]
pub struct Spoken {
    pub voice_id: String,
    pub body: Value,
    pub output_format: Option<String>,
}

/// A transcription request as received.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Transcribed {
    pub model: String,
    pub language: Option<String>,
    pub file_name: String,
    pub content_type: String,
    pub size: usize,
}

/// What the tests steer and read.
#[derive(Debug, Default)]
pub struct SpeechControls {
    spoken: Mutex<Vec<Spoken>>,
    transcribed: Mutex<Vec<Transcribed>>,
    failures: Mutex<Vec<SpeechFailure>>,
    transcript: Mutex<Option<String>>,
    transcription_failures: AtomicUsize,
    delay_ms: AtomicU64,
}

impl SpeechControls {
    /// Speech requests received, in order.
    pub fn spoken(&self) -> Vec<Spoken> {
        self.spoken.lock().unwrap().clone()
    }

    pub fn transcribed(&self) -> Vec<Transcribed> {
        self.transcribed.lock().unwrap().clone()
    }

    /// The next speech requests fail, one failure each, in order.
    pub fn fail_next(&self, failures: &[SpeechFailure]) {
        *self.failures.lock().unwrap() = failures.iter().rev().copied().collect();
    }

    /// The next `n` transcriptions fail with 500.
    pub fn fail_transcriptions(&self, n: usize) {
        self.transcription_failures.store(n, Ordering::SeqCst);
    }

    pub fn set_transcript(&self, text: &str) {
        *self.transcript.lock().unwrap() = Some(text.to_owned());
    }

    /// Each speech request takes this long to its first byte, and again to
    /// its last (a provider's latency, for the benchmarks).
    pub fn set_delay(&self, delay: Duration) {
        self.delay_ms
            .store(delay.as_millis() as u64, Ordering::SeqCst);
    }

    fn delay(&self) -> Duration {
        Duration::from_millis(self.delay_ms.load(Ordering::SeqCst))
    }
}

/// What the fake audio of `text` in `voice` is: a test compares with it.
pub fn fake_audio(voice_id: &str, text: &str) -> Vec<u8> {
    let mut audio = b"ID3\x04\x00\x00\x00\x00\x00\x00".to_vec();
    audio.extend_from_slice(voice_id.as_bytes());
    audio.push(b':');
    audio.extend_from_slice(text.as_bytes());
    audio
}

fn key_ok(headers: &HeaderMap) -> bool {
    headers.get("xi-api-key").and_then(|v| v.to_str().ok()) == Some(crate::ELEVENLABS_KEY)
}

fn invalid_key() -> Response {
    (
        StatusCode::UNAUTHORIZED,
        axum::Json(json!({"detail": {"status": "invalid_api_key", "message": "Invalid API key"}})),
    )
        .into_response()
}

pub(crate) async fn synthesize(
    State(controls): State<std::sync::Arc<SpeechControls>>,
    Path(voice_id): Path<String>,
    axum::extract::Query(query): axum::extract::Query<std::collections::HashMap<String, String>>,
    headers: HeaderMap,
    axum::Json(body): axum::Json<Value>,
) -> Response {
    if !key_ok(&headers) {
        return invalid_key();
    }
    controls.spoken.lock().unwrap().push(Spoken {
        voice_id: voice_id.clone(),
        body: body.clone(),
        output_format: query.get("output_format").cloned(),
    });
    let failure = controls.failures.lock().unwrap().pop();
    if let Some(failure) = failure {
        let (status, kind, message) = match failure {
            SpeechFailure::Quota => (
                429,
                "quota_exceeded",
                "This request exceeds your quota of 10000. You have 3 credits remaining.",
            ),
            SpeechFailure::InvalidKey => (401, "invalid_api_key", "Invalid API key"),
            SpeechFailure::Credits => (
                429,
                "insufficient_credits",
                "Your account has insufficient credits.",
            ),
            SpeechFailure::Busy => (
                429,
                "too_many_concurrent_requests",
                "Too many concurrent requests.",
            ),
        };
        return (
            StatusCode::from_u16(status).unwrap(),
            axum::Json(json!({"detail": {"status": kind, "message": message}})),
        )
            .into_response();
    }
    if !voice_id.chars().all(|c| c.is_ascii_alphanumeric()) || voice_id.len() != 20 {
        return (
            StatusCode::NOT_FOUND,
            axum::Json(json!({"detail": {"status": "voice_not_found", "message": format!("A voice with the voice_id {voice_id} was not found.")}})),
        )
            .into_response();
    }
    let text = body["text"].as_str().unwrap_or_default().to_owned();
    let audio = fake_audio(&voice_id, &text);
    let delay = controls.delay();
    let (first, rest) = audio.split_at(10);
    let (first, rest) = (first.to_vec(), rest.to_vec());
    let pieces = futures_util::stream::iter([(first, delay), (rest, delay)]).then(
        |(piece, delay)| async move {
            tokio::time::sleep(delay).await;
            Ok::<_, std::io::Error>(piece)
        },
    );
    (
        [(header::CONTENT_TYPE, "audio/mpeg")],
        axum::body::Body::from_stream(pieces),
    )
        .into_response()
}

use futures_util::StreamExt;

pub(crate) async fn voices(headers: HeaderMap) -> Response {
    if !key_ok(&headers) {
        return invalid_key();
    }
    axum::Json(json!({"voices": [
        {"voice_id": "21m00Tcm4TlvDq8ikWAM", "name": "Rachel", "category": "premade",
         "labels": {"accent": "american", "description": "calm", "age": "young", "gender": "female", "use_case": "narration"},
         "description": null, "preview_url": "https://storage.example/rachel.mp3"},
        {"voice_id": "EXAVITQu4vr4xnSDxMaL", "name": "Bella", "category": "premade",
         "labels": {"gender": "female"}, "preview_url": "https://storage.example/bella.mp3"},
        {"voice_id": CLONED_VOICE_ID, "name": "Our Founder", "category": "cloned",
         "labels": {"gender": "male", "accent": "irish", "age": "middle aged", "use_case": "conversational"},
         "description": "The founder's own voice"},
        {"voice_id": "../../v1/user", "name": "Not an id", "category": "cloned", "labels": {}}
    ]}))
    .into_response()
}

pub(crate) async fn transcribe(
    State(controls): State<std::sync::Arc<SpeechControls>>,
    headers: HeaderMap,
    mut form: Multipart,
) -> Response {
    if headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        != Some(&format!("Bearer {TRANSCRIPTION_KEY}"))
    {
        return (
            StatusCode::UNAUTHORIZED,
            axum::Json(json!({"error": {"message": "Incorrect API key provided", "type": "invalid_request_error", "code": "invalid_api_key"}})),
        )
            .into_response();
    }
    let mut seen = Transcribed {
        model: String::new(),
        language: None,
        file_name: String::new(),
        content_type: String::new(),
        size: 0,
    };
    while let Ok(Some(field)) = form.next_field().await {
        match field.name().unwrap_or_default() {
            "file" => {
                seen.file_name = field.file_name().unwrap_or_default().to_owned();
                seen.content_type = field.content_type().unwrap_or_default().to_owned();
                seen.size = field.bytes().await.map(|b| b.len()).unwrap_or_default();
            }
            "model" => seen.model = field.text().await.unwrap_or_default(),
            "language" => seen.language = field.text().await.ok(),
            _ => {}
        }
    }
    controls.transcribed.lock().unwrap().push(seen.clone());
    if controls
        .transcription_failures
        .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1))
        .is_ok()
    {
        return (
            StatusCode::INTERNAL_SERVER_ERROR,
            axum::Json(
                json!({"error": {"message": "The server had an error", "type": "server_error"}}),
            ),
        )
            .into_response();
    }
    if seen.size == 0 {
        return (
            StatusCode::BAD_REQUEST,
            axum::Json(
                json!({"error": {"message": "No file was sent", "type": "invalid_request_error"}}),
            ),
        )
            .into_response();
    }
    let text = controls
        .transcript
        .lock()
        .unwrap()
        .clone()
        .unwrap_or_else(|| DEFAULT_TRANSCRIPT.to_owned());
    axum::Json(json!({"text": text})).into_response()
}

pub(crate) async fn models(headers: HeaderMap) -> Response {
    if headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        != Some(&format!("Bearer {TRANSCRIPTION_KEY}"))
    {
        return StatusCode::UNAUTHORIZED.into_response();
    }
    axum::Json(json!({"object": "list", "data": [{"id": "whisper-1", "object": "model"}]}))
        .into_response()
}
