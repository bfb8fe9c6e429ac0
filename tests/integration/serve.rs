//! `upcard serve` and `upcard join` over loopback: four clients (two
//! `upcard join` bots, two raw JSON-lines clients written here) play a game
//! to the end; a client that misbehaves is named and replaced by a bot.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpStream;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc::{Receiver, channel};
use std::time::Duration;

fn upcard() -> Command {
    Command::new(env!("CARGO_BIN_EXE_upcard"))
}

/// The server, and its standard error line by line.
struct Server {
    child: Child,
    err: Receiver<String>,
    addr: String,
}

impl Server {
    fn start() -> Server {
        Server::with(&[
            "--house",
            "points-to-win=3",
            "--seat-timeout",
            "0.5",
            "--seat",
            "0=remote",
            "--seat",
            "1=remote",
            "--seat",
            "2=remote",
            "--seat",
            "3=remote",
        ])
    }

    fn with(args: &[&str]) -> Server {
        let mut child = upcard()
            .args(["serve", "--listen", "127.0.0.1:0", "--seed", "4"])
            .args(args)
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let stderr = child.stderr.take().unwrap();
        let (tx, rx) = channel();
        std::thread::spawn(move || {
            for l in BufReader::new(stderr).lines().map_while(Result::ok) {
                if tx.send(l).is_err() {
                    return;
                }
            }
        });
        let first = rx.recv_timeout(Duration::from_secs(10)).unwrap();
        let addr = first
            .strip_prefix("upcard: listening on ")
            .unwrap()
            .to_string();
        Server {
            child,
            err: rx,
            addr,
        }
    }

    /// Waits for the server to say `what` on standard error.
    fn said(&self, what: &str) -> String {
        loop {
            let l = self
                .err
                .recv_timeout(Duration::from_secs(10))
                .unwrap_or_else(|_| panic!("the server never said {what:?}"));
            if l.contains(what) {
                return l;
            }
        }
    }

    fn finish(mut self) -> (Option<i32>, String) {
        let mut out = String::new();
        self.child
            .stdout
            .take()
            .unwrap()
            .read_to_string(&mut out)
            .unwrap();
        let code = self.child.wait().unwrap().code();
        (code, out)
    }
}

/// A raw client: joins as `name`; `answer` makes each reply from a decide
/// message (None: send nothing more).
fn raw_client(
    addr: &str,
    name: &str,
    mut answer: impl FnMut(&serde_json::Value) -> Option<Vec<u8>> + Send + 'static,
) -> std::thread::JoinHandle<Vec<serde_json::Value>> {
    let mut stream = TcpStream::connect(addr).unwrap();
    writeln!(
        stream,
        "{}",
        serde_json::json!({"type": "join", "name": name})
    )
    .unwrap();
    std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut reader = BufReader::new(stream.try_clone().unwrap());
        let mut line = String::new();
        while reader.read_line(&mut line).unwrap_or(0) > 0 {
            let v: serde_json::Value = serde_json::from_str(&line).unwrap();
            line.clear();
            if v["type"] == "decide" {
                match answer(&v) {
                    Some(bytes) => {
                        if stream.write_all(&bytes).is_err() {
                            break;
                        }
                    }
                    None => break,
                }
            }
            let over = v["type"] == "over";
            seen.push(v);
            if over {
                break;
            }
        }
        seen
    })
}

/// How a raw client answers each decision.
type Answer = Box<dyn FnMut(&serde_json::Value) -> Option<Vec<u8>> + Send>;

fn first_lawful(v: &serde_json::Value) -> Option<Vec<u8>> {
    Some(format!("{}\n", serde_json::json!({"action": v["legal"][0]})).into_bytes())
}

fn join_bot(addr: &str, name: &str, bot: &str) -> Child {
    upcard()
        .args(["join", addr, "--name", name, "--bot", bot])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap()
}

