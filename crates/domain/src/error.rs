//! What can go wrong in an operation, in the domain's own terms.
//!
//! Every service returns [`Error`]: it says *what* happened (a field is
//! invalid, a thing is missing, an action is denied, a rule would break),
//! never *how* to say it on a wire. The server maps each variant to an HTTP
//! status; the command line to an exit code. Each enum carries its stable
//! machine-readable code and its sentence for people, so a conflict or a
//! denial is written once, here, and is the same on every channel.

use std::borrow::Cow;

use crate::ParseError;

/// One problem with one input field, named as on the wire (`agentId`, `model.provider`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Problem {
    pub field: String,
    pub message: String,
}

/// Collects field problems so that every bad field is reported at once.
#[derive(Debug, Default, Clone)]
pub struct Problems(Vec<Problem>);

impl Problems {
    /// Keeps the value, or records the problem under `field`.
    pub fn check<T>(&mut self, field: &str, parsed: Result<T, ParseError>) -> Option<T> {
        match parsed {
            Ok(value) => Some(value),
            Err(e) => {
                self.add(field, e.message);
                None
            }
        }
    }

    pub fn add(&mut self, field: &str, message: impl Into<String>) {
        self.0.push(Problem {
            field: field.to_owned(),
            message: message.into(),
        });
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Refuses a NUL character in a text (one engine refuses it, the other
    /// would store it).
    pub fn no_nul(&mut self, field: &str, value: Option<&str>) {
        if value.is_some_and(|v| v.contains('\0')) {
            self.add(field, messages::NO_NUL);
        }
    }

    /// Takes the problems another collector found.
    pub fn extend(&mut self, other: Problems) {
        self.0.extend(other.0);
    }

    /// Checks a free text: at most `max` characters and no NUL (which one
    /// engine refuses and the other would store).
    pub fn text(&mut self, field: &str, value: Option<&str>, max: usize) {
        let Some(value) = value else { return };
        if value.chars().count() > max {
            self.add(field, messages::too_long(max));
        } else if value.contains('\0') {
            self.add(field, messages::NO_NUL);
        }
    }

    /// Checks a name (of a person, agent, team, personality or document):
    /// as [`Self::text`], and no control or text-direction character (a
    /// right-to-left override makes "gpj.exe" read as "exe.jpg").
    pub fn name(&mut self, field: &str, value: Option<&str>, max: usize) {
        let Some(value) = value else { return };
        if value.chars().count() > max {
            self.add(field, messages::too_long(max));
        } else if value.chars().any(crate::name::unsafe_in_name) {
            self.add(field, messages::NAME_CHARACTERS);
        }
    }

    /// The problems recorded, in order.
    pub fn into_problems(self) -> Vec<Problem> {
        self.0
    }

    /// `Ok` when no problem was recorded, else [`Error::Invalid`] listing them all.
    pub fn finish(self) -> Result<(), Error> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(Error::Invalid(self.0))
        }
    }
}

/// The words of every validation message, built here and nowhere else, in
/// the wording the web app's forms already use (zod's).
pub mod messages {
    pub const REQUIRED: &str = "Required";
    pub const INVALID_EMAIL: &str = "Invalid email";
    pub const NO_NUL: &str = "Text must not contain NUL characters";
    pub const NAME_CHARACTERS: &str = "Names cannot contain control or text-direction characters";

    pub fn too_long(max: usize) -> String {
        format!("String must contain at most {max} character(s)")
    }

    pub fn too_short(min: usize) -> String {
        format!("String must contain at least {min} character(s)")
    }

    pub fn at_least(min: impl std::fmt::Display) -> String {
        format!("Number must be greater than or equal to {min}")
    }

    pub fn at_most(max: impl std::fmt::Display) -> String {
        format!("Number must be less than or equal to {max}")
    }

    pub fn too_many(max: usize) -> String {
        format!("Array must contain at most {max} element(s)")
    }

    pub fn too_few(min: usize) -> String {
        format!("Array must contain at least {min} element(s)")
    }

    /// An enumerated value that is none of `allowed`.
    pub fn invalid_choice(allowed: &[&str], received: &str) -> String {
        let allowed: Vec<String> = allowed.iter().map(|a| format!("'{a}'")).collect();
        format!(
            "Invalid enum value. Expected {}, received '{received}'",
            allowed.join(" | ")
        )
    }
}

