//! Watching a run to its ending: one poll loop feeds its standard input,
//! keeps its output up to the cap, and kills it (its process group, or its
//! sandbox) at the time limit; the run is direct (its own process group, a
//! memory limit per process) or in a sandbox helper's space.

use std::fs::File;
use std::io::{self, ErrorKind, Read, Write};
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd, RawFd};
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;
use std::time::{Duration, Instant};

use super::spawn::{Spawned, spawn};
use super::{Ending, Limits, Run};
use crate::Program;

fn kill_group(pgid: u32) {
    // SAFETY: killpg only sends a signal; a stale group id fails harmlessly.
    unsafe {
        libc::killpg(pgid as libc::pid_t, libc::SIGKILL);
    }
}

/// A started program as the watch loop sees it, run directly or in the sandbox.
pub(super) trait Running {
    /// Standard input, output and error (the grader's ends), taken once.
    fn pipes(&mut self) -> [Option<File>; 3];
    /// Becomes readable when the program has ended; -1 to poll instead.
    fn exit_fd(&self) -> RawFd;
    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>>;
    fn wait(&mut self) -> io::Result<ExitStatus>;
    /// Kills the program and everything it started.
    fn kill_all(&mut self);
    /// Whether the kernel killed part of the run for memory.
    fn out_of_memory(&mut self) -> bool {
        false
    }
}

/// A program started directly: its process group is everything it started.
struct Direct {
    child: Spawned,
    pidfd: Option<OwnedFd>,
}

impl Running for Direct {
    fn pipes(&mut self) -> [Option<File>; 3] {
        [
            self.child.stdin.take(),
            self.child.stdout.take(),
            self.child.stderr.take(),
        ]
    }
    fn exit_fd(&self) -> RawFd {
        self.pidfd.as_ref().map_or(-1, |f| f.as_raw_fd())
    }
    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.child.try_wait()
    }
    fn wait(&mut self) -> io::Result<ExitStatus> {
        self.child.wait()
    }
    fn kill_all(&mut self) {
        kill_group(self.child.pid);
    }
}

#[cfg(target_os = "linux")]
impl Running for crate::Sandboxed<&mut crate::Helper> {
    fn pipes(&mut self) -> [Option<File>; 3] {
        [self.stdin.take(), self.stdout.take(), self.stderr.take()]
    }
    fn exit_fd(&self) -> RawFd {
        crate::Sandboxed::exit_fd(self)
    }
    fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        crate::Sandboxed::try_wait(self)
    }
    fn wait(&mut self) -> io::Result<ExitStatus> {
        crate::Sandboxed::wait(self)
    }
    fn kill_all(&mut self) {
        self.kill();
    }
    fn out_of_memory(&mut self) -> bool {
        self.hit_memory_limit()
    }
}

fn not_started(exe: &Path, e: io::Error, started: Instant) -> Run {
    Run {
        stdout: Vec::new(),
        stderr: Vec::new(),
        ending: Ending::NotStarted(format!("{}: {e}", exe.display())),
        time: started.elapsed(),
    }
}

/// Runs `p` in `dir` with `stdin` as its whole input, with no sandbox: a
/// process group, a memory limit per process.
pub(super) fn run(p: Program, dir: &Path, stdin: &[u8], limits: Limits) -> Run {
    let started = Instant::now();
    let child = match spawn(p.exe, p.argv0, p.args, p.env, dir, limits.memory) {
        Ok(c) => c,
        Err(e) => return not_started(p.exe, e, started),
    };
    let pidfd = pidfd(child.pid);
    // SAFETY: a descriptor pidfd_open just returned, owned here and closed on drop.
    let pidfd = (pidfd >= 0).then(|| unsafe { OwnedFd::from_raw_fd(pidfd) });
    let mut direct = Direct { child, pidfd };
    finish(&mut direct, stdin, limits, started)
}

