//! `upcard unit-tests`: student-style test files (tests/integration/programs/
//! unit/students) graded against a small correct Card (solution/) and four
//! buggy ones (made from it by `bugs`), in the sandbox, with exact verdicts.

use crate::tester::Upcard;

const UNIT: &str = "tests/integration/programs/unit";

/// The four buggy solutions, each the solution's Card.cpp with one slip
/// (made here from the one file rather than kept as four near copies).
/// Each test has its own copy (`tag`): tests run at once.
fn bugs(tag: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("unit-bugs-{tag}"));
    let card = std::fs::read_to_string(format!("{UNIT}/solution/Card.cpp")).unwrap();
    for (bug, from, to) in [
        (
            "face-includes-ten",
            "return c.rank >= JACK;",
            "return c.rank >= TEN;",
        ),
        (
            "left-bower-not-trump",
            "return c.suit == trump || is_left_bower(c, trump);",
            "return c.suit == trump;",
        ),
        (
            "less-ignores-trump",
            "bool Card_less(const Card &a, const Card &b, Suit trump) { return value(a, trump) < value(b, trump); }",
            "bool Card_less(const Card &a, const Card &b, Suit) { return value(a, HEARTS) < value(b, HEARTS); }",
        ),
        ("next-suit-wrong", "(s + 2) % 4", "(s + 1) % 4"),
    ] {
        assert!(card.contains(from), "{bug}: {from}");
        std::fs::create_dir_all(dir.join(bug)).unwrap();
        std::fs::write(dir.join(bug).join("Card.cpp"), card.replacen(from, to, 1)).unwrap();
    }
    dir
}

/// A file's tests in the JSON report: name, valid, the bugs it catches.
fn tests_of(file: &serde_json::Value) -> Vec<(String, bool, Vec<String>)> {
    file["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["valid"].as_bool().unwrap(),
                t["catches"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|b| b.as_str().unwrap().to_string())
                    .collect(),
            )
        })
        .collect()
}

fn s(v: &[&str]) -> Vec<String> {
    v.iter().map(|x| x.to_string()).collect()
}

/// A fresh folder `tag` under the tests' temporary folder.
fn fresh(tag: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(tag);
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

/// `upcard unit-tests` with the small solution, the four bugs and 1 s a test.
fn with_bugs(tag: &str) -> Vec<String> {
    [
        "unit-tests",
        "--solution",
        &format!("{UNIT}/solution"),
        "--bugs",
        &bugs(tag).display().to_string(),
        "--timeout",
        "1",
    ]
    .map(String::from)
    .to_vec()
}

#[test]
fn valid_and_invalid_tests_and_the_bugs_they_catch() {
    let json = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unit-tests.json");
    let csv = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unit-tests.csv");
    let ran = Upcard::new()
        .args(with_bugs("valid"))
        .args(["--json"])
        .arg_path(&json)
        .args(["--csv"])
        .arg_path(&csv)
        .args([format!("{UNIT}/students")])
        .run();
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "student,caught,bugs,face-includes-ten,left-bower-not-trump,less-ignores-trump,next-suit-wrong\n\
         alice,2,4,caught,missed,missed,caught\n\
         bob,0,4,missed,missed,missed,missed\n\
         carol,0,4,missed,missed,missed,missed\n\
         dave,0,4,missed,missed,missed,missed\n"
    );
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
alice            Card_tests.cpp           4      3        1     2/4
bob              Card_tests.cpp       51 tests: at most 50 are allowed
carol            Card_tests.cpp       the whole suite takes more than 1 s on the correct solution
dave             Card_tests.cpp       does not compile with the solution: Card_tests.cpp:4:27: error: 'is_queen' was not declared in this scope; did you mean 'queen'?

alice Card_tests.cpp nine_is_face: invalid (fails on the correct solution): exit status 1
  Running test: nine_is_face
  FAIL
  ASSERT_TRUE(is_face_or_ace({NINE, HEARTS})) failed
"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(
        v["bugs"],
        serde_json::json!([
            "face-includes-ten",
            "left-bower-not-trump",
            "less-ignores-trump",
            "next-suit-wrong"
        ])
    );
    let file = |who: usize| &v["submissions"][who]["files"][0];
    let catches = |who: usize| tests_of(file(who));
    assert_eq!(
        catches(0),
        vec![
            ("jack_is_face".into(), true, s(&[])),
            (
                "next_of_spades_is_clubs".into(),
                true,
                s(&["next-suit-wrong"])
            ),
            ("nine_is_face".into(), false, s(&[])),
            ("ten_is_not_face".into(), true, s(&["face-includes-ten"])),
        ]
    );
    assert_eq!(file(1)["tests"], serde_json::json!([]));
    assert_eq!(file(2)["tests"], serde_json::json!([]));
    assert!(
        file(3)["error"]
            .as_str()
            .unwrap()
            .contains("'is_queen' was not declared")
    );
}

