//! The directories programs run in: one root per grader, one directory per
//! run at a time, emptied after each run and lent again.
//!
//! Making and removing a directory for every run cost about 0.1 ms on ext4,
//! a tenth of a short program's run; emptying a directory that holds one
//! file costs a tenth of that. Every run still starts in an empty directory.

use std::io;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A sandbox helper serving one run directory, kept with it between runs.
#[cfg(target_os = "linux")]
pub type Helper = crate::Helper;
#[cfg(not(target_os = "linux"))]
pub struct Helper;

pub struct Workspace {
    root: PathBuf,
    made: AtomicUsize,
    free: Mutex<Vec<(PathBuf, Option<Helper>)>>,
}

/// A directory lent for one run; it is emptied and given back when dropped,
/// with the sandbox helper that serves it.
pub struct Lease<'a> {
    workspace: &'a Workspace,
    dir: PathBuf,
    pub helper: Option<Helper>,
    /// Files were written into the directory (it starts empty).
    written: bool,
}

impl Workspace {
    /// A new root under the system's temporary directory, removed on drop:
    /// in a folder of this user's own (`upcard-UID`, 0700), with a name no
    /// one can guess or plant beforehand (made exclusively, 0700).
    pub fn new() -> io::Result<Workspace> {
        let parent = own_folder(&std::env::temp_dir())?;
        remove_stale(&parent);
        let root = tempfile::Builder::new()
            .prefix(&format!("upcard-grade-{}-", std::process::id()))
            .tempdir_in(&parent)?
            .keep();
        super::live::root_made(&root);
        Ok(Workspace {
            root,
            made: AtomicUsize::new(0),
            free: Mutex::new(Vec::new()),
        })
    }

    /// An empty directory for one run.
    pub fn lease(&self) -> io::Result<Lease<'_>> {
        let reused = self.free.lock().ok().and_then(|mut f| f.pop());
        let (dir, helper) = match reused {
            Some(d) => d,
            None => {
                let d = self
                    .root
                    .join(format!("run-{}", self.made.fetch_add(1, Ordering::Relaxed)));
                std::fs::create_dir(&d)?;
                (d, None)
            }
        };
        Ok(Lease {
            workspace: self,
            dir,
            helper,
            written: false,
        })
    }
}

impl Drop for Workspace {
    fn drop(&mut self) {
        // The helpers first: they have the run directories mounted.
        if let Ok(mut free) = self.free.lock() {
            free.clear();
        }
        super::live::root_removed(&self.root);
        if empty(&self.root).is_ok() {
            let _ = std::fs::remove_dir(&self.root);
        }
    }
}

impl Lease<'_> {
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Writes `name` (one plain file name) into the run directory.
    pub fn write(&mut self, name: &str, bytes: impl AsRef<[u8]>) -> io::Result<()> {
        self.written = true;
        std::fs::write(self.dir.join(name), bytes)
    }

    /// Whether anything was written into the run directory: in the sandbox
    /// PID 1 copies its files to the program's /work only then, sparing
    /// every other run a listing.
    pub fn written(&self) -> bool {
        self.written
    }

    /// An empty directory beside the run directory, for its helper's root.
    pub fn jail(&self) -> PathBuf {
        let name = self
            .dir
            .file_name()
            .map(|n| n.to_string_lossy().replacen("run-", "jail-", 1));
        self.workspace.root.join(name.unwrap_or_default())
    }
}

/// `TMPDIR/upcard-UID`: made 0700 if missing; an existing one must be a
/// real folder of this user's that nobody else can write, or it is not
/// used (a link or another user's folder planted in a shared /tmp).
fn own_folder(tmp: &Path) -> io::Result<PathBuf> {
    use std::os::unix::fs::{DirBuilderExt, MetadataExt, PermissionsExt};
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    let dir = tmp.join(format!("upcard-{uid}"));
    match std::fs::DirBuilder::new().mode(0o700).create(&dir) {
        Ok(()) => return Ok(dir),
        Err(e) if e.kind() == io::ErrorKind::AlreadyExists => {}
        Err(e) => return Err(e),
    }
    let meta = std::fs::symlink_metadata(&dir)?;
    if !meta.file_type().is_dir() || meta.uid() != uid || meta.permissions().mode() & 0o022 != 0 {
        return Err(io::Error::other(format!(
            "{} is not a private folder of this user's (a link, another user's, or writable by others); remove it or set TMPDIR",
            dir.display()
        )));
    }
    Ok(dir)
}

