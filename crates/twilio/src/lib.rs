//! Twilio for AgentForge's phone calls and SMS.
//!
//! - [`Client`]: Twilio's REST API — place a call, fetch it, hang it up,
//!   send an SMS — through a `reqwest::Client` the caller builds (TLS and
//!   the outbound guard are the server's business), with bounded answers.
//! - [`twiml`]: the XML a voice webhook answers with.
//! - [`signature`]: checking that a webhook comes from Twilio.
//! - [`parse_e164`]: reading a phone number a person typed into E.164.
//!
//! The base URL is configurable, so tests stand Twilio in with a local
//! server speaking its wire format.

mod client;
mod error;
mod phone;
pub mod signature;
pub mod twiml;

pub use client::{
    BODY_MAX, CallEvent, CallResource, CallStatus, Client, CreateCall, DEFAULT_BASE_URL, Direction,
    HangUp, MessageResource, SendMessage, UnknownValue,
};
pub use error::TwilioError;
pub use phone::{INPUT_MAX as PHONE_INPUT_MAX, PhoneError, parse_e164};
