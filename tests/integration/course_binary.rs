//! `upcard-course`, the course programs alone: its own command line, and
//! the same bytes as `upcard`'s course subcommands (eecs280_cli.rs runs the
//! official goldens and the error paths through both binaries).

use std::path::PathBuf;

use crate::tester::Upcard;

fn small() -> Upcard {
    let [_, small] = Upcard::course_programs();
    small
}

const HELP: &str = "The course programs of upcard alone, quick to start.

Usage: upcard-course COURSE [--argv0 NAME] ARGS...
       (a copy or link named as a course's program is that program)

Courses:
  eecs280   Play as the EECS 280 euchre.exe: PACK shuffle|noshuffle POINTS NAME1 TYPE1 ... NAME4 TYPE4
  cs246     Play as the CS 246 euchre: [-d] [-s SEED] [-f FILE] [--rule NAME=VALUE]... [--no-human]
";

const GAME: &str = "pack.in noshuffle 1 Adi Simple Barbara Simple Chi-Chih Simple Dabbala Simple";

fn golden() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("golden/eecs280/v2020-2026_adi")
}

#[test]
fn it_says_what_it_runs_and_refuses_what_is_not_a_course() {
    small().args(["--help"]).stdout_is(HELP).stderr_is("").run();
    small().args(["-h"]).stdout_is(HELP).run();
    small()
        .args(["--version"])
        .stdout_is(format!("upcard-course {}\n", env!("CARGO_PKG_VERSION")))
        .run();
    small()
        .status(2)
        .stdout_is("")
        .stderr_is(&format!("upcard: a course is missing\n{HELP}\n"))
        .run();
    // The standard game has no course program; neither has a typo.
    for word in ["standard", "eecs-280"] {
        small()
            .args([word])
            .status(2)
            .stdout_is("")
            .stderr_is(&format!("upcard: {word:?} is not a course\n{HELP}\n"))
            .run();
    }
}

#[test]
fn its_argv0_option_and_separator_are_upcards() {
    let game = |upcard: Upcard, before: &[&str]| {
        upcard
            .current_dir(&golden())
            .args(["eecs280"])
            .args(before)
            .line(GAME)
            .run()
            .stdout
    };
    let plain = game(Upcard::new(), &[]);
    assert!(plain.starts_with(format!("./euchre.exe {GAME} \n").as_bytes()));
    assert_eq!(game(small(), &[]), plain);
    assert_eq!(game(small(), &["--"]), plain);
    let named = game(Upcard::new(), &["--argv0", "./ref"]);
    assert!(named.starts_with(format!("./ref {GAME} \n").as_bytes()));
    assert_eq!(game(small(), &["--argv0", "./ref"]), named);
    assert_eq!(game(small(), &["--argv0=./ref"]), named);
    small()
        .args(["eecs280", "--argv0"])
        .status(2)
        .stdout_is("")
        .stderr_is("upcard: --argv0 takes the program's name\n")
        .run();
}

#[test]
fn its_cs246_program_is_upcards() {
    for args in [&["-s", "3"][..], &["-s", "8", "-d", "--no-human"]] {
        let play = |upcard: Upcard| upcard.args(["cs246"]).args(args).stdin("q\n").run().stdout;
        let want = play(Upcard::new());
        assert!(!want.is_empty());
        assert_eq!(play(small()), want, "{args:?}");
    }
}

/// A reader that stops early (`… | head`) ends a long game quietly, with
/// status 0 and nothing on standard error, in both binaries: `upcard-course`
/// ignores SIGPIPE itself, as Rust's runtime does for `upcard`.
#[test]
fn a_closed_pipe_ends_a_long_game_quietly() {
    use std::io::{BufRead, BufReader};
    use std::process::{Command, Stdio};
    for exe in [
        env!("CARGO_BIN_EXE_upcard"),
        env!("CARGO_BIN_EXE_upcard-course"),
    ] {
        // A 100-point game prints about 100 KB: more than a pipe holds.
        let mut child = Command::new(exe)
            .current_dir(golden())
            .args(["eecs280", "pack.in", "shuffle", "100"])
            .args(["A", "Simple", "B", "Simple", "C", "Simple", "D", "Simple"])
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut first = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut first)
            .unwrap();
        assert!(first.ends_with("pack.in shuffle 100 A Simple B Simple C Simple D Simple \n"));
        // The reader is dropped: the pipe is closed.
        let out = child.wait_with_output().unwrap();
        assert_eq!(out.status.code(), Some(0), "{exe}");
        assert_eq!(String::from_utf8_lossy(&out.stderr), "", "{exe}");
    }
}

/// Standard streams the caller closed are opened on /dev/null before any
/// file is, in both binaries (Rust's runtime does it for `upcard`,
/// `upcard-course`'s own `main` by hand): a pack named by standard input's
/// number is then /dev/null, not a missing file.
#[cfg(target_os = "linux")]
#[test]
fn closed_standard_streams_are_dev_null() {
    use std::os::unix::process::CommandExt;
    use std::process::Command;
    for exe in [
        env!("CARGO_BIN_EXE_upcard"),
        env!("CARGO_BIN_EXE_upcard-course"),
    ] {
        let mut cmd = Command::new(exe);
        cmd.args(["eecs280", "/proc/self/fd/0", "shuffle", "1"])
            .args(["A", "Simple", "B", "Simple", "C", "Simple", "D", "Simple"]);
        // SAFETY: only `close`, which is async-signal-safe, between fork
        // and exec.
        unsafe {
            cmd.pre_exec(|| {
                libc::close(0);
                Ok(())
            });
        }
        let out = cmd.output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{exe}");
        assert_eq!(String::from_utf8_lossy(&out.stdout), "", "{exe}");
        assert_eq!(
            String::from_utf8_lossy(&out.stderr),
            "upcard: /proc/self/fd/0: is a character device, not a regular file\n",
            "{exe}"
        );
    }
}
