//! Speech for AgentForge: answers spoken with ElevenLabs ([`ElevenLabs`],
//! streamed as the audio is made), recordings transcribed by an
//! OpenAI-compatible endpoint ([`Transcriber`]), and [`Sentences`], which
//! cuts an answer still being written into pieces that can be spoken
//! one after another.
//!
//! Failures are [`SpeechError`]s whose codes are the specification's
//! (`QUOTA_EXCEEDED`, `INVALID_API_KEY`, `INSUFFICIENT_CREDITS` …): on any
//! of them the browser speaks with its own voice.

pub mod elevenlabs;
pub mod error;
pub mod sentences;
pub mod transcribe;

pub use elevenlabs::{ElevenLabs, ProviderVoice, Subscription, Synthesis, VoiceSettings};
pub use error::SpeechError;
pub use sentences::Sentences;
pub use transcribe::{Recording, Transcriber};
