//! The admin overview: accounts, today's conversations, the job queue, the
//! health of each part, what is left to set up, the latest audit entries;
//! and its repairs: a job that failed for good run again, a kept email sent.

use agentforge_server::dto::*;
use agentforge_testkit::SmtpStandIn;
use serde_json::json;

use crate::client::Expected;
use crate::fixtures::{agent, eventually, sign_up};
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

#[tokio::test]
async fn the_overview_counts_accounts_conversations_jobs_and_says_what_to_set_up() {
    for_each_engine(async |app: TestApp| {
        let admin = sign_up(&app, "root@example.com").await;
        let ada = sign_up(&app, "ada@example.com").await;
        let id = agent(&app, &ada, json!({"name": "Kettle", "status": "active"})).await;
        app.api(&ada)
            .chat(&id, &ChatIn::new("Hello?"))
            .await
            .value();

        let overview = app.api(&admin).admin_overview().await.value();
        assert_eq!(overview.accounts.total, 2);
        assert_eq!(overview.accounts.new_this_week, 2);
        assert_eq!(overview.accounts.active_today, 2, "signing up signs in");
        assert_eq!(overview.conversations.today, 1);
        assert_eq!(overview.conversations.messages_today, 2);
        assert_eq!(overview.conversations.active, 1);
        let health = |name: Component| overview.health.iter().find(|h| h.name == name).unwrap();
        assert_eq!(health(Component::Database).status, HealthStatus::Ok);
        assert_eq!(health(Component::Model).status, HealthStatus::Fallback);
        assert_eq!(health(Component::Mail).status, HealthStatus::Fallback);
        assert_eq!(
            health(Component::Twilio).status,
            HealthStatus::NotConfigured
        );
        let steps: Vec<(&str, bool)> = overview
            .setup
            .iter()
            .map(|s| (s.step.as_str(), s.done))
            .collect();
        assert_eq!(
            steps,
            [
                ("model", false),
                ("mail", false),
                ("publicUrl", false),
                ("features", false)
            ]
        );
        assert!(
            overview
                .recent_audit
                .iter()
                .any(|e| e.action.as_str() == "agent.create")
        );
        assert!(overview.recent_audit.len() <= 10);

        // Looking at the flags and saving them ticks that step.
        let flags = app
            .api(&admin)
            .get_configuration()
            .await
            .value()
            .settings
            .features;
        app.api(&admin)
            .put_configuration(&ConfigurationIn {
                features: Some(flags),
                ..ConfigurationIn::default()
            })
            .await
            .value();
        let overview = app.api(&admin).admin_overview().await.value();
        assert!(
            overview
                .setup
                .iter()
                .any(|s| s.step == "features" && s.done)
        );

        app.api(&ada)
            .admin_overview()
            .await
            .unwrap_err()
            .expect(403, "admin_required");
    })
    .await;
}

#[tokio::test]
async fn kept_mail_goes_out_on_resend_and_a_dead_job_runs_again() {
    // One attempt per email, and a mail server that refuses its first connection.
    for_each_engine_with(
        &[("AGENTFORGE_MAIL_MAX_ATTEMPTS", "1")],
        async |app: TestApp| {
            let smtp = SmtpStandIn::start(1).await;
            let admin = sign_up(&app, "root@example.com").await;
            let api = app.api(&admin);
            // Kept in the outbox: no mail server yet.
            crate::fixtures::sign_up_unverified(&app, "ada@example.com").await;
            let kept = api.mail_outbox(&Default::default()).await.value();
            let to_ada = kept
                .data
                .iter()
                .find(|m| m.to == "ada@example.com")
                .unwrap()
                .id
                .clone();
            api.resend_mail(&to_ada)
                .await
                .unwrap_err()
                .expect(409, "mail_not_configured");

            api.put_configuration(&ConfigurationIn {
                mail: Some(MailSection {
                    smtp_url: SecretIn(Some(smtp.url())),
                    from: "Support <support@example.com>".into(),
                }),
                ..ConfigurationIn::default()
            })
            .await
            .value();
            api.resend_mail(&to_ada).await.value();
            // Its one attempt meets the refusal: the job is dead.
            eventually(|| async { api.admin_overview().await.value().jobs.dead == 1 }).await;
            let overview = api.admin_overview().await.value();
            let dead = &overview.jobs.dead_jobs[0];
            assert_eq!(dead.kind, "mail.send");
            assert!(
                dead.last_error
                    .as_deref()
                    .unwrap_or_default()
                    .contains("421"),
                "{dead:?}"
            );

            api.retry_job(&dead.id).await.value();
            eventually(|| async {
                smtp.messages()
                    .iter()
                    .any(|m| m.to.contains("ada@example.com"))
            })
            .await;
            eventually(|| async { api.admin_overview().await.value().jobs.dead == 0 }).await;
            api.retry_job(&dead.id)
                .await
                .unwrap_err()
                .expect(409, "job_not_dead");
            api.retry_job("no-such-job")
                .await
                .unwrap_err()
                .expect(404, "job_not_found");
            eventually(|| async {
                let outbox = api.mail_outbox(&Default::default()).await.value();
                outbox
                    .data
                    .iter()
                    .any(|m| m.id == to_ada && m.status.as_str() == "sent")
            })
            .await;
            api.resend_mail(&to_ada)
                .await
                .unwrap_err()
                .expect(409, "already_sent");
            api.resend_mail("no-such-mail")
                .await
                .unwrap_err()
                .expect(404, "mail_not_found");

            assert_eq!(app.audit("job.retry").await.len(), 1);
            assert_eq!(app.audit("mail.resend").await.len(), 1);
        },
    )
    .await;
}
