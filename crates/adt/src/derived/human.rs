//! The Human player's functions, as the spec's "Human Player" section says
//! them: each call prints the hand in ascending order (`operator<`), each
//! card with its index, then its prompt, and does what the user types (a
//! suit or "pass", an index; the spec: "you may assume all user input is
//! correctly formatted"). A case is a new player (`Player_factory("Ivy",
//! "Human")`), its hand by `add_card` in the engine's dealt order, and a
//! script of what the user types; the answer is what each call returned and
//! everything it printed (harness/player.cpp). The engine's printer prints
//! the same lines for a Human seat in a game (`golden/eecs280/*human*`).
//! Printed lines are compared as the course compares a game's output
//! (`diff -B`: blank lines aside); the line numbers said count the others.

use std::sync::Arc;

use upcard_engine::cards::{Card, Suit};
use upcard_engine::mutants::Switch;
use upcard_engine::{DEFAULT_ORDER, Deck};

use super::function::{Class, Function};
use super::player::{index, numbers};
use super::words::{card, card_answer, card_words, list, suit};

const SEED: u64 = 0x0280_4a7e;
const NAME: &str = "Ivy";

/// One case: the hand as dealt, the card it meets, and what the user types.
struct Case {
    hand: Vec<Card>,
    card: Card,
    trump: Suit,
    dealer: bool,
    round: u8,
    script: Vec<String>,
}

/// The hand in the order `operator<` sorts it (rank, then suit).
fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut h = cards.to_vec();
    h.sort_by_key(|&c| index(c));
    h
}

/// `print_hand()` and the prompt, as the spec's sample code prints them.
fn printed(hand: &[Card], prompt: &str) -> String {
    let mut s = String::new();
    for (i, c) in hand.iter().enumerate() {
        s.push_str(&format!("Human player {NAME}'s hand: [{i}] {}\n", c.long()));
    }
    s.push_str(&format!("Human player {NAME}, {prompt}\n"));
    s
}

const BID: &str = "please enter a suit, or \"pass\":";
const DISCARD: &str = "please select a card to discard:";
const SELECT: &str = "please select a card:";

/// The harness's escaping of what a student's code printed.
fn escape(s: &str) -> String {
    s.replace('\\', "\\\\")
        .replace('\n', "\\n")
        .replace('\r', "\\r")
}

fn unescape(s: &str) -> String {
    let mut out = String::new();
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        match (c, c == '\\') {
            (_, true) => match chars.next() {
                Some('n') => out.push('\n'),
                Some('r') => out.push('\r'),
                Some(o) => out.push(o),
                None => out.push('\\'),
            },
            (c, false) => out.push(c),
        }
    }
    out
}

/// The lines printed, as the course compares them: `diff -B`, so a blank
/// line more or less is no difference (EECS 280's autograder, docs/eecs280-rules.md).
fn shown(text: &str) -> Vec<&str> {
    text.lines().filter(|l| !l.is_empty()).collect()
}

/// Two answers alike: the same results, the same lines but blank ones.
fn same(got: &str, want: &str) -> bool {
    let ((gr, gt), (wr, wt)) = (split(got), split(want));
    gr == wr && shown(&gt) == shown(&wt)
}

/// An answer's results and its printed text.
fn split(answer: &str) -> (&str, String) {
    match answer.split_once('\t') {
        Some((r, t)) => (r, unescape(t)),
        None => (answer, String::new()),
    }
}

fn answer(results: &str, text: &str) -> String {
    format!("{results}\t{}", escape(text))
}

fn script_words(c: &Case) -> String {
    let quoted: Vec<String> = c.script.iter().map(|w| format!("{w:?}")).collect();
    quoted.join(", ")
}

