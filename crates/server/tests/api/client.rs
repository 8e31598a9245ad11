//! Typed helpers for every JSON endpoint: each takes the request body and
//! query types of the server and answers its response type, so a test that
//! uses them stops compiling when the contract changes under it. (Raw JSON
//! stays for what a typed body cannot say: invalid input, missing fields.)

use agentforge_server::dto::*;
use agentforge_server::http::PageQuery;
use reqwest::Method;
use serde::Serialize;
use serde::de::DeserializeOwned;

use crate::helpers::TestApp;

/// A failed call: its status and error body.
#[derive(Debug)]
pub struct Failure {
    pub status: u16,
    pub body: ErrorBody,
}

impl Failure {
    /// Asserts the status and the code, and gives the body.
    #[track_caller]
    pub fn expect(self, status: u16, code: &str) -> ErrorBody {
        assert_eq!(
            (self.status, self.body.error.as_ref()),
            (status, code),
            "{:?}",
            self.body
        );
        self.body
    }
}

pub type Answer<T> = Result<T, Failure>;

/// What a test asserts of an answer it expects to succeed.
pub trait Expected<T> {
    /// The value of a successful answer; panics with the failure otherwise.
    fn value(self) -> T;
}

impl<T> Expected<T> for Answer<T> {
    #[track_caller]
    fn value(self) -> T {
        match self {
            Ok(value) => value,
            Err(failure) => panic!(
                "expected success, got {} {:?}",
                failure.status, failure.body
            ),
        }
    }
}

/// The API as one caller: a bearer token, or nobody.
pub struct Api<'a> {
    app: &'a TestApp,
    token: Option<String>,
}

impl TestApp {
    /// The API as the user with `token`.
    pub fn api(&self, token: &str) -> Api<'_> {
        Api {
            app: self,
            token: Some(token.to_owned()),
        }
    }

    /// The API as nobody signed in.
    pub fn anonymous(&self) -> Api<'_> {
        Api {
            app: self,
            token: None,
        }
    }
}

