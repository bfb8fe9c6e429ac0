//! `upcard grade` on small C programs that pass, fail in each way a student
//! program fails, and misbehave; verdicts, reports and containment.

use std::path::{Path, PathBuf};
use std::process::Command;

const MARCH: &str = "scenarios/eecs280/march.yaml";
const HUMAN: &str = "scenarios/eecs280/human-dealer-discards.yaml";

fn work() -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-grade-test-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Compiles `body` (C statements; `OUT` is the golden's bytes) into `name`.
fn program(name: &str, golden: &[u8], body: &str) -> PathBuf {
    let dir = work();
    let src = dir.join(format!("{name}.c"));
    let exe = dir.join(name);
    let text = format!(
        "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n#include <time.h>\n\
         static const char OUT[] = {};\n\
         int main(int argc, char **argv) {{ (void)argc; (void)argv; {body} }}\n",
        crate::common::c_string(golden)
    );
    crate::common::compile_c(&src, &text, &exe);
    exe
}

fn golden(scenario: &str) -> Vec<u8> {
    let name = Path::new(scenario).file_stem().unwrap().to_str().unwrap();
    std::fs::read(format!("golden/eecs280/{name}.out")).unwrap()
}

struct Out {
    code: Option<i32>,
    out: String,
    err: String,
    json: serde_json::Value,
}

fn grade(exe: &Path, scenario: &str, extra: &[&str]) -> Out {
    let report = work().join(format!(
        "{}-{}.json",
        exe.file_name().unwrap().to_str().unwrap(),
        Path::new(scenario).file_stem().unwrap().to_str().unwrap()
    ));
    let report_arg = format!("json={}", report.display());
    let mut args = vec![
        "grade",
        "--exe",
        exe.to_str().unwrap(),
        scenario,
        "--report",
        &report_arg,
    ];
    args.extend(extra);
    let o = crate::common::upcard_text(Path::new("."), &args, "");
    let json = serde_json::from_str(&std::fs::read_to_string(&report).unwrap()).unwrap();
    Out {
        code: o.code,
        out: o.out,
        err: o.err,
        json,
    }
}

fn verdict(o: &Out) -> (String, String) {
    let t = &o.json["tests"][0];
    (
        t["verdict"].as_str().unwrap().to_string(),
        t["summary"].as_str().unwrap().to_string(),
    )
}

const PRINT: &str = "fwrite(OUT, 1, sizeof OUT - 1, stdout);";

#[test]
fn a_correct_program_passes() {
    let g = golden(MARCH);
    let exe = program("pass", &g, &format!("{PRINT} return 0;"));
    let r = grade(&exe, MARCH, &[]);
    assert_eq!(r.code, Some(0), "{}{}", r.out, r.err);
    assert_eq!(r.out, "PASS march\n\n1 passed, 0 failed\n");
    assert_eq!(verdict(&r), ("pass".into(), "passed".into()));
    assert_eq!(r.json["score"], 1.0);
}

#[test]
fn line_one_is_the_course_command_line() {
    // A program that prints its own argv as the course program does.
    let exe = program(
        "argv",
        b"",
        "for (int i = 0; i < argc; i++) printf(\"%s \", argv[i]); printf(\"\\n\"); return 0;",
    );
    let r = grade(&exe, MARCH, &[]);
    let stdout = r.json["tests"][0]["stdout"].as_str().unwrap();
    assert_eq!(
        stdout,
        "./euchre.exe pack.in noshuffle 1 Adi Simple Barbara Simple Chi-Chih Simple Dabbala Simple \n"
    );
}

#[test]
fn a_dropped_blank_line_passes_as_the_course_compares_and_fails_exactly() {
    let g = golden(MARCH);
    let text = String::from_utf8(g.clone()).unwrap();
    let dropped = text.replacen("\n\n", "\n", 1);
    let exe = program(
        "dropblank",
        dropped.as_bytes(),
        &format!("{PRINT} return 0;"),
    );
    let line = text.lines().position(|l| l.is_empty()).unwrap() + 1;
    // EECS 280's autograder compares as diff -B: a pass, said not exact.
    let r = grade(&exe, MARCH, &[]);
    assert_eq!(r.code, Some(0), "{}", r.out);
    let under = format!(
        "passed (as diff -B compares; not byte for byte: the golden's blank line {line} is missing)"
    );
    assert_eq!(verdict(&r), ("pass".into(), under.clone()));
    let r = grade(&exe, MARCH, &["--compare", "exact"]);
    assert_eq!(r.code, Some(1));
    assert_eq!(verdict(&r), ("fail".into(), "wrong output".into()));
    let detail = r.json["tests"][0]["detail"].as_str().unwrap();
    assert!(
        detail.starts_with(&format!(
            "near miss: the output differs from the expected only in white space and blank lines (it would pass under diff -B -w); this scenario compares exact\n\
             first difference: expected line {line}, actual line {line}\n  expected: \"\"\n"
        )),
        "{detail}"
    );
    assert_eq!(r.json["tests"][0]["near_miss"], true);
    assert!(
        r.out.starts_with(
            "FAIL march (wrong output; near miss: only white space and blank lines differ)\n"
        ),
        "{}",
        r.out
    );
    // A scenario that says how it compares wins over --compare.
    let yaml = std::fs::read_to_string(MARCH).unwrap().replace(
        "expect:\n",
        &format!(
            "expect:\n  golden: {}\n  compare: [ignore-blank-lines]\n",
            std::path::absolute("golden/eecs280/march.out")
                .unwrap()
                .display()
        ),
    );
    let copy = work().join("march-blank.yaml");
    std::fs::write(&copy, yaml).unwrap();
    let r = grade(&exe, copy.to_str().unwrap(), &["--compare", "exact"]);
    assert_eq!(r.code, Some(0), "{}", r.out);
    assert_eq!(verdict(&r), ("pass".into(), under));
    // A word --compare does not know is a usage error.
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            exe.to_str().unwrap(),
            MARCH,
            "--compare",
            "loose",
        ],
        "",
    );
    assert_eq!(o.code, Some(2));
    assert!(
        o.err
            .contains("\"loose\" is not a comparison: course, exact, or ignore-blank-lines"),
        "{}",
        o.err
    );
}

