//! Other Unix systems: `std::process::Command`. The limit is set in a
//! `pre_exec` hook, which makes std fork rather than `posix_spawn` (slower,
//! but the limit is still in force before the program runs). There is no
//! parent-death signal here: a grader killed outright leaves its program.

use std::fs::File;
use std::io;
use std::os::fd::OwnedFd;
use std::os::unix::process::CommandExt;
use std::path::Path;
use std::process::{Command, Stdio};

use super::Spawned;

/// See [`super::spawn`].
pub fn spawn(
    exe: &Path,
    argv0: &str,
    args: &[String],
    env: &[String],
    dir: &Path,
    memory: u64,
) -> io::Result<Spawned> {
    let mut cmd = Command::new(exe);
    cmd.arg0(argv0)
        .args(args)
        .envs(env.iter().filter_map(|e| e.split_once('=')))
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0);
    if memory > 0 {
        // SAFETY: setrlimit is async-signal-safe; nothing else runs between fork and exec.
        unsafe {
            cmd.pre_exec(move || {
                let lim = libc::rlimit {
                    rlim_cur: memory as libc::rlim_t,
                    rlim_max: memory as libc::rlim_t,
                };
                if libc::setrlimit(libc::RLIMIT_AS, &lim) != 0 {
                    return Err(io::Error::last_os_error());
                }
                Ok(())
            });
        }
    }
    let mut child = cmd.spawn()?;
    let pipes = (child.stdin.take(), child.stdout.take(), child.stderr.take());
    let (Some(i), Some(o), Some(e)) = pipes else {
        let _ = child.kill();
        let _ = child.wait();
        return Err(io::Error::other("the program's pipes were not made"));
    };
    // std's Child does not reap on drop: Spawned waits for the pid itself.
    Ok(Spawned::new(
        child.id(),
        File::from(OwnedFd::from(i)),
        File::from(OwnedFd::from(o)),
        File::from(OwnedFd::from(e)),
    ))
}
