//! `upcard arena`: duplicate games between two bots, in text and JSON.

use crate::tester::Upcard;

#[test]
fn arena_json_has_every_field_and_the_games_add_up() {
    let out = Upcard::new()
        .args([
            "arena",
            "--team0",
            "simple",
            "--team1",
            "random",
            "--games",
            "8",
            "--seed",
            "3",
            "--format",
            "json",
            "-j",
            "2",
            "--timings",
        ])
        .run()
        .text();
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["games"], 8);
    assert!(v["hands"].as_u64().unwrap() >= 8 * 2);
    assert!(v["hands_per_second"].as_f64().unwrap() > 0.0);
    let teams = v["teams"].as_array().unwrap();
    assert_eq!(
        (&teams[0]["bot"], &teams[1]["bot"]),
        (&"simple".into(), &"random".into())
    );
    let won: u64 = teams.iter().map(|t| t["games_won"].as_u64().unwrap()).sum();
    assert_eq!(won, 8);
    for t in teams {
        let [lo, hi] = [
            t["ci95"][0].as_f64().unwrap(),
            t["ci95"][1].as_f64().unwrap(),
        ];
        let rate = t["win_rate"].as_f64().unwrap();
        assert!(lo <= rate && rate <= hi, "{t}");
        assert!(
            t["decision_ms"]["median"].as_f64().is_some()
                && t["decision_ms"]["p99"].as_f64().is_some()
        );
        assert!(t["points_per_hand"].as_f64().unwrap() >= 0.0);
    }
}

/// Without `--timings` no decision is clocked, and neither report has times.
#[test]
fn arena_reports_decision_times_only_when_asked() {
    let run = |format: &str| {
        Upcard::new()
            .args([
                "arena", "--team0", "simple", "--team1", "random", "--games", "2", "--seed", "3",
                "--format", format, "-j", "1",
            ])
            .run()
            .text()
    };
    let v: serde_json::Value = serde_json::from_str(&run("json")).unwrap();
    for t in v["teams"].as_array().unwrap() {
        assert!(t.get("decision_ms").is_none(), "{t}");
    }
    let text = run("text");
    assert!(!text.contains("decisions"), "{text}");
    assert!(text.contains("team 0 simple"), "{text}");
}

#[test]
fn arena_results_do_not_depend_on_the_number_of_workers() {
    let run = |jobs: &str| {
        let out = Upcard::new()
            .args([
                "arena", "--team0", "computer", "--team1", "simple", "--games", "6", "--seed", "7",
                "--rules", "cs246", "-j", jobs,
            ])
            .run()
            .text();
        // Everything but the timings.
        out.lines()
            .map(|l| l.split(", decisions").next().unwrap().to_string())
            .filter(|l| !l.contains("hands per second"))
            .collect::<Vec<_>>()
    };
    let one = run("1");
    assert_eq!(one, run("2"));
    assert_eq!(
        one[0],
        "computer vs simple: 6 games (3 deals, each played both ways) under the cs246 rules, seed 7"
    );
}

