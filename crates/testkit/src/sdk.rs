//! The Python of target/sdk-venv, where `make test-rust` installs the
//! packages tests check the product against (crates/testkit/sdk/requirements.txt:
//! the official OpenAI SDK, the reference Standard Webhooks package).

use std::path::PathBuf;

/// That Python (or `AGENTFORGE_TEST_PYTHON`); `None`, said on stderr, when
/// it is missing outside CI. Under CI a missing one fails the test.
pub fn sdk_python() -> Option<PathBuf> {
    let python = std::env::var_os("AGENTFORGE_TEST_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| {
            PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target/sdk-venv/bin/python")
        });
    if python.exists() {
        return Some(python);
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "{} is missing: `make test-rust` installs the test SDKs there",
        python.display()
    );
    eprintln!(
        "SKIPPED: {} is missing; `make test-rust` installs the test SDKs there",
        python.display()
    );
    None
}
