//! What can be done with agents. Who may do it is the access policy's:
//! every function loads its agent through `crate::access` with the action
//! it takes. Inputs arrive parsed; outputs are the store's and the domain's
//! types, which the handlers turn into answers.

use std::collections::HashMap;

use agentforge_domain::agent::{
    AgentConfig, AgentSort, AgentStatus, AgentType, Environment, ModelProvider, ModelSettings,
};
use agentforge_domain::error::{Error, Missing, Problems, Thing, messages};
use agentforge_domain::generate::{self, GenerateRequest};
use agentforge_domain::paging::{Page, SortOrder};
use agentforge_domain::policy::{Access, Action, Actor};
use agentforge_domain::templates::{self, Template};
use agentforge_domain::voice::{self, Voice};
use agentforge_store::{
    Agent, AgentFilter, AgentVersion, BulkChanges, Deployment, NewPersonality, Personality, Store,
    StoreError,
};
use chrono::{DateTime, Utc};

use crate::access;
use crate::audit::{self, Change};
use agentforge_domain::audit::{AuditAction, AuditResource};

/// The most agents one bulk call changes.
pub const BULK_MAX: usize = 100;

/// An agent as the caller sees it.
#[derive(Debug, Clone)]
pub struct AgentView {
    pub agent: Agent,
    /// What the caller may do with it.
    pub access: Access,
    /// The name of the team it is shared with.
    pub team_name: Option<String>,
    /// On single-agent answers.
    pub deployments: Option<Vec<Deployment>>,
}

/// Changes to the model settings; `None` leaves a field as it is, and
/// `Some(None)` clears an optional one.
#[derive(Debug, Clone, Default)]
pub struct ModelChanges {
    pub provider: Option<Option<ModelProvider>>,
    pub model: Option<Option<String>>,
    pub temperature: Option<f64>,
    pub max_tokens: Option<u32>,
}

/// Changes to an agent, as sent: on creation the absent fields take their
/// defaults, on update they stay as they are.
#[derive(Debug, Clone, Default)]
pub struct AgentChanges {
    pub name: Option<String>,
    pub description: Option<String>,
    pub agent_type: Option<AgentType>,
    pub status: Option<AgentStatus>,
    pub instructions: Option<String>,
    pub greeting: Option<String>,
    pub language: Option<String>,
    pub personality_id: Option<Option<String>>,
    pub model: ModelChanges,
    pub use_knowledge_base: Option<bool>,
    pub voice_enabled: Option<bool>,
    pub voice_model_id: Option<Option<String>>,
    pub flow: Option<Option<serde_json::Value>>,
    /// What was already found wrong with the input, reported with the
    /// configuration's own problems.
    pub problems: Problems,
}

fn blank_config() -> AgentConfig {
    AgentConfig {
        name: String::new(),
        description: String::new(),
        agent_type: AgentType::General,
        instructions: String::new(),
        greeting: String::new(),
        language: "en".to_owned(),
        personality_id: None,
        model: ModelSettings::default(),
        use_knowledge_base: true,
        voice_enabled: false,
        voice_model_id: None,
        flow: None,
    }
}

/// `base` with the changes applied (not yet checked).
fn apply(changes: AgentChanges, mut config: AgentConfig) -> AgentConfig {
    if let Some(name) = changes.name {
        config.name = name.trim().to_owned();
    }
    if let Some(description) = changes.description {
        config.description = description.trim().to_owned();
    }
    if let Some(t) = changes.agent_type {
        config.agent_type = t;
    }
    if let Some(instructions) = changes.instructions {
        config.instructions = instructions;
    }
    if let Some(greeting) = changes.greeting {
        config.greeting = greeting;
    }
    if let Some(language) = changes.language {
        config.language = language.trim().to_owned();
    }
    if let Some(personality_id) = changes.personality_id {
        config.personality_id = personality_id.filter(|p| !p.is_empty());
    }
    let model = changes.model;
    if let Some(provider) = model.provider {
        config.model.provider = provider;
    }
    if let Some(name) = model.model {
        config.model.model = name.map(|n| n.trim().to_owned());
    }
    if let Some(temperature) = model.temperature {
        config.model.temperature = temperature;
    }
    if let Some(max_tokens) = model.max_tokens {
        config.model.max_tokens = max_tokens;
    }
    if let Some(use_knowledge_base) = changes.use_knowledge_base {
        config.use_knowledge_base = use_knowledge_base;
    }
    if let Some(voice_enabled) = changes.voice_enabled {
        config.voice_enabled = voice_enabled;
    }
    if let Some(voice_model_id) = changes.voice_model_id {
        config.voice_model_id = voice_model_id
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty());
    }
    if let Some(flow) = changes.flow {
        config.flow = flow;
    }
    config
}

