//! The expert's decisions against pimc's (the same search without reading
//! the bidding), on the same positions, in one process, in alternation, so
//! the machine's drift cancels. The positions: every decision with a
//! choice in the first three hands or so of six standard games between the course
//! strategies, the bot to decide at its default 24 deals. The README's
//! "expert" figures.
//!
//! Before criterion's totals it prints each bot's median time per
//! decision over the same positions, over all of them and by kind (each
//! position timed in turn for both, the fastest of `REPS`), and the median
//! of the expert's time over pimc's. In `upcard arena` each bot meets its
//! own positions, and the median there falls between kinds of decision (a
//! bid takes milliseconds, a last-but-one card microseconds), so it moves
//! with the mix of decisions more than with either bot's speed.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use upcard::agents::Agent;
use upcard::bots::Expert;
use upcard::bots::{Bot, EXPERT_SAMPLES};
use upcard::courses::standard;
use upcard::engine::{NullSink, Seen, State};

/// Positions with more than one lawful action, from seeded games.
fn positions() -> Vec<State> {
    let mut out = Vec::new();
    for seed in 0..6u32 {
        let mut s = State::new(standard::config(), standard::deck(seed));
        let mut bots: Vec<Box<dyn Agent>> = (0..4).map(|i| Bot::Computer.agent(i)).collect();
        // About the first three hands of each game.
        let mut decisions = 0;
        while decisions < 40 && !s.is_over() {
            let Some(seat) = s.to_move() else {
                if !s.advance(&mut NullSink) {
                    break;
                }
                continue;
            };
            decisions += 1;
            let legal = s.legal_actions();
            if legal.len() > 1 {
                out.push(s.clone());
            }
            let d = bots[seat]
                .choose(&Seen::of(&s, seat), &legal, &mut NullSink)
                .unwrap();
            s.apply(d.action, &mut NullSink).unwrap();
        }
    }
    out
}

/// One decision of the expert (`infer`) or pimc, seeded by its position.
fn decide(s: &State, i: usize, infer: bool) {
    let seat = s.to_move().unwrap();
    let mut e = if infer {
        Expert::new(i as u32, EXPERT_SAMPLES)
    } else {
        Expert::plain(i as u32, EXPERT_SAMPLES)
    };
    let legal = s.legal_actions();
    black_box(e.choose(&Seen::of(s, seat), &legal, &mut NullSink).unwrap());
}

/// Times per position taken, each bot in turn; the fastest kept.
const REPS: usize = 5;

fn median(mut v: Vec<f64>) -> f64 {
    v.sort_by(f64::total_cmp);
    let n = v.len();
    match n {
        0 => f64::NAN,
        _ if n % 2 == 1 => v[n / 2],
        _ => (v[n / 2 - 1] + v[n / 2]) / 2.0,
    }
}

/// Prints the medians (module comment), in milliseconds.
fn medians(states: &[State]) {
    let mut times = vec![[f64::MAX; 2]; states.len()];
    for _ in 0..REPS {
        for (i, s) in states.iter().enumerate() {
            for (b, infer) in [(0, false), (1, true)] {
                let start = std::time::Instant::now();
                decide(s, i, infer);
                times[i][b] = times[i][b].min(start.elapsed().as_secs_f64() * 1e3);
            }
        }
    }
    let kind = |s: &State| {
        let o = s.observation(s.to_move().unwrap());
        match o.trump {
            None => "bids".to_string(),
            Some(_) => format!("plays from {} cards", o.hand.len()),
        }
    };
    let mut kinds: Vec<String> = states.iter().map(kind).collect();
    kinds.sort();
    kinds.dedup();
    println!("median ms per decision: expert / pimc (median of expert/pimc per position)");
    for k in std::iter::once(None).chain(kinds.iter().map(Some)) {
        let of: Vec<[f64; 2]> = states
            .iter()
            .zip(&times)
            .filter(|(s, _)| k.is_none_or(|k| kind(s) == *k))
            .map(|(_, t)| *t)
            .collect();
        println!(
            "  {:<20} {:>3} positions: {:.3} / {:.3} ({:.3})",
            k.map_or("all", |k| k.as_str()),
            of.len(),
            median(of.iter().map(|t| t[1]).collect()),
            median(of.iter().map(|t| t[0]).collect()),
            median(of.iter().map(|t| t[1] / t[0]).collect()),
        );
    }
}

fn bench(c: &mut Criterion) {
    let states = positions();
    medians(&states);
    let mut g = c.benchmark_group(format!("decisions_{}_positions", states.len()));
    g.sample_size(20);
    for (name, infer) in [("pimc", false), ("expert", true)] {
        g.bench_function(name, |b| {
            b.iter(|| {
                for (i, s) in states.iter().enumerate() {
                    decide(s, i, infer);
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
