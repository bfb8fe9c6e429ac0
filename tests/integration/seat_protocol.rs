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

/// `upcard play` with `program` at seat 1, outside the sandbox: these
/// programs keep logs beside themselves for the tests to read
/// (seat_sandbox.rs tests the sandbox).
fn play(program: &Path, extra: &[&str]) -> crate::tester::Ran {
    Upcard::new()
        .args([
            "play",
            "--no-sandbox",
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
    // Every house rule of the registry, at the standard game's value but
    // the one the table set.
    use upcard::courses::standard::{config, house::HouseRule};
    let mut house: serde_json::Map<String, serde_json::Value> = HouseRule::ALL
        .iter()
        .map(|r| (r.name().to_string(), r.get(&config()).into()))
        .collect();
    assert_eq!(house["stick-the-dealer"], "off");
    house.insert("points-to-win".into(), "3".into());
    assert_eq!(
        lines[0],
        serde_json::json!({"type": "hello", "protocol": 1, "seat": 1,
            "names": ["North", "East", "South", "West"], "rules": "standard", "points_to_win": 3,
            "house": house,
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

/// A fresh folder for one test's probe logs.
fn probe_dir(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-probe-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// `exec:python3 PROBE DIR [stay]`: a program and its arguments.
fn probe(dir: &Path, stay: bool) -> String {
    let probe = Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/integration/programs/probe.py");
    format!(
        "exec:python3 {} {}{}",
        probe.display(),
        dir.display(),
        if stay { " stay" } else { "" }
    )
}

/// Each probe process's log, by file name.
fn probe_logs(dir: &Path, ext: &str) -> Vec<Vec<String>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == ext))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            std::fs::read_to_string(p)
                .unwrap()
                .lines()
                .map(String::from)
                .collect()
        })
        .collect()
}

/// `upcard arena` outside the sandbox (the probes log into a folder of the test's).
fn arena(args: &[&str]) -> (Option<i32>, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["arena", "--no-sandbox"])
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code(),
        String::from_utf8(out.stdout).unwrap(),
        String::from_utf8(out.stderr).unwrap(),
    )
}

