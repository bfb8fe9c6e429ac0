//! The bots of upcard's tables, in one registry, and the standard table
//! they sit at ([`Table`]: who sits where before the game starts). Each bot
//! is its own file (or folder) and one row of `Bot::row`, from which the
//! command line, scenario files, save files and help texts take their names
//! (docs/bots.md). The courses' strategies are the rule sets' own
//! (`upcard-rules`); here they sit at a standard table, kept lawful.

mod expert;
mod lawful;
mod level;
mod random;
mod seated;
mod table;

pub use expert::{Cards, Deal, Expert, Weighed};
pub use lawful::Lawful;
pub use level::{Level, TEMPERS};
pub use random::Random;
pub use seated::Seated;
pub use table::{OnFault, ProgramSeats, Programs, SeatKind, Table};

use upcard_rules::agents::Agent;
use upcard_rules::courses::cs246::Computer;
use upcard_rules::courses::eecs280::Simple;

/// A bot, as `--seat N=bot:KIND`, scenarios and save files name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bot {
    Random,
    Simple,
    Computer,
    Pimc,
    Expert,
    Beginner,
    Casual,
    Intermediate,
    Advanced,
}

/// Deals the expert samples per decision unless told otherwise.
pub const EXPERT_SAMPLES: usize = 24;

/// How hard the search bots (`pimc`, `expert`) think.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strength {
    /// Deals solved per decision (a round).
    pub samples: usize,
    /// Rounds solved while another fits this long per decision; None: one
    /// round, so that a seed replays exactly (docs/bots.md).
    pub think: Option<std::time::Duration>,
}

impl Default for Strength {
    fn default() -> Strength {
        Strength {
            samples: EXPERT_SAMPLES,
            think: None,
        }
    }
}

/// One bot's row of the registry.
struct Row {
    /// Its name everywhere: `bot:NAME`, scenario `type: NAME`, save files.
    name: &'static str,
    /// One line for help texts and the scenario schema.
    about: &'static str,
    /// The bot, its choices seeded by `seed`, searching as hard as told.
    make: fn(seed: u32, strength: Strength) -> Box<dyn Agent>,
    /// It chooses only among the legal actions it is offered, whatever the
    /// house rules: no [`Lawful`] around it (a check per decision).
    offered_only: bool,
    /// Its level for people (1–5) and the word a table shows for it.
    level: Option<(usize, &'static str)>,
}

impl Bot {
    /// Every bot, weakest first, as help texts list them (measured by the
    /// arena: docs/bots.md's table).
    pub const ALL: [Bot; 9] = [
        Bot::Random,
        Bot::Beginner,
        Bot::Simple,
        Bot::Casual,
        Bot::Intermediate,
        Bot::Computer,
        Bot::Advanced,
        Bot::Pimc,
        Bot::Expert,
    ];

    /// The registry: a new bot is a variant, its file, and a row here.
    fn row(self) -> Row {
        match self {
            Bot::Random => Row {
                name: "random",
                about: "Lawful actions at random (seeded by the game's seed).",
                make: |seed, _| Box::new(Random::new(seed)),
                offered_only: true,
                level: None,
            },
            Bot::Simple => Row {
                name: "simple",
                about: "The EECS 280 strategy.",
                make: |_, _| Box::new(Simple),
                offered_only: false,
                level: None,
            },
            Bot::Computer => Row {
                name: "computer",
                about: "The CS 246 strategy.",
                make: |_, _| Box::new(Computer::default()),
                offered_only: false,
                level: None,
            },
            Bot::Pimc => Row {
                name: "pimc",
                about: "Sampled deals solved exactly, every deal consistent with the cards seen weighed alike (seeded by the game's seed).",
                make: |seed, s| Box::new(Expert::plain(seed, s.samples).thinking(s.think)),
                offered_only: false,
                level: None,
            },
            Bot::Expert => Row {
                name: "expert",
                about: "Sampled deals solved exactly, weighed by what the bidding says (seeded by the game's seed).",
                make: |seed, s| Box::new(Expert::new(seed, s.samples).thinking(s.think)),
                offered_only: false,
                level: Some((5, "expert")),
            },
            Bot::Beginner => Row {
                name: "level:1",
                about: "Beginner: the expert's search, slipping often, even where it costs a hand.",
                make: |seed, s| Box::new(Level::new(1, seed, s)),
                offered_only: true,
                level: Some((1, "beginner")),
            },
            Bot::Casual => Row {
                name: "level:2",
                about: "Casual: the expert's search, slipping often where a slip costs little.",
                make: |seed, s| Box::new(Level::new(2, seed, s)),
                offered_only: true,
                level: Some((2, "casual")),
            },
            Bot::Intermediate => Row {
                name: "level:3",
                about: "Intermediate: the expert's search, slipping now and then.",
                make: |seed, s| Box::new(Level::new(3, seed, s)),
                offered_only: true,
                level: Some((3, "intermediate")),
            },
            Bot::Advanced => Row {
                name: "level:4",
                about: "Advanced: the expert's search, slipping only between near equals.",
                make: |seed, s| Box::new(Level::new(4, seed, s)),
                offered_only: true,
                level: Some((4, "advanced")),
            },
        }
    }

