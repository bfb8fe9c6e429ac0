//! The CS 246 computer player (spec 2.2.2). Every choice returns the rule
//! that made it, so replay can say why.

use std::cmp::Reverse;

use crate::agents::{Agent, Decision, PlayerError, explained};
use upcard_engine::cards::{Card, Rank, Suit};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Action, EventSink, Observation, partner_of};

/// Strategy readings that the spec leaves open (see docs/cs246-rules.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Strategy {
    /// 2.2.2.2: the dealer counts the turned-down top card when declaring.
    pub dealer_counts_turned_down: bool,
    /// 2.2.2.5: the last player trumps with the lowest trump that takes the
    /// trick (true) or with its highest trump (false, the literal words).
    pub last_plays_lowest_winning_trump: bool,
}

impl Default for Strategy {
    fn default() -> Self {
        Strategy {
            dealer_counts_turned_down: true,
            last_plays_lowest_winning_trump: true,
        }
    }
}

/// Suit preference H > D > S > C: lower is preferred.
pub fn preference(s: Suit) -> u8 {
    match s {
        Suit::Hearts => 0,
        Suit::Diamonds => 1,
        Suit::Spades => 2,
        Suit::Clubs => 3,
    }
}

/// Suits in preference order.
pub const PREFERENCE: [Suit; 4] = [Suit::Hearts, Suit::Diamonds, Suit::Spades, Suit::Clubs];

/// Lowest rank, ties to the preferred suit.
fn lowest(cards: impl Iterator<Item = Card>) -> Option<Card> {
    cards.min_by_key(|c| (c.rank(), preference(c.suit())))
}

/// Highest rank, ties to the preferred suit.
fn highest(cards: impl Iterator<Item = Card>) -> Option<Card> {
    cards.min_by_key(|c| (Reverse(c.rank()), preference(c.suit())))
}

/// What a hand holds for a trump suit.
struct Count {
    right: bool,
    left: bool,
    trump: usize,
    trump_ace: bool,
    off_aces: usize,
    suits: usize,
}

fn count(sw: Switch, cards: &[Card], t: Suit) -> Count {
    let mut suits: Vec<Suit> = cards.iter().map(|c| c.effective_suit_with(sw, t)).collect();
    suits.sort();
    suits.dedup();
    Count {
        right: cards.iter().any(|c| c.is_right_bower(t)),
        left: cards.iter().any(|c| c.is_left_bower_with(sw, t)),
        trump: cards.iter().filter(|c| c.is_trump_with(sw, t)).count(),
        trump_ace: cards.contains(&Card::new(Rank::Ace, t)),
        off_aces: cards
            .iter()
            .filter(|c| c.rank() == Rank::Ace && c.suit() != t)
            .count(),
        suits: suits.len(),
    }
}

fn order(suit: Suit, alone: bool) -> Action {
    Action::Order { suit, alone }
}

/// 2.2.2.1: accepting the top card of the kitty.
pub fn round_one(view: &Observation) -> (Action, &'static str) {
    let sw = view.switch;
    let t = view.top().suit();
    let dealer = view.seat == view.dealer;
    let mut cards = view.hand.to_vec();
    if dealer && !sw.on(Mutant::ComputerIgnoresTopCard) {
        cards.push(view.top());
    }
    let k = count(sw, &cards, t);
    let aces = k.off_aces >= 1;
    if !dealer && partner_of(view.seat) == view.dealer {
        let both = k.right && k.left && (k.trump_ace || aces);
        let left = k.left && (k.trump >= 3 || (k.trump >= 2 && aces));
        if both || left {
            return (
                order(t, true),
                "2.2.2.1 orders up its partner, the dealer, and so goes alone",
            );
        }
        return (
            Action::Pass,
            "2.2.2.1 passes: too weak to order up its partner alone",
        );
    }
    if !dealer {
        if k.right && k.left && aces && k.trump >= 3 {
            return (
                order(t, true),
                "2.2.2.1 orders up the dealer alone: both bowers, another trump and an outside ace",
            );
        }
        if k.right && k.trump >= 2 && aces {
            return (
                order(t, false),
                "2.2.2.1 orders up the dealer: the right bower, another trump and an outside ace",
            );
        }
        return (
            Action::Pass,
            "2.2.2.1 passes: no right bower with another trump and an outside ace",
        );
    }
    if k.right && (k.trump >= 4 || (k.trump >= 3 && aces)) {
        return (
            order(t, true),
            "2.2.2.1 the dealer picks up and goes alone: the right bower and enough trump",
        );
    }
    let right = k.right && (k.trump >= 3 || (k.trump >= 2 && aces));
    let left = k.left && (k.trump >= 3 || (k.trump >= 2 && aces));
    if right || left {
        return (
            order(t, false),
            "2.2.2.1 the dealer picks up: a bower with enough trump",
        );
    }
    (
        Action::Pass,
        "2.2.2.1 the dealer passes: not enough trump with the top card",
    )
}

