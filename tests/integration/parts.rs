//! `grade --parts` and `--points`: a class graded as the EECS 280 spec
//! grades it, part by part — the checkpoint (no euchre.cpp) on the course's
//! public tests and upcard's, the final on the game too, the students' unit
//! tests and style — each part's score in the table, the CSV and every
//! report, with the TA's points.

use std::path::{Path, PathBuf};

use super::adt::{EECS280, eecs280_class};
use super::tester::Upcard;

pub(crate) fn course() -> String {
    format!("{EECS280}/course")
}

const CHECKPOINT_TABLE: &str = "
student       pass       fail      crash    timeout       exit  truncated     memory       disk    not-run  build-failed  near-miss  not-exact      flaky      score     public        adt
ann             41          0          0          0          0          0          0          0          0             0          0          0          0        5/5        5/5  36/36 passed
ben             37          4          0          0          0          0          0          0          0             0          0          0          0        5/5        5/5  32/36 passed
cat             39          2          0          0          0          0          0          0          0             0          0          0          0        5/5        5/5  34/36 passed
dan             37          3          0          1          0          0          0          0          0             0          0          0          0        4/5        4/5  33/36 passed
eve              0          0          0          0          0          0          0          0         41             0          0          0          0        0/5        0/5  0/36 passed

154 passed, 51 failed
";

/// The checkpoint: no euchre.cpp anywhere, graded on the public tests
/// (a point a TEST) with upcard's tests as advice (no points); a student
/// whose files do not build has every test of the same points, failed.
#[test]
fn the_checkpoint_is_graded_on_its_parts() {
    let class = eecs280_class("checkpoint");
    let csv = class.with_file_name("checkpoint.csv");
    let gs = class.with_file_name("checkpoint-gradescope");
    let ran = Upcard::new()
        .args(["grade", "--checkpoint", "--course-files", &course()])
        .args(["--timeout", "2", "-j", "2", "--exe"])
        .arg_path(&class)
        .args(["--csv"])
        .arg_path(&csv)
        .args([&format!("--report=gradescope={}", gs.display())])
        .status(1)
        .run();
    assert_eq!(ran.text(), CHECKPOINT_TABLE);
    let csv = std::fs::read_to_string(&csv).unwrap();
    let head: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    assert_eq!(
        &head[14..20],
        [
            "score",
            "public",
            "adt",
            "Card_public_tests.cpp test_card_ctor",
            "Card_public_tests.cpp test_card_less_right_bower",
            "Pack_public_tests.cpp test_pack_default_ctor"
        ]
    );
    let ben = csv.lines().find(|l| l.starts_with("ben,")).unwrap();
    assert!(ben.starts_with("ben,37,4,0,0,0,0,0,0,0,0,0,0,0,5/5,5/5,32/36 passed,pass,"));
    let ben: serde_json::Value =
        serde_json::from_slice(&std::fs::read(gs.join("ben.json")).unwrap()).unwrap();
    assert_eq!(ben["score"], 5.0);
    assert_eq!(
        ben["output"],
        "public (the course's public tests): 5/5\nadt (upcard's tests of each function): 32/36 passed\n"
    );
    let less = ben["tests"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "Card: Card_less(a, b, trump)")
        .unwrap();
    assert_eq!(
        (&less["status"], &less["max_score"], &less["tags"]),
        (&"failed".into(), &0.0.into(), &serde_json::json!(["adt"]))
    );
    assert_eq!(
        less["output"],
        "wrong in 24 of 2304 cases\n`Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; \
         it should be false: with Spades trump the Jack of Clubs is the left bower, second only \
         to the right bower\n"
    );
    // Eve's Card.cpp has a main of its own: every public test fails for it, at its link.
    let eve: serde_json::Value =
        serde_json::from_slice(&std::fs::read(gs.join("eve.json")).unwrap()).unwrap();
    let first = &eve["tests"][0];
    assert_eq!(first["name"], "Card_public_tests.cpp test_card_ctor");
    assert_eq!(
        (&first["score"], &first["max_score"]),
        (&0.0.into(), &1.0.into())
    );
    let output = first["output"].as_str().unwrap();
    assert!(
        output.starts_with(
            "could not run: does not compile: Card.cpp:129: a main of its own (the tests bring theirs)\n"
        ),
        "{output}"
    );
    assert!(output.contains("multiple definition of `main'"), "{output}");
    assert_eq!(eve["tests"].as_array().unwrap().len(), 41);
}

