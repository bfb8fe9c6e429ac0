//! The Simple player's functions on situations the engine draws (seeded:
//! the same cases every run), each against the engine's Simple: its
//! `make_trump` for every upcard, both rounds, dealer or not; its
//! `add_and_discard`; and its `lead_card` and `play_card`, called until its
//! hand is empty. A case is a line of the harness's standard input
//! (harness/player.cpp).

use std::sync::Arc;

use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::Switch;
use upcard_engine::{Action, BidView, DEFAULT_ORDER, Deck, Hand, PlayView};
use upcard_rules::courses::eecs280::Simple;

use super::function::{Class, Function, exactly};
use super::words::{card_answer, cards_words, list, long, suit};

/// Each function's seed: its cases are the same on every run.
const SEED: u64 = 0x0280_5e4d;

/// Hands drawn for each upcard, round and dealer (make_trump), each upcard
/// (add_and_discard), and each hand size and trump (lead_card, play_card).
const BIDS: usize = 6;
const DISCARDS: usize = 10;
const PLAYS: usize = 20;
/// Hands of each kind drawn from the cards where random draws rarely go.
const EDGES: usize = 2;

/// One situation: the hand, and the card it meets (upcard or led card).
#[derive(Clone)]
struct Case {
    hand: Vec<Card>,
    card: Card,
    trump: Suit,
    dealer: bool,
    round: u8,
}

pub(super) fn index(c: Card) -> usize {
    c.plain_index() as usize
}

/// `n` cards drawn by the engine, none of them `not`.
fn draw(deck: &mut Deck, n: usize, not: Option<Card>) -> (Vec<Card>, Card) {
    let cards = deck.next_deck(Switch::OFF);
    let mut rest = cards.into_iter().filter(|c| Some(*c) != not);
    let hand: Vec<Card> = rest.by_ref().take(n).collect();
    let other = rest.next().expect("24 cards are more than six");
    (hand, other)
}

/// `n` cards drawn by the engine from those `pool` keeps (it keeps at
/// least `n`): the hands random draws rarely give (every card trump, the
/// upcard below all five).
fn draw_from(deck: &mut Deck, n: usize, pool: impl Fn(Card) -> bool) -> Vec<Card> {
    let cards = deck.next_deck(Switch::OFF);
    cards.into_iter().filter(|&c| pool(c)).take(n).collect()
}

/// Whether `pool` keeps at least `n` of the 24 cards.
fn enough(n: usize, pool: impl Fn(Card) -> bool) -> bool {
    (0..24).map(super::words::card).filter(|&c| pool(c)).count() >= n
}

fn hand_of(cards: &[Card]) -> Hand {
    let mut h = Hand::new();
    for &c in cards {
        h.push(c);
    }
    h
}

/// Cards as the harness reads them: their indices, space-separated.
pub(super) fn numbers(cards: &[Card]) -> String {
    let n: Vec<String> = cards.iter().map(|&c| index(c).to_string()).collect();
    n.join(" ")
}

fn answers(cards: &[Card]) -> String {
    let a: Vec<String> = cards.iter().map(|&c| card_answer(c)).collect();
    a.join(" ")
}

/// The cards of an answer line ("R S R S ..."), as pairs of words.
fn pairs(line: &str) -> Vec<String> {
    let w: Vec<&str> = line.split(' ').collect();
    w.chunks(2).map(|p| p.join(" ")).collect()
}

/// Where two sequence answers first differ (their first card: 0).
fn first_difference(got: &str, want: &str) -> usize {
    let (g, w) = (pairs(got), pairs(want));
    (0..w.len()).find(|&k| g.get(k) != w.get(k)).unwrap_or(0)
}

/// The engine's Simple's bid, and its rule.
fn bid(c: &Case) -> (String, &'static str) {
    let hand = hand_of(&c.hand);
    let view = BidView {
        hand: &hand,
        upcard: Some(c.card),
        round: c.round,
        forced: c.dealer && c.round == 2,
        switch: Switch::OFF,
    };
    let (action, rule) = Simple::bid_for(view);
    let answer = match action {
        Action::Order { suit, .. } => format!("1 {}", suit as usize),
        _ => "0".into(),
    };
    (answer, rule)
}

fn bid_words(answer: &str) -> String {
    match answer.split_once(' ') {
        Some(("1", s)) => format!("orders up {}", super::words::suit_words(s)),
        None if answer == "0" => "passes".into(),
        _ => format!("answers {answer:?}"),
    }
}

