//! SMS to one of the numbers: each answered by the number's agent (its
//! production deployment, channel `sms`) in the sender's conversation (one
//! active conversation per sender and agent), the answer sent back from
//! the number through Twilio's REST API. Taken in one transaction with its
//! job, so an SMS taken is answered even across a restart.

use agentforge_domain::conversation::Channel;
use agentforge_domain::error::Error;
use agentforge_domain::policy::{Actor, Party};
use agentforge_runtime::{JobFailure, Runtime, TurnEvent, TurnRequest};
use agentforge_store::{NewJob, Sms};
use serde_json::json;

use crate::phone::service::{SMS_MAX_CHARS, TwilioAccount, send};
use crate::state::{AppState, Services};

/// The job that answers an SMS.
pub const ANSWER_SMS: &str = "phone.answer_sms";

/// Logs an inbound SMS and queues its answer, together.
pub async fn take(runtime: &Runtime, inbound: &Sms) -> Result<(), Error> {
    let tx = runtime.store().begin().await?;
    tx.phone().log_sms(inbound).await?;
    tx.jobs()
        .enqueue(NewJob::now(ANSWER_SMS, json!({ "smsId": inbound.id }), 2))
        .await?;
    tx.commit().await?;
    runtime.jobs().wake();
    Ok(())
}

/// Runs [`ANSWER_SMS`].
pub struct AnswerSms {
    pub state: std::sync::Weak<Services>,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for AnswerSms {
    async fn run(&self, job: &agentforge_store::Job) -> Result<(), JobFailure> {
        let Some(services) = self.state.upgrade() else {
            return Err(JobFailure::Retry("the server is stopping".into()));
        };
        let state = AppState::from_services(services);
        let Some(id) = job.payload.get("smsId").and_then(|v| v.as_str()) else {
            return Err(JobFailure::Permanent("no smsId in the payload".into()));
        };
        answer(&state, id).await.map_err(|e| match e {
            Error::NotFound(_) => JobFailure::Permanent(e.to_string()),
            other => JobFailure::Retry(other.to_string()),
        })
    }
}

/// Runs [`agentforge_runtime::kinds::SEND_SMS_REPLY`]: a team member's
/// answer in a handed-off SMS conversation, texted to the person from the
/// agent's number (else the account's).
pub struct SendReply {
    pub state: std::sync::Weak<Services>,
}

#[async_trait::async_trait]
impl agentforge_runtime::JobHandler for SendReply {
    async fn run(&self, job: &agentforge_store::Job) -> Result<(), JobFailure> {
        let Some(services) = self.state.upgrade() else {
            return Err(JobFailure::Retry("the server is stopping".into()));
        };
        let state = AppState::from_services(services);
        let Some(id) = job.payload.get("messageId").and_then(|v| v.as_str()) else {
            return Err(JobFailure::Permanent("no messageId in the payload".into()));
        };
        send_reply(&state, id).await
    }
}

async fn send_reply(state: &AppState, message_id: &str) -> Result<(), JobFailure> {
    let retry = |e: Error| JobFailure::Retry(e.to_string());
    let store = &state.store;
    let message = store.conversations().message(message_id).await;
    let Some(message) = message.map_err(|e| retry(e.into()))? else {
        return Ok(());
    };
    let conversation = store
        .conversations()
        .get(&message.conversation_id)
        .await
        .map_err(|e| retry(e.into()))?;
    // Deleted meanwhile: nobody to text.
    let Some(conversation) = conversation else {
        return Ok(());
    };
    let Some(Party::Phone(to)) = conversation.party.clone() else {
        return Err(JobFailure::Permanent(
            "the conversation has no phone number".into(),
        ));
    };
    let Some(account) = crate::phone::twilio_of(state, &conversation.owner_id)
        .await
        .map_err(retry)?
    else {
        return Err(JobFailure::Permanent(
            "no Twilio account to text from".into(),
        ));
    };
    let numbers = store
        .calls()
        .numbers_of(&conversation.owner_id)
        .await
        .map_err(|e| retry(e.into()))?;
    let from = numbers
        .into_iter()
        .find(|n| n.agent_id == conversation.agent_id)
        .map(|n| n.phone_number)
        .or(account.from);
    let account = TwilioAccount {
        client: account.client,
        from,
    };
    let text: String = message.content.trim().chars().take(SMS_MAX_CHARS).collect();
    send(
        store,
        &account,
        &conversation.owner_id,
        "conversation",
        &to,
        &text,
    )
    .await
    .map(|_| ())
    .map_err(retry)
}

async fn answer(state: &AppState, sms_id: &str) -> Result<(), Error> {
    let store = &state.store;
    let Some(inbound) = store.phone().sms(sms_id).await? else {
        return Ok(());
    };
    // The number's agent now, else the one it had when the SMS came.
    let agent_id = match store.calls().number(&inbound.to_number).await? {
        Some(number) => Some(number.agent_id),
        None => inbound.agent_id.clone(),
    };
    let Some(agent) = (match agent_id {
        Some(id) => store.agents().get(&id).await?,
        None => None,
    }) else {
        tracing::warn!(sms = %sms_id, "an SMS's agent is gone; not answered");
        return Ok(());
    };
    let caller = Actor::Phone {
        number: inbound.from_number.clone(),
    };
    let conversation = store
        .conversations()
        .active_held_by(&agent.id, &Party::Phone(inbound.from_number.clone()))
        .await?;
    let mut turn = state
        .runtime
        .start_turn(TurnRequest {
            agent,
            caller,
            channel: Channel::Sms,
            conversation,
            message: inbound.body.clone(),
            use_knowledge_base: true,
            include_context: true,
            test: false,
            stream: false,
            stop_when_abandoned: false,
            holder: None,
            prior: Vec::new(),
        })
        .await?;
    let mut answer = None;
    while let Some(event) = turn.next().await {
        match event {
            TurnEvent::Finished { message, .. } => {
                answer = Some(message.content);
                break;
            }
            TurnEvent::Failed { error, .. } => {
                return Err(agentforge_runtime::RuntimeError::Provider(error).into());
            }
            TurnEvent::Lost { error } => return Err(Error::internal(error)),
            _ => {}
        }
    }
    let Some(answer) = answer.filter(|a| !a.trim().is_empty()) else {
        return Ok(());
    };
    let text: String = answer.trim().chars().take(SMS_MAX_CHARS).collect();
    let Some(account) = crate::phone::twilio_of(state, &inbound.owner_id).await? else {
        tracing::warn!(sms = %sms_id, "no Twilio account to answer an SMS from");
        return Ok(());
    };
    // From the number that was texted; a failure is logged with the SMS
    // and not retried (the turn is done).
    let from_number = TwilioAccount {
        client: account.client,
        from: Some(inbound.to_number.clone()),
    };
    if let Err(e) = send(
        store,
        &from_number,
        &inbound.owner_id,
        "conversation",
        &inbound.from_number,
        &text,
    )
    .await
    {
        tracing::warn!(error = %e, sms = %sms_id, "cannot send an SMS answer");
    }
    Ok(())
}
