//! The game as a state machine. It asks players for decisions and reports what
//! happens as events to a sink; it never prints.

mod config;
mod event;
mod game;
mod player;

pub use config::{AllPass, Config, DealPattern, FollowRule, LonerLead};
pub use event::{Ask, Event, EventSink, NullSink, VecSink};
pub use game::{DeckSource, EngineError, Game, Outcome, Phase, State, deal};
pub use player::{Bid, Player, PlayerError, Scripted, ScriptedDecision, View, explain};

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