/// Where a Human's answer first differs from the engine's, said: the
/// first wrong line it printed, or its first wrong result.
fn say(call: &str, c: &Case, got: &str, want: &str, result_rule: &str) -> String {
    let (got_r, got_t) = split(got);
    let (want_r, want_t) = split(want);
    let typed = format!("the user typing {}", script_words(c));
    let (g, w) = (shown(&got_t), shown(&want_t));
    if let Some(k) = (0..w.len().max(g.len())).find(|&k| g.get(k) != w.get(k)) {
        let quoted = |l: Option<&&str>| {
            l.map_or("nothing more".to_string(), |l| {
                format!("`{}`", upcard_parse::escape::printable_line(l))
            })
        };
        let rule = match w.get(k) {
            Some(l) if l.contains("'s hand: [") => still_held(&got_t, &want_t).unwrap_or(
                "the Human player prints its hand in ascending order (operator<), each card \
                 with its index",
            ),
            Some(_) => {
                "the Human player prints its prompt after its hand, as the spec's sample code"
            }
            None => "the Human player prints its hand and its prompt, and nothing else",
        };
        return format!(
            "`{call}` with {typed} prints {} as its line {}; it should print {}: {rule}",
            quoted(g.get(k)),
            k + 1,
            quoted(w.get(k))
        );
    }
    format!(
        "`{call}` with {typed} gives {}; it should give {}: {result_rule}",
        results_words(got_r),
        results_words(want_r)
    )
}

/// When a Human prints more hand lines than it should, a card it played
/// stayed in its hand.
fn still_held(got: &str, want: &str) -> Option<&'static str> {
    let hands = |t: &str| shown(t).iter().filter(|l| l.contains("'s hand: [")).count();
    (hands(got) > hands(want)).then_some(
        "the Human player removes the card it plays from its hand (it prints the hand it has left)",
    )
}

fn results_words(r: &str) -> String {
    match r {
        "0" => "false (it passes)".into(),
        r if r.starts_with("1 ") => {
            format!("true, ordering up {}", super::words::suit_words(&r[2..]))
        }
        r => {
            let w: Vec<&str> = r.split(' ').collect();
            let cards: Vec<String> = w.chunks(2).map(|p| card_words(&p.join(" "))).collect();
            cards.join(", then ")
        }
    }
}

/// `make_trump`: every upcard, both rounds, dealer or not; the user types
/// "pass" or a suit the round allows (a screwed dealer never passes).
fn make_trump() -> Function {
    let mut deck = Deck::quick(SEED, DEFAULT_ORDER);
    let mut cases = Vec::new();
    for (k, up) in (0..24).map(card).enumerate() {
        for round in 1..=2u8 {
            for dealer in [false, true] {
                let cards = deck.next_deck(Switch::OFF);
                let hand: Vec<Card> = cards.into_iter().filter(|&c| c != up).take(5).collect();
                let others: Vec<Suit> = Suit::ALL.into_iter().filter(|&s| s != up.suit()).collect();
                let pass = (k + usize::from(dealer)) % 2 == 0 && !(round == 2 && dealer);
                let word = match (pass, round) {
                    (true, _) => "pass".to_string(),
                    (false, 1) => up.suit().to_string(),
                    (false, _) => others[k % 3].to_string(),
                };
                cases.push(Case {
                    hand,
                    card: up,
                    trump: up.suit(),
                    dealer,
                    round,
                    script: vec![word],
                });
            }
        }
    }
    let input: String = cases
        .iter()
        .map(|c| {
            format!(
                "{} {} {} {};{}\n",
                numbers(&c.hand),
                index(c.card),
                u8::from(c.dealer),
                c.round,
                c.script.join(" ")
            )
        })
        .collect();
    let expected = cases
        .iter()
        .map(|c| {
            let r = match Suit::from_name(&c.script[0]) {
                Some(s) => format!("1 {}", s as usize),
                None => "0".into(),
            };
            answer(&r, &printed(&sorted(&c.hand), BID))
        })
        .collect();
    let call = |c: &Case| {
        format!(
            "make_trump({}, is_dealer {}, round {}) with the hand {}",
            c.card.long(),
            c.dealer,
            c.round,
            list(&c.hand)
        )
    };
    human(
        "make_trump",
        (input, expected),
        cases,
        Box::new(call),
        "the Human player orders up the suit the user types, and passes on \"pass\"",
    )
}