/// 2.2.2.2: declaring a suit other than the turned-down one.
pub fn round_two(view: &Observation, strategy: Strategy) -> (Action, &'static str) {
    let sw = view.switch;
    let down = view.top().suit();
    let mut cards = view.hand.to_vec();
    if view.seat == view.dealer && strategy.dealer_counts_turned_down {
        cards.push(view.top());
    }
    let mut preference = PREFERENCE;
    if sw.on(Mutant::ComputerPreferenceReversed) {
        preference.reverse();
    }
    let candidates = preference.into_iter().filter(|&s| s != down);
    for t in candidates.clone() {
        let k = count(sw, &cards, t);
        if k.right && k.left && (k.trump >= 3 || k.suits <= 2 || k.off_aces >= 1) {
            return (
                order(t, true),
                "2.2.2.2 declares and goes alone: both bowers and strength (H > D > S > C)",
            );
        }
    }
    for t in candidates.clone() {
        let k = count(sw, &cards, t);
        let aces = k.off_aces >= 1;
        let right = k.right && (k.trump >= 3 || (k.trump >= 2 && aces));
        let left = k.left && (k.trump >= 4 || (k.trump >= 3 && aces));
        let five = !k.right && !k.left && k.trump >= 5;
        if right || left || five {
            return (
                order(t, false),
                "2.2.2.2 declares trump: a bower with enough trump, or five trump (H > D > S > C)",
            );
        }
    }
    if view.forced && sw.on(Mutant::ScrewTheDealer) {
        // A program with this bug must name a suit: its most preferred one.
        let first = candidates.clone().next().unwrap_or(down.next());
        return (order(first, false), "the dealer must declare a suit");
    }
    (Action::Pass, "2.2.2.2 passes: no suit is strong enough")
}

/// 2.2.2.3: the lowest non-trump card (ties H > D > S > C), else the lowest trump.
pub fn discard(view: &Observation) -> (Card, &'static str) {
    let sw = view.switch;
    let t = view.top().suit();
    let cards = view.hand.iter().copied().chain([view.top()]);
    let off = cards.clone().filter(|c| !c.is_trump_with(sw, t));
    let off = if sw.on(Mutant::ComputerDiscardsHighest) {
        highest(off)
    } else {
        lowest(off)
    };
    if let Some(c) = off {
        return (c, "2.2.2.3 discards its lowest non-trump card");
    }
    let c = cards
        .min_by(|a, b| a.cmp_trump_with(sw, *b, t))
        .expect("cards");
    (
        c,
        "2.2.2.3 discards its lowest trump: all its cards are trump",
    )
}

