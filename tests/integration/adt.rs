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

pub(crate) const EECS280: &str = "tests/integration/programs/adt/eecs280";

/// A class in the current term's API (tests/integration/programs/adt/eecs280),
/// each student the solution's files with slips made here.
pub(crate) fn eecs280_class(tag: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("adt-eecs280-{tag}"));
    let _ = std::fs::remove_dir_all(&dir);
    let read = |n: &str| std::fs::read_to_string(format!("{EECS280}/solution/{n}")).unwrap();
    let (card, pack, player) = (read("Card.cpp"), read("Pack.cpp"), read("Player.cpp"));
    let put = |who: &str, name: &str, text: &str| {
        let p = dir.join(who).join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    let slip = |text: &str, from: &str, to: &str| {
        assert!(text.contains(from), "{from}");
        text.replacen(from, to, 1)
    };
    let all = |who: &str, card: &str, pack: &str, player: &str| {
        put(who, "Card.cpp", card);
        put(who, "Pack.cpp", pack);
        put(who, "Player.cpp", player);
    };
    // Right, below the repository's root.
    all("ann/p3", &card, &pack, &player);
    // Card_less forgets the left bower.
    let no_left = slip(
        &card,
        "  if (c.is_left_bower(trump)) {\n    return 299;\n  }\n",
        "",
    );
    all("ben", &no_left, &pack, &player);
    // lead_card tests the printed suit; reset() does nothing.
    let printed = slip(
        &player,
        "if (!hand[i].is_trump(trump) &&",
        "if (hand[i].get_suit() != trump &&",
    );
    let no_reset = slip(
        &pack,
        "void Pack::reset() { next = 0; }",
        "void Pack::reset() {}",
    );
    all("cat", &card, &no_reset, &printed);
    // operator>= asserts, is_face_or_ace never returns, operator!= prints
    // as it goes (its answers are right).
    let broken = slip(
        &card,
        "bool operator>=(const Card &lhs, const Card &rhs) { return",
        "bool operator>=(const Card &lhs, const Card &rhs) { assert(false); return",
    );
    let broken = slip(
        &broken,
        "bool Card::is_face_or_ace() const { return",
        "bool Card::is_face_or_ace() const { for (volatile int i = 0; i >= 0; i = 1) {} return",
    );
    let broken = slip(
        &broken,
        "bool operator!=(const Card &lhs, const Card &rhs) { return",
        "bool operator!=(const Card &lhs, const Card &rhs) { cout << \"debug\\n\"; return",
    );
    all("dan", &broken, &pack, &player);
    // A main of its own in Card.cpp; no Player.cpp.
    put(
        "eve",
        "Card.cpp",
        &format!("{card}\nint main() {{ return 0; }}\n"),
    );
    put("eve", "Pack.cpp", &pack);
    dir
}

/// The public tests' lines of a student who passes them all.
const PUBLIC_PASSED: &str = "  Card_public_tests.cpp: 2/2 passed\n  Pack_public_tests.cpp: 2/2 passed\n  Player_public_tests.cpp: 1/1 passed\n";

/// What the public tests and upcard's tests say of the eecs280 class, student by student.
const EECS280_TABLE: &str = "\
ann: 5/5 public tests passed; 36/36 functions right in upcard's tests
  the classes are in p3/
  Card_public_tests.cpp: 2/2 passed
  Pack_public_tests.cpp: 2/2 passed
  Player_public_tests.cpp: 1/1 passed
  upcard's tests of Card: 22/22 functions right
  upcard's tests of Pack: 6/6 functions right
  upcard's tests of Player: 8/8 functions right
ben: 5/5 public tests passed; 32/36 functions right in upcard's tests
  Card_public_tests.cpp: 2/2 passed
  Pack_public_tests.cpp: 2/2 passed
  Player_public_tests.cpp: 1/1 passed
  upcard's tests of Card: 20/22 functions right
    Card_less(a, b, trump): 24 of 2304 cases wrong
      | `Card_less(Jack of Clubs, Queen of Spades, Spades)` is true; it should be false: \