/// Seats 0 and 1: `upcard join` bots; 2: a raw client that plays fair; 3:
/// a raw client answering with `seat3`.
fn game(
    seat3: impl FnMut(&serde_json::Value) -> Option<Vec<u8>> + Send + 'static,
) -> (
    Server,
    Vec<Child>,
    Vec<std::thread::JoinHandle<Vec<serde_json::Value>>>,
) {
    let server = Server::start();
    let a = join_bot(&server.addr, "Ann", "simple");
    server.said("Ann takes seat 0");
    let b = join_bot(&server.addr, "Bo", "computer");
    server.said("Bo takes seat 1");
    let c = raw_client(&server.addr, "Cy", first_lawful);
    server.said("Cy takes seat 2");
    let d = raw_client(&server.addr, "Di", seat3);
    server.said("Di takes seat 3");
    (server, vec![a, b], vec![c, d])
}

#[test]
fn four_clients_play_a_game_to_the_end_over_loopback() {
    let (server, joins, raws) = game(first_lawful);
    for mut j in joins {
        let mut out = String::new();
        j.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        assert!(j.wait().unwrap().success());
        assert!(out.contains("The game is over: team "), "{out}");
    }
    for r in raws {
        let seen = r.join().unwrap();
        assert_eq!(seen[0]["type"], "hello");
        assert_eq!(seen.last().unwrap()["type"], "over");
        // Each client is sent only its own seat's observation.
        let seat = &seen[0]["seat"];
        for d in seen.iter().filter(|v| v["type"] == "decide") {
            assert_eq!(&d["observation"]["seat"], seat);
        }
    }
    let (code, out) = server.finish();
    assert_eq!(code, Some(0));
    assert!(out.contains("win the game"), "{out}");
}

#[test]
fn a_client_that_misbehaves_is_named_and_a_bot_takes_its_seat() {
    let cases: Vec<(&str, Answer)> = vec![
        (
            "is not JSON",
            Box::new(|_: &serde_json::Value| Some(b"{oops\n".to_vec())),
        ),
        (
            "\"play ZZ\" is not one of the lawful actions",
            Box::new(|_: &serde_json::Value| Some(b"{\"action\":\"play ZZ\"}\n".to_vec())),
        ),
        (
            "no answer within 0.5 s",
            Box::new(|_: &serde_json::Value| Some(Vec::new())),
        ),
        ("it ended", Box::new(|_: &serde_json::Value| None)),
        (
            "it sent a line longer than 65536 bytes",
            Box::new(|_: &serde_json::Value| Some(vec![b'x'; 200_000])),
        ),
    ];
    for (said, seat3) in cases {
        let (server, joins, raws) = game(seat3);
        let l = server.said("seat 3 (Di)");
        assert!(
            l.contains(said) && l.ends_with("; bot:computer takes the seat"),
            "{said}: {l}"
        );
        for mut j in joins {
            assert!(j.wait().unwrap().success(), "{said}");
        }
        let seen = raws.into_iter().next().unwrap().join().unwrap();
        assert_eq!(
            seen.last().unwrap()["type"],
            "over",
            "{said}: the others play on"
        );
        let (code, out) = server.finish();
        assert_eq!(code, Some(0), "{said}");
        assert!(out.contains("win the game"), "{said}: {out}");
    }
}

#[test]
fn the_course_rules_can_be_served_too() {
    for rules in ["eecs280", "cs246"] {
        let server = Server::with(&["--rules", rules, "--seat", "2=remote"]);
        let mut j = join_bot(&server.addr, "Cy", "simple");
        server.said("Cy takes seat 2");
        let mut out = String::new();
        j.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        assert!(j.wait().unwrap().success(), "{rules}");
        assert!(
            out.starts_with("Joined as Cy at seat 2, a game to 10."),
            "{rules}: {out}"
        );
        let (code, out) = server.finish();
        assert_eq!(code, Some(0), "{rules}");
        assert!(out.contains("win the game"), "{rules}: {out}");
    }
}

