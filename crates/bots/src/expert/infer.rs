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
//!
//! Every decision weighs dozens of deals, so the model is tables: a card's
//! strength in tenths for each trump, and each call's chance for each
//! strength in tenths.

use std::sync::LazyLock;

use upcard_engine::cards::Card;
use upcard_engine::{Action, Bid, Observation, Seat};

/// A card's strength with each trump (in `Suit::ALL` order), in tenths:
/// the right bower 30, the left 25, the other trumps from 20 (ace) down to
/// 12 (nine), an ace of another suit 8. Three middling trumps make about
/// 45; a bower, the ace and one more trump about 70. Indexed by the card's
/// byte (rank * 4 + suit); worked out from the byte alone, so no rule
/// mutant (engine/mutants.rs) changes what the expert believes.
const STRENGTH: [[u8; 4]; 24] = {
    let mut t = [[0u8; 4]; 24];
    let mut byte = 0;
    while byte < 24 {
        let (rank, suit) = (byte >> 2, byte & 3);
        let mut trump = 0;
        while trump < 4 {
            // Ranks nine..ace are 0..5; a suit's partner of its colour is
            // its index ^ 2 (spades-clubs, hearts-diamonds).
            t[byte][trump] = match rank {
                2 if suit == trump => 30,
                2 if suit == trump ^ 2 => 25,
                _ if suit == trump => [12, 13, 0, 15, 17, 20][rank],
                5 => 8,
                _ => 0,
            };
            trump += 1;
        }
        byte += 1;
    }
    t
};

/// Strength in tenths for each trump of `cards`.
fn strengths(cards: impl Iterator<Item = Card>) -> [u16; 4] {
    let mut s = [0u16; 4];
    for c in cards {
        add(
            &mut s,
            STRENGTH[usize::from(c.plain_index())].map(u16::from),
        );
    }
    s
}

fn add(to: &mut [u16; 4], more: [u16; 4]) {
    for (a, b) in to.iter_mut().zip(more) {
        *a += b;
    }
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

/// Strengths in tenths that the tables cover: six cards (five and the
/// upcard) of the strongest are under 140.
const TENTHS: usize = 160;

/// [make, alone]: each call's chance for each strength in tenths.
static CHANCE: LazyLock<[[f64; TENTHS]; 2]> = LazyLock::new(|| {
    let mut t = [[0.0; TENTHS]; 2];
    for (i, at) in [MAKE_AT, ALONE_AT].into_iter().enumerate() {
        for (tenths, p) in t[i].iter_mut().enumerate() {
            *p = chance(tenths as f64 / 10.0, at);
        }
    }
    t
});

fn make(tenths: u16) -> f64 {
    CHANCE[0][usize::from(tenths).min(TENTHS - 1)]
}

fn alone(tenths: u16) -> f64 {
    CHANCE[1][usize::from(tenths).min(TENTHS - 1)]
}

/// The calls one decision weighs deals by, and what it knows of each seat's
/// hand at the bid already: the cards the seat has played.
pub struct Bidding<'a> {
    bids: &'a [Bid],
    me: Seat,
    dealer: Seat,
    up: Option<Card>,
    /// The upcard's strength for each trump.
    up_strength: [u16; 4],
    /// Strengths of the cards each seat has played (the upcard left out:
    /// see `likelihood`), and whether it has played any.
    played: [[u16; 4]; 4],
    has_played: [bool; 4],
}

impl<'a> Bidding<'a> {
    pub fn new(obs: &'a Observation) -> Bidding<'a> {
        Bidding::with(obs.bids, obs.seat, obs.dealer, obs.upcard, obs.played)
    }

    fn with(
        bids: &'a [Bid],
        me: Seat,
        dealer: Seat,
        up: Option<Card>,
        seen: &[(Seat, Card)],
    ) -> Bidding<'a> {
        let mut played = [[0u16; 4]; 4];
        let mut has_played = [false; 4];
        for &(s, c) in seen {
            has_played[s] = true;
            if Some(c) != up {
                add(&mut played[s], strengths(std::iter::once(c)));
            }
        }
        Bidding {
            bids,
            me,
            dealer,
            up,
            up_strength: up.map_or([0; 4], |u| strengths(std::iter::once(u))),
            played,
            has_played,
        }
    }

