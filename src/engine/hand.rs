//! A hand of cards as a small `Copy` value: five cards, six while the dealer
//! picks up. Kept in order (as dealt, or sorted), because the courses print
//! hands in the order held.

use std::fmt;
use std::ops::{Deref, DerefMut};

use crate::cards::{Card, Rank, Suit};

const CAP: usize = 6;
/// What the unused slots hold (never read through the slice).
const FILL: Card = Card::new(Rank::Nine, Suit::Spades);

/// A fixed array and a length rather than `ArrayVec`: copying, removing and
/// clearing are a few instructions, which the engine does for every move.
#[derive(Clone, Copy)]
pub struct Hand {
    cards: [Card; CAP],
    len: u8,
}

impl Hand {
    #[inline]
    pub const fn new() -> Hand {
        Hand {
            cards: [FILL; CAP],
            len: 0,
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[Card] {
        &self.cards[..usize::from(self.len)]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [Card] {
        &mut self.cards[..usize::from(self.len)]
    }

    /// Adds a card at the end. Panics when the hand holds six already.
    #[inline]
    pub fn push(&mut self, card: Card) {
        self.try_push(card).expect("a hand holds at most six cards");
    }

    /// Adds a card at the end, or gives it back when the hand is full.
    #[inline]
    pub fn try_push(&mut self, card: Card) -> Result<(), Card> {
        let slot = self.cards.get_mut(usize::from(self.len)).ok_or(card)?;
        *slot = card;
        self.len += 1;
        Ok(())
    }

    /// Takes out the card at `at`, keeping the others' order.
    #[inline]
    pub fn remove(&mut self, at: usize) -> Card {
        let card = self.as_slice()[at];
        self.cards.copy_within(at + 1..usize::from(self.len), at);
        self.len -= 1;
        card
    }

    /// Keeps the cards for which `keep` holds, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&Card) -> bool) {
        let mut n = 0;
        for i in 0..usize::from(self.len) {
            let c = self.cards[i];
            if keep(&c) {
                self.cards[n] = c;
                n += 1;
            }
        }
        self.len = n as u8;
    }

    #[inline]
    pub fn clear(&mut self) {
        self.len = 0;
    }

    #[inline]
    pub fn is_full(&self) -> bool {
        usize::from(self.len) == CAP
    }

    #[inline]
    pub const fn capacity(&self) -> usize {
        CAP
    }
}

impl Default for Hand {
    #[inline]
    fn default() -> Hand {
        Hand::new()
    }
}

impl Deref for Hand {
    type Target = [Card];
    #[inline]
    fn deref(&self) -> &[Card] {
        self.as_slice()
    }
}

impl DerefMut for Hand {
    #[inline]
    fn deref_mut(&mut self) -> &mut [Card] {
        self.as_mut_slice()
    }
}

impl PartialEq for Hand {
    #[inline]
    fn eq(&self, other: &Hand) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Hand {}

impl fmt::Debug for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl serde::Serialize for Hand {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl Extend<Card> for Hand {
    /// Panics past six cards, as `push` does.
    #[inline]
    fn extend<I: IntoIterator<Item = Card>>(&mut self, cards: I) {
        for c in cards {
            self.push(c);
        }
    }
}

impl FromIterator<Card> for Hand {
    #[inline]
    fn from_iter<I: IntoIterator<Item = Card>>(cards: I) -> Hand {
        let mut h = Hand::new();
        h.extend(cards);
        h
    }
}

impl<'a> IntoIterator for &'a Hand {
    type Item = &'a Card;
    type IntoIter = std::slice::Iter<'a, Card>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl IntoIterator for Hand {
    type Item = Card;
    type IntoIter = std::iter::Take<std::array::IntoIter<Card, CAP>>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.cards.into_iter().take(usize::from(self.len))
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
        h.retain(|c| c.suit != Suit::Diamonds);
        assert_eq!(short(&h), "9S AH TC");
        assert_eq!(h, hand("9S AH TC"));
        assert_ne!(h, hand("9S AH"));
    }

    #[test]
    fn six_cards_at_most() {
        let mut h = hand("9S TS JS QS KS AS");
        assert!(h.is_full());
        let nine = Card::parse_short("9H").unwrap();
        assert_eq!(h.try_push(nine), Err(nine));
        h.clear();
        assert!(h.is_empty());
        assert_eq!(h.try_push(nine), Ok(()));
        assert_eq!(h.into_iter().collect::<Vec<_>>(), vec![nine]);
    }
}