string_enum!(
    /// Something that may be looked for and not be there (or not be the
    /// caller's to know about): answered 404 with `<thing>_not_found`.
    Thing {
        Agent = "agent",
        Conversation = "conversation",
        Message = "message",
        Team = "team",
        Member = "member",
        Invitation = "invitation",
        Personality = "personality",
        Document = "document",
        Upload = "upload",
        Template = "template",
        Version = "version",
        User = "user",
        Job = "job",
        Mail = "mail",
        ApiKey = "api_key",
        McpServer = "mcp_server",
        Tool = "tool",
        Integration = "integration",
        Webhook = "webhook",
        WebhookEvent = "webhook_event",
        WebhookEndpoint = "webhook_endpoint",
        Delivery = "delivery",
        Call = "call",
        PhoneNumber = "phone_number",
        Workflow = "workflow",
        Execution = "execution",
    }
);

impl Thing {
    /// The stable code: `agent_not_found` …
    pub fn not_found_code(self) -> &'static str {
        match self {
            Thing::Agent => "agent_not_found",
            Thing::Conversation => "conversation_not_found",
            Thing::Message => "message_not_found",
            Thing::Team => "team_not_found",
            Thing::Member => "member_not_found",
            Thing::Invitation => "invitation_not_found",
            Thing::Personality => "personality_not_found",
            Thing::Document => "document_not_found",
            Thing::Upload => "upload_not_found",
            Thing::Template => "template_not_found",
            Thing::Version => "version_not_found",
            Thing::User => "user_not_found",
            Thing::Job => "job_not_found",
            Thing::Mail => "mail_not_found",
            Thing::ApiKey => "api_key_not_found",
            Thing::McpServer => "mcp_server_not_found",
            Thing::Tool => "tool_not_found",
            Thing::Integration => "integration_not_found",
            Thing::Webhook => "webhook_not_found",
            Thing::WebhookEvent => "webhook_event_not_found",
            Thing::WebhookEndpoint => "webhook_endpoint_not_found",
            Thing::Delivery => "delivery_not_found",
            Thing::Call => "call_not_found",
            Thing::PhoneNumber => "phone_number_not_found",
            Thing::Workflow => "workflow_not_found",
            Thing::Execution => "execution_not_found",
        }
    }

    fn not_found_message(self) -> &'static str {
        match self {
            Thing::Agent => "Agent not found",
            Thing::Conversation => "Conversation not found",
            Thing::Message => "Message not found",
            Thing::Team => "Team not found",
            Thing::Member => "Member not found",
            Thing::Invitation => "This invitation does not exist or was not sent to you",
            Thing::Personality => "Personality not found",
            Thing::Document => "Document not found",
            Thing::Upload => "Upload not found",
            Thing::Template => "Template not found",
            Thing::Version => "Version not found",
            Thing::User => "User not found",
            Thing::Job => "Job not found",
            Thing::Mail => "No such email in the outbox",
            Thing::ApiKey => "API key not found",
            Thing::McpServer => "MCP server not found",
            Thing::Tool => "No such tool on this server",
            Thing::Integration => "This integration is not connected",
            Thing::Webhook => "Webhook not found",
            Thing::WebhookEvent => "Webhook event not found",
            Thing::WebhookEndpoint => "Webhook endpoint not found",
            Thing::Delivery => "Delivery not found",
            Thing::Call => "Call not found",
            Thing::PhoneNumber => "This number is not one of yours",
            Thing::Workflow => "Workflow not found",
            Thing::Execution => "Workflow run not found",
        }
    }
}

/// What was not found, with the words for it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Missing {
    pub thing: Thing,
    /// Replaces the thing's usual sentence when it says more.
    pub detail: Option<String>,
    /// The input field that named it, when one did.
    pub field: Option<&'static str>,
}

impl Missing {
    pub fn message(&self) -> Cow<'_, str> {
        match &self.detail {
            Some(detail) => Cow::Borrowed(detail),
            None => Cow::Borrowed(self.thing.not_found_message()),
        }
    }
}

string_enum!(
    /// Why an action was refused to someone who may know the thing exists
    /// (403). Someone who may not know gets [`Error::NotFound`] instead.
    Denied {
        AdminRequired = "admin_required",
        InsufficientTeamRole = "insufficient_team_role",
        AccountDisabled = "account_disabled",
        InvitationForAnotherEmail = "invitation_for_another_email",
        EmailUnverified = "email_unverified",
        BuiltInReadOnly = "built_in_read_only",
        NotYours = "not_yours",
        SignInRequired = "sign_in_required",
        FeatureDisabled = "feature_disabled",
        SignupClosed = "signup_closed",
        OriginNotAllowed = "origin_not_allowed",
    }
);

