//! The audit log's vocabulary: who acted (`ActorKind`), what they did
//! (`AuditAction`), to what (`AuditResource`), how it ended
//! (`AuditOutcome`), and the diff of changed fields with secrets redacted
//! ([`changes`]).

use serde_json::{Map, Value};

use crate::policy::Actor;

string_enum!(
    /// Who acted: a person with an access token (`user`) or one of their
    /// API keys (`api_key`), the server itself (`system`), nobody known
    /// (`anonymous`: sign-up, failed sign-ins, public forms), or a channel's
    /// caller (`visitor`, `phone`, `webhook`, `workflow`).
    ActorKind {
        User = "user",
        ApiKey = "api_key",
        System = "system",
        Anonymous = "anonymous",
        Visitor = "visitor",
        Phone = "phone",
        Webhook = "webhook",
        Workflow = "workflow",
    }
);

impl ActorKind {
    /// The kind of `actor`, and its id (the user's, the visitor's …).
    pub fn of(actor: &Actor) -> (Self, Option<String>) {
        match actor {
            Actor::User { id, api_key, .. } => (
                if api_key.is_some() {
                    Self::ApiKey
                } else {
                    Self::User
                },
                Some(id.clone()),
            ),
            Actor::Visitor { visitor_id } => (Self::Visitor, Some(visitor_id.clone())),
            Actor::Phone { number } => (Self::Phone, Some(number.clone())),
            Actor::Webhook { webhook_id, .. } => (Self::Webhook, Some(webhook_id.clone())),
            Actor::Workflow { run_id } => (Self::Workflow, Some(run_id.clone())),
            Actor::System => (Self::System, None),
            Actor::Anonymous => (Self::Anonymous, None),
        }
    }
}

string_enum!(
    /// How it ended: `success`; `denied` (the access policy said no);
    /// `failed` (a sign-in with the wrong password, say).
    AuditOutcome {
        Success = "success",
        Denied = "denied",
        Failed = "failed",
    }
);

string_enum!(
    /// The kind of thing an entry is about.
    AuditResource {
        User = "user",
        Session = "session",
        Agent = "agent",
        Document = "document",
        Upload = "upload",
        Conversation = "conversation",
        Team = "team",
        Invitation = "invitation",
        Personality = "personality",
        McpServer = "mcp_server",
        ApiKey = "api_key",
        Integration = "integration",
        Configuration = "configuration",
        Job = "job",
        Mail = "mail",
        ContactMessage = "contact_message",
        Webhook = "webhook",
        WebhookEndpoint = "webhook_endpoint",
        Workflow = "workflow",
        Subscription = "subscription",
        PhoneCall = "phone_call",
        PhoneNumber = "phone_number",
        AuditLog = "audit_log",
        Analytics = "analytics",
        /// An API route, for denials: `METHOD /api/route/{template}`.
        Route = "route",
    }
);

