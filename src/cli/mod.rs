//! The command line: one file per subcommand, each with its options as a
//! `clap::Args` struct and an `execute`. Only the binary has this module.

mod adt;
mod arena;
mod autograder;
mod bless;
mod build;
mod completions;
mod course_files;
pub mod exit;
mod grade;
mod import;
mod join;
mod mutants;
mod new;
mod parts;
mod plan;
mod play;
mod program;
mod record;
mod replay;
mod report;
mod run;
mod said;
mod scenarios;
mod schema;
mod serve;
mod signals;
mod style;
mod tournament;
mod unit_tests;
mod verdict;

use std::io::Write;

use clap::{CommandFactory, FromArgMatches, Parser, Subcommand};
use upcard::Failure;

/// `--samples` and `--think-ms`: how hard the search bots think, as the
/// commands that pit bots against each other take them.
#[derive(clap::Args)]
pub struct StrengthArgs {
    /// The search bots' (pimc, expert) strength: deals solved per decision
    #[arg(long, default_value_t = upcard::bots::EXPERT_SAMPLES as u64, value_parser = clap::value_parser!(u64).range(1..=10_000))]
    pub samples: u64,
    /// Think about MS milliseconds per decision: solve rounds of --samples deals while another
    /// fits (at most 32). Results then depend on the machine's speed and load, so a seed no
    /// longer replays them; without it every decision solves one round
    #[arg(long, value_name = "MS", value_parser = clap::value_parser!(u64).range(1..=600_000))]
    pub think_ms: Option<u64>,
}

impl StrengthArgs {
    pub fn strength(&self) -> upcard::bots::Strength {
        upcard::bots::Strength {
            samples: self.samples as usize,
            think: self.think_ms.map(std::time::Duration::from_millis),
        }
    }
}

/// `--rules` and `--house`, as every command that sets up a table or a
/// match takes them.
#[derive(clap::Args)]
pub struct RulesArgs {
    /// The rules: standard (its house rules with --house), eecs280 or cs246
    #[arg(long, default_value = "standard", value_parser = clap::builder::PossibleValuesParser::new(upcard::courses::names()))]
    pub rules: String,
    /// A house rule of the standard game, NAME=VALUE (repeatable)
    #[arg(long = "house", value_name = "NAME=VALUE")]
    pub house: Vec<String>,
}

impl RulesArgs {
    pub fn rules(&self) -> Result<upcard::Rules, upcard::Failure> {
        upcard::Rules::from_name(&self.rules, &self.house).map_err(upcard::Failure::input)
    }
}

#[derive(Parser)]
#[command(
    name = "upcard",
    version,
    about = "Euchre as EECS 280 and CS 246 specify it, and to play: scenarios, grading, replay, games and bots"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
pub enum Command {
    Run(run::Args),
    Bless(bless::Args),
    Build(build::Args),
    Grade(grade::Args),
    Replay(replay::Args),
    Import(import::Args),
    Schema(schema::Args),
    Scenarios(scenarios::Args),
    Autograder(autograder::Args),
    Report(report::Args),
    Play(play::Args),
    Arena(arena::Args),
    Tournament(tournament::Args),
    Serve(serve::Args),
    Join(join::Args),
    Completions(completions::Args),
    Man(completions::Man),
    New(new::Args),
    Record(record::Args),
    Mutants(mutants::Args),
    UnitTests(unit_tests::Args),
    Adt(adt::Args),
    Style(style::Args),
}

/// A parsed command line.
pub enum Parsed {
    Program(program::Program),
    Command(Box<Command>),
    /// `upcard --version`, as clap prints it.
    Version,
}

/// The whole command line: the subcommands and one per course program.
pub fn command() -> clap::Command {
    program::subcommands(Cli::command())
}

/// The command for a course's subcommand alone: what `parse` builds when
/// the first argument names a course (the others' arguments unbuilt).
fn course_command() -> clap::Command {
    program::subcommands(clap::Command::new("upcard").version(env!("CARGO_PKG_VERSION")))
}