/// Each course file is graded against its own class's bugs: a Card bug
/// counts only through `Card_tests.cpp`, however well `Player_tests.cpp`
/// tests Card; the course's public tests and other files are listed, not
/// graded; a repository's files are found where its sources are.
#[test]
fn each_course_file_is_graded_against_its_own_class() {
    let dir = fresh("unit-per-file");
    let alice = std::fs::read_to_string(format!("{UNIT}/students/alice/Card_tests.cpp")).unwrap();
    let weak = "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n\
                TEST(nothing) { ASSERT_TRUE(true); }\nTEST_MAIN()\n";
    for (path, text) in [
        ("gus/p3-euchre/Card_tests.cpp", weak),
        ("gus/p3-euchre/Player_tests.cpp", alice.as_str()),
        ("gus/p3-euchre/Pack_tests.cpp", alice.as_str()),
        ("gus/p3-euchre/Card_public_tests.cpp", alice.as_str()),
        ("hal/Card_public_tests.cpp", alice.as_str()),
    ] {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    let json = dir.join("report.json");
    let ran = Upcard::new()
        .args(with_bugs("per-file"))
        .args(["--json"])
        .arg_path(&json)
        .arg_path(&dir)
        .run();
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
gus              Card_tests.cpp           1      1        0     0/4
gus              Player_tests.cpp         4      3        1     0/0
hal              (none)               no Card_tests.cpp or Player_tests.cpp in the submission

note: gus: not graded (not a file the course grades): Card_public_tests.cpp, Pack_tests.cpp

note: hal: not graded (not a file the course grades): Card_public_tests.cpp

gus Player_tests.cpp nine_is_face: invalid (fails on the correct solution): exit status 1
  Running test: nine_is_face
  FAIL
  ASSERT_TRUE(is_face_or_ace({NINE, HEARTS})) failed
"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(
        v["submissions"][0]["files"][1]["graded"],
        serde_json::json!([])
    );
    assert_eq!(
        v["submissions"][0]["files"][1]["caught"],
        serde_json::json!([])
    );
}

/// A buggy solution that does not compile is the staff's to fix: it is
/// said, not taken as caught.
#[test]
fn a_bug_that_does_not_compile_is_said() {
    let dir = fresh("unit-broken-bug");
    std::fs::create_dir_all(dir.join("bugs/broken")).unwrap();
    std::fs::write(dir.join("bugs/broken/Card.cpp"), "this is not C++\n").unwrap();
    let ran = Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            &format!("{UNIT}/solution"),
            "--bugs",
        ])
        .arg_path(&dir.join("bugs"))
        .args([format!("{UNIT}/students/alice")])
        .run();
    // The compiler's own words differ between its versions: the line is checked, not its text.
    let text = ran.text();
    let (note, table) = text.split_once("\n\n").unwrap();
    assert!(
        note.starts_with(
            "note: the bug broken does not compile, and is left out:\nCard.cpp:1:1: error: "
        ),
        "{note}"
    );
    assert_eq!(
        table,
        "\
student          file                 tests  valid  invalid  caught
alice            Card_tests.cpp           4      3        1     0/0

alice Card_tests.cpp nine_is_face: invalid (fails on the correct solution): exit status 1
  Running test: nine_is_face
  FAIL
  ASSERT_TRUE(is_face_or_ace({NINE, HEARTS})) failed
"
    );
}

#[test]
fn a_missing_solution_is_a_usage_error() {
    Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            "no/such/dir",
            &format!("{UNIT}/students"),
        ])
        .status(2)
        .stderr_is("upcard: no/such/dir: No such file or directory (os error 2)\n")
        .run();
}

fn generated(seed: &str, n: &str) -> (String, serde_json::Value) {
    let json = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("unit-generate-{seed}-{n}.json"));
    let ran = Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            &format!("{UNIT}/solution"),
            "--reference-tests",
            &format!("{UNIT}/reference"),
            "--generate",
            n,
            "--seed",
            seed,
            "--timeout",
            "2",
            "--json",
        ])
        .arg_path(&json)
        .args([format!("{UNIT}/students/alice")])
        .run();
    let v = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    (ran.text(), v)
}

