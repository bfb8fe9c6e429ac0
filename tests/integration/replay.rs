//! `upcard replay`: the library replayed move by move, saving at every move
//! and continuing, stepping with scripted input, and bad save files.

use std::path::{Path, PathBuf};

use crate::common::{Out, upcard_text};
use upcard::courses::cs246::program as cs246;
use upcard::courses::cs246::save::SaveFile;
use upcard::engine::VecSink;
use upcard::engine::mutants::Switch;
use upcard::input::Tokens;
use upcard::record::Target;
use upcard::scenario::courses::cs246::from_save as scenario_from_save;
use upcard::scenario::record;
use upcard::scenario::{Scenario, play};

fn library() -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = ["scenarios/eecs280", "scenarios/cs246"]
        .iter()
        .flat_map(|d| std::fs::read_dir(d).unwrap())
        .map(|e| e.unwrap().path())
        .collect();
    v.sort();
    v
}

#[test]
fn replaying_every_scenario_ends_in_its_run_transcript() {
    for path in library() {
        let s = Scenario::load(&path).unwrap();
        let played = play(&s);
        let t = record(&s);
        assert_eq!(t.transcript, played.transcript, "{}", path.display());
        assert_eq!(t.events, played.events, "{}", path.display());
        // The moves' printed lines, in order, are the whole transcript.
        let shown: Vec<u8> = t
            .moves
            .iter()
            .flat_map(|m| t.transcript[m.printed.clone()].iter().copied())
            .collect();
        assert!(
            t.transcript.starts_with(&shown),
            "{}: the moves do not show the transcript in order",
            path.display()
        );
        assert!(!t.moves.is_empty(), "{}", path.display());
    }
}

/// Saves after every move of the game in `path`, loads each save as
/// `upcard cs246 -f` would, plays on, and checks the rest is the original's.
fn every_save_continues(path: &Path) -> usize {
    let t = record(&Scenario::load(path).unwrap());
    let mut checked = 0;
    for (i, m) in t.moves.iter().enumerate() {
        let Ok(text) = t.save_at(i) else { continue };
        let loaded = SaveFile::parse("saved", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(loaded.write(), text, "the save file does not read back");
        let args = cs246::Args {
            no_human: true,
            ..Default::default()
        };
        let input = Tokens::from_text("").shared();
        let (mut game, _printer) =
            cs246::start(&args, Some(&loaded), &input, Vec::new(), Switch::OFF);
        let mut sink = VecSink::default();
        game.run(&mut sink)
            .unwrap_or_else(|e| panic!("{}: move {}: {e}", path.display(), m.number));
        assert_eq!(
            sink.0,
            t.events[m.events_end..],
            "{}: continuing from move {} ({}) differs\n{text}",
            path.display(),
            m.number,
            m.point
        );
        checked += 1;
    }
    checked
}

#[test]
fn saving_at_every_move_and_continuing_gives_the_same_rest_of_game() {
    let mut total = 0;
    for name in [
        "computer-2.2.2.1-orders-up-the-dealer-alone-both-bowers-another-trump",
        "nullified-hand",
        "ordering-up-the-partner",
        "save-loaded-mid-hand",
        "alone-from-seat-3",
    ] {
        let n = every_save_continues(Path::new(&format!("scenarios/cs246/{name}.yaml")));
        assert!(n > 100, "{name}: only {n} moves checked");
        total += n;
    }
    assert!(total > 500);
}

#[test]
fn a_save_file_replays_with_four_computers() {
    let text = std::fs::read_to_string("golden/cs246/spec_example_savefile.txt").unwrap();
    let save = SaveFile::parse("example", &text).unwrap();
    let t = record(&scenario_from_save(Path::new("example.txt"), save, text));
    assert!(t.error.is_none());
    assert_eq!(t.moves[0].point.to_string(), "0:0:1");
    assert_eq!(t.find(Target::Move(1)).unwrap(), 0);
    assert!(t.find(Target::Move(0)).is_err());
    let last = t.moves.last().unwrap();
    assert!(matches!(last.event, upcard::engine::Event::GameOver { .. }));
}

#[test]
fn a_save_file_that_starts_mid_bidding_numbers_its_moves_after_the_passes() {
    // Dealer 0, next 3: players 1 and 2 have passed, so player 3's decision
    // is the third move of making trump, as in the whole game.
    let text = std::fs::read_to_string("golden/cs246/spec_example_savefile.txt").unwrap();
    let mut lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[2], "?");
    lines[1] = "0 3";
    let text = lines.join("\n") + "\n";
    let save = SaveFile::parse("mid-bid", &text).unwrap();
    let t = record(&scenario_from_save(Path::new("mid-bid.txt"), save, text));
    assert!(t.error.is_none(), "{:?}", t.error);
    assert_eq!(t.moves[0].point.to_string(), "0:0:3");
    assert_eq!(t.moves[1].point.to_string(), "0:0:4");
}