string_enum!(
    /// What was done, `resource.verb`. New kinds of change add theirs here,
    /// so the list (and the audit screen's filter) is always complete.
    AuditAction {
        // Accounts and sessions.
        UserRegister = "user.register",
        UserLogin = "user.login",
        UserLoginFailed = "user.login_failed",
        UserLogout = "user.logout",
        UserProfileUpdate = "user.profile_update",
        UserEmailVerify = "user.email_verify",
        UserPhoneVerify = "user.phone_verify",
        UserVerificationResend = "user.verification_resend",
        UserPasswordResetRequest = "user.password_reset_request",
        UserPasswordReset = "user.password_reset",
        UserDelete = "user.delete",
        UserUpdate = "user.update",
        // Agents.
        AgentCreate = "agent.create",
        AgentUpdate = "agent.update",
        AgentDelete = "agent.delete",
        AgentDeploy = "agent.deploy",
        AgentShare = "agent.share",
        AgentVersionRestore = "agent.version_restore",
        // Knowledge and files.
        DocumentUpload = "document.upload",
        DocumentDelete = "document.delete",
        UploadCreate = "upload.create",
        // Conversations.
        ConversationCreate = "conversation.create",
        ConversationEnd = "conversation.end",
        ConversationTakeOver = "conversation.take_over",
        ConversationReply = "conversation.reply",
        ConversationHandBack = "conversation.hand_back",
        ConversationDelete = "conversation.delete",
        // Teams.
        TeamCreate = "team.create",
        TeamUpdate = "team.update",
        TeamDelete = "team.delete",
        TeamAgentAdd = "team.agent_add",
        TeamAgentRemove = "team.agent_remove",
        TeamMemberAdd = "team.member_add",
        TeamMemberRemove = "team.member_remove",
        TeamMemberRole = "team.member_role",
        TeamNotify = "team.notify",
        InvitationCreate = "invitation.create",
        InvitationRevoke = "invitation.revoke",
        InvitationAccept = "invitation.accept",
        InvitationReject = "invitation.reject",
        // Personalities.
        PersonalityCreate = "personality.create",
        PersonalityUpdate = "personality.update",
        PersonalityDelete = "personality.delete",
        // Tools.
        McpServerCreate = "mcp_server.create",
        McpServerUpdate = "mcp_server.update",
        McpServerDelete = "mcp_server.delete",
        McpServerTest = "mcp_server.test",
        McpServerToolCall = "mcp_server.tool_call",
        McpServerAssign = "mcp_server.assign",
        McpServerAssignmentUpdate = "mcp_server.assignment_update",
        McpServerUnassign = "mcp_server.unassign",
        ApiKeyCreate = "api_key.create",
        ApiKeyRevoke = "api_key.revoke",
        IntegrationUpdate = "integration.update",
        IntegrationDelete = "integration.delete",
        // Channels.
        WebhookCreate = "webhook.create",
        WebhookUpdate = "webhook.update",
        WebhookDelete = "webhook.delete",
        WebhookRegenerate = "webhook.regenerate",
        WebhookFailing = "webhook.failing",
        WebhookEndpointCreate = "webhook_endpoint.create",
        WebhookEndpointUpdate = "webhook_endpoint.update",
        WebhookEndpointDelete = "webhook_endpoint.delete",
        WebhookEndpointRotateSecret = "webhook_endpoint.rotate_secret",
        WebhookEndpointDisable = "webhook_endpoint.disable",
        WebhookDeliveryRetry = "webhook_delivery.retry",
        WidgetUpdate = "widget.update",
        PhoneCallCreate = "phone_call.create",
        PhoneNumberCreate = "phone_number.create",
        PhoneNumberUpdate = "phone_number.update",
        PhoneNumberDelete = "phone_number.delete",
        WorkflowCreate = "workflow.create",
        WorkflowUpdate = "workflow.update",
        WorkflowDelete = "workflow.delete",
        WorkflowRotateHook = "workflow.rotate_hook",
        WorkflowExecute = "workflow.execute",
        WorkflowCancel = "workflow.cancel",
        WorkflowRetry = "workflow.retry",
        // Administration.
        ConfigurationUpdate = "configuration.update",
        JobRetry = "job.retry",
        MailResend = "mail.resend",
        ContactCreate = "contact.create",
        AnalyticsRebuild = "analytics.rebuild",
        // The access policy said no.
        AccessDenied = "access.denied",
        // The retention job.
        AuditPurge = "audit_log.purge",
    }
);

/// What replaces a secret's value in a diff: that it changed shows, what
/// it is does not.
pub const REDACTED: &str = "[redacted]";

/// Whether a field holds a secret, by its name: one that ends in password,
/// token, secret, API key, credentials … (`maxTokens` does not), and the
/// `env` and `headers` of MCP servers.
pub fn is_secret_field(name: &str) -> bool {
    let name = name.to_ascii_lowercase().replace(['_', '-'], "");
    matches!(name.as_str(), "env" | "headers")
        || [
            "password",
            "secret",
            "token",
            "apikey",
            "authorization",
            "credential",
            "credentials",
            "privatekey",
            "keyhash",
        ]
        .iter()
        .any(|s| name.ends_with(s))
}