#[test]
fn on_fault_end_stops_the_game_cleanly() {
    let server = Server::with(&[
        "--on-fault",
        "end",
        "--seat",
        "0=remote",
        "--seat",
        "2=remote",
    ]);
    let c = raw_client(&server.addr, "Ann", first_lawful);
    server.said("Ann takes seat 0");
    let d = raw_client(&server.addr, "Cy", |_: &serde_json::Value| {
        Some(b"{\"action\":\"dance\"}\n".to_vec())
    });
    server.said("Cy takes seat 2");
    let l = server.said("seat 2 (Cy)");
    assert!(l.ends_with("; the game ends"), "{l}");
    let l = server.said("the game ended");
    assert_eq!(
        l,
        "upcard: the game ended when a client misbehaved (--on-fault end); every finished hand is above"
    );
    let (code, out) = server.finish();
    assert_eq!(code, Some(2));
    assert!(out.starts_with("Hand 1. Ann deals."), "{out}");
    let _ = (c.join(), d.join());
}

/// A joining player's name reaches the host's terminal and every game line:
/// one with an escape sequence or a newline is refused (the client is told
/// why, the seat still waits), and two players never share a name.
#[test]
fn names_are_printable_and_unique() {
    let server = Server::start();
    for bad in ["\u{1b}]0;pwned\u{7}", "Bob\nupcard: Bob wins"] {
        let mut s = TcpStream::connect(&server.addr).unwrap();
        writeln!(s, "{}", serde_json::json!({"type": "join", "name": bad})).unwrap();
        let mut reply = String::new();
        BufReader::new(&s).read_line(&mut reply).unwrap();
        let v: serde_json::Value = serde_json::from_str(&reply).unwrap();
        assert_eq!(v["type"], "error", "{reply}");
        assert!(
            v["message"].as_str().unwrap().contains("control character"),
            "{reply}"
        );
        let said = server.said("refused the name");
        assert!(!said.contains(['\u{1b}', '\u{7}']), "{said:?}");
    }
    // "South (2)" first, then "South": the second becomes "South (3)",
    // not a second "South (2)".
    let a = raw_client(&server.addr, "South (2)", first_lawful);
    server.said("South (2) takes seat 0");
    let b = raw_client(&server.addr, "South", first_lawful);
    server.said("South (3) takes seat 1");
    // Bots that make trump, so that the game ends.
    let mut bots = vec![join_bot(&server.addr, "Cy", "computer")];
    server.said("Cy takes seat 2");
    bots.push(join_bot(&server.addr, "Di", "computer"));
    server.said("Di takes seat 3");
    let (code, _) = server.finish();
    assert_eq!(code, Some(0));
    for h in [a, b] {
        h.join().unwrap();
    }
    for mut b in bots {
        b.wait().unwrap();
    }
}

/// Peak resident memory of a process, in KiB (Linux).
fn peak_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let line = status.lines().find(|l| l.starts_with("VmHWM:")).unwrap();
    line.split_whitespace().nth(1).unwrap().parse().unwrap()
}

/// A client that streams 64 KiB lines while another seat thinks costs the
/// server at most a line or two: it is read one line ahead, then held back
/// by its connection; its unasked line is a fault when its turn comes.
#[test]
fn a_client_pumping_lines_while_another_thinks_costs_no_memory() {
    let server = Server::with(&[
        "--seat-timeout",
        "6",
        "--seat",
        "0=bot:computer",
        "--seat",
        "1=remote",
        "--seat",
        "2=remote",
        "--seat",
        "3=bot:computer",
    ]);
    // Seat 1 (left of the first dealer, asked first) thinks and never answers.
    let thinker = raw_client(&server.addr, "Thinker", |_| {
        std::thread::sleep(Duration::from_secs(7));
        None
    });
    server.said("Thinker takes seat 1");
    let mut pump = TcpStream::connect(&server.addr).unwrap();
    writeln!(
        pump,
        "{}",
        serde_json::json!({"type": "join", "name": "Pump"})
    )
    .unwrap();
    server.said("Pump takes seat 2");
    pump.set_write_timeout(Some(Duration::from_millis(200)))
        .unwrap();
    let line = {
        let mut l = vec![b' '; 64 * 1024 - 1];
        l.push(b'\n');
        l
    };
    let start = std::time::Instant::now();
    let mut sent = 0u64;
    while start.elapsed() < Duration::from_secs(3) {
        match pump.write_all(&line) {
            Ok(()) => sent += line.len() as u64,
            Err(_) => std::thread::sleep(Duration::from_millis(20)),
        }
    }
    let peak = peak_kib(server.child.id());
    assert!(
        peak < 256 * 1024,
        "the server grew to {peak} KiB while {sent} bytes were pumped"
    );
    // Whatever was pumped, it was held back: far less than 3 s of loopback.
    assert!(sent < 64 * 1024 * 1024, "{sent} bytes were taken in");
    server.said("Pump): it sent");
    drop(pump);
    let (code, _) = server.finish();
    assert_eq!(code, Some(0));
    thinker.join().unwrap();
}

