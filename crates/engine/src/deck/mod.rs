//! Where each hand's cards come from. The deck is part of the game state, so
//! a cloned state deals the same future hands.

use std::sync::Arc;

mod ahead;
mod quick;

pub use ahead::Ahead;
pub use quick::QuickRng;

use crate::cards::{Card, Rank, Suit};
use crate::mutants::{Mutant, Switch};
use crate::twister::Mt19937;

/// The words a seeded shuffle draws: one for each of positions 23 down to
/// 1 of a 24-card deck (spec 2.3.2.1's loop, while n > 1).
const DRAWS: usize = 23;

/// A deck and its position: everything that decides the next hand's order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Deck {
    /// EECS 280: the pack file's order, in-shuffled seven times per hand
    /// (the shuffles accumulate), or the file's order every hand.
    InShuffle {
        original: [Card; 24],
        current: [Card; 24],
        shuffle: bool,
    },
    /// CS 246 (spec 2.3): one MT19937 per game, and the swap loop applied to
    /// the previous hand's order. `shuffles` counts the shuffles drawn.
    Twister {
        /// Shared until it draws: cloning a state (bots, replay) copies a
        /// pointer, not the generator's 2.5 KB.
        rng: Arc<Mt19937>,
        cards: [Card; 24],
        shuffles: u64,
    },
    /// A game nobody at the table can compute (`upcard play`, `serve`,
    /// `arena` and `tournament` without `--seed`): each hand a uniform
    /// Fisher–Yates shuffle drawn from ChaCha20 keyed with 256 random bits.
    Keyed {
        rng: Arc<KeyedRng>,
        cards: [Card; 24],
    },
    /// Random hands for simulations ([`Deck::quick`]): each hand a uniform
    /// Fisher–Yates shuffle drawn from PCG32, seeded by the caller. Fast,
    /// and computable by anyone with the seed: no table deals from it.
    Quick { rng: QuickRng, cards: [Card; 24] },
    /// A recorded game (Euchre Game Notation): each hand's order as it was
    /// dealt, in turn; past the last, the last again (a record ends before).
    Recorded {
        orders: Arc<[[Card; 24]]>,
        /// Hands dealt so far.
        dealt: usize,
    },
    /// A seeded or keyed deck whose next hands were drawn once for every
    /// game dealt from it ([`Deck::draw_ahead`]): it deals as the deck
    /// itself would.
    Ahead(Ahead),
}

/// The key of deal `n` of a match dealt from `key`: ChaCha20's stream `n`
/// of that key, so each deal's key is as secret as the match's and no deal
/// tells anything of another.
pub fn derive_key(key: [u8; 32], n: u64) -> [u8; 32] {
    use rand_chacha::rand_core::{RngCore, SeedableRng};
    let mut rng = rand_chacha::ChaCha20Rng::from_seed(key);
    rng.set_stream(n);
    let mut out = [0u8; 32];
    rng.fill_bytes(&mut out);
    out
}

/// A keyed deck's generator. Its `Debug` shows nothing of its state: a
/// state printed anywhere must not give the deal away.
#[derive(Clone, PartialEq, Eq)]
pub struct KeyedRng(rand_chacha::ChaCha20Rng);

impl std::fmt::Debug for KeyedRng {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("KeyedRng(..)")
    }
}

impl KeyedRng {
    /// A uniform Fisher–Yates shuffle of `cards`. A function of its own:
    /// inlined into `next_deck`, its loop was compiled as the other decks'
    /// code there fell, 5% more instructions or fewer from one build to
    /// the next.
    #[inline(never)]
    fn shuffle(&mut self, cards: &mut [Card; 24]) {
        for n in (1..cards.len()).rev() {
            cards.swap(n, self.below(n as u32 + 1) as usize);
        }
    }

