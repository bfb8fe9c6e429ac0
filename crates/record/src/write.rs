//! A game as an EGN record, written from the engine's events: every game
//! upcard plays or replays (scenarios, save files, records, `play`, `arena`,
//! `serve`) is written by this one function, with the types that read it.

use std::collections::BTreeMap;

use crate::Timeline;
use crate::notation::point::Point;
use crate::notation::setup::{OWN_NOTE, note_key};
use crate::notation::{
    Annotations, Bidding, Deal, DealEntry, FILE_TYPE, InitialState, Metadata, Phase, PlayerEntry,
    Record, Ruleset, Tricks,
};
use upcard_engine::cards::Card;
use upcard_engine::{Config, Event};
use upcard_rules::courses::standard::house::HouseRule;

/// The version of the notation upcard writes.
pub const VERSION: &str = "1.4";

/// What a record is written from.
pub struct Game<'a> {
    pub title: &'a str,
    pub description: &'a str,
    pub names: &'a [String; 4],
    pub config: &'a Config,
    pub events: &'a [Event],
    /// Annotations to write back, at their moves (upcard's own findings,
    /// `upcard: …`, are not written).
    pub notes: &'a BTreeMap<Point, Vec<String>>,
    /// By hand, cards not known: a hand holding one is not written.
    pub unknown: &'a BTreeMap<u32, Vec<Card>>,
}

/// A card as the notation writes it: `Ad`, `Tc`.
pub fn card_text(c: Card) -> String {
    let s = c.short().to_string();
    let mut it = s.chars();
    let rank = it.next().unwrap_or('9');
    let suit = it.next().unwrap_or('s').to_ascii_lowercase();
    format!("{rank}{suit}")
}

/// The rule set as the notation names it: each house rule's field, as its
/// row of the registry writes it (`house::HouseRule::row`).
pub fn ruleset(c: &Config) -> Ruleset {
    let fields: serde_json::Map<String, serde_json::Value> = HouseRule::ALL
        .iter()
        .filter_map(|r| r.row().egn)
        .filter_map(|egn| Some((egn.field.to_string(), (egn.write)(c)?)))
        .collect();
    // Every field the registry writes is one of the notation's, of its type.
    serde_json::from_value(serde_json::Value::Object(fields))
        .expect("the house rules write the notation's ruleset fields")
}

/// One deal being written.
struct Open {
    deal: Deal,
    calls: Vec<String>,
    alone: bool,
    /// Trump has been made.
    made: bool,
    defender: Option<i64>,
    discard: Option<String>,
    tricks: Vec<Vec<String>>,
    trick: Vec<String>,
}

impl Open {
    /// Deal `hand`, dealt by `dealer`, before anything is known of it.
    fn new(hand: u32, dealer: usize) -> Open {
        Open {
            deal: Deal {
                deal_number: i64::from(hand),
                initial_state: InitialState {
                    dealer: dealer as i64,
                    up_card: String::new(),
                    player_cards: None,
                },
                phases: Vec::new(),
                alternative_lines: Vec::new(),
            },
            calls: Vec::new(),
            alone: false,
            made: false,
            defender: None,
            discard: None,
            tricks: Vec::new(),
            trick: Vec::new(),
        }
    }

    /// What an event of the deal adds to it (`unknown`: cards the game did
    /// not know, which are not written).
    fn take(&mut self, e: &Event, unknown: &[Card]) {
        match e {
            Event::Dealt { hands, .. }
                if !hands
                    .iter()
                    .flat_map(|h| h.as_slice())
                    .any(|c| unknown.contains(c)) =>
            {
                self.deal.initial_state.player_cards = Some(
                    hands
                        .iter()
                        .map(|h| h.as_slice().iter().map(|&c| card_text(c)).collect())
                        .collect(),
                );
            }
            Event::Upcard { card, .. } => self.deal.initial_state.up_card = card_text(*card),
            // After trump is made, a pass is a defender's answer
            // to defending alone: not a call (`aloneDefender` says).
            Event::Passed { .. } if !self.made => self.calls.push("Pass".into()),
            Event::Ordered {
                suit, alone, round, ..
            } => {
                self.calls.push(if *round == 1 {
                    "Order".into()
                } else {
                    suit.letter().to_ascii_lowercase().to_string()
                });
                self.alone = *alone;
                self.made = true;
            }
            Event::Discarded { card, .. } if !unknown.contains(card) => {
                self.discard = Some(card_text(*card));
            }
            Event::DefendedAlone { seat } => self.defender = Some(*seat as i64),
            Event::Led { card, .. } | Event::Played { card, .. } => {
                self.trick.push(card_text(*card))
            }
            Event::TrickTaken { .. } => self.tricks.push(std::mem::take(&mut self.trick)),
            _ => {}
        }
    }

