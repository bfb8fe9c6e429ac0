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
//! each program is confined by Landlock in its own process group.

use std::ffi::{CString, OsStr};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd, RawFd};
use std::os::unix::ffi::OsStrExt;
use std::path::{Path, PathBuf};

use nix::errno::Errno;
use nix::sched::{CloneFlags, unshare};
use nix::sys::signal::{Signal, kill};
use nix::sys::wait::{WaitPidFlag, WaitStatus, waitpid};
use nix::unistd::{ForkResult, Pid, fork};
use std::sync::atomic::{AtomicI32, AtomicUsize, Ordering};

use super::Mode;
use super::program::Program;
use super::space::{WORK, free_inodes, reset_space, space_full};
use super::wire::{FromHelper, Received, ToHelper, recv, send};

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
            serve(mode, &work, Ipc::Shared, None)
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
                    serve(Mode::Namespaces, Path::new(WORK), ipc, Some(inputs))
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
fn serve(mode: Mode, work: &Path, ipc: Ipc, inputs: Option<std::fs::File>) -> i32 {
    let mut rules = Rules::default();
    // The child only makes system calls: 64 KiB of stack is ample. Made
    // once: zeroing it for every run was a measurable part of a short run.
    let mut stack = vec![0u128; 4096];
    // Dropped once here, so a program's start drops only its own
    // capabilities: the bounding set is inherited, and PID 1 never execs.
    super::confine::drop_bounding_set();
    let space = Space::new(mode, ipc, inputs.as_ref());
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
        let copied = match place_files(inputs.as_ref(), copy_dir, &files, work) {
            Ok(names) => names,
            Err(e) => {
                not_started("copying the run's files into the sandbox", &e);
                continue;
            }
        };
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
            Mode::Namespaces => space.after(status, collect.as_deref(), &copied),
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

/// The run's files put where the program finds them: with namespaces the
/// grader's run directory copied into /work (if asked) and the scenario's
/// files written there; without, the files written into the run directory.
/// The names of what was copied in.
fn place_files(
    inputs: Option<&std::fs::File>,
    copy_dir: bool,
    files: &[(String, String)],
    work: &Path,
) -> std::io::Result<Vec<std::ffi::OsString>> {
    match inputs {
        Some(dir) => {
            let mut names = if copy_dir {
                copy_inputs(dir, Path::new(WORK))?
            } else {
                Vec::new()
            };
            for (name, text) in files {
                write_input(Path::new(WORK), name, text.as_bytes())?;
                names.push(name.into());
            }
            Ok(names)
        }
        // Without namespaces the program runs in the run directory.
        None => files
            .iter()
            .try_for_each(|(name, text)| write_input(work, name, text.as_bytes()))
            .map(|()| Vec::new()),
    }
}

/// The worker's writable space and IPC namespace, with namespaces.
struct Space<'a> {
    /// The grader's run directory (an output to collect goes there).
    inputs: Option<&'a std::fs::File>,
    ipc: Ipc,
    no_queues: Option<u64>,
    /// The space's free inodes when empty.
    empty: Option<u64>,
}

