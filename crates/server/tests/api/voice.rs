//! Speech (ElevenLabs) and voice messages, against stand-ins that speak
//! ElevenLabs' and an OpenAI-compatible transcription endpoint's wire
//! formats, on both engines.

use agentforge_server::dto::{TranscribedBy, VoiceSource, VoiceTurnOut};
use agentforge_testkit::speech::{
    CLONED_VOICE_ID, DEFAULT_TRANSCRIPT, SpeechFailure, TRANSCRIPTION_KEY, fake_audio,
};
use agentforge_testkit::{ELEVENLABS_KEY, ServicesStandIn};
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::client::Expected;
use crate::fixtures::{agent, sign_up};
use crate::helpers::{TestApp, for_each_engine_with};

const RACHEL: &str = "21m00Tcm4TlvDq8ikWAM";
const BELLA: &str = "EXAVITQu4vr4xnSDxMaL";
const EMILY: &str = "LcfcDJNUP1GQjkzn1xUU";
/// The first bytes of a WebM file: what a browser's MediaRecorder sends.
const WEBM: &[u8] = &[0x1A, 0x45, 0xDF, 0xA3, 0x9F, 0x42, 0x86, 0x81, 0x01];

fn speech_env(base: &str) -> Vec<(&'static str, String)> {
    vec![
        ("AGENTFORGE_FEATURE_VOICE_PROVIDER", "true".into()),
        ("AGENTFORGE_ELEVENLABS_API_KEY", ELEVENLABS_KEY.into()),
        ("AGENTFORGE_ELEVENLABS_BASE_URL", base.into()),
        ("AGENTFORGE_STT_BASE_URL", format!("{base}/v1")),
        ("AGENTFORGE_STT_API_KEY", TRANSCRIPTION_KEY.into()),
    ]
}

