//! The state's short lists (a hand, the trick, the cards taken and played,
//! the kitty) as small `Copy` values: a fixed array and a length. Unlike
//! `ArrayVec` they copy as plain memory, so cloning a state (bots, replay) is
//! one copy, and removing a card is a few instructions. Order is kept: hands
//! print as held.

use std::fmt;
use std::ops::{Deref, DerefMut};

use super::Seat;
use crate::cards::{Card, Rank, Suit};

/// What a list's unused slots hold (never read through the slice).
pub trait Fill: Copy {
    const FILL: Self;
}

impl Fill for Card {
    const FILL: Card = Card::new(Rank::Nine, Suit::Spades);
}

impl Fill for (Seat, Card) {
    const FILL: (Seat, Card) = (0, Card::FILL);
}

/// At most `N` items, in order.
#[derive(Clone, Copy)]
pub struct List<T: Fill, const N: usize> {
    items: [T; N],
    len: u8,
}

impl<T: Fill, const N: usize> List<T, N> {
    #[inline]
    pub const fn new() -> Self {
        List {
            items: [T::FILL; N],
            len: 0,
        }
    }

    #[inline]
    pub fn as_slice(&self) -> &[T] {
        &self.items[..usize::from(self.len)]
    }

    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        &mut self.items[..usize::from(self.len)]
    }

    /// Adds an item at the end. Panics when the list is full.
    #[inline]
    pub fn push(&mut self, item: T) {
        if self.try_push(item).is_err() {
            panic!("a list of at most {N} items is full");
        }
    }

    /// Adds each item whose `keep` holds, in order, with no branch on
    /// `keep` (each is written to the first unused slot either way), the
    /// length kept in a register until the end: pushed one by one, each
    /// push read the length the one before had just stored. Panics when an
    /// item kept does not fit.
    #[inline]
    pub fn extend_if(&mut self, items: impl IntoIterator<Item = (T, bool)>) {
        let mut n = usize::from(self.len);
        for (item, keep) in items {
            match self.items.get_mut(n) {
                Some(slot) => {
                    *slot = item;
                    n += usize::from(keep);
                }
                None if keep => panic!("a list of at most {N} items is full"),
                None => {}
            }
        }
        self.len = n as u8;
    }

    /// Adds `from`'s items at the end, as many as fit: its slots are
    /// copied whole and the length stored once (pushed one by one, each
    /// push read the length the last had just stored).
    #[inline]
    pub fn append<const M: usize>(&mut self, from: &List<T, M>) {
        let at = usize::from(self.len);
        match self.items.get_mut(at..at + M) {
            Some(dest) => {
                dest.copy_from_slice(&from.items);
                self.len += from.len;
            }
            None => {
                for &item in from.as_slice() {
                    let _ = self.try_push(item);
                }
            }
        }
    }

    /// Adds an item at the end, or gives it back when the list is full.
    #[inline]
    pub fn try_push(&mut self, item: T) -> Result<(), T> {
        let Some(slot) = self.items.get_mut(usize::from(self.len)) else {
            return Err(item);
        };
        *slot = item;
        self.len += 1;
        Ok(())
    }

    /// Where `item` is (the last place, if more than one).
    #[inline]
    pub fn find(&self, item: &T) -> Option<usize>
    where
        T: PartialEq,
    {
        // Over every slot, the unused too, with no early exit: a loop whose
        // length is the hand's would end at a mispredicted branch.
        let mut at = N;
        for (i, x) in self.items.iter().enumerate() {
            at = if (x == item) & (i < self.len()) {
                i
            } else {
                at
            };
        }
        (at < N).then_some(at)
    }

    /// Every slot, the unused ones too (holding [`Fill::FILL`] or an item
    /// taken out): for loops of a fixed length, which the processor predicts.
    #[inline]
    pub fn slots(&self) -> &[T; N] {
        &self.items
    }

    /// Becomes each item of `from` mapped by `f`, in order, by a loop over
    /// all its slots (see [`List::slots`]), in place: no new list to copy.
    #[inline]
    pub fn map_from<U: Fill, const M: usize>(&mut self, from: &List<U, M>, f: impl Fn(U) -> T) {
        const { assert!(M <= N, "a list maps into one at least as long") };
        for (t, &u) in self.items.iter_mut().zip(&from.items) {
            *t = f(u);
        }
        self.len = from.len;
    }

    /// A list of `len` items from its slots (those past `len` unused).
    #[inline]
    pub fn from_slots(items: [T; N], len: usize) -> Self {
        assert!(len <= N, "a list of at most {N} items");
        List {
            items,
            len: len as u8,
        }
    }

    /// Keeps the items for which `keep` holds, in order.
    #[inline]
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut n = 0;
        for i in 0..usize::from(self.len) {
            let c = self.items[i];
            if keep(&c) {
                self.items[n] = c;
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
        usize::from(self.len) == N
    }

    #[inline]
    pub const fn capacity(&self) -> usize {
        N
    }
}

