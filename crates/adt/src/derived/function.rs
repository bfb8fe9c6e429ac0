//! One function of a class under test, as upcard's harness calls it: its
//! cases in the harness's order, each with the engine's answer, and the
//! words that say a case; and the judging of one run of it.

use serde::Serialize;
use upcard_sandbox::{Ending, Limits, Run};

/// The class a function belongs to, and so the student files it is built with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub enum Class {
    Card,
    Pack,
    Player,
}

impl Class {
    pub const ALL: [Class; 3] = [Class::Card, Class::Pack, Class::Player];

    pub fn name(self) -> &'static str {
        match self {
            Class::Card => "Card",
            Class::Pack => "Pack",
            Class::Player => "Player",
        }
    }

    /// The student's sources the course compiles with this class's tests
    /// (as its public tests: `course::compiled_with`).
    pub fn sources(self) -> Vec<String> {
        crate::course::compiled_with(&format!("{}_public_tests.cpp", self.name()))
    }
}

type Words = Box<dyn Fn(usize) -> String + Send + Sync>;
type Say = Box<dyn Fn(usize, &str, &str) -> String + Send + Sync>;

/// A function's cases: what its run is told (its name, its standard
/// input), the engine's answer to each, and how a case reads.
pub(crate) struct Function {
    pub class: Class,
    /// The harness's name for it (its one argument).
    pub name: &'static str,
    /// The course's name for it, as the report says it.
    pub title: String,
    /// The run's standard input (the Player's cases, the Pack's stream).
    pub input: String,
    /// The engine's answer to each case, in the harness's order.
    pub expected: Vec<String>,
    /// A case's call in the course's words (what a crash interrupted).
    pub call: Words,
    /// A wrong answer to a case (the case, the answer, the right one),
    /// said: the call, both answers and the rule.
    pub say: Say,
    /// A wrong case's size (the case, the answer, the right one): of the
    /// wrong cases the smallest is shown.
    pub size: fn(usize, &str, &str) -> usize,
    /// The form answers are compared in (a hand's cards as a set).
    pub same: fn(&str, &str) -> bool,
}

pub(crate) fn exactly(a: &str, b: &str) -> bool {
    a == b
}

pub(crate) fn same_size(_: usize, _: &str, _: &str) -> usize {
    0
}

/// How one function did on one student's classes.
#[derive(Clone, Debug, Serialize)]
pub struct FunctionResult {
    pub class: Class,
    pub function: String,
    pub cases: usize,
    /// Cases answered wrong, or not answered (the run stopped before them).
    pub wrong: usize,
    /// The smallest wrong case in the course's words, or why none ran.
    pub finding: Option<String>,
    /// Wrong cases by the cards their call names (a set of the 24, as
    /// `upcard_grade::grade::inside::cards_named` reads it), the smallest of
    /// each set, smallest first, in the course's words: what a diagnosis
    /// matches with the cards of a first wrong line.
    #[serde(skip)]
    pub by_cards: Vec<(u32, String)>,
    /// Whether `by_cards` has every wrong case's set: the run answered
    /// every case, and there were at most `CARD_SETS` sets.
    #[serde(skip)]
    pub all_cards: bool,
}

impl FunctionResult {
    pub fn passed(&self) -> bool {
        self.finding.is_none()
    }
}

const START: &str = "upcard-adt-results";
const END: &str = "upcard-adt-end";

/// The answers of a run: the lines after the harness's first line (what a
/// student's static initializer printed comes before it), up to its end
/// line; whether the end was reached.
fn answers(stdout: &[u8], most: usize) -> (Vec<String>, bool) {
    let text = String::from_utf8_lossy(stdout);
    let mut lines = text.lines().skip_while(|l| *l != START).skip(1);
    let mut out = Vec::new();
    for l in lines.by_ref() {
        if l == END {
            return (out, true);
        }
        if out.len() == most {
            break;
        }
        out.push(l.to_string());
    }
    (out, false)
}

