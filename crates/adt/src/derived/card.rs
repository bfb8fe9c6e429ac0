//! Card's functions over their whole domain (the 24 cards of a euchre
//! pack, each suit as trump, each card as the one led), each case's answer
//! the engine's. The order of cases is the harness's (harness/card.cpp).

use upcard_engine::cards::{Card, Rank, Suit};

use super::Api;
use super::function::{Class, Function, exactly, same_size};
use super::words::{self, boolean, card, card_answer, card_words, printed, suit, suit_words};

/// A Card function of `n` cases: the engine's answer, the call and the
/// rule of each, and how answers read.
#[allow(clippy::too_many_arguments)]
fn function(
    name: &'static str,
    title: &str,
    n: usize,
    answer: impl Fn(usize) -> String,
    call: impl Fn(usize) -> String + Send + Sync + 'static,
    read: fn(&str) -> String,
    why: impl Fn(usize) -> String + Send + Sync + 'static,
) -> Function {
    let call = std::sync::Arc::new(call);
    let said = call.clone();
    Function {
        class: Class::Card,
        name,
        title: title.to_string(),
        input: String::new(),
        expected: (0..n).map(answer).collect(),
        call: Box::new(move |i| said(i)),
        say: Box::new(move |i, got, want| {
            format!(
                "`{}` is {}; it should be {}: {}",
                call(i),
                read(got),
                read(want),
                why(i)
            )
        }),
        size: same_size,
        same: exactly,
    }
}

fn bit(b: bool) -> String {
    if b { "1" } else { "0" }.into()
}

/// Case `i` of a function over trump suits and cards: (card, trump).
fn trump_card(i: usize) -> (Card, Suit) {
    (card(i % 24), suit(i / 24))
}

/// Case `i` over pairs of cards: (a, b).
fn pair(i: usize) -> (Card, Card) {
    (card(i / 24), card(i % 24))
}

fn left_bower_of(trump: Suit) -> Card {
    Card::new(Rank::Jack, trump.next())
}

fn face_rule(c: Card) -> String {
    format!(
        "Jack, Queen, King and Ace are face or ace cards, Nine and Ten are not ({})",
        c.long()
    )
}

fn suit_rule(c: Card, t: Suit) -> String {
    if c.is_left_bower(t) {
        format!(
            "with {t} trump the {} is the left bower, a {t} card",
            c.long()
        )
    } else {
        format!(
            "only the left bower changes suit: the {} keeps its own",
            c.long()
        )
    }
}

fn bower_rule(t: Suit) -> String {
    format!(
        "the right bower is the Jack of the trump suit, the left bower the Jack of the other suit of its colour: with {t} trump, the Jack of {t} and the Jack of {}",
        t.next()
    )
}

fn trump_rule(c: Card, t: Suit) -> String {
    if c.is_left_bower(t) {
        format!("the {} is the left bower, a trump card", c.long())
    } else {
        format!(
            "trump cards are the {t} cards and the left bower ({})",
            left_bower_of(t).long()
        )
    }
}

/// The constructors, the getters and the face test.
fn common(api: &Api) -> Vec<Function> {
    let face = api.face;
    vec![
        function(
            "Card()",
            "Card()",
            1,
            |_| "0 0".into(),
            |_| "Card()".into(),
            card_words,
            |_| "Card() is the Two of Spades".into(),
        ),
        function(
            "Card(rank, suit)",
            "Card(rank, suit), get_rank() and get_suit()",
            24,
            |e| card_answer(card(e)),
            |e| format!("Card({}, {})", card(e).rank().name(), card(e).suit()),
            card_words,
            |e| format!("a card is what it was made: the {}", card(e).long()),
        ),
        function(
            "get_suit(trump)",
            "get_suit(trump)",
            96,
            |i| {
                let (c, t) = trump_card(i);
                (c.effective_suit(t) as usize).to_string()
            },
            |i| {
                let (c, t) = trump_card(i);
                format!("{}.get_suit({t})", c.long())
            },
            suit_words,
            |i| {
                let (c, t) = trump_card(i);
                suit_rule(c, t)
            },
        ),
        function(
            "is_face_or_ace",
            face,
            24,
            |e| bit(card(e).rank().is_face_or_ace()),
            move |e| format!("{}.{face}()", card(e).long()),
            boolean,
            |e| face_rule(card(e)),
        ),
    ]
}

/// The bower and trump predicates, and `Suit_next`.
fn predicates() -> Vec<Function> {
    vec![
        function(
            "is_right_bower",
            "is_right_bower(trump)",
            96,
            |i| {
                let (c, t) = trump_card(i);
                bit(c.is_right_bower(t))
            },
            |i| {
                let (c, t) = trump_card(i);
                format!("{}.is_right_bower({t})", c.long())
            },
            boolean,
            |i| bower_rule(trump_card(i).1),
        ),
        function(
            "is_left_bower",
            "is_left_bower(trump)",
            96,
            |i| {
                let (c, t) = trump_card(i);
                bit(c.is_left_bower(t))
            },
            |i| {
                let (c, t) = trump_card(i);
                format!("{}.is_left_bower({t})", c.long())
            },
            boolean,
            |i| bower_rule(trump_card(i).1),
        ),
        function(
            "is_trump",
            "is_trump(trump)",
            96,
            |i| {
                let (c, t) = trump_card(i);
                bit(c.is_trump(t))
            },
            |i| {
                let (c, t) = trump_card(i);
                format!("{}.is_trump({t})", c.long())
            },
            boolean,
            |i| {
                let (c, t) = trump_card(i);
                trump_rule(c, t)
            },
        ),
        function(
            "Suit_next",
            "Suit_next(suit)",
            4,
            |s| (suit(s).next() as usize).to_string(),
            |s| format!("Suit_next({})", suit(s)),
            suit_words,
            |_| "the next suit is the other suit of the same colour".into(),
        ),
    ]
}

