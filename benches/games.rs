//! Whole simulated EECS 280 games: engine alone (null sink) and with the full
//! transcript. Throughput is reported in hands.

use criterion::{Criterion, Throughput, criterion_group, criterion_main};
use std::hint::black_box;
use upcard::courses::eecs280::program::{Args, new_game, play};
use upcard::engine::{Event, EventSink, NullSink};
use upcard::input::Tokens;
use upcard::parse::pack::parse_pack;

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
    new_game(&a, pack, &input).run(&mut count).unwrap();
    let mut g = c.benchmark_group("eecs280_game_to_100");
    g.throughput(Throughput::Elements(count.0));
    g.bench_function("events_to_null_sink", |b| {
        b.iter(|| new_game(&a, pack, &input).run(&mut NullSink).unwrap())
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

criterion_group!(benches, bench);
criterion_main!(benches);
