//! `upcard arena`: two bots, one per team, over duplicate games. Each deal
//! (a seed) is played twice with the teams swapped, so the luck of the cards
//! cancels; games are independent, so they run in parallel and are reported
//! in deal order.

use std::time::{Duration, Instant};

use rand_mt::Mt;
use rayon::prelude::*;

use crate::agents::{Agent, Decision, Game, Observation, PlayerError};
use crate::cards::{Card, all_cards};
use crate::courses::standard::Bot;
use crate::courses::{cs246, eecs280, standard};
use crate::engine::{Action, Config, Deck, EventSink, Outcome, State};

/// The rules a match is played under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// The standard game, with its house rules in the config.
    Standard(Config),
    Eecs280,
    Cs246,
}

impl Rules {
    pub fn name(self) -> &'static str {
        match self {
            Rules::Standard(_) => "standard",
            Rules::Eecs280 => "eecs280",
            Rules::Cs246 => "cs246",
        }
    }

    /// The rules by name (`--rules`), the standard game with `house` rules.
    pub fn from_name(name: &str, house: &[String]) -> Result<Rules, String> {
        match name {
            "eecs280" | "cs246" if !house.is_empty() => {
                Err("house rules are the standard game's: give --rules standard".into())
            }
            "eecs280" => Ok(Rules::Eecs280),
            "cs246" => Ok(Rules::Cs246),
            "standard" => {
                let mut c = standard::config();
                for h in house {
                    standard::house::apply(&mut c, h)?;
                }
                Ok(Rules::Standard(c))
            }
            other => Err(format!(
                "there are no rules {other:?}: standard, eecs280 or cs246"
            )),
        }
    }

    /// The score that wins.
    pub fn points_to_win(self) -> u32 {
        self.state(0).config.points_to_win
    }

    /// A new game of deal `seed`.
    pub fn state(self, seed: u32) -> State {
        match self {
            Rules::Standard(c) => State::new(c, standard::deck(seed)),
            Rules::Eecs280 => {
                let mut rng = Mt::new(seed);
                let mut pack: Vec<Card> = all_cards().collect();
                for i in (1..pack.len()).rev() {
                    pack.swap(i, (rng.next_u32() as usize) % (i + 1));
                }
                let pack: [Card; 24] = pack.try_into().expect("24 cards");
                State::new(eecs280::config(10), eecs280::deck(pack, true))
            }
            Rules::Cs246 => State::new(
                cs246::config(&cs246::Options::default()),
                Deck::twister(i64::from(seed), cs246::initial_deck(), 0),
            ),
        }
    }
}

/// Who plays for a team: a bot, or a program speaking the seat protocol
/// (docs/seat-protocol.md), started for each seat of each game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Entrant {
    Bot(Bot),
    Program(String),
}

impl Entrant {
    /// `exec:PROGRAM` or a bot's name.
    pub fn parse(s: &str) -> Result<Entrant, String> {
        match s.strip_prefix("exec:") {
            Some(p) if !p.is_empty() => Ok(Entrant::Program(p.to_string())),
            _ => Bot::find(s).map(Entrant::Bot).ok_or_else(|| {
                format!(
                    "there is no bot {s:?}; the bots are {} (or exec:PROGRAM)",
                    Bot::ALL.map(|b| b.name()).join(", ")
                )
            }),
        }
    }

