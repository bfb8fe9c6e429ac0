//! `upcard run` and `upcard bless` through the binary, on a copy of the library.

use std::path::{Path, PathBuf};

use crate::common::{Out, upcard_text};

fn copy_dir(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap() {
        let e = e.unwrap();
        let dest = to.join(e.file_name());
        if e.path().is_dir() {
            copy_dir(&e.path(), &dest);
        } else {
            std::fs::copy(e.path(), dest).unwrap();
        }
    }
}

/// A fresh copy of scenarios/ and golden/ in a temporary directory.
fn library(tag: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-run-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    copy_dir(Path::new("scenarios"), &d.join("scenarios"));
    copy_dir(Path::new("golden"), &d.join("golden"));
    d
}

fn upcard(dir: &Path, args: &[&str]) -> Out {
    upcard_text(dir, args, "")
}

fn count() -> usize {
    ["scenarios/eecs280", "scenarios/cs246", "scenarios/standard"]
        .iter()
        .map(|d| std::fs::read_dir(d).unwrap().count())
        .sum()
}

#[test]
fn the_library_passes_and_one_changed_byte_fails_until_blessed() {
    let d = library("byte");
    let n = count();
    let r = upcard(&d, &["run"]);
    assert_eq!(r.code, Some(0), "{}{}", r.out, r.err);
    assert!(
        r.out.ends_with(&format!("\n{n} passed, 0 failed\n")),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("PASS march (scenarios/eecs280/march.yaml)\n")
    );
    // Piped output has no colour codes.
    assert!(!r.out.contains('\x1b'));

    let golden = d.join("golden/eecs280/march.out");
    let original = std::fs::read_to_string(&golden).unwrap();
    // One byte: "Hand 0" becomes "Hand 1" on line 2.
    std::fs::write(&golden, original.replacen("Hand 0", "Hand 1", 1)).unwrap();
    let r = upcard(&d, &["run"]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.out
            .contains("FAIL march (scenarios/eecs280/march.yaml)\n")
    );
    assert!(
        r.out.ends_with(&format!("\n{} passed, 1 failed\n", n - 1)),
        "{}",
        r.out
    );
    let report = r.out.split("=== march").nth(1).unwrap();
    assert!(
        report.contains("transcript differs from golden/eecs280/march.out (exact):\n--- expected (golden)\n+++ actual\n@@ expected line 1, actual line 1 @@\n"),
        "{report}"
    );
    assert!(
        report.contains("\n    2       - Hand 1\n          2 + Hand 0\n"),
        "{report}"
    );
    assert!(report.contains("    3     3   Adi deals\n"), "{report}");

    // --failed runs only what failed last time.
    let r = upcard(&d, &["run", "--failed"]);
    assert_eq!(r.code, Some(1));
    assert!(r.out.ends_with("\n0 passed, 1 failed\n"), "{}", r.out);

    // bless restores the golden, byte for byte, and says what changed.
    let r = upcard(&d, &["bless", "scenarios/eecs280/march.yaml"]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_eq!(
        r.out,
        "updated golden/eecs280/march.out (+1 -1 lines)\n1 written, 0 unchanged, 0 refused\n"
    );
    assert_eq!(std::fs::read_to_string(&golden).unwrap(), original);
    // No temporary file is left beside it.
    let leftovers: Vec<_> = std::fs::read_dir(d.join("golden/eecs280"))
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty());
    let r = upcard(&d, &["run", "--failed"]);
    assert_eq!(r.code, Some(0), "{}", r.out);
    assert_eq!(upcard(&d, &["run"]).code, Some(0));
}

#[test]
fn white_space_differences_are_made_visible() {
    let d = library("space");
    let golden = d.join("golden/eecs280/euchred.out");
    let original = std::fs::read_to_string(&golden).unwrap();
    std::fs::write(&golden, original.replacen("Adi deals\n", "Adi deals \n", 1)).unwrap();
    let r = upcard(&d, &["run", "scenarios/eecs280/euchred.yaml"]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.out
            .contains("    3       - Adi·deals·⏎\n          3 + Adi·deals⏎\n"),
        "{}",
        r.out
    );
    // The same change passes under ignore-space-change.
    let yaml = d.join("scenarios/eecs280/euchred.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(
        &yaml,
        text.replace("expect:\n", "expect:\n  compare: [ignore-space-change]\n"),
    )
    .unwrap();
    let r = upcard(&d, &["run", "scenarios/eecs280/euchred.yaml"]);
    assert_eq!(r.code, Some(0), "{}", r.out);
}