impl<T: Fill, const N: usize> Default for List<T, N> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<T: Fill, const N: usize> Deref for List<T, N> {
    type Target = [T];
    #[inline]
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T: Fill, const N: usize> DerefMut for List<T, N> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: Fill + PartialEq, const N: usize> PartialEq for List<T, N> {
    #[inline]
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Fill + Eq, const N: usize> Eq for List<T, N> {}

impl<T: Fill + fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

impl<T: Fill + serde::Serialize, const N: usize> serde::Serialize for List<T, N> {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<T: Fill, const N: usize> Extend<T> for List<T, N> {
    /// Panics past `N` items, as `push` does.
    #[inline]
    fn extend<I: IntoIterator<Item = T>>(&mut self, items: I) {
        for c in items {
            self.push(c);
        }
    }
}

/// The items of a slice, refused (given back as the count) past `N`.
impl<T: Fill, const N: usize> TryFrom<&[T]> for List<T, N> {
    type Error = usize;
    fn try_from(items: &[T]) -> Result<Self, usize> {
        let mut l = Self::new();
        let slots = l.items.get_mut(..items.len()).ok_or(items.len())?;
        slots.copy_from_slice(items);
        l.len = items.len() as u8;
        Ok(l)
    }
}

impl<T: Fill, const N: usize> FromIterator<T> for List<T, N> {
    #[inline]
    fn from_iter<I: IntoIterator<Item = T>>(items: I) -> Self {
        let mut h = Self::new();
        h.extend(items);
        h
    }
}

impl<'a, T: Fill, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = std::slice::Iter<'a, T>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl<T: Fill, const N: usize> IntoIterator for List<T, N> {
    type Item = T;
    type IntoIter = std::iter::Take<std::array::IntoIter<T, N>>;
    #[inline]
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(usize::from(self.len))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    type Hand = List<Card, 6>;

    fn hand(s: &str) -> Hand {
        s.split_whitespace()
            .map(|c| Card::parse_short(c).unwrap())
            .collect()
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

    /// Only the items kept are added, in order, after those there; an item
    /// not kept may find the list full, one kept may not.
    #[test]
    fn extend_if_adds_the_items_kept() {
        let c = |s: &str| Card::parse_short(s).unwrap();
        let mut h = hand("9S");
        h.extend_if([("TS", true), ("JS", false), ("QS", true)].map(|(s, k)| (c(s), k)));
        assert_eq!(h, hand("9S TS QS"));
        h.extend_if(["KS", "AS", "9H"].map(|s| (c(s), true)));
        h.extend_if([(c("TH"), false)]);
        assert_eq!(h, hand("9S TS QS KS AS 9H"));
        let full = std::panic::catch_unwind(move || h.extend_if([(c("TH"), true)]));
        assert!(full.is_err());
    }

    /// Appending adds the other list's items only, whole where its slots
    /// fit and as many as fit where they do not.
    #[test]
    fn append_adds_the_items_and_no_unused_slot() {
        let mut h = hand("9S TS");
        let trick: List<Card, 4> = hand("JH QH KH").into_iter().collect();
        h.append(&trick);
        assert_eq!(h, hand("9S TS JH QH KH"));
        // Four slots past five do not fit in six: one item is added, by push.
        h.append(&hand("AC AD").into_iter().collect::<List<Card, 4>>());
        assert_eq!(h, hand("9S TS JH QH KH AC"));
        let mut empty = Hand::new();
        empty.append(&List::<Card, 4>::new());
        assert!(empty.is_empty());
    }
}
