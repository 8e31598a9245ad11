//! Every resource route against every kind of caller, on both engines: who
//! may do what is the access policy's, and this table is what it promises.
//! 404 for what a caller may not know exists, 403 for what they may see but
//! not do, 401 without a session.
//!
//! The cast: the agent's owner (a member of its team), the team's owner,
//! admin, member and viewer, an outsider, a platform admin outside the
//! team, and nobody signed in. The agent is shared with the team; the
//! conversation was held by the agent's owner.

use std::collections::HashMap;

use reqwest::Method;
use serde_json::{Value, json};

use crate::fixtures::{self, post, sign_up, upload};
use crate::helpers::{TestApp, for_each_engine, for_each_engine_with};

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
enum Who {
    Owner,
    TeamOwner,
    TeamAdmin,
    TeamMember,
    TeamViewer,
    Outsider,
    Admin,
    Anonymous,
}

const CAST: [Who; 8] = [
    Who::Owner,
    Who::TeamOwner,
    Who::TeamAdmin,
    Who::TeamMember,
    Who::TeamViewer,
    Who::Outsider,
    Who::Admin,
    Who::Anonymous,
];

/// The accounts, signed in.
struct People {
    tokens: HashMap<Who, String>,
    emails: HashMap<Who, String>,
}

impl People {
    fn token(&self, who: Who) -> Option<&str> {
        self.tokens.get(&who).map(String::as_str)
    }
}

/// What a row acts on.
#[derive(Debug, Clone, Default)]
struct Things {
    team: String,
    agent: String,
    conversation: String,
    personality: String,
    document: String,
    member: String,
    /// An API key of the agent's owner.
    key: String,
    /// An MCP server of the agent's owner.
    mcp: String,
    /// A workflow of the agent's owner, and a run of it (made for the
    /// rows that name them).
    workflow: String,
    run: String,
}

/// A workflow of the agent's owner, and a run of it waiting in a delay.
async fn workflow_of(app: &TestApp, people: &People) -> (String, String) {
    let owner = people.token(Who::Owner).unwrap();
    let workflow = ok(
        app,
        Method::POST,
        "/api/workflows",
        owner,
        json!({"name": "Flow", "graph": {"nodes": [{"id": "start", "type": "trigger"}, {"id": "wait", "type": "delay", "data": {"seconds": 3600}}], "edges": [{"id": "e1", "source": "start", "target": "wait"}]}}),
    )
    .await;
    let workflow = workflow["id"].as_str().unwrap().to_owned();
    let run = ok(
        app,
        Method::POST,
        &format!("/api/workflows/{workflow}/execute"),
        owner,
        json!({}),
    )
    .await;
    (workflow, run["id"].as_str().unwrap().to_owned())
}

async fn people(app: &TestApp) -> People {
    let mut tokens = HashMap::new();
    let mut emails = HashMap::new();
    // The first account of an install is its admin.
    for who in [
        Who::Admin,
        Who::Owner,
        Who::TeamOwner,
        Who::TeamAdmin,
        Who::TeamMember,
        Who::TeamViewer,
        Who::Outsider,
    ] {
        let email = format!("{who:?}@example.com").to_lowercase();
        tokens.insert(who, sign_up(app, &email).await);
        emails.insert(who, email);
    }
    People { tokens, emails }
}

