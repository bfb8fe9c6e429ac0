//! A game of `upcard play` from its options to its end: the table from the
//! seats and house rules (or a saved game, whose programs start only when
//! confirmed), plain or full-screen play, saving at `q` and recording at
//! the end. `upcard play` parses its options into [`Options`] and calls
//! [`crate::play::start::run`], which opens the table they ask for.

use std::io::Write;
use std::path::{Path, PathBuf};

use crate::play::record::record;
use crate::play::save::{Decisions, Saved, seat_text};
use crate::play::screen::{Ending, Screen, run as run_screen};
use upcard_bots::Bot;
use upcard_bots::{OnFault, SeatKind, Table};
use upcard_engine::{Action, Outcome, State};
use upcard_parse::file::read_text;
use upcard_rules::Failure;
use upcard_rules::agents::{EngineError, PlayerError};
use upcard_rules::courses::standard::house::{self, HouseRule};
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_rules::courses::standard::{Cards, SEATS, config};
use upcard_rules::input::Tokens;

/// `N=human:NAME` or `N=bot:KIND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatSpec {
    pub seat: usize,
    pub kind: SeatKind,
    pub name: Option<String>,
}

impl std::str::FromStr for SeatSpec {
    type Err = String;
    fn from_str(s: &str) -> Result<SeatSpec, String> {
        let kinds = Bot::ALL.map(|b| b.name()).join(", ");
        let usage = || {
            format!(
                "{s:?} is not N=human:NAME, N=bot:KIND or N=exec:PROGRAM (N 0-3; bots: {kinds})"
            )
        };
        let (n, who) = s.split_once('=').ok_or_else(usage)?;
        let seat: usize = n.trim().parse().ok().filter(|n| *n < 4).ok_or_else(usage)?;
        match who.split_once(':') {
            Some(("human", name)) if !name.trim().is_empty() => Ok(SeatSpec {
                seat,
                kind: SeatKind::Person,
                name: Some(name.trim().to_string()),
            }),
            Some(("bot", kind)) => Ok(SeatSpec {
                seat,
                kind: SeatKind::Bot(
                    Bot::find(kind)
                        .ok_or_else(|| format!("there is no bot {kind:?}; the bots are {kinds}"))?,
                ),
                name: None,
            }),
            Some(("exec", program)) if !program.is_empty() => Ok(SeatSpec {
                seat,
                kind: SeatKind::Program(program.to_string()),
                name: None,
            }),
            _ if who == "human" => Ok(SeatSpec {
                seat,
                kind: SeatKind::Person,
                name: None,
            }),
            _ => Err(usage()),
        }
    }
}

/// What `upcard play` was asked for.
#[derive(Clone, Debug)]
pub struct Options {
    pub seats: Vec<SeatSpec>,
    pub house: Vec<String>,
    pub house_file: Option<PathBuf>,
    pub seed: Option<u32>,
    pub resume: Option<PathBuf>,
    pub trust_programs: bool,
    pub record: Option<PathBuf>,
    pub seat_timeout: std::time::Duration,
    /// How programs at seats are started (in the sandbox unless `--no-sandbox`).
    pub launch: upcard_seat::program_seat::Launch,
    pub on_fault: OnFault,
    /// Play in a browser served on this address (`--web --listen`).
    pub web: Option<String>,
    /// Who is told what the browser table's door sees (arrivals, links).
    pub say: crate::net::notice::Say,
}

/// A game about to be played: its table (its deal included) and the
/// decisions already taken.
pub struct Setup {
    pub table: Table,
    pub actions: Vec<Action>,
    pub state: State,
}

/// The first line's words on the deal: a seed says how to deal it again;
/// a keyed deal (the default) that no one at the table can compute it.
pub fn deal_words(table: &Table) -> String {
    match table.cards {
        Cards::Seed(s) | Cards::Fixed(_, s) => {
            format!("seed {s} (--seed {s} deals these cards again)")
        }
        Cards::Key(_) => {
            "a deal no seat can compute (save or --record the game to see it again)".into()
        }
    }
}

/// Every house rule with its values and the standard one (`--list-house-rules`).
pub fn house_rules_list() -> String {
    let c = config();
    let width = HouseRule::ALL
        .iter()
        .map(|r| r.name().len())
        .max()
        .unwrap_or(0)
        + 2;
    let mut s = String::new();
    for r in HouseRule::ALL {
        s.push_str(&format!(
            "{:<width$}{} (standard: {})\n{:<width$}{}\n",
            r.name(),
            r.values(),
            r.get(&c),
            "",
            r.about()
        ));
    }
    s
}

