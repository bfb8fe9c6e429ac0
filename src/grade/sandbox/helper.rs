//! The sandbox helper: a process of its own (`upcard __sandbox-helper`), one
//! per grading worker, that starts each student program inside the sandbox
//! and kills everything the program started when it ends.
//!
//! With namespaces the helper enters new user, mount, network, IPC, UTS and
//! PID namespaces once, and its child is PID 1 there: it builds the file
//! system the programs see and then serves runs. Each program is its child;
//! when a program ends, PID 1 kills every other process in the namespace
//! (`kill(-1)`), so nothing a program starts outlives its run. If the helper
//! dies for any reason, PID 1 dies with it (its parent-death signal) and the
//! kernel kills the whole namespace. Each program also gets Landlock rules,
//! no capabilities, a private IPC namespace and a fresh `/tmp`.
//!
//! Without namespaces (Landlock alone), the helper serves runs itself and
//! each program is confined by Landlock in its own process group.

use std::ffi::{CString, OsStr};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::mount::{MntFlags, MsFlags, mount, umount2};
use nix::sched::{CloneFlags, unshare};
use nix::sys::signal::{Signal, kill};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork};

use super::Mode;
use super::wire::{FromHelper, Received, ToHelper, recv, send};

/// The socket to the grader is descriptor 3.
const SOCK: RawFd = 3;
/// Where the run directory appears inside the namespaces.
const WORK: &str = "/work";
/// Standard input, output and error are all a program keeps; with a script,
/// its file too, at this number.
const SCRIPT_FD: RawFd = 3;

fn sock() -> BorrowedFd<'static> {
    // SAFETY: descriptor 3 is the socket, open for the helper's whole life.
    unsafe { BorrowedFd::borrow_raw(SOCK) }
}

/// Entry point: `upcard __sandbox-helper MODE WORK JAIL PARENT`.
pub fn main(args: &[std::ffi::OsString]) -> i32 {
    let [mode, work, jail, parent] = args else {
        return 2;
    };
    let mode = match mode.to_str() {
        Some("namespaces") => Mode::Namespaces,
        Some("landlock") => Mode::Landlock,
        _ => return 2,
    };
    let parent: i32 = parent.to_str().and_then(|p| p.parse().ok()).unwrap_or(0);
    // SAFETY: plain system calls.
    unsafe {
        libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        if libc::getppid() != parent {
            return 1;
        }
        // Nothing the grader inherited reaches a program.
        libc::syscall(libc::SYS_close_range, 4u32, u32::MAX, 0u32);
        libc::setpgid(0, 0);
    }
    let work = PathBuf::from(work);
    let jail = PathBuf::from(jail);
    match mode {
        Mode::Landlock => {
            let _ = std::env::set_current_dir("/");
            // Orphans (a daemon's double fork) come back to the helper, which
            // kills them when the run ends.
            // SAFETY: a prctl flag on this process.
            unsafe {
                libc::prctl(libc::PR_SET_CHILD_SUBREAPER, 1);
            }
            let _ = send(sock(), &FromHelper::Ready, &[]);
            serve(mode, &work)
        }
        Mode::Namespaces => match enter_namespaces() {
            Err(e) => {
                let _ = send(sock(), &FromHelper::SetupFailed(e), &[]);
                1
            }
            Ok(()) => init_or_wait(&work, &jail),
        },
    }
}

fn enter_namespaces() -> Result<(), String> {
    // SAFETY: getuid and getgid cannot fail.
    let (uid, gid) = unsafe { (libc::getuid(), libc::getgid()) };
    unshare(
        CloneFlags::CLONE_NEWUSER
            | CloneFlags::CLONE_NEWNS
            | CloneFlags::CLONE_NEWNET
            | CloneFlags::CLONE_NEWIPC
            | CloneFlags::CLONE_NEWUTS
            | CloneFlags::CLONE_NEWPID,
    )
    .map_err(|e| format!("no user namespaces here (unshare: {e})"))?;
    // The grader's own user is root inside; nobody else is mapped.
    let write =
        |f: &str, s: String| std::fs::write(f, s).map_err(|e| format!("cannot write {f}: {e}"));
    write("/proc/self/setgroups", "deny".into())?;
    write("/proc/self/uid_map", format!("0 {uid} 1"))?;
    write("/proc/self/gid_map", format!("0 {gid} 1"))?;
    Ok(())
}