async fn send(
    app: &TestApp,
    method: Method,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> (u16, Value) {
    let mut request = app.client.request(method, app.url(path));
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    if let Some(body) = body {
        request = request.json(body);
    }
    let response = request.send().await.unwrap();
    let status = response.status().as_u16();
    let body = response.json().await.unwrap_or(Value::Null);
    (status, body)
}

async fn ok(app: &TestApp, method: Method, path: &str, token: &str, body: Value) -> Value {
    let (status, answer) = send(app, method, path, Some(token), Some(&body)).await;
    assert!((200..300).contains(&status), "{path}: {status} {answer}");
    answer["data"].clone()
}

/// A team owned by the team owner, with the others in their roles and the
/// agent's owner as a member.
async fn team(app: &TestApp, people: &People) -> (String, String) {
    let owner = people.token(Who::TeamOwner).unwrap();
    let team = ok(
        app,
        Method::POST,
        "/api/teams",
        owner,
        json!({"name": "Crew"}),
    )
    .await["id"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut member_id = String::new();
    for (who, role) in [
        (Who::TeamAdmin, "admin"),
        (Who::TeamMember, "member"),
        (Who::TeamViewer, "viewer"),
        (Who::Owner, "member"),
    ] {
        let added = ok(
            app,
            Method::POST,
            &format!("/api/teams/{team}/members"),
            owner,
            json!({"email": people.emails[&who], "role": role}),
        )
        .await;
        if who == Who::TeamMember {
            member_id = added["id"].as_str().unwrap().to_owned();
        }
    }
    (team, member_id)
}

/// The agent's owner's agent in `team`, with a conversation, a document and
/// a personality of theirs.
async fn agent_in(app: &TestApp, people: &People, team: &str, member: &str) -> Things {
    let owner = people.token(Who::Owner).unwrap();
    let agent = fixtures::agent(app, owner, json!({"name": "Shared", "status": "active"})).await;
    ok(
        app,
        Method::POST,
        &format!("/api/agents/{agent}/share"),
        owner,
        json!({"teamId": team}),
    )
    .await;
    let (status, chat) = post(
        app,
        &format!("/api/agents/{agent}/chat"),
        owner,
        json!({"message": "hello"}),
    )
    .await;
    assert_eq!(status, 200, "{chat}");
    let (status, document) = upload(
        app,
        "/api/upload/document",
        owner,
        Some(&agent),
        &[("notes.txt", b"Opening hours are nine to five.".to_vec())],
    )
    .await;
    assert_eq!(status, 201, "{document}");
    let personality = ok(
        app,
        Method::POST,
        "/api/personalities",
        owner,
        json!({"name": "Mine", "instructions": "Be brief."}),
    )
    .await;
    let key = ok(
        app,
        Method::POST,
        "/api/api-keys",
        owner,
        json!({"name": "Deploy key"}),
    )
    .await;
    let mcp = ok(
        app,
        Method::POST,
        "/api/mcp",
        owner,
        json!({"name": "Tools", "transport": "streamable_http", "url": "https://mcp.example.com/mcp"}),
    )
    .await;
    Things {
        mcp: mcp["id"].as_str().unwrap().to_owned(),
        key: key["id"].as_str().unwrap().to_owned(),
        team: team.to_owned(),
        agent,
        conversation: chat["data"]["conversationId"].as_str().unwrap().to_owned(),
        personality: personality["id"].as_str().unwrap().to_owned(),
        document: document["data"]["id"].as_str().unwrap().to_owned(),
        member: member.to_owned(),
        workflow: String::new(),
        run: String::new(),
    }
}

fn fill(path: &str, things: &Things) -> String {
    path.replace("{agent}", &things.agent)
        .replace("{conversation}", &things.conversation)
        .replace("{team}", &things.team)
        .replace("{personality}", &things.personality)
        .replace("{document}", &things.document)
        .replace("{member}", &things.member)
        .replace("{key}", &things.key)
        .replace("{mcp}", &things.mcp)
        .replace("{workflow}", &things.workflow)
        .replace("{run}", &things.run)
}

/// The expected status for each of [`CAST`], in its order.
type Expect = [u16; 8];

// owner, team owner, team admin, team member, team viewer, outsider, platform admin, anonymous
const VIEW: Expect = [200, 200, 200, 200, 200, 404, 404, 401];
const EDIT: Expect = [200, 200, 200, 200, 403, 404, 404, 401];
const MANAGE: Expect = [200, 200, 200, 403, 403, 404, 404, 401];

struct Row {
    method: Method,
    path: &'static str,
    body: Option<Value>,
    expect: Expect,
}

fn row(method: Method, path: &'static str, body: Option<Value>, expect: Expect) -> Row {
    Row {
        method,
        path,
        body,
        expect,
    }
}

/// What callers allowed an operation hear when its conversation is not
/// handed off.
fn not_handed_off(e: Expect) -> Expect {
    e.map(|s| if s == 200 { 409 } else { s })
}

fn rows() -> Vec<Row> {
    use Method as M;
    let created = |e: Expect| e.map(|s| if s == 200 { 201 } else { s });
    vec![
        // Agents.
        row(M::GET, "/api/agents/{agent}", None, VIEW),
        row(M::GET, "/api/agents/{agent}/versions", None, VIEW),
        row(M::GET, "/api/agents/{agent}/activity", None, MANAGE),
        row(M::GET, "/api/agents/{agent}/analytics", None, VIEW),
        row(M::GET, "/api/agents/{agent}/export", None, VIEW),
        row(M::GET, "/api/agents/{agent}/conversations", None, VIEW),
        row(M::GET, "/api/agents/{agent}/documents", None, VIEW),
        row(M::GET, "/api/agents/{agent}/public", None, VIEW),
        row(M::PATCH, "/api/agents/{agent}/last-active", None, VIEW),
        row(
            M::POST,
            "/api/agents/{agent}/duplicate",
            Some(json!({})),
            created(VIEW),
        ),
        row(
            M::POST,
            "/api/agents/{agent}/chat",
            Some(json!({"message": "hi"})),
            VIEW,
        ),
        row(
            M::POST,
            "/api/agents/{agent}/test",
            Some(json!({"message": "hi"})),
            VIEW,
        ),
        row(
            M::PUT,
            "/api/agents/{agent}",
            Some(json!({"greeting": "Hello!"})),
            EDIT,
        ),
        row(
            M::POST,
            "/api/agents/{agent}/deploy",
            Some(json!({"environment": "production"})),
            EDIT,
        ),
        row(
            M::POST,
            "/api/agents/{agent}/versions/1/restore",
            None,
            EDIT,
        ),
        row(
            M::POST,
            "/api/agents/bulk-update",
            Some(json!({"ids": ["{agent}"], "changes": {"status": "paused"}})),
            EDIT,
        ),
        row(
            M::DELETE,
            "/api/agents/{agent}/documents/{document}",
            None,
            EDIT,
        ),
        row(
            M::POST,
            "/api/agents/{agent}/share",
            Some(json!({"public": true})),
            MANAGE,
        ),
        row(M::DELETE, "/api/agents/{agent}", None, MANAGE),
        row(
            M::POST,
            "/api/agents/bulk-delete",
            Some(json!({"ids": ["{agent}"]})),
            MANAGE,
        ),
        // Conversations (held by the agent's owner).
        row(M::GET, "/api/conversations/{conversation}", None, VIEW),
        row(
            M::GET,
            "/api/conversations/{conversation}/messages",
            None,
            VIEW,
        ),
        row(
            M::GET,
            "/api/agents/{agent}/conversations/{conversation}",
            None,
            VIEW,
        ),
        row(
            M::POST,
            "/api/agents/{agent}/chat",
            Some(json!({"message": "more", "conversationId": "{conversation}"})),
            VIEW,
        ),
        row(M::POST, "/api/conversations/{conversation}/end", None, EDIT),
        row(
            M::POST,
            "/api/conversations/{conversation}/take-over",
            None,
            EDIT,
        ),
        // The conversation is not handed off: those who may get that far
        // hear so.
        row(
            M::POST,
            "/api/conversations/{conversation}/reply",
            Some(json!({"message": "A person here"})),
            not_handed_off(EDIT),
        ),
        row(
            M::POST,
            "/api/conversations/{conversation}/hand-back",
            None,
            not_handed_off(EDIT),
        ),
        row(M::DELETE, "/api/conversations/{conversation}", None, EDIT),
        row(
            M::DELETE,
            "/api/agents/{agent}/conversations/{conversation}",
            None,
            EDIT,
        ),
        // Teams: members see; owners and admins manage; owners own; platform
        // admins read and delete any team.
        row(
            M::GET,
            "/api/teams/{team}",
            None,
            [200, 200, 200, 200, 200, 404, 200, 401],
        ),
        row(
            M::GET,
            "/api/teams/{team}/members",
            None,
            [200, 200, 200, 200, 200, 404, 200, 401],
        ),
        row(
            M::PUT,
            "/api/teams/{team}",
            Some(json!({"description": "Changed"})),
            [403, 200, 200, 403, 403, 404, 404, 401],
        ),
        row(
            M::GET,
            "/api/team-invitations/team/{team}",
            None,
            [403, 200, 200, 403, 403, 404, 404, 401],
        ),
        row(
            M::POST,
            "/api/teams/{team}/notify",
            Some(json!({"message": "Stand-up"})),
            [403, 200, 200, 403, 403, 404, 404, 401],
        ),
        row(
            M::GET,
            "/api/teams/{team}/activity",
            None,
            [403, 200, 200, 403, 403, 404, 404, 401],
        ),
        row(
            M::PUT,
            "/api/teams/{team}/members/{member}/role",
            Some(json!({"role": "viewer"})),
            [403, 200, 200, 403, 403, 404, 404, 401],
        ),
        row(
            M::DELETE,
            "/api/teams/{team}",
            None,
            [403, 200, 403, 403, 403, 404, 200, 401],
        ),
        // Personalities: their owner's alone.
        row(
            M::GET,
            "/api/personalities/{personality}",
            None,
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::PUT,
            "/api/personalities/{personality}",
            Some(json!({"name": "Renamed"})),
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::DELETE,
            "/api/personalities/{personality}",
            None,
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        // The admin area.
        row(
            M::GET,
            "/api/admin/mail-outbox",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        row(
            M::GET,
            "/api/admin/users",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        row(
            M::GET,
            "/api/admin/audit-logs",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        row(
            M::GET,
            "/api/admin/audit-logs/export",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        row(
            M::GET,
            "/api/teams?scope=all",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        // MCP servers: their owner's; admins may see and delete any. An
        // agent's servers follow the agent, and only its editors lend it
        // one of their own.
        row(
            M::GET,
            "/api/mcp",
            None,
            [200, 200, 200, 200, 200, 200, 200, 401],
        ),
        row(
            M::GET,
            "/api/mcp/{mcp}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        row(
            M::PUT,
            "/api/mcp/{mcp}",
            Some(
                json!({"name": "Renamed", "transport": "streamable_http", "url": "https://mcp.example.com/mcp"}),
            ),
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::DELETE,
            "/api/mcp/{mcp}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        // Testing a configuration before saving it: stdio is for admins,
        // and then for allowed commands only (none here).
        row(
            M::POST,
            "/api/mcp/test",
            Some(json!({"name": "Files", "transport": "stdio", "command": "npx"})),
            [403, 403, 403, 403, 403, 403, 409, 401],
        ),
        row(M::GET, "/api/mcp/agent/{agent}", None, VIEW),
        row(
            M::POST,
            "/api/mcp/agent/{agent}/servers",
            Some(json!({"mcpServerId": "{mcp}"})),
            [201, 404, 404, 404, 403, 404, 404, 401],
        ),
        // Workflows and their runs: their owner's; admins may see and
        // delete any, and change none.
        row(
            M::GET,
            "/api/workflows/{workflow}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        row(
            M::GET,
            "/api/workflows/{workflow}/executions",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        row(
            M::PUT,
            "/api/workflows/{workflow}",
            Some(json!({"description": "Changed"})),
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::POST,
            "/api/workflows/{workflow}/execute",
            Some(json!({})),
            [201, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::GET,
            "/api/workflow-executions/{run}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        row(
            M::POST,
            "/api/workflow-executions/{run}/cancel",
            None,
            [200, 404, 404, 404, 404, 404, 404, 401],
        ),
        row(
            M::DELETE,
            "/api/workflows/{workflow}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        // API keys: each person's own; admins may list and revoke any.
        row(
            M::GET,
            "/api/api-keys",
            None,
            [200, 200, 200, 200, 200, 200, 200, 401],
        ),
        row(
            M::DELETE,
            "/api/api-keys/{key}",
            None,
            [200, 404, 404, 404, 404, 404, 200, 401],
        ),
        row(
            M::GET,
            "/api/admin/api-keys",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
        row(
            M::DELETE,
            "/api/admin/api-keys/{key}",
            None,
            [403, 403, 403, 403, 403, 403, 200, 401],
        ),
    ]
}

fn body(row: &Row, things: &Things) -> Option<Value> {
    row.body
        .as_ref()
        .map(|b| serde_json::from_str(&fill(&b.to_string(), things)).unwrap())
}

/// The table makes a team for every caller of every row that changes one,
/// which is far more team email than an hour's limit allows.
const UNLIMITED_TEAM_MAIL: [(&str, &str); 4] = [
    ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_USER", "1000000"),
    ("AGENTFORGE_RATE_LIMIT_TEAM_MAIL_PER_TEAM", "1000000"),
    // And an API key of the agent's owner with each.
    ("AGENTFORGE_API_KEYS_PER_USER", "10000"),
    ("AGENTFORGE_MCP_SERVERS_PER_USER", "10000"),
];

#[tokio::test]
async fn every_route_answers_every_caller_as_the_policy_says() {
    for_each_engine_with(&UNLIMITED_TEAM_MAIL, async |app: TestApp| {
        let people = people(&app).await;
        let (shared_team, shared_member) = team(&app, &people).await;
        let mut shared = agent_in(&app, &people, &shared_team, &shared_member).await;
        (shared.workflow, shared.run) = workflow_of(&app, &people).await;
        let mut failures = Vec::new();
        for row in rows() {
            let reads = row.method == Method::GET;
            for (i, who) in CAST.iter().enumerate() {
                // What a row changes is made anew for each caller.
                let things = if reads {
                    shared.clone()
                } else if row.path.contains("{team}") {
                    let (team, member) = team(&app, &people).await;
                    agent_in(&app, &people, &team, &member).await
                } else if row.path.contains("{workflow}") || row.path.contains("{run}") {
                    let mut things = shared.clone();
                    (things.workflow, things.run) = workflow_of(&app, &people).await;
                    things
                } else {
                    agent_in(&app, &people, &shared_team, &shared_member).await
                };
                let path = fill(row.path, &things);
                let (status, answer) = send(
                    &app,
                    row.method.clone(),
                    &path,
                    people.token(*who),
                    body(&row, &things).as_ref(),
                )
                .await;
                if status != row.expect[i] {
                    failures.push(format!(
                        "{} {} as {who:?}: {status} (expected {}) {answer}",
                        row.method, row.path, row.expect[i]
                    ));
                }
            }
        }
        assert!(
            failures.is_empty(),
            "{:?}:\n{}",
            app.engine,
            failures.join("\n")
        );
    })
    .await;
}

#[tokio::test]
async fn a_team_viewer_cannot_end_someone_elses_conversation() {
    for_each_engine(async |app: TestApp| {
        let people = people(&app).await;
        let (team, member) = team(&app, &people).await;
        let things = agent_in(&app, &people, &team, &member).await;
        let viewer = people.token(Who::TeamViewer).unwrap();
        let path = format!("/api/conversations/{}/end", things.conversation);
        let (status, body) = send(&app, Method::POST, &path, Some(viewer), None).await;
        crate::helpers::assert_error(status, &body, 403, "insufficient_team_role");
        let owner = people.token(Who::Owner).unwrap();
        let (_, conversation) = app
            .get_as(
                &format!("/api/conversations/{}", things.conversation),
                owner,
            )
            .await;
        assert_eq!(conversation["data"]["status"], "active");
    })
    .await;
}
