//! Euchre Game Notation records (tests/egn: the notation's public examples,
//! Apache-2.0, with the scores its reference replayer computes).

use std::path::{Path, PathBuf};

use crate::common::upcard;
use upcard::engine::Event;

fn examples() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/egn/examples")
}

/// The score after each deal upcard finished (a thrown-in deal leaves it
/// as it was).
fn scores(t: &upcard::record::Timeline) -> Vec<String> {
    let mut now = [0, 0];
    t.events
        .iter()
        .filter_map(|e| match e {
            Event::HandStart { scores, .. } => {
                now = *scores;
                None
            }
            Event::HandOver { scores, .. } => Some(format!("{}-{}", scores[0], scores[1])),
            Event::Nullified { .. } => Some(format!("{}-{}", now[0], now[1])),
            _ => None,
        })
        .collect()
}

/// upcard in `dir` refuses `args` as bad input (exit 2): what it said.
fn refused(dir: &Path, args: &[&str]) -> String {
    let o = upcard(dir, args, b"");
    assert_eq!(o.status.code(), Some(2), "{args:?}");
    String::from_utf8(o.stderr).unwrap()
}

fn timeline(name: &str) -> upcard::record::Timeline {
    let path = examples().join(name);
    let text = std::fs::read_to_string(&path).unwrap();
    upcard::record::timeline(&path, &text).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Every public example replays deal by deal to the reference replayer's
/// scores; those that stop early stop where and why the test says.
#[test]
fn every_public_example_scores_as_the_reference_replayer() {
    let reference = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/egn/reference-scores.txt"),
    )
    .unwrap();
    // Records that are not whole games or break their own rules.
    let stops: &[(&str, &str)] = &[
        (
            "Another fun euchre!.egn",
            "the record ends after deal 0 at 0-2, before either team reaches 10",
        ),
        (
            "Custom Scenario.egn",
            "the record ends after deal 0 at 0-1, before either team reaches 10",
        ),
        (
            "egn_m_20260529_01 (5).egn",
            "deal 0 ends before the hand is over, and the record goes on; the replay stops here",
        ),
        (
            "egn_m_20260529_01.egn",
            "the record ends in deal 0, before the hand is over",
        ),
        // The dealer picked up the queen of spades; the record has West play it.
        (
            "test.egn",
            "deal 0, trick 3, card 1: p4 plays the upcard QS, which p1 picked up; the replay stops here",
        ),
        (
            "test_annotated.egn",
            "deal 0, trick 3, card 1: p4 plays the upcard QS, which p1 picked up; the replay stops here",
        ),
        (
            "test_timingsLayouts.egn",
            "the record ends after deal 0 at 0-2, before either team reaches 10",
        ),
    ];
    let mut checked = 0;
    for line in reference.lines() {
        let (name, expected) = line.split_once('\t').unwrap();
        let expected: Vec<&str> = expected.split(' ').collect();
        let t = timeline(name);
        let got = scores(&t);
        match stops.iter().find(|(n, _)| *n == name) {
            Some((_, why)) => {
                assert_eq!(t.error.as_deref(), Some(*why), "{name}");
                assert_eq!(got, expected[..got.len()], "{name}");
            }
            None => {
                assert_eq!(t.error, None, "{name}");
                assert_eq!(got, expected, "{name}");
            }
        }
        checked += 1;
    }
    assert_eq!(checked, 32);
}

/// A record that plays on after the game was won is replayed to its end,
/// with a note where the game was over.
#[test]
fn a_record_that_goes_on_past_the_win_is_replayed_with_a_note() {
    let t = timeline("July 4th Pairs Finals.egn");
    let first = t
        .moves
        .iter()
        .find(|m| m.point.hand == 9)
        .expect("deal 9 is replayed");
    assert_eq!(
        t.notes[&first.point],
        vec![
            "upcard: the game was over after deal 8 at 6-10 (winning score 10), but the record goes on; the rest is replayed as recorded"
                .to_string()
        ]
    );
}

