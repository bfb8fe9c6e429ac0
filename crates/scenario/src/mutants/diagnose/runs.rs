//! The catalogue's mutants run from the engine's own game at the first
//! difference: switched on for that one step, from the start of its hand,
//! and for the whole game. A mutant explains the program's first wrong
//! line when its run prints that line as the program did.

use super::{Finding, Kind, Place};
use crate::mutants::{Entry, for_rules, play_steps};
use crate::scenario::Scenario;
use crate::scenario::diff::{Divergence, first_divergence, same};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Step,
    Hand,
    Game,
}

struct Run {
    entry: &'static Entry,
    scope: Scope,
    text: String,
}

/// Every mutant's runs around one place of one scenario (those that change
/// nothing printed there are left out).
pub(crate) struct Runs {
    runs: Vec<Run>,
    hand: Option<u32>,
}

impl Runs {
    pub fn new(s: &Scenario, expected: &str, place: &Place) -> Runs {
        // A few lines past the step: enough to see the step's own lines.
        let lines = place.lines_through_step + 3;
        let mut runs = Vec::new();
        let rules = s.rules.course().name();
        for entry in for_rules(rules).filter(|e| e.equivalent_in(rules).is_none()) {
            let m = Some(entry.mutant);
            let mut add = |scope: Scope, steps: crate::mutants::Steps| {
                let text = String::from_utf8_lossy(&steps.text).into_owned();
                // Printing what the engine printed so far (and no less, when
                // its game ended), the mutant did nothing here.
                let ended_early = steps.finished && text.len() < expected.len();
                if !expected.starts_with(&text) || ended_early {
                    runs.push(Run { entry, scope, text });
                }
            };
            add(
                Scope::Step,
                play_steps(s, m, place.step..place.step + 1, lines),
            );
            if place.hand_step != 0 && place.hand_step != place.step {
                add(
                    Scope::Hand,
                    play_steps(s, m, place.hand_step..usize::MAX, lines),
                );
            }
            add(Scope::Game, play_steps(s, m, 0..usize::MAX, usize::MAX));
        }
        Runs {
            runs,
            hand: place.hand,
        }
    }

    /// The mutants whose runs print the program's first wrong line, at most
    /// `max`, each once: the most specific scope first (a whole transcript
    /// equal to the program's before all), then the longest agreement.
    pub fn explaining(
        &self,
        s: &Scenario,
        actual: &str,
        d: &Divergence,
        max: usize,
    ) -> Vec<Finding> {
        let compare = s.expect.compare;
        let mut found: Vec<(Kind, std::cmp::Reverse<usize>, usize, Finding)> = Vec::new();
        for (i, run) in self.runs.iter().enumerate() {
            let exact = run.scope == Scope::Game && same(&run.text, actual, compare);
            let reach =
                first_divergence(&run.text, actual, compare).map_or(usize::MAX, |r| r.actual_line);
            if !exact && reach <= d.actual_line {
                continue;
            }
            let (name, what) = (run.entry.name, run.entry.what);
            let (kind, message) = match run.scope {
                _ if exact => (
                    Kind::Mutant,
                    format!(
                        "your output equals the engine with mutant `{name}` on this scenario: {what}"
                    ),
                ),
                Scope::Step => (
                    Kind::Decision,
                    format!(
                        "at your first wrong line the engine goes wrong the same way with mutant `{name}` switched on for that one step: {what}"
                    ),
                ),
                Scope::Hand => (
                    Kind::Hand,
                    format!(
                        "the engine with mutant `{name}` switched on from the start of {} prints your first wrong line: {what}",
                        self.hand
                            .map_or("that hand".to_string(), |h| format!("hand {h}"))
                    ),
                ),
                Scope::Game => (
                    Kind::Game,
                    format!(
                        "your output matches the engine with mutant `{name}` for its first {} lines, past the first difference: {what}",
                        reach - 1
                    ),
                ),
            };
            if found.iter().any(|f| f.3.mutant.as_deref() == Some(name)) {
                // Keep the mutant's most specific finding.
                let old = found
                    .iter_mut()
                    .find(|f| f.3.mutant.as_deref() == Some(name))
                    .expect("found");
                if (kind, std::cmp::Reverse(reach)) < (old.0, old.1) {
                    *old = (
                        kind,
                        std::cmp::Reverse(reach),
                        i,
                        Finding {
                            mutant: Some(name.into()),
                            kind,
                            message,
                        },
                    );
                }
                continue;
            }
            found.push((
                kind,
                std::cmp::Reverse(reach),
                i,
                Finding {
                    mutant: Some(name.into()),
                    kind,
                    message,
                },
            ));
        }
        found.sort_by_key(|f| (f.0, f.1, f.2));
        // Say less when more is known: a mutant that prints the whole
        // output, or one that makes the first wrong step, leaves the weaker
        // matches of the whole game unsaid.
        let best = found.first().map(|f| f.0);
        found.retain(|f| match best {
            Some(Kind::Mutant) => f.0 == Kind::Mutant,
            Some(Kind::Decision) => f.0 != Kind::Game,
            _ => true,
        });
        found.truncate(max);
        found.into_iter().map(|f| f.3).collect()
    }
}
