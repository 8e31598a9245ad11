//! Phone calls and inbound SMS through Twilio, against a stand-in speaking
//! Twilio's Calls and Messages APIs, with Twilio's requests to the server
//! signed by Twilio's algorithm; and the call simulator, without Twilio.
//! On both engines.

use agentforge_domain::voice::{CallDirection, CallStatus};
use agentforge_server::dto::{
    CallHistoryQuery, CallStep, InitiateCallIn, NumberIn, NumberUpdateIn, ReplyIn, SimulateCallIn,
    SimulatorSpeechIn,
};
use agentforge_server::http::Filter;
use agentforge_testkit::twilio::{INVALID_NUMBER, recording_audio, sign};
use agentforge_testkit::{ELEVENLABS_KEY, ServicesStandIn, TWILIO_SID, TWILIO_TOKEN};
use serde_json::Value;

use crate::client::Expected;
use crate::fixtures::{deployed_agent, eventually, sign_up};
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

const FROM: &str = "+14155550100";
const ALICE: &str = "+14155552671";
/// A number of the account's that reaches an agent.
const LINE: &str = "+14155550199";
/// The URL Twilio is given: the server's public URL, not the address the
/// test reaches it on.
const PUBLIC: &str = "https://agents.example.com";

fn twilio_env(services: &ServicesStandIn, voice: bool) -> Vec<(&'static str, String)> {
    let mut env = vec![
        ("AGENTFORGE_TWILIO_ACCOUNT_SID", TWILIO_SID.to_owned()),
        ("AGENTFORGE_TWILIO_AUTH_TOKEN", TWILIO_TOKEN.to_owned()),
        ("AGENTFORGE_TWILIO_PHONE_NUMBER", FROM.to_owned()),
        ("AGENTFORGE_TWILIO_BASE_URL", services.base.clone()),
        ("AGENTFORGE_PUBLIC_URL", PUBLIC.to_owned()),
    ];
    if voice {
        env.extend([
            ("AGENTFORGE_FEATURE_VOICE_PROVIDER", "true".to_owned()),
            ("AGENTFORGE_ELEVENLABS_API_KEY", ELEVENLABS_KEY.to_owned()),
            ("AGENTFORGE_ELEVENLABS_BASE_URL", services.base.clone()),
        ]);
    }
    env
}