/// Runs `exe` in `helper`'s sandbox (its run directory) with `stdin` as its
/// whole input.
#[cfg(target_os = "linux")]
pub(super) fn run_sandboxed(helper: &mut crate::Helper, job: super::Job, copy_dir: bool) -> Run {
    let (p, limits) = (job.program, job.limits);
    let started = Instant::now();
    let pid = helper.pid();
    // Ctrl-C kills the helper's group, and with it the namespaces. Counted
    // before the helper starts the program: the program may be running (and
    // forking) before the helper's answer arrives here.
    super::live::group_started(pid);
    let address_space = helper.address_space(limits.memory);
    let mut child = match helper.spawn(&p, job.files, copy_dir, address_space, job.collect) {
        Ok(c) => c,
        Err(e) => {
            super::live::group_ended(pid);
            return not_started(p.exe, e, started);
        }
    };
    let mut run = finish(&mut child, job.input, limits, started);
    if let Some(e) = child.not_started() {
        drop(child);
        super::live::group_ended(pid);
        return not_started(p.exe, e, started);
    }
    if child.hit_disk_limit() {
        run.ending = Ending::DiskFull;
    }
    drop(child);
    super::live::group_ended(pid);
    run
}

fn finish(child: &mut dyn Running, stdin: &[u8], limits: Limits, started: Instant) -> Run {
    let (stdout, stderr, mut ending) = watch(child, stdin, started + limits.time, limits.output);
    if matches!(ending, Ending::Signal(libc::SIGKILL)) && child.out_of_memory() {
        ending = Ending::OutOfMemory;
    }
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

/// The size asked for each output pipe: 1 MiB, Linux's default most.
#[cfg(target_os = "linux")]
const PIPE_SIZE: libc::c_int = 1 << 20;

/// How long the grader leaves a printing program alone between reads.
const BATCH_MS: i32 = 2;

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

/// The pipes made non-blocking for the poll loop, and the output pipes
/// widened.
fn prepare_pipes(
    input: &Option<impl AsRawFd>,
    out: &Option<impl AsRawFd>,
    err: &Option<impl AsRawFd>,
) {
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
    // Room for a whole transcript in each pipe, so that a program seldom
    // waits for the grader to read (see `batch` below). Best effort: the
    // machine's pipe-max-size may refuse it.
    #[cfg(target_os = "linux")]
    for fd in [
        out.as_ref().map(|o| o.as_raw_fd()),
        err.as_ref().map(|e| e.as_raw_fd()),
    ]
    .into_iter()
    .flatten()
    {
        // SAFETY: fcntl on a descriptor this process owns.
        unsafe {
            libc::fcntl(fd, libc::F_SETPIPE_SZ, PIPE_SIZE);
        }
    }
}

/// Writes what it can of the rest of `script`; whether it is all written
/// (or no longer wanted).
fn feed(i: &mut impl Write, script: &[u8], fed: &mut usize) -> bool {
    match i.write(&script[*fed..]) {
        Ok(n) => *fed += n,
        Err(e) if e.kind() == ErrorKind::WouldBlock || e.kind() == ErrorKind::Interrupted => {}
        // The program closed its input or exited: the rest is not wanted.
        Err(_) => *fed = script.len(),
    }
    *fed >= script.len()
}

/// The program's exit once its pipes have closed, waited for until the
/// deadline (then it is killed: timed out).
fn wait_exit(
    child: &mut dyn Running,
    exit_fd: i32,
    deadline: Instant,
) -> Result<std::process::ExitStatus, Ending> {
    loop {
        match child.try_wait() {
            Ok(Some(s)) => return Ok(s),
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
                child.kill_all();
                let _ = child.wait();
                return Err(Ending::TimedOut);
            }
            Err(e) => {
                return Err(Ending::NotStarted(format!("waiting for the program: {e}")));
            }
        }
    }
}

/// The program's exit status into `status`, if it has exited (and it was
/// not seen before).
fn look(child: &mut dyn Running, status: &mut Option<std::process::ExitStatus>) {
    if status.is_none()
        && let Ok(Some(st)) = child.try_wait()
    {
        *status = Some(st);
    }
}

/// The program and all it started killed and reaped, ending so.
fn stopped(child: &mut dyn Running, ending: Ending) -> Ending {
    child.kill_all();
    let _ = child.wait();
    ending
}

/// What the poll loop wakes on: output to read (none while batching), room
/// to write standard input, the program's exit (its pidfd).
struct Wake {
    out: Option<i32>,
    err: Option<i32>,
    input: Option<i32>,
    exit: Option<i32>,
}

