//! Speed of play (issue #53): random games through the engine driven as a
//! library (`State::new` → `next_offer`, the legal actions → a uniform pick
//! → `take`), and the arena's whole random match (`upcard arena --team0
//! random --team1 random -j 1`, seeded and secret deals, no timings).
//! Throughput is in hands. The README's figures, and benches/peers.sh
//! compares the arena with a public engine in alternating runs.
//!
//! `UPCARD_ONCE=MODE` (`engine`, `engine4`, `engine-quick`, `arena`,
//! `arena-secret`) runs one loop of `UPCARD_GAMES` games (default 2,000)
//! instead and prints its hands: benches/instructions.sh counts its
//! instructions under valgrind, a figure a noisy machine does not move.

use criterion::{Criterion, Throughput, criterion_group};
use std::hint::black_box;
use std::time::Duration;
use upcard::Rules;
use upcard::arena::{Deals, Entrant, Match};
use upcard::bots::OnFault;
use upcard::bots::{Bot, Strength};
use upcard::courses::standard;
use upcard::engine::{Actions, Event, EventSink, State};

/// Counts hands as they end (the one event the loop reads; no move is built).
struct Hands(u64);

impl EventSink for Hands {
    fn event(&mut self, e: &Event) {
        if matches!(e, Event::HandOver { .. }) {
            self.0 += 1;
        }
    }
    fn quiet(&self) -> bool {
        true
    }
    fn takes_why(&self) -> bool {
        false
    }
    fn takes_moves(&self) -> bool {
        false
    }
}

/// `games` standard games from seeds 0.., every choice uniform among the
/// legal actions, their decks made `K` at a time (`standard::decks`: `K`
/// seeding chains side by side). Its hands.
fn engine_games<const K: usize>(games: u32) -> u64 {
    let (mut hands, mut pick) = (Hands(0), Pick::new());
    for first in (0..games).step_by(K) {
        let seeds: [u32; K] = std::array::from_fn(|k| first + k as u32);
        for (deck, _) in standard::decks(seeds).into_iter().zip(first..games) {
            play(State::new(standard::config(), deck), &mut pick, &mut hands);
        }
    }
    hands.0
}

/// [`engine_games`] dealt from quick decks (`standard::quick_deck`, seeds
/// 0..): random hands as a simulation deals them, PCG32 where a seeded
/// game seeds an MT19937 (as swpecht's engine deals from its driver's
/// generator). Its hands.
fn engine_quick_games(games: u32) -> u64 {
    let (mut hands, mut pick) = (Hands(0), Pick::new());
    for g in 0..games {
        let deck = standard::quick_deck(u64::from(g));
        play(State::new(standard::config(), deck), &mut pick, &mut hands);
    }
    hands.0
}

/// A uniform pick among the legal actions. It should cost nothing:
/// xorshift, and an index by multiplying, not dividing (a 64-bit division
/// was 7% of this loop's time), from one list of legal actions reused.
struct Pick {
    x: u64,
    legal: Actions,
}

impl Pick {
    fn new() -> Pick {
        Pick {
            x: 0x9E37_79B9_7F4A_7C15,
            legal: Actions::new(),
        }
    }
}

/// Plays `s` to its end. The automatic steps taken and the seat to move
/// listed in one call, with the set the pick is checked against (the rule
/// read once a decision).
#[inline(always)]
fn play(mut s: State, pick: &mut Pick, hands: &mut Hands) {
    while let Some((seat, offer)) = s.next_offer(&mut pick.legal, hands) {
        let x = &mut pick.x;
        *x ^= *x << 13;
        *x ^= *x >> 7;
        *x ^= *x << 17;
        let a = pick.legal[(((*x >> 32) * pick.legal.len() as u64) >> 32) as usize];
        s.take(seat, offer, a, hands).expect("a legal action");
    }
}

/// `arena --team0 random --team1 random -j 1`, with `deals`: `--seed 1`, or
/// secret deals (no `--seed`: the issue's own command, a fixed key here so
/// that every sample plays the same games).
fn random_match(games: u32, deals: Deals) -> Match {
    Match {
        bots: [Entrant::Bot(Bot::Random), Entrant::Bot(Bot::Random)],
        games,
        deals,
        rules: Rules::standard(standard::config()),
        jobs: 1,
        strength: Strength::default(),
        timeout: Duration::from_secs(5),
        on_fault: OnFault::Bot(Bot::Computer),
        command: String::new(),
        record: None,
        timings: false,
        launch: upcard::seat::program_seat::Launch::TRUSTED,
    }
}

fn bench(c: &mut Criterion) {
    const GAMES: u32 = 2000;
    let mut g = c.benchmark_group("random_play");
    // The seeded games' hands, counted once for both of their benchmarks.
    let seeded = engine_games::<1>(GAMES);
    g.throughput(Throughput::Elements(seeded));
    g.bench_function("engine_as_library", |b| {
        b.iter(|| black_box(engine_games::<1>(black_box(GAMES))))
    });
    // Quick decks: no generator seeded per game.
    g.throughput(Throughput::Elements(engine_quick_games(GAMES)));
    g.bench_function("engine_as_library_quick_decks", |b| {
        b.iter(|| black_box(engine_quick_games(black_box(GAMES))))
    });
    g.throughput(Throughput::Elements(seeded));
    // The seeded games, their generators seeded four at a time.
    g.bench_function("engine_as_library_seeded_by_four", |b| {
        b.iter(|| black_box(engine_games::<4>(black_box(GAMES))))
    });
    let m = random_match(GAMES, Deals::Seed(1));
    g.throughput(Throughput::Elements(u64::from(m.run().unwrap().hands)));
    g.bench_function("arena_random_match", |b| {
        b.iter(|| black_box(m.run().unwrap().hands))
    });
    // A secret deal's keys are ChaCha20 blocks: once made per seat, which
    // this would have caught.
    let m = random_match(GAMES, Deals::Secret([7; 32]));
    g.throughput(Throughput::Elements(u64::from(m.run().unwrap().hands)));
    g.bench_function("arena_random_match_secret_deals", |b| {
        b.iter(|| black_box(m.run().unwrap().hands))
    });
    g.finish();
}

/// One loop of `mode`, `games` games: its hands.
fn once(mode: &str, games: u32) -> Result<u64, String> {
    let hands = |m: Match| m.run().map(|r| u64::from(r.hands));
    match mode {
        "engine" => Ok(engine_games::<1>(games)),
        "engine4" => Ok(engine_games::<4>(games)),
        "engine-quick" => Ok(engine_quick_games(games)),
        "arena" => hands(random_match(games, Deals::Seed(1))),
        "arena-secret" => hands(random_match(games, Deals::Secret([7; 32]))),
        _ => Err(format!(
            "UPCARD_ONCE={mode:?}: engine, engine4, engine-quick, arena or arena-secret"
        )),
    }
}

criterion_group!(benches, bench);

fn main() {
    if let Ok(mode) = std::env::var("UPCARD_ONCE") {
        let games = std::env::var("UPCARD_GAMES").map_or(Ok(2000), |g| g.parse::<u32>());
        match games
            .map_err(|e| format!("UPCARD_GAMES: {e}"))
            .and_then(|g| once(&mode, g))
        {
            Ok(hands) => println!("{hands} hands"),
            Err(e) => {
                eprintln!("play: {e}");
                std::process::exit(2);
            }
        }
        return;
    }
    benches();
    Criterion::default().configure_from_args().final_summary();
}
