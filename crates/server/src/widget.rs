//! The embeddable widget: its settings per agent (`/agents/{id}/widget`,
//! for those who edit the agent) and its public API
//! (`/widget/{agentId}/config`, `/chat`, `/history`), which answers only
//! for an agent whose widget is on, to pages of its allowed origins
//! (exact `Origin` match, CORS for that origin alone), on the `widget`
//! channel with the agent's production deployment, each visitor in their
//! own conversation.

use agentforge_domain::Error;
use agentforge_domain::audit::{AuditAction, AuditResource};
use agentforge_domain::conversation::{Channel, ConversationStatus};
use agentforge_domain::error::{Denied, Thing};
use agentforge_domain::policy::{Action, Actor, Party, Resource, allowed};
use agentforge_domain::widget::{WidgetIcon, WidgetPosition, WidgetSettings, valid_visitor_id};
use agentforge_runtime::TurnRequest;
use agentforge_store::Agent;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::{router::OpenApiRouter, routes};

use crate::access;
use crate::audit;
use crate::auth::CurrentUser;
use crate::conversations::types::MessageOut;
use crate::http::{ApiError, ClientIp, Envelope, ErrorBody, Json, Query};
use crate::state::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_widget, put_widget))
        .routes(routes!(widget_config))
        .route(
            "/widget/{agentId}/config",
            axum::routing::options(preflight),
        )
        .routes(routes!(widget_chat))
        .route("/widget/{agentId}/chat", axum::routing::options(preflight))
        .routes(routes!(widget_history))
        .route(
            "/widget/{agentId}/history",
            axum::routing::options(preflight),
        )
}

/// An agent's widget settings, as sent and shown.
#[derive(Debug, Clone, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WidgetSettingsIo {
    pub enabled: bool,
    /// Sites it answers on: `https://shop.example.com` (scheme, host, and a
    /// port if not the usual), compared exactly; none: it answers nowhere.
    pub allowed_origins: Vec<String>,
    /// `#rrggbb`.
    pub color: String,
    pub position: WidgetPosition,
    pub icon: WidgetIcon,
    /// The panel's title; empty: the agent's name.
    pub title: String,
    #[serde(default)]
    pub avatar_url: Option<String>,
    /// The first message; empty: the agent's greeting.
    pub greeting: String,
    pub suggested_questions: Vec<String>,
    pub visitor_messages_per_minute: u32,
    pub ip_messages_per_minute: u32,
}

impl From<WidgetSettings> for WidgetSettingsIo {
    fn from(s: WidgetSettings) -> Self {
        Self {
            enabled: s.enabled,
            allowed_origins: s.allowed_origins,
            color: s.color,
            position: s.position,
            icon: s.icon,
            title: s.title,
            avatar_url: s.avatar_url,
            greeting: s.greeting,
            suggested_questions: s.suggested_questions,
            visitor_messages_per_minute: s.visitor_messages_per_minute,
            ip_messages_per_minute: s.ip_messages_per_minute,
        }
    }
}

impl From<WidgetSettingsIo> for WidgetSettings {
    fn from(s: WidgetSettingsIo) -> Self {
        Self {
            enabled: s.enabled,
            allowed_origins: s.allowed_origins,
            color: s.color,
            position: s.position,
            icon: s.icon,
            title: s.title,
            avatar_url: s.avatar_url,
            greeting: s.greeting,
            suggested_questions: s.suggested_questions,
            visitor_messages_per_minute: s.visitor_messages_per_minute,
            ip_messages_per_minute: s.ip_messages_per_minute,
        }
    }
}

/// An agent's widget, for those who edit it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WidgetOut {
    pub agent_id: String,
    pub settings: WidgetSettingsIo,
    /// The tag to paste into a site's pages.
    pub snippet: String,
    pub script_url: String,
    /// Whether the agent can answer on the widget now: active, with a
    /// version deployed to production.
    pub ready: bool,
    /// Why not, when it cannot.
    pub not_ready_reason: Option<String>,
    pub updated_at: Option<DateTime<Utc>>,
}

