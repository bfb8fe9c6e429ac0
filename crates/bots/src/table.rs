//! A standard table before its game starts: the rules, the cards, and who
//! sits where (people, bots, programs), and what becomes of a seat whose
//! program misbehaves. Above the rules and the bots; the seat layer
//! (`upcard-seat`) gives a table what starts its programs.

use crate::Bot;
use upcard_engine::{Config, Deck};
use upcard_rules::agents::Agent;
use upcard_rules::courses::standard::{Cards, Person, Turns, deck, keyed_deck};

/// Who plays a seat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatKind {
    Person,
    Bot(Bot),
    /// A program speaking the seat protocol (docs/seat-protocol.md).
    Program(String),
}

/// What happens when a program at a seat misbehaves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnFault {
    /// A bot takes the seat and the game goes on.
    Bot(Bot),
    /// The game ends there.
    End,
}

impl OnFault {
    /// `bot:KIND` or `end`.
    pub fn parse(s: &str) -> Result<OnFault, String> {
        if s == "end" {
            return Ok(OnFault::End);
        }
        s.strip_prefix("bot:")
            .and_then(Bot::find)
            .map(OnFault::Bot)
            .ok_or_else(|| {
                format!(
                    "{s:?} is not bot:KIND or end (bots: {})",
                    Bot::ALL.map(|b| b.name()).join(", ")
                )
            })
    }

    /// As `--on-fault` spells it (what `parse` reads).
    pub fn spec(self) -> String {
        match self {
            OnFault::Bot(b) => format!("bot:{}", b.name()),
            OnFault::End => "end".into(),
        }
    }

    /// The agent that plays on, if any, and its name.
    pub fn agent(self, seed: u32) -> (Option<Box<dyn Agent>>, &'static str) {
        match self {
            OnFault::Bot(b) => (Some(b.agent(seed)), b.name()),
            OnFault::End => (None, "end"),
        }
    }
}

/// A standard game before it starts: rules, cards, who sits where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Table {
    pub config: Config,
    pub cards: Cards,
    pub names: [String; 4],
    pub seats: [SeatKind; 4],
    /// How long a program at a seat may take to answer.
    pub seat_timeout: std::time::Duration,
    /// What happens when a program at a seat misbehaves.
    pub on_fault: OnFault,
    /// What starts the programs at seats (`exec:`): the seat layer's, in
    /// the sandbox unless told otherwise. None: a program seat is a fault
    /// from the start, and the fault bot plays.
    pub programs: Programs,
}

/// What starts a program at a seat of a table, and plays through it: the
/// seat layer's (`upcard-seat`), given to the table by whoever seats
/// programs, so that the rules need not know the protocol or the sandbox.
pub trait ProgramSeats: std::fmt::Debug + Send + Sync {
    /// The agent for `command` at `seat` of `table`: the program, or, when
    /// it cannot start, the table's fault bot.
    fn start(&self, table: &Table, seat: usize, command: &str) -> Box<dyn Agent>;
}

/// A table's [`ProgramSeats`], if it seats programs. Two are the same when
/// they are one starter (or both none).
#[derive(Clone, Debug, Default)]
pub struct Programs(pub Option<std::sync::Arc<dyn ProgramSeats>>);

impl PartialEq for Programs {
    fn eq(&self, other: &Programs) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => std::sync::Arc::ptr_eq(a, b),
            _ => false,
        }
    }
}

impl Eq for Programs {}

/// A program's time to answer, unless told otherwise.
pub const SEAT_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(5);

impl Table {
    /// The seed of a bot's own choices at `seat`: from the game's seed, so
    /// a seeded game is played the same way again.
    pub fn bot_seed(&self, seat: usize) -> u32 {
        let base = match self.cards {
            Cards::Seed(s) | Cards::Fixed(_, s) => s,
            // The bots' choices take 32 bits of the key's last bytes; the
            // deal keeps the 256 (the bots' choices are seen by everyone).
            Cards::Key(k) => u32::from_le_bytes([k[28], k[29], k[30], k[31]]),
        };
        base.wrapping_mul(0x9E37_79B9).wrapping_add(seat as u32)
    }

