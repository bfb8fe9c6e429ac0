//! `upcard bless`: write goldens from the engine, atomically, saying what changed.

use std::io::Write;
use upcard::Failure;
use upcard::scenario::bless::{Options, run};

/// Write or rewrite golden transcripts from the engine
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard bless scenarios/eecs280/march.yaml
  upcard bless --review
  upcard bless --dry-run scenarios/cs246")]
pub struct Args {
    #[command(flatten)]
    scenarios: super::run::Selection,
    /// List files in the golden folders that no scenario uses (writes nothing)
    #[arg(long)]
    unreferenced: bool,
    /// Show each change as a diff and write nothing (exit 1 when anything would change)
    #[arg(long, conflicts_with = "review")]
    dry_run: bool,
    /// Show each change as a diff and ask: accept (a), reject (r) or skip (s)
    #[arg(long)]
    review: bool,
    /// Also rewrite goldens a scenario names itself, outside golden/<rules>/ (official course files)
    #[arg(long)]
    force: bool,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let o = Options {
            paths: self.scenarios.paths,
            filter: self.scenarios.filter,
            unreferenced: self.unreferenced,
            dry_run: self.dry_run,
            review: self.review,
            force: self.force,
        };
        run(&o, stdout, &mut super::said::unreadable)
    }
}
