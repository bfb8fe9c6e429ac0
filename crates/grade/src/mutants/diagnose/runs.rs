//! The catalogue's mutants run from the engine's own game at the first
//! difference: switched on for that one step, from the start of its hand,
//! and for the whole game. A mutant explains the program's first wrong
//! line when its run prints that line as the program did.

use super::{Finding, Kind, Place};
use crate::mutants::{Entry, Mutant, for_rules, play_on, play_steps};
use std::sync::Arc;
use upcard_engine::mutants::Switch;
use upcard_engine::{Event, State, VecSink};
use upcard_scenario::scenario::diff::{Divergence, first_divergence, same};
use upcard_scenario::scenario::{Scenario, start};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Scope {
    Step,
    Hand,
}

struct Run {
    entry: &'static Entry,
    scope: Scope,
    /// The run printed what the engine printed for these bytes of the
    /// golden, then `tail` (a run put back at a state keeps no copy).
    prefix: usize,
    /// Lines in the golden's `prefix` bytes.
    prefix_lines: usize,
    tail: String,
}

impl Run {
    fn text(&self, expected: &str) -> String {
        [&expected[..self.prefix], self.tail.as_str()].concat()
    }
}

/// Mutants' runs (those that change nothing printed are left out).
#[derive(Default)]
pub(crate) struct Runs {
    runs: Vec<Run>,
    hand: Option<u32>,
}

/// The mutants of the scenario's rule set that can be told apart from it.
fn mutants(s: &Scenario) -> impl Iterator<Item = &'static Entry> {
    let rules = s.rules.course().name();
    for_rules(rules).filter(move |e| e.equivalent_in(rules).is_none())
}

impl Runs {
    #[allow(clippy::too_many_arguments)]
    fn add(
        &mut self,
        expected: &str,
        entry: &'static Entry,
        scope: Scope,
        prefix: usize,
        tail: Vec<u8>,
        finished: bool,
    ) {
        let tail = String::from_utf8_lossy(&tail).into_owned();
        // Printing what the engine printed so far (and no less, when its
        // game ended), the mutant did nothing here.
        let ended_early = finished && prefix + tail.len() < expected.len();
        if !expected[prefix..].starts_with(&tail) || ended_early {
            self.runs.push(Run {
                entry,
                scope,
                prefix,
                prefix_lines: lines(&expected.as_bytes()[..prefix]),
                tail,
            });
        }
    }

    /// A mutant's whole game.
    pub fn whole(s: &Scenario, entry: &Entry) -> String {
        let steps = play_steps(s, Some(entry.mutant), 0..usize::MAX, true, usize::MAX);
        String::from_utf8_lossy(&steps.text).into_owned()
    }

    /// Every mutant for the place's one step, and from the start of its hand.
    pub fn around(s: &Scenario, expected: &str, place: &Place) -> Runs {
        // A few lines past the step: its own lines and the next few.
        let lines = place.lines_through_step + 6;
        let mut runs = Runs {
            runs: Vec::new(),
            hand: place.hand,
        };
        // From the hand's start (the game's, in the first hand).
        let hand_too = place.hand_step != place.step;
        if let Some(mut from) = Resumed::new(s, place) {
            // Put back at the place's state rather than replayed from the
            // start; a mutant whose switch the rules' own play there never
            // consults plays it as the rules do, and is not run.
            let at_step = from.consulted(false, lines);
            let in_hand = if hand_too {
                from.consulted(true, lines)
            } else {
                0
            };
            let seen = |mask: u128, m: Mutant| mask & 1 << m as u32 != 0;
            for entry in mutants(s) {
                let m = entry.mutant;
                if seen(at_step, m) {
                    let (text, end) = from.run(m, false, lines);
                    runs.add(expected, entry, Scope::Step, from.before_step, text, end);
                }
                if hand_too && seen(in_hand, m) {
                    let (text, end) = from.run(m, true, lines);
                    runs.add(expected, entry, Scope::Hand, from.before_hand, text, end);
                }
            }
            return runs;
        }
        runs.replayed(s, expected, place);
        runs
    }

    /// [`Runs::around`] by replaying the game from its start for each run
    /// (any agents: humans read their input again).
    fn replayed(&mut self, s: &Scenario, expected: &str, place: &Place) {
        let lines = place.lines_through_step + 6;
        let hand_too = place.hand_step != place.step;
        let runs = self;
        for entry in mutants(s) {
            let m = Some(entry.mutant);
            let steps = play_steps(s, m, place.step..place.step + 1, place.step == 0, lines);
            runs.add(expected, entry, Scope::Step, 0, steps.text, steps.finished);
            if hand_too {
                let steps = play_steps(s, m, place.hand_step..usize::MAX, false, lines);
                runs.add(expected, entry, Scope::Hand, 0, steps.text, steps.finished);
            }
        }
    }

