//! A quick deck: random hands for simulations (playouts, training, a
//! benchmark's millions of games), each a uniform Fisher–Yates shuffle drawn
//! from PCG32 (`rand_pcg`, the generator the random bot already uses).
//! Neither a course's stream nor a secret: anyone with the seed computes
//! every hand, so no table deals from it. A seeded standard game's MT19937
//! costs about a thousand dependent steps to seed and 23 tempered words a
//! hand; this costs two multiplies a card.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use crate::cards::Card;

/// A quick deck's generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickRng(Pcg32);

/// For each `n` up to a deck's size: `2^32 mod n`, below which a draw's
/// low half is drawn again (Lemire, "Fast random integer generation in an
/// interval", 2019), so every card is equally likely.
const THRESHOLDS: [u32; 25] = {
    let mut t = [0; 25];
    let mut n = 1;
    while n < 25 {
        t[n] = ((1u64 << 32) % n as u64) as u32;
        n += 1;
    }
    t
};

impl QuickRng {
    /// The generator of `seed` (`Pcg32::seed_from_u64`).
    pub(crate) fn new(seed: u64) -> QuickRng {
        QuickRng(Pcg32::seed_from_u64(seed))
    }

    /// A uniform Fisher–Yates shuffle of `cards`.
    #[inline]
    pub(crate) fn shuffle(&mut self, cards: &mut [Card; 24]) {
        for n in (1..cards.len()).rev() {
            cards.swap(n, self.below(n as u32 + 1) as usize);
        }
    }

    /// A uniform number in `0..n` (0 < n <= 24) by one multiply: the high
    /// half of a word times `n`, the rare biased low halves drawn again.
    #[inline(always)]
    fn below(&mut self, n: u32) -> u32 {
        loop {
            let m = u64::from(self.0.next_u32()) * u64::from(n);
            if m as u32 >= THRESHOLDS[n as usize] {
                return (m >> 32) as u32;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Deck;
    use crate::cards::numbered;
    use crate::mutants::Switch;

    /// A quick deck's hands are Fisher–Yates on PCG32's words in turn, a
    /// card's place the high half of a word times the cards left, each hand
    /// shuffling the last one's order.
    #[test]
    fn a_quick_shuffle_is_fisher_yates_on_pcg32_in_turn() {
        let mut words = Pcg32::seed_from_u64(5);
        let mut deck = Deck::quick(5, numbered());
        let mut want = numbered();
        for hand in 0..40 {
            for n in (1..24u64).rev() {
                let m = u64::from(words.next_u32()) * (n + 1);
                assert!(m as u32 >= THRESHOLDS[n as usize + 1], "no draw rejected");
                want.swap(n as usize, (m >> 32) as usize);
            }
            assert_eq!(deck.next_deck(Switch::OFF), want, "hand {hand}");
            assert_eq!(deck.cards(), &want);
        }
        assert_eq!(deck.shuffles(), 0, "only a CS 246 deck counts them");
    }

    #[test]
    fn a_quick_deck_is_the_same_for_a_seed_and_spreads_every_card_evenly() {
        let deal = |seed: u64, hands: usize| {
            let mut d = Deck::quick(seed, numbered());
            (0..hands)
                .map(|_| d.next_deck(Switch::OFF))
                .collect::<Vec<_>>()
        };
        assert_eq!(deal(7, 3), deal(7, 3));
        assert_ne!(deal(7, 1), deal(8, 1));
        // Each card lands in each place about 1,000 times in 24,000 hands
        // (chi-square, 23 degrees of freedom, under 60 for all but one seed
        // in 10^5), the top and the upcard's place (20) alike.
        let hands = deal(1, 24_000);
        for place in [0, 20, 23] {
            let mut count = [0u32; 24];
            for h in &hands {
                count[numbered().iter().position(|c| *c == h[place]).unwrap()] += 1;
            }
            let chi: f64 = count
                .iter()
                .map(|&n| (f64::from(n) - 1000.0).powi(2) / 1000.0)
                .sum();
            assert!(chi < 60.0, "place {place}: {chi}");
        }
        for h in &hands {
            let mut seen = 0u32;
            for c in h {
                seen |= 1 << numbered().iter().position(|x| x == c).unwrap();
            }
            assert_eq!(seen, (1 << 24) - 1, "a permutation");
        }
    }

    #[test]
    fn below_is_the_high_half_and_never_reaches_n() {
        // The same draws, reduced by hand: the multiply's high half.
        let mut rng = QuickRng::new(9);
        let mut words = Pcg32::seed_from_u64(9);
        for n in (1..=24).rev() {
            let w = words.next_u32();
            assert!(w >= THRESHOLDS[n as usize], "no draw rejected here");
            let expected = ((u64::from(w) * u64::from(n)) >> 32) as u32;
            assert_eq!(rng.below(n), expected);
            assert!(expected < n);
        }
    }

    #[test]
    fn thresholds_are_two_to_the_32_mod_n() {
        assert_eq!(THRESHOLDS[1], 0);
        assert_eq!(THRESHOLDS[2], 0);
        assert_eq!(THRESHOLDS[3], 1);
        assert_eq!(THRESHOLDS[24], 16);
        assert_eq!(THRESHOLDS[23], (4_294_967_296u64 % 23) as u32);
    }
}