async fn with_env(env: &[(&'static str, String)], test: impl AsyncFn(TestApp)) {
    let env: Vec<(&str, &str)> = env.iter().map(|(k, v)| (*k, v.as_str())).collect();
    for_each_engine_with(&env, test).await;
}

fn call_to(agent_id: &str, number: &str) -> InitiateCallIn {
    InitiateCallIn {
        agent_id: agent_id.into(),
        phone_number: number.into(),
        from_number: None,
        variables: Default::default(),
        record: false,
    }
}

/// What Twilio posts to `path` (under /api), signed (or with `signature`
/// when given): status and body.
async fn twilio_post(
    app: &TestApp,
    path: &str,
    params: &[(&str, &str)],
    signature: Option<&str>,
) -> (u16, String) {
    let signed = sign(&format!("{PUBLIC}{path}"), params);
    let response = app
        .client
        .post(app.url(path))
        .header("x-twilio-signature", signature.unwrap_or(&signed))
        .header("content-type", "application/x-www-form-urlencoded")
        .body(serde_urlencoded::to_string(params).unwrap())
        .send()
        .await
        .unwrap();
    (
        response.status().as_u16(),
        response.text().await.unwrap_or_default(),
    )
}

fn history() -> CallHistoryQuery {
    CallHistoryQuery::default()
}

#[tokio::test]
async fn placed_calls_follow_twilios_signed_callbacks_and_never_go_back() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, false), async |app: TestApp| {
        let token = sign_up(&app, "caller@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Reception").await;
        let placed_before = services.twilio.calls().len();

        let call = api
            .initiate_call(&call_to(&agent, "+1 (415) 555-2671"))
            .await
            .value();
        assert_eq!(call.status, CallStatus::Queued);
        assert_eq!(call.direction, CallDirection::Outbound);
        assert_eq!((call.from.as_str(), call.to.as_str()), (FROM, ALICE));
        let placed = services.twilio.calls();
        assert_eq!(placed.len(), placed_before + 1);
        let twilio = placed.last().unwrap().clone();
        assert_eq!(call.sid.as_deref(), Some(twilio.sid.as_str()));
        assert_eq!(
            twilio.url,
            format!("{PUBLIC}/api/phone/twilio/voice?call={}", call.id)
        );
        assert_eq!(
            twilio.status_callback.as_deref(),
            Some(format!("{PUBLIC}/api/phone/twilio/status?call={}", call.id).as_str())
        );
        assert_eq!(
            twilio.status_callback_events,
            ["initiated", "ringing", "answered", "completed"]
        );
        assert_eq!(app.audit("phone_call.create").await.len(), 1);

        // Bad input and refusals change nothing at Twilio.
        let body = api
            .initiate_call(&call_to(&agent, "12345"))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "phoneNumber");
        let mut bad = call_to(&agent, ALICE);
        bad.variables = [("not a name".to_owned(), "x".to_owned())].into();
        api.initiate_call(&bad)
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        let mut bad = call_to(&agent, ALICE);
        bad.from_number = Some("+14155550123".into());
        let body = api
            .initiate_call(&bad)
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert_eq!(body.errors[0].field, "fromNumber");
        let draft = crate::fixtures::agent(
            &app,
            &token,
            serde_json::json!({"name": "Draft", "status": "active"}),
        )
        .await;
        api.initiate_call(&call_to(&draft, ALICE))
            .await
            .unwrap_err()
            .expect(409, "not_deployed");
        assert_eq!(services.twilio.calls().len(), placed_before + 1);

        // A number Twilio refuses: the caller's field, and the call kept
        // as failed with Twilio's words.
        let body = api
            .initiate_call(&call_to(&agent, INVALID_NUMBER))
            .await
            .unwrap_err()
            .expect(422, "validation_failed");
        assert!(body.errors[0].message.contains("Invalid 'To'"), "{body:?}");

        // Callbacks, signed; a bad signature is refused and changes nothing.
        let status = format!("/api/phone/twilio/status?call={}", call.id);
        let callback = |s: &'static str| {
            vec![
                ("AccountSid", TWILIO_SID),
                ("CallSid", twilio.sid.as_str()),
                ("CallStatus", s),
            ]
        };
        let (code, _) = twilio_post(&app, &status, &callback("ringing"), Some("bad")).await;
        assert_eq!(code, 401);
        let (code, _) = twilio_post(&app, &status, &callback("ringing"), None).await;
        assert_eq!(code, 204);
        assert_eq!(
            api.call_status(&call.id).await.value().status,
            CallStatus::Ringing
        );
        // Signed for another URL (another call's) does not pass here.
        let elsewhere = sign(
            &format!("{PUBLIC}/api/phone/twilio/status?call=other"),
            &callback("completed"),
        );
        let (code, _) = twilio_post(&app, &status, &callback("completed"), Some(&elsewhere)).await;
        assert_eq!(code, 401);
        let mut done = callback("completed");
        done.push(("CallDuration", "42"));
        let (code, _) = twilio_post(&app, &status, &done, None).await;
        assert_eq!(code, 204);
        // A late callback never moves a call back.
        let (code, _) = twilio_post(&app, &status, &callback("in-progress"), None).await;
        assert_eq!(code, 204);
        let now = api.call_status(&call.id).await.value();
        assert_eq!(now.status, CallStatus::Completed);
        assert_eq!(now.duration_seconds, Some(42));
        assert!(now.ended_at.is_some());

        // The history, filtered; only one's own.
        let page = api.call_history(&history()).await.value();
        assert_eq!(page.meta.total, 2, "the placed call and the refused one");
        assert_eq!(page.data[0].status, CallStatus::Failed);
        assert!(page.data[0].error.as_deref().unwrap().contains("21211"));
        let mut query = history();
        query.status = Some(Filter::Only(CallStatus::Completed));
        assert_eq!(api.call_history(&query).await.value().meta.total, 1);
        let mut query = history();
        query.direction = Some(Filter::Only(CallDirection::Inbound));
        assert_eq!(api.call_history(&query).await.value().meta.total, 0);
        let mut query = history();
        query.from = Some("2999-01-01".into());
        assert_eq!(api.call_history(&query).await.value().meta.total, 0);
        let other = sign_up(&app, "snoop@example.com").await;
        let snoop = app.api(&other);
        snoop
            .call_status(&call.id)
            .await
            .unwrap_err()
            .expect(404, "call_not_found");
        assert_eq!(snoop.call_history(&history()).await.value().meta.total, 0);
    })
    .await;

    for_each_engine(async |app: TestApp| {
        let token = sign_up(&app, "nophone@example.com").await;
        let agent = deployed_agent(&app, &token, "Reception").await;
        app.api(&token)
            .initiate_call(&call_to(&agent, ALICE))
            .await
            .unwrap_err()
            .expect(409, "phone_not_configured");
    })
    .await;
}

