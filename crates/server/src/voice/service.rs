//! A voice turn: the recording in, its transcript, the agent's answer
//! through the runtime (channel `voice`), and the answer spoken sentence by
//! sentence while the model is still writing it, so the first sentence
//! plays before the answer is whole. Both sides' audio and the turn's
//! stage timings are kept.
//!
//! Transcription: the configured OpenAI-compatible endpoint (Admin ›
//! Configuration › Transcription, or the model provider's); the browser's
//! own transcript when none is configured, or when it fails and the
//! browser sent one. Speech: the agent's ElevenLabs account when the voice
//! provider is on; otherwise (or when it fails) each sentence goes out as
//! text and the browser speaks it.

use std::collections::VecDeque;
use std::time::Instant;

use agentforge_domain::conversation::Channel;
use agentforge_domain::error::{Conflict, Error, Upstream};
use agentforge_domain::policy::{Action, Actor};
use agentforge_runtime::{Runtime, RuntimeError, TurnEvent, TurnRequest};
use agentforge_speech::{Recording, SpeechError, Synthesis, Transcriber};
use agentforge_store::{Clip, Conversation, Message, VoiceTurn};
use futures_util::StreamExt;
use futures_util::stream::FuturesOrdered;
use serde::{Deserialize, Serialize};
use tokio::sync::mpsc;
use utoipa::ToSchema;

use crate::access;
use crate::configuration::Settings;
use crate::speech::service::{self as speech, Speaker, SpeechAsk};

/// The largest recording taken (minutes of speech in any of the formats).
pub const AUDIO_MAX_BYTES: usize = 10 * 1024 * 1024;
/// The longest recording, as the browser reports it.
pub const AUDIO_MAX_MS: u32 = 5 * 60 * 1000;
/// The longest transcript the browser may send (as a message may be).
pub const TRANSCRIPT_MAX_CHARS: usize = 4_000;
/// Sentences being spoken at once: the next is made while one plays,
/// within the concurrency every ElevenLabs plan allows.
const SPEAKING_AT_ONCE: usize = 2;
/// Voice messages one person may send a minute.
pub const MESSAGES_PER_MINUTE: u32 = 30;

/// A recording's format, told by its first bytes (the declared type is
/// not trusted).
pub fn audio_type(bytes: &[u8]) -> Option<(&'static str, &'static str)> {
    if bytes.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
        Some(("audio/webm", "webm"))
    } else if bytes.starts_with(b"OggS") {
        Some(("audio/ogg", "ogg"))
    } else if bytes.len() > 12 && &bytes[..4] == b"RIFF" && &bytes[8..12] == b"WAVE" {
        Some(("audio/wav", "wav"))
    } else if bytes.starts_with(b"ID3")
        || (bytes.len() > 1 && bytes[0] == 0xFF && bytes[1] & 0xE0 == 0xE0)
    {
        Some(("audio/mpeg", "mp3"))
    } else {
        None
    }
}

/// Who turned the recording into text.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum TranscribedBy {
    /// The transcription endpoint.
    Server,
    /// The browser's own speech recognition.
    Browser,
}

impl TranscribedBy {
    fn as_str(self) -> &'static str {
        match self {
            TranscribedBy::Server => "server",
            TranscribedBy::Browser => "browser",
        }
    }
}

/// How long each stage of a turn took, in milliseconds from the moment
/// the recording had arrived (`upload` is the recording's own arrival).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Timings {
    pub upload_ms: u32,
    pub transcription_ms: u32,
    /// To the answer's first piece of text.
    pub first_token_ms: Option<u32>,
    /// To the answer's first audio (none when the browser spoke).
    pub first_audio_ms: Option<u32>,
    pub total_ms: u32,
}

fn ms(since: Instant) -> u32 {
    u32::try_from(since.elapsed().as_millis()).unwrap_or(u32::MAX)
}

/// A voice message, read and checked.
pub struct VoiceAsk {
    pub agent_id: String,
    pub conversation_id: Option<String>,
    pub audio: Vec<u8>,
    pub transcript: Option<String>,
    pub language: Option<String>,
    pub upload_ms: u32,
}

