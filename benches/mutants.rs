//! `upcard mutants` over the whole bundled library: every mutant of both
//! courses against every scenario of its course until one kills it.

use std::path::PathBuf;

use criterion::{Criterion, criterion_group, criterion_main};
use upcard::scenario::{discover, load_all};

fn bench(c: &mut Criterion) {
    let files = discover(&[PathBuf::from("scenarios")]).unwrap();
    let (scenarios, errors) = load_all(&files);
    assert!(errors.is_empty());
    let mut g = c.benchmark_group("mutants");
    g.sample_size(10);
    for jobs in [1, 2] {
        g.bench_function(format!("library, both courses, {jobs} thread(s)"), |b| {
            b.iter(|| {
                let r = upcard::mutants::run(&scenarios, None, jobs).unwrap();
                assert_eq!(r.score(), 100.0);
            })
        });
    }
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
