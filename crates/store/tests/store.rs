//! The store on its own, on both engines: SQLite always, PostgreSQL too when
//! TEST_DATABASE_URL names a server the tests may create databases on.
#![allow(clippy::unwrap_used)] // test code: a panic is a failed test

use agentforge_domain::agent::{AgentConfig, AgentStatus, AgentType, ModelSettings};
use agentforge_domain::conversation::{Channel, MessageRole, MessageStatus};
use agentforge_domain::job::JobStatus;
use agentforge_domain::policy::Party;
use agentforge_domain::team::TeamRole;
use agentforge_domain::{Conflict, Email, Role};
use agentforge_store::{
    Agent, Bucket, NewConversation, NewJob, NewMessage, NewUser, Scope, Store, StoreError,
    StoreOptions, TurnConversation, User,
};
use agentforge_testkit::TestDatabase;
use chrono::{Duration, Utc};

/// A fresh, migrated database (with the test database it lives in).
struct TestDb {
    store: Store,
    _database: TestDatabase,
}

async fn databases() -> Vec<TestDb> {
    let mut dbs = Vec::new();
    for database in TestDatabase::each().await {
        let store = Store::connect(&database.url, &StoreOptions::default())
            .await
            .unwrap();
        store.migrate().await.unwrap();
        dbs.push(TestDb {
            store,
            _database: database,
        });
    }
    dbs
}

async fn user(store: &Store, email: &str) -> User {
    store
        .users()
        .create(NewUser {
            email: Email::parse(email).unwrap(),
            password_hash: "x".into(),
            first_name: "Ada".into(),
            last_name: "L".into(),
            role: Role::User,
            language: agentforge_domain::Language::En,
            email_verified: true,
        })
        .await
        .unwrap()
}

async fn agent(store: &Store, owner: &User) -> Agent {
    let config = AgentConfig {
        name: "Helper".into(),
        description: String::new(),
        agent_type: AgentType::General,
        instructions: String::new(),
        greeting: String::new(),
        language: "en".into(),
        personality_id: None,
        model: ModelSettings::default(),
        use_knowledge_base: true,
        voice_enabled: false,
        voice_model_id: None,
        flow: None,
    };
    store
        .agents()
        .create(&owner.id, AgentStatus::Active, &config)
        .await
        .unwrap()
}

fn new_conversation(agent: &Agent, holder: Option<Party>) -> NewConversation {
    NewConversation {
        agent_id: agent.id.clone(),
        owner_id: agent.owner_id.clone(),
        holder,
        channel: Channel::Web,
        title: "Hi".into(),
        test: false,
    }
}

#[tokio::test]
async fn a_transaction_keeps_all_of_its_writes_or_none() {
    for db in databases().await {
        let store = &db.store;
        let ada = user(store, "ada@example.com").await;

        // Dropped without commit: nothing of it stays.
        {
            let tx = store.begin().await.unwrap();
            tx.users()
                .update_profile(
                    &ada.id,
                    agentforge_store::ProfileChanges {
                        first_name: Some("Changed".into()),
                        ..Default::default()
                    },
                )
                .await
                .unwrap();
            tx.teams().create("Team", "", &ada.id).await.unwrap();
        }
        assert_eq!(
            store
                .users()
                .find_by_id(&ada.id)
                .await
                .unwrap()
                .unwrap()
                .first_name,
            "Ada"
        );
        assert!(store.teams().for_user(&ada.id).await.unwrap().is_empty());

        // A failure part-way, then no commit: the earlier write goes too.
        {
            let tx = store.begin().await.unwrap();
            tx.teams().create("Team", "", &ada.id).await.unwrap();
            let taken = tx
                .users()
                .create(NewUser {
                    email: Email::parse("ada@example.com").unwrap(),
                    password_hash: "x".into(),
                    first_name: String::new(),
                    last_name: String::new(),
                    role: Role::User,
                    language: agentforge_domain::Language::En,
                    email_verified: false,
                })
                .await;
            assert!(matches!(
                taken,
                Err(StoreError::Conflict(Conflict::EmailTaken))
            ));
        }
        assert!(store.teams().for_user(&ada.id).await.unwrap().is_empty());

        // Committed: all of it. (Writes go through the transaction: on
        // SQLite one outside it would wait for it to end.)
        let grace = user(store, "grace@example.com").await;
        let tx = store.begin().await.unwrap();
        let team = tx.teams().create("Team", "", &ada.id).await.unwrap();
        tx.teams()
            .add_member(&team.id, &grace.id, TeamRole::Viewer)
            .await
            .unwrap();
        tx.commit().await.unwrap();
        assert_eq!(store.teams().members(&team.id).await.unwrap().len(), 2);
        assert_eq!(
            store.teams().owners_locked(&team.id).await.unwrap().len(),
            1
        );
    }
}