/// What a turn says as it goes, for a client that listens.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(tag = "event", content = "data", rename_all = "snake_case")]
pub enum VoiceEvent {
    /// What was heard.
    #[serde(rename_all = "camelCase")]
    Transcript {
        text: String,
        transcribed_by: TranscribedBy,
    },
    /// The turn started: its conversation and the answer's id.
    #[serde(rename_all = "camelCase")]
    Start {
        conversation_id: String,
        user_message_id: String,
        message_id: String,
    },
    /// A piece of the answer's text.
    Delta { text: String },
    /// A sentence of the answer, in order, with its audio (base64 MP3);
    /// `audio` is `null` when the browser should speak it.
    #[serde(rename_all = "camelCase")]
    Sentence {
        index: u32,
        text: String,
        audio: Option<String>,
        content_type: Option<String>,
    },
    /// Speech failed: from here on the browser speaks (the code says why).
    SpeechError { code: String, message: String },
}

/// A finished voice turn.
pub struct VoiceDone {
    pub conversation: Conversation,
    pub question: Message,
    pub answer: Message,
    pub transcript: String,
    pub transcribed_by: TranscribedBy,
    pub voice_id: Option<String>,
    pub speech_error: Option<SpeechError>,
    /// The recording's type, when it was kept.
    pub question_audio: Option<&'static str>,
    pub answer_audio: bool,
    pub timings: Timings,
}

/// Where transcriptions go now, if anywhere.
fn transcriber(settings: &Settings) -> Option<Transcriber> {
    let endpoint = settings.transcription_endpoint()?;
    Some(Transcriber::new(
        crate::configuration::operator_client(),
        &endpoint.base_url,
        endpoint.api_key.as_deref(),
        endpoint.model.as_deref(),
    ))
}

fn failed_voice(detail: String) -> Error {
    Error::Upstream(Upstream {
        status: 502,
        code: "transcription_failed",
        message: format!("Failed to process voice message: {detail}"),
        retry_after: None,
    })
}

