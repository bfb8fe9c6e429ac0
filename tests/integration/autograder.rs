//! `upcard autograder init --platform gradescope`: the generated
//! run_autograder, in a temporary tree standing in for /autograder, builds
//! real C++ submissions with g++ and writes Gradescope's results.json.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tester::Upcard;

const SCENARIO: &str = "scenarios/eecs280/euchred.yaml";

fn tree(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-autograder-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("submission")).unwrap();
    d
}

/// Initialises the autograder as `<root>/source`, puts `euchre.cpp` in the
/// submission, runs run_autograder and returns results.json.
fn grade_submission(name: &str, cpp: &str) -> serde_json::Value {
    let root = tree(name);
    let source = root.join("source");
    let ran = Upcard::new()
        .args([
            "autograder",
            "init",
            "--platform",
            "gradescope",
            "--rules",
            "eecs280",
        ])
        .args(["--scenarios", SCENARIO])
        .arg_path(&source)
        .run();
    assert!(
        ran.text()
            .starts_with("wrote a Gradescope autograder for eecs280 (1 scenarios"),
        "{}",
        ran.text()
    );
    for f in [
        "setup.sh",
        "run_autograder",
        "build.sh",
        "bin/upcard",
        SCENARIO,
        "golden/eecs280/euchred.out",
    ] {
        assert!(source.join(f).is_file(), "{f} is missing");
    }
    std::fs::write(root.join("submission/euchre.cpp"), cpp).unwrap();
    let out = Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = std::fs::read_to_string(root.join("results/results.json")).unwrap();
    serde_json::from_str(&text).unwrap()
}

#[test]
fn a_correct_submission_scores_every_test() {
    let golden = std::fs::read(format!(
        "{}/golden/eecs280/euchred.out",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let cpp = format!(
        "#include <cstdio>\nint main() {{\n    std::fputs({}, stdout);\n    return 0;\n}}\n",
        crate::common::c_string(&golden)
    );
    let r = grade_submission("good", &cpp);
    assert_eq!(r["score"], 1.0, "{r}");
    assert_eq!(r["tests"][0]["name"], "euchred");
    assert_eq!(r["tests"][0]["status"], "passed");
}

#[test]
fn a_submission_that_does_not_compile_is_told_why() {
    let r = grade_submission("broken", "int main() { return undeclared; }\n");
    assert_eq!(r["score"], 0.0);
    assert_eq!(r["tests"], serde_json::json!([]));
    let output = r["output"].as_str().unwrap();
    assert!(
        output.starts_with("Your submission did not compile, so no test ran.\n\n"),
        "{output}"
    );
    // (g++'s quotes follow the locale.)
    assert!(
        output.contains("euchre.cpp:1:21: error: ") && output.contains("undeclared"),
        "{output}"
    );
}

#[test]
fn init_refuses_what_a_course_program_cannot_run() {
    // Four computer players is upcard's setting only.
    let root = tree("refused");
    Upcard::new()
        .args([
            "autograder",
            "init",
            "--platform",
            "gradescope",
            "--rules",
            "cs246",
        ])
        .args(["--scenarios", "scenarios/cs246/alone-from-seat-1.yaml"])
        .arg_path(&root.join("out"))
        .status(2)
        .stderr_is("upcard: no cs246 scenario a course program can run\n")
        .run();
}

/// `--platform github-classroom`: the workflow's steps, and each test's
/// command run as the command grader runs it, in the template repository.
#[test]
fn github_classroom_workflow_runs_one_test_per_scenario() {
    let repo = tree("classroom").join("repo");
    Upcard::new()
        .args([
            "autograder",
            "init",
            "--platform",
            "github-classroom",
            "--rules",
            "eecs280",
        ])
        .args([
            "--scenarios",
            SCENARIO,
            "--scenarios",
            "scenarios/eecs280/march.yaml",
        ])
        .arg_path(&repo)
        .run();
    let text = std::fs::read_to_string(repo.join(".github/workflows/classroom.yml")).unwrap();
    let w: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let steps = w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap();
    let names: Vec<&str> = steps.iter().map(|s| s["name"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "Checkout code",
            "Build",
            "euchred",
            "march",
            "Autograding Reporter"
        ]
    );
    assert_eq!(steps[4]["with"]["runners"].as_str(), Some("test-1,test-2"));
    assert_eq!(
        steps[4]["env"]["TEST-2_RESULTS"].as_str(),
        Some("${{steps.test-2.outputs.result}}")
    );
    // A student's repository: the template plus a submission that prints
    // euchred's golden; it passes euchred and fails march.
    let golden = std::fs::read(repo.join("golden/eecs280/euchred.out")).unwrap();
    std::fs::write(
        repo.join("euchre.cpp"),
        format!(
            "#include <cstdio>\nint main() {{ std::fputs({}, stdout); return 0; }}\n",
            crate::common::c_string(&golden)
        ),
    )
    .unwrap();
    let run = |cmd: &str| {
        Command::new("bash")
            .args(["-c", cmd])
            .current_dir(&repo)
            .output()
            .unwrap()
            .status
            .code()
    };
    assert_eq!(run(steps[1]["run"].as_str().unwrap()), Some(0), "the build");
    let command = |i: usize| steps[i]["with"]["command"].as_str().unwrap().to_string();
    assert_eq!(run(&command(2)), Some(0), "euchred passes");
    assert_eq!(run(&command(3)), Some(1), "march fails");
}
