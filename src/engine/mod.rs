//! The game as a pure state machine: [`State`] says whose turn it is and
//! what they may do, and [`State::apply`] reports what an action does as
//! events to a sink. No I/O and no players: agents (crate::agents) decide.

mod action;
mod config;
mod deck;
mod event;
mod hand;
mod list;
mod observation;
#[cfg(test)]
pub(crate) mod properties;
mod state;

pub use action::{Action, Actions};
pub use config::{AllPass, Config, DealPattern, FollowRule, LonerLead};
pub use deck::{Deck, engine_seed, in_shuffle};
pub use event::{Ask, Event, EventSink, NullSink, VecSink};
pub use hand::Hand;
pub use list::{Fill, List};
pub use observation::Observation;
pub use state::{Illegal, Outcome, Phase, Pile, State, Table, deal};

/// Seats are numbered 0..4 clockwise; 0 and 2 are partners, as are 1 and 3.
pub type Seat = usize;

/// The player to the left (clockwise) of `s`.
pub fn left_of(s: Seat) -> Seat {
    (s + 1) % 4
}

pub fn partner_of(s: Seat) -> Seat {
    (s + 2) % 4
}

/// Team 0 is seats 0 and 2, team 1 is seats 1 and 3.
pub fn team_of(s: Seat) -> usize {
    s % 2
}
