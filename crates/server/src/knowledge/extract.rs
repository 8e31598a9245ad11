//! Text out of the document types the knowledge base takes: txt, md, html,
//! pdf, docx, csv and json. Every failure is a sentence naming what is wrong
//! with the file, never a panic (PDF parsing runs behind `catch_unwind`).

use std::io::Read;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Text,
    Markdown,
    Html,
    Pdf,
    Docx,
    Csv,
    Json,
}

impl Kind {
    /// The type from the file name's extension, else from the declared content type.
    pub fn of(name: &str, content_type: Option<&str>) -> Option<Kind> {
        let extension = name.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase());
        let by_extension = match extension.as_deref() {
            Some("txt" | "text" | "log") => Some(Kind::Text),
            Some("md" | "markdown") => Some(Kind::Markdown),
            Some("html" | "htm") => Some(Kind::Html),
            Some("pdf") => Some(Kind::Pdf),
            Some("docx") => Some(Kind::Docx),
            Some("csv") => Some(Kind::Csv),
            Some("json") => Some(Kind::Json),
            _ => None,
        };
        by_extension.or(
            match content_type.map(|c| c.split(';').next().unwrap_or_default().trim()) {
                Some("text/plain") => Some(Kind::Text),
                Some("text/markdown") => Some(Kind::Markdown),
                Some("text/html") => Some(Kind::Html),
                Some("application/pdf") => Some(Kind::Pdf),
                Some("application/vnd.openxmlformats-officedocument.wordprocessingml.document") => {
                    Some(Kind::Docx)
                }
                Some("text/csv") => Some(Kind::Csv),
                Some("application/json") => Some(Kind::Json),
                _ => None,
            },
        )
    }

    pub fn content_type(self) -> &'static str {
        match self {
            Kind::Text => "text/plain",
            Kind::Markdown => "text/markdown",
            Kind::Html => "text/html",
            Kind::Pdf => "application/pdf",
            Kind::Docx => "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
            Kind::Csv => "text/csv",
            Kind::Json => "application/json",
        }
    }
}

/// The text of a file of `kind`.
pub fn extract(kind: Kind, bytes: &[u8]) -> Result<String, String> {
    let text = match kind {
        Kind::Text | Kind::Markdown => utf8(bytes)?.to_owned(),
        Kind::Html => html_text(utf8(bytes)?),
        Kind::Pdf => pdf_text(bytes)?,
        Kind::Docx => docx_text(bytes)?,
        Kind::Csv => csv_text(utf8(bytes)?)?,
        Kind::Json => json_text(utf8(bytes)?)?,
    };
    let text = text.replace("\r\n", "\n").replace('\r', "\n");
    if text.trim().is_empty() {
        return Err("contains no text".to_owned());
    }
    Ok(text)
}

fn utf8(bytes: &[u8]) -> Result<&str, String> {
    let bytes = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = std::str::from_utf8(bytes).map_err(|_| "is not UTF-8 text".to_owned())?;
    if text.contains('\0') {
        return Err("is binary, not text".to_owned());
    }
    Ok(text)
}

fn pdf_text(bytes: &[u8]) -> Result<String, String> {
    if !bytes.starts_with(b"%PDF") {
        return Err("is not a PDF file".to_owned());
    }
    let owned = bytes.to_vec();
    match std::panic::catch_unwind(move || pdf_extract::extract_text_from_mem(&owned)) {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(e)) => Err(format!("is a PDF that cannot be read ({e})")),
        Err(_) => Err("is a damaged PDF that cannot be read".to_owned()),
    }
}

fn docx_text(bytes: &[u8]) -> Result<String, String> {
    let mut archive = zip::ZipArchive::new(std::io::Cursor::new(bytes))
        .map_err(|_| "is not a Word (.docx) document".to_owned())?;
    let mut xml = String::new();
    archive
        .by_name("word/document.xml")
        .map_err(|_| "is not a Word (.docx) document: word/document.xml is missing".to_owned())?
        .read_to_string(&mut xml)
        .map_err(|_| "is a damaged Word document".to_owned())?;
    Ok(word_xml_text(&xml))
}

