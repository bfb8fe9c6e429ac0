//! A course strategy kept within a table's house rules.

use upcard_engine::{Action, EventSink};
use upcard_rules::agents::{Agent, Decision, PlayerError, Seen};

/// A course strategy at a table whose house rules it does not know: a
/// decision the rules forbid becomes the nearest lawful one (going alone
/// where a Canadian loner may not: ordering up with the partner).
pub struct Lawful(pub Box<dyn Agent>);

impl Agent for Lawful {
    fn choose(
        &mut self,
        obs: &Seen,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let d = self.0.choose(obs, legal, notes)?;
        if legal.contains(&d.action) {
            return Ok(d);
        }
        let nearest = match (d.action, obs.trump) {
            (Action::Order { suit, .. }, _) => Action::Order { suit, alone: false },
            // Keeping the upcard (discard-upcard off): the lowest card held.
            (Action::Discard(_), Some(trump)) => legal
                .iter()
                .copied()
                .filter_map(Action::card)
                .min_by_key(|c| c.value(trump, None))
                .map_or(d.action, Action::Discard),
            (a, _) => a,
        };
        Ok(Decision {
            action: if legal.contains(&nearest) {
                nearest
            } else {
                legal.first().copied().unwrap_or(d.action)
            },
            why: Some("the house rules forbid its strategy's choice: the nearest lawful one"),
        })
    }
}
