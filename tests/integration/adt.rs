//! `upcard adt`: a class's Card and Pack graded on the course's public
//! tests (a small course of upcard's own in the course's shape,
//! tests/integration/programs/adt/course), each TEST alone in the sandbox:
//! a nested checkpoint submission, a comparator that forgets the bowers,
//! an `assert(false)` and a loop (each failing the tests that call the
//! function, and no other), a file missing, a build error and an edited
//! header, each named where it is.

use std::path::{Path, PathBuf};

use crate::tester::Upcard;

const ADT: &str = "tests/integration/programs/adt";

/// The class: each student the solution's files with one slip, made here
/// from the one copy (`tag`: each test its own folder, tests run at once).
fn class(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("adt-class-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    let card = std::fs::read_to_string(format!("{ADT}/solution/Card.cpp")).unwrap();
    let pack = std::fs::read_to_string(format!("{ADT}/solution/Pack.cpp")).unwrap();
    let header = std::fs::read_to_string(format!("{ADT}/course/Card.hpp")).unwrap();
    let put = |who: &str, name: &str, text: &str| {
        let p = dir.join(who).join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let slip = |text: &str, from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    // A checkpoint repository as pushed: no euchre.cpp, the classes below.
    put("alice", "README.md", "p3\n");
    put("alice", "p3-euchre/starter-files/Card.cpp", &card);
    put("alice", "p3-euchre/starter-files/Pack.cpp", &pack);
    // Card_less without the bowers.
    let no_bowers = slip(
        &card,
        "  if (is_right_bower(c, trump)) return 101;\n  if (is_left_bower(c, trump)) return 100;\n",
        "",
    );
    put("bob", "Card.cpp", &no_bowers);
    put("bob", "Pack.cpp", &pack);
    // An edited header (the course's is used) and a Pack that does not compile.
    put(
        "carol",
        "Card.hpp",
        &slip(
            &header,
            "#pragma once\n",
            "#pragma once\n// mine\n#include <string>\n",
        ),
    );
    put("carol", "Card.cpp", &card);
    put(
        "carol",
        "Pack.cpp",
        &slip(&pack, "next(0) {", "next(0) { int x = ;"),
    );
    // is_trump asserts; no Pack.cpp.
    let asserts = slip(
        &card,
        "#include <string>\n",
        "#include <string>\n#include <cassert>\n",
    );
    let asserts = slip(
        &asserts,
        "bool is_trump(const Card &c, Suit trump) { return",
        "bool is_trump(const Card &c, Suit trump) { assert(false); return",
    );
    put("dave", "Card.cpp", &asserts);
    // Suit_next never returns.
    let spins = slip(
        &card,
        "Suit Suit_next(Suit s) { return",
        "Suit Suit_next(Suit s) { for (volatile int i = 0; i >= 0; i = 1) {} return",
    );
    put("erin", "Card.cpp", &spins);
    put("erin", "Pack.cpp", &pack);
    dir
}

#[test]
fn each_test_runs_alone_and_each_failure_is_named_at_its_test() {
    let class = class("table");
    let json = class.join("report.json");
    let ran = Upcard::new()
        .args([
            "adt",
            "--course-files",
            &format!("{ADT}/course"),
            "--timeout",
            "2",
            "-j",
            "2",
        ])
        .arg_path(&class)
        .args(["--json"])
        .arg_path(&json)
        .status(1)
        .run();
    let text = ran.text();
    let carol_build = text
        .lines()
        .find(|l| l.starts_with("  Pack_public_tests.cpp: does not compile: "))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(
        carol_build.starts_with("  Pack_public_tests.cpp: does not compile: Pack.cpp:")
            && carol_build.contains("error:"),
        "{carol_build}"
    );
    let expected = format!(
        "alice: 5/5 public tests passed
  the classes are in p3-euchre/starter-files/
  Card_public_tests.cpp: 3/3 passed
  Pack_public_tests.cpp: 2/2 passed
bob: 4/5 public tests passed
  Card_public_tests.cpp: 2/3 passed
    test_right_bower_is_highest: FAIL
      | In test test_right_bower_is_highest, line 6:
      | true != false
  Pack_public_tests.cpp: 2/2 passed
carol: 3/3 public tests passed (1 test file not run)
  Card.hpp differs from the course's at line 5: the course's `#include <iostream>`, yours `#include <string>` \
(the course's header was used)
  Card_public_tests.cpp: 3/3 passed
{carol_build}
dave: 1/3 public tests passed (1 test file not run)
  Card_public_tests.cpp: 1/3 passed
    test_left_bower_is_trump: CRASH (SIGABRT)
      | upcard-public.exe: Card.cpp:24: bool is_trump(const Card&, Suit): Assertion `false' failed.
    test_right_bower_is_highest: CRASH (SIGABRT)
      | upcard-public.exe: Card.cpp:24: bool is_trump(const Card&, Suit): Assertion `false' failed.
  Pack_public_tests.cpp: not built: Pack.cpp is not in the submission
erin: 3/5 public tests passed
  Card_public_tests.cpp: 1/3 passed
    test_left_bower_is_trump: TIMEOUT (more than 2 s)
    test_suit_next: TIMEOUT (more than 2 s)
  Pack_public_tests.cpp: 2/2 passed
16 passed, 7 failed
"
    );
    assert_eq!(text, expected);
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(report["family"], "enum-hpp");
    let bob = &report["students"][1];
    assert_eq!(bob["name"], "bob");
    let test = &bob["files"][0]["tests"][1];
    assert_eq!(test["name"], "test_right_bower_is_highest");
    assert_eq!(test["verdict"]["kind"], "fail");
    assert_eq!(
        report["students"][3]["files"][1]["compiled_with"],
        serde_json::json!(["Pack.cpp", "Card.cpp"])
    );
}
