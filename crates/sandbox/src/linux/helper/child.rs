//! The start of a program: its plan, the child process that confines
//! itself and execs it, and the Landlock rules kept from run to run.

use std::ffi::{CString, OsStr};
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;

use nix::errno::Errno;
use nix::sys::wait::{WaitPidFlag, waitpid};
use nix::unistd::Pid;
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use super::SCRIPT_FD;
use crate::linux::Mode;

/// One run's program and how it is confined.
pub(super) struct Plan<'a> {
    pub(super) mode: Mode,
    pub(super) work: &'a Path,
    pub(super) argv0: &'a str,
    pub(super) args: &'a [String],
    pub(super) memory: u64,
    pub(super) script: bool,
    /// Start the program in an IPC namespace of its own.
    pub(super) new_ipc: bool,
    pub(super) exe: OwnedFd,
    /// `exe` is the helper's sealed copy (program.rs), not the grader's file.
    pub(super) exe_is_copy: bool,
    pub(super) filter: &'a crate::linux::seccomp::Filter,
    pub(super) fds: [OwnedFd; 3],
    /// Entries added to [`ENV`].
    pub(super) env: &'a [String],
}

pub(super) fn cstr(s: &OsStr) -> Result<CString, (String, i32)> {
    CString::new(s.as_bytes()).map_err(|_| ("an argument holds a NUL byte".into(), libc::EINVAL))
}

/// The environment every program gets: the same on every machine.
pub(super) const ENV: [&str; 5] = [
    "PATH=/usr/local/bin:/usr/bin:/bin",
    "HOME=/work",
    "TMPDIR=/tmp",
    "LANG=C",
    "LC_ALL=C",
];

/// What the child reads while it borrows the helper's memory (clone with
/// CLONE_VM | CLONE_VFORK, as posix_spawn does: the helper's fork cost a
/// third of a short run). Everything is prepared before the clone: the
/// child makes system calls only, and reports a failure here.
pub(super) struct ChildPlan {
    namespaces: bool,
    exe: RawFd,
    fds: [RawFd; 3],
    script: bool,
    work: *const libc::c_char,
    argv: *const *const libc::c_char,
    envp: *const *const libc::c_char,
    memory: u64,
    /// A Landlock ruleset made by the helper, -1 when the kernel has none.
    ruleset: RawFd,
    filter: *const crate::linux::seccomp::Filter,
    /// Which step failed (an index into STEPS) and its errno.
    step: AtomicUsize,
    errno: AtomicI32,
}

pub(super) const STEPS: [&str; 9] = [
    "",
    "setpgid",
    "dup",
    "dup2",
    "chdir to the run directory",
    "the memory limit",
    "no_new_privs",
    "Landlock",
    "exec",
];

