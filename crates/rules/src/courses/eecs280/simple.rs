//! The Simple player of the EECS 280 spec ("Simple Player").

use crate::agents::{Agent, Decision, PlayerError, explained};
use upcard_engine::cards::{Card, CardSet, Checks, Plain};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Action, BidView, EventSink, Hand, Observation, PlayView, Seen};

/// The card with the greatest `key` (the last of equals, as
/// `Iterator::max_by`), or with the least (the first of equals, as `min_by`)
/// when `least` (a mutant: a Simple that picks the wrong end); of equals the
/// first when `first` (a mutant's order has equal cards, and a loop that
/// keeps its best on `<` keeps the first of them). This runs for
/// every card a Simple player plays under a mutant (`upcard mutants`, `grade
/// --diagnose`), so it has no branch that depends on the cards: key and
/// position are one number, kept by `min`.
#[inline(always)]
fn pick(
    hand: &Hand,
    keep: impl Fn(Card) -> bool,
    key: impl Fn(Card) -> u8,
    least: bool,
    first: bool,
) -> Option<Card> {
    const NONE: u32 = u32::MAX;
    let mut best = NONE;
    // Over every slot (a loop of fixed length), the unused ones not kept.
    for (i, &c) in hand.slots().iter().enumerate() {
        // `&`, not `&&`: no branch.
        let keep = |c| (i < hand.len()) & keep(c);
        let (k, at) = (u32::from(key(c)), i as u32 & 0xff);
        // The least key when `least`, else the greatest; the first position
        // when `least` or `first`, else the last; each as the least number.
        let at = if least || first { at } else { 0xff - at };
        let rank = if least {
            k << 8 | at
        } else {
            (0xff - k) << 8 | at
        };
        best = best.min(if keep(c) { rank } else { NONE });
    }
    (best != NONE).then(|| {
        let at = best & 0xff;
        hand[(if least || first { at } else { 0xff - at }) as usize]
    })
}

#[derive(Clone, Copy, Debug, Default)]
pub struct Simple;

impl Simple {
    /// Trump face or ace cards (bowers, Q, K, A of trump) for `trump`.
    fn strong(switch: Switch, hand: &Hand, trump: upcard_engine::cards::Suit) -> usize {
        if switch.is_off() && !hand.has_twice() {
            // As bits: a count, not a branch per card on what it is.
            return hand
                .set()
                .and(CardSet::suit(trump, trump))
                .and(CardSet::FACES_AND_ACES)
                .len();
        }
        Self::strong_by_comparison(switch, hand, trump)
    }

    /// [`Simple::strong`] card by card, as `switch` has it.
    fn strong_by_comparison(
        switch: Switch,
        hand: &Hand,
        trump: upcard_engine::cards::Suit,
    ) -> usize {
        let left = !switch.on(Mutant::SimpleIgnoresLeftBower);
        hand.iter()
            .filter(|c| {
                (c.suit() == trump || left && c.is_trump_with(switch, trump))
                    && c.rank().is_face_or_ace()
            })
            .count()
    }

    pub fn choose_bid(view: &Observation) -> Action {
        Self::bid_for(BidView::from(view)).0
    }

    pub fn choose_discard(view: &Observation) -> Card {
        Self::discard_for(BidView::from(view)).0
    }

    pub fn choose_card(view: &Observation) -> Card {
        Self::card_for(PlayView::from(view)).0
    }

