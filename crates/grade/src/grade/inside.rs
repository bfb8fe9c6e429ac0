//! The diagnosis from inside (`grade --build --diagnose --course-files`):
//! what upcard's ADT tests found calling a student's classes directly.
//! Where a failing scenario's first wrong line is a decision (a bid, a
//! discard, a lead, a card played), the wrong function behind that kind of
//! decision leads the diagnosis, labelled as called directly — with its
//! wrong case on the line's own cards where it has one; a function wrong
//! in no case with those cards is said last, as not the cause. Where the
//! functions behind it are all right, the diagnosis says the bug is in
//! the game driver. Transcript findings stay, for bugs in `euchre.cpp`.

use crate::mutants::{Finding, Kind};

use super::verdict::Outcome;

/// A wrong function that rests on no other wrong one.
#[derive(Clone, Debug)]
pub struct Wrong {
    pub function: String,
    /// Its smallest wrong case, in the course's words.
    pub case: String,
    /// The functions it can make wrong: itself and those resting on it.
    pub explains: Vec<String>,
    /// Its wrong cases by the cards they name (`cards_named`), smallest
    /// first: one of them may be the first wrong line's.
    pub by_cards: Vec<(u32, String)>,
    /// Whether `by_cards` has every wrong case's set (it is bounded).
    pub all_cards: bool,
    /// A function it rests on is wrong too (`upcard::adt::explains`): it is
    /// said only where it is wrong on the first wrong line's own cards,
    /// since that other function is the likelier cause elsewhere.
    pub rests: bool,
}

/// The cards a text names in the course's words ("the Jack of Hearts"),
/// as a set of the 24 (a bit each, by the engine's plain index).
pub fn cards_named(text: &str) -> u32 {
    static NAMES: std::sync::LazyLock<Vec<(String, u32)>> = std::sync::LazyLock::new(|| {
        upcard_engine::cards::all_cards()
            .map(|c| (c.long().to_string(), 1 << c.plain_index()))
            .collect()
    });
    NAMES
        .iter()
        .filter(|(name, _)| text.contains(name.as_str()))
        .fold(0, |set, (_, bit)| set | bit)
}