fn make_trump() -> Function {
    let mut deck = Deck::quick(SEED, DEFAULT_ORDER);
    let mut cases = Vec::new();
    for up in (0..24).map(super::words::card) {
        for round in 1..=2 {
            for dealer in [false, true] {
                for k in 0..BIDS + EDGES {
                    // The last hands: of the upcard's colour only, where
                    // the bowers and the face cards decide.
                    let hand = if k < BIDS {
                        draw(&mut deck, 5, Some(up)).0
                    } else {
                        draw_from(&mut deck, 5, |c| {
                            c != up && c.suit().is_red() == up.suit().is_red()
                        })
                    };
                    cases.push(Case {
                        hand,
                        card: up,
                        trump: up.suit(),
                        dealer,
                        round,
                    });
                }
            }
        }
    }
    let input: String = cases
        .iter()
        .map(|c| {
            format!(
                "{} {} {} {}\n",
                numbers(&c.hand),
                index(c.card),
                u8::from(c.dealer),
                c.round
            )
        })
        .collect();
    let cases = Arc::new(cases);
    let (said, called) = (cases.clone(), cases.clone());
    let call = move |c: &Case| {
        format!(
            "make_trump({}, is_dealer {}, round {}) with the hand {}",
            c.card.long(),
            c.dealer,
            c.round,
            list(&c.hand)
        )
    };
    Function {
        class: Class::Player,
        name: "make_trump",
        title: "Simple make_trump".into(),
        input,
        expected: cases.iter().map(|c| bid(c).0).collect(),
        call: Box::new(move |i| call(&called[i])),
        say: Box::new(move |i, got, want| {
            let c = &said[i];
            format!(
                "`{}` {}; it should be that it {}: the Simple player {}",
                call(c),
                bid_words(got),
                bid_words(want),
                bid(c).1
            )
        }),
        size: |_, _, _| 5,
        same: exactly,
    }
}

/// The hand the Simple player keeps after picking up the upcard, and the card it discards.
fn kept(c: &Case) -> (Vec<Card>, Card) {
    let hand = hand_of(&c.hand);
    let view = BidView {
        hand: &hand,
        upcard: Some(c.card),
        round: 1,
        forced: false,
        switch: Switch::OFF,
    };
    let (out, _) = Simple::discard_for(view);
    let mut keep: Vec<Card> = c.hand.iter().copied().chain([c.card]).collect();
    keep.retain(|&k| k != out);
    keep.sort_by_key(|&k| index(k));
    (keep, out)
}

/// Two hands as sets of cards.
fn same_cards(got: &str, want: &str) -> bool {
    let (mut g, mut w) = (pairs(got), pairs(want));
    g.sort();
    w.sort();
    g == w
}

fn add_and_discard() -> Function {
    let mut deck = Deck::quick(SEED + 1, DEFAULT_ORDER);
    let mut cases = Vec::new();
    for up in (0..24).map(super::words::card) {
        let above = |c: Card| c != up && c.cmp_trump(up, up.suit()).is_gt();
        let low = enough(5, above);
        for k in 0..DISCARDS + EDGES {
            // The last hands: all five above the upcard (it is the lowest,
            // and discarded), where five such cards exist; else all trump.
            let hand = match k {
                k if k < DISCARDS => draw(&mut deck, 5, Some(up)).0,
                _ if low => draw_from(&mut deck, 5, above),
                _ => draw_from(&mut deck, 5, |c| c != up && c.is_trump(up.suit())),
            };
            cases.push(Case {
                hand,
                card: up,
                trump: up.suit(),
                dealer: true,
                round: 1,
            });
        }
    }
    let input: String = cases
        .iter()
        .map(|c| format!("{} {}\n", numbers(&c.hand), index(c.card)))
        .collect();
    let cases = Arc::new(cases);
    let (said, called) = (cases.clone(), cases.clone());
    let call = |c: &Case| {
        format!(
            "add_and_discard({}) with the hand {}",
            c.card.long(),
            list(&c.hand)
        )
    };
    Function {
        class: Class::Player,
        name: "add_and_discard",
        title: "Simple add_and_discard".into(),
        input,
        expected: cases.iter().map(|c| answers(&kept(c).0)).collect(),
        call: Box::new(move |i| call(&called[i])),
        say: Box::new(move |i, got, want| {
            let c = &said[i];
            let mut cards = pairs(got);
            cards.sort();
            if let Some(twice) = cards.windows(2).find(|w| w[0] == w[1]) {
                return format!(
                    "after `{}` its hand cannot be read back: lead_card gave {} more than once (lead_card does not remove the card it leads)",
                    call(c),
                    super::words::card_words(&twice[0])
                );
            }
            format!(
                "after `{}` its hand (led back with lead_card) is {}; it should be {}: the Simple player discards the lowest card of its hand and the upcard with {} trump, here {}",
                call(c),
                cards_words(got),
                cards_words(want),
                c.trump,
                long(kept(c).1)
            )
        }),
        size: |_, _, _| 5,
        same: same_cards,
    }
}

