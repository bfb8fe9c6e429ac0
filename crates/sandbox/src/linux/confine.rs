//! What a program's own process gets just before exec: Landlock rules and,
//! inside the namespaces, no capabilities.

use std::os::fd::{BorrowedFd, OwnedFd};
use std::path::Path;

use landlock::{
    ABI, Access, AccessFs, AccessNet, PathBeneath, Ruleset, RulesetAttr, RulesetCreatedAttr, Scope,
    make_bitflags, path_beneath_rules,
};

use super::Mode;

/// The newest Landlock ABI upcard asks for (v6: signal and abstract socket
/// scopes). Older kernels get what they support (best effort).
const ABI_WANTED: ABI = ABI::V6;

/// Read-only paths when Landlock is the only wall, besides the system's
/// (`SYSTEM_DIRS`).
const ALSO_READ: [&str; 2] = ["/etc", "/proc"];
const DEVICES: [&str; 5] = [
    "/dev/null",
    "/dev/zero",
    "/dev/full",
    "/dev/random",
    "/dev/urandom",
];

/// Files: read everywhere the namespaces show (or only the system's paths
/// without them), write only the run directory (and /tmp in the namespaces).
/// Network: no TCP bind or connect. Scopes: no signal and no abstract Unix
/// socket outside the run. The program file `exe` (which may live anywhere)
/// may be read and executed; a memory file needs no rule. The ruleset is made here, by the helper; the
/// program's process only enforces it (`landlock_restrict_self`). None when
/// the kernel has no Landlock (then the namespaces are the only wall); an
/// errno on failure.
pub fn ruleset(mode: Mode, work: &Path, exe: Option<BorrowedFd>) -> Result<Option<OwnedFd>, i32> {
    let abi = ABI_WANTED;
    let read_roots: Vec<&str> = match mode {
        Mode::Namespaces => vec!["/"],
        Mode::Landlock => super::SYSTEM_DIRS
            .iter()
            .chain(&ALSO_READ)
            .copied()
            .collect(),
    };
    let mut writable = vec![work.to_string_lossy().into_owned()];
    if mode == Mode::Namespaces {
        writable.extend(["/tmp".to_string(), "/dev/shm".to_string()]);
    }
    let created = Ruleset::default()
        .handle_access(AccessFs::from_all(abi))
        .and_then(|r| r.handle_access(AccessNet::from_all(abi)))
        .and_then(|r| r.scope(Scope::from_all(abi)))
        .and_then(|r| r.create())
        .and_then(|r| r.add_rules(path_beneath_rules(read_roots, AccessFs::from_read(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules(DEVICES, AccessFs::from_all(abi))))
        .and_then(|r| r.add_rules(path_beneath_rules(&writable, AccessFs::from_all(abi))))
        .and_then(|r| match exe {
            Some(exe) => r.add_rule(PathBeneath::new(
                exe,
                make_bitflags!(AccessFs::{Execute | ReadFile}),
            )),
            None => Ok(r),
        })
        .map_err(|_| libc::EPERM)?;
    let fd: Option<OwnedFd> = created.into();
    // Without namespaces, Landlock is the only wall: it must hold.
    if mode == Mode::Landlock && fd.is_none() {
        return Err(libc::ENOSYS);
    }
    Ok(fd)
}

/// Empties this process's bounding set, and so that of every process it
/// starts: nothing it execs can gain a capability. The helper does it once,
/// before its first run (it never execs itself).
pub fn drop_bounding_set() {
    // SAFETY: prctl on this process only.
    unsafe {
        // Up to the kernel's last capability: it refuses the next number.
        for cap in 0..64 {
            if libc::prctl(libc::PR_CAPBSET_DROP, cap, 0, 0, 0) != 0 {
                break;
            }
        }
    }
}

/// The program is root only in its own user namespace; it keeps none of that
/// namespace's capabilities either, across exec included (the helper emptied
/// the bounding set it inherits: [`drop_bounding_set`]).
pub fn drop_capabilities() {
    // SAFETY: prctl and capset on this process only.
    unsafe {
        libc::prctl(
            libc::PR_CAP_AMBIENT,
            libc::PR_CAP_AMBIENT_CLEAR_ALL,
            0,
            0,
            0,
        );
        #[repr(C)]
        struct Header {
            version: u32,
            pid: i32,
        }
        #[repr(C)]
        struct Data {
            effective: u32,
            permitted: u32,
            inheritable: u32,
        }
        let header = Header {
            version: 0x2008_0522, // _LINUX_CAPABILITY_VERSION_3
            pid: 0,
        };
        let data = [
            Data {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
            Data {
                effective: 0,
                permitted: 0,
                inheritable: 0,
            },
        ];
        libc::syscall(libc::SYS_capset, &header, data.as_ptr());
    }
}

/// Whether this kernel enforces Landlock at all.
pub fn landlock_available() -> bool {
    // SAFETY: the version query takes no pointers.
    let v = unsafe {
        libc::syscall(
            libc::SYS_landlock_create_ruleset,
            std::ptr::null::<u8>(),
            0usize,
            1u32,
        )
    };
    v >= 1
}
