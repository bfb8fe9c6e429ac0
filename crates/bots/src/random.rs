//! The random bot: any lawful action, at random (a baseline).

use rand_core::{RngCore, SeedableRng};
use rand_pcg::Pcg32;

use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, PlayerError, Seen};

/// A bot that picks uniformly among the lawful actions (a baseline).
pub struct Random {
    // PCG rather than the Mersenne Twister the courses shuffle with: a new
    // one per seat per game costs nothing (a twister fills 624 words), and
    // the arena's random games are mostly this bot.
    rng: Pcg32,
}

impl Random {
    pub fn new(seed: u32) -> Random {
        Random {
            rng: Pcg32::seed_from_u64(u64::from(seed)),
        }
    }

    /// A uniform index below `n` (n > 0), by multiplying rather than
    /// dividing (Lemire's reduction; its bias below 2^-27 for n <= 8).
    #[inline]
    fn below(&mut self, n: usize) -> usize {
        ((u64::from(self.rng.next_u32()) * n as u64) >> 32) as usize
    }

    /// The pick `at` under a renege penalty (CS 246) or trust (EECS 280),
    /// where a card that does not follow suit is legal: a random player
    /// still plays only lawful ones, so a renege drawn is drawn again from
    /// the lawful ones (each lawful action still equally likely). Apart
    /// from `choose`: inlined, or called with more kept across the call,
    /// it had six registers saved and restored for every decision of every
    /// rule set (a third of the bot's instructions).
    #[inline(never)]
    fn lawful(&mut self, obs: &Seen, legal: &[Action], at: usize) -> Result<Decision, PlayerError> {
        let action = legal[at];
        if !matches!(action, Action::Play(c) if obs.reneges(c)) {
            return Ok(Decision {
                action,
                why: Some(WHY),
            });
        }
        let lawful: upcard_engine::Actions = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Play(c) if obs.reneges(*c)))
            .collect();
        let action = lawful[self.below(lawful.len())];
        Ok(Decision {
            action,
            why: Some(WHY),
        })
    }
}

/// The random bot's one reason.
const WHY: &str = "picks a lawful action at random";

impl Agent for Random {
    // Inlined where the arena seats it unboxed (`Seated`).
    #[inline]
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let at = self.below(legal.len());
        // Where the rules refuse a renege, none is legal: no test. The
        // action is copied whole here: read as its kind and its card for
        // the test below, it was returned as two bytes, which the driver
        // reads back as one word and waited for (a store that cannot be
        // forwarded to a wider load), a tenth of a random match.
        if obs.reneges_refused() {
            return Ok(Decision {
                action: legal[at],
                why: Some(WHY),
            });
        }
        // Its answer is `choose`'s as it is: nothing else is kept across
        // the call.
        self.lawful(obs, legal, at)
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
