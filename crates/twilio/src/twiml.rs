//! TwiML, the XML a webhook answers Twilio with to say what a call does
//! next (<https://www.twilio.com/docs/voice/twiml>): only the verbs a voice
//! agent needs — speak, play, pause, listen, record, redirect, hang up.
//!
//! The XML is written by quick-xml, which escapes text and attribute values;
//! nothing here escapes by hand, so text a caller or a model produced cannot
//! break out of its element.

use std::io;

use quick_xml::Writer;
use quick_xml::events::{BytesDecl, BytesText, Event};

/// A TwiML document: the verbs Twilio carries out, in order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Response {
    pub verbs: Vec<Verb>,
}

/// One instruction of a [`Response`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Verb {
    Say(Say),
    Play(Play),
    Pause(Pause),
    Gather(Gather),
    Redirect(Redirect),
    Record(Record),
    /// Replies to an incoming SMS with this text (a messaging webhook's
    /// answer).
    Message(String),
    /// Ends the call.
    Hangup,
}

/// What may be nested in a [`Gather`]: the prompt played while it listens,
/// which the caller may interrupt by speaking.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Prompt {
    Say(Say),
    Play(Play),
    Pause(Pause),
}

/// Speaks text with a text-to-speech voice.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Say {
    pub text: String,
    /// A Twilio voice name (`Polly.Joanna`, `Google.en-US-Neural2-F`);
    /// Twilio's default when `None`.
    pub voice: Option<String>,
    /// A language tag (`en-US`); the voice's default when `None`.
    pub language: Option<String>,
}

/// Plays the audio file at a URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Play {
    pub url: String,
}

/// Waits in silence.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pause {
    /// In seconds.
    pub length: u32,
}

/// Listens for the caller's speech (and keys, if asked) and posts what it
/// heard to `action`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Gather {
    pub input: GatherInput,
    /// Where Twilio POSTs the result (`SpeechResult`, `Digits`).
    pub action: String,
    /// How long a silence ends the speech.
    pub speech_timeout: SpeechTimeout,
    /// Seconds to wait for the caller to start.
    pub timeout: u32,
    /// The language of the speech to recognise (`en-US`).
    pub language: Option<String>,
    /// Whether `action` is called even when nothing was heard; without it
    /// Twilio moves on to the next verb instead.
    pub action_on_empty_result: bool,
    /// Words or phrases the recogniser should expect, comma-separated.
    pub hints: Option<String>,
    /// Played while listening.
    pub prompts: Vec<Prompt>,
}

/// What a [`Gather`] listens for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GatherInput {
    Speech,
    /// Speech, or keys pressed on the phone's keypad.
    SpeechAndDtmf,
}

/// How a [`Gather`] decides the caller has finished speaking.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SpeechTimeout {
    /// Twilio judges the end of the sentence itself.
    Auto,
    /// After this many seconds of silence.
    Seconds(u32),
}

/// The HTTP method Twilio uses to fetch a URL.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Method {
    Get,
    Post,
}

/// Continues the call with the TwiML at another URL.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Redirect {
    pub url: String,
    pub method: Method,
}

/// Records what the caller says and posts the recording's URL to `action`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Record {
    pub action: String,
    /// The longest recording, in seconds.
    pub max_length: u32,
    pub play_beep: bool,
    /// Where Twilio POSTs once the recording file is ready.
    pub recording_status_callback: Option<String>,
}

impl Response {
    /// An empty response; on its own it ends the call.
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends a verb.
    #[must_use]
    pub fn verb(mut self, verb: impl Into<Verb>) -> Self {
        self.verbs.push(verb.into());
        self
    }

    /// Appends `<Hangup/>`.
    #[must_use]
    pub fn hangup(self) -> Self {
        self.verb(Verb::Hangup)
    }

    /// The document, starting with the XML declaration.
    pub fn to_xml(&self) -> String {
        let mut writer = Writer::new(Vec::new());
        #[allow(clippy::expect_used)]
        self.write(&mut writer)
            .expect("writing XML into memory cannot fail");
        // quick-xml writes the `&str`s it is given, so the bytes are UTF-8.
        String::from_utf8_lossy(&writer.into_inner()).into_owned()
    }

    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        w.write_event(Event::Decl(BytesDecl::new("1.0", Some("UTF-8"), None)))?;
        if self.verbs.is_empty() {
            w.create_element("Response").write_empty()?;
            return Ok(());
        }
        w.create_element("Response")
            .write_inner_content(|w| self.verbs.iter().try_for_each(|verb| verb.write(w)))?;
        Ok(())
    }
}

impl Verb {
    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        match self {
            Verb::Say(say) => say.write(w),
            Verb::Play(play) => play.write(w),
            Verb::Pause(pause) => pause.write(w),
            Verb::Gather(gather) => gather.write(w),
            Verb::Redirect(redirect) => {
                w.create_element("Redirect")
                    .with_attribute(("method", redirect.method.as_str()))
                    .write_text_content(BytesText::new(&redirect.url))?;
                Ok(())
            }
            Verb::Record(record) => record.write(w),
            Verb::Message(body) => {
                w.create_element("Message")
                    .write_text_content(BytesText::new(body))?;
                Ok(())
            }
            Verb::Hangup => {
                w.create_element("Hangup").write_empty()?;
                Ok(())
            }
        }
    }
}

