//! Pack's functions: each run makes a pack (new, or read from a stream the
//! engine shuffled), does what the function's name says, and deals the
//! whole pack, asking `empty()` before each deal and at the end. The
//! engine's packs are the answers: EECS 280's new-pack order, and its
//! shuffle of seven in-shuffles (harness/pack.cpp).

use upcard_engine::cards::Card;
use upcard_engine::mutants::Switch;
use upcard_engine::{DEFAULT_ORDER, Deck, in_shuffle};

use super::function::{Class, Function, exactly, same_size};
use super::words::{boolean, card_answer, card_words};

/// The seed of the pack the stream tests read: the same pack every run.
const STREAM_SEED: u64 = 280;

/// The pack the stream functions read, drawn by the engine.
pub(crate) fn stream_pack() -> [Card; 24] {
    Deck::quick(STREAM_SEED, DEFAULT_ORDER).next_deck(Switch::OFF)
}

fn shuffled(mut cards: [Card; 24], times: usize) -> [Card; 24] {
    for _ in 0..times * 7 {
        in_shuffle(&mut cards);
    }
    cards
}

/// A pack's function: what the harness does (`setup`, in C++ words), the
/// pack it should then deal, and why.
fn function(
    name: &'static str,
    setup: &'static str,
    input: String,
    deals: [Card; 24],
    why: &'static str,
) -> Function {
    let mut expected: Vec<String> = deals
        .iter()
        .map(|&c| format!("0 {}", card_answer(c)))
        .collect();
    expected.push("1".into());
    let call = move |i: usize| {
        if i < 24 {
            format!("{setup} deal_one() #{}", i + 1)
        } else {
            format!("{setup} empty() after 24 deals")
        }
    };
    Function {
        class: Class::Pack,
        name,
        title: name.to_string(),
        input,
        expected,
        call: Box::new(call),
        say: Box::new(move |i, got, want| {
            if i == 24 {
                return format!(
                    "`{setup}` then 24 deals: empty() is {}; it should be true: a pack holds 24 cards",
                    boolean(got)
                );
            }
            let (ge, gc) = got.split_once(' ').unwrap_or((got, ""));
            if ge != "0" {
                return format!(
                    "`{setup}` then {i} deals: empty() is {}; it should be false: {} cards are left",
                    boolean(ge),
                    24 - i
                );
            }
            let wc = want.split_once(' ').map_or("", |x| x.1);
            format!(
                "`{setup}` deal {} is {}; it should be {}: {why}",
                i + 1,
                card_words(gc),
                card_words(wc)
            )
        }),
        size: same_size,
        same: exactly,
    }
}

/// The pack as `pack.in` would hold it: a card a line.
fn text(cards: &[Card; 24]) -> String {
    cards.iter().map(|c| format!("{}\n", c.long())).collect()
}

/// Every Pack function, in the report's order.
pub(crate) fn functions() -> Vec<Function> {
    let read = stream_pack();
    let new_order = "a new pack is Spades, Hearts, Clubs, Diamonds, each Nine to Ace";
    let shuffle = "shuffle() is seven in-shuffles of the whole pack (cut in half, the second half's top card first), then deals from its top";
    // All but Pack() start from the read pack: a wrong Pack() fails
    // Pack() alone, not every shuffle.
    vec![
        function("Pack()", "Pack p;", String::new(), DEFAULT_ORDER, new_order),
        function(
            "Pack(istream)",
            "Pack p(pack_input);",
            text(&read),
            read,
            "a pack read from a stream deals its cards in the stream's order",
        ),
        function(
            "reset()",
            "Pack p(pack_input); 10 deals; p.reset();",
            text(&read),
            read,
            "reset() deals again from the top, in the same order",
        ),
        function(
            "shuffle()",
            "Pack p(pack_input); p.shuffle();",
            text(&read),
            shuffled(read, 1),
            shuffle,
        ),
        function(
            "shuffle() after deals",
            "Pack p(pack_input); 5 deals; p.shuffle();",
            text(&read),
            shuffled(read, 1),
            "shuffle() shuffles all 24 cards, dealt or not, and deals again from the top",
        ),
        function(
            "shuffle() twice",
            "Pack p(pack_input); p.shuffle(); p.shuffle();",
            text(&read),
            shuffled(read, 2),
            "each shuffle() is seven more in-shuffles of the pack as it is",
        ),
    ]
}
