//! The random bot: any lawful action, at random (a baseline).

use rand_mt::Mt;

use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, Observation, PlayerError};

/// A bot that picks uniformly among the lawful actions (a baseline).
pub struct Random {
    rng: Mt,
}

impl Random {
    pub fn new(seed: u32) -> Random {
        Random { rng: Mt::new(seed) }
    }
}

impl Agent for Random {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        // Under a renege penalty (CS 246) every card is legal; a random
        // player still plays only lawful ones.
        let lawful: upcard_engine::Actions = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Play(c) if obs.reneges(*c)))
            .collect();
        let i = (self.rng.next_u32() as usize) % lawful.len().max(1);
        Ok(Decision {
            action: lawful[i],
            why: Some("picks a lawful action at random"),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Under CS 246's renege penalty every card is legal; the random bot
    /// still plays only lawful ones (random bots used to renege so often
    /// that 100 games took 16 hands).
    #[test]
    fn random_never_reneges_under_the_penalty_rule() {
        use upcard_engine::{Event, State, VecSink};
        use upcard_rules::agents::Game;
        use upcard_rules::courses::cs246;
        for seed in 0..20u32 {
            let state = State::new(
                cs246::config(&cs246::Options::default()),
                cs246::deck(i64::from(seed), cs246::initial_deck(), 0),
            );
            let agents: Vec<Box<dyn Agent>> = (0..4)
                .map(|i| Box::new(Random::new(seed * 4 + i)) as Box<dyn Agent>)
                .collect();
            let names = ["a", "b", "c", "d"].map(String::from);
            let mut sink = VecSink::default();
            Game::new(state, names, agents).run(&mut sink).unwrap();
            assert!(!sink.0.iter().any(|e| matches!(e, Event::Renege { .. })));
            let hands = sink
                .0
                .iter()
                .filter(|e| matches!(e, Event::HandStart { .. }))
                .count();
            assert!(hands >= 3, "seed {seed}: {hands} hands");
        }
    }
}
