//! Following suit: the suit a hand must follow, the cards that follow it,
//! and whether a card reneges. The legality rule ([`crate::State::admits`]),
//! a renege penalty and an observation's warning all read it.

use super::{Hand, Seat};
use crate::cards::{Card, CardSet, Plain, Suit};
use crate::mutants::{Mutant, Switch};

/// The suit a hand must follow in `trick`, when it holds a card of it.
pub(crate) fn suit_to_follow(
    switch: Switch,
    hand: &Hand,
    trick: &[(Seat, Card)],
    trump: Option<Suit>,
) -> Option<Suit> {
    let trump = trump?;
    let &(_, led) = trick.first()?;
    let suit = led.effective_suit_with(switch, trump);
    let held = if switch.is_off() {
        // The hand's bit set against the suit's: no loop over the cards.
        !hand.set().and(CardSet::suit(suit, trump)).is_empty()
    } else {
        hand.iter().any(|c| follows_as(switch, *c, trump) == suit)
    };
    held.then_some(suit)
}

/// The cards of `hand` that follow the suit led in `trick` (empty: none
/// held, or nothing led), by bit sets: only while no mutant plays.
#[inline(always)]
pub(crate) fn follow_set(hand: &Hand, trick: &[(Seat, Card)], trump: Option<Suit>) -> CardSet {
    match (trump, trick.first()) {
        (Some(trump), Some(&(_, led))) => hand
            .set()
            .and(CardSet::suit(led.effective_suit_with(Plain, trump), trump)),
        _ => CardSet::EMPTY,
    }
}

/// Playing `card` from `hand` into `trick` reneges: the suit it fails to
/// follow. The one renege rule: the engine refuses or penalises by it, and
/// an observation tells a seat by it ([`crate::Observation::renege_suit`]).
/// Inlined whole: its bit-set answer is most of a card's play.
#[inline(always)]
pub(crate) fn renege_suit(
    switch: Switch,
    hand: &Hand,
    trick: &[(Seat, Card)],
    trump: Option<Suit>,
    card: Card,
) -> Option<Suit> {
    // Most cards follow or nothing is to be followed: said by bit sets
    // while no mutant plays, before the full rule.
    if switch.is_off() {
        let follow = follow_set(hand, trick, trump);
        if follow.is_empty() || follow.contains(card) {
            return None;
        }
    }
    let suit = suit_to_follow(switch, hand, trick, trump)?;
    trump
        .is_some_and(|t| follows_as(switch, card, t) != suit)
        .then_some(suit)
}

/// The suit a card in hand follows as: its effective suit, or its printed
/// suit for the left bower under `left-bower-printed-when-following`.
#[inline(always)]
pub(crate) fn follows_as(switch: Switch, c: Card, trump: Suit) -> Suit {
    if switch.on(Mutant::LeftBowerPrintedWhenFollowing) && c.is_left_bower_with(switch, trump) {
        c.suit()
    } else {
        c.effective_suit_with(switch, trump)
    }
}
