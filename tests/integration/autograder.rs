//! `upcard autograder init --platform gradescope`: the generated
//! run_autograder, in a temporary tree standing in for /autograder, builds
//! real C++ submissions with g++ and writes Gradescope's results.json.

use std::path::{Path, PathBuf};
use std::process::Command;

use crate::tester::Upcard;

const SCENARIO: &str = "scenarios/eecs280/euchred.yaml";

fn tree(name: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("upcard-autograder-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(d.join("submission")).unwrap();
    d
}

/// Initialises the autograder as `<root>/source`, puts `euchre.cpp` in the
/// submission, runs run_autograder and returns results.json.
fn grade_submission(name: &str, cpp: &str) -> serde_json::Value {
    grade_files(name, &[("euchre.cpp", cpp)])
}

/// As `grade_submission`, with the submission's files given.
fn grade_files(name: &str, files: &[(&str, &str)]) -> serde_json::Value {
    grade_with(name, files, &[])
}

/// As `grade_files`, with more of `autograder init`'s options.
fn grade_with(name: &str, files: &[(&str, &str)], init: &[&str]) -> serde_json::Value {
    let root = tree(name);
    let source = root.join("source");
    let ran = Upcard::new()
        .args(crate::common::init_args("gradescope", "eecs280"))
        .args(["--scenarios", SCENARIO])
        .args(init)
        .arg_path(&source)
        .run();
    assert!(
        ran.text()
            .starts_with("wrote a Gradescope autograder for eecs280 (1 scenario,"),
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
    for (f, text) in files {
        std::fs::write(root.join("submission").join(f), text).unwrap();
    }
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

/// A grader installed where the platform does not put it, or given no
/// submission, exits non-zero with the reason (the platform shows its own
/// error), never 0 with no results.
#[test]
fn a_misplaced_grader_says_so_and_fails() {
    let root = tree("misplaced");
    let source = root.join("source");
    Upcard::new()
        .args(crate::common::init_args("gradescope", "eecs280"))
        .args(["--scenarios", SCENARIO])
        .arg_path(&source)
        .run();
    std::fs::remove_dir_all(root.join("submission")).unwrap();
    let out = Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8_lossy(&out.stderr),
        format!(
            "upcard: {}/submission is missing: this autograder is not installed where Gradescope \
             puts it\n",
            root.display()
        )
    );
    assert!(!root.join("results/results.json").exists());
    let elsewhere = root.join("nowhere");
    let out = Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &elsewhere)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1));
    assert!(
        String::from_utf8_lossy(&out.stderr).ends_with(&format!(
            "upcard: {}/source/bin/upcard is missing: this autograder is not installed where \
             Gradescope puts it\n",
            elsewhere.display()
        )),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
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

/// The generated grader compares as the course does (`diff -B`): a
/// program that drops a blank line passes, said not byte for byte; made
/// with `--compare exact`, the grader fails it.
#[test]
fn the_grader_compares_as_the_course_unless_told() {
    let golden = String::from_utf8(
        std::fs::read(format!(
            "{}/golden/eecs280/euchred.out",
            env!("CARGO_MANIFEST_DIR")
        ))
        .unwrap(),
    )
    .unwrap();
    let dropped = golden.replacen("\n\n", "\n", 1);
    let cpp = format!(
        "#include <cstdio>\nint main() {{ std::fputs({}, stdout); return 0; }}\n",
        crate::common::c_string(dropped.as_bytes())
    );
    let line = golden.lines().position(str::is_empty).unwrap() + 1;
    let r = grade_with("compare-course", &[("euchre.cpp", &cpp)], &[]);
    assert_eq!(r["tests"][0]["status"], "passed", "{r}");
    let said = format!(
        "as diff -B compares; not byte for byte: the golden's blank line {line} is missing"
    );
    assert!(
        r["tests"][0]["output"].as_str().unwrap().contains(&said),
        "{r}"
    );
    let r = grade_with(
        "compare-exact",
        &[("euchre.cpp", &cpp)],
        &["--compare", "exact"],
    );
    assert_eq!(r["tests"][0]["status"], "failed", "{r}");
    assert_eq!(r["score"], 0.0, "{r}");
}

/// A real submission holds the students' own test files (each with a main)
/// and a Makefile: the course builds its four sources with its own flags.
#[test]
fn the_build_is_the_courses_not_the_submissions() {
    let golden = std::fs::read(format!(
        "{}/golden/eecs280/euchred.out",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    // Comparing signed with unsigned: an error under -Wall -Werror unless
    // -Wno-sign-compare, which the course's Makefile passes.
    let cpp = format!(
        "#include <cstdio>\n#include <string>\nint main() {{\n    std::string s = {};\n    \
         for (int i = 0; i < s.size(); ++i) std::putchar(s[i]);\n    return 0;\n}}\n",
        crate::common::c_string(&golden)
    );
    let r = grade_files(
        "course-build",
        &[
            ("euchre.cpp", &cpp),
            ("Card_tests.cpp", "int main() { return 0; }\n"),
            (
                "Makefile",
                "euchre.exe:\n\tcat /nonexistent/golden > euchre.exe\n",
            ),
        ],
    );
    assert_eq!(r["score"], 1.0, "{r}");
    // A name that differs only in case: said plainly.
    let r = grade_files(
        "case",
        &[
            ("euchre.cpp", &cpp),
            ("player.cpp", "int helper() { return 1; }\n"),
        ],
    );
    assert_eq!(r["score"], 0.0);
    assert!(
        r["output"].as_str().unwrap().ends_with(
            "Player.cpp is missing: found player.cpp, but file names are case-sensitive here; rename it Player.cpp\n\
             the build failed (exit status 1)"
        ),
        "{r}"
    );
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
        .args(crate::common::init_args("gradescope", "cs246"))
        .args(["--scenarios", "scenarios/cs246/alone-from-seat-1.yaml"])
        .arg_path(&root.join("out"))
        .status(2)
        .stderr_is(
            "upcard: left out 1 of 1 scenarios: four computer players (human: false) is upcard's setting, not the course program's\n\
             upcard: no cs246 scenario a course program can run, so no autograder was written\n",
        )
        .run();
}

/// A project of its own: `scenarios/eecs280/x.yaml` whose pack (or golden)
/// is wherever `pack`/`golden` say, relative to the scenario.
fn outside_project(name: &str, pack: &str, golden: &str) -> PathBuf {
    let root = tree(name);
    let project = root.join("project");
    std::fs::create_dir_all(project.join("scenarios/eecs280")).unwrap();
    std::fs::create_dir_all(project.join("golden/eecs280")).unwrap();
    let manifest = env!("CARGO_MANIFEST_DIR");
    let real_pack =
        std::fs::read(format!("{manifest}/golden/eecs280/v2020-2026_adi/pack.in")).unwrap();
    std::fs::write(root.join("pack.in"), &real_pack).unwrap();
    std::fs::write(project.join("golden/pack.in"), &real_pack).unwrap();
    let out = std::fs::read(format!("{manifest}/golden/eecs280/euchred.out")).unwrap();
    std::fs::write(root.join("x.out"), &out).unwrap();
    std::fs::write(project.join("golden/eecs280/x.out"), &out).unwrap();
    let text = std::fs::read_to_string(format!("{manifest}/{SCENARIO}")).unwrap();
    let mut y: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    y["name"] = "x".into();
    let e = y["eecs280"].as_mapping_mut().unwrap();
    e.remove("pack");
    e.insert("pack_file".into(), pack.into());
    y["expect"]["golden"] = golden.into();
    std::fs::write(
        project.join("scenarios/eecs280/x.yaml"),
        serde_yaml::to_string(&y).unwrap(),
    )
    .unwrap();
    project
}

#[test]
fn init_takes_files_anywhere_inside_the_project_and_nothing_outside() {
    let init = |project: &Path| {
        Upcard::new().current_dir(project).args([
            "autograder",
            "init",
            "--platform",
            "gradescope",
            "--rules",
            "eecs280",
            "ag",
        ])
    };
    // `..` that stays inside the project is fine, and the copy keeps the layout.
    let p = outside_project(
        "inside",
        "../../golden/pack.in",
        "../../golden/eecs280/x.out",
    );
    init(&p).run();
    assert!(p.join("ag/golden/pack.in").is_file());
    assert!(p.join("ag/golden/eecs280/x.out").is_file());
    // A pack beside the project is refused, naming the field.
    let p = outside_project("pack", "../../../pack.in", "../../golden/eecs280/x.out");
    init(&p)
        .status(2)
        .stderr_is(&format!(
            "upcard: scenarios/eecs280/x.yaml: its eecs280.pack_file scenarios/eecs280/../../../pack.in is outside the project {}: upcard writes and copies only the project's own files\n",
            p.display()
        ))
        .run();
    assert!(!p.join("ag").exists(), "nothing is written");
    let p = outside_project("golden", "../../golden/pack.in", "../../../x.out");
    let ran = init(&p).status(2).run();
    assert!(
        ran.stderr.contains(
            "its golden (expect.golden) scenarios/eecs280/../../../x.out is outside the project"
        ),
        "{}",
        ran.stderr
    );
    // A link inside the project that leads out of it is refused too.
    let p = outside_project("link", "../../golden/link.in", "../../golden/eecs280/x.out");
    std::os::unix::fs::symlink(
        p.parent().unwrap().join("pack.in"),
        p.join("golden/link.in"),
    )
    .unwrap();
    let ran = init(&p).status(2).run();
    assert!(
        ran.stderr.contains(
            "its eecs280.pack_file scenarios/eecs280/../../golden/link.in is outside the project"
        ),
        "{}",
        ran.stderr
    );
}

/// `--platform github-classroom`: the workflow's steps, and each test's
/// command run as the command grader runs it, in the template repository.
#[test]
fn github_classroom_workflow_runs_one_test_per_scenario() {
    let repo = tree("classroom").join("repo");
    Upcard::new()
        .args(crate::common::init_args("github-classroom", "eecs280"))
        .args([
            "--scenarios",
            SCENARIO,
            "--scenarios",
            "scenarios/eecs280/march.yaml",
        ])
        .arg_path(&repo)
        .run();
    let steps = &crate::common::classroom_steps(&repo);
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

/// A C++ program that prints euchred's golden.
fn euchred_cpp() -> String {
    let golden = std::fs::read(format!(
        "{}/golden/eecs280/euchred.out",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    format!(
        "#include <cstdio>\nint main() {{ std::fputs({}, stdout); return 0; }}\n",
        crate::common::c_string(&golden)
    )
}

fn init(platform: &str, dir: &Path, scenarios: &[&str]) -> String {
    let mut u = Upcard::new().args(crate::common::init_args(platform, "eecs280"));
    for s in scenarios {
        u = u.args(["--scenarios", s]);
    }
    u.arg_path(dir).run().text()
}

/// `--platform prairielearn`: the question's run.sh, run as PrairieLearn
/// runs it (tests/ at ROOT/tests, the files at ROOT/student), writes
/// results.json in PrairieLearn's format.
fn prairielearn_results(name: &str, cpp: &str) -> serde_json::Value {
    let root = tree(name);
    let question = root.join("question");
    let said = init(
        "prairielearn",
        &question,
        &[SCENARIO, "scenarios/eecs280/march.yaml"],
    );
    assert!(
        said.starts_with("wrote a PrairieLearn autograder for eecs280 (2 scenarios"),
        "{said}"
    );
    let info: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(question.join("info.json")).unwrap())
            .unwrap();
    let grading = &info["externalGradingOptions"];
    assert_eq!(grading["entrypoint"], "/grade/tests/run.sh");
    assert_eq!(info["gradingMethod"], "External");
    let html = std::fs::read_to_string(question.join("question.html")).unwrap();
    assert!(
        html.contains("<pl-file-upload optional-file-patterns=\"*.cpp, *.hpp, *.h, Makefile\">"),
        "{html}"
    );
    // PrairieLearn copies the question's tests/ to /grade/tests.
    std::fs::rename(question.join("tests"), root.join("tests")).unwrap();
    std::fs::create_dir_all(root.join("student")).unwrap();
    std::fs::write(root.join("student/euchre.cpp"), cpp).unwrap();
    let out = Command::new("bash")
        .arg(root.join("tests/run.sh"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_str(&std::fs::read_to_string(root.join("results/results.json")).unwrap())
        .unwrap()
}

#[test]
fn prairielearn_question_grades_a_submission() {
    let r = prairielearn_results("pl-good", &euchred_cpp());
    assert_eq!(r["gradable"], true);
    assert_eq!(r["score"], 0.5, "{r}");
    assert_eq!(r["message"], "1 of 2 tests passed");
    let tests = r["tests"].as_array().unwrap();
    assert_eq!(
        (
            &tests[0]["name"],
            &tests[0]["points"],
            &tests[0]["max_points"]
        ),
        (
            &serde_json::json!("euchred"),
            &serde_json::json!(1.0),
            &serde_json::json!(1.0)
        )
    );
    assert_eq!(tests[1]["name"], "march");
    assert_eq!(tests[1]["points"], 0.0);
    assert_eq!(tests[1]["message"], "wrong output");
    assert!(
        tests[1]["output"]
            .as_str()
            .unwrap()
            .contains("first difference: expected line 4, actual line 4"),
        "{}",
        tests[1]["output"]
    );
}

#[test]
fn prairielearn_a_submission_that_does_not_compile_is_not_gradable() {
    let r = prairielearn_results("pl-broken", "int main() { return undeclared; }\n");
    assert_eq!(r["gradable"], false);
    let e = r["format_errors"][0].as_str().unwrap();
    assert!(
        e.starts_with("Your submission did not compile, so no test ran.\n\n")
            && e.contains("euchre.cpp:1:21: error: "),
        "{e}"
    );
}

/// `--platform autograder-io`: agproject.yml names the instructor files
/// and one test per scenario; the suite's setup command and each test's
/// command, run as autograder.io runs them (instructor and student files in
/// one directory), build the submission and pass or fail it.
#[test]
fn autograder_io_project_runs_one_test_per_scenario() {
    let root = tree("agio");
    let project = root.join("project");
    let said = init(
        "autograder-io",
        &project,
        &[SCENARIO, "scenarios/eecs280/march.yaml"],
    );
    assert!(
        said.starts_with("wrote an autograder.io autograder for eecs280 (2 scenarios, 5 files)"),
        "{said}"
    );
    let text = std::fs::read_to_string(project.join("agproject.yml")).unwrap();
    let y: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let suite = &y["project"]["test_suites"][0];
    let needed: Vec<&str> = suite["instructor_files_needed"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap())
        .collect();
    assert_eq!(
        needed,
        [
            "upcard",
            "upcard-build.sh",
            "upcard-setup.sh",
            "upcard-tests.tar"
        ]
    );
    let listed: Vec<&str> = y["project"]["instructor_files"]
        .as_sequence()
        .unwrap()
        .iter()
        .map(|f| f["local_path"].as_str().unwrap())
        .collect();
    assert_eq!(listed, needed);
    let cases = suite["test_cases"].as_sequence().unwrap();
    assert_eq!(cases.len(), 2);
    assert_eq!(cases[0]["name"], "euchred");
    assert_eq!(cases[0]["return_code"]["expected"], "zero");
    assert_eq!(cases[0]["return_code"]["points"], 1);
    assert_eq!(cases[0]["feedback"]["normal"], "pass/fail+output");
    // The sandbox autograder.io makes for the suite: its files in one folder.
    let sandbox = root.join("sandbox");
    std::fs::create_dir_all(&sandbox).unwrap();
    for f in &needed {
        std::fs::copy(project.join(f), sandbox.join(f)).unwrap();
    }
    std::fs::write(sandbox.join("euchre.cpp"), euchred_cpp()).unwrap();
    let run = |cmd: &str| {
        let o = Command::new("bash")
            .args(["-c", cmd])
            .current_dir(&sandbox)
            .output()
            .unwrap();
        (
            o.status.code(),
            String::from_utf8_lossy(&o.stdout).into_owned(),
        )
    };
    let setup = run(suite["setup_cmd"].as_str().unwrap());
    assert_eq!(setup.0, Some(0), "{}", setup.1);
    let euchred = run(cases[0]["cmd"].as_str().unwrap());
    assert_eq!(
        euchred,
        (Some(0), "PASS euchred\n\n1 passed, 0 failed\n".to_string())
    );
    let march = run(cases[1]["cmd"].as_str().unwrap());
    assert_eq!(march.0, Some(1));
    assert!(
        march.1.starts_with("FAIL march (wrong output)\n"),
        "{}",
        march.1
    );
}

#[test]
fn autograder_io_needs_whole_points() {
    // A project of its own, with one scenario worth half a point.
    let root = tree("agio-points");
    std::fs::create_dir_all(root.join("scenarios/eecs280")).unwrap();
    std::fs::create_dir_all(root.join("golden/eecs280")).unwrap();
    let text = std::fs::read_to_string(SCENARIO).unwrap();
    std::fs::write(
        root.join("scenarios/eecs280/euchred.yaml"),
        format!("weight: 0.5\n{text}"),
    )
    .unwrap();
    std::fs::copy(
        "golden/eecs280/euchred.out",
        root.join("golden/eecs280/euchred.out"),
    )
    .unwrap();
    Upcard::new()
        .current_dir(&root)
        .args(["autograder", "init", "--platform", "autograder-io", "--rules", "eecs280", "out"])
        .status(2)
        .stderr_is(
            "upcard: scenarios/eecs280/euchred.yaml: autograder.io gives whole points, and its points are 0.5 \
             (give whole points in the points file, e.g. `each`, or weights)\n",
        )
        .run();
    assert!(!root.join("out").exists(), "nothing is written");
}

#[test]
fn cxxflags_are_written_as_shell_words() {
    let root = tree("cxxflags");
    Upcard::new()
        .args(crate::common::init_args("gradescope", "eecs280"))
        .args([
            "--scenarios",
            SCENARIO,
            "--cxxflags",
            "-O2 '-DNAME=a b' -Wall",
        ])
        .arg_path(&root.join("out"))
        .run();
    let script = std::fs::read_to_string(root.join("out/build.sh")).unwrap();
    assert!(
        script.contains("\nCXXFLAGS=(-O2 '-DNAME=a b' -Wall)\n"),
        "{script}"
    );
    Upcard::new()
        .args(crate::common::init_args("gradescope", "eecs280"))
        .args(["--scenarios", SCENARIO, "--cxxflags", "-O2 '-DX"])
        .arg_path(&root.join("bad"))
        .status(2)
        .stderr_is("upcard: --cxxflags \"-O2 '-DX\": unbalanced quotes\n")
        .run();
    assert!(!root.join("bad").exists());
}

/// The build is student code: the generated autograder builds in upcard's
/// sandbox, where neither a Makefile's recipe nor the assembler's `.incbin`
/// can reach the goldens beside it. Both cheats score 0 and the goldens are
/// unchanged; an honest program in the same tree scores full.
#[test]
fn a_build_cannot_read_or_change_the_goldens() {
    let root = tree("cheats");
    let golden = root.join("source/golden/eecs280/euchred.out");
    let incbin = format!(
        "#include <cstdio>\nextern \"C\" const char leaked[];\n\
         asm(\".globl leaked\\nleaked: .incbin \\\"{}\\\"\\n.byte 0\");\n\
         int main() {{ std::fputs(leaked, stdout); return 0; }}\n",
        golden.display()
    );
    // (grade_files makes the tree anew: the golden's path is the same.)
    let r = grade_files("cheats", &[("euchre.cpp", &incbin)]);
    assert_eq!(r["score"], 0.0, "{r}");
    let out = r["output"].as_str().unwrap();
    assert!(out.contains("file not found"), "{out}");
    let before = std::fs::read(&golden).unwrap();
    // A program that would print the golden if it could read it at run time.
    let reader = format!(
        "#include <cstdio>\nint main() {{ FILE *f = std::fopen(\"{}\", \"r\"); if (!f) return 1; \
         int c; while ((c = std::fgetc(f)) != EOF) std::putchar(c); return 0; }}\n",
        golden.display()
    );
    let r = grade_files("cheats", &[("euchre.cpp", &reader)]);
    assert_eq!(r["score"], 0.0, "{r}");
    assert_eq!(std::fs::read(&golden).unwrap(), before);
}

/// CS 246 builds run the submission's own Makefile: in the sandbox its
/// recipe can neither read nor overwrite a golden.
#[test]
fn a_cs246_makefile_cannot_reach_the_goldens() {
    let root = tree("cs246-cheat");
    let source = root.join("source");
    Upcard::new()
        .args(crate::common::init_args("gradescope", "cs246"))
        .args(["--scenarios", "scenarios/cs246/quit.yaml"])
        .arg_path(&source)
        .run();
    let golden = source.join("golden/cs246/quit.out");
    let before = std::fs::read(&golden).unwrap();
    let makefile = format!(
        "euchre:\n\tcp {g} leaked.txt || true\n\techo cheat > {g} || true\n\
         \tprintf '#!/bin/sh\\ncat leaked.txt\\n' > euchre\n\tchmod +x euchre\n",
        g = golden.display()
    );
    std::fs::write(root.join("submission/Makefile"), makefile).unwrap();
    std::fs::write(
        root.join("submission/euchre.cc"),
        "// built by the Makefile\n",
    )
    .unwrap();
    let out = Command::new("bash")
        .arg(source.join("run_autograder"))
        .env("UPCARD_AUTOGRADER_ROOT", &root)
        .output()
        .unwrap();
    assert!(out.status.success());
    let r: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(root.join("results/results.json")).unwrap())
            .unwrap();
    assert_eq!(r["score"], 0.0, "{r}");
    assert_eq!(
        std::fs::read(&golden).unwrap(),
        before,
        "the golden was changed"
    );
}

/// Scenario file names are data in the generated commands: a space, `$(…)`
/// or `${{ … }}` in one neither breaks the test nor runs anything.
#[test]
fn scenario_file_names_are_quoted_in_generated_commands() {
    let root = tree("quoted");
    let project = root.join("project");
    std::fs::create_dir_all(project.join("scenarios/eecs280")).unwrap();
    std::fs::create_dir_all(project.join("golden/eecs280")).unwrap();
    let manifest = env!("CARGO_MANIFEST_DIR");
    std::fs::copy(
        format!("{manifest}/golden/eecs280/euchred.out"),
        project.join("golden/eecs280/euchred.out"),
    )
    .unwrap();
    let hostile = "my euchred $(touch pwned) ${{ github.token }}.yaml";
    std::fs::copy(
        format!("{manifest}/{SCENARIO}"),
        project.join("scenarios/eecs280").join(hostile),
    )
    .unwrap();
    Upcard::new()
        .current_dir(&project)
        .args([
            "autograder",
            "init",
            "--platform",
            "github-classroom",
            "--rules",
            "eecs280",
            "repo",
        ])
        .run();
    let repo = project.join("repo");
    let text = std::fs::read_to_string(repo.join(".github/workflows/classroom.yml")).unwrap();
    assert!(!text.contains("${{ github.token }}"), "{text}");
    let w: serde_yaml::Value = serde_yaml::from_str(&text).unwrap();
    let steps = w["jobs"]["run-autograding-tests"]["steps"]
        .as_sequence()
        .unwrap();
    std::fs::write(repo.join("euchre.cpp"), euchred_cpp()).unwrap();
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
    // GitHub turns `${{ '${{' }}` back into `${{` before the shell runs.
    let command = steps[2]["with"]["command"]
        .as_str()
        .unwrap()
        .replace("${{ '${{' }}", "${{");
    assert!(
        command.contains(hostile.trim_end_matches(".yaml")),
        "{command}"
    );
    assert_eq!(run(&command), Some(0), "{command}");
    assert!(!repo.join("pwned").exists());
}
