//! `upcard autograder init` with the bundled library, as a TA runs it first:
//! from the project's folder, no `--scenarios`. Each platform's generated
//! grader is then run, as its platform runs it, on a correct student-style
//! program (tests/integration/programs/euchre.cpp) and on the same program
//! with one bug planted, and must pass every scenario of the first and fail
//! exactly the scenarios the bug shows in of the second.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tester::Upcard;

/// The student program, with a bug switched on when `bug` names one.
fn submission(bug: Option<&str>) -> String {
    let src = std::fs::read_to_string(format!(
        "{}/tests/integration/programs/euchre.cpp",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    match bug {
        Some(b) => format!("#define {b}\n{src}"),
        None => src,
    }
}

/// The scenarios `upcard grade` passes and fails for this program, graded
/// directly: what every platform's results must agree with.
fn expected(bug: Option<&str>, rules: &str) -> BTreeMap<String, bool> {
    let dir = scratch(&format!("direct-{rules}-{}", bug.unwrap_or("none")));
    std::fs::write(dir.join("euchre.cpp"), submission(bug)).unwrap();
    let exe = dir.join("euchre.exe");
    crate::common::system_packages();
    let built = Command::new("g++")
        .args(["-std=c++17", "-O1", "-o"])
        .arg(&exe)
        .arg(dir.join("euchre.cpp"))
        .status()
        .unwrap();
    assert!(built.success());
    let ran = Upcard::new()
        .args(["grade", "--rules", rules, "--exe"])
        .arg_path(&exe)
        .args(["scenarios"])
        .status(if bug.is_some() { 1 } else { 0 })
        .run();
    ran.text()
        .lines()
        .filter_map(|l| {
            let (verdict, rest) = l.split_once(' ')?;
            let name = rest.split(' ').next()?.to_string();
            match verdict {
                "PASS" => Some((name, true)),
                "FAIL" => Some((name, false)),
                _ => None,
            }
        })
        .collect()
}

fn scratch(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("upcard-deploy-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn init(platform: &str, rules: &str, dir: &Path) -> String {
    let ran = Upcard::new()
        .args(crate::common::init_args(platform, rules))
        .arg_path(dir)
        .run();
    ran.text()
}

fn bash(script: &Path, root: &Path) {
    let out = Command::new("bash")
        .arg(script)
        .env("UPCARD_AUTOGRADER_ROOT", root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

fn read_json(p: &Path) -> serde_json::Value {
    serde_json::from_str(&std::fs::read_to_string(p).unwrap()).unwrap()
}

/// Gradescope: run_autograder with the tree at a temporary root.
fn gradescope(root: &Path, rules: &str, cpp: &str) -> BTreeMap<String, bool> {
    let said = init("gradescope", rules, &root.join("source"));
    assert!(said.starts_with("wrote a Gradescope autograder"), "{said}");
    std::fs::create_dir_all(root.join("submission")).unwrap();
    write_submission(&root.join("submission"), cpp);
    bash(&root.join("source/run_autograder"), root);
    let r = read_json(&root.join("results/results.json"));
    crate::platforms::check_gradescope_results(&r);
    r["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["status"] == "passed",
            )
        })
        .collect()
}

/// PrairieLearn: the question's tests/ at ROOT/tests, the files at
/// ROOT/student, run.sh as the entrypoint.
fn prairielearn(root: &Path, rules: &str, cpp: &str) -> BTreeMap<String, bool> {
    let question = root.join("question");
    let said = init("prairielearn", rules, &question);
    assert!(
        said.starts_with("wrote a PrairieLearn autograder"),
        "{said}"
    );
    std::fs::rename(question.join("tests"), root.join("tests")).unwrap();
    std::fs::create_dir_all(root.join("student")).unwrap();
    write_submission(&root.join("student"), cpp);
    bash(&root.join("tests/run.sh"), root);
    let r = read_json(&root.join("results/results.json"));
    crate::platforms::check_prairielearn_results(&r);
    assert_eq!(r["gradable"], true, "{r}");
    r["tests"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| {
            (
                t["name"].as_str().unwrap().to_string(),
                t["points"] == t["max_points"],
            )
        })
        .collect()
}

fn shell(cmd: &str, dir: &Path) -> Option<i32> {
    Command::new("bash")
        .args(["-c", cmd])
        .current_dir(dir)
        .output()
        .unwrap()
        .status
        .code()
}

/// autograder.io: the suite's files in one folder, its setup command, then
/// each test case's command (passed when it exits 0).
fn autograder_io(root: &Path, rules: &str, cpp: &str) -> BTreeMap<String, bool> {
    let project = root.join("project");
    let said = init("autograder-io", rules, &project);
    assert!(
        said.starts_with("wrote an autograder.io autograder"),
        "{said}"
    );
    let sandbox = root.join("sandbox");
    let suite = &crate::common::autograder_io_sandbox(&project, &sandbox);
    write_submission(&sandbox, cpp);
    assert_eq!(
        shell(suite["setup_cmd"].as_str().unwrap(), &sandbox),
        Some(0)
    );
    suite["test_cases"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_string(),
                shell(c["cmd"].as_str().unwrap(), &sandbox) == Some(0),
            )
        })
        .collect()
}

/// GitHub Classroom: the template repository with the student's file, the
/// Build step, then each test step's command.
fn github_classroom(root: &Path, rules: &str, cpp: &str) -> BTreeMap<String, bool> {
    let repo = root;
    let said = init("github-classroom", rules, repo);
    assert!(
        said.starts_with("wrote a GitHub Classroom autograder"),
        "{said}"
    );
    let w: serde_yaml::Value = serde_yaml::from_str(
        &std::fs::read_to_string(repo.join(".github/workflows/classroom.yml")).unwrap(),
    )
    .unwrap();
    write_submission(repo, cpp);
    let steps = w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap();
    assert_eq!(shell(steps[1]["run"].as_str().unwrap(), repo), Some(0));
    steps
        .iter()
        .filter(|s| {
            s["uses"]
                .as_str()
                .is_some_and(|u| u.contains("command-grader"))
        })
        .map(|s| {
            (
                s["with"]["test-name"].as_str().unwrap().to_string(),
                shell(s["with"]["command"].as_str().unwrap(), repo) == Some(0),
            )
        })
        .collect()
}

type Platform = fn(&Path, &str, &str) -> BTreeMap<String, bool>;

/// Runs `platform`'s grader on a submission of `cpp` in a fresh tree,
/// removed once read (each tree holds a copy of upcard).
fn graded(
    name: &str,
    platform: Platform,
    rules: &str,
    cpp: &str,
    tag: &str,
) -> BTreeMap<String, bool> {
    let root = scratch(&format!("{name}-{rules}-{tag}"));
    let got = platform(&root, rules, cpp);
    let _ = std::fs::remove_dir_all(&root);
    got
}

const PLATFORMS: [(&str, Platform); 4] = [
    ("gradescope", gradescope),
    ("prairielearn", prairielearn),
    ("autograder-io", autograder_io),
    ("github-classroom", github_classroom),
];

#[test]
fn every_platform_grades_the_bundled_eecs280_library() {
    let good = expected(None, "eecs280");
    // Each official game once: the 2018 names are opt-in, not deployed.
    assert_eq!(good.len(), 17, "{good:?}");
    assert!(!good.keys().any(|k| k.ends_with("-alice")), "{good:?}");
    assert!(good.values().all(|&p| p), "{good:?}");
    let bug = "BUG_LEFT_BOWER_KEEPS_PRINTED_SUIT";
    let bad = expected(Some(bug), "eecs280");
    let failing: Vec<&String> = bad.iter().filter(|(_, p)| !**p).map(|(n, _)| n).collect();
    assert!(
        !failing.is_empty() && failing.len() < bad.len(),
        "{failing:?}"
    );
    for (name, platform) in PLATFORMS {
        assert_eq!(
            graded(name, platform, "eecs280", &submission(None), "good"),
            good,
            "{name}"
        );
        assert_eq!(
            graded(name, platform, "eecs280", &submission(Some(bug)), "bad"),
            bad,
            "{name}"
        );
    }
}

/// A program that prints march's golden when it can read it, from where
/// each platform keeps it: on every platform the sandbox keeps it out, so it
/// passes nothing, and the goldens are unchanged.
#[test]
fn no_platform_lets_a_program_read_the_goldens() {
    let cheat = "#include <cstdio>\n\
        int main() { const char *paths[] = { @CANDIDATES@ };\n\
        for (const char *p : paths) { FILE *f = std::fopen(p, \"r\"); if (!f) continue;\n\
        int c; while ((c = std::fgetc(f)) != EOF) std::putchar(c); return 0; }\n\
        return 1; }\n";
    let golden = std::fs::read("golden/eecs280/march.out").unwrap();
    for (name, platform) in PLATFORMS {
        let got = graded(name, platform, "eecs280", cheat, "cheat");
        assert_eq!(got.get("march"), Some(&false), "{name}: {got:?}");
        assert!(got.values().all(|&p| !p), "{name}: {got:?}");
    }
    assert_eq!(std::fs::read("golden/eecs280/march.out").unwrap(), golden);
}

/// CS 246 has no public program: the passing submission is upcard itself,
/// which is the CS 246 program when started as `euchre` (its Makefile
/// copies it in, as a student's Makefile builds theirs), and the failing one
/// prints nothing. Every platform passes the first on every scenario it
/// deploys and fails the second on every one.
#[test]
fn every_platform_grades_the_bundled_cs246_library() {
    // The build runs in the sandbox, which sees only the submission's files:
    // the reference travels in the submission (stripped, to stay small; named
    // so that every platform's student-file patterns take it).
    let makefile = "euchre:\n\tcp reference.h euchre\n\tchmod +x euchre\n";
    let silent = "int main() { return 0; }\n";
    for (name, platform) in PLATFORMS {
        let good = platform_with_makefile(name, platform, makefile);
        assert!(good.len() >= 11, "{name}: {good:?}");
        assert!(good.values().all(|&p| p), "{name}: {good:?}");
        let bad = graded(name, platform, "cs246", silent, "silent");
        assert_eq!(
            bad.keys().collect::<Vec<_>>(),
            good.keys().collect::<Vec<_>>()
        );
        assert!(bad.values().all(|&p| !p), "{name}: {bad:?}");
    }
}

/// A CS 246 submission of a Makefile alone (and an unused source, as the
/// platforms want one).
fn platform_with_makefile(
    name: &str,
    platform: Platform,
    makefile: &str,
) -> BTreeMap<String, bool> {
    MAKEFILE.with(|m| *m.borrow_mut() = Some(makefile.to_string()));
    let r = graded(
        name,
        platform,
        "cs246",
        "// the program is built by the Makefile\n",
        "reference",
    );
    MAKEFILE.with(|m| *m.borrow_mut() = None);
    r
}

thread_local! {
    /// A Makefile the next submission carries beside its source.
    static MAKEFILE: std::cell::RefCell<Option<String>> = const { std::cell::RefCell::new(None) };
}

/// Writes a submission's files into `dir`: the source, and the Makefile
/// when the test asked for one.
fn write_submission(dir: &Path, cpp: &str) {
    // A cheat names the goldens where each platform keeps them, beside
    // the submission: @CANDIDATES@ becomes those paths as a C array.
    let mut paths = Vec::new();
    for base in [dir, dir.parent().unwrap()] {
        for sub in ["golden", "source/golden", "tests/golden"] {
            let p = base.join(sub).join("eecs280/march.out");
            paths.push(serde_json::to_string(p.to_str().unwrap()).unwrap());
        }
    }
    let cpp = cpp.replace("@CANDIDATES@", &paths.join(", "));
    std::fs::write(dir.join("euchre.cpp"), cpp).unwrap();
    MAKEFILE.with(|m| {
        if let Some(text) = &*m.borrow() {
            std::fs::write(dir.join("Makefile"), text).unwrap();
            std::fs::copy(reference(), dir.join("reference.h")).unwrap();
        }
    });
}

/// upcard without its debug information, made once.
fn reference() -> &'static Path {
    static REFERENCE: std::sync::OnceLock<PathBuf> = std::sync::OnceLock::new();
    REFERENCE.get_or_init(|| {
        let p = scratch("reference").join("upcard");
        std::fs::copy(env!("CARGO_BIN_EXE_upcard"), &p).unwrap();
        let st = Command::new("strip").arg(&p).status().unwrap();
        assert!(st.success());
        p
    })
}
