//! `upcard run`: every scenario through the engine, compared with its golden.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;
use upcard::Failure;
use upcard::scenario::runner::{Options, run};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum Color {
    Auto,
    Always,
    Never,
}

impl Color {
    /// Auto: colour on a terminal unless NO_COLOR is set (no-color.org).
    pub fn enabled(self) -> bool {
        match self {
            Color::Always => true,
            Color::Never => false,
            Color::Auto => {
                std::io::stdout().is_terminal()
                    && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
            }
        }
    }
}

/// Which scenarios a command takes (run, bless, grade).
#[derive(clap::Args)]
pub struct Selection {
    /// Scenario files or directories (default: ./scenarios, else the library bundled in upcard)
    pub paths: Vec<PathBuf>,
    /// Only scenarios whose name, path or a tag contains TEXT
    #[arg(long, value_name = "TEXT")]
    pub filter: Option<String>,
}

impl Selection {
    /// The paths given; with none, `./scenarios` when it exists, else the
    /// bundled library (said on standard error, with how to get a copy).
    pub fn library(&self) -> Result<Vec<PathBuf>, Failure> {
        if !self.paths.is_empty() {
            return Ok(self.paths.clone());
        }
        let Some(root) = upcard::library::unless_here().map_err(Failure::input)? else {
            return Ok(Vec::new());
        };
        eprintln!(
            "upcard: no ./scenarios here: using the {} scenarios bundled in upcard {} \
             (`upcard scenarios export DIR` writes them out to read and extend)",
            upcard::library::scenario_count(),
            env!("CARGO_PKG_VERSION")
        );
        Ok(vec![root.join("scenarios")])
    }
}

/// Run scenarios through the engine and compare each with its golden transcript
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard run
  upcard run scenarios/cs246 --filter alone
  upcard run --failed --side-by-side")]
pub struct Args {
    #[command(flatten)]
    scenarios: super::run::Selection,
    /// Only the scenarios that failed last time (.upcard/last-failed)
    #[arg(long)]
    failed: bool,
    /// Show diffs as two columns
    #[arg(long)]
    side_by_side: bool,
    #[arg(long, value_enum, default_value = "auto")]
    color: Color,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let o = Options {
            paths: self.scenarios.library()?,
            filter: self.scenarios.filter,
            failed: self.failed,
            side_by_side: self.side_by_side,
            color: self.color.enabled(),
        };
        run(&o, stdout, &mut super::said::unreadable)
    }
}
