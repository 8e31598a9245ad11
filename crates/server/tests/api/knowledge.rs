//! Hostile knowledge uploads (the "Hardening" issue, items 1–3, and
//! docs/security.md): each test sends the attack, in small where a limit
//! can be made small, and checks it is refused (or read) as it should be,
//! with nothing kept. How little they now cost is measured by
//! `bench/hostile_uploads.sh`, not here.

use std::io::Write;
use std::time::Duration;

use serde_json::{Value, json};

use agentforge_testkit::pdf_with_content;

use crate::client::Expected;
use crate::fixtures::{self, agent, sign_up, upload};
use crate::helpers::{Engine, TestApp, assert_error, engines, for_each_engine};

/// Signs up and creates an agent: (token, agent id).
async fn owner_and_agent(app: &TestApp, email: &str) -> (String, String) {
    let token = sign_up(app, email).await;
    let id = agent(app, &token, json!({"name": "Support"})).await;
    (token, id)
}

async fn upload_document(
    app: &TestApp,
    token: &str,
    id: &str,
    name: &str,
    bytes: Vec<u8>,
) -> (u16, Value) {
    upload(
        app,
        "/api/upload/document",
        token,
        Some(id),
        &[(name, bytes)],
    )
    .await
}

async fn documents(app: &TestApp, token: &str, id: &str) -> Vec<Value> {
    let (status, body) = app
        .get_as(&format!("/api/agents/{id}/documents"), token)
        .await;
    assert_eq!(status, 200, "{body}");
    body["data"].as_array().unwrap().clone()
}

/// The server still answers, and still reads an honest file.
async fn still_serving(app: &TestApp, token: &str, id: &str) {
    let (status, _) = app.get_json("/api/system/health").await;
    assert_eq!(status, 200);
    let (status, body) =
        upload_document(app, token, id, "hours.md", b"Open 9 to 5.".to_vec()).await;
    assert_eq!(status, 201, "{body}");
}

/// Guards a request whose old, quadratic reading took hours: it must end
/// at all. A hang guard with minutes to spare, not a measure of speed.
async fn finishes<T>(request: impl std::future::Future<Output = T>) -> T {
    tokio::time::timeout(Duration::from_secs(240), request)
        .await
        .expect("the upload ends (the old reading of this file took hours)")
}

/// A .docx whose `word/document.xml` is `head`, then `padding` bytes of
/// `fill`, then `tail`, deflated as it is written (never held whole).
fn docx_with(head: &str, fill: u8, padding: usize, tail: &str) -> Vec<u8> {
    let mut buffer = std::io::Cursor::new(Vec::new());
    let mut zip = zip::ZipWriter::new(&mut buffer);
    zip.start_file(
        "word/document.xml",
        zip::write::SimpleFileOptions::default(),
    )
    .unwrap();
    zip.write_all(head.as_bytes()).unwrap();
    let chunk = vec![fill; 1 << 20];
    let mut left = padding;
    while left > 0 {
        let n = left.min(chunk.len());
        zip.write_all(&chunk[..n]).unwrap();
        left -= n;
    }
    zip.write_all(tail.as_bytes()).unwrap();
    zip.finish().unwrap();
    buffer.into_inner()
}

const WORD_HEAD: &str = r#"<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Refunds take 14 days.</w:t></w:r></w:p><w:p><w:r><w:t>"#;
const WORD_TAIL: &str = "</w:t></w:r></w:p></w:body></w:document>";

/// Item 1: a small .docx whose text part unpacks to far more than it
/// shows was read whole into memory. Now it unpacks through a cap (here
/// 1 MiB: a 24 MB part compressed to a few dozen KB) and is refused there.
#[tokio::test]
async fn a_docx_bomb_is_refused_at_its_unpacked_cap_and_nothing_is_kept() {
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_KNOWLEDGE_DOCX_MAX_UNPACKED_BYTES", "1048576")],
    )
    .await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let bomb = docx_with(WORD_HEAD, b' ', 24 << 20, WORD_TAIL);
    assert!(bomb.len() < 100 << 10, "the bomb is {} bytes", bomb.len());

    let (status, body) = upload_document(&app, &token, &id, "bomb.docx", bomb).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert_eq!(
        body["message"],
        "bomb.docx is too large unpacked: its text part is over 1 MB"
    );
    assert_eq!(body["errors"][0]["field"], "file");
    assert!(documents(&app, &token, &id).await.is_empty());

    // The same document within the cap is read.
    let fine = docx_with(WORD_HEAD, b' ', 1000, WORD_TAIL);
    let (status, body) = upload_document(&app, &token, &id, "fine.docx", fine).await;
    assert_eq!(status, 201, "{body}");
}

