//! The sandbox on Linux, where it exists (see the crate's page).

mod cgroup;
mod confine;
mod helper;
mod jail;
mod program;
mod seccomp;
mod space;
mod wire;

use std::borrow::BorrowMut;
use std::ffi::CString;
use std::fs::File;
use std::io;
use std::os::fd::{AsFd, AsRawFd, OwnedFd, RawFd};
use std::os::unix::process::{CommandExt, ExitStatusExt};
use std::path::{Path, PathBuf};
use std::process::{Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

use nix::sys::socket::{AddressFamily, SockFlag, SockType, socketpair};

pub use cgroup::Cgroup;

/// The system's programs and libraries, which every sandbox shows
/// read-only (as the same links, where /bin is /usr/bin): one list for the
/// file system the namespaces build, Landlock's rules, and the seats that
/// look a program up on `PATH`.
pub const SYSTEM_DIRS: [&str; 7] = [
    "/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32",
];
pub use confine::landlock_available;
pub use helper::main as helper_main;
use wire::{FromHelper, Received, ToHelper, recv, send};

/// The first argument that makes `upcard` a sandbox helper.
pub const HELPER_ARG: &str = "__sandbox-helper";

/// Which wall holds the programs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    Namespaces,
    Landlock,
}

impl Mode {
    fn arg(self) -> &'static str {
        match self {
            Mode::Namespaces => "namespaces",
            Mode::Landlock => "landlock",
        }
    }
}

/// How the helper is started and the limits of every run it serves.
#[derive(Clone, Debug)]
pub struct Settings {
    /// The upcard binary (it runs as the helper).
    pub helper: PathBuf,
    pub mode: Mode,
    /// Memory of a whole run, all its processes together (0: no limit).
    pub memory: u64,
    pub processes: u32,
    /// With namespaces, what a run may write in all (/work, /tmp, /dev/shm
    /// together), in bytes; 0: the kernel's default for a tmpfs.
    pub disk: u64,
    /// CPUs the whole run may use at once (a CFS quota), 0 for no bound:
    /// a bot at a table that keeps processes spinning spends its own share,
    /// not its opponent's time. Where the machine gives no CPU controller
    /// to the grader, there is none (said nowhere: the other limits hold).
    pub cpus: u32,
}

/// A running helper, ready for runs in one directory.
pub struct Helper {
    process: std::process::Child,
    sock: OwnedFd,
    cgroup: Option<Cgroup>,
    /// Why there is no control group, when there is none.
    no_cgroup: Option<String>,
    jail: PathBuf,
    /// The helper stopped answering or died: start a new one.
    broken: bool,
    /// The control group's count of processes killed for memory, as last read.
    oom_seen: u64,
}

fn pipe() -> io::Result<(OwnedFd, OwnedFd)> {
    let (r, w) = nix::unistd::pipe2(nix::fcntl::OFlag::O_CLOEXEC)?;
    Ok((r, w))
}

/// Makes the helper's empty `jail` (or takes one left empty), never its
/// parent: the parent is the caller's folder, which a signal's handler may
/// just have removed, and made again here it was left behind when the
/// process exited.
fn make_jail(jail: &Path) -> Result<(), String> {
    match std::fs::create_dir(jail) {
        Err(e)
            if e.kind() == io::ErrorKind::AlreadyExists
                && jail.symlink_metadata().is_ok_and(|m| m.is_dir()) =>
        {
            Ok(())
        }
        made => made.map_err(|e| format!("{}: {e}", jail.display())),
    }
}

/// Waits up to `limit` for `fd` to be readable.
fn readable(fd: RawFd, limit: Duration) -> bool {
    let mut p = libc::pollfd {
        fd,
        events: libc::POLLIN,
        revents: 0,
    };
    let ms = limit.as_millis().min(i32::MAX as u128) as i32;
    // SAFETY: one live pollfd.
    unsafe { libc::poll(&mut p, 1, ms) > 0 }
}

