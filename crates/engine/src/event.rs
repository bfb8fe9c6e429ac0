//! What the engine reports. Printers turn these into each course's text.

use super::{Hand, Seat};
use crate::cards::{Card, Suit};

/// The kind of decision a player is being asked for.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "ask", rename_all = "snake_case")]
pub enum Ask {
    /// Making trump: round 1 (the upcard's suit) or 2 (any other suit).
    Bid {
        round: u8,
    },
    /// The dealer picks up `upcard` and discards.
    Discard {
        upcard: Card,
    },
    Lead,
    Play,
    /// Whether to defend alone against a lone maker (house rule).
    Defend,
}

#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    HandStart {
        hand: u32,
        dealer: Seat,
        scores: [u32; 2],
    },
    /// The deck order for this hand, after any shuffle.
    Deck {
        cards: [Card; 24],
    },
    Dealt {
        hands: [Hand; 4],
        kitty: [Card; 4],
    },
    Upcard {
        card: Card,
        dealer: Seat,
    },
    /// A player is about to be asked; `hand` is as the player holds it.
    Asked {
        seat: Seat,
        ask: Ask,
        hand: Hand,
        tricks: u8,
    },
    Passed {
        seat: Seat,
        round: u8,
    },
    /// Round one ended with four passes; the upcard is turned down.
    TurnedDown {
        suit: Suit,
    },
    /// Trump was made: ordered up (round 1) or declared (round 2).
    Ordered {
        seat: Seat,
        suit: Suit,
        alone: bool,
        round: u8,
    },
    Discarded {
        seat: Seat,
        card: Card,
    },
    /// Making, adding and discarding are complete.
    TrumpSet {
        trump: Suit,
        maker: Seat,
        alone: bool,
    },
    /// Round two ended with four passes (AllPass::Nullify).
    Nullified {
        next_dealer: Seat,
    },
    Led {
        seat: Seat,
        card: Card,
    },
    Played {
        seat: Seat,
        card: Card,
    },
    Skipped {
        seat: Seat,
    },
    /// A defender plays alone against the lone maker (house rule).
    DefendedAlone {
        seat: Seat,
    },
    /// A farmer's hand was thrown in (house rule); the next dealer deals.
    ThrownIn {
        seat: Seat,
        next_dealer: Seat,
    },
    /// A card that did not follow suit was refused and the other team scored.
    Renege {
        seat: Seat,
        card: Card,
        /// The card as the player typed it, when it was typed.
        #[serde(skip_serializing_if = "Option::is_none")]
        typed: Option<String>,
        team: usize,
        score: u32,
    },
    /// A player's own words about an answer it could not accept (CS 246 errors).
    Rejected {
        seat: Seat,
        message: String,
    },
    /// A human player is about to read a command (CS 246 prints "> ").
    Prompt {
        seat: Seat,
    },
    /// A human player was replaced by a computer player.
    RageQuit {
        seat: Seat,
    },
    TrickTaken {
        seat: Seat,
        trick: u8,
        tricks: [u8; 4],
        scores: [u32; 2],
    },
    HandOver {
        winner: usize,
        points: u32,
        march: bool,
        euchred: bool,
        scores: [u32; 2],
    },
    GameOver {
        winner: usize,
        scores: [u32; 2],
    },
    /// A human asked to stop the program (`q`).
    Quit {
        seat: Seat,
    },
    /// The numbered choices put to a person (the standard game's plain mode).
    Choices {
        seat: Seat,
        choices: Vec<String>,
    },
    /// The device goes to the person at `seat`; every hand is hidden until
    /// they say they have it (the standard game, two or more people).
    PassDevice {
        seat: Seat,
    },
    /// The strategy rule behind a computer player's next decision (for replay; not printed).
    Why {
        seat: Seat,
        rule: &'static str,
    },
}

impl Event {
    /// An event of one move: a call, a card, a trick taken, or the deck and
    /// upcard of a deal. What a sink that does not
    /// [take moves](EventSink::takes_moves) is never sent.
    pub fn is_move(&self) -> bool {
        matches!(
            self,
            Event::Deck { .. }
                | Event::Upcard { .. }
                | Event::Passed { .. }
                | Event::Ordered { .. }
                | Event::TurnedDown { .. }
                | Event::TrumpSet { .. }
                | Event::Discarded { .. }
                | Event::DefendedAlone { .. }
                | Event::Skipped { .. }
                | Event::Led { .. }
                | Event::Played { .. }
                | Event::TrickTaken { .. }
        )
    }

    /// The event holds text on the heap: a player's words (a typed renege,
    /// a rejection, numbered choices), never the engine's own events.
    pub(crate) fn owns_heap(&self) -> bool {
        matches!(
            self,
            Event::Renege { typed: Some(_), .. } | Event::Rejected { .. } | Event::Choices { .. }
        )
    }
}

/// Receives events as they happen.
pub trait EventSink {
    fn event(&mut self, e: &Event);
    /// Called before an interactive player is asked, so prompts are visible.
    fn flush(&mut self) {}
    /// Needs none of the events that copy hands ([`Event::Dealt`],
    /// [`Event::Asked`]): the engine skips building them.
    fn quiet(&self) -> bool {
        false
    }
    /// Takes any event at all (false only for a sink that drops them all).
    fn takes_events(&self) -> bool {
        true
    }
    /// Takes [`Event::Why`] (a printer of a course's transcript does not:
    /// the driver then skips a call per decision).
    fn takes_why(&self) -> bool {
        self.takes_events()
    }
    /// Takes the events of each move: calls, cards, tricks and the deck
    /// ([`Event::is_move`]). False for a sink that reads only how hands and
    /// games end (a tally of random games): the engine then builds none.
    fn takes_moves(&self) -> bool {
        self.takes_events()
    }
}

/// Discards everything (benchmarks, differential runs).
pub struct NullSink;

impl EventSink for NullSink {
    fn event(&mut self, _e: &Event) {}
    fn quiet(&self) -> bool {
        true
    }
    fn takes_events(&self) -> bool {
        false
    }
}

/// Keeps everything (tests, replay, grading).
#[derive(Default, Debug)]
pub struct VecSink(pub Vec<Event>);

impl EventSink for VecSink {
    fn event(&mut self, e: &Event) {
        self.0.push(e.clone());
    }
}

impl<A: EventSink, B: EventSink> EventSink for (A, B) {
    fn event(&mut self, e: &Event) {
        self.0.event(e);
        self.1.event(e);
    }
    fn flush(&mut self) {
        self.0.flush();
        self.1.flush();
    }
    fn quiet(&self) -> bool {
        self.0.quiet() && self.1.quiet()
    }
    fn takes_events(&self) -> bool {
        self.0.takes_events() || self.1.takes_events()
    }
    fn takes_why(&self) -> bool {
        self.0.takes_why() || self.1.takes_why()
    }
    fn takes_moves(&self) -> bool {
        self.0.takes_moves() || self.1.takes_moves()
    }
}

impl<S: EventSink + ?Sized> EventSink for &mut S {
    fn event(&mut self, e: &Event) {
        (**self).event(e);
    }
    fn flush(&mut self) {
        (**self).flush();
    }
    fn quiet(&self) -> bool {
        (**self).quiet()
    }
    fn takes_events(&self) -> bool {
        (**self).takes_events()
    }
    fn takes_why(&self) -> bool {
        (**self).takes_why()
    }
    fn takes_moves(&self) -> bool {
        (**self).takes_moves()
    }
}
