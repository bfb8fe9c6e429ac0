//! The pack: read in file order, in-shuffled seven times per hand.

use crate::cards::Card;
use crate::engine::DeckSource;

/// One in-shuffle: cut in half and interleave starting with the second half,
/// so position 12 goes to 0, 0 to 1, 13 to 2, and so on.
pub fn in_shuffle(cards: &mut [Card; 24]) {
    let old = *cards;
    for i in 0..12 {
        cards[2 * i] = old[12 + i];
        cards[2 * i + 1] = old[i];
    }
}

/// The deck source of an EECS 280 game.
#[derive(Clone, Debug)]
pub struct Pack {
    original: [Card; 24],
    current: [Card; 24],
    shuffle: bool,
}

impl Pack {
    pub fn new(cards: [Card; 24], shuffle: bool) -> Pack {
        Pack {
            original: cards,
            current: cards,
            shuffle,
        }
    }
}

impl DeckSource for Pack {
    /// `shuffle`: seven in-shuffles of the previous hand's order (they
    /// accumulate). `noshuffle`: the file's order every hand.
    fn next_deck(&mut self) -> Vec<Card> {
        if self.shuffle {
            for _ in 0..7 {
                in_shuffle(&mut self.current);
            }
        } else {
            self.current = self.original;
        }
        self.current.to_vec()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::all_cards;

    fn numbered() -> [Card; 24] {
        let v: Vec<Card> = all_cards().collect();
        v.try_into().unwrap()
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
        let mut p = Pack::new(orig, true);
        assert_eq!(p.next_deck(), once.to_vec());
        assert_eq!(p.next_deck(), twice.to_vec());
        assert_ne!(once, twice);
        let mut p = Pack::new(orig, false);
        assert_eq!(p.next_deck(), orig.to_vec());
        assert_eq!(p.next_deck(), orig.to_vec());
    }
}
