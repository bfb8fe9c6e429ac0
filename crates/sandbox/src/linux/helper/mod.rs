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
//! no capabilities, a fresh `/tmp`, and no IPC object of an earlier run.
//!
//! Without namespaces (Landlock alone), the helper serves runs itself and
//! each program is confined by Landlock in its own process group.//!
//! Here the helper's start and its loop of runs; beside them the run's files
//! (`files`), what is reset between runs (`reset`), the end of a run
//! (`reap`) and the start of a program (`child`).

mod child;
mod files;
mod reap;
mod reset;

use std::os::fd::{BorrowedFd, OwnedFd, RawFd};
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::sched::{CloneFlags, unshare};
use nix::sys::wait::{WaitStatus, waitpid};
use nix::unistd::{ForkResult, fork};

use super::Mode;
use super::program::Program;
use super::space::WORK;
use super::wire::{FromHelper, Received, ToHelper, recv, send};
use child::{Plan, Rules, start};
use files::place_files;
use reap::watch;
use reset::{LastPid, Space};

/// The socket to the grader is descriptor 3.
const SOCK: RawFd = 3;
/// Standard input, output and error are all a program keeps; with a script,
/// its file too, at this number.
const SCRIPT_FD: RawFd = 3;

fn sock() -> BorrowedFd<'static> {
    // SAFETY: descriptor 3 is the socket, open for the helper's whole life.
    unsafe { BorrowedFd::borrow_raw(SOCK) }
}

/// Entry point: `upcard __sandbox-helper MODE WORK JAIL PARENT DISK`.
pub fn main(args: &[std::ffi::OsString]) -> i32 {
    let [mode, work, jail, parent, disk] = args else {
        return 2;
    };
    let Some(disk) = disk.to_str().and_then(|d| d.parse::<u64>().ok()) else {
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
            serve(mode, &work, Ipc::Shared, None, 0)
        }
        Mode::Namespaces => match enter_namespaces() {
            Err(e) => {
                let _ = send(sock(), &FromHelper::SetupFailed(e), &[]);
                1
            }
            Ok(()) => init_or_wait(&work, &jail, disk),
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
fn init_or_wait(work: &Path, jail: &Path, disk: u64) -> i32 {
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
            match super::jail::build(work, jail, disk) {
                Err(e) => {
                    let _ = send(sock(), &FromHelper::SetupFailed(e), &[]);
                    1
                }
                Ok((ipc_listed, inputs)) => {
                    let _ = nix::unistd::sethostname("upcard-sandbox");
                    let _ = send(sock(), &FromHelper::Ready, &[]);
                    let ipc = if ipc_listed {
                        Ipc::Emptied
                    } else {
                        Ipc::PerRun
                    };
                    serve(Mode::Namespaces, Path::new(WORK), ipc, Some(inputs), disk)
                }
            }
        }
    }
}

/// Serves runs until the grader closes the socket.
/// How one run's IPC objects (System V shared memory, semaphores and
/// message queues; POSIX message queues) are kept from the next run's.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Ipc {
    /// The worker's IPC namespace, emptied before each run: a new namespace
    /// per run cost 60–230 µs here, more than the rest of a run's set-up.
    Emptied,
    /// A new IPC namespace for each run, where PID 1 cannot list the objects.
    PerRun,
    /// Without namespaces: the machine's (Landlock does not cover IPC).
    Shared,
}

/// `inputs`: with namespaces, the grader's run directory, whose files are
/// copied into the program's /work before each run.
fn serve(mode: Mode, work: &Path, ipc: Ipc, inputs: Option<std::fs::File>, disk: u64) -> i32 {
    let mut rules = Rules::default();
    // The child only makes system calls: 64 KiB of stack is ample. Made
    // once: zeroing it for every run was a measurable part of a short run.
    let mut stack = vec![0u128; 4096];
    // Dropped once here, so a program's start drops only its own
    // capabilities: the bounding set is inherited, and PID 1 never execs.
    super::confine::drop_bounding_set();
    let space = Space::new(ipc, inputs.as_ref(), disk);
    let mut program = Program::default();
    let filter = super::seccomp::Filter::new(mode);
    let last_pid = (mode == Mode::Namespaces).then(LastPid::open).flatten();
    loop {
        let (msg, [exe, stdin, stdout, stderr]) = match next_run() {
            Ok(Some(run)) => run,
            Ok(None) => continue,
            Err(code) => return code,
        };
        let ToHelper::Run {
            argv0,
            args,
            memory,
            script,
            collect,
            env,
            files,
            copy_dir,
        } = msg
        else {
            continue;
        };
        let (exe, copy) = match program.load(exe) {
            Ok(loaded) => loaded,
            Err(e) => {
                not_started("copying the program", &e);
                continue;
            }
        };
        if let Err(e) = place_files(inputs.as_ref(), copy_dir, &files, work) {
            not_started("copying the run's files into the sandbox", &e);
            continue;
        }
        let plan = Plan {
            mode,
            work,
            argv0: &argv0,
            args: &args,
            memory,
            script,
            new_ipc: ipc == Ipc::PerRun,
            exe,
            exe_is_copy: copy,
            filter: &filter,
            fds: [stdin, stdout, stderr],
            env: &env,
        };
        if let Some(p) = &last_pid {
            p.reset();
        }
        let pid = match start(plan, &mut rules, &mut stack) {
            Err((step, errno)) => {
                if send(sock(), &FromHelper::NotStarted { step, errno }, &[]).is_err() {
                    return 1;
                }
                continue;
            }
            Ok(pid) => pid,
        };
        let status = watch(mode, pid);
        let reply = match mode {
            Mode::Namespaces => {
                rules.forget();
                space.after(status, collect.as_deref())
            }
            _ => FromHelper::Exited {
                status,
                disk_full: false,
                clean: true,
            },
        };
        if send(sock(), &reply, &[]).is_err() {
            return 1;
        }
    }
}

/// The next message and, for a run, its four descriptors (the program,
/// its standard input, output and error); Err: the grader is gone (0) or
/// the socket failed (1).
fn next_run() -> Result<Option<(ToHelper, [OwnedFd; 4])>, i32> {
    let (msg, fds) = match recv::<ToHelper>(sock(), false) {
        Ok(Received::Message(m, fds)) => (m, fds),
        Ok(_) => return Err(0),
        Err(_) => return Err(1),
    };
    if !matches!(msg, ToHelper::Run { .. }) {
        return Ok(None);
    }
    match <[OwnedFd; 4]>::try_from(fds) {
        Ok(fds) => Ok(Some((msg, fds))),
        Err(_) => {
            let _ = send(
                sock(),
                &FromHelper::NotStarted {
                    step: "receiving the program's descriptors".into(),
                    errno: libc::EINVAL,
                },
                &[],
            );
            Ok(None)
        }
    }
}

/// Tells the grader the run did not start: which step failed, and why.
fn not_started(step: &str, e: &std::io::Error) {
    let msg = FromHelper::NotStarted {
        step: step.into(),
        errno: e.raw_os_error().unwrap_or(libc::EIO),
    };
    let _ = send(sock(), &msg, &[]);
}