with Spades trump the Jack of Clubs is the left bower, second only to the right bower
    Card_less(a, b, led_card, trump): 576 of 55296 cases wrong
      | `Card_less(Jack of Clubs, Queen of Spades, Nine of Spades, Spades)` is true; it should be false: \
with Spades trump and the Nine of Spades led the Jack of Clubs is the left bower, second only to the right bower \
(wrong too, and used here: Card_less(a, b, trump))
  upcard's tests of Pack: 6/6 functions right
  upcard's tests of Player: 6/8 functions right
    Simple lead_card: 27 of 440 cases wrong
      | `lead_card(Spades) with the hand Jack of Clubs, Queen of Spades` gives the Queen of Spades; \
it should give the Jack of Clubs: the Simple player leads its highest trump: it holds only trump \
(wrong too, and used here: Card_less(a, b, trump))
    Simple play_card: 21 of 440 cases wrong
      | `play_card(Ace of Hearts, Clubs) with the hand Ace of Clubs, Jack of Spades` (after 2 right) gives the Jack of Spades; \
it should give the Ace of Clubs: the Simple player cannot follow suit: plays its lowest card \
(wrong too, and used here: Card_less(a, b, led_card, trump))
cat: 5/5 public tests passed; 34/36 functions right in upcard's tests
  Card_public_tests.cpp: 2/2 passed
  Pack_public_tests.cpp: 2/2 passed
  Player_public_tests.cpp: 1/1 passed
  upcard's tests of Card: 22/22 functions right
  upcard's tests of Pack: 5/6 functions right
    reset(): 25 of 25 cases wrong
      | `Pack p(pack_input); 10 deals; p.reset();` deal 1 is the King of Hearts; it should be the King of Spades: \