/// A server that lies: each of five observations no game can show, sent to
/// `upcard join` with each bot, ends the client with exit 2 naming the
/// field, never a panic.
#[test]
fn impossible_observations_from_a_server_are_input_errors_for_every_bot() {
    let obs = |hand: &[&str], round: u8, trump: Option<&str>, trick: serde_json::Value| {
        serde_json::json!({
            "seat": 1, "hand": hand, "dealer": 0, "upcard": "9H", "upcard_taken": false,
            "round": round, "forced": false, "trump": trump, "maker": trump.map(|_| 0),
            "alone": false,
            "sitting_out": null, "defender": null, "trick": trick.clone(), "played": trick,
            "discard": null, "scores": [0, 0], "tricks": [0, 0, 0, 0], "hand_no": 0
        })
    };
    let five = ["JH", "AS", "9C", "TD", "QD"];
    let four_cards = serde_json::json!([[2, "9S"], [3, "TS"], [0, "JS"], [1, "QS"]]);
    let cases = [
        (
            obs(
                &["JH", "AS", "9C", "TD", "QD", "KD"],
                1,
                None,
                serde_json::json!([]),
            ),
            serde_json::json!(["pass", "order Hearts"]),
            "hand: 6 cards",
        ),
        (
            obs(&[], 0, Some("Hearts"), serde_json::json!([])),
            serde_json::json!(["play AH"]),
            "hand: 0 cards",
        ),
        (
            obs(&five, 0, Some("Hearts"), four_cards),
            serde_json::json!(["play JH"]),
            "trick: 4 cards",
        ),
        (
            obs(&five, 1, None, serde_json::json!([])),
            serde_json::json!(["discard JH"]),
            "legal: discard JH",
        ),
        (
            obs(&five, 0, Some("Hearts"), serde_json::json!([[0, "AS"]])),
            serde_json::json!(["play JH"]),
            "played: AS is shown twice",
        ),
    ];
    for bot in ["random", "simple", "computer", "expert"] {
        for (observation, legal, want) in &cases {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            let addr = listener.local_addr().unwrap().to_string();
            let client = join_bot(&addr, "Liar's mark", bot);
            let (mut s, _) = listener.accept().unwrap();
            let mut join = String::new();
            BufReader::new(&s).read_line(&mut join).unwrap();
            let hello = serde_json::json!({"type": "hello", "protocol": 1, "seat": 1,
                "names": ["A", "B", "C", "D"], "rules": "standard", "points_to_win": 10});
            let decide =
                serde_json::json!({"type": "decide", "observation": observation, "legal": legal});
            writeln!(s, "{hello}\n{decide}").unwrap();
            let out = client.wait_with_output().unwrap();
            let err = String::from_utf8_lossy(&out.stderr);
            assert_eq!(out.status.code(), Some(2), "{bot}, {want}: {err}");
            assert!(err.contains(want), "{bot}: wanted {want:?} in {err}");
            assert!(!err.contains("panicked"), "{err}");
        }
    }
}