fn names(v: &serde_json::Value) -> Vec<String> {
    v["bugs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b.as_str().unwrap().to_string())
        .collect()
}

/// `--generate 40` on the small solution: at least 30 compiling, distinct
/// mutants that the reference tests tell apart, each named by its place and
/// change, listed in source order; the same for the same seed, others for
/// another.
#[test]
fn generated_bugs_are_named_by_their_change_and_the_same_for_a_seed() {
    let (text, v) = generated("7", "40");
    let bugs = names(&v);
    assert!((30..=40).contains(&bugs.len()), "{bugs:?}");
    let mut distinct = bugs.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), bugs.len());
    let place = |b: &str| -> (usize, usize) {
        let mut parts = b.splitn(4, ':');
        assert_eq!(parts.next(), Some("Card.cpp"), "{b}");
        let line = parts.next().unwrap().parse().unwrap();
        let col = parts.next().unwrap().parse().unwrap();
        let what = parts.next().unwrap();
        assert!(
            [
                " became ",
                "if condition negated",
                "statement deleted",
                "swapped"
            ]
            .iter()
            .any(|k| what.contains(k)),
            "{b}"
        );
        (line, col)
    };
    let places: Vec<(usize, usize)> = bugs.iter().map(|b| place(b)).collect();
    assert!(places.windows(2).all(|w| w[0] <= w[1]), "{bugs:?}");
    assert!(
        bugs.contains(&"Card.cpp:4:52: >= became >".to_string()),
        "{bugs:?}"
    );
    assert!(
        text.contains(&format!(
            "alice            Card_tests.cpp           4      3        1    5/{}\n",
            bugs.len()
        )),
        "{text}"
    );
    let twenty = names(&generated("7", "20").1);
    assert_eq!(twenty.len(), 20);
    assert_eq!(names(&generated("7", "20").1), twenty);
    assert_ne!(names(&generated("8", "20").1), twenty);
}

/// A bug that no reference test catches (here one that changes nothing
/// the order shows) cannot be judged by them: a loud error, never a 0/0.
#[test]
fn a_bug_no_reference_test_catches_is_a_loud_error() {
    let dir = fresh("unit-suspect");
    std::fs::create_dir_all(dir.join("bugs/no-change")).unwrap();
    let card = std::fs::read_to_string(format!("{UNIT}/solution/Card.cpp")).unwrap();
    std::fs::write(
        dir.join("bugs/no-change/Card.cpp"),
        card.replace("return 101;", "return 102;"),
    )
    .unwrap();
    let json = dir.join("report.json");
    Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            &format!("{UNIT}/solution"),
            "--reference-tests",
            &format!("{UNIT}/reference"),
            "--bugs",
        ])
        .arg_path(&dir.join("bugs"))
        .args(["--json"])
        .arg_path(&json)
        .args([format!("{UNIT}/students/alice")])
        .status(2)
        .stderr_is(
            "upcard: --reference-tests: Card_tests.cpp catches none of these bugs: no-change; \
             they cannot judge them (the course's public tests catch few bugs): give tests that \
             catch every bug, or leave those bugs out\n",
        )
        .run();
    assert!(
        !json.exists(),
        "no report of a grading that could not judge"
    );
}

/// A bug in a class no graded file tests is refused before anything is
/// built: it could never be caught.
#[test]
fn a_bug_no_graded_file_tests_is_refused() {
    let dir = fresh("unit-untested");
    std::fs::create_dir_all(dir.join("bugs/pack-not-reset")).unwrap();
    std::fs::write(dir.join("bugs/pack-not-reset/Pack.cpp"), "// a Pack bug\n").unwrap();
    Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            &format!("{UNIT}/solution"),
            "--bugs",
        ])
        .arg_path(&dir.join("bugs"))
        .args([format!("{UNIT}/students/alice")])
        .status(2)
        .stderr_is(
            "upcard: --bugs: no graded test file (Card_tests.cpp, Player_tests.cpp) tests the \
             class of pack-not-reset (Pack.cpp): each bug is caught only through its own class's \
             file; add that file to --files, or leave the bug out\n",
        )
        .run();
}

#[test]
fn generating_needs_reference_tests() {
    Upcard::new()
        .args([
            "unit-tests",
            "--solution",
            &format!("{UNIT}/solution"),
            "--generate",
            "5",
            &format!("{UNIT}/students/alice"),
        ])
        .status(2)
        .stderr_is("upcard: --generate needs --reference-tests: a generated bug is kept only when the staff's tests tell it apart from the solution\n")
        .run();
}

/// The unit-test HTML pages (in `dir`) speak of tests and bugs, and name
/// the test that caught each.
fn pages_name_the_tests_that_caught_bugs(dir: &std::path::Path) {
    // The page speaks of tests and bugs, and names the test that caught each.
    let page = std::fs::read_to_string(dir.join("alice.html")).unwrap();
    assert!(
        page.contains("<p id=\"summary\">2 of 4 bugs caught; 4 tests: 3 valid, 1 invalid</p>"),
        "{page}"
    );
    assert!(
        page.contains(
            "<tr><td>face-includes-ten</td><td class=\"pass\">yes</td>\
             <td>Card_tests.cpp ten_is_not_face</td></tr>"
        ),
        "{page}"
    );
    assert!(
        page.contains("<td>nine_is_face</td><td class=\"fail\">invalid</td>"),
        "{page}"
    );
    assert!(!page.contains("scenario"), "{page}");
    let index = std::fs::read_to_string(dir.join("index.html")).unwrap();
    assert!(
        index.contains(
            "<tr><td><a href=\"alice.html\">alice</a></td><td>2 of 4</td><td>4</td><td>3</td>\
             <td>1</td><td>2/4</td></tr>"
        ),
        "{index}"
    );
}