/// After `unshare(CLONE_NEWPID)` the helper's next child is PID 1 of the new
/// namespace: it serves; the helper waits for it and exits with it.
fn init_or_wait(work: &Path, jail: &Path) -> i32 {
    // SAFETY: the helper is single-threaded, so fork is safe.
    match unsafe { fork() } {
        Err(e) => {
            let _ = send(sock(), &FromHelper::SetupFailed(format!("fork: {e}")), &[]);
            1
        }
        Ok(ForkResult::Parent { child }) => {
            // SAFETY: the helper keeps no other use of the socket.
            unsafe {
                libc::close(SOCK);
            }
            loop {
                match waitpid(child, None) {
                    Ok(WaitStatus::Exited(_, c)) => return c,
                    Ok(WaitStatus::Signaled(..)) => return 1,
                    Err(Errno::EINTR) | Ok(_) => continue,
                    Err(_) => return 1,
                }
            }
        }
        Ok(ForkResult::Child) => {
            // SAFETY: plain system calls.
            unsafe {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
                // Programs run as the same user: they must not be able to
                // trace PID 1 or read its memory.
                libc::prctl(libc::PR_SET_DUMPABLE, 0);
            }
            match super::jail::build(work, jail) {
                Err(e) => {
                    let _ = send(sock(), &FromHelper::SetupFailed(e), &[]);
                    1
                }
                Ok(()) => {
                    let _ = nix::unistd::sethostname("upcard-sandbox");
                    let _ = send(sock(), &FromHelper::Ready, &[]);
                    serve(Mode::Namespaces, Path::new(WORK))
                }
            }
        }
    }
}

/// Serves runs until the grader closes the socket.
fn serve(mode: Mode, work: &Path) -> i32 {
    loop {
        let (msg, fds) = match recv::<ToHelper>(sock(), false) {
            Ok(Received::Message(m, fds)) => (m, fds),
            Ok(_) => return 0,
            Err(_) => return 1,
        };
        let ToHelper::Run {
            argv0,
            args,
            memory,
            script,
        } = msg
        else {
            continue;
        };
        let Ok::<[OwnedFd; 4], _>([exe, stdin, stdout, stderr]) = fds.try_into() else {
            let _ = send(
                sock(),
                &FromHelper::NotStarted {
                    step: "receiving the program's descriptors".into(),
                    errno: libc::EINVAL,
                },
                &[],
            );
            continue;
        };
        if mode == Mode::Namespaces {
            // A fresh /tmp for every run: nothing is left from the last one.
            let _ = umount2("/tmp", MntFlags::MNT_DETACH);
            let _ = mount(
                Some("tmpfs"),
                "/tmp",
                Some("tmpfs"),
                MsFlags::MS_NOSUID | MsFlags::MS_NODEV,
                Some("size=64m,mode=1777"),
            );
        }
        let plan = Plan {
            mode,
            work,
            argv0: &argv0,
            args: &args,
            memory,
            script,
            exe,
            fds: [stdin, stdout, stderr],
        };
        let reply = match start(plan) {
            Err((step, errno)) => FromHelper::NotStarted { step, errno },
            Ok(pid) => {
                if send(sock(), &FromHelper::Started, &[]).is_err() {
                    end_all(mode, pid);
                    return 1;
                }
                FromHelper::Exited {
                    status: watch(mode, pid),
                }
            }
        };
        if send(sock(), &reply, &[]).is_err() {
            return 1;
        }
    }
}

