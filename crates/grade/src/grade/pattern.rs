//! What a student's failing scenarios have in common that the others do
//! not (`--diagnose`): "crashes exactly on the 4 scenarios with a Human
//! player". A first wrong line says what one game shows; the pattern says
//! what separates pass from fail across all of them, and often names the
//! bug's place (the pack file's name, the shuffle, the Human player).

use super::{Outcome, Verdict, invocation};
use crate::mutants::{Finding, Kind};
use upcard_scenario::scenario::Scenario;

/// One thing a scenario's command line can have.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Trait {
    /// Some player is a Human.
    Human,
    /// Argument `at` (from 0, after argv[0]) is `value`.
    Arg { at: usize, value: String },
}

/// A trait, or its absence.
#[derive(Clone, Debug)]
struct Test {
    has: Trait,
    holds: bool,
}

impl Test {
    fn of(&self, args: &[String]) -> bool {
        let has = match &self.has {
            Trait::Human => args.iter().any(|a| a == "Human"),
            Trait::Arg { at, value } => args.get(*at) == Some(value),
        };
        has == self.holds
    }

    /// "with a Human player", "whose pack file is not named pack.in".
    fn words(&self, course: &str) -> String {
        let not = if self.holds { "" } else { "not " };
        match (&self.has, course) {
            (Trait::Human, _) if self.holds => "with a Human player".into(),
            (Trait::Human, _) => "with no Human player".into(),
            (Trait::Arg { at: 0, value }, "eecs280") => {
                format!("whose pack file is {not}named {value}")
            }
            (Trait::Arg { at: 1, value }, "eecs280") => {
                if self.shuffles(value) {
                    "that shuffle the pack".into()
                } else {
                    "that do not shuffle the pack".into()
                }
            }
            (Trait::Arg { at: 2, value }, "eecs280") => format!("{not}played to {value} points"),
            (Trait::Arg { at, value }, _) => {
                format!("whose argument {} is {not}{value:?}", at + 1)
            }
        }
    }

    /// EECS 280's argv[2] test holds of the scenarios that shuffle.
    fn shuffles(&self, value: &str) -> bool {
        (value == "shuffle") == self.holds
    }

    /// The question the pattern points at, where it points at one.
    fn question(&self, course: &str) -> &'static str {
        match (&self.has, course, self.holds) {
            (Trait::Human, _, true) => {
                ": is the Human player written, and its input read as the spec says?"
            }
            (Trait::Arg { at: 0, value }, "eecs280", false) if value == "pack.in" => {
                ": is the pack opened from the file argv[1] names, not from pack.in?"
            }
            (Trait::Arg { at: 1, value }, "eecs280", _) if self.shuffles(value) => {
                ": is the pack shuffled as the spec says (in-shuffled seven times before each hand, each hand going on from the last one's order)?"
            }
            _ => "",
        }
    }
}

/// The outcomes a pattern is about: crashes, or every failure.
#[derive(Clone, Copy)]
enum Class {
    Crashes,
    Fails,
}

impl Class {
    fn has(self, o: &Outcome) -> bool {
        match self {
            Class::Crashes => matches!(o.verdict, Verdict::Crash(_)),
            Class::Fails => !o.verdict.passed(),
        }
    }

    fn verb(self) -> (&'static str, &'static str) {
        match self {
            Class::Crashes => ("crashes", "does not crash on"),
            Class::Fails => ("fails", "passes"),
        }
    }
}

/// Puts the pattern, if there is one, first in the diagnosis of each
/// outcome it is about. `cases[o.case]` is the scenario of outcome `o`.
pub(crate) fn mark<W>(cases: &[(Scenario, W)], outs: &mut [Outcome]) {
    let args: Vec<Option<Vec<String>>> = outs
        .iter()
        .map(|o| {
            let graded = !matches!(o.verdict, Verdict::NotRun(_) | Verdict::BuildFailed);
            let s = &cases.get(o.case)?.0;
            graded
                .then(|| invocation(s, None).ok().map(|i| i.args))
                .flatten()
        })
        .collect();
    let Some(course) = outs
        .first()
        .and_then(|o| cases.get(o.case))
        .map(|c| c.0.rules.course().name())
    else {
        return;
    };
    for class in [Class::Crashes, Class::Fails] {
        let Some((test, n, others)) = find(class, outs, &args, course) else {
            continue;
        };
        let (verb, not) = class.verb();
        let finding = Finding {
            mutant: None,
            kind: Kind::Pattern,
            message: format!(
                "your program {verb} exactly on the {n} scenarios {} and {not} the {others} others{}",
                test.words(course),
                test.question(course)
            ),
        };
        for (o, a) in outs.iter_mut().zip(&args) {
            if a.is_some() && class.has(o) {
                o.lead_diagnosis(finding.clone());
            }
        }
        // One pattern is said: crashes first, as the more particular.
        return;
    }
}

/// The first test that holds of exactly the outcomes of `class` (at least
/// two of them, and at least two other outcomes graded).
fn find(
    class: Class,
    outs: &[Outcome],
    args: &[Option<Vec<String>>],
    course: &str,
) -> Option<(Test, usize, usize)> {
    let graded: Vec<(&Outcome, &Vec<String>)> = outs
        .iter()
        .zip(args)
        .filter_map(|(o, a)| a.as_ref().map(|a| (o, a)))
        .collect();
    let n = graded.iter().filter(|(o, _)| class.has(o)).count();
    let others = graded.len() - n;
    // A lone scenario on either side sets itself apart by chance.
    if n < 2 || others < 2 {
        return None;
    }
    tests(&graded, course)
        .into_iter()
        .find(|t| graded.iter().all(|(o, a)| t.of(a) == class.has(o)))
        .map(|t| (t, n, others))
}

/// Every test, in the order a pattern is preferred: a Human player, then
/// each argument's values in their order of first appearance.
fn tests(graded: &[(&Outcome, &Vec<String>)], course: &str) -> Vec<Test> {
    let mut traits = vec![Trait::Human];
    for (_, args) in graded {
        for (at, value) in args.iter().enumerate() {
            // EECS 280's players' names say nothing of a bug (their kinds
            // are the Human test): the pack, the shuffle and the points do.
            if course == "eecs280" && at > 2 {
                break;
            }
            let t = Trait::Arg {
                at,
                value: value.clone(),
            };
            if !traits.contains(&t) {
                traits.push(t);
            }
        }
    }
    traits
        .into_iter()
        .flat_map(|has| {
            [true, false].map(|holds| Test {
                has: has.clone(),
                holds,
            })
        })
        .collect()
}
