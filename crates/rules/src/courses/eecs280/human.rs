//! The EECS 280 Human player: answers read as `cin >> token`, as the course
//! program reads them. The hand and prompts are printed by the transcript
//! printer from the engine's `Asked` events.

use crate::agents::{Agent, Decision, Kind, PlayerError};
use crate::input::{SharedTokens, read_answer};
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Action, EventSink, Seen};

pub struct Human {
    name: String,
    input: SharedTokens,
}

impl Human {
    pub fn new(name: impl Into<String>, input: SharedTokens) -> Human {
        Human {
            name: name.into(),
            input,
        }
    }

    fn token(&mut self, expected: &str) -> Result<String, PlayerError> {
        read_answer(
            &self.input,
            &format!("Human player {}", self.name),
            expected,
        )
    }

    fn bad(&self, expected: &str, got: String) -> PlayerError {
        PlayerError::BadAnswer {
            player: format!("Human player {}", self.name),
            expected: expected.into(),
            got,
        }
    }

    /// Reads an index into `hand`; `-1` (the upcard) is allowed when `upcard` is given.
    fn index(&mut self, hand: &[Card], upcard: Option<Card>) -> Result<Card, PlayerError> {
        let low = if upcard.is_some() { -1 } else { 0 };
        let expected = format!("a card number from {low} to {}", hand.len() as i64 - 1);
        let tok = self.token(&expected)?;
        match tok.parse::<i64>() {
            Ok(-1) if upcard.is_some() => Ok(upcard.expect("checked")),
            Ok(i) if i >= 0 && (i as usize) < hand.len() => Ok(hand[i as usize]),
            _ => Err(self.bad(&expected, tok)),
        }
    }
}

impl Human {
    fn bid(&mut self) -> Result<Action, PlayerError> {
        let expected = "Spades, Hearts, Clubs, Diamonds or pass";
        let tok = self.token(expected)?;
        if tok == "pass" {
            return Ok(Action::Pass);
        }
        match Suit::from_name(&tok) {
            Some(suit) => Ok(Action::Order { suit, alone: false }),
            None => Err(self.bad(expected, tok)),
        }
    }
}

impl Agent for Human {
    fn choose(
        &mut self,
        view: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let action = match Kind::of(legal) {
            Kind::Bid => self.bid()?,
            Kind::Discard => Action::Discard(self.index(view.hand, view.upcard)?),
            Kind::Play => Action::Play(self.index(view.hand, None)?),
            // EECS 280 has no defending alone: its games never ask.
            Kind::Defend => Action::Pass,
        };
        Ok(Decision::new(action))
    }

    fn label(&self, name: &str) -> String {
        format!("Human player {name}")
    }

    fn interactive(&self) -> bool {
        true
    }
}
