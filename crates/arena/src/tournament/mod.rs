//! `upcard tournament DIR`: every bot in DIR (one program per subfolder)
//! and any built-in bots, in a round robin of duplicate matches (the
//! arena's: each deal played twice, the teams swapped), rated by
//! Bradley–Terry with intervals from the likelihood's curvature.
//!
//! A game in which one bot's program faulted (crashed, timed out, answered
//! unlawfully, …) is lost by that bot whatever the fallback bot then made
//! of it: a program that crashes every game ranks last. A game in which
//! both faulted is rated for neither. Results (not the decision times,
//! shown only with `--timings`) are the same for a seed whatever `-j`.
//!
//! Here the tournament and its run; beside it its bots (`entries`: the
//! folders' programs and the built-ins), the ratings (`rating`), the
//! standings and the reports in words and JSON (`report`), and the page
//! (`html`).

mod entries;
mod html;
mod rating;
mod report;

pub use entries::{Entry, entries, program_in};
pub use rating::{bradley_terry, intervals};
pub use report::{Report, Standing};

use std::time::Duration;

use crate::{Deals, Match, Quiet, Reporter, play_all};
use upcard_bots::OnFault;
use upcard_bots::Strength;
use upcard_rules::Rules;
use upcard_seat::program_seat::Launch;

/// A tournament before it is played.
pub struct Tournament {
    pub entries: Vec<Entry>,
    pub rules: Rules,
    /// Games each pair plays (deals twice over).
    pub games: u32,
    /// Every pair gets the same deals.
    pub deals: Deals,
    pub jobs: usize,
    /// How hard the search bots think.
    pub strength: Strength,
    pub timeout: Duration,
    pub on_fault: OnFault,
    pub launch: Launch,
    /// Decision times in the reports (`--timings`: they differ run to run).
    pub timings: bool,
}

/// One pair's match: its two entries' indices.
type Pair = (usize, usize);
impl Tournament {
    /// A duplicate match for each pair, one game at a time per match (the
    /// tournament's jobs run games of all matches side by side).
    fn matches(&self, pairs: &[Pair]) -> Vec<Match> {
        pairs
            .iter()
            .map(|&(i, j)| Match {
                bots: [
                    self.entries[i].entrant.clone(),
                    self.entries[j].entrant.clone(),
                ],
                games: self.games,
                deals: self.deals,
                rules: self.rules,
                jobs: 1,
                strength: self.strength,
                timeout: self.timeout,
                on_fault: self.on_fault,
                command: String::new(),
                record: None,
                timings: self.timings,
                launch: self.launch.clone(),
            })
            .collect()
    }

    /// Plays the tournament, saying nothing as it goes.
    pub fn run(&self) -> Result<Report, String> {
        self.run_with(&Quiet)
    }

    /// Plays the tournament, telling `said` as each game ends.
    pub fn run_with(&self, said: &dyn Reporter) -> Result<Report, String> {
        let n = self.entries.len();
        let pairs: Vec<Pair> = (0..n)
            .flat_map(|i| (i + 1..n).map(move |j| (i, j)))
            .collect();
        let matches = self.matches(&pairs);
        let games = self.games as usize;
        let task = |i: usize| (&matches[i / games], (i % games) as u32);
        let played = play_all(matches.len() * games, task, self.jobs, said)?;
        let unfinished = played.iter().filter(|g| g.unfinished).count() as u32;
        let mut standings: Vec<Standing> = self
            .entries
            .iter()
            .map(|e| Standing {
                name: e.name.clone(),
                ..Standing::default()
            })
            .collect();
        // wins[i][j]: games i won against j, rated.
        let mut wins = vec![vec![0u32; n]; n];
        // Each pair's games, in task order.
        let pair_of_game = pairs
            .iter()
            .flat_map(|&p| std::iter::repeat_n(p, self.games as usize));
        for ((i, j), game) in pair_of_game.zip(played) {
            count(&mut standings, &mut wins, [i, j], &game);
        }
        let ratings = bradley_terry(&wins);
        let ci = intervals(&wins, &ratings);
        for (k, s) in standings.iter_mut().enumerate() {
            s.rating = ratings[k];
            s.ci95 = ci[k];
        }
        // Best first; a tie (to the rounding shown) by name.
        standings.sort_by(|a, b| {
            let r = |s: &Standing| (s.rating * 10.0).round() as i64;
            r(b).cmp(&r(a)).then_with(|| a.name.cmp(&b.name))
        });
        Ok(Report {
            standings,
            bots: n,
            games_per_pair: self.games,
            games: self.games * pairs.len() as u32,
            rules: self.rules,
            deals: self.deals,
            strength: self.strength,
            on_fault: self.on_fault.spec(),
            seat_timeout: self.timeout,
            timings: self.timings,
            unfinished,
        })
    }
}

/// One game between `who[0]` and `who[1]` counted in their standings and
/// the rated wins; a faulting side forfeits.
fn count(standings: &mut [Standing], wins: &mut [Vec<u32>], who: [usize; 2], game: &crate::Played) {
    let faulted = [0, 1].map(|b| !game.log(b).faults.is_empty());
    let winner = match faulted {
        [true, false] => Some(1),
        [false, true] => Some(0),
        [true, true] => None,
        [false, false] => game.winner.map(usize::from),
    };
    if let Some(w) = winner {
        wins[who[w]][who[1 - w]] += 1;
        standings[who[w]].won += 1;
    }
    for b in 0..2 {
        let vs = standings[who[1 - b]].name.clone();
        let s = &mut standings[who[b]];
        s.games += 1;
        s.hands += game.hands;
        s.points += game.points[b];
        s.forfeited += u32::from(faulted[b] && !faulted[1 - b]);
        let log = game.log(b);
        s.faults
            .extend(log.faults.iter().map(|f| (vs.clone(), f.clone())));
        if log.stderr.is_some() {
            s.stderr.clone_from(&log.stderr);
        }
        s.times.extend(log.times.iter().copied());
    }
}