/// Every problem of a configuration, reported together (with those found
/// before), `prefix`ed (for an imported one).
fn check_with(config: &AgentConfig, prefix: &str, mut problems: Problems) -> Result<(), Error> {
    for (field, message) in config.problems() {
        problems.add(&format!("{prefix}{field}"), message);
    }
    if let Err(found) = config.flow_plan() {
        for problem in found.into_problems() {
            problems.add(&format!("{prefix}{}", problem.field), problem.message);
        }
    }
    problems.finish()
}

fn check(config: &AgentConfig, prefix: &str) -> Result<(), Error> {
    check_with(config, prefix, Problems::default())
}

/// A personality the actor may use: built in, or their own.
async fn check_personality(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    match access::personality(store, actor, id, Action::Use).await {
        Ok(_) => Ok(()),
        Err(Error::NotFound(_)) => Err(Error::not_found_in(Thing::Personality, "personalityId")),
        Err(e) => Err(e),
    }
}

/// The changes applied over `base`, checked.
async fn merged(
    store: &Store,
    actor: &Actor,
    changes: AgentChanges,
    base: AgentConfig,
) -> Result<(AgentConfig, Option<AgentStatus>), Error> {
    let status = changes.status;
    let problems = changes.problems.clone();
    let config = apply(changes, base);
    check_with(&config, "", problems)?;
    if let Some(personality_id) = &config.personality_id {
        check_personality(store, actor, personality_id).await?;
    }
    Ok((config, status))
}

fn owner(actor: &Actor) -> Result<&str, Error> {
    actor.user_id().ok_or(Error::Unauthenticated(
        agentforge_domain::error::Unauthenticated::Required,
    ))
}

/// The views of agents, with their teams' names looked up in one query.
async fn views(
    store: &Store,
    agents: Vec<(Agent, Access)>,
    deployments: Option<Vec<Deployment>>,
) -> Result<Vec<AgentView>, Error> {
    let mut ids: Vec<String> = agents
        .iter()
        .filter_map(|(a, _)| a.team_id.clone())
        .collect();
    ids.sort();
    ids.dedup();
    let names = store.teams().names(&ids).await?;
    Ok(agents
        .into_iter()
        .map(|(agent, access)| AgentView {
            team_name: agent.team_id.as_ref().and_then(|id| names.get(id).cloned()),
            agent,
            access,
            deployments: deployments.clone(),
        })
        .collect())
}

/// One agent, with its deployments.
async fn view(store: &Store, agent: Agent, access: Access) -> Result<AgentView, Error> {
    let deployments = store.agents().deployments(&agent.id).await?;
    let mut one = views(store, vec![(agent, access)], Some(deployments)).await?;
    Ok(one.remove(0))
}

/// A new agent of the actor's, as its owner sees it.
fn created(agent: Agent) -> AgentView {
    AgentView {
        agent,
        access: Access::Manage,
        team_name: None,
        deployments: Some(Vec::new()),
    }
}

/// The audit entry of a change to `agent`: whose it is and its team.
fn change(action: AuditAction, agent: &Agent) -> Change {
    Change::new(action, AuditResource::Agent, &agent.id)
        .owner(&agent.owner_id)
        .team(agent.team_id.as_deref())
}

/// What an agent's audit diff compares: its configuration's fields and its
/// status (secrets in the configuration are redacted by the diff).
fn snapshot(agent: &Agent) -> serde_json::Value {
    let mut value = serde_json::to_value(&agent.config).unwrap_or_default();
    if let Some(fields) = value.as_object_mut() {
        fields.insert("status".into(), agent.status.as_str().into());
        fields.insert("version".into(), agent.current_version.into());
    }
    value
}