/// A Gradescope report's tests: name, score, maximum, and the first two
/// lines of their output.
fn gradescope_rows(gs: &serde_json::Value) -> Vec<(String, f64, f64, String)> {
    gs["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["score"].as_f64().unwrap(),
                t["max_score"].as_f64().unwrap(),
                t["output"]
                    .as_str()
                    .unwrap()
                    .lines()
                    .take(2)
                    .collect::<Vec<_>>()
                    .join(" / "),
            )
        })
        .collect()
}

/// The platforms' reports: a point a bug caught, invalid tests and files
/// that could not be graded as tests worth nothing, one file a student.
#[test]
fn gradescope_and_junit_reports_score_a_point_a_bug() {
    let dir = fresh("unit-reports");
    Upcard::new()
        .args(with_bugs("per-test"))
        .args([
            "--report",
            &format!("gradescope={}", dir.join("gs").display()),
            "--report",
            &format!("junit={}", dir.join("junit").display()),
            "--report",
            &format!("html={}", dir.join("html").display()),
            &format!("{UNIT}/students"),
        ])
        .run();
    pages_name_the_tests_that_caught_bugs(&dir.join("html"));
    let gs: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("gs/alice.json")).unwrap()).unwrap();
    assert_eq!(gs["score"], 2.0);
    let tests = gradescope_rows(&gs);
    let row = |n: &str, s: f64, m: f64, o: &str| (n.to_string(), s, m, o.to_string());
    assert_eq!(
        tests,
        vec![
            row(
                "bug face-includes-ten",
                1.0,
                1.0,
                "passed / caught by Card_tests.cpp ten_is_not_face"
            ),
            row(
                "bug left-bower-not-trump",
                0.0,
                1.0,
                "not caught / no valid test of yours catches this bug"
            ),
            row(
                "bug less-ignores-trump",
                0.0,
                1.0,
                "not caught / no valid test of yours catches this bug"
            ),
            row(
                "bug next-suit-wrong",
                1.0,
                1.0,
                "passed / caught by Card_tests.cpp next_of_spades_is_clubs"
            ),
            row(
                "invalid test Card_tests.cpp nine_is_face",
                0.0,
                0.0,
                "invalid: it fails on the correct solution / exit status 1"
            ),
        ]
    );
    let dave: serde_json::Value =
        serde_json::from_slice(&std::fs::read(dir.join("gs/dave.json")).unwrap()).unwrap();
    assert_eq!(dave["score"], 0.0);
    assert_eq!(dave["tests"][4]["name"], "file Card_tests.cpp");
    let junit = std::fs::read_to_string(dir.join("junit/carol.xml")).unwrap();
    assert!(
        junit.contains(
            "<testsuite name=\"carol\" tests=\"5\" skipped=\"0\" errors=\"1\" failures=\"4\">"
        ),
        "{junit}"
    );
}

/// The spec times the whole suite; the other reading times each test
/// alone, and then a test that loops is only an invalid test.
#[test]
fn a_test_that_loops_is_invalid_when_each_test_is_timed_alone() {
    let json = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unit-per-test.json");
    let ran = Upcard::new()
        .args(with_bugs("reports"))
        .args(["--per-test-time", "--json"])
        .arg_path(&json)
        .args([format!("{UNIT}/students/carol")])
        .run();
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
carol            Card_tests.cpp           3      2        1     3/4

carol Card_tests.cpp loops: invalid (fails on the correct solution): timed out after 1 s
"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let file = |_: usize| &v["submissions"][0]["files"][0];
    let catches = |_: usize| tests_of(file(0));
    // The left bower's test catches both bugs that lose it.
    assert_eq!(
        catches(0),
        vec![
            (
                "left_bower_is_trump".into(),
                true,
                s(&["left-bower-not-trump", "next-suit-wrong"])
            ),
            ("loops".into(), false, s(&[])),
            ("trump_beats_ace".into(), true, s(&["less-ignores-trump"])),
        ]
    );
    assert_eq!(
        file(0)["caught"],
        serde_json::json!([
            "left-bower-not-trump",
            "less-ignores-trump",
            "next-suit-wrong"
        ])
    );
}

/// A test file each of whose ten tests hangs on every bug (it checks every
/// function first): valid, and it catches every bug.
fn hangs_on_bugs() -> String {
    let mut text = String::from(
        "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n\
         static bool right() { return Suit_next(SPADES) == CLUBS && !is_face_or_ace({TEN, HEARTS}) \
         && is_trump({JACK, DIAMONDS}, HEARTS) && Card_less({ACE, HEARTS}, {NINE, SPADES}, SPADES); }\n",
    );
    for i in 0..10 {
        text += &format!("TEST(hangs_{i}) {{ while (!right()) {{}} ASSERT_TRUE(true); }}\n");
    }
    text + "TEST_MAIN()\n"
}

