//! A quick deck: random hands for simulations (playouts, training, a
//! benchmark's millions of games), each a uniform Fisher–Yates shuffle drawn
//! from PCG32 (`rand_pcg`, the generator the random bot already uses).
//! Neither a course's stream nor a secret: anyone with the seed computes
//! every hand, so no table deals from it. A seeded standard game's MT19937
//! costs about a thousand dependent steps to seed and 23 tempered words a
//! hand; this costs three 64-bit words a hand and a multiply a card.
//!
//! The 23 places of a shuffle are drawn eight at a time from one word
//! (Brackett-Rozinsky and Lemire, "Batched ranged random integer
//! generation", 2024): the word times 24 gives the first place in its high
//! half, the low half times 23 the second, and so on. The places of a
//! batch are then the digits of one number uniform in `0..P` (`P` the
//! product of the batch's ranges), read by Lemire's method, which is exact
//! once a last low half under `2^64 mod P` is drawn again.

use rand_chacha::rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use crate::cards::Card;

/// A quick deck's generator.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct QuickRng(Pcg32);

/// `2^64 mod P`, `P` the product of the ranges `top` down to `top - k + 1`
/// of a batch of `k` places: a batch whose last low half is below it is
/// drawn again (about once in 2^29 shuffles for the largest `P`).
const fn threshold(top: u64, k: u64) -> u64 {
    let mut p: u128 = 1;
    let mut i = 0;
    while i < k {
        p *= (top - i) as u128;
        i += 1;
    }
    ((1u128 << 64) % p) as u64
}

/// The batches: ranges 24 down to 17, 16 down to 9, then 8 down to 2.
const FIRST: u64 = threshold(24, 8);
const SECOND: u64 = threshold(16, 8);
const THIRD: u64 = threshold(8, 7);

impl QuickRng {
    /// The generator of `seed` (`Pcg32::seed_from_u64`).
    pub(crate) fn new(seed: u64) -> QuickRng {
        QuickRng(Pcg32::seed_from_u64(seed))
    }

    /// A uniform Fisher–Yates shuffle of `cards`: for each `n` from 24 down
    /// to 2, the card at `n - 1` swapped with the one at a place uniform in
    /// `0..n`.
    #[inline]
    pub(crate) fn shuffle(&mut self, cards: &mut [Card; 24]) {
        self.batch::<8>(cards, 24, FIRST);
        self.batch::<8>(cards, 16, SECOND);
        self.batch::<7>(cards, 8, THIRD);
    }

    /// `K` places, for `n` from `top` down, each swapped as it is drawn
    /// (module doc); a rejected word is drawn again before any swap.
    #[inline(always)]
    fn batch<const K: usize>(&mut self, cards: &mut [Card; 24], top: usize, threshold: u64) {
        let places = loop {
            let mut low = self.0.next_u64();
            let mut places = [0usize; K];
            for (i, place) in places.iter_mut().enumerate() {
                let m = u128::from(low) * (top - i) as u128;
                *place = (m >> 64) as usize;
                low = m as u64;
            }
            if low >= threshold {
                break places;
            }
        };
        for (i, &place) in places.iter().enumerate() {
            cards.swap(top - 1 - i, place);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Deck;
    use crate::cards::numbered;
    use crate::mutants::Switch;

    /// A quick deck's hands are Fisher–Yates on PCG32's 64-bit words, three
    /// a hand, each place the next digit of the word times the range (the
    /// module doc's method, by 128-bit arithmetic here), each hand
    /// shuffling the last one's order.
    #[test]
    fn a_quick_shuffle_is_fisher_yates_on_batched_digits() {
        let mut words = Pcg32::seed_from_u64(5);
        let mut deck = Deck::quick(5, numbered());
        let mut want = numbered();
        for hand in 0..200 {
            for (top, k) in [(24u128, 8), (16, 8), (8, 7)] {
                let mut low = u128::from(words.next_u64());
                let mut product = 1u128;
                let mut places = Vec::new();
                for i in 0..k {
                    let m = low * (top - i);
                    places.push((m >> 64) as usize);
                    low = m & u128::from(u64::MAX);
                    product *= top - i;
                }
                assert!(low >= (1u128 << 64) % product, "no batch drawn again");
                for (i, place) in places.into_iter().enumerate() {
                    assert!(place < (top as usize - i));
                    want.swap(top as usize - 1 - i, place);
                }
            }
            assert_eq!(deck.next_deck(Switch::OFF), want, "hand {hand}");
            assert_eq!(deck.cards(), &want);
        }
        assert_eq!(deck.shuffles(), 0, "only a CS 246 deck counts them");
    }

    /// The thresholds are `2^64 mod P` of each batch's product.
    #[test]
    fn thresholds_are_two_to_the_64_mod_each_product() {
        let p1: u128 = (17..=24).product();
        let p2: u128 = (9..=16).product();
        let p3: u128 = (2..=8).product();
        assert_eq!(p1, 29_654_190_720);
        assert_eq!(p2, 518_918_400);
        assert_eq!(p3, 40_320);
        assert_eq!(u128::from(FIRST), (1u128 << 64) % p1);
        assert_eq!(u128::from(SECOND), (1u128 << 64) % p2);
        assert_eq!(u128::from(THIRD), (1u128 << 64) % p3);
    }

    /// Over every word a batch can draw, each digit sequence comes from
    /// equally many accepted words: checked exactly on a small model (an
    /// 8-bit word, ranges 4, 3, 2), the same arithmetic at another width.
    #[test]
    fn batched_digits_are_exactly_uniform_on_a_small_word() {
        let (bits, ranges) = (8u32, [4u32, 3, 2]);
        let product: u32 = ranges.iter().product();
        let threshold = (1u32 << bits) % product;
        let mut count = std::collections::BTreeMap::<Vec<u32>, u32>::new();
        for word in 0..1u32 << bits {
            let mut low = word;
            let mut digits = Vec::new();
            for r in ranges {
                let m = low * r;
                digits.push(m >> bits);
                low = m & ((1 << bits) - 1);
            }
            if low >= threshold {
                *count.entry(digits).or_default() += 1;
            }
        }
        assert_eq!(count.len(), product as usize);
        let first = *count.values().next().unwrap();
        assert!(count.values().all(|&n| n == first), "{count:?}");
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
        // in 10^5): the top, the upcard's place (20), the last, and a place
        // of each batch's end.
        let hands = deal(1, 24_000);
        for place in [0, 7, 8, 15, 16, 20, 23] {
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
}
