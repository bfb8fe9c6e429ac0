//! `upcard tournament`: five bot programs of every kind a class hands in —
//! a good one, a random one, one that crashes, one that sleeps past its
//! time limit, and one that tries to read a file outside its folder and
//! to reach the network — ranked as expected, each fault counted against
//! its bot, no access gained, and the same results whatever `-j`.

use std::path::Path;

use crate::seat_sandbox::{connections, fresh, hostile, program};
use crate::tester::Upcard;

const RANDOM: &str = r#"#!/usr/bin/env python3
import json, random, sys
rng = random.Random(7)
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        print(json.dumps({"action": rng.choice(msg["legal"])}), flush=True)
    elif msg["type"] == "over":
        break
"#;

const CRASH: &str = r#"#!/usr/bin/env python3
import json, sys
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        print("thinking hard", file=sys.stderr)
        raise SystemExit("crash bot: I always fall over at my first decision")
"#;

const SLEEP: &str = r#"#!/usr/bin/env python3
import json, sys, time
for line in sys.stdin:
    if json.loads(line)["type"] == "decide":
        time.sleep(60)
"#;

/// The five bots in `dir`, and the listener the hostile one is pointed at.
fn class_of_bots(dir: &Path) -> std::net::TcpListener {
    let good = std::fs::read_to_string(
        Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/bots/python/bot.py"),
    )
    .unwrap();
    program(&dir.join("bots/good"), "bot.py", &good);
    program(&dir.join("bots/random"), "bot.py", RANDOM);
    program(&dir.join("bots/crash"), "bot.py", CRASH);
    program(&dir.join("bots/sleep"), "bot.py", SLEEP);
    // The hostile bot's secret lies beside the bots' folder, not in it.
    let (_, listener) = hostile(&dir.join("bots"));
    std::fs::rename(dir.join("bots/secret.txt"), dir.join("secret.txt")).unwrap();
    let bot = dir.join("bots/hostile/bot.py");
    let body = std::fs::read_to_string(&bot).unwrap().replace(
        &dir.join("bots/secret.txt").display().to_string(),
        &dir.join("secret.txt").display().to_string(),
    );
    std::fs::write(&bot, body).unwrap();
    listener
}

/// `upcard tournament DIR/bots` with `extra`. The time limit is generous:
/// a program's first answer includes its start-up, which a loaded machine
/// (CI runs the tests two at a time) can make slow.
fn tournament(dir: &Path, extra: &[&str]) -> crate::tester::Ran {
    Upcard::new()
        .args(["tournament"])
        .arg_path(&dir.join("bots"))
        .args(["--seed", "3", "--seat-timeout", "2"])
        .args(extra)
        .status(1)
        .run()
}

#[test]
fn five_bots_are_ranked_their_faults_counted_and_nothing_gets_out() {
    let d = fresh("tournament");
    let listener = class_of_bots(&d);
    let ran = tournament(&d, &["--games", "2", "--format", "json", "-j", "2"]);
    let v: serde_json::Value = serde_json::from_str(&ran.text()).unwrap();
    let standings = v["standings"].as_array().unwrap();
    let names: Vec<&str> = standings
        .iter()
        .map(|s| s["bot"].as_str().unwrap())
        .collect();
    assert_eq!(names[0], "good", "{}", ran.text());
    // Crash and sleep lose every game they play (a tie, by name).
    assert_eq!(&names[3..], ["crash", "sleep"], "{}", ran.text());
    let by = |name: &str| standings.iter().find(|s| s["bot"] == name).unwrap();
    for name in ["crash", "sleep"] {
        assert_eq!(by(name)["won"], 0, "{name}");
        assert_eq!(by(name)["games"], 8, "{name}");
        // Forfeited: all but the two against each other (both faulted: unrated).
        assert_eq!(by(name)["forfeited"], 6, "{name}");
    }
    // Every crash is "ended", every sleep a "timeout": one per seat of each game.
    assert_eq!(
        by("crash")["fault_counts"],
        serde_json::json!({"ended": 16})
    );
    assert_eq!(
        by("sleep")["fault_counts"],
        serde_json::json!({"timeout": 16})
    );
    assert_eq!(
        by("crash")["stderr"],
        "thinking hard\ncrash bot: I always fall over at my first decision"
    );
    // Timed in CPU time; a program that sleeps meets the clock's bound.
    assert_eq!(
        by("sleep")["faults"][0]["message"],
        "no answer within 4 s on the clock"
    );
    // The hostile bot plays lawfully once it finds nothing: no fault, and
    // it never got the secret nor a connection.
    assert_eq!(by("hostile")["fault_counts"], serde_json::json!({}));
    assert!(!ran.text().contains("golden transcript"));
    assert_eq!(connections(&listener), 0);
    assert_eq!(by("good")["fault_counts"], serde_json::json!({}));
    assert!(by("good")["won"].as_u64().unwrap() >= 7, "{}", ran.text());
    // Ratings and intervals: best first, each inside its interval.
    let ratings: Vec<f64> = standings
        .iter()
        .map(|s| s["rating"].as_f64().unwrap())
        .collect();
    assert!(ratings.windows(2).all(|w| w[0] >= w[1]), "{ratings:?}");
    for s in standings {
        let r = s["rating"].as_f64().unwrap();
        let ci = s["ci95"].as_array().unwrap();
        assert!(
            ci[0].as_f64().unwrap() <= r && r <= ci[1].as_f64().unwrap(),
            "{s}"
        );
    }
}

