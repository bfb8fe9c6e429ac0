//! Differential testing: random games (packs, seeds, names, points, seat
//! types, legal Human answers that the engine's own strategies choose),
//! each compared with the engine; the first divergence is shrunk to a small
//! scenario that reproduces it.

use std::cell::RefCell;
use std::path::{Path, PathBuf};
use std::rc::Rc;

use rand_mt::Mt;

use super::{Grader, Outcome};
use crate::agents::{Agent, Decision, Game, PlayerError};
use crate::cards::{Card, all_cards};
use crate::courses::cs246::{self, Computer, initial_deck};
use crate::courses::eecs280::{self, Simple};
use crate::engine::{Action, EventSink, NullSink, Observation, State};
use crate::scenario::raw::RulesName;
use crate::scenario::{Scenario, play};

/// A random game, as the fields of a scenario.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Case {
    Eecs280 {
        pack: [Card; 24],
        shuffle: bool,
        points: u32,
        names: [String; 4],
        human: [bool; 4],
    },
    Cs246 {
        seed: u32,
        debug: bool,
    },
}

const NAMES: [&str; 12] = [
    "Adi", "Barbara", "Chi-Chih", "Dabbala", "Edsger", "Fran", "Gabriel", "Herb", "Ivan", "Judea",
    "Kunle", "Liskov",
];

/// A number below `n` (n ≤ 2^32) from the generator.
fn below(rng: &mut Mt, n: u32) -> u32 {
    rng.next_u32() % n
}

/// The `i`th random game of run `seed` under `rules`.
pub fn case(rules: RulesName, seed: u32, i: u32) -> Case {
    let mut rng = Mt::new(seed.wrapping_mul(0x9E37_79B9) ^ i);
    if rules == RulesName::Eecs280 {
        let mut pack: Vec<Card> = all_cards().collect();
        // Fisher-Yates with the generator's own numbers (no `rand` ranges).
        for k in (1..pack.len()).rev() {
            let j = below(&mut rng, k as u32 + 1) as usize;
            pack.swap(k, j);
        }
        let mut names = NAMES.map(String::from).to_vec();
        let mut pick = || names.remove(below(&mut rng, names.len() as u32) as usize);
        let chosen: [String; 4] = std::array::from_fn(|_| pick());
        Case::Eecs280 {
            pack: pack.try_into().expect("24 cards"),
            shuffle: below(&mut rng, 2) == 1,
            points: 1 + below(&mut rng, 10),
            names: chosen,
            human: std::array::from_fn(|_| below(&mut rng, 4) == 0),
        }
    } else {
        Case::Cs246 {
            seed: rng.next_u32(),
            debug: below(&mut rng, 2) == 1,
        }
    }
}

/// Which answer syntax a recorded human uses.
#[derive(Clone, Copy)]
enum Syntax {
    Eecs280,
    Cs246,
}

/// Plays with a strategy and writes down its decisions as a human would type them.
struct Recorder {
    inner: Box<dyn Agent>,
    syntax: Syntax,
    log: Rc<RefCell<Vec<String>>>,
}

impl Agent for Recorder {
    fn choose(
        &mut self,
        v: &Observation,
        legal: &[Action],
        n: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let d = self.inner.choose(v, legal, n)?;
        let index = |c| v.hand.iter().position(|h| *h == c).unwrap_or(0).to_string();
        let word = match (self.syntax, d.action) {
            (Syntax::Eecs280, Action::Pass) => "pass".to_string(),
            (Syntax::Eecs280, Action::Order { suit, .. }) => suit.name().to_string(),
            (Syntax::Cs246, Action::Pass) => "p".into(),
            (Syntax::Cs246, Action::Order { alone, .. }) if v.round == 1 => {
                if alone { "oa" } else { "o" }.into()
            }
            (Syntax::Cs246, Action::Order { suit, alone }) => {
                format!("{} {}", suit.letter(), if alone { "a" } else { "n" })
            }
            (Syntax::Cs246, Action::Discard(c) | Action::Play(c)) => c.short().to_string(),
            (Syntax::Eecs280, Action::Discard(c)) if Some(c) == v.upcard => "-1".into(),
            (Syntax::Eecs280, Action::Discard(c) | Action::Play(c)) => index(c),
        };
        self.log.borrow_mut().push(word);
        Ok(d)
    }
}

/// The human answers that make the game go as the strategies would play it.
fn answers(c: &Case) -> Vec<String> {
    let log = Rc::new(RefCell::new(Vec::new()));
    let mut game = match c {
        Case::Eecs280 {
            pack,
            shuffle,
            points,
            names,
            human,
        } => {
            let agents: Vec<Box<dyn Agent>> = (0..4)
                .map(|s| -> Box<dyn Agent> {
                    if human[s] {
                        Box::new(Recorder {
                            inner: Box::new(Simple),
                            syntax: Syntax::Eecs280,
                            log: log.clone(),
                        })
                    } else {
                        Box::new(Simple)
                    }
                })
                .collect();
            let state = State::new(eecs280::config(*points), eecs280::deck(*pack, *shuffle));
            Game::new(state, names.clone(), agents)
        }
        Case::Cs246 { seed, .. } => {
            let agents: Vec<Box<dyn Agent>> = (0..4)
                .map(|s| -> Box<dyn Agent> {
                    if s == 0 {
                        Box::new(Recorder {
                            inner: Box::new(Computer::default()),
                            syntax: Syntax::Cs246,
                            log: log.clone(),
                        })
                    } else {
                        Box::new(Computer::default())
                    }
                })
                .collect();
            let deck = cs246::deck(i64::from(*seed), initial_deck(), 0);
            let state = State::new(cs246::config(&Default::default()), deck);
            Game::new(state, ["0", "1", "2", "3"].map(String::from), agents)
        }
    };
    // Strategies never fail, so the game runs to its end.
    let _ = game.run(&mut NullSink);
    log.take()
}

