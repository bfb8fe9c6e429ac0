//! A record as the standard game it describes: its rule set as house rules,
//! each deal's cards put back in a deck, and every call, discard and card as
//! the scripted decisions of the four seats (docs/egn.md). A scenario plays
//! it (`record:`); [`crate::replay`] replays it as a timeline.
//!
//! A record lists the cards of each trick in the order they fell, not who
//! played them; the engine itself says whose turn each card is (one
//! definition of the lead and of the trick's winner), in a first pass in
//! which every hand holds only the card about to be played. The hands so
//! found are dealt, cards the record does not know are made up from the rest
//! of the deck (never a suit a player showed out of), and a second pass
//! plays the deal with all the rules: a card that does not follow suit, or a
//! call the rules forbid, is reported with its deal, trick and seat.//!
//! Here a record read into its game (`read`) and what the passes share;
//! beside it the first pass (`plan`: who made each decision), the deals'
//! decks with the unknown cards made up (`deck`), the second pass (`build`:
//! the game played with every rule) and the annotations (`notes`).

mod build;
mod deck;
mod notes;
mod plan;

pub use notes::{NOTE_TRICK, note_key};

use build::{Built, build};

use std::collections::BTreeMap;
use std::path::Path;

use super::point::Point;
use super::{Deal, DealEntry, Record, Ruleset};
use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, Config, Deck, NullSink, Phase as Step, State};
use upcard_parse::escape::printable_line;
use upcard_rules::agents::{Game, Scripted};
use upcard_rules::courses::standard::house::HouseRule;
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_rules::courses::{Course, Invocation, Setup};
use upcard_rules::input::SharedTokens;
use upcard_rules::transcript::Transcript;

/// How upcard's own notes begin (its findings, beside the record's
/// annotations): they are not written back into a record.
pub const OWN_NOTE: &str = "upcard: ";

/// The standard game a record describes.
#[derive(Debug)]
pub struct EgnSetup {
    config: Config,
    names: [String; 4],
    orders: Vec<[Card; 24]>,
    scores: [u32; 2],
    first_hand: u32,
    scripts: [Vec<Action>; 4],
}

impl Setup for EgnSetup {
    fn course(&self) -> &'static dyn Course {
        &upcard_rules::courses::standard::Standard
    }

    fn names(&self) -> [String; 4] {
        self.names.clone()
    }

    fn start(&self, _input: &SharedTokens, switch: Switch) -> (Game, Box<dyn Transcript>) {
        let config = Config {
            switch,
            ..self.config
        };
        let mut state = State::new(config, Deck::recorded(self.orders.clone()));
        state.scores = self.scores;
        state.hand_no = self.first_hand;
        let agents = (0..4)
            .map(|s| -> Box<dyn upcard_rules::agents::Agent> {
                Box::new(Scripted::new(
                    self.names[s].clone(),
                    self.scripts[s].iter().copied(),
                ))
            })
            .collect();
        let printer = StandardPrinter::new(Vec::new(), self.names.clone());
        (
            Game::new(state, self.names.clone(), agents),
            Box::new(printer),
        )
    }

    fn invocation(&self, _argv0: Option<&str>) -> Result<Invocation, String> {
        Err("a recorded game has no course program to grade".into())
    }
}

/// The notation's ruleset fields that are not house rules of upcard's, with
/// their standard value and the rule a record with another value plays.
/// A field becomes a house rule's by its row in the registry
/// (`house::HouseRule::row`), which takes it off this list.
fn not_played() -> [(&'static str, serde_json::Value, &'static str); 9] {
    let no = serde_json::Value::Bool(false);
    [
        ("min_rank", 9.into(), "a deck with cards below the nine"),
        ("num_players", 4.into(), "a game of other than four players"),
        (
            "farmers",
            no.clone(),
            "a hand of three or more nines and tens may be declared (upcard's farmers-hand needs all five)",
        ),
        ("partners_best", no.clone(), "call for best"),
        ("go_under", no.clone(), "going under"),
        ("joker", no.clone(), "the joker"),
        ("allow_no_trump", no.clone(), "no trump"),
        ("fast_break", no.clone(), "fast break"),
        ("four_trick_tokens", no, "four-trick tokens"),
    ]
}

/// The engine's configuration for a record's rule set, or the field and
/// value upcard does not play. Each house rule reads its own field (its
/// row in the registry); the notation's other fields must have their
/// standard values.
pub fn config(rules: &Ruleset) -> Result<Config, String> {
    let mut c = upcard_rules::courses::standard::config();
    let fields = match serde_json::to_value(rules) {
        Ok(serde_json::Value::Object(m)) => m,
        _ => serde_json::Map::new(),
    };
    let shown = |field: &str| fields.get(field).map_or("none".into(), |v| v.to_string());
    let refuse = |field: &str, why: &str| {
        format!(
            "ruleset.{field} is {}: {why}, which upcard does not play",
            shown(field)
        )
    };
    let rows: Vec<_> = HouseRule::ALL.iter().map(|&r| (r, r.row().egn)).collect();
    for (rule, egn) in &rows {
        let Some(egn) = egn else { continue };
        match (egn.read)(&fields) {
            Ok(Some(value)) => rule
                .set(&mut c, &value)
                .map_err(|e| format!("ruleset.{} is {value}: {e}", egn.field))?,
            Ok(None) => {}
            Err(why) => return Err(refuse(egn.field, why)),
        }
    }
    let claimed = |field: &str| {
        rows.iter()
            .filter_map(|(_, e)| e.as_ref())
            .any(|e| e.field == field)
    };
    for (field, standard, why) in not_played() {
        if !claimed(field) && fields.get(field).is_some_and(|v| *v != standard) {
            return Err(refuse(field, why));
        }
    }
    // The rules together, as every table's.
    upcard_rules::courses::standard::house::check(&c).map_err(|e| format!("ruleset: {e}"))?;
    Ok(c)
}