impl Helper {
    /// Starts a helper whose programs run in `work`; `jail` is an empty
    /// directory it mounts the sandbox's root on (in its own namespace).
    pub fn start(s: &Settings, work: &Path, jail: &Path) -> Result<Helper, String> {
        make_jail(jail)?;
        let (mine, theirs) = socketpair(
            AddressFamily::Unix,
            SockType::SeqPacket,
            None,
            SockFlag::SOCK_CLOEXEC,
        )
        .map_err(|e| format!("socketpair: {e}"))?;
        // The whole run's memory: the program's limit plus room for the helper.
        let cgroup = Cgroup::new(
            if s.memory > 0 {
                s.memory + (64 << 20)
            } else {
                0
            },
            s.processes,
            s.cpus,
        );
        let procs: Vec<CString> = cgroup.as_ref().map_or(Vec::new(), Cgroup::procs_files);
        let theirs_fd = theirs.as_raw_fd();
        let mut cmd = Command::new(&s.helper);
        cmd.arg(HELPER_ARG)
            .arg(s.mode.arg())
            .arg(work)
            .arg(jail)
            .arg(std::process::id().to_string())
            .arg(s.disk.to_string())
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null());
        // SAFETY: only async-signal-safe calls between fork and exec: the
        // helper joins the control group before it can start anything, and
        // gets the socket as descriptor 3.
        unsafe {
            cmd.pre_exec(move || {
                for p in &procs {
                    let fd = libc::open(p.as_ptr(), libc::O_WRONLY | libc::O_CLOEXEC);
                    if fd < 0 || libc::write(fd, c"0".as_ptr().cast(), 1) != 1 {
                        return Err(io::Error::last_os_error());
                    }
                    libc::close(fd);
                }
                if libc::dup2(theirs_fd, 3) < 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
        let process = cmd.spawn().map_err(|e| {
            format!(
                "cannot start the sandbox helper {}: {e}",
                s.helper.display()
            )
        })?;
        drop(theirs);
        let mut h = Helper {
            process,
            sock: mine,
            no_cgroup: cgroup.as_ref().err().cloned(),
            cgroup: cgroup.ok(),
            jail: jail.to_path_buf(),
            broken: false,
            oom_seen: 0,
        };
        if !readable(h.sock.as_raw_fd(), Duration::from_secs(10)) {
            h.broken = true;
            return Err("the sandbox helper did not answer".into());
        }
        match recv::<FromHelper>(h.sock.as_fd(), false) {
            Ok(Received::Message(FromHelper::Ready, _)) => Ok(h),
            Ok(Received::Message(FromHelper::SetupFailed(why), _)) => {
                h.broken = true;
                Err(why)
            }
            other => {
                h.broken = true;
                Err(format!("the sandbox helper failed to start ({other:?})"))
            }
        }
    }

    /// Whether the helper can serve another run: alive, and the last
    /// run's space emptied.
    pub fn usable(&self) -> bool {
        !self.broken
    }

    /// The address-space limit (RLIMIT_AS) to give each process of a run
    /// limited to `memory` in all: none where the control group bounds
    /// what the run really uses (a cap besides it would stop sanitizer
    /// builds, whose shadow memory reserves terabytes of addresses and uses
    /// little of them), else `memory`, the only bound there is.
    pub fn address_space(&self, memory: u64) -> u64 {
        if self.cgroup.is_some() { 0 } else { memory }
    }

    pub fn pid(&self) -> u32 {
        self.process.id()
    }

    /// Why a run's whole-memory limit cannot be kept, if it cannot.
    pub fn no_cgroup(&self) -> Option<&str> {
        self.no_cgroup.as_deref()
    }

    /// Starts `p` in the sandbox's run directory, with `files` (name, text)
    /// written there; `copy_dir`: and the files of the helper's run
    /// directory (false when the owner knows it holds none).
    pub fn spawn(
        &mut self,
        p: &crate::Program,
        files: &[(String, String)],
        copy_dir: bool,
        memory: u64,
        collect: Option<&str>,
    ) -> io::Result<Sandboxed<&mut Helper>> {
        let pipes = self.send_run(p, files, copy_dir, memory, collect)?;
        Ok(Sandboxed::new(self, pipes))
    }

    /// As [`Helper::spawn`], for a program that owns its helper (a seat's
    /// program at a table: one helper each, so that no two share a space).
    pub fn spawn_owned(mut self, p: &crate::Program, memory: u64) -> io::Result<Sandboxed<Helper>> {
        let pipes = self.send_run(p, &[], true, memory, None)?;
        Ok(Sandboxed::new(self, pipes))
    }

    /// Asks the helper to start `p`; our ends of its standard input,
    /// output and error.
    fn send_run(
        &mut self,
        p: &crate::Program,
        files: &[(String, String)],
        copy_dir: bool,
        memory: u64,
        collect: Option<&str>,
    ) -> io::Result<[File; 3]> {
        let file = File::open(p.exe)?;
        let mut head = [0u8; 2];
        let script =
            nix::sys::uio::pread(&file, &mut head, 0).is_ok_and(|n| n == 2) && &head == b"#!";
        let (in_r, in_w) = pipe()?;
        let (out_r, out_w) = pipe()?;
        let (err_r, err_w) = pipe()?;
        let msg = ToHelper::Run {
            argv0: p.argv0.to_string(),
            args: p.args.to_vec(),
            memory,
            script,
            collect: collect.map(str::to_string),
            env: p.env.to_vec(),
            files: files.to_vec(),
            copy_dir,
        };
        let fds = [
            file.as_raw_fd(),
            in_r.as_raw_fd(),
            out_w.as_raw_fd(),
            err_w.as_raw_fd(),
        ];
        if let Err(e) = send(self.sock.as_fd(), &msg, &fds) {
            self.broken = true;
            return Err(e);
        }
        drop((file, in_r, out_w, err_w));
        Ok([File::from(in_w), File::from(out_r), File::from(err_r)])
    }
}

/// Starts a helper behind the first wall this machine allows: namespaces,
/// else Landlock alone (`settings.mode` is set to the one used). Returns
/// the helper and, when it fell back to Landlock, why (to tell the user).
/// `UPCARD_SANDBOX=landlock` tries Landlock alone, as on a machine without
/// user namespaces (for tests and for comparison).
pub fn start_first(
    settings: &mut Settings,
    work: &Path,
    jail: &Path,
) -> Result<(Helper, Option<String>), String> {
    settings.mode = Mode::Namespaces;
    let forced = std::env::var("UPCARD_SANDBOX").is_ok_and(|v| v == "landlock");
    let first = if forced {
        Err("namespaces not tried (UPCARD_SANDBOX=landlock)".to_string())
    } else {
        Helper::start(settings, work, jail)
    };
    match first {
        Ok(h) => Ok((h, None)),
        Err(no_ns) if landlock_available() => {
            settings.mode = Mode::Landlock;
            Helper::start(settings, work, jail).map(|h| (h, Some(no_ns)))
        }
        Err(no_ns) => Err(format!("{no_ns}; and no Landlock")),
    }
}

impl Drop for Helper {
    fn drop(&mut self) {
        // Closing the socket ends the helper; it is killed if it lingers.
        // (Replacing our end with /dev/null closes the socket now.)
        let null = File::open("/dev/null").map(OwnedFd::from);
        if let Ok(n) = null {
            self.sock = n;
        }
        let deadline = Instant::now() + Duration::from_millis(500);
        loop {
            match self.process.try_wait() {
                Ok(Some(_)) | Err(_) => break,
                Ok(None) if Instant::now() < deadline && !self.broken => {
                    std::thread::sleep(Duration::from_millis(1));
                }
                Ok(None) => {
                    // SAFETY: the helper's own process group (it set it).
                    unsafe {
                        libc::killpg(self.process.id() as libc::pid_t, libc::SIGKILL);
                    }
                    let _ = self.process.kill();
                    let _ = self.process.wait();
                    break;
                }
            }
        }
        self.cgroup.take();
        let _ = std::fs::remove_dir(&self.jail);
    }
}

/// A program running in a helper's sandbox; `H` is the helper, borrowed
/// (a grading worker's, for one run) or owned (a seat's).
pub struct Sandboxed<H: BorrowMut<Helper>> {
    helper: H,
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
    status: Option<ExitStatus>,
    killed: bool,
    disk_full: bool,
    /// Why the program could not be started, once the helper has said so.
    not_started: Option<io::Error>,
}

impl<H: BorrowMut<Helper>> Sandboxed<H> {
    fn new(helper: H, [stdin, stdout, stderr]: [File; 3]) -> Self {
        Sandboxed {
            helper,
            stdin: Some(stdin),
            stdout: Some(stdout),
            stderr: Some(stderr),
            status: None,
            killed: false,
            disk_full: false,
            not_started: None,
        }
    }

    fn h(&mut self) -> &mut Helper {
        self.helper.borrow_mut()
    }

    /// Readable when the program has ended and everything it started is gone.
    pub fn exit_fd(&self) -> RawFd {
        self.helper.borrow().sock.as_raw_fd()
    }

    fn take_status(&mut self, nonblocking: bool) -> io::Result<Option<ExitStatus>> {
        if let Some(s) = self.status {
            return Ok(Some(s));
        }
        match recv::<FromHelper>(self.h().sock.as_fd(), nonblocking) {
            Ok(Received::Message(
                FromHelper::Exited {
                    status,
                    disk_full,
                    clean,
                },
                _,
            )) => {
                self.disk_full = disk_full;
                // What a program left that cannot be removed gets the next
                // run a new helper, and so a new space.
                self.h().broken |= !clean;
                let st = ExitStatus::from_raw(status);
                self.status = Some(st);
                Ok(Some(st))
            }
            Ok(Received::Message(FromHelper::NotStarted { step, errno }, _)) => {
                let e = io::Error::from_raw_os_error(errno);
                // Exec's own errors read as they would without the sandbox.
                self.not_started = Some(if step == "exec" {
                    e
                } else {
                    io::Error::new(e.kind(), format!("{step} in the sandbox: {e}"))
                });
                let st = ExitStatus::from_raw(libc::W_EXITCODE(127, 0));
                self.status = Some(st);
                Ok(Some(st))
            }
            Ok(Received::Nothing) => Ok(None),
            Ok(_) => {
                self.h().broken = true;
                // The helper is gone: so is everything in its namespaces.
                let st = ExitStatus::from_raw(libc::SIGKILL);
                self.status = Some(st);
                Ok(Some(st))
            }
            Err(e) => {
                self.h().broken = true;
                Err(e)
            }
        }
    }

    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.take_status(true)
    }

    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        // Known already: the helper sends nothing more for this run.
        if let Some(s) = self.status {
            return Ok(s);
        }
        loop {
            if !readable(self.exit_fd(), Duration::from_secs(30)) {
                // A helper that cannot kill its run within 30 s is broken.
                self.h().broken = true;
                return Ok(ExitStatus::from_raw(libc::SIGKILL));
            }
            if let Some(s) = self.take_status(true)? {
                return Ok(s);
            }
        }
    }

