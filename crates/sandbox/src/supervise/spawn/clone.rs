//! Linux: what glibc's `posix_spawn` does, plus the limits. `clone` with
//! `CLONE_VM | CLONE_VFORK` lets the child borrow the grader's memory until
//! `execve`; the child sets the process group, pipes, directory, parent-death
//! signal and `RLIMIT_AS` there, so the limit is in force before the program
//! runs. (`Command::pre_exec` would fork the whole grader instead: 0.25 ms
//! more per run on a 1 ms program. prlimit after the start would leave the
//! program a moment without its limit.)

use std::ffi::{CString, OsStr};
use std::fs::File;
use std::io;
use std::os::fd::{AsRawFd, FromRawFd, OwnedFd};
use std::os::raw::{c_char, c_int, c_void};
use std::os::unix::ffi::OsStrExt;
use std::path::Path;
use std::sync::atomic::{AtomicI32, Ordering};

use super::Spawned;

unsafe extern "C" {
    static environ: *const *const c_char;
}

/// What the child reads and writes while it shares the grader's memory.
/// Everything is prepared before `clone`: the child must not allocate or lock.
struct ChildPlan {
    path: *const c_char,
    argv: *const *const c_char,
    envp: *const *const c_char,
    dir: *const c_char,
    /// The child's ends: stdin, stdout, stderr.
    fds: [c_int; 3],
    memory: u64,
    /// The grader's pid, to tell whether it died before the death signal was set.
    parent: libc::pid_t,
    /// errno of the step that failed, 0 when `execve` succeeded.
    error: AtomicI32,
}

fn cstring(s: &OsStr) -> io::Result<CString> {
    CString::new(s.as_bytes()).map_err(|_| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!("{s:?} contains a NUL byte"),
        )
    })
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let mut fds = [0 as c_int; 2];
    // SAFETY: pipe2 fills two descriptors; O_CLOEXEC keeps them out of other
    // programs the grader starts at the same time on other threads.
    if unsafe { libc::pipe2(fds.as_mut_ptr(), libc::O_CLOEXEC) } != 0 {
        return Err(io::Error::last_os_error());
    }
    // SAFETY: both descriptors are new and owned only here.
    Ok(unsafe { (OwnedFd::from_raw_fd(fds[0]), OwnedFd::from_raw_fd(fds[1])) })
}

/// Runs in the child, on its own stack, in the grader's address space, with
/// every signal blocked, until `execve` replaces it. Only system calls here.
extern "C" fn child(arg: *mut c_void) -> c_int {
    // SAFETY: `arg` is the ChildPlan the parent keeps alive: CLONE_VFORK
    // holds the parent until this process execs or exits.
    let plan = unsafe { &*(arg as *const ChildPlan) };
    let fail = || -> c_int {
        // SAFETY: errno belongs to the suspended parent thread; reading it is fine.
        let e = unsafe { *libc::__errno_location() };
        plan.error
            .store(if e == 0 { libc::EINVAL } else { e }, Ordering::SeqCst);
        // SAFETY: _exit ends this process without running the parent's exit handlers.
        unsafe { libc::_exit(127) }
    };
    // SAFETY: plain system calls on values prepared by the parent.
    unsafe {
        // A handler of the grader's must never run here (it would run on the
        // grader's memory): every handled signal goes back to its default, as
        // does SIGPIPE, which Rust programs ignore and exec would keep ignored.
        for sig in 1..65 {
            if sig == libc::SIGKILL || sig == libc::SIGSTOP {
                continue;
            }
            let mut old: libc::sigaction = std::mem::zeroed();
            if libc::sigaction(sig, std::ptr::null(), &mut old) != 0 {
                continue;
            }
            let handler = old.sa_sigaction;
            if handler != libc::SIG_DFL && (handler != libc::SIG_IGN || sig == libc::SIGPIPE) {
                let mut dfl: libc::sigaction = std::mem::zeroed();
                dfl.sa_sigaction = libc::SIG_DFL;
                libc::sigaction(sig, &dfl, std::ptr::null_mut());
            }
        }
        if libc::setpgid(0, 0) != 0 {
            return fail();
        }
        // If the grader dies, even by SIGKILL, the program goes with it.
        if libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGKILL) != 0 {
            return fail();
        }
        if libc::getppid() != plan.parent {
            libc::_exit(127);
        }
        for (target, &fd) in plan.fds.iter().enumerate() {
            let target = target as c_int;
            if fd == target {
                // Already in place: dup2 would keep its close-on-exec flag.
                if libc::fcntl(fd, libc::F_SETFD, 0) != 0 {
                    return fail();
                }
            } else if libc::dup2(fd, target) < 0 {
                return fail();
            }
        }
        if libc::chdir(plan.dir) != 0 {
            return fail();
        }
        if plan.memory > 0 {
            let lim = libc::rlimit {
                rlim_cur: plan.memory as libc::rlim_t,
                rlim_max: plan.memory as libc::rlim_t,
            };
            if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                return fail();
            }
        }
        let mut none: libc::sigset_t = std::mem::zeroed();
        libc::sigemptyset(&mut none);
        libc::pthread_sigmask(libc::SIG_SETMASK, &none, std::ptr::null_mut());
        libc::execve(plan.path, plan.argv, plan.envp);
    }
    fail()
}

