//! A submission's files read as data: a file is opened without following a
//! link (a `Card_tests.cpp` that links to `/proc/self/environ`, a token or
//! a golden is refused, never read and quoted back in a compiler error),
//! only a regular file is read (a FIFO would block the grader), and no
//! more than a bound (a sparse 2 GiB header costs nothing to make and
//! would cost the grader 2 GiB of memory). What goes wrong is that
//! student's verdict, said with the file's name.

use std::collections::BTreeMap;
use std::fmt;
use std::io::Read;
use std::path::Path;

/// Why a file of a submission was not read.
#[derive(Debug)]
pub enum Refused {
    /// A symbolic link: links are not followed.
    Link,
    /// A folder, device, FIFO or socket where a file was wanted.
    NotAFile,
    /// Larger than the bound (its size, the bound).
    TooLarge(u64, u64),
    Io(std::io::Error),
}

impl fmt::Display for Refused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refused::Link => write!(
                f,
                "is a symbolic link: links are not followed (only the submission's own files are read)"
            ),
            Refused::NotAFile => write!(f, "is not a regular file"),
            Refused::TooLarge(size, max) => write!(
                f,
                "is {} bytes: a source file may hold at most {} bytes",
                size, max
            ),
            Refused::Io(e) => write!(f, "cannot be read: {e}"),
        }
    }
}

/// Whether `path` itself is a symbolic link (which is not followed).
pub fn is_link(path: &Path) -> bool {
    std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink())
}

/// What a submission's refused link says, naming it.
pub fn link_refused(path: &Path) -> String {
    format!(
        "{} is a symbolic link: links are not followed",
        path.display()
    )
}

/// The bytes of `path`, a regular file of at most `max` bytes, opened
/// without following a link.
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, Refused> {
    use std::os::unix::fs::OpenOptionsExt;
    let file = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK)
        .open(path)
        .map_err(|e| match e.raw_os_error() {
            Some(libc::ELOOP) => Refused::Link,
            _ => Refused::Io(e),
        })?;
    let meta = file.metadata().map_err(Refused::Io)?;
    if !meta.file_type().is_file() {
        return Err(Refused::NotAFile);
    }
    if meta.len() > max {
        return Err(Refused::TooLarge(meta.len(), max));
    }
    // The size was read before the bytes: a file that grows meanwhile is
    // still cut at the bound.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    file.take(max + 1)
        .read_to_end(&mut bytes)
        .map_err(Refused::Io)?;
    if bytes.len() as u64 > max {
        return Err(Refused::TooLarge(bytes.len() as u64, max));
    }
    Ok(bytes)
}

/// What is read of one folder: a source file, and all its sources.
const MAX_SOURCE: u64 = 1 << 20;
const MAX_SOURCES: u64 = 8 << 20;

/// A flat folder's C++ source files, by name, read as data: a link,
/// a file over 1 MiB or sources over 8 MiB in all are refused, with the
/// file's name. Read in name order, so the same file is named every time.
pub fn read_sources(dir: &Path) -> Result<BTreeMap<String, Vec<u8>>, String> {
    if is_link(dir) {
        return Err("the folder is a symbolic link: links are not followed".into());
    }
    let mut entries: Vec<std::fs::DirEntry> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .flatten()
        .collect();
    entries.sort_by_key(|e| e.file_name());
    let mut files = BTreeMap::new();
    let mut total = 0;
    for e in entries {
        let Some(name) = e.file_name().to_str().map(str::to_string) else {
            continue;
        };
        // Sources alone: a folder may hold what was built from them too.
        const SOURCES: [&str; 10] = [
            "cpp", "cc", "cxx", "hpp", "h", "hh", "hxx", "tpp", "ipp", "inc",
        ];
        let ext = name.rsplit_once('.').map_or("", |x| x.1);
        if !SOURCES.contains(&ext) || e.file_type().is_ok_and(|t| t.is_dir()) {
            continue;
        }
        let bytes = read_file(&e.path(), MAX_SOURCE).map_err(|why| format!("{name} {why}"))?;
        total += bytes.len() as u64;
        if total > MAX_SOURCES {
            return Err(format!(
                "its source files come to more than {} MiB: not a submission's sources",
                MAX_SOURCES >> 20
            ));
        }
        files.insert(name, bytes);
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_link_a_fifo_and_a_sparse_giant_are_refused_a_file_is_read() {
        let dir = tempfile::tempdir().unwrap();
        let p = |n: &str| dir.path().join(n);
        std::fs::write(p("ok.h"), "int x;\n").unwrap();
        std::os::unix::fs::symlink("/etc/hostname", p("link.h")).unwrap();
        let big = std::fs::File::create(p("big.h")).unwrap();
        big.set_len(2 << 30).unwrap();
        std::fs::create_dir(p("dir.h")).unwrap();
        let fifo = std::ffi::CString::new(p("fifo.h").to_str().unwrap()).unwrap();
        // SAFETY: a NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(fifo.as_ptr(), 0o600) }, 0);
        assert_eq!(read_file(&p("ok.h"), 100).unwrap(), b"int x;\n");
        let refused = |n: &str| read_file(&p(n), 1 << 20).unwrap_err().to_string();
        assert_eq!(
            refused("link.h"),
            "is a symbolic link: links are not followed (only the submission's own files are read)"
        );
        assert_eq!(
            refused("big.h"),
            "is 2147483648 bytes: a source file may hold at most 1048576 bytes"
        );
        assert_eq!(refused("dir.h"), "is not a regular file");
        assert_eq!(refused("fifo.h"), "is not a regular file");
        assert!(refused("missing.h").starts_with("cannot be read: "));
    }
}
