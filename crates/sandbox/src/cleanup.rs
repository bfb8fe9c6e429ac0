//! Folders a process made for untrusted programs (a seat's copy of its
//! bot's folder, a grader's run directories), to be removed however the
//! process ends: when their owner drops them, or, when the process is
//! stopped by a signal, by the handler that calls [`remove_all`] before it
//! exits. Without it SIGTERM or SIGHUP left every `upcard-seat-*` folder.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

static DIRS: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

fn dirs() -> MutexGuard<'static, Vec<PathBuf>> {
    // The list stays consistent whatever a panicking holder was doing.
    DIRS.lock().unwrap_or_else(|e| e.into_inner())
}

/// `dir` is removed by [`remove_all`] until [`forget`] is called for it.
pub fn track(dir: &Path) {
    dirs().push(dir.to_path_buf());
}

/// Its owner removes `dir` itself (or already has).
pub fn forget(dir: &Path) {
    dirs().retain(|d| d != dir);
}

/// Removes every folder still tracked (never following a link in it).
pub fn remove_all() {
    for d in dirs().drain(..) {
        let _ = std::fs::remove_dir_all(d);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tracked_folder_goes_and_a_forgotten_one_stays() {
        let base = std::env::temp_dir().join(format!("upcard-cleanup-{}", std::process::id()));
        let (a, b) = (base.join("a"), base.join("b"));
        std::fs::create_dir_all(a.join("deep")).unwrap();
        std::fs::create_dir_all(&b).unwrap();
        track(&a);
        track(&b);
        forget(&b);
        remove_all();
        assert!(!a.exists());
        assert!(b.exists());
        std::fs::remove_dir_all(&base).unwrap();
    }
}
