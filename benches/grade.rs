//! The grader's own cost: running a small program through `Grader::grade`
//! (run directory and files, containment, comparison) against running the
//! same process directly with the same arguments and input, and through the
//! grader with its sandbox.

use std::io::Write;
use std::os::unix::process::CommandExt;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

use criterion::{Criterion, criterion_group, criterion_main};
use upcard::grade::{Grader, expected, invocation};
use upcard::sandbox::{Limits, Sandboxing};
use upcard::scenario::Scenario;

/// A C++ program that prints `golden` with iostream, as a correct submission would.
fn build(golden: &[u8]) -> PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let lit: String = golden.iter().map(|b| format!("\\x{b:02x}")).collect();
    let src = dir.join("p.cpp");
    std::fs::write(
        &src,
        format!("#include <iostream>\nstatic const char O[] = \"{lit}\";\nint main() {{ std::cout << O; return 0; }}\n"),
    )
    .unwrap();
    let exe = dir.join("p");
    assert!(
        Command::new("c++")
            .arg("-O1")
            .arg("-o")
            .arg(&exe)
            .arg(&src)
            .status()
            .unwrap()
            .success()
    );
    exe
}

fn bench(c: &mut Criterion) {
    let s = Scenario::load(Path::new("scenarios/eecs280/official-test01-adi.yaml")).unwrap();
    let (want, want_exit) = expected(&s).unwrap();
    let exe = build(want.as_bytes());
    let inv = invocation(&s, None).unwrap();
    let dir = exe.parent().unwrap().join("direct");
    std::fs::create_dir_all(&dir).unwrap();
    for (name, text) in &inv.files {
        std::fs::write(dir.join(name), text).unwrap();
    }
    let mut g = c.benchmark_group("grade");
    g.sample_size(50);
    g.bench_function("direct", |b| {
        b.iter(|| {
            let mut child = Command::new(&exe)
                .arg0(&inv.argv0)
                .args(&inv.args)
                .current_dir(&dir)
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .stderr(Stdio::piped())
                .spawn()
                .unwrap();
            let _ = child.stdin.take().unwrap().write_all(s.input.as_bytes());
            let o = child.wait_with_output().unwrap();
            assert_eq!(o.stdout, want.as_bytes());
        })
    });
    let unsandboxed = Grader::new(None, Limits::default(), Sandboxing::Off).unwrap();
    g.bench_function("grader", |b| {
        b.iter(|| {
            let o = unsandboxed.grade(&exe, &s, (&want, want_exit)).unwrap();
            assert!(o.verdict.passed());
        })
    });
    // The upcard binary serves as the sandbox helper.
    let helper = PathBuf::from(env!("CARGO_BIN_EXE_upcard"));
    let sandboxed = Grader::new(None, Limits::default(), Sandboxing::On { helper }).unwrap();
    g.bench_function("grader in the sandbox", |b| {
        b.iter(|| {
            let o = sandboxed.grade(&exe, &s, (&want, want_exit)).unwrap();
            assert!(o.verdict.passed(), "{:?} {}", o.verdict, o.detail);
        })
    });
    g.finish();
    overhead(&[&unsandboxed, &sandboxed], &exe, &s, (&want, want_exit));
}

/// The sandbox's cost measured in alternation: the machine's speed drifts
/// between criterion's benchmarks by more than the sandbox costs, so one
/// run without and one with it, in turn, then the medians.
fn overhead(graders: &[&Grader; 2], exe: &Path, s: &Scenario, want: (&str, u8)) {
    const PAIRS: usize = 300;
    let mut times = [Vec::with_capacity(PAIRS), Vec::with_capacity(PAIRS)];
    for _ in 0..PAIRS {
        for (g, t) in graders.iter().zip(&mut times) {
            let start = std::time::Instant::now();
            let o = g.grade(exe, s, want).unwrap();
            t.push(start.elapsed());
            assert!(o.verdict.passed());
        }
    }
    let [plain, boxed] = times.map(|mut t| {
        t.sort();
        t[PAIRS / 2]
    });
    println!(
        "grade/sandbox overhead, {PAIRS} alternating pairs: median {plain:.2?} without, \
         {boxed:.2?} in the sandbox ({:+.1}%)",
        (boxed.as_secs_f64() / plain.as_secs_f64() - 1.0) * 100.0
    );
}

criterion_group!(benches, bench);
criterion_main!(benches);
