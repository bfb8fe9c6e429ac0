//! A small seccomp filter for every program, for what the other walls do
//! not hold: the kernel's stores that outlive a run or are shared between
//! sandboxes, through which one run (or seat) could speak to the next (or
//! to its partner). docs/sandbox.md lists every store and how it is held.
//! Refused with EPERM, in every mode:
//! - the key rings (`add_key`, `request_key`, `keyctl`): a user's key ring
//!   lives as long as its user namespace (every run of a helper, and, with
//!   Landlock alone, the grader's own user).
//! - every socket but a Unix one (`socket` of any other family): an IP,
//!   netlink or packet socket moves the network namespace's counters
//!   (`/proc/net/snmp`'s `OutNoRoutes` rose by one a datagram to nowhere,
//!   and every later run of the helper read it); with Landlock alone, UDP
//!   reached the machine's network. A Unix socket dies with its run.
//! - `io_uring`: its operations (a socket, a lock) bypass this filter.
//! - advisory and open-file-description locks and leases (`flock`,
//!   `fcntl`'s lock and lease commands): a lock belongs to the file's inode,
//!   and every sandbox binds the same `/usr`, so a seat that locked one file
//!   per card it held told its partner its hand.
//! - System V IPC and POSIX message queues: with Landlock alone they live in
//!   the machine's IPC namespace, read by the next run and left after
//!   grading; with namespaces their IDs counted the runs before.
//!
//! With Landlock alone, also a file's mode, owner, times and extended
//! attributes: Landlock does not govern them, and the program runs as the
//! grader's user, so it could `chmod 0` the grader's own folders (or, for a
//! grader run as root, the machine's). (With namespaces every path but the
//! run's space is read-only.) A build's linker that cannot mark its output
//! executable does no harm: programs run from the helper's executable copy
//! (program.rs).
//!
//! Written out rather than built with a crate (libseccomp is a C library;
//! seccompiler compiles a JSON policy): some forty fixed instructions.

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

/// Where `struct seccomp_data` holds the call's number, its architecture,
/// and the low 32 bits of its first and second arguments (little-endian:
/// both architectures). An `int` argument is those bits.
const NR: u32 = 0;
const ARCH_AT: u32 = 4;
const ARG0: u32 = 16;
const ARG1: u32 = 24;

/// Refused in every mode: the key rings, io_uring (425–427 on both
/// architectures), `flock`, System V IPC and POSIX message queues.
const STORES: [libc::c_long; 25] = [
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_keyctl,
    425,
    426,
    427,
    libc::SYS_flock,
    libc::SYS_shmget,
    libc::SYS_shmat,
    libc::SYS_shmdt,
    libc::SYS_shmctl,
    libc::SYS_semget,
    libc::SYS_semop,
    libc::SYS_semtimedop,
    libc::SYS_semctl,
    libc::SYS_msgget,
    libc::SYS_msgsnd,
    libc::SYS_msgrcv,
    libc::SYS_msgctl,
    libc::SYS_mq_open,
    libc::SYS_mq_unlink,
    libc::SYS_mq_timedsend,
    libc::SYS_mq_timedreceive,
    libc::SYS_mq_notify,
    libc::SYS_mq_getsetattr,
];

/// `fcntl`'s lock and lease commands (the same numbers on both
/// architectures): F_GETLK, F_SETLK, F_SETLKW, the F_OFD_ three, F_SETLEASE,
/// F_GETLEASE. Reading a lock is refused too: it is how a partner listens.
const LOCK_COMMANDS: [u32; 8] = [5, 6, 7, 36, 37, 38, 1024, 1025];

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

/// Where a jump of the filter goes: the instruction after the
/// architecture check, the allowing end, the refusing end, and the two
/// calls whose argument is read. (Classic BPF jumps only forward.)
#[derive(Clone, Copy, PartialEq, Debug)]
enum Label {
    Calls,
    Allow,
    Deny,
    Socket,
    Fcntl,
}

/// One instruction, a jump's target by label (a false test falls through).
enum Ins {
    Load(u32),
    JumpIfEq(u32, Label),
    JumpIfAtLeast(u32, Label),
    Return(u32),
    /// Names the next instruction.
    Here(Label),
}

/// The filter as written: every check, then the two argument checks.
fn program(refused: &[libc::c_long]) -> Vec<Ins> {
    use Ins::*;
    let mut p = vec![
        Load(ARCH_AT),
        JumpIfEq(ARCH, Label::Calls),
        Return(KILL),
        Here(Label::Calls),
        Load(NR),
        JumpIfAtLeast(X32_BIT, Label::Deny),
    ];
    p.extend(refused.iter().map(|&nr| JumpIfEq(nr as u32, Label::Deny)));
    p.extend([
        JumpIfEq(libc::SYS_socket as u32, Label::Socket),
        JumpIfEq(libc::SYS_fcntl as u32, Label::Fcntl),
        Return(ALLOW),
        Here(Label::Socket),
        Load(ARG0),
        JumpIfEq(libc::AF_UNIX as u32, Label::Allow),
        Return(ERRNO_EPERM),
        Here(Label::Fcntl),
        Load(ARG1),
    ]);
    p.extend(LOCK_COMMANDS.iter().map(|&c| JumpIfEq(c, Label::Deny)));
    p.extend([
        Here(Label::Allow),
        Return(ALLOW),
        Here(Label::Deny),
        Return(ERRNO_EPERM),
    ]);
    p
}