/// See [`super::spawn`].
pub fn spawn(
    exe: &Path,
    argv0: &str,
    args: &[String],
    env: &[String],
    dir: &Path,
    memory: u64,
) -> io::Result<Spawned> {
    let path = cstring(exe.as_os_str())?;
    // The grader's own environment, and `env` after it when there is any.
    let extra: Vec<CString> = env
        .iter()
        .map(|e| cstring(OsStr::new(e)))
        .collect::<io::Result<_>>()?;
    let mut envp: Vec<*const c_char> = Vec::new();
    if !extra.is_empty() {
        // SAFETY: the grader never changes its environment while grading;
        // `environ` is a null-terminated array of C strings.
        unsafe {
            let mut p = environ;
            while !(*p).is_null() {
                envp.push(*p);
                p = p.add(1);
            }
        }
        envp.extend(extra.iter().map(|c| c.as_ptr()));
        envp.push(std::ptr::null());
    }
    let dir = cstring(dir.as_os_str())?;
    let mut owned = vec![cstring(OsStr::new(argv0))?];
    for a in args {
        owned.push(cstring(OsStr::new(a))?);
    }
    let mut argv: Vec<*const c_char> = owned.iter().map(|c| c.as_ptr()).collect();
    argv.push(std::ptr::null());
    let (in_r, in_w) = pipe()?;
    let (out_r, out_w) = pipe()?;
    let (err_r, err_w) = pipe()?;
    let plan = ChildPlan {
        path: path.as_ptr(),
        argv: argv.as_ptr(),
        envp: if envp.is_empty() {
            // SAFETY: the grader never changes its environment while grading.
            unsafe { environ }
        } else {
            envp.as_ptr()
        },
        dir: dir.as_ptr(),
        fds: [in_r.as_raw_fd(), out_w.as_raw_fd(), err_w.as_raw_fd()],
        memory,
        // SAFETY: getpid cannot fail.
        parent: unsafe { libc::getpid() },
        error: AtomicI32::new(0),
    };
    // The child's stack: it only makes system calls, 64 KiB is ample.
    let mut stack = vec![0u128; 4096];
    let top = stack.as_mut_ptr_range().end as *mut c_void;
    // SAFETY: all signals are blocked around clone so that none is handled
    // in the child before it resets the handlers; the parent's mask is put back.
    let pid = unsafe {
        let mut all: libc::sigset_t = std::mem::zeroed();
        let mut old: libc::sigset_t = std::mem::zeroed();
        libc::sigfillset(&mut all);
        libc::pthread_sigmask(libc::SIG_SETMASK, &all, &mut old);
        let pid = libc::clone(
            child,
            top,
            libc::CLONE_VM | libc::CLONE_VFORK | libc::SIGCHLD,
            &plan as *const ChildPlan as *mut c_void,
        );
        let e = io::Error::last_os_error();
        libc::pthread_sigmask(libc::SIG_SETMASK, &old, std::ptr::null_mut());
        if pid < 0 {
            return Err(e);
        }
        pid
    };
    drop((in_r, out_w, err_w));
    let error = plan.error.load(Ordering::SeqCst);
    let mut spawned = Spawned::new(
        pid as u32,
        File::from(in_w),
        File::from(out_r),
        File::from(err_r),
    );
    if error != 0 {
        let _ = spawned.wait();
        return Err(io::Error::from_raw_os_error(error));
    }
    Ok(spawned)
}