    fn close(mut self, game: &Game, hand: u32) -> Deal {
        if !self.trick.is_empty() {
            self.tricks.push(std::mem::take(&mut self.trick));
        }
        let mut calls_notes = Annotations::new();
        let mut play_notes = Annotations::new();
        for (p, texts) in game.notes.range(
            Point {
                hand,
                trick: 0,
                play: 0,
            }..=Point {
                hand,
                trick: u8::MAX,
                play: u8::MAX,
            },
        ) {
            let texts: Vec<String> = texts
                .iter()
                .filter(|t| !t.starts_with(OWN_NOTE))
                .cloned()
                .collect();
            if texts.is_empty() {
                continue;
            }
            match note_key(*p) {
                Some((true, i)) if i < self.calls.len() => {
                    calls_notes.insert(i.to_string(), texts);
                }
                Some((false, i)) => {
                    play_notes.insert(i.to_string(), texts);
                }
                _ => {}
            }
        }
        let bidding = Bidding {
            phase_number: 0,
            calls: self.calls,
            is_alone: Some(self.alone),
            alone_defender: self.defender,
            discard: self.discard,
            card_exchanges: None,
            call_annotations: (!calls_notes.is_empty()).then_some(calls_notes),
        };
        self.deal.phases.push(Phase::Bidding(bidding));
        if !self.tricks.is_empty() {
            self.deal.phases.push(Phase::Tricks(Tricks {
                phase_number: 1,
                tricks: self.tricks,
                is_alone: None,
                play_annotations: (!play_notes.is_empty()).then_some(play_notes),
            }));
        }
        self.deal
    }
}

/// The record of a game. Hands started before the events begin (a save file
/// loaded mid-hand) are left out: a deal starts with its dealing.
pub fn record(game: &Game) -> Record {
    let mut deals = Vec::new();
    let mut open: Option<(u32, Open)> = None;
    let mut initial = None;
    let mut last_scores = [0u32; 2];
    let mut over = false;
    for e in game.events {
        match e {
            Event::HandStart {
                hand,
                dealer,
                scores,
            } => {
                if let Some((h, o)) = open.take() {
                    deals.push(DealEntry::Deal(Box::new(o.close(game, h))));
                }
                initial.get_or_insert(*scores);
                last_scores = *scores;
                open = Some((*hand, Open::new(*hand, *dealer)));
            }
            _ => {
                let Some((hand, o)) = open.as_mut() else {
                    continue;
                };
                let unknown = game.unknown.get(hand).map_or(&[][..], |u| u.as_slice());
                match e {
                    Event::HandOver { scores, .. } => last_scores = *scores,
                    Event::GameOver { scores, .. } => {
                        last_scores = *scores;
                        over = true;
                    }
                    _ => o.take(e, unknown),
                }
            }
        }
    }
    if let Some((h, o)) = open.take() {
        deals.push(DealEntry::Deal(Box::new(o.close(game, h))));
    }
    let initial = initial.unwrap_or([0, 0]);
    Record {
        file_type: FILE_TYPE.into(),
        version: VERSION.into(),
        metadata: Metadata {
            game_id: None,
            title: (!game.title.is_empty()).then(|| truncate(game.title, 128)),
            description: (!game.description.is_empty()).then(|| truncate(game.description, 1024)),
            date: None,
            players: game
                .names
                .iter()
                .map(|n| PlayerEntry::Name(truncate(n, 64)))
                .collect(),
            initial_score: initial.iter().map(|&s| i64::from(s)).collect(),
            final_score: over.then(|| last_scores.iter().map(|&s| i64::from(s)).collect()),
            ruleset: Some(ruleset(game.config)),
        },
        deals,
    }
}

