//! Hands drawn ahead: a deck's next hands shuffled once and shared by
//! every game dealt from it. The arena plays each deal twice, the teams
//! swapped, and each game had shuffled the same hands again (a secret
//! deal's ChaCha20 blocks, a seeded deal's twist and draws).

use std::sync::Arc;

use super::Deck;
use crate::cards::Card;
use crate::mutants::Switch;

/// A deck's next hands, drawn; then the deck itself past them.
#[derive(Clone, PartialEq, Eq)]
pub struct Ahead {
    /// The orders of the next hands, as the deck would deal them with no
    /// mutant playing.
    orders: Arc<[[Card; 24]]>,
    /// Hands dealt from `orders` so far (past their end: dealt from the
    /// deck after them).
    next: usize,
    /// The deck before the orders were drawn (a mutant's game deals from
    /// it, as the deck itself would: a mutant may shuffle otherwise) and
    /// the deck after them.
    decks: Arc<(Deck, Deck)>,
}

/// Shows nothing of the orders: a state printed anywhere must not give
/// the hands to come away.
impl std::fmt::Debug for Ahead {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Ahead({} of {} hands dealt)",
            self.next,
            self.orders.len()
        )
    }
}

impl Ahead {
    /// `deck` with its next `hands` hands drawn now (at least one).
    pub(crate) fn draw(deck: Deck, hands: usize) -> Ahead {
        debug_assert!(hands > 0, "at least one hand drawn ahead");
        let mut then = deck.clone();
        let orders = (0..hands).map(|_| then.next_deck(Switch::OFF)).collect();
        Ahead {
            orders,
            next: 0,
            decks: Arc::new((deck, then)),
        }
    }

    /// The order of the next hand.
    pub(crate) fn next_deck(&mut self, switch: Switch) -> [Card; 24] {
        if !switch.is_off() {
            // Shared until a mutant's game deals: only such a game writes.
            return Arc::make_mut(&mut self.decks).0.next_deck(switch);
        }
        self.next += 1;
        match self.orders.get(self.next - 1) {
            Some(order) => *order,
            None => Arc::make_mut(&mut self.decks).1.next_deck(switch),
        }
    }

    /// The last hand's order (before any, the start).
    pub(crate) fn cards(&self) -> &[Card; 24] {
        match self.next {
            0 => self.decks.0.cards(),
            n if n <= self.orders.len() => &self.orders[n - 1],
            _ => self.decks.1.cards(),
        }
    }

    /// Shuffles drawn so far, as the deck itself would count them.
    pub(crate) fn shuffles(&self) -> u64 {
        let (start, then) = (self.decks.0.shuffles(), self.decks.1.shuffles());
        match self.next {
            0 => start,
            // Each order is one shuffle of a deck that counts them.
            n if n <= self.orders.len() => {
                start + (then - start) / self.orders.len() as u64 * n as u64
            }
            _ => then,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cards::numbered;
    use crate::mutants::Mutant;

    /// Hands drawn ahead are the deck's own, one by one and past the
    /// drawn ones, for every clone taken on the way, and under a mutant
    /// that shuffles otherwise; the deck's order and shuffle count too.
    #[test]
    fn a_deck_dealt_ahead_deals_as_itself() {
        let decks = [
            Deck::twister(11, numbered(), 0),
            Deck::twister(-3, numbered(), 2),
            Deck::keyed([5; 32], numbered()),
        ];
        let shuffle_otherwise = Switch::to(Mutant::ShuffleModuloOffByOne);
        for plain in decks {
            for switch in [Switch::OFF, shuffle_otherwise] {
                let mut plain = plain.clone();
                let mut ahead = plain.clone();
                ahead.draw_ahead(4);
                assert!(matches!(ahead, Deck::Ahead(_)));
                let mut clones = Vec::new();
                for hand in 0..11 {
                    assert_eq!(ahead.cards(), plain.cards(), "{hand}");
                    assert_eq!(ahead.shuffles(), plain.shuffles(), "{hand}");
                    clones.push((ahead.clone(), plain.clone()));
                    assert_eq!(ahead.next_deck(switch), plain.next_deck(switch), "{hand}");
                }
                for (mut ahead, mut plain) in clones {
                    for _ in 0..6 {
                        assert_eq!(ahead.next_deck(switch), plain.next_deck(switch));
                        assert_eq!(ahead.cards(), plain.cards());
                        assert_eq!(ahead.shuffles(), plain.shuffles());
                    }
                }
            }
        }
        let mut pack = Deck::pack(numbered(), true);
        pack.draw_ahead(3);
        assert!(
            matches!(pack, Deck::InShuffle { .. }),
            "a pack is cheap to shuffle"
        );
        let mut shown = Deck::keyed([5; 32], numbered());
        shown.draw_ahead(2);
        assert_eq!(format!("{shown:?}"), "Ahead(Ahead(0 of 2 hands dealt))");
    }
}