/// Item 1: a .docx of 100,000 members made the zip reader index them all.
/// The members are counted before any is read.
#[tokio::test]
async fn a_docx_with_a_hundred_thousand_parts_is_refused_before_they_are_read() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let mut buffer = std::io::Cursor::new(Vec::new());
    {
        let mut zip = zip::ZipWriter::new(&mut buffer);
        let stored = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored);
        zip.start_file("word/document.xml", stored).unwrap();
        zip.write_all(format!("{WORD_HEAD}x{WORD_TAIL}").as_bytes())
            .unwrap();
        for i in 0..100_000 {
            zip.start_file(format!("{i:x}"), stored).unwrap();
        }
        zip.finish().unwrap();
    }
    let (status, body) =
        upload_document(&app, &token, &id, "parts.docx", buffer.into_inner()).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert_eq!(
        body["message"],
        "parts.docx is not a Word (.docx) document: it has more than 10000 parts"
    );
    assert!(documents(&app, &token, &id).await.is_empty());
    still_serving(&app, &token, &id).await;
}

/// Item 2: a 104 KB JSON file flattened to 861 MB, because every value's
/// line repeats its whole path. Its text is now held to ten times the file
/// (at least 1 MiB): refused at the cap, nothing stored.
#[tokio::test]
async fn json_whose_paths_blow_up_is_refused_at_the_text_cap_and_nothing_is_kept() {
    for engine in engines() {
        let app = TestApp::spawn(engine, &[]).await;
        let (token, id) = owner_and_agent(&app, "ada@example.com").await;
        // 100 levels of 1,000-character keys, then 1,000 values: ~100 KB
        // of JSON whose text would be 1,000 lines of a 100 KB path (100 MB).
        let key = "k".repeat(1000);
        let mut json = String::new();
        for _ in 0..100 {
            json.push_str(&format!("{{\"{key}\":"));
        }
        json.push_str(&format!("[{}]", vec!["1"; 1000].join(",")));
        json.push_str(&"}".repeat(100));
        assert!(json.len() < 110_000, "{}", json.len());

        let (status, body) =
            upload_document(&app, &token, &id, "paths.json", json.into_bytes()).await;
        assert_error(status, &body, 413, "text_too_large");
        assert_eq!(
            body["message"],
            "paths.json holds more text than the 1 MB allowed for a file of its size"
        );
        assert!(documents(&app, &token, &id).await.is_empty());
        still_serving(&app, &token, &id).await;
    }
}

/// Item 2: CSV's `column: value` lines repeat the header on every row, so
/// a wide header and many short rows multiply. Refused at the cap.
#[tokio::test]
async fn csv_whose_header_repeats_on_every_row_is_refused_at_the_text_cap() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    // 1,000 columns of 100-character names, 1,000 rows of 1s: 2.1 MB of
    // CSV whose text would be 1,000 lines of 105 KB (105 MB).
    let header: Vec<String> = (0..1000).map(|i| format!("{i:0>100}")).collect();
    let row = vec!["1"; 1000].join(",");
    let mut csv = header.join(",");
    for _ in 0..1000 {
        csv.push('\n');
        csv.push_str(&row);
    }
    let size = csv.len();

    let (status, body) = upload_document(&app, &token, &id, "wide.csv", csv.into_bytes()).await;
    assert_error(status, &body, 413, "text_too_large");
    let limit = 10 * size;
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("wide.csv holds more text than the"),
        "{body} (limit {limit})"
    );
    assert!(documents(&app, &token, &id).await.is_empty());
}

