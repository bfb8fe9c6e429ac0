//! The maps stay true: every path of this repository that the README and
//! docs/ name in code (`crates/…`, `src/…`, `tests/…`, …) exists.

use std::path::Path;

/// The top folders a path of this repository starts with.
const TOPS: [&str; 10] = [
    "crates/",
    "src/",
    "tests/",
    "benches/",
    "scripts/",
    "docs/",
    "fuzz/",
    "scenarios/",
    "golden/",
    ".ci/",
];

/// Paths the docs name that are not this repository's: a generated
/// PrairieLearn question's own files, and the Euchre Game Notation
/// project's reference replayer.
const NOT_OURS: [&str; 4] = [
    "tests/run.sh",
    "tests/build.sh",
    "tests/bin/upcard",
    "src/baseline-replayer/rules-engine.js",
];

/// The repository paths in one line's code spans: placeholders (a part
/// in capitals, `NAME`), globs and elisions left out.
fn paths(line: &str) -> Vec<&str> {
    line.split('`')
        .skip(1)
        .step_by(2)
        .filter(|span| TOPS.iter().any(|t| span.starts_with(t)))
        .filter(|span| !span.contains([' ', '*', '<', '{', '…']))
        .filter(|span| {
            !span.split(['/', '.']).any(|part| {
                part.len() > 1 && part.chars().all(|c| c.is_ascii_uppercase() || c == '_')
            })
        })
        .map(|span| span.trim_end_matches([',', ':', ';']))
        .filter(|p| !NOT_OURS.contains(p))
        .collect()
}

#[test]
fn every_path_the_docs_name_exists() {
    let mut docs: Vec<std::path::PathBuf> = std::fs::read_dir("docs")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "md"))
        .collect();
    docs.sort();
    docs.insert(0, "README.md".into());
    let mut missing = Vec::new();
    let mut seen = 0;
    for doc in &docs {
        let text = std::fs::read_to_string(doc).unwrap();
        for (i, line) in text.lines().enumerate() {
            for p in paths(line) {
                seen += 1;
                if !Path::new(p).exists() {
                    missing.push(format!("{}:{}: {p}", doc.display(), i + 1));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "paths that do not exist:\n{}",
        missing.join("\n")
    );
    assert!(seen > 200, "only {seen} paths found: is the parsing right?");
}

#[test]
fn a_line_names_its_paths_and_no_placeholder() {
    assert_eq!(
        paths(
            "see `crates/seat/src/program_seat/lines.rs`, `golden/standard/NAME.out` and `docs/*.md`"
        ),
        ["crates/seat/src/program_seat/lines.rs"]
    );
    assert_eq!(
        paths("`tests/run.sh` writes, `src/cli/plan.rs`:"),
        ["src/cli/plan.rs"]
    );
}
