//! The CS 246 drop-in through the binary, from save files that set up each situation.

use std::path::Path;

use crate::common::{Out, upcard_text};

use upcard::courses::cs246::save::SaveFile;

/// A save file with trump undeclared: `hands` for players 0..3 and the kitty last.
/// `trump` is `?` or e.g. `H\n0 f` (suit, maker, alone).
fn save(dealer: usize, next: usize, trump: &str, hands: [&str; 4], kitty: &str) -> String {
    let deck = format!(
        "{} {} {} {} {kitty}",
        hands[0], hands[1], hands[2], hands[3]
    );
    let mut s = format!("0 0\n{dealer} {next}\n{trump}\n0\n{deck}\n");
    for h in hands {
        s.push_str(&format!("5 {h}\n0\n"));
    }
    s
}

fn run(file_text: &str, args: &[&str], stdin: &str) -> Out {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-cs246-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let name = format!("{:x}.txt", fxhash(file_text, args, stdin));
    let path = dir.join(name);
    std::fs::write(&path, file_text).unwrap();
    let mut all = vec!["cs246"];
    all.extend(args);
    all.extend(["-f", path.to_str().unwrap()]);
    upcard_text(Path::new("."), &all, stdin)
}

fn fxhash(a: &str, b: &[&str], c: &str) -> u64 {
    let mut h: u64 = 0xcbf29ce484222325;
    for byte in a.bytes().chain(b.join(" ").bytes()).chain(c.bytes()) {
        h = (h ^ u64::from(byte)).wrapping_mul(0x100000001b3);
    }
    h
}

/// Asserts that `lines` appear in `text` in this order, each a whole line.
fn in_order(text: &str, lines: &[&str]) {
    let all: Vec<&str> = text.lines().collect();
    let mut from = 0;
    for want in lines {
        match all[from..].iter().position(|l| l == want) {
            Some(i) => from += i + 1,
            None => panic!("missing {want:?} after line {from} in:\n{text}"),
        }
    }
}

// Weak hands with dealer 3 and JC on top of the kitty: nobody orders clubs
// or declares anything (the computers' choices are unit-tested).
const WEAK: [&str; 4] = [
    "9S TS QH KH AC",
    "9H TH 9C TC QS",
    "KS AS QC KC TD",
    "AH 9D QD KD AD",
];
const WEAK_KITTY: &str = "JC JH JD JS";

#[test]
fn going_alone_from_each_computer_seat() {
    // Seat 1 (neither it nor its partner deals): both bowers, another trump, an outside ace.
    let f = save(
        0,
        1,
        "?",
        [
            "9S TS QS KS AC",
            "JH JD 9H AS 9C",
            "TC QC KC TD QD",
            "KD AD 9D TH AH",
        ],
        "QH JS JC KH",
    );
    let r = run(&f, &["--no-human"], "");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[
            "Decision on trump starts with player 1.",
            "Player 1 orders up player 0 and goes alone.",
            "Player 0, choose card to discard.",
            "Player 2, choose card to lead.",
            "Player 3 skipped.",
        ],
    );
    // Seat 3, dealer 0: the player left of the dealer (1) sits out, so 2 leads.
    let f = save(
        0,
        1,
        "?",
        [
            "9S TS QS KS AC",
            "TC QC KC TD QD",
            "KD AD 9D TH AH",
            "JH JD 9H AS 9C",
        ],
        "QH JS JC KH",
    );
    let r = run(&f, &["--no-human"], "");
    in_order(
        &r.out,
        &[
            "Player 3 orders up player 0 and goes alone.",
            "Player 2, choose card to lead.",
            "Player 2 leads AH.",
        ],
    );
    assert!(r.out.contains("Player 1 skipped."));
}

#[test]
fn ordering_up_the_partner_means_alone_and_the_dealer_still_picks_up() {
    let f = save(
        0,
        1,
        "?",
        [
            "9S TS QS KS AC",
            "TC QC KC TD QD",
            "JH JD AS 9C 9H",
            "KD AD 9D TH AH",
        ],
        "QH JS JC KH",
    );
    let r = run(&f, &["--no-human", "-d"], "");
    in_order(
        &r.out,
        &[
            "Player 1: passes.",
            "Player 2 orders up player 0 and goes alone.",
            "Player 0, choose card to discard.",
            "Player 0: hand [9S TS QS KS AC QH] # tricks 0",
            "Player 0: discards 9S.",
            "Player 1, choose card to lead.",
        ],
    );
    assert!(r.out.contains("Player 0 skipped."));
    // The other reading: a dealer who sits out does not pick up.
    let r = run(
        &f,
        &["--no-human", "-d", "--rule", "dealer-picks-up-when-out=no"],
        "",
    );
    in_order(
        &r.out,
        &[
            "Player 2 orders up player 0 and goes alone.",
            "Player 1, choose card to lead.",
        ],
    );
    let first_hand = r.out.split("Scores:").nth(1).unwrap();
    assert!(!first_hand.contains("choose card to discard"));
}