#[test]
fn a_wrong_card_is_explained_with_the_game_state() {
    let text = String::from_utf8(golden(MARCH)).unwrap();
    let line = text.lines().find(|l| l.contains(" played by ")).unwrap();
    let who = line.rsplit(' ').next().unwrap();
    let wrong = text.replacen(line, &line.replacen(" of ", " of Not", 1), 1);
    let exe = program("wrongcard", wrong.as_bytes(), &format!("{PRINT} return 0;"));
    let r = grade(&exe, MARCH, &[]);
    assert_eq!(r.code, Some(1));
    assert!(
        r.out.starts_with("FAIL march (wrong output)\n"),
        "{}",
        r.out
    );
    let detail = r.json["tests"][0]["detail"].as_str().unwrap();
    assert!(
        detail.contains(&format!("  expected: {line:?}\n")),
        "{detail}"
    );
    assert!(
        detail.contains("the expected line comes from move "),
        "{detail}"
    );
    assert!(detail.contains(&format!(": {who} plays ")), "{detail}");
    assert!(detail.contains("  why: "), "{detail}");
    assert!(
        detail.contains("the game just before that move:\n  dealer Adi · trump "),
        "{detail}"
    );
    assert!(detail.contains("  Barbara   ["), "{detail}");
    // The description is shown to the student.
    assert!(
        r.out.contains("The makers take all five tricks"),
        "{}",
        r.out
    );
}

#[test]
fn hangs_floods_crashes_and_exit_codes() {
    let g = golden(MARCH);
    let looping = program("loop", &g, "for (;;) {} return 0;");
    let r = grade(&looping, MARCH, &["--timeout", "0.5"]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        verdict(&r),
        ("timeout".into(), "timed out after 0.5 s (killed)".into())
    );
    assert!(crate::common::none_running(&looping));

    let flood = program(
        "flood",
        &g,
        "for (;;) fputs(\"Adi deals\\n\", stdout); return 0;",
    );
    let r = grade(&flood, MARCH, &["--max-output", "100000"]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        verdict(&r),
        (
            "truncated".into(),
            "printed more than 100000 bytes (stopped; output truncated)".into()
        )
    );
    assert!(r.json["tests"][0]["stdout"].as_str().unwrap().len() <= 100000);
    assert!(crate::common::none_running(&flood));

    let segv = program(
        "segv",
        &g,
        &format!("{PRINT} fflush(stdout); *(volatile int *)0 = 1; return 0;"),
    );
    let r = grade(&segv, MARCH, &[]);
    assert_eq!(r.code, Some(1));
    assert_eq!(verdict(&r), ("crash".into(), "crashed (SIGSEGV)".into()));
    assert_eq!(r.json["tests"][0]["signal"], "SIGSEGV");

    let abort = program("abort", &g, "abort();");
    assert_eq!(verdict(&grade(&abort, MARCH, &[])).1, "crashed (SIGABRT)");

    let three = program("exit3", &g, &format!("{PRINT} return 3;"));
    let r = grade(&three, MARCH, &[]);
    assert_eq!(r.code, Some(1));
    assert_eq!(
        verdict(&r),
        (
            "exit".into(),
            "right output, but exit status 3 instead of 0".into()
        )
    );

    let binary = program("binary", &g, "fputs(\"\\xff\\xfe\\n\", stdout); return 0;");
    let r = grade(&binary, MARCH, &[]);
    assert_eq!(r.code, Some(1));
    let t = &r.json["tests"][0];
    assert_eq!(t["stdout"], "\u{FFFD}\u{FFFD}\n");
    assert!(
        t["detail"]
            .as_str()
            .unwrap()
            .starts_with("the output is not UTF-8 text")
    );
}

/// A sanitizer build reserves terabytes of addresses for its shadow memory
/// and uses little of them: the memory limit is what a run uses (its control
/// group), so a correct ASan build passes under the default limits.
#[test]
fn an_address_sanitizer_build_passes_under_the_default_limits() {
    let g = golden(MARCH);
    let dir = work();
    let src = dir.join("asan.c");
    let exe = dir.join("asan");
    std::fs::write(
        &src,
        format!(
            "#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n\
             static const char OUT[] = {};\n\
             int main(void) {{ char *copy = malloc(sizeof OUT); memcpy(copy, OUT, sizeof OUT); \
             fputs(copy, stdout); free(copy); return 0; }}\n",
            crate::common::c_string(&g)
        ),
    )
    .unwrap();
    crate::common::system_packages();
    let built = std::process::Command::new("cc")
        .args(["-fsanitize=address,undefined", "-g", "-o"])
        .arg(&exe)
        .arg(&src)
        .status()
        .unwrap();
    assert!(built.success());
    let r = grade(&exe, MARCH, &[]);
    assert_eq!(verdict(&r).0, "pass", "{}", r.out);
}

#[test]
fn the_memory_limit_applies() {
    let g = golden(MARCH);
    // Written through a volatile pointer, so the compiler cannot drop it.
    let body = format!(
        "size_t n = (size_t)512 << 20; volatile char *p = malloc(n); if (!p) return 7; \
         for (size_t i = 0; i < n; i += 4096) p[i] = 1; {PRINT} return 0;"
    );
    let exe = program("hog", &g, &body);
    let r = grade(&exe, MARCH, &["--memory-mb", "64"]);
    assert_eq!(
        verdict(&r),
        (
            "memory".into(),
            "out of memory: killed: the run used more than its 64 MiB".into()
        ),
        "{}",
        r.out
    );
    let r = grade(&exe, MARCH, &["--memory-mb", "0"]);
    assert_eq!(verdict(&r).0, "pass", "{}", r.out);
}

#[test]
fn standard_input_is_closed_after_the_script() {
    let g = golden(HUMAN);
    // Reads to the end of input twice, then prints: it must not wait forever.
    let exe = program(
        "readpast",
        &g,
        &format!("while (getchar() != EOF) {{}} while (getchar() != EOF) {{}} {PRINT} return 0;"),
    );
    let r = grade(&exe, HUMAN, &["--timeout", "5"]);
    assert_eq!(verdict(&r), ("pass".into(), "passed".into()), "{}", r.out);
}