/// Runs a voice turn; `events` hears it as it goes (a listener that left
/// stops the speaking, never the answer, which is stored whole).
pub async fn run(
    runtime: &Runtime,
    settings: &Settings,
    actor: &Actor,
    ask: VoiceAsk,
    events: Option<mpsc::UnboundedSender<VoiceEvent>>,
) -> Result<VoiceDone, Error> {
    let started = Instant::now();
    let store = runtime.store();
    let (agent, _) = access::agent(store, actor, &ask.agent_id, Action::Use).await?;
    if !agent.config.voice_enabled {
        return Err(Error::Conflict(Conflict::VoiceDisabled));
    }
    let conversation = match &ask.conversation_id {
        Some(id) => Some(access::conversation(store, actor, id, Action::Use).await?.0),
        None => None,
    };
    let Some((content_type, extension)) = audio_type(&ask.audio) else {
        return Err(Error::Unusable {
            code: "unsupported_audio",
            field: "audio",
            message: "The recording is not WebM, Ogg, WAV or MP3 audio".to_owned(),
        });
    };
    let mut listener = Listener {
        tx: events,
        left: false,
    };

    // What was said.
    let browser = ask
        .transcript
        .as_deref()
        .map(str::trim)
        .filter(|t| !t.is_empty())
        .map(str::to_owned);
    let (transcript, transcribed_by) = match transcriber(settings) {
        Some(transcriber) => {
            let recording = Recording {
                audio: bytes::Bytes::from(ask.audio.clone()),
                content_type: content_type.to_owned(),
                file_name: format!("speech.{extension}"),
                language: ask.language.clone(),
            };
            match transcriber.transcribe(&recording).await {
                Ok(text) if !text.is_empty() => (text, TranscribedBy::Server),
                Ok(_) => match browser {
                    Some(text) => (text, TranscribedBy::Browser),
                    None => {
                        return Err(Error::Unusable {
                            code: "no_speech",
                            field: "audio",
                            message: "No speech was heard in the recording".to_owned(),
                        });
                    }
                },
                Err(e) => match browser {
                    Some(text) => {
                        tracing::warn!(error = %e, "transcription failed; the browser's transcript is used");
                        (text, TranscribedBy::Browser)
                    }
                    None => return Err(failed_voice(e.to_string())),
                },
            }
        }
        None => match browser {
            Some(text) => (text, TranscribedBy::Browser),
            None => {
                return Err(Error::invalid(
                    "transcript",
                    "No transcription service is configured: send the browser's own transcript",
                ));
            }
        },
    };
    let transcription_ms = ms(started);
    listener.send(VoiceEvent::Transcript {
        text: transcript.clone(),
        transcribed_by,
    });

    // Who speaks the answer.
    let speaker: Option<Speaker> = if settings
        .require(crate::configuration::Feature::VoiceProvider)
        .is_ok()
    {
        speech::speaker(
            store,
            runtime.credentials().map(AsRef::as_ref),
            settings,
            &agent.owner_id,
            agent.team_id.as_deref(),
        )
        .await?
    } else {
        None
    };
    let voice = speech::resolve(SpeechAsk {
        text: "-".to_owned(),
        voice: agent.config.voice_model_id.clone(),
        ..Default::default()
    })?;

    let mut turn = runtime
        .start_turn(TurnRequest {
            agent: agent.clone(),
            caller: actor.clone(),
            channel: Channel::Voice,
            conversation,
            message: transcript.clone(),
            use_knowledge_base: true,
            include_context: true,
            test: false,
            stream: true,
            stop_when_abandoned: false,
            holder: None,
            prior: Vec::new(),
        })
        .await
        .map_err(Error::from)?;
    let question = turn.question.clone();
    let conversation = turn.conversation.clone();
    listener.send(VoiceEvent::Start {
        conversation_id: conversation.id.clone(),
        user_message_id: question.id.clone(),
        message_id: turn.answer_id.clone(),
    });

    // The recording is kept with the question.
    let question_audio = store
        .voice()
        .add_clip(&Clip {
            message_id: question.id.clone(),
            conversation_id: conversation.id.clone(),
            content_type: content_type.to_owned(),
            duration_ms: None,
            data: ask.audio,
        })
        .await
        .map_err(|e| tracing::warn!(error = %e, "cannot keep the recording"))
        .ok()
        .map(|()| content_type);

    let mut sentences = agentforge_speech::Sentences::new();
    let mut waiting: VecDeque<(u32, String)> = VecDeque::new();
    let mut speaking = FuturesOrdered::new();
    let mut next_index = 0u32;
    let mut previous: Option<String> = None;
    let mut speech_error: Option<SpeechError> = None;
    let mut audio: Vec<u8> = Vec::new();
    let mut all_spoken = speaker.is_some();
    let mut first_token_ms = None;
    let mut first_audio_ms = None;
    let mut answer: Option<Result<Message, Error>> = None;

    loop {
        // Starts the sentences waiting, at most SPEAKING_AT_ONCE at a time.
        while speaking.len() < SPEAKING_AT_ONCE
            && let Some((index, text)) = waiting.pop_front()
        {
            let job = match (&speaker, &speech_error) {
                // Nobody hears what is spoken once the listener left.
                (Some(speaker), None) if !listener.left => {
                    let synthesis = Synthesis {
                        text: text.clone(),
                        voice_id: voice.voice_id.clone(),
                        model_id: voice.model_id.clone(),
                        settings: voice.settings,
                        previous_text: previous.clone(),
                    };
                    let store = store.clone();
                    let speaker = speaker.clone();
                    Some(async move { speech::speak_whole(&store, &speaker, &synthesis).await })
                }
                _ => None,
            };
            previous = Some(text.clone());
            speaking.push_back(async move {
                let result = match job {
                    Some(job) => Some(job.await),
                    None => None,
                };
                (index, text, result)
            });
        }
        tokio::select! {
            event = turn.next(), if answer.is_none() => match event {
                Some(TurnEvent::Delta(text)) => {
                    first_token_ms.get_or_insert_with(|| ms(started));
                    for sentence in sentences.push(&text) {
                        waiting.push_back((next_index, sentence));
                        next_index += 1;
                    }
                    listener.send(VoiceEvent::Delta { text });
                }
                Some(TurnEvent::Finished { message, .. }) => {
                    if let Some(rest) = sentences.finish() {
                        waiting.push_back((next_index, rest));
                        next_index += 1;
                    }
                    answer = Some(Ok(message));
                }
                Some(TurnEvent::Failed { error, .. }) => {
                    answer = Some(Err(Error::from(RuntimeError::Provider(error))));
                }
                Some(TurnEvent::Lost { error }) => {
                    answer = Some(Err(Error::from(RuntimeError::Lost(error))));
                }
                Some(TurnEvent::HandedOff { .. }) => {
                    answer = Some(Err(Error::from(RuntimeError::HandedOff)));
                }
                Some(_) => {}
                None => answer = Some(Err(Error::from(RuntimeError::ShuttingDown))),
            },
            Some((index, text, result)) = speaking.next(), if !speaking.is_empty() => {
                let (piece, kind) = match result {
                    Some(Ok(bytes)) => {
                        first_audio_ms.get_or_insert_with(|| ms(started));
                        audio.extend_from_slice(&bytes);
                        (Some(base64_of(&bytes)), Some(agentforge_speech::elevenlabs::CONTENT_TYPE.to_owned()))
                    }
                    Some(Err(e)) => {
                        all_spoken = false;
                        if speech_error.is_none() {
                            tracing::warn!(error = %e, code = e.code(), "speech failed; the browser speaks the rest");
                            listener.send(VoiceEvent::SpeechError { code: e.code().to_owned(), message: e.to_string() });
                            speech_error = Some(e);
                        }
                        (None, None)
                    }
                    None => {
                        all_spoken = false;
                        (None, None)
                    }
                };
                listener.send(VoiceEvent::Sentence { index, text, audio: piece, content_type: kind });
            },
            else => break,
        }
        if answer.is_some() && speaking.is_empty() && waiting.is_empty() {
            break;
        }
    }

    let answer = match answer {
        Some(answer) => answer?,
        None => return Err(Error::from(RuntimeError::ShuttingDown)),
    };
    let answer_audio = all_spoken && !audio.is_empty() && {
        store
            .voice()
            .add_clip(&Clip {
                message_id: answer.id.clone(),
                conversation_id: conversation.id.clone(),
                content_type: agentforge_speech::elevenlabs::CONTENT_TYPE.to_owned(),
                duration_ms: None,
                data: audio,
            })
            .await
            .map_err(|e| tracing::warn!(error = %e, "cannot keep the spoken answer"))
            .is_ok()
    };
    let timings = Timings {
        upload_ms: ask.upload_ms,
        transcription_ms,
        first_token_ms,
        first_audio_ms,
        total_ms: ms(started),
    };
    let voice_id = speaker.as_ref().map(|_| voice.voice_id.clone());
    store
        .voice()
        .add_turn(&VoiceTurn {
            answer_id: answer.id.clone(),
            conversation_id: conversation.id.clone(),
            question_id: question.id.clone(),
            transcribed_by: transcribed_by.as_str().to_owned(),
            voice_id: voice_id.clone(),
            speech_error: speech_error.as_ref().map(|e| e.code().to_owned()),
            timings: serde_json::to_value(timings).unwrap_or_default(),
            created_at: agentforge_store::now(),
        })
        .await?;
    Ok(VoiceDone {
        conversation,
        question,
        answer,
        transcript,
        transcribed_by,
        voice_id,
        speech_error,
        question_audio,
        answer_audio,
        timings,
    })
}