    /// Every bot's name, as help texts and messages list them.
    pub fn names(separator: &str) -> String {
        Bot::ALL.map(|b| b.name()).join(separator)
    }

    pub fn name(self) -> &'static str {
        self.row().name
    }

    /// What it does, in a line.
    pub fn about(self) -> &'static str {
        self.row().about
    }

    /// The bot of a name, of `level:N`, or of a level's word (`beginner`).
    pub fn find(name: &str) -> Option<Bot> {
        Bot::ALL.into_iter().find(|b| {
            b.name() == name
                || b.row().level.is_some_and(|(n, word)| {
                    word == name || name.strip_prefix("level:") == Some(&n.to_string())
                })
        })
    }

    /// Its level for people (1 beginner … 5 expert), if it is one.
    pub fn level(self) -> Option<usize> {
        self.row().level.map(|l| l.0)
    }

    /// The word a table shows for its level (`beginner` … `expert`).
    pub fn word(self) -> Option<&'static str> {
        self.row().level.map(|l| l.1)
    }

    /// The levels as help texts give them: `level:1 (beginner), …`.
    pub fn levels_help() -> String {
        Bot::levels()
            .filter_map(|b| b.row().level)
            .map(|(n, word)| format!("level:{n} ({word})"))
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// The levels for people, beginner first: the registry's rows that
    /// have one.
    pub fn levels() -> impl Iterator<Item = Bot> {
        let mut levels: Vec<Bot> = Bot::ALL
            .into_iter()
            .filter(|b| b.level().is_some())
            .collect();
        levels.sort_by_key(|b| b.level());
        levels.into_iter()
    }

    /// The bot; `seed` decides the random and search bots' choices.
    pub fn agent(self, seed: u32) -> Box<dyn Agent> {
        self.agent_with(seed, Strength::default())
    }

    /// The bot, the search bots as strong as `strength`, kept lawful under
    /// house rules its strategy does not know.
    pub fn agent_with(self, seed: u32, strength: Strength) -> Box<dyn Agent> {
        let row = self.row();
        let bot = (row.make)(seed, strength);
        if row.offered_only {
            bot
        } else {
            Box::new(Lawful(bot))
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A level is found by `level:N`, by its word and (level 5, the
    /// expert) by its name; nothing else names a level.
    #[test]
    fn levels_are_found_by_number_and_by_word() {
        for (n, bot) in Bot::levels().enumerate() {
            assert_eq!(bot.level(), Some(n + 1));
            assert_eq!(Bot::find(&format!("level:{}", n + 1)), Some(bot));
            assert_eq!(Bot::find(bot.word().unwrap()), Some(bot));
        }
        assert_eq!(Bot::find("expert"), Some(Bot::Expert));
        assert_eq!(Bot::find("level:6"), None);
        assert_eq!(Bot::find("level:0"), None);
        assert_eq!(Bot::find("level:"), None);
        assert_eq!(Bot::Computer.level(), None);
        assert_eq!(
            Bot::levels_help(),
            "level:1 (beginner), level:2 (casual), level:3 (intermediate), level:4 (advanced), level:5 (expert)"
        );
        // Every name is one bot's.
        for b in Bot::ALL {
            assert_eq!(Bot::find(b.name()), Some(b));
        }
    }
}