/// 2.2.2.4: leading a trick.
pub fn lead(view: &Observation) -> (Card, &'static str) {
    let sw = view.switch;
    let t = view.trump.expect("trump before play");
    let hand = view.hand.iter().copied();
    let trumps = || hand.clone().filter(|c| c.is_trump_with(sw, t));
    let off = || hand.clone().filter(|c| !c.is_trump_with(sw, t));
    let aces = || off().filter(|c| c.rank() == Rank::Ace);
    let maker = view.maker.expect("maker before play");
    if maker == view.seat {
        let top = if sw.on(Mutant::ComputerLeadsLowestTrump) {
            trumps().min_by(|a, b| a.cmp_trump_with(sw, *b, t))
        } else {
            trumps().max_by(|a, b| a.cmp_trump_with(sw, *b, t))
        };
        if let Some(c) = top {
            return (c, "2.2.2.4 leads its highest trump: it called trump");
        }
        if let Some(c) = lowest(aces()) {
            return (
                c,
                "2.2.2.4 leads an off-suit ace: it called trump and has no trump left",
            );
        }
        let c = highest(hand).expect("cards");
        return (
            c,
            "2.2.2.4 leads its highest card: it called trump and has no trump or ace",
        );
    }
    if maker == partner_of(view.seat) {
        if let Some(c) = trumps().find(|c| c.is_right_bower(t)) {
            return (
                c,
                "2.2.2.4 leads the right bower to show its partner, who called trump",
            );
        }
        if let Some(c) = trumps().min_by(|a, b| a.cmp_trump_with(sw, *b, t)) {
            return (
                c,
                "2.2.2.4 leads its lowest trump to flush out the opponents' trump",
            );
        }
        if let Some(c) = lowest(aces()) {
            return (c, "2.2.2.4 leads an outside ace to show it to its partner");
        }
        if let Some(c) = lowest(off().filter(|c| c.suit().is_red() != t.is_red())) {
            return (
                c,
                "2.2.2.4 leads its lowest card of the colour opposite to trump",
            );
        }
        let c = lowest(off()).expect("cards");
        return (c, "2.2.2.4 leads its lowest card of trump's colour");
    }
    if trumps().any(|c| c.is_right_bower(t))
        && let Some(c) = lowest(aces())
    {
        return (
            c,
            "2.2.2.4 leads an outside ace: it holds the right bower for a second trick",
        );
    }
    if let Some(c) = highest(off()) {
        return (
            c,
            "2.2.2.4 leads its highest off-suit card against the makers",
        );
    }
    let c = trumps()
        .max_by(|a, b| a.cmp_trump_with(sw, *b, t))
        .expect("cards");
    (c, "2.2.2.4 leads its highest trump: it holds only trump")
}

/// Throwing off (2.2.2.5): void a suit if possible, else the smallest off-suit
/// card (ties H > D > S > C); with only trump, the lowest trump.
fn throw_off(sw: Switch, hand: &[Card], t: Suit) -> (Card, &'static str) {
    let off: Vec<Card> = hand
        .iter()
        .copied()
        .filter(|c| !c.is_trump_with(sw, t))
        .collect();
    if off.is_empty() {
        let c = hand
            .iter()
            .copied()
            .min_by(|a, b| a.cmp_trump_with(sw, *b, t))
            .expect("cards");
        return (c, "2.2.2.5 plays its lowest trump: it holds only trump");
    }
    let single = off
        .iter()
        .copied()
        .filter(|c| off.iter().filter(|d| d.suit() == c.suit()).count() == 1);
    if let Some(c) = lowest(single) {
        return (c, "2.2.2.5 throws off to void itself in a suit");
    }
    let c = lowest(off.into_iter()).expect("cards");
    (c, "2.2.2.5 throws off its smallest off-suit card")
}

/// 2.2.2.5: playing to a trick that was led.
pub fn follow(view: &Observation, strategy: Strategy) -> (Card, &'static str) {
    let sw = view.switch;
    let t = view.trump.expect("trump before play");
    let led = view.led().expect("a led card");
    let suit = led.effective_suit_with(sw, t);
    let (win_seat, win_card) = view.winning().expect("a led card");
    let partner_has_it = win_seat == partner_of(view.seat);
    let alone = view.alone && view.maker == Some(view.seat);
    let contest = alone || !partner_has_it;
    let beats = |c: &Card| c.cmp_led_with(sw, win_card, led, t).is_gt();
    let follow: Vec<Card> = view
        .hand
        .iter()
        .copied()
        .filter(|c| c.effective_suit_with(sw, t) == suit)
        .collect();
    let hi = follow
        .iter()
        .copied()
        .max_by(|a, b| a.cmp_led_with(sw, *b, led, t));
    let lo = follow
        .iter()
        .copied()
        .min_by(|a, b| a.cmp_led_with(sw, *b, led, t));
    if let (Some(hi), Some(lo)) = (hi, lo) {
        if contest {
            if beats(&hi) {
                return (
                    hi,
                    "2.2.2.5 follows suit with its highest card to take the trick",
                );
            }
            return (
                lo,
                "2.2.2.5 follows suit with its lowest card: it cannot take the trick",
            );
        }
        if follow
            .iter()
            .any(|c| c.cmp_led_with(sw, win_card, led, t).is_lt())
        {
            return (
                lo,
                "2.2.2.5 follows suit low under its partner, who has the trick",
            );
        }
        return (
            hi,
            "2.2.2.5 follows suit with its highest card: none is lower than its partner's",
        );
    }
    if contest && let Some(played) = trump_in(view, strategy, beats) {
        return played;
    }
    throw_off(sw, view.hand, t)
}

