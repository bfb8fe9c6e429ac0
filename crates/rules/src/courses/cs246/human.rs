//! The CS 246 human player (spec 2.5): `> ` before each command, the five
//! error messages verbatim, `q` and `r`.

use crate::agents::{Agent, Decision, Kind, PlayerError};
use crate::input::{SharedTokens, read_answer};
use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Action, Event, EventSink, Observation, Seat, Seen};

pub const UNRECOGNIZED: &str = "ERROR: command '{}' is unrecognized. Please enter a valid command.";

pub struct Human {
    seat: Seat,
    input: SharedTokens,
    /// The last card command accepted, as typed.
    last_card: String,
    /// `h n` is a suit command too (rule option suit-case=any).
    suit_any_case: bool,
    /// The game's rule mutant, as the decision being answered has it.
    switch: Switch,
}

impl Human {
    pub fn new(seat: Seat, input: SharedTokens, suit_any_case: bool) -> Human {
        Human {
            seat,
            input,
            last_card: String::new(),
            suit_any_case,
            switch: Switch::OFF,
        }
    }

    fn token(&mut self, expected: &str) -> Result<String, PlayerError> {
        read_answer(&self.input, &format!("Player {}", self.seat), expected)
    }

    /// Prints the prompt and reads one command.
    fn command(
        &mut self,
        notes: &mut dyn EventSink,
        expected: &str,
    ) -> Result<String, PlayerError> {
        notes.event(&Event::Prompt { seat: self.seat });
        notes.flush();
        let t = self.token(expected)?;
        match t.as_str() {
            "q" => Err(PlayerError::Quit),
            "r" => Err(PlayerError::RageQuit),
            _ => Ok(t),
        }
    }

    fn reject(&self, notes: &mut dyn EventSink, message: String) {
        notes.event(&Event::Rejected {
            seat: self.seat,
            message,
        });
    }

    fn unrecognized(&self, notes: &mut dyn EventSink, cmd: &str) {
        let message = if self.switch.on(Mutant::UnrecognizedUnquoted) {
            UNRECOGNIZED.replace("'{}'", cmd)
        } else {
            UNRECOGNIZED.replace("{}", cmd)
        };
        self.reject(notes, message);
    }

    /// A card command: in `cards`, else "not in hand"; anything else is unrecognized.
    fn card(&mut self, notes: &mut dyn EventSink, cards: &[Card]) -> Result<Card, PlayerError> {
        loop {
            let cmd = self.command(notes, "a card like 9s")?;
            match Card::parse_short(&cmd) {
                Some(c) if cards.contains(&c) => {
                    self.last_card = cmd;
                    return Ok(c);
                }
                Some(_) if self.switch.on(Mutant::NotInHandUnquoted) => self.reject(
                    notes,
                    format!("ERROR: card {cmd} not in hand. Please enter a valid card."),
                ),
                Some(_) => self.reject(
                    notes,
                    format!("ERROR: card '{cmd}' not in hand. Please enter a valid card."),
                ),
                None => self.unrecognized(notes, &cmd),
            }
        }
    }
}

/// A one-letter suit command; lower case only when `any_case`.
fn single_suit(cmd: &str, any_case: bool) -> Option<Suit> {
    let mut it = cmd.chars();
    let c = it.next()?;
    if it.next().is_some() || !(any_case || c.is_ascii_uppercase()) {
        return None;
    }
    Suit::from_letter(c)
}

impl Agent for Human {
    fn choose(
        &mut self,
        view: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        self.switch = view.switch;
        let action = match Kind::of(legal) {
            Kind::Bid => self.bid(view, notes)?,
            Kind::Discard => {
                let mut cards = view.hand.to_vec();
                cards.push(view.top());
                Action::Discard(self.card(notes, &cards)?)
            }
            Kind::Play => Action::Play(self.card(notes, view.hand)?),
            // CS 246 has no defending alone: its games never ask.
            Kind::Defend => Action::Pass,
        };
        Ok(Decision::new(action))
    }

    fn interactive(&self) -> bool {
        true
    }

    fn last_typed(&self) -> Option<&str> {
        Some(&self.last_card)
    }
}

impl Human {
    fn bid(
        &mut self,
        view: &Observation,
        notes: &mut dyn EventSink,
    ) -> Result<Action, PlayerError> {
        let up = view.top().suit();
        loop {
            if view.round == 1 {
                let cmd = self.command(notes, "p, o or oa")?;
                match cmd.as_str() {
                    "p" => return Ok(Action::Pass),
                    "o" => {
                        return Ok(Action::Order {
                            suit: up,
                            alone: false,
                        });
                    }
                    "oa" => {
                        return Ok(Action::Order {
                            suit: up,
                            alone: true,
                        });
                    }
                    _ => self.unrecognized(notes, &cmd),
                }
                continue;
            }
            let cmd = self.command(notes, "p or a suit and a or n")?;
            match (cmd.as_str(), single_suit(&cmd, self.suit_any_case)) {
                ("p", _) => return Ok(Action::Pass),
                ("o" | "oa", _) => self.reject(
                    notes,
                    "ERROR: cannot order up if top card turned down. Please enter a valid command.".into(),
                ),
                (_, Some(s)) if s == up => self.reject(
                    notes,
                    format!("ERROR: invalid suit '{cmd}' since previously turned down. Please enter a valid suit."),
                ),
                (_, Some(suit)) => {
                    // The parameter is read without a new prompt (spec 2.5).
                    let param = self.token("a or n")?;
                    match param.as_str() {
                        "a" => return Ok(Action::Order { suit, alone: true }),
                        "n" => return Ok(Action::Order { suit, alone: false }),
                        _ => self.unrecognized(notes, &param),
                    }
                }
                _ => self.unrecognized(notes, &cmd),
            }
        }
    }
}