#[tokio::test]
async fn jobs_are_claimed_once_retried_later_and_dead_after_the_last_attempt() {
    for db in databases().await {
        let store = &db.store;
        let jobs = store.jobs();
        let kinds = vec!["test.kind".to_owned()];
        let lease = Utc::now() + Duration::minutes(5);
        let job = jobs
            .enqueue(NewJob::now("test.kind", serde_json::json!({"n": 1}), 2))
            .await
            .unwrap()
            .unwrap();
        assert_eq!(job.status, JobStatus::Queued);

        // One worker gets it; another finds nothing.
        let claimed = jobs.claim("a", &kinds, 10, lease).await.unwrap();
        assert_eq!(claimed.len(), 1);
        assert_eq!(
            (claimed[0].attempts, claimed[0].status),
            (1, JobStatus::Running)
        );
        assert!(jobs.claim("b", &kinds, 10, lease).await.unwrap().is_empty());
        // Only its holder may record its outcome.
        assert!(!jobs.succeed(&job.id, "b").await.unwrap());

        // Failed with a later retry: not due yet.
        let later = Utc::now() + Duration::minutes(1);
        assert!(jobs.fail(&job.id, "a", "boom", Some(later)).await.unwrap());
        assert!(jobs.claim("a", &kinds, 10, lease).await.unwrap().is_empty());
        let waiting = jobs.get(&job.id).await.unwrap().unwrap();
        assert_eq!(waiting.status, JobStatus::Queued);
        assert_eq!(waiting.last_error.as_deref(), Some("boom"));

        // A due job with one attempt left fails for good.
        let due = Utc::now() - Duration::seconds(1);
        let second = jobs
            .enqueue(NewJob {
                run_at: due,
                ..NewJob::now("test.kind", serde_json::json!({}), 1)
            })
            .await
            .unwrap()
            .unwrap();
        let claimed = jobs.claim("a", &kinds, 10, lease).await.unwrap();
        assert_eq!(claimed.len(), 1);
        assert_eq!(claimed[0].id, second.id);
        assert!(jobs.fail(&second.id, "a", "no more", None).await.unwrap());
        assert_eq!(
            jobs.get(&second.id).await.unwrap().unwrap().status,
            JobStatus::Dead
        );

        // A lease that ran out (its worker died) lets another worker take it.
        let third = jobs
            .enqueue(NewJob::now("test.kind", serde_json::json!({}), 3))
            .await
            .unwrap()
            .unwrap();
        let gone = Utc::now() - Duration::seconds(1);
        let mine = jobs.claim("dead", &kinds, 10, gone).await.unwrap();
        assert_eq!(mine.len(), 1);
        let taken = jobs.claim("alive", &kinds, 10, lease).await.unwrap();
        assert_eq!(taken.len(), 1);
        assert_eq!(
            (taken[0].id.as_str(), taken[0].attempts),
            (third.id.as_str(), 2)
        );
        assert!(!jobs.succeed(&third.id, "dead").await.unwrap());
        assert!(jobs.succeed(&third.id, "alive").await.unwrap());

        // A unique key is queued once.
        let slot = NewJob {
            unique_key: Some("tick@1".into()),
            ..NewJob::now("test.kind", serde_json::json!({}), 1)
        };
        assert!(jobs.enqueue(slot.clone()).await.unwrap().is_some());
        assert!(jobs.enqueue(slot).await.unwrap().is_none());
    }
}

