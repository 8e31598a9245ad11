use std::borrow::Cow;

use agentforge_store::StoreError;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// One problem with one input field.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, ToSchema, serde::Deserialize)]
pub struct FieldError {
    pub field: String,
    pub message: String,
}

/// Every failure: `{"success": false, "error": code, "message": text, "errors": [...]}`.
#[derive(Debug, Serialize, ToSchema, serde::Deserialize)]
pub struct ErrorBody {
    #[schema(schema_with = crate::docs::schema::always_false)]
    pub success: bool,
    /// Stable, machine-readable code such as `validation_failed`.
    #[schema(example = "validation_failed")]
    pub error: Cow<'static, str>,
    /// A sentence for people.
    pub message: String,
    /// Field-level problems; empty when the failure is not about a field.
    pub errors: Vec<FieldError>,
}

/// The one error type of the HTTP layer. Handlers return it with `?`; it
/// renders the error body and status, and logs the cause of a 500 without
/// ever sending it.
#[derive(Debug)]
pub struct ApiError {
    status: StatusCode,
    code: Cow<'static, str>,
    message: Cow<'static, str>,
    errors: Vec<FieldError>,
    retry_after: Option<u64>,
    cause: Option<Box<dyn std::error::Error + Send + Sync>>,
}

impl ApiError {
    pub fn new(
        status: StatusCode,
        code: impl Into<Cow<'static, str>>,
        message: impl Into<Cow<'static, str>>,
    ) -> Self {
        Self {
            status,
            code: code.into(),
            message: message.into(),
            errors: Vec::new(),
            retry_after: None,
            cause: None,
        }
    }

    pub fn message(&self) -> &str {
        &self.message
    }

    /// The first field a validation failure names.
    pub fn first_field(&self) -> Option<&str> {
        self.errors.first().map(|e| e.field.as_str())
    }

    pub fn retry_after(&self) -> Option<u64> {
        self.retry_after
    }

