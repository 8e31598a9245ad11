//! `/voice`: voice messages (a recording in; its transcript, the agent's
//! answer and the answer spoken out), a voice conversation's messages with
//! their audio and timings, and each message's audio (with HTTP range
//! requests, to those who may see the conversation).

pub mod service;

use std::convert::Infallible;
use std::time::{Duration, Instant};

use agentforge_domain::error::Thing;
use agentforge_domain::policy::Action;
use axum::body::Body;
use axum::extract::{DefaultBodyLimit, Multipart, Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::sse::{Event as SseEvent, KeepAlive, Sse};
use axum::response::{IntoResponse, Response};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::access;
use crate::auth::CurrentUser;
use crate::conversations::types::MessageOut;
use crate::http::{ApiError, Envelope, ErrorBody, FieldError};
use crate::speech::SpeechProblemOut;
use crate::state::AppState;
use service::{AUDIO_MAX_BYTES, Timings, TranscribedBy, VoiceAsk, VoiceDone, VoiceEvent};

/// Turns run long (a transcription, a model's answer, speech): these take
/// the long time allowance.
pub fn turns() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(voice_message))
        .layer(DefaultBodyLimit::disable())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(voice_messages))
        .routes(routes!(message_audio))
}

/// A voice message (multipart/form-data).
#[allow(dead_code)]
#[derive(ToSchema)]
#[schema(rename_all = "camelCase")]
pub struct VoiceMessageForm {
    /// The recording: WebM/Opus, Ogg, WAV or MP3, at most 10 MB.
    #[schema(value_type = String, format = Binary)]
    pub audio: Vec<u8>,
    #[schema(min_length = 1, pattern = r"\S")]
    pub agent_id: String,
    /// Go on with this conversation; left out: start one.
    pub conversation_id: Option<String>,
    /// The browser's own transcript: used when no transcription service is
    /// configured (or it fails).
    pub transcript: Option<String>,
    /// ISO 639-1 (`en`): a hint for the transcription.
    pub language: Option<String>,
    /// The recording's length as the browser measured it (at most 5 minutes).
    pub duration_ms: Option<u32>,
}

/// A message's audio.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceAudioOut {
    /// `GET` it (ranges allowed).
    pub url: String,
    pub content_type: String,
    pub size_bytes: u64,
}

fn audio_out(message_id: &str, content_type: &str, size_bytes: u64) -> VoiceAudioOut {
    VoiceAudioOut {
        url: format!("/api/voice/messages/{message_id}/audio"),
        content_type: content_type.to_owned(),
        size_bytes,
    }
}

/// A voice turn, done.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceTurnOut {
    pub conversation_id: String,
    /// The question as stored: its content is the transcript.
    pub user_message: MessageOut,
    pub transcript: String,
    pub transcribed_by: TranscribedBy,
    /// The recording, kept.
    pub user_audio: Option<VoiceAudioOut>,
    /// The answer's text.
    pub answer: MessageOut,
    /// The answer's id, when its audio was kept: `GET` `answerAudio.url`.
    pub audio_id: Option<String>,
    pub answer_audio: Option<VoiceAudioOut>,
    /// The voice that spoke; `null` when the browser speaks.
    pub voice_id: Option<String>,
    /// Why the voice provider did not speak (the browser does).
    pub speech_error: Option<SpeechProblemOut>,
    pub timings: Timings,
}

impl VoiceTurnOut {
    fn new(done: VoiceDone, user_size: u64, answer_size: Option<u64>) -> Self {
        let answer_audio = answer_size.map(|size| {
            audio_out(
                &done.answer.id,
                agentforge_speech::elevenlabs::CONTENT_TYPE,
                size,
            )
        });
        Self {
            conversation_id: done.conversation.id.clone(),
            user_audio: done
                .question_audio
                .map(|kind| audio_out(&done.question.id, kind, user_size)),
            user_message: MessageOut::from(done.question),
            transcript: done.transcript,
            transcribed_by: done.transcribed_by,
            audio_id: answer_audio.as_ref().map(|_| done.answer.id.clone()),
            answer_audio,
            answer: MessageOut::from(done.answer),
            voice_id: done.voice_id,
            speech_error: done.speech_error.as_ref().map(SpeechProblemOut::from),
            timings: done.timings,
        }
    }
}