/// The engine's Simple's cards, called until its hand is empty: each card
/// and its rule, and the hand it chose from.
fn plays(c: &Case, led: bool) -> Vec<(Card, &'static str, Vec<Card>)> {
    let mut hand = c.hand.clone();
    let trick = [(0, c.card)];
    let mut out = Vec::new();
    while !hand.is_empty() {
        let h = hand_of(&hand);
        let view = PlayView {
            hand: &h,
            trump: Some(c.trump),
            trick: if led { &trick } else { &[] },
            switch: Switch::OFF,
        };
        let (card, rule) = Simple::card_for(view);
        out.push((card, rule, hand.clone()));
        hand.retain(|&k| k != card);
    }
    out
}

/// A sequence case as the harness reads it: `N CARDS [LED] TRUMP`.
fn sequence_line(c: &Case, led: bool) -> String {
    let led_card = if led {
        format!("{} ", index(c.card))
    } else {
        String::new()
    };
    format!(
        "{} {} {led_card}{}\n",
        c.hand.len(),
        numbers(&c.hand),
        c.trump as usize
    )
}

/// A call of lead_card or play_card with `hand`, in the course's words.
fn sequence_call(c: &Case, led: bool, hand: &[Card]) -> String {
    let (name, args) = if led {
        ("play_card", format!("{}, {}", c.card.long(), c.trump))
    } else {
        ("lead_card", c.trump.to_string())
    };
    format!("{name}({args}) with the hand {}", list(hand))
}

/// A wrong sequence said at its first wrong card, with the hand then.
fn say_sequence(c: &Case, led: bool, got: &str, want: &str) -> String {
    let k = first_difference(got, want);
    let p = plays(c, led);
    let (right, rule, hand) = &p[k.min(p.len() - 1)];
    let got_card = pairs(got).get(k).cloned().unwrap_or_default();
    let gone = if p.iter().take(k).any(|q| card_answer(q.0) == got_card) {
        " (played already: lead_card and play_card remove the card from the hand)"
    } else {
        ""
    };
    let before = if k == 0 {
        String::new()
    } else {
        format!(" (after {k} right)")
    };
    format!(
        "`{}`{before} gives {}{gone}; it should give {}: the Simple player {rule}",
        sequence_call(c, led, hand),
        super::words::card_words(&got_card),
        long(*right)
    )
}

/// lead_card (`led` false) or play_card (true): hands of one to five
/// cards, each trump, called until the hand is empty.
fn sequence(led: bool) -> Function {
    let mut deck = Deck::quick(SEED + 2 + u64::from(led), DEFAULT_ORDER);
    let mut cases = Vec::new();
    for n in 1..=5 {
        for trump in (0..4).map(suit) {
            for k in 0..PLAYS + EDGES {
                // The last hands: all trump (leading), or the left bower
                // led to a hand of trump and its printed suit (following).
                let left = Card::new(upcard_engine::cards::Rank::Jack, trump.next());
                let (hand, other) = match (k < PLAYS, led) {
                    (true, _) => draw(&mut deck, n, None),
                    (false, false) => (draw_from(&mut deck, n, |c| c.is_trump(trump)), left),
                    (false, true) => (
                        draw_from(&mut deck, n, |c| {
                            c != left && (c.is_trump(trump) || c.suit() == trump.next())
                        }),
                        left,
                    ),
                };
                cases.push(Case {
                    hand,
                    card: other,
                    trump,
                    dealer: false,
                    round: 1,
                });
            }
        }
    }
    let input: String = cases.iter().map(|c| sequence_line(c, led)).collect();
    let cases = Arc::new(cases);
    let (said, called) = (cases.clone(), cases.clone());
    let name = if led { "play_card" } else { "lead_card" };
    Function {
        class: Class::Player,
        name,
        title: format!("Simple {name}"),
        input,
        expected: cases
            .iter()
            .map(|c| {
                let cards: Vec<Card> = plays(c, led).iter().map(|p| p.0).collect();
                answers(&cards)
            })
            .collect(),
        call: Box::new(move |i| sequence_call(&called[i], led, &called[i].hand)),
        say: Box::new(move |i, got, want| say_sequence(&said[i], led, got, want)),
        size: |_, got, want| pairs(want).len() - first_difference(got, want),
        same: exactly,
    }
}

/// Every Simple function, in the report's order.
pub(crate) fn functions() -> Vec<Function> {
    vec![
        make_trump(),
        add_and_discard(),
        sequence(false),
        sequence(true),
    ]
}