#[test]
fn a_child_that_outlives_the_program_is_killed() {
    let g = golden(MARCH);
    // The child marks that it runs (in the run directory), then sleeps.
    let body = format!(
        "pid_t p = fork(); if (p == 0) {{ FILE *f = fopen(\"child-ready\", \"w\"); fclose(f); sleep(60); return 0; }} \
         while (access(\"child-ready\", F_OK) != 0) usleep(1000); {PRINT} return 0;"
    );
    let exe = program("orphan", &g, &body);
    let started = std::time::Instant::now();
    let r = grade(&exe, MARCH, &["--timeout", "20"]);
    // The grader did not wait for the child (it holds the output pipe open).
    assert!(started.elapsed().as_secs() < 15);
    assert_eq!(verdict(&r), ("pass".into(), "passed".into()), "{}", r.out);
    assert!(
        crate::common::none_running(&exe),
        "the child is still running"
    );
}

/// Starts `upcard grade` on a program that forks and then both sleep;
/// returns the grader once both are running.
fn grading_a_sleeper(tag: &str) -> (std::process::Child, PathBuf) {
    let g = golden(MARCH);
    let body = "fork(); for (;;) sleep(1); (void)OUT; return 0;";
    let exe = program(&format!("sleeper-{tag}"), &g, body);
    let grader =
        crate::common::grading_until_running(&exe, MARCH, 2).expect("the program did not start");
    (grader, exe)
}

#[test]
fn ctrl_c_stops_the_programs_and_removes_the_run_directories() {
    let (grader, exe) = grading_a_sleeper("int");
    let root = crate::common::grader_root(grader.id()).expect("the grader's run root");
    assert!(root.is_dir());
    // SAFETY: a signal to the grader this test started.
    unsafe {
        libc::kill(grader.id() as i32, libc::SIGINT);
    }
    let o = grader.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130));
    assert_eq!(
        String::from_utf8_lossy(&o.stderr),
        "upcard: stopped by SIGINT; killed 1 running program\n"
    );
    assert!(
        crate::common::none_running(&exe),
        "the program or its child is still running"
    );
    assert!(!root.exists());
}

#[test]
fn a_killed_grader_takes_its_program_and_its_children_with_it() {
    let (mut grader, exe) = grading_a_sleeper("kill");
    grader.kill().unwrap();
    grader.wait().unwrap();
    // In the sandbox the program and its child both go: the helper dies with
    // the grader, and with it PID 1 of the program's namespace.
    assert!(
        crate::common::none_running(&exe),
        "the program or its child is still running"
    );
    // A grader killed outright cannot remove its run directories.
    if let Some(root) = crate::common::grader_root(grader.id()) {
        let _ = std::fs::remove_dir_all(root);
    }
}

#[test]
fn a_program_that_cannot_start_still_gets_reports() {
    let dir = work();
    let gs = dir.join("nostart-results.json");
    let ju = dir.join("nostart-junit.xml");
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["grade", "--exe", "/nonexistent/euchre.exe", MARCH])
        .arg("--report")
        .arg(format!("gradescope={}", gs.display()))
        .arg("--report")
        .arg(format!("junit={}", ju.display()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(2));
    let g: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&gs).unwrap()).unwrap();
    assert_eq!(g["tests"][0]["status"], "failed");
    assert!(
        g["tests"][0]["output"]
            .as_str()
            .unwrap()
            .starts_with("could not run: /nonexistent/euchre.exe: no such program")
    );
    let x = std::fs::read_to_string(&ju).unwrap();
    assert!(x.contains("<error message=\"could not run: /nonexistent/euchre.exe: no such program\" type=\"not-run\""), "{x}");
}

#[test]
fn gradescope_junit_and_tap_reports_have_their_fields() {
    let g = golden(MARCH);
    let pass = program("rep-pass", &g, &format!("{PRINT} return 0;"));
    let dir = work();
    let gs = dir.join("results.json");
    let ju = dir.join("junit.xml");
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["grade", "--exe"])
        .arg(&pass)
        .args([MARCH, "scenarios/eecs280/euchred.yaml", "--report", "tap"])
        .arg("--report")
        .arg(format!("gradescope={}", gs.display()))
        .arg("--report")
        .arg(format!("junit={}", ju.display()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    // TAP has standard output to itself; the summary goes to standard error.
    assert!(out.starts_with("TAP version 13\n"), "{out}");
    let err = String::from_utf8(o.stderr).unwrap();
    assert!(
        err.starts_with("FAIL euchred (wrong output)\nPASS march\n"),
        "{err}"
    );
    assert!(out.contains("TAP version 13\n1..2\nnot ok 1 - euchred\n  ---\n  verdict: fail\n  message: |\n    wrong output\n"), "{out}");
    assert!(out.contains("\nok 2 - march\n"), "{out}");
    let v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&gs).unwrap()).unwrap();
    assert_eq!(v["score"], 1.0);
    let tests = v["tests"].as_array().unwrap();
    assert_eq!(tests.len(), 2);
    for t in tests {
        assert!(t["name"].is_string() && t["output"].is_string());
        assert!(t["score"].is_number() && t["max_score"].is_number());
        assert!(["passed", "failed"].contains(&t["status"].as_str().unwrap()));
        assert!(
            ["visible", "hidden", "after_due_date", "after_published"]
                .contains(&t["visibility"].as_str().unwrap())
        );
    }
    assert_eq!(
        (
            tests[0]["name"].as_str(),
            tests[0]["status"].as_str(),
            tests[0]["score"].as_f64()
        ),
        (Some("euchred"), Some("failed"), Some(0.0))
    );
    assert_eq!(
        (
            tests[1]["name"].as_str(),
            tests[1]["status"].as_str(),
            tests[1]["max_score"].as_f64()
        ),
        (Some("march"), Some("passed"), Some(1.0))
    );
    let x = std::fs::read_to_string(&ju).unwrap();
    assert!(x.starts_with("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"upcard grade\" tests=\"2\" skipped=\"0\" failures=\"1\" errors=\"0\">"), "{x}");
    assert!(
        x.contains("<testcase name=\"euchred\" classname=\"scenarios/eecs280/euchred.yaml\">"),
        "{x}"
    );
    assert!(
        x.contains("<failure message=\"wrong output\" type=\"fail\">"),
        "{x}"
    );
    assert!(
        x.contains("<testcase name=\"march\" classname=\"scenarios/eecs280/march.yaml\">"),
        "{x}"
    );
}

