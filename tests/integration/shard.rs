//! `upcard grade --shard I/N` and `upcard report merge`: three shards merged
//! give the bytes of one unsharded run, for a class and for one program.

use std::path::{Path, PathBuf};
use std::process::Command;

const SCENARIOS: [&str; 5] = [
    "scenarios/eecs280/march.yaml",
    "scenarios/eecs280/euchred.yaml",
    "scenarios/eecs280/trump-led.yaml",
    "scenarios/eecs280/left-bower-led.yaml",
    "scenarios/eecs280/human-dealer-discards.yaml",
];

fn work(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-shard-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A C program: prints march's golden, then runs `tail` (C statements).
fn program(dir: &Path, name: &str, tail: &str) -> PathBuf {
    let golden = std::fs::read("golden/eecs280/march.out").unwrap();
    let text = format!(
        "#include <stdio.h>\n#include <stdlib.h>\n\
         static const char OUT[] = {};\n\
         int main(void) {{ fwrite(OUT, 1, sizeof OUT - 1, stdout); fflush(stdout); {tail} }}\n",
        crate::common::c_string(&golden)
    );
    let exe = dir.join(name);
    crate::common::compile_c(&dir.join(format!("{name}.c")), &text, &exe);
    exe
}

struct Ran {
    code: Option<i32>,
    out: String,
    err: String,
}

fn upcard(args: &[&str]) -> Ran {
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(args)
        .output()
        .unwrap();
    Ran {
        code: o.status.code(),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    }
}

/// Every file under `dir`, relative, with its bytes.
fn files(dir: &Path) -> Vec<(PathBuf, Vec<u8>)> {
    let mut all = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                todo.push(p);
            } else {
                all.push((
                    p.strip_prefix(dir).unwrap().to_path_buf(),
                    std::fs::read(&p).unwrap(),
                ));
            }
        }
    }
    all.sort();
    all
}

