//! Running the upcard binary from the integration tests.

// Each test crate uses the part it needs.
#![allow(dead_code)]

use std::io::Write;
use std::path::Path;
use std::process::{Command, Output, Stdio};

/// Runs `upcard ARGS` in `dir` with `stdin` as its whole input. NO_COLOR is
/// removed so every test sees the same (plain, not a terminal) output.
pub fn upcard(dir: &Path, args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_upcard"))
        .current_dir(dir)
        .args(args)
        .env_remove("NO_COLOR")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // A program that stops reading early closes the pipe; that is not a failure here.
    let _ = child.stdin.take().unwrap().write_all(stdin);
    child.wait_with_output().unwrap()
}

/// Exit code and both outputs as text.
pub struct Out {
    pub code: Option<i32>,
    pub out: String,
    pub err: String,
}

pub fn upcard_text(dir: &Path, args: &[&str], stdin: &str) -> Out {
    let o = upcard(dir, args, stdin.as_bytes());
    Out {
        code: o.status.code(),
        out: String::from_utf8(o.stdout).unwrap(),
        err: String::from_utf8(o.stderr).unwrap(),
    }
}