/// Item 2: every account has a quota for its documents (here 5,000 bytes:
/// each document counts its file's size plus its text's characters). Over
/// it, 413 `quota_exceeded`, on any of the account's agents, and nothing
/// is stored; other accounts are not affected.
#[tokio::test]
async fn an_upload_past_the_account_quota_is_413_quota_exceeded_and_nothing_is_kept() {
    for engine in engines() {
        let app = TestApp::spawn(engine, &[("AGENTFORGE_KNOWLEDGE_QUOTA_BYTES", "5000")]).await;
        let (token, id) = owner_and_agent(&app, "ada@example.com").await;
        let page = "Refunds take 14 days. ".repeat(68).into_bytes(); // 1,496 bytes
        let (status, body) = upload_document(&app, &token, &id, "refunds.md", page.clone()).await;
        assert_eq!(status, 201, "{body}");
        // 1,496 + 1,495 characters are used: another such file passes the
        // first look (its size fits) but not once its text is counted.
        let (status, body) = upload_document(&app, &token, &id, "again.md", page.clone()).await;
        assert_error(status, &body, 413, "quota_exceeded");
        assert_eq!(documents(&app, &token, &id).await.len(), 1);

        // The quota is the account's, whichever of its agents gets the file.
        let other_agent = agent(&app, &token, json!({"name": "Sales"})).await;
        let (status, body) =
            upload_document(&app, &token, &other_agent, "again.md", page.clone()).await;
        assert_error(status, &body, 413, "quota_exceeded");
        assert!(documents(&app, &token, &other_agent).await.is_empty());

        // A file over the quota by its size alone is refused before it is read.
        let (status, body) =
            upload_document(&app, &token, &other_agent, "big.md", vec![b'a'; 5000]).await;
        assert_error(status, &body, 413, "quota_exceeded");

        // Someone else's account has its own quota.
        let (eve, eves) = owner_and_agent(&app, "eve@example.com").await;
        let (status, body) = upload_document(&app, &eve, &eves, "refunds.md", page.clone()).await;
        assert_eq!(status, 201, "{body}");

        // Deleting a document gives its room back.
        let first = documents(&app, &token, &id).await[0]["id"]
            .as_str()
            .unwrap()
            .to_owned();
        let (status, _) = app
            .send_json(
                reqwest::Method::DELETE,
                &format!("/api/agents/{id}/documents/{first}"),
                Some(&token),
                &json!({}),
            )
            .await;
        assert_eq!(status, 200);
        let (status, body) = upload_document(&app, &token, &id, "again.md", page).await;
        assert_eq!(status, 201, "{body}");
    }
}

/// Item 3: the old HTML reader lower-cased the rest of the page at every
/// `<script>` and looked for `;` from every `&` to the end of the page: in
/// time the square of the page. These 6 MB read in one pass.
#[tokio::test]
async fn html_full_of_scripts_and_bare_ampersands_is_read_in_one_pass() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let mut html = String::from("<h1>Opening hours</h1><p>");
    html.push_str(&"&".repeat(2 << 20));
    html.push_str("</p>");
    html.push_str(&"<script>track()</script>".repeat((4 << 20) / 24));
    html.push_str("<p>Open 9 to 5 &amp; on Sundays.</p>");

    let (status, body) = finishes(upload_document(
        &app,
        &token,
        &id,
        "page.html",
        html.into_bytes(),
    ))
    .await;
    assert_eq!(status, 201, "{body}");
    // The heading, two MiB of ampersands and the last line (38
    // characters and a few line breaks); none of the scripts' 1.2 million.
    let chars = body["data"]["charCount"].as_u64().unwrap();
    assert!(
        ((2 << 20) + 38..(2 << 20) + 100).contains(&chars),
        "{chars} characters"
    );
}

/// Item 3: the 976-byte .docx that took 14 s of CPU: text of bare `&`,
/// each of which sent the old reader looking for a `;` to the end of the
/// part. quick-xml reads it once and finds it is not XML.
#[tokio::test]
async fn a_docx_of_bare_ampersands_is_refused_in_one_pass() {
    let app = TestApp::spawn(Engine::Sqlite, &[]).await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let docx = docx_with(WORD_HEAD, b'&', 2 << 20, WORD_TAIL);
    assert!(docx.len() < 16 << 10, "{}", docx.len());

    let (status, body) = finishes(upload_document(&app, &token, &id, "amp.docx", docx)).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .starts_with("amp.docx is a damaged Word document"),
        "{body}"
    );
    // Unclosed runs, nested 100,000 deep, are refused at the depth cap.
    let mut xml = String::from(WORD_HEAD);
    xml.push_str(&"<w:t>a".repeat(100_000));
    let (status, body) =
        upload_document(&app, &token, &id, "deep.docx", docx_with(&xml, b' ', 0, "")).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert!(documents(&app, &token, &id).await.is_empty());
}