/// A one-deal record with every hand given, changed to break a rule.
fn broken(change: impl FnOnce(&mut serde_json::Value)) -> String {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    change(&mut v["deals"][0]["phases"][1]["tricks"]);
    std::fs::write(dir.path().join("g.egn"), v.to_string()).unwrap();
    let o = upcard(dir.path(), &["replay", "g.egn"], b"");
    assert_eq!(o.status.code(), Some(1));
    let out = String::from_utf8(o.stdout).unwrap();
    let why = out
        .lines()
        .last()
        .unwrap()
        .trim_start_matches("the game stopped early: ")
        .to_string();
    // Every format says why it stopped, and exits 1.
    let o = upcard(dir.path(), &["replay", "g.egn", "--format", "json"], b"");
    assert_eq!(o.status.code(), Some(1));
    let last = String::from_utf8(o.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(last.lines().last().unwrap()).unwrap();
    assert_eq!(last, serde_json::json!({ "stopped_early": why }));
    why
}

/// A renege is said at its card, and the replay goes on (the game on the
/// record went on with it).
#[test]
fn a_card_that_does_not_follow_suit_is_reported_at_its_deal_trick_and_seat() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    // North plays the ten of hearts on a diamond lead, holding the jack of diamonds.
    let t = &mut v["deals"][0]["phases"][1]["tricks"];
    t[2][1] = "Th".into();
    t[3][2] = "Jd".into();
    std::fs::write(dir.path().join("g.egn"), v.to_string()).unwrap();
    let o = upcard(dir.path(), &["replay", "g.egn", "--to", "0:3:2"], b"");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out.lines().take(2).collect::<Vec<_>>(),
        [
            "move 17/31 at 0:3:2 (hand 0, trick 3, play 2): North plays TH",
            "  note: upcard: deal 0, trick 3, card 2: North plays TH and does not follow Diamonds, holding JD (a renege: the record breaks its rules here)",
        ]
    );
    let o = upcard(dir.path(), &["replay", "g.egn"], b"");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.ends_with("\nthe replay ends with the record: the record ends after deal 0 at 0-1, before either team reaches 10\n"),
        "{out}"
    );
}