#[tokio::test]
async fn a_streaming_answer_is_saved_as_it_comes_and_found_interrupted_when_its_writer_is_gone() {
    for db in databases().await {
        let store = &db.store;
        let ada = user(store, "ada@example.com").await;
        let helper = agent(store, &ada).await;
        let mut question = NewMessage::text(MessageRole::User, "hello");
        question.tokens_in = 2;
        let mut answer = NewMessage::text(MessageRole::Assistant, "");
        answer.status = MessageStatus::Streaming;
        let (conversation, _, answer) = store
            .conversations()
            .open_turn(
                TurnConversation::New(new_conversation(&helper, Some(Party::User(ada.id.clone())))),
                question,
                answer,
            )
            .await
            .unwrap();
        assert_eq!(conversation.message_count, 2);
        assert!(
            store
                .conversations()
                .save_partial(&answer.id, "Hel")
                .await
                .unwrap()
        );
        let stored = store
            .conversations()
            .message(&answer.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (stored.content.as_str(), stored.status),
            ("Hel", MessageStatus::Streaming)
        );

        // Not stale yet: left alone.
        let long_ago = Utc::now() - Duration::minutes(5);
        assert!(
            store
                .conversations()
                .interrupt_stale(long_ago)
                .await
                .unwrap()
                .is_empty()
        );
        let interrupted = store
            .conversations()
            .interrupt_stale(Utc::now() + Duration::seconds(1))
            .await
            .unwrap();
        assert_eq!(interrupted.len(), 1);
        assert_eq!(interrupted[0].status, MessageStatus::Interrupted);
        assert_eq!(interrupted[0].content, "Hel");
        // Nothing more to save once it is no longer streaming.
        assert!(
            !store
                .conversations()
                .save_partial(&answer.id, "Hello")
                .await
                .unwrap()
        );

        // Finishing counts its tokens on the conversation (by trigger).
        let mut done = NewMessage::text(MessageRole::Assistant, "Hello there");
        done.tokens_in = 10;
        done.tokens_out = 3;
        store
            .conversations()
            .finish(&answer.id, done)
            .await
            .unwrap();
        let counted = store
            .conversations()
            .get(&conversation.id)
            .await
            .unwrap()
            .unwrap();
        assert_eq!(
            (counted.tokens_in, counted.tokens_out, counted.message_count),
            (12, 3, 2)
        );
    }
}

#[tokio::test]
async fn idle_conversations_end_and_test_turns_are_left_out_of_counts() {
    for db in databases().await {
        let store = &db.store;
        let ada = user(store, "ada@example.com").await;
        let helper = agent(store, &ada).await;
        let conversations = store.conversations();
        let visitor = Party::Visitor("v-1".into());
        let kept = conversations
            .create(new_conversation(&helper, Some(visitor.clone())))
            .await
            .unwrap();
        assert_eq!(kept.holder(), Some(visitor));
        let test = conversations
            .create(NewConversation {
                test: true,
                ..new_conversation(&helper, None)
            })
            .await
            .unwrap();
        assert!(test.test);

        assert!(
            conversations
                .end_idle(Utc::now() - Duration::minutes(30))
                .await
                .unwrap()
                .is_empty()
        );
        let ended = conversations
            .end_idle(Utc::now() + Duration::seconds(1))
            .await
            .unwrap();
        assert_eq!(ended.len(), 2);
        let (total, active, _) = conversations
            .totals(&Scope::Owner(ada.id.clone()))
            .await
            .unwrap();
        assert_eq!(
            (total, active),
            (1, 0),
            "the test conversation is not counted"
        );
    }
}

