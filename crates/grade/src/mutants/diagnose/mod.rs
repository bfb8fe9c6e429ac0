//! Naming the bug behind a wrong transcript, at its first wrong line
//! (docs/diagnosis.md). A real program's output drifts away after its first
//! wrong decision in ways no single mutant reproduces whole, so the
//! diagnosis works where the program first went wrong:
//!
//! 1. [`runs`]: the catalogued mutants switched on for that one engine step,
//!    from the start of that hand, or for the whole game, from the engine's
//!    own state: those that print the program's wrong line are named, most
//!    specific first;
//! 2. [`reading`]: the program's wrong line read back into what it means
//!    (a play, a bid, a trick taken, a score) by rendering what each
//!    possible event would print with the course's own printer;
//! 3. [`explain`]: that meaning against the rules and the strategy (an
//!    unlawful card and the rule it breaks, a lawful one and the step of the
//!    strategy that chose otherwise);
//! 4. [`text`]: what a line that means nothing the game could do differs
//!    in (a missing or extra line, a name, a number no game gives).
//!
//! When nothing is known for sure, the finding says what kind of
//! difference it is and no more.

mod crash;
mod explain;
mod reading;
mod runs;
mod text;
mod unprinted;

pub use crash::sanitized;

use std::collections::HashMap;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};

use upcard_record::Timeline;
use upcard_scenario::scenario::Scenario;
use upcard_scenario::scenario::diff::{Divergence, first_divergence};
use upcard_scenario::scenario::record;

/// What a finding says of the program's first wrong line.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, serde::Serialize, serde::Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Kind {
    /// A mutant's whole transcript equals the program's.
    Mutant,
    /// A mutant switched on for the one engine step that printed the first
    /// wrong line prints what the program printed.
    Decision,
    /// A mutant switched on from the start of that hand does.
    Hand,
    /// A decision the course never prints (the dealer's discard), made
    /// otherwise, gives the program's lines past the first wrong one.
    Unprinted,
    /// The program's move breaks a rule.
    Illegal,
    /// A lawful move the course's strategy would not make.
    Strategy,
    /// Someone other than the player whose turn it is moves.
    Turn,
    /// The trick, the hand or the game goes to the wrong side.
    Outcome,
    /// A field of the line differs (a name, a number, a word).
    Field,
    /// A number no game state gives: likely uninitialised memory.
    Uninitialised,
    MissingLine,
    ExtraLine,
    /// The output stops before the game's end.
    EndsEarly,
    /// A difference no rule explains: said as it is.
    Difference,
    /// The program stopped on a signal, an assertion, an exception or a
    /// sanitizer's report: what it says, and the game's state there.
    Crash,
    /// What a student's failing scenarios have in common that the passing
    /// ones do not (said by the grader, across scenarios).
    Pattern,
    /// The sanitizer build's report of the same scenario (`--sanitize`).
    Sanitizer,
    /// A function of the student's classes called directly by upcard's
    /// ADT tests (`grade --build --diagnose --course-files`): its smallest
    /// wrong case, or that every function is right.
    Function,
}

impl Kind {
    /// What a finding of this kind rests on, as its label says it.
    pub fn basis(self) -> &'static str {
        match self {
            Kind::Mutant => "the whole game reproduced",
            Kind::Decision | Kind::Hand => "your first wrong line only",
            Kind::Unprinted => "your lines past the first wrong one",
            Kind::Pattern => "a pattern across the scenarios",
            Kind::Crash => "how the program stopped",
            Kind::Sanitizer => "the sanitizer build's report",
            Kind::Function => "your classes, called directly",
            Kind::Illegal | Kind::Strategy | Kind::Turn | Kind::Outcome => {
                "what your first wrong line means"
            }
            Kind::Field
            | Kind::Uninitialised
            | Kind::MissingLine
            | Kind::ExtraLine
            | Kind::EndsEarly
            | Kind::Difference => "the text of your first wrong line",
        }
    }
}

