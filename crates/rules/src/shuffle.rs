//! Random numbers below a bound and a random order of every card, from a
//! Mersenne Twister: EECS 280's seeded decks (`Course::deck`) and the
//! random games of the property tests draw them alike.

use rand_mt::Mt;

use upcard_engine::cards::{ALL_CARDS, Card};

/// A number below `n`.
pub fn below(rng: &mut Mt, n: usize) -> usize {
    (rng.next_u32() as usize) % n
}

/// Every card, in an order drawn from `rng` (Fisher–Yates, from the last
/// card down, over [`ALL_CARDS`]).
pub fn shuffled(rng: &mut Mt) -> [Card; 24] {
    let mut cards = ALL_CARDS;
    for i in (1..24).rev() {
        cards.swap(i, below(rng, i + 1));
    }
    cards
}
