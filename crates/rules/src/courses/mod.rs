//! The rule sets, each a plug-in folder: its rule configuration, deck,
//! agents, transcript printer and command line (its scenario section is in
//! the scenario layer). The `COURSES` table below is the one place that
//! lists them; nothing outside the folders matches on a course's name.

pub mod cs246;
pub mod eecs280;
pub mod standard;

use std::collections::BTreeMap;
use std::fmt;
use std::io::{BufRead, Write};

use rand_mt::Mt;

use crate::Failure;
use crate::agents::Game;
use crate::input::SharedTokens;
use crate::transcript::Transcript;
use upcard_engine::mutants::Switch;
use upcard_engine::{Config, Deck, Seat, State};

/// Every rule set, in the order `--help` and messages list them. A new one
/// is a folder here and a line in this table (and its scenario section in
/// the scenario layer).
pub static COURSES: &[&dyn Course] = &[&eecs280::Eecs280, &cs246::Cs246, &standard::Standard];

/// Seeded deals a rule set makes at once ([`Course::decks`]): several
/// generators seeded side by side cost about what one does.
pub const DEALS_TOGETHER: usize = 4;

/// One course's rules, as upcard plays, checks and grades them.
pub trait Course: Sync {
    /// `rules:` in scenarios, the golden folder, `--rules` and the subcommand.
    fn name(&self) -> &'static str;
    /// One line for `upcard --help`.
    fn about(&self) -> &'static str;
    /// The engine config of a game of these rules (`--rules NAME`).
    fn config(&self) -> Config;
    /// [`Course::config`] with the standard game's house rules `house`
    /// (`--house NAME=VALUE`), or why these rules cannot take them.
    fn config_with(&self, house: &[String]) -> Result<Config, String> {
        if house.is_empty() {
            Ok(self.config())
        } else {
            Err("house rules are the standard game's: give --rules standard".into())
        }
    }
    /// Every house rule's value under `config` (the standard game's; the
    /// courses have none).
    fn house(&self, _config: &Config) -> BTreeMap<String, String> {
        BTreeMap::new()
    }
    /// The house rules `config` sets otherwise than [`Course::config`], as
    /// `NAME=VALUE`.
    fn house_changed(&self, _config: &Config) -> Vec<String> {
        Vec::new()
    }
    /// The deck of deal `seed`: the course's own shuffle, so that a seed
    /// deals the same game again.
    fn deck(&self, seed: u32) -> Deck;
    /// [`Course::deck`] of each of `seeds`, made together where the
    /// shuffle allows (several generators seeded side by side).
    fn decks(&self, seeds: [u32; DEALS_TOGETHER]) -> [Deck; DEALS_TOGETHER] {
        seeds.map(|seed| self.deck(seed))
    }
    /// `argv[0]` of the course program (default when grading and echoing).
    fn program(&self) -> &'static str;
    /// The course program's file name (`euchre.exe` of `./euchre.exe`):
    /// what a build makes and what upcard answers to as that program.
    fn program_file(&self) -> &'static str {
        let p = self.program();
        p.rsplit('/').next().unwrap_or(p)
    }
    /// Example command lines for the program's `--help`.
    fn examples(&self) -> &'static str {
        ""
    }
    /// What a transcript line that no move printed is, for explanations
    /// (EECS 280 echoes its command line first; CS 246 echoes nothing).
    fn unattributed_line(&self) -> &'static str {
        "the expected line is printed before the game's first move"
    }
    /// The compiler flags the course builds with (its Makefile's).
    fn cxxflags(&self) -> &'static str {
        ""
    }
    /// How the course's autograder compares a transcript with its golden,
    /// as diff's flags (`-B`); empty: byte for byte. Grading's default.
    fn diff_flags(&self) -> &'static str {
        ""
    }
    /// The files whose folder holds a submission's sources (`*.cc` by its
    /// ending): the shallowest folder with one is built. None: the root.
    fn main_files(&self) -> &'static [&'static str] {
        &[]
    }
    /// A bash script that builds a submission into `program()` in the
    /// current directory with `cxxflags` (what an autograder runs; staff
    /// may edit it).
    fn build_script(&self, cxxflags: &str) -> String;
    /// Runs as the course program: `args` as it reads them, `argv0` as given.
    fn run(
        &self,
        args: &[String],
        argv0: &str,
        stdin: Box<dyn BufRead>,
        stdout: &mut dyn Write,
    ) -> Result<(), Failure>;
    /// Whether a course program plays these rules (one to grade, a drop-in
    /// subcommand, an autograder).
    fn has_program(&self) -> bool {
        true
    }
    /// A random game for differential testing (`grade --random`), for
    /// rules a course program plays.
    fn random_case(&self, _rng: &mut Mt) -> Option<Box<dyn RandomCase>> {
        None
    }
    /// The scenario lines (`rules:` and the course's section) of a game run
    /// as the course program with `args` (`upcard record`).
    fn record_section(&self, _args: &[String]) -> Result<String, String> {
        Err(format!("{} has no course program to record", self.name()))
    }
    /// A commented scenario skeleton named `name` (`upcard new`): valid as
    /// written, with the deal order and the human answers explained.
    fn skeleton(&self, name: &str) -> String;
}

