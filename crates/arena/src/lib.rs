//! `upcard arena`: two bots, one per team, over duplicate games. Each deal
//! (a seed) is played twice with the teams swapped, so the luck of the cards
//! cancels; games are independent, so they run in parallel and are reported
//! in deal order. And [`tournament`]: a folder of bots, every pair over
//! such games, with ratings.
//!
//! Here the match and what it gives; beside it the rules and deals a match
//! is played with (`rules`), one game at its table (`game`), the runner that
//! plays a list of games in parallel (`runner`, the tournament's too), the
//! statistics (`stats`) and the reports (`report`).

mod game;
mod played;
mod report;
mod rules;
pub(crate) mod runner;
pub(crate) mod stats;
pub mod tournament;

pub(crate) use played::Played;
pub(crate) use report::{JsonFault, is_zero, unfinished_line};
pub use report::{JsonStrength, Report, TeamReport, thinking};
pub use rules::{Deals, Entrant};
pub(crate) use runner::play_all;
pub use runner::{Event, Quiet, Reporter};
pub use stats::wilson;
pub(crate) use stats::{count_kinds, percentile_ms, percentiles_ms};
use upcard_rules::Rules;

use std::time::{Duration, Instant};

use upcard_bots::OnFault;
use upcard_bots::Strength;
use upcard_seat::program_seat::FaultKind;

#[derive(Clone, Debug)]
pub struct Match {
    /// The two teams' players: `bots[0]` is team 0's, `bots[1]` team 1's.
    pub bots: [Entrant; 2],
    pub games: u32,
    pub deals: Deals,
    pub rules: Rules,
    pub jobs: usize,
    /// How hard the search bots think.
    pub strength: Strength,
    /// How long a program may take to answer.
    pub timeout: Duration,
    /// What plays on when a program faults (`end` stops that game).
    pub on_fault: OnFault,
    /// The command line that ran the match, for the JSON report.
    pub command: String,
    /// A folder to write each game to, as a Euchre Game Notation record.
    pub record: Option<std::path::PathBuf>,
    /// Clock each decision and report the times (`--timings`). Off, a
    /// bot's decisions are not timed at all: the clock was a third of a
    /// random match's time.
    pub timings: bool,
    /// How programs are started (in the sandbox unless `--no-sandbox`).
    pub launch: upcard_seat::program_seat::Launch,
}

/// One fault of a team's program, where it happened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FaultAt {
    pub game: u32,
    pub deal: u32,
    pub seat: usize,
    pub kind: FaultKind,
    pub message: String,
}

impl Match {
    /// Plays the match, saying nothing as it goes.
    pub fn run(&self) -> Result<Report, String> {
        self.run_with(&Quiet)
    }

    /// Plays the match, telling `said` as each game ends.
    pub fn run_with(&self, said: &dyn Reporter) -> Result<Report, String> {
        if let Some(dir) = &self.record {
            std::fs::create_dir_all(dir).map_err(|e| format!("--record {}: {e}", dir.display()))?;
        }
        let start = Instant::now();
        let games = play_all(self.games as usize, |g| (self, g as u32), self.jobs, said);
        let elapsed = start.elapsed();
        let games = games?;
        let hands: u32 = games.iter().map(|g| g.hands).sum();
        let teams = [0, 1].map(|b| {
            let won = games
                .iter()
                .filter(|g| g.winner.map(usize::from) == Some(b))
                .count() as u32;
            let mut startups: Vec<Duration> = games
                .iter()
                .flat_map(|g| g.log(b).startups.iter().copied())
                .collect();
            TeamReport {
                bot: self.bots[b].name(),
                games_won: won,
                win_rate: f64::from(won) / f64::from(self.games.max(1)),
                ci95: wilson(won, self.games),
                points_per_hand: f64::from(games.iter().map(|g| g.points[b]).sum::<u32>())
                    / f64::from(hands.max(1)),
                decision_ms: self.timings.then(|| {
                    let mut times: Vec<Duration> = games
                        .iter()
                        .flat_map(|g| g.log(b).times.iter().copied())
                        .collect();
                    percentiles_ms(&mut times)
                }),
                startups: startups.len(),
                startup_median_ms: percentile_ms(&mut startups, 0.5),
                faults: games
                    .iter()
                    .flat_map(|g| g.log(b).faults.iter().cloned())
                    .collect(),
            }
        });
        Ok(Report {
            games: self.games,
            stopped: games
                .iter()
                .filter(|g| g.winner.is_none() && !g.unfinished)
                .count() as u32,
            unfinished: games.iter().filter(|g| g.unfinished).count() as u32,
            hands,
            hands_per_second: f64::from(hands) / elapsed.as_secs_f64().max(1e-9),
            teams,
            rules: self.rules,
            deals: self.deals,
            strength: self.strength,
            seat_timeout: self.timeout,
            on_fault: self.on_fault.spec(),
            command: self.command.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use upcard_bots::Bot;
    use upcard_rules::courses::standard;

    /// Six standard games of `bots` from `seed`, two at a time.
    fn six_games(bots: [Bot; 2], seed: u32) -> Match {
        Match {
            bots: bots.map(Entrant::Bot),
            games: 6,
            deals: Deals::Seed(seed),
            rules: Rules::standard(standard::config()),
            jobs: 2,
            strength: Strength {
                samples: 4,
                think: None,
            },
            timeout: Duration::from_secs(5),
            on_fault: OnFault::Bot(Bot::Computer),
            command: String::new(),
            record: None,
            timings: false,
            launch: upcard_seat::program_seat::Launch::TRUSTED,
        }
    }

    #[test]
    fn duplicate_games_swap_the_seats_and_the_same_seed_gives_the_same_games() {
        let m = six_games([Bot::Simple, Bot::Computer], 9);
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

    /// What the runner says: the number of games, each game once (from
    /// either worker), then the end; the results are the quiet run's.
    #[test]
    fn the_runner_tells_each_game_and_the_end() {
        use std::sync::Mutex;
        struct Kept(Mutex<Vec<Event>>);
        impl Reporter for Kept {
            fn report(&self, e: Event) {
                self.0.lock().unwrap().push(e);
            }
        }
        let m = six_games([Bot::Simple, Bot::Random], 4);
        let kept = Kept(Mutex::new(Vec::new()));
        let told = m.run_with(&kept).unwrap();
        let quiet = m.run().unwrap();
        assert_eq!(told.hands, quiet.hands);
        assert_eq!(told.teams[0].games_won, quiet.teams[0].games_won);
        let mut want = vec![Event::Started { games: 6 }];
        want.extend([Event::GameDone; 6]);
        want.push(Event::Finished);
        assert_eq!(*kept.0.lock().unwrap(), want);
    }
}
