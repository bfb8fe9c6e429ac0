//! CS 246 save files as game states: checks, loading and writing.

use std::fmt::Write as _;

use crate::cards::{Card, Suit, short_list};
use crate::engine::{Phase, Seat, State, partner_of};
use crate::parse::ParseError;
use crate::parse::save::{Located, RawSave, parse_save};

/// A checked save file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SaveFile {
    pub scores: [u32; 2],
    pub dealer: Seat,
    pub next: Seat,
    pub trump: Option<(Suit, Seat, bool)>,
    pub seed: i64,
    pub deck: [Card; 24],
    pub hands: [Vec<Card>; 4],
    pub taken: [Vec<Card>; 4],
}

fn place(p: &str, seat: usize) -> String {
    format!("player {seat}'s {p}")
}

impl SaveFile {
    /// Parses and checks a save file: every card once in the deck, at most once
    /// in all hands and trick piles together, and counts a hand can have.
    pub fn parse(file: &str, text: &str) -> Result<SaveFile, ParseError> {
        let raw = parse_save(file, text)?;
        let err = |at: usize, m: String| ParseError::at(file, text, at, m);
        check(&raw, &err)?;
        let cards = |v: &Vec<Located<Card>>| v.iter().map(|c| c.value).collect::<Vec<_>>();
        Ok(SaveFile {
            scores: raw.scores,
            dealer: raw.dealer,
            next: raw.next,
            trump: raw.trump,
            seed: raw.seed,
            deck: cards(&raw.deck).try_into().expect("24 cards"),
            hands: std::array::from_fn(|p| cards(&raw.hands[p])),
            taken: std::array::from_fn(|p| cards(&raw.taken[p])),
        })
    }

    /// The format of spec section 3, one value group per line.
    pub fn write(&self) -> String {
        let mut s = String::new();
        let _ = writeln!(s, "{} {}", self.scores[0], self.scores[1]);
        let _ = writeln!(s, "{} {}", self.dealer, self.next);
        match self.trump {
            None => s.push_str("?\n"),
            Some((t, maker, alone)) => {
                let _ = writeln!(
                    s,
                    "{}\n{} {}",
                    t.letter(),
                    maker,
                    if alone { 't' } else { 'f' }
                );
            }
        }
        let _ = writeln!(s, "{}", self.seed);
        let _ = writeln!(s, "{}", short_list(&self.deck));
        for p in 0..4 {
            for pile in [&self.hands[p], &self.taken[p]] {
                if pile.is_empty() {
                    s.push_str("0\n");
                } else {
                    let _ = writeln!(s, "{} {}", pile.len(), short_list(pile));
                }
            }
        }
        s
    }

    /// Cards in no hand and no trick pile, in deck order; the first is the top card.
    pub fn kitty(&self) -> Vec<Card> {
        self.deck
            .iter()
            .copied()
            .filter(|c| !self.hands.iter().chain(&self.taken).any(|h| h.contains(c)))
            .collect()
    }

    /// The engine state and phase this file describes (docs/cs246-rules.md, "Save files").
    pub fn to_state(&self) -> (State, Phase) {
        let names = ["0", "1", "2", "3"].map(String::from);
        let mut s = State::new(names, self.dealer);
        s.scores = self.scores;
        s.hands = self.hands.clone();
        s.taken = self.taken.clone();
        s.kitty = self.kitty();
        s.upcard = s.kitty.first().copied();
        let phase = match self.trump {
            None => Phase::Bidding {
                round: 1,
                turn: self.next,
                passes: 0,
            },
            Some((t, maker, alone)) => {
                s.trump = Some(t);
                s.maker = Some(maker);
                s.alone = alone;
                let per_trick = if alone { 3 } else { 4 };
                for p in 0..4 {
                    s.tricks[p] = (self.taken[p].len() / per_trick) as u8;
                }
                if s.tricks_played() == 5 {
                    Phase::HandOver
                } else {
                    Phase::Trick {
                        turn: self.next,
                        turns: 0,
                    }
                }
            }
        };
        (s, phase)
    }
}

fn check(raw: &RawSave, err: &dyn Fn(usize, String) -> ParseError) -> Result<(), ParseError> {
    for (i, c) in raw.deck.iter().enumerate() {
        if let Some(j) = raw.deck[..i].iter().position(|d| d.value == c.value) {
            return Err(err(
                c.at,
                format!(
                    "{} is in the deck twice (cards {} and {})",
                    c.value.short(),
                    j + 1,
                    i + 1
                ),
            ));
        }
    }
    let mut seen: Vec<(Card, String)> = Vec::new();
    for p in 0..4 {
        for (what, pile) in [("hand", &raw.hands[p]), ("tricks", &raw.taken[p])] {
            for c in pile {
                let here = place(what, p);
                if let Some((_, there)) = seen.iter().find(|(d, _)| *d == c.value) {
                    return Err(err(
                        c.at,
                        format!("{} is in {there} and in {here}", c.value.short()),
                    ));
                }
                seen.push((c.value, here));
            }
        }
    }
    let at_end = raw.taken[3]
        .last()
        .or(raw.hands[3].last())
        .map_or(0, |c| c.at);
    match raw.trump {
        None => {
            for p in 0..4 {
                if raw.hands[p].len() != 5 || !raw.taken[p].is_empty() {
                    return Err(err(
                        raw.hands[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "trump is not declared (?), so player {p} must hold 5 cards and no tricks"
                        ),
                    ));
                }
            }
        }
        Some((_, maker, alone)) => {
            let out = alone.then(|| partner_of(maker));
            let per_trick = if alone { 3 } else { 4 };
            let active: Vec<Seat> = (0..4).filter(|&p| Some(p) != out).collect();
            let held = raw.hands[active[0]].len();
            for &p in &active {
                if raw.hands[p].len() != held {
                    return Err(err(
                        raw.hands[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "player {p} holds {} cards but player {} holds {held}; between tricks every playing hand is the same size",
                            raw.hands[p].len(),
                            active[0]
                        ),
                    ));
                }
                if !raw.taken[p].len().is_multiple_of(per_trick) {
                    return Err(err(
                        raw.taken[p].first().map_or(at_end, |c| c.at),
                        format!(
                            "player {p}'s tricks hold {} cards, not a multiple of {per_trick}",
                            raw.taken[p].len()
                        ),
                    ));
                }
            }
            if let Some(o) = out
                && !raw.taken[o].is_empty()
            {
                return Err(err(
                    raw.taken[o][0].at,
                    format!("player {o} sits out (its partner went alone) but has taken tricks"),
                ));
            }
            let pile_cards: usize = raw.taken.iter().map(Vec::len).sum();
            if pile_cards != (5 - held) * per_trick {
                return Err(err(
                    at_end,
                    format!(
                        "{} cards in tricks do not fit hands of {held} cards ({} tricks of {per_trick} played)",
                        pile_cards,
                        5 - held
                    ),
                ));
            }
            if Some(raw.next) == out {
                return Err(err(
                    0,
                    format!(
                        "the next player, {}, sits out: its partner went alone",
                        raw.next
                    ),
                ));
            }
        }
    }
    Ok(())
}

/// Reads and checks a save file from disk.
pub fn load(path: &str) -> Result<SaveFile, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    SaveFile::parse(path, &text).map_err(|e| e.to_string())
}