/// A scenario's game: who plays, how it starts, how a program is run on it.
pub trait Setup: fmt::Debug + Send + Sync {
    fn course(&self) -> &'static dyn Course;
    /// Player names by seat.
    fn names(&self) -> [String; 4];
    /// The game, not yet played, and its printer with what comes before the
    /// first event already printed, both playing the rule mutant `switch`
    /// (the rules: `Switch::OFF`). Human seats read `input`.
    fn start(&self, input: &SharedTokens, switch: Switch) -> (Game, Box<dyn Transcript>);
    /// The course program's command line and files, or why a student program
    /// cannot run this scenario (settings only upcard has).
    fn invocation(&self, argv0: Option<&str>) -> Result<Invocation, String>;
    /// The dealer of the hand a saved game starts in, if it starts from one.
    fn resumed_dealer(&self) -> Option<Seat> {
        None
    }
    /// The state as a file the course program continues from (CS 246 saves).
    fn save(&self, _state: &State) -> Result<String, String> {
        Err(format!(
            "{} has no save files that could continue this game",
            self.course().name()
        ))
    }
}

/// How the program is run for a scenario: `argv[0]`, arguments, files to place.
pub struct Invocation {
    pub argv0: String,
    pub args: Vec<String>,
    pub files: Vec<(String, String)>,
}

/// A random game, as a scenario's section and its human answers.
pub trait RandomCase: fmt::Debug + Send {
    /// `rules:` and the course's section, as YAML lines.
    fn section(&self) -> String;
    /// Legal human answers, as the engine's strategies would play them.
    fn answers(&self) -> Vec<String>;
    /// Smaller versions of this case, most helpful first.
    fn smaller(&self) -> Vec<Box<dyn RandomCase>>;
}

/// The course named `name`.
pub fn find(name: &str) -> Option<&'static dyn Course> {
    COURSES.iter().copied().find(|c| c.name() == name)
}

/// Every course's name, in the table's order.
pub fn names() -> Vec<&'static str> {
    COURSES.iter().map(|c| c.name()).collect()
}

/// The course whose program is named `argv0` (`euchre.exe`, `./euchre`):
/// a copy of (or link to) upcard under that name is that program.
pub fn by_program_file(argv0: &std::ffi::OsStr) -> Option<&'static dyn Course> {
    let base = std::path::Path::new(argv0).file_name()?.to_str()?;
    COURSES
        .iter()
        .copied()
        .find(|c| c.has_program() && c.program_file() == base)
}

/// The names of the courses a course program plays (those `grade` and
/// `autograder` take).
pub fn program_names() -> Vec<&'static str> {
    COURSES
        .iter()
        .filter(|c| c.has_program())
        .map(|c| c.name())
        .collect()
}