fn upcard(args: &[&str], stdin: &str) -> Out {
    upcard_text(Path::new("."), args, stdin)
}

const TEST00: &str = "scenarios/eecs280/official-test00-adi.yaml";

#[test]
fn to_stops_at_a_point_and_shows_the_state_and_rule() {
    let r = upcard(&["replay", TEST00, "--to", "0:1:2", "--trace"], "");
    assert_eq!(r.code, Some(0), "{}", r.err);
    let last = r.out.split("\n\n").last().unwrap();
    // Without --trace, only that moment.
    assert_eq!(upcard(&["replay", TEST00, "--to", "0:1:2"], "").out, last);
    assert_eq!(
        last,
        "move 7/32 at 0:1:2 (hand 0, trick 1, play 2): Chi-Chih plays KS
  why: follows suit with its highest card of the led suit
  printed:
  | King of Spades played by Chi-Chih
  dealer Adi · trump Hearts, made by Barbara · next: Dabbala to play
  score: Adi & Chi-Chih 0, Barbara & Dabbala 0
  tricks this hand: Adi & Chi-Chih 0, Barbara & Dabbala 0
  table: Barbara JS, Chi-Chih KS
  Adi       [9D TD JH QH AC]  tricks 0
  Barbara   [9S TS KH AH]  tricks 0
  Chi-Chih  [9C TC JC QS]  tricks 0
  Dabbala   [9H TH QC KC AS]  tricks 0
"
    );
    assert_eq!(r.out.matches("\nmove ").count(), 6);
    // A move number works too; a point that never happens is refused.
    assert_eq!(
        upcard(&["replay", TEST00, "--to", "7", "--trace"], "").out,
        r.out
    );
    let r = upcard(&["replay", TEST00, "--to", "3:9:9"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: no move at 3:9:9 in this game: moves run from 1 (0:0:1) to 32 (0:5:7)\n"
    );
    let r = upcard(&["replay", TEST00, "--to", "x:y"], "");
    assert_eq!(r.code, Some(2));
}

#[test]
fn json_has_one_object_per_move_with_the_full_state() {
    let r = upcard(&["replay", TEST00, "--format", "json"], "");
    assert_eq!(r.code, Some(0), "{}", r.err);
    let lines: Vec<serde_json::Value> = r
        .out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len(), 32);
    let m = &lines[6];
    assert_eq!(m["move"], 7);
    assert_eq!(
        (m["hand"].clone(), m["trick"].clone(), m["play"].clone()),
        (0.into(), 1.into(), 2.into())
    );
    assert_eq!(
        m["event"],
        serde_json::json!({"event": "played", "seat": 2, "card": "KS"})
    );
    assert_eq!(
        m["why"],
        "follows suit with its highest card of the led suit"
    );
    assert_eq!(m["state"]["trump"], "Hearts");
    assert_eq!(
        m["state"]["hands"][2],
        serde_json::json!(["9C", "TC", "JC", "QS"])
    );
    assert_eq!(
        m["state"]["trick"],
        serde_json::json!([[1, "JS"], [2, "KS"]])
    );
    assert_eq!(
        m["phase"],
        serde_json::json!({"phase": "trick", "turn": 3, "turns": 2})
    );
    assert_eq!(lines[31]["event"]["event"], "game_over");
}