/// Two students of the final: the game (a program of the course's rules
/// beside the classes), the public tests, upcard's, their unit tests
/// against a bug, and style; the TA's points file scales each part.
pub(crate) fn final_class(tag: &str) -> (PathBuf, PathBuf, PathBuf) {
    let class = eecs280_class(tag);
    for who in ["cat", "dan", "eve"] {
        std::fs::remove_dir_all(class.join(who)).unwrap();
    }
    let game = std::fs::read("tests/integration/programs/euchre.cpp").unwrap();
    let tests = "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n\
                 TEST(left_bower_beats_ace) {\n  ASSERT_TRUE(Card_less(Card(ACE, SPADES), \
                 Card(JACK, CLUBS), SPADES));\n}\nTEST_MAIN()\n";
    for dir in [class.join("ann/p3"), class.join("ben")] {
        std::fs::write(dir.join("euchre.cpp"), &game).unwrap();
        std::fs::write(dir.join("Card_tests.cpp"), tests).unwrap();
    }
    // The unit tests' solution is the course's, and its bug ben's Card.cpp.
    let solution = class.with_file_name(format!("{tag}-solution"));
    let bugs = class.with_file_name(format!("{tag}-bugs"));
    let _ = std::fs::remove_dir_all(&solution);
    let _ = std::fs::remove_dir_all(&bugs);
    std::fs::create_dir_all(&solution).unwrap();
    std::fs::create_dir_all(bugs.join("no-left-bower")).unwrap();
    for dir in [format!("{EECS280}/solution"), course()] {
        for e in std::fs::read_dir(dir).unwrap().flatten() {
            let name = e.file_name().to_string_lossy().into_owned();
            if name.ends_with(".cpp") && !name.contains("_public_") || name.ends_with(".hpp") {
                std::fs::copy(e.path(), solution.join(&name)).unwrap();
            }
        }
    }
    std::fs::copy(
        class.join("ben/Card.cpp"),
        bugs.join("no-left-bower/Card.cpp"),
    )
    .unwrap();
    (class, solution, bugs)
}

const POINTS: &str = "\
# The final's points: the game 50, the public tests 2 a test, upcard's
# tests 20 in all, a bug caught 5, style 10 and after the due date.
[system]
total = 50
[public]
each = 2
[public.tests]
\"Player_public_tests.cpp test_simple_player_make_trump\" = 4
[adt]
total = 20
[unit-tests]
each = 5
[style]
total = 10
visibility = \"after_due_date\"
";

/// `upcard grade` of the final's class with every part and the TA's points.
fn final_grade(points: &Path, (solution, bugs): (&Path, &Path), class: &Path) -> Upcard {
    Upcard::new()
        .args(["grade", "--rules", "eecs280", "--build"])
        .args(["--course-files", &course()])
        .args(["--parts", "system,public,adt,unit-tests,style", "--points"])
        .arg_path(points)
        .args(["--unit-solution"])
        .arg_path(solution)
        .args(["--unit-bugs"])
        .arg_path(bugs)
        .args(["-j", "2", "--exe"])
        .arg_path(class)
}

