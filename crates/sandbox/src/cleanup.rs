//! Folders a process made for untrusted programs (a seat's copy of its
//! bot's folder, a grader's run directories), to be removed however the
//! process ends: when their owner drops them, or, when the process is
//! stopped by a signal, by the handler that calls [`remove_all`] before it
//! exits. Without it SIGTERM or SIGHUP left every `upcard-seat-*` folder.

use std::path::{Path, PathBuf};
use std::sync::{Mutex, MutexGuard};

/// The folders to remove, and whether [`remove_all`] has run.
struct Tracked {
    dirs: Vec<PathBuf>,
    closed: bool,
}

static TRACKED: Mutex<Tracked> = Mutex::new(Tracked {
    dirs: Vec::new(),
    closed: false,
});

fn tracked() -> MutexGuard<'static, Tracked> {
    // The list stays consistent whatever a panicking holder was doing.
    TRACKED.lock().unwrap_or_else(|e| e.into_inner())
}

/// Makes a folder with `make` and tracks it in one step, so that a signal
/// cannot come between the two and leave it behind; it is removed by
/// [`remove_all`] until [`forget`] is called for it. Once [`remove_all`]
/// has run (the process is stopping) nothing more is made: a worker still
/// starting a seat then could leave a folder the handler never saw.
pub fn make_tracked<T: AsRef<Path>>(
    make: impl FnOnce() -> std::io::Result<T>,
) -> std::io::Result<T> {
    let mut t = tracked();
    if t.closed {
        return Err(std::io::Error::other("upcard is stopping"));
    }
    let made = make()?;
    t.dirs.push(made.as_ref().to_path_buf());
    Ok(made)
}

/// Its owner removes `dir` itself (or already has).
pub fn forget(dir: &Path) {
    tracked().dirs.retain(|d| d != dir);
}

/// Removes every folder still tracked (never following a link in it), and
/// makes no more.
pub fn remove_all() {
    let mut t = tracked();
    t.closed = true;
    for d in t.dirs.drain(..) {
        // Its owner may be removing it at the same time, or a seat still
        // starting writing into it: what one removal stopped at, the next
        // takes (a fifth of a second at most, then the process exits).
        for _ in 0..10 {
            if std::fs::remove_dir_all(&d).is_ok() || !d.exists() {
                break;
            }
            std::thread::sleep(std::time::Duration::from_millis(20));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tracked_folder_goes_a_forgotten_one_stays_and_then_none_is_made() {
        let base = std::env::temp_dir().join(format!("upcard-cleanup-{}", std::process::id()));
        let (a, b) = (base.join("a"), base.join("b"));
        let make = |d: &PathBuf| {
            let d = d.clone();
            move || std::fs::create_dir_all(d.join("deep")).map(|()| d)
        };
        make_tracked(make(&a)).unwrap();
        make_tracked(make(&b)).unwrap();
        forget(&b);
        remove_all();
        assert!(!a.exists());
        assert!(b.exists());
        // Stopping: nothing more is made.
        let c = base.join("c");
        assert!(make_tracked(make(&c)).is_err());
        assert!(!c.exists());
        std::fs::remove_dir_all(&base).unwrap();
    }
}
