//! `upcard scenarios export DIR`: the library bundled in the binary
//! written out, for a TA to read, extend and grade with.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;

/// The scenario library bundled in upcard
#[derive(clap::Args)]
pub struct Args {
    #[command(subcommand)]
    action: Action,
}

#[derive(clap::Subcommand)]
enum Action {
    /// Write the bundled scenarios and goldens into DIR (DIR/scenarios, DIR/golden)
    #[command(after_help = "Examples:
  upcard scenarios export course-library
  upcard run course-library/scenarios
  upcard grade --exe euchre.exe course-library/scenarios/eecs280")]
    Export {
        /// The folder to write into (made if missing; an existing scenarios/ or golden/ in it is never overwritten)
        dir: PathBuf,
    },
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        match self.action {
            Action::Export { dir } => {
                let n = upcard::library::export(&dir).map_err(Failure::input)?;
                let _ = writeln!(
                    stdout,
                    "wrote {} scenarios and their goldens ({n} files) into {}",
                    upcard::library::scenario_count(),
                    dir.display()
                );
                Ok(())
            }
        }
    }
}