#[test]
fn a_directory_of_submissions_gives_a_table_and_csv() {
    let g = golden(MARCH);
    let subs = work().join("subs");
    let _ = std::fs::remove_dir_all(&subs);
    for (who, body) in [
        ("alice", format!("{PRINT} return 0;")),
        ("bob", "abort();".to_string()),
    ] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        let exe = program(&format!("sub-{who}"), &g, &body);
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    std::fs::create_dir_all(subs.join("carol")).unwrap();
    let csv = work().join("table.csv");
    let html = work().join("html");
    let _ = std::fs::remove_dir_all(&html);
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["grade", "--exe"])
        .arg(&subs)
        .args([MARCH, "-j", "2", "--csv"])
        .arg(&csv)
        .arg(format!("--report=html={}", html.display()))
        .output()
        .unwrap();
    // Carol's missing program is her failure, not the grader's.
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(out.contains("student       pass       fail      crash    timeout       exit  truncated     memory       disk    not-run  build-failed  near-miss  not-exact      flaky      score\nalice            1          0          0          0          0          0          0          0          0             0          0          0          0        1/1\nbob              0          0          1          0          0          0          0          0          0             0          0          0          0        0/1\ncarol            0          0          0          0          0          0          0          0          1             0          0          0          0        0/1\n"), "{out}");
    assert!(out.ends_with("\n1 passed, 2 failed\n"), "{out}");
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "student,pass,fail,crash,timeout,exit,truncated,memory,disk,not-run,build-failed,near-miss,not-exact,flaky,score,march\nalice,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\nbob,0,0,1,0,0,0,0,0,0,0,0,0,0,0/1,crash\ncarol,0,0,0,0,0,0,0,0,1,0,0,0,0,0/1,not-run\n"
    );
    // The HTML folder: the class's table, and a page per student.
    let index = std::fs::read_to_string(html.join("index.html")).unwrap();
    assert!(
        index.contains("<tr><td><a href=\"bob.html\">bob</a></td><td>0</td><td>0</td><td>1</td>"),
        "{index}"
    );
    let bob = std::fs::read_to_string(html.join("bob.html")).unwrap();
    assert!(
        bob.contains("<p id=\"summary\">0 passed, 1 failed; score 0 of 1</p>"),
        "{bob}"
    );
}

#[test]
fn each_students_report_is_written_when_that_student_is_done() {
    let g = golden(MARCH);
    let subs = work().join("streamed");
    let reports = work().join("streamed-reports");
    let _ = std::fs::remove_dir_all(&subs);
    let _ = std::fs::remove_dir_all(&reports);
    // The second student (trusted here: no sandbox) looks for the first's report.
    let first = reports.join("a-first.json");
    let looks = format!(
        "printf(access(\"{}\", F_OK) == 0 ? \"seen\\n\" : \"unseen\\n\"); return 0;",
        first.display()
    );
    for (who, body) in [
        ("a-first", format!("{PRINT} return 0;")),
        ("b-second", looks),
    ] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        let exe = program(&format!("streamed-{who}"), &g, &body);
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    let o = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["grade", "--no-sandbox", "--exe"])
        .arg(&subs)
        .args([MARCH, "--report"])
        .arg(format!("json={}", reports.display()))
        .output()
        .unwrap();
    assert_eq!(o.status.code(), Some(1));
    let second: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(reports.join("b-second.json")).unwrap())
            .unwrap();
    assert_eq!(second["tests"][0]["stdout"], "seen\n");
}

#[test]
fn a_filter_that_selects_nothing_is_an_error_everywhere() {
    let exe = program("filtered", &golden(MARCH), &format!("{PRINT} return 0;"));
    for args in [
        vec!["run", "--filter", "zzz"],
        vec!["bless", "--filter", "zzz"],
        vec!["grade", "--exe", exe.to_str().unwrap(), "--filter", "zzz"],
    ] {
        let o = crate::common::upcard_text(Path::new("."), &args, "");
        assert_eq!(o.code, Some(2), "{args:?}: {}", o.out);
        assert!(
            o.err
                .starts_with("upcard: --filter \"zzz\" selects none of the "),
            "{args:?}: {}",
            o.err
        );
    }
}

#[test]
fn messages_say_things_once_and_reports_never_overwrite_each_other() {
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", "nope/euchre.exe", MARCH],
        "",
    );
    assert_eq!(o.code, Some(2));
    assert!(
        o.out.starts_with("nope/euchre.exe: no such program\n"),
        "{}",
        o.out
    );
    let exe = program("once", &golden(MARCH), &format!("{PRINT} return 0;"));
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", exe.to_str().unwrap(), MARCH],
        "",
    );
    assert_eq!(o.code, Some(0));
    assert!(o.out.starts_with("PASS march\n"), "{}", o.out);
    let dir = work().join("clash");
    let (a, b) = (
        format!("gradescope={}", dir.display()),
        format!("json={}", dir.display()),
    );
    let subs = work().join("clash-subs");
    std::fs::create_dir_all(&subs).unwrap();
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.to_str().unwrap(),
            MARCH,
            "--report",
            &a,
            "--report",
            &b,
        ],
        "",
    );
    assert_eq!(o.code, Some(2));
    assert_eq!(
        o.err,
        format!(
            "upcard: the gradescope and json reports would both write {}/<student>.json\n",
            dir.display()
        )
    );
    assert!(!dir.exists());
}

#[test]
fn stderr_exit_status_and_memory_reach_the_terminal_and_gradescope() {
    let g = golden(MARCH);
    // Wrong output, an assertion's message and a bad exit status together.
    let exe = program(
        "asserts",
        &g,
        "puts(\"Adi deals\"); fprintf(stderr, \"euchre: Player.cpp:42: play_card: Assertion `led' failed.\\n\"); return 3;",
    );
    let gs = work().join("asserts-gs.json");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            exe.to_str().unwrap(),
            MARCH,
            "--report",
            &format!("gradescope={}", gs.display()),
        ],
        "",
    );
    assert_eq!(o.code, Some(1));
    for text in [
        o.out.clone(),
        serde_json::from_str::<serde_json::Value>(&std::fs::read_to_string(&gs).unwrap()).unwrap()
            ["tests"][0]["output"]
            .as_str()
            .unwrap()
            .to_string(),
    ] {
        assert!(
            text.contains("it also exited with status 3 instead of 0\n"),
            "{text}"
        );
        assert!(
            text.contains(
                "standard error:\n  | euchre: Player.cpp:42: play_card: Assertion `led' failed.\n"
            ),
            "{text}"
        );
    }
    // A run over its memory is stopped and says so in every report.
    let hog = program(
        "hog-gs",
        &g,
        &format!(
            "size_t n = (size_t)256 << 20; volatile char *p = malloc(n); if (!p) return 7; \
             for (size_t i = 0; i < n; i += 4096) p[i] = 1; {PRINT} return 0;"
        ),
    );
    let r = grade(&hog, MARCH, &["--memory-mb", "16"]);
    assert_eq!(r.json["tests"][0]["verdict"], "memory", "{}", r.out);
}

