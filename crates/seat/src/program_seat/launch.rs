//! How a seat's program is started: by the supervisor
//! (`upcard_sandbox::Interactive`), in a sandbox of its own (the default),
//! or with the user's own rights (`--no-sandbox`); here what the seat keeps
//! of it (its pipes, the end of its standard error).

use std::fs::File;
use std::io::Read;
use std::sync::mpsc::{Receiver, channel};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use super::echo::{Echo, Notice};

/// How the programs at a table's seats are started.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// None: with the user's rights (`--no-sandbox`), only for programs one trusts.
    pub sandbox: Option<SeatSandbox>,
    /// Who is told as they happen what a program writes on its standard
    /// error and its faults (play, arena); with none they are only kept for
    /// the report (the tournament: its faults, and its standard error's
    /// last lines).
    pub echo: Echo,
}

/// The limits of one seat's program, all its processes together.
pub type SeatSandbox = upcard_sandbox::Confinement;

impl Launch {
    /// With the user's rights, nothing said as it happens: what a library
    /// caller gets unless it asks for the sandbox.
    pub const TRUSTED: Launch = Launch {
        sandbox: None,
        echo: Echo::NONE,
    };

    /// The sandbox with its default limits (512 MiB, 32 processes, 64 MiB
    /// written), its helper being this very program (upcard).
    pub fn sandboxed(echo: Echo) -> Result<Launch, String> {
        Ok(Launch {
            sandbox: Some(SeatSandbox::standard().map_err(|e| e.to_string())?),
            echo,
        })
    }

    /// The sandbox unless `trusted` (`--no-sandbox`).
    pub fn choose(trusted: bool, echo: Echo) -> Result<Launch, String> {
        if trusted {
            Ok(Launch {
                sandbox: None,
                echo,
            })
        } else {
            Launch::sandboxed(echo)
        }
    }
}

/// The most of a program's standard error kept for its report.
pub const STDERR_TAIL: usize = 2048;

/// A started program: its pipes and the handle that ends it.
pub(super) struct Started {
    pub process: Process,
    pub stdin: File,
    pub stdout: File,
    pub stderr: StderrTail,
}

/// The last [`STDERR_TAIL`] bytes a program wrote on its standard error,
/// read by a thread of their own.
pub(super) struct StderrTail {
    tail: Arc<Mutex<Vec<u8>>>,
    done: Receiver<()>,
}

impl StderrTail {
    fn read(mut from: File, echo: Echo) -> StderrTail {
        let tail = Arc::new(Mutex::new(Vec::new()));
        let (tx, done) = channel();
        let keep = tail.clone();
        std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            // Echoed a whole line at a time, made printable: a program's
            // escape sequences never reach the terminal.
            let mut line = Vec::new();
            while let Ok(n @ 1..) = from.read(&mut buf) {
                if echo.is_on() {
                    line.extend_from_slice(&buf[..n]);
                    echo_lines(&mut line, false, &echo);
                }
                let mut t = keep.lock().unwrap_or_else(|e| e.into_inner());
                t.extend_from_slice(&buf[..n]);
                let extra = t.len().saturating_sub(STDERR_TAIL);
                t.drain(..extra);
            }
            if echo.is_on() {
                echo_lines(&mut line, true, &echo);
            }
            let _ = tx.send(());
        });
        StderrTail { tail, done }
    }

    /// What it wrote last, as printable text; waits up to `wait` for the
    /// pipe to close (call it once the program and everything it started
    /// have ended).
    pub fn text(&self, wait: Duration) -> String {
        let _ = self.done.recv_timeout(wait);
        let t = self.tail.lock().unwrap_or_else(|e| e.into_inner());
        let text = String::from_utf8_lossy(&t);
        // A cut at the front may split a character or a line: start at a line.
        let text = match text.find('\n') {
            Some(i) if t.len() >= STDERR_TAIL && i + 1 < text.len() => &text[i + 1..],
            _ => &text,
        };
        upcard_parse::escape::printable(text.trim_end())
    }
}

/// Tells `echo` the whole lines of `pending` (all of it at the end, or when
/// a line grows past a screenful), made printable.
fn echo_lines(pending: &mut Vec<u8>, end: bool, echo: &Echo) {
    let cut = if end || pending.len() > 4096 {
        pending.len()
    } else {
        match pending.iter().rposition(|&b| b == b'\n') {
            Some(i) => i + 1,
            None => return,
        }
    };
    if cut == 0 {
        return;
    }
    let text = String::from_utf8_lossy(&pending[..cut]).into_owned();
    let mut shown = upcard_parse::escape::printable(&text);
    if !shown.ends_with('\n') {
        shown.push('\n');
    }
    echo.say(Notice::Stderr(&shown));
    pending.drain(..cut);
}

/// A seat's running program: the supervisor's handle, which ends it and
/// everything it started.
pub(super) type Process = upcard_sandbox::Interactive;

/// Starts `words` (a program and its arguments) as `launch` says.
pub(super) fn start(words: &[String], launch: &Launch) -> Result<Started, String> {
    let mut run = upcard_sandbox::Interactive::start(words, launch.sandbox.as_ref())
        .map_err(|e| e.to_string())?;
    let (Some(stdin), Some(stdout), Some(stderr)) =
        (run.stdin.take(), run.stdout.take(), run.stderr.take())
    else {
        return Err("the program was started without its pipes".into());
    };
    Ok(Started {
        process: run,
        stdin,
        stdout,
        stderr: StderrTail::read(stderr, launch.echo.clone()),
    })
}
