//! PDFs, read in a process of their own. `pdf-extract` panics on some
//! damaged files, loops or takes gigabytes on crafted ones; run in the
//! server, one such upload would take the server with it. So the server
//! runs `PROGRAM extract-pdf` (by default itself: `agentforge
//! extract-pdf`), hands it the PDF on standard input and reads the text on
//! standard output. That process limits its own address space and CPU time
//! before it reads a byte ([`run_child`]); the server kills it at the
//! wall-clock deadline and when it writes more text than the file may give.

use std::io::{Read, Write};
use std::path::PathBuf;
use std::process::{ExitCode, Stdio};

use tokio::io::{AsyncReadExt, AsyncWriteExt};

use super::{Limits, Refusal, unreadable};

/// The reader's command (hidden from `agentforge --help`).
pub const COMMAND: &str = "extract-pdf";
/// The reader's exit status when the PDF cannot be read; the reason is its
/// output.
const REFUSED: u8 = 3;
/// Its exit status when it could not do its work at all.
const FAILED: u8 = 4;
const DAMAGED: &str = "is a damaged PDF that cannot be read";
/// The longest reason from the reader the server passes on.
const MAX_REASON: usize = 300;

/// The program the server runs to read PDFs when none is configured: this
/// one. On Linux through `/proc/self/exe`, which still starts this build
/// after an upgrade has replaced its file.
pub(super) fn this_program() -> PathBuf {
    if cfg!(target_os = "linux") {
        PathBuf::from("/proc/self/exe")
    } else {
        std::env::current_exe().unwrap_or_else(|_| PathBuf::from("agentforge"))
    }
}

/// The text of a PDF, read by the reader's process within `limits`.
pub(super) async fn text(bytes: &[u8], limits: &Limits) -> Result<String, Refusal> {
    if !bytes.starts_with(b"%PDF") {
        return Err(unreadable("is not a PDF file"));
    }
    let deadline = tokio::time::Instant::now() + limits.timeout;
    let too_slow = Refusal::TooSlow {
        timeout: limits.timeout,
    };
    let mut child = tokio::process::Command::new(&limits.pdf_program)
        .arg(COMMAND)
        .arg("--max-memory-bytes")
        .arg(limits.pdf_max_memory.to_string())
        .arg("--max-cpu-seconds")
        .arg(limits.timeout.as_secs().max(1).to_string())
        // It needs nothing of the server's environment (its secrets least).
        .env_clear()
        // `agentforge` allocates with mimalloc, which reserves a gigabyte of
        // address space up front unless told not to: that would count
        // against the reader's memory limit before it reads a byte.
        .env("MIMALLOC_ARENA_RESERVE", "0")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| {
            Refusal::Failed(format!(
                "cannot start the PDF reader {}: {e}",
                limits.pdf_program.display()
            ))
        })?;
    let (Some(mut stdin), Some(stdout)) = (child.stdin.take(), child.stdout.take()) else {
        return Err(Refusal::Failed("the PDF reader has no pipes".to_owned()));
    };
    let max = limits.max_text;
    let talk = async {
        let write = async move {
            // A reader that stops early (at a limit) closes its input; what
            // happened is in its exit status.
            let _ = stdin.write_all(bytes).await;
        };
        let read = async {
            // Room for all it may write at once, as for any file's text.
            let mut text = Vec::with_capacity(max + 1);
            stdout
                .take(max as u64 + 1)
                .read_to_end(&mut text)
                .await
                .map(|_| text)
        };
        tokio::join!(write, read).1
    };
    let text = match tokio::time::timeout_at(deadline, talk).await {
        Ok(Ok(text)) => text,
        Ok(Err(e)) => {
            let _ = child.kill().await;
            return Err(Refusal::Failed(format!("cannot read the PDF reader: {e}")));
        }
        Err(_) => {
            let _ = child.kill().await;
            return Err(too_slow);
        }
    };
    if text.len() > max {
        let _ = child.kill().await;
        return Err(Refusal::TooMuchText { limit: max });
    }
    let status = match tokio::time::timeout_at(deadline, child.wait()).await {
        Ok(Ok(status)) => status,
        Ok(Err(e)) => {
            return Err(Refusal::Failed(format!(
                "cannot wait for the PDF reader: {e}"
            )));
        }
        Err(_) => {
            let _ = child.kill().await;
            return Err(too_slow);
        }
    };
    if status.success() {
        return String::from_utf8(text).map_err(|_| unreadable(DAMAGED));
    }
    if status.code() == Some(REFUSED.into()) {
        let reason = String::from_utf8_lossy(&text);
        if reason.starts_with("is ") && reason.len() <= MAX_REASON {
            return Err(unreadable(reason));
        }
    }
    if status.code() == Some(FAILED.into()) {
        return Err(Refusal::Failed(
            "the PDF reader could not set its limits or read its input".to_owned(),
        ));
    }
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        // SIGXCPU at the CPU limit, SIGKILL past it.
        if matches!(status.signal(), Some(libc::SIGXCPU | libc::SIGKILL)) {
            return Err(too_slow);
        }
    }
    // A panic, an allocation over the memory limit, a stack overflow.
    Err(unreadable(DAMAGED))
}