/// Waits for the program's exit or the grader's `Kill`; then ends
/// everything the program started and returns the program's wait status.
fn watch(mode: Mode, pid: Pid) -> i32 {
    // SAFETY: pidfd_open on our own unreaped child.
    let pidfd = unsafe { libc::syscall(libc::SYS_pidfd_open, pid.as_raw(), 0) } as RawFd;
    loop {
        let mut fds = [
            libc::pollfd {
                fd: pidfd,
                events: libc::POLLIN,
                revents: 0,
            },
            libc::pollfd {
                fd: SOCK,
                events: libc::POLLIN,
                revents: 0,
            },
        ];
        // SAFETY: two live pollfds.
        unsafe {
            libc::poll(fds.as_mut_ptr(), 2, if pidfd < 0 { 5 } else { -1 });
        }
        let mut status = 0;
        // SAFETY: waitpid on our own child.
        if unsafe { libc::waitpid(pid.as_raw(), &mut status, libc::WNOHANG) } == pid.as_raw() {
            end_all(mode, pid);
            close(pidfd);
            return status;
        }
        if fds[1].revents != 0 {
            // Kill, or the grader is gone: either way the run ends now.
            let _ = recv::<ToHelper>(sock(), true);
            let status = end_all(mode, pid);
            close(pidfd);
            return status;
        }
    }
}

fn close(fd: RawFd) {
    if fd >= 0 {
        // SAFETY: a descriptor this process owns.
        unsafe {
            libc::close(fd);
        }
    }
}

/// Kills every process the run started and reaps them; returns the program's
/// wait status if it was still to be reaped.
fn end_all(mode: Mode, pid: Pid) -> i32 {
    match mode {
        // PID 1 kills everything else in its namespace: daemons that left
        // the program's process group and session too.
        Mode::Namespaces => {
            let _ = kill(Pid::from_raw(-1), Signal::SIGKILL);
        }
        Mode::Landlock => {
            let _ = kill(Pid::from_raw(-pid.as_raw()), Signal::SIGKILL);
        }
    }
    let mut program = libc::W_EXITCODE(0, libc::SIGKILL);
    loop {
        // The helper is a subreaper: whatever left the process group (a
        // setsid daemon) has come back to it as a child.
        if mode == Mode::Landlock {
            for child in children() {
                let _ = kill(Pid::from_raw(child), Signal::SIGKILL);
            }
        }
        let mut status = 0;
        // SAFETY: reaping this process's own children.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::__WALL) };
        if r == pid.as_raw() {
            program = status;
        } else if r < 0 && Errno::last() != Errno::EINTR {
            break;
        }
    }
    program
}