/// The widget as a site's visitors see it.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WidgetPublicOut {
    pub agent_id: String,
    pub title: String,
    pub greeting: String,
    pub suggested_questions: Vec<String>,
    pub color: String,
    pub position: WidgetPosition,
    pub icon: WidgetIcon,
    pub avatar_url: Option<String>,
    /// The agent's language (`en`, `ar` …): the widget follows the page's
    /// when it has one.
    pub language: String,
}

/// A visitor's message.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct WidgetChatIn {
    /// The id the widget keeps for this browser: v_ followed by 16 to 64
    /// URL-safe characters (letters, digits, hyphens, underscores).
    pub visitor_id: String,
    pub message: String,
    /// Go on with this conversation (the visitor's own); left out: the
    /// visitor's active one with the agent, or a new one.
    #[serde(default)]
    pub conversation_id: Option<String>,
    /// Answer as server-sent events (as `Accept: text/event-stream`).
    #[serde(default)]
    pub stream: bool,
}

/// Whose history.
#[derive(Debug, Deserialize, Serialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct WidgetHistoryQuery {
    pub visitor_id: String,
}

/// A visitor's conversation with the agent so far.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WidgetHistoryOut {
    /// The visitor's active conversation, if any.
    pub conversation_id: Option<String>,
    /// Its messages, oldest first (the last 100).
    pub messages: Vec<MessageOut>,
    /// A person of the team holds the conversation and answers in it (the
    /// widget asks for the history again now and then to show them).
    pub handed_off: bool,
}

/// The widget's script URL and the tag that loads it.
fn snippet(state: &AppState, agent_id: &str) -> (String, String) {
    let base = state.configuration.get().general.public_url.clone();
    let script = format!("{}/widget.js", base.trim_end_matches('/'));
    let tag = format!("<script src=\"{script}\" data-agent-id=\"{agent_id}\" async></script>");
    (script, tag)
}

async fn readiness(state: &AppState, agent: &Agent) -> Result<Option<String>, Error> {
    use agentforge_domain::agent::{AgentStatus, Environment};
    if agent.status != AgentStatus::Active {
        return Ok(Some("The agent is not active: activate it first".into()));
    }
    if state
        .store
        .agents()
        .deployed(&agent.id, Environment::Production)
        .await?
        .is_none()
    {
        return Ok(Some(
            "The agent has no version deployed to production: deploy it first".into(),
        ));
    }
    Ok(None)
}

async fn widget_out(state: &AppState, agent: &Agent) -> Result<WidgetOut, Error> {
    let saved = state.store.widgets().get(&agent.id).await?;
    let (script_url, snippet) = snippet(state, &agent.id);
    let not_ready_reason = readiness(state, agent).await?;
    Ok(WidgetOut {
        agent_id: agent.id.clone(),
        updated_at: saved.as_ref().map(|w| w.updated_at),
        settings: saved.map(|w| w.settings).unwrap_or_default().into(),
        snippet,
        script_url,
        ready: not_ready_reason.is_none(),
        not_ready_reason,
    })
}

/// An agent's widget
///
/// Its settings (off, with no allowed origin, until saved), the tag to
/// paste, and whether the agent can answer on it now.
#[utoipa::path(get, path = "/agents/{id}/widget", tag = "widget", params(("id" = String, Path)), security(("bearer" = [])),
    responses((status = 200, description = "The widget", body = Envelope<WidgetOut>)))]
async fn get_widget(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
) -> Result<Envelope<WidgetOut>, ApiError> {
    let (agent, _) = access::agent(&state.store, &actor, &id, Action::View).await?;
    Ok(Envelope::new(widget_out(&state, &agent).await?))
}

