//! The rules a game is played under, as `--rules NAME --house NAME=VALUE`
//! select them: a rule set and its engine config, from which each deal's
//! game is made. Each rule set says how ([`Course::config_with`],
//! [`Course::decks`]); nothing here names one.

use std::collections::BTreeMap;
use std::fmt;

use crate::courses::{self, Course, DEALS_TOGETHER, standard};
use upcard_engine::{Config, State};

/// The rules a game is played under.
#[derive(Clone, Copy)]
pub struct Rules {
    course: &'static dyn Course,
    config: Config,
}

impl Rules {
    /// The rules by name (`--rules`) with the standard game's `house`
    /// rules (`--house`).
    pub fn from_name(name: &str, house: &[String]) -> Result<Rules, String> {
        let course = courses::find(name).ok_or_else(|| {
            let names = courses::names();
            let (last, rest) = names.split_last().expect("at least one rule set");
            format!("there are no rules {name:?}: {} or {last}", rest.join(", "))
        })?;
        Ok(Rules {
            course,
            config: course.config_with(house)?,
        })
    }

    /// The standard game under `config` (its house rules set in it).
    pub fn standard(config: Config) -> Rules {
        Rules {
            course: &standard::Standard,
            config,
        }
    }

    /// Every rule set, each with its default config.
    pub fn every() -> impl Iterator<Item = Rules> {
        courses::COURSES.iter().map(|&course| Rules {
            course,
            config: course.config(),
        })
    }

    /// The rule set.
    pub fn course(self) -> &'static dyn Course {
        self.course
    }

    pub fn name(self) -> &'static str {
        self.course.name()
    }

    /// Every house rule's value (the standard game's; none for the courses).
    pub fn house(self) -> BTreeMap<String, String> {
        self.course.house(&self.config)
    }

    /// The house rules set otherwise than the rule set's default, as
    /// `NAME=VALUE`.
    pub fn house_changed(self) -> Vec<String> {
        self.course.house_changed(&self.config)
    }

    /// The score that wins.
    pub fn points_to_win(self) -> u32 {
        self.config.points_to_win
    }

    /// A new game dealt from `cards`: a seed (the course's own shuffle, so
    /// a seed deals the same game again), or a secret key (ChaCha20, the
    /// same for every course: a deal no seat can compute).
    pub fn state_from(self, cards: standard::Cards) -> State {
        match cards {
            // Not a seeded game's state with its deck replaced: seeding a
            // Mersenne Twister only to drop it was 3% of a random match.
            standard::Cards::Key(key) => State::new(self.config, standard::keyed_deck(key)),
            standard::Cards::Seed(s) | standard::Cards::Fixed(_, s) => self.state(s),
        }
    }

    /// The rules' engine config.
    pub fn config(self) -> Config {
        self.config
    }

    /// [`Rules::state`] of each of `seeds`, made together.
    pub fn states(self, seeds: [u32; DEALS_TOGETHER]) -> [State; DEALS_TOGETHER] {
        self.course
            .decks(seeds)
            .map(|deck| State::new(self.config, deck))
    }

    /// A new game of deal `seed`.
    pub fn state(self, seed: u32) -> State {
        State::new(self.config, self.course.deck(seed))
    }
}

impl PartialEq for Rules {
    fn eq(&self, other: &Rules) -> bool {
        self.name() == other.name() && self.config == other.config
    }
}

impl Eq for Rules {}

impl fmt::Debug for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Rules({})", self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::courses::{cs246, eecs280};
    use rand_mt::Mt;
    use upcard_engine::Deck;

    /// Games seeded together are each the game seeded alone, as each rule
    /// set's own deck makes it, under every rule set.
    #[test]
    fn states_made_together_are_each_as_made_alone() {
        let seeds = [0, 7, u32::MAX, 20_261_128];
        for rules in Rules::every() {
            for (together, seed) in rules.states(seeds).into_iter().zip(seeds) {
                let deck = match rules.name() {
                    "standard" => standard::deck(seed),
                    "eecs280" => eecs280::deck(crate::shuffle::shuffled(&mut Mt::new(seed)), true),
                    "cs246" => Deck::twister(i64::from(seed), cs246::initial_deck(), 0),
                    other => panic!("a rule set this test does not know: {other}"),
                };
                let alone = State::new(rules.config(), deck);
                assert_eq!(together, alone, "{} seed {seed}", rules.name());
                assert_eq!(rules.state(seed), alone, "{} seed {seed}", rules.name());
            }
        }
    }

    /// Rules are selected by name, house rules only for the standard game,
    /// and a wrong name is told the names there are.
    #[test]
    fn rules_are_selected_by_name() {
        let r = Rules::from_name("standard", &["stick-the-dealer=on".into()]).unwrap();
        assert_eq!(r.house_changed(), ["stick-the-dealer=on"]);
        assert_eq!(r.house()["stick-the-dealer"], "on");
        assert_eq!(
            Rules::from_name("eecs280", &["stick-the-dealer=on".into()]).unwrap_err(),
            "house rules are the standard game's: give --rules standard"
        );
        assert_eq!(Rules::from_name("cs246", &[]).unwrap().points_to_win(), 10);
        assert!(Rules::from_name("eecs280", &[]).unwrap().house().is_empty());
        assert_eq!(
            Rules::from_name("bridge", &[]).unwrap_err(),
            "there are no rules \"bridge\": eecs280, cs246 or standard"
        );
    }
}