/// Item 3: a PDF whose text part makes `pdf-extract` take far more memory
/// than the file (16 MB of text operators take it past a gigabyte), and
/// one on which it panics. Each costs the reader's process, killed at its
/// memory limit (here 128 MiB) or ended by its panic; the server answers
/// 422 and carries on.
#[tokio::test]
async fn a_hostile_pdf_costs_the_readers_process_not_the_server() {
    let app = TestApp::spawn(
        Engine::Sqlite,
        &[("AGENTFORGE_KNOWLEDGE_PDF_MAX_MEMORY_BYTES", "134217728")],
    )
    .await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;

    let operators = format!(
        "BT /F1 12 Tf 72 720 Td {}ET",
        "(a) Tj ".repeat((16 << 20) / 7)
    );
    let hungry = pdf_with_content(&operators, true);
    let (status, body) = upload_document(&app, &token, &id, "hungry.pdf", hungry).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert_eq!(
        body["message"],
        "hungry.pdf is a damaged PDF that cannot be read"
    );

    // A font named but never defined: pdf-extract panics.
    let panics = pdf_with_content("BT /F9 12 Tf (x) Tj ET", false);
    let (status, body) = upload_document(&app, &token, &id, "panics.pdf", panics).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert!(documents(&app, &token, &id).await.is_empty());

    still_serving(&app, &token, &id).await;
    let (status, body) = upload_document(
        &app,
        &token,
        &id,
        "refunds.pdf",
        fixtures::pdf(&["Refunds take 14 days."]),
    )
    .await;
    assert_eq!(status, 201, "{body}");
}

/// The server holds the PDF reader to its wall-clock deadline and to the
/// text a file may give, whatever the reader does: a reader that never
/// ends is killed at the deadline (422), one that writes without end is
/// killed at the text cap (413).
#[cfg(target_os = "linux")]
#[tokio::test]
async fn the_pdf_readers_process_is_killed_at_its_deadline_and_at_the_text_cap() {
    let dir = tempfile::tempdir().unwrap();
    let pid_file = dir.path().join("pid");
    let stuck = dir.path().join("stuck-reader");
    std::fs::write(
        &stuck,
        format!(
            "#!/bin/sh\necho $$ > {}\nexec /usr/bin/sleep 600\n",
            pid_file.display()
        ),
    )
    .unwrap();
    let endless = dir.path().join("endless-reader");
    std::fs::write(
        &endless,
        "#!/bin/sh\nexec /usr/bin/yes 'Refunds take 14 days.'\n",
    )
    .unwrap();
    for script in [&stuck, &endless] {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(script, std::fs::Permissions::from_mode(0o755)).unwrap();
    }

    let app = TestApp::spawn(
        Engine::Sqlite,
        &[
            (
                "AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR",
                stuck.to_str().unwrap(),
            ),
            ("AGENTFORGE_KNOWLEDGE_EXTRACT_TIMEOUT_SECONDS", "1"),
        ],
    )
    .await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let pdf = fixtures::pdf(&["Refunds take 14 days."]);
    let (status, body) = upload_document(&app, &token, &id, "slow.pdf", pdf.clone()).await;
    assert_error(status, &body, 422, "unreadable_file");
    assert_eq!(
        body["message"],
        "slow.pdf could not be read within 1 second: it is too complex"
    );
    let pid = std::fs::read_to_string(&pid_file).unwrap();
    assert!(
        !std::path::Path::new(&format!("/proc/{}", pid.trim())).exists(),
        "the reader {pid} was killed and reaped"
    );

    let app = TestApp::spawn(
        Engine::Sqlite,
        &[(
            "AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR",
            endless.to_str().unwrap(),
        )],
    )
    .await;
    let (token, id) = owner_and_agent(&app, "ada@example.com").await;
    let (status, body) = upload_document(&app, &token, &id, "endless.pdf", pdf).await;
    assert_error(status, &body, 413, "text_too_large");
    assert!(documents(&app, &token, &id).await.is_empty());
}

