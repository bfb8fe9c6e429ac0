//! The course's words for cards, suits and answers, and the rule behind
//! each order: what a failing case says.

use upcard_engine::cards::{Card, Suit};

/// The course's rank names, by the enum's values (Two = 0 .. Ace = 12).
pub(crate) const RANKS: [&str; 13] = [
    "Two", "Three", "Four", "Five", "Six", "Seven", "Eight", "Nine", "Ten", "Jack", "Queen",
    "King", "Ace",
];

/// The card of a harness index (rank * 4 + suit, as the engine's plain index).
pub(crate) fn card(e: usize) -> Card {
    Card::from_plain_index(e as u32)
}

pub(crate) fn suit(i: usize) -> Suit {
    Suit::ALL[i & 3]
}

/// `"RANK SUIT"` as the harness writes a card, for the engine's card.
pub(crate) fn card_answer(c: Card) -> String {
    format!("{} {}", c.rank() as usize + 7, c.suit() as usize)
}

/// A harness's card answer in words: "the Jack of Hearts", or what it is
/// where it is no card of the course's.
pub(crate) fn card_words(answer: &str) -> String {
    let mut it = answer.split(' ').map(|x| x.parse::<i32>().ok());
    match (it.next().flatten(), it.next().flatten()) {
        (Some(r @ 0..=12), Some(s @ 0..=3)) => {
            format!("the {} of {}", RANKS[r as usize], Suit::ALL[s as usize])
        }
        _ => format!("a card of no rank or suit of the course's ({answer:?})"),
    }
}

/// Several card answers ("R S R S ...") in words.
pub(crate) fn cards_words(answer: &str) -> String {
    let nums: Vec<&str> = answer.split(' ').collect();
    let cards: Vec<String> = nums
        .chunks(2)
        .map(|p| {
            card_words(&p.join(" "))
                .trim_start_matches("the ")
                .to_string()
        })
        .collect();
    cards.join(", ")
}

pub(crate) fn long(c: Card) -> String {
    format!("the {}", c.long())
}

/// Cards as a list: "Nine of Spades, Ace of Hearts".
pub(crate) fn list(cards: &[Card]) -> String {
    let names: Vec<String> = cards.iter().map(|c| c.long().to_string()).collect();
    names.join(", ")
}

pub(crate) fn boolean(answer: &str) -> String {
    match answer {
        "1" => "true".into(),
        "0" => "false".into(),
        other => format!("{other:?}"),
    }
}

pub(crate) fn suit_words(answer: &str) -> String {
    match answer.parse::<usize>() {
        Ok(s @ 0..=3) => Suit::ALL[s].to_string(),
        _ => format!("no suit of the course's ({answer:?})"),
    }
}

/// A printed answer as the student's program printed it.
pub(crate) fn printed(answer: &str) -> String {
    format!("{:?}", answer.replace("\\n", "\n").replace("\\\\", "\\"))
}

/// Where a card stands with `trump` (and the led suit): the words, and a
/// class from highest (0) to lowest.
fn standing(c: Card, trump: Suit, led: Option<Suit>) -> (u8, String) {
    if c.is_right_bower(trump) {
        (0, "the right bower, the highest card".into())
    } else if c.is_left_bower(trump) {
        (1, "the left bower, second only to the right bower".into())
    } else if c.is_trump(trump) {
        (2, "trump".into())
    } else if led == Some(c.suit()) {
        (3, format!("of the led suit ({})", c.suit()))
    } else if led.is_some() {
        (4, "neither trump nor of the led suit".into())
    } else {
        (4, "not trump".into())
    }
}

