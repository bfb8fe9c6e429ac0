//! `upcard cs246`: the CS 246 program; player 0 reads commands from stdin.

use std::io::Write;

use upcard::Failure;
use upcard::courses::cs246::program;

/// Play as the CS 246 euchre: [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]
#[derive(clap::Args)]
pub struct Args {
    /// The program's flags, read as the course program reads them.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        program::run(&self.args, Box::new(std::io::stdin().lock()), stdout)
    }
}
