//! `upcard grade --diagnose` on C++ programs that each carry one bug of a
//! kind real submissions show, written in C++ in `programs/euchre.cpp` (not
//! by switching a mutant on): the diagnosis at the first wrong line, exact.

use std::path::{Path, PathBuf};
use std::process::Command;

use serde_json::Value;

use crate::tester::Upcard;

/// euchre.cpp built with `-DBUG_{bug}`.
fn build(bug: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagnose-programs");
    std::fs::create_dir_all(&dir).unwrap();
    let exe = dir.join(format!("euchre-{bug}"));
    // Built from its own folder, so that an assertion names the file as
    // "euchre.cpp" wherever the tests run.
    let programs = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/programs");
    crate::common::system_packages();
    let st = Command::new("g++")
        .current_dir(&programs)
        .args(["-O1", "-o"])
        .arg(&exe)
        .arg(format!("-DBUG_{bug}"))
        .arg("euchre.cpp")
        .status()
        .expect("g++ (apt-get install -y g++)");
    assert!(st.success());
    exe
}

/// The JSON report's diagnosis of the one scenario, as (kind, mutant, message).
fn diagnosis(bug: &str, scenario: &str) -> Vec<(String, Option<String>, String)> {
    let exe = build(bug);
    let report = exe.with_extension(format!("{scenario}.json"));
    Upcard::new()
        .args(["grade", "--diagnose", "--exe"])
        .arg_path(&exe)
        .args([format!("scenarios/eecs280/{scenario}.yaml")])
        .args(["--report".to_string(), format!("json={}", report.display())])
        .status(1)
        .run();
    let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
    v["tests"][0]["diagnosis"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| {
            (
                f["kind"].as_str().unwrap().to_string(),
                f["mutant"].as_str().map(String::from),
                f["message"].as_str().unwrap().to_string(),
            )
        })
        .collect()
}

/// Every failing scenario of the library's EECS 280 folder, graded as one
/// student's (so that patterns across scenarios are found), with its
/// diagnosis as (kind, message).
fn diagnoses(bug: &str) -> Vec<(String, Vec<(String, String)>)> {
    let exe = build(bug);
    let class = exe.with_extension("class");
    let _ = std::fs::remove_dir_all(&class);
    std::fs::create_dir_all(class.join("student")).unwrap();
    std::fs::copy(&exe, class.join("student/euchre.exe")).unwrap();
    let reports = exe.with_extension("reports");
    Upcard::new()
        .args(["grade", "--diagnose", "--exe"])
        .arg_path(&class)
        .args(["scenarios/eecs280"])
        .args([
            "--report".to_string(),
            format!("json={}", reports.display()),
        ])
        .status(1)
        .run();
    let v: Value =
        serde_json::from_slice(&std::fs::read(reports.join("student.json")).unwrap()).unwrap();
    v["tests"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["score"] != t["max_score"])
        .map(|t| {
            let found = t["diagnosis"].as_array().unwrap().iter().map(|f| {
                (
                    f["kind"].as_str().unwrap().to_string(),
                    f["message"].as_str().unwrap().to_string(),
                )
            });
            (t["name"].as_str().unwrap().to_string(), found.collect())
        })
        .collect()
}

/// The pack file read into a Pack that never deals: the default order's
/// game is the program's.
#[test]
fn a_pack_file_never_dealt_from_is_named() {
    let found = diagnosis("PACK_NOT_READ", "pack-named-by-argv");
    assert_eq!(
        found[0],
        mutant(
            "pack-file-not-read",
            "the pack file is never read into the Pack that deals (a second, local Pack, or one never assigned): the cards come from a pack in its default order, Spades, Hearts, Clubs, Diamonds, each Nine to Ace"
        )
    );
}

/// Text that is no game's: a space after a line, and a starter scaffold.
#[test]
fn a_trailing_space_and_a_scaffold_are_said_as_what_they_are() {
    assert_eq!(
        diagnosis("MARCH_SPACE", "march"),
        vec![local(
            "field",
            "line 42 differs from the expected \"march!\" (Barbara & Dabbala score 2 (march)) only in spaces at its end: your program prints \"march! \""
        )]
    );
    assert_eq!(
        diagnosis("SCAFFOLD", "march"),
        vec![local(
            "difference",
            "none of the 1 line your program printed is a line of the game (the first: \"Euchre scaffold ready.\"): is the program the game yet (not a starter scaffold or a test driver)?"
        )]
    );
}

