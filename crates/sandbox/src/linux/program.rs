//! The program file as a run sees it. The grader sends the file it built or
//! was given (a path such as `…/lib-v3-check.exe` or a student's folder):
//! executed from that descriptor, `/proc/self/exe` would name it, and a
//! unit test could tell the correct solution from a bug by its file's name
//! alone. So each run executes a copy in a memory file named `program`,
//! sealed so no run can change it, its times set to the epoch: every
//! program's `/proc/self/exe` reads `/memfd:program (deleted)`. A new copy
//! is made when the grader sends another file; runs of one file share it.

use std::os::fd::{AsFd, AsRawFd, OwnedFd};

/// What every copy is named (`/memfd:NAME`).
const NAME: &std::ffi::CStr = c"program";

/// The copy of the last file sent, and which file it was.
#[derive(Default)]
pub struct Program {
    copy: Option<(Source, OwnedFd)>,
    /// The kernel refused an executable memory file (`vm.memfd_noexec=2`):
    /// programs run from the grader's descriptor.
    refused: bool,
}

/// A file told apart from another by the kernel's identity and its last
/// change (the grader rebuilds programs in place).
#[derive(Clone, Copy, PartialEq, Eq)]
struct Source {
    dev: u64,
    ino: u64,
    size: i64,
    mtime: (i64, i64),
    ctime: (i64, i64),
}

impl Program {
    /// The descriptor to execute for `exe`: its sealed copy, with `true`;
    /// or `exe` itself (`false`) where the kernel makes no executable
    /// memory file.
    pub fn load(&mut self, exe: OwnedFd) -> std::io::Result<(OwnedFd, bool)> {
        if self.refused {
            return Ok((exe, false));
        }
        let st = nix::sys::stat::fstat(exe.as_fd())?;
        let source = Source {
            dev: st.st_dev,
            ino: st.st_ino,
            size: st.st_size,
            mtime: (st.st_mtime, st.st_mtime_nsec),
            ctime: (st.st_ctime, st.st_ctime_nsec),
        };
        if let Some((s, fd)) = &self.copy
            && *s == source
        {
            return Ok((fd.try_clone()?, true));
        }
        self.copy = None;
        let Some(copy) = memfd()? else {
            self.refused = true;
            return Ok((exe, false));
        };
        fill(&copy, &exe, st.st_size)?;
        let out = copy.try_clone()?;
        self.copy = Some((source, copy));
        Ok((out, true))
    }
}

/// A new executable memory file, or None where the kernel refuses one.
fn memfd() -> std::io::Result<Option<OwnedFd>> {
    use std::os::fd::FromRawFd;
    // MFD_EXEC asks for an executable file where `vm.memfd_noexec` is 1;
    // kernels older than 6.3 do not know the flag (EINVAL).
    const MFD_EXEC: libc::c_uint = 0x10;
    let base = libc::MFD_CLOEXEC | libc::MFD_ALLOW_SEALING;
    for flags in [base | MFD_EXEC, base] {
        // SAFETY: a name and flags; the kernel returns a new descriptor.
        let fd = unsafe { libc::memfd_create(NAME.as_ptr(), flags) };
        if fd >= 0 {
            // SAFETY: a descriptor this process just made and owns alone.
            return Ok(Some(unsafe { OwnedFd::from_raw_fd(fd) }));
        }
        match std::io::Error::last_os_error().raw_os_error() {
            Some(libc::EINVAL) => continue,
            Some(libc::EACCES | libc::EPERM) => return Ok(None),
            _ => return Err(std::io::Error::last_os_error()),
        }
    }
    Ok(None)
}

/// Copies `size` bytes of `exe` into `copy`, sets its times to the epoch
/// (no run learns when its program was built or first run) and seals it.
fn fill(copy: &OwnedFd, exe: &OwnedFd, size: i64) -> std::io::Result<()> {
    let mut offset: libc::off_t = 0;
    while offset < size {
        let left = (size - offset).min(1 << 30) as usize;
        // SAFETY: two open descriptors and an offset this function owns.
        let n = unsafe { libc::sendfile(copy.as_raw_fd(), exe.as_raw_fd(), &mut offset, left) };
        match n {
            0 => break,
            n if n < 0 => {
                let e = std::io::Error::last_os_error();
                if e.kind() != std::io::ErrorKind::Interrupted {
                    return Err(e);
                }
            }
            _ => {}
        }
    }
    let epoch = [libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    }; 2];
    // SAFETY: futimens and fcntl on a descriptor this process owns.
    unsafe {
        if libc::futimens(copy.as_raw_fd(), epoch.as_ptr()) != 0 {
            return Err(std::io::Error::last_os_error());
        }
        let seals =
            libc::F_SEAL_WRITE | libc::F_SEAL_GROW | libc::F_SEAL_SHRINK | libc::F_SEAL_SEAL;
        if libc::fcntl(copy.as_raw_fd(), libc::F_ADD_SEALS, seals) != 0 {
            return Err(std::io::Error::last_os_error());
        }
    }
    Ok(())
}