    /// The bid and the rule of the spec's Simple Player that chose it, from
    /// the few things it reads (a seat's [`Seen::for_bid`], made without
    /// the whole observation).
    pub fn bid_for(view: BidView) -> (Action, &'static str) {
        let up = view.top().suit();
        if view.round == 1 {
            // Round one: two or more trump face/ace cards (the dealer does not
            // count the upcard).
            let needs = if view.switch.on(Mutant::SimpleRoundOneNeedsOne) {
                1
            } else {
                2
            };
            if Self::strong(view.switch, view.hand, up) >= needs {
                let bid = Action::Order {
                    suit: up,
                    alone: false,
                };
                return (
                    bid,
                    "orders up: two or more face or ace cards of the upcard's suit (bowers count)",
                );
            }
            return (
                Action::Pass,
                "passes: fewer than two face or ace cards of the upcard's suit",
            );
        }
        // Round two: only the same-colour suit, with one face/ace card; the
        // dealer is forced to order it (screw the dealer).
        let next = up.next();
        let bid = Action::Order {
            suit: next,
            alone: false,
        };
        let needs = if view.switch.on(Mutant::SimpleRoundTwoNeedsTwo) {
            2
        } else {
            1
        };
        if Self::strong(view.switch, view.hand, next) >= needs {
            (
                bid,
                "orders the suit of the upcard's colour: one or more face or ace cards of it",
            )
        } else if view.forced || view.switch.on(Mutant::SimpleAlwaysDealer) {
            (
                bid,
                "screw the dealer: the dealer must order the suit of the upcard's colour",
            )
        } else {
            (
                Action::Pass,
                "passes: no face or ace card of the suit of the upcard's colour",
            )
        }
    }

    /// The lowest card of hand + upcard, even the upcard, and the rule.
    pub fn discard_for(view: BidView) -> (Card, &'static str) {
        let trump = view.top().suit();
        let upcard = (!view.switch.on(Mutant::SimpleKeepsUpcard)).then(|| view.top());
        let c = view
            .hand
            .iter()
            .copied()
            .chain(upcard)
            .min_by(|a, b| a.cmp_trump_with(view.switch, *b, trump))
            .expect("a hand has cards");
        (c, "discards the lowest card of its hand and the upcard")
    }

    /// The card and the rule that chose it, from the few things it reads
    /// (a seat's [`Seen::for_play`], made without the whole observation).
    pub fn card_for(view: PlayView) -> (Card, &'static str) {
        // One check whether a mutant plays, not one per card compared.
        if view.switch.is_off() {
            Self::card_by_sets(view)
        } else {
            Self::card_with(view.switch, view)
        }
    }

    /// [`Simple::card_with`] when no mutant runs, with the hand as a set of
    /// bits: each choice is the highest or lowest bit of a suit's cards, not a
    /// comparison of every card (a test checks both give the same card).
    fn card_by_sets(view: PlayView) -> (Card, &'static str) {
        let trump = view.trump.expect("trump is made before play");
        let hand = view.hand.set();
        let trumps = CardSet::suit(trump, trump);
        match view.led() {
            None => match hand.without(trumps).highest(trump) {
                Some(c) => (c, "leads its highest non-trump card"),
                None => (
                    hand.highest(trump).expect("a hand has cards"),
                    "leads its highest trump: it holds only trump",
                ),
            },
            Some(led) => {
                let suit = led.effective_suit_with(Plain, trump);
                match hand.and(CardSet::suit(suit, trump)).highest(trump) {
                    Some(c) => (c, "follows suit with its highest card of the led suit"),
                    None => (
                        hand.lowest(trump).expect("a hand has cards"),
                        "cannot follow suit: plays its lowest card",
                    ),
                }
            }
        }
    }

    #[inline(always)]
    fn card_with<C: Checks>(k: C, view: PlayView) -> (Card, &'static str) {
        let trump = view.trump.expect("trump is made before play");
        let hand = view.hand;
        let first = k.on(Mutant::SuitTiesIgnored);
        match view.led() {
            // Lead the highest non-trump card, else the highest trump.
            None => match pick(
                hand,
                |c| !c.is_trump_with(k, trump),
                |c| c.value_with(k, trump, None),
                k.on(Mutant::SimpleLeadsLowest),
                first,
            ) {
                Some(c) => (c, "leads its highest non-trump card"),
                None => (
                    pick(
                        hand,
                        |_| true,
                        |c| c.value_with(k, trump, None),
                        false,
                        first,
                    )
                    .expect("a hand has cards"),
                    "leads its highest trump: it holds only trump",
                ),
            },
            // Follow with the highest card of the led suit, else the lowest card.
            Some(led) => {
                let suit = led.effective_suit_with(k, trump);
                // The led order as one key per card (cards are compared often).
                let key = Some(Card::led_suit_with(k, led, trump));
                let printed = k.on(Mutant::LeftBowerPrintedWhenFollowing);
                match pick(
                    hand,
                    |c| {
                        if printed && c.is_left_bower_with(k, trump) {
                            c.suit() == suit
                        } else {
                            c.effective_suit_with(k, trump) == suit
                        }
                    },
                    |c| c.value_with(k, trump, key),
                    k.on(Mutant::SimpleFollowsLowest),
                    first,
                ) {
                    Some(c) => (c, "follows suit with its highest card of the led suit"),
                    None => (
                        // The lowest: the greatest of the reversed key.
                        pick(
                            hand,
                            |_| true,
                            |c| u8::MAX - c.value_with(k, trump, key),
                            k.on(Mutant::SimpleThrowsHighest),
                            first,
                        )
                        .expect("a hand has cards"),
                        "cannot follow suit: plays its lowest card",
                    ),
                }
            }
        }
    }
}

