//! A person at a standard table, answering numbered choices (plain mode
//! and scenarios), and how the choices are worded and ordered.

use std::cell::Cell;
use std::rc::Rc;

use crate::agents::{Agent, Decision, Kind, Observation, PlayerError, Seen};
use crate::input::SharedTokens;
use upcard_engine::cards::{Card, Suit};
use upcard_engine::{Action, Event, EventSink, Seat};

/// Which person last had the device, shared by the people at one table.
pub type Turns = Rc<Cell<Option<Seat>>>;

/// A person answering numbered choices from standard input.
pub struct Person {
    pub name: String,
    pub input: SharedTokens,
    /// With two or more people, the device is passed between their turns.
    pub turns: Option<Turns>,
}

/// The words of one choice.
pub fn choice_text(obs: &Observation, a: Action) -> String {
    match a {
        Action::Pass if obs.round == 0 => "play with my partner".into(),
        Action::Pass => "pass".into(),
        Action::Order { suit, alone } => {
            let verb = if obs.round == 1 { "order up" } else { "name" };
            format!("{verb} {suit}{}", if alone { " and go alone" } else { "" })
        }
        Action::Discard(c) if Some(c) == obs.upcard => format!("discard the upcard, the {c}"),
        Action::Discard(c) => format!("discard the {c}"),
        // Offered only under a renege penalty (CS 246 rules).
        Action::Play(c) if obs.reneges(c) => format!("{c} (a renege: the other team scores)"),
        Action::Play(c) => format!("{c}"),
        Action::DefendAlone => "defend alone".into(),
        Action::ThrowIn => "throw in my farmer's hand".into(),
    }
}

/// A hand as shown to its holder: trump (or the upcard's suit) first, then
/// by suit and rank, so choices read in the order of the hand.
pub fn display_order(hand: &[Card], trump: Option<Suit>) -> Vec<Card> {
    let mut v = hand.to_vec();
    v.sort_by_key(|c| match trump {
        Some(t) => {
            let suit = c.effective_suit(t);
            (suit != t, suit, std::cmp::Reverse(c.value(t, None)))
        }
        None => (false, c.suit(), std::cmp::Reverse(c.rank() as u8)),
    });
    v
}

/// The legal actions in the order they are offered: cards as the hand is shown.
pub fn offered(obs: &Observation, legal: &[Action]) -> Vec<Action> {
    let mut v = legal.to_vec();
    // Where ordering up is going alone, it is offered only so.
    if obs.partner_order_alone
        && obs.round == 1
        && upcard_engine::partner_of(obs.seat) == obs.dealer
    {
        v.retain(|a| !matches!(a, Action::Order { alone: false, .. }));
    }
    if matches!(Kind::of(legal), Kind::Discard | Kind::Play) {
        let order = display_order(
            &obs.hand
                .iter()
                .copied()
                .chain(obs.upcard.filter(|_| Kind::of(legal) == Kind::Discard))
                .collect::<Vec<_>>(),
            obs.trump.or(obs.upcard.map(|u| u.suit())),
        );
        v.sort_by_key(|a| a.card().and_then(|c| order.iter().position(|o| *o == c)));
    }
    v
}

impl Agent for Person {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let seat = obs.seat;
        let read_line = |expected: &str| -> Result<String, PlayerError> {
            let r = self.input.borrow_mut().next_line();
            match r {
                Ok(Some(l)) => Ok(l),
                Ok(None) => Err(PlayerError::InputEnded {
                    player: self.name.clone(),
                    expected: expected.into(),
                }),
                Err(e) => Err(PlayerError::Io {
                    player: self.name.clone(),
                    message: e.to_string(),
                }),
            }
        };
        if let Some(turns) = &self.turns
            && turns.get() != Some(seat)
        {
            notes.event(&Event::PassDevice { seat });
            read_line("Enter, once the device is passed")?;
            turns.set(Some(seat));
        }
        let offer = offered(obs, legal);
        let choices: Vec<String> = offer.iter().map(|&a| choice_text(obs, a)).collect();
        notes.event(&Event::Choices { seat, choices });
        loop {
            let line = read_line(&format!("a number from 1 to {}", offer.len()))?;
            if line == "q" {
                return Err(PlayerError::Quit);
            }
            match line.parse::<usize>() {
                Ok(n) if (1..=offer.len()).contains(&n) => {
                    return Ok(Decision::new(offer[n - 1]));
                }
                _ => notes.event(&Event::Rejected {
                    seat,
                    message: format!(
                        "{line:?} is not a choice: type a number from 1 to {}, or q to stop.",
                        offer.len()
                    ),
                }),
            }
        }
    }

    fn interactive(&self) -> bool {
        true
    }
}