#[test]
fn the_final_is_graded_by_parts_with_the_tas_points() {
    let (class, solution, bugs) = final_class("final");
    let points = class.with_file_name("final-points.toml");
    std::fs::write(&points, POINTS).unwrap();
    let gs = class.with_file_name("final-gradescope");
    let junit = class.with_file_name("final-junit");
    let pl = class.with_file_name("final-prairielearn");
    let ran = final_grade(&points, (&solution, &bugs), &class)
        .args([&format!("--report=gradescope={}", gs.display())])
        .args([&format!("--report=junit={}", junit.display())])
        .args([&format!("--report=prairielearn={}", pl.display())])
        .status(1)
        .run();
    let text = ran.text();
    let table: Vec<&str> = text
        .lines()
        .skip_while(|l| !l.starts_with("student"))
        .collect();
    assert_eq!(
        table[0].split_whitespace().skip(14).collect::<Vec<_>>(),
        ["score", "system", "public", "adt", "unit-tests", "style"]
    );
    let ben: Vec<&str> = table[2].split_whitespace().collect();
    assert_eq!(ben[0], "ben");
    // Ben's Card_less forgets the left bower: 4 of upcard's 36 functions
    // wrong (20 × 32/36 = 17.78); his own test catches the bug (5).
    assert_eq!(ben[15..], ["50/50", "12/12", "17.78/20", "5/5", "5.83/10"]);
    let gs: serde_json::Value =
        serde_json::from_slice(&std::fs::read(gs.join("ben.json")).unwrap()).unwrap();
    // Each platform's own schema takes the parts' reports.
    crate::platforms::check_gradescope_results(&gs);
    let pl: serde_json::Value =
        serde_json::from_slice(&std::fs::read(pl.join("ben.json")).unwrap()).unwrap();
    crate::platforms::check_prairielearn_results(&pl);
    // 17 scenarios, 5 public tests, 36 functions, a bug, 12 style rules.
    assert_eq!(pl["tests"].as_array().unwrap().len(), 17 + 5 + 36 + 1 + 12);
    let tests = gs["tests"].as_array().unwrap();
    let named = |n: &str| tests.iter().find(|t| t["name"] == n).unwrap();
    assert_eq!(
        named("Player_public_tests.cpp test_simple_player_make_trump")["max_score"],
        4.0
    );
    assert_eq!(named("bug no-left-bower")["score"], 5.0);
    assert_eq!(
        named("bug no-left-bower")["tags"],
        serde_json::json!(["unit-tests"])
    );
    let global = named("global: no global variables but constants");
    assert_eq!(global["visibility"], "after_due_date");
    assert_eq!(global["status"], "failed");
    assert!(
        global["output"]
            .as_str()
            .unwrap()
            .contains("euchre.cpp:74:1: global variable p: the spec allows only const global variables [global]"),
        "{global}"
    );
    let total: f64 = tests.iter().map(|t| t["score"].as_f64().unwrap()).sum();
    assert_eq!(gs["score"].as_f64().unwrap(), total);
    let xml = std::fs::read_to_string(junit.join("ben.xml")).unwrap();
    assert!(xml.contains("classname=\"adt\""), "{xml}");
    assert!(xml.contains("classname=\"style\""), "{xml}");
}

fn refused(args: &[&str], said: &str) {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"));
    let ran = Upcard::new().current_dir(dir).args(args).status(2).run();
    assert!(ran.stderr.contains(said), "{}", ran.stderr);
}

#[test]
fn a_part_without_its_files_and_a_malformed_points_file_are_refused() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parts-refused");
    std::fs::create_dir_all(&dir).unwrap();
    let points = dir.join("points.toml");
    std::fs::write(&points, "[adt]\ntotal = \"all\"\n").unwrap();
    let exe = dir.display().to_string();
    refused(
        &["grade", "--exe", &exe, "--parts", "public"],
        "upcard: --parts public: the course's public tests needs --course-files DIR\n",
    );
    refused(
        &["grade", "--exe", &exe, "--parts", "unit-tests"],
        "--parts unit-tests: your unit tests against buggy solutions needs --unit-solution DIR",
    );
    refused(
        &["grade", "--exe", &exe, "--parts", "system,style"],
        "with the system tests --exe holds programs unless --build: add --build",
    );
    refused(
        &[
            "grade",
            "--exe",
            &exe,
            "--points",
            &points.display().to_string(),
        ],
        &format!(
            "{}:2:9: invalid type: string \"all\", expected f64",
            points.display()
        ),
    );
    refused(
        &[
            "grade", "--exe", &exe, "--parts", "style", "--shard", "1/2", "--report", "json=out",
        ],
        "--shard 1/2 splits scenario runs, and a grade without the system tests has none: grade \
         it in one run",
    );
    refused(
        &["grade", "--exe", &exe, "--parts", "game"],
        "\"game\" is not a part: system, public, adt, unit-tests or style",
    );
}