/// Whether a wrong case's cards are the first wrong line's: the one set
/// holds the other, and they share two cards (one where the line names one).
fn same_cards(case: u32, line: u32) -> bool {
    let shared = (case & line).count_ones();
    shared >= line.count_ones().clamp(1, 2) && (case & !line == 0 || line & !case == 0)
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
    // The first finding that says which decision it is (a mutant's finding
    // names a rule, the meaning of the first wrong line names the move).
    let Some(targets) = out
        .diagnosis
        .iter()
        .filter(|f| kind_decides(f.kind))
        .map(|f| deciders(&f.message))
        .find(|t| !t.is_empty())
    else {
        return;
    };
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
    // A function wrong on the first wrong line's own cards first, with
    // that case; the others with their smallest case. Best last: each is
    // put first in turn.
    // The cards: of the first such finding that names any (the meaning of
    // the first wrong line names the move's; a mutant's names none).
    let line = out
        .diagnosis
        .iter()
        .filter(|f| kind_decides(f.kind))
        .map(|f| cards_named(&f.message))
        .find(|set| *set != 0)
        .unwrap_or(0);
    let mut lead: Vec<(bool, String)> = Vec::new();
    for w in &behind {
        let on_line = w
            .by_cards
            .iter()
            .find(|(set, _)| line != 0 && same_cards(*set, line));
        match on_line {
            Some((_, case)) => lead.push((
                true,
                format!(
                    "your {}, on the cards of your first wrong line: {case}",
                    w.function
                ),
            )),
            // Said where a function it rests on is not the cause.
            None if w.rests => {}
            // Wrong, but in no case with this line's cards: not its cause.
            None if line != 0 && w.all_cards => out.end_diagnosis(Finding {
                mutant: None,
                kind: Kind::Function,
                message: format!(
                    "your {} is wrong, though in no case with the cards of your first wrong line: {}",
                    w.function, w.case
                ),
            }),
            None => lead.push((false, format!("your {}: {}", w.function, w.case))),
        }
    }
    // Those on the line's cards first; each is put first in turn.
    lead.sort_by_key(|(on_line, _)| !*on_line);
    for (_, message) in lead.into_iter().rev() {
        out.lead_diagnosis(Finding {
            mutant: None,
            kind: Kind::Function,
            message,
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
        o.detail = crate::mutants::diagnosis_text(&o.diagnosis) + "the diff\n";
        o
    }

    fn less_wrong() -> Inside {
        Inside {
            wrong: vec![Wrong {
                function: "Card_less(a, b, trump)".into(),
                case: "`Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false".into(),
                explains: vec!["Card_less(a, b, trump)".into(), "Simple lead_card".into()],
                by_cards: Vec::new(),
                all_cards: false,
                rests: false,
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

    /// A function resting on a wrong one (a `Card_less` with a led card on
    /// `Card_less`) is said where it is wrong on the line's own cards, ahead
    /// of the one it rests on; elsewhere the other is the likelier cause.
    #[test]
    fn a_function_resting_on_a_wrong_one_is_said_on_the_lines_cards() {
        let led = "`Card_less(Jack of Hearts, Queen of Clubs, Jack of Diamonds, Spades)` is false; \
                   it should be true (wrong too, and used here: Card_less(a, b, trump))";
        let resting = |by_cards: Vec<(u32, String)>| Wrong {
            function: "Card_less(a, b, led_card, trump)".into(),
            case: led.into(),
            explains: vec![
                "Card_less(a, b, led_card, trump)".into(),
                "Simple play_card".into(),
            ],
            by_cards,
            all_cards: true,
            rests: true,
        };
        let line = "Barbara plays the Queen of Clubs, a lawful card, where the strategy plays the \
                    Jack of Hearts; of the cards Barbara could play (the King of Spades, the Queen \
                    of Clubs and the Jack of Hearts), the Queen of Clubs is number 2 from the top \
                    in this trick's order (Spades trump, Diamonds led: the Jack of Diamonds)";
        let mut inside = less_wrong();
        inside.wrong[0].explains.push("Simple play_card".into());
        inside
            .wrong
            .push(resting(vec![(cards_named(led), led.to_string())]));
        let mut o = failed(Kind::Strategy, line);
        add(&inside, &mut o);
        assert_eq!(
            o.diagnosis[0].message,
            format!(
                "your Card_less(a, b, led_card, trump), on the cards of your first wrong line: {led}"
            )
        );
        assert!(
            o.diagnosis[1]
                .message
                .starts_with("your Card_less(a, b, trump): ")
        );
        // Wrong only on other cards: not said; the one it rests on is.
        inside.wrong[1] = resting(vec![(cards_named("the Nine of Hearts"), led.to_string())]);
        let mut o = failed(Kind::Strategy, line);
        add(&inside, &mut o);
        assert!(
            o.diagnosis[0]
                .message
                .starts_with("your Card_less(a, b, trump): ")
        );
        assert!(!o.detail.contains("led_card"), "{}", o.detail);
    }

    #[test]
    fn the_case_on_the_first_wrong_lines_cards_is_the_one_said() {
        let clubs =
            "`Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false";
        let hearts =
            "`Card_less(Jack of Hearts, Queen of Hearts, Hearts)` is true; it should be false";
        assert_eq!(cards_named(clubs).count_ones(), 2);
        let mut inside = less_wrong();
        inside.wrong[0].by_cards = vec![
            (cards_named(clubs), clubs.to_string()),
            (cards_named(hearts), hearts.to_string()),
        ];
        let mut o = failed(
            Kind::Strategy,
            "Adi leads the Queen of Hearts, a lawful card, where the strategy leads the Jack of Hearts",
        );
        add(&inside, &mut o);
        assert_eq!(
            o.diagnosis[0].message,
            format!("your Card_less(a, b, trump), on the cards of your first wrong line: {hearts}")
        );
        // Cards no wrong case names: the smallest case, as before.
        let mut o = failed(
            Kind::Strategy,
            "Adi leads the Nine of Diamonds where the strategy leads the Ace of Diamonds",
        );
        add(&inside, &mut o);
        assert_eq!(
            o.diagnosis[0].message,
            format!("your Card_less(a, b, trump): {clubs}")
        );
        // A case of five cards holds a line's two; a line's four a case's three.
        let line = cards_named("the Nine of Diamonds and the Ace of Diamonds");
        let hand = line | cards_named("King of Clubs, Ten of Hearts, Queen of Spades");
        assert!(same_cards(hand, line));
        assert!(!same_cards(
            cards_named("the Nine of Diamonds, the King of Clubs"),
            line
        ));
    }
}
