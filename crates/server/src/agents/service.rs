//! What can be done with agents. Who may do it is decided in
//! [`super::access`]: every function here loads its agent through
//! [`load_for`] with the access it needs.

use agentforge_domain::agent::{
    AgentConfig, AgentStatus, AgentType, Environment, ModelProvider, ModelSettings,
};
use agentforge_domain::generate::{self, Complexity, GenerateRequest};
use agentforge_domain::{templates, voice};
use agentforge_store::{
    Agent, AgentFilter, AgentSort, BulkChanges, NewPersonality, StoreError, User,
};
use chrono::{DateTime, Datelike, Duration, DurationRound, TimeZone, Utc};

use super::access::{Access, load_for};
use super::types::*;
use crate::http::{ApiError, FieldErrors, ListMeta, PageQuery};
use crate::state::AppState;

const BULK_MAX: usize = 100;
pub const EXPORT_FORMAT: &str = "agentforge.agent";

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

/// Applies the sent fields over `base`, validating every one; all problems
/// are reported together.
async fn merge(
    state: &AppState,
    user: &User,
    input: AgentIn,
    base: AgentConfig,
) -> Result<(AgentConfig, Option<AgentStatus>), ApiError> {
    let mut errors = FieldErrors::default();
    let mut config = base;
    if let Some(name) = input.name {
        config.name = name.trim().to_owned();
    }
    if let Some(description) = input.description {
        config.description = description.trim().to_owned();
    }
    if let Some(t) = input
        .agent_type
        .and_then(|t| errors.check("type", AgentType::parse(&t)))
    {
        config.agent_type = t;
    }
    let status = input
        .status
        .and_then(|s| errors.check("status", AgentStatus::parse(&s)));
    if let Some(instructions) = input.instructions {
        config.instructions = instructions;
    }
    if let Some(greeting) = input.greeting {
        config.greeting = greeting;
    }
    if let Some(language) = input.language {
        config.language = language.trim().to_owned();
    }
    if let Some(personality_id) = input.personality_id {
        config.personality_id = personality_id.filter(|p| !p.is_empty());
    }
    if let Some(model) = input.model {
        if let Some(provider) = model.provider {
            config.model.provider = match provider {
                None => None,
                Some(p) => errors.check("model.provider", ModelProvider::parse(&p)),
            };
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
    }
    if let Some(use_knowledge_base) = input.use_knowledge_base {
        config.use_knowledge_base = use_knowledge_base;
    }
    if let Some(voice_enabled) = input.voice_enabled {
        config.voice_enabled = voice_enabled;
    }
    if let Some(voice_model_id) = input.voice_model_id {
        config.voice_model_id = voice_model_id
            .map(|v| v.trim().to_owned())
            .filter(|v| !v.is_empty());
    }
    if let Some(flow) = input.flow {
        config.flow = flow;
    }
    for (field, message) in config.problems() {
        errors.add(field, message);
    }
    errors.finish()?;
    if let Some(personality_id) = &config.personality_id {
        check_personality(state, user, personality_id).await?;
    }
    Ok((config, status))
}

/// A personality the user may use: built-in or their own.
async fn check_personality(state: &AppState, user: &User, id: &str) -> Result<(), ApiError> {
    match state.store.personalities().get(id).await? {
        Some(p) if p.owner_id.is_none() || p.owner_id.as_deref() == Some(user.id.as_str()) => {
            Ok(())
        }
        _ => Err(
            ApiError::not_found("personality_not_found", "Personality not found").with_errors(
                vec![crate::http::FieldError {
                    field: "personalityId".into(),
                    message: "Personality not found".into(),
                }],
            ),
        ),
    }
}

/// The agent as a single-agent answer, with its deployments.
async fn with_deployments(
    state: &AppState,
    agent: Agent,
    access: Access,
) -> Result<AgentOut, ApiError> {
    let deployments = state.store.agents().deployments(&agent.id).await?;
    let out = AgentOut::new(agent, Some(deployments), access);
    Ok(with_team_names(state, vec![out]).await?.remove(0))
}

/// Fills in the names of the agents' teams, in one query.
async fn with_team_names(
    state: &AppState,
    mut agents: Vec<AgentOut>,
) -> Result<Vec<AgentOut>, ApiError> {
    let mut ids: Vec<String> = agents.iter().filter_map(|a| a.team_id.clone()).collect();
    ids.sort();
    ids.dedup();
    let names = state.store.teams().names(&ids).await?;
    for agent in &mut agents {
        agent.team_name = agent.team_id.as_ref().and_then(|id| names.get(id).cloned());
    }
    Ok(agents)
}

pub async fn create(state: &AppState, user: &User, input: AgentIn) -> Result<AgentOut, ApiError> {
    if input.name.is_none() {
        return Err(ApiError::invalid_field("name", "Required"));
    }
    let (config, status) = merge(state, user, input, blank_config()).await?;
    let agent = state
        .store
        .agents()
        .create(&user.id, status.unwrap_or(AgentStatus::Draft), &config)
        .await?;
    Ok(AgentOut::new(agent, Some(Vec::new()), Access::Manage))
}

pub async fn list(
    state: &AppState,
    user: &User,
    query: AgentQuery,
) -> Result<(Vec<AgentOut>, ListMeta), ApiError> {
    let mut errors = FieldErrors::default();
    let (page, limit) = PageQuery {
        page: query.page,
        limit: query.limit,
    }
    .check(&mut errors);
    let status = query
        .status
        .as_deref()
        .filter(|s| !s.is_empty() && *s != "all")
        .and_then(|s| errors.check("status", AgentStatus::parse(s)));
    let agent_type = query
        .agent_type
        .as_deref()
        .filter(|s| !s.is_empty() && *s != "all")
        .and_then(|s| errors.check("type", AgentType::parse(s)));
    let sort = match query.sort.as_deref() {
        None | Some("created") | Some("createdAt") => AgentSort::Created,
        Some("name") => AgentSort::Name,
        Some("lastActive") | Some("last_active") => AgentSort::LastActive,
        Some(other) => {
            errors.add("sort", format!("Invalid enum value. Expected 'name' | 'created' | 'lastActive', received '{other}'"));
            AgentSort::Created
        }
    };
    let descending = match query.order.as_deref() {
        None => sort != AgentSort::Name,
        Some("asc") => false,
        Some("desc") => true,
        Some(other) => {
            errors.add(
                "order",
                format!("Invalid enum value. Expected 'asc' | 'desc', received '{other}'"),
            );
            false
        }
    };
    errors.finish()?;
    let filter = AgentFilter {
        viewer: user.id.clone(),
        team_id: query.team_id.filter(|t| !t.is_empty()),
        status,
        agent_type,
        search: query.search,
        sort,
        descending,
        page,
        limit,
    };
    let (agents, total) = state.store.agents().list(&filter).await?;
    let roles = state.store.teams().roles_of(&user.id).await?;
    let agents = agents
        .into_iter()
        .map(|a| {
            // Listed agents are the user's own or their teams'.
            let access = Access::of(&a, user, &roles).unwrap_or(Access::View);
            AgentOut::new(a, None, access)
        })
        .collect();
    Ok((
        with_team_names(state, agents).await?,
        ListMeta { page, limit, total },
    ))
}

pub async fn get(state: &AppState, user: &User, id: &str) -> Result<AgentOut, ApiError> {
    let (agent, access) = load_for(state, user, id, Access::View).await?;
    with_deployments(state, agent, access).await
}

pub async fn update(
    state: &AppState,
    user: &User,
    id: &str,
    input: AgentIn,
) -> Result<AgentOut, ApiError> {
    let (agent, access) = load_for(state, user, id, Access::Edit).await?;
    let (config, status) = merge(state, user, input, agent.config.clone()).await?;
    let updated = state
        .store
        .agents()
        .update(agent, status, Some(config), &user.id)
        .await?;
    with_deployments(state, updated, access).await
}

pub async fn delete(state: &AppState, user: &User, id: &str) -> Result<(), ApiError> {
    let (agent, _) = load_for(state, user, id, Access::Manage).await?;
    Ok(state.store.agents().delete(&agent.id).await?)
}

pub async fn duplicate(
    state: &AppState,
    user: &User,
    id: &str,
    name: Option<String>,
) -> Result<AgentOut, ApiError> {
    let (agent, _) = load_for(state, user, id, Access::View).await?;
    let name = name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .unwrap_or_else(|| format!("{} (copy)", agent.config.name));
    let config = AgentConfig {
        name: name.chars().take(AgentConfig::NAME_MAX).collect(),
        ..agent.config
    };
    let copy = state
        .store
        .agents()
        .create(&user.id, AgentStatus::Draft, &config)
        .await?;
    Ok(AgentOut::new(copy, Some(Vec::new()), Access::Manage))
}

pub async fn touch(state: &AppState, user: &User, id: &str) -> Result<DateTime<Utc>, ApiError> {
    let (agent, _) = load_for(state, user, id, Access::View).await?;
    Ok(state.store.agents().touch_last_active(&agent.id).await?)
}

pub async fn deploy(
    state: &AppState,
    user: &User,
    id: &str,
    input: DeployIn,
) -> Result<DeploymentOut, ApiError> {
    let (agent, _) = load_for(state, user, id, Access::Edit).await?;
    let environment = Environment::parse(&input.environment)
        .map_err(|e| ApiError::invalid_field("environment", e.message))?;
    let version = input.version.unwrap_or(agent.current_version);
    if state
        .store
        .agents()
        .version(&agent.id, version)
        .await?
        .is_none()
    {
        return Err(ApiError::not_found(
            "version_not_found",
            format!("Version {version} does not exist"),
        ));
    }
    let configuration = input.configuration.unwrap_or_else(|| serde_json::json!({}));
    if !configuration.is_object() {
        return Err(ApiError::invalid_field(
            "configuration",
            "Must be an object",
        ));
    }
    Ok(state
        .store
        .agents()
        .deploy(&agent.id, environment, version, &configuration, &user.id)
        .await?
        .into())
}

pub async fn versions(
    state: &AppState,
    user: &User,
    id: &str,
) -> Result<Vec<VersionOut>, ApiError> {
    let (agent, _) = load_for(state, user, id, Access::View).await?;
    Ok(state
        .store
        .agents()
        .versions(&agent.id)
        .await?
        .into_iter()
        .map(VersionOut::from)
        .collect())
}

/// Makes an older version's configuration current again, as a new version.
pub async fn restore(
    state: &AppState,
    user: &User,
    id: &str,
    version: u32,
) -> Result<AgentOut, ApiError> {
    let (agent, access) = load_for(state, user, id, Access::Edit).await?;
    let old = state
        .store
        .agents()
        .version(&agent.id, version)
        .await?
        .ok_or_else(|| {
            ApiError::not_found(
                "version_not_found",
                format!("Version {version} does not exist"),
            )
        })?;
    let restored = state
        .store
        .agents()
        .update(agent, None, Some(old.config), &user.id)
        .await?;
    with_deployments(state, restored, access).await
}

/// Start of bucket `i` counted from a start time.
type Step = fn(DateTime<Utc>, i64) -> DateTime<Utc>;

/// The start of a period ending now and the start of each of its buckets.
pub fn period_series(
    period: &str,
    now: DateTime<Utc>,
) -> Option<(DateTime<Utc>, Vec<DateTime<Utc>>)> {
    let (count, step): (i64, Step) = match period {
        "day" => (24, |t, i| t + Duration::hours(i)),
        "week" => (7, |t, i| t + Duration::days(i)),
        "month" => (30, |t, i| t + Duration::days(i)),
        "year" => (12, |t, i| {
            let months = t.month0() as i64 + i;
            Utc.with_ymd_and_hms(
                t.year() + (months / 12) as i32,
                (months % 12) as u32 + 1,
                1,
                0,
                0,
                0,
            )
            .single()
            .unwrap_or(t)
        }),
        _ => return None,
    };
    let start = match period {
        "day" => now.duration_trunc(Duration::hours(1)).ok()? - Duration::hours(count - 1),
        "year" => {
            let months = now.year() as i64 * 12 + now.month0() as i64 - (count - 1);
            Utc.with_ymd_and_hms((months / 12) as i32, (months % 12) as u32 + 1, 1, 0, 0, 0)
                .single()?
        }
        _ => now.duration_trunc(Duration::days(1)).ok()? - Duration::days(count - 1),
    };
    Some((start, (0..count).map(|i| step(start, i)).collect()))
}

/// An agent's activity over a period, counted from its stored
/// conversations and messages, zero-filled.
pub async fn analytics(
    state: &AppState,
    user: &User,
    id: &str,
    period: Option<String>,
) -> Result<AnalyticsOut, ApiError> {
    use crate::analytics::{average, bucketize, distinct_users, latencies, percentile};
    let (agent, _) = load_for(state, user, id, Access::View).await?;
    let period = period
        .filter(|p| !p.is_empty())
        .unwrap_or_else(|| "month".to_owned());
    let now = Utc::now();
    let (from, starts) = period_series(&period, now)
        .ok_or_else(|| ApiError::invalid_field("period", format!("Invalid enum value. Expected 'day' | 'week' | 'month' | 'year', received '{period}'")))?;
    let scope = agentforge_store::Scope::Agent(agent.id);
    let conversations = state.store.conversations();
    let started = conversations.starts_since(&scope, from).await?;
    let messages = conversations.messages_since(&scope, from).await?;
    let conversation_counts = bucketize(&starts, started.iter().map(|s| s.started_at));
    let message_counts = bucketize(&starts, messages.iter().map(|m| m.created_at));
    let series = starts
        .into_iter()
        .zip(conversation_counts.into_iter().zip(message_counts))
        .map(|(start, (conversations, messages))| AnalyticsBucket {
            start,
            conversations,
            messages,
        })
        .collect();
    let latencies = latencies(&messages);
    Ok(AnalyticsOut {
        period,
        from,
        to: now,
        totals: AnalyticsTotals {
            conversations: started.len() as u64,
            messages: messages.len() as u64,
            users: distinct_users(&started),
            avg_response_ms: average(&latencies),
            p95_response_ms: percentile(&latencies, 95.0),
            tokens_in: messages.iter().map(|m| u64::from(m.tokens_in)).sum(),
            tokens_out: messages.iter().map(|m| u64::from(m.tokens_out)).sum(),
        },
        series,
    })
}

pub fn templates() -> Vec<TemplateOut> {
    templates::TEMPLATES
        .iter()
        .map(|t| TemplateOut {
            id: t.id.to_owned(),
            name: t.name.to_owned(),
            description: t.description.to_owned(),
            agent_type: t.agent_type.as_str().to_owned(),
            config: (&t.config(None)).into(),
        })
        .collect()
}

pub async fn from_template(
    state: &AppState,
    user: &User,
    input: FromTemplateIn,
) -> Result<AgentOut, ApiError> {
    let template = templates::find(&input.template_id)
        .ok_or_else(|| ApiError::not_found("template_not_found", "Template not found"))?;
    let name = input
        .name
        .as_deref()
        .map(str::trim)
        .filter(|n| !n.is_empty());
    let config = template.config(name);
    let problems = config.problems();
    if let Some((field, message)) = problems.into_iter().next() {
        return Err(ApiError::invalid_field(field, message));
    }
    let agent = state
        .store
        .agents()
        .create(&user.id, AgentStatus::Draft, &config)
        .await?;
    Ok(AgentOut::new(agent, Some(Vec::new()), Access::Manage))
}

pub fn generate(input: GenerateIn) -> Result<GeneratedOut, ApiError> {
    let mut errors = FieldErrors::default();
    let prompt = input.prompt.trim().to_owned();
    if prompt.is_empty() {
        errors.add("prompt", "Required");
    } else if prompt.chars().count() > 4000 {
        errors.add("prompt", "String must contain at most 4000 character(s)");
    }
    let complexity = match input.complexity.as_deref().filter(|c| !c.is_empty()) {
        None => Complexity::default(),
        Some(c) => Complexity::parse(c).unwrap_or_else(|| {
            errors.add("complexity", format!("Invalid enum value. Expected 'basic' | 'intermediate' | 'advanced', received '{c}'"));
            Complexity::default()
        }),
    };
    errors.finish()?;
    // No language model can be configured yet: the offline generator answers.
    let draft = generate::generate(&GenerateRequest {
        prompt,
        complexity,
        industry: input.industry,
        use_case: input.use_case,
    });
    let voice = voice::resolve_voice(draft.voice_model_id.as_deref());
    let voice = match voice {
        voice::ResolvedVoice::Named(v) => v,
        voice::ResolvedVoice::Id(_) => voice::default_voice(),
    };
    Ok(GeneratedOut {
        agent: (&draft).into(),
        voice: voice.into(),
        generator: "builtin".to_owned(),
    })
}

fn check_ids(ids: &[String]) -> Result<(), ApiError> {
    if ids.is_empty() {
        return Err(ApiError::invalid_field(
            "ids",
            "Array must contain at least 1 element(s)",
        ));
    }
    if ids.len() > BULK_MAX {
        return Err(ApiError::invalid_field(
            "ids",
            format!("Array must contain at most {BULK_MAX} element(s)"),
        ));
    }
    Ok(())
}

fn bulk_not_found(err: StoreError) -> ApiError {
    match err {
        StoreError::NotFound => ApiError::not_found(
            "agent_not_found",
            "One or more agents were not found; nothing was changed",
        ),
        other => other.into(),
    }
}

/// The caller's access to each of the agents, if it is at least `need` on
/// every one: 404 (naming no agent) if one is unknown or not theirs to see,
/// 403 if their team role falls short on one.
async fn access_to_all(
    state: &AppState,
    user: &User,
    ids: &[String],
    need: Access,
) -> Result<std::collections::HashMap<String, Access>, ApiError> {
    let mut access = std::collections::HashMap::with_capacity(ids.len());
    for id in ids {
        if access.contains_key(id) {
            continue;
        }
        match load_for(state, user, id, need).await {
            Ok((agent, a)) => access.insert(agent.id, a),
            Err(e) if e.status() == axum::http::StatusCode::NOT_FOUND => {
                return Err(bulk_not_found(StoreError::NotFound));
            }
            Err(e) => return Err(e),
        };
    }
    Ok(access)
}

pub async fn bulk_delete(state: &AppState, user: &User, ids: Vec<String>) -> Result<u64, ApiError> {
    check_ids(&ids)?;
    access_to_all(state, user, &ids, Access::Manage).await?;
    state
        .store
        .agents()
        .delete_many(&ids)
        .await
        .map_err(bulk_not_found)
}

pub async fn bulk_update(
    state: &AppState,
    user: &User,
    input: BulkUpdateIn,
) -> Result<Vec<AgentOut>, ApiError> {
    check_ids(&input.ids)?;
    let mut errors = FieldErrors::default();
    let status = input
        .changes
        .status
        .as_deref()
        .and_then(|s| errors.check("changes.status", AgentStatus::parse(s)));
    let agent_type = input
        .changes
        .agent_type
        .as_deref()
        .and_then(|s| errors.check("changes.type", AgentType::parse(s)));
    errors.finish()?;
    if status.is_none() && agent_type.is_none() {
        return Err(ApiError::invalid_field(
            "changes",
            "Name at least one change: status or type",
        ));
    }
    let access = access_to_all(state, user, &input.ids, Access::Edit).await?;
    let updated = state
        .store
        .agents()
        .update_many(&input.ids, &BulkChanges { status, agent_type }, &user.id)
        .await
        .map_err(bulk_not_found)?;
    let updated = updated
        .into_iter()
        .map(|a| {
            let a_access = access.get(&a.id).copied().unwrap_or(Access::View);
            AgentOut::new(a, None, a_access)
        })
        .collect();
    with_team_names(state, updated).await
}

/// Shares the agent by public link and/or with a team (or stops).
pub async fn share(
    state: &AppState,
    user: &User,
    id: &str,
    input: ShareIn,
) -> Result<ShareOut, ApiError> {
    if input.public.is_none() && input.team_id.is_none() {
        return Err(ApiError::invalid_field(
            "public",
            "Name at least one of public or teamId",
        ));
    }
    let (agent, _) = load_for(state, user, id, Access::Manage).await?;
    let mut team_id = agent.team_id.clone();
    if let Some(target) = input.team_id {
        let target = target.filter(|t| !t.trim().is_empty());
        if let Some(team) = &target {
            crate::teams::check_may_add_agents(state, user, team).await?;
        }
        if target != agent.team_id {
            state
                .store
                .agents()
                .set_team(&agent.id, target.clone())
                .await?;
        }
        team_id = target;
    }
    let mut token = agent.share_token.clone();
    if let Some(public) = input.public {
        token = public.then(|| {
            agent
                .share_token
                .clone()
                .unwrap_or_else(|| crate::accounts::tokens::opaque_token().0)
        });
        if token != agent.share_token {
            state
                .store
                .agents()
                .set_share_token(&agent.id, token.clone())
                .await?;
        }
    }
    Ok(ShareOut {
        shared_publicly: token.is_some(),
        url: token.map(|t| {
            format!(
                "{}/user/chat/{}?share={t}",
                state.config.public_url, agent.id
            )
        }),
        team_id,
    })
}

pub async fn export(state: &AppState, user: &User, id: &str) -> Result<ExportDocument, ApiError> {
    let (agent, _) = load_for(state, user, id, Access::View).await?;
    let mut config = agent.config;
    let personality = match &config.personality_id {
        Some(pid) => match state.store.personalities().get(pid).await? {
            Some(p) if p.owner_id.is_some() => {
                config.personality_id = None;
                Some(ExportedPersonality {
                    name: p.name,
                    description: p.description,
                    tone: p.tone,
                    traits: p.traits,
                    instructions: p.instructions,
                })
            }
            _ => None,
        },
        None => None,
    };
    let agent_json = serde_json::to_value(&config).map_err(ApiError::internal)?;
    Ok(ExportDocument {
        format: EXPORT_FORMAT.to_owned(),
        format_version: 1,
        exported_at: Utc::now(),
        agent: agent_json,
        personality,
        tools: Vec::new(),
    })
}

pub async fn import(
    state: &AppState,
    user: &User,
    document: ExportDocument,
) -> Result<AgentOut, ApiError> {
    if document.format != EXPORT_FORMAT {
        return Err(ApiError::invalid_field(
            "format",
            format!("Expected '{EXPORT_FORMAT}'"),
        ));
    }
    if document.format_version != 1 {
        return Err(ApiError::invalid_field(
            "formatVersion",
            "Only version 1 can be imported",
        ));
    }
    let mut config: AgentConfig = serde_json::from_value(document.agent).map_err(|e| {
        ApiError::invalid_field("agent", format!("Not an agent configuration: {e}"))
    })?;
    if let Some((field, message)) = config.problems().into_iter().next() {
        return Err(ApiError::invalid_field(format!("agent.{field}"), message));
    }
    if let Some(pid) = &config.personality_id {
        check_personality(state, user, pid).await?;
    }
    if let Some(p) = document.personality {
        if p.name.trim().is_empty() {
            return Err(ApiError::invalid_field("personality.name", "Required"));
        }
        let created = state
            .store
            .personalities()
            .create(
                &user.id,
                NewPersonality {
                    name: p.name,
                    description: p.description,
                    tone: p.tone,
                    traits: p.traits,
                    instructions: p.instructions,
                },
            )
            .await?;
        config.personality_id = Some(created.id);
    }
    let agent = state
        .store
        .agents()
        .create(&user.id, AgentStatus::Draft, &config)
        .await?;
    Ok(AgentOut::new(agent, Some(Vec::new()), Access::Manage))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn periods_have_zero_filled_buckets_ending_now() {
        let now = Utc.with_ymd_and_hms(2026, 3, 15, 10, 30, 0).unwrap();
        let (from, day) = period_series("day", now).unwrap();
        assert_eq!(day.len(), 24);
        assert_eq!(from, Utc.with_ymd_and_hms(2026, 3, 14, 11, 0, 0).unwrap());
        assert_eq!(
            *day.last().unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 15, 10, 0, 0).unwrap()
        );
        assert_eq!(period_series("week", now).unwrap().1.len(), 7);
        assert_eq!(period_series("month", now).unwrap().1.len(), 30);
        let (from, year) = period_series("year", now).unwrap();
        assert_eq!(year.len(), 12);
        assert_eq!(from, Utc.with_ymd_and_hms(2025, 4, 1, 0, 0, 0).unwrap());
        assert_eq!(
            *year.last().unwrap(),
            Utc.with_ymd_and_hms(2026, 3, 1, 0, 0, 0).unwrap()
        );
        assert!(period_series("decade", now).is_none());
    }
}
