//! An agent that plays a fixed list of actions in order.

use std::collections::VecDeque;

use super::{Agent, Decision, PlayerError};
use upcard_engine::{Action, EventSink, Seen};

pub struct Scripted {
    name: String,
    actions: VecDeque<Action>,
}

impl Scripted {
    pub fn new(name: impl Into<String>, actions: impl IntoIterator<Item = Action>) -> Self {
        Scripted {
            name: name.into(),
            actions: actions.into_iter().collect(),
        }
    }
}

impl Agent for Scripted {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let expected = match legal.first() {
            Some(a) if a.is_bid() => "a bid",
            _ if obs.round == 1 && obs.trump.is_some() => "a card to discard",
            _ => "a card to play",
        };
        let action = self
            .actions
            .pop_front()
            .ok_or_else(|| PlayerError::ScriptEnded {
                player: self.name.clone(),
                expected: expected.into(),
            })?;
        Ok(Decision::new(action))
    }
}
