//! The `standard:` section of a scenario: house rules, the cards (a seed or
//! a fixed deck) and who sits where.

use std::collections::BTreeMap;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::scenario::raw::CardName;
use crate::scenario::{ScenarioError, SetupContext};
use upcard_bots::Bot;
use upcard_bots::{SeatKind, Table};
use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_rules::agents::Game;
use upcard_rules::courses::standard::house::HouseRule;
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_rules::courses::standard::{Cards, Standard};
use upcard_rules::courses::{Course, Invocation, Setup};
use upcard_rules::input::SharedTokens;
use upcard_rules::transcript::Transcript;

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawStandard {
    /// The shuffle's seed (each hand is shuffled anew); with `deck`, the seed
    /// of the random and expert bots' choices only.
    #[serde(default)]
    pub seed: Option<u32>,
    /// Instead of `seed`: the secret key a game of `upcard play` was dealt
    /// from (64 hexadecimal digits; `--record` writes it).
    #[serde(default)]
    pub key: Option<String>,
    /// The 24 cards, top first, dealt in this order every hand (no shuffle).
    #[serde(default)]
    pub deck: Option<Vec<CardName>>,
    /// House rules by name (docs/house-rules.md): `stick-the-dealer: on`, `points-to-win: 5`.
    #[serde(default)]
    pub house: BTreeMap<String, HouseValue>,
    /// Exactly four players, in seat order (North, East, South, West).
    #[serde(default)]
    pub players: Vec<RawSeat>,
    /// A recorded game to play again, a Euchre Game Notation file relative
    /// to the scenario (docs/egn.md; `upcard import` writes these): its
    /// players, rules, cards and every move come from the record, so
    /// `seed`, `deck`, `house` and `players` are not given.
    #[serde(default)]
    pub record: Option<String>,
}

/// A house rule's value: on/off, a number or a word.
#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(untagged)]
pub enum HouseValue {
    Switch(bool),
    Number(u32),
    Word(String),
}

impl HouseValue {
    pub fn text(&self) -> String {
        match self {
            HouseValue::Switch(b) => if *b { "on" } else { "off" }.into(),
            HouseValue::Number(n) => n.to_string(),
            HouseValue::Word(w) => w.clone(),
        }
    }
}

#[derive(Clone, Debug, Deserialize, Serialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct RawSeat {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: SeatType,
}

/// Who plays a seat: `human`, or a bot by its name in the bots' registry
/// (`upcard_bots::Bot`), from which this type's names and schema come.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(into = "String")]
pub struct SeatType(pub Option<Bot>);

impl SeatType {
    fn find(name: &str) -> Result<SeatType, String> {
        if name == "human" {
            return Ok(SeatType(None));
        }
        Bot::find(name).map(|b| SeatType(Some(b))).ok_or_else(|| {
            format!(
                "unknown player type {name:?}; the types are human, {}",
                Bot::names(", ")
            )
        })
    }
}

/// Read as a string whose error is raised at the value, so that it is
/// placed at the value's line and column (not its mapping's).
impl<'de> Deserialize<'de> for SeatType {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<SeatType, D::Error> {
        struct Name;
        impl serde::de::Visitor<'_> for Name {
            type Value = SeatType;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("human or a bot's name")
            }
            fn visit_str<E: serde::de::Error>(self, name: &str) -> Result<SeatType, E> {
                SeatType::find(name).map_err(E::custom)
            }
        }
        d.deserialize_str(Name)
    }
}

impl From<SeatType> for String {
    fn from(t: SeatType) -> String {
        t.0.map_or("human", Bot::name).to_string()
    }
}

impl JsonSchema for SeatType {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "SeatType".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        let one = |name: &str, about: &str| serde_json::json!({ "description": about, "type": "string", "const": name });
        let types: Vec<_> = std::iter::once(one(
            "human",
            "A person, answering numbered choices from `input`.",
        ))
        .chain(Bot::ALL.map(|b| one(b.name(), b.about())))
        .collect();
        schemars::json_schema!({ "oneOf": types })
    }
}

/// A recorded game (`record:`): its players, rules, cards and moves.
fn recorded(
    s: &RawStandard,
    file: &str,
    cx: &mut SetupContext<'_>,
) -> Result<StandardSetup, ScenarioError> {
    let key = ["standard", "record"];
    if s.seed.is_some()
        || s.key.is_some()
        || s.deck.is_some()
        || !s.house.is_empty()
        || !s.players.is_empty()
    {
        return Err(cx.at(
            &key,
            "a recorded game takes its players, rules and cards from the record: give no seed, deck, house or players".into(),
        ));
    }
    let (full, text) = cx.read(file, "the record", &key)?;
    let shown = full.display().to_string();
    let record =
        upcard_record::notation::Record::parse(&shown, &text).map_err(|e| cx.at(&key, e.0))?;
    let read = upcard_record::notation::setup::read(&full, &record).map_err(|e| cx.at(&key, e))?;
    cx.keep(full, "standard.record");
    Ok(StandardSetup::Recorded(std::sync::Arc::new(read.setup)))
}

