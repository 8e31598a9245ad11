//! Assembles the whole HTTP application: /api, /locales and the web app,
//! behind the shared middleware stack.

use std::time::Duration;

use axum::Router;
use axum::extract::{DefaultBodyLimit, OriginalUri};
use axum::http::{HeaderValue, Method, Request};
use axum::middleware::{from_fn, from_fn_with_state, map_request};
use tower::ServiceBuilder;
use tower_http::catch_panic::CatchPanicLayer;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, Any, CorsLayer};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::{DefaultOnResponse, TraceLayer};
use utoipa::OpenApi;
use utoipa::openapi::OpenApi as Document;
use utoipa_axum::router::OpenApiRouter;

use crate::config::CorsOrigins;
use crate::docs::{self, ApiDoc};
use crate::http::ApiError;
use crate::http::middleware::{self, REQUEST_ID};
use crate::state::AppState;
use crate::{
    accounts, admin, agents, analytics, api_keys, chat, conversations, knowledge, locales, mcp,
    mcp_server, openai, personalities, realtime, system, teams, web_app,
};

/// Every documented /api route, by feature, each group with its time
/// allowance: `request_timeout`, or at least [`middleware::LONG_REQUEST`]
/// for chat turns and uploads.
fn api_routes(request_timeout: Duration) -> OpenApiRouter<AppState> {
    let quick = OpenApiRouter::new()
        .merge(system::router())
        .merge(accounts::router())
        .merge(agents::router())
        .merge(chat::router())
        .merge(conversations::router())
        .merge(knowledge::router())
        .merge(analytics::router())
        .merge(personalities::router())
        .merge(teams::router())
        .merge(admin::router())
        .merge(crate::configuration::router())
        .merge(crate::contact::router())
        .merge(api_keys::router())
        .merge(mcp::router())
        .merge(crate::integrations::router())
        .merge(crate::webhooks::router())
        .merge(crate::widget::router())
        .merge(crate::speech::router())
        .merge(crate::voice::router())
        .merge(crate::phone::router())
        .merge(crate::workflows::router());
    let long = OpenApiRouter::new()
        .merge(chat::turns())
        .merge(knowledge::uploads())
        .merge(crate::voice::turns())
        .merge(crate::phone::calls::turns())
        .merge(mcp::calls());
    let limit = |d: Duration| from_fn_with_state(d, middleware::timeout);
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(quick.route_layer(limit(request_timeout)))
        .merge(long.route_layer(limit(request_timeout.max(middleware::LONG_REQUEST))))
}

/// The OpenAPI document, as served at /api/openapi.json and committed as openapi.json.
pub fn openapi_document() -> Document {
    let mut document = api_routes(middleware::LONG_REQUEST).split_for_parts().1;
    document_common_failures(&mut document);
    document
}

/// Adds to every operation the failures the shared layers answer with,
/// whatever the handler: without a session 401 (and 403 for a disabled
/// account); with a body 400 (unreadable), 413 (too large), 415 (not JSON)
/// and 422 (invalid); with query parameters 422; with path parameters 404.
/// What a handler documents itself is kept.
fn document_common_failures(document: &mut Document) {
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::{ContentBuilder, Ref, RefOr, ResponseBuilder};

    let failure = |description: &str| {
        RefOr::T(
            ResponseBuilder::new()
                .description(description)
                .content(
                    "application/json",
                    ContentBuilder::new()
                        .schema(Some(Ref::from_schema_name("ErrorBody")))
                        .build(),
                )
                .build(),
        )
    };
    for (path, item) in document.paths.paths.iter_mut() {
        let operations = [
            item.get.as_mut(),
            item.put.as_mut(),
            item.post.as_mut(),
            item.delete.as_mut(),
            item.patch.as_mut(),
        ];
        for operation in operations.into_iter().flatten() {
            let mut add: Vec<(&str, &str)> = Vec::new();
            if operation.security.as_ref().is_some_and(|s| !s.is_empty()) {
                add.push(("401", "No session, or it expired"));
                add.push((
                    "403",
                    "Not allowed (a disabled account, or a role that falls short)",
                ));
            }
            if operation.request_body.is_some() {
                add.push(("400", "The body cannot be read"));
                add.push(("413", "The body is too large"));
                add.push(("415", "The body is not of the expected type"));
                add.push(("422", "A field is invalid"));
            }
            let parameters = operation.parameters.iter().flatten();
            let mut query = false;
            for parameter in parameters {
                if let RefOr::T(p) = parameter
                    && p.parameter_in == ParameterIn::Query
                {
                    query = true;
                }
            }
            if query {
                add.push(("422", "A query parameter is invalid"));
            }
            if path.contains('{') {
                add.push(("404", "Not found, or not yours to see"));
            }
            for (status, description) in add {
                operation
                    .responses
                    .responses
                    .entry(status.to_owned())
                    .or_insert_with(|| failure(description));
            }
        }
    }
}

