//! A game at a networked table (`upcard serve`, `upcard play --web`): the
//! transcript on the host's standard output, and after every step each
//! client is sent what it may see of the table.

use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

use super::endings::Endings;
use super::hub::Hub;
use upcard_engine::{EventSink, Outcome, Seat};
use upcard_rules::agents::{EngineError, Game};
use upcard_rules::courses::standard::transcript::StandardPrinter;
use upcard_seat::program_seat::ProgramSeat;
use upcard_seat::protocol::{Over, ToSeat, Update, WireObservation};

/// A writer whose bytes are taken after each step.
#[derive(Clone, Default)]
struct Taken(Rc<RefCell<Vec<u8>>>);

impl Write for Taken {
    fn write(&mut self, b: &[u8]) -> std::io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(b);
        Ok(b.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

/// Plays `game` to its end. `also` takes every event too (the decisions
/// for a record); `listeners` are TCP seats that asked for updates.
pub fn play(
    game: &mut Game,
    hub: &Hub,
    listeners: &[(Seat, Rc<RefCell<ProgramSeat>>)],
    stdout: &mut dyn Write,
    also: &mut dyn EventSink,
) -> Result<Outcome, EngineError> {
    let names = game.names.clone().map(String::from);
    let taken = Taken::default();
    let mut printer = StandardPrinter::new(&mut *stdout, names.clone());
    let mut public = StandardPrinter::new(taken.clone(), names);
    let mut endings = Endings::default();
    let mut sink = (&mut printer, (&mut public, (also, &mut endings)));
    let result = game.run_watched(&mut sink, |state, sink| {
        let (trick_won, hand_over) = (sink.1).1.1.take();
        let text =
            String::from_utf8_lossy(&std::mem::take(&mut *taken.0.borrow_mut())).into_owned();
        // A step that told nothing (a seat sitting out skipped) changes
        // nothing a client sees.
        if text.is_empty() && !state.is_over() {
            return;
        }
        let endings = (trick_won, hand_over);
        hub.update(&text, state, &endings);
        for (seat, p) in listeners {
            let mut u = Update::new(
                text.clone(),
                WireObservation::from(&state.observation(*seat)),
                state,
            );
            (u.trick_won, u.hand_over) = endings.clone();
            p.borrow_mut().tell(&ToSeat::Update(u));
        }
    });
    let hands = std::mem::take(&mut endings.hands);
    let _ = printer.finish();
    if let Ok(Outcome::Won { team, scores }) = result {
        hub.finish(Over {
            winner: team,
            scores,
            hands,
            again: false,
            games: None,
        });
        // The browsers' last messages leave before the process ends.
        std::thread::sleep(std::time::Duration::from_millis(300));
    }
    result
}
