//! Every way a scenario file can be refused: file, line, column, field, reason.

use std::path::{Path, PathBuf};

use upcard::scenario::Scenario;

const BASE: &str = "name: t
rules: eecs280
eecs280:
  pack: [9S, TS, JS, QS, KS, AS, 9H, TH, JH, QH, KH, AH, 9C, TC, JC, QC, KC, AC, 9D, TD, JD, QD, KD, AD]
  points: 1
  players:
    - { name: A, type: Simple }
    - { name: B, type: Simple }
    - { name: C, type: Simple }
    - { name: D, type: Human }
";

fn dir() -> PathBuf {
    let d = std::path::Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-scenario-errors-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn err(text: &str) -> String {
    Scenario::from_text(&dir().join("s.yaml"), text)
        .unwrap_err()
        .to_string()
        .replace(&dir().display().to_string(), "DIR")
}

#[test]
fn the_base_scenario_loads() {
    let s = Scenario::from_text(Path::new("scenarios/x/t.yaml"), BASE).unwrap();
    assert_eq!(s.name, "t");
    assert_eq!(s.expect.golden, Path::new("golden/eecs280/t.out"));
    assert_eq!(s.weight, 1.0);
    // Outside a scenarios folder, the golden folder is beside the file.
    let s = Scenario::from_text(Path::new("elsewhere/t.yaml"), BASE).unwrap();
    assert_eq!(s.expect.golden, Path::new("elsewhere/golden/eecs280/t.out"));
}

#[test]
fn yaml_and_type_errors_come_with_place_and_field() {
    let cases = [
        (
            BASE.replace("type: Human", "type: Robot"),
            "DIR/s.yaml:10:24: eecs280.players[3].type: unknown variant `Robot`, expected `Simple` or `Human`",
        ),
        (
            BASE.replace("JD, QD", "XX, QD"),
            "DIR/s.yaml:4:9: eecs280.pack[20]: \"XX\" is not a card (write 9S or Nine of Spades; ranks 9 T J Q K A, suits S H C D)",
        ),
        (
            format!("{BASE}colour: red\n"),
            "DIR/s.yaml:11:1: colour: unknown field `colour`, expected one of `name`, `description`, `rules`, `eecs280`, `cs246`, `standard`, `input`, `input_file`, `expect`, `tags`, `weight`, `visibility`",
        ),
        (
            "name: [x]\nrules: cs246\n".to_string(),
            "DIR/s.yaml:1:7: name: invalid type: sequence, expected a string",
        ),
        (
            "rules: cs246\ncs246: {}\n".to_string(),
            "DIR/s.yaml:1:1: missing field `name`",
        ),
        (
            format!("{BASE}expect:\n  hands:\n    - {{ hand: 0, trump: Stars }}\n"),
            "DIR/s.yaml:13:7: expect.hands[0].trump: \"Stars\" is not a suit (Spades or S, Hearts or H, Clubs or C, Diamonds or D)",
        ),
        (
            "name: x\nrules: cs246\ncs246:\n  seed: [1]\n".to_string(),
            "DIR/s.yaml:4:9: cs246.seed: invalid type: sequence, expected i64",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(err(&text), want);
    }
}

#[test]
fn checks_across_fields_name_the_field_and_its_line() {
    let cases = [
        (
            BASE.replace("points: 1", "points: 0"),
            "DIR/s.yaml:5:3: eecs280.points: points must be 1 to 100, not 0",
        ),
        (
            BASE.replace("    - { name: D, type: Human }\n", ""),
            "DIR/s.yaml:6:3: eecs280.players: a game has 4 players, this one has 3",
        ),
        (
            BASE.replace("name: D,", "name: A,"),
            "DIR/s.yaml:6:3: eecs280.players: two players are named \"A\"",
        ),
        (
            BASE.replace("rules: eecs280", "rules: cs246"),
            "DIR/s.yaml:3:1: eecs280: an eecs280 section in a cs246 scenario",
        ),
        (
            "name: x\nrules: cs246\n".to_string(),
            "DIR/s.yaml:2:1: rules: rules: cs246 needs a cs246 section",
        ),
        (
            BASE.replace("JD, QD", "JS, QD"),
            "DIR/s.yaml:4:3: eecs280.pack: JS is in the pack twice",
        ),
        (
            BASE.replace("9S, TS, ", ""),
            "DIR/s.yaml:4:3: eecs280.pack: a pack has 24 cards, this one has 22",
        ),
        (
            BASE.replace("  pack: [", "  pack_file: p.in\n  pack: ["),
            "DIR/s.yaml:5:3: eecs280.pack: give pack or pack_file, not both",
        ),
        (
            format!("{BASE}expect:\n  hands:\n    - {{ hand: 0, maker: Zed }}\n"),
            "DIR/s.yaml:12:3: expect.hands[0].maker: Zed is not a player here (players: A, B, C, D; or a seat 0 to 3)",
        ),
        (
            format!("{BASE}expect:\n  winner: 7\n"),
            "DIR/s.yaml:12:3: expect.winner: 7 is not a player here (players: A, B, C, D; or a seat 0 to 3)",
        ),
        (
            format!("{BASE}expect:\n  compare: [exact, ignore-case]\n"),
            "DIR/s.yaml:12:3: expect.compare: exact cannot be combined with an ignore- flag",
        ),
        (
            BASE.replace(
                "  points: 1\n",
                "  points: 1\n  pack_name: ../../outside.in\n",
            ),
            "DIR/s.yaml:6:3: eecs280.pack_name: the pack's name \"../../outside.in\" must be a plain file name: it holds a path separator",
        ),
        (
            BASE.replace("name: t", "name: a/b"),
            "DIR/s.yaml:1:1: name: the name \"a/b\" cannot name the golden file: it holds a path separator",
        ),
        (
            BASE.replace("name: C,", "name: \"C C\","),
            "DIR/s.yaml:6:3: eecs280.players: player 2's name \"C C\" must be one word (the program reads names as words)",
        ),
        (
            format!("{BASE}weight: -1\n"),
            "DIR/s.yaml:11:1: weight: weight must be a number 0 or more, not -1",
        ),
        (
            format!("{BASE}input: [pass]\ninput_file: in.txt\n"),
            "DIR/s.yaml:11:1: input: give input or input_file, not both",
        ),
        (
            "name: x\nrules: cs246\ncs246:\n  options:\n    loner-lead: sideways\n".to_string(),
            "DIR/s.yaml:5:5: cs246.options.loner-lead: unknown rule option \"loner-lead=sideways\" (loner-lead=next-active|footnote, dealer-picks-up-when-out=yes|no, renege-ends-game=yes|no, renege-card=typed|printed, suit-case=any|upper, suits=letters|words, dealer-counts-turned-down=yes|no, last-trump=lowest-winning|highest)",
        ),
        (
            "name: x\nrules: cs246\ncs246:\n  seed: 99999999999\n".to_string(),
            "DIR/s.yaml:4:3: cs246.seed: the seed 99999999999 does not fit in 32 bits",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(err(&text), want);
    }
}

#[test]
fn referenced_files_are_checked_too() {
    let cases = [
        (
            BASE.replace("  pack: [9S, TS, JS, QS, KS, AS, 9H, TH, JH, QH, KH, AH, 9C, TC, JC, QC, KC, AC, 9D, TD, JD, QD, KD, AD]", "  pack_file: nope.in"),
            "DIR/s.yaml:4:3: eecs280.pack_file: cannot read pack file DIR/nope.in: No such file or directory (os error 2)",
        ),
        (
            "name: x\nrules: cs246\ncs246:\n  save_file: nope.txt\n".to_string(),
            "DIR/s.yaml:4:3: cs246.save_file: cannot read save file DIR/nope.txt: No such file or directory (os error 2)",
        ),
        (
            "name: x\nrules: cs246\ncs246:\n  save: |\n    0 0\n    0 9\n".to_string(),
            "DIR/s.yaml (cs246.save):2:3: expected the next player (a player id 0 to 3), found \"9\" (used by DIR/s.yaml)",
        ),
        (
            format!("{BASE}input_file: gone.txt\n"),
            "DIR/s.yaml:11:1: input_file: cannot read input file DIR/gone.txt: No such file or directory (os error 2)",
        ),
    ];
    for (text, want) in cases {
        assert_eq!(err(&text), want);
    }
    // A pack file with a bad card: its own file, line and column.
    std::fs::write(dir().join("bad.in"), "Nine of Spades\nTen of Swords\n").unwrap();
    let text = BASE.replace(
        "  pack: [9S, TS, JS, QS, KS, AS, 9H, TH, JH, QH, KH, AH, 9C, TC, JC, QC, KC, AC, 9D, TD, JD, QD, KD, AD]",
        "  pack_file: bad.in",
    );
    assert!(err(&text).starts_with("DIR/bad.in:2:1: "), "{}", err(&text));
    // A missing scenario file, and one that is not text.
    let missing = Scenario::load(&dir().join("none.yaml"))
        .unwrap_err()
        .to_string();
    assert!(
        missing.ends_with("none.yaml: No such file or directory (os error 2)"),
        "{missing}"
    );
    std::fs::write(dir().join("bin.yaml"), [0xff, 0xfe, 0]).unwrap();
    let bin = Scenario::load(&dir().join("bin.yaml"))
        .unwrap_err()
        .to_string();
    assert!(
        bin.ends_with("bin.yaml:1:1: byte 0xff is not UTF-8 text"),
        "{bin}"
    );
}

/// A standard table's seats take `human` or any bot of the registry (the
/// list the command line uses), and an unknown type says which there are.
#[test]
fn standard_seat_types_are_the_bots_registry() {
    use upcard::bots::Bot;
    let with = |kinds: [&str; 4]| {
        format!(
            "name: t\nrules: standard\nstandard:\n  seed: 1\n  players:\n{}",
            kinds
                .iter()
                .enumerate()
                .map(|(i, k)| format!("    - {{ name: P{i}, type: {k} }}\n"))
                .collect::<String>()
        )
    };
    for bot in Bot::ALL {
        let text = with(["human", bot.name(), bot.name(), bot.name()]);
        Scenario::from_text(Path::new("scenarios/x/t.yaml"), &text)
            .unwrap_or_else(|e| panic!("{}: {e}", bot.name()));
    }
    assert_eq!(
        err(&with(["human", "pimc", "robot", "expert"])),
        "DIR/s.yaml:8:25: standard.players[2].type: unknown player type \"robot\"; the types are human, random, level:1, simple, level:2, level:3, computer, level:4, pimc, expert"
    );
}
