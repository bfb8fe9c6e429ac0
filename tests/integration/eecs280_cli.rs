//! The EECS 280 drop-in through the binary: official goldens and error paths.

use std::path::{Path, PathBuf};

use crate::tester::Upcard;

fn golden_dir(era: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("golden/eecs280")
        .join(era)
}

/// Runs the command on line 1 of a golden and compares every byte.
fn check_golden(era: &str, test: &str) {
    let dir = golden_dir(era);
    let expected = std::fs::read(dir.join(format!("euchre_{test}.out.correct"))).unwrap();
    let line1 = String::from_utf8_lossy(&expected)
        .lines()
        .next()
        .unwrap()
        .to_string();
    let mut words: Vec<&str> = line1.split_whitespace().collect();
    assert_eq!(words.remove(0), "./euchre.exe");
    let stdin = std::fs::read(dir.join(format!("euchre_{test}.in"))).unwrap_or_default();
    for upcard in Upcard::course_programs() {
        upcard
            .current_dir(&dir)
            .args(["eecs280"])
            .args(&words)
            .stdin(stdin.clone())
            .stdout_is(expected.clone())
            .stderr_is("")
            .run();
    }
}

#[test]
fn official_test00_both_eras() {
    check_golden("v2020-2026_adi", "test00");
    check_golden("v2018_alice", "test00");
}

#[test]
fn official_test01_shuffle_both_eras() {
    check_golden("v2020-2026_adi", "test01");
    check_golden("v2018_alice", "test01");
}

#[test]
fn official_test50_humans_both_eras() {
    check_golden("v2020-2026_adi", "test50");
    check_golden("v2018_alice", "test50");
}

/// test50's command line: four Human players.
const HUMANS: &str = "eecs280 pack.in noshuffle 3 Ivan Human Judea Human Kunle Human Liskov Human";

const USAGE: &str = "Usage: euchre.exe PACK_FILENAME [shuffle|noshuffle] POINTS_TO_WIN NAME1 TYPE1 NAME2 TYPE2 NAME3 TYPE3 NAME4 TYPE4\n";

#[test]
fn argument_errors_print_the_usage_line_only() {
    let dir = golden_dir("v2020-2026_adi");
    let base = words("eecs280 pack.in noshuffle 1 A Simple B Simple C Simple D Simple");
    let with = |i: usize, word: &'static str| {
        let mut v = base.clone();
        v[i] = word;
        v
    };
    let cases: Vec<Vec<&str>> = vec![
        base[..11].to_vec(),              // too few
        [&base[..], &["extra"]].concat(), // too many
        with(2, "maybe"),                 // neither shuffle nor noshuffle
        with(3, "0"),
        with(3, "101"),
        with(3, "x"),
        with(7, "Smart"), // not Simple or Human
    ];
    for args in cases {
        for upcard in Upcard::course_programs() {
            upcard
                .current_dir(&dir)
                .args(&args)
                .status(2)
                .stdout_is(USAGE)
                .stderr_is("")
                .run();
        }
    }
    // 100 points is allowed.
    Upcard::new().current_dir(&dir).args(with(3, "100")).run();
}

#[test]
fn unreadable_pack_prints_error_opening() {
    let dir = golden_dir("v2020-2026_adi");
    for upcard in Upcard::course_programs() {
        upcard
            .current_dir(&dir)
            .line("eecs280 nope.in noshuffle 1 A Simple B Simple C Simple D Simple")
            .status(2)
            .stdout_is("Error opening nope.in\n")
            .run();
    }
}

#[test]
fn malformed_pack_names_file_line_and_text() {
    let tmp = tempdir("badpack");
    let pack = std::fs::read_to_string(golden_dir("v2020-2026_adi").join("pack.in")).unwrap();
    std::fs::write(
        tmp.join("bad.in"),
        pack.replacen("King of Hearts", "King of Hats", 1),
    )
    .unwrap();
    for upcard in Upcard::course_programs() {
        upcard
            .current_dir(&tmp)
            .line("eecs280 bad.in noshuffle 1 A Simple B Simple C Simple D Simple")
            .status(2)
            .stdout_is("")
            .stderr_is(
                "upcard: bad.in:11:1: expected a card like \"Nine of Spades\", found \"King of Hats\"\n",
            )
            .run();
    }
}

