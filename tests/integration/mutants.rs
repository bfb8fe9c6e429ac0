//! `upcard mutants` over the bundled library and small suites, and
//! `upcard grade --diagnose` on C++ programs that each carry one catalogued bug.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::tester::Upcard;

#[test]
fn the_library_kills_every_non_equivalent_mutant_of_both_courses() {
    let ran = Upcard::new()
        .args(["mutants", "--format", "json", "--min-score", "100"])
        .run();
    let v: Value = serde_json::from_slice(&ran.stdout).unwrap();
    assert_eq!(v["score"], 1.0);
    let mutants = v["mutants"].as_array().unwrap();
    let count = |rules: &str| mutants.iter().filter(|m| m["rules"] == rules).count();
    assert_eq!((count("eecs280"), count("cs246")), (49, 44));
    let mut equivalent = Vec::new();
    for m in mutants {
        match m["status"].as_str().unwrap() {
            "killed" => assert!(m["killed_by"].is_string(), "{m}"),
            "equivalent" => equivalent.push(format!("{} {}", m["rules"], m["name"])),
            other => panic!("{other}: {m}"),
        }
    }
    assert_eq!(
        equivalent,
        [
            "\"cs246\" \"led-suit-is-printed-suit\"",
            "\"cs246\" \"suit-ties-reversed\"",
            "\"cs246\" \"trick-ties-go-first\"",
            "\"eecs280\" \"trick-ties-go-first\"",
        ]
    );
}

#[test]
fn the_catalogue_in_the_docs_is_what_the_tool_reports() {
    let ran = Upcard::new()
        .args(["mutants", "--format", "markdown"])
        .run();
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("docs/mutants.md"))
            .unwrap();
    let start = doc.find("-->\n").unwrap() + 4;
    let end = doc.find("<!-- end of generated tables -->").unwrap();
    assert_eq!(
        &doc[start..end],
        ran.text(),
        "regenerate the tables in docs/mutants.md with `upcard mutants --format markdown`"
    );
}

#[test]
fn a_weak_suite_lets_mutants_live_and_min_score_fails_it() {
    // march.yaml has no euchre and no Human: those mutants survive it.
    let ran = Upcard::new()
        .line("mutants scenarios/eecs280/march.yaml --format json --min-score 50")
        .status(1)
        .stderr_is("upcard: mutation score 43.8% is below --min-score 50%\n")
        .run();
    let v: Value = serde_json::from_slice(&ran.stdout).unwrap();
    let status = |name: &str| {
        let m = v["mutants"]
            .as_array()
            .unwrap()
            .iter()
            .find(|m| m["name"] == name)
            .unwrap();
        (
            m["status"].as_str().unwrap().to_string(),
            m["killed_by"].clone(),
        )
    };
    assert_eq!(status("no-march-line"), ("killed".into(), "march".into()));
    assert_eq!(status("no-euchred-line"), ("survived".into(), Value::Null));
    assert_eq!(
        status("prompt-before-hand"),
        ("survived".into(), Value::Null)
    );
    assert_eq!(
        status("trick-ties-go-first"),
        ("equivalent".into(), Value::Null)
    );
    assert_eq!(v["score"], 0.4375);
}