/// This process's children, from /proc.
fn children() -> Vec<i32> {
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    std::fs::read_to_string(format!("/proc/{me}/task/{me}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}

/// One run's program and how it is confined.
struct Plan<'a> {
    mode: Mode,
    work: &'a Path,
    argv0: &'a str,
    args: &'a [String],
    memory: u64,
    script: bool,
    exe: OwnedFd,
    fds: [OwnedFd; 3],
}

fn cstr(s: &OsStr) -> Result<CString, (String, i32)> {
    CString::new(s.as_bytes()).map_err(|_| ("an argument holds a NUL byte".into(), libc::EINVAL))
}

/// The environment every program gets: the same on every machine.
const ENV: [&str; 5] = [
    "PATH=/usr/local/bin:/usr/bin:/bin",
    "HOME=/work",
    "TMPDIR=/tmp",
    "LANG=C",
    "LC_ALL=C",
];

/// Forks the program; returns its pid once it has reached `execve`, or the
/// step that failed and its errno.
fn start(plan: Plan) -> Result<Pid, (String, i32)> {
    let mut argv = vec![cstr(OsStr::new(plan.argv0))?];
    for a in plan.args {
        argv.push(cstr(OsStr::new(a))?);
    }
    let env: Vec<CString> = ENV.iter().map(|e| CString::new(*e).unwrap()).collect();
    let work = cstr(plan.work.as_os_str())?;
    // The child reports a failure before exec here; exec closes it.
    let (err_r, err_w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)
        .map_err(|e| ("pipe".to_string(), e as i32))?;
    // SAFETY: the helper is single-threaded, so the child may do anything.
    match unsafe { fork() } {
        Err(e) => Err(("fork".into(), e as i32)),
        Ok(ForkResult::Child) => {
            drop(err_r);
            let (step, errno) = confine_and_exec(&plan, &argv, &env, &work);
            let mut msg = (errno as u32).to_le_bytes().to_vec();
            msg.extend_from_slice(step.as_bytes());
            // SAFETY: write and _exit only.
            unsafe {
                libc::write(err_w.as_raw_fd(), msg.as_ptr().cast(), msg.len());
                libc::_exit(127);
            }
        }
        Ok(ForkResult::Parent { child }) => {
            drop(err_w);
            drop(plan);
            let mut buf = [0u8; 256];
            let n = loop {
                // SAFETY: reading into a live buffer.
                let n = unsafe { libc::read(err_r.as_raw_fd(), buf.as_mut_ptr().cast(), 256) };
                if n >= 0 || Errno::last() != Errno::EINTR {
                    break n.max(0) as usize;
                }
            };
            if n >= 4 {
                let errno = u32::from_le_bytes(buf[..4].try_into().unwrap()) as i32;
                let step = String::from_utf8_lossy(&buf[4..n]).into_owned();
                let _ = waitpid(child, Some(WaitPidFlag::__WALL));
                return Err((step, errno));
            }
            Ok(child)
        }
    }
}

/// In the forked child: every limit, then exec. Returns only on failure.
fn confine_and_exec(
    plan: &Plan,
    argv: &[CString],
    env: &[CString],
    work: &CString,
) -> (&'static str, i32) {
    let fail = |step: &'static str| (step, Errno::last() as i32);
    // SAFETY: system calls on descriptors and values this child owns.
    unsafe {
        if libc::setpgid(0, 0) != 0 {
            return fail("setpgid");
        }
        if plan.mode == Mode::Landlock {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        }
        if plan.mode == Mode::Namespaces && unshare(CloneFlags::CLONE_NEWIPC).is_err() {
            return fail("a private IPC namespace");
        }
        // Standard streams in place; the program file at 3 for a script.
        let exe = plan.exe.as_raw_fd();
        let moved_exe = libc::fcntl(exe, libc::F_DUPFD_CLOEXEC, 10);
        if moved_exe < 0 {
            return fail("dup");
        }
        for (target, fd) in plan.fds.iter().enumerate() {
            if libc::dup2(fd.as_raw_fd(), target as RawFd) < 0 {
                return fail("dup2");
            }
        }
        if plan.script && libc::dup2(moved_exe, SCRIPT_FD) < 0 {
            return fail("dup2");
        }
        // Only 0, 1, 2 (and a script's file) reach the program: one call
        // marks every other descriptor close-on-exec.
        let first: u32 = if plan.script { 4 } else { 3 };
        libc::syscall(
            libc::SYS_close_range,
            first,
            u32::MAX,
            libc::CLOSE_RANGE_CLOEXEC,
        );
        if libc::chdir(work.as_ptr()) != 0 {
            return fail("chdir to the run directory");
        }
        let limit = |res, n: u64| {
            let l = libc::rlimit {
                rlim_cur: n,
                rlim_max: n,
            };
            libc::setrlimit(res, &l)
        };
        if plan.memory > 0 && limit(libc::RLIMIT_AS, plan.memory) != 0 {
            return fail("the memory limit");
        }
        limit(libc::RLIMIT_CORE, 0);
        // A runaway program fills no disk: 64 MiB per file.
        limit(libc::RLIMIT_FSIZE, 64 << 20);
    }
    if let Err(e) = super::confine::landlock(plan.mode, plan.work, plan.exe.as_fd()) {
        return ("Landlock", e);
    }
    if plan.mode == Mode::Namespaces {
        super::confine::drop_capabilities();
    }
    let exe_fd = if plan.script { SCRIPT_FD } else { -1 };
    let fd = if exe_fd >= 0 {
        // SAFETY: descriptor 3 was just made the program file.
        unsafe { BorrowedFd::borrow_raw(exe_fd) }
    } else {
        plan.exe.as_fd()
    };
    let mut none: libc::sigset_t = unsafe { std::mem::zeroed() };
    // SAFETY: an empty signal mask and default SIGPIPE for the program.
    unsafe {
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
    let e =
        nix::unistd::execveat(fd, c"", argv, env, nix::fcntl::AtFlags::AT_EMPTY_PATH).unwrap_err();
    ("exec", e as i32)
}