/// A card as the notation writes it (`Ad`, `9c`, `Tc`); None for one the
/// record does not know (`Xx`).
fn card(s: &str) -> Result<Option<Card>, String> {
    if let [r, suit] = s.as_bytes()
        && (*r == b'X' || *suit == b'x')
    {
        return Ok(None);
    }
    Card::parse_short(s)
        .map(Some)
        .ok_or_else(|| format!("card {s:?} is not one of the 24 cards upcard plays (nine to ace)"))
}

/// The players' names: four, different, none empty (a seat's number where
/// the record gives none), and printable (a record is anyone's file: what a
/// terminal would interpret is shown escaped, as everywhere upcard prints
/// text it did not write).
fn names(record: &Record) -> [String; 4] {
    let mut out: [String; 4] = std::array::from_fn(|i| format!("Player {i}"));
    for (i, p) in record.metadata.players.iter().take(4).enumerate() {
        let n = p.name().trim();
        if !n.is_empty() {
            out[i] = printable_line(n);
        }
    }
    for i in 1..4 {
        if out[..i].contains(&out[i]) {
            out[i] = format!("{} (seat {i})", out[i]);
        }
    }
    out
}

/// Moves the engine on to the next decision, the next deal or the end.
fn settle(st: &mut State) {
    while st.to_move().is_none() && !st.is_over() && st.phase != Step::StartHand {
        if !st.advance(&mut NullSink) {
            break;
        }
    }
}

/// Deals the hand a state at the start of one is about to deal.
fn deal_hand(st: &mut State) {
    if st.phase == Step::StartHand {
        st.advance(&mut NullSink);
    }
    settle(st);
}

/// Why a replay ends before its game does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum End {
    /// The record holds no more: a one-deal or partial record, replayed whole.
    Record(String),
    /// The record cannot go on: an impossible card, a break in it.
    Broken(String),
}

impl End {
    pub fn text(&self) -> &str {
        match self {
            End::Record(t) | End::Broken(t) => t,
        }
    }
}

/// What a record reads as: the game, its name and description, and what
/// a replay shows beside it.
pub struct Recorded {
    pub setup: EgnSetup,
    pub name: String,
    pub description: String,
    /// The record's annotations and upcard's findings, at the move they are about.
    pub notes: BTreeMap<Point, Vec<String>>,
    /// By hand, the cards the record does not know: dealt so that the game
    /// is whole, shown as unknown.
    pub unknown: BTreeMap<u32, Vec<Card>>,
    /// Why the replay ends where it does, when the game was not finished.
    pub end: Option<End>,
    /// The record's own rules, when the game is played under others.
    pub declared: Option<Config>,
}

/// Reads a record into the game it describes, or says why it cannot be.
pub fn read(path: &Path, record: &Record) -> Result<Recorded, String> {
    let file = path.display().to_string();
    let rules = record.metadata.ruleset.clone().unwrap_or_default();
    let mut config = config(&rules).map_err(|e| format!("{file}: {e}"))?;
    let names = names(record);
    let initial: [u32; 2] = {
        let s = &record.metadata.initial_score;
        let get = |i: usize| -> Result<u32, String> {
            let v = s.get(i).copied().unwrap_or(0);
            u32::try_from(v)
                .map_err(|_| format!("{file}: metadata.initialScore[{i}] is {v}, not a score"))
        };
        [get(0)?, get(1)?]
    };
    let deals: Vec<(usize, &Deal)> = record
        .deals
        .iter()
        .enumerate()
        .map(|(k, e)| match e {
            // Messages and hand numbers follow the record's own numbering.
            DealEntry::Deal(d) => Ok((usize::try_from(d.deal_number).unwrap_or(k), d.as_ref())),
            DealEntry::Packed(_) => Err(format!(
                "{file}: deal {k} is in the notation's packed (base64) form, which upcard does not read; write the record out in JSON with the notation's own tools"
            )),
        })
        .collect::<Result<_, _>>()?;
    if let Some((_, d)) = deals.first() {
        let dealer = d.initial_state.dealer;
        config.first_dealer = usize::try_from(dealer)
            .ok()
            .filter(|&s| s < 4)
            .ok_or_else(|| format!("{file}: deal 0's dealer is {dealer}, not a seat 0-3"))?;
    }
    // Played once as the rules say; a record that goes on past the end of
    // the game is played again with no target at all.
    match build(&config, config.points_to_win, &names, initial, &deals) {
        Built::Over { at, scores, hand } => {
            let mut raised = config;
            raised.points_to_win = upcard_rules::courses::standard::house::NO_TARGET;
            let mut r = build(&raised, config.points_to_win, &names, initial, &deals)
                .into_recorded(path, record, raised, &names, initial)?;
            r.declared = Some(config);
            r.notes.entry(Point { hand, trick: 0, play: 1 }).or_default().insert(
                0,
                format!(
                    "{OWN_NOTE}the game was over after deal {at} at {}-{} (winning score {}), but the record goes on; the rest is replayed as recorded",
                    scores[0], scores[1], config.points_to_win
                ),
            );
            Ok(r)
        }
        b => b.into_recorded(path, record, config, &names, initial),
    }
}