/// Classic BPF from `program`: labels become forward offsets.
fn assemble(p: &[Ins]) -> Vec<libc::sock_filter> {
    let mut at = Vec::new();
    let mut n = 0usize;
    for i in p {
        match i {
            Ins::Here(l) => at.push((*l, n)),
            _ => n += 1,
        }
    }
    let target = |l: Label| at.iter().find(|(m, _)| *m == l).map(|&(_, i)| i);
    let mut out = Vec::with_capacity(n);
    for i in p {
        let here = out.len();
        let jump = |l: Label| {
            let to = target(l).expect("every label is placed");
            let ahead = to.checked_sub(here + 1).expect("every jump is forward");
            u8::try_from(ahead).expect("a filter short enough for 8-bit jumps")
        };
        out.push(match *i {
            Ins::Load(offset) => op(LD_W_ABS, 0, 0, offset),
            Ins::JumpIfEq(k, l) => op(JEQ_K, jump(l), 0, k),
            Ins::JumpIfAtLeast(k, l) => op(JGE_K, jump(l), 0, k),
            Ins::Return(k) => op(RET_K, 0, 0, k),
            Ins::Here(_) => continue,
        });
    }
    out
}

/// A filter program, made by the helper before any run (the program's
/// process only installs it: between clone and exec nothing allocates).
pub struct Filter(Vec<libc::sock_filter>);

impl Filter {
    pub fn new(mode: Mode) -> Filter {
        let mut refused: Vec<libc::c_long> = STORES.to_vec();
        if mode == Mode::Landlock {
            refused.extend(METADATA);
            refused.extend(METADATA_OLD);
        }
        Filter(assemble(&program(&refused)))
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

#[cfg(test)]
mod tests {
    use super::*;

    /// The filter's answer to a call: classic BPF as the kernel runs it,
    /// for the four instructions the filter uses.
    fn decide(f: &Filter, arch: u32, nr: u32, args: [u32; 2]) -> u32 {
        let word = |at: u32| match at {
            NR => nr,
            ARCH_AT => arch,
            ARG0 => args[0],
            ARG1 => args[1],
            _ => panic!("loads {at}"),
        };
        let (mut pc, mut acc) = (0usize, 0u32);
        loop {
            let i = f.0[pc];
            pc += 1;
            match i.code {
                LD_W_ABS => acc = word(i.k),
                JEQ_K => pc += usize::from(if acc == i.k { i.jt } else { i.jf }),
                JGE_K => pc += usize::from(if acc >= i.k { i.jt } else { i.jf }),
                RET_K => return i.k,
                c => panic!("opcode {c}"),
            }
        }
    }

    #[test]
    fn the_filter_refuses_the_stores_and_allows_the_rest() {
        let f = Filter::new(Mode::Namespaces);
        let call = |nr: libc::c_long, a: [u32; 2]| decide(&f, ARCH, nr as u32, a);
        assert_eq!(call(libc::SYS_write, [1, 0]), ALLOW);
        assert_eq!(call(libc::SYS_keyctl, [0, 0]), ERRNO_EPERM);
        assert_eq!(call(libc::SYS_socket, [libc::AF_UNIX as u32, 1]), ALLOW);
        for family in [
            libc::AF_INET,
            libc::AF_INET6,
            libc::AF_NETLINK,
            libc::AF_PACKET,
        ] {
            assert_eq!(call(libc::SYS_socket, [family as u32, 2]), ERRNO_EPERM);
        }
        assert_eq!(call(libc::SYS_fcntl, [3, libc::F_GETFD as u32]), ALLOW);
        assert_eq!(call(libc::SYS_fcntl, [3, libc::F_SETFL as u32]), ALLOW);
        for cmd in [
            libc::F_SETLK,
            libc::F_SETLKW,
            libc::F_GETLK,
            libc::F_OFD_SETLK,
        ] {
            assert_eq!(call(libc::SYS_fcntl, [3, cmd as u32]), ERRNO_EPERM);
        }
        for nr in [libc::SYS_flock, libc::SYS_shmget, libc::SYS_mq_open, 425] {
            assert_eq!(call(nr, [0, 0]), ERRNO_EPERM);
        }
        // Metadata only with Landlock alone.
        assert_eq!(call(libc::SYS_fchmod, [3, 0]), ALLOW);
        let l = Filter::new(Mode::Landlock);
        assert_eq!(
            decide(&l, ARCH, libc::SYS_fchmod as u32, [3, 0]),
            ERRNO_EPERM
        );
        assert_eq!(decide(&l, ARCH, libc::SYS_read as u32, [3, 0]), ALLOW);
        // Another architecture's entry, and x32's calls.
        assert_eq!(decide(&f, 0x4000_0003, libc::SYS_read as u32, [0, 0]), KILL);
        assert_eq!(call(X32_BIT as libc::c_long | 1, [0, 0]), ERRNO_EPERM);
    }
}
