//! The one runner of the arena and the tournament: a list of games played
//! `jobs` at once, their results in the list's order.

use rayon::prelude::*;
use upcard_seat::program_seat::Connection;

use super::game::Pool;
use super::{Match, Played};

/// Plays each `(match, game)` of `tasks`, `jobs` at once, and returns the
/// results in task order (so they do not depend on `jobs`). Programs that
/// stay are handed from game to game of one command; when every game is
/// played their input closes and each has the grace period to exit.
pub(crate) fn play_all(tasks: &[(&Match, u32)], jobs: usize) -> Result<Vec<Played>, String> {
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(jobs.max(1))
        .build()
        .map_err(|e| e.to_string())?;
    let idle = Pool::default();
    let games: Result<Vec<Played>, String> =
        pool.install(|| tasks.par_iter().map(|&(m, g)| m.play(g, &idle)).collect());
    let left: Vec<(String, Vec<u32>, Connection)> =
        std::mem::take(&mut *idle.lock().unwrap_or_else(|e| e.into_inner()));
    pool.install(|| left.into_par_iter().for_each(|(_, _, c)| c.close()));
    games
}