fn s(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// The full run's reports under `full`, as `--out` lays them out.
fn full_run(exe: &Path, full: &Path, many: bool) -> Ran {
    let name = |kind: &str, one: &str| {
        if many {
            full.join(kind)
        } else {
            full.join(one)
        }
    };
    let reports = [
        format!("gradescope={}", s(&name("gradescope", "results.json"))),
        format!(
            "prairielearn={}",
            s(&name("prairielearn", "prairielearn.json"))
        ),
        format!("junit={}", s(&name("junit", "junit.xml"))),
        format!("json={}", s(&name("json", "report.json"))),
        format!("tap={}", s(&name("tap", "report.tap"))),
        format!("html={}", s(&name("html", "report.html"))),
    ];
    let csv = full.join("students.csv");
    let mut args = vec!["grade", "--exe", s(exe), "-j", "2", "--csv", s(&csv)];
    for r in &reports {
        args.extend(["--report", r]);
    }
    args.extend(SCENARIOS);
    upcard(&args)
}

fn shards(exe: &Path, parts: &Path, many: bool) -> Vec<PathBuf> {
    (1..=3)
        .map(|i| {
            let part = if many {
                parts.join(format!("part{i}"))
            } else {
                parts.join(format!("part{i}.json"))
            };
            let shard = format!("{i}/3");
            let report = format!("json={}", s(&part));
            let mut args = vec![
                "grade",
                "--exe",
                s(exe),
                "-j",
                "2",
                "--shard",
                &shard,
                "--report",
                &report,
            ];
            args.extend(SCENARIOS);
            let r = upcard(&args);
            assert!(matches!(r.code, Some(0 | 1)), "{}", r.err);
            part
        })
        .collect()
}

fn merge(out: &Path, parts: &[PathBuf]) -> Ran {
    let mut args = vec!["report", "merge", "--out", s(out)];
    args.extend(parts.iter().map(|p| s(p)));
    upcard(&args)
}

#[test]
fn a_class_graded_in_three_shards_and_merged_is_one_run() {
    let w = work("class");
    let subs = w.join("subs");
    for (who, tail) in [
        ("alice", "return 0;"),
        ("bob", "abort();"),
        ("dave", "return 3;"),
    ] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        let exe = program(&w, who, tail);
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    // Carol has no program: a row of not-run verdicts, in every shard.
    std::fs::create_dir_all(subs.join("carol")).unwrap();
    let full = w.join("full");
    let one = full_run(&subs, &full, true);
    assert_eq!(one.code, Some(1), "{}", one.err);
    let parts = shards(&subs, &w, true);
    // Each shard has every student's report, with its share of the 20 runs.
    let runs: usize = parts
        .iter()
        .map(|p| {
            let v: serde_json::Value =
                serde_json::from_slice(&std::fs::read(p.join("alice.json")).unwrap()).unwrap();
            assert_eq!(v["shard"]["cases"], 5);
            v["tests"].as_array().unwrap().len()
        })
        .sum();
    assert_eq!(runs, 5);
    let merged = w.join("merged");
    let m = merge(&merged, &parts);
    assert_eq!(m.err, "");
    assert_eq!((m.code, &m.out), (one.code, &one.out));
    let (a, b) = (files(&full), files(&merged));
    assert_eq!(
        a.iter().map(|f| &f.0).collect::<Vec<_>>(),
        b.iter().map(|f| &f.0).collect::<Vec<_>>()
    );
    assert_eq!(
        a.len(),
        4 * 6 + 2,
        "four students × six reports, index.html, the CSV"
    );
    for ((name, x), (_, y)) in a.iter().zip(&b) {
        assert!(x == y, "{} differs after merging", name.display());
    }
}

#[test]
fn one_program_graded_in_three_shards_and_merged_is_one_run() {
    let w = work("one");
    let exe = program(&w, "euchre.exe", "return 0;");
    let full = w.join("full");
    let one = full_run(&exe, &full, false);
    assert_eq!(one.code, Some(1), "{}", one.err);
    assert!(
        one.out
            .starts_with("FAIL euchred (wrong output)\nFAIL human-dealer-discards (wrong output)\nFAIL left-bower-led (wrong output)\nPASS march\n"),
        "{}",
        one.out
    );
    let parts = shards(&exe, &w, false);
    let merged = w.join("merged");
    let m = merge(&merged, &parts);
    assert_eq!(m.err, "");
    assert_eq!((m.code, &m.out), (one.code, &one.out));
    let (a, b) = (files(&full), files(&merged));
    assert_eq!(a.len(), 7);
    assert_eq!(a, b);
}

#[test]
fn parts_that_are_not_one_runs_shards_are_refused() {
    let w = work("bad");
    let exe = program(&w, "euchre.exe", "return 0;");
    let parts = shards(&exe, &w, false);
    let out = w.join("out");
    let r = merge(&out, &parts[..2]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        format!("upcard: shard 3/3 of {} is missing\n", exe.display())
    );
    let r = merge(
        &out,
        &[parts[0].clone(), parts[1].clone(), parts[1].clone()],
    );
    assert_eq!(
        r.err,
        format!(
            "upcard: {} and {} are both shard 2/3\n",
            s(&parts[1]),
            s(&parts[1])
        )
    );
    // A damaged part is named with its line and column.
    let text = std::fs::read_to_string(&parts[2]).unwrap();
    let broken = w.join("broken.json");
    std::fs::write(&broken, text.replacen("\"case\": ", "\"case\": -", 1)).unwrap();
    let r = merge(&out, &[parts[0].clone(), parts[1].clone(), broken.clone()]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.err.starts_with(&format!("upcard: {}:", s(&broken)))
            && r.err.contains(": tests[0].case: invalid value: integer `-"),
        "{}",
        r.err
    );
    assert!(!out.exists(), "nothing is written when a part is refused");
    // A shard writes only what merge reads.
    let r = upcard(&[
        "grade",
        "--exe",
        s(&exe),
        "--shard",
        "1/2",
        "--report",
        "tap",
        SCENARIOS[0],
    ]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: --shard 1/2 writes only JSON reports, not tap: upcard report merge renders \
         the others from all shards' JSON reports\n"
    );
    let r = upcard(&["grade", "--exe", s(&exe), "--shard", "3/2", SCENARIOS[0]]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.err
            .contains("\"3/2\" is not a shard: I/N with 1 ≤ I ≤ N, as in 2/3"),
        "{}",
        r.err
    );
}

/// Parts come from CI workers that also ran student programs: a name in a
/// part that would become a path outside `--out` is refused, and nothing is
/// written anywhere.
#[test]
fn a_part_whose_program_is_a_path_is_refused_and_nothing_is_written() {
    let w = work("hostile-part");
    let subs = w.join("subs");
    std::fs::create_dir_all(subs.join("alice")).unwrap();
    let exe = program(&w, "alice", "return 0;");
    std::fs::copy(&exe, subs.join("alice/euchre.exe")).unwrap();
    let parts = shards(&subs, &w, true);
    let good = std::fs::read_to_string(parts[0].join("alice.json")).unwrap();
    let long = "x".repeat(4000);
    let escape = w.join("escaped");
    for (bad, why) in [
        ("../../../../escaped", "it holds a path separator"),
        (escape.to_str().unwrap(), "it holds a path separator"),
        ("a\u{0}b", "it holds a control character"),
        (long.as_str(), "it is longer than 128 bytes"),
    ] {
        let text = good.replacen(
            "\"program\": \"alice\"",
            &format!("\"program\": {}", serde_json::to_string(bad).unwrap()),
            1,
        );
        assert_ne!(text, good);
        std::fs::write(parts[0].join("alice.json"), &text).unwrap();
        let out = w.join("merged");
        let r = merge(&out, &parts);
        assert_eq!(r.code, Some(2), "{bad:?}: {}", r.out);
        let line = text
            .lines()
            .position(|l| l.contains("\"program\""))
            .unwrap()
            + 1;
        assert_eq!(
            r.err,
            format!(
                "upcard: {}:{line}:14: program: {bad:?} cannot name \"alice\"'s reports: {why}\n",
                parts[0].join("alice.json").display()
            )
        );
        assert!(!out.exists(), "{bad:?}: nothing written");
        assert!(!escape.with_extension("json").exists());
    }
}

/// Folder names become report files: one that is not a plain file name is
/// refused up front; `index` and names that differ only in case each get a
/// page of their own, and every row links to its own.
#[test]
fn submission_folders_name_their_pages_safely() {
    let w = work("hostile-folders");
    let subs = w.join("subs");
    let exe = program(&w, "p", "return 0;");
    for who in ["tab\there", "\u{1b}]0;pwned\u{7}"] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    let r = upcard(&["grade", "--exe", s(&subs), SCENARIOS[0]]);
    assert_eq!(r.code, Some(2), "{}", r.out);
    assert_eq!(r.out, "");
    assert_eq!(
        r.err,
        format!(
            "upcard: {}: these submission folders cannot name a student's reports; rename them:\n  \
             \"\\u{{1b}}]0;pwned\\u{{7}}\": it holds a control character\n  \
             \"tab\\there\": it holds a control character\n",
            subs.display()
        )
    );
    std::fs::remove_dir_all(&subs).unwrap();
    for who in ["Bob", "Index", "bob", "index"] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    let html = w.join("html");
    let report = format!("html={}", s(&html));
    let r = upcard(&[
        "grade",
        "--exe",
        s(&subs),
        SCENARIOS[0],
        "--report",
        &report,
    ]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    let mut pages: Vec<String> = std::fs::read_dir(&html)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    pages.sort();
    assert_eq!(
        pages,
        [
            "Bob.html",
            "Index-2.html",
            "bob-2.html",
            "index-3.html",
            "index.html"
        ]
    );
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    for (name, page) in [
        ("Bob", "Bob"),
        ("Index", "Index-2"),
        ("bob", "bob-2"),
        ("index", "index-3"),
    ] {
        assert!(
            index.contains(&format!("<a href=\"{page}.html\">{name}</a>")),
            "{index}"
        );
        let own = std::fs::read_to_string(html.join(format!("{page}.html"))).unwrap();
        assert!(own.contains(name), "{page}");
    }
}