/// Creates an agent of `owner`'s and its audit entry (`action`, with
/// `from` naming what it was made from), in one transaction.
async fn create_audited(
    store: &Store,
    actor: &Actor,
    owner: &str,
    status: AgentStatus,
    config: &AgentConfig,
    action: AuditAction,
    from: Option<(&str, &str)>,
) -> Result<Agent, Error> {
    let tx = store.begin().await?;
    let agent = tx.agents().create(owner, status, config).await?;
    let mut entry = change(action, &agent).created(&snapshot(&agent));
    if let Some((field, value)) = from {
        entry = entry.field(field, value);
    }
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(agent)
}

/// The agent, if the actor may do `action` to it, with their rights.
async fn load(
    store: &Store,
    actor: &Actor,
    id: &str,
    action: Action,
) -> Result<(Agent, Access), Error> {
    let (agent, access) = access::agent(store, actor, id, action).await?;
    // Only those with rights on it get past the policy without a share link.
    Ok((agent, access.unwrap_or(Access::View)))
}

pub async fn create(
    store: &Store,
    actor: &Actor,
    changes: AgentChanges,
) -> Result<AgentView, Error> {
    let owner = owner(actor)?;
    if changes.name.is_none() {
        return Err(Error::invalid("name", messages::REQUIRED));
    }
    let (config, status) = merged(store, actor, changes, blank_config()).await?;
    let status = status.unwrap_or(AgentStatus::Draft);
    let agent = create_audited(
        store,
        actor,
        owner,
        status,
        &config,
        AuditAction::AgentCreate,
        None,
    )
    .await?;
    Ok(created(agent))
}

/// Which agents to list.
#[derive(Debug, Clone, Default)]
pub struct AgentListing {
    pub page: Page,
    pub team_id: Option<String>,
    pub status: Option<AgentStatus>,
    pub agent_type: Option<AgentType>,
    pub search: Option<String>,
    pub sort: AgentSort,
    /// Default: ascending by name, else newest first.
    pub order: Option<SortOrder>,
}

/// The actor's agents and their teams' agents, filtered, sorted and paged;
/// and how many there are.
pub async fn list(
    store: &Store,
    actor: &Actor,
    listing: AgentListing,
) -> Result<(Vec<AgentView>, u64), Error> {
    let viewer = owner(actor)?;
    let descending = match listing.order {
        None => listing.sort != AgentSort::Name,
        Some(order) => order == SortOrder::Desc,
    };
    let filter = AgentFilter {
        viewer: viewer.to_owned(),
        team_id: listing.team_id.filter(|t| !t.is_empty()),
        status: listing.status,
        agent_type: listing.agent_type,
        search: listing.search,
        only: actor
            .api_key()
            .filter(|key| !key.agent_ids.is_empty())
            .map(|key| key.agent_ids.clone()),
        sort: listing.sort,
        descending,
        page: listing.page.page,
        limit: listing.page.limit,
    };
    let (agents, total) = store.agents().list(&filter).await?;
    let roles = store.teams().roles_of(viewer).await?;
    let agents = agents
        .into_iter()
        .map(|agent| {
            let facts = agentforge_domain::policy::AgentFacts {
                agent_id: agent.id.clone(),
                owner_id: agent.owner_id.clone(),
                team_role: agent.team_id.as_ref().and_then(|t| roles.get(t).copied()),
                share_link: false,
            };
            // Listed agents are the actor's own or their teams'.
            let access =
                agentforge_domain::policy::agent_access(actor, &facts).unwrap_or(Access::View);
            (agent, access)
        })
        .collect();
    Ok((views(store, agents, None).await?, total))
}

pub async fn get(store: &Store, actor: &Actor, id: &str) -> Result<AgentView, Error> {
    let (agent, access) = load(store, actor, id, Action::View).await?;
    view(store, agent, access).await
}

