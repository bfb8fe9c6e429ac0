//! Running a scenario through the engine: the transcript the course program
//! would print, the events behind it, and the exit status.

use super::model::{Scenario, Setup};
use crate::agents::Game;
use crate::courses::{cs246::program as cs246, eecs280::program as eecs280};
use crate::engine::{Event, EventSink, VecSink};
use crate::input::Tokens;
use crate::transcript::{Cs246Printer, Eecs280Printer};

/// Either course's printer, writing to memory.
pub enum Printer {
    Eecs280(Eecs280Printer<Vec<u8>>),
    Cs246(Cs246Printer<Vec<u8>>),
}

impl EventSink for Printer {
    fn event(&mut self, e: &Event) {
        match self {
            Printer::Eecs280(p) => p.event(e),
            Printer::Cs246(p) => p.event(e),
        }
    }
    fn flush(&mut self) {
        match self {
            Printer::Eecs280(p) => p.flush(),
            Printer::Cs246(p) => p.flush(),
        }
    }
}

impl Printer {
    /// The transcript written so far.
    pub fn bytes(&self) -> &[u8] {
        match self {
            Printer::Eecs280(p) => p.get_ref(),
            Printer::Cs246(p) => p.get_ref(),
        }
    }

    /// The transcript so far (what comes before the first event included).
    pub fn finish(self) -> Vec<u8> {
        // Writing to a Vec cannot fail.
        match self {
            Printer::Eecs280(p) => p.finish().unwrap_or_default(),
            Printer::Cs246(p) => p.finish().unwrap_or_default(),
        }
    }
}

/// A game set up from a scenario, not yet played, with its printer.
pub fn start(scenario: &Scenario) -> (Game, Printer) {
    let input = Tokens::from_text(&scenario.input).shared();
    match &scenario.setup {
        Setup::Eecs280(s) => {
            let (game, p) = eecs280::start(&s.args, s.pack, &s.argv0, &input, Vec::new());
            (game, Printer::Eecs280(p))
        }
        Setup::Cs246(s) => {
            let save = s.save.as_ref().map(|(f, _)| f);
            let (game, p) = cs246::start(&s.args, save, &input, Vec::new());
            (game, Printer::Cs246(p))
        }
    }
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
}

impl Played {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.transcript).into_owned()
    }
}

/// Plays a scenario to its end.
pub fn play(scenario: &Scenario) -> Played {
    let (mut game, mut printer) = start(scenario);
    let mut events = VecSink::default();
    let result = game.run(&mut (&mut printer, &mut events));
    let (status, error) = match result {
        Ok(_) => (0, None),
        Err(e) => (2, Some(e.to_string())),
    };
    Played {
        transcript: printer.finish(),
        events: events.0,
        status,
        error,
    }
}
