//! Random CS 246 games for differential testing (`grade --random`).

use std::cell::RefCell;
use std::rc::Rc;

use rand_mt::Mt;

use super::{Computer, config, deck, initial_deck};
use crate::agents::{Agent, Game, Recorder};
use crate::courses::RandomCase;
use upcard_engine::{Action, NullSink, Observation, State};

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub seed: u32,
    pub debug: bool,
}

impl Case {
    pub fn random(rng: &mut Mt) -> Case {
        Case {
            seed: rng.next_u32(),
            debug: rng.next_u32() % 2 == 1,
        }
    }
}

/// A CS 246 human's command: `p`, `o`/`oa` in round one, `S a`/`S n` in
/// round two, a card as `9S`.
fn words(obs: &Observation, action: Action) -> String {
    match action {
        Action::Pass => "p".into(),
        Action::Order { alone, .. } if obs.round == 1 => if alone { "oa" } else { "o" }.into(),
        Action::Order { suit, alone } => {
            format!("{} {}", suit.letter(), if alone { "a" } else { "n" })
        }
        Action::Discard(c) | Action::Play(c) => c.short().to_string(),
        // CS 246 has neither house rule: its games never offer these.
        a @ (Action::DefendAlone | Action::ThrowIn) => a.to_string(),
    }
}

impl RandomCase for Case {
    fn section(&self) -> String {
        format!(
            "rules: cs246\ncs246:\n  seed: {}\n  debug: {}\n",
            self.seed, self.debug
        )
    }

    fn answers(&self) -> Vec<String> {
        let log = Rc::new(RefCell::new(Vec::new()));
        let agents: Vec<Box<dyn Agent>> = (0..4)
            .map(|s| -> Box<dyn Agent> {
                if s == 0 {
                    Box::new(Recorder::new(
                        Box::new(Computer::default()),
                        words,
                        log.clone(),
                    ))
                } else {
                    Box::new(Computer::default())
                }
            })
            .collect();
        let deck = deck(i64::from(self.seed), initial_deck(), 0);
        let state = State::new(config(&Default::default()), deck);
        // Strategies never fail, so the game runs to its end.
        let _ = Game::new(state, ["0", "1", "2", "3"].map(String::from), agents).run(&mut NullSink);
        log.take()
    }

    fn smaller(&self) -> Vec<Box<dyn RandomCase>> {
        if self.debug {
            vec![Box::new(Case {
                seed: self.seed,
                debug: false,
            })]
        } else {
            Vec::new()
        }
    }
}
