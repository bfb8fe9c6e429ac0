//! What a failure's detail says: a near miss, the first wrong line, the
//! move that printed it and the game there, and the mutants that print it.

use upcard_record::{Move, describe, state_text};
use upcard_scenario::scenario::diff::{Divergence, first_divergence, same};
use upcard_scenario::scenario::record;
use upcard_scenario::scenario::{Compare, Scenario};

use super::verdict::around;
use super::{Context, Grader, Outcome, Verdict};

/// What printed byte `offset` of the engine's transcript (the command line,
/// a hand's start, a move, a trick's end, the scoring), the rule behind it,
/// and the game just before it.
fn explain_line(s: &Scenario, offset: usize) -> String {
    let t = record(s);
    let Some(e) = t.event_at(offset) else {
        return format!("{}\n", s.rules().course().unattributed_line());
    };
    let names = &t.names;
    let (m, mut out) = match t.move_of_event(e) {
        Ok(i) => {
            let m: &Move = &t.moves[i];
            let mut out = format!(
                "the expected line comes from move {} (hand {}, trick {}): {}\n",
                m.number,
                m.point.hand,
                m.point.trick,
                describe(&m.event, names)
            );
            if let Some(w) = m.why {
                out.push_str(&format!("  why: {w}\n"));
            }
            out.push_str("the game just before that move:\n");
            (m, out)
        }
        Err(next) => {
            let what = format!(
                "the expected line comes from: {}\n",
                describe(&t.events[e], names)
            );
            match next {
                Some(i) => (&t.moves[i], what + "the game at that point:\n"),
                None => return what,
            }
        }
    };
    out.push_str(&state_text(&m.before, &t.names));
    out
}

fn divergence_text(d: &Divergence) -> String {
    let show = |l: &Option<String>| match l {
        Some(l) => format!("{l:?}"),
        None => "(end of output)".to_string(),
    };
    format!(
        "first difference: expected line {}, actual line {}\n  expected: {}\n  actual:   {}\n",
        d.expected_line,
        d.actual_line,
        show(&d.expected),
        show(&d.actual)
    )
}

impl Grader {
    /// What a failure's detail says: a near miss, the first wrong line and
    /// the game there, and with `--diagnose` the mutants that print it.
    pub(super) fn explain(
        &self,
        s: &Scenario,
        want: &str,
        actual: &str,
        outcome: &mut Outcome,
        notes: &mut String,
    ) {
        let compare = s.expect.compare;
        let loose = Compare {
            ignore_blank_lines: true,
            ignore_all_space: true,
            ..Compare::default()
        };
        if outcome.verdict == Verdict::Fail && same(want, actual, loose) {
            outcome.near_miss = true;
            notes.push_str(
                "near miss: the output differs from the expected only in white space and blank \
                 lines (it would pass under diff -B -w); this scenario compares ",
            );
            notes.push_str(&format!("{}\n", compare.describe()));
        }
        if !outcome.verdict.passed()
            && !matches!(outcome.verdict, Verdict::NotRun(_) | Verdict::BuildFailed)
        {
            // What the output got wrong, and the game at that point.
            if let Some(d) = first_divergence(want, actual, compare) {
                notes.push_str(&divergence_text(&d));
                outcome.context = Some(Context {
                    expected: around(want, d.expected_line),
                    actual: around(actual, d.actual_line),
                    expected_line: d.expected_line,
                    actual_line: d.actual_line,
                });
                let offset: usize = want
                    .split_inclusive('\n')
                    .take(d.expected_line.saturating_sub(1))
                    .map(str::len)
                    .sum();
                if d.expected.is_some() {
                    notes.push_str(&explain_line(s, offset));
                }
            }
        }
        if !self.diagnose {
            return;
        }
        let found = match (&outcome.verdict, outcome.exit) {
            (Verdict::Crash(sig), _) => {
                let how = format!("was killed by {sig}");
                self.diagnoser.crash(s, want, actual, &outcome.stderr, &how)
            }
            // A sanitizer's report ends the program with a status.
            (Verdict::Fail, Some(code)) if code != 0 && !outcome.stderr.is_empty() => {
                let how = format!("exited with status {code}");
                self.diagnoser.crash(s, want, actual, &outcome.stderr, &how)
            }
            (Verdict::Fail, _) => self.diagnoser.diagnose(s, want, actual),
            _ => return,
        };
        notes.insert_str(0, &crate::mutants::diagnosis_text(&found));
        outcome.diagnosis = found;
    }
}
