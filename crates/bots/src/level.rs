//! Levels for people (`level:1` beginner … `level:5` expert): the
//! expert's search, with slips. Each decision the expert weighs (a bid, a
//! card) is taken at random among its actions, each with probability
//! proportional to exp(value / temper), where value is the action's
//! average points for the team over the deals the expert solved. So a slip
//! is likeliest where it costs little (two cards that nearly tie), as a
//! person's are, and rare where it costs a hand; the higher the temper the
//! more often and the dearer the slips. The dealer's discard and its
//! decisions without a choice are the expert's (docs/bots.md, "Levels").

use rand_core::RngCore;
use rand_pcg::Pcg32;

use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, PlayerError, Seen};

use crate::Strength;
use crate::expert::Expert;

/// The tempers of levels 1 to 4 in points of a hand (level 5 is the expert
/// itself), chosen so that neighbouring levels are 100–200 Elo apart in
/// `upcard tournament` (docs/bots.md's table).
pub const TEMPERS: [f64; 4] = [3.5, 1.25, 0.62, 0.33];

/// The expert with slips at one level.
pub struct Level {
    expert: Expert,
    temper: f64,
    // Its own stream, so its deals are the expert's and only the slips
    // differ: a level's game shows where a person's bot went wrong.
    rng: Pcg32,
}

impl Level {
    /// Level `n` (1–4) seeded by `seed`, its search as strong as `strength`.
    pub fn new(n: usize, seed: u32, strength: Strength) -> Level {
        Level {
            expert: Expert::new(seed, strength.samples).thinking(strength.think),
            temper: TEMPERS[n - 1],
            rng: Pcg32::new(u64::from(seed), 0x6c65_7665_6c73),
        }
    }

    /// An index into `values` drawn with probability proportional to
    /// exp(value / temper); None when there is nothing to choose.
    fn draw(&mut self, values: &[f64]) -> Option<usize> {
        let top = values.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        let odds: Vec<f64> = values
            .iter()
            .map(|v| ((v - top) / self.temper).exp())
            .collect();
        let total: f64 = odds.iter().sum();
        if values.len() < 2 || !total.is_finite() {
            return None;
        }
        let mut at = f64::from(self.rng.next_u32()) / 4_294_967_296.0 * total;
        for (i, o) in odds.iter().enumerate() {
            if at < *o {
                return Some(i);
            }
            at -= o;
        }
        Some(values.len() - 1)
    }
}

impl Agent for Level {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        _notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let mut weighed = self.expert.weigh(obs, legal);
        // A slip is a lawful action: never a renege where the rules
        // would take one (CS 246's penalty, EECS 280's trust).
        weighed
            .options
            .retain(|(a, _)| !matches!(a, Action::Play(c) if obs.reneges(*c)));
        let values: Vec<f64> = weighed.options.iter().map(|o| o.1).collect();
        let (action, why) = match self.draw(&values).map(|i| weighed.options[i].0) {
            Some(a) if a != weighed.best => (a, "slips: an action the expert valued lower"),
            _ => (weighed.best, weighed.why),
        };
        Ok(Decision {
            action,
            why: Some(why),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn level(n: usize) -> Level {
        Level::new(n, 7, Strength::default())
    }

    /// Slips follow the values: a near tie is a coin toss; a point's
    /// difference is slipped as often as exp(-1 / temper) says, more often
    /// the lower the level.
    #[test]
    fn slips_are_likelier_where_they_cost_less() {
        let share = |n: usize, values: &[f64]| {
            let mut l = level(n);
            (0..10_000).filter(|_| l.draw(values) == Some(1)).count()
        };
        let near = share(4, &[1.0, 0.999]);
        assert!((4_800..5_200).contains(&near), "{near}");
        let mut last = 0;
        for n in (1..=4).rev() {
            let odds = (-1.0 / TEMPERS[n - 1]).exp();
            let want = (10_000.0 * odds / (1.0 + odds)) as usize;
            let got = share(n, &[1.0, 0.0]);
            assert!(
                got.abs_diff(want) < 200,
                "level {n}: {got}, not about {want}"
            );
            assert!(got > last, "level {n} slips less than level {}", n + 1);
            last = got;
        }
        assert_eq!(level(1).draw(&[0.5]), None);
    }
}
