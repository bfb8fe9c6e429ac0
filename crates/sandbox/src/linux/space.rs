//! The space a run may write, with namespaces: /work, /tmp and /dev/shm,
//! three folders of one tmpfs. After every run PID 1 replaces it with a new
//! one (jail.rs, `renew_space`): what a run leaves there, or does to the
//! folders (`chmod 0 /work`, a `user.*` attribute on /tmp), would break or
//! speak to the next run, another student's.

use std::path::Path;

/// Where the run directory appears inside the namespaces.
pub const WORK: &str = "/work";

/// Whether the run filled its writable space: under a page of it, or of
/// its files, left.
pub fn space_full(dir: &Path) -> bool {
    match nix::sys::statvfs::statvfs(dir) {
        Ok(v) => {
            let free = v.blocks_available() * v.fragment_size();
            free < 64 << 10 || v.files_available() == 0
        }
        Err(_) => false,
    }
}

/// Removes everything in `dir`, following no symbolic link.
pub fn empty_dir(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let p = e.path();
        match e.file_type() {
            Ok(t) if t.is_dir() => {
                empty_dir(&p);
                let _ = std::fs::remove_dir(&p);
            }
            _ => {
                let _ = std::fs::remove_file(&p);
            }
        }
    }
}