pub async fn update(
    store: &Store,
    actor: &Actor,
    id: &str,
    changes: AgentChanges,
) -> Result<AgentView, Error> {
    let (agent, access) = load(store, actor, id, Action::Edit).await?;
    let (config, status) = merged(store, actor, changes, agent.config.clone()).await?;
    let before = snapshot(&agent);
    let tx = store.begin().await?;
    let updated = tx
        .agents()
        .update(agent, status, Some(config), owner(actor)?)
        .await?;
    let entry = change(AuditAction::AgentUpdate, &updated).diff(&before, &snapshot(&updated));
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    view(store, updated, access).await
}

pub async fn delete(store: &Store, actor: &Actor, id: &str) -> Result<(), Error> {
    let (agent, _) = load(store, actor, id, Action::Delete).await?;
    let tx = store.begin().await?;
    tx.agents().delete(&agent.id).await?;
    let entry = change(AuditAction::AgentDelete, &agent).deleted(&snapshot(&agent));
    audit::record(&tx, actor, entry).await?;
    Ok(tx.commit().await?)
}

/// A copy of an agent the actor may see, as a new draft of theirs.
pub async fn duplicate(
    store: &Store,
    actor: &Actor,
    id: &str,
    name: Option<String>,
) -> Result<AgentView, Error> {
    let (agent, _) = load(store, actor, id, Action::View).await?;
    // A name given is checked like any agent's (too long is refused); the
    // default "<name> (copy)" is cut to fit.
    let name = match name.map(|n| n.trim().to_owned()).filter(|n| !n.is_empty()) {
        Some(given) => given,
        None => format!("{} (copy)", agent.config.name)
            .chars()
            .take(AgentConfig::NAME_MAX)
            .collect(),
    };
    let config = AgentConfig {
        name,
        ..agent.config
    };
    check(&config, "")?;
    let copy = create_audited(
        store,
        actor,
        owner(actor)?,
        AgentStatus::Draft,
        &config,
        AuditAction::AgentCreate,
        Some(("duplicatedFrom", &agent.id)),
    )
    .await?;
    Ok(created(copy))
}

pub async fn touch(store: &Store, actor: &Actor, id: &str) -> Result<DateTime<Utc>, Error> {
    let (agent, _) = load(store, actor, id, Action::View).await?;
    Ok(store.agents().touch_last_active(&agent.id).await?)
}

/// A deployment to make.
#[derive(Debug, Clone)]
pub struct Deploy {
    pub environment: Environment,
    /// Default: the current version.
    pub version: Option<u32>,
    /// Settings of this deployment (a JSON object).
    pub configuration: serde_json::Value,
}

fn version_not_found(version: u32) -> Error {
    Error::not_found_because(Thing::Version, format!("Version {version} does not exist"))
}

pub async fn deploy(
    store: &Store,
    actor: &Actor,
    id: &str,
    input: Deploy,
) -> Result<Deployment, Error> {
    let (agent, _) = load(store, actor, id, Action::Edit).await?;
    let version = input.version.unwrap_or(agent.current_version);
    if store.agents().version(&agent.id, version).await?.is_none() {
        return Err(version_not_found(version));
    }
    let tx = store.begin().await?;
    let deployment = tx
        .agents()
        .deploy(
            &agent.id,
            input.environment,
            version,
            &input.configuration,
            owner(actor)?,
        )
        .await?;
    let entry = change(AuditAction::AgentDeploy, &agent).created(&serde_json::json!({
        "environment": deployment.environment.as_str(),
        "version": deployment.version,
        "configuration": deployment.configuration,
    }));
    audit::record(&tx, actor, entry).await?;
    let event = crate::webhooks::delivery::Event::new(
        agentforge_domain::webhook::EndpointEvent::AgentDeployed,
        serde_json::json!({
            "agent": {"id": agent.id, "name": agent.config.name},
            "environment": deployment.environment.as_str(),
            "version": deployment.version,
            "deployedAt": deployment.deployed_at,
        }),
    );
    crate::webhooks::delivery::emit_in(&tx, &agent.owner_id, &event).await?;
    tx.commit().await?;
    Ok(deployment)
}

pub async fn versions(store: &Store, actor: &Actor, id: &str) -> Result<Vec<AgentVersion>, Error> {
    let (agent, _) = load(store, actor, id, Action::View).await?;
    Ok(store.agents().versions(&agent.id).await?)
}