/// At most `max` characters (the schema's limits).
fn truncate(s: &str, max: usize) -> String {
    s.chars().take(max).collect()
}

/// The moves that make a game, to compare two plays of it: every call and
/// card, and every hand's score (not discards: a record need not name
/// them, and a dealer who sits out discards under some rules and not
/// others, with the same play).
fn moves(events: &[Event], names: &[String; 4]) -> Vec<String> {
    events
        .iter()
        .skip_while(|e| !matches!(e, Event::HandStart { .. }))
        .filter_map(|e| match e {
            Event::Passed { .. }
            | Event::Ordered { .. }
            | Event::DefendedAlone { .. }
            | Event::Led { .. }
            | Event::Played { .. }
            | Event::Nullified { .. }
            | Event::ThrownIn { .. }
            | Event::Renege { .. }
            | Event::HandOver { .. } => Some(crate::describe(e, names)),
            _ => None,
        })
        .collect()
}

/// A replayed game as a record, checked by reading it back: the record
/// replays to the same moves and scores, or the game is refused with the
/// first move the notation cannot say.
pub fn from_timeline(t: &Timeline) -> Result<Record, String> {
    let config = t.declared.unwrap_or(t.initial.config);
    checked(
        &Game {
            title: &t.source.name,
            description: &t.source.description,
            names: &t.names,
            config: &config,
            events: &t.events,
            notes: &t.notes,
            unknown: &t.unknown,
        },
        &t.source.path,
    )
}

/// The record of `game`, read back (as from `path`) and compared move by move.
pub fn checked(game: &Game, path: &std::path::Path) -> Result<Record, String> {
    let record = record(game);
    let again = crate::replay(path, &record)
        .map_err(|e| format!("the record upcard would write is not one it reads: {e}"))?;
    let (a, b) = (
        moves(game.events, game.names),
        moves(&again.events, game.names),
    );
    if let Some(i) = (0..a.len().max(b.len())).find(|&i| a.get(i) != b.get(i)) {
        let say = |m: Option<&String>| m.map_or("nothing".to_string(), |s| s.clone());
        return Err(format!(
            "Euchre Game Notation cannot say this game as it was played (these rules are not the notation's): at its move {}, the game has \"{}\" where the record would replay \"{}\"{}",
            i + 1,
            say(a.get(i)),
            say(b.get(i)),
            again
                .error
                .as_ref()
                .map_or(String::new(), |e| format!(" ({e})"))
        ));
    }
    Ok(record)
}

/// A game played (by `play`, `arena`, `serve`) written to `path` as a
/// checked record: titled `title`, or after the file's name.
pub fn save_played(
    path: &std::path::Path,
    title: Option<&str>,
    description: &str,
    names: &[String; 4],
    config: &Config,
    events: &[Event],
) -> Result<(), String> {
    static NONE: BTreeMap<Point, Vec<String>> = BTreeMap::new();
    static UNKNOWN: BTreeMap<u32, Vec<Card>> = BTreeMap::new();
    let stem = path
        .file_stem()
        .map_or("game".to_string(), |s| s.to_string_lossy().into_owned());
    save(
        &Game {
            title: title.unwrap_or(&stem),
            description,
            names,
            config,
            events,
            notes: &NONE,
            unknown: &UNKNOWN,
        },
        path,
    )
}

/// Writes `game` to `path` as a checked record (whole or not at all).
pub fn save(game: &Game, path: &std::path::Path) -> Result<(), String> {
    let record = checked(game, path)?;
    upcard_parse::file::write_atomic(path, record.to_json().as_bytes())
        .map_err(|e| format!("writing {}: {e}", path.display()))
}