/// Change an agent's widget
///
/// The whole settings document: on or off, allowed origins (normalised;
/// each bad one named), look, greeting, suggested questions, limits.
/// Audited as `widget.update`.
#[utoipa::path(put, path = "/agents/{id}/widget", tag = "widget", params(("id" = String, Path)), request_body = WidgetSettingsIo, security(("bearer" = [])),
    responses(
        (status = 200, description = "The widget now", body = Envelope<WidgetOut>),
        (status = 403, description = "Not an editor of the agent", body = ErrorBody),
    ))]
async fn put_widget(
    State(state): State<AppState>,
    CurrentUser(_user, actor): CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<WidgetSettingsIo>,
) -> Result<Envelope<WidgetOut>, ApiError> {
    let (agent, _) = access::agent(&state.store, &actor, &id, Action::Edit).await?;
    let mut settings = WidgetSettings::from(body);
    settings.check()?;
    let before = state
        .store
        .widgets()
        .get(&agent.id)
        .await?
        .map(|w| w.settings)
        .unwrap_or_default();
    let tx = state.store.begin().await?;
    tx.widgets()
        .put(&agent.id, &settings, actor.user_id())
        .await?;
    let entry = audit::Change::new(
        AuditAction::WidgetUpdate,
        AuditResource::Agent,
        agent.id.clone(),
    )
    .owner(agent.owner_id.clone())
    .team(agent.team_id.clone())
    .diff(&before, &settings);
    audit::record(&tx, &actor, entry).await?;
    tx.commit().await?;
    Ok(Envelope::new(widget_out(&state, &agent).await?))
}

/// The page's origin, as its browser sent it.
fn origin(headers: &HeaderMap) -> Option<&str> {
    headers
        .get(header::ORIGIN)
        .and_then(|v| v.to_str().ok())
        .filter(|o| !o.is_empty())
}

/// The agent and its widget settings, if the page's origin may use them;
/// the origin when it may (for the CORS headers).
async fn for_visitor(
    state: &AppState,
    agent_id: &str,
    headers: &HeaderMap,
    action: Action,
) -> (Result<(Agent, WidgetSettings), Error>, Option<String>) {
    let origin = origin(headers).map(str::to_owned);
    let found = async {
        let agent = state
            .store
            .agents()
            .get(agent_id)
            .await?
            .ok_or(Error::not_found(Thing::Agent))?;
        let settings = state
            .store
            .widgets()
            .get(&agent.id)
            .await?
            .map(|w| w.settings)
            .unwrap_or_default();
        Ok::<_, Error>((agent, settings))
    }
    .await;
    match found {
        Err(e) => (Err(e), None),
        Ok((agent, settings)) => {
            let origin_allowed = origin.as_deref().is_some_and(|o| settings.allows(o));
            let resource = Resource::Widget {
                enabled: settings.enabled,
                origin_allowed,
            };
            match allowed(&Actor::Anonymous, action, resource) {
                Ok(()) => (Ok((agent, settings)), origin),
                Err(e) => (Err(e), None),
            }
        }
    }
}

/// `response` readable by the page at `origin` (when it may read it).
fn with_cors(mut response: Response, origin: Option<String>) -> Response {
    let headers = response.headers_mut();
    headers.insert(header::VARY, HeaderValue::from_static("Origin"));
    if let Some(value) = origin.and_then(|o| HeaderValue::from_str(&o).ok()) {
        headers.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
    }
    response
}

fn answer<T: Serialize>(result: Result<T, Error>, origin: Option<String>) -> Response {
    let response = match result {
        Ok(value) => Envelope::new(value).into_response(),
        Err(e) => ApiError::from(e).into_response(),
    };
    with_cors(response, origin)
}

