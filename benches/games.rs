//! Whole simulated EECS 280 games: engine alone (null sink) and with the full
//! transcript. Throughput is reported in hands.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use upcard::courses::eecs280::pack::parse_pack;
use upcard::courses::eecs280::program::{Args, new_game, play};
use upcard::courses::{cs246, eecs280};
use upcard::engine::mutants::Switch;
use upcard::engine::{Event, EventSink, NullSink, Phase, State};
use upcard::input::Tokens;

const PACK: &str = include_str!("../golden/eecs280/v2020-2026_adi/pack.in");

fn args() -> Args {
    let raw: Vec<String> = "pack.in shuffle 100 A Simple B Simple C Simple D Simple"
        .split(' ')
        .map(String::from)
        .collect();
    Args::parse(&raw).unwrap()
}

struct CountHands(u64);
impl EventSink for CountHands {
    fn event(&mut self, e: &Event) {
        if matches!(e, Event::HandStart { .. }) {
            self.0 += 1;
        }
    }
}

fn bench(c: &mut Criterion) {
    let pack = parse_pack("pack.in", PACK).unwrap();
    let a = args();
    let input = Tokens::from_text("").shared();
    let mut count = CountHands(0);
    new_game(&a, pack, &input, Switch::OFF)
        .run(&mut count)
        .unwrap();
    let mut g = c.benchmark_group("eecs280_game_to_100");
    g.throughput(Throughput::Elements(count.0));
    g.bench_function("events_to_null_sink", |b| {
        b.iter(|| {
            new_game(&a, pack, &input, Switch::OFF)
                .run(&mut NullSink)
                .unwrap()
        })
    });
    g.bench_function("full_transcript", |b| {
        b.iter(|| {
            let out = Vec::with_capacity(1 << 16);
            let (r, w) = play(&a, pack, "./euchre.exe", &input, out);
            r.unwrap();
            black_box(w.unwrap().len())
        })
    });
    g.finish();
}

criterion_group!(benches, bench, bench_step);
criterion_main!(benches);

/// A state in the middle of a hand's play, for each course.
fn mid_play_states() -> Vec<(&'static str, State)> {
    let pack = parse_pack("pack.in", PACK).unwrap();
    let mut out = Vec::new();
    for (name, mut s) in [
        (
            "eecs280",
            State::new(eecs280::config(10), eecs280::deck(pack, true)),
        ),
        (
            "cs246",
            State::new(
                cs246::config(&Default::default()),
                cs246::deck(7, cs246::initial_deck(), 0),
            ),
        ),
    ] {
        // Deal, then take the last legal action that moves the game on
        // (ordering up rather than passing hands away, no renege) until a
        // trick is under way and a seat is to play.
        while !(matches!(s.phase, Phase::Trick { turns: 2, .. }) && s.to_move().is_some()) {
            if s.to_move().is_none() {
                s.advance(&mut NullSink);
                continue;
            }
            let moved = s.legal_actions().into_iter().rev().find_map(|a| {
                let mut next = s.clone();
                next.apply(a, &mut NullSink).unwrap();
                (next.phase != s.phase).then_some(next)
            });
            s = moved.expect("some action moves the game on");
        }
        out.push((name, s));
    }
    out
}

/// What a searching bot calls millions of times: clone, list, apply.
fn bench_step(c: &mut Criterion) {
    let states = mid_play_states();
    let mut g = c.benchmark_group("state_clone_legal_apply");
    g.throughput(Throughput::Elements(1));
    for (name, s) in states {
        g.bench_function(name, |b| {
            b.iter(|| {
                let mut next = black_box(&s).clone();
                let legal = next.legal_actions();
                next.apply(legal[0], &mut NullSink).unwrap();
                black_box(next)
            })
        });
    }
    g.finish();
}
