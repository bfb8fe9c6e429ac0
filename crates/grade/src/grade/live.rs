//! What a grader has running and on disk, so that an interrupted grader
//! leaves nothing behind. Student programs run in process groups of their
//! own, out of reach of the terminal's Ctrl-C: when the grader is stopped by
//! SIGINT, SIGTERM or SIGHUP, it kills those groups and removes its run
//! directories before it exits. (If the grader dies by SIGKILL, each program
//! still gets SIGKILL from the kernel: `spawn` sets its parent-death signal.)

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

static GROUPS: Mutex<BTreeSet<u32>> = Mutex::new(BTreeSet::new());
static ROOTS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    // The sets stay consistent whatever a panicking holder was doing.
    m.lock().unwrap_or_else(|e| e.into_inner())
}

pub(crate) fn group_started(pgid: u32) {
    lock(&GROUPS).insert(pgid);
}

pub(crate) fn group_ended(pgid: u32) {
    lock(&GROUPS).remove(&pgid);
}

pub(crate) fn root_made(root: &Path) {
    lock(&ROOTS).push(root.to_path_buf());
}

pub(crate) fn root_removed(root: &Path) {
    lock(&ROOTS).retain(|r| r != root);
}

/// Kills every running program's group and removes the run directories;
/// returns how many programs were running.
pub fn stop_everything() -> usize {
    let groups = lock(&GROUPS);
    for &g in groups.iter() {
        // SAFETY: killpg only sends a signal; these groups are unreaped children's.
        unsafe {
            libc::killpg(g as libc::pid_t, libc::SIGKILL);
        }
    }
    for root in lock(&ROOTS).iter() {
        let _ = std::fs::remove_dir_all(root);
    }
    // The seats' folders (arena, tournament, play and serve with programs).
    upcard_sandbox::cleanup::remove_all();
    groups.len()
}

/// From now on SIGINT, SIGTERM and SIGHUP stop everything, say so on
/// standard error, and end the process with 128 + the signal's number.
pub fn stop_everything_on_signals() -> std::io::Result<()> {
    // Held while installing, so that two callers cannot both install.
    static INSTALLED: Mutex<bool> = Mutex::new(false);
    let mut installed = lock(&INSTALLED);
    if *installed {
        return Ok(());
    }
    let mut signals =
        signal_hook::iterator::Signals::new([libc::SIGINT, libc::SIGTERM, libc::SIGHUP])?;
    std::thread::Builder::new()
        .name("upcard-signals".into())
        .spawn(move || {
            if let Some(sig) = signals.forever().next() {
                let n = stop_everything();
                eprintln!(
                    "upcard: stopped by {}; killed {n} running program{}",
                    super::signal_name(sig),
                    if n == 1 { "" } else { "s" }
                );
                std::process::exit(128 + sig);
            }
        })?;
    *installed = true;
    Ok(())
}
