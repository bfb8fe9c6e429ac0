//! A hand: its cards in the order held (hands print as held), and the same
//! cards as a bit set, kept in step by every change. The set is what the hot
//! paths read: whether a card is held and Simple's choices are bit
//! operations, not loops over the cards; where a card is, and taking it out,
//! read the six cards as the bytes of one number.

use std::fmt;
use std::ops::Deref;

use super::List;
use crate::cards::{Card, CardSet};

/// Five cards, and six while the dealer picks up.
#[derive(Clone, Copy, Default)]
pub struct Hand {
    cards: List<Card, 6>,
    set: CardSet,
    /// Some card is held twice (no checked pack deals one; kept correct
    /// all the same, by the slow paths).
    twice: bool,
}

impl Hand {
    #[inline]
    pub const fn new() -> Hand {
        Hand {
            cards: List::new(),
            set: CardSet::EMPTY,
            twice: false,
        }
    }

    /// A hand of five cards, in this order.
    #[inline]
    pub fn of_five(cards: [Card; 5]) -> Hand {
        let [a, b, c, d, e] = cards;
        let slots = [a, b, c, d, e, <Card as crate::Fill>::FILL];
        let set = CardSet::of_first(&slots, 5);
        Hand {
            cards: List::from_slots(slots, 5),
            set,
            twice: set.len() != 5,
        }
    }

    /// The cards as a set.
    #[inline]
    pub fn set(&self) -> CardSet {
        self.set
    }

    /// Some card is held twice (the set then counts it once).
    #[inline]
    pub fn has_twice(&self) -> bool {
        self.twice
    }

    /// The cards as a list (for [`List::map_from`]).
    #[inline]
    pub fn list(&self) -> &List<Card, 6> {
        &self.cards
    }

    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        self.cards.as_slice()
    }

    /// Every slot, the unused ones too: for loops of a fixed length.
    #[inline]
    pub fn slots(&self) -> &[Card; 6] {
        self.cards.slots()
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        self.cards.is_full()
    }

    /// Adds a card at the end. Panics when the hand is full.
    #[inline]
    pub fn push(&mut self, card: Card) {
        if self.try_push(card).is_err() {
            panic!("a hand holds at most 6 cards");
        }
    }

    /// Adds a card at the end, or gives it back when the hand is full.
    #[inline]
    pub fn try_push(&mut self, card: Card) -> Result<(), Card> {
        self.cards.try_push(card)?;
        let one = CardSet::of(card);
        self.twice |= !self.set.and(one).is_empty();
        self.set = self.set.or(one);
        Ok(())
    }

    /// Where `card` is (the last place, if held twice).
    #[inline(always)]
    pub fn find(&self, card: &Card) -> Option<usize> {
        if self.twice {
            return self.cards.find(card);
        }
        // The slot whose byte equals the card's is the zero byte of `x ^
        // pattern` (unused slots made non-zero); the lowest zero byte is
        // found exactly by the classic test.
        const ONES: u64 = 0x0101_0101_0101_0101;
        let unused = !0u64 << (8 * self.cards.len());
        let t = (self.packed() ^ (ONES * u64::from(card.plain_index()))) | unused;
        let zero = t.wrapping_sub(ONES) & !t & (ONES << 7);
        (zero != 0).then(|| (zero.trailing_zeros() / 8) as usize)
    }

    /// The six slots' cards as the low bytes of one number.
    #[inline(always)]
    fn packed(&self) -> u64 {
        let s = self.cards.slots().map(Card::plain_index);
        u64::from_le_bytes([s[0], s[1], s[2], s[3], s[4], s[5], 0, 0])
    }

    #[inline]
    pub fn contains(&self, card: &Card) -> bool {
        !self.set.and(CardSet::of(*card)).is_empty()
    }

    /// Takes out the card at `at`, keeping the others' order.
    #[inline]
    pub fn remove(&mut self, at: usize) -> Card {
        let card = self[at];
        // The cards past `at` move down by a shift of the packed bytes, not
        // a loop.
        let x = self.packed();
        let below = (1u64 << (8 * at)) - 1;
        let b = ((x & below) | ((x >> 8) & !below)).to_le_bytes();
        let slots = [b[0], b[1], b[2], b[3], b[4], b[5]].map(Card::from_byte);
        self.cards = List::from_slots(slots, self.cards.len() - 1);
        if self.twice {
            self.recount();
        } else {
            self.set = self.set.without(CardSet::of(card));
        }
        card
    }

    /// Puts `card` at `at` in place of the card there, which it returns.
    pub fn replace(&mut self, at: usize, card: Card) -> Card {
        let old = std::mem::replace(&mut self.cards.as_mut_slice()[at], card);
        self.recount();
        old
    }

    /// Keeps the cards for which `keep` holds, in order.
    pub fn retain(&mut self, keep: impl FnMut(&Card) -> bool) {
        self.cards.retain(keep);
        self.recount();
    }

    #[inline]
    pub fn clear(&mut self) {
        *self = Hand::new();
    }

    /// Sorts by `key`, lowest first. Stable: equal keys are the same card,
    /// or a mutant's order, whose equal cards keep the order they came in.
    pub fn sort_by_key<K: Ord>(&mut self, key: impl FnMut(&Card) -> K) {
        self.cards.as_mut_slice().sort_by_key(key);
    }

    /// Sorts in the set's (plain) order, as bits read from the lowest: no
    /// comparisons, whose outcome on random hands the processor mostly
    /// mispredicts.
    pub fn sort_plain(&mut self) {
        if self.twice {
            self.sort_by_key(|c| c.plain_index());
            return;
        }
        for (slot, c) in self.cards.as_mut_slice().iter_mut().zip(self.set.cards()) {
            *slot = c;
        }
    }

    /// The set and `twice` anew from the cards.
    fn recount(&mut self) {
        self.set = CardSet::of_first(self.cards.slots(), self.cards.len());
        self.twice = self.set.len() != self.cards.len();
    }
}