/// The findings as the first lines of a failure's detail, best first, each
/// labelled with what it rests on.
pub fn text(found: &[Finding]) -> String {
    let mut text = String::new();
    for (i, f) in found.iter().enumerate() {
        let label = if i == 0 { "diagnosis" } else { "  also" };
        text.push_str(&format!("{label} ({}): {}\n", f.kind.basis(), f.message));
    }
    text
}

/// One thing the diagnosis says: JSON reports carry it as it is.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Finding {
    /// The catalogued mutant (docs/mutants.md) the finding names, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mutant: Option<String>,
    pub kind: Kind,
    pub message: String,
}

impl Finding {
    fn new(kind: Kind, message: String) -> Finding {
        Finding {
            mutant: None,
            kind,
            message,
        }
    }
}

/// Diagnoses many programs' outputs, keeping the mutants' runs for each
/// scenario and place of first difference: a class whose programs fail a
/// scenario at the same place pays for the runs once.
#[derive(Default)]
pub struct Diagnoser {
    runs: Cache<(PathBuf, String, usize), runs::Runs>,
    discards: Cache<(PathBuf, String, usize), Option<unprinted::Alternatives>>,
    whole: Cache<(PathBuf, String, &'static str), String>,
    games: Cache<(PathBuf, String), Game>,
}

/// The engine's game of a scenario, move by move and step by step.
struct Game {
    timeline: Timeline,
    steps: super::Steps,
}

/// Mutants named at most, besides the local finding.
const MUTANTS: usize = 3;

impl Diagnoser {
    pub fn new() -> Diagnoser {
        Diagnoser::default()
    }

    /// What the program's `actual` output got wrong against `expected`
    /// (the scenario's golden): the mutants that explain its first wrong
    /// line, best first, then what that line means. Empty when the two
    /// agree under the scenario's comparison.
    pub fn diagnose(&self, s: &Scenario, expected: &str, actual: &str) -> Vec<Finding> {
        self.diagnose_naming(s, expected, actual, MUTANTS)
    }

    /// [`Diagnoser::diagnose`], naming up to `mutants` mutants.
    pub fn diagnose_naming(
        &self,
        s: &Scenario,
        expected: &str,
        actual: &str,
        mutants: usize,
    ) -> Vec<Finding> {
        let Some(d) = first_divergence(expected, actual, s.expect.compare) else {
            return Vec::new();
        };
        let game = self.game(s);
        // A golden that is not the engine's transcript (stale, or edited
        // by hand) says nothing of the engine's state: say less.
        let engine = (game.timeline.transcript == expected.as_bytes()).then_some(&game.timeline);
        let place = engine.map(|t| Place::of(t, &game.steps, expected, &d));
        let mut out = Vec::new();
        let mut unprinted = false;
        if let Some(place) = &place {
            let around = self.runs_for(s, expected, place);
            let whole = |e: &'static super::Entry| self.whole(s, e);
            let mut named = around.explaining(&whole, s, expected, actual, &d, mutants);
            let alternatives = self.discards_for(s, &game.timeline, place);
            if let Some((reach, f)) = alternatives
                .as_ref()
                .as_ref()
                .and_then(|a| a.explaining(s, actual, &d))
            {
                // A discard that explains the program's lines further than
                // a mutant's run leaves that run unsaid; a mutant whose
                // whole game is the program's stays first.
                named.retain(|(r, m)| m.kind == Kind::Mutant || *r >= reach);
                let at = named
                    .iter()
                    .take_while(|(_, m)| m.kind == Kind::Mutant)
                    .count();
                named.insert(at, (reach, f));
                unprinted = true;
            }
            out.extend(named.into_iter().map(|(_, f)| f));
        }
        // The wrong line is then a symptom of the discard (a card kept that
        // the engine's dealer discarded): what it means is said already.
        if !unprinted {
            out.extend(local(s, engine, place.as_ref(), expected, actual, &d));
        }
        out
    }

