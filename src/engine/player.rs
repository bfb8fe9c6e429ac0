//! The decisions a player makes, and a player that makes them from a list.

use std::collections::VecDeque;

use super::{Event, EventSink, Seat};
use crate::cards::{Card, Suit};

/// What a player sees when asked. `hand` is the player's hand as held (before
/// picking up, when discarding); `trick` is the cards on the table this trick.
#[derive(Clone, Debug)]
pub struct View<'a> {
    pub seat: Seat,
    pub hand: &'a [Card],
    pub dealer: Seat,
    pub upcard: Card,
    /// 1 or 2 while making trump.
    pub round: u8,
    /// The dealer may not pass (screw the dealer).
    pub forced: bool,
    pub allow_alone: bool,
    pub trump: Option<Suit>,
    pub maker: Option<Seat>,
    pub alone: bool,
    pub trick: &'a [(Seat, Card)],
    /// The seat of a player sitting out this hand, if any.
    pub sitting_out: Option<Seat>,
}

impl View<'_> {
    pub fn led(&self) -> Option<Card> {
        self.trick.first().map(|&(_, c)| c)
    }

    /// Seats that play after this one in the current trick: clockwise from
    /// this seat up to the leader, leaving out a seat sitting out. Counted
    /// from the seats, not from the cards on the table, because a lone hand's
    /// trick has three cards (spec 1.2.4: "2 if … going alone").
    pub fn still_to_play(&self) -> impl Iterator<Item = Seat> + '_ {
        let leader = self.trick.first().map_or(self.seat, |&(s, _)| s);
        let after = (self.seat + 4 - leader) % 4;
        (after + 1..4)
            .map(move |i| (leader + i) % 4)
            .filter(move |&s| Some(s) != self.sitting_out)
    }

    /// Nobody plays after this seat in the current trick.
    pub fn last_to_play(&self) -> bool {
        self.still_to_play().next().is_none()
    }

    /// The seat currently winning the trick, and its card.
    pub fn winning(&self) -> Option<(Seat, Card)> {
        let trump = self.trump?;
        let led = self.led()?;
        self.trick
            .iter()
            .copied()
            .max_by(|a, b| a.1.cmp_led(b.1, led, trump))
    }
}

/// A making-trump decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bid {
    Pass,
    /// In round one `suit` must be the upcard's suit.
    Order {
        suit: Suit,
        alone: bool,
    },
}

#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PlayerError {
    #[error("{player}: standard input ended; expected {expected}")]
    InputEnded { player: String, expected: String },
    #[error("{player}: expected {expected}, got {got:?}")]
    BadAnswer {
        player: String,
        expected: String,
        got: String,
    },
    #[error("{player}: the script has no decision left; expected {expected}")]
    ScriptEnded { player: String, expected: String },
    #[error("{player}: reading standard input failed: {message}")]
    Io { player: String, message: String },
    /// The human asked to end the program (CS 246 `q`).
    #[error("quit")]
    Quit,
    /// The human hands its seat to a computer player (CS 246 `r`).
    #[error("rage quit")]
    RageQuit,
}

/// A player: asked for decisions by the engine. `notes` receives events the
/// player itself reports (a human's rejected answers).
pub trait Player {
    fn bid(&mut self, view: &View, notes: &mut dyn EventSink) -> Result<Bid, PlayerError>;
    /// Returns the card to discard: one from `view.hand` or `view.upcard`.
    fn discard(&mut self, view: &View, notes: &mut dyn EventSink) -> Result<Card, PlayerError>;
    /// Leads when `view.trick` is empty, else plays to it.
    fn play(&mut self, view: &View, notes: &mut dyn EventSink) -> Result<Card, PlayerError>;
    /// Interactive players read a terminal: output is flushed before asking.
    fn interactive(&self) -> bool {
        false
    }
    /// The last card answered, as typed, for players that read text.
    fn last_typed(&self) -> Option<&str> {
        None
    }
    /// How errors name this player (a course's Human: `Human player NAME`).
    fn label(&self, name: &str) -> String {
        name.to_string()
    }
}

/// One prepared decision for a [`Scripted`] player.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScriptedDecision {
    Bid(Bid),
    Card(Card),
}

/// Plays a fixed list of decisions in order.
pub struct Scripted {
    name: String,
    decisions: VecDeque<ScriptedDecision>,
}

impl Scripted {
    pub fn new(
        name: impl Into<String>,
        decisions: impl IntoIterator<Item = ScriptedDecision>,
    ) -> Self {
        Scripted {
            name: name.into(),
            decisions: decisions.into_iter().collect(),
        }
    }

    fn next(&mut self, expected: &str) -> Result<ScriptedDecision, PlayerError> {
        self.decisions
            .pop_front()
            .ok_or_else(|| PlayerError::ScriptEnded {
                player: self.name.clone(),
                expected: expected.into(),
            })
    }

    fn card(&mut self, expected: &str) -> Result<Card, PlayerError> {
        match self.next(expected)? {
            ScriptedDecision::Card(c) => Ok(c),
            other => Err(PlayerError::BadAnswer {
                player: self.name.clone(),
                expected: expected.into(),
                got: format!("{other:?}"),
            }),
        }
    }
}

impl Player for Scripted {
    fn bid(&mut self, _view: &View, _notes: &mut dyn EventSink) -> Result<Bid, PlayerError> {
        match self.next("a bid")? {
            ScriptedDecision::Bid(b) => Ok(b),
            other => Err(PlayerError::BadAnswer {
                player: self.name.clone(),
                expected: "a bid".into(),
                got: format!("{other:?}"),
            }),
        }
    }

    fn discard(&mut self, _view: &View, _notes: &mut dyn EventSink) -> Result<Card, PlayerError> {
        self.card("a card to discard")
    }

    fn play(&mut self, _view: &View, _notes: &mut dyn EventSink) -> Result<Card, PlayerError> {
        self.card("a card to play")
    }
}

/// Reports the rule behind a strategy's decision to `notes` and returns the decision.
pub fn explain<T>(
    view: &View,
    notes: &mut dyn EventSink,
    (decision, rule): (T, &'static str),
) -> T {
    notes.event(&Event::Why {
        seat: view.seat,
        rule,
    });
    decision
}