/// Makes an older version's configuration current again, as a new version.
pub async fn restore(
    store: &Store,
    actor: &Actor,
    id: &str,
    version: u32,
) -> Result<AgentView, Error> {
    let (agent, access) = load(store, actor, id, Action::Edit).await?;
    let old = store
        .agents()
        .version(&agent.id, version)
        .await?
        .ok_or_else(|| version_not_found(version))?;
    let before = snapshot(&agent);
    let tx = store.begin().await?;
    let restored = tx
        .agents()
        .update(agent, None, Some(old.config), owner(actor)?)
        .await?;
    let entry = change(AuditAction::AgentVersionRestore, &restored)
        .diff(&before, &snapshot(&restored))
        .field("restoredVersion", version);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    view(store, restored, access).await
}

/// The audit entries about the agent, for those who manage it.
pub async fn activity(
    store: &Store,
    actor: &Actor,
    id: &str,
    query: &audit::AuditQuery,
) -> Result<audit::AuditPageOut, Error> {
    let (agent, _) = load(store, actor, id, Action::Manage).await?;
    let filter = audit::activity_filter(audit::Activity::Agent(&agent.id), query)?;
    audit::activity_page(store, &filter, query.limit()?).await
}

/// The built-in templates, one per agent type at least.
pub fn templates() -> &'static [Template] {
    &templates::TEMPLATES
}

pub async fn from_template(
    store: &Store,
    actor: &Actor,
    template_id: &str,
    name: Option<&str>,
) -> Result<AgentView, Error> {
    let template = templates::find(template_id).ok_or_else(|| Error::not_found(Thing::Template))?;
    let name = name.map(str::trim).filter(|n| !n.is_empty());
    let config = template.config(name);
    check(&config, "")?;
    let agent = create_audited(
        store,
        actor,
        owner(actor)?,
        AgentStatus::Draft,
        &config,
        AuditAction::AgentCreate,
        Some(("template", template.id)),
    )
    .await?;
    Ok(created(agent))
}

/// A draft agent for a description, and the voice suggested for it. No
/// language model can be configured for this yet: the offline generator
/// answers.
pub fn generate(request: &GenerateRequest) -> (AgentConfig, &'static Voice) {
    let draft = generate::generate(request);
    let voice = match voice::resolve_voice(draft.voice_model_id.as_deref()) {
        voice::ResolvedVoice::Named(v) => v,
        voice::ResolvedVoice::Id(_) => voice::default_voice(),
    };
    (draft, voice)
}

/// Many agents named at once: 1 to [`BULK_MAX`].
pub fn check_ids(ids: &[String]) -> Result<(), Error> {
    if ids.is_empty() {
        return Err(Error::invalid("ids", messages::too_few(1)));
    }
    if ids.len() > BULK_MAX {
        return Err(Error::invalid("ids", messages::too_many(BULK_MAX)));
    }
    Ok(())
}

fn some_not_found() -> Error {
    Error::not_found_because(
        Thing::Agent,
        "One or more agents were not found; nothing was changed",
    )
}

fn bulk_not_found(err: StoreError) -> Error {
    match err {
        StoreError::NotFound => some_not_found(),
        other => other.into(),
    }
}

/// The actor's rights on each agent, if `action` is allowed on every one:
/// 404 (naming no agent) if one is unknown or not theirs to see, 403 if
/// their team role falls short on one.
async fn allowed_on_all(
    store: &Store,
    actor: &Actor,
    ids: &[String],
    action: Action,
) -> Result<HashMap<String, Access>, Error> {
    let mut rights = HashMap::with_capacity(ids.len());
    for id in ids {
        if rights.contains_key(id) {
            continue;
        }
        match load(store, actor, id, action).await {
            Ok((agent, access)) => rights.insert(agent.id, access),
            Err(Error::NotFound(_)) => return Err(some_not_found()),
            Err(e) => return Err(e),
        };
    }
    Ok(rights)
}