/// A one-deal record is replayed whole: where it ends is said, in every
/// format, and the replay exits 0 (a record that cannot go on exits 1).
#[test]
fn a_one_deal_record_replays_whole_and_says_where_it_ends() {
    let path = examples().join("Custom Scenario.egn");
    let file = path.to_str().unwrap();
    let o = upcard(Path::new("."), &["replay", file], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let out = String::from_utf8(o.stdout).unwrap();
    let why = "the record ends after deal 0 at 0-1, before either team reaches 10";
    assert!(
        out.ends_with(&format!("\nthe replay ends with the record: {why}\n")),
        "{out}"
    );
    let o = upcard(Path::new("."), &["replay", file, "--format", "json"], b"");
    assert_eq!(o.status.code(), Some(0));
    let out = String::from_utf8(o.stdout).unwrap();
    let last: serde_json::Value = serde_json::from_str(out.lines().last().unwrap()).unwrap();
    assert_eq!(last, serde_json::json!({ "record_ends": why }));
}

#[test]
fn a_card_played_twice_is_reported() {
    let got = broken(|t| t[3][3] = "9h".into());
    assert_eq!(
        got,
        "deal 0, trick 4, card 4: East plays 9H, which was already played in trick 1; the replay stops here"
    );
}

#[test]
fn a_trick_of_the_wrong_size_is_reported() {
    let got = broken(|t| {
        t[1].as_array_mut().unwrap().pop();
    });
    assert_eq!(
        got,
        "deal 0, trick 3, card 1: trick 2 has 3 cards, but a trick of this hand has 4; the replay stops here"
    );
}

/// Annotations show at their call with their label's meaning; the card the
/// dealer will discard, which the record does not name, is `??`.
#[test]
fn annotations_and_unknown_cards_in_the_text_replay() {
    let o = upcard(
        &examples(),
        &["replay", "VWEC Finals (7).egn", "--to", "335"],
        b"",
    );
    assert_eq!(o.status.code(), Some(0));
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "move 335/394 at 11:0:1 (hand 11, trick 0, play 1): Euchrazy1 orders up Clubs\n  note: [?] mistake: I don't think this donation was necessary given we have the left and an off ace and the score is 8/6 not 9/7 or 9/6.\n  printed:\n  | \n  | Hand 12. Llama deals. Score: WWMM & Euchrazy1 8, Llama & LeftyKnavey 6.\n  | The upcard is the Ten of Clubs.\n  | Euchrazy1 orders up Clubs.\n  dealer Llama · trump Clubs, made by Euchrazy1 · next: Llama to discard\n  score: WWMM & Euchrazy1 8, Llama & LeftyKnavey 6\n  tricks this hand: WWMM & Euchrazy1 0, Llama & LeftyKnavey 0\n  WWMM         [KC AC KH TD JH]  tricks 0\n  Llama        [JC AS QD 9D ??]  tricks 0\n  Euchrazy1    [JS QS QH KS AH]  tricks 0\n  LeftyKnavey  [9H TS JD AD 9S]  tricks 0\n"
    );
    // JSON: the note as written, and the unknown cards nowhere named.
    let o = upcard(
        &examples(),
        &[
            "replay",
            "VWEC Finals (7).egn",
            "--to",
            "335",
            "--format",
            "json",
        ],
        b"",
    );
    let v: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    assert_eq!(
        v["notes"][0],
        "[?] I don't think this donation was necessary given we have the left and an off ace and the score is 8/6 not 9/7 or 9/6."
    );
    assert_eq!(
        v["state"]["hands"][1],
        serde_json::json!(["JC", "AS", "QD", "9D", "??"])
    );
    assert_eq!(
        v["state"]["kitty"],
        serde_json::json!(["TC", "??", "??", "??"])
    );
}

#[test]
fn a_rule_upcard_does_not_play_is_refused_naming_the_field() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    v["metadata"]["ruleset"]["farmers"] = true.into();
    std::fs::write(dir.path().join("g.egn"), v.to_string()).unwrap();
    assert_eq!(
        refused(dir.path(), &["replay", "g.egn"]),
        "upcard: g.egn: ruleset.farmers is true: a hand of three or more nines and tens may be declared (upcard's farmers-hand needs all five), which upcard does not play\n"
    );
    std::fs::write(
        dir.path().join("bad.egn"),
        "{\n  \"fileType\": \"Euchre Game Notation\",\n  \"version\": 1\n}\n",
    )
    .unwrap();
    assert_eq!(
        refused(dir.path(), &["replay", "bad.egn"]),
        "upcard: bad.egn:3:14: invalid type: integer `1`, expected a string (at version)\n"
    );
}

/// The notation's published schema (tests/egn/egn-schema-v1.json).
fn schema() -> jsonschema::Validator {
    let text = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/egn/egn-schema-v1.json"),
    )
    .unwrap();
    jsonschema::validator_for(&serde_json::from_str(&text).unwrap()).unwrap()
}

