//! `upcard play`: plain mode from scripted standard input, and the full
//! screen through a pseudo-terminal (portable-pty) whose screen is read back
//! as a terminal shows it (vt100).

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use portable_pty::PtySize;

use crate::tester::Upcard;

const BOTS: [&str; 8] = [
    "--seat",
    "0=bot:simple",
    "--seat",
    "1=bot:computer",
    "--seat",
    "2=bot:simple",
    "--seat",
    "3=bot:computer",
];

fn work(tag: &str) -> PathBuf {
    let d = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join(format!("upcard-play-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

#[test]
fn four_bots_play_a_whole_game_with_no_input_the_same_each_time() {
    let run = || {
        Upcard::new()
            .args(["play", "--plain", "--seed", "5"])
            .args(BOTS)
            .run()
            .text()
    };
    let first = run();
    assert_eq!(first, run(), "the same seed, the same bytes");
    assert!(
        first.starts_with(
            "upcard play: seed 5 (--seed 5 deals these cards again), standard rules.\n\
             Hand 1. North deals. Score: North & South 0, East & West 0.\n"
        ),
        "{first}"
    );
    assert!(
        first.ends_with("\nEast & West win the game, 10 to 3.\n"),
        "{first}"
    );
    // The game's text is the bundled scenario's golden.
    let golden = std::fs::read_to_string("golden/standard/bots-game.out").unwrap();
    assert_eq!(first.split_once('\n').unwrap().1, golden);
}

/// Answers that always take the first choice, the device passed by any line.
fn firsts(n: usize) -> String {
    "1\n".repeat(n)
}

#[test]
fn plain_mode_plays_a_whole_game_from_standard_input_and_records_it() {
    let dir = work("plain");
    let scenario = dir.join("scenarios/standard/recorded.yaml");
    let args = [
        "play",
        "--plain",
        "--seed",
        "11",
        "--seat",
        "0=human:Ann",
        "--seat",
        "2=human:Cy",
        "--seat",
        "1=bot:simple",
        "--seat",
        "3=bot:computer",
        "--house",
        "stick-the-dealer=on",
        "--record",
    ];
    // The first line passes the device to Cy; then a wrong answer.
    let stdin = format!("\nx\n{}", firsts(400));
    let ran = Upcard::new()
        .args(args)
        .arg_path(&scenario)
        .stdin(stdin.as_bytes())
        .run();
    let out = ran.text();
    // A wrong answer is refused and asked again; the game goes on.
    assert!(
        out.contains("\"x\" is not a choice: type a number from 1 to 3, or q to stop.\n"),
        "{out}"
    );
    assert!(
        out.contains("\nPass the device to Cy, then press Enter.\n"),
        "{out}"
    );
    assert!(out.contains("win the game"), "{out}");
    assert!(
        out.starts_with(
            "upcard play: seed 11 (--seed 11 deals these cards again), house rules: stick-the-dealer on.\n"
        ),
        "{out}"
    );
    // The recording is a scenario upcard run passes and replay shows.
    let golden = dir.join("golden/standard/recorded.out");
    assert!(out.ends_with(&format!(
        "Recorded as {} (its golden: {}).\n",
        scenario.display(),
        golden.display()
    )));
    let text = std::fs::read_to_string(&scenario).unwrap();
    assert!(text.contains("    stick-the-dealer: \"on\"\n"), "{text}");
    Upcard::new()
        .current_dir(&dir)
        .args(["run", "scenarios/standard/recorded.yaml"])
        .stdout_is("PASS recorded (scenarios/standard/recorded.yaml)\n\n1 passed, 0 failed\n")
        .run();
    Upcard::new()
        .current_dir(&dir)
        .args(["replay", "scenarios/standard/recorded.yaml", "--to", "1"])
        .run();
}

#[test]
fn quitting_saves_and_resuming_continues_where_it_stopped() {
    let dir = work("save");
    let save = dir.join("game.toml");
    let args = [
        "play",
        "--plain",
        "--seed",
        "4",
        "--seat",
        "1=bot:simple",
        "--seat",
        "2=bot:simple",
        "--seat",
        "3=bot:simple",
        "--seat",
        "0=human:Ann",
    ];
    let whole = Upcard::new()
        .args(args)
        .stdin(firsts(200).as_bytes())
        .run()
        .text();
    // The same game, stopped after three answers and resumed.
    let stop = format!("1\n1\n1\nq\n{}\n", save.display());
    let first = Upcard::new().args(args).stdin(stop.as_bytes()).run().text();
    assert!(
        first.ends_with(&format!(
            "Save the game? Type a file name, or press Enter to stop without saving:\n\
             Saved to {0}: upcard play --resume {0} continues the game.\n",
            save.display()
        )),
        "{first}"
    );
    let rest = Upcard::new()
        .args(["play", "--plain", "--resume"])
        .arg_path(&save)
        .stdin(firsts(200).as_bytes())
        .run()
        .text();
    assert!(rest.contains("Resumed after "), "{rest}");
    // The resumed game ends exactly as the game played through.
    let tail = |s: &str| s.rsplit_once("\nHand ").unwrap().1.to_string();
    assert_eq!(tail(&rest), tail(&whole));
    // A file that cannot be resumed says why.
    std::fs::write(&save, "version = 1\nseed = 4\n").unwrap();
    Upcard::new()
        .args(["play", "--plain", "--resume"])
        .arg_path(&save)
        .status(2)
        .stderr_is(&format!(
            "upcard: cannot resume: {}:1:1: missing field `house`\n",
            save.display()
        ))
        .run();
}

/// `--list-house-rules`: each rule of the registry with its values, its
/// standard value, and a line about it, in one column.
#[test]
fn the_house_rules_are_listed_with_what_each_changes() {
    let r = Upcard::new().args(["play", "--list-house-rules"]).run();
    let text = String::from_utf8(r.stdout).unwrap();
    assert!(
        text.starts_with(
            "stick-the-dealer      on or off (standard: off)\n\
             \x20                     in round two the dealer may not pass and must name a suit\n\
             points-to-win         a number from 1 to 100, or none (with deals) (standard: 10)\n"
        ),
        "{text}"
    );
    use upcard::courses::standard::house::HouseRule;
    assert_eq!(text.lines().count(), 2 * HouseRule::ALL.len(), "{text}");
    for rule in HouseRule::ALL {
        assert!(
            text.contains(&format!("\n{:<22}{}\n", "", rule.about())),
            "{}",
            rule.name()
        );
        assert!(
            text.contains(&format!("{:<22}{} (standard: ", rule.name(), rule.values())),
            "{}",
            rule.name()
        );
    }
}

#[test]
fn a_wrong_house_rule_or_seat_is_refused_with_the_valid_ones() {
    Upcard::new()
        .args(["play", "--plain", "--house", "stick=on"])
        .status(2)
        .stderr_is(&format!(
            "upcard: unknown house rule \"stick\"; the house rules are {}\n",
            upcard::courses::standard::house::names()
        ))
        .run();
    let r = Upcard::new()
        .args(["play", "--plain", "--seat", "1=bot:genius"])
        .status(2)
        .run();
    assert!(
        r.stderr.contains(
            "there is no bot \"genius\"; the bots are random, level:1, simple, level:2, level:3, computer, level:4, pimc, expert"
        ),
        "{}",
        r.stderr
    );
}

/// A person at the terminal seats a level by its word or by its number:
/// the same bots, the same game.
#[test]
fn a_level_is_seated_by_its_word_or_its_number() {
    let game = |kinds: [&str; 4]| {
        let mut u = Upcard::new().args([
            "play",
            "--plain",
            "--seed",
            "4",
            "--house",
            "points-to-win=2",
        ]);
        for (i, k) in kinds.iter().enumerate() {
            u = u.args(["--seat".to_string(), format!("{i}=bot:{k}")]);
        }
        u.run().text()
    };
    let words = game(["beginner", "casual", "intermediate", "advanced"]);
    assert_eq!(words, game(["level:1", "level:2", "level:3", "level:4"]));
    assert_ne!(words, game(["level:1", "level:2", "level:3", "expert"]));
    assert!(words.contains(" win the game, 2 to "), "{words}");
}

fn nz(n: u16) -> std::num::NonZeroU16 {
    std::num::NonZeroU16::new(n).expect("a size")
}

/// upcard play in a pseudo-terminal, its screen kept up to date.
struct Pty {
    child: Box<dyn portable_pty::Child + Send + Sync>,
    master: Box<dyn portable_pty::MasterPty + Send>,
    writer: Box<dyn Write + Send>,
    screen: Arc<Mutex<vt100::Parser>>,
}

impl Pty {
    fn start(args: &[&str], cols: u16, rows: u16) -> Pty {
        let (child, master) = crate::common::in_a_pty(args, cols, rows);
        let mut reader = master.try_clone_reader().unwrap();
        let writer = master.take_writer().unwrap();
        let screen = Arc::new(Mutex::new(vt100::Parser::new(nz(rows), nz(cols), 0)));
        let s = screen.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 8192];
            while let Ok(n) = reader.read(&mut buf) {
                if n == 0 {
                    break;
                }
                s.lock().unwrap().process(&buf[..n]);
            }
        });
        Pty {
            child,
            master,
            writer,
            screen,
        }
    }

    fn text(&self) -> String {
        self.screen.lock().unwrap().screen().contents()
    }

    /// Waits until the screen shows `what` (10 s at most).
    fn wait_for(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let t = self.text();
            if t.contains(what) {
                return t;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the screen never showed {what:?}:\n{t}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Waits until the screen no longer shows `what`.
    fn wait_while(&self, what: &str) -> String {
        let start = Instant::now();
        loop {
            let t = self.text();
            if !t.contains(what) {
                return t;
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "the screen kept showing {what:?}:\n{t}"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Sends keys and waits until the screen changes.
    fn press(&mut self, keys: &str) -> String {
        let before = self.text();
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        let start = Instant::now();
        loop {
            std::thread::sleep(Duration::from_millis(15));
            let t = self.text();
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "{keys:?} changed nothing on the screen:\n{t}"
            );
            if t != before {
                // Let the rest of the frame arrive.
                std::thread::sleep(Duration::from_millis(15));
                return self.text();
            }
        }
    }

    /// Sends keys and waits until the screen shows `what` (whether or not
    /// it had already).
    fn press_for(&mut self, keys: &str, what: &str) -> String {
        self.writer.write_all(keys.as_bytes()).unwrap();
        self.writer.flush().unwrap();
        self.wait_for(what)
    }

    fn resize(&mut self, cols: u16, rows: u16) {
        // The screen first: the program redraws as soon as it is told of
        // the new size, and that output must land on a screen of that size.
        self.screen.lock().unwrap().set_size(nz(rows), nz(cols));
        self.master
            .resize(PtySize {
                rows,
                cols,
                pixel_width: 0,
                pixel_height: 0,
            })
            .unwrap();
    }

    fn exit_code(&mut self) -> u32 {
        let start = Instant::now();
        loop {
            if let Some(s) = self.child.try_wait().unwrap() {
                return s.exit_code();
            }
            assert!(
                start.elapsed() < Duration::from_secs(10),
                "upcard play did not exit"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

/// Plays on by choosing the highlighted (first legal) choice, passing the
/// device when asked, until the game is over; checks the screens on the way.
fn play_through(p: &mut Pty, people: &[&str]) -> String {
    let mut screen = p.text();
    for _ in 0..2000 {
        if screen.contains("the game is over") {
            // The rest of that frame may still be on its way.
            return p.wait_for("win the game");
        }
        if let Some(name) = people
            .iter()
            .find(|n| screen.contains(&format!("Pass the device to {n}")))
        {
            // The pass screen hides every hand. Under load its frame can
            // arrive in pieces, the last screen's lower half still showing
            // for a moment: wait for it to finish drawing (a pass screen
            // that shows a hand keeps showing it, and fails here).
            let start = Instant::now();
            let mut pass = screen.clone();
            while pass.contains("Your hand") || pass.contains("✗") {
                assert!(start.elapsed() < Duration::from_secs(10), "{pass}");
                std::thread::sleep(Duration::from_millis(20));
                pass = p.text();
            }
            assert!(
                pass.contains(&format!("Pass the device to {name}")),
                "{pass}"
            );
            // Under load a frame can arrive in pieces: wait until the pass
            // screen is gone (it names the player too).
            p.press("\r");
            p.wait_while(&format!("Pass the device to {name}"));
            screen = p.wait_for(&format!(" {name}: "));
            continue;
        }
        let marked = screen
            .split_whitespace()
            .find(|w| w.ends_with('✗') && w.contains(':'))
            .map(String::from);
        if let Some(marked) = marked {
            // A card that may not be played is refused, with why.
            let digit = &marked[..marked.find(':').unwrap()];
            screen = p.press(digit);
            assert!(screen.contains("You must follow"), "{screen}");
            // The game went on: the same choice is still asked for.
            assert!(screen.contains("play a card"), "{screen}");
        }
        screen = p.press("\r");
    }
    panic!("the game did not end:\n{screen}");
}

#[test]
fn two_people_and_two_bots_play_a_whole_game_full_screen() {
    let mut p = Pty::start(
        &[
            "play",
            "--seed",
            "3",
            "--seat",
            "0=human:Ann",
            "--seat",
            "1=bot:simple",
            "--seat",
            "2=human:Cy",
            "--seat",
            "3=bot:computer",
        ],
        100,
        32,
    );
    let first = p.wait_for("Pass the device to Cy");
    assert!(!first.contains("Your hand"), "{first}");
    // A key that means nothing says so and changes nothing.
    let s = p.press("x");
    assert!(
        s.contains("Pass the device to Cy, who presses Enter."),
        "{s}"
    );
    let s = p.press("\r");
    assert!(
        s.contains("Cy: make trump or pass") && s.contains("Your hand:"),
        "{s}"
    );
    let s = p.press("z");
    assert!(
        s.contains("That key does nothing here: ? shows the keys."),
        "{s}"
    );
    let s = p.press("?");
    assert!(
        s.contains("Keys") && s.contains("the last trick taken"),
        "{s}"
    );
    p.press("?");
    // Too small a terminal says so, and the game waits.
    // The program redraws when it learns the new size, which may be before
    // or after the key: wait for the screen, not for a change.
    p.resize(20, 10);
    let s = p.press_for("z", "20×10");
    assert!(s.contains("The terminal is"), "{s}");
    p.resize(100, 32);
    p.press_for("z", "Cy: make trump or pass");
    let end = play_through(&mut p, &["Ann", "Cy"]);
    assert!(end.contains("win the game"), "{end}");
    p.press("\r");
    assert_eq!(p.exit_code(), 0);
}

#[test]
fn four_people_pass_the_device_between_every_turn() {
    let mut p = Pty::start(
        &[
            "play",
            "--seed",
            "8",
            "--house",
            "points-to-win=2",
            "--house",
            "stick-the-dealer=on",
            "--seat",
            "0=human:Ann",
            "--seat",
            "1=human:Bo",
            "--seat",
            "2=human:Cy",
            "--seat",
            "3=human:Di",
        ],
        100,
        32,
    );
    p.wait_for("Pass the device to Bo");
    let end = play_through(&mut p, &["Ann", "Bo", "Cy", "Di"]);
    assert!(end.contains("win the game"), "{end}");
    p.press("\r");
    assert_eq!(p.exit_code(), 0);
}

#[test]
fn q_saves_the_full_screen_game() {
    let dir = work("screen-save");
    let save = dir.join("saved.toml");
    let mut p = Pty::start(
        &[
            "play",
            "--seed",
            "3",
            "--seat",
            "0=human:Ann",
            "--seat",
            "1=bot:simple",
            "--seat",
            "2=bot:simple",
            "--seat",
            "3=bot:simple",
        ],
        100,
        32,
    );
    p.wait_for("Ann: make trump or pass");
    let s = p.press("q");
    assert!(s.contains("Save the game to a file? Name:"), "{s}");
    let s = p.press("\x1b");
    assert!(s.contains("Back to the game."), "{s}");
    p.press("q");
    p.press(&format!("{}\r", save.display()));
    assert_eq!(p.exit_code(), 0);
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(text.contains("seed = 3"), "{text}");
}

/// A terminal too small for the table still says how to stop, and q and
/// Ctrl-C stop the game there, as everywhere.
#[test]
fn a_too_small_terminal_can_still_stop_the_game() {
    let args = [
        "play",
        "--seed",
        "3",
        "--seat",
        "0=human:Ann",
        "--seat",
        "1=bot:simple",
        "--seat",
        "2=bot:simple",
        "--seat",
        "3=bot:simple",
    ];
    let mut p = Pty::start(&args, 100, 12);
    let s = p.wait_for("The game is waiting.");
    assert!(
        s.contains("q stops (Enter confirms); Ctrl-C stops at once."),
        "{s}"
    );
    let s = p.press("q");
    assert!(s.contains("Save the game to a file? Name:"), "{s}");
    p.press("\r");
    assert_eq!(p.exit_code(), 0);
    // Ctrl-C, in a terminal of any size.
    let mut p = Pty::start(&args, 100, 12);
    p.wait_for("The game is waiting.");
    p.writer.write_all(b"\x03").unwrap();
    p.writer.flush().unwrap();
    assert_eq!(p.exit_code(), 0);
}

/// A saved game is data: one that names a program for a seat starts it only
/// when the user gives that seat again (or --trust-programs).
#[test]
fn resuming_starts_no_program_the_file_names() {
    let dir = work("resume-exec");
    let marker = dir.join("started");
    let _ = std::fs::remove_file(&marker);
    // The "bot" would leave a file behind if it were ever started.
    let bot = dir.join("bot.sh");
    std::fs::write(
        &bot,
        format!("#!/bin/sh\ntouch {}\nexit 1\n", marker.display()),
    )
    .unwrap();
    std::fs::set_permissions(&bot, std::os::unix::fs::PermissionsExt::from_mode(0o755)).unwrap();
    let save = dir.join("received.toml");
    std::fs::write(
        &save,
        format!(
            "version = 1\nseed = 3\nseats = [\"human:Ann\", \"exec:{}\", \"bot:simple\", \"bot:simple\"]\n\
             names = [\"Ann\", \"Bot\", \"Cy\", \"Di\"]\nactions = []\n\n[house]\n",
            bot.display()
        ),
    )
    .unwrap();
    let ran = Upcard::new()
        .args(["play", "--plain", "--resume"])
        .arg_path(&save)
        .stdin("q\n\n")
        .status(2)
        .run();
    assert!(
        ran.stderr
            .contains("would start programs, and a saved game is data: nothing was started")
            && ran
                .stderr
                .contains(&format!("  --seat 1=exec:{}", bot.display())),
        "{}",
        ran.stderr
    );
    assert!(!marker.exists(), "the program was started");
    // Giving another seat than the file's is refused too.
    Upcard::new()
        .args(["play", "--plain", "--seat", "1=exec:/bin/true", "--resume"])
        .arg_path(&save)
        .stdin("q\n\n")
        .status(2)
        .run();
    assert!(!marker.exists());
}

/// Without `--seed` the cards come from a secret key: the first line gives
/// no seed to deal them again with, two games differ, and the recorded
/// scenario keeps the key, so `upcard run` replays the game exactly.
#[test]
fn without_a_seed_the_deal_is_keyed_and_the_record_replays_it() {
    let d = work("keyed");
    let record = d.join("scenarios/standard/keyed.yaml");
    std::fs::create_dir_all(record.parent().unwrap()).unwrap();
    let first = Upcard::new()
        .args(["play", "--plain"])
        .args(BOTS)
        .args(["--record"])
        .arg_path(&record)
        .run()
        .text();
    assert!(
        first.starts_with(
            "upcard play: a deal no seat can compute (save or --record the game to see it again), standard rules.\n"
        ),
        "{first}"
    );
    let second = Upcard::new()
        .args(["play", "--plain"])
        .args(BOTS)
        .run()
        .text();
    assert_ne!(first, second, "two keyed games dealt alike");
    let yaml = std::fs::read_to_string(&record).unwrap();
    let key = yaml
        .lines()
        .find_map(|l| l.trim().strip_prefix("key: "))
        .unwrap_or_else(|| panic!("{yaml}"));
    assert!(
        key.len() == 64 && key.chars().all(|c| c.is_ascii_hexdigit()),
        "{key}"
    );
    assert!(!yaml.contains("seed"), "{yaml}");
    let golden = d.join("golden/standard/keyed.out");
    let text = std::fs::read_to_string(&golden).unwrap();
    let game = first.split_once('\n').unwrap().1;
    assert!(game.starts_with(&text), "{text}\n---\n{game}");
    Upcard::new()
        .current_dir(&d)
        .args(["run", "scenarios/standard/keyed.yaml"])
        .stdout_is("PASS keyed (scenarios/standard/keyed.yaml)\n\n1 passed, 0 failed\n")
        .run();
}
