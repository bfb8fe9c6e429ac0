//! What one seat may see: its own hand and what is public. Never another
//! seat's hand, nor the kitty below the upcard.

use super::{Hand, Seat};
use crate::cards::{Card, Suit};
use crate::mutants::Switch;

#[derive(Clone, Copy, Debug)]
pub struct Observation<'a> {
    pub seat: Seat,
    /// This seat's hand as held (before picking up, when discarding).
    pub hand: &'a Hand,
    pub dealer: Seat,
    /// The card turned up on the kitty (None before the first deal).
    pub upcard: Option<Card>,
    /// 1 or 2 while making trump, else 0.
    pub round: u8,
    /// The dealer may not pass (screw the dealer).
    pub forced: bool,
    pub allow_alone: bool,
    /// Ordering up one's partner, the dealer, in round one is going alone
    /// (CS 246; the standard game's canadian-loner must-alone).
    pub partner_order_alone: bool,
    /// The rules refuse a card that reneges ([`crate::FollowRule::Refuse`]):
    /// none is among the legal actions, so a bot need not test for one.
    pub reneges_refused: bool,
    pub trump: Option<Suit>,
    /// The bidding round trump was made in: 1 or 2, or 0 before it is made
    /// (or when a loaded game does not say).
    pub trump_round: u8,
    pub maker: Option<Seat>,
    pub alone: bool,
    /// The cards on the table this trick, in playing order.
    pub trick: &'a [(Seat, Card)],
    /// The seat of a player sitting out this hand, if any.
    pub sitting_out: Option<Seat>,
    /// A defender playing alone (house rule); its partner sits out too.
    pub defender: Option<Seat>,
    /// Every card played this hand, in order (the current trick's last).
    pub played: &'a [(Seat, Card)],
    /// Every call this hand, in order: passes, orders and named suits
    /// round by round, going alone, the defend-alone answers.
    pub bids: &'a [crate::Bid],
    /// The dealer's own discard (None for every other seat).
    pub discard: Option<Card>,
    /// The dealer picked up the upcard this hand (public).
    pub upcard_taken: bool,
    pub scores: [u32; 2],
    /// Tricks taken this hand, per seat.
    pub tricks: [u8; 4],
    /// The tricks the makers took this hand, in order (bit i: trick i).
    pub makers_took: u8,
    /// How the hand will be scored (the table's rules are public).
    pub scoring: crate::Scoring,
    pub hand_no: u32,
    /// The rule mutant the game plays (the rules: [`Switch::OFF`]): the
    /// course strategies play it too. Never sent to a seat's program.
    pub switch: Switch,
}

impl Observation<'_> {
    /// The upcard of a dealt hand; agents are asked only once a hand is dealt.
    #[inline]
    pub fn top(&self) -> Card {
        self.upcard.expect("a dealt hand has an upcard")
    }

    #[inline]
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
            .filter(move |&s| {
                Some(s) != self.sitting_out && Some(s) != self.defender.map(|d| (d + 2) % 4)
            })
    }

    /// Playing `card` now would be a renege: the suit it fails to follow
    /// (the left bower counting as trump) while the hand holds a card of
    /// it. Under CS 246's penalty rule such a card is among the legal
    /// actions; a bot or a person should be told.
    // Inlined across crates: bots ask it for every card they play.
    #[inline]
    pub fn renege_suit(&self, card: Card) -> Option<Suit> {
        super::follow::renege_suit(self.switch, self.hand, self.trick, self.trump, card)
    }

    #[inline]
    pub fn reneges(&self, card: Card) -> bool {
        self.renege_suit(card).is_some()
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
            .max_by(|a, b| a.1.cmp_led_with(self.switch, b.1, led, trump))
    }
}