/// The game's end reaches every program exactly as documented: `over`,
/// then the program exits on its own (its log ends with its own EXIT), in
/// `play` and in every game of an arena; the command takes arguments.
#[test]
fn a_probe_gets_over_and_exits_on_its_own_in_play_and_arena() {
    let d = probe_dir("play");
    let ran = Upcard::new()
        .args([
            "play",
            "--no-sandbox",
            "--plain",
            "--seed",
            "3",
            "--house",
            "points-to-win=3",
            "--seat",
            "0=bot:simple",
            "--seat",
            "2=bot:simple",
            "--seat",
            "3=bot:computer",
        ])
        .args([format!("--seat=1={}", probe(&d, false))])
        .run();
    assert_eq!(ran.stderr, "");
    let logs = probe_logs(&d, "log");
    assert_eq!(logs.len(), 1);
    let n = logs[0].len();
    assert!(logs[0][n - 2].contains(r#""type":"over""#), "{:?}", logs[0]);
    assert_eq!(logs[0][n - 1], "EXIT");

    let d = probe_dir("arena");
    let team0 = probe(&d, false);
    let (code, out, err) = arena(&[
        "--team0", &team0, "--team1", "random", "--games", "6", "-j", "2", "--seed", "5",
    ]);
    assert_eq!((code, err.as_str()), (Some(0), ""), "{out}");
    let logs = probe_logs(&d, "log");
    assert_eq!(logs.len(), 12, "two seats in each of six games");
    for log in &logs {
        assert!(log[0].contains(r#""type":"hello""#), "{log:?}");
        assert_eq!(
            log.iter()
                .filter(|l| l.contains(r#""type":"over""#))
                .count(),
            1
        );
        assert_eq!(log.last().unwrap(), "EXIT", "{log:?}");
    }
    assert!(out.contains("started its program 12 times"), "{out}");
}

/// `hello` names every rule in play; the JSON report names what reruns it.
#[test]
fn hello_and_the_report_name_the_house_rules() {
    let d = probe_dir("house");
    let team0 = probe(&d, false);
    let (code, out, _) = arena(&[
        "--team0",
        &team0,
        "--team1",
        "simple",
        "--games",
        "1",
        "--seed",
        "7",
        "--house",
        "defend-alone=on",
        "--house",
        "lone-march-points=5",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(0));
    let logs = probe_logs(&d, "log");
    let hello: serde_json::Value = serde_json::from_str(&logs[0][0]).unwrap();
    assert_eq!(hello["house"]["defend-alone"], "on");
    assert_eq!(hello["house"]["lone-march-points"], "5");
    assert_eq!(hello["house"]["stick-the-dealer"], "off");
    assert_eq!(hello["rules"], "standard");
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["seed"], 7);
    assert_eq!(report["games"], 1);
    assert_eq!(report["house"]["defend-alone"], "on");
    assert_eq!(report["house"]["lone-march-points"], "5");
    assert_eq!(report["rules"], "standard");
    assert_eq!(report["samples"], 24);
    assert_eq!(report["seat_timeout_s"], 5.0);
    assert_eq!(report["on_fault"], "bot:computer");
    assert_eq!(report["upcard_version"], env!("CARGO_PKG_VERSION"));
    assert!(
        report["command"]
            .as_str()
            .unwrap()
            .contains("--house 'lone-march-points=5'"),
        "{report}"
    );
    assert_eq!(report["teams"][0]["bot"], team0);
}

/// A program whose every answer is unlawful is a result with its faults,
/// never a clean win for it: counted per kind with game, deal and seat, in
/// the text and the JSON, on stderr, and in the exit status.
#[test]
fn an_unlawful_program_is_reported_with_its_faults() {
    let bot = script(
        "always-unlawful",
        "while read -r line; do case \"$line\" in *decide*) echo '{\"action\":\"play ZZ\"}';; esac; done",
    );
    let team0 = format!("exec:{}", bot.display());
    let (code, out, err) = arena(&[
        "--team0", &team0, "--team1", "random", "--games", "4", "-j", "2", "--seed", "1",
        "--format", "json",
    ]);
    assert_eq!(code, Some(1), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    let t = &v["teams"][0];
    assert_eq!(t["fault_counts"], serde_json::json!({"unlawful": 8}));
    let faults = t["faults"].as_array().unwrap();
    assert_eq!(faults.len(), 8, "each seat of each game, once");
    let mut places: Vec<(u64, u64, u64)> = faults
        .iter()
        .map(|f| {
            assert_eq!(f["kind"], "unlawful");
            (
                f["game"].as_u64().unwrap(),
                f["deal"].as_u64().unwrap(),
                f["seat"].as_u64().unwrap(),
            )
        })
        .collect();
    places.sort();
    assert_eq!(
        places,
        vec![
            (0, 1, 0),
            (0, 1, 2),
            (1, 1, 1),
            (1, 1, 3),
            (2, 2, 0),
            (2, 2, 2),
            (3, 2, 1),
            (3, 2, 3)
        ]
    );
    assert_eq!(v["teams"][1]["faults"], serde_json::json!([]));
    // stderr ties each fault to its game and deal.
    assert_eq!(err.lines().count(), 8, "{err}");
    assert!(
        err.contains(&format!("upcard: game 3, deal 2, seat 1 (exec:{}): \"play ZZ\" is not one of the lawful actions", bot.display())),
        "{err}"
    );
    let (code, text, _) = arena(&[
        "--team0", &team0, "--team1", "random", "--games", "4", "-j", "2", "--seed", "1",
    ]);
    assert_eq!(code, Some(1));
    assert!(
        text.contains("team 0 FAULTS: 8 (8 unlawful); bot:computer played on for it\n"),
        "{text}"
    );
    // With --on-fault end, no one wins a game a fault stopped.
    let (code, out, _) = arena(&[
        "--team0",
        &team0,
        "--team1",
        "random",
        "--games",
        "4",
        "-j",
        "2",
        "--seed",
        "1",
        "--on-fault",
        "end",
        "--format",
        "json",
    ]);
    assert_eq!(code, Some(1));
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["stopped"], 4);
    assert_eq!(v["teams"][0]["games_won"], 0);
    assert_eq!(v["teams"][1]["games_won"], 0);
}

/// The example Python bot plays many games in one process: over 20 games
/// on two threads it is started four times (two seats on each thread),
/// faults never, and every game is won by someone.
#[test]
fn the_python_example_stays_for_many_games() {
    let bot = Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bots/python/bot.py");
    let team0 = format!("exec:python3 {}", bot.display());
    let (code, out, err) = arena(&[
        "--team0", &team0, "--team1", "simple", "--games", "20", "-j", "1", "--seed", "3",
        "--format", "json",
    ]);
    assert_eq!((code, err.as_str()), (Some(0), ""), "{out}");
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    // Two seats, and two more for each deal's other half (a process never
    // plays both): four processes for twenty games.
    assert_eq!(v["teams"][0]["startups"], 4, "{out}");
    assert_eq!(v["teams"][0]["faults"], serde_json::json!([]));
    let won =
        v["teams"][0]["games_won"].as_u64().unwrap() + v["teams"][1]["games_won"].as_u64().unwrap();
    assert_eq!(won, 20);
}

/// Every message of a 100-game arena, both ways, is valid under the
/// protocol's schema, and a program that stays gets one hello per game.
#[test]
fn every_message_of_a_hundred_game_arena_is_valid_under_the_schema() {
    let d = probe_dir("schema");
    let team0 = probe(&d, true);
    let (code, _, err) = arena(&[
        "--team0",
        &team0,
        "--team1",
        "simple",
        "--games",
        "100",
        "-j",
        "2",
        "--seed",
        "11",
        "--house",
        "defend-alone=on",
        "--house",
        "stick-the-dealer=on",
    ]);
    assert_eq!((code, err.as_str()), (Some(0), ""));
    let schema: serde_json::Value = serde_json::from_str(
        &std::fs::read_to_string(
            Path::new(env!("CARGO_MANIFEST_DIR")).join("grammar/seat-protocol.schema.json"),
        )
        .unwrap(),
    )
    .unwrap();
    let messages = jsonschema::validator_for(&schema).unwrap();
    let mut answer_schema = schema.clone();
    answer_schema["$ref"] = serde_json::json!("#/$defs/answer");
    answer_schema.as_object_mut().unwrap().remove("oneOf");
    let answers = jsonschema::validator_for(&answer_schema).unwrap();
    let (mut hellos, mut overs, mut decides) = (0, 0, 0);
    for log in probe_logs(&d, "log") {
        assert_eq!(
            log.last().unwrap(),
            "EOF",
            "the match's end closes its input"
        );
        for l in &log[..log.len() - 1] {
            let v: serde_json::Value = serde_json::from_str(l).unwrap();
            assert!(messages.is_valid(&v), "{l}");
            match v["type"].as_str().unwrap() {
                "hello" => hellos += 1,
                "over" => overs += 1,
                _ => decides += 1,
            }
        }
    }
    assert_eq!(
        (hellos, overs),
        (200, 200),
        "one hello and one over per seat per game"
    );
    assert!(decides > 2000, "{decides}");
    for log in probe_logs(&d, "answers") {
        for l in log {
            let v: serde_json::Value = serde_json::from_str(&l).unwrap();
            assert!(answers.is_valid(&v), "{l}");
        }
    }
}

/// A program that does not exit after `over` has the grace period (2 s)
/// and then its whole process group is stopped: nothing it started is
/// left running once `upcard play` returns.
#[test]
fn a_program_that_lingers_after_over_is_stopped_after_the_grace_period() {
    let body = format!(
        "{}\nsleep 600 & echo $! > \"$0.child\"; echo $$ > \"$0.pid\"; sleep 600\n",
        FIRST_LAWFUL.replace(
            "*'\"type\":\"over\"'*) exit 0 ;;",
            "*'\"type\":\"over\"'*) break ;;"
        )
    );
    let bot = script("lingers", &body);
    let started = std::time::Instant::now();
    let ran = play(&bot, &[]);
    let took = started.elapsed();
    assert_eq!(ran.stderr, "");
    assert!(ran.text().contains("win the game"));
    assert!(
        took >= std::time::Duration::from_secs(2),
        "stopped before its grace period: {took:?}"
    );
    for f in ["pid", "child"] {
        let pid = std::fs::read_to_string(bot.with_extension(f)).unwrap();
        let pid = pid.trim();
        // Reaped or not, a stopped process is no longer running.
        let state = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
        assert!(
            state.is_empty() || state.split_whitespace().nth(2) == Some("Z"),
            "{f} {pid} still runs: {state}"
        );
    }
}
