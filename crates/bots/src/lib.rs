//! The bots of upcard's tables, in one registry: each bot is its own file
//! (or folder) and one row of `Bot::row`, from which the command line,
//! scenario files, save files and help texts take their names
//! (docs/bots.md). The courses' strategies are the rule sets' own
//! (`upcard-rules`); here they sit at a standard table, kept lawful.

mod expert;
mod lawful;
mod random;

pub use expert::{Cards, Deal, Expert, Weighed};
pub use lawful::Lawful;
pub use random::Random;

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
}

impl Bot {
    /// Every bot, weakest first, as help texts list them (measured by the
    /// arena: docs/bots.md's table).
    pub const ALL: [Bot; 5] = [
        Bot::Random,
        Bot::Simple,
        Bot::Computer,
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
            },
            Bot::Simple => Row {
                name: "simple",
                about: "The EECS 280 strategy.",
                make: |_, _| Box::new(Simple),
                offered_only: false,
            },
            Bot::Computer => Row {
                name: "computer",
                about: "The CS 246 strategy.",
                make: |_, _| Box::new(Computer::default()),
                offered_only: false,
            },
            Bot::Pimc => Row {
                name: "pimc",
                about: "Sampled deals solved exactly, every deal consistent with the cards seen weighed alike (seeded by the game's seed).",
                make: |seed, s| Box::new(Expert::plain(seed, s.samples).thinking(s.think)),
                offered_only: false,
            },
            Bot::Expert => Row {
                name: "expert",
                about: "Sampled deals solved exactly, weighed by what the bidding says (seeded by the game's seed).",
                make: |seed, s| Box::new(Expert::new(seed, s.samples).thinking(s.think)),
                offered_only: false,
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

    pub fn find(name: &str) -> Option<Bot> {
        Bot::ALL.into_iter().find(|b| b.name() == name)
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