/// Removes the run roots of graders that no longer run (killed outright):
/// only real folders (never through a link) of this user's, in this user's
/// own folder, and only where a process's liveness can be told (`/proc`).
fn remove_stale(parent: &Path) {
    use std::os::unix::fs::MetadataExt;
    if !Path::new("/proc/self").exists() {
        return;
    }
    let Ok(entries) = std::fs::read_dir(parent) else {
        return;
    };
    // SAFETY: getuid cannot fail.
    let uid = unsafe { libc::getuid() };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        let pid = name
            .strip_prefix("upcard-grade-")
            .and_then(|r| r.split('-').next())
            .and_then(|p| p.parse::<u32>().ok());
        let Ok(meta) = std::fs::symlink_metadata(e.path()) else {
            continue;
        };
        if let Some(pid) = pid
            && meta.file_type().is_dir()
            && meta.uid() == uid
            && !Path::new(&format!("/proc/{pid}")).exists()
        {
            let _ = empty(&e.path()).and_then(|()| std::fs::remove_dir(e.path()));
        }
    }
}

/// Removes everything in `dir` (symbolic links themselves, not what they name).
fn empty(dir: &Path) -> io::Result<()> {
    use std::os::unix::fs::PermissionsExt;
    // A program may take the permissions off its own directories; it ran as
    // the grader's user, so the grader can give them back.
    std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let path = entry.path();
        if entry.file_type()?.is_dir() {
            empty(&path)?;
            std::fs::remove_dir(&path)?;
        } else {
            std::fs::remove_file(&path)?;
        }
    }
    Ok(())
}

impl Drop for Lease<'_> {
    fn drop(&mut self) {
        match empty(&self.dir) {
            Ok(()) => {
                if let Ok(mut free) = self.workspace.free.lock() {
                    free.push((std::mem::take(&mut self.dir), self.helper.take()));
                }
            }
            // A program that made its directory unremovable loses it: the
            // next run gets a new one rather than its leftovers.
            Err(_) => {
                let _ = std::fs::remove_dir_all(&self.dir);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_lent_directory_comes_back_empty_and_the_root_goes_with_the_workspace() {
        let ws = Workspace::new().unwrap();
        let root = ws.root.clone();
        let first = {
            let l = ws.lease().unwrap();
            std::fs::write(l.path().join("pack.in"), "x").unwrap();
            std::fs::create_dir_all(l.path().join("sub/deeper")).unwrap();
            std::fs::write(l.path().join("sub/deeper/f"), "y").unwrap();
            std::os::unix::fs::symlink(&root, l.path().join("link")).unwrap();
            // Permissions taken away, as a program could (root ignores them).
            use std::os::unix::fs::PermissionsExt;
            let none = std::fs::Permissions::from_mode(0o000);
            std::fs::set_permissions(l.path().join("sub/deeper"), none).unwrap();
            std::fs::set_permissions(l.path(), std::fs::Permissions::from_mode(0o500)).unwrap();
            l.path().to_path_buf()
        };
        {
            // Two at once: the second is a new directory.
            let a = ws.lease().unwrap();
            let b = ws.lease().unwrap();
            assert_eq!(a.path(), first);
            assert_ne!(b.path(), first);
            assert_eq!(std::fs::read_dir(a.path()).unwrap().count(), 0);
            assert_eq!(std::fs::read_dir(b.path()).unwrap().count(), 0);
        }
        // The symbolic link went, not the root it named.
        assert!(root.is_dir());
        drop(ws);
        assert!(!root.exists());
    }
}