pub async fn bulk_delete(store: &Store, actor: &Actor, ids: Vec<String>) -> Result<u64, Error> {
    check_ids(&ids)?;
    allowed_on_all(store, actor, &ids, Action::Delete).await?;
    let tx = store.begin().await?;
    let mut gone = Vec::with_capacity(ids.len());
    for id in &ids {
        if let Some(agent) = tx.agents().get(id).await? {
            gone.push(agent);
        }
    }
    let deleted = tx
        .agents()
        .delete_many(&ids)
        .await
        .map_err(bulk_not_found)?;
    // One entry per agent, so each agent's history tells it.
    for agent in &gone {
        let entry = change(AuditAction::AgentDelete, agent)
            .deleted(&snapshot(agent))
            .field("bulk", true);
        audit::record(&tx, actor, entry).await?;
    }
    tx.commit().await?;
    Ok(deleted)
}

pub async fn bulk_update(
    store: &Store,
    actor: &Actor,
    ids: Vec<String>,
    changes: BulkChanges,
) -> Result<Vec<AgentView>, Error> {
    check_ids(&ids)?;
    if changes.status.is_none() && changes.agent_type.is_none() {
        return Err(Error::invalid(
            "changes",
            "Name at least one change: status or type",
        ));
    }
    let rights = allowed_on_all(store, actor, &ids, Action::Edit).await?;
    let tx = store.begin().await?;
    let mut before = HashMap::with_capacity(ids.len());
    for id in &ids {
        if let Some(agent) = tx.agents().get(id).await? {
            before.insert(agent.id.clone(), snapshot(&agent));
        }
    }
    let updated = tx
        .agents()
        .update_many(&ids, &changes, owner(actor)?)
        .await
        .map_err(bulk_not_found)?;
    for agent in &updated {
        let was = before.get(&agent.id).cloned().unwrap_or_default();
        let entry = change(AuditAction::AgentUpdate, agent)
            .diff(&was, &snapshot(agent))
            .field("bulk", true);
        audit::record(&tx, actor, entry).await?;
    }
    tx.commit().await?;
    let updated = updated
        .into_iter()
        .map(|a| {
            let access = rights.get(&a.id).copied().unwrap_or(Access::View);
            (a, access)
        })
        .collect();
    views(store, updated, None).await
}

/// How to share an agent: by public link, with a team; `None` leaves each
/// as it is, and a team of `Some(None)` takes the agent out of its team.
#[derive(Debug, Clone, Default)]
pub struct Sharing {
    pub public: Option<bool>,
    pub team_id: Option<Option<String>>,
}

/// How an agent is shared now.
#[derive(Debug, Clone)]
pub struct Shared {
    pub agent_id: String,
    /// The public link's token, when it has one.
    pub token: Option<String>,
    pub team_id: Option<String>,
}

/// Shares the agent by public link and/or with a team (or stops).
pub async fn share(
    store: &Store,
    actor: &Actor,
    id: &str,
    input: Sharing,
) -> Result<Shared, Error> {
    if input.public.is_none() && input.team_id.is_none() {
        return Err(Error::invalid(
            "public",
            "Name at least one of public or teamId",
        ));
    }
    let (agent, _) = load(store, actor, id, Action::Manage).await?;
    let tx = store.begin().await?;
    let mut team_id = agent.team_id.clone();
    if let Some(target) = input.team_id {
        let target = target.filter(|t| !t.trim().is_empty());
        if let Some(team) = &target {
            access::team(store, actor, team, Action::Use)
                .await
                .map_err(|e| match e {
                    Error::NotFound(missing) => Error::NotFound(Missing {
                        field: Some("teamId"),
                        ..missing
                    }),
                    e => e,
                })?;
        }
        if target != agent.team_id {
            tx.agents().set_team(&agent.id, target.clone()).await?;
        }
        team_id = target;
    }
    let mut token = agent.share_token.clone();
    if let Some(public) = input.public {
        token = public.then(|| {
            agent
                .share_token
                .clone()
                .unwrap_or_else(|| crate::opaque::token().0)
        });
        if token != agent.share_token {
            tx.agents()
                .set_share_token(&agent.id, token.clone())
                .await?;
        }
    }
    let sharing = |team: &Option<String>, token: &Option<String>| serde_json::json!({"teamId": team, "public": token.is_some()});
    // Entered under the team it ends in (or left), so both teams' admins
    // can tell.
    let entry = change(AuditAction::AgentShare, &agent)
        .team(team_id.as_deref().or(agent.team_id.as_deref()))
        .diff(
            &sharing(&agent.team_id, &agent.share_token),
            &sharing(&team_id, &token),
        );
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(Shared {
        agent_id: agent.id,
        token,
        team_id,
    })
}

