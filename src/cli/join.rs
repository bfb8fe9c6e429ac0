//! `upcard join`: take a seat at an `upcard serve` table, as a person at
//! this terminal or as a bot.

use std::io::Write;

use upcard::Failure;
use upcard::bots::Bot;
use upcard::play::join::Options;

/// Take a seat at a game hosted with upcard serve
#[derive(clap::Args)]
#[command(after_help = "Examples:
  upcard join 127.0.0.1:7878 --name Ann
  upcard join 127.0.0.1:7878 --name Bot --bot expert")]
pub struct Args {
    /// The server, HOST:PORT
    address: String,
    /// Your name at the table
    #[arg(long)]
    name: String,
    #[arg(long, help = format!("Let a bot play the seat: {}", Bot::names(", ")),
          value_parser = |s: &str| Bot::find(s).ok_or_else(|| format!("there is no bot {s:?}; the bots are {}", Bot::names(", "))))]
    bot: Option<Bot>,
    /// The bot's seed
    #[arg(long, default_value_t = 0)]
    seed: u32,
    /// Take the seat whose link (upcard serve --web) ends in this token
    #[arg(long)]
    token: Option<String>,
}

impl Args {
    pub fn execute(self, stdout: &mut dyn Write) -> Result<(), Failure> {
        Options {
            address: self.address,
            name: self.name,
            bot: self.bot,
            seed: self.seed,
            token: self.token,
        }
        .run(stdout)
    }
}
