//! EECS 280 Euchre (Winter 2025 spec): in-shuffle, 3-2 deal, screw the dealer,
//! no going alone, the Simple strategy and the Human stdin protocol.

mod human;
pub mod program;
mod simple;

pub use human::Human;
pub use simple::Simple;

use crate::cards::Card;
pub use crate::engine::in_shuffle;
use crate::engine::{AllPass, Config, DealPattern, Deck, FollowRule, LonerLead};

/// The pack of a game: `shuffle` in-shuffles it seven times a hand.
pub fn deck(pack: [Card; 24], shuffle: bool) -> Deck {
    Deck::pack(pack, shuffle)
}

/// The EECS 280 rules for a game to `points`.
pub fn config(points: u32) -> Config {
    Config {
        points_to_win: points,
        deal: DealPattern::Batches32,
        allow_alone: false,
        all_pass: AllPass::ScrewTheDealer,
        lone_march_points: 2,
        // Human hands are printed in ascending `operator<` order; keeping every
        // hand sorted costs nothing and makes Human indices match.
        sort_hands: true,
        // The course program assumes Human players follow suit and does not check.
        follow: FollowRule::Trust,
        loner_lead: LonerLead::NextActive,
        sitting_out_dealer_picks_up: false,
        penalty_can_end_game: false,
        ordering_partner_is_alone: false,
        first_dealer: 0,
    }
}

/// A player type as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayerType {
    Simple,
    Human,
}

impl PlayerType {
    pub fn parse(s: &str) -> Option<PlayerType> {
        match s {
            "Simple" => Some(PlayerType::Simple),
            "Human" => Some(PlayerType::Human),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            PlayerType::Simple => "Simple",
            PlayerType::Human => "Human",
        }
    }
}