#[test]
fn every_expected_line_is_traced_to_what_printed_it() {
    let g = golden(MARCH);
    let text = String::from_utf8(g.clone()).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    // A program that prints the golden up to line `n` and then a wrong line.
    let explain = |n: usize| -> String {
        let good: String = lines[..n - 1].iter().map(|l| format!("{l}\n")).collect();
        let exe = program(
            &format!("trace-{n}"),
            good.as_bytes(),
            "fwrite(OUT, 1, sizeof OUT - 1, stdout); puts(\"nonsense\"); return 0;",
        );
        let r = grade(&exe, MARCH, &[]);
        r.json["tests"][0]["detail"].as_str().unwrap().to_string()
    };
    assert!(
        explain(1).contains("the expected line is the command line the program was started with")
    );
    assert!(explain(2).contains("the expected line comes from: hand 0 starts: Adi deals\n"));
    let taken = lines
        .iter()
        .position(|l| l.ends_with("takes the trick"))
        .unwrap()
        + 1;
    let d = explain(taken);
    assert!(
        d.contains("the expected line comes from move ") && d.contains(" takes trick 1\n"),
        "{d}"
    );
}

#[test]
fn one_course_per_run_inferred_or_asked_for_and_skips_counted_once() {
    let exe = program("course", &golden(MARCH), &format!("{PRINT} return 0;"));
    let e = exe.to_str().unwrap();
    let o = crate::common::upcard_text(Path::new("."), &["grade", "--exe", e], "");
    assert_eq!(o.code, Some(2));
    assert!(
        o.err
            .starts_with("upcard: these scenarios are of both courses ("),
        "{}",
        o.err
    );
    assert!(
        o.err.ends_with("say --rules eecs280 or --rules cs246\n"),
        "{}",
        o.err
    );
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", e, "--rules", "eecs280"],
        "",
    );
    assert_eq!(o.code, Some(1));
    assert_eq!(
        o.err,
        "upcard: 3 opt-in scenarios not graded (official-test00-alice, official-test01-alice, \
         official-test50-alice): --filter opt-in, or a name, grades them\n"
    );
    assert!(!o.out.contains("cs246"), "{}", o.out);
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", e, "scenarios/cs246"],
        "",
    );
    let skipped: Vec<&str> = o.err.lines().collect();
    assert_eq!(skipped.len(), 1, "{}", o.err);
    assert!(
        skipped[0].starts_with("upcard: skipped ")
            && skipped[0]
                .ends_with(" scenarios that use upcard-only settings; --list-skipped shows them"),
        "{}",
        o.err
    );
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", e, "scenarios/cs246", "--list-skipped"],
        "",
    );
    assert!(o.err.lines().count() > 10, "{}", o.err);
    assert!(
        o.err
            .lines()
            .all(|l| l.starts_with("upcard: skipped scenarios/cs246/")),
        "{}",
        o.err
    );
}

#[test]
fn repeat_finds_output_that_changes_between_runs() {
    let g = golden(MARCH);
    // Prints a different number on each run (its pid's low bits, or the clock).
    let exe = program(
        "flaky",
        &g,
        "struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); printf(\"Hand %ld\\n\", (long)t.tv_nsec); return 0;",
    );
    let r = grade(&exe, MARCH, &["--repeat", "3"]);
    let t = &r.json["tests"][0];
    assert_eq!(t["nondeterministic"], true, "{}", r.out);
    let d = t["detail"].as_str().unwrap();
    assert!(
        d.contains("nondeterministic: run 2 printed something else than run 1, first at line 1:"),
        "{d}"
    );
    assert!(d.contains("-fsanitize=address,undefined"), "{d}");
    // A program that is wrong the same way each time is not called nondeterministic.
    let steady = program("steady", &g, "puts(\"Hand 7\"); return 0;");
    let r = grade(&steady, MARCH, &["--repeat", "3"]);
    assert_eq!(r.json["tests"][0]["nondeterministic"], false);
}

/// A program whose output hangs on what sits below its stack (here, the
/// size of its environment, which moves everything under it) prints the
/// same on two plain runs; repeated runs vary that size, so it is caught.
#[test]
fn repeat_varies_what_undefined_behaviour_reads() {
    let g = golden(MARCH);
    let exe = program(
        "env-sized",
        &g,
        "extern char **environ; size_t n = 0; for (char **e = environ; *e; ++e) n += strlen(*e); \
         printf(\"Hand %zu\\n\", n % 1000); return 0;",
    );
    for sandbox in [&[][..], &["--no-sandbox"][..]] {
        let plain = grade(&exe, MARCH, sandbox);
        let again = grade(&exe, MARCH, sandbox);
        assert!(plain.json["tests"][0]["stdout"].is_string());
        assert_eq!(
            plain.json["tests"][0]["stdout"],
            again.json["tests"][0]["stdout"]
        );
        let r = grade(&exe, MARCH, &[sandbox, &["--repeat", "2"]].concat());
        let t = &r.json["tests"][0];
        assert_eq!(t["nondeterministic"], true, "{sandbox:?}: {}", r.out);
        assert!(
            t["detail"].as_str().unwrap().contains(
                "nondeterministic: run 2 printed something else than run 1, first at line 1:"
            ),
            "{}",
            t["detail"]
        );
    }
}