#[test]
fn filter_side_by_side_and_colour() {
    let d = library("filter");
    let r = upcard(&d, &["run", "--filter", "official"]);
    assert_eq!(r.code, Some(0));
    assert!(r.out.ends_with("\n6 passed, 0 failed\n"), "{}", r.out);
    let golden = d.join("golden/eecs280/trump-led.out");
    let original = std::fs::read_to_string(&golden).unwrap();
    std::fs::write(&golden, original.replacen("Adi deals", "Adi shuffles", 1)).unwrap();
    let r = upcard(&d, &["run", "--filter", "trump-led", "--side-by-side"]);
    assert_eq!(r.code, Some(1));
    assert!(r.out.contains("    3 - Adi shuffles"), "{}", r.out);
    assert!(r.out.contains(" |     3 + Adi deals\n"), "{}", r.out);
    let r = upcard(&d, &["run", "--filter", "trump-led", "--color", "always"]);
    assert!(r.out.contains("\x1b[31mFAIL\x1b[0m trump-led"), "{}", r.out);
}

#[test]
fn a_missing_golden_suggests_bless_which_creates_it() {
    let d = library("missing");
    std::fs::remove_file(d.join("golden/cs246/quit.out")).unwrap();
    let r = upcard(&d, &["run", "scenarios/cs246/quit.yaml"]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.out.contains("golden golden/cs246/quit.out does not exist; `upcard bless scenarios/cs246/quit.yaml` writes it from the engine\n"),
        "{}",
        r.out
    );
    let r = upcard(&d, &["bless", "scenarios/cs246/quit.yaml"]);
    assert_eq!(r.code, Some(0));
    assert!(
        r.out.starts_with("created golden/cs246/quit.out ("),
        "{}",
        r.out
    );
    assert_eq!(
        std::fs::read(d.join("golden/cs246/quit.out")).unwrap(),
        std::fs::read("golden/cs246/quit.out").unwrap()
    );
}

#[test]
fn a_bad_scenario_exits_2_and_the_others_still_run_and_bless() {
    let d = library("bad");
    let bad = d.join("scenarios/eecs280/broken.yaml");
    std::fs::write(
        &bad,
        "name: broken\nrules: eecs280\neecs280:\n  points: 1\n  players: []\n  pack: [ZZ]\n",
    )
    .unwrap();
    let r = upcard(&d, &["run"]);
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: scenarios/eecs280/broken.yaml:6:9: eecs280.pack[0]: \"ZZ\" is not a card (write 9S or Nine of Spades; ranks 9 T J Q K A, suits S H C D)\n"
    );
    // The others still ran and are reported.
    assert!(
        r.out.contains(&format!("{} passed, 0 failed", count())),
        "{}",
        r.out
    );
    let golden = d.join("golden/eecs280/march.out");
    let fresh = std::fs::read(&golden).unwrap();
    std::fs::write(&golden, "stale\n").unwrap();
    let r = upcard(&d, &["bless"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.err
            .starts_with("upcard: scenarios/eecs280/broken.yaml:6:9: "),
        "{}",
        r.err
    );
    // The good scenarios are blessed and each written golden is reported.
    assert_eq!(std::fs::read(&golden).unwrap(), fresh);
    assert!(
        r.out.contains("updated golden/eecs280/march.out (+"),
        "{}",
        r.out
    );
    // --unreferenced lists nothing from a partly read library.
    let r = upcard(&d, &["bless", "--unreferenced"]);
    assert_eq!(r.code, Some(2));
    assert!(r.out.is_empty(), "{}", r.out);
    // Nothing to run, and a path that does not exist.
    let r = upcard(&d, &["run", "golden"]);
    assert_eq!(
        (r.code, r.err.as_str()),
        (Some(2), "upcard: no scenario files (*.yaml) in golden\n")
    );
    let r = upcard(&d, &["run", "nowhere"]);
    assert_eq!(r.code, Some(2));
    assert!(
        r.err.starts_with("upcard: nowhere: No such file"),
        "{}",
        r.err
    );
}

