//! A fluent builder for running the binary, after just's `tests/test.rs`:
//! `Upcard::new().args([...]).stdin(...).stdout_is(...).run()` checks the
//! exit status (0 unless `.status(n)`) and every expected stream exactly.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

#[must_use = "a test runs only at .run()"]
pub struct Upcard {
    exe: &'static str,
    dir: PathBuf,
    args: Vec<String>,
    stdin: Vec<u8>,
    status: i32,
    stdout: Option<Vec<u8>>,
    stderr: Option<String>,
}

/// What a run printed, for checks the builder does not make.
pub struct Ran {
    pub stdout: Vec<u8>,
    pub stderr: String,
}

impl Ran {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.stdout).into_owned()
    }
}

impl Upcard {
    /// `upcard` in the package's directory, with no input.
    pub fn new() -> Upcard {
        crate::common::system_packages();
        Upcard {
            exe: env!("CARGO_BIN_EXE_upcard"),
            dir: PathBuf::from(env!("CARGO_MANIFEST_DIR")),
            args: Vec::new(),
            stdin: Vec::new(),
            status: 0,
            stdout: None,
            stderr: None,
        }
    }

    /// `upcard` and `upcard-course` (the course programs alone), which
    /// run a course's program alike: `upcard-course eecs280 …` is
    /// `upcard eecs280 …`.
    pub fn course_programs() -> [Upcard; 2] {
        let small = Upcard {
            exe: env!("CARGO_BIN_EXE_upcard-course"),
            ..Upcard::new()
        };
        [Upcard::new(), small]
    }

    pub fn current_dir(mut self, dir: &Path) -> Upcard {
        self.dir = dir.to_path_buf();
        self
    }

    pub fn args<S: AsRef<str>>(mut self, args: impl IntoIterator<Item = S>) -> Upcard {
        self.args
            .extend(args.into_iter().map(|a| a.as_ref().to_string()));
        self
    }

    pub fn arg_path(mut self, path: &Path) -> Upcard {
        self.args.push(path.display().to_string());
        self
    }

    /// Arguments from one string, split at spaces.
    pub fn line(self, words: &str) -> Upcard {
        self.args(words.split(' '))
    }

    pub fn stdin(mut self, input: impl Into<Vec<u8>>) -> Upcard {
        self.stdin = input.into();
        self
    }

    /// The exit status expected (default 0).
    pub fn status(mut self, code: i32) -> Upcard {
        self.status = code;
        self
    }

    pub fn stdout_is(mut self, expected: impl Into<Vec<u8>>) -> Upcard {
        self.stdout = Some(expected.into());
        self
    }

    pub fn stderr_is(mut self, expected: &str) -> Upcard {
        self.stderr = Some(expected.into());
        self
    }

    /// Runs it and checks the status and the streams given.
    pub fn run(self) -> Ran {
        let mut child = Command::new(self.exe)
            .current_dir(&self.dir)
            .args(&self.args)
            .env_remove("NO_COLOR")
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the upcard binary starts");
        // A program that stops reading early closes the pipe; not a failure here.
        let _ = child.stdin.take().expect("piped").write_all(&self.stdin);
        let o = child.wait_with_output().expect("upcard ends");
        let ran = Ran {
            stdout: o.stdout,
            stderr: String::from_utf8_lossy(&o.stderr).into_owned(),
        };
        let name = Path::new(self.exe).file_name().unwrap_or_default();
        let what = format!("{} {}", name.to_string_lossy(), self.args.join(" "));
        assert_eq!(
            o.status.code(),
            Some(self.status),
            "{what}: exit status\nstderr: {}",
            ran.stderr
        );
        if let Some(want) = &self.stdout {
            assert!(
                &ran.stdout == want,
                "{what}: stdout differs\n--- got\n{}\n--- expected\n{}",
                ran.text(),
                String::from_utf8_lossy(want)
            );
        }
        if let Some(want) = &self.stderr {
            assert_eq!(&ran.stderr, want, "{what}: stderr");
        }
        ran
    }
}
