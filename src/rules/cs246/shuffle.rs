//! The CS 246 deck (spec 2.3): one MT19937 per game, seeded once, and the
//! spec's swap loop applied to the previous hand's order.

use rand_mt::Mt;

use crate::cards::Card;
use crate::engine::DeckSource;

/// Spec 2.3.1.
pub const INITIAL: &str = "9H TH JH QH KH AH 9D TD JD QD KD AD 9S TS JS QS KS AS 9C TC JC QC KC AC";

pub fn initial_deck() -> [Card; 24] {
    let v: Vec<Card> = INITIAL
        .split(' ')
        .map(|s| Card::parse_short(s).expect("a valid card"))
        .collect();
    v.try_into().expect("24 cards")
}

/// The seed as C++ hands an `int` to `std::mt19937`: reduced modulo 2^32, so
/// `-1` seeds with 4294967295.
pub fn engine_seed(seed: i64) -> u32 {
    seed as u32
}

pub struct Cs246Deck {
    rng: Mt,
    cards: [Card; 24],
}

impl Cs246Deck {
    /// A fresh generator seeded with `seed`; `cards` is the order the first
    /// shuffle starts from (2.3.1, or a save file's deck).
    pub fn new(seed: i64, cards: [Card; 24]) -> Cs246Deck {
        Cs246Deck {
            rng: Mt::new(engine_seed(seed)),
            cards,
        }
    }

    /// Spec 2.3.2.1: `k = rng() % n; --n; swap(cards[n], cards[k])` while n > 1.
    pub fn shuffle(&mut self) {
        let mut n = self.cards.len() as u32;
        while n > 1 {
            let k = self.rng.next_u32() % n;
            n -= 1;
            self.cards.swap(n as usize, k as usize);
        }
    }

    /// Draws what `shuffles` shuffles would (23 numbers each) without moving
    /// a card: a game loaded mid-way continues the original's stream.
    pub fn skip_shuffles(&mut self, shuffles: u64) {
        for _ in 0..shuffles * 23 {
            self.rng.next_u32();
        }
    }

    pub fn cards(&self) -> &[Card; 24] {
        &self.cards
    }
}

impl DeckSource for Cs246Deck {
    /// Each hand reshuffles the previous hand's order (2.3.5).
    fn next_deck(&mut self) -> Vec<Card> {
        self.shuffle();
        self.cards.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::short_list;

    #[test]
    fn spec_2_3_2_and_2_3_5_examples_for_seed_0() {
        let mut d = Cs246Deck::new(0, initial_deck());
        assert_eq!(
            short_list(&d.next_deck()),
            "AS QC KC KS JS 9D TS 9S JH JD AH 9H AD QS TC AC KD 9C TD QH QD TH KH JC"
        );
        assert_eq!(
            short_list(&d.next_deck()),
            "9S KC 9D TS QD AH AC KD TD 9H KS QH QS AD JH KH 9C AS JC JD TH QC JS TC"
        );
    }

    #[test]
    fn negative_seed_wraps_as_cpp_does() {
        assert_eq!(engine_seed(-1), u32::MAX);
        assert_eq!(engine_seed(123), 123);
    }
}
