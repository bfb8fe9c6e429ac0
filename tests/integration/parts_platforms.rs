//! The parts on the platforms that run one command a test (autograder.io,
//! GitHub Classroom): each part's tests listed when the grader is made, the
//! parts graded once before them, each test a command on that report — run
//! here as each platform runs them, and compared with the Gradescope
//! grader's results for the same submission, test for test.

use std::path::{Path, PathBuf};
use std::process::Command;

use super::parts::{course, final_class};
use super::tester::Upcard;

/// The TA's points: whole points, as both platforms count them; the one
/// scenario scaled to 3.
const POINTS: &str = "[system]\ntotal = 3\n[public]\neach = 2\n[unit-tests]\neach = 5\n";

/// A test as a platform scored it: its name, whether it passed, its points.
type Scored = (String, bool, u64);

/// Ben's files (his Card_less forgets the left bower; his own unit test
/// catches that bug), the staff's unit-test folder, and the grader's flags.
fn setup(tag: &str) -> (PathBuf, Vec<String>) {
    let (class, solution, bugs) = final_class(tag);
    let staff = class.with_file_name(format!("{tag}-staff"));
    let _ = std::fs::remove_dir_all(&staff);
    std::fs::create_dir_all(&staff).unwrap();
    std::fs::rename(&solution, staff.join("solution")).unwrap();
    std::fs::rename(&bugs, staff.join("bugs")).unwrap();
    let points = class.with_file_name(format!("{tag}-points.toml"));
    std::fs::write(&points, POINTS).unwrap();
    let args = course_args(&[
        "--parts",
        "system,public,adt,unit-tests",
        "--unit-tests",
        &staff.display().to_string(),
        "--points",
        &points.display().to_string(),
    ]);
    (class.join("ben"), args)
}

/// The course, its files and one scenario, then `more`.
fn course_args(more: &[&str]) -> Vec<String> {
    let course = course();
    let mut args = vec![
        "--rules",
        "eecs280",
        "--course-files",
        &course,
        "--scenarios",
        "scenarios/eecs280/official-test00-adi.yaml",
    ];
    args.extend(more);
    args.into_iter().map(String::from).collect()
}

fn init(platform: &str, args: &[String], dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    Upcard::new()
        .args(["autograder", "init", "--platform", platform])
        .args(args.iter().map(String::as_str))
        .arg_path(dir)
        .run();
}

/// Copies the submission's files, flat, into `dir`.
fn submit(ben: &Path, dir: &Path) {
    for e in std::fs::read_dir(ben).unwrap().flatten() {
        std::fs::copy(e.path(), dir.join(e.file_name())).unwrap();
    }
}

fn bash(cmd: &str, dir: &Path) -> (Option<i32>, String) {
    let o = Command::new("bash")
        .args(["-c", cmd])
        .current_dir(dir)
        .output()
        .unwrap();
    (
        o.status.code(),
        String::from_utf8_lossy(&o.stdout).into_owned(),
    )
}

/// Gradescope's results for ben, as `run_autograder` writes them.
fn gradescope(ben: &Path, args: &[String], root: &Path) -> Vec<Scored> {
    init("gradescope", args, &root.join("source"));
    std::fs::create_dir_all(root.join("submission")).unwrap();
    submit(ben, &root.join("submission"));
    let o = Command::new("bash")
        .arg(root.join("source/run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", root)
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let v: serde_json::Value =
        serde_json::from_slice(&std::fs::read(root.join("results/results.json")).unwrap()).unwrap();
    crate::platforms::check_gradescope_results(&v);
    v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["status"] == "passed",
                t["max_score"].as_f64().unwrap() as u64,
            )
        })
        .collect()
}

/// autograder.io's: the suite's files in one folder with the student's, the
/// setup command, then each test case's command; and the Card_less case's output.
fn autograder_io(ben: &Path, args: &[String], root: &Path) -> (Vec<Scored>, String) {
    let project = root.join("project");
    init("autograder-io", args, &project);
    let sandbox = root.join("sandbox");
    let suite = &crate::common::autograder_io_sandbox(&project, &sandbox);
    submit(ben, &sandbox);
    let setup = bash(suite["setup_cmd"].as_str().unwrap(), &sandbox);
    assert_eq!(setup.0, Some(0), "{}", setup.1);
    let mut said = String::new();
    let scored = suite["test_cases"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|c| {
            let name = c["name"].as_str().unwrap().to_string();
            let (code, out) = bash(c["cmd"].as_str().unwrap(), &sandbox);
            if name == "Card: Card_less(a, b, trump)" {
                said = out;
            }
            let points = c["return_code"]["points"].as_u64().unwrap();
            (name, code == Some(0), points)
        })
        .collect();
    (scored, said)
}

/// GitHub Classroom's: the template and the student's files in one
/// repository, the workflow's run steps, then each command test, with the
/// runner's temporary folder where the workflow names it.
fn github_classroom(ben: &Path, args: &[String], root: &Path) -> Vec<Scored> {
    let repo = root.join("repo");
    init("github-classroom", args, &repo);
    submit(ben, &repo);
    let temp = root.join("runner-temp");
    std::fs::create_dir_all(&temp).unwrap();
    let text = std::fs::read_to_string(repo.join(".github/workflows/classroom.yml")).unwrap();
    let w: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let runner = |s: &str| s.replace("${{ runner.temp }}", &temp.display().to_string());
    let mut scored = Vec::new();
    for s in w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap()
    {
        if let Some(run) = s["run"].as_str() {
            bash(&runner(run), &repo);
        }
        if s["uses"] == "classroom-resources/autograding-command-grader@v1" {
            let with = &s["with"];
            let (code, _) = bash(&runner(with["command"].as_str().unwrap()), &repo);
            scored.push((
                with["test-name"].as_str().unwrap().to_string(),
                code == Some(0),
                with["max-score"].as_u64().unwrap(),
            ));
        }
    }
    scored
}