    /// The mutants whose runs print the program's first wrong line, at most
    /// `max`, each once: those whose whole game prints the program's whole
    /// output first (`whole` plays a mutant's game, only for the mutants
    /// that explain the line), then the most specific scope, then the
    /// longest agreement. Each with the 1-based line of the program's
    /// output where its run first differs (`usize::MAX`: nowhere).
    #[allow(clippy::too_many_arguments)]
    pub fn explaining(
        &self,
        whole: &dyn Fn(&'static Entry) -> Arc<String>,
        s: &Scenario,
        expected: &str,
        actual: &str,
        d: &Divergence,
        max: usize,
    ) -> Vec<(usize, Finding)> {
        let compare = s.expect.compare;
        // The program's first wrong line, as bytes of its output.
        let wrong_line = {
            let from = super::line_offset(actual, d.actual_line);
            let to = actual[from..]
                .find('\n')
                .map_or(actual.len(), |n| from + n + 1);
            from..to
        };
        let agreed = common(expected.as_bytes(), actual.as_bytes());
        let mut found: Vec<(Kind, std::cmp::Reverse<usize>, usize, Finding)> = Vec::new();
        for (i, run) in self.runs.iter().enumerate() {
            let reach = if compare.is_exact() {
                // Bytes, not lines: a class's failures each check every
                // run, and most runs differ from the program at once.
                match reach_exact(run, actual, agreed, wrong_line.clone()) {
                    Some(r) => r,
                    None => continue,
                }
            } else {
                first_divergence(&run.text(expected), actual, compare)
                    .map_or(usize::MAX, |r| r.actual_line)
            };
            // The line alone may agree by chance (a blank line, say): the
            // run must agree on the line after it too, where it has one.
            let run_lines = run.prefix_lines + lines(run.tail.as_bytes());
            if reach <= d.actual_line || (reach == d.actual_line + 1 && run_lines > d.actual_line) {
                continue;
            }
            let (name, what) = (run.entry.name, run.entry.what);
            // Runs come step first: a mutant's second is no more specific.
            if found.iter().any(|f| f.3.mutant.as_deref() == Some(name)) {
                continue;
            }
            let exact = same(&whole(run.entry), actual, compare);
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
            };
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
        // Say less when more is known: mutants that print the whole output
        // leave those that only make the first wrong line unsaid.
        if found.first().is_some_and(|f| f.0 == Kind::Mutant) {
            found.retain(|f| f.0 == Kind::Mutant);
        }
        found.truncate(max);
        found.into_iter().map(|f| (f.1.0, f.3)).collect()
    }
}

fn lines(b: &[u8]) -> usize {
    b.iter().filter(|&&c| c == b'\n').count()
}

/// With exact comparison: the 1-based line of `actual` where `text` first
/// differs from it (past the end: one more than its lines), or None when
/// `text` does not print the program's wrong line (at `wrong`) as it did.
/// `agreed`: the bytes the golden and `actual` share from the start.
fn reach_exact(
    run: &Run,
    actual: &str,
    agreed: usize,
    wrong: std::ops::Range<usize>,
) -> Option<usize> {
    // The run's own bytes begin past where the golden leaves the program.
    if run.prefix > agreed {
        return None;
    }
    let tail = run.tail.as_bytes();
    let rest = &actual.as_bytes()[run.prefix..];
    let at = wrong.start.checked_sub(run.prefix)?..wrong.end - run.prefix;
    if tail.get(at.clone()) != rest.get(at) {
        return None;
    }
    let same = run.prefix + common(tail, rest);
    if same < wrong.end {
        return None;
    }
    if same == run.prefix + tail.len() && same == actual.len() {
        return Some(usize::MAX);
    }
    Some(lines(&actual.as_bytes()[..same]) + 1)
}

/// Bytes `a` and `b` share from the start.
fn common(a: &[u8], b: &[u8]) -> usize {
    a.iter().zip(b).take_while(|(x, y)| x == y).count()
}

/// A game of stateless agents put back at the place's hand and step, to
/// go on from there with each mutant: a mutant's run costs the steps from
/// there on, not the whole game again.
struct Resumed<'a> {
    s: &'a Scenario,
    game: upcard_rules::agents::Game,
    /// The state when the place's hand and step began.
    at_hand: State,
    at_step: State,
    /// The hand's events before the step (for the printer to be as it was).
    events: Vec<Event>,
    /// Bytes printed before the hand and before the step.
    before_hand: usize,
    before_step: usize,
    /// Lines printed before the hand and before the step.
    lines_before: (usize, usize),
}

