//! Reading an input file (a pack, a save file, a scenario, standard input
//! for a scenario, a golden) with bounds: only regular files, only up to a
//! size, and text that is UTF-8, or an error at the line and column of the
//! first byte that is not; and writing a file whole or not at all.

use std::fmt;
use std::io::Read;
use std::path::Path;

use super::ParseError;

/// The most upcard reads of a pack, save file, scenario or input file.
pub const MAX_INPUT: u64 = 1 << 20;
/// The most upcard reads of a golden transcript.
pub const MAX_GOLDEN: u64 = 64 << 20;

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ReadError {
    /// The file could not be opened or read (the OS's words).
    Io(std::io::ErrorKind, String),
    /// A FIFO, device, directory or socket: reading it could block forever
    /// or never end.
    NotRegular(&'static str),
    TooLarge {
        size: u64,
        max: u64,
    },
    /// Not UTF-8: where and what.
    NotText(ParseError),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(_, e) => write!(f, "{e}"),
            ReadError::NotRegular(kind) => write!(f, "is {kind}, not a regular file"),
            ReadError::TooLarge { size, max } => {
                write!(f, "is {size} bytes; upcard reads at most {max}")
            }
            ReadError::NotText(e) => write!(f, "{e}"),
        }
    }
}

fn kind_of(ft: std::fs::FileType) -> &'static str {
    use std::os::unix::fs::FileTypeExt;
    if ft.is_dir() {
        "a directory"
    } else if ft.is_fifo() {
        "a FIFO"
    } else if ft.is_char_device() {
        "a character device"
    } else if ft.is_block_device() {
        "a block device"
    } else if ft.is_socket() {
        "a socket"
    } else {
        "not a regular file"
    }
}

/// The bytes of `path`, if it is a regular file of at most `max` bytes.
pub fn read_bytes(path: &Path, max: u64) -> Result<Vec<u8>, ReadError> {
    use std::os::unix::fs::OpenOptionsExt;
    let io = |e: std::io::Error| ReadError::Io(e.kind(), e.to_string());
    // Opening a FIFO for reading waits for a writer: O_NONBLOCK does not.
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
        .map_err(io)?;
    let meta = f.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(ReadError::NotRegular(kind_of(meta.file_type())));
    }
    if meta.len() > max {
        return Err(ReadError::TooLarge {
            size: meta.len(),
            max,
        });
    }
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    // The file may grow while it is read: never past the bound.
    f.take(max + 1).read_to_end(&mut bytes).map_err(io)?;
    if bytes.len() as u64 > max {
        return Err(ReadError::TooLarge {
            size: bytes.len() as u64,
            max,
        });
    }
    Ok(bytes)
}

/// `bytes` as text, or an error at the line and column of the first byte
/// that is not UTF-8 (`file` names it).
pub fn utf8(file: &str, bytes: Vec<u8>) -> Result<String, ParseError> {
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        let bytes = e.into_bytes();
        // The valid prefix is text, and positions count in it.
        let prefix = std::str::from_utf8(&bytes[..at]).unwrap_or_default();
        ParseError::at(
            file,
            prefix,
            at,
            format!("byte 0x{:02x} is not UTF-8 text", bytes[at]),
        )
    })
}

/// The text of `path`: a regular file of at most `max` bytes, in UTF-8.
pub fn read_text(path: &Path, max: u64) -> Result<String, ReadError> {
    let bytes = read_bytes(path, max)?;
    utf8(&path.display().to_string(), bytes).map_err(ReadError::NotText)
}

/// Writes `bytes` to `path` whole or not at all: a temporary file beside it
/// (created with O_EXCL under a random name by `tempfile`, so a planted
/// symbolic link is never followed), synced, then renamed over `path`.
/// Temporary files left by a bless that was killed are removed first.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    let dir = path.parent().unwrap_or(Path::new("."));
    let dir = if dir.as_os_str().is_empty() {
        Path::new(".")
    } else {
        dir
    };
    std::fs::create_dir_all(dir)?;
    remove_stale_temporaries(dir);
    let name = path
        .file_name()
        .map_or("golden".into(), |n| n.to_string_lossy().into_owned());
    let prefix = format!(".{name}.upcard-{}-", std::process::id());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    // A new file gets the mode any program's would (0666 less the umask), a
    // replaced one keeps its own; tempfile's default, 0600, would hide
    // reports and goldens from the rest of a course's staff.
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir)?;
    if let Ok(old) = std::fs::metadata(path) {
        tmp.as_file().set_permissions(old.permissions())?;
    }
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// `.NAME.upcard-PID[-…].tmp` files whose writer (PID) is no longer running.
fn remove_stale_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if !(name.starts_with('.') && name.ends_with(".tmp")) {
            continue;
        }
        let pid = name
            .rsplit_once(".upcard-")
            .map(|(_, rest)| rest.trim_end_matches(".tmp"))
            .and_then(|rest| rest.split('-').next())
            .and_then(|p| p.parse::<u32>().ok());
        if let Some(pid) = pid
            && pid != std::process::id()
            && !Path::new(&format!("/proc/{pid}")).exists()
            && e.file_type().is_ok_and(|t| t.is_file())
        {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tmp(name: &str) -> std::path::PathBuf {
        let d = std::env::temp_dir().join(format!("upcard-file-{}", std::process::id()));
        std::fs::create_dir_all(&d).unwrap();
        d.join(name)
    }

    #[test]
    fn only_bounded_regular_utf8_files_are_read() {
        assert_eq!(
            read_bytes(Path::new("/dev/zero"), 10),
            Err(ReadError::NotRegular("a character device"))
        );
        assert_eq!(
            read_bytes(Path::new("/"), 10),
            Err(ReadError::NotRegular("a directory"))
        );
        let fifo = tmp("fifo");
        let _ = std::fs::remove_file(&fifo);
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: mkfifo on a path this test owns.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        assert_eq!(read_bytes(&fifo, 10), Err(ReadError::NotRegular("a FIFO")));
        let big = tmp("big");
        std::fs::write(&big, [b'x'; 11]).unwrap();
        assert_eq!(
            read_bytes(&big, 10).unwrap_err().to_string(),
            "is 11 bytes; upcard reads at most 10"
        );
        let bad = tmp("bad");
        std::fs::write(&bad, b"9S TS\nJH \xff QS").unwrap();
        assert_eq!(
            read_text(&bad, 100).unwrap_err().to_string(),
            format!("{}:2:4: byte 0xff is not UTF-8 text", bad.display())
        );
        std::fs::remove_dir_all(bad.parent().unwrap()).unwrap();
    }
}