    pub fn name(&self) -> String {
        match self {
            Entrant::Bot(b) => b.name().to_string(),
            Entrant::Program(p) => format!("exec:{p}"),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Match {
    /// The two teams' players: `bots[0]` is team 0's, `bots[1]` team 1's.
    pub bots: [Entrant; 2],
    pub games: u32,
    pub seed: u32,
    pub rules: Rules,
    pub jobs: usize,
    /// The expert's deals per decision.
    pub samples: usize,
    /// How long a program may take to answer.
    pub timeout: Duration,
}

/// One game's result, from the bots' point of view.
#[derive(Clone, Debug, Default)]
struct Played {
    /// Which bot's team won.
    winner: usize,
    hands: u32,
    /// Points each bot's team scored.
    points: [u32; 2],
    /// Each bot's decision times.
    times: [Vec<Duration>; 2],
}

/// Times each decision of the agent it wraps.
struct Timed {
    inner: Box<dyn Agent>,
    times: std::rc::Rc<std::cell::RefCell<Vec<Duration>>>,
}

impl Agent for Timed {
    fn choose(
        &mut self,
        obs: &Observation,
        legal: &[Action],
        notes: &mut dyn EventSink,
    ) -> Result<Decision, PlayerError> {
        let start = Instant::now();
        let d = self.inner.choose(obs, legal, notes);
        self.times.borrow_mut().push(start.elapsed());
        d
    }
}

/// Counts hands and each team's points as the game goes.
#[derive(Default)]
struct Tally {
    hands: u32,
    points: [u32; 2],
}

impl EventSink for Tally {
    fn event(&mut self, e: &crate::engine::Event) {
        if let crate::engine::Event::HandOver { winner, points, .. } = e {
            self.hands += 1;
            self.points[*winner] += points;
        }
    }
    fn quiet(&self) -> bool {
        true
    }
}

impl Match {
    /// Game `g`: deal `g / 2`, the first bot at seats 0 and 2 when `g` is
    /// even and at 1 and 3 when it is odd.
    fn play(&self, g: u32) -> Result<Played, String> {
        let deal = self.seed.wrapping_add(g / 2);
        let swapped = g % 2 == 1;
        let times: [std::rc::Rc<std::cell::RefCell<Vec<Duration>>>; 2] = Default::default();
        let names = standard::SEATS.map(String::from);
        let state = self.rules.state(deal);
        let agents: Vec<Box<dyn Agent>> = (0..4)
            .map(|seat| {
                // Which bot sits here.
                let b = (seat % 2) ^ usize::from(swapped);
                let seed = deal.wrapping_mul(0x9E37_79B9).wrapping_add(seat as u32);
                let inner = match &self.bots[b] {
                    Entrant::Bot(bot) => bot.agent_with(seed, self.samples),
                    Entrant::Program(p) => {
                        use crate::play::program_seat::{Hello, ProgramSeat};
                        let hello = Hello {
                            seat,
                            names: &names,
                            rules: self.rules.name(),
                            points_to_win: state.config.points_to_win,
                        };
                        let fallback = Some(Bot::Computer.agent(seed));
                        Box::new(
                            ProgramSeat::start(p, &hello, self.timeout, fallback, "computer")
                                .map_err(|e| format!("game {g}: {e}"))?,
                        )
                    }
                };
                Ok(Box::new(Timed {
                    inner,
                    times: times[b].clone(),
                }) as Box<dyn Agent>)
            })
            .collect::<Result<_, String>>()?;
        let mut game = Game::new(state, names, agents);
        let mut tally = Tally::default();
        let outcome = game.run(&mut tally).map_err(|e| format!("game {g}: {e}"))?;
        let Outcome::Won { team, .. } = outcome else {
            return Err(format!("game {g} stopped"));
        };
        let of_bot = |t: usize| t ^ usize::from(swapped);
        let mut points = [0; 2];
        for t in 0..2 {
            points[of_bot(t)] = tally.points[t];
        }
        Ok(Played {
            winner: of_bot(team),
            hands: tally.hands,
            points,
            times: times.map(|t| t.take()),
        })
    }

    pub fn run(&self) -> Result<Report, String> {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.jobs.max(1))
            .build()
            .map_err(|e| e.to_string())?;
        let start = Instant::now();
        let games: Vec<Played> = pool.install(|| {
            (0..self.games)
                .into_par_iter()
                .map(|g| self.play(g))
                .collect::<Result<Vec<_>, String>>()
        })?;
        let elapsed = start.elapsed();
        let hands: u32 = games.iter().map(|g| g.hands).sum();
        let teams = [0, 1].map(|b| {
            let won = games.iter().filter(|g| g.winner == b).count() as u32;
            let mut times: Vec<Duration> = games.iter().flat_map(|g| g.times[b].clone()).collect();
            times.sort();
            let at = |q: f64| {
                times
                    .get(((times.len() as f64 - 1.0) * q).round() as usize)
                    .map_or(0.0, |d| d.as_secs_f64() * 1000.0)
            };
            TeamReport {
                bot: self.bots[b].name(),
                games_won: won,
                win_rate: f64::from(won) / f64::from(self.games.max(1)),
                ci95: wilson(won, self.games),
                points_per_hand: f64::from(games.iter().map(|g| g.points[b]).sum::<u32>())
                    / f64::from(hands.max(1)),
                median_ms: at(0.5),
                p99_ms: at(0.99),
            }
        });
        Ok(Report {
            games: self.games,
            hands,
            hands_per_second: f64::from(hands) / elapsed.as_secs_f64().max(1e-9),
            teams,
            rules: self.rules.name(),
            seed: self.seed,
        })
    }
}

/// The Wilson score interval for `k` successes in `n` trials, at 95%.
pub fn wilson(k: u32, n: u32) -> [f64; 2] {
    if n == 0 {
        return [0.0, 1.0];
    }
    let (k, n, z) = (f64::from(k), f64::from(n), 1.959_964);
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    [(centre - half).max(0.0), (centre + half).min(1.0)]
}

#[derive(Clone, Debug)]
pub struct TeamReport {
    pub bot: String,
    pub games_won: u32,
    pub win_rate: f64,
    pub ci95: [f64; 2],
    pub points_per_hand: f64,
    pub median_ms: f64,
    pub p99_ms: f64,
}

#[derive(Clone, Debug)]
pub struct Report {
    pub games: u32,
    pub hands: u32,
    pub hands_per_second: f64,
    pub teams: [TeamReport; 2],
    pub rules: &'static str,
    pub seed: u32,
}

impl Report {
    pub fn json(&self) -> String {
        let r3 = |x: f64| (x * 1000.0).round() / 1000.0;
        let teams: Vec<serde_json::Value> = self
            .teams
            .iter()
            .map(|t| {
                serde_json::json!({
                    "bot": t.bot,
                    "games_won": t.games_won,
                    "win_rate": r3(t.win_rate),
                    "ci95": [r3(t.ci95[0]), r3(t.ci95[1])],
                    "points_per_hand": r3(t.points_per_hand),
                    "decision_ms": {"median": r3(t.median_ms), "p99": r3(t.p99_ms)},
                })
            })
            .collect();
        let v = serde_json::json!({
            "games": self.games,
            "hands": self.hands,
            "hands_per_second": self.hands_per_second.round(),
            "teams": teams,
        });
        serde_json::to_string_pretty(&v).expect("plain JSON") + "\n"
    }

    pub fn text(&self) -> String {
        let mut s = format!(
            "{} vs {}: {} games ({} deals, each played both ways) under the {} rules, seed {}\n",
            self.teams[0].bot,
            self.teams[1].bot,
            self.games,
            self.games.div_ceil(2),
            self.rules,
            self.seed
        );
        for (i, t) in self.teams.iter().enumerate() {
            s.push_str(&format!(
                "team {i} {:<9} {:>6} games won ({:.1}%, 95% CI {:.1}–{:.1}%), {:.3} points per hand, decisions {:.3} ms median, {:.3} ms p99\n",
                t.bot,
                t.games_won,
                t.win_rate * 100.0,
                t.ci95[0] * 100.0,
                t.ci95[1] * 100.0,
                t.points_per_hand,
                t.median_ms,
                t.p99_ms
            ));
        }
        s.push_str(&format!(
            "{} hands, {:.0} hands per second\n",
            self.hands, self.hands_per_second
        ));
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wilson_interval_matches_known_values() {
        let [lo, hi] = wilson(60, 100);
        assert!(
            (lo - 0.502).abs() < 0.001 && (hi - 0.691).abs() < 0.001,
            "{lo} {hi}"
        );
        assert_eq!(wilson(0, 0), [0.0, 1.0]);
    }

    #[test]
    fn duplicate_games_swap_the_seats_and_the_same_seed_gives_the_same_games() {
        let m = Match {
            bots: [Entrant::Bot(Bot::Simple), Entrant::Bot(Bot::Computer)],
            games: 6,
            seed: 9,
            rules: Rules::Standard(standard::config()),
            jobs: 2,
            samples: 4,
            timeout: Duration::from_secs(5),
        };
        let a = m.run().unwrap();
        let b = Match {
            jobs: 1,
            ..m.clone()
        }
        .run()
        .unwrap();
        assert_eq!(a.teams[0].games_won, b.teams[0].games_won);
        assert_eq!(a.hands, b.hands);
        assert_eq!(a.teams[0].games_won + a.teams[1].games_won, 6);
        // The same bot on both sides of every deal wins exactly half.
        let mirror = Match {
            bots: [Entrant::Bot(Bot::Simple), Entrant::Bot(Bot::Simple)],
            ..m
        }
        .run()
        .unwrap();
        assert_eq!(mirror.teams[0].games_won, 3);
    }
}