/// Reads the form: the recording held to [`AUDIO_MAX_BYTES`] as it
/// arrives, each text field to its own bound, the parts to a dozen.
async fn read_form(mut multipart: Multipart) -> Result<(VoiceAsk, Option<u32>), ApiError> {
    const PARTS_MAX: usize = 12;
    const FIELD_MAX: usize = 16 * 1024;
    let started = Instant::now();
    let bad = |e: axum::extract::multipart::MultipartError| {
        ApiError::bad_request(
            "invalid_multipart",
            format!("The form could not be read: {}", e.body_text()),
        )
    };
    let mut ask = VoiceAsk {
        agent_id: String::new(),
        conversation_id: None,
        audio: Vec::new(),
        transcript: None,
        language: None,
        upload_ms: 0,
    };
    let mut duration = None;
    let mut audio_seen = false;
    let mut parts = 0;
    while let Some(mut field) = multipart.next_field().await.map_err(bad)? {
        parts += 1;
        if parts > PARTS_MAX {
            return Err(ApiError::new(
                StatusCode::PAYLOAD_TOO_LARGE,
                "payload_too_large",
                format!("The form has more than {PARTS_MAX} parts"),
            ));
        }
        let name = field.name().unwrap_or_default().to_owned();
        let max = if name == "audio" {
            AUDIO_MAX_BYTES
        } else {
            FIELD_MAX
        };
        let mut bytes = Vec::new();
        while let Some(chunk) = field.chunk().await.map_err(bad)? {
            if bytes.len() + chunk.len() > max {
                return Err(if name == "audio" {
                    ApiError::new(
                        StatusCode::PAYLOAD_TOO_LARGE,
                        "file_too_large",
                        format!(
                            "The recording is larger than the {} MB allowed",
                            AUDIO_MAX_BYTES / (1024 * 1024)
                        ),
                    )
                    .with_errors(vec![FieldError {
                        field: "audio".into(),
                        message: "Too large".into(),
                    }])
                } else {
                    ApiError::invalid_field(name, format!("At most {max} bytes"))
                });
            }
            bytes.extend_from_slice(&chunk);
        }
        let text = |bytes: Vec<u8>, field: &str| {
            String::from_utf8(bytes)
                .map(|t| t.trim().to_owned())
                .map_err(|_| ApiError::invalid_field(field, "Must be text"))
        };
        match name.as_str() {
            "audio" => {
                audio_seen = true;
                ask.audio = bytes;
            }
            "agentId" => ask.agent_id = text(bytes, "agentId")?,
            "conversationId" => {
                ask.conversation_id =
                    Some(text(bytes, "conversationId")?).filter(|c| !c.is_empty());
            }
            "transcript" => {
                let t = text(bytes, "transcript")?;
                if t.chars().count() > service::TRANSCRIPT_MAX_CHARS {
                    return Err(ApiError::invalid_field(
                        "transcript",
                        format!("At most {} characters", service::TRANSCRIPT_MAX_CHARS),
                    ));
                }
                ask.transcript = Some(t).filter(|t| !t.is_empty());
            }
            "language" => {
                let l = text(bytes, "language")?;
                if !l.is_empty() {
                    if !(2..=3).contains(&l.len()) || !l.chars().all(|c| c.is_ascii_lowercase()) {
                        return Err(ApiError::invalid_field(
                            "language",
                            "An ISO 639-1 code such as en",
                        ));
                    }
                    ask.language = Some(l);
                }
            }
            "durationMs" => {
                let d = text(bytes, "durationMs")?;
                duration = Some(d.parse::<u32>().map_err(|_| {
                    ApiError::invalid_field("durationMs", "A whole number of milliseconds")
                })?);
            }
            _ => {}
        }
    }
    let mut errors = Vec::new();
    if ask.agent_id.is_empty() {
        errors.push(FieldError {
            field: "agentId".into(),
            message: "Required".into(),
        });
    }
    if !audio_seen || ask.audio.is_empty() {
        errors.push(FieldError {
            field: "audio".into(),
            message: "Required".into(),
        });
    }
    if let Some(d) = duration
        && d > service::AUDIO_MAX_MS
    {
        errors.push(FieldError {
            field: "durationMs".into(),
            message: format!("At most {} minutes", service::AUDIO_MAX_MS / 60_000),
        });
    }
    if !errors.is_empty() {
        return Err(ApiError::validation(errors));
    }
    ask.upload_ms = u32::try_from(started.elapsed().as_millis()).unwrap_or(u32::MAX);
    Ok((ask, duration))
}

