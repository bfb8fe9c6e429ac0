//! `upcard serve`: a table whose seats are taken over the network by
//! `upcard join` (or any client of the seat protocol), and by bots.

use std::io::Write;
use std::time::Duration;

use upcard::Failure;
use upcard::bots::OnFault;
use upcard::play::serve::{Options, ServeSeat};

/// Host a game for players at other terminals (upcard join)
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard serve --listen 127.0.0.1:7878 --seat 0=remote --seat 2=remote --seat 1=bot:expert --seat 3=bot:expert
  upcard join 127.0.0.1:7878 --name Ann        (at another terminal)
  upcard serve --web --listen 0.0.0.0:8080 --seat 0=remote --seat 2=remote --seat 1=bot:expert --seat 3=bot:expert
                                                (friends open the seat links it prints)")]
pub struct Args {
    /// Address to listen on, HOST:PORT (port 0: any free port, printed)
    #[arg(long)]
    listen: String,
    #[arg(long = "seat", value_name = "N=WHO",
          help = format!("Who sits at seat N: remote (a client joins) or bot:{} (weakest to strongest; the levels for people by word too: {}); seats not given are bot:computer", upcard::bots::Bot::names("|"), upcard::bots::Bot::levels_help()))]
    seats: Vec<ServeSeat>,
    /// Deal from this seed, so the game can be dealt again (tests, replays); by
    /// default the cards come from a secret key of 256 random bits that no
    /// player can compute
    #[arg(long)]
    seed: Option<u32>,
    #[command(flatten)]
    rules: super::RulesArgs,
    /// Seconds a client may take to answer
    #[arg(long, default_value = "30", value_parser = upcard::grade::class::seconds)]
    seat_timeout: Duration,
    /// Seconds to wait for each remote seat's client to join
    #[arg(long, default_value = "120", value_parser = upcard::grade::class::seconds)]
    join_timeout: Duration,
    /// When a client misbehaves: bot:KIND takes its seat, or end stops the game
    #[arg(long, default_value = "bot:computer", value_parser = OnFault::parse)]
    on_fault: OnFault,
    /// Browsers too: print a private link for each remote seat and one for
    /// spectators (the page and its WebSocket share the port with upcard join)
    #[arg(long)]
    web: bool,
    /// Write the table's game to FILE as a Euchre Game Notation record when it ends
    #[arg(long, value_name = "FILE")]
    record: Option<std::path::PathBuf>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        Options {
            listen: self.listen,
            seats: self.seats,
            seed: self.seed,
            rules: self.rules.rules,
            house: self.rules.house,
            seat_timeout: self.seat_timeout,
            join_timeout: self.join_timeout,
            on_fault: self.on_fault,
            web: self.web,
            record: self.record,
            say: super::said::door(),
        }
        .run(stdout)
    }
}