pub(super) extern "C" fn child(arg: *mut libc::c_void) -> libc::c_int {
    // SAFETY: `arg` is the ChildPlan the helper keeps alive: CLONE_VFORK holds
    // the helper until this process execs or exits.
    let plan = unsafe { &*(arg as *const ChildPlan) };
    let fail = |step: usize| -> libc::c_int {
        plan.errno.store(Errno::last() as i32, Ordering::SeqCst);
        plan.step.store(step, Ordering::SeqCst);
        // SAFETY: ends this process without the helper's exit handlers.
        unsafe { libc::_exit(127) }
    };
    // SAFETY: system calls on values the helper prepared.
    unsafe {
        if libc::setpgid(0, 0) != 0 {
            return fail(1);
        }
        if !plan.namespaces {
            libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL);
        }
        // Standard streams in place; the program file at 3 for a script.
        let moved_exe = libc::fcntl(plan.exe, libc::F_DUPFD_CLOEXEC, 10);
        if moved_exe < 0 {
            return fail(2);
        }
        for (target, &fd) in plan.fds.iter().enumerate() {
            if libc::dup2(fd, target as RawFd) < 0 {
                return fail(3);
            }
        }
        if plan.script && libc::dup2(moved_exe, SCRIPT_FD) < 0 {
            return fail(3);
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
        if libc::chdir(plan.work) != 0 {
            return fail(4);
        }
        let limit = |res, n: u64| {
            let l = libc::rlimit {
                rlim_cur: n,
                rlim_max: n,
            };
            libc::setrlimit(res, &l)
        };
        if plan.memory > 0 && limit(libc::RLIMIT_AS, plan.memory) != 0 {
            return fail(5);
        }
        limit(libc::RLIMIT_CORE, 0);
        // A runaway program fills no disk: 64 MiB per file.
        limit(libc::RLIMIT_FSIZE, 64 << 20);
        if libc::prctl(libc::PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 {
            return fail(6);
        }
        // Where the kernel has no seccomp filters the other walls still
        // hold; what this one adds stays open (seccomp.rs).
        (*plan.filter).install();
        if plan.ruleset >= 0
            && libc::syscall(libc::SYS_landlock_restrict_self, plan.ruleset, 0u32) != 0
        {
            return fail(7);
        }
        // Root of its namespace, or a root grader's user without them: no
        // capabilities either way (none to drop for an ordinary user).
        crate::linux::confine::drop_capabilities();
        // An empty signal mask and default SIGPIPE (Rust ignores it) for the program.
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::sigprocmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
        let fd = if plan.script { SCRIPT_FD } else { moved_exe };
        libc::syscall(
            libc::SYS_execveat,
            fd,
            c"".as_ptr(),
            plan.argv,
            plan.envp,
            libc::AT_EMPTY_PATH,
        );
    }
    fail(8)
}

/// The last Landlock ruleset made, for the program file it lets run. A
/// worker runs one program on many scenarios, and making a ruleset takes
/// some thirty system calls; a ruleset is only read when enforced, so one
/// serves many runs. The program's descriptor is kept open with it: while
/// its file is open, no other file can take its inode number.
#[derive(Default)]
pub(super) struct Rules {
    cached: Option<(libc::dev_t, libc::ino_t, OwnedFd, Option<OwnedFd>)>,
    /// The ruleset for the helper's copies (program.rs): no rule names the
    /// program, as Landlock lets a memory file (on no path) be run.
    for_copies: Option<Option<OwnedFd>>,
}

impl Rules {
    /// Forgets every ruleset: a Landlock rule holds the folder it was made
    /// for, and each run gets new folders (a new space).
    pub(super) fn forget(&mut self) {
        *self = Rules::default();
    }

    /// The ruleset for `plan`'s program (None where the kernel has no Landlock).
    pub(super) fn for_plan(&mut self, plan: &Plan) -> Result<Option<RawFd>, (String, i32)> {
        if plan.exe_is_copy {
            if self.for_copies.is_none() {
                let ruleset = crate::linux::confine::ruleset(plan.mode, plan.work, None)
                    .map_err(|e| ("Landlock".to_string(), e))?;
                self.for_copies = Some(ruleset);
            }
            return Ok(self
                .for_copies
                .as_ref()
                .and_then(|r| r.as_ref().map(|r| r.as_raw_fd())));
        }
        let st = nix::sys::stat::fstat(plan.exe.as_fd())
            .map_err(|e| ("reading the program's file".to_string(), e as i32))?;
        let same =
            matches!(&self.cached, Some((dev, ino, ..)) if *dev == st.st_dev && *ino == st.st_ino);
        if !same {
            let ruleset =
                crate::linux::confine::ruleset(plan.mode, plan.work, Some(plan.exe.as_fd()))
                    .map_err(|e| ("Landlock".to_string(), e))?;
            let exe = plan.exe.try_clone().map_err(|e| {
                (
                    "keeping the program's file".to_string(),
                    e.raw_os_error().unwrap_or(0),
                )
            })?;
            self.cached = Some((st.st_dev, st.st_ino, exe, ruleset));
        }
        Ok(self
            .cached
            .as_ref()
            .and_then(|(.., r)| r.as_ref().map(|r| r.as_raw_fd())))
    }
}

/// Starts the program; returns its pid once it has reached `execve`, or the
/// step that failed and its errno.
pub(super) fn start(
    plan: Plan,
    rules: &mut Rules,
    stack: &mut [u128],
) -> Result<Pid, (String, i32)> {
    let mut owned = vec![cstr(OsStr::new(plan.argv0))?];
    for a in plan.args {
        owned.push(cstr(OsStr::new(a))?);
    }
    let mut argv: Vec<*const libc::c_char> = owned.iter().map(|c| c.as_ptr()).collect();
    argv.push(std::ptr::null());
    let mut env: Vec<CString> = ENV.iter().map(|e| CString::new(*e).unwrap()).collect();
    for e in plan.env {
        env.push(cstr(OsStr::new(e))?);
    }
    let mut envp: Vec<*const libc::c_char> = env.iter().map(|c| c.as_ptr()).collect();
    envp.push(std::ptr::null());
    let work = cstr(plan.work.as_os_str())?;
    let ruleset = rules.for_plan(&plan)?;
    let cp = ChildPlan {
        namespaces: plan.mode == Mode::Namespaces,
        exe: plan.exe.as_raw_fd(),
        fds: [
            plan.fds[0].as_raw_fd(),
            plan.fds[1].as_raw_fd(),
            plan.fds[2].as_raw_fd(),
        ],
        script: plan.script,
        work: work.as_ptr(),
        argv: argv.as_ptr(),
        envp: envp.as_ptr(),
        memory: plan.memory,
        ruleset: ruleset.unwrap_or(-1),
        filter: plan.filter,
        step: AtomicUsize::new(0),
        errno: AtomicI32::new(0),
    };
    let ipc = if plan.new_ipc { libc::CLONE_NEWIPC } else { 0 };
    let top = stack.as_mut_ptr_range().end as *mut libc::c_void;
    // SAFETY: the child runs `child` on its own stack in this (single-threaded)
    // process's memory until it execs or exits; CLONE_VFORK suspends us till then.
    let pid = unsafe {
        libc::clone(
            child,
            top,
            libc::CLONE_VM | libc::CLONE_VFORK | ipc | libc::SIGCHLD,
            &cp as *const ChildPlan as *mut libc::c_void,
        )
    };
    if pid < 0 {
        return Err(("clone".into(), Errno::last() as i32));
    }
    let step = cp.step.load(Ordering::SeqCst);
    if step != 0 {
        let _ = waitpid(Pid::from_raw(pid), Some(WaitPidFlag::__WALL));
        return Err((STEPS[step].to_string(), cp.errno.load(Ordering::SeqCst)));
    }
    Ok(Pid::from_raw(pid))
}