/// A winner chosen with `>`: on exactly the target the other side is
/// named, and the comparison is asked about.
#[test]
fn a_winner_chosen_by_greater_than_is_asked_about() {
    assert_eq!(
        diagnosis("WINNER_BY_GREATER", "game-ends-exactly-on-target"),
        vec![local(
            "outcome",
            "your program has Barbara and Dabbala win the game, but Adi and Chi-Chih reached 5 points first (the target is 5): Adi and Chi-Chih have exactly the 5 points to win, and Barbara and Dabbala fewer: is the winner chosen with `score > points_to_win` where `>=` is meant?"
        )]
    );
}

/// A sixth card dealt: the crash is read from standard error and said with
/// the game's state where the output stopped.
#[test]
fn a_crash_is_said_with_its_assertion_and_the_state_where_output_stopped() {
    assert_eq!(
        diagnosis("SIXTH_CARD", "march"),
        vec![local(
            "crash",
            &"your program was killed by SIGABRT after printing 3 lines, while hand 0 is dealt, by Adi: the assertion `p[who].hand.size() < 5` failed (main, euchre.cpp:LINE): a card was added to a hand that already held five while the cards were dealt: is the dealer, or whom each card goes to, taken from a variable that is never set (read before it is written), or are the hands not emptied after each hand?"
                .replace("LINE", &line_of("assert(p[who].hand.size() < 5)").to_string())
        )]
    );
}

/// A program that opens pack.in whatever argv[1] says aborts exactly on
/// the scenarios whose pack has another name: the pattern says so first,
/// the crash's state and report after it.
#[test]
fn crashes_on_exactly_the_packs_not_named_pack_in_are_said_as_a_pattern() {
    let found = diagnoses("PACK_IN_ALWAYS");
    let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, ["pack-named-by-argv", "shuffled-pack-named-by-argv"]);
    for (name, f) in &found {
        assert_eq!(
            f[0],
            (
                "pattern".to_string(),
                "your program crashes exactly on the 2 scenarios whose pack file is not named pack.in and does not crash on the 15 others: is the pack opened from the file argv[1] names, not from pack.in?".to_string()
            ),
            "{name}"
        );
    }
    assert_eq!(found[0].1[1].0, "crash");
    // The pack stops the program before any hand: no hand is named.
    assert!(
        found[0].1[1]
            .1
            .starts_with("your program was killed by SIGABRT after printing 1 line: the assertion"),
        "{}",
        found[0].1[1].1
    );
    assert!(
        found[0].1[1].1.ends_with(
            "the assertion `cardNum == 24` failed (main, euchre.cpp:LINE): the pack did not hold its 24 cards as read: is the pack opened from the file argv[1] names (here \"deck.txt\"), and read to its end?"
                .replace("LINE", &line_of("assert(cardNum == 24)").to_string())
                .as_str()
        ),
        "{}",
        found[0].1[1].1
    );
}

/// The 1-based line of euchre.cpp that holds `text`.
fn line_of(text: &str) -> usize {
    let src = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/programs/euchre.cpp"),
    )
    .unwrap();
    src.lines().position(|l| l.contains(text)).unwrap() + 1
}

/// The starter code's assert(false) left in the Human player: every
/// scenario with a Human aborts, and that is said first in each.
#[test]
fn crashes_on_exactly_the_human_scenarios_are_said_as_a_pattern() {
    let pattern = "your program crashes exactly on the 3 scenarios with a Human player and does not crash on the 14 others: is the Human player written, and its input read as the spec says?";
    let found = diagnoses("HUMAN_UNWRITTEN");
    let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "human-dealer-discards",
            "official-test50-adi",
            "screw-the-dealer"
        ]
    );
    for (name, f) in &found {
        assert_eq!(f[0], ("pattern".to_string(), pattern.to_string()), "{name}");
        assert_eq!(f[1].0, "crash", "{name}");
    }
    assert_eq!(
        found[0].1[1].1,
        "your program was killed by SIGABRT after printing 7 lines, as Adi is asked to discard in hand 0: the assertion `false` failed (add_and_discard, euchre.cpp:LINE): add_and_discard still holds the starter code's assert(false): is it written yet?"
            .replace("LINE", &line_of("the discard, never written").to_string())
    );
}

fn local(kind: &str, message: &str) -> (String, Option<String>, String) {
    (kind.into(), None, message.into())
}

fn mutant(name: &str, what: &str) -> (String, Option<String>, String) {
    (
        "mutant".into(),
        Some(name.into()),
        format!("your output equals the engine with mutant `{name}` on this scenario: {what}"),
    )
}

