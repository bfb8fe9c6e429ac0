//! A small seccomp filter for every program, for what the other walls do
//! not hold:
//! - the kernel's key rings: the one store a program can write that
//!   outlives all its processes and that no folder, namespace or control
//!   group of the sandbox holds (a user's key ring lives as long as its
//!   user namespace: every run of a helper, and, with Landlock alone, the
//!   grader's own user). A key left by one run would be read by the next:
//!   `add_key`, `request_key` and `keyctl` fail with EPERM.
//! - with Landlock alone, a file's mode, owner, times and extended
//!   attributes: Landlock does not govern them, and the program runs as the
//!   grader's user, so it could `chmod 0` the grader's own folders (or, for
//!   a grader run as root, the machine's). Those calls fail with EPERM
//!   there. (With namespaces every path but the run's space is read-only.)
//!   A build's linker that cannot mark its output executable does no harm:
//!   programs run from the helper's executable copy (program.rs).
//!
//! Nothing else is filtered. Written out rather than built with a crate:
//! a dozen fixed instructions.

use super::Mode;

/// The architecture the filter was written for (`AUDIT_ARCH_*`): a system
/// call made under another one (x86-64's 32-bit entry) ends the program.
#[cfg(target_arch = "x86_64")]
const ARCH: u32 = 0xc000_003e;
#[cfg(target_arch = "aarch64")]
const ARCH: u32 = 0xc000_00b7;
#[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
const ARCH: u32 = 0;

const LD_W_ABS: u16 = 0x20; // BPF_LD | BPF_W | BPF_ABS
const JEQ_K: u16 = 0x15; // BPF_JMP | BPF_JEQ | BPF_K
const JGE_K: u16 = 0x35; // BPF_JMP | BPF_JGE | BPF_K
const RET_K: u16 = 0x06; // BPF_RET | BPF_K
const ALLOW: u32 = 0x7fff_0000; // SECCOMP_RET_ALLOW
const ERRNO_EPERM: u32 = 0x0005_0000 | libc::EPERM as u32; // SECCOMP_RET_ERRNO
const KILL: u32 = 0x8000_0000; // SECCOMP_RET_KILL_PROCESS
/// x86-64's x32 system calls carry this bit: refused like the others.
const X32_BIT: u32 = 0x4000_0000;

/// The key rings' calls: refused in every mode.
const KEYS: [libc::c_long; 3] = [libc::SYS_add_key, libc::SYS_request_key, libc::SYS_keyctl];

/// What changes a file's metadata (Landlock alone). `fchmodat2` (452),
/// `setxattrat` (463) and `removexattrat` (466) are newer than the libc
/// crate's lists; their numbers are the same on both architectures.
const METADATA: [libc::c_long; 14] = [
    libc::SYS_fchmod,
    libc::SYS_fchmodat,
    452,
    libc::SYS_fchown,
    libc::SYS_fchownat,
    libc::SYS_setxattr,
    libc::SYS_lsetxattr,
    libc::SYS_fsetxattr,
    463,
    libc::SYS_removexattr,
    libc::SYS_lremovexattr,
    libc::SYS_fremovexattr,
    466,
    libc::SYS_utimensat,
];

/// The older path calls x86-64 still has (aarch64 has only the *at forms).
#[cfg(target_arch = "x86_64")]
const METADATA_OLD: [libc::c_long; 6] = [
    libc::SYS_chmod,
    libc::SYS_chown,
    libc::SYS_lchown,
    libc::SYS_utime,
    libc::SYS_utimes,
    libc::SYS_futimesat,
];
#[cfg(not(target_arch = "x86_64"))]
const METADATA_OLD: [libc::c_long; 0] = [];

const fn op(code: u16, jt: u8, jf: u8, k: u32) -> libc::sock_filter {
    libc::sock_filter { code, jt, jf, k }
}

/// A filter program, made by the helper before any run (the program's
/// process only installs it: between clone and exec nothing allocates).
pub struct Filter(Vec<libc::sock_filter>);

impl Filter {
    pub fn new(mode: Mode) -> Filter {
        let mut refused: Vec<libc::c_long> = KEYS.to_vec();
        if mode == Mode::Landlock {
            refused.extend(METADATA);
            refused.extend(METADATA_OLD);
        }
        // Checks, then ALLOW at n - 2 and EPERM at n - 1.
        let n = 5 + refused.len() + 2;
        let deny = n - 1;
        let mut p = vec![
            op(LD_W_ABS, 0, 0, 4),
            op(JEQ_K, 1, 0, ARCH),
            op(RET_K, 0, 0, KILL),
            op(LD_W_ABS, 0, 0, 0),
            op(JGE_K, (deny - 5) as u8, 0, X32_BIT),
        ];
        for nr in refused {
            let at = p.len();
            p.push(op(JEQ_K, (deny - at - 1) as u8, 0, nr as u32));
        }
        p.push(op(RET_K, 0, 0, ALLOW));
        p.push(op(RET_K, 0, 0, ERRNO_EPERM));
        debug_assert_eq!(p.len(), n);
        Filter(p)
    }

    /// Installs the filter on the calling process (and what it execs).
    /// Needs `no_new_privs` set first. System calls only: safe between
    /// clone and exec. Returns whether the kernel took it.
    pub fn install(&self) -> bool {
        if ARCH == 0 {
            return true;
        }
        let prog = libc::sock_fprog {
            len: self.0.len() as u16,
            filter: self.0.as_ptr() as *mut libc::sock_filter,
        };
        // SAFETY: a filter program the kernel copies before returning.
        unsafe {
            libc::prctl(
                libc::PR_SET_SECCOMP,
                libc::SECCOMP_MODE_FILTER,
                &prog as *const libc::sock_fprog,
            ) == 0
        }
    }
}