/// `OPTIONS`: a browser asking whether the page may call; yes only for an
/// allowed origin of an agent whose widget is on.
async fn preflight(
    State(state): State<AppState>,
    Path(agent_id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (found, origin) = for_visitor(&state, &agent_id, &headers, Action::View).await;
    match (found, origin) {
        (Ok(_), Some(origin)) => {
            let mut response = StatusCode::NO_CONTENT.into_response();
            let h = response.headers_mut();
            if let Ok(value) = HeaderValue::from_str(&origin) {
                h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, value);
            }
            h.insert(
                header::ACCESS_CONTROL_ALLOW_METHODS,
                HeaderValue::from_static("GET, POST, OPTIONS"),
            );
            h.insert(
                header::ACCESS_CONTROL_ALLOW_HEADERS,
                HeaderValue::from_static("content-type, accept"),
            );
            h.insert(
                header::ACCESS_CONTROL_MAX_AGE,
                HeaderValue::from_static("600"),
            );
            h.insert(header::VARY, HeaderValue::from_static("Origin"));
            response
        }
        (Err(e), _) => with_cors(ApiError::from(e).into_response(), None),
        (Ok(_), None) => with_cors(
            ApiError::from(Error::Denied(Denied::OriginNotAllowed)).into_response(),
            None,
        ),
    }
}

/// The widget's face
///
/// Title, greeting, suggested questions and look, for a page of one of the
/// widget's allowed origins (`Origin` header); 403 `origin_not_allowed`
/// for others, 404 when the widget is off.
#[utoipa::path(get, path = "/widget/{agentId}/config", tag = "widget", params(("agentId" = String, Path)),
    responses(
        (status = 200, description = "The widget as visitors see it", body = Envelope<WidgetPublicOut>),
        (status = 403, description = "The page's origin is not allowed", body = ErrorBody),
        (status = 404, description = "No such agent, or its widget is off", body = ErrorBody),
    ))]
async fn widget_config(
    State(state): State<AppState>,
    Path(agent_id): Path<String>,
    headers: HeaderMap,
) -> Response {
    let (found, origin) = for_visitor(&state, &agent_id, &headers, Action::View).await;
    let result = found.map(|(agent, settings)| WidgetPublicOut {
        agent_id: agent.id.clone(),
        title: if settings.title.is_empty() {
            agent.config.name.clone()
        } else {
            settings.title.clone()
        },
        greeting: if settings.greeting.is_empty() {
            agent.config.greeting.clone()
        } else {
            settings.greeting.clone()
        },
        suggested_questions: settings.suggested_questions.clone(),
        color: settings.color.clone(),
        position: settings.position,
        icon: settings.icon,
        avatar_url: settings.avatar_url.clone(),
        language: agent.config.language.clone(),
    });
    answer(result, origin)
}

fn visitor(id: &str) -> Result<Actor, Error> {
    if valid_visitor_id(id) {
        Ok(Actor::Visitor {
            visitor_id: id.to_owned(),
        })
    } else {
        Err(Error::invalid(
            "visitorId",
            "A visitor id is v_ and 16 to 64 letters, digits, - or _",
        ))
    }
}

/// A visitor's message
///
/// Answered by the agent's production deployment on the `widget` channel,
/// in the visitor's conversation (their active one, or a new one); as one
/// JSON answer or, with `Accept: text/event-stream` or `stream: true`, as
/// the chat's server-sent events. At most the widget's messages a minute
/// per visitor and per client address (429).
#[utoipa::path(post, path = "/widget/{agentId}/chat", tag = "widget", params(("agentId" = String, Path)), request_body = WidgetChatIn,
    responses(
        (status = 200, description = "The stored question and answer, or server-sent events", content(
            (Envelope<crate::chat::types::ChatOut> = "application/json"),
            (crate::chat::types::ChatStreamFrame = "text/event-stream"),
        )),
        (status = 403, description = "The page's origin is not allowed", body = ErrorBody),
        (status = 404, description = "No such agent, its widget is off, or not the visitor's conversation", body = ErrorBody),
        (status = 409, description = "The agent is not active or not deployed to production, or the conversation ended", body = ErrorBody),
        (status = 429, description = "Too many messages from this visitor or address", body = ErrorBody),
    ))]