/// A `Card_less` that compares ranks only: the dealer's discard, which
/// nothing prints, is named with the suit order, not the pick-up.
#[test]
fn a_discard_by_rank_alone_is_named_with_the_suit_order() {
    assert_eq!(
        diagnosis("RANK_ONLY", "left-bower-led"),
        vec![
            mutant(
                "suit-ties-ignored",
                "cards of equal rank compare equal (Card_less and operator< compare ranks only): of two non-trump cards of one rank, the one earlier in the hand is taken as both the lower and the higher, the upcard after the hand"
            ),
            local(
                "unprinted",
                "the dealer Adi discarded the Nine of Hearts, keeping the Nine of Spades, where the strategy discards the lowest card of its hand and the upcard (nothing is printed for a discard; with that discard the engine prints your output through line 13): of two cards of one rank the suit decides, Spades lowest, then Hearts, Clubs, Diamonds, so the Nine of Spades is the lower: does Card_less (or operator<) break a tie of ranks by suit, in that order?"
            ),
        ]
    );
}

/// A tie of ranks broken with Hearts and Spades swapped: not the left bower.
#[test]
fn hearts_and_spades_swapped_in_the_tie_break_are_named() {
    assert_eq!(
        diagnosis("HEARTS_BELOW_SPADES", "official-test01-adi"),
        vec![
            mutant(
                "hearts-below-spades",
                "cards of equal rank break the tie with Hearts and Spades swapped (H < S < C < D instead of S < H < C < D)"
            ),
            local(
                "strategy",
                "Herb leads the Ace of Spades, a lawful card, where the strategy leads the Ace of Hearts (leads its highest non-trump card); of the cards Herb could play (the Ace of Diamonds, the Nine of Diamonds, the Ace of Hearts and the Ace of Spades), the Ace of Spades is the lowest in this trick's order (Diamonds trump)"
            ),
        ]
    );
}

#[test]
fn a_player_treated_as_the_dealer_is_named() {
    assert_eq!(
        diagnosis("EVERYONE_IS_DEALER", "screw-the-dealer"),
        vec![
            mutant(
                "simple-always-dealer",
                "Simple counts itself as the dealer in round two, so it names the suit of the upcard's colour even without a face or ace card of it"
            ),
            local(
                "strategy",
                "Chi-Chih names Spades in round two where the strategy passes (passes: no face or ace card of the suit of the upcard's colour); Chi-Chih holds no face or ace card of Spades (bowers count): only the dealer must name a suit without one (screw the dealer), and Adi deals: is Chi-Chih being treated as the dealer?"
            ),
        ]
    );
}

#[test]
fn a_left_bower_kept_in_its_printed_suit_when_following_breaks_the_follow_rule() {
    assert_eq!(
        diagnosis("LEFT_PRINTED_WHEN_FOLLOWING", "euchred"),
        vec![
            mutant(
                "left-bower-keeps-printed-suit",
                "the left bower is treated as its printed suit when following and leading (it still ranks as the second-highest trump)"
            ),
            mutant(
                "left-bower-printed-when-following",
                "when following suit, a left bower in the hand counts as its printed suit (it is still a trump when led, and ranks as one)"
            ),
            local(
                "illegal",
                "the Jack of Diamonds is a trump (the left bower) when Hearts are trump, so it does not follow a Diamonds lead; Chi-Chih holds the Queen of Diamonds, so Chi-Chih must play it: your program seems to treat the left bower as a Diamonds card"
            ),
        ]
    );
}

/// No mutant plays an unlawful card: the rule it breaks is the diagnosis.
#[test]
fn the_highest_card_across_suits_is_a_renege() {
    assert_eq!(
        diagnosis("HIGHEST_ACROSS_SUITS", "euchred"),
        vec![local(
            "illegal",
            "Dabbala holds the Queen of Clubs and so must follow the Clubs lead; the King of Hearts is a trump (Hearts are trump)"
        )]
    );
}

#[test]
fn argv_fields_from_the_wrong_index_are_named_by_argument() {
    assert_eq!(
        diagnosis("ARGV_TYPE_INDEX", "human-dealer-discards"),
        vec![local(
            "field",
            "line 1 differs from the expected \"./euchre.exe pack.in noshuffle 1 Adi Human Barbara Simple Chi-Chih Simple Dabbala Simple \" (the command line, echoed) in 3 words: word 8 of the echoed command line should be argument 7, \"Simple\", but is \"Human\", argument 5; word 10 of the echoed command line should be argument 9, \"Simple\", but is \"Human\", argument 5; word 12 of the echoed command line should be argument 11, \"Simple\", but is \"Human\", argument 5: is an argument read from the wrong index?"
        )]
    );
}