impl Options {
    /// `--web` with no seat, no house rule and no saved game: the host's
    /// page chooses them.
    pub fn setup_in_page(&self) -> bool {
        self.web.is_some()
            && self.seats.is_empty()
            && self.house.is_empty()
            && self.house_file.is_none()
            && self.resume.is_none()
    }

    /// A saved game can come from anyone: upcard starts a program the file
    /// names only when the user says so, by giving that seat again or
    /// `--trust-programs`. With --resume, `--seat` does nothing else.
    fn check_resumed_programs(&self, path: &std::path::Path, table: &Table) -> Result<(), Failure> {
        for s in &self.seats {
            if !matches!(s.kind, SeatKind::Program(_)) || table.seats[s.seat] != s.kind {
                return Err(Failure::input(format!(
                    "with --resume, --seat only confirms a program the saved game names for that seat; seat {} is {} in {}",
                    s.seat,
                    seat_text(&table.seats[s.seat], &table.names[s.seat]),
                    path.display()
                )));
            }
        }
        let unconfirmed: Vec<String> = table
            .seats
            .iter()
            .enumerate()
            .filter(|(i, k)| {
                matches!(k, SeatKind::Program(_))
                    && !self.trust_programs
                    && !self.seats.iter().any(|s| s.seat == *i)
            })
            .map(|(i, k)| format!("  --seat {i}={}", seat_text(k, &table.names[i])))
            .collect();
        if unconfirmed.is_empty() {
            return Ok(());
        }
        Err(Failure::input(format!(
            "{} would start programs, and a saved game is data: nothing was started. To run them, \
             give each seat again (or add --trust-programs):\n{}",
            path.display(),
            upcard_parse::escape::printable(&unconfirmed.join("\n"))
        )))
    }

    /// The table, its actions so far and its state: a new game's, or a resumed one's.
    pub fn setup(&self) -> Result<Setup, Failure> {
        if let Some(path) = &self.resume {
            let text = read_text(path, 16 << 20)
                .map_err(|e| Failure::input(format!("{}: {e}", path.display())))?;
            let saved = Saved::parse(&path.display().to_string(), &text)
                .map_err(|e| Failure::input(format!("cannot resume: {e}")))?;
            let state = saved.state().map_err(Failure::input)?;
            let mut table = saved.table;
            self.check_resumed_programs(path, &table)?;
            table.seat_timeout = self.seat_timeout;
            table.programs = self.launch.programs();
            table.on_fault = self.on_fault;
            return Ok(Setup {
                table,
                actions: saved.actions,
                state,
            });
        }
        let mut cfg = config();
        if let Some(f) = &self.house_file {
            let text = read_text(f, 1 << 20)
                .map_err(|e| Failure::input(format!("{}: {e}", f.display())))?;
            house::apply_toml(&mut cfg, &f.display().to_string(), &text).map_err(Failure::input)?;
        }
        for h in &self.house {
            house::apply(&mut cfg, h).map_err(Failure::input)?;
        }
        house::check(&cfg).map_err(Failure::input)?;
        let mut seats: [SeatKind; 4] = std::array::from_fn(|_| SeatKind::Person);
        let mut names: [String; 4] = SEATS.map(String::from);
        let mut given = [false; 4];
        for s in &self.seats {
            if std::mem::replace(&mut given[s.seat], true) {
                return Err(Failure::input(format!("seat {} is given twice", s.seat)));
            }
            seats[s.seat] = s.kind.clone();
            if let Some(n) = &s.name {
                names[s.seat] = n.clone();
            }
        }
        for i in 0..4 {
            if names[..i].contains(&names[i]) {
                return Err(Failure::input(format!(
                    "two seats are named {:?}: give each person a name of their own",
                    names[i]
                )));
            }
        }
        if self
            .record
            .as_deref()
            .is_some_and(|p| !crate::play::record::is_egn(p))
            && seats.iter().any(|s| matches!(s, SeatKind::Program(_)))
        {
            return Err(Failure::input(
                "--record: a game with a program at a seat cannot be a scenario (scenarios run no programs)",
            ));
        }
        // Without --seed, a key of 256 bits from the system: what a seat
        // sees of the cards tells it nothing of the others.
        let cards = Cards::from_seed(self.seed).map_err(Failure::input)?;
        let mut table = Table::new(cfg, cards, names, seats);
        table.seat_timeout = self.seat_timeout;
        table.programs = self.launch.programs();
        table.on_fault = self.on_fault;
        let state = table.state();
        Ok(Setup {
            table,
            actions: Vec::new(),
            state,
        })
    }
}