    /// A uniform number in `0..n` (0 < n <= 24, a deck's size at most),
    /// without the bias of a bare modulo: draws in the last, partial block
    /// of `n` are drawn again.
    fn below(&mut self, n: u32) -> u32 {
        use rand_chacha::rand_core::RngCore;
        let zone = ZONES[n as usize];
        loop {
            let x = self.0.next_u32();
            if x < zone {
                return rem(x, n);
            }
        }
    }
}

/// For each `n` up to a deck's size: the multiplier of `rem`, and where
/// `below`'s last, partial block of `n` starts. A shuffle's remainders by
/// a divisor known only at run time were hardware divisions, two a card
/// for a keyed deck and one for a seeded one, each waited on by its swap.
const MULTIPLIERS: [u64; 25] = {
    let mut m = [0; 25];
    let mut n = 1;
    while n < 25 {
        // ceil(2^64 / n); 2^64 wraps to 0 for n = 1, whose remainders are 0.
        m[n] = (u64::MAX / n as u64).wrapping_add(1);
        n += 1;
    }
    m
};
const ZONES: [u32; 25] = {
    let mut z = [0; 25];
    let mut n = 1;
    while n < 25 {
        z[n] = u32::MAX - u32::MAX % n as u32;
        n += 1;
    }
    z
};

/// `x % n` for 0 < n <= 24, exactly, by two multiplies (Lemire, Kaser and
/// Kurz, "Faster remainder by direct computation", 2019: exact for every
/// 32-bit `x` with a 64-bit multiplier).
#[inline(always)]
fn rem(x: u32, n: u32) -> u32 {
    let low = MULTIPLIERS[n as usize].wrapping_mul(u64::from(x));
    ((u128::from(low) * u128::from(n)) >> 64) as u32
}

/// One in-shuffle: cut in half and interleave starting with the second half,
/// so position 12 goes to 0, 0 to 1, 13 to 2, and so on.
pub fn in_shuffle(cards: &mut [Card; 24]) {
    let old = *cards;
    for i in 0..12 {
        cards[2 * i] = old[12 + i];
        cards[2 * i + 1] = old[i];
    }
}

/// Where each position's card comes from after seven in-shuffles (EECS
/// 280's shuffle of a hand): position `i` takes the card at `SEVEN_IN[i]`.
/// One pass of 24 moves instead of seven (a course game shuffles every
/// hand); a test holds it to seven calls of [`in_shuffle`].
const SEVEN_IN: [u8; 24] = {
    let mut from = [0u8; 24];
    let mut i = 0;
    while i < 24 {
        // One in-shuffle puts the card at 12 + k in place 2k and the card
        // at k in place 2k + 1: follow position `i` back seven times.
        let mut at = i;
        let mut n = 0;
        while n < 7 {
            at = if at % 2 == 0 { 12 + at / 2 } else { at / 2 };
            n += 1;
        }
        from[i] = at as u8;
        i += 1;
    }
    from
};

/// The interleave the other way round (mutant `out-shuffle`): 0 goes to 0,
/// 12 to 1.
fn out_shuffle(cards: &mut [Card; 24]) {
    let old = *cards;
    for i in 0..12 {
        cards[2 * i] = old[i];
        cards[2 * i + 1] = old[12 + i];
    }
}

/// The seed as C++ hands an `int` to `std::mt19937`: reduced modulo 2^32, so
/// `-1` seeds with 4294967295.
pub fn engine_seed(seed: i64) -> u32 {
    seed as u32
}

impl Deck {
    /// An EECS 280 pack.
    pub fn pack(cards: [Card; 24], shuffle: bool) -> Deck {
        Deck::InShuffle {
            original: cards,
            current: cards,
            shuffle,
        }
    }