impl<'a> Resumed<'a> {
    fn new(s: &'a Scenario, place: &Place) -> Option<Resumed<'a>> {
        if place.step == 0 {
            return None;
        }
        let (mut game, mut printer) = start(s, Switch::OFF);
        if !game.stateless() {
            return None;
        }
        let mut events = VecSink::default();
        let mut at_hand = None;
        let mut hand_events = 0;
        let mut before_hand = 0;
        for k in 0..place.step {
            if k == place.hand_step {
                at_hand = Some(game.state.clone());
                hand_events = events.0.len();
                before_hand = printer.bytes().len();
            }
            if !matches!(game.step(&mut (&mut *printer, &mut events)), Ok(true)) {
                return None;
            }
        }
        Some(Resumed {
            s,
            at_hand: at_hand.unwrap_or_else(|| game.state.clone()),
            at_step: game.state.clone(),
            events: events.0.split_off(hand_events),
            before_hand,
            before_step: printer.bytes().len(),
            lines_before: (
                lines(&printer.bytes()[..before_hand]),
                lines(printer.bytes()),
            ),
            game,
        })
    }

    /// The mutants whose switches the rules' own play consults where
    /// [`Resumed::run`] would switch one on (from the hand's start, to the
    /// line limit, when `hand`; else the step alone).
    fn consulted(&mut self, hand: bool, lines: usize) -> u128 {
        let (state, events, before, steps) = if hand {
            (&self.at_hand, &[][..], self.lines_before.0, usize::MAX)
        } else {
            (&self.at_step, &self.events[..], self.lines_before.1, 1)
        };
        let left = lines.saturating_sub(before);
        crate::mutants::consulted(self.s, &mut self.game, state, events, steps, left)
    }

    /// The mutant switched on from the hand's start (`hand`), or for the
    /// step alone.
    fn run(&mut self, m: Mutant, hand: bool, lines: usize) -> (Vec<u8>, bool) {
        let (state, events, before, on) = if hand {
            (&self.at_hand, &[][..], self.lines_before.0, usize::MAX)
        } else {
            (&self.at_step, &self.events[..], self.lines_before.1, 1)
        };
        let left = lines.saturating_sub(before);
        play_on(self.s, &mut self.game, state, events, m, on, left)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Put back at a state, a game of stateless agents runs each mutant as
    /// the game replayed from its start does.
    #[test]
    fn resumed_runs_are_the_replayed_runs() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/eecs280");
        let mut checked = 0;
        for name in [
            "euchred",
            "march",
            "left-bower-not-its-printed-suit",
            "official-test01-adi",
        ] {
            let s = Scenario::load(&dir.join(format!("{name}.yaml"))).unwrap();
            let g = upcard_scenario::scenario::record(&s);
            let expected = String::from_utf8(g.transcript.clone()).unwrap();
            let steps = play_steps(&s, None, 0..0, false, usize::MAX);
            for step in (1..steps.ends.len()).step_by(7) {
                let hand_step = steps
                    .hand_starts
                    .iter()
                    .rev()
                    .find(|&&h| h < step)
                    .copied()
                    .unwrap_or(0);
                let through = steps.ends[step];
                let place = Place {
                    step,
                    hand_step,
                    hand: None,
                    lines_through_step: steps.text[..through]
                        .iter()
                        .filter(|&&b| b == b'\n')
                        .count(),
                    event: None,
                    line_in_event: 0,
                };
                let fast = Runs::around(&s, &expected, &place);
                let mut slow = Runs::default();
                slow.replayed(&s, &expected, &place);
                let names = |r: &Runs| -> Vec<(&str, Scope)> {
                    r.runs.iter().map(|x| (x.entry.name, x.scope)).collect()
                };
                assert_eq!(names(&fast), names(&slow), "{name} at step {step}");
                for (f, s) in fast.runs.iter().zip(&slow.runs) {
                    assert!(
                        f.text(&expected) == s.text(&expected),
                        "{name} at step {step}: {} {:?}",
                        f.entry.name,
                        f.scope
                    );
                }
                checked += 1;
            }
        }
        assert!(checked > 20, "{checked}");
    }
}
