//! The space a run may write, with namespaces: /work, /tmp and /dev/shm,
//! three folders of one tmpfs. PID 1 checks and empties it after every run,
//! and puts the three folders themselves back as they were made: a run
//! may change their mode, times, owner and extended attributes (`chmod 0
//! /work`, a `user.*` attribute on /tmp), and what it leaves there would
//! break or speak to the next run, another student's.

use std::path::Path;

/// Where the run directory appears inside the namespaces.
pub const WORK: &str = "/work";

/// The three folders and the mode each is made with.
pub const FOLDERS: [(&str, u32); 3] = [(WORK, 0o755), ("/tmp", 0o1777), ("/dev/shm", 0o1777)];

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

/// The free inodes of the file system holding `dir`.
pub fn free_inodes(dir: &Path) -> Option<u64> {
    nix::sys::statvfs::statvfs(dir)
        .ok()
        .map(|v| v.files_available())
}

/// Empties /work, /tmp and /dev/shm and puts the three folders back as
/// they were made; whether all of that holds now. A tree
/// too deep to remove is not emptied: the grader then starts a new helper
/// (a new space) for the next run.
///
/// `copied`: the run's input files in /work; `empty`: the space's free
/// inodes when empty. Removing the inputs by name and finding every inode
/// free again proves the three directories empty (every file, folder,
/// link and hard link takes an inode of this tmpfs) without listing them.
pub fn reset_space(copied: &[std::ffi::OsString], empty: Option<u64>) -> bool {
    let emptied = empty_space(copied, empty);
    // After the emptying, whose removals change the folders' times.
    let mut reset = true;
    for (d, mode) in FOLDERS {
        reset &= reset_folder(Path::new(d), mode);
    }
    emptied && reset
}

/// Removes what the run left in the three folders; whether they are empty.
fn empty_space(copied: &[std::ffi::OsString], empty: Option<u64>) -> bool {
    if let Some(empty) = empty {
        for name in copied {
            let _ = std::fs::remove_file(Path::new(WORK).join(name));
        }
        if free_inodes(Path::new(WORK)) == Some(empty) {
            return true;
        }
    }
    let mut clean = true;
    for (d, _) in FOLDERS {
        let dir = Path::new(d);
        if let Ok(entries) = std::fs::read_dir(dir) {
            for e in entries.flatten() {
                let p = e.path();
                let _ = match e.file_type() {
                    Ok(t) if t.is_dir() => std::fs::remove_dir_all(&p),
                    _ => std::fs::remove_file(&p),
                };
            }
        }
        clean &= std::fs::read_dir(dir).is_ok_and(|mut e| e.next().is_none());
    }
    clean
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

/// Puts a folder back as it was made: `mode`, owned by the namespace's
/// root (the grader's user), access and change times at the epoch, no
/// extended attribute (ACLs are attributes too). Never follows a link: the
/// folders are mount points a program cannot replace. Whether it holds now.
pub fn reset_folder(dir: &Path, mode: u32) -> bool {
    use nix::sys::stat::{FchmodatFlags, Mode, UtimensatFlags, fchmodat, utimensat};
    use nix::sys::time::TimeSpec;
    let mut ok = fchmodat(
        nix::fcntl::AT_FDCWD,
        dir,
        Mode::from_bits_truncate(mode),
        FchmodatFlags::FollowSymlink,
    )
    .is_ok();
    ok &= std::os::unix::fs::lchown(dir, Some(0), Some(0)).is_ok();
    let epoch = TimeSpec::new(0, 0);
    ok &= utimensat(
        nix::fcntl::AT_FDCWD,
        dir,
        &epoch,
        &epoch,
        UtimensatFlags::NoFollowSymlink,
    )
    .is_ok();
    ok && clear_xattrs(dir)
}

/// Removes every extended attribute of `path` a program could have set
/// (`user.*`, and `system.*`: ACLs), not following a link; whether none is
/// left. Others (`security.*`, `trusted.*`) need capabilities no program
/// has, and a security module may keep its own there (SELinux labels).
pub fn clear_xattrs(path: &Path) -> bool {
    use std::os::unix::ffi::OsStrExt;
    let Ok(c) = std::ffi::CString::new(path.as_os_str().as_bytes()) else {
        return false;
    };
    let settable = |names: Vec<u8>| -> Vec<Vec<u8>> {
        names
            .split(|&b| b == 0)
            .filter(|n| n.starts_with(b"user.") || n.starts_with(b"system."))
            .map(<[u8]>::to_vec)
            .collect()
    };
    for _ in 0..4 {
        let names = match list_xattrs(&c) {
            Some(n) => settable(n),
            None => return false,
        };
        if names.is_empty() {
            return true;
        }
        for name in names {
            let Ok(n) = std::ffi::CString::new(name) else {
                continue;
            };
            // SAFETY: two NUL-terminated strings.
            unsafe {
                libc::lremovexattr(c.as_ptr(), n.as_ptr());
            }
        }
    }
    list_xattrs(&c).is_some_and(|n| settable(n).is_empty())
}

/// The NUL-separated names of `path`'s extended attributes; None when they
/// cannot be listed. A file system without them has none.
fn list_xattrs(path: &std::ffi::CStr) -> Option<Vec<u8>> {
    let mut buf = vec![0u8; 1024];
    loop {
        // SAFETY: a NUL-terminated path and a buffer of buf.len() bytes.
        let n = unsafe { libc::llistxattr(path.as_ptr(), buf.as_mut_ptr().cast(), buf.len()) };
        if n >= 0 {
            buf.truncate(n as usize);
            return Some(buf);
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::ENOTSUP) => return Some(Vec::new()),
            Some(libc::ERANGE) if buf.len() < 1 << 20 => buf.resize(buf.len() * 4, 0),
            _ => return None,
        }
    }
}