    /// A CS 246 deck: a fresh generator seeded with `seed`, `cards` the order
    /// the first shuffle starts from (2.3.1, or a save file's deck), and
    /// `drawn` shuffles already drawn (a game loaded mid-way continues the
    /// original's stream).
    pub fn twister(seed: i64, cards: [Card; 24], drawn: u64) -> Deck {
        let [mut rng] = Mt19937::many_shared([engine_seed(seed)]);
        let mt = Arc::make_mut(&mut rng);
        for _ in 0..drawn * DRAWS as u64 {
            mt.next_u32();
        }
        Deck::Twister {
            rng,
            cards,
            shuffles: drawn,
        }
    }

    /// [`Deck::twister`] for each of `seeds`, from the start (`cards`, no
    /// shuffle drawn), their generators seeded together
    /// ([`Mt19937::many_shared`]): for games in bulk.
    pub fn twisters<const K: usize>(seeds: [i64; K], cards: [Card; 24]) -> [Deck; K] {
        Mt19937::many_shared(seeds.map(engine_seed)).map(|rng| Deck::Twister {
            rng,
            cards,
            shuffles: 0,
        })
    }

    /// A keyed deck: `key` is the game's secret (32 bytes from the
    /// operating system), `cards` the order before the first hand.
    pub fn keyed(key: [u8; 32], cards: [Card; 24]) -> Deck {
        use rand_chacha::rand_core::SeedableRng;
        Deck::Keyed {
            rng: Arc::new(KeyedRng(rand_chacha::ChaCha20Rng::from_seed(key))),
            cards,
        }
    }

    /// A quick deck: random hands for simulations, the same for a seed,
    /// from `cards` (module `quick`). Not for a table: a seat that knew the
    /// seed would know every hand.
    pub fn quick(seed: u64, cards: [Card; 24]) -> Deck {
        Deck::Quick {
            rng: QuickRng::new(seed),
            cards,
        }
    }

    /// The order of the next hand.
    pub fn next_deck(&mut self, switch: Switch) -> [Card; 24] {
        match self {
            Deck::Quick { rng, cards } => {
                rng.shuffle(cards);
                *cards
            }
            Deck::Keyed { rng, cards } => {
                Arc::make_mut(rng).shuffle(cards);
                *cards
            }
            Deck::InShuffle {
                original,
                current,
                shuffle,
            } => {
                if switch.on(Mutant::PackFileNotRead) && *original != DEFAULT_ORDER {
                    *original = DEFAULT_ORDER;
                    *current = DEFAULT_ORDER;
                }
                if *shuffle {
                    if switch.on(Mutant::ShuffleFromPack) {
                        *current = *original;
                    }
                    let times = if switch.on(Mutant::ShuffleOnce) { 1 } else { 7 };
                    if times == 7 && !switch.on(Mutant::OutShuffle) {
                        let old = *current;
                        *current = SEVEN_IN.map(|from| old[usize::from(from)]);
                    } else {
                        for _ in 0..times {
                            if switch.on(Mutant::OutShuffle) {
                                out_shuffle(current);
                            } else {
                                in_shuffle(current);
                            }
                        }
                    }
                } else {
                    *current = *original;
                }
                *current
            }
            Deck::Twister {
                rng,
                cards,
                shuffles,
            } => {
                // Spec 2.3.2.1: `k = rng() % n; --n; swap(cards[n], cards[k])` while n > 1.
                if *shuffles > 0 && switch.on(Mutant::ShuffleOncePerGame) {
                    *shuffles += 1;
                    return *cards;
                }
                let rng = Arc::make_mut(rng);
                let off_by_one = u32::from(switch.on(Mutant::ShuffleModuloOffByOne));
                let mut n = cards.len() as u32;
                let mut words = [0; DRAWS];
                rng.fill(&mut words);
                for &word in &words {
                    let k = rem(word, n - off_by_one);
                    n -= 1;
                    cards.swap(n as usize, k as usize);
                }
                *shuffles += 1;
                *cards
            }
            Deck::Recorded { orders, dealt } => {
                let order = orders[(*dealt).min(orders.len() - 1)];
                *dealt += 1;
                order
            }
            Deck::Ahead(ahead) => ahead.next_deck(switch),
        }
    }

