//! The worker's writable space and IPC namespace, and what is reset
//! between two runs: the space, the PID counter and the IPC objects.

use std::path::Path;

use super::Ipc;
use super::files::collect_output;
use crate::linux::jail::renew_space;
use crate::linux::space::{WORK, space_full};
use crate::linux::wire::FromHelper;

/// The worker's writable space and IPC namespace, with namespaces.
pub(super) struct Space<'a> {
    /// The grader's run directory (an output to collect goes there).
    inputs: Option<&'a std::fs::File>,
    ipc: Ipc,
    no_queues: Option<u64>,
    /// The size of each run's new space, in bytes (0: the kernel's default).
    disk: u64,
}

impl<'a> Space<'a> {
    pub(super) fn new(ipc: Ipc, inputs: Option<&'a std::fs::File>, disk: u64) -> Space<'a> {
        let no_queues = (ipc == Ipc::Emptied).then(queues_size).flatten();
        Space {
            inputs,
            ipc,
            no_queues,
            disk,
        }
    }

    /// With namespaces the run's writable space is replaced by a new one
    /// (what it wrote is nobody's, and no count of its files remains)
    /// before the grader hears of the end: one message, and the grader
    /// never waits for a second. A space that cannot be replaced gets the
    /// next run a new helper.
    pub(super) fn after(&self, status: i32, collect: Option<&str>) -> FromHelper {
        let disk_full = space_full(Path::new(WORK));
        if let (Some(name), Some(dir)) = (collect, self.inputs) {
            collect_output(Path::new(WORK), name, dir);
        }
        // The run's IPC objects go too (no process of it is left).
        if self.ipc == Ipc::Emptied {
            empty_ipc(self.no_queues);
        }
        let clean = renew_space(self.disk).is_ok();
        FromHelper::Exited {
            status,
            disk_full,
            clean,
        }
    }
}

/// The PID namespace's last process ID, set before each run so every
/// program is process 2 and its children 3, 4…: an ID that grew with each
/// run would count the runs before it (and carry a number from one run to
/// the next). PID 1 is root in the namespace's user namespace, which may.
pub(super) struct LastPid(std::fs::File);

impl LastPid {
    pub(super) fn open() -> Option<LastPid> {
        std::fs::OpenOptions::new()
            .write(true)
            .open("/proc/sys/kernel/ns_last_pid")
            .ok()
            .map(LastPid)
    }

    pub(super) fn reset(&self) {
        use std::os::unix::fs::FileExt;
        let _ = self.0.write_at(b"1", 0);
    }
}

/// Removes every System V object and POSIX message queue in this IPC
/// namespace. Every process of the last run is dead and reaped, so nothing
/// is attached; PID 1 is root of the namespace's user namespace and may.
pub(super) fn empty_ipc(no_queues: Option<u64>) {
    if ipc_objects() == 0 && no_queues.is_some_and(|n| queues_size() == Some(n)) {
        return;
    }
    for file in [
        "/proc/sysvipc/shm",
        "/proc/sysvipc/sem",
        "/proc/sysvipc/msg",
    ] {
        let Ok(text) = std::fs::read_to_string(file) else {
            continue;
        };
        // A header line, then one object a line: its key, then its id.
        let ids = text
            .lines()
            .skip(1)
            .filter_map(|l| l.split_whitespace().nth(1)?.parse().ok());
        for id in ids {
            // SAFETY: IPC_RMID on an id of this namespace; no buffer is read.
            unsafe {
                match file {
                    "/proc/sysvipc/shm" => libc::shmctl(id, libc::IPC_RMID, std::ptr::null_mut()),
                    "/proc/sysvipc/sem" => libc::semctl(id, 0, libc::IPC_RMID),
                    _ => libc::msgctl(id, libc::IPC_RMID, std::ptr::null_mut()),
                };
            }
        }
    }
    crate::linux::space::empty_dir(Path::new("/dev/mqueue"));
}

/// How many System V objects this IPC namespace holds, by the kernel's own
/// counts (one call each, no file read): almost every run leaves none.
pub(super) fn ipc_objects() -> i64 {
    // The kernel's `struct shm_info`, `struct seminfo` and `struct msginfo`
    // (their *_INFO forms): the counts of objects in use. Written here: the
    // libc crate has no shm_info, and seminfo for glibc only (musl builds).
    #[repr(C)]
    #[derive(Default)]
    struct ShmInfo {
        used_ids: libc::c_int,
        shm_tot: libc::c_ulong,
        shm_rss: libc::c_ulong,
        shm_swp: libc::c_ulong,
        swap_attempts: libc::c_ulong,
        swap_successes: libc::c_ulong,
    }
    #[repr(C)]
    #[derive(Default)]
    struct SemInfo {
        semmap: libc::c_int,
        semmni: libc::c_int,
        semmns: libc::c_int,
        semmnu: libc::c_int,
        semmsl: libc::c_int,
        semopm: libc::c_int,
        semume: libc::c_int,
        semusz: libc::c_int,
        semvmx: libc::c_int,
        semaem: libc::c_int,
    }
    #[repr(C)]
    #[derive(Default)]
    struct MsgInfo {
        msgpool: libc::c_int,
        msgmap: libc::c_int,
        msgmax: libc::c_int,
        msgmnb: libc::c_int,
        msgmni: libc::c_int,
        msgssz: libc::c_int,
        msgtql: libc::c_int,
        msgseg: libc::c_ushort,
    }
    const SHM_INFO: libc::c_int = 14;
    const SEM_INFO: libc::c_int = 19;
    const MSG_INFO: libc::c_int = 12;
    let (mut shm, mut sem, mut msg) = (ShmInfo::default(), SemInfo::default(), MsgInfo::default());
    // SAFETY: each call fills the struct it is given (the kernel's layout);
    // a failure leaves a count of -1, which is not 0.
    unsafe {
        if libc::shmctl(0, SHM_INFO, (&raw mut shm).cast()) < 0 {
            shm.used_ids = -1;
        }
        if libc::semctl(0, 0, SEM_INFO, &raw mut sem) < 0 {
            sem.semusz = -1;
        }
        if libc::msgctl(0, MSG_INFO, (&raw mut msg).cast()) < 0 {
            msg.msgpool = -1;
        }
    }
    i64::from(shm.used_ids).abs() + i64::from(sem.semusz).abs() + i64::from(msg.msgpool).abs()
}

/// The size of /dev/mqueue: the kernel adds a fixed amount for each queue
/// and takes it away when the queue goes, so the size it has with no queue
/// (read when the namespace is new) says it holds none without a listing.
/// (It is not 0 when empty: 40 bytes here.)
pub(super) fn queues_size() -> Option<u64> {
    std::fs::metadata("/dev/mqueue").ok().map(|m| m.len())
}