#[test]
fn human_eof_keeps_the_transcript_and_names_the_player() {
    let dir = golden_dir("v2020-2026_adi");
    let out = Upcard::new()
        .current_dir(&dir)
        .line(HUMANS)
        .stdin("pass\npass\npass\n")
        .status(2)
        .stderr_is("upcard: Human player Ivan: standard input ended; expected Spades, Hearts, Clubs, Diamonds or pass\n")
        .run();
    let stdout = out.text();
    assert!(stdout.ends_with("Liskov passes\nHuman player Ivan's hand: [0] Nine of Diamonds\nHuman player Ivan's hand: [1] Ten of Diamonds\nHuman player Ivan's hand: [2] Jack of Hearts\nHuman player Ivan's hand: [3] Queen of Hearts\nHuman player Ivan's hand: [4] Ace of Clubs\nHuman player Ivan, please enter a suit, or \"pass\":\n"), "{stdout}");
}

#[test]
fn human_unreadable_answers_are_refused() {
    let dir = golden_dir("v2020-2026_adi");
    let cases: [(&[u8], &str); 4] = [
        (
            b"Spadez\n",
            "upcard: Human player Judea: expected Spades, Hearts, Clubs, Diamonds or pass, got \"Spadez\"\n",
        ),
        (
            b"Clubs\n",
            "upcard: Human player Judea: ordered up Clubs in round one; only Diamonds may be ordered up\n",
        ),
        (
            b"pass pass pass pass pass pass pass pass\n",
            "upcard: Human player Ivan: passed as dealer in round two; the dealer must order up a suit (screw the dealer)\n",
        ),
        (
            b"pass pass pass pass Hearts 5\n",
            "upcard: Human player Judea: expected a card number from 0 to 4, got \"5\"\n",
        ),
    ];
    for (stdin, err) in cases {
        Upcard::new()
            .current_dir(&dir)
            .line(HUMANS)
            .stdin(stdin)
            .status(2)
            .stderr_is(err)
            .run();
    }
}

fn tempdir(name: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-test-{}-{name}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Command-line words from one string.
fn words(s: &'static str) -> Vec<&'static str> {
    s.split(' ').collect()
}

/// upcard under the course program's name is that program: a copy named
/// `euchre.exe` prints what `upcard eecs280` prints, and `euchre` is CS 246's;
/// so are copies of `upcard-course`.
#[test]
fn upcard_named_as_a_course_program_is_that_program() {
    for (i, exe) in [
        env!("CARGO_BIN_EXE_upcard"),
        env!("CARGO_BIN_EXE_upcard-course"),
    ]
    .into_iter()
    .enumerate()
    {
        named_as_a_course_program(exe, &format!("upcard-multicall-{}-{i}", std::process::id()));
    }
}

fn named_as_a_course_program(exe: &str, folder: &str) {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join(folder);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["euchre.exe", "euchre"] {
        std::fs::copy(exe, dir.join(name)).unwrap();
    }
    std::fs::copy("golden/eecs280/v2020-2026_adi/pack.in", dir.join("pack.in")).unwrap();
    let args = "pack.in noshuffle 1 Adi Simple Barbara Simple Chi-Chih Simple Dabbala Simple";
    let as_exe = std::process::Command::new("./euchre.exe")
        .args(args.split(' '))
        .current_dir(&dir)
        .output()
        .unwrap();
    let as_sub = std::process::Command::new(env!("CARGO_BIN_EXE_upcard"))
        .arg("eecs280")
        .args(args.split(' '))
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(as_exe.status.success());
    assert_eq!(as_exe.stdout, as_sub.stdout);
    assert!(
        as_exe
            .stdout
            .starts_with(format!("./euchre.exe {args} \n").as_bytes())
    );
    let cs = |exe: &str, pre: &[&str]| {
        let mut c = std::process::Command::new(exe);
        c.args(pre)
            .args(["-s", "3"])
            .current_dir(&dir)
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped());
        let mut child = c.spawn().unwrap();
        use std::io::Write;
        child.stdin.take().unwrap().write_all(b"q\n").unwrap();
        child.wait_with_output().unwrap().stdout
    };
    let named = cs("./euchre", &[]);
    assert!(!named.is_empty());
    assert_eq!(named, cs(env!("CARGO_BIN_EXE_upcard"), &["cs246"]));
}