#[test]
fn stepping_with_scripted_commands() {
    let r = upcard(
        &["replay", TEST00, "--step"],
        "n\nb\nb\nt\nh\nj 30\nx\nj 99\n\nq\n",
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    let heads: Vec<&str> = r
        .out
        .lines()
        .map(|l| l.trim_start_matches("replay> "))
        .filter(|l| l.starts_with("move ") || !l.starts_with(' '))
        .collect();
    assert_eq!(
        heads,
        [
            "move 1/32 at 0:0:1 (hand 0, trick 0, play 1): Barbara passes (round 1)",
            "move 2/32 at 0:0:2 (hand 0, trick 0, play 2): Chi-Chih passes (round 1)",
            "move 1/32 at 0:0:1 (hand 0, trick 0, play 1): Barbara passes (round 1)",
            "at the first move",
            "move 6/32 at 0:1:1 (hand 0, trick 1, play 1): Barbara leads JS",
            "at the last move (32 moves)",
            "move 30/32 at 0:5:5 (hand 0, trick 5, play 5): Barbara takes trick 5",
            "commands: Enter or n next move, b back one move, t next trick, h next hand, j N or j HAND:TRICK:PLAY jump there, s FILE save this moment (CS 246 save file), q quit",
            "no move at 99 in this game: moves run from 1 (0:0:1) to 32 (0:5:7)",
            "move 31/32 at 0:5:6 (hand 0, trick 5, play 6): Adi & Chi-Chih score 2 (euchre)",
            "",
        ]
    );
}

#[test]
fn stepping_jumps_to_a_point_and_saves_the_moment() {
    let scenario = "scenarios/cs246/alone-from-seat-3.yaml";
    let out = temp("stepped.txt");
    let out_s = out.to_str().unwrap();
    let r = upcard(
        &["replay", scenario, "--step"],
        &format!("j 0:1:1\ns {out_s}\nj 9:9\nq\n"),
    );
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert!(r.out.contains("replay> move "), "{}", r.out);
    let jumped = r.out.split("replay> ").nth(1).unwrap();
    assert!(
        jumped.starts_with("move ") && jumped.contains(" at 0:1:1 "),
        "{jumped}"
    );
    assert!(
        r.out.contains(&format!(") to {out_s}\n")) && r.out.contains("saved the game after move "),
        "{}",
        r.out
    );
    assert!(r.out.contains("\"9:9\" is not a point"), "{}", r.out);
    // The saved moment is a save file upcard reads back.
    let again = upcard(&["replay", out_s, "--to", "1"], "");
    assert_eq!(again.code, Some(0), "{}", again.err);
    // An EECS 280 game cannot be saved: said, and stepping goes on.
    let r = upcard(&["replay", TEST00, "--step"], &format!("s {out_s}\nn\nq\n"));
    assert!(
        r.out.contains("save files are the CS 246 format"),
        "{}",
        r.out
    );
    assert!(r.out.contains("move 2/32"), "{}", r.out);
}

fn temp(name: &str) -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-replay-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d.join(name)
}

