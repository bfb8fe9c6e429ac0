//! `exec:` seats run in the sandbox by default: a bot's program sees its
//! own folder's files and nothing else of the machine, has no network, and
//! everything it starts is killed with it. `--no-sandbox` is the control:
//! the same hostile program does reach the secret and the network there, so
//! the sandboxed run's denials are the sandbox's doing.

use std::io::ErrorKind;
use std::net::TcpListener;
use std::path::{Path, PathBuf};

use crate::tester::Upcard;

/// A bot's body after its first decision: plays the first lawful action
/// to every `decide` and exits after `over`.
pub const PLAY_FIRST_LAWFUL: &str = r#"
def first_lawful(line):
    msg = json.loads(line)
    if msg["type"] == "decide":
        print(json.dumps({"action": msg["legal"][0]}), flush=True)
    return msg["type"] != "over"
"#;

/// A Python bot that, at its first decision, tries to read `secret` (a file
/// outside its folder) and to connect to `port` on this machine, and reads
/// `notes.txt` from its own folder; says on standard error what it managed,
/// and answers with the secret (an unlawful action, so a fault) if it got
/// anything out. `{SECRET}` and `{PORT}` are filled in.
pub const HOSTILE: &str = r#"#!/usr/bin/env python3
import json, socket, sys
{PLAY}
got = []
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "decide" and not got:
        try:
            got.append("LEAKED " + open("{SECRET}").read().strip())
            print("secret: read", file=sys.stderr)
        except OSError as e:
            print("secret: denied", file=sys.stderr)
        try:
            socket.create_connection(("127.0.0.1", {PORT}), timeout=2).close()
            got.append("CONNECTED")
            print("network: connected", file=sys.stderr)
        except OSError as e:
            print("network: denied", file=sys.stderr)
        try:
            print("own file: " + open("notes.txt").read().strip(), file=sys.stderr)
        except OSError as e:
            print("own file: " + str(e), file=sys.stderr)
        got.append("")
        if got[0]:
            print(json.dumps({"action": " ".join(got)}), flush=True)
            continue
    if not first_lawful(line):
        break
"#;

