//! `upcard style`: a class's sources as `make style` checks them (OCLint's
//! four rules) and against the EECS 280 spec's restrictions, each finding at
//! its file, line and column; exit 1 when a submission has one, 0 when none
//! does, 2 for a folder that holds none.

use crate::tester::Upcard;

fn class(tag: &str, files: &[(&str, &str)]) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("restrict-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    for (path, text) in files {
        let p = dir.join(path);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    }
    dir
}

#[test]
fn each_submissions_findings_are_said_where_they_are() {
    let dir = class(
        "class",
        &[
            (
                "ann/Card.cpp",
                "#include <cassert>\n#include \"Card.hpp\"\nint f() { return 1; }\n",
            ),
            (
                "ann/Player.cpp",
                "#include \"Player.hpp\"\nPlayer *Player_factory() { return new Simple; }\n",
            ),
            // A repository: the project below; its test files get OCLint's
            // rules, not the restrictions, and only the graded ones.
            ("bo/p3/Card.cpp", "#include <map>\nint seen = 0;\n"),
            (
                "bo/p3/Player.cpp",
                "#include \"Pack.hpp\"\nvoid f() { int *p = new int; std::cerr << *p; }\n",
            ),
            (
                "bo/p3/Card_tests.cpp",
                "#include <map>\nint global_in_a_test;\n\
                 TEST(t) { f(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23); }\n",
            ),
            ("bo/p3/Pack_tests.cpp", "int not_graded_here;\n"),
            ("cy/README.md", "no code\n"),
        ],
    );
    let json = dir.join("found.json");
    let ran = Upcard::new()
        .args(["style"])
        .arg_path(&dir)
        .args(["--json"])
        .arg_path(&json)
        .status(1)
        .run();
    assert_eq!(
        ran.text(),
        "ann: clean\n\
         bo: Card.cpp:1:1: #include <map>: the spec allows only <iostream>, <fstream>, <cstdlib>, <cassert>, <cstring>, <string>, <array>, <vector>, <sstream>, and <algorithm> for sort() [library]\n\
         bo: Card.cpp:2:1: global variable seen: the spec allows only const global variables [global]\n\
         bo: Card_tests.cpp:3:1: Line with 97 characters exceeds limit of 90 [long line]\n\
         bo: Player.cpp:1:1: #include \"Pack.hpp\" in Player.cpp: an unnecessary header (the spec: Card and Player must not depend on the Pack ADT) [include]\n\
         bo: Player.cpp:2:21: new: the spec allows dynamic memory only in Player_factory [dynamic-memory]\n\
         bo: Player.cpp:2:35: cerr writes to standard error: the spec sends all output to standard out (cout) [stderr]\n\
         cy: not checked: no Card.cpp in the submission, and no C++ source file at all\n\
         \n1 of 3 submissions have findings\n"
    );
    let v: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    assert_eq!(v[1]["findings"][1]["rule"], "global");
    assert_eq!(v[1]["findings"][1]["line"], 2);
    assert!(v[2]["error"].as_str().unwrap().starts_with("no Card.cpp"));
    // One clean submission: exit 0.
    Upcard::new()
        .args(["style"])
        .arg_path(&dir.join("ann"))
        .status(0)
        .run();
    // A folder with nothing in it is a usage error.
    let empty = class("empty", &[("notes.txt", "x\n")]);
    Upcard::new()
        .args(["style"])
        .arg_path(&empty)
        .status(2)
        .run();
}

/// PMD's copy-paste detector, as `make style` runs it (`--minimum-tokens
/// 100`): a function copied into another file of the project is said at
/// the copy, naming the first; a copy with a line added, as far as it is
/// the same (its last 4 tokens, after the added line, are not counted).
#[test]
fn code_copied_across_files_is_said_at_the_copy() {
    let body = |name: &str, extra: &str| {
        format!(
            "int {name}(const int *v, int n, int t) {{\n  int best = -1;\n  for (int i = 0; i < n; ++i) {{\n    \
             if (v[i] > t && (best < 0 || v[i] < v[best])) {{\n      best = i;\n    }} else if (v[i] == t) {{\n      \
             return i;\n    }}\n  }}\n  if (best < 0) {{\n    for (int i = 0; i < n; ++i) {{\n      if (v[i] < t) {{\n        \
             best = i;\n      }}\n    }}\n  }}\n  {extra}return best;\n}}\n"
        )
    };
    let dir = class(
        "cpd",
        &[
            (
                "ann/Card.cpp",
                &format!("#include <cassert>\n{}", body("low", "")),
            ),
            (
                "ann/Player.cpp",
                &format!("// the same, pasted\n\n{}", body("near", "")),
            ),
            ("bob/Card.cpp", &body("low", "")),
            ("bob/Player.cpp", &body("near", "best = best + 0;\n  ")),
        ],
    );
    let ran = Upcard::new().args(["style"]).arg_path(&dir).status(1).run();
    assert_eq!(
        ran.text(),
        "ann: Player.cpp:3:1: Found a 18 line (124 tokens) duplication: the same code starts at \
         line 2 of Card.cpp [duplicate code]\nbob: Player.cpp:1:1: Found a 16 line (120 tokens) \
         duplication: the same code starts at line 1 of Card.cpp [duplicate code]\n\n2 of 2 \
         submissions have findings\n"
    );
}