#[test]
fn human_goes_alone_and_lone_march_scores_4() {
    // The human (seat 0, dealer 3) holds every top trump.
    let f = save(
        3,
        0,
        "?",
        [
            "JH JD AH KH QH",
            "9S TS QS KS AS",
            "9C TC QC KC AC",
            "9D TD QD KD AD",
        ],
        "9H TH JS JC",
    );
    let r = run(&f, &[], "oa JH JD AH KH QH r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[
            "> Player 0 orders up player 3 and goes alone.",
            "Player 3, choose card to discard.",
            "Player 0, choose card to lead.",
            "> Player 0 leads JH.",
        ],
    );
    assert!(r.out.contains("Player 2 skipped."));
    assert!(r.out.contains("Score for Team 0-2 is now 4.\n"));
}

#[test]
fn all_pass_nullifies_and_the_deal_moves_on() {
    let f = save(3, 0, "?", WEAK, WEAK_KITTY);
    let r = run(&f, &["--no-human"], "");
    assert_eq!(r.code, Some(0));
    in_order(
        &r.out,
        &[
            "Kitty passed on, trump may not be C.",
            "Player 0, choose a suit.",
            "Player 0: passes.",
            "Player 3, choose a suit.",
            "Player 3: passes.",
            "No trump declared, hand is nullified. Deal switches to player 0.",
            "Scores: Team 0-2 0, Team 1-3 0",
            "Dealer is player 0.",
            "Decision on trump starts with player 1.",
        ],
    );
}

#[test]
fn the_five_error_messages_and_the_prompt() {
    let f = save(3, 0, "?", WEAK, WEAK_KITTY);
    let r = run(&f, &[], "x p C o H n AD AC q");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[
            "Player 0: hand [9S TS QH KH AC] # tricks 0",
            "> ERROR: command 'x' is unrecognized. Please enter a valid command.",
            "> Player 0: passes.",
            "Kitty passed on, trump may not be C.",
            "Player 0, choose a suit.",
            "> ERROR: invalid suit 'C' since previously turned down. Please enter a valid suit.",
            "> ERROR: cannot order up if top card turned down. Please enter a valid command.",
            "> Player 0 declares H trump.",
            "Player 0, choose card to lead.",
            "> ERROR: card 'AD' not in hand. Please enter a valid card.",
            "> Player 0 leads AC.",
        ],
    );
    // q ends the program at once, with nothing more printed after its prompt.
    assert!(
        r.out.ends_with("# tricks 0\n> ") || r.out.ends_with("# tricks 1\n> "),
        "{}",
        r.out
    );
    assert!(!r.out.contains("WINS"));
}

/// Hearts trump called by 0; player 1 leads its highest off-suit card, AS,
/// and player 0 holds one spade (9S), so any other card reneges.
fn renege_save() -> String {
    save(
        3,
        1,
        "H\n0 f",
        [
            "9S TH QH KH AC",
            "AS 9C TC 9D TD",
            "KS QS QC KC JH",
            "AH QD KD AD JD",
        ],
        "9H JS JC TS",
    )
}

#[test]
fn renege_costs_two_points_each_time_and_reprompts() {
    let f = renege_save();
    let r = run(&f, &[], "AC KH 9S r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[
            "Player 1 leads AS.",
            "Player 0, choose card to play.",
            "> ERROR: renegeing with card 'AC'. Please enter a valid card.",
            "Score for Team 1-3 is now 2.",
            "> ERROR: renegeing with card 'KH'. Please enter a valid card.",
            "Score for Team 1-3 is now 4.",
            "> Player 0 plays 9S.",
        ],
    );
}

#[test]
fn the_renege_message_shows_the_card_as_typed_or_as_printed() {
    let f = renege_save();
    let message =
        |card: &str| format!("> ERROR: renegeing with card '{card}'. Please enter a valid card.");
    let r = run(&f, &[], "ac Kh 9s r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[&message("ac"), &message("Kh"), "> Player 0 plays 9S."],
    );
    let r = run(&f, &["--rule", "renege-card=printed"], "ac Kh 9s r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[&message("AC"), &message("KH"), "> Player 0 plays 9S."],
    );
}

#[test]
fn lower_case_suit_commands_are_accepted_unless_suit_case_is_upper() {
    // Clubs turned down (top card JC); player 0 names hearts in round two.
    let f = save(
        3,
        0,
        "?",
        [
            "9S TS QH KH AC",
            "9H TH 9C TC QS",
            "KS AS QC KC TD",
            "AH 9D QD KD AD",
        ],
        "JC JH JD JS",
    );
    let r = run(&f, &[], "p h n r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &["Player 0, choose a suit.", "> Player 0 declares H trump."],
    );
    let r = run(&f, &["--rule", "suit-case=upper"], "p h n H a r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(
        &r.out,
        &[
            "> ERROR: command 'h' is unrecognized. Please enter a valid command.",
            "> ERROR: command 'n' is unrecognized. Please enter a valid command.",
            "> Player 0 declares H trump and goes alone.",
        ],
    );
}