/// A fresh folder for one test.
pub fn fresh(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-sandboxed-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// Writes an executable program `dir/name` with `body`.
pub fn program(dir: &Path, name: &str, body: &str) -> PathBuf {
    use std::os::unix::fs::PermissionsExt;
    std::fs::create_dir_all(dir).unwrap();
    let p = dir.join(name);
    std::fs::write(&p, body).unwrap();
    std::fs::set_permissions(&p, std::fs::Permissions::from_mode(0o755)).unwrap();
    p
}

/// The hostile bot in `dir/hostile/`, with a secret beside `dir` and a
/// listener it is pointed at.
pub fn hostile(dir: &Path) -> (PathBuf, TcpListener) {
    let secret = dir.join("secret.txt");
    std::fs::write(&secret, "the golden transcript\n").unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let port = listener.local_addr().unwrap().port();
    let body = HOSTILE
        .replace("{PLAY}", PLAY_FIRST_LAWFUL)
        .replace("{SECRET}", &secret.display().to_string())
        .replace("{PORT}", &port.to_string());
    let bot = program(&dir.join("hostile"), "bot.py", &body);
    std::fs::write(dir.join("hostile/notes.txt"), "my own notes\n").unwrap();
    (bot, listener)
}

/// `upcard play` with `command` (an exec: command line) at seat 1.
fn play_exec(command: &str, extra: &[&str]) -> crate::tester::Ran {
    Upcard::new()
        .args([
            "play",
            "--plain",
            "--seed",
            "4",
            "--house",
            "points-to-win=2",
            "--seat",
            "0=bot:simple",
            "--seat",
            "2=bot:simple",
            "--seat",
            "3=bot:computer",
        ])
        .args(extra)
        .args([format!("--seat=1=exec:{command}")])
        .run()
}

fn play_with(bot: &Path, extra: &[&str]) -> crate::tester::Ran {
    play_exec(&bot.display().to_string(), extra)
}

pub fn connections(l: &TcpListener) -> usize {
    let mut n = 0;
    loop {
        match l.accept() {
            Ok(_) => n += 1,
            Err(e) if e.kind() == ErrorKind::WouldBlock => return n,
            Err(e) => panic!("{e}"),
        }
    }
}

#[test]
fn a_bot_in_the_sandbox_sees_its_own_folder_and_nothing_else() {
    let d = fresh("hostile");
    let (bot, listener) = hostile(&d);
    let ran = play_with(&bot, &[]);
    // Standard error is the bot's own, shown as it comes; no fault.
    assert_eq!(
        ran.stderr,
        "secret: denied\nnetwork: denied\nown file: my own notes\n"
    );
    assert!(ran.text().contains("win the game"), "{}", ran.text());
    assert_eq!(connections(&listener), 0);
    // Run through python3 by name too (the script is then an argument).
    let ran = play_exec(&format!("python3 {}", bot.display()), &[]);
    assert_eq!(
        ran.stderr,
        "secret: denied\nnetwork: denied\nown file: my own notes\n"
    );
    assert_eq!(connections(&listener), 0);
}

/// The control: without the sandbox the same program reads the secret and
/// connects, and its answer (the secret) is a fault.
#[test]
fn without_the_sandbox_the_hostile_bot_gets_out() {
    let d = fresh("hostile-trusted");
    let (bot, listener) = hostile(&d);
    let ran = play_with(&bot, &["--no-sandbox"]);
    assert!(
        ran.stderr.starts_with("secret: read\nnetwork: connected\n"),
        "{}",
        ran.stderr
    );
    assert!(
        ran.stderr.contains(
            "\"LEAKED the golden transcript CONNECTED \" is not one of the lawful actions"
        ),
        "{}",
        ran.stderr
    );
    assert_eq!(connections(&listener), 1);
}

/// What a sandboxed bot starts is killed with it: a process it leaves
/// behind (in a new session, so not in its process group) is gone when
/// `upcard play` returns.
#[test]
fn what_a_sandboxed_bot_starts_is_killed_with_it() {
    let d = fresh("daemon");
    let marker = format!("{}.{}", 600 + std::process::id() % 300, 417);
    let body = format!(
        "#!/usr/bin/env python3\nimport json, subprocess, sys\n{PLAY_FIRST_LAWFUL}\n\
         subprocess.Popen(['sleep', '{marker}'], start_new_session=True)\n\
         for line in sys.stdin:\n    if not first_lawful(line):\n        break\n"
    );
    let bot = program(&d.join("daemon"), "bot.py", &body);
    let ran = play_with(&bot, &[]);
    assert_eq!(ran.stderr, "");
    let running: Vec<String> = std::fs::read_dir("/proc")
        .unwrap()
        .flatten()
        .filter_map(|e| std::fs::read(e.path().join("cmdline")).ok())
        .map(|c| String::from_utf8_lossy(&c).replace('\0', " "))
        .filter(|c| c.contains(&marker))
        .collect();
    assert_eq!(running, Vec::<String>::new());
}

/// A program the sandbox cannot show is refused with the reason, and the
/// fault bot plays its seat.
#[test]
fn a_program_outside_the_systems_folders_on_path_is_named() {
    let ran = play_exec("no-such-upcard-bot --fast", &[]);
    assert_eq!(
        ran.stderr,
        "upcard: seat 1 (exec:no-such-upcard-bot --fast): cannot start no-such-upcard-bot \
         --fast: no-such-upcard-bot: not found in the system's folders on PATH, the only ones \
         the sandbox shows (/usr, /bin, /sbin, /lib, /lib32, /lib64, /libx32); give its path, \
         or --no-sandbox for a program you trust; bot:computer takes the seat\n"
    );
    assert!(ran.text().contains("win the game"), "{}", ran.text());
}

/// Reads what `f` holds now, without waiting (0 bytes when nothing).
fn drain(f: &mut std::fs::File) -> usize {
    use std::io::Read;
    use std::os::fd::AsRawFd;
    // SAFETY: fcntl on a descriptor this test owns.
    unsafe {
        let flags = libc::fcntl(f.as_raw_fd(), libc::F_GETFL);
        libc::fcntl(f.as_raw_fd(), libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
    let (mut n, mut buf) = (0, [0u8; 65536]);
    while let Ok(k) = f.read(&mut buf) {
        if k == 0 {
            break;
        }
        n += k;
    }
    n
}

/// A program that stays is frozen while it waits for its next game: a
/// program printing without pause prints nothing while paused, and goes on
/// when let go. With the sandbox its control group is frozen (cgroup v2's
/// freezer, or v1's), without it its process group is stopped.
#[test]
fn a_paused_program_runs_nothing_until_it_is_let_go() {
    use upcard::sandbox::{Confinement, Interactive};
    let d = fresh("pause");
    let ticker = program(
        &d,
        "ticker.py",
        "#!/usr/bin/env python3\nimport sys, time\nwhile True:\n    print('tick', flush=True)\n    time.sleep(0.001)\n",
    );
    let confined = Confinement {
        helper: env!("CARGO_BIN_EXE_upcard").into(),
        ..Confinement::standard().unwrap()
    };
    let words = vec![ticker.display().to_string()];
    for sandbox in [Some(&confined), None] {
        let mut p = Interactive::start(&words, sandbox).unwrap();
        let mut out = p.stdout.take().unwrap();
        std::thread::sleep(std::time::Duration::from_millis(300));
        assert!(drain(&mut out) > 0, "it ticks");
        assert!(p.pause(true), "paused (sandbox: {})", sandbox.is_some());
        drain(&mut out);
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert_eq!(
            drain(&mut out),
            0,
            "paused, it printed (sandbox: {})",
            sandbox.is_some()
        );
        assert!(p.pause(false));
        std::thread::sleep(std::time::Duration::from_millis(200));
        assert!(drain(&mut out) > 0, "let go, it ticks again");
        p.stop();
    }
}