/// The house rules that differ from the standard game, for the first line.
pub fn house_line(table: &Table) -> String {
    let changed: Vec<String> = house::changed(&table.config)
        .iter()
        .map(|(r, v)| format!("{} {v}", r.name()))
        .collect();
    if changed.is_empty() {
        "standard rules".into()
    } else {
        format!("house rules: {}", changed.join(", "))
    }
}

/// Saves after `q`, or records when the game is over.
pub fn finish(
    setup: &Setup,
    actions: Vec<Action>,
    record_to: Option<&Path>,
    over: bool,
) -> Result<String, Failure> {
    if over && let Some(path) = record_to {
        return record(path, &setup.table, &actions).map_err(Failure::input);
    }
    Ok(String::new())
}

/// Writes a save file for the game so far.
pub fn save(setup: &Setup, actions: Vec<Action>, path: &Path) -> Result<(), Failure> {
    let saved = Saved {
        table: setup.table.clone(),
        actions,
    };
    upcard_parse::file::write_atomic(path, saved.write().as_bytes())
        .map_err(|e| Failure::input(format!("writing {}: {e}", path.display())))
}

/// Plain mode: the game's text on standard output, numbered choices read
/// from standard input.
/// The game in plain text on `stdout`, numbered choices read from standard input.
pub fn plain(
    setup: Setup,
    record_to: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let input = Tokens::new(Box::new(std::io::stdin().lock())).shared();
    let _ = writeln!(
        stdout,
        "upcard play: {}, {}.",
        deal_words(&setup.table),
        house_line(&setup.table)
    );
    if !setup.actions.is_empty() {
        let s = setup.state.scores;
        let _ = writeln!(
            stdout,
            "Resumed after {} decisions: hand {}, score {} {}.",
            setup.actions.len(),
            setup.state.hand_no + 1,
            s[0],
            s[1]
        );
    }
    let mut game = setup.table.game_from(setup.state.clone(), &input);
    let mut printer = StandardPrinter::new(&mut *stdout, setup.table.names.clone());
    let mut decisions = Decisions(setup.actions.clone());
    let result = game.run(&mut (&mut printer, &mut decisions));
    let _ = printer.finish();
    match result {
        Ok(Outcome::Won { .. }) => {
            let said = finish(&setup, decisions.0, record_to, true)?;
            let _ = stdout.write_all(said.as_bytes());
            Ok(())
        }
        // The driver ends the game when a person types q.
        Ok(Outcome::Quit) | Err(EngineError::Player(PlayerError::Quit)) => {
            let _ = writeln!(
                stdout,
                "Save the game? Type a file name, or press Enter to stop without saving:"
            );
            let _ = stdout.flush();
            let line = input
                .borrow_mut()
                .next_line()
                .ok()
                .flatten()
                .unwrap_or_default();
            if line.is_empty() {
                let _ = writeln!(stdout, "Stopped without saving.");
                return Ok(());
            }
            let path = PathBuf::from(&line);
            save(&setup, decisions.0, &path)?;
            let _ = writeln!(
                stdout,
                "Saved to {line}: upcard play --resume {line} continues the game."
            );
            Ok(())
        }
        Err(e) => Err(Failure::input(e.to_string())),
    }
}

/// Full screen: the table drawn and played in the terminal until it
/// closes, then saved or recorded as asked, and said on `stdout`.
pub fn screen(
    setup: Setup,
    record_to: Option<&Path>,
    stdout: &mut dyn Write,
) -> Result<(), Failure> {
    let screen = Screen::new(
        setup.table.clone(),
        setup.state.clone(),
        setup.actions.clone(),
    );
    let screen =
        run_screen(screen).map_err(|e| Failure::input(format!("cannot use the terminal: {e}")))?;
    let actions = screen.decisions.0.clone();
    match screen.ending {
        Some(Ending::Stopped {
            saved_to: Some(path),
        }) => {
            save(&setup, actions, std::path::Path::new(&path))?;
            let _ = writeln!(
                stdout,
                "Saved to {path}: upcard play --resume {path} continues the game."
            );
        }
        Some(Ending::Stopped { saved_to: None }) => {
            let _ = writeln!(stdout, "Stopped without saving.");
        }
        _ => {
            let _ = write!(stdout, "{}", finish(&setup, actions, record_to, true)?);
            if let Some(Outcome::Won { team, scores }) = screen.state.outcome() {
                let _ = writeln!(
                    stdout,
                    "{} & {} win the game, {} to {}.",
                    setup.table.names[team],
                    setup.table.names[team + 2],
                    scores[team],
                    scores[1 - team]
                );
            }
        }
    }
    Ok(())
}
