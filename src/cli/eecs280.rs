//! `upcard eecs280`: a drop-in for the course's `euchre.exe`.

use std::io::Write;

use upcard::Failure;
use upcard::courses::eecs280::program;

/// Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4
#[derive(clap::Args)]
pub struct Args {
    /// The program name echoed on line 1.
    #[arg(long, default_value = "./euchre.exe")]
    argv0: String,
    /// The course program's arguments, checked as it checks them.
    #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
    args: Vec<String>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let stdin = Box::new(std::io::stdin().lock());
        program::run(&self.args, &self.argv0, stdin, stdout)
    }
}