/// `add_and_discard`: every upcard, the user discarding the upcard
/// ([-1]) or each card of the hand in turn; the hand then led back, the
/// user choosing [0] each time (each lead prints the hand it keeps).
fn add_and_discard() -> Function {
    let mut deck = Deck::quick(SEED + 1, DEFAULT_ORDER);
    let mut cases = Vec::new();
    for (k, up) in (0..24).map(card).enumerate() {
        for j in 0..3 {
            let cards = deck.next_deck(Switch::OFF);
            let hand: Vec<Card> = cards.into_iter().filter(|&c| c != up).take(5).collect();
            let choice = ((k * 3 + j) % 6) as i32 - 1;
            let mut script = vec![choice.to_string()];
            script.extend(std::iter::repeat_n("0".to_string(), 5));
            cases.push(Case {
                hand,
                card: up,
                trump: up.suit(),
                dealer: true,
                round: 1,
                script,
            });
        }
    }
    let input: String = cases
        .iter()
        .map(|c| {
            format!(
                "{} {};{}\n",
                numbers(&c.hand),
                index(c.card),
                c.script.join(" ")
            )
        })
        .collect();
    let expected = cases.iter().map(discard_answer).collect();
    let call = |c: &Case| {
        format!(
            "add_and_discard({}) with the hand {}, then lead_card({}) five times",
            c.card.long(),
            list(&c.hand),
            c.trump
        )
    };
    human(
        "add_and_discard",
        (input, expected),
        cases,
        Box::new(call),
        "the Human player discards the card the user chooses by its index (-1: the upcard) and keeps the upcard otherwise",
    )
}

fn discard_answer(c: &Case) -> String {
    let mut hand = sorted(&c.hand);
    let mut text = printed(&hand, "").replace(
        &format!("Human player {NAME}, \n"),
        &format!("Discard upcard: [-1]\nHuman player {NAME}, {DISCARD}\n"),
    );
    let choice: i32 = c.script[0].parse().unwrap_or(-1);
    if choice >= 0 {
        hand.remove(choice as usize);
        hand.push(c.card);
        hand = sorted(&hand);
    }
    let mut led = Vec::new();
    while !hand.is_empty() {
        text.push_str(&printed(&hand, SELECT));
        led.push(card_answer(hand.remove(0)));
    }
    answer(&led.join(" "), &text)
}

/// `lead_card` (`led` false) or `play_card`: hands of one to five cards,
/// called until the hand is empty, the user choosing a card each time (a
/// card of the led suit where it has one: users "follow the rules").
fn sequence(led: bool) -> Function {
    let mut deck = Deck::quick(SEED + 2 + u64::from(led), DEFAULT_ORDER);
    let mut cases = Vec::new();
    for n in 1..=5usize {
        for t in 0..4 {
            for k in 0..5usize {
                let cards = deck.next_deck(Switch::OFF);
                let (hand, other) = (cards[..n].to_vec(), cards[n]);
                let trump = suit(t);
                let script = choices(&hand, led.then_some(other), trump, n + t + k);
                cases.push(Case {
                    hand,
                    card: other,
                    trump,
                    dealer: false,
                    round: 1,
                    script,
                });
            }
        }
    }
    let input: String = cases
        .iter()
        .map(|c| {
            let led_card = if led {
                format!("{} ", index(c.card))
            } else {
                String::new()
            };
            format!(
                "{} {} {led_card}{};{}\n",
                c.hand.len(),
                numbers(&c.hand),
                c.trump as usize,
                c.script.join(" ")
            )
        })
        .collect();
    let expected = cases.iter().map(sequence_answer).collect();
    let call = move |c: &Case| {
        let what = if led {
            format!("play_card({}, {})", c.card.long(), c.trump)
        } else {
            format!("lead_card({})", c.trump)
        };
        format!(
            "{what} until its hand is empty, with the hand {}",
            list(&c.hand)
        )
    };
    human(
        if led { "play_card" } else { "lead_card" },
        (input, expected),
        cases,
        Box::new(call),
        "the Human player plays the card the user chooses, by its index in the hand as printed, and removes it",
    )
}

