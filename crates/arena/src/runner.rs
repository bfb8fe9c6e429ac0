//! The one runner of the arena and the tournament: a list of games played
//! `jobs` at once, their results in the list's order, and what it says as
//! it goes told to a reporter the caller gives (the binary draws a progress
//! bar from it), as nextest's runner hands its events to its reporters.

use rayon::prelude::*;
use upcard_seat::program_seat::Connection;

use super::game::Pool;
use super::{Match, Played};

/// What the runner says as it goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// The games begin: this many in all.
    Started { games: usize },
    /// One game is over (from any worker, in any order).
    GameDone,
    /// Every game is over; the programs that stayed are being closed.
    Finished,
}

/// Takes the runner's events, from any worker.
pub trait Reporter: Sync {
    fn report(&self, event: Event);
}

/// Says nothing (a library caller's default).
pub struct Quiet;

impl Reporter for Quiet {
    fn report(&self, _: Event) {}
}

/// Plays the `count` games `task` names by their place (a match and its
/// game number; not listed first: a long match's list of them was pages
/// the kernel zeroed), `jobs` at once, and returns the results in task
/// order (so they do not depend on `jobs`). The two halves of a duplicate
/// pair (games 2k and 2k + 1 of a match: one deal, the teams swapped) are
/// one job, played one after the other: run at once, a bot in one half
/// could learn from its twin in the other the hands it is about to hold.
/// Programs that stay are handed from game to game of one command; when
/// every game is played their input closes and each has the grace period
/// to exit.
pub(crate) fn play_all<'m>(
    count: usize,
    task: impl Fn(usize) -> (&'m Match, u32) + Sync,
    jobs: usize,
    said: &dyn Reporter,
) -> Result<Vec<Played>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let idle = Pool::default();
    said.report(Event::Started { games: count });
    // Each pair's first game: an even game number begins a deal (a match
    // of an odd number of games ends with a half alone).
    let starts: Vec<usize> = (0..count)
        .filter(|&i| task(i).1.is_multiple_of(2))
        .collect();
    // Collected as a list of results, which rayon writes in place, each
    // worker into its own part: collected straight into a `Result`, the
    // workers' lists were joined and grown by copying, onto new pages (a
    // tenth of a long random match's time went to the kernel zeroing them).
    let pairs: Vec<[Option<Result<Played, String>>; 2]> = pool.install(|| {
        starts
            .par_iter()
            .map(|&i| {
                let mut pair = [None, None];
                for (k, half) in pair.iter_mut().enumerate() {
                    let at = i + k;
                    if at >= count || (k == 1 && task(at).1.is_multiple_of(2)) {
                        break;
                    }
                    let (m, g) = task(at);
                    *half = Some(m.play(g, &idle));
                    said.report(Event::GameDone);
                }
                pair
            })
            .collect()
    });
    let games: Result<Vec<Played>, String> = pairs.into_iter().flatten().flatten().collect();
    said.report(Event::Finished);
    let left: Vec<(String, Vec<u32>, Connection)> =
        std::mem::take(&mut *idle.lock().unwrap_or_else(|e| e.into_inner()));
    pool.install(|| left.into_par_iter().for_each(|(_, _, c)| c.close()));
    games
}