impl Denied {
    pub fn message(self) -> &'static str {
        match self {
            Denied::AdminRequired => "Access denied. Admin privileges required.",
            Denied::InsufficientTeamRole => "Your role in this team does not allow this",
            Denied::AccountDisabled => "This account is disabled",
            Denied::InvitationForAnotherEmail => {
                "This invitation was sent to another email address; sign in with that address to accept it"
            }
            Denied::EmailUnverified => "Verify your email address first",
            Denied::BuiltInReadOnly => {
                "Built-in personalities cannot be changed; duplicate one instead"
            }
            Denied::NotYours => "Only its owner can do this",
            Denied::SignInRequired => {
                "An API key cannot do this: sign in to manage API keys and the account"
            }
            Denied::FeatureDisabled => "The administrator has turned this feature off",
            Denied::OriginNotAllowed => {
                "This site is not one of the widget's allowed origins (set them in Integrations › Embeddable widget)"
            }
            Denied::SignupClosed => {
                "Sign-up is closed on this server: ask an administrator for an invitation"
            }
        }
    }
}

string_enum!(
    /// A rule of the product the operation would break (409).
    Conflict {
        EmailTaken = "email_taken",
        LastOwner = "last_owner",
        AlreadyMember = "already_member",
        InvitationClosed = "invitation_closed",
        AgentInactive = "agent_inactive",
        NotDeployed = "not_deployed",
        ConversationEnded = "conversation_ended",
        ConversationHandedOff = "conversation_handed_off",
        NotHandedOff = "not_handed_off",
        ProviderNotConfigured = "provider_not_configured",
        AlreadyExists = "already_exists",
        NotInTeam = "not_in_team",
        AlreadyVerified = "already_verified",
        TooManyInvitations = "too_many_invitations",
        TooManyApiKeys = "too_many_api_keys",
        TooManyMcpServers = "too_many_mcp_servers",
        StdioNotAllowed = "stdio_not_allowed",
        McpServerDisabled = "mcp_server_disabled",
        LastAdmin = "last_admin",
        OwnAccount = "own_account",
        MailNotConfigured = "mail_not_configured",
        JobNotDead = "job_not_dead",
        AlreadySent = "already_sent",
        WebhookPaused = "webhook_paused",
        EventReplayed = "event_replayed",
        TooManyWebhooks = "too_many_webhooks",
        CredentialsMissing = "credentials_missing",
        TooManyEndpoints = "too_many_endpoints",
        EndpointDisabled = "endpoint_disabled",
        SpeechNotConfigured = "speech_not_configured",
        VoiceDisabled = "voice_disabled",
        PhoneNotConfigured = "phone_not_configured",
        NumberTaken = "number_taken",
        CallEnded = "call_ended",
        TooManyWorkflows = "too_many_workflows",
        TooManyRuns = "too_many_runs",
        RunFinished = "run_finished",
        RunNotFailed = "run_not_failed",
        WorkflowNotActive = "workflow_not_active",
        NotWebhookTrigger = "not_webhook_trigger",
    }
);