/// How `run` of `f` did.
pub(crate) fn judge(f: &Function, run: &Run, limits: &Limits) -> FunctionResult {
    let n = f.expected.len();
    let (got, ended) = answers(&run.stdout, n);
    let wrong: Vec<usize> = (0..got.len())
        .filter(|&i| !(f.same)(&got[i], &f.expected[i]))
        .collect();
    let unanswered = n - got.len();
    let mut r = FunctionResult {
        class: f.class,
        function: f.title.clone(),
        cases: n,
        wrong: wrong.len() + unanswered,
        finding: None,
        by_cards: Vec::new(),
        all_cards: false,
    };
    (r.by_cards, r.all_cards) = by_cards(f, &wrong, &got);
    let smallest = wrong
        .iter()
        .min_by_key(|&&i| ((f.size)(i, &got[i], &f.expected[i]), i));
    let mut finding = smallest.map(|&i| (f.say)(i, &got[i], &f.expected[i]));
    if unanswered > 0 || !ended || run.ending != Ending::Exited(0) {
        let stopped = stopped(f, run, limits, got.len());
        finding = Some(match finding {
            Some(w) => format!("{w}; and {stopped}"),
            None => stopped,
        });
        r.wrong = r.wrong.max(1);
        r.all_cards = false;
    }
    r.finding = finding;
    r
}

/// Card sets kept for a function's wrong cases (the first met, in the
/// harness's order): a bound on what a diagnosis keeps for each.
const CARD_SETS: usize = 128;

/// The smallest wrong case of each set of cards the wrong cases' calls
/// name (at most `CARD_SETS` sets), smallest first, said; and whether
/// every wrong case's set is among them.
fn by_cards(f: &Function, wrong: &[usize], got: &[String]) -> (Vec<(u32, String)>, bool) {
    let mut all = true;
    let mut sets: std::collections::BTreeMap<u32, (usize, usize)> = Default::default();
    for &i in wrong {
        let set = upcard_grade::grade::inside::cards_named(&(f.call)(i));
        let size = (f.size)(i, &got[i], &f.expected[i]);
        let full = sets.len() >= CARD_SETS;
        match sets.get_mut(&set) {
            Some(kept) => *kept = (*kept).min((size, i)),
            None if !full => {
                sets.insert(set, (size, i));
            }
            None => all = false,
        }
    }
    let mut kept: Vec<(usize, usize, u32)> =
        sets.into_iter().map(|(m, (z, i))| (z, i, m)).collect();
    kept.sort_unstable();
    let said = kept
        .into_iter()
        .map(|(_, i, m)| (m, (f.say)(i, &got[i], &f.expected[i])))
        .collect();
    (said, all)
}

/// Why a run stopped before its end, and where.
fn stopped(f: &Function, run: &Run, limits: &Limits, at: usize) -> String {
    let how = match &run.ending {
        Ending::Exited(0) => "it ended the program early (exit status 0)".to_string(),
        Ending::Exited(c) => format!("it exited with status {c}"),
        Ending::OutOfMemory => "it ran out of memory".to_string(),
        e => format!("it {}", e.describe(limits)),
    };
    let mut s = if at < f.expected.len() {
        format!("{how} at `{}`", (f.call)(at))
    } else {
        format!("{how} after its last case")
    };
    let tail = String::from_utf8_lossy(&run.stderr);
    if let Some(last) = tail.lines().rev().find(|l| !l.trim().is_empty()) {
        let last = upcard_parse::escape::printable_line(last.trim());
        let last: String = last.chars().take(200).collect();
        s.push_str(&format!(" ({last})"));
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn answers_start_after_the_harness_line_and_stop_at_its_end() {
        let out = b"debug from a static\nupcard-adt-results\n1\n0\nupcard-adt-end\n";
        assert_eq!(answers(out, 5), (vec!["1".to_string(), "0".into()], true));
        let cut = b"upcard-adt-results\n1\n";
        assert_eq!(answers(cut, 5), (vec!["1".to_string()], false));
        // No more answers than cases are kept.
        let flood = b"upcard-adt-results\n1\n1\n1\n";
        assert_eq!(answers(flood, 2).0.len(), 2);
    }
}