#[test]
fn files_that_hang_on_every_bug_are_judged_without_waiting_out_each_run() {
    // Every variant runs the suite and every test: at --timeout 1 these two
    // files held a worker 44 s each, a limit for each test of each bug.
    // A bug's suite is a decoy stopped early, and a test alone on a bug
    // gets ten times the solution's whole suite (docs/unit-tests.md).
    let dir = fresh("unit-hangs");
    for who in ["hana", "ivo"] {
        std::fs::create_dir_all(dir.join(who)).unwrap();
        std::fs::write(dir.join(who).join("Card_tests.cpp"), hangs_on_bugs()).unwrap();
    }
    let ran = Upcard::new()
        .args(with_bugs("hangs"))
        .args(["-j", "1"])
        .arg_path(&dir)
        .run();
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
hana             Card_tests.cpp          10     10        0     4/4
ivo              Card_tests.cpp          10     10        0     4/4
"
    );
}

#[test]
fn a_file_over_its_budget_is_not_graded() {
    let dir = fresh("unit-budget");
    std::fs::create_dir_all(dir.join("jo")).unwrap();
    std::fs::write(dir.join("jo/Card_tests.cpp"), hangs_on_bugs()).unwrap();
    let ran = Upcard::new()
        .args(with_bugs("budget"))
        .args(["--file-budget", "1"])
        .arg_path(&dir)
        .run();
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
jo               Card_tests.cpp       its runs took more than 1 s in all (--file-budget): not graded
"
    );
}

/// A submission with no test file gets its row, and nothing else.
#[test]
fn a_submission_without_test_files_is_said() {
    let dir = fresh("unit-no-tests");
    std::fs::create_dir_all(dir.join("erin")).unwrap();
    std::fs::write(dir.join("erin/Card.cpp"), "// not a test\n").unwrap();
    std::fs::create_dir_all(dir.join("fay")).unwrap();
    std::fs::copy(
        format!("{UNIT}/students/alice/Card_tests.cpp"),
        dir.join("fay/Card_tests.cpp"),
    )
    .unwrap();
    let ran = Upcard::new()
        .args(["unit-tests", "--solution", &format!("{UNIT}/solution")])
        .arg_path(&dir)
        .run();
    assert_eq!(
        ran.text().lines().take(3).collect::<Vec<_>>(),
        vec![
            "student          file                 tests  valid  invalid  caught",
            "erin             (none)               no Card_tests.cpp or Player_tests.cpp in the submission",
            "fay              Card_tests.cpp           4      3        1     0/0",
        ]
    );
}

/// `autograder init` for the euchred scenario with the unit-test stage.
fn init_with_unit_tests(platform: &str, staff: &std::path::Path, dir: &std::path::Path) {
    Upcard::new()
        .args(crate::common::init_args(platform, "eecs280"))
        .args([
            "--scenarios",
            "scenarios/eecs280/euchred.yaml",
            "--unit-tests",
        ])
        .arg_path(staff)
        .arg_path(dir)
        .run();
}

/// Runs an autograder's grading script with its tree at `root`: the results.
fn grading_script(script: &std::path::Path, root: &std::path::Path) -> serde_json::Value {
    let out = std::process::Command::new("bash")
        .arg(script)
        .env("UPCARD_AUTOGRADER_ROOT", root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&std::fs::read(root.join("results/results.json")).unwrap()).unwrap()
}

/// The staff's unit-test folder for `autograder init --unit-tests`.
fn staff(tag: &str) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("unit-staff-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(dir.join("solution")).unwrap();
    for f in [
        "Card.cpp",
        "Card.hpp",
        "unit_test_framework.hpp",
        "euchre.cpp",
    ] {
        std::fs::copy(format!("{UNIT}/solution/{f}"), dir.join("solution").join(f)).unwrap();
    }
    for b in ["face-includes-ten", "next-suit-wrong"] {
        std::fs::create_dir_all(dir.join("bugs").join(b)).unwrap();
        std::fs::copy(
            bugs(tag).join(b).join("Card.cpp"),
            dir.join("bugs").join(b).join("Card.cpp"),
        )
        .unwrap();
    }
    dir
}