impl Conflict {
    pub fn message(self) -> &'static str {
        match self {
            Conflict::EmailTaken => "An account with this email already exists",
            Conflict::LastOwner => "A team needs an owner: make someone else owner first",
            Conflict::AlreadyMember => "This person is already a member of the team",
            Conflict::InvitationClosed => {
                "This invitation was already accepted, declined or revoked"
            }
            Conflict::AgentInactive => {
                "This agent is paused or archived and does not take messages; activate it first"
            }
            Conflict::NotDeployed => {
                "This agent has no version deployed to production; deploy one first"
            }
            Conflict::ConversationEnded => "This conversation has ended; start a new one",
            Conflict::ConversationHandedOff => {
                "A person from the team has taken this conversation over and answers in it"
            }
            Conflict::NotHandedOff => {
                "Take this conversation over before answering in it as the agent"
            }
            Conflict::ProviderNotConfigured => {
                "The agent's model provider is not configured on this server"
            }
            Conflict::AlreadyExists => "This already exists",
            Conflict::NotInTeam => "This agent is not shared with the team",
            Conflict::AlreadyVerified => "This email address is already verified",
            Conflict::TooManyInvitations => {
                "This team has as many pending invitations as it may have; revoke some or wait until they are answered"
            }
            Conflict::TooManyApiKeys => {
                "You have as many API keys as an account may have; revoke one first"
            }
            Conflict::TooManyMcpServers => {
                "You have as many MCP servers as an account may have; delete one first"
            }
            Conflict::StdioNotAllowed => {
                "This server does not run that command: it is not on the allow-list (AGENTFORGE_MCP_STDIO_ALLOW)"
            }
            Conflict::McpServerDisabled => "This MCP server is disabled; enable it first",
            Conflict::LastAdmin => "This is the last active admin: make someone else admin first",
            Conflict::OwnAccount => {
                "You cannot change your own role or status, or delete your own account, here"
            }
            Conflict::MailNotConfigured => {
                "No mail server is configured: set one in Admin › Configuration first"
            }
            Conflict::JobNotDead => "Only a job that failed for good can be retried",
            Conflict::AlreadySent => "This email was already sent",
            Conflict::WebhookPaused => "This webhook is paused; resume it to take events again",
            Conflict::EventReplayed => {
                "This event id was already received: each event is taken once"
            }
            Conflict::TooManyWebhooks => "This agent has as many webhooks as it may have (20)",
            Conflict::EndpointDisabled => "This endpoint is disabled: enable it first",
            Conflict::TooManyEndpoints => "You have as many webhook endpoints as you may have (50)",
            Conflict::PhoneNotConfigured => {
                "No Twilio account with a phone number is connected: connect Twilio in Settings › Integrations (or an administrator does in Admin › Configuration)"
            }
            Conflict::NumberTaken => {
                "This number already reaches an agent on this server: change or remove that first"
            }
            Conflict::CallEnded => "This call has ended",
            Conflict::TooManyWorkflows => {
                "You have as many workflows as an account may have (200); delete one first"
            }
            Conflict::TooManyRuns => {
                "This workflow has as many runs queued or running as it may have (1000); wait for some to finish"
            }
            Conflict::RunFinished => "This run has finished already",
            Conflict::NotWebhookTrigger => {
                "Only a workflow with a webhook trigger has a URL: change its trigger first"
            }
            Conflict::RunNotFailed => "Only a failed run can be retried",
            Conflict::WorkflowNotActive => {
                "This workflow is not active: its trigger starts runs once it is"
            }
            Conflict::VoiceDisabled => {
                "This agent does not take voice: turn voice on in its settings first"
            }
            Conflict::SpeechNotConfigured => {
                "No ElevenLabs account is connected (Settings › Integrations, or Admin › Configuration): the browser's own speech is used"
            }
            Conflict::CredentialsMissing => {
                "This platform's credentials are not set: add them to the webhook or connect the platform in Settings › Integrations"
            }
        }
    }

    /// The input field the conflict is about, when there is one.
    pub fn field(self) -> Option<&'static str> {
        match self {
            Conflict::EmailTaken => Some("email"),
            Conflict::NumberTaken => Some("phoneNumber"),
            _ => None,
        }
    }
}

string_enum!(
    /// Why the caller is not (or no longer) known (401).
    Unauthenticated {
        Required = "unauthorized",
        TokenExpired = "token_expired",
        TokenInvalid = "token_invalid",
        InvalidCredentials = "invalid_credentials",
        RefreshTokenReused = "token_reused",
        SessionRevoked = "session_revoked",
        ApiKeyInvalid = "api_key_invalid",
        ApiKeyExpired = "api_key_expired",
        BadSignature = "invalid_signature",
    }
);

impl Unauthenticated {
    pub fn message(self) -> &'static str {
        match self {
            Unauthenticated::Required => "Authentication required",
            Unauthenticated::TokenExpired => "Your session has expired; sign in again",
            Unauthenticated::TokenInvalid => "Invalid authentication token",
            Unauthenticated::InvalidCredentials => "Invalid email or password",
            Unauthenticated::RefreshTokenReused => {
                "This session was signed out because its refresh token was used twice; sign in again"
            }
            Unauthenticated::SessionRevoked => "This session was signed out; sign in again",
            Unauthenticated::ApiKeyInvalid => "Invalid API key (unknown or revoked)",
            Unauthenticated::ApiKeyExpired => "This API key has expired",
            Unauthenticated::BadSignature => {
                "The signature does not match this webhook's secret, or it is too old"
            }
        }
    }
}

/// An outside service (a model provider …) failed; the words are its own,
/// made readable by the integration that called it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Upstream {
    /// The HTTP status this failure is best answered with (429, 502, 504 …).
    pub status: u16,
    pub code: &'static str,
    pub message: String,
    pub retry_after: Option<u64>,
}

