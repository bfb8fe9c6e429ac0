//! The knobs in which the two courses' games differ. Each rule set builds one.

use super::Seat;
use crate::mutants::Switch;

/// How the 20 dealt cards go out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DealPattern {
    /// EECS 280: batches 3-2-3-2 then 2-3-2-3, from the dealer's left.
    Batches32,
    /// CS 246 (spec 2.3.3): five consecutive cards to each player from the dealer's left.
    FiveEach,
    /// Batches 2-3-2-3 then 3-2-3-2 (the standard deal's other way round).
    Batches23,
}

/// What happens when all four players pass in round two.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AllPass {
    /// EECS 280: the dealer may not pass in round two ("screw the dealer").
    ScrewTheDealer,
    /// CS 246 (spec 1.2.3): the hand is nullified and the deal moves on.
    Nullify,
}

/// What the engine does with a card that does not follow suit although it could.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowRule {
    /// EECS 280: the course program trusts its input; any card in hand is played.
    Trust,
    /// CS 246 (spec 2.5.1): the card is refused, the other team gets `points`,
    /// and the player is asked again.
    Penalty { points: u32 },
    /// Refuse the decision with an error (scripted or automated play).
    Refuse,
}

/// Who leads the first trick when the eldest hand's partner plays alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LonerLead {
    /// The first active player to the dealer's left leads.
    NextActive,
    /// CS 246 footnote 2 read literally: when the player to the dealer's left
    /// goes alone, the player opposite the dealer leads.
    FootnoteLiteral,
    /// Against a lone hand the player to the loner's left leads (tournament
    /// play; Euchre Game Notation's `LEFT_OF_LONER`).
    LeftOfLoner,
}

/// The settings the one scoring rule (`score_hand`) reads: what the engine,
/// the expert's solver and anyone valuing a hand must agree on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scoring {
    /// Points for a lone hand that takes all five tricks.
    pub lone_march_points: u32,
    /// Points the defenders score when they euchre a lone hand (not
    /// defended alone: a lone defender's euchre scores 4).
    pub loner_euchred_points: u32,
    /// Fast break: makers who lose the first two tricks and take the last
    /// three score nothing (Euchre Game Notation's `fast_break`).
    pub fast_break: bool,
}

impl Scoring {
    /// The standard game's: 4 for a lone march, 2 for euchring a loner.
    pub const STANDARD: Scoring = Scoring {
        lone_march_points: 4,
        loner_euchred_points: 2,
        fast_break: false,
    };
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    pub points_to_win: u32,
    pub deal: DealPattern,
    pub allow_alone: bool,
    pub all_pass: AllPass,
    /// How a finished hand is scored (its settings apart from the rest).
    pub scoring: Scoring,
    /// Keep every hand sorted in the plain order (EECS 280 Human hands are printed so).
    pub sort_hands: bool,
    pub follow: FollowRule,
    pub loner_lead: LonerLead,
    /// Whether a dealer whose partner plays alone still picks up and discards.
    pub sitting_out_dealer_picks_up: bool,
    /// The game ends as soon as a penalty brings a team to the target.
    pub penalty_can_end_game: bool,
    /// Ordering up one's partner (the dealer) in round one means going alone.
    pub ordering_partner_is_alone: bool,
    /// Canadian loner: ordering up one's partner (the dealer) in round one
    /// may not be done alone.
    pub canadian_loner: bool,
    /// Defend alone: against a lone maker, a defender may play alone too;
    /// a lone defender who euchres the maker scores 4.
    pub defend_alone: bool,
    /// Farmer's hand: a player dealt only nines and tens may throw the hand
    /// in on their first turn to bid; the next dealer deals.
    pub farmers_hand: bool,
    /// The dealer who picks up may discard the upcard itself (EECS 280,
    /// CS 246 and the standard game); off, only a card of the hand it held
    /// (OpenSpiel's rule: the upcard is kept).
    pub discard_upcard: bool,
    pub first_dealer: Seat,
    /// A game of a fixed number of deals (0: none): after this many, the
    /// team ahead wins; level, the deals go on until one team is ahead.
    pub deals: u32,
    /// The catalogued student bug this game plays, if any (the rules:
    /// [`Switch::OFF`]). Only the grader's mutants (`upcard_grade::mutants`) set another.
    pub switch: Switch,
}

impl Config {
    /// A card that reneges is refused ([`FollowRule::Refuse`]): the legal
    /// plays are only those that follow suit. The one test of it, for the
    /// legality rule, an observation and a lazy view alike.
    #[inline]
    pub fn refuses_reneges(&self) -> bool {
        self.follow == FollowRule::Refuse
    }

    /// The standard rules before house rules: 3-2 deal, all pass → the next
    /// dealer deals, going alone (4 points for a lone march), a euchre 2, game
    /// to 10, suit must be followed. The first dealer is seat 0 (North).
    pub fn standard() -> Config {
        Config {
            points_to_win: 10,
            deal: DealPattern::Batches32,
            allow_alone: true,
            all_pass: AllPass::Nullify,
            scoring: Scoring::STANDARD,
            sort_hands: false,
            follow: FollowRule::Refuse,
            loner_lead: LonerLead::NextActive,
            // The dealer whose partner goes alone does not pick up (vision: "the
            // partner of a lone player sits out").
            sitting_out_dealer_picks_up: false,
            penalty_can_end_game: false,
            ordering_partner_is_alone: false,
            canadian_loner: false,
            defend_alone: false,
            farmers_hand: false,
            discard_upcard: true,
            first_dealer: 0,
            deals: 0,
            switch: Switch::OFF,
        }
    }
}