/// A Gradescope autograder with the unit-test stage, run on a submission
/// whose program is right and whose Card_tests.cpp catches one bug of two;
/// and on one whose program does not build: its tests are graded all the same.
#[test]
fn gradescope_autograder_grades_the_unit_tests_too() {
    let golden = std::fs::read("golden/eecs280/euchred.out").unwrap();
    let good = format!(
        "#include <cstdio>\nint main() {{\n    std::fputs({}, stdout);\n    return 0;\n}}\n",
        crate::common::c_string(&golden)
    );
    for (name, cpp, score, names_of) in [
        (
            "builds",
            good.as_str(),
            2.0,
            &["euchred", "bug face-includes-ten", "bug next-suit-wrong"][..],
        ),
        (
            "broken",
            "int main() { return x; }\n",
            1.0,
            &["bug face-includes-ten", "bug next-suit-wrong"][..],
        ),
    ] {
        let root =
            std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("unit-ag-{name}"));
        let _ = std::fs::remove_dir_all(&root);
        std::fs::create_dir_all(root.join("submission")).unwrap();
        let source = root.join("source");
        init_with_unit_tests("gradescope", &staff(name), &source);
        for f in [
            "unit/solution/Card.cpp",
            "unit/bugs/face-includes-ten/Card.cpp",
            "unit/bugs/next-suit-wrong/Card.cpp",
        ] {
            assert!(source.join(f).is_file(), "{f}");
        }
        std::fs::write(root.join("submission/euchre.cpp"), cpp).unwrap();
        // Catches next-suit-wrong only (its face test checks a jack).
        std::fs::write(
            root.join("submission/Card_tests.cpp"),
            "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n\
             TEST(jack_is_face) { ASSERT_TRUE(is_face_or_ace({JACK, SPADES})); }\n\
             TEST(next) { ASSERT_EQUAL(Suit_next(SPADES), CLUBS); }\nTEST_MAIN()\n",
        )
        .unwrap();
        let r = grading_script(&source.join("run_autograder"), &root);
        assert_eq!(r["score"], score, "{name}: {r}");
        let names: Vec<&str> = r["tests"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        crate::platforms::check_gradescope_results(&r);
        crate::platforms::shellcheck(&[source.join("run_autograder")]);
        assert_eq!(names, names_of, "{name}");
        assert_eq!(r["tests"][names.len() - 1]["score"], 1.0, "{name}");
        // A program that does not build says why, next to the tests' points.
        assert_eq!(
            r["output"].as_str().is_some_and(|o| o.contains("error")),
            name == "broken",
            "{r}"
        );
    }
}

/// PrairieLearn too: one results file, valid under its schema, with the
/// program's tests and the bugs; the score is the points over the possible.
#[test]
fn prairielearn_question_grades_the_unit_tests_too() {
    let golden = std::fs::read("golden/eecs280/euchred.out").unwrap();
    let root = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unit-pl");
    let _ = std::fs::remove_dir_all(&root);
    std::fs::create_dir_all(root.join("student")).unwrap();
    let question = root.join("question");
    init_with_unit_tests("prairielearn", &staff("pl"), &question);
    // PrairieLearn mounts the question's tests/ at /grade/tests.
    std::fs::rename(question.join("tests"), root.join("tests")).unwrap();
    std::fs::write(
        root.join("student/euchre.cpp"),
        format!(
            "#include <cstdio>\nint main() {{ std::fputs({}, stdout); return 0; }}\n",
            crate::common::c_string(&golden)
        ),
    )
    .unwrap();
    std::fs::copy(
        format!("{UNIT}/students/alice/Card_tests.cpp"),
        root.join("student/Card_tests.cpp"),
    )
    .unwrap();
    let r = grading_script(&root.join("tests/run.sh"), &root);
    crate::platforms::check_prairielearn_results(&r);
    // euchred (1 of 1), both bugs caught (2 of 2), alice's invalid test (0 of 0).
    assert_eq!(r["score"], 1.0, "{r}");
    assert_eq!(r["tests"].as_array().unwrap().len(), 4, "{r}");
    assert_eq!(r["message"], "4 of 4 tests passed");
}

/// On a platform that runs a command a test, the unit tests are a part of
/// the grade: a test a bug, each a command on the parts' report.
#[test]
fn platforms_that_run_a_command_a_test_grade_the_unit_tests_as_a_part() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("unit-gh");
    let _ = std::fs::remove_dir_all(&dir);
    Upcard::new()
        .args(crate::common::init_args("github-classroom", "eecs280"))
        .args([
            "--scenarios",
            "scenarios/eecs280/euchred.yaml",
            "--unit-tests",
        ])
        .arg_path(&staff("gh"))
        .arg_path(&dir)
        .run();
    let steps = &crate::common::classroom_steps(&dir);
    let names: Vec<&str> = steps.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Checkout code",
            "Grade the parts",
            "Build",
            "euchred",
            "bug face-includes-ten",
            "bug next-suit-wrong",
            "Autograding Reporter"
        ]
    );
    assert_eq!(
        steps[1]["run"].as_str().unwrap(),
        "chmod +x bin/upcard && rm -f \"${{ runner.temp }}/upcard-parts.json\" && bin/upcard \
         grade --parts unit-tests --unit-solution unit/solution --unit-bugs unit/bugs --exe . \
         --report json=\"${{ runner.temp }}/upcard-parts.json\""
    );
    assert!(dir.join("unit/bugs/next-suit-wrong/Card.cpp").is_file());
}

/// Tests that tell the solution from a bug by anything but its behaviour:
/// the program's own name (the solution's was built first, as `…-v0.exe`),
/// and what the first run it made (the solution's, once) left behind in an
/// extended attribute of /tmp, a file or a key. The identity remembered is
/// the program's own bytes, so only the solution passes where one was left.
const HOSTILE: &str = r#"#include "Card.hpp"
#include "unit_test_framework.hpp"
#include <fstream>
#include <sstream>
#include <string>
#include <arpa/inet.h>
#include <fcntl.h>
#include <netinet/in.h>
#include <sys/shm.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/xattr.h>
#include <unistd.h>