reset() deals again from the top, in the same order; and it crashed (SIGABRT) at \
`Pack p(pack_input); 10 deals; p.reset(); deal_one() #15` \
(upcard-adt.exe: Pack.cpp:24: Card Pack::deal_one(): Assertion `next < PACK_SIZE' failed.)
  upcard's tests of Player: 7/8 functions right
    Simple lead_card: 52 of 440 cases wrong
      | `lead_card(Spades) with the hand Jack of Clubs, Queen of Clubs` gives the Jack of Clubs; \
it should give the Queen of Clubs: the Simple player leads its highest non-trump card
dan: 4/5 public tests passed; 33/36 functions right in upcard's tests
  Card_public_tests.cpp: 2/2 passed
  Pack_public_tests.cpp: 2/2 passed
  Player_public_tests.cpp: 0/1 passed
    test_simple_player_make_trump: TIMEOUT (more than 2 s)
  upcard's tests of Card: 20/22 functions right
    is_face_or_ace: 24 of 24 cases wrong
      | it timed out after 2 s at `Nine of Spades.is_face_or_ace()`
    operator>=: 576 of 576 cases wrong
      | it crashed (SIGABRT) at `Nine of Spades >= Nine of Spades` \
(upcard-adt.exe: Card.cpp:86: bool operator>=(const Card&, const Card&): Assertion `false' failed.)
  upcard's tests of Pack: 6/6 functions right
  upcard's tests of Player: 7/8 functions right
    Simple make_trump: 768 of 768 cases wrong
      | it timed out after 2 s at `make_trump(Nine of Spades, is_dealer false, round 1) with the hand \
Jack of Hearts, Queen of Spades, Ace of Diamonds, Ace of Spades, Ten of Hearts` \
(wrong too, and used here: is_face_or_ace)
eve: 0/0 public tests passed (3 test files not run); 0/0 functions right in upcard's tests (3 classes not run)
  Card_public_tests.cpp: does not compile: Card.cpp:129: a main of its own (the tests bring theirs)
  Pack_public_tests.cpp: does not compile: Card.cpp:129: a main of its own (the tests bring theirs)
  Player_public_tests.cpp: not built: Player.cpp is not in the submission
  upcard's tests of Card: does not compile: Card.cpp:129: a main of its own (the tests bring theirs)
  upcard's tests of Pack: does not compile: Card.cpp:129: a main of its own (the tests bring theirs)
  upcard's tests of Player: not built: Player.cpp is not in the submission
154 passed, 16 failed
";

#[test]
fn upcards_tests_name_each_wrong_function_at_its_smallest_case() {
    let class = eecs280_class("table");
    let json = class.join("report.json");
    let ran = Upcard::new()
        .args([
            "adt",
            "--course-files",
            &format!("{EECS280}/course"),
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
    assert_eq!(text, EECS280_TABLE);
    let report: serde_json::Value = serde_json::from_slice(&std::fs::read(&json).unwrap()).unwrap();
    let ben = &report["students"][1];
    assert_eq!(ben["name"], "ben");
    let less = &ben["classes"][0]["functions"][8];
    assert_eq!(less["class"], "Card");
    assert_eq!(less["function"], "Card_less(a, b, trump)");
    assert_eq!(
        (less["cases"].as_u64(), less["wrong"].as_u64()),
        (Some(2304), Some(24))
    );
    // The same cases and the same words at -j 1, without the slow ones.
    let one = Upcard::new()
        .args([
            "adt",
            "--course-files",
            &format!("{EECS280}/course"),
            "--parts",
            "engine",
            "-j",
            "1",
        ])
        .arg_path(&class.join("ben"))
        .status(1)
        .run();
    let ben_lines: String = EECS280_TABLE
        .lines()
        .skip_while(|l| !l.starts_with("ben:"))
        .take_while(|l| !l.starts_with("cat:"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(
        one.text(),
        format!("{ben_lines}32 passed, 4 failed\n")
            .replace("5/5 public tests passed; ", "")
            .replace(PUBLIC_PASSED, "")
    );
}

/// A submission of the spec's `.cpp` files only (no header): built with
/// `--course-files`, the course's headers are used, as the course compiles
/// students' files; without them it does not compile; a student's edited
/// header is said at its first differing line and not used.
#[test]
fn a_submission_of_cpp_files_builds_with_the_courses_headers() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adt-six-files");
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for n in ["Card.cpp", "Pack.cpp", "Player.cpp"] {
        std::fs::copy(format!("{EECS280}/solution/{n}"), dir.join(n)).unwrap();
    }
    let main = "#include \"Pack.hpp\"\n#include \"Player.hpp\"\n\
                int main() { Pack p; Player *s = Player_factory(\"A\", \"Simple\");\n\
                s->add_card(p.deal_one()); Card c = s->lead_card(SPADES);\n\
                delete s; return c == Card(NINE, SPADES) ? 0 : 1; }\n";
    std::fs::write(dir.join("euchre.cpp"), main).unwrap();
    let exe = dir.join("built.exe");
    let build = |course: bool| {
        let mut u = Upcard::new().args(["build", "--rules", "eecs280"]);
        if course {
            u = u.args(["--course-files", &format!("{EECS280}/course")]);
        }
        u.arg_path(&dir).args(["-o"]).arg_path(&exe)
    };
    let refused = build(false).status(1).run();
    assert!(
        refused
            .stderr
            .contains("fatal error: Pack.hpp: No such file or directory"),
        "{}",
        refused.stderr
    );
    build(true)
        .stdout_is(format!("built {}\n", exe.display()))
        .run();
    assert_eq!(
        std::process::Command::new(&exe).status().unwrap().code(),
        Some(0)
    );
    // An edited header of the student's: said, and the course's used.
    let header = std::fs::read_to_string(format!("{EECS280}/course/Card.hpp")).unwrap();
    let edited = header.replacen("  Card();\n", "  Card();\n  int mine() const;\n", 1);
    std::fs::write(dir.join("Card.hpp"), edited).unwrap();
    build(true)
        .stdout_is(format!(
            "Card.hpp differs from the course's at line 27: the course's `Card(Rank rank_in, Suit suit_in);`, \
             yours `int mine() const;` (the course's header was used)\nbuilt {}\n",
            exe.display()
        ))
        .run();
}

/// A Gradescope grader made with `--course-files` carries the course's
/// headers and builds a submission of `.cpp` files alone with them.
#[test]
fn a_generated_grader_builds_with_the_courses_headers() {
    let root = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adt-gradescope-course");
    let _ = std::fs::remove_dir_all(&root);
    let scenario = std::fs::read_dir("scenarios/eecs280")
        .unwrap()
        .flatten()
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "yaml"))
        .min()
        .unwrap();
    Upcard::new()
        .args([
            "autograder",
            "init",
            "--platform",
            "gradescope",
            "--rules",
            "eecs280",
        ])
        .args([
            "--course-files",
            &format!("{EECS280}/course"),
            "--scenarios",
        ])
        .arg_path(&scenario)
        .arg_path(&root.join("source"))
        .run();
    let script = std::fs::read_to_string(root.join("source/run_autograder")).unwrap();
    assert!(
        script.contains(
            "--script \"$SOURCE/build.sh\" --course-files \"$SOURCE/course\" \"$ROOT/submission\""
        ),
        "{script}"
    );
    assert_eq!(
        std::fs::read(root.join("source/course/Card.hpp")).unwrap(),
        std::fs::read(format!("{EECS280}/course/Card.hpp")).unwrap()
    );
    let sub = root.join("submission");
    std::fs::create_dir_all(&sub).unwrap();
    for n in ["Card.cpp", "Pack.cpp", "Player.cpp"] {
        std::fs::copy(format!("{EECS280}/solution/{n}"), sub.join(n)).unwrap();
    }
    std::fs::write(
        sub.join("euchre.cpp"),
        "#include \"Player.hpp\"\nint main() {}\n",
    )
    .unwrap();
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
    let results = std::fs::read_to_string(root.join("results/results.json")).unwrap();
    // Built (the program then plays no game): its scenario is graded, not "did not compile".
    assert!(!results.contains("did not compile"), "{results}");
    let name = scenario.file_stem().unwrap().to_string_lossy().into_owned();
    assert!(results.contains(&name), "{results}");
}

/// Each API family's harness: the current term's enum API as the older
/// `Card.h` (the eecs280 fixture renamed), and the string-suit API
/// (tests/integration/programs/adt/strings: `is_face`, no `<=`, no `>>`),
/// each with a right solution and one whose `Suit_next` is wrong.
#[test]
fn every_api_family_is_tested_from_inside() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adt-families");
    let _ = std::fs::remove_dir_all(&base);
    let copy = |from: &str, to: &Path, rename: bool| copy_tree(Path::new(from), to, rename);
    let families = [
        (
            "enum-h",
            EECS280,
            true,
            "  case SPADES:\n    return CLUBS;",
            "  case SPADES:\n    return HEARTS;",
            (36, 1),
        ),
        (
            "strings",
            "tests/integration/programs/adt/strings",
            false,
            "return SUITS[(suit_of(suit) + 2) % 4];",
            "return SUITS[(suit_of(suit) + 1) % 4];",
            (29, 4),
        ),
    ];
    for (family, fixture, rename, from, to, (n, wrong)) in families {
        let dir = base.join(family);
        copy(&format!("{fixture}/course"), &dir.join("course"), rename);
        copy(
            &format!("{fixture}/solution"),
            &dir.join("class/right"),
            rename,
        );
        copy(
            &format!("{fixture}/solution"),
            &dir.join("class/slip"),
            rename,
        );
        let card = dir.join("class/slip/Card.cpp");
        let text = std::fs::read_to_string(&card).unwrap();
        assert!(text.contains(from), "{family}");
        std::fs::write(&card, text.replacen(from, to, 1)).unwrap();
        let ran = Upcard::new()
            .args(["adt", "--parts", "engine", "--course-files"])
            .arg_path(&dir.join("course"))
            .arg_path(&dir.join("class"))
            .status(1)
            .run();
        let text = ran.text();
        assert!(
            text.starts_with(&format!(
                "right: {n}/{n} functions right in upcard's tests\n"
            )),
            "{family}: {text}"
        );
        let next = text
            .lines()
            .skip_while(|l| !l.starts_with("    Suit_next(suit)"))
            .take(2)
            .collect::<Vec<_>>()
            .join("\n");
        assert_eq!(
            next,
            format!(
                "    Suit_next(suit): {wrong} of 4 cases wrong\n      | `Suit_next(Spades)` is Hearts; \
                 it should be Clubs: the next suit is the other suit of the same colour"
            ),
            "{family}: {text}"
        );
    }
}

/// The Human player, as the spec's "Human Player" section prints and reads:
/// a Human that does not keep its hand sorted, and one that never removes
/// the card it plays, each named at its smallest case with the line it
/// printed and the line the spec's sample code prints.
#[test]
fn the_human_player_is_tested_as_the_spec_prints_it() {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adt-human");
    let _ = std::fs::remove_dir_all(&dir);
    let player = std::fs::read_to_string(format!("{EECS280}/solution/Player.cpp")).unwrap();
    let keep = "    Card c = hand[i];\n    hand.erase(hand.begin() + i);\n    return c;\n  }\n};";
    let at = player.rfind(keep).unwrap();
    let slips = [
        (
            "unsorted",
            player.replacen(
                "    hand.push_back(c);\n    sort(hand.begin(), hand.end());",
                "    hand.push_back(c);",
                1,
            ),
        ),
        (
            "kept",
            format!(
                "{}    Card c = hand[i];\n    return c;\n  }}\n}};{}",
                &player[..at],
                &player[at + keep.len()..]
            ),
        ),
    ];
    for (who, text) in &slips {
        assert_ne!(text, &player, "{who}");
        let to = dir.join(who);
        std::fs::create_dir_all(&to).unwrap();
        for f in ["Card.cpp", "Pack.cpp"] {
            std::fs::copy(format!("{EECS280}/solution/{f}"), to.join(f)).unwrap();
        }
        std::fs::write(to.join("Player.cpp"), text).unwrap();
    }
    let ran = Upcard::new()
        .args(["adt", "--parts", "engine", "--course-files"])
        .arg_path(Path::new(&format!("{EECS280}/course")))
        .arg_path(&dir)
        .status(1)
        .run();
    let text = ran.text();
    let wrong: Vec<&str> = text
        .lines()
        .filter(|l| l.starts_with("    Human") || l.starts_with("      | `lead_card"))
        .collect();
    assert_eq!(
        wrong,
        [
            "    Human add_and_discard: 72 of 72 cases wrong",
            "    Human lead_card: 80 of 100 cases wrong",
            "      | `lead_card(Spades) until its hand is empty, with the hand Ten of Hearts, Queen of Spades` \
             with the user typing \"0\", \"0\" prints `Human player Ivy's hand: [0] Ten of Hearts` as its \
             line 4; it should print `Human player Ivy's hand: [0] Queen of Spades`: the Human player \
             removes the card it plays from its hand (it prints the hand it has left)",
            "    Human play_card: 80 of 100 cases wrong",
            "    Human make_trump: 94 of 96 cases wrong",
            "    Human add_and_discard: 72 of 72 cases wrong",
            "    Human lead_card: 67 of 100 cases wrong",
            "      | `lead_card(Spades) until its hand is empty, with the hand Jack of Hearts, Ten of Spades` \
             with the user typing \"0\", \"0\" prints `Human player Ivy's hand: [0] Jack of Hearts` as its \
             line 1; it should print `Human player Ivy's hand: [0] Ten of Spades`: the Human player \
             prints its hand in ascending order (operator<), each card with its index",
            "    Human play_card: 66 of 100 cases wrong",
        ],
        "{text}"
    );
    assert!(
        text.starts_with("kept: 33/36 functions right in upcard's tests\n"),
        "{text}"
    );
}

/// The course framework run by hand and `upcard adt` give every public
/// test the same verdict (scripts/adt-compare.py: g++ outside the sandbox,
/// the tests listed, each run alone with `pack.in` beside it), in the
/// current API and the same API as `Card.h`, on a class with tests that
/// pass, fail, crash and loop (dan's `is_face_or_ace`), a build error, a
/// `main` of its own and a file missing.
#[test]
fn the_public_tests_verdicts_equal_the_course_framework_run_by_hand() {
    let base = Path::new(env!("CARGO_TARGET_TMPDIR")).join("adt-by-hand");
    let _ = std::fs::remove_dir_all(&base);
    let class = eecs280_class("by-hand");
    let card = std::fs::read_to_string(format!("{EECS280}/solution/Card.cpp")).unwrap();
    let put = |who: &str, name: &str, text: &str| {
        let p = class.join(who).join(name);
        std::fs::create_dir_all(p.parent().unwrap()).unwrap();
        std::fs::write(p, text).unwrap();
    };
    // The right bower ranked as any trump Jack; a Pack dealt from its end;
    // a Player that does not compile.
    let no_right = card.replacen("    return 300;\n", "    return 200 + plain(c);\n", 1);
    assert_ne!(no_right, card);
    put("fay", "Card.cpp", &no_right);
    let pack = std::fs::read_to_string(format!("{EECS280}/solution/Pack.cpp")).unwrap();
    let backwards = pack.replacen(
        "return cards[next++];",
        "return cards[PACK_SIZE - 1 - next++];",
        1,
    );
    assert_ne!(backwards, pack);
    put("fay", "Pack.cpp", &backwards);
    put("fay", "Player.cpp", "#include \"Player.hpp\"\nint x = ;\n");
    // Card_less with trump asserts: its test crashes, the ctor's passes.
    let asserts = card.replacen(
        "bool Card_less(const Card &a, const Card &b, Suit trump) {\n",
        "bool Card_less(const Card &a, const Card &b, Suit trump) {\n  assert(false);\n",
        1,
    );
    assert_ne!(asserts, card);
    put("gus", "Card.cpp", &asserts);
    for (family, rename) in [("hpp", false), ("h", true)] {
        let dir = base.join(family);
        let (course, students) = (dir.join("course"), dir.join("class"));
        copy_tree(Path::new(&format!("{EECS280}/course")), &course, rename);
        copy_tree(&class, &students, rename);
        let out = std::process::Command::new("python3")
            .arg("scripts/adt-compare.py")
            .args([&course, &students])
            .arg("--upcard")
            .arg(env!("CARGO_BIN_EXE_upcard"))
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert_eq!(
            text,
            "21 agree (22 tests pass, 4 fail, 6 files built by neither), 0 differ\n",
            "{family}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "{family}");
    }
}

/// A folder copied with its subfolders; `rename` makes the current API's
/// `.hpp` names the older `.h` ones, in names and `#include`s.
fn copy_tree(from: &Path, to: &Path, rename: bool) {
    std::fs::create_dir_all(to).unwrap();
    for e in std::fs::read_dir(from).unwrap().flatten() {
        let mut name = e.file_name().to_string_lossy().into_owned();
        if e.file_type().unwrap().is_dir() {
            copy_tree(&e.path(), &to.join(name), rename);
            continue;
        }
        let mut text = std::fs::read_to_string(e.path()).unwrap();
        if rename {
            text = text.replace(".hpp\"", ".h\"");
            name = name.replace(".hpp", ".h");
        }
        std::fs::write(to.join(name), text).unwrap();
    }
}
