//! The PDF reader of `agentforge extract-pdf`, as a program of its own: the
//! server's tests run it, since their own program is the test harness, not
//! `agentforge` (`AGENTFORGE_KNOWLEDGE_PDF_EXTRACTOR`).
//!
//! Usage: `pdf-reader extract-pdf --max-memory-bytes N --max-cpu-seconds N`.

use std::process::ExitCode;

use agentforge_server::{PdfReaderLimits, run_pdf_reader};

fn main() -> ExitCode {
    let mut args = std::env::args().skip(1);
    if args.next().as_deref() != Some("extract-pdf") {
        eprintln!("usage: pdf-reader extract-pdf --max-memory-bytes N --max-cpu-seconds N");
        return ExitCode::from(2);
    }
    match PdfReaderLimits::from_args(args) {
        Ok(limits) => run_pdf_reader(limits),
        Err(problem) => {
            eprintln!("pdf-reader: {problem}");
            ExitCode::from(2)
        }
    }
}
