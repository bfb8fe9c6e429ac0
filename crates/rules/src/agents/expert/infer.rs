//! What the bidding says about the hands the expert cannot see.
//!
//! Every call another seat made this hand (a pass, an order, a named suit,
//! going alone) is more likely with some hands than with others. The
//! expert weighs each deal it samples by how likely it makes every call
//! seen so far (importance sampling): early in a hand it deals more than it
//! solves and solves a draw of them in proportion to their weights; late,
//! each deal's solved value counts in proportion to its weight. The likelihood is a
//! simple bidding model, not any one strategy's: a player orders (or names)
//! a suit with a probability that rises smoothly with the hand's strength
//! in that suit, and goes alone only with a much stronger one.

use crate::cards::{Card, Rank, Suit};
use crate::engine::{Action, Seat};

/// A hand's strength with `trump` as trump: the right bower 3, the left
/// 2.5, the other trumps from 2 (ace) down to 1.2 (nine), an ace of
/// another suit 0.8. Three middling trumps make about 4.5; a bower, the
/// ace and one more trump about 7.
pub fn strength(cards: impl Iterator<Item = Card>, trump: Suit) -> f64 {
    cards
        .map(|c| {
            if c.is_trump(trump) {
                match c.rank() {
                    Rank::Jack if c.suit() == trump => 3.0,
                    Rank::Jack => 2.5,
                    Rank::Ace => 2.0,
                    Rank::King => 1.7,
                    Rank::Queen => 1.5,
                    Rank::Ten => 1.3,
                    _ => 1.2,
                }
            } else if c.rank() == Rank::Ace {
                0.8
            } else {
                0.0
            }
        })
        .sum()
}

/// The model's knobs: where making trump is even odds, where going alone
/// is, and how sharp the change is.
const MAKE_AT: f64 = 5.0;
const ALONE_AT: f64 = 9.0;
const SHARPNESS: f64 = 1.5;
/// No call is ever quite certain: players misjudge and bluff.
const FLOOR: f64 = 0.02;

fn chance(strength: f64, at: f64) -> f64 {
    let p = 1.0 / (1.0 + (-SHARPNESS * (strength - at)).exp());
    p.clamp(FLOOR, 1.0 - FLOOR)
}

/// A seat's hand when it bid: at most five cards, and the upcard.
pub type AtBid = arrayvec::ArrayVec<Card, 8>;

/// How likely the calls `bids` (all but `me`'s) are if each seat held
/// `hands[seat]` when it bid (the dealer's pick-up counted in round one).
pub fn likelihood(
    bids: &[crate::engine::Bid],
    hands: &[AtBid; 4],
    me: Seat,
    dealer: Seat,
    upcard: Option<Card>,
) -> f64 {
    let Some(up) = upcard else {
        return 1.0;
    };
    let mut w = 1.0;
    for b in bids {
        let s = usize::from(b.seat);
        if s == me || hands[s].is_empty() {
            continue;
        }
        let held = || hands[s].iter().copied().filter(|c| *c != up);
        // In round one the dealer would hold the upcard, the others not.
        let round_one = |trump: Suit| {
            let with_up = (s == dealer).then_some(up);
            strength(held().chain(with_up), trump)
        };
        w *= match (b.round, b.action) {
            (1, Action::Pass) => 1.0 - chance(round_one(up.suit()), MAKE_AT),
            (1, Action::Order { suit, alone }) => {
                let t = round_one(suit);
                chance(t, MAKE_AT) * if alone { chance(t, ALONE_AT) } else { 1.0 }
            }
            (2, Action::Pass) => Suit::ALL
                .iter()
                .filter(|&&t| t != up.suit())
                .map(|&t| 1.0 - chance(strength(held(), t), MAKE_AT))
                .product(),
            (2, Action::Order { suit, alone }) => {
                let t = strength(held(), suit);
                chance(t, MAKE_AT) * if alone { chance(t, ALONE_AT) } else { 1.0 }
            }
            // Defend-alone answers and anything else: not weighed.
            _ => 1.0,
        };
    }
    w
}

/// `n` indices drawn from `weights` in proportion to them (systematic
/// resampling: one random offset in [0, 1), then evenly spaced), so a deal
/// the bidding makes likely is solved more often. All zero: the first `n`.
pub fn resample(weights: &[f64], n: usize, offset: f64) -> Vec<usize> {
    let total: f64 = weights.iter().sum();
    if weights.is_empty() || total.is_nan() || total <= 0.0 {
        return (0..n.min(weights.len())).collect();
    }
    let mut out = Vec::with_capacity(n);
    let mut i = 0;
    let mut acc = weights[0];
    for k in 0..n {
        let u = (k as f64 + offset) / n as f64 * total;
        while acc < u && i + 1 < weights.len() {
            i += 1;
            acc += weights[i];
        }
        out.push(i);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Bid;

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn strength_counts_bowers_trumps_and_aces() {
        let of = |h: &str, t| (strength(cards(h).into_iter(), t) * 10.0).round() / 10.0;
        assert_eq!(of("JH JD AH KC 9S", Suit::Hearts), 7.5);
        assert_eq!(of("JH AS AC 9D QD", Suit::Diamonds), 6.8);
        assert_eq!(of("9C TC QC 9S TD", Suit::Clubs), 4.0);
        assert_eq!(of("9C TC QC 9S TD", Suit::Hearts), 0.0);
    }

    #[test]
    fn a_pass_makes_a_strong_hand_unlikely_and_an_order_likely() {
        let up: Card = "9H".parse().unwrap();
        let strong = cards("JH JD AH KC 9S");
        let weak = cards("9C TC QC 9S TD");
        let hands = |h: &Vec<Card>| {
            let h: AtBid = h.iter().copied().collect();
            [AtBid::new(), h, AtBid::new(), AtBid::new()]
        };
        let pass = [Bid {
            seat: 1,
            round: 1,
            action: Action::Pass,
        }];
        let order = [Bid {
            seat: 1,
            round: 1,
            action: Action::Order {
                suit: Suit::Hearts,
                alone: false,
            },
        }];
        let l = |bids: &[Bid], h| likelihood(bids, &hands(h), 0, 3, Some(up));
        assert!(l(&pass, &weak) > 0.95 && l(&pass, &strong) < 0.05);
        assert!(l(&order, &strong) > 0.95 && l(&order, &weak) < 0.05);
        // Its own calls tell the expert nothing.
        assert_eq!(likelihood(&pass, &hands(&strong), 1, 3, Some(up)), 1.0);
    }

    #[test]
    fn resampling_follows_the_weights() {
        assert_eq!(resample(&[0.0, 3.0, 1.0], 4, 0.5), [1, 1, 1, 2]);
        assert_eq!(resample(&[0.0, 0.0], 2, 0.5), [0, 1]);
    }
}