async fn with_env(env: &[(&'static str, String)], test: impl AsyncFn(TestApp)) {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for_each_engine_with(&env, test).await;
}

/// POST /api/elevenlabs/text-to-speech: (status, headers, body).
async fn speak(
    app: &TestApp,
    token: &str,
    body: Value,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let response = app
        .send_noted(
            app.client
                .post(app.url("/api/elevenlabs/text-to-speech"))
                .bearer_auth(token)
                .json(&body),
            reqwest::Method::POST,
            "/api/elevenlabs/text-to-speech",
        )
        .await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

fn error_code(body: &[u8]) -> String {
    let v: Value = serde_json::from_slice(body).unwrap();
    v["error"].as_str().unwrap().to_owned()
}

#[tokio::test]
async fn speech_is_streamed_cached_and_its_errors_keep_the_specifications_codes() {
    let services = ServicesStandIn::start().await;
    with_env(&speech_env(&services.base), async |app: TestApp| {
        let token = sign_up(&app, "voice@example.com").await;
        let before = services.speech.spoken().len();

        // A catalogue name (any case): its id and its category's settings.
        let (status, headers, audio) =
            speak(&app, &token, json!({"text": "Hello there", "voiceId": "BELLA"})).await;
        assert_eq!(status, 200, "{}", String::from_utf8_lossy(&audio));
        assert_eq!(headers["content-type"], "audio/mpeg");
        assert_eq!(headers["x-speech-cache"], "miss");
        assert_eq!(audio, fake_audio(BELLA, "Hello there"));
        let spoken = services.speech.spoken();
        let sent = &spoken[before];
        assert_eq!(sent.voice_id, BELLA);
        assert_eq!(sent.output_format.as_deref(), Some("mp3_44100_128"));
        assert_eq!(sent.body["model_id"], "eleven_multilingual_v2");
        assert_eq!(
            sent.body["voice_settings"],
            json!({"stability": 0.6, "similarity_boost": 0.8, "style": 0.3, "use_speaker_boost": true}),
            "bella is warm"
        );

        // The same again costs nothing.
        let (status, headers, again) =
            speak(&app, &token, json!({"text": "Hello there", "voiceId": "bella"})).await;
        assert_eq!((status, &headers["x-speech-cache"]), (200, &"hit".parse().unwrap()));
        assert_eq!(again, audio);
        assert_eq!(services.speech.spoken().len(), before + 1);

        // Twenty letters or digits is an id as it is; anything else unknown is rachel.
        let (_, _, audio) = speak(
            &app,
            &token,
            json!({"text": "Hi", "voiceId": CLONED_VOICE_ID, "stability": 0.1, "speakerBoost": false}),
        )
        .await;
        assert_eq!(audio, fake_audio(CLONED_VOICE_ID, "Hi"));
        let last = services.speech.spoken().last().unwrap().clone();
        assert_eq!(
            last.body["voice_settings"],
            json!({"stability": 0.1, "similarity_boost": 0.75, "style": 0.2, "use_speaker_boost": false}),
            "the default call values, with what was given"
        );
        let (_, headers, _) = speak(&app, &token, json!({"text": "Hi", "voiceId": "nobody"})).await;
        assert_eq!(headers["x-voice-id"], RACHEL);

        // Each refusal keeps its code, and none is tried twice.
        for (failure, status, code) in [
            (SpeechFailure::Quota, 429, "QUOTA_EXCEEDED"),
            (SpeechFailure::InvalidKey, 502, "INVALID_API_KEY"),
            (SpeechFailure::Credits, 429, "INSUFFICIENT_CREDITS"),
            (SpeechFailure::Busy, 429, "RATE_LIMIT_EXCEEDED"),
        ] {
            services.speech.fail_next(&[failure]);
            let asked = services.speech.spoken().len();
            let (got, _, body) =
                speak(&app, &token, json!({"text": format!("Fails {code}")})).await;
            assert_eq!((got, error_code(&body)), (status, code.to_owned()));
            assert_eq!(services.speech.spoken().len(), asked + 1, "{code}: not retried");
        }

        // Bad asks name their fields and reach nobody.
        let asked = services.speech.spoken().len();
        let (status, _, body) = speak(&app, &token, json!({"text": "  ", "style": 2})).await;
        assert_eq!(status, 422);
        let fields: Vec<String> = serde_json::from_slice::<Value>(&body).unwrap()["errors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| e["field"].as_str().unwrap().to_owned())
            .collect();
        assert_eq!(fields, ["text", "style"]);
        assert_eq!(services.speech.spoken().len(), asked);

        // The voices: the catalogue, then the account's own (ids that are
        // not ids are left out).
        let api = app.api(&token);
        let voices = api.speech_voices().await.value();
        assert!(voices.enabled);
        assert_eq!(voices.default_voice, "rachel");
        let names: Vec<&str> = voices.voices.iter().map(|v| v.name.as_str()).collect();
        assert_eq!(
            names,
            ["adam", "bella", "charlie", "daniel", "emily", "george", "rachel", "Our Founder"]
        );
        let rachel = voices.voices.iter().find(|v| v.name == "rachel").unwrap();
        let adam = voices.voices.iter().find(|v| v.name == "adam").unwrap();
        assert!(rachel.available && !adam.available, "the account has rachel, not adam");
        let founder = voices.voices.last().unwrap();
        assert_eq!(founder.source, VoiceSource::Account);
        assert_eq!(founder.accent.as_deref(), Some("irish"));
        assert_eq!(founder.category, None);

        let test = api.test_speech_connection().await.value();
        assert!(test.ok && test.message.contains("28800 of 30000"), "{test:?}");
        assert_eq!(test.characters_left, Some(28_800));
    })
    .await;
}

#[tokio::test]
async fn speech_says_why_the_browser_speaks_instead() {
    let services = ServicesStandIn::start().await;
    // The voice provider off (the default): refused, and the catalogue only.
    with_env(
        &[
            ("AGENTFORGE_ELEVENLABS_API_KEY", ELEVENLABS_KEY.into()),
            ("AGENTFORGE_ELEVENLABS_BASE_URL", services.base.clone()),
        ],
        async |app: TestApp| {
            let token = sign_up(&app, "off@example.com").await;
            let (status, _, body) = speak(&app, &token, json!({"text": "Hello"})).await;
            assert_eq!(
                (status, error_code(&body).as_str()),
                (403, "feature_disabled")
            );
            let voices = app.api(&token).speech_voices().await.value();
            assert!(!voices.enabled && voices.source.is_none());
            assert_eq!(voices.voices.len(), 7);
            let test = app.api(&token).test_speech_connection().await.value();
            assert!(test.ok && test.message.contains("turned off"), "{test:?}");
        },
    )
    .await;
    // On, but nobody connected ElevenLabs.
    with_env(
        &[("AGENTFORGE_FEATURE_VOICE_PROVIDER", "true".into())],
        async |app: TestApp| {
            let token = sign_up(&app, "none@example.com").await;
            let (status, _, body) = speak(&app, &token, json!({"text": "Hello"})).await;
            assert_eq!(
                (status, error_code(&body).as_str()),
                (409, "speech_not_configured")
            );
            let test = app.api(&token).test_speech_connection().await.value();
            assert!(!test.ok && test.source.is_none(), "{test:?}");
        },
    )
    .await;
}

/// Posts a voice message: (status, body).
async fn voice_message(
    app: &TestApp,
    token: &str,
    audio: &[u8],
    fields: &[(&str, &str)],
) -> (u16, Value) {
    let mut form = reqwest::multipart::Form::new().part(
        "audio",
        reqwest::multipart::Part::bytes(audio.to_vec())
            .file_name("speech.webm")
            .mime_str("audio/webm")
            .unwrap(),
    );
    for (name, value) in fields {
        form = form.text(name.to_string(), value.to_string());
    }
    crate::fixtures::send_form(app, "/api/voice/conversations/message", token, form).await
}

async fn audio_of(
    app: &TestApp,
    token: &str,
    url: &str,
    range: Option<&str>,
) -> (u16, reqwest::header::HeaderMap, Vec<u8>) {
    let mut request = app.client.get(app.url(url)).bearer_auth(token);
    if let Some(range) = range {
        request = request.header("range", range);
    }
    let response = app.send_noted(request, reqwest::Method::GET, url).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    (status, headers, response.bytes().await.unwrap().to_vec())
}

#[tokio::test]
async fn voice_messages_are_heard_answered_spoken_and_kept() {
    let services = ServicesStandIn::start().await;
    with_env(&speech_env(&services.base), async |app: TestApp| {
        let token = sign_up(&app, "caller@example.com").await;
        let id = agent(
            &app,
            &token,
            json!({"name": "Front desk", "voice_enabled": true, "voice_model_id": "Emily"}),
        )
        .await;
        let spoken_before = services.speech.spoken().len();
        let (status, body) =
            voice_message(&app, &token, WEBM, &[("agentId", &id), ("language", "en")]).await;
        assert_eq!(status, 200, "{body}");
        let turn: VoiceTurnOut = serde_json::from_value(body["data"].clone()).unwrap();
        assert_eq!(turn.transcript, DEFAULT_TRANSCRIPT);
        assert_eq!(turn.transcribed_by, TranscribedBy::Server);
        assert_eq!(turn.user_message.content, DEFAULT_TRANSCRIPT);
        let heard = services.speech.transcribed().last().unwrap().clone();
        assert_eq!(
            (
                heard.model.as_str(),
                heard.language.as_deref(),
                heard.file_name.as_str(),
                heard.content_type.as_str(),
                heard.size
            ),
            (
                "whisper-1",
                Some("en"),
                "speech.webm",
                "audio/webm",
                WEBM.len()
            )
        );
        assert!(!turn.answer.content.is_empty());
        assert_eq!(turn.voice_id.as_deref(), Some(EMILY));
        assert!(turn.speech_error.is_none());

        // The answer was spoken sentence by sentence, in the agent's voice,
        // and its audio is every sentence's, in order.
        let spoken: Vec<_> = services.speech.spoken()[spoken_before..].to_vec();
        assert!(!spoken.is_empty());
        assert!(spoken.iter().all(|s| s.voice_id == EMILY));
        let said: String = spoken
            .iter()
            .map(|s| s.body["text"].as_str().unwrap().to_owned())
            .collect::<Vec<_>>()
            .join(" ");
        assert_eq!(
            said.split_whitespace().collect::<Vec<_>>(),
            turn.answer.content.split_whitespace().collect::<Vec<_>>()
        );
        let expected: Vec<u8> = spoken
            .iter()
            .flat_map(|s| fake_audio(EMILY, s.body["text"].as_str().unwrap()))
            .collect();
        let answer_audio = turn
            .answer_audio
            .clone()
            .expect("the spoken answer is kept");
        assert_eq!(turn.audio_id.as_deref(), Some(turn.answer.id.as_str()));
        let (status, headers, whole) = audio_of(&app, &token, &answer_audio.url, None).await;
        assert_eq!(status, 200);
        assert_eq!(headers["content-type"], "audio/mpeg");
        assert_eq!(headers["accept-ranges"], "bytes");
        assert_eq!(whole, expected);
        assert_eq!(answer_audio.size_bytes, expected.len() as u64);

        // Players seek with ranges.
        let (status, headers, part) =
            audio_of(&app, &token, &answer_audio.url, Some("bytes=0-2")).await;
        assert_eq!((status, part.as_slice()), (206, b"ID3".as_slice()));
        assert_eq!(
            headers["content-range"],
            format!("bytes 0-2/{}", expected.len()).as_str()
        );
        let (status, _, _) =
            audio_of(&app, &token, &answer_audio.url, Some("bytes=99999999-")).await;
        assert_eq!(status, 416);

        // The recording is kept, and only its conversation's people hear it.
        let user_audio = turn.user_audio.clone().unwrap();
        assert_eq!(user_audio.content_type, "audio/webm");
        let (_, _, recording) = audio_of(&app, &token, &user_audio.url, None).await;
        assert_eq!(recording, WEBM);
        let stranger = sign_up(&app, "stranger@example.com").await;
        for url in [&user_audio.url, &answer_audio.url] {
            let (status, _, body) = audio_of(&app, &stranger, url, None).await;
            assert_eq!(
                (status, error_code(&body).as_str()),
                (404, "message_not_found")
            );
        }

        // The conversation's messages carry their audio and the answer the timings.
        let messages = app
            .api(&token)
            .voice_messages(&turn.conversation_id)
            .await
            .value();
        assert_eq!(messages.len(), 2);
        assert!(messages[0].audio.is_some() && messages[0].timings.is_none());
        let timings = messages[1].timings.unwrap();
        assert!(timings.total_ms >= timings.transcription_ms);
        assert!(timings.first_audio_ms.is_some() && timings.first_token_ms.is_some());
        assert_eq!(messages[1].transcribed_by, Some(TranscribedBy::Server));
        app.api(&stranger)
            .voice_messages(&turn.conversation_id)
            .await
            .unwrap_err()
            .expect(404, "conversation_not_found");

        // The conversation goes on, and is in the history as a voice one.
        let (status, body) = voice_message(
            &app,
            &token,
            WEBM,
            &[("agentId", &id), ("conversationId", &turn.conversation_id)],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(
            body["data"]["conversationId"],
            turn.conversation_id.as_str()
        );
        let (_, conversation) = app
            .get_as(
                &format!("/api/conversations/{}", turn.conversation_id),
                &token,
            )
            .await;
        assert_eq!(conversation["data"]["channel"], "voice", "{conversation}");
    })
    .await;
}

#[tokio::test]
async fn voice_turns_stream_each_sentence_as_it_is_spoken() {
    let services = ServicesStandIn::start().await;
    with_env(&speech_env(&services.base), async |app: TestApp| {
        let token = sign_up(&app, "stream@example.com").await;
        let id = agent(&app, &token, json!({"name": "Desk", "voice_enabled": true})).await;
        let form = reqwest::multipart::Form::new()
            .part(
                "audio",
                reqwest::multipart::Part::bytes(WEBM.to_vec()).file_name("a.webm"),
            )
            .text("agentId", id.clone());
        let response = app
            .client
            .post(app.url("/api/voice/conversations/message"))
            .bearer_auth(&token)
            .header("accept", "text/event-stream")
            .multipart(form)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200);
        let mut decoder = agentforge_llm::SseDecoder::new();
        let mut events: Vec<(String, Value)> = Vec::new();
        let mut body = response.bytes_stream();
        while let Some(chunk) = body.next().await {
            for event in decoder.push(&chunk.unwrap()) {
                let data: Value = serde_json::from_str(&event.data).unwrap();
                if event.event != "end" {
                    // Each is the document's `VoiceEvent`.
                    let frame = json!({"event": event.event, "data": data});
                    serde_json::from_value::<agentforge_server::dto::VoiceEvent>(frame).unwrap();
                }
                events.push((event.event, data));
            }
        }
        let names: Vec<&str> = events.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(names[..2], ["transcript", "start"], "{names:?}");
        assert_eq!(*names.last().unwrap(), "end");
        let sentences: Vec<&Value> = events
            .iter()
            .filter(|(n, _)| n == "sentence")
            .map(|(_, d)| d)
            .collect();
        assert!(!sentences.is_empty());
        for (i, s) in sentences.iter().enumerate() {
            assert_eq!(s["index"], i as u64);
            use base64::Engine;
            let audio = base64::engine::general_purpose::STANDARD
                .decode(s["audio"].as_str().unwrap())
                .unwrap();
            assert_eq!(audio, fake_audio(RACHEL, s["text"].as_str().unwrap()));
        }
        let first_sentence = names.iter().position(|n| *n == "sentence").unwrap();
        let end = &events.last().unwrap().1;
        assert_eq!(end["transcript"], DEFAULT_TRANSCRIPT);
        assert!(first_sentence < names.len() - 1);
    })
    .await;
}

#[tokio::test]
async fn voice_messages_fall_back_to_the_browser_and_refuse_what_they_cannot_take() {
    let services = ServicesStandIn::start().await;
    // Nothing configured: the browser's transcript, and the browser speaks.
    with_env(&[], async |app: TestApp| {
        let token = sign_up(&app, "plain@example.com").await;
        let id = agent(&app, &token, json!({"name": "Desk", "voice_enabled": true})).await;
        let (status, body) = voice_message(&app, &token, WEBM, &[("agentId", &id)]).await;
        assert_eq!(
            (status, body["errors"][0]["field"].as_str()),
            (422, Some("transcript")),
            "{body}"
        );
        let (status, body) = voice_message(
            &app,
            &token,
            WEBM,
            &[("agentId", &id), ("transcript", "Do you open on Sundays?")],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let turn: VoiceTurnOut = serde_json::from_value(body["data"].clone()).unwrap();
        assert_eq!(turn.transcribed_by, TranscribedBy::Browser);
        assert_eq!(turn.user_message.content, "Do you open on Sundays?");
        assert!(turn.answer_audio.is_none() && turn.voice_id.is_none());

        // What cannot be taken changes nothing.
        for (audio, fields, status, code) in [
            (
                b"<html>".as_slice(),
                vec![("agentId", id.as_str()), ("transcript", "hi")],
                422,
                "unsupported_audio",
            ),
            (WEBM, vec![("transcript", "hi")], 422, "validation_failed"),
            (
                WEBM,
                vec![
                    ("agentId", id.as_str()),
                    ("transcript", "hi"),
                    ("durationMs", "999999"),
                ],
                422,
                "validation_failed",
            ),
            (
                WEBM,
                vec![("agentId", "nope"), ("transcript", "hi")],
                404,
                "agent_not_found",
            ),
        ] {
            let (got, body) = voice_message(&app, &token, audio, &fields).await;
            assert_eq!(
                (got, body["error"].as_str()),
                (status, Some(code)),
                "{body}"
            );
        }
        let big = [WEBM, &vec![0u8; 10 * 1024 * 1024]].concat();
        let (status, body) = voice_message(
            &app,
            &token,
            &big,
            &[("agentId", &id), ("transcript", "hi")],
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (413, Some("file_too_large"))
        );
        // At most 30 a minute, counted before the recording is read.
        let busy = sign_up(&app, "busy@example.com").await;
        for _ in 0..30 {
            let (status, _) = voice_message(&app, &busy, WEBM, &[("transcript", "hi")]).await;
            assert_eq!(status, 422);
        }
        let (status, body) = voice_message(&app, &busy, &big, &[("agentId", &id)]).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (429, Some("rate_limited"))
        );
        let quiet = agent(&app, &token, json!({"name": "Text only"})).await;
        let (status, body) = voice_message(
            &app,
            &token,
            WEBM,
            &[("agentId", &quiet), ("transcript", "hi")],
        )
        .await;
        assert_eq!(
            (status, body["error"].as_str()),
            (409, Some("voice_disabled"))
        );
    })
    .await;

    // Speech and transcription failing: the browser's transcript is used,
    // and the browser speaks once ElevenLabs refuses.
    with_env(&speech_env(&services.base), async |app: TestApp| {
        let token = sign_up(&app, "quota@example.com").await;
        let id = agent(&app, &token, json!({"name": "Desk", "voice_enabled": true})).await;
        services.speech.fail_transcriptions(1);
        services.speech.fail_next(&[SpeechFailure::Quota]);
        let (status, body) = voice_message(
            &app,
            &token,
            WEBM,
            &[("agentId", &id), ("transcript", "Are you open?")],
        )
        .await;
        assert_eq!(status, 200, "{body}");
        let turn: VoiceTurnOut = serde_json::from_value(body["data"].clone()).unwrap();
        assert_eq!(turn.transcribed_by, TranscribedBy::Browser);
        assert_eq!(turn.speech_error.as_ref().unwrap().code, "QUOTA_EXCEEDED");
        assert!(
            turn.answer_audio.is_none(),
            "a partly spoken answer is not kept"
        );

        // Transcription failing with no transcript to fall back on.
        services.speech.fail_transcriptions(1);
        let (status, body) = voice_message(&app, &token, WEBM, &[("agentId", &id)]).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (502, Some("transcription_failed")),
            "{body}"
        );
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .starts_with("Failed to process voice message")
        );
    })
    .await;
}
