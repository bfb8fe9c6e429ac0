//! Rule mutants: catalogued, plausible student bugs the engine, the course
//! strategies and printers can be switched to, to measure how many of them a
//! scenario suite catches (`upcard mutants`) and to name the bug behind a
//! failing program's output (`upcard grade --diagnose`).
//!
//! A mutant is data the code consults at the one place the bug lives
//! (`switch.on(Mutant::X)`), never a copy of the code. The switch is a value
//! the game is given (`upcard_engine::mutants::Switch`, in its `Config`, and
//! given to its printer); this module is the only one that makes one other
//! than the rules': no scenario field, option or course command reaches it.
//! This module is the catalogue around the engine's leaf switch: names,
//! areas, what each bug does, and the runs.

mod catalogue;
mod diagnose;
mod run;

pub use catalogue::{CATALOGUE, Entry, Mutant};
pub use diagnose::{Diagnoser, Finding, Kind, sanitized, text as diagnosis_text};
pub use run::{Outcome, Report, Status, run};
use upcard_engine::mutants::Switch;
use upcard_rules::transcript::Transcript;

use upcard_scenario::scenario::{Played, Scenario};

/// The rule areas the catalogue is grouped by.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Area {
    CardOrder,
    Dealing,
    MakingTrump,
    PickUp,
    Leading,
    Tricks,
    Scoring,
    GameEnd,
    Printing,
    Human,
    Errors,
    Alone,
    SaveFiles,
}

impl Area {
    pub fn name(self) -> &'static str {
        match self {
            Area::CardOrder => "card order",
            Area::Dealing => "dealing and shuffling",
            Area::MakingTrump => "making trump",
            Area::PickUp => "pick-up and discard",
            Area::Leading => "leading and following",
            Area::Tricks => "trick winners",
            Area::Scoring => "scoring",
            Area::GameEnd => "game end and dealer",
            Area::Printing => "printing",
            Area::Human => "human prompts and hands",
            Area::Errors => "error messages and reneging",
            Area::Alone => "going alone",
            Area::SaveFiles => "save files",
        }
    }
}

/// What the catalogue says of `m`.
pub fn entry(m: Mutant) -> &'static Entry {
    &CATALOGUE[m as usize]
}

/// The mutant named `name` (kebab-case), if there is one.
pub fn by_name(name: &str) -> Option<Mutant> {
    CATALOGUE.iter().find(|e| e.name == name).map(|e| e.mutant)
}

/// The catalogue's entries for one rule set, in catalogue order.
pub fn for_rules(rules: &str) -> impl Iterator<Item = &'static Entry> + '_ {
    CATALOGUE.iter().filter(move |e| e.rules.contains(&rules))
}

/// Hands a mutant's game may last, the engine's limit for every game: a
/// mutant can make a game endless (one that deals the same cards every hand
/// and lets everyone pass, say).
pub use upcard_rules::agents::MAX_HANDS;

/// Plays `scenario` through the engine with `mutant` switched on, stopping
/// it after [`MAX_HANDS`] hands (as a program that hangs would be stopped).
pub fn play(scenario: &Scenario, mutant: Mutant) -> Played {
    upcard_scenario::scenario::play_within(scenario, MAX_HANDS, Switch::to(mutant))
}

/// Plays the next steps of `game`, printed by `printer`, as `switch` has it.
fn switch(game: &mut upcard_rules::agents::Game, printer: &mut dyn Transcript, switch: Switch) {
    game.state.config.switch = switch;
    printer.switch(switch);
}

/// A game played one engine step at a time: its transcript, where each
/// step's printing ended, and which steps began a hand.
#[derive(Clone, Debug, Default)]
pub(crate) struct Steps {
    pub text: Vec<u8>,
    /// The game ended (it was not stopped for its length).
    pub finished: bool,
    pub ends: Vec<usize>,
    pub hand_starts: Vec<usize>,
}

/// Notes which steps deal a new hand.
#[derive(Default)]
struct HandStarts(bool);

impl upcard_engine::EventSink for HandStarts {
    fn event(&mut self, e: &upcard_engine::Event) {
        self.0 |= matches!(e, upcard_engine::Event::HandStart { .. });
    }
}