    /// A program that stopped on a signal or with a report on standard
    /// error (`how`: "was killed by SIGABRT"): what its report says and
    /// where the engine's game was when its output stopped, then, where its
    /// output went wrong before that, what [`Diagnoser::diagnose`] says of
    /// the first wrong line (first, as what went wrong first).
    pub fn crash(
        &self,
        s: &Scenario,
        expected: &str,
        actual: &str,
        stderr: &str,
        how: &str,
    ) -> Vec<Finding> {
        let report = crash::Report::read(stderr);
        let d = first_divergence(expected, actual, s.expect.compare);
        // The output is what the engine printed, up to where it stopped.
        let stopped = d.as_ref().is_none_or(|d| d.actual.is_none());
        let game = self.game(s);
        let engine = (game.timeline.transcript == expected.as_bytes()).then_some(&game.timeline);
        let printed = actual.lines().count();
        let state = match (engine, &d) {
            // Nothing printed says nothing of where: output not yet flushed
            // is lost when a program is killed.
            _ if printed == 0 => None,
            (Some(t), Some(d)) if stopped => {
                let place = Place::of(t, &game.steps, expected, d);
                Some(crash::state_at(t, &place))
            }
            (_, None) => Some(("once its output was whole".to_string(), crash::Stage::Other)),
            _ => None,
        };
        let pack = s
            .setup
            .invocation(None)
            .ok()
            .and_then(|i| i.files.first().map(|f| f.0.clone()));
        let f = crash::finding(how, &report, printed, state, pack.as_deref());
        if stopped {
            return vec![f];
        }
        let mut out = self.diagnose(s, expected, actual);
        out.push(f);
        out
    }

    fn game(&self, s: &Scenario) -> Arc<Game> {
        cached(&self.games, (s.path.clone(), s.name.clone()), || Game {
            timeline: record(s),
            steps: super::play_steps(s, None, 0..0, false, usize::MAX),
        })
    }

    /// A mutant's whole game, played once per scenario.
    fn whole(&self, s: &Scenario, e: &'static super::Entry) -> Arc<String> {
        let key = (s.path.clone(), s.name.clone(), e.name);
        cached(&self.whole, key, || runs::Runs::whole(s, e))
    }

    fn discards_for(
        &self,
        s: &Scenario,
        t: &Timeline,
        place: &Place,
    ) -> Arc<Option<unprinted::Alternatives>> {
        let key = (s.path.clone(), s.name.clone(), place.step);
        cached(&self.discards, key, || {
            unprinted::Alternatives::of(s, t, place)
        })
    }

    fn runs_for(&self, s: &Scenario, expected: &str, place: &Place) -> Arc<runs::Runs> {
        let key = (s.path.clone(), s.name.clone(), place.step);
        cached(&self.runs, key, || runs::Runs::around(s, expected, place))
    }
}

/// What the diagnoser keeps, by scenario (its path and name) and more.
type Cache<K, V> = Mutex<HashMap<K, Arc<V>>>;

/// `cache[key]`, made by `make` the first time. Made outside the lock: two
/// workers may both make one once.
fn cached<K: std::hash::Hash + Eq, V>(
    cache: &Cache<K, V>,
    key: K,
    make: impl FnOnce() -> V,
) -> Arc<V> {
    if let Some(v) = cache.lock().expect("not poisoned").get(&key) {
        return v.clone();
    }
    let v = Arc::new(make());
    cache
        .lock()
        .expect("not poisoned")
        .entry(key)
        .or_insert(v)
        .clone()
}

/// Where in the engine's game the first differing expected line was printed.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// The engine step (as [`upcard_rules::agents::Game::step`] counts them; 0 for
    /// the command line printed before the first step).
    pub step: usize,
    /// The first step of the hand begun before that step (0 in the first).
    pub hand_step: usize,
    /// That hand's number.
    pub hand: Option<u32>,
    /// Lines of the transcript through the end of that step.
    pub lines_through_step: usize,
    /// The event that printed the line (None: printed before any event).
    pub event: Option<usize>,
    /// The line's place among its event's lines, from 0.
    pub line_in_event: usize,
}

