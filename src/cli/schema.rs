//! `upcard schema`: the JSON Schema of scenario files.

use std::io::Write;

use upcard::Failure;

/// Print the JSON Schema of scenario files (grammar/scenario.schema.json)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard schema > grammar/scenario.schema.json")]
pub struct Args {}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        // A closed pipe is not worth a message, as elsewhere.
        let _ = writeln!(stdout, "{}", upcard::scenario::schema());
        Ok(())
    }
}