/// What the user types for each call: an index into the hand as it is
/// then printed, of a card that follows the led suit where one does.
fn choices(hand: &[Card], led: Option<Card>, trump: Suit, mut k: usize) -> Vec<String> {
    let mut h = sorted(hand);
    let mut out = Vec::new();
    while !h.is_empty() {
        let follows =
            |c: &Card| led.is_none_or(|l| c.effective_suit(trump) == Card::led_suit(l, trump));
        let legal: Vec<usize> = (0..h.len()).filter(|&i| follows(&h[i])).collect();
        let legal = if legal.is_empty() {
            (0..h.len()).collect()
        } else {
            legal
        };
        let i = legal[k % legal.len()];
        out.push(i.to_string());
        h.remove(i);
        k = k * 7 + 3;
    }
    out
}

fn sequence_answer(c: &Case) -> String {
    let mut hand = sorted(&c.hand);
    let mut text = String::new();
    let mut played = Vec::new();
    for w in &c.script {
        text.push_str(&printed(&hand, SELECT));
        let i: usize = w.parse().unwrap_or(0);
        played.push(card_answer(hand.remove(i)));
    }
    answer(&played.join(" "), &text)
}

type Call = Box<dyn Fn(&Case) -> String + Send + Sync>;

/// A Human function of `cases`, with their input and the engine's answers.
fn human(
    name: &'static str,
    (input, expected): (String, Vec<String>),
    cases: Vec<Case>,
    call: Call,
    rule: &'static str,
) -> Function {
    let cases = Arc::new(cases);
    let call = Arc::new(call);
    let (said, called) = (cases.clone(), cases.clone());
    let (say_call, call_call) = (call.clone(), call);
    Function {
        class: Class::Player,
        name: match name {
            "make_trump" => "human_make_trump",
            "add_and_discard" => "human_add_and_discard",
            "lead_card" => "human_lead_card",
            _ => "human_play_card",
        },
        title: format!("Human {name}"),
        input,
        expected,
        call: Box::new(move |i| call_call(&called[i])),
        say: Box::new(move |i, got, want| {
            let c = &said[i];
            say(&say_call(c), c, got, want, rule)
        }),
        // The fewest cards first: a one-card hand says a bug most plainly.
        size: |_, _, want| split(want).0.split(' ').count(),
        same,
    }
}

/// Every Human function, in the report's order.
pub(crate) fn functions() -> Vec<Function> {
    vec![
        make_trump(),
        add_and_discard(),
        sequence(false),
        sequence(true),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_humans_answers_are_its_results_and_what_it_printed() {
        let f = sequence(false);
        let c = &f.expected[0];
        let (r, text) = split(c);
        assert_eq!(r.split(' ').count(), 2);
        assert!(text.starts_with("Human player Ivy's hand: [0] "), "{text}");
        assert!(
            text.ends_with("Human player Ivy, please select a card:\n"),
            "{text}"
        );
        assert_eq!(unescape(&escape("a\\b\nc\r")), "a\\b\nc\r");
        let d = discard_answer(&Case {
            hand: vec![card(0), card(5), card(9), card(13), card(22)],
            card: card(23),
            trump: suit(3),
            dealer: true,
            round: 1,
            script: ["0", "0", "0", "0", "0", "0"].map(String::from).to_vec(),
        });
        let (led, text) = split(&d);
        assert_eq!(led, "8 1 9 1 10 1 12 2 12 3");
        assert_eq!(
            text.lines().take(7).collect::<Vec<_>>(),
            [
                "Human player Ivy's hand: [0] Nine of Spades",
                "Human player Ivy's hand: [1] Ten of Hearts",
                "Human player Ivy's hand: [2] Jack of Hearts",
                "Human player Ivy's hand: [3] Queen of Hearts",
                "Human player Ivy's hand: [4] Ace of Clubs",
                "Discard upcard: [-1]",
                "Human player Ivy, please select a card to discard:",
            ]
        );
    }
}
