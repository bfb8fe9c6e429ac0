//! `--seat N=exec:PROGRAM`: a program speaking the seat protocol plays a
//! seat; one that misbehaves is told why and a bot takes its seat.

use std::path::{Path, PathBuf};

use crate::tester::Upcard;

fn script(name: &str, body: &str) -> PathBuf {
    let d =
        Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("upcard-seat-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    let p = d.join(name);
    std::fs::write(&p, format!("#!/usr/bin/env bash\n{body}")).unwrap();
    use std::os::unix::fs::PermissionsExt;
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// A bot in shell: answers each decision with its first lawful action, and
/// keeps what it was told.
const FIRST_LAWFUL: &str = r#"log="$0.log"; : > "$log"
while IFS= read -r line; do
  printf '%s\n' "$line" >> "$log"
  case "$line" in
    *'"type":"decide"'*)
      a=$(printf '%s' "$line" | sed -E 's/.*"legal":\["([^"]*)".*/\1/')
      printf '{"action":"%s"}\n' "$a" ;;
    *'"type":"over"'*) exit 0 ;;
  esac
done
"#;

fn play(program: &Path, extra: &[&str]) -> crate::tester::Ran {
    Upcard::new()
        .args([
            "play",
            "--plain",
            "--seed",
            "6",
            "--house",
            "points-to-win=3",
            "--seat",
            "0=bot:simple",
            "--seat",
            "2=bot:simple",
            "--seat",
            "3=bot:computer",
            "--seat",
        ])
        .args([format!("1=exec:{}", program.display())])
        .args(extra)
        .run()
}

#[test]
fn a_shell_bot_plays_a_seat_through_the_protocol() {
    let bot = script("first-lawful", FIRST_LAWFUL);
    let ran = play(&bot, &[]);
    assert_eq!(ran.stderr, "");
    assert!(ran.text().contains("win the game"), "{}", ran.text());
    let log = std::fs::read_to_string(bot.with_extension("log")).unwrap();
    let lines: Vec<serde_json::Value> = log
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(
        lines[0],
        serde_json::json!({"type": "hello", "protocol": 1, "seat": 1,
            "names": ["North", "East", "South", "West"], "rules": "standard", "points_to_win": 3,
            "house": {"canadian-loner": "off", "deal-pattern": "3-2", "defend-alone": "off",
                "discard-upcard": "on", "farmers-hand": "off", "going-alone": "on",
                "lone-march-points": "4", "points-to-win": "3", "stick-the-dealer": "off"},
            "game": 0})
    );
    let decide = &lines[1];
    assert_eq!(decide["type"], "decide");
    assert_eq!(decide["observation"]["seat"], 1);
    assert_eq!(decide["observation"]["hand"].as_array().unwrap().len(), 5);
    assert_eq!(decide["legal"][0], "pass");
    // It sees its own hand and nothing of the others'.
    assert!(decide["observation"].get("hands").is_none());
    assert_eq!(lines.last().unwrap()["type"], "over");
    // Every line it was sent is valid under the protocol's schema.
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string("grammar/seat-protocol.schema.json").unwrap(),
    )
    .unwrap();
    let v = jsonschema::validator_for(&schema).unwrap();
    for l in &lines {
        assert!(v.is_valid(l), "{l}");
    }
}

/// Each misbehaviour: the message, and the game goes on to its end.
#[test]
fn a_program_that_misbehaves_is_replaced_by_a_bot_and_the_game_goes_on() {
    let cases = [
        (
            "not-json",
            "read -r line; while read -r line; do echo 'hello there'; done",
            "its answer \"hello there\" is not JSON",
        ),
        (
            "illegal",
            "read -r line; while read -r line; do echo '{\"action\":\"play ZZ\"}'; done",
            "\"play ZZ\" is not one of the lawful actions (pass, ",
        ),
        (
            "wrong-shape",
            "read -r line; while read -r line; do echo '[1,2]'; done",
            "its answer \"[1,2]\" is not {\"action\": \"…\"}",
        ),
        ("silent", "sleep 30", "no answer within 0.3 s"),
        ("ends", "exit 0", "it ended"),
        (
            "flood",
            "read -r line; read -r line; head -c 100000 /dev/zero | tr '\\0' 'x'; echo",
            "it sent a line longer than 65536 bytes",
        ),
    ];
    for (name, body, said) in cases {
        let p = script(name, body);
        let ran = play(&p, &["--seat-timeout", "0.3", "--on-fault", "bot:simple"]);
        let prefix = format!("upcard: seat 1 (exec:{}): ", p.display());
        assert!(
            ran.stderr.starts_with(&prefix) && ran.stderr.contains(said),
            "{name}: {}",
            ran.stderr
        );
        assert!(
            ran.stderr.ends_with("; bot:simple takes the seat\n"),
            "{name}: {}",
            ran.stderr
        );
        assert_eq!(ran.stderr.lines().count(), 1, "{name}: said once");
        assert!(
            ran.text().contains("win the game"),
            "{name}: {}",
            ran.text()
        );
    }
}

#[test]
fn a_program_that_cannot_start_is_said_and_a_bot_sits() {
    let ran = play(Path::new("/nonexistent/bot"), &[]);
    assert!(
        ran.stderr
            .starts_with("upcard: seat 1 (exec:/nonexistent/bot): cannot start /nonexistent/bot: ")
            && ran.stderr.ends_with("; bot:computer takes the seat\n"),
        "{}",
        ran.stderr
    );
    assert!(ran.text().contains("win the game"));
}

#[test]
fn a_program_enters_the_arena() {
    let bot = script("arena-bot", FIRST_LAWFUL);
    let out = Upcard::new()
        .args([
            "arena", "--team1", "random", "--games", "4", "--seed", "2", "-j", "1", "--format",
            "json",
        ])
        .args([format!("--team0=exec:{}", bot.display())])
        .run()
        .text();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["teams"][0]["bot"], format!("exec:{}", bot.display()));
    let won: u64 = v["teams"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["games_won"].as_u64().unwrap())
        .sum();
    assert_eq!(won, 4);
}