/// Every bundled scenario and every public record is written as a record
/// that the notation's schema accepts and that reads back to the same
/// record; the games the notation cannot say are refused, and said why.
#[test]
fn every_game_upcard_replays_is_written_as_a_schema_valid_record() {
    let schema = schema();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = upcard::scenario::discover(&[root.join("scenarios")]).unwrap();
    let mut records: Vec<PathBuf> = std::fs::read_dir(examples())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    records.sort();
    files.extend(records);
    let refused: &[(&str, &str)] = &[
        (
            "farmers-hand.yaml",
            "at its move 1, the game has \"East throws in a farmer's hand; East deals next\" where the record would replay \"nothing\" (deal 0 ends before the hand is over, and the record goes on; the replay stops here)",
        ),
        // CS 246's footnote: the eldest hand alone, the player opposite the dealer leads.
        (
            "loner-lead-footnote.yaml",
            "at its move 1, the game has \"2 passes (round 1)\" where the record would replay \"nothing\" (deal 1: playerCards gives KH to 1, but 3 plays it; the replay stops here)",
        ),
        (
            "loner-lead-footnote-p0-human.yaml",
            "at its move 1, the game has \"2 passes (round 1)\" where the record would replay \"nothing\" (deal 1: playerCards gives KH to 1, but 3 plays it; the replay stops here)",
        ),
    ];
    let mut written = 0;
    for f in &files {
        let name = f.file_name().unwrap().to_string_lossy().into_owned();
        let t = if name.ends_with(".egn") {
            upcard::record::timeline(f, &std::fs::read_to_string(f).unwrap()).unwrap()
        } else {
            upcard::scenario::record(&upcard::scenario::Scenario::load(f).unwrap())
        };
        match (
            upcard::record::write::from_timeline(&t),
            refused.iter().find(|(n, _)| *n == name),
        ) {
            (Ok(record), None) => {
                let json = record.to_json();
                let value: serde_json::Value = serde_json::from_str(&json).unwrap();
                let errors: Vec<String> = schema
                    .iter_errors(&value)
                    .map(|e| format!("{} at {}", e, e.instance_path()))
                    .collect();
                assert!(errors.is_empty(), "{name}: {errors:?}\n{json}");
                let back = upcard::notation::Record::parse(&name, &json).unwrap();
                assert_eq!(back, record, "{name}");
                written += 1;
            }
            (Err(e), Some((_, why))) => assert_eq!(
                e,
                format!(
                    "Euchre Game Notation cannot say this game as it was played (these rules are not the notation's): {why}"
                ),
                "{name}"
            ),
            (Ok(_), Some(_)) => panic!("{name} was written"),
            (Err(e), None) => panic!("{name}: {e}"),
        }
    }
    assert_eq!(written, files.len() - refused.len());
}

/// The schema is applied: a record with a card no deck has is refused by
/// it (and by upcard's reader, at the card).
#[test]
fn the_schema_check_refuses_a_bad_card() {
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    assert!(schema().is_valid(&v));
    v["deals"][0]["initialState"]["upCard"] = "Zz".into();
    assert!(!schema().is_valid(&v));
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("g.egn"), v.to_string()).unwrap();
    let o = upcard(dir.path(), &["replay", "g.egn"], b"");
    let out = String::from_utf8(o.stdout).unwrap();
    assert_eq!(
        out,
        "\nthe game stopped early: deal 0: the upcard: card \"Zz\" is not one of the 24 cards upcard plays (nine to ace); the replay stops here\n"
    );
}