/// Parses the command line (printing help or a usage error and exiting, as
/// clap does).
pub fn parse() -> Parsed {
    let argv: Vec<std::ffi::OsString> = std::env::args_os().collect();
    if let Some(p) = program::Program::from_argv0(&argv) {
        return Parsed::Program(p);
    }
    // Start-up (benches/startup.sh): building every subcommand's arguments
    // costs about as much as a whole course game, and neither `--version`
    // nor a course's subcommand needs them. Their output is clap's own
    // (tests compare it with the full command's).
    if let Some(first) = argv.get(1).and_then(|a| a.to_str()) {
        if argv.len() == 2 && (first == "--version" || first == "-V") {
            return Parsed::Version;
        }
        if upcard::courses::find(first).is_some_and(|c| c.has_program()) {
            let matches = course_command().get_matches_from(&argv);
            if let Some((name, m)) = matches.subcommand()
                && let Some(p) = program::Program::from_matches(name, m)
            {
                return Parsed::Program(p);
            }
        }
    }
    let matches = command().get_matches_from(argv);
    if let Some((name, m)) = matches.subcommand()
        && let Some(p) = program::Program::from_matches(name, m)
    {
        return Parsed::Program(p);
    }
    match Cli::from_arg_matches(&matches) {
        Ok(cli) => Parsed::Command(Box::new(cli.command)),
        Err(e) => e.exit(),
    }
}

impl Parsed {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        let c = match self {
            Parsed::Program(p) => return p.execute(stdout),
            Parsed::Command(c) => *c,
            Parsed::Version => {
                let v = format!("upcard {}\n", env!("CARGO_PKG_VERSION"));
                return exit::write_out(stdout, v.as_bytes());
            }
        };
        match c {
            Command::Run(a) => a.execute(stdout),
            Command::Bless(a) => a.execute(stdout),
            Command::Build(a) => a.execute(stdout),
            Command::Grade(a) => a.execute(stdout),
            Command::Replay(a) => a.execute(stdout),
            Command::Import(a) => a.execute(stdout),
            Command::Schema(a) => a.execute(stdout),
            Command::Autograder(a) => a.execute(stdout),
            Command::Report(a) => a.execute(stdout),
            Command::Play(a) => a.execute(stdout),
            Command::Arena(a) => a.execute(stdout),
            Command::Tournament(a) => a.execute(stdout),
            Command::Serve(a) => a.execute(stdout),
            Command::Join(a) => a.execute(stdout),
            Command::Completions(a) => a.execute(stdout),
            Command::Man(a) => a.execute(stdout),
            Command::New(a) => a.execute(stdout),
            Command::Record(a) => a.execute(stdout),
            Command::Mutants(a) => a.execute(stdout),
            Command::Scenarios(a) => a.execute(stdout),
            Command::UnitTests(a) => a.execute(stdout),
            Command::Adt(a) => a.execute(stdout),
            Command::Style(a) => a.execute(stdout),
        }
    }
}

/// The supervisor's refusals (no sandbox on this machine, no directory for
/// the runs, no upcard to serve as the helper): exit status 2, as every
/// refusal before a run.
fn refused(e: upcard::sandbox::Error) -> Failure {
    Failure::input(e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The start-up shortcuts print what the whole command prints.
    #[test]
    fn the_shortcuts_say_what_clap_says() {
        assert_eq!(
            command().render_version(),
            format!("upcard {}\n", env!("CARGO_PKG_VERSION"))
        );
        for course in upcard::courses::program_names() {
            let full = command()
                .try_get_matches_from(["upcard", course, "--help"])
                .unwrap_err()
                .to_string();
            let small = course_command()
                .try_get_matches_from(["upcard", course, "--help"])
                .unwrap_err()
                .to_string();
            assert_eq!(small, full, "{course} --help");
            let full = command()
                .try_get_matches_from(["upcard", course, "--argv0"])
                .unwrap_err()
                .to_string();
            let small = course_command()
                .try_get_matches_from(["upcard", course, "--argv0"])
                .unwrap_err()
                .to_string();
            assert_eq!(small, full, "{course} --argv0");
        }
    }
}