/// A program that passes in the grader's environment and prints garbage in
/// a larger one, as a student's shell is (an uninitialised `int hand;`
/// does this): `--repeat 3` reruns passing scenarios too, with environments
/// kilobytes larger, so it is flagged.
#[test]
fn repeat_flags_a_passing_program_whose_output_hangs_on_its_environment() {
    let g = golden(MARCH);
    let exe = program(
        "shell-sized",
        &g,
        &format!(
            "extern char **environ; size_t n = 0; for (char **e = environ; *e; ++e) n += strlen(*e); \
             if (n > 2000) {{ puts(\"Hand 1697539442\"); return 0; }} {PRINT} return 0;"
        ),
    );
    let plain = grade(&exe, MARCH, &[]);
    assert_eq!(verdict(&plain), ("pass".into(), "passed".into()));
    let r = grade(&exe, MARCH, &["--repeat", "3"]);
    let t = &r.json["tests"][0];
    assert_eq!(t["verdict"], "pass", "{}", r.out);
    assert_eq!(t["nondeterministic"], true, "{}", r.out);
    assert!(
        t["detail"].as_str().unwrap().contains(
            "nondeterministic: run 2 printed something else than run 1, first at line 1:"
        ),
        "{}",
        t["detail"]
    );
}

/// CS 246's program echoes no command line: a wrong first line is not
/// explained as one.
#[test]
fn a_cs246_first_line_is_not_explained_as_a_command_line() {
    let exe = program(
        "cs246-garbage",
        b"",
        "puts(\"garbage\"); (void)OUT; return 0;",
    );
    let r = grade(&exe, "scenarios/cs246/quit.yaml", &[]);
    assert!(
        r.out.contains(
            "  actual:   \"garbage\"\nthe expected line is printed before the game's first move\n"
        ),
        "{}",
        r.out
    );
    assert!(!r.out.contains("command line"), "{}", r.out);
}

/// Nothing graded is not a pass: a run whose every scenario a course
/// program cannot run is a usage error.
#[test]
fn grading_nothing_is_an_error() {
    let exe = program("nothing", b"", "return 0;");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            exe.to_str().unwrap(),
            "scenarios/cs246/alone-from-seat-1.yaml",
        ],
        "",
    );
    assert_eq!(o.code, Some(2));
    assert_eq!(o.out, "");
    assert!(
        o.err.ends_with(
            "upcard: none of the 1 cs246 scenarios can be run by a course program (the first: four computer players (human: false) is upcard's setting, not the course program's); a scenario with `human: true` and the course's own options can\n"
        ),
        "{}",
        o.err
    );
}

/// A program whose output changes between runs: `--repeat N --repeat-all`
/// reruns passing scenarios too, and the class table and CSV mark it flaky.
/// (It adds a line on runs where a random byte is odd: the chance that 20
/// runs all agree is 2 in a million.)
#[test]
fn a_flaky_program_is_marked_in_the_class_table() {
    let g = golden(MARCH);
    let body = format!(
        "{PRINT} FILE *r = fopen(\"/dev/urandom\", \"r\"); int c = r ? fgetc(r) : 0; \
         if (c & 1) puts(\"extra\"); return 0;"
    );
    let subs = work().join("flaky-class");
    let _ = std::fs::remove_dir_all(&subs);
    std::fs::create_dir_all(subs.join("flo")).unwrap();
    let exe = program("flaky-in-class", &g, &body);
    std::fs::copy(&exe, subs.join("flo/euchre.exe")).unwrap();
    let csv = work().join("flaky.csv");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.to_str().unwrap(),
            MARCH,
            "--repeat",
            "20",
            "--repeat-all",
            "--csv",
            csv.to_str().unwrap(),
        ],
        "",
    );
    let text = std::fs::read_to_string(&csv).unwrap();
    let row = text.lines().nth(1).unwrap();
    assert!(
        row.starts_with("flo,") && row.contains(",0,0,1,"),
        "{text}\n{}",
        o.out
    );
    let cells: Vec<&str> = row.split(',').collect();
    assert_eq!(cells[13], "1", "flaky: {row}");
}

/// Names a spreadsheet would run as formulas are written as text.
#[test]
fn csv_cells_never_start_a_formula() {
    let g = golden(MARCH);
    let subs = work().join("formula-class");
    let _ = std::fs::remove_dir_all(&subs);
    let exe = program("formula", &g, &format!("{PRINT} return 0;"));
    for who in ["=HYPERLINK(\"x\",\"y\")", "-2+3", "@SUM(A1)", "plain"] {
        std::fs::create_dir_all(subs.join(who)).unwrap();
        std::fs::copy(&exe, subs.join(who).join("euchre.exe")).unwrap();
    }
    let csv = work().join("formula.csv");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.to_str().unwrap(),
            MARCH,
            "--csv",
            csv.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(o.code, Some(0), "{}", o.err);
    let names: Vec<String> = std::fs::read_to_string(&csv)
        .unwrap()
        .lines()
        .skip(1)
        .map(|l| l.rsplitn(16, ',').last().unwrap().to_string())
        .collect();
    assert_eq!(
        names,
        [
            "'-2+3",
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\"",
            "'@SUM(A1)",
            "plain"
        ]
    );
}

