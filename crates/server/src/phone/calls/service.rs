//! Phone calls: placed through Twilio's REST API, received on a number
//! that reaches an agent, or simulated in the browser; every one carried
//! by the same TwiML turns.
//!
//! A call answers with the agent's greeting inside a `<Gather
//! input="speech">`; each thing heard runs a turn through the runtime
//! (channel `phone`, the agent's production deployment) in the call's
//! conversation, and the answer is spoken sentence by sentence (`<Play>`
//! of speech synthesised into the cache, at most two sentences made at
//! once; `<Say>` in the agent's language when the voice provider is off or
//! fails) inside the next `<Gather>`, so the caller can interrupt it.
//! Silence: asked whether they are still there, and after
//! [`SILENCES_BEFORE_HANGUP`] silent gathers in a row, goodbye. Statuses
//! are Twilio's own and only move forward (callbacks may come in any
//! order); a call that ends ends its conversation.

use std::collections::BTreeMap;

use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::conversation::{Channel, MessageRole};
use agentforge_domain::error::{Conflict, Error, Thing};
use agentforge_domain::flow::FlowSaid;
use agentforge_domain::flow::graph::MessageVoice;
use agentforge_domain::policy::{Action, Actor};
use agentforge_runtime::{PriorMessage, Runtime, TurnEvent, TurnRequest};
use agentforge_store::{Agent, CallFilter, PhoneCall, PhoneNumber, StatusChange, Store, User};
use agentforge_twilio::twiml::{Gather, GatherInput, Play, Prompt, Response, Say};
use agentforge_twilio::{CallStatus, CreateCall};
use futures_util::StreamExt;
use hmac::{Hmac, Mac};
use sha2::Sha256;

use super::words::{Words, words};
use crate::access;
use crate::audit::{self, Change};
use crate::configuration::{Feature, Settings};
use crate::phone::service::{TwilioAccount, twilio_error};
use crate::speech::service::{self as speech, Speaker, SpeechAsk};

/// Calls one person may place a minute.
pub const CALLS_PER_MINUTE: u32 = 10;
/// Simulated turns one person may take a minute.
pub const SIMULATOR_TURNS_PER_MINUTE: u32 = 60;
/// Silent gathers in a row before the call says goodbye.
pub const SILENCES_BEFORE_HANGUP: u32 = 3;
/// Seconds a gather waits for the caller to start speaking.
pub const LISTEN_SECONDS: u32 = 6;
/// Seconds an outbound call rings before it is `no-answer`.
pub const RING_SECONDS: u32 = 30;
/// Variables a call may carry, the longest name and value.
pub const VARIABLES_MAX: usize = 20;
pub const VARIABLE_NAME_MAX: usize = 64;
pub const VARIABLE_VALUE_MAX: usize = 500;
/// The longest speech result taken as a turn (Twilio's are far shorter).
pub const HEARD_MAX_CHARS: usize = 4_000;
/// Sentences synthesised at once for one answer.
const SPEAKING_AT_ONCE: usize = 2;
/// The largest recording passed on.
pub const RECORDING_MAX_BYTES: usize = 64 * 1024 * 1024;
/// What a simulated call's numbers read.
pub const SIMULATOR_NUMBER: &str = "browser";

/// Who a call is with, seen from the agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Direction {
    Inbound,
    Outbound,
}

impl Direction {
    pub fn as_str(self) -> &'static str {
        match self {
            Direction::Inbound => "inbound",
            Direction::Outbound => "outbound",
        }
    }
}

/// Where a status sits in a call's life; a status only follows a lower
/// one.
fn rank(status: CallStatus) -> u8 {
    match status {
        CallStatus::Queued => 0,
        CallStatus::Ringing => 1,
        CallStatus::InProgress => 2,
        _ => 3,
    }
}

fn before(status: CallStatus) -> Vec<String> {
    CallStatus::ALL
        .iter()
        .filter(|s| rank(**s) < rank(status))
        .map(|s| s.as_str().to_owned())
        .collect()
}

