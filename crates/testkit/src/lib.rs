//! Stand-ins for the outside services AgentForge talks to, speaking their
//! real wire formats on local ports: one OpenAI-compatible and Gemini model
//! provider, an SMTP server, and Twilio, ElevenLabs and Stripe. Every crate's tests and the benchmarks use
//! these, so a change of wire format is made once.
#![allow(clippy::unwrap_used)] // test support: a panic is a failed test

pub mod database;
pub mod mcp;
mod pdf;
mod provider;
mod sdk;
mod services;
mod smtp;
pub mod speech;
pub mod twilio;

pub use database::{Engine, TestDatabase, engines};
pub use pdf::{pdf, pdf_with_content};
pub use provider::{Pace, ProviderStandIn, answer_to};
pub use sdk::sdk_python;
pub use services::{
    DISCORD_APPLICATION_ID, DISCORD_BOT_TOKEN, ELEVENLABS_KEY, SLACK_BOT_TOKEN, STRIPE_KEY,
    ServicesStandIn, TELEGRAM_BOT_TOKEN, TWILIO_SID, TWILIO_TOKEN, WHATSAPP_PHONE_NUMBER_ID,
    WHATSAPP_TOKEN,
};
pub use smtp::{ReceivedMail, SmtpStandIn};

/// Serves `router` on a free local port; returns `http://127.0.0.1:<port>`.
/// The server runs until the test's runtime ends.
pub async fn serve(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    // As real services do: without it, Nagle's algorithm holds a streamed
    // answer's second small write until the client's delayed ACK (40 ms),
    // which a benchmark would count as ours.
    let listener = axum::serve::ListenerExt::tap_io(listener, |tcp| {
        let _ = tcp.set_nodelay(true);
    });
    tokio::spawn(async move { axum::serve(listener, router).await.unwrap() });
    format!("http://{address}")
}
