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
    let st = Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .status()
        .unwrap();
    assert!(st.success());
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