impl<'a> Space<'a> {
    fn new(mode: Mode, ipc: Ipc, inputs: Option<&'a std::fs::File>) -> Space<'a> {
        // The writable space's free inodes when it is empty (namespaces): the
        // most it can ever have, so a run that leaves it so left nothing.
        let empty = (mode == Mode::Namespaces)
            .then(|| free_inodes(Path::new(WORK)))
            .flatten();
        let no_queues = (ipc == Ipc::Emptied).then(queues_size).flatten();
        if mode == Mode::Namespaces {
            // The folders' times as every later run finds them: the first run
            // is not told apart by them.
            reset_space(&[], empty);
        }
        Space {
            inputs,
            ipc,
            no_queues,
            empty,
        }
    }

    /// With namespaces the run's writable space is checked and emptied
    /// (what it wrote is nobody's) before the grader hears of the end:
    /// one message, and the grader never waits for a second. A space that
    /// cannot be emptied gets the next run a new helper.
    fn after(
        &self,
        status: i32,
        collect: Option<&str>,
        copied: &[std::ffi::OsString],
    ) -> FromHelper {
        let disk_full = space_full(Path::new(WORK));
        if let (Some(name), Some(dir)) = (collect, self.inputs) {
            collect_output(Path::new(WORK), name, dir);
        }
        // The run's IPC objects go too (no process of it is left).
        if self.ipc == Ipc::Emptied {
            empty_ipc(self.no_queues);
        }
        let clean = reset_space(copied, self.empty);
        FromHelper::Exited {
            status,
            disk_full,
            clean,
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

/// The PID namespace's last process ID, set before each run so every
/// program is process 2 and its children 3, 4…: an ID that grew with each
/// run would count the runs before it (and carry a number from one run to
/// the next). PID 1 is root in the namespace's user namespace, which may.
struct LastPid(std::fs::File);

impl LastPid {
    fn open() -> Option<LastPid> {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/proc/sys/kernel/ns_last_pid")
            .ok()
            .map(LastPid)
    }

    fn reset(&self) {
        use std::os::unix::fs::FileExt;
        let _ = self.0.write_at(b"1", 0);
    }
}

/// Removes every System V object and POSIX message queue in this IPC
/// namespace. Every process of the last run is dead and reaped, so nothing
/// is attached; PID 1 is root of the namespace's user namespace and may.
fn empty_ipc(no_queues: Option<u64>) {
    if ipc_objects() == 0 && no_queues.is_some_and(|n| queues_size() == Some(n)) {
        return;
    }
    for file in [
        "/proc/sysvipc/shm",
        "/proc/sysvipc/sem",
        "/proc/sysvipc/msg",
    ] {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        // A header line, then one object a line: its key, then its id.
        let ids = text
            .lines()
            .skip(1)
            .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok());
        for id in ids {
            // SAFETY: IPC_RMID on an id of this namespace; no buffer is read.
            unsafe {
                match file {
                    "/proc/sysvipc/shm" => libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()),
                    "/proc/sysvipc/sem" => libc::semctl(id, 0, libc::IPC_RMID),
                    _ => libc::msgctl(id, libc::IPC_RMID, std::ptr::null_mut()),
                };
            }
        }
    }
    super::space::empty_dir(Path::new("/dev/mqueue"));
}

/// How many System V objects this IPC namespace holds, by the kernel's own
/// counts (one call each, no file read): almost every run leaves none.
fn ipc_objects() -> i64 {
    // The kernel's `struct shm_info`, `struct seminfo` and `struct msginfo`
    // (their *_INFO forms): the counts of objects in use. Written here: the
    // libc crate has no shm_info, and seminfo for glibc only (musl builds).
    #[repr(C)]
    #[derive(Default)]
    struct ShmInfo {
        used_ids: libc::c_int,
        shm_tot: libc::c_ulong,
        shm_rss: libc::c_ulong,
        shm_swp: libc::c_ulong,
        swap_attempts: libc::c_ulong,
        swap_successes: libc::c_ulong,
    }
    #[repr(C)]
    #[derive(Default)]
    struct SemInfo {
        semmap: libc::c_int,
        semmni: libc::c_int,
        semmns: libc::c_int,
        semmnu: libc::c_int,
        semmsl: libc::c_int,
        semopm: libc::c_int,
        semume: libc::c_int,
        semusz: libc::c_int,
        semvmx: libc::c_int,
        semaem: libc::c_int,
    }
    #[repr(C)]
    #[derive(Default)]
    struct MsgInfo {
        msgpool: libc::c_int,
        msgmap: libc::c_int,
        msgmax: libc::c_int,
        msgmnb: libc::c_int,
        msgmni: libc::c_int,
        msgssz: libc::c_int,
        msgtql: libc::c_int,
        msgseg: libc::c_ushort,
    }
    const SHM_INFO: libc::c_int = 14;
    const SEM_INFO: libc::c_int = 19;
    const MSG_INFO: libc::c_int = 12;
    let (mut shm, mut sem, mut msg) = (ShmInfo::default(), SemInfo::default(), MsgInfo::default());
    // SAFETY: each call fills the struct it is given (the kernel's layout);
    // a failure leaves a count of -1, which is not 0.
    unsafe {
        if libc::shmctl(0, SHM_INFO, (&raw mut shm).cast()) < 0 {
            shm.used_ids = -1;
        }
        if libc::semctl(0, 0, SEM_INFO, &raw mut sem) < 0 {
            sem.semusz = -1;
        }
        if libc::msgctl(0, MSG_INFO, (&raw mut msg).cast()) < 0 {
            msg.msgpool = -1;
        }
    }
    i64::from(shm.used_ids).abs() + i64::from(sem.semusz).abs() + i64::from(msg.msgpool).abs()
}

/// The size of /dev/mqueue: the kernel adds a fixed amount for each queue
/// and takes it away when the queue goes, so the size it has with no queue
/// (read when the namespace is new) says it holds none without a listing.
/// (It is not 0 when empty: 40 bytes here.)
fn queues_size() -> Option<u64> {
    std::fs::metadata("/dev/mqueue").ok().map(|m| m.len())
}

/// Copies the regular files of the grader's run directory (the pack, the
/// save file the scenario names) into the program's `work`.
/// Returns their names.
fn copy_inputs(from: &std::fs::File, work: &Path) -> std::io::Result<Vec<std::ffi::OsString>> {
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::ffi::OsStrExt;
    let dir = nix::dir::Dir::openat(
        from.as_fd(),
        ".",
        nix::fcntl::OFlag::O_RDONLY | nix::fcntl::OFlag::O_DIRECTORY | nix::fcntl::OFlag::O_CLOEXEC,
        nix::sys::stat::Mode::empty(),
    )?;
    let mut names = Vec::new();
    for entry in dir.into_iter() {
        let entry = entry?;
        let name = entry.file_name();
        if entry.file_type() != Some(nix::dir::Type::File) {
            continue;
        }
        let fd = nix::fcntl::openat(
            from.as_fd(),
            name,
            nix::fcntl::OFlag::O_RDONLY
                | nix::fcntl::OFlag::O_NOFOLLOW
                | nix::fcntl::OFlag::O_CLOEXEC,
            nix::sys::stat::Mode::empty(),
        )?;
        let mut bytes = Vec::new();
        std::fs::File::from(fd).read_to_end(&mut bytes)?;
        let name = std::ffi::OsStr::from_bytes(name.to_bytes());
        std::fs::write(work.join(name), bytes)?;
        names.push(name.to_os_string());
    }
    Ok(names)
}

/// Writes a run's file into `dir`: one plain path component only (the
/// owner checked the name; this keeps the helper from writing elsewhere
/// whatever it is sent), never through a link a program left.
fn write_input(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut parts = Path::new(name).components();
    let plain = matches!(parts.next(), Some(std::path::Component::Normal(_)))
        && parts.next().is_none()
        && !name.contains('/')
        && !name.chars().any(char::is_control);
    if !plain {
        return Err(std::io::Error::from_raw_os_error(libc::EINVAL));
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(dir.join(name))?
        .write_all(bytes)
}

/// Copies `work/name`, a regular file the run made, into the grader's run
/// directory (`to`), for the grader to take (a build's program). Anything
/// else under that name (a link, a folder) is left: the grader then finds
/// no program.
fn collect_output(work: &Path, name: &str, to: &std::fs::File) {
    use std::io::Write;
    use std::os::fd::AsFd;
    if name.contains('/') || name.starts_with('.') {
        return;
    }
    let from = work.join(name);
    let Ok(meta) = std::fs::symlink_metadata(&from) else {
        return;
    };
    if !meta.file_type().is_file() {
        return;
    }
    let Ok(bytes) = std::fs::read(&from) else {
        return;
    };
    let Ok(fd) = nix::fcntl::openat(
        to.as_fd(),
        name,
        nix::fcntl::OFlag::O_WRONLY
            | nix::fcntl::OFlag::O_CREAT
            | nix::fcntl::OFlag::O_TRUNC
            | nix::fcntl::OFlag::O_NOFOLLOW
            | nix::fcntl::OFlag::O_CLOEXEC,
        nix::sys::stat::Mode::from_bits_truncate(0o755),
    ) else {
        return;
    };
    let _ = std::fs::File::from(fd).write_all(&bytes);
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
fn has_children(pid: Pid, program: &mut i32) -> bool {
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
    /// Start the program in an IPC namespace of its own.
    new_ipc: bool,
    exe: OwnedFd,
    /// `exe` is the helper's sealed copy (program.rs), not the grader's file.
    exe_is_copy: bool,
    filter: &'a super::seccomp::Filter,
    fds: [OwnedFd; 3],
    /// Entries added to [`ENV`].
    env: &'a [String],
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

/// What the child reads while it borrows the helper's memory (clone with
/// CLONE_VM | CLONE_VFORK, as posix_spawn does: the helper's fork cost a
/// third of a short run). Everything is prepared before the clone: the
/// child makes system calls only, and reports a failure here.
struct ChildPlan {
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
    filter: *const super::seccomp::Filter,
    /// Which step failed (an index into STEPS) and its errno.
    step: AtomicUsize,
    errno: AtomicI32,
}

const STEPS: [&str; 9] = [
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

extern "C" fn child(arg: *mut libc::c_void) -> libc::c_int {
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
        super::confine::drop_capabilities();
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
struct Rules {
    cached: Option<(libc::dev_t, libc::ino_t, OwnedFd, Option<OwnedFd>)>,
    /// The ruleset for the helper's copies (program.rs): no rule names the
    /// program, as Landlock lets a memory file (on no path) be run.
    for_copies: Option<Option<OwnedFd>>,
}

impl Rules {
    /// The ruleset for `plan`'s program (None where the kernel has no Landlock).
    fn for_plan(&mut self, plan: &Plan) -> Result<Option<RawFd>, (String, i32)> {
        if plan.exe_is_copy {
            if self.for_copies.is_none() {
                let ruleset = super::confine::ruleset(plan.mode, plan.work, None)
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
            let ruleset = super::confine::ruleset(plan.mode, plan.work, Some(plan.exe.as_fd()))
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
fn start(plan: Plan, rules: &mut Rules, stack: &mut [u128]) -> Result<Pid, (String, i32)> {
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