static std::string exe() { char b[512] = {0}; if (readlink("/proc/self/exe", b, 511) < 0) return "?"; return b; }
static std::string me() {
    std::ifstream f("/proc/self/exe", std::ios::binary); std::stringstream s; s << f.rdbuf();
    return std::to_string(std::hash<std::string>{}(s.str()));
}
TEST(named_solution) { ASSERT_TRUE(exe().find("v0") != std::string::npos); }
TEST(first_in_an_attribute) {
    char b[64] = {0};
    if (getxattr("/tmp", "user.first", b, 63) < 0) setxattr("/tmp", "user.first", me().c_str(), me().size(), 0);
    else ASSERT_EQUAL(std::string(b), me());
}
TEST(first_in_a_file) {
    std::ifstream in("/tmp/first"); std::string seen;
    if (!(in >> seen)) std::ofstream("/tmp/first") << me();
    else ASSERT_EQUAL(seen, me());
}
TEST(first_in_a_key) {
    char b[64] = {0};
    long k = syscall(SYS_keyctl, 10, -4, "user", "upcard-first", 0);
    if (k < 0) syscall(SYS_add_key, "user", "upcard-first", me().c_str(), me().size(), -4);
    else { syscall(SYS_keyctl, 11, k, b, 63); ASSERT_EQUAL(std::string(b), me()); }
}
// A mark of 1 to 7 in a counter of the kernel's: datagrams to nowhere
// raise the network namespace's OutNoRoutes; files raise a tmpfs's inodes;
// a shared memory segment's size.
static long mark() { return static_cast<long>(std::stoull(me()) % 7 + 1); }
static long no_routes() {
    std::ifstream f("/proc/net/snmp"); std::string line; int row = 0;
    while (std::getline(f, line)) if (line.rfind("Ip: ", 0) == 0 && row++ == 1) {
        std::istringstream in(line); std::string w; for (int i = 0; i < 13; i++) in >> w;
        long v = 0; in >> v; return v; }
    return 0;
}
TEST(first_in_a_counter) {
    long seen = no_routes();
    if (seen == 0) {
        int s = socket(AF_INET, SOCK_DGRAM, 0); sockaddr_in a{}; a.sin_family = AF_INET;
        a.sin_port = htons(9); a.sin_addr.s_addr = inet_addr("203.0.113.1");
        for (long i = 0; s >= 0 && i < mark(); i++) sendto(s, "x", 1, 0, (sockaddr *)&a, sizeof a);
    } else ASSERT_EQUAL(seen, mark());
}
TEST(first_in_an_inode) {
    int f = open("/tmp/probe", O_CREAT | O_WRONLY, 0600); struct stat st; fstat(f, &st); close(f);
    if (st.st_ino < 100) for (long i = 0; i < 100 * mark(); i++)
        close(open(("/tmp/f" + std::to_string(i)).c_str(), O_CREAT | O_WRONLY, 0600));
    else ASSERT_EQUAL(static_cast<long>(st.st_ino / 100), mark());
}
TEST(first_in_shared_memory) {
    int id = shmget(0x5eed, 0, 0); struct shmid_ds d;
    if (id < 0) shmget(0x5eed, 4096 * mark(), IPC_CREAT | 0600);
    else { shmctl(id, IPC_STAT, &d); ASSERT_EQUAL(static_cast<long>(d.shm_segsz / 4096), mark()); }
}

TEST_MAIN()
"#;

/// A class with hostile files: the tests above, a link to a secret, a
/// sparse 2 GiB header, escape sequences in a folder's name and a test's
/// output, and a nested submission (`a/b/`) beside one whose name runs its
/// path together (`a-b`).
fn hostile_class() -> std::path::PathBuf {
    let dir = fresh("unit-hostile");
    let alice = std::fs::read_to_string(format!("{UNIT}/students/alice/Card_tests.cpp")).unwrap();
    let one = "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n\
               TEST(next_of_spades_is_clubs) { ASSERT_EQUAL(Suit_next(SPADES), CLUBS); }\nTEST_MAIN()\n";
    let escapes = "#include \"Card.hpp\"\n#include \"unit_test_framework.hpp\"\n#include <cstdio>\n\
                   TEST(shouts) { std::printf(\"\\033]0;pwned\\007\\033[2J\\r\"); ASSERT_TRUE(false); }\nTEST_MAIN()\n";
    let class = dir.join("class");
    for (who, file, text) in [
        // Nested, as repositories are: found where the sources are.
        ("a/b", "Card_tests.cpp", alice.as_str()),
        ("a-b", "Card_tests.cpp", one),
        ("e\u{1b}]0;pwned\u{7}", "Card_tests.cpp", escapes),
        ("giant", "Card_tests.cpp", one),
        ("hostile", "Card_tests.cpp", HOSTILE),
    ] {
        std::fs::create_dir_all(class.join(who)).unwrap();
        std::fs::write(class.join(who).join(file), text).unwrap();
    }
    std::fs::File::create(class.join("giant/Card.hpp"))
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    std::fs::write(dir.join("secret"), "TOKEN=hunter2\n").unwrap();
    std::fs::create_dir_all(class.join("links")).unwrap();
    std::os::unix::fs::symlink(dir.join("secret"), class.join("links/Card_tests.cpp")).unwrap();
    class
}

