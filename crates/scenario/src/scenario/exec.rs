//! Running a scenario through the engine: the transcript the course program
//! would print, the events behind it, and the exit status.

use super::model::Scenario;
use upcard_engine::mutants::Switch;
use upcard_engine::{Event, VecSink};
use upcard_rules::agents::Game;
use upcard_rules::input::Tokens;
use upcard_rules::transcript::Transcript;

/// A game set up from a scenario, not yet played, with its course's
/// printer, both playing the rule mutant `switch` (the rules:
/// [`Switch::OFF`]).
pub fn start(scenario: &Scenario, switch: Switch) -> (Game, Box<dyn Transcript>) {
    let input = Tokens::from_text(&scenario.input).shared();
    scenario.setup.start(&input, switch)
}

/// What the engine made of a scenario.
#[derive(Clone, Debug)]
pub struct Played {
    pub transcript: Vec<u8>,
    pub events: Vec<Event>,
    /// As `upcard eecs280`/`upcard cs246` would exit: 0, or 2 when input ran out or was bad.
    pub status: u8,
    /// Why the game stopped early, if it did.
    pub error: Option<String>,
    /// It was stopped after `agents::MAX_HANDS` hands: it would never have ended.
    pub endless: bool,
}

impl Played {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.transcript).into_owned()
    }
}

/// Plays a scenario to its end, by the rules.
pub fn play(scenario: &Scenario) -> Played {
    play_within(scenario, upcard_rules::agents::MAX_HANDS, Switch::OFF)
}

/// Plays a scenario, as `switch` has it, to its end or until `max_hands`
/// hands have been dealt (then it stops with an error, as a game that would
/// not end).
pub fn play_within(scenario: &Scenario, max_hands: u32, switch: Switch) -> Played {
    let (mut game, mut printer) = start(scenario, switch);
    let mut events = VecSink::default();
    let result = game.run_within(&mut (&mut *printer, &mut events), max_hands);
    let endless = matches!(
        result,
        Err(upcard_rules::agents::EngineError::TooLong { .. })
    );
    let (status, error) = match result {
        Ok(_) => (0, None),
        Err(e) => (2, Some(e.to_string())),
    };
    Played {
        transcript: printer.finish(),
        events: events.0,
        status,
        error,
        endless,
    }
}

/// Where a scenario's game comes from, for a timeline of it.
pub fn source(scenario: &Scenario) -> upcard_record::Source {
    upcard_record::Source {
        path: scenario.path.clone(),
        name: scenario.name.clone(),
        description: scenario.description.clone(),
        setup: scenario.setup.clone(),
        input: scenario.input.clone(),
    }
}

/// Plays `scenario` to its end, keeping every move.
pub fn record(scenario: &Scenario) -> upcard_record::Timeline {
    upcard_record::record(source(scenario))
}
