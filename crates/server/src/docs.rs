//! The OpenAPI document, generated from the handlers, and its reading page.

use axum::Router;
use axum::extract::Path;
use axum::http::{HeaderMap, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use utoipa::openapi::OpenApi as Document;
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::{Modify, OpenApi};

use crate::assets::{self, Caching};
use crate::http::ApiError;

#[derive(OpenApi)]
#[openapi(
    info(
        title = "AgentForge API",
        description = "Build, run and watch AI agents. Every success is `{\"success\": true, \"data\": …}` \
(lists add `meta`: page, limit, total); every failure is `{\"success\": false, \"error\": code, \"message\": text, \"errors\": [{field, message}]}`.",
        license(name = "AGPL-3.0-only", identifier = "AGPL-3.0-only"),
    ),
    servers((url = "/api", description = "This server")),
    tags(
        (name = "system", description = "Health, status and metrics of this instance"),
        (name = "auth", description = "Sign-up, sign-in, sessions, email verification and password reset"),
        (name = "settings", description = "The signed-in user's own profile and account"),
        (name = "agents", description = "Build, version, deploy, share and export agents"),
        (name = "personalities", description = "Personalities agents can take on"),
        (name = "teams", description = "Teams, members and roles, team agents and invitations"),
        (name = "voice", description = "Speech (ElevenLabs), voice conversations and their audio"),
        (name = "workflows", description = "Workflows, their runs, the AI workflow generator and the orchestration overview"),
        (name = "mcp", description = "MCP servers that lend agents their tools"),
        (name = "api-keys", description = "Your API keys: `Authorization: Bearer af_…` acts as you on /api, /v1 and /mcp"),
        (name = "admin", description = "Administration; admins only"),
    ),
    components(schemas(
        crate::realtime::Event,
        crate::voice::service::VoiceEvent,
        agentforge_domain::workflow::graph::NodeKind,
        agentforge_domain::workflow::graph::AgentNodeData,
        agentforge_domain::workflow::graph::LlmNodeData,
        agentforge_domain::workflow::graph::HttpNodeData,
        agentforge_domain::workflow::graph::ConditionNodeData,
        agentforge_domain::workflow::graph::TransformNodeData,
        agentforge_domain::workflow::graph::DelayNodeData,
        agentforge_domain::workflow::graph::McpNodeData,
        agentforge_domain::workflow::graph::SmsNodeData,
        agentforge_domain::workflow::graph::EmailNodeData,
        agentforge_domain::workflow::graph::EndNodeData,
        agentforge_domain::flow::FlowGraph,
        agentforge_domain::flow::FlowNode,
        agentforge_domain::flow::FlowEdge,
        agentforge_domain::flow::FlowNodeKind,
        agentforge_domain::flow::graph::NodeSettings,
        agentforge_domain::flow::graph::MessageVoice,
        agentforge_domain::flow::graph::ChoiceOption,
        agentforge_domain::flow::AnswerType,
    )),
    modifiers(&BearerAuth),
)]
pub struct ApiDoc;

/// Declares the `bearer` scheme that authenticated operations name.
struct BearerAuth;

impl Modify for BearerAuth {
    fn modify(&self, openapi: &mut Document) {
        let components = openapi.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some(
                        "The `token` of a session (15 minutes); renew it with /auth/refresh-token.",
                    ))
                    .build(),
            ),
        );
    }
}

/// Schemas the derive cannot say, for `#[schema(schema_with = …)]`: free-form
/// objects (which a generated client must read as objects with any members,
/// not as empty ones) and the envelope's constant `success`. A field using
/// one loses its doc comment, so described fields have their own function.
pub mod schema {
    use utoipa::openapi::schema::{
        AdditionalProperties, AnyOfBuilder, Array, ArrayBuilder, KnownFormat, Object,
        ObjectBuilder, Schema, SchemaFormat, SchemaType, Type,
    };

    fn object(nullable: bool, description: Option<&str>) -> Object {
        let schema_type = if nullable {
            SchemaType::from_iter([Type::Object, Type::Null])
        } else {
            SchemaType::Type(Type::Object)
        };
        ObjectBuilder::new()
            .schema_type(schema_type)
            .additional_properties(Some(AdditionalProperties::FreeForm(true)))
            .description(description)
            .build()
    }

    const FLOW: &str = "The conversation flow graph (a `FlowGraph`: nodes and edges), checked when saved; `null` or no nodes: no flow.";
    const DEPLOYMENT: &str = "Settings of this deployment (free-form).";

    fn any(description: &str) -> Object {
        ObjectBuilder::new()
            .schema_type(SchemaType::AnyValue)
            .description(Some(description))
            .build()
    }

    /// A workflow run's input.
    pub fn run_input() -> Object {
        any("The run's input (`input` in templates): any JSON, at most 64 KiB.")
    }

    /// A workflow run's output.
    pub fn run_output() -> Object {
        any(
            "What the run gave: its end node's output, else its last node's; null until it succeeds.",
        )
    }

