//! Running a student program under containment: its own process group (so
//! children are killed with it), a time limit, an output cap, a memory
//! limit, and standard input closed once the script is written.

use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::time::{Duration, Instant};

use super::spawn::{Spawned, spawn};

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
    let mut child = match spawn(exe, argv0, args, dir, limits.memory) {
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
    let (stdout, stderr, ending) = watch(&mut child, stdin, started + limits.time, limits.output);
    Run {
        stdout,
        stderr,
        ending,
        time: started.elapsed(),
    }
}

fn nonblocking(fd: i32) {
    // SAFETY: fcntl on a descriptor this process owns.
    unsafe {
        let flags = libc::fcntl(fd, libc::F_GETFL);
        libc::fcntl(fd, libc::F_SETFL, flags | libc::O_NONBLOCK);
    }
}

/// A descriptor that becomes readable when `pid` exits (Linux 5.3+), or -1.
#[cfg(target_os = "linux")]
fn pidfd(pid: u32) -> i32 {
    // SAFETY: pidfd_open takes a pid and flags and returns a new descriptor.
    unsafe { libc::syscall(libc::SYS_pidfd_open, pid as libc::pid_t, 0) as i32 }
}

/// Elsewhere the watch loop polls for the exit instead.
#[cfg(not(target_os = "linux"))]
fn pidfd(_pid: u32) -> i32 {
    -1
}

/// Reads what is there now; false once the pipe is closed.
fn drain(r: &mut impl Read, kept: &mut Vec<u8>, cap: usize, over: &mut bool) -> bool {
    let mut buf = [0u8; 16384];
    loop {
        match r.read(&mut buf) {
            Ok(0) => return false,
            Ok(n) => {
                let room = cap.saturating_sub(kept.len());
                kept.extend_from_slice(&buf[..n.min(room)]);
                *over |= n > room;
            }
            Err(e) if e.kind() == ErrorKind::WouldBlock => return true,
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(_) => return false,
        }
    }
}

/// One thread, one poll loop: feeds standard input, collects both outputs up
/// to the cap, and wakes on the program's exit (a pidfd), on output, or at the
/// deadline. After the exit the rest of the group is killed and the pipes drained.
fn watch(
    child: &mut Spawned,
    script: &[u8],
    deadline: Instant,
    cap: usize,
) -> (Vec<u8>, Vec<u8>, Ending) {
    let pgid = child.pid;
    let mut out = child.stdout.take();
    let mut err = child.stderr.take();
    let mut input = child.stdin.take();
    for fd in [
        out.as_ref().map(|o| o.as_raw_fd()),
        err.as_ref().map(|e| e.as_raw_fd()),
        input.as_ref().map(|i| i.as_raw_fd()),
    ]
    .into_iter()
    .flatten()
    {
        nonblocking(fd);
    }
    let exit_owned = pidfd(pgid);
    // SAFETY: a descriptor pidfd_open just returned, owned here and closed on drop.
    let exit_owned = (exit_owned >= 0).then(|| unsafe { OwnedFd::from_raw_fd(exit_owned) });
    let exit_fd = exit_owned.as_ref().map_or(-1, |f| f.as_raw_fd());
    let (mut kept_out, mut kept_err) = (Vec::new(), Vec::new());
    let mut over = false;
    let mut fed = 0;
    let mut status: Option<std::process::ExitStatus> = None;
    let mut deadline = deadline;
    let mut reaped = false;
    if script.is_empty() {
        input = None;
    }
    while out.is_some() || err.is_some() {
        if status.is_none()
            && exit_fd < 0
            && let Ok(Some(st)) = child.try_wait()
        {
            status = Some(st);
        }
        if status.is_some() && !reaped {
            // Exited: children it left behind go too; the pipes then close.
            kill_group(pgid);
            deadline = deadline.min(Instant::now() + Duration::from_millis(200));
            reaped = true;
        }
        let now = Instant::now();
        if now >= deadline {
            if status.is_none() {
                kill_group(pgid);
                let _ = child.wait();
                return (kept_out, kept_err, Ending::TimedOut);
            }
            break;
        }
        let mut fds: Vec<libc::pollfd> = Vec::with_capacity(4);
        let mut push = |fd: i32, events: libc::c_short| {
            fds.push(libc::pollfd {
                fd,
                events,
                revents: 0,
            })
        };
        if let Some(o) = &out {
            push(o.as_raw_fd(), libc::POLLIN);
        }
        if let Some(e) = &err {
            push(e.as_raw_fd(), libc::POLLIN);
        }
        if let Some(i) = &input {
            push(i.as_raw_fd(), libc::POLLOUT);
        }
        if status.is_none() && exit_fd >= 0 {
            push(exit_fd, libc::POLLIN);
        }
        let mut wait_ms = (deadline - now).as_millis().min(i32::MAX as u128) as i32 + 1;
        if status.is_none() && exit_fd < 0 {
            wait_ms = wait_ms.min(5);
        }
        // SAFETY: `fds` is a live array of pollfd of the given length.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, wait_ms);
        }
        if let Some(o) = out.as_mut()
            && !drain(o, &mut kept_out, cap, &mut over)
        {
            out = None;
        }
        if let Some(e) = err.as_mut()
            && !drain(e, &mut kept_err, cap, &mut over)
        {
            err = None;
        }
        if let Some(i) = input.as_mut() {
            match i.write(&script[fed..]) {
                Ok(n) => fed += n,
                Err(e)
                    if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
                // The program closed its input or exited: the rest is not wanted.
                Err(_) => fed = script.len(),
            }
            if fed >= script.len() {
                // Closing standard input: reads past the script see end of file.
                input = None;
            }
        }
        if over {
            kill_group(pgid);
            let _ = child.wait();
            return (kept_out, kept_err, Ending::Truncated);
        }
        if status.is_none()
            && exit_fd >= 0
            && let Ok(Some(st)) = child.try_wait()
        {
            status = Some(st);
        }
    }
    let status = match status {
        Some(s) => s,
        // Both pipes closed before the exit was seen: wait for it, within the limit.
        None => loop {
            match child.try_wait() {
                Ok(Some(s)) => break s,
                Ok(None) if Instant::now() < deadline => {
                    if exit_fd >= 0 {
                        let mut fd = [libc::pollfd {
                            fd: exit_fd,
                            events: libc::POLLIN,
                            revents: 0,
                        }];
                        let ms = (deadline - Instant::now())
                            .as_millis()
                            .min(i32::MAX as u128) as i32
                            + 1;
                        // SAFETY: one live pollfd.
                        unsafe {
                            libc::poll(fd.as_mut_ptr(), 1, ms);
                        }
                    } else {
                        // Exiting after closing its output is the common case: it is near.
                        std::thread::sleep(Duration::from_micros(20));
                    }
                }
                Ok(None) => {
                    kill_group(pgid);
                    let _ = child.wait();
                    return (kept_out, kept_err, Ending::TimedOut);
                }
                Err(e) => {
                    return (
                        kept_out,
                        kept_err,
                        Ending::NotStarted(format!("waiting for the program: {e}")),
                    );
                }
            }
        },
    };
    kill_group(pgid);
    let ending = match (status.code(), status.signal()) {
        (Some(c), _) => Ending::Exited(c),
        (None, Some(s)) => Ending::Signal(s),
        _ => Ending::Exited(-1),
    };
    (kept_out, kept_err, ending)
}
