//! The `eecs280:` section of a scenario, and the game it sets up.

use std::path::Path;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::raw::CardName;
use crate::scenario::{ScenarioError, SetupContext};
use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_rules::agents::Game;
use upcard_rules::courses::eecs280::pack::parse_pack;
use upcard_rules::courses::eecs280::program::{Args, new_game};
use upcard_rules::courses::eecs280::transcript::Eecs280Printer;
use upcard_rules::courses::eecs280::{Eecs280, PlayerType};
use upcard_rules::courses::{Course, Invocation, Setup};
use upcard_rules::input::SharedTokens;
use upcard_rules::transcript::Transcript;

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawEecs280 {
    /// A pack file, relative to the scenario file.
    #[serde(default)]
    pub pack_file: Option<String>,
    /// The 24 cards of the pack inline, top first ("9S" or "Nine of Spades").
    #[serde(default)]
    pub pack: Option<Vec<CardName>>,
    /// The pack's name on the command line (default: the pack file's name, or pack.in).
    #[serde(default)]
    pub pack_name: Option<String>,
    /// `shuffle` (true) or `noshuffle` (false, the default).
    #[serde(default)]
    pub shuffle: bool,
    /// POINTS_TO_WIN, 1 to 100.
    pub points: u32,
    /// Exactly four players, in seat order.
    pub players: Vec<RawPlayer>,
    /// The program name echoed on line 1 (default ./euchre.exe).
    #[serde(default)]
    pub argv0: Option<String>,
}

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawPlayer {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: PlayerKind,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize, JsonSchema)]
pub enum PlayerKind {
    Simple,
    Human,
}

/// Where an error in the section is.
type At<'a> = dyn Fn(&[&str], String) -> ScenarioError + 'a;

/// A pack given as a list: 24 cards, none twice.
fn listed_pack(cards: &[CardName], at: &At) -> Result<[Card; 24], ScenarioError> {
    let mut seen = Vec::with_capacity(24);
    for c in cards {
        if seen.contains(&c.0) {
            return Err(at(
                &["eecs280", "pack"],
                format!("{} is in the pack twice", c.0.short()),
            ));
        }
        seen.push(c.0);
    }
    seen.try_into().map_err(|v: Vec<Card>| {
        at(
            &["eecs280", "pack"],
            format!("a pack has 24 cards, this one has {}", v.len()),
        )
    })
}

/// Four players, each named by one word of its own.
fn check_players(players: &[RawPlayer], at: &At) -> Result<(), ScenarioError> {
    if players.len() != 4 {
        return Err(at(
            &["eecs280", "players"],
            format!("a game has 4 players, this one has {}", players.len()),
        ));
    }
    for (i, p) in players.iter().enumerate() {
        if p.name.is_empty() || p.name.contains(char::is_whitespace) {
            return Err(at(
                &["eecs280", "players"],
                format!(
                    "player {i}'s name {:?} must be one word (the program reads names as words)",
                    p.name
                ),
            ));
        }
        if players[..i].iter().any(|q| q.name == p.name) {
            return Err(at(
                &["eecs280", "players"],
                format!("two players are named {:?}", p.name),
            ));
        }
    }
    Ok(())
}

/// Checks the `eecs280:` section.
pub fn setup(e: &RawEecs280, cx: &mut SetupContext<'_>) -> Result<Eecs280Setup, ScenarioError> {
    let at = |keys: &[&str], message: String| cx.at(keys, message);
    let (pack, pack_text, default_name, read) = match (&e.pack_file, &e.pack) {
        (Some(_), Some(_)) => {
            return Err(at(
                &["eecs280", "pack"],
                "give pack or pack_file, not both".into(),
            ));
        }
        (None, None) => {
            return Err(at(
                &["eecs280"],
                "the eecs280 section needs pack (24 cards) or pack_file".into(),
            ));
        }
        (Some(p), None) => {
            let (full, t) = cx.read(p, "pack file", &["eecs280", "pack_file"])?;
            let shown = full.display().to_string();
            let pack = parse_pack(&shown, &t).map_err(|err| ScenarioError::nested(cx.file, err))?;
            let base = Path::new(p)
                .file_name()
                .map_or("pack.in".to_string(), |b| b.to_string_lossy().into_owned());
            (pack, t, base, Some(full))
        }
        (None, Some(cards)) => {
            let pack = listed_pack(cards, &at)?;
            let t: String = pack.iter().map(|c| format!("{c}\n")).collect();
            (pack, t, "pack.in".to_string(), None)
        }
    };
    if !(1..=100).contains(&e.points) {
        return Err(at(
            &["eecs280", "points"],
            format!("points must be 1 to 100, not {}", e.points),
        ));
    }
    check_players(&e.players, &at)?;
    if let Some(full) = read {
        cx.keep(full, "eecs280.pack_file");
    }
    let pack_name = e.pack_name.clone().unwrap_or(default_name);
    // The program is run in a folder of its own with the pack under this
    // name: a path would point elsewhere (and the grader writes it there).
    if let Some(why) = upcard_parse::name::file_name_problem(&pack_name) {
        return Err(cx.at(
            &["eecs280", "pack_name"],
            format!("the pack's name {pack_name:?} must be a plain file name: {why}"),
        ));
    }
    let args = Args {
        pack_file: pack_name,
        shuffle: e.shuffle,
        points: e.points,
        names: std::array::from_fn(|i| e.players[i].name.clone()),
        types: std::array::from_fn(|i| match e.players[i].kind {
            PlayerKind::Simple => PlayerType::Simple,
            PlayerKind::Human => PlayerType::Human,
        }),
    };
    Ok(Eecs280Setup {
        args,
        pack,
        pack_text,
        argv0: e
            .argv0
            .clone()
            .unwrap_or_else(|| upcard_rules::courses::eecs280::PROGRAM.into()),
    })
}

#[derive(Clone, Debug)]
pub struct Eecs280Setup {
    /// The command line; `pack_file` is the pack's name as the program sees it.
    pub args: Args,
    pub pack: [Card; 24],
    /// The pack file's bytes, for running a program in a directory of its own.
    pub pack_text: String,
    pub argv0: String,
}

impl Setup for Eecs280Setup {
    fn course(&self) -> &'static dyn Course {
        &Eecs280
    }

    fn names(&self) -> [String; 4] {
        self.args.names.clone()
    }

    fn start(&self, input: &SharedTokens, switch: Switch) -> (Game, Box<dyn Transcript>) {
        let human = std::array::from_fn(|i| self.args.types[i] == PlayerType::Human);
        let mut printer = Eecs280Printer::new(Vec::new(), self.args.names.clone(), human);
        printer.set_switch(switch);
        printer.header(&self.argv0, &self.args.argv());
        let game = new_game(&self.args, self.pack, input, switch);
        (game, Box::new(printer))
    }

    fn save(&self, _state: &upcard_engine::State) -> Result<String, String> {
        Err("save files are the CS 246 format; this is an EECS 280 game, which a CS 246 save cannot continue".into())
    }

    fn invocation(&self, argv0: Option<&str>) -> Result<Invocation, String> {
        Ok(Invocation {
            argv0: argv0.unwrap_or(&self.argv0).to_string(),
            args: self.args.argv(),
            files: vec![(self.args.pack_file.clone(), self.pack_text.clone())],
        })
    }
}