/// 2.2.2.5, unable to follow and contesting the trick: the trump that
/// takes it, if one does.
fn trump_in(
    view: &Observation,
    strategy: Strategy,
    beats: impl Fn(&Card) -> bool,
) -> Option<(Card, &'static str)> {
    let sw = view.switch;
    let t = view.trump.expect("trump before play");
    let trumps: Vec<Card> = view
        .hand
        .iter()
        .copied()
        .filter(|c| c.is_trump_with(sw, t))
        .collect();
    if view.last_to_play() && strategy.last_plays_lowest_winning_trump {
        let win = trumps
            .iter()
            .copied()
            .filter(|c| beats(c))
            .min_by(|a, b| a.cmp_trump_with(sw, *b, t));
        return win.map(|c| {
            (
                c,
                "2.2.2.5 plays last: the lowest trump that takes the trick",
            )
        });
    }
    let top = trumps
        .iter()
        .copied()
        .max_by(|a, b| a.cmp_trump_with(sw, *b, t));
    top.filter(|c| beats(c))
        .map(|c| (c, "2.2.2.5 trumps with its highest trump to take the trick"))
}

/// The computer player: the spec's strategy, nothing printed.
#[derive(Clone, Copy, Debug, Default)]
pub struct Computer {
    pub strategy: Strategy,
}

impl Computer {
    pub fn bid_why(&self, view: &Observation) -> (Action, &'static str) {
        if view.round == 1 {
            round_one(view)
        } else {
            round_two(view, self.strategy)
        }
    }

    pub fn discard_why(&self, view: &Observation) -> (Card, &'static str) {
        discard(view)
    }

    pub fn play_why(&self, view: &Observation) -> (Card, &'static str) {
        if view.trick.is_empty() {
            lead(view)
        } else {
            follow(view, self.strategy)
        }
    }
}

impl Agent for Computer {
    fn stateless(&self) -> bool {
        true
    }