/// The first attribute `name` in `xml`.
fn attribute<'a>(xml: &'a str, name: &str) -> Option<&'a str> {
    let start = xml.find(&format!("{name}=\""))? + name.len() + 2;
    let end = xml[start..].find('"')? + start;
    Some(&xml[start..end])
}

#[tokio::test]
async fn a_call_greets_listens_and_answers_each_turn_in_its_conversation() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, false), async |app: TestApp| {
        let token = sign_up(&app, "talker@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Reception").await;
        let call = api.initiate_call(&call_to(&agent, ALICE)).await.value();
        let sid = call.sid.clone().unwrap();
        let form = |extra: &[(&'static str, &'static str)]| -> Vec<(&str, &str)> {
            let mut params = vec![("AccountSid", TWILIO_SID), ("CallSid", sid.as_str())];
            params.extend_from_slice(extra);
            params
        };

        // Answered: the greeting inside a speech gather, in the agent's
        // language, said by Twilio (no voice provider).
        let voice = format!("/api/phone/twilio/voice?call={}", call.id);
        let params = form(&[("CallStatus", "in-progress")]);
        let (code, xml) = twilio_post(&app, &voice, &params, None).await;
        assert_eq!(code, 200, "{xml}");
        assert!(xml.contains("<Gather input=\"speech\""), "{xml}");
        assert_eq!(
            attribute(&xml, "action"),
            Some(format!("{PUBLIC}/api/phone/twilio/gather?call={}", call.id).as_str())
        );
        assert!(xml.contains("<Say language=\"en-US\">Hi</Say>"), "{xml}");
        assert_eq!(
            api.call_status(&call.id).await.value().status,
            CallStatus::InProgress
        );

        // A turn: heard, answered by the agent, listening again.
        let gather = format!("/api/phone/twilio/gather?call={}", call.id);
        let params = form(&[("SpeechResult", "What are your opening hours?")]);
        let (code, xml) = twilio_post(&app, &gather, &params, None).await;
        assert_eq!(code, 200, "{xml}");
        assert!(xml.contains("<Gather input=\"speech\""), "{xml}");
        assert!(xml.contains("<Say language=\"en-US\">"), "{xml}");
        let now = api.call_status(&call.id).await.value();
        assert_eq!(now.turns, 1);
        let conversation = now.conversation_id.clone().expect("a conversation");
        let (status, body) = app
            .get_as(&format!("/api/conversations/{conversation}"), &token)
            .await;
        assert_eq!(status, 200, "{body}");
        assert_eq!(body["data"]["channel"], "phone");
        let (_, messages) = app
            .get_as(
                &format!("/api/conversations/{conversation}/messages"),
                &token,
            )
            .await;
        let contents: Vec<&str> = messages["data"]
            .as_array()
            .unwrap()
            .iter()
            .map(|m| m["content"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(contents[0], "What are your opening hours?", "{messages}");
        assert_eq!(contents.len(), 2, "{messages}");
        // The answer said is the stored one.
        let said = xml.replace("&apos;", "'");
        assert!(
            said.contains(&contents[1][..contents[1].len().min(20)]),
            "{xml}"
        );

        // A request not signed by Twilio runs no turn.
        let (code, _) = twilio_post(&app, &gather, &params, Some("forged")).await;
        assert_eq!(code, 401);
        assert_eq!(api.call_status(&call.id).await.value().turns, 1);

        // Silence: asked twice whether they are still there, then goodbye.
        let quiet = form(&[]);
        for _ in 0..2 {
            let (_, xml) = twilio_post(&app, &gather, &quiet, None).await;
            assert!(xml.contains("Are you still there?"), "{xml}");
            assert!(!xml.contains("<Hangup/>"), "{xml}");
        }
        let (_, xml) = twilio_post(&app, &gather, &quiet, None).await;
        assert!(
            xml.contains("Goodbye!") && xml.ends_with("<Hangup/></Response>"),
            "{xml}"
        );

        // Twilio reports the hang-up: the conversation ends with the call.
        let status = format!("/api/phone/twilio/status?call={}", call.id);
        let done = form(&[("CallStatus", "completed"), ("CallDuration", "65")]);
        assert_eq!(twilio_post(&app, &status, &done, None).await.0, 204);
        let (_, body) = app
            .get_as(&format!("/api/conversations/{conversation}"), &token)
            .await;
        assert_eq!(body["data"]["status"], "ended", "{body}");
        // And a request for an ended call hangs up.
        let (_, xml) = twilio_post(&app, &gather, &params, None).await;
        assert!(xml.ends_with("<Response><Hangup/></Response>"), "{xml}");
    })
    .await;
}