impl Wake {
    /// Sleeps until one of them is ready or `left` has passed (at most
    /// 5 ms when the exit is polled for, BATCH_MS while batching).
    fn wait(&self, left: Duration, poll_exit: bool, batch: bool) {
        let mut fds: Vec<libc::pollfd> = [
            (self.out, libc::POLLIN),
            (self.err, libc::POLLIN),
            (self.input, libc::POLLOUT),
            (self.exit, libc::POLLIN),
        ]
        .into_iter()
        .filter_map(|(fd, events)| {
            Some(libc::pollfd {
                fd: fd?,
                events,
                revents: 0,
            })
        })
        .collect();
        let mut wait_ms = left.as_millis().min(i32::MAX as u128) as i32 + 1;
        if poll_exit {
            wait_ms = wait_ms.min(5);
        }
        if batch {
            wait_ms = wait_ms.min(BATCH_MS);
        }
        // SAFETY: `fds` is a live array of pollfd of the given length.
        unsafe {
            libc::poll(fds.as_mut_ptr(), fds.len() as libc::nfds_t, wait_ms);
        }
    }
}

/// One thread, one poll loop: feeds standard input, collects both outputs up
/// to the cap, and wakes on the program's exit (a pidfd), on output, or at the
/// deadline. After the exit the rest of the group is killed and the pipes drained.
fn watch(
    child: &mut dyn Running,
    script: &[u8],
    deadline: Instant,
    cap: usize,
) -> (Vec<u8>, Vec<u8>, Ending) {
    let [mut input, mut out, mut err] = child.pipes();
    prepare_pipes(&input, &out, &err);
    let exit_fd = child.exit_fd();
    // Output came at the last wake and the program still runs: wait for its
    // exit (or BATCH) before reading again. A program printing line by line
    // (`endl`) would otherwise wake the grader for every line, and each wake
    // takes the program's CPU from it on a busy machine.
    let mut batch = false;
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
        if exit_fd < 0 {
            look(child, &mut status);
        }
        if status.is_some() && !reaped {
            // Exited: children it left behind go too; the pipes then close.
            child.kill_all();
            deadline = deadline.min(Instant::now() + Duration::from_millis(200));
            reaped = true;
        }
        let now = Instant::now();
        if now >= deadline {
            if status.is_none() {
                return (kept_out, kept_err, stopped(child, Ending::TimedOut));
            }
            break;
        }
        let wake = Wake {
            out: out.as_ref().filter(|_| !batch).map(AsRawFd::as_raw_fd),
            err: err.as_ref().filter(|_| !batch).map(AsRawFd::as_raw_fd),
            input: input.as_ref().map(AsRawFd::as_raw_fd),
            exit: Some(exit_fd).filter(|&fd| status.is_none() && fd >= 0),
        };
        // Without a pidfd the exit is looked for every 5 ms.
        let poll_exit = status.is_none() && exit_fd < 0;
        wake.wait(deadline - now, poll_exit, batch);
        let had = kept_out.len() + kept_err.len();
        // A pipe that is done (closed or failed) is dropped.
        if out
            .as_mut()
            .is_some_and(|o| !drain(o, &mut kept_out, cap, &mut over))
        {
            out = None;
        }
        if err
            .as_mut()
            .is_some_and(|e| !drain(e, &mut kept_err, cap, &mut over))
        {
            err = None;
        }
        if let Some(i) = input.as_mut()
            && feed(i, script, &mut fed)
        {
            // Closing standard input: reads past the script see end of file.
            input = None;
        }
        if over {
            return (kept_out, kept_err, stopped(child, Ending::Truncated));
        }
        if exit_fd >= 0 {
            look(child, &mut status);
        }
        batch = status.is_none() && exit_fd >= 0 && kept_out.len() + kept_err.len() > had;
    }
    // Both pipes closed before the exit was seen: wait for it, within the limit.
    let ending = match status.map_or_else(|| wait_exit(child, exit_fd, deadline), Ok) {
        Ok(status) => {
            child.kill_all();
            match (status.code(), status.signal()) {
                (Some(c), _) => Ending::Exited(c),
                (None, Some(s)) => Ending::Signal(s),
                _ => Ending::Exited(-1),
            }
        }
        Err(ending) => ending,
    };
    (kept_out, kept_err, ending)
}