    /// A table with the default program time limit and fault bot.
    pub fn new(config: Config, cards: Cards, names: [String; 4], seats: [SeatKind; 4]) -> Table {
        Table {
            config,
            cards,
            names,
            seats,
            seat_timeout: SEAT_TIMEOUT,
            on_fault: OnFault::Bot(Bot::Computer),
            programs: Programs::default(),
        }
    }

    /// The bot that plays a program's seat when the program faults (under
    /// `--on-fault end`, the computer: a program that cannot start is a
    /// fault before the game has begun to end), and its name.
    pub fn fault_bot(&self, seat: usize) -> (Box<dyn Agent>, &'static str) {
        let bot = match self.on_fault {
            OnFault::Bot(b) => b,
            OnFault::End => Bot::Computer,
        };
        (bot.agent(self.bot_seed(seat)), bot.name())
    }

    /// The agent at a seat that is not a person's: a bot, or a program
    /// (started now; a program that cannot start is said and a bot sits).
    pub fn agent(&self, seat: usize) -> Option<Box<dyn Agent>> {
        match &self.seats[seat] {
            SeatKind::Person => None,
            SeatKind::Bot(b) => Some(b.agent(self.bot_seed(seat))),
            SeatKind::Program(p) => Some(match &self.programs.0 {
                Some(programs) => programs.start(self, seat, p),
                // No starter: the program cannot start, a fault like any other.
                None => self.fault_bot(seat).0,
            }),
        }
    }

    pub fn people(&self) -> usize {
        self.seats
            .iter()
            .filter(|s| **s == SeatKind::Person)
            .count()
    }

    pub fn state(&self) -> upcard_engine::State {
        let deck = match self.cards {
            Cards::Seed(s) => deck(s),
            Cards::Key(k) => keyed_deck(k),
            Cards::Fixed(c, _) => Deck::pack(c, false),
        };
        upcard_engine::State::new(self.config, deck)
    }

    /// The game, people answering from `input`.
    pub fn game(&self, input: &upcard_rules::input::SharedTokens) -> upcard_rules::agents::Game {
        self.game_from(self.state(), input)
    }

    /// The game from `state` (a resumed one), people answering from `input`.
    pub fn game_from(
        &self,
        state: upcard_engine::State,
        input: &upcard_rules::input::SharedTokens,
    ) -> upcard_rules::agents::Game {
        // With two or more people the device is passed between them.
        let turns: Option<Turns> = (self.people() > 1).then(Default::default);
        let agents = (0..4)
            .map(|i| -> Box<dyn Agent> {
                self.agent(i).unwrap_or_else(|| {
                    Box::new(Person {
                        name: self.names[i].clone(),
                        input: input.clone(),
                        turns: turns.clone(),
                    })
                })
            })
            .collect();
        upcard_rules::agents::Game::new(state, self.names.clone(), agents)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::{NullSink, Outcome};
    use upcard_rules::courses::standard::house::HouseRule;
    use upcard_rules::courses::standard::{SEATS, config};

    /// Bots finish every game under every combination of the switches.
    #[test]
    fn bots_finish_games_under_every_house_rule_combination() {
        let switches = [
            HouseRule::StickTheDealer,
            HouseRule::GoingAlone,
            HouseRule::CanadianLoner,
            HouseRule::DefendAlone,
            HouseRule::FarmersHand,
            HouseRule::DiscardUpcard,
        ];
        for mask in 0..(1 << switches.len()) {
            let mut c = config();
            for (i, r) in switches.iter().enumerate() {
                r.set(&mut c, if mask & (1 << i) != 0 { "on" } else { "off" })
                    .unwrap();
            }
            for seed in 0..4 {
                let table = Table::new(
                    c,
                    Cards::Seed(seed),
                    SEATS.map(String::from),
                    [
                        SeatKind::Bot(Bot::Simple),
                        SeatKind::Bot(Bot::Computer),
                        SeatKind::Bot(Bot::Computer),
                        SeatKind::Bot(Bot::Simple),
                    ],
                );
                let input = upcard_rules::input::Tokens::from_text("").shared();
                let outcome = table.game(&input).run(&mut NullSink);
                assert!(
                    matches!(outcome, Ok(Outcome::Won { .. })),
                    "mask {mask} seed {seed}: {outcome:?}"
                );
            }
        }
    }
}
