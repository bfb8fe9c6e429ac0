//! `upcard arena`: two bots over duplicate games, with the statistics.

use std::io::Write;

use upcard::Failure;
use upcard::arena::{Entrant, Match};
use upcard::bots::Bot;
use upcard::bots::OnFault;
use upcard::seat::program_seat::Launch;

/// This process's command line, shell-quoted, as the report names it.
fn command_line() -> String {
    let words: Vec<String> = std::env::args().collect();
    shlex::try_join(words.iter().map(String::as_str)).unwrap_or_else(|_| words.join(" "))
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
}

/// Pit two bots against each other over duplicate games (each deal played twice, the teams swapped)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard arena --team0 expert --team1 computer --games 2000 --seed 1
  upcard arena --team0 simple --team1 random --rules eecs280 --format json
  upcard arena --team0 'exec:python3 examples/bots/python/bot.py' --team1 simple --games 200 -j 2

Exit status: 0, or 1 when a program at a seat faulted (its faults are in the report).")]
pub struct Args {
    #[arg(long, value_parser = Entrant::parse, default_value = "expert",
          help = format!("Team 0's bot: {}, or exec:COMMAND (a program and its arguments, docs/seat-protocol.md)", Bot::names(", ")))]
    team0: Entrant,
    /// Team 1's bot
    #[arg(long, value_parser = Entrant::parse, default_value = "computer")]
    team1: Entrant,
    /// Seconds a program may take to answer
    #[arg(long, default_value = "5", value_parser = upcard::grade::class::seconds)]
    seat_timeout: std::time::Duration,
    /// Games in all (an odd number plays one deal once)
    #[arg(long, default_value_t = 200, value_parser = clap::value_parser!(u32).range(1..=10_000_000))]
    games: u32,
    /// Deal from seeds: deal d is seed S + d, the same games again anywhere.
    /// By default every deal comes from a secret made for this run, so no bot
    /// can compute a hand it does not see
    #[arg(long, value_name = "S")]
    seed: Option<u32>,
    #[command(flatten)]
    rules: super::RulesArgs,
    #[command(flatten)]
    strength: super::StrengthArgs,
    /// Games at once (default: the number of cores)
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// When a program misbehaves: bot:KIND plays on for it, or end stops that game (no one wins it)
    #[arg(long, default_value = "bot:computer", value_parser = OnFault::parse)]
    on_fault: OnFault,
    /// Run exec: programs without the sandbox, with your rights: only programs you trust
    #[arg(long)]
    no_sandbox: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Write each game to DIR as a Euchre Game Notation record (game-000000.egn, …)
    #[arg(long, value_name = "DIR")]
    record: Option<std::path::PathBuf>,
    /// Time every decision and report the median and 99th percentile (they
    /// differ run to run; without it no decision is clocked)
    #[arg(long)]
    timings: bool,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        // Stopped by a signal, it removes its seats' folders before it exits.
        super::signals::stop_everything_on_signals()
            .map_err(|e| Failure::input(format!("cannot watch for signals: {e}")))?;
        let rules = self.rules.rules()?;
        let m = Match {
            bots: [self.team0, self.team1],
            games: self.games,
            deals: upcard::arena::Deals::from_seed(self.seed).map_err(Failure::input)?,
            rules,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
            strength: self.strength.strength(),
            timeout: self.seat_timeout,
            on_fault: self.on_fault,
            command: command_line(),
            record: self.record,
            timings: self.timings,
            launch: Launch::choose(self.no_sandbox, super::said::seat_echo())
                .map_err(Failure::input)?,
        };
        let report = m
            .run_with(&super::said::Games::default())
            .map_err(Failure::input)?;
        let text = match self.format {
            Format::Text => report.text(),
            Format::Json => report.json(),
        };
        let _ = stdout.write_all(text.as_bytes());
        // A program's fault is a result, not a clean win: scripts see it.
        if report.faulted() {
            return Err(Failure::said(upcard::FailureKind::Failed));
        }
        Ok(())
    }
}