/// `replay --format egn` writes the record; replaying it gives the same
/// moves (the person's `q` that ended the scenario is no move of the game).
#[test]
fn a_scenario_written_as_a_record_replays_to_the_same_moves() {
    let dir = tempfile::tempdir().unwrap();
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scenario = root.join("scenarios/standard/defend-alone.yaml");
    let out = dir.path().join("d.egn");
    let o = upcard(
        dir.path(),
        &[
            "replay",
            scenario.to_str().unwrap(),
            "--format",
            "egn",
            "-o",
            out.to_str().unwrap(),
        ],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let a = upcard::scenario::record(&upcard::scenario::Scenario::load(&scenario).unwrap());
    let b = upcard::record::timeline(&out, &std::fs::read_to_string(&out).unwrap()).unwrap();
    let plays = |t: &upcard::record::Timeline| -> Vec<String> {
        t.moves
            .iter()
            .map(|m| upcard::record::describe(&m.event, &t.names))
            .filter(|m| m != "North quits (q)")
            .collect()
    };
    assert_eq!(plays(&a), plays(&b));
}

/// `upcard play --plain` of four bots (North `north`, then computer,
/// simple, computer) under `house`, recorded in `file`: what it printed.
fn play_recorded(dir: &Path, seed: &str, north: &str, house: &[&str], file: &str) -> String {
    let north = format!("0=bot:{north}");
    let mut args = vec![
        "play",
        "--plain",
        "--seed",
        seed,
        "--seat",
        &north,
        "--seat",
        "1=bot:computer",
        "--seat",
        "2=bot:simple",
        "--seat",
        "3=bot:computer",
    ];
    for h in house {
        args.extend(["--house", h]);
    }
    args.extend(["--record", file]);
    succeeded(upcard(dir, &args, b""))
}

/// What a run that exits 0 printed.
fn succeeded(o: std::process::Output) -> String {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// `play --record x.egn` under each house rule the notation names: the
/// record is schema-valid and upcard's reader replays it to the game's end.
#[test]
fn a_game_played_under_each_house_rule_the_notation_names_is_recorded() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let rules: &[&[&str]] = &[
        &[],
        &["stick-the-dealer=off"],
        &["points-to-win=5"],
        &["canadian-loner=must-alone"],
        &["loner-lead=left-of-loner"],
        &["lone-march-points=6"],
        &["loner-euchred-points=4"],
        &["defend-alone=on"],
        &[
            "defend-alone=on",
            "canadian-loner=must-alone",
            "loner-lead=left-of-loner",
            "loner-euchred-points=4",
            "lone-march-points=5",
            "stick-the-dealer=off",
        ],
    ];
    for (i, house) in rules.iter().enumerate() {
        let file = format!("g{i}.egn");
        let played = play_recorded(dir.path(), "3", "expert", house, &file);
        assert!(
            played.ends_with(&format!("Recorded as {file} (Euchre Game Notation).\n")),
            "{played}"
        );
        let won = played
            .lines()
            .rfind(|l| l.contains("win the game"))
            .unwrap();
        let text = std::fs::read_to_string(dir.path().join(&file)).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(schema.is_valid(&value), "{house:?}: {text}");
        let o = upcard(dir.path(), &["replay", &file], b"");
        let replayed = String::from_utf8(o.stdout).unwrap();
        assert_eq!(
            replayed.lines().rfind(|l| l.contains("win the game")),
            Some(format!("  | {won}").as_str()),
            "{house:?}"
        );
    }
}

/// `arena --record DIR`: a schema-valid record per game, whose deals are
/// the match's hands, and each replays to its recorded final score.
#[test]
fn arena_records_every_game() {
    let schema = schema();
    let dir = tempfile::tempdir().unwrap();
    let o = upcard(
        dir.path(),
        &[
            "arena",
            "--team0",
            "simple",
            "--team1",
            "computer",
            "--games",
            "4",
            "--seed",
            "2",
            "--house",
            "loner-lead=left-of-loner",
            "--format",
            "json",
            "--record",
            "games",
        ],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let report: serde_json::Value = serde_json::from_slice(&o.stdout).unwrap();
    let mut names: Vec<String> = std::fs::read_dir(dir.path().join("games"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            "game-000000.egn",
            "game-000001.egn",
            "game-000002.egn",
            "game-000003.egn"
        ]
    );
    let mut deals = 0;
    for n in &names {
        let path = dir.path().join("games").join(n);
        let text = std::fs::read_to_string(&path).unwrap();
        let value: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert!(schema.is_valid(&value), "{n}");
        assert_eq!(value["metadata"]["ruleset"]["loner_lead"], "LEFT_OF_LONER");
        deals += value["deals"].as_array().unwrap().len();
        let t = upcard::record::timeline(&path, &text).unwrap();
        assert_eq!(t.error, None, "{n}");
        let last = t.moves.last().unwrap();
        let fin: Vec<u32> = value["metadata"]["finalScore"]
            .as_array()
            .unwrap()
            .iter()
            .map(|v| v.as_u64().unwrap() as u32)
            .collect();
        assert_eq!(last.state.scores.to_vec(), fin, "{n}");
    }
    assert_eq!(report["hands"].as_u64(), Some(deals as u64));
}

/// `upcard import`: a championship game, and one deal of it, become
/// scenarios with goldens that `upcard run` passes; nothing is overwritten.
#[test]
fn a_championship_game_imported_passes_upcard_run() {
    let dir = tempfile::tempdir().unwrap();
    let game = examples().join("VWEC Finals Annotated.egn");
    let game = game.to_str().unwrap();
    let o = upcard(dir.path(), &["import", game, "--out", "scenarios/egn"], b"");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "wrote scenarios/egn/vwec-finals-annotated.egn, scenarios/egn/vwec-finals-annotated.yaml and its golden golden/standard/vwec-finals-annotated.out; check it with:\n  upcard run scenarios/egn/vwec-finals-annotated.yaml\n"
    );
    let o = upcard(
        dir.path(),
        &[
            "import",
            game,
            "--out",
            "scenarios/egn",
            "--deal",
            "7",
            "--name",
            "loner",
        ],
        b"",
    );
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(String::from_utf8(o.stdout).unwrap().ends_with(
        "(the replay ends early: the record ends after deal 7 at 6-4, before either team reaches 10)\n"
    ));
    let one: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(dir.path().join("scenarios/egn/loner.egn")).unwrap(),
    )
    .unwrap();
    assert_eq!(one["metadata"]["initialScore"], serde_json::json!([6, 3]));
    assert_eq!(one["deals"].as_array().unwrap().len(), 1);
    assert_eq!(one["deals"][0]["dealNumber"], 7);
    let golden = std::fs::read_to_string(dir.path().join("golden/standard/loner.out")).unwrap();
    assert!(
        golden.starts_with(
            "\nHand 8. Llama deals. Score: WWMM & Euchrazy1 6, Llama & LeftyKnavey 3.\n"
        ),
        "{golden}"
    );
    let o = upcard(dir.path(), &["run", "scenarios"], b"");
    assert_eq!(
        String::from_utf8(o.stdout).unwrap(),
        "PASS loner (scenarios/egn/loner.yaml)\nPASS vwec-finals-annotated (scenarios/egn/vwec-finals-annotated.yaml)\n\n2 passed, 0 failed\n"
    );
    assert_eq!(
        refused(dir.path(), &["import", game, "--out", "scenarios/egn"]),
        "upcard: scenarios/egn/vwec-finals-annotated.egn exists: remove it or give another --name\n"
    );
    // A recorded game takes nothing else.
    std::fs::write(
        dir.path().join("scenarios/egn/mixed.yaml"),
        "name: mixed\nrules: standard\nstandard:\n  seed: 1\n  record: loner.egn\n",
    )
    .unwrap();
    let err = refused(dir.path(), &["run", "scenarios/egn/mixed.yaml"]);
    assert!(
        err.contains("a recorded game takes its players, rules and cards from the record: give no seed, deck, house or players"),
        "{err}"
    );
}