/// Plays `scenario` step by step with `mutant` switched on for the steps in
/// `on` (and for the command line printed before the first step when
/// `header`), until the game ends, [`MAX_HANDS`] hands have been dealt, or
/// the transcript has more than `lines` lines.
pub(crate) fn play_steps(
    scenario: &Scenario,
    mutant: Option<Mutant>,
    on: std::ops::Range<usize>,
    header: bool,
    lines: usize,
) -> Steps {
    let at = |k: usize| match mutant {
        Some(m) if on.contains(&k) => Switch::to(m),
        _ => Switch::OFF,
    };
    let header = match mutant {
        Some(m) if header => Switch::to(m),
        _ => Switch::OFF,
    };
    let (mut game, mut printer) = upcard_scenario::scenario::start(scenario, header);
    let first_hand = game.state.hand_no;
    let mut steps = Steps::default();
    let mut printed_lines = printer.bytes().iter().filter(|&&b| b == b'\n').count();
    for k in 0.. {
        if game.state.hand_no.saturating_sub(first_hand) >= MAX_HANDS || printed_lines > lines {
            break;
        }
        switch(&mut game, &mut *printer, at(k));
        let mut watch = HandStarts::default();
        let before = printer.bytes().len();
        let r = game.step(&mut (&mut *printer, &mut watch));
        let bytes = printer.bytes();
        printed_lines += bytes[before..].iter().filter(|&&b| b == b'\n').count();
        steps.ends.push(bytes.len());
        if watch.0 {
            steps.hand_starts.push(k);
        }
        if !matches!(r, Ok(true)) {
            steps.finished = matches!(r, Ok(false));
            break;
        }
    }
    steps.text = printer.finish();
    steps
}

/// Goes on from `state` with `game` (of stateless agents, see
/// [`upcard_rules::agents::Game::stateless`]) and a new printer that has printed
/// `events` (the hand's so far): `mutant` is switched on for the first `on`
/// steps, until the game ends, [`MAX_HANDS`] hands were dealt or more than
/// `lines` lines were printed. What was printed from `state` on, and whether
/// the game ended.
pub(crate) fn play_on(
    scenario: &Scenario,
    game: &mut upcard_rules::agents::Game,
    state: &upcard_engine::State,
    events: &[upcard_engine::Event],
    mutant: Mutant,
    on: usize,
    lines: usize,
) -> (Vec<u8>, bool) {
    play_from(
        scenario,
        game,
        state,
        events,
        Switch::OFF,
        (Switch::to(mutant), on),
        usize::MAX,
        lines,
    )
}

/// The mutants whose switches the rules' own play from `state` consults in
/// its first `steps` steps (or until the game ends or more than `lines`
/// lines were printed): only those can print anything else there.
pub(crate) fn consulted(
    scenario: &Scenario,
    game: &mut upcard_rules::agents::Game,
    state: &upcard_engine::State,
    events: &[upcard_engine::Event],
    steps: usize,
    lines: usize,
) -> u128 {
    let watch = upcard_engine::mutants::Watch::start();
    let noted = Switch::OFF.noted();
    play_from(
        scenario,
        game,
        state,
        events,
        noted,
        (noted, 0),
        steps,
        lines,
    );
    watch.seen()
}

/// [`play_on`] as `base` has it (the rules, or their consultations noted)
/// but for the first `on.1` steps, which `on.0` plays, for at most `steps`
/// steps.
#[allow(clippy::too_many_arguments)]
fn play_from(
    scenario: &Scenario,
    game: &mut upcard_rules::agents::Game,
    state: &upcard_engine::State,
    events: &[upcard_engine::Event],
    base: Switch,
    on: (Switch, usize),
    steps: usize,
    lines: usize,
) -> (Vec<u8>, bool) {
    // Its command line is cut off below.
    let (_, mut printer) = upcard_scenario::scenario::start(scenario, base);
    for e in events {
        printer.event(e);
    }
    let mark = printer.bytes().len();
    game.state = state.clone();
    let mut printed = 0;
    let mut finished = false;
    for k in 0..steps {
        if game.state.hand_no.saturating_sub(state.hand_no) >= MAX_HANDS || printed > lines {
            break;
        }
        switch(game, &mut *printer, if k < on.1 { on.0 } else { base });
        let before = printer.bytes().len();
        let r = game.step(&mut *printer);
        printed += printer.bytes()[before..]
            .iter()
            .filter(|&&b| b == b'\n')
            .count();
        if !matches!(r, Ok(true)) {
            finished = matches!(r, Ok(false));
            break;
        }
    }
    (printer.bytes()[mark..].to_vec(), finished)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn catalogue_order_is_the_enum_order_and_names_are_unique() {
        for (i, e) in CATALOGUE.iter().enumerate() {
            assert_eq!(e.mutant as usize, i, "{}", e.name);
            assert_eq!(by_name(e.name), Some(e.mutant));
            assert_eq!(entry(e.mutant).name, e.name);
        }
        let mut names: Vec<_> = CATALOGUE.iter().map(|e| e.name).collect();
        names.sort();
        names.dedup();
        assert_eq!(names.len(), CATALOGUE.len());
        assert_eq!(
            CATALOGUE.len(),
            Mutant::COUNT,
            "every variant is catalogued"
        );
    }

    #[test]
    fn at_least_thirty_per_course() {
        assert!(for_rules("eecs280").count() >= 30);
        assert!(for_rules("cs246").count() >= 30);
    }
}
