//! The diagnosis from inside (`grade --build --diagnose --course-files`):
//! what upcard's ADT tests found calling a student's classes directly.
//! Where a failing scenario's first wrong line is a decision (a bid, a
//! discard, a lead, a card played), the wrong function behind that kind of
//! decision leads the diagnosis, labelled as called directly; where the
//! functions behind it are all right, the diagnosis says the bug is in
//! the game driver. Transcript findings stay, for bugs in `euchre.cpp`.

use upcard_mutants::{Finding, Kind};

use super::verdict::Outcome;

/// A wrong function that rests on no other wrong one.
#[derive(Clone, Debug)]
pub struct Wrong {
    pub function: String,
    /// Its smallest wrong case, in the course's words.
    pub case: String,
    /// The functions it can make wrong: itself and those resting on it.
    pub explains: Vec<String>,
}

/// What the ADT tests found in one student's classes.
#[derive(Clone, Debug, Default)]
pub struct Inside {
    pub wrong: Vec<Wrong>,
    /// The functions that ran and were right in every case.
    pub right: Vec<String>,
}

/// The player functions a first wrong line's finding is about, from its
/// words: the Simple player's decisions; a Human's hand and prompts, which
/// each of its functions prints (its choices are its input's, not a class's).
fn deciders(message: &str) -> Vec<&'static str> {
    if message.contains("Human") {
        return HUMAN.to_vec();
    }
    let m = message.to_lowercase();
    let mut out = Vec::new();
    let has = |w: &[&str]| w.iter().any(|w| m.contains(w));
    if has(&[
        "orders up",
        "order up",
        "passes",
        "makes trump",
        "screw the dealer",
    ]) {
        out.push("Simple make_trump");
    }
    if has(&["discard"]) {
        out.push("Simple add_and_discard");
    }
    if has(&["leads", " lead "]) {
        out.push("Simple lead_card");
    }
    if has(&["follow", "plays the", "plays its", "plays a"]) {
        out.push("Simple play_card");
    }
    if has(&[
        "takes the trick",
        "wins the trick",
        "trick goes",
        "trick to",
    ]) {
        out.push("Card_less(a, b, led_card, trump)");
    }
    out
}

/// Every Human function of upcard's tests: each prints the hand.
const HUMAN: [&str; 4] = [
    "Human make_trump",
    "Human add_and_discard",
    "Human lead_card",
    "Human play_card",
];

fn kind_decides(kind: Kind) -> bool {
    matches!(
        kind,
        Kind::Mutant
            | Kind::Decision
            | Kind::Hand
            | Kind::Unprinted
            | Kind::Illegal
            | Kind::Strategy
            | Kind::Outcome
    )
}

/// Adds what `inside` found to `out`'s diagnosis, when `out` failed on a
/// decision some of the student's functions make.
pub(crate) fn add(inside: &Inside, out: &mut Outcome) {
    if out.verdict.passed() || out.diagnosis.is_empty() || !kind_decides(out.diagnosis[0].kind) {
        return;
    }
    let targets = deciders(&out.diagnosis[0].message);
    if targets.is_empty() {
        return;
    }
    let behind: Vec<&Wrong> = inside
        .wrong
        .iter()
        .filter(|w| w.explains.iter().any(|e| targets.contains(&e.as_str())))
        .collect();
    if behind.is_empty() {
        if targets.iter().all(|t| inside.right.iter().any(|r| r == t)) {
            let names: Vec<&str> = targets
                .iter()
                .map(|t| t.trim_start_matches("Simple "))
                .collect();
            out.end_diagnosis(Finding {
                mutant: None,
                kind: Kind::Function,
                message: format!(
                    "your {} {} right in every case of upcard's tests, called directly: the bug is in the game driver (euchre.cpp)",
                    and_list(&names),
                    if names.len() == 1 { "is" } else { "are" }
                ),
            });
        }
        return;
    }
    // Best last: each is put first in turn.
    for w in behind.iter().rev() {
        out.lead_diagnosis(Finding {
            mutant: None,
            kind: Kind::Function,
            message: format!("your {}: {}", w.function, w.case),
        });
    }
}

/// Names as a sentence lists them: "a", "a and b", "a, b and c".
fn and_list(names: &[&str]) -> String {
    match names {
        [] => String::new(),
        [one] => one.to_string(),
        [rest @ .., last] => format!("{} and {last}", rest.join(", ")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_first_wrong_line_names_the_functions_that_decide_it() {
        assert_eq!(
            deciders(
                "Adi leads the Queen of Hearts, a lawful card, where the strategy leads the Jack of Hearts"
            ),
            ["Simple lead_card"]
        );
        assert_eq!(
            deciders("Simple never discards the upcard, only the lowest card of its own five"),
            ["Simple add_and_discard"]
        );
        assert_eq!(
            deciders("your program prints Human player Adi's hand in another order"),
            HUMAN
        );
    }

    fn failed(kind: Kind, message: &str) -> Outcome {
        let mut o = Outcome::new(
            "s".into(),
            1.0,
            super::super::verdict::Verdict::Fail,
            String::new(),
        );
        o.diagnosis.push(Finding {
            mutant: None,
            kind,
            message: message.into(),
        });
        o.detail = upcard_mutants::diagnosis_text(&o.diagnosis) + "the diff\n";
        o
    }

    fn less_wrong() -> Inside {
        Inside {
            wrong: vec![Wrong {
                function: "Card_less(a, b, trump)".into(),
                case: "`Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false".into(),
                explains: vec!["Card_less(a, b, trump)".into(), "Simple lead_card".into()],
            }],
            right: vec!["Simple make_trump".into()],
        }
    }

    #[test]
    fn the_wrong_function_behind_a_decision_leads_the_diagnosis() {
        let mut o = failed(
            Kind::Strategy,
            "Adi leads the Queen of Spades, where the strategy leads the Jack of Clubs",
        );
        add(&less_wrong(), &mut o);
        assert_eq!(
            o.detail,
            "diagnosis (your classes, called directly): your Card_less(a, b, trump): \
             `Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false\n  \
             also (what your first wrong line means): Adi leads the Queen of Spades, where the strategy \
             leads the Jack of Clubs\nthe diff\n"
        );
    }

    #[test]
    fn right_functions_behind_a_decision_point_at_the_game_driver() {
        let mut o = failed(
            Kind::Strategy,
            "Adi passes where the strategy orders up Spades",
        );
        add(&less_wrong(), &mut o);
        assert_eq!(o.diagnosis.len(), 2);
        assert_eq!(
            o.diagnosis[1].message,
            "your make_trump is right in every case of upcard's tests, called directly: \
             the bug is in the game driver (euchre.cpp)"
        );
        // A printed word is no class's decision: nothing is added.
        let mut field = failed(
            Kind::Field,
            "your program prints \"orders up\" as \"order up\"",
        );
        add(&less_wrong(), &mut field);
        assert_eq!(field.diagnosis.len(), 1);
    }
}