    /// Draws the next `hands` hands of a seeded or keyed deck now, once for
    /// every clone of it (the arena deals each deal twice); the deck deals
    /// as it would have. Other decks, cheap to shuffle, are left as they are.
    pub fn draw_ahead(&mut self, hands: usize) {
        if hands > 0 && matches!(self, Deck::Twister { .. } | Deck::Keyed { .. }) {
            *self = Deck::Ahead(Ahead::draw(self.clone(), hands));
        }
    }

    /// A recorded game's hands, each dealt from its own order (at least one).
    pub fn recorded(orders: Vec<[Card; 24]>) -> Deck {
        assert!(!orders.is_empty(), "a recorded game has a hand");
        Deck::Recorded {
            orders: orders.into(),
            dealt: 0,
        }
    }

    /// The current order: the last hand's deck (or, before any, the start).
    pub fn cards(&self) -> &[Card; 24] {
        match self {
            Deck::InShuffle { current, .. } => current,
            Deck::Twister { cards, .. } | Deck::Keyed { cards, .. } | Deck::Quick { cards, .. } => {
                cards
            }
            Deck::Recorded { orders, dealt } => {
                &orders[dealt.saturating_sub(1).min(orders.len() - 1)]
            }
            Deck::Ahead(ahead) => ahead.cards(),
        }
    }

    /// Shuffles drawn so far (CS 246 save files record them).
    pub fn shuffles(&self) -> u64 {
        match self {
            Deck::InShuffle { .. }
            | Deck::Recorded { .. }
            | Deck::Keyed { .. }
            | Deck::Quick { .. } => 0,
            Deck::Twister { shuffles, .. } => *shuffles,
            Deck::Ahead(ahead) => ahead.shuffles(),
        }
    }
}

