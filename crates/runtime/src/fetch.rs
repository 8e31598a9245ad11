//! Calls to the HTTP APIs people name in workflows and flows: through the
//! outbound guard (public addresses only, unless the operator allows
//! private ones), within a timeout, the answer cut at [`BODY_MAX`] bytes.

use std::collections::BTreeMap;
use std::time::Duration;

use agentforge_domain::workflow::graph::HttpMethod;
use futures_util::StreamExt;
use serde_json::{Value, json};

use crate::Runtime;

/// The most bytes of an answer kept (the rest is cut).
pub const BODY_MAX: usize = 1024 * 1024;

/// A request, its templates already filled in.
#[derive(Debug, Clone)]
pub struct Fetch {
    pub method: HttpMethod,
    pub url: String,
    pub headers: BTreeMap<String, String>,
    pub body: Option<String>,
    pub timeout: Duration,
}

impl Fetch {
    /// What was asked, to show: headers by name only (they often carry keys).
    pub fn shown(&self) -> Value {
        let headers: Vec<&String> = self.headers.keys().collect();
        json!({"method": self.method.as_str(), "url": self.url, "headers": headers, "body": self.body})
    }
}

/// What the server answered.
#[derive(Debug, Clone, PartialEq)]
pub struct Fetched {
    pub status: u16,
    pub content_type: String,
    /// Parsed when it is whole JSON, else the text.
    pub body: Value,
    /// Cut at [`BODY_MAX`].
    pub truncated: bool,
}

impl Fetched {
    pub fn ok(&self) -> bool {
        (200..300).contains(&self.status)
    }

    /// As a variable's value: `{status, ok, contentType, body, truncated}`.
    pub fn output(&self) -> Value {
        json!({"status": self.status, "ok": self.ok(), "contentType": self.content_type, "body": self.body, "truncated": self.truncated})
    }

    /// Why a 4xx or 5xx answer counts as a failure, with the start of its body.
    pub fn failure(&self) -> Option<String> {
        (self.status >= 400).then(|| {
            let start: String = self.body.to_string().chars().take(300).collect();
            format!("HTTP {} from the server: {start}", self.status)
        })
    }
}

impl Runtime {
    /// Makes the request; why not, in words, when it could not be made or
    /// broke off (an HTTP error status is an answer, see [`Fetched::failure`]).
    pub async fn fetch(&self, request: &Fetch) -> Result<Fetched, String> {
        let Some(credentials) = self.credentials() else {
            return Err("Outbound requests are not available on this server".to_owned());
        };
        let url = request.url.trim();
        let parsed = match reqwest::Url::parse(url) {
            Ok(u) if matches!(u.scheme(), "http" | "https") => u,
            _ => return Err(format!("'{url}' is not an http:// or https:// URL")),
        };
        if let Err(refused) = credentials.guard().check_url(parsed.as_str()) {
            return Err(format!("This URL cannot be used: {refused}"));
        }
        let method = reqwest::Method::from_bytes(request.method.as_str().as_bytes())
            .unwrap_or(reqwest::Method::GET);
        let mut call = credentials
            .client()
            .request(method, parsed)
            .timeout(request.timeout);
        for (name, value) in &request.headers {
            call = call.header(name.as_str(), value.as_str());
        }
        if let Some(body) = &request.body {
            let is_json = serde_json::from_str::<Value>(body).is_ok();
            if is_json
                && !request
                    .headers
                    .keys()
                    .any(|k| k.eq_ignore_ascii_case("content-type"))
            {
                call = call.header("content-type", "application/json");
            }
            call = call.body(body.clone());
        }
        let response = call
            .send()
            .await
            .map_err(|e| format!("The request failed: {e}"))?;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get(reqwest::header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .unwrap_or_default()
            .to_owned();
        let mut bytes = Vec::new();
        let mut stream = response.bytes_stream();
        let mut truncated = false;
        while let Some(chunk) = stream.next().await {
            let chunk = chunk.map_err(|e| format!("The answer broke off: {e}"))?;
            let room = BODY_MAX.saturating_sub(bytes.len());
            bytes.extend_from_slice(&chunk[..chunk.len().min(room)]);
            if chunk.len() > room {
                truncated = true;
                break;
            }
        }
        let text = String::from_utf8_lossy(&bytes).into_owned();
        let body = match serde_json::from_str::<Value>(&text) {
            Ok(json) if !truncated => json,
            _ => Value::String(text),
        };
        Ok(Fetched {
            status,
            content_type,
            body,
            truncated,
        })
    }
}