async fn widget_chat(
    State(state): State<AppState>,
    Path(agent_id): Path<String>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Json(body): Json<WidgetChatIn>,
) -> Response {
    let (found, origin) = for_visitor(&state, &agent_id, &headers, Action::Use).await;
    let stream = body.stream || crate::chat::wants_stream(&headers);
    let result = async {
        let (agent, settings) = found?;
        let actor = visitor(&body.visitor_id)?;
        state.rate_limiter.check(
            &format!("widget:{}:{}", agent.id, body.visitor_id),
            settings.visitor_messages_per_minute,
        )?;
        state.rate_limiter.check(
            &format!("widget-ip:{}:{ip}", agent.id),
            settings.ip_messages_per_minute,
        )?;
        let store = &state.store;
        let conversation = match body.conversation_id.as_deref().filter(|c| !c.is_empty()) {
            Some(id) => {
                let (conversation, _) =
                    access::conversation(store, &actor, id, Action::Use).await?;
                if conversation.agent_id != agent.id {
                    return Err(Error::not_found(Thing::Conversation));
                }
                Some(conversation)
            }
            None => match actor.party() {
                Some(party) => {
                    store
                        .conversations()
                        .active_held_by(&agent.id, &party)
                        .await?
                }
                None => None,
            },
        };
        let turn = state
            .runtime
            .start_turn(TurnRequest {
                agent,
                caller: actor,
                channel: Channel::Widget,
                conversation,
                message: body.message,
                use_knowledge_base: true,
                include_context: true,
                test: false,
                stream,
                stop_when_abandoned: stream,
                holder: None,
                prior: Vec::new(),
            })
            .await?;
        Ok(turn)
    }
    .await;
    let response = match result {
        Ok(turn) => crate::chat::respond(turn, stream)
            .await
            .unwrap_or_else(IntoResponse::into_response),
        Err(e) => ApiError::from(e).into_response(),
    };
    with_cors(response, origin)
}

/// A visitor's conversation so far
///
/// The visitor's active conversation with the agent and its last 100
/// messages (none: a new visitor), so that a reload shows it again. Only
/// the visitor's own.
#[utoipa::path(get, path = "/widget/{agentId}/history", tag = "widget", params(("agentId" = String, Path), WidgetHistoryQuery),
    responses(
        (status = 200, description = "The conversation so far", body = Envelope<WidgetHistoryOut>),
        (status = 403, description = "The page's origin is not allowed", body = ErrorBody),
        (status = 404, description = "No such agent, or its widget is off", body = ErrorBody),
    ))]
async fn widget_history(
    State(state): State<AppState>,
    Path(agent_id): Path<String>,
    headers: HeaderMap,
    Query(query): Query<WidgetHistoryQuery>,
) -> Response {
    let (found, origin) = for_visitor(&state, &agent_id, &headers, Action::View).await;
    let result = async {
        let (agent, _) = found?;
        let actor = visitor(&query.visitor_id)?;
        let party = actor.party().ok_or(Error::not_found(Thing::Conversation))?;
        let Some(conversation) = state
            .store
            .conversations()
            .active_held_by(&agent.id, &party)
            .await?
            .filter(|c| {
                c.status != ConversationStatus::Ended
                    && c.party == Some(Party::Visitor(query.visitor_id.clone()))
            })
        else {
            return Ok(WidgetHistoryOut {
                conversation_id: None,
                messages: Vec::new(),
                handed_off: false,
            });
        };
        let messages = state
            .store
            .conversations()
            .recent_messages(&conversation.id, 100)
            .await?;
        Ok(WidgetHistoryOut {
            handed_off: conversation.status == ConversationStatus::HandedOff,
            conversation_id: Some(conversation.id),
            messages: messages.into_iter().map(MessageOut::from).collect(),
        })
    }
    .await;
    answer(result, origin)
}