/// A generated Gradescope grader of `args`, run on ben's files (and
/// `euchre.cpp` when given) as Gradescope runs it: its results.json.
fn generated(tag: &str, args: &[&str], game: bool) -> serde_json::Value {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("parts-grader-{tag}"));
    let _ = std::fs::remove_dir_all(&root);
    let scenario = "scenarios/eecs280/official-test00-adi.yaml";
    Upcard::new()
        .args([
            "autograder",
            "init",
            "--platform",
            "gradescope",
            "--rules",
            "eecs280",
        ])
        .args(["--course-files", &course(), "--scenarios", scenario])
        .args(args)
        .arg_path(&root.join("source"))
        .run();
    let class = eecs280_class(&format!("grader-{tag}"));
    let sub = root.join("submission");
    std::fs::rename(class.join("ben"), &sub).unwrap();
    if game {
        std::fs::copy(
            "tests/integration/programs/euchre.cpp",
            sub.join("euchre.cpp"),
        )
        .unwrap();
    }
    let out = std::process::Command::new("bash")
        .arg(root.join("source/run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let results: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("results/results.json")).unwrap()).unwrap();
    crate::platforms::check_gradescope_results(&results);
    results
}

fn names(results: &serde_json::Value) -> Vec<String> {
    let tests = results["tests"].as_array().unwrap();
    tests
        .iter()
        .map(|t| t["name"].as_str().unwrap().to_string())
        .collect()
}

/// `autograder init --checkpoint`: the grader grades the classes alone (no
/// euchre.cpp is built), with the TA's points; `--parts` on a final's
/// grader joins the parts to the game's results.
#[test]
fn generated_graders_grade_the_parts() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parts-grader-points");
    std::fs::create_dir_all(&dir).unwrap();
    let points = dir.join("points.toml");
    std::fs::write(&points, "[public]\neach = 4\n").unwrap();
    let points = points.display().to_string();
    let checkpoint = generated("checkpoint", &["--checkpoint", "--points", &points], false);
    assert_eq!(checkpoint["score"], 20.0);
    assert_eq!(names(&checkpoint).len(), 5 + 36);
    assert_eq!(
        names(&checkpoint)[0],
        "Card_public_tests.cpp test_card_ctor"
    );
    let last = &checkpoint["tests"][40];
    assert_eq!(
        (&last["name"], &last["max_score"], &last["status"]),
        (
            &"Player: Human play_card".into(),
            &0.0.into(),
            &"passed".into()
        )
    );
    let last = names(&checkpoint);
    assert!(!last.iter().any(|n| n.starts_with("official-")), "{last:?}");
    let final_ = generated("final", &["--parts", "system,public,style"], true);
    let all = names(&final_);
    assert_eq!(all[0], "official-test00-adi");
    assert_eq!(all[1], "Card_public_tests.cpp test_card_ctor");
    assert_eq!(all.len(), 1 + 5 + 12);
    assert_eq!(all[17], "stderr: no output to standard error");
}