impl Place {
    fn of(t: &Timeline, steps: &super::Steps, expected: &str, d: &Divergence) -> Place {
        let offset = line_offset(expected, d.expected_line);
        let event = t.event_at(offset.min(expected.len().saturating_sub(1)));
        let event_start = match event {
            None => 0,
            Some(0) => t.header_end,
            Some(e) => t.event_ends[e - 1],
        };
        let line_in_event = expected[event_start..offset].matches('\n').count();
        let step = match event {
            None => 0,
            Some(_) => steps
                .ends
                .iter()
                .position(|&end| end > offset)
                .unwrap_or(steps.ends.len().saturating_sub(1)),
        };
        // The hand begun before the step: a step that deals a hand may show
        // what the last one decided (its dealer, a score).
        let begun = steps.hand_starts.iter().rposition(|&h| h < step);
        let hand_step = begun.map_or(0, |i| steps.hand_starts[i]);
        let through = steps.ends.get(step).copied().unwrap_or(steps.text.len());
        let hand = match begun {
            Some(i) => t
                .events
                .iter()
                .filter_map(|e| match e {
                    upcard_engine::Event::HandStart { hand, .. } => Some(*hand),
                    _ => None,
                })
                .nth(i),
            None => Some(t.initial.hand_no),
        };
        Place {
            step,
            hand_step,
            hand,
            lines_through_step: steps.text[..through]
                .iter()
                .filter(|&&b| b == b'\n')
                .count(),
            event,
            line_in_event,
        }
    }
}

/// A player's name as a finding says it: CS 246 names its players by
/// number, which reads as "Player 3".
pub(crate) fn shown(name: &str) -> String {
    if !name.is_empty() && name.bytes().all(|b| b.is_ascii_digit()) {
        format!("Player {name}")
    } else {
        name.to_string()
    }
}

/// Every seat's name as findings say them.
pub(crate) fn shown_names(names: &[String; 4]) -> [String; 4] {
    std::array::from_fn(|s| shown(&names[s]))
}

/// Byte offset of 1-based `line` in `text` (its length past the end).
pub(crate) fn line_offset(text: &str, line: usize) -> usize {
    text.split_inclusive('\n')
        .take(line.saturating_sub(1))
        .map(str::len)
        .sum()
}

/// Line `n` (1-based) of `text`.
fn line(text: &str, n: usize) -> Option<&str> {
    n.checked_sub(1).and_then(|i| text.lines().nth(i))
}

/// The finding about the first wrong line itself: a missing or extra
/// line, what the line means and why it is wrong, or what kind of
/// difference it is.
fn local(
    s: &Scenario,
    engine: Option<&Timeline>,
    place: Option<&Place>,
    expected: &str,
    actual: &str,
    d: &Divergence,
) -> Vec<Finding> {
    if let Some(f) = text::missing_or_extra(engine, place, expected, actual, d) {
        return vec![f];
    }
    let (Some(want), Some(got)) = (&d.expected, &d.actual) else {
        unreachable!("missing_or_extra takes either end of output")
    };
    if let Some(f) = text::uninitialised(want, got) {
        return vec![f];
    }
    if let Some(f) = text::not_the_game(expected, actual) {
        return vec![f];
    }
    if let (Some(t), Some(p)) = (engine, place)
        && let Some(read) = reading::read(t, p, got)
        && let Some(f) = explain::explain(t, &read)
    {
        return vec![f];
    }
    if let (Some(t), Some(p)) = (engine, place)
        && let Some(f) =
            text::after_game_over(t, p, got).or_else(|| explain::hand_order(t, p, want, got))
    {
        return vec![f];
    }
    vec![text::fields(s, engine, place, want, got, d.expected_line)]
}
