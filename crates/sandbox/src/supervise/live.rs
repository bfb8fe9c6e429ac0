//! What a grader has running and on disk, so that an interrupted grader
//! leaves nothing behind. Student programs run in process groups of their
//! own, out of reach of the terminal's Ctrl-C: [`stop_everything`] kills
//! those groups and removes its run directories (the binary calls it when
//! SIGINT, SIGTERM or SIGHUP stops it, before it exits). (If the grader dies by SIGKILL, each program
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

pub(super) fn group_started(pgid: u32) {
    lock(&GROUPS).insert(pgid);
}

pub(super) fn group_ended(pgid: u32) {
    lock(&GROUPS).remove(&pgid);
}

pub(super) fn root_made(root: &Path) {
    lock(&ROOTS).push(root.to_path_buf());
}

pub(super) fn root_removed(root: &Path) {
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
    crate::cleanup::remove_all();
    groups.len()
}