    pub fn bad_request(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, code, message)
    }

    pub fn unauthorized(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, code, message)
    }

    pub fn forbidden(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::FORBIDDEN, code, message)
    }

    pub fn not_found(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, message)
    }

    /// No route under /api matches.
    pub fn route_not_found(method: &axum::http::Method, path: &str) -> Self {
        Self::not_found(
            "route_not_found",
            format!("There is no route {method} {path}"),
        )
    }

    pub fn conflict(code: &'static str, message: impl Into<Cow<'static, str>>) -> Self {
        Self::new(StatusCode::CONFLICT, code, message)
    }

    /// 422 with one problem per field.
    pub fn validation(errors: Vec<FieldError>) -> Self {
        let message = match errors.as_slice() {
            [one] => format!("{}: {}", one.field, one.message),
            _ => "Some fields are invalid".to_owned(),
        };
        Self {
            errors,
            ..Self::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "validation_failed",
                message,
            )
        }
    }

    /// 422 for a single field.
    pub fn invalid_field(field: impl Into<String>, message: impl Into<String>) -> Self {
        Self::validation(vec![FieldError {
            field: field.into(),
            message: message.into(),
        }])
    }

    pub fn too_many_requests(retry_after_seconds: u64) -> Self {
        Self {
            retry_after: Some(retry_after_seconds),
            ..Self::new(
                StatusCode::TOO_MANY_REQUESTS,
                "rate_limited",
                "Too many requests; try again later",
            )
        }
    }

    /// Sets the `Retry-After` header of the answer.
    pub fn with_retry_after(mut self, seconds: Option<u64>) -> Self {
        self.retry_after = seconds;
        self
    }

    /// A 500 whose cause is logged, never sent.
    pub fn internal(cause: impl Into<Box<dyn std::error::Error + Send + Sync>>) -> Self {
        Self {
            cause: Some(cause.into()),
            ..Self::new(
                StatusCode::INTERNAL_SERVER_ERROR,
                "internal_error",
                "An unexpected error occurred",
            )
        }
    }

    pub fn with_errors(mut self, errors: Vec<FieldError>) -> Self {
        self.errors = errors;
        self
    }

    pub fn status(&self) -> StatusCode {
        self.status
    }

    pub fn code(&self) -> &str {
        &self.code
    }

    /// The code and message used when all we know is a status.
    pub fn from_status(status: StatusCode) -> Self {
        let (code, message) = match status.as_u16() {
            400 => ("bad_request", "The request is malformed"),
            401 => ("unauthorized", "Authentication is required"),
            403 => ("forbidden", "You are not allowed to do this"),
            404 => ("not_found", "Not found"),
            405 => (
                "method_not_allowed",
                "This method is not allowed on this route",
            ),
            408 => ("request_timeout", "The request took too long"),
            409 => ("conflict", "The request conflicts with the current state"),
            413 => ("payload_too_large", "The request body is too large"),
            415 => (
                "unsupported_media_type",
                "Expected a JSON body with Content-Type: application/json",
            ),
            422 => ("validation_failed", "Some fields are invalid"),
            429 => ("rate_limited", "Too many requests; try again later"),
            503 => (
                "service_unavailable",
                "The service is temporarily unavailable",
            ),
            _ if status.is_server_error() => ("internal_error", "An unexpected error occurred"),
            _ => ("error", "The request failed"),
        };
        Self::new(status, code, message)
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl From<StoreError> for ApiError {
    fn from(err: StoreError) -> Self {
        agentforge_domain::Error::from(err).into()
    }
}

impl From<agentforge_domain::Error> for ApiError {
    /// How each of the domain's errors is said over HTTP: one status per
    /// variant, the domain's own code and words.
    fn from(err: agentforge_domain::Error) -> Self {
        use agentforge_domain::Error as E;
        let code = err.code().to_owned();
        match err {
            E::Invalid(problems) => ApiError::validation(
                problems
                    .into_iter()
                    .map(|p| FieldError {
                        field: p.field,
                        message: p.message,
                    })
                    .collect(),
            ),
            E::Unusable { field, message, .. } => {
                ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, code, message.clone()).with_errors(
                    vec![FieldError {
                        field: field.to_owned(),
                        message,
                    }],
                )
            }
            E::BadRequest { message, .. } => ApiError::new(StatusCode::BAD_REQUEST, code, message),
            E::Unauthenticated(u) => ApiError::new(StatusCode::UNAUTHORIZED, code, u.message()),
            E::Denied(d) => ApiError::new(StatusCode::FORBIDDEN, code, d.message()),
            E::Refused { message, .. } => ApiError::new(StatusCode::FORBIDDEN, code, message),
            E::NotFound(missing) => {
                let error =
                    ApiError::new(StatusCode::NOT_FOUND, code, missing.message().into_owned());
                match missing.field {
                    Some(field) => error.with_errors(vec![FieldError {
                        field: field.to_owned(),
                        message: missing.message().into_owned(),
                    }]),
                    None => error,
                }
            }
            E::Conflict(c) => {
                let error = ApiError::new(StatusCode::CONFLICT, code, c.message());
                match c.field() {
                    Some(field) => error.with_errors(vec![FieldError {
                        field: field.to_owned(),
                        message: c.message().to_owned(),
                    }]),
                    None => error,
                }
            }
            E::Gone { message, .. } => ApiError::new(StatusCode::GONE, code, message),
            E::TooLarge { message, .. } => {
                ApiError::new(StatusCode::PAYLOAD_TOO_LARGE, code, message)
            }
            E::Unsupported { message, .. } => {
                ApiError::new(StatusCode::UNSUPPORTED_MEDIA_TYPE, code, message)
            }
            E::RateLimited { retry_after } => ApiError::too_many_requests(retry_after),
            E::Upstream(upstream) => ApiError::new(
                StatusCode::from_u16(upstream.status).unwrap_or(StatusCode::BAD_GATEWAY),
                code,
                upstream.message,
            )
            .with_retry_after(upstream.retry_after),
            E::Internal(cause) => ApiError {
                cause: Some(cause),
                ..ApiError::new(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    "internal_error",
                    "An unexpected error occurred",
                )
            },
        }
    }
}

impl From<agentforge_runtime::RuntimeError> for ApiError {
    fn from(err: agentforge_runtime::RuntimeError) -> Self {
        agentforge_domain::Error::from(err).into()
    }
}

/// The error's code, on the response's extensions for the layers around
/// the handler (the audit trail records a refusal's code).
#[derive(Debug, Clone)]
pub struct ErrorCode(pub String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        if self.status.is_server_error() {
            // Runs inside the request's span, so the log line carries its request id.
            match &self.cause {
                Some(cause) => tracing::error!(error = %cause, code = %self.code, "request failed"),
                None => {
                    tracing::error!(code = %self.code, message = %self.message, "request failed")
                }
            }
        }
        let body = ErrorBody {
            success: false,
            error: self.code,
            message: self.message.into_owned(),
            errors: self.errors,
        };
        let code = ErrorCode(body.error.to_string());
        let mut response = (self.status, axum::Json(body)).into_response();
        response.extensions_mut().insert(code);
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_errors_never_carry_their_cause_to_the_client() {
        let err = ApiError::internal(std::io::Error::other("password=hunter2 at db.internal"));
        let body = ErrorBody {
            success: false,
            error: err.code.clone(),
            message: err.message.to_string(),
            errors: vec![],
        };
        let json = serde_json::to_string(&body).unwrap();
        assert!(!json.contains("hunter2"));
        assert_eq!(err.status(), StatusCode::INTERNAL_SERVER_ERROR);
    }

    #[test]
    fn one_invalid_field_names_itself_in_the_message() {
        let err = ApiError::invalid_field("email", "Invalid email");
        assert_eq!(err.status(), StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(err.message, "email: Invalid email");
    }
}
