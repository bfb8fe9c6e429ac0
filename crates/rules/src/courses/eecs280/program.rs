//! `upcard eecs280`: a drop-in for the course's `euchre.exe`.

use std::io::{BufRead, Write};

use super::pack::parse_pack;
use super::transcript::Eecs280Printer;
use crate::Failure;
use crate::agents::{Agent, EngineError, Game};
use crate::courses::eecs280::{Human, PlayerType, Simple, config, deck};
use crate::input::{SharedTokens, Tokens};
use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_engine::{Config, Outcome, State};

pub const USAGE: &str = "Usage: euchre.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4";

/// A checked command line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Args {
    pub pack_file: String,
    pub shuffle: bool,
    pub points: u32,
    pub names: [String; 4],
    pub types: [PlayerType; 4],
}

impl Args {
    /// The spec's checks: 11 arguments after the program name, points 1..=100,
    /// `shuffle|noshuffle`, types `Simple|Human`. Points must be a whole number
    /// (the course's `atoi` would read "5x" as 5; upcard refuses it).
    pub fn parse(args: &[String]) -> Option<Args> {
        if args.len() != 11 {
            return None;
        }
        let shuffle = match args[1].as_str() {
            "shuffle" => true,
            "noshuffle" => false,
            _ => return None,
        };
        let points: u32 = args[2].parse().ok().filter(|p| (1..=100).contains(p))?;
        let mut types = [PlayerType::Simple; 4];
        for (i, t) in types.iter_mut().enumerate() {
            *t = PlayerType::parse(&args[4 + 2 * i])?;
        }
        Some(Args {
            pack_file: args[0].clone(),
            shuffle,
            points,
            names: std::array::from_fn(|i| args[3 + 2 * i].clone()),
            types,
        })
    }

    /// The arguments as the course program echoes them on line 1.
    pub fn argv(&self) -> Vec<String> {
        let mut v = vec![
            self.pack_file.clone(),
            if self.shuffle { "shuffle" } else { "noshuffle" }.to_string(),
            self.points.to_string(),
        ];
        for i in 0..4 {
            v.push(self.names[i].clone());
            v.push(self.types[i].name().to_string());
        }
        v
    }
}

/// Builds the game, playing the rule mutant `switch` (the course program:
/// `Switch::OFF`): Human seats read from `input`.
pub fn new_game(args: &Args, pack: [Card; 24], input: &SharedTokens, switch: Switch) -> Game {
    let agents: Vec<Box<dyn Agent>> = (0..4)
        .map(|i| -> Box<dyn Agent> {
            match args.types[i] {
                PlayerType::Simple => Box::new(Simple),
                PlayerType::Human => Box::new(Human::new(args.names[i].clone(), input.clone())),
            }
        })
        .collect();
    let config = Config {
        switch,
        ..config(args.points)
    };
    let state = State::new(config, deck(pack, args.shuffle));
    Game::new(state, args.names.clone(), agents)
}

/// Builds the game and its printer, with line 1 (the command line) printed.
pub fn start<W: Write>(
    args: &Args,
    pack: [Card; 24],
    argv0: &str,
    input: &SharedTokens,
    out: W,
) -> (Game, Eecs280Printer<W>) {
    let human = std::array::from_fn(|i| args.types[i] == PlayerType::Human);
    let mut printer = Eecs280Printer::new(out, args.names.clone(), human);
    printer.header(argv0, &args.argv());
    (new_game(args, pack, input, Switch::OFF), printer)
}

/// Plays a whole game, printing the course's transcript (line 1 included) to `out`.
/// The transcript so far is written even when a player's input fails.
pub fn play<W: Write>(
    args: &Args,
    pack: [Card; 24],
    argv0: &str,
    input: &SharedTokens,
    out: W,
) -> (Result<Outcome, EngineError>, std::io::Result<W>) {
    let (mut game, mut printer) = start(args, pack, argv0, input, out);
    let r = game.run(&mut printer);
    (r, printer.finish())
}

/// Runs the drop-in. `raw` are the arguments after `eecs280`.
pub fn run(
    raw: &[String],
    argv0: &str,
    stdin: Box<dyn BufRead>,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let Some(args) = Args::parse(raw) else {
        let _ = writeln!(stdout, "{USAGE}");
        return Err(Failure::said(crate::FailureKind::Input));
    };
    use upcard_parse::file::{MAX_INPUT, ReadError, read_text};
    let text = match read_text(std::path::Path::new(&args.pack_file), MAX_INPUT) {
        Ok(t) => t,
        // What the course program prints when it cannot open the pack.
        Err(ReadError::Io(..)) => {
            let _ = writeln!(stdout, "Error opening {}", args.pack_file);
            return Err(Failure::said(crate::FailureKind::Input));
        }
        Err(ReadError::NotText(e)) => return Err(Failure::input(e.to_string())),
        Err(e) => return Err(Failure::input(format!("{}: {e}", args.pack_file))),
    };
    let pack = parse_pack(&args.pack_file, &text).map_err(|e| Failure::input(e.to_string()))?;
    let input = Tokens::new(stdin).shared();
    let out = std::io::BufWriter::with_capacity(crate::transcript::OUT_BUFFER, stdout);
    let (result, written) = play(&args, pack, argv0, &input, out);
    if let Err(e) = written {
        // A closed pipe (`| head`) is not worth a message.
        if e.kind() != std::io::ErrorKind::BrokenPipe {
            return Err(Failure::input(format!("writing the transcript: {e}")));
        }
    }
    match result {
        Ok(_) => Ok(()),
        Err(e) => Err(Failure::input(e.to_string())),
    }
}