#[test]
fn rage_quit_hands_the_seat_to_a_computer() {
    let f = save(3, 0, "?", WEAK, WEAK_KITTY);
    let r = run(&f, &[], "r");
    assert_eq!(r.code, Some(0), "{}", r.err);
    in_order(&r.out, &["> Player 0 rage quit.", "Player 0: passes."]);
    assert!(r.out.trim_end().ends_with("WINS!!!"));
    // After the rage quit, player 0's hand is no longer printed without -d.
    let after = r.out.split("rage quit.").nth(1).unwrap();
    assert!(!after.contains("Player 0: hand"));
}

#[test]
fn end_of_input_is_an_error_not_a_loop() {
    let f = save(3, 0, "?", WEAK, WEAK_KITTY);
    let r = run(&f, &[], "x");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: Player 0: standard input ended; expected p, o or oa\n"
    );
}

#[test]
fn save_files_round_trip() {
    let example = include_str!("../../golden/cs246/spec_example_savefile.txt");
    let a = SaveFile::parse("example", example).unwrap();
    let written = a.write();
    assert_eq!(written, example);
    assert_eq!(SaveFile::parse("again", &written).unwrap(), a);
    assert_eq!(upcard::cards::short_list(&a.kitty()), "QD TC KC JS");
    // Mid-hand, alone, with tricks taken.
    let mid = "3 4\n1 2\nS\n2 t\n-7\n9H TH JH QH KH AH 9D TD JD QD KD AD 9S TS JS QS KS AS 9C TC JC QC KC AC\n5 9H TH JH QH 9S\n0\n4 9D TD JD QD\n3 KH AH KD\n4 TS JS QS KS\n0\n4 AS 9C TC JC\n0\n";
    let b = SaveFile::parse("mid", mid).unwrap();
    assert_eq!(b.write(), mid);
}

#[test]
fn malformed_save_files_name_line_column_and_problem() {
    let good = include_str!("../../golden/cs246/spec_example_savefile.txt");
    let cases = [
        (
            good.replace("0 1\n?", "0 7\n?"),
            "f:2:3: expected the next player (a player id 0 to 3), found \"7\"",
        ),
        (
            good.replace("?\n123", "X\n123"),
            "f:3:1: expected the trump suit (?, H, D, S or C), found \"X\"",
        ),
        (
            good.replace("?\n123", "H\n9 f\n123"),
            "f:4:1: expected the player who called trump (a player id 0 to 3), found \"9\"",
        ),
        (
            good.replace("AH QS KS", "AH QX KS"),
            "f:5:4: expected a card of the deck (a card like 9H or JD), found \"QX\"",
        ),
        (
            good.replace("AH QS KS KH JH 9D", "AH QS KS KH JH AH"),
            "f:5:16: AH is in the deck twice (cards 1 and 6)",
        ),
        (
            good.replace("5 AH QS KS KH JH", "13 AH QS KS KH JH"),
            "f:6:1: player 0's hand can hold at most 5 cards, found 13",
        ),
        (
            good.replace("5 9D TH 9H JC JD", "5 9D TH 9H JC AH"),
            "f:8:15: AH is in player 0's hand and in player 1's hand",
        ),
        (
            good.replace("5 AS KD 9S TD QC\n0", "5 AS KD 9S TD QC\n0\nextra"),
            "f:14:1: unexpected \"extra\" after the last player's tricks",
        ),
        (
            good.replace("5 AS KD 9S TD QC\n0\n", "5 AS KD 9S TD QC\n"),
            "f:12:17: expected the number of cards in player 3's tricks, found the end of the file",
        ),
        (
            good.replace("0 0\n0 1", "0 x\n0 1"),
            "f:1:3: expected team 1-3's score, found \"x\"",
        ),
        (
            good.replace("5 AH QS KS KH JH\n0", "4 AH QS KS KH\n1 JH"),
            "f:6:3: trump is not declared (?), so player 0 must hold 5 cards and no tricks",
        ),
    ];
    for (text, want) in cases {
        let e = SaveFile::parse("f", &text).unwrap_err();
        assert_eq!(e.to_string(), want);
    }
    // Through the binary: exit 2 and the message.
    let r = run(&good.replace("AH QS KS", "AH QX KS"), &[], "");
    assert_eq!(r.code, Some(2));
    assert!(
        r.err.contains(":5:4: expected a card of the deck"),
        "{}",
        r.err
    );
}

#[test]
fn a_lone_maker_playing_last_after_the_skipped_seat_trumps_low() {
    // Issue 11: player 0 alone in diamonds; player 1 leads, player 2 sits out,
    // player 3 plays, and player 0 is the third and last to play.
    let r = upcard_text(
        Path::new("."),
        &["cs246", "-d", "--no-human", "-s", "2"],
        "",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    let lines: Vec<&str> = r.out.lines().collect();
    assert_eq!(
        lines[21..29],
        [
            "Player 1 leads AS.",
            "Player 2 skipped.",
            "Player 3, choose card to play.",
            "Player 3: hand [KD AD KH JH TC] # tricks 0",
            "Player 3 plays TC.",
            "Player 0, choose card to play.",
            "Player 0: hand [JD AC 9D KC QD] # tricks 0",
            "Player 0 plays 9D.",
        ]
    );
}