#[test]
fn one_command_platforms_grade_the_parts_as_gradescope() {
    let (ben, args) = setup("one-command");
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("one-command");
    let _ = std::fs::remove_dir_all(&root);
    let gs = gradescope(&ben, &args, &root.join("gradescope"));
    // A scenario, 5 public tests, 36 of upcard's, one bug.
    assert_eq!(gs.len(), 1 + 5 + 36 + 1);
    let by = |n: &str| gs.iter().find(|t| t.0 == n).unwrap().clone();
    assert_eq!(
        by("official-test00-adi"),
        ("official-test00-adi".into(), true, 3)
    );
    let less = "Card: Card_less(a, b, trump)";
    assert_eq!(by(less), (less.into(), false, 1));
    assert_eq!(
        by("Card_public_tests.cpp test_card_ctor"),
        ("Card_public_tests.cpp test_card_ctor".into(), true, 2)
    );
    assert_eq!(
        by("bug no-left-bower"),
        ("bug no-left-bower".into(), true, 5)
    );
    let (agio, said) = autograder_io(&ben, &args, &root.join("autograder-io"));
    assert_eq!(agio, gs);
    assert_eq!(
        said,
        "Card: Card_less(a, b, trump): wrong in 24 of 2304 cases\n\
         `Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false: with \
         Spades trump the Jack of Clubs is the left bower, second only to the right bower\n"
    );
    assert_eq!(github_classroom(&ben, &args, &root.join("classroom")), gs);
}

/// Points a platform cannot give are refused when the grader is made,
/// naming the test: upcard's 36 tests cannot share 20 whole points.
#[test]
fn one_command_platforms_refuse_fractions_of_a_point() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("one-command-fraction");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let points = dir.join("points.toml");
    std::fs::write(&points, "[adt]\ntotal = 20\n").unwrap();
    for platform in ["autograder-io", "github-classroom"] {
        let out = dir.join(platform);
        let title = if platform == "autograder-io" {
            "autograder.io"
        } else {
            "GitHub Classroom"
        };
        Upcard::new()
            .args(["autograder", "init", "--platform", platform])
            .args(["--rules", "eecs280", "--course-files", &course()])
            .args(["--scenarios", "scenarios/eecs280/official-test00-adi.yaml"])
            .args(["--parts", "adt", "--points"])
            .arg_path(&points)
            .arg_path(&out)
            .status(2)
            .stderr_is(&format!(
                "upcard: Card: Card(): {title} gives whole points, and its points are \
                 0.5555555555555556 (give whole points in the points file, e.g. `each`, or \
                 weights)\n"
            ))
            .run();
        assert!(!out.exists(), "nothing is written");
    }
}

/// The checkpoint on autograder.io: no scenario and no build (there is no
/// euchre.cpp), the public tests a point each and upcard's worth nothing;
/// a test whose report is missing fails and says why, a report that is not
/// one is refused.
#[test]
fn a_checkpoint_on_autograder_io_grades_the_classes_alone() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("one-command-checkpoint");
    let _ = std::fs::remove_dir_all(&root);
    let class = super::adt::eecs280_class("one-command-checkpoint");
    let args = course_args(&["--checkpoint"]);
    let setup = std::fs::read_to_string({
        init("autograder-io", &args, &root.join("project"));
        root.join("project/upcard-setup.sh")
    })
    .unwrap();
    assert!(!setup.contains("upcard build"), "{setup}");
    let (scored, said) = autograder_io(&class.join("ben"), &args, &root);
    assert_eq!(scored.len(), 5 + 36);
    assert_eq!(
        scored[0],
        ("Card_public_tests.cpp test_card_ctor".into(), true, 1)
    );
    let wrong: Vec<&Scored> = scored.iter().filter(|t| !t.1).collect();
    assert_eq!(wrong.len(), 4, "{wrong:?}");
    assert!(wrong.iter().all(|t| t.2 == 0), "{wrong:?}");
    assert!(said.starts_with("Card: Card_less(a, b, trump): wrong in 24 of 2304 cases\n"));
    let sandbox = root.join("sandbox");
    std::fs::remove_file(sandbox.join("upcard-parts.json")).unwrap();
    let verdict = |u: Upcard| {
        u.current_dir(&sandbox)
            .args([
                "autograder",
                "verdict",
                "upcard-parts.json",
                "--part",
                "adt",
            ])
            .args(["Card: Card()"])
    };
    verdict(Upcard::new())
        .status(1)
        .stderr_is(
            "upcard: upcard-parts.json: No such file or directory (os error 2): the parts were \
             not graded (the setup's output says why)\n",
        )
        .run();
    std::fs::write(sandbox.join("upcard-parts.json"), "{\"tests\": 3}\n").unwrap();
    verdict(Upcard::new())
        .status(2)
        .stderr_is(
            "upcard: upcard-parts.json: invalid type: integer `3`, expected a sequence at line 1 \
             column 11\n",
        )
        .run();
}