#[tokio::test]
async fn a_call_follows_the_agents_flow_listening_for_keys_as_its_question_says() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, true), async |app: TestApp| {
        let token = sign_up(&app, "talker@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Box office").await;
        let flow = serde_json::json!({
            "nodes": [
                {"id": "start", "type": "start"},
                {"id": "many", "type": "question", "data": {"text": "How many tickets?", "variable": "n", "answerType": "number", "listenTimeoutSeconds": 9, "dtmf": true}},
                {"id": "done", "type": "message", "data": {"text": "{{ vars.n }} tickets, thank you.", "voice": {"voiceId": "AZnzlk1XvdvUeBnXmlld", "stability": 0.3}}}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "many"},
                {"id": "e2", "source": "many", "target": "done"}
            ]
        });
        for (method, path, body) in [
            (reqwest::Method::PUT, format!("/api/agents/{agent}"), serde_json::json!({"flow": flow})),
            (reqwest::Method::POST, format!("/api/agents/{agent}/deploy"), serde_json::json!({"environment": "production"})),
        ] {
            let (status, body) = app.send_json(method, &path, Some(&token), &body).await;
            assert_eq!(status, 200, "{body}");
        }
        let call = api.initiate_call(&call_to(&agent, ALICE)).await.value();
        let sid = call.sid.clone().unwrap();
        let gather = format!("/api/phone/twilio/gather?call={}", call.id);
        let heard = |name: &'static str, value: &'static str| -> Vec<(&'static str, String)> {
            vec![("AccountSid", TWILIO_SID.to_owned()), ("CallSid", sid.clone()), (name, value.to_owned())]
        };
        let post = async |params: Vec<(&'static str, String)>| {
            let params: Vec<(&str, &str)> = params.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let (code, xml) = twilio_post(&app, &gather, &params, None).await;
            assert_eq!(code, 200, "{xml}");
            xml
        };

        // What a response plays, as the audio served.
        let played = async |xml: &str| {
            let start = xml.find("<Play>").expect("a play") + "<Play>".len();
            let url = xml[start..start + xml[start..].find("</Play>").unwrap()].replace("&amp;", "&");
            let path = url.strip_prefix(PUBLIC).expect("on the public URL").to_owned();
            app.get(&path).await.bytes().await.unwrap().to_vec()
        };

        // The flow asks, in the agent's voice, and listens for speech or
        // keys for as long as its question says.
        let xml = post(heard("SpeechResult", "Hello")).await;
        assert_eq!(played(&xml).await, agentforge_testkit::speech::fake_audio("21m00Tcm4TlvDq8ikWAM", "How many tickets?"));
        assert!(xml.contains("<Gather input=\"speech dtmf\""), "{xml}");
        assert_eq!(attribute(&xml, "timeout"), Some("9"), "{xml}");
        // Keys pressed answer it; the message speaks in its own voice.
        let xml = post(heard("Digits", "3")).await;
        assert_eq!(played(&xml).await, agentforge_testkit::speech::fake_audio("AZnzlk1XvdvUeBnXmlld", "3 tickets, thank you."));
        assert!(xml.contains("<Gather input=\"speech\""), "listening as usual again: {xml}");
    })
    .await;
}