/// The levels people choose from are named by `level:N` or by their word
/// alike, and a seeded match of levels is the same games whatever `-j`.
#[test]
fn levels_are_named_by_number_or_word_and_replay_whatever_the_workers() {
    let run = |team0: &str, jobs: &str| {
        Upcard::new()
            .args([
                "arena", "--team0", team0, "--team1", "level:4", "--games", "8",
            ])
            .args(["--seed", "3", "--samples", "6", "-j", jobs])
            .run()
            .text()
            .lines()
            .filter(|l| !l.contains("hands per second"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let one = run("level:1", "1");
    assert_eq!(one, run("beginner", "2"));
    assert_eq!(
        one,
        "level:1 vs level:4: 8 games (4 deals, each played both ways) under the standard rules, seed 3\n\
         team 0 level:1        1 games won (12.5%, 95% CI 2.2–47.1%), 0.519 points per hand\n\
         team 1 level:4        7 games won (87.5%, 95% CI 52.9–97.8%), 1.025 points per hand"
    );
}

/// `--think-ms` is in both reports; without it the JSON has no such key
/// (a seeded run replays); 0 is refused.
#[test]
fn arena_says_when_the_search_bots_think_to_time() {
    let args = |extra: &[&'static str]| {
        let mut a = vec![
            "arena",
            "--team0",
            "expert",
            "--team1",
            "pimc",
            "--games",
            "2",
            "--samples",
            "2",
            "-j",
            "1",
        ];
        a.extend_from_slice(extra);
        a
    };
    let text = Upcard::new().args(args(&["--think-ms", "3"])).run().text();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[..2],
        [
            "expert vs pimc: 2 games (1 deal, each played both ways) under the standard rules, secret deals",
            "the search bots thinking about 3 ms per decision (not replayable by seed)"
        ]
    );
    let json = |extra: &[&'static str]| -> serde_json::Value {
        let mut a = args(extra);
        a.extend(["--format", "json"]);
        serde_json::from_str(&Upcard::new().args(a).run().text()).unwrap()
    };
    let v = json(&["--think-ms", "3"]);
    assert_eq!((&v["samples"], &v["think_ms"]), (&2.into(), &3.into()));
    let v = json(&[]);
    assert_eq!(v["samples"], 2);
    assert!(v.get("think_ms").is_none(), "{v}");
    Upcard::new()
        .args(["arena", "--think-ms", "0"])
        .status(2)
        .run();
}

#[test]
fn arena_refuses_an_unknown_bot_and_house_rules_outside_the_standard_game() {
    let r = Upcard::new()
        .args(["arena", "--team0", "genius"])
        .status(2)
        .run();
    assert!(
        r.stderr.contains(
            "there is no bot \"genius\"; the bots are random, level:1, simple, level:2, level:3, computer, level:4, pimc, expert"
        ),
        "{}",
        r.stderr
    );
    Upcard::new()
        .args(["arena", "--rules", "eecs280", "--house", "points-to-win=5"])
        .status(2)
        .stderr_is("upcard: house rules are the standard game's: give --rules standard\n")
        .run();
}

#[test]
fn an_expert_takes_a_seat_in_play() {
    let out = Upcard::new()
        .args([
            "play",
            "--plain",
            "--seed",
            "2",
            "--house",
            "points-to-win=3",
            "--seat",
            "0=bot:expert",
            "--seat",
            "1=bot:random",
            "--seat",
            "2=bot:expert",
            "--seat",
            "3=bot:random",
        ])
        .run()
        .text();
    assert!(out.contains("win the game"), "{out}");
}

/// A program that stays and remembers every game it plays: it gives up
/// (answers nonsense, a fault) when it is greeted for the other half of a
/// duplicate pair it has played, where the hands it held are now its
/// opponents'. No process ever gets both halves.
const REMEMBERS: &str = r#"#!/usr/bin/env python3
import json, sys
seen = set()
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        g = msg["game"]
        knows = (g ^ 1) in seen
        seen.add(g)
    elif msg["type"] == "decide":
        action = "both halves" if knows else msg["legal"][0]
        print(json.dumps({"action": action, "stay": True}), flush=True)
"#;

#[test]
fn a_program_that_stays_never_plays_both_halves_of_a_deal_and_deals_are_secret() {
    let d = crate::seat_sandbox::fresh("arena-halves");
    let bot = crate::seat_sandbox::program(&d.join("remembers"), "bot.py", REMEMBERS);
    let ran = Upcard::new()
        .args(["arena", "--team0"])
        .args([format!("exec:{}", bot.display())])
        .args([
            "--team1", "simple", "--games", "8", "-j", "1", "--format", "json",
        ])
        .run();
    let v: serde_json::Value =
        serde_json::from_slice(&ran.stdout).unwrap_or_else(|e| panic!("{e}: {}", ran.stderr));
    assert_eq!(v["teams"][0]["faults"], serde_json::json!([]), "{v}");
    // Without --seed the deals are secret: no seed in the report.
    assert!(v.get("seed").is_none(), "{v}");
    let text = Upcard::new()
        .args([
            "arena", "--team0", "simple", "--team1", "computer", "--games", "2",
        ])
        .run()
        .text();
    assert!(
        text.starts_with("simple vs computer: 2 games (1 deal, each played both ways) under the standard rules, secret deals\n"),
        "{text}"
    );
}

/// A bot that writes when each game begins and ends (its `hello` and its
/// `over`), by the machine's monotonic clock, to the file it is given.
const LOGS_GAMES: &str = r#"#!/usr/bin/env python3
import json, sys, time
log = open(sys.argv[1], "a")
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] in ("hello", "over"):
        if msg["type"] == "hello":
            game = msg["game"]
        log.write(f"{time.monotonic_ns()} {msg['type']} {game}\n")
        log.flush()
    if msg["type"] == "decide":
        print(json.dumps({"action": msg["legal"][0]}), flush=True)
"#;

#[test]
fn the_two_halves_of_a_deal_are_never_played_at_once() {
    // At -j 2 two games run at once, but never the two halves of one deal:
    // run together, a bot in one half could learn from its twin in the
    // other the hands it is about to hold.
    let d = crate::seat_sandbox::fresh("arena-overlap");
    let bot = crate::seat_sandbox::program(&d.join("logs"), "bot.py", LOGS_GAMES);
    let log = d.join("games.log");
    Upcard::new()
        .args(["arena", "--no-sandbox", "--team0"])
        .args([format!("exec:python3 {} {}", bot.display(), log.display())])
        .args(["--team1", "random", "--games", "12", "-j", "2"])
        .run();
    // Each game's first hello and last over, across its two seats.
    let mut span: std::collections::BTreeMap<u64, (u64, u64)> = Default::default();
    for line in std::fs::read_to_string(&log).unwrap().lines() {
        let w: Vec<&str> = line.split(' ').collect();
        let (t, game): (u64, u64) = (w[0].parse().unwrap(), w[2].parse().unwrap());
        let e = span.entry(game).or_insert((u64::MAX, 0));
        if w[1] == "hello" {
            e.0 = e.0.min(t);
        } else {
            e.1 = e.1.max(t);
        }
    }
    assert_eq!(span.len(), 12, "{span:?}");
    for k in 0..6 {
        let (a, b) = (span[&(2 * k)], span[&(2 * k + 1)]);
        assert!(
            a.1 < b.0 || b.1 < a.0,
            "deal {k}: games {a:?} and {b:?} overlap"
        );
    }
}

/// A bot's folder is copied for each seat within bounds: a sparse 2 GiB
/// file beside it is refused (a fault of that bot's, said), never written
/// out; and an arena stopped by SIGTERM removes its seats' folders.
#[test]
fn a_bots_folder_is_bounded_and_its_copies_go_on_a_signal() {
    use std::os::unix::process::ExitStatusExt;
    let d = crate::seat_sandbox::fresh("arena-folders");
    let big = crate::seat_sandbox::program(&d.join("big"), "bot.py", REMEMBERS);
    std::fs::File::create(d.join("big/blob"))
        .unwrap()
        .set_len(2 << 30)
        .unwrap();
    let ran = Upcard::new()
        .args(["arena", "--team0"])
        .args([format!("exec:{}", big.display())])
        .args([
            "--team1", "simple", "--games", "2", "-j", "1", "--format", "json", "--seed", "1",
        ])
        .status(1)
        .run();
    let v: serde_json::Value =
        serde_json::from_slice(&ran.stdout).unwrap_or_else(|e| panic!("{e}: {}", ran.stderr));
    let message = v["teams"][0]["faults"][0]["message"].as_str().unwrap_or("");
    assert!(
        message.contains("is too large to copy for a seat (blob is 2147483648 bytes)"),
        "{v}"
    );
    // A bot that sleeps holds its seat's folder; SIGTERM removes it.
    let tmp = d.join("tmp");
    std::fs::create_dir_all(&tmp).unwrap();
    let slow = crate::seat_sandbox::program(
        &d.join("slow"),
        "bot.py",
        "#!/usr/bin/env python3\nimport sys, time\nfor line in sys.stdin:\n    time.sleep(60)\n",
    );
    let mut arena = std::process::Command::new(env!("CARGO_BIN_EXE_upcard"))
        .args(["arena", "--team0"])
        .arg(format!("exec:{}", slow.display()))
        .args([
            "--team1",
            "simple",
            "--games",
            "2",
            "-j",
            "1",
            "--seat-timeout",
            "60",
        ])
        .env("TMPDIR", &tmp)
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    let seats = || {
        std::fs::read_dir(&tmp)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().starts_with("upcard-seat-"))
            .count()
    };
    let start = std::time::Instant::now();
    while seats() < 2 && start.elapsed() < std::time::Duration::from_secs(20) {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    assert_eq!(seats(), 2);
    // SAFETY: a signal to our own child.
    unsafe {
        libc::kill(arena.id() as i32, libc::SIGTERM);
    }
    let status = arena.wait().unwrap();
    assert_eq!(
        status.code().or(status.signal().map(|s| 128 + s)),
        Some(128 + 15)
    );
    assert_eq!(seats(), 0);
}

/// A bot that answers at once but keeps 24 processes spinning (from both
/// of its seats: two CPUs, all of this machine's) cannot make its
/// opponent, which spends 0.25 s of CPU on each decision, miss a 2 s limit
/// (without a bound it took about 3 s a decision on two cores): each
/// seat's sandbox has one CPU, and the seats share the machine by weight.
#[test]
fn a_spinning_bot_cannot_starve_its_opponent() {
    let _turn = SPINNING.lock().unwrap_or_else(|e| e.into_inner());
    let d = crate::seat_sandbox::fresh("arena-spinner");
    let spinner = crate::seat_sandbox::program(
        &d.join("spinner"),
        "bot.py",
        r#"#!/usr/bin/env python3
import json, os, sys
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        for _ in range(24):
            if os.fork() == 0:
                while True:
                    pass
    elif msg["type"] == "decide":
        legal = msg["legal"]
        print(json.dumps({"action": next((a for a in legal if a != "pass"), legal[0])}), flush=True)
"#,
    );
    let thinker = crate::seat_sandbox::program(
        &d.join("thinker"),
        "bot.py",
        r#"#!/usr/bin/env python3
import json, sys, time
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        start = time.process_time()
        while time.process_time() - start < 0.25:
            pass
        legal = msg["legal"]
        print(json.dumps({"action": next((a for a in legal if a != "pass"), legal[0])}), flush=True)
"#,
    );
    let ran = Upcard::new()
        .args(["arena", "--team0"])
        .args([format!("exec:{}", thinker.display())])
        .args(["--team1"])
        .args([format!("exec:{}", spinner.display())])
        .args([
            "--games",
            "1",
            "-j",
            "1",
            "--seed",
            "1",
            "--seat-timeout",
            "2",
            "--house",
            "points-to-win=1",
            "--format",
            "json",
        ])
        .run();
    let v: serde_json::Value =
        serde_json::from_slice(&ran.stdout).unwrap_or_else(|e| panic!("{e}: {}", ran.stderr));
    assert_eq!(v["teams"][0]["faults"], serde_json::json!([]), "{v}");
}

/// Partners that try to tell each other their hands: each seat holds a
/// lock (`flock`, and an open-file-description lock) on one `/usr/bin`
/// file per card it holds, and binds an abstract Unix socket and a UDP
/// port per card; at each decision it probes every card's file, name and
/// port and says on standard error which cards, not its own, someone
/// holds.
const TELLS_PARTNER: &str = r#"#!/usr/bin/env python3
import fcntl, json, os, socket, struct, sys
DECK = [r + s for s in "SHCD" for r in "9TJQKA"]
FILES = sorted(f for f in os.listdir("/usr/bin") if os.path.isfile("/usr/bin/" + f))[:24]
held = []
def hold(hand):
    global held
    for h in held:
        h.close()
    held = []
    for c in hand:
        i = DECK.index(c)
        f = open("/usr/bin/" + FILES[i], "rb")
        held.append(f)
        for how in ("flock", "ofd"):
            try:
                if how == "flock":
                    fcntl.flock(f, fcntl.LOCK_SH | fcntl.LOCK_NB)
                else:
                    fcntl.fcntl(f, fcntl.F_OFD_SETLK, struct.pack("hhqqi", fcntl.F_RDLCK, 0, 0, 1, 0))
            except OSError:
                pass
        for family, where in ((socket.AF_UNIX, "\0upcard-card-" + c), (socket.AF_INET, ("127.0.0.1", 47000 + i))):
            try:
                s = socket.socket(family, socket.SOCK_DGRAM)
                s.bind(where)
                held.append(s)
            except OSError:
                pass
def someone_holds(c):
    i = DECK.index(c)
    with open("/usr/bin/" + FILES[i], "rb") as f:
        try:
            fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            return True
        except OSError:
            pass
        try:
            got = fcntl.fcntl(f, fcntl.F_OFD_GETLK, struct.pack("hhqqi", fcntl.F_WRLCK, 0, 0, 1, 0))
            if struct.unpack("hhqqi", got)[0] != fcntl.F_UNLCK:
                return True
        except OSError:
            pass
    for family, where in ((socket.AF_UNIX, "\0upcard-card-" + c), (socket.AF_INET, ("127.0.0.1", 47000 + i))):
        try:
            s = socket.socket(family, socket.SOCK_DGRAM)
            s.bind(where)
            s.close()
        except OSError as e:
            if e.errno == 98:
                return True
    return False
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide":
        hand = msg["observation"]["hand"]
        hold([])
        learned = [c for c in DECK if c not in hand and someone_holds(c)]
        print("learned [" + " ".join(learned) + "]", file=sys.stderr, flush=True)
        hold(hand)
        print(json.dumps({"action": msg["legal"][0]}), flush=True)
"#;

#[test]
fn partners_in_the_sandbox_learn_no_card_of_each_other() {
    let d = crate::seat_sandbox::fresh("arena-partners");
    let bot = crate::seat_sandbox::program(&d.join("tells"), "bot.py", TELLS_PARTNER);
    let learned = |sandbox: bool| -> Vec<String> {
        let mut args = vec!["arena".to_string()];
        if !sandbox {
            args.push("--no-sandbox".into());
        }
        args.extend(["--team0".into(), format!("exec:{}", bot.display())]);
        args.extend(
            [
                "--team1", "simple", "--games", "2", "-j", "1", "--seed", "4",
            ]
            .into_iter()
            .chain(["--house", "points-to-win=1"])
            .map(String::from),
        );
        let ran = Upcard::new().args(args).run();
        ran.stderr
            .lines()
            .filter_map(|l| l.strip_prefix("learned ["))
            .map(|l| l.trim_end_matches(']').to_string())
            .collect()
    };
    // Without the sandbox the channels work: the test can fail.
    let open = learned(false);
    assert!(open.iter().any(|l| !l.is_empty()), "{open:?}");
    let sealed = learned(true);
    assert!(sealed.len() > 8, "{sealed:?}");
    assert!(sealed.iter().all(String::is_empty), "{sealed:?}");
}

/// The tests whose bots spin take turns: two at once would take each
/// other's CPU, which is what the seat's limit is measured in.
static SPINNING: std::sync::Mutex<()> = std::sync::Mutex::new(());

/// A bot that spins on its first decision is timed out by its CPU time
/// (the sandbox counts it), and one that sleeps by the clock's bound.
#[test]
fn a_decision_is_timed_in_cpu_time_with_the_clock_as_its_bound() {
    let _turn = SPINNING.lock().unwrap_or_else(|e| e.into_inner());
    let d = crate::seat_sandbox::fresh("arena-cpu-time");
    for (name, body, message) in [
        (
            "spins",
            "while True:\n            pass",
            "no answer within 1 s of its CPU time",
        ),
        (
            "sleeps",
            "time.sleep(60)",
            "no answer within 2 s on the clock",
        ),
    ] {
        let bot = crate::seat_sandbox::program(
            &d.join(name),
            "bot.py",
            &format!(
                "#!/usr/bin/env python3\nimport json, sys, time\nfor line in sys.stdin:\n    \
                 if json.loads(line)[\"type\"] == \"decide\":\n        {body}\n"
            ),
        );
        let ran = Upcard::new()
            .args(["arena", "--team0"])
            .args([format!("exec:{}", bot.display())])
            .args([
                "--team1",
                "simple",
                "--games",
                "1",
                "-j",
                "1",
                "--seed",
                "1",
                "--seat-timeout",
                "1",
                "--house",
                "points-to-win=1",
                "--format",
                "json",
            ])
            .status(1)
            .run();
        let v: serde_json::Value =
            serde_json::from_slice(&ran.stdout).unwrap_or_else(|e| panic!("{e}: {}", ran.stderr));
        assert_eq!(
            v["teams"][0]["faults"][0]["message"], message,
            "{name}: {v}"
        );
    }
}

/// Everything `upcard ARGS` writes to a pseudo-terminal (its standard output
/// and error both), until it exits.
fn on_a_terminal(args: &[&str]) -> String {
    use std::io::Read;
    let (mut child, master) = crate::common::in_a_pty(args, 120, 40);
    let mut reader = master.try_clone_reader().unwrap();
    let read = std::thread::spawn(move || {
        let mut all = Vec::new();
        let _ = reader.read_to_end(&mut all);
        all
    });
    assert!(child.wait().unwrap().success());
    drop(master);
    String::from_utf8_lossy(&read.join().unwrap()).into_owned()
}

/// On a terminal the games played are counted on a bar (standard error),
/// cleared when the report comes; piped, standard error stays empty.
#[test]
fn a_terminal_sees_the_games_counted_and_a_pipe_does_not() {
    let args = [
        "arena", "--team0", "simple", "--team1", "random", "--games", "6", "--seed", "3", "-j", "1",
    ];
    let shown = on_a_terminal(&args);
    assert!(shown.contains("/6 games"), "{shown:?}");
    let report = shown
        .rfind("simple vs random: 6 games")
        .expect("the report");
    assert!(!shown[report..].contains("/6 games"), "{shown:?}");
    Upcard::new().args(args).stderr_is("").run();
    let tournament = on_a_terminal(&[
        "tournament",
        "--bot",
        "simple",
        "--bot",
        "random",
        "--bot",
        "computer",
        "--games",
        "2",
        "--seed",
        "3",
        "-j",
        "1",
    ]);
    assert!(tournament.contains("/6 games"), "{tournament:?}");
}