/// The text of WordprocessingML: runs' `<w:t>` text, paragraphs on their
/// own lines, tabs and breaks kept.
fn word_xml_text(xml: &str) -> String {
    let mut out = String::new();
    let mut rest = xml;
    while let Some(start) = rest.find('<') {
        let Some(end) = rest[start..].find('>') else {
            break;
        };
        let tag = &rest[start + 1..start + end];
        let name = tag
            .trim_start_matches('/')
            .split([' ', '/', '\t', '\n'])
            .next()
            .unwrap_or_default();
        rest = &rest[start + end + 1..];
        match name {
            "w:t" if !tag.starts_with('/') && !tag.ends_with('/') => {
                let close = rest.find("</w:t>").unwrap_or(rest.len());
                out.push_str(&unescape(&rest[..close]));
                rest = &rest[close..];
            }
            "w:tab" => out.push('\t'),
            "w:br" | "w:cr" => out.push('\n'),
            "w:p" if tag.starts_with('/') || tag.ends_with('/') => out.push('\n'),
            _ => {}
        }
    }
    out
}

/// Decodes the five XML entities and numeric character references.
fn unescape(text: &str) -> String {
    if !text.contains('&') {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(amp) = rest.find('&') {
        out.push_str(&rest[..amp]);
        rest = &rest[amp..];
        let Some(semi) = rest.find(';').filter(|s| *s <= 10) else {
            out.push('&');
            rest = &rest[1..];
            continue;
        };
        let entity = &rest[1..semi];
        let decoded = match entity {
            "amp" => Some('&'),
            "lt" => Some('<'),
            "gt" => Some('>'),
            "quot" => Some('"'),
            "apos" | "#39" => Some('\''),
            "nbsp" => Some(' '),
            _ => entity
                .strip_prefix("#x")
                .or_else(|| entity.strip_prefix("#X"))
                .and_then(|h| u32::from_str_radix(h, 16).ok())
                .or_else(|| entity.strip_prefix('#').and_then(|d| d.parse().ok()))
                .and_then(char::from_u32),
        };
        match decoded {
            Some(c) => {
                out.push(c);
                rest = &rest[semi + 1..];
            }
            None => {
                out.push('&');
                rest = &rest[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// Visible text of an HTML page: scripts, styles and comments dropped,
/// block elements on their own lines, entities decoded.
fn html_text(html: &str) -> String {
    const BLOCKS: &[&str] = &[
        "p",
        "div",
        "br",
        "li",
        "ul",
        "ol",
        "tr",
        "table",
        "h1",
        "h2",
        "h3",
        "h4",
        "h5",
        "h6",
        "section",
        "article",
        "header",
        "footer",
        "blockquote",
        "pre",
        "title",
        "dt",
        "dd",
    ];
    let mut out = String::new();
    let mut rest = html;
    while let Some(start) = rest.find('<') {
        out.push_str(&unescape(&rest[..start]));
        rest = &rest[start..];
        if let Some(after) = rest.strip_prefix("<!--") {
            rest = after.find("-->").map(|e| &after[e + 3..]).unwrap_or("");
            continue;
        }
        let Some(end) = rest.find('>') else {
            rest = "";
            break;
        };
        let tag = &rest[1..end];
        let name = tag
            .trim_start_matches('/')
            .split(|c: char| c.is_whitespace() || c == '/')
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        rest = &rest[end + 1..];
        if (name == "script" || name == "style") && !tag.starts_with('/') {
            let close = format!("</{name}");
            let lower = rest.to_ascii_lowercase();
            rest = match lower.find(&close) {
                Some(i) => rest[i..]
                    .find('>')
                    .map(|e| &rest[i + e + 1..])
                    .unwrap_or(""),
                None => "",
            };
            continue;
        }
        if BLOCKS.contains(&name.as_str()) {
            out.push('\n');
        }
    }
    out.push_str(&unescape(rest));
    out.lines()
        .map(|l| l.split_whitespace().collect::<Vec<_>>().join(" "))
        .filter(|l| !l.is_empty())
        .collect::<Vec<_>>()
        .join("\n")
}

/// Rows of CSV (RFC 4180: quoted fields may hold commas, quotes and newlines).
fn csv_rows(text: &str) -> Result<Vec<Vec<String>>, String> {
    let mut rows = Vec::new();
    let mut row = Vec::new();
    let mut field = String::new();
    let mut quoted = false;
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        match (c, quoted) {
            ('"', true) if chars.peek() == Some(&'"') => {
                field.push('"');
                chars.next();
            }
            ('"', true) => quoted = false,
            ('"', false) if field.is_empty() => quoted = true,
            (',', false) => row.push(std::mem::take(&mut field)),
            ('\n', false) => {
                row.push(std::mem::take(&mut field));
                rows.push(std::mem::take(&mut row));
            }
            ('\r', false) => {}
            (c, _) => field.push(c),
        }
    }
    if quoted {
        return Err("is not valid CSV: a quoted field is never closed".to_owned());
    }
    if !field.is_empty() || !row.is_empty() {
        row.push(field);
        rows.push(row);
    }
    Ok(rows)
}

/// Each CSV row as a line of `header: value` pairs, so a passage keeps the
/// meaning of its columns.
fn csv_text(text: &str) -> Result<String, String> {
    let rows = csv_rows(text)?;
    let Some((header, body)) = rows.split_first() else {
        return Ok(String::new());
    };
    if body.is_empty() {
        return Ok(header.join(", "));
    }
    Ok(body
        .iter()
        .filter(|r| r.iter().any(|f| !f.trim().is_empty()))
        .map(|r| {
            r.iter()
                .enumerate()
                .filter(|(_, v)| !v.trim().is_empty())
                .map(
                    |(i, v)| match header.get(i).filter(|h| !h.trim().is_empty()) {
                        Some(h) => format!("{}: {}", h.trim(), v.trim()),
                        None => v.trim().to_owned(),
                    },
                )
                .collect::<Vec<_>>()
                .join("; ")
        })
        .collect::<Vec<_>>()
        .join("\n"))
}

/// Every value of a JSON document on a line with its path.
fn json_text(text: &str) -> Result<String, String> {
    let value: serde_json::Value =
        serde_json::from_str(text).map_err(|e| format!("is not valid JSON ({e})"))?;
    let mut lines = Vec::new();
    flatten(&value, String::new(), &mut lines);
    Ok(lines.join("\n"))
}

fn flatten(value: &serde_json::Value, path: String, lines: &mut Vec<String>) {
    use serde_json::Value;
    let line = |v: String| {
        if path.is_empty() {
            v
        } else {
            format!("{path}: {v}")
        }
    };
    match value {
        Value::Object(map) => {
            for (key, v) in map {
                let p = if path.is_empty() {
                    key.clone()
                } else {
                    format!("{path}.{key}")
                };
                flatten(v, p, lines);
            }
        }
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                flatten(v, format!("{path}[{i}]"), lines);
            }
        }
        Value::String(s) => lines.push(line(s.clone())),
        Value::Null => {}
        other => lines.push(line(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_come_from_the_extension_then_the_content_type() {
        assert_eq!(Kind::of("Guide.PDF", None), Some(Kind::Pdf));
        assert_eq!(
            Kind::of("notes", Some("text/markdown; charset=utf-8")),
            Some(Kind::Markdown)
        );
        assert_eq!(Kind::of("photo.png", Some("image/png")), None);
    }

    #[test]
    fn html_keeps_visible_text_only() {
        let html = "<html><head><title>T</title><style>p{color:red}</style><script>alert('x')</script></head><body><!-- hidden --><h1>Refunds</h1><p>Within&nbsp;14 days &amp; free.</p></body></html>";
        assert_eq!(html_text(html), "T\nRefunds\nWithin 14 days & free.");
    }

    #[test]
    fn word_xml_gives_paragraphs() {
        let xml = r#"<w:document><w:body><w:p><w:r><w:t>Hello</w:t></w:r><w:r><w:t xml:space="preserve"> &amp; welcome</w:t></w:r></w:p><w:p><w:r><w:t>Second</w:t><w:tab/><w:t>line</w:t></w:r></w:p></w:body></w:document>"#;
        assert_eq!(word_xml_text(xml), "Hello & welcome\nSecond\tline\n");
    }

    #[test]
    fn csv_rows_keep_their_column_names() {
        let text = "plan,price\nPro,\"$20, monthly\"\n\"Team \"\"Plus\"\"\",40\n";
        assert_eq!(
            csv_text(text).unwrap(),
            "plan: Pro; price: $20, monthly\nplan: Team \"Plus\"; price: 40"
        );
        assert!(csv_text("a,\"b\n").is_err());
    }

    #[test]
    fn json_values_keep_their_paths() {
        let text = r#"{"faq": [{"q": "Refunds?", "a": "14 days"}], "open": true}"#;
        assert_eq!(
            json_text(text).unwrap(),
            "faq[0].a: 14 days\nfaq[0].q: Refunds?\nopen: true"
        );
    }

    #[test]
    fn broken_files_are_refused_in_words() {
        assert_eq!(
            extract(Kind::Pdf, b"hello"),
            Err("is not a PDF file".into())
        );
        assert!(
            extract(Kind::Pdf, b"%PDF-1.4 garbage")
                .unwrap_err()
                .contains("cannot be read")
        );
        assert!(
            extract(Kind::Docx, b"PK nonsense")
                .unwrap_err()
                .contains("Word")
        );
        assert_eq!(
            extract(Kind::Text, b"\xff\xfe"),
            Err("is not UTF-8 text".into())
        );
        assert_eq!(
            extract(Kind::Text, b"  \n "),
            Err("contains no text".into())
        );
    }
}