/// The same results for a seed whatever `-j`: the same bytes.
#[test]
fn the_results_are_the_same_bytes_whatever_the_jobs() {
    let d = fresh("tournament-jobs");
    class_of_bots(&d);
    // The sleeper only costs time here.
    std::fs::remove_dir_all(d.join("bots/sleep")).unwrap();
    let args = ["--games", "4", "--bot", "simple"];
    let two = tournament(&d, &[&args[..], &["-j", "2"]].concat());
    let one = tournament(&d, &[&args[..], &["-j", "1"]].concat());
    assert_eq!(one.text(), two.text());
    assert!(
        two.text()
            .contains("\ncrash: 32 faults (32 ended); 16 games lost for them"),
        "{}",
        two.text()
    );
}

/// The leaderboard page as a browser shows it: the standings in order, and
/// the crashing bot's standard error, escaped (it writes markup).
#[test]
fn the_leaderboard_page_shows_the_standings_and_a_crash() {
    let d = fresh("leaderboard");
    program(
        &d.join("bots/crash"),
        "bot.py",
        &CRASH.replace("thinking hard", "<b>thinking</b> hard"),
    );
    let ran = Upcard::new()
        .args(["tournament"])
        .arg_path(&d.join("bots"))
        .args([
            "--bot", "simple", "--bot", "random", "--games", "4", "--seed", "1", "--format", "html",
        ])
        .status(1)
        .run();
    let page = d.join("leaderboard.html");
    std::fs::write(&page, ran.text()).unwrap();
    assert!(!ran.text().contains("<script") && !ran.text().contains("http"));
    let dom = crate::html_report::chromium(&page, &d.join("leaderboard.png"));
    let rows: Vec<&str> = dom
        .split("<tr><td>")
        .skip(1)
        .map(|r| r.split("</td><td>").nth(1).unwrap())
        .collect();
    assert_eq!(rows, ["bot:simple", "bot:random", "crash"], "{dom}");
    assert!(
        dom.contains(
            "<pre>&lt;b&gt;thinking&lt;/b&gt; hard\ncrash bot: I always fall over at my first decision</pre>"
        ),
        "{dom}"
    );
    assert!(
        dom.contains("<p>16 faults (16 ended); 8 games lost for them (bot:computer played on)</p>"),
        "{dom}"
    );
}

const PASSER: &str = r#"#!/usr/bin/env python3
import json, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        legal = msg["legal"]
        print(json.dumps({"action": "pass" if "pass" in legal else legal[0]}), flush=True)
    elif msg["type"] == "over":
        break
"#;

/// Two bots that always pass never finish a game without stick-the-dealer:
/// each game stops at the hand limit, is won by neither, and the
/// tournament still ranks them and says so.
#[test]
fn endless_games_are_unfinished_and_the_leaderboard_stands() {
    let d = fresh("tournament-endless");
    program(&d.join("bots/pass-a"), "bot.py", PASSER);
    program(&d.join("bots/pass-b"), "bot.py", PASSER);
    let ran = Upcard::new()
        .args(["tournament"])
        .arg_path(&d.join("bots"))
        .args(["--seed", "3", "--games", "2", "--seat-timeout", "5"])
        .run();
    let text = ran.text();
    assert!(
        text.ends_with(
            "\n2 games unfinished: still undecided after 1000 hands (every hand passed out, with no \
             stick-the-dealer, or no team reached the points): won by neither, a fault of neither\n"
        ),
        "{text}\n{}",
        ran.stderr
    );
    for bot in ["pass-a", "pass-b"] {
        let row = text.lines().find(|l| l.contains(bot)).unwrap();
        assert!(
            row.contains("  1500  ") && row.contains("      2      0 "),
            "{row}"
        );
    }
}