#[test]
fn the_win_line_skipped_at_exactly_the_target_is_named() {
    assert_eq!(
        diagnosis("NO_WIN_AT_TARGET", "game-ends-exactly-on-target"),
        vec![
            mutant(
                "no-win-line-at-target",
                "the \"win!\" line is missing when the winners end the game with exactly the points to win"
            ),
            local(
                "ends-early",
                "your output ends after line 361; the expected output goes on with \"Adi and Chi-Chih win!\" (Adi & Chi-Chih win the game); the game ended with Adi and Chi-Chih at exactly 5 points, the target: a team that reaches the target wins (a check like `score > points_to_win` misses this)"
            ),
        ]
    );
}

#[test]
fn a_number_no_game_gives_is_taken_for_uninitialised_memory() {
    assert_eq!(
        diagnosis("HAND_GARBAGE", "game-ends-exactly-on-target"),
        vec![local(
            "uninitialised",
            "your line \"Hand 21845\" has the number 21845 where the expected line \"Hand 1\" has 1: no game gives 21845; a number like this usually comes from memory that was never set (a variable or array element read before it is written): build with -fsanitize=address,undefined or run under valgrind to find where"
        )]
    );
}

/// A difference no rule explains is said as it is, and nothing more.
#[test]
fn a_difference_no_rule_explains_is_said_plainly() {
    assert_eq!(
        diagnosis("HAND_HASH", "dealer-discards-upcard"),
        vec![local(
            "field",
            "line 2 differs from the expected \"Hand 0\" (hand 0 starts: Adi deals) in 1 word: it has \"#0\" where \"0\" is expected"
        )]
    );
}

#[test]
fn the_left_bower_ranked_above_the_right_loses_the_trick_to_it() {
    assert_eq!(
        diagnosis("LEFT_ABOVE_RIGHT", "euchred"),
        vec![
            mutant(
                "left-bower-above-right",
                "the left bower beats the right bower"
            ),
            local(
                "outcome",
                "your program gives the trick to Chi-Chih, but Adi's Jack of Hearts takes it: the Jack of Hearts is the right bower, the highest trump"
            ),
        ]
    );
}

/// CS 246 too, whose players are numbers ("Player 3" in the findings): a
/// program (a script printing the golden with one line changed) read back
/// and explained.
#[test]
fn cs246_lines_are_read_back_and_players_named_as_the_course_does() {
    let scenario = "scenarios/cs246/alone-from-seat-1-p0-human.yaml";
    let golden = std::fs::read_to_string("golden/cs246/alone-from-seat-1-p0-human.out").unwrap();
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("diagnose-cs246");
    std::fs::create_dir_all(&dir).unwrap();
    let cases = [
        // A computer that plays off suit holding the led suit.
        (
            "Player 3 plays KC.",
            "Player 3 plays AS.",
            "Player 3 holds the King of Clubs and so must follow the Clubs lead; the Ace of Spades is a Spades card",
        ),
        // Another player's turn.
        (
            "Player 2 plays TD.",
            "Player 1 plays TD.",
            "line 12 differs from the expected \"Player 2 plays TD.\" (Player 2 plays TD) in 1 word: it names Player 1 where Player 2 is expected (Player 1 is the player to their right)",
        ),
    ];
    for (i, (from, to, want)) in cases.into_iter().enumerate() {
        let first = golden.find(from).unwrap_or_else(|| panic!("{from}"));
        let text = format!("{}{to}{}", &golden[..first], &golden[first + from.len()..]);
        let exe = dir.join(format!("euchre-{i}"));
        std::fs::write(&exe, format!("#!/bin/sh\ncat <<'EOF'\n{text}EOF\n")).unwrap();
        let mut perms = std::fs::metadata(&exe).unwrap().permissions();
        std::os::unix::fs::PermissionsExt::set_mode(&mut perms, 0o755);
        std::fs::set_permissions(&exe, perms).unwrap();
        let report = dir.join(format!("report-{i}.json"));
        Upcard::new()
            .args(["grade", "--diagnose", "--exe"])
            .arg_path(&exe)
            .args([
                scenario.to_string(),
                "--report".into(),
                format!("json={}", report.display()),
            ])
            .status(1)
            .run();
        let v: Value = serde_json::from_slice(&std::fs::read(&report).unwrap()).unwrap();
        let found = v["tests"][0]["diagnosis"].as_array().unwrap();
        assert_eq!(
            found.last().unwrap()["message"],
            want,
            "{from} -> {to}: {found:?}"
        );
    }
}
