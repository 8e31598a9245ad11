//! `agentforge`: the one binary. `serve` (the default) runs the server;
//! the other commands help operate it.

use std::process::ExitCode;

use agentforge_server::accounts::{self, AdminOutcome};
use agentforge_server::config::{Config, DEFAULT_CONFIG};
use agentforge_server::{Application, telemetry};
use clap::{Parser, Subcommand};

// Many small, short-lived allocations per request: mimalloc serves them
// faster than the system allocator (see docs/performance.md).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[derive(Parser)]
#[command(
    name = "agentforge",
    version,
    about = "AgentForge: build, run and watch AI agents."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Migrate the database and serve the API, the realtime socket and the web app (the default).
    Serve,
    /// Apply pending database migrations and exit.
    Migrate,
    /// Create an admin account, or make an existing account an admin with this password.
    CreateAdmin {
        #[arg(long)]
        email: String,
        #[arg(long, env = "AGENTFORGE_ADMIN_PASSWORD", hide_env_values = true)]
        password: String,
    },
    /// Mark an account's email address verified (for a server with no mail server).
    VerifyEmail {
        #[arg(long)]
        email: String,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Print the annotated default configuration.
    DefaultConfig,
    /// Read a PDF on standard input and write its text on standard output,
    /// within these limits: what `serve` runs for each PDF upload, so that a
    /// hostile PDF costs this process, not the server.
    #[command(hide = true)]
    ExtractPdf {
        #[arg(long)]
        max_memory_bytes: u64,
        #[arg(long)]
        max_cpu_seconds: u64,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let command = cli.command.unwrap_or(Command::Serve);
    match command {
        Command::Openapi => {
            return print(&agentforge_server::openapi_json(
                &agentforge_server::openapi_document(),
            ));
        }
        Command::DefaultConfig => return print(DEFAULT_CONFIG),
        Command::ExtractPdf {
            max_memory_bytes,
            max_cpu_seconds,
        } => {
            return agentforge_server::run_pdf_reader(agentforge_server::PdfReaderLimits {
                max_memory_bytes,
                max_cpu_seconds,
            });
        }
        _ => {}
    }

    let (config, notes) = match Config::from_environment() {
        Ok(loaded) => loaded,
        Err(errors) => {
            eprint!("agentforge: {errors}");
            return ExitCode::from(2);
        }
    };
    telemetry::init(config.log_format, &config.log_level);
    if let Some(file) = &notes.file {
        tracing::info!(file = %file.display(), "configuration file loaded");
    }
    for warning in &notes.warnings {
        tracing::warn!("{warning}");
    }

    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("agentforge: cannot start the async runtime: {e}");
            return ExitCode::FAILURE;
        }
    };
    let result = runtime.block_on(async move {
        match command {
            Command::Serve => serve(config).await,
            Command::Migrate => migrate(config).await,
            Command::CreateAdmin { email, password } => {
                create_admin(config, &email, &password).await
            }
            Command::VerifyEmail { email } => verify_email(config, &email).await,
            Command::Openapi | Command::DefaultConfig | Command::ExtractPdf { .. } => Ok(()),
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            tracing::error!("{e:#}");
            eprintln!("agentforge: {e:#}");
            ExitCode::FAILURE
        }
    }
}

async fn serve(config: Config) -> anyhow::Result<()> {
    let public_url = config.public_url.clone();
    let app = Application::build(config).await?;
    tracing::info!(port = app.port(), database = app.state().store.kind().as_str(), %public_url, "AgentForge is listening");
    app.run_until(agentforge_server::shutdown_signal()).await
}

async fn migrate(config: Config) -> anyhow::Result<()> {
    let store = agentforge_server::connect_store(&config).await?;
    store.migrate().await?;
    let applied = store.applied_migrations().await?;
    println!(
        "database is up to date ({} migrations applied; latest {})",
        applied.len(),
        applied.last().map_or("none", String::as_str)
    );
    Ok(())
}

async fn create_admin(config: Config, email: &str, password: &str) -> anyhow::Result<()> {
    let store = agentforge_server::connect_store(&config).await?;
    store.migrate().await?;
    let (user, outcome) = accounts::create_admin(&store, email, password).await?;
    match outcome {
        AdminOutcome::Created => println!("created admin {}", user.email),
        AdminOutcome::Promoted => println!(
            "{} already had an account: it is now an admin, with the new password",
            user.email
        ),
    }
    Ok(())
}

async fn verify_email(config: Config, email: &str) -> anyhow::Result<()> {
    let store = agentforge_server::connect_store(&config).await?;
    store.migrate().await?;
    let user = accounts::mark_email_verified(&store, email).await?;
    println!("the address {} is verified", user.email);
    Ok(())
}

/// Writes `text` to standard output; a reader that stopped early (a closed
/// pipe) is not an error of ours.
fn print(text: &str) -> ExitCode {
    use std::io::Write;
    match std::io::stdout().lock().write_all(text.as_bytes()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("cannot write: {e}");
            ExitCode::FAILURE
        }
    }
}