#[tokio::test]
async fn with_the_voice_provider_on_a_call_plays_the_agents_synthesised_voice() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, true), async |app: TestApp| {
        let token = sign_up(&app, "voiced@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Reception").await;
        let call = api.initiate_call(&call_to(&agent, ALICE)).await.value();
        let sid = call.sid.clone().unwrap();
        let voice = format!("/api/phone/twilio/voice?call={}", call.id);
        let (code, xml) = twilio_post(
            &app,
            &voice,
            &[("AccountSid", TWILIO_SID), ("CallSid", &sid)],
            None,
        )
        .await;
        assert_eq!(code, 200, "{xml}");
        assert!(!xml.contains("<Say"), "{xml}");
        let start = xml.find("<Play>").expect("a play") + "<Play>".len();
        let url = &xml[start..start + xml[start..].find("</Play>").unwrap()];
        let url = url.replace("&amp;", "&");
        let path = url.strip_prefix(PUBLIC).expect("on the public URL");
        assert!(path.starts_with("/api/phone/speech/"), "{path}");

        // Twilio fetches it without a session; the signature is the key.
        let audio = app.get(path).await;
        assert_eq!(audio.status().as_u16(), 200);
        assert_eq!(audio.headers()["content-type"], "audio/mpeg");
        let bytes = audio.bytes().await.unwrap();
        assert_eq!(
            bytes.as_ref(),
            agentforge_testkit::speech::fake_audio("21m00Tcm4TlvDq8ikWAM", "Hi").as_slice()
        );
        let forged = format!("{}0", &path[..path.len() - 1]);
        let forged = if forged == path {
            format!("{}1", &path[..path.len() - 1])
        } else {
            forged
        };
        assert_eq!(app.get(&forged).await.status().as_u16(), 404);
        assert_eq!(
            app.get(path.split('?').next().unwrap())
                .await
                .status()
                .as_u16(),
            404
        );

        // ElevenLabs failing: Twilio says it instead, and the call goes on.
        services
            .speech
            .fail_next(&[agentforge_testkit::speech::SpeechFailure::Quota]);
        let gather = format!("/api/phone/twilio/gather?call={}", call.id);
        let (code, xml) = twilio_post(
            &app,
            &gather,
            &[
                ("AccountSid", TWILIO_SID),
                ("CallSid", &sid),
                ("SpeechResult", "What are your opening hours?"),
            ],
            None,
        )
        .await;
        assert_eq!(code, 200, "{xml}");
        assert!(xml.contains("<Say language=\"en-US\">"), "{xml}");
        assert!(xml.contains("<Gather"), "{xml}");

        // The simulator plays the same speech, as a path, with its words.
        let simulated = api
            .simulate_call(&SimulateCallIn {
                agent_id: agent.clone(),
                variables: Default::default(),
            })
            .await
            .value();
        assert!(
            matches!(&simulated.steps[0], CallStep::Play { url, text }
                if text == "Hi" && url.starts_with("/api/phone/speech/")),
            "{:?}",
            simulated.steps
        );
    })
    .await;
}

