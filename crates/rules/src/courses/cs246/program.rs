//! `upcard cs246`: the CS 246 program. Player 0 reads commands from stdin.

use std::io::{BufRead, Write};

use super::transcript::Cs246Printer;
use crate::Failure;
use crate::agents::{Agent, Game};
use crate::courses::cs246::save::{SaveFile, load};
use crate::courses::cs246::{Computer, Human, Options, config, deck, initial_deck};
use crate::input::{SharedTokens, Tokens};
use upcard_engine::mutants::Switch;
use upcard_engine::{Config, Outcome, State};

pub const USAGE: &str =
    "usage: upcard cs246 [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]";

#[derive(Clone, Debug, Default)]
pub struct Args {
    pub debug: bool,
    pub seed: Option<i64>,
    pub file: Option<String>,
    pub options: Options,
    /// Seat 0 is a computer player too (for simulations and scenarios).
    pub no_human: bool,
}

impl Args {
    /// `-d`, `-s N`, `-f FILE`, a bare seed (spec 2.1 lists `./euchre -d 123`),
    /// `--rule NAME=VALUE`, `--no-human`.
    pub fn parse(raw: &[String]) -> Result<Args, String> {
        let mut a = Args::default();
        let mut it = raw.iter();
        while let Some(arg) = it.next() {
            match arg.as_str() {
                "-d" => a.debug = true,
                "-s" => {
                    let v = it.next().ok_or("-s needs a seed")?;
                    a.seed = Some(parse_seed(v)?);
                }
                "-f" => a.file = Some(it.next().ok_or("-f needs a file name")?.clone()),
                "--rule" => a.options.set(it.next().ok_or("--rule needs NAME=VALUE")?)?,
                "--no-human" => a.no_human = true,
                v if v.parse::<i64>().is_ok() && a.seed.is_none() => a.seed = Some(parse_seed(v)?),
                v => return Err(format!("unexpected argument {v:?}")),
            }
        }
        Ok(a)
    }
}

/// A C++ `int` seed, or an unsigned 32-bit value (both reach mt19937 as 32 bits).
fn parse_seed(v: &str) -> Result<i64, String> {
    match v.parse::<i64>() {
        Ok(n) if (i64::from(i32::MIN)..=i64::from(u32::MAX)).contains(&n) => Ok(n),
        _ => Err(format!(
            "the seed must be a whole number from {} to {}, not {v:?}",
            i32::MIN,
            u32::MAX
        )),
    }
}

/// Builds the game and the printer, and prints what comes before the first
/// event, both playing the rule mutant `switch` (the course program:
/// `Switch::OFF`).
pub fn start<W: Write>(
    args: &Args,
    save: Option<&SaveFile>,
    input: &SharedTokens,
    out: W,
    switch: Switch,
) -> (Game, Cs246Printer<W>) {
    let replaced = save
        .and_then(|s| s.ext.as_ref())
        .map_or([false; 4], |e| e.replaced);
    let human = [!args.no_human && !replaced[0], false, false, false];
    let mut printer = Cs246Printer::new(out, args.debug, human, &args.options);
    printer.set_switch(switch);
    let strategy = args.options.strategy;
    let agents: Vec<Box<dyn Agent>> = (0..4)
        .map(|seat| -> Box<dyn Agent> {
            if human[seat] {
                Box::new(Human::new(seat, input.clone(), args.options.suit_any_case))
            } else {
                Box::new(Computer { strategy })
            }
        })
        .collect();
    let cfg = Config {
        switch,
        ..config(&args.options)
    };
    let names = ["0", "1", "2", "3"].map(String::from);
    let seed = save.map_or(args.seed.unwrap_or(0), |s| s.seed);
    if args.debug {
        printer.line(&format!("Seed: {seed}\n"));
    }
    let state = match save {
        None => State::new(cfg, deck(seed, initial_deck(), 0)),
        Some(s) => {
            let state = s.to_state(cfg);
            printer.scores(state.scores);
            printer.tricks_taken(state.tricks);
            if args.debug {
                for p in 0..4 {
                    printer.hand_line(p, &state.hands[p], state.tricks[p]);
                }
                printer.kitty(&state.kitty);
            }
            let top = state.upcard.expect("a save file has a kitty");
            printer.table(top, s.dealer);
            match s.trump {
                None => printer.first_bidder(s.next),
                Some((t, maker, alone)) => {
                    printer.ordered(maker, t, alone, if t == top.suit() { 1 } else { 2 })
                }
            }
            state
        }
    };
    let mut game = Game::new(state, names, agents);
    game.on_rage_quit(move |_| Box::new(Computer { strategy }));
    (game, printer)
}

pub fn run(raw: &[String], stdin: Box<dyn BufRead>, stdout: &mut dyn Write) -> Result<(), Failure> {
    let args = Args::parse(raw).map_err(|e| Failure::input(format!("{e}\n{USAGE}")))?;
    let save = match &args.file {
        Some(f) => Some(load(f).map_err(Failure::input)?),
        None => None,
    };
    let input = Tokens::new(stdin).shared();
    let out = std::io::BufWriter::with_capacity(crate::transcript::OUT_BUFFER, stdout);
    let (mut game, mut printer) = start(&args, save.as_ref(), &input, out, Switch::OFF);
    let result = game.run(&mut printer);
    if let Err(e) = printer.finish()
        && e.kind() != std::io::ErrorKind::BrokenPipe
    {
        return Err(Failure::input(format!("writing the transcript: {e}")));
    }
    match result {
        Ok(Outcome::Won { .. } | Outcome::Quit) => Ok(()),
        Err(e) => Err(Failure::input(e.to_string())),
    }
}