/// Reports are written with the mode any program's files get (0666 less
/// the umask), and a report written again keeps the mode it had.
#[test]
fn reports_honour_the_umask_and_keep_their_mode() {
    use std::os::unix::fs::PermissionsExt;
    let g = golden(MARCH);
    let exe = program("umask", &g, &format!("{PRINT} return 0;"));
    let report = work().join("umask-report.json");
    let _ = std::fs::remove_file(&report);
    let run = |umask: &str| {
        let st = Command::new("sh")
            .arg("-c")
            .arg(format!(
                "umask {umask} && exec \"$0\" grade --exe \"$1\" {MARCH} --report json=\"$2\" >/dev/null"
            ))
            .arg(env!("CARGO_BIN_EXE_upcard"))
            .arg(&exe)
            .arg(&report)
            .status()
            .unwrap();
        assert!(st.success());
        std::fs::metadata(&report).unwrap().permissions().mode() & 0o777
    };
    assert_eq!(run("022"), 0o644);
    std::fs::set_permissions(&report, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_eq!(run("077"), 0o640);
    std::fs::remove_file(&report).unwrap();
    assert_eq!(run("027"), 0o640);
}

/// A fresh folder of submissions under the work folder, and a writer of
/// its files (their folders made as needed).
fn sources(name: &str) -> (PathBuf, impl Fn(&str, &[u8])) {
    let subs = work().join(name);
    let _ = std::fs::remove_dir_all(&subs);
    let root = subs.clone();
    let put = move |path: &str, text: &[u8]| {
        let p = root.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    (subs, put)
}

/// `--build`: a folder of source submissions is built in the sandbox with
/// the course's build and graded, each from the shallowest folder holding
/// `euchre.cpp` (repositories arrive as laid out); a submission that does
/// not build is that student's row, with the compiler's words once in its
/// reports, and a missing, empty or doubled `euchre.cpp` is named before
/// any compiler runs.
#[test]
fn a_class_of_sources_is_built_then_graded() {
    let (subs, put) = sources("sources-class");
    let good = std::fs::read("tests/integration/programs/euchre.cpp").unwrap();
    put("ann/euchre.cpp", &good);
    put("bo/euchre.cpp", b"int main() { return undeclared; }\n");
    // A repository as pushed: tests at the top, the project two folders
    // down, an editor's debris beside it.
    put("cy/Card_tests.cpp", b"int main() { return 1; }\n");
    put("cy/EECS280/p3-euchre/euchre.cpp", &good);
    put("cy/.vs/old/euchre.cpp", b"not C++\n");
    put("cy/__MACOSX/EECS280/euchre.cpp", b"not C++\n");
    put("dee/euchre.cpp", b"\n  \n");
    put("ed/a/euchre.cpp", &good);
    put("ed/b/euchre.cpp", &good);
    put("flo/src/Card.cpp", b"\n");
    put("flo/Card.hpp", b"\n");
    let csv = work().join("sources.csv");
    let json = work().join("sources-json");
    let _ = std::fs::remove_dir_all(&json);
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.to_str().unwrap(),
            "--build",
            MARCH,
            "--csv",
            csv.to_str().unwrap(),
            "--report",
            &format!("json={}", json.display()),
        ],
        "",
    );
    assert_eq!(o.code, Some(1), "{}", o.err);
    let lines: Vec<&str> = o.out.lines().take(5).collect();
    assert!(
        lines[0].starts_with(
            "bo: did not build: euchre.cpp:1:21: error: 'undeclared' was not declared"
        ),
        "{}",
        o.out
    );
    assert_eq!(
        lines[1..],
        [
            "cy: built from the sources in EECS280/p3-euchre/",
            "dee: did not build: euchre.cpp is empty: the submission's euchre.cpp holds no code",
            "ed: did not build: euchre.cpp is in 2 folders at the same depth (a/, b/): which one \
             to grade is not clear; keep one",
            "flo: did not build: no euchre.cpp in the submission; found Card.hpp, src/Card.cpp",
        ]
    );
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "student,pass,fail,crash,timeout,exit,truncated,memory,disk,not-run,build-failed,near-miss,not-exact,flaky,score,march\n\
         ann,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\n\
         bo,0,0,0,0,0,0,0,0,0,1,0,0,0,0/1,build-failed\n\
         cy,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\n\
         dee,0,0,0,0,0,0,0,0,0,1,0,0,0,0/1,build-failed\n\
         ed,0,0,0,0,0,0,0,0,0,1,0,0,0,0/1,build-failed\n\
         flo,0,0,0,0,0,0,0,0,0,1,0,0,0,0/1,build-failed\n"
    );
    // The compiler's log once, at the report's head; the scenario points to it.
    let bo: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json.join("bo.json")).unwrap()).unwrap();
    let text = bo.to_string();
    assert_eq!(text.matches("was not declared").count(), 1, "{text}");
    assert!(bo["error"].as_str().unwrap().contains("was not declared"));
    assert_eq!(bo["tests"][0]["verdict"], "build-failed");
    let cy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json.join("cy.json")).unwrap()).unwrap();
    assert_eq!(cy["sources"], "EECS280/p3-euchre");
}

/// A regrade: `--build` pointed at one student's folder grades that one
/// submission and writes its report; a folder that could be either is said.
#[test]
fn one_students_folder_is_one_submission() {
    let (subs, put) = sources("sources-regrade");
    let good = std::fs::read("tests/integration/programs/euchre.cpp").unwrap();
    put("cy/Card_tests.cpp", b"int main() { return 1; }\n");
    put("cy/EECS280/p3-euchre/euchre.cpp", &good);
    let one = work().join("sources-one.json");
    let _ = std::fs::remove_file(&one);
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.join("cy").to_str().unwrap(),
            "--build",
            MARCH,
            "--report",
            &format!("json={}", one.display()),
        ],
        "",
    );
    assert_eq!(o.code, Some(0), "{}{}", o.out, o.err);
    assert!(
        o.out
            .starts_with("cy: built from the sources in EECS280/p3-euchre/\nPASS march\n"),
        "{}",
        o.out
    );
    assert!(o.out.ends_with("\n1 passed, 0 failed\n"), "{}", o.out);
    let cy: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&one).unwrap()).unwrap();
    assert_eq!(
        (&cy["program"], &cy["sources"]),
        (&"cy".into(), &"EECS280/p3-euchre".into())
    );
    assert_eq!(cy["tests"][0]["verdict"], "pass");
    // One folder of sources beside a folder of other files: which is meant
    // is said, with both ways on.
    put("repo/p3/euchre.cpp", &good);
    put("repo/docs/notes.md", b"notes\n");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.join("repo").to_str().unwrap(),
            "--build",
            MARCH,
        ],
        "",
    );
    assert_eq!(o.code, Some(2), "{}", o.out);
    assert!(
        o.err.contains(
            "repo: only p3 of its folders holds sources (docs holds files but no code): to grade \
             one submission, give "
        ),
        "{}",
        o.err
    );
}

