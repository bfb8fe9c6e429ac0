//! What a wrong function's answers rest on: the student's functions it may
//! call, or that its cases are read through (a read pack, a hand led back).
//! A wrong function whose own are wrong too says so, so that a TA reads
//! the cause first (`Simple play_card` wrong because `Card_less` is).

use crate::ClassResult;

/// The functions `function`'s answers rest on, by their titles.
fn rests_on(function: &str) -> &'static [&'static str] {
    match function {
        "Card_less(a, b, trump)" => &[
            "is_right_bower(trump)",
            "is_left_bower(trump)",
            "is_trump(trump)",
            "operator<",
        ],
        "Card_less(a, b, led_card, trump)" => &[
            "Card_less(a, b, trump)",
            "get_suit(trump)",
            "is_right_bower(trump)",
            "is_left_bower(trump)",
            "is_trump(trump)",
            "operator<",
        ],
        "is_left_bower(trump)" | "is_trump(trump)" | "get_suit(trump)" => {
            &["Suit_next(suit)", "is_left_bower(trump)"]
        }
        "Pack(istream)" => &["operator>>(istream, Card)"],
        "reset()" | "shuffle()" | "shuffle() after deals" | "shuffle() twice" => &["Pack(istream)"],
        "Simple make_trump" => &[
            "is_face_or_ace",
            "is_face",
            "is_trump(trump)",
            "get_suit(trump)",
            "Suit_next(suit)",
        ],
        "Simple add_and_discard" => &["Card_less(a, b, trump)", "Simple lead_card"],
        "Simple lead_card" => &[
            "Card_less(a, b, trump)",
            "is_trump(trump)",
            "get_suit(trump)",
        ],
        "Simple play_card" => &[
            "Card_less(a, b, led_card, trump)",
            "get_suit(trump)",
            "is_trump(trump)",
        ],
        // A Human sorts its hand by operator< and prints each card with <<.
        "Human make_trump" | "Human lead_card" | "Human play_card" => {
            &["operator<", "operator<<(ostream, Card)"]
        }
        "Human add_and_discard" => &["operator<", "operator<<(ostream, Card)", "Human lead_card"],
        _ => &[],
    }
}

/// The functions whose answers rest on others, by title.
const RESTING: [&str; 18] = [
    "Card_less(a, b, trump)",
    "Card_less(a, b, led_card, trump)",
    "is_left_bower(trump)",
    "is_trump(trump)",
    "get_suit(trump)",
    "Pack(istream)",
    "reset()",
    "shuffle()",
    "shuffle() after deals",
    "shuffle() twice",
    "Simple make_trump",
    "Simple add_and_discard",
    "Simple lead_card",
    "Simple play_card",
    "Human make_trump",
    "Human add_and_discard",
    "Human lead_card",
    "Human play_card",
];

/// The functions a wrong `function` can make wrong: itself and every
/// function that rests on it, however far (a wrong `Card_less` explains a
/// wrong `Simple play_card`).
pub fn explains(function: &str) -> Vec<String> {
    let mut out = vec![function.to_string()];
    let mut grew = true;
    while grew {
        grew = false;
        for t in RESTING {
            let rests = rests_on(t).iter().any(|d| out.iter().any(|o| o == d));
            if rests && !out.iter().any(|o| o == t) {
                out.push(t.to_string());
                grew = true;
            }
        }
    }
    out
}

/// Each wrong function's finding, followed by the functions it rests on
/// that are wrong too.
pub(crate) fn relate(classes: &mut [ClassResult]) {
    let wrong: Vec<String> = classes
        .iter()
        .flat_map(|c| &c.functions)
        .filter(|f| !f.passed())
        .map(|f| f.function.clone())
        .collect();
    for f in classes.iter_mut().flat_map(|c| &mut c.functions) {
        let also: Vec<&str> = rests_on(&f.function)
            .iter()
            .copied()
            .filter(|d| *d != f.function && wrong.iter().any(|w| w == d))
            .collect();
        if let (Some(finding), false) = (f.finding.as_mut(), also.is_empty()) {
            finding.push_str(&format!(" (wrong too, and used here: {})", also.join(", ")));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_wrong_comparator_explains_the_players_that_use_it() {
        assert_eq!(
            explains("Card_less(a, b, trump)"),
            [
                "Card_less(a, b, trump)",
                "Card_less(a, b, led_card, trump)",
                "Simple add_and_discard",
                "Simple lead_card",
                "Simple play_card",
            ]
        );
        assert_eq!(explains("Pack()"), ["Pack()"]);
    }
}