#[tokio::test]
async fn each_document_and_image_kept_or_removed_is_audited_with_its_agents_team() {
    for_each_engine(async |app: TestApp| {
        let (ada, support) = owner_and_agent(&app, "ada@example.com").await;
        let ada_id = app.api(&ada).me().await.value().id;
        let (status, team) =
            fixtures::post(&app, "/api/teams", &ada, json!({"name": "Helpdesk"})).await;
        assert_eq!(status, 201, "{team}");
        let team_id = team["data"]["id"].as_str().unwrap().to_owned();
        app.api(&ada)
            .add_team_agent(&team_id, &support)
            .await
            .value();

        let (status, body) = upload(
            &app,
            "/api/upload/bulk",
            &ada,
            Some(&support),
            &[
                ("plans.txt", b"Plans start at ten euros.".to_vec()),
                ("faq.md", b"# Refunds\nWithin 30 days.".to_vec()),
            ],
        )
        .await;
        assert_eq!(status, 201, "{body}");
        let entries = app.audit("document.upload").await;
        assert_eq!(entries.len(), 2, "one entry per document");
        let mut names: Vec<&str> = entries
            .iter()
            .map(|e| e.changes["name"]["to"].as_str().unwrap())
            .collect();
        names.sort_unstable();
        assert_eq!(names, ["faq.md", "plans.txt"]);
        for entry in &entries {
            assert_eq!(entry.resource_type, "document");
            assert_eq!(
                (entry.actor_id.as_deref(), entry.owner_id.as_deref()),
                (Some(ada_id.as_str()), Some(ada_id.as_str()))
            );
            assert_eq!(entry.team_id.as_deref(), Some(team_id.as_str()));
            assert_eq!(entry.changes["agentId"]["to"], support.as_str());
            assert!(
                !Value::Object(entry.changes.clone())
                    .to_string()
                    .contains("euros"),
                "never the text"
            );
        }
        let plans = entries
            .iter()
            .find(|e| e.changes["name"]["to"] == "plans.txt")
            .unwrap();
        assert_eq!(plans.changes["size"]["to"], 25);

        // Refused, nothing is kept and nothing recorded.
        let (status, _) = upload_document(&app, &ada, &support, "setup.exe", b"MZ".to_vec()).await;
        assert_eq!(status, 422);
        assert_eq!(app.audit("document.upload").await.len(), 2);

        let document = plans.resource_id.clone().unwrap();
        app.api(&ada)
            .delete_document(&support, &document)
            .await
            .value();
        let deleted = app.audit("document.delete").await;
        assert_eq!(deleted.len(), 1);
        assert_eq!(deleted[0].resource_id.as_deref(), Some(document.as_str()));
        assert_eq!(deleted[0].team_id.as_deref(), Some(team_id.as_str()));
        assert_eq!(
            deleted[0].changes["name"],
            json!({"from": "plans.txt", "to": null})
        );
        app.api(&ada)
            .delete_document(&support, &document)
            .await
            .unwrap_err()
            .expect(404, "document_not_found");
        assert_eq!(app.audit("document.delete").await.len(), 1);

        let png = [b"\x89PNG\r\n\x1a\n".as_slice(), &[0; 32]].concat();
        let (status, image) =
            upload(&app, "/api/upload/image", &ada, None, &[("logo.png", png)]).await;
        assert_eq!(status, 201, "{image}");
        let uploads = app.audit("upload.create").await;
        assert_eq!(uploads.len(), 1);
        assert_eq!(uploads[0].resource_type, "upload");
        assert_eq!(
            uploads[0].resource_id.as_deref(),
            image["data"]["id"].as_str()
        );
        assert_eq!(uploads[0].owner_id.as_deref(), Some(ada_id.as_str()));
        assert_eq!(uploads[0].changes["contentType"]["to"], "image/png");
    })
    .await;
}