/// Send a voice message
///
/// Transcribes the recording (the configured OpenAI-compatible
/// transcription endpoint, else the browser's `transcript`), runs the turn
/// with the agent (channel `voice`), and speaks the answer with the
/// agent's voice sentence by sentence as the model writes it. Both sides'
/// audio and the turn's stage timings are kept.
///
/// With `Accept: text/event-stream` the turn comes as server-sent events
/// (`transcript`, `start`, `delta`, `sentence` with each sentence's audio,
/// `speech_error`, then `end` with the whole turn, or `error`), so the
/// first sentence plays before the answer is complete.
#[utoipa::path(post, path = "/voice/conversations/message", tag = "voice",
    request_body(content = VoiceMessageForm, content_type = "multipart/form-data"), security(("bearer" = [])),
    responses(
        (status = 200, description = "The turn (or, with `Accept: text/event-stream`, its events: `VoiceEvent`s then `end` with the turn)", body = Envelope<VoiceTurnOut>),
        (status = 400, description = "The form could not be read", body = ErrorBody),
        (status = 404, description = "No such agent or conversation of yours", body = ErrorBody),
        (status = 409, description = "The agent does not take voice (`voice_disabled`), is paused, or the conversation ended", body = ErrorBody),
        (status = 413, description = "The recording is larger than 10 MB", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid; the recording is not WebM, Ogg, WAV or MP3 (`unsupported_audio`), or holds no speech (`no_speech`)", body = ErrorBody),
        (status = 429, description = "More than 30 voice messages a minute", body = ErrorBody),
        (status = 502, description = "Transcription failed and the browser sent no transcript (`transcription_failed`), or the model failed", body = ErrorBody),
    ))]
async fn voice_message(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    headers: HeaderMap,
    multipart: Multipart,
) -> Result<Response, ApiError> {
    // Counted before the recording is read: a caller over the limit does
    // not get to upload ten megabytes first.
    let caller = actor.user_id().unwrap_or_default();
    state.rate_limiter.check(
        &format!("voice-message:{caller}"),
        service::MESSAGES_PER_MINUTE,
    )?;
    let (ask, _duration) = read_form(multipart).await?;
    let user_size = ask.audio.len() as u64;
    let settings = state.configuration.get();
    if !crate::chat::wants_stream(&headers) {
        let done = service::run(&state.runtime, &settings, &actor, ask, None).await?;
        let answer_size = answer_size(&state, &done).await;
        return Ok(Envelope::new(VoiceTurnOut::new(done, user_size, answer_size)).into_response());
    }
    let (tx, rx) = tokio::sync::mpsc::unbounded_channel();
    let (done_tx, done_rx) = tokio::sync::oneshot::channel();
    let runtime = state.runtime.clone();
    let task_state = state.clone();
    // The turn runs on an owned task, so the response can stream its
    // events; it is stored whole even when the listener leaves.
    state.runtime.tasks().spawn(async move {
        let result = service::run(&runtime, &settings, &actor, ask, Some(tx)).await;
        let out = match result {
            Ok(done) => {
                let answer_size = answer_size(&task_state, &done).await;
                Ok(VoiceTurnOut::new(done, user_size, answer_size))
            }
            Err(e) => Err(ApiError::from(e)),
        };
        let _ = done_tx.send(out);
    });
    // The events while the turn runs (the task drops its sender when it
    // ends), then the turn, or why it failed.
    let events = futures_util::stream::unfold(rx, |mut rx| async move {
        rx.recv().await.map(|e| (voice_sse(&e), rx))
    })
    .chain(futures_util::stream::once(async move {
        match done_rx.await {
            Ok(Ok(turn)) => SseEvent::default()
                .event("end")
                .data(serde_json::to_string(&turn).unwrap_or_default()),
            Ok(Err(e)) => SseEvent::default()
                .event("error")
                .data(serde_json::json!({"error": e.code(), "message": e.message()}).to_string()),
            Err(_) => SseEvent::default().event("error").data(
                serde_json::json!({"error": "internal_error", "message": "The turn stopped"})
                    .to_string(),
            ),
        }
    }))
    .map(Ok::<_, Infallible>);
    Ok(Sse::new(events)
        .keep_alive(KeepAlive::new().interval(Duration::from_secs(15)))
        .into_response())
}

/// The answer's kept audio size, when it was kept.
async fn answer_size(state: &AppState, done: &VoiceDone) -> Option<u64> {
    if !done.answer_audio {
        return None;
    }
    state
        .store
        .voice()
        .clips_of(&done.conversation.id)
        .await
        .ok()?
        .into_iter()
        .find(|c| c.message_id == done.answer.id)
        .map(|c| c.size_bytes)
}

fn voice_sse(event: &VoiceEvent) -> SseEvent {
    let mut frame = serde_json::to_value(event).unwrap_or_default();
    let name = frame["event"].as_str().unwrap_or("error").to_owned();
    let data = serde_json::to_string(&frame["data"].take()).unwrap_or_else(|_| "{}".to_owned());
    SseEvent::default().event(name).data(data)
}

/// A message of a voice conversation, with its audio and (answers) the
/// turn's timings.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceMessageOut {
    pub message: MessageOut,
    /// `null`: no audio was kept (the browser spoke the answer).
    pub audio: Option<VoiceAudioOut>,
    /// On answers of voice turns.
    pub timings: Option<Timings>,
    /// On answers: who transcribed the question.
    pub transcribed_by: Option<TranscribedBy>,
    pub voice_id: Option<String>,
    /// On answers the voice provider did not speak: its code.
    pub speech_error: Option<String>,
}