fn status_of(call: &PhoneCall) -> CallStatus {
    call.status.parse().unwrap_or(CallStatus::Failed)
}

/// The URLs Twilio is given for a call, all under the server's public URL,
/// and the signed URLs of synthesised speech (fetched by Twilio without a
/// session).
#[derive(Clone)]
pub struct Hooks {
    api: String,
    speech_key: [u8; 32],
}

impl Hooks {
    /// `public_url` as Admin › Configuration › General has it; `speech_key`
    /// signs speech URLs.
    pub fn new(public_url: &str, speech_key: [u8; 32]) -> Self {
        Self {
            api: format!("{}/api", public_url.trim_end_matches('/')),
            speech_key,
        }
    }

    /// Where a call's TwiML starts (the number's voice URL without `call`).
    pub fn voice(&self, call_id: Option<&str>) -> String {
        self.with_call("phone/twilio/voice", call_id)
    }

    pub fn gather(&self, call_id: &str) -> String {
        self.with_call("phone/twilio/gather", Some(call_id))
    }

    pub fn status(&self, call_id: Option<&str>) -> String {
        self.with_call("phone/twilio/status", call_id)
    }

    pub fn recording(&self, call_id: &str) -> String {
        self.with_call("phone/twilio/recording", Some(call_id))
    }

    /// The number's messaging URL.
    pub fn sms(&self) -> String {
        format!("{}/phone/twilio/sms", self.api)
    }

    fn with_call(&self, path: &str, call_id: Option<&str>) -> String {
        match call_id {
            Some(id) => format!("{}/{path}?call={id}", self.api),
            None => format!("{}/{path}", self.api),
        }
    }

    /// The URL of cached speech, signed.
    pub fn speech(&self, key: &str) -> String {
        format!(
            "{}/phone/speech/{key}?sig={}",
            self.api,
            self.speech_signature(key)
        )
    }

    fn speech_signature(&self, key: &str) -> String {
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.speech_key)
            .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
        mac.update(key.as_bytes());
        hex::encode(&mac.finalize().into_bytes()[..16])
    }

    /// Whether `signature` is the one [`Hooks::speech`] gave `key`
    /// (compared in constant time).
    pub fn speech_allowed(&self, key: &str, signature: &str) -> bool {
        let Ok(given) = hex::decode(signature) else {
            return false;
        };
        let mut mac = <Hmac<Sha256> as Mac>::new_from_slice(&self.speech_key)
            .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
        mac.update(key.as_bytes());
        given.len() == 16 && mac.verify_truncated_left(&given).is_ok()
    }

    /// A URL of this server's as a path (`/api/...`), for the simulator in
    /// the browser, which may reach the server by another name.
    pub fn local(&self, url: &str) -> String {
        url.strip_prefix(self.api.trim_end_matches("/api"))
            .unwrap_or(url)
            .to_owned()
    }
}

/// What a call needs to run its turns.
pub struct Line<'a> {
    pub runtime: &'a Runtime,
    pub settings: std::sync::Arc<Settings>,
    pub hooks: Hooks,
}

/// How a call speaks: the agent's ElevenLabs voice when the voice provider
/// is on and an account is connected, else `<Say>`.
struct CallVoice {
    speaker: Option<Speaker>,
    /// The agent's own voice (a flow's message may speak in another).
    agent_voice: Option<String>,
    voice_id: String,
    model_id: String,
    settings: agentforge_speech::elevenlabs::VoiceSettings,
    words: &'static Words,
}

