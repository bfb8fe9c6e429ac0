//! The end of a run: the program's exit or the grader's kill, then every
//! process the run started killed and reaped.

use std::os::fd::RawFd;

use nix::errno::Errno;
use nix::sys::signal::{Signal, kill};
use nix::unistd::Pid;

use super::{SOCK, sock};
use crate::linux::Mode;
use crate::linux::wire::{ToHelper, recv};

/// Waits for the program's exit or the grader's `Kill`; then ends
/// everything the program started and returns the program's wait status.
pub(super) fn watch(mode: Mode, pid: Pid) -> i32 {
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

pub(super) fn close(fd: RawFd) {
    if fd >= 0 {
        // SAFETY: a descriptor this process owns.
        unsafe {
            libc::close(fd);
        }
    }
}

/// Kills every process the run started and reaps them; returns the program's
/// wait status if it was still to be reaped.
pub(super) fn end_all(mode: Mode, pid: Pid) -> i32 {
    let mut program = libc::W_EXITCODE(0, libc::SIGKILL);
    match mode {
        // PID 1 kills everything else in its namespace: daemons that left
        // the program's process group and session too.
        // With no child left, nothing is: every process of the namespace
        // descends from PID 1 (orphans come back to it). Sparing kill(-1)
        // spares a walk over every process of the machine.
        Mode::Namespaces => {
            if !has_children(pid, &mut program) {
                return program;
            }
            let _ = kill(Pid::from_raw(-1), Signal::SIGKILL);
        }
        Mode::Landlock => {
            let _ = kill(Pid::from_raw(-pid.as_raw()), Signal::SIGKILL);
        }
    }
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

/// Whether this process has a child that is still running; reaps those
/// that have ended (the program's status into `program`).
pub(super) fn has_children(pid: Pid, program: &mut i32) -> bool {
    loop {
        let mut status = 0;
        // SAFETY: reaping this process's own children, without waiting.
        let r = unsafe { libc::waitpid(-1, &mut status, libc::WNOHANG | libc::__WALL) };
        match r {
            0 => return true,
            r if r == pid.as_raw() => *program = status,
            r if r > 0 => {}
            _ if Errno::last() == Errno::EINTR => {}
            _ => return false,
        }
    }
}

/// This process's children, from /proc.
pub(super) fn children() -> Vec<i32> {
    // SAFETY: getpid cannot fail.
    let me = unsafe { libc::getpid() };
    std::fs::read_to_string(format!("/proc/{me}/task/{me}/children"))
        .unwrap_or_default()
        .split_whitespace()
        .filter_map(|p| p.parse().ok())
        .collect()
}