/// An agent taken away: its configuration, and its personality when it is
/// a custom one (a built-in one is referred to by id).
#[derive(Debug, Clone)]
pub struct Exported {
    pub config: AgentConfig,
    pub personality: Option<Personality>,
}

pub async fn export(store: &Store, actor: &Actor, id: &str) -> Result<Exported, Error> {
    let (agent, _) = load(store, actor, id, Action::View).await?;
    let mut config = agent.config;
    let personality = match &config.personality_id {
        Some(pid) => match store.personalities().get(pid).await? {
            Some(p) if p.owner_id.is_some() => {
                config.personality_id = None;
                Some(p)
            }
            _ => None,
        },
        None => None,
    };
    Ok(Exported {
        config,
        personality,
    })
}

/// An agent brought in: its configuration and, when it came with one, its
/// custom personality (created for the actor).
#[derive(Debug, Clone)]
pub struct Imported {
    pub config: AgentConfig,
    pub personality: Option<NewPersonality>,
}

/// Creates the imported agent, and its personality, in one transaction:
/// both or neither.
pub async fn import(store: &Store, actor: &Actor, imported: Imported) -> Result<AgentView, Error> {
    let owner = owner(actor)?;
    let mut config = imported.config;
    check(&config, "agent.")?;
    if let Some(pid) = &config.personality_id {
        check_personality(store, actor, pid).await?;
    }
    let tx = store.begin().await?;
    if let Some(p) = imported.personality {
        if p.name.trim().is_empty() {
            return Err(Error::invalid("personality.name", messages::REQUIRED));
        }
        let personality = tx.personalities().create(owner, p).await?;
        config.personality_id = Some(personality.id);
    }
    let agent = tx
        .agents()
        .create(owner, AgentStatus::Draft, &config)
        .await?;
    let entry = change(AuditAction::AgentCreate, &agent)
        .created(&snapshot(&agent))
        .field("imported", true);
    audit::record(&tx, actor, entry).await?;
    tx.commit().await?;
    Ok(created(agent))
}

/// The most agents an API client sees (and addresses by name).
pub const API_AGENTS_MAX: u64 = 500;

/// The agents the actor may talk to (their own and their teams', only those
/// an API key names), oldest first, each with its slug when no other of them
/// shares it: what `/v1/models` lists and `/mcp` offers as tools.
pub async fn usable(store: &Store, actor: &Actor) -> Result<Vec<(Agent, Option<String>)>, Error> {
    let viewer = owner(actor)?;
    let mut agents = Vec::new();
    let limit = 100;
    for page in 1..=API_AGENTS_MAX.div_ceil(limit) {
        let (batch, total) = store
            .agents()
            .list(&AgentFilter {
                viewer: viewer.to_owned(),
                team_id: None,
                status: Some(AgentStatus::Active),
                agent_type: None,
                search: None,
                only: actor
                    .api_key()
                    .filter(|key| !key.agent_ids.is_empty())
                    .map(|key| key.agent_ids.clone()),
                sort: AgentSort::Created,
                descending: false,
                page,
                limit,
            })
            .await?;
        agents.extend(batch);
        if page * limit >= total {
            break;
        }
    }
    let mut counts: HashMap<String, usize> = HashMap::new();
    let slugs: Vec<String> = agents
        .iter()
        .map(|a| agentforge_domain::agent::slug(&a.config.name))
        .collect();
    for slug in &slugs {
        *counts.entry(slug.clone()).or_default() += 1;
    }
    Ok(agents
        .into_iter()
        .zip(slugs)
        .map(|(agent, slug)| {
            let unique = counts.get(&slug) == Some(&1);
            (agent, unique.then_some(slug))
        })
        .collect())
}