impl Prompt {
    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        match self {
            Prompt::Say(say) => say.write(w),
            Prompt::Play(play) => play.write(w),
            Prompt::Pause(pause) => pause.write(w),
        }
    }
}

impl Say {
    /// Speaks `text` in Twilio's default voice.
    pub fn new(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            voice: None,
            language: None,
        }
    }

    #[must_use]
    pub fn voice(mut self, voice: impl Into<String>) -> Self {
        self.voice = Some(voice.into());
        self
    }

    #[must_use]
    pub fn language(mut self, language: impl Into<String>) -> Self {
        self.language = Some(language.into());
        self
    }

    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        let mut element = w.create_element("Say");
        if let Some(voice) = &self.voice {
            element = element.with_attribute(("voice", voice.as_str()));
        }
        if let Some(language) = &self.language {
            element = element.with_attribute(("language", language.as_str()));
        }
        element.write_text_content(BytesText::new(&self.text))?;
        Ok(())
    }
}

impl Play {
    pub fn new(url: impl Into<String>) -> Self {
        Self { url: url.into() }
    }

    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        w.create_element("Play")
            .write_text_content(BytesText::new(&self.url))?;
        Ok(())
    }
}

impl Pause {
    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        w.create_element("Pause")
            .with_attribute(("length", self.length.to_string().as_str()))
            .write_empty()?;
        Ok(())
    }
}

impl Gather {
    /// Listens for speech, posting the result to `action`: the end of the
    /// sentence judged by Twilio, five seconds to start speaking, and
    /// `action` called even when nothing was heard, so the conversation
    /// decides what silence means.
    pub fn speech(action: impl Into<String>) -> Self {
        Self {
            input: GatherInput::Speech,
            action: action.into(),
            speech_timeout: SpeechTimeout::Auto,
            timeout: 5,
            language: None,
            action_on_empty_result: true,
            hints: None,
            prompts: Vec::new(),
        }
    }

    /// Appends a prompt played while listening.
    #[must_use]
    pub fn prompt(mut self, prompt: impl Into<Prompt>) -> Self {
        self.prompts.push(prompt.into());
        self
    }

    #[must_use]
    pub fn language(mut self, language: impl Into<String>) -> Self {
        self.language = Some(language.into());
        self
    }

    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        let speech_timeout = match self.speech_timeout {
            SpeechTimeout::Auto => "auto".to_owned(),
            SpeechTimeout::Seconds(seconds) => seconds.to_string(),
        };
        let timeout = self.timeout.to_string();
        let mut element = w
            .create_element("Gather")
            .with_attribute(("input", self.input.as_str()))
            .with_attribute(("action", self.action.as_str()))
            .with_attribute(("method", Method::Post.as_str()))
            .with_attribute(("speechTimeout", speech_timeout.as_str()))
            .with_attribute(("timeout", timeout.as_str()));
        if let Some(language) = &self.language {
            element = element.with_attribute(("language", language.as_str()));
        }
        element =
            element.with_attribute(("actionOnEmptyResult", bool_str(self.action_on_empty_result)));
        if let Some(hints) = &self.hints {
            element = element.with_attribute(("hints", hints.as_str()));
        }
        if self.prompts.is_empty() {
            element.write_empty()?;
        } else {
            element.write_inner_content(|w| self.prompts.iter().try_for_each(|p| p.write(w)))?;
        }
        Ok(())
    }
}

impl GatherInput {
    /// The value of the `input` attribute.
    pub fn as_str(self) -> &'static str {
        match self {
            GatherInput::Speech => "speech",
            GatherInput::SpeechAndDtmf => "speech dtmf",
        }
    }
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Method::Get => "GET",
            Method::Post => "POST",
        }
    }
}

impl Record {
    fn write(&self, w: &mut Writer<Vec<u8>>) -> io::Result<()> {
        let max_length = self.max_length.to_string();
        let mut element = w
            .create_element("Record")
            .with_attribute(("action", self.action.as_str()))
            .with_attribute(("method", Method::Post.as_str()))
            .with_attribute(("maxLength", max_length.as_str()))
            .with_attribute(("playBeep", bool_str(self.play_beep)));
        if let Some(callback) = &self.recording_status_callback {
            element = element
                .with_attribute(("recordingStatusCallback", callback.as_str()))
                .with_attribute(("recordingStatusCallbackMethod", Method::Post.as_str()));
        }
        element.write_empty()?;
        Ok(())
    }
}

fn bool_str(value: bool) -> &'static str {
    if value { "true" } else { "false" }
}

macro_rules! into_verb {
    ($($kind:ident),*) => {$(
        impl From<$kind> for Verb {
            fn from(value: $kind) -> Self {
                Verb::$kind(value)
            }
        }
    )*};
}
into_verb!(Say, Play, Pause, Gather, Redirect, Record);