/// The notation's reference replayer (node, tests/egn/reference) reads the
/// records upcard writes as upcard does: the score after every deal is the
/// same, for games under the rules it implements (it scores every euchre 2
/// and every lone march 4, and knows no defending alone). It also still
/// computes the committed reference scores of the public examples.
#[test]
fn the_reference_replayer_scores_upcards_records_as_upcard_does() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let node = |files: &[PathBuf]| -> String {
        let o = std::process::Command::new("node")
            .arg(root.join("tests/egn/reference/scores.js"))
            .args(files)
            .output()
            .expect("node (apt-get install -y nodejs; .ci/run installs it)");
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
        String::from_utf8(o.stdout).unwrap()
    };
    let mut examples: Vec<PathBuf> = std::fs::read_dir(examples())
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    examples.sort();
    assert_eq!(
        node(&examples),
        std::fs::read_to_string(root.join("tests/egn/reference-scores.txt")).unwrap()
    );
    let dir = tempfile::tempdir().unwrap();
    let rules: &[&[&str]] = &[
        &[],
        &["loner-lead=left-of-loner"],
        &["canadian-loner=must-alone"],
        &["points-to-win=5", "stick-the-dealer=off"],
    ];
    let mut files = Vec::new();
    for (i, house) in rules.iter().enumerate() {
        for seed in ["1", "2"] {
            let file = format!("g{i}-{seed}.egn");
            play_recorded(dir.path(), seed, "random", house, &file);
            files.push(dir.path().join(file));
        }
    }
    for line in node(&files).lines() {
        let (name, reference) = line.split_once('\t').unwrap();
        let path = dir.path().join(name);
        let t = upcard::record::timeline(&path, &std::fs::read_to_string(&path).unwrap()).unwrap();
        assert_eq!(t.error, None, "{name}");
        assert_eq!(scores(&t).join(" "), reference, "{name}");
    }
}