    fn choose(
        &mut self,
        view: &Observation,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        Ok(explained(
            legal,
            || self.bid_why(view),
            || self.discard_why(view),
            || self.play_why(view),
        ))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::Hand;
    use upcard_engine::Seat;

    fn cards(s: &str) -> Hand {
        s.split_whitespace().map(|c| c.parse().unwrap()).collect()
    }

    fn c(s: &str) -> Card {
        s.parse().unwrap()
    }

    /// Seat 1 deciding; `dealer` and `upcard` as given.
    fn bid_view<'a>(
        hand: &'a Hand,
        seat: Seat,
        dealer: Seat,
        upcard: &str,
        round: u8,
    ) -> Observation<'a> {
        Observation {
            seat,
            hand,
            dealer,
            upcard: Some(c(upcard)),
            round,
            forced: false,
            allow_alone: true,
            partner_order_alone: false,
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

    fn play_view<'a>(
        hand: &'a Hand,
        seat: Seat,
        trump: Suit,
        maker: Seat,
        trick: &'a [(Seat, Card)],
    ) -> Observation<'a> {
        Observation {
            trump: Some(trump),
            maker: Some(maker),
            trick,
            ..bid_view(hand, seat, 0, "9S", 0)
        }
    }

    fn o(suit: Suit, alone: bool) -> Action {
        Action::Order { suit, alone }
    }

    #[test]
    fn r1_partner_is_dealer_orders_up_alone_or_passes() {
        // Seat 2, dealer 0 (partner). Both bowers + outside ace.
        let h = cards("JH JD AS 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 2, 0, "9H", 1)).0,
            o(Suit::Hearts, true)
        );
        // Left bower + 2 more trump.
        let h = cards("JD 9H TH 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 2, 0, "QH", 1)).0,
            o(Suit::Hearts, true)
        );
        // Left bower + 1 trump + outside ace.
        let h = cards("JD 9H AC 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 2, 0, "QH", 1)).0,
            o(Suit::Hearts, true)
        );
        // Right bower + other trump + ace, but no left bower: never orders its partner.
        let h = cards("JH 9H AC 9C TC");
        assert_eq!(round_one(&bid_view(&h, 2, 0, "QH", 1)).0, Action::Pass);
    }

    #[test]
    fn r1_neither_dealer_orders_alone_orders_or_passes() {
        let h = cards("JH JD 9H AS 9C");
        assert_eq!(
            round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
            o(Suit::Hearts, true)
        );
        // Both bowers and an ace but no third trump: not alone; right + trump + ace: order.
        let h = cards("JH JD AS 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
            o(Suit::Hearts, false)
        );
        let h = cards("JH 9H AS 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 1, 0, "QH", 1)).0,
            o(Suit::Hearts, false)
        );
        // No outside ace.
        let h = cards("JH 9H KS 9C TC");
        assert_eq!(round_one(&bid_view(&h, 1, 0, "QH", 1)).0, Action::Pass);
    }

    #[test]
    fn r1_dealer_counts_the_top_card() {
        // Dealer 0 with right bower + 2 trump in hand + top card = 3 other trump: alone.
        let h = cards("JH 9H TH 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
            o(Suit::Hearts, true)
        );
        // Right bower + 1 trump in hand + top card = 2 other trump, no ace: picks up.
        let h = cards("JH 9H KS 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
            o(Suit::Hearts, false)
        );
        // Left bower + top card + ace.
        let h = cards("JD AS KS 9C TC");
        assert_eq!(
            round_one(&bid_view(&h, 0, 0, "QH", 1)).0,
            o(Suit::Hearts, false)
        );
        let h = cards("JD KS QS 9C TC");
        assert_eq!(round_one(&bid_view(&h, 0, 0, "QH", 1)).0, Action::Pass);
    }

    #[test]
    fn r2_prefers_alone_then_h_d_s_c() {
        // Footnote 5: {JH JD AH AD 9C}, 9S turned down: hearts alone.
        let h = cards("JH JD AH AD 9C");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9S", 2), Strategy::default()).0,
            o(Suit::Hearts, true)
        );
        // Both bowers, only two suits: spades and clubs both qualify; S before C.
        let h = cards("JC JS 9H TH QH");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            o(Suit::Spades, true)
        );
        // Right + 2 other trump: declares, not alone.
        let h = cards("JS 9S TS 9H KD");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            o(Suit::Spades, false)
        );
        // Left + 2 other trump + ace.
        let h = cards("JC 9S TS AH KD");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            o(Suit::Spades, false)
        );
        // Five trump, no bowers.
        let h = cards("AC KC QC TC 9C");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            o(Suit::Clubs, false)
        );
        // Never the turned-down suit.
        let h = cards("JD JH AD KD QD");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            o(Suit::Hearts, true)
        );
        let h = cards("9S TS 9H KD QC");
        assert_eq!(
            round_two(&bid_view(&h, 1, 0, "9D", 2), Strategy::default()).0,
            Action::Pass
        );
    }

    #[test]
    fn r2_dealer_turned_down_card_option() {
        // Dealer 0 holds JS 9S + KS; the turned-down 9H is no spade, but counts as an
        // outside ... card only; with JS TS and the turned-down AS (not possible: it
        // is the turned-down suit). Use an outside ace as the turned-down card's effect:
        let h = cards("JS 9S QD 9C TC");
        let v = bid_view(&h, 0, 0, "AH", 2);
        // Counting AH as an outside ace: right + 1 trump + ace → spades.
        assert_eq!(round_two(&v, Strategy::default()).0, o(Suit::Spades, false));
        let literal_off = Strategy {
            dealer_counts_turned_down: false,
            ..Strategy::default()
        };
        assert_eq!(round_two(&v, literal_off).0, Action::Pass);
    }

    #[test]
    fn discard_lowest_non_trump_with_preference() {
        let h = cards("9S 9D AH KH QH");
        // Trump hearts: 9D and 9S tie; D before S.
        assert_eq!(discard(&bid_view(&h, 0, 0, "TH", 1)).0, c("9D"));
        let h = cards("JH JD AH KH QH");
        assert_eq!(discard(&bid_view(&h, 0, 0, "TH", 1)).0, c("TH"));
    }

    #[test]
    fn lead_when_it_called() {
        let h = cards("9H JD AS KC");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("JD"));
        let h = cards("AS AD KC");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("AD"));
        let h = cards("KS QD KC");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 1, &[])).0, c("KS"));
    }

    #[test]
    fn lead_when_partner_called() {
        let h = cards("JH 9H AS");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("JH"));
        let h = cards("AH 9H AS");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("9H"));
        let h = cards("AS KC 9D");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("AS"));
        // No trump, no ace: lowest of the opposite colour (spades, clubs).
        let h = cards("KS TC 9D");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("TC"));
        let h = cards("KD QD");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 3, &[])).0, c("QD"));
    }

    #[test]
    fn lead_against_the_makers() {
        let h = cards("JH AS AC 9H");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("AS"));
        let h = cards("9H KS KD QC");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("KD"));
        let h = cards("9H JD");
        assert_eq!(lead(&play_view(&h, 1, Suit::Hearts, 0, &[])).0, c("JD"));
    }

    #[test]
    fn follow_suit_take_or_duck() {
        let s = Strategy::default();
        // Opponent (seat 0) leads KS; seat 1 can take with AS.
        let trick = [(0, c("KS"))];
        let h = cards("AS 9S 9H");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("AS")
        );
        let trick = [(0, c("AS"))];
        let h = cards("KS 9S 9H");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("9S")
        );
        // Partner (seat 3) has the trick with KS: play under it.
        let trick = [(3, c("KS")), (0, c("9S"))];
        let h = cards("AS TS 9H");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("TS")
        );
        // No lower card: highest.
        let trick = [(2, c("TS")), (3, c("9S"))];
        let h = cards("AS KS");
        let v = play_view(&h, 1, Suit::Hearts, 1, &trick);
        // Seat 1's partner is 3, who does not have the trick (TS beats 9S): take it.
        assert_eq!(follow(&v, s).0, c("AS"));
        let trick = [(2, c("9S")), (3, c("AS"))];
        let h = cards("KS QS");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 1, &trick), s).0,
            c("QS")
        );
    }

    #[test]
    fn cannot_follow_trump_or_throw_off() {
        let s = Strategy::default();
        // Not last, has trump: highest trump if it takes the trick.
        let trick = [(0, c("AS"))];
        let h = cards("9H KH 9C");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("KH")
        );
        // Last: the lowest trump that takes it.
        let trick = [(2, c("AS")), (3, c("9S")), (0, c("TH"))];
        let h = cards("9H QH AH 9C");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("QH")
        );
        let literal = Strategy {
            last_plays_lowest_winning_trump: false,
            ..s
        };
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), literal).0,
            c("AH")
        );
        // No trump: void a suit (the singleton), not the lowest card.
        let trick = [(0, c("AS"))];
        let h = cards("9C TC KD");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("KD")
        );
        // Partner has the trick: throw off; only trump: lowest trump.
        let trick = [(3, c("AS")), (0, c("9S"))];
        let h = cards("9D 9C");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("9D")
        );
        let h = cards("AH 9H");
        assert_eq!(
            follow(&play_view(&h, 1, Suit::Hearts, 0, &trick), s).0,
            c("9H")
        );
    }

    #[test]
    fn last_to_play_counts_the_seats_that_play_not_the_cards() {
        // Every leader, with nobody or any one seat sitting out: walking the
        // seats that play from the leader, only the final one is last.
        for out in [None, Some(0), Some(1), Some(2), Some(3)] {
            for leader in (0..4).filter(|&s| Some(s) != out) {
                let order: Vec<Seat> = (0..4)
                    .map(|i| (leader + i) % 4)
                    .filter(|&s| Some(s) != out)
                    .collect();
                let played: Vec<(Seat, Card)> = order.iter().map(|&s| (s, c("9C"))).collect();
                for (i, &seat) in order.iter().enumerate() {
                    let h = cards("9H");
                    let mut v = play_view(&h, seat, Suit::Hearts, 0, &played[..i]);
                    v.sitting_out = out;
                    let rest: Vec<Seat> = v.still_to_play().collect();
                    assert_eq!(
                        rest,
                        order[i + 1..],
                        "leader {leader} out {out:?} seat {seat}"
                    );
                    assert_eq!(v.last_to_play(), i + 1 == order.len());
                }
            }
        }
    }

    #[test]
    fn a_lone_maker_playing_third_is_last_and_trumps_low() {
        // Seed 2, hand 1 (issue 11): player 0 alone in diamonds, player 2 out;
        // player 1 leads AS, player 3 throws TC, player 0 cannot follow.
        let trick = [(1, c("AS")), (3, c("TC"))];
        let h = cards("JD AC 9D KC QD");
        let mut v = play_view(&h, 0, Suit::Diamonds, 0, &trick);
        v.alone = true;
        v.sitting_out = Some(2);
        assert!(v.last_to_play());
        let (card, why) = follow(&v, Strategy::default());
        assert_eq!(card, c("9D"));
        assert_eq!(
            why,
            "2.2.2.5 plays last: the lowest trump that takes the trick"
        );
        let literal = Strategy {
            last_plays_lowest_winning_trump: false,
            ..Strategy::default()
        };
        assert_eq!(follow(&v, literal).0, c("JD"));
    }
}