macro_rules! into_prompt {
    ($($kind:ident),*) => {$(
        impl From<$kind> for Prompt {
            fn from(value: $kind) -> Self {
                Prompt::$kind(value)
            }
        }
    )*};
}
into_prompt!(Say, Play, Pause);

/// A prompt on its own, outside a gather.
impl From<Prompt> for Verb {
    fn from(value: Prompt) -> Self {
        match value {
            Prompt::Say(say) => Verb::Say(say),
            Prompt::Play(play) => Verb::Play(play),
            Prompt::Pause(pause) => Verb::Pause(pause),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DECLARATION: &str = r#"<?xml version="1.0" encoding="UTF-8"?>"#;

    #[test]
    fn a_greeting_then_listening_for_an_answer() {
        let xml = Response::new()
            .verb(
                Gather::speech("https://agents.example.com/twilio/turn/42")
                    .language("en-US")
                    .prompt(
                        Say::new("Hello, this is Ada from Example. How can I help?")
                            .voice("Polly.Joanna")
                            .language("en-US"),
                    ),
            )
            .verb(Redirect {
                url: "https://agents.example.com/twilio/silence/42".into(),
                method: Method::Post,
            })
            .to_xml();
        assert_eq!(
            xml,
            [
                DECLARATION,
                "<Response>",
                r#"<Gather input="speech" action="https://agents.example.com/twilio/turn/42" method="POST" speechTimeout="auto" timeout="5" language="en-US" actionOnEmptyResult="true">"#,
                r#"<Say voice="Polly.Joanna" language="en-US">Hello, this is Ada from Example. How can I help?</Say>"#,
                "</Gather>",
                r#"<Redirect method="POST">https://agents.example.com/twilio/silence/42</Redirect>"#,
                "</Response>",
            ]
            .concat()
        );
    }

    #[test]
    fn every_verb_and_attribute() {
        let xml = Response::new()
            .verb(Play::new("https://cdn.example.com/hello.mp3"))
            .verb(Pause { length: 2 })
            .verb(Gather {
                input: GatherInput::SpeechAndDtmf,
                action: "/turn".into(),
                speech_timeout: SpeechTimeout::Seconds(3),
                timeout: 8,
                language: None,
                action_on_empty_result: false,
                hints: Some("billing, support".into()),
                prompts: vec![Play::new("/beep.wav").into(), Pause { length: 1 }.into()],
            })
            .verb(Gather::speech("/empty"))
            .verb(Record {
                action: "/recorded".into(),
                max_length: 120,
                play_beep: true,
                recording_status_callback: Some("/recording-ready".into()),
            })
            .verb(Redirect {
                url: "/next".into(),
                method: Method::Get,
            })
            .hangup()
            .to_xml();
        assert_eq!(
            xml,
            [
                DECLARATION,
                "<Response>",
                "<Play>https://cdn.example.com/hello.mp3</Play>",
                r#"<Pause length="2"/>"#,
                r#"<Gather input="speech dtmf" action="/turn" method="POST" speechTimeout="3" timeout="8" actionOnEmptyResult="false" hints="billing, support">"#,
                r#"<Play>/beep.wav</Play><Pause length="1"/>"#,
                "</Gather>",
                r#"<Gather input="speech" action="/empty" method="POST" speechTimeout="auto" timeout="5" actionOnEmptyResult="true"/>"#,
                r#"<Record action="/recorded" method="POST" maxLength="120" playBeep="true" recordingStatusCallback="/recording-ready" recordingStatusCallbackMethod="POST"/>"#,
                r#"<Redirect method="GET">/next</Redirect>"#,
                "<Hangup/>",
                "</Response>",
            ]
            .concat()
        );
    }

    #[test]
    fn an_empty_response_is_an_empty_element() {
        assert_eq!(
            Response::new().to_xml(),
            format!("{DECLARATION}<Response/>")
        );
    }

    #[test]
    fn markup_in_text_is_escaped() {
        let xml = Response::new()
            .verb(Say::new(r#"</Say><Hangup/> Tom & "Jerry's" <b>"#))
            .to_xml();
        assert_eq!(
            xml,
            format!(
                "{DECLARATION}<Response><Say>&lt;/Say&gt;&lt;Hangup/&gt; Tom &amp; &quot;Jerry&apos;s&quot; &lt;b&gt;</Say></Response>"
            )
        );
    }

    #[test]
    fn ampersands_and_quotes_in_urls_are_escaped() {
        let xml = Response::new()
            .verb(Gather::speech(r#"https://x.example/turn?a=1&b="2"&c=<3>"#))
            .verb(Play::new("https://x.example/a.mp3?sig=1&exp=2"))
            .verb(Say::new("hi").voice(r#"x" onload="y"#))
            .to_xml();
        assert!(xml.contains(
            r#"action="https://x.example/turn?a=1&amp;b=&quot;2&quot;&amp;c=&lt;3&gt;""#
        ));
        assert!(xml.contains("<Play>https://x.example/a.mp3?sig=1&amp;exp=2</Play>"));
        assert!(xml.contains(r#"<Say voice="x&quot; onload=&quot;y">hi</Say>"#));
    }
}
