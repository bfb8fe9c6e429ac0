//! Running a student program under containment: its own process group (so
//! children are killed with it), a time limit, an output cap, a memory
//! limit, and standard input closed once the script is written.

use std::io::{Read, Write};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{RecvTimeoutError, Sender, channel};
use std::time::{Duration, Instant};

#[derive(Clone, Copy, Debug)]
pub struct Limits {
    pub time: Duration,
    /// Bytes kept of stdout (and of stderr); more marks the run truncated and ends it.
    pub output: usize,
    /// Address-space limit in bytes (RLIMIT_AS); 0 for none.
    pub memory: u64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            time: Duration::from_secs(10),
            output: 1 << 20,
            memory: 1 << 30,
        }
    }
}

/// How the process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signal(i32),
    /// Killed by the grader after the time limit.
    TimedOut,
    /// Killed by the grader after the output cap.
    Truncated,
    /// Never started.
    NotStarted(String),
}

#[derive(Clone, Debug)]
pub struct Run {
    pub stdout: Vec<u8>,
    pub stderr: Vec<u8>,
    pub ending: Ending,
    /// Wall-clock time (reported only with --timings: outputs stay reproducible).
    pub time: Duration,
}

/// A signal's name, as students see it in crash reports.
pub fn signal_name(sig: i32) -> String {
    let name = match sig {
        libc::SIGSEGV => "SIGSEGV",
        libc::SIGABRT => "SIGABRT",
        libc::SIGFPE => "SIGFPE",
        libc::SIGBUS => "SIGBUS",
        libc::SIGILL => "SIGILL",
        libc::SIGKILL => "SIGKILL",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGTRAP => "SIGTRAP",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

/// What the grader waits for.
enum Signal {
    Exited(std::io::Result<std::process::ExitStatus>),
    Over,
}

/// Reads all of `r`, keeping at most `cap` bytes; sets `over` (and says so
/// once on `tell`) when more came.
fn capped(mut r: impl Read, cap: usize, over: Arc<AtomicBool>, tell: Sender<Signal>) -> Vec<u8> {
    let mut kept = Vec::new();
    let mut buf = [0u8; 8192];
    loop {
        match r.read(&mut buf) {
            Ok(0) | Err(_) => break,
            Ok(n) => {
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                if n > room && !over.swap(true, Ordering::Relaxed) {
                    // Keep draining so the writer is not blocked until the
                    // grader kills the group.
                    let _ = tell.send(Signal::Over);
                }
            }
        }
    }
    kept
}

fn kill_group(pgid: u32) {
    // SAFETY: killpg only sends a signal; a stale group id fails harmlessly.
    unsafe {
        libc::killpg(pgid as libc::pid_t, libc::SIGKILL);
    }
}

/// Runs `exe` as `argv0 args...` in `dir` with `stdin` as its whole input.
pub fn run(
    exe: &Path,
    argv0: &str,
    args: &[String],
    dir: &Path,
    stdin: &[u8],
    limits: Limits,
) -> Run {
    let started = Instant::now();
    let mut cmd = Command::new(exe);
    cmd.arg0(argv0)
        .args(args)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    let memory = limits.memory;
    if memory > 0 {
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: memory as libc::rlim_t,
                    rlim_max: memory as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(std::io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = match cmd.spawn() {
        Ok(c) => c,
        Err(e) => {
            return Run {
                stdout: Vec::new(),
                stderr: Vec::new(),
                ending: Ending::NotStarted(format!("{}: {e}", exe.display())),
                time: started.elapsed(),
            };
        }
    };
    let pgid = child.id();
    let over = Arc::new(AtomicBool::new(false));
    let (tell, news) = channel();
    let out = child.stdout.take().expect("piped");
    let err = child.stderr.take().expect("piped");
    let cap = limits.output;
    let (o1, t1) = (over.clone(), tell.clone());
    let out_t = std::thread::spawn(move || capped(out, cap, o1, t1));
    let (o2, t2) = (over.clone(), tell.clone());
    let err_t = std::thread::spawn(move || capped(err, cap, o2, t2));
    let mut input = child.stdin.take().expect("piped");
    let script = stdin.to_vec();
    // Written from a thread: a program that never reads must not block the grader.
    let in_t = std::thread::spawn(move || {
        let _ = input.write_all(&script);
        // Dropping `input` closes standard input: reads past the script see end of file.
    });
    // Waiting in a thread lets the grader wake at once on exit, overflow or the deadline.
    let wait_t = std::thread::spawn(move || {
        let _ = tell.send(Signal::Exited(child.wait()));
    });
    let deadline = started + limits.time;
    let left = deadline.saturating_duration_since(Instant::now());
    let mut ending = {
        match news.recv_timeout(left) {
            Ok(Signal::Exited(Ok(status))) => match (status.code(), status.signal()) {
                (Some(c), _) => Ending::Exited(c),
                (None, Some(s)) => Ending::Signal(s),
                _ => Ending::Exited(-1),
            },
            Ok(Signal::Exited(Err(e))) => {
                Ending::NotStarted(format!("waiting for the program: {e}"))
            }
            Ok(Signal::Over) => {
                kill_group(pgid);
                Ending::Truncated
            }
            Err(RecvTimeoutError::Timeout) => {
                kill_group(pgid);
                Ending::TimedOut
            }
            Err(RecvTimeoutError::Disconnected) => Ending::Exited(-1),
        }
    };
    // Whatever the program left behind (children holding its pipes) goes too.
    kill_group(pgid);
    let stdout = out_t.join().unwrap_or_default();
    let stderr = err_t.join().unwrap_or_default();
    let _ = in_t.join();
    let _ = wait_t.join();
    if over.load(Ordering::Relaxed) && matches!(ending, Ending::Exited(_)) {
        ending = Ending::Truncated;
    }
    Run {
        stdout,
        stderr,
        ending,
        time: started.elapsed(),
    }
}