    /// How likely the calls of the seats other than `me` are if each seat
    /// held `hands[seat]` and the cards it has played when it bid (the
    /// dealer's pick-up counted in round one). A seat with neither (a lone
    /// maker's partner) is not weighed.
    pub fn likelihood<H: AsRef<[Card]>>(&self, hands: &[H; 4]) -> f64 {
        let Some(up) = self.up else {
            return 1.0;
        };
        // The seats' strengths without the upcard: a dealer who picked it
        // up holds it in round one only.
        let held: [Option<[u16; 4]>; 4] = std::array::from_fn(|s| {
            let hand = hands[s].as_ref();
            if s == self.me || (hand.is_empty() && !self.has_played[s]) {
                return None;
            }
            let mut st = strengths(hand.iter().copied().filter(|c| *c != up));
            add(&mut st, self.played[s]);
            Some(st)
        });
        let mut w = 1.0;
        for b in self.bids {
            let s = usize::from(b.seat);
            let Some(st) = held[s] else {
                continue;
            };
            let round_one = |t: usize| {
                st[t]
                    + if s == self.dealer {
                        self.up_strength[t]
                    } else {
                        0
                    }
            };
            w *= match (b.round, b.action) {
                (1, Action::Pass) => 1.0 - make(round_one(usize::from(up.suit().index()))),
                (1, Action::Order { suit, alone: a }) => {
                    let t = round_one(usize::from(suit.index()));
                    make(t) * if a { alone(t) } else { 1.0 }
                }
                (2, Action::Pass) => (0..4)
                    .filter(|&t| t != usize::from(up.suit().index()))
                    .map(|t| 1.0 - make(st[t]))
                    .product(),
                (2, Action::Order { suit, alone: a }) => {
                    let t = st[usize::from(suit.index())];
                    make(t) * if a { alone(t) } else { 1.0 }
                }
                // Defend-alone answers and anything else: not weighed.
                _ => 1.0,
            };
        }
        w
    }
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
    use upcard_engine::cards::{Rank, Suit};

    fn cards(s: &str) -> Vec<Card> {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    #[test]
    fn strength_counts_bowers_trumps_and_aces() {
        let of = |h: &str, t: Suit| strengths(cards(h).into_iter())[usize::from(t.index())];
        assert_eq!(of("JH JD AH KC 9S", Suit::Hearts), 75);
        assert_eq!(of("JH AS AC 9D QD", Suit::Diamonds), 68);
        assert_eq!(of("9C TC QC 9S TD", Suit::Clubs), 40);
        assert_eq!(of("9C TC QC 9S TD", Suit::Hearts), 0);
    }

    #[test]
    fn the_strength_table_is_the_model() {
        // Every card against the rule written out: bowers, trumps, aces.
        for c in upcard_engine::cards::all_cards() {
            for t in Suit::ALL {
                let want = if c.is_right_bower(t) {
                    30
                } else if c.is_left_bower(t) {
                    25
                } else if c.suit() == t {
                    [12, 13, 0, 15, 17, 20][c.rank() as usize]
                } else if c.rank() == Rank::Ace {
                    8
                } else {
                    0
                };
                assert_eq!(
                    strengths(std::iter::once(c))[usize::from(t.index())],
                    want,
                    "{c:?} {t:?}"
                );
            }
        }
    }

    #[test]
    fn a_pass_makes_a_strong_hand_unlikely_and_an_order_likely() {
        let up: Card = "9H".parse().unwrap();
        let strong = cards("JH JD AH KC 9S");
        let weak = cards("9C TC QC 9S TD");
        let hands = |h: &Vec<Card>| [vec![], h.clone(), vec![], vec![]];
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
        let l = |bids, h, me| Bidding::with(bids, me, 3, Some(up), &[]).likelihood(&hands(h));
        assert!(l(&pass, &weak, 0) > 0.95 && l(&pass, &strong, 0) < 0.05);
        assert!(l(&order, &strong, 0) > 0.95 && l(&order, &weak, 0) < 0.05);
        // Its own calls tell the expert nothing.
        assert_eq!(l(&pass, &strong, 1), 1.0);
        // Cards a seat has played were in its hand when it bid.
        let played: Vec<(Seat, Card)> = strong[..3].iter().map(|&c| (1, c)).collect();
        let rest = [vec![], strong[3..].to_vec(), vec![], vec![]];
        let b = Bidding::with(&pass, 0, 3, Some(up), &played);
        assert_eq!(b.likelihood(&rest), l(&pass, &strong, 0));
    }

    #[test]
    fn resampling_follows_the_weights() {
        assert_eq!(resample(&[0.0, 3.0, 1.0], 4, 0.5), [1, 1, 1, 2]);
        assert_eq!(resample(&[0.0, 0.0], 2, 0.5), [0, 1]);
    }
}
