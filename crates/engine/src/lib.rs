//! Euchre as a pure state machine, the bottom layer of upcard: [`State`]
//! says whose turn it is and what they may do, [`State::apply`] reports what
//! an action does as [`Event`]s to a sink, and [`State::observation`] is what
//! one seat may see. Cards and their orders are in [`cards`]; the rule
//! [`Config`] covers the two courses' rules and the standard game's house
//! rules; [`mutants`] is the switch that plays a catalogued student bug. No
//! I/O, no players and no rule set's text: the crates above decide, print
//! and parse (see docs/architecture.md).
//!
//! A game with two lines of setup, every seat taking its last lawful action
//! (which orders up alone when offered, so no hand is passed out for ever):
//!
//! ```
//! use upcard_engine::{cards::all_cards, Config, Deck, NullSink, State};
//!
//! let pack: [_; 24] = all_cards().collect::<Vec<_>>().try_into().unwrap();
//! let mut game = State::new(Config::standard(), Deck::pack(pack, true));
//! while !game.is_over() {
//!     match game.to_move() {
//!         Some(_) => {
//!             let last = *game.legal_actions().last().unwrap();
//!             game.apply(last, &mut NullSink).unwrap();
//!         }
//!         None => {
//!             game.advance(&mut NullSink);
//!         }
//!     }
//! }
//! assert!(game.scores.iter().any(|&s| s >= 10));
//! ```
//!
//! Random hands in bulk (playouts, a benchmark) deal from a quick deck,
//! the same hands for a seed, and play through [`State::next_offer`] and
//! [`State::take`]: the automatic steps and the seat's lawful actions in one
//! call, and the answer checked against the set they were listed from.
//!
//! ```
//! use upcard_engine::{cards::all_cards, Actions, Config, Deck, NullSink, State};
//!
//! let pack: [_; 24] = all_cards().collect::<Vec<_>>().try_into().unwrap();
//! let mut legal = Actions::new();
//! let mut x = 1u64;
//! for seed in 0..10 {
//!     let mut game = State::new(Config::standard(), Deck::quick(seed, pack));
//!     while let Some((seat, offer)) = game.next_offer(&mut legal, &mut NullSink) {
//!         x = x.wrapping_mul(6364136223846793005).wrapping_add(1);
//!         let pick = legal[((x >> 32) as usize * legal.len()) >> 32];
//!         game.take(seat, offer, pick, &mut NullSink).unwrap();
//!     }
//!     assert!(game.is_over());
//! }
//! ```

pub mod cards;
pub mod mutants;

mod action;
mod config;
mod deck;
mod event;
mod follow;
mod hand;
mod legal;
mod list;
mod observation;
mod offer;
mod seen;
mod state;
mod twister;

pub use action::{Action, Actions, Bid, Bids};
pub use config::{AllPass, Config, DealPattern, FollowRule, LonerLead, Scoring};
pub use deck::{Ahead, DEFAULT_ORDER, Deck, QuickRng, derive_key, engine_seed, in_shuffle};
pub use event::{Ask, Event, EventSink, NullSink, VecSink};
pub use hand::Hand;
pub use list::{Fill, List};
pub use observation::Observation;
pub use offer::Offer;
pub use seen::{BidView, PlayView, Seen};
pub use state::{
    HandScore, Illegal, Outcome, Phase, Pile, State, Table, deal, first_tricks, score_hand,
};
pub use twister::Mt19937;

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