impl CallVoice {
    async fn of(line: &Line<'_>, agent: &Agent) -> Result<Self, Error> {
        let store = line.runtime.store();
        let speaker = if line.settings.require(Feature::VoiceProvider).is_ok() {
            speech::speaker(
                store,
                line.runtime.credentials().map(AsRef::as_ref),
                &line.settings,
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
        Ok(Self {
            speaker,
            agent_voice: agent.config.voice_model_id.clone(),
            voice_id: voice.voice_id,
            model_id: voice.model_id,
            settings: voice.settings,
            words: words(&agent.config.language),
        })
    }

    /// This voice as a flow's message node sets it: its voice (else the
    /// agent's) and settings (else the voice's own). Unusable settings keep
    /// the agent's voice.
    fn speaking_as(self, node: &MessageVoice) -> Self {
        let asked = speech::resolve(SpeechAsk {
            text: "-".to_owned(),
            voice: node.voice_id.clone().or_else(|| self.agent_voice.clone()),
            stability: node.stability.map(f64::from),
            similarity_boost: node.similarity_boost.map(f64::from),
            style: node.style.map(f64::from),
            ..Default::default()
        });
        match asked {
            Ok(voice) => Self {
                voice_id: voice.voice_id,
                model_id: voice.model_id,
                settings: voice.settings,
                ..self
            },
            Err(_) => self,
        }
    }

    fn say(&self, text: &str) -> Prompt {
        Prompt::Say(Say::new(text).language(self.words.tag))
    }

    /// `text`, spoken sentence by sentence (each prompt with its words):
    /// played from the cache when synthesised, said by Twilio from the
    /// first failure on.
    async fn speak(&self, line: &Line<'_>, text: &str) -> Vec<(Prompt, String)> {
        let mut sentences = agentforge_speech::Sentences::new();
        let mut pieces = sentences.push(text);
        pieces.extend(sentences.finish());
        let Some(speaker) = &self.speaker else {
            return pieces.into_iter().map(|p| (self.say(&p), p)).collect();
        };
        let store = line.runtime.store();
        let mut previous: Option<String> = None;
        let jobs: Vec<_> = pieces
            .iter()
            .map(|piece| {
                let synthesis = agentforge_speech::Synthesis {
                    text: piece.clone(),
                    voice_id: self.voice_id.clone(),
                    model_id: self.model_id.clone(),
                    settings: self.settings,
                    previous_text: previous.replace(piece.clone()),
                };
                async move { speech::speak_into_cache(store, speaker, &synthesis).await }
            })
            .collect();
        let spoken: Vec<_> = futures_util::stream::iter(jobs)
            .buffered(SPEAKING_AT_ONCE)
            .collect()
            .await;
        let mut failed = false;
        pieces
            .into_iter()
            .zip(spoken)
            .map(|(piece, result)| {
                let prompt = match result {
                    Ok(Some(key)) if !failed => Prompt::Play(Play::new(line.hooks.speech(&key))),
                    Ok(_) => self.say(&piece),
                    Err(e) => {
                        if !failed {
                            tracing::warn!(error = %e, code = e.code(), "speech failed; Twilio says the rest");
                        }
                        failed = true;
                        self.say(&piece)
                    }
                };
                (prompt, piece)
            })
            .collect()
    }

    /// Listens for the caller while `spoken` plays.
    fn listen(&self, line: &Line<'_>, call: &PhoneCall, spoken: Vec<(Prompt, String)>) -> Said {
        self.listen_after(line, call, spoken, None)
    }

    /// Listens as the flow node that spoke says: for its listen timeout,
    /// and for the keypad too when it takes keys or offers options (a
    /// key's number picks an option).
    fn listen_after(
        &self,
        line: &Line<'_>,
        call: &PhoneCall,
        spoken: Vec<(Prompt, String)>,
        flow: Option<&FlowSaid>,
    ) -> Said {
        let (prompts, words) = spoken.into_iter().unzip();
        let mut gather = Gather::speech(line.hooks.gather(&call.id)).language(self.words.tag);
        gather.timeout = flow
            .and_then(|f| f.listen_timeout_seconds)
            .unwrap_or(LISTEN_SECONDS);
        if flow.is_some_and(|f| f.dtmf == Some(true) || !f.choices.is_empty()) {
            gather.input = GatherInput::SpeechAndDtmf;
        }
        gather.action_on_empty_result = true;
        gather.prompts = prompts;
        Said {
            response: Response::new().verb(gather),
            words,
        }
    }
}

/// A call's next TwiML, and the words of each thing it says or plays, in
/// the document's order (TwiML's `<Play>` carries none).
pub struct Said {
    pub response: Response,
    pub words: Vec<String>,
}

impl Said {
    /// The call is over.
    fn hang_up() -> Self {
        Self {
            response: Response::new().hangup(),
            words: Vec::new(),
        }
    }
}

/// The call's agent; `None` when it was deleted since.
async fn agent_of(store: &Store, call: &PhoneCall) -> Result<Option<Agent>, Error> {
    match &call.agent_id {
        Some(id) => Ok(store.agents().get(id).await?),
        None => Ok(None),
    }
}

/// The other side of the call: the caller of an inbound call, the callee
/// of an outbound one.
fn remote(call: &PhoneCall) -> &str {
    if call.direction == Direction::Inbound.as_str() {
        &call.from_number
    } else {
        &call.to_number
    }
}

fn greeting(agent: &Agent, words: &Words) -> String {
    let own = agent.config.greeting.trim();
    if own.is_empty() {
        words.greeting.to_owned()
    } else {
        own.to_owned()
    }
}

/// The call's first TwiML: the greeting, listening.
pub async fn answer(line: &Line<'_>, call: &PhoneCall) -> Result<Said, Error> {
    let store = line.runtime.store();
    if status_of(call).is_final() {
        return Ok(Said::hang_up());
    }
    let Some(agent) = agent_of(store, call).await? else {
        return Ok(Said::hang_up());
    };
    let voice = CallVoice::of(line, &agent).await?;
    store
        .calls()
        .change_status(
            &call.id,
            &StatusChange {
                status: CallStatus::InProgress.as_str().to_owned(),
                from: before(CallStatus::InProgress),
                answered: true,
                ..Default::default()
            },
        )
        .await?;
    let prompts = voice.speak(line, &greeting(&agent, voice.words)).await;
    Ok(voice.listen(line, call, prompts))
}

/// What the caller said (empty: nothing was heard), answered.
pub async fn hear(line: &Line<'_>, call: &PhoneCall, heard: &str) -> Result<Said, Error> {
    let store = line.runtime.store();
    if status_of(call).is_final() {
        return Ok(Said::hang_up());
    }
    let Some(agent) = agent_of(store, call).await? else {
        return Ok(Said::hang_up());
    };
    let voice = CallVoice::of(line, &agent).await?;
    let heard: String = heard
        .trim()
        .replace('\0', "")
        .chars()
        .take(HEARD_MAX_CHARS)
        .collect();
    if heard.is_empty() {
        let silences = store.calls().count_silence(&call.id).await?;
        if silences >= SILENCES_BEFORE_HANGUP {
            let mut said = Said::hang_up();
            let mut response = Response::new();
            for (prompt, words) in voice.speak(line, voice.words.goodbye).await {
                response = response.verb(prompt);
                said.words.push(words);
            }
            said.response = response.hangup();
            return Ok(said);
        }
        let prompts = voice.speak(line, voice.words.still_there).await;
        return Ok(voice.listen(line, call, prompts));
    }
    let (answer, flow) = match turn(line, call, agent.clone(), &voice, &heard).await {
        Ok(answer) => answer,
        Err(e) => {
            tracing::warn!(error = %e, call = %call.id, "a phone turn failed");
            (voice.words.sorry.to_owned(), None)
        }
    };
    let voice = match flow.as_ref().and_then(|f| f.voice.as_ref()) {
        Some(node) => voice.speaking_as(node),
        None => voice,
    };
    let prompts = voice.speak(line, &answer).await;
    Ok(voice.listen_after(line, call, prompts, flow.as_ref()))
}

/// Runs one turn of the call's conversation: the answer's text, and what
/// the agent's flow said of it (how to listen next).
async fn turn(
    line: &Line<'_>,
    call: &PhoneCall,
    agent: Agent,
    voice: &CallVoice,
    heard: &str,
) -> Result<(String, Option<FlowSaid>), Error> {
    let store = line.runtime.store();
    let conversation = match &call.conversation_id {
        Some(id) => store.conversations().get(id).await?,
        None => None,
    };
    // A new conversation hears the greeting the caller heard.
    let prior = if conversation.is_none() {
        vec![PriorMessage {
            role: MessageRole::Assistant,
            content: greeting(&agent, voice.words),
        }]
    } else {
        Vec::new()
    };
    let mut turn = line
        .runtime
        .start_turn(TurnRequest {
            agent,
            caller: Actor::Phone {
                number: remote(call).to_owned(),
            },
            channel: Channel::Phone,
            conversation,
            message: heard.to_owned(),
            use_knowledge_base: true,
            include_context: true,
            test: false,
            stream: false,
            stop_when_abandoned: false,
            holder: None,
            prior,
        })
        .await?;
    store
        .calls()
        .set_conversation(&call.id, &turn.conversation.id)
        .await?;
    while let Some(event) = turn.next().await {
        match event {
            TurnEvent::Finished { message, .. } => {
                store.calls().count_turn(&call.id).await?;
                let flow = message.flow.and_then(|f| serde_json::from_value(f).ok());
                return Ok((message.content, flow));
            }
            TurnEvent::Failed { error, .. } => {
                return Err(agentforge_runtime::RuntimeError::Provider(error).into());
            }
            TurnEvent::Lost { error } => return Err(Error::internal(error)),
            // A person of the team holds the conversation (it is in their
            // live view); the agent keeps quiet and listens on.
            TurnEvent::HandedOff { .. } => return Ok((String::new(), None)),
            _ => {}
        }
    }
    Err(Error::internal("the turn ended without an answer"))
}

/// A status Twilio reported (or the simulator's hang-up): the call moves
/// to it unless it is already past it; a call that ended ends its
/// conversation. The call as it is now.
pub async fn report(
    runtime: &Runtime,
    call: &PhoneCall,
    status: CallStatus,
    duration_seconds: Option<u32>,
    sid: Option<&str>,
) -> Result<PhoneCall, Error> {
    let store = runtime.store();
    let tx = store.begin().await?;
    let moved = tx
        .calls()
        .change_status(
            &call.id,
            &StatusChange {
                status: status.as_str().to_owned(),
                from: before(status),
                sid: sid.filter(|_| call.sid.is_none()).map(str::to_owned),
                duration_seconds,
                answered: status == CallStatus::InProgress,
                ended: status.is_final(),
                error: None,
            },
        )
        .await?;
    let now = tx
        .calls()
        .call(&call.id)
        .await?
        .ok_or_else(|| Error::not_found(Thing::Call))?;
    // The call's end goes to the owner's event endpoints with the change.
    let announced = moved && status.is_final() && {
        let agent = match &now.agent_id {
            Some(id) => tx.agents().get(id).await?,
            None => None,
        };
        let event = crate::webhooks::delivery::Event::new(
            agentforge_domain::webhook::EndpointEvent::CallCompleted,
            serde_json::json!({
                "call": {
                    "id": now.id,
                    "sid": now.sid,
                    "direction": now.direction,
                    "from": now.from_number,
                    "to": now.to_number,
                    "status": now.status,
                    "simulated": now.simulated,
                    "durationSeconds": now.duration_seconds,
                    "turns": now.turns,
                    "conversationId": now.conversation_id,
                    "variables": now.variables,
                    "createdAt": now.created_at,
                    "endedAt": now.ended_at,
                },
                "agent": agent.map(|a| serde_json::json!({"id": a.id, "name": a.config.name})),
            }),
        );
        crate::webhooks::delivery::emit_in(&tx, &now.owner_id, &event).await? > 0
    };
    tx.commit().await?;
    if announced {
        runtime.jobs().wake();
    }
    if moved
        && status.is_final()
        && let Some(conversation_id) = &now.conversation_id
        && let Err(e) =
            crate::conversations::service::end(runtime, &Actor::System, conversation_id).await
    {
        tracing::warn!(error = %e, call = %call.id, "cannot end the call's conversation");
    }
    Ok(now)
}

/// A call to place.
pub struct Placing {
    pub agent_id: String,
    pub to: String,
    pub from: Option<String>,
    pub variables: BTreeMap<String, String>,
    pub record: bool,
}

/// Checks a call's variables: at most [`VARIABLES_MAX`], names of letters,
/// digits and `_`, values one line.
pub fn check_variables(variables: &BTreeMap<String, String>) -> Result<(), Error> {
    if variables.len() > VARIABLES_MAX {
        return Err(Error::invalid(
            "variables",
            format!("At most {VARIABLES_MAX} variables"),
        ));
    }
    let mut problems = Vec::new();
    for (name, value) in variables {
        let field = format!("variables.{name}");
        if name.is_empty()
            || name.len() > VARIABLE_NAME_MAX
            || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
        {
            problems.push(agentforge_domain::error::Problem {
                field: "variables".to_owned(),
                message: format!(
                    "A variable's name is 1 to {VARIABLE_NAME_MAX} letters, digits or _"
                ),
            });
        } else if value.chars().count() > VARIABLE_VALUE_MAX || value.chars().any(char::is_control)
        {
            problems.push(agentforge_domain::error::Problem {
                field,
                message: format!("One line of at most {VARIABLE_VALUE_MAX} characters"),
            });
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Error::Invalid(problems))
    }
}

/// The agent a call may reach: one the person may use, active, with a
/// production deployment (the phone channel answers from it).
pub async fn callable_agent(store: &Store, actor: &Actor, agent_id: &str) -> Result<Agent, Error> {
    use agentforge_domain::agent::{AgentStatus, Environment};
    let (agent, _) = access::agent(store, actor, agent_id, Action::Use).await?;
    if agent.status != AgentStatus::Active {
        return Err(Error::Conflict(Conflict::AgentInactive));
    }
    if store
        .agents()
        .deployed(&agent.id, Environment::Production)
        .await?
        .is_none()
    {
        return Err(Error::Conflict(Conflict::NotDeployed));
    }
    Ok(agent)
}

fn new_call(
    owner: &str,
    agent: &Agent,
    direction: Direction,
    from: &str,
    to: &str,
    variables: serde_json::Value,
) -> PhoneCall {
    let now = agentforge_store::now();
    PhoneCall {
        id: uuid::Uuid::now_v7().to_string(),
        owner_id: owner.to_owned(),
        agent_id: Some(agent.id.clone()),
        conversation_id: None,
        sid: None,
        direction: direction.as_str().to_owned(),
        from_number: from.to_owned(),
        to_number: to.to_owned(),
        status: CallStatus::Queued.as_str().to_owned(),
        simulated: false,
        record: false,
        variables,
        silences: 0,
        turns: 0,
        duration_seconds: None,
        recording_sid: None,
        recording_url: None,
        recording_seconds: None,
        error: None,
        answered_at: None,
        ended_at: None,
        created_at: now,
        updated_at: now,
    }
}

/// Places a call through Twilio: recorded (with its audit entry) before
/// Twilio is asked, so a callback never finds it missing; a call Twilio
/// refuses is kept as `failed` with Twilio's words.
pub async fn place(
    line: &Line<'_>,
    account: &TwilioAccount,
    user: &User,
    actor: &Actor,
    placing: Placing,
) -> Result<PhoneCall, Error> {
    let store = line.runtime.store();
    check_variables(&placing.variables)?;
    let agent = callable_agent(store, actor, &placing.agent_id).await?;
    let from = match placing.from {
        Some(from) => {
            // Only the account's own number or one of the person's.
            let own = store.calls().number(&from).await?;
            if account.from.as_deref() != Some(from.as_str())
                && own.is_none_or(|n| n.owner_id != user.id)
            {
                return Err(Error::invalid(
                    "fromNumber",
                    "Not a number of your Twilio account's (Settings › Integrations) or of your phone numbers",
                ));
            }
            from
        }
        None => account
            .from
            .clone()
            .ok_or(Error::Conflict(Conflict::PhoneNotConfigured))?,
    };
    let mut call = new_call(
        &user.id,
        &agent,
        Direction::Outbound,
        &from,
        &placing.to,
        serde_json::to_value(&placing.variables).unwrap_or_default(),
    );
    call.record = placing.record;
    let tx = store.begin().await?;
    tx.calls().add_call(&call).await?;
    let entry = Change::new(
        AuditAction::PhoneCallCreate,
        AuditResource::PhoneCall,
        &call.id,
    )
    .owner(&user.id)
    .diff(
        &serde_json::Value::Null,
        &serde_json::json!({
            "agentId": agent.id, "to": call.to_number, "from": call.from_number,
            "record": call.record,
        }),
    );
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;

    let mut create = CreateCall::new(
        &call.to_number,
        &call.from_number,
        line.hooks.voice(Some(&call.id)),
    );
    create.status_callback = Some(line.hooks.status(Some(&call.id)));
    create.timeout = Some(RING_SECONDS);
    create.record = call.record;
    create.recording_status_callback = call.record.then(|| line.hooks.recording(&call.id));
    match account.client.create_call(&create).await {
        Ok(created) => {
            store.calls().set_sid(&call.id, &created.sid).await?;
            report(line.runtime, &call, created.status, None, None).await
        }
        Err(e) => {
            let why = e.to_string();
            let error = twilio_error(e);
            store
                .calls()
                .change_status(
                    &call.id,
                    &StatusChange {
                        status: CallStatus::Failed.as_str().to_owned(),
                        from: before(CallStatus::Failed),
                        ended: true,
                        error: Some(why),
                        ..Default::default()
                    },
                )
                .await?;
            Err(failed_to_initiate(error))
        }
    }
}

/// Twilio's refusal, in the specification's words.
fn failed_to_initiate(error: Error) -> Error {
    match error {
        Error::Upstream(mut upstream) => {
            upstream.message = format!("Failed to initiate call: {}", upstream.message);
            Error::Upstream(upstream)
        }
        other => other,
    }
}

/// A call that came in on one of the numbers (a retry of Twilio's finds
/// the one it made); `None` when the number's agent cannot answer.
pub async fn receive(
    store: &Store,
    number: &PhoneNumber,
    sid: &str,
    from: &str,
) -> Result<Option<PhoneCall>, Error> {
    if let Some(call) = store.calls().call_by_sid(sid).await? {
        return Ok(Some(call));
    }
    // An agent that cannot answer (gone, paused, never deployed) does not
    // take the call: the caller is told the number is not in service.
    let Some(agent) = store.agents().get(&number.agent_id).await? else {
        return Ok(None);
    };
    if agent.status != agentforge_domain::agent::AgentStatus::Active
        || store
            .agents()
            .deployed(&agent.id, agentforge_domain::agent::Environment::Production)
            .await?
            .is_none()
    {
        return Ok(None);
    }
    let mut call = new_call(
        &number.owner_id,
        &agent,
        Direction::Inbound,
        from,
        &number.phone_number,
        serde_json::json!({}),
    );
    call.sid = Some(sid.to_owned());
    call.status = CallStatus::Ringing.as_str().to_owned();
    call.record = number.record_calls;
    match store.calls().add_call(&call).await {
        Ok(()) => Ok(Some(call)),
        // Twilio asked twice at once: the other request made it.
        Err(agentforge_store::StoreError::Conflict(_)) => {
            Ok(store.calls().call_by_sid(sid).await?)
        }
        Err(e) => Err(e.into()),
    }
}

/// Starts a simulated call in the browser: no Twilio, the same turns.
pub async fn simulate(
    store: &Store,
    user: &User,
    actor: &Actor,
    agent_id: &str,
    variables: &BTreeMap<String, String>,
) -> Result<PhoneCall, Error> {
    check_variables(variables)?;
    let agent = callable_agent(store, actor, agent_id).await?;
    let mut call = new_call(
        &user.id,
        &agent,
        Direction::Inbound,
        SIMULATOR_NUMBER,
        SIMULATOR_NUMBER,
        serde_json::to_value(variables).unwrap_or_default(),
    );
    call.simulated = true;
    call.status = CallStatus::Ringing.as_str().to_owned();
    store.calls().add_call(&call).await?;
    Ok(call)
}

/// A call of `user`'s, or not found.
pub async fn call_of(store: &Store, user: &User, id: &str) -> Result<PhoneCall, Error> {
    store
        .calls()
        .call(id)
        .await?
        .filter(|c| c.owner_id == user.id)
        .ok_or_else(|| Error::not_found(Thing::Call))
}

/// Refreshes an unfinished real call's status from Twilio (a missed
/// callback, or a server Twilio cannot reach); the stored one when Twilio
/// cannot say.
pub async fn refreshed(
    runtime: &Runtime,
    account: Option<&TwilioAccount>,
    call: PhoneCall,
) -> Result<PhoneCall, Error> {
    let (Some(account), Some(sid)) = (account, &call.sid) else {
        return Ok(call);
    };
    if call.simulated || status_of(&call).is_final() {
        return Ok(call);
    }
    match account.client.fetch_call(sid).await {
        Ok(found) if found.status != status_of(&call) => {
            let duration = found.duration.as_deref().and_then(|d| d.parse().ok());
            report(runtime, &call, found.status, duration, None).await
        }
        Ok(_) => Ok(call),
        Err(e) => {
            tracing::warn!(error = %e, call = %call.id, "cannot refresh a call from Twilio");
            Ok(call)
        }
    }
}

/// A page of `filter`'s calls.
pub async fn history(
    store: &Store,
    filter: &CallFilter,
    offset: u64,
    limit: u64,
) -> Result<(Vec<PhoneCall>, u64), Error> {
    Ok(store.calls().history(filter, offset, limit).await?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_status_only_follows_an_earlier_one() {
        assert_eq!(before(CallStatus::Queued), Vec::<String>::new());
        assert_eq!(before(CallStatus::Ringing), ["queued"]);
        assert_eq!(before(CallStatus::InProgress), ["queued", "ringing"]);
        assert_eq!(
            before(CallStatus::Completed),
            ["queued", "ringing", "in-progress"],
            "a final status never replaces another"
        );
    }

    #[test]
    fn speech_urls_are_signed_for_their_key_only() {
        let hooks = Hooks::new("https://agents.example.com/", [3; 32]);
        let url = hooks.speech("abc");
        let sig = url.split("sig=").nth(1).unwrap();
        assert!(url.starts_with("https://agents.example.com/api/phone/speech/abc?sig="));
        assert!(hooks.speech_allowed("abc", sig));
        assert!(!hooks.speech_allowed("abd", sig));
        assert!(!hooks.speech_allowed("abc", "00"));
        assert!(!hooks.speech_allowed("abc", "not hex"));
        assert!(!Hooks::new("https://agents.example.com", [4; 32]).speech_allowed("abc", sig));
        assert_eq!(
            hooks.local(&url),
            format!("/api/phone/speech/abc?sig={sig}")
        );
        assert_eq!(
            hooks.gather("c1"),
            "https://agents.example.com/api/phone/twilio/gather?call=c1"
        );
    }

    #[test]
    fn variables_are_few_named_and_one_line() {
        let ok: BTreeMap<String, String> = [("first_name".into(), "Ada".into())].into();
        assert!(check_variables(&ok).is_ok());
        let bad: BTreeMap<String, String> = [("bad name".into(), "x".into())].into();
        assert!(check_variables(&bad).is_err());
        let bad: BTreeMap<String, String> = [("n".into(), "a\nb".into())].into();
        assert!(check_variables(&bad).is_err());
        let many: BTreeMap<String, String> = (0..=VARIABLES_MAX)
            .map(|i| (format!("v{i}"), String::new()))
            .collect();
        assert!(check_variables(&many).is_err());
    }
}