/// A conversation's messages with their audio
///
/// Every message, oldest first; voice turns' messages carry their audio
/// and the answers the turn's stage timings.
#[utoipa::path(get, path = "/voice/conversations/{id}/messages", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The messages", body = Envelope<Vec<VoiceMessageOut>>),
        (status = 404, description = "No such conversation of yours", body = ErrorBody),
    ))]
async fn voice_messages(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<Vec<VoiceMessageOut>>, ApiError> {
    let (conversation, _) = access::conversation(&state.store, &actor, &id, Action::View).await?;
    let store = &state.store;
    let (conversations, voice) = (store.conversations(), store.voice());
    let (messages, clips, turns) = tokio::join!(
        conversations.messages(&conversation.id),
        voice.clips_of(&conversation.id),
        voice.turns_of(&conversation.id),
    );
    let (messages, clips, turns) = (messages?, clips?, turns?);
    Ok(Envelope::new(
        messages
            .into_iter()
            .map(|m| {
                let audio = clips
                    .iter()
                    .find(|c| c.message_id == m.id)
                    .map(|c| audio_out(&m.id, &c.content_type, c.size_bytes));
                let turn = turns.iter().find(|t| t.answer_id == m.id);
                VoiceMessageOut {
                    audio,
                    timings: turn.and_then(|t| serde_json::from_value(t.timings.clone()).ok()),
                    transcribed_by: turn.map(|t| {
                        if t.transcribed_by == "server" {
                            TranscribedBy::Server
                        } else {
                            TranscribedBy::Browser
                        }
                    }),
                    voice_id: turn.and_then(|t| t.voice_id.clone()),
                    speech_error: turn.and_then(|t| t.speech_error.clone()),
                    message: MessageOut::from(m),
                }
            })
            .collect(),
    ))
}

/// A message's audio
///
/// The recording of a question, or the spoken answer, to those who may see
/// the conversation. Takes `Range: bytes=…` (206 with the part asked for),
/// so players can seek.
#[utoipa::path(get, path = "/voice/messages/{id}/audio", tag = "voice", params(("id" = String, Path)), security(("bearer" = [])),
    responses(
        (status = 200, description = "The audio", content_type = "audio/*", body = Vec<u8>),
        (status = 206, description = "The part of the audio asked for", content_type = "audio/*", body = Vec<u8>),
        (status = 404, description = "No such message of yours, or it has no audio", body = ErrorBody),
        (status = 416, description = "The range is outside the audio", body = ErrorBody),
    ))]
async fn message_audio(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    let clip = state
        .store
        .voice()
        .clip(&id)
        .await?
        .ok_or_else(|| agentforge_domain::Error::not_found(Thing::Message))?;
    // The same answer for a message of someone else's as for none.
    access::conversation(&state.store, &actor, &clip.conversation_id, Action::View)
        .await
        .map_err(|_| agentforge_domain::Error::not_found(Thing::Message))?;
    let total = clip.data.len() as u64;
    let common = |response: &mut Response| {
        let h = response.headers_mut();
        h.insert(
            header::CONTENT_TYPE,
            HeaderValue::from_str(&clip.content_type)
                .unwrap_or(HeaderValue::from_static("application/octet-stream")),
        );
        h.insert(header::ACCEPT_RANGES, HeaderValue::from_static("bytes"));
        h.insert(
            header::CACHE_CONTROL,
            HeaderValue::from_static("private, max-age=86400"),
        );
    };
    let range = headers
        .get(header::RANGE)
        .and_then(|v| v.to_str().ok())
        .map(http_range_header::parse_range_header);
    let Some(range) = range else {
        let mut response = Body::from(clip.data.clone()).into_response();
        common(&mut response);
        return Ok(response);
    };
    let ranges = range
        .ok()
        .and_then(|r| r.validate(total).ok())
        .filter(|r| r.len() == 1);
    let Some(ranges) = ranges else {
        let mut response = ApiError::new(
            StatusCode::RANGE_NOT_SATISFIABLE,
            "range_not_satisfiable",
            format!("The audio has {total} bytes; ask for one range within them"),
        )
        .into_response();
        if let Ok(v) = HeaderValue::from_str(&format!("bytes */{total}")) {
            response.headers_mut().insert(header::CONTENT_RANGE, v);
        }
        return Ok(response);
    };
    let part = &ranges[0];
    let (start, end) = (*part.start(), *part.end());
    let slice = clip.data[start as usize..=end as usize].to_vec();
    let mut response = (StatusCode::PARTIAL_CONTENT, Body::from(slice)).into_response();
    common(&mut response);
    if let Ok(v) = HeaderValue::from_str(&format!("bytes {start}-{end}/{total}")) {
        response.headers_mut().insert(header::CONTENT_RANGE, v);
    }
    Ok(response)
}
