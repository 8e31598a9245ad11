//! Email as the outbox records it.

string_enum!(
    /// How an email goes out: kept in the `outbox` (no SMTP configured), or
    /// delivered by `smtp`.
    MailTransport {
        Outbox = "outbox",
        Smtp = "smtp",
    }
);

string_enum!(
    /// Where an email stands: `stored` (kept in the outbox), `queued`
    /// (waiting for its next delivery attempt), `sent`, or `failed` (every
    /// attempt failed).
    MailStatus {
        Stored = "stored",
        Queued = "queued",
        Sent = "sent",
        Failed = "failed",
    }
);

string_enum!(
    /// Which email it is: each is written from its template, in the
    /// recipient's language.
    MailTemplate {
        EmailVerification = "email_verification",
        EmailChanged = "email_changed",
        PasswordChanged = "password_changed",
        PasswordReset = "password_reset",
        PasswordWasReset = "password_was_reset",
        TeamInvitation = "team_invitation",
        TeamMemberAdded = "team_member_added",
        TeamMessage = "team_message",
        WorkflowMessage = "workflow_message",
        ContactMessage = "contact_message",
        WebhookFailing = "webhook_failing",
        WebhookEndpointDisabled = "webhook_endpoint_disabled",
    }
);
