//! `upcard import GAME.egn --out DIR`: a recorded game as a scenario.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;

/// Make a Euchre Game Notation record (or one deal of it) a scenario of the standard game, with its golden, for upcard run
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard import \"VWEC Finals.egn\" --out scenarios/standard/imported
  upcard import \"VWEC Finals.egn\" --out scenarios/standard/imported --deal 7 --name vwec-loner")]
pub struct Args {
    /// The record (.egn)
    file: PathBuf,
    /// Where the scenario and its copy of the record go (the golden: in the golden folder beside the scenarios folder)
    #[arg(long, value_name = "DIR")]
    out: PathBuf,
    /// Only this deal (from 0), starting from the score before it
    #[arg(long, value_name = "N")]
    deal: Option<usize>,
    /// The scenario's name (default: from the file's name)
    #[arg(long)]
    name: Option<String>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        use upcard::parse::file::{MAX_INPUT, ReadError, read_text};
        let text = read_text(&self.file, MAX_INPUT).map_err(|e| match e {
            ReadError::NotText(e) => Failure::input(e.to_string()),
            e => Failure::input(format!("{}: {e}", self.file.display())),
        })?;
        let done = upcard::egn::import::import(
            &self.file,
            &text,
            &self.out,
            self.deal,
            self.name.as_deref(),
        )
        .map_err(Failure::input)?;
        let mut said = format!(
            "wrote {}, {} and its golden {}; check it with:\n  upcard run {}\n",
            done.record.display(),
            done.scenario.display(),
            done.golden.display(),
            done.scenario.display()
        );
        if let Some(end) = done.end {
            said.push_str(&format!("(the replay ends early: {end})\n"));
        }
        super::exit::write_out(stdout, said.as_bytes())
    }
}