#[test]
fn a_test_tells_a_bug_only_by_behaviour_and_a_hostile_file_is_its_owners_verdict() {
    let class = hostile_class();
    let json = class.parent().unwrap().join("hostile.json");
    let ran = Upcard::new()
        .args(with_bugs("hostile"))
        .args(["-j", "2", "--json"])
        .arg_path(&json)
        .arg_path(&class)
        .run();
    assert_eq!(
        ran.text(),
        "\
student          file                 tests  valid  invalid  caught
a                Card_tests.cpp           4      3        1     2/4
a-b              Card_tests.cpp           1      1        0     1/4
e\\u{1b}]0;pwned\\u{7} Card_tests.cpp           1      0        1     0/4
giant            (submission)         Card.hpp is 2147483648 bytes: a source file may hold at most 1048576 bytes
hostile          Card_tests.cpp           7      6        1     0/4
links            (submission)         Card_tests.cpp is a symbolic link: links are not followed (only the submission's own files are read)

a Card_tests.cpp nine_is_face: invalid (fails on the correct solution): exit status 1
  Running test: nine_is_face
  FAIL
  ASSERT_TRUE(is_face_or_ace({NINE, HEARTS})) failed

e\\u{1b}]0;pwned\\u{7} Card_tests.cpp shouts: invalid (fails on the correct solution): exit status 1
  Running test: shouts
  \\u{1b}]0;pwned\\u{7}\\u{1b}[2J\\u{d}FAIL
  ASSERT_TRUE(false) failed

hostile Card_tests.cpp named_solution: invalid (fails on the correct solution): exit status 1
  Running test: named_solution
  FAIL
  ASSERT_TRUE(exe().find(\"v0\") != std::string::npos) failed
"
    );
    assert!(!ran.stderr.contains("hunter2"), "{}", ran.stderr);
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let hostile = &v["submissions"][4]["files"][0];
    assert_eq!(
        tests_of(hostile),
        vec![
            ("first_in_a_counter".into(), true, s(&[])),
            ("first_in_a_file".into(), true, s(&[])),
            ("first_in_a_key".into(), true, s(&[])),
            ("first_in_an_attribute".into(), true, s(&[])),
            ("first_in_an_inode".into(), true, s(&[])),
            ("first_in_shared_memory".into(), true, s(&[])),
            ("named_solution".into(), false, s(&[])),
        ]
    );
}

/// `--shard I/N`: each shard grades its share of the class's files; the
/// shards merged are the report, the table and the CSV of one run.
#[test]
fn shards_merge_to_the_report_of_one_run() {
    let dir = fresh("unit-shards");
    std::fs::create_dir_all(&dir).unwrap();
    let run = |extra: &[&str]| {
        Upcard::new()
            .args(with_bugs("shards"))
            .args(extra)
            .args([format!("{UNIT}/students")])
            .run()
            .text()
    };
    let path = |n: &str| dir.join(n).display().to_string();
    let whole = run(&["--json", &path("whole.json"), "--csv", &path("whole.csv")]);
    for i in ["1", "2"] {
        run(&[
            "--shard",
            &format!("{i}/2"),
            "--json",
            &path(&format!("part{i}.json")),
        ]);
    }
    let part1 = std::fs::read_to_string(dir.join("part1.json")).unwrap();
    assert_ne!(
        part1,
        std::fs::read_to_string(dir.join("whole.json")).unwrap()
    );
    let merged = Upcard::new()
        .args(["report", "merge-unit-tests", "--json", &path("merged.json")])
        .args([
            "--csv",
            &path("merged.csv"),
            &path("part1.json"),
            &path("part2.json"),
        ])
        .run()
        .text();
    assert_eq!(merged, whole);
    for (a, b) in [("merged.json", "whole.json"), ("merged.csv", "whole.csv")] {
        assert_eq!(
            std::fs::read(dir.join(a)).unwrap(),
            std::fs::read(dir.join(b)).unwrap(),
            "{a}"
        );
    }
    // A shard of another class is refused.
    std::fs::write(
        dir.join("other.json"),
        part1.replace("\"face-includes-ten\"", "\"another-bug\""),
    )
    .unwrap();
    Upcard::new()
        .args([
            "report",
            "merge-unit-tests",
            &path("part1.json"),
            &path("other.json"),
        ])
        .status(2)
        .stderr_is(&format!(
            "upcard: {} is not a shard of the class {} is: its bugs or its students differ\n",
            path("other.json"),
            path("part1.json")
        ))
        .run();
}