#[tokio::test]
async fn activity_is_counted_by_the_database_in_buckets() {
    for db in databases().await {
        let store = &db.store;
        let ada = user(store, "ada@example.com").await;
        let helper = agent(store, &ada).await;
        for i in 0..3 {
            let mut answer = NewMessage::text(MessageRole::Assistant, "hi");
            answer.latency_ms = Some(100 * (i + 1));
            answer.tokens_out = 5;
            store
                .conversations()
                .open_turn(
                    TurnConversation::New(new_conversation(
                        &helper,
                        Some(Party::User(ada.id.clone())),
                    )),
                    NewMessage::text(MessageRole::User, "hello"),
                    answer,
                )
                .await
                .unwrap();
        }
        let from = Utc::now() - Duration::days(1);
        for bucket in [Bucket::Hour, Bucket::Day, Bucket::Month] {
            let activity = store
                .analytics()
                .activity(&Scope::Agent(helper.id.clone()), from, bucket)
                .await
                .unwrap();
            assert_eq!(
                (activity.conversations, activity.messages),
                (3, 6),
                "{bucket:?}"
            );
            assert_eq!(activity.users, 1);
            assert_eq!(activity.tokens_out, 15);
            assert_eq!(activity.avg_response_ms, Some(200.0));
            assert_eq!(activity.p95_response_ms, Some(300.0));
            let (start, n) = *activity.messages_by_bucket.last().unwrap();
            assert_eq!(n, 6);
            assert!(start <= Utc::now() && Utc::now() - start < Duration::days(32));
        }
    }
}

/// On SQLite, writers queue in the process for the one write lock (the
/// store's write gate) while readers go on; a writer that cannot have its
/// turn within the busy timeout is told so instead of waiting forever.
#[tokio::test]
async fn on_sqlite_writers_take_turns_and_readers_do_not_wait() {
    let database = TestDatabase::create(agentforge_testkit::Engine::Sqlite).await;
    let options = StoreOptions {
        sqlite_busy_timeout: std::time::Duration::from_millis(300),
        ..StoreOptions::default()
    };
    let store = Store::connect(&database.url, &options).await.unwrap();
    store.migrate().await.unwrap();
    let ada = user(&store, "ada@example.com").await;

    // A unit of work holds the write turn…
    let tx = store.begin().await.unwrap();
    tx.users()
        .find_by_email(&Email::parse("ada@example.com").unwrap())
        .await
        .unwrap();
    // …readers elsewhere are not held up by it…
    let found = store.users().find_by_id(&ada.id).await.unwrap();
    assert!(found.is_some());
    // …and a writer elsewhere gets a clear error once its wait is over.
    let refused = tokio::time::timeout(
        std::time::Duration::from_secs(5),
        store.users().create(NewUser {
            email: Email::parse("grace@example.com").unwrap(),
            password_hash: "x".into(),
            first_name: "Grace".into(),
            last_name: "H".into(),
            role: Role::User,
            language: agentforge_domain::Language::En,
            email_verified: true,
        }),
    )
    .await
    .expect("the writer gives up after the busy timeout");
    assert!(
        matches!(refused, Err(StoreError::Database(_))),
        "{refused:?}"
    );
    drop(tx);

    // Many units of work that read, then write, all commit, one after another.
    let writers = (0..64).map(|i| {
        let store = store.clone();
        async move {
            let tx = store.begin().await?;
            tx.users()
                .find_by_email(&Email::parse("ada@example.com").unwrap())
                .await?;
            tx.users()
                .create(NewUser {
                    email: Email::parse(&format!("writer{i}@example.com")).unwrap(),
                    password_hash: "x".into(),
                    first_name: "W".into(),
                    last_name: "R".into(),
                    role: Role::User,
                    language: agentforge_domain::Language::En,
                    email_verified: true,
                })
                .await?;
            tx.commit().await
        }
    });
    let results = futures_util::future::join_all(writers).await;
    assert!(results.iter().all(Result::is_ok), "{results:?}");
    assert_eq!(store.users().count().await.unwrap(), 65);
}