    /// A step's input.
    pub fn step_input() -> Object {
        any("What the node was given: its settings with the templates filled in.")
    }

    /// A step's output.
    pub fn step_output() -> Object {
        any("What the node gave (`nodes.<id>.output` in later templates).")
    }

    /// A JSON object with any members.
    pub fn json_object() -> Object {
        object(false, None)
    }

    /// An agent's flow graph, or `null`.
    pub fn flow() -> Object {
        object(true, Some(FLOW))
    }

    /// A deployment's settings.
    pub fn deployment_configuration() -> Object {
        object(false, Some(DEPLOYMENT))
    }

    /// A deployment's settings, optional.
    pub fn deployment_configuration_or_null() -> Object {
        object(true, Some(DEPLOYMENT))
    }

    /// A personality's traits: at most 20, each 1 to 50 characters and not
    /// only spaces.
    pub fn traits() -> Array {
        let item = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(50))
            .pattern(Some(r"\S"));
        ArrayBuilder::new()
            .items(item)
            .max_items(Some(20))
            .description(Some(
                "At most 20, each 1 to 50 characters and not only spaces.",
            ))
            .build()
    }

    /// A list's `from`/`to` filter: an RFC 3339 instant, a YYYY-MM-DD date
    /// (the start of that day for `from`, its end for `to`), or empty (no
    /// filter).
    pub fn instant_filter() -> Schema {
        let string = |format: Option<KnownFormat>, pattern: Option<&str>| {
            ObjectBuilder::new()
                .schema_type(Type::String)
                .format(format.map(SchemaFormat::KnownFormat))
                .pattern(pattern)
        };
        AnyOfBuilder::new()
            .item(string(Some(KnownFormat::DateTime), None))
            .item(string(Some(KnownFormat::Date), None))
            .item(string(None, Some(r"^\s*$")))
            .description(Some(
                "An RFC 3339 instant, or a YYYY-MM-DD date (for `from` the start of that day, \
                 for `to` its end); empty is no filter.",
            ))
            .build()
            .into()
    }

    /// An exported agent's tool assignments.
    pub fn tool_assignments() -> Array {
        ArrayBuilder::new()
            .items(json_object())
            .description(Some("MCP tool assignments (none until tools arrive)."))
            .build()
    }

    fn always(value: bool) -> Object {
        ObjectBuilder::new()
            .schema_type(Type::Boolean)
            .enum_values(Some([value]))
            .build()
    }

    /// `true` or `null` (a switch that only turns on: an address marked
    /// verified).
    pub fn true_or_null() -> Object {
        ObjectBuilder::new()
            .schema_type(utoipa::openapi::schema::SchemaType::from_iter([
                Type::Boolean,
                Type::Null,
            ]))
            .enum_values(Some([Some(true), None]))
            .build()
    }

    /// `true`, always (`success` of every success).
    pub fn always_true() -> Object {
        always(true)
    }

    /// `false`, always (`success` of every failure).
    pub fn always_false() -> Object {
        always(false)
    }
}

/// The document as committed in `openapi.json`: pretty-printed, newline-terminated.
pub fn to_json(document: &Document) -> String {
    let mut json = document
        .to_pretty_json()
        .unwrap_or_else(|e| format!("{{\"error\": \"{e}\"}}"));
    json.push('\n');
    json
}

/// `/openapi.json`, `/docs` and the docs page's assets, under /api.
pub fn router<S: Clone + Send + Sync + 'static>(document: Document) -> Router<S> {
    let json = to_json(&document);
    Router::new()
        .route(
            "/openapi.json",
            get(move || async move { ([(header::CONTENT_TYPE, "application/json")], json) }),
        )
        .route("/docs", get(page))
        .route("/docs/init.js", get(init_script))
        .route("/docs/assets/{file}", get(asset))
}

async fn page() -> Html<&'static str> {
    Html(
        "<!doctype html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n\
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>AgentForge API</title>\n</head>\n\
<body>\n<div id=\"app\"></div>\n<script src=\"/api/docs/assets/scalar.js\"></script>\n\
<script src=\"/api/docs/init.js\"></script>\n</body>\n</html>\n",
    )
}

/// Kept out of the page so the Content-Security-Policy needs no inline scripts.
async fn init_script() -> impl IntoResponse {
    (
        [(header::CONTENT_TYPE, "text/javascript; charset=utf-8")],
        "Scalar.createApiReference('#app', {\n  url: '/api/openapi.json',\n  withDefaultFonts: false,\n  telemetry: false,\n  \
         showDeveloperTools: 'never',\n  showToolbar: 'never',\n  agent: { disabled: true },\n  hideClientButton: true,\n  \
         theme: 'purple',\n});\n",
    )
}

/// The reference UI's script, copied out of node_modules by the web build.
async fn asset(Path(file): Path<String>, headers: HeaderMap) -> Result<Response, ApiError> {
    let path = format!("api-docs/{file}");
    assets::serve_web(&path, Caching::Short, &headers).ok_or_else(|| {
        ApiError::not_found(
            "not_found",
            "No such documentation asset; is the web app built?",
        )
    })
}