/// A pack in its default order (EECS 280's `Pack()`: Spades, Hearts,
/// Clubs, Diamonds, each Nine to Ace): what a program deals from when the
/// pack file never reaches its `Pack` (a mutant's).
pub const DEFAULT_ORDER: [Card; 24] = {
    let mut cards = [Card::new(Rank::Nine, Suit::Spades); 24];
    let mut i = 0;
    while i < 24 {
        cards[i] = Card::new(Rank::ALL[i % 6], Suit::ALL[i / 6]);
        i += 1;
    }
    cards
};

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::numbered;

    #[test]
    fn a_keyed_deck_is_the_same_for_a_key_and_spreads_every_card_evenly() {
        let cards = numbered();
        let deal = |key: [u8; 32], hands: usize| {
            let mut d = Deck::keyed(key, cards);
            (0..hands)
                .map(|_| d.next_deck(Switch::OFF))
                .collect::<Vec<_>>()
        };
        assert_eq!(deal([7; 32], 3), deal([7; 32], 3));
        assert_ne!(deal([7; 32], 1), deal([8; 32], 1));
        // Every hand a permutation; over 24,000 hands each card lands on
        // the top about 1,000 times (chi-square, 23 degrees of freedom,
        // under 60 for all but one key in 10^5).
        let hands = deal([1; 32], 24_000);
        let mut top = std::collections::BTreeMap::<Card, u32>::new();
        for h in &hands {
            let mut sorted = h.to_vec();
            sorted.sort();
            let mut all = cards.to_vec();
            all.sort();
            assert_eq!(sorted, all);
            *top.entry(h[0]).or_default() += 1;
        }
        let chi: f64 = top
            .values()
            .map(|&n| (f64::from(n) - 1000.0).powi(2) / 1000.0)
            .sum();
        assert_eq!(top.len(), 24);
        assert!(chi < 60.0, "{chi}");
        // Its Debug shows no state.
        assert!(format!("{:?}", Deck::keyed([3; 32], cards)).contains("KeyedRng(..)"));
    }

    /// A keyed deck's hands are Fisher–Yates on its generator's words drawn
    /// in turn, a word in the last, partial block of `n` drawn again, each
    /// hand shuffling the last one's order.
    #[test]
    fn a_keyed_shuffle_is_fisher_yates_on_its_words_in_turn() {
        use rand_chacha::rand_core::{RngCore, SeedableRng};
        let mut rng = rand_chacha::ChaCha20Rng::from_seed([9; 32]);
        let mut deck = Deck::keyed([9; 32], numbered());
        let mut want = numbered();
        for hand in 0..40 {
            for n in (1..24usize).rev() {
                let m = n as u32 + 1;
                let x = loop {
                    let x = rng.next_u32();
                    if x < u32::MAX - u32::MAX % m {
                        break x;
                    }
                };
                want.swap(n, (x % m) as usize);
            }
            assert_eq!(deck.next_deck(Switch::OFF), want, "hand {hand}");
        }
    }

    /// The remainder by multiplying is `%`, for every divisor a shuffle
    /// uses, at the ends of the range and between; each zone is the
    /// highest multiple of its divisor a draw can be (the blocks below it
    /// are whole).
    #[test]
    fn remainders_by_multiplying_are_exact() {
        let mut x = 0x2545_f491u32;
        let mut xs: Vec<u32> = (0..100_000)
            .map(|_| {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                x
            })
            .collect();
        xs.extend((0..1000).chain(u32::MAX - 1000..=u32::MAX));
        for n in 1..=24u32 {
            for &x in &xs {
                assert_eq!(rem(x, n), x % n, "{x} % {n}");
            }
            let zone = u64::from(ZONES[n as usize]);
            assert_eq!(zone % u64::from(n), 0);
            assert!(zone + u64::from(n) > u64::from(u32::MAX));
        }
    }

    #[test]
    fn seven_in_shuffles_are_one_permutation() {
        let mut seven = numbered();
        for _ in 0..7 {
            in_shuffle(&mut seven);
        }
        let start = numbered();
        assert_eq!(SEVEN_IN.map(|from| start[usize::from(from)]), seven);
        // And so a shuffled pack deals the same hands, hand after hand.
        let mut deck = Deck::pack(numbered(), true);
        let mut want = numbered();
        for _ in 0..10 {
            for _ in 0..7 {
                in_shuffle(&mut want);
            }
            assert_eq!(deck.next_deck(Switch::OFF), want);
        }
    }

    #[test]
    fn in_shuffle_moves_12_to_0_0_to_1_13_to_2() {
        let orig = numbered();
        let mut d = orig;
        in_shuffle(&mut d);
        assert_eq!(d[0], orig[12]);
        assert_eq!(d[1], orig[0]);
        assert_eq!(d[2], orig[13]);
        assert_eq!(d[3], orig[1]);
        assert_eq!(d[22], orig[23]);
        assert_eq!(d[23], orig[11]);
    }

    #[test]
    fn shuffle_accumulates_noshuffle_resets() {
        let orig = numbered();
        let mut once = orig;
        for _ in 0..7 {
            in_shuffle(&mut once);
        }
        let mut twice = once;
        for _ in 0..7 {
            in_shuffle(&mut twice);
        }
        let mut p = Deck::pack(orig, true);
        assert_eq!(p.next_deck(Switch::OFF), once);
        assert_eq!(p.next_deck(Switch::OFF), twice);
        assert_ne!(once, twice);
        let mut p = Deck::pack(orig, false);
        assert_eq!(p.next_deck(Switch::OFF), orig);
        assert_eq!(p.next_deck(Switch::OFF), orig);
    }

    #[test]
    fn negative_seed_wraps_as_cpp_does() {
        assert_eq!(engine_seed(-1), u32::MAX);
        assert_eq!(engine_seed(123), 123);
    }
}
