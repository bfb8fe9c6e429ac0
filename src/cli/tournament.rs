//! `upcard tournament`: every bot in a folder, and built-in bots, in a round
//! robin of duplicate matches, rated.

use std::io::Write;
use std::path::PathBuf;

use upcard::Failure;
use upcard::bots::Bot;
use upcard::bots::OnFault;
use upcard::seat::program_seat::Launch;
use upcard::tournament::{Tournament, entries};

#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    Text,
    Json,
    /// A page of its own: the leaderboard and each faulting bot's faults
    Html,
}

/// Rank bots: a round robin of duplicate matches between every bot program in DIR (one per
/// subfolder) and built-in bots, rated (Bradley–Terry, Elo scale) with 95% intervals
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard tournament bots/ --bot simple --bot expert --games 100 -j 2
  upcard tournament bots/ --format html > leaderboard.html

A subfolder's program is its one executable file (of several, the one named bot or bot.EXT). It runs
in a sandbox of its own (docs/sandbox.md). A game in which a bot's program faults (crash, timeout,
unlawful or unparsable answer) counts as lost by it; a bot takes its seat to finish the game.

Exit status: 0, 1 when a program faulted (the report lists its faults and its standard error's
end), 2 for a usage error.")]
pub struct Args {
    /// The folder of bots, one program per subfolder
    dir: Option<PathBuf>,
    #[arg(long = "bot", value_name = "NAME", value_parser = |s: &str| Bot::find(s).ok_or_else(|| format!("there is no bot {s:?}; the bots are {}", Bot::names(", "))),
          help = format!("A built-in bot in the tournament too (repeatable): {}", Bot::names(", ")))]
    bots: Vec<Bot>,
    /// Games each pair plays (each deal both ways; an odd number plays the last deal once)
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
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
    /// Seconds a program may take to answer each decision
    #[arg(long, default_value = "5", value_parser = upcard::grade::class::seconds)]
    seat_timeout: std::time::Duration,
    /// When a program faults: bot:KIND finishes the game for it, or end stops the game there
    #[arg(long, default_value = "bot:computer", value_parser = OnFault::parse)]
    on_fault: OnFault,
    /// Games at once (default: the number of cores)
    #[arg(short = 'j', long)]
    jobs: Option<usize>,
    /// Show decision times (they differ from run to run; the rest does not)
    #[arg(long)]
    timings: bool,
    #[arg(long, value_enum, default_value = "text")]
    format: Format,
    /// Run the programs without the sandbox, with your rights: only programs you trust
    #[arg(long)]
    no_sandbox: bool,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        // Stopped by a signal, it removes its seats' folders before it exits.
        super::signals::stop_everything_on_signals()
            .map_err(|e| Failure::input(format!("cannot watch for signals: {e}")))?;
        let t = Tournament {
            entries: entries(self.dir.as_deref(), &self.bots).map_err(Failure::input)?,
            rules: self.rules.rules()?,
            games: self.games,
            deals: upcard::arena::Deals::from_seed(self.seed).map_err(Failure::input)?,
            jobs: self
                .jobs
                .unwrap_or_else(|| std::thread::available_parallelism().map_or(2, |n| n.get())),
            strength: self.strength.strength(),
            timeout: self.seat_timeout,
            on_fault: self.on_fault,
            launch: Launch::choose(self.no_sandbox, upcard::seat::program_seat::Echo::NONE)
                .map_err(Failure::input)?,
            timings: self.timings,
        };
        let report = t
            .run_with(&super::said::Games::default())
            .map_err(Failure::input)?;
        let text = match self.format {
            Format::Text => report.text(),
            Format::Json => report.json(),
            Format::Html => report.html(),
        };
        super::exit::write_out(stdout, text.as_bytes())?;
        if report.faulted() {
            return Err(Failure::said(upcard::FailureKind::Failed));
        }
        Ok(())
    }
}