/// Checks the `standard:` section.
pub fn setup(s: &RawStandard, cx: &mut SetupContext<'_>) -> Result<StandardSetup, ScenarioError> {
    if let Some(file) = &s.record {
        return recorded(s, file, cx);
    }
    let mut config = upcard_rules::courses::standard::config();
    for (name, value) in &s.house {
        let rule = HouseRule::find(name).ok_or_else(|| {
            cx.at(
                &["standard", "house", name],
                format!(
                    "unknown house rule {name:?}; the house rules are {}",
                    upcard_rules::courses::standard::house::names()
                ),
            )
        })?;
        rule.set(&mut config, &value.text())
            .map_err(|e| cx.at(&["standard", "house", name], e))?;
    }
    upcard_rules::courses::standard::house::check(&config)
        .map_err(|e| cx.at(&["standard", "house"], e))?;
    let cards = match (&s.deck, &s.key) {
        (_, Some(_)) if s.seed.is_some() || s.deck.is_some() => {
            return Err(cx.at(
                &["standard", "key"],
                "a key deals the game: give no seed or deck with it".into(),
            ));
        }
        (None, Some(k)) => Cards::Key(
            upcard_rules::courses::standard::parse_key(k)
                .map_err(|e| cx.at(&["standard", "key"], e))?,
        ),
        (None, None) => Cards::Seed(s.seed.unwrap_or(0)),
        (Some(cards), _) => {
            let mut seen: Vec<Card> = Vec::with_capacity(24);
            for c in cards {
                if seen.contains(&c.0) {
                    return Err(cx.at(
                        &["standard", "deck"],
                        format!("{} is in the deck twice", c.0.short()),
                    ));
                }
                seen.push(c.0);
            }
            let deck = seen.try_into().map_err(|v: Vec<Card>| {
                cx.at(
                    &["standard", "deck"],
                    format!("a deck has 24 cards, this one has {}", v.len()),
                )
            })?;
            Cards::Fixed(deck, s.seed.unwrap_or(0))
        }
    };
    if s.players.len() != 4 {
        return Err(cx.at(
            &["standard", "players"],
            format!("a game has 4 players, this one has {}", s.players.len()),
        ));
    }
    for (i, p) in s.players.iter().enumerate() {
        if p.name.trim().is_empty() || s.players[..i].iter().any(|q| q.name == p.name) {
            return Err(cx.at(
                &["standard", "players"],
                format!(
                    "player {i}'s name {:?} must be given and differ from the others'",
                    p.name
                ),
            ));
        }
    }
    Ok(StandardSetup::Table(Box::new(Table::new(
        config,
        cards,
        std::array::from_fn(|i| s.players[i].name.clone()),
        std::array::from_fn(|i| s.players[i].kind.0.map_or(SeatKind::Person, SeatKind::Bot)),
    ))))
}

/// A standard game: a table of players, or a recorded game.
#[derive(Clone, Debug)]
pub enum StandardSetup {
    Table(Box<Table>),
    Recorded(std::sync::Arc<dyn Setup>),
}

impl Setup for StandardSetup {
    fn course(&self) -> &'static dyn Course {
        &Standard
    }

    fn names(&self) -> [String; 4] {
        match self {
            StandardSetup::Table(t) => t.names.clone(),
            StandardSetup::Recorded(r) => r.names(),
        }
    }

    fn start(&self, input: &SharedTokens, switch: Switch) -> (Game, Box<dyn Transcript>) {
        let (mut game, printer) = match self {
            StandardSetup::Table(t) => {
                let printer = StandardPrinter::new(Vec::new(), t.names.clone());
                (t.game(input), Box::new(printer) as Box<dyn Transcript>)
            }
            StandardSetup::Recorded(r) => r.start(input, switch),
        };
        game.state.config.switch = switch;
        (game, printer)
    }

    fn invocation(&self, _argv0: Option<&str>) -> Result<Invocation, String> {
        Err("the standard game has no course program to grade".into())
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::{Scenario, play};
    use std::path::Path;

    fn game(seed: Option<u32>) -> Vec<u8> {
        let seed = seed.map_or(String::new(), |s| format!("  seed: {s}\n"));
        let text = format!(
            "name: s\nrules: standard\nstandard:\n{seed}  deck: [9S, 9H, 9C, JS, JH, QS, QH, QC, KS, KH, 9D, TS, AS, AH, AC, TH, TC, JC, JD, QD, KC, KD, TD, AD]\n  house: {{ points-to-win: 3 }}\n  players:\n    - {{ name: N, type: random }}\n    - {{ name: E, type: random }}\n    - {{ name: S, type: expert }}\n    - {{ name: W, type: random }}\n"
        );
        let s = Scenario::from_text(Path::new("/nonexistent/s.yaml"), &text).unwrap();
        play(&s).transcript
    }

    /// With a deck, the seed is the bots': the same seed plays the same
    /// game, another seed another game, and no seed is seed 0.
    #[test]
    fn a_deck_with_a_seed_seeds_the_bots() {
        assert_eq!(game(Some(7)), game(Some(7)));
        assert_ne!(game(Some(7)), game(Some(8)));
        assert_eq!(game(None), game(Some(0)));
    }
}
