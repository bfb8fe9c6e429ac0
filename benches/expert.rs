//! The expert's decisions against pimc's (the same search without reading
//! the bidding), on the same positions, in one process, in alternation, so
//! the machine's drift cancels. The positions: every decision with a
//! choice in the first three hands or so of six standard games between the course
//! strategies, the bot to decide at its default 24 deals. The README's
//! "expert" figures and the median per decision from `upcard arena`.

use criterion::{Criterion, criterion_group, criterion_main};
use std::hint::black_box;
use upcard::agents::Agent;
use upcard::agents::expert::Expert;
use upcard::courses::standard::{self, Bot, EXPERT_SAMPLES};
use upcard::engine::{NullSink, State};

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
                .choose(&s.observation(seat), &legal, &mut NullSink)
                .unwrap();
            s.apply(d.action, &mut NullSink).unwrap();
        }
    }
    out
}

fn bench(c: &mut Criterion) {
    let states = positions();
    let mut g = c.benchmark_group(format!("decisions_{}_positions", states.len()));
    g.sample_size(20);
    for (name, infer) in [("pimc", false), ("expert", true)] {
        g.bench_function(name, |b| {
            b.iter(|| {
                for (i, s) in states.iter().enumerate() {
                    let seat = s.to_move().unwrap();
                    let mut e = if infer {
                        Expert::new(i as u32, EXPERT_SAMPLES)
                    } else {
                        Expert::plain(i as u32, EXPERT_SAMPLES)
                    };
                    let legal = s.legal_actions();
                    black_box(
                        e.choose(&s.observation(seat), &legal, &mut NullSink)
                            .unwrap(),
                    );
                }
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