impl Deref for Hand {
    type Target = [Card];
    #[inline]
    fn deref(&self) -> &[Card] {
        self.cards.as_slice()
    }
}

/// Hands are equal when they hold the same cards in the same order.
impl PartialEq for Hand {
    fn eq(&self, other: &Hand) -> bool {
        self.cards == other.cards
    }
}

impl Eq for Hand {}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.cards.fmt(f)
    }
}

impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.cards.serialize(s)
    }
}

impl Extend<Card> for Hand {
    fn extend<I: IntoIterator<Item = Card>>(&mut self, iter: I) {
        for c in iter {
            self.push(c);
        }
    }
}

impl FromIterator<Card> for Hand {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> Hand {
        let mut h = Hand::new();
        h.extend(iter);
        h
    }
}

/// A hand of the slice's cards, or an error when there are more than six.
impl TryFrom<&[Card]> for Hand {
    type Error = <List<Card, 6> as TryFrom<&'static [Card]>>::Error;
    fn try_from(cards: &[Card]) -> Result<Hand, Self::Error> {
        let list = List::<Card, 6>::try_from(cards)?;
        Ok(list.iter().copied().collect())
    }
}

impl<'a> IntoIterator for &'a Hand {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;
    fn into_iter(self) -> Self::IntoIter {
        self.cards.as_slice().iter()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hand(s: &str) -> Hand {
        s.split_whitespace()
            .map(|c| Card::parse_short(c).unwrap())
            .collect()
    }

    fn short(h: &Hand) -> String {
        h.iter()
            .map(|c| c.short().to_string())
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn remove_and_retain_keep_the_order() {
        let mut h = hand("9S JD AH TC KD");
        assert_eq!(h.remove(1), Card::parse_short("JD").unwrap());
        assert_eq!(short(&h), "9S AH TC KD");
        h.retain(|c| c.suit() != crate::cards::Suit::Diamonds);
        assert_eq!(short(&h), "9S AH TC");
        assert_eq!(h, hand("9S AH TC"));
        assert_ne!(h, hand("9S AH"));
    }

    #[test]
    fn remove_at_either_end_and_find() {
        let mut h = hand("9S TS JS QS KS AS");
        assert_eq!(h.find(&Card::parse_short("AS").unwrap()), Some(5));
        assert_eq!(h.find(&Card::parse_short("9S").unwrap()), Some(0));
        assert_eq!(h.find(&Card::parse_short("AH").unwrap()), None);
        assert_eq!(h.remove(5), Card::parse_short("AS").unwrap());
        assert_eq!(short(&h), "9S TS JS QS KS");
        assert_eq!(h.remove(0), Card::parse_short("9S").unwrap());
        assert_eq!(short(&h), "TS JS QS KS");
        assert_eq!(h.find(&Card::parse_short("KS").unwrap()), Some(3));
        assert_eq!(h.find(&Card::parse_short("9S").unwrap()), None);
    }

    /// A hand made whole is the hand pushed card by card, a card dealt
    /// twice (an unchecked pack's) included.
    #[test]
    fn five_at_once_is_five_pushed() {
        for cards in ["9S JD AH TC KD", "AH 9S AH TC KD", "9C 9C 9C 9C 9C"] {
            let five: Vec<Card> = hand(cards).iter().copied().collect();
            let made = Hand::of_five(five.clone().try_into().unwrap());
            let pushed = hand(cards);
            assert_eq!(made, pushed);
            assert_eq!(made.set(), pushed.set());
            assert_eq!(made.has_twice(), pushed.has_twice(), "{cards}");
            for c in &five {
                assert_eq!(made.find(c), pushed.find(c));
            }
        }
    }

    fn card(i: u32) -> Card {
        Card::from_plain_index(i)
    }

    /// The set, the order flag and `find` agree with the cards after any
    /// mix of pushes, removals and sorts, duplicates included.
    #[test]
    fn the_set_follows_every_change() {
        let mut rng = 0x2545_f491_4f6c_dd1du64;
        let mut next = |n: u64| {
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            rng % n
        };
        for _ in 0..20_000 {
            let mut h = Hand::new();
            let mut model: Vec<Card> = Vec::new();
            for _ in 0..12 {
                match next(5) {
                    0 | 1 if model.len() < 6 => {
                        // Mostly distinct cards, now and then one held twice.
                        let range = if next(8) == 0 { 3 } else { 24 };
                        let c = card(next(range) as u32);
                        h.push(c);
                        model.push(c);
                    }
                    2 if !model.is_empty() => {
                        let at = next(model.len() as u64) as usize;
                        assert_eq!(h.remove(at), model.remove(at));
                    }
                    3 if next(2) == 0 => {
                        let at = next(6) as usize;
                        if at < model.len() {
                            let c = card(next(24) as u32);
                            assert_eq!(h.replace(at, c), model[at]);
                            model[at] = c;
                        }
                    }
                    3 => {
                        h.sort_plain();
                        model.sort_by_key(|c| c.plain_index());
                    }
                    _ => {
                        let c = card(next(24) as u32);
                        h.retain(|&x| x != c);
                        model.retain(|&x| x != c);
                    }
                }
                assert_eq!(h.as_slice(), model.as_slice());
                assert_eq!(h.set(), CardSet::of_first(&model, model.len()));
                for i in 0..24 {
                    let c = card(i);
                    assert_eq!(h.contains(&c), model.contains(&c));
                    assert_eq!(h.find(&c), model.iter().rposition(|&x| x == c));
                }
            }
        }
    }
}