#[test]
fn bless_refuses_a_scenario_whose_assertions_fail() {
    let d = library("refuse");
    let yaml = d.join("scenarios/eecs280/march.yaml");
    let text = std::fs::read_to_string(&yaml).unwrap();
    std::fs::write(&yaml, text.replace("march: true", "march: false")).unwrap();
    let before = std::fs::read(d.join("golden/eecs280/march.out")).unwrap();
    let r = upcard(&d, &["bless", "scenarios/eecs280/march.yaml"]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        r.out,
        "refused golden/eecs280/march.out (scenarios/eecs280/march.yaml): its assertions fail, so the engine's transcript is not blessed\n  hand 0: expected march to be false, it was true\n0 written, 0 unchanged, 1 refused\n"
    );
    assert_eq!(
        std::fs::read(d.join("golden/eecs280/march.out")).unwrap(),
        before
    );
}

#[test]
fn unreferenced_goldens_are_listed() {
    let d = library("unref");
    std::fs::write(d.join("golden/eecs280/old.out"), "x\n").unwrap();
    let r = upcard(&d, &["bless", "--unreferenced"]);
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_eq!(
        r.out,
        "golden/cs246/spec_shuffle_deal_probe.txt\ngolden/eecs280/old.out\n"
    );
}

/// `bless --dry-run` shows the change and writes nothing; `--review` asks
/// for each change.
#[test]
fn bless_shows_and_reviews_changes() {
    let d = library("review");
    let golden = d.join("golden/eecs280/march.out");
    let original = std::fs::read_to_string(&golden).unwrap();
    let changed = original.replacen("Hand 0", "Hand 1", 1);
    std::fs::write(&golden, &changed).unwrap();
    let march = "scenarios/eecs280/march.yaml";

    let r = upcard(&d, &["bless", "--dry-run", march]);
    assert_eq!(r.code, Some(1), "{}", r.err);
    assert!(
        r.out
            .starts_with("would have updated golden/eecs280/march.out (+1 -1 lines)\n"),
        "{}",
        r.out
    );
    assert!(
        r.out.contains("- Hand 1\n") && r.out.contains("+ Hand 0\n"),
        "{}",
        r.out
    );
    assert!(
        r.out
            .ends_with("0 written, 0 unchanged, 0 refused, 1 would change (--dry-run)\n")
    );
    assert_eq!(
        std::fs::read_to_string(&golden).unwrap(),
        changed,
        "nothing written"
    );

    let r = upcard_text(&d, &["bless", "--review", march], "x\nr\n");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(
        r.out.contains(
            "updated golden/eecs280/march.out (+1 -1 lines) (scenarios/eecs280/march.yaml):\n"
        ),
        "{}",
        r.out
    );
    assert!(
        r.out
            .contains("accept (a), reject (r) or skip (s)? \"x\" is none of a, r, s\n"),
        "{}",
        r.out
    );
    assert!(
        r.out.ends_with(
            "rejected golden/eecs280/march.out\n0 written, 0 unchanged, 0 refused, 1 rejected\n"
        ),
        "{}",
        r.out
    );
    assert_eq!(std::fs::read_to_string(&golden).unwrap(), changed);
    let r = upcard_text(&d, &["bless", "--review", march], "a\n");
    assert_eq!(r.code, Some(0));
    assert!(
        r.out.ends_with(
            "updated golden/eecs280/march.out (+1 -1 lines)\n1 written, 0 unchanged, 0 refused\n"
        ),
        "{}",
        r.out
    );
    assert_eq!(std::fs::read_to_string(&golden).unwrap(), original);
}

