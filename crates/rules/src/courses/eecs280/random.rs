//! Random EECS 280 games for differential testing (`grade --random`).

use std::cell::RefCell;
use std::rc::Rc;

use rand_mt::Mt;

use super::{Simple, config, deck};
use crate::agents::{Agent, Game, Recorder};
use crate::courses::RandomCase;
use upcard_engine::cards::{Card, all_cards};
use upcard_engine::{Action, NullSink, Observation, State};

const NAMES: [&str; 12] = [
    "Adi", "Barbara", "Chi-Chih", "Dabbala", "Edsger", "Fran", "Gabriel", "Herb", "Ivan", "Judea",
    "Kunle", "Liskov",
];

/// A number below `n` (n ≤ 2^32) from the generator.
fn below(rng: &mut Mt, n: u32) -> u32 {
    rng.next_u32() % n
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub pack: [Card; 24],
    pub shuffle: bool,
    pub points: u32,
    pub names: [String; 4],
    pub human: [bool; 4],
}

impl Case {
    pub fn random(rng: &mut Mt) -> Case {
        let mut pack: Vec<Card> = all_cards().collect();
        // Fisher-Yates with the generator's own numbers (no `rand` ranges).
        for k in (1..pack.len()).rev() {
            let j = below(rng, k as u32 + 1) as usize;
            pack.swap(k, j);
        }
        let mut names = NAMES.map(String::from).to_vec();
        let mut pick = || names.remove(below(rng, names.len() as u32) as usize);
        let chosen: [String; 4] = std::array::from_fn(|_| pick());
        Case {
            pack: pack.try_into().expect("24 cards"),
            shuffle: below(rng, 2) == 1,
            points: 1 + below(rng, 10),
            names: chosen,
            human: std::array::from_fn(|_| below(rng, 4) == 0),
        }
    }
}

/// An EECS 280 Human's answer: a suit's name or `pass`; a card's index in
/// the hand, or -1 for the upcard.
fn words(obs: &Observation, action: Action) -> String {
    let index = |c| {
        obs.hand
            .iter()
            .position(|h| *h == c)
            .unwrap_or(0)
            .to_string()
    };
    match action {
        Action::Pass => "pass".to_string(),
        Action::Order { suit, .. } => suit.name().to_string(),
        Action::Discard(c) if Some(c) == obs.upcard => "-1".into(),
        Action::Discard(c) | Action::Play(c) => index(c),
        // EECS 280 has neither house rule: its games never offer these.
        a @ (Action::DefendAlone | Action::ThrowIn) => a.to_string(),
    }
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

impl RandomCase for Case {
    fn section(&self) -> String {
        let cards: Vec<String> = self.pack.iter().map(|c| c.short().to_string()).collect();
        let mut y = format!(
            "rules: eecs280\neecs280:\n  pack: [{}]\n  shuffle: {}\n  points: {}\n  players:\n",
            cards.join(", "),
            self.shuffle,
            self.points
        );
        for s in 0..4 {
            y.push_str(&format!(
                "    - {{ name: {}, type: {} }}\n",
                yaml_str(&self.names[s]),
                if self.human[s] { "Human" } else { "Simple" }
            ));
        }
        y
    }

    fn answers(&self) -> Vec<String> {
        let log = Rc::new(RefCell::new(Vec::new()));
        let agents: Vec<Box<dyn Agent>> = (0..4)
            .map(|s| -> Box<dyn Agent> {
                if self.human[s] {
                    Box::new(Recorder::new(Box::new(Simple), words, log.clone()))
                } else {
                    Box::new(Simple)
                }
            })
            .collect();
        let state = State::new(config(self.points), deck(self.pack, self.shuffle));
        // Strategies never fail, so the game runs to its end.
        let _ = Game::new(state, self.names.clone(), agents).run(&mut NullSink);
        log.take()
    }

    fn smaller(&self) -> Vec<Box<dyn RandomCase>> {
        let mut out: Vec<Box<dyn RandomCase>> = Vec::new();
        // The case with these three fields changed.
        let with = |points: u32, human: [bool; 4], shuffle: bool| -> Box<dyn RandomCase> {
            Box::new(Case {
                points,
                human,
                shuffle,
                ..self.clone()
            })
        };
        let points = self.points;
        for p in [1, points / 2, points - 1] {
            if p >= 1 && p < points {
                out.push(with(p, self.human, self.shuffle));
            }
        }
        for s in (0..4).filter(|&s| self.human[s]) {
            let mut h = self.human;
            h[s] = false;
            out.push(with(points, h, self.shuffle));
        }
        if self.shuffle {
            out.push(with(points, self.human, false));
        }
        out
    }
}
