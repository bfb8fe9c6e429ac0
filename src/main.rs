use std::io::Write;
use std::process::ExitCode;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "upcard",
    version,
    about = "Euchre test harness and replay tool for EECS 280 and CS 246"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4
    Eecs280 {
        /// The program name echoed on line 1.
        #[arg(long, default_value = "./euchre.exe")]
        argv0: String,
        /// The course program's arguments, checked as it checks them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
    /// Play as the CS 246 euchre: [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]
    Cs246 {
        /// The program's flags, read as the course program reads them.
        #[arg(trailing_var_arg = true, allow_hyphen_values = true)]
        args: Vec<String>,
    },
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let stdout = std::io::stdout();
    let result = match cli.command {
        Command::Eecs280 { argv0, args } => upcard::commands::eecs280::run(
            &args,
            &argv0,
            Box::new(std::io::stdin().lock()),
            &mut stdout.lock(),
        ),
        Command::Cs246 { args } => upcard::commands::cs246::run(
            &args,
            Box::new(std::io::stdin().lock()),
            &mut stdout.lock(),
        ),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(f) => {
            let _ = stdout.lock().flush();
            if let Some(m) = f.message {
                eprintln!("upcard: {m}");
            }
            ExitCode::from(f.code)
        }
    }
}