/// A hidden scenario's failure, in the student's view (the report's head,
/// which Gradescope shows beside the hidden tests it does not): the kind
/// of bug and what upcard's tests find calling the classes directly,
/// never a line of the hidden golden.
#[test]
fn a_student_sees_why_a_hidden_test_fails_without_seeing_it() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("parts-hidden");
    let _ = std::fs::remove_dir_all(&root);
    let (scenarios, golden) = (root.join("scenarios/eecs280"), root.join("golden/eecs280"));
    std::fs::create_dir_all(&scenarios).unwrap();
    std::fs::create_dir_all(&golden).unwrap();
    let name = "left-bower-led";
    let yaml = std::fs::read_to_string(format!("scenarios/eecs280/{name}.yaml")).unwrap();
    std::fs::write(
        scenarios.join(format!("{name}.yaml")),
        format!("{yaml}visibility: hidden\n"),
    )
    .unwrap();
    let want = std::fs::read_to_string(format!("golden/eecs280/{name}.out")).unwrap();
    std::fs::write(golden.join(format!("{name}.out")), &want).unwrap();
    // Ben's classes forget the left bower; Bob's are right. Each game
    // driver keeps the left bower in its printed suit.
    let class = eecs280_class("hidden");
    for who in ["cat", "dan", "eve"] {
        std::fs::remove_dir_all(class.join(who)).unwrap();
    }
    std::fs::rename(class.join("ann/p3"), class.join("bob")).unwrap();
    std::fs::remove_dir_all(class.join("ann")).unwrap();
    let game = std::fs::read_to_string("tests/integration/programs/euchre.cpp").unwrap();
    for who in ["ben", "bob"] {
        std::fs::write(
            class.join(who).join("euchre.cpp"),
            format!("#define BUG_LEFT_BOWER_KEEPS_PRINTED_SUIT\n{game}"),
        )
        .unwrap();
    }
    let gs = root.join("gradescope");
    Upcard::new()
        .args(["grade", "--rules", "eecs280", "--build", "--diagnose"])
        .args(["--course-files", &course(), "--parts", "system", "--exe"])
        .arg_path(&class)
        .arg_path(&root.join("scenarios"))
        .args([&format!("--report=gradescope={}", gs.display())])
        .status(1)
        .run();
    let kind = "the kind of bug: the left bower is treated as its printed suit when following and \
                leading (it still ranks as the second-highest trump) (left-bower-keeps-printed-suit)";
    let head = |who: &str| {
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(gs.join(format!("{who}.json"))).unwrap())
                .unwrap();
        assert_eq!(v["tests"][0]["visibility"], "hidden");
        v["output"].as_str().unwrap().to_string()
    };
    let (ben, bob) = (head("ben"), head("bob"));
    // The staff's view names the led card: a led left bower is a lead of trump.
    let staff: serde_json::Value =
        serde_json::from_slice(&std::fs::read(gs.join("ben.json")).unwrap()).unwrap();
    let test = staff["tests"][0]["output"].as_str().unwrap();
    assert!(
        test.contains(
            "the King of Spades is the highest in this trick's order (Clubs trump, Clubs led: the \
             Jack of Spades)\n"
        ),
        "{test}"
    );
    assert_eq!(
        ben,
        format!(
            "a test not shown fails: {kind}; your Card_less(a, b, trump) is wrong, though in no case \
             with the cards of your first wrong line: `Card_less(Jack of Clubs, Queen of Spades, \
             Spades)` is true; it should be false: with Spades trump the Jack of \
             Clubs is the left bower, second only to the right bower\n"
        )
    );
    assert_eq!(
        bob,
        format!(
            "a test not shown fails: {kind}; your play_card is right in every case of upcard's \
             tests, called directly: the bug is in the game driver (euchre.cpp)\n"
        )
    );
    for line in want.lines().filter(|l| l.len() > 12) {
        assert!(!ben.contains(line) && !bob.contains(line), "{line}");
    }
}

/// `unit-tests --course-files`: a staff solution of the spec's `.cpp` files
/// alone compiles with the course's headers and framework, and a student's
/// test catches a bug; without the course's files it does not compile.
#[test]
fn unit_tests_compile_with_the_courses_files() {
    let (class, solution, bugs) = final_class("unit-course");
    for e in std::fs::read_dir(&solution).unwrap().flatten() {
        if e.file_name().to_string_lossy().ends_with(".hpp") {
            std::fs::remove_file(e.path()).unwrap();
        }
    }
    let args = |u: Upcard| {
        u.args(["unit-tests", "--solution"])
            .arg_path(&solution)
            .args(["--bugs"])
            .arg_path(&bugs)
    };
    args(Upcard::new())
        .args(["--course-files", &course()])
        .arg_path(&class.join("ben"))
        .stdout_is(
            "student          file                 tests  valid  invalid  caught\n\
             ben              Card_tests.cpp           1      1        0     1/1\n",
        )
        .run();
    let ran = args(Upcard::new())
        .arg_path(&class.join("ben"))
        .status(2)
        .run();
    assert!(
        ran.stderr.contains("the solution does not compile"),
        "{}",
        ran.stderr
    );
}

