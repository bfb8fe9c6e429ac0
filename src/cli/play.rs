//! `upcard play`: the standard game at one terminal, full screen or plain.

use std::io::{IsTerminal, Write};
use std::path::PathBuf;

use upcard::Failure;
use upcard::bots::Bot;
use upcard::bots::OnFault;
use upcard::play::session::{self, Options, SeatSpec};
use upcard::seat::program_seat::Launch;

/// Play Euchre at this terminal: people passing the device, and bots
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard play                                   four people at one device
  upcard play --seat 1=bot:simple --seat 3=bot:computer --seat 0=human:Ann --seat 2=human:Cy
  upcard play --house stick-the-dealer=on --house points-to-win=5
  upcard play --plain --seed 5 --seat 0=bot:simple --seat 1=bot:computer --seat 2=bot:simple --seat 3=bot:computer
  upcard play --resume saved.toml
  upcard play --web --listen 0.0.0.0:8080 --seat 1=bot:expert --seat 3=bot:expert
                                                a tablet or phone on this network opens the link")]
pub struct Args {
    #[arg(long = "seat", value_name = "N=WHO",
          help = format!("Who sits at seat N (0 North, 1 East, 2 South, 3 West): human:NAME, bot:{} (weakest to strongest; the levels for people by word too: {}), or exec:PROGRAM (docs/seat-protocol.md); people by default", Bot::names("|"), Bot::levels_help()))]
    seats: Vec<SeatSpec>,
    /// A house rule, NAME=VALUE (repeatable); --list-house-rules shows them
    #[arg(long = "house", value_name = "NAME=VALUE")]
    house: Vec<String>,
    /// A TOML file of house rules (`stick-the-dealer = true`)
    #[arg(long, value_name = "FILE")]
    house_file: Option<PathBuf>,
    /// The shuffle's seed (default: a new one, printed, so the game can be dealt again)
    #[arg(long)]
    seed: Option<u32>,
    /// Plain text, no escape codes: the choices numbered (screen readers, scripts)
    #[arg(long)]
    plain: bool,
    /// Play in a browser: serve the table's page and print its link (and a
    /// QR code when --listen is not loopback). With no --seat and no house
    /// rule, the page sets up the table: people here, friends invited by
    /// link, bots, and the house rules
    #[arg(long, conflicts_with_all = ["plain", "resume"])]
    web: bool,
    /// With --web: the address to serve on, HOST:PORT (port 0: any free port)
    #[arg(
        long,
        value_name = "HOST:PORT",
        default_value = "127.0.0.1:8080",
        requires = "web"
    )]
    listen: String,
    /// Continue a game saved with q
    #[arg(long, value_name = "FILE", conflicts_with_all = ["house", "house_file", "seed"])]
    resume: Option<PathBuf>,
    /// With --resume: start the programs the saved game names for its seats (a saved game is
    /// data: without this, each such seat must be given again with --seat N=exec:PROGRAM)
    #[arg(long, requires = "resume")]
    trust_programs: bool,
    /// When the game ends, write it to FILE: a Euchre Game Notation record if it ends in .egn, else a scenario (and its golden) for upcard run and replay
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// List the house rules and their values
    #[arg(long)]
    list_house_rules: bool,
    /// Seconds a program at a seat may take to answer
    #[arg(long, default_value = "5", value_parser = upcard::grade::class::seconds)]
    seat_timeout: std::time::Duration,
    /// When a program at a seat misbehaves: bot:KIND takes its seat, or end stops the game
    #[arg(long, default_value = "bot:computer", value_parser = OnFault::parse)]
    on_fault: OnFault,
    /// Run programs at seats (exec:) without the sandbox, with your rights: only programs you trust
    #[arg(long)]
    no_sandbox: bool,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        if self.list_house_rules {
            let _ = stdout.write_all(session::house_rules_list().as_bytes());
            return Ok(());
        }
        let full_screen =
            !self.plain && std::io::stdin().is_terminal() && std::io::stdout().is_terminal();
        let options = Options {
            seats: self.seats,
            house: self.house,
            house_file: self.house_file,
            seed: self.seed,
            resume: self.resume,
            trust_programs: self.trust_programs,
            record: self.record,
            seat_timeout: self.seat_timeout,
            on_fault: self.on_fault,
            launch: Launch::choose(self.no_sandbox, super::said::seat_echo())
                .map_err(Failure::input)?,
            web: self.web.then_some(self.listen),
            say: super::said::door(),
        };
        upcard::play::start::run(&options, full_screen, stdout)
    }
}
