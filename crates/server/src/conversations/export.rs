//! Transcripts as files: JSON (the conversation and its messages) or CSV
//! (one row a message).

use super::types::TranscriptOut;

/// A transcript file's format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    Json,
    Csv,
}

/// (content type, file name, body).
pub fn render(
    format: Format,
    transcript: &TranscriptOut,
) -> Result<(&'static str, String, String), serde_json::Error> {
    let name = format!("conversation-{}", transcript.conversation.id);
    if format == Format::Csv {
        let mut body = String::from(
            "created_at,role,status,content,tokens_in,tokens_out,latency_ms,provider,model,sources\r\n",
        );
        for m in &transcript.messages {
            let sources = m
                .citations
                .iter()
                .map(|c| c.document_name.as_str())
                .collect::<Vec<_>>()
                .join("; ");
            let fields = [
                m.created_at.to_rfc3339(),
                m.role.as_str().to_owned(),
                m.status.as_str().to_owned(),
                m.content.clone(),
                m.tokens_in.to_string(),
                m.tokens_out.to_string(),
                m.latency_ms.map(|v| v.to_string()).unwrap_or_default(),
                m.provider
                    .map(|p| p.as_str().to_owned())
                    .unwrap_or_default(),
                m.model.clone().unwrap_or_default(),
                sources,
            ];
            body.push_str(
                &fields
                    .iter()
                    .map(|f| csv_field(f))
                    .collect::<Vec<_>>()
                    .join(","),
            );
            body.push_str("\r\n");
        }
        return Ok(("text/csv; charset=utf-8", format!("{name}.csv"), body));
    }
    let body = serde_json::to_string_pretty(transcript)?;
    Ok(("application/json", format!("{name}.json"), body))
}

/// A CSV field, quoted when it must be; a leading `=`, `+`, `-` or `@` is
/// defused so spreadsheets do not run it as a formula.
fn csv_field(value: &str) -> String {
    let value = if value.starts_with(['=', '+', '-', '@']) {
        format!("'{value}")
    } else {
        value.to_owned()
    };
    if value.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", value.replace('"', "\"\""))
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_defused() {
        assert_eq!(csv_field("plain"), "plain");
        assert_eq!(csv_field("a,b"), "\"a,b\"");
        assert_eq!(csv_field("say \"hi\"\nnow"), "\"say \"\"hi\"\"\nnow\"");
        assert_eq!(csv_field("=SUM(A1)"), "'=SUM(A1)");
    }
}