#[test]
fn save_at_writes_a_file_the_cs246_program_continues() {
    let scenario = "scenarios/cs246/alone-from-seat-3.yaml";
    let out = temp("mid.txt");
    let out_s = out.to_str().unwrap();
    let r = upcard(&["replay", scenario, "--save-at", "0:2:2", out_s], "");
    assert_eq!(r.code, Some(0), "{}", r.err);
    assert_eq!(
        r.out,
        format!("saved the game after move 10 (0:2:2) to {out_s}\n")
    );
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.ends_with("upcard hand 0 shuffles 0 phase trick 1 2 table 2 3 JD 0 QH replaced 0\n"),
        "{text}"
    );
    // upcard cs246 -f continues it; the rest of the game is the original's.
    let cont = upcard(&["cs246", "--no-human", "-f", out_s], "");
    assert_eq!(cont.code, Some(0), "{}", cont.err);
    // After the lines it prints on loading, its transcript is the rest of the original's.
    let t = record(&Scenario::load(Path::new(scenario)).unwrap());
    let rest = String::from_utf8_lossy(&t.transcript[t.moves[9].printed.end..]).into_owned();
    assert!(rest.len() > 1000 && rest.ends_with("WINS!!!\n"));
    assert!(cont.out.ends_with(&rest), "{}", cont.out);
    // And replay reads it back.
    let again = upcard(&["replay", out_s, "--to", "1"], "");
    assert_eq!(again.code, Some(0), "{}", again.err);
    assert!(again.out.starts_with("move 1/"), "{}", again.out);
    // EECS 280 games cannot be saved as CS 246 files.
    let r = upcard(&["replay", TEST00, "--save-at", "3", out_s], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: save files are the CS 246 format; this is an EECS 280 game, which a CS 246 save cannot continue\n"
    );
}

#[test]
fn impossible_save_files_are_refused_with_place_and_reason() {
    let good = std::fs::read_to_string("golden/cs246/spec_example_savefile.txt").unwrap();
    let cases = [
        (
            good.replace("5 AH QS KS KH JH", "13 AH QS KS KH JH"),
            ":6:1: player 0's hand can hold at most 5 cards, found 13",
        ),
        (
            good.replace("5 9D TH 9H JC JD", "5 9D TH 9H JC AH"),
            ":8:15: AH is in player 0's hand and in player 1's hand",
        ),
        (
            good.replace("?\n123", "H\n7 f\n123"),
            ":4:1: expected the player who called trump (a player id 0 to 3), found \"7\"",
        ),
    ];
    for (i, (text, want)) in cases.iter().enumerate() {
        let f = temp(&format!("bad{i}.txt"));
        std::fs::write(&f, text).unwrap();
        let r = upcard(&["replay", f.to_str().unwrap()], "");
        assert_eq!(r.code, Some(2));
        assert_eq!(r.err, format!("upcard: {}{want}\n", f.display()));
    }
    let r = upcard(&["replay", "nowhere.txt"], "");
    assert_eq!(r.code, Some(2));
    assert_eq!(
        r.err,
        "upcard: nowhere.txt: No such file or directory (os error 2)\n"
    );
}

/// `-o FILE` writes the text and JSON replays too, the bytes standard output gets.
#[test]
fn output_file_takes_every_format() {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-replay-o-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    for format in ["text", "json"] {
        let file = dir.join(format!("march.{format}"));
        crate::tester::Upcard::new()
            .args([
                "replay",
                "scenarios/eecs280/march.yaml",
                "--format",
                format,
                "-o",
            ])
            .arg_path(&file)
            .stdout_is("")
            .run();
        let shown = crate::tester::Upcard::new()
            .args(["replay", "scenarios/eecs280/march.yaml", "--format", format])
            .run();
        assert_eq!(std::fs::read(&file).unwrap(), shown.stdout, "{format}");
        assert!(!shown.stdout.is_empty());
    }
}

/// A trick's last card shows with its own move: on the table, with the
/// line it printed; the trick's taking is the next move.
#[test]
fn a_tricks_last_card_shows_with_its_own_move() {
    let t = record(&Scenario::load(Path::new("scenarios/eecs280/march.yaml")).unwrap());
    let m = &t.moves[8];
    assert_eq!(m.point.to_string(), "0:1:4");
    assert_eq!(
        String::from_utf8_lossy(&t.transcript[m.printed.clone()]),
        "Jack of Hearts played by Adi\n"
    );
    assert_eq!(m.state.trick.len(), 4);
    let next = &t.moves[9];
    assert_eq!(
        String::from_utf8_lossy(&t.transcript[next.printed.clone()]),
        "Barbara takes the trick\n\n"
    );
    assert!(next.state.trick.is_empty());
}