pub fn router(state: AppState) -> Router {
    let config = state.config.clone();
    let (api, mut document) = api_routes(config.request_timeout).split_for_parts();
    document_common_failures(&mut document);
    let api = api
        .merge(docs::router(document))
        .merge(
            crate::webhooks::inbound::router().route_layer(from_fn_with_state(
                config.request_timeout.max(middleware::LONG_REQUEST),
                middleware::timeout,
            )),
        )
        .merge(
            crate::phone::calls::hooks::router().route_layer(from_fn_with_state(
                config.request_timeout.max(middleware::LONG_REQUEST),
                middleware::timeout,
            )),
        )
        .fallback(api_not_found)
        .route_layer(from_fn(middleware::remember_route))
        .layer(from_fn(middleware::json_errors))
        .layer(from_fn_with_state(state.clone(), crate::audit::context))
        .layer(DefaultBodyLimit::max(config.max_body_bytes));
    let locales = locales::router().route_layer(from_fn(middleware::remember_route));

    Router::new()
        .nest("/api", api)
        .route("/ws", axum::routing::get(realtime::socket))
        .merge(
            openai::router(config.max_body_bytes)
                .route_layer(from_fn_with_state(config.request_timeout.max(middleware::LONG_REQUEST), middleware::timeout)),
        )
        .merge(
            mcp_server::router(&state)
                .route_layer(from_fn_with_state(config.request_timeout.max(middleware::LONG_REQUEST), middleware::timeout)),
        )
        .merge(locales)
        .fallback(web_app::serve)
        .layer(from_fn_with_state(
            state.clone(),
            middleware::security_headers,
        ))
        .layer(
        ServiceBuilder::new()
            .layer(map_request(middleware::drop_unsafe_request_id))
            .layer(SetRequestIdLayer::new(REQUEST_ID, MakeRequestUuid))
            .layer(
                TraceLayer::new_for_http()
                    .make_span_with(|request: &Request<_>| {
                        let id = request.headers().get(&REQUEST_ID).and_then(|v| v.to_str().ok()).unwrap_or_default();
                        tracing::info_span!("request", method = %request.method(), path = %middleware::loggable_path(request.uri().path()), request_id = %id)
                    })
                    .on_request(())
                    .on_response(DefaultOnResponse::new().level(tracing::Level::INFO).latency_unit(tower_http::LatencyUnit::Micros)),
            )
            .layer(PropagateRequestIdLayer::new(REQUEST_ID))
            .layer(CatchPanicLayer::custom(middleware::panic_response))
            .layer(from_fn_with_state(state.metrics.clone(), middleware::record_metrics))
            .option_layer(cors(&config.cors_allowed_origins))
            .layer(CompressionLayer::new()),
    )
    .with_state(state)
}

fn cors(origins: &CorsOrigins) -> Option<CorsLayer> {
    let allow = match origins {
        CorsOrigins::None => return None,
        CorsOrigins::Any => AllowOrigin::any(),
        CorsOrigins::List(list) => {
            AllowOrigin::list(list.iter().filter_map(|o| HeaderValue::from_str(o).ok()))
        }
    };
    Some(
        CorsLayer::new()
            .allow_origin(allow)
            .allow_methods([
                Method::GET,
                Method::POST,
                Method::PUT,
                Method::PATCH,
                Method::DELETE,
            ])
            .allow_headers(Any)
            .expose_headers([REQUEST_ID])
            .max_age(Duration::from_secs(600)),
    )
}

async fn api_not_found(method: Method, OriginalUri(uri): OriginalUri) -> ApiError {
    ApiError::not_found(
        "route_not_found",
        format!("There is no route {method} {}", uri.path()),
    )
}