#[tokio::test]
async fn a_number_takes_calls_and_sms_for_its_agent() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, false), async |app: TestApp| {
        let token = sign_up(&app, "line@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Front desk").await;
        let number = api
            .add_number(&NumberIn {
                phone_number: "+1 415 555 0199".into(),
                agent_id: agent.clone(),
                record_calls: false,
            })
            .await
            .value();
        assert_eq!(number.phone_number, LINE);
        assert_eq!(api.list_numbers().await.value().len(), 1);
        assert_eq!(app.audit("phone_number.create").await.len(), 1);
        let setup = api.phone_setup().await.value();
        assert!(setup.twilio_configured && setup.public_url_reachable);
        assert_eq!(setup.voice_url, format!("{PUBLIC}/api/phone/twilio/voice"));
        assert_eq!(setup.sms_url, format!("{PUBLIC}/api/phone/twilio/sms"));

        // Nobody else may take the number, or point it at their agent, or
        // point it at an agent that is not theirs.
        let other = sign_up(&app, "rival@example.com").await;
        let rival = app.api(&other);
        let theirs = deployed_agent(&app, &other, "Rival").await;
        rival
            .add_number(&NumberIn {
                phone_number: LINE.into(),
                agent_id: theirs.clone(),
                record_calls: false,
            })
            .await
            .unwrap_err()
            .expect(409, "number_taken");
        rival
            .update_number(
                &number.id,
                &NumberUpdateIn {
                    agent_id: theirs.clone(),
                    record_calls: true,
                },
            )
            .await
            .unwrap_err()
            .expect(404, "phone_number_not_found");
        api.update_number(
            &number.id,
            &NumberUpdateIn {
                agent_id: theirs.clone(),
                record_calls: false,
            },
        )
        .await
        .unwrap_err()
        .expect(404, "agent_not_found");

        // A call comes in: the number's agent answers it.
        let inbound = [
            ("AccountSid", TWILIO_SID),
            ("CallSid", "CA00000000000000000000000000000099"),
            ("From", ALICE),
            ("To", LINE),
            ("CallStatus", "ringing"),
            ("Direction", "inbound"),
        ];
        let (code, _) = twilio_post(&app, "/api/phone/twilio/voice", &inbound, Some("x")).await;
        assert_eq!(code, 401);
        let (code, xml) = twilio_post(&app, "/api/phone/twilio/voice", &inbound, None).await;
        assert_eq!(code, 200, "{xml}");
        assert!(xml.contains("<Say language=\"en-US\">Hi</Say>"), "{xml}");
        // Twilio asking again finds the same call.
        twilio_post(&app, "/api/phone/twilio/voice", &inbound, None).await;
        let mut query = history();
        query.direction = Some(Filter::Only(CallDirection::Inbound));
        let calls = api.call_history(&query).await.value();
        assert_eq!(calls.meta.total, 1);
        assert_eq!(calls.data[0].from, ALICE);
        assert_eq!(calls.data[0].agent_id.as_deref(), Some(agent.as_str()));
        assert_eq!(calls.data[0].status, CallStatus::InProgress);
        // Its status callback, which Twilio sends to the number's URL
        // without our call id, finds it by CallSid.
        let (code, _) = twilio_post(
            &app,
            "/api/phone/twilio/status",
            &[
                ("AccountSid", TWILIO_SID),
                ("CallSid", "CA00000000000000000000000000000099"),
                ("CallStatus", "completed"),
                ("CallDuration", "12"),
            ],
            None,
        )
        .await;
        assert_eq!(code, 204);
        assert_eq!(
            api.call_status(&calls.data[0].id).await.value().status,
            CallStatus::Completed
        );

        // A number whose agent cannot answer is not in service either.
        let paused = deployed_agent(&app, &token, "Paused").await;
        let (status, body) = app
            .send_json(
                reqwest::Method::PUT,
                &format!("/api/agents/{paused}"),
                Some(&token),
                &serde_json::json!({"status": "paused"}),
            )
            .await;
        assert_eq!(status, 200, "{body}");
        let quiet_line = api
            .add_number(&NumberIn {
                phone_number: "+14155550188".into(),
                agent_id: paused,
                record_calls: false,
            })
            .await
            .value();
        let mut to_paused = inbound;
        to_paused[3] = ("To", "+14155550188");
        to_paused[1] = ("CallSid", "CA00000000000000000000000000000097");
        let (_, xml) = twilio_post(&app, "/api/phone/twilio/voice", &to_paused, None).await;
        assert!(xml.contains("not in service"), "{xml}");
        api.delete_number(&quiet_line.id).await.value();

        // A number nobody set up is not in service.
        let mut elsewhere = inbound;
        elsewhere[3] = ("To", "+14155550111");
        elsewhere[1] = ("CallSid", "CA00000000000000000000000000000098");
        let (code, xml) = twilio_post(&app, "/api/phone/twilio/voice", &elsewhere, None).await;
        assert_eq!(code, 200);
        assert!(
            xml.contains("not in service") && xml.contains("<Hangup/>"),
            "{xml}"
        );

        // An SMS: taken at once, answered from the job queue, from the
        // number, in the sender's conversation.
        let sent_before = services.twilio.messages().len();
        let sms = [
            ("AccountSid", TWILIO_SID),
            ("MessageSid", "SM00000000000000000000000000000042"),
            ("From", ALICE),
            ("To", LINE),
            ("Body", "Are you open on Sunday?"),
        ];
        let (code, _) = twilio_post(&app, "/api/phone/twilio/sms", &sms, Some("forged")).await;
        assert_eq!(code, 401);
        let (code, xml) = twilio_post(&app, "/api/phone/twilio/sms", &sms, None).await;
        assert_eq!(code, 200);
        assert!(xml.contains("<Response/>"), "{xml}");
        // Twilio's retry of the same message is taken once.
        twilio_post(&app, "/api/phone/twilio/sms", &sms, None).await;
        eventually(|| async { services.twilio.messages().len() > sent_before }).await;
        let answer = services.twilio.messages().last().unwrap().clone();
        assert_eq!((answer.to.as_str(), answer.from.as_str()), (ALICE, LINE));
        assert!(!answer.body.is_empty());
        let log = api
            .sms_log(&agentforge_server::http::PageQuery::default())
            .await
            .value();
        let kinds: Vec<(&str, &str)> = log
            .data
            .iter()
            .map(|s| (s.direction.as_str(), s.sms.body.as_str()))
            .collect();
        assert_eq!(
            kinds,
            [
                ("outbound", answer.body.as_str()),
                ("inbound", "Are you open on Sunday?")
            ]
        );
        let (_, conversations) = app.get_as("/api/conversations?channel=sms", &token).await;
        assert_eq!(conversations["meta"]["total"], 1, "{conversations}");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
        assert_eq!(
            services.twilio.messages().len(),
            sent_before + 1,
            "answered once"
        );

        // A team member takes the conversation over: the person's next SMS
        // waits for them, and their answer is texted from the number.
        let texted = conversations["data"][0]["id"].as_str().unwrap().to_owned();
        api.take_over_conversation(&texted).await.value();
        let again = [
            ("AccountSid", TWILIO_SID),
            ("MessageSid", "SM00000000000000000000000000000043"),
            ("From", ALICE),
            ("To", LINE),
            ("Body", "Hello?"),
        ];
        assert_eq!(
            twilio_post(&app, "/api/phone/twilio/sms", &again, None)
                .await
                .0,
            200
        );
        eventually(|| async {
            api.conversation_messages(&texted)
                .await
                .value()
                .iter()
                .any(|m| m.content == "Hello?")
        })
        .await;
        api.reply_in_conversation(
            &texted,
            &ReplyIn {
                message: "Yes, 10 to 4.".into(),
            },
        )
        .await
        .value();
        eventually(|| async { services.twilio.messages().len() > sent_before + 1 }).await;
        let reply = services.twilio.messages().last().unwrap().clone();
        assert_eq!(
            (reply.to.as_str(), reply.from.as_str(), reply.body.as_str()),
            (ALICE, LINE, "Yes, 10 to 4.")
        );
        assert_eq!(
            services.twilio.messages().len(),
            sent_before + 2,
            "the agent kept quiet"
        );

        api.delete_number(&number.id).await.value();
        assert!(api.list_numbers().await.value().is_empty());
        assert_eq!(
            app.audit("phone_number.delete").await.len(),
            2,
            "this one and the paused agent's"
        );
    })
    .await;
}