/// With the classes' tests, the game is linked from the objects they
/// compile (the classes compiled once), and decides as the course's own
/// build would: a student whose game includes a header of its own, which
/// the classes' tests do not see, is built by the course's build; a
/// folder the build refuses is refused still.
#[test]
fn the_game_built_with_the_classes_tests_decides_as_its_own_build() {
    let (class, _, _) = final_class("game-once");
    let ann = class.join("ann/p3");
    let cal = class.join("cal");
    let dov = class.join("dov");
    for (dir, own) in [(&cal, true), (&dov, false)] {
        std::fs::create_dir_all(dir).unwrap();
        for e in std::fs::read_dir(&ann).unwrap().flatten() {
            std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
        }
        if own {
            let game = std::fs::read_to_string(dir.join("euchre.cpp")).unwrap();
            std::fs::write(
                dir.join("euchre.cpp"),
                format!("#include \"Rules.hpp\"\n{game}"),
            )
            .unwrap();
            std::fs::write(dir.join("Rules.hpp"), "#pragma once\n").unwrap();
        }
    }
    for i in 0..1000 {
        std::fs::write(dov.join(format!("notes-{i}.txt")), "").unwrap();
    }
    let ran = Upcard::new()
        .args([
            "grade",
            "--rules",
            "eecs280",
            "--build",
            "--course-files",
            &course(),
        ])
        .args([
            "--parts",
            "system,adt",
            "--filter",
            "left-bower-follows-trump",
        ])
        .args(["-j", "2", "--exe"])
        .arg_path(&class)
        .status(1)
        .run();
    let text = ran.text();
    let rows: Vec<Vec<&str>> = text
        .lines()
        .skip_while(|l| !l.starts_with("student"))
        .skip(1)
        .take(4)
        .map(|l| l.split_whitespace().collect())
        .collect();
    let row = |who: &str| {
        let r = rows.iter().find(|r| r[0] == who).unwrap();
        (r[10], r[15])
    };
    // build-failed, the system part.
    assert_eq!(row("ann"), ("0", "1/1"), "{text}");
    assert_eq!(row("ben"), ("0", "1/1"), "{text}");
    assert_eq!(row("cal"), ("0", "1/1"), "{text}");
    assert_eq!(row("dov"), ("1", "0/1"), "{text}");
    assert!(
        text.contains("dov: more than 1000 files or 64 MiB: not a submission's sources"),
        "{text}"
    );
}

/// The final with every part and the TA's points, graded in two shards and
/// merged: the bytes of one run — each student's other parts graded whole
/// in one shard, the points applied to the joined grade.
#[test]
fn the_final_graded_in_shards_and_merged_is_one_run() {
    let (class, solution, bugs) = final_class("final-shards");
    let dir = class.with_file_name("final-shards-runs");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let points = dir.join("points.toml");
    std::fs::write(&points, POINTS).unwrap();
    let grade = |more: &[&str], status: i32| {
        final_grade(&points, (&solution, &bugs), &class)
            .args(more)
            .args([
                "scenarios/eecs280/euchred.yaml",
                "scenarios/eecs280/march.yaml",
            ])
            .status(status)
    };
    let full = dir.join("full");
    let one = grade(
        &[
            &format!("--report=json={}", full.join("json").display()),
            &format!("--report=gradescope={}", full.join("gradescope").display()),
        ],
        1,
    )
    .run();
    let mut parts = Vec::new();
    // Each shard's status is its share's: the second's runs all pass.
    for (i, status) in [(1, 1), (2, 0)] {
        let part = dir.join(format!("part{i}"));
        grade(&["--shard", &format!("{i}/2")], status)
            .args([&format!("--report=json={}", part.display())])
            .run();
        parts.push(part);
    }
    // Ann's parts are one shard's, Ben's the other's.
    let tests = |p: &Path, who: &str| {
        let v: serde_json::Value =
            serde_json::from_slice(&std::fs::read(p.join(format!("{who}.json"))).unwrap()).unwrap();
        v["tests"].as_array().unwrap().len()
    };
    let with_parts = |who: &str| parts.iter().filter(|p| tests(p, who) > 2).count();
    assert_eq!((with_parts("ann"), with_parts("ben")), (1, 1));
    let merged = dir.join("merged");
    let m = Upcard::new()
        .args(["report", "merge", "--out"])
        .arg_path(&merged)
        .arg_path(&parts[0])
        .arg_path(&parts[1])
        .status(1)
        .run();
    assert_eq!(m.stdout, one.stdout);
    for (kind, who) in [("json", "ben"), ("json", "ann"), ("gradescope", "ben")] {
        let file = format!("{kind}/{who}.json");
        assert!(
            std::fs::read(full.join(&file)).unwrap() == std::fs::read(merged.join(&file)).unwrap(),
            "{file} differs after merging"
        );
    }
}