#[test]
fn text_report_names_the_killer_and_scores_each_area() {
    let ran = Upcard::new()
        .line("mutants scenarios/eecs280/euchred.yaml --rules eecs280 -j 1")
        .run();
    let text = ran.text();
    assert!(text.starts_with("eecs280 mutants\n"), "{text}");
    assert!(
        text.contains("\n  no-euchred-line                    killed by euchred\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "\n  no-march-line                      SURVIVED: the \"march!\" line is missing\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("\n  eecs280  trick winners                  1/1   100.0%\n"),
        "{text}"
    );
    // -j does not change the report.
    Upcard::new()
        .line("mutants scenarios/eecs280/euchred.yaml --rules eecs280 -j 2")
        .stdout_is(text.as_bytes())
        .run();
}

#[test]
fn bad_options_are_usage_errors() {
    let ran = Upcard::new()
        .line("mutants --min-score 120")
        .status(2)
        .run();
    assert!(
        ran.stderr.contains("120 is not between 0 and 100"),
        "{}",
        ran.stderr
    );
    Upcard::new()
        .line("mutants --filter nosuch")
        .status(2)
        .stderr_is(&format!(
            "upcard: --filter \"nosuch\" selects none of the {} scenarios (it matches names, paths and tags)\n",
            crate::scenario_library::library().0
        ))
        .run();
    Upcard::new()
        .line("mutants scenarios/standard")
        .status(2)
        .stderr_is("upcard: no scenarios of a rule set with mutants (eecs280, cs246)\n")
        .run();
}

const BUGS: [(&str, &str); 5] = [
    (
        "LEFT_BOWER_KEEPS_PRINTED_SUIT",
        "left-bower-keeps-printed-suit",
    ),
    ("SIMPLE_THROWS_HIGHEST", "simple-throws-highest"),
    ("ARGV_NO_TRAILING_SPACE", "argv-no-trailing-space"),
    ("OUT_SHUFFLE", "out-shuffle"),
    ("MAKERS_NEED_FOUR", "makers-need-four"),
];

/// euchre.cpp built with `defines` into the test's temporary directory.
fn build(name: &str, defines: &[String]) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("mutant-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(name);
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/programs/euchre.cpp");
    crate::common::system_packages();
    let st = Command::new("g++")
        .args(["-O1", "-o"])
        .arg(&exe)
        .args(defines)
        .arg(&src)
        .status()
        .expect("g++ (apt-get install -y g++)");
    assert!(st.success());
    exe
}

/// `grade --diagnose` on the EECS 280 library; the JSON report's tests.
fn grade(exe: &Path, status: i32) -> Vec<Value> {
    let report = exe.with_extension("json");
    Upcard::new()
        .args(["grade", "--diagnose", "--exe"])
        .arg_path(exe)
        .args(["scenarios/eecs280"])
        .args(["--report".to_string(), format!("json={}", report.display())])
        .status(status)
        .run();
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    v["tests"].as_array().unwrap().clone()
}

#[test]
fn the_plain_program_passes_the_library() {
    let exe = build("euchre-plain", &[]);
    let tests = grade(&exe, 0);
    // Each official game once: the 2018 names are opt-in.
    assert_eq!(tests.len(), 17);
    assert!(tests.iter().all(|t| t["verdict"] == "pass"), "{tests:?}");
}

#[test]
fn diagnose_names_each_planted_bug_first() {
    for (define, mutant) in BUGS {
        let exe = build(&format!("euchre-{mutant}"), &[format!("-DBUG_{define}")]);
        let tests = grade(&exe, 1);
        let failed: Vec<&Value> = tests.iter().filter(|t| t["verdict"] == "fail").collect();
        assert!(!failed.is_empty(), "{mutant}: the library catches it");
        let want = format!(
            "diagnosis (the whole game reproduced): your output equals the engine with mutant `{mutant}` on this scenario: "
        );
        for t in failed {
            let detail = t["detail"].as_str().unwrap();
            assert!(
                detail.starts_with(&want),
                "{mutant} in {}:\n{detail}",
                t["name"]
            );
            assert_eq!(t["diagnosis"][0]["mutant"], mutant, "{}", t["name"]);
            assert_eq!(t["diagnosis"][0]["kind"], "mutant", "{}", t["name"]);
        }
    }
}

/// For every mutant of both courses, on the scenario that kills it: the
/// mutant's own transcript is diagnosed as that mutant, first, unless an
/// earlier mutant prints the very same bytes there (then both are named).
#[test]
fn diagnose_names_every_mutant_on_its_killing_scenario() {
    use upcard::mutants::{Diagnoser, Kind, Status, by_name, play, run};
    use upcard::scenario::{discover, load_all};
    let files = discover(&[Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios")]).unwrap();
    let (scenarios, errors) = load_all(&files);
    assert!(errors.is_empty());
    let report = run(&scenarios, None, 0).unwrap();
    let mut checked = 0;
    for o in report
        .outcomes
        .iter()
        .filter(|o| o.status == Status::Killed)
    {
        let s = scenarios
            .iter()
            .find(|s| Some(&s.name) == o.killed_by.as_ref())
            .unwrap();
        let printed = play(s, o.entry.mutant).text();
        let expected = upcard::scenario::play(s).text();
        let found = Diagnoser::new().diagnose_naming(s, &expected, &printed, 100);
        let place = found
            .iter()
            .position(|d| d.mutant.as_deref() == Some(o.entry.name))
            .unwrap_or_else(|| panic!("{} not named on {}", o.entry.name, s.name));
        assert_eq!(found[place].kind, Kind::Mutant, "{}", o.entry.name);
        for d in &found[..place] {
            let other = d.mutant.as_deref().and_then(by_name).unwrap();
            assert!(
                d.kind == Kind::Mutant && play(s, other).text() == printed,
                "{:?} named before {} on {}",
                d.mutant,
                o.entry.name,
                s.name
            );
        }
        checked += 1;
    }
    assert_eq!(checked, 89);
}

/// A mutant can make a game endless: CS 246 dealing the same cards every
/// hand, where everyone passes, nullifies hand after hand. It is stopped.
#[test]
fn an_endless_mutant_game_is_stopped() {
    use upcard::mutants::{MAX_HANDS, Mutant, play};
    use upcard::scenario::Scenario;
    let s = Scenario::load(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/cs246/human-error-renege.yaml"),
    )
    .unwrap();
    let p = play(&s, Mutant::ShuffleOncePerGame);
    assert_eq!(p.status, 2);
    assert!(p.endless);
    assert_eq!(
        p.error.as_deref(),
        Some(format!("stopped after {MAX_HANDS} hands without a winner: this game would not end (a fixed deck dealt again when everyone passes does that: give the scenario a seed, or stick the dealer)").as_str())
    );
    // The first hand is played (the renege); every one after is nullified.
    assert_eq!(
        p.text().matches("hand is nullified").count() as u32 + 1,
        p.text().matches("Dealer is player").count() as u32
    );
}

#[test]
fn a_class_graded_with_diagnose_counts_each_bug() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagnosed-class");
    let _ = std::fs::remove_dir_all(&dir);
    for (student, bug) in [
        ("alice", Some("LEFT_BOWER_KEEPS_PRINTED_SUIT")),
        ("bob", Some("MAKERS_NEED_FOUR")),
        ("carol", None),
        ("dave", Some("MAKERS_NEED_FOUR")),
        ("erin", Some("HAND_GARBAGE")),
    ] {
        let defines: Vec<String> = bug.iter().map(|b| format!("-DBUG_{b}")).collect();
        let exe = build(&format!("class-{student}"), &defines);
        std::fs::create_dir_all(dir.join(student)).unwrap();
        std::fs::copy(&exe, dir.join(student).join("euchre.exe")).unwrap();
    }
    let ran = Upcard::new()
        .args(["grade", "--diagnose", "--exe"])
        .arg_path(&dir)
        .args(["scenarios/eecs280"])
        .status(1)
        .run();
    let text = ran.text();
    let tail = "\
carol           17          0          0          0          0          0          0          0          0             0          0          0          0      17/17
dave            15          2          0          0          0          0          0          0          0             0          0          0          0      15/17
erin            11          6          0          0          0          0          0          0          0             0          0          0          0      11/17

diagnosed bugs (a rule mutant's whole game is the student's output):
  makers-need-four               2 students: bob, dave
  left-bower-keeps-printed-suit  1 student: alice

not reproduced whole (each report says what the first wrong line shows):
  erin: 6 scenarios, the first game-ends-exactly-on-target at line 42

65 passed, 20 failed
";
    assert!(text.ends_with(tail), "{text}");
}

/// CS 246 grading can use at least 60 of the bundled scenarios, among them
/// one per computer-strategy rule of the spec (2.2.2.1-5), and those alone
/// kill every non-equivalent CS 246 mutant: a student's program is graded on
/// every rule the library pins. (The course program here is upcard itself,
/// started as `euchre`.)
#[test]
fn the_gradable_cs246_library_pins_every_rule() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-gradable-cs246-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("scenarios/cs246")).unwrap();
    std::fs::create_dir_all(dir.join("golden/cs246")).unwrap();
    let manifest = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut gradable = Vec::new();
    for e in std::fs::read_dir(manifest.join("scenarios/cs246")).unwrap() {
        let path = e.unwrap().path();
        let s = upcard::scenario::Scenario::load(&path).unwrap();
        if s.setup.invocation(None).is_ok() {
            std::fs::copy(
                &path,
                dir.join("scenarios/cs246").join(path.file_name().unwrap()),
            )
            .unwrap();
            std::fs::copy(
                &s.expect.golden,
                dir.join("golden/cs246")
                    .join(s.expect.golden.file_name().unwrap()),
            )
            .unwrap();
            for (f, _) in &s.files {
                let rel = f.strip_prefix(manifest).unwrap_or(f);
                let to = dir.join(rel);
                std::fs::create_dir_all(to.parent().unwrap()).unwrap();
                std::fs::copy(f, to).unwrap();
            }
            gradable.push(s.name.clone());
        }
    }
    assert!(gradable.len() >= 60, "{} gradable", gradable.len());
    for rule in ["2.2.2.1", "2.2.2.2", "2.2.2.3", "2.2.2.4", "2.2.2.5"] {
        assert!(
            gradable
                .iter()
                .any(|n| n.contains(&format!("computer-{rule}-"))),
            "no gradable scenario for {rule}"
        );
    }
    // Every one passes with the reference as the course program.
    std::fs::copy(env!("CARGO_BIN_EXE_upcard"), dir.join("euchre")).unwrap();
    let ran = Upcard::new()
        .current_dir(&dir)
        .args(["grade", "--exe", "euchre", "--rules", "cs246", "scenarios"])
        .run();
    assert!(
        ran.text()
            .ends_with(&format!("\n{} passed, 0 failed\n", gradable.len())),
        "{}",
        ran.text()
    );
    let ran = Upcard::new()
        .current_dir(&dir)
        .args(["mutants", "--rules", "cs246", "scenarios"])
        .run();
    assert!(
        ran.text()
            .contains("mutation score: 100.0% (41 of 41 non-equivalent mutants killed)"),
        "{}",
        ran.text()
    );
}