#[tokio::test]
async fn a_recorded_call_is_served_from_twilio_to_its_owner_only() {
    let services = ServicesStandIn::start().await;
    with_env(&twilio_env(&services, false), async |app: TestApp| {
        let token = sign_up(&app, "recorder@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Reception").await;
        let mut asked = call_to(&agent, ALICE);
        asked.record = true;
        let call = api.initiate_call(&asked).await.value();
        let twilio = services.twilio.calls().last().unwrap().clone();
        assert!(twilio.record);
        let callback = format!("/api/phone/twilio/recording?call={}", call.id);
        assert_eq!(
            twilio.recording_status_callback.as_deref(),
            Some(format!("{PUBLIC}{callback}").as_str())
        );
        let recording_sid = "RE00000000000000000000000000000007";
        let form = [
            ("AccountSid", TWILIO_SID),
            ("CallSid", twilio.sid.as_str()),
            ("RecordingSid", recording_sid),
            (
                "RecordingUrl",
                "https://api.twilio.com/2010-04-01/Accounts/AC/Recordings/RE7",
            ),
            ("RecordingDuration", "31"),
            ("RecordingStatus", "completed"),
        ];
        assert_eq!(twilio_post(&app, &callback, &form, Some("no")).await.0, 401);
        assert_eq!(twilio_post(&app, &callback, &form, None).await.0, 204);
        let now = api.call_status(&call.id).await.value();
        let url = now.recording_url.expect("a recording");
        assert_eq!(now.recording_seconds, Some(31));
        let response = app
            .client
            .get(app.url(&url))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 200);
        assert_eq!(response.headers()["content-type"], "audio/mpeg");
        assert_eq!(
            response.bytes().await.unwrap().as_ref(),
            recording_audio(recording_sid).as_slice()
        );
        let other = sign_up(&app, "eavesdropper@example.com").await;
        let (status, body) = app.get_as(&url, &other).await;
        assert_eq!(
            (status, body["error"].as_str()),
            (404, Some("call_not_found"))
        );
    })
    .await;
}

