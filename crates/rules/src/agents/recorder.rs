//! An agent that plays as another and writes down each decision as a
//! human would type it (differential testing makes human input this way).

use std::cell::RefCell;
use std::rc::Rc;

use super::{Agent, Decision, PlayerError};
use upcard_engine::{Action, EventSink, Observation, Seen};

/// How a course's human types an action, seen from the seat.
pub type Words = fn(&Observation, Action) -> String;

pub struct Recorder {
    inner: Box<dyn Agent>,
    words: Words,
    log: Rc<RefCell<Vec<String>>>,
}

impl Recorder {
    pub fn new(inner: Box<dyn Agent>, words: Words, log: Rc<RefCell<Vec<String>>>) -> Recorder {
        Recorder { inner, words, log }
    }
}

impl Agent for Recorder {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let d = self.inner.choose(obs, legal, notes)?;
        self.log.borrow_mut().push((self.words)(obs, d.action));
        Ok(d)
    }
}