fn yaml_str(s: &str) -> String {
    serde_json::to_string(s).expect("a string")
}

/// The scenario file for a case.
pub fn yaml(c: &Case, name: &str) -> String {
    let input: Vec<String> = answers(c).iter().map(|a| yaml_str(a)).collect();
    let mut y = format!(
        "name: {name}\ndescription: >-\n  A random game on which the program under test and upcard's engine differ (upcard grade --random).\n"
    );
    match c {
        Case::Eecs280 {
            pack,
            shuffle,
            points,
            names,
            human,
        } => {
            let cards: Vec<String> = pack.iter().map(|c| c.short().to_string()).collect();
            y.push_str(&format!(
                "rules: eecs280\neecs280:\n  pack: [{}]\n  shuffle: {shuffle}\n  points: {points}\n  players:\n",
                cards.join(", ")
            ));
            for s in 0..4 {
                y.push_str(&format!(
                    "    - {{ name: {}, type: {} }}\n",
                    yaml_str(&names[s]),
                    if human[s] { "Human" } else { "Simple" }
                ));
            }
        }
        Case::Cs246 { seed, debug } => {
            y.push_str(&format!(
                "rules: cs246\ncs246:\n  seed: {seed}\n  debug: {debug}\n"
            ));
        }
    }
    if !input.is_empty() {
        y.push_str(&format!("input: [{}]\n", input.join(", ")));
    }
    y.push_str("tags: [random]\n");
    y
}

/// Smaller versions of a case, most helpful first.
fn smaller(c: &Case) -> Vec<Case> {
    let mut out = Vec::new();
    match c {
        Case::Eecs280 {
            pack,
            shuffle,
            points,
            names,
            human,
        } => {
            // The case with these three fields changed.
            let with = |points: u32, human: [bool; 4], shuffle: bool| Case::Eecs280 {
                pack: *pack,
                shuffle,
                points,
                names: names.clone(),
                human,
            };
            for p in [1, points / 2, points - 1] {
                if p >= 1 && p < *points {
                    out.push(with(p, *human, *shuffle));
                }
            }
            for s in (0..4).filter(|&s| human[s]) {
                let mut h = *human;
                h[s] = false;
                out.push(with(*points, h, *shuffle));
            }
            if *shuffle {
                out.push(with(*points, *human, false));
            }
        }
        Case::Cs246 { seed, debug } => {
            if *debug {
                out.push(Case::Cs246 {
                    seed: *seed,
                    debug: false,
                });
            }
        }
    }
    out
}

/// A case that the program gets wrong: how, and the scenario that shows it.
struct Divergent {
    outcome: Outcome,
    scenario: Scenario,
    text: String,
    golden: Vec<u8>,
}

/// Runs `exe` on a case; Some when it does not pass.
fn differs(
    exe: &Path,
    c: &Case,
    dir: &Path,
    name: &str,
    grader: &Grader,
) -> Result<Option<Divergent>, String> {
    let path = dir.join("scenarios").join(format!("{name}.yaml"));
    let text = yaml(c, name);
    let scenario = Scenario::from_text(&path, &text).map_err(|e| e.to_string())?;
    let played = play(&scenario);
    let outcome = grader.grade(exe, &scenario, (&played.text(), played.status))?;
    Ok((!outcome.verdict.passed()).then_some(Divergent {
        outcome,
        scenario,
        text,
        golden: played.transcript,
    }))
}

/// What a random run found.
pub struct Found {
    pub game: u32,
    pub scenario: PathBuf,
    pub outcome: Outcome,
    pub shrunk_steps: usize,
}

/// Plays `n` random games against `exe`; on the first divergence, shrinks
/// it and writes the scenario (and its golden) under `out`.
pub fn search(
    exe: &Path,
    rules: RulesName,
    n: u32,
    seed: u32,
    out: &Path,
    grader: &Grader,
) -> Result<(u32, Option<Found>), String> {
    for i in 0..n {
        let mut c = case(rules, seed, i);
        let name = format!("random-{seed}-{i}");
        let Some(mut found) = differs(exe, &c, out, &name, grader)? else {
            continue;
        };
        let mut steps = 0;
        'shrink: loop {
            for smaller in smaller(&c) {
                if let Some(d) = differs(exe, &smaller, out, &name, grader)? {
                    c = smaller;
                    found = d;
                    steps += 1;
                    continue 'shrink;
                }
            }
            break;
        }
        let s = &found.scenario;
        for (p, bytes) in [
            (&s.path, found.text.as_bytes()),
            (&s.expect.golden, &found.golden[..]),
        ] {
            crate::scenario::write_atomic(p, bytes)
                .map_err(|e| format!("writing {}: {e}", p.display()))?;
        }
        return Ok((
            i + 1,
            Some(Found {
                game: i,
                scenario: s.path.clone(),
                outcome: found.outcome,
                shrunk_steps: steps,
            }),
        ));
    }
    Ok((n, None))
}
