//! A run's files: put where the program finds them, and a build's program
//! taken back out.

use std::path::Path;

use crate::linux::space::WORK;

/// The run's files put where the program finds them: with namespaces the
/// grader's run directory copied into /work (if asked) and the scenario's
/// files written there; without, the files written into the run directory.
pub(super) fn place_files(
    inputs: Option<&std::fs::File>,
    copy_dir: bool,
    files: &[(String, String)],
    work: &Path,
) -> std::io::Result<()> {
    let dir = match inputs {
        Some(dir) => {
            if copy_dir {
                copy_inputs(dir, Path::new(WORK))?;
            }
            Path::new(WORK)
        }
        // Without namespaces the program runs in the run directory.
        None => work,
    };
    files
        .iter()
        .try_for_each(|(name, text)| write_input(dir, name, text.as_bytes()))
}

/// Copies the regular files of the grader's run directory (the pack, the
/// save file the scenario names) into the program's `work`.
pub(super) fn copy_inputs(from: &std::fs::File, work: &Path) -> std::io::Result<()> {
    use std::io::Read;
    use std::os::fd::AsFd;
    use std::os::unix::ffi::OsStrExt;
    let dir = nix::dir::Dir::openat(
        from.as_fd(),
        ".",
        nix::fcntl::OFlag::O_RDONLY | nix::fcntl::OFlag::O_DIRECTORY | nix::fcntl::OFlag::O_CLOEXEC,
        nix::sys::stat::Mode::empty(),
    )?;
    for entry in dir.into_iter() {
        let entry = entry?;
        let name = entry.file_name();
        if entry.file_type() != Some(nix::dir::Type::File) {
            continue;
        }
        let fd = nix::fcntl::openat(
            from.as_fd(),
            name,
            nix::fcntl::OFlag::O_RDONLY
                | nix::fcntl::OFlag::O_NOFOLLOW
                | nix::fcntl::OFlag::O_CLOEXEC,
            nix::sys::stat::Mode::empty(),
        )?;
        let mut bytes = Vec::new();
        std::fs::File::from(fd).read_to_end(&mut bytes)?;
        let name = std::ffi::OsStr::from_bytes(name.to_bytes());
        std::fs::write(work.join(name), bytes)?;
    }
    Ok(())
}

/// Writes a run's file into `dir`: one plain path component only (the
/// owner checked the name; this keeps the helper from writing elsewhere
/// whatever it is sent), never through a link a program left.
pub(super) fn write_input(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    use std::io::Write;
    use std::os::unix::fs::OpenOptionsExt;
    let mut parts = Path::new(name).components();
    let plain = matches!(parts.next(), Some(std::path::Component::Normal(_)))
        && parts.next().is_none()
        && !name.contains('/')
        && !name.chars().any(char::is_control);
    if !plain {
        return Err(std::io::Error::from_raw_os_error(libc::EINVAL));
    }
    std::fs::OpenOptions::new()
        .write(true)
        .create(true)
        .truncate(true)
        .custom_flags(libc::O_NOFOLLOW)
        .open(dir.join(name))?
        .write_all(bytes)
}

/// Copies `work/name`, a regular file the run made, into the grader's run
/// directory (`to`), for the grader to take (a build's program). Anything
/// else under that name (a link, a folder) is left: the grader then finds
/// no program.
pub(super) fn collect_output(work: &Path, name: &str, to: &std::fs::File) {
    use std::io::Write;
    use std::os::fd::AsFd;
    if name.contains('/') || name.starts_with('.') {
        return;
    }
    let from = work.join(name);
    let Ok(meta) = std::fs::symlink_metadata(&from) else {
        return;
    };
    if !meta.file_type().is_file() {
        return;
    }
    let Ok(bytes) = std::fs::read(&from) else {
        return;
    };
    let Ok(fd) = nix::fcntl::openat(
        to.as_fd(),
        name,
        nix::fcntl::OFlag::O_WRONLY
            | nix::fcntl::OFlag::O_CREAT
            | nix::fcntl::OFlag::O_TRUNC
            | nix::fcntl::OFlag::O_NOFOLLOW
            | nix::fcntl::OFlag::O_CLOEXEC,
        nix::sys::stat::Mode::from_bits_truncate(0o755),
    ) else {
        return;
    };
    let _ = std::fs::File::from(fd).write_all(&bytes);
}
