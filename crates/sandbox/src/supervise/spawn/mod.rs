//! Starting a student program with its limits already in force: its own
//! process group, piped standard streams, its directory, an address-space
//! limit. On Linux by `clone` (fast, see clone.rs); elsewhere by
//! `std::process::Command` with a `pre_exec` hook.

#[cfg(target_os = "linux")]
mod clone;
#[cfg(not(target_os = "linux"))]
mod command;

use std::fs::File;
use std::io;
use std::os::raw::c_int;
use std::os::unix::process::ExitStatusExt;
use std::path::Path;
use std::process::ExitStatus;

/// A started program: its pid (also its process group) and the grader's ends
/// of its three pipes. Dropping it before it is reaped kills the group and reaps.
pub struct Spawned {
    pub pid: u32,
    pub stdin: Option<File>,
    pub stdout: Option<File>,
    pub stderr: Option<File>,
    reaped: bool,
}

/// Starts `exe` (a path; not looked up in PATH) as `argv0 args...` in `dir`,
/// in a process group of its own, with piped standard streams and, when
/// `memory` is not 0, an address-space limit of `memory` bytes.
pub fn spawn(
    exe: &Path,
    argv0: &str,
    args: &[String],
    env: &[String],
    dir: &Path,
    memory: u64,
) -> io::Result<Spawned> {
    // The program starts in `dir`: a relative path must not be read from there.
    let exe = std::path::absolute(exe)?;
    #[cfg(target_os = "linux")]
    return clone::spawn(&exe, argv0, args, env, dir, memory);
    #[cfg(not(target_os = "linux"))]
    return command::spawn(&exe, argv0, args, env, dir, memory);
}

impl Spawned {
    fn new(pid: u32, stdin: File, stdout: File, stderr: File) -> Spawned {
        super::live::group_started(pid);
        Spawned {
            pid,
            stdin: Some(stdin),
            stdout: Some(stdout),
            stderr: Some(stderr),
            reaped: false,
        }
    }

    fn reap(&mut self, flags: c_int) -> io::Result<Option<ExitStatus>> {
        if self.reaped {
            return Err(io::Error::other("the program was already waited for"));
        }
        let mut status: c_int = 0;
        loop {
            // SAFETY: waitpid on our own unreaped child.
            let r = unsafe { libc::waitpid(self.pid as libc::pid_t, &mut status, flags) };
            if r == 0 {
                return Ok(None);
            }
            if r > 0 {
                self.reaped = true;
                super::live::group_ended(self.pid);
                return Ok(Some(ExitStatus::from_raw(status)));
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }

    /// The exit status if the program has ended, without waiting.
    pub fn try_wait(&mut self) -> io::Result<Option<ExitStatus>> {
        self.reap(libc::WNOHANG)
    }

    pub fn wait(&mut self) -> io::Result<ExitStatus> {
        self.reap(0)?
            .ok_or_else(|| io::Error::other("waitpid returned without a status"))
    }
}

impl Drop for Spawned {
    fn drop(&mut self) {
        if !self.reaped {
            // SAFETY: the group is this unreaped child's, so its id is not reused.
            unsafe {
                libc::killpg(self.pid as libc::pid_t, libc::SIGKILL);
            }
            let _ = self.wait();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::io::Read;

    fn sh(script: &str, dir: &Path, memory: u64) -> (String, ExitStatus) {
        let mut p = spawn(
            Path::new("/bin/sh"),
            "./euchre",
            &["-c".into(), script.into()],
            &[],
            dir,
            memory,
        )
        .unwrap();
        drop(p.stdin.take());
        let mut out = String::new();
        p.stdout.take().unwrap().read_to_string(&mut out).unwrap();
        (out, p.wait().unwrap())
    }

    #[test]
    #[cfg(target_os = "linux")] // /proc
    fn the_program_starts_in_its_directory_group_and_limits() {
        let dir = std::env::temp_dir();
        let (out, st) = sh(
            "echo \"$0\"; pwd; ps -o pgid= -p $$ | tr -d ' '; echo $$; ulimit -v; \
             grep -E '^Sig(Blk|Ign)' /proc/self/status",
            &dir,
            1 << 30,
        );
        assert!(st.success());
        let lines: Vec<&str> = out.lines().collect();
        assert_eq!(lines[0], "./euchre");
        assert_eq!(Path::new(lines[1]), dir.canonicalize().unwrap());
        // Its own process group.
        assert_eq!(lines[2], lines[3]);
        // ulimit -v is in KiB.
        assert_eq!(lines[4], (1u64 << 20).to_string());
        // No signal blocked; SIGPIPE, which the grader ignores, not ignored.
        assert_eq!(lines[5], "SigBlk:\t0000000000000000");
        let ignored = u64::from_str_radix(lines[6].trim_start_matches("SigIgn:\t"), 16).unwrap();
        assert_eq!(ignored & (1 << (libc::SIGPIPE - 1)), 0, "{}", lines[6]);
    }

    #[test]
    fn sigpipe_is_not_inherited_as_ignored() {
        let (_, st) = sh("kill -PIPE $$; echo survived", &std::env::temp_dir(), 0);
        assert_eq!(st.signal(), Some(libc::SIGPIPE));
    }

    #[test]
    fn failures_to_start_say_why() {
        let tmp = std::env::temp_dir();
        let err = |exe: &Path, dir: &Path| {
            spawn(exe, "x", &[], &[], dir, 0)
                .err()
                .map(|e| e.raw_os_error())
                .unwrap()
        };
        assert_eq!(err(Path::new("/no/such/program"), &tmp), Some(libc::ENOENT));
        let not_exec = tmp.join(format!("upcard-spawn-{}", std::process::id()));
        std::fs::write(&not_exec, "data").unwrap();
        assert_eq!(err(&not_exec, &tmp), Some(libc::EACCES));
        std::fs::remove_file(&not_exec).unwrap();
        assert_eq!(
            err(Path::new("/bin/sh"), Path::new("/no/such/dir")),
            Some(libc::ENOENT)
        );
        let nul = spawn(Path::new("/bin/sh"), "a\0b", &[], &[], &tmp, 0)
            .err()
            .unwrap();
        assert_eq!(nul.kind(), io::ErrorKind::InvalidInput);
    }
}