/// Why `a` is or is not less than `b` with `trump` and, when a card was
/// led, `led_card`: the rule that decides, in the spec's terms.
pub(crate) fn why_less(a: Card, b: Card, trump: Suit, led_card: Option<Card>) -> String {
    let led = led_card.map(|l| Card::led_suit(l, trump));
    let mut lead = format!("with {trump} trump");
    if let Some(l) = led_card {
        lead.push_str(&format!(" and {} led", long(l)));
        if l.is_left_bower(trump) {
            lead.push_str(&format!(" (the left bower: it leads {trump})"));
        }
    }
    if a == b {
        return "a card is not less than itself".into();
    }
    let (sa, wa) = standing(a, trump, led);
    let (sb, wb) = standing(b, trump, led);
    if sa != sb {
        let ((hi, w), (lo, lw)) = if sa < sb {
            ((a, wa), (b, wb))
        } else {
            ((b, wb), (a, wa))
        };
        return if sa.min(sb) <= 1 {
            format!("{lead} {} is {w}", long(hi))
        } else {
            format!("{lead} {} is {w} and {} is {lw}", long(hi), long(lo))
        };
    }
    let order = match led_card {
        Some(l) => a.cmp_led(b, l, trump),
        None => a.cmp_trump(b, trump),
    };
    let higher = if order.is_gt() { a } else { b };
    let lower = if higher == a { b } else { a };
    let both = match sa {
        2 => "both are trump".to_string(),
        3 => "both follow the led suit".to_string(),
        _ if led.is_some() => "neither is trump or of the led suit".to_string(),
        _ => "neither is trump".to_string(),
    };
    plain_reason(&format!("{lead}, {both}: "), higher, lower)
}

/// Why `higher` ranks above `lower` in the plain order: rank, then suit.
fn plain_reason(prefix: &str, higher: Card, lower: Card) -> String {
    if higher.rank() != lower.rank() {
        format!("{prefix}{} outranks {}", long(higher), long(lower))
    } else {
        format!(
            "{prefix}of equal rank, the suit decides (Spades < Hearts < Clubs < Diamonds): {} is above {}",
            long(higher),
            long(lower)
        )
    }
}

/// Why `a < b` is what it is in the plain order (no trump).
pub(crate) fn why_plain(a: Card, b: Card) -> String {
    if a == b {
        return "the same card: neither is below the other".into();
    }
    let (higher, lower) = if a > b { (a, b) } else { (b, a) };
    plain_reason("by rank, then suit: ", higher, lower)
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::cards::Rank;

    #[test]
    fn the_rule_behind_an_order_is_said_in_the_specs_terms() {
        let jh = Card::new(Rank::Jack, Suit::Hearts);
        let qh = Card::new(Rank::Queen, Suit::Hearts);
        let jd = Card::new(Rank::Jack, Suit::Diamonds);
        let ac = Card::new(Rank::Ace, Suit::Clubs);
        let ad = Card::new(Rank::Ace, Suit::Diamonds);
        assert_eq!(
            why_less(jh, qh, Suit::Hearts, None),
            "with Hearts trump the Jack of Hearts is the right bower, the highest card"
        );
        assert_eq!(
            why_less(ac, jd, Suit::Hearts, None),
            "with Hearts trump the Jack of Diamonds is the left bower, second only to the right bower"
        );
        assert_eq!(
            why_less(ac, qh, Suit::Hearts, None),
            "with Hearts trump the Queen of Hearts is trump and the Ace of Clubs is not trump"
        );
        assert_eq!(
            why_less(ac, ad, Suit::Spades, Some(ac)),
            "with Spades trump and the Ace of Clubs led the Ace of Clubs is of the led suit (Clubs) \
             and the Ace of Diamonds is neither trump nor of the led suit"
        );
        assert_eq!(
            why_less(ac, ad, Suit::Spades, None),
            "with Spades trump, neither is trump: of equal rank, the suit decides \
             (Spades < Hearts < Clubs < Diamonds): the Ace of Diamonds is above the Ace of Clubs"
        );
        assert_eq!(
            why_plain(qh, jd),
            "by rank, then suit: the Queen of Hearts outranks the Jack of Diamonds"
        );
        assert_eq!(card_words("9 1"), "the Jack of Hearts");
        assert_eq!(
            card_words("-1 2"),
            "a card of no rank or suit of the course's (\"-1 2\")"
        );
    }
}