/// What the reader's process may take, set on itself before it reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ChildLimits {
    /// Address space, in bytes.
    pub max_memory_bytes: u64,
    /// CPU time, in seconds.
    pub max_cpu_seconds: u64,
}

impl ChildLimits {
    /// From the arguments the server passes after `extract-pdf`:
    /// `--max-memory-bytes N --max-cpu-seconds N`.
    pub fn from_args(args: impl IntoIterator<Item = String>) -> Result<Self, String> {
        let mut memory = None;
        let mut cpu = None;
        let mut args = args.into_iter();
        while let Some(name) = args.next() {
            let value = args
                .next()
                .and_then(|v| v.parse::<u64>().ok())
                .ok_or_else(|| format!("{name} needs a whole number"))?;
            match name.as_str() {
                "--max-memory-bytes" => memory = Some(value),
                "--max-cpu-seconds" => cpu = Some(value),
                _ => return Err(format!("unknown argument {name}")),
            }
        }
        Ok(Self {
            max_memory_bytes: memory.ok_or("--max-memory-bytes is required")?,
            max_cpu_seconds: cpu.ok_or("--max-cpu-seconds is required")?,
        })
    }
}

/// The `extract-pdf` command: limits this process, reads a PDF on standard
/// input and writes its text on standard output (exit 0), or the reason it
/// cannot be read (exit 3). Killed at its limits, it says nothing: the
/// server reads its exit status.
pub fn run_child(limits: ChildLimits) -> ExitCode {
    // A panic is reported by the exit status, not on a terminal nobody reads.
    std::panic::set_hook(Box::new(|_| {}));
    if limit_self(limits).is_err() {
        return ExitCode::from(FAILED);
    }
    let mut bytes = Vec::new();
    if std::io::stdin().lock().read_to_end(&mut bytes).is_err() {
        return ExitCode::from(FAILED);
    }
    let (status, output) = match read_pdf(&bytes) {
        Ok(text) => (ExitCode::SUCCESS, text),
        Err(reason) => (ExitCode::from(REFUSED), reason),
    };
    let mut stdout = std::io::stdout().lock();
    match stdout
        .write_all(output.as_bytes())
        .and_then(|()| stdout.flush())
    {
        Ok(()) => status,
        Err(_) => ExitCode::from(FAILED),
    }
}

/// `pdf-extract` on a PDF, its panics caught: what the reader's process
/// runs.
pub(super) fn read_pdf(bytes: &[u8]) -> Result<String, String> {
    match std::panic::catch_unwind(|| pdf_extract::extract_text_from_mem(bytes)) {
        Ok(Ok(text)) => Ok(text),
        Ok(Err(e)) => Err(format!("is a PDF that cannot be read ({e})")),
        Err(_) => Err(DAMAGED.to_owned()),
    }
}

/// Lowers this process's limits to `limits` (never raising one that is
/// already lower).
#[cfg(unix)]
fn limit_self(limits: ChildLimits) -> std::io::Result<()> {
    use rlimit::Resource;
    let lower = |resource: Resource, soft: u64, hard: u64| {
        let (_, current) = resource.get()?;
        resource.set(soft.min(current), hard.min(current))
    };
    lower(
        Resource::AS,
        limits.max_memory_bytes,
        limits.max_memory_bytes,
    )?;
    // SIGXCPU at the soft limit, SIGKILL a second later.
    let cpu = limits.max_cpu_seconds;
    lower(Resource::CPU, cpu, cpu.saturating_add(1))?;
    // No core file of a hostile PDF's crash.
    lower(Resource::CORE, 0, 0)
}

/// Elsewhere only the server's wall-clock deadline holds.
#[cfg(not(unix))]
fn limit_self(_: ChildLimits) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_limits_come_from_the_servers_arguments() {
        let args = ["--max-memory-bytes", "1024", "--max-cpu-seconds", "5"].map(String::from);
        assert_eq!(
            ChildLimits::from_args(args),
            Ok(ChildLimits {
                max_memory_bytes: 1024,
                max_cpu_seconds: 5
            })
        );
        assert!(ChildLimits::from_args(["--max-cpu-seconds".to_owned()]).is_err());
        assert!(ChildLimits::from_args(Vec::new()).is_err());
    }
}
