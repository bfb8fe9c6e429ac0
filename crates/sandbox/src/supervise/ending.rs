//! How a supervised run ended, and what it printed.

use std::time::Duration;

use super::Limits;

/// How the process ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    Exited(i32),
    Signal(i32),
    /// Killed by the grader after the time limit.
    TimedOut,
    /// Killed by the grader after the output cap.
    Truncated,
    /// Killed by the kernel: the run used more than its memory.
    OutOfMemory,
    /// The run filled the space it may write to (the sandbox's `--disk-mb`).
    DiskFull,
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
        libc::SIGINT => "SIGINT",
        libc::SIGHUP => "SIGHUP",
        libc::SIGTERM => "SIGTERM",
        libc::SIGPIPE => "SIGPIPE",
        libc::SIGXCPU => "SIGXCPU",
        libc::SIGTRAP => "SIGTRAP",
        _ => return format!("signal {sig}"),
    };
    name.to_string()
}

impl Ending {
    /// How the run ended, in a few words (`limits` the ones it ran under):
    /// "exit status 1", "crashed (SIGSEGV)", "timed out after 5 s".
    pub fn describe(&self, limits: &Limits) -> String {
        match self {
            Ending::Exited(c) => format!("exit status {c}"),
            Ending::Signal(s) => format!("crashed ({})", signal_name(*s)),
            Ending::TimedOut => format!("timed out after {} s", limits.time.as_secs_f64()),
            Ending::OutOfMemory => "out of memory".into(),
            Ending::Truncated => "printed too much".into(),
            Ending::DiskFull => "filled its disk".into(),
            Ending::NotStarted(why) => format!("could not start: {why}"),
        }
    }
}
