//! A game of any rule set with random options, and random numbers below a
//! bound: what the property tests (the engine's contract, the seat
//! protocol's checks) play. One definition, so that every such test covers
//! every rule set and house rule alike.

use rand_mt::Mt;

pub use crate::shuffle::{below, shuffled};

use crate::courses::{cs246, eecs280, standard};
use upcard_engine::{Config, Deck, FollowRule, State};

/// A new game of a random course with random options.
pub fn new_game(rng: &mut Mt) -> State {
    let pick = below(rng, 4);
    let options = cs246::Options {
        renege_ends_game: below(rng, 2) == 0,
        sitting_out_dealer_picks_up: below(rng, 2) == 0,
        ..Default::default()
    };
    let (config, deck): (Config, Deck) = match pick {
        0 => (
            eecs280::config(1 + below(rng, 10) as u32),
            eecs280::deck(shuffled(rng), below(rng, 2) == 0),
        ),
        1 => (
            cs246::config(&options),
            cs246::deck(i64::from(rng.next_u32()), cs246::initial_deck(), 0),
        ),
        // The standard game with random house rules.
        3 => {
            let mut c = standard::config();
            for rule in standard::house::HouseRule::ALL {
                let value = match rule {
                    standard::house::HouseRule::PointsToWin => (1 + below(rng, 10)).to_string(),
                    standard::house::HouseRule::LoneMarchPoints
                    | standard::house::HouseRule::LonerEuchredPoints => {
                        (1 + below(rng, 6)).to_string()
                    }
                    standard::house::HouseRule::DealPattern => ["3-2", "2-3"][below(rng, 2)].into(),
                    standard::house::HouseRule::LonerLead => {
                        ["left-of-dealer", "left-of-loner"][below(rng, 2)].into()
                    }
                    standard::house::HouseRule::CanadianLoner => {
                        ["on", "off", "must-alone"][below(rng, 3)].into()
                    }
                    standard::house::HouseRule::Deals => {
                        ["off", "1", "2", "5"][below(rng, 4)].into()
                    }
                    _ => ["on", "off"][below(rng, 2)].into(),
                };
                rule.set(&mut c, &value).expect("a valid value");
            }
            (c, standard::deck(rng.next_u32()))
        }
        // Going alone with suit following enforced by refusal.
        _ => (
            Config {
                follow: FollowRule::Refuse,
                ..cs246::config(&options)
            },
            cs246::deck(i64::from(rng.next_u32()), shuffled(rng), 0),
        ),
    };
    State::new(config, deck)
}