fn said(steps: &[CallStep]) -> Vec<String> {
    steps
        .iter()
        .filter_map(|s| match s {
            CallStep::Say { text, .. } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

#[tokio::test]
async fn the_simulator_runs_the_same_turns_without_twilio() {
    let allow_local = [("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")];
    for_each_engine_with(&allow_local, async |app: TestApp| {
        let token = sign_up(&app, "tryout@example.com").await;
        let api = app.api(&token);
        let agent = deployed_agent(&app, &token, "Reception").await;
        // The call's end goes to the owner's event endpoints.
        let receiver = crate::webhooks::Receiver::start(0).await;
        api.create_endpoint(&agentforge_server::dto::WebhookEndpointIn {
            url: receiver.url.clone(),
            events: vec![agentforge_domain::webhook::EndpointEvent::CallCompleted],
            description: None,
            enabled: None,
        })
        .await
        .value();
        let setup = api.phone_setup().await.value();
        assert!(!setup.twilio_configured);
        assert!(!setup.public_url_reachable, "{}", setup.public_url);

        let started = api
            .simulate_call(&SimulateCallIn {
                agent_id: agent.clone(),
                variables: [("customer".to_owned(), "Ada".to_owned())].into(),
            })
            .await
            .value();
        assert!(started.call.simulated);
        assert_eq!(started.call.status, CallStatus::InProgress);
        assert_eq!(said(&started.steps), ["Hi"]);
        assert!(matches!(
            started.steps.last(),
            Some(CallStep::Listen {
                timeout_seconds: 6,
                ..
            })
        ));
        assert!(
            started.twiml.contains("<Gather input=\"speech\""),
            "{}",
            started.twiml
        );
        let id = started.call.id.clone();

        let turn = api
            .simulator_speech(
                &id,
                &SimulatorSpeechIn {
                    speech: "Can I book a table for two?".into(),
                },
            )
            .await
            .value();
        assert_eq!(turn.call.turns, 1);
        assert!(!said(&turn.steps).is_empty());
        let conversation = turn.call.conversation_id.clone().unwrap();

        // Silence, as on the phone.
        let quiet = api
            .simulator_speech(&id, &SimulatorSpeechIn { speech: " ".into() })
            .await
            .value();
        assert_eq!(said(&quiet.steps), ["Are you still there?"]);

        let ended = api.simulator_hangup(&id).await.value();
        assert_eq!(ended.status, CallStatus::Completed);
        assert!(ended.duration_seconds.is_some());
        api.simulator_speech(
            &id,
            &SimulatorSpeechIn {
                speech: "Hello?".into(),
            },
        )
        .await
        .unwrap_err()
        .expect(409, "call_ended");
        let (_, body) = app
            .get_as(&format!("/api/conversations/{conversation}"), &token)
            .await;
        assert_eq!(body["data"]["status"], "ended");

        // Someone else's simulated call is nobody's to drive.
        let other = sign_up(&app, "intruder@example.com").await;
        app.api(&other)
            .simulator_hangup(&id)
            .await
            .unwrap_err()
            .expect(404, "call_not_found");
        // Twilio's hooks never reach a simulated call.
        let (code, _) = twilio_post(
            &app,
            &format!("/api/phone/twilio/gather?call={id}"),
            &[("SpeechResult", "hi")],
            None,
        )
        .await;
        assert_eq!(code, 401);
        let history: Value = app.get_as("/api/phone/call-history", &token).await.1;
        assert_eq!(history["data"][0]["variables"]["customer"], "Ada");
        let delivered = receiver.wait(1).await;
        let event: Value = serde_json::from_str(&delivered[0].1).unwrap();
        assert_eq!(event["type"], "call.completed");
        assert_eq!(event["data"]["call"]["id"], id.as_str());
        assert_eq!(event["data"]["call"]["status"], "completed");
        assert_eq!(event["data"]["call"]["turns"], 1);
        assert_eq!(event["data"]["agent"]["id"], agent.as_str());
    })
    .await;
}