/// `num_deals`: a game of that many deals (house rule `deals`), the team
/// ahead after them winning; a record of such a game is written back so.
#[test]
fn a_record_of_a_fixed_number_of_deals_is_won_after_them() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    v["metadata"]["ruleset"]["num_deals"] = 1.into();
    let path = dir.path().join("one.egn");
    std::fs::write(&path, v.to_string()).unwrap();
    let t = upcard::record::timeline(&path, &v.to_string()).unwrap();
    assert_eq!(t.error, None);
    assert_eq!(
        upcard::record::describe(&t.moves.last().unwrap().event, &t.names),
        "East & West win the game"
    );
    let written = upcard::record::write::from_timeline(&t).unwrap();
    let rules = written.metadata.ruleset.unwrap();
    assert_eq!((rules.num_deals, rules.winning_score), (Some(1), None));
    assert!(schema().is_valid(&serde_json::from_str(&written_json(&path)).unwrap()));
    // No winning score and no number of deals: a game that cannot end.
    v["metadata"]["ruleset"]["num_deals"] = 0.into();
    v["metadata"]["ruleset"]["winning_score"] = 0.into();
    std::fs::write(&path, v.to_string()).unwrap();
    assert_eq!(
        refused(dir.path(), &["replay", "one.egn"]),
        "upcard: one.egn: ruleset.winning_score is 0: a game with no winning score and no number of deals, which upcard does not play\n"
    );
}

/// The record upcard writes of the record at `path`.
fn written_json(path: &Path) -> String {
    succeeded(upcard(
        path.parent().unwrap(),
        &["replay", path.to_str().unwrap(), "--format", "egn"],
        b"",
    ))
}

/// `replay --line K`: an alternative line of the record's analysis, in
/// text, from the move where it leaves the game (noted there).
#[test]
fn an_alternative_line_replays_on_its_own() {
    let dir = examples();
    let o = upcard(
        &dir,
        &["replay", "Quite the Hustle Annotated.egn", "--to", "36"],
        b"",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.contains("\n  note: upcard: alternative line 1: Charliehustle4192 leads AD (replay --line 1; the HTML page steps into it)\n"),
        "{out}"
    );
    let o = upcard(
        &dir,
        &[
            "replay",
            "Quite the Hustle Annotated.egn",
            "--line",
            "1",
            "--to",
            "6",
        ],
        b"",
    );
    let out = String::from_utf8(o.stdout).unwrap();
    assert!(
        out.starts_with("move 6/31 at 1:1:1 (hand 1, trick 1, play 1): Charliehustle4192 leads AD\n  note: Seems like an easy euchre when leading the Ad."),
        "{out}"
    );
    assert_eq!(
        refused(
            &dir,
            &["replay", "Quite the Hustle Annotated.egn", "--line", "9"]
        ),
        "upcard: --line 9: Quite the Hustle Annotated.egn has alternative lines 1 to 5\n"
    );
}