/// `--sanitize`: a submission that crashes is built again with the
/// sanitizers, whose report (the error, the function, the file and line)
/// leads the diagnosis; the plain build's run is what is graded.
#[test]
fn a_sanitizer_build_names_the_line_of_a_crash() {
    let subs = work().join("sanitized-class");
    let _ = std::fs::remove_dir_all(&subs);
    std::fs::create_dir_all(subs.join("gus")).unwrap();
    let fixture = std::fs::read_to_string("tests/integration/programs/euchre.cpp").unwrap();
    std::fs::write(
        subs.join("gus/euchre.cpp"),
        format!("#define BUG_NULL_PLAYER\n{fixture}"),
    )
    .unwrap();
    let json = work().join("sanitized-json");
    let _ = std::fs::remove_dir_all(&json);
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            subs.to_str().unwrap(),
            "--build",
            "--sanitize",
            "--memory-mb",
            "0",
            MARCH,
            "--report",
            &format!("json={}", json.display()),
        ],
        "",
    );
    assert_eq!(o.code, Some(1), "{}{}", o.out, o.err);
    let gus: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(json.join("gus.json")).unwrap()).unwrap();
    let t = &gus["tests"][0];
    assert_eq!(t["verdict"], "crash", "{t}");
    let first = &t["diagnosis"][0];
    assert_eq!(first["kind"], "sanitizer", "{t}");
    let line = fixture
        .lines()
        .position(|l| l.contains("leader->hand"))
        .unwrap()
        + 2; // the #define above, and lines count from 1
    assert_eq!(
        first["message"],
        format!(
            "built with -fsanitize=address,undefined, your program reports a SEGV at lead_card, euchre.cpp:{line}: the line named is where the program uses memory it does not own (an index past a vector's end, a null or deleted pointer) or does what C++ leaves undefined; its output there cannot be trusted"
        ),
        "{t}"
    );
}

/// A crash report's words are the program's: a control sequence in its
/// assertion reaches the diagnosis escaped, not as itself.
#[test]
fn a_crash_report_is_escaped_in_the_diagnosis() {
    let g = golden(MARCH);
    let exe = program(
        "escape-assert",
        &g,
        "(void)OUT; fputs(\"euchre.exe: Pack.cpp:9: Pack::Pack(): Assertion `\\x1b[2J\\x1b]0;owned\\x07' failed.\\n\", stderr); abort();",
    );
    let r = grade(&exe, MARCH, &["--diagnose"]);
    let t = &r.json["tests"][0];
    assert_eq!(t["verdict"], "crash", "{t}");
    let message = t["diagnosis"][0]["message"].as_str().unwrap();
    assert!(
        !message.contains('\u{1b}') && !message.contains('\u{7}'),
        "{message}"
    );
    assert!(
        message.contains(
            "the assertion `\\u{1b}[2J\\u{1b}]0;owned\\u{7}` failed (Pack::Pack, Pack.cpp:9)"
        ),
        "{message}"
    );
    assert!(!r.out.contains('\u{1b}'), "{}", r.out);
}

/// Without `--build`, a class of sources says what would grade it.
#[test]
fn sources_without_build_say_add_build() {
    let subs = work().join("sources-no-build");
    let _ = std::fs::remove_dir_all(&subs);
    std::fs::create_dir_all(subs.join("ann")).unwrap();
    std::fs::write(subs.join("ann/euchre.cpp"), "int main() {}\n").unwrap();
    let o = crate::common::upcard_text(
        Path::new("."),
        &["grade", "--exe", subs.to_str().unwrap(), MARCH],
        "",
    );
    assert_eq!(o.code, Some(1), "{}", o.err);
    assert!(
        o.out.starts_with(&format!(
            "ann: no program in {} (euchre.exe, euchre, or one executable file); these are \
             sources: add --build to build them first\n",
            subs.join("ann").display()
        )),
        "{}",
        o.out
    );
}

/// What a program prints is data: no escape sequence, bell or carriage
/// return from it reaches the grader's terminal, in the summary or in TAP.
#[test]
fn no_control_character_from_a_program_reaches_the_terminal() {
    let exe = program(
        "escapes",
        b"",
        "(void)OUT; printf(\"\\033]0;pwned\\007\\033[2J\\rPASS everything\\n\"); \
         fprintf(stderr, \"\\033]52;c;Y2xpcGJvYXJk\\007\\033[1A\\rPASS\\n\"); return 0;",
    );
    for extra in [vec![], vec!["--report", "tap"]] {
        let mut args = vec!["grade", "--exe", exe.to_str().unwrap(), MARCH];
        args.extend(extra.iter().copied());
        let o = crate::common::upcard_text(Path::new("."), &args, "");
        assert_eq!(o.code, Some(1));
        for text in [&o.out, &o.err] {
            assert!(
                !text.contains(['\u{1b}', '\u{7}', '\r']),
                "{extra:?}: {text:?}"
            );
        }
        let all = format!("{}{}", o.out, o.err);
        assert!(all.contains("\\u{1b}]52;c;Y2xpcGJvYXJk\\u{7}"), "{all}");
    }
}

/// A class's folders and programs are data: a student's `euchre.exe` that
/// links to another's program, or a folder that links to another's folder,
/// is that student's "not run" with the link named, never the other's
/// program graded twice.
#[test]
fn a_link_in_a_class_is_named_not_followed() {
    let class = work().join("linked-class");
    let _ = std::fs::remove_dir_all(&class);
    let exe = program("linked", &golden(MARCH), &format!("{PRINT} return 0;"));
    std::fs::create_dir_all(class.join("ann")).unwrap();
    std::fs::create_dir_all(class.join("cy")).unwrap();
    std::fs::copy(&exe, class.join("ann/euchre.exe")).unwrap();
    std::os::unix::fs::symlink("../ann/euchre.exe", class.join("cy/euchre.exe")).unwrap();
    std::os::unix::fs::symlink("ann", class.join("dee")).unwrap();
    let csv = work().join("linked.csv");
    let o = crate::common::upcard_text(
        Path::new("."),
        &[
            "grade",
            "--exe",
            class.to_str().unwrap(),
            MARCH,
            "--csv",
            csv.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(o.code, Some(1), "{}", o.err);
    assert_eq!(
        std::fs::read_to_string(&csv).unwrap(),
        "student,pass,fail,crash,timeout,exit,truncated,memory,disk,not-run,build-failed,near-miss,not-exact,flaky,score,march\n\
         ann,1,0,0,0,0,0,0,0,0,0,0,0,0,1/1,pass\ncy,0,0,0,0,0,0,0,0,1,0,0,0,0,0/1,not-run\n\
         dee,0,0,0,0,0,0,0,0,1,0,0,0,0,0/1,not-run\n"
    );
    for who in ["cy/euchre.exe", "dee"] {
        let said = format!(
            "{} is a symbolic link: links are not followed",
            class.join(who).display()
        );
        assert!(o.out.contains(&said), "{said}\n{}", o.out);
    }
}