/// The trump orders and the printed card.
fn orders() -> Vec<Function> {
    vec![
        function(
            "Card_less(trump)",
            "Card_less(a, b, trump)",
            4 * 576,
            |i| {
                let ((a, b), t) = (pair(i % 576), suit(i / 576));
                bit(a.cmp_trump(b, t).is_lt())
            },
            |i| {
                let ((a, b), t) = (pair(i % 576), suit(i / 576));
                format!("Card_less({}, {}, {t})", a.long(), b.long())
            },
            boolean,
            |i| {
                let ((a, b), t) = (pair(i % 576), suit(i / 576));
                words::why_less(a, b, t, None)
            },
        ),
        led_less(),
        function(
            "operator<<(Card)",
            "operator<<(ostream, Card)",
            24,
            |e| card(e).long().to_string(),
            |e| {
                format!(
                    "cout << Card({}, {})",
                    card(e).rank().name(),
                    card(e).suit()
                )
            },
            printed,
            |_| "a card prints as RANK of SUIT, \"Nine of Spades\"".into(),
        ),
    ]
}

/// `Card_less(a, b, led_card, trump)`: case `((t * 24 + led) * 24 + a) * 24 + b`.
fn led_less() -> Function {
    let parts = |i: usize| {
        let (a, b) = pair(i % 576);
        (a, b, card((i / 576) % 24), suit(i / (576 * 24)))
    };
    function(
        "Card_less(led_card, trump)",
        "Card_less(a, b, led_card, trump)",
        4 * 24 * 576,
        move |i| {
            let (a, b, l, t) = parts(i);
            bit(a.cmp_led(b, l, t).is_lt())
        },
        move |i| {
            let (a, b, l, t) = parts(i);
            format!("Card_less({}, {}, {}, {t})", a.long(), b.long(), l.long())
        },
        boolean,
        move |i| {
            let (a, b, l, t) = parts(i);
            words::why_less(a, b, t, Some(l))
        },
    )
}

/// The comparison operators: `<`, `>`, `==`, `!=`, and `<=`, `>=` where the API has them.
fn operators(api: &Api) -> Vec<Function> {
    type Op = (&'static str, fn(Card, Card) -> bool);
    let mut ops: Vec<Op> = vec![
        ("<", |a, b| a < b),
        (">", |a, b| a > b),
        ("==", |a, b| a == b),
        ("!=", |a, b| a != b),
    ];
    if api.has_le {
        ops.push(("<=", |a, b| a <= b));
        ops.push((">=", |a, b| a >= b));
    }
    ops.into_iter()
        .map(|(op, f)| {
            let name: &'static str = match op {
                "<" => "operator<",
                ">" => "operator>",
                "==" => "operator==",
                "!=" => "operator!=",
                "<=" => "operator<=",
                _ => "operator>=",
            };
            function(
                name,
                name,
                576,
                move |i| {
                    let (a, b) = pair(i);
                    bit(f(a, b))
                },
                move |i| {
                    let (a, b) = pair(i);
                    format!("{} {op} {}", a.long(), b.long())
                },
                boolean,
                |i| {
                    let (a, b) = pair(i);
                    words::why_plain(a, b)
                },
            )
        })
        .collect()
}

/// The enum API's stream operators of cards, suits and ranks.
fn streams() -> Vec<Function> {
    let rank = |r: usize| words::RANKS[r];
    vec![
        function(
            "operator>>(Card)",
            "operator>>(istream, Card)",
            24,
            |e| card_answer(card(e)),
            |e| format!("istringstream(\"{}\") >> card", card(e).long()),
            card_words,
            |_| "a card reads as RANK of SUIT, as it prints".into(),
        ),
        function(
            "operator<<(Suit)",
            "operator<<(ostream, Suit)",
            4,
            |s| suit(s).to_string(),
            |s| format!("cout << {}", suit(s).name().to_uppercase()),
            printed,
            |_| "a suit prints as its name: Spades, Hearts, Clubs, Diamonds".into(),
        ),
        function(
            "operator<<(Rank)",
            "operator<<(ostream, Rank)",
            13,
            move |r| rank(r).to_string(),
            move |r| format!("cout << {}", rank(r).to_uppercase()),
            printed,
            |_| "a rank prints as its name: Two, Three, ... Ace".into(),
        ),
        function(
            "operator>>(Suit)",
            "operator>>(istream, Suit)",
            4,
            |s| s.to_string(),
            |s| format!("istringstream(\"{}\") >> suit", suit(s)),
            suit_words,
            |_| "a suit reads by its name".into(),
        ),
        function(
            "operator>>(Rank)",
            "operator>>(istream, Rank)",
            13,
            |r| r.to_string(),
            move |r| format!("istringstream(\"{}\") >> rank", rank(r)),
            |a| match a.parse::<usize>() {
                Ok(r @ 0..=12) => words::RANKS[r].to_string(),
                _ => format!("no rank of the course's ({a:?})"),
            },
            |_| "a rank reads by its name".into(),
        ),
    ]
}

/// Every Card function the API has, in the report's order.
pub(crate) fn functions(api: &Api) -> Vec<Function> {
    let mut all = common(api);
    all.extend(predicates());
    all.extend(orders());
    all.extend(operators(api));
    if api.streams {
        all.extend(streams());
    }
    all
}