/// An official course golden (not in the project's golden/ layout) is only
/// rewritten with `--force`.
#[test]
fn bless_keeps_official_goldens_unless_forced() {
    let d = library("official");
    let official = d.join("golden/eecs280/v2020-2026_adi/euchre_test00.out.correct");
    let text = std::fs::read_to_string(&official).unwrap();
    std::fs::write(&official, format!("{text}extra\n")).unwrap();
    let scenario = "scenarios/eecs280/official-test00-adi.yaml";
    let r = upcard(&d, &["bless", scenario]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.out.starts_with(
            "kept scenarios/eecs280/../../golden/eecs280/v2020-2026_adi/euchre_test00.out.correct (scenarios/eecs280/official-test00-adi.yaml): it is not in the project's golden/ layout (an official file?); --force rewrites it\n"
        ),
        "{}",
        r.out
    );
    assert_eq!(
        std::fs::read_to_string(&official).unwrap(),
        format!("{text}extra\n")
    );
    let r = upcard(&d, &["bless", "--force", scenario]);
    assert_eq!(r.code, Some(0), "{}", r.out);
    assert_eq!(std::fs::read_to_string(&official).unwrap(), text);
}

/// A library can come from a colleague or a pull request: `bless` writes a
/// golden only inside the scenario's project, with or without --force.
#[test]
fn bless_writes_no_golden_outside_the_project() {
    let d = library("escape");
    let outside = d
        .parent()
        .unwrap()
        .join(format!("upcard-escaped-{}.out", std::process::id()));
    let _ = std::fs::remove_file(&outside);
    let text = std::fs::read_to_string(d.join("scenarios/cs246/quit.yaml")).unwrap();
    let escape = format!("{text}\n# A golden that climbs out of the project.\n").replace(
        "expect:\n",
        &format!(
            "expect:\n  golden: ../../../{}\n",
            outside.file_name().unwrap().to_str().unwrap()
        ),
    );
    assert!(escape.contains("  golden: ../../../"), "{escape}");
    std::fs::write(d.join("scenarios/cs246/quit.yaml"), escape).unwrap();
    for force in [false, true] {
        let mut args = vec!["bless", "scenarios/cs246/quit.yaml"];
        if force {
            args.push("--force");
        }
        let r = upcard(&d, &args);
        assert_eq!(r.code, Some(1), "{}", r.out);
        let shown = format!(
            "scenarios/cs246/../../../{}",
            outside.file_name().unwrap().to_str().unwrap()
        );
        assert!(
            r.out.starts_with(&format!(
                "refused {shown} (scenarios/cs246/quit.yaml): its golden (expect.golden) {shown} is outside the project {}: upcard writes and copies only the project's own files\n",
                d.display()
            )),
            "{}",
            r.out
        );
        assert!(!outside.exists(), "force={force}");
    }
}

/// A fixed deck that every computer passes on, with the dealer not stuck,
/// deals the same cards for ever: `run`, `bless` and `replay` stop it after
/// `MAX_HANDS` hands with a message saying why, and nothing is blessed.
#[test]
fn a_game_that_would_never_end_is_stopped_and_never_blessed() {
    let d = library("endless");
    std::fs::write(
        d.join("scenarios/standard/endless.yaml"),
        "name: endless\ndescription: Everyone passes, hand after hand.\nrules: standard\nstandard:\n  \
         deck: [KD, TC, QH, QD, 9D, KH, KS, 9C, 9H, QS, AD, AS, QC, JS, AC, TS, TH, JC, 9S, KC, JD, AH, JH, TD]\n  \
         players:\n    - { name: North, type: computer }\n    - { name: East, type: computer }\n    \
         - { name: South, type: computer }\n    - { name: West, type: computer }\n",
    )
    .unwrap();
    let why = "stopped after 1000 hands without a winner: this game would not end (a fixed deck dealt again when everyone passes does that: give the scenario a seed, or stick the dealer)";
    let r = upcard(&d, &["bless", "scenarios/standard/endless.yaml"]);
    assert_eq!(r.code, Some(1), "{}", r.out);
    assert!(r.out.contains(&format!("  {why}\n")), "{}", r.out);
    assert!(!d.join("golden/standard/endless.out").exists());
    let r = upcard(&d, &["run", "scenarios/standard/endless.yaml"]);
    assert_eq!(r.code, Some(1));
    assert!(r.out.contains(why), "{}", r.out);
    let r = upcard(&d, &["replay", "scenarios/standard/endless.yaml"]);
    assert!(
        r.out
            .ends_with(&format!("\nthe game stopped early: {why}\n")),
        "{}",
        &r.out[r.out.len().saturating_sub(400)..]
    );
}
