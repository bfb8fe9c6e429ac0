//! `upcard grade --random`: random games against the engine, and the shrunk
//! scenario written for the first divergence.

use std::path::{Path, PathBuf};
use std::process::Command;

fn dir(tag: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-random-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A shell script standing in for a student program: upcard itself, with `filter` on its output.
fn script(d: &Path, course: &str, filter: &str) -> PathBuf {
    let p = d.join(format!("{course}.sh"));
    std::fs::write(
        &p,
        format!(
            "#!/bin/sh\n\"{}\" {course} \"$@\" | {filter}\n",
            env!("CARGO_BIN_EXE_upcard")
        ),
    )
    .unwrap();
    Command::new("chmod").arg("+x").arg(&p).status().unwrap();
    p
}

fn upcard(d: &Path, args: &[&str]) -> (Option<i32>, String) {
    let o = crate::common::upcard_text(d, args, "");
    (o.code, o.out)
}

#[test]
fn a_faithful_program_agrees_on_random_games_of_both_courses() {
    let d = dir("ok");
    let p = script(&d, "eecs280", "cat");
    let (code, out) = upcard(
        &d,
        &[
            "grade",
            "--exe",
            p.to_str().unwrap(),
            // The stand-in runs upcard from target/, which the sandbox does
            // not show; it is trusted.
            "--no-sandbox",
            "--random",
            "12",
            "--seed",
            "5",
        ],
    );
    assert_eq!(code, Some(0), "{out}");
    assert_eq!(
        out,
        "12 random eecs280 games (seed 5): the program agrees with the engine on all of them\n"
    );
    let p = script(&d, "cs246", "cat");
    let (code, out) = upcard(
        &d,
        &[
            "grade",
            "--exe",
            p.to_str().unwrap(),
            // The stand-in runs upcard from target/, which the sandbox does
            // not show; it is trusted.
            "--no-sandbox",
            "--random",
            "4",
            "--rules",
            "cs246",
        ],
    );
    assert_eq!(code, Some(0), "{out}");
    assert!(!d.join("divergence").exists());
}

#[test]
fn a_divergence_is_shrunk_to_a_scenario_that_reproduces_it() {
    let d = dir("bug");
    // A bug that shows only from the third hand on.
    let p = script(&d, "eecs280", "sed 's/^Hand 2$/Hand two/'");
    let exe = p.to_str().unwrap();
    let random = || {
        upcard(
            &d,
            &[
                "grade",
                "--exe",
                exe,
                "--no-sandbox",
                "--random",
                "20",
                "--seed",
                "3",
            ],
        )
    };
    let (code, out) = random();
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with("random game 1 (seed 3) differs: wrong output\nshrunk "),
        "{out}"
    );
    assert!(
        out.contains("  expected: \"Hand 2\"\n  actual:   \"Hand two\"\n"),
        "{out}"
    );
    let yaml = std::fs::read_to_string(d.join("divergence/scenarios/random-3-1.yaml")).unwrap();
    // Shrunk: the fewest points that still reach hand 2, and no Human seats.
    assert!(yaml.contains("  points: 2\n"), "{yaml}");
    assert!(!yaml.contains("Human"), "{yaml}");
    // The same run writes the same bytes.
    let (_, again) = random();
    assert_eq!(again, out);
    // The scenario reproduces the failure, and its golden is the engine's.
    let (code, _) = upcard(
        &d,
        &[
            "grade",
            "--exe",
            exe,
            "--no-sandbox",
            "divergence/scenarios/random-3-1.yaml",
        ],
    );
    assert_eq!(code, Some(1));
    let (code, out) = upcard(&d, &["run", "divergence/scenarios"]);
    assert_eq!(code, Some(0), "{out}");
}

/// `--random` over a class: each student's games, said in the class's
/// order; a divergence in the student's own folder of `--out`; a student
/// with no program is said, and the class exits 1.
#[test]
fn a_class_is_compared_with_the_engine_student_by_student() {
    let d = dir("class");
    let good = script(&d, "eecs280", "cat");
    let bad = script(&d, "bad", "sed 's/^Hand 2$/Hand two/'");
    // The bad stand-in plays EECS 280 too.
    let text = std::fs::read_to_string(&bad)
        .unwrap()
        .replace("\" bad \"$@\"", "\" eecs280 \"$@\"");
    std::fs::write(&bad, text).unwrap();
    for (who, exe) in [("alice", &good), ("bob", &bad)] {
        std::fs::create_dir_all(d.join("class").join(who)).unwrap();
        std::fs::copy(exe, d.join("class").join(who).join("euchre.exe")).unwrap();
    }
    std::fs::create_dir_all(d.join("class/carol")).unwrap();
    let (code, out) = upcard(
        &d,
        &[
            "grade",
            "--exe",
            "class",
            "--no-sandbox",
            "--random",
            "6",
            "--seed",
            "3",
        ],
    );
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.starts_with(
            "alice: 6 random eecs280 games (seed 3): the program agrees with the engine on all of them\n\
             bob: random game 1 (seed 3) differs: wrong output\nshrunk "
        ),
        "{out}"
    );
    assert!(
        out.contains(
            "the scenario is divergence/bob/scenarios/random-3-1.yaml (golden beside it)\n\
             rerun it: upcard grade --exe class/bob/euchre.exe divergence/bob/scenarios/random-3-1.yaml\n"
        ),
        "{out}"
    );
    assert!(out.contains("\ncarol: not run: "), "{out}");
    assert!(d.join("divergence/bob/scenarios/random-3-1.yaml").is_file());
    assert!(!d.join("divergence/alice").exists());
}