/// Whoever listens to the turn as it goes.
struct Listener {
    tx: Option<mpsc::UnboundedSender<VoiceEvent>>,
    /// It was listening and went away.
    left: bool,
}

impl Listener {
    fn send(&mut self, event: VoiceEvent) {
        if let Some(tx) = &self.tx
            && tx.send(event).is_err()
        {
            self.tx = None;
            self.left = true;
        }
    }
}

fn base64_of(bytes: &[u8]) -> String {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recordings_are_told_by_their_first_bytes() {
        assert_eq!(
            audio_type(&[0x1A, 0x45, 0xDF, 0xA3, 0]).map(|t| t.0),
            Some("audio/webm")
        );
        assert_eq!(audio_type(b"OggS\0\x02").map(|t| t.0), Some("audio/ogg"));
        assert_eq!(
            audio_type(b"RIFF\x24\0\0\0WAVEfmt ").map(|t| t.0),
            Some("audio/wav")
        );
        assert_eq!(audio_type(b"ID3\x04\0").map(|t| t.0), Some("audio/mpeg"));
        assert_eq!(
            audio_type(&[0xFF, 0xFB, 0x90]).map(|t| t.0),
            Some("audio/mpeg")
        );
        assert_eq!(audio_type(b"RIFF\x24\0\0\0WEBPVP8 "), None);
        assert_eq!(audio_type(b"<html>"), None);
    }
}