/// Why an operation did not happen. See the module's documentation.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// Input that cannot be accepted: every bad field, each with its words (422).
    #[error("invalid input: {0:?}")]
    Invalid(Vec<Problem>),
    /// One input that cannot be used, with a code of its own saying why
    /// (an unsupported or unreadable file …) (422).
    #[error("{message}")]
    Unusable {
        code: &'static str,
        field: &'static str,
        message: String,
    },
    /// A request that is malformed rather than invalid, such as a bad link (400).
    #[error("{message}")]
    BadRequest {
        code: &'static str,
        message: Cow<'static, str>,
    },
    #[error("{}", .0.message())]
    Unauthenticated(Unauthenticated),
    #[error("{}", .0.message())]
    Denied(Denied),
    /// Denied, with words that say more than the reason's usual ones (403).
    #[error("{message}")]
    Refused { why: Denied, message: &'static str },
    #[error("{}", .0.message())]
    NotFound(Missing),
    #[error("{}", .0.message())]
    Conflict(Conflict),
    /// Something that was valid and no longer is, such as an expired invitation (410).
    #[error("{message}")]
    Gone {
        code: &'static str,
        message: Cow<'static, str>,
    },
    /// Too much: a body, a file, a quota (413).
    #[error("{message}")]
    TooLarge {
        code: &'static str,
        message: Cow<'static, str>,
    },
    /// A kind of content this operation does not take (415).
    #[error("{message}")]
    Unsupported {
        code: &'static str,
        message: Cow<'static, str>,
    },
    /// Too often; try again after so many seconds (429).
    #[error("too many requests")]
    RateLimited { retry_after: u64 },
    #[error("{}", .0.message)]
    Upstream(Upstream),
    /// Anything else: the cause is for the log, never for the caller.
    #[error(transparent)]
    Internal(Box<dyn std::error::Error + Send + Sync>),
}

impl Error {
    /// One invalid field.
    pub fn invalid(field: impl Into<String>, message: impl Into<String>) -> Self {
        Error::Invalid(vec![Problem {
            field: field.into(),
            message: message.into(),
        }])
    }

    pub fn not_found(thing: Thing) -> Self {
        Error::NotFound(Missing {
            thing,
            detail: None,
            field: None,
        })
    }

    /// Not found, with a sentence that says more than the usual one.
    pub fn not_found_because(thing: Thing, detail: impl Into<String>) -> Self {
        Error::NotFound(Missing {
            thing,
            detail: Some(detail.into()),
            field: None,
        })
    }

    /// Not found, named by an input field (which is reported as invalid too).
    pub fn not_found_in(thing: Thing, field: &'static str) -> Self {
        Error::NotFound(Missing {
            thing,
            detail: None,
            field: Some(field),
        })
    }

    /// Denied for `why`, in these words.
    pub fn refused(why: Denied, message: &'static str) -> Self {
        Error::Refused { why, message }
    }

    pub fn internal(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Error::Internal(cause.into())
    }

    /// The stable machine-readable code.
    pub fn code(&self) -> &str {
        match self {
            Error::Invalid(_) => "validation_failed",
            Error::BadRequest { code, .. }
            | Error::Unusable { code, .. }
            | Error::Gone { code, .. }
            | Error::TooLarge { code, .. }
            | Error::Unsupported { code, .. } => code,
            Error::Unauthenticated(u) => u.as_str(),
            Error::Denied(d) | Error::Refused { why: d, .. } => d.as_str(),
            Error::NotFound(m) => m.thing.not_found_code(),
            Error::Conflict(c) => c.as_str(),
            Error::RateLimited { .. } => "rate_limited",
            Error::Upstream(u) => u.code,
            Error::Internal(_) => "internal_error",
        }
    }
}

impl From<ParseError> for Error {
    /// A value parsed outside any named field.
    fn from(e: ParseError) -> Self {
        Error::BadRequest {
            code: e.code,
            message: Cow::Owned(e.message),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn problems_are_reported_together() {
        let mut problems = Problems::default();
        assert_eq!(problems.check("a", Ok::<_, ParseError>(1)), Some(1));
        problems.add("name", messages::REQUIRED);
        problems.add("email", messages::INVALID_EMAIL);
        match problems.finish() {
            Err(Error::Invalid(list)) => assert_eq!(list.len(), 2),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn codes_and_words_come_from_the_enums() {
        assert_eq!(Error::not_found(Thing::Team).code(), "team_not_found");
        assert_eq!(Error::Conflict(Conflict::LastOwner).code(), "last_owner");
        assert_eq!(
            Error::Denied(Denied::AdminRequired).to_string(),
            "Access denied. Admin privileges required."
        );
        assert_eq!(
            messages::invalid_choice(&["a", "b"], "c"),
            "Invalid enum value. Expected 'a' | 'b', received 'c'"
        );
    }
}