/// Deep copy of `value` with every secret field's value replaced by
/// [`REDACTED`].
pub fn redacted(value: &Value) -> Value {
    match value {
        Value::Object(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let v = if is_secret_field(k) && !v.is_null() {
                        Value::String(REDACTED.into())
                    } else {
                        redacted(v)
                    };
                    (k.clone(), v)
                })
                .collect(),
        ),
        Value::Array(items) => Value::Array(items.iter().map(redacted).collect()),
        other => other.clone(),
    }
}

/// The fields that differ between two JSON objects, as `{"field": {"from":
/// before, "to": after}}` (a field only in one side has `null` on the
/// other), secrets redacted. Objects nested in a field are compared whole.
/// A value that is not an object is compared as the field `value`.
pub fn changes(before: &Value, after: &Value) -> Map<String, Value> {
    let as_object = |v: &Value| match v {
        Value::Object(map) => map.clone(),
        Value::Null => Map::new(),
        other => Map::from_iter([("value".to_owned(), other.clone())]),
    };
    let (before, after) = (as_object(before), as_object(after));
    let mut keys: Vec<&String> = before.keys().chain(after.keys()).collect();
    keys.sort();
    keys.dedup();
    let mut out = Map::new();
    for key in keys {
        let from = before.get(key).unwrap_or(&Value::Null);
        let to = after.get(key).unwrap_or(&Value::Null);
        if from == to {
            continue;
        }
        let (from, to) = if is_secret_field(key) {
            let hide = |v: &Value| {
                if v.is_null() {
                    Value::Null
                } else {
                    Value::String(REDACTED.into())
                }
            };
            (hide(from), hide(to))
        } else {
            (redacted(from), redacted(to))
        };
        let mut pair = Map::new();
        pair.insert("from".into(), from);
        pair.insert("to".into(), to);
        out.insert(key.clone(), Value::Object(pair));
    }
    out
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn changes_name_the_fields_that_differ() {
        let diff = changes(
            &json!({"name": "A", "status": "draft", "same": 1}),
            &json!({"name": "B", "status": "draft", "same": 1, "new": true}),
        );
        assert_eq!(
            Value::Object(diff),
            json!({"name": {"from": "A", "to": "B"}, "new": {"from": null, "to": true}})
        );
    }

    #[test]
    fn secrets_show_that_they_changed_never_what_they_are() {
        let diff = changes(
            &json!({"password": "old-secret", "config": {"apiKey": "sk-1", "model": "a"}}),
            &json!({"password": "new-secret", "config": {"apiKey": "sk-2", "model": "b"}}),
        );
        let text = serde_json::to_string(&diff).unwrap();
        for secret in ["old-secret", "new-secret", "sk-1", "sk-2"] {
            assert!(!text.contains(secret), "{secret} leaked: {text}");
        }
        assert_eq!(diff["password"], json!({"from": REDACTED, "to": REDACTED}));
        assert_eq!(diff["config"]["to"]["model"], json!("b"));
        assert_eq!(diff["config"]["to"]["apiKey"], json!(REDACTED));
    }

    #[test]
    fn a_secret_set_for_the_first_time_shows_null_to_redacted() {
        let diff = changes(&json!({}), &json!({"webhook_secret": "whsec_x"}));
        assert_eq!(
            diff["webhook_secret"],
            json!({"from": null, "to": REDACTED})
        );
    }

    #[test]
    fn secret_names_are_recognised_in_any_spelling() {
        for name in [
            "password",
            "newPassword",
            "api_key",
            "apiKey",
            "signingSecret",
            "botToken",
            "X-Authorization",
            "env",
            "headers",
            "credentials",
        ] {
            assert!(is_secret_field(name), "{name}");
        }
        for name in [
            "name",
            "status",
            "model",
            "description",
            "keywords",
            "maxTokens",
            "environment",
            "envelope",
            "tokensIn",
        ] {
            assert!(!is_secret_field(name), "{name}");
        }
    }
}