impl Api<'_> {
    async fn send<Q: Serialize, B: Serialize>(
        &self,
        method: Method,
        path: String,
        query: Option<&Q>,
        body: Option<&B>,
    ) -> (u16, Vec<u8>) {
        let mut request = self.app.client.request(method.clone(), self.app.url(&path));
        if let Some(token) = &self.token {
            request = request.bearer_auth(token);
        }
        if let Some(query) = query {
            request = request.query(query);
        }
        if let Some(body) = body {
            request = request.json(body);
        }
        let response = self.app.send_noted(request, method, &path).await;
        let status = response.status().as_u16();
        (status, response.bytes().await.expect("a body").to_vec())
    }

    fn decode<T: DeserializeOwned>(status: u16, bytes: &[u8]) -> Answer<T> {
        if (200..300).contains(&status) {
            Ok(serde_json::from_slice(bytes).unwrap_or_else(|e| {
                panic!(
                    "the answer does not match its type: {e}: {}",
                    String::from_utf8_lossy(bytes)
                )
            }))
        } else {
            let body: ErrorBody = serde_json::from_slice(bytes).unwrap_or_else(|e| {
                panic!(
                    "a failure without the error shape: {e}: {}",
                    String::from_utf8_lossy(bytes)
                )
            });
            Err(Failure { status, body })
        }
    }

    async fn data<Q: Serialize, B: Serialize, T: DeserializeOwned>(
        &self,
        method: Method,
        path: String,
        query: Option<&Q>,
        body: Option<&B>,
    ) -> Answer<T> {
        let (status, bytes) = self.send(method, path, query, body).await;
        Self::decode::<Envelope<T>>(status, &bytes).map(|envelope| envelope.data)
    }

    async fn page<Q: Serialize, B: Serialize, T: DeserializeOwned>(
        &self,
        method: Method,
        path: String,
        query: Option<&Q>,
        body: Option<&B>,
    ) -> Answer<Paged<T>> {
        let (status, bytes) = self.send(method, path, query, body).await;
        Self::decode(status, &bytes)
    }

    /// POST /users/contact: Contact us
    pub async fn contact(&self, body: &ContactIn) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            "/api/users/contact".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /admin/contact-messages: Contact messages
    pub async fn contact_messages(&self, query: &PageQuery) -> Answer<Paged<ContactMessageOut>> {
        self.page(
            Method::GET,
            "/api/admin/contact-messages".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /admin/mail-outbox: The mail outbox
    pub async fn mail_outbox(&self, query: &PageQuery) -> Answer<Paged<MailOut>> {
        self.page(
            Method::GET,
            "/api/admin/mail-outbox".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /admin/audit-logs: The audit log
    pub async fn audit_logs(&self, query: &AuditQuery) -> Answer<AuditPageOut> {
        self.data(
            Method::GET,
            "/api/admin/audit-logs".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /agents/{id}/activity: An agent's activity
    pub async fn agent_activity(&self, id: &str, query: &AuditQuery) -> Answer<AuditPageOut> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/activity"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /teams/{id}/activity: A team's activity
    pub async fn team_activity(&self, id: &str, query: &AuditQuery) -> Answer<AuditPageOut> {
        self.data(
            Method::GET,
            format!("/api/teams/{id}/activity"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /admin/overview: The admin overview
    pub async fn admin_overview(&self) -> Answer<AdminOverviewOut> {
        self.data(
            Method::GET,
            "/api/admin/overview".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /admin/jobs/{id}/retry: Retry a job
    pub async fn retry_job(&self, id: &str) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            format!("/api/admin/jobs/{id}/retry"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /admin/mail-outbox/{id}/resend: Send an email again
    pub async fn resend_mail(&self, id: &str) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            format!("/api/admin/mail-outbox/{id}/resend"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /admin/configuration: The configuration
    pub async fn get_configuration(&self) -> Answer<ConfigurationOut> {
        self.data(
            Method::GET,
            "/api/admin/configuration".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /admin/configuration: Change the configuration
    pub async fn put_configuration(&self, body: &ConfigurationIn) -> Answer<ConfigurationOut> {
        self.data(
            Method::PUT,
            "/api/admin/configuration".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /admin/configuration/test: Test a connection
    pub async fn test_connection(&self, body: &ConnectionTestIn) -> Answer<ConnectionTestOut> {
        self.data(
            Method::POST,
            "/api/admin/configuration/test".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /admin/users: Accounts
    pub async fn list_users(&self, query: &AdminUserQuery) -> Answer<Paged<AdminUserOut>> {
        self.page(
            Method::GET,
            "/api/admin/users".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /admin/users/{id}: One account
    pub async fn get_user(&self, id: &str) -> Answer<AdminUserDetailOut> {
        self.data(
            Method::GET,
            format!("/api/admin/users/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /admin/users/{id}: Change an account
    pub async fn update_user(&self, id: &str, body: &AdminUserPatch) -> Answer<AdminUserDetailOut> {
        self.data(
            Method::PUT,
            format!("/api/admin/users/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /admin/users/{id}: Delete an account
    pub async fn delete_user(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/admin/users/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /admin/users/{id}/resend-verification: Send an account a new verification link
    pub async fn resend_user_verification(&self, id: &str) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            format!("/api/admin/users/{id}/resend-verification"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /agents: List my agents
    pub async fn list_agents(&self, query: &AgentQuery) -> Answer<Paged<AgentOut>> {
        self.page(
            Method::GET,
            "/api/agents".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /agents: Create an agent
    pub async fn create_agent(&self, body: &AgentIn) -> Answer<AgentOut> {
        self.data(
            Method::POST,
            "/api/agents".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/ai-generate: Draft an agent from a description
    pub async fn ai_generate(&self, body: &GenerateIn) -> Answer<GeneratedOut> {
        self.data(
            Method::POST,
            "/api/agents/ai-generate".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/bulk-delete: Delete several agents
    pub async fn bulk_delete(&self, body: &IdsIn) -> Answer<BulkDeleteOut> {
        self.data(
            Method::POST,
            "/api/agents/bulk-delete".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/bulk-update: Change several agents
    pub async fn bulk_update(&self, body: &BulkUpdateIn) -> Answer<Vec<AgentOut>> {
        self.data(
            Method::POST,
            "/api/agents/bulk-update".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/from-template: Create an agent from a template
    pub async fn create_from_template(&self, body: &FromTemplateIn) -> Answer<AgentOut> {
        self.data(
            Method::POST,
            "/api/agents/from-template".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/import: Import an agent
    pub async fn import_agent(&self, body: &ExportDocument) -> Answer<AgentOut> {
        self.data(
            Method::POST,
            "/api/agents/import".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /agents/templates: Agent templates
    pub async fn list_templates(&self) -> Answer<Vec<TemplateOut>> {
        self.data(
            Method::GET,
            "/api/agents/templates".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /agents/voices: Voice catalogue
    pub async fn list_voices(&self) -> Answer<Vec<VoiceOut>> {
        self.data(
            Method::GET,
            "/api/agents/voices".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /agents/{id}: An agent, with its deployments
    pub async fn get_agent(&self, id: &str) -> Answer<AgentOut> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /agents/{id}: Change an agent
    pub async fn update_agent(&self, id: &str, body: &AgentIn) -> Answer<AgentOut> {
        self.data(
            Method::PUT,
            format!("/api/agents/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /agents/{id}: Delete an agent
    pub async fn delete_agent(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/agents/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /agents/{id}/analytics: An agent's activity
    pub async fn agent_analytics(&self, id: &str, query: &AnalyticsQuery) -> Answer<AnalyticsOut> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/analytics"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /agents/{id}/chat: Chat with an agent
    pub async fn chat(&self, id: &str, body: &ChatIn) -> Answer<ChatOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/chat"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /agents/{id}/conversations: An agent's conversations
    pub async fn agent_conversations(
        &self,
        id: &str,
        query: &ConversationQuery,
    ) -> Answer<Paged<ConversationOut>> {
        self.page(
            Method::GET,
            format!("/api/agents/{id}/conversations"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /agents/{id}/conversations/{conversationId}: One of an agent's conversations
    pub async fn get_agent_conversation(
        &self,
        id: &str,
        conversation_id: &str,
    ) -> Answer<ConversationOut> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/conversations/{conversation_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /agents/{id}/conversations/{conversationId}: Delete one of an agent's conversations
    pub async fn delete_agent_conversation(
        &self,
        id: &str,
        conversation_id: &str,
    ) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/agents/{id}/conversations/{conversation_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /agents/{id}/deploy: Deploy a version
    pub async fn deploy_agent(&self, id: &str, body: &DeployIn) -> Answer<DeploymentOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/deploy"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /agents/{id}/documents: An agent's documents, newest first
    pub async fn list_documents(&self, id: &str) -> Answer<Vec<DocumentOut>> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/documents"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /agents/{id}/documents/{documentId}: Remove a document and its passages
    pub async fn delete_document(&self, id: &str, document_id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/agents/{id}/documents/{document_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /agents/{id}/duplicate: Duplicate an agent
    pub async fn duplicate_agent(&self, id: &str, body: &DuplicateIn) -> Answer<AgentOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/duplicate"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /agents/{id}/export: Export an agent
    pub async fn export_agent(&self, id: &str) -> Answer<ExportDocument> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/export"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PATCH /agents/{id}/last-active: Mark an agent active now
    pub async fn touch_last_active(&self, id: &str) -> Answer<LastActiveOut> {
        self.data(
            Method::PATCH,
            format!("/api/agents/{id}/last-active"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /agents/{id}/share: Share an agent by link or with a team
    pub async fn share_agent(&self, id: &str, body: &ShareIn) -> Answer<ShareOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/share"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /agents/{id}/test: Try an agent's draft
    pub async fn test_agent(&self, id: &str, body: &ChatIn) -> Answer<ChatOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/test"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /agents/{id}/versions: An agent's versions, newest first
    pub async fn list_versions(&self, id: &str) -> Answer<Vec<VersionOut>> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/versions"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /agents/{id}/versions/{version}/restore: Restore a version
    pub async fn restore_version(&self, id: &str, version: &str) -> Answer<AgentOut> {
        self.data(
            Method::POST,
            format!("/api/agents/{id}/versions/{version}/restore"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/dashboard: The dashboard overview
    pub async fn dashboard(&self) -> Answer<DashboardOut> {
        self.data(
            Method::GET,
            "/api/analytics/dashboard".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/overview: Activity over a period
    pub async fn analytics_overview(&self, query: &ReportQuery) -> Answer<OverviewReportOut> {
        self.data(
            Method::GET,
            "/api/analytics/overview".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/performance: Answer times and outcomes
    pub async fn analytics_performance(&self, query: &ReportQuery) -> Answer<PerformanceOut> {
        self.data(
            Method::GET,
            "/api/analytics/performance".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/usage: Tokens and estimated cost
    pub async fn analytics_usage(&self, query: &ReportQuery) -> Answer<UsageOut> {
        self.data(
            Method::GET,
            "/api/analytics/usage".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/realtime: Now
    pub async fn analytics_realtime(&self, query: &ReportQuery) -> Answer<RealtimeOut> {
        self.data(
            Method::GET,
            "/api/analytics/realtime".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/agents: Agents side by side
    pub async fn analytics_agents(&self, query: &ReportQuery) -> Answer<AgentsReportOut> {
        self.data(
            Method::GET,
            "/api/analytics/agents".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/conversations: Conversations by channel, status and hour
    pub async fn analytics_conversations(
        &self,
        query: &ReportQuery,
    ) -> Answer<ConversationsReportOut> {
        self.data(
            Method::GET,
            "/api/analytics/conversations".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /analytics/metrics: One series
    pub async fn analytics_metrics(
        &self,
        query: &ReportQuery,
        metric: &MetricQuery,
    ) -> Answer<MetricOut> {
        #[derive(Serialize)]
        struct Both<'a> {
            #[serde(flatten)]
            query: &'a ReportQuery,
            #[serde(flatten)]
            metric: &'a MetricQuery,
        }
        self.data(
            Method::GET,
            "/api/analytics/metrics".to_owned(),
            Some(&Both { query, metric }),
            None::<&()>,
        )
        .await
    }

    /// POST /admin/analytics/rebuild: Recount analytics
    pub async fn rebuild_analytics(&self) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            "/api/admin/analytics/rebuild".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /auth/forgot-password: Ask for a password reset link
    pub async fn forgot_password(&self, body: &EmailIn) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            "/api/auth/forgot-password".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /auth/login: Sign in
    pub async fn login(&self, body: &LoginIn) -> Answer<SessionOut> {
        self.data(
            Method::POST,
            "/api/auth/login".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /auth/me: The current user
    pub async fn me(&self) -> Answer<UserOut> {
        self.data(
            Method::GET,
            "/api/auth/me".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /auth/profile: The current user's profile
    pub async fn profile(&self) -> Answer<UserOut> {
        self.data(
            Method::GET,
            "/api/auth/profile".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /auth/refresh: Refresh the session (alias)
    pub async fn refresh(&self, body: &RefreshIn) -> Answer<SessionOut> {
        self.data(
            Method::POST,
            "/api/auth/refresh".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /auth/refresh-token: Refresh the session
    pub async fn refresh_token(&self, body: &RefreshIn) -> Answer<SessionOut> {
        self.data(
            Method::POST,
            "/api/auth/refresh-token".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /auth/register: Sign up
    pub async fn register(&self, body: &RegisterIn) -> Answer<SessionOut> {
        self.data(
            Method::POST,
            "/api/auth/register".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /auth/resend-verification: Send the verification email again
    pub async fn resend_verification(&self) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            "/api/auth/resend-verification".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /auth/reset-password: Choose a new password
    pub async fn reset_password(&self, body: &ResetPasswordIn) -> Answer<NoticeOut> {
        self.data(
            Method::POST,
            "/api/auth/reset-password".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /auth/verify-email: Verify the email address
    pub async fn verify_email(&self, body: &TokenIn) -> Answer<UserOut> {
        self.data(
            Method::POST,
            "/api/auth/verify-email".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /conversations: List conversations
    pub async fn list_conversations(
        &self,
        query: &ConversationQuery,
    ) -> Answer<Paged<ConversationOut>> {
        self.page(
            Method::GET,
            "/api/conversations".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /conversations: Start a conversation
    pub async fn create_conversation(&self, body: &ConversationIn) -> Answer<ConversationOut> {
        self.data(
            Method::POST,
            "/api/conversations".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /conversations/{id}: Get a conversation
    pub async fn get_conversation(&self, id: &str) -> Answer<ConversationOut> {
        self.data(
            Method::GET,
            format!("/api/conversations/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /conversations/{id}: Delete a conversation and its messages
    pub async fn delete_conversation(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/conversations/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /conversations/{id}/end: End a conversation
    pub async fn end_conversation(&self, id: &str) -> Answer<ConversationOut> {
        self.data(
            Method::POST,
            format!("/api/conversations/{id}/end"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    pub async fn take_over_conversation(&self, id: &str) -> Answer<ConversationOut> {
        self.data(
            Method::POST,
            format!("/api/conversations/{id}/take-over"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    pub async fn reply_in_conversation(&self, id: &str, body: &ReplyIn) -> Answer<MessageOut> {
        self.data(
            Method::POST,
            format!("/api/conversations/{id}/reply"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    pub async fn hand_back_conversation(&self, id: &str) -> Answer<ConversationOut> {
        self.data(
            Method::POST,
            format!("/api/conversations/{id}/hand-back"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /conversations/{id}/messages: A conversation's messages, oldest first
    pub async fn conversation_messages(&self, id: &str) -> Answer<Vec<MessageOut>> {
        self.data(
            Method::GET,
            format!("/api/conversations/{id}/messages"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /personalities: Personalities: the built-in ones, then mine
    pub async fn list_personalities(&self) -> Answer<Vec<PersonalityOut>> {
        self.data(
            Method::GET,
            "/api/personalities".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /personalities: Create a personality
    pub async fn create_personality(&self, body: &PersonalityIn) -> Answer<PersonalityOut> {
        self.data(
            Method::POST,
            "/api/personalities".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /personalities/{id}: A personality
    pub async fn get_personality(&self, id: &str) -> Answer<PersonalityOut> {
        self.data(
            Method::GET,
            format!("/api/personalities/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /personalities/{id}: Change a personality
    pub async fn update_personality(
        &self,
        id: &str,
        body: &PersonalityIn,
    ) -> Answer<PersonalityOut> {
        self.data(
            Method::PUT,
            format!("/api/personalities/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /personalities/{id}: Delete a personality
    pub async fn delete_personality(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/personalities/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /settings/account: Delete my account
    pub async fn delete_account(&self, body: &PasswordIn) -> Answer<NoticeOut> {
        self.data(
            Method::DELETE,
            "/api/settings/account".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// PUT /settings/profile: Update my profile
    pub async fn update_profile(&self, body: &ProfilePatch) -> Answer<ProfileOut> {
        self.data(
            Method::PUT,
            "/api/settings/profile".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /system/health: Health check
    pub async fn health(&self) -> Answer<HealthOut> {
        self.data(
            Method::GET,
            "/api/system/health".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /system/status: Instance status
    pub async fn status(&self) -> Answer<StatusOut> {
        self.data(
            Method::GET,
            "/api/system/status".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /team-invitations/accept/{token}: Accept an invitation
    pub async fn accept_invitation(&self, token: &str) -> Answer<AcceptedOut> {
        self.data(
            Method::POST,
            format!("/api/team-invitations/accept/{token}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /team-invitations/details/{token}: An invitation's details
    pub async fn invitation_details(&self, token: &str) -> Answer<InvitationOut> {
        self.data(
            Method::GET,
            format!("/api/team-invitations/details/{token}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /team-invitations/reject/{token}: Decline an invitation
    pub async fn reject_invitation(&self, token: &str) -> Answer<InvitationOut> {
        self.data(
            Method::POST,
            format!("/api/team-invitations/reject/{token}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /team-invitations/team/{teamId}: A team's pending invitations
    pub async fn team_invitations(&self, team_id: &str) -> Answer<Vec<InvitationOut>> {
        self.data(
            Method::GET,
            format!("/api/team-invitations/team/{team_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /team-invitations/team/{teamId}: Invite someone by email
    pub async fn invite(&self, team_id: &str, body: &MemberIn) -> Answer<InvitationOut> {
        self.data(
            Method::POST,
            format!("/api/team-invitations/team/{team_id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /team-invitations/user: My pending invitations
    pub async fn my_invitations(&self) -> Answer<Vec<InvitationOut>> {
        self.data(
            Method::GET,
            "/api/team-invitations/user".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /team-invitations/{id}: Revoke an invitation
    pub async fn revoke_invitation(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/team-invitations/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /teams: My teams
    pub async fn list_teams(&self, query: &TeamQuery) -> Answer<Vec<TeamOut>> {
        self.data(
            Method::GET,
            "/api/teams".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /teams: Create a team
    pub async fn create_team(&self, body: &TeamIn) -> Answer<TeamDetailOut> {
        self.data(
            Method::POST,
            "/api/teams".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /teams/{id}: A team, with its members and agents
    pub async fn get_team(&self, id: &str) -> Answer<TeamDetailOut> {
        self.data(
            Method::GET,
            format!("/api/teams/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /teams/{id}: Rename or describe a team
    pub async fn update_team(&self, id: &str, body: &TeamIn) -> Answer<TeamOut> {
        self.data(
            Method::PUT,
            format!("/api/teams/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /settings/team: My team's settings
    pub async fn team_settings(&self, query: &TeamSettingsQuery) -> Answer<TeamSettingsOut> {
        self.data(
            Method::GET,
            "/api/settings/team".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// PUT /settings/team: Change my team's settings
    pub async fn update_team_settings(&self, body: &TeamSettingsIn) -> Answer<TeamSettingsOut> {
        self.data(
            Method::PUT,
            "/api/settings/team".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /teams/{id}: Delete a team
    pub async fn delete_team(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/teams/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /teams/{id}/agents/{agentId}: Share an agent with a team
    pub async fn add_team_agent(&self, id: &str, agent_id: &str) -> Answer<TeamAgentOut> {
        self.data(
            Method::POST,
            format!("/api/teams/{id}/agents/{agent_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// DELETE /teams/{id}/agents/{agentId}: Take an agent out of a team
    pub async fn remove_team_agent(&self, id: &str, agent_id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/teams/{id}/agents/{agent_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /teams/{id}/members: A team's members
    pub async fn list_members(&self, id: &str) -> Answer<Vec<MemberOut>> {
        self.data(
            Method::GET,
            format!("/api/teams/{id}/members"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /teams/{id}/members: Add an existing account to a team
    pub async fn add_member(&self, id: &str, body: &MemberIn) -> Answer<MemberOut> {
        self.data(
            Method::POST,
            format!("/api/teams/{id}/members"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /teams/{id}/members/{memberId}: Remove a member, or leave
    pub async fn remove_member(&self, id: &str, member_id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/teams/{id}/members/{member_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /teams/{id}/members/{memberId}/role: Change a member's role
    pub async fn set_member_role(
        &self,
        id: &str,
        member_id: &str,
        body: &RoleIn,
    ) -> Answer<MemberOut> {
        self.data(
            Method::PUT,
            format!("/api/teams/{id}/members/{member_id}/role"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /teams/{id}/notify: Message the team
    pub async fn notify_team(&self, id: &str, body: &NotifyIn) -> Answer<NotifyOut> {
        self.data(
            Method::POST,
            format!("/api/teams/{id}/notify"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /api-keys: My API keys
    pub async fn list_keys(&self) -> Answer<Vec<ApiKeyOut>> {
        self.data(
            Method::GET,
            "/api/api-keys".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /api-keys: Make an API key
    pub async fn create_key(&self, body: &ApiKeyIn) -> Answer<NewApiKeyOut> {
        self.data(
            Method::POST,
            "/api/api-keys".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /api-keys/{id}: Revoke an API key
    pub async fn revoke_key(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/api-keys/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /admin/api-keys: Every API key
    pub async fn admin_list_keys(&self, query: &AdminApiKeyQuery) -> Answer<Paged<AdminApiKeyOut>> {
        self.page(
            Method::GET,
            "/api/admin/api-keys".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// DELETE /admin/api-keys/{id}: Revoke anyone's API key
    pub async fn admin_revoke_key(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/admin/api-keys/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /mcp: My MCP servers
    pub async fn list_servers(&self) -> Answer<Vec<McpServerOut>> {
        self.data(Method::GET, "/api/mcp".to_owned(), None::<&()>, None::<&()>)
            .await
    }

    /// POST /mcp: Add an MCP server
    pub async fn create_server(&self, body: &McpServerIn) -> Answer<McpServerOut> {
        self.data(Method::POST, "/api/mcp".to_owned(), None::<&()>, Some(body))
            .await
    }

    /// GET /mcp/{id}: An MCP server
    pub async fn get_server(&self, id: &str) -> Answer<McpServerOut> {
        self.data(
            Method::GET,
            format!("/api/mcp/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /mcp/{id}: Change an MCP server
    pub async fn update_server(&self, id: &str, body: &McpServerIn) -> Answer<McpServerOut> {
        self.data(
            Method::PUT,
            format!("/api/mcp/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /mcp/{id}: Delete an MCP server
    pub async fn delete_server(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/mcp/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /mcp/{id}/test: Test an MCP server
    pub async fn test_server(&self, id: &str) -> Answer<McpTestOut> {
        self.data(
            Method::POST,
            format!("/api/mcp/{id}/test"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /mcp/test: Test a configuration before saving it
    pub async fn probe_server(&self, body: &McpServerIn) -> Answer<McpProbeOut> {
        self.data(
            Method::POST,
            "/api/mcp/test".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /mcp/{id}/execute: Call a tool of an MCP server
    pub async fn execute_tool(&self, id: &str, body: &McpExecuteIn) -> Answer<McpExecuteOut> {
        self.data(
            Method::POST,
            format!("/api/mcp/{id}/execute"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /mcp/import: Import MCP servers
    pub async fn import_servers(&self, body: &serde_json::Value) -> Answer<McpImportOut> {
        self.data(
            Method::POST,
            "/api/mcp/import".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /mcp/agent/{agentId}: An agent's MCP servers
    pub async fn agent_servers(&self, agent_id: &str) -> Answer<Vec<AgentMcpServerOut>> {
        self.data(
            Method::GET,
            format!("/api/mcp/agent/{agent_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /mcp/agent/{agentId}/servers: Give an agent an MCP server
    pub async fn assign_server(
        &self,
        agent_id: &str,
        body: &AssignIn,
    ) -> Answer<AgentMcpServerOut> {
        self.data(
            Method::POST,
            format!("/api/mcp/agent/{agent_id}/servers"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// PUT /mcp/agent/{agentId}/servers/{serverId}: Change what an MCP server lends an agent
    pub async fn update_assignment(
        &self,
        agent_id: &str,
        server_id: &str,
        body: &AssignmentPatch,
    ) -> Answer<AgentMcpServerOut> {
        self.data(
            Method::PUT,
            format!("/api/mcp/agent/{agent_id}/servers/{server_id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /mcp/agent/{agentId}/servers/{serverId}: Take an MCP server off an agent
    pub async fn unassign_server(&self, agent_id: &str, server_id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/mcp/agent/{agent_id}/servers/{server_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /mcp/ai-generate: Propose an MCP server
    pub async fn generate_server(&self, body: &McpGenerateIn) -> Answer<McpGenerateOut> {
        self.data(
            Method::POST,
            "/api/mcp/ai-generate".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /settings/integrations: My integrations
    pub async fn list_integrations(&self, query: &IntegrationsQuery) -> Answer<IntegrationsOut> {
        self.data(
            Method::GET,
            "/api/settings/integrations".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// PUT /settings/integrations/{name}: Connect or change an integration
    pub async fn put_integration(
        &self,
        name: &str,
        body: &IntegrationIn,
    ) -> Answer<IntegrationOut> {
        self.data(
            Method::PUT,
            format!("/api/settings/integrations/{name}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /settings/integrations/{name}: Disconnect an integration
    pub async fn delete_integration(
        &self,
        name: &str,
        query: &IntegrationsQuery,
    ) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/settings/integrations/{name}"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /settings/integrations/{name}/test: Test an integration
    pub async fn test_integration(
        &self,
        name: &str,
        body: &IntegrationIn,
    ) -> Answer<IntegrationTestOut> {
        self.data(
            Method::POST,
            format!("/api/settings/integrations/{name}/test"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /v1/webhooks: List webhooks
    pub async fn list_webhooks_v1(&self, query: &WebhooksQuery) -> Answer<Vec<WebhookOut>> {
        self.data(
            Method::GET,
            "/api/v1/webhooks".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /v1/webhooks: Create a webhook
    pub async fn create_webhook_v1(&self, body: &WebhookIn) -> Answer<WebhookSecretOut> {
        self.data(
            Method::POST,
            "/api/v1/webhooks".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /v1/webhooks/stats: Webhook stats
    pub async fn webhook_stats_v1(&self, query: &WebhooksQuery) -> Answer<WebhooksStatsOut> {
        self.data(
            Method::GET,
            "/api/v1/webhooks/stats".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /v1/webhooks/{agentId}: An agent's webhooks
    pub async fn agent_webhooks_v1(&self, agent_id: &str) -> Answer<Vec<WebhookOut>> {
        self.data(
            Method::GET,
            format!("/api/v1/webhooks/{agent_id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /v1/webhooks/{agentId}/test: Test an agent's webhook
    pub async fn test_webhook_v1(
        &self,
        agent_id: &str,
        body: &WebhookTestIn,
    ) -> Answer<WebhookTestOut> {
        self.data(
            Method::POST,
            format!("/api/v1/webhooks/{agent_id}/test"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /v1/webhooks/{agentId}/regenerate: Regenerate an agent's webhooks
    pub async fn regenerate_webhook_v1(
        &self,
        agent_id: &str,
        query: &WebhookPick,
    ) -> Answer<Vec<WebhookSecretOut>> {
        self.data(
            Method::POST,
            format!("/api/v1/webhooks/{agent_id}/regenerate"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /webhooks: List webhooks (direct)
    pub async fn list_webhooks(&self, query: &WebhooksQuery) -> Answer<Vec<WebhookOut>> {
        self.data(
            Method::GET,
            "/api/webhooks".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /webhooks: Create a webhook (direct)
    pub async fn create_webhook(&self, body: &WebhookIn) -> Answer<WebhookSecretOut> {
        self.data(
            Method::POST,
            "/api/webhooks".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /webhooks/stats: Webhook stats (direct)
    pub async fn webhook_stats(&self, query: &WebhooksQuery) -> Answer<WebhooksStatsOut> {
        self.data(
            Method::GET,
            "/api/webhooks/stats".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /webhooks/{id}: A webhook
    pub async fn get_webhook(&self, id: &str) -> Answer<WebhookOut> {
        self.data(
            Method::GET,
            format!("/api/webhooks/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /webhooks/{id}: Change a webhook
    pub async fn update_webhook(&self, id: &str, body: &WebhookUpdateIn) -> Answer<WebhookOut> {
        self.data(
            Method::PUT,
            format!("/api/webhooks/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /webhooks/{id}: Delete a webhook
    pub async fn delete_webhook(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/webhooks/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /webhooks/{id}/events: A webhook's recent events
    pub async fn webhook_events(&self, id: &str) -> Answer<Vec<WebhookEventOut>> {
        self.data(
            Method::GET,
            format!("/api/webhooks/{id}/events"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /webhooks/{id}/test: Test a webhook (direct)
    pub async fn test_webhook(&self, id: &str, body: &WebhookTestIn) -> Answer<WebhookTestOut> {
        self.data(
            Method::POST,
            format!("/api/webhooks/{id}/test"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /webhooks/{id}/regenerate: Regenerate a webhook (direct)
    pub async fn regenerate_webhook(&self, id: &str) -> Answer<WebhookSecretOut> {
        self.data(
            Method::POST,
            format!("/api/webhooks/{id}/regenerate"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /v1/webhook-endpoints: Webhook endpoints
    pub async fn list_endpoints(&self) -> Answer<Vec<WebhookEndpointOut>> {
        self.data(
            Method::GET,
            "/api/v1/webhook-endpoints".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /v1/webhook-endpoints: Subscribe a URL to events
    pub async fn create_endpoint(
        &self,
        body: &WebhookEndpointIn,
    ) -> Answer<WebhookEndpointSecretOut> {
        self.data(
            Method::POST,
            "/api/v1/webhook-endpoints".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /v1/webhook-endpoints/{id}: A webhook endpoint
    pub async fn get_endpoint(&self, id: &str) -> Answer<WebhookEndpointOut> {
        self.data(
            Method::GET,
            format!("/api/v1/webhook-endpoints/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /v1/webhook-endpoints/{id}: Change a webhook endpoint
    pub async fn update_endpoint(
        &self,
        id: &str,
        body: &WebhookEndpointUpdateIn,
    ) -> Answer<WebhookEndpointOut> {
        self.data(
            Method::PUT,
            format!("/api/v1/webhook-endpoints/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /v1/webhook-endpoints/{id}: Delete a webhook endpoint
    pub async fn delete_endpoint(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/v1/webhook-endpoints/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /v1/webhook-endpoints/{id}/deliveries: An endpoint's deliveries
    pub async fn endpoint_deliveries(
        &self,
        id: &str,
        query: &DeliveriesQuery,
    ) -> Answer<Vec<DeliveryOut>> {
        self.data(
            Method::GET,
            format!("/api/v1/webhook-endpoints/{id}/deliveries"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /v1/webhook-endpoints/{id}/deliveries/{deliveryId}/retry: Retry a delivery
    pub async fn retry_delivery(&self, id: &str, delivery_id: &str) -> Answer<DeliveryOut> {
        self.data(
            Method::POST,
            format!("/api/v1/webhook-endpoints/{id}/deliveries/{delivery_id}/retry"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /v1/webhook-endpoints/{id}/rotate-secret: Rotate an endpoint's secret
    pub async fn rotate_endpoint_secret(&self, id: &str) -> Answer<WebhookEndpointSecretOut> {
        self.data(
            Method::POST,
            format!("/api/v1/webhook-endpoints/{id}/rotate-secret"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /agents/{id}/widget: An agent's widget
    pub async fn get_widget(&self, id: &str) -> Answer<WidgetOut> {
        self.data(
            Method::GET,
            format!("/api/agents/{id}/widget"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /agents/{id}/widget: Change an agent's widget
    pub async fn put_widget(&self, id: &str, body: &WidgetSettingsIo) -> Answer<WidgetOut> {
        self.data(
            Method::PUT,
            format!("/api/agents/{id}/widget"),
            None::<&()>,
            Some(body),
        )
        .await
    }
}

impl Api<'_> {
    /// GET /elevenlabs/voices: The voices to choose from
    pub async fn speech_voices(&self) -> Answer<VoicesOut> {
        self.data(
            Method::GET,
            "/api/elevenlabs/voices".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /elevenlabs/test-connection: Test the ElevenLabs connection
    pub async fn test_speech_connection(&self) -> Answer<SpeechConnectionOut> {
        self.data(
            Method::POST,
            "/api/elevenlabs/test-connection".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /twilio/send-sms: Send an SMS
    pub async fn send_sms(&self, body: &SendSmsIn) -> Answer<SmsOut> {
        self.data(
            Method::POST,
            "/api/twilio/send-sms".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /twilio/send-verification: Send a verification code
    pub async fn send_verification(
        &self,
        body: &SendVerificationIn,
    ) -> Answer<VerificationSentOut> {
        self.data(
            Method::POST,
            "/api/twilio/send-verification".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /phone/setup: Phone setup
    pub async fn phone_setup(&self) -> Answer<PhoneSetupOut> {
        self.data(
            Method::GET,
            "/api/phone/setup".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /phone/initiate-call: Place a call
    pub async fn initiate_call(&self, body: &InitiateCallIn) -> Answer<CallOut> {
        self.data(
            Method::POST,
            "/api/phone/initiate-call".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /phone/call-status/{id}: A call's status
    pub async fn call_status(&self, id: &str) -> Answer<CallOut> {
        self.data(
            Method::GET,
            format!("/api/phone/call-status/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /phone/call-history: Your calls
    pub async fn call_history(&self, query: &CallHistoryQuery) -> Answer<Paged<CallOut>> {
        self.page(
            Method::GET,
            "/api/phone/call-history".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// GET /phone/numbers: Your phone numbers
    pub async fn list_numbers(&self) -> Answer<Vec<NumberOut>> {
        self.data(
            Method::GET,
            "/api/phone/numbers".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /phone/numbers: Point a number at an agent
    pub async fn add_number(&self, body: &NumberIn) -> Answer<NumberOut> {
        self.data(
            Method::POST,
            "/api/phone/numbers".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// PUT /phone/numbers/{id}: Change a number's agent
    pub async fn update_number(&self, id: &str, body: &NumberUpdateIn) -> Answer<NumberOut> {
        self.data(
            Method::PUT,
            format!("/api/phone/numbers/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /phone/numbers/{id}: Stop a number reaching an agent
    pub async fn delete_number(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/phone/numbers/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /phone/simulator/calls: Start a simulated call
    pub async fn simulate_call(&self, body: &SimulateCallIn) -> Answer<SimulatorTurnOut> {
        self.data(
            Method::POST,
            "/api/phone/simulator/calls".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /phone/simulator/calls/{id}/speech: Speak in a simulated call
    pub async fn simulator_speech(
        &self,
        id: &str,
        body: &SimulatorSpeechIn,
    ) -> Answer<SimulatorTurnOut> {
        self.data(
            Method::POST,
            format!("/api/phone/simulator/calls/{id}/speech"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /phone/simulator/calls/{id}/hangup: Hang up a simulated call
    pub async fn simulator_hangup(&self, id: &str) -> Answer<CallOut> {
        self.data(
            Method::POST,
            format!("/api/phone/simulator/calls/{id}/hangup"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /twilio/messages: Your SMS
    pub async fn sms_log(&self, query: &PageQuery) -> Answer<Paged<SmsLogOut>> {
        self.page(
            Method::GET,
            "/api/twilio/messages".to_owned(),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /twilio/send-notification: Send a notification by SMS
    pub async fn send_notification(&self, body: &SendNotificationIn) -> Answer<SmsOut> {
        self.data(
            Method::POST,
            "/api/twilio/send-notification".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /twilio/verify-phone: Prove a phone number
    pub async fn verify_phone(&self, body: &VerifyPhoneIn) -> Answer<UserOut> {
        self.data(
            Method::POST,
            "/api/twilio/verify-phone".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /voice/conversations/{id}/messages: A conversation's messages with their audio
    pub async fn voice_messages(&self, id: &str) -> Answer<Vec<VoiceMessageOut>> {
        self.data(
            Method::GET,
            format!("/api/voice/conversations/{id}/messages"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /workflows: Workflows
    pub async fn list_workflows(&self) -> Answer<Vec<WorkflowOut>> {
        self.data(
            Method::GET,
            "/api/workflows".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /workflows: Make a workflow
    pub async fn create_workflow(&self, body: &WorkflowIn) -> Answer<WorkflowOut> {
        self.data(
            Method::POST,
            "/api/workflows".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// POST /workflows/validate: Check a workflow's graph
    pub async fn validate_workflow(&self, body: &ValidateIn) -> Answer<ValidationOut> {
        self.data(
            Method::POST,
            "/api/workflows/validate".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /workflows/{id}: A workflow
    pub async fn get_workflow(&self, id: &str) -> Answer<WorkflowOut> {
        self.data(
            Method::GET,
            format!("/api/workflows/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// PUT /workflows/{id}: Change a workflow
    pub async fn update_workflow(&self, id: &str, body: &WorkflowUpdateIn) -> Answer<WorkflowOut> {
        self.data(
            Method::PUT,
            format!("/api/workflows/{id}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// DELETE /workflows/{id}: Delete a workflow
    pub async fn delete_workflow(&self, id: &str) -> Answer<DeletedOut> {
        self.data(
            Method::DELETE,
            format!("/api/workflows/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /workflows/{id}/versions: A workflow's versions
    pub async fn workflow_versions(&self, id: &str) -> Answer<Vec<WorkflowVersionOut>> {
        self.data(
            Method::GET,
            format!("/api/workflows/{id}/versions"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /workflows/{id}/execute: Run a workflow
    pub async fn execute_workflow(&self, id: &str, body: &ExecuteIn) -> Answer<ExecutionOut> {
        self.data(
            Method::POST,
            format!("/api/workflows/{id}/execute"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /workflows/{id}/executions: A workflow's runs
    pub async fn workflow_executions(
        &self,
        id: &str,
        query: &ExecutionsQuery,
    ) -> Answer<Vec<ExecutionOut>> {
        self.data(
            Method::GET,
            format!("/api/workflows/{id}/executions"),
            Some(query),
            None::<&()>,
        )
        .await
    }

    /// POST /workflows/{id}/rotate-hook: Replace a workflow's webhook URL
    pub async fn rotate_workflow_hook(&self, id: &str) -> Answer<WorkflowOut> {
        self.data(
            Method::POST,
            format!("/api/workflows/{id}/rotate-hook"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// GET /workflow-executions/{id}: A workflow run
    pub async fn get_execution(&self, id: &str) -> Answer<ExecutionOut> {
        self.data(
            Method::GET,
            format!("/api/workflow-executions/{id}"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /workflow-executions/{id}/cancel: Cancel a run
    pub async fn cancel_execution(&self, id: &str) -> Answer<ExecutionOut> {
        self.data(
            Method::POST,
            format!("/api/workflow-executions/{id}/cancel"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /workflow-executions/{id}/retry: Retry a failed run
    pub async fn retry_execution(&self, id: &str) -> Answer<ExecutionOut> {
        self.data(
            Method::POST,
            format!("/api/workflow-executions/{id}/retry"),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /workflows/hooks/{token}: Start a run by webhook (no sign-in)
    pub async fn run_workflow_hook(
        &self,
        token: &str,
        body: &serde_json::Value,
    ) -> Answer<HookAcceptedOut> {
        self.data(
            Method::POST,
            format!("/api/workflows/hooks/{token}"),
            None::<&()>,
            Some(body),
        )
        .await
    }

    /// GET /v1/orchestration/overview: Orchestration overview
    pub async fn orchestration_overview(&self) -> Answer<OrchestrationOut> {
        self.data(
            Method::GET,
            "/api/v1/orchestration/overview".to_owned(),
            None::<&()>,
            None::<&()>,
        )
        .await
    }

    /// POST /v1/orchestration/ai-generate: Generate a workflow
    pub async fn ai_generate_workflow(&self, body: &AiGenerateIn) -> Answer<AiGenerateOut> {
        self.data(
            Method::POST,
            "/api/v1/orchestration/ai-generate".to_owned(),
            None::<&()>,
            Some(body),
        )
        .await
    }
}

/// Every JSON operation of the document has its typed helper here (the
/// others are files, streams and forms, which tests reach raw).
#[test]
fn every_json_operation_has_a_typed_helper() {
    let raw = [
        "export_conversation",
        "metrics",
        "get_upload",
        "upload_bulk",
        "upload_document",
        "upload_image",
        "public_agent",
        "logout",
        "export_servers",
        "export_audit_logs",
        // The widget's public calls need a page's Origin: tests/api/widget.rs
        // reaches them raw.
        "widget_config",
        "widget_chat",
        "widget_history",
        // Audio out, a form in: tests/api/voice.rs reaches them raw.
        "text_to_speech",
        "voice_message",
        "message_audio",
        // Audio out: tests/api/calls.rs reaches it raw.
        "call_recording",
    ];
    let source = include_str!("client.rs");
    let document: serde_json::Value = serde_json::from_str(&agentforge_server::openapi_json(
        &agentforge_server::openapi_document(),
    ))
    .unwrap();
    for item in document["paths"].as_object().unwrap().values() {
        for operation in item.as_object().unwrap().values() {
            let id = operation["operationId"].as_str().unwrap();
            assert!(
                raw.contains(&id) || source.contains(&format!("pub async fn {id}(")),
                "no typed helper for {id}: add it to tests/api/client.rs"
            );
        }
    }
}
