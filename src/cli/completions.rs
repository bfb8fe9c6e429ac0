//! `upcard completions SHELL` and `upcard man`: generated from the clap
//! definitions, so they never fall behind the commands.

use std::io::Write;

use upcard::Failure;

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Shell {
    Bash,
    Zsh,
    Fish,
    Powershell,
}

/// Print a shell completion script
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard completions bash > ~/.local/share/bash-completion/completions/upcard
  upcard completions zsh > ~/.zfunc/_upcard
  upcard completions fish > ~/.config/fish/completions/upcard.fish")]
pub struct Args {
    #[arg(value_enum)]
    shell: Shell,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        use clap_complete::{Shell as S, generate};
        let shell = match self.shell {
            Shell::Bash => S::Bash,
            Shell::Zsh => S::Zsh,
            Shell::Fish => S::Fish,
            Shell::Powershell => S::PowerShell,
        };
        let mut cmd = super::command();
        let mut out = Vec::new();
        generate(shell, &mut cmd, "upcard", &mut out);
        let _ = stdout.write_all(&out);
        Ok(())
    }
}

/// Print upcard's manual page (roff): `upcard man | man -l -`
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard man | man -l -
  upcard man > /usr/local/share/man/man1/upcard.1")]
pub struct Man {}

impl Man {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let mut out = Vec::new();
        clap_mangen::Man::new(super::command())
            .render(&mut out)
            .map_err(|e| Failure::input(e.to_string()))?;
        let _ = stdout.write_all(&out);
        Ok(())
    }
}
