//! Naming the bug behind a wrong transcript: the mutants whose output on the
//! scenario equals the program's, or matches it furthest.

use super::{Entry, for_rules, play};
use crate::scenario::Scenario;
use crate::scenario::diff::same;

/// A mutant that reproduces (some of) a program's wrong output.
#[derive(Clone, Debug)]
pub struct Diagnosis {
    pub entry: &'static Entry,
    /// The mutant's whole output equals the program's (under the scenario's
    /// comparison).
    pub exact: bool,
    /// Lines the mutant's output and the program's share from the start.
    pub lines: usize,
}

impl Diagnosis {
    /// One sentence for the student and the TA.
    pub fn sentence(&self) -> String {
        if self.exact {
            format!(
                "your output equals the engine with mutant `{}` on this scenario: {}",
                self.entry.name, self.entry.what
            )
        } else {
            format!(
                "your output matches the engine with mutant `{}` for its first {} lines, past the first difference: {}",
                self.entry.name, self.lines, self.entry.what
            )
        }
    }
}

/// Lines `a` and `b` share from the start.
fn common_lines(a: &str, b: &str) -> usize {
    a.lines().zip(b.lines()).take_while(|(x, y)| x == y).count()
}

/// The mutants of the scenario's rule set that explain `actual`, best first:
/// those that reproduce it whole, then those that match it past the line where
/// it first leaves `expected` (what it was graded against), longest match
/// first. At most `max`.
pub fn diagnose(s: &Scenario, expected: &str, actual: &str, max: usize) -> Vec<Diagnosis> {
    let agreed = common_lines(expected, actual);
    let mut found: Vec<Diagnosis> = for_rules(s.rules.course().name())
        .filter(|e| e.equivalent_in(s.rules.course().name()).is_none())
        .filter_map(|entry| {
            let text = play(s, entry.mutant).text();
            let exact = same(&text, actual, s.expect.compare);
            let lines = common_lines(&text, actual);
            (exact || lines > agreed).then_some(Diagnosis {
                entry,
                exact,
                lines,
            })
        })
        .collect();
    // Stable: ties keep catalogue order.
    found.sort_by_key(|d| (!d.exact, std::cmp::Reverse(d.lines)));
    found.truncate(max);
    found
}
