//! Decisions the course never prints: a computer dealer's discard. A
//! program that discards another card prints nothing wrong then, and goes
//! wrong only when it plays a card the engine's dealer no longer holds, or
//! keeps one the engine's dealer played: a finding at that line names a
//! play, not the discard. So each other card the dealer could have
//! discarded in the hand of the first wrong line is played on from there,
//! and the one whose game prints the program's lines furthest past that
//! line is named, with the order that makes the engine's card the lower.

use super::{Finding, Kind, Place, shown};
use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, Event};
use upcard_record::Timeline;
use upcard_scenario::scenario::diff::{Divergence, first_divergence};
use upcard_scenario::scenario::{Scenario, start};

/// Lines played past the program's first wrong line: the rest of a hand.
const LINES_PAST: usize = 40;

/// The games with each other discard a computer dealer could have made
/// in the hand of a place (none where that hand had no such discard): they
/// depend on the scenario and the place alone, so a class failing at one
/// place plays them once.
pub(crate) struct Alternatives {
    found: Found,
    /// Each other card discarded, and the game's text with it.
    runs: Vec<(Card, String)>,
    /// The lines a run is played to.
    lines: usize,
}

impl Alternatives {
    pub fn of(s: &Scenario, t: &Timeline, place: &Place) -> Option<Alternatives> {
        // A discard shows only in the cards played after it.
        let e = place.event?;
        if !matches!(
            t.events.get(e),
            Some(Event::Led { .. } | Event::Played { .. })
        ) {
            return None;
        }
        let found = Found::at(s, place)?;
        let lines = place.lines_through_step + LINES_PAST;
        let runs = found
            .legal
            .iter()
            .filter(|&&c| c != found.engine)
            .map(|&c| (c, found.played_with(s, c, lines)))
            .collect();
        Some(Alternatives { found, runs, lines })
    }

    /// The discard that makes the program's output consistent, if one
    /// does: the finding and the 1-based line of the program's output up
    /// to which (exclusive) that game prints it (`usize::MAX`: all of it).
    pub fn explaining(
        &self,
        s: &Scenario,
        actual: &str,
        d: &Divergence,
    ) -> Option<(usize, Finding)> {
        let mut best: Option<(usize, Card)> = None;
        let mut tied = false;
        for (other, text) in &self.runs {
            let reach = reach(text, actual, s, self.lines);
            // The program's wrong line and the one after it, as mutants must.
            if reach <= d.actual_line + 1 {
                continue;
            }
            match best {
                Some((r, _)) if r > reach => {}
                Some((r, _)) if r == reach => tied = true,
                _ => {
                    best = Some((reach, *other));
                    tied = false;
                }
            }
        }
        let (reach, card) = best.filter(|_| !tied)?;
        Some((reach, self.found.finding(s, card, reach)))
    }
}

/// The 1-based line of `actual` where `text` first differs from it; a run
/// that stopped at its line limit agrees through its last line.
fn reach(text: &str, actual: &str, s: &Scenario, lines: usize) -> usize {
    let cut = text.lines().count() > lines;
    first_divergence(text, actual, s.expect.compare).map_or(usize::MAX, |r| {
        if r.actual.is_some() && r.expected.is_none() && cut {
            usize::MAX - 1
        } else {
            r.actual_line
        }
    })
}

/// A computer dealer's discard in the hand of the first wrong line.
struct Found {
    /// Engine steps before the discard.
    step: usize,
    /// Trump as the dealer discards (the upcard's suit in round one).
    trump: Option<Suit>,
    name: String,
    /// The engine's discard, and why the strategy chose it.
    engine: Card,
    why: &'static str,
    legal: Vec<Card>,
}

impl Found {
    fn at(s: &Scenario, place: &Place) -> Option<Found> {
        let (mut game, mut printer) = start(s, Switch::OFF);
        for k in 0..place.step {
            if k >= place.hand_step
                && let Some(seat) = game.state.to_move()
            {
                let legal: Vec<Card> = game
                    .state
                    .legal_actions()
                    .iter()
                    .filter_map(|a| match a {
                        Action::Discard(c) => Some(*c),
                        _ => None,
                    })
                    .collect();
                if !legal.is_empty() {
                    // `ask` answers only for a player that reads no input.
                    let state = game.state.clone();
                    let decision = game.ask(seat, &state)?;
                    let Action::Discard(engine) = decision.action else {
                        return None;
                    };
                    return Some(Found {
                        step: k,
                        name: shown(&game.names[seat]),
                        engine,
                        why: decision.why.unwrap_or("discards as its strategy says"),
                        legal,
                        trump: state.trump.or(state.upcard.map(Card::suit)),
                    });
                }
            }
            if !matches!(game.step(&mut *printer), Ok(true)) {
                return None;
            }
        }
        None
    }

    /// The game with the dealer discarding `card`, to `lines` lines.
    fn played_with(&self, s: &Scenario, card: Card, lines: usize) -> String {
        // From the start, so that a Human's input is read as the program read it.
        let (mut game, mut printer) = start(s, Switch::OFF);
        for _ in 0..self.step {
            if !matches!(game.step(&mut *printer), Ok(true)) {
                break;
            }
        }
        let mut go_on = game
            .state
            .apply(Action::Discard(card), &mut *printer)
            .is_ok();
        // Lines counted as they are printed, not over the whole text each step.
        let (mut seen, mut printed) = (0, 0);
        while go_on && printed <= lines {
            go_on = matches!(game.step(&mut *printer), Ok(true));
            let bytes = printer.bytes();
            printed += bytes[seen..].iter().filter(|&&b| b == b'\n').count();
            seen = bytes.len();
        }
        String::from_utf8_lossy(&printer.finish()).into_owned()
    }

    fn finding(&self, s: &Scenario, card: Card, reach: usize) -> Finding {
        let (kept, gone) = (self.engine.long(), card.long());
        let how_far = if reach >= usize::MAX - 1 {
            "with that discard the engine prints your output from there on".to_string()
        } else {
            format!(
                "with that discard the engine prints your output through line {}",
                reach - 1
            )
        };
        let rule = match self.trump {
            Some(trump) if s.rules.course().name() == "eecs280" => {
                format!(": {}", lower_because(self.engine, card, trump))
            }
            _ => String::new(),
        };
        Finding::new(
            Kind::Unprinted,
            format!(
                "the dealer {} discarded the {gone}, keeping the {kept}, where the strategy {} (nothing is printed for a discard; {how_far}){rule}",
                self.name, self.why
            ),
        )
    }
}

/// Why `low` is below `high` in EECS 280's `Card_less(a, b, trump)`, and
/// the question that points at the code.
fn lower_because(low: Card, high: Card, trump: Suit) -> String {
    let (l, h) = (low.long(), high.long());
    let left = |c: Card| c.is_left_bower(trump);
    match (low.is_trump(trump), high.is_trump(trump)) {
        (false, true) => format!(
            "the {h} is a trump{}, above every card that is not: is the trump suit passed to Card_less?",
            if left(high) { " (the left bower)" } else { "" }
        ),
        _ if low.rank() == high.rank() => format!(
            "of two cards of one rank the suit decides, Spades lowest, then Hearts, Clubs, Diamonds, so the {l} is the lower: does Card_less (or operator<) break a tie of ranks by suit, in that order?"
        ),
        (true, true) => format!(
            "among trumps the {l} is below the {h} (right bower, left bower, then Ace down to Nine of trump)"
        ),
        _ => format!(
            "the {} ranks below the {} (Nine, Ten, Jack, Queen, King, Ace)",
            low.rank().name(),
            high.rank().name()
        ),
    }
}
