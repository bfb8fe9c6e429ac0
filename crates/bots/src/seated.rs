//! A built-in bot at a seat, with the random bot unboxed: the arena's bulk
//! random play calls its choice directly (inlined into the game's loop), not
//! through a box whose answer comes back through memory.

use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, PlayerError, Seen};

use crate::{Bot, Random, Strength};

/// A seat's agent for [`upcard_rules::agents::Game`]: the random bot as it
/// is, any other agent boxed.
pub enum Seated {
    Random(Random),
    Boxed(Box<dyn Agent>),
}

impl Bot {
    /// [`Bot::agent_with`], the random bot unboxed.
    pub fn seated(self, seed: u32, strength: Strength) -> Seated {
        match self {
            Bot::Random => Seated::Random(Random::new(seed)),
            bot => Seated::Boxed(bot.agent_with(seed, strength)),
        }
    }
}

impl From<Box<dyn Agent>> for Seated {
    fn from(agent: Box<dyn Agent>) -> Seated {
        Seated::Boxed(agent)
    }
}

impl Agent for Seated {
    #[inline(always)]
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        match self {
            Seated::Random(r) => r.choose(obs, legal, notes),
            Seated::Boxed(b) => b.choose(obs, legal, notes),
        }
    }
    // The rest are asked once a game or less: through the agent as a trait
    // object.
    fn interactive(&self) -> bool {
        self.agent().interactive()
    }
    fn last_typed(&self) -> Option<&str> {
        self.agent().last_typed()
    }
    fn stateless(&self) -> bool {
        self.agent().stateless()
    }
    fn finished(&mut self, winner: usize, scores: [u32; 2]) {
        self.agent_mut().finished(winner, scores)
    }
    fn label(&self, name: &str) -> String {
        self.agent().label(name)
    }
}

impl Seated {
    fn agent(&self) -> &dyn Agent {
        match self {
            Seated::Random(r) => r,
            Seated::Boxed(b) => &**b,
        }
    }

    fn agent_mut(&mut self) -> &mut dyn Agent {
        match self {
            Seated::Random(r) => r,
            Seated::Boxed(b) => &mut **b,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_engine::{State, VecSink};
    use upcard_rules::agents::Game;
    use upcard_rules::courses::standard;

    /// Seated unboxed or boxed, the random bot makes the same game, event
    /// for event; any other bot is seated boxed.
    #[test]
    fn the_random_bot_unboxed_plays_as_boxed() {
        for seed in 0..10u32 {
            let [deck] = standard::decks([seed]);
            let state = State::new(standard::config(), deck);
            let seeds = [seed, seed + 100, seed + 200, seed + 300];
            let strength = Strength::default();
            let mut boxed_events = VecSink::default();
            let boxed: Vec<Box<dyn Agent>> = seeds
                .iter()
                .map(|&s| Bot::Random.agent_with(s, strength))
                .collect();
            let a = Game::new(state.clone(), standard::SEATS, boxed)
                .run(&mut boxed_events)
                .unwrap();
            let mut seated_events = VecSink::default();
            let seated: Vec<Seated> = seeds
                .iter()
                .map(|&s| Bot::Random.seated(s, strength))
                .collect();
            assert!(matches!(seated[0], Seated::Random(_)));
            let b = Game::new(state, standard::SEATS, seated)
                .run(&mut seated_events)
                .unwrap();
            assert_eq!(a, b, "seed {seed}");
            assert_eq!(boxed_events.0, seated_events.0, "seed {seed}");
        }
        assert!(matches!(
            Bot::Simple.seated(1, Strength::default()),
            Seated::Boxed(_)
        ));
    }
}