/// A record whose scores run past anything upcard counts (an initial score
/// near 2^32 that goes on after the game is over) is refused, not a panic.
#[test]
fn scores_past_what_upcard_counts_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Six Points in Two Hands.egn")).unwrap(),
    )
    .unwrap();
    v["metadata"]["initialScore"] = serde_json::json!([4_294_967_294u64, 0]);
    std::fs::write(dir.path().join("big.egn"), v.to_string()).unwrap();
    assert_eq!(
        refused(dir.path(), &["replay", "big.egn"]),
        "upcard: big.egn: after deal 0 the scores are 4294967295-0, more than upcard counts\n"
    );
}

/// A record is anyone's file: what a terminal would interpret in its
/// names and annotations reaches the terminal escaped.
#[test]
fn control_characters_in_a_record_are_shown_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let mut v: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(examples().join("Custom Scenario.egn")).unwrap(),
    )
    .unwrap();
    v["metadata"]["players"][1] = "E\u{1b}]0;pwned\u{7}".into();
    v["deals"][0]["phases"][1]["playAnnotations"] = serde_json::json!({"0": ["[?]\u{1b}[2Jgone"]});
    std::fs::write(dir.path().join("g.egn"), v.to_string()).unwrap();
    let out = succeeded(upcard(
        dir.path(),
        &["replay", "g.egn", "--to", "0:1:1"],
        b"",
    ));
    assert!(!out.contains('\u{1b}') && !out.contains('\u{7}'), "{out}");
    assert!(
        out.starts_with(
            "move 6/31 at 0:1:1 (hand 0, trick 1, play 1): E\\u{1b}]0;pwned\\u{7} leads 9H\n  note: [?] mistake: \\u{1b}[2Jgone\n"
        ),
        "{out}"
    );
}

/// Every house rule the notation has a field for is written and read back
/// as itself, each value it takes (the registry's rows, not a list here);
/// the others stay at the standard game's value in a record.
#[test]
fn every_house_rule_with_a_field_is_written_and_read_back() {
    use upcard::courses::standard::{config, house};
    use upcard::notation::setup;
    use upcard::record::write::ruleset;
    let mut written = 0;
    for rule in house::HouseRule::ALL {
        let Some(egn) = rule.row().egn else {
            let c = setup::config(&ruleset(&config())).unwrap();
            assert_eq!(rule.get(&c), rule.get(&config()), "{}", rule.name());
            continue;
        };
        let values = [
            "on",
            "off",
            "must-alone",
            "none",
            "1",
            "3",
            "5",
            "7",
            "10",
            "2-3",
            "3-2",
            "left-of-loner",
            "left-of-dealer",
        ];
        for value in values {
            let mut c = config();
            // A game with no target ends after a number of deals.
            if value == "none" {
                rule.set(&mut c, "5").ok();
                house::apply(&mut c, "deals=8").unwrap();
            }
            if rule.set(&mut c, value).is_err() || house::check(&c).is_err() {
                continue;
            }
            let back = setup::config(&ruleset(&c))
                .unwrap_or_else(|e| panic!("{} = {value}: {e}", rule.name()));
            // The notation cannot say upcard's canadian-loner = on (its
            // `canadian` is must-alone): the record says false (docs/egn.md),
            // and the moves it holds are lawful under both.
            let want = match (rule, value) {
                (house::HouseRule::CanadianLoner, "on") => "off",
                _ => value,
            };
            assert_eq!(rule.get(&back), want, "{} ({})", rule.name(), egn.field);
            written += 1;
        }
    }
    assert!(written >= 15, "only {written} values were written");
}

/// docs/house-rules.md has a row for every house rule of the registry.
#[test]
fn every_house_rule_has_its_row_in_the_docs() {
    let docs = std::fs::read_to_string("docs/house-rules.md").unwrap();
    for rule in upcard::courses::standard::house::HouseRule::ALL {
        assert!(
            docs.contains(&format!("\n| `{}` |", rule.name())),
            "docs/house-rules.md has no row for {}",
            rule.name()
        );
    }
}