    /// Freezes the program and everything it started (its helper's control
    /// group), or thaws them; whether they are so now (false where there
    /// is no cgroup v2 group to freeze).
    pub fn freeze(&mut self, frozen: bool) -> bool {
        self.h().cgroup.as_ref().is_some_and(|g| g.freeze(frozen))
    }

    /// The CPU time the program and everything it started have used (its
    /// helper's control group, the helper's own small share included).
    pub fn cpu_time(&mut self) -> Option<std::time::Duration> {
        self.h().cgroup.as_ref().and_then(Cgroup::cpu_time)
    }

    /// Ends the program and everything it started.
    pub fn kill(&mut self) {
        if self.status.is_none() && !self.killed {
            self.killed = true;
            if send(self.h().sock.as_fd(), &ToHelper::Kill, &[]).is_err() {
                self.h().broken = true;
            }
        }
    }

    /// Why the program could not be started, if the helper said it could
    /// not (known once the run has ended).
    pub fn not_started(&mut self) -> Option<io::Error> {
        self.not_started.take()
    }

    /// Whether the run filled its writable space (`Settings::disk`); known
    /// once it has ended.
    pub fn hit_disk_limit(&self) -> bool {
        self.disk_full
    }

    /// Whether the kernel killed a process of this run for memory. Read
    /// only when a run ended by SIGKILL: the count only grows, so a rise
    /// since the last reading is this run's.
    pub fn hit_memory_limit(&mut self) -> bool {
        let h = self.h();
        let Some(g) = &h.cgroup else {
            return false;
        };
        let now = g.oom_kills();
        let hit = now > h.oom_seen;
        h.oom_seen = now;
        hit
    }
}

impl<H: BorrowMut<Helper>> Drop for Sandboxed<H> {
    fn drop(&mut self) {
        if self.status.is_none() {
            self.kill();
            let _ = self.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::make_jail;

    #[test]
    fn a_jail_is_made_in_its_parent_and_never_makes_the_parent_again() {
        let base = std::env::temp_dir().join(format!("upcard-jail-{}", std::process::id()));
        std::fs::create_dir_all(&base).unwrap();
        let jail = base.join("jail");
        make_jail(&jail).unwrap();
        // One left empty is taken as it is.
        make_jail(&jail).unwrap();
        assert!(jail.is_dir());
        // A link in its place is not a jail.
        std::fs::remove_dir(&jail).unwrap();
        std::os::unix::fs::symlink(&base, &jail).unwrap();
        assert!(make_jail(&jail).is_err());
        std::fs::remove_file(&jail).unwrap();
        // Its parent removed (a signal's handler took the seat's folder):
        // nothing is made.
        let gone = base.join("seat");
        let e = make_jail(&gone.join("jail")).unwrap_err();
        assert!(e.starts_with(&*gone.join("jail").to_string_lossy()), "{e}");
        assert!(!gone.exists());
        std::fs::remove_dir(&base).unwrap();
    }
}
