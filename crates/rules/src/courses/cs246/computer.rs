//! The CS 246 computer player (spec 2.2.2). Every choice returns the rule
//! that made it, so replay can say why.

use std::cmp::Reverse;

use crate::agents::{Agent, Decision, PlayerError, explained};
use upcard_engine::cards::{Card, Rank, Suit};
use upcard_engine::mutants::{Mutant, Switch};
use upcard_engine::{Action, EventSink, Observation, Seen, partner_of};

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
        view: &Seen,
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
