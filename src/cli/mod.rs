//! The command line: one file per subcommand, each with its options as a
//! `clap::Args` struct and an `execute`. Only the binary has this module.

mod bless;
mod cs246;
mod eecs280;
mod grade;
mod replay;
mod run;
mod schema;

use std::io::Write;

use clap::{Parser, Subcommand};
use upcard::Failure;

#[derive(Parser)]
#[command(
    name = "upcard",
    version,
    about = "Euchre test harness and replay tool for EECS 280 and CS 246"
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    Eecs280(eecs280::Args),
    Cs246(cs246::Args),
    Run(run::Args),
    Bless(bless::Args),
    Grade(grade::Args),
    Replay(replay::Args),
    Schema(schema::Args),
}

impl Cli {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        match self.command {
            Command::Eecs280(a) => a.execute(stdout),
            Command::Cs246(a) => a.execute(stdout),
            Command::Run(a) => a.execute(stdout),
            Command::Bless(a) => a.execute(stdout),
            Command::Grade(a) => a.execute(stdout),
            Command::Replay(a) => a.execute(stdout),
            Command::Schema(a) => a.execute(stdout),
        }
    }
}