impl Agent for Simple {
    fn stateless(&self) -> bool {
        true
    }

    fn choose(
        &mut self,
        view: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        Ok(explained(
            legal,
            || Self::bid_for(view.for_bid()),
            || Self::discard_for(view.for_bid()),
            || Self::card_for(view.for_play()),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::Hand;
    use upcard_engine::cards::Suit;

    fn cards(s: &str) -> Hand {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    fn view<'a>(hand: &'a Hand, upcard: &str, round: u8, forced: bool) -> Observation<'a> {
        Observation {
            seat: 1,
            hand,
            dealer: 0,
            upcard: Some(upcard.parse().unwrap()),
            round,
            forced,
            allow_alone: false,
            partner_order_alone: false,
            reneges_refused: false,
            trump: None,
            trump_round: 1,
            maker: None,
            alone: false,
            trick: &[],
            sitting_out: None,
            defender: None,
            played: &[],
            bids: &[],
            discard: None,
            upcard_taken: false,
            scores: [0, 0],
            tricks: [0; 4],
            makers_took: 0,
            scoring: upcard_engine::Scoring::STANDARD,
            hand_no: 0,
            switch: Switch::OFF,
        }
    }

    fn order(suit: Suit) -> Action {
        Action::Order { suit, alone: false }
    }

    #[test]
    fn round_one_needs_two_trump_face_cards_counting_the_left_bower() {
        let h = cards("JD QH 9S TS 9C"); // left bower + queen of hearts
        assert_eq!(
            Simple::choose_bid(&view(&h, "9H", 1, false)),
            order(Suit::Hearts)
        );
        let h = cards("JH 9H TH 9S TS"); // right bower only; nines and tens don't count
        assert_eq!(Simple::choose_bid(&view(&h, "AH", 1, false)), Action::Pass);
        let h = cards("KD QD 9S TS 9C"); // diamonds are not hearts
        assert_eq!(Simple::choose_bid(&view(&h, "9H", 1, false)), Action::Pass);
    }

    #[test]
    fn round_two_only_the_same_colour_suit() {
        // The jack of the upcard's suit is the left bower of next: it counts.
        let h = cards("JH 9S TS 9C TC");
        assert_eq!(
            Simple::choose_bid(&view(&h, "9H", 2, false)),
            order(Suit::Diamonds)
        );
        // Strong clubs but upcard hearts: clubs is never ordered.
        let h = cards("AC KC QC 9S TS");
        assert_eq!(Simple::choose_bid(&view(&h, "9H", 2, false)), Action::Pass);
        let h = cards("KD 9S TS 9C TC");
        assert_eq!(
            Simple::choose_bid(&view(&h, "9H", 2, false)),
            order(Suit::Diamonds)
        );
    }

    #[test]
    fn screw_the_dealer_orders_the_same_colour_suit() {
        let h = cards("9S TS 9C TC 9D");
        assert_eq!(
            Simple::choose_bid(&view(&h, "AS", 2, true)),
            order(Suit::Clubs)
        );
    }

    #[test]
    fn dealer_discards_the_lowest_card_even_the_upcard() {
        // Every card in hand is a higher trump: the upcard itself goes.
        let h = cards("JS JC AS KS QS");
        assert_eq!(
            Simple::choose_discard(&view(&h, "9S", 1, false)),
            "9S".parse().unwrap()
        );
        // A non-trump jack is lower than a trump nine.
        let h = cards("JH AS AC KD AD");
        assert_eq!(
            Simple::choose_discard(&view(&h, "9S", 1, false)),
            "JH".parse().unwrap()
        );
        let h = cards("9C AS AC KD AD");
        assert_eq!(
            Simple::choose_discard(&view(&h, "TS", 1, false)),
            "9C".parse().unwrap()
        );
        // With hearts trump, the jack of diamonds (left bower) is not the lowest.
        let h = cards("JD 9S TH QH KH");
        assert_eq!(
            Simple::choose_discard(&view(&h, "AH", 1, false)),
            "9S".parse().unwrap()
        );
    }

    fn play_view<'a>(hand: &'a Hand, trick: &'a [(usize, Card)], trump: Suit) -> Observation<'a> {
        Observation {
            trump: Some(trump),
            maker: Some(1),
            trick,
            ..view(hand, "9S", 0, false)
        }
    }

    #[test]
    fn lead_highest_non_trump_else_highest_trump() {
        let h = cards("AH JD 9C KS TD");
        // Hearts trump: JD is the left bower, so the highest non-trump is KS.
        assert_eq!(
            Simple::choose_card(&play_view(&h, &[], Suit::Hearts)),
            "KS".parse().unwrap()
        );
        let h = cards("9H JD AH");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &[], Suit::Hearts)),
            "JD".parse().unwrap()
        );
        let h = cards("9H JH JD");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &[], Suit::Hearts)),
            "JH".parse().unwrap()
        );
    }

    #[test]
    fn card_sets_choose_as_comparisons_do() {
        // Random hands of one to five cards, every trump, every led card or
        // none: the choice and its reason (and the strength a bid counts) by
        // sets equal those by comparing cards (a small generator: the same hands every run).
        let all: Vec<Card> = upcard_engine::cards::all_cards().collect();
        let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
        let mut next = |n: usize| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x % n as u64) as usize
        };
        for _ in 0..20_000 {
            let mut deck = all.clone();
            let size = 1 + next(5);
            let hand: Hand = (0..size).map(|_| deck.remove(next(deck.len()))).collect();
            let trump = Suit::ALL[next(4)];
            let led = deck[next(deck.len())];
            let trick = [(0, led)];
            for trick in [&trick[..], &[]] {
                let v = play_view(&hand, trick, trump);
                assert_eq!(
                    Simple::card_by_sets(PlayView::from(&v)),
                    Simple::card_with(Plain, PlayView::from(&v)),
                    "{hand:?} trump {trump} trick {trick:?}"
                );
            }
            // And the count of strong cards that decides a bid.
            assert_eq!(
                Simple::strong(Switch::OFF, &hand, trump),
                Simple::strong_by_comparison(Switch::OFF, &hand, trump),
                "{hand:?} trump {trump}"
            );
        }
    }

    #[test]
    fn follow_highest_of_led_suit_else_lowest_card() {
        let trick = [(0, "9D".parse().unwrap())];
        // Diamonds led, hearts trump: JD is trump and does not follow.
        let h = cards("JD TD QD AS");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &trick, Suit::Hearts)),
            "QD".parse().unwrap()
        );
        let h = cards("JD AS KC");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &trick, Suit::Hearts)),
            "KC".parse().unwrap()
        );
        // Left bower led: trump is led and the left bower holder must follow with trump.
        let trick = [(0, "JD".parse().unwrap())];
        let h = cards("9H AD AS");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &trick, Suit::Hearts)),
            "9H".parse().unwrap()
        );
        // Trump led, no trump: lowest card overall.
        let trick = [(0, "AH".parse().unwrap())];
        let h = cards("AD 9S TC");
        assert_eq!(
            Simple::choose_card(&play_view(&h, &trick, Suit::Hearts)),
            "9S".parse().unwrap()
        );
    }
}
