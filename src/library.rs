//! The bundled scenario library inside the binary: `scenarios/` and
//! `golden/` of the source tree, embedded at build time, so that an
//! installed `upcard` grades with no checkout beside it. `upcard run` and
//! `upcard grade` given no path use `./scenarios` when there is one, else
//! this library, unpacked once into the user's cache folder (scenarios and
//! goldens are read as files: packs and saves are found beside them);
//! `upcard scenarios export DIR` writes it out for a TA to read and extend.

use std::path::{Path, PathBuf};

use include_dir::{Dir, include_dir};

static SCENARIOS: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/scenarios");
static GOLDEN: Dir<'static> = include_dir!("$CARGO_MANIFEST_DIR/golden");

/// The two folders, as they sit side by side in a project.
fn folders() -> [(&'static str, &'static Dir<'static>); 2] {
    [("scenarios", &SCENARIOS), ("golden", &GOLDEN)]
}

/// Every embedded file: its path in the project and its bytes, in order.
fn files() -> Vec<(PathBuf, &'static [u8])> {
    fn walk(dir: &'static Dir<'static>, top: &str, out: &mut Vec<(PathBuf, &'static [u8])>) {
        for f in dir.files() {
            out.push((Path::new(top).join(f.path()), f.contents()));
        }
        for d in dir.dirs() {
            walk(d, top, out);
        }
    }
    let mut out = Vec::new();
    for (top, dir) in folders() {
        walk(dir, top, &mut out);
    }
    out.sort();
    out
}

/// How many scenario files the library holds.
pub fn scenario_count() -> usize {
    files()
        .iter()
        .filter(|(p, _)| p.starts_with("scenarios") && p.extension().is_some_and(|e| e == "yaml"))
        .count()
}

/// Writes the library into `dest` (made if missing): `dest/scenarios` and
/// `dest/golden`. Refuses, writing nothing, when either exists already: a
/// TA's edited library is never overwritten. Returns the files written.
pub fn export(dest: &Path) -> Result<usize, String> {
    for (top, _) in folders() {
        let p = dest.join(top);
        if std::fs::symlink_metadata(&p).is_ok() {
            return Err(format!(
                "{} exists: export writes a new library and overwrites none (choose another folder)",
                p.display()
            ));
        }
    }
    write_all(dest)
}

fn write_all(dest: &Path) -> Result<usize, String> {
    let files = files();
    for (path, bytes) in &files {
        let target = dest.join(path);
        if let Some(parent) = target.parent() {
            std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
        }
        std::fs::write(&target, bytes).map_err(|e| format!("{}: {e}", target.display()))?;
    }
    Ok(files.len())
}

/// A name for this build's library: the version and a hash of its files,
/// so that a cache folder never holds another build's scenarios.
fn fingerprint() -> String {
    // FNV-1a: stable across runs and builds, unlike std's hasher.
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for (path, bytes) in files() {
        for b in path
            .to_string_lossy()
            .bytes()
            .chain([0])
            .chain(bytes.iter().copied())
        {
            h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }
    format!("{}-{h:016x}", env!("CARGO_PKG_VERSION"))
}

/// Where the library is unpacked: the user's cache folder
/// (`$XDG_CACHE_HOME`, else `~/.cache`), never a shared temporary folder
/// another user could have prepared.
fn cache_root() -> Result<PathBuf, String> {
    let base = std::env::var_os("XDG_CACHE_HOME")
        .filter(|v| Path::new(v).is_absolute())
        .map(PathBuf::from)
        .or_else(|| {
            std::env::var_os("HOME")
                .filter(|v| Path::new(v).is_absolute())
                .map(|h| Path::new(&h).join(".cache"))
        })
        .ok_or(
            "no HOME or XDG_CACHE_HOME to unpack the bundled scenarios into: \
             `upcard scenarios export DIR` writes them out, then give DIR/scenarios",
        )?;
    Ok(base
        .join("upcard")
        .join(format!("library-{}", fingerprint())))
}

/// The library a command given no scenario path grades with: `./scenarios`
/// when there is one (None), else the bundled library's project folder.
pub fn unless_here() -> Result<Option<PathBuf>, String> {
    if Path::new("scenarios").exists() {
        return Ok(None);
    }
    unpacked().map(Some)
}

/// The bundled library's project folder (holding `scenarios/` and
/// `golden/`), unpacked once for this build: written beside it first and
/// renamed into place, so that a run never reads a half-written library.
pub fn unpacked() -> Result<PathBuf, String> {
    let root = cache_root()?;
    if root.join("scenarios").is_dir() {
        return Ok(root);
    }
    let parent = root.parent().expect("a cache folder has a parent");
    std::fs::create_dir_all(parent).map_err(|e| format!("{}: {e}", parent.display()))?;
    let fresh = tempfile::Builder::new()
        .prefix(".library-")
        .tempdir_in(parent)
        .map_err(|e| format!("{}: {e}", parent.display()))?;
    write_all(fresh.path())?;
    let fresh = fresh.keep();
    if let Err(e) = std::fs::rename(&fresh, &root) {
        let _ = std::fs::remove_dir_all(&fresh);
        // Another upcard unpacked it meanwhile: theirs is as good.
        if !root.join("scenarios").is_dir() {
            return Err(format!("{}: {e}", root.display()));
        }
    }
    Ok(root)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn export_writes_every_file_and_overwrites_nothing() {
        let t = tempfile::tempdir().unwrap();
        let n = export(t.path()).unwrap();
        assert_eq!(n, files().len());
        let march = std::fs::read(t.path().join("scenarios/eecs280/march.yaml")).unwrap();
        assert_eq!(
            march,
            std::fs::read(
                Path::new(env!("CARGO_MANIFEST_DIR")).join("scenarios/eecs280/march.yaml")
            )
            .unwrap()
        );
        std::fs::write(t.path().join("scenarios/eecs280/march.yaml"), "edited").unwrap();
        let e = export(t.path()).unwrap_err();
        assert!(e.ends_with("scenarios exists: export writes a new library and overwrites none (choose another folder)"), "{e}");
        assert_eq!(
            std::fs::read(t.path().join("scenarios/eecs280/march.yaml")).unwrap(),
            b"edited"
        );
    }
}