/// A person at `upcard join` sees the game as `upcard play --plain` shows
/// it: every line the server printed, in order, with their own hand and
/// numbered choices at each decision.
#[test]
fn a_person_at_upcard_join_sees_the_table_as_play_plain_shows_it() {
    let server = Server::with(&["--seat", "0=remote", "--house", "points-to-win=2"]);
    let mut j = upcard()
        .args(["join", &server.addr, "--name", "Ann"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    // Always the first choice.
    let mut input = j.stdin.take().unwrap();
    std::thread::spawn(move || {
        for _ in 0..400 {
            if input.write_all(b"1\n").is_err() {
                return;
            }
        }
    });
    server.said("Ann takes seat 0");
    let mut out = String::new();
    j.stdout.take().unwrap().read_to_string(&mut out).unwrap();
    assert!(j.wait().unwrap().success(), "{out}");
    let (code, table) = server.finish();
    assert_eq!(code, Some(0));
    let shown: Vec<&str> = out
        .lines()
        .filter(|l| {
            !(l.starts_with("Joined as")
                || l.starts_with("Ann, your hand: ")
                || l.starts_with("  ")
                || l.starts_with("Ann, choose 1-")
                || l.starts_with("The game is over"))
        })
        .collect();
    let printed: Vec<&str> = table.lines().collect();
    assert_eq!(shown, printed);
    assert!(out.contains("The upcard is the "), "{out}");
    assert!(out.contains("Ann, your hand: "), "{out}");
    assert!(out.contains(" takes the trick. Tricks: "), "{out}");
}

/// Under the CS 246 rules a renege is offered (every card is legal), marked
/// in `decide`, printed with its penalty when played, and the same player
/// plays again.
#[test]
fn a_cs246_renege_is_marked_printed_and_scored() {
    let server = Server::with(&["--rules", "cs246", "--seat", "2=remote"]);
    let mut reneged = false;
    let c = raw_client(&server.addr, "Cy", move |v| {
        let reneges: Vec<String> = v["reneges"]
            .as_array()
            .map(|a| a.iter().map(|x| x.as_str().unwrap().to_string()).collect())
            .unwrap_or_default();
        let legal: Vec<String> = v["legal"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x.as_str().unwrap().to_string())
            .collect();
        // Every renege is a legal action that plays a card.
        assert!(
            reneges
                .iter()
                .all(|r| legal.contains(r) && r.starts_with("play "))
        );
        let pick = match reneges.first() {
            Some(r) if !reneged => {
                reneged = true;
                r.clone()
            }
            _ => legal.iter().find(|a| !reneges.contains(a)).unwrap().clone(),
        };
        Some(format!("{}\n", serde_json::json!({"action": pick})).into_bytes())
    });
    server.said("Cy takes seat 2");
    let seen = c.join().unwrap();
    let (code, out) = server.finish();
    assert_eq!(code, Some(0));
    let line = out
        .lines()
        .find(|l| l.contains("but could follow suit: a renege."))
        .unwrap_or_else(|| panic!("{out}"));
    assert!(line.starts_with("Cy plays the "), "{line}");
    // The other team scores the penalty.
    assert!(
        line.contains("East & West score 2 points, and Cy plays again. Score: "),
        "{line}"
    );
    // The decide right after the renege is Cy's again.
    let decides: Vec<&serde_json::Value> = seen.iter().filter(|v| v["type"] == "decide").collect();
    let at = decides
        .iter()
        .position(|v| v["reneges"].as_array().is_some_and(|a| !a.is_empty()))
        .unwrap();
    assert_eq!(decides[at + 1]["observation"]["seat"], 2);
    assert_eq!(
        decides[at + 1]["observation"]["trick"],
        decides[at]["observation"]["trick"]
    );
}

/// `serve --record FILE`: the table's game as a Euchre Game Notation
/// record, with the joined player's name, replaying to the same end.
#[test]
fn the_table_keeps_a_record_of_its_game() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("table.egn");
    let server = Server::with(&["--seat", "2=remote", "--record", file.to_str().unwrap()]);
    let mut j = join_bot(&server.addr, "Cy", "simple");
    server.said("Cy takes seat 2");
    assert!(j.wait().unwrap().success());
    server.said("the game is recorded in");
    let (code, out) = server.finish();
    assert_eq!(code, Some(0));
    let won = out.lines().rfind(|l| l.contains("win the game")).unwrap();
    let text = std::fs::read_to_string(&file).unwrap();
    let record = upcard::notation::Record::parse("table.egn", &text).unwrap();
    assert_eq!(record.metadata.players[2].name(), "Cy");
    let t = upcard::record::timeline(&file, &text).unwrap();
    assert_eq!(t.error, None);
    let replayed = String::from_utf8_lossy(&t.transcript).into_owned();
    assert_eq!(
        replayed.lines().rfind(|l| l.contains("win the game")),
        Some(won)
    );
}
