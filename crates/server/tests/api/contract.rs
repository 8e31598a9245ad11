//! Every JSON endpoint once, through the typed helpers, on both engines:
//! each answer must read back as the type the document declares for it
//! (an undeclared field state, a missing required field or an unknown
//! enumerated value fails the test), and the calls compile only against
//! the server's own request types.

use agentforge_domain::agent::{AgentStatus, AgentType, Environment, Period};
use agentforge_domain::conversation::{ConversationStatus, MessageRole, MessageStatus};
use agentforge_domain::mcp::McpTransport;
use agentforge_domain::policy::Access;
use agentforge_domain::team::{InvitationStatus, TeamRole};
use agentforge_domain::{Role, UserStatus};
use agentforge_server::dto::*;
use agentforge_server::http::{Checked, PageQuery};

use crate::client::Expected;
use crate::fixtures::upload;
use crate::helpers::{PASSWORD, TestApp, for_each_engine_with};
use agentforge_testkit::mcp::McpStandIn;

fn register(email: &str) -> RegisterIn {
    RegisterIn {
        email: email.to_owned(),
        password: PASSWORD.to_owned(),
        first_name: "Ada".to_owned(),
        last_name: "Lovelace".to_owned(),
        language: Some("en".to_owned()),
    }
}

#[tokio::test]
async fn every_endpoint_answers_the_type_it_declares() {
    // An MCP server on this machine, which the server may reach here.
    let stand_in = McpStandIn::start(None).await;
    let services = agentforge_testkit::ServicesStandIn::start().await;
    let loopback = [("AGENTFORGE_OUTBOUND_ALLOW_PRIVATE", "true")];
    for_each_engine_with(&loopback, async |app: TestApp| {
        let nobody = app.anonymous();
        assert_eq!(nobody.health().await.value().status, "ok");
        let status = nobody.status().await.value();
        assert!(!status.features.voice_provider);

        // Accounts.
        let ada = nobody.register(&register("ada@example.com")).await.value();
        assert_eq!(ada.user.role, Role::Admin, "the first account administers");
        nobody
            .register(&register("grace@example.com"))
            .await
            .value();
        let login = nobody
            .login(&LoginIn {
                email: "ada@example.com".into(),
                password: PASSWORD.into(),
            })
            .await
            .value();
        let refreshed = nobody
            .refresh_token(&RefreshIn {
                refresh_token: login.refresh_token.clone(),
            })
            .await
            .value();
        nobody
            .refresh(&RefreshIn {
                refresh_token: refreshed.refresh_token,
            })
            .await
            .value();
        let api = app.api(&ada.token);
        assert_eq!(api.me().await.value().email, "ada@example.com");
        api.profile().await.value();
        let changed = api
            .update_profile(&ProfilePatch {
                first_name: Some("Augusta".into()),
                last_name: None,
                email: None,
                current_password: None,
                new_password: None,
                language: Some("en".into()),
            })
            .await
            .value();
        assert_eq!(changed.user.first_name, "Augusta");
        assert_eq!(changed.user.language, agentforge_domain::Language::En);
        api.resend_verification().await.value();
        let token = app.token_from_mail("ada@example.com", "Confirm").await;
        assert!(
            nobody
                .verify_email(&TokenIn { token })
                .await
                .value()
                .email_verified
        );
        nobody
            .forgot_password(&EmailIn {
                email: "grace@example.com".into(),
            })
            .await
            .value();
        let token = app.token_from_mail("grace@example.com", "Reset").await;
        nobody
            .reset_password(&ResetPasswordIn {
                token,
                new_password: "a brand new passphrase".into(),
            })
            .await
            .value();
        // The reset signed Grace out everywhere: she signs in again.
        let grace = nobody
            .login(&LoginIn {
                email: "grace@example.com".into(),
                password: "a brand new passphrase".into(),
            })
            .await
            .value();

        // Agents.
        let templates = api.list_templates().await.value();
        assert!(templates.len() >= 7);
        assert!(!api.list_voices().await.value().is_empty());
        let draft = api
            .ai_generate(&GenerateIn {
                prompt: "A tutor for algebra homework".into(),
                complexity: None,
                industry: Some("education".into()),
                use_case: None,
            })
            .await
            .value();
        assert!(!draft.agent.name.is_empty());
        let agent = api
            .create_agent(&AgentIn {
                name: Some("Concierge".into()),
                greeting: Some("Welcome!".into()),
                ..AgentIn::default()
            })
            .await
            .value();
        assert_eq!(
            (agent.status, agent.access, agent.current_version),
            (AgentStatus::Draft, Access::Manage, 1)
        );
        let id = agent.id.clone();
        let templated = api
            .create_from_template(&FromTemplateIn {
                template_id: templates[0].id.clone(),
                name: None,
            })
            .await
            .value();
        api.get_agent(&id).await.value();
        let updated = api
            .update_agent(
                &id,
                &AgentIn {
                    agent_type: Some(Checked::Valid(AgentType::CustomerSupport)),
                    status: Some(Checked::Valid(AgentStatus::Active)),
                    ..AgentIn::default()
                },
            )
            .await
            .value();
        assert_eq!(updated.current_version, 2);
        let listed = api.list_agents(&AgentQuery::default()).await.value();
        assert_eq!(listed.meta.total, 2);
        api.touch_last_active(&id).await.value();
        let deployed = api
            .deploy_agent(
                &id,
                &DeployIn {
                    environment: Environment::Production,
                    version: None,
                    configuration: None,
                },
            )
            .await
            .value();
        assert_eq!(deployed.version, 2);

        // Webhooks: made, listed, counted, tested, changed, regenerated and
        // removed, by the specification's calls and the direct ones.
        let hook = api
            .create_webhook_v1(&WebhookIn {
                agent_id: id.clone(),
                platform: WebhookPlatform::Custom,
                name: "CRM".into(),
                credentials: None,
            })
            .await
            .value();
        assert!(hook.secret.as_deref().is_some_and(|s| s.starts_with("whsec_")));
        let slack_hook = api
            .create_webhook(&WebhookIn {
                agent_id: id.clone(),
                platform: WebhookPlatform::Slack,
                name: "Slack".into(),
                credentials: Some(WebhookCredentialsIn {
                    bot_token: Some("xoxb-1-2-contract".into()),
                    ..WebhookCredentialsIn::default()
                }),
            })
            .await
            .value();
        assert_eq!(slack_hook.webhook.credentials.missing, ["signingSecret"]);
        assert_eq!(api.list_webhooks_v1(&WebhooksQuery::default()).await.value().len(), 2);
        assert_eq!(api.list_webhooks(&WebhooksQuery::default()).await.value().len(), 2);
        assert_eq!(api.agent_webhooks_v1(&id).await.value().len(), 2);
        assert_eq!(api.webhook_stats_v1(&WebhooksQuery::default()).await.value().total, 2);
        api.webhook_stats(&WebhooksQuery::default()).await.value();
        let tested = api
            .test_webhook_v1(
                &id,
                &WebhookTestIn {
                    test_data: serde_json::json!({"message": "Hello"}),
                    webhook_id: Some(hook.webhook.id.clone()),
                },
            )
            .await
            .value();
        assert_eq!(tested.answers.len(), 1);
        api.test_webhook(
            &slack_hook.webhook.id,
            &WebhookTestIn {
                test_data: serde_json::json!({"type": "url_verification", "challenge": "c"}),
                webhook_id: None,
            },
        )
        .await
        .value();
        assert_eq!(api.webhook_events(&hook.webhook.id).await.value().len(), 1);
        api.update_webhook(
            &hook.webhook.id,
            &WebhookUpdateIn {
                status: Some(WebhookStatus::Paused),
                ..WebhookUpdateIn::default()
            },
        )
        .await
        .value();
        api.get_webhook(&hook.webhook.id).await.value();
        api.regenerate_webhook(&hook.webhook.id).await.value();
        let again = api
            .regenerate_webhook_v1(
                &id,
                &WebhookPick {
                    webhook_id: Some(slack_hook.webhook.id.clone()),
                },
            )
            .await
            .value();
        assert_eq!(again.len(), 1);
        api.delete_webhook(&slack_hook.webhook.id).await.value();

        // The embeddable widget: read (off), switched on for one site.
        let widget = api.get_widget(&id).await.value();
        assert!(!widget.settings.enabled);
        let widget = api
            .put_widget(
                &id,
                &WidgetSettingsIo {
                    enabled: true,
                    allowed_origins: vec!["https://shop.example.com".into()],
                    ..widget.settings
                },
            )
            .await
            .value();
        assert!(widget.settings.enabled);

        // Outbound event endpoints: subscribed, given an event (a deploy to
        // staging), its delivery read and retried, changed, rotated, removed.
        let subscribed = api
            .create_endpoint(&WebhookEndpointIn {
                url: "https://receiver.invalid/hook".into(),
                events: vec![EndpointEvent::AgentDeployed],
                description: Some("CRM".into()),
                enabled: None,
            })
            .await
            .value();
        assert!(subscribed.secret.starts_with("whsec_"));
        let endpoint_id = subscribed.endpoint.id.clone();
        api.deploy_agent(
            &id,
            &DeployIn {
                environment: Environment::Staging,
                version: None,
                configuration: None,
            },
        )
        .await
        .value();
        assert_eq!(api.list_endpoints().await.value().len(), 1);
        api.get_endpoint(&endpoint_id).await.value();
        let deliveries = api
            .endpoint_deliveries(&endpoint_id, &DeliveriesQuery::default())
            .await
            .value();
        assert_eq!(deliveries.len(), 1);
        assert_eq!(deliveries[0].event_type, "agent.deployed");
        api.retry_delivery(&endpoint_id, &deliveries[0].id).await.value();
        api.update_endpoint(
            &endpoint_id,
            &WebhookEndpointUpdateIn {
                description: Some("CRM sync".into()),
                ..WebhookEndpointUpdateIn::default()
            },
        )
        .await
        .value();
        api.rotate_endpoint_secret(&endpoint_id).await.value();
        api.delete_endpoint(&endpoint_id).await.value();
        assert_eq!(api.list_versions(&id).await.value().len(), 2);
        api.restore_version(&id, "1").await.value();
        let shared = api
            .share_agent(
                &id,
                &ShareIn {
                    public: Some(true),
                    ..ShareIn::default()
                },
            )
            .await
            .value();
        assert!(shared.url.is_some());
        let copy = api
            .duplicate_agent(&id, &DuplicateIn::default())
            .await
            .value();
        let exported = api.export_agent(&id).await.value();
        api.import_agent(&exported).await.value();
        let bulk = api
            .bulk_update(&BulkUpdateIn {
                ids: vec![copy.id.clone()],
                changes: BulkChangesIn {
                    status: Some(AgentStatus::Paused),
                    agent_type: None,
                },
            })
            .await
            .value();
        assert_eq!(bulk[0].status, AgentStatus::Paused);
        let deleted = api
            .bulk_delete(&IdsIn {
                ids: vec![copy.id.clone(), templated.id.clone()],
            })
            .await
            .value();
        assert_eq!(deleted.deleted, 2);

        // Chat and conversations.
        let turn = api.chat(&id, &ChatIn::new("hello")).await.value();
        assert_eq!(turn.user_message.role, MessageRole::User);
        assert_eq!(turn.message.as_ref().expect("an answer").status, MessageStatus::Complete);
        let tested = api.test_agent(&id, &ChatIn::new("testing")).await.value();
        assert_eq!(tested.message.as_ref().expect("an answer").role, MessageRole::Assistant);
        let conversation = turn.conversation_id.clone();
        api.list_documents(&id).await.value();
        let started = api
            .create_conversation(&ConversationIn {
                agent_id: id.clone(),
                channel: None,
                title: Some("By hand".into()),
            })
            .await
            .value();
        let all = api
            .list_conversations(&ConversationQuery::default())
            .await
            .value();
        assert_eq!(all.meta.total, 2, "the test turn is not listed");
        api.agent_conversations(&id, &ConversationQuery::default())
            .await
            .value();
        api.get_conversation(&conversation).await.value();
        api.get_agent_conversation(&id, &conversation).await.value();
        assert_eq!(
            api.conversation_messages(&conversation).await.value().len(),
            2
        );
        let taken = api.take_over_conversation(&conversation).await.value();
        assert_eq!(taken.status, ConversationStatus::HandedOff);
        let said = api
            .reply_in_conversation(
                &conversation,
                &ReplyIn {
                    message: "A person here".into(),
                },
            )
            .await
            .value();
        assert!(said.author_id.is_some());
        let back = api.hand_back_conversation(&conversation).await.value();
        assert_eq!(back.status, ConversationStatus::Active);
        let ended = api.end_conversation(&conversation).await.value();
        assert_eq!(ended.status, ConversationStatus::Ended);
        api.delete_agent_conversation(&id, &started.id)
            .await
            .value();
        let analytics = api
            .agent_analytics(
                &id,
                &AnalyticsQuery {
                    period: Some(Period::Week),
                },
            )
            .await
            .value();
        assert_eq!(
            analytics.totals.conversations, 1,
            "neither the test turn nor the deleted one count"
        );
        let dashboard = api.dashboard().await.value();
        assert_eq!(dashboard.overview.total_agents, 2);
        assert!(api.delete_conversation(&conversation).await.value().deleted);

        // Personalities.
        let builtin = api.list_personalities().await.value();
        assert!(builtin.iter().any(|p| p.built_in));
        let personality = api
            .create_personality(&PersonalityIn {
                name: "Brief".into(),
                description: String::new(),
                tone: "warm".into(),
                traits: vec!["concise".into()],
                instructions: "Answer in one sentence.".into(),
            })
            .await
            .value();
        api.get_personality(&personality.id).await.value();
        api.update_personality(
            &personality.id,
            &PersonalityIn {
                name: "Briefer".into(),
                description: String::new(),
                tone: String::new(),
                traits: Vec::new(),
                instructions: String::new(),
            },
        )
        .await
        .value();
        api.delete_personality(&personality.id).await.value();

        // Teams and invitations.
        let team = api
            .create_team(&TeamIn {
                name: Some("Crew".into()),
                ..TeamIn::default()
            })
            .await
            .value();
        let team_id = team.team.id.clone();
        assert_eq!(team.team.role, Some(TeamRole::Owner));
        api.list_teams(&TeamQuery::default()).await.value();
        api.get_team(&team_id).await.value();
        api.update_team(
            &team_id,
            &TeamIn {
                description: Some("Everyone".into()),
                ..TeamIn::default()
            },
        )
        .await
        .value();
        // The settings screen's calls: read, then change the policy.
        let settings = api.team_settings(&TeamSettingsQuery::default()).await.value();
        assert_eq!(settings.team.invite_policy, InvitePolicy::Admins);
        assert!(settings.can_edit && settings.can_invite);
        let settings = api
            .update_team_settings(&TeamSettingsIn {
                team_id: team_id.clone(),
                settings: TeamIn {
                    invite_policy: Some(Checked::Valid(InvitePolicy::Members)),
                    ..TeamIn::default()
                },
            })
            .await
            .value();

        // Settings › Integrations: the team's own Telegram bot, saved,
        // tried (nothing answers at the default endpoint here: a refusal in
        // words), read back masked, and removed.
        let telegram = IntegrationIn {
            team_id: Some(team_id.clone()),
            bot_token: Some("123456:ABCdefGHIjklMNOpqrSTUvwxYZ0123456".into()),
            base_url: Some("https://telegram.invalid".into()),
            ..IntegrationIn::default()
        };
        let saved = api.put_integration("telegram", &telegram).await.value();
        assert_eq!(saved.name, IntegrationName::Telegram);
        assert!(saved.connected && saved.secrets["botToken"].set);
        let tried = api
            .test_integration(
                "telegram",
                &IntegrationIn {
                    team_id: Some(team_id.clone()),
                    ..IntegrationIn::default()
                },
            )
            .await
            .value();
        assert!(!tried.ok, "{tried:?}");
        let listed = api
            .list_integrations(&IntegrationsQuery {
                team_id: Some(team_id.clone()),
            })
            .await
            .value();
        assert_eq!(listed.scope, IntegrationScope::Team);
        assert_eq!(listed.integrations.len(), IntegrationName::ALL.len());
        api.delete_integration(
            "telegram",
            &IntegrationsQuery {
                team_id: Some(team_id.clone()),
            },
        )
        .await
        .value();
        // Phone: one's own Twilio account, an SMS, and a number proved by
        // the code sent to it.
        let twilio = IntegrationIn {
            account_sid: Some(agentforge_testkit::TWILIO_SID.into()),
            auth_token: Some(agentforge_testkit::TWILIO_TOKEN.into()),
            phone_number: Some("+14155550100".into()),
            base_url: Some(services.base.clone()),
            ..IntegrationIn::default()
        };
        api.put_integration("twilio", &twilio).await.value();
        api.send_sms(&SendSmsIn {
            phone_number: "+14155552671".into(),
            message: "Hello".into(),
        })
        .await
        .value();
        api.send_verification(&SendVerificationIn {
            phone_number: "+14155552671".into(),
        })
        .await
        .value();
        let text = services.twilio.messages().last().unwrap().body.clone();
        let code: String = text
            .split(|c: char| !c.is_ascii_digit())
            .find(|w| w.len() == 6)
            .unwrap()
            .to_owned();
        let proved = api
            .verify_phone(&VerifyPhoneIn {
                phone_number: "+14155552671".into(),
                code,
            })
            .await
            .value();
        assert_eq!(proved.phone_number.as_deref(), Some("+14155552671"));
        api.send_notification(&SendNotificationIn {
            phone_number: "+14155552671".into(),
            notification_type: NotificationType::Alert,
            details: [("message".to_owned(), "The queue is full".to_owned())].into(),
        })
        .await
        .value();
        // Calls: one placed through Twilio, a number that reaches an agent,
        // and a simulated call.
        let line = crate::fixtures::deployed_agent(&app, &ada.token, "Line").await;
        let call = api
            .initiate_call(&InitiateCallIn {
                agent_id: line.clone(),
                phone_number: "+14155552671".into(),
                from_number: None,
                variables: Default::default(),
                record: false,
            })
            .await
            .value();
        assert_eq!(api.call_status(&call.id).await.value().id, call.id);
        assert_eq!(
            api.call_history(&CallHistoryQuery::default())
                .await
                .value()
                .meta
                .total,
            1
        );
        assert!(api.phone_setup().await.value().twilio_configured);
        let number = api
            .add_number(&NumberIn {
                phone_number: "+14155550199".into(),
                agent_id: line.clone(),
                record_calls: true,
            })
            .await
            .value();
        api.update_number(
            &number.id,
            &NumberUpdateIn {
                agent_id: line.clone(),
                record_calls: false,
            },
        )
        .await
        .value();
        assert_eq!(api.list_numbers().await.value().len(), 1);
        api.delete_number(&number.id).await.value();
        let simulated = api
            .simulate_call(&SimulateCallIn {
                agent_id: line.clone(),
                variables: Default::default(),
            })
            .await
            .value();
        api.simulator_speech(
            &simulated.call.id,
            &SimulatorSpeechIn {
                speech: "Hello".into(),
            },
        )
        .await
        .value();
        api.simulator_hangup(&simulated.call.id).await.value();
        // Workflows: made, checked, changed, run (by hand and by its
        // webhook), a run followed, canceled and retried, generated.
        let wf_graph: Graph = serde_json::from_value(serde_json::json!({
            "nodes": [
                {"id": "start", "type": "trigger"},
                {"id": "wait", "type": "delay", "data": {"seconds": 3600}},
                {"id": "ask", "type": "agent", "data": {"agentId": line, "message": "{{ input.q }}"}},
                {"id": "done", "type": "end"}
            ],
            "edges": [
                {"id": "e1", "source": "start", "target": "wait"},
                {"id": "e2", "source": "wait", "target": "ask"},
                {"id": "e3", "source": "ask", "target": "done"}
            ]
        }))
        .unwrap();
        let checked = api
            .validate_workflow(&ValidateIn {
                graph: wf_graph.clone(),
                trigger: None,
            })
            .await
            .value();
        assert!(checked.valid, "{checked:?}");
        let workflow = api
            .create_workflow(&WorkflowIn {
                name: "Follow-up".into(),
                description: None,
                status: Some(WorkflowStatus::Active),
                trigger: Some(Trigger {
                    kind: TriggerKind::Webhook,
                    cron: None,
                    timezone: None,
                    event: None,
                    agent_id: None,
                }),
                graph: Some(wf_graph),
            })
            .await
            .value();
        let workflow = api
            .update_workflow(
                &workflow.id,
                &WorkflowUpdateIn {
                    description: Some("Asks later".into()),
                    ..WorkflowUpdateIn::default()
                },
            )
            .await
            .value();
        assert_eq!(api.list_workflows().await.value().len(), 1);
        assert_eq!(api.get_workflow(&workflow.id).await.value().id, workflow.id);
        assert_eq!(api.workflow_versions(&workflow.id).await.value().len(), 1);
        let hook = workflow.webhook_url.clone().unwrap();
        let accepted = nobody
            .run_workflow_hook(hook.rsplit('/').next().unwrap(), &serde_json::json!({"q": "hi"}))
            .await
            .value();
        let run = api
            .execute_workflow(
                &workflow.id,
                &ExecuteIn {
                    input: Some(serde_json::json!({"q": "hello"})),
                },
            )
            .await
            .value();
        assert_eq!(api.get_execution(&run.id).await.value().id, run.id);
        assert_eq!(
            api.workflow_executions(&workflow.id, &ExecutionsQuery::default())
                .await
                .value()
                .len(),
            2
        );
        api.cancel_execution(&run.id).await.value();
        api.cancel_execution(&accepted.execution_id).await.value();
        // A run that fails at once (a condition over nothing that errors), then retried.
        let failing = api
            .create_workflow(&WorkflowIn {
                name: "Fails".into(),
                description: None,
                status: None,
                trigger: None,
                graph: Some(
                    serde_json::from_value(serde_json::json!({
                        "nodes": [{"id": "start", "type": "trigger"}, {"id": "bad", "type": "transform", "data": {"template": "not json", "format": "json"}}],
                        "edges": [{"id": "e1", "source": "start", "target": "bad"}]
                    }))
                    .unwrap(),
                ),
            })
            .await
            .value();
        let failed = api
            .execute_workflow(&failing.id, &ExecuteIn::default())
            .await
            .value();
        crate::fixtures::eventually(|| async {
            api.get_execution(&failed.id).await.value().status == ExecutionStatus::Failed
        })
        .await;
        api.retry_execution(&failed.id).await.value();
        api.rotate_workflow_hook(&workflow.id).await.value();
        let overview = api.orchestration_overview().await.value();
        assert!(overview.workflows.len() == 2);
        let generated = api
            .ai_generate_workflow(&AiGenerateIn {
                description: "Email me a summary of every new lead".into(),
                complexity: None,
                include_error_handling: None,
                include_monitoring: None,
                category: None,
                target_platforms: None,
            })
            .await
            .value();
        assert_eq!(generated.generated_by, GeneratedBy::Templates);
        api.delete_workflow(&failing.id).await.value();

        // Speech: the catalogue (the voice provider is off here) and a test in words.
        assert_eq!(api.speech_voices().await.value().voices.len(), 7);
        assert!(!api.test_speech_connection().await.value().ok);

        assert_eq!(settings.team.invite_policy, InvitePolicy::Members);
        let member = api
            .add_member(
                &team_id,
                &MemberIn {
                    email: "grace@example.com".into(),
                    role: Some(Checked::Valid(TeamRole::Viewer)),
                },
            )
            .await
            .value();
        assert_eq!(api.list_members(&team_id).await.value().len(), 2);
        api.set_member_role(
            &team_id,
            &member.id,
            &RoleIn {
                role: TeamRole::Member,
            },
        )
        .await
        .value();
        api.add_team_agent(&team_id, &id).await.value();
        api.remove_team_agent(&team_id, &id).await.value();
        let told = api
            .notify_team(
                &team_id,
                &NotifyIn {
                    message: "Stand-up at ten".into(),
                },
            )
            .await
            .value();
        assert_eq!(told.recipients, 1);
        let invitation = api
            .invite(
                &team_id,
                &MemberIn {
                    email: "hedy@example.com".into(),
                    role: None,
                },
            )
            .await
            .value();
        assert_eq!(invitation.status, InvitationStatus::Pending);
        assert_eq!(api.team_invitations(&team_id).await.value().len(), 1);
        let hedy = nobody.register(&register("hedy@example.com")).await.value();
        let as_hedy = app.api(&hedy.token);
        as_hedy
            .my_invitations()
            .await
            .unwrap_err()
            .expect(403, "email_unverified");
        let confirm = app.token_from_mail("hedy@example.com", "Confirm").await;
        nobody
            .verify_email(&TokenIn { token: confirm })
            .await
            .value();
        let token = app.token_from_mail("hedy@example.com", "invited").await;
        as_hedy.invitation_details(&token).await.value();
        assert_eq!(as_hedy.my_invitations().await.value().len(), 1);
        let accepted = as_hedy.accept_invitation(&token).await.value();
        assert_eq!(accepted.member.role, TeamRole::Member);
        let second = api
            .invite(
                &team_id,
                &MemberIn {
                    email: "ida@example.com".into(),
                    role: None,
                },
            )
            .await
            .value();
        api.revoke_invitation(&second.id).await.value();
        let third = api
            .invite(
                &team_id,
                &MemberIn {
                    email: "joan@example.com".into(),
                    role: None,
                },
            )
            .await
            .value();
        let joan = nobody.register(&register("joan@example.com")).await.value();
        let confirm = app.token_from_mail("joan@example.com", "Confirm").await;
        nobody
            .verify_email(&TokenIn { token: confirm })
            .await
            .value();
        app.api(&joan.token)
            .reject_invitation(&third.id)
            .await
            .value();
        api.remove_member(&team_id, &member.id).await.value();
        api.delete_team(&team_id).await.value();

        // MCP servers: one reached over HTTP (not connected here), lent to
        // the agent, and proposals.
        let server = api
            .create_server(&McpServerIn {
                name: "Weather".into(),
                transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
                url: Some("https://mcp.example.com/mcp".into()),
                headers: [(
                    "Authorization".to_owned(),
                    "Bearer 0123456789abcdef".to_owned(),
                )]
                .into(),
                ..McpServerIn::default()
            })
            .await
            .value();
        assert_eq!(server.headers["Authorization"], "••••••••cdef");
        let renamed = api
            .update_server(
                &server.id,
                &McpServerIn {
                    name: "Weather desk".into(),
                    transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
                    url: Some("https://mcp.example.com/mcp".into()),
                    headers: server.headers.clone(),
                    ..McpServerIn::default()
                },
            )
            .await
            .value();
        assert_eq!(renamed.name, "Weather desk");
        assert_eq!(api.list_servers().await.value().len(), 1);
        api.assign_server(
            &id,
            &AssignIn {
                mcp_server_id: server.id.clone(),
                ..AssignIn::default()
            },
        )
        .await
        .value();
        let moved = api
            .update_assignment(
                &id,
                &server.id,
                &AssignmentPatch {
                    priority: Some(5),
                    ..AssignmentPatch::default()
                },
            )
            .await
            .value();
        assert_eq!(moved.priority, 5);
        api.unassign_server(&id, &server.id).await.value();
        let reachable = api
            .create_server(&McpServerIn {
                name: "Calculator".into(),
                transport: Some(Checked::Valid(McpTransport::StreamableHttp)),
                url: Some(stand_in.url()),
                ..McpServerIn::default()
            })
            .await
            .value();
        api.test_server(&reachable.id).await.value();
        let sum = api
            .execute_tool(
                &reachable.id,
                &McpExecuteIn {
                    tool_name: "add".into(),
                    tool_args: serde_json::json!({"a": 2, "b": 40}),
                },
            )
            .await
            .value();
        assert_eq!(sum.text, "42");
        let imported = api
            .import_servers(&serde_json::json!({"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}))
            .await
            .value();
        assert_eq!(imported.created, 1);
        api.delete_server(&reachable.id).await.value();
        let proposals = api
            .generate_server(&McpGenerateIn {
                description: "query our PostgreSQL database".into(),
            })
            .await
            .value();
        assert_eq!(proposals.proposals[0].server.name, "PostgreSQL");
        api.delete_server(&server.id).await.value();

        // API keys: made, revoked by their owner or by an admin.
        let key = api
            .create_key(&ApiKeyIn {
                name: "CI".into(),
                agent_ids: vec![],
                expires_at: None,
            })
            .await
            .value();
        api.revoke_key(&key.api_key.id).await.value();
        let key = app
            .api(&grace.token)
            .create_key(&ApiKeyIn {
                name: "Script".into(),
                agent_ids: vec![],
                expires_at: None,
            })
            .await
            .value();
        api.admin_revoke_key(&key.api_key.id).await.value();

        // Files: knowledge documents (one, then several) and an image.
        let (status, body) = upload(&app, "/api/upload/document", &ada.token, Some(&id), &[("faq.txt", b"Kettles boil water.".to_vec())]).await;
        assert_eq!(status, 201, "{body}");
        let (status, body) = upload(
            &app,
            "/api/upload/bulk",
            &ada.token,
            Some(&id),
            &[("a.md", b"# A".to_vec()), ("b.md", b"# B".to_vec())],
        )
        .await;
        assert!((200..300).contains(&status), "{body}");
        let png = [b"\x89PNG\r\n\x1a\n".as_slice(), &[0; 32]].concat();
        let (status, body) = upload(&app, "/api/upload/image", &ada.token, None, &[("logo.png", png)]).await;
        assert_eq!(status, 201, "{body}");
        for document in api.list_documents(&id).await.value() {
            api.delete_document(&id, &document.id).await.value();
        }

        // The admin area, then the account's end.
        let outbox = api.mail_outbox(&PageQuery::default()).await.value();
        assert!(outbox.meta.total >= 4);
        // Accounts, as an admin: listed, read, changed, sent a link, deleted.
        nobody.register(&register("lamarr@example.com")).await.value();
        let listed = api
            .list_users(&AdminUserQuery {
                search: Some("lamarr".into()),
                ..AdminUserQuery::default()
            })
            .await
            .value();
        assert_eq!(listed.data.len(), 1);
        let lamarr = listed.data[0].id.clone();
        assert_eq!(api.get_user(&lamarr).await.value().user.email, "lamarr@example.com");
        for status in [UserStatus::Disabled, UserStatus::Active] {
            let changed = api
                .update_user(
                    &lamarr,
                    &AdminUserPatch {
                        status: Some(status),
                        ..AdminUserPatch::default()
                    },
                )
                .await
                .value();
            assert_eq!(changed.user.status, status);
        }
        api.resend_user_verification(&lamarr).await.value();
        api.delete_user(&lamarr).await.value();
        // The configuration: read, a section saved, a connection tried.
        let configuration = api.get_configuration().await.value();
        assert!(!configuration.settings.model.api_key.set);
        let saved = api
            .put_configuration(&ConfigurationIn {
                features: Some(Features {
                    voice_provider: true,
                    ..configuration.settings.features
                }),
                ..ConfigurationIn::default()
            })
            .await
            .value();
        assert_eq!(saved.saved, ["features"]);
        assert!(saved.settings.features.voice_provider);
        let tried = api
            .test_connection(&ConnectionTestIn {
                integration: Integration::Model,
                settings: None,
            })
            .await
            .value();
        assert!(!tried.ok, "the built-in responder is no connection: {tried:?}");
        // The overview, a job that failed for good tried again, a kept email sent.
        let jobs = app.store.jobs();
        jobs.enqueue(agentforge_store::NewJob::now("contract.never", serde_json::json!({}), 1))
            .await
            .unwrap();
        let kinds = ["contract.never".to_owned()];
        let claimed = jobs.claim("contract", &kinds, 1, chrono::Utc::now() + chrono::Duration::minutes(1)).await.unwrap();
        jobs.fail(&claimed[0].id, "contract", "it never works", None).await.unwrap();
        let overview = api.admin_overview().await.value();
        assert_eq!(overview.jobs.dead_jobs[0].kind, "contract.never");
        api.retry_job(&claimed[0].id).await.value();
        let smtp = agentforge_testkit::SmtpStandIn::start(0).await;
        api.put_configuration(&ConfigurationIn {
            mail: Some(MailSection {
                smtp_url: SecretIn(Some(smtp.url())),
                from: "a@example.com".into(),
            }),
            ..ConfigurationIn::default()
        })
        .await
        .value();
        let kept = api.mail_outbox(&PageQuery::default()).await.value();
        api.resend_mail(&kept.data[0].id).await.value();
        // Analytics: recounted, then every report over the platform.
        api.rebuild_analytics().await.value();
        agentforge_server::refresh_analytics(&app.store, chrono::Utc::now())
            .await
            .unwrap();
        let platform = ReportQuery {
            scope: Some(ReportScope::Platform),
            period: Some(agentforge_domain::agent::Period::Week),
            ..ReportQuery::default()
        };
        let overview = api.analytics_overview(&platform).await.value();
        assert_eq!(overview.series.len(), 7);
        assert!(overview.range.data_through.is_some());
        api.analytics_performance(&platform).await.value();
        api.analytics_usage(&platform).await.value();
        api.analytics_agents(&platform).await.value();
        let by_hour = api.analytics_conversations(&platform).await.value();
        assert_eq!(by_hour.by_hour_of_day.len(), 24);
        api.analytics_realtime(&platform).await.value();
        let metric = api
            .analytics_metrics(
                &platform,
                &MetricQuery {
                    metric: Some(Metric::LatencyP95),
                    interval: Some(Interval::Hour),
                },
            )
            .await
            .value();
        assert_eq!(
            metric.points.len() as i64,
            (metric.range.to - metric.range.from).num_hours()
        );
        app.api(&grace.token)
            .analytics_overview(&platform)
            .await
            .unwrap_err()
            .expect(403, "admin_required");
        // The contact form, and what admins read of it.
        nobody
            .contact(&ContactIn {
                name: "Grace".into(),
                email: "grace@example.com".into(),
                company: Some("Navy".into()),
                subject: "Pricing".into(),
                message: "How much for ten seats?".into(),
                website: None,
            })
            .await
            .value();
        let messages = api.contact_messages(&PageQuery::default()).await.value();
        assert_eq!(messages.data[0].subject, "Pricing");
        app.api(&grace.token)
            .mail_outbox(&PageQuery::default())
            .await
            .unwrap_err()
            .expect(403, "admin_required");
        api.delete_document(&id, "no-such-document")
            .await
            .unwrap_err()
            .expect(404, "document_not_found");
        api.delete_agent(&id).await.value();
        app.api(&joan.token)
            .delete_account(&PasswordIn {
                password: PASSWORD.into(),
            })
            .await
            .value();

        // Signing in once more, and out, by refresh token.
        let last = nobody
            .login(&LoginIn {
                email: "ada@example.com".into(),
                password: PASSWORD.into(),
            })
            .await
            .value();
        let request = app
            .client
            .post(app.url("/api/auth/logout"))
            .json(&serde_json::json!({"refreshToken": last.refresh_token}));
        let (method, path) = (reqwest::Method::POST, "/api/auth/logout");
        let status = app.send_noted(request, method, path).await.status();
        assert_eq!(status, 200);

        // Every change above wrote its audit entry.
        crate::audit::every_change_wrote_an_entry(&app).await;
    })
    .await;
}
